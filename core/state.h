// SPDX-License-Identifier: MIT
#pragma once

#include "assignor.h"
#include "config.h"
#include "pvector.h"
#include "rng.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

/// The simulation state: plain value types only. A ClusterState is everything needed to continue a
/// run (clock, generator, logs, messages in flight, timers), so copying it is a snapshot and two runs
/// are the same run exactly when their states compare equal.
namespace hw {

using TimeMs = std::int64_t;
using Offset = std::int64_t;
using BrokerId = std::int32_t;

inline constexpr BrokerId noLeader = -1;
inline constexpr std::int32_t controllerNodeId = 0;

enum class Acks : std::int8_t { None = 0, Leader = 1, All = -1 };

/// Kafka error codes the model produces, plus the producer's own client-side outcomes.
enum class ErrorCode : std::uint8_t {
    None,
    NotEnoughReplicas,
    NotEnoughReplicasAfterAppend,
    RequestTimedOut,
    NotLeaderOrFollower,
    OffsetOutOfRange,
    FencedLeaderEpoch,
    UnknownLeaderEpoch,
    InvalidUpdateVersion,
    IneligibleReplica,
    LeaderNotAvailable,
    NotController,
    InvalidRequest,
    NetworkException,
    NotCoordinator,
    CoordinatorNotAvailable,
    RebalanceInProgress,
    UnknownMemberId,
    IllegalGeneration,
    DeliveryTimeout,
};

/// A participant that sends and receives messages.
enum class NodeKind : std::uint8_t { Broker, Controller, Producer, Consumer };

struct NodeRef {
    NodeKind kind = NodeKind::Broker;
    std::int32_t id = 0; // broker id, controllerNodeId, or producer index

    static NodeRef broker(BrokerId id) { return {NodeKind::Broker, id}; }
    static NodeRef controller() { return {NodeKind::Controller, controllerNodeId}; }
    static NodeRef producer(std::int32_t index) { return {NodeKind::Producer, index}; }
    static NodeRef consumer(std::int32_t index) { return {NodeKind::Consumer, index}; }
    friend bool operator==(const NodeRef&, const NodeRef&) = default;
};

/// What a record carries besides its position. Stored once per produced record and shared by every
/// replica that copies the record, so a log entry is two integers.
struct Payload {
    bool hasKey = false;
    std::string key;
    std::string value;
    std::int32_t producer = -1;
    std::int64_t sequence = 0; // the producer's running record number
    friend bool operator==(const Payload&, const Payload&) = default;
};

/// One log entry. Its offset is its position in the log.
struct Record {
    std::int32_t epoch = 0;
    std::int32_t payload = 0;
    friend bool operator==(const Record&, const Record&) = default;
};

struct EpochEntry {
    std::int32_t epoch = 0;
    Offset startOffset = 0;
    friend bool operator==(const EpochEntry&, const EpochEntry&) = default;
};

/// A replica's log. records[i] has offset baseOffset + i; offsets below logStart are deleted.
struct ReplicaLog {
    Offset baseOffset = 0;
    Offset logStart = 0;
    PVector<Record> records;

