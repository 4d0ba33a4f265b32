// SPDX-License-Identifier: MIT
#include "realkafka/cluster_observer.h"

#include "groups/consumer_protocol.h"
#include "model/limits.h"
#include "realkafka/kafka_connection.h"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <exception>
#include <deque>
#include <future>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

namespace hw::realkafka {

namespace client = wire::client;
using wire::ApiKey;
using wire::ErrorCode;

namespace {

using Clock = std::chrono::steady_clock;
using TopicPartition = std::pair<std::string, std::int32_t>;

std::string errorText(ErrorCode code)
{
    return std::string(wire::errorName(code));
}

/// One broker's persistent connection, owned by a thread of its own: every request to the broker runs on
/// that thread, one after the other, so at most one is in flight per broker. A task is a function of the
/// worker; submit() returns a future the poll waits on. No event loop of ours: a queue and a condition.
class BrokerWorker {
public:
    BrokerWorker(std::int32_t nodeId, std::string host, std::uint16_t port, std::chrono::milliseconds timeout,
        std::optional<SecurityConfig> security)
        : m_nodeId(nodeId)
        , m_host(std::move(host))
        , m_port(port)
        , m_timeout(timeout)
        , m_security(std::move(security))
        , m_thread([this](std::stop_token stop) { loop(stop); })
    {
    }
    ~BrokerWorker()
    {
        m_thread.request_stop();
        m_wake.notify_all();
    }
    BrokerWorker(const BrokerWorker&) = delete;
    BrokerWorker& operator=(const BrokerWorker&) = delete;

    std::future<void> submit(std::function<void(BrokerWorker&)> task)
    {
        std::packaged_task<void()> packaged([this, task = std::move(task)] { task(*this); });
        std::future<void> done = packaged.get_future();
        {
            std::lock_guard lock(m_mutex);
            m_tasks.push_back(std::move(packaged));
        }
        m_wake.notify_one();
        return done;
    }

    // The following run on the worker's thread (or while it is idle, between the poll's futures).

    /// Starts a poll: the broker has answered everything so far, and no request was sent.
    void beginPoll()
    {
        failed = false;
        error.clear();
        requests = 0;
    }

    /// Sends a request, connecting first when there is no connection (a broker that failed in an earlier
    /// poll is dialled again). Returns nullopt when the broker failed this poll (now or before): the
    /// failure is in `error`, the connection dropped, and no other request goes to it until the next poll.
    std::optional<client::Response> request(const client::Request& body)
    {
        if (!connect())
            return std::nullopt;
        try {
            ++requests;
            return m_connection->request(body);
        } catch (const ConnectionError& failure) {
            failed = true;
            error = failure.what();
            m_connection.reset();
            return std::nullopt;
        }
    }

    /// Connects (ApiVersions first) unless connected. False when the broker failed this poll.
    bool connect()
    {
        if (failed)
            return false;
        try {
            if (!m_connection)
                m_connection = m_security
                    ? std::make_unique<KafkaConnection>(m_nodeId, m_host, m_port, m_timeout, *m_security)
                    : std::make_unique<KafkaConnection>(m_nodeId, m_host, m_port, m_timeout);
            return true;
        } catch (const ConnectionError& failure) {
            failed = true;
            error = failure.what();
            return false;
        }
    }

    /// The version the broker speaks for a key (connected), or nullopt (no connection, or no such API).
    std::optional<std::int16_t> versionFor(ApiKey key) const
    {
        return m_connection ? m_connection->versionFor(key) : std::nullopt;
    }

    std::int32_t nodeId() const { return m_nodeId; }
    const std::string& host() const { return m_host; }
    std::uint16_t port() const { return m_port; }

    bool failed = false;
    std::string error;
    int requests = 0;

private:
    void loop(std::stop_token stop)
    {
        for (;;) {
            std::packaged_task<void()> task;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait(lock, stop, [this] { return !m_tasks.empty(); });
                if (m_tasks.empty())
                    return; // stop requested
                task = std::move(m_tasks.front());
                m_tasks.pop_front();
            }
            task();
        }
    }

