// SPDX-License-Identifier: MIT
// Observed frames (issue 29): a real cluster's polls as timeline frames. Replay of 2,000 seeded random
// polls rebuilds every frame exactly; a quiet poll adds nothing; a large cluster's poll costs what changed;
// the observed limits refuse with their name; invariants skip observed states only; the frame JSON of an
// observed frame (golden); the observe recording's JSON both ways and its errors on hostile input.

#include "check/invariants.h"
#include "model/limits.h"
#include "model/observed_state.h"
#include "scenario/frame_json.h"
#include "scenario/narration.h"
#include "scenario/observed_json.h"
#include "scenario/observed_recording.h"
#include "scenario/scenario.h"
#include "timeline/metrics.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using hw::ClusterState;
using hw::ObservedCluster;
using hw::Timeline;

// ---------------------------------------------------------------------------------------------
// A random real cluster that changes from poll to poll

struct World {
    std::mt19937_64 rng;
    ObservedCluster poll;
    std::vector<std::int32_t> nodes{0, 1, 2, 1001, 1002, 7};

    explicit World(std::uint64_t seed) : rng(seed)
    {
        poll.clusterId = "Zm9vYmFyLWNsdXN0ZXI";
        poll.controllerId = 1;
        poll.kafkaVersion = "4.1.x";
        poll.intervalMs = 500;
        poll.fencingKnown = true;
        poll.elrKnown = true;
        for (std::int32_t id : {0, 1, 2, 1001})
            poll.brokers.push_back(broker(id));
        for (int t = 0; t < 3; ++t)
            poll.topics.push_back(topic("t" + std::to_string(t)));
        poll.groups.push_back(group("classic-1", false));
        poll.groups.push_back(group("kip848-1", true));
    }

    bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; }
    int pick(int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); }

    static hw::ObservedBrokerFacts broker(std::int32_t id)
    {
        hw::ObservedBrokerFacts b;
        b.id = id;
        b.host = "kafka-" + std::to_string(id) + ".example";
        b.port = 9092;
        b.rack = id % 2 == 0 ? "rack-a" : "";
        return b;
    }

    hw::ObservedTopicFacts topic(const std::string& name)
    {
        hw::ObservedTopicFacts t;
        t.name = name;
        t.topicId = "id-" + name;
        if (chance(0.5))
            t.minInsyncReplicas = 2;
        const int partitions = 1 + pick(4);
        for (int p = 0; p < partitions; ++p) {
            hw::ObservedPartitionFacts f;
            f.partition = p;
            std::vector<std::int32_t> pool = nodes;
            std::shuffle(pool.begin(), pool.end(), rng);
            f.replicas.assign(pool.begin(), pool.begin() + 3);
            f.isr = f.replicas;
            f.leader = f.replicas[0];
            f.leaderEpoch = 0;
            f.elr = std::vector<std::int32_t>();
            f.lastKnownElr = std::vector<std::int32_t>();
            for (std::int32_t r : f.replicas) {
                hw::ObservedReplicaFacts facts;
                facts.broker = r;
                facts.logStart = 0;
                facts.leo = 0;
                facts.hw = 0;
                f.replicaFacts.push_back(facts);
            }
            t.partitions.push_back(f);
        }
        return t;
    }

    hw::ObservedGroupFacts group(const std::string& id, bool kip848)
    {
        hw::ObservedGroupFacts g;
        g.id = id;
        g.type = kip848 ? "consumer" : "classic";
        g.state = "Stable";
        g.protocolType = kip848 ? "" : "consumer";
        g.protocol = kip848 ? "uniform" : "range";
        g.coordinator = 1;
        g.groupEpoch = kip848 ? 3 : -1;
        g.assignmentEpoch = kip848 ? 3 : -1;
        hw::ObservedGroupMember m;
        m.memberId = id + "-m1";
        m.clientId = "app";
        m.clientHost = "/10.0.0.1";
        m.memberEpoch = kip848 ? 3 : -1;
        m.assignment = {{"t0", 0}};
        if (kip848)
            m.targetAssignment = {{"t0", 0}};
        g.members.push_back(m);
        g.committed = {{"t0", 0, 0}};
        return g;
    }

    /// The next poll: most of it as before, some of everything changed.
    void next()
    {
        poll.timeMs += poll.intervalMs + pick(50);
        poll.pollMs = 5 + pick(40);
        poll.stretched = chance(0.02);
        if (chance(0.05)) {
            // A broker leaves or comes back, or a new node appears.
            const std::int32_t id = nodes[static_cast<std::size_t>(pick(static_cast<int>(nodes.size())))];
            auto it = std::find_if(poll.brokers.begin(), poll.brokers.end(), [&](const auto& b) { return b.id == id; });
            if (it == poll.brokers.end())
                poll.brokers.push_back(broker(id));
            else
                poll.brokers.erase(it);
        }
        for (hw::ObservedBrokerFacts& b : poll.brokers) {
            if (chance(0.03))
                b.fenced = !b.fenced;
            if (chance(0.03)) {
                b.answered = !b.answered;
                b.error = b.answered ? "" : "timed out after 10000 ms";
            }
        }
        if (chance(0.02) && poll.topics.size() < 6)
            poll.topics.push_back(topic("t" + std::to_string(poll.timeMs)));
        if (chance(0.015) && poll.topics.size() > 1)
            poll.topics.erase(poll.topics.begin() + pick(static_cast<int>(poll.topics.size())));
        for (hw::ObservedTopicFacts& t : poll.topics) {
            for (hw::ObservedPartitionFacts& p : t.partitions)
                changePartition(p);
        }
        for (hw::ObservedGroupFacts& g : poll.groups) {
            if (chance(0.2))
                g.committed[0].offset += pick(5);
            if (g.type == "consumer" && chance(0.05)) {
                ++g.groupEpoch;
                g.state = chance(0.5) ? "Reconciling" : "Stable";
                g.members[0].memberEpoch = g.groupEpoch;
            }
        }
        if (chance(0.02)) {
            if (poll.groups.size() > 2)
                poll.groups.pop_back();
            else
                poll.groups.push_back(group("g" + std::to_string(poll.timeMs), chance(0.5)));
        }
    }

    void changePartition(hw::ObservedPartitionFacts& p)
    {
        if (chance(0.15)) {
            for (hw::ObservedReplicaFacts& r : p.replicaFacts) {
                if (chance(0.1)) {
                    r.leo.reset(); // the broker did not answer
                    r.hw.reset();
                    continue;
                }
                const hw::Offset leo = r.leo.value_or(0) + pick(20);
                r.leo = leo;
                // Not an atomic snapshot: the HW may be read above the LEO.
                r.hw = chance(0.1) ? leo + 1 + pick(3) : leo - std::min<hw::Offset>(leo, pick(5));
                if (chance(0.05))
                    r.logStart = std::min(leo, r.logStart.value_or(0) + pick(10));
            }
        }
        if (chance(0.03)) {
            // The leader moves (or the partition goes offline).
            p.leader = chance(0.1) ? -1 : p.isr.empty() ? p.replicas[0] : p.isr[static_cast<std::size_t>(pick(static_cast<int>(p.isr.size())))];
            ++p.leaderEpoch;
        }
        if (chance(0.04) && p.isr.size() > 1) {
            p.elr->push_back(p.isr.back());
            std::sort(p.elr->begin(), p.elr->end());
            p.isr.pop_back();
        }
        if (chance(0.04) && p.isr.size() < p.replicas.size()) {
            for (std::int32_t r : p.replicas) {
                if (std::find(p.isr.begin(), p.isr.end(), r) == p.isr.end()) {
                    p.isr.push_back(r);
                    p.elr->erase(std::remove(p.elr->begin(), p.elr->end(), r), p.elr->end());
                    break;
                }
            }
        }
    }
};

