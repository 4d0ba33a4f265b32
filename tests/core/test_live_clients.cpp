// SPDX-License-Identifier: MIT
// Real clients as nodes of the simulation (clients/live_clients.h, issue #15): a live client's request
// travels the link, is answered by the code that answers simulated clients, and the answer leaves
// through the sink; a run without a sink makes the same states.
#include "check/invariants.h"
#include "engine/engine.h"
#include "model/config.h"
#include "model/kafka_version.h"
#include "model/limits.h"
#include "model/record_text.h"
#include "scenario/scenario.h"
#include "timeline/metrics.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <iostream>
#include <variant>

using namespace hw;

namespace {

ClusterSpec liveSpec()
{
    ClusterSpec spec;
    spec.name = "live";
    spec.brokers = 3;
    spec.config = defaultsFor(KafkaVersion::V4_2);
    TopicSpec topic;
    topic.name = "orders";
    topic.partitions = 1;
    topic.replicationFactor = 3;
    topic.assignment = {{1, 2, 3}};
    spec.topics.push_back(topic);
    return spec;
}

struct RecordingSink : LiveClientSink {
    std::vector<std::pair<std::int32_t, Message>> answers;
    void answer(std::int32_t client, const Message& message) override { answers.emplace_back(client, message); }
};

LiveClientAction connect(BrokerId broker, std::string id = "rdkafka#1")
{
    LiveClientAction a;
    a.kind = LiveClientAction::Kind::Connect;
    a.id = std::move(id);
    a.broker = broker;
    return a;
}

LiveClientAction request(std::int32_t client, LiveRequest body)
{
    LiveClientAction a;
    a.kind = LiveClientAction::Kind::Request;
    a.client = client;
    a.request = std::move(body);
    return a;
}

LiveProduce produceOf(std::vector<std::string> values, Acks acks = Acks::All)
{
    LiveProduce p;
    p.acks = acks;
    for (std::string& v : values) {
        LiveRecord record;
        record.value = std::move(v);
        p.records.push_back(std::move(record));
    }
    return p;
}

/// Steps until nothing is queued before `untilMs`, checking the invariants after every event.
void runUntil(Engine& engine, TimeMs untilMs)
{
    InvariantChecker checker;
    while (engine.hasQueuedEvents() && engine.nextEventTimeMs() <= untilMs) {
        engine.step();
        const auto problems = checker.check(engine.state());
        ASSERT_TRUE(problems.empty()) << problems.front();
    }
}

} // namespace

TEST(LiveClients, AProduceWithAcksAllIsAnsweredOnceTheHwCoversIt)
{
    Engine engine(Engine::createCluster(liveSpec()));
    RecordingSink sink;
    engine.setLiveClientSink(&sink);
    ASSERT_TRUE(engine.apply(connect(1)).ok());
    const ApplyResult sent = engine.apply(request(0, produceOf({"hello", "world"})));
    ASSERT_TRUE(sent.ok()) << sent.error;
    EXPECT_EQ(sent.event->type, EventType::LiveRequestSent);
    runUntil(engine, 2000);
    ASSERT_FALSE(sink.answers.empty());
    const auto* answer = std::get_if<ProduceResponse>(&sink.answers.front().second.body);
    ASSERT_NE(answer, nullptr);
    EXPECT_EQ(answer->error, ErrorCode::None);
    EXPECT_EQ(answer->baseOffset, 0);
    for (const Replica& r : engine.state().partitions[0].replicas) {
        EXPECT_EQ(r.log.leo(), 2) << "broker " << r.broker;
        EXPECT_EQ(engine.state().payloads[static_cast<std::size_t>(r.log.at(1).payload)].value, "world");
    }
    EXPECT_EQ(engine.state().payloads[0].liveClient, 0);
}

TEST(LiveClients, AFetchReadsBelowTheHwAndLongPollsUntilMaxWait)
{
    Engine engine(Engine::createCluster(liveSpec()));
    RecordingSink sink;
    engine.setLiveClientSink(&sink);
    ASSERT_TRUE(engine.apply(connect(1)).ok());
    LiveFetch fetch;
    fetch.fetchOffset = 0;
    fetch.maxRecords = 100;
    fetch.maxWaitMs = 500;
    ASSERT_TRUE(engine.apply(request(0, fetch)).ok());
    runUntil(engine, 400);
    EXPECT_TRUE(sink.answers.empty()) << "an empty fetch waits up to max_wait_ms";
    runUntil(engine, 700);
    ASSERT_EQ(sink.answers.size(), 1u);
    const auto* answer = std::get_if<FetchResponse>(&sink.answers.front().second.body);
    ASSERT_NE(answer, nullptr);
    EXPECT_EQ(answer->recordCount, 0);
}

