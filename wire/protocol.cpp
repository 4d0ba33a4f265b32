// SPDX-License-Identifier: MIT
// Kafka's request/response codec for HighWater's six APIs: the API table, the header versions, the error
// names, and the frames (header, then the body, which the family files read and write: protocol_metadata.cpp
// and protocol_records.cpp, through protocol_fields.h). Field order and versions follow
// clients/src/main/resources/common/message/*.json at 3.7.0; where the generated readers and writers
// (generator/.../MessageDataGenerator.java, FieldSpec.java at 3.7.0) add a rule of their own, the code
// says so.
#include "wire/protocol.h"

#include "wire/limits.h"
#include "wire/protocol_fields.h"

#include <algorithm>
#include <array>
#include <limits>
#include <string>

namespace hw::wire {

using namespace detail;

namespace {

constexpr std::array<VersionRange, 16> supportedTable { {
    { ApiKey::Produce, 3, 7 },
    { ApiKey::Fetch, 4, 10 },
    { ApiKey::ListOffsets, 1, 4 },
    { ApiKey::Metadata, 0, 4 },
    { ApiKey::ApiVersions, 0, 3 },
    { ApiKey::InitProducerId, 0, 1 },
    // The classic group protocol (protocol_groups.cpp); supportedApis() explains the ranges.
    { ApiKey::OffsetCommit, 2, 6 },
    { ApiKey::OffsetFetch, 1, 5 },
    { ApiKey::FindCoordinator, 0, 2 },
    { ApiKey::JoinGroup, 2, 4 },
    { ApiKey::Heartbeat, 0, 2 },
    { ApiKey::LeaveGroup, 0, 2 },
    { ApiKey::SyncGroup, 0, 2 },
    { ApiKey::DescribeGroups, 0, 4 },
    { ApiKey::ListGroups, 0, 2 },
    // Topics created at run time (protocol_admin.cpp): Kafka 4.x's whole range (CreateTopicsRequest.json
    // "validVersions": "2-7" at 4.4.0); librdkafka sends 4, kafka-python 2.x 3, Java's admin 7.
    { ApiKey::CreateTopics, 2, 7 },
} };

// ApiKeys.PRODUCE_API_VERSIONS_RESPONSE_MIN_VERSION at 4.0.0 (KAFKA-18659): what ApiVersions lists as
// Produce's lowest version, below the lowest one Kafka 4.x accepts.
constexpr std::int16_t produceAdvertisedMinVersion = 0;

constexpr std::array<VersionRange, supportedTable.size()> advertisedTable = [] {
    std::array<VersionRange, supportedTable.size()> out = supportedTable;
    for (VersionRange& range : out)
        if (range.key == ApiKey::Produce)
            range.minVersion = produceAdvertisedMinVersion;
    return out;
}();

// The first flexible version of each API: "flexibleVersions" in its request and response schema at 3.7.0
// (ProduceRequest.json "9+", FetchRequest.json "12+", ListOffsetsRequest.json "6+", MetadataRequest.json
// "9+", ApiVersionsRequest.json "3+", InitProducerIdRequest.json "2+", CreateTopicsRequest.json "5+",
// ElectLeadersRequest.json "2+", IncrementalAlterConfigsRequest.json "1+", DescribeConfigsRequest.json "4+",
// SaslAuthenticateRequest.json "2+", SaslHandshakeRequest.json "none", DescribeClusterRequest.json "0+";
// DescribeTopicPartitionsRequest.json and ConsumerGroupDescribeRequest.json "0+" at 3.8.0; each response
// schema agrees).
std::int16_t firstFlexibleVersion(ApiKey key)
{
    switch (key) {
    case ApiKey::Produce:
        return 9;
    case ApiKey::Fetch:
        return 12;
    case ApiKey::ListOffsets:
        return 6;
    case ApiKey::Metadata:
        return 9;
    case ApiKey::ApiVersions:
        return 3;
    case ApiKey::InitProducerId:
        return 2;
    case ApiKey::CreateTopics:
        return 5;
    case ApiKey::ElectLeaders:
        return 2;
    case ApiKey::IncrementalAlterConfigs:
        return 1;
    case ApiKey::DescribeConfigs:
        return 4;
    case ApiKey::SaslAuthenticate:
        return 2;
    case ApiKey::SaslHandshake:
        break; // "flexibleVersions": "none"
    case ApiKey::DescribeCluster:
    case ApiKey::DescribeTopicPartitions:
    case ApiKey::ConsumerGroupDescribe:
        return 0;
    // The group APIs at 4.4.0: OffsetCommit "8+", OffsetFetch "6+", FindCoordinator "3+", JoinGroup "6+",
    // Heartbeat "4+", LeaveGroup "4+", SyncGroup "4+", DescribeGroups "5+", ListGroups "3+".
    case ApiKey::OffsetCommit:
        return 8;
    case ApiKey::OffsetFetch:
        return 6;
    case ApiKey::FindCoordinator:
        return 3;
    case ApiKey::JoinGroup:
        return 6;
    case ApiKey::Heartbeat:
    case ApiKey::LeaveGroup:
    case ApiKey::SyncGroup:
        return 4;
    case ApiKey::DescribeGroups:
        return 5;
    case ApiKey::ListGroups:
        return 3;
    }
    return std::numeric_limits<std::int16_t>::max();
}

bool isFlexible(ApiKey key, std::int16_t version)
{
    return version >= firstFlexibleVersion(key);
}

Request readRequestBody(Reader& r, ApiKey key, std::int16_t version)
{
    switch (key) {
    case ApiKey::ApiVersions:
        return readApiVersionsRequest(r, version);
    case ApiKey::Metadata:
        return readMetadataRequest(r, version);
    case ApiKey::Produce:
        return readProduceRequest(r, version);
    case ApiKey::Fetch:
        return readFetchRequest(r, version);
    case ApiKey::ListOffsets:
        return readListOffsetsRequest(r, version);
    case ApiKey::InitProducerId:
        return readInitProducerIdRequest(r, version);
    case ApiKey::FindCoordinator:
        return readFindCoordinatorRequest(r, version);
    case ApiKey::JoinGroup:
        return readJoinGroupRequest(r, version);
    case ApiKey::SyncGroup:
        return readSyncGroupRequest(r, version);
    case ApiKey::Heartbeat:
        return readHeartbeatRequest(r, version);
    case ApiKey::LeaveGroup:
        return readLeaveGroupRequest(r, version);
    case ApiKey::OffsetCommit:
        return readOffsetCommitRequest(r, version);
    case ApiKey::OffsetFetch:
        return readOffsetFetchRequest(r, version);
    case ApiKey::ListGroups:
        return readListGroupsRequest(r, version);
    case ApiKey::DescribeGroups:
        return readDescribeGroupsRequest(r, version);
    case ApiKey::CreateTopics:
        return readCreateTopicsRequest(r, version);
    case ApiKey::ElectLeaders:
    case ApiKey::IncrementalAlterConfigs:
    case ApiKey::DescribeConfigs:
    case ApiKey::SaslHandshake:
    case ApiKey::SaslAuthenticate:
    case ApiKey::DescribeCluster:
    case ApiKey::DescribeTopicPartitions:
    case ApiKey::ConsumerGroupDescribe:
        // Only the client half (wire/client_protocol.h) speaks these; supportedApis() does not list them.
        break;
    }
    encodeBug("no request reader for " + versionText(key, version));
}

Response readResponseBody(Reader& r, ApiKey key, std::int16_t version)
{
    switch (key) {
    case ApiKey::ApiVersions:
        return readApiVersionsResponse(r, version);
    case ApiKey::Metadata:
        return readMetadataResponse(r, version);
    case ApiKey::Produce:
        return readProduceResponse(r, version);
    case ApiKey::Fetch:
        return readFetchResponse(r, version);
    case ApiKey::ListOffsets:
        return readListOffsetsResponse(r, version);
    case ApiKey::InitProducerId:
        return readInitProducerIdResponse(r, version);
    case ApiKey::FindCoordinator:
        return readFindCoordinatorResponse(r, version);
    case ApiKey::JoinGroup:
        return readJoinGroupResponse(r, version);
    case ApiKey::SyncGroup:
        return readSyncGroupResponse(r, version);
    case ApiKey::Heartbeat:
        return readHeartbeatResponse(r, version);
    case ApiKey::LeaveGroup:
        return readLeaveGroupResponse(r, version);
    case ApiKey::OffsetCommit:
        return readOffsetCommitResponse(r, version);
    case ApiKey::OffsetFetch:
        return readOffsetFetchResponse(r, version);
    case ApiKey::ListGroups:
        return readListGroupsResponse(r, version);
    case ApiKey::DescribeGroups:
        return readDescribeGroupsResponse(r, version);
    case ApiKey::CreateTopics:
        return readCreateTopicsResponse(r, version);
    case ApiKey::ElectLeaders:
    case ApiKey::IncrementalAlterConfigs:
    case ApiKey::DescribeConfigs:
    case ApiKey::SaslHandshake:
    case ApiKey::SaslAuthenticate:
    case ApiKey::DescribeCluster:
    case ApiKey::DescribeTopicPartitions:
    case ApiKey::ConsumerGroupDescribe:
        // Only the client half (wire/client_protocol.h) speaks these; supportedApis() does not list them.
        break;
    }
    encodeBug("no response reader for " + versionText(key, version));
}

// ---------------------------------------------------------------------------------------------
// Frames

void requireSupported(ApiKey key, std::int16_t version)
{
    if (!isSupported(key, version))
        encodeBug(versionText(key, version) + " is not a supported version");
}

template <typename Body> void requireMatch(const RequestHeader& header, const Body& body, const char* what)
{
    if (apiKeyOf(body) != header.apiKey)
        encodeBug(std::string("a ") + std::string(apiName(apiKeyOf(body))) + " " + what + " for a "
            + std::string(apiName(header.apiKey)) + " header");
}

} // namespace

// ---------------------------------------------------------------------------------------------

std::span<const VersionRange> supportedApis()
{
    return supportedTable;
}

std::span<const VersionRange> advertisedApis()
{
    return advertisedTable;
}

std::optional<VersionRange> supportedVersions(ApiKey key)
{
    for (const VersionRange& range : supportedTable)
        if (range.key == key)
            return range;
    return std::nullopt;
}

bool isSupported(ApiKey key, std::int16_t version)
{
    const auto range = supportedVersions(key);
    return range && version >= range->minVersion && version <= range->maxVersion;
}

std::string_view apiName(ApiKey key)
{
    switch (key) {
    case ApiKey::Produce:
        return "Produce";
    case ApiKey::Fetch:
        return "Fetch";
    case ApiKey::ListOffsets:
        return "ListOffsets";
    case ApiKey::Metadata:
        return "Metadata";
    case ApiKey::ApiVersions:
        return "ApiVersions";
    case ApiKey::InitProducerId:
        return "InitProducerId";
    case ApiKey::CreateTopics:
        return "CreateTopics";
    case ApiKey::ElectLeaders:
        return "ElectLeaders";
    case ApiKey::IncrementalAlterConfigs:
        return "IncrementalAlterConfigs";
    case ApiKey::DescribeConfigs:
        return "DescribeConfigs";
    case ApiKey::SaslHandshake:
        return "SaslHandshake";
    case ApiKey::SaslAuthenticate:
        return "SaslAuthenticate";
    case ApiKey::DescribeCluster:
        return "DescribeCluster";
    case ApiKey::DescribeTopicPartitions:
        return "DescribeTopicPartitions";
    case ApiKey::ConsumerGroupDescribe:
        return "ConsumerGroupDescribe";
    case ApiKey::FindCoordinator:
        return "FindCoordinator";
    case ApiKey::JoinGroup:
        return "JoinGroup";
    case ApiKey::SyncGroup:
        return "SyncGroup";
    case ApiKey::Heartbeat:
        return "Heartbeat";
    case ApiKey::LeaveGroup:
        return "LeaveGroup";
    case ApiKey::OffsetCommit:
        return "OffsetCommit";
    case ApiKey::OffsetFetch:
        return "OffsetFetch";
    case ApiKey::ListGroups:
        return "ListGroups";
    case ApiKey::DescribeGroups:
        return "DescribeGroups";
    }
    return "Unknown";
}

std::int16_t requestHeaderVersion(ApiKey key, std::int16_t version)
{
    return isFlexible(key, version) ? 2 : 1;
}

std::int16_t responseHeaderVersion(ApiKey key, std::int16_t version)
{
    if (key == ApiKey::ApiVersions)
        return 0;
    return isFlexible(key, version) ? 1 : 0;
}

std::string_view errorName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::UnknownServerError:
        return "UNKNOWN_SERVER_ERROR";
    case ErrorCode::None:
        return "NONE";
    case ErrorCode::OffsetOutOfRange:
        return "OFFSET_OUT_OF_RANGE";
    case ErrorCode::CorruptMessage:
        return "CORRUPT_MESSAGE";
    case ErrorCode::UnknownTopicOrPartition:
        return "UNKNOWN_TOPIC_OR_PARTITION";
    case ErrorCode::LeaderNotAvailable:
        return "LEADER_NOT_AVAILABLE";
    case ErrorCode::NotLeaderOrFollower:
        return "NOT_LEADER_OR_FOLLOWER";
    case ErrorCode::RequestTimedOut:
        return "REQUEST_TIMED_OUT";
    case ErrorCode::ReplicaNotAvailable:
        return "REPLICA_NOT_AVAILABLE";
    case ErrorCode::MessageTooLarge:
        return "MESSAGE_TOO_LARGE";
    case ErrorCode::CoordinatorLoadInProgress:
        return "COORDINATOR_LOAD_IN_PROGRESS";
    case ErrorCode::CoordinatorNotAvailable:
        return "COORDINATOR_NOT_AVAILABLE";
    case ErrorCode::NotCoordinator:
        return "NOT_COORDINATOR";
    case ErrorCode::InvalidTopicException:
        return "INVALID_TOPIC_EXCEPTION";
    case ErrorCode::RecordListTooLarge:
        return "RECORD_LIST_TOO_LARGE";
    case ErrorCode::NotEnoughReplicas:
        return "NOT_ENOUGH_REPLICAS";
    case ErrorCode::NotEnoughReplicasAfterAppend:
        return "NOT_ENOUGH_REPLICAS_AFTER_APPEND";
    case ErrorCode::InvalidRequiredAcks:
        return "INVALID_REQUIRED_ACKS";
    case ErrorCode::TopicAuthorizationFailed:
        return "TOPIC_AUTHORIZATION_FAILED";
    case ErrorCode::ClusterAuthorizationFailed:
        return "CLUSTER_AUTHORIZATION_FAILED";
    case ErrorCode::UnsupportedSaslMechanism:
        return "UNSUPPORTED_SASL_MECHANISM";
    case ErrorCode::IllegalSaslState:
        return "ILLEGAL_SASL_STATE";
    case ErrorCode::SaslAuthenticationFailed:
        return "SASL_AUTHENTICATION_FAILED";
    case ErrorCode::InvalidTimestamp:
        return "INVALID_TIMESTAMP";
    case ErrorCode::UnsupportedVersion:
        return "UNSUPPORTED_VERSION";
    case ErrorCode::TopicAlreadyExists:
        return "TOPIC_ALREADY_EXISTS";
    case ErrorCode::InvalidPartitions:
        return "INVALID_PARTITIONS";
    case ErrorCode::InvalidReplicationFactor:
        return "INVALID_REPLICATION_FACTOR";
    case ErrorCode::InvalidReplicaAssignment:
        return "INVALID_REPLICA_ASSIGNMENT";
    case ErrorCode::InvalidConfig:
        return "INVALID_CONFIG";
    case ErrorCode::NotController:
        return "NOT_CONTROLLER";
    case ErrorCode::InvalidRequest:
        return "INVALID_REQUEST";
    case ErrorCode::UnsupportedForMessageFormat:
        return "UNSUPPORTED_FOR_MESSAGE_FORMAT";
    case ErrorCode::OutOfOrderSequenceNumber:
        return "OUT_OF_ORDER_SEQUENCE_NUMBER";
    case ErrorCode::DuplicateSequenceNumber:
        return "DUPLICATE_SEQUENCE_NUMBER";
    case ErrorCode::InvalidProducerEpoch:
        return "INVALID_PRODUCER_EPOCH";
    case ErrorCode::InvalidTxnState:
        return "INVALID_TXN_STATE";
    case ErrorCode::InvalidTransactionTimeout:
        return "INVALID_TRANSACTION_TIMEOUT";
    case ErrorCode::PolicyViolation:
        return "POLICY_VIOLATION";
    case ErrorCode::TransactionalIdAuthorizationFailed:
        return "TRANSACTIONAL_ID_AUTHORIZATION_FAILED";
    case ErrorCode::KafkaStorageError:
        return "KAFKA_STORAGE_ERROR";
    case ErrorCode::UnknownProducerId:
        return "UNKNOWN_PRODUCER_ID";
    case ErrorCode::FencedLeaderEpoch:
        return "FENCED_LEADER_EPOCH";
    case ErrorCode::UnknownLeaderEpoch:
        return "UNKNOWN_LEADER_EPOCH";
    case ErrorCode::FetchSessionIdNotFound:
        return "FETCH_SESSION_ID_NOT_FOUND";
    case ErrorCode::InvalidFetchSessionEpoch:
        return "INVALID_FETCH_SESSION_EPOCH";
    case ErrorCode::UnsupportedCompressionType:
        return "UNSUPPORTED_COMPRESSION_TYPE";
    case ErrorCode::OffsetNotAvailable:
        return "OFFSET_NOT_AVAILABLE";
    case ErrorCode::PreferredLeaderNotAvailable:
        return "PREFERRED_LEADER_NOT_AVAILABLE";
    case ErrorCode::EligibleLeadersNotAvailable:
        return "ELIGIBLE_LEADERS_NOT_AVAILABLE";
    case ErrorCode::ElectionNotNeeded:
        return "ELECTION_NOT_NEEDED";
    case ErrorCode::InvalidRecord:
        return "INVALID_RECORD";
    case ErrorCode::ProducerFenced:
        return "PRODUCER_FENCED";
    case ErrorCode::UnknownTopicId:
        return "UNKNOWN_TOPIC_ID";
    case ErrorCode::OffsetMetadataTooLarge:
        return "OFFSET_METADATA_TOO_LARGE";
    case ErrorCode::IllegalGeneration:
        return "ILLEGAL_GENERATION";
    case ErrorCode::InconsistentGroupProtocol:
        return "INCONSISTENT_GROUP_PROTOCOL";
    case ErrorCode::InvalidGroupId:
        return "INVALID_GROUP_ID";
    case ErrorCode::UnknownMemberId:
        return "UNKNOWN_MEMBER_ID";
    case ErrorCode::InvalidSessionTimeout:
        return "INVALID_SESSION_TIMEOUT";
    case ErrorCode::RebalanceInProgress:
        return "REBALANCE_IN_PROGRESS";
    case ErrorCode::InvalidCommitOffsetSize:
        return "INVALID_COMMIT_OFFSET_SIZE";
    case ErrorCode::GroupAuthorizationFailed:
        return "GROUP_AUTHORIZATION_FAILED";
    case ErrorCode::GroupIdNotFound:
        return "GROUP_ID_NOT_FOUND";
    case ErrorCode::MemberIdRequired:
        return "MEMBER_ID_REQUIRED";
    case ErrorCode::MismatchedEndpointType:
        return "MISMATCHED_ENDPOINT_TYPE";
    case ErrorCode::UnsupportedEndpointType:
        return "UNSUPPORTED_ENDPOINT_TYPE";
    }
    return "UNKNOWN_SERVER_ERROR";
}

