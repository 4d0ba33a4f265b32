// SPDX-License-Identifier: MIT
// Kafka's StripedReplicaPlacer, ported draw for draw (core/controller/striped_placer.h), against the
// cases of Kafka's own StripedReplicaPlacerTest (metadata/src/test/java/org/apache/kafka/metadata/
// placement/StripedReplicaPlacerTest.java, the same at 3.7.0 and 4.2.0-rc1), which draw from
// MockRandom(17). The X rows are HighWater's own, computed with docs/research/striped_placer_sim.py.

#include "controller/striped_placer.h"
#include "model/java_random.h"

#include <gtest/gtest.h>

#include <map>

namespace {

using hw::BrokerId;
using hw::MockRandom;
using hw::Placement;
using hw::PlacementError;
using hw::StripedRackList;
using hw::UsableBroker;

UsableBroker broker(BrokerId id, std::optional<std::string> rack, bool fenced)
{
    return { id, std::move(rack), fenced };
}

std::vector<BrokerId> placeOne(StripedRackList& racks, int replicationFactor)
{
    auto replicas = racks.place(replicationFactor);
    if (auto* error = std::get_if<PlacementError>(&replicas)) {
        ADD_FAILURE() << error->message;
        return {};
    }
    return std::get<std::vector<BrokerId>>(replicas);
}

Placement placeAll(
    const std::vector<UsableBroker>& brokers, int partitions, int replicationFactor, hw::JavaRandom& random)
{
    auto placement = hw::placeStriped(brokers, partitions, replicationFactor, random);
    if (auto* error = std::get_if<PlacementError>(&placement)) {
        ADD_FAILURE() << error->message;
        return {};
    }
    return std::get<Placement>(placement);
}

std::string errorOf(const std::variant<Placement, PlacementError>& placement)
{
    const auto* error = std::get_if<PlacementError>(&placement);
    return error ? error->message : std::string("no error");
}

std::string errorOf(const std::variant<std::vector<BrokerId>, PlacementError>& replicas)
{
    const auto* error = std::get_if<PlacementError>(&replicas);
    return error ? error->message : std::string("no error");
}

TEST(JavaRandom, DrawsJavaUtilRandomsSequence)
{
    // new Random(0).nextInt(100) is 60 on every JVM; the rest follow the same LCG.
    hw::JavaRandom zero(0);
    EXPECT_EQ(zero.nextInt(100), 60);
    EXPECT_EQ(zero.nextInt(100), 48);
    EXPECT_EQ(zero.nextInt(100), 29);
    hw::JavaRandom fortyTwo(42);
    std::vector<std::int32_t> draws;
    for (int i = 0; i < 6; ++i)
        draws.push_back(fortyTwo.nextInt(10));
    EXPECT_EQ(draws, (std::vector<std::int32_t> { 0, 3, 8, 4, 0, 5 }));
}

TEST(JavaRandom, MockRandomDrawsKafkasTestSequence)
{
    // server-common/src/test/java/org/apache/kafka/server/util/MockRandom.java from seed 17.
    MockRandom random;
    EXPECT_EQ(random.next(31), 1370951335);
    EXPECT_EQ(random.next(31), 1457695759);
    EXPECT_EQ(random.next(31), 324654877);
    MockRandom fives;
    std::vector<std::int32_t> draws;
    for (int i = 0; i < 6; ++i)
        draws.push_back(fives.nextInt(5));
    EXPECT_EQ(draws, (std::vector<std::int32_t> { 0, 4, 2, 2, 0, 0 }));
}

TEST(StripedPlacer, BrokerListGoesRoundFromAnOffsetThatMovesInEachNewEpoch)
{
    // StripedReplicaPlacerTest.testBrokerList
    hw::StripedBrokerList list;
    for (BrokerId b : { 0, 1, 2, 3 })
        list.add(b);
    std::vector<BrokerId> epoch0;
    for (int i = 0; i < 6; ++i)
        epoch0.push_back(list.next(0));
    EXPECT_EQ(epoch0, (std::vector<BrokerId> { 0, 1, 2, 3, -1, -1 }));
    std::vector<BrokerId> epoch1;
    for (int i = 0; i < 5; ++i)
        epoch1.push_back(list.next(1));
    EXPECT_EQ(epoch1, (std::vector<BrokerId> { 1, 2, 3, 0, -1 }));
    hw::StripedBrokerList empty;
    EXPECT_EQ(empty.size(), 0u);
    EXPECT_EQ(empty.next(1), -1);
}

TEST(StripedPlacer, AvoidsAFencedReplicaIfPossibleOnASingleRack)
{
    // StripedReplicaPlacerTest.testAvoidFencedReplicaIfPossibleOnSingleRack
    MockRandom random;
    StripedRackList racks(random,
        { broker(3, std::nullopt, false), broker(1, std::nullopt, true), broker(0, std::nullopt, false),
            broker(4, std::nullopt, false), broker(2, std::nullopt, false) });
    EXPECT_EQ(racks.totalBrokers(), 5);
    EXPECT_EQ(racks.unfencedBrokers(), 4);
    EXPECT_EQ(racks.rackNames(), (std::vector<std::optional<std::string>> { std::nullopt }));
    EXPECT_EQ(errorOf(racks.place(0)), "Invalid replication factor 0: the replication factor must be positive.");
    EXPECT_EQ(errorOf(racks.place(-1)), "Invalid replication factor -1: the replication factor must be positive.");
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 3, 4, 0, 2 }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 4, 0, 2, 3 }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 0, 2, 3, 4 }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 2, 3, 4, 0 }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 0, 4, 3, 2 })) << "after the reshuffle";
}

