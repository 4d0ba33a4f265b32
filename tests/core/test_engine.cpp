// SPDX-License-Identifier: MIT
// The replication rules of sections 1, 2 and 4 of kafka-semantics.md, driven directly through
// Engine and Timeline. Followers fetch only when a test says so ("auto.fetch": false), so every
// fetch round, and the moment the leader learns of it, is under the test's control.
//
// Times in the comments assume the default network.latency.ms of 5: a request sent at t is handled
// at t + 5 and its answer applied at t + 10.

#include "engine/engine.h"
#include "frame_search.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace {

using hw::Acks;
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

// ---------------------------------------------------------------------------------------------
// Helpers

/// Three brokers, one topic "t" whose partitions are all assigned to brokers 1..rf (broker 1 leads),
/// one producer "p" with acks=all. Followers fetch only when told; empty fetches are answered at once
/// unless a test turns replica.fetch.wait.max.ms back on, and producers do not retry.
ClusterSpec manualSpec(int replicationFactor = 3, int partitions = 1)
{
    ClusterSpec spec;
    spec.name = "rules";
    spec.seed = 1;
    spec.brokers = 3;
    spec.config.autoFetch = false;
    spec.config.replicaFetchWaitMaxMs = 0;
    // A producer that got an error does not send the batch again, so each batch reaches the leader once.
    // (retries 0 also leaves it without idempotence, as ProducerConfig does when enable.idempotence is
    // not set.) linger.ms 0, the 3.x default: a produce goes out at once, so the times below count from it.
    spec.config.retries = 0;
    spec.config.lingerMs = 0;
    hw::TopicSpec topic;
    topic.name = "t";
    topic.partitions = partitions;
    topic.replicationFactor = replicationFactor;
    for (int p = 0; p < partitions; ++p) {
        std::vector<BrokerId> replicas;
        for (BrokerId b = 1; b <= replicationFactor; ++b)
            replicas.push_back(b);
        topic.assignment.push_back(replicas);
    }
    spec.topics.push_back(topic);
    spec.producers.push_back(hw::ProducerSpec{.id = "p", .acks = Acks::All});
    return spec;
}

void require(const std::string& error, const std::string& what)
{
    if (!error.empty())
        throw std::runtime_error(what + ": " + error);
}

/// A run under test: a timeline plus short names for what the tests look at and do. Driver failures
/// throw, so a test stops at the step that could not be carried out and GoogleTest reports why.
class Sim {
public:
    explicit Sim(const ClusterSpec& spec) : m_timeline(hw::Engine::createCluster(spec)) { }

    hw::Timeline& timeline() { return m_timeline; }
    const ClusterState& state() const { return m_timeline.head(); }
    TimeMs now() const { return state().nowMs; }

    const hw::Replica& replica(BrokerId broker, int partition = 0) const
    {
        for (const hw::Replica& r : state().partitions.at(static_cast<std::size_t>(partition)).replicas) {
            if (r.broker == broker)
                return r;
        }
        throw std::logic_error("no replica on broker " + std::to_string(broker));
    }
    const hw::Replica& leader(int partition = 0) const
    {
        return replica(state().partitions.at(static_cast<std::size_t>(partition)).registration.leader, partition);
    }
    const hw::FollowerView& view(BrokerId follower, int partition = 0) const
    {
        for (const hw::FollowerView& v : leader(partition).views) {
            if (v.broker == follower)
                return v;
        }
        throw std::logic_error("the leader has no view of broker " + std::to_string(follower));
    }
    const hw::PartitionRegistration& registration(int partition = 0) const
    {
        return state().partitions.at(static_cast<std::size_t>(partition)).registration;
    }
    std::vector<BrokerId> isr(int partition = 0) const { return registration(partition).isr; }
    const hw::ProducerBatch& batch(std::int64_t index, int producer = 0) const
    {
        return state().producers.at(static_cast<std::size_t>(producer)).batches[static_cast<std::size_t>(index)];
    }

    /// The values a produce sends: "v0", "v1", ... numbered across the run.
    std::vector<std::string> values(int count)
    {
        std::vector<std::string> out;
        for (int i = 0; i < count; ++i)
            out.push_back("v" + std::to_string(m_nextValue++));
        return out;
    }

    hw::ProduceAction produceAction(
        int count, std::optional<Acks> acks, int partition = 0, std::optional<std::string> key = std::nullopt)
    {
        hw::ProduceAction action;
        action.producer = 0;
        action.topic = 0;
        action.partition = partition;
        action.key = std::move(key);
        action.values = values(count);
        action.acks = acks;
        return action;
    }

    /// Sends a batch without running anything. Returns the batch index.
    std::int64_t send(const hw::ProduceAction& action)
    {
        hw::ApplyResult result = m_timeline.apply(action);
        require(result.error, "produce");
        return result.event->value;
    }

    /// Sends a batch and runs until the leader has handled it. Returns the batch index.
    std::int64_t produce(const hw::ProduceAction& action)
    {
        const auto index = static_cast<std::int64_t>(state().producers.at(0).batches.size());
        require(hw::runProduce(m_timeline, action), "produce");
        return index;
    }
    std::int64_t produce(int count, std::optional<Acks> acks = std::nullopt, int partition = 0)
    {
        return produce(produceAction(count, acks, partition));
    }

    /// One fetch round of a follower (see runFetchRound).
    void fetch(BrokerId follower, int maxRecords = 0, FetchUntil until = FetchUntil::Response, int partition = 0)
    {
        require(hw::runFetchRound(m_timeline, hw::FetchAction { partition, follower, maxRecords }, until),
            "fetch round of broker " + std::to_string(follower));
    }

    void apply(const hw::Action& action) { require(m_timeline.apply(action).error, "action"); }
    void advance(TimeMs ms) { require(hw::runAdvance(m_timeline, ms), "advance"); }
    void advanceTo(TimeMs t)
    {
        if (t > now())
            advance(t - now());
    }

    /// Steps until a frame satisfies pred and returns its index.
    std::int64_t stepUntil(const std::function<bool(const hw::FrameInfo&)>& pred)
    {
        for (int i = 0; i < 1000000; ++i) {
            if (!m_timeline.hasQueuedEvents())
                throw std::runtime_error("stepUntil: nothing left to do");
            if (auto frame = m_timeline.step()) {
                if (pred(m_timeline.frame(*frame)))
                    return *frame;
            }
        }
        throw std::runtime_error("stepUntil: no such frame");
    }

    /// Indices of the frames from `from` on whose event satisfies pred.
    std::vector<std::int64_t> frames(const std::function<bool(const Event&)>& pred, std::int64_t from = 0) const
    {
        return hw::testsupport::framesWhere(m_timeline, pred, from);
    }
    std::vector<std::int64_t> framesOfType(EventType type, std::int64_t from = 0) const
    {
        return hw::testsupport::framesOfType(m_timeline, type, from);
    }
    std::int64_t lastFrame() const { return m_timeline.frameCount() - 1; }
    const hw::FrameInfo& frame(std::int64_t index) const { return m_timeline.frame(index); }

    /// The last FetchHandled frame for a follower.
    std::int64_t lastFetchHandled(BrokerId follower) const
    {
        const auto found
            = frames([follower](const Event& e) { return e.type == EventType::FetchHandled && e.peer == follower; });
        if (found.empty())
            throw std::runtime_error("no fetch of broker " + std::to_string(follower) + " was handled");
        return found.back();
    }

private:
    hw::Timeline m_timeline;
    int m_nextValue = 0;
};

bool isFetchHandledFor(const hw::FrameInfo& f, BrokerId follower)
{
    return f.event.type == EventType::FetchHandled && f.event.peer == follower;
}

bool isFetchAppliedBy(const hw::FrameInfo& f, BrokerId follower)
{
    return f.event.type == EventType::FetchApplied && f.event.node == follower;
}

