// SPDX-License-Identifier: MIT
#pragma once

#include "event.h"
#include "state.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hw {

/// What a cluster starts from: brokers, configuration, topics with their assignment, producers.
struct TopicSpec {
    std::string name;
    int partitions = 1;
    int replicationFactor = 1;
    std::vector<std::vector<BrokerId>> assignment; // empty: computed like Kafka's rack-unaware assignment
};

struct ProducerSpec {
    std::string id;
    Acks acks = Acks::All;
    std::int64_t ratePerSecond = 0; // > 0: produce on its own, one record every 1000 / rate ms
    int rateTopic = 0;
    std::vector<std::string> keys{}; // keys to cycle through for the steady stream (none: null keys)
};

struct ConsumerSpec {
    std::string id;
    std::string group;             // empty: no group, reads manualPartitions
    std::vector<int> topics;       // subscription, topic indices
    std::vector<std::int32_t> manualPartitions; // flat partition indices
    AssignorKind assignor = AssignorKind::Range;
    OffsetReset reset = OffsetReset::Latest;
    bool autoCommit = true;
    bool autoPoll = true;
    std::int32_t maxPollRecords = 500;
    TimeMs pollIntervalMs = 0;
    bool start = true;
    friend bool operator==(const ConsumerSpec&, const ConsumerSpec&) = default;
};

struct ClusterSpec {
    std::string name;
    std::uint64_t seed = 1;
    int brokers = 3;
    ClusterConfig config;
    std::vector<TopicSpec> topics;
    std::vector<ProducerSpec> producers;
    std::vector<ConsumerSpec> consumers;
};

// User actions: the inputs of a run. Each is applied at the current simulated time.

struct ProduceAction {
    std::int32_t producer = 0;
    std::int32_t topic = 0;
    std::int32_t partition = -1; // within the topic; -1: the partitioner chooses
    std::optional<std::string> key;
    std::vector<std::string> values;
    std::optional<Acks> acks; // default: the producer's
    friend bool operator==(const ProduceAction&, const ProduceAction&) = default;
};

struct FetchAction {
    std::int32_t partition = 0; // index into ClusterState::partitions
    BrokerId follower = 0;
    std::int32_t maxRecords = 0; // 0: replica.fetch.max.records
    friend bool operator==(const FetchAction&, const FetchAction&) = default;
};

struct AdvanceAction {
    TimeMs toMs = 0; // the clock moves here; no queued event may be earlier
    friend bool operator==(const AdvanceAction&, const AdvanceAction&) = default;
};

struct SlowAction {
    BrokerId broker = 0;
    TimeMs latencyMs = 0; // 0 restores network.latency.ms
    friend bool operator==(const SlowAction&, const SlowAction&) = default;
};

struct ConfigAction {
    std::string key;
    ConfigValue value;
    friend bool operator==(const ConfigAction&, const ConfigAction&) = default;
};

/// A broker fault or repair. Kill: crash (stops handling and heartbeating). Restart: back with its
/// log, minus `loseUnflushed` records from the tail of each log (page cache lost in a power failure).
/// Shutdown: controlled; the controller moves its leaderships first. Isolate / Heal: alive but cut
/// off from every other node, and back.
struct BrokerAction {
    enum class Kind : std::uint8_t { Kill, Restart, Shutdown, Isolate, Heal } kind = Kind::Kill;
    BrokerId broker = 0;
    std::int64_t loseUnflushed = 0;
    friend bool operator==(const BrokerAction&, const BrokerAction&) = default;
};

/// Kill whichever broker leads the partition now.
struct KillLeaderAction {
    std::int32_t partition = 0; // index into ClusterState::partitions
    friend bool operator==(const KillLeaderAction&, const KillLeaderAction&) = default;
};

/// Ask the controller to move leadership back to the first replica of the assignment.
struct ElectPreferredAction {
    std::int32_t partition = 0;
    friend bool operator==(const ElectPreferredAction&, const ElectPreferredAction&) = default;
};

/// A consumer's part: join its group (or start reading), leave it, crash (stop without leaving),
/// poll (fetch up to maxRecords from its partitions), commit its positions, or seek. Add creates a
/// new consumer from `spec` at run time (index: the number of consumers before it) and starts it.
struct ConsumerAction {
    enum class Kind : std::uint8_t { Join, Leave, Crash, Poll, Commit, Seek, Add } kind = Kind::Join;
    std::int32_t consumer = 0;    // Add: ignored, the new consumer is appended
    std::int32_t maxRecords = 0;  // Poll; 0: max.poll.records
    std::int32_t partition = -1;  // Seek: flat index
    Offset offset = 0;            // Seek
    ConsumerSpec spec{};          // Add: the consumer, as a scenario's "consumers" entry declares it
    friend bool operator==(const ConsumerAction&, const ConsumerAction&) = default;
};

using Action = std::variant<ProduceAction, FetchAction, AdvanceAction, SlowAction, ConfigAction, BrokerAction,
                            KillLeaderAction, ElectPreferredAction, ConsumerAction>;