// ---------------------------------------------------------------------------------------------
// Replay

void expectReplayExact(std::uint64_t seed, int snapshotInterval, bool dropOldest)
{
    World world(seed);
    Timeline timeline(hw::observedState(world.poll), snapshotInterval);
    std::map<std::int64_t, ClusterState> heads;
    heads.emplace(0, timeline.head());
    timeline.setObserver([&](const ClusterState& head, const hw::FrameInfo&) { heads[timeline.frameCount() - 1] = head; });
    if (dropOldest) {
        timeline.setMemoryBudget(hw::limits::historyBytesMin);
        timeline.setDropsOldestFrames(true);
    }
    int quiet = 0;
    for (int poll = 0; poll < 2000; ++poll) {
        if (world.chance(0.1)) {
            // Nothing but the clock: no frame, and the timeline keeps nothing.
            world.poll.timeMs += world.poll.intervalMs;
            world.poll.pollMs += 1;
            const std::size_t ops = timeline.operationCount();
            const std::uint64_t bytes = timeline.historyBytes();
            EXPECT_EQ(timeline.applyObserved(world.poll), std::nullopt) << "poll " << poll;
            EXPECT_EQ(timeline.operationCount(), ops);
            EXPECT_EQ(timeline.historyBytes(), bytes);
            ++quiet;
            continue;
        }
        world.next();
        const std::int64_t frames = timeline.frameCount();
        const auto frame = timeline.applyObserved(world.poll);
        if (frame) {
            EXPECT_EQ(*frame, frames);
            EXPECT_EQ(timeline.frame(*frame).event.type, hw::EventType::ObservedPoll);
        }
        // The head shows the poll, as a fresh state built from it would (brokers keep their model ids).
        ClusterState fresh = hw::observedState(world.poll, &timeline.head());
        if (!frame) {
            // A poll that changed nothing visible is not kept: the head keeps the time of the poll before.
            fresh.nowMs = timeline.head().nowMs;
            fresh.observed->poll.timeMs = timeline.head().observed->poll.timeMs;
            fresh.observed->poll.pollMs = timeline.head().observed->poll.pollMs;
        }
        ASSERT_TRUE(fresh == timeline.head()) << "seed " << seed << " poll " << poll;
    }
    EXPECT_GT(quiet, 100);
    ASSERT_GT(timeline.frameCount(), 1500);
    if (dropOldest)
        EXPECT_GT(timeline.firstFrame(), 0) << "the budget of 1 MiB should have dropped frames";
    else
        EXPECT_EQ(timeline.firstFrame(), 0);
    for (std::int64_t f = timeline.firstFrame(); f < timeline.frameCount(); ++f)
        ASSERT_TRUE(timeline.stateAt(f) == heads.at(f)) << "seed " << seed << " frame " << f;
    // Backwards too (no cache to lean on).
    for (std::int64_t f = timeline.frameCount() - 1; f >= timeline.firstFrame(); f -= 37)
        ASSERT_TRUE(timeline.stateAt(f) == heads.at(f)) << "seed " << seed << " frame " << f << " (backwards)";
}

TEST(ObservedReplay, TwoThousandRandomPollsRebuildEveryFrameExactly)
{
    expectReplayExact(1, 7, false);
    expectReplayExact(29, 64, false);
    expectReplayExact(4242, 0, false);
}

TEST(ObservedReplay, DroppingTheOldestFramesKeepsTheRestExact)
{
    expectReplayExact(7, 16, true);
}

TEST(ObservedReplay, APollEqualToThePreviousAddsNoFrame)
{
    World world(3);
    Timeline timeline(hw::observedState(world.poll));
    EXPECT_EQ(timeline.frameCount(), 1);
    EXPECT_EQ(timeline.frame(0).event.type, hw::EventType::ObservedPoll);
    EXPECT_EQ(timeline.frame(0).event.detail, 1);
    EXPECT_EQ(timeline.applyObserved(world.poll), std::nullopt);
    world.poll.timeMs += 1000;
    world.poll.pollMs = 77;
    EXPECT_EQ(timeline.applyObserved(world.poll), std::nullopt);
    EXPECT_EQ(timeline.frameCount(), 1);
    world.poll.stretched = true; // the view says so: a frame
    EXPECT_EQ(timeline.applyObserved(world.poll), std::optional<std::int64_t>(1));
}

