// SPDX-License-Identifier: MIT
// Replay equality: the state the timeline rebuilds for a frame (nearest snapshot + replayed operations)
// must equal the live state the run had when it made that frame, for any snapshot interval and any
// order of seeks. Also forking, labels and notes.

#include "engine/engine.h"
#include "model/rng.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using hw::Acks;
using hw::Action;
using hw::ClusterState;
using hw::EventType;
using hw::Timeline;

/// Names the first top-level field in which two states differ, so that a failed comparison says where.
std::string firstDifference(const ClusterState& a, const ClusterState& b)
{
    if (a.name != b.name)
        return "name";
    if (a.nowMs != b.nowMs)
        return "nowMs (" + std::to_string(a.nowMs) + " vs " + std::to_string(b.nowMs) + ")";
    if (a.nextSequence != b.nextSequence)
        return "nextSequence";
    if (!(a.rng == b.rng))
        return "rng";
    if (!(a.config == b.config))
        return "config";
    if (a.brokers != b.brokers)
        return "brokers";
    if (a.registrations != b.registrations)
        return "registrations";
    if (a.topics != b.topics)
        return "topics";
    for (std::size_t p = 0; p < std::min(a.partitions.size(), b.partitions.size()); ++p) {
        if (!(a.partitions[p] == b.partitions[p]))
            return "partitions[" + std::to_string(p) + "]";
    }
    if (a.partitions.size() != b.partitions.size())
        return "partitions (count)";
    if (a.producers != b.producers)
        return "producers";
    if (!(a.payloads == b.payloads))
        return "payloads";
    if (a.queue != b.queue)
        return "queue";
    return "nothing";
}

::testing::AssertionResult sameState(const ClusterState& actual, const ClusterState& expected, std::int64_t frame)
{
    if (actual == expected)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "frame " << frame << ": the rebuilt state differs from the live one in "
                                         << firstDifference(actual, expected);
}

/// One operation of a run as the test issued it: a user action, or an engine step (nullopt).
using Op = std::optional<Action>;

/// Drives a timeline the way the scenario drivers do, one operation at a time, and keeps a copy of
/// head() right after every operation that made a frame: the continuous run the timeline must reproduce.
class Recorder {
public:
    Recorder(ClusterState initial, int snapshotInterval) : m_timeline(std::move(initial), snapshotInterval)
    {
        m_heads.push_back(m_timeline.head());
    }

    Timeline& timeline() { return m_timeline; }
    const Timeline& timeline() const { return m_timeline; }
    const std::vector<ClusterState>& heads() const { return m_heads; }
    const std::vector<Op>& ops() const { return m_ops; }

    hw::ApplyResult apply(const Action& action)
    {
        const std::int64_t before = m_timeline.frameCount();
        hw::ApplyResult result = m_timeline.apply(action);
        if (result.ok())
            m_ops.emplace_back(action);
        record(before);
        return result;
    }

    /// One engine step; false when nothing was queued.
    bool step()
    {
        if (!m_timeline.hasQueuedEvents())
            return false;
        const std::int64_t before = m_timeline.frameCount();
        m_timeline.step();
        m_ops.emplace_back(std::nullopt);
        record(before);
        return true;
    }

    /// What runAdvance does: handle everything due up to now + ms, then move the clock there.
    void advance(hw::TimeMs ms)
    {
        const hw::TimeMs target = m_timeline.head().nowMs + ms;
        while (m_timeline.hasQueuedEvents() && m_timeline.nextEventTimeMs() <= target)
            step();
        if (m_timeline.head().nowMs < target) {
            EXPECT_TRUE(apply(hw::AdvanceAction { target }).ok());
        }
    }

    /// What runProduce does: send, then step until the leader has handled the batch.
    void produce(const hw::ProduceAction& action)
    {
        hw::ApplyResult result = apply(action);
        ASSERT_TRUE(result.ok()) << result.error;
        if (result.event->error != hw::ErrorCode::None)
            return;
        const std::int64_t batch = result.event->value;
        for (int guard = 0; guard < 100000; ++guard) {
            const std::int64_t before = m_timeline.frameCount();
            ASSERT_TRUE(step()) << "the produce was never handled";
            if (m_timeline.frameCount() == before)
                continue;
            const hw::Event& e = m_timeline.frame(before).event;
            if ((e.type == EventType::ProduceAppended || e.type == EventType::ProduceRejected)
                && e.peer == action.producer && e.value == batch)
                return;
        }
        FAIL() << "the produce was not handled within 100000 steps";
    }

    /// Issues recorded operations again (after a fork), recording as it goes.
    void replay(const std::vector<Op>& ops, std::size_t from)
    {
        for (std::size_t i = from; i < ops.size(); ++i) {
            if (ops[i])
                EXPECT_TRUE(apply(*ops[i]).ok()) << "op " << i;
            else
                EXPECT_TRUE(step()) << "op " << i;
        }
    }

    void forkAt(std::int64_t frame)
    {
        const auto opEnd = static_cast<std::size_t>(m_timeline.frame(frame).opEnd);
        m_timeline.forkAt(frame);
        m_heads.resize(static_cast<std::size_t>(frame + 1));
        m_ops.resize(opEnd);
    }

private:
    void record(std::int64_t framesBefore)
    {
        const std::int64_t made = m_timeline.frameCount() - framesBefore;
        ASSERT_LE(made, 1) << "one operation made more than one frame";
        if (made == 1)
            m_heads.push_back(m_timeline.head());
        ASSERT_EQ(m_timeline.operationCount(), m_ops.size());
    }

