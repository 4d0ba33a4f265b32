// SPDX-License-Identifier: MIT
// A session recorded with recordSession replays, through a scenario file, to the same frames.

#include "check/chaos.h"
#include "groups/consumer_protocol.h"
#include "model/limits.h"
#include "scenario/builtin.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>

namespace {

std::string dumpAll(const hw::Timeline& timeline)
{
    std::string out;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f)
        out += hw::frameToJson(timeline, f, timeline.stateAt(f)).dump() + "\n";
    return out;
}

hw::Scenario load(const std::string& source)
{
    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<hw::Scenario>(std::move(loaded));
}

hw::Timeline play(const hw::Scenario& scenario)
{
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    if (auto error = hw::runScenario(scenario, timeline))
        ADD_FAILURE() << error->toString();
    return timeline;
}

/// Records a timeline, writes the recording as JSON, reads it back and replays it.
std::string replayRecording(const hw::Scenario& base, const hw::Timeline& timeline)
{
    const std::string json = hw::scenarioToJson(hw::recordSession(base, timeline));
    auto parsed = hw::parseScenario(json, "recording.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString() << "\n" << json.substr(0, 2000);
        return {};
    }
    return dumpAll(play(std::get<hw::Scenario>(parsed)));
}

class RecordBuiltin : public ::testing::TestWithParam<std::string> {};

TEST_P(RecordBuiltin, ReplaysToIdenticalFrames)
{
    const hw::Scenario scenario = load("builtin:" + GetParam());
    const hw::Timeline timeline = play(scenario);
    EXPECT_EQ(replayRecording(scenario, timeline), dumpAll(timeline));
}

std::vector<std::string> builtinNames()
{
    std::vector<std::string> names;
    for (const hw::BuiltinScenario& b : hw::builtinScenarios())
        names.emplace_back(b.name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(Builtins, RecordBuiltin, ::testing::ValuesIn(builtinNames()), [](const auto& info) {
    std::string name = info.param;
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    }
    return name;
});

TEST(Recording, ActionsAtAPastFrameForkAndTheForkIsWhatIsRecorded)
{
    const hw::Scenario scenario = load("builtin:leo-hw-walkthrough");
    hw::Timeline timeline = play(scenario);
    timeline.forkAt(timeline.findLabel("2"));
    ASSERT_TRUE(timeline.apply(hw::BrokerAction{hw::BrokerAction::Kind::Kill, 3, 0}).ok());
    ASSERT_TRUE(hw::runAdvance(timeline, 12000).empty());
    ASSERT_TRUE(timeline.apply(hw::SlowAction{2, 40}).ok());
    ASSERT_TRUE(hw::runSettle(timeline).empty());
    EXPECT_EQ(replayRecording(scenario, timeline), dumpAll(timeline));
}

TEST(Recording, ChaosRunsReplayThroughTheirRecording)
{
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const hw::ChaosResult result = hw::runChaos(seed);
        ASSERT_TRUE(result.ok()) << "seed " << seed;
        const hw::Timeline original = play(result.scenario);
        auto parsed = hw::parseScenario(hw::scenarioToJson(hw::recordSession(result.scenario, original)), "rec.json");
        ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << "seed " << seed;
        const hw::Timeline replayed = play(std::get<hw::Scenario>(parsed));
        // Frame by frame: the same events at the same times, and the same final state.
        ASSERT_EQ(replayed.frameCount(), original.frameCount()) << "seed " << seed;
        for (std::int64_t f = 0; f < original.frameCount(); ++f) {
            ASSERT_EQ(replayed.frame(f).event, original.frame(f).event) << "seed " << seed << " frame " << f;
            ASSERT_EQ(replayed.frame(f).timeMs, original.frame(f).timeMs) << "seed " << seed << " frame " << f;
        }
        EXPECT_TRUE(replayed.head() == original.head()) << "seed " << seed;
    }
}

TEST(Recording, ARunStepThatAsksForMoreEventsThanQueuedIsAnError)
{
    hw::Scenario scenario = load("builtin:leo-hw-walkthrough");
    scenario.steps = {hw::RunStep{hw::limits::eventsPerStepMax}};
    scenario.cluster.config.brokerHeartbeatIntervalMs = 600000;
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    // Heartbeats and ISR checks never stop, so the queue never empties: the step runs its events.
    EXPECT_FALSE(hw::runScenario(scenario, timeline).has_value());
    EXPECT_GT(timeline.head().nowMs, 0);
}

} // namespace