TEST(StripedPlacer, ManyPartitionsOnASingleUnfencedBrokerNeverReshuffle)
{
    // StripedReplicaPlacerTest.testMultiPartitionTopicPlacementOnSingleUnfencedBroker
    MockRandom random;
    EXPECT_EQ(placeAll({ broker(0, std::nullopt, false), broker(1, std::nullopt, true) }, 3, 1, random),
        (Placement { { 0 }, { 0 }, { 0 } }));
}

TEST(StripedPlacer, PlacesOnAFencedReplicaOnASingleRackWhenItMust)
{
    // StripedReplicaPlacerTest.testPlacementOnFencedReplicaOnSingleRack
    MockRandom random;
    StripedRackList racks(
        random, { broker(3, std::nullopt, false), broker(1, std::nullopt, true), broker(2, std::nullopt, false) });
    EXPECT_EQ(racks.totalBrokers(), 3);
    EXPECT_EQ(racks.unfencedBrokers(), 2);
    EXPECT_EQ(placeOne(racks, 3), (std::vector<BrokerId> { 3, 2, 1 }));
    EXPECT_EQ(placeOne(racks, 3), (std::vector<BrokerId> { 2, 3, 1 }));
    EXPECT_EQ(placeOne(racks, 3), (std::vector<BrokerId> { 3, 2, 1 }));
    EXPECT_EQ(placeOne(racks, 3), (std::vector<BrokerId> { 2, 3, 1 }));
}

TEST(StripedPlacer, StripesAcrossSeveralRacks)
{
    // StripedReplicaPlacerTest.testRackListWithMultipleRacks
    MockRandom random;
    StripedRackList racks(random,
        { broker(11, "1", false), broker(10, "1", false), broker(30, "3", false), broker(31, "3", false),
            broker(21, "2", false), broker(20, "2", true) });
    EXPECT_EQ(racks.totalBrokers(), 6);
    EXPECT_EQ(racks.unfencedBrokers(), 5);
    EXPECT_EQ(racks.rackNames(), (std::vector<std::optional<std::string>> { "1", "2", "3" }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 11, 21, 31, 10 }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 21, 30, 10, 20 }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 31, 11, 21, 30 }));
}

