// SPDX-License-Identifier: MIT
#include "teaching/presentationmode.h"

#include "scene/framescene.h"
#include "scene/frameview.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QLayout>
#include <QMainWindow>
#include <QMenuBar>
#include <QPalette>
#include <QScrollArea>
#include <QStatusBar>
#include <QTimer>

#include <cmath>

namespace hw::ui {

namespace {

/// The narration's share of the screen's width while presenting, in percent.
constexpr int narrationShare = 30;
/// The steps by which the narration's text shrinks from fontScale until it is whole.
constexpr int narrationFitSteps = 16;
/// How many times the drawing's text floor is raised to the fitted scale before it is left where it is.
constexpr int drawingFitRoundsMax = 12;
/// The smallest the narration's text gets, relative to its usual size (which is already 1.25 to
/// 1.35 times the window's font): still about 16 px, and whole rather than cut.
constexpr qreal narrationScaleMin = 0.85;

} // namespace

PresentationMode::PresentationMode(QMainWindow* window, QList<QDockWidget*> keep, FrameView* view)
    : QObject(window), m_window(window), m_keep(std::move(keep)), m_view(view), m_blank(new QWidget(window))
{
    // The blank screen is a plain black cover over the whole window (drawing, docks and bars), like
    // a presenter remote's "B": a room that should look at the teacher sees nothing else.
    m_blank->setObjectName(QStringLiteral("blankScreen"));
    m_blank->setAutoFillBackground(true);
    QPalette black = m_blank->palette();
    black.setColor(QPalette::Window, Qt::black);
    m_blank->setPalette(black);
    m_blank->hide();
    m_window->installEventFilter(this);
    m_view->installEventFilter(this);
    // Another frame or view may lay the drawing out larger, and so fit it smaller: its text grows.
    // Queued: the scene is still inside setFrame() when it says so.
    connect(m_view->frameScene(), &FrameScene::layoutChanged, this, &PresentationMode::fitDrawingText,
        Qt::QueuedConnection);
    if (m_keep.size() > 1)
        if (auto* scroll = m_keep[1]->findChild<QScrollArea*>()) {
            scroll->widget()->installEventFilter(this);
            scroll->viewport()->installEventFilter(this);
        }
}

void PresentationMode::fitNarrationText()
{
    if (m_keep.size() < 2 || m_fitting)
        return;
    auto* scroll = m_keep[1]->findChild<QScrollArea*>();
    if (!scroll || !scroll->widget() || !scroll->widget()->layout())
        return;
    m_fitting = true;
    QWidget* content = scroll->widget();
    const QList<QLabel*> labels = content->findChildren<QLabel*>();
    // From the largest size down, the first at which everything shows without scrolling.
    const int width = scroll->viewport()->width();
    const int height = scroll->viewport()->height();
    for (int step = 0; step <= narrationFitSteps; ++step) {
        const qreal scale = fontScale - (fontScale - narrationScaleMin) * step / narrationFitSteps;
        for (QLabel* label : labels) {
            if (!m_fonts.contains(label))
                continue;
            QFont f = m_fonts.value(label);
            if (f.pointSizeF() > 0)
                f.setPointSizeF(f.pointSizeF() * scale);
            else
                f.setPixelSize(qRound(f.pixelSize() * scale));
            if (label->font() != f)
                label->setFont(f);
        }
        content->layout()->invalidate();
        if (content->layout()->totalHeightForWidth(width) <= height)
            break;
    }
    m_fitting = false;
}

void PresentationMode::fitDrawingText()
{
    if (!m_active || m_fittingDrawing)
        return;
    m_fittingDrawing = true;
    FrameScene* scene = m_view->frameScene();
    if (m_fittedView != static_cast<int>(scene->viewKind())) {
        m_fittedView = static_cast<int>(scene->viewKind());
        if (theme::textSizeMin() > 0) {
            theme::setTextSizeMin(0);
            scene->applyTheme();
        }
    }
    // Larger text makes larger cells, rows and boxes, so the fitted scale falls a little each time:
    // a few rounds settle it (the partition view, whose boxes may take another arrangement at each
    // size, takes more than the cluster view). The zoom is the user's; the floor follows the fitted
    // scale alone.
    for (int round = 0; round < drawingFitRoundsMax; ++round) {
        const qreal fitted = m_view->transform().m22() / m_view->zoom();
        if (fitted <= 0)
            break;
        const qreal needed = std::min(std::ceil(drawingTextPxMin / fitted), drawingTextSizeMax);
        if (needed <= theme::textSizeMin())
            break;
        theme::setTextSizeMin(needed);
        scene->applyTheme();
    }
    m_fittingDrawing = false;
}

void PresentationMode::fitNarration()
{
    // The drawing is what the room looks at: the narration keeps a column of under a third.
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
        m_blank->setGeometry(m_window->rect());
        m_blank->raise();
        m_blank->show();
    } else {
        m_blank->hide();
    }
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event)
{
    // The drawing got another size: it is fitted at another scale, and its text floor is found again
    // from nothing (the floor only rises while the size stays, and going full screen passes through
    // smaller sizes that would have left it at its highest).
    if (watched == m_view) {
        if (m_active && event->type() == QEvent::Resize)
            QTimer::singleShot(0, this, [this] {
                m_fittedView = -1;
                fitDrawingText();
            });
        return QObject::eventFilter(watched, event);
    }
    if (watched == m_window && event->type() == QEvent::Resize)
        m_blank->setGeometry(m_window->rect());
    // Going full screen resizes the window later, on most platforms: fit the narration again then.
    // The main window lays its docks out for the new size after this event: fit once that is done.
    if (watched == m_window && event->type() == QEvent::Resize && m_active)
        QTimer::singleShot(0, this, [this] {
            if (!m_active)
                return;
            fitNarration();
            QTimer::singleShot(0, this, [this] {
                if (!m_active)
                    return;
                fitNarrationText();
            });
        });
    // New narration text: the largest size at which it is whole again.
    // A narration column of another size, too.
    if (m_active && !m_fitting && watched != m_window
        && (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize))
        QTimer::singleShot(0, this, [this] {
            if (m_active)
                fitNarrationText();
        });
    return QObject::eventFilter(watched, event);
}

void PresentationMode::scaleFonts(QWidget* root, qreal scale)
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
            f.setPointSizeF(f.pointSizeF() * scale);
        else
            f.setPixelSize(qRound(f.pixelSize() * scale));
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
        scaleFonts(dock, dock == m_keep.constFirst() ? timelineFontScale : fontScale);

    theme::apply(theme::Theme::HighContrast);
    theme::setLineScale(lineScale);
    theme::applyToApplication();
    // The legend stays out of the projector's drawing, which leaves more room for the rest; the
    // cluster view draws its compact form, whose boxes grow with the text.
    m_view->frameScene()->setLegendShown(false);
    m_view->frameScene()->setCompact(true);
    emit themeChanged();
    m_window->showFullScreen();
    fitNarration();
    fitNarrationText();
    fitDrawingText();
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
    theme::setTextSizeMin(0);
    m_fittedView = -1;
    theme::apply(m_theme);
    theme::applyToApplication();
    m_view->frameScene()->setLegendShown(true);
    m_view->frameScene()->setCompact(false);
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