TEST(ObservedReplay, ForkingAnObservedTimelineGoesOnFromTheFrame)
{
    World world(11);
    Timeline timeline(hw::observedState(world.poll), 8);
    for (int i = 0; i < 100; ++i) {
        world.next();
        timeline.applyObserved(world.poll);
    }
    const std::int64_t keep = timeline.frameCount() / 2;
    const ClusterState at = timeline.stateAt(keep);
    timeline.forkAt(keep);
    EXPECT_TRUE(timeline.head() == at);
    EXPECT_LE(timeline.observedCount(), static_cast<std::size_t>(keep));
    for (int i = 0; i < 50; ++i) {
        world.next();
        timeline.applyObserved(world.poll);
    }
    const ClusterState head = timeline.head();
    EXPECT_TRUE(timeline.stateAt(timeline.frameCount() - 1) == head);
    EXPECT_TRUE(timeline.stateAt(keep) == at);
}

TEST(ObservedReplay, ApplyingAPollToASimulatedTimelineIsRefused)
{
    Timeline timeline{ClusterState()};
    EXPECT_THROW(timeline.applyObserved(ObservedCluster()), std::logic_error);
}

// ---------------------------------------------------------------------------------------------
// The state: brokers, offsets, health

TEST(ObservedState, BrokersKeepTheModelsNumberingBesideTheirRealIds)
{
    World world(5);
    ClusterState s = hw::observedState(world.poll);
    ASSERT_TRUE(s.observed);
    ASSERT_EQ(s.brokers.size(), s.observed->brokers.size());
    for (std::size_t i = 0; i < s.brokers.size(); ++i)
        EXPECT_EQ(s.brokers[i].id, static_cast<hw::BrokerId>(i) + 1);
    EXPECT_EQ(s.observed->realBroker(1), 0);
    EXPECT_EQ(s.observed->realBroker(4), 1001);
    EXPECT_EQ(s.observed->modelBroker(1001), 4);
    // Broker 1 leaves: it keeps model id 2, not registered; a new node 55 is appended as 1 + the last.
    ObservedCluster next = world.poll;
    next.brokers.erase(next.brokers.begin() + 1);
    next.brokers.push_back(World::broker(55));
    ClusterState t = hw::observedState(next, &s);
    EXPECT_EQ(t.observed->modelBroker(1), 2);
    EXPECT_FALSE(t.observed->brokers[1].present);
    EXPECT_FALSE(t.brokers[1].alive);
    EXPECT_FALSE(t.brokers[1].registered);
    EXPECT_TRUE(t.registrations[1].fenced);
    EXPECT_EQ(t.observed->realBroker(t.observed->modelBroker(55)), 55);
    EXPECT_GT(t.observed->modelBroker(55), 4);
}

TEST(ObservedState, OffsetsReadThroughTheLogAndUnknownStaysUnknown)
{
    ObservedCluster poll;
    poll.brokers = {World::broker(1001), World::broker(1002)};
    hw::ObservedTopicFacts t;
    t.name = "orders";
    t.minInsyncReplicas = 2;
    hw::ObservedPartitionFacts p;
    p.partition = 0;
    p.leader = 1002;
    p.leaderEpoch = 7;
    p.replicas = {1002, 1001};
    p.isr = {1002};
    p.replicaFacts = {{1002, 10, 120, 125, ""}, {1001, std::nullopt, std::nullopt, std::nullopt, ""}};
    t.partitions.push_back(p);
    poll.topics.push_back(t);
    const ClusterState s = hw::observedState(poll);
    const hw::Partition& part = s.partitions[0];
    EXPECT_EQ(part.registration.leader, 2);
    EXPECT_EQ(part.registration.leaderEpoch, 7);
    EXPECT_EQ(part.registration.replicas, (std::vector<hw::BrokerId>{2, 1}));
    EXPECT_EQ(part.replicas[0].log.leo(), 120);
    EXPECT_EQ(part.replicas[0].log.logStart, 10);
    EXPECT_EQ(part.replicas[0].hw, 125); // above the LEO: a fact of the poll
    EXPECT_FALSE(part.replicas[0].log.holds(119)); // offsets only, no records
    EXPECT_TRUE(part.replicas[0].isLeader());
    EXPECT_EQ(part.replicas[1].log.leo(), -1);
    EXPECT_EQ(part.replicas[1].hw, -1);
    EXPECT_FALSE(part.observed->facts.replicaFacts[1].leo.has_value());
    EXPECT_EQ(part.observed->health, hw::PartitionHealth::UnderMinIsr);
}

// ---------------------------------------------------------------------------------------------
// Size and limits

ObservedCluster bigCluster(int partitions)
{
    ObservedCluster poll;
    poll.clusterId = "big";
    for (std::int32_t id = 1; id <= 6; ++id)
        poll.brokers.push_back(World::broker(id));
    const int perTopic = 64;
    for (int t = 0; t * perTopic < partitions; ++t) {
        hw::ObservedTopicFacts topic;
        topic.name = "topic-" + std::to_string(t);
        for (int p = 0; p < perTopic && t * perTopic + p < partitions; ++p) {
            hw::ObservedPartitionFacts f;
            f.partition = p;
            const std::int32_t first = 1 + (t + p) % 6;
            f.replicas = {first, 1 + first % 6, 1 + (first + 1) % 6};
            f.isr = f.replicas;
            f.leader = first;
            f.leaderEpoch = 1;
            for (std::int32_t r : f.replicas)
                f.replicaFacts.push_back({r, 0, 1000, 1000, ""});
            topic.partitions.push_back(f);
        }
        poll.topics.push_back(topic);
    }
    return poll;
}

