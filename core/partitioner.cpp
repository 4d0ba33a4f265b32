// SPDX-License-Identifier: MIT
#include "partitioner.h"

#include <cstring>

namespace hw {

std::int32_t murmur2(std::string_view bytes)
{
    // A literal port of org.apache.kafka.common.utils.Utils.murmur2, in 32-bit two's complement.
    const auto length = static_cast<std::uint32_t>(bytes.size());
    const std::uint32_t seed = 0x9747b28c;
    const std::uint32_t m = 0x5bd1e995;
    const int r = 24;
    std::uint32_t h = seed ^ length;
    const std::uint32_t length4 = length / 4;
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());

    for (std::uint32_t i = 0; i < length4; ++i) {
        const std::uint32_t i4 = i * 4;
        std::uint32_t k = (data[i4 + 0] & 0xffu) + ((data[i4 + 1] & 0xffu) << 8) + ((data[i4 + 2] & 0xffu) << 16) +
                          ((data[i4 + 3] & 0xffu) << 24);
        k *= m;
        k ^= k >> r;
        k *= m;
        h *= m;
        h ^= k;
    }

    switch (length % 4) {
    case 3:
        h ^= static_cast<std::uint32_t>(data[(length & ~3u) + 2] & 0xffu) << 16;
        [[fallthrough]];
    case 2:
        h ^= static_cast<std::uint32_t>(data[(length & ~3u) + 1] & 0xffu) << 8;
        [[fallthrough]];
    case 1:
        h ^= static_cast<std::uint32_t>(data[length & ~3u] & 0xffu);
        h *= m;
    }

    h ^= h >> 13;
    h *= m;
    h ^= h >> 15;
    std::int32_t result;
    std::memcpy(&result, &h, sizeof result);
    return result;
}

int partitionForKey(std::string_view key, int partitionCount)
{
    const auto positive = static_cast<std::uint32_t>(murmur2(key)) & 0x7fffffffu;
    return static_cast<int>(positive % static_cast<std::uint32_t>(partitionCount));
}

std::vector<std::vector<int>> assignReplicasRackUnaware(const std::vector<int>& brokers, int partitionCount,
                                                        int replicationFactor, int startIndex, int replicaShift)
{
    const int n = static_cast<int>(brokers.size());
    std::vector<std::vector<int>> result;
    result.reserve(static_cast<std::size_t>(partitionCount));
    int nextReplicaShift = replicaShift;
    for (int p = 0; p < partitionCount; ++p) {
        if (p > 0 && p % n == 0)
            ++nextReplicaShift;
        const int first = (p + startIndex) % n;
        std::vector<int> replicas{brokers[static_cast<std::size_t>(first)]};
        for (int j = 0; j < replicationFactor - 1; ++j) {
            const int shift = 1 + (nextReplicaShift + j) % (n - 1);
            replicas.push_back(brokers[static_cast<std::size_t>((first + shift) % n)]);
        }
        result.push_back(std::move(replicas));
    }
    return result;
}

} // namespace hw