TEST(StripedPlacer, RacksWithoutAnUnfencedBrokerGiveFollowersOnly)
{
    // StripedReplicaPlacerTest.testRackListWithInvalidRacks
    MockRandom random;
    StripedRackList racks(random,
        { broker(11, "1", false), broker(10, "1", false), broker(30, "3", true), broker(31, "3", true),
            broker(20, "2", true), broker(21, "2", true), broker(41, "4", false), broker(40, "4", true) });
    EXPECT_EQ(racks.totalBrokers(), 8);
    EXPECT_EQ(racks.unfencedBrokers(), 3);
    EXPECT_EQ(racks.rackNames(), (std::vector<std::optional<std::string>> { "1", "2", "3", "4" }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 41, 11, 21, 30 }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 10, 20, 31, 41 }));
    EXPECT_EQ(placeOne(racks, 4), (std::vector<BrokerId> { 41, 21, 30, 11 }));
}

TEST(StripedPlacer, RefusesWhatCannotBePlacedInKafkasWords)
{
    // StripedReplicaPlacerTest.testAllBrokersFenced, testNotEnoughBrokers, testNonPositiveReplicationFactor
    MockRandom random;
    EXPECT_EQ(errorOf(hw::placeStriped({ broker(11, "1", true), broker(10, "1", true) }, 1, 1, random)),
        "All brokers are currently fenced.");
    const std::vector<UsableBroker> two = { broker(11, "1", false), broker(10, "1", false) };
    EXPECT_EQ(errorOf(hw::placeStriped(two, 1, 3, random)),
        "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered.");
    EXPECT_EQ(errorOf(hw::placeStriped(two, 1, 0, random)),
        "Invalid replication factor 0: the replication factor must be positive.");
}

TEST(StripedPlacer, TheRackListChecksTooFewBrokersBeforeAllFenced)
{
    // StripedReplicaPlacerTest.testRackListAllBrokersFenced, testRackListNotEnoughBrokers,
    // testRackListNonPositiveReplicationFactor
    MockRandom random;
    StripedRackList fenced(
        random, { broker(0, std::nullopt, true), broker(1, std::nullopt, true), broker(2, std::nullopt, true) });
    EXPECT_EQ(fenced.totalBrokers(), 3);
    EXPECT_EQ(fenced.unfencedBrokers(), 0);
    EXPECT_EQ(errorOf(fenced.place(3)), "All brokers are currently fenced.");
    StripedRackList two(random, { broker(11, "1", false), broker(10, "1", false) });
    EXPECT_EQ(errorOf(two.place(3)),
        "The target replication factor of 3 cannot be reached because only 2 broker(s) are registered.");
    EXPECT_EQ(errorOf(two.place(-1)), "Invalid replication factor -1: the replication factor must be positive.");
}

TEST(StripedPlacer, PlacesAFivePartitionTopic)
{
    // StripedReplicaPlacerTest.testSuccessfulPlacement
    MockRandom random;
    EXPECT_EQ(placeAll({ broker(0, std::nullopt, false), broker(3, std::nullopt, false), broker(2, std::nullopt, false),
                           broker(1, std::nullopt, false) },
                  5, 3, random),
        (Placement { { 2, 3, 0 }, { 3, 0, 1 }, { 0, 1, 2 }, { 1, 2, 3 }, { 1, 0, 2 } }));
}

TEST(StripedPlacer, SpreadsTwoHundredPartitionsEvenly)
{
    // StripedReplicaPlacerTest.testEvenDistribution
    MockRandom random;
    const Placement placement = placeAll({ broker(0, std::nullopt, false), broker(1, std::nullopt, false),
                                             broker(2, std::nullopt, false), broker(3, std::nullopt, false) },
        200, 2, random);
    std::map<std::vector<BrokerId>, int> counts;
    for (const std::vector<BrokerId>& replicas : placement)
        ++counts[replicas];
    const std::map<std::vector<BrokerId>, int> expected = { { { 0, 1 }, 14 }, { { 0, 2 }, 22 }, { { 0, 3 }, 14 },
        { { 1, 0 }, 17 }, { { 1, 2 }, 17 }, { { 1, 3 }, 16 }, { { 2, 0 }, 13 }, { { 2, 1 }, 17 }, { { 2, 3 }, 20 },
        { { 3, 0 }, 20 }, { { 3, 1 }, 19 }, { { 3, 2 }, 11 } };
    EXPECT_EQ(counts, expected);
}

