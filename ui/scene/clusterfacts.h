// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <QString>

/// Facts the views read off a ClusterState in several places, defined once so that every view and
/// the inspector agree (and agree with the frame dump of docs/frame-format.md).
namespace hw::ui {

/// A broker as the frame dump names its state.
enum class BrokerStatus : std::uint8_t { Online, Offline, Isolated, Fenced };

BrokerStatus brokerStatus(const hw::ClusterState& state, hw::BrokerId broker);
/// The badge word for a status: ONLINE, OFFLINE, ISOLATED, FENCED.
QString brokerStatusText(BrokerStatus status);

const hw::Replica* replicaOf(const hw::Partition& partition, hw::BrokerId broker);

/// The replica leading the partition now: the controller's leader, once its broker has learned it
/// leads. Null while the partition is offline or the news is on its way.
const hw::Replica* leaderReplica(const hw::Partition& partition);

/// The partition's high watermark: its leader's HW, -1 without a leader (the frame dump's "hw").
hw::Offset partitionHighWatermark(const hw::Partition& partition);

/// The largest LEO among the partition's replicas.
hw::Offset maxLogEnd(const hw::Partition& partition);

bool inIsr(const hw::Partition& partition, hw::BrokerId broker);

} // namespace hw::ui