TEST(LiveClients, MetadataNamesTheBrokersReplicasAndIsr)
{
    Engine engine(Engine::createCluster(liveSpec()));
    RecordingSink sink;
    engine.setLiveClientSink(&sink);
    ASSERT_TRUE(engine.apply(connect(2)).ok());
    ASSERT_TRUE(engine.apply(request(0, LiveMetadata{})).ok());
    runUntil(engine, 100);
    ASSERT_EQ(sink.answers.size(), 1u);
    const auto& metadata = std::get<MetadataResponse>(sink.answers.front().second.body);
    EXPECT_EQ(metadata.brokers, (std::vector<BrokerId>{1, 2, 3}));
    ASSERT_EQ(metadata.partitions.size(), 1u);
    EXPECT_EQ(metadata.partitions[0].leader, 1);
    EXPECT_EQ(metadata.partitions[0].isr, (std::vector<BrokerId>{1, 2, 3}));
}

TEST(LiveClients, ARequestToAKilledBrokerFailsWithANetworkException)
{
    Engine engine(Engine::createCluster(liveSpec()));
    RecordingSink sink;
    engine.setLiveClientSink(&sink);
    ASSERT_TRUE(engine.apply(connect(1)).ok());
    ASSERT_TRUE(engine.apply(BrokerAction{BrokerAction::Kind::Kill, 1, 0}).ok());
    ASSERT_TRUE(engine.apply(request(0, produceOf({"x"}))).ok());
    runUntil(engine, 100);
    ASSERT_EQ(sink.answers.size(), 1u);
    EXPECT_TRUE(sink.answers.front().second.connectionError);
    EXPECT_EQ(std::get<ProduceResponse>(sink.answers.front().second.body).error, ErrorCode::NetworkException);
}

// A produce waiting in the leader's purgatory when the leader dies is answered to the live client that
// sent it (DelayedProduce::requester), not to a simulated producer of that number (there is none: the
// server crashed there once).
TEST(LiveClients, AProduceWaitingWhenItsLeaderDiesIsAnsweredToTheLiveClient)
{
    for (const BrokerAction::Kind kind : {BrokerAction::Kind::Kill}) {
        Engine engine(Engine::createCluster(liveSpec()));
        // Slow followers: acks=all waits in the leader's purgatory.
        ASSERT_TRUE(engine.apply(SlowAction{2, 3000}).ok());
        ASSERT_TRUE(engine.apply(SlowAction{3, 3000}).ok());
        RecordingSink sink;
        engine.setLiveClientSink(&sink);
        ASSERT_TRUE(engine.apply(connect(1)).ok());
        ASSERT_TRUE(engine.apply(connect(1, "rdkafka#2")).ok());
        ASSERT_TRUE(engine.apply(request(1, produceOf({"x"}))).ok());
        runUntil(engine, 50);
        ASSERT_TRUE(sink.answers.empty());
        std::size_t delayed = 0;
        for (const Replica& r : engine.state().partitions[0].replicas)
            delayed += r.delayedProduces.size();
        ASSERT_EQ(delayed, 1u) << "the produce waits for the followers";
        ASSERT_TRUE(engine.apply(BrokerAction{kind, 1, 0}).ok());
        runUntil(engine, 29000); // before the produce's own timeout (30 s)
        ASSERT_FALSE(sink.answers.empty());
        EXPECT_EQ(sink.answers.front().first, 1);
        const auto& response = std::get<ProduceResponse>(sink.answers.front().second.body);
        EXPECT_NE(response.error, ErrorCode::None);
    }
}

TEST(LiveClients, TheSameInputsWithoutASinkMakeTheSameState)
{
    auto run = [](bool withSink) {
        Engine engine(Engine::createCluster(liveSpec()));
        RecordingSink sink;
        if (withSink)
            engine.setLiveClientSink(&sink);
        engine.apply(connect(1));
        engine.apply(request(0, produceOf({"a", "b", "c"})));
        runUntil(engine, 300);
        LiveClientAction later = request(0, produceOf({"d"}, Acks::Leader));
        later.atMs = 400;
        EXPECT_TRUE(engine.apply(later).ok());
        runUntil(engine, 2000);
        return engine.state();
    };
    EXPECT_EQ(run(true), run(false));
}

