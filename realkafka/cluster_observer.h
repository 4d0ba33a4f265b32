// SPDX-License-Identifier: MIT
#pragma once

#include "model/observed.h"
#include "realkafka/security_config.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

/// Observes a running Kafka cluster, read-only, poll after poll (issue 29): each poll fills a
/// hw::ObservedCluster (core/model/observed.h) with what the cluster's describe, list and fetch APIs show.
/// It plays the part of Kafka's Admin client for the metadata (clients/.../admin/KafkaAdminClient.java at
/// 4.4.0: describeCluster, describeTopics by DescribeTopicPartitions with its cursor, describeConfigs,
/// listConsumerGroups to every broker, describeConsumerGroups, listConsumerGroupOffsets) and adds what no
/// admin call shows: each replica's own LEO (ListOffsets with replica_id -2, ReplicaManager.fetchOffset)
/// and its own high watermark (a sessionless consumer Fetch v11+ at its LEO, KafkaApis.handleFetchRequest's
/// ClientMetadata and FetchParams.fetchOnlyLeader). Where each fact comes from is in docs/real-kafka.md,
/// "The ClusterObserver".
///
/// Bounded by design: one persistent connection per broker (realkafka/kafka_connection.h, blocking), each
/// owned by a worker thread of its own, so at most one request is in flight per broker; the partitions a
/// broker holds go into one request of each kind. A broker that does not answer is marked answered=false
/// with the error and its replicas' offsets stay unknown; its connection is opened again at the next poll.
/// Only describe, list and fetch requests are sent, under the client id `highwater-observe`.
namespace hw::realkafka {

/// What the observer refuses: a bad option, a cluster above limits::observed* (the message names the limit
/// and `--topics`), a cluster none of whose bootstrap brokers answers.
class ClusterObserverError : public std::runtime_error {
public:
    explicit ClusterObserverError(const std::string& what) : std::runtime_error(what) { }
};

/// The shortest polling interval: a poll every 100 ms is already ten requests a second per broker and kind.
inline constexpr std::chrono::milliseconds observeIntervalMin { 100 };
/// DescribeTopicPartitions pages of one poll (at most 2000 partitions each, Kafka's
/// max.request.partition.size.limit): far above limits::observedPartitionsMax.
inline constexpr int observeDescribePagesMax = 256;
/// min.insync.replicas is asked for this many topics per DescribeConfigs request.
inline constexpr std::size_t observeConfigResourcesPerRequest = 256;

struct ClusterObserverOptions {
    std::string bootstrap;                      // "host:port,host:port"
    std::optional<SecurityConfig> security;     // nullopt: PLAINTEXT
    std::string topicsRegex = ".*";             // std::regex (ECMAScript), matched against the whole name
    std::chrono::milliseconds interval { 1000 }; // between the starts of two polls; at least observeIntervalMin
    std::chrono::milliseconds requestTimeout { 10000 }; // per connect and per request
    bool groups = true;                         // ListGroups and what follows
};

/// The requests one poll sent to one broker: the load a poll puts on the cluster (docs/real-kafka.md has the
/// bytes, measured on the wire).
struct ObserverLoad {
    std::int32_t broker = -1;
    int requests = 0;
};

class ClusterObserver {
public:
    /// Checks the options (throws ClusterObserverError: a bootstrap that is not host:port, a regex that does
    /// not compile, an interval below observeIntervalMin). Connects to nothing yet.
    explicit ClusterObserver(ClusterObserverOptions options);
    ~ClusterObserver();
    ClusterObserver(const ClusterObserver&) = delete;
    ClusterObserver& operator=(const ClusterObserver&) = delete;

    /// One poll now. timeMs is the wall-clock time since the first poll began; pollMs how long it took;
    /// stretched is left false (run() sets it). Throws ClusterObserverError when no broker answers the
    /// metadata requests, or the cluster is above the observed limits.
    ObservedCluster poll();

    /// Polls every interval until stop is requested, calling onPoll after each poll (on this thread). When a
    /// poll outlasts the interval, the next one starts as soon as it ends, and the ObservedCluster of the poll
    /// that outlasted it says stretched=true. Returns when stop is requested (a poll under way finishes). Throws what poll() throws.
    void run(const std::function<void(const ObservedCluster&)>& onPoll, std::stop_token stop);

    /// The requests each broker was sent by the last poll, by broker id.
    std::vector<ObserverLoad> lastLoad() const;

    const ClusterObserverOptions& options() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// "host:port,host:port" as (host, port) pairs; throws ClusterObserverError for an empty list, a missing or
/// bad port.
std::vector<std::pair<std::string, std::uint16_t>> parseBootstrap(const std::string& bootstrap);

} // namespace hw::realkafka
