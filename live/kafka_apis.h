// SPDX-License-Identifier: MIT
#pragma once

#include "broker/client_quota.h"
#include "model/cluster_state.h"
#include "model/inputs.h"
#include "model/messages.h"
#include "wire/protocol.h"
#include "wire/protocol_observe.h"
#include "wire/record_batch.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

/// The live server's request handler: what KafkaApis.scala is to a Kafka broker, minus the work,
/// which the simulation does. It turns one decoded Kafka request of a real client into the engine
/// actions (LiveClientAction) the simulated broker answers, and the engine's answers back into one
/// Kafka response. It follows core/src/main/scala/kafka/server/KafkaApis.scala at 3.7.0
/// (handleProduceRequest, handleFetchRequest, handleListOffsetRequest, handleTopicMetadataRequest,
/// handleInitProducerIdRequest, handleApiVersionsRequest, handleCreateTopicsRequest) for what is answered
/// without the log:
/// unknown topics and partitions, bad acks, batches that do not validate, the metadata layout.
/// No sockets here: the SocketServer (kafka_server.h) owns them, so this is tested alone.
namespace hw::live {

/// Named limits of the live server (Kafka's counterparts in brackets).
namespace limits {
inline constexpr int requestsInFlightPerConnection = 1; // [SocketServer mutes a channel per request]
inline constexpr std::int32_t fetchRecordsPerPartitionMax = 10000; // records one fetch reads per partition
// What `serve` gives a topic whose scenario sets no retention key, and every client.id's produce quota
// (Kafka: 1 GiB segments, 7 days, unlimited retention.bytes, no quota). A class's log must visibly
// roll and delete in a lesson, and one flooding student must not fill the server:
// - segment.bytes 1 MiB: the smallest segment Kafka 4.x accepts (LogConfig: atLeast(1024 * 1024)), a
//   few seconds of a class's 2,000 records/s of short lines, so segments roll while students watch;
// - retention.bytes 16 MiB per partition: 16 segments, minutes of a busy partition;
// - retention.ms 30 minutes: the last half hour of a 90-minute class stays readable;
// - log.retention.check.interval.ms 30 s (Kafka: 5 minutes), so deletion follows within a minute;
// - 256 KiB/s per client.id: a student's producer typing or looping at 100 records/s of 100 bytes
//   sends ~10 KiB/s, 25 times less; a flood is held to 256 KiB/s (0.9 GiB of requests an hour), where
//   the flood sent 322,000 records/s (tens of MiB/s).
inline constexpr std::int64_t serveSegmentBytes = std::int64_t{1} << 20;
inline constexpr std::int64_t serveRetentionBytes = std::int64_t{16} << 20;
inline constexpr std::int64_t serveRetentionMs = 30 * 60 * 1000;
inline constexpr std::int64_t serveRetentionCheckIntervalMs = 30000;
inline constexpr std::int64_t serveProduceQuotaBytesPerSecond = 256 * 1024;
inline constexpr std::int64_t produceQuotaBytesPerSecondMax = std::int64_t{1} << 40;
} // namespace limits

/// What one request becomes.
struct HandledRequest {
    std::vector<LiveClientAction> actions; // applied in order at the arrival time (atMs, client set by the caller)
    std::optional<wire::Bytes> response;   // the whole response now (nothing for the engine to answer)
    bool awaitsEngine = false;             // the response comes from answer() once the engine answered
    bool closeConnection = false;          // acks=0 with an error: Kafka closes the connection
    std::string summary;                   // for the server's log ("orders-0: 12 records")
    std::optional<wire::Compression> codec; // Produce: the compression of its (last) decoded batch
    // KIP-219: how long the server must not read this connection's next request after the response
    // (or, for acks=0, after the request): the produce quota's throttle_time_ms. 0: no throttle.
    std::int32_t throttleMs = 0;
};

class KafkaApis {
public:
    /// Clients reach broker b at host:basePort + b (the Metadata response advertises that).
    KafkaApis(std::string advertisedHost, int basePort);

    /// One decoded request of `client` (an engine live client index) to `broker`. `requestBytes` is the
    /// request's size on the wire (what the produce quota counts, RequestChannel.Request.sizeInBytes).
    HandledRequest handle(std::int32_t client, const wire::RequestFrame& frame, const ClusterState& state,
                          std::size_t requestBytes = 0);

    /// A request of a version only observerApis() lists, on a connection whose ApiVersions named the observer
    /// (isObserver): answered at once from the state, with no engine action (kafka_apis_observe.cpp).
    HandledRequest handleObserver(std::int32_t client, const wire::ObserverRequestFrame& frame,
                                  const ClusterState& state) const;
    /// Whether `client`'s ApiVersions v3 named the observer's software (wire::observerSoftwareName): its
    /// connection may send the versions of wire::observerApis() (parseObserverRequest).
    bool isObserver(std::int32_t client) const { return m_observers.contains(client); }

    /// The default produce quota per client.id in bytes per second (producer_byte_rate); 0: none.
    void setProduceQuota(std::int64_t bytesPerSecond) { m_produceQuotas = ClientQuotas(bytesPerSecond); }
    /// The throttle of the response answer() returned last for `client` (0: none), taken once.
    std::int32_t takeThrottleMs(std::int32_t client);

    /// Tells which engine request number (LiveClient::requests after it was applied) the action at
    /// `actionIndex` of the last handle() for `client` got, so answers are matched to their part.
    void bind(std::int32_t client, std::size_t actionIndex, std::int64_t requestNumber);

