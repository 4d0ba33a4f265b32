// SPDX-License-Identifier: MIT
// KafkaApis answering HighWater's observer (issue 29): the ApiVersions split, and each observer-only API
// answered from the state of a simulated cluster, decoded by the client half the observer uses.
#include "engine/engine.h"
#include "groups/offsets_partition.h"
#include "live/kafka_apis.h"
#include "model/config.h"
#include "model/kafka_version.h"
#include "wire/client_protocol.h"
#include "wire/protocol_observe.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace hw;
namespace client = hw::wire::client;

namespace {

constexpr int basePort = 19092;
constexpr BrokerId askedBroker = 2;

/// Three brokers, "orders" with three partitions on all three, three records produced to each and replicated
/// (seven seconds run: the group "billing" commits), and one live client connected to broker 2.
struct Fixture {
    Engine engine;
    std::int32_t client = -1;
    live::KafkaApis apis { "127.0.0.1", basePort };

    Fixture() : engine(Engine::createCluster(spec()))
    {
        for (std::int32_t partition = 0; partition < 3; ++partition) {
            const ApplyResult produced
                = engine.apply(ProduceAction { 0, 0, partition, std::nullopt, { "a", "b", "c" }, {} });
            EXPECT_TRUE(produced.ok()) << produced.error;
        }
        while (engine.hasQueuedEvents() && engine.nextEventTimeMs() <= 7000)
            engine.step();
        LiveClientAction connect;
        connect.kind = LiveClientAction::Kind::Connect;
        connect.id = "127.0.0.1:50000";
        connect.broker = askedBroker;
        const ApplyResult result = engine.apply(connect);
        EXPECT_TRUE(result.ok()) << result.error;
        client = result.event->peer;
    }

    /// Another live client, connected to `broker`.
    std::int32_t connect(BrokerId broker)
    {
        LiveClientAction connect;
        connect.kind = LiveClientAction::Kind::Connect;
        connect.id = "127.0.0.1:50001";
        connect.broker = broker;
        const ApplyResult result = engine.apply(connect);
        EXPECT_TRUE(result.ok()) << result.error;
        return result.event->peer;
    }

    static ClusterSpec spec()
    {
        ClusterSpec spec;
        spec.name = "observed";
        spec.brokers = 3;
        spec.config = defaultsFor(KafkaVersion::V4_2);
        TopicSpec topic;
        topic.name = "orders";
        topic.partitions = 3;
        topic.replicationFactor = 3;
        topic.assignment = { { 1, 2, 3 }, { 2, 3, 1 }, { 3, 1, 2 } };
        spec.topics.push_back(topic);
        ProducerSpec producer;
        producer.id = "steady";
        producer.acks = Acks::All;
        spec.producers.push_back(producer);
        ConsumerSpec consumer;
        consumer.id = "reader";
        consumer.group = "billing";
        consumer.topics = { 0 };
        spec.consumers.push_back(consumer);
        return spec;
    }

    const ClusterState& state() const { return engine.state(); }

    const Replica& replica(std::int32_t partition, BrokerId broker) const
    {
        for (const Replica& r : state().partitions[static_cast<std::size_t>(partition)].replicas)
            if (r.broker == broker)
                return r;
        throw std::logic_error("no such replica");
    }

    wire::RequestHeader header(wire::ApiKey key, std::int16_t version) const
    {
        wire::RequestHeader h;
        h.apiKey = key;
        h.rawApiKey = static_cast<std::int16_t>(key);
        h.apiVersion = version;
        h.correlationId = 7;
        h.clientId = wire::observerSoftwareName;
        return h;
    }

    /// ApiVersions v3 naming `software`; the response's keys as the client half decodes them.
    std::vector<wire::VersionRange> hello(const std::string& software)
    {
        wire::RequestFrame frame { header(wire::ApiKey::ApiVersions, 3), wire::ApiVersionsRequest { software, "1" } };
        const live::HandledRequest handled = apis.handle(client, frame, state());
        EXPECT_TRUE(handled.actions.empty());
        const wire::Bytes bytes = handled.response.value();
        const auto response = std::get<client::ApiVersionsResponse>(client::parseResponse(
            wire::ApiKey::ApiVersions, 3, wire::ByteView(bytes).subspan(4), nullptr));
        return response.apiKeys;
    }

