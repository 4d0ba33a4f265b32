// SPDX-License-Identifier: MIT
// Topics created at run time (issue 28): the controller's CreateTopics rules, ported from
// ReplicationControlManager.createTopics/createTopic at 4.2.0-rc1 and Topic.validate (cases after
// ReplicationControlManagerTest's testCreateTopics, testValidateNewTopicNames, testCreateTopicsWithPolicy and
// testInvalidCreateTopicsWithValidateOnlyFlag), the brokers learning a new topic from the metadata, a Metadata
// request's auto-creation, and the create_topic step read, run and written back.

#include "check/invariants.h"
#include "controller/topic_creation.h"
#include "model/limits.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>

namespace {

using namespace hw;

ClusterSpec threeBrokers()
{
    ClusterSpec spec;
    spec.name = "t";
    spec.seed = 7;
    spec.brokers = 3;
    TopicSpec orders;
    orders.name = "orders";
    orders.partitions = 2;
    orders.replicationFactor = 3;
    spec.topics.push_back(orders);
    return spec;
}

CreatableTopic topic(std::string name, std::int32_t partitions = -1, std::int32_t rf = -1)
{
    CreatableTopic t;
    t.name = std::move(name);
    t.numPartitions = partitions;
    t.replicationFactor = rf;
    return t;
}

struct RefusalCase {
    const char* what;
    CreatableTopic request;
    ErrorCode error;
    const char* message; // a part of Kafka's message
};

class CreateTopicRefusal : public ::testing::TestWithParam<RefusalCase> {};

TEST_P(CreateTopicRefusal, IsRefusedWithKafkasErrorAndNothingIsCreated)
{
    ClusterState s = Engine::createCluster(threeBrokers());
    const ClusterState before = s;
    const TopicCreation created = createTopic(s, GetParam().request, false);
    EXPECT_EQ(created.error, GetParam().error) << errorName(created.error) << ": " << created.message;
    EXPECT_NE(created.message.find(GetParam().message), std::string::npos) << created.message;
    EXPECT_EQ(s.topics, before.topics);
    EXPECT_EQ(s.partitions.size(), before.partitions.size());
}

CreatableTopic withAssignment(std::vector<CreatableAssignment> assignments, std::int32_t rf = -1)
{
    CreatableTopic t = topic("manual", -1, rf);
    t.assignments = std::move(assignments);
    return t;
}

CreatableTopic withConfig(std::string name, std::optional<std::string> value)
{
    CreatableTopic t = topic("configured");
    t.configs.push_back(CreatableTopicConfig{std::move(name), std::move(value)});
    return t;
}

INSTANTIATE_TEST_SUITE_P(
    ReplicationControlManager, CreateTopicRefusal,
    ::testing::Values(
        RefusalCase{"exists", topic("orders"), ErrorCode::TopicAlreadyExists, "Topic 'orders' already exists."},
        RefusalCase{"empty", topic(""), ErrorCode::InvalidTopic, "the empty string is not allowed"},
        RefusalCase{"dot", topic("."), ErrorCode::InvalidTopic, "'.' is not allowed"},
        RefusalCase{"dotdot", topic(".."), ErrorCode::InvalidTopic, "'..' is not allowed"},
        RefusalCase{"long", topic(std::string(250, 'a')), ErrorCode::InvalidTopic, "longer than the max allowed length 249"},
        RefusalCase{"space", topic("my topic"), ErrorCode::InvalidTopic, "characters other than ASCII alphanumerics"},
        RefusalCase{"rf0", topic("t", 1, 0), ErrorCode::InvalidReplicationFactor, "must be larger than 0"},
        RefusalCase{"rfMinus2", topic("t", 1, -2), ErrorCode::InvalidReplicationFactor, "must be larger than 0"},
        RefusalCase{"partitions0", topic("t", 0, 1), ErrorCode::InvalidPartitions, "invalid non-positive value"},
        RefusalCase{"rf4", topic("t", 1, 4), ErrorCode::InvalidReplicationFactor, "Unable to replicate the partition 4 time(s)"},
        RefusalCase{"assignmentWithRf", withAssignment({{0, {1, 2}}}, 2), ErrorCode::InvalidRequest,
                    "replication factor was not set to -1"},
        RefusalCase{"assignmentTwice", withAssignment({{0, {1, 2}}, {0, {2, 3}}}), ErrorCode::InvalidReplicaAssignment,
                    "multiple manual partition assignments for partition 0"},
        RefusalCase{"emptyReplicas", withAssignment({{0, {}}}), ErrorCode::InvalidReplicaAssignment, "an empty replica list"},
        RefusalCase{"brokerTwice", withAssignment({{0, {1, 1}}}), ErrorCode::InvalidReplicaAssignment,
                    "the broker 1 more than once"},
        RefusalCase{"noSuchBroker", withAssignment({{0, {1, 9}}}), ErrorCode::InvalidReplicaAssignment,
                    "broker 9, but no such broker is registered"},
        RefusalCase{"unevenRf", withAssignment({{0, {1, 2}}, {1, {3}}}), ErrorCode::InvalidReplicaAssignment,
                    "not consistent with previous partitions"},
        RefusalCase{"gap", withAssignment({{0, {1}}, {2, {2}}}), ErrorCode::InvalidReplicaAssignment,
                    "consecutive 0-based integer sequence"},
        RefusalCase{"nullConfig", withConfig("retention.ms", std::nullopt), ErrorCode::InvalidConfig,
                    "Null value not supported for topic configs: retention.ms"},
        RefusalCase{"unmodelledConfig", withConfig("cleanup.policy", "compact"), ErrorCode::InvalidConfig,
                    "does not model the topic config cleanup.policy"},
        RefusalCase{"badValue", withConfig("retention.ms", "soon"), ErrorCode::InvalidConfig,
                    "Invalid value soon for configuration retention.ms: Not a number of type LONG"},
        RefusalCase{"belowMin", withConfig("segment.ms", "0"), ErrorCode::InvalidConfig, "Value must be at least 1"},
        RefusalCase{"tooManyPartitions", topic("t", limits::partitionsMax + 1, 1), ErrorCode::PolicyViolation,
                    "limits::partitionsMax"},
        RefusalCase{"offsets", topic("__consumer_offsets"), ErrorCode::PolicyViolation, "creates __consumer_offsets itself"}),
    [](const auto& info) { return std::string(info.param.what); });

TEST(CreateTopic, ANameThatCollidesWithAnExistingOneIsInvalid)
{
    // validateNewTopicNames: '.' and '_' collide (testValidateNewTopicNames).
    ClusterSpec spec = threeBrokers();
    spec.topics.front().name = "class.orders";
    ClusterState s = Engine::createCluster(spec);
    const TopicCreation created = createTopic(s, topic("class_orders"), false);
    EXPECT_EQ(created.error, ErrorCode::InvalidTopic);
    EXPECT_EQ(created.message, "Topic 'class_orders' collides with existing topic: class.orders");
}

TEST(CreateTopic, TheDefaultsAreNumPartitionsAndDefaultReplicationFactor)
{
    ClusterSpec spec = threeBrokers();
    spec.config.numPartitions = 4;
    spec.config.defaultReplicationFactor = 2;
    ClusterState s = Engine::createCluster(spec);
    const TopicCreation created = createTopic(s, topic("clicks"), false);
    ASSERT_TRUE(created.ok()) << created.message;
    ASSERT_EQ(created.topic, 1);
    const Topic& t = s.topics[1];
    EXPECT_EQ(t.name, "clicks");
    EXPECT_EQ(t.firstPartition, 2);
    EXPECT_EQ(t.partitionCount, 4);
    EXPECT_EQ(t.replicationFactor, 2);
    ASSERT_EQ(s.partitions.size(), 6u);
    for (std::int32_t p = 2; p < 6; ++p) {
        const Partition& partition = s.partitions[static_cast<std::size_t>(p)];
        EXPECT_EQ(partition.topic, 1);
        EXPECT_EQ(partition.index, p - 2);
        // buildPartitionRegistration: ISR = the active replicas, ISR[0] leads, epochs 0.
        EXPECT_EQ(partition.registration.isr, partition.registration.replicas);
        EXPECT_EQ(partition.registration.leader, partition.registration.replicas.front());
        EXPECT_EQ(partition.registration.leaderEpoch, 0);
        EXPECT_EQ(partition.registration.partitionEpoch, 0);
        // The replicas start empty and know nothing until their broker learns the partition.
        for (const Replica& r : partition.replicas) {
            EXPECT_EQ(r.knownLeader, noLeader);
            EXPECT_EQ(r.knownLeaderEpoch, -1);
            EXPECT_TRUE(r.epochCache.empty());
            EXPECT_EQ(r.log.leo(), 0);
        }
    }
    // The brokers' images do not have it yet.
    for (const Broker& b : s.brokers)
        EXPECT_EQ(b.knownLeaders.size(), 2u);
    // The topic's configs are the broker's log.* defaults.
    EXPECT_EQ(t.config.segmentBytes, spec.config.logSegmentBytes);
}

TEST(CreateTopic, ValidateOnlyCreatesNothingButMovesThePlacersRandom)
{
    ClusterState s = Engine::createCluster(threeBrokers());
    ClusterState validated = s;
    const TopicCreation checked = createTopic(validated, topic("clicks", 3, 2), true);
    ASSERT_TRUE(checked.ok());
    EXPECT_EQ(checked.topic, -1);
    EXPECT_EQ(checked.partitions, 3);
    EXPECT_EQ(validated.topics.size(), 1u);
    // Kafka's validate-only CreateTopics still calls the placer, whose Random lives on.
    EXPECT_NE(validated.controller.placerRandom, s.controller.placerRandom);
}

TEST(CreateTopic, TheStripedPlacersRandomIsStateSoASnapshotPlacesAlike)
{
    // Two copies of one state create the same topic the same way; a state whose placer was used differs.
    ClusterState a = Engine::createCluster(threeBrokers());
    ClusterState b = a;
    ASSERT_TRUE(createTopic(a, topic("x", 6, 2), false).ok());
    ASSERT_TRUE(createTopic(b, topic("x", 6, 2), false).ok());
    EXPECT_EQ(a, b);
    ClusterState c = Engine::createCluster(threeBrokers());
    ASSERT_TRUE(createTopic(c, topic("y", 6, 2), false).ok());
    ASSERT_TRUE(createTopic(c, topic("x", 6, 2), false).ok());
    std::vector<std::vector<BrokerId>> first, second;
    for (std::int32_t p = 0; p < 6; ++p) {
        first.push_back(a.partitions[static_cast<std::size_t>(2 + p)].registration.replicas);
        second.push_back(c.partitions[static_cast<std::size_t>(8 + p)].registration.replicas);
    }
    EXPECT_NE(first, second) << "the placer's Random moved on with topic y";
}

TEST(CreateTopic, AtMostTopicsMaxTopics)
{
    ClusterState s = Engine::createCluster(threeBrokers());
    for (int i = 1; i < limits::topicsMax; ++i)
        ASSERT_TRUE(createTopic(s, topic("t" + std::to_string(i), 1, 1), false).ok());
    const TopicCreation refused = createTopic(s, topic("one-too-many", 1, 1), false);
    EXPECT_EQ(refused.error, ErrorCode::PolicyViolation);
    EXPECT_NE(refused.message.find("limits::topicsMax"), std::string::npos);
}

/// Runs a scenario text; fails the test on an error.
Timeline run(const std::string& text)
{
    auto parsed = parseScenario(text, "test.json");
    if (auto* error = std::get_if<ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString();
        return Timeline(Engine::createCluster(threeBrokers()));
    }
    const Scenario& scenario = std::get<Scenario>(parsed);
    Timeline timeline(Engine::createCluster(scenario.cluster));
    if (auto error = runScenario(scenario, timeline))
        ADD_FAILURE() << error->toString();
    return timeline;
}

const char* createTopicScenario = R"({
  "format": "highwater/1", "name": "create", "seed": 3,
  "cluster": {"brokers": 3},
  "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3}],
  "producers": [{"id": "p"}],
  "steps": [
    {"produce": {"producer": "p", "topic": "orders", "values": ["a"]}},
    {"advance": {"ms": 100}},
    {"create_topic": {"name": "clicks", "partitions": 3, "replication.factor": 2, "retention.ms": 60000}},
    {"checkpoint": "created"},
    {"advance": {"ms": 100}},
    {"produce": {"producer": "p", "topic": "clicks", "partition": 2, "values": ["c1", "c2"]}},
    {"advance": {"ms": 1000}},
    {"checkpoint": "written"}
  ]
})";

