// SPDX-License-Identifier: MIT
// The client half of the codec (wire/client_protocol.h) against Kafka's own bytes: tests/wire/data/
// client_golden.txt holds each request and response as kafka-clients 4.4.0's generated message classes write
// them (tests/wire/golden/GoldenBytes.java, with the field values below). Each request must encode to its
// golden bytes, each golden response must decode to the values it was written from, and every shorter prefix
// of a response must be refused with an error naming the API, the version and the field.
#include "wire/client_protocol.h"
#include "wire/limits.h"
#include "wire/protocol_observe.h"
#include "wire/record_batch.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>

using namespace hw::wire;
namespace client = hw::wire::client;

namespace {

// The constants GoldenBytes.java writes into every frame.
constexpr std::int32_t goldenCorrelationId = 42;
const client::Uuid ordersId { 0x0123456789abcdefULL, 0x0fedcba987654321ULL };

struct GoldenFrame {
    std::string name; // "CreateTopics", "ElectLeaders.unclean", ...
    bool isRequest = false;
    ApiKey key = ApiKey::ApiVersions;
    std::int16_t version = 0;
    Bytes bytes;
};

Bytes fromHex(const std::string& hex)
{
    Bytes out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(static_cast<std::uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}

std::string toHex(const Bytes& bytes)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (std::uint8_t byte : bytes) {
        out += digits[byte >> 4];
        out += digits[byte & 0xf];
    }
    return out;
}

// "name request|response key version hex" per line; "#" starts a comment.
const std::vector<GoldenFrame>& goldenFrames()
{
    static const std::vector<GoldenFrame> frames = [] {
        std::vector<GoldenFrame> out;
        std::ifstream in(std::string(HW_WIRE_TEST_DATA_DIR) + "/client_golden.txt");
        EXPECT_TRUE(in) << "cannot read " << HW_WIRE_TEST_DATA_DIR << "/client_golden.txt";
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#')
                continue;
            std::istringstream fields(line);
            GoldenFrame frame;
            std::string kind;
            int key = 0;
            int version = 0;
            std::string hex;
            fields >> frame.name >> kind >> key >> version >> hex;
            frame.isRequest = kind == "request";
            frame.key = static_cast<ApiKey>(key);
            frame.version = static_cast<std::int16_t>(version);
            frame.bytes = fromHex(hex);
            out.push_back(std::move(frame));
        }
        return out;
    }();
    return frames;
}

const GoldenFrame& golden(const std::string& name, bool isRequest, std::int16_t version)
{
    for (const GoldenFrame& frame : goldenFrames())
        if (frame.name == name && frame.isRequest == isRequest && frame.version == version)
            return frame;
    throw std::runtime_error("no golden " + name + (isRequest ? " request" : " response") + " v"
        + std::to_string(version) + " in client_golden.txt");
}

RequestHeader headerFor(ApiKey key, std::int16_t version)
{
    RequestHeader header;
    header.apiKey = key;
    header.rawApiKey = static_cast<std::int16_t>(key);
    header.apiVersion = version;
    header.correlationId = goldenCorrelationId;
    header.clientId = "highwater";
    return header;
}

// The batch GoldenBytes.java puts in its Fetch response (MemoryRecords.withRecords(40, NONE, ...)), written
// by the server half's own batch encoder: it must be the same bytes.
Bytes kafkasBatch()
{
    RecordBatch batch;
    batch.baseOffset = 40;
    batch.lastOffsetDelta = 1;
    batch.baseTimestamp = 1700000000000;
    batch.maxTimestamp = 1700000000001;
    Record first;
    first.key = Bytes { 'k' };
    first.value = Bytes { 'v', '4', '0' };
    Record second;
    second.timestampDelta = 1;
    second.offsetDelta = 1;
    second.value = Bytes { 'v', '4', '1' };
    batch.records = { first, second };
    return encodeRecordBatch(batch, Compression::None);
}

// ---------------------------------------------------------------------------------------------
// The values GoldenBytes.java serializes, case by case.

struct RequestCase {
    std::string name;
    ApiKey key;
    std::int16_t version;
    client::Request body;
};

