// SPDX-License-Identifier: MIT
#pragma once

#include "log/replica_log.h"
#include "model/client_state.h"
#include "model/config.h"
#include "model/event.h"
#include "model/group_state.h"
#include "model/ids.h"
#include "model/messages.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

/// The inputs of a run: what a cluster starts from (ClusterSpec) and the user actions applied to it,
/// each at the current simulated time. A scenario file is a ClusterSpec and a list of actions.
namespace hw {

/// How a topic without an explicit assignment gets its replicas.
enum class PlacementKind : std::uint8_t {
    Striped,     // KRaft's StripedReplicaPlacer (every modelled version), rack-aware
    // AdminUtils.assignReplicasToBrokersRackUnaware (server-common/.../admin/AdminUtils.java at 3.7.0
    // to 4.0.0, gone in 4.1.0; ZooKeeper mode's placement): kept so that older lessons keep their layout.
    RackUnaware,
};

/// A placement's name in scenario files and frames: "striped" or "rack-unaware".
constexpr std::string_view placementName(PlacementKind kind)
{
    return kind == PlacementKind::RackUnaware ? "rack-unaware" : "striped";
}

/// What a cluster starts from: brokers, configuration, topics with their assignment, producers.
struct TopicSpec {
    std::string name;
    int partitions = 1;
    int replicationFactor = 1;
    std::vector<std::vector<BrokerId>> assignment; // empty: computed by `placement`
    PlacementKind placement = PlacementKind::Striped; // used only without an assignment
    TopicConfig config; // retention.ms, retention.bytes, segment.bytes, segment.ms
};

struct ProducerSpec {
    std::string id;
    std::optional<Acks> acks{}; // none: the cluster's acks
    std::int64_t ratePerSecond = 0; // > 0: produce on its own, one record every 1000 / rate ms
    int rateTopic = 0;
    std::vector<std::string> keys{}; // keys to cycle through for the steady stream (none: null keys)
    // Settings the producer gives itself (none: the cluster's), as a ProducerConfig would.
    std::optional<bool> enableIdempotence{};
    std::optional<std::int64_t> maxInFlight{};
    std::optional<std::int64_t> lingerMs{};
    std::optional<std::int64_t> retries{};
    std::optional<std::int64_t> deliveryTimeoutMs{};
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
    // broker.rack of brokers 1..N: empty, or one entry per broker (none: that broker has no rack).
    std::vector<std::optional<std::string>> racks;
    ClusterConfig config;
    // cluster.config named these producer defaults, even at their default value: then a conflicting
    // producer setting is an error (enable.idempotence), and delivery.timeout.ms is not raised to
    // linger.ms + request.timeout.ms.
    bool idempotenceSet = false;
    bool deliveryTimeoutSet = false;
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

/// A broker fault or repair. Kill: the process crashes (stops handling and heartbeating; its host's
/// kernel resets its connections, so every peer sees the disconnect at once). PowerOff: the host goes
/// down with it (silent: peers wait for their timeouts). Restart: back with its log, minus
/// `loseUnflushed` records from the tail of each log (page cache lost in a power failure). Shutdown:
/// controlled; the controller moves its leaderships first. Isolate / Heal: alive but cut off from
/// every other node, and back.
struct BrokerAction {
    enum class Kind : std::uint8_t { Kill, Restart, Shutdown, Isolate, Heal, PowerOff } kind = Kind::Kill;
    BrokerId broker = 0;
    std::int64_t loseUnflushed = 0;
    // Isolate: false for a cut that loses what it swallows for good, which no TCP connection does (a
    // teaching device for one lost request among several in flight); true, the default, for TCP's
    // retransmission after the heal (sim/network.h).
    bool retransmit = true;
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

/// Ask the controller for an unclean election of a leaderless partition: the ElectLeaders API with
/// ElectionType.UNCLEAN (kafka-leader-election.sh --election-type unclean), which works whatever
/// unclean.leader.election.enable says, in every version.
struct ElectUncleanAction {
    std::int32_t partition = 0;
    friend bool operator==(const ElectUncleanAction&, const ElectUncleanAction&) = default;
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

/// A live client's produce to one partition: one RecordBatch of a Produce request, its records
/// decoded (the wire codec did that), with the batch header's producer id, epoch and base sequence.
struct LiveProduce {
    std::int32_t partition = 0; // index into ClusterState::partitions
    Acks acks = Acks::All;
    TimeMs timeoutMs = 30000;
    std::int64_t producerId = -1;
    std::int16_t producerEpoch = -1;
    std::int32_t baseSequence = -1;
    std::vector<LiveRecord> records;
    friend bool operator==(const LiveProduce&, const LiveProduce&) = default;
};

/// A live client's fetch of one partition (a Fetch request's partition), read below the HW.
struct LiveFetch {
    std::int32_t partition = 0;
    Offset fetchOffset = 0;
    std::int32_t maxRecords = 0;
    TimeMs maxWaitMs = 0;
    friend bool operator==(const LiveFetch&, const LiveFetch&) = default;
};

/// A live client's ListOffsets for one partition: -2 earliest, -1 latest, else a timestamp.
struct LiveListOffsets {
    std::int32_t partition = 0;
    std::int64_t timestamp = -1;
    friend bool operator==(const LiveListOffsets&, const LiveListOffsets&) = default;
};

/// A live client's Metadata request. `autoCreate`: the topics it named when it allowed auto-creation
/// (MetadataRequest.json allow_auto_topic_creation; versions 0-3 always allow it); the broker creates
/// those its metadata lacks if auto.create.topics.enable is on. Empty for "all topics" or no creation.
struct LiveMetadata {
    std::vector<std::string> autoCreate;
    friend bool operator==(const LiveMetadata&, const LiveMetadata&) = default;
};

/// A live client's CreateTopics request (versions 2-7): its topics as sent, and validate_only.
struct LiveCreateTopics {
    std::vector<CreatableTopic> topics;
    bool validateOnly = false;
    friend bool operator==(const LiveCreateTopics&, const LiveCreateTopics&) = default;
};

struct LiveInitProducerId {
    friend bool operator==(const LiveInitProducerId&, const LiveInitProducerId&) = default;
};

/// A live client's FindCoordinator for a group (key type 0).
struct LiveFindCoordinator {
    std::string groupId;
    friend bool operator==(const LiveFindCoordinator&, const LiveFindCoordinator&) = default;
};

/// A live client's JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit or OffsetFetch, decoded:
/// the coordinator's request with the fields only a real member sends (request.live).
struct LiveGroup {
    GroupRequest request;
    friend bool operator==(const LiveGroup&, const LiveGroup&) = default;
};

using LiveRequest = std::variant<LiveProduce, LiveFetch, LiveListOffsets, LiveMetadata, LiveInitProducerId,
                                 LiveFindCoordinator, LiveGroup, LiveCreateTopics>;

/// A real client (live mode): a connection opens to a broker, closes, or sends one request. One Kafka
/// request may become several: a Produce or Fetch request becomes one per partition (and batch), applied
/// one after the other at the same time. A broker handles one request of a connection at a time and
/// answers in order (SocketServer mutes a channel while its request is processed), so the server knows
/// which request each answer belongs to.
struct LiveClientAction {
    enum class Kind : std::uint8_t { Connect, Disconnect, Request } kind = Kind::Request;
    TimeMs atMs = -1;        // when it arrived (the clock moves there first); -1: now
    std::int32_t client = 0; // Connect: ignored, the new client is appended
    std::string id;          // Connect: the client's name
    BrokerId broker = 0;     // Connect: the broker it connects to
    LiveRequest request{};
    friend bool operator==(const LiveClientAction&, const LiveClientAction&) = default;
};

/// A create_topic step: the controller creates a topic now (ReplicationControlManager.createTopics, as an
/// admin's CreateTopics reaches it), with the request's defaults and checks.
struct CreateTopicAction {
    CreatableTopic topic;
    bool validateOnly = false;
    friend bool operator==(const CreateTopicAction&, const CreateTopicAction&) = default;
};

using Action = std::variant<ProduceAction, FetchAction, AdvanceAction, SlowAction, ConfigAction, BrokerAction,
                            KillLeaderAction, ElectPreferredAction, ElectUncleanAction, ConsumerAction,
                            LiveClientAction, CreateTopicAction>;

/// Either the event an action caused (one frame) or why it could not be applied (no frame).
struct ApplyResult {
    std::optional<Event> event;
    std::string error;
    bool ok() const { return error.empty(); }
};

} // namespace hw
