// SPDX-License-Identifier: MIT
#pragma once

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QKeySequence>
#include <QList>
#include <QString>
#include <QWidget>

#include <span>

/// The actions of a window found again by their object names ("play", "zoomIn", ...): the main window
/// and the compare window keep theirs in a list, and set their texts when the language changes.
namespace hw::ui::namedactions {

/// Makes an action of window with a name and shortcuts (for the whole window), adds it to actions.
inline QAction* add(QWidget* window, QList<QAction*>& actions, const QString& name, const QString& text,
    const QList<QKeySequence>& keys)
{
    auto* action = new QAction(text, window);
    action->setObjectName(name);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    window->addAction(action);
    actions.append(action);
    return action;
}

/// The action of that name in actions, or nullptr.
inline QAction* find(const QList<QAction*>& actions, const QString& name)
{
    for (QAction* action : actions) {
        if (action->objectName() == name)
            return action;
    }
    return nullptr;
}

/// The texts of a named action: its text, then its tool tip and the short text of the timeline's
/// buttons where they differ (null: none). Untranslated, marked with QT_TRANSLATE_NOOP.
struct Texts {
    const char* name;
    const char* text;
    const char* toolTip;
    const char* iconText;
};

/// Sets the texts of the actions in the table, translated in context. "|<" and ">|" are drawn
/// arrows, the same in every language.
inline void applyTexts(const QList<QAction*>& actions, std::span<const Texts> table, const char* context)
{
    for (const Texts& t : table) {
        QAction* a = find(actions, QString::fromLatin1(t.name));
        if (!a)
            continue;
        a->setText(QCoreApplication::translate(context, t.text));
        if (t.toolTip)
            a->setToolTip(QCoreApplication::translate(context, t.toolTip));
        if (t.iconText)
            a->setIconText(t.iconText[0] == '|' || t.iconText[0] == '>'
                    ? QString::fromLatin1(t.iconText)
                    : QCoreApplication::translate(context, t.iconText));
    }
}

/// The view switch both windows have: "partitionView" (Ctrl+1) and "clusterView" (Ctrl+2), checkable
/// and exclusive, made with the window's own `add(name, keys)` and connected to the two callbacks.
template <typename Add, typename OnPartition, typename OnCluster>
void addViewSwitch(QObject* parent, Add add, OnPartition onPartition, OnCluster onCluster)
{
    auto* views = new QActionGroup(parent);
    QAction* partitionView = add(QStringLiteral("partitionView"), { QKeySequence(Qt::CTRL | Qt::Key_1) });
    QAction* clusterView = add(QStringLiteral("clusterView"), { QKeySequence(Qt::CTRL | Qt::Key_2) });
    for (QAction* a : { partitionView, clusterView }) {
        a->setCheckable(true);
        views->addAction(a);
    }
    QObject::connect(partitionView, &QAction::triggered, parent, onPartition);
    QObject::connect(clusterView, &QAction::triggered, parent, onCluster);
}

} // namespace hw::ui::namedactions