    Timeline m_timeline;
    std::vector<ClusterState> m_heads;
    std::vector<Op> m_ops;
};

/// Recomputes every frame's state without the timeline's snapshots: one bare Engine runs the
/// timeline's operations in order, and its state is copied right after the operation that made each
/// frame. Every operation that makes no frame is a step (a successful action always makes one); the
/// operation that makes a frame is the next recorded action when applying it gives the frame's event,
/// otherwise a step. Also checks that the engine emits the very events the timeline recorded.
std::vector<ClusterState> continuousRun(const Timeline& timeline, const ClusterState& initial)
{
    hw::Engine engine(initial);
    std::vector<ClusterState> states { initial };
    std::size_t actionIndex = 0;
    std::int64_t op = 0;
    for (std::int64_t f = 1; f < timeline.frameCount(); ++f) {
        const hw::FrameInfo& info = timeline.frame(f);
        for (; op < info.opEnd - 1; ++op) {
            EXPECT_TRUE(engine.hasQueuedEvents()) << "frame " << f;
            EXPECT_FALSE(engine.step().has_value()) << "an invisible operation before frame " << f << " made an event";
        }
        bool wasAction = false;
        if (actionIndex < timeline.actionCount()) {
            hw::Engine trial = engine;
            const hw::ApplyResult result = trial.apply(timeline.action(actionIndex));
            if (result.ok() && result.event && *result.event == info.event) {
                engine = std::move(trial);
                ++actionIndex;
                wasAction = true;
            }
        }
        if (!wasAction) {
            const std::optional<hw::Event> event = engine.step();
            EXPECT_TRUE(event && *event == info.event) << "frame " << f;
        }
        ++op;
        states.push_back(engine.state());
    }
    EXPECT_EQ(actionIndex, timeline.actionCount()) << "every action makes a frame";
    return states;
}

hw::Scenario walkthroughScenario()
{
    auto loaded = hw::loadScenario("builtin:leo-hw-walkthrough");
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<hw::Scenario>(std::move(loaded));
}

hw::TopicSpec topicSpec(
    std::string name, int partitions, int replicationFactor, std::vector<std::vector<hw::BrokerId>> assignment = {})
{
    hw::TopicSpec t;
    t.name = std::move(name);
    t.partitions = partitions;
    t.replicationFactor = replicationFactor;
    t.assignment = std::move(assignment);
    return t;
}

hw::ProducerSpec producerSpec(std::string id, hw::Acks acks)
{
    hw::ProducerSpec p;
    p.id = std::move(id);
    p.acks = acks;
    return p;
}

/// The teaching cluster with followers fetching on their own: 3 brokers, one topic of 4 partitions
/// with RF 3, and one producer per acks setting.
hw::ClusterSpec autoFetchSpec()
{
    hw::ClusterSpec spec;
    spec.name = "auto-fetch";
    spec.seed = 20240611;
    spec.brokers = 3;
    spec.config.autoFetch = true;
    spec.config.minInsyncReplicas = 2;
    spec.topics.push_back(topicSpec("events", 4, 3));
    spec.producers.push_back(producerSpec("p-all", Acks::All));
    spec.producers.push_back(producerSpec("p-one", Acks::Leader));
    spec.producers.push_back(producerSpec("p-none", Acks::None));
    return spec;
}

hw::ProduceAction produceAction(std::int32_t producer, std::int32_t partition, std::optional<std::string> key,
    std::vector<std::string> values, std::optional<Acks> acks = std::nullopt)
{
    hw::ProduceAction a;
    a.producer = producer;
    a.topic = 0;
    a.partition = partition;
    a.key = std::move(key);
    a.values = std::move(values);
    a.acks = acks;
    return a;
}

hw::ConfigAction configAction(std::string key, std::int64_t value)
{
    hw::ConfigAction a;
    a.key = std::move(key);
    a.value.kind = hw::ConfigValue::Kind::Integer;
    a.value.integer = value;
    return a;
}

/// Produces with every acks setting, keyed, sticky and explicit, slows a follower out of the ISR and
/// lets it catch up again: produce, ISR shrink and expand, parked fetches and timeouts all make frames.
void playAutoFetchRun(Recorder& run)
{
    run.advance(300);
    run.produce(produceAction(0, 0, std::nullopt, { "a0", "a1" }));
    run.produce(produceAction(1, -1, "user-1", { "b0" }));
    run.produce(produceAction(2, -1, std::nullopt, { "c0", "c1", "c2" }));
    run.advance(1000);
    run.produce(produceAction(0, 2, "k", { "d0" }, Acks::Leader));
    run.produce(produceAction(1, 3, std::nullopt, { "e0", "e1" }, Acks::All));
    run.produce(produceAction(2, 1, "user-2", { "f0" }));
    run.advance(700);
    EXPECT_TRUE(run.apply(configAction("replica.lag.time.max.ms", 4000)).ok());
    // Slower than replica.lag.time.max.ms, so the leader drops it from the ISR, but its heartbeats still
    // arrive within broker.session.timeout.ms, so the controller does not fence it.
    EXPECT_TRUE(run.apply(hw::SlowAction { 3, 6000 }).ok());
    run.produce(produceAction(0, -1, "user-3", { "g0", "g1" }));
    run.advance(20000);
    EXPECT_TRUE(run.apply(hw::SlowAction { 3, 0 }).ok());
    run.produce(produceAction(1, -1, std::nullopt, { "h0" }, Acks::All));
    run.advance(25000);
    run.produce(produceAction(0, 0, std::nullopt, { "i0", "i1", "i2" }));
    run.advance(2000);
}

