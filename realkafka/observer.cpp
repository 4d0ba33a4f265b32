// SPDX-License-Identifier: MIT
#include "realkafka/observer.h"

#include "realkafka/kafka_connection.h"
#include "realkafka/log_dump.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <set>

namespace hw::realkafka {

namespace client = wire::client;
using wire::ApiKey;
using wire::ErrorCode;

namespace {

/// DescribeTopicPartitions pages: at most this many partitions per answer (Kafka's default for the
/// request's ResponsePartitionLimit), and at most this many pages (the scenario's topics hold far fewer).
constexpr std::int32_t describePartitionsPageMax = 2000;
constexpr int describePagesMax = 64;

/// The errors after which a replica's offsets are simply not known at this moment (the broker does not
/// hold the replica, or not yet, or its log directory failed): the observation says "unknown", and the
/// runner's next observation sees the change. Any other error is a fault of the observer's and thrown.
bool replicaNotAvailable(ErrorCode code)
{
    return code == ErrorCode::NotLeaderOrFollower || code == ErrorCode::UnknownTopicOrPartition
        || code == ErrorCode::ReplicaNotAvailable || code == ErrorCode::KafkaStorageError
        || code == ErrorCode::OffsetOutOfRange || code == ErrorCode::LeaderNotAvailable;
}

std::string errorText(ErrorCode code)
{
    return std::string(wire::errorName(code)) + " (" + std::to_string(static_cast<int>(code)) + ")";
}

/// The broker to ask, per node id.
using Connections = std::map<std::int32_t, std::unique_ptr<KafkaConnection>>;

template <typename Response> Response ask(KafkaConnection& connection, const client::Request& body)
{
    try {
        return std::get<Response>(connection.request(body));
    } catch (const ConnectionError& error) {
        throw ObserveError(error.what());
    }
}

/// The fields DescribeTopicPartitions and Metadata both report about a partition (their schemas name
/// them alike): topic, index, leader, leader epoch, replicas, ISR.
template <typename ResponsePartition>
ObservedPartition observedPartition(const std::string& topic, const ResponsePartition& p)
{
    ObservedPartition partition;
    partition.topic = topic;
    partition.partition = p.partitionIndex;
    partition.leader = p.leaderId;
    partition.leaderEpoch = p.leaderEpoch;
    partition.replicas = p.replicaNodes;
    partition.isr = p.isrNodes;
    return partition;
}

/// Partition state from DescribeTopicPartitions (3.8+): leader, epoch, replicas, ISR, ELR, last known ELR.
void describeTopicPartitions(
    KafkaConnection& connection, const std::vector<std::string>& topics, std::vector<ObservedPartition>& partitions)
{
    client::DescribeTopicPartitionsRequest request;
    request.topics = topics;
    request.responsePartitionLimit = describePartitionsPageMax;
    for (int page = 0;; ++page) {
        if (page == describePagesMax)
            throw ObserveError(connection.describe() + ": DescribeTopicPartitions: more than "
                + std::to_string(describePagesMax) + " pages (describePagesMax)");
        const auto response = ask<client::DescribeTopicPartitionsResponse>(connection, request);
        for (const auto& topic : response.topics) {
            const std::string name = topic.name.value_or("");
            if (topic.errorCode == ErrorCode::UnknownTopicOrPartition)
                continue; // not created (yet): not part of the observation
            if (topic.errorCode != ErrorCode::None)
                throw ObserveError(connection.describe() + ": DescribeTopicPartitions: topic \"" + name
                    + "\": " + errorText(topic.errorCode));
            for (const auto& p : topic.partitions) {
                if (p.errorCode != ErrorCode::None && p.errorCode != ErrorCode::LeaderNotAvailable)
                    throw ObserveError(connection.describe() + ": DescribeTopicPartitions: " + name + "-"
                        + std::to_string(p.partitionIndex) + ": " + errorText(p.errorCode));
                ObservedPartition partition = observedPartition(name, p);
                // Kafka fills both arrays whether ELR is on or not (empty at 3.9.2); a null array would
                // be kept as "not reported".
                partition.elr = p.eligibleLeaderReplicas;
                partition.lastKnownElr = p.lastKnownElr;
                partitions.push_back(std::move(partition));
            }
        }
        if (!response.nextCursor)
            return;
        request.cursor = response.nextCursor;
    }
}

/// Partition state from Metadata (before 3.8): no ELR.
void describeByMetadata(
    KafkaConnection& connection, const std::vector<std::string>& topics, std::vector<ObservedPartition>& partitions)
{
    client::MetadataRequest request;
    request.topics = topics;
    const auto response = ask<client::MetadataResponse>(connection, request);
    for (const auto& topic : response.topics) {
        const std::string name = topic.name.value_or("");
        if (topic.errorCode == ErrorCode::UnknownTopicOrPartition || topic.errorCode == ErrorCode::LeaderNotAvailable)
            continue;
        if (topic.errorCode != ErrorCode::None)
            throw ObserveError(
                connection.describe() + ": Metadata: topic \"" + name + "\": " + errorText(topic.errorCode));
        for (const auto& p : topic.partitions) {
            if (p.errorCode != ErrorCode::None && p.errorCode != ErrorCode::LeaderNotAvailable)
                throw ObserveError(connection.describe() + ": Metadata: " + name + "-"
                    + std::to_string(p.partitionIndex) + ": " + errorText(p.errorCode));
            partitions.push_back(observedPartition(name, p));
        }
    }
}

/// The partitions of the topics that a broker's log folder holds ("TOPIC-P" folders), for a cluster with
/// no running broker to ask.
void partitionsFromFolders(const std::vector<ObservedNode>& brokers, const std::vector<std::string>& topics,
    std::vector<ObservedPartition>& partitions)
{
    std::map<std::pair<std::string, std::int32_t>, std::vector<std::int32_t>> holders;
    for (const ObservedNode& broker : brokers) {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(broker.logDir, ec)) {
            const std::string folder = entry.path().filename().string();
            const std::size_t dash = folder.rfind('-');
            if (dash == std::string::npos)
                continue;
            const std::string topic = folder.substr(0, dash);
            std::int32_t index = 0;
            const auto [end, error] = std::from_chars(folder.data() + dash + 1, folder.data() + folder.size(), index);
            if (error != std::errc() || end != folder.data() + folder.size())
                continue;
            if (std::find(topics.begin(), topics.end(), topic) != topics.end())
                holders[{ topic, index }].push_back(broker.nodeId);
        }
    }
    for (auto& [key, replicas] : holders) {
        ObservedPartition partition;
        partition.topic = key.first;
        partition.partition = key.second;
        std::sort(replicas.begin(), replicas.end());
        partition.replicas = replicas;
        partitions.push_back(std::move(partition));
    }
}

/// ListOffsets with replica_id -2 (DEBUGGING) to a broker for all the partitions it holds: each replica's
/// own offset for the timestamp (-1 latest: its LEO; -2 earliest: its log start offset).
std::map<std::pair<std::string, std::int32_t>, std::int64_t> listOffsets(
    KafkaConnection& connection, const std::vector<std::pair<std::string, std::int32_t>>& held, std::int64_t timestamp)
{
    client::ListOffsetsRequest request;
    request.replicaId = client::debuggingReplicaId;
    for (const auto& [topic, partition] : held) {
        auto found = std::find_if(
            request.topics.begin(), request.topics.end(), [&](const auto& t) { return t.name == topic; });
        if (found == request.topics.end()) {
            request.topics.push_back({ topic, {} });
            found = request.topics.end() - 1;
        }
        found->partitions.push_back({ partition, -1, timestamp });
    }
    std::map<std::pair<std::string, std::int32_t>, std::int64_t> offsets;
    const auto response = ask<client::ListOffsetsResponse>(connection, request);
    for (const auto& topic : response.topics) {
        for (const auto& p : topic.partitions) {
            if (p.errorCode == ErrorCode::None)
                offsets[{ topic.name, p.partitionIndex }] = p.offset;
            else if (!replicaNotAvailable(p.errorCode))
                throw ObserveError(connection.describe() + ": ListOffsets (replica_id -2, timestamp "
                    + std::to_string(timestamp) + "): " + topic.name + "-" + std::to_string(p.partitionIndex) + ": "
                    + errorText(p.errorCode));
        }
    }
    return offsets;
}

/// A consumer Fetch (v12, replica_id -1, sessionless, no wait) to a broker for all the partitions it holds,
/// from each replica's log start: the partition's HighWatermark in the answer is that replica's own high
/// watermark, the follower's too (KafkaApis builds ClientMetadata from v11 on, so fetchOnlyLeader is false
/// and ReplicaManager reads the local replica; findPreferredReadReplica is only asked on the leader).
std::map<std::pair<std::string, std::int32_t>, std::int64_t> fetchHighWatermarks(
    KafkaConnection& connection, const std::map<std::pair<std::string, std::int32_t>, std::int64_t>& logStarts)
{
    client::FetchRequest request;
    // One byte per partition: the answer carries at most the first batch of each (Kafka returns one whole
    // batch even when it is larger than the limit), the high watermark is what is read.
    constexpr std::int32_t partitionBytesAsked = 1;
    for (const auto& [key, logStart] : logStarts) {
        auto found = std::find_if(
            request.topics.begin(), request.topics.end(), [&](const auto& t) { return t.topic == key.first; });
        if (found == request.topics.end()) {
            request.topics.push_back({ key.first, {} });
            found = request.topics.end() - 1;
        }
        client::FetchPartition partition;
        partition.partition = key.second;
        partition.fetchOffset = logStart;
        partition.partitionMaxBytes = partitionBytesAsked;
        found->partitions.push_back(partition);
    }
    std::map<std::pair<std::string, std::int32_t>, std::int64_t> highWatermarks;
    if (request.topics.empty())
        return highWatermarks;
    const auto response = ask<client::FetchResponse>(connection, request);
    if (response.errorCode != ErrorCode::None)
        throw ObserveError(connection.describe() + ": Fetch: " + errorText(response.errorCode));
    for (const auto& topic : response.responses) {
        for (const auto& p : topic.partitions) {
            if (p.errorCode == ErrorCode::None)
                highWatermarks[{ topic.topic, p.partitionIndex }] = p.highWatermark;
            else if (!replicaNotAvailable(p.errorCode) && p.errorCode != ErrorCode::FencedLeaderEpoch)
                throw ObserveError(connection.describe() + ": Fetch: " + topic.topic + "-"
                    + std::to_string(p.partitionIndex) + ": " + errorText(p.errorCode));
        }
    }
    return highWatermarks;
}

std::string folderName(const std::string& topic, std::int32_t partition)
{
    return topic + "-" + std::to_string(partition);
}

/// A checkpoint file of a broker's log folder, or no entries when the broker never wrote one.
std::map<std::pair<std::string, std::int32_t>, std::int64_t> checkpoint(const ObservedNode& broker, const char* name)
{
    const std::filesystem::path file = broker.logDir / name;
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
        return {};
    try {
        return readOffsetCheckpoint(file);
    } catch (const LogDumpError& error) {
        throw ObserveError("node " + std::to_string(broker.nodeId) + ": " + error.what());
    }
}

} // namespace

