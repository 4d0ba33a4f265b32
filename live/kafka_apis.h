// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/inputs.h"
#include "model/messages.h"
#include "wire/protocol.h"
#include "wire/record_batch.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

/// The live server's request handler: what KafkaApis.scala is to a Kafka broker, minus the work,
/// which the simulation does. It turns one decoded Kafka request of a real client into the engine
/// actions (LiveClientAction) the simulated broker answers, and the engine's answers back into one
/// Kafka response. It follows core/src/main/scala/kafka/server/KafkaApis.scala at 3.7.0
/// (handleProduceRequest, handleFetchRequest, handleListOffsetRequest, handleTopicMetadataRequest,
/// handleInitProducerIdRequest, handleApiVersionsRequest) for what is answered without the log:
/// unknown topics and partitions, bad acks, batches that do not validate, the metadata layout.
/// No sockets here: the SocketServer (kafka_server.h) owns them, so this is tested alone.
namespace hw::live {

/// Named limits of the live server (Kafka's counterparts in brackets).
namespace limits {
inline constexpr int connectionsMax = 256;            // connections open at once [max.connections: no bound]
inline constexpr int requestsInFlightPerConnection = 1; // [SocketServer mutes a channel per request]
inline constexpr std::int64_t connectionIdleMs = 600000; // [connections.max.idle.ms, 10 minutes]
inline constexpr std::int32_t fetchRecordsPerPartitionMax = 10000; // records one fetch reads per partition
} // namespace limits

/// What one request becomes.
struct HandledRequest {
    std::vector<LiveClientAction> actions; // applied in order at the arrival time (atMs, client set by the caller)
    std::optional<wire::Bytes> response;   // the whole response now (nothing for the engine to answer)
    bool awaitsEngine = false;             // the response comes from answer() once the engine answered
    bool closeConnection = false;          // acks=0 with an error: Kafka closes the connection
    std::string summary;                   // for the server's log ("orders-0: 12 records")
};

class KafkaApis {
public:
    /// Clients reach broker b at host:basePort + b (the Metadata response advertises that).
    KafkaApis(std::string advertisedHost, int basePort);

    /// One decoded request of `client` (an engine live client index) to `broker`.
    HandledRequest handle(std::int32_t client, const wire::RequestFrame& frame, const ClusterState& state);

    /// Tells which engine request number (LiveClient::requests after it was applied) the action at
    /// `actionIndex` of the last handle() for `client` got, so answers are matched to their part.
    void bind(std::int32_t client, std::size_t actionIndex, std::int64_t requestNumber);

    /// An engine answer delivered to `client`: the response frame once it completes the request.
    /// Answers to requests no longer waited for (a long poll answered after its response went) are
    /// dropped. `closeConnection` is set when the broker could not answer (NETWORK_EXCEPTION).
    std::optional<wire::Bytes> answer(std::int32_t client, const Message& message, const ClusterState& state,
                                      bool& closeConnection);

    /// The client's connection closed: forget what it waited for.
    void forget(std::int32_t client) { m_pending.erase(client); }

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
        bool allPartitions = false; // OffsetFetch: every committed offset (null topics)
    };

    HandledRequest handleMetadata(Pending& p, const wire::MetadataRequest& request, const ClusterState& state);
    HandledRequest handleProduce(Pending& p, const wire::ProduceRequest& request, const ClusterState& state);
    HandledRequest handleFetch(Pending& p, const wire::FetchRequest& request, const ClusterState& state);
    HandledRequest handleListOffsets(Pending& p, const wire::ListOffsetsRequest& request, const ClusterState& state);
    wire::Bytes finish(std::int32_t client);

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
};

/// The Kafka error code of an engine error.
wire::ErrorCode wireError(ErrorCode error);

/// The flat partition index of topic/partition, or -1 when the cluster has no such partition.
std::int32_t findPartition(const ClusterState& state, const std::string& topic, std::int32_t partition);

/// The records [from, from + count) of a log as RecordBatch v2 bytes, one batch per producer batch
/// (Record::batchEnd) and leader epoch, whole batches until `maxBytes` is reached (at least one).
wire::Bytes encodeLogRecords(const ClusterState& state, const ReplicaLog& log, Offset from, std::int64_t count,
                             std::int32_t maxBytes);

} // namespace hw::live