hw::BrokerAction brokerAction(hw::BrokerAction::Kind kind, hw::BrokerId broker, std::int64_t loseUnflushed = 0)
{
    hw::BrokerAction a;
    a.kind = kind;
    a.broker = broker;
    a.loseUnflushed = loseUnflushed;
    return a;
}

/// Crashes, fencing and elections, a restart with truncation, isolation, a controlled shutdown and a
/// restart that loses unflushed records: the state that replay must rebuild now includes leader
/// epochs, epoch caches, producer retries and metadata.
void playFaultRun(Recorder& run)
{
    using Kind = hw::BrokerAction::Kind;
    run.advance(500);
    run.produce(produceAction(0, 0, std::nullopt, { "x0", "x1" }));
    run.advance(1000);
    const hw::BrokerId firstLeader = run.timeline().head().partitions[0].registration.leader;
    EXPECT_TRUE(run.apply(hw::KillLeaderAction { 0 }).ok());
    run.apply(produceAction(1, 0, "during-failover", { "y0" }, Acks::All));
    run.advance(12000);
    EXPECT_NE(run.timeline().head().partitions[0].registration.leader, firstLeader) << "a new leader was elected";
    run.produce(produceAction(0, 0, std::nullopt, { "y1", "y2" }));
    run.advance(3000);
    EXPECT_TRUE(run.apply(brokerAction(Kind::Restart, firstLeader)).ok());
    run.advance(8000);
    EXPECT_TRUE(run.apply(hw::ElectPreferredAction { 0 }).ok());
    run.advance(3000);
    EXPECT_TRUE(run.apply(brokerAction(Kind::Isolate, 2)).ok());
    run.apply(produceAction(1, 1, std::nullopt, { "z0" }));
    run.advance(12000);
    EXPECT_TRUE(run.apply(brokerAction(Kind::Heal, 2)).ok());
    run.advance(8000);
    EXPECT_TRUE(run.apply(brokerAction(Kind::Shutdown, 3)).ok());
    run.advance(6000);
    EXPECT_TRUE(run.apply(brokerAction(Kind::Restart, 3, 1)).ok());
    run.produce(produceAction(2, 2, "late", { "w0" }));
    run.advance(8000);
}

/// Seeks every frame in the given order and compares with the recorded live states.
void expectFramesMatch(const Timeline& timeline, const std::vector<ClusterState>& expected,
    const std::vector<std::int64_t>& order, const std::string& what)
{
    SCOPED_TRACE(what);
    int failures = 0;
    for (std::int64_t f : order) {
        const auto ok = sameState(timeline.stateAt(f), expected[static_cast<std::size_t>(f)], f);
        EXPECT_TRUE(ok);
        if (!ok && ++failures >= 5) {
            ADD_FAILURE() << "stopping after 5 mismatches";
            return;
        }
    }
}

std::vector<std::int64_t> forwards(std::int64_t count)
{
    std::vector<std::int64_t> out;
    for (std::int64_t f = 0; f < count; ++f)
        out.push_back(f);
    return out;
}

std::vector<std::int64_t> backwards(std::int64_t count)
{
    std::vector<std::int64_t> out = forwards(count);
    std::reverse(out.begin(), out.end());
    return out;
}

/// Seeks at random (a fixed seed, the simulation's own generator so the order is the same everywhere).
std::vector<std::int64_t> randomOrder(std::int64_t count, std::uint64_t seed)
{
    hw::Rng rng(seed);
    std::vector<std::int64_t> out;
    const std::int64_t seeks = std::min<std::int64_t>(3 * count, 6000);
    for (std::int64_t i = 0; i < seeks; ++i)
        out.push_back(static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(count))));
    return out;
}