    std::int32_t m_nodeId;
    std::string m_host;
    std::uint16_t m_port;
    std::chrono::milliseconds m_timeout;
    std::optional<SecurityConfig> m_security;
    std::unique_ptr<KafkaConnection> m_connection;
    std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::deque<std::packaged_task<void()>> m_tasks;
    std::jthread m_thread; // last: it starts once everything above exists, and stops first
};

/// Waits for every task of a poll step, then rethrows the first failure: the tasks write into the poll's
/// locals, so none may still run when an exception leaves the poll.
void waitForAll(std::vector<std::future<void>>& pending)
{
    std::exception_ptr first;
    for (auto& done : pending) {
        try {
            done.get();
        } catch (...) {
            if (!first)
                first = std::current_exception();
        }
    }
    pending.clear();
    if (first)
        std::rethrow_exception(first);
}

template <typename Response> const Response* as(const std::optional<client::Response>& response)
{
    return response ? std::get_if<Response>(&*response) : nullptr;
}

/// The partitions and configs one poll's metadata requests found.
struct Metadata {
    std::string clusterId;
    std::int32_t controllerId = -1;
    bool fencingKnown = false;
    bool elrKnown = false;
    std::string kafkaVersion;
    std::vector<ObservedBrokerFacts> registered;
    std::vector<ObservedTopicFacts> topics; // by name, partitions by index, no replica facts yet
};

/// A replica's facts while they come in, per broker.
struct ReplicaOffsets {
    std::optional<Offset> logStart, leo, hw;
    std::string error;
};

struct BrokerPoll {
    std::map<TopicPartition, ReplicaOffsets> offsets;
    std::vector<client::ListedGroup> groups;
};

/// As far as ApiVersions tells: DescribeCluster v2 exists from 4.0 (KIP-1073), DescribeTopicPartitions from
/// 3.8 (KIP-966). ApiVersions names no release, so nothing finer is claimed.
std::string versionFromApis(const BrokerWorker& worker)
{
    const auto cluster = worker.versionFor(ApiKey::DescribeCluster);
    if (cluster && *cluster >= 2)
        return "4.0+";
    if (worker.versionFor(ApiKey::DescribeTopicPartitions))
        return "3.8+";
    return "";
}

void addPartition(ObservedTopicFacts& topic, std::int32_t index, std::int32_t leader, std::int32_t leaderEpoch,
    const std::vector<std::int32_t>& replicas, const std::vector<std::int32_t>& isr,
    const std::vector<std::int32_t>& offline)
{
    ObservedPartitionFacts partition;
    partition.partition = index;
    partition.leader = leader;
    partition.leaderEpoch = leaderEpoch;
    partition.replicas = replicas;
    partition.isr = isr;
    partition.offlineReplicas = offline;
    topic.partitions.push_back(std::move(partition));
}

} // namespace

std::vector<std::pair<std::string, std::uint16_t>> parseBootstrap(const std::string& bootstrap)
{
    std::vector<std::pair<std::string, std::uint16_t>> out;
    std::size_t at = 0;
    while (at <= bootstrap.size()) {
        const std::size_t comma = std::min(bootstrap.find(',', at), bootstrap.size());
        const std::string entry = bootstrap.substr(at, comma - at);
        at = comma + 1;
        if (entry.empty())
            continue;
        const std::size_t colon = entry.rfind(':');
        int port = 0;
        const char* begin = entry.data() + colon + 1;
        const char* end = entry.data() + entry.size();
        if (colon == std::string::npos || colon == 0 || std::from_chars(begin, end, port).ptr != end || begin == end
            || port <= 0 || port > 65535)
            throw ClusterObserverError(
                "bootstrap \"" + entry + "\" is not HOST:PORT (a port from 1 to 65535), e.g. localhost:9092");
        std::string host = entry.substr(0, colon);
        if (host.size() > 2 && host.front() == '[' && host.back() == ']')
            host = host.substr(1, host.size() - 2);
        out.emplace_back(host, static_cast<std::uint16_t>(port));
    }
    if (out.empty())
        throw ClusterObserverError("no bootstrap broker: --bootstrap HOST:PORT[,HOST:PORT...]");
    return out;
}

struct ClusterObserver::Impl {
    ClusterObserverOptions options;
    std::regex topics;
    std::vector<std::pair<std::string, std::uint16_t>> bootstrap;
    std::map<std::int32_t, std::unique_ptr<BrokerWorker>> brokers;  // by node id, kept for the session
    std::vector<std::unique_ptr<BrokerWorker>> bootstrapWorkers;     // until the brokers are known
    std::map<std::int32_t, ObservedBrokerFacts> knownBrokers;       // every broker seen this session
    std::optional<Clock::time_point> origin;
    std::vector<ObserverLoad> lastLoad;

    BrokerWorker& workerFor(const ObservedBrokerFacts& broker)
    {
        auto& worker = brokers[broker.id];
        if (!worker || worker->host() != broker.host || worker->port() != broker.port)
            worker = std::make_unique<BrokerWorker>(broker.id, broker.host, static_cast<std::uint16_t>(broker.port),
                options.requestTimeout, options.security);
        return *worker;
    }