    /// An observer request as the observer's client half writes it, parsed as serve parses it and answered;
    /// the response decoded by the client half.
    client::Response ask(const wire::RequestHeader& h, const client::Request& body) { return ask(client, h, body); }

    client::Response ask(std::int32_t from, const wire::RequestHeader& h, const client::Request& body)
    {
        const wire::Bytes request = client::encodeRequest(h, body);
        const std::optional<wire::ObserverRequestFrame> frame
            = wire::parseObserverRequest(wire::ByteView(request).subspan(4));
        EXPECT_TRUE(frame.has_value());
        const live::HandledRequest handled = apis.handleObserver(from, *frame, state());
        EXPECT_TRUE(handled.actions.empty()); // nothing for the engine: no frame on serve's timeline
        EXPECT_FALSE(handled.awaitsEngine);
        const wire::Bytes bytes = handled.response.value();
        std::int32_t correlationId = 0;
        client::Response response
            = client::parseResponse(h.apiKey, h.apiVersion, wire::ByteView(bytes).subspan(4), &correlationId);
        EXPECT_EQ(correlationId, h.correlationId);
        return response;
    }
};

std::optional<wire::VersionRange> rangeOf(const std::vector<wire::VersionRange>& apis, wire::ApiKey key)
{
    for (const wire::VersionRange& range : apis)
        if (range.key == key)
            return range;
    return std::nullopt;
}

} // namespace

TEST(KafkaApisObserve, OnlyTheObserverIsToldOfTheObserverVersionsAndOthersGetTheAdvertisedOnesUnchanged)
{
    Fixture f;
    // Byte for byte what serve answered before issue 29 (tests/wire's golden ApiVersions bytes).
    wire::RequestFrame frame { f.header(wire::ApiKey::ApiVersions, 3),
        wire::ApiVersionsRequest { "librdkafka", "2.3.0" } };
    EXPECT_EQ(f.apis.handle(f.client, frame, f.state()).response.value(),
        wire::encodeResponse(frame.header, wire::ApiVersionsResponse {}));
    const std::vector<wire::VersionRange> other = f.hello("librdkafka");
    EXPECT_TRUE(std::equal(other.begin(), other.end(), wire::advertisedApis().begin(), wire::advertisedApis().end()));
    EXPECT_FALSE(f.apis.isObserver(f.client));
    EXPECT_EQ(rangeOf(other, wire::ApiKey::Fetch)->maxVersion, 10);
    EXPECT_FALSE(rangeOf(other, wire::ApiKey::DescribeCluster));

    const std::vector<wire::VersionRange> observer = f.hello(wire::observerSoftwareName);
    EXPECT_TRUE(f.apis.isObserver(f.client));
    EXPECT_EQ(rangeOf(observer, wire::ApiKey::Fetch), (wire::VersionRange { wire::ApiKey::Fetch, 4, 12 }));
    EXPECT_EQ(rangeOf(observer, wire::ApiKey::ListOffsets), (wire::VersionRange { wire::ApiKey::ListOffsets, 1, 8 }));
    EXPECT_EQ(rangeOf(observer, wire::ApiKey::DescribeCluster),
        (wire::VersionRange { wire::ApiKey::DescribeCluster, 0, 2 }));
    EXPECT_EQ(rangeOf(observer, wire::ApiKey::DescribeTopicPartitions),
        (wire::VersionRange { wire::ApiKey::DescribeTopicPartitions, 0, 0 }));
    // The client half negotiates the versions the observer sends.
    EXPECT_EQ(client::negotiateVersion(wire::ApiKey::Fetch, observer), 12);
    EXPECT_EQ(client::negotiateVersion(wire::ApiKey::ListOffsets, observer), 8);
    EXPECT_EQ(client::negotiateVersion(wire::ApiKey::DescribeCluster, observer), 2);
    EXPECT_EQ(client::negotiateVersion(wire::ApiKey::DescribeConfigs, observer), 4);
    EXPECT_FALSE(rangeOf(other, wire::ApiKey::DescribeConfigs));
    EXPECT_FALSE(rangeOf(observer, wire::ApiKey::ConsumerGroupDescribe)); // no KIP-848 group is simulated
    f.apis.forget(f.client);
    EXPECT_FALSE(f.apis.isObserver(f.client));
}

