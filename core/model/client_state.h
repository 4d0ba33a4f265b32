// SPDX-License-Identifier: MIT
#pragma once

#include "log/pvector.h"
#include "model/group_state.h"
#include "model/ids.h"

#include <string>
#include <vector>

/// What producers and consumers keep (their part of ClusterState): batches and their retries, metadata,
/// owned partitions, positions and what the application received.
namespace hw {

enum class SendStatus : std::uint8_t { Pending, InFlight, Acked, Failed };

/// A producer batch: count records with consecutive sequence numbers and payload indices.
struct ProducerBatch {
    std::int64_t firstSequence = 0; // the producer's running record number (not Kafka's sequence)
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
    TimeMs readyAtMs = 0;    // linger.ms after creation: when the accumulator lets the batch go
    bool sent = false;       // drained at least once (closed to more records)
    bool idempotent = false; // sent with a producer id and sequence numbers
    bool duplicate = false;  // the leader answered it as a batch it already had
    std::int16_t producerEpoch = -1;
    std::int32_t baseSequence = -1; // Kafka's sequence number of the first record, set at the first send
    BrokerId sentTo = noLeader;     // the broker of the attempt in flight
    friend bool operator==(const ProducerBatch&, const ProducerBatch&) = default;
};

/// TxnPartitionEntry for an idempotent producer: the sequence numbers of one partition.
struct PartitionSequence {
    std::int16_t producerEpoch = 0;     // the epoch these sequences belong to
    std::int32_t nextSequence = 0;
    std::int32_t lastAckedSequence = -1; // NO_LAST_ACKED_SEQUENCE_NUMBER
    friend bool operator==(const PartitionSequence&, const PartitionSequence&) = default;
};

/// Why ProducerConfig.postProcessAndValidateIdempotenceConfigs turned idempotence off for a producer
/// that did not ask for it (Kafka 3.2 and later, silently): the settings that conflict with it.
enum IdempotenceOff : std::uint8_t {
    IdempotenceOffAcks = 1,     // acks is not all
    IdempotenceOffRetries = 2,  // retries is 0
    IdempotenceOffInFlight = 4, // max.in.flight.requests.per.connection above 5 (3.x only; 4.0 refuses it)
};

/// A producer's settings (ProducerConfig), resolved when it is created. -1: the cluster's value,
/// which a `config` step may change.
struct ProducerSettings {
    bool idempotence = true;          // enable.idempotence as it took effect
    bool idempotenceExplicit = false; // set in the scenario: conflicting settings are errors, not a silent off
    std::uint8_t idempotenceOff = 0;  // IdempotenceOff bits: why Kafka turned idempotence off, when it did
    std::int32_t maxInFlight = 5;     // max.in.flight.requests.per.connection
    std::int64_t lingerMs = -1;
    std::int64_t retries = -1;
    std::int64_t deliveryTimeoutMs = -1;
    bool deliveryTimeoutExplicit = false; // set by the producer or cluster.config: not raised to linger + request timeout
    friend bool operator==(const ProducerSettings&, const ProducerSettings&) = default;
};

/// A batch in flight (Sender.inFlightBatches, NetworkClient's in-flight requests): its index in
/// Producer::batches, its partition, the broker it went to, which the drain counts per connection,
/// and when the client gives up on the request (the batch's requestDeadlineMs while it is in flight).
struct InFlightBatch {
    std::int64_t batch = 0;
    std::int32_t partition = 0;
    BrokerId broker = noLeader;
    TimeMs deadlineMs = -1;
    friend bool operator==(const InFlightBatch&, const InFlightBatch&) = default;
};

/// A Pending batch the drain may pick: its index in Producer::batches and its partition.
struct WaitingBatch {
    std::int64_t batch = 0;
    std::int32_t partition = 0;
    friend bool operator==(const WaitingBatch&, const WaitingBatch&) = default;
};

/// One partition's batches in the order they were created (RecordAccumulator's deque for the
/// partition): the first that was never sent and still waits, and the newest, which the next batch of
/// the partition is linked after (BatchQueues::nextOfPartition). -1: none.
struct PartitionQueue {
    std::int64_t firstUnsent = -1;
    std::int64_t last = -1;
    friend bool operator==(const PartitionQueue&, const PartitionQueue&) = default;
};

/// Where a producer's unfinished batches are, so that each operation of the sender looks at the head
/// of every partition's queue and at the requests in flight, not at every batch of the backlog (a
/// producer that outpaces its brokers has thousands open). Kafka keeps the same shape: a deque per
/// partition in RecordAccumulator, whose drain looks at each deque's first batch, and
/// Sender.inFlightBatches. It is derived from Producer::batches alone: the Sender updates it with every
/// batch it creates, sends or finishes (clients/record_accumulator.h), and rebuildBatchQueues() makes
/// it from scratch, which the invariant checker compares it with.
struct BatchQueues {
    std::vector<InFlightBatch> inFlight; // status InFlight, by batch index
    std::vector<WaitingBatch> retrying;  // Pending after a send (a retry, or no leader was known), by batch index
    std::vector<WaitingBatch> heads;     // each partition's first never-sent Pending batch, by batch index
    std::vector<PartitionQueue> partitions; // index: ClusterState::partitions
    PVector<std::int64_t> nextOfPartition;  // per batch: the next batch of its partition, -1: none yet
    // No never-sent Pending batch before this index becomes ready (readyAtMs, linger.ms) after the
    // clock: the producer's timer looks for the next linger deadline from here on. It only moves
    // forwards, lazily, so a rebuild does not reproduce it; the checker verifies what it promises.
    std::int64_t lingerFrom = 0;
    friend bool operator==(const BatchQueues&, const BatchQueues&) = default;
};

struct StickyPartition {
    std::int32_t partition = -1; // index within the topic, -1: none chosen yet
    std::int64_t bytes = 0;
    friend bool operator==(const StickyPartition&, const StickyPartition&) = default;
};

/// The state of a client's connection to one broker (NetworkClient, ClusterConnectionStates.ConnectionState).
enum class ConnectionState : std::uint8_t { Ready, Connecting, Disconnected };

/// A producer's connection to one broker, as ClusterConnectionStates.NodeConnectionState keeps it. A
/// producer starts with a ready connection to every broker: the model leaves out the first handshake, so
/// the first requests of a run go out at once. After a disconnect (a request timed out, a refused
/// connection, a reset) it may connect again reconnect.backoff.ms later, doubling with each failure in a
/// row up to reconnect.backoff.max.ms, and sends nothing to that broker until a connection is ready.
struct BrokerConnection {
    ConnectionState state = ConnectionState::Ready;
    TimeMs lastAttemptMs = -1;        // lastConnectAttemptMs: the last connect or disconnect
    TimeMs reconnectBackoffMs = 0;    // how long after lastAttemptMs a new connect may start
    std::int32_t failedAttempts = 0;  // disconnects since the connection was last ready
    TimeMs setupTimeoutMs = 0;        // Connecting: socket.connection.setup.timeout.ms, doubling up to its max
    std::int32_t failedSetups = 0;    // connects in a row that timed out (failedConnectAttempts)
    TimeMs answerMs = -1;             // Connecting: when the broker's answer (accept or refuse) arrives, -1: none
    friend bool operator==(const BrokerConnection&, const BrokerConnection&) = default;
};

struct Producer {
    std::string id;
    Acks acks = Acks::All;
    ProducerSettings settings;
    // Idempotence (TransactionManager without a transactional id): the id and epoch InitProducerId
    // gave, the sequences per partition (index: ClusterState::partitions), and a pending epoch bump.
    std::int64_t producerId = -1;
    std::int16_t producerEpoch = -1;
    bool initInFlight = false;
    BrokerId initBroker = noLeader;
    TimeMs initDeadlineMs = -1;
    TimeMs initRetryAtMs = -1; // after a failed InitProducerId: when it is sent again (retry.backoff.ms)
    bool epochBumpRequired = false;
    std::vector<std::int32_t> partitionsToRewrite; // their sequences restart at 0 in the bumped epoch
    // Partitions where a sent batch failed for good: whether the broker has its sequences is unknown
    // until every sent batch of the partition is answered (TransactionManager.partitionsWithUnresolvedSequences).
    std::vector<std::int32_t> unresolvedPartitions;
    std::vector<PartitionSequence> sequences;
    // The producer's connection to each broker (NetworkClient's ClusterConnectionStates). Index: broker id - 1.
    std::vector<BrokerConnection> connections;
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
    // The leader epoch each of `leaders` came with (Metadata.lastSeenLeaderEpochs; -1: none): an answer
    // with an older epoch for a partition is ignored.
    std::vector<std::int32_t> leaderEpochs;
    bool metadataInFlight = false;
    std::int32_t metadataBroker = 0;  // the next broker to ask, round robin
    std::int32_t metadataFailures = 0; // failed asks in a row; after one per broker, wait for the next retry
    TimeMs metadataDeadlineMs = -1;    // when an unanswered metadata request is given up (request.timeout.ms)
    std::int64_t firstOpenBatch = 0;  // batches before this index are finished (acked or failed)
    BatchQueues queues;               // the unfinished batches by partition and state (derived from batches)
    TimeMs timerMs = -1;              // the armed retry / request-timeout timer, -1: none
    friend bool operator==(const Producer&, const Producer&) = default;
};

enum class OffsetReset : std::uint8_t { Earliest, Latest, None };

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
    // onJoinPrepare ran for the rebalance under way (AbstractCoordinator.needsJoinPrepare, inverted):
    // set by the rebalance's first JoinGroup, cleared when a SyncGroup completes it or the member is reset.
    bool joinPrepared = false;
    bool requestInFlight = false; // the JoinGroup or SyncGroup in flight (one at a time)
    TimeMs requestDeadlineMs = -1; // when it is given up: request.timeout.ms (JoinGroup: rebalance timeout + 5 s)
    TimeMs sessionAckMs = 0;      // the last heartbeat answer: the client's own session.timeout.ms check
    // The poll timer (Heartbeat.resetPollTimer): when the application last polled. A member that has not
    // polled for max.poll.interval.ms leaves its group and joins again at its next poll (pollTimedOut).
    TimeMs lastPollMs = 0;
    bool pollTimedOut = false;
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

/// A real Kafka client's connection to one broker, in live mode (highwater-cli serve): a node of the
/// simulation like a producer or a consumer, whose requests arrive as LiveClientActions and whose
/// answers leave through the engine's LiveClientSink. It keeps no client state of its own: the real
/// client does that.
///
/// The clients are slots (ClusterState::liveClients), at most limits::liveClientsMax open at once: a
/// closed connection's slot goes to the next one that opens. A connection is named everywhere (actions,
/// messages, payloads, events) by its handle, incarnation * liveClientsMax + slot, so an answer still
/// on its way to a closed connection never reaches the slot's next user: the handle it carries is
/// not the slot's any more (as Message::toIncarnation does for a restarted broker).
/// What a live connection's requests have shown it to be, so far (LiveClients::request sets it).
enum class LiveClientRole : std::uint8_t {
    NoData,      // no Produce, Fetch or group membership yet: metadata, coordinators, offsets only (an admin, or a client starting)
    Producer,    // sent a Produce
    GroupMember, // sent a JoinGroup, SyncGroup or Heartbeat: its group's coordinator assigns its partitions
    SelfAssigned // fetched without being a group's member on this connection (KafkaConsumer.assign, kcat -C)
};

struct LiveClient {
    std::string id;           // the connection's peer address as serve saw it: "127.0.0.1:54321"
    BrokerId broker = 0;      // the broker it is connected to
    bool connected = true;
    std::int64_t requests = 0; // requests it sent
    std::int32_t handle = 0;   // incarnation * limits::liveClientsMax + its slot
    LiveClientRole role = LiveClientRole::NoData;
    // The group.id of its last JoinGroup, SyncGroup, Heartbeat or OffsetCommit; empty: none (at most
    // limits::stringBytesMax bytes, as every live group request's).
    std::string group;
    // The last partition it produced to and the last it fetched (index into ClusterState::partitions;
    // -1: none). One each keeps the state bounded; the topic is the partition's.
    std::int32_t producedPartition = -1;
    std::int32_t fetchedPartition = -1;
    friend bool operator==(const LiveClient&, const LiveClient&) = default;
};

std::string_view sendStatusName(SendStatus status);
/// "no-data", "producer", "group-member" or "self-assigned" (frames' live_clients).
std::string_view liveClientRoleName(LiveClientRole role);

} // namespace hw