// ApiVersionsRequest.SOFTWARE_NAME_VERSION_PATTERN at 3.7.0: [a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?
bool ApiVersionsRequest::isValid(std::int16_t version) const
{
    if (version < 3)
        return true;
    const auto matches = [](std::string_view text) {
        const auto alnum
            = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
        if (text.empty() || !alnum(text.front()) || !alnum(text.back()))
            return false;
        return std::all_of(text.begin(), text.end(), [&](char c) { return alnum(c) || c == '-' || c == '.'; });
    };
    return matches(clientSoftwareName) && matches(clientSoftwareVersion);
}

UnsupportedRequest::UnsupportedRequest(std::int16_t rawApiKey, std::int16_t apiVersion, std::int32_t correlationId)
    : std::runtime_error("unsupported request: API key " + std::to_string(rawApiKey) + " ("
        + std::string(apiName(static_cast<ApiKey>(rawApiKey))) + ") version " + std::to_string(apiVersion)
        + ", correlation id " + std::to_string(correlationId)),
      m_rawApiKey(rawApiKey),
      m_apiVersion(apiVersion),
      m_correlationId(correlationId)
{
}

bool UnsupportedRequest::answerWithApiVersionsError() const
{
    return m_rawApiKey == static_cast<std::int16_t>(ApiKey::ApiVersions);
}