TEST(KafkaApisObserve, AConnectionThatIsNotTheObserversGetsFetch12RefusedAsAnUnsupportedVersion)
{
    Fixture f;
    const wire::Bytes request = client::encodeRequest(f.header(wire::ApiKey::Fetch, 12), client::FetchRequest {});
    try {
        wire::parseRequest(wire::ByteView(request).subspan(4));
        FAIL() << "Fetch 12 decoded on the ordinary path";
    } catch (const wire::UnsupportedRequest& unsupported) {
        EXPECT_FALSE(unsupported.answerWithApiVersionsError()); // the connection is closed
        EXPECT_EQ(unsupported.apiVersion(), 12);
    }
    // Versions supportedApis() has are not observer-only: parseObserverRequest leaves them to parseRequest.
    const wire::Bytes ordinary
        = wire::encodeRequest(f.header(wire::ApiKey::ListOffsets, 4), wire::ListOffsetsRequest {});
    EXPECT_FALSE(wire::parseObserverRequest(wire::ByteView(ordinary).subspan(4)).has_value());
    EXPECT_FALSE(wire::isObserverOnly(wire::ApiKey::Fetch, 10));
    EXPECT_TRUE(wire::isObserverOnly(wire::ApiKey::Fetch, 11));
    EXPECT_FALSE(wire::isObserverOnly(wire::ApiKey::Fetch, 13));
}

TEST(KafkaApisObserve, DescribeClusterListsTheBrokersAsAdvertisedWithTheAnsweringBrokerAsController)
{
    Fixture f;
    const auto response = std::get<client::DescribeClusterResponse>(
        f.ask(f.header(wire::ApiKey::DescribeCluster, 2), client::DescribeClusterRequest { false, 1, true }));
    EXPECT_EQ(response.errorCode, wire::ErrorCode::None);
    EXPECT_EQ(response.clusterId, "highwater-observed");
    EXPECT_EQ(response.controllerId, askedBroker);
    ASSERT_EQ(response.brokers.size(), 3U);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(response.brokers[i].brokerId, static_cast<std::int32_t>(i + 1));
        EXPECT_EQ(response.brokers[i].host, "127.0.0.1");
        EXPECT_EQ(response.brokers[i].port, basePort + static_cast<std::int32_t>(i + 1));
        EXPECT_FALSE(response.brokers[i].isFenced);
    }
    const auto controllers = std::get<client::DescribeClusterResponse>(
        f.ask(f.header(wire::ApiKey::DescribeCluster, 1), client::DescribeClusterRequest { false, 2, false }));
    EXPECT_EQ(controllers.errorCode, wire::ErrorCode::MismatchedEndpointType);
    EXPECT_TRUE(controllers.brokers.empty());
}