    Offset leo() const { return baseOffset + static_cast<Offset>(records.size()); }
    const Record& at(Offset offset) const { return records[static_cast<std::size_t>(offset - baseOffset)]; }
    void append(Record record) { records.push_back(record); }
    void truncateTo(Offset offset)
    {
        if (offset < leo())
            records.truncate(static_cast<std::size_t>(offset < baseOffset ? 0 : offset - baseOffset));
    }
    friend bool operator==(const ReplicaLog&, const ReplicaLog&) = default;
};

/// The leader's picture of one follower (Replica.scala's ReplicaState).
struct FollowerView {
    BrokerId broker = 0;
    Offset leo = -1; // fetch offset of the follower's latest fetch; -1 = unknown
    TimeMs lastCaughtUpMs = 0;
    TimeMs lastFetchMs = 0;
    Offset lastFetchLeaderLeo = -1;
    friend bool operator==(const FollowerView&, const FollowerView&) = default;
};

struct FetchRequest {
    std::int32_t partition = 0; // index into ClusterState::partitions
    BrokerId replica = 0;       // the fetching follower, or -1 for a consumer
    std::int32_t consumer = -1; // the fetching consumer
    std::int64_t fetchId = 0;
    Offset fetchOffset = 0;
    std::int32_t lastFetchedEpoch = -1;
    std::int32_t currentLeaderEpoch = -1;
    std::int32_t maxRecords = 0;
    friend bool operator==(const FetchRequest&, const FetchRequest&) = default;
};

/// An acks=all produce waiting in the leader's purgatory for the high watermark.
struct DelayedProduce {
    std::int32_t producer = 0;
    std::int64_t batch = 0;
    std::int32_t attempt = 0;
    Offset baseOffset = 0;
    Offset requiredOffset = 0; // last offset + 1
    TimeMs deadlineMs = 0;
    friend bool operator==(const DelayedProduce&, const DelayedProduce&) = default;
};

/// An empty follower fetch the leader holds until data arrives or replica.fetch.wait.max.ms passes.
struct ParkedFetch {
    FetchRequest request;
    TimeMs deadlineMs = 0;
    friend bool operator==(const ParkedFetch&, const ParkedFetch&) = default;
};

/// One replica of a partition, on one broker: its log and high watermark, what its broker knows of
/// the partition, and the leader-only state that is meaningful while it leads.
struct Replica {
    BrokerId broker = 0;
    ReplicaLog log;
    Offset hw = 0;
    std::vector<EpochEntry> epochCache;

    // The broker's metadata for the partition.
    BrokerId knownLeader = noLeader;
    std::int32_t knownLeaderEpoch = -1;

    // Leader state.
    Offset epochStartOffset = 0;
    std::int32_t partitionEpoch = 0;
    std::vector<BrokerId> isr;        // committed ISR as this leader knows it
    std::vector<BrokerId> pendingIsr; // the ISR proposed in the AlterPartition in flight
    bool alterInFlight = false;
    std::vector<FollowerView> views;
    std::vector<DelayedProduce> delayedProduces;
    std::vector<ParkedFetch> parkedFetches;
    // When the one pending timer for each purgatory fires (-1: none). One timer per purgatory, set for
    // its earliest deadline, keeps the queue short however many requests wait.
    TimeMs delayedTimerMs = -1;
    TimeMs parkedTimerMs = -1;

    // Follower state. Each fetch gets a new id so that an answer to an abandoned fetch is ignored.
    bool fetchOutstanding = false;
    std::int64_t fetchId = 0;
    TimeMs fetchDeadlineMs = -1;  // when the outstanding fetch times out (replica.socket.timeout.ms)
    TimeMs fetchTimeoutTimerMs = -1;