    /// DescribeCluster, then DescribeTopicPartitions (or Metadata) and DescribeConfigs, all to one broker, on
    /// its worker. False when the broker failed (its error is in the worker).
    static bool readMetadata(BrokerWorker& worker, const std::regex& topicsRegex, Metadata& out)
    {
        // DescribeCluster v2 with IncludeFencedBrokers (4.0+, KIP-1073) lists fenced brokers, flagged; v0-1 list
        // the unfenced ones only (KafkaApis.handleDescribeCluster, KRaftMetadataCache.getAliveBrokerNodes).
        client::DescribeClusterRequest describe;
        if (!worker.connect())
            return false;
        const auto clusterVersion = worker.versionFor(ApiKey::DescribeCluster);
        describe.includeFencedBrokers = clusterVersion && *clusterVersion >= 2;
        const auto clusterResponse = worker.request(describe);
        const auto* cluster = as<client::DescribeClusterResponse>(clusterResponse);
        if (!cluster)
            return false;
        if (cluster->errorCode != ErrorCode::None) {
            worker.failed = true;
            worker.error = "DescribeCluster: " + errorText(cluster->errorCode)
                + (cluster->errorMessage ? ": " + *cluster->errorMessage : "");
            return false;
        }
        out.clusterId = cluster->clusterId;
        out.controllerId = cluster->controllerId;
        out.fencingKnown = describe.includeFencedBrokers;
        out.kafkaVersion = versionFromApis(worker);
        for (const client::DescribeClusterBroker& b : cluster->brokers) {
            ObservedBrokerFacts broker;
            broker.id = b.brokerId;
            broker.host = b.host;
            broker.port = b.port;
            broker.rack = b.rack.value_or("");
            broker.fenced = b.isFenced;
            out.registered.push_back(std::move(broker));
        }

        const auto wanted = [&](const std::optional<std::string>& name, bool internal) {
            return name && !internal && std::regex_match(*name, topicsRegex);
        };
        std::map<std::string, ObservedTopicFacts> topics;
        if (worker.versionFor(ApiKey::DescribeTopicPartitions)) {
            // DescribeTopicPartitions (3.8+, KIP-966): every topic when none is named
            // (DescribeTopicPartitionsRequestHandler at 4.4.0), paged by the cursor.
            out.elrKnown = true;
            client::DescribeTopicPartitionsRequest request;
            for (int page = 0;; ++page) {
                if (page == observeDescribePagesMax) {
                    worker.failed = true;
                    worker.error = "DescribeTopicPartitions: more than " + std::to_string(observeDescribePagesMax)
                        + " pages (observeDescribePagesMax)";
                    return false;
                }
                const auto response = worker.request(request);
                const auto* described = as<client::DescribeTopicPartitionsResponse>(response);
                if (!described)
                    return false;
                for (const client::DescribeTopicPartitionsTopic& t : described->topics) {
                    if (t.errorCode != ErrorCode::None || !wanted(t.name, t.isInternal))
                        continue;
                    ObservedTopicFacts& topic = topics[*t.name];
                    topic.name = *t.name;
                    topic.topicId = t.topicId.isZero() ? "" : t.topicId.toString();
                    for (const client::DescribeTopicPartitionsPartition& p : t.partitions) {
                        addPartition(topic, p.partitionIndex, p.leaderId, p.leaderEpoch, p.replicaNodes, p.isrNodes,
                            p.offlineReplicas);
                        topic.partitions.back().elr = p.eligibleLeaderReplicas;
                        topic.partitions.back().lastKnownElr = p.lastKnownElr;
                    }
                }
                if (!described->nextCursor)
                    break;
                request.cursor = described->nextCursor;
            }
        } else {
            // Metadata (before 3.8): no ELR.
            client::MetadataRequest request;
            const auto response = worker.request(request);
            const auto* metadata = as<client::MetadataResponse>(response);
            if (!metadata)
                return false;
            for (const client::MetadataTopic& t : metadata->topics) {
                if (t.errorCode != ErrorCode::None && t.errorCode != ErrorCode::LeaderNotAvailable)
                    continue;
                if (!wanted(t.name, t.isInternal))
                    continue;
                ObservedTopicFacts& topic = topics[*t.name];
                topic.name = *t.name;
                topic.topicId = t.topicId.isZero() ? "" : t.topicId.toString();
                for (const client::MetadataPartition& p : t.partitions)
                    addPartition(topic, p.partitionIndex, p.leaderId, p.leaderEpoch, p.replicaNodes, p.isrNodes,
                        p.offlineReplicas);
            }
        }
        for (auto& [name, topic] : topics) {
            std::sort(topic.partitions.begin(), topic.partitions.end(),
                [](const auto& a, const auto& b) { return a.partition < b.partition; });
            out.topics.push_back(std::move(topic));
        }
        if (out.topics.size() > static_cast<std::size_t>(limits::observedTopicsMax))
            return true; // refused by the poll, with the count

        // min.insync.replicas per topic (DescribeConfigs with ConfigurationKeys: only that config is read,
        // ConfigHelper.describeConfigs at 4.4.0). A topic's error leaves it unknown.
        if (worker.versionFor(ApiKey::DescribeConfigs)) {
            for (std::size_t first = 0; first < out.topics.size(); first += observeConfigResourcesPerRequest) {
                client::DescribeConfigsRequest request;
                const std::size_t last = std::min(out.topics.size(), first + observeConfigResourcesPerRequest);
                for (std::size_t i = first; i < last; ++i)
                    request.resources.push_back({ client::ConfigResourceType::Topic, out.topics[i].name,
                        std::vector<std::string> { "min.insync.replicas" } });
                const auto response = worker.request(request);
                const auto* configs = as<client::DescribeConfigsResponse>(response);
                if (!configs)
                    return false;
                for (const client::DescribeConfigsResult& result : configs->results) {
                    if (result.errorCode != ErrorCode::None)
                        continue;
                    const auto topic = std::find_if(out.topics.begin(), out.topics.end(),
                        [&](const ObservedTopicFacts& t) { return t.name == result.resourceName; });
                    if (topic == out.topics.end())
                        continue;
                    for (const client::DescribeConfigsResourceResult& config : result.configs) {
                        std::int32_t value = 0;
                        if (config.name != "min.insync.replicas" || !config.value)
                            continue;
                        const char* begin = config.value->data();
                        const char* end = begin + config.value->size();
                        if (std::from_chars(begin, end, value).ptr == end && begin != end)
                            topic->minInsyncReplicas = value;
                    }
                }
            }
        }
        return true;
    }

