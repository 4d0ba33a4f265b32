// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <cstdint>
#include <vector>

/// Lookups and log operations on one replica, shared by the broker's leader and follower sides
/// (Kafka's Partition.scala getReplica / leaderReplicaIfLocal, and UnifiedLog.truncateTo).
namespace hw {

/// The replica of a partition on a broker, or nullptr when the broker holds none.
Replica* replicaOn(ClusterState& state, std::int32_t partition, BrokerId broker);
const Replica* replicaOn(const ClusterState& state, std::int32_t partition, BrokerId broker);

/// The replica the controller made leader, if it knows it leads (nullptr while it has not heard).
Replica* leaderReplica(ClusterState& state, std::int32_t partition);

/// The replica leading a partition now, as the registration and the replica agree, if any.
const Replica* currentLeader(const Partition& partition);

/// The partition's high watermark: its current leader's, -1 without one.
Offset partitionHighWatermark(const ClusterState& state, std::int32_t partition);

/// The leader's picture of one follower (Partition.scala's remoteReplicasMap), or nullptr.
FollowerView* viewOf(Replica& leader, BrokerId follower);

/// Partition.scala's maximal ISR: while an expansion is in flight the new member already counts;
/// while a shrink is in flight the leaving member still counts.
std::vector<BrokerId> maximalIsr(const Replica& leader);

/// UnifiedLog.truncateTo: cuts the log back to `offset`, the epoch cache with it, and the HW down to
/// the new end. The removed records are remembered in replica.truncated with the reason, the oldest
/// dropped beyond truncatedRecordsMax.
void truncateLog(const ClusterState& state, Replica& replica, Offset offset, TruncationReason reason);

/// The producer id of the producer whose record this payload is (-1: none yet).
std::int64_t producerIdOfPayload(const ClusterState& state, std::int32_t payload);

/// UnifiedLog.appendAsFollower for the records a fetch brought: source.records from `fetchOffset`
/// on, `count` of them, go to the end of the replica's log, each record's leader epoch is assigned
/// in the epoch cache, and each producer's entry in the producer table is updated as
/// ProducerAppendInfo does for origin REPLICATION (no validation). The log shares the source's whole
/// leaves instead of copying their records (PVector::appendRange).
void appendAsFollower(const ClusterState& state, Replica& replica, const ReplicaLog& source, Offset fetchOffset,
                      std::int64_t count);

} // namespace hw
