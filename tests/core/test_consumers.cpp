// SPDX-License-Identifier: MIT
// Consumers and consumer groups (section 5 of kafka-semantics.md, issue 4): the coordinator chosen from
// the group id, the classic protocol's states and generations, join / leave / crash / coordinator
// failover, commits and lag, auto.offset.reset, reading up to the high watermark, manual assignment,
// leader failover, steady producers, eager vs cooperative rebalancing, and seeded randomized runs in
// which no record may be skipped across rebalances. The invariant checker watches every frame of every
// run here.

#include "check/invariants.h"
#include "clients/partitioner.h"
#include "groups/assignor.h"
#include "groups/offsets_partition.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

using hw::AssignorKind;
using hw::BrokerId;
using hw::ClusterConfig;
using hw::ClusterSpec;
using hw::ClusterState;
using hw::ConsumerAction;
using hw::ConsumerSpec;
using hw::GroupState;
using hw::MemberPhase;
using hw::Offset;
using hw::OffsetReset;
using hw::TimeMs;
using Json = nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------------
// A run with the invariant checker attached

/// A timeline with the InvariantChecker run on frame 0 and after every new frame. Tests add watchers
/// that see every frame too (to follow a group's states, who owns what, and so on).
class Sim {
public:
    using Watcher = std::function<void(const ClusterState&, const hw::FrameInfo&)>;

    explicit Sim(const ClusterSpec& spec) : timeline(hw::Engine::createCluster(spec)) { attach(); }
    explicit Sim(ClusterState initial) : timeline(std::move(initial)) { attach(); }
    Sim(const Sim&) = delete;
    Sim& operator=(const Sim&) = delete;

    const ClusterState& s() const { return timeline.head(); }
    void watch(Watcher w) { m_watchers.push_back(std::move(w)); }

    std::string violationText(std::size_t max = 8) const
    {
        std::string out;
        for (std::size_t i = 0; i < violations.size() && i < max; ++i)
            out += violations[i] + "\n";
        if (violations.size() > max)
            out += "... and " + std::to_string(violations.size() - max) + " more\n";
        return out;
    }

    hw::Timeline timeline;
    std::vector<std::string> violations;

private:
    void attach()
    {
        for (const std::string& v : m_checker.check(timeline.head()))
            violations.push_back("frame 0: " + v);
        timeline.setObserver([this](const ClusterState& state, const hw::FrameInfo& info) {
            for (const std::string& v : m_checker.check(state)) {
                if (violations.size() < 50)
                    violations.push_back("frame " + std::to_string(timeline.frameCount() - 1) + " ("
                        + std::string(hw::eventTypeName(info.event.type)) + "): " + v);
            }
            for (const Watcher& w : m_watchers)
                w(state, info);
        });
    }

    hw::InvariantChecker m_checker;
    std::vector<Watcher> m_watchers;
};

#define HW_OK(expr)                                                                                                    \
    do {                                                                                                               \
        const std::string hwOkError_ = (expr);                                                                         \
        ASSERT_TRUE(hwOkError_.empty()) << #expr << ": " << hwOkError_;                                                \
    } while (false)

#define HW_NO_VIOLATIONS(sim) EXPECT_TRUE((sim).violations.empty()) << (sim).violationText()

/// brokers brokers, one topic "t" with `partitions` partitions whose leaders rotate over the brokers
/// (partition p on broker p % brokers + 1 first), one acks=all producer "p". Consumer timings are
/// shortened so that a rebalance takes a few simulated seconds, not minutes. The brokers follow Kafka
/// 3.7's rules (the baseline of kafka-semantics.md): its exact session-expiry fencing keeps the
/// failover times below simple.
ClusterSpec baseSpec(int partitions, int brokers = 3, int replicationFactor = 3)
{
    ClusterSpec spec;
    spec.name = "consumers";
    spec.seed = 7;
    spec.brokers = brokers;
    spec.config = hw::defaultsFor(hw::KafkaVersion::V3_7);
    spec.config.offsetsTopicNumPartitions = 1;
    // Long enough for every consumer that starts with the cluster to be in generation 1.
    spec.config.groupInitialRebalanceDelayMs = 200;
    spec.config.sessionTimeoutMs = 10000;
    spec.config.heartbeatIntervalMs = 1000;
    spec.config.rebalanceTimeoutMs = 20000;
    hw::TopicSpec topic;
    topic.name = "t";
    topic.partitions = partitions;
    topic.replicationFactor = replicationFactor;
    for (int p = 0; p < partitions; ++p) {
        std::vector<BrokerId> replicas;
        for (int r = 0; r < replicationFactor; ++r)
            replicas.push_back((p + r) % brokers + 1);
        topic.assignment.push_back(replicas);
    }
    spec.topics.push_back(topic);
    spec.producers.push_back(hw::ProducerSpec { "p", hw::Acks::All, 0, 0, {} });
    return spec;
}

ConsumerSpec groupConsumer(const std::string& id, const std::string& group, AssignorKind assignor = AssignorKind::Range,
    OffsetReset reset = OffsetReset::Earliest, bool autoCommit = false, bool start = true)
{
    ConsumerSpec c;
    c.id = id;
    c.group = group;
    c.topics = { 0 };
    c.assignor = assignor;
    c.reset = reset;
    c.autoCommit = autoCommit;
    c.start = start;
    return c;
}

ConsumerSpec manualConsumer(
    const std::string& id, std::vector<std::int32_t> partitions, OffsetReset reset = OffsetReset::Earliest)
{
    ConsumerSpec c;
    c.id = id;
    c.manualPartitions = std::move(partitions);
    c.reset = reset;
    c.autoCommit = false;
    return c;
}

int consumerIndex(const ClusterState& s, const std::string& id)
{
    const int index = s.findConsumer(id);
    EXPECT_GE(index, 0) << "no consumer " << id;
    return index;
}

const hw::Consumer& consumer(const ClusterState& s, const std::string& id)
{
    return s.consumers[static_cast<std::size_t>(consumerIndex(s, id))];
}

const hw::Group& group(const ClusterState& s, const std::string& id)
{
    const int index = s.findGroup(id);
    EXPECT_GE(index, 0) << "no group " << id;
    return s.groups[static_cast<std::size_t>(index)];
}

ConsumerAction act(const ClusterState& s, ConsumerAction::Kind kind, const std::string& id)
{
    ConsumerAction a;
    a.kind = kind;
    a.consumer = consumerIndex(s, id);
    return a;
}

std::string apply(Sim& sim, const hw::Action& action)
{
    return sim.timeline.apply(action).error;
}

std::string advance(Sim& sim, TimeMs ms)
{
    return hw::runAdvance(sim.timeline, ms);
}

std::string stateName(GroupState state)
{
    return std::string(hw::groupStateName(state));
}

/// The groups and consumers in a line each, for a failure message.
std::string describeGroups(const ClusterState& s)
{
    std::string out = "t=" + std::to_string(s.nowMs) + "ms\n";
    for (const hw::Group& g : s.groups) {
        out += "  group " + g.id + " " + stateName(g.state) + " generation " + std::to_string(g.generation)
            + " coordinator " + std::to_string(s.offsetsPartitions[static_cast<std::size_t>(g.offsetsPartition)].leader)
            + " leader " + g.leader + " members";
        for (const hw::GroupMember& m : g.members)
            out += " " + m.memberId + (m.joined ? "(joined)" : "") + (m.awaitingJoin ? "(awaiting-join)" : "")
                + (m.awaitingSync ? "(awaiting-sync)" : "") + "(hb " + std::to_string(m.lastHeartbeatMs) + ")";
        out += "\n";
    }
    for (const hw::Consumer& c : s.consumers) {
        out += "  consumer " + c.id + " group " + (c.group >= 0 ? s.groups[static_cast<std::size_t>(c.group)].id : "-")
            + " " + std::string(hw::memberPhaseName(c.phase)) + " member " + c.memberId + " generation "
            + std::to_string(c.generation) + " coordinator " + std::to_string(c.coordinator)
            + (c.requestInFlight ? " request-in-flight" : "") + " owns";
        for (const hw::OwnedPartition& o : c.owned)
            out += " " + std::to_string(o.partition) + "@" + std::to_string(o.position)
                + (o.lookupInFlight ? "(lookup)" : "") + (o.fetchInFlight ? "(fetch)" : "");
        out += "\n";
    }
    return out;
}

std::string rebalance(Sim& sim, const std::string& groupId)
{
    std::string error = hw::runRebalance(sim.timeline, sim.s().findGroup(groupId));
    if (!error.empty())
        error += "\n" + describeGroups(sim.s());
    return error;
}

std::string produce(Sim& sim, int partition, std::vector<std::string> values, hw::Acks acks = hw::Acks::All)
{
    hw::ProduceAction a;
    a.producer = 0;
    a.topic = 0;
    a.partition = partition;
    a.values = std::move(values);
    a.acks = acks;
    return hw::runProduce(sim.timeline, a);
}

std::vector<std::string> values(const std::string& prefix, int from, int count)
{
    std::vector<std::string> out;
    for (int i = from; i < from + count; ++i)
        out.push_back(prefix + std::to_string(i));
    return out;
}

