// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <QRectF>

namespace hw::ui {

class FrameScene;

/// The cluster view: every broker as a box holding its replicas (grouped by topic-partition, with
/// the same log cells and markers as the partition view), the controller and the producers in a
/// column on the left. Brokers are laid out in the grid that fills the view's aspect ratio best.
class ClusterLayout {
public:
    static QRectF build(FrameScene& scene, const hw::ClusterState& state, qreal aspect);
};

} // namespace hw::ui