std::vector<BrokerId> ids(std::initializer_list<BrokerId> list)
{
    return list;
}

/// The shrink check runs every replica.lag.time.max.ms / 2 = 15000 ms. A follower that never fetched
/// has lastCaughtUpMs 0, so the check at 45000 is the first to find it out of sync (45000 - 0 > 30000).
constexpr TimeMs afterDefaultShrinkMs = 45100;

/// Followers 2 and 3 of a fresh cluster: with keepFollowerTwo, broker 2 fetches the first records and
/// reports them (so its LEO equals the leader's and it stays in the ISR); broker 3 never fetches. After
/// the shrink at 45000 the ISR is {1, 2} or {1}. The leader holds two records.
Sim shrunkCluster(int replicationFactor, std::int64_t minInsync, bool keepFollowerTwo)
{
    ClusterSpec spec = manualSpec(replicationFactor);
    spec.config.minInsyncReplicas = minInsync;
    Sim run(spec);
    run.produce(2, Acks::Leader);
    if (keepFollowerTwo && replicationFactor >= 2) {
        run.fetch(2);
        run.fetch(2);
    }
    run.advanceTo(afterDefaultShrinkMs);
    return run;
}

// ---------------------------------------------------------------------------------------------
// Section 1: the leader's high watermark

TEST(LeaderHw, UsesTheLeadersViewWhichIsOneFetchRoundLate)
{
    Sim r(manualSpec());
    r.produce(2, Acks::Leader);
    EXPECT_EQ(r.leader().log.leo(), 2);
    EXPECT_EQ(r.leader().hw, 0);

    r.fetch(2);
    r.fetch(3);
    // Both followers now hold offsets 0 and 1, but the leader only knows the offsets they fetched from.
    EXPECT_EQ(r.replica(2).log.leo(), 2);
    EXPECT_EQ(r.replica(3).log.leo(), 2);
    EXPECT_EQ(r.view(2).leo, 0);
    EXPECT_EQ(r.view(3).leo, 0);
    EXPECT_EQ(r.leader().hw, 0);

    r.fetch(2); // Fetch(2) from broker 2: its view moves, broker 3's does not.
    EXPECT_EQ(r.view(2).leo, 2);
    EXPECT_EQ(r.leader().hw, 0);

    r.fetch(3, 0, FetchUntil::Request); // Fetch(2) from broker 3 is what commits offsets 0 and 1.
    EXPECT_EQ(r.view(3).leo, 2);
    EXPECT_EQ(r.leader().hw, 2);
    const Event& e = r.frame(r.lastFetchHandled(3)).event;
    EXPECT_EQ(e.offset, 2);
    EXPECT_EQ(e.hwBefore, 0);
    EXPECT_EQ(e.hwAfter, 2);
    EXPECT_TRUE(e.has(hw::HwAdvanced));
}

TEST(LeaderHw, UnknownFollowerViewsHoldItBackOnAFreshCluster)
{
    // A new leader's remote LEOs are unknown (-1): no record is committed until every ISR follower fetched.
    Sim r(manualSpec());
    EXPECT_EQ(r.view(2).leo, -1);
    EXPECT_EQ(r.view(3).leo, -1);
    r.produce(3, Acks::Leader);
    r.fetch(2);
    r.fetch(2);
    EXPECT_EQ(r.view(2).leo, 3);
    EXPECT_EQ(r.leader().hw, 0);
}

struct MinViewCase {
    int maxRecordsTwo;
    int maxRecordsThree;
    Offset expectedHw;
};

class LeaderHwMinimum : public ::testing::TestWithParam<MinViewCase> { };

TEST_P(LeaderHwMinimum, IsTheSmallestFetchOffsetInTheIsr)
{
    const MinViewCase& c = GetParam();
    Sim r(manualSpec());
    r.produce(6, Acks::Leader);
    r.fetch(2, c.maxRecordsTwo);
    r.fetch(3, c.maxRecordsThree);
    r.fetch(2, 0, FetchUntil::Request);
    r.fetch(3, 0, FetchUntil::Request);
    EXPECT_EQ(r.view(2).leo, c.maxRecordsTwo);
    EXPECT_EQ(r.view(3).leo, c.maxRecordsThree);
    EXPECT_EQ(r.leader().log.leo(), 6);
    EXPECT_EQ(r.leader().hw, c.expectedHw);
}

INSTANTIATE_TEST_SUITE_P(Table, LeaderHwMinimum,
    ::testing::Values(MinViewCase { 6, 6, 6 }, MinViewCase { 2, 6, 2 }, MinViewCase { 6, 3, 3 },
        MinViewCase { 1, 4, 1 }, MinViewCase { 5, 5, 5 }));

TEST(LeaderHw, NeverDecreasesWhenACaughtUpReplicaOutsideTheIsrIsBehindIt)
{
    Sim r(manualSpec());
    r.produce(2, Acks::Leader);
    r.fetch(2);
    r.fetch(2);
    r.advanceTo(afterDefaultShrinkMs); // broker 3 never fetched: the ISR shrinks to {1, 2}, HW 2
    ASSERT_EQ(r.isr(), ids({ 1, 2 }));
    ASSERT_EQ(r.leader().hw, 2);

    r.fetch(3); // Fetch(0): far behind, not caught up
    const TimeMs firstFetchMs = r.frame(r.lastFetchHandled(3)).timeMs;
    EXPECT_EQ(r.view(3).lastCaughtUpMs, 0);
    EXPECT_EQ(r.replica(3).log.leo(), 2);

    r.produce(2, Acks::Leader); // leader LEO 4
    r.fetch(2);
    r.fetch(2);
    EXPECT_EQ(r.leader().hw, 4);

    // Fetch(2) reaches the leader LEO of broker 3's previous fetch, so lastCaughtUpMs becomes the time of
    // that fetch: broker 3 now counts as caught up, with a view (2) below the HW (4). The candidate is 2,
    // and the HW must stay at 4.
    r.fetch(3, 0, FetchUntil::Request);
    EXPECT_EQ(r.view(3).leo, 2);
    EXPECT_EQ(r.view(3).lastCaughtUpMs, firstFetchMs);
    EXPECT_EQ(r.leader().hw, 4);
    EXPECT_EQ(r.frame(r.lastFetchHandled(3)).event.hwAfter, 4);
    EXPECT_FALSE(r.leader().alterInFlight) << "a follower below the HW must not rejoin the ISR";

    // A caught-up replica outside the ISR still holds the HW back: new records are not committed past it.
    r.fetch(3); // broker 3 applies [2, 3]
    r.produce(2, Acks::Leader); // leader LEO 6
    r.fetch(2);
    r.fetch(2);
    EXPECT_EQ(r.view(2).leo, 6);
    EXPECT_EQ(r.leader().hw, 4);

    r.fetch(3, 0, FetchUntil::Request); // Fetch(4) >= HW 4: rejoins, HW still 4
    EXPECT_EQ(r.leader().hw, 4);
    r.fetch(3);
    r.fetch(3, 0, FetchUntil::Request); // Fetch(6)
    EXPECT_EQ(r.leader().hw, 6);
    r.advance(100);
    EXPECT_EQ(r.isr(), ids({ 1, 2, 3 }));

    Offset previous = 0;
    for (std::int64_t f = 0; f <= r.lastFrame(); ++f) {
        const Offset hw = r.timeline().stateAt(f).partitions[0].replicas[0].hw;
        EXPECT_GE(hw, previous) << "the leader's HW went down at frame " << f;
        previous = hw;
    }
}