/// The partitions a consumer owns now (flat indices, sorted).
std::vector<std::int32_t> owned(const hw::Consumer& c)
{
    std::vector<std::int32_t> out;
    for (const hw::OwnedPartition& o : c.owned)
        out.push_back(o.partition);
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<Offset> position(const hw::Consumer& c, std::int32_t partition)
{
    for (const hw::OwnedPartition& o : c.owned) {
        if (o.partition == partition && o.position >= 0)
            return o.position;
    }
    return std::nullopt;
}

/// The assignment the coordinator holds for a consumer's member (sorted), empty when it is no member.
std::vector<std::int32_t> assignmentOf(const ClusterState& s, const std::string& groupId, const std::string& consumerId)
{
    const hw::Group& g = group(s, groupId);
    const int c = consumerIndex(s, consumerId);
    for (const hw::GroupMember& m : g.members) {
        if (m.consumer == c) {
            std::vector<std::int32_t> out = m.assignment;
            std::sort(out.begin(), out.end());
            return out;
        }
    }
    return {};
}

bool isMember(const ClusterState& s, const std::string& groupId, const std::string& consumerId)
{
    const int c = consumerIndex(s, consumerId);
    const hw::Group& g = group(s, groupId);
    return std::any_of(g.members.begin(), g.members.end(), [&](const hw::GroupMember& m) { return m.consumer == c; });
}

Offset leaderHw(const ClusterState& s, std::int32_t partition)
{
    return hw::partitionHighWatermark(s, partition);
}

const hw::Replica& leaderReplica(const ClusterState& s, std::int32_t partition)
{
    const hw::Partition& p = s.partitions[static_cast<std::size_t>(partition)];
    for (const hw::Replica& r : p.replicas) {
        if (r.broker == p.registration.leader)
            return r;
    }
    ADD_FAILURE() << s.partitionName(partition) << " has no leader";
    return p.replicas.front();
}

/// Every received record of a consumer, per partition, in arrival order.
std::map<std::int32_t, std::vector<Offset>> receivedOffsets(const hw::Consumer& c)
{
    std::map<std::int32_t, std::vector<Offset>> out;
    c.received.forEach(
        0, c.received.size(), [&](std::size_t, const hw::ReceivedRecord& r) { out[r.partition].push_back(r.offset); });
    return out;
}

std::vector<std::string> receivedValues(const ClusterState& s, const hw::Consumer& c)
{
    std::vector<std::string> out;
    c.received.forEach(0, c.received.size(), [&](std::size_t, const hw::ReceivedRecord& r) {
        out.push_back(s.payloads[static_cast<std::size_t>(r.payload)].value);
    });
    return out;
}

std::vector<Offset> range(Offset from, Offset to)
{
    std::vector<Offset> out;
    for (Offset o = from; o < to; ++o)
        out.push_back(o);
    return out;
}

/// Partitions assigned within a group: each exactly once, and all of the topic's partitions.
void expectEachPartitionOnce(const ClusterState& s, const std::string& groupId, int partitions)
{
    std::vector<std::int32_t> all;
    for (const hw::GroupMember& m : group(s, groupId).members)
        all.insert(all.end(), m.assignment.begin(), m.assignment.end());
    std::sort(all.begin(), all.end());
    std::vector<std::int32_t> want;
    for (int p = 0; p < partitions; ++p)
        want.push_back(p);
    EXPECT_EQ(all, want) << "group " << groupId << ": every partition assigned exactly once";
}

/// What a running consumer owns agrees with the coordinator's record once the group is Stable.
void expectOwnedMatchesAssignment(const ClusterState& s, const std::string& groupId)
{
    const hw::Group& g = group(s, groupId);
    for (const hw::GroupMember& m : g.members) {
        const hw::Consumer& c = s.consumers[static_cast<std::size_t>(m.consumer)];
        std::vector<std::int32_t> assignment = m.assignment;
        std::sort(assignment.begin(), assignment.end());
        EXPECT_EQ(owned(c), assignment) << c.id << " owns what the coordinator assigned it";
        EXPECT_EQ(c.generation, g.generation) << c.id;
        EXPECT_EQ(c.phase, MemberPhase::Stable) << c.id;
    }
}

/// Section 5: "Eager: everyone revokes all partitions before JoinGroup". An eager member that is
/// joining or syncing owns nothing. One line per consumer that does.
std::vector<std::string> eagerMembersOwningWhileJoining(const ClusterState& s)
{
    std::vector<std::string> out;
    for (const hw::Consumer& c : s.consumers) {
        const bool inProtocol = c.phase == MemberPhase::Joining || c.phase == MemberPhase::Syncing;
        if (c.group >= 0 && !hw::assignorIsCooperative(c.assignor) && inProtocol && !c.owned.empty())
            out.push_back("t=" + std::to_string(s.nowMs) + "ms: eager consumer " + c.id + " is "
                + std::string(hw::memberPhaseName(c.phase)) + " while owning " + std::to_string(c.owned.size())
                + " partition(s)");
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// The coordinator: Java's String.hashCode and the __consumer_offsets partition

struct HashCase {
    const char* text;
    std::int32_t hash; // java.lang.String.hashCode()
};

class ConsumerJavaStringHash : public ::testing::TestWithParam<HashCase> { };

TEST_P(ConsumerJavaStringHash, MatchesJavaHashCode)
{
    EXPECT_EQ(hw::javaStringHash(GetParam().text), GetParam().hash) << GetParam().text;
}

// Computed as Java does: h = 31 * h + c over the UTF-16 code units, wrapping at 32 bits.
INSTANTIATE_TEST_SUITE_P(Values, ConsumerJavaStringHash,
    ::testing::Values(HashCase { "", 0 }, HashCase { "a", 97 }, HashCase { "Aa", 2112 }, HashCase { "BB", 2112 },
        HashCase { "g1", 3242 }, HashCase { "hello", 99162322 }, HashCase { "audit", 93166555 },
        HashCase { "billing", -109829509 }, HashCase { "consumer-group", -1738392088 },
        HashCase { "cooperative", -479984821 },
        // Integer.MIN_VALUE: Utils.abs maps it to 0.
        HashCase { "polygenelubricants", INT32_MIN }, HashCase { "\xc3\xa9", 233 }, // é, U+00E9
        HashCase { "\xe6\x97\xa5\xe6\x9c\xac", 835047 }, // 日本
        HashCase { "\xf0\x9f\x98\x80", 1772899 })); // U+1F600, a surrogate pair in UTF-16

struct CoordinatorCase {
    const char* group;
    int offsetsPartitions; // offsets.topic.num.partitions
    int expected; // Utils.abs(group.hashCode()) % offsetsPartitions, worked out by hand
};

class ConsumerGroupCoordinator : public ::testing::TestWithParam<CoordinatorCase> { };

TEST_P(ConsumerGroupCoordinator, IsTheLeaderOfTheGroupsOffsetsPartition)
{
    const CoordinatorCase& want = GetParam();
    EXPECT_EQ(hw::offsetsPartitionFor(want.group, want.offsetsPartitions), want.expected);

    ClusterSpec spec = baseSpec(2);
    spec.config.offsetsTopicNumPartitions = want.offsetsPartitions;
    spec.consumers.push_back(groupConsumer("c1", want.group));
    Sim sim(spec);
    ASSERT_EQ(static_cast<int>(sim.s().offsetsPartitions.size()), want.offsetsPartitions);
    const BrokerId coordinator = sim.s().offsetsPartitions[static_cast<std::size_t>(want.expected)].leader;
    ASSERT_NE(coordinator, hw::noLeader);

    // Every group request is handled by that broker, and none is refused as NOT_COORDINATOR.
    std::set<BrokerId> handledBy;
    sim.watch([&](const ClusterState&, const hw::FrameInfo& f) {
        if (f.event.type == hw::EventType::GroupRequestHandled) {
            handledBy.insert(f.event.node);
            EXPECT_EQ(f.event.error, hw::ErrorCode::None) << "a group request was refused";
        }
    });
    HW_OK(rebalance(sim, want.group));
    const hw::Group& g = group(sim.s(), want.group);
    EXPECT_EQ(g.offsetsPartition, want.expected);
    EXPECT_EQ(consumer(sim.s(), "c1").coordinator, coordinator);
    EXPECT_EQ(handledBy, std::set<BrokerId> { coordinator });
    const Json groups = hw::groupsJson(sim.s());
    EXPECT_EQ(groups.at(0).at("coordinator"), coordinator);
    EXPECT_EQ(groups.at(0).at("offsets_partition"), want.expected);
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Groups, ConsumerGroupCoordinator,
    ::testing::Values(CoordinatorCase { "a", 50, 47 }, CoordinatorCase { "a", 3, 1 },
        CoordinatorCase { "hello", 50, 22 }, CoordinatorCase { "billing", 50, 9 }, CoordinatorCase { "billing", 3, 1 },
        CoordinatorCase { "consumer-group", 50, 38 }, CoordinatorCase { "consumer-group", 7, 6 },
        CoordinatorCase { "polygenelubricants", 50, 0 }, CoordinatorCase { "g2", 5, 3 },
        CoordinatorCase { "audit", 1, 0 }));

// ---------------------------------------------------------------------------------------------
// Forming a group

TEST(ConsumerGroupProtocol, AGroupGoesEmptyPreparingCompletingStableAndTheFirstToJoinLeads)
{
    // c2 starts first; c1 (which sorts first) joins 100 ms later, inside group.initial.rebalance.delay.ms.
    ClusterSpec spec = baseSpec(4);
    spec.config.groupInitialRebalanceDelayMs = 1000;
    spec.consumers.push_back(groupConsumer("c1", "g", AssignorKind::RoundRobin, OffsetReset::Earliest, false, false));
    spec.consumers.push_back(groupConsumer("c2", "g", AssignorKind::Range));
    Sim sim(spec);
    EXPECT_EQ(group(sim.s(), "g").state, GroupState::Empty);
    EXPECT_EQ(group(sim.s(), "g").generation, 0);

    std::vector<std::string> states { stateName(group(sim.s(), "g").state) };
    std::vector<std::string> joinOrder;
    sim.watch([&](const ClusterState& s, const hw::FrameInfo& f) {
        const std::string now = stateName(group(s, "g").state);
        if (now != states.back())
            states.push_back(now);
        if (f.event.type == hw::EventType::GroupRequestHandled
            && f.event.detail == static_cast<int>(hw::GroupRequestKind::Join))
            joinOrder.push_back(s.consumers[static_cast<std::size_t>(f.event.peer)].id);
    });
    HW_OK(advance(sim, 100));
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c1")));
    HW_OK(rebalance(sim, "g"));

    EXPECT_EQ(states, (std::vector<std::string> { "Empty", "PreparingRebalance", "CompletingRebalance", "Stable" }));
    ASSERT_FALSE(joinOrder.empty());
    EXPECT_EQ(joinOrder.front(), "c2");
    const hw::Group& g = group(sim.s(), "g");
    EXPECT_EQ(g.generation, 1);
    ASSERT_EQ(g.members.size(), 2u);
    EXPECT_EQ(g.leader, consumer(sim.s(), "c2").memberId) << "the first member to join leads";
    EXPECT_EQ(g.protocol, AssignorKind::Range) << "the leader's assignor";
    // Range over members sorted by member id (c1-2 < c2-1): c1 gets 0 and 1, c2 gets 2 and 3.
    EXPECT_EQ(assignmentOf(sim.s(), "g", "c1"), (std::vector<std::int32_t> { 0, 1 }));
    EXPECT_EQ(assignmentOf(sim.s(), "g", "c2"), (std::vector<std::int32_t> { 2, 3 }));
    expectOwnedMatchesAssignment(sim.s(), "g");

    const Json groups = hw::groupsJson(sim.s());
    EXPECT_EQ(groups.at(0).at("state"), "Stable");
    EXPECT_EQ(groups.at(0).at("generation"), 1);
    EXPECT_EQ(groups.at(0).at("leader"), "c2");
    EXPECT_EQ(groups.at(0).at("protocol"), "range");
    HW_NO_VIOLATIONS(sim);
}

// max.poll.interval.ms for a classic-group consumer (AbstractCoordinator.HeartbeatThread): a member whose
// application pauses longer than it between polls leaves its group ("consumer poll timeout has
// expired."), the group rebalances without it, and it joins again at its next poll.
TEST(ConsumerPollTimeout, AMemberThatPollsEvery25sAgainstA10sLimitLeavesAndRejoinsAtItsNextPoll)
{
    ClusterSpec spec = baseSpec(2);
    spec.config.rebalanceTimeoutMs = 10000; // max.poll.interval.ms
    spec.config.groupInitialRebalanceDelayMs = 0;
    ConsumerSpec slow = groupConsumer("slow", "g");
    slow.pollIntervalMs = 25000;
    spec.consumers.push_back(slow);
    spec.consumers.push_back(groupConsumer("fast", "g"));
    Sim sim(spec);
    std::vector<TimeMs> leaves;
    std::vector<TimeMs> lastPolls;
    std::vector<TimeMs> rejoins;
    std::vector<std::string> groupStates;
    sim.watch([&](const ClusterState& s, const hw::FrameInfo& f) {
        const int slowIndex = consumerIndex(s, "slow");
        if (f.event.type == hw::EventType::GroupRequestSent && f.event.node == slowIndex) {
            if (f.event.has(hw::PollTimeout)) {
                EXPECT_EQ(f.event.detail, static_cast<int>(hw::GroupRequestKind::Leave));
                leaves.push_back(f.timeMs);
                lastPolls.push_back(f.timeMs - f.event.value);
            } else if (f.event.detail == static_cast<int>(hw::GroupRequestKind::Join) && !leaves.empty() &&
                       rejoins.size() < leaves.size()) {
                rejoins.push_back(f.timeMs);
            }
        }
        const std::string state = stateName(group(s, "g").state);
        if (groupStates.empty() || groupStates.back() != state)
            groupStates.push_back(state);
    });
    HW_OK(advance(sim, 40000));
    ASSERT_GE(leaves.size(), 1u) << "it used to stay Stable";
    // The heartbeat thread notices at its next heartbeat after max.poll.interval.ms has passed.
    EXPECT_GT(leaves[0] - lastPolls[0], 10000);
    EXPECT_LE(leaves[0] - lastPolls[0], 10000 + spec.config.heartbeatIntervalMs);
    // The coordinator rebalanced: fast got both partitions while slow was out.
    EXPECT_NE(std::find(groupStates.begin(), groupStates.end(), "PreparingRebalance"), groupStates.end());
    // It joins again at its next poll, 25 s after the one before.
    ASSERT_GE(rejoins.size(), 1u);
    EXPECT_EQ(rejoins[0], lastPolls[0] + 25000);
    HW_OK(rebalance(sim, "g"));
    EXPECT_EQ(group(sim.s(), "g").members.size(), 2u);
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerPollTimeout, AMemberThatPollsWithinTheLimitStaysAndAManualPollerLeavesToo)
{
    ClusterSpec spec = baseSpec(2);
    spec.config.rebalanceTimeoutMs = 30000;
    spec.config.groupInitialRebalanceDelayMs = 0;
    ConsumerSpec ok = groupConsumer("ok", "g");
    ok.pollIntervalMs = 25000;
    spec.consumers.push_back(ok);
    ConsumerSpec manual = groupConsumer("manual", "g");
    manual.autoPoll = false;
    spec.consumers.push_back(manual);
    Sim sim(spec);
    std::vector<std::string> leavers;
    sim.watch([&](const ClusterState& s, const hw::FrameInfo& f) {
        if (f.event.type == hw::EventType::GroupRequestSent && f.event.has(hw::PollTimeout))
            leavers.push_back(s.consumers[static_cast<std::size_t>(f.event.node)].id);
    });
    HW_OK(advance(sim, 35000));
    // "ok" polls every 25 s (< 30 s); "manual" was never told to poll after it joined.
    EXPECT_EQ(leavers, (std::vector<std::string>{"manual"}));
    EXPECT_TRUE(consumer(sim.s(), "manual").pollTimedOut);
    EXPECT_TRUE(consumer(sim.s(), "manual").owned.empty());
    // Its next poll step joins again.
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Poll, "manual")));
    EXPECT_FALSE(consumer(sim.s(), "manual").pollTimedOut);
    HW_OK(rebalance(sim, "g"));
    EXPECT_EQ(group(sim.s(), "g").members.size(), 2u);
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerGroupProtocol, TheInitialRebalanceDelayHoldsTheFirstGenerationBack)
{
    ClusterSpec spec = baseSpec(2);
    spec.config.groupInitialRebalanceDelayMs = 3000;
    spec.consumers.push_back(groupConsumer("c1", "g"));
    Sim sim(spec);
    std::optional<TimeMs> firstJoin;
    std::optional<TimeMs> completing;
    sim.watch([&](const ClusterState& s, const hw::FrameInfo& f) {
        if (!firstJoin && f.event.type == hw::EventType::GroupRequestHandled
            && f.event.detail == static_cast<int>(hw::GroupRequestKind::Join))
            firstJoin = s.nowMs;
        if (!completing && group(s, "g").state == GroupState::CompletingRebalance)
            completing = s.nowMs;
    });
    HW_OK(rebalance(sim, "g"));
    ASSERT_TRUE(firstJoin && completing);
    EXPECT_EQ(*completing - *firstJoin, 3000) << "group.initial.rebalance.delay.ms";
    HW_NO_VIOLATIONS(sim);
}

// ---------------------------------------------------------------------------------------------
// Join, leave and crash: each a rebalance, generation + 1, the partitions move

struct ProtocolCase {
    AssignorKind assignor;
    int partitions;
    int generationsForJoin; // a third member joins: rounds it takes (cooperative: 2 when partitions move)
};

std::string protocolCaseName(const ::testing::TestParamInfo<ProtocolCase>& info)
{
    std::string name(hw::assignorName(info.param.assignor));
    name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
    return name + "_" + std::to_string(info.param.partitions) + "p";
}

class ConsumerGroupMembership : public ::testing::TestWithParam<ProtocolCase> {
protected:
    ClusterSpec spec() const
    {
        ClusterSpec s = baseSpec(GetParam().partitions);
        s.consumers.push_back(groupConsumer("c1", "g", GetParam().assignor));
        s.consumers.push_back(groupConsumer("c2", "g", GetParam().assignor));
        s.consumers.push_back(groupConsumer("c3", "g", GetParam().assignor, OffsetReset::Earliest, false, false));
        return s;
    }
};

TEST_P(ConsumerGroupMembership, ALateJoinTriggersARebalanceThatGivesTheNewMemberPartitions)
{
    Sim sim(spec());
    HW_OK(rebalance(sim, "g"));
    ASSERT_EQ(group(sim.s(), "g").generation, 1);
    ASSERT_EQ(group(sim.s(), "g").members.size(), 2u);

    bool preparing = false;
    sim.watch([&](const ClusterState& s, const hw::FrameInfo&) {
        preparing = preparing || group(s, "g").state == GroupState::PreparingRebalance;
    });
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c3")));
    HW_OK(rebalance(sim, "g"));
    EXPECT_TRUE(preparing) << "the join started a rebalance";
    const hw::Group& g = group(sim.s(), "g");
    EXPECT_EQ(g.generation, 1 + GetParam().generationsForJoin);
    EXPECT_EQ(g.members.size(), 3u);
    EXPECT_FALSE(assignmentOf(sim.s(), "g", "c3").empty());
    expectEachPartitionOnce(sim.s(), "g", GetParam().partitions);
    expectOwnedMatchesAssignment(sim.s(), "g");
    HW_NO_VIOLATIONS(sim);
}

TEST_P(ConsumerGroupMembership, ALeaveTriggersARebalanceAndTheLeaversPartitionsMove)
{
    Sim sim(spec());
    HW_OK(rebalance(sim, "g"));
    const std::vector<std::int32_t> leaving = assignmentOf(sim.s(), "g", "c2");
    ASSERT_FALSE(leaving.empty());

    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Leave, "c2")));
    EXPECT_TRUE(owned(consumer(sim.s(), "c2")).empty()) << "a consumer that leaves gives up everything";
    HW_OK(advance(sim, 20)); // the LeaveGroup reaches the coordinator
    EXPECT_NE(group(sim.s(), "g").state, GroupState::Stable) << "the leave started a rebalance";
    HW_OK(rebalance(sim, "g"));
    const hw::Group& g = group(sim.s(), "g");
    // Nobody revokes anything when a member leaves, so even the cooperative protocol needs one round.
    EXPECT_EQ(g.generation, 2);
    ASSERT_EQ(g.members.size(), 1u);
    EXPECT_FALSE(isMember(sim.s(), "g", "c2"));
    for (std::int32_t p : leaving) {
        const std::vector<std::int32_t> c1 = assignmentOf(sim.s(), "g", "c1");
        EXPECT_NE(std::find(c1.begin(), c1.end(), p), c1.end()) << "partition " << p << " moved to c1";
    }
    expectEachPartitionOnce(sim.s(), "g", GetParam().partitions);
    expectOwnedMatchesAssignment(sim.s(), "g");
    HW_NO_VIOLATIONS(sim);
}

