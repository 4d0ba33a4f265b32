// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsView>

namespace hw::ui {

class FrameScene;

/// Shows a FrameScene scaled to fit, so the same scene reads well from 1280x720 to 4K. Zooming
/// (+/-, Ctrl+wheel) multiplies the fitted scale; everything is drawn as vectors, so it stays sharp.
/// Dragging the background pans when zoomed in.
class FrameView : public QGraphicsView {
    Q_OBJECT

public:
    explicit FrameView(FrameScene* scene, QWidget* parent = nullptr);

    static constexpr qreal zoomMin = 0.5;
    static constexpr qreal zoomMax = 8.0;

    /// The zoom relative to "fit": 1 shows the whole scene.
    qreal zoom() const { return m_zoom; }
    void setZoom(qreal zoom);
    void zoomIn();
    void zoomOut();
    void resetZoom();

    /// The part of the scene a viewport of this size shows when the scene is fitted: the scene rect,
    /// widened or heightened to the viewport's aspect and centred. The CLI's export uses it too, so an
    /// exported image is exactly the fitted view.
    static QRectF fittedSourceRect(const QRectF& sceneRect, QSizeF viewport);

    FrameScene* frameScene() const { return m_scene; }

    /// Shows what `other` shows: its zoom, and when zoomed in, the point at the same place relative to
    /// this view's scene, so that two drawings of different sizes still show the same rows (the compare
    /// windows move their two views together).
    void follow(const FrameView& other);

signals:
    /// The zoom changed (keys, Ctrl+wheel, fit): the compare window zooms its other view with it.
    void zoomChanged(qreal zoom);

protected:
    /// Esc and Backspace go back up the large cluster's aggregate while it is drilled in, before any
    /// window shortcut on those keys (leaving presentation mode) takes them.
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void applyTransform();

    FrameScene* m_scene;
    qreal m_zoom = 1.0;
};

} // namespace hw::ui