TEST(LeaderHw, CountsAFollowerWhoseIsrExpansionIsInFlight)
{
    Sim r(manualSpec());
    r.produce(5, Acks::Leader);
    r.fetch(2);
    r.fetch(2);
    r.advanceTo(afterDefaultShrinkMs); // ISR {1, 2}, HW 5
    ASSERT_EQ(r.isr(), ids({ 1, 2 }));
    ASSERT_EQ(r.leader().hw, 5);

    r.produce(3, Acks::Leader); // leader LEO 8
    r.fetch(3, 5); // broker 3 holds 0..4
    r.fetch(2); // broker 2 holds 0..7, the leader's view of it is 5
    ASSERT_EQ(r.replica(2).log.leo(), 8);

    // Both fetch at the same moment; broker 3's Fetch(5) is handled first and asks to rejoin the ISR.
    r.apply(hw::FetchAction { 0, 3, 0 });
    r.apply(hw::FetchAction { 0, 2, 0 });
    const std::int64_t three = r.stepUntil([](const hw::FrameInfo& f) { return isFetchHandledFor(f, 3); });
    EXPECT_TRUE(r.frame(three).event.has(hw::IsrExpandRequested));
    const std::int64_t two = r.stepUntil([](const hw::FrameInfo& f) { return isFetchHandledFor(f, 2); });
    EXPECT_EQ(r.frame(two).event.offset, 8);

    // The committed ISR is still {1, 2} and broker 2 reported 8, but the maximal ISR includes broker 3.
    EXPECT_TRUE(r.leader().alterInFlight);
    EXPECT_EQ(r.leader().isr, ids({ 1, 2 }));
    EXPECT_EQ(r.leader().pendingIsr, ids({ 1, 2, 3 }));
    EXPECT_EQ(r.view(2).leo, 8);
    EXPECT_EQ(r.leader().hw, 5);

    r.advance(100);
    EXPECT_EQ(r.isr(), ids({ 1, 2, 3 }));
    EXPECT_EQ(r.leader().hw, 5);
    r.fetch(3, 0, FetchUntil::Request); // Fetch(8)
    EXPECT_EQ(r.leader().hw, 8);
}

// ---------------------------------------------------------------------------------------------
// Section 1: the follower's high watermark

TEST(FollowerHw, IsTheLeadersHwFromBeforeItsOwnFetchWasRecorded)
{
    Sim r(manualSpec());
    r.produce(2, Acks::Leader);
    r.fetch(2);
    r.fetch(3);
    r.fetch(2); // Fetch(2) from broker 2: the leader's HW stays 0 (broker 3's view is 0)
    EXPECT_EQ(r.replica(2).hw, 0);

    r.fetch(3); // Fetch(2) from broker 3 moves the leader's HW to 2 ...
    const std::int64_t handled = r.lastFetchHandled(3);
    EXPECT_EQ(r.frame(handled).event.hwBefore, 0);
    EXPECT_EQ(r.frame(handled).event.hwAfter, 2);
    EXPECT_EQ(r.frame(handled).event.value, 0) << "the response carries the HW read before the fetch counted";
    const auto applied
        = r.frames([](const Event& e) { return e.type == EventType::FetchApplied && e.node == 3; }, handled);
    ASSERT_EQ(applied.size(), 1u);
    EXPECT_EQ(r.frame(applied[0]).event.value, 0);
    EXPECT_EQ(r.frame(applied[0]).event.hwAfter, 0);
    // ... which broker 3 does not learn from its own fetch.
    EXPECT_EQ(r.leader().hw, 2);
    EXPECT_EQ(r.replica(3).hw, 0);
    EXPECT_EQ(r.replica(2).hw, 0);

    r.fetch(3);
    EXPECT_EQ(r.replica(3).hw, 2);
    EXPECT_EQ(r.replica(2).hw, 0);
    r.fetch(2);
    EXPECT_EQ(r.replica(2).hw, 2);
}

struct ClampCase {
    int maxRecords;
    Offset expectedHw;
};

class FollowerHwClamp : public ::testing::TestWithParam<ClampCase> { };

TEST_P(FollowerHwClamp, IsTheResponseHwCappedAtTheFollowersOwnLeo)
{
    // Broker 3 is out of the ISR and far behind; the leader's HW (5) is above what one fetch brings it.
    Sim r(manualSpec());
    r.produce(5, Acks::Leader);
    r.fetch(2);
    r.fetch(2);
    r.advanceTo(afterDefaultShrinkMs);
    ASSERT_EQ(r.leader().hw, 5);

    r.fetch(3, GetParam().maxRecords);
    const auto applied = r.frames([](const Event& e) { return e.type == EventType::FetchApplied && e.node == 3; });
    ASSERT_FALSE(applied.empty());
    EXPECT_EQ(r.frame(applied.back()).event.value, 5) << "response HW";
    EXPECT_EQ(r.replica(3).log.leo(), GetParam().maxRecords);
    EXPECT_EQ(r.replica(3).hw, GetParam().expectedHw);
}

INSTANTIATE_TEST_SUITE_P(
    Table, FollowerHwClamp, ::testing::Values(ClampCase { 1, 1 }, ClampCase { 3, 3 }, ClampCase { 5, 5 }));

// ---------------------------------------------------------------------------------------------
// Section 1 (3.7+, KAFKA-15583): the HW is frozen while the ISR is below min(min.insync.replicas, RF)

struct GateCase {
    std::string name;
    int replicationFactor;
    std::int64_t minInsync;
    bool keepFollowerTwo;
    std::vector<BrokerId> isr;
    Offset expectedHw;
};

class HwGate : public ::testing::TestWithParam<GateCase> { };

TEST_P(HwGate, FreezesTheHwOnlyWhileTheIsrIsTooSmall)
{
    const GateCase& c = GetParam();
    Sim r = shrunkCluster(c.replicationFactor, c.minInsync, c.keepFollowerTwo);
    ASSERT_EQ(r.isr(), c.isr);
    r.produce(3, Acks::Leader); // acks=1 is never refused: the leader LEO becomes 5
    if (c.keepFollowerTwo && c.replicationFactor >= 2) {
        r.fetch(2);
        r.fetch(2);
    }
    EXPECT_EQ(r.leader().log.leo(), 5);
    EXPECT_EQ(r.leader().hw, c.expectedHw);
}

INSTANTIATE_TEST_SUITE_P(Table, HwGate,
    ::testing::Values(GateCase { "IsrOneMinOne", 3, 1, false, { 1 }, 5 },
        GateCase { "IsrOneMinTwo", 3, 2, false, { 1 }, 0 }, GateCase { "IsrTwoMinTwo", 3, 2, true, { 1, 2 }, 5 },
        GateCase { "IsrTwoMinThree", 3, 3, true, { 1, 2 }, 0 },
        GateCase { "RfTwoIsrOneMinThree", 2, 3, false, { 1 }, 0 },
        GateCase { "RfTwoIsrTwoMinThreeIsCappedAtRf", 2, 3, true, { 1, 2 }, 5 },
        GateCase { "RfOneMinTwoIsCappedAtRf", 1, 2, false, { 1 }, 5 }),
    [](const auto& info) { return info.param.name; });

TEST(HwGate, TheHwMovesAgainOnceTheIsrIsBackAtMinInsync)
{
    Sim r = shrunkCluster(3, 2, false);
    ASSERT_EQ(r.isr(), ids({ 1 }));
    r.produce(3, Acks::Leader);
    EXPECT_EQ(r.leader().hw, 0);

    r.fetch(2); // Fetch(0) >= HW 0: broker 2 rejoins
    r.fetch(2); // Fetch(5)
    r.advance(100);
    EXPECT_EQ(r.isr(), ids({ 1, 2 }));
    EXPECT_EQ(r.leader().hw, 5);
}

// ---------------------------------------------------------------------------------------------
// Section 4: acks

struct AcksCase {
    std::string name;
    Acks acks;
    SendStatus afterSend;
    SendStatus afterAppend;
    SendStatus afterResponse; // the leader appended, nobody replicated, 100 ms passed
    Offset baseOffsetAfterResponse;
    SendStatus afterCommit;
    Offset baseOffsetAfterCommit;
    std::size_t ackFrames;
};