TEST(KafkaApisObserve, ListOffsetsWithTheDebuggingReplicaIdGivesTheAskedBrokersOwnLogEndOffsetWhateverItsRole)
{
    Fixture f;
    ASSERT_GT(f.replica(0, askedBroker).log.leo(), 0); // the producer wrote
    wire::ListOffsetsRequest request;
    request.replicaId = client::debuggingReplicaId;
    request.topics.push_back(wire::ListOffsetsTopic { "orders", { { 0, -1, -1 }, { 1, -1, -2 }, { 7, -1, -1 } } });
    request.topics.push_back(wire::ListOffsetsTopic { "nope", { { 0, -1, -1 } } });
    const auto response
        = std::get<wire::ListOffsetsResponse>(f.ask(f.header(wire::ApiKey::ListOffsets, 8), request));
    ASSERT_EQ(response.topics.size(), 2U);
    const auto& parts = response.topics[0].partitions;
    ASSERT_EQ(parts.size(), 3U);
    EXPECT_EQ(parts[0].errorCode, wire::ErrorCode::None); // broker 2 follows partition 0
    EXPECT_EQ(parts[0].offset, f.replica(0, askedBroker).log.leo());
    EXPECT_EQ(parts[0].timestamp, -1);
    EXPECT_EQ(parts[1].offset, f.replica(1, askedBroker).log.logStart);
    EXPECT_EQ(parts[2].errorCode, wire::ErrorCode::UnknownTopicOrPartition);
    EXPECT_EQ(response.topics[1].partitions[0].errorCode, wire::ErrorCode::UnknownTopicOrPartition);

    // A consumer (ReplicaId -1) is answered by the leader only.
    request.replicaId = -1;
    const auto consumer
        = std::get<wire::ListOffsetsResponse>(f.ask(f.header(wire::ApiKey::ListOffsets, 8), request));
    EXPECT_EQ(consumer.topics[0].partitions[0].errorCode, wire::ErrorCode::NotLeaderOrFollower);
    EXPECT_EQ(consumer.topics[0].partitions[1].errorCode, wire::ErrorCode::None); // broker 2 leads partition 1
}

TEST(KafkaApisObserve, Fetch12ToAFollowerAnswersWithThatReplicasHighWatermarkAndRecords)
{
    Fixture f;
    const Replica& follower = f.replica(0, askedBroker);
    ASSERT_FALSE(follower.isLeader());
    client::FetchRequest request;
    request.topics.push_back(client::FetchTopic {
        "orders", { { 0, -1, follower.log.leo(), -1, -1, 1 }, { 0, -1, 0, -1, -1, 1 << 20 } } });
    const std::int64_t beyond = f.replica(1, askedBroker).log.leo() + 1;
    request.topics.push_back(client::FetchTopic { "orders", { { 1, -1, beyond, -1, -1, 1 } } });
    const auto response = std::get<client::FetchResponse>(f.ask(f.header(wire::ApiKey::Fetch, 12), request));
    EXPECT_EQ(response.errorCode, wire::ErrorCode::None);
    EXPECT_EQ(response.sessionId, 0);
    ASSERT_EQ(response.responses.size(), 2U);
    const auto& atEnd = response.responses[0].partitions[0];
    EXPECT_EQ(atEnd.errorCode, wire::ErrorCode::None);
    EXPECT_EQ(atEnd.highWatermark, follower.hw);
    EXPECT_EQ(atEnd.lastStableOffset, follower.hw);
    EXPECT_EQ(atEnd.logStartOffset, follower.log.logStart);
    EXPECT_EQ(atEnd.preferredReadReplica, -1);
    EXPECT_TRUE(atEnd.records.value().empty());
    const auto& fromStart = response.responses[0].partitions[1];
    EXPECT_EQ(fromStart.errorCode, wire::ErrorCode::None);
    ASSERT_GT(follower.hw, 0);
    EXPECT_FALSE(fromStart.records.value().empty());
    EXPECT_EQ(response.responses[1].partitions[0].errorCode, wire::ErrorCode::OffsetOutOfRange);
    EXPECT_EQ(response.responses[1].partitions[0].highWatermark, -1);
}

