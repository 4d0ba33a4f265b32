// SPDX-License-Identifier: MIT
// Where a scenario's topics get their replicas (issue #13, "Placement"): topics without an assignment
// go through Kafka's StripedReplicaPlacer (core/controller/striped_placer.h), seeded from the run's
// generator at the first striped topic, as ReplicationControlManager.createTopic calls it (metadata/
// src/main/java/org/apache/kafka/controller/ReplicationControlManager.java at 4.2.0-rc1); `"placement":
// "rack-unaware"` keeps AdminUtils' rack-unaware assignment; `cluster.racks` gives brokers their rack.
// The expected assignments are HighWater's own rows, computed independently in Python with
// docs/research/striped_placer_sim.py (the placer, java.util.Random) and a port of the run's generator
// (core/model/rng.h): docs/research/striped_placer_scenario_rows.py prints them.

#include "controller/placement.h"
#include "engine/engine.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace {

using hw::BrokerId;
using Json = nlohmann::ordered_json;
using Assignment = std::vector<std::vector<BrokerId>>;

hw::Scenario parsed(const Json& document)
{
    auto result = hw::parseScenario(document.dump(2), "placement.json");
    if (const auto* error = std::get_if<hw::ScenarioError>(&result)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<hw::Scenario>(std::move(result));
}

/// A scenario of `brokers` brokers with `racks` (null: no cluster.racks) and the given topics.
Json scenario(std::uint64_t seed, int brokers, const Json& racks, const Json& topics)
{
    Json j { { "format", "highwater/1" }, { "name", "placement" }, { "seed", seed } };
    j["cluster"] = Json { { "brokers", brokers } };
    if (!racks.is_null())
        j["cluster"]["racks"] = racks;
    j["topics"] = topics;
    return j;
}

Json topic(const std::string& name, int partitions, int replicationFactor, const char* placement = nullptr)
{
    Json t { { "name", name }, { "partitions", partitions }, { "replication.factor", replicationFactor } };
    if (placement)
        t["placement"] = placement;
    return t;
}

/// Each partition's replicas of topic `topicIndex`, in assignment order.
Assignment assignmentOf(const hw::ClusterState& state, int topicIndex)
{
    Assignment out;
    const hw::Topic& t = state.topics[static_cast<std::size_t>(topicIndex)];
    for (int p = 0; p < t.partitionCount; ++p)
        out.push_back(state.partitions[static_cast<std::size_t>(t.firstPartition + p)].registration.replicas);
    return out;
}

/// At creation every broker is registered and unfenced: the ISR is every replica and the first leads.
void expectFirstReplicaLeadsAndAllAreInSync(const hw::ClusterState& state)
{
    for (const hw::Partition& p : state.partitions) {
        EXPECT_EQ(p.registration.isr, p.registration.replicas) << state.partitionName(p.topic);
        EXPECT_EQ(p.registration.leader, p.registration.replicas.front());
        for (const hw::Replica& r : p.replicas) {
            EXPECT_EQ(r.knownLeader, p.registration.leader);
            if (r.broker == p.registration.leader) {
                EXPECT_EQ(r.isr, p.registration.isr);
            }
        }
    }
}

TEST(TopicPlacement, SixBrokersInThreeRacksGetKafkasStripedPlacement)
{
    const hw::Scenario s
        = parsed(scenario(1, 6, Json { "a", "a", "b", "b", "c", "c" }, Json { topic("orders", 6, 3) }));
    const hw::ClusterState state = hw::Engine::createCluster(s.cluster);
    // Seed 1: the placer's Random is java.util.Random(the generator's first draw), whose draws are
    // (2 -> 1) (2 -> 1) (2 -> 1) for the three racks' start offsets and (3 -> 1) for the rack offset.
    EXPECT_EQ(assignmentOf(state, 0),
        (Assignment { { 4, 6, 2 }, { 5, 1, 3 }, { 2, 4, 6 }, { 3, 5, 1 }, { 6, 2, 4 }, { 1, 3, 5 } }));
    const std::vector<std::string> rackOf { "", "a", "a", "b", "b", "c", "c" };
    for (const auto& replicas : assignmentOf(state, 0)) {
        std::set<std::string> racks;
        for (BrokerId b : replicas)
            racks.insert(rackOf[static_cast<std::size_t>(b)]);
        EXPECT_EQ(racks.size(), 3u) << "every replica of a partition in another rack";
    }
    for (const hw::Broker& b : state.brokers)
        EXPECT_EQ(b.rack, std::optional<std::string>(rackOf[static_cast<std::size_t>(b.id)]));
    expectFirstReplicaLeadsAndAllAreInSync(state);
}

TEST(TopicPlacement, BrokersWithoutARackShareARackThatSortsFirst)
{
    // Racks: r1 = {1, 3}, no rack = {2}, r2 = {4}; the rack list is [no rack, r1, r2]. The fourth
    // partition comes after the reshuffle (as many partitions as unfenced brokers).
    const hw::Scenario s = parsed(scenario(5, 4, Json { "r1", nullptr, "r1", "r2" }, Json { topic("events", 4, 2) }));
    const hw::ClusterState state = hw::Engine::createCluster(s.cluster);
    EXPECT_EQ(assignmentOf(state, 0), (Assignment { { 3, 4 }, { 4, 2 }, { 2, 1 }, { 3, 4 } }));
    EXPECT_EQ(state.brokers[1].rack, std::nullopt);
    EXPECT_EQ(state.brokers[3].rack, std::optional<std::string>("r2"));
    expectFirstReplicaLeadsAndAllAreInSync(state);
}

TEST(TopicPlacement, WithoutRacksEveryBrokerIsInTheOneNoRackRack)
{
    const hw::Scenario s = parsed(scenario(1, 6, Json(nullptr), Json { topic("orders", 6, 3) }));
    const hw::ClusterState state = hw::Engine::createCluster(s.cluster);
    EXPECT_EQ(assignmentOf(state, 0),
        (Assignment { { 2, 3, 4 }, { 3, 4, 5 }, { 4, 5, 6 }, { 5, 6, 1 }, { 6, 1, 2 }, { 1, 2, 3 } }));
    for (const hw::Broker& b : state.brokers)
        EXPECT_EQ(b.rack, std::nullopt);
}

TEST(TopicPlacement, RackUnawareTopicsDrawAsBeforeAndStripedOnesShareOneRandom)
{
    // legacy draws the AdminUtils start index and shift (two draws of the generator); the placer's
    // Random is seeded by the third draw and then shared by orders and audit, as Kafka's controller
    // shares one Random between topic creations (each gets a new rack list).
    const hw::Scenario s = parsed(scenario(9, 3, Json(nullptr),
        Json { topic("legacy", 3, 2, "rack-unaware"), topic("orders", 3, 3), topic("audit", 2, 2, "striped") }));
    ASSERT_EQ(s.cluster.topics.size(), 3u);
    EXPECT_EQ(s.cluster.topics[0].placement, hw::PlacementKind::RackUnaware);
    EXPECT_EQ(s.cluster.topics[1].placement, hw::PlacementKind::Striped);
    EXPECT_EQ(s.cluster.topics[2].placement, hw::PlacementKind::Striped);
    const hw::ClusterState state = hw::Engine::createCluster(s.cluster);
    EXPECT_EQ(assignmentOf(state, 0), (Assignment { { 1, 2 }, { 2, 3 }, { 3, 1 } }));
    EXPECT_EQ(assignmentOf(state, 1), (Assignment { { 3, 1, 2 }, { 1, 2, 3 }, { 2, 3, 1 } }));
    EXPECT_EQ(assignmentOf(state, 2), (Assignment { { 1, 2 }, { 2, 3 } }));
    expectFirstReplicaLeadsAndAllAreInSync(state);
}

TEST(TopicPlacement, RackUnawareIsAdminUtilsAssignmentFromTwoDrawsAsBefore)
{
    const hw::Scenario s = parsed(scenario(1, 3, Json(nullptr), Json { topic("orders", 6, 3, "rack-unaware") }));
    const hw::ClusterState state = hw::Engine::createCluster(s.cluster);
    EXPECT_EQ(assignmentOf(state, 0),
        (Assignment { { 3, 2, 1 }, { 1, 3, 2 }, { 2, 1, 3 }, { 3, 1, 2 }, { 1, 2, 3 }, { 2, 3, 1 } }));
    // The same two draws of the generator, the same function: what every run placed before striping.
    hw::Rng rng(1);
    const int start = static_cast<int>(rng.below(3));
    const int shift = static_cast<int>(rng.below(3));
    EXPECT_EQ(assignmentOf(state, 0), hw::assignReplicasRackUnaware({ 1, 2, 3 }, 6, 3, start, shift));
    EXPECT_EQ(state.rng, rng) << "a rack-unaware topic draws twice, and nothing else draws";
}

TEST(TopicPlacement, RacksDoNotChangeARackUnawareAssignment)
{
    const Json topics { topic("orders", 6, 3, "rack-unaware") };
    const hw::ClusterState withRacks
        = hw::Engine::createCluster(parsed(scenario(3, 3, Json { "a", "b", "c" }, topics)).cluster);
    const hw::ClusterState withoutRacks
        = hw::Engine::createCluster(parsed(scenario(3, 3, Json(nullptr), topics)).cluster);
    EXPECT_EQ(assignmentOf(withRacks, 0), assignmentOf(withoutRacks, 0));
}

TEST(TopicPlacement, AnExplicitAssignmentDrawsNothingAndSeedsNoPlacer)
{
    Json t = topic("orders", 2, 2);
    t["assignment"] = Json { { 2, 1 }, { 1, 2 } };
    const hw::ClusterState state
        = hw::Engine::createCluster(parsed(scenario(11, 2, Json { "a", "b" }, Json { t })).cluster);
    EXPECT_EQ(assignmentOf(state, 0), (Assignment { { 2, 1 }, { 1, 2 } }));
    EXPECT_EQ(state.rng, hw::Rng(11)) << "the generator is untouched";
}

TEST(TopicPlacement, TheFirstStripedTopicDrawsOnceFromTheGenerator)
{
    const hw::ClusterState state = hw::Engine::createCluster(
        parsed(scenario(11, 3, Json(nullptr), Json { topic("a", 4, 2), topic("b", 4, 3) })).cluster);
    hw::Rng rng(11);
    rng.next();
    EXPECT_EQ(state.rng, rng);
}

TEST(TopicPlacement, TheSameSeedGivesTheSameAssignmentAndAnotherSeedAnother)
{
    const Json racks { "a", "a", "b", "b", "c", "c" };
    const Json topics { topic("orders", 6, 3), topic("audit", 5, 2) };
    const hw::ClusterState first = hw::Engine::createCluster(parsed(scenario(4, 6, racks, topics)).cluster);
    const hw::ClusterState again = hw::Engine::createCluster(parsed(scenario(4, 6, racks, topics)).cluster);
    EXPECT_EQ(first, again);
    EXPECT_EQ(assignmentOf(first, 0),
        (Assignment { { 1, 4, 6 }, { 3, 5, 2 }, { 6, 1, 4 }, { 2, 3, 5 }, { 4, 6, 1 }, { 5, 2, 3 } }));
    const hw::ClusterState other = hw::Engine::createCluster(parsed(scenario(1, 6, racks, topics)).cluster);
    EXPECT_NE(assignmentOf(first, 0), assignmentOf(other, 0));
}

TEST(TopicPlacement, RacksAndPlacementSurviveARoundTrip)
{
    Json pinned = topic("pinned", 1, 2);
    pinned["assignment"] = Json { { 2, 1 } };
    const hw::Scenario s = parsed(scenario(7, 4, Json { "eu-1", nullptr, "eu-2", "eu-1" },
        Json {
            topic("orders", 4, 3), topic("legacy", 2, 2, "rack-unaware"), topic("audit", 2, 2, "striped"), pinned }));
    const std::string text = hw::scenarioToJson(s);
    const Json written = Json::parse(text);
    EXPECT_EQ(written["cluster"]["racks"], (Json { "eu-1", nullptr, "eu-2", "eu-1" }));
    EXPECT_FALSE(written["topics"][0].contains("placement")) << "striped is the default, not written";
    EXPECT_EQ(written["topics"][1]["placement"], "rack-unaware");
    EXPECT_FALSE(written["topics"][2].contains("placement"));
    EXPECT_FALSE(written["topics"][3].contains("placement")) << "an assignment needs no placement";

    const hw::Scenario back = parsed(written);
    EXPECT_EQ(back.cluster.racks, s.cluster.racks);
    ASSERT_EQ(back.cluster.topics.size(), s.cluster.topics.size());
    for (std::size_t i = 0; i < s.cluster.topics.size(); ++i) {
        EXPECT_EQ(back.cluster.topics[i].placement, s.cluster.topics[i].placement) << i;
        EXPECT_EQ(back.cluster.topics[i].assignment, s.cluster.topics[i].assignment) << i;
    }
    EXPECT_EQ(hw::Engine::createCluster(back.cluster), hw::Engine::createCluster(s.cluster));
    EXPECT_EQ(hw::scenarioToJson(back), text);
}

TEST(TopicPlacement, RacksAreWrittenOnlyWhenABrokerHasOne)
{
    const Json noRacks
        = Json::parse(hw::scenarioToJson(parsed(scenario(1, 3, Json(nullptr), Json { topic("t", 1, 1) }))));
    EXPECT_FALSE(noRacks["cluster"].contains("racks"));
    const Json allNull = Json::parse(
        hw::scenarioToJson(parsed(scenario(1, 3, Json { nullptr, nullptr, nullptr }, Json { topic("t", 1, 1) }))));
    EXPECT_FALSE(allNull["cluster"].contains("racks")) << "three nulls say no more than no racks";
}

TEST(TopicPlacement, EveryFrameNamesEachBrokersRackOrNull)
{
    const hw::Scenario s = parsed(scenario(1, 3, Json { "a", nullptr, "c" }, Json { topic("orders", 1, 3) }));
    const hw::Timeline timeline(hw::Engine::createCluster(s.cluster));
    const Json frame = hw::frameToJson(timeline, 0, timeline.head());
    ASSERT_EQ(frame["brokers"].size(), 3u);
    EXPECT_EQ(frame["brokers"][0]["rack"], "a");
    EXPECT_TRUE(frame["brokers"][1]["rack"].is_null());
    EXPECT_EQ(frame["brokers"][2]["rack"], "c");
}

TEST(TopicPlacement, UsableBrokersAreTheRegisteredOnesNotShuttingDownWithTheirRacks)
{
    const hw::Scenario s = parsed(scenario(1, 3, Json { "b", "a", nullptr }, Json { topic("orders", 1, 3) }));
    hw::ClusterState state = hw::Engine::createCluster(s.cluster);
    state.registrations[0].fenced = true;
    state.registrations[2].inControlledShutdown = true;
    const std::vector<hw::UsableBroker> usable = hw::usableBrokers(state);
    ASSERT_EQ(usable.size(), 2u);
    EXPECT_EQ(usable[0].id, 1);
    EXPECT_EQ(usable[0].rack, std::optional<std::string>("b"));
    EXPECT_TRUE(usable[0].fenced) << "a fenced broker is usable (for follower replicas)";
    EXPECT_EQ(usable[1].id, 2);
    EXPECT_FALSE(usable[1].fenced);
    // The initial ISR leaves out fenced and shutting-down replicas, in replica order.
    EXPECT_EQ(hw::initialIsr(state, { 3, 1, 2 }), (std::vector<BrokerId> { 2 }));
}

} // namespace
