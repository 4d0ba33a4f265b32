// SPDX-License-Identifier: MIT
// Failures, elections and truncation: the rules of sections 2 and 3 of kafka-semantics.md (and the
// producer's side of section 4), driven through Engine, Timeline and the scenario drivers.
//
// Every run here is watched: the invariant checker and the epoch rules ("every leader change bumps
// the leader epoch, every change the partition epoch") run after every frame, and a test fails if
// either finds anything, even where the test itself looks elsewhere.
//
// The rules are Kafka 3.7's (kafka-semantics.md is the 3.7 baseline), so makeSpec pins
// cluster.kafka_version to 3.7; the tests of rules that differ by version say which version they run
// and why (kafka-versions.md, docs/research/kafka-controller-rules-3.7-4.2.md).
//
// Followers fetch only when a test says so ("auto.fetch": false) and empty fetches are answered at
// once, so every fetch round is under the test's control. Unless a test says otherwise,
// replica.lag.time.max.ms is an hour, so that no follower leaves the ISR for lag by accident.
// Times in comments assume network.latency.ms 5, broker.heartbeat.interval.ms 2000 and
// broker.session.timeout.ms 9000 (the defaults): a heartbeat sent at 2000 is handled at 2005.

#include "check/invariants.h"
#include "engine/engine.h"
#include "frame_search.h"
#include "model/version_rules.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace {

using hw::Acks;
using hw::BrokerAction;
using hw::BrokerId;
using hw::ClusterSpec;
using hw::ClusterState;
using hw::ErrorCode;
using hw::Event;
using hw::EventType;
using hw::FetchUntil;
using hw::Offset;
using hw::SendStatus;
using hw::TimeMs;
using Brokers = std::vector<BrokerId>;

// ---------------------------------------------------------------------------------------------
// Helpers

constexpr TimeMs hourMs = 3600000;

/// A cluster of `brokers` brokers with one topic "t" whose partitions have the given assignments,
/// and two producers: "p" (acks=all) and "p1" (acks=1).
ClusterSpec makeSpec(const std::vector<Brokers>& assignment, int brokers = 3)
{
    ClusterSpec spec;
    spec.name = "failures";
    spec.seed = 1;
    spec.brokers = brokers;
    spec.config = hw::defaultsFor(hw::KafkaVersion::V3_7);
    spec.config.autoFetch = false;
    spec.config.replicaFetchWaitMaxMs = 0;
    spec.config.replicaLagTimeMaxMs = hourMs;
    hw::TopicSpec topic;
    topic.name = "t";
    topic.partitions = static_cast<int>(assignment.size());
    topic.replicationFactor = static_cast<int>(assignment.front().size());
    topic.assignment = assignment;
    spec.topics.push_back(topic);
    for (const auto& [id, acks] : {std::pair{"p", Acks::All}, std::pair{"p1", Acks::Leader}}) {
        hw::ProducerSpec producer;
        producer.id = id;
        producer.acks = acks;
        spec.producers.push_back(producer);
    }
    return spec;
}

ClusterSpec threeReplicas()
{
    return makeSpec({{1, 2, 3}});
}

void require(const std::string& error, const std::string& what)
{
    if (!error.empty())
        throw std::runtime_error(what + ": " + error);
}

/// A watched run: a timeline, the invariant checker and the epoch rules after every frame, and short
/// names for what the tests do and look at. Driver failures throw, so a test stops at the step that
/// could not be carried out. Not movable: the observer points at it.
class Sim {
public:
    explicit Sim(const ClusterSpec& spec) : Sim(hw::Engine::createCluster(spec)) {}
    explicit Sim(ClusterState initial) : m_timeline(std::move(initial))
    {
        m_previous = m_timeline.head();
        for (const std::string& v : m_checker.check(m_timeline.head()))
            m_violations.push_back("frame 0: " + v);
        m_timeline.setObserver([this](const ClusterState& state, const hw::FrameInfo& info) { observe(state, info); });
    }
    Sim(const Sim&) = delete;
    Sim& operator=(const Sim&) = delete;
    ~Sim()
    {
        if (!m_violations.empty()) {
            std::string all;
            for (std::size_t i = 0; i < m_violations.size() && i < 10; ++i)
                all += m_violations[i] + "\n";
            ADD_FAILURE() << m_violations.size() << " invariant or epoch-rule violations, the first:\n" << all;
        }
    }

    hw::Timeline& timeline() { return m_timeline; }
    const ClusterState& state() const { return m_timeline.head(); }
    TimeMs now() const { return state().nowMs; }

    const hw::Partition& partition(int p = 0) const { return state().partitions.at(static_cast<std::size_t>(p)); }
    const hw::PartitionRegistration& reg(int p = 0) const { return partition(p).registration; }
    BrokerId leaderId(int p = 0) const { return reg(p).leader; }
    Brokers isr(int p = 0) const { return reg(p).isr; }
    const hw::Replica& replica(BrokerId broker, int p = 0) const
    {
        for (const hw::Replica& r : partition(p).replicas) {
            if (r.broker == broker)
                return r;
        }
        throw std::logic_error("no replica on broker " + std::to_string(broker));
    }
    const hw::Replica& leader(int p = 0) const { return replica(leaderId(p), p); }
    const hw::BrokerRegistration& registration(BrokerId b) const
    {
        return state().registrations.at(static_cast<std::size_t>(b - 1));
    }
    bool fenced(BrokerId b) const { return registration(b).fenced; }
    const hw::ProducerBatch& batch(std::int64_t index, int producer = 0) const
    {
        return state().producers.at(static_cast<std::size_t>(producer)).batches[static_cast<std::size_t>(index)];
    }
    std::int64_t batchCount(int producer = 0) const
    {
        return static_cast<std::int64_t>(state().producers.at(static_cast<std::size_t>(producer)).batches.size());
    }

    /// The values of a replica's log, space-separated.
    std::string values(BrokerId broker, int p = 0) const
    {
        const hw::Replica& r = replica(broker, p);
        std::string out;
        for (Offset o = r.log.logStart; o < r.log.leo(); ++o)
            out += (out.empty() ? "" : " ") + state().payloads[static_cast<std::size_t>(r.log.at(o).payload)].value;
        return out;
    }
    /// The leader epochs of a replica's records, space-separated.
    std::string epochs(BrokerId broker, int p = 0) const
    {
        const hw::Replica& r = replica(broker, p);
        std::string out;
        for (Offset o = r.log.logStart; o < r.log.leo(); ++o)
            out += (out.empty() ? "" : " ") + std::to_string(r.log.at(o).epoch);
        return out;
    }
    /// The epoch cache as "epoch@start" pairs.
    std::string cache(BrokerId broker, int p = 0) const
    {
        std::string out;
        for (const hw::EpochEntry& e : replica(broker, p).epochCache)
            out += (out.empty() ? "" : " ") + std::to_string(e.epoch) + "@" + std::to_string(e.startOffset);
        return out;
    }

    /// The frame dump's "lost" list as "p@offset=value acks cause election".
    std::vector<std::string> lost() const
    {
        std::vector<std::string> out;
        for (const auto& l : hw::lostRecordsJson(state()))
            out.push_back(l.at("partition").dump() + "@" + l.at("offset").dump() + "=" + l.at("value").get<std::string>() +
                          " acks=" + l.at("acks").get<std::string>() + " " + l.at("cause").get<std::string>() + " " +
                          l.at("election").get<std::string>());
        return out;
    }

    // Inputs.

    /// Values "v0", "v1", ... numbered across the run.
    std::vector<std::string> nextValues(int count)
    {
        std::vector<std::string> out;
        for (int i = 0; i < count; ++i)
            out.push_back("v" + std::to_string(m_nextValue++));
        return out;
    }
    hw::ProduceAction produceAction(int count, int producer = 0, int p = 0)
    {
        hw::ProduceAction a;
        a.producer = producer;
        a.topic = 0;
        a.partition = p;
        a.values = nextValues(count);
        return a;
    }
    /// Sends a batch and runs until a leader has handled it (or the producer gave up). Returns its index.
    std::int64_t produce(int count, int producer = 0, int p = 0)
    {
        const std::int64_t index = batchCount(producer);
        require(hw::runProduce(m_timeline, produceAction(count, producer, p)), "produce");
        return index;
    }
    /// Sends a batch without running anything. Returns its index.
    std::int64_t send(int count, int producer = 0, int p = 0)
    {
        const std::int64_t index = batchCount(producer);
        require(m_timeline.apply(produceAction(count, producer, p)).error, "send");
        return index;
    }
    void fetch(BrokerId follower, int maxRecords = 0, FetchUntil until = FetchUntil::Response, int p = 0)
    {
        require(hw::runFetchRound(m_timeline, hw::FetchAction{p, follower, maxRecords}, until),
                "fetch round of broker " + std::to_string(follower));
    }
    void settle() { require(hw::runSettle(m_timeline), "settle"); }
    void advance(TimeMs ms) { require(hw::runAdvance(m_timeline, ms), "advance"); }
    void advanceTo(TimeMs t)
    {
        if (t > now())
            advance(t - now());
    }
    /// Applies a fault or election (a controlled shutdown runs until the broker stopped); "" or the error.
    std::string tryFault(const hw::Action& action) { return hw::runFault(m_timeline, action); }
    void fault(const hw::Action& action) { require(tryFault(action), "fault"); }
    void kill(BrokerId b) { fault(BrokerAction{BrokerAction::Kind::Kill, b, 0}); }
    void restart(BrokerId b, std::int64_t loseUnflushed = 0)
    {
        fault(BrokerAction{BrokerAction::Kind::Restart, b, loseUnflushed});
    }
    void shutdown(BrokerId b) { fault(BrokerAction{BrokerAction::Kind::Shutdown, b, 0}); }
    void isolate(BrokerId b) { fault(BrokerAction{BrokerAction::Kind::Isolate, b, 0}); }
    void heal(BrokerId b) { fault(BrokerAction{BrokerAction::Kind::Heal, b, 0}); }
    void config(const std::string& key, hw::ConfigValue value)
    {
        require(m_timeline.apply(hw::ConfigAction{key, std::move(value)}).error, "config " + key);
    }
    void apply(const hw::Action& action) { require(m_timeline.apply(action).error, "action"); }

    /// Steps the engine until pred(state) holds, within `budgetMs` of simulated time.
    void runUntil(const std::function<bool(const ClusterState&)>& pred, TimeMs budgetMs, const std::string& what)
    {
        const TimeMs deadline = now() + budgetMs;
        while (!pred(state())) {
            if (!m_timeline.hasQueuedEvents() || m_timeline.nextEventTimeMs() > deadline)
                throw std::runtime_error(what + " did not happen within " + std::to_string(budgetMs) + " ms");
            m_timeline.step();
        }
    }
    /// Kills a broker and runs until the controller has fenced it.
    void killAndFence(BrokerId b)
    {
        kill(b);
        waitFenced(b);
    }
    void waitFenced(BrokerId b)
    {
        runUntil([b](const ClusterState& s) { return s.registrations[static_cast<std::size_t>(b - 1)].fenced; },
                 state().config.brokerSessionTimeoutMs + 1000, "fencing broker " + std::to_string(b));
    }

    // Frames.

    std::int64_t lastFrame() const { return m_timeline.frameCount() - 1; }
    const hw::FrameInfo& frame(std::int64_t f) const { return m_timeline.frame(f); }
    /// Indices of the frames from `from` on whose event satisfies pred.
    std::vector<std::int64_t> frames(const std::function<bool(const Event&)>& pred, std::int64_t from = 0) const
    {
        return hw::testsupport::framesWhere(m_timeline, pred, from);
    }
    std::vector<std::int64_t> framesOfType(EventType type, std::int64_t from = 0) const
    {
        return hw::testsupport::framesOfType(m_timeline, type, from);
    }
    /// The only frame from `from` on of this type that satisfies pred; fails the test otherwise.
    std::int64_t onlyFrame(EventType type, const std::function<bool(const Event&)>& pred = {}, std::int64_t from = 0) const
    {
        const auto found = frames([&](const Event& e) { return e.type == type && (!pred || pred(e)); }, from);
        if (found.size() != 1)
            throw std::runtime_error("expected one " + std::string(hw::eventTypeName(type)) + " frame, found " +
                                     std::to_string(found.size()));
        return found.front();
    }

    const std::vector<std::string>& violations() const { return m_violations; }

    /// Also calls hook with the state after every new frame.
    void onFrame(std::function<void(const ClusterState&)> hook) { m_hook = std::move(hook); }

private:
    void observe(const ClusterState& s, const hw::FrameInfo& info)
    {
        const std::string at = "frame " + std::to_string(m_timeline.frameCount() - 1) + " (" +
                               std::string(hw::eventTypeName(info.event.type)) + ", t=" + std::to_string(s.nowMs) + ")";
        for (const std::string& v : m_checker.check(s))
            m_violations.push_back(at + ": " + v);
        // Section 3: every change of the leader field bumps the leader epoch, every change the partition
        // epoch, and neither goes down. (One event may change a partition twice, e.g. a restarted last ISR
        // member that the controller first takes offline and then elects again.)
        for (std::size_t p = 0; p < s.partitions.size(); ++p) {
            const hw::PartitionRegistration& a = m_previous.partitions[p].registration;
            const hw::PartitionRegistration& b = s.partitions[p].registration;
            const std::string where = at + " " + s.partitionName(static_cast<int>(p)) + ": ";
            if (b.leaderEpoch < a.leaderEpoch || b.partitionEpoch < a.partitionEpoch)
                m_violations.push_back(where + "an epoch went down");
            if (b.leader != a.leader && b.leaderEpoch == a.leaderEpoch)
                m_violations.push_back(where + "the leader changed from " + std::to_string(a.leader) + " to " +
                                       std::to_string(b.leader) + " without a leader epoch bump");
            if ((b.leader != a.leader || b.isr != a.isr || b.leaderEpoch != a.leaderEpoch) &&
                b.partitionEpoch == a.partitionEpoch)
                m_violations.push_back(where + "the registration changed without a partition epoch bump");
            if (b.leaderEpoch != a.leaderEpoch && b.leader == a.leader && b.partitionEpoch - a.partitionEpoch < 2)
                m_violations.push_back(where + "the leader epoch moved without a leader change");
        }
        m_previous = s;
        if (m_hook)
            m_hook(s);
    }