    /// An engine answer delivered to `client`: the response frame once it completes the request.
    /// Answers to requests no longer waited for (a long poll answered after its response went) are
    /// dropped. `closeConnection` is set when the broker could not answer (NETWORK_EXCEPTION).
    std::optional<wire::Bytes> answer(std::int32_t client, const Message& message, const ClusterState& state,
                                      bool& closeConnection);

    /// The client's connection closed: forget what it waited for.
    void forget(std::int32_t client)
    {
        m_pending.erase(client);
        m_throttles.erase(client);
        m_observers.erase(client);
    }

private:
    struct Part {
        std::size_t topic = 0;     // index into the response's topics
        std::size_t partition = 0; // index into that topic's partitions
        std::int32_t flatPartition = 0;
        std::int64_t requestNumber = -1;
        std::int32_t maxBytes = 0; // Fetch: partition_max_bytes
        bool done = false;
    };
    struct Pending {
        wire::RequestHeader header;
        wire::Response response;
        std::vector<Part> parts;
        std::size_t remaining = 0;
        BrokerId broker = 0;
        bool answerNow = false; // Fetch: a part has data or an error, so the response goes now
        bool allTopics = false; // Metadata: every topic (the request named none, or null)
        std::int64_t produceBytes = -1; // Produce: the request's size, recorded by the quota when it is answered
        bool allPartitions = false; // OffsetFetch: every committed offset (null topics)
        wire::CreateTopicsRequest createTopics; // CreateTopics: the request, for its configs' sources
    };

    HandledRequest handleMetadata(Pending& p, const wire::MetadataRequest& request, const ClusterState& state);
    HandledRequest handleProduce(Pending& p, const wire::ProduceRequest& request, const ClusterState& state);
    HandledRequest handleFetch(Pending& p, const wire::FetchRequest& request, const ClusterState& state);
    HandledRequest handleListOffsets(Pending& p, const wire::ListOffsetsRequest& request, const ClusterState& state);
    HandledRequest handleCreateTopics(Pending& p, const wire::CreateTopicsRequest& request);
    wire::Bytes finish(std::int32_t client, TimeMs nowMs);
    /// KafkaApis.handleProduceRequest's sendResponseCallback: the request's bytes go to the client's
    /// produce quota as it is answered, and the response carries the throttle time.
    std::int32_t throttleProduce(Pending& p, TimeMs nowMs);

    // The classic group protocol (kafka_apis_groups.cpp): FindCoordinator, JoinGroup, SyncGroup,
    // Heartbeat, LeaveGroup, OffsetCommit and OffsetFetch become one engine request to the group
    // coordinator; ListGroups and DescribeGroups are answered from the coordinator's state at once.
    static bool isGroupApi(wire::ApiKey key);
    HandledRequest handleGroup(std::int32_t client, Pending& p, const wire::RequestFrame& frame,
                               const ClusterState& state);
    /// Fills the pending group response from the coordinator's answer; true when it is complete.
    bool answerGroup(Pending& p, const Message& message, const ClusterState& state);

    std::string m_host;
    int m_basePort = 0;
    std::map<std::int32_t, Pending> m_pending;
    ClientQuotas m_produceQuotas;
    std::map<std::int32_t, std::int32_t> m_throttles; // answer()'s last throttle per client
    std::set<std::int32_t> m_observers; // clients whose ApiVersions named the observer
};

/// ClassicGroupState.toString at 4.4.0, as DescribeGroups and ListGroups spell a group's state.
std::string kafkaGroupState(GroupState state);
/// Whether `broker` believes it coordinates the offsets partition (the same check as the engine's).
bool coordinates(const ClusterState& state, BrokerId broker, std::int32_t offsetsPartition);
/// The groups `broker` coordinates and lists (GroupCoordinatorService.listGroups: not Dead), in state order.
std::vector<const Group*> groupsCoordinatedBy(const ClusterState& state, BrokerId broker);
/// One group as `broker` describes it (ClassicGroup.describe): NOT_COORDINATOR when it does not coordinate
/// it, "Dead" when it does not know it; authorizedOperations left at its default.
wire::DescribedGroup describeGroup(const ClusterState& state, BrokerId broker, const std::string& id);

/// The Kafka error code of an engine error.
wire::ErrorCode wireError(ErrorCode error);

/// The flat partition index of topic/partition, or -1 when the cluster has no such partition.
std::int32_t findPartition(const ClusterState& state, const std::string& topic, std::int32_t partition);

/// findPartition among the partitions `broker`'s metadata has (a topic created at run time arrives at
/// each broker with its records); -1 otherwise: the broker answers UNKNOWN_TOPIC_OR_PARTITION.
std::int32_t findKnownPartition(const ClusterState& state, BrokerId broker, const std::string& topic,
                                std::int32_t partition);

/// The topic id a CreateTopics v7 answer gives a created topic (ClusterState::topics index `topic`):
/// derived from its index and name, never zero.
std::pair<std::int64_t, std::int64_t> topicId(const ClusterState& state, std::int32_t topic);

/// The records [from, from + count) of a log as RecordBatch v2 bytes, one batch per producer batch
/// (Record::batchEnd) and leader epoch, whole batches until `maxBytes` is reached (at least one).
wire::Bytes encodeLogRecords(const ClusterState& state, const ReplicaLog& log, Offset from, std::int64_t count,
                             std::int32_t maxBytes);

} // namespace hw::live
