// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <vector>

/// java.util.Random, exactly: Kafka's striped replica placer draws from one, so that a port which
/// draws from the same sequence places replicas as Kafka does (its tests use MockRandom(17), the
/// controller an unseeded Random; HighWater seeds one from the run's generator).
namespace hw {

class JavaRandom {
public:
    /// java.util.Random(long seed).
    explicit JavaRandom(std::int64_t seed);
    virtual ~JavaRandom() = default;
    JavaRandom(const JavaRandom&) = default;
    JavaRandom& operator=(const JavaRandom&) = default;

    /// java.util.Random.next(int bits): the top `bits` bits of the next 48-bit LCG state.
    virtual std::int32_t next(int bits);
    /// java.util.Random.nextInt(int bound), bound > 0, with its rejection loop.
    std::int32_t nextInt(std::int32_t bound);

    /// The same state: the same sequence from here on (a MockRandom compares by its state too).
    friend bool operator==(const JavaRandom& a, const JavaRandom& b) { return a.m_seed == b.m_seed; }

protected:
    JavaRandom() = default;
    std::uint64_t m_seed = 0;
};

/// org.apache.kafka.server.util.MockRandom (server-common tests): a 64-bit LCG in next(), the rest
/// of java.util.Random inherited. The placer's tests expect its sequence from seed 17.
class MockRandom : public JavaRandom {
public:
    explicit MockRandom(std::int64_t seed = 17);
    std::int32_t next(int bits) override;
};

/// java.util.Collections.shuffle(List, Random) on a random-access list: from the last element down,
/// each swapped with one at nextInt(i + 1).
void javaShuffle(std::vector<std::int32_t>& list, JavaRandom& random);

} // namespace hw