TEST(CreateTopicStep, TheTopicAppearsInTheFramesAndTakesRecords)
{
    const Timeline timeline = run(createTopicScenario);
    std::int64_t created = -1;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        if (timeline.frame(f).event.type == EventType::TopicCreated) {
            created = f;
            break;
        }
    }
    ASSERT_GE(created, 0);
    const ClusterState before = timeline.stateAt(created - 1);
    const ClusterState after = timeline.stateAt(created);
    EXPECT_EQ(before.topics.size(), 1u);
    ASSERT_EQ(after.topics.size(), 2u);
    EXPECT_EQ(after.topics[1].config.retentionMs, 60000);
    const auto frame = frameToJson(timeline, created, after);
    EXPECT_EQ(frame["event"]["type"], "topic-created");
    EXPECT_EQ(frame["event"]["topic"], "clicks");
    EXPECT_EQ(frame["event"]["partitions"], 3);
    EXPECT_EQ(frame["event"]["replication_factor"], 2);
    const std::string dump = frame.dump();
    EXPECT_NE(dump.find("\"clicks\""), std::string::npos);
    EXPECT_EQ(frameToJson(timeline, created - 1, before).dump().find("\"clicks\""), std::string::npos);

    // Every broker learns the partitions, each replica becomes leader or follower, and the records arrive.
    const ClusterState& head = timeline.head();
    for (const Broker& b : head.brokers)
        EXPECT_EQ(b.knownLeaders.size(), 4u);
    const Partition& p2 = head.partitions[3];
    const Replica* leader = nullptr;
    for (const Replica& r : p2.replicas) {
        if (r.isLeader())
            leader = &r;
        EXPECT_EQ(r.knownLeaderEpoch, 0);
    }
    ASSERT_NE(leader, nullptr);
    EXPECT_EQ(leader->broker, p2.registration.leader);
    EXPECT_EQ(leader->hw, 2);
    InvariantChecker checker;
    EXPECT_TRUE(checker.check(head).empty());
}