/// Either the event an action caused (one frame) or why it could not be applied (no frame).
struct ApplyResult {
    std::optional<Event> event;
    std::string error;
    bool ok() const { return error.empty(); }
};

/// The rules: a ClusterState and the functions that move it forward. Deterministic: the same state
/// and the same inputs give the same events and the same next state.
/// Where a fetch answer goes: the follower broker or the consumer that asked.
NodeRef fetcherNode(const FetchRequest& request);

class Engine {
public:
    explicit Engine(ClusterState state) : m_state(std::move(state)) {}

    /// Builds the state at time 0 from a spec. Throws std::invalid_argument on an impossible spec
    /// (the scenario reader checks everything first and reports it with a JSON path).
    static ClusterState createCluster(const ClusterSpec& spec);

    const ClusterState& state() const { return m_state; }

    ApplyResult apply(const Action& action);

    /// Handles the earliest queued message or timer. Returns the event when state visible in a frame
    /// changed, nullopt when the handled item changed nothing but the queue and clock.
    std::optional<Event> step();

    bool hasQueuedEvents() const { return !m_state.queue.empty(); }
    TimeMs nextEventTimeMs() const;

private:
    // Queue and network.
    void schedule(TimeMs atMs, std::variant<Message, Timer> what);
    /// Schedules the timer at atMs unless the one already armed (armedMs, -1 for none) fires no
    /// later: one armed timer per producer, consumer or group keeps snapshots small.
    void armEarliest(TimeMs& armedMs, TimeMs atMs, const Timer& timer);
    void send(NodeRef from, NodeRef to, MessageBody body);
    void sendConnectionError(NodeRef from, NodeRef to, MessageBody body);
    TimeMs linkLatencyMs(NodeRef a, NodeRef b) const;
    TimeMs nodeLatencyMs(NodeRef node) const;
    bool canDeliver(const Message& message) const;

    // Dispatch.
    std::optional<Event> deliver(const Message& message);
    std::optional<Event> fire(const Timer& timer);

    // Producer side.
    ApplyResult produce(const ProduceAction& action);
    std::optional<Event> handleProduceResponse(const Message& message, const ProduceResponse& response);

    // Leader side.
    std::optional<Event> handleProduceRequest(const Message& message, const ProduceRequest& request);
    std::optional<Event> handleFetchRequest(const Message& message, const FetchRequest& request);
    std::optional<Event> handleAlterPartitionResponse(const Message& message, const AlterPartitionResponse& response);
    std::optional<Event> isrExpiration(BrokerId broker);
    std::optional<Event> fetchWaitExpired(BrokerId broker, std::int32_t partition);
    std::optional<Event> produceTimeout(BrokerId broker, std::int32_t partition);

    // Follower side.
    ApplyResult startFetch(std::int32_t partition, BrokerId follower, std::int32_t maxRecords);
    void sendFetch(std::int32_t partition, Replica& follower, std::int32_t maxRecords);
    std::optional<Event> handleFetchResponse(const Message& message, const FetchResponse& response);

    // Controller side.
    std::optional<Event> handleAlterPartitionRequest(const Message& message, const AlterPartitionRequest& request);
    std::optional<Event> handleHeartbeat(const Message& message, const BrokerHeartbeatRequest& request);
    std::optional<Event> sessionCheck(BrokerId broker);
    void armSessionTimer(BrokerId broker);
    /// Applies a new leader and ISR to a partition's registration, bumping the epochs, and publishes it.
    void changePartition(std::int32_t partition, BrokerId leader, std::vector<BrokerId> isr);
    /// Removes a broker from every ISR and moves its leaderships (KRaft fencing / controlled shutdown).
    /// Returns the partitions changed; the first one and its outcome go into the event.
    int removeBrokerFromPartitions(BrokerId broker, Event& event);
    /// Gives leaderless partitions a leader where one can be had now. Returns how many got one.
    int electOfflineLeaders(Event& event);
    /// The controller's choice of leader among the ISR (PartitionChangeBuilder), or noLeader.
    BrokerId electFromIsr(const PartitionRegistration& reg, const std::vector<BrokerId>& isr) const;
    bool isUnfenced(BrokerId broker) const;
    void publish(std::int32_t partition, BrokerId onlyTo = noLeader);

    // Broker lifecycle.
    ApplyResult brokerAction(const BrokerAction& action);
    ApplyResult electPreferred(std::int32_t partition);
    std::optional<Event> handlePartitionChange(const Message& message, const PartitionChange& change);
    std::optional<Event> handleHeartbeatResponse(const Message& message, const BrokerHeartbeatResponse& response);
    void becomeLeader(std::int32_t partition, Replica& replica, const PartitionRegistration& reg);
    void stopLeading(std::int32_t partition, Replica& replica);
    Offset truncateForLegacyRestart(Replica& replica);
    void truncateLog(Replica& replica, Offset offset);
    std::optional<Event> fetchTimeout(BrokerId broker, std::int32_t partition);
    std::optional<Event> bounce(const Message& message);