TEST(LiveClients, BadRequestsAreRefusedWithAReason)
{
    Engine engine(Engine::createCluster(liveSpec()));
    EXPECT_FALSE(engine.apply(connect(9)).ok());
    EXPECT_FALSE(engine.apply(request(0, LiveMetadata{})).ok()) << "no client 0 yet";
    ASSERT_TRUE(engine.apply(connect(1)).ok());
    LiveProduce none = produceOf({});
    EXPECT_NE(engine.apply(request(0, none)).error.find("1 to"), std::string::npos);
    LiveProduce big = produceOf({std::string(limits::liveRecordBytesMax + 1, 'x')});
    EXPECT_NE(engine.apply(request(0, big)).error.find("at most"), std::string::npos);
    LiveProduce atLimit = produceOf({std::string(limits::liveRecordBytesMax, 'x')});
    EXPECT_TRUE(engine.apply(request(0, atLimit)).ok());
    LiveClientAction past = request(0, LiveMetadata{});
    past.atMs = 0;
    engine.apply(AdvanceAction{5});
    EXPECT_FALSE(engine.apply(past).ok()) << "a request cannot arrive in the past";
}

// Issue 28 defect 3: slots are reused, so liveClientsMax bounds the clients open at once, not the
// connections of a session; an answer meant for a closed connection never reaches its slot's next user.
TEST(LiveClients, AClosedConnectionsSlotIsReusedAndItsLateAnswerIsDropped)
{
    Engine engine(Engine::createCluster(liveSpec()));
    RecordingSink sink;
    engine.setLiveClientSink(&sink);
    const ApplyResult first = engine.apply(connect(1, "127.0.0.1:1000"));
    ASSERT_TRUE(first.ok());
    const std::int32_t a = first.event->peer;
    EXPECT_EQ(a, 0);
    // A's metadata request is on the wire (one link latency) when A closes and B takes its slot.
    ASSERT_TRUE(engine.apply(request(a, LiveMetadata{})).ok());
    LiveClientAction close;
    close.kind = LiveClientAction::Kind::Disconnect;
    close.client = a;
    ASSERT_TRUE(engine.apply(close).ok());
    const ApplyResult second = engine.apply(connect(1, "127.0.0.1:1001"));
    ASSERT_TRUE(second.ok());
    const std::int32_t b = second.event->peer;
    EXPECT_EQ(b % limits::liveClientsMax, 0) << "the lowest free slot";
    EXPECT_EQ(b, limits::liveClientsMax) << "its second incarnation";
    ASSERT_EQ(engine.state().liveClients.size(), 1u);
    EXPECT_EQ(engine.state().liveClient(a), nullptr) << "A's handle names nobody now";
    ASSERT_NE(engine.state().liveClient(b), nullptr);
    EXPECT_EQ(engine.state().liveClient(b)->id, "127.0.0.1:1001");
    ASSERT_TRUE(engine.apply(request(b, produceOf({"mine"}, Acks::Leader))).ok());
    runUntil(engine, 2000);
    ASSERT_EQ(sink.answers.size(), 1u) << "A's metadata answer is dropped, B's produce answered";
    EXPECT_EQ(sink.answers.front().first, b);
    EXPECT_TRUE(std::holds_alternative<ProduceResponse>(sink.answers.front().second.body));
    EXPECT_FALSE(engine.apply(request(a, LiveMetadata{})).ok()) << "A's handle cannot send";
}

TEST(LiveClients, AStormOfConnectionsNeverRunsOutOfSlots)
{
    Engine engine(Engine::createCluster(liveSpec()));
    constexpr int storm = 70000;
    for (int i = 0; i < storm; ++i) {
        const ApplyResult opened = engine.apply(connect(1 + i % 3, "127.0.0." + std::to_string(2 + i % 8) + ":" + std::to_string(i)));
        ASSERT_TRUE(opened.ok()) << "connection " << i << ": " << opened.error;
        LiveClientAction close;
        close.kind = LiveClientAction::Kind::Disconnect;
        close.client = opened.event->peer;
        ASSERT_TRUE(engine.apply(close).ok());
    }
    EXPECT_EQ(engine.state().liveClients.size(), 1u);
    // Open at once is what is bounded: the next one past liveClientsMax is refused, with a reason.
    for (int i = 0; i < limits::liveClientsMax; ++i)
        ASSERT_TRUE(engine.apply(connect(1, "127.0.0.1:" + std::to_string(i))).ok());
    const ApplyResult over = engine.apply(connect(1, "127.0.0.1:9"));
    EXPECT_NE(over.error.find("connected at once"), std::string::npos) << over.error;
}

