// SPDX-License-Identifier: MIT
// Kafka's hashing and placement functions (section 4 of kafka-semantics.md and AdminUtils).

#include "clients/partitioner.h"
#include "controller/placement.h"
#include "groups/offsets_partition.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

struct HashVector {
    std::string key;
    std::int32_t hash;
};

class Murmur2Vector : public ::testing::TestWithParam<HashVector> { };

TEST_P(Murmur2Vector, MatchesKafkaUtilsMurmur2)
{
    EXPECT_EQ(hw::murmur2(GetParam().key), GetParam().hash) << "key \"" << GetParam().key << "\"";
}

// The first four are the vectors section 4 lists; the rest are from Kafka's UtilsTest.testMurmur2 and
// librdkafka's rdmurmur2.c, covering every remainder length (key length % 4).
INSTANTIATE_TEST_SUITE_P(Published, Murmur2Vector,
    ::testing::Values(HashVector { "21", -973932308 }, HashVector { "foobar", -790332482 },
        HashVector { "abc", 479470107 }, HashVector { "a-little-bit-long-string", -985981536 },
        HashVector { "a-little-bit-longer-string", -1486304829 },
        HashVector { "lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8", -58897971 }, HashVector { "", 275646681 },
        HashVector { "a", -1563381124 }, HashVector { "ab", 316155434 }, HashVector { "abcd", -1323649548 },
        HashVector { "abcde", 461995741 }, HashVector { "kafka", -798503068 },
        HashVector { "giberish123456789", -1890243828 }, HashVector { "1234", -1614185708 },
        HashVector { "234", -406844982 }, HashVector { "34", -2026295078 }, HashVector { "4", 1514888353 }));

// Keys whose UTF-8 bytes are >= 0x80: Java masks each byte with 0xff, so a sign-extending port would
// differ here. Expected values from an independent Python port that reproduces every vector above.
INSTANTIATE_TEST_SUITE_P(NonAscii, Murmur2Vector,
    ::testing::Values(HashVector { "\xc3\xa9", 186971271 }, HashVector { "h\xc3\xa9llo w\xc3\xb6rld", 439213890 },
        HashVector { "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe3\x82\xad\xe3\x83\xbc", 1445825182 },
        HashVector { "\xc3\xbf\xc3\xbe\xc3\xbd", -827240790 }));

TEST(Murmur2, HashesTheGivenBytesOnly)
{
    // A string_view into a longer buffer must hash only its own bytes.
    const std::string buffer = "foobarXYZ";
    EXPECT_EQ(hw::murmur2(std::string_view(buffer).substr(0, 6)), -790332482);
    EXPECT_NE(hw::murmur2(buffer), -790332482);
    // An embedded NUL is a byte like any other.
    EXPECT_NE(hw::murmur2(std::string_view("ab\0c", 4)), hw::murmur2("ab"));
}

struct KeyPartition {
    std::string key;
    int partitions;
    int expected;
};

class PartitionForKey : public ::testing::TestWithParam<KeyPartition> { };

TEST_P(PartitionForKey, IsThePositiveHashModuloThePartitionCount)
{
    const KeyPartition& c = GetParam();
    EXPECT_EQ(hw::partitionForKey(c.key, c.partitions), c.expected)
        << "key \"" << c.key << "\" over " << c.partitions << " partitions";
}

// (murmur2(key) & 0x7fffffff) % n, worked out from the hashes above. Negative hashes are the
// interesting ones: Math.abs or a plain signed modulo would give other partitions.
INSTANTIATE_TEST_SUITE_P(Worked, PartitionForKey,
    ::testing::Values(KeyPartition { "21", 1, 0 }, KeyPartition { "21", 7, 3 }, KeyPartition { "21", 12, 0 },
        KeyPartition { "21", 50, 40 }, KeyPartition { "foobar", 12, 6 }, KeyPartition { "foobar", 50, 16 },
        KeyPartition { "abc", 7, 4 }, KeyPartition { "abc", 12, 3 }, KeyPartition { "a-little-bit-long-string", 3, 2 },
        KeyPartition { "a-little-bit-long-string", 12, 8 }, KeyPartition { "a", 3, 1 }, KeyPartition { "a", 12, 4 },
        KeyPartition { "ab", 3, 2 }, KeyPartition { "kafka", 50, 30 }, KeyPartition { "34", 7, 6 },
        KeyPartition { "", 12, 9 }));

TEST(PartitionForKey, StaysInRangeForEveryCount)
{
    const std::vector<std::string> keys = { "", "a", "order-17", "customer-42", "\xff\xfe", "21", "foobar" };
    for (int n = 1; n <= 64; ++n) {
        for (const std::string& key : keys) {
            const int p = hw::partitionForKey(key, n);
            EXPECT_GE(p, 0) << key << " / " << n;
            EXPECT_LT(p, n) << key << " / " << n;
        }
    }
}

// --- AdminUtils.assignReplicasToBrokersRackUnaware ---------------------------------------------

using Assignment = std::vector<std::vector<int>>;

struct AssignmentCase {
    std::string name;
    std::vector<int> brokers;
    int partitions;
    int replicationFactor;
    int startIndex;
    int replicaShift;
    Assignment expected;
};

class RackUnawareAssignment : public ::testing::TestWithParam<AssignmentCase> { };

TEST_P(RackUnawareAssignment, MatchesKafka)
{
    const AssignmentCase& c = GetParam();
    EXPECT_EQ(hw::assignReplicasRackUnaware(c.brokers, c.partitions, c.replicationFactor, c.startIndex, c.replicaShift),
        c.expected);
}

