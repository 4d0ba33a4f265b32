// SPDX-License-Identifier: MIT
#include "clients/partitioner.h"

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

} // namespace hw
