// SPDX-License-Identifier: MIT
#include "export/sceneexport.h"

#include "scene/frameview.h"

#include <QPainter>

namespace hw::ui {

void paintScene(FrameScene& scene, QPainter& painter, const QRectF& target, bool transparent)
{
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    const QRectF source = FrameView::fittedSourceRect(scene.sceneRect(), target.size());
    // The scene's paper is its background brush: without it, only the drawing is painted.
    const QBrush paper = scene.backgroundBrush();
    if (transparent)
        scene.setBackgroundBrush(Qt::NoBrush);
    else
        painter.fillRect(target, paper.style() == Qt::NoBrush ? QBrush(Qt::white) : paper);
    scene.render(&painter, target, source, Qt::IgnoreAspectRatio);
    if (transparent)
        scene.setBackgroundBrush(paper);
}

QImage renderSceneImage(FrameScene& scene, QSize size, int scale, bool transparent)
{
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.fill(transparent ? Qt::transparent : Qt::white);
    QPainter painter(&image);
    paintScene(scene, painter, QRectF(QPointF(0, 0), QSizeF(image.size())), transparent);
    painter.end();
    return image;
}

QImage renderFrameImage(const hw::ClusterState& state, double displayTimeMs, QSize size, FrameScene::ViewKind view,
    std::int32_t focusPartition)
{
    FrameScene scene;
    scene.setViewKind(view);
    scene.setFocusPartition(focusPartition);
    scene.setTargetAspect(size.height() > 0 ? static_cast<qreal>(size.width()) / size.height() : 16.0 / 9.0);
    scene.setFrame(state, displayTimeMs);
    return renderSceneImage(scene, size);
}

} // namespace hw::ui