TEST(StripedPlacer, HighWaterRowsComputedWithTheModel)
{
    // X1-X5 of docs/research/kafka-placement-and-version-plumbing.md, section A.6: not Kafka tests.
    // X4 and X5 use java.util.Random with a seed, as HighWater will seed one from the run's generator.
    {
        MockRandom random;
        EXPECT_EQ(
            placeAll({ broker(1, std::nullopt, false), broker(2, std::nullopt, false), broker(3, std::nullopt, false) },
                4, 3, random),
            (Placement { { 2, 3, 1 }, { 3, 1, 2 }, { 1, 2, 3 }, { 3, 2, 1 } }))
            << "X1";
    }
    const std::vector<UsableBroker> sixOnThreeRacks = { broker(1, "a", false), broker(2, "a", false),
        broker(3, "b", false), broker(4, "b", false), broker(5, "c", false), broker(6, "c", false) };
    {
        MockRandom random;
        EXPECT_EQ(placeAll(sixOnThreeRacks, 6, 3, random),
            (Placement { { 4, 5, 2 }, { 6, 1, 3 }, { 2, 4, 5 }, { 3, 6, 1 }, { 5, 2, 4 }, { 1, 3, 6 } }))
            << "X2";
    }
    {
        MockRandom random;
        EXPECT_EQ(
            placeAll({ broker(1, "a", false), broker(2, "b", true), broker(3, "c", false), broker(4, "c", false) }, 4,
                3, random),
            (Placement { { 3, 2, 1 }, { 4, 1, 2 }, { 1, 2, 3 }, { 1, 2, 3 } }))
            << "X3";
    }
    {
        hw::JavaRandom random(1);
        EXPECT_EQ(
            placeAll({ broker(1, std::nullopt, false), broker(2, std::nullopt, false), broker(3, std::nullopt, false) },
                4, 3, random),
            (Placement { { 1, 2, 3 }, { 2, 3, 1 }, { 3, 1, 2 }, { 3, 1, 2 } }))
            << "X4";
    }
    {
        hw::JavaRandom random(42);
        EXPECT_EQ(placeAll(sixOnThreeRacks, 6, 3, random),
            (Placement { { 6, 2, 3 }, { 1, 4, 5 }, { 3, 6, 2 }, { 5, 1, 4 }, { 2, 3, 6 }, { 4, 5, 1 } }))
            << "X5";
    }
}

TEST(StripedPlacer, RacksAreDrawnInJavaHashMapOrder)
{
    // "rack-1", "rack-2" and "rack-10" fall in HashMap buckets 6, 1 and 5: the racks draw their start
    // offsets as rack-2, rack-10, rack-1, and are placed in name order rack-1, rack-10, rack-2
    // (String.compareTo). The expected rows come from docs/research/striped_placer_sim.py; drawn in
    // insertion order instead, the same brokers would be placed [3, 5] [2, 1] [4, 6].
    MockRandom random;
    const std::vector<UsableBroker> brokers
        = { broker(1, "rack-1", false), broker(2, "rack-2", false), broker(3, "rack-10", false),
              broker(4, "rack-1", false), broker(5, "rack-2", false), broker(6, "rack-10", false) };
    EXPECT_EQ(StripedRackList(random, brokers).rackNames(),
        (std::vector<std::optional<std::string>> { "rack-1", "rack-10", "rack-2" }));
    MockRandom fresh;
    EXPECT_EQ(placeAll(brokers, 3, 2, fresh), (Placement { { 6, 5 }, { 2, 4 }, { 1, 3 } }));
}

} // namespace