TEST(ObservedSize, APollOfAQuietBigClusterCostsWhatChanged)
{
    ObservedCluster poll = bigCluster(hw::limits::observedPartitionsMax);
    ASSERT_EQ(poll.topics.size(), 128u);
    Timeline timeline(hw::observedState(poll));
    ASSERT_EQ(timeline.head().partitions.size(), 8192u);
    const std::size_t perPartition = hw::estimateStateBytes(timeline.head()) / 8192;
    auto changeAndMeasure = [&](int count) {
        for (int i = 0; i < count; ++i) {
            auto& f = poll.topics[static_cast<std::size_t>(i * 7 % 128)].partitions[static_cast<std::size_t>(i % 64)];
            for (auto& r : f.replicaFacts)
                *r.leo += 5;
        }
        poll.timeMs += 1000;
        const std::uint64_t before = timeline.historyBytes();
        EXPECT_TRUE(timeline.applyObserved(poll).has_value());
        return timeline.historyBytes() - before;
    };
    const std::uint64_t ten = changeAndMeasure(10);
    const ClusterState afterTen = timeline.head();
    EXPECT_GE(ten, 10 * perPartition / 2) << "per partition " << perPartition;
    EXPECT_LE(ten, 10 * perPartition * 2 + 2048) << "per partition " << perPartition;
    // An hour of quiet 1 s polls keeps nothing.
    const std::uint64_t bytes = timeline.historyBytes();
    for (int i = 0; i < 50; ++i) {
        poll.timeMs += 1000;
        EXPECT_FALSE(timeline.applyObserved(poll).has_value());
    }
    EXPECT_EQ(timeline.historyBytes(), bytes);
    const std::uint64_t hundred = changeAndMeasure(100);
    EXPECT_GE(hundred, 100 * perPartition / 2);
    EXPECT_LE(hundred, 100 * perPartition * 2 + 2048);
    EXPECT_TRUE(timeline.stateAt(timeline.frameCount() - 1) == timeline.head());
    EXPECT_TRUE(timeline.stateAt(1) == afterTen);
}

TEST(ObservedSize, AStateAboveALimitIsRefusedNamingIt)
{
    auto expectRefused = [](const ObservedCluster& poll, const std::string& limit) {
        try {
            hw::observedState(poll);
            ADD_FAILURE() << "not refused: " << limit;
        } catch (const hw::ObservedLimitExceeded& e) {
            EXPECT_NE(std::string(e.what()).find(limit), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("--topics"), std::string::npos) << e.what();
        }
    };
    expectRefused(bigCluster(hw::limits::observedPartitionsMax + 1), "observedPartitionsMax (8192)");
    ObservedCluster topics;
    for (int t = 0; t <= hw::limits::observedTopicsMax; ++t)
        topics.topics.push_back(hw::ObservedTopicFacts{"t" + std::to_string(t), "", std::nullopt, {}});
    expectRefused(topics, "observedTopicsMax (256)");
    ObservedCluster brokers;
    for (int b = 0; b <= hw::limits::observedBrokersMax; ++b)
        brokers.brokers.push_back(World::broker(b));
    expectRefused(brokers, "observedBrokersMax (32)");
    ObservedCluster groups;
    for (int g = 0; g <= hw::limits::observedGroupsMax; ++g)
        groups.groups.push_back(hw::ObservedGroupFacts{"g" + std::to_string(g), "classic", "Empty", "consumer", "", 1, -1, -1, {}, {}});
    expectRefused(groups, "observedGroupsMax (1024)");
    ObservedCluster members;
    members.groups.push_back(hw::ObservedGroupFacts{"g", "consumer", "Stable", "", "uniform", 1, 1, 1, {}, {}});
    members.groups[0].members.resize(hw::limits::observedGroupMembersMax + 1);
    expectRefused(members, "observedGroupMembersMax (1024)");

    // The simulation's limits (16 topics, 64 partitions a topic) do not apply.
    ObservedCluster many = bigCluster(4000);
    many.topics[0].partitions.clear();
    for (int p = 0; p < 200; ++p)
        many.topics[0].partitions.push_back(hw::ObservedPartitionFacts{p, 1, 0, {1}, {1}, std::nullopt, std::nullopt, {}, {}});
    EXPECT_NO_THROW(hw::observedState(many));

    // A timeline refuses the poll and stays as it was.
    World world(9);
    Timeline timeline(hw::observedState(world.poll));
    const std::uint64_t bytes = timeline.historyBytes();
    EXPECT_THROW(timeline.applyObserved(bigCluster(hw::limits::observedPartitionsMax + 1)), hw::ObservedLimitExceeded);
    EXPECT_EQ(timeline.frameCount(), 1);
    EXPECT_EQ(timeline.historyBytes(), bytes);
    // Nodes seen over the timeline count too: 32 different ones over two polls is the most.
    ObservedCluster first;
    for (int b = 0; b < 20; ++b)
        first.brokers.push_back(World::broker(b));
    Timeline churn(hw::observedState(first));
    ObservedCluster second;
    for (int b = 100; b < 113; ++b)
        second.brokers.push_back(World::broker(b));
    EXPECT_THROW(churn.applyObserved(second), hw::ObservedLimitExceeded);
}

// ---------------------------------------------------------------------------------------------
// Invariants

TEST(ObservedInvariants, SkippedForObservedStatesAndStillRunForSimulatedOnes)
{
    ObservedCluster poll;
    poll.brokers = {World::broker(1)};
    hw::ObservedTopicFacts t;
    t.name = "orders";
    // HW above LEO, an empty ISR, a leader outside it: what a poll can show.
    t.partitions.push_back(hw::ObservedPartitionFacts{0, 1, 3, {1}, {}, std::nullopt, std::nullopt, {}, {{1, 5, 10, 12, ""}}});
    poll.topics.push_back(t);
    const ClusterState observed = hw::observedState(poll);
    hw::InvariantChecker checker;
    EXPECT_TRUE(checker.check(observed).empty());

    // The same wrongs in a simulated state are reported.
    auto loaded = hw::loadScenario("builtin:leo-hw-walkthrough");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded));
    auto played = hw::playScenario(std::get<hw::Scenario>(loaded));
    ASSERT_TRUE(std::holds_alternative<Timeline>(played));
    ClusterState simulated = std::get<Timeline>(played).head();
    hw::InvariantChecker fresh;
    EXPECT_TRUE(fresh.check(simulated).empty());
    simulated.partitions[0].replicas[0].hw = simulated.partitions[0].replicas[0].log.leo() + 2;
    EXPECT_FALSE(fresh.check(simulated).empty());
}

// ---------------------------------------------------------------------------------------------
// Frame JSON (golden) and narration