INSTANTIATE_TEST_SUITE_P(Examples, RackUnawareAssignment,
    ::testing::Values(
        // kafka AdminTest.testReplicaAssignment: assignReplicasToBrokers(brokers 0..4, 10, 3, fixedStartIndex 0);
        // a fixed start index also fixes the shift to the same value.
        AssignmentCase { "KafkaAdminTestFiveBrokersTenPartitions", { 0, 1, 2, 3, 4 }, 10, 3, 0, 0,
            { { 0, 1, 2 }, { 1, 2, 3 }, { 2, 3, 4 }, { 3, 4, 0 }, { 4, 0, 1 }, { 0, 2, 3 }, { 1, 3, 4 }, { 2, 4, 0 },
                { 3, 0, 1 }, { 4, 1, 2 } } },
        // The rest by hand from the Scala algorithm: first = (p + start) % n; the shift grows by one every
        // n partitions; replica j sits at (first + 1 + (shift + j) % (n - 1)) % n.
        AssignmentCase { "StartOneShiftTwo", { 1, 2, 3 }, 6, 2, 1, 2,
            { { 2, 3 }, { 3, 1 }, { 1, 2 }, { 2, 1 }, { 3, 2 }, { 1, 3 } } },
        AssignmentCase { "ReplicationFactorEqualsBrokers", { 0, 1, 2 }, 4, 3, 0, 0,
            { { 0, 1, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 0, 2, 1 } } },
        AssignmentCase { "ReplicationFactorOne", { 5, 6, 7 }, 4, 1, 2, 0, { { 7 }, { 5 }, { 6 }, { 7 } } },
        AssignmentCase { "SparseBrokerIds", { 10, 20, 30, 40 }, 5, 2, 3, 1,
            { { 40, 20 }, { 10, 30 }, { 20, 40 }, { 30, 10 }, { 40, 30 } } },
        AssignmentCase { "ShiftWrapsAroundTwice", { 1, 2, 3, 4, 5 }, 12, 3, 2, 4,
            { { 3, 4, 5 }, { 4, 5, 1 }, { 5, 1, 2 }, { 1, 2, 3 }, { 2, 3, 4 }, { 3, 5, 1 }, { 4, 1, 2 }, { 5, 2, 3 },
                { 1, 3, 4 }, { 2, 4, 5 }, { 3, 1, 2 }, { 4, 2, 3 } } },
        AssignmentCase { "SingleBroker", { 1 }, 3, 1, 0, 0, { { 1 }, { 1 }, { 1 } } }),
    [](const auto& info) { return info.param.name; });

TEST(RackUnawareAssignment, KafkaDocCommentTable)
{
    // The table in AdminUtils' doc comment (5 brokers, p0..p9): which partitions' 2nd and 3rd replicas
    // each broker holds.
    const Assignment a = hw::assignReplicasRackUnaware({ 0, 1, 2, 3, 4 }, 10, 3, 0, 0);
    std::map<int, std::vector<int>> second;
    std::map<int, std::vector<int>> third;
    for (int p = 0; p < 10; ++p) {
        second[a[static_cast<std::size_t>(p)][1]].push_back(p);
        third[a[static_cast<std::size_t>(p)][2]].push_back(p);
    }
    EXPECT_EQ(second[0], (std::vector<int> { 4, 8 }));
    EXPECT_EQ(second[1], (std::vector<int> { 0, 9 }));
    EXPECT_EQ(second[2], (std::vector<int> { 1, 5 }));
    EXPECT_EQ(second[3], (std::vector<int> { 2, 6 }));
    EXPECT_EQ(second[4], (std::vector<int> { 3, 7 }));
    EXPECT_EQ(third[0], (std::vector<int> { 3, 7 }));
    EXPECT_EQ(third[1], (std::vector<int> { 4, 8 }));
    EXPECT_EQ(third[2], (std::vector<int> { 0, 9 }));
    EXPECT_EQ(third[3], (std::vector<int> { 1, 5 }));
    EXPECT_EQ(third[4], (std::vector<int> { 2, 6 }));
}

TEST(RackUnawareAssignment, EveryShapeGivesDistinctReplicasAndRoundRobinLeaders)
{
    for (int n = 1; n <= 7; ++n) {
        std::vector<int> brokers;
        for (int b = 0; b < n; ++b)
            brokers.push_back(100 + 3 * b);
        for (int rf = 1; rf <= n; ++rf) {
            for (int start = 0; start < n; ++start) {
                for (int shift = 0; shift < n; ++shift) {
                    const int partitions = 3 * n + 1;
                    const Assignment a = hw::assignReplicasRackUnaware(brokers, partitions, rf, start, shift);
                    SCOPED_TRACE("n=" + std::to_string(n) + " rf=" + std::to_string(rf)
                        + " start=" + std::to_string(start) + " shift=" + std::to_string(shift));
                    ASSERT_EQ(a.size(), static_cast<std::size_t>(partitions));
                    std::map<int, int> leaders;
                    for (int p = 0; p < partitions; ++p) {
                        const auto& replicas = a[static_cast<std::size_t>(p)];
                        ASSERT_EQ(replicas.size(), static_cast<std::size_t>(rf));
                        EXPECT_EQ(std::set<int>(replicas.begin(), replicas.end()).size(), replicas.size())
                            << "partition " << p;
                        EXPECT_EQ(replicas[0], brokers[static_cast<std::size_t>((p + start) % n)]) << "partition " << p;
                        for (int b : replicas)
                            EXPECT_NE(std::find(brokers.begin(), brokers.end(), b), brokers.end());
                        ++leaders[replicas[0]];
                    }
                    int fewest = partitions;
                    int most = 0;
                    for (int b : brokers) {
                        fewest = std::min(fewest, leaders[b]);
                        most = std::max(most, leaders[b]);
                    }
                    EXPECT_LE(most - fewest, 1);
                }
            }
        }
    }
}

} // namespace
