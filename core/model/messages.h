// SPDX-License-Identifier: MIT
#pragma once

#include "log/replica_log.h"
#include "model/boxed.h"
#include "model/controller_state.h"
#include "model/group_state.h"
#include "model/ids.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

/// Every request and response between nodes (Kafka's common/message schemas, cut to what the model
/// uses), the Message envelope with its delivery rules, and the timers that the queue holds beside them.
namespace hw {

struct FetchRequest {
    std::int32_t partition = 0; // index into ClusterState::partitions
    BrokerId replica = 0;       // the fetching follower, or -1 for a consumer
    std::int32_t consumer = -1; // the fetching consumer
    std::int64_t fetchId = 0;
    Offset fetchOffset = 0;
    std::int32_t lastFetchedEpoch = -1;
    std::int32_t currentLeaderEpoch = -1;
    std::int32_t maxRecords = 0;
    std::int32_t liveClient = -1; // a real client's fetch (it reads up to the HW, like a consumer)
    TimeMs maxWaitMs = -1;        // a live client's max_wait_ms; -1: fetch.max.wait.ms
    friend bool operator==(const FetchRequest&, const FetchRequest&) = default;
};

/// A Produce request with one batch. It carries what a RecordBatch header does (producer id, epoch,
/// base sequence, the record count) and the records, as indices into the payload store: the broker
/// reads nothing from the producer's own state.
struct ProduceRequest {
    std::int32_t producer = 0;
    std::int64_t batch = 0;
    std::int32_t attempt = 0;
    std::int32_t partition = 0;
    Acks acks = Acks::All;
    std::int64_t timeoutMs = 0;
    std::int64_t producerId = -1;    // RecordBatch.NO_PRODUCER_ID: not idempotent
    std::int16_t producerEpoch = -1;
    std::int32_t baseSequence = -1;
    std::int32_t count = 0;
    std::int32_t firstPayload = 0;
    friend bool operator==(const ProduceRequest&, const ProduceRequest&) = default;
};

struct ProduceResponse {
    std::int64_t batch = 0;
    std::int32_t attempt = 0;
    std::int32_t partition = 0;
    ErrorCode error = ErrorCode::None;
    Offset baseOffset = -1;
    bool duplicate = false; // the leader had the batch already and answered with its first offsets
    friend bool operator==(const ProduceResponse&, const ProduceResponse&) = default;
};

/// InitProducerId for an idempotent producer (no transactional id): any broker hands out an id from
/// the block the controller gave it (ProducerIdManager), with epoch 0.
struct InitProducerIdRequest {
    std::int32_t producer = 0;
    friend bool operator==(const InitProducerIdRequest&, const InitProducerIdRequest&) = default;
};

struct InitProducerIdResponse {
    ErrorCode error = ErrorCode::None;
    std::int64_t producerId = -1;
    std::int16_t producerEpoch = -1;
    friend bool operator==(const InitProducerIdResponse&, const InitProducerIdResponse&) = default;
};

struct FetchResponse {
    std::int32_t partition = 0;
    std::int64_t fetchId = 0;
    ErrorCode error = ErrorCode::None;
    // Set when the follower's log diverges from the leader's (KIP-279): the largest epoch <= the
    // follower's last fetched epoch that the leader knows, and where that epoch ends on the leader.
    std::int32_t divergingEpoch = -1;
    Offset divergingEndOffset = -1;
    Offset fetchOffset = 0;
    Offset hw = 0;
    Offset logStart = 0;
    std::int32_t leaderEpoch = 0;
    // The records sent are [fetchOffset, fetchOffset + recordCount) of leaderLog, a copy of the
    // leader's log taken when the response was read. The copy shares the log's nodes, so a response
    // costs a few words however many records it carries.
    std::int64_t recordCount = 0;
    ReplicaLog leaderLog;
    friend bool operator==(const FetchResponse&, const FetchResponse&) = default;
};

struct AlterPartitionRequest {
    std::int32_t partition = 0;
    BrokerId leader = 0;
    std::int32_t leaderEpoch = 0;
    std::int32_t partitionEpoch = 0;
    std::vector<BrokerId> newIsr;
    /// A leader marks its partition recovered as it becomes leader (Partition.makeLeader), so it always
    /// sends Recovered; the controller clears a Recovering state with it.
    LeaderRecoveryState leaderRecoveryState = LeaderRecoveryState::Recovered;
    friend bool operator==(const AlterPartitionRequest&, const AlterPartitionRequest&) = default;
};

struct AlterPartitionResponse {
    std::int32_t partition = 0;
    ErrorCode error = ErrorCode::None;
    std::vector<BrokerId> isr;
    std::int32_t leaderEpoch = 0;
    std::int32_t partitionEpoch = 0;
    friend bool operator==(const AlterPartitionResponse&, const AlterPartitionResponse&) = default;
};

/// BrokerRegistrationRequest and BrokerHeartbeatRequest in one: `registering` marks a registration.
struct BrokerHeartbeatRequest {
    BrokerId broker = 0;
    bool wantShutdown = false;
    bool registering = false; // the first heartbeat after a (re)start: the controller starts a new session
    bool wantFence = false;   // still starting up (BrokerLifecycleManager's STARTING state)
    std::int64_t metadataOffset = 0;       // the metadata the broker has applied (currentMetadataOffset)
    std::int64_t previousBrokerEpoch = -1; // registration: from the clean-shutdown file, -1 after a crash
    friend bool operator==(const BrokerHeartbeatRequest&, const BrokerHeartbeatRequest&) = default;
};

struct BrokerHeartbeatResponse {
    bool fenced = false;
    bool shouldShutdown = false;
    bool caughtUp = false; // the broker's metadata reaches its registration (isCaughtUp)
    std::int64_t brokerEpoch = 0;
    ErrorCode error = ErrorCode::None; // DuplicateBrokerRegistration: try again later
    friend bool operator==(const BrokerHeartbeatResponse&, const BrokerHeartbeatResponse&) = default;
};

/// The controller's news about one partition (the KRaft metadata log's PartitionChangeRecord).
struct PartitionChange {
    std::int32_t partition = 0;
    bool offsets = false; // partition indexes ClusterState::offsetsPartitions
    PartitionRegistration registration;
    std::int64_t metadataOffset = 0; // the controller's metadata log end when it was sent
    friend bool operator==(const PartitionChange&, const PartitionChange&) = default;
};

struct MetadataRequest {
    std::int32_t producer = 0;
    // A live client's topics to create if the broker does not know them (its allow_auto_topic_creation;
    // the broker creates them only with auto.create.topics.enable). Empty for a simulated producer.
    std::vector<std::string> autoCreate;
    friend bool operator==(const MetadataRequest&, const MetadataRequest&) = default;
};

/// One partition's replicas in a CreateTopics request's manual assignment (CreatableReplicaAssignment).
struct CreatableAssignment {
    std::int32_t partition = 0;
    std::vector<BrokerId> brokers;
    friend bool operator==(const CreatableAssignment&, const CreatableAssignment&) = default;
};

/// A topic config of a CreateTopics request (CreatableTopicConfig): its value as sent, null allowed.
struct CreatableTopicConfig {
    std::string name;
    std::optional<std::string> value;
    friend bool operator==(const CreatableTopicConfig&, const CreatableTopicConfig&) = default;
};

/// One topic of a CreateTopics request (CreateTopicsRequest.json's CreatableTopic), as sent: -1
/// partitions or replication factor takes the controller's num.partitions or default.replication.factor;
/// with a manual assignment both must be -1.
struct CreatableTopic {
    std::string name;
    std::int32_t numPartitions = -1;
    std::int32_t replicationFactor = -1;
    std::vector<CreatableAssignment> assignments;
    std::vector<CreatableTopicConfig> configs;
    friend bool operator==(const CreatableTopic&, const CreatableTopic&) = default;
};

/// A live client's CreateTopics, to the broker it is connected to (which forwards it to the controller).
struct CreateTopicsRequest {
    std::int32_t client = -1; // the live client the forwarding broker answers; -1: the broker's own request
    std::vector<CreatableTopic> topics;
    bool validateOnly = false;
    // The broker's own request for the unknown topics a Metadata request named (AutoTopicCreationManager):
    // no one waits for its answer.
    bool autoCreate = false;
    friend bool operator==(const CreateTopicsRequest&, const CreateTopicsRequest&) = default;
};

/// How one topic's creation went (CreatableTopicResult).
struct CreatableTopicResult {
    std::string name;
    ErrorCode error = ErrorCode::None;
    std::string message;            // Kafka's error message; empty on success
    std::int32_t topic = -1;        // index into ClusterState::topics; -1: not created (or validate_only)
    std::int32_t numPartitions = -1;
    std::int32_t replicationFactor = -1;
    friend bool operator==(const CreatableTopicResult&, const CreatableTopicResult&) = default;
};

struct CreateTopicsResponse {
    std::int32_t client = -1; // as in the request: the forwarding broker passes the answer on to it
    std::vector<CreatableTopicResult> topics;
    friend bool operator==(const CreateTopicsResponse&, const CreateTopicsResponse&) = default;
};

/// What a broker's metadata cache holds about one partition, for a live client's Metadata request.
struct PartitionMetadata {
    BrokerId leader = noLeader;
    std::int32_t leaderEpoch = 0;
    std::vector<BrokerId> replicas;
    std::vector<BrokerId> isr;
    friend bool operator==(const PartitionMetadata&, const PartitionMetadata&) = default;
};

/// What a broker believes about every partition's leader. A live client's answer also carries the
/// brokers a client may connect to and each partition's replicas and ISR (MetadataResponse's
/// brokers and partitions; simulated producers use only the leaders).
struct MetadataResponse {
    ErrorCode error = ErrorCode::None;
    std::vector<BrokerId> leaders;
    std::vector<BrokerId> brokers;
    std::vector<PartitionMetadata> partitions;
    std::vector<std::int32_t> leaderEpochs; // the epoch of each of `leaders` (-1: not known)
    friend bool operator==(const MetadataResponse&, const MetadataResponse&) = default;
};

struct FindCoordinatorRequest {
    std::int32_t consumer = 0; // a simulated consumer; for a live client, its index
    std::string groupId;       // a live client's FindCoordinator names the group (key) instead
    bool live = false;
    friend bool operator==(const FindCoordinatorRequest&, const FindCoordinatorRequest&) = default;
};

struct FindCoordinatorResponse {
    ErrorCode error = ErrorCode::None;
    BrokerId coordinator = noLeader;
    std::vector<BrokerId> leaders; // the broker's metadata, sent along to save a round trip
    friend bool operator==(const FindCoordinatorResponse&, const FindCoordinatorResponse&) = default;
};

/// JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit and OffsetFetch share one shape.
enum class GroupRequestKind : std::uint8_t { Join, Sync, Heartbeat, Leave, OffsetCommit, OffsetFetch };

struct GroupAssignmentEntry {
    std::string memberId;
    std::vector<std::int32_t> partitions;
    friend bool operator==(const GroupAssignmentEntry&, const GroupAssignmentEntry&) = default;
};

/// A real leader's SyncGroup assignment for one member: opaque bytes, as sent.
struct GroupAssignmentBytes {
    std::string memberId;
    std::string assignment;
    friend bool operator==(const GroupAssignmentBytes&, const GroupAssignmentBytes&) = default;
};

/// What a live client's group request adds to GroupRequest (the fields of JoinGroupRequest.json,
/// SyncGroupRequest.json and OffsetFetchRequest.json that a simulated consumer does not send).
struct LiveGroupFields {
    std::string groupId;      // the group by name: the coordinator finds or creates it
    std::string clientId;     // client.id from the request header
    std::string clientHost;   // the connection's address
    std::string protocolType; // Join
    std::vector<GroupProtocolOffer> protocols;     // Join
    std::int32_t sessionTimeoutMs = 0;             // Join
    std::int32_t rebalanceTimeoutMs = 0;           // Join
    bool requireKnownMemberId = false;             // Join v4+: MEMBER_ID_REQUIRED for an empty member id
    std::vector<GroupAssignmentBytes> assignments; // Sync from the leader
    bool allPartitions = false;                    // OffsetFetch with null topics: every committed offset
    friend bool operator==(const LiveGroupFields&, const LiveGroupFields&) = default;
};

struct GroupRequest {
    GroupRequestKind kind = GroupRequestKind::Join;
    std::int32_t consumer = 0; // a simulated consumer; for a live request, the live client's index
    std::int32_t group = 0;    // ignored for a live request (live->groupId names it)
    std::int32_t generation = -1;
    std::string memberId;
    std::vector<std::int32_t> topics;             // Join: subscription
    std::vector<std::int32_t> partitions;         // Join: owned; OffsetFetch: asked for
    std::vector<GroupAssignmentEntry> assignment; // Sync from the leader
    std::vector<CommittedOffset> offsets;         // OffsetCommit
    Boxed<LiveGroupFields> live;                  // set for a real client's request (on the heap: rare and large)
    friend bool operator==(const GroupRequest&, const GroupRequest&) = default;
};

struct GroupMemberInfo {
    std::string memberId;
    std::vector<std::int32_t> topics;
    std::vector<std::int32_t> owned;
    std::string metadata; // to a real leader: the member's metadata for the chosen protocol (bytes)
    friend bool operator==(const GroupMemberInfo&, const GroupMemberInfo&) = default;
};

/// What a real member's group answer adds: the chosen protocol by name and its assignment bytes (Sync).
struct LiveGroupAnswer {
    std::string protocolName;
    std::string assignmentBytes;
    friend bool operator==(const LiveGroupAnswer&, const LiveGroupAnswer&) = default;
};

struct GroupResponse {
    GroupRequestKind kind = GroupRequestKind::Join;
    ErrorCode error = ErrorCode::None;
    AssignorKind protocol = AssignorKind::Range;
    std::int32_t generation = -1;
    std::string memberId;
    std::string leader;
    std::vector<GroupMemberInfo> members;  // Join, to the leader
    std::vector<std::int32_t> assignment;  // Sync
    std::vector<CommittedOffset> offsets;  // OffsetFetch, OffsetCommit (what was stored)
    Boxed<LiveGroupAnswer> live; // to a real member only (on the heap: rare, and every message is as large as the largest)
    friend bool operator==(const GroupResponse&, const GroupResponse&) = default;
};

/// ListOffsets: where `earliest` (log start) or `latest` (HW) is, for auto.offset.reset.
struct ListOffsetsRequest {
    std::int32_t consumer = 0;
    std::int32_t partition = 0;
    bool earliest = true;
    // A live client may ask for the first offset whose record's timestamp is at or after this
    // (ListOffsets with a timestamp >= 0); -1: `earliest` decides.
    std::int64_t timestampMs = -1;
    friend bool operator==(const ListOffsetsRequest&, const ListOffsetsRequest&) = default;
};

struct ListOffsetsResponse {
    std::int32_t partition = 0;
    ErrorCode error = ErrorCode::None;
    Offset offset = -1;
    std::int64_t timestampMs = -1; // a timestamp lookup: the found record's timestamp
    std::int32_t leaderEpoch = -1;
    friend bool operator==(const ListOffsetsResponse&, const ListOffsetsResponse&) = default;
};

using MessageBody =
    std::variant<ProduceRequest, ProduceResponse, FetchRequest, FetchResponse, AlterPartitionRequest,
                 AlterPartitionResponse, BrokerHeartbeatRequest, BrokerHeartbeatResponse, PartitionChange,
                 MetadataRequest, MetadataResponse, FindCoordinatorRequest, FindCoordinatorResponse, GroupRequest,
                 GroupResponse, ListOffsetsRequest, ListOffsetsResponse, InitProducerIdRequest,
                 InitProducerIdResponse, CreateTopicsRequest, CreateTopicsResponse>;

struct Message {
    NodeRef from;
    NodeRef to;
    TimeMs sentMs = 0;
    MessageBody body;
    // The sending broker's incarnation: what a broker sent is lost with it when it crashes. A
    // connection error is reported by the network, not the dead broker, and always arrives.
    std::int32_t fromIncarnation = 0;
    std::int32_t toIncarnation = 0; // a message for a broker that restarted since finds a new process
    bool connectionError = false;
    // A message a cut swallowed, waiting for its connection's next retransmission: the connection's
    // firstLostMs (HeldConnection), -1 for a message on its first transmission.
    TimeMs heldSinceMs = -1;
    friend bool operator==(const Message&, const Message&) = default;
};

/// One direction of a TCP connection that lost bytes to a cut (`isolate`): its sender's kernel sends
/// them again on its retransmission timer, counted from the oldest lost message (sim/network.h).
struct HeldConnection {
    NodeRef from;
    NodeRef to;
    bool answers = false; // the direction that carries answers (the requester's connection, read backwards)
    std::int32_t fromIncarnation = 0;
    std::int32_t toIncarnation = 0;
    TimeMs firstLostMs = 0; // when the oldest lost message was first sent
    TimeMs giveUpMs = 0;    // when its requester's timeout closes the connection
    std::int32_t held = 0;  // queued messages waiting on it
    friend bool operator==(const HeldConnection&, const HeldConnection&) = default;
};

enum class TimerKind : std::uint8_t {
    IsrExpiration,    // broker: the leader's periodic ISR shrink check
    FetchWaitExpired, // broker, partition: a parked fetch's wait ran out
    ProduceTimeout,   // broker, partition: a delayed produce's request.timeout.ms ran out
    Heartbeat,        // broker: time to heartbeat the controller
    FetchBackoff,     // broker, partition: a follower's pause after a failed fetch is over
    FetchTimeout,     // broker, partition: a follower's fetch got no answer in time
    SessionCheck,     // broker: the controller checks whether the broker's session expired
    StartupHeartbeat, // broker, partition field = its incarnation: a starting broker's next heartbeat, or a registration retry
    UncleanScan,      // the controller rescans leaderless partitions for unclean election (3.9+)
    ProducerTimer,    // broker field = producer index: retries and client-side request timeouts
    ProducerTick,     // broker field = producer index: the next record of a steady stream
    ConsumerHeartbeat, // broker field = consumer index: heartbeat the coordinator
    ConsumerAutoCommit, // broker field = consumer index: auto.commit.interval.ms passed
    ConsumerPoll,     // broker field = consumer index, partition: a slow application polls again
    GroupTimer,       // broker field = group index: session expiries and the end of a join phase
    ConsumerTimer,    // broker field = consumer index: request timeouts and the metadata backoff
    LeaderRebalance,  // the controller's automatic preferred-leader rebalance (auto.leader.rebalance.enable)
    LogRetention,     // broker: its LogManager's retention check (log.retention.check.interval.ms)
};

struct Timer {
    TimerKind kind = TimerKind::IsrExpiration;
    BrokerId broker = 0;
    std::int32_t partition = -1;
    friend bool operator==(const Timer&, const Timer&) = default;
};

/// The answer to a fetch without records: an error, or the frame a diverging epoch or a response fills in.
inline FetchResponse fetchAnswer(const FetchRequest& request, ErrorCode error = ErrorCode::None)
{
    FetchResponse response;
    response.partition = request.partition;
    response.fetchId = request.fetchId;
    response.error = error;
    response.fetchOffset = request.fetchOffset;
    return response;
}

/// Where a fetch answer goes: the follower broker or the consumer that asked.
inline NodeRef fetcherNode(const FetchRequest& request)
{
    if (request.liveClient >= 0)
        return NodeRef::liveClient(request.liveClient);
    return request.consumer >= 0 ? NodeRef::consumer(request.consumer) : NodeRef::broker(request.replica);
}

/// A consumer's or a live client's fetch: it reads below the high watermark only (read_uncommitted
/// and read_committed alike, since there are no transactions), where a follower reads up to the LEO.
inline bool readsBelowHw(const FetchRequest& request)
{
    return request.consumer >= 0 || request.liveClient >= 0;
}

struct QueuedEvent {
    TimeMs atMs = 0;
    std::uint64_t sequence = 0; // ties at the same time are handled in the order they were queued
    std::variant<Message, Timer> what;
    friend bool operator==(const QueuedEvent&, const QueuedEvent&) = default;
};

} // namespace hw
