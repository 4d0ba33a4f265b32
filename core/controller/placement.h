// SPDX-License-Identifier: MIT
#pragma once

#include "controller/striped_placer.h"
#include "model/cluster_state.h"

#include <vector>

/// Where a new topic's replicas go (Kafka's AdminUtils / the controller's replica placer) and the
/// creation of __consumer_offsets, whose partition leaders coordinate the groups.
namespace hw {

/// Kafka's rack-unaware replica assignment (AdminUtils.assignReplicasToBrokersRackUnaware): the first
/// replica of partition p on broker (p + startIndex) % n, the others shifted by an amount that grows
/// every n partitions. startIndex and the shift come from the simulation's generator.
std::vector<std::vector<int>> assignReplicasRackUnaware(const std::vector<int>& brokers, int partitionCount,
                                                        int replicationFactor, int startIndex, int replicaShift);

/// ClusterControlManager.usableBrokers (metadata/.../controller/ClusterControlManager.java at
/// 4.2.0-rc1, through BrokerHeartbeatManager.usableBrokers): every registered broker that is not in
/// controlled shutdown, fenced ones included, in ascending id, each with its rack. Kafka reads the rack
/// from the broker's registration; HighWater's rack is fixed for the run, so it reads Broker::rack.
std::vector<UsableBroker> usableBrokers(const ClusterState& state);

/// ReplicationControlManager.createTopic's initial ISR (at 4.2.0-rc1): the replicas that are active
/// (registered, unfenced, not in controlled shutdown), in replica order; its first member leads.
std::vector<BrokerId> initialIsr(const ClusterState& state, const std::vector<BrokerId>& replicas);

/// Creates __consumer_offsets (offsets.topic.num.partitions partitions, replication factor
/// min(3, brokers)), placed rack-unaware from two draws of the run's generator, every replica in the
/// ISR and the first one leading. Kafka creates it on the first FindCoordinator; the model when the
/// cluster's first group appears.
void createOffsetsTopic(ClusterState& state);

} // namespace hw