TEST(KafkaApisObserve, DescribeTopicPartitionsPagesByTheResponsePartitionLimit)
{
    Fixture f;
    client::DescribeTopicPartitionsRequest request;
    request.responsePartitionLimit = 2;
    const auto first = std::get<client::DescribeTopicPartitionsResponse>(
        f.ask(f.header(wire::ApiKey::DescribeTopicPartitions, 0), request));
    ASSERT_EQ(first.topics.size(), 1U);
    EXPECT_EQ(first.topics[0].name, "orders");
    EXPECT_FALSE(first.topics[0].topicId.isZero());
    ASSERT_EQ(first.topics[0].partitions.size(), 2U);
    const PartitionRegistration& reg = f.state().partitions[1].registration;
    const auto& p1 = first.topics[0].partitions[1];
    EXPECT_EQ(p1.partitionIndex, 1);
    EXPECT_EQ(p1.leaderId, reg.leader);
    EXPECT_EQ(p1.leaderEpoch, reg.leaderEpoch);
    EXPECT_EQ(p1.replicaNodes, (std::vector<std::int32_t> { 2, 3, 1 }));
    EXPECT_EQ(p1.isrNodes.size(), reg.isr.size());
    EXPECT_TRUE(p1.eligibleLeaderReplicas.has_value());
    ASSERT_TRUE(first.nextCursor.has_value());
    EXPECT_EQ(*first.nextCursor, (client::TopicPartitionsCursor { "orders", 2 }));

    request.cursor = first.nextCursor;
    const auto second = std::get<client::DescribeTopicPartitionsResponse>(
        f.ask(f.header(wire::ApiKey::DescribeTopicPartitions, 0), request));
    ASSERT_EQ(second.topics.size(), 1U);
    ASSERT_EQ(second.topics[0].partitions.size(), 1U);
    EXPECT_EQ(second.topics[0].partitions[0].partitionIndex, 2);
    EXPECT_FALSE(second.nextCursor.has_value());

    client::DescribeTopicPartitionsRequest named;
    named.topics = { "orders", "nope" };
    const auto both = std::get<client::DescribeTopicPartitionsResponse>(
        f.ask(f.header(wire::ApiKey::DescribeTopicPartitions, 0), named));
    ASSERT_EQ(both.topics.size(), 2U);
    EXPECT_EQ(both.topics[0].name, "nope");
    EXPECT_EQ(both.topics[0].errorCode, wire::ErrorCode::UnknownTopicOrPartition);
    EXPECT_EQ(both.topics[1].partitions.size(), 3U);
}

TEST(KafkaApisObserve, TheVersionsTheObserverDoesNotSendRoundTrip)
{
    // ListOffsets 5 and Fetch 11 (not flexible) and DescribeCluster 0, written by encodeObserverRequest, read back.
    wire::RequestHeader h;
    h.clientId = "x";
    h.apiKey = wire::ApiKey::ListOffsets;
    h.apiVersion = 5;
    wire::ListOffsetsRequest list;
    list.replicaId = -2;
    list.topics.push_back(wire::ListOffsetsTopic { "orders", { { 1, 4, -1 } } });
    wire::Bytes bytes = wire::encodeObserverRequest(h, list);
    EXPECT_EQ(std::get<wire::ListOffsetsRequest>(wire::parseObserverRequest(wire::ByteView(bytes).subspan(4))->body),
        list);
    h.apiKey = wire::ApiKey::Fetch;
    h.apiVersion = 11;
    client::FetchRequest fetch;
    fetch.rackId = "rack-a";
    fetch.topics.push_back(client::FetchTopic { "orders", { { 2, 3, 10, -1, 0, 100 } } });
    fetch.forgottenTopicsData.push_back(client::ForgottenTopic { "old", { 0, 1 } });
    bytes = wire::encodeObserverRequest(h, fetch);
    EXPECT_EQ(std::get<client::FetchRequest>(wire::parseObserverRequest(wire::ByteView(bytes).subspan(4))->body),
        fetch);
    h.apiKey = wire::ApiKey::DescribeCluster;
    h.apiVersion = 0;
    bytes = wire::encodeObserverRequest(h, client::DescribeClusterRequest { true, 1, false });
    EXPECT_EQ(std::get<client::DescribeClusterRequest>(
                  wire::parseObserverRequest(wire::ByteView(bytes).subspan(4))->body),
        (client::DescribeClusterRequest { true, 1, false }));
}

