// SPDX-License-Identifier: MIT
#include "shell/shortcutsdialog.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace hw::ui::shortcuts {

// The texts are the main window's (the compare window shares them): one translation for both.

QList<Row> list(const QWidget& window, const QList<Row>& extra)
{
    QList<Row> rows;
    QList<QAction*> seen;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->shortcuts().isEmpty() || seen.contains(a))
            continue;
        seen.append(a);
        QStringList keys;
        for (const QKeySequence& key : a->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        QString text = a->text();
        text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        rows.append({ text,
            keys.join(QCoreApplication::translate("hw::ui::MainWindow", " or ", "between two keys of one shortcut")) });
    }
    rows.append(extra);
    return rows;
}

void showDialog(QWidget* window, const QList<Row>& rows)
{
    auto* dialog = new QDialog(window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->setWindowTitle(QCoreApplication::translate("hw::ui::MainWindow", "Keyboard shortcuts"));
    auto* layout = new QVBoxLayout(dialog);
    auto* table = new QTreeWidget(dialog);
    table->setObjectName(QStringLiteral("shortcutsList"));
    table->setColumnCount(2);
    table->setHeaderLabels({ QCoreApplication::translate("hw::ui::MainWindow", "Command"),
        QCoreApplication::translate("hw::ui::MainWindow", "Keys") });
    table->setRootIsDecorated(false);
    for (const auto& [command, keys] : rows)
        table->addTopLevelItem(new QTreeWidgetItem(QStringList { command, keys }));
    table->resizeColumnToContents(0);
    table->resizeColumnToContents(1);
    layout->addWidget(table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    const int wanted = table->columnWidth(0) + table->columnWidth(1) + 60;
    dialog->resize(std::min(wanted, window->width() - 40), std::min(640, window->height() - 40));
    dialog->open();
}

} // namespace hw::ui::shortcuts