/// Zig-zag: one back, two forward; stresses the rebuilt-frame cache, which may only be reused forwards.
std::vector<std::int64_t> zigZag(std::int64_t count)
{
    std::vector<std::int64_t> out;
    for (std::int64_t f = 1; f + 1 < count; f += 2) {
        out.push_back(f + 1);
        out.push_back(f);
        out.push_back(f);
        out.push_back(f - 1);
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Replay equality

enum class RunKind { Walkthrough, AutoFetch, Faults };

struct ReplayCase {
    RunKind run;
    int snapshotInterval;
};

std::string replayCaseName(const ::testing::TestParamInfo<ReplayCase>& info)
{
    const char* run = info.param.run == RunKind::Walkthrough ? "Walkthrough"
        : info.param.run == RunKind::AutoFetch               ? "AutoFetch"
                                                             : "Faults";
    return std::string(run) + "Every" + std::to_string(info.param.snapshotInterval);
}

class ReplayEquality : public ::testing::TestWithParam<ReplayCase> {
protected:
    /// The timeline under test and, for each of its frames, the state of the continuous run.
    struct Run {
        std::optional<Timeline> timeline;
        std::optional<Recorder> recorder;
        std::vector<ClusterState> expected;
        const Timeline& tl() const { return recorder ? recorder->timeline() : *timeline; }
    };

    Run makeRun() const
    {
        Run run;
        const ReplayCase& c = GetParam();
        if (c.run == RunKind::Walkthrough) {
            const hw::Scenario scenario = walkthroughScenario();
            const ClusterState initial = hw::Engine::createCluster(scenario.cluster);
            run.timeline.emplace(initial, c.snapshotInterval);
            if (auto error = hw::runScenario(scenario, *run.timeline))
                ADD_FAILURE() << error->toString();
            run.expected = continuousRun(*run.timeline, initial);
        } else {
            run.recorder.emplace(hw::Engine::createCluster(autoFetchSpec()), c.snapshotInterval);
            if (c.run == RunKind::AutoFetch)
                playAutoFetchRun(*run.recorder);
            else
                playFaultRun(*run.recorder);
            run.expected = run.recorder->heads();
        }
        return run;
    }
};

TEST_P(ReplayEquality, TheRunIsLongEnoughToCrossSnapshots)
{
    const Run run = makeRun();
    const Timeline& tl = run.tl();
    ASSERT_EQ(static_cast<std::size_t>(tl.frameCount()), run.expected.size());
    const int interval = GetParam().snapshotInterval;
    // The walkthrough has about 60 frames; the auto-fetch run crosses many 64-frame snapshots.
    EXPECT_GT(tl.frameCount(), 3 * (GetParam().run == RunKind::Walkthrough ? std::min(interval, 7) : interval));
    EXPECT_EQ(tl.snapshotCount(), static_cast<std::size_t>(1 + (tl.frameCount() - 1) / interval))
        << "a snapshot at frame 0 and one at every frame whose index is a multiple of the interval";
}

TEST_P(ReplayEquality, SeekingForwardsMatchesTheLiveRun)
{
    const Run run = makeRun();
    ASSERT_EQ(static_cast<std::size_t>(run.tl().frameCount()), run.expected.size());
    expectFramesMatch(run.tl(), run.expected, forwards(run.tl().frameCount()), "forwards");
}

TEST_P(ReplayEquality, SeekingBackwardsMatchesTheLiveRun)
{
    const Run run = makeRun();
    ASSERT_EQ(static_cast<std::size_t>(run.tl().frameCount()), run.expected.size());
    expectFramesMatch(run.tl(), run.expected, backwards(run.tl().frameCount()), "backwards");
}

TEST_P(ReplayEquality, SeekingInRandomOrderMatchesTheLiveRun)
{
    const Run run = makeRun();
    ASSERT_EQ(static_cast<std::size_t>(run.tl().frameCount()), run.expected.size());
    expectFramesMatch(run.tl(), run.expected, randomOrder(run.tl().frameCount(), 0x5eed), "random order, seed 0x5eed");
    expectFramesMatch(run.tl(), run.expected, zigZag(run.tl().frameCount()), "zig-zag");
}

TEST_P(ReplayEquality, FrameInfoAgreesWithTheRebuiltState)
{
    const Run run = makeRun();
    const Timeline& tl = run.tl();
    ASSERT_EQ(static_cast<std::size_t>(tl.frameCount()), run.expected.size());
    for (std::int64_t f = 0; f < tl.frameCount(); ++f) {
        EXPECT_EQ(tl.frame(f).timeMs, run.expected[static_cast<std::size_t>(f)].nowMs) << "frame " << f;
        if (f > 0) {
            EXPECT_GT(tl.frame(f).opEnd, tl.frame(f - 1).opEnd) << "frame " << f;
            EXPECT_GE(tl.frame(f).timeMs, tl.frame(f - 1).timeMs) << "frame " << f;
            EXPECT_NE(tl.frame(f).event.type, EventType::ClusterCreated) << "frame " << f;
        }
    }
    EXPECT_LE(static_cast<std::size_t>(tl.frame(tl.frameCount() - 1).opEnd), tl.operationCount());
}

TEST_P(ReplayEquality, TheHeadIsTheLastFrameOrLater)
{
    const Run run = makeRun();
    const Timeline& tl = run.tl();
    if (run.recorder) {
        // The recorder's last operation made a frame (an advance ends with ClockAdvanced or an event).
        if (static_cast<std::size_t>(tl.frame(tl.frameCount() - 1).opEnd) == tl.operationCount()) {
            EXPECT_TRUE(sameState(tl.head(), run.expected.back(), tl.frameCount() - 1));
        }
    }
    EXPECT_GE(tl.head().nowMs, tl.frame(tl.frameCount() - 1).timeMs);
}

INSTANTIATE_TEST_SUITE_P(Intervals, ReplayEquality,
    ::testing::Values(ReplayCase { RunKind::Walkthrough, 1 }, ReplayCase { RunKind::Walkthrough, 7 },
        ReplayCase { RunKind::Walkthrough, 64 }, ReplayCase { RunKind::AutoFetch, 1 },
        ReplayCase { RunKind::AutoFetch, 7 }, ReplayCase { RunKind::AutoFetch, 64 }, ReplayCase { RunKind::Faults, 1 },
        ReplayCase { RunKind::Faults, 7 }, ReplayCase { RunKind::Faults, 64 }),
    replayCaseName);

TEST(Replay, TheAutoFetchRunExercisesWhatItIsMeantTo)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 64);
    playAutoFetchRun(run);
    const Timeline& tl = run.timeline();
    std::vector<int> seen(hw::eventTypeCount, 0);
    for (std::int64_t f = 0; f < tl.frameCount(); ++f)
        ++seen[static_cast<std::size_t>(tl.frame(f).event.type)];
    for (EventType type : { EventType::ProduceSent, EventType::ProduceAppended, EventType::ProduceAcked,
             EventType::FetchHandled, EventType::FetchCompleted, EventType::FetchApplied, EventType::IsrShrinkRequested,
             EventType::AlterPartitionCommitted, EventType::IsrUpdated, EventType::HeartbeatSent,
             EventType::ClockAdvanced, EventType::ConfigChanged, EventType::LatencyChanged })
        EXPECT_GT(seen[static_cast<std::size_t>(type)], 0) << "no " << hw::eventTypeName(type) << " frame";
    const ClusterState& end = tl.head();
    std::set<Acks> acks;
    for (const hw::Producer& p : end.producers) {
        p.batches.forEach(0, p.batches.size(), [&](std::size_t, const hw::ProducerBatch& b) { acks.insert(b.acks); });
    }
    EXPECT_EQ(acks.size(), 3u) << "batches with acks 0, 1 and all";
}