bool UnsupportedRequest::refusedAdvertisedVersion() const
{
    for (const VersionRange& range : advertisedTable)
        if (static_cast<std::int16_t>(range.key) == m_rawApiKey)
            return m_apiVersion >= range.minVersion && m_apiVersion <= range.maxVersion;
    return false;
}

ApiKey apiKeyOf(const Request& body)
{
    return std::visit(
        [](const auto& request) -> ApiKey {
            using T = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<T, ApiVersionsRequest>)
                return ApiKey::ApiVersions;
            else if constexpr (std::is_same_v<T, MetadataRequest>)
                return ApiKey::Metadata;
            else if constexpr (std::is_same_v<T, ProduceRequest>)
                return ApiKey::Produce;
            else if constexpr (std::is_same_v<T, FetchRequest>)
                return ApiKey::Fetch;
            else if constexpr (std::is_same_v<T, ListOffsetsRequest>)
                return ApiKey::ListOffsets;
            else if constexpr (std::is_same_v<T, InitProducerIdRequest>)
                return ApiKey::InitProducerId;
            else if constexpr (std::is_same_v<T, FindCoordinatorRequest>)
                return ApiKey::FindCoordinator;
            else if constexpr (std::is_same_v<T, JoinGroupRequest>)
                return ApiKey::JoinGroup;
            else if constexpr (std::is_same_v<T, SyncGroupRequest>)
                return ApiKey::SyncGroup;
            else if constexpr (std::is_same_v<T, HeartbeatRequest>)
                return ApiKey::Heartbeat;
            else if constexpr (std::is_same_v<T, LeaveGroupRequest>)
                return ApiKey::LeaveGroup;
            else if constexpr (std::is_same_v<T, OffsetCommitRequest>)
                return ApiKey::OffsetCommit;
            else if constexpr (std::is_same_v<T, OffsetFetchRequest>)
                return ApiKey::OffsetFetch;
            else if constexpr (std::is_same_v<T, ListGroupsRequest>)
                return ApiKey::ListGroups;
            else if constexpr (std::is_same_v<T, CreateTopicsRequest>)
                return ApiKey::CreateTopics;
            else
                return ApiKey::DescribeGroups;
        },
        body);
}