    // Producer retries and metadata.
    std::optional<Event> handleMetadataRequest(const Message& message, const MetadataRequest& request);
    std::optional<Event> handleMetadataResponse(const Message& message, const MetadataResponse& response);
    std::optional<Event> producerTimer(std::int32_t producer);
    void sendBatch(std::int32_t producer, std::int64_t batchIndex, ProducerBatch& batch);
    void requestMetadata(std::int32_t producer);
    void armProducerTimer(std::int32_t producer, TimeMs atMs);
    void rearmProducerTimer(std::int32_t producer);
    bool isRetriable(ErrorCode error) const;
    std::optional<Event> producerTick(std::int32_t producer);

    // Consumers (consumer_engine.cpp).
    ApplyResult consumerAction(const ConsumerAction& action);
    ApplyResult addConsumer(const ConsumerSpec& spec);
    static Consumer makeConsumer(const ConsumerSpec& spec, const ClusterState& state);
    std::int32_t findOrCreateGroup(const std::string& groupId);
    void startConsumer(std::int32_t consumer);
    void findCoordinator(std::int32_t consumer);
    void markCoordinatorUnknown(std::int32_t consumer);
    /// Asks for a metadata refresh; it is sent when none is in flight and the backoff has passed.
    void refreshConsumerMetadata(std::int32_t consumer);
    void sendConsumerMetadata(std::int32_t consumer);
    TimeMs consumerBackoffMs(std::int32_t failures) const;
    void sendGroupRequest(std::int32_t consumer, GroupRequest request);
    void sendJoin(std::int32_t consumer);
    void loseMembership(std::int32_t consumer);
    void revokeAll(std::int32_t consumer);
    void commitOwned(std::int32_t consumer, bool onlyIfAuto);
    void assignPartitionsTo(std::int32_t consumer, const std::vector<std::int32_t>& partitions);
    void lookUpPositions(std::int32_t consumer);
    void resetPosition(std::int32_t consumer, OwnedPartition& owned);
    void fetchForConsumer(std::int32_t consumer);
    std::optional<Event> handleFindCoordinatorRequest(const Message& message, const FindCoordinatorRequest& request);
    std::optional<Event> handleFindCoordinatorResponse(const Message& message, const FindCoordinatorResponse& response);
    std::optional<Event> handleGroupRequest(const Message& message, const GroupRequest& request);
    std::optional<Event> handleGroupResponse(const Message& message, const GroupResponse& response);
    std::optional<Event> handleListOffsetsRequest(const Message& message, const ListOffsetsRequest& request);
    std::optional<Event> handleListOffsetsResponse(const Message& message, const ListOffsetsResponse& response);
    std::optional<Event> handleConsumerFetch(const Message& message, const FetchRequest& request);
    std::optional<Event> handleConsumerFetchResponse(const Message& message, const FetchResponse& response);
    std::optional<Event> consumerHeartbeat(std::int32_t consumer);
    std::optional<Event> consumerAutoCommit(std::int32_t consumer);
    std::optional<Event> consumerPoll(std::int32_t consumer, std::int32_t epoch);
    std::optional<Event> consumerTimer(std::int32_t consumer);
    void armConsumerTimer(std::int32_t consumer, TimeMs atMs);
    void rearmConsumerTimer(std::int32_t consumer);
    std::optional<Event> groupTimer(std::int32_t group);
    void armGroupTimer(std::int32_t group, TimeMs atMs);
    void rearmGroupTimer(std::int32_t group);
    /// The answers owed go out from `coordinator`: the broker handling the request that started or
    /// completed the phase (or, on the group's timer, the leader of its __consumer_offsets partition).
    void beginRebalance(std::int32_t group, BrokerId coordinator);
    void maybeCompleteJoin(std::int32_t group, BrokerId coordinator, bool deadlinePassed, Event& event);
    void removeMember(std::int32_t group, std::size_t member);
    bool isCoordinatorFor(BrokerId broker, const Group& group) const;
    void refreshOffsetsPartitions();
    void loadGroups(std::int32_t offsetsPartition);
    int completeConsumerFetches(std::int32_t partition, Replica& leader);

    // Leader rules (section 1 and 2 of kafka-semantics.md).
    Replica* replicaOn(std::int32_t partition, BrokerId broker);
    Replica* leaderReplica(std::int32_t partition);
    FollowerView* viewOf(Replica& leader, BrokerId follower);
    bool isCaughtUp(const Replica& leader, const FollowerView& view) const;
    bool isIsrEligible(BrokerId broker) const;
    std::vector<BrokerId> maximalIsr(const Replica& leader) const;
    void armPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica, TimeMs deadlineMs);
    void rearmPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica);
    bool maybeIncrementHw(std::int32_t partition, Replica& leader);
    bool maybeExpandIsr(std::int32_t partition, Replica& leader, const FollowerView& view);
    int completeDelayedProduces(std::int32_t partition, Replica& leader);
    void respondToFetch(std::int32_t partition, Replica& leader, const FetchRequest& request, Offset responseHw);
    int completeParkedFetches(std::int32_t partition, Replica& leader);
    void sendAlterPartition(std::int32_t partition, Replica& leader, std::vector<BrokerId> newIsr);

    ClusterState m_state;
};

} // namespace hw
