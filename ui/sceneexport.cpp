// SPDX-License-Identifier: MIT
#include "sceneexport.h"

#include "frameview.h"

#include <QPainter>

namespace hw::ui {

QImage renderSceneImage(FrameScene& scene, QSize size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    const QRectF source = FrameView::fittedSourceRect(scene.sceneRect(), QSizeF(size));
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), source, Qt::IgnoreAspectRatio);
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