namespace {

/// A live client producing one small record every 5 ms for `batches` batches, with the engine's
/// events in between, as serve drives a timeline.
void liveRun(Timeline& timeline, int batches)
{
    const ApplyResult opened = timeline.apply(connect(1));
    ASSERT_TRUE(opened.ok());
    for (int i = 0; i < batches; ++i) {
        const TimeMs at = timeline.head().nowMs + 5;
        while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < at)
            timeline.step();
        LiveClientAction produce = request(opened.event->peer, produceOf({"r" + std::to_string(i)}, Acks::Leader));
        produce.atMs = at;
        ASSERT_TRUE(timeline.apply(produce).ok());
    }
}

} // namespace

// Issue 28 defect 1: at its memory budget a live timeline drops its oldest frames and goes on; the
// frames it keeps keep their numbers and rebuild exactly as in a timeline that kept everything.
TEST(LiveTimeline, AtTheBudgetTheOldestFramesAreDroppedAndTheRestStayExact)
{
    Timeline whole(Engine::createCluster(liveSpec()));
    Timeline live(Engine::createCluster(liveSpec()));
    live.setMemoryBudget(limits::historyBytesMin);
    live.setDropsOldestFrames(true);
    std::vector<std::pair<std::int64_t, std::int64_t>> drops;
    int beforeDrops = 0;
    live.setBeforeDrop([&] { ++beforeDrops; });
    live.setDropObserver([&](std::int64_t first, std::int64_t dropped) { drops.emplace_back(first, dropped); });
    liveRun(whole, 3000);
    liveRun(live, 3000);
    ASSERT_FALSE(drops.empty()) << "1 MiB holds less than this run's history";
    EXPECT_EQ(beforeDrops, static_cast<int>(drops.size()));
    EXPECT_EQ(live.firstFrame(), drops.back().first);
    EXPECT_GT(live.firstFrame(), 0);
    ASSERT_EQ(live.frameCount(), whole.frameCount()) << "frames keep their numbers";
    EXPECT_EQ(live.operationCount(), whole.operationCount());
    EXPECT_LT(live.historyBytes(), whole.historyBytes());
    EXPECT_THROW(live.stateAt(0), FrameDropped);
    EXPECT_THROW(live.stateAt(live.firstFrame() - 1), FrameDropped);
    // Every kept frame, forwards (the cache path) and a few jumps (from a snapshot).
    for (std::int64_t f = live.firstFrame(); f < live.frameCount(); ++f) {
        ASSERT_EQ(live.frame(f).timeMs, whole.frame(f).timeMs) << "frame " << f;
        ASSERT_EQ(live.frame(f).event, whole.frame(f).event) << "frame " << f;
        ASSERT_EQ(live.stateAt(f), whole.stateAt(f)) << "frame " << f;
    }
    for (const std::int64_t f : {live.frameCount() - 1, live.firstFrame(), (live.firstFrame() + live.frameCount()) / 2})
        EXPECT_EQ(live.stateAt(f), whole.stateAt(f)) << "frame " << f;
    // A fork at a kept frame goes on from there.
    live.forkAt(live.frameCount() - 10);
    EXPECT_EQ(live.head(), whole.stateAt(whole.frameCount() - 10));
}

// The app's live lab saves every action from the first although its timeline drops the oldest frames
// (issue 28, defect 1): a SessionRecorder written before each drop, then with the rest, writes the
// same scenario as recordSession of a timeline that kept everything, and it replays to the same frames.
TEST(LiveTimeline, ASessionRecordedBeforeEachDropIsTheWholeSession)
{
    Scenario base;
    base.name = "live";
    base.cluster = liveSpec();
    Timeline whole(Engine::createCluster(liveSpec()));
    Timeline live(Engine::createCluster(liveSpec()));
    live.setMemoryBudget(limits::historyBytesMin);
    live.setDropsOldestFrames(true);
    SessionRecorder recorder(base);
    int drops = 0;
    live.setBeforeDrop([&] {
        recorder.record(live);
        ++drops;
    });
    liveRun(whole, 3000);
    liveRun(live, 3000);
    ASSERT_GE(drops, 2) << "1 MiB holds less than this run's history, several times";
    ASSERT_GT(live.firstFrame(), 0);
    EXPECT_THROW(recordSession(base, live), FrameDropped) << "the frames from the first are gone";
    SessionRecorder rest = recorder;
    rest.record(live);
    EXPECT_EQ(recorder.operationsWritten() < rest.operationsWritten(), true);
    const std::string json = scenarioToJson(rest.scenario());
    EXPECT_EQ(json, scenarioToJson(recordSession(base, whole)));
    // Recording again adds nothing.
    rest.record(live);
    EXPECT_EQ(scenarioToJson(rest.scenario()), json);
    EXPECT_GT(rest.bytes(), 3000U * 96) << "each record counts";
}