    /// Per broker, on its worker: ListOffsets LATEST and EARLIEST with replica_id -2 and the probe Fetch for
    /// the replicas it holds, then ListGroups.
    static void readBroker(BrokerWorker& worker, const std::vector<TopicPartition>& held, bool groups, BrokerPoll& out)
    {
        for (const TopicPartition& key : held)
            out.offsets[key];
        // ListOffsets with replica_id -2 (ListOffsetsRequest.DEBUGGING_REPLICA_ID): ReplicaManager.fetchOffset at
        // 4.4.0 reads the asked broker's own replica (fetchOnlyFromLeader = replicaId != DEBUGGING_REPLICA_ID)
        // and, the isolation level applying to consumers only, LATEST is its log end offset
        // (Partition.fetchOffsetForTimestamp), EARLIEST its log start. One request per timestamp: Kafka refuses a
        // partition named twice in one request (ListOffsetsRequest.duplicatePartitions: INVALID_REQUEST).
        for (const std::int64_t timestamp : { client::latestTimestamp, std::int64_t { -2 } }) {
            if (held.empty())
                break;
            wire::ListOffsetsRequest request;
            request.replicaId = client::debuggingReplicaId;
            for (const auto& [topic, partition] : held) {
                if (request.topics.empty() || request.topics.back().name != topic)
                    request.topics.push_back({ topic, {} });
                request.topics.back().partitions.push_back({ partition, -1, timestamp });
            }
            const auto response = worker.request(request);
            const auto* listed = as<wire::ListOffsetsResponse>(response);
            if (!listed)
                return;
            for (const wire::ListOffsetsTopicResponse& topic : listed->topics)
                for (const wire::ListOffsetsPartitionResponse& p : topic.partitions) {
                    const auto it = out.offsets.find({ topic.name, p.partitionIndex });
                    if (it == out.offsets.end())
                        continue;
                    if (p.errorCode != ErrorCode::None) {
                        if (it->second.error.empty())
                            it->second.error = errorText(p.errorCode);
                    } else if (timestamp == client::latestTimestamp) {
                        it->second.leo = p.offset;
                    } else {
                        it->second.logStart = p.offset;
                    }
                }
        }

        // The probe Fetch (FetchRequest.json v12): a consumer (ReplicaId -1) with SessionId 0 and SessionEpoch -1
        // (FINAL_EPOCH): sessionless, since epoch 0 would create a fetch session (FetchSession.newContext at
        // 4.4.0, FetchManager.newContext: INITIAL_EPOCH creates one, FINAL_EPOCH with id 0 is a
        // SessionlessFetchContext). MaxWaitMs 0 and MinBytes 0: answered at once (DelayedFetch is not needed).
        // From v11 KafkaApis.handleFetchRequest passes ClientMetadata, so FetchParams.fetchOnlyLeader is false
        // and ReplicaManager.readFromLog reads this broker's own replica, leader or follower; its HighWatermark
        // is that replica's local HW. At the replica's LEO, LocalLog.read/UnifiedLog.read find nothing below
        // the HW to return, so no records come back (one byte asked per partition besides).
        client::FetchRequest fetch;
        fetch.maxWaitMs = 0;
        fetch.minBytes = 0;
        fetch.maxBytes = 1;
        fetch.sessionId = 0;
        fetch.sessionEpoch = -1;
        for (const auto& [key, offsets] : out.offsets) {
            if (!offsets.leo)
                continue;
            if (fetch.topics.empty() || fetch.topics.back().topic != key.first)
                fetch.topics.push_back({ key.first, {} });
            client::FetchPartition partition;
            partition.partition = key.second;
            partition.fetchOffset = *offsets.leo;
            partition.partitionMaxBytes = 1;
            fetch.topics.back().partitions.push_back(partition);
        }
        if (!fetch.topics.empty()) {
            const auto response = worker.request(fetch);
            const auto* fetched = as<client::FetchResponse>(response);
            if (!fetched)
                return;
            if (fetched->errorCode != ErrorCode::None) {
                for (auto& [key, offsets] : out.offsets)
                    if (offsets.leo && offsets.error.empty())
                        offsets.error = "Fetch: " + errorText(fetched->errorCode);
            }
            for (const client::FetchTopicResponse& topic : fetched->responses)
                for (const client::FetchPartitionResponse& p : topic.partitions) {
                    const auto it = out.offsets.find({ topic.topic, p.partitionIndex });
                    if (it == out.offsets.end())
                        continue;
                    if (p.errorCode != ErrorCode::None) {
                        if (it->second.error.empty())
                            it->second.error = errorText(p.errorCode);
                    } else {
                        it->second.hw = p.highWatermark;
                    }
                }
        }

        if (!groups) {
            if (held.empty())
                worker.connect(); // whether it answers at all
            return;
        }
        // ListGroups to every broker: each lists the groups of the __consumer_offsets partitions it leads
        // (GroupCoordinatorService.listGroups at 4.4.0), as KafkaAdminClient.listConsumerGroups asks them all.
        const auto response = worker.request(client::ListGroupsRequest {});
        const auto* listed = as<client::ListGroupsResponse>(response);
        if (listed && listed->errorCode == ErrorCode::None)
            out.groups = listed->groups;
    }