TEST(Replay, TheFaultRunExercisesWhatItIsMeantTo)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 64);
    playFaultRun(run);
    const Timeline& tl = run.timeline();
    std::vector<int> seen(hw::eventTypeCount, 0);
    for (std::int64_t f = 0; f < tl.frameCount(); ++f)
        ++seen[static_cast<std::size_t>(tl.frame(f).event.type)];
    for (EventType type : { EventType::BrokerKilled, EventType::BrokerRestarted, EventType::BrokerIsolated,
             EventType::BrokerHealed, EventType::ShutdownRequested, EventType::BrokerShutDown, EventType::BrokerFenced,
             EventType::LeaderElected, EventType::BecameLeader, EventType::BecameFollower, EventType::ProduceAcked })
        EXPECT_GT(seen[static_cast<std::size_t>(type)], 0) << "no " << hw::eventTypeName(type) << " frame";
}

TEST(Replay, TheDriversMakeTheSameRunAsTheRecorder)
{
    // runProduce and runAdvance against the recorder's step-by-step copies of them.
    Recorder recorded(hw::Engine::createCluster(autoFetchSpec()), 16);
    recorded.advance(300);
    recorded.produce(produceAction(0, 0, std::nullopt, { "a0", "a1" }));
    recorded.produce(produceAction(1, -1, "user-1", { "b0" }, Acks::All));
    recorded.advance(5000);

    Timeline driven(hw::Engine::createCluster(autoFetchSpec()), 16);
    EXPECT_EQ(hw::runAdvance(driven, 300), "");
    EXPECT_EQ(hw::runProduce(driven, produceAction(0, 0, std::nullopt, { "a0", "a1" })), "");
    EXPECT_EQ(hw::runProduce(driven, produceAction(1, -1, "user-1", { "b0" }, Acks::All)), "");
    EXPECT_EQ(hw::runAdvance(driven, 5000), "");

    ASSERT_EQ(driven.frameCount(), recorded.timeline().frameCount());
    for (std::int64_t f = 0; f < driven.frameCount(); ++f) {
        EXPECT_EQ(driven.frame(f).event, recorded.timeline().frame(f).event) << "frame " << f;
        EXPECT_TRUE(sameState(driven.stateAt(f), recorded.heads()[static_cast<std::size_t>(f)], f));
    }
    EXPECT_TRUE(driven.head() == recorded.timeline().head());
}

TEST(Replay, TwoIdenticalRunsGiveEqualStatesAndDifferentSeedsDoNot)
{
    Recorder a(hw::Engine::createCluster(autoFetchSpec()), 64);
    Recorder b(hw::Engine::createCluster(autoFetchSpec()), 64);
    playAutoFetchRun(a);
    playAutoFetchRun(b);
    ASSERT_EQ(a.heads().size(), b.heads().size());
    for (std::size_t f = 0; f < a.heads().size(); ++f)
        ASSERT_TRUE(sameState(a.heads()[f], b.heads()[f], static_cast<std::int64_t>(f)));

    hw::ClusterSpec other = autoFetchSpec();
    other.seed += 1;
    EXPECT_FALSE(hw::Engine::createCluster(other) == hw::Engine::createCluster(autoFetchSpec()))
        << "the seed is part of the state";
}

TEST(Replay, AStateCopyIsIndependentOfItsOriginal)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 64);
    playAutoFetchRun(run);
    const Timeline& tl = run.timeline();
    const std::int64_t f = tl.frameCount() / 2;
    ClusterState copy = tl.stateAt(f);
    ASSERT_TRUE(copy == run.heads()[static_cast<std::size_t>(f)]);

    // Logs share structure between copies; writing to one must not show in the other.
    hw::Replica& replica = copy.partitions[0].replicas[0];
    ASSERT_GT(replica.log.leo(), 0);
    replica.log.records.set(0, hw::Record { replica.log.at(0).epoch + 1, replica.log.at(0).payload });
    EXPECT_FALSE(copy == run.heads()[static_cast<std::size_t>(f)]);
    EXPECT_TRUE(sameState(tl.stateAt(f), run.heads()[static_cast<std::size_t>(f)], f));

    ClusterState appended = tl.stateAt(f);
    appended.partitions[1].replicas[1].log.append(hw::Record { 0, 0 });
    EXPECT_FALSE(appended == run.heads()[static_cast<std::size_t>(f)]);
    EXPECT_TRUE(sameState(tl.stateAt(f), run.heads()[static_cast<std::size_t>(f)], f));
    EXPECT_TRUE(sameState(tl.stateAt(f + 1), run.heads()[static_cast<std::size_t>(f + 1)], f + 1));
}

TEST(Replay, SeekingOutsideTheTimelineThrows)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 64);
    run.advance(1000);
    const Timeline& tl = run.timeline();
    EXPECT_THROW(tl.stateAt(-1), std::out_of_range);
    EXPECT_THROW(tl.stateAt(tl.frameCount()), std::out_of_range);
    EXPECT_THROW(run.timeline().forkAt(-1), std::out_of_range);
    EXPECT_THROW(run.timeline().forkAt(tl.frameCount()), std::out_of_range);
    EXPECT_NO_THROW(tl.stateAt(tl.frameCount() - 1));
}