KafkaRelease parseKafkaRelease(const std::string& version)
{
    KafkaRelease release;
    int patch = 0;
    const char* begin = version.data();
    const char* end = version.data() + version.size();
    auto [p1, e1] = std::from_chars(begin, end, release.major);
    if (e1 != std::errc() || p1 == end || *p1 != '.')
        throw ObserveError("\"" + version + "\" is not a Kafka version: expected X.Y.Z, e.g. 4.4.0");
    auto [p2, e2] = std::from_chars(p1 + 1, end, release.minor);
    if (e2 != std::errc() || p2 == end || *p2 != '.')
        throw ObserveError("\"" + version + "\" is not a Kafka version: expected X.Y.Z, e.g. 4.4.0");
    auto [p3, e3] = std::from_chars(p2 + 1, end, patch);
    if (e3 != std::errc() || p3 != end)
        throw ObserveError("\"" + version + "\" is not a Kafka version: expected X.Y.Z, e.g. 4.4.0");
    return release;
}

ClusterObservation observe(const ObserveRequest& request)
{
    const KafkaRelease release = parseKafkaRelease(request.kafkaVersion);
    Connections connections;
    for (const ObservedNode& broker : request.brokers) {
        if (!broker.running)
            continue;
        try {
            connections[broker.nodeId]
                = std::make_unique<KafkaConnection>(broker.nodeId, broker.host, broker.port, request.requestTimeout);
        } catch (const ConnectionError& error) {
            throw ObserveError(error.what());
        }
    }

    ClusterObservation observation;
    for (const ObservedNode& broker : request.brokers)
        if (!broker.running)
            observation.stoppedBrokers.push_back(broker.nodeId);
    std::sort(observation.stoppedBrokers.begin(), observation.stoppedBrokers.end());
    std::vector<ObservedPartition> partitions;
    if (!connections.empty()) {
        // The metadata of the lowest running broker: every broker replays the same controller log, a few
        // milliseconds apart; the runner's settle period absorbs that.
        KafkaConnection& metadata = *connections.begin()->second;
        const bool hasDescribeTopicPartitions
            = release.atLeast(3, 8) && metadata.versionFor(ApiKey::DescribeTopicPartitions);
        if (!request.topics.empty()) {
            if (hasDescribeTopicPartitions)
                describeTopicPartitions(metadata, request.topics, partitions);
            else
                describeByMetadata(metadata, request.topics, partitions);
        }
        // DescribeCluster v2 (4.0+) lists fenced brokers too, flagged; v1 lists the unfenced ones only.
        const std::optional<std::int16_t> clusterVersion = metadata.versionFor(ApiKey::DescribeCluster);
        client::DescribeClusterRequest describe;
        const bool fencing = release.atLeast(4, 0) && clusterVersion && *clusterVersion >= 2;
        describe.includeFencedBrokers = fencing;
        const auto cluster = ask<client::DescribeClusterResponse>(metadata, describe);
        if (cluster.errorCode != ErrorCode::None)
            throw ObserveError(metadata.describe() + ": DescribeCluster: " + errorText(cluster.errorCode)
                + (cluster.errorMessage ? ": " + *cluster.errorMessage : ""));
        std::vector<std::int32_t> fenced;
        for (const auto& broker : cluster.brokers) {
            observation.registeredBrokers.push_back(broker.brokerId);
            if (broker.isFenced)
                fenced.push_back(broker.brokerId);
        }
        std::sort(observation.registeredBrokers.begin(), observation.registeredBrokers.end());
        std::sort(fenced.begin(), fenced.end());
        if (fencing)
            observation.fencedBrokers = fenced;
    } else {
        partitionsFromFolders(request.brokers, request.topics, partitions);
    }

    // The scenario's order of topics, then partition order.
    const auto topicRank = [&](const std::string& topic) {
        return std::find(request.topics.begin(), request.topics.end(), topic) - request.topics.begin();
    };
    std::sort(partitions.begin(), partitions.end(), [&](const ObservedPartition& a, const ObservedPartition& b) {
        return std::pair(topicRank(a.topic), a.partition) < std::pair(topicRank(b.topic), b.partition);
    });

    // Per broker: the partitions it holds, asked in one request each; its log read once.
    for (const ObservedNode& broker : request.brokers) {
        std::vector<std::pair<std::string, std::int32_t>> held;
        for (const ObservedPartition& partition : partitions)
            if (std::find(partition.replicas.begin(), partition.replicas.end(), broker.nodeId)
                != partition.replicas.end())
                held.emplace_back(partition.topic, partition.partition);
        if (held.empty())
            continue;
        std::map<std::pair<std::string, std::int32_t>, std::int64_t> leos, logStarts, highWatermarks;
        if (broker.running) {
            KafkaConnection& connection = *connections.at(broker.nodeId);
            leos = listOffsets(connection, held, client::latestTimestamp);
            logStarts = listOffsets(connection, held, -2);
            highWatermarks = fetchHighWatermarks(connection, logStarts);
        } else {
            highWatermarks = checkpoint(broker, "replication-offset-checkpoint");
            logStarts = checkpoint(broker, "log-start-offset-checkpoint");
        }
        std::optional<LogDump> dump;
        if (request.readLogs) {
            std::vector<std::filesystem::path> segments;
            for (const auto& [topic, index] : held) {
                std::error_code ec;
                const std::filesystem::path folder = broker.logDir / folderName(topic, index);
                if (!std::filesystem::is_directory(folder, ec))
                    continue; // not created on this broker (yet)
                try {
                    for (auto& segment : segmentFiles(folder))
                        segments.push_back(std::move(segment));
                } catch (const LogDumpError& error) {
                    throw ObserveError("node " + std::to_string(broker.nodeId) + ": " + error.what());
                }
            }
            if (!segments.empty()) {
                try {
                    dump = runLogDump(
                        request.dumpTool, segments, "node " + std::to_string(broker.nodeId) + " DumpLogSegments");
                } catch (const LogDumpError& error) {
                    throw ObserveError(error.what());
                }
            }
        }
        for (ObservedPartition& partition : partitions) {
            const std::pair<std::string, std::int32_t> key { partition.topic, partition.partition };
            if (std::find(held.begin(), held.end(), key) == held.end())
                continue;
            ObservedReplica replica;
            replica.brokerId = broker.nodeId;
            replica.fromFiles = !broker.running;
            if (const auto it = highWatermarks.find(key); it != highWatermarks.end())
                replica.hw = it->second;
            if (const auto it = leos.find(key); it != leos.end())
                replica.leo = it->second;
            if (const auto it = logStarts.find(key); it != logStarts.end())
                replica.logStartOffset = it->second;
            if (dump) {
                const LogDump part
                    = partitionDump(*dump, broker.logDir / folderName(partition.topic, partition.partition));
                replica.records = observedRecords(part);
                if (!broker.running) {
                    replica.leo = part.logEndOffset();
                    // A replica that never had its log start moved has no checkpoint entry: its first segment.
                    if (!replica.logStartOffset)
                        replica.logStartOffset = part.firstSegmentBaseOffset;
                }
            }
            partition.replicaStates.push_back(std::move(replica));
        }
    }
    // Replica states in the partition's replica order.
    for (ObservedPartition& partition : partitions) {
        std::sort(partition.replicaStates.begin(), partition.replicaStates.end(),
            [&](const ObservedReplica& a, const ObservedReplica& b) {
                const auto rank = [&](std::int32_t id) {
                    return std::find(partition.replicas.begin(), partition.replicas.end(), id)
                        - partition.replicas.begin();
                };
                return rank(a.brokerId) < rank(b.brokerId);
            });
    }
    observation.partitions = std::move(partitions);
    return observation;
}