    hw::Timeline m_timeline;
    hw::InvariantChecker m_checker;
    ClusterState m_previous;
    std::vector<std::string> m_violations;
    std::function<void(const ClusterState&)> m_hook;
    int m_nextValue = 0;
};

/// Produces `count` acks=all records and settles, so every replica holds them and the HW covers them.
void commit(Sim& r, int count, int p = 0)
{
    r.produce(count, 0, p);
    r.settle();
}

// ---------------------------------------------------------------------------------------------
// The controller fences a broker after broker.session.timeout.ms without heartbeats, not before

enum class Silence { Kill, Isolate };

struct FencingTimeCase {
    const char* name;
    Silence how;
    TimeMs atMs;             // when the broker falls silent
    TimeMs sessionTimeoutMs; // broker.session.timeout.ms
    TimeMs lastHeartbeatMs;  // the last heartbeat the controller got before that
};

void PrintTo(const FencingTimeCase& c, std::ostream* os)
{
    *os << c.name;
}

class FencingTime : public ::testing::TestWithParam<FencingTimeCase> {};

TEST_P(FencingTime, IsTheLastHeartbeatPlusTheSessionTimeout)
{
    const FencingTimeCase& c = GetParam();
    ClusterSpec spec = threeReplicas();
    spec.config.brokerSessionTimeoutMs = c.sessionTimeoutMs;
    Sim r(spec);
    r.advanceTo(c.atMs);
    r.fault(BrokerAction{c.how == Silence::Kill ? BrokerAction::Kind::Kill : BrokerAction::Kind::Isolate, 3, 0});
    ASSERT_EQ(r.registration(3).lastHeartbeatMs, c.lastHeartbeatMs);

    const TimeMs due = c.lastHeartbeatMs + c.sessionTimeoutMs;
    r.advanceTo(due - 1);
    EXPECT_FALSE(r.fenced(3)) << "fenced before the session timed out";
    EXPECT_TRUE(r.framesOfType(EventType::BrokerFenced).empty());
    EXPECT_EQ(r.isr(), Brokers({1, 2, 3}));

    r.advanceTo(due + 1);
    EXPECT_TRUE(r.fenced(3));
    const std::int64_t f = r.onlyFrame(EventType::BrokerFenced);
    EXPECT_EQ(r.frame(f).timeMs, due);
    EXPECT_EQ(r.frame(f).event.node, hw::controllerNodeId);
    EXPECT_EQ(r.frame(f).event.peer, 3);
    EXPECT_EQ(r.isr(), Brokers({1, 2}));
    EXPECT_EQ(r.leaderId(), 1);
}

