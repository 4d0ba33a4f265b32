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

#include <gtest/gtest.h>

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