std::vector<RequestCase> requestCases()
{
    std::vector<RequestCase> out;
    out.push_back({ "ApiVersions", ApiKey::ApiVersions, 3, client::ApiVersionsRequest { "highwater", "0.27.0" } });

    client::MetadataRequest metadata;
    metadata.topics = std::vector<std::string> { "orders" };
    out.push_back({ "Metadata", ApiKey::Metadata, 12, metadata });
    out.push_back({ "Metadata.all", ApiKey::Metadata, 12, client::MetadataRequest {} });

    client::CreatableTopic orders;
    orders.name = "orders";
    orders.assignments = { { 0, { 1, 2, 3 } }, { 1, { 2, 3, 1 } } };
    orders.configs = { { "min.insync.replicas", "2" }, { "unclean.leader.election.enable", "false" } };
    out.push_back(
        { "CreateTopics", ApiKey::CreateTopics, 7, client::CreateTopicsRequest { { orders }, 30000, false } });

    client::IncrementalAlterConfigsRequest alter;
    alter.resources = {
        { client::ConfigResourceType::Topic, "orders",
            { { "min.insync.replicas", client::ConfigOperation::Set, "2" },
                { "retention.ms", client::ConfigOperation::Delete, std::nullopt } } },
        { client::ConfigResourceType::Broker, "1",
            { { "log.flush.interval.messages", client::ConfigOperation::Set, "1" } } },
    };
    out.push_back({ "IncrementalAlterConfigs", ApiKey::IncrementalAlterConfigs, 1, alter });

    out.push_back({ "ElectLeaders.preferred", ApiKey::ElectLeaders, 2,
        client::ElectLeadersRequest { client::ElectionType::Preferred,
            std::vector<client::ElectLeadersTopic> { { "orders", { 0, 1 } } }, 30000 } });
    out.push_back({ "ElectLeaders.unclean", ApiKey::ElectLeaders, 2,
        client::ElectLeadersRequest {
            client::ElectionType::Unclean, std::vector<client::ElectLeadersTopic> { { "orders", { 1 } } }, 30000 } });
    out.push_back({ "ElectLeaders.all", ApiKey::ElectLeaders, 2, client::ElectLeadersRequest {} });

    client::ListOffsetsRequest listOffsets;
    listOffsets.replicaId = client::debuggingReplicaId;
    listOffsets.topics = { { "orders", { { 0, -1, client::latestTimestamp }, { 1, 3, client::latestTimestamp } } } };
    out.push_back({ "ListOffsets", ApiKey::ListOffsets, 8, listOffsets });

    client::FetchRequest fetch;
    fetch.maxBytes = 1048576;
    fetch.topics = { { "orders", { { 0, -1, 40, -1, -1, 65536 }, { 1, 4, 0, -1, -1, 65536 } } } };
    out.push_back({ "Fetch", ApiKey::Fetch, 12, fetch });
    client::FetchRequest session;
    session.clusterId = "hw-cluster";
    session.maxWaitMs = 500;
    session.minBytes = 1;
    session.maxBytes = 1048576;
    session.isolationLevel = 1;
    session.sessionId = 7;
    session.sessionEpoch = 3;
    session.forgottenTopicsData = { { "old", { 2 } } };
    session.rackId = "rack-a";
    out.push_back({ "Fetch.session", ApiKey::Fetch, 12, session });

    out.push_back({ "DescribeTopicPartitions", ApiKey::DescribeTopicPartitions, 0,
        client::DescribeTopicPartitionsRequest { { "orders" }, 2000, std::nullopt } });
    out.push_back({ "DescribeTopicPartitions.cursor", ApiKey::DescribeTopicPartitions, 0,
        client::DescribeTopicPartitionsRequest { { "orders" }, 1, client::TopicPartitionsCursor { "orders", 1 } } });

    out.push_back(
        { "DescribeCluster", ApiKey::DescribeCluster, 1, client::DescribeClusterRequest { false, 1, false } });
    out.push_back({ "DescribeCluster", ApiKey::DescribeCluster, 2, client::DescribeClusterRequest { false, 1, true } });

    client::DescribeConfigsRequest describeConfigs;
    describeConfigs.resources = { { client::ConfigResourceType::Topic, "orders", std::nullopt },
        { client::ConfigResourceType::Topic, "clicks",
            std::vector<std::string> { "min.insync.replicas", "unclean.leader.election.enable" } } };
    out.push_back({ "DescribeConfigs", ApiKey::DescribeConfigs, 4, describeConfigs });

    out.push_back({ "SaslHandshake", ApiKey::SaslHandshake, 1, client::SaslHandshakeRequest { "PLAIN" } });
    const std::string plain("\0highwater\0secret", 17);
    out.push_back({ "SaslAuthenticate", ApiKey::SaslAuthenticate, 2,
        client::SaslAuthenticateRequest { Bytes(plain.begin(), plain.end()) } });

    out.push_back({ "ListGroups", ApiKey::ListGroups, 4, client::ListGroupsRequest { { "Stable", "Empty" }, {} } });
    out.push_back({ "ListGroups", ApiKey::ListGroups, 5, client::ListGroupsRequest { {}, { "consumer", "classic" } } });

    out.push_back({ "DescribeGroups", ApiKey::DescribeGroups, 5,
        client::DescribeGroupsRequest { { "billing", "gone" }, false } });

    client::OffsetFetchRequest offsetFetch;
    offsetFetch.groups = { { "billing", std::vector<client::OffsetFetchRequestTopics> { { "orders", { 0, 1 } } } },
        { "audit", std::nullopt } };
    offsetFetch.requireStable = true;
    out.push_back({ "OffsetFetch", ApiKey::OffsetFetch, 8, offsetFetch });

    for (std::int16_t version : { std::int16_t(0), std::int16_t(1) })
        out.push_back({ "ConsumerGroupDescribe", ApiKey::ConsumerGroupDescribe, version,
            client::ConsumerGroupDescribeRequest { { "billing", "legacy" }, false } });
    return out;
}

struct ResponseCase {
    std::string name;
    ApiKey key;
    std::int16_t version;
    client::Response body;
};

