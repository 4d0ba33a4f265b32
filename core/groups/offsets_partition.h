// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string_view>

/// Which __consumer_offsets partition holds a group (Kafka's GroupCoordinator.partitionFor), so which
/// broker, its leader, coordinates the group.
namespace hw {

/// Java's String.hashCode over the UTF-16 code units of a UTF-8 string.
std::int32_t javaStringHash(std::string_view utf8);

/// The __consumer_offsets partition of a group: Utils.abs(groupId.hashCode()) % partitions
/// (GroupCoordinator.partitionFor), whose leader is the group's coordinator.
int offsetsPartitionFor(std::string_view groupId, int partitionCount);

} // namespace hw