bool operator==(const ObservedRecord& a, const ObservedRecord& b)
{
    return a.offset == b.offset && a.leaderEpoch == b.leaderEpoch && a.key == b.key && a.value == b.value
        && a.producerId == b.producerId && a.sequence == b.sequence && a.producerEpoch == b.producerEpoch
        && a.lastInBatch == b.lastInBatch;
}

bool operator==(const ObservedReplica& a, const ObservedReplica& b)
{
    return a.brokerId == b.brokerId && a.logStartOffset == b.logStartOffset && a.leo == b.leo && a.hw == b.hw
        && a.records == b.records && a.fromFiles == b.fromFiles;
}

bool operator==(const ObservedPartition& a, const ObservedPartition& b)
{
    return a.topic == b.topic && a.partition == b.partition && a.leader == b.leader && a.leaderEpoch == b.leaderEpoch
        && a.replicas == b.replicas && a.isr == b.isr && a.elr == b.elr && a.lastKnownElr == b.lastKnownElr
        && a.replicaStates == b.replicaStates;
}

bool operator==(const ClusterObservation& a, const ClusterObservation& b)
{
    return a.registeredBrokers == b.registeredBrokers && a.fencedBrokers == b.fencedBrokers
        && a.partitions == b.partitions && a.stoppedBrokers == b.stoppedBrokers && a.groups == b.groups
        && a.consumers == b.consumers;
}