// ---------------------------------------------------------------------------------------------
// Frame 0

TEST(FrameZero, IsClusterCreatedWithTheInitialState)
{
    for (const hw::ClusterSpec& spec : { walkthroughScenario().cluster, autoFetchSpec() }) {
        SCOPED_TRACE(spec.name);
        const ClusterState initial = hw::Engine::createCluster(spec);
        Recorder run(initial, 7);
        run.advance(3000);
        const Timeline& tl = run.timeline();
        const hw::FrameInfo& zero = tl.frame(0);
        EXPECT_EQ(zero.event.type, EventType::ClusterCreated);
        EXPECT_EQ(zero.timeMs, 0);
        EXPECT_EQ(zero.opEnd, 0);
        EXPECT_EQ(zero.label, -1);
        EXPECT_EQ(zero.note, -1);
        EXPECT_TRUE(sameState(tl.stateAt(0), initial, 0));
        EXPECT_TRUE(sameState(tl.stateAt(0), hw::Engine::createCluster(spec), 0)) << "createCluster is deterministic";
    }
}

TEST(FrameZero, TheWalkthroughStartsWithClusterCreated)
{
    auto played = hw::playScenario(walkthroughScenario());
    ASSERT_TRUE(std::holds_alternative<Timeline>(played));
    const Timeline& tl = std::get<Timeline>(played);
    EXPECT_EQ(tl.frame(0).event.type, EventType::ClusterCreated);
    EXPECT_EQ(tl.frame(0).opEnd, 0);
    EXPECT_EQ(tl.stateAt(0).nowMs, 0);
    for (std::int64_t f = 1; f < tl.frameCount(); ++f)
        EXPECT_NE(tl.frame(f).event.type, EventType::ClusterCreated) << "frame " << f;
}

// ---------------------------------------------------------------------------------------------
// Forking

class Fork : public ::testing::TestWithParam<int> {
protected:
    Recorder makeRun() const
    {
        Recorder run(hw::Engine::createCluster(autoFetchSpec()), GetParam());
        playAutoFetchRun(run);
        return run;
    }
};

TEST_P(Fork, DiscardsLaterFramesAndContinuesFromTheForkedState)
{
    Recorder run = makeRun();
    Timeline& tl = run.timeline();
    const std::vector<ClusterState> original = run.heads();
    const std::int64_t total = tl.frameCount();
    const std::int64_t f = total / 2 + 3;
    ASSERT_LT(f, total - 10);

    // Leave the rebuilt-frame cache beyond the fork point, where it is no longer valid.
    EXPECT_TRUE(sameState(tl.stateAt(total - 1), original.back(), total - 1));
    const hw::Event nextEvent = tl.frame(f + 1).event;
    std::size_t actionsBefore = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(tl.frame(f).opEnd); ++i)
        actionsBefore += run.ops()[i].has_value() ? 1 : 0;

    run.forkAt(f);
    EXPECT_EQ(tl.frameCount(), f + 1);
    EXPECT_EQ(tl.operationCount(), static_cast<std::size_t>(tl.frame(f).opEnd));
    EXPECT_EQ(tl.actionCount(), actionsBefore);
    EXPECT_TRUE(sameState(tl.head(), original[static_cast<std::size_t>(f)], f));
    EXPECT_TRUE(sameState(tl.stateAt(f), original[static_cast<std::size_t>(f)], f));
    EXPECT_TRUE(tl.head() == tl.stateAt(f));

    // Continue differently: a produce the original run never made, then time.
    run.produce(produceAction(0, 3, "forked", { "only-in-the-fork" }, Acks::All));
    run.advance(4000);
    ASSERT_GT(tl.frameCount(), f + 1);
    // linger.ms 5 (Kafka 4.x): the records wait in the producer's accumulator first.
    EXPECT_EQ(tl.frame(f + 1).event.type, EventType::ProduceBatched);
    EXPECT_FALSE(tl.frame(f + 1).event == nextEvent);
    EXPECT_FALSE(tl.stateAt(f + 1) == original[static_cast<std::size_t>(f + 1)]);
    bool found = false;
    const ClusterState end = tl.stateAt(tl.frameCount() - 1);
    end.payloads.forEach(0, end.payloads.size(),
        [&](std::size_t, const hw::Payload& p) { found = found || p.value == "only-in-the-fork"; });
    EXPECT_TRUE(found);

    // Earlier frames are untouched; the new ones match the new live run.
    for (std::int64_t g = 0; g <= f; ++g)
        ASSERT_TRUE(sameState(tl.stateAt(g), original[static_cast<std::size_t>(g)], g));
    expectFramesMatch(tl, run.heads(), forwards(tl.frameCount()), "after the fork, forwards");
    expectFramesMatch(tl, run.heads(), randomOrder(tl.frameCount(), 77), "after the fork, random order");
}

TEST_P(Fork, ForgetsFramesRebuiltBeyondTheForkPoint)
{
    // The timeline keeps the last rebuilt frame to make stepping forwards cheap. A frame rebuilt just
    // after the fork point belongs to the discarded run; the new run's frames must not start from it.
    Recorder run = makeRun();
    Timeline& tl = run.timeline();
    const std::int64_t f = tl.frameCount() / 3;
    for (std::int64_t seen : { f + 1, f + 2 }) {
        SCOPED_TRACE("rebuilt frame " + std::to_string(seen) + " before forking at " + std::to_string(f));
        Recorder again = makeRun();
        Timeline& t = again.timeline();
        EXPECT_TRUE(sameState(t.stateAt(seen), again.heads()[static_cast<std::size_t>(seen)], seen));
        again.forkAt(f);
        again.produce(produceAction(2, 1, std::nullopt, { "fork-a", "fork-b" }, Acks::Leader));
        again.advance(1500);
        ASSERT_GT(t.frame(t.frameCount() - 1).opEnd, tl.frame(seen).opEnd) << "the new run passes the old frame";
        expectFramesMatch(t, again.heads(), forwards(t.frameCount()), "forwards after the fork");
    }
}

