// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace hw {

class Rng;

/// Kafka's Utils.murmur2 (seed 0x9747b28c) over the UTF-8 bytes of a key.
std::int32_t murmur2(std::string_view bytes);

/// The partition Kafka's BuiltInPartitioner gives a non-null key: (murmur2(key) & 0x7fffffff) % partitions.
int partitionForKey(std::string_view key, int partitionCount);

/// Java's String.hashCode over the UTF-16 code units of a UTF-8 string.
std::int32_t javaStringHash(std::string_view utf8);

/// The __consumer_offsets partition of a group: Utils.abs(groupId.hashCode()) % partitions
/// (GroupCoordinator.partitionFor), whose leader is the group's coordinator.
int offsetsPartitionFor(std::string_view groupId, int partitionCount);

/// Kafka's rack-unaware replica assignment (AdminUtils.assignReplicasToBrokersRackUnaware): the first
/// replica of partition p on broker (p + startIndex) % n, the others shifted by an amount that grows
/// every n partitions. startIndex and the shift come from the simulation's generator.
std::vector<std::vector<int>> assignReplicasRackUnaware(const std::vector<int>& brokers, int partitionCount,
                                                        int replicationFactor, int startIndex, int replicaShift);

} // namespace hw