TEST_P(ConsumerGroupMembership, ACrashedConsumerIsEvictedExactlyASessionTimeoutAfterItsLastHeartbeat)
{
    Sim sim(spec());
    HW_OK(rebalance(sim, "g"));
    HW_OK(advance(sim, 2500));
    const std::vector<std::int32_t> crashed = assignmentOf(sim.s(), "g", "c2");
    ASSERT_FALSE(crashed.empty());
    const int c2 = consumerIndex(sim.s(), "c2");
    const TimeMs sessionTimeoutMs = sim.s().config.sessionTimeoutMs;

    TimeMs lastHeartbeatMs = -1;
    std::optional<TimeMs> evictedMs;
    bool rebalancedBeforeEviction = false;
    sim.watch([&](const ClusterState& s, const hw::FrameInfo& f) {
        const hw::Group& g = group(s, "g");
        const auto it = std::find_if(
            g.members.begin(), g.members.end(), [&](const hw::GroupMember& m) { return m.consumer == c2; });
        if (it != g.members.end()) {
            lastHeartbeatMs = it->lastHeartbeatMs;
            EXPECT_LT(s.nowMs, lastHeartbeatMs + sessionTimeoutMs) << "still a member after its session expired";
            rebalancedBeforeEviction = rebalancedBeforeEviction || g.state != GroupState::Stable;
        } else if (!evictedMs) {
            evictedMs = s.nowMs;
            EXPECT_EQ(f.event.type, hw::EventType::MemberEvicted);
            EXPECT_EQ(f.event.peer, c2);
        }
    });
    const TimeMs crashMs = sim.s().nowMs;
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Crash, "c2")));
    EXPECT_EQ(consumer(sim.s(), "c2").phase, MemberPhase::Crashed);
    EXPECT_TRUE(isMember(sim.s(), "g", "c2")) << "a crash sends no LeaveGroup";
    HW_OK(advance(sim, sessionTimeoutMs + 2000));
    ASSERT_TRUE(evictedMs.has_value()) << "never evicted";
    EXPECT_FALSE(rebalancedBeforeEviction) << "the group rebalanced before the session timeout";
    EXPECT_EQ(*evictedMs, lastHeartbeatMs + sessionTimeoutMs);
    EXPECT_GE(*evictedMs, crashMs + sessionTimeoutMs - sim.s().config.heartbeatIntervalMs);

    HW_OK(rebalance(sim, "g"));
    EXPECT_EQ(group(sim.s(), "g").generation, 2);
    const std::vector<std::int32_t> c1 = assignmentOf(sim.s(), "g", "c1");
    for (std::int32_t p : crashed)
        EXPECT_NE(std::find(c1.begin(), c1.end(), p), c1.end()) << "partition " << p << " moved to c1";
    expectEachPartitionOnce(sim.s(), "g", GetParam().partitions);
    expectOwnedMatchesAssignment(sim.s(), "g");
    HW_NO_VIOLATIONS(sim);
}

TEST_P(ConsumerGroupMembership, EveryRebalanceAddsOneGenerationPerRound)
{
    Sim sim(spec());
    HW_OK(rebalance(sim, "g"));
    int expected = 1;
    EXPECT_EQ(group(sim.s(), "g").generation, expected);
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c3")));
    HW_OK(rebalance(sim, "g"));
    expected += GetParam().generationsForJoin;
    EXPECT_EQ(group(sim.s(), "g").generation, expected) << "after the join";
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Leave, "c3")));
    HW_OK(advance(sim, 20));
    HW_OK(rebalance(sim, "g"));
    EXPECT_EQ(group(sim.s(), "g").generation, ++expected) << "after the leave";
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Crash, "c1")));
    HW_OK(advance(sim, sim.s().config.sessionTimeoutMs + 1500));
    HW_OK(rebalance(sim, "g"));
    EXPECT_EQ(group(sim.s(), "g").generation, ++expected) << "after the eviction";
    ASSERT_EQ(group(sim.s(), "g").members.size(), 1u);
    EXPECT_EQ(assignmentOf(sim.s(), "g", "c2").size(), static_cast<std::size_t>(GetParam().partitions));
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Assignors, ConsumerGroupMembership,
    ::testing::Values(ProtocolCase { AssignorKind::Range, 6, 1 }, ProtocolCase { AssignorKind::RoundRobin, 6, 1 },
        ProtocolCase { AssignorKind::Sticky, 6, 1 }, ProtocolCase { AssignorKind::CooperativeSticky, 6, 2 },
        ProtocolCase { AssignorKind::Range, 3, 1 }, ProtocolCase { AssignorKind::CooperativeSticky, 3, 2 }),
    protocolCaseName);

TEST(ConsumerGroupProtocol, TheLastMemberLeavingEmptiesTheGroup)
{
    ClusterSpec spec = baseSpec(2);
    spec.consumers.push_back(groupConsumer("c1", "g"));
    Sim sim(spec);
    HW_OK(rebalance(sim, "g"));
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Leave, "c1")));
    HW_OK(advance(sim, 100));
    EXPECT_EQ(group(sim.s(), "g").state, GroupState::Empty);
    EXPECT_TRUE(group(sim.s(), "g").members.empty());
    EXPECT_EQ(hw::groupsJson(sim.s()).at(0).at("leader"), nullptr);
    HW_NO_VIOLATIONS(sim);
}

// ---------------------------------------------------------------------------------------------
// A rebalance that starts while members wait in SyncGroup

enum class CompletingTrigger { NewMemberJoins, WaitingMemberLeaves, LeaderSessionExpires };

struct CompletingCase {
    const char* name;
    CompletingTrigger trigger;
};

class ConsumerGroupCompletingRebalance : public ::testing::TestWithParam<CompletingCase> { };

// The group's leader member (c1) stops before its JoinGroup answer arrives, so it never learns its
// member id, sends no LeaveGroup and never sends the SyncGroup with the assignment: the group stays in
// CompletingRebalance with c2 (and c3) waiting in SyncGroup. Whatever starts the next rebalance, Kafka's
// coordinator answers the waiting SyncGroups with REBALANCE_IN_PROGRESS (GroupCoordinator.prepareRebalance:
// resetAndPropagateAssignmentError), so they rejoin and the group gets going again without c1.
TEST_P(ConsumerGroupCompletingRebalance, TheWaitingSyncGroupsAreAnsweredAndTheGroupRecovers)
{
    const CompletingTrigger trigger = GetParam().trigger;
    ClusterSpec spec = baseSpec(2);
    spec.config.groupInitialRebalanceDelayMs = 500;
    spec.consumers.push_back(groupConsumer("c1", "g"));
    spec.consumers.push_back(groupConsumer("c2", "g"));
    spec.consumers.push_back(groupConsumer("c3", "g", AssignorKind::Range, OffsetReset::Earliest, false,
        trigger == CompletingTrigger::WaitingMemberLeaves));
    Sim sim(spec);
    int rebalanceInProgressAnswers = 0;
    const int c2 = consumerIndex(sim.s(), "c2");
    sim.watch([&](const ClusterState&, const hw::FrameInfo& f) {
        if (f.event.type == hw::EventType::GroupResponseApplied && f.event.node == c2
            && f.event.detail == static_cast<int>(hw::GroupRequestKind::Sync)
            && f.event.error == hw::ErrorCode::RebalanceInProgress)
            ++rebalanceInProgressAnswers;
    });
    // c1's JoinGroup has reached the coordinator (it joined first: it will lead), its answer has not come back.
    HW_OK(advance(sim, 16));
    ASSERT_EQ(group(sim.s(), "g").members.size(), trigger == CompletingTrigger::WaitingMemberLeaves ? 3u : 2u);
    ASSERT_TRUE(consumer(sim.s(), "c1").memberId.empty());
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Leave, "c1")));
    HW_OK(advance(sim, 600));
    {
        const hw::Group& g = group(sim.s(), "g");
        ASSERT_EQ(g.state, GroupState::CompletingRebalance);
        ASSERT_EQ(g.generation, 1);
        ASSERT_EQ(g.leader, "c1-1") << "the stopped consumer's member leads";
        ASSERT_EQ(consumer(sim.s(), "c2").phase, MemberPhase::Syncing);
    }
    std::vector<std::string> remaining { "c2" };
    switch (trigger) {
    case CompletingTrigger::NewMemberJoins:
        HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c3")));
        remaining.push_back("c3");
        break;
    case CompletingTrigger::WaitingMemberLeaves:
        ASSERT_EQ(consumer(sim.s(), "c3").phase, MemberPhase::Syncing);
        HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Leave, "c3")));
        break;
    case CompletingTrigger::LeaderSessionExpires:
        break; // c1-1 sends no heartbeat: its session runs out
    }
    HW_OK(rebalance(sim, "g"));
    EXPECT_GE(rebalanceInProgressAnswers, 1) << "c2's SyncGroup was answered with REBALANCE_IN_PROGRESS";
    const hw::Group& g = group(sim.s(), "g");
    EXPECT_EQ(g.state, GroupState::Stable);
    EXPECT_EQ(g.generation, 2);
    std::vector<std::string> members;
    for (const hw::GroupMember& m : g.members)
        members.push_back(sim.s().consumers[static_cast<std::size_t>(m.consumer)].id);
    std::sort(members.begin(), members.end());
    EXPECT_EQ(members, remaining);
    expectEachPartitionOnce(sim.s(), "g", 2);
    expectOwnedMatchesAssignment(sim.s(), "g");
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Triggers, ConsumerGroupCompletingRebalance,
    ::testing::Values(CompletingCase { "a_new_member_joins", CompletingTrigger::NewMemberJoins },
        CompletingCase { "a_waiting_member_leaves", CompletingTrigger::WaitingMemberLeaves },
        CompletingCase { "the_leaders_session_expires", CompletingTrigger::LeaderSessionExpires }),
    [](const ::testing::TestParamInfo<CompletingCase>& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// Coordinator failover

TEST(ConsumerCoordinatorFailover, TheGroupMovesToTheNewLeaderOfItsOffsetsPartitionAndKeepsItsCommittedOffsets)
{
    ClusterSpec spec = baseSpec(2);
    spec.consumers.push_back(groupConsumer("c1", "g"));
    spec.consumers.push_back(groupConsumer("c2", "g"));
    spec.consumers.push_back(groupConsumer("late", "g", AssignorKind::Range, OffsetReset::Earliest, false, false));
    Sim sim(spec);
    HW_OK(rebalance(sim, "g"));
    HW_OK(produce(sim, 0, values("a", 0, 3)));
    HW_OK(produce(sim, 1, values("b", 0, 3)));
    HW_OK(advance(sim, 1000));
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Commit, "c1")));
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Commit, "c2")));
    HW_OK(advance(sim, 100));
    const std::vector<hw::CommittedOffset> committedBefore = group(sim.s(), "g").committed;
    ASSERT_EQ(committedBefore.size(), 2u);
    EXPECT_EQ(committedBefore[0].offset, 3);
    EXPECT_EQ(committedBefore[1].offset, 3);

    const std::int32_t offsetsPartition = group(sim.s(), "g").offsetsPartition;
    const BrokerId oldCoordinator = sim.s().offsetsPartitions[static_cast<std::size_t>(offsetsPartition)].leader;
    const TimeMs lastBrokerHeartbeatMs
        = sim.s().registrations[static_cast<std::size_t>(oldCoordinator - 1)].lastHeartbeatMs;
    const TimeMs killMs = sim.s().nowMs;

    std::optional<TimeMs> movedMs;
    BrokerId newCoordinator = hw::noLeader;
    int coordinatorErrors = 0;
    std::vector<std::string> eagerViolations;
    sim.watch([&](const ClusterState& s, const hw::FrameInfo& f) {
        for (std::string& v : eagerMembersOwningWhileJoining(s)) {
            if (eagerViolations.size() < 3)
                eagerViolations.push_back(std::move(v));
        }
        const BrokerId leader = s.offsetsPartitions[static_cast<std::size_t>(offsetsPartition)].leader;
        if (!movedMs && leader != oldCoordinator) {
            movedMs = s.nowMs;
            newCoordinator = leader;
            EXPECT_EQ(f.event.type, hw::EventType::BrokerFenced);
        }
        const bool groupEvent
            = f.event.type == hw::EventType::GroupResponseApplied || f.event.type == hw::EventType::CoordinatorFound;
        if (groupEvent
            && (f.event.error == hw::ErrorCode::NotCoordinator || f.event.error == hw::ErrorCode::NetworkException
                || f.event.error == hw::ErrorCode::CoordinatorNotAvailable))
            ++coordinatorErrors;
    });
    HW_OK(apply(sim, hw::BrokerAction { hw::BrokerAction::Kind::Kill, oldCoordinator, 0 }));
    HW_OK(advance(sim, sim.s().config.brokerSessionTimeoutMs + 2000));
    ASSERT_TRUE(movedMs.has_value()) << "the coordinator never moved";
    EXPECT_EQ(*movedMs, lastBrokerHeartbeatMs + sim.s().config.brokerSessionTimeoutMs)
        << "the controller moves __consumer_offsets leadership when it fences the broker";
    EXPECT_GT(*movedMs, killMs);
    EXPECT_NE(newCoordinator, hw::noLeader);
    EXPECT_NE(newCoordinator, oldCoordinator);
    EXPECT_GT(coordinatorErrors, 0) << "the consumers noticed the coordinator was gone";
    // Kafka's members just heartbeat the new coordinator, which loaded the group from __consumer_offsets;
    // a member that does rejoin must, being eager, have revoked its partitions first.
    EXPECT_TRUE(eagerViolations.empty()) << eagerViolations.front();

    HW_OK(rebalance(sim, "g"));
    EXPECT_EQ(consumer(sim.s(), "c1").coordinator, newCoordinator);
    EXPECT_EQ(consumer(sim.s(), "c2").coordinator, newCoordinator);
    EXPECT_EQ(group(sim.s(), "g").committed, committedBefore) << "the new coordinator has the group's offsets";
    EXPECT_EQ(hw::groupsJson(sim.s()).at(0).at("coordinator"), newCoordinator);
    expectEachPartitionOnce(sim.s(), "g", 2);

    // A fresh member reads the committed offsets from the new coordinator.
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Leave, "c1")));
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Leave, "c2")));
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "late")));
    HW_OK(rebalance(sim, "g"));
    EXPECT_EQ(consumer(sim.s(), "late").coordinator, newCoordinator);
    EXPECT_EQ(position(consumer(sim.s(), "late"), 0), std::optional<Offset>(3));
    EXPECT_EQ(position(consumer(sim.s(), "late"), 1), std::optional<Offset>(3));
    HW_OK(produce(sim, 0, values("a", 3, 2)));
    HW_OK(produce(sim, 1, values("b", 3, 2)));
    HW_OK(advance(sim, 1000));
    // Over the whole run every offset was received by the group exactly once: nothing re-read, nothing skipped.
    std::map<std::int32_t, std::vector<Offset>> all;
    for (const char* id : { "c1", "c2", "late" }) {
        for (const auto& [p, offsets] : receivedOffsets(consumer(sim.s(), id)))
            all[p].insert(all[p].end(), offsets.begin(), offsets.end());
    }
    for (auto& [p, offsets] : all)
        std::sort(offsets.begin(), offsets.end());
    EXPECT_EQ(all[0], range(0, 5));
    EXPECT_EQ(all[1], range(0, 5));
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerCoordinatorFailover, AGroupMidRebalanceCompletesUnderTheNewCoordinator)
{
    ClusterSpec spec = baseSpec(3);
    spec.consumers.push_back(groupConsumer("c1", "g"));
    spec.consumers.push_back(groupConsumer("c2", "g", AssignorKind::Range, OffsetReset::Earliest, false, false));
    Sim sim(spec);
    HW_OK(rebalance(sim, "g"));
    const BrokerId oldCoordinator = sim.s().offsetsPartitions[0].leader;
    // c2's JoinGroup is waiting at the coordinator for c1 to rejoin when the coordinator dies.
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c2")));
    HW_OK(advance(sim, 30));
    ASSERT_EQ(group(sim.s(), "g").state, GroupState::PreparingRebalance);
    HW_OK(apply(sim, hw::BrokerAction { hw::BrokerAction::Kind::Kill, oldCoordinator, 0 }));
    HW_OK(advance(sim, sim.s().config.brokerSessionTimeoutMs + 1000));
    HW_OK(rebalance(sim, "g"));
    EXPECT_NE(sim.s().offsetsPartitions[0].leader, oldCoordinator);
    EXPECT_EQ(group(sim.s(), "g").members.size(), 2u);
    expectEachPartitionOnce(sim.s(), "g", 3);
    expectOwnedMatchesAssignment(sim.s(), "g");
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerCoordinatorFailover, AnIsolatedCoordinatorIsLeftBehindToo)
{
    // The coordinator stays up but unreachable: no connection error, its answers just never come. The
    // controller fences it after broker.session.timeout.ms; Kafka's consumers give it up when no heartbeat
    // answer came for session.timeout.ms (or a request timed out), find the new coordinator and rejoin.
    ClusterSpec spec = baseSpec(2);
    spec.consumers.push_back(groupConsumer("c1", "g"));
    spec.consumers.push_back(groupConsumer("c2", "g"));
    Sim sim(spec);
    HW_OK(rebalance(sim, "g"));
    const BrokerId oldCoordinator = sim.s().offsetsPartitions[0].leader;
    HW_OK(apply(sim, hw::BrokerAction { hw::BrokerAction::Kind::Isolate, oldCoordinator, 0 }));
    const ClusterConfig& config = sim.s().config;
    HW_OK(advance(sim, config.brokerSessionTimeoutMs + config.sessionTimeoutMs + config.requestTimeoutMs));
    HW_OK(rebalance(sim, "g"));
    const BrokerId newCoordinator = sim.s().offsetsPartitions[0].leader;
    ASSERT_NE(newCoordinator, oldCoordinator);
    EXPECT_EQ(consumer(sim.s(), "c1").coordinator, newCoordinator);
    EXPECT_EQ(consumer(sim.s(), "c2").coordinator, newCoordinator);
    EXPECT_TRUE(isMember(sim.s(), "g", "c1"));
    EXPECT_TRUE(isMember(sim.s(), "g", "c2"));
    expectEachPartitionOnce(sim.s(), "g", 2);
    expectOwnedMatchesAssignment(sim.s(), "g");
    HW_NO_VIOLATIONS(sim);
}