    bool isLeader() const { return knownLeader == broker; }
    friend bool operator==(const Replica&, const Replica&) = default;
};

/// The controller's record of a partition (KRaft PartitionRegistration).
struct PartitionRegistration {
    std::vector<BrokerId> replicas;
    std::vector<BrokerId> isr;
    BrokerId leader = noLeader;
    std::int32_t leaderEpoch = 0;
    std::int32_t partitionEpoch = 0;
    friend bool operator==(const PartitionRegistration&, const PartitionRegistration&) = default;
};

struct Partition {
    std::int32_t topic = 0;
    std::int32_t index = 0;
    PartitionRegistration registration;
    std::int32_t uncleanElections = 0; // how often an out-of-sync replica was made leader
    std::int64_t unflushedLost = 0;    // records replicas lost from unflushed log tails on restarts
    std::int32_t legacyTruncations = 0; // truncations to a follower's own HW (truncation: high-watermark)
    std::vector<Replica> replicas; // in assignment order
    friend bool operator==(const Partition&, const Partition&) = default;
};

struct Topic {
    std::string name;
    std::int32_t firstPartition = 0; // index of partition 0 in ClusterState::partitions
    std::int32_t partitionCount = 0;
    std::int32_t replicationFactor = 0;
    friend bool operator==(const Topic&, const Topic&) = default;
};

struct Broker {
    BrokerId id = 0;
    // The broker's metadata image: the leader and leader epoch it believes each partition has.
    std::vector<BrokerId> knownLeaders;
    std::vector<BrokerId> knownCoordinators; // the leader of each __consumer_offsets partition
    bool alive = true;
    bool isolated = false;
    bool shuttingDown = false; // a controlled shutdown was requested and is in progress
    bool registered = true;    // false after a restart until the controller has answered a heartbeat
    std::int32_t incarnation = 0; // counts restarts
    TimeMs latencyMs = -1; // -1: network.latency.ms
    friend bool operator==(const Broker&, const Broker&) = default;
};

/// The controller's view of a broker.
struct BrokerRegistration {
    BrokerId id = 0;
    bool fenced = false;
    bool inControlledShutdown = false;
    TimeMs lastHeartbeatMs = 0;
    TimeMs sessionTimerMs = -1; // the armed session-expiry check, -1: none
    std::int32_t incarnation = 0; // the broker incarnation this registration is for
    friend bool operator==(const BrokerRegistration&, const BrokerRegistration&) = default;
};

enum class SendStatus : std::uint8_t { Pending, InFlight, Acked, Failed };

/// A producer batch: count records with consecutive sequence numbers and payload indices.
struct ProducerBatch {
    std::int64_t firstSequence = 0;
    std::int32_t attempt = 0;      // sends so far; an answer to an earlier attempt is ignored
    TimeMs requestDeadlineMs = -1; // client-side request.timeout.ms of the attempt in flight
    TimeMs retryAtMs = -1;         // when a Pending batch is sent again
    std::int32_t count = 0;
    std::int32_t firstPayload = 0;
    std::int32_t partition = 0; // index into ClusterState::partitions
    Acks acks = Acks::All;
    Offset baseOffset = -1;
    SendStatus status = SendStatus::Pending;
    ErrorCode error = ErrorCode::None;
    TimeMs createdMs = 0;
    friend bool operator==(const ProducerBatch&, const ProducerBatch&) = default;
};

struct StickyPartition {
    std::int32_t partition = -1; // index within the topic, -1: none chosen yet
    std::int64_t bytes = 0;
    friend bool operator==(const StickyPartition&, const StickyPartition&) = default;
};

struct Producer {
    std::string id;
    Acks acks = Acks::All;
    // A steady stream (rate_per_s > 0): one record every 1000 / rate ms to `topic`, keys cycling
    // through `keys` (null keys when empty).
    std::int64_t ratePerSecond = 0;
    std::int32_t rateTopic = 0;
    std::vector<std::string> keys;
    std::int64_t ticks = 0;
    std::int64_t nextSequence = 0;
    PVector<ProducerBatch> batches;
    std::vector<StickyPartition> sticky; // per topic
    // Metadata: the leader the producer believes each partition has (index: ClusterState::partitions).
    std::vector<BrokerId> leaders;
    bool metadataInFlight = false;
    std::int32_t metadataBroker = 0;  // the next broker to ask, round robin
    std::int32_t metadataFailures = 0; // failed asks in a row; after one per broker, wait for the next retry
    TimeMs metadataDeadlineMs = -1;    // when an unanswered metadata request is given up (request.timeout.ms)
    std::int64_t firstOpenBatch = 0;  // batches before this index are finished (acked or failed)
    TimeMs timerMs = -1;              // the armed retry / request-timeout timer, -1: none
    friend bool operator==(const Producer&, const Producer&) = default;
};

// Messages. Every request and response travels as a Message with a delivery time.

struct ProduceRequest {
    std::int32_t producer = 0;
    std::int64_t batch = 0;
    std::int32_t attempt = 0;
    std::int32_t partition = 0;
    Acks acks = Acks::All;
    std::int64_t timeoutMs = 0;
    friend bool operator==(const ProduceRequest&, const ProduceRequest&) = default;
};

struct ProduceResponse {
    std::int64_t batch = 0;
    std::int32_t attempt = 0;
    std::int32_t partition = 0;
    ErrorCode error = ErrorCode::None;
    Offset baseOffset = -1;
    friend bool operator==(const ProduceResponse&, const ProduceResponse&) = default;
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

struct BrokerHeartbeatRequest {
    BrokerId broker = 0;
    bool wantShutdown = false;
    bool registering = false; // the first heartbeat after a (re)start: the controller starts a new session
    friend bool operator==(const BrokerHeartbeatRequest&, const BrokerHeartbeatRequest&) = default;
};

struct BrokerHeartbeatResponse {
    bool fenced = false;
    bool shouldShutdown = false;
    friend bool operator==(const BrokerHeartbeatResponse&, const BrokerHeartbeatResponse&) = default;
};

/// The controller's news about one partition (the KRaft metadata log's PartitionChangeRecord).
struct PartitionChange {
    std::int32_t partition = 0;
    bool offsets = false; // partition indexes ClusterState::offsetsPartitions
    PartitionRegistration registration;
    friend bool operator==(const PartitionChange&, const PartitionChange&) = default;
};

struct MetadataRequest {
    std::int32_t producer = 0;
    friend bool operator==(const MetadataRequest&, const MetadataRequest&) = default;
};

/// What a broker believes about every partition's leader.
struct MetadataResponse {
    ErrorCode error = ErrorCode::None;
    std::vector<BrokerId> leaders;
    friend bool operator==(const MetadataResponse&, const MetadataResponse&) = default;
};

// ---------------------------------------------------------------------------------------------
// Consumers and groups (section 5 of kafka-semantics.md)

enum class OffsetReset : std::uint8_t { Earliest, Latest, None };
enum class GroupState : std::uint8_t { Empty, PreparingRebalance, CompletingRebalance, Stable, Dead };

/// Where a consumer is in the group protocol.
enum class MemberPhase : std::uint8_t { Stopped, FindingCoordinator, Joining, Syncing, Stable, Crashed };

/// A partition a consumer owns: where it reads next and what it has in flight.
struct OwnedPartition {
    std::int32_t partition = 0; // index into ClusterState::partitions
    Offset position = -1;       // next offset to read; -1: not known yet (committed offset or reset pending)
    bool lookupInFlight = false; // asking for the committed offset (OffsetFetch) or a reset offset (ListOffsets)
    bool resetNeeded = false;    // nothing committed (or out of range): auto.offset.reset asks the leader
    bool fetchInFlight = false;
    std::int64_t fetchId = 0;
    bool resetFailed = false; // auto.offset.reset=none found no committed offset: the partition is stuck
    // Where the lookup and the fetch in flight went, and when the consumer gives up on them
    // (request.timeout.ms; -1: nothing in flight).
    BrokerId lookupBroker = noLeader;
    TimeMs lookupDeadlineMs = -1;
    BrokerId fetchBroker = noLeader;
    TimeMs fetchDeadlineMs = -1;
    // After a failed fetch the partition waits before it is fetched again; the pause doubles with each
    // failure in a row (the client's reconnect and retry backoff).
    std::int32_t fetchFailures = 0;
    TimeMs fetchRetryAtMs = -1;
    friend bool operator==(const OwnedPartition&, const OwnedPartition&) = default;
};

/// A record handed to the application, with the HW of the fetch response it came in.
struct ReceivedRecord {
    std::int32_t partition = 0;
    Offset offset = 0;
    std::int32_t payload = 0;
    Offset hwAtRead = 0;
    friend bool operator==(const ReceivedRecord&, const ReceivedRecord&) = default;
};

struct Consumer {
    std::string id;
    std::int32_t group = -1;          // index into ClusterState::groups, -1: manual assignment
    std::vector<std::int32_t> topics; // subscription (topic indices)
    std::vector<std::int32_t> manualPartitions; // without a group: the partitions it reads
    AssignorKind assignor = AssignorKind::Range;
    OffsetReset reset = OffsetReset::Latest;
    bool autoCommit = true;
    bool autoPoll = true;             // polls on its own loop; false: only `poll` steps fetch
    std::int32_t maxPollRecords = 500;
    TimeMs pollIntervalMs = 0;        // pause between the polls of a slow application
    bool startAtCreation = true;

