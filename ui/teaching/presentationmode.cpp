// SPDX-License-Identifier: MIT
#include "teaching/presentationmode.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QPalette>
#include <QStatusBar>
#include <QTimer>

namespace hw::ui {

namespace {

/// The narration's share of the screen's width while presenting, in percent.
constexpr int narrationShare = 27;

} // namespace

PresentationMode::PresentationMode(QMainWindow* window, QList<QDockWidget*> keep, QWidget* view)
    : QObject(window), m_window(window), m_keep(std::move(keep)), m_view(view), m_blank(new QWidget(view))
{
    // The blank screen is a plain black cover over the drawing, like a presenter remote's "B".
    m_blank->setObjectName(QStringLiteral("blankScreen"));
    m_blank->setAutoFillBackground(true);
    QPalette black = m_blank->palette();
    black.setColor(QPalette::Window, Qt::black);
    m_blank->setPalette(black);
    m_blank->hide();
    m_view->installEventFilter(this);
    m_window->installEventFilter(this);
}

void PresentationMode::fitNarration()
{
    // The drawing is what the room looks at: the narration keeps a column of about a quarter.
    if (m_keep.size() > 1)
        m_window->resizeDocks({ m_keep[1] }, { m_window->width() * narrationShare / 100 }, Qt::Horizontal);
}

bool PresentationMode::isBlanked() const
{
    return !m_blank->isHidden();
}

void PresentationMode::setBlanked(bool blanked)
{
    if (blanked) {
        m_blank->setGeometry(m_view->rect());
        m_blank->raise();
        m_blank->show();
    } else {
        m_blank->hide();
    }
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::Resize)
        m_blank->setGeometry(m_view->rect());
    // Going full screen resizes the window later, on most platforms: fit the narration again then.
    // The main window lays its docks out for the new size after this event: fit once that is done.
    if (watched == m_window && event->type() == QEvent::Resize && m_active)
        QTimer::singleShot(0, this, [this] {
            if (m_active)
                fitNarration();
        });
    return QObject::eventFilter(watched, event);
}

void PresentationMode::scaleFonts(QWidget* root)
{
    // Labels, buttons and lists set their own fonts (the narration's are already enlarged), so each
    // is scaled from what it has, and put back as it was on leaving.
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : std::as_const(widgets)) {
        if (!qobject_cast<QLabel*>(w) && !qobject_cast<QAbstractButton*>(w) && !qobject_cast<QComboBox*>(w))
            continue;
        m_fonts.insert(w, w->font());
        m_scaledWidgets.insert(w, QPointer<QWidget>(w));
        QFont f = w->font();
        if (f.pointSizeF() > 0)
            f.setPointSizeF(f.pointSizeF() * fontScale);
        else
            f.setPixelSize(qRound(f.pixelSize() * fontScale));
        w->setFont(f);
    }
}

void PresentationMode::enter()
{
    if (m_active)
        return;
    m_active = true;
    m_windowState = m_window->windowState();
    m_dockState = m_window->saveState();
    m_menuBarVisible = !m_window->menuBar()->isHidden();
    m_statusBarVisible = !m_window->statusBar()->isHidden();
    m_theme = theme::current();

    m_hiddenDocks.clear();
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
        if (m_keep.contains(dock)) {
            dock->show();
            continue;
        }
        if (!dock->isHidden()) {
            m_hiddenDocks.append(dock);
            dock->hide();
        }
    }
    m_window->menuBar()->hide();
    m_window->statusBar()->hide();
    for (QDockWidget* dock : std::as_const(m_keep))
        scaleFonts(dock);

    theme::apply(theme::Theme::HighContrast);
    theme::setLineScale(lineScale);
    theme::applyToApplication();
    emit themeChanged();
    m_window->showFullScreen();
    fitNarration();
    // Keys go to the drawing, not to a dock's field, so PageUp/PageDown and '.' always reach the window.
    m_view->setFocus();
    emit activeChanged(true);
}

void PresentationMode::leave()
{
    if (!m_active)
        return;
    m_active = false;
    setBlanked(false);
    for (auto it = m_fonts.cbegin(); it != m_fonts.cend(); ++it) {
        if (QWidget* w = m_scaledWidgets.value(it.key()))
            w->setFont(it.value());
    }
    m_fonts.clear();
    m_scaledWidgets.clear();
    theme::setLineScale(1.0);
    theme::apply(m_theme);
    theme::applyToApplication();
    emit themeChanged();

    m_window->setWindowState(m_windowState);
    if (!(m_windowState & (Qt::WindowFullScreen | Qt::WindowMaximized | Qt::WindowMinimized)))
        m_window->showNormal();
    m_window->menuBar()->setVisible(m_menuBarVisible);
    m_window->statusBar()->setVisible(m_statusBarVisible);
    for (const QPointer<QDockWidget>& dock : std::as_const(m_hiddenDocks)) {
        if (dock)
            dock->show();
    }
    m_hiddenDocks.clear();
    m_window->restoreState(m_dockState);
    emit activeChanged(false);
}

} // namespace hw::ui