// ---------------------------------------------------------------------------------------------
// Commits and lag

/// One consumer that only fetches when polled, in group "g", and the records 0..9 on partition 0.
ClusterSpec pollSpec()
{
    ClusterSpec spec = baseSpec(1);
    ConsumerSpec c = groupConsumer("c1", "g");
    c.autoPoll = false;
    spec.consumers.push_back(c);
    return spec;
}

ConsumerAction pollAction(const ClusterState& s, const std::string& id, int maxRecords)
{
    ConsumerAction a = act(s, ConsumerAction::Kind::Poll, id);
    a.maxRecords = maxRecords;
    return a;
}

TEST(ConsumerCommits, ACommitStoresTheNextOffsetToRead)
{
    Sim sim(pollSpec());
    HW_OK(rebalance(sim, "g"));
    HW_OK(produce(sim, 0, values("m", 0, 10)));
    HW_OK(advance(sim, 200));
    HW_OK(hw::runPoll(sim.timeline, pollAction(sim.s(), "c1", 4)));
    const hw::Consumer& c = consumer(sim.s(), "c1");
    EXPECT_EQ(receivedOffsets(c)[0], range(0, 4));
    EXPECT_EQ(position(c, 0), std::optional<Offset>(4)) << "the position is the next offset to read";
    EXPECT_TRUE(group(sim.s(), "g").committed.empty()) << "auto.commit is off";

    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Commit, "c1")));
    HW_OK(advance(sim, 50));
    ASSERT_EQ(group(sim.s(), "g").committed.size(), 1u);
    EXPECT_EQ(group(sim.s(), "g").committed[0].offset, 4) << "last offset received (3) + 1";
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerCommits, GroupLagIsHwMinusCommittedAndConsumerLagIsHwMinusPosition)
{
    Sim sim(pollSpec());
    HW_OK(rebalance(sim, "g"));
    HW_OK(produce(sim, 0, values("m", 0, 10)));
    HW_OK(advance(sim, 200));
    ASSERT_EQ(leaderHw(sim.s(), 0), 10);
    HW_OK(hw::runPoll(sim.timeline, pollAction(sim.s(), "c1", 3)));
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Commit, "c1")));
    HW_OK(advance(sim, 50));
    HW_OK(hw::runPoll(sim.timeline, pollAction(sim.s(), "c1", 4)));
    // HW 10, committed 3, position 7.
    const Json groups = hw::groupsJson(sim.s());
    const Json& committed = groups.at(0).at("committed");
    ASSERT_EQ(committed.size(), 1u);
    EXPECT_EQ(committed.at(0).at("topic"), "t");
    EXPECT_EQ(committed.at(0).at("partition"), 0);
    EXPECT_EQ(committed.at(0).at("offset"), 3);
    EXPECT_EQ(committed.at(0).at("lag"), 7);
    const Json consumers = hw::consumersJson(sim.s());
    const Json& positions = consumers.at(0).at("positions");
    ASSERT_EQ(positions.size(), 1u);
    EXPECT_EQ(positions.at(0).at("offset"), 7);
    EXPECT_EQ(positions.at(0).at("lag"), 3);
    EXPECT_EQ(consumers.at(0).at("received").size(), 7u);

    // More records raise both lags by as many.
    HW_OK(produce(sim, 0, values("m", 10, 5)));
    HW_OK(advance(sim, 200));
    ASSERT_EQ(leaderHw(sim.s(), 0), 15);
    EXPECT_EQ(hw::groupsJson(sim.s()).at(0).at("committed").at(0).at("lag"), 12);
    EXPECT_EQ(hw::consumersJson(sim.s()).at(0).at("positions").at(0).at("lag"), 8);
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerCommits, AutoCommitCommitsThePositionOnItsInterval)
{
    ClusterSpec spec = baseSpec(1);
    spec.config.autoCommitIntervalMs = 2000;
    spec.consumers.push_back(groupConsumer("c1", "g", AssignorKind::Range, OffsetReset::Earliest, true));
    Sim sim(spec);
    HW_OK(rebalance(sim, "g"));
    HW_OK(produce(sim, 0, values("m", 0, 6)));
    HW_OK(advance(sim, 2500));
    ASSERT_EQ(group(sim.s(), "g").committed.size(), 1u);
    EXPECT_EQ(group(sim.s(), "g").committed[0].offset, 6);
    EXPECT_EQ(hw::groupsJson(sim.s()).at(0).at("committed").at(0).at("lag"), 0);
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerCommits, TwoGroupsReadTheSameTopicIndependently)
{
    ClusterSpec spec = baseSpec(2);
    spec.config.offsetsTopicNumPartitions = 5;
    spec.consumers.push_back(groupConsumer("a1", "ga"));
    spec.consumers.push_back(groupConsumer("a2", "ga"));
    spec.consumers.push_back(groupConsumer("b1", "gb"));
    Sim sim(spec);
    HW_OK(rebalance(sim, "ga"));
    HW_OK(rebalance(sim, "gb"));
    HW_OK(produce(sim, 0, values("x", 0, 3)));
    HW_OK(produce(sim, 1, values("y", 0, 2)));
    HW_OK(advance(sim, 500));
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Commit, "b1")));
    HW_OK(advance(sim, 100));
    std::vector<std::string> ga = receivedValues(sim.s(), consumer(sim.s(), "a1"));
    const std::vector<std::string> a2 = receivedValues(sim.s(), consumer(sim.s(), "a2"));
    ga.insert(ga.end(), a2.begin(), a2.end());
    std::vector<std::string> gb = receivedValues(sim.s(), consumer(sim.s(), "b1"));
    std::sort(ga.begin(), ga.end());
    std::sort(gb.begin(), gb.end());
    const std::vector<std::string> all { "x0", "x1", "x2", "y0", "y1" };
    EXPECT_EQ(ga, all);
    EXPECT_EQ(gb, all);
    EXPECT_EQ(group(sim.s(), "gb").committed.size(), 2u);
    EXPECT_TRUE(group(sim.s(), "ga").committed.empty()) << "a commit of one group is not the other's";
    HW_NO_VIOLATIONS(sim);
}

// ---------------------------------------------------------------------------------------------
// auto.offset.reset and OFFSET_OUT_OF_RANGE

struct ResetCase {
    const char* name;
    OffsetReset reset;
    bool committedBefore; // an earlier member committed offset 1
    std::optional<Offset> position; // right after the join: log start 0, HW 3, LEO 5
    std::vector<Offset> receivedEnd; // once the HW reaches 5
};

class ConsumerOffsetReset : public ::testing::TestWithParam<ResetCase> { };

TEST_P(ConsumerOffsetReset, DecidesWhereAConsumerWithoutACommittedOffsetStarts)
{
    const ResetCase& want = GetParam();
    ClusterSpec spec = baseSpec(1);
    spec.config.autoFetch = false; // the HW moves only when the test runs fetch rounds
    spec.consumers.push_back(groupConsumer("first", "g", AssignorKind::Range, OffsetReset::Earliest, false, false));
    spec.consumers.push_back(groupConsumer("c1", "g", AssignorKind::Range, want.reset, false, false));
    Sim sim(spec);
    HW_OK(produce(sim, 0, values("m", 0, 3)));
    HW_OK(hw::runSettle(sim.timeline));
    ASSERT_EQ(leaderHw(sim.s(), 0), 3);
    if (want.committedBefore) {
        HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "first")));
        HW_OK(rebalance(sim, "g"));
        ConsumerAction seek = act(sim.s(), ConsumerAction::Kind::Seek, "first");
        seek.partition = 0;
        seek.offset = 1;
        HW_OK(apply(sim, seek));
        HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Commit, "first")));
        HW_OK(advance(sim, 20));
        HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Leave, "first")));
        HW_OK(advance(sim, 20));
        ASSERT_EQ(group(sim.s(), "g").committed.size(), 1u);
        ASSERT_EQ(group(sim.s(), "g").committed[0].offset, 1);
    }
    HW_OK(produce(sim, 0, values("m", 3, 2), hw::Acks::Leader));
    ASSERT_EQ(leaderReplica(sim.s(), 0).log.leo(), 5);
    ASSERT_EQ(leaderHw(sim.s(), 0), 3);

    // The first position c1 ever has for the partition (it starts fetching from there at once).
    std::optional<Offset> firstPosition;
    const int c1 = consumerIndex(sim.s(), "c1");
    sim.watch([&](const ClusterState& s, const hw::FrameInfo&) {
        if (!firstPosition)
            firstPosition = position(s.consumers[static_cast<std::size_t>(c1)], 0);
    });
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c1")));
    HW_OK(rebalance(sim, "g"));
    HW_OK(advance(sim, 100));
    const hw::Consumer& c = consumer(sim.s(), "c1");
    ASSERT_EQ(owned(c), std::vector<std::int32_t> { 0 });
    EXPECT_EQ(firstPosition, want.position);
    EXPECT_EQ(c.owned[0].resetFailed, !want.position.has_value());
    if (!want.position) {
        const Json positions = hw::consumersJson(sim.s()).at(1).at("positions");
        EXPECT_EQ(positions.at(0).at("offset"), nullptr);
        EXPECT_EQ(positions.at(0).at("lag"), nullptr);
    }

    HW_OK(hw::runSettle(sim.timeline));
    ASSERT_EQ(leaderHw(sim.s(), 0), 5);
    HW_OK(advance(sim, 1000));
    EXPECT_EQ(receivedOffsets(consumer(sim.s(), "c1"))[0], want.receivedEnd);
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Policies, ConsumerOffsetReset,
    ::testing::Values(ResetCase { "earliest", OffsetReset::Earliest, false, 0, { 0, 1, 2, 3, 4 } },
        ResetCase { "latest_is_the_hw_not_the_leo", OffsetReset::Latest, false, 3, { 3, 4 } },
        ResetCase { "none_stays_without_a_position", OffsetReset::None, false, std::nullopt, {} },
        ResetCase { "earliest_committed_wins", OffsetReset::Earliest, true, 1, { 1, 2, 3, 4 } },
        ResetCase { "latest_committed_wins", OffsetReset::Latest, true, 1, { 1, 2, 3, 4 } },
        ResetCase { "none_committed_wins", OffsetReset::None, true, 1, { 1, 2, 3, 4 } }),
    [](const ::testing::TestParamInfo<ResetCase>& info) { return std::string(info.param.name); });

struct OutOfRangeCase {
    const char* name;
    OffsetReset reset;
    std::optional<Offset> positionAfter; // after seeking to 100 with 5 records in the log
    std::size_t receivedAfter; // records received after the reset
};

class ConsumerOffsetOutOfRange : public ::testing::TestWithParam<OutOfRangeCase> { };