std::vector<ResponseCase> responseCases()
{
    std::vector<ResponseCase> out;

    client::ApiVersionsResponse apiVersions;
    apiVersions.apiKeys = { { ApiKey::Produce, 3, 13 }, { ApiKey::Fetch, 4, 18 }, { ApiKey::ApiVersions, 0, 5 },
        { ApiKey::DescribeTopicPartitions, 0, 0 } };
    apiVersions.supportedFeatures = { { "metadata.version", 7, 29 }, { "eligible.leader.replicas.version", 0, 1 } };
    apiVersions.finalizedFeaturesEpoch = 1234;
    apiVersions.finalizedFeatures = { { "metadata.version", 29, 29 }, { "eligible.leader.replicas.version", 1, 1 } };
    out.push_back({ "ApiVersions", ApiKey::ApiVersions, 3, apiVersions });

    client::ApiVersionsResponse served;
    served.apiKeys.assign(advertisedApis().begin(), advertisedApis().end());
    out.push_back({ "ApiVersions.served", ApiKey::ApiVersions, 3, served });

    client::MetadataResponse metadata;
    metadata.brokers = { { 1, "localhost", 19092, std::nullopt }, { 2, "localhost", 19093, "rack-b" } };
    metadata.clusterId = "hw-cluster";
    metadata.controllerId = 1;
    metadata.topics = {
        { ErrorCode::None, "orders", ordersId, false,
            { { ErrorCode::None, 0, 1, 3, { 1, 2, 3 }, { 1, 2 }, { 3 } },
                { ErrorCode::LeaderNotAvailable, 1, -1, 4, { 2, 3, 1 }, { 2 }, {} } },
            client::authorizedOperationsOmitted },
        { ErrorCode::UnknownTopicOrPartition, "missing", client::Uuid {}, false, {},
            client::authorizedOperationsOmitted },
    };
    out.push_back({ "Metadata", ApiKey::Metadata, 12, metadata });

    client::CreateTopicsResponse created;
    client::CreatableTopicResult ok;
    ok.name = "orders";
    ok.topicId = ordersId;
    ok.numPartitions = 2;
    ok.replicationFactor = 3;
    ok.configs = std::vector<client::CreatableTopicConfigs> { { "min.insync.replicas", "2", false, 1, false },
        { "cleanup.policy", "delete", false, 5, false }, { "secret", std::nullopt, true, 4, true } };
    client::CreatableTopicResult taken;
    taken.name = "taken";
    taken.errorCode = ErrorCode::TopicAlreadyExists;
    taken.errorMessage = "Topic 'taken' already exists.";
    taken.topicConfigErrorCode = ErrorCode::TopicAuthorizationFailed;
    created.topics = { ok, taken };
    out.push_back({ "CreateTopics", ApiKey::CreateTopics, 7, created });

    client::IncrementalAlterConfigsResponse altered;
    altered.responses = { { ErrorCode::None, std::nullopt, client::ConfigResourceType::Topic, "orders" },
        { ErrorCode::InvalidConfig, "Invalid value x for configuration log.flush.interval.messages",
            client::ConfigResourceType::Broker, "1" } };
    out.push_back({ "IncrementalAlterConfigs", ApiKey::IncrementalAlterConfigs, 1, altered });

    client::ElectLeadersResponse elected;
    elected.replicaElectionResults = { { "orders",
        { { 0, ErrorCode::ElectionNotNeeded, "Leader election not needed for topic partition." },
            { 1, ErrorCode::None, std::nullopt } } } };
    out.push_back({ "ElectLeaders", ApiKey::ElectLeaders, 2, elected });

    client::ListOffsetsResponse offsets;
    offsets.topics
        = { { "orders", { { 0, ErrorCode::None, -1, 42, 3 }, { 1, ErrorCode::NotLeaderOrFollower, -1, -1, -1 } } } };
    out.push_back({ "ListOffsets", ApiKey::ListOffsets, 8, offsets });

    client::FetchResponse fetched;
    client::FetchPartitionResponse withRecords;
    withRecords.partitionIndex = 0;
    withRecords.highWatermark = 42;
    withRecords.lastStableOffset = 42;
    withRecords.logStartOffset = 0;
    withRecords.records = kafkasBatch();
    client::FetchPartitionResponse moved;
    moved.partitionIndex = 1;
    moved.errorCode = ErrorCode::NotLeaderOrFollower;
    moved.divergingEpoch = client::EpochEndOffset { 3, 41 };
    moved.currentLeader = client::LeaderIdAndEpoch { 2, 5 };
    moved.snapshotId = client::SnapshotId { 30, 2 };
    moved.abortedTransactions = std::vector<AbortedTransaction> { { 1000, 7 } };
    moved.preferredReadReplica = 3;
    fetched.responses = { { "orders", { withRecords, moved } } };
    out.push_back({ "Fetch", ApiKey::Fetch, 12, fetched });

    client::DescribeTopicPartitionsResponse described;
    described.topics = { { ErrorCode::None, "orders", ordersId, false,
        { { ErrorCode::None, 0, 1, 5, { 1, 2, 3 }, { 1 }, std::vector<std::int32_t> { 2 },
              std::vector<std::int32_t> { 3 }, {} },
            { ErrorCode::None, 1, -1, 6, { 2, 3, 1 }, {}, std::vector<std::int32_t> {}, std::nullopt, { 2 } } },
        client::authorizedOperationsOmitted } };
    described.nextCursor = client::TopicPartitionsCursor { "orders", 2 };
    out.push_back({ "DescribeTopicPartitions", ApiKey::DescribeTopicPartitions, 0, described });

    for (std::int16_t version : { std::int16_t(1), std::int16_t(2) }) {
        client::DescribeClusterResponse cluster;
        cluster.clusterId = "hw-cluster";
        cluster.controllerId = 1;
        cluster.brokers
            = { { 1, "localhost", 19092, std::nullopt, false }, { 2, "localhost", 19093, "rack-b", version >= 2 } };
        out.push_back({ "DescribeCluster", ApiKey::DescribeCluster, version, cluster });
    }

    client::DescribeConfigsResponse configs;
    client::DescribeConfigsResult orderConfigs { ErrorCode::None, std::nullopt, client::ConfigResourceType::Topic,
        "orders",
        { { "min.insync.replicas", "2", false, 1, false, {}, 3, std::nullopt },
            { "unclean.leader.election.enable", "false", false, 5, false, {}, 1, std::nullopt },
            { "sasl.jaas.config", std::nullopt, true, 4, true, { { "sasl.jaas.config", std::nullopt, 4 } }, 9,
                "JAAS login context parameters." } } };
    client::DescribeConfigsResult missing { ErrorCode::UnknownTopicOrPartition, "The topic 'missing' does not exist.",
        client::ConfigResourceType::Topic, "missing", {} };
    configs.results = { orderConfigs, missing };
    out.push_back({ "DescribeConfigs", ApiKey::DescribeConfigs, 4, configs });

    out.push_back({ "SaslHandshake", ApiKey::SaslHandshake, 1,
        client::SaslHandshakeResponse { ErrorCode::None, { "PLAIN", "SCRAM-SHA-512" } } });
    out.push_back({ "SaslHandshake.unsupported", ApiKey::SaslHandshake, 1,
        client::SaslHandshakeResponse { ErrorCode::UnsupportedSaslMechanism, { "SCRAM-SHA-512" } } });
    out.push_back({ "SaslAuthenticate", ApiKey::SaslAuthenticate, 2,
        client::SaslAuthenticateResponse { ErrorCode::None, std::nullopt, {}, 3600000 } });
    out.push_back({ "SaslAuthenticate.failed", ApiKey::SaslAuthenticate, 2,
        client::SaslAuthenticateResponse { ErrorCode::SaslAuthenticationFailed,
            "Authentication failed: Invalid username or password", {}, 0 } });

    for (std::int16_t version : { std::int16_t(4), std::int16_t(5) }) {
        client::ListGroupsResponse groups;
        groups.groups = { { "billing", "consumer", "Stable", version >= 5 ? "consumer" : "" },
            { "audit", "", "Empty", version >= 5 ? "classic" : "" } };
        out.push_back({ "ListGroups", ApiKey::ListGroups, version, groups });
    }

    client::DescribeGroupsResponse describedGroups;
    const Bytes subscription { 0, 3, 0, 0, 0, 1, 0, 6, 'o', 'r', 'd', 'e', 'r', 's' };
    const Bytes assignment { 0, 3, 0, 0, 0, 1, 0, 6, 'o', 'r', 'd', 'e', 'r', 's', 0, 0, 0, 1, 0, 0, 0, 0 };
    describedGroups.groups = {
        { ErrorCode::None, "billing", "Stable", "consumer", "range",
            { { "consumer-1-4f2a", std::nullopt, "consumer-1", "/127.0.0.1", subscription, assignment },
                { "worker-2-77c1", "worker-2", "consumer-2", "/127.0.0.2", {}, {} } },
            client::authorizedOperationsOmitted },
        { ErrorCode::GroupIdNotFound, "gone", "Dead", "", "", {}, client::authorizedOperationsOmitted },
    };
    out.push_back({ "DescribeGroups", ApiKey::DescribeGroups, 5, describedGroups });

    client::OffsetFetchResponse committed;
    committed.groups = {
        { "billing",
            { { "orders", { { 0, 40, 3, "", ErrorCode::None }, { 1, -1, -1, std::nullopt, ErrorCode::None } } } },
            ErrorCode::None },
        { "audit", {}, ErrorCode::CoordinatorLoadInProgress },
    };
    out.push_back({ "OffsetFetch", ApiKey::OffsetFetch, 8, committed });

    for (std::int16_t version : { std::int16_t(0), std::int16_t(1) }) {
        client::ConsumerGroupMember member;
        member.memberId = "Yc3tVwq1Ra2bAkHzDfNWmQ";
        member.rackId = "rack-a";
        member.memberEpoch = 7;
        member.clientId = "consumer-billing-1";
        member.clientHost = "/127.0.0.1";
        member.subscribedTopicNames = { "orders" };
        member.assignment.topicPartitions = { { ordersId, "orders", { 0 } } };
        member.targetAssignment.topicPartitions = { { ordersId, "orders", { 0, 1 } } };
        member.memberType = version >= 1 ? 1 : -1;
        client::ConsumerGroupDescribedGroup billing;
        billing.groupId = "billing";
        billing.groupState = "Reconciling";
        billing.groupEpoch = 8;
        billing.assignmentEpoch = 8;
        billing.assignorName = "uniform";
        billing.members = { member };
        client::ConsumerGroupDescribedGroup legacy;
        legacy.errorCode = ErrorCode::GroupIdNotFound;
        legacy.errorMessage = "Group legacy is not a consumer group.";
        legacy.groupId = "legacy";
        client::ConsumerGroupDescribeResponse consumerGroups;
        consumerGroups.groups = { billing, legacy };
        out.push_back({ "ConsumerGroupDescribe", ApiKey::ConsumerGroupDescribe, version, consumerGroups });
    }
    return out;
}

