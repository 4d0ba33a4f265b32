// SPDX-License-Identifier: MIT
#include "model/java_random.h"

#include <utility>

namespace hw {

namespace {

// java/util/Random.java: multiplier, addend and mask of the 48-bit LCG.
constexpr std::uint64_t multiplier = 0x5DEECE66DULL;
constexpr std::uint64_t addend = 0xBULL;
constexpr std::uint64_t mask = (1ULL << 48) - 1;

} // namespace

JavaRandom::JavaRandom(std::int64_t seed) : m_seed((static_cast<std::uint64_t>(seed) ^ multiplier) & mask) { }

std::int32_t JavaRandom::next(int bits)
{
    m_seed = (m_seed * multiplier + addend) & mask;
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(m_seed >> (48 - bits)));
}

std::int32_t JavaRandom::nextInt(std::int32_t bound)
{
    // java.util.Random.nextInt(int): one next(31) for a power of two, else a rejection loop that
    // keeps the result unbiased (u - r + m overflowing int means u fell in the incomplete last range).
    std::int32_t r = next(31);
    const std::int32_t m = bound - 1;
    if ((bound & m) == 0)
        return static_cast<std::int32_t>((static_cast<std::int64_t>(bound) * r) >> 31);
    for (std::int32_t u = r;; u = next(31)) {
        r = u % bound;
        if (static_cast<std::int64_t>(u) - r + m <= INT32_MAX)
            return r;
    }
}

MockRandom::MockRandom(std::int64_t seed)
{
    m_seed = static_cast<std::uint64_t>(seed);
}

std::int32_t MockRandom::next(int bits)
{
    // server-common/src/test/java/org/apache/kafka/server/util/MockRandom.java
    m_seed = m_seed * 2862933555777941757ULL + 3037000493ULL;
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(m_seed >> (64 - bits)));
}

void javaShuffle(std::vector<std::int32_t>& list, JavaRandom& random)
{
    for (auto i = static_cast<std::int32_t>(list.size()); i > 1; --i)
        std::swap(list[static_cast<std::size_t>(i - 1)], list[static_cast<std::size_t>(random.nextInt(i))]);
}

} // namespace hw