TEST_P(Fork, ReplayingTheSameOperationsReproducesTheRun)
{
    Recorder run = makeRun();
    Timeline& tl = run.timeline();
    const std::vector<ClusterState> original = run.heads();
    const std::vector<Op> ops = run.ops();
    std::vector<hw::Event> events;
    for (std::int64_t f = 0; f < tl.frameCount(); ++f)
        events.push_back(tl.frame(f).event);
    const ClusterState originalHead = tl.head();
    const std::int64_t total = tl.frameCount();

    for (std::int64_t f : { total - 2, total / 3, std::int64_t { 1 }, std::int64_t { 0 }, total / 2 + 1 }) {
        SCOPED_TRACE("fork at frame " + std::to_string(f));
        tl.stateAt(total - 1); // A cache beyond the fork point.
        const auto opEnd = static_cast<std::size_t>(tl.frame(f).opEnd);
        run.forkAt(f);
        run.replay(ops, opEnd);
        ASSERT_EQ(tl.frameCount(), total);
        for (std::int64_t g = 0; g < total; ++g)
            ASSERT_EQ(tl.frame(g).event, events[static_cast<std::size_t>(g)]) << "frame " << g;
        for (std::size_t g = 0; g < original.size(); ++g)
            ASSERT_TRUE(sameState(run.heads()[g], original[g], static_cast<std::int64_t>(g)))
                << "the replayed live run differs";
        expectFramesMatch(tl, original, backwards(total), "backwards after replay");
        EXPECT_TRUE(tl.head() == originalHead);
    }
}

TEST_P(Fork, AtTheLastFrameDropsOnlyInvisibleOperations)
{
    Recorder run = makeRun();
    Timeline& tl = run.timeline();
    // Steps that change nothing visible (a heartbeat answer) leave the head past the last frame.
    for (int i = 0; i < 200 && tl.head() == tl.stateAt(tl.frameCount() - 1); ++i)
        run.step();
    ASSERT_FALSE(tl.head() == tl.stateAt(tl.frameCount() - 1)) << "no invisible step happened";
    const std::int64_t last = tl.frameCount() - 1;
    const ClusterState lastState = run.heads().back();
    run.forkAt(last);
    EXPECT_EQ(tl.frameCount(), last + 1);
    EXPECT_TRUE(sameState(tl.head(), lastState, last));
    EXPECT_EQ(tl.operationCount(), static_cast<std::size_t>(tl.frame(last).opEnd));
}

TEST_P(Fork, AtFrameZeroStartsOver)
{
    Recorder run = makeRun();
    Timeline& tl = run.timeline();
    const ClusterState initial = run.heads().front();
    run.forkAt(0);
    EXPECT_EQ(tl.frameCount(), 1);
    EXPECT_EQ(tl.operationCount(), 0u);
    EXPECT_EQ(tl.actionCount(), 0u);
    EXPECT_EQ(tl.snapshotCount(), 1u);
    EXPECT_TRUE(sameState(tl.head(), initial, 0));
    playAutoFetchRun(run);
    expectFramesMatch(tl, run.heads(), randomOrder(tl.frameCount(), 99), "replayed from scratch");
}

INSTANTIATE_TEST_SUITE_P(Intervals, Fork, ::testing::Values(1, 7, 64),
    [](const auto& info) { return "Every" + std::to_string(info.param); });

TEST(ForkFaults, ReplayingFromBeforeEachFaultReproducesTheRun)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 7);
    playFaultRun(run);
    Timeline& tl = run.timeline();
    const std::vector<ClusterState> original = run.heads();
    const std::vector<Op> ops = run.ops();
    const std::int64_t total = tl.frameCount();
    std::vector<std::int64_t> forks;
    for (std::int64_t f = 1; f < total; ++f) {
        const EventType type = tl.frame(f).event.type;
        if (type == EventType::BrokerKilled || type == EventType::BrokerRestarted || type == EventType::BrokerIsolated
            || type == EventType::LeaderElected)
            forks.push_back(f - 1);
    }
    ASSERT_GE(forks.size(), 4u);
    for (std::int64_t f : forks) {
        SCOPED_TRACE("fork at frame " + std::to_string(f));
        const auto opEnd = static_cast<std::size_t>(tl.frame(f).opEnd);
        run.forkAt(f);
        EXPECT_TRUE(sameState(tl.head(), original[static_cast<std::size_t>(f)], f));
        run.replay(ops, opEnd);
        ASSERT_EQ(tl.frameCount(), total);
        for (std::size_t g = 0; g < original.size(); ++g)
            ASSERT_TRUE(sameState(run.heads()[g], original[g], static_cast<std::int64_t>(g)));
        expectFramesMatch(tl, original, randomOrder(total, static_cast<std::uint64_t>(f)), "random order after replay");
    }
}

// ---------------------------------------------------------------------------------------------
// Labels and notes