ObservedCluster smallPoll()
{
    ObservedCluster poll;
    poll.clusterId = "MkU3OEVBNTcwNTJENDM2Qk";
    poll.controllerId = 1002;
    poll.kafkaVersion = "4.1.x";
    poll.timeMs = 0;
    poll.intervalMs = 1000;
    poll.pollMs = 12;
    poll.fencingKnown = true;
    poll.elrKnown = true;
    hw::ObservedBrokerFacts b1 = World::broker(1001);
    hw::ObservedBrokerFacts b2 = World::broker(1002);
    hw::ObservedBrokerFacts b3 = World::broker(1003);
    poll.brokers = {b1, b2, b3};
    hw::ObservedTopicFacts t;
    t.name = "orders";
    t.topicId = "b2KQ8EtgR8Wd2Oq3pD9eXw";
    t.minInsyncReplicas = 2;
    t.partitions.push_back(hw::ObservedPartitionFacts{0, 1001, 4, {1001, 1002, 1003}, {1001, 1002, 1003},
                                                      std::vector<std::int32_t>{}, std::vector<std::int32_t>{}, {},
                                                      {{1001, 0, 42, 40, ""}, {1002, 0, 42, 40, ""}, {1003, 0, 40, 40, ""}}});
    poll.topics.push_back(t);
    hw::ObservedGroupFacts g{"billing", "consumer", "Stable", "", "uniform", 1002, 5, 5, {}, {{"orders", 0, 30}}};
    g.members.push_back(hw::ObservedGroupMember{"m-1", "", "billing-app", "/10.0.0.9", 5, {{"orders", 0}}, {{"orders", 0}}});
    poll.groups.push_back(g);
    return poll;
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(ObservedFrameJson, OneSmallObservedFrameAsRecorded)
{
    ObservedCluster poll = smallPoll();
    Timeline timeline(hw::observedState(poll));
    // The next poll: broker 1003 is fenced and leaves the ISR, the HW moves, the leader's LEO too, and
    // broker 1002 does not answer for its replica.
    poll.timeMs = 1000;
    poll.brokers[2].fenced = true;
    auto& p = poll.topics[0].partitions[0];
    p.isr = {1001, 1002};
    p.replicaFacts[0] = {1001, 0, 45, 42, ""};
    p.replicaFacts[1] = {1002, std::nullopt, std::nullopt, std::nullopt, ""};
    poll.groups[0].committed[0].offset = 41;
    ASSERT_EQ(timeline.applyObserved(poll), std::optional<std::int64_t>(1));
    const std::string dump = hw::frameToJson(timeline, 1, timeline.stateAt(1)).dump(2) + "\n";
    const std::string golden = std::string(HW_TEST_DATA_DIR) + "/observed-frame.golden.json";
    // HW_UPDATE_GOLDEN=1 writes the golden file anew (review its diff before committing it).
    if (std::getenv("HW_UPDATE_GOLDEN"))
        std::ofstream(golden) << dump;
    EXPECT_EQ(dump, readFile(golden));
}

TEST(ObservedFrameJson, FrameZeroAndTheNarrationNameRealBrokers)
{
    ObservedCluster poll = smallPoll();
    Timeline timeline(hw::observedState(poll));
    const auto zero = hw::frameToJson(timeline, 0, timeline.stateAt(0));
    EXPECT_EQ(zero["event"]["type"], "observed-poll");
    EXPECT_EQ(zero["event"]["first_poll"], true);
    EXPECT_EQ(zero["narration"], "First poll of the cluster, observed every 1000 ms: 3 broker(s), 1 topic(s), 1 partition(s), 1 group(s).");
    poll.timeMs = 1000;
    poll.brokers[1].answered = false;
    ASSERT_TRUE(timeline.applyObserved(poll));
    const ClusterState s = timeline.stateAt(1);
    const std::string text = hw::narrate(timeline.frame(1).event, s);
    EXPECT_NE(text.find("Broker(s) {1002} went down"), std::string::npos) << text;
    const auto frame = hw::frameToJson(timeline, 1, s);
    EXPECT_EQ(frame["event"]["brokers_down"], nlohmann::ordered_json::array({1002}));
    EXPECT_EQ(frame["brokers"][1]["state"], "not-answering");
}

TEST(ObservedMetrics, TheChartsPlotOffsetsIsrAndTheLagOfObservedGroups)
{
    ObservedCluster poll = smallPoll();
    Timeline timeline(hw::observedState(poll));
    hw::RunMetrics metrics;
    metrics.reset(timeline.head());
    timeline.setObserver([&](const ClusterState& head, const hw::FrameInfo&) { metrics.record(head); });
    // Frame 1: the HW moves to 44 and the group commits 41 (lag 3); frame 2: the group is gone and the
    // leader's offsets are not known.
    poll.timeMs = 1000;
    poll.topics[0].partitions[0].replicaFacts[0] = {1001, 0, 44, 44, ""};
    poll.groups[0].committed[0].offset = 41;
    ASSERT_TRUE(timeline.applyObserved(poll));
    poll.timeMs = 2000;
    poll.topics[0].partitions[0].isr = {1001, 1002};
    poll.topics[0].partitions[0].replicaFacts[0] = {1001, std::nullopt, std::nullopt, std::nullopt, ""};
    poll.groups.clear();
    ASSERT_TRUE(timeline.applyObserved(poll));
    ASSERT_EQ(metrics.frameCount(), 3);
    ASSERT_EQ(metrics.partitions().size(), 1u);
    const hw::PartitionMetrics& pm = metrics.partitions()[0];
    EXPECT_EQ(pm.leo[0].valueAtFrame(0), std::optional<std::int64_t>(42));
    EXPECT_EQ(pm.leo[0].valueAtFrame(1), std::optional<std::int64_t>(44));
    EXPECT_EQ(pm.leo[0].valueAtFrame(2), std::optional<std::int64_t>(hw::StepSeries::unknownValue));
    EXPECT_EQ(pm.hw.valueAtFrame(0), std::optional<std::int64_t>(40));
    EXPECT_EQ(pm.hw.valueAtFrame(1), std::optional<std::int64_t>(44));
    EXPECT_EQ(pm.hw.valueAtFrame(2), std::optional<std::int64_t>(hw::StepSeries::unknownValue));
    EXPECT_EQ(pm.isrSize.valueAtFrame(2), std::optional<std::int64_t>(2));
    ASSERT_EQ(metrics.observedGroupIds(), std::vector<std::string>{"billing"});
    ASSERT_EQ(metrics.groups().size(), 1u);
    const hw::GroupMetrics& gm = metrics.groups()[0];
    EXPECT_EQ(gm.totalLag.valueAtFrame(0), std::optional<std::int64_t>(10)); // HW 40 - committed 30
    EXPECT_EQ(gm.totalLag.valueAtFrame(1), std::optional<std::int64_t>(3));
    EXPECT_EQ(gm.totalLag.valueAtFrame(2), std::optional<std::int64_t>(hw::StepSeries::unknownValue));
}

TEST(ObservedMetrics, EachPartitionKeepsItsSeriesWhenTopicsComeAndGo)
{
    // 600 random polls (topics created and deleted among them): every frame's partition maps to the slot of
    // its topic and number, and each series holds that partition's own LEO at every frame.
    World world(23);
    Timeline timeline(hw::observedState(world.poll));
    hw::RunMetrics metrics;
    metrics.reset(timeline.head());
    timeline.setObserver([&](const ClusterState& head, const hw::FrameInfo&) { metrics.record(head); });
    std::vector<ClusterState> states{timeline.head()};
    int topicChanges = 0;
    for (int i = 0; i < 600; ++i) {
        const std::size_t topicsBefore = world.poll.topics.size();
        world.next();
        world.poll.timeMs = 100 * (i + 1);
        topicChanges += world.poll.topics.size() != topicsBefore ? 1 : 0;
        if (timeline.applyObserved(world.poll))
            states.push_back(timeline.head());
    }
    ASSERT_GT(topicChanges, 3) << "the seed must create and delete topics";
    ASSERT_EQ(metrics.frameCount(), static_cast<std::int64_t>(states.size()));
    for (std::size_t f = 0; f < states.size(); ++f) {
        const ClusterState& state = states[f];
        for (std::size_t p = 0; p < state.partitions.size(); ++p) {
            const hw::Partition& partition = state.partitions[p];
            const std::int32_t slot = metrics.partitionSlot(state, static_cast<std::int32_t>(p));
            ASSERT_GE(slot, 0);
            const hw::ObservedTopicPartition& key = metrics.observedPartitions()[static_cast<std::size_t>(slot)];
            EXPECT_EQ(key.topic, state.topics[static_cast<std::size_t>(partition.topic)].name);
            EXPECT_EQ(key.partition, partition.index);
            const hw::PartitionMetrics& pm = metrics.partitions()[static_cast<std::size_t>(slot)];
            for (std::size_t r = 0; r < partition.replicas.size() && r < pm.leo.size(); ++r) {
                const hw::Offset leo = partition.replicas[r].log.leo();
                EXPECT_EQ(pm.leo[r].valueAtFrame(static_cast<std::int64_t>(f)),
                          std::optional<std::int64_t>(leo)) << "frame " << f << " " << key.topic << "-" << key.partition;
            }
        }
    }
    // Slots are never reused: one per topic and number ever seen.
    std::set<std::pair<std::string, std::int32_t>> keys;
    for (const hw::ObservedTopicPartition& key : metrics.observedPartitions())
        EXPECT_TRUE(keys.insert({key.topic, key.partition}).second);
}

// ---------------------------------------------------------------------------------------------
// observed_json

TEST(ObservedJson, ARecordingRoundTrips)
{
    World world(17);
    hw::ObservedRecording recording;
    recording.header.bootstrap = "localhost:9092";
    recording.header.topicsRegex = "orders.*";
    recording.header.intervalMs = 500;
    recording.polls.push_back(world.poll);
    for (int i = 0; i < 50; ++i) {
        world.next();
        recording.polls.push_back(world.poll);
    }
    const std::string text = hw::writeObservedRecording(recording);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 52); // the header and 51 polls
    auto read = hw::readObservedRecording(text);
    ASSERT_TRUE(std::holds_alternative<hw::ObservedRecording>(read)) << std::get<hw::ObservedJsonError>(read).toString();
    EXPECT_TRUE(std::get<hw::ObservedRecording>(read) == recording);
    // Unknown offsets stay null, not 0.
    EXPECT_NE(text.find("\"leo\":null"), std::string::npos);
}