ApiKey apiKeyOf(const Response& body)
{
    return std::visit(
        [](const auto& response) -> ApiKey {
            using T = std::decay_t<decltype(response)>;
            if constexpr (std::is_same_v<T, ApiVersionsResponse>)
                return ApiKey::ApiVersions;
            else if constexpr (std::is_same_v<T, MetadataResponse>)
                return ApiKey::Metadata;
            else if constexpr (std::is_same_v<T, ProduceResponse>)
                return ApiKey::Produce;
            else if constexpr (std::is_same_v<T, FetchResponse>)
                return ApiKey::Fetch;
            else if constexpr (std::is_same_v<T, ListOffsetsResponse>)
                return ApiKey::ListOffsets;
            else if constexpr (std::is_same_v<T, InitProducerIdResponse>)
                return ApiKey::InitProducerId;
            else if constexpr (std::is_same_v<T, FindCoordinatorResponse>)
                return ApiKey::FindCoordinator;
            else if constexpr (std::is_same_v<T, JoinGroupResponse>)
                return ApiKey::JoinGroup;
            else if constexpr (std::is_same_v<T, SyncGroupResponse>)
                return ApiKey::SyncGroup;
            else if constexpr (std::is_same_v<T, HeartbeatResponse>)
                return ApiKey::Heartbeat;
            else if constexpr (std::is_same_v<T, LeaveGroupResponse>)
                return ApiKey::LeaveGroup;
            else if constexpr (std::is_same_v<T, OffsetCommitResponse>)
                return ApiKey::OffsetCommit;
            else if constexpr (std::is_same_v<T, OffsetFetchResponse>)
                return ApiKey::OffsetFetch;
            else if constexpr (std::is_same_v<T, ListGroupsResponse>)
                return ApiKey::ListGroups;
            else if constexpr (std::is_same_v<T, CreateTopicsResponse>)
                return ApiKey::CreateTopics;
            else
                return ApiKey::DescribeGroups;
        },
        body);
}

