// SPDX-License-Identifier: MIT
#include "scene/frameview.h"

#include "scene/framescene.h"

#include <QKeyEvent>
#include <QResizeEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace hw::ui {

FrameView::FrameView(FrameScene* scene, QWidget* parent) : QGraphicsView(scene, parent), m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setFrameShape(QFrame::NoFrame);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    // Items repaint wholesale on each frame; one full update is cheaper than many region merges.
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setOptimizationFlag(QGraphicsView::DontSavePainterState, true);
    setFocusPolicy(Qt::StrongFocus);
    // Scroll bars would take room from the fitted view and change its scale as they come and go;
    // zoomed in, dragging and the wheel pan instead.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(scene, &FrameScene::layoutChanged, this, &FrameView::applyTransform);
}

QRectF FrameView::fittedSourceRect(const QRectF& sceneRect, QSizeF viewport)
{
    if (sceneRect.isEmpty() || viewport.isEmpty())
        return sceneRect;
    const qreal viewAspect = viewport.width() / viewport.height();
    const qreal sceneAspect = sceneRect.width() / sceneRect.height();
    QRectF source = sceneRect;
    if (sceneAspect < viewAspect)
        source.setWidth(sceneRect.height() * viewAspect);
    else
        source.setHeight(sceneRect.width() / viewAspect);
    source.moveCenter(sceneRect.center());
    return source;
}

void FrameView::follow(const FrameView& other)
{
    setZoom(other.zoom());
    if (other.zoom() <= 1.0)
        return;
    const QRectF source = other.frameScene()->sceneRect();
    const QRectF target = frameScene()->sceneRect();
    const QPointF centre = other.mapToScene(other.viewport()->rect().center());
    if (source.width() > 0 && source.height() > 0) {
        centerOn(target.left() + (centre.x() - source.left()) / source.width() * target.width(),
            target.top() + (centre.y() - source.top()) / source.height() * target.height());
    }
}

void FrameView::setZoom(qreal zoom)
{
    const qreal clamped = std::clamp(zoom, zoomMin, zoomMax);
    const bool changed = clamped != m_zoom;
    m_zoom = clamped;
    applyTransform();
    if (changed)
        emit zoomChanged(m_zoom);
}

void FrameView::zoomIn()
{
    setZoom(m_zoom * 1.25);
}

void FrameView::zoomOut()
{
    setZoom(m_zoom / 1.25);
}

void FrameView::resetZoom()
{
    setZoom(1.0);
}

void FrameView::applyTransform()
{
    const QRectF sceneRect = m_scene->sceneRect();
    const QSizeF viewport = this->viewport()->size();
    if (sceneRect.isEmpty() || viewport.isEmpty())
        return;
    const QRectF source = fittedSourceRect(sceneRect, viewport);
    const qreal fit = viewport.width() / source.width();
    setTransform(QTransform::fromScale(fit * m_zoom, fit * m_zoom));
    if (m_zoom <= 1.0)
        centerOn(sceneRect.center());
}

bool FrameView::event(QEvent* event)
{
    if (event->type() == QEvent::ShortcutOverride && m_scene->aggregated()) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        const bool back = key == Qt::Key_Escape || key == Qt::Key_Backspace;
        if (back && m_scene->drill().level != Drill::Level::Brokers) {
            event->accept();
            return true;
        }
    }
    return QGraphicsView::event(event);
}

void FrameView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (event->size().height() > 0)
        m_scene->setTargetAspect(static_cast<qreal>(event->size().width()) / event->size().height());
    applyTransform();
}

void FrameView::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const int steps = event->angleDelta().y() / 120;
        if (steps != 0)
            setZoom(m_zoom * std::pow(1.25, steps));
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

} // namespace hw::ui