/// The error of reading `mutate`d poll JSON as line 2 of a recording.
hw::ObservedJsonError errorOf(const std::function<void(nlohmann::ordered_json&)>& mutate)
{
    nlohmann::ordered_json poll = hw::observedClusterToJson(smallPoll());
    mutate(poll);
    const std::string text = hw::observedHeaderLine(hw::ObservedRecordingHeader()) + "\n" + poll.dump() + "\n";
    auto read = hw::readObservedRecording(text);
    if (!std::holds_alternative<hw::ObservedJsonError>(read)) {
        ADD_FAILURE() << "accepted: " << poll.dump();
        return {};
    }
    return std::get<hw::ObservedJsonError>(read);
}

TEST(ObservedJson, HostileInputsAreRefusedWithTheirPath)
{
    struct Case {
        const char* name;
        std::function<void(nlohmann::ordered_json&)> mutate;
        const char* path;
        const char* message;
    };
    const std::vector<Case> cases = {
        {"wrong type", [](auto& j) { j["time_ms"] = "soon"; }, "/time_ms", "expected an integer"},
        {"negative node id", [](auto& j) { j["brokers"][0]["id"] = -5; }, "/brokers/0/id", "expected an integer in 0.."},
        {"negative replica", [](auto& j) { j["topics"][0]["partitions"][0]["replicas"][1] = -1; },
         "/topics/0/partitions/0/replicas/1", "expected an integer in 0.."},
        {"huge number", [](auto& j) { j["topics"][0]["partitions"][0]["leader"] = 99999999999999999999.0; },
         "/topics/0/partitions/0/leader", "expected an integer"},
        {"huge integer", [](auto& j) { j["topics"][0]["partitions"][0]["replica_facts"][0]["leo"] = 18446744073709551615u; },
         "/topics/0/partitions/0/replica_facts/0/leo", "expected an integer in 0..9223372036854775807"},
        {"missing key", [](auto& j) { j.erase("groups"); }, "/", "missing required key \"groups\""},
        {"unknown key", [](auto& j) { j["password"] = "hunter2"; }, "/password", "unknown key"},
        {"bad group type", [](auto& j) { j["groups"][0]["type"] = "share"; }, "/groups/0/type", "\"classic\" or \"consumer\""},
        {"too many partitions",
         [](auto& j) {
             auto parts = nlohmann::ordered_json::array();
             for (int p = 0; p <= hw::limits::observedPartitionsMax; ++p) {
                 auto part = j["topics"][0]["partitions"][0];
                 part["partition"] = p;
                 parts.push_back(part);
             }
             j["topics"][0]["partitions"] = parts;
         },
         "/topics/0/partitions", "observedPartitionsMax (8192)"},
        {"too many brokers",
         [](auto& j) {
             for (int b = 0; b < hw::limits::observedBrokersMax; ++b)
                 j["brokers"].push_back(j["brokers"][0]);
         },
         "/brokers", "observedBrokersMax (32)"},
        {"not an object", [](auto& j) { j = nlohmann::ordered_json::array({1, 2}); }, "/", "object"},
    };
    for (const Case& c : cases) {
        const hw::ObservedJsonError error = errorOf(c.mutate);
        EXPECT_EQ(error.line, 2) << c.name;
        EXPECT_EQ(error.path, c.path) << c.name << ": " << error.toString();
        EXPECT_NE(error.message.find(c.message), std::string::npos) << c.name << ": " << error.toString();
        EXPECT_NE(error.toString().find("line 2"), std::string::npos) << c.name;
    }
}