class AcksRule : public ::testing::TestWithParam<AcksCase> { };

TEST_P(AcksRule, AcknowledgesAtTheRightMoment)
{
    const AcksCase& c = GetParam();
    Sim r(manualSpec());
    r.produce(1, Acks::Leader); // offset 0, so that the batch under test starts at offset 1
    r.advance(100);

    const std::int64_t b = r.send(r.produceAction(2, c.acks));
    EXPECT_EQ(r.batch(b).status, c.afterSend);
    const std::int64_t appended = r.stepUntil(
        [&](const hw::FrameInfo& f) { return f.event.type == EventType::ProduceAppended && f.event.value == b; });
    EXPECT_EQ(r.frame(appended).event.offset, 1);
    EXPECT_EQ(r.leader().log.leo(), 3) << "the leader appends whatever acks says";
    EXPECT_EQ(r.batch(b).status, c.afterAppend);

    r.advance(100);
    EXPECT_EQ(r.leader().hw, 0);
    EXPECT_EQ(r.batch(b).status, c.afterResponse);
    EXPECT_EQ(r.batch(b).baseOffset, c.baseOffsetAfterResponse);

    r.fetch(2);
    r.fetch(3);
    r.fetch(2);
    r.fetch(3);
    r.advance(100);
    EXPECT_EQ(r.leader().hw, 3);
    EXPECT_EQ(r.batch(b).status, c.afterCommit);
    EXPECT_EQ(r.batch(b).baseOffset, c.baseOffsetAfterCommit);
    EXPECT_EQ(r.batch(b).error, ErrorCode::None);
    const auto acked
        = r.frames([&](const Event& e) { return e.type == EventType::ProduceAcked && e.value == b && e.node == 0; });
    EXPECT_EQ(acked.size(), c.ackFrames);
}

INSTANTIATE_TEST_SUITE_P(Table, AcksRule,
    ::testing::Values(
        // acks=0: done when written to the socket; no response, so no offset ("null").
        AcksCase { "AcksZero", Acks::None, SendStatus::Acked, SendStatus::Acked, SendStatus::Acked, -1,
            SendStatus::Acked, -1, 0 },
        // acks=1: answered after the leader's append, long before the records are committed.
        AcksCase { "AcksOne", Acks::Leader, SendStatus::InFlight, SendStatus::InFlight, SendStatus::Acked, 1,
            SendStatus::Acked, 1, 1 },
        // acks=all: answered once the HW passed the batch.
        AcksCase { "AcksAll", Acks::All, SendStatus::InFlight, SendStatus::InFlight, SendStatus::InFlight, -1,
            SendStatus::Acked, 1, 1 }),
    [](const auto& info) { return info.param.name; });

TEST(AcksOne, TheAnswerLeavesRightAfterTheAppend)
{
    Sim r(manualSpec());
    const std::int64_t b = r.produce(2, Acks::Leader);
    const std::int64_t appended = r.framesOfType(EventType::ProduceAppended).back();
    const std::int64_t acked
        = r.stepUntil([](const hw::FrameInfo& f) { return f.event.type == EventType::ProduceAcked; });
    EXPECT_EQ(r.frame(acked).event.value, b);
    EXPECT_EQ(r.frame(acked).event.offset, 0);
    EXPECT_EQ(r.frame(acked).timeMs, r.frame(appended).timeMs + 5);
    EXPECT_EQ(r.leader().hw, 0) << "acks=1 does not wait for replication";
    EXPECT_EQ(r.replica(2).log.leo(), 0);
}

TEST(AcksAll, WaitsUntilTheHwReachesTheLastOffsetPlusOne)
{
    Sim r(manualSpec());
    const std::int64_t b = r.produce(3, Acks::All); // offsets 0..2: needs HW 3
    r.fetch(2);
    r.fetch(3, 2);
    r.fetch(2, 0, FetchUntil::Request); // view of 2: 3
    r.fetch(3, 0, FetchUntil::Request); // view of 3: 2
    EXPECT_EQ(r.leader().hw, 2);
    r.advance(100);
    EXPECT_EQ(r.batch(b).status, SendStatus::InFlight) << "HW 2 covers offsets 0 and 1 only";
    EXPECT_EQ(r.leader().delayedProduces.size(), 1u);
    EXPECT_TRUE(r.framesOfType(EventType::ProduceAcked).empty());

    r.fetch(3, 0, FetchUntil::Request); // Fetch(3)
    const std::int64_t handled = r.lastFetchHandled(3);
    EXPECT_EQ(r.frame(handled).event.hwAfter, 3);
    EXPECT_TRUE(r.frame(handled).event.has(hw::ProducesCompleted));
    EXPECT_EQ(r.frame(handled).event.completed, 1);
    EXPECT_TRUE(r.leader().delayedProduces.empty());

    const std::int64_t acked
        = r.stepUntil([](const hw::FrameInfo& f) { return f.event.type == EventType::ProduceAcked; });
    EXPECT_EQ(r.frame(acked).timeMs, r.frame(handled).timeMs + 5);
    EXPECT_EQ(r.batch(b).status, SendStatus::Acked);
    EXPECT_EQ(r.batch(b).error, ErrorCode::None);
    EXPECT_EQ(r.batch(b).baseOffset, 0);
}

TEST(AcksAll, MinInsyncAboveTheReplicationFactorCountsAsTheReplicationFactor)
{
    // RF 2 with min.insync.replicas 3: the effective minimum is min(3, 2) = 2 (Partition.effectiveMinIsr),
    // both for accepting the append and for answering once it is committed. The ISR never shrank, so the
    // answer is NONE, not NOT_ENOUGH_REPLICAS_AFTER_APPEND.
    ClusterSpec spec = manualSpec(2);
    spec.config.minInsyncReplicas = 3;
    Sim r(spec);
    const std::int64_t b = r.produce(1, Acks::All);
    EXPECT_EQ(r.leader().log.leo(), 1);
    r.fetch(2);
    r.fetch(2);
    r.advance(100);
    EXPECT_EQ(r.leader().hw, 1);
    EXPECT_EQ(r.isr(), ids({ 1, 2 }));
    EXPECT_EQ(r.batch(b).error, ErrorCode::None);
    EXPECT_EQ(r.batch(b).status, SendStatus::Acked);
}

struct RefusalCase {
    std::string name;
    int replicationFactor;
    std::int64_t minInsync;
    bool keepFollowerTwo;
    Acks acks;
    bool refused;
};

class NotEnoughReplicas : public ::testing::TestWithParam<RefusalCase> { };

TEST_P(NotEnoughReplicas, RefusesAcksAllBeforeAppendingWhenTheIsrIsTooSmall)
{
    const RefusalCase& c = GetParam();
    Sim r = shrunkCluster(c.replicationFactor, c.minInsync, c.keepFollowerTwo);
    ASSERT_EQ(r.leader().log.leo(), 2);
    const std::int64_t framesBefore = r.lastFrame();
    const std::int64_t b = r.produce(2, c.acks);
    r.advance(100);

    const auto rejected = r.framesOfType(EventType::ProduceRejected, framesBefore + 1);
    const auto appended = r.framesOfType(EventType::ProduceAppended, framesBefore + 1);
    if (c.refused) {
        ASSERT_EQ(rejected.size(), 1u);
        EXPECT_EQ(r.frame(rejected[0]).event.error, ErrorCode::NotEnoughReplicas);
        EXPECT_TRUE(appended.empty());
        EXPECT_EQ(r.leader().log.leo(), 2) << "nothing may be appended";
        EXPECT_EQ(r.batch(b).status, SendStatus::Failed);
        EXPECT_EQ(r.batch(b).error, ErrorCode::NotEnoughReplicas);
    } else {
        EXPECT_TRUE(rejected.empty());
        ASSERT_EQ(appended.size(), 1u);
        EXPECT_EQ(r.leader().log.leo(), 4);
        EXPECT_NE(r.batch(b).status, SendStatus::Failed);
    }
}

