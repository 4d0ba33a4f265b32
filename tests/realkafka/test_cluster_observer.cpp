// SPDX-License-Identifier: MIT
// The ClusterObserver without a cluster (issue 29): the bootstrap list, the --topics regex and the interval,
// each refused with a message that names the option; and a KIP-848 "consumer" group, which neither serve nor the
// real-cluster script has, read from a one-broker fake cluster whose ConsumerGroupDescribe answer is Kafka
// 4.4.0's own bytes (tests/wire/data/client_golden.txt). Its polling is tested against serve
// (tests/live/test_cluster_observer_serve.cpp) and a real cluster (observe_cluster.sh).
#include "realkafka/cluster_observer.h"
#include "wire/client_protocol.h"
#include "wire/protocol.h"
#include "wire/protocol_observe.h"

#include <asio.hpp>
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

namespace hw::realkafka {
namespace {

std::string refusal(const std::function<void()>& make)
{
    try {
        make();
    } catch (const ClusterObserverError& error) {
        return error.what();
    }
    return "accepted";
}

TEST(ClusterObserverOptions, TheBootstrapListIsHostPortPairsSeparatedByCommas)
{
    using Pairs = std::vector<std::pair<std::string, std::uint16_t>>;
    EXPECT_EQ(parseBootstrap("localhost:9092"), (Pairs { { "localhost", 9092 } }));
    EXPECT_EQ(parseBootstrap("a:1,b.example.com:65535,,"), (Pairs { { "a", 1 }, { "b.example.com", 65535 } }));
    EXPECT_EQ(parseBootstrap("[::1]:9092"), (Pairs { { "::1", 9092 } }));
    for (const std::string bad : { "localhost", "localhost:", ":9092", "host:0", "host:65536", "host:9092x", "host:-1" })
        EXPECT_NE(refusal([&] { parseBootstrap(bad); }).find("is not HOST:PORT"), std::string::npos) << bad;
    EXPECT_NE(refusal([] { parseBootstrap(","); }).find("no bootstrap broker"), std::string::npos);
}

TEST(ClusterObserverOptions, ABadRegexAShortIntervalAndNoTimeoutAreRefused)
{
    ClusterObserverOptions options;
    options.bootstrap = "127.0.0.1:9092";
    EXPECT_EQ(refusal([&] { ClusterObserver observer(options); }), "accepted");
    EXPECT_EQ(options.interval, std::chrono::milliseconds(1000)); // the default: a poll a second
    options.topicsRegex = "[orders";
    EXPECT_NE(refusal([&] { ClusterObserver observer(options); }).find("--topics \"[orders\""), std::string::npos);
    options.topicsRegex = "orders|clicks";
    options.interval = std::chrono::milliseconds(50);
    EXPECT_NE(refusal([&] { ClusterObserver observer(options); }).find("--interval-ms 50 is too short: at least 100"),
        std::string::npos);
    options.interval = std::chrono::milliseconds(100);
    options.requestTimeout = std::chrono::milliseconds(0);
    EXPECT_NE(refusal([&] { ClusterObserver observer(options); }).find("timeout"), std::string::npos);
}

/// Kafka 4.4.0's bytes of a response in tests/wire/data/client_golden.txt (without the size prefix).
wire::Bytes goldenResponse(const std::string& name, int version)
{
    std::ifstream in(HW_WIRE_GOLDEN_FILE);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string frameName, kind, key, frameVersion, hex;
        fields >> frameName >> kind >> key >> frameVersion >> hex;
        if (frameName == name && kind == "response" && frameVersion == std::to_string(version)) {
            wire::Bytes bytes;
            for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
                bytes.push_back(static_cast<std::uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
            return bytes;
        }
    }
    throw std::runtime_error("no golden " + name + " response v" + std::to_string(version));
}

/// One broker (id 1) on a loopback port, a thread per connection: ApiVersions lists the observer's versions and
/// ConsumerGroupDescribe 0-1; every other request is answered by `answer` (nullopt: the connection closes).
class FakeBroker {
public:
    using Answer = std::function<std::optional<wire::Bytes>(const wire::RequestHeader&)>;
    explicit FakeBroker(Answer answer)
        : m_answer(std::move(answer))
        , m_acceptor(m_io, asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0))
    {
        m_thread = std::thread([this] {
            for (;;) {
                asio::ip::tcp::socket socket(m_io);
                asio::error_code error;
                m_acceptor.accept(socket, error);
                if (error || m_stopping)
                    return;
                std::lock_guard lock(m_mutex);
                m_connections.emplace_back([this, socket = std::move(socket)]() mutable { serve(socket); });
            }
        });
    }
    ~FakeBroker()
    {
        // A connection of our own wakes the blocking accept (closing the acceptor from here would not).
        m_stopping = true;
        asio::io_context io;
        asio::ip::tcp::socket wake(io);
        asio::error_code ignored;
        wake.connect(m_acceptor.local_endpoint(ignored), ignored);
        m_thread.join();
        std::lock_guard lock(m_mutex);
        for (std::thread& t : m_connections)
            t.join();
    }
    std::uint16_t port() const { return m_acceptor.local_endpoint().port(); }
    std::vector<wire::ApiKey> keys() const
    {
        std::lock_guard lock(m_mutex);
        return m_keys;
    }

private:
    void serve(asio::ip::tcp::socket& socket)
    {
        for (;;) {
            std::array<std::uint8_t, 4> size {};
            asio::error_code error;
            asio::read(socket, asio::buffer(size), error);
            if (error)
                return;
            wire::Bytes request((std::size_t { size[0] } << 24) | (std::size_t { size[1] } << 16)
                | (std::size_t { size[2] } << 8) | size[3]);
            asio::read(socket, asio::buffer(request), error);
            if (error || request.size() < 8)
                return;
            wire::RequestHeader header;
            header.rawApiKey = static_cast<std::int16_t>((request[0] << 8) | request[1]);
            header.apiKey = static_cast<wire::ApiKey>(header.rawApiKey);
            header.apiVersion = static_cast<std::int16_t>((request[2] << 8) | request[3]);
            header.correlationId = static_cast<std::int32_t>(
                (std::uint32_t { request[4] } << 24) | (request[5] << 16) | (request[6] << 8) | request[7]);
            {
                std::lock_guard lock(m_mutex);
                m_keys.push_back(header.apiKey);
            }
            std::optional<wire::Bytes> answer;
            if (header.apiKey == wire::ApiKey::ApiVersions) {
                wire::ApiVersionsResponse versions;
                versions.apiKeys.assign(wire::observerApis().begin(), wire::observerApis().end());
                versions.apiKeys.push_back({ wire::ApiKey::ConsumerGroupDescribe, 0, 1 });
                answer = wire::encodeResponse(header, versions);
            } else {
                answer = m_answer(header);
            }
            if (!answer)
                return;
            asio::write(socket, asio::buffer(*answer), error);
            if (error)
                return;
        }
    }