TEST(CreateTopicStep, WritesBackAndReplaysToTheSameFrames)
{
    auto parsed = parseScenario(createTopicScenario, "test.json");
    ASSERT_TRUE(std::holds_alternative<Scenario>(parsed));
    const Scenario& scenario = std::get<Scenario>(parsed);
    ASSERT_EQ(scenario.createdTopics.size(), 1u);
    EXPECT_EQ(scenario.createdTopics[0].name, "clicks");
    const std::string written = scenarioToJson(scenario);
    EXPECT_NE(written.find("\"create_topic\""), std::string::npos);
    EXPECT_NE(written.find("\"retention.ms\": 60000"), std::string::npos) << written;
    const Timeline a = run(createTopicScenario);
    const Timeline b = run(written);
    ASSERT_EQ(a.frameCount(), b.frameCount());
    for (std::int64_t f = 0; f < a.frameCount(); ++f)
        ASSERT_EQ(frameToJson(a, f, a.stateAt(f)), frameToJson(b, f, b.stateAt(f))) << "frame " << f;
}

TEST(CreateTopicStep, WhatTheControllerWouldRefuseIsAnErrorAtItsPath)
{
    auto errorOf = [](const std::string& step) {
        const std::string text = std::string(R"({"format": "highwater/1", "name": "e", "cluster": {"brokers": 3},
            "topics": [{"name": "orders"}], "steps": [)") + step + "]}";
        auto parsed = parseScenario(text, "e.json");
        const auto* error = std::get_if<ScenarioError>(&parsed);
        return error ? error->path + ": " + error->message : std::string("no error");
    };
    EXPECT_NE(errorOf(R"({"create_topic": {"name": "orders"}})").find("/steps/0/create_topic/name: a topic named \"orders\" exists"),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"create_topic": {"name": "a b"}})").find("/steps/0/create_topic/name: Topic name is invalid"),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"create_topic": {"name": "x", "replication.factor": 4}})").find("replication.factor"),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"create_topic": {"name": "x"}}, {"produce": {"producer": "p", "topic": "y", "values": ["v"]}})")
                  .find("/steps/1/produce"),
              std::string::npos);
    EXPECT_NE(errorOf(R"({"create_topic": {"name": "x", "cleanup.policy": "compact"}})").find("cleanup.policy"),
              std::string::npos);
}