INSTANTIATE_TEST_SUITE_P(Table, NotEnoughReplicas,
    ::testing::Values(RefusalCase { "IsrOneMinTwoAcksAll", 3, 2, false, Acks::All, true },
        RefusalCase { "IsrOneMinTwoAcksOne", 3, 2, false, Acks::Leader, false },
        RefusalCase { "IsrOneMinTwoAcksZero", 3, 2, false, Acks::None, false },
        RefusalCase { "IsrTwoMinTwoAcksAll", 3, 2, true, Acks::All, false },
        RefusalCase { "IsrTwoMinThreeAcksAll", 3, 3, true, Acks::All, true },
        RefusalCase { "IsrOneMinOneAcksAll", 3, 1, false, Acks::All, false },
        RefusalCase { "RfOneMinTwoIsCappedAtRf", 1, 2, false, Acks::All, false },
        RefusalCase { "RfTwoMinThreeIsCappedAtRf", 2, 3, true, Acks::All, false }),
    [](const auto& info) { return info.param.name; });

/// The ProduceResponse messages the leader has sent that are still on their way.
std::vector<hw::ProduceResponse> produceResponsesInFlight(const ClusterState& s)
{
    std::vector<hw::ProduceResponse> out;
    for (const hw::QueuedEvent& q : s.queue) {
        if (const auto* m = std::get_if<hw::Message>(&q.what)) {
            if (const auto* response = std::get_if<hw::ProduceResponse>(&m->body))
                out.push_back(*response);
        }
    }
    return out;
}

TEST(RequestTimedOut, TheLeaderAnswersAfterRequestTimeoutAndKeepsTheRecords)
{
    ClusterSpec spec = manualSpec();
    spec.config.requestTimeoutMs = 1000;
    Sim r(spec);
    const std::int64_t b = r.produce(2, Acks::All); // handled at 5: the leader waits until 1005
    ASSERT_EQ(r.now(), 5);
    ASSERT_EQ(r.leader().delayedProduces.size(), 1u);

    r.advanceTo(1004);
    EXPECT_EQ(r.leader().delayedProduces.size(), 1u);
    EXPECT_TRUE(r.framesOfType(EventType::ProduceTimedOut).empty());

    const std::int64_t timedOut
        = r.stepUntil([](const hw::FrameInfo& f) { return f.event.type == EventType::ProduceTimedOut; });
    EXPECT_EQ(r.frame(timedOut).timeMs, 1005);
    EXPECT_EQ(r.frame(timedOut).event.node, 1);
    EXPECT_EQ(r.frame(timedOut).event.offset, 0);
    EXPECT_EQ(r.frame(timedOut).event.count, 2);
    EXPECT_EQ(r.frame(timedOut).event.value, b);
    EXPECT_TRUE(r.leader().delayedProduces.empty());
    const auto responses = produceResponsesInFlight(r.state());
    ASSERT_EQ(responses.size(), 1u);
    EXPECT_EQ(responses[0].error, ErrorCode::RequestTimedOut);

    r.advance(100);
    EXPECT_EQ(r.batch(b).status, SendStatus::Failed);
    EXPECT_EQ(r.batch(b).error, ErrorCode::RequestTimedOut);

    // The records stay in the leader's log and are committed once the followers catch up.
    ASSERT_EQ(r.leader().log.leo(), 2);
    EXPECT_EQ(r.state().payloads[static_cast<std::size_t>(r.leader().log.at(0).payload)].value, "v0");
    EXPECT_EQ(r.state().payloads[static_cast<std::size_t>(r.leader().log.at(1).payload)].value, "v1");
    r.fetch(2);
    r.fetch(3);
    r.fetch(2);
    r.fetch(3);
    r.advance(100);
    EXPECT_EQ(r.leader().log.leo(), 2);
    EXPECT_EQ(r.leader().hw, 2);
    EXPECT_EQ(r.batch(b).status, SendStatus::Failed) << "a timed-out batch is not acknowledged later";
    EXPECT_TRUE(r.framesOfType(EventType::ProduceAcked).empty());
}

// ---------------------------------------------------------------------------------------------
// Section 1: parked empty follower fetches (replica.fetch.wait.max.ms)

ClusterSpec parkingSpec()
{
    ClusterSpec spec = manualSpec();
    spec.config.replicaFetchWaitMaxMs = 500;
    return spec;
}

TEST(ParkedFetch, IsAnsweredOnTimeoutWithTheHwAtCompletion)
{
    Sim r(parkingSpec());
    r.produce(2, Acks::Leader);
    r.fetch(2); // non-empty fetches are answered at once
    r.fetch(3);

    r.fetch(2, 0, FetchUntil::Request); // Fetch(2): nothing to send, parked
    const std::int64_t parked = r.lastFetchHandled(2);
    const TimeMs parkedAtMs = r.frame(parked).timeMs;
    EXPECT_TRUE(r.frame(parked).event.has(hw::Parked));
    EXPECT_EQ(r.frame(parked).event.hwAfter, 0);
    EXPECT_EQ(r.leader().parkedFetches.size(), 1u);

    r.fetch(3, 0, FetchUntil::Request); // broker 3's Fetch(2) moves the HW to 2 (and is parked too)
    EXPECT_EQ(r.leader().hw, 2);
    // An HW change alone does not complete a parked fetch.
    EXPECT_EQ(r.leader().parkedFetches.size(), 2u);
    EXPECT_TRUE(r.replica(2).fetchOutstanding);
    EXPECT_EQ(r.replica(2).hw, 0);

    r.fetch(2); // runs until broker 2 applies the answer
    const auto completed
        = r.frames([](const Event& e) { return e.type == EventType::FetchCompleted && e.peer == 2; }, parked);
    ASSERT_EQ(completed.size(), 1u);
    EXPECT_EQ(r.frame(completed[0]).timeMs, parkedAtMs + 500);
    EXPECT_EQ(r.frame(completed[0]).event.value, 2) << "the HW is read when the fetch completes, not when it parked";
    EXPECT_EQ(r.frame(completed[0]).event.count, 0);
    const auto applied
        = r.frames([](const Event& e) { return e.type == EventType::FetchApplied && e.node == 2; }, parked);
    ASSERT_EQ(applied.size(), 1u);
    EXPECT_EQ(r.frame(applied[0]).timeMs, parkedAtMs + 505);
    EXPECT_EQ(r.replica(2).hw, 2);
}

TEST(ParkedFetch, IsAnsweredEarlyWhenDataIsAppended)
{
    Sim r(parkingSpec());
    r.produce(2, Acks::Leader);
    r.fetch(2);
    r.fetch(3);
    r.fetch(3);
    r.advance(1000);
    ASSERT_FALSE(r.replica(3).fetchOutstanding);

    r.fetch(2, 0, FetchUntil::Request); // Fetch(2): parked
    const std::int64_t parked = r.lastFetchHandled(2);
    const TimeMs parkedAtMs = r.frame(parked).timeMs;
    ASSERT_TRUE(r.frame(parked).event.has(hw::Parked));

    r.produce(1, Acks::Leader);
    const std::int64_t appended = r.framesOfType(EventType::ProduceAppended).back();
    EXPECT_TRUE(r.frame(appended).event.has(hw::FetchesCompleted));
    EXPECT_TRUE(r.leader().parkedFetches.empty());

    const std::int64_t applied = r.stepUntil([](const hw::FrameInfo& f) { return isFetchAppliedBy(f, 2); });
    EXPECT_EQ(r.frame(applied).timeMs, r.frame(appended).timeMs + 5);
    EXPECT_LT(r.frame(applied).timeMs, parkedAtMs + 500);
    EXPECT_EQ(r.frame(applied).event.count, 1);
    EXPECT_EQ(r.replica(2).log.leo(), 3);

    // The wait timer still fires later; it must not answer the fetch a second time.
    r.advanceTo(parkedAtMs + 1000);
    EXPECT_TRUE(
        r.frames([](const Event& e) { return e.type == EventType::FetchCompleted && e.peer == 2; }, parked).empty());
    EXPECT_EQ(
        r.frames([](const Event& e) { return e.type == EventType::FetchApplied && e.node == 2; }, parked).size(), 1u);
    EXPECT_EQ(r.replica(2).log.leo(), 3);
}

