// SPDX-License-Identifier: MIT
#include "groups/offsets_partition.h"

#include <cstdint>
#include <cstring>

namespace hw {

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

} // namespace hw
