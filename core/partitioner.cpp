// SPDX-License-Identifier: MIT
#include "partitioner.h"

#include <climits>
#include <cstdint>
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

std::int32_t javaStringHash(std::string_view utf8)
{
    std::uint32_t h = 0;
    auto mix = [&](std::uint32_t unit) { h = 31 * h + unit; };
    const auto* s = reinterpret_cast<const unsigned char*>(utf8.data());
    const std::size_t n = utf8.size();
    for (std::size_t i = 0; i < n;) {
        std::uint32_t cp = s[i];
        std::size_t len = 1;
        if (cp >= 0xf0 && i + 3 < n) {
            cp = ((cp & 0x07u) << 18) | ((s[i + 1] & 0x3fu) << 12) | ((s[i + 2] & 0x3fu) << 6) | (s[i + 3] & 0x3fu);
            len = 4;
        } else if (cp >= 0xe0 && i + 2 < n) {
            cp = ((cp & 0x0fu) << 12) | ((s[i + 1] & 0x3fu) << 6) | (s[i + 2] & 0x3fu);
            len = 3;
        } else if (cp >= 0xc0 && i + 1 < n) {
            cp = ((cp & 0x1fu) << 6) | (s[i + 1] & 0x3fu);
            len = 2;
        }
        if (cp >= 0x10000) { // a surrogate pair in UTF-16
            cp -= 0x10000;
            mix(0xd800u + (cp >> 10));
            mix(0xdc00u + (cp & 0x3ffu));
        } else {
            mix(cp);
        }
        i += len;
    }
    std::int32_t result;
    std::memcpy(&result, &h, sizeof result);
    return result;
}

int offsetsPartitionFor(std::string_view groupId, int partitionCount)
{
    const std::int32_t hash = javaStringHash(groupId);
    // org.apache.kafka.common.utils.Utils.abs: Integer.MIN_VALUE maps to 0.
    const std::int32_t positive = hash == INT32_MIN ? 0 : (hash < 0 ? -hash : hash);
    return positive % partitionCount;
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