// RequestHeader.parse at 3.7.0 reads the key and version first, derives the header version from them
// (an unknown key fails there, in ApiKeys.forId) and then reads the whole header; SocketServer's
// parseRequestHeader then refuses a key/version that is not enabled, except ApiVersions, which
// RequestContext.parseRequest answers as version 0 without reading its body.
RequestFrame parseRequest(ByteView frame)
{
    if (frame.size() > static_cast<std::size_t>(limits::requestBytesMax))
        throw DecodeError("a request of " + std::to_string(frame.size()) + " bytes, above limits::requestBytesMax ("
                + std::to_string(limits::requestBytesMax) + ")",
            0);
    Reader r(frame);
    RequestFrame out;
    RequestHeader& header = out.header;
    header.rawApiKey = r.int16();
    header.apiVersion = r.int16();
    header.correlationId = r.int32();
    header.apiKey = static_cast<ApiKey>(header.rawApiKey);
    if (!supportedVersions(header.apiKey))
        throw UnsupportedRequest(header.rawApiKey, header.apiVersion, header.correlationId);
    header.clientId = r.nullableString();
    if (requestHeaderVersion(header.apiKey, header.apiVersion) >= 2)
        r.skipTaggedFields();
    if (!isSupported(header.apiKey, header.apiVersion))
        throw UnsupportedRequest(header.rawApiKey, header.apiVersion, header.correlationId);
    out.body = readRequestBody(r, header.apiKey, header.apiVersion);
    return out;
}