TEST(ObservedJson, SyntaxDepthAndHeaderErrorsNameTheLine)
{
    const std::string header = hw::observedHeaderLine(hw::ObservedRecordingHeader());
    // Deep nesting: refused by the parser's depth bound, not by the stack.
    std::string deep = "{\"cluster_id\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
    auto read = hw::readObservedRecording(header + "\n" + deep + "\n");
    ASSERT_TRUE(std::holds_alternative<hw::ObservedJsonError>(read));
    EXPECT_EQ(std::get<hw::ObservedJsonError>(read).line, 2);
    EXPECT_NE(std::get<hw::ObservedJsonError>(read).message.find("jsonDepthMax"), std::string::npos)
        << std::get<hw::ObservedJsonError>(read).toString();
    // A syntax error: its line and column.
    read = hw::readObservedRecording(header + "\n\n{\"cluster_id\": }\n");
    ASSERT_TRUE(std::holds_alternative<hw::ObservedJsonError>(read));
    EXPECT_EQ(std::get<hw::ObservedJsonError>(read).line, 3);
    EXPECT_GT(std::get<hw::ObservedJsonError>(read).column, 0);
    // No header: refused.
    read = hw::readObservedRecording(hw::observedClusterLine(smallPoll()) + "\n");
    ASSERT_TRUE(std::holds_alternative<hw::ObservedJsonError>(read));
    EXPECT_EQ(std::get<hw::ObservedJsonError>(read).line, 1);
    EXPECT_EQ(std::get<hw::ObservedJsonError>(read).path, "/");
    read = hw::readObservedRecording("");
    ASSERT_TRUE(std::holds_alternative<hw::ObservedJsonError>(read));
    // A future version is refused with the versions this one reads.
    read = hw::readObservedRecording("{\"format\":\"highwater-observe-recording\",\"version\":2,\"bootstrap\":\"\",\"topics\":\"\",\"interval_ms\":1000}\n");
    ASSERT_TRUE(std::holds_alternative<hw::ObservedJsonError>(read));
    EXPECT_EQ(std::get<hw::ObservedJsonError>(read).path, "/version");
}

// ---------------------------------------------------------------------------------------------
// Recordings on disk (scenario/observed_recording.h)

std::string tempPath(const std::string& name)
{
    return ::testing::TempDir() + "/hw_recording_" + std::to_string(::getpid()) + "_" + name;
}

/// Every poll a reader gives, or the error it stopped at.
std::pair<std::vector<ObservedCluster>, std::optional<hw::ObservedJsonError>> readAll(hw::ObservedRecordingReader& reader)
{
    std::vector<ObservedCluster> polls;
    while (auto next = reader.next()) {
        if (auto* error = std::get_if<hw::ObservedJsonError>(&*next))
            return {polls, *error};
        polls.push_back(std::get<ObservedCluster>(*next));
    }
    return {polls, std::nullopt};
}

TEST(ObservedRecordingFile, WrittenPollByPollAndReadBackTheSameAcrossReadChunks)
{
    const std::string path = tempPath("chunks.jsonl");
    hw::ObservedRecordingHeader header;
    header.bootstrap = "broker-1:9092";
    header.intervalMs = 250;
    std::vector<ObservedCluster> polls;
    World world(5);
    for (int i = 0; i < 200; ++i, world.next())
        polls.push_back(world.poll);
    // Polls of 8,192 partitions are longer than a read chunk (1 MiB): lines span chunks.
    polls.push_back(bigCluster(hw::limits::observedPartitionsMax));
    polls.push_back(bigCluster(hw::limits::observedPartitionsMax - 1));
    polls.push_back(world.poll);
    {
        auto created = hw::ObservedRecordingFile::create(path, header);
        ASSERT_TRUE(std::holds_alternative<std::unique_ptr<hw::ObservedRecordingFile>>(created));
        auto& file = *std::get<std::unique_ptr<hw::ObservedRecordingFile>>(created);
        for (const ObservedCluster& poll : polls)
            ASSERT_FALSE(file.append(poll).has_value());
        // Until finished, the polls are beside the target.
        EXPECT_FALSE(std::filesystem::exists(path));
        EXPECT_TRUE(std::filesystem::exists(file.stagingPath()));
        EXPECT_FALSE(file.finish().has_value());
        EXPECT_EQ(file.polls(), polls.size());
    }
    EXPECT_GT(std::filesystem::file_size(path), std::size_t(2) << 20);
    EXPECT_EQ(readFile(path), hw::writeObservedRecording({header, polls}));
    EXPECT_TRUE(hw::ObservedRecordingReader::isRecording(path));
    auto opened = hw::ObservedRecordingReader::open(path);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<hw::ObservedRecordingReader>>(opened))
        << std::get<std::string>(opened);
    auto& reader = *std::get<std::unique_ptr<hw::ObservedRecordingReader>>(opened);
    EXPECT_TRUE(reader.header() == header);
    auto [read, error] = readAll(reader);
    EXPECT_FALSE(error.has_value()) << error->toString();
    ASSERT_EQ(read.size(), polls.size());
    for (std::size_t i = 0; i < polls.size(); ++i)
        EXPECT_TRUE(read[i] == polls[i]) << "poll " << i;
    std::filesystem::remove(path);
}

