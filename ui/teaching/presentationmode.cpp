// SPDX-License-Identifier: MIT
#include "teaching/presentationmode.h"

#include "base/theme.h"
#include "scene/framescene.h"
#include "scene/frameview.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
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
/// The message over the drawing, relative to the window's font: about 20 px, read from the back row.
constexpr qreal messageFontScale = 1.4;
/// The message's distance from the drawing's edges, in pixels.
constexpr int messageMarginPx = 12;

} // namespace

PresentationMode::PresentationMode(QMainWindow* window, QList<QDockWidget*> keep, QList<FrameView*> views)
    : QObject(window),
      m_window(window),
      m_keep(std::move(keep)),
      m_views(std::move(views)),
      m_blank(new QWidget(window)),
      m_message(new QLabel(m_views.isEmpty() ? static_cast<QWidget*>(window) : m_views.constFirst()))
{
    // The status line's messages, while the status bar is hidden: dark text on a pale yellow box with
    // a dark border, readable on the high-contrast drawing, in words rather than colour.
    m_message->setObjectName(QStringLiteral("presentationMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setFrameShape(QFrame::Box);
    m_message->setLineWidth(2);
    m_message->setMargin(10);
    m_message->setAutoFillBackground(true);
    // Its own roles: a child of the view would take the view's (Base, the drawing's white paper).
    m_message->setBackgroundRole(QPalette::Window);
    m_message->setForegroundRole(QPalette::WindowText);
    QPalette messagePalette = m_message->palette();
    messagePalette.setColor(QPalette::Window, QColor(0xFF, 0xF3, 0xB0));
    messagePalette.setColor(QPalette::WindowText, QColor(0x00, 0x00, 0x00));
    m_message->setPalette(messagePalette);
    m_message->hide();
    // The blank screen is a plain black cover over the whole window (drawing, docks and bars), like
    // a presenter remote's "B": a room that should look at the teacher sees nothing else.
    m_blank->setObjectName(QStringLiteral("blankScreen"));
    m_blank->setAutoFillBackground(true);
    QPalette black = m_blank->palette();
    black.setColor(QPalette::Window, Qt::black);
    m_blank->setPalette(black);
    m_blank->hide();
    m_window->installEventFilter(this);
    for (FrameView* view : std::as_const(m_views)) {
        view->installEventFilter(this);
        // Another frame or view may lay the drawing out larger, and so fit it smaller: its text grows.
        // Queued: the scene is still inside setFrame() when it says so.
        connect(view->frameScene(), &FrameScene::layoutChanged, this, &PresentationMode::fitDrawingText,
            Qt::QueuedConnection);
    }
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

void PresentationMode::addEnlarged(QWidget* root, qreal scale)
{
    m_enlarged.append({ root, scale });
}

void PresentationMode::fitDrawingText()
{
    if (!m_active || m_fittingDrawing || m_views.isEmpty())
        return;
    m_fittingDrawing = true;
    // The views of one window show one view kind (the compare window's two move together).
    const int kind = static_cast<int>(m_views.constFirst()->frameScene()->viewKind());
    if (m_fittedView != kind) {
        m_fittedView = kind;
        m_autoZoom = 0; // the views were fitted anew (FrameView::resetZoom)
        if (theme::textSizeMin() > 0) {
            theme::setTextSizeMin(0);
            for (FrameView* view : std::as_const(m_views))
                view->frameScene()->applyTheme();
        }
    }
    // Larger text makes larger cells, rows and boxes, so the fitted scale falls a little each time:
    // a few rounds settle it (the partition view, whose boxes may take another arrangement at each
    // size, takes more than the cluster view). The zoom is the user's; the floor follows the fitted
    // scale alone, of the drawing fitted smallest.
    for (int round = 0; round < drawingFitRoundsMax; ++round) {
        const qreal fitted = fittedScale();
        if (fitted <= 0)
            break;
        const qreal needed = std::min(std::ceil(drawingTextPxMin / fitted), drawingTextSizeMax);
        if (needed <= theme::textSizeMin())
            break;
        theme::setTextSizeMin(needed);
        for (FrameView* view : std::as_const(m_views))
            view->frameScene()->applyTheme();
    }
    if (m_zoomToText)
        zoomToText();
    m_fittingDrawing = false;
}

qreal PresentationMode::fittedScale() const
{
    qreal fitted = 0;
    for (FrameView* view : std::as_const(m_views)) {
        const qreal scale = view->transform().m22() / view->zoom();
        fitted = fitted > 0 && scale > 0 ? std::min(fitted, scale) : std::max(fitted, scale);
    }
    return fitted;
}

void PresentationMode::setZoomToText(bool zoom)
{
    m_zoomToText = zoom;
}

void PresentationMode::zoomToText()
{
    // Every text is at least the floor, so floor x scale is the smallest text on screen. Where the
    // floor's limit leaves it under drawingTextPxMin, the views zoom in by what is missing, unless
    // the user chose another zoom since (then theirs stays).
    const qreal fitted = fittedScale();
    if (fitted <= 0 || theme::textSizeMin() <= 0 || m_views.isEmpty())
        return;
    // Rounded up to a hundredth, so that the text is not a rounding error short of it.
    const qreal needed
        = std::max<qreal>(1.0, std::ceil(100 * drawingTextPxMin / (theme::textSizeMin() * fitted)) / 100);
    const qreal current = m_views.constFirst()->zoom();
    if (m_autoZoom > 0 && !qFuzzyCompare(current, m_autoZoom))
        return;
    if (m_autoZoom > 0 && qFuzzyCompare(needed, m_autoZoom))
        return;
    for (FrameView* view : std::as_const(m_views))
        view->setZoom(needed);
    m_autoZoom = m_views.constFirst()->zoom();
    emit zoomedToText(m_autoZoom);
}

void PresentationMode::fitNarration()
{
    // The drawing is what the room looks at: the narration keeps a column of under a third.
    if (m_keep.size() > 1)
        m_window->resizeDocks({ m_keep[1] }, { m_window->width() * narrationShare / 100 }, Qt::Horizontal);
}

void PresentationMode::showMessage(const QString& text)
{
    if (!m_active || text.isEmpty()) {
        m_message->hide();
        m_message->clear();
        return;
    }
    QFont font = m_window->font();
    font.setPointSizeF(font.pointSizeF() * messageFontScale);
    m_message->setFont(font);
    m_message->setText(text);
    placeMessage();
    m_message->raise();
    m_message->show();
}

void PresentationMode::placeMessage()
{
    // The message stands over the first drawing (the only one in the main window).
    const QWidget* host = m_message->parentWidget();
    const int width = std::max(1, host->width() - 2 * messageMarginPx);
    const int height = m_message->heightForWidth(width);
    m_message->setGeometry(messageMarginPx, std::max(0, host->height() - height - messageMarginPx), width, height);
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
    // A drawing got another size: it is fitted at another scale, and its text floor is found again
    // from nothing (the floor only rises while the size stays, and going full screen passes through
    // smaller sizes that would have left it at its highest).
    if (m_views.contains(watched)) {
        if (m_active && event->type() == QEvent::Resize) {
            QTimer::singleShot(0, this, [this] {
                m_fittedView = -1;
                fitDrawingText();
            });
            placeMessage();
        }
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
    // Labels, buttons, combo boxes, spin boxes (predict mode's guesses) and lists set their own fonts
    // (the narration's are already enlarged), so each is scaled from what it has, and put back as it
    // was on leaving; so is a widget that draws text of its own and asks to be (the timeline's bar:
    // its labels and markers).
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : std::as_const(widgets)) {
        if (!qobject_cast<QLabel*>(w) && !qobject_cast<QAbstractButton*>(w) && !qobject_cast<QComboBox*>(w)
            && !qobject_cast<QAbstractItemView*>(w) && !qobject_cast<QAbstractSpinBox*>(w)
            && !w->property(theme::scalesWhilePresentingProperty).toBool())
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
    for (const auto& [root, scale] : std::as_const(m_enlarged))
        scaleFonts(root, scale);

    theme::apply(theme::Theme::HighContrast);
    theme::setLineScale(lineScale);
    theme::applyToApplication();
    // The legend stays out of the projector's drawing, which leaves more room for the rest; the
    // cluster view draws its compact form, whose boxes grow with the text.
    m_legendShown.clear();
    for (FrameView* view : std::as_const(m_views)) {
        m_legendShown.append(view->frameScene()->legendShown());
        view->frameScene()->setLegendShown(false);
        view->frameScene()->setCompact(true);
    }
    emit themeChanged();
    m_window->showFullScreen();
    fitNarration();
    fitNarrationText();
    fitDrawingText();
    // Keys go to the drawing, not to a dock's field, so PageUp/PageDown and '.' always reach the window.
    if (!m_views.isEmpty())
        m_views.constFirst()->setFocus();
    emit activeChanged(true);
}

void PresentationMode::leave()
{
    if (!m_active)
        return;
    m_active = false;
    setBlanked(false);
    showMessage(QString());
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
    for (qsizetype i = 0; i < m_views.size(); ++i) {
        m_views[i]->frameScene()->setLegendShown(i < m_legendShown.size() ? m_legendShown[i] : true);
        m_views[i]->frameScene()->setCompact(false);
        // The zoom presenting chose goes with it; one the user chose stays.
        if (m_autoZoom > 0 && qFuzzyCompare(m_views[i]->zoom(), m_autoZoom))
            m_views[i]->resetZoom();
    }
    m_autoZoom = 0;
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