std::optional<std::int32_t> peekCorrelationId(ByteView frame)
{
    if (frame.size() < 8)
        return std::nullopt;
    Reader r(frame.subspan(4, 4));
    return r.int32();
}

Bytes encodeRequest(const RequestHeader& header, const Request& body)
{
    requireMatch(header, body, "request");
    requireSupported(header.apiKey, header.apiVersion);
    Writer w;
    const std::size_t sizeAt = w.reserveInt32();
    writeRequestHeader(w, header);
    const std::int16_t version = header.apiVersion;
    std::visit(
        [&](const auto& request) {
            using T = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<T, ApiVersionsRequest>)
                writeApiVersionsRequest(w, request, version);
            else if constexpr (std::is_same_v<T, MetadataRequest>)
                writeMetadataRequest(w, request, version);
            else if constexpr (std::is_same_v<T, ProduceRequest>)
                writeProduceRequest(w, request, version);
            else if constexpr (std::is_same_v<T, FetchRequest>)
                writeFetchRequest(w, request, version);
            else if constexpr (std::is_same_v<T, ListOffsetsRequest>)
                writeListOffsetsRequest(w, request, version);
            else if constexpr (std::is_same_v<T, InitProducerIdRequest>)
                writeInitProducerIdRequest(w, request, version);
            else if constexpr (std::is_same_v<T, FindCoordinatorRequest>)
                writeFindCoordinatorRequest(w, request, version);
            else if constexpr (std::is_same_v<T, JoinGroupRequest>)
                writeJoinGroupRequest(w, request, version);
            else if constexpr (std::is_same_v<T, SyncGroupRequest>)
                writeSyncGroupRequest(w, request, version);
            else if constexpr (std::is_same_v<T, HeartbeatRequest>)
                writeHeartbeatRequest(w, request, version);
            else if constexpr (std::is_same_v<T, LeaveGroupRequest>)
                writeLeaveGroupRequest(w, request, version);
            else if constexpr (std::is_same_v<T, OffsetCommitRequest>)
                writeOffsetCommitRequest(w, request, version);
            else if constexpr (std::is_same_v<T, OffsetFetchRequest>)
                writeOffsetFetchRequest(w, request, version);
            else if constexpr (std::is_same_v<T, ListGroupsRequest>)
                writeListGroupsRequest(w, request, version);
            else if constexpr (std::is_same_v<T, CreateTopicsRequest>)
                writeCreateTopicsRequest(w, request, version);
            else
                writeDescribeGroupsRequest(w, request, version);
        },
        body);
    return finishFrame(w, sizeAt);
}