// ---------------------------------------------------------------------------------------------
// Section 2: lastCaughtUpTimeMs (Replica.updateFetchStateOrThrow)

struct CaughtUpRow {
    TimeMs produceAtMs; // -1: no produce before this fetch
    int produceCount;
    TimeMs fetchAtMs; // the fetch is sent then and handled 5 ms later
    int maxRecords;
    Offset fetchOffset;
    Offset leaderLeo;
    TimeMs lastCaughtUpMs;
    TimeMs lastFetchMs;
    Offset lastFetchLeaderLeo;
};

TEST(LastCaughtUp, FollowsUpdateFetchStateOrThrow)
{
    // f >= L: lcu = max(lcu, t); else if f >= lastFetchLeaderLeo: lcu = max(lcu, lastFetchMs);
    // then lastFetchLeaderLeo = max(L, old), lastFetchMs = t.
    const std::vector<CaughtUpRow> rows = {
        { 0, 4, 1000, 2, 0, 4, 0, 1005, 4 }, // behind; f >= -1, so lcu = the initial lastFetchMs (0)
        { -1, 0, 2000, 2, 2, 4, 0, 2005, 4 }, // behind and below the previous leader LEO: no change
        { 3000, 2, 4000, 0, 4, 6, 2005, 4005, 6 }, // reached the previous leader LEO: lcu = previous fetch time
        { -1, 0, 5000, 0, 6, 6, 5005, 5005, 6 }, // at the leader LEO: lcu = now
        { 6000, 1, 7000, 0, 6, 7, 5005, 7005, 7 }, // behind again, but at the previous leader LEO
        { 8000, 3, 9000, 1, 7, 10, 7005, 9005, 10 },
        { -1, 0, 10000, 1, 8, 10, 7005, 10005, 10 }, // fetching, yet not caught up: lcu stays
        { -1, 0, 11000, 0, 9, 10, 7005, 11005, 10 },
        { -1, 0, 12000, 0, 10, 10, 12005, 12005, 10 },
    };
    Sim r(manualSpec());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const CaughtUpRow& row = rows[i];
        SCOPED_TRACE("row " + std::to_string(i));
        if (row.produceAtMs >= 0) {
            r.advanceTo(row.produceAtMs);
            r.produce(row.produceCount, Acks::Leader);
        }
        r.advanceTo(row.fetchAtMs);
        r.fetch(2, row.maxRecords);
        const hw::FrameInfo& handled = r.frame(r.lastFetchHandled(2));
        EXPECT_EQ(handled.timeMs, row.fetchAtMs + 5);
        EXPECT_EQ(handled.event.offset, row.fetchOffset);
        EXPECT_EQ(handled.event.leo, row.leaderLeo);
        EXPECT_EQ(r.view(2).leo, row.fetchOffset);
        EXPECT_EQ(r.view(2).lastCaughtUpMs, row.lastCaughtUpMs);
        EXPECT_EQ(r.view(2).lastFetchMs, row.lastFetchMs);
        EXPECT_EQ(r.view(2).lastFetchLeaderLeo, row.lastFetchLeaderLeo);
    }
}

// ---------------------------------------------------------------------------------------------
// Section 2: ISR shrink (by time only) and expand (LEO >= HW)

struct StopCase {
    std::string name;
    int lastFetchMaxRecords; // broker 3's first fetch; then it reports its LEO once and stops
    bool removed;
};

class IsrShrink : public ::testing::TestWithParam<StopCase> { };

TEST_P(IsrShrink, AFollowerThatStoppedIsRemovedOnlyIfTheLeaderSawItBehind)
{
    const StopCase& c = GetParam();
    Sim r(manualSpec());
    r.produce(3, Acks::Leader);
    r.fetch(2);
    r.fetch(2); // broker 2 reports 3 = leader LEO
    r.fetch(3, c.lastFetchMaxRecords);
    r.fetch(3, 0, FetchUntil::Request); // broker 3 reports its LEO, then stops fetching
    EXPECT_EQ(r.view(3).leo, c.lastFetchMaxRecords);

    r.advanceTo(600000); // ten minutes without a fetch
    const auto shrinks = r.framesOfType(EventType::IsrShrinkRequested);
    if (c.removed) {
        ASSERT_EQ(shrinks.size(), 1u);
        EXPECT_EQ(r.frame(shrinks[0]).timeMs, 45000);
        EXPECT_EQ(r.isr(), ids({ 1, 2 }));
        EXPECT_EQ(r.registration().partitionEpoch, 1);
    } else {
        EXPECT_TRUE(shrinks.empty());
        EXPECT_EQ(r.isr(), ids({ 1, 2, 3 }));
        EXPECT_EQ(r.registration().partitionEpoch, 0);
    }
    // Broker 2's view equals the leader's LEO: it is never removed, although it stopped long ago.
    EXPECT_NE(std::find(r.isr().begin(), r.isr().end(), 2), r.isr().end());
}

INSTANTIATE_TEST_SUITE_P(Table, IsrShrink,
    ::testing::Values(StopCase { "ReportedTheLeaderLeo", 3, false }, StopCase { "ReportedOneBehind", 2, true }),
    [](const auto& info) { return info.param.name; });

TEST(IsrShrink, MessageCountLagDoesNotMatter)
{
    // Every 10 s the leader gets 500 records and each follower fetches once: at every moment both are
    // hundreds of records behind, but each fetch reaches the leader LEO of the one before, so they are
    // caught up by time and stay in the ISR.
    Sim r(manualSpec());
    for (int round = 0; round < 10; ++round) {
        r.advanceTo(round * 10000 + 1000);
        r.produce(500, Acks::Leader);
        r.fetch(2);
        r.fetch(3);
        EXPECT_EQ(r.leader().log.leo() - r.view(2).leo, 500) << "round " << round;
        EXPECT_EQ(r.leader().log.leo() - r.view(3).leo, 500) << "round " << round;
    }
    r.advanceTo(100000);
    EXPECT_TRUE(r.framesOfType(EventType::IsrShrinkRequested).empty());
    EXPECT_EQ(r.isr(), ids({ 1, 2, 3 }));
}

struct LagCase {
    TimeMs lagMs;
    TimeMs shrinkAtMs; // the first multiple of lagMs / 2 (integer division) past lagMs
};

class SlowFollower : public ::testing::TestWithParam<LagCase> { };

