// SPDX-License-Identifier: MIT
#pragma once

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

/// Creates __consumer_offsets (offsets.topic.num.partitions partitions, replication factor
/// min(3, brokers)), placed rack-unaware from two draws of the run's generator, every replica in the
/// ISR and the first one leading. Kafka creates it on the first FindCoordinator; the model when the
/// cluster's first group appears.
void createOffsetsTopic(ClusterState& state);

} // namespace hw