TEST(CreateTopicStep, BeyondTopicsMaxIsAnErrorWhenRead)
{
    // The topics section's topicsMax topics leave no room for another.
    std::string topics;
    for (int i = 0; i < limits::topicsMax; ++i)
        topics += std::string(i ? "," : "") + "{\"name\": \"t" + std::to_string(i) + "\"}";
    const std::string text = R"({"format": "highwater/1", "name": "e", "cluster": {"brokers": 3}, "topics": [)" + topics +
                             R"(], "steps": [{"create_topic": {"name": "x"}}]})";
    auto parsed = parseScenario(text, "e.json");
    const auto* error = std::get_if<ScenarioError>(&parsed);
    ASSERT_NE(error, nullptr);
    EXPECT_NE(error->message.find("topicsMax"), std::string::npos) << error->message;
}

TEST(CreateTopicStep, FencedBrokersGetNoReplicaWhileOthersCan)
{
    // ClusterControlManager.usableBrokers: a fenced broker is placed only when the unfenced ones are too few.
    const Timeline timeline = run(R"({
      "format": "highwater/1", "name": "fenced", "seed": 5, "cluster": {"brokers": 3},
      "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3}],
      "steps": [
        {"kill": {"broker": 3}},
        {"advance": {"ms": 12000}},
        {"create_topic": {"name": "clicks", "partitions": 6, "replication.factor": 2}},
        {"advance": {"ms": 100}}
      ]})");
    const ClusterState& s = timeline.head();
    ASSERT_TRUE(s.registrations[2].fenced);
    ASSERT_EQ(s.topics.size(), 2u);
    for (std::int32_t p = 1; p < 7; ++p) {
        const PartitionRegistration& reg = s.partitions[static_cast<std::size_t>(p)].registration;
        EXPECT_FALSE(contains(reg.replicas, 3)) << s.partitionName(p);
        EXPECT_NE(reg.leader, noLeader);
    }
}