namespace {

hw::LiveClientAction liveAt(hw::TimeMs atMs, std::int32_t client, hw::LiveRequest body)
{
    hw::LiveClientAction a;
    a.atMs = atMs;
    a.client = client;
    a.request = std::move(body);
    return a;
}

/// Handles every queued event due before `untilMs`, as `serve` does before a request that arrived then.
void stepBefore(hw::Timeline& timeline, hw::TimeMs untilMs)
{
    while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < untilMs)
        timeline.step();
}

} // namespace

// A live session (what `highwater-cli serve --record` writes) replays through its file: binary keys and
// values (hex), a tombstone, headers, fetches, list offsets, metadata, an idempotent producer id.
TEST(Recording, ALiveSessionWithBinaryRecordsReplaysToIdenticalFrames)
{
    hw::Scenario scenario = load("builtin:leo-hw-walkthrough");
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    ASSERT_FALSE(hw::runScenario(scenario, timeline));
    ASSERT_TRUE(timeline.apply(hw::ConfigAction{"auto.fetch", hw::ConfigValue{hw::ConfigValue::Kind::Boolean, 0, true, {}}}).ok());
    hw::TimeMs t = timeline.head().nowMs + 10;

    hw::LiveClientAction connect;
    connect.kind = hw::LiveClientAction::Kind::Connect;
    connect.atMs = t;
    connect.broker = 1;
    connect.id = "rdkafka";
    stepBefore(timeline, t);
    ASSERT_TRUE(timeline.apply(connect).ok()) << timeline.apply(connect).error;
    stepBefore(timeline, t += 3);
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, hw::LiveMetadata{})).ok());
    stepBefore(timeline, t += 5);
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, hw::LiveInitProducerId{})).ok());

    hw::LiveProduce produce;
    produce.partition = 0;
    produce.producerId = -1;
    hw::LiveRecord text;
    text.value = "hello";
    text.timestampMs = 1700000000000;
    hw::LiveRecord binary;
    binary.hasKey = true;
    binary.key = std::string("\xff\x00\x01", 3);
    binary.value = std::string("\xc3\x28", 2); // not UTF-8
    binary.headers.push_back({"trace", std::string("\x80", 1), false});
    binary.headers.push_back({"empty", "", true});
    hw::LiveRecord tombstone;
    tombstone.hasKey = true;
    tombstone.key = "k";
    tombstone.valueNull = true;
    produce.records = {text, binary, tombstone};
    stepBefore(timeline, t += 5);
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, produce)).ok());
    stepBefore(timeline, t += 200);
    hw::LiveFetch fetch;
    fetch.partition = 0;
    fetch.fetchOffset = 0;
    fetch.maxRecords = 100;
    fetch.maxWaitMs = 500;
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, fetch)).ok());
    stepBefore(timeline, t += 50);
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, hw::LiveListOffsets{0, -1})).ok());
    stepBefore(timeline, t += 1000);
    hw::LiveClientAction disconnect;
    disconnect.kind = hw::LiveClientAction::Kind::Disconnect;
    disconnect.atMs = t;
    ASSERT_TRUE(timeline.apply(disconnect).ok());
    stepBefore(timeline, t + 2000);

    const std::string json = hw::scenarioToJson(hw::recordSession(scenario, timeline));
    EXPECT_NE(json.find("\"value_hex\": \"c328\""), std::string::npos) << json.substr(json.size() - 3000);
    EXPECT_NE(json.find("\"key_hex\": \"ff0001\""), std::string::npos);
    EXPECT_NE(json.find("\"value\": null"), std::string::npos);
    EXPECT_EQ(replayRecording(scenario, timeline), dumpAll(timeline));
}

namespace {

/// What the engine answered each live client, for a test that reads a member id or a coordinator back.
struct AnswerLog : hw::LiveClientSink {
    std::vector<std::pair<std::int32_t, hw::Message>> answers;
    void answer(std::int32_t client, const hw::Message& message) override { answers.emplace_back(client, message); }
    template <typename T> const T* last(std::int32_t client) const
    {
        for (auto it = answers.rbegin(); it != answers.rend(); ++it) {
            if (it->first == client)
                return std::get_if<T>(&it->second.body);
        }
        return nullptr;
    }
};

std::string rangeSubscription()
{
    hw::ConsumerSubscription s;
    s.version = 1;
    s.topics = {"orders"};
    return hw::encodeConsumerSubscription(s);
}

} // namespace