// The charts' numbers of the frames a live timeline dropped go with them: each series keeps its value
// at the first frame kept, as a change point there, and nothing before it.
TEST(LiveTimeline, RunMetricsDropTheNumbersOfDroppedFrames)
{
    StepSeries series;
    series.set(0, 1);
    series.set(5, 2);
    series.set(9, 3);
    StepSeries dropped = series;
    dropped.dropBefore(7);
    ASSERT_EQ(dropped.size(), 2U);
    EXPECT_EQ(dropped.frameAt(0), 7);
    EXPECT_EQ(dropped.valueAt(0), 2);
    EXPECT_EQ(dropped.valueAtFrame(8), series.valueAtFrame(8));
    EXPECT_EQ(dropped.valueAtFrame(20), series.valueAtFrame(20));
    EXPECT_EQ(dropped.valueAtFrame(6), std::nullopt);
    dropped.dropBefore(9);
    ASSERT_EQ(dropped.size(), 1U);
    EXPECT_EQ(dropped.frameAt(0), 9);
    EXPECT_EQ(dropped.valueAt(0), 3);

    Timeline live(Engine::createCluster(liveSpec()));
    live.setMemoryBudget(limits::historyBytesMin);
    live.setDropsOldestFrames(true);
    RunMetrics metrics;
    metrics.reset(live.head());
    live.setObserver([&](const ClusterState& state, const FrameInfo&) { metrics.record(state); });
    live.setDropObserver([&](std::int64_t first, std::int64_t) { metrics.dropBefore(first); });
    RunMetrics kept; // everything, for the values
    Timeline whole(Engine::createCluster(liveSpec()));
    kept.reset(whole.head());
    whole.setObserver([&](const ClusterState& state, const FrameInfo&) { kept.record(state); });
    liveRun(live, 3000);
    liveRun(whole, 3000);
    ASSERT_GT(live.firstFrame(), 0);
    EXPECT_EQ(metrics.firstFrame(), live.firstFrame());
    EXPECT_EQ(metrics.frameCount(), live.frameCount());
    const PartitionMetrics& pm = metrics.partitions()[0];
    const PartitionMetrics& all = kept.partitions()[0];
    for (std::size_t r = 0; r < pm.leo.size(); ++r) {
        EXPECT_EQ(pm.leo[r].frameAt(0), live.firstFrame());
        EXPECT_LT(pm.leo[r].size(), all.leo[r].size());
        for (std::int64_t f = live.firstFrame(); f < live.frameCount(); f += 97)
            ASSERT_EQ(pm.leo[r].valueAtFrame(f), all.leo[r].valueAtFrame(f)) << "frame " << f;
    }
    EXPECT_EQ(pm.hw.valueAtFrame(live.frameCount() - 1), all.hw.valueAtFrame(live.frameCount() - 1));
}