    /// Per coordinator, on its worker: DescribeGroups (classic), ConsumerGroupDescribe (KIP-848 "consumer"
    /// groups, which DescribeGroups answers as Dead) and OffsetFetch v8 for every group it coordinates.
    static void readGroups(BrokerWorker& worker, std::vector<ObservedGroupFacts>& groups,
        const std::set<std::string>& observedTopics)
    {
        std::vector<std::string> classic, consumer;
        for (const ObservedGroupFacts& group : groups)
            (group.type == "consumer" ? consumer : classic).push_back(group.id);
        const auto find = [&](const std::string& id) {
            return std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.id == id; });
        };
        const auto assignmentOf = [&](const std::string& protocolType, const wire::Bytes& bytes) {
            std::vector<ObservedTopicPartition> assignment;
            if (protocolType != "consumer")
                return assignment;
            const auto decoded = decodeConsumerAssignment(std::string_view(
                reinterpret_cast<const char*>(bytes.data()), bytes.size()));
            if (!decoded)
                return assignment;
            for (const ConsumerTopicPartitions& tp : decoded->partitions)
                for (std::int32_t p : tp.partitions)
                    assignment.push_back({ tp.topic, p });
            return assignment;
        };
        if (!classic.empty()) {
            // DescribeGroups (ClassicGroup.describe at 4.4.0): state, protocol type, the chosen assignor and the
            // members with their ConsumerProtocolAssignment bytes.
            const auto response = worker.request(client::DescribeGroupsRequest { classic, false });
            const auto* described = as<client::DescribeGroupsResponse>(response);
            if (!described)
                return;
            for (const client::DescribedGroup& d : described->groups) {
                const auto group = find(d.groupId);
                if (group == groups.end() || d.errorCode != ErrorCode::None)
                    continue;
                group->state = d.groupState;
                group->protocolType = d.protocolType;
                group->protocol = d.protocolData;
                for (const client::DescribedGroupMember& m : d.members) {
                    ObservedGroupMember member;
                    member.memberId = m.memberId;
                    member.instanceId = m.groupInstanceId.value_or("");
                    member.clientId = m.clientId;
                    member.clientHost = m.clientHost;
                    member.assignment = assignmentOf(d.protocolType, m.memberAssignment);
                    group->members.push_back(std::move(member));
                }
            }
        }
        if (!consumer.empty() && worker.versionFor(ApiKey::ConsumerGroupDescribe)) {
            // ConsumerGroupDescribe (KIP-848; GroupMetadataManager.consumerGroupDescribe at 4.4.0): the group
            // epoch, the assignment epoch and each member's epoch, assignment and target assignment.
            const auto response = worker.request(client::ConsumerGroupDescribeRequest { consumer, false });
            const auto* described = as<client::ConsumerGroupDescribeResponse>(response);
            if (!described)
                return;
            const auto partitionsOf = [](const client::ConsumerGroupAssignment& a) {
                std::vector<ObservedTopicPartition> out;
                for (const client::ConsumerGroupTopicPartitions& tp : a.topicPartitions)
                    for (std::int32_t p : tp.partitions)
                        out.push_back({ tp.topicName, p });
                return out;
            };
            for (const client::ConsumerGroupDescribedGroup& d : described->groups) {
                const auto group = find(d.groupId);
                if (group == groups.end() || d.errorCode != ErrorCode::None)
                    continue;
                group->state = d.groupState;
                group->protocolType = "";
                group->protocol = d.assignorName;
                group->groupEpoch = d.groupEpoch;
                group->assignmentEpoch = d.assignmentEpoch;
                for (const client::ConsumerGroupMember& m : d.members) {
                    ObservedGroupMember member;
                    member.memberId = m.memberId;
                    member.instanceId = m.instanceId.value_or("");
                    member.clientId = m.clientId;
                    member.clientHost = m.clientHost;
                    member.memberEpoch = m.memberEpoch;
                    member.assignment = partitionsOf(m.assignment);
                    member.targetAssignment = partitionsOf(m.targetAssignment);
                    group->members.push_back(std::move(member));
                }
            }
        }
        // OffsetFetch v8 (KIP-709: several groups in one request), every committed partition (Topics null), the
        // committed offsets kept for the observed topics.
        client::OffsetFetchRequest offsets;
        for (const ObservedGroupFacts& group : groups)
            offsets.groups.push_back({ group.id, std::nullopt });
        const auto response = worker.request(offsets);
        const auto* fetched = as<client::OffsetFetchResponse>(response);
        if (!fetched)
            return;
        for (const client::OffsetFetchResponseGroup& g : fetched->groups) {
            const auto group = find(g.groupId);
            if (group == groups.end() || g.errorCode != ErrorCode::None)
                continue;
            for (const client::OffsetFetchResponseTopics& topic : g.topics) {
                if (!observedTopics.contains(topic.name))
                    continue;
                for (const client::OffsetFetchResponsePartitions& p : topic.partitions)
                    if (p.errorCode == ErrorCode::None && p.committedOffset >= 0)
                        group->committed.push_back({ topic.name, p.partitionIndex, p.committedOffset });
            }
        }
    }

    ObservedCluster poll();
};