    MemberPhase phase = MemberPhase::Stopped;
    std::string memberId;
    std::int32_t generation = -1;
    BrokerId coordinator = noLeader;
    bool rejoinAfterSync = false; // cooperative: partitions were revoked, a second round follows
    bool rejoinNeeded = false;    // the member (re)joins once it knows its coordinator (a join was cut short)
    bool requestInFlight = false; // the JoinGroup or SyncGroup in flight (one at a time)
    TimeMs requestDeadlineMs = -1; // when it is given up: request.timeout.ms (JoinGroup: rebalance timeout + 5 s)
    TimeMs sessionAckMs = 0;      // the last heartbeat answer: the client's own session.timeout.ms check
    std::vector<OwnedPartition> owned;
    // The last assignment received. Eager members revoke everything before rejoining but still send
    // it (the sticky assignor's userData), so a sticky assignment can keep partitions where they were.
    std::vector<std::int32_t> previousAssignment;
    std::vector<BrokerId> leaders; // metadata: the leader of each partition as the consumer believes
    // Metadata refreshes (FindCoordinator, which doubles as the metadata request): one in flight at a
    // time, the next no sooner than the backoff after the last answer (Kafka's Metadata.timeToAllowUpdate).
    std::int32_t metadataBroker = 0;   // the next broker to ask, round robin
    bool metadataInFlight = false;
    bool metadataWanted = false;       // a refresh is due once the backoff allows it
    BrokerId metadataTarget = noLeader; // the broker asked
    TimeMs metadataDeadlineMs = -1;    // request.timeout.ms of the refresh in flight
    TimeMs metadataRetryAtMs = -1;     // no refresh before this
    std::int32_t metadataBackoffs = 0; // answers in a row that failed or brought no news: the backoff doubles
    std::uint32_t unreachableBrokers = 0; // bit b-1: broker b's last request failed or timed out; asked last
    TimeMs timerMs = -1;           // the armed request-timeout / backoff timer (ConsumerTimer), -1: none
    std::int32_t pollBudget = 0;   // records a manual poll may still hand out
    std::int32_t timerEpoch = 0;   // bumped on every (re)start and stop: older consumer timers are stale
    PVector<ReceivedRecord> received;
    friend bool operator==(const Consumer&, const Consumer&) = default;
};

struct GroupMember {
    std::string memberId;
    std::int32_t consumer = 0;
    std::vector<std::int32_t> topics;
    std::vector<std::int32_t> owned;      // what it reported owning when it joined (cooperative)
    std::vector<std::int32_t> assignment; // from the last SyncGroup
    TimeMs lastHeartbeatMs = 0;
    bool joined = false;       // has (re)joined in the current rebalance
    bool awaitingJoin = false; // a JoinGroup answer is owed
    bool awaitingSync = false; // a SyncGroup answer is owed
    friend bool operator==(const GroupMember&, const GroupMember&) = default;
};

struct CommittedOffset {
    std::int32_t partition = 0;
    Offset offset = 0;
    friend bool operator==(const CommittedOffset&, const CommittedOffset&) = default;
};

/// A consumer group as its coordinator keeps it. Its metadata and offsets live in the group's
/// __consumer_offsets partition, so a new coordinator continues where the old one stopped.
struct Group {
    std::string id;
    std::int32_t offsetsPartition = 0; // index into ClusterState::offsetsPartitions
    GroupState state = GroupState::Empty;
    std::int32_t generation = 0;
    AssignorKind protocol = AssignorKind::Range;
    std::string leader; // member id of the leader member
    std::vector<GroupMember> members; // in join order
    std::vector<CommittedOffset> committed;
    TimeMs joinDeadlineMs = -1;   // when PreparingRebalance ends whoever has rejoined
    TimeMs timerMs = -1;          // the armed session / join timer
    std::int32_t nextMemberNumber = 1;
    friend bool operator==(const Group&, const Group&) = default;
};

struct FindCoordinatorRequest {
    std::int32_t consumer = 0;
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

struct GroupRequest {
    GroupRequestKind kind = GroupRequestKind::Join;
    std::int32_t consumer = 0;
    std::int32_t group = 0;
    std::string memberId;
    std::int32_t generation = -1;
    std::vector<std::int32_t> topics;             // Join: subscription
    std::vector<std::int32_t> partitions;         // Join: owned; OffsetFetch: asked for
    std::vector<GroupAssignmentEntry> assignment; // Sync from the leader
    std::vector<CommittedOffset> offsets;         // OffsetCommit
    friend bool operator==(const GroupRequest&, const GroupRequest&) = default;
};

struct GroupMemberInfo {
    std::string memberId;
    std::vector<std::int32_t> topics;
    std::vector<std::int32_t> owned;
    friend bool operator==(const GroupMemberInfo&, const GroupMemberInfo&) = default;
};

struct GroupResponse {
    GroupRequestKind kind = GroupRequestKind::Join;
    ErrorCode error = ErrorCode::None;
    std::int32_t generation = -1;
    std::string memberId;
    std::string leader;
    AssignorKind protocol = AssignorKind::Range;
    std::vector<GroupMemberInfo> members;  // Join, to the leader
    std::vector<std::int32_t> assignment;  // Sync
    std::vector<CommittedOffset> offsets;  // OffsetFetch, OffsetCommit (what was stored)
    friend bool operator==(const GroupResponse&, const GroupResponse&) = default;
};

/// ListOffsets: where `earliest` (log start) or `latest` (HW) is, for auto.offset.reset.
struct ListOffsetsRequest {
    std::int32_t consumer = 0;
    std::int32_t partition = 0;
    bool earliest = true;
    friend bool operator==(const ListOffsetsRequest&, const ListOffsetsRequest&) = default;
};

struct ListOffsetsResponse {
    std::int32_t partition = 0;
    ErrorCode error = ErrorCode::None;
    Offset offset = -1;
    friend bool operator==(const ListOffsetsResponse&, const ListOffsetsResponse&) = default;
};

using MessageBody =
    std::variant<ProduceRequest, ProduceResponse, FetchRequest, FetchResponse, AlterPartitionRequest,
                 AlterPartitionResponse, BrokerHeartbeatRequest, BrokerHeartbeatResponse, PartitionChange,
                 MetadataRequest, MetadataResponse, FindCoordinatorRequest, FindCoordinatorResponse, GroupRequest,
                 GroupResponse, ListOffsetsRequest, ListOffsetsResponse>;

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
    friend bool operator==(const Message&, const Message&) = default;
};

enum class TimerKind : std::uint8_t {
    IsrExpiration,    // broker: the leader's periodic ISR shrink check
    FetchWaitExpired, // broker, partition: a parked fetch's wait ran out
    ProduceTimeout,   // broker, partition: a delayed produce's request.timeout.ms ran out
    Heartbeat,        // broker: time to heartbeat the controller
    FetchBackoff,     // broker, partition: a follower's pause after a failed fetch is over
    FetchTimeout,     // broker, partition: a follower's fetch got no answer in time
    SessionCheck,     // broker: the controller checks whether the broker's session expired
    ProducerTimer,    // broker field = producer index: retries and client-side request timeouts
    ProducerTick,     // broker field = producer index: the next record of a steady stream
    ConsumerHeartbeat, // broker field = consumer index: heartbeat the coordinator
    ConsumerAutoCommit, // broker field = consumer index: auto.commit.interval.ms passed
    ConsumerPoll,     // broker field = consumer index, partition: a slow application polls again
    GroupTimer,       // broker field = group index: session expiries and the end of a join phase
    ConsumerTimer,    // broker field = consumer index: request timeouts and the metadata backoff
};

struct Timer {
    TimerKind kind = TimerKind::IsrExpiration;
    BrokerId broker = 0;
    std::int32_t partition = -1;
    friend bool operator==(const Timer&, const Timer&) = default;
};

struct QueuedEvent {
    TimeMs atMs = 0;
    std::uint64_t sequence = 0; // ties at the same time are handled in the order they were queued
    std::variant<Message, Timer> what;
    friend bool operator==(const QueuedEvent&, const QueuedEvent&) = default;
};

struct ClusterState {
    std::string name;
    TimeMs nowMs = 0;
    std::uint64_t nextSequence = 0;
    Rng rng;
    ClusterConfig config;
    std::vector<Broker> brokers; // brokers[i].id == i + 1
    std::vector<BrokerRegistration> registrations;
    std::vector<Topic> topics;
    std::vector<Partition> partitions;
    std::vector<Producer> producers;
    std::vector<Consumer> consumers;
    std::vector<Group> groups;
    // __consumer_offsets, modelled by its leadership only: which broker coordinates which groups.
    // Its replicas are always in sync (it has no log here), so its ISR is its unfenced replicas.
    std::vector<PartitionRegistration> offsetsPartitions;
    PVector<Payload> payloads;
    std::vector<QueuedEvent> queue; // a binary heap on (atMs, sequence), earliest first

    const Broker& broker(BrokerId id) const { return brokers[static_cast<std::size_t>(id - 1)]; }
    Broker& broker(BrokerId id) { return brokers[static_cast<std::size_t>(id - 1)]; }
    std::string partitionName(std::int32_t partition) const;
    int findTopic(std::string_view name) const;
    int findProducer(std::string_view id) const;
    int findConsumer(std::string_view id) const;
    int findGroup(std::string_view id) const;

    friend bool operator==(const ClusterState&, const ClusterState&) = default;
};

std::string_view errorName(ErrorCode error);
std::string_view acksName(Acks acks);
std::string_view sendStatusName(SendStatus status);

} // namespace hw
