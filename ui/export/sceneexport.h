// SPDX-License-Identifier: MIT
#pragma once

#include "scene/framescene.h"

#include <QImage>
#include <QSize>

class QPainter;

namespace hw::ui {

/// Draws a frame into an image the way a FrameView of that size shows it, fitted. Used by
/// `highwater-cli export`, by File > Export Image and by tests. Needs a QApplication.
QImage renderFrameImage(const hw::ClusterState& state, double displayTimeMs, QSize size, FrameScene::ViewKind view,
    std::int32_t focusPartition = 0);

/// Draws a scene that is already built, fitted into size. The image is size x scale pixels (the
/// drawing is vector, so a larger scale is sharper, not blurred); with transparent set the scene's
/// paper is left out.
QImage renderSceneImage(FrameScene& scene, QSize size, int scale = 1, bool transparent = false);

/// Paints a built scene into target with painter (an image, an SVG or a PDF page), fitted as a
/// FrameView of target's size fits it.
void paintScene(FrameScene& scene, QPainter& painter, const QRectF& target, bool transparent = false);

} // namespace hw::ui