// What gtest prints for a failing case: its name and version, not its bytes.
void PrintTo(const RequestCase& c, std::ostream* out)
{
    *out << c.name << " v" << c.version;
}

void PrintTo(const ResponseCase& c, std::ostream* out)
{
    *out << c.name << " v" << c.version;
}

std::string caseName(const std::string& name, std::int16_t version)
{
    std::string out;
    for (char c : name)
        out += c == '.' ? '_' : c;
    return out + "V" + std::to_string(version);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Requests: encoded byte for byte as Kafka writes them.

class ClientRequestGolden : public ::testing::TestWithParam<RequestCase> { };

TEST_P(ClientRequestGolden, EncodesToKafkasBytes)
{
    const RequestCase& c = GetParam();
    const GoldenFrame& expected = golden(c.name, true, c.version);
    ASSERT_EQ(expected.key, c.key);
    EXPECT_EQ(toHex(client::encodeRequest(headerFor(c.key, c.version), c.body)), toHex(expected.bytes));
}

INSTANTIATE_TEST_SUITE_P(Kafka440, ClientRequestGolden, ::testing::ValuesIn(requestCases()),
    [](const ::testing::TestParamInfo<RequestCase>& info) { return caseName(info.param.name, info.param.version); });

// ---------------------------------------------------------------------------------------------
// Responses: decoded into the values Kafka wrote, and every prefix refused.

class ClientResponseGolden : public ::testing::TestWithParam<ResponseCase> { };

TEST_P(ClientResponseGolden, DecodesKafkasBytes)
{
    const ResponseCase& c = GetParam();
    const GoldenFrame& frame = golden(c.name, false, c.version);
    ASSERT_EQ(frame.key, c.key);
    std::int32_t correlationId = 0;
    client::Response decoded = client::parseResponse(c.key, c.version, frame.bytes, &correlationId);
    EXPECT_EQ(correlationId, goldenCorrelationId);
    EXPECT_TRUE(decoded == c.body) << c.name << " v" << c.version
                                   << " did not decode to the values GoldenBytes.java wrote";
}

TEST_P(ClientResponseGolden, EveryPrefixIsRefusedNamingTheApiVersionAndField)
{
    const ResponseCase& c = GetParam();
    const GoldenFrame& frame = golden(c.name, false, c.version);
    const std::string context = std::string(apiName(c.key)) + " v" + std::to_string(c.version) + " response, ";
    for (std::size_t length = 0; length < frame.bytes.size(); ++length) {
        // A copy of exactly the prefix, so that a read past its end is an overread the sanitizer build sees.
        const Bytes prefix(frame.bytes.begin(), frame.bytes.begin() + static_cast<std::ptrdiff_t>(length));
        try {
            client::parseResponse(c.key, c.version, prefix, nullptr);
            ADD_FAILURE() << c.name << ": a prefix of " << length << " of " << frame.bytes.size() << " bytes decoded";
        } catch (const DecodeError& error) {
            const std::string what = error.what();
            EXPECT_NE(what.find(context), std::string::npos) << what;
            EXPECT_TRUE(what.find(context + "$") != std::string::npos
                || what.find(context + "ResponseHeader.") != std::string::npos)
                << what;
            EXPECT_NE(what.find("expected"), std::string::npos) << what;
            EXPECT_LE(error.offset(), length) << what;
        }
    }
}

TEST_P(ClientResponseGolden, BytesAfterTheResponseAreRefused)
{
    const ResponseCase& c = GetParam();
    Bytes longer = golden(c.name, false, c.version).bytes;
    longer.push_back(0);
    try {
        client::parseResponse(c.key, c.version, longer, nullptr);
        ADD_FAILURE() << "a response with a byte after it decoded";
    } catch (const DecodeError& error) {
        EXPECT_NE(
            std::string(error.what()).find("$: expected the end of the response, 1 bytes are left"), std::string::npos)
            << error.what();
    }
}

INSTANTIATE_TEST_SUITE_P(Kafka440, ClientResponseGolden, ::testing::ValuesIn(responseCases()),
    [](const ::testing::TestParamInfo<ResponseCase>& info) { return caseName(info.param.name, info.param.version); });

// ---------------------------------------------------------------------------------------------

TEST(ClientProtocol, EveryGoldenFrameHasACase)
{
    const auto requests = requestCases();
    const auto responses = responseCases();
    ASSERT_FALSE(goldenFrames().empty());
    for (const GoldenFrame& frame : goldenFrames()) {
        // The server half's Fetch v10 frames: TheServerHalfReadsAndWritesKafkasFetchV10 covers them.
        // The server half's CreateTopics frames: TheServerHalfReadsAndWritesKafkasCreateTopics covers them.
        bool covered = frame.name.rfind("Fetch.served", 0) == 0 || frame.name == "CreateTopics.served";
        if (frame.isRequest) {
            for (const RequestCase& c : requests)
                covered = covered || (c.name == frame.name && c.version == frame.version);
        } else {
            for (const ResponseCase& c : responses)
                covered = covered || (c.name == frame.name && c.version == frame.version);
        }
        EXPECT_TRUE(covered) << frame.name << (frame.isRequest ? " request" : " response") << " v" << frame.version;
    }
    // And every API the client half speaks has a golden request and response.
    for (const VersionRange& range : client::clientApis()) {
        for (std::int16_t version = range.minVersion; version <= range.maxVersion; ++version) {
            bool request = false;
            bool response = false;
            for (const GoldenFrame& frame : goldenFrames()) {
                if (frame.key != range.key || frame.version != version)
                    continue;
                request = request || frame.isRequest;
                response = response || !frame.isRequest;
            }
            EXPECT_TRUE(request && response) << apiName(range.key) << " v" << version;
        }
    }
}

// The server half's ApiVersions v3 answer (what HighWater's broker advertises) is also Kafka's bytes.
TEST(ClientProtocol, TheServerHalfsApiVersionsResponseIsKafkasBytes)
{
    const Bytes frame = encodeResponse(headerFor(ApiKey::ApiVersions, 3), ApiVersionsResponse {});
    const Bytes withoutSize(frame.begin() + 4, frame.end());
    EXPECT_EQ(toHex(withoutSize), toHex(golden("ApiVersions.served", false, 3).bytes));
}

// The server half's Fetch v10 (fetch sessions, KIP-227; current leader epochs, KIP-320) against Kafka's own
// writer: the request Kafka writes decodes to its fields, and the responses decode and encode back to
// Kafka's bytes.
TEST(ClientProtocol, TheServerHalfReadsAndWritesKafkasFetchV10)
{
    const GoldenFrame& request = golden("Fetch.served", true, 10);
    const RequestFrame parsed = parseRequest(ByteView(request.bytes).subspan(4));
    ASSERT_EQ(parsed.header.apiVersion, 10);
    const auto& fetch = std::get<FetchRequest>(parsed.body);
    FetchRequest expected;
    expected.replicaId = -1;
    expected.maxWaitMs = 500;
    expected.minBytes = 1;
    expected.maxBytes = 52428800;
    expected.isolationLevel = 0;
    expected.sessionId = 0;
    expected.sessionEpoch = 0;
    expected.topics = { { "orders", { { 0, 40, -1, 1048576, 3 }, { 1, 7, 2, 65536, -1 } } } };
    expected.forgottenTopics = { { "old", { 2 } } };
    EXPECT_EQ(fetch, expected);
    // HighWater's client-side encoder writes the same bytes (encodeRequest of the server half).
    EXPECT_EQ(toHex(encodeRequest(parsed.header, parsed.body)), toHex(request.bytes));

    for (const char* name : { "Fetch.served", "Fetch.served.sessionError" }) {
        const GoldenFrame& response = golden(name, false, 10);
        const auto body = std::get<FetchResponse>(parseResponse(ApiKey::Fetch, 10, response.bytes, nullptr));
        EXPECT_EQ(body.sessionId, 0) << name;
        const Bytes frame = encodeResponse(headerFor(ApiKey::Fetch, 10), body);
        EXPECT_EQ(toHex(Bytes(frame.begin() + 4, frame.end())), toHex(response.bytes)) << name;
    }
    const auto served = std::get<FetchResponse>(
        parseResponse(ApiKey::Fetch, 10, golden("Fetch.served", false, 10).bytes, nullptr));
    EXPECT_EQ(served.errorCode, ErrorCode::None);
    ASSERT_EQ(served.responses.size(), 1u);
    ASSERT_EQ(served.responses[0].partitions.size(), 2u);
    EXPECT_EQ(served.responses[0].partitions[1].errorCode, ErrorCode::FencedLeaderEpoch);
    const std::vector<RecordBatch> batches =
        decodeRecordBatches(served.responses[0].partitions[0].records, defaultBatchLimits());
    ASSERT_EQ(batches.size(), 1u);
    EXPECT_EQ(batches[0].baseOffset, 40);
    const auto sessionError = std::get<FetchResponse>(
        parseResponse(ApiKey::Fetch, 10, golden("Fetch.served.sessionError", false, 10).bytes, nullptr));
    EXPECT_EQ(sessionError.errorCode, ErrorCode::FetchSessionIdNotFound);
    EXPECT_TRUE(sessionError.responses.empty());
}

// The server half's CreateTopics (versions 2, 4, 5 and 7: not flexible, librdkafka's, the first flexible and
// Java's) against Kafka 4.4.0's own writer: the request decodes to its fields and encodes back to Kafka's
// bytes, and HighWater's answer (one topic created, one TOPIC_ALREADY_EXISTS) is Kafka's bytes.
TEST(ClientProtocol, TheServerHalfReadsAndWritesKafkasCreateTopics)
{
    for (const std::int16_t version : { 2, 4, 5, 7 }) {
        SCOPED_TRACE("CreateTopics v" + std::to_string(version));
        const GoldenFrame& request = golden("CreateTopics.served", true, version);
        const RequestFrame parsed = parseRequest(ByteView(request.bytes).subspan(4));
        ASSERT_EQ(parsed.header.apiVersion, version);
        CreateTopicsRequest expected;
        expected.topics = { { "clicks", 3, 2, {}, { { "retention.ms", "60000" }, { "segment.ms", std::nullopt } } },
            { "manual", -1, -1, { { 0, { 2, 1 } } }, {} } };
        expected.timeoutMs = 30000;
        expected.validateOnly = version == 4;
        EXPECT_EQ(std::get<CreateTopicsRequest>(parsed.body), expected);
        EXPECT_EQ(toHex(encodeRequest(parsed.header, parsed.body)), toHex(request.bytes));

        CreateTopicsResponse answer;
        CreateTopicsResult created;
        created.name = "clicks";
        created.topicIdHigh = version >= 7 ? 0x4857000000000002 : 0;
        created.topicIdLow = version >= 7 ? 0x1234567890abcdef : 0;
        CreateTopicsResult refused;
        refused.name = "orders";
        refused.errorCode = ErrorCode::TopicAlreadyExists;
        refused.errorMessage = "Topic 'orders' already exists.";
        if (version >= 5) {
            created.numPartitions = 3;
            created.replicationFactor = 2;
            created.configs = std::vector<CreateTopicsResultConfig> { { "retention.ms", "60000", false, 1, false },
                { "segment.bytes", "1048576", false, 4, false } };
            refused.configs.emplace();
        }
        answer.topics = { created, refused };
        const GoldenFrame& response = golden("CreateTopics.served", false, version);
        const Bytes frame = encodeResponse(headerFor(ApiKey::CreateTopics, version), answer);
        EXPECT_EQ(toHex(Bytes(frame.begin() + 4, frame.end())), toHex(response.bytes));
        EXPECT_EQ(std::get<CreateTopicsResponse>(parseResponse(ApiKey::CreateTopics, version, response.bytes, nullptr)),
            answer);
    }
}

TEST(ClientProtocol, FetchResponseRecordsAreKafkasBatch)
{
    const auto response = std::get<client::FetchResponse>(
        client::parseResponse(ApiKey::Fetch, 12, golden("Fetch", false, 12).bytes, nullptr));
    const auto& partition = response.responses.at(0).partitions.at(0);
    ASSERT_TRUE(partition.records);
    const std::vector<RecordBatch> batches = decodeRecordBatches(*partition.records, defaultBatchLimits());
    ASSERT_EQ(batches.size(), 1u);
    EXPECT_EQ(batches[0].baseOffset, 40);
    EXPECT_EQ(batches[0].baseTimestamp, 1700000000000);
    ASSERT_EQ(batches[0].records.size(), 2u);
    EXPECT_EQ(batches[0].records[0].key, Bytes { 'k' });
    EXPECT_EQ(batches[0].records[0].value, (Bytes { 'v', '4', '0' }));
    EXPECT_FALSE(batches[0].records[1].key.has_value());
    EXPECT_EQ(batches[0].records[1].offsetDelta, 1);
    EXPECT_FALSE(response.responses.at(0).partitions.at(1).records.has_value());
}

TEST(ClientProtocol, ATruncatedFieldIsNamedByItsPath)
{
    // Cut the DescribeTopicPartitions response before partition 1's IsrNodes count: the header (4 + 1),
    // ThrottleTimeMs (4), the Topics count (1), ErrorCode (2), Name (7), TopicId (16), IsInternal (1) and the
    // Partitions count (1) end at byte 37; partition 0 (2 + 4 + 4 + 4, ReplicaNodes 13, IsrNodes 5, both ELR
    // arrays 5 each, OfflineReplicas 1, tagged fields 1 = 44) at 81; partition 1's ErrorCode, PartitionIndex,
    // LeaderId and LeaderEpoch (14) at 95 and its ReplicaNodes (13) at 108.
    const Bytes& full = golden("DescribeTopicPartitions", false, 0).bytes;
    const Bytes cut(full.begin(), full.begin() + 108);
    try {
        client::parseResponse(ApiKey::DescribeTopicPartitions, 0, cut, nullptr);
        FAIL() << "a truncated response decoded";
    } catch (const DecodeError& error) {
        EXPECT_STREQ(error.what(),
            "at byte 108: DescribeTopicPartitions v0 response, $.Topics[0].Partitions[1].IsrNodes: expected 1 bytes "
            "for VARINT, 0 left");
    }
}

TEST(ClientProtocol, CountsAboveTheNamedLimitsAreRefused)
{
    // A ListOffsets response that claims limits::topicsPerRequestMax + 1 topics, with bytes enough for them.
    Writer w;
    w.int32(goldenCorrelationId);
    w.emptyTaggedFields();
    w.int32(0);
    w.compactArrayLength(limits::topicsPerRequestMax + 1);
    const Bytes zeros(static_cast<std::size_t>(limits::topicsPerRequestMax + 1) * 3, 0);
    w.raw(zeros);
    try {
        client::parseResponse(ApiKey::ListOffsets, 8, w.data(), nullptr);
        FAIL() << "a response above the topic limit decoded";
    } catch (const DecodeError& error) {
        EXPECT_NE(std::string(error.what())
                      .find("ListOffsets v8 response, $.Topics: a count of 4097, above "
                            "limits::topicsPerRequestMax (4096)"),
            std::string::npos)
            << error.what();
    }

    // A Metadata partition with limits::replicasPerPartitionMax + 1 replicas.
    Writer m;
    m.int32(goldenCorrelationId);
    m.emptyTaggedFields();
    m.int32(0); // ThrottleTimeMs
    m.compactArrayLength(0); // Brokers
    m.unsignedVarint(0); // ClusterId: null
    m.int32(1); // ControllerId
    m.compactArrayLength(1); // Topics
    m.int16(0);
    m.compactString("orders");
    m.raw(Bytes(16, 0)); // TopicId
    m.int8(0); // IsInternal
    m.compactArrayLength(1); // Partitions
    m.int16(0);
    m.int32(0);
    m.int32(1);
    m.int32(1);
    m.compactArrayLength(limits::replicasPerPartitionMax + 1);
    m.raw(Bytes(static_cast<std::size_t>(limits::replicasPerPartitionMax + 1) * 4, 0));
    try {
        client::parseResponse(ApiKey::Metadata, 12, m.data(), nullptr);
        FAIL() << "a partition above the replica limit decoded";
    } catch (const DecodeError& error) {
        EXPECT_NE(std::string(error.what())
                      .find("$.Topics[0].Partitions[0].ReplicaNodes: a count of 257, above "
                            "limits::replicasPerPartitionMax (256)"),
            std::string::npos)
            << error.what();
    }

    // A response frame above limits::responseBytesMax is refused before it is read.
    const Bytes huge(static_cast<std::size_t>(limits::responseBytesMax) + 1, 0);
    EXPECT_THROW(client::parseResponse(ApiKey::Fetch, 12, huge, nullptr), DecodeError);
}

TEST(ClientProtocol, AnUnknownTaggedFieldIsSkippedAndAKnownOneMustFillItsSize)
{
    // DescribeCluster v2 with an unknown tag 7 of 3 bytes at the end of the body: skipped, as Kafka does.
    Bytes frame = golden("DescribeCluster", false, 2).bytes;
    ASSERT_EQ(frame.back(), 0); // the body's empty tagged-field section
    frame.back() = 1;
    for (std::uint8_t byte : { 7, 3, 0xaa, 0xbb, 0xcc })
        frame.push_back(byte);
    const auto cluster
        = std::get<client::DescribeClusterResponse>(client::parseResponse(ApiKey::DescribeCluster, 2, frame, nullptr));
    EXPECT_EQ(cluster.brokers.size(), 2u);

    // ApiVersions' FinalizedFeaturesEpoch (tag 1, an INT64) announced as 9 bytes long.
    Writer w;
    w.int32(goldenCorrelationId);
    w.int16(0); // ErrorCode
    w.compactArrayLength(0); // ApiKeys
    w.int32(0); // ThrottleTimeMs
    w.unsignedVarint(1);
    w.unsignedVarint(1);
    w.unsignedVarint(9);
    w.int64(5);
    w.int8(0);
    try {
        client::parseResponse(ApiKey::ApiVersions, 3, w.data(), nullptr);
        FAIL() << "a tagged field shorter than its size decoded";
    } catch (const DecodeError& error) {
        EXPECT_NE(std::string(error.what())
                      .find("ApiVersions v3 response, $._tagged_fields: expected tag 1's field to fill its 9 "
                            "bytes, it took 8"),
            std::string::npos)
            << error.what();
    }
}

TEST(ClientProtocol, VersionsAreNegotiatedFromTheBrokersApiVersions)
{
    // Kafka 3.7 advertises DescribeCluster 0-1 and no DescribeTopicPartitions; 4.x DescribeCluster 0-2.
    const std::vector<VersionRange> kafka37 { { ApiKey::Metadata, 0, 12 }, { ApiKey::ListOffsets, 0, 8 },
        { ApiKey::Fetch, 0, 16 }, { ApiKey::DescribeCluster, 0, 1 } };
    const std::vector<VersionRange> kafka44 { { ApiKey::Metadata, 0, 13 }, { ApiKey::ListOffsets, 1, 11 },
        { ApiKey::Fetch, 4, 18 }, { ApiKey::DescribeCluster, 0, 2 }, { ApiKey::DescribeTopicPartitions, 0, 0 } };
    EXPECT_EQ(client::negotiateVersion(ApiKey::Metadata, kafka37), 12);
    EXPECT_EQ(client::negotiateVersion(ApiKey::Metadata, kafka44), 12);
    EXPECT_EQ(client::negotiateVersion(ApiKey::ListOffsets, kafka44), 8);
    EXPECT_EQ(client::negotiateVersion(ApiKey::Fetch, kafka37), 12);
    EXPECT_EQ(client::negotiateVersion(ApiKey::DescribeCluster, kafka37), 1);
    EXPECT_EQ(client::negotiateVersion(ApiKey::DescribeCluster, kafka44), 2);
    EXPECT_EQ(client::negotiateVersion(ApiKey::DescribeTopicPartitions, kafka37), std::nullopt);
    EXPECT_EQ(client::negotiateVersion(ApiKey::DescribeTopicPartitions, kafka44), 0);
    // SaslHandshake 0-1 and SaslAuthenticate 0-2 at both.
    const std::vector<VersionRange> sasl { { ApiKey::SaslHandshake, 0, 1 }, { ApiKey::SaslAuthenticate, 0, 2 } };
    EXPECT_EQ(client::negotiateVersion(ApiKey::SaslHandshake, sasl), 1);
    EXPECT_EQ(client::negotiateVersion(ApiKey::SaslAuthenticate, sasl), 2);
    // ListGroups: 3.7 has 0-4, 3.8+ 0-5.
    EXPECT_EQ(
        client::negotiateVersion(ApiKey::ListGroups, std::vector<VersionRange> { { ApiKey::ListGroups, 0, 4 } }), 4);
    EXPECT_EQ(
        client::negotiateVersion(ApiKey::ListGroups, std::vector<VersionRange> { { ApiKey::ListGroups, 0, 5 } }), 5);
    // DescribeGroups: 3.7 has 0-5, 4.4 0-6.
    EXPECT_EQ(client::negotiateVersion(
                  ApiKey::DescribeGroups, std::vector<VersionRange> { { ApiKey::DescribeGroups, 0, 6 } }),
        5);
    // OffsetFetch: 3.7 has 0-9, 4.4 1-10.
    EXPECT_EQ(
        client::negotiateVersion(ApiKey::OffsetFetch, std::vector<VersionRange> { { ApiKey::OffsetFetch, 0, 9 } }), 8);
    EXPECT_EQ(
        client::negotiateVersion(ApiKey::OffsetFetch, std::vector<VersionRange> { { ApiKey::OffsetFetch, 1, 10 } }), 8);
    // ConsumerGroupDescribe: 3.7 does not advertise its unstable version 0, 3.8-3.9 advertise 0, 4.x 0-1.
    EXPECT_EQ(client::negotiateVersion(ApiKey::ConsumerGroupDescribe, kafka37), std::nullopt);
    EXPECT_EQ(client::negotiateVersion(ApiKey::ConsumerGroupDescribe,
                  std::vector<VersionRange> { { ApiKey::ConsumerGroupDescribe, 0, 0 } }),
        0);
    EXPECT_EQ(client::negotiateVersion(ApiKey::ConsumerGroupDescribe,
                  std::vector<VersionRange> { { ApiKey::ConsumerGroupDescribe, 0, 1 } }),
        1);
    // DescribeConfigs: 3.7 has 0-4, 4.x 1-4.
    EXPECT_EQ(client::negotiateVersion(
                  ApiKey::DescribeConfigs, std::vector<VersionRange> { { ApiKey::DescribeConfigs, 0, 4 } }),
        4);
    EXPECT_EQ(client::negotiateVersion(
                  ApiKey::DescribeConfigs, std::vector<VersionRange> { { ApiKey::DescribeConfigs, 1, 4 } }),
        4);
    // A broker whose range misses the client's, and an API the client half does not speak.
    EXPECT_EQ(
        client::negotiateVersion(ApiKey::Fetch, std::vector<VersionRange> { { ApiKey::Fetch, 13, 18 } }), std::nullopt);
    EXPECT_EQ(client::negotiateVersion(ApiKey::Produce, kafka44), std::nullopt);
}

TEST(ClientProtocol, EncodingRefusesWhatKafkaWouldRefuse)
{
    // IncludeFencedBrokers is not ignorable: DescribeCluster v1 cannot say it.
    EXPECT_THROW(
        client::encodeRequest(headerFor(ApiKey::DescribeCluster, 1), client::DescribeClusterRequest { false, 1, true }),
        std::logic_error);
    // An explicit assignment with a partition count: Kafka answers INVALID_REQUEST.
    client::CreatableTopic topic;
    topic.name = "orders";
    topic.numPartitions = 2;
    topic.assignments = { { 0, { 1 } }, { 1, { 2 } } };
    EXPECT_THROW(client::encodeRequest(headerFor(ApiKey::CreateTopics, 7), client::CreateTopicsRequest { { topic } }),
        std::logic_error);
    // TypesFilter is not ignorable: ListGroups v4 cannot say it.
    EXPECT_THROW(
        client::encodeRequest(headerFor(ApiKey::ListGroups, 4), client::ListGroupsRequest { {}, { "consumer" } }),
        std::logic_error);
    // A version outside clientApis(), and a body that does not match its header.
    EXPECT_THROW(client::encodeRequest(headerFor(ApiKey::Fetch, 13), client::FetchRequest {}), std::logic_error);
    EXPECT_THROW(client::encodeRequest(headerFor(ApiKey::Metadata, 12), client::FetchRequest {}), std::logic_error);
    EXPECT_THROW(client::parseResponse(ApiKey::Produce, 7, Bytes(8, 0), nullptr), std::logic_error);
}

// The seeds of fuzz_response (fuzz/corpus/response, written by tests/wire/golden/regenerate) decode as the
// fuzz target reads them: the first byte indexes every version of clientApis() in order, the rest is Kafka's
// frame. A seed named for another API than its index picks (regenerate's order out of step with clientTable)
// fails here, without clang or the fuzz build.
TEST(ClientProtocol, EveryResponseSeedDecodesAsItsApi)
{
    std::vector<std::pair<ApiKey, std::int16_t>> choices;
    for (const VersionRange& range : client::clientApis())
        for (std::int16_t version = range.minVersion; version <= range.maxVersion; ++version)
            choices.emplace_back(range.key, version);
    std::map<std::pair<ApiKey, std::int16_t>, int> seeded;
    for (const auto& entry : std::filesystem::directory_iterator(HW_RESPONSE_SEEDS_DIR)) {
        const std::string name = entry.path().filename().string();
        SCOPED_TRACE(name);
        std::ifstream in(entry.path(), std::ios::binary);
        const Bytes seed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ASSERT_FALSE(seed.empty());
        ASSERT_LT(seed[0], choices.size());
        const auto [key, version] = choices[seed[0]];
        // "kafka-4.4.0-<golden name>-v<version>.bin"; the golden name is the API's, perhaps with ".served".
        const std::string prefix = "kafka-4.4.0-" + std::string(apiName(key));
        EXPECT_EQ(name.rfind(prefix, 0), 0u) << apiName(key);
        EXPECT_TRUE(name.size() > prefix.size() && (name[prefix.size()] == '-' || name[prefix.size()] == '.'))
            << apiName(key);
        EXPECT_NE(name.find("-v" + std::to_string(version) + ".bin"), std::string::npos) << version;
        const Bytes frame(seed.begin() + 1, seed.end());
        std::int32_t correlationId = 0;
        const client::Response decoded = client::parseResponse(key, version, frame, &correlationId);
        EXPECT_EQ(client::apiKeyOf(decoded), key);
        EXPECT_EQ(correlationId, goldenCorrelationId);
        ++seeded[{ key, version }];
    }
    // A seed per version the client half reads.
    for (const auto& choice : choices)
        EXPECT_GE(seeded[choice], 1) << apiName(choice.first) << " v" << choice.second;
}

// SaslHandshake is never flexible ("flexibleVersions": "none"): request header 1 (no tagged fields), response
// header 0, as ApiMessageType.requestHeaderVersion and responseHeaderVersion give; SaslAuthenticate 2 is
// flexible. The golden frames hold the same headers.
TEST(ClientProtocol, SaslHeadersFollowTheirFlexibleVersions)
{
    EXPECT_EQ(requestHeaderVersion(ApiKey::SaslHandshake, 1), 1);
    EXPECT_EQ(responseHeaderVersion(ApiKey::SaslHandshake, 1), 0);
    EXPECT_EQ(requestHeaderVersion(ApiKey::SaslAuthenticate, 2), 2);
    EXPECT_EQ(responseHeaderVersion(ApiKey::SaslAuthenticate, 2), 1);
    // A response header 1 (a tagged-field byte after the correlation id) is a byte too many for SaslHandshake.
    Bytes withTags = golden("SaslHandshake", false, 1).bytes;
    withTags.insert(withTags.begin() + 4, 0);
    EXPECT_THROW(client::parseResponse(ApiKey::SaslHandshake, 1, withTags, nullptr), DecodeError);
}

TEST(ClientProtocol, TopicIdsPrintAsKafkaPrintsThem)
{
    // Uuid.toString of kafka-clients 4.4.0 for the same two longs.
    EXPECT_EQ(ordersId.toString(), "ASNFZ4mrze8P7cuph2VDIQ");
    EXPECT_EQ((client::Uuid { 0xffffffffffffffffULL, 1 }).toString(), "__________8AAAAAAAAAAQ");
    EXPECT_TRUE(client::Uuid {}.isZero());
}

// serve's half of the observer's versions (wire/protocol_observe.h, issue 29): Kafka 4.4.0's bytes of each
// request the observer sends decode on the server side and encode back to the same bytes, and each response,
// as the client half decodes it, encodes back to Kafka's bytes.
TEST(ObserverServedGolden, KafkasRequestsDecodeAndKafkasResponsesEncodeByteForByte)
{
    int checked = 0;
    for (const GoldenFrame& frame : goldenFrames()) {
        if (!isObserverOnly(frame.key, frame.version))
            continue;
        SCOPED_TRACE(frame.name + (frame.isRequest ? " request v" : " response v") + std::to_string(frame.version));
        const RequestHeader header = headerFor(frame.key, frame.version);
        if (frame.isRequest) {
            const std::optional<ObserverRequestFrame> parsed = parseObserverRequest(ByteView(frame.bytes).subspan(4));
            ASSERT_TRUE(parsed.has_value());
            EXPECT_EQ(parsed->header.correlationId, goldenCorrelationId);
            EXPECT_EQ(parsed->header.clientId, std::optional<std::string>("highwater"));
            EXPECT_EQ(toHex(encodeObserverRequest(header, parsed->body)), toHex(frame.bytes));
        } else {
            const client::Response decoded = client::parseResponse(frame.key, frame.version, frame.bytes, nullptr);
            const ObserverResponse body = std::visit(
                [](const auto& response) -> ObserverResponse {
                    using T = std::decay_t<decltype(response)>;
                    if constexpr (std::is_constructible_v<ObserverResponse, T>)
                        return response;
                    else
                        throw std::logic_error("not an observer response");
                },
                decoded);
            const Bytes encoded = encodeObserverResponse(header, body);
            EXPECT_EQ(toHex(Bytes(encoded.begin() + 4, encoded.end())), toHex(frame.bytes));
        }
        ++checked;
    }
    // ListOffsets 8, Fetch 12 (and the session fetch), DescribeTopicPartitions 0 (and the cursor),
    // DescribeCluster 1 and 2, ListGroups 4 and 5, DescribeGroups 5, OffsetFetch 8, DescribeConfigs 4: requests
    // and responses.
    EXPECT_EQ(checked, 22);
}
