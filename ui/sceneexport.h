// SPDX-License-Identifier: MIT
#pragma once

#include "framescene.h"

#include <QImage>
#include <QSize>

namespace hw::ui {

/// Draws a frame into an image the way a FrameView of that size shows it, fitted. Used by
/// `highwater-cli export`, by File > Export Image and by tests. Needs a QApplication.
QImage renderFrameImage(const hw::ClusterState& state, double displayTimeMs, QSize size, FrameScene::ViewKind view,
    std::int32_t focusPartition = 0);

/// Draws a scene that is already built, fitted into size.
QImage renderSceneImage(FrameScene& scene, QSize size);

} // namespace hw::ui