INSTANTIATE_TEST_SUITE_P(
    Table, FencingTime,
    ::testing::Values(
        // Heartbeats leave every 2000 ms and are handled 5 ms later.
        FencingTimeCase{"KilledAfterTheFirstHeartbeat", Silence::Kill, 3000, 9000, 2005},
        FencingTimeCase{"KilledBeforeAnyHeartbeat", Silence::Kill, 100, 9000, 0},
        FencingTimeCase{"KilledJustBeforeAHeartbeatArrives", Silence::Kill, 4003, 9000, 2005},
        FencingTimeCase{"KilledJustAfterAHeartbeatArrived", Silence::Kill, 4005, 9000, 4005},
        FencingTimeCase{"ShortSessionTimeout", Silence::Kill, 7000, 3000, 6005},
        FencingTimeCase{"LongSessionTimeout", Silence::Kill, 7000, 20000, 6005},
        FencingTimeCase{"IsolatedBrokersHeartbeatsVanish", Silence::Isolate, 5000, 9000, 4005},
        FencingTimeCase{"IsolatedWithAShortSessionTimeout", Silence::Isolate, 11000, 2500, 10005}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Fencing, LiveBrokersAreNeverFenced)
{
    // A broker slowed to 3000 ms each way still heartbeats often enough.
    Sim r(threeReplicas());
    r.apply(hw::SlowAction{2, 3000});
    r.advance(60000);
    EXPECT_TRUE(r.framesOfType(EventType::BrokerFenced).empty());
    EXPECT_EQ(r.isr(), Brokers({1, 2, 3}));
    EXPECT_GT(r.framesOfType(EventType::HeartbeatHandled).size(), 60u);
}

TEST(Fencing, ABrokerWhoseHeartbeatsTakeLongerThanTheSessionIsFencedThenUnfenced)
{
    // Broker 2's links take 10 s: its first heartbeat (sent at 2000) arrives at 12000, after the session
    // that started at 0 expired at 9000. When it arrives the controller unfences it.
    Sim r(threeReplicas());
    r.apply(hw::SlowAction{2, 10000});
    r.advance(12500);
    const std::int64_t fenced = r.onlyFrame(EventType::BrokerFenced);
    EXPECT_EQ(r.frame(fenced).timeMs, 9000);
    const std::int64_t unfenced = r.onlyFrame(EventType::BrokerUnfenced);
    EXPECT_EQ(r.frame(unfenced).timeMs, 12000);
    EXPECT_EQ(r.frame(unfenced).event.peer, 2);
    EXPECT_FALSE(r.fenced(2));
    // Unfencing does not put it back into the ISR: only the leader does that, when it catches up.
    EXPECT_EQ(r.isr(), Brokers({1, 3}));
}

// ---------------------------------------------------------------------------------------------
// Fencing removes a broker from every ISR, but the last ISR member stays (leader -1)

struct FencingCase {
    const char* name;
    Brokers kills; // killed one after another, each until fenced
    BrokerId leader;
    Brokers isr;
    int leaderEpoch;
    int partitionEpoch;
};

void PrintTo(const FencingCase& c, std::ostream* os)
{
    *os << c.name;
}

class FencingRemovesFromTheIsr : public ::testing::TestWithParam<FencingCase> {};

TEST_P(FencingRemovesFromTheIsr, ButTheLastMemberStays)
{
    const FencingCase& c = GetParam();
    Sim r(threeReplicas());
    commit(r, 2);
    for (BrokerId b : c.kills)
        r.killAndFence(b);
    EXPECT_EQ(r.leaderId(), c.leader);
    EXPECT_EQ(r.isr(), c.isr);
    EXPECT_EQ(r.reg().leaderEpoch, c.leaderEpoch);
    EXPECT_EQ(r.reg().partitionEpoch, c.partitionEpoch);
    EXPECT_FALSE(r.isr().empty());
    const std::int64_t last = r.framesOfType(EventType::BrokerFenced).back();
    EXPECT_EQ(r.frame(last).event.has(hw::Offline), c.leader == hw::noLeader);
    if (c.leader == hw::noLeader) {
        // Offline: unavailable, not lost; the frame shows no HW and no epoch start.
        const auto json = hw::frameToJson(r.timeline(), r.lastFrame(), r.state());
        EXPECT_EQ(json.at("partitions")[0].at("leader"), -1);
        EXPECT_EQ(json.at("partitions")[0].at("hw"), -1);
        EXPECT_TRUE(json.at("partitions")[0].at("leader_epoch_start").is_null());
        EXPECT_TRUE(r.lost().empty());
    }
}

INSTANTIATE_TEST_SUITE_P(
    Table, FencingRemovesFromTheIsr,
    ::testing::Values(FencingCase{"AFollower", {2}, 1, {1, 3}, 0, 1},
                      FencingCase{"TheLeader", {1}, 2, {2, 3}, 1, 1},
                      FencingCase{"TwoFollowers", {3, 2}, 1, {1}, 0, 2},
                      FencingCase{"TwoLeadersInARow", {1, 2}, 3, {3}, 2, 2},
                      FencingCase{"FollowerThenLeader", {2, 1}, 3, {3}, 1, 2},
                      FencingCase{"EveryoneFollowersFirst", {3, 2, 1}, hw::noLeader, {1}, 1, 3},
                      FencingCase{"EveryoneLeadersFirst", {1, 2, 3}, hw::noLeader, {3}, 3, 3}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Fencing, RemovesTheBrokerFromEveryIsrAndMovesOnlyItsOwnLeaderships)
{
    // Three partitions led by brokers 1, 2 and 3. Fencing broker 2 changes all three ISRs (partition
    // epochs +1) and moves only partition 1's leadership, to the first ISR member in its assignment.
    Sim r(makeSpec({{1, 2, 3}, {2, 3, 1}, {3, 1, 2}}));
    for (int p = 0; p < 3; ++p)
        commit(r, 1, p);
    r.killAndFence(2);
    const std::int64_t f = r.onlyFrame(EventType::BrokerFenced);
    EXPECT_EQ(r.frame(f).event.count, 3) << "partitions changed";
    EXPECT_EQ(r.isr(0), Brokers({1, 3}));
    EXPECT_EQ(r.isr(1), Brokers({3, 1}));
    EXPECT_EQ(r.isr(2), Brokers({3, 1}));
    EXPECT_EQ(r.leaderId(0), 1);
    EXPECT_EQ(r.leaderId(1), 3);
    EXPECT_EQ(r.leaderId(2), 3);
    for (int p = 0; p < 3; ++p) {
        EXPECT_EQ(r.reg(p).partitionEpoch, 1) << p;
        EXPECT_EQ(r.reg(p).leaderEpoch, p == 1 ? 1 : 0) << p;
    }
}

TEST(Fencing, APartitionWithOneReplicaGoesOfflineAndComesBackWithItsBroker)
{
    Sim r(makeSpec({{2}}));
    commit(r, 3);
    r.killAndFence(2);
    EXPECT_EQ(r.leaderId(), hw::noLeader);
    EXPECT_EQ(r.isr(), Brokers({2}));
    EXPECT_EQ(r.reg().leaderEpoch, 1);
    r.restart(2);
    r.advance(100);
    EXPECT_EQ(r.leaderId(), 2);
    EXPECT_EQ(r.isr(), Brokers({2}));
    EXPECT_EQ(r.values(2), "v0 v1 v2");
    EXPECT_TRUE(r.leader().isLeader());
}

// ---------------------------------------------------------------------------------------------
// Clean election: keep the current leader if eligible, else the first ISR member in assignment order

struct CleanElectionCase {
    const char* name;
    Brokers assignment;
    std::function<void(Sim&)> before; // what happens before the election
    BrokerId killed;                  // killed and fenced: triggers the election
    BrokerId expectedLeader;
    Brokers expectedIsr;
};

void PrintTo(const CleanElectionCase& c, std::ostream* os)
{
    *os << c.name;
}

class CleanElection : public ::testing::TestWithParam<CleanElectionCase> {};

TEST_P(CleanElection, PicksTheFirstEligibleIsrMemberInAssignmentOrder)
{
    const CleanElectionCase& c = GetParam();
    Sim r(makeSpec({c.assignment}));
    commit(r, 2);
    if (c.before)
        c.before(r);
    const BrokerId leaderBefore = r.leaderId();
    const int epochBefore = r.reg().leaderEpoch;
    const std::int64_t from = r.lastFrame() + 1;
    r.killAndFence(c.killed);
    EXPECT_EQ(r.leaderId(), c.expectedLeader);
    EXPECT_EQ(r.isr(), c.expectedIsr);
    EXPECT_EQ(r.reg().leaderEpoch, epochBefore + (c.expectedLeader == leaderBefore ? 0 : 1));
    const std::int64_t f = r.onlyFrame(EventType::BrokerFenced, {}, from);
    EXPECT_EQ(r.frame(f).event.value, c.expectedLeader) << "new_leader in the event";
    EXPECT_FALSE(r.frame(f).event.has(hw::Unclean));
    EXPECT_EQ(r.partition().uncleanElections, 0);
    if (c.expectedLeader != leaderBefore) {
        // The new leader learns it from the controller's metadata.
        r.advance(100);
        EXPECT_TRUE(r.replica(c.expectedLeader).isLeader());
        EXPECT_EQ(r.replica(c.expectedLeader).knownLeaderEpoch, r.reg().leaderEpoch);
    }
}

/// Broker b crashes, is fenced, comes back and catches up: it rejoins the ISR at its end.
void bounceAndRejoin(Sim& r, BrokerId b)
{
    r.killAndFence(b);
    r.restart(b);
    r.advance(100);
    r.settle();
    r.settle();
}

INSTANTIATE_TEST_SUITE_P(
    Table, CleanElection,
    ::testing::Values(
        CleanElectionCase{"TheSecondReplica", {1, 2, 3}, {}, 1, 2, {2, 3}},
        CleanElectionCase{"AnotherAssignment", {3, 1, 2}, {}, 3, 1, {1, 2}},
        CleanElectionCase{"AssignmentOrderNotIsrOrder", {1, 2, 3},
                          [](Sim& r) {
                              bounceAndRejoin(r, 2);
                              ASSERT_EQ(r.isr(), Brokers({1, 3, 2}));
                          },
                          1, 2, {3, 2}},
        CleanElectionCase{"SkipsAFencedReplica", {1, 2, 3}, [](Sim& r) { r.killAndFence(2); }, 1, 3, {3}},
        CleanElectionCase{"SkipsAReplicaOutsideTheIsr", {1, 2, 3},
                          [](Sim& r) {
                              // Broker 2 restarts and has not caught up: it is alive, unfenced, and not in the ISR.
                              r.killAndFence(2);
                              r.restart(2);
                              r.advance(100);
                              ASSERT_EQ(r.isr(), Brokers({1, 3}));
                          },
                          1, 3, {3}},
        CleanElectionCase{"KeepsTheCurrentLeaderWhenAFollowerIsFenced", {1, 2, 3}, {}, 3, 1, {1, 2}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(CleanElection, TheSameBrokerLeadsEachPartitionItIsFirstEligibleFor)
{
    Sim r(makeSpec({{1, 2, 3}, {1, 3, 2}}));
    commit(r, 1, 0);
    commit(r, 1, 1);
    r.killAndFence(1);
    EXPECT_EQ(r.leaderId(0), 2);
    EXPECT_EQ(r.leaderId(1), 3);
}

// ---------------------------------------------------------------------------------------------
// Unclean election

/// min.insync.replicas 1 and replica.lag.time.max.ms 2000, so that followers that stop fetching soon
/// leave the ISR. Kafka 3.9, the first KRaft release whose controller reads
/// unclean.leader.election.enable (3.7 and 3.8 ignore it: UncleanElectionByVersion below).
ClusterSpec uncleanSpec(const Brokers& assignment, bool uncleanEnabled)
{
    ClusterSpec spec = makeSpec({assignment});
    spec.config.kafkaVersion = hw::KafkaVersion::V3_9;
    spec.config.minInsyncReplicas = 1;
    spec.config.replicaLagTimeMaxMs = 2000;
    spec.config.uncleanLeaderElectionEnable = uncleanEnabled;
    return spec;
}

/// Brokers 2 and 3 stay alive but fall out of the ISR for lag; broker 1 then holds records committed
/// on it alone: v0, v1 everywhere, v2, v3 (acks=all, acknowledged) only on broker 1.
void leaveOnlyTheLeaderInTheIsr(Sim& r)
{
    ASSERT_EQ(r.state().config.replicaLagTimeMaxMs, 2000);
    commit(r, 2);
    const std::int64_t b = r.send(2);
    r.runUntil([&](const ClusterState&) { return r.batch(b).status == SendStatus::Acked; }, 10000,
               "the acks=all produce's acknowledgement");
    ASSERT_EQ(r.isr(), Brokers({1}));
    ASSERT_EQ(r.values(1), "v0 v1 v2 v3");
    ASSERT_EQ(r.values(2), "v0 v1");
    ASSERT_EQ(r.values(3), "v0 v1");
}

enum class UncleanSwitch { InTheSpec, AtRunTimeBeforeTheFailure, Off };

struct UncleanCase {
    const char* name;
    Brokers assignment; // broker 1 first: it is the leader that dies
    UncleanSwitch enable;
    BrokerId expectedLeader;
};

void PrintTo(const UncleanCase& c, std::ostream* os)
{
    *os << c.name;
}

class UncleanElection : public ::testing::TestWithParam<UncleanCase> {};

TEST_P(UncleanElection, PicksTheFirstLiveReplicaInAssignmentOrderOrLeavesThePartitionOffline)
{
    const UncleanCase& c = GetParam();
    Sim r(uncleanSpec(c.assignment, c.enable == UncleanSwitch::InTheSpec));
    leaveOnlyTheLeaderInTheIsr(r);
    if (c.enable == UncleanSwitch::AtRunTimeBeforeTheFailure)
        r.config("unclean.leader.election.enable", hw::ConfigValue{hw::ConfigValue::Kind::Boolean, 0, true, {}});
    const int epochBefore = r.reg().leaderEpoch;
    const int partitionEpochBefore = r.reg().partitionEpoch;
    r.killAndFence(1);
    const std::int64_t f = r.onlyFrame(EventType::BrokerFenced);
    EXPECT_EQ(r.leaderId(), c.expectedLeader);
    EXPECT_EQ(r.reg().leaderEpoch, epochBefore + 1);
    EXPECT_EQ(r.reg().partitionEpoch, partitionEpochBefore + 1);

    if (c.expectedLeader == hw::noLeader) {
        EXPECT_EQ(r.isr(), Brokers({1}));
        EXPECT_TRUE(r.frame(f).event.has(hw::Offline));
        EXPECT_FALSE(r.frame(f).event.has(hw::Unclean));
        EXPECT_EQ(r.partition().uncleanElections, 0);
        // Offline is unavailable, not lost; and it stays offline while brokers 2 and 3 live on.
        r.advance(60000);
        EXPECT_EQ(r.leaderId(), hw::noLeader);
        EXPECT_TRUE(r.lost().empty());
        // When broker 1 returns it leads again with everything.
        r.restart(1);
        r.advance(100);
        EXPECT_EQ(r.leaderId(), 1);
        EXPECT_EQ(r.values(1), "v0 v1 v2 v3");
        EXPECT_TRUE(r.lost().empty());
        return;
    }
    EXPECT_EQ(r.isr(), Brokers({c.expectedLeader}));
    EXPECT_TRUE(r.frame(f).event.has(hw::Unclean));
    EXPECT_EQ(r.frame(f).event.value, c.expectedLeader);
    EXPECT_EQ(r.partition().uncleanElections, 1);
    r.advance(100);
    ASSERT_TRUE(r.leader().isLeader());
    EXPECT_EQ(r.lost(), std::vector<std::string>({"0@2=v2 acks=all not-on-new-leader unclean-election",
                                                  "0@3=v3 acks=all not-on-new-leader unclean-election"}));
    const auto json = hw::frameToJson(r.timeline(), r.lastFrame(), r.state());
    ASSERT_EQ(json.at("lost").size(), 2u);
    EXPECT_EQ(json.at("lost")[0].at("topic"), "t");
    EXPECT_EQ(json.at("lost")[0].at("value"), "v2");
    EXPECT_EQ(json.at("lost")[0].at("cause"), "not-on-new-leader");
    EXPECT_EQ(json.at("lost")[0].at("election"), "unclean-election");
    EXPECT_FALSE(json.at("lost")[0].contains("reason")) << "the combined field of earlier dumps is gone";
}

INSTANTIATE_TEST_SUITE_P(
    Table, UncleanElection,
    ::testing::Values(UncleanCase{"EnabledInTheSpec", {1, 2, 3}, UncleanSwitch::InTheSpec, 2},
                      UncleanCase{"EnabledInTheSpecOtherOrder", {1, 3, 2}, UncleanSwitch::InTheSpec, 3},
                      UncleanCase{"EnabledAtRunTime", {1, 2, 3}, UncleanSwitch::AtRunTimeBeforeTheFailure, 2},
                      UncleanCase{"EnabledAtRunTimeOtherOrder", {1, 3, 2}, UncleanSwitch::AtRunTimeBeforeTheFailure, 3},
                      UncleanCase{"Disabled", {1, 2, 3}, UncleanSwitch::Off, hw::noLeader}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(UncleanElection, SkipsDeadReplicasAndWaitsForALiveOne)
{
    // Broker 2 is dead too, and fenced: broker 3, the only live replica, is elected. (The controller
    // knows only registrations: had broker 2 not been fenced yet, the LeaderAcceptor would accept it,
    // as ReplicationControlManager's does, and the partition would move on once 2 was fenced.)
    Sim r(uncleanSpec({1, 2, 3}, true));
    leaveOnlyTheLeaderInTheIsr(r);
    r.kill(2);
    r.advance(10000);
    ASSERT_TRUE(r.state().registrations[1].fenced);
    r.killAndFence(1);
    EXPECT_EQ(r.leaderId(), 3);
    EXPECT_EQ(r.isr(), Brokers({3}));
}

TEST(UncleanElection, ARestartedReplicaIsElectedWhenNoneWasAlive)
{
    // Every replica is down and fenced; the partition is offline with ISR {1}. The first replica to
    // come back that is not in the ISR is elected uncleanly as soon as it is unfenced, that is once it
    // has caught up with the metadata (ReplicationControlManager.handleBrokerUnfenced, KIP-841).
    Sim r(uncleanSpec({1, 2, 3}, true));
    leaveOnlyTheLeaderInTheIsr(r);
    r.kill(2);
    r.kill(3);
    r.advance(10000);
    r.killAndFence(1);
    r.advance(10000);
    ASSERT_EQ(r.leaderId(), hw::noLeader);
    ASSERT_EQ(r.isr(), Brokers({1}));
    r.restart(3);
    r.advance(100);
    EXPECT_EQ(r.leaderId(), 3);
    EXPECT_EQ(r.isr(), Brokers({3}));
    EXPECT_EQ(r.partition().uncleanElections, 1);
    EXPECT_FALSE(r.frame(r.onlyFrame(EventType::BrokerRegistered)).event.has(hw::Unclean));
    const std::int64_t f = r.onlyFrame(EventType::BrokerUnfenced);
    EXPECT_TRUE(r.frame(f).event.has(hw::Unclean));
    EXPECT_EQ(r.reg().leaderRecoveryState, hw::LeaderRecoveryState::Recovering);
    EXPECT_EQ(r.lost().size(), 2u);
}

TEST(UncleanElection, EnablingItAtRunTimeElectsALeaderForAnOfflinePartition)
{
    // Kafka 3.9+ (KAFKA-12670, KRaft): when unclean.leader.election.enable is turned on dynamically,
    // the controller's periodic check (every leader.imbalance.check.interval.seconds, 300 s by default)
    // elects a leader for each leaderless partition that has a live replica. ZooKeeper-mode controllers
    // did it at once. Either way it happens within 300 s, without any broker restarting.
    Sim r(uncleanSpec({1, 2, 3}, false));
    leaveOnlyTheLeaderInTheIsr(r);
    r.killAndFence(1);
    ASSERT_EQ(r.leaderId(), hw::noLeader);
    r.config("unclean.leader.election.enable", hw::ConfigValue{hw::ConfigValue::Kind::Boolean, 0, true, {}});
    r.advance(300000);
    EXPECT_EQ(r.leaderId(), 2) << "brokers 2 and 3 are alive and the partition is still offline";
}

// ---------------------------------------------------------------------------------------------
// Leader and partition epochs, step by step

TEST(Epochs, BumpAsSectionThreeSaysThroughAWholeStory)
{
    struct Step {
        const char* what;
        std::function<void(Sim&)> act;
        BrokerId leader;
        Brokers isr;
        int leaderEpoch;
        int partitionEpoch;
    };
    ClusterSpec spec = threeReplicas();
    spec.config.replicaLagTimeMaxMs = 4000;
    spec.config.minInsyncReplicas = 1;
    Sim r(spec);
    const std::vector<Step> steps = {
        {"created", [](Sim&) {}, 1, {1, 2, 3}, 0, 0},
        {"committed", [](Sim& s) { commit(s, 2); }, 1, {1, 2, 3}, 0, 0},
        {"broker 3 falls behind and the leader shrinks the ISR",
         [](Sim& s) {
             s.produce(1);
             s.fetch(2);
             s.fetch(2);
             s.advance(8000);
         },
         1, {1, 2}, 0, 1},
        {"broker 3 catches up and the leader expands the ISR",
         [](Sim& s) {
             s.settle();
             s.settle();
         },
         1, {1, 2, 3}, 0, 2},
        {"a follower is fenced", [](Sim& s) { s.killAndFence(3); }, 1, {1, 2}, 0, 3},
        {"the leader is fenced", [](Sim& s) { s.killAndFence(1); }, 2, {2}, 1, 4},
        {"the last ISR member is fenced: leader -1", [](Sim& s) { s.killAndFence(2); }, hw::noLeader, {2}, 2, 5},
        {"it comes back and leads again",
         [](Sim& s) {
             s.restart(2);
             s.advance(100);
         },
         2, {2}, 3, 6},
        {"broker 1 comes back: not in the ISR until it catches up",
         [](Sim& s) {
             s.restart(1);
             s.advance(100);
         },
         2, {2}, 3, 6},
        {"broker 1 catches up and rejoins",
         [](Sim& s) {
             s.settle();
             s.settle();
         },
         2, {2, 1}, 3, 7},
        {"preferred election", [](Sim& s) { s.fault(hw::ElectPreferredAction{0}); }, 1, {2, 1}, 4, 8},
        {"controlled shutdown of a follower", [](Sim& s) { s.shutdown(2); }, 1, {1}, 4, 9},
    };
    for (const Step& step : steps) {
        SCOPED_TRACE(step.what);
        step.act(r);
        EXPECT_EQ(r.leaderId(), step.leader);
        EXPECT_EQ(r.isr(), step.isr);
        EXPECT_EQ(r.reg().leaderEpoch, step.leaderEpoch);
        EXPECT_EQ(r.reg().partitionEpoch, step.partitionEpoch);
        if (HasFailure())
            return;
    }
}

// ---------------------------------------------------------------------------------------------
// Preferred-leader election

TEST(PreferredElection, MovesLeadershipBackToTheFirstReplicaWhenItIsInTheIsr)
{
    Sim r(threeReplicas());
    commit(r, 2);
    bounceAndRejoin(r, 1);
    ASSERT_EQ(r.leaderId(), 2);
    ASSERT_EQ(r.isr(), Brokers({2, 3, 1}));
    const int epoch = r.reg().leaderEpoch;
    const int partitionEpoch = r.reg().partitionEpoch;
    const Offset leo = r.replica(1).log.leo();

    r.fault(hw::ElectPreferredAction{0});
    const std::int64_t f = r.onlyFrame(EventType::LeaderElected);
    EXPECT_EQ(r.frame(f).event.peer, 1);
    EXPECT_TRUE(r.frame(f).event.has(hw::Preferred));
    EXPECT_FALSE(r.frame(f).event.has(hw::Unclean));
    EXPECT_EQ(r.frame(f).event.value, epoch + 1);
    EXPECT_EQ(r.leaderId(), 1);
    EXPECT_EQ(r.reg().leaderEpoch, epoch + 1);
    EXPECT_EQ(r.reg().partitionEpoch, partitionEpoch + 1);
    EXPECT_EQ(r.isr(), Brokers({2, 3, 1})) << "the ISR is unchanged";

    r.advance(100);
    ASSERT_TRUE(r.replica(1).isLeader());
    EXPECT_FALSE(r.replica(2).isLeader());
    EXPECT_EQ(r.replica(1).epochStartOffset, leo);
    EXPECT_EQ(r.replica(1).epochCache.back().epoch, epoch + 1);
    EXPECT_EQ(r.replica(1).epochCache.back().startOffset, leo);
    r.produce(1);
    r.settle();
    EXPECT_EQ(r.epochs(1), r.epochs(2));
    EXPECT_EQ(r.replica(1).log.at(leo).epoch, epoch + 1) << "appends carry the new epoch";
}

struct PreferredRefusal {
    const char* name;
    std::function<void(Sim&)> setup;
    int partition;
    std::string message;
};

void PrintTo(const PreferredRefusal& c, std::ostream* os)
{
    *os << c.name;
}

class PreferredElectionRefused : public ::testing::TestWithParam<PreferredRefusal> {};

TEST_P(PreferredElectionRefused, ChangesNothing)
{
    const PreferredRefusal& c = GetParam();
    Sim r(threeReplicas());
    commit(r, 2);
    if (c.setup)
        c.setup(r);
    const hw::PartitionRegistration before = r.reg();
    const std::int64_t frames = r.timeline().frameCount();
    const std::string error = r.tryFault(hw::ElectPreferredAction{c.partition});
    EXPECT_NE(error.find(c.message), std::string::npos) << "error: \"" << error << "\"";
    EXPECT_EQ(r.timeline().frameCount(), frames) << "a refused action makes no frame";
    EXPECT_EQ(r.reg(), before);
}

INSTANTIATE_TEST_SUITE_P(
    Table, PreferredElectionRefused,
    ::testing::Values(
        PreferredRefusal{"AlreadyLeads", {}, 0, "already leads"},
        PreferredRefusal{"NotInTheIsr",
                         [](Sim& r) {
                             r.killAndFence(1);
                             r.restart(1);
                             r.advance(100);
                         },
                         0, "is not in t-0's ISR"},
        PreferredRefusal{"FencedLastIsrMember",
                         [](Sim& r) {
                             r.killAndFence(2);
                             r.killAndFence(3);
                             ASSERT_EQ(r.leaderId(), 1);
                             r.killAndFence(1);
                             ASSERT_EQ(r.isr(), Brokers({1}));
                             ASSERT_EQ(r.leaderId(), hw::noLeader);
                         },
                         0, "is fenced"},
        PreferredRefusal{"InControlledShutdownAndOutOfTheIsr",
                         [](Sim& r) {
                             r.fault(BrokerAction{BrokerAction::Kind::Shutdown, 1, 0});
                             ASSERT_EQ(r.leaderId(), 2);
                         },
                         0, "is not in t-0's ISR"},
        PreferredRefusal{"NoSuchPartition", {}, 7, "no such partition"}),
    [](const auto& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// Controlled shutdown

TEST(ControlledShutdown, MovesLeadershipBeforeTheBrokerStops)
{
    Sim r(threeReplicas());
    commit(r, 3);
    const std::int64_t from = r.lastFrame() + 1;
    r.shutdown(1);
    const std::int64_t requested = r.onlyFrame(EventType::ShutdownRequested, {}, from);
    const std::int64_t moved = r.onlyFrame(EventType::ControlledShutdown, {}, from);
    const std::int64_t stopped = r.onlyFrame(EventType::BrokerShutDown, {}, from);
    EXPECT_LT(requested, moved);
    EXPECT_LT(moved, stopped);
    EXPECT_EQ(r.frame(moved).event.peer, 1);
    EXPECT_EQ(r.frame(moved).event.value, 2) << "the new leader";
    EXPECT_EQ(r.frame(moved).event.count, 1) << "partitions whose leadership moved";
    // At the controller's decision the broker is still running and no longer leads.
    const ClusterState atMove = r.timeline().stateAt(moved);
    EXPECT_TRUE(atMove.broker(1).alive);
    EXPECT_EQ(atMove.partitions[0].registration.leader, 2);
    EXPECT_EQ(atMove.partitions[0].registration.isr, Brokers({2, 3}));
    EXPECT_EQ(atMove.partitions[0].registration.leaderEpoch, 1);
    // Then it stops, long before a session timeout could have fenced it, and nothing is lost.
    EXPECT_FALSE(r.state().broker(1).alive);
    EXPECT_LT(r.frame(stopped).timeMs - r.frame(requested).timeMs, 100);
    EXPECT_TRUE(r.framesOfType(EventType::BrokerFenced).empty());
    r.advance(100);
    EXPECT_TRUE(r.replica(2).isLeader());
    EXPECT_EQ(r.values(2), "v0 v1 v2");
    EXPECT_TRUE(r.lost().empty());
}

TEST(ControlledShutdown, OfAFollowerOnlyTakesItOutOfTheIsr)
{
    Sim r(threeReplicas());
    commit(r, 1);
    r.shutdown(3);
    EXPECT_EQ(r.leaderId(), 1);
    EXPECT_EQ(r.reg().leaderEpoch, 0);
    EXPECT_EQ(r.reg().partitionEpoch, 1);
    EXPECT_EQ(r.isr(), Brokers({1, 2}));
    EXPECT_FALSE(r.state().broker(3).alive);
}

TEST(ControlledShutdown, OfTheLastIsrMemberLeavesThePartitionOffline)
{
    Sim r(threeReplicas());
    commit(r, 1);
    r.shutdown(3);
    r.shutdown(2);
    ASSERT_EQ(r.isr(), Brokers({1}));
    r.shutdown(1);
    EXPECT_EQ(r.leaderId(), hw::noLeader);
    EXPECT_EQ(r.isr(), Brokers({1}));
    EXPECT_FALSE(r.state().broker(1).alive);
}

TEST(ControlledShutdown, IsRefusedForABrokerThatIsDownOrAlreadyShuttingDown)
{
    Sim r(threeReplicas());
    r.kill(3);
    EXPECT_NE(r.tryFault(BrokerAction{BrokerAction::Kind::Shutdown, 3, 0}).find("already down"), std::string::npos);
    ASSERT_TRUE(r.timeline().apply(BrokerAction{BrokerAction::Kind::Shutdown, 2, 0}).ok());
    EXPECT_NE(r.timeline().apply(BrokerAction{BrokerAction::Kind::Shutdown, 2, 0}).error.find("already shutting down"),
              std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Isolate and heal: fenced after the session timeout, a new leader, then the old leader follows and
// truncates where its log diverges

TEST(IsolateAndHeal, TheOldLeaderIsFencedReplacedAndTruncatesItsUnreplicatedTail)
{
    ClusterSpec spec = threeReplicas();
    spec.config.minInsyncReplicas = 2;
    Sim r(spec);
    commit(r, 3);    // v0..v2 everywhere
    r.produce(1, 1); // v3, acks=1: only on broker 1
    r.advance(20);
    ASSERT_EQ(r.batch(0, 1).status, SendStatus::Acked);
    const TimeMs isolatedAt = r.now();
    const TimeMs lastHeartbeat = r.registration(1).lastHeartbeatMs;
    r.isolate(1);
    EXPECT_EQ(hw::frameToJson(r.timeline(), r.lastFrame(), r.state()).at("brokers")[0].at("state"), "isolated");

    r.waitFenced(1);
    const std::int64_t fenced = r.onlyFrame(EventType::BrokerFenced);
    EXPECT_EQ(r.frame(fenced).timeMs, lastHeartbeat + spec.config.brokerSessionTimeoutMs);
    EXPECT_GT(r.frame(fenced).timeMs, isolatedAt);
    EXPECT_EQ(r.leaderId(), 2);
    EXPECT_EQ(r.isr(), Brokers({2, 3}));
    EXPECT_EQ(r.reg().leaderEpoch, 1);
    // Broker 1 cannot hear it: it still believes it leads epoch 0.
    EXPECT_TRUE(r.replica(1).isLeader());
    EXPECT_EQ(r.replica(1).knownLeaderEpoch, 0);
    r.advance(100);
    ASSERT_TRUE(r.replica(2).isLeader());
    EXPECT_EQ(r.cache(2), "0@0 1@3");
    EXPECT_EQ(r.lost(), std::vector<std::string>({"0@3=v3 acks=1 acks-1-not-replicated clean-election"}));
    EXPECT_EQ(hw::frameToJson(r.timeline(), r.lastFrame(), r.state()).at("brokers")[0].at("state"), "isolated");

    const std::int64_t healFrom = r.lastFrame() + 1;
    r.heal(1);
    r.advance(2100); // its next heartbeat reaches the controller
    const std::int64_t unfenced = r.onlyFrame(EventType::BrokerUnfenced, {}, healFrom);
    EXPECT_EQ(r.frame(unfenced).event.peer, 1);
    EXPECT_FALSE(r.fenced(1));
    EXPECT_FALSE(r.replica(1).isLeader());
    EXPECT_EQ(r.replica(1).knownLeader, 2);
    EXPECT_EQ(r.replica(1).knownLeaderEpoch, 1);
    const std::int64_t follower =
        r.onlyFrame(EventType::BecameFollower, [](const Event& e) { return e.node == 1; }, healFrom);
    EXPECT_EQ(r.frame(follower).event.peer, 2);
    EXPECT_EQ(r.frame(follower).event.count, 0) << "no truncation to the HW with leader epochs";
    EXPECT_EQ(r.values(1), "v0 v1 v2 v3");

    // Its first Fetch(4) says its last epoch is 0; epoch 0 ends at 3 on the new leader.
    r.settle();
    r.settle();
    const std::int64_t handled = r.onlyFrame(
        EventType::FetchHandled, [](const Event& e) { return e.peer == 1 && e.has(hw::Diverging); }, healFrom);
    EXPECT_EQ(r.frame(handled).event.offset, 4);
    EXPECT_EQ(r.frame(handled).event.value, 0) << "diverging epoch";
    EXPECT_EQ(r.frame(handled).event.leo, 3) << "where it ends on the leader";
    const std::int64_t truncated =
        r.onlyFrame(EventType::LogTruncated, [](const Event& e) { return e.node == 1; }, healFrom);
    EXPECT_GT(truncated, handled);
    EXPECT_EQ(r.frame(truncated).event.offset, 3);
    EXPECT_EQ(r.frame(truncated).event.count, 1);
    EXPECT_EQ(r.frame(truncated).event.value, 0);
    EXPECT_FALSE(r.frame(truncated).event.has(hw::Legacy));
    EXPECT_EQ(r.values(1), "v0 v1 v2");
    EXPECT_EQ(r.isr(), Brokers({2, 3, 1})) << "it reached the HW and the epoch start (3)";

    // The producer still names broker 1; it is told NOT_LEADER_OR_FOLLOWER, refreshes and writes to 2.
    r.produce(1); // v4
    r.advance(300);
    r.settle();
    r.settle();
    for (BrokerId b : {1, 2, 3}) {
        EXPECT_EQ(r.values(b), "v0 v1 v2 v4") << b;
        EXPECT_EQ(r.epochs(b), "0 0 0 1") << b;
    }
    EXPECT_EQ(r.cache(1), "0@0 1@3");
    EXPECT_EQ(r.lost(), std::vector<std::string>({"0@3=v3 acks=1 acks-1-not-replicated clean-election"}));
    EXPECT_TRUE(hw::divergedRecordsJson(r.state()).empty());
}

// ---------------------------------------------------------------------------------------------
// A new leader: epoch start offset = its LEO, and (epoch, start) in its epoch cache

struct NewLeaderCase {
    const char* name;
    int committed;      // records every replica holds
    int extraOnTwo;     // records only the old leader and broker 2 hold
    Offset expectedHw;  // broker 2's own HW when it becomes leader (stale)
    std::string cache;  // broker 2's epoch cache as leader
};

void PrintTo(const NewLeaderCase& c, std::ostream* os)
{
    *os << c.name;
}

class NewLeader : public ::testing::TestWithParam<NewLeaderCase> {};

TEST_P(NewLeader, StartsItsEpochAtItsLeoAndAddsItToItsEpochCache)
{
    const NewLeaderCase& c = GetParam();
    Sim r(threeReplicas());
    if (c.committed > 0)
        commit(r, c.committed);
    if (c.extraOnTwo > 0) {
        r.produce(c.extraOnTwo, 1); // acks=1
        r.fetch(2);
    }
    const Offset leo = r.replica(2).log.leo();
    ASSERT_EQ(leo, c.committed + c.extraOnTwo);
    const std::int64_t from = r.lastFrame() + 1;
    r.killAndFence(1);
    r.advance(100);
    ASSERT_EQ(r.leaderId(), 2);
    const std::int64_t became = r.onlyFrame(EventType::BecameLeader, [](const Event& e) { return e.node == 2; }, from);
    EXPECT_EQ(r.frame(became).event.offset, leo) << "epoch start offset in the event";
    EXPECT_EQ(r.frame(became).event.value, 1) << "leader epoch";
    EXPECT_EQ(r.replica(2).epochStartOffset, leo);
    EXPECT_EQ(r.replica(2).hw, c.expectedHw) << "the new leader keeps its follower HW";
    EXPECT_EQ(r.cache(2), c.cache);
    const auto json = hw::frameToJson(r.timeline(), r.lastFrame(), r.state());
    EXPECT_EQ(json.at("partitions")[0].at("leader_epoch_start"), leo);

    // Later appends carry the new epoch, and a follower learns the new cache entry from them.
    r.produce(2);
    r.settle();
    r.settle();
    EXPECT_EQ(r.replica(2).log.at(leo).epoch, 1);
    EXPECT_EQ(r.replica(2).log.at(leo + 1).epoch, 1);
    EXPECT_EQ(r.cache(3), c.cache);
    EXPECT_EQ(r.values(3), r.values(2));
}

INSTANTIATE_TEST_SUITE_P(Table, NewLeader,
                         ::testing::Values(
                             // An epoch with no records replaces the previous entry at the same offset
                             // (LeaderEpochFileCache removes entries whose start is not below the new one).
                             NewLeaderCase{"EmptyLog", 0, 0, 0, "1@0"},
                             NewLeaderCase{"CommittedRecords", 3, 0, 3, "0@0 1@3"},
                             NewLeaderCase{"AnUncommittedTailAboveItsHw", 2, 3, 2, "0@0 1@5"}),
                         [](const auto& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// Follower truncation by diverging epoch (KIP-279), for several log shapes
//
// The logs are written directly into a two-broker cluster: broker 2 leads topic "t" (assignment
// [2, 1]) in leader epoch `leaderEpoch`; broker 1 follows with its own log and is out of the ISR.
// Records with the same epoch at the same offset are the same record.

struct ShapeCase {
    const char* name;
    std::vector<int> leaderLog;   // the epoch of each record
    std::vector<int> followerLog;
    int leaderEpoch;
    Offset followerHw;
    Offset firstTruncation; // where the first truncation cuts the follower's log; -1: none
    int truncations;        // how many LogTruncated frames until the follower has caught up
};

void PrintTo(const ShapeCase& c, std::ostream* os)
{
    *os << c.name;
}

std::vector<hw::EpochEntry> cacheOf(const std::vector<int>& log)
{
    std::vector<hw::EpochEntry> cache;
    for (std::size_t o = 0; o < log.size(); ++o) {
        if (cache.empty() || cache.back().epoch < log[o])
            cache.push_back(hw::EpochEntry{log[o], static_cast<Offset>(o)});
    }
    return cache;
}

ClusterState shapedCluster(const ShapeCase& c)
{
    ClusterSpec spec = makeSpec({{2, 1}}, 2);
    ClusterState s = hw::Engine::createCluster(spec);
    hw::Partition& p = s.partitions[0];
    auto payloadFor = [&](const char* who, std::size_t offset) {
        hw::Payload payload;
        payload.value = std::string(who) + std::to_string(offset);
        payload.producer = -1;
        s.payloads.push_back(payload);
        return static_cast<std::int32_t>(s.payloads.size() - 1);
    };
    std::vector<std::int32_t> shared;
    for (std::size_t o = 0; o < c.leaderLog.size(); ++o)
        shared.push_back(payloadFor("L", o));
    hw::Replica& leader = p.replicas[0];
    hw::Replica& follower = p.replicas[1];
    for (std::size_t o = 0; o < c.leaderLog.size(); ++o)
        leader.log.append(hw::Record{c.leaderLog[o], shared[o]});
    bool same = true;
    for (std::size_t o = 0; o < c.followerLog.size(); ++o) {
        same = same && o < c.leaderLog.size() && c.leaderLog[o] == c.followerLog[o];
        follower.log.append(hw::Record{c.followerLog[o], same ? shared[o] : payloadFor("F", o)});
    }
    leader.epochCache = cacheOf(c.leaderLog);
    if (leader.epochCache.empty() || leader.epochCache.back().epoch < c.leaderEpoch)
        leader.epochCache.push_back(hw::EpochEntry{c.leaderEpoch, leader.log.leo()});
    leader.epochStartOffset = leader.epochCache.back().startOffset;
    follower.epochCache = cacheOf(c.followerLog);
    if (follower.epochCache.empty())
        follower.epochCache.push_back(hw::EpochEntry{0, 0});
    leader.hw = 0;
    follower.hw = c.followerHw;
    leader.knownLeaderEpoch = follower.knownLeaderEpoch = c.leaderEpoch;
    p.registration.leaderEpoch = c.leaderEpoch;
    p.registration.isr = {2};
    leader.isr = leader.pendingIsr = {2};
    return s;
}

class DivergingEpoch : public ::testing::TestWithParam<ShapeCase> {};

TEST_P(DivergingEpoch, TruncatesTheFollowerToWhereItsLogMeetsTheLeaders)
{
    const ShapeCase& c = GetParam();
    Sim r(shapedCluster(c));
    ASSERT_EQ(r.leaderId(), 2);
    r.fetch(1);
    const auto truncations = r.framesOfType(EventType::LogTruncated);
    if (c.firstTruncation < 0) {
        EXPECT_TRUE(truncations.empty());
    } else {
        ASSERT_FALSE(truncations.empty()) << "the first fetch round should truncate";
        const Event& e = r.frame(truncations.front()).event;
        EXPECT_EQ(e.node, 1);
        EXPECT_EQ(e.offset, c.firstTruncation) << "truncated_to";
        EXPECT_EQ(e.count, static_cast<std::int64_t>(c.followerLog.size()) - c.firstTruncation) << "removed";
        EXPECT_EQ(e.hwAfter, std::min(c.followerHw, c.firstTruncation)) << "HW = min(HW, truncation offset)";
        const std::int64_t handled = r.framesOfType(EventType::FetchHandled).front();
        EXPECT_TRUE(r.frame(handled).event.has(hw::Diverging));
    }
    // Fetch until the follower has the leader's log; it never loses more than the diverging suffix.
    for (int round = 0; round < 10 && r.values(1) != r.values(2); ++round)
        r.fetch(1);
    EXPECT_EQ(r.values(1), r.values(2));
    EXPECT_EQ(r.epochs(1), r.epochs(2));
    EXPECT_EQ(static_cast<int>(r.framesOfType(EventType::LogTruncated).size()), c.truncations);
    // The follower's cache holds the leader's epochs that have records.
    std::string expectedCache;
    for (const hw::EpochEntry& e : r.replica(2).epochCache) {
        if (e.startOffset < r.replica(2).log.leo())
            expectedCache += (expectedCache.empty() ? "" : " ") + std::to_string(e.epoch) + "@" + std::to_string(e.startOffset);
    }
    if (!expectedCache.empty()) {
        EXPECT_EQ(r.cache(1), expectedCache);
    }
    r.fetch(1);
    EXPECT_EQ(r.isr(), Brokers({2, 1})) << "caught up: back in the ISR";
}

INSTANTIATE_TEST_SUITE_P(
    Table, DivergingEpoch,
    ::testing::Values(
        // The old leader's unreplicated tail: epoch 0 ends at 3 on the new leader.
        ShapeCase{"UnreplicatedTailOfTheOldEpoch", {0, 0, 0, 1}, {0, 0, 0, 0}, 1, 3, 3, 1},
        // The follower led epoch 1 briefly; the leader never saw epoch 1, so the follower's epoch 0 end
        // (offset 2) is where they meet.
        ShapeCase{"AnEpochTheLeaderNeverSaw", {0, 0, 2, 2}, {0, 0, 1, 1, 1}, 2, 2, 2, 1},
        // Leader epochs 0, 1, 3; follower 0, 1, 2: the leader says epoch 1 ends at 3, the follower's epoch 1
        // ends at 2 (where its epoch 2 starts): the smaller wins.
        ShapeCase{"TheFollowersOwnEpochEndIsSmaller", {0, 1, 1, 3}, {0, 1, 2, 2, 2}, 3, 1, 2, 1},
        ShapeCase{"TheLeadersEpochEndIsSmaller", {0, 1, 1, 3, 3}, {0, 1, 1, 2}, 3, 2, 3, 1},
        // The new leader (elected uncleanly) is shorter in the same epoch.
        ShapeCase{"AShorterUncleanLeader", {0, 0}, {0, 0, 0, 0, 0}, 1, 4, 2, 1},
        ShapeCase{"AShorterLeaderInTheFollowersLatestEpoch", {0, 0, 0}, {0, 0, 0, 0, 0}, 0, 3, 3, 1},
        // No divergence: the follower is a prefix of the leader.
        ShapeCase{"APrefixIsNotTruncated", {0, 0, 0, 1, 1}, {0, 0}, 1, 2, -1, 0},
        ShapeCase{"APrefixEndingInTheSameEpoch", {0, 1, 1, 1}, {0, 1}, 2, 1, -1, 0},
        ShapeCase{"AnEmptyFollower", {0, 0, 1}, {}, 1, 0, -1, 0}),
    [](const auto& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// A restarted broker leaves every ISR when it registers and rejoins by the expansion rule

class RestartByVersion : public ::testing::TestWithParam<hw::KafkaVersion> {};

TEST_P(RestartByVersion, ANewIncarnationIsRefusedWhileTheOldSessionIsValidThenLeavesItsIsrsBeforeRegistering)
{
    // ClusterControlManager.registerBroker: a new incarnation is refused with
    // DuplicateBrokerRegistrationException while the old one's session is valid, and the broker retries
    // (RegistrationRetryByVersion). The session ends at broker.session.timeout.ms
    // after its last heartbeat, and the controller fences it then (3.x exactly; 4.0+ at its next check,
    // every timeout/8), taking it out of every ISR before its registration is accepted. So in every
    // version it rejoins by catching up; 4.0+ would also take it out at registration
    // (handleBrokerShutdown), here with nothing left to do.
    ClusterSpec spec = makeSpec({{1, 2, 3}, {2, 3, 1}, {3, 1, 2}});
    spec.config = hw::defaultsFor(GetParam());
    spec.config.autoFetch = false;
    spec.config.replicaFetchWaitMaxMs = 0;
    spec.config.replicaLagTimeMaxMs = hourMs;
    Sim r(spec);
    for (int p = 0; p < 3; ++p)
        commit(r, 2, p);
    r.kill(3);
    r.advance(500);
    const std::int64_t from = r.lastFrame() + 1;
    r.restart(3);
    EXPECT_EQ(r.frame(r.lastFrame()).event.type, EventType::BrokerRestarted);
    r.advance(100);
    ASSERT_FALSE(r.framesOfType(EventType::RegistrationRefused).empty()) << "its old session is still valid";
    EXPECT_TRUE(r.framesOfType(EventType::BrokerRegistered).empty());
    EXPECT_EQ(r.isr(0), Brokers({1, 2, 3})) << "the controller has not noticed anything yet";
    r.advance(15000);
    const std::int64_t fenced = r.onlyFrame(EventType::BrokerFenced, {}, from);
    const std::int64_t registered = r.onlyFrame(EventType::BrokerRegistered, {}, from);
    EXPECT_LT(fenced, registered);
    EXPECT_EQ(r.frame(fenced).event.count, 3) << "partitions it left";
    EXPECT_EQ(r.frame(registered).event.count, 0) << "it had left them all already";
    EXPECT_EQ(r.isr(0), Brokers({1, 2}));
    EXPECT_EQ(r.isr(1), Brokers({2, 1}));
    EXPECT_EQ(r.isr(2), Brokers({1, 2}));
    EXPECT_EQ(r.leaderId(2), 1) << "its leadership moved to the next ISR member in assignment order";
    EXPECT_FALSE(r.fenced(3)) << "unfenced once it caught up with the metadata";
    EXPECT_GT(r.state().registrations[2].brokerEpoch, 3) << "a new broker epoch for the new incarnation";
    // It catches up and rejoins all three.
    r.settle();
    r.settle();
    EXPECT_EQ(r.isr(0), Brokers({1, 2, 3}));
    EXPECT_EQ(r.isr(1), Brokers({2, 1, 3}));
    EXPECT_EQ(r.isr(2), Brokers({1, 2, 3}));
}

INSTANTIATE_TEST_SUITE_P(Versions, RestartByVersion, ::testing::Values(hw::KafkaVersion::V3_7, hw::KafkaVersion::V4_2),
                         [](const auto& info) { return "Kafka" + std::string(hw::kafkaVersionName(info.param)).erase(1, 1); });

struct RegistrationRetryCase {
    hw::KafkaVersion version;
    std::vector<TimeMs> delaysMs; // between a refusal's answer and the next try, in order
};

void PrintTo(const RegistrationRetryCase& c, std::ostream* os)
{
    *os << hw::kafkaVersionName(c.version);
}

class RegistrationRetryByVersion : public ::testing::TestWithParam<RegistrationRetryCase> {};

TEST_P(RegistrationRetryByVersion, ARefusedRegistrationIsRetriedAsThatReleasesBrokerLifecycleManagerDoes)
{
    // BrokerLifecycleManager.scheduleNextCommunicationAfterFailure (rules::registrationRetry): 3.7 and
    // 3.8 back off from 100 ms, doubling up to broker.session.timeout.ms; 3.9.2 and 4.0.2 on (KAFKA-19294)
    // try again every broker.heartbeat.interval.ms. The real 4.4.0 broker retried about every 2 s.
    const RegistrationRetryCase& c = GetParam();
    ClusterSpec spec = makeSpec({{1, 2, 3}});
    spec.config = hw::defaultsFor(c.version);
    Sim r(spec);
    const TimeMs roundTrip = 2 * spec.config.networkLatencyMs;
    r.kill(3);
    const std::int64_t from = r.lastFrame() + 1;
    r.restart(3);
    r.advance(20000);
    const std::vector<std::int64_t> refused = r.framesOfType(EventType::RegistrationRefused, from);
    ASSERT_EQ(refused.size(), c.delaysMs.size() + 1) << "a try at the restart and one after each delay";
    for (std::size_t i = 1; i < refused.size(); ++i)
        EXPECT_EQ(r.frame(refused[i]).timeMs - r.frame(refused[i - 1]).timeMs, c.delaysMs[i - 1] + roundTrip)
            << "try " << i + 1;
    // The old session expires between the last refusal and the next try, which is accepted.
    const std::int64_t registered = r.onlyFrame(EventType::BrokerRegistered, {}, from);
    EXPECT_LT(r.frame(refused.back()).timeMs, spec.config.brokerSessionTimeoutMs);
    EXPECT_GT(r.frame(registered).timeMs, spec.config.brokerSessionTimeoutMs)
        << "the old session (from the last heartbeat, at 0 ms) has ended";
    const TimeMs nextDelay = hw::rules::registrationRetry(c.version) == hw::rules::RegistrationRetry::HeartbeatInterval
                                 ? spec.config.brokerHeartbeatIntervalMs
                                 : std::min<TimeMs>(c.delaysMs.back() * 2, spec.config.brokerSessionTimeoutMs);
    EXPECT_EQ(r.frame(registered).timeMs - r.frame(refused.back()).timeMs, nextDelay + roundTrip);
    r.settle();
    EXPECT_FALSE(r.fenced(3));
    EXPECT_EQ(r.isr(), Brokers({1, 2, 3}));
}

// The kill comes right after the cluster starts, so the old session (9 s from the last heartbeat at 0 ms)
// ends at 9000 ms: the doubling backoff tries at 5, 115, 325, 735, 1545, 3155 and 6365 ms, then 12775 ms; the
// 2 s interval at 5, 2015, 4025, 6035 and 8045 ms, then 10055 ms.
INSTANTIATE_TEST_SUITE_P(
    Versions, RegistrationRetryByVersion,
    ::testing::Values(RegistrationRetryCase{hw::KafkaVersion::V3_7, {100, 200, 400, 800, 1600, 3200}},
                      RegistrationRetryCase{hw::KafkaVersion::V3_8, {100, 200, 400, 800, 1600, 3200}},
                      RegistrationRetryCase{hw::KafkaVersion::V3_9, {2000, 2000, 2000, 2000}},
                      RegistrationRetryCase{hw::KafkaVersion::V4_0, {2000, 2000, 2000, 2000}},
                      RegistrationRetryCase{hw::KafkaVersion::V4_1, {2000, 2000, 2000, 2000}},
                      RegistrationRetryCase{hw::KafkaVersion::V4_2, {2000, 2000, 2000, 2000}},
                      RegistrationRetryCase{hw::KafkaVersion::V4_3, {2000, 2000, 2000, 2000}},
                      RegistrationRetryCase{hw::KafkaVersion::V4_4, {2000, 2000, 2000, 2000}}),
    [](const auto& info) { return "Kafka" + std::string(hw::kafkaVersionName(info.param.version)).erase(1, 1); });

TEST(Restart, RejoinsOnceItsLeoReachesTheHwNotTheLeadersLeo)
{
    ClusterSpec spec = threeReplicas();
    spec.config.minInsyncReplicas = 1;
    Sim r(spec);
    commit(r, 4); // HW 4 everywhere
    r.killAndFence(3);
    r.produce(2, 1); // v4, v5 (acks=1) above the HW on broker 1 only... broker 2 copies them
    r.fetch(2);
    r.fetch(2);
    ASSERT_EQ(r.leader().hw, 6);
    r.produce(3, 1); // v6..v8: leader LEO 9, HW 6 until broker 2 fetches again
    ASSERT_EQ(r.leader().log.leo(), 9);
    r.restart(3);
    r.advance(100);
    ASSERT_EQ(r.isr(), Brokers({1, 2}));

    // Fetch(4) -> [4, 5]: below the HW, not added.
    r.fetch(3, 2);
    EXPECT_EQ(r.replica(3).log.leo(), 6);
    EXPECT_FALSE(r.frame(r.framesOfType(EventType::FetchHandled).back()).event.has(hw::IsrExpandRequested));
    // Fetch(6): its LEO reached the HW (6), though not the leader's LEO (9): it is asked back in.
    r.fetch(3, 1, FetchUntil::Request);
    const Event& e = r.frame(r.framesOfType(EventType::FetchHandled).back()).event;
    EXPECT_EQ(e.offset, 6);
    EXPECT_TRUE(e.has(hw::IsrExpandRequested));
    r.advance(100);
    EXPECT_EQ(r.isr(), Brokers({1, 2, 3}));
    EXPECT_LT(r.replica(3).log.leo(), r.leader().log.leo());
}

TEST(Restart, RejoinsOnlyOnceItsLeoReachesTheLeadersEpochStartOffset)
{
    // Broker 2 becomes leader with LEO 5 and its stale follower HW of 2: its epoch starts at 5. Broker 3
    // restarts with LEO 3 and leaves the ISR (it is fenced before its new registration is accepted);
    // with min.insync.replicas 2 the lone leader's HW stays at 2 (KAFKA-15583), so every fetch offset
    // from 3 on reaches the HW, but it is asked back in only once it reaches 5.
    ClusterSpec spec = threeReplicas();
    spec.config.minInsyncReplicas = 2;
    Sim r(spec);
    commit(r, 2);
    r.produce(3, 1); // v2..v4 on broker 1
    r.fetch(2);      // broker 2 copies them; its HW stays 2
    r.fetch(3, 1);   // broker 3 copies one: LEO 3
    r.killAndFence(1);
    r.advance(100);
    ASSERT_EQ(r.leaderId(), 2);
    ASSERT_EQ(r.isr(), Brokers({2, 3}));
    ASSERT_EQ(r.replica(2).epochStartOffset, 5);
    ASSERT_EQ(r.leader().hw, 2);
    r.kill(3);
    r.restart(3);
    r.advance(15000); // refused until its old session expires and it is fenced; then it registers
    ASSERT_EQ(r.isr(), Brokers({2}));
    ASSERT_EQ(r.replica(3).log.leo(), 3);

    for (Offset fetchOffset = 3; fetchOffset < 5; ++fetchOffset) {
        r.fetch(3, 1);
        const Event& e = r.frame(r.framesOfType(EventType::FetchHandled).back()).event;
        EXPECT_EQ(e.offset, fetchOffset);
        EXPECT_GE(e.offset, e.hwBefore) << "at or above the HW";
        EXPECT_FALSE(e.has(hw::IsrExpandRequested)) << "Fetch(" << fetchOffset << ") is below the epoch start 5";
    }
    r.advance(100);
    EXPECT_EQ(r.isr(), Brokers({2}));
    r.fetch(3, 1, FetchUntil::Request); // Fetch(5)
    EXPECT_TRUE(r.frame(r.framesOfType(EventType::FetchHandled).back()).event.has(hw::IsrExpandRequested));
    r.advance(100);
    EXPECT_EQ(r.isr(), Brokers({2, 3}));
}

TEST(Restart, IsRefusedForARunningBroker)
{
    Sim r(threeReplicas());
    const std::string error = r.tryFault(BrokerAction{BrokerAction::Kind::Restart, 2, 0});
    EXPECT_NE(error.find("is running"), std::string::npos) << error;
}

// ---------------------------------------------------------------------------------------------
// lose_unflushed: a restart loses the tail of each log

struct UnflushedCase {
    const char* name;
    int records;
    std::int64_t lose;
    Offset leoAfter;
};

void PrintTo(const UnflushedCase& c, std::ostream* os)
{
    *os << c.name;
}

class LoseUnflushed : public ::testing::TestWithParam<UnflushedCase> {};

TEST_P(LoseUnflushed, TruncatesTheTailOfEveryLogOfTheBroker)
{
    const UnflushedCase& c = GetParam();
    Sim r(makeSpec({{1, 2, 3}, {2, 3, 1}}));
    commit(r, c.records, 0);
    commit(r, c.records, 1);
    r.kill(3);
    r.restart(3, c.lose);
    const Event& e = r.frame(r.lastFrame()).event;
    EXPECT_EQ(e.type, EventType::BrokerRestarted);
    EXPECT_EQ(e.count, 2 * (c.records - c.leoAfter)) << "records lost across its logs";
    for (int p = 0; p < 2; ++p) {
        EXPECT_EQ(r.replica(3, p).log.leo(), c.leoAfter) << p;
        EXPECT_LE(r.replica(3, p).hw, c.leoAfter) << p;
        EXPECT_EQ(r.partition(p).unflushedLost, c.records - c.leoAfter) << p;
        EXPECT_EQ(r.replica(1, p).log.leo(), c.records) << "other brokers keep theirs";
    }
    // It catches up from the leaders once its registration is accepted (after its old session expired).
    r.advance(15000);
    r.settle();
    r.settle();
    EXPECT_EQ(r.replica(3, 0).log.leo(), c.records);
    EXPECT_EQ(r.isr(0), Brokers({1, 2, 3}));
}

INSTANTIATE_TEST_SUITE_P(Table, LoseUnflushed,
                         ::testing::Values(UnflushedCase{"Nothing", 5, 0, 5}, UnflushedCase{"Two", 5, 2, 3},
                                           UnflushedCase{"All", 5, 5, 0}, UnflushedCase{"MoreThanTheLog", 2, 9, 0}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(LoseUnflushed, LosingCommittedRecordsOnTheOnlyReplicaListsThemAsLost)
{
    Sim r(makeSpec({{1}}));
    commit(r, 5);
    r.kill(1);
    r.restart(1, 2);
    r.advance(15000); // refused until its old session expires and it is fenced; then it registers
    EXPECT_EQ(r.leaderId(), 1);
    EXPECT_EQ(r.values(1), "v0 v1 v2");
    EXPECT_EQ(r.lost(), std::vector<std::string>({"0@3=v3 acks=all unflushed-records-lost clean-election",
                                                  "0@4=v4 acks=all unflushed-records-lost clean-election"}));
}

// ---------------------------------------------------------------------------------------------
// Legacy truncation (Kafka before 0.11): a follower cuts its log to its own HW on becoming follower

struct LegacyCase {
    const char* name;
    hw::TruncationMode mode;
    int fetchedByThree;   // records broker 3 copied of the 4 broker 1 holds
    Offset hwOfThree;     // broker 3's own HW before the leader change
    Offset leoAfter;      // broker 3's LEO right after it learned of the new leader
};

void PrintTo(const LegacyCase& c, std::ostream* os)
{
    *os << c.name;
}

class LegacyTruncation : public ::testing::TestWithParam<LegacyCase> {};

TEST_P(LegacyTruncation, CutsAFollowerToItsOwnHwWhenItStartsFollowing)
{
    const LegacyCase& c = GetParam();
    ClusterSpec spec = threeReplicas();
    spec.config.truncation = c.mode;
    Sim r(spec);
    commit(r, 1);      // HW 1 everywhere
    r.produce(3, 1);   // broker 1: LEO 4
    r.fetch(2);        // broker 2: LEO 4
    if (c.fetchedByThree > 0)
        r.fetch(3, c.fetchedByThree);
    ASSERT_EQ(r.replica(3).log.leo(), 1 + c.fetchedByThree);
    ASSERT_EQ(r.replica(3).hw, c.hwOfThree);

    // Broker 1 is fenced; broker 2 leads; broker 3 learns it and becomes its follower.
    const std::int64_t from = r.lastFrame() + 1;
    r.killAndFence(1);
    r.advance(100);
    const std::int64_t f = r.onlyFrame(EventType::BecameFollower, [](const Event& e) { return e.node == 3; }, from);
    const Event& e = r.frame(f).event;
    const bool legacy = c.mode == hw::TruncationMode::HighWatermark;
    EXPECT_EQ(e.has(hw::Legacy), legacy);
    EXPECT_EQ(e.count, 1 + c.fetchedByThree - c.leoAfter) << "truncated";
    EXPECT_EQ(e.leo, c.leoAfter);
    EXPECT_EQ(r.replica(3).log.leo(), c.leoAfter);
    EXPECT_EQ(r.partition().legacyTruncations, legacy && c.leoAfter < 1 + c.fetchedByThree ? 1 : 0);
}

INSTANTIATE_TEST_SUITE_P(
    Table, LegacyTruncation,
    ::testing::Values(LegacyCase{"LegacyAboveItsHw", hw::TruncationMode::HighWatermark, 3, 1, 1},
                      LegacyCase{"LegacyPartlyAboveItsHw", hw::TruncationMode::HighWatermark, 1, 1, 1},
                      LegacyCase{"LegacyAtItsHw", hw::TruncationMode::HighWatermark, 0, 1, 1},
                      LegacyCase{"LeaderEpochKeepsItsLog", hw::TruncationMode::LeaderEpoch, 3, 1, 4},
                      LegacyCase{"LeaderEpochKeepsAPartialLog", hw::TruncationMode::LeaderEpoch, 1, 1, 2}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(LegacyTruncation, ARestartedFollowerTruncatesToItsHwAndKeepsItsIsrMembership)
{
    ClusterSpec spec = makeSpec({{1, 2}}, 2);
    spec.config.truncation = hw::TruncationMode::HighWatermark;
    Sim r(spec);
    commit(r, 1);
    r.produce(1);                          // v1
    r.fetch(2);                            // broker 2 copies it, its HW stays 1
    r.fetch(2, 0, FetchUntil::Request);    // Fetch(2) commits v1
    r.advance(20);
    ASSERT_EQ(r.batch(1).status, SendStatus::Acked);
    ASSERT_EQ(r.replica(2).hw, 1);
    r.kill(2);
    r.restart(2);
    r.advance(100);
    EXPECT_EQ(r.values(2), "v0") << "truncated to its own HW, 1";
    EXPECT_EQ(r.isr(), Brokers({1, 2})) << "before 0.11 a quickly restarted broker stayed in the ISR";
    EXPECT_EQ(r.partition().legacyTruncations, 1);
}

// ---------------------------------------------------------------------------------------------
// Producers during failures

/// The ProduceSent and ProduceFailed frames of one batch, in order.
std::vector<std::int64_t> batchFrames(const Sim& r, std::int64_t batch, int producer = 0)
{
    return r.frames([&](const Event& e) {
        return (e.type == EventType::ProduceSent || e.type == EventType::ProduceFailed ||
                e.type == EventType::ProduceAcked) &&
               e.node == producer && e.value == batch;
    });
}

TEST(ProducerRetry, NotLeaderOrFollowerRefreshesMetadataAndRetriesOnTheNewLeader)
{
    Sim r(threeReplicas());
    commit(r, 1);
    // Move leadership to broker 2 without the producer hearing of it: a controlled shutdown of broker 1,
    // then broker 1 comes back as a follower and rejoins.
    r.shutdown(1);
    r.restart(1);
    r.advance(100);
    r.settle();
    r.settle();
    ASSERT_EQ(r.leaderId(), 2);
    ASSERT_EQ(r.state().producers[0].leaders[0], 1) << "the producer's metadata is stale";

    const std::int64_t from = r.lastFrame() + 1;
    const std::int64_t b = r.produce(1);
    r.advance(300);
    const std::int64_t rejected = r.onlyFrame(EventType::ProduceRejected, {}, from);
    EXPECT_EQ(r.frame(rejected).event.node, 1);
    EXPECT_EQ(r.frame(rejected).event.error, ErrorCode::NotLeaderOrFollower);
    const std::int64_t failed = r.onlyFrame(EventType::ProduceFailed, {}, from);
    EXPECT_TRUE(r.frame(failed).event.has(hw::Retrying));
    EXPECT_EQ(r.frame(failed).event.error, ErrorCode::NotLeaderOrFollower);
    const std::int64_t metadata = r.onlyFrame(EventType::MetadataUpdated, {}, from);
    EXPECT_GT(metadata, failed);
    EXPECT_EQ(r.frame(metadata).event.count, 1) << "leaders changed";
    const std::int64_t resent = r.onlyFrame(EventType::ProduceSent, [](const Event& e) { return e.attempt == 2; }, from);
    EXPECT_GT(resent, metadata) << "the retry goes out after the refresh";
    EXPECT_EQ(r.frame(resent).event.peer, 2);
    EXPECT_EQ(r.frame(resent).timeMs - r.frame(failed).timeMs, 100) << "retry.backoff.ms";
    const std::int64_t appended = r.onlyFrame(EventType::ProduceAppended, {}, from);
    EXPECT_EQ(r.frame(appended).event.node, 2);
    r.settle();
    EXPECT_EQ(r.batch(b).status, SendStatus::Acked);
    EXPECT_EQ(r.batch(b).attempt, 2);
}

struct BackoffCase {
    const char* name;
    TimeMs backoffMs;
    TimeMs backoffMaxMs;
    std::vector<TimeMs> expectedGaps; // between a failure and the next send, for the first attempts
};

void PrintTo(const BackoffCase& c, std::ostream* os)
{
    *os << c.name;
}

class RetryBackoff : public ::testing::TestWithParam<BackoffCase> {};

TEST_P(RetryBackoff, DoublesUpToRetryBackoffMaxMs)
{
    // The ISR is smaller than min.insync.replicas: every attempt is refused with NOT_ENOUGH_REPLICAS, a
    // retriable error. (A dead leader would cost no attempts at all: the producer cannot connect to it.)
    const BackoffCase& c = GetParam();
    ClusterSpec spec = threeReplicas();
    spec.config.retryBackoffMs = c.backoffMs;
    spec.config.retryBackoffMaxMs = c.backoffMaxMs;
    spec.config.minInsyncReplicas = 3;
    Sim r(spec);
    commit(r, 1);
    r.killAndFence(3);
    const std::int64_t from = r.lastFrame() + 1;
    const std::int64_t b = r.send(1);
    TimeMs total = 0;
    for (TimeMs gap : c.expectedGaps)
        total += gap + 20;
    r.advance(total);
    const auto frames = batchFrames(r, b);
    std::vector<TimeMs> gaps;
    for (std::size_t i = 1; i < frames.size(); ++i) {
        const Event& prev = r.frame(frames[i - 1]).event;
        const Event& next = r.frame(frames[i]).event;
        if (prev.type == EventType::ProduceFailed && next.type == EventType::ProduceSent) {
            EXPECT_EQ(next.attempt, prev.attempt + 1);
            gaps.push_back(r.frame(frames[i]).timeMs - r.frame(frames[i - 1]).timeMs);
        }
        if (prev.type == EventType::ProduceFailed) {
            EXPECT_EQ(prev.error, ErrorCode::NotEnoughReplicas);
            EXPECT_TRUE(prev.has(hw::Retrying));
        }
    }
    ASSERT_GE(gaps.size(), c.expectedGaps.size());
    gaps.resize(c.expectedGaps.size());
    EXPECT_EQ(gaps, c.expectedGaps);
    EXPECT_TRUE(r.framesOfType(EventType::ProducerConnection, from).empty()) << "the connection stays up";
}

INSTANTIATE_TEST_SUITE_P(Table, RetryBackoff,
                         ::testing::Values(BackoffCase{"Defaults", 100, 1000, {100, 200, 400, 800, 1000, 1000, 1000}},
                                           BackoffCase{"SmallCap", 50, 300, {50, 100, 200, 300, 300}},
                                           BackoffCase{"CapEqualsBackoff", 200, 200, {200, 200, 200}},
                                           BackoffCase{"HighCap", 100, 100000, {100, 200, 400, 800, 1600, 3200}}),
                         [](const auto& info) { return std::string(info.param.name); });

enum class RetryCause { IsolatedLeader, NotEnoughReplicas };

struct RetriesCase {
    const char* name;
    std::int64_t retries;
    RetryCause cause;
    ErrorCode error;
};

void PrintTo(const RetriesCase& c, std::ostream* os)
{
    *os << c.name;
}

class Retries : public ::testing::TestWithParam<RetriesCase> {};

TEST_P(Retries, AllowRetriesPlusOneAttempts)
{
    // Only answered attempts and requests lost in flight count: a cut-off leader costs one attempt (the
    // request that timed out), then the producer waits for a connection, so it runs out of retries only
    // with retries 0; a killed leader costs none (its connection was reset before anything was sent:
    // ProducerConnections.* and BrokerFaults.* below).
    const RetriesCase& c = GetParam();
    ClusterSpec spec = threeReplicas();
    spec.config.retries = c.retries;
    spec.config.requestTimeoutMs = 1000;
    spec.config.brokerSessionTimeoutMs = 60000;
    if (c.cause == RetryCause::NotEnoughReplicas)
        spec.config.minInsyncReplicas = 3;
    Sim r(spec);
    commit(r, 1);
    if (c.cause == RetryCause::NotEnoughReplicas) {
        r.killAndFence(3);
    } else {
        r.isolate(1);
    }
    const std::int64_t b = r.produce(1);
    // The produce step ends when the leader refuses the batch; its answer reaches the producer later.
    r.runUntil([&](const ClusterState&) { return r.batch(b).status == SendStatus::Failed; }, 60000, "the batch failing");
    EXPECT_EQ(r.batch(b).error, c.error);
    EXPECT_EQ(r.batch(b).attempt, c.retries + 1);
    const auto failures = r.frames([&](const Event& e) { return e.type == EventType::ProduceFailed && e.value == b; });
    ASSERT_EQ(static_cast<std::int64_t>(failures.size()), c.retries + 1);
    for (std::size_t i = 0; i + 1 < failures.size(); ++i)
        EXPECT_TRUE(r.frame(failures[i]).event.has(hw::Retrying));
    EXPECT_FALSE(r.frame(failures.back()).event.has(hw::Retrying)) << "the last failure is final";
    EXPECT_EQ(r.frame(failures.back()).event.error, c.error);
    if (c.retries == 0) {
        // At once: one round trip to a refusing leader, or one request timeout.
        EXPECT_EQ(r.frame(failures.back()).timeMs - r.frame(batchFrames(r, b).front()).timeMs,
                  c.cause == RetryCause::IsolatedLeader ? spec.config.requestTimeoutMs : 10);
    }
}

INSTANTIATE_TEST_SUITE_P(Table, Retries,
                         ::testing::Values(RetriesCase{"ZeroIsolated", 0, RetryCause::IsolatedLeader, ErrorCode::RequestTimedOut},
                                           RetriesCase{"ZeroNotEnoughReplicas", 0, RetryCause::NotEnoughReplicas,
                                                       ErrorCode::NotEnoughReplicas},
                                           RetriesCase{"TwoNotEnoughReplicas", 2, RetryCause::NotEnoughReplicas,
                                                       ErrorCode::NotEnoughReplicas},
                                           RetriesCase{"ThreeNotEnoughReplicas", 3, RetryCause::NotEnoughReplicas,
                                                       ErrorCode::NotEnoughReplicas}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Retries, ZeroFailsAtOnceOnNotLeaderOrFollower)
{
    ClusterSpec spec = threeReplicas();
    spec.config.retries = 0;
    Sim r(spec);
    commit(r, 1);
    r.shutdown(1);
    r.restart(1);
    r.advance(100);
    ASSERT_EQ(r.leaderId(), 2);
    const std::int64_t b = r.produce(1);
    r.advance(20);
    EXPECT_EQ(r.batch(b).status, SendStatus::Failed);
    EXPECT_EQ(r.batch(b).error, ErrorCode::NotLeaderOrFollower);
    EXPECT_EQ(r.batch(b).attempt, 1);
}

// Kafka's Sender sends only to a broker it has a ready connection to (Sender.sendProducerData drops the
// others from the ready nodes after NetworkClient.ready); waiting for a connection costs a batch no
// attempt. Only a request that was in flight when the connection went counts (NETWORK_EXCEPTION).
TEST(ProducerConnections, ADeadUnfencedLeaderCostsNoRetriesTheRecordReachesTheNewLeader)
{
    // Issue 27's reproduction: retries 3, the leader killed and not fenced yet. The record used to fail
    // after 4 sends in 740 ms, each meeting the closed port.
    ClusterSpec spec = threeReplicas();
    spec.config.retries = 3;
    Sim r(spec);
    commit(r, 1);
    r.kill(1);
    const std::int64_t from = r.lastFrame() + 1;
    const std::int64_t b = r.produce(1);
    r.settle();
    EXPECT_EQ(r.batch(b).status, SendStatus::Acked);
    EXPECT_EQ(r.leaderId(), 2);
    // The crash reset the producer's connection to broker 1 (an idle one), so nothing was ever sent
    // there: the one attempt is the one that reached the new leader.
    EXPECT_EQ(r.batch(b).attempt, 1) << "the refused connects cost no attempt";
    const auto sends = r.frames([&](const Event& e) { return e.type == EventType::ProduceSent && e.value == b; }, from);
    ASSERT_EQ(sends.size(), 1u);
    EXPECT_EQ(r.frame(sends[0]).event.peer, 2);
    // Before it, the producer only tried to connect to broker 1, with a doubling reconnect backoff.
    const auto refused = r.frames([](const Event& e) {
        return e.type == EventType::ProducerConnection && e.node == 0 && e.peer == 1 &&
               e.error == ErrorCode::NetworkException;
    }, from);
    ASSERT_GE(refused.size(), 6u);
    std::vector<std::int64_t> backoffs;
    for (std::size_t i = 0; i < 6; ++i)
        backoffs.push_back(r.frame(refused[i]).event.value);
    EXPECT_EQ(backoffs, (std::vector<std::int64_t>{100, 200, 400, 800, 1000, 1000}))
        << "reconnect.backoff.ms 50 doubling up to reconnect.backoff.max.ms 1000";
    for (std::size_t i = 1; i < refused.size(); ++i) {
        EXPECT_EQ(r.frame(refused[i]).timeMs - r.frame(refused[i - 1]).timeMs,
                  r.frame(refused[i - 1]).event.value + 10)
            << "a connect starts when the backoff ends and is refused one round trip later";
        EXPECT_LT(r.frame(refused[i]).timeMs, r.frame(sends[0]).timeMs);
    }
}

TEST(ProducerConnections, ReconnectBackoffKeysAreHonoured)
{
    ClusterSpec spec = threeReplicas();
    spec.config.reconnectBackoffMs = 30;
    spec.config.reconnectBackoffMaxMs = 200;
    spec.config.brokerSessionTimeoutMs = 60000;
    Sim r(spec);
    commit(r, 1);
    r.kill(1);
    const std::int64_t from = r.lastFrame() + 1;
    const std::int64_t b = r.send(1);
    r.advance(3000);
    const auto refused = r.frames([](const Event& e) {
        return e.type == EventType::ProducerConnection && e.error == ErrorCode::NetworkException;
    }, from);
    ASSERT_GE(refused.size(), 5u);
    std::vector<std::int64_t> backoffs;
    for (std::size_t i = 0; i < 5; ++i)
        backoffs.push_back(r.frame(refused[i]).event.value);
    EXPECT_EQ(backoffs, (std::vector<std::int64_t>{60, 120, 200, 200, 200}));
    EXPECT_EQ(r.batch(b).status, SendStatus::Pending) << "still waiting for a connection, not failed";
    EXPECT_EQ(r.batch(b).attempt, 0) << "never sent";
}

TEST(ProducerConnections, ACutOffLeaderTimesTheConnectOutAndItsSetupTimeoutDoubles)
{
    // A request timeout closes the connection; the reconnect to a broker nobody can reach gets no
    // answer and gives up after socket.connection.setup.timeout.ms (10 s, then 20 s, at most 30 s).
    ClusterSpec spec = threeReplicas();
    spec.config.requestTimeoutMs = 1000;
    spec.config.brokerSessionTimeoutMs = 600000;
    spec.config.deliveryTimeoutMs = 120000;
    Sim r(spec);
    commit(r, 1);
    r.isolate(1);
    const std::int64_t from = r.lastFrame() + 1;
    const std::int64_t b = r.send(1);
    r.advance(70000);
    const auto timedOut = r.frames([](const Event& e) {
        return e.type == EventType::ProducerConnection && e.peer == 1 && e.error == ErrorCode::RequestTimedOut;
    }, from);
    ASSERT_GE(timedOut.size(), 3u);
    EXPECT_EQ(r.frame(timedOut[0]).event.detail, 10000);
    EXPECT_EQ(r.frame(timedOut[1]).event.detail, 20000);
    EXPECT_EQ(r.frame(timedOut[2]).event.detail, 30000);
    const TimeMs requestTimedOutAt = r.frame(r.frames([&](const Event& e) {
        return e.type == EventType::ProduceFailed && e.value == b && e.error == ErrorCode::RequestTimedOut;
    }, from).front()).timeMs;
    // The connect starts when the batch's retry backoff (100 ms) has passed, after the reconnect backoff.
    EXPECT_EQ(r.frame(timedOut[0]).timeMs, requestTimedOutAt + 100 + 10000) << "the retry backoff, then the setup timeout";
    EXPECT_EQ(r.batch(b).attempt, 1) << "one request timed out; the connects cost no attempt";
    // Healed, the broker accepts the next connect, and the batch goes again over it.
    const std::int64_t beforeHeal = r.lastFrame() + 1;
    r.heal(1);
    r.advance(31000);
    // (Followers fetch only when a test says so, so that attempt times out too and the story repeats.)
    const auto connected = r.frames([](const Event& e) {
        return e.type == EventType::ProducerConnection && e.peer == 1 && e.error == ErrorCode::None;
    }, beforeHeal);
    const std::int64_t resent = r.onlyFrame(EventType::ProduceSent, [&](const Event& e) {
        return e.value == b && e.attempt == 2;
    }, beforeHeal);
    ASSERT_FALSE(connected.empty());
    EXPECT_EQ(resent, connected.front() + 1) << "sent as soon as the connection is ready";
    EXPECT_EQ(r.frame(resent).event.peer, 1);
}

// `kill` is a process crash: the host's kernel resets the broker's connections, so every peer sees the
// disconnect at once. `power_off` takes the host down too: nothing answers, and peers wait for their
// own timeouts (NetworkClient.handleTimedOutRequests, the fetcher's replica.socket.timeout.ms).
TEST(BrokerFaults, AKilledBrokersAnswerOnTheWireReachesItsClientAsADisconnect)
{
    Sim r(threeReplicas());
    commit(r, 1);
    const std::int64_t from = r.lastFrame() + 1;
    const std::int64_t b = r.send(1, 1); // acks=1: the leader answers as soon as it appended
    r.runUntil([&](const ClusterState&) { return !r.framesOfType(EventType::ProduceAppended, from).empty(); }, 1000,
               "the append");
    const TimeMs appendedAt = r.now();
    r.kill(1); // the answer is on the wire
    r.runUntil([&](const ClusterState&) { return r.batch(b, 1).status != SendStatus::InFlight; }, 1000, "the answer");
    const std::int64_t failed =
        r.onlyFrame(EventType::ProduceFailed, [&](const Event& e) { return e.node == 1 && e.value == b; }, from);
    EXPECT_EQ(r.frame(failed).event.error, ErrorCode::NetworkException);
    EXPECT_EQ(r.frame(failed).timeMs, appendedAt + 5) << "when the answer would have arrived, not request.timeout.ms later";
}

TEST(BrokerFaults, AKillResetsIdleConnectionsAtOnce)
{
    Sim r(threeReplicas());
    commit(r, 1);
    ASSERT_EQ(r.state().producers[0].connections[0].state, hw::ConnectionState::Ready);
    const std::int64_t from = r.lastFrame() + 1;
    r.kill(1);
    EXPECT_EQ(r.state().producers[0].connections[0].state, hw::ConnectionState::Disconnected);
    EXPECT_EQ(r.state().producers[1].connections[0].state, hw::ConnectionState::Disconnected);
    EXPECT_EQ(r.state().producers[0].connections[1].state, hw::ConnectionState::Ready) << "only broker 1's";
    EXPECT_TRUE(r.state().producers[0].metadataInFlight) << "a disconnect asks for metadata";
    r.advance(100);
    const auto metadata = r.framesOfType(EventType::MetadataUpdated, from);
    ASSERT_FALSE(metadata.empty());
    EXPECT_NE(r.frame(metadata.front()).event.peer, 1) << "not from the broker whose connection was reset";
}

TEST(BrokerFaults, APoweredOffLeaderIsSilentAndRestartsLikeACrashedOne)
{
    ClusterSpec spec = threeReplicas();
    spec.config.requestTimeoutMs = 2000;
    Sim r(spec);
    commit(r, 1);
    const std::int64_t from = r.lastFrame() + 1;
    r.fault(BrokerAction{BrokerAction::Kind::PowerOff, 1, 0});
    ASSERT_EQ(r.frame(r.lastFrame()).event.type, EventType::BrokerPoweredOff);
    EXPECT_EQ(r.state().producers[1].connections[0].state, hw::ConnectionState::Ready) << "no reset reaches anyone";
    const std::int64_t b = r.send(1, 1); // acks=1: followers fetch only when a test says so
    r.advance(2100);
    // The request vanished: only request.timeout.ms tells the producer.
    const auto failures = r.frames([&](const Event& e) {
        return e.type == EventType::ProduceFailed && e.node == 1 && e.value == b;
    }, from);
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(r.frame(failures[0]).event.error, ErrorCode::RequestTimedOut);
    EXPECT_TRUE(r.frame(failures[0]).event.has(hw::Disconnected));
    EXPECT_TRUE(r.frames([](const Event& e) {
        return e.type == EventType::ProducerConnection && e.error == ErrorCode::NetworkException;
    }, from).empty()) << "nothing refuses a connect";
    r.settle();
    EXPECT_EQ(r.batch(b, 1).status, SendStatus::Acked);
    EXPECT_EQ(r.leaderId(), 2);
    EXPECT_EQ(r.batch(b, 1).attempt, 2) << "the timed-out request and the one to the new leader";
    // The reconnect to the silent broker timed out (no refusal), then the metadata named broker 2.
    EXPECT_FALSE(r.frames([](const Event& e) {
        return e.type == EventType::ProducerConnection && e.node == 1 && e.error == ErrorCode::RequestTimedOut;
    }, from).empty());
    r.restart(1);
    r.settle();
    EXPECT_TRUE(r.state().broker(1).alive);
    EXPECT_FALSE(r.state().broker(1).poweredOff);
}

TEST(BrokerFaults, AFollowersFetchToAPoweredOffLeaderWaitsForTheSocketTimeoutToACrashedOneFailsAtOnce)
{
    for (const BrokerAction::Kind kind : {BrokerAction::Kind::Kill, BrokerAction::Kind::PowerOff}) {
        ClusterSpec spec = threeReplicas();
        spec.config.replicaSocketTimeoutMs = 3000;
        spec.config.brokerSessionTimeoutMs = 60000;
        Sim r(spec);
        commit(r, 1);
        const std::int64_t from = r.lastFrame() + 1;
        r.fetch(2, 0, FetchUntil::Request);
        const TimeMs sentAt = r.frame(r.frames([](const Event& e) {
            return e.type == EventType::FetchSent && e.node == 2;
        }, from).back()).timeMs;
        r.fault(BrokerAction{kind, 1, 0});
        r.advance(3100);
        const auto failed = r.frames([](const Event& e) { return e.type == EventType::FetchFailed && e.node == 2; }, from);
        ASSERT_FALSE(failed.empty());
        if (kind == BrokerAction::Kind::Kill) {
            EXPECT_EQ(r.frame(failed.front()).event.error, ErrorCode::NetworkException);
            EXPECT_LE(r.frame(failed.front()).timeMs, sentAt + 10);
        } else {
            EXPECT_EQ(r.frame(failed.front()).event.error, ErrorCode::RequestTimedOut);
            EXPECT_EQ(r.frame(failed.front()).timeMs, sentAt + 3000);
        }
    }
}

struct DeliveryCase {
    const char* name;
    bool isolatedLeader;
    TimeMs deliveryTimeoutMs;
    TimeMs requestTimeoutMs;
};

void PrintTo(const DeliveryCase& c, std::ostream* os)
{
    *os << c.name;
}

class DeliveryTimeout : public ::testing::TestWithParam<DeliveryCase> {};

TEST_P(DeliveryTimeout, BoundsTheWholeSendRetriesIncluded)
{
    const DeliveryCase& c = GetParam();
    ClusterSpec spec = threeReplicas();
    spec.config.deliveryTimeoutMs = c.deliveryTimeoutMs;
    spec.deliveryTimeoutSet = true; // as set, not raised to linger.ms + request.timeout.ms
    spec.config.requestTimeoutMs = c.requestTimeoutMs;
    spec.config.brokerSessionTimeoutMs = 600000; // the leader is never replaced
    Sim r(spec);
    commit(r, 1);
    r.fault(BrokerAction{c.isolatedLeader ? BrokerAction::Kind::Isolate : BrokerAction::Kind::Kill, 1, 0});
    const TimeMs sentAt = r.now();
    const std::int64_t b = r.send(1);
    r.advance(c.deliveryTimeoutMs + 5000);
    EXPECT_EQ(r.batch(b).status, SendStatus::Failed);
    EXPECT_EQ(r.batch(b).error, ErrorCode::DeliveryTimeout);
    const auto failures = r.frames([&](const Event& e) {
        return e.type == EventType::ProduceFailed && e.value == b && !e.has(hw::Retrying);
    });
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(r.frame(failures[0]).timeMs, sentAt + c.deliveryTimeoutMs)
        << "gives up when delivery.timeout.ms has passed since the send, not later";
    EXPECT_EQ(r.frame(failures[0]).event.error, ErrorCode::DeliveryTimeout);
    // Nothing is sent after that.
    for (std::int64_t f : batchFrames(r, b))
        EXPECT_LE(r.frame(f).timeMs, sentAt + c.deliveryTimeoutMs);
}

INSTANTIATE_TEST_SUITE_P(Table, DeliveryTimeout,
                         // delivery.timeout.ms >= linger.ms + request.timeout.ms, as KafkaProducer requires
                         // of a delivery timeout that is set (configureDeliveryTimeout).
                         ::testing::Values(DeliveryCase{"KilledLeader", false, 3000, 2000},
                                           DeliveryCase{"KilledLeaderOddTimeout", false, 4321, 4000},
                                           DeliveryCase{"IsolatedLeaderLongRequestTimeout", true, 3000, 2500},
                                           DeliveryCase{"IsolatedLeaderShortRequestTimeout", true, 3500, 1000}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(ProducerDuringFailover, AnUnansweredRequestTimesOutAndTheRetryReachesTheNewLeader)
{
    // The leader is isolated: the produce vanishes, request.timeout.ms tells the producer, and once the
    // controller has fenced the old leader the retry lands on the new one.
    ClusterSpec spec = threeReplicas();
    spec.config.requestTimeoutMs = 3000;
    Sim r(spec);
    commit(r, 1);
    r.isolate(1);
    const std::int64_t b = r.produce(1);
    r.settle();
    EXPECT_EQ(r.batch(b).status, SendStatus::Acked);
    EXPECT_EQ(r.leaderId(), 2);
    const auto timedOut = r.frames([&](const Event& e) {
        return e.type == EventType::ProduceFailed && e.value == b && e.error == ErrorCode::RequestTimedOut;
    });
    EXPECT_FALSE(timedOut.empty());
    EXPECT_EQ(r.values(2), "v0 v1");
    EXPECT_TRUE(r.lost().empty());
}

TEST(ProducerDuringFailover, AMetadataRequestToAnIsolatedBrokerTimesOutAndAnotherBrokerIsAsked)
{
    // The leader (1) is dead and broker 2 is cut off. The producer's first attempt meets a closed port;
    // it asks broker 1 for metadata (refused), then broker 2 (no answer). Like any request, that one
    // must time out (request.timeout.ms) so that the producer asks broker 3, which knows that broker 3
    // now leads.
    ClusterSpec spec = threeReplicas();
    spec.config.requestTimeoutMs = 3000;
    spec.config.minInsyncReplicas = 1;
    Sim r(spec);
    commit(r, 1);
    r.kill(1);
    r.isolate(2);
    const std::int64_t b = r.send(1);
    r.advance(40000);
    EXPECT_EQ(r.leaderId(), 3);
    EXPECT_EQ(r.batch(b).status, SendStatus::Acked) << "error " << hw::errorName(r.batch(b).error);
    EXPECT_EQ(r.state().producers[0].leaders[0], 3)
        << "metadata request still in flight: " << r.state().producers[0].metadataInFlight;
}

TEST(ProducerDuringFailover, AcksOneRecordsLostInACleanFailoverAreListed)
{
    ClusterSpec spec = threeReplicas();
    spec.config.minInsyncReplicas = 2;
    Sim r(spec);
    commit(r, 2);
    r.produce(2, 1); // v2, v3 with acks=1: on broker 1 only
    r.advance(20);
    ASSERT_EQ(r.batch(0, 1).status, SendStatus::Acked);
    EXPECT_TRUE(r.lost().empty()) << "not lost while broker 1 leads";
    r.killAndFence(1);
    EXPECT_EQ(r.partition().uncleanElections, 0);
    r.advance(100);
    EXPECT_EQ(r.lost(), std::vector<std::string>({"0@2=v2 acks=1 acks-1-not-replicated clean-election",
                                                  "0@3=v3 acks=1 acks-1-not-replicated clean-election"}));
}

TEST(ProducerDuringFailover, AcksZeroRecordsAreNeverListedAsLost)
{
    // The producer never learns an acks=0 record's offset, so it cannot know it is gone.
    Sim r(threeReplicas());
    commit(r, 1);
    hw::ProduceAction a = r.produceAction(1, 1);
    a.acks = Acks::None;
    require(hw::runProduce(r.timeline(), a), "acks=0 produce");
    r.advance(20);
    ASSERT_EQ(r.values(1), "v0 v1");
    r.killAndFence(1);
    r.advance(100);
    EXPECT_EQ(r.values(2), "v0");
    EXPECT_TRUE(r.lost().empty());
}

// A fault schedule with unclean election off: acks=all records a producer saw acknowledged are
// never lost, whatever the order of crashes, restarts and isolations.
struct NoLossCase {
    const char* name;
    std::int64_t minInsync;
    std::function<void(Sim&)> schedule;
};

void PrintTo(const NoLossCase& c, std::ostream* os)
{
    *os << c.name;
}

class AcksAllNeverLost : public ::testing::TestWithParam<NoLossCase> {};

TEST_P(AcksAllNeverLost, WithoutAnUncleanElection)
{
    const NoLossCase& c = GetParam();
    ClusterSpec spec = threeReplicas();
    spec.config.minInsyncReplicas = c.minInsync;
    Sim r(spec);
    // Check the frame dump's "lost" list on every frame: no acks=all record may appear.
    std::vector<std::string> lostAll;
    r.onFrame([&](const ClusterState& s) {
        for (const auto& l : hw::lostRecordsJson(s)) {
            if (l.at("acks") == "all")
                lostAll.push_back("t=" + std::to_string(s.nowMs) + ": " + l.dump());
        }
    });
    c.schedule(r);
    // Heal and restart everything, and let it converge.
    for (const hw::Broker& b : std::vector<hw::Broker>(r.state().brokers)) {
        if (b.isolated)
            r.heal(b.id);
    }
    for (const hw::Broker& b : std::vector<hw::Broker>(r.state().brokers)) {
        if (!b.alive)
            r.restart(b.id);
    }
    r.advance(15000);
    r.settle();
    r.settle();
    EXPECT_TRUE(lostAll.empty()) << lostAll.front();
    EXPECT_EQ(r.partition().uncleanElections, 0);
    // Every acknowledged acks=all record is in the leader's log, and every replica agrees.
    const hw::Producer& p = r.state().producers[0];
    int acked = 0;
    for (std::size_t i = 0; i < p.batches.size(); ++i) {
        const hw::ProducerBatch& batch = p.batches[i];
        if (batch.status != SendStatus::Acked)
            continue;
        for (int k = 0; k < batch.count; ++k) {
            ++acked;
            EXPECT_EQ(r.leader().log.at(batch.baseOffset + k).payload, batch.firstPayload + k);
        }
    }
    EXPECT_GT(acked, 0);
    EXPECT_EQ(r.values(1), r.values(2));
    EXPECT_EQ(r.values(2), r.values(3));
}

INSTANTIATE_TEST_SUITE_P(
    Table, AcksAllNeverLost,
    ::testing::Values(
        NoLossCase{"LeaderKilledAfterAcks", 2,
                   [](Sim& r) {
                       commit(r, 3);
                       r.produce(2, 1);
                       r.killAndFence(1);
                       r.produce(2);
                       r.settle();
                   }},
        NoLossCase{"LeaderKilledWhileAFollowerLags", 2,
                   [](Sim& r) {
                       commit(r, 2);
                       r.produce(2);
                       r.fetch(2);
                       r.fetch(2);
                       r.advance(20);
                       r.kill(1);
                       r.advance(10000);
                       r.produce(1);
                       r.settle();
                   }},
        NoLossCase{"TwoLeadersInARow", 2,
                   [](Sim& r) {
                       commit(r, 2);
                       r.killAndFence(1);
                       r.advance(100);
                       commit(r, 2);
                       r.restart(1);
                       r.advance(100);
                       r.settle();
                       r.settle();
                       r.killAndFence(2);
                       r.advance(100);
                       commit(r, 2);
                   }},
        NoLossCase{"IsolatedLeaderAndHeal", 2,
                   [](Sim& r) {
                       commit(r, 2);
                       r.produce(1, 1);
                       r.isolate(1);
                       r.waitFenced(1);
                       r.advance(100);
                       commit(r, 2);
                       r.heal(1);
                       r.advance(3000);
                       r.settle();
                   }},
        NoLossCase{"MinInsyncOneWithRestarts", 1,
                   [](Sim& r) {
                       commit(r, 2);
                       r.killAndFence(3);
                       commit(r, 2);
                       r.restart(3);
                       r.advance(100);
                       r.killAndFence(1);
                       r.advance(100);
                       commit(r, 1);
                       r.restart(1);
                       r.advance(100);
                       r.settle();
                   }},
        NoLossCase{"ControlledShutdowns", 2,
                   [](Sim& r) {
                       commit(r, 2);
                       r.shutdown(1);
                       commit(r, 2);
                       r.restart(1);
                       r.advance(100);
                       r.settle();
                       r.settle();
                       r.fault(hw::ElectPreferredAction{0});
                       r.advance(100);
                       commit(r, 2);
                   }}),
    [](const auto& info) { return std::string(info.param.name); });

} // namespace