bool sameFacts(const ClusterObservation& a, const ClusterObservation& b)
{
    // An observation holds no timings; the ISR is compared as a set (Kafka does not keep it sorted, and a
    // broker may list it in another order after a rejoin without anything having changed).
    if (a.registeredBrokers != b.registeredBrokers || a.fencedBrokers != b.fencedBrokers
        || a.stoppedBrokers != b.stoppedBrokers || a.partitions.size() != b.partitions.size())
        return false;
    const auto sorted = [](std::vector<std::int32_t> ids) {
        std::sort(ids.begin(), ids.end());
        return ids;
    };
    const auto sortedOptional = [&](const std::optional<std::vector<std::int32_t>>& ids) {
        return ids ? std::optional(sorted(*ids)) : std::nullopt;
    };
    for (std::size_t i = 0; i < a.partitions.size(); ++i) {
        const ObservedPartition& x = a.partitions[i];
        const ObservedPartition& y = b.partitions[i];
        if (x.topic != y.topic || x.partition != y.partition || x.leader != y.leader || x.leaderEpoch != y.leaderEpoch
            || x.replicas != y.replicas || sorted(x.isr) != sorted(y.isr)
            || sortedOptional(x.elr) != sortedOptional(y.elr)
            || sortedOptional(x.lastKnownElr) != sortedOptional(y.lastKnownElr) || x.replicaStates != y.replicaStates)
            return false;
    }
    // The groups and consumers (the runner adds them): a member that joins, a position that moves, a record
    // read or an offset committed is a change, so a settle waits for the consumers to catch up.
    return a.groups == b.groups && a.consumers == b.consumers;
}

const ObservedPartition* findPartition(
    const ClusterObservation& observation, const std::string& topic, std::int32_t partition)
{
    for (const ObservedPartition& p : observation.partitions)
        if (p.topic == topic && p.partition == partition)
            return &p;
    return nullptr;
}

const ObservedReplica* findReplica(const ObservedPartition& partition, std::int32_t brokerId)
{
    for (const ObservedReplica& r : partition.replicaStates)
        if (r.brokerId == brokerId)
            return &r;
    return nullptr;
}

} // namespace hw::realkafka