TEST(KafkaApisObserve, ListGroups5AndDescribeGroups5AreAnsweredByTheGroupsCoordinator)
{
    Fixture f;
    ASSERT_EQ(f.state().groups.size(), 1U);
    const Group& group = f.state().groups[0];
    BrokerId coordinator = 0;
    for (BrokerId b = 1; b <= 3; ++b)
        if (live::coordinates(f.state(), b, group.offsetsPartition))
            coordinator = b;
    ASSERT_NE(coordinator, 0);
    const std::int32_t atCoordinator = f.connect(coordinator);

    const auto listed = std::get<client::ListGroupsResponse>(
        f.ask(atCoordinator, f.header(wire::ApiKey::ListGroups, 5), client::ListGroupsRequest {}));
    ASSERT_EQ(listed.groups.size(), 1U);
    EXPECT_EQ(listed.groups[0],
        (client::ListedGroup { "billing", "consumer", live::kafkaGroupState(group.state), "classic" }));
    const auto filtered = std::get<client::ListGroupsResponse>(f.ask(atCoordinator,
        f.header(wire::ApiKey::ListGroups, 4), client::ListGroupsRequest { { "PreparingRebalance-not" }, {} }));
    EXPECT_TRUE(filtered.groups.empty());
    const auto byState = std::get<client::ListGroupsResponse>(f.ask(atCoordinator,
        f.header(wire::ApiKey::ListGroups, 4),
        client::ListGroupsRequest { { live::kafkaGroupState(group.state) }, {} }));
    ASSERT_EQ(byState.groups.size(), 1U);
    EXPECT_EQ(byState.groups[0].groupType, ""); // version 4 has no GroupType

    const auto described = std::get<client::DescribeGroupsResponse>(f.ask(atCoordinator,
        f.header(wire::ApiKey::DescribeGroups, 5), client::DescribeGroupsRequest { { "billing", "nope" }, false }));
    ASSERT_EQ(described.groups.size(), 2U);
    EXPECT_EQ(described.groups[0].errorCode, wire::ErrorCode::None);
    EXPECT_EQ(described.groups[0].groupState, live::kafkaGroupState(group.state));
    EXPECT_EQ(described.groups[0].members.size(), group.members.size());
    // An unknown group is Dead at its coordinator, NOT_COORDINATOR elsewhere.
    const int partitions = static_cast<int>(f.state().offsetsPartitions.size());
    if (live::coordinates(f.state(), coordinator, offsetsPartitionFor("nope", partitions))) {
        EXPECT_EQ(described.groups[1].errorCode, wire::ErrorCode::None);
        EXPECT_EQ(described.groups[1].groupState, "Dead");
    } else {
        EXPECT_EQ(described.groups[1].errorCode, wire::ErrorCode::NotCoordinator);
    }
    if (coordinator != askedBroker) {
        const auto elsewhere = std::get<client::DescribeGroupsResponse>(f.ask(
            f.header(wire::ApiKey::DescribeGroups, 5), client::DescribeGroupsRequest { { "billing" }, false }));
        EXPECT_EQ(elsewhere.groups[0].errorCode, wire::ErrorCode::NotCoordinator);
    }
}

TEST(KafkaApisObserve, OffsetFetch8ReadsTheCommittedOffsetsAtTheCoordinator)
{
    Fixture f;
    ASSERT_EQ(f.state().groups.size(), 1U);
    const Group& group = f.state().groups[0];
    BrokerId coordinator = 0;
    for (BrokerId b = 1; b <= 3; ++b)
        if (live::coordinates(f.state(), b, group.offsetsPartition))
            coordinator = b;
    ASSERT_NE(coordinator, 0);
    ASSERT_FALSE(group.committed.empty()); // the consumer auto-committed
    const std::int32_t atCoordinator = f.connect(coordinator);
    client::OffsetFetchRequest request;
    request.groups.push_back(client::OffsetFetchRequestGroup { "billing", std::nullopt });
    request.groups.push_back(client::OffsetFetchRequestGroup {
        "billing", std::vector<client::OffsetFetchRequestTopics> { { "orders", { 0, 1, 2, 9 } } } });
    const auto response = std::get<client::OffsetFetchResponse>(
        f.ask(atCoordinator, f.header(wire::ApiKey::OffsetFetch, 8), request));
    ASSERT_EQ(response.groups.size(), 2U);
    std::size_t listed = 0;
    for (const client::OffsetFetchResponseTopics& topic : response.groups[0].topics)
        listed += topic.partitions.size();
    EXPECT_EQ(listed, group.committed.size());
    ASSERT_EQ(response.groups[1].topics.size(), 1U);
    const auto& parts = response.groups[1].topics[0].partitions;
    ASSERT_EQ(parts.size(), 4U);
    for (std::int32_t p = 0; p < 3; ++p) {
        Offset expected = -1;
        for (const CommittedOffset& c : group.committed)
            if (c.partition == p) // "orders" is the first topic: its flat partitions are 0-2
                expected = c.offset;
        EXPECT_EQ(parts[static_cast<std::size_t>(p)].committedOffset, expected);
    }
    EXPECT_EQ(parts[3].committedOffset, -1);
    if (coordinator != askedBroker) {
        const auto elsewhere
            = std::get<client::OffsetFetchResponse>(f.ask(f.header(wire::ApiKey::OffsetFetch, 8), request));
        EXPECT_EQ(elsewhere.groups[0].errorCode, wire::ErrorCode::NotCoordinator);
    }
}

