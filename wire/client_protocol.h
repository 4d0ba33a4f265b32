// SPDX-License-Identifier: MIT
#pragma once

#include "wire/bytes.h"
#include "wire/protocol.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

/// The client half of Kafka's protocol: the requests HighWater sends to a real Kafka 3.7-4.4 cluster to set
/// it up and observe it (issue 27; docs/real-kafka.md section 3), and the decoders of their responses. It
/// sits beside the server half (wire/protocol.h), shares its header, error codes, field helpers and limits
/// (wire/limits.h), and follows the JSON schemas in apache/kafka
/// clients/src/main/resources/common/message/<Api>Request.json and <Api>Response.json. The versions
/// (clientApis()) are ones every broker from 3.7.0 to 4.4.0 accepts: each is inside both 3.7.0's and 4.4.0's
/// "validVersions", and its fields are the same at both tags. DescribeTopicPartitions and ConsumerGroupDescribe
/// exist from 3.8.0, DescribeCluster v2 (fenced brokers) and ConsumerGroupDescribe v1 from 4.0.0, ListGroups
/// v5 from 3.8.0; negotiateVersion() says whether a broker has them.
///
/// Decoding is stricter than Kafka's client: bytes left after a response are an error (a version mismatch
/// shows up there), and every DecodeError names the API, the version and the field as a JSON path of the
/// schema's names, e.g. "at byte 61: DescribeTopicPartitions v0 response, $.Topics[0].Partitions[1].IsrNodes:
/// expected 4 bytes for INT32, 2 left".
namespace hw::wire::client {

/// The versions the client half speaks, one range per API, in this order (why each, from the schemas at
/// 3.7.0 and 4.4.0):
/// - ApiVersions 3: the first flexible version, the highest 3.7 has (3.9 adds 4, 4.4 adds 5); it carries the
///   finalized features (metadata.version, eligible.leader.replicas.version).
/// - Metadata 12: the highest 3.7 has (4.4: 0-13); topic ids and leader epochs, no ELR.
/// - CreateTopics 7: the highest of both (4.0 removed 0-1); answers with the topic id.
/// - IncrementalAlterConfigs 1: flexible, the highest of both.
/// - ElectLeaders 2: flexible, with ElectionType (PREFERRED or UNCLEAN, version 1+) and a top-level error.
/// - ListOffsets 8: the highest 3.7 has (4.4: 1-11); 9-11 add the timestamps -5 and -6 and a TimeoutMs
///   (KIP-1005, KIP-1075, KIP-1023), none of which HighWater asks for. ReplicaId -2 (DEBUGGING) asks any
///   replica for its log end offset in every version: KafkaApis at 3.7.0 and ReplicaManager.fetchOffset at 4.x
///   set fetchOnlyFromLeader = replicaId != DEBUGGING_REPLICA_ID and leave the isolation level out unless
///   replicaId is -1 (CONSUMER), so the latest offset is logEndOffset.
/// - Fetch 12: the first flexible version and the last one that names topics (13+ use topic ids); from 11 on
///   a follower answers a consumer, so its partition HighWatermark is that replica's own high watermark.
/// - DescribeTopicPartitions 0: its only version (3.8+); leader epoch, ISR, ELR and last known ELR.
/// - DescribeCluster 1-2: 3.7-3.9 have 0-1, 4.0+ 0-2; version 2 adds IncludeFencedBrokers and IsFenced.
/// - DescribeConfigs 4: the highest of both (3.7: 0-4, 4.0 removed 0) and the only flexible one; its fields
///   are the same at 3.7.0 and 4.4.0 (IsDefault, gone at 4.0, is version 0 only).
/// - SaslHandshake 1: the highest of both (0-1 at 3.7.0 and 4.4.0; 3.7 deprecates 0, which sends the tokens
///   without Kafka headers). Not flexible: request header 1, response header 0.
/// - SaslAuthenticate 2: the highest of both (0-2), flexible; SessionLifetimeMs from 1 (KIP-368).
/// - ListGroups 4-5: 3.7 has 0-4, 3.8+ 0-5; 4 is the first with StatesFilter and GroupState, 5 adds
///   TypesFilter and GroupType (KIP-848).
/// - DescribeGroups 5: the highest 3.7 has and the first flexible one (4.4: 0-6; 6 adds an ErrorMessage).
/// - OffsetFetch 8: the first with several groups per request (KIP-709); 3.7 has 0-9, 4.4 1-10. 9 is common
///   too but only adds MemberId and MemberEpoch (KIP-848, for a member of a consumer-protocol group), which
///   an observer outside the group does not have; 10 names topics by id.
/// - ConsumerGroupDescribe 0-1: 0 at 3.8-3.9, 0-1 at 4.0+ (1 adds MemberType). 3.7 has 0 as an unstable
///   version with another Assignment (Error, MetadataVersion, MetadataBytes) and does not advertise it
///   (ApiKeys.toApiVersion(false) at 3.7.0 is empty), so negotiateVersion says the API is absent there; a 3.7
///   broker with unstable.api.versions.enable advertises that other version 0, which does not decode here.
std::span<const VersionRange> clientApis();

/// The client's range for a key, or nullopt when the client half does not speak it.
std::optional<VersionRange> clientVersions(ApiKey key);

/// The highest version of the key that both the client half and a broker support, given the broker's
/// ApiVersions response (its ApiKeys), or nullopt: the broker lacks the API (DescribeTopicPartitions before
/// 3.8) or no version is common.
std::optional<std::int16_t> negotiateVersion(ApiKey key, std::span<const VersionRange> brokerApis);

/// A topic id (Kafka's Uuid): 16 bytes, written as two INT64s. Zero means none ("Zero for non-existing
/// topics queried by name", MetadataResponse.json).
struct Uuid {
    std::uint64_t mostSignificantBits = 0;
    std::uint64_t leastSignificantBits = 0;
    bool isZero() const { return mostSignificantBits == 0 && leastSignificantBits == 0; }
    /// As Kafka prints it (Uuid.toString): the 16 bytes in URL-safe base64 without padding, 22 characters.
    std::string toString() const;
    bool operator==(const Uuid&) const = default;
};

// ---------------------------------------------------------------------------------------------
// ApiVersions 3. The request is the server half's ApiVersionsRequest, written by the same code.

using ApiVersionsRequest = wire::ApiVersionsRequest;

/// SupportedFeatureKey: a feature the broker can run, and its range.
struct SupportedFeature {
    std::string name;
    std::int16_t minVersion = 0;
    std::int16_t maxVersion = 0;
    bool operator==(const SupportedFeature&) const = default;
};

/// FinalizedFeatureKey: a feature's level the cluster runs at (eligible.leader.replicas.version 1: ELR on).
struct FinalizedFeature {
    std::string name;
    std::int16_t maxVersionLevel = 0;
    std::int16_t minVersionLevel = 0;
    bool operator==(const FinalizedFeature&) const = default;
};

/// ApiVersionsResponse.json version 3 with its tagged fields (tags 0-3) read. A broker of 4.x leaves out of
/// SupportedFeatures, in versions below 4, the features whose lowest version is 0 (the schema's note).
struct ApiVersionsResponse {
    ErrorCode errorCode = ErrorCode::None;
    std::vector<VersionRange> apiKeys; // the key may be one ApiKey does not name
    std::int32_t throttleTimeMs = 0;
    std::vector<SupportedFeature> supportedFeatures; // tag 0
    std::int64_t finalizedFeaturesEpoch = -1; // tag 1
    std::vector<FinalizedFeature> finalizedFeatures; // tag 2
    bool zkMigrationReady = false; // tag 3
    bool operator==(const ApiVersionsResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Metadata 12

/// MetadataRequest.json version 12. Topics are asked for by name (the TopicId field is written as zero).
struct MetadataRequest {
    std::optional<std::vector<std::string>> topics; // nullopt: all topics
    bool allowAutoTopicCreation = false;
    bool includeTopicAuthorizedOperations = false;
    bool operator==(const MetadataRequest&) const = default;
};

/// MetadataResponsePartition, version 12.
struct MetadataPartition {
    ErrorCode errorCode = ErrorCode::None;
    std::int32_t partitionIndex = 0;
    std::int32_t leaderId = -1;
    std::int32_t leaderEpoch = -1;
    std::vector<std::int32_t> replicaNodes;
    std::vector<std::int32_t> isrNodes;
    std::vector<std::int32_t> offlineReplicas;
    bool operator==(const MetadataPartition&) const = default;
};

/// The "no authorized operations asked for" value of TopicAuthorizedOperations and
/// ClusterAuthorizedOperations (INT32 minimum).
constexpr std::int32_t authorizedOperationsOmitted = -2147483647 - 1;

/// MetadataResponseTopic, version 12. The name is null for a topic asked for by id that does not exist.
struct MetadataTopic {
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> name;
    Uuid topicId;
    bool isInternal = false;
    std::vector<MetadataPartition> partitions;
    std::int32_t topicAuthorizedOperations = authorizedOperationsOmitted;
    bool operator==(const MetadataTopic&) const = default;
};

/// MetadataResponse.json version 12. Brokers are the server half's MetadataBroker.
struct MetadataResponse {
    std::int32_t throttleTimeMs = 0;
    std::vector<MetadataBroker> brokers;
    std::optional<std::string> clusterId;
    std::int32_t controllerId = -1;
    std::vector<MetadataTopic> topics;
    bool operator==(const MetadataResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// CreateTopics 7

/// CreatableReplicaAssignment: the brokers of one partition, the first the preferred leader.
struct CreatableReplicaAssignment {
    std::int32_t partitionIndex = 0;
    std::vector<std::int32_t> brokerIds;
    bool operator==(const CreatableReplicaAssignment&) const = default;
};

/// CreatableTopicConfig: a topic config to set at creation.
struct CreatableTopicConfig {
    std::string name;
    std::optional<std::string> value;
    bool operator==(const CreatableTopicConfig&) const = default;
};

/// CreatableTopic. With explicit assignments, numPartitions and replicationFactor must be -1: Kafka answers
/// INVALID_REQUEST otherwise ("A manual partition assignment was specified, but replication factor was not
/// set to -1.", metadata/.../controller/ReplicationControlManager.createTopic), so encodeRequest refuses it.
struct CreatableTopic {
    std::string name;
    std::int32_t numPartitions = -1;
    std::int16_t replicationFactor = -1;
    std::vector<CreatableReplicaAssignment> assignments;
    std::vector<CreatableTopicConfig> configs;
    bool operator==(const CreatableTopic&) const = default;
};

/// CreateTopicsRequest.json version 7.
struct CreateTopicsRequest {
    std::vector<CreatableTopic> topics;
    std::int32_t timeoutMs = 60000;
    bool validateOnly = false;
    bool operator==(const CreateTopicsRequest&) const = default;
};

/// CreatableTopicConfigs: a config of the created topic, as the broker reports it.
struct CreatableTopicConfigs {
    std::string name;
    std::optional<std::string> value;
    bool readOnly = false;
    std::int8_t configSource = -1; // DescribeConfigsResponse's ConfigSource: 1 topic, 5 default, ...
    bool isSensitive = false;
    bool operator==(const CreatableTopicConfigs&) const = default;
};

/// CreatableTopicResult, version 7.
struct CreatableTopicResult {
    std::string name;
    Uuid topicId;
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> errorMessage;
    ErrorCode topicConfigErrorCode = ErrorCode::None; // tag 0
    std::int32_t numPartitions = -1;
    std::int16_t replicationFactor = -1;
    std::optional<std::vector<CreatableTopicConfigs>> configs;
    bool operator==(const CreatableTopicResult&) const = default;
};

/// CreateTopicsResponse.json version 7.
struct CreateTopicsResponse {
    std::int32_t throttleTimeMs = 0;
    std::vector<CreatableTopicResult> topics;
    bool operator==(const CreateTopicsResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// IncrementalAlterConfigs 1

/// ConfigResource.Type (clients/.../common/config/ConfigResource.java): the kind of thing a config is set on.
enum class ConfigResourceType : std::int8_t {
    Topic = 2,
    Broker = 4,
    BrokerLogger = 8,
};

/// AlterConfigOp.OpType: what IncrementalAlterConfigs does with one config.
enum class ConfigOperation : std::int8_t {
    Set = 0,
    Delete = 1,
    Append = 2,
    Subtract = 3,
};

/// AlterableConfig.
struct AlterableConfig {
    std::string name;
    ConfigOperation configOperation = ConfigOperation::Set;
    std::optional<std::string> value; // null to delete
    bool operator==(const AlterableConfig&) const = default;
};

/// AlterConfigsResource: a topic (by name) or a broker (by id as text; "" for the cluster default).
struct AlterConfigsResource {
    ConfigResourceType resourceType = ConfigResourceType::Topic;
    std::string resourceName;
    std::vector<AlterableConfig> configs;
    bool operator==(const AlterConfigsResource&) const = default;
};

/// IncrementalAlterConfigsRequest.json version 1.
struct IncrementalAlterConfigsRequest {
    std::vector<AlterConfigsResource> resources;
    bool validateOnly = false;
    bool operator==(const IncrementalAlterConfigsRequest&) const = default;
};

/// AlterConfigsResourceResponse. The type is kept as read: a broker may name one ConfigResourceType lacks.
struct AlterConfigsResourceResponse {
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> errorMessage;
    ConfigResourceType resourceType = ConfigResourceType::Topic;
    std::string resourceName;
    bool operator==(const AlterConfigsResourceResponse&) const = default;
};

/// IncrementalAlterConfigsResponse.json version 1.
struct IncrementalAlterConfigsResponse {
    std::int32_t throttleTimeMs = 0;
    std::vector<AlterConfigsResourceResponse> responses;
    bool operator==(const IncrementalAlterConfigsResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// DescribeConfigs 4

/// DescribeConfigsResource: a topic (by name) or a broker (by id as text). ConfigurationKeys names the
/// configs to list; nullopt (null) lists every one.
struct DescribeConfigsResource {
    ConfigResourceType resourceType = ConfigResourceType::Topic;
    std::string resourceName;
    std::optional<std::vector<std::string>> configurationKeys;
    bool operator==(const DescribeConfigsResource&) const = default;
};

/// DescribeConfigsRequest.json version 4. The observer asks for neither synonyms nor documentation.
struct DescribeConfigsRequest {
    std::vector<DescribeConfigsResource> resources;
    bool includeSynonyms = false;
    bool includeDocumentation = false;
    bool operator==(const DescribeConfigsRequest&) const = default;
};

/// DescribeConfigsSynonym: where else the config is set, in the order the broker applies them.
struct DescribeConfigsSynonym {
    std::string name;
    std::optional<std::string> value;
    std::int8_t source = 0; // a ConfigSource
    bool operator==(const DescribeConfigsSynonym&) const = default;
};

/// DescribeConfigsResourceResult: one config. ConfigSource is DescribeConfigsResponse.ConfigSource
/// (0 UNKNOWN, 1 TOPIC_CONFIG, 2 DYNAMIC_BROKER_CONFIG, 3 DYNAMIC_DEFAULT_BROKER_CONFIG, 4 STATIC_BROKER_CONFIG,
/// 5 DEFAULT_CONFIG, 6 DYNAMIC_BROKER_LOGGER_CONFIG, 7 CLIENT_METRICS_CONFIG, 8 GROUP_CONFIG); ConfigType
/// its ConfigType (0 UNKNOWN, 1 BOOLEAN, 2 STRING, 3 INT, 4 SHORT, 5 LONG, 6 DOUBLE, 7 LIST, 8 CLASS,
/// 9 PASSWORD), both as DescribeConfigsResponse.java at 4.4.0 numbers them. A sensitive config's value is null.
struct DescribeConfigsResourceResult {
    std::string name;
    std::optional<std::string> value;
    bool readOnly = false;
    std::int8_t configSource = -1;
    bool isSensitive = false;
    std::vector<DescribeConfigsSynonym> synonyms; // empty unless includeSynonyms
    std::int8_t configType = 0;
    std::optional<std::string> documentation; // null unless includeDocumentation
    bool operator==(const DescribeConfigsResourceResult&) const = default;
};

/// DescribeConfigsResult: one resource's configs, or its error (UNKNOWN_TOPIC_OR_PARTITION for a topic that
/// does not exist). The type is kept as read.
struct DescribeConfigsResult {
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> errorMessage;
    ConfigResourceType resourceType = ConfigResourceType::Topic;
    std::string resourceName;
    std::vector<DescribeConfigsResourceResult> configs;
    bool operator==(const DescribeConfigsResult&) const = default;
};

/// DescribeConfigsResponse.json version 4.
struct DescribeConfigsResponse {
    std::int32_t throttleTimeMs = 0;
    std::vector<DescribeConfigsResult> results;
    bool operator==(const DescribeConfigsResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// ElectLeaders 2

/// ElectionType (clients/.../common/ElectionType.java).
enum class ElectionType : std::int8_t {
    Preferred = 0,
    Unclean = 1,
};

/// TopicPartitions of an ElectLeaders request.
struct ElectLeadersTopic {
    std::string topic;
    std::vector<std::int32_t> partitions;
    bool operator==(const ElectLeadersTopic&) const = default;
};

/// ElectLeadersRequest.json version 2.
struct ElectLeadersRequest {
    ElectionType electionType = ElectionType::Preferred;
    std::optional<std::vector<ElectLeadersTopic>> topicPartitions; // nullopt: every partition
    std::int32_t timeoutMs = 60000;
    bool operator==(const ElectLeadersRequest&) const = default;
};

/// PartitionResult: ELECTION_NOT_NEEDED when the preferred leader already leads,
/// ELIGIBLE_LEADERS_NOT_AVAILABLE when no replica can be elected.
struct ElectLeadersPartitionResult {
    std::int32_t partitionId = 0;
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> errorMessage;
    bool operator==(const ElectLeadersPartitionResult&) const = default;
};

/// ReplicaElectionResult.
struct ReplicaElectionResult {
    std::string topic;
    std::vector<ElectLeadersPartitionResult> partitionResult;
    bool operator==(const ReplicaElectionResult&) const = default;
};

/// ElectLeadersResponse.json version 2.
struct ElectLeadersResponse {
    std::int32_t throttleTimeMs = 0;
    ErrorCode errorCode = ErrorCode::None;
    std::vector<ReplicaElectionResult> replicaElectionResults;
    bool operator==(const ElectLeadersResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// ListOffsets 8: the server half's structs, which hold every field of version 8 (the same as version 4;
// 6+ only makes them flexible). The client writes and reads them in the flexible layout.

using ListOffsetsRequest = wire::ListOffsetsRequest;
using ListOffsetsResponse = wire::ListOffsetsResponse;

/// ListOffsetsRequest.DEBUGGING_REPLICA_ID: a replica answers with its own log end offset (see clientApis()).
constexpr std::int32_t debuggingReplicaId = -2;
/// ListOffsetsRequest.LATEST_TIMESTAMP.
constexpr std::int64_t latestTimestamp = -1;

// ---------------------------------------------------------------------------------------------
// Fetch 12

/// FetchPartition, version 12.
struct FetchPartition {
    std::int32_t partition = 0;
    std::int32_t currentLeaderEpoch = -1;
    std::int64_t fetchOffset = 0;
    std::int32_t lastFetchedEpoch = -1;
    std::int64_t logStartOffset = -1;
    std::int32_t partitionMaxBytes = 0;
    bool operator==(const FetchPartition&) const = default;
};

/// FetchTopic, version 12 (by name).
struct FetchTopic {
    std::string topic;
    std::vector<FetchPartition> partitions;
    bool operator==(const FetchTopic&) const = default;
};

/// ForgottenTopic: partitions to drop from a fetch session.
struct ForgottenTopic {
    std::string topic;
    std::vector<std::int32_t> partitions;
    bool operator==(const ForgottenTopic&) const = default;
};

/// FetchRequest.json version 12. The defaults are a sessionless consumer fetch that does not wait
/// (SessionId 0, SessionEpoch -1 = FINAL_EPOCH, MaxWaitMs 0): what the observer sends to read a replica's
/// high watermark.
struct FetchRequest {
    std::optional<std::string> clusterId; // tag 0
    std::int32_t replicaId = -1;
    std::int32_t maxWaitMs = 0;
    std::int32_t minBytes = 0;
    std::int32_t maxBytes = 0x7fffffff;
    std::int8_t isolationLevel = 0;
    std::int32_t sessionId = 0;
    std::int32_t sessionEpoch = -1;
    std::vector<FetchTopic> topics;
    std::vector<ForgottenTopic> forgottenTopicsData;
    std::string rackId;
    bool operator==(const FetchRequest&) const = default;
};

/// EpochEndOffset (DivergingEpoch): where the fetcher's log diverges from the leader's.
struct EpochEndOffset {
    std::int32_t epoch = -1;
    std::int64_t endOffset = -1;
    bool operator==(const EpochEndOffset&) const = default;
};

/// LeaderIdAndEpoch (CurrentLeader): the leader as the answering broker knows it.
struct LeaderIdAndEpoch {
    std::int32_t leaderId = -1;
    std::int32_t leaderEpoch = -1;
    bool operator==(const LeaderIdAndEpoch&) const = default;
};

/// SnapshotId: the snapshot a KRaft fetcher must read first.
struct SnapshotId {
    std::int64_t endOffset = -1;
    std::int32_t epoch = -1;
    bool operator==(const SnapshotId&) const = default;
};

/// PartitionData, version 12. The three tagged structs are absent (nullopt) when the broker left them at
/// their defaults, as Kafka's writer omits them then. records holds the RecordBatches as bytes
/// (wire/record_batch.h decodes them); Kafka's broker always sends bytes, the schema allows null.
struct FetchPartitionResponse {
    std::int32_t partitionIndex = 0;
    ErrorCode errorCode = ErrorCode::None;
    std::int64_t highWatermark = -1;
    std::int64_t lastStableOffset = -1;
    std::int64_t logStartOffset = -1;
    std::optional<EpochEndOffset> divergingEpoch; // tag 0
    std::optional<LeaderIdAndEpoch> currentLeader; // tag 1
    std::optional<SnapshotId> snapshotId; // tag 2
    std::optional<std::vector<AbortedTransaction>> abortedTransactions;
    std::int32_t preferredReadReplica = -1;
    std::optional<Bytes> records;
    bool operator==(const FetchPartitionResponse&) const = default;
};

/// FetchableTopicResponse, version 12.
struct FetchTopicResponse {
    std::string topic;
    std::vector<FetchPartitionResponse> partitions;
    bool operator==(const FetchTopicResponse&) const = default;
};

/// FetchResponse.json version 12.
struct FetchResponse {
    std::int32_t throttleTimeMs = 0;
    ErrorCode errorCode = ErrorCode::None;
    std::int32_t sessionId = 0;
    std::vector<FetchTopicResponse> responses;
    bool operator==(const FetchResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// DescribeTopicPartitions 0

/// Cursor: where a paged DescribeTopicPartitions starts (request) or goes on (response).
struct TopicPartitionsCursor {
    std::string topicName;
    std::int32_t partitionIndex = 0;
    bool operator==(const TopicPartitionsCursor&) const = default;
};

/// DescribeTopicPartitionsRequest.json version 0.
struct DescribeTopicPartitionsRequest {
    std::vector<std::string> topics;
    std::int32_t responsePartitionLimit = 2000;
    std::optional<TopicPartitionsCursor> cursor;
    bool operator==(const DescribeTopicPartitionsRequest&) const = default;
};

/// DescribeTopicPartitionsResponsePartition. The two ELR arrays are nullable in the schema (default null):
/// nullopt is a null array, kept apart from an empty one.
struct DescribeTopicPartitionsPartition {
    ErrorCode errorCode = ErrorCode::None;
    std::int32_t partitionIndex = 0;
    std::int32_t leaderId = -1;
    std::int32_t leaderEpoch = -1;
    std::vector<std::int32_t> replicaNodes;
    std::vector<std::int32_t> isrNodes;
    std::optional<std::vector<std::int32_t>> eligibleLeaderReplicas;
    std::optional<std::vector<std::int32_t>> lastKnownElr;
    std::vector<std::int32_t> offlineReplicas;
    bool operator==(const DescribeTopicPartitionsPartition&) const = default;
};

/// DescribeTopicPartitionsResponseTopic.
struct DescribeTopicPartitionsTopic {
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> name;
    Uuid topicId;
    bool isInternal = false;
    std::vector<DescribeTopicPartitionsPartition> partitions;
    std::int32_t topicAuthorizedOperations = authorizedOperationsOmitted;
    bool operator==(const DescribeTopicPartitionsTopic&) const = default;
};

/// DescribeTopicPartitionsResponse.json version 0.
struct DescribeTopicPartitionsResponse {
    std::int32_t throttleTimeMs = 0;
    std::vector<DescribeTopicPartitionsTopic> topics;
    std::optional<TopicPartitionsCursor> nextCursor;
    bool operator==(const DescribeTopicPartitionsResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// DescribeCluster 1-2

/// DescribeClusterRequest.json versions 1-2. EndpointType 1 asks for the brokers, 2 for the controllers.
/// IncludeFencedBrokers exists from version 2 and is not ignorable: version 1 cannot ask for it.
struct DescribeClusterRequest {
    bool includeClusterAuthorizedOperations = false;
    std::int8_t endpointType = 1;
    bool includeFencedBrokers = false; // version 2+
    bool operator==(const DescribeClusterRequest&) const = default;
};

/// DescribeClusterBroker.
struct DescribeClusterBroker {
    std::int32_t brokerId = 0;
    std::string host;
    std::int32_t port = 0;
    std::optional<std::string> rack;
    bool isFenced = false; // version 2+; false when read in version 1
    bool operator==(const DescribeClusterBroker&) const = default;
};

/// DescribeClusterResponse.json versions 1-2.
struct DescribeClusterResponse {
    std::int32_t throttleTimeMs = 0;
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> errorMessage;
    std::int8_t endpointType = 1;
    std::string clusterId;
    std::int32_t controllerId = -1;
    std::vector<DescribeClusterBroker> brokers;
    std::int32_t clusterAuthorizedOperations = authorizedOperationsOmitted;
    bool operator==(const DescribeClusterResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// SaslHandshake 1 and SaslAuthenticate 2: SASL on a connection to a broker's SASL listener (KIP-43, KIP-152).
// The client sends SaslHandshake with its mechanism, then SaslAuthenticate requests carrying the mechanism's
// own tokens until the broker's answer ends the exchange; the broker reads nothing else before.

/// SaslHandshakeRequest.json version 1 (not flexible): the mechanism, e.g. "PLAIN" or "SCRAM-SHA-512".
struct SaslHandshakeRequest {
    std::string mechanism;
    bool operator==(const SaslHandshakeRequest&) const = default;
};

/// SaslHandshakeResponse.json version 1: UNSUPPORTED_SASL_MECHANISM when the listener does not enable the
/// mechanism asked for; Mechanisms lists the ones it enables in either case.
struct SaslHandshakeResponse {
    ErrorCode errorCode = ErrorCode::None;
    std::vector<std::string> mechanisms;
    bool operator==(const SaslHandshakeResponse&) const = default;
};

/// SaslAuthenticateRequest.json version 2: one token of the mechanism (PLAIN's "\0user\0password", SCRAM's
/// client-first and client-final messages).
struct SaslAuthenticateRequest {
    Bytes authBytes;
    bool operator==(const SaslAuthenticateRequest&) const = default;
};

/// SaslAuthenticateResponse.json version 2: SASL_AUTHENTICATION_FAILED with a message when the credentials are
/// refused. SessionLifetimeMs is 0 unless the listener sets connections.max.reauth.ms (KIP-368).
struct SaslAuthenticateResponse {
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> errorMessage;
    Bytes authBytes;
    std::int64_t sessionLifetimeMs = 0;
    bool operator==(const SaslAuthenticateResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// ListGroups 4-5. The client half's own structs (the server half's wire::ListGroupsRequest is versions 0-2).

/// ListGroupsRequest.json versions 4-5. Empty filters list every group. TypesFilter exists from version 5
/// and is not ignorable: version 4 cannot say it.
struct ListGroupsRequest {
    std::vector<std::string> statesFilter; // "Stable", "Empty", "PreparingRebalance", ... (GroupState)
    std::vector<std::string> typesFilter; // version 5+: "classic", "consumer", "share", ... (GroupType)
    bool operator==(const ListGroupsRequest&) const = default;
};

/// ListedGroup, versions 4-5. GroupType is "" when read in version 4.
struct ListedGroup {
    std::string groupId;
    std::string protocolType; // "consumer" for a consumer group, "" for one that only commits offsets
    std::string groupState;
    std::string groupType; // version 5+
    bool operator==(const ListedGroup&) const = default;
};

/// ListGroupsResponse.json versions 4-5.
struct ListGroupsResponse {
    std::int32_t throttleTimeMs = 0;
    ErrorCode errorCode = ErrorCode::None;
    std::vector<ListedGroup> groups;
    bool operator==(const ListGroupsResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// DescribeGroups 5. The client half's own structs (the server half's are versions 0-4, not flexible).

/// DescribeGroupsRequest.json version 5.
struct DescribeGroupsRequest {
    std::vector<std::string> groups;
    bool includeAuthorizedOperations = false;
    bool operator==(const DescribeGroupsRequest&) const = default;
};

/// DescribedGroupMember, version 5. MemberMetadata and MemberAssignment are the group protocol's own bytes
/// (for "consumer", ConsumerProtocolSubscription and ConsumerProtocolAssignment), kept as read.
struct DescribedGroupMember {
    std::string memberId;
    std::optional<std::string> groupInstanceId; // static membership (KIP-345)
    std::string clientId;
    std::string clientHost;
    Bytes memberMetadata;
    Bytes memberAssignment;
    bool operator==(const DescribedGroupMember&) const = default;
};

/// DescribedGroup, version 5. A group the coordinator does not know comes back in GroupState "Dead".
struct DescribedGroup {
    ErrorCode errorCode = ErrorCode::None;
    std::string groupId;
    std::string groupState;
    std::string protocolType;
    std::string protocolData; // the chosen assignor, e.g. "range"
    std::vector<DescribedGroupMember> members;
    std::int32_t authorizedOperations = authorizedOperationsOmitted;
    bool operator==(const DescribedGroup&) const = default;
};

/// DescribeGroupsResponse.json version 5.
struct DescribeGroupsResponse {
    std::int32_t throttleTimeMs = 0;
    std::vector<DescribedGroup> groups;
    bool operator==(const DescribeGroupsResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// OffsetFetch 8: a group's committed offsets, several groups in one request (KIP-709). The client half's own
// structs, named as the schema's (the server half's are versions 1-5, one group).

/// OffsetFetchRequestTopics: the partitions of one topic to fetch the offsets of.
struct OffsetFetchRequestTopics {
    std::string name;
    std::vector<std::int32_t> partitionIndexes;
    bool operator==(const OffsetFetchRequestTopics&) const = default;
};

/// OffsetFetchRequestGroup. Topics nullopt (null) asks for every partition the group has committed.
struct OffsetFetchRequestGroup {
    std::string groupId;
    std::optional<std::vector<OffsetFetchRequestTopics>> topics;
    bool operator==(const OffsetFetchRequestGroup&) const = default;
};

/// OffsetFetchRequest.json version 8. RequireStable (KIP-447) makes a partition with a pending transactional
/// commit answer UNSTABLE_OFFSET_COMMIT instead of its last stable offset.
struct OffsetFetchRequest {
    std::vector<OffsetFetchRequestGroup> groups;
    bool requireStable = false;
    bool operator==(const OffsetFetchRequest&) const = default;
};

/// OffsetFetchResponsePartitions: CommittedOffset -1 when the group has committed none for the partition.
struct OffsetFetchResponsePartitions {
    std::int32_t partitionIndex = 0;
    std::int64_t committedOffset = -1;
    std::int32_t committedLeaderEpoch = -1;
    std::optional<std::string> metadata;
    ErrorCode errorCode = ErrorCode::None;
    bool operator==(const OffsetFetchResponsePartitions&) const = default;
};

/// OffsetFetchResponseTopics.
struct OffsetFetchResponseTopics {
    std::string name;
    std::vector<OffsetFetchResponsePartitions> partitions;
    bool operator==(const OffsetFetchResponseTopics&) const = default;
};

/// OffsetFetchResponseGroup: the group-level error (COORDINATOR_LOAD_IN_PROGRESS, NOT_COORDINATOR, ...) comes
/// with no topics.
struct OffsetFetchResponseGroup {
    std::string groupId;
    std::vector<OffsetFetchResponseTopics> topics;
    ErrorCode errorCode = ErrorCode::None;
    bool operator==(const OffsetFetchResponseGroup&) const = default;
};

/// OffsetFetchResponse.json version 8.
struct OffsetFetchResponse {
    std::int32_t throttleTimeMs = 0;
    std::vector<OffsetFetchResponseGroup> groups;
    bool operator==(const OffsetFetchResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// ConsumerGroupDescribe 0-1: a group of the consumer protocol (KIP-848), which DescribeGroups does not show.

/// ConsumerGroupDescribeRequest.json versions 0-1.
struct ConsumerGroupDescribeRequest {
    std::vector<std::string> groupIds;
    bool includeAuthorizedOperations = false;
    bool operator==(const ConsumerGroupDescribeRequest&) const = default;
};

/// TopicPartitions: a topic's partitions in an assignment.
struct ConsumerGroupTopicPartitions {
    Uuid topicId;
    std::string topicName;
    std::vector<std::int32_t> partitions;
    bool operator==(const ConsumerGroupTopicPartitions&) const = default;
};

/// Assignment: what a member owns (Assignment) or is to own (TargetAssignment).
struct ConsumerGroupAssignment {
    std::vector<ConsumerGroupTopicPartitions> topicPartitions;
    bool operator==(const ConsumerGroupAssignment&) const = default;
};

/// Member, versions 0-1. MemberType (version 1+) is -1 unknown, 0 a classic member, 1 a consumer member;
/// -1 when read in version 0.
struct ConsumerGroupMember {
    std::string memberId;
    std::optional<std::string> instanceId;
    std::optional<std::string> rackId;
    std::int32_t memberEpoch = 0;
    std::string clientId;
    std::string clientHost;
    std::vector<std::string> subscribedTopicNames;
    std::optional<std::string> subscribedTopicRegex;
    ConsumerGroupAssignment assignment;
    ConsumerGroupAssignment targetAssignment;
    std::int8_t memberType = -1; // version 1+
    bool operator==(const ConsumerGroupMember&) const = default;
};

/// DescribedGroup of ConsumerGroupDescribeResponse: GROUP_ID_NOT_FOUND for a group that does not exist or is
/// not a consumer-protocol group.
struct ConsumerGroupDescribedGroup {
    ErrorCode errorCode = ErrorCode::None;
    std::optional<std::string> errorMessage;
    std::string groupId;
    std::string groupState;
    std::int32_t groupEpoch = 0;
    std::int32_t assignmentEpoch = 0;
    std::string assignorName;
    std::vector<ConsumerGroupMember> members;
    std::int32_t authorizedOperations = authorizedOperationsOmitted;
    bool operator==(const ConsumerGroupDescribedGroup&) const = default;
};

/// ConsumerGroupDescribeResponse.json versions 0-1.
struct ConsumerGroupDescribeResponse {
    std::int32_t throttleTimeMs = 0;
    std::vector<ConsumerGroupDescribedGroup> groups;
    bool operator==(const ConsumerGroupDescribeResponse&) const = default;
};

// ---------------------------------------------------------------------------------------------
// Frames

/// A request body of the client half; its alternative must match the header's API key.
using Request = std::variant<ApiVersionsRequest, MetadataRequest, CreateTopicsRequest, IncrementalAlterConfigsRequest,
    ElectLeadersRequest, ListOffsetsRequest, FetchRequest, DescribeTopicPartitionsRequest, DescribeClusterRequest,
    DescribeConfigsRequest, SaslHandshakeRequest, SaslAuthenticateRequest, ListGroupsRequest,
    DescribeGroupsRequest, OffsetFetchRequest, ConsumerGroupDescribeRequest>;

/// A response body of the client half, in the same order.
using Response = std::variant<ApiVersionsResponse, MetadataResponse, CreateTopicsResponse,
    IncrementalAlterConfigsResponse, ElectLeadersResponse, ListOffsetsResponse, FetchResponse,
    DescribeTopicPartitionsResponse, DescribeClusterResponse, DescribeConfigsResponse, SaslHandshakeResponse,
    SaslAuthenticateResponse, ListGroupsResponse, DescribeGroupsResponse, OffsetFetchResponse,
    ConsumerGroupDescribeResponse>;

/// The ApiKey of a request or response alternative.
ApiKey apiKeyOf(const Request& body);
ApiKey apiKeyOf(const Response& body);

/// Encodes a request: the whole frame, its 4-byte size prefix, the request header (in
/// requestHeaderVersion, written by the server half's code) and the body in header.apiVersion. Throws
/// std::logic_error (a caller's bug) when the body does not match header.apiKey, the version is outside
/// clientApis(), a string, array or bytes field is too long for its length prefix, a field the version
/// lacks is not at its default (DescribeCluster v1 with includeFencedBrokers, ListGroups v4 with a
/// typesFilter), or a CreateTopics topic sets
/// both assignments and a partition count or replication factor.
Bytes encodeRequest(const RequestHeader& header, const Request& body);

/// Decodes the response to a request of the key and version, given the frame WITHOUT its size prefix. The
/// correlation id is stored through correlationIdOut when it is not null. Throws DecodeError for bytes that
/// do not decode, naming the API, the version and the field (see above), for a count above wire/limits.h,
/// for a frame above limits::responseBytesMax and for bytes left after the body; std::logic_error for a key
/// or version outside clientApis().
Response parseResponse(ApiKey key, std::int16_t version, ByteView frameWithoutSize, std::int32_t* correlationIdOut);

} // namespace hw::wire::client