Bytes encodeResponse(const RequestHeader& header, const Response& body)
{
    requireMatch(header, body, "response");
    requireSupported(header.apiKey, header.apiVersion);
    Writer w;
    const std::size_t sizeAt = w.reserveInt32();
    w.int32(header.correlationId);
    if (responseHeaderVersion(header.apiKey, header.apiVersion) >= 1)
        w.emptyTaggedFields();
    const std::int16_t version = header.apiVersion;
    std::visit(
        [&](const auto& response) {
            using T = std::decay_t<decltype(response)>;
            if constexpr (std::is_same_v<T, ApiVersionsResponse>)
                writeApiVersionsResponse(w, response, version);
            else if constexpr (std::is_same_v<T, MetadataResponse>)
                writeMetadataResponse(w, response, version);
            else if constexpr (std::is_same_v<T, ProduceResponse>)
                writeProduceResponse(w, response, version);
            else if constexpr (std::is_same_v<T, FetchResponse>)
                writeFetchResponse(w, response, version);
            else if constexpr (std::is_same_v<T, ListOffsetsResponse>)
                writeListOffsetsResponse(w, response, version);
            else if constexpr (std::is_same_v<T, InitProducerIdResponse>)
                writeInitProducerIdResponse(w, response, version);
            else if constexpr (std::is_same_v<T, FindCoordinatorResponse>)
                writeFindCoordinatorResponse(w, response, version);
            else if constexpr (std::is_same_v<T, JoinGroupResponse>)
                writeJoinGroupResponse(w, response, version);
            else if constexpr (std::is_same_v<T, SyncGroupResponse>)
                writeSyncGroupResponse(w, response, version);
            else if constexpr (std::is_same_v<T, HeartbeatResponse>)
                writeHeartbeatResponse(w, response, version);
            else if constexpr (std::is_same_v<T, LeaveGroupResponse>)
                writeLeaveGroupResponse(w, response, version);
            else if constexpr (std::is_same_v<T, OffsetCommitResponse>)
                writeOffsetCommitResponse(w, response, version);
            else if constexpr (std::is_same_v<T, OffsetFetchResponse>)
                writeOffsetFetchResponse(w, response, version);
            else if constexpr (std::is_same_v<T, ListGroupsResponse>)
                writeListGroupsResponse(w, response, version);
            else if constexpr (std::is_same_v<T, CreateTopicsResponse>)
                writeCreateTopicsResponse(w, response, version);
            else
                writeDescribeGroupsResponse(w, response, version);
        },
        body);
    return finishFrame(w, sizeAt);
}

