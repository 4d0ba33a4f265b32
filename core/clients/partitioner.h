// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string_view>

/// The producer's partitioner for keyed records (Kafka's clients/.../producer/internals/BuiltInPartitioner.java
/// and Utils.murmur2).
namespace hw {

/// Kafka's Utils.murmur2 (seed 0x9747b28c) over the UTF-8 bytes of a key.
std::int32_t murmur2(std::string_view bytes);

/// The partition Kafka's BuiltInPartitioner gives a non-null key: (murmur2(key) & 0x7fffffff) % partitions.
int partitionForKey(std::string_view key, int partitionCount);

} // namespace hw
