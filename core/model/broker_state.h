// SPDX-License-Identifier: MIT
#pragma once

#include "log/producer_state.h"
#include "log/replica_log.h"
#include "model/boxed.h"
#include "model/config.h"
#include "model/controller_state.h"
#include "model/messages.h"
#include "model/observed.h"

#include <optional>
#include <string>
#include <vector>

/// What each broker keeps (its part of ClusterState): topics and partitions, each replica's log, HW and
/// epoch cache, the leader's view of its followers and its purgatories, and the broker's own metadata.
namespace hw {

/// The leader's picture of one follower (Replica.scala's ReplicaState).
struct FollowerView {
    BrokerId broker = 0;
    Offset leo = -1; // fetch offset of the follower's latest fetch; -1 = unknown
    TimeMs lastCaughtUpMs = 0;
    TimeMs lastFetchMs = 0;
    Offset lastFetchLeaderLeo = -1;
    friend bool operator==(const FollowerView&, const FollowerView&) = default;
};

/// An acks=all produce waiting in the leader's purgatory for the high watermark.
struct DelayedProduce {
    std::int32_t producer = 0;
    std::int64_t batch = 0;
    std::int32_t attempt = 0;
    Offset baseOffset = 0;
    Offset requiredOffset = 0; // last offset + 1
    TimeMs deadlineMs = 0;
    bool duplicate = false; // a batch the leader had already: the answer says so
    bool live = false;      // `producer` is a live client's index
    NodeRef requester() const { return live ? NodeRef::liveClient(producer) : NodeRef::producer(producer); }
    friend bool operator==(const DelayedProduce&, const DelayedProduce&) = default;
};

/// An empty follower fetch the leader holds until data arrives or replica.fetch.wait.max.ms passes.
struct ParkedFetch {
    FetchRequest request;
    TimeMs deadlineMs = 0;
    friend bool operator==(const ParkedFetch&, const ParkedFetch&) = default;
};

/// Why records were cut off a replica's log.
enum class TruncationReason : std::uint8_t {
    LeaderEpoch,     // a follower cut back to where the leader's epoch ends (KIP-101/KIP-279), after a clean election
    UncleanElection, // the same, after the partition had an unclean election: acknowledged records can go
    HighWatermark,   // truncation: high-watermark, to the follower's own HW or the leader's end (before Kafka 0.11)
    Unflushed,       // a crashed broker lost the tail still in its page cache
};

/// A record a truncation removed from a replica's log, kept so that the views can draw it as a ghost
/// cell where it was. The model keeps this; Kafka does not (its log simply forgets the record).
struct TruncatedRecord {
    Offset offset = 0;
    Record record;
    TruncationReason reason = TruncationReason::LeaderEpoch;
    friend bool operator==(const TruncatedRecord&, const TruncatedRecord&) = default;
};

/// How many removed records each replica keeps for the views (the most recent ones): enough for every
/// built-in scenario, small enough that a replica copied into every timeline snapshot stays small.
inline constexpr std::size_t truncatedRecordsMax = 16;

/// One replica of a partition, on one broker: its log and high watermark, what its broker knows of
/// the partition, and the leader-only state that is meaningful while it leads.
struct Replica {
    BrokerId broker = 0;
    ReplicaLog log;
    Offset hw = 0;
    std::vector<EpochEntry> epochCache;
    // The last records truncations removed, oldest first, at most truncatedRecordsMax (not in Kafka:
    // for the views' ghost cells).
    std::vector<TruncatedRecord> truncated;

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
    // The producer table (ProducerStateManager), kept by leader and followers alike.
    ProducerStates producerStates;
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

struct Partition {
    std::int32_t topic = 0;
    std::int32_t index = 0;
    PartitionRegistration registration;
    std::int32_t uncleanElections = 0; // how often an out-of-sync replica was made leader (last known leader too)
    // How often a new leader was elected cleanly (from the ISR, or the ELR when the ISR is empty) after
    // the partition was created: what the lost list names when no unclean election or truncation to
    // the HW explains a loss (a new leader that was in sync yet lacked the record).
    std::int32_t cleanElections = 0;
    bool lastUncleanWasLastKnownLeader = false; // the latest of them elected the last known leader
    std::int64_t unflushedLost = 0;    // records replicas lost from unflushed log tails on restarts
    std::int32_t legacyTruncations = 0; // truncations to a follower's own HW (truncation: high-watermark)
    std::vector<Replica> replicas; // in assignment order
    // An observed partition (issue 29, model/observed_state.h): what the poll showed, in real node ids,
    // and its health. Empty in a simulated state. Its replicas' logs hold offsets only: no records.
    Boxed<ObservedPartitionState> observed;
    friend bool operator==(const Partition&, const Partition&) = default;
};

struct Topic {
    std::string name;
    std::int32_t firstPartition = 0; // index of partition 0 in ClusterState::partitions
    std::int32_t partitionCount = 0;
    std::int32_t replicationFactor = 0;
    TopicConfig config; // retention and segments (LogConfig)
    friend bool operator==(const Topic&, const Topic&) = default;
};

struct Broker {
    BrokerId id = 0;
    // The broker's metadata image: the leader and leader epoch it believes each partition has.
    std::vector<BrokerId> knownLeaders;
    std::vector<std::int32_t> knownLeaderEpochs; // -1: not known (a restarted broker before its metadata)
    std::vector<BrokerId> knownCoordinators; // the leader of each __consumer_offsets partition
    bool alive = true;
    bool isolated = false;
    bool cutLoses = false; // isolated by a cut that does not retransmit (BrokerAction::retransmit)
    bool poweredOff = false;   // down with its host (power_off): nothing answers for it, not even a refusal
    bool shuttingDown = false; // a controlled shutdown was requested and is in progress
    bool registered = true;    // false after a restart until the controller has answered a heartbeat
    std::int32_t incarnation = 0; // counts restarts
    /// BrokerLifecycleManager's states while it starts: Starting until the controller says it caught
    /// up with the metadata, Recovery until it is unfenced, then Running.
    enum class Startup : std::uint8_t { Running, Starting, Recovery } startup = Startup::Running;
    std::int64_t metadataOffset = 0;      // the metadata log offset it has applied
    std::int64_t brokerEpoch = 0;         // from its registration
    std::int64_t cleanShutdownEpoch = -1; // the clean-shutdown file: its epoch after a controlled shutdown
    std::int64_t previousBrokerEpoch = -1; // read from that file at start, sent with each registration
    std::int32_t registrationFailures = 0; // refused registrations in a row (the retry backoff)
    // The block of producer ids the controller gave this broker (ProducerIdManager): the next id to hand
    // out and the end of the block; next == end: none left, the next InitProducerId takes a new block.
    std::int64_t producerIdNext = 0;
    std::int64_t producerIdBlockEnd = 0;
    bool startupHeartbeatPending = false;  // a StartupHeartbeat timer is armed
    TimeMs latencyMs = -1; // -1: network.latency.ms
    // broker.rack (cluster.racks), fixed for the run; none: no rack. Kafka's broker sends it in its
    // registration and the striped placer reads it there (ClusterControlManager.usableBrokers).
    std::optional<std::string> rack;
    friend bool operator==(const Broker&, const Broker&) = default;
};

} // namespace hw
