// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "scene/drill.h"

#include <QRectF>
#include <QString>

namespace hw::ui {

class FrameScene;

/// The cluster view of a cluster too large to draw each replica legibly (aggregateClusterView): one
/// card per broker with its counts, and at each drill level the rows of what was opened under a
/// breadcrumb that leads back.
class AggregateLayout {
public:
    /// Adds the items for the drill level to the scene; returns the extent of what it drew. The drill
    /// must be valid for the state (FrameScene::resolveDrill).
    static QRectF build(FrameScene& scene, const hw::ClusterState& state, const Drill& drill, qreal aspect);
    /// The partition's index in ClusterState::partitions of a drill at the partition level, or -1.
    static std::int32_t partitionOf(const hw::ClusterState& state, const Drill& drill);
    /// The topic's index in ClusterState::topics, or -1.
    static std::int32_t topicOf(const hw::ClusterState& state, const QString& name);
    /// The breadcrumb's words for a drill: "All brokers", "Broker 1001", "orders", "orders-3".
    static QStringList crumbs(const hw::ClusterState& state, const Drill& drill);
};

} // namespace hw::ui