// ApiVersionsRequest.getErrorResponse(UNSUPPORTED_VERSION) at 3.7.0, written in version 0
// (RequestContext.apiVersion() is 0 for an unsupported ApiVersions request): no throttle time, and the
// ApiKeys array holds only ApiVersions' own range (ApiVersionsResponse.toApiVersion(API_VERSIONS)).
Bytes encodeUnsupportedApiVersionsResponse(std::int32_t correlationId)
{
    RequestHeader header;
    header.apiKey = ApiKey::ApiVersions;
    header.rawApiKey = static_cast<std::int16_t>(ApiKey::ApiVersions);
    header.apiVersion = 0;
    header.correlationId = correlationId;
    ApiVersionsResponse body;
    body.errorCode = ErrorCode::UnsupportedVersion;
    body.apiKeys = { *supportedVersions(ApiKey::ApiVersions) };
    return encodeResponse(header, body);
}

Response parseResponse(ApiKey key, std::int16_t version, ByteView frameWithoutSize, std::int32_t* correlationIdOut)
{
    if (!isSupported(key, version))
        encodeBug("cannot parse a response to " + versionText(key, version) + ": not a supported version");
    Reader r(frameWithoutSize);
    const std::int32_t correlationId = r.int32();
    if (correlationIdOut)
        *correlationIdOut = correlationId;
    if (responseHeaderVersion(key, version) >= 1)
        r.skipTaggedFields();
    if (key == ApiKey::ApiVersions && version != 0) {
        // ApiVersionsResponse.parse at 3.7.0: a broker answers a version it does not support in
        // version 0, so a body that does not decode in the version asked for is read again as version 0.
        const Reader bodyStart = r;
        try {
            return readResponseBody(r, key, version);
        } catch (const DecodeError&) {
            r = bodyStart;
            return readResponseBody(r, key, 0);
        }
    }
    return readResponseBody(r, key, version);
}

} // namespace hw::wire