    Answer m_answer;
    std::atomic<bool> m_stopping { false };
    asio::io_context m_io;
    asio::ip::tcp::acceptor m_acceptor;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::vector<std::thread> m_connections;
    std::vector<wire::ApiKey> m_keys;
};

TEST(ClusterObserverGroups, AConsumerProtocolGroupIsDescribedByConsumerGroupDescribeNotDescribeGroups)
{
    namespace client = wire::client;
    // Kafka 4.4.0's ConsumerGroupDescribe v1 answer, as the client half reads it: the groups it describes are
    // what the fake broker's ListGroups lists, as "consumer" groups.
    const wire::Bytes golden = goldenResponse("ConsumerGroupDescribe", 1);
    const auto described = std::get<client::ConsumerGroupDescribeResponse>(
        client::parseResponse(wire::ApiKey::ConsumerGroupDescribe, 1, golden, nullptr));
    std::vector<const client::ConsumerGroupDescribedGroup*> groups;
    for (const auto& g : described.groups)
        if (g.errorCode == wire::ErrorCode::None)
            groups.push_back(&g);
    ASSERT_FALSE(groups.empty());

    std::uint16_t port = 0;
    FakeBroker broker([&](const wire::RequestHeader& header) -> std::optional<wire::Bytes> {
        switch (header.apiKey) {
        case wire::ApiKey::DescribeCluster: {
            client::DescribeClusterResponse response;
            response.clusterId = "fake";
            response.controllerId = 1;
            response.brokers.push_back({ 1, "127.0.0.1", port, std::nullopt, false });
            return wire::encodeObserverResponse(header, response);
        }
        case wire::ApiKey::DescribeTopicPartitions: {
            client::DescribeTopicPartitionsResponse response;
            client::DescribeTopicPartitionsTopic topic;
            topic.name = "orders";
            topic.topicId = client::Uuid { 1, 2 };
            client::DescribeTopicPartitionsPartition partition;
            partition.leaderId = 1;
            partition.leaderEpoch = 3;
            partition.replicaNodes = { 1 };
            partition.isrNodes = { 1 };
            partition.eligibleLeaderReplicas = std::vector<std::int32_t> {};
            partition.lastKnownElr = std::vector<std::int32_t> {};
            topic.partitions.push_back(partition);
            response.topics.push_back(topic);
            return wire::encodeObserverResponse(header, response);
        }
        case wire::ApiKey::DescribeConfigs: {
            client::DescribeConfigsResponse response;
            client::DescribeConfigsResult result;
            result.resourceName = "orders";
            result.configs.push_back({ "min.insync.replicas", "1", false, 5, false, {}, 3, std::nullopt });
            response.results.push_back(result);
            return wire::encodeObserverResponse(header, response);
        }
        case wire::ApiKey::ListOffsets: {
            wire::ListOffsetsResponse response;
            response.topics.push_back({ "orders", { { 0, wire::ErrorCode::None, -1, 7, 3 } } });
            return wire::encodeObserverResponse(header, response);
        }
        case wire::ApiKey::Fetch: {
            client::FetchResponse response;
            client::FetchPartitionResponse partition;
            partition.highWatermark = 7;
            partition.records = wire::Bytes {};
            response.responses.push_back({ "orders", { partition } });
            return wire::encodeObserverResponse(header, response);
        }
        case wire::ApiKey::ListGroups: {
            client::ListGroupsResponse response;
            for (const auto* g : groups)
                response.groups.push_back({ g->groupId, "consumer", g->groupState, "consumer" });
            return wire::encodeObserverResponse(header, response);
        }
        case wire::ApiKey::ConsumerGroupDescribe: {
            wire::Bytes frame { 0, 0, 0, 0 };
            frame.insert(frame.end(), golden.begin(), golden.end());
            const auto size = static_cast<std::uint32_t>(golden.size());
            const auto id = static_cast<std::uint32_t>(header.correlationId);
            for (int i = 0; i < 4; ++i) {
                frame[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(size >> (24 - 8 * i));
                frame[static_cast<std::size_t>(4 + i)] = static_cast<std::uint8_t>(id >> (24 - 8 * i));
            }
            return frame;
        }
        case wire::ApiKey::OffsetFetch: {
            client::OffsetFetchResponse response;
            for (const auto* g : groups)
                response.groups.push_back({ g->groupId, { { "orders", { { 0, 5, -1, "", wire::ErrorCode::None } } } },
                    wire::ErrorCode::None });
            return wire::encodeObserverResponse(header, response);
        }
        default:
            return std::nullopt; // DescribeGroups among them: not for a consumer-protocol group
        }
    });
    port = broker.port();

    ClusterObserverOptions options;
    options.bootstrap = "127.0.0.1:" + std::to_string(port);
    options.requestTimeout = std::chrono::milliseconds(3000);
    ObservedCluster cluster;
    ASSERT_NO_THROW(cluster = ClusterObserver(options).poll());
    ASSERT_EQ(cluster.brokers.size(), 1U);
    EXPECT_TRUE(cluster.brokers[0].answered) << cluster.brokers[0].error;
    ASSERT_EQ(cluster.topics.size(), 1U);
    EXPECT_EQ(cluster.topics[0].partitions[0].replicaFacts[0].leo, 7);
    EXPECT_EQ(cluster.topics[0].partitions[0].replicaFacts[0].hw, 7);
    ASSERT_EQ(cluster.groups.size(), groups.size());
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const client::ConsumerGroupDescribedGroup& expected = *groups[i];
        const ObservedGroupFacts& seen = cluster.groups[i];
        SCOPED_TRACE(seen.id);
        EXPECT_EQ(seen.id, expected.groupId);
        EXPECT_EQ(seen.type, "consumer");
        EXPECT_EQ(seen.protocolType, "");
        EXPECT_EQ(seen.state, expected.groupState);
        EXPECT_EQ(seen.protocol, expected.assignorName);
        EXPECT_EQ(seen.coordinator, 1);
        EXPECT_EQ(seen.groupEpoch, expected.groupEpoch);
        EXPECT_EQ(seen.assignmentEpoch, expected.assignmentEpoch);
        ASSERT_EQ(seen.members.size(), expected.members.size());
        EXPECT_FALSE(seen.members.empty());
        for (const client::ConsumerGroupMember& m : expected.members) {
            const auto member = std::find_if(seen.members.begin(), seen.members.end(),
                [&](const ObservedGroupMember& o) { return o.memberId == m.memberId; });
            ASSERT_NE(member, seen.members.end());
            EXPECT_EQ(member->memberEpoch, m.memberEpoch);
            EXPECT_EQ(member->clientId, m.clientId);
            std::size_t assigned = 0, target = 0;
            for (const auto& tp : m.assignment.topicPartitions)
                assigned += tp.partitions.size();
            for (const auto& tp : m.targetAssignment.topicPartitions)
                target += tp.partitions.size();
            EXPECT_EQ(member->assignment.size(), assigned);
            EXPECT_EQ(member->targetAssignment.size(), target);
        }
        EXPECT_EQ(seen.committed, (std::vector<ObservedCommittedOffset> { { "orders", 0, 5 } }));
    }
    const std::vector<wire::ApiKey> keys = broker.keys();
    EXPECT_NE(std::find(keys.begin(), keys.end(), wire::ApiKey::ConsumerGroupDescribe), keys.end());
    EXPECT_EQ(std::find(keys.begin(), keys.end(), wire::ApiKey::DescribeGroups), keys.end());
}

} // namespace
} // namespace hw::realkafka