// Issue 28: File > Save scenario and `serve --record` on a class with consumer groups. Every group
// request of real members (FindCoordinator; JoinGroup v4 with its MEMBER_ID_REQUIRED round; a leader's
// SyncGroup with opaque assignment bytes; Heartbeat; OffsetCommit; OffsetFetch of some partitions and of
// all; LeaveGroup) is written into the file and read back, and the file replays to the same frames. The
// writer once wrote every group request as "init_producer_id".
TEST(Recording, ALiveGroupSessionReplaysToIdenticalFrames)
{
    const hw::Scenario scenario = load("builtin:consumer-group-basics");
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    ASSERT_FALSE(hw::runScenario(scenario, timeline));
    AnswerLog log;
    timeline.setLiveClientSink(&log);
    hw::TimeMs t = timeline.head().nowMs + 10;
    auto connect = [&](hw::BrokerId broker) {
        hw::LiveClientAction a;
        a.kind = hw::LiveClientAction::Kind::Connect;
        a.atMs = t;
        a.broker = broker;
        a.id = "127.0.0.1:" + std::to_string(50000 + t);
        stepBefore(timeline, t);
        const hw::ApplyResult r = timeline.apply(a);
        EXPECT_TRUE(r.ok()) << r.error;
    };
    auto send = [&](std::int32_t client, hw::LiveRequest body, hw::TimeMs afterMs) {
        stepBefore(timeline, t += afterMs);
        const hw::ApplyResult r = timeline.apply(liveAt(t, client, std::move(body)));
        ASSERT_TRUE(r.ok()) << r.error;
    };
    auto group = [&](hw::GroupRequestKind kind, std::string memberId, std::int32_t generation) {
        hw::GroupRequest r;
        r.kind = kind;
        r.memberId = std::move(memberId);
        r.generation = generation;
        hw::LiveGroupFields live;
        live.groupId = "class-app";
        live.clientId = "rdkafka";
        live.clientHost = "/127.0.0.1";
        live.protocolType = "consumer";
        live.sessionTimeoutMs = 45000;
        live.rebalanceTimeoutMs = 300000;
        r.live = live;
        return r;
    };

    connect(1);
    send(0, hw::LiveFindCoordinator{"class-app"}, 1);
    stepBefore(timeline, t += 100);
    const auto* found = log.last<hw::FindCoordinatorResponse>(0);
    ASSERT_NE(found, nullptr);
    ASSERT_EQ(found->error, hw::ErrorCode::None);
    connect(found->coordinator);
    connect(found->coordinator);
    std::string members[2];
    for (std::int32_t i = 0; i < 2; ++i) {
        hw::GroupRequest join = group(hw::GroupRequestKind::Join, {}, -1);
        join.live->requireKnownMemberId = true;
        join.live->protocols = {{"range", rangeSubscription()}, {"cooperative-sticky", rangeSubscription()}};
        send(1 + i, hw::LiveGroup{join}, 5);
        stepBefore(timeline, t += 20);
        const auto* required = log.last<hw::GroupResponse>(1 + i);
        ASSERT_NE(required, nullptr);
        ASSERT_EQ(required->error, hw::ErrorCode::MemberIdRequired);
        members[i] = required->memberId;
        join.memberId = members[i];
        send(1 + i, hw::LiveGroup{join}, 5);
    }
    stepBefore(timeline, t += 5000); // past group.initial.rebalance.delay.ms
    const auto* joined = log.last<hw::GroupResponse>(1);
    ASSERT_NE(joined, nullptr);
    ASSERT_EQ(joined->error, hw::ErrorCode::None);
    const std::int32_t generation = joined->generation;
    const std::int32_t leader = joined->leader == members[0] ? 1 : 2;
    hw::GroupRequest sync = group(hw::GroupRequestKind::Sync, members[leader - 1], generation);
    hw::ConsumerAssignment first{0, {{"orders", {0, 1}}}, std::string("\x00\xff user data", 12)};
    hw::ConsumerAssignment second{0, {{"orders", {2}}}, std::nullopt};
    sync.live->assignments = {{members[0], hw::encodeConsumerAssignment(first)},
                              {members[1], hw::encodeConsumerAssignment(second)}};
    send(3 - leader, hw::LiveGroup{group(hw::GroupRequestKind::Sync, members[2 - leader], generation)}, 5);
    send(leader, hw::LiveGroup{sync}, 5);
    stepBefore(timeline, t += 100);
    ASSERT_NE(log.last<hw::GroupResponse>(1), nullptr);
    EXPECT_EQ(log.last<hw::GroupResponse>(1)->error, hw::ErrorCode::None);
    send(1, hw::LiveGroup{group(hw::GroupRequestKind::Heartbeat, members[0], generation)}, 500);
    hw::GroupRequest commit = group(hw::GroupRequestKind::OffsetCommit, members[0], generation);
    commit.offsets = {{0, 5}, {1, 0}};
    send(1, hw::LiveGroup{commit}, 50);
    hw::GroupRequest fetchSome = group(hw::GroupRequestKind::OffsetFetch, {}, -1);
    fetchSome.partitions = {0, 1, 2};
    send(2, hw::LiveGroup{fetchSome}, 50);
    hw::GroupRequest fetchAll = group(hw::GroupRequestKind::OffsetFetch, {}, -1);
    fetchAll.live->allPartitions = true;
    send(2, hw::LiveGroup{fetchAll}, 50);
    stepBefore(timeline, t += 100);
    const auto* fetched = log.last<hw::GroupResponse>(2);
    ASSERT_NE(fetched, nullptr);
    EXPECT_EQ(fetched->error, hw::ErrorCode::None);
    send(2, hw::LiveGroup{group(hw::GroupRequestKind::Leave, members[1], -1)}, 50);
    stepBefore(timeline, t + 2000);

    const std::string json = hw::scenarioToJson(hw::recordSession(scenario, timeline));
    EXPECT_EQ(json.find("init_producer_id"), std::string::npos) << "no group request is written as another";
    EXPECT_NE(json.find("\"find_coordinator\""), std::string::npos);
    for (const char* kind : {"join", "sync", "heartbeat", "offset_commit", "offset_fetch", "leave"})
        EXPECT_NE(json.find(std::string("\"kind\": \"") + kind + "\""), std::string::npos) << kind;
    EXPECT_NE(json.find("\"all_partitions\": true"), std::string::npos);
    EXPECT_NE(json.find("\"require_known_member_id\": true"), std::string::npos);
    // The file reads back to the very actions applied, then replays to the same frames.
    auto parsed = hw::parseScenario(json, "class.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
    auto liveActions = [](const hw::Scenario& s) {
        std::vector<hw::LiveClientAction> actions;
        for (const hw::Step& step : s.steps) {
            if (const auto* live = std::get_if<hw::LiveStep>(&step))
                actions.push_back(live->action);
        }
        return actions;
    };
    const std::vector<hw::LiveClientAction> written = liveActions(hw::recordSession(scenario, timeline));
    EXPECT_EQ(written.size(), 15u) << "3 connects and 12 requests";
    EXPECT_TRUE(liveActions(std::get<hw::Scenario>(parsed)) == written);
    EXPECT_EQ(replayRecording(scenario, timeline), dumpAll(timeline));
}

// A group step's mistakes name their JSON path and what was expected.
TEST(Recording, ABadLiveGroupStepIsAnErrorAtItsPath)
{
    const std::string head = R"({"format": "highwater/1", "name": "bad", "cluster": {"brokers": 3},
        "topics": [{"name": "orders", "partitions": 3, "replication.factor": 3}],
        "steps": [{"live": {"connect": {"broker": 1, "client_id": "rdkafka"}}}, {"live": {"client": 0, "group": )";
    const std::pair<std::string, std::string> cases[] = {
        {R"({"group_id": "g"})", "missing required key \"kind\""},
        {R"({"kind": "rejoin", "group_id": "g"})", "unknown group request \"rejoin\""},
        {R"({"kind": "join", "group_id": "g", "protocols": [{"name": "range", "metadata_hex": "abc"}]})",
         "even number of hex digits"},
        {R"({"kind": "offset_commit", "group_id": "g", "offsets": [{"topic": "payments", "offset": 1}]})",
         "unknown topic \"payments\""},
        {R"({"kind": "sync", "group_id": "g", "generation": -2})", "generation"},
        {R"({"kind": "leave", "group_id": "g", "colour": "red"})", "colour"},
    };
    for (const auto& [group, expected] : cases) {
        auto parsed = hw::parseScenario(head + group + "}}]}", "bad.json");
        ASSERT_TRUE(std::holds_alternative<hw::ScenarioError>(parsed)) << group;
        const std::string message = std::get<hw::ScenarioError>(parsed).toString();
        EXPECT_NE(message.find(expected), std::string::npos) << group << "\n" << message;
        EXPECT_NE(message.find("/steps/1/live/group"), std::string::npos) << message;
    }
}

// Issue 28: a class creates topics at run time. A live CreateTopics (one topic created, one refused as
// TOPIC_ALREADY_EXISTS), a Metadata request that auto-creates a topic, and produce and fetch to both new
// topics are recorded; the file names the created topics (created_topics) and replays to the same frames.
TEST(Recording, ALiveTopicCreationSessionReplaysToIdenticalFrames)
{
    const hw::Scenario scenario = load("builtin:leo-hw-walkthrough");
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    ASSERT_FALSE(hw::runScenario(scenario, timeline));
    ASSERT_TRUE(timeline.apply(hw::ConfigAction{"auto.fetch", hw::ConfigValue{hw::ConfigValue::Kind::Boolean, 0, true, {}}}).ok());
    AnswerLog log;
    timeline.setLiveClientSink(&log);
    hw::TimeMs t = timeline.head().nowMs + 10;
    hw::LiveClientAction connect;
    connect.kind = hw::LiveClientAction::Kind::Connect;
    connect.atMs = t;
    connect.broker = 2;
    connect.id = "admin";
    stepBefore(timeline, t);
    ASSERT_TRUE(timeline.apply(connect).ok());
    auto send = [&](hw::LiveRequest body, hw::TimeMs afterMs) {
        stepBefore(timeline, t += afterMs);
        const hw::ApplyResult r = timeline.apply(liveAt(t, 0, std::move(body)));
        ASSERT_TRUE(r.ok()) << r.error;
    };

    hw::LiveCreateTopics create;
    hw::CreatableTopic clicks;
    clicks.name = "clicks";
    clicks.numPartitions = 3;
    clicks.replicationFactor = 2;
    clicks.configs.push_back({"retention.ms", "60000"});
    hw::CreatableTopic again = clicks;
    again.name = scenario.cluster.topics.front().name;
    create.topics = {clicks, again};
    send(create, 5);
    stepBefore(timeline, t += 100);
    const auto* created = log.last<hw::CreateTopicsResponse>(0);
    ASSERT_NE(created, nullptr);
    ASSERT_EQ(created->topics.size(), 2u);
    EXPECT_EQ(created->topics[0].error, hw::ErrorCode::None);
    EXPECT_EQ(created->topics[0].numPartitions, 3);
    EXPECT_EQ(created->topics[1].error, hw::ErrorCode::TopicAlreadyExists);

    // A producer asks for an unknown topic: the broker asks the controller to create it and answers without
    // it; the next answer has it.
    send(hw::LiveMetadata{{"auto"}}, 5);
    stepBefore(timeline, t += 12); // the client's answer and the broker's CreateTopics at the controller
    const auto* first = log.last<hw::MetadataResponse>(0);
    ASSERT_NE(first, nullptr);
    const std::int32_t autoTopic = timeline.head().findTopic("auto");
    ASSERT_GE(autoTopic, 0) << "the controller created it";
    EXPECT_LE(first->partitions.size(),
              static_cast<std::size_t>(timeline.head().topics[static_cast<std::size_t>(autoTopic)].firstPartition))
        << "the first answer came before the broker learned the topic";
    stepBefore(timeline, t += 100);
    send(hw::LiveMetadata{{"auto"}}, 5);
    stepBefore(timeline, t += 100);
    const auto* second = log.last<hw::MetadataResponse>(0);
    ASSERT_NE(second, nullptr);
    const std::int32_t autoPartition = timeline.head().topics[static_cast<std::size_t>(autoTopic)].firstPartition;
    EXPECT_GT(second->partitions.size(), static_cast<std::size_t>(autoPartition));

    const std::int32_t clicksPartition = timeline.head().topics[static_cast<std::size_t>(timeline.head().findTopic("clicks"))].firstPartition + 1;
    for (const std::int32_t partition : {clicksPartition, autoPartition}) {
        hw::LiveProduce produce;
        produce.partition = partition;
        hw::LiveRecord record;
        record.value = "v" + std::to_string(partition);
        record.timestampMs = 1700000000000;
        produce.records = {record};
        // The connection is to broker 2; the leader may be elsewhere, which the answer says. Both go in the file.
        send(produce, 5);
        hw::LiveFetch fetch;
        fetch.partition = partition;
        fetch.maxRecords = 10;
        fetch.maxWaitMs = 100;
        send(fetch, 50);
    }
    stepBefore(timeline, t += 2000);

    const hw::Scenario recorded = hw::recordSession(scenario, timeline);
    ASSERT_EQ(recorded.createdTopics.size(), 2u);
    EXPECT_EQ(recorded.createdTopics[0].name, "clicks");
    EXPECT_EQ(recorded.createdTopics[1].name, "auto");
    const std::string json = hw::scenarioToJson(recorded);
    EXPECT_NE(json.find("\"created_topics\""), std::string::npos);
    EXPECT_NE(json.find("\"create_topics\""), std::string::npos);
    EXPECT_NE(json.find("\"auto_create\""), std::string::npos);
    EXPECT_EQ(replayRecording(scenario, timeline), dumpAll(timeline));
}