TEST(ObservedRecordingFile, QuittingKeepsTheRecordingAndDiscardingKeepsTheOldOne)
{
    const std::string path = tempPath("quit.jsonl");
    {
        auto created = hw::ObservedRecordingFile::create(path, {});
        auto& file = *std::get<std::unique_ptr<hw::ObservedRecordingFile>>(created);
        ASSERT_FALSE(file.append(smallPoll()).has_value());
    } // destroyed unfinished: quitting keeps what was recorded
    EXPECT_EQ(readFile(path), hw::writeObservedRecording({{}, {smallPoll()}}));
    {
        auto created = hw::ObservedRecordingFile::create(path, {});
        auto& file = *std::get<std::unique_ptr<hw::ObservedRecordingFile>>(created);
        file.discard();
        EXPECT_FALSE(std::filesystem::exists(file.stagingPath()));
        EXPECT_FALSE(file.finish().has_value());
    }
    EXPECT_EQ(readFile(path), hw::writeObservedRecording({{}, {smallPoll()}})) << "the earlier recording stays";
    std::filesystem::remove(path);
}

TEST(ObservedRecordingFile, AWriteThatFailsMidwayKeepsTheWholePollsBeforeIt)
{
    // RLIMIT_FSIZE makes a write past the limit fail (EFBIG), as a full disk does, in this process only.
    const std::string path = tempPath("cut.jsonl");
    struct rlimit before { };
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &before), 0);
    struct sigaction ignore { }, old { };
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGXFSZ, &ignore, &old);
    World world(9);
    std::size_t appended = 0;
    std::optional<hw::FileError> error;
    {
        auto created = hw::ObservedRecordingFile::create(path, {});
        auto& file = *std::get<std::unique_ptr<hw::ObservedRecordingFile>>(created);
        struct rlimit small = before;
        small.rlim_cur = 64 * 1024;
        ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
        for (int i = 0; i < 10000 && !error; ++i, world.next()) {
            error = file.append(world.poll);
            if (!error)
                ++appended;
        }
        ::setrlimit(RLIMIT_FSIZE, &before);
        ASSERT_TRUE(error.has_value());
        EXPECT_EQ(error->errorNumber, EFBIG);
        EXPECT_EQ(file.polls(), appended);
        EXPECT_TRUE(file.append(world.poll).has_value()) << "the recording ended";
    }
    ::sigaction(SIGXFSZ, &old, nullptr);
    EXPECT_GT(appended, 5u);
    auto opened = hw::ObservedRecordingReader::open(path);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<hw::ObservedRecordingReader>>(opened));
    auto [read, readError] = readAll(*std::get<std::unique_ptr<hw::ObservedRecordingReader>>(opened));
    EXPECT_FALSE(readError.has_value()) << "no torn last line: " << readError->toString();
    EXPECT_EQ(read.size(), appended);
    std::filesystem::remove(path);
}

TEST(ObservedRecordingReader, RefusesWhatIsNotARecordingWithTheReason)
{
    const std::string fifo = tempPath("fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_FALSE(hw::ObservedRecordingReader::isRecording(fifo));
    auto opened = hw::ObservedRecordingReader::open(fifo);
    ASSERT_TRUE(std::holds_alternative<std::string>(opened));
    EXPECT_EQ(std::get<std::string>(opened), "not a regular file (a named pipe, socket or device)");
    std::filesystem::remove(fifo);

    opened = hw::ObservedRecordingReader::open(tempPath("missing"));
    EXPECT_EQ(std::get<std::string>(opened), "no such file");
    opened = hw::ObservedRecordingReader::open(::testing::TempDir());
    EXPECT_EQ(std::get<std::string>(opened), "a directory, not a file");

    const std::string scenario = tempPath("scenario.json");
    std::ofstream(scenario) << "{\"name\": \"a scenario\", \"cluster\": {}}\n";
    EXPECT_FALSE(hw::ObservedRecordingReader::isRecording(scenario));
    opened = hw::ObservedRecordingReader::open(scenario);
    EXPECT_EQ(std::get<std::string>(opened), "line 1: /: missing required key \"format\"");
    std::ofstream(scenario) << "{\"format\": \"highwater-scenario\"}\n";
    opened = hw::ObservedRecordingReader::open(scenario);
    EXPECT_EQ(std::get<std::string>(opened),
              "line 1: /format: expected \"highwater-observe-recording\", got the string \"highwater-scenario\"");
    const std::string empty = tempPath("empty.jsonl");
    std::ofstream(empty) << "\n  \n";
    EXPECT_EQ(std::get<std::string>(hw::ObservedRecordingReader::open(empty)),
              "an empty file, not an observe recording (its first line is the recording's header)");

    // A line longer than observedRecordingLineBytesMax is refused by its number, not read into memory.
    const std::string longLine = tempPath("long.jsonl");
    {
        std::ofstream out(longLine, std::ios::binary);
        out << hw::observedHeaderLine({}) << "\r\n" << hw::observedClusterLine(smallPoll()) << "\n";
        const std::string block(1 << 20, ' ');
        for (std::size_t i = 0; i <= (hw::observedRecordingLineBytesMax >> 20); ++i)
            out << block;
    }
    opened = hw::ObservedRecordingReader::open(longLine);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<hw::ObservedRecordingReader>>(opened));
    auto [read, error] = readAll(*std::get<std::unique_ptr<hw::ObservedRecordingReader>>(opened));
    EXPECT_EQ(read.size(), 1u);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->toString(), "line 3: the line is longer than 64 MiB (observedRecordingLineBytesMax)");
    std::filesystem::remove(longLine);
    std::filesystem::remove(scenario);
    std::filesystem::remove(empty);
}

} // namespace