TEST_P(ConsumerOffsetOutOfRange, ASeekPastTheLogIsResetByThePolicy)
{
    const OutOfRangeCase& want = GetParam();
    ClusterSpec spec = baseSpec(1);
    spec.consumers.push_back(manualConsumer("c1", { 0 }, want.reset));
    Sim sim(spec);
    HW_OK(produce(sim, 0, values("m", 0, 5)));
    HW_OK(advance(sim, 200));
    ConsumerAction seek = act(sim.s(), ConsumerAction::Kind::Seek, "c1");
    seek.partition = 0;
    seek.offset = 0;
    HW_OK(apply(sim, seek)); // with reset=none the consumer needs a position to start from
    HW_OK(advance(sim, 500));
    ASSERT_EQ(position(consumer(sim.s(), "c1"), 0), std::optional<Offset>(5));
    const std::size_t receivedBefore = consumer(sim.s(), "c1").received.size();

    bool outOfRange = false;
    sim.watch([&](const ClusterState&, const hw::FrameInfo& f) {
        outOfRange = outOfRange
            || (f.event.type == hw::EventType::RecordsReceived && f.event.error == hw::ErrorCode::OffsetOutOfRange);
    });
    seek.offset = 100;
    HW_OK(apply(sim, seek));
    HW_OK(advance(sim, 1000));
    EXPECT_TRUE(outOfRange) << "the leader answered OFFSET_OUT_OF_RANGE";
    const hw::Consumer& c = consumer(sim.s(), "c1");
    EXPECT_EQ(position(c, 0), want.positionAfter);
    EXPECT_EQ(c.received.size() - receivedBefore, want.receivedAfter) << "records received after the reset";
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Policies, ConsumerOffsetOutOfRange,
    ::testing::Values(OutOfRangeCase { "earliest_reads_again", OffsetReset::Earliest, 5, 5 },
        OutOfRangeCase { "latest_waits_at_the_hw", OffsetReset::Latest, 5, 0 },
        OutOfRangeCase { "none_stops", OffsetReset::None, std::nullopt, 0 }),
    [](const ::testing::TestParamInfo<OutOfRangeCase>& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// Reading up to the high watermark

TEST(ConsumerReadsUpToHw, ARecordAboveTheHwIsHeldBackUntilTheHwPassesIt)
{
    ClusterSpec spec = baseSpec(1);
    spec.config.autoFetch = false;
    spec.consumers.push_back(manualConsumer("c1", { 0 }));
    Sim sim(spec);
    HW_OK(produce(sim, 0, { "m0", "m1" }, hw::Acks::Leader));
    HW_OK(hw::runSettle(sim.timeline));
    HW_OK(advance(sim, 600));
    ASSERT_EQ(consumer(sim.s(), "c1").received.size(), 2u);

    int parkedAboveHw = 0;
    sim.watch([&](const ClusterState&, const hw::FrameInfo& f) {
        if (f.event.type == hw::EventType::ConsumerFetchHandled && f.event.has(hw::Parked) && f.event.offset == 2)
            ++parkedAboveHw;
    });
    HW_OK(produce(sim, 0, { "m2" }, hw::Acks::Leader));
    HW_OK(advance(sim, 2000));
    EXPECT_EQ(leaderReplica(sim.s(), 0).log.leo(), 3);
    EXPECT_EQ(leaderHw(sim.s(), 0), 2);
    EXPECT_EQ(consumer(sim.s(), "c1").received.size(), 2u) << "m2 is above the HW";
    EXPECT_GE(parkedAboveHw, 1) << "the leader held the consumer's fetch";

    // Two follower fetch rounds each: the followers copy m2, then tell the leader they have it.
    for (int round = 0; round < 2; ++round) {
        for (BrokerId follower : { 2, 3 })
            HW_OK(hw::runFetchRound(sim.timeline, hw::FetchAction { 0, follower, 0 }, hw::FetchUntil::Response));
    }
    HW_OK(advance(sim, 50));
    ASSERT_EQ(leaderHw(sim.s(), 0), 3);
    const hw::Consumer& c = consumer(sim.s(), "c1");
    ASSERT_EQ(c.received.size(), 3u);
    c.received.forEach(0, c.received.size(),
        [&](std::size_t, const hw::ReceivedRecord& r) { EXPECT_LT(r.offset, r.hwAtRead) << "offset " << r.offset; });
    EXPECT_EQ(c.received[2].offset, 2);
    EXPECT_EQ(c.received[2].hwAtRead, 3);
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerReadsUpToHw, TheInvariantCheckerCatchesARecordReadAtTheHw)
{
    // The checker is what the rest of this file relies on: show that it does see a bad read.
    ClusterSpec spec = baseSpec(1);
    spec.consumers.push_back(manualConsumer("c1", { 0 }));
    ClusterState state = hw::Engine::createCluster(spec);
    hw::InvariantChecker checker;
    EXPECT_TRUE(checker.check(state).empty());
    state.consumers[0].received.push_back(hw::ReceivedRecord { 0, 4, 0, 4 });
    EXPECT_FALSE(checker.check(state).empty());
}

// ---------------------------------------------------------------------------------------------
// Consumers without a group, and leader failover

TEST(ConsumerManualAssignment, AConsumerWithoutAGroupReadsExactlyItsPartitions)
{
    ClusterSpec spec = baseSpec(3);
    spec.consumers.push_back(manualConsumer("m", { 0, 2 }));
    Sim sim(spec);
    EXPECT_TRUE(sim.s().groups.empty());
    EXPECT_TRUE(sim.s().offsetsPartitions.empty()) << "no group, no __consumer_offsets";
    HW_OK(produce(sim, 0, { "a0", "a1" }));
    HW_OK(produce(sim, 1, { "b0" }));
    HW_OK(produce(sim, 2, { "c0", "c1", "c2" }));
    HW_OK(advance(sim, 500));
    const hw::Consumer& c = consumer(sim.s(), "m");
    EXPECT_EQ(owned(c), (std::vector<std::int32_t> { 0, 2 }));
    auto got = receivedOffsets(c);
    EXPECT_EQ(got[0], range(0, 2));
    EXPECT_EQ(got.count(1), 0u);
    EXPECT_EQ(got[2], range(0, 3));
    const Json consumers = hw::consumersJson(sim.s());
    EXPECT_EQ(consumers.at(0).at("group"), nullptr);
    EXPECT_EQ(consumers.at(0).at("positions").size(), 2u);
    EXPECT_EQ(consumers.at(0).at("positions").at(1).at("partition"), 2);
    EXPECT_EQ(consumers.at(0).at("positions").at(1).at("offset"), 3);
    HW_NO_VIOLATIONS(sim);
}

struct FailoverCase {
    const char* name;
    bool grouped;
    bool isolate; // the leader stays up but nobody can reach it (no connection error, only silence)
};

class ConsumerLeaderFailover : public ::testing::TestWithParam<FailoverCase> { };

TEST_P(ConsumerLeaderFailover, TheConsumerFindsTheNewLeaderAndReadsOnWithoutAGap)
{
    ClusterSpec spec = baseSpec(3);
    spec.config.offsetsTopicNumPartitions = 1;
    if (GetParam().grouped)
        spec.consumers.push_back(groupConsumer("c1", "g"));
    else
        spec.consumers.push_back(manualConsumer("c1", { 0, 1, 2 }));
    Sim sim(spec);
    if (GetParam().grouped)
        HW_OK(rebalance(sim, "g"));
    // A partition whose leader is not the coordinator (the coordinator's own failover is tested above).
    std::int32_t partition = 0;
    if (GetParam().grouped) {
        while (sim.s().partitions[static_cast<std::size_t>(partition)].registration.leader
            == sim.s().offsetsPartitions[0].leader)
            ++partition;
    }
    const BrokerId oldLeader = sim.s().partitions[static_cast<std::size_t>(partition)].registration.leader;
    HW_OK(produce(sim, partition, values("m", 0, 3)));
    HW_OK(advance(sim, 500));
    ASSERT_EQ(receivedOffsets(consumer(sim.s(), "c1"))[partition], range(0, 3));

    if (GetParam().isolate)
        HW_OK(apply(sim, hw::BrokerAction { hw::BrokerAction::Kind::Isolate, oldLeader, 0 }));
    else
        HW_OK(apply(sim, hw::KillLeaderAction { partition }));
    HW_OK(produce(sim, partition, values("m", 3, 3))); // retried until the new leader takes it
    // Killed: the consumer's fetch fails at once. Isolated: only its request.timeout.ms can tell it.
    HW_OK(advance(sim, GetParam().isolate ? 2 * sim.s().config.requestTimeoutMs : 3000));
    const BrokerId newLeader = sim.s().partitions[static_cast<std::size_t>(partition)].registration.leader;
    ASSERT_NE(newLeader, hw::noLeader);
    ASSERT_NE(newLeader, oldLeader);
    const hw::Consumer& c = consumer(sim.s(), "c1");
    EXPECT_EQ(c.leaders[static_cast<std::size_t>(partition)], newLeader) << "the consumer's metadata was refreshed";
    EXPECT_EQ(receivedOffsets(c)[partition], range(0, 6));
    EXPECT_EQ(position(c, partition), std::optional<Offset>(6));
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Kinds, ConsumerLeaderFailover,
    ::testing::Values(FailoverCase { "manual_assignment_leader_killed", false, false },
        FailoverCase { "group_member_leader_killed", true, false },
        FailoverCase { "manual_assignment_leader_isolated", false, true },
        FailoverCase { "group_member_leader_isolated", true, true }),
    [](const ::testing::TestParamInfo<FailoverCase>& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// Answers lost in a broker crash, and partitions without a leader

/// Whether an answer from `broker` to consumer `consumer` is on its way.
template <typename Body> bool answerInFlight(const ClusterState& s, BrokerId broker, int consumer)
{
    return std::any_of(s.queue.begin(), s.queue.end(), [&](const hw::QueuedEvent& q) {
        const auto* m = std::get_if<hw::Message>(&q.what);
        return m && m->from == hw::NodeRef::broker(broker) && m->to == hw::NodeRef::consumer(consumer)
            && std::holds_alternative<Body>(m->body);
    });
}

// A broker that crashes takes the answers it had sent but not yet delivered with it (model/messages.h: Message).
// Kafka's client then sees the connection drop, or at the latest its request.timeout.ms, and asks
// again; a consumer must not wait forever for an answer that will never come.
TEST(ConsumerLostAnswers, AFindCoordinatorAnswerLostInABrokerCrashIsAskedForAgain)
{
    ClusterSpec spec = baseSpec(1);
    spec.consumers.push_back(groupConsumer("c1", "g"));
    Sim sim(spec);
    // c1's first FindCoordinator goes to broker 1, which answers at 5 ms; the answer arrives at 10 ms.
    HW_OK(advance(sim, 5));
    ASSERT_TRUE(answerInFlight<hw::FindCoordinatorResponse>(sim.s(), 1, 0));
    HW_OK(apply(sim, hw::BrokerAction { hw::BrokerAction::Kind::Kill, 1, 0 }));
    HW_OK(apply(sim, hw::BrokerAction { hw::BrokerAction::Kind::Restart, 1, 0 }));
    HW_OK(rebalance(sim, "g"));
    EXPECT_TRUE(isMember(sim.s(), "g", "c1"));
    EXPECT_EQ(owned(consumer(sim.s(), "c1")), std::vector<std::int32_t> { 0 });
    HW_NO_VIOLATIONS(sim);
}

TEST(ConsumerLostAnswers, AFetchAnswerLostInALeaderCrashIsFetchedAgainFromTheNewLeader)
{
    ClusterSpec spec = baseSpec(1);
    ConsumerSpec c = manualConsumer("c1", { 0 });
    c.autoPoll = false;
    spec.consumers.push_back(c);
    Sim sim(spec);
    HW_OK(produce(sim, 0, values("m", 0, 3)));
    HW_OK(advance(sim, 200));
    ASSERT_EQ(leaderHw(sim.s(), 0), 3);
    // The poll's fetch reaches leader 1, which answers with m0..m2; then broker 1 crashes.
    HW_OK(apply(sim, pollAction(sim.s(), "c1", 10)));
    HW_OK(advance(sim, 5));
    ASSERT_TRUE(answerInFlight<hw::FetchResponse>(sim.s(), 1, 0));
    HW_OK(apply(sim, hw::KillLeaderAction { 0 }));
    HW_OK(advance(sim, sim.s().config.brokerSessionTimeoutMs + sim.s().config.requestTimeoutMs + 5000));
    const BrokerId newLeader = sim.s().partitions[0].registration.leader;
    ASSERT_NE(newLeader, hw::noLeader);
    ASSERT_NE(newLeader, 1);
    EXPECT_EQ(hw::runPoll(sim.timeline, pollAction(sim.s(), "c1", 10)), "");
    const hw::Consumer& after = consumer(sim.s(), "c1");
    EXPECT_EQ(receivedOffsets(after)[0], range(0, 3));
    EXPECT_EQ(after.leaders[0], newLeader);
    HW_NO_VIOLATIONS(sim);
}

struct OfflineCase {
    const char* name;
    bool grouped;
};

class ConsumerOfflinePartition : public ::testing::TestWithParam<OfflineCase> { };

// auto.offset.reset asks the partition leader (ListOffsets). When the consumer's metadata shows no leader
// at that moment, Kafka's consumer refreshes its metadata and retries the reset until a leader is back.
TEST_P(ConsumerOfflinePartition, APositionLookedUpWhileThePartitionHasNoLeaderIsFoundOnceItHasOne)
{
    // The only replica of "t" is on a broker that does not coordinate the group.
    ClusterSpec spec = baseSpec(1, 3, 1);
    ConsumerSpec c = GetParam().grouped ? groupConsumer("c1", "g") : manualConsumer("c1", { 0 });
    c.start = false;
    spec.consumers.push_back(c);
    spec.consumers.push_back(groupConsumer("other", "g", AssignorKind::Range, OffsetReset::Earliest, false, false));
    const BrokerId coordinator = hw::Engine::createCluster(spec).offsetsPartitions[0].leader;
    const BrokerId replica = coordinator % 3 + 1;
    spec.topics[0].assignment = { { replica } };
    Sim sim(spec);
    ASSERT_EQ(sim.s().offsetsPartitions[0].leader, coordinator);
    HW_OK(produce(sim, 0, { "m0", "m1" }));
    HW_OK(advance(sim, 100));
    HW_OK(apply(sim, hw::BrokerAction { hw::BrokerAction::Kind::Kill, replica, 0 }));
    HW_OK(advance(sim, sim.s().config.brokerSessionTimeoutMs + 1000));
    ASSERT_EQ(sim.s().partitions[0].registration.leader, hw::noLeader) << "t-0 is offline";

    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c1")));
    if (GetParam().grouped)
        HW_OK(rebalance(sim, "g"));
    HW_OK(advance(sim, 2000));
    ASSERT_EQ(owned(consumer(sim.s(), "c1")), std::vector<std::int32_t> { 0 });
    EXPECT_EQ(position(consumer(sim.s(), "c1"), 0), std::nullopt) << "nobody can say where the log starts yet";

    HW_OK(apply(sim, hw::BrokerAction { hw::BrokerAction::Kind::Restart, replica, 0 }));
    HW_OK(advance(sim, sim.s().config.requestTimeoutMs + 5000));
    ASSERT_EQ(sim.s().partitions[0].registration.leader, replica) << "t-0 is back";
    const hw::Consumer& after = consumer(sim.s(), "c1");
    EXPECT_EQ(position(after, 0), std::optional<Offset>(2));
    EXPECT_EQ(receivedOffsets(after)[0], range(0, 2));
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Kinds, ConsumerOfflinePartition,
    ::testing::Values(OfflineCase { "group_member", true }, OfflineCase { "manual_assignment", false }),
    [](const ::testing::TestParamInfo<OfflineCase>& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// Steady producers (rate_per_s)

struct RateCase {
    std::int64_t ratePerSecond;
    TimeMs runMs;
    std::int64_t records; // one every floor(1000 / rate) ms
    std::vector<std::string> keys;
};

class ConsumerSteadyProducer : public ::testing::TestWithParam<RateCase> { };

TEST_P(ConsumerSteadyProducer, ProducesAtItsRateAndTheGroupReadsEverything)
{
    const RateCase& want = GetParam();
    ClusterSpec spec = baseSpec(3);
    spec.producers[0].ratePerSecond = want.ratePerSecond;
    spec.producers[0].keys = want.keys;
    spec.consumers.push_back(groupConsumer("c1", "g", AssignorKind::Range, OffsetReset::Earliest, true));
    spec.consumers.push_back(groupConsumer("c2", "g", AssignorKind::Range, OffsetReset::Earliest, true));
    Sim sim(spec);
    HW_OK(advance(sim, want.runMs));
    EXPECT_EQ(sim.s().producers[0].ticks, want.records);
    const TimeMs intervalMs = 1000 / want.ratePerSecond;
    HW_OK(advance(sim, (want.records + 1) * intervalMs - 1 - sim.s().nowMs)); // just before the next record
    EXPECT_EQ(sim.s().producers[0].ticks, want.records);
    HW_NO_VIOLATIONS(sim);

    // Stop the stream in a copy of the state (a plain value) and let everything in flight arrive.
    ClusterState stopped = sim.s();
    stopped.producers[0].ratePerSecond = 0;
    Sim rest(std::move(stopped));
    HW_OK(advance(rest, 3000));
    EXPECT_EQ(rest.s().producers[0].ticks, want.records);

    std::int64_t inLogs = 0;
    for (std::int32_t p = 0; p < 3; ++p) {
        const hw::ReplicaLog& log = leaderReplica(rest.s(), p).log;
        inLogs += log.leo();
        for (Offset o = 0; o < log.leo(); ++o) {
            const hw::Payload& payload = rest.s().payloads[static_cast<std::size_t>(log.at(o).payload)];
            if (!want.keys.empty()) {
                ASSERT_TRUE(payload.hasKey);
                EXPECT_EQ(hw::partitionForKey(payload.key, 3), p) << "key " << payload.key;
            } else {
                EXPECT_FALSE(payload.hasKey);
            }
        }
    }
    EXPECT_EQ(inLogs, want.records) << "one record per tick";
    std::size_t received = 0;
    for (const char* id : { "c1", "c2" })
        received += consumer(rest.s(), id).received.size();
    Offset hwSum = 0;
    for (std::int32_t p = 0; p < 3; ++p)
        hwSum += leaderHw(rest.s(), p);
    EXPECT_EQ(hwSum, want.records) << "every record committed";
    EXPECT_EQ(static_cast<Offset>(received), hwSum) << "the group read everything below the HW once";
    // The stream's records are "p-0", "p-1", ... with the keys taken from the list in turn.
    std::int64_t index = 0;
    rest.s().payloads.forEach(0, rest.s().payloads.size(), [&](std::size_t, const hw::Payload& payload) {
        EXPECT_EQ(payload.value, "p-" + std::to_string(index));
        if (!want.keys.empty()) {
            EXPECT_EQ(payload.key, want.keys[static_cast<std::size_t>(index) % want.keys.size()]);
        }
        ++index;
    });
    EXPECT_EQ(index, want.records);
    HW_NO_VIOLATIONS(rest);
}

INSTANTIATE_TEST_SUITE_P(Rates, ConsumerSteadyProducer,
    ::testing::Values(RateCase { 10, 1000, 10, {} }, RateCase { 4, 2500, 10, { "k1", "k2", "k3" } },
        RateCase { 1, 5000, 5, { "a" } }, RateCase { 100, 1000, 100, {} }, RateCase { 3, 3000, 9, { "x", "y" } }));

// ---------------------------------------------------------------------------------------------
// Eager vs cooperative rebalancing

struct RebalanceCase {
    AssignorKind assignor;
    bool cooperative;
};

class ConsumerRebalanceProtocol : public ::testing::TestWithParam<RebalanceCase> { };

TEST_P(ConsumerRebalanceProtocol, EagerMembersOwnNothingWhileRejoiningCooperativeOnesKeepWhatStays)
{
    const RebalanceCase& want = GetParam();
    ClusterSpec spec = baseSpec(6);
    spec.consumers.push_back(groupConsumer("c1", "g", want.assignor));
    spec.consumers.push_back(groupConsumer("c2", "g", want.assignor));
    spec.consumers.push_back(groupConsumer("c3", "g", want.assignor, OffsetReset::Earliest, false, false));
    Sim sim(spec);
    HW_OK(rebalance(sim, "g"));
    const std::map<std::string, std::vector<std::int32_t>> before { { "c1", assignmentOf(sim.s(), "g", "c1") },
        { "c2", assignmentOf(sim.s(), "g", "c2") } };
    const int generationBefore = group(sim.s(), "g").generation;

    std::vector<std::map<std::string, std::vector<std::int32_t>>> ownedPerFrame;
    std::map<std::string, bool> rejoinedOwningSomething { { "c1", false }, { "c2", false } };
    std::map<std::string, bool> rejoined { { "c1", false }, { "c2", false } };
    sim.watch([&](const ClusterState& s, const hw::FrameInfo&) {
        std::map<std::string, std::vector<std::int32_t>> now;
        std::set<std::int32_t> taken;
        for (const char* id : { "c1", "c2", "c3" }) {
            const hw::Consumer& c = consumer(s, id);
            now[id] = owned(c);
            for (std::int32_t p : now[id])
                EXPECT_TRUE(taken.insert(p).second) << "partition " << p << " owned twice at t=" << s.nowMs;
            const bool inProtocol = c.phase == MemberPhase::Joining || c.phase == MemberPhase::Syncing;
            if (inProtocol && rejoined.count(id)) {
                rejoined[id] = true;
                rejoinedOwningSomething[id] = rejoinedOwningSomething[id] || !c.owned.empty();
            }
            if (!want.cooperative && inProtocol) {
                EXPECT_TRUE(c.owned.empty()) << id << " is eager and rejoining, yet owns partitions at t=" << s.nowMs;
            }
        }
        ownedPerFrame.push_back(std::move(now));
    });
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c3")));
    HW_OK(rebalance(sim, "g"));

    const int rounds = group(sim.s(), "g").generation - generationBefore;
    EXPECT_EQ(rounds, want.cooperative ? 2 : 1) << "cooperative members that revoked something rejoin once more";
    for (const char* id : { "c1", "c2" }) {
        EXPECT_TRUE(rejoined[id]) << id << " took part in the rebalance";
        EXPECT_EQ(rejoinedOwningSomething[id], want.cooperative) << id;
    }
    EXPECT_EQ(assignmentOf(sim.s(), "g", "c3").size(), 2u);
    expectEachPartitionOnce(sim.s(), "g", 6);
    expectOwnedMatchesAssignment(sim.s(), "g");
    if (want.cooperative) {
        // A partition that stays with its owner is owned at every frame of the rebalance.
        for (const char* id : { "c1", "c2" }) {
            const std::vector<std::int32_t> after = assignmentOf(sim.s(), "g", id);
            std::vector<std::int32_t> stays;
            std::set_intersection(
                before.at(id).begin(), before.at(id).end(), after.begin(), after.end(), std::back_inserter(stays));
            EXPECT_EQ(stays.size(), 2u) << id << " keeps two of its three partitions";
            for (const auto& frame : ownedPerFrame) {
                for (std::int32_t p : stays)
                    EXPECT_TRUE(std::binary_search(frame.at(id).begin(), frame.at(id).end(), p))
                        << id << " stopped owning partition " << p << " that it keeps";
            }
        }
    }
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Protocols, ConsumerRebalanceProtocol,
    ::testing::Values(RebalanceCase { AssignorKind::Range, false }, RebalanceCase { AssignorKind::RoundRobin, false },
        RebalanceCase { AssignorKind::Sticky, false }, RebalanceCase { AssignorKind::CooperativeSticky, true }),
    [](const ::testing::TestParamInfo<RebalanceCase>& info) {
        std::string name(hw::assignorName(info.param.assignor));
        name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
        return name;
    });

class ConsumerAutoCommitBeforeRejoin : public ::testing::TestWithParam<RebalanceCase> { };

TEST_P(ConsumerAutoCommitBeforeRejoin, EveryMemberCommitsEveryPositionBeforeItsFirstJoinGroupEagerOrCooperative)
{
    // ConsumerCoordinator.onJoinPrepare (3.7, 4.2, 4.3.1 alike): with auto-commit, a member that starts
    // a rebalance commits subscriptions.allConsumed() before its JoinGroup, whatever its protocol; its
    // onJoinComplete commits nothing for the partitions a cooperative member gives up.
    const RebalanceCase& want = GetParam();
    ClusterSpec spec = baseSpec(6);
    spec.config.autoCommitIntervalMs = 600000; // the periodic auto-commit never fires in this test
    spec.consumers.push_back(groupConsumer("c1", "g", want.assignor, OffsetReset::Earliest, true));
    spec.consumers.push_back(groupConsumer("c2", "g", want.assignor, OffsetReset::Earliest, true));
    spec.consumers.push_back(groupConsumer("c3", "g", want.assignor, OffsetReset::Earliest, true, false));
    Sim sim(spec);
    HW_OK(rebalance(sim, "g"));
    for (int p = 0; p < 6; ++p)
        HW_OK(produce(sim, p, values("m", 0, p + 1)));
    HW_OK(advance(sim, 1000));
    ASSERT_TRUE(group(sim.s(), "g").committed.empty()) << "nothing committed yet";
    for (const char* id : { "c1", "c2" }) {
        for (const hw::OwnedPartition& o : consumer(sim.s(), id).owned)
            ASSERT_EQ(o.position, o.partition + 1) << id << " has read partition " << o.partition;
    }

    // The commits and JoinGroups the coordinator handles, in order.
    std::vector<std::string> handled;
    int generationAtFirstCommit = -1;
    sim.watch([&](const ClusterState& s, const hw::FrameInfo& info) {
        if (info.event.type != hw::EventType::GroupRequestHandled)
            return;
        const auto kind = static_cast<hw::GroupRequestKind>(info.event.detail);
        if (kind == hw::GroupRequestKind::OffsetCommit) {
            handled.push_back("commit:" + s.consumers[static_cast<std::size_t>(info.event.peer)].id);
            if (generationAtFirstCommit < 0)
                generationAtFirstCommit = group(s, "g").generation;
        } else if (kind == hw::GroupRequestKind::Join) {
            handled.push_back("join:" + s.consumers[static_cast<std::size_t>(info.event.peer)].id);
        }
    });
    HW_OK(apply(sim, act(sim.s(), ConsumerAction::Kind::Join, "c3")));
    HW_OK(rebalance(sim, "g"));

    // Every partition's position is committed, in the generation before the rebalance's first.
    std::vector<hw::CommittedOffset> committed = group(sim.s(), "g").committed;
    std::sort(committed.begin(), committed.end(), [](const auto& a, const auto& b) { return a.partition < b.partition; });
    ASSERT_EQ(committed.size(), 6u) << describeGroups(sim.s());
    for (int p = 0; p < 6; ++p)
        EXPECT_EQ(committed[static_cast<std::size_t>(p)].offset, p + 1) << "partition " << p;
    EXPECT_EQ(generationAtFirstCommit, 1);
    // c1 and c2 each commit before their first JoinGroup of the rebalance.
    for (const char* id : { "c1", "c2" }) {
        const auto commit = std::find(handled.begin(), handled.end(), std::string("commit:") + id);
        const auto join = std::find(handled.begin(), handled.end(), std::string("join:") + id);
        ASSERT_NE(commit, handled.end()) << id;
        ASSERT_NE(join, handled.end()) << id;
        EXPECT_LT(commit - handled.begin(), join - handled.begin()) << id;
    }
    // A cooperative member commits again before its second JoinGroup (what it kept); an eager one has
    // one JoinGroup and one commit.
    const auto commits = std::count_if(handled.begin(), handled.end(), [](const std::string& h) {
        return h == "commit:c1" || h == "commit:c2";
    });
    EXPECT_EQ(commits, want.cooperative ? 4 : 2);
    HW_NO_VIOLATIONS(sim);
}

INSTANTIATE_TEST_SUITE_P(Protocols, ConsumerAutoCommitBeforeRejoin,
    ::testing::Values(RebalanceCase { AssignorKind::Range, false }, RebalanceCase { AssignorKind::CooperativeSticky, true }),
    [](const ::testing::TestParamInfo<RebalanceCase>& info) {
        std::string name(hw::assignorName(info.param.assignor));
        name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
        return name;
    });

// ---------------------------------------------------------------------------------------------
// Randomized: no record is skipped across rebalances

struct RandomRun {
    std::vector<std::string> failures;
    std::int64_t frames = 0;
};

/// One seeded run: a topic of 1-4 partitions, 2-5 consumers in one or two groups (an assignor per group,
/// auto-commit or manual commits of what was received), and a random schedule of produces, clock
/// advances, joins, leaves, crashes and commits. At the end every consumer runs again and the groups
/// settle; then each group must have received every offset below the HW of every partition.
RandomRun randomGroupRun(std::uint64_t seed, bool brokerFaults = false, const Sim::Watcher& watcher = {})
{
    RandomRun result;
    hw::Rng rng(seed);
    ClusterSpec spec = baseSpec(static_cast<int>(rng.between(1, 4)));
    spec.seed = seed;
    spec.config.offsetsTopicNumPartitions = rng.between(1, 4);
    spec.config.sessionTimeoutMs = rng.between(3000, 8000);
    spec.config.heartbeatIntervalMs = rng.between(300, 1000);
    spec.config.rebalanceTimeoutMs = rng.between(4000, 10000);
    spec.config.groupInitialRebalanceDelayMs = rng.between(0, 500);
    spec.config.autoCommitIntervalMs = rng.between(300, 2000);
    spec.config.networkLatencyMs = rng.between(1, 10);
    const AssignorKind kinds[]
        = { AssignorKind::Range, AssignorKind::RoundRobin, AssignorKind::Sticky, AssignorKind::CooperativeSticky };
    const int groups = static_cast<int>(rng.between(1, 2));
    const AssignorKind groupAssignor[] = { kinds[rng.below(4)], kinds[rng.below(4)] };
    const auto consumers = rng.between(2, 5);
    for (std::int64_t i = 0; i < consumers; ++i) {
        const int g = static_cast<int>(rng.below(static_cast<std::uint64_t>(groups)));
        ConsumerSpec c = groupConsumer("c" + std::to_string(i + 1), "g" + std::to_string(g + 1), groupAssignor[g],
            OffsetReset::Earliest, rng.chance(1, 2), rng.chance(3, 4));
        c.maxPollRecords = static_cast<std::int32_t>(rng.between(1, 8));
        c.pollIntervalMs = rng.chance(1, 4) ? rng.between(50, 400) : 0;
        spec.consumers.push_back(c);
    }
    const auto partitions = spec.topics[0].partitions;

    Sim sim(spec);
    if (watcher)
        sim.watch(watcher);
    auto fail = [&](const std::string& what) { result.failures.push_back(what); };
    sim.watch([&](const ClusterState& s, const hw::FrameInfo&) {
        for (const std::string& v : eagerMembersOwningWhileJoining(s)) {
            if (result.failures.size() < 4)
                fail(v);
        }
    });
    auto run = [&](const std::string& what, const std::string& error) {
        if (!error.empty())
            fail(what + ": " + error);
        return error.empty();
    };
    std::int64_t value = 0;
    const auto steps = rng.between(8, 25);
    for (std::int64_t i = 0; i < steps && result.failures.empty(); ++i) {
        const auto roll = rng.below(100);
        const ClusterState& s = sim.s();
        if (brokerFaults && roll < 12) {
            // Kill a broker (the coordinator too, sometimes) while all are up; otherwise restart the dead one.
            std::vector<BrokerId> dead;
            for (const hw::Broker& b : s.brokers) {
                if (!b.alive)
                    dead.push_back(b.id);
            }
            if (dead.empty()) {
                const auto broker = static_cast<BrokerId>(rng.between(1, static_cast<std::int64_t>(s.brokers.size())));
                run("kill", hw::runFault(sim.timeline, hw::BrokerAction { hw::BrokerAction::Kind::Kill, broker, 0 }));
            } else {
                run("restart",
                    hw::runFault(sim.timeline, hw::BrokerAction { hw::BrokerAction::Kind::Restart, dead.front(), 0 }));
            }
        } else if (roll < 30) {
            const auto p = static_cast<int>(rng.below(static_cast<std::uint64_t>(partitions)));
            run("produce", produce(sim, p, values("v", static_cast<int>(value), static_cast<int>(rng.between(1, 6)))));
            value += 6;
        } else if (roll < 55) {
            run("advance", advance(sim, rng.between(20, 4000)));
        } else {
            const auto index = static_cast<std::int32_t>(rng.below(s.consumers.size()));
            const hw::Consumer& c = s.consumers[static_cast<std::size_t>(index)];
            const bool running = c.phase != MemberPhase::Stopped && c.phase != MemberPhase::Crashed;
            ConsumerAction a;
            a.consumer = index;
            if (!running) {
                a.kind = ConsumerAction::Kind::Join;
            } else {
                const auto what = rng.below(10);
                const bool canCommit = c.coordinator != hw::noLeader
                    && std::any_of(
                        c.owned.begin(), c.owned.end(), [](const hw::OwnedPartition& o) { return o.position >= 0; });
                if (what < 2)
                    a.kind = ConsumerAction::Kind::Leave;
                else if (what < 4)
                    a.kind = ConsumerAction::Kind::Crash;
                else if (canCommit)
                    a.kind = ConsumerAction::Kind::Commit;
                else
                    continue;
            }
            run("consumer action", apply(sim, a));
        }
    }
    // Everyone back; let the crashed members' sessions expire and the groups settle.
    for (const hw::Broker& b : std::vector<hw::Broker>(sim.s().brokers)) {
        if (!b.alive && result.failures.empty())
            run("final restart",
                hw::runFault(sim.timeline, hw::BrokerAction { hw::BrokerAction::Kind::Restart, b.id, 0 }));
    }
    for (std::int32_t i = 0; i < static_cast<std::int32_t>(sim.s().consumers.size()) && result.failures.empty(); ++i) {
        const hw::Consumer& c = sim.s().consumers[static_cast<std::size_t>(i)];
        if (c.phase == MemberPhase::Stopped || c.phase == MemberPhase::Crashed)
            run("final join", apply(sim, ConsumerAction { ConsumerAction::Kind::Join, i, 0, -1, 0 }));
    }
    if (result.failures.empty())
        run("final advance",
            advance(sim,
                sim.s().config.brokerSessionTimeoutMs + sim.s().config.sessionTimeoutMs
                    + sim.s().config.rebalanceTimeoutMs));
    for (const hw::Group& g : std::vector<hw::Group>(sim.s().groups)) {
        if (result.failures.empty())
            run("final rebalance of " + g.id, rebalance(sim, g.id));
    }
    if (!result.failures.empty())
        return result;

    // What each group still lacks: the first offset below a partition's HW that no member received.
    auto missing = [&]() {
        std::vector<std::string> out;
        const ClusterState& s = sim.s();
        for (std::size_t gi = 0; gi < s.groups.size(); ++gi) {
            const hw::Group& g = s.groups[gi];
            if (g.state != GroupState::Stable)
                out.push_back("group " + g.id + " ended " + stateName(g.state));
            for (std::int32_t p = 0; p < partitions; ++p) {
                std::set<Offset> got;
                for (const hw::Consumer& c : s.consumers) {
                    if (c.group != static_cast<std::int32_t>(gi))
                        continue;
                    c.received.forEach(0, c.received.size(), [&](std::size_t, const hw::ReceivedRecord& r) {
                        if (r.partition == p)
                            got.insert(r.offset);
                    });
                }
                const Offset hw = leaderHw(s, p);
                for (Offset o = 0; o < hw; ++o) {
                    if (!got.count(o)) {
                        out.push_back("group " + g.id + " never received offset " + std::to_string(o) + " of "
                            + s.partitionName(p) + " (HW " + std::to_string(hw) + ", " + std::to_string(got.size())
                            + " distinct offsets received)");
                        break;
                    }
                }
                if (!got.empty() && *got.rbegin() >= hw)
                    out.push_back("group " + g.id + " received offset " + std::to_string(*got.rbegin()) + " of "
                        + s.partitionName(p) + " at or above the HW " + std::to_string(hw));
            }
        }
        return out;
    };
    // Slow consumers (one record per poll, a pause between polls) may need a while to catch up.
    for (int second = 0; second < 120 && !missing().empty() && result.failures.empty(); ++second)
        run("final catch-up", advance(sim, 1000));
    for (const std::string& m : missing())
        fail(m);
    if (!result.failures.empty())
        fail(describeGroups(sim.s()));
    for (const std::string& v : sim.violations)
        fail(v);
    result.frames = sim.timeline.frameCount();
    return result;
}

TEST(ConsumerRandomizedRebalances, NoRecordIsSkippedAcrossJoinsLeavesAndCrashes)
{
    constexpr std::uint64_t runs = 320;
    int failed = 0;
    for (std::uint64_t seed = 1; seed <= runs; ++seed) {
        const RandomRun r = randomGroupRun(seed);
        if (!r.failures.empty()) {
            ++failed;
            if (failed <= 5) {
                std::string text;
                for (std::size_t i = 0; i < r.failures.size() && i < 4; ++i)
                    text += "  " + r.failures[i] + "\n";
                ADD_FAILURE() << "seed " << seed << " failed:\n" << text;
            }
        }
    }
    EXPECT_EQ(failed, 0) << "of " << runs << " seeded runs";
}

TEST(ConsumerRandomizedRebalances, NoRecordIsSkippedOrStrandedWhenBrokersCrashAndRestartToo)
{
    // The same schedules with broker crashes and restarts mixed in (the coordinator's too): once every
    // broker is back and the groups have settled, each group has read everything below the HW.
    constexpr std::uint64_t runs = 150;
    int failed = 0;
    for (std::uint64_t seed = 1; seed <= runs; ++seed) {
        const RandomRun r = randomGroupRun(seed, true);
        if (!r.failures.empty()) {
            ++failed;
            if (failed <= 5) {
                std::string text;
                for (std::size_t i = 0; i < r.failures.size() && i < 4; ++i)
                    text += "  " + r.failures[i] + "\n";
                ADD_FAILURE() << "seed " << seed << " (with broker faults) failed:\n" << text;
            }
        }
    }
    EXPECT_EQ(failed, 0) << "of " << runs << " seeded runs with broker faults";
}

TEST(ConsumerRandomizedRebalances, ASeedReplaysToTheSameRun)
{
    const RandomRun a = randomGroupRun(17);
    const RandomRun b = randomGroupRun(17);
    EXPECT_EQ(a.frames, b.frames);
    EXPECT_GT(a.frames, 50);
}

// ---------------------------------------------------------------------------------------------
// The built-in consumer scenarios: each checkpoint shows what its note says

struct Played {
    hw::Scenario scenario;
    std::unique_ptr<Sim> sim;
    std::vector<std::map<std::string, std::vector<std::int32_t>>> ownedPerFrame; // consumer id -> owned
};

std::unique_ptr<Played> playBuiltin(const std::string& name)
{
    auto played = std::make_unique<Played>();
    auto loaded = hw::loadScenario("builtin:" + name);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    played->scenario = std::get<hw::Scenario>(std::move(loaded));
    played->sim = std::make_unique<Sim>(played->scenario.cluster);
    Played* p = played.get();
    p->sim->watch([p](const ClusterState& s, const hw::FrameInfo&) {
        std::map<std::string, std::vector<std::int32_t>> now;
        for (const hw::Consumer& c : s.consumers)
            now[c.id] = owned(c);
        p->ownedPerFrame.push_back(std::move(now));
    });
    if (auto error = hw::runScenario(played->scenario, played->sim->timeline)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    return played;
}

ClusterState checkpoint(const Played& played, const std::string& label)
{
    const std::int64_t frame = played.sim->timeline.findLabel(label);
    EXPECT_GE(frame, 0) << "no checkpoint " << label;
    return played.sim->timeline.stateAt(std::max<std::int64_t>(frame, 0));
}

/// "orders-0 orders-1" style: a member's assignment from groupsJson.
std::string assignmentWords(const Json& groups, const std::string& groupId, const std::string& consumerId)
{
    for (const Json& g : groups) {
        if (g.at("id") != groupId)
            continue;
        for (const Json& m : g.at("members")) {
            if (m.at("id") != consumerId)
                continue;
            std::string out;
            for (const Json& a : m.at("assignment"))
                out += (out.empty() ? "" : " ") + a.at("topic").get<std::string>() + "-"
                    + std::to_string(a.at("partition").get<int>());
            return out;
        }
        return "<not a member>";
    }
    return "<no group>";
}

const Json& groupJson(const Json& groups, const std::string& id)
{
    for (const Json& g : groups) {
        if (g.at("id") == id)
            return g;
    }
    ADD_FAILURE() << "no group " << id;
    return groups.at(0);
}

/// "partition:offset:lag" per committed entry.
std::string committedWords(const Json& groups, const std::string& groupId)
{
    std::string out;
    for (const Json& c : groupJson(groups, groupId).at("committed"))
        out += (out.empty() ? "" : " ") + std::to_string(c.at("partition").get<int>()) + ":"
            + std::to_string(c.at("offset").get<Offset>()) + ":"
            + (c.at("lag").is_null() ? std::string("null") : std::to_string(c.at("lag").get<Offset>()));
    return out;
}

const Json& consumerJson(const Json& consumers, const std::string& id)
{
    for (const Json& c : consumers) {
        if (c.at("id") == id)
            return c;
    }
    ADD_FAILURE() << "no consumer " << id;
    return consumers.at(0);
}

/// The values a consumer received, space-separated, in arrival order.
std::string receivedWords(const Json& consumers, const std::string& id)
{
    std::string out;
    for (const Json& r : consumerJson(consumers, id).at("received"))
        out += (out.empty() ? "" : " ") + r.at("value").get<std::string>();
    return out;
}

/// "partition:offset:lag" per position.
std::string positionWords(const Json& consumers, const std::string& id)
{
    std::string out;
    for (const Json& p : consumerJson(consumers, id).at("positions"))
        out += (out.empty() ? "" : " ") + std::to_string(p.at("partition").get<int>()) + ":"
            + (p.at("offset").is_null() ? std::string("null") : std::to_string(p.at("offset").get<Offset>())) + ":"
            + (p.at("lag").is_null() ? std::string("null") : std::to_string(p.at("lag").get<Offset>()));
    return out;
}

void expectEveryReadBelowItsHw(const ClusterState& s)
{
    for (const hw::Consumer& c : s.consumers) {
        c.received.forEach(0, c.received.size(), [&](std::size_t, const hw::ReceivedRecord& r) {
            EXPECT_LT(r.offset, r.hwAtRead) << c.id << " read offset " << r.offset << " of "
                                            << s.partitionName(r.partition) << " under HW " << r.hwAtRead;
        });
    }
}

TEST(ConsumerBuiltinScenario, ConsumerGroupBasics)
{
    const auto played = playBuiltin("consumer-group-basics");
    ASSERT_NE(played, nullptr);
    EXPECT_EQ(played->sim->timeline.labels(), (std::vector<std::string> { "1", "2", "3" }));
    HW_NO_VIOLATIONS(*played->sim);

    // 1: each group found its coordinator, the first to join leads, range: bill-1 0 and 1, bill-2 2, audit-1 all.
    {
        const ClusterState s = checkpoint(*played, "1");
        const Json groups = hw::groupsJson(s);
        for (const char* id : { "billing", "audit" }) {
            const Json& g = groupJson(groups, id);
            EXPECT_EQ(g.at("state"), "Stable") << id;
            EXPECT_EQ(g.at("generation"), 1) << id;
            EXPECT_EQ(g.at("protocol"), "range") << id;
            const int offsetsPartition = hw::offsetsPartitionFor(id, 3);
            EXPECT_EQ(offsetsPartition, 1) << id << ": abs(hashCode) % 3 worked out by hand";
            EXPECT_EQ(g.at("offsets_partition"), offsetsPartition) << id;
            EXPECT_EQ(g.at("coordinator"), s.offsetsPartitions[static_cast<std::size_t>(offsetsPartition)].leader)
                << id;
            EXPECT_TRUE(g.at("committed").empty()) << id;
        }
        EXPECT_EQ(groupJson(groups, "billing").at("leader"), "bill-1");
        EXPECT_EQ(groupJson(groups, "audit").at("leader"), "audit-1");
        EXPECT_EQ(assignmentWords(groups, "billing", "bill-1"), "orders-0 orders-1");
        EXPECT_EQ(assignmentWords(groups, "billing", "bill-2"), "orders-2");
        EXPECT_EQ(assignmentWords(groups, "audit", "audit-1"), "orders-0 orders-1 orders-2");
        const Json consumers = hw::consumersJson(s);
        EXPECT_EQ(positionWords(consumers, "bill-1"), "0:0:0 1:0:0");
        EXPECT_EQ(positionWords(consumers, "bill-2"), "2:0:0");
        EXPECT_EQ(positionWords(consumers, "audit-1"), "0:0:0 1:0:0 2:0:0");
        for (const char* id : { "bill-1", "bill-2", "audit-1" })
            EXPECT_EQ(receivedWords(consumers, id), "") << id;
    }
    // 2: within billing each message to exactly one consumer; audit reads all six.
    {
        const ClusterState s = checkpoint(*played, "2");
        const Json consumers = hw::consumersJson(s);
        EXPECT_EQ(receivedWords(consumers, "bill-1"), "o0 o1 o2");
        EXPECT_EQ(receivedWords(consumers, "bill-2"), "o3 o4 o5");
        std::vector<std::string> audit;
        for (const Json& r : consumerJson(consumers, "audit-1").at("received"))
            audit.push_back(r.at("value").get<std::string>());
        std::sort(audit.begin(), audit.end());
        EXPECT_EQ(audit, (std::vector<std::string> { "o0", "o1", "o2", "o3", "o4", "o5" }));
        expectEveryReadBelowItsHw(s);
    }
    // 3: auto-commit stored the next offsets 2, 1, 3; lag 0 everywhere.
    {
        const ClusterState s = checkpoint(*played, "3");
        const Json groups = hw::groupsJson(s);
        EXPECT_EQ(committedWords(groups, "billing"), "0:2:0 1:1:0 2:3:0");
        EXPECT_EQ(committedWords(groups, "audit"), "0:2:0 1:1:0 2:3:0");
        const Json consumers = hw::consumersJson(s);
        EXPECT_EQ(positionWords(consumers, "bill-1"), "0:2:0 1:1:0");
        EXPECT_EQ(positionWords(consumers, "bill-2"), "2:3:0");
        EXPECT_EQ(positionWords(consumers, "audit-1"), "0:2:0 1:1:0 2:3:0");
    }
}

TEST(ConsumerBuiltinScenario, ReadUpToHw)
{
    const auto played = playBuiltin("read-up-to-hw");
    ASSERT_NE(played, nullptr);
    EXPECT_EQ(played->sim->timeline.labels(), (std::vector<std::string> { "1", "2", "3" }));
    HW_NO_VIOLATIONS(*played->sim);

    // 1: m0 and m1 on all three replicas, HW 2; the consumer received both, position 2.
    {
        const ClusterState s = checkpoint(*played, "1");
        EXPECT_EQ(leaderHw(s, 0), 2);
        for (const hw::Replica& r : s.partitions[0].replicas)
            EXPECT_EQ(r.log.leo(), 2) << "broker " << r.broker;
        const Json consumers = hw::consumersJson(s);
        EXPECT_EQ(receivedWords(consumers, "reader"), "m0 m1");
        EXPECT_EQ(positionWords(consumers, "reader"), "0:2:0");
        expectEveryReadBelowItsHw(s);
    }
    // 2: m2 appended with acks=1 (LEO 3) and acknowledged, but above the HW: the consumer's fetch waits.
    {
        const ClusterState s = checkpoint(*played, "2");
        const hw::Replica& leader = leaderReplica(s, 0);
        EXPECT_EQ(leader.log.leo(), 3);
        EXPECT_EQ(leader.hw, 2);
        const hw::ProducerBatch& m2 = s.producers[0].batches[s.producers[0].batches.size() - 1];
        EXPECT_EQ(m2.status, hw::SendStatus::Acked) << "acknowledged";
        EXPECT_EQ(m2.baseOffset, 2);
        const Json consumers = hw::consumersJson(s);
        EXPECT_EQ(receivedWords(consumers, "reader"), "m0 m1") << "acknowledged is not readable";
        EXPECT_EQ(positionWords(consumers, "reader"), "0:2:0");
        const bool parked = std::any_of(leader.parkedFetches.begin(), leader.parkedFetches.end(),
            [](const hw::ParkedFetch& f) { return f.request.consumer >= 0 && f.request.fetchOffset == 2; });
        EXPECT_TRUE(parked) << "the leader holds the consumer's fetch from offset 2";
    }
    // 3: the HW moved to 3 and the waiting fetch was answered with m2.
    {
        const ClusterState s = checkpoint(*played, "3");
        EXPECT_EQ(leaderHw(s, 0), 3);
        const Json consumers = hw::consumersJson(s);
        EXPECT_EQ(receivedWords(consumers, "reader"), "m0 m1 m2");
        EXPECT_EQ(positionWords(consumers, "reader"), "0:3:0");
        const hw::Consumer& reader = consumer(s, "reader");
        ASSERT_EQ(reader.received.size(), 3u);
        EXPECT_EQ(reader.received[2].hwAtRead, 3);
        expectEveryReadBelowItsHw(s);
    }
}

TEST(ConsumerBuiltinScenario, ConsumerLag)
{
    const auto played = playBuiltin("consumer-lag");
    ASSERT_NE(played, nullptr);
    EXPECT_EQ(played->sim->timeline.labels(), (std::vector<std::string> { "1", "2", "3" }));
    HW_NO_VIOLATIONS(*played->sim);
    std::vector<std::string> all;
    for (int i = 0; i < 20; ++i)
        all.push_back("o" + std::to_string(i));
    auto join = [](const std::vector<std::string>& v, std::size_t n) {
        std::string out;
        for (std::size_t i = 0; i < n && i < v.size(); ++i)
            out += (out.empty() ? "" : " ") + v[i];
        return out;
    };

    // 1: HW 20; fast read everything and committed 20 (lag 0); slow read a few, its lag is high.
    std::size_t slowReadAt1 = 0;
    {
        const ClusterState s = checkpoint(*played, "1");
        EXPECT_EQ(leaderHw(s, 0), 20);
        const Json groups = hw::groupsJson(s);
        EXPECT_EQ(committedWords(groups, "fast"), "0:20:0");
        const Json consumers = hw::consumersJson(s);
        EXPECT_EQ(receivedWords(consumers, "fast-1"), join(all, 20));
        EXPECT_EQ(positionWords(consumers, "fast-1"), "0:20:0");
        const hw::Consumer& slow = consumer(s, "slow-1");
        slowReadAt1 = slow.received.size();
        EXPECT_GE(slowReadAt1, 1u);
        EXPECT_LE(slowReadAt1, 5u) << "only a few";
        EXPECT_EQ(receivedWords(consumers, "slow-1"), join(all, slowReadAt1));
        const Json& committed = groupJson(groups, "slow").at("committed");
        ASSERT_EQ(committed.size(), 1u);
        EXPECT_EQ(committed.at(0).at("lag"), 20 - committed.at(0).at("offset").get<Offset>());
        EXPECT_GE(committed.at(0).at("lag").get<Offset>(), 10) << "the lag is high";
    }
    // 2: slow has worked through about half; its own lag (HW - position) a little below the group lag.
    {
        const ClusterState s = checkpoint(*played, "2");
        const Json consumers = hw::consumersJson(s);
        const Json groups = hw::groupsJson(s);
        const hw::Consumer& slow = consumer(s, "slow-1");
        EXPECT_GE(slow.received.size(), 7u) << "about half of twenty";
        EXPECT_LE(slow.received.size(), 13u) << "about half of twenty";
        EXPECT_GT(slow.received.size(), slowReadAt1);
        EXPECT_EQ(receivedWords(consumers, "slow-1"), join(all, slow.received.size()));
        const Json& committed = groupJson(groups, "slow").at("committed").at(0);
        const Offset groupLag = committed.at("lag").get<Offset>();
        const Json& pos = consumerJson(consumers, "slow-1").at("positions").at(0);
        const Offset ownLag = pos.at("lag").get<Offset>();
        EXPECT_EQ(ownLag, 20 - pos.at("offset").get<Offset>());
        EXPECT_EQ(groupLag, 20 - committed.at("offset").get<Offset>());
        EXPECT_LT(ownLag, groupLag) << "the committed offset trails the position";
        EXPECT_LE(groupLag - ownLag, 2) << "a little lower";
        EXPECT_EQ(committedWords(groups, "fast"), "0:20:0");
    }
    // 3: slow caught up: position 20, committed 20, lag 0.
    {
        const ClusterState s = checkpoint(*played, "3");
        const Json consumers = hw::consumersJson(s);
        EXPECT_EQ(positionWords(consumers, "slow-1"), "0:20:0");
        EXPECT_EQ(committedWords(hw::groupsJson(s), "slow"), "0:20:0");
        EXPECT_EQ(receivedWords(consumers, "slow-1"), join(all, 20));
        expectEveryReadBelowItsHw(s);
    }
}

TEST(ConsumerBuiltinScenario, RebalanceEagerVsCooperative)
{
    const auto played = playBuiltin("rebalance-eager-vs-cooperative");
    ASSERT_NE(played, nullptr);
    EXPECT_EQ(played->sim->timeline.labels(), (std::vector<std::string> { "1", "2", "3", "4", "5" }));
    HW_NO_VIOLATIONS(*played->sim);
    auto ownedAt = [](const ClusterState& s, const char* id) { return owned(consumer(s, id)); };

    // 1: both groups Stable with two members owning three partitions each.
    std::map<std::string, std::vector<std::int32_t>> first;
    {
        const ClusterState s = checkpoint(*played, "1");
        const Json groups = hw::groupsJson(s);
        EXPECT_EQ(groupJson(groups, "eager").at("protocol"), "sticky");
        EXPECT_EQ(groupJson(groups, "cooperative").at("protocol"), "cooperative-sticky");
        for (const char* g : { "eager", "cooperative" }) {
            EXPECT_EQ(groupJson(groups, g).at("state"), "Stable") << g;
            EXPECT_EQ(groupJson(groups, g).at("generation"), 1) << g;
            EXPECT_EQ(groupJson(groups, g).at("members").size(), 2u) << g;
        }
        for (const char* id : { "e1", "e2", "k1", "k2" }) {
            first[id] = ownedAt(s, id);
            EXPECT_EQ(first[id].size(), 3u) << id;
        }
        expectEachPartitionOnce(s, "eager", 6);
        expectEachPartitionOnce(s, "cooperative", 6);
        EXPECT_EQ(consumer(s, "e3").phase, MemberPhase::Stopped);
        EXPECT_EQ(consumer(s, "k3").phase, MemberPhase::Stopped);
    }
    // 2: e3 joined; eager e1 and e2 gave up every partition before rejoining: nobody in 'eager' reads.
    {
        const ClusterState s = checkpoint(*played, "2");
        EXPECT_EQ(group(s, "eager").state, GroupState::PreparingRebalance);
        for (const char* id : { "e1", "e2", "e3" }) {
            EXPECT_TRUE(ownedAt(s, id).empty()) << id;
            EXPECT_EQ(consumer(s, id).phase, MemberPhase::Joining) << id;
        }
        EXPECT_EQ(group(s, "cooperative").state, GroupState::Stable) << "the other group is untouched";
        EXPECT_EQ(ownedAt(s, "k1"), first["k1"]);
    }
    // 3: generation 2, two each; e1 and e2 kept two of their old partitions; e3 got one from each.
    std::map<std::string, std::vector<std::int32_t>> eager;
    {
        const ClusterState s = checkpoint(*played, "3");
        const hw::Group& g = group(s, "eager");
        EXPECT_EQ(g.state, GroupState::Stable);
        EXPECT_EQ(g.generation, 2);
        for (const char* id : { "e1", "e2", "e3" }) {
            eager[id] = ownedAt(s, id);
            EXPECT_EQ(eager[id].size(), 2u) << id;
        }
        for (const char* id : { "e1", "e2" }) {
            EXPECT_TRUE(std::includes(first[id].begin(), first[id].end(), eager[id].begin(), eager[id].end()))
                << id << " kept two of its old partitions";
        }
        std::vector<std::int32_t> fromE1, fromE2;
        std::set_intersection(
            first["e1"].begin(), first["e1"].end(), eager["e3"].begin(), eager["e3"].end(), std::back_inserter(fromE1));
        std::set_intersection(
            first["e2"].begin(), first["e2"].end(), eager["e3"].begin(), eager["e3"].end(), std::back_inserter(fromE2));
        EXPECT_EQ(fromE1.size(), 1u) << "one of e1's partitions moved to e3";
        EXPECT_EQ(fromE2.size(), 1u) << "one of e2's partitions moved to e3";
        expectEachPartitionOnce(s, "eager", 6);
        expectOwnedMatchesAssignment(s, "eager");
    }
    // 4: k3 joined; first round done: k1 and k2 kept and read their partitions, each gave up one, k3 has
    // nothing yet and the second round is under way.
    std::map<std::string, std::vector<std::int32_t>> round1;
    {
        const ClusterState s = checkpoint(*played, "4");
        const hw::Group& g = group(s, "cooperative");
        EXPECT_EQ(g.generation, 2) << "the first round completed";
        EXPECT_NE(g.state, GroupState::Stable) << "the second round is under way";
        for (const char* id : { "k1", "k2" }) {
            round1[id] = ownedAt(s, id);
            EXPECT_EQ(round1[id].size(), 2u) << id << " gave up one partition";
            EXPECT_TRUE(std::includes(first[id].begin(), first[id].end(), round1[id].begin(), round1[id].end())) << id;
            EXPECT_EQ(consumer(s, id).phase, MemberPhase::Joining) << id << " rejoins for the second round";
            for (const hw::OwnedPartition& o : consumer(s, id).owned)
                EXPECT_GE(o.position, 0) << id << " still reads partition " << o.partition;
        }
        EXPECT_TRUE(ownedAt(s, "k3").empty()) << "k3 gets nothing in the first round";
        EXPECT_EQ(group(s, "eager").generation, 2) << "the eager group is untouched";
    }
    // 5: generation 3, two each; k3 has the two freed partitions; only those two ever stopped being read.
    {
        const ClusterState s = checkpoint(*played, "5");
        const hw::Group& g = group(s, "cooperative");
        EXPECT_EQ(g.state, GroupState::Stable);
        EXPECT_EQ(g.generation, 3);
        std::vector<std::int32_t> freed;
        for (const char* id : { "k1", "k2" }) {
            EXPECT_EQ(ownedAt(s, id), round1[id]) << id;
            std::set_difference(
                first[id].begin(), first[id].end(), round1[id].begin(), round1[id].end(), std::back_inserter(freed));
        }
        std::sort(freed.begin(), freed.end());
        EXPECT_EQ(ownedAt(s, "k3"), freed);
        expectEachPartitionOnce(s, "cooperative", 6);
        expectOwnedMatchesAssignment(s, "cooperative");

        const std::int64_t from = played->sim->timeline.findLabel("1");
        const std::int64_t to = played->sim->timeline.findLabel("5");
        ASSERT_LE(to, static_cast<std::int64_t>(played->ownedPerFrame.size()));
        for (std::int64_t f = std::max<std::int64_t>(from, 1); f <= to; ++f) {
            // ownedPerFrame[i] is frame i + 1 (the watcher does not see frame 0).
            const auto& frame = played->ownedPerFrame[static_cast<std::size_t>(f - 1)];
            for (const char* id : { "k1", "k2" }) {
                for (std::int32_t p : round1[id])
                    EXPECT_TRUE(std::binary_search(frame.at(id).begin(), frame.at(id).end(), p))
                        << id << " stopped owning partition " << p << " at frame " << f;
            }
        }
    }
}

} // namespace