ObservedCluster ClusterObserver::Impl::poll()
{
    const Clock::time_point began = Clock::now();
    if (!origin)
        origin = began;
    ObservedCluster cluster;
    cluster.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(began - *origin).count();
    cluster.intervalMs = static_cast<std::int32_t>(options.interval.count());
    // 1. The metadata, from the first known broker that answers (those that answered the last poll first),
    // else from the bootstrap list.
    std::vector<BrokerWorker*> candidates;
    for (const bool answeredLastPoll : { true, false })
        for (auto& [id, worker] : brokers)
            if (!worker->failed == answeredLastPoll)
                candidates.push_back(worker.get());
    for (auto& [id, worker] : brokers)
        worker->beginPoll();
    for (auto& worker : bootstrapWorkers)
        worker->beginPoll();
    Metadata metadata;
    bool haveMetadata = false;
    std::vector<std::string> metadataErrors;
    for (BrokerWorker* worker : candidates) {
        worker->submit([&](BrokerWorker& w) { haveMetadata = readMetadata(w, topics, metadata); }).get();
        if (haveMetadata)
            break;
        metadata = Metadata {};
    }
    if (!haveMetadata) {
        if (bootstrapWorkers.empty())
            for (const auto& [host, port] : bootstrap)
                bootstrapWorkers.push_back(std::make_unique<BrokerWorker>(
                    -1, host, port, options.requestTimeout, options.security));
        for (auto& worker : bootstrapWorkers) {
            worker->beginPoll();
            worker->submit([&](BrokerWorker& w) { haveMetadata = readMetadata(w, topics, metadata); }).get();
            if (haveMetadata)
                break;
            metadataErrors.push_back(worker->error);
            metadata = Metadata {};
        }
    }
    if (haveMetadata)
        bootstrapWorkers.clear(); // the brokers are known: one connection per broker from now on
    if (!haveMetadata && knownBrokers.empty()) {
        std::string message = "no bootstrap broker answered";
        for (const std::string& error : metadataErrors)
            message += "; " + error;
        throw ClusterObserverError(message);
    }
    if (metadata.registered.size() > static_cast<std::size_t>(limits::observedBrokersMax))
        throw ClusterObserverError(std::to_string(metadata.registered.size())
            + " brokers: above the brokers an observed frame draws (limits::observedBrokersMax, "
            + std::to_string(limits::observedBrokersMax) + ")");
    if (metadata.topics.size() > static_cast<std::size_t>(limits::observedTopicsMax))
        throw ClusterObserverError(std::to_string(metadata.topics.size()) + " topics match --topics \""
            + options.topicsRegex + "\": above limits::observedTopicsMax (" + std::to_string(limits::observedTopicsMax)
            + "); narrow them with --topics REGEX");
    std::size_t partitionCount = 0;
    for (const ObservedTopicFacts& topic : metadata.topics)
        partitionCount += topic.partitions.size();
    if (partitionCount > static_cast<std::size_t>(limits::observedPartitionsMax))
        throw ClusterObserverError(std::to_string(partitionCount) + " partitions in the topics that match --topics \""
            + options.topicsRegex + "\": above limits::observedPartitionsMax ("
            + std::to_string(limits::observedPartitionsMax) + "); narrow them with --topics REGEX");

    cluster.clusterId = metadata.clusterId;
    cluster.controllerId = metadata.controllerId;
    cluster.kafkaVersion = metadata.kafkaVersion;
    cluster.fencingKnown = metadata.fencingKnown;
    cluster.elrKnown = metadata.elrKnown;
    // The brokers: the registered ones, and those seen before and no longer listed (DescribeCluster v0-1 leaves
    // a fenced broker out), which are still asked for the replicas they hold.
    for (ObservedBrokerFacts& broker : metadata.registered)
        knownBrokers[broker.id] = broker;
    std::map<std::int32_t, ObservedBrokerFacts> pollBrokers;
    for (const auto& [id, broker] : knownBrokers) {
        pollBrokers[id] = broker;
        const bool listed = std::any_of(metadata.registered.begin(), metadata.registered.end(),
            [&](const ObservedBrokerFacts& b) { return b.id == id; });
        if (!listed)
            pollBrokers[id].fenced = false; // not known
    }

    // 2. Per broker, in parallel: its replicas' offsets and its groups.
    std::map<std::int32_t, BrokerPoll> perBroker;
    std::vector<std::future<void>> pending;
    for (const auto& [id, broker] : pollBrokers) {
        std::vector<TopicPartition> held;
        for (const ObservedTopicFacts& topic : metadata.topics)
            for (const ObservedPartitionFacts& p : topic.partitions)
                if (std::find(p.replicas.begin(), p.replicas.end(), id) != p.replicas.end())
                    held.emplace_back(topic.name, p.partition);
        BrokerPoll& out = perBroker[id];
        const bool groups = options.groups;
        pending.push_back(workerFor(broker).submit(
            [held = std::move(held), groups, &out](BrokerWorker& w) { readBroker(w, held, groups, out); }));
    }
    waitForAll(pending);

    // 3. Per coordinator, in parallel: its groups described and their committed offsets.
    std::map<std::int32_t, std::vector<ObservedGroupFacts>> perCoordinator;
    std::size_t groupCount = 0;
    std::set<std::string> listedGroups;
    for (const auto& [id, poll] : perBroker)
        for (const client::ListedGroup& listed : poll.groups) {
            // While a coordinator moves, two brokers may list a group: the lowest broker id's listing is kept.
            if (!listedGroups.insert(listed.groupId).second)
                continue;
            ObservedGroupFacts group;
            group.id = listed.groupId;
            group.type = listed.groupType.empty() ? "classic" : listed.groupType;
            group.state = listed.groupState;
            group.protocolType = listed.protocolType;
            group.coordinator = id;
            perCoordinator[id].push_back(std::move(group));
            ++groupCount;
        }
    if (groupCount > static_cast<std::size_t>(limits::observedGroupsMax))
        throw ClusterObserverError(std::to_string(groupCount) + " consumer groups: above limits::observedGroupsMax ("
            + std::to_string(limits::observedGroupsMax) + ")");
    std::set<std::string> observedTopics;
    for (const ObservedTopicFacts& topic : metadata.topics)
        observedTopics.insert(topic.name);
    for (auto& [id, groups] : perCoordinator)
        pending.push_back(brokers.at(id)->submit(
            [&groups, &observedTopics](BrokerWorker& w) { readGroups(w, groups, observedTopics); }));
    waitForAll(pending);

    // The facts, in a fixed order: brokers by id, topics by name, replicas in the assignment's order, groups by
    // id, members by id, committed offsets by topic and partition.
    lastLoad.clear();
    for (auto& [id, broker] : pollBrokers) {
        const BrokerWorker& worker = *brokers.at(id);
        broker.answered = !worker.failed;
        broker.error = worker.error;
        lastLoad.push_back({ id, worker.requests });
        cluster.brokers.push_back(broker);
    }
    for (ObservedTopicFacts& topic : metadata.topics) {
        for (ObservedPartitionFacts& partition : topic.partitions) {
            for (std::int32_t replica : partition.replicas) {
                ObservedReplicaFacts facts;
                facts.broker = replica;
                if (const auto b = perBroker.find(replica); b != perBroker.end())
                    if (const auto r = b->second.offsets.find({ topic.name, partition.partition });
                        r != b->second.offsets.end()) {
                        facts.logStart = r->second.logStart;
                        facts.leo = r->second.leo;
                        facts.hw = r->second.hw;
                        facts.error = r->second.error;
                    }
                partition.replicaFacts.push_back(std::move(facts));
            }
        }
        cluster.topics.push_back(std::move(topic));
    }
    for (auto& [id, groups] : perCoordinator)
        for (ObservedGroupFacts& group : groups) {
            if (group.members.size() > static_cast<std::size_t>(limits::observedGroupMembersMax))
                throw ClusterObserverError("group \"" + group.id + "\" has " + std::to_string(group.members.size())
                    + " members: above limits::observedGroupMembersMax ("
                    + std::to_string(limits::observedGroupMembersMax) + ")");
            std::sort(group.members.begin(), group.members.end(),
                [](const auto& a, const auto& b) { return a.memberId < b.memberId; });
            std::sort(group.committed.begin(), group.committed.end(), [](const auto& a, const auto& b) {
                return std::tie(a.topic, a.partition) < std::tie(b.topic, b.partition);
            });
            cluster.groups.push_back(std::move(group));
        }
    std::sort(cluster.groups.begin(), cluster.groups.end(), [](const auto& a, const auto& b) { return a.id < b.id; });

    cluster.pollMs = static_cast<std::int32_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - began).count());
    return cluster;
}