TEST(KafkaApisObserve, DescribeConfigs4ListsATopicsConfigsAsConfigHelperDoes)
{
    // ConfigHelper.describeConfigs at 4.4.0: the named keys only (min.insync.replicas, the observer's), every
    // config for null keys, UNKNOWN_TOPIC_OR_PARTITION with no message for a topic that does not exist.
    Fixture f;
    const wire::RequestHeader h = f.header(wire::ApiKey::DescribeConfigs, 4);
    client::DescribeConfigsRequest request;
    request.resources.push_back(
        { client::ConfigResourceType::Topic, "orders", std::vector<std::string> { "min.insync.replicas" } });
    request.resources.push_back({ client::ConfigResourceType::Topic, "orders", std::nullopt });
    request.resources.push_back({ client::ConfigResourceType::Topic, "missing", std::nullopt });
    request.resources.push_back({ client::ConfigResourceType::Broker, "2", std::nullopt });
    const auto response = std::get<client::DescribeConfigsResponse>(f.ask(h, request));
    ASSERT_EQ(response.results.size(), 4U);

    const client::DescribeConfigsResult& asked = response.results[0];
    EXPECT_EQ(asked.errorCode, wire::ErrorCode::None);
    EXPECT_EQ(asked.resourceName, "orders");
    ASSERT_EQ(asked.configs.size(), 1U);
    EXPECT_EQ(asked.configs[0].name, "min.insync.replicas");
    EXPECT_EQ(asked.configs[0].value, std::to_string(f.state().config.minInsyncReplicas));
    EXPECT_EQ(asked.configs[0].configType, 3); // INT
    EXPECT_FALSE(asked.configs[0].readOnly);
    EXPECT_FALSE(asked.configs[0].isSensitive);
    EXPECT_TRUE(asked.configs[0].synonyms.empty());
    EXPECT_EQ(asked.configs[0].documentation, std::nullopt);

    const client::DescribeConfigsResult& all = response.results[1];
    std::vector<std::string> names;
    for (const auto& config : all.configs)
        names.push_back(config.name);
    EXPECT_EQ(names, (std::vector<std::string> { "min.insync.replicas", "retention.bytes", "retention.ms",
                         "segment.bytes", "segment.ms", "unclean.leader.election.enable" }));
    EXPECT_EQ(all.configs[2].value, "604800000"); // retention.ms at Kafka's default: DEFAULT_CONFIG
    EXPECT_EQ(all.configs[2].configSource, 5);
    EXPECT_EQ(all.configs[5].value, "false");
    EXPECT_EQ(all.configs[5].configType, 1); // BOOLEAN

    EXPECT_EQ(response.results[2].errorCode, wire::ErrorCode::UnknownTopicOrPartition);
    EXPECT_EQ(response.results[2].errorMessage, std::nullopt);
    EXPECT_TRUE(response.results[2].configs.empty());
    EXPECT_EQ(response.results[3].errorCode, wire::ErrorCode::InvalidRequest);
    EXPECT_EQ(response.results[3].resourceType, client::ConfigResourceType::Broker);
}