TEST(Labels, FindLabelReturnsTheFirstFrameWithTheLabel)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 7);
    run.advance(3000);
    Timeline& tl = run.timeline();
    ASSERT_GT(tl.frameCount(), 20);
    EXPECT_TRUE(tl.labels().empty());
    EXPECT_EQ(tl.findLabel("start"), -1);

    tl.setLabel(10, "start");
    EXPECT_EQ(tl.findLabel("start"), 10);
    EXPECT_EQ(tl.labels(), std::vector<std::string> { "start" });
    EXPECT_EQ(tl.frame(10).label, 0);
    EXPECT_EQ(tl.frame(9).label, -1);

    // The same label on an earlier frame: one entry in labels(), and the earlier frame is found.
    tl.setLabel(4, "start");
    EXPECT_EQ(tl.labels().size(), 1u);
    EXPECT_EQ(tl.findLabel("start"), 4);
    EXPECT_EQ(tl.frame(10).label, 0);

    tl.setLabel(15, "later");
    EXPECT_EQ(tl.labels(), (std::vector<std::string> { "start", "later" }));
    EXPECT_EQ(tl.findLabel("later"), 15);
    EXPECT_EQ(tl.frame(15).label, 1);

    // Relabelling replaces the frame's label.
    tl.setLabel(10, "later");
    EXPECT_EQ(tl.frame(10).label, 1);
    EXPECT_EQ(tl.findLabel("later"), 10);
    EXPECT_EQ(tl.findLabel("start"), 4);
    EXPECT_EQ(tl.findLabel(""), -1);
}

TEST(Labels, LabelsAndNotesDoNotChangeState)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 7);
    run.advance(2000);
    Timeline& tl = run.timeline();
    const std::size_t ops = tl.operationCount();
    tl.setLabel(3, "x");
    hw::LocalizedText note;
    note.byLanguage["en"] = "a note";
    tl.attachNote(3, note);
    EXPECT_EQ(tl.operationCount(), ops);
    expectFramesMatch(tl, run.heads(), forwards(tl.frameCount()), "after labelling");
}

TEST(Labels, ForkingDiscardsTheLabelsOfDiscardedFrames)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 7);
    run.advance(3000);
    Timeline& tl = run.timeline();
    const std::int64_t last = tl.frameCount() - 1;
    tl.setLabel(2, "kept");
    tl.setLabel(last, "dropped");
    run.forkAt(5);
    EXPECT_EQ(tl.findLabel("kept"), 2);
    EXPECT_EQ(tl.findLabel("dropped"), -1);
    run.advance(3000);
    EXPECT_EQ(tl.findLabel("dropped"), -1) << "new frames carry no label";
    for (std::int64_t f = 6; f < tl.frameCount(); ++f) {
        EXPECT_EQ(tl.frame(f).label, -1);
        EXPECT_EQ(tl.frame(f).note, -1);
    }
}

TEST(Notes, AttachNoteStoresTheTextForTheFrame)
{
    Recorder run(hw::Engine::createCluster(autoFetchSpec()), 7);
    run.advance(2000);
    Timeline& tl = run.timeline();
    hw::LocalizedText first;
    first.byLanguage["en"] = "first";
    first.byLanguage["zh_TW"] = "第一";
    hw::LocalizedText second;
    second.byLanguage["en"] = "second";
    tl.attachNote(3, first);
    tl.attachNote(6, second);
    ASSERT_EQ(tl.notes().size(), 2u);
    EXPECT_EQ(tl.frame(3).note, 0);
    EXPECT_EQ(tl.frame(6).note, 1);
    EXPECT_EQ(tl.frame(4).note, -1);
    EXPECT_EQ(tl.notes()[0], first);
    EXPECT_EQ(tl.notes()[static_cast<std::size_t>(tl.frame(6).note)].get("en"), "second");

    // A second note on a frame replaces the first.
    hw::LocalizedText third;
    third.byLanguage["en"] = "third";
    tl.attachNote(3, third);
    EXPECT_EQ(tl.notes()[static_cast<std::size_t>(tl.frame(3).note)].get("en"), "third");
}

TEST(Notes, LocalizedTextFallsBackToTheOtherChineseThenEnglish)
{
    hw::LocalizedText text;
    EXPECT_TRUE(text.empty());
    EXPECT_EQ(text.get("en"), "");
    text.byLanguage["zh_TW"] = "繁體";
    EXPECT_FALSE(text.empty());
    EXPECT_EQ(text.get("en"), "繁體") << "any text beats none";
    EXPECT_EQ(text.get("zh_CN"), "繁體");
    text.byLanguage["en"] = "English";
    EXPECT_EQ(text.get("zh_CN"), "繁體") << "Traditional serves a Simplified reader better than English";
    EXPECT_EQ(text.get("de"), "English");
    EXPECT_EQ(text.get("zh_TW"), "繁體");
    text.byLanguage["zh_CN"] = "简体";
    EXPECT_EQ(text.get("zh_CN"), "简体");
    hw::LocalizedText onlyCn;
    onlyCn.byLanguage["zh_CN"] = "简体";
    EXPECT_EQ(onlyCn.get("zh_TW"), "简体");
}

TEST(Labels, TheWalkthroughCheckpointsAreLabelledInOrderWithNotes)
{
    auto played = hw::playScenario(walkthroughScenario());
    ASSERT_TRUE(std::holds_alternative<Timeline>(played));
    const Timeline& tl = std::get<Timeline>(played);
    EXPECT_EQ(tl.labels(), (std::vector<std::string> { "1", "2", "3", "4" }));
    std::int64_t previous = -1;
    for (const char* label : { "1", "2", "3", "4" }) {
        const std::int64_t f = tl.findLabel(label);
        ASSERT_GT(f, previous) << label;
        EXPECT_GE(tl.frame(f).note, 0) << label;
        previous = f;
    }
}

} // namespace