// The sizing of issue 28: a 90-minute class at 2,000 records/s keeps at least its last 30 minutes
// scrubbable within the default budget. Everything a live run holds grows with its records (the logs,
// the frames, operations and actions of each batch), so the class is scaled down 45 times: 2 minutes
// at 2,000 records/s (batches of 100 every 50 ms, 20-byte records) within 4 GiB / 45 must keep its
// last 40 s (30 minutes / 45).
TEST(LiveTimeline, AClassScaledDownKeepsAThirdOfItsHistoryWithinTheScaledBudget)
{
    constexpr int scale = 45;
    constexpr TimeMs classMs = 90 * 60 * 1000 / scale;
    constexpr TimeMs keptMs = 30 * 60 * 1000 / scale;
    Timeline timeline(Engine::createCluster(liveSpec()));
    timeline.setMemoryBudget(limits::historyBytesDefault / scale);
    timeline.setDropsOldestFrames(true);
    const ApplyResult opened = timeline.apply(connect(1));
    ASSERT_TRUE(opened.ok());
    const TimeMs start = timeline.head().nowMs;
    std::int64_t batches = 0;
    while (timeline.head().nowMs < start + classMs) {
        const TimeMs at = start + 50 * (batches + 1);
        while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < at)
            timeline.step();
        std::vector<std::string> values;
        for (int i = 0; i < 100; ++i)
            values.push_back("class-record-" + std::to_string(batches * 100 + i));
        LiveClientAction produce = request(opened.event->peer, produceOf(std::move(values), Acks::All));
        produce.atMs = at;
        ASSERT_TRUE(timeline.apply(produce).ok());
        ++batches;
    }
    const TimeMs end = timeline.head().nowMs;
    const TimeMs firstKept = timeline.frame(timeline.firstFrame()).timeMs;
    std::cout << "a class scaled down " << scale << " times: " << batches * 100 << " records in " << (end - start) / 1000
              << " s, " << timeline.frameCount() << " frames (" << static_cast<double>(timeline.frameCount()) / static_cast<double>(batches)
              << " per batch), history " << formatByteSize(timeline.historyBytes()) << " of "
              << formatByteSize(timeline.memoryBudget()) << "; keeps the last " << (end - firstKept) / 1000
              << " s (x" << scale << ": " << (end - firstKept) * scale / 60000 << " minutes of 90)\n";
    EXPECT_LE(firstKept, end - keptMs);
}

// Records of a megabyte (liveRecordBytesMax, Kafka's max.message.bytes) are kept whole, so the history's
// memory budget must count their bytes: ten of them grow the history by at least the ten payloads, and
// not by a copy of each per frame.
TEST(LiveTimeline, MegabyteRecordsCountAgainstTheMemoryBudget)
{
    Timeline timeline(Engine::createCluster(liveSpec()));
    const ApplyResult opened = timeline.apply(connect(1));
    ASSERT_TRUE(opened.ok());
    const std::uint64_t before = timeline.historyBytes();
    const std::int64_t framesBefore = timeline.frameCount();
    constexpr int records = 10;
    for (int i = 0; i < records; ++i) {
        const TimeMs at = timeline.head().nowMs + 50;
        while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < at)
            timeline.step();
        std::string value(limits::liveRecordBytesMax, static_cast<char>('a' + i));
        LiveClientAction produce = request(opened.event->peer, produceOf({std::move(value)}, Acks::All));
        produce.atMs = at;
        ASSERT_TRUE(timeline.apply(produce).ok());
    }
    const TimeMs end = timeline.head().nowMs + 1000;
    while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < end)
        timeline.step();
    const std::uint64_t grown = timeline.historyBytes() - before;
    const std::int64_t frames = timeline.frameCount() - framesBefore;
    std::cout << records << " records of " << limits::liveRecordBytesMax << " bytes: history grew by "
              << formatByteSize(grown) << " over " << frames << " frames\n";
    EXPECT_GE(grown, records * limits::liveRecordBytesMax);
    EXPECT_LT(grown, static_cast<std::uint64_t>(frames) * limits::liveRecordBytesMax)
        << "a copy of the records per frame would be this much";
}

TEST(LiveTimeline, WithoutDroppingTheBudgetStillStopsTheRun)
{
    Timeline timeline(Engine::createCluster(liveSpec()));
    timeline.setMemoryBudget(limits::historyBytesMin);
    EXPECT_THROW(liveRun(timeline, 3000), MemoryBudgetReached);
    EXPECT_EQ(timeline.firstFrame(), 0);
}

TEST(RecordText, Utf8IsShownAsTextAndBytesAsHexCutToTheLimit)
{
    EXPECT_TRUE(isValidUtf8("高水位 hello"));
    EXPECT_FALSE(isValidUtf8(std::string("\xc0\xaf", 2))) << "overlong";
    EXPECT_FALSE(isValidUtf8(std::string("\xed\xa0\x80", 3))) << "surrogate";
    EXPECT_FALSE(isValidUtf8(std::string("\xe9\xab", 2))) << "truncated";
    EXPECT_EQ(recordText("hello", 10), "hello");
    EXPECT_EQ(recordText("高水位高水位", 3), "高水位\u2026");
    EXPECT_EQ(recordText(std::string("\x00\xff", 2), 10), "0x00ff");
    EXPECT_EQ(recordText(std::string(8, '\xff'), 4), "0xffff\u2026");
}