TEST_P(SlowFollower, IsRemovedByThePeriodicCheckThroughAlterPartition)
{
    const LagCase& c = GetParam();
    ClusterSpec spec = manualSpec();
    spec.config.replicaLagTimeMaxMs = c.lagMs;
    // Broker 3's heartbeats are as slow as its fetches; keep the controller from fencing it, so that
    // what removes it is the leader's lag check and nothing else.
    spec.config.brokerSessionTimeoutMs = 3600000;
    Sim r(spec);
    r.produce(3, Acks::Leader);
    r.fetch(2);
    r.fetch(2);
    r.apply(hw::SlowAction { 3, 10 * c.lagMs });
    r.apply(hw::FetchAction { 0, 3, 0 }); // on its way for 10 * lag ms

    r.advanceTo(c.shrinkAtMs - 1);
    EXPECT_TRUE(r.framesOfType(EventType::IsrShrinkRequested).empty());
    EXPECT_EQ(r.isr(), ids({ 1, 2, 3 }));
    EXPECT_EQ(r.leader().isr, ids({ 1, 2, 3 }));

    r.advanceTo(c.shrinkAtMs + 20);
    const auto shrinks = r.framesOfType(EventType::IsrShrinkRequested);
    ASSERT_EQ(shrinks.size(), 1u);
    const hw::FrameInfo& shrink = r.frame(shrinks[0]);
    EXPECT_EQ(shrink.timeMs, c.shrinkAtMs);
    EXPECT_EQ(shrink.event.node, 1);
    EXPECT_EQ(shrink.event.isr, hw::brokerMask(ids({ 1, 2 })));
    EXPECT_EQ(shrink.event.value, hw::brokerMask(ids({ 3 })));

    const auto commits = r.framesOfType(EventType::AlterPartitionCommitted);
    ASSERT_EQ(commits.size(), 1u);
    EXPECT_EQ(r.frame(commits[0]).timeMs, c.shrinkAtMs + 5);
    EXPECT_EQ(r.frame(commits[0]).event.value, 1) << "partition epoch + 1";
    const auto updates = r.framesOfType(EventType::IsrUpdated);
    ASSERT_EQ(updates.size(), 1u);
    EXPECT_EQ(r.frame(updates[0]).timeMs, c.shrinkAtMs + 10);
    EXPECT_EQ(r.frame(updates[0]).event.isr, hw::brokerMask(ids({ 1, 2 })));
    EXPECT_EQ(r.frame(updates[0]).event.error, ErrorCode::None);

    EXPECT_EQ(r.isr(), ids({ 1, 2 }));
    EXPECT_EQ(r.registration().partitionEpoch, 1);
    EXPECT_EQ(r.registration().leaderEpoch, 0) << "an ISR change keeps the leader epoch";
    EXPECT_EQ(r.registration().leader, 1);
    EXPECT_EQ(r.leader().isr, ids({ 1, 2 }));
    EXPECT_EQ(r.leader().partitionEpoch, 1);
    EXPECT_FALSE(r.leader().alterInFlight);
    // The ISR change recomputed the HW: broker 3's unknown view no longer holds it at 0.
    EXPECT_EQ(r.frame(updates[0]).event.hwBefore, 0);
    EXPECT_EQ(r.frame(updates[0]).event.hwAfter, 3);
}

INSTANTIATE_TEST_SUITE_P(Table, SlowFollower,
    ::testing::Values(
        LagCase { 30000, 45000 }, LagCase { 10000, 15000 }, LagCase { 7000, 10500 }, LagCase { 1001, 1500 }),
    [](const auto& info) { return "Lag" + std::to_string(info.param.lagMs); });

struct ExpandCase {
    int maxRecords; // what broker 3 fetches before reporting its LEO
    bool expands;
};

class IsrExpand : public ::testing::TestWithParam<ExpandCase> { };

TEST_P(IsrExpand, NeedsTheFollowersLeoToReachTheHwNotTheLeaderLeo)
{
    const ExpandCase& c = GetParam();
    Sim r(manualSpec());
    r.produce(5, Acks::Leader);
    r.fetch(2);
    r.fetch(2);
    r.advanceTo(afterDefaultShrinkMs);
    ASSERT_EQ(r.isr(), ids({ 1, 2 }));
    ASSERT_EQ(r.leader().hw, 5);
    r.produce(3, Acks::Leader); // leader LEO 8; the HW stays 5 because broker 2 has not fetched
    ASSERT_EQ(r.leader().hw, 5);

    r.fetch(3, c.maxRecords); // Fetch(0)
    EXPECT_FALSE(r.frame(r.lastFetchHandled(3)).event.has(hw::IsrExpandRequested));
    r.fetch(3, 0, FetchUntil::Request); // Fetch(maxRecords)
    const Event& e = r.frame(r.lastFetchHandled(3)).event;
    EXPECT_EQ(e.offset, c.maxRecords);
    EXPECT_EQ(e.has(hw::IsrExpandRequested), c.expands);
    EXPECT_EQ(r.leader().alterInFlight, c.expands);

    r.advance(100);
    if (c.expands) {
        EXPECT_EQ(r.isr(), ids({ 1, 2, 3 }));
        EXPECT_EQ(r.registration().partitionEpoch, 2);
        EXPECT_EQ(r.leader().isr, ids({ 1, 2, 3 }));
    } else {
        EXPECT_EQ(r.isr(), ids({ 1, 2 }));
        EXPECT_EQ(r.registration().partitionEpoch, 1);
    }
}

INSTANTIATE_TEST_SUITE_P(Table, IsrExpand,
    ::testing::Values(ExpandCase { 4, false }, ExpandCase { 5, true }, ExpandCase { 8, true }),
    [](const auto& info) { return "Leo" + std::to_string(info.param.maxRecords); });

// ---------------------------------------------------------------------------------------------
// Section 4: the partitioner

/// One topic "t" with three single-replica partitions led by brokers 1, 2 and 3.
ClusterSpec threePartitions()
{
    ClusterSpec spec = manualSpec(1, 3);
    spec.topics[0].assignment = { { 1 }, { 2 }, { 3 } };
    return spec;
}

std::vector<Offset> leosOfAllPartitions(const Sim& r)
{
    std::vector<Offset> out;
    for (const hw::Partition& p : r.state().partitions)
        out.push_back(p.replicas[0].log.leo());
    return out;
}

struct KeyCase {
    std::string key;
    int partition;
};

class KeyedProduce : public ::testing::TestWithParam<KeyCase> { };

TEST_P(KeyedProduce, GoesToTheMurmur2Partition)
{
    Sim r(threePartitions());
    const std::int64_t b = r.produce(r.produceAction(1, Acks::Leader, -1, GetParam().key));
    EXPECT_EQ(r.batch(b).partition, GetParam().partition);
    std::vector<Offset> expected(3, 0);
    expected[static_cast<std::size_t>(GetParam().partition)] = 1;
    EXPECT_EQ(leosOfAllPartitions(r), expected);
    const hw::Payload& payload = r.state().payloads[0];
    EXPECT_TRUE(payload.hasKey);
    EXPECT_EQ(payload.key, GetParam().key);
    EXPECT_EQ(r.state().producers[0].sticky[0].partition, -1) << "keyed records leave the sticky partition alone";
}

// (murmur2(key) & 0x7fffffff) % 3, from the hashes in test_partitioner.cpp.
INSTANTIATE_TEST_SUITE_P(Table, KeyedProduce,
    ::testing::Values(KeyCase { "21", 0 }, KeyCase { "a", 1 }, KeyCase { "ab", 2 }, KeyCase { "kafka", 1 },
        KeyCase { "foobar", 0 }, KeyCase { "abcd", 2 }, KeyCase { "234", 2 }, KeyCase { "4", 1 }),
    [](const auto& info) { return "Key_" + info.param.key; });

TEST(Partitioner, AnExplicitPartitionWinsOverTheKey)
{
    Sim r(threePartitions());
    const std::int64_t keyed = r.produce(r.produceAction(1, Acks::Leader, 2, std::string("foobar"))); // key -> 0
    const std::int64_t unkeyed = r.produce(r.produceAction(1, Acks::Leader, 1));
    EXPECT_EQ(r.batch(keyed).partition, 2);
    EXPECT_EQ(r.batch(unkeyed).partition, 1);
    EXPECT_EQ(leosOfAllPartitions(r), (std::vector<Offset> { 0, 1, 1 }));
    EXPECT_EQ(r.state().producers[0].sticky[0].partition, -1);
}