TEST(AutoCreate, AMetadataRequestForAnUnknownTopicCreatesItWithTheDefaults)
{
    for (const bool enabled : {true, false}) {
        ClusterSpec spec = threeBrokers();
        spec.config.autoCreateTopicsEnable = enabled;
        spec.config.numPartitions = 2;
        Engine engine(Engine::createCluster(spec));
        LiveClientAction connect;
        connect.kind = LiveClientAction::Kind::Connect;
        connect.broker = 1;
        connect.id = "rdkafka";
        ASSERT_TRUE(engine.apply(connect).ok());
        LiveClientAction metadata;
        metadata.client = 0;
        metadata.request = LiveMetadata{{"clicks", "bad name", "orders"}};
        ASSERT_TRUE(engine.apply(metadata).ok());
        std::vector<EventType> events;
        for (int i = 0; i < 200 && engine.hasQueuedEvents() && engine.state().nowMs < 100; ++i) {
            if (auto e = engine.step())
                events.push_back(e->type);
        }
        const ClusterState& s = engine.state();
        if (!enabled) {
            EXPECT_EQ(s.topics.size(), 1u) << "auto.create.topics.enable=false creates nothing";
            continue;
        }
        ASSERT_EQ(s.topics.size(), 2u) << "only the legal unknown name is created";
        EXPECT_EQ(s.topics[1].name, "clicks");
        EXPECT_EQ(s.topics[1].partitionCount, 2);
        EXPECT_EQ(s.topics[1].replicationFactor, 1);
        EXPECT_NE(std::find(events.begin(), events.end(), EventType::TopicCreated), events.end());
        EXPECT_EQ(s.broker(1).knownLeaders.size(), 4u) << "orders-0, orders-1, clicks-0, clicks-1";
    }
}

} // namespace