ClusterObserver::ClusterObserver(ClusterObserverOptions options)
    : m_impl(std::make_unique<Impl>())
{
    if (options.interval < observeIntervalMin)
        throw ClusterObserverError("--interval-ms " + std::to_string(options.interval.count())
            + " is too short: at least " + std::to_string(observeIntervalMin.count())
            + " ms between polls, so that observing does not load the cluster");
    if (options.requestTimeout <= std::chrono::milliseconds(0))
        throw ClusterObserverError("the request timeout must be above 0 ms");
    try {
        m_impl->topics = std::regex(options.topicsRegex, std::regex::ECMAScript);
    } catch (const std::regex_error& error) {
        throw ClusterObserverError(
            "--topics \"" + options.topicsRegex + "\" is not a regular expression (ECMAScript): " + error.what());
    }
    m_impl->bootstrap = parseBootstrap(options.bootstrap);
    m_impl->options = std::move(options);
}

ClusterObserver::~ClusterObserver() = default;

ObservedCluster ClusterObserver::poll()
{
    return m_impl->poll();
}

void ClusterObserver::run(const std::function<void(const ObservedCluster&)>& onPoll, std::stop_token stop)
{
    std::mutex mutex;
    std::condition_variable_any wake;
    Clock::time_point next = Clock::now();
    while (!stop.stop_requested()) {
        {
            std::unique_lock lock(mutex);
            if (wake.wait_until(lock, stop, next, [] { return false; }); stop.stop_requested())
                return;
        }
        const Clock::time_point began = Clock::now();
        ObservedCluster cluster = m_impl->poll();
        const Clock::time_point ended = Clock::now();
        // A poll that outlasts the interval delays the next one, which starts as soon as this one ends: the
        // load stays at one poll at a time, and the view says the interval stretched.
        cluster.stretched = ended - began > m_impl->options.interval;
        next = cluster.stretched ? ended : began + m_impl->options.interval;
        onPoll(cluster);
    }
}

std::vector<ObserverLoad> ClusterObserver::lastLoad() const
{
    return m_impl->lastLoad;
}

const ClusterObserverOptions& ClusterObserver::options() const
{
    return m_impl->options;
}

} // namespace hw::realkafka