TEST(Partitioner, ANullKeySticksToOnePartitionUntilBatchSizeBytes)
{
    ClusterSpec spec = threePartitions();
    spec.config.batchSize = 100;
    Sim r(spec);
    // Each one-value produce of "xxxx" counts 20 bytes (16 of record overhead + 4): five fill a batch.
    std::vector<int> partitions;
    std::vector<std::int64_t> bytes;
    for (int i = 0; i < 12; ++i) {
        hw::ProduceAction action = r.produceAction(1, Acks::Leader, -1);
        action.values = { "xxxx" };
        const std::int64_t b = r.produce(action);
        partitions.push_back(r.batch(b).partition);
        bytes.push_back(r.state().producers[0].sticky[0].bytes);
        EXPECT_EQ(r.state().producers[0].sticky[0].partition, partitions.back());
        if (i == 7) {
            // A keyed record in the middle changes nothing about the sticky partition.
            r.produce(r.produceAction(1, Acks::Leader, -1, std::string("a")));
            EXPECT_EQ(r.state().producers[0].sticky[0].bytes, bytes.back());
        }
    }
    EXPECT_EQ(bytes, (std::vector<std::int64_t> { 20, 40, 60, 80, 100, 20, 40, 60, 80, 100, 20, 40 }));
    for (int i = 1; i < 5; ++i)
        EXPECT_EQ(partitions[static_cast<std::size_t>(i)], partitions[0]) << i;
    for (int i = 6; i < 10; ++i)
        EXPECT_EQ(partitions[static_cast<std::size_t>(i)], partitions[5]) << i;
    EXPECT_EQ(partitions[11], partitions[10]);
    for (int p : partitions) {
        EXPECT_GE(p, 0);
        EXPECT_LT(p, 3);
    }
}

// ---------------------------------------------------------------------------------------------
// Configuration changes through the engine

TEST(ConfigAction, RejectsABadValueNamingTheKeyAndWhatWasExpected)
{
    Sim r(manualSpec());
    const std::int64_t frames = r.timeline().frameCount();
    hw::ConfigValue zero;
    zero.kind = hw::ConfigValue::Kind::Integer;
    zero.integer = 0;
    const hw::ApplyResult bad = r.timeline().apply(hw::ConfigAction { "min.insync.replicas", zero });
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(bad.error, "min.insync.replicas: expected an integer in 1..32");
    EXPECT_EQ(r.timeline().frameCount(), frames);
    EXPECT_EQ(r.state().config.minInsyncReplicas, 1);

    hw::ConfigValue two = zero;
    two.integer = 2;
    const hw::ApplyResult good = r.timeline().apply(hw::ConfigAction { "min.insync.replicas", two });
    ASSERT_TRUE(good.ok()) << good.error;
    EXPECT_EQ(good.event->type, EventType::ConfigChanged);
    EXPECT_EQ(good.event->text, "min.insync.replicas=2");
    EXPECT_EQ(r.state().config.minInsyncReplicas, 2);
}

// ---------------------------------------------------------------------------------------------
// Determinism: the same spec and the same inputs give the same state

ClusterSpec richSpec(std::uint64_t seed)
{
    ClusterSpec spec;
    spec.name = "determinism";
    spec.seed = seed;
    spec.brokers = 4;
    spec.config.autoFetch = false;
    spec.config.minInsyncReplicas = 2;
    spec.topics.push_back(hw::TopicSpec { "orders", 4, 3, {} }); // assignment drawn from the seeded generator
    spec.topics.push_back(hw::TopicSpec { "audit", 2, 2, {} });
    spec.producers.push_back(hw::ProducerSpec{.id = "p1", .acks = Acks::All});
    spec.producers.push_back(hw::ProducerSpec{.id = "p2", .acks = Acks::Leader});
    return spec;
}

hw::ProduceAction produceTo(
    int producer, int topic, std::optional<std::string> key, std::vector<std::string> values, int partition = -1)
{
    hw::ProduceAction action;
    action.producer = producer;
    action.topic = topic;
    action.partition = partition;
    action.key = std::move(key);
    action.values = std::move(values);
    return action;
}

void playScript(hw::Timeline& t, const std::string& lastValue = "z")
{
    require(hw::runProduce(t, produceTo(0, 0, std::string("k1"), { "a", "b" })), "produce 1");
    require(hw::runProduce(t, produceTo(1, 0, std::nullopt, { "c" })), "produce 2");
    require(hw::runProduce(t, produceTo(0, 1, std::nullopt, { "d" }, 1)), "produce 3");
    require(hw::runSettle(t), "settle 1");
    require(t.apply(hw::SlowAction { 2, 40000 }).error, "slow");
    require(hw::runProduce(t, produceTo(1, 0, std::nullopt, { "e", "f", "g" })), "produce 4");
    require(hw::runAdvance(t, 50000), "advance");
    require(t.apply(hw::SlowAction { 2, 0 }).error, "restore");
    // Messages sent while broker 2 was slow are still on their way; let them arrive.
    require(hw::runAdvance(t, 50000), "advance after restoring");
    hw::ConfigValue one;
    one.integer = 1;
    require(t.apply(hw::ConfigAction { "min.insync.replicas", one }).error, "config");
    require(hw::runProduce(t, produceTo(0, 1, std::string("k2"), { lastValue })), "produce 5");
    require(hw::runSettle(t), "settle 2");
}

TEST(Determinism, TheSameSpecAndActionsGiveIdenticalStates)
{
    hw::Timeline a(hw::Engine::createCluster(richSpec(7)));
    hw::Timeline b(hw::Engine::createCluster(richSpec(7)));
    EXPECT_EQ(a.head(), b.head());
    playScript(a);
    playScript(b);
    EXPECT_EQ(a.head(), b.head());
    ASSERT_EQ(a.frameCount(), b.frameCount());
    for (std::int64_t f = 0; f < a.frameCount(); ++f) {
        ASSERT_EQ(a.frame(f).event, b.frame(f).event) << "frame " << f;
        ASSERT_EQ(a.frame(f).timeMs, b.frame(f).timeMs) << "frame " << f;
    }
    // Rebuilding the last frame from snapshots and replay gives the live state too.
    EXPECT_EQ(a.stateAt(a.frameCount() - 1), a.head());
    EXPECT_GT(a.head().nowMs, 50000);
}

TEST(Determinism, StatesDifferWhenTheSeedOrAnInputDiffers)
{
    hw::Timeline base(hw::Engine::createCluster(richSpec(7)));
    hw::Timeline otherSeed(hw::Engine::createCluster(richSpec(8)));
    hw::Timeline otherValue(hw::Engine::createCluster(richSpec(7)));
    playScript(base);
    playScript(otherSeed);
    playScript(otherValue, "y");
    EXPECT_NE(base.head(), otherSeed.head());
    EXPECT_NE(base.head(), otherValue.head());
}

TEST(Determinism, EngineStepsAloneAreReproducibleWithAutoFetch)
{
    ClusterSpec spec = richSpec(3);
    spec.config.autoFetch = true;
    auto run = [&] {
        hw::Engine engine(hw::Engine::createCluster(spec));
        EXPECT_TRUE(engine.apply(produceTo(0, 0, std::string("key"), { "a", "b", "c" })).ok());
        EXPECT_TRUE(engine.apply(produceTo(1, 1, std::nullopt, { "d" })).ok());
        std::vector<Event> events;
        while (engine.hasQueuedEvents() && engine.nextEventTimeMs() <= 20000) {
            if (auto e = engine.step())
                events.push_back(*e);
        }
        return std::make_pair(engine.state(), events);
    };
    const auto [stateA, eventsA] = run();
    const auto [stateB, eventsB] = run();
    EXPECT_EQ(stateA, stateB);
    EXPECT_EQ(eventsA, eventsB);
    EXPECT_FALSE(eventsA.empty());

    // A copy of a state is equal to it, and stepping the copy does not change the original.
    ClusterState copy = stateA;
    EXPECT_EQ(copy, stateA);
    hw::Engine engine(copy);
    engine.step();
    EXPECT_NE(engine.state(), stateA);
    EXPECT_EQ(copy, stateA);
}

} // namespace
