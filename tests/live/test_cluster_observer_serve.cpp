// SPDX-License-Identifier: MIT
// realkafka::ClusterObserver (issue 29) against an in-process `serve` (KafkaServer on loopback sockets): every
// replica's LEO and HW equal the simulation's at quiescence; a killed broker shows as not answering and fenced,
// with the new leader; the loop keeps its interval and says when a slow broker stretched it; and the capture
// test: every request the observer sends, read on the wire by a proxy in front of each broker, is a describe,
// list or fetch request (the read-only allowlist), under the client id highwater-observe.
//
// The proxy: serve binds its brokers on 127.0.0.1 and advertises 127.0.0.2 (ServeOptions.advertisedHost), where
// CaptureProxy listens on the same ports, so the observer, which dials what DescribeCluster names, goes through
// it for every broker. The proxy relays one frame at a time (the observer has one request in flight per
// connection), records its API key and bytes, and may hold each request a while (a slow broker).
#include "engine/engine.h"
#include "live/kafka_apis.h"
#include "live/kafka_server.h"
#include "model/config.h"
#include "model/kafka_version.h"
#include "realkafka/cluster_observer.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"
#include "wire/protocol_observe.h"

#include <asio.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace hw;
namespace client = hw::wire::client;

namespace {

constexpr const char* proxyHost = "127.0.0.2";

/// One request the proxy relayed.
struct Captured {
    std::int32_t broker = 0;
    wire::ApiKey key = wire::ApiKey::ApiVersions;
    std::int16_t version = 0;
    std::string clientId;
    wire::Bytes request;        // without its size prefix
    std::size_t requestBytes = 0;  // with it
    std::size_t responseBytes = 0; // with it
};

class CaptureProxy {
public:
    CaptureProxy(int basePort, int brokers)
    {
        for (int b = 1; b <= brokers; ++b) {
            auto acceptor = std::make_unique<asio::ip::tcp::acceptor>(m_io);
            const asio::ip::tcp::endpoint at(asio::ip::make_address(proxyHost), static_cast<std::uint16_t>(basePort + b));
            acceptor->open(at.protocol());
            acceptor->set_option(asio::ip::tcp::acceptor::reuse_address(true));
            acceptor->bind(at);
            acceptor->listen();
            m_acceptors.push_back(std::move(acceptor));
            m_threads.emplace_back([this, b, basePort, acceptor = m_acceptors.back().get()] {
                accept(*acceptor, b, basePort + b);
            });
        }
    }
    ~CaptureProxy()
    {
        m_stopping = true;
        for (std::size_t i = 0; i < m_acceptors.size(); ++i) {
            // A connection of our own wakes each blocking accept.
            asio::io_context io;
            asio::ip::tcp::socket wake(io);
            asio::error_code ignored;
            wake.connect(m_acceptors[i]->local_endpoint(ignored), ignored);
        }
        for (std::jthread& t : m_threads)
            t.join();
        std::vector<std::jthread> relays;
        {
            std::lock_guard lock(m_mutex);
            relays.swap(m_relays);
        }
        for (std::jthread& t : relays)
            t.join();
    }

    std::vector<Captured> captured() const
    {
        std::lock_guard lock(m_mutex);
        return m_captured;
    }
    void clear()
    {
        std::lock_guard lock(m_mutex);
        m_captured.clear();
    }
    /// Holds every request to the broker this long before passing it on.
    void setDelay(int broker, std::chrono::milliseconds delay) { m_delayMs[broker] = static_cast<int>(delay.count()); }
    /// Connections accepted per broker, and the most open at once.
    int accepted(int broker) const { return m_accepted[broker].load(); }
    int openMax(int broker) const { return m_openMax[broker].load(); }

private:
    void accept(asio::ip::tcp::acceptor& acceptor, int broker, int port)
    {
        for (;;) {
            asio::ip::tcp::socket downstream(m_io);
            asio::error_code error;
            acceptor.accept(downstream, error);
            if (error || m_stopping)
                return;
            ++m_accepted[broker];
            std::lock_guard lock(m_mutex);
            m_relays.emplace_back([this, broker, port, downstream = std::move(downstream)]() mutable {
                relay(std::move(downstream), broker, port);
            });
        }
    }

    static bool readFrame(asio::ip::tcp::socket& from, wire::Bytes& frame)
    {
        std::array<std::uint8_t, 4> size {};
        asio::error_code error;
        asio::read(from, asio::buffer(size), error);
        if (error)
            return false;
        const std::uint32_t length = (std::uint32_t { size[0] } << 24) | (std::uint32_t { size[1] } << 16)
            | (std::uint32_t { size[2] } << 8) | size[3];
        if (length > 64 * 1024 * 1024)
            return false;
        frame.assign(size.begin(), size.end());
        frame.resize(4 + length);
        asio::read(from, asio::buffer(frame.data() + 4, length), error);
        return !error;
    }

    void relay(asio::ip::tcp::socket downstream, int broker, int port)
    {
        const int open = ++m_open[broker];
        int seen = m_openMax[broker].load();
        while (open > seen && !m_openMax[broker].compare_exchange_weak(seen, open)) { }
        asio::ip::tcp::socket upstream(m_io);
        asio::error_code error;
        upstream.connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<std::uint16_t>(port)),
            error);
        wire::Bytes request, response;
        while (!error && readFrame(downstream, request)) {
            Captured c;
            c.broker = broker;
            c.key = static_cast<wire::ApiKey>((request[4] << 8) | request[5]);
            c.version = static_cast<std::int16_t>((request[6] << 8) | request[7]);
            const int idLength = (request[12] << 8) | request[13];
            if (idLength != 0xffff && request.size() >= 14U + idLength)
                c.clientId.assign(request.begin() + 14, request.begin() + 14 + idLength);
            c.request.assign(request.begin() + 4, request.end());
            c.requestBytes = request.size();
            if (const int delay = m_delayMs[broker].load(); delay > 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(delay));
            asio::write(upstream, asio::buffer(request), error);
            if (error || !readFrame(upstream, response))
                break;
            c.responseBytes = response.size();
            {
                std::lock_guard lock(m_mutex);
                m_captured.push_back(std::move(c));
            }
            asio::write(downstream, asio::buffer(response), error);
        }
        --m_open[broker];
    }

    asio::io_context m_io;
    std::atomic<bool> m_stopping { false };
    std::vector<std::unique_ptr<asio::ip::tcp::acceptor>> m_acceptors;
    std::array<std::atomic<int>, 8> m_delayMs {};
    std::array<std::atomic<int>, 8> m_accepted {};
    std::array<std::atomic<int>, 8> m_open {};
    std::array<std::atomic<int>, 8> m_openMax {};
    mutable std::mutex m_mutex;
    std::vector<Captured> m_captured;
    std::vector<std::jthread> m_relays;
    std::vector<std::jthread> m_threads;
};

/// Three brokers; "orders" (2 partitions) and "clicks" (1) on all three; min.insync.replicas 2; four records
/// produced to each partition and the group "billing" consuming "orders" for seven seconds (it commits), before
/// serving starts.
Scenario observedScenario(int ordersPartitions = 2)
{
    Scenario scenario;
    scenario.name = "observed";
    scenario.cluster.name = "observed";
    scenario.cluster.brokers = 3;
    scenario.cluster.config = defaultsFor(KafkaVersion::V4_4);
    scenario.cluster.config.autoFetch = true;
    scenario.cluster.config.minInsyncReplicas = 2;
    TopicSpec orders;
    orders.name = "orders";
    orders.partitions = ordersPartitions;
    orders.replicationFactor = 3;
    scenario.cluster.topics.push_back(orders);
    TopicSpec clicks;
    clicks.name = "clicks";
    clicks.partitions = 1;
    clicks.replicationFactor = 3;
    clicks.config.retentionMs = 60000;
    scenario.cluster.topics.push_back(clicks);
    ProducerSpec producer;
    producer.id = "steady";
    producer.acks = Acks::All;
    scenario.cluster.producers.push_back(producer);
    ConsumerSpec consumer;
    consumer.id = "reader";
    consumer.group = "billing";
    consumer.topics = { 0 };
    scenario.cluster.consumers.push_back(consumer);
    return scenario;
}

/// serve on its own thread, from a timeline brought to quiescence, until stopAfterMs.
struct Served {
    Scenario scenario;
    Timeline timeline;
    ClusterState before; // the state serving started from
    live::ServeOptions options;
    std::ostringstream log;
    std::unique_ptr<live::KafkaServer> server;
    std::thread thread;

    explicit Served(Scenario s, std::int64_t stopAfterMs, std::vector<TimedStep> script = {}, double speed = 1.0)
        : scenario(std::move(s))
        , timeline(Engine::createCluster(scenario.cluster))
    {
        for (std::size_t t = 0; t < scenario.cluster.topics.size(); ++t)
            for (std::int32_t p = 0; p < scenario.cluster.topics[t].partitions; ++p) {
                const ApplyResult produced = timeline.apply(
                    ProduceAction { 0, static_cast<int>(t), p, std::nullopt, { "a", "b", "c", "d" }, {} });
                EXPECT_TRUE(produced.ok()) << produced.error;
            }
        // step() says whether a frame was added, not whether events remain: bounded by a count.
        for (int i = 0; i < 1000000 && timeline.head().nowMs < 7000; ++i)
            timeline.step();
        before = timeline.head();
        options.basePort = 20000 + static_cast<int>((getpid() * 7) % 20000);
        options.advertisedHost = proxyHost;
        options.quiet = false;
        options.stopAfterMs = stopAfterMs;
        options.speed = speed;
        options.script = std::move(script);
        server = std::make_unique<live::KafkaServer>(scenario, timeline, options, log);
        const std::string listening = server->listen();
        EXPECT_EQ(listening, "");
        thread = std::thread([this] { server->run(); });
    }
    ~Served() { thread.join(); }

    std::string bootstrap(BrokerId broker = 1) const
    {
        return std::string(proxyHost) + ":" + std::to_string(options.basePort + broker);
    }

    const Partition& partition(const std::string& topic, std::int32_t index) const
    {
        return before.partitions[static_cast<std::size_t>(live::findPartition(before, topic, index))];
    }
};

realkafka::ClusterObserverOptions optionsFor(const Served& served)
{
    realkafka::ClusterObserverOptions options;
    options.bootstrap = served.bootstrap();
    options.requestTimeout = std::chrono::milliseconds(2000);
    return options;
}

const ObservedTopicFacts* topicOf(const ObservedCluster& cluster, const std::string& name)
{
    for (const ObservedTopicFacts& t : cluster.topics)
        if (t.name == name)
            return &t;
    return nullptr;
}

const ObservedBrokerFacts* brokerOf(const ObservedCluster& cluster, std::int32_t id)
{
    for (const ObservedBrokerFacts& b : cluster.brokers)
        if (b.id == id)
            return &b;
    return nullptr;
}

std::vector<std::int32_t> ids(const auto& brokers)
{
    return std::vector<std::int32_t>(brokers.begin(), brokers.end());
}

} // namespace

TEST(ClusterObserverServe, AtQuiescenceEveryReplicasLeoAndHwEqualTheSimulationsAndTwoPollsAgree)
{
    Served served(observedScenario(), 6000);
    CaptureProxy proxy(served.options.basePort, 3);
    std::optional<ObservedCluster> first, second;
    std::string failure;
    try {
        realkafka::ClusterObserver observer(optionsFor(served));
        first = observer.poll();
        second = observer.poll();
    } catch (const std::exception& error) {
        failure = error.what();
    }
    ASSERT_EQ(failure, "") << served.log.str();

    const ObservedCluster& cluster = *first;
    EXPECT_EQ(cluster.clusterId, "highwater-observed");
    EXPECT_TRUE(cluster.fencingKnown);
    EXPECT_TRUE(cluster.elrKnown);
    EXPECT_EQ(cluster.kafkaVersion, "4.0+");
    EXPECT_EQ(cluster.intervalMs, 1000);
    EXPECT_FALSE(cluster.stretched);
    ASSERT_EQ(cluster.brokers.size(), 3U);
    for (const ObservedBrokerFacts& b : cluster.brokers) {
        SCOPED_TRACE("broker " + std::to_string(b.id));
        EXPECT_TRUE(b.answered) << b.error;
        EXPECT_FALSE(b.fenced);
        EXPECT_EQ(b.host, proxyHost);
        EXPECT_EQ(b.port, served.options.basePort + b.id);
    }
    // By name: "clicks" before "orders"; no internal topic (__consumer_offsets).
    ASSERT_EQ(cluster.topics.size(), 2U);
    EXPECT_EQ(cluster.topics[0].name, "clicks");
    EXPECT_EQ(cluster.topics[1].name, "orders");
    for (const ObservedTopicFacts& topic : cluster.topics) {
        EXPECT_EQ(topic.minInsyncReplicas, 2); // DescribeConfigs, from serve
        EXPECT_EQ(topic.topicId.size(), 22U);
        for (const ObservedPartitionFacts& p : topic.partitions) {
            SCOPED_TRACE(topic.name + "-" + std::to_string(p.partition));
            const Partition& simulated = served.partition(topic.name, p.partition);
            EXPECT_EQ(p.leader, simulated.registration.leader);
            EXPECT_EQ(p.leaderEpoch, simulated.registration.leaderEpoch);
            EXPECT_EQ(p.replicas, ids(simulated.registration.replicas));
            EXPECT_EQ(p.isr, ids(simulated.registration.isr));
            EXPECT_EQ(p.elr, std::optional(std::vector<std::int32_t> {}));
            EXPECT_EQ(partitionHealth(p, topic.minInsyncReplicas, { 1, 2, 3 }), PartitionHealth::Healthy);
            ASSERT_EQ(p.replicaFacts.size(), 3U);
            for (std::size_t i = 0; i < 3; ++i) {
                const ObservedReplicaFacts& r = p.replicaFacts[i];
                SCOPED_TRACE("broker " + std::to_string(r.broker));
                EXPECT_EQ(r.broker, p.replicas[i]);
                const auto replica = std::find_if(simulated.replicas.begin(), simulated.replicas.end(),
                    [&](const Replica& s) { return s.broker == r.broker; });
                ASSERT_NE(replica, simulated.replicas.end());
                EXPECT_EQ(r.error, "");
                EXPECT_EQ(r.leo, replica->log.leo());
                EXPECT_EQ(r.hw, replica->hw);
                EXPECT_EQ(r.logStart, replica->log.logStart);
                EXPECT_EQ(r.leo, 4);
                EXPECT_EQ(r.hw, 4);
            }
        }
    }
    // The group: classic, at its coordinator, with the offsets it committed.
    ASSERT_EQ(cluster.groups.size(), 1U);
    const ObservedGroupFacts& group = cluster.groups[0];
    EXPECT_EQ(group.id, "billing");
    EXPECT_EQ(group.type, "classic");
    const Group& simulatedGroup = served.before.groups[static_cast<std::size_t>(served.before.findGroup("billing"))];
    EXPECT_EQ(group.state, live::kafkaGroupState(simulatedGroup.state));
    const auto coordinated = live::groupsCoordinatedBy(served.before, group.coordinator);
    EXPECT_EQ(coordinated.size(), 1U);
    std::vector<ObservedCommittedOffset> committed;
    for (const CommittedOffset& c : simulatedGroup.committed) {
        const Partition& partition = served.before.partitions[static_cast<std::size_t>(c.partition)];
        committed.push_back({ served.before.topics[static_cast<std::size_t>(partition.topic)].name, partition.index,
            c.offset });
    }
    std::sort(committed.begin(), committed.end(),
        [](const auto& a, const auto& b) { return std::tie(a.topic, a.partition) < std::tie(b.topic, b.partition); });
    EXPECT_FALSE(committed.empty());
    EXPECT_EQ(group.committed, committed);

    // Nothing changed between the two polls: they agree but for the time.
    ObservedCluster a = *first, b = *second;
    EXPECT_GE(b.timeMs, a.timeMs + a.pollMs);
    a.timeMs = b.timeMs = 0;
    a.pollMs = b.pollMs = 0;
    EXPECT_EQ(a, b);
    // One persistent connection per broker over both polls (broker 1 was the bootstrap broker too: that
    // connection closes once the brokers are known).
    EXPECT_EQ(proxy.accepted(1), 2);
    EXPECT_LE(proxy.openMax(1), 2);
    for (int broker = 2; broker <= 3; ++broker) {
        EXPECT_EQ(proxy.accepted(broker), 1) << "broker " << broker;
        EXPECT_EQ(proxy.openMax(broker), 1) << "broker " << broker;
    }
}

TEST(ClusterObserverServe, OnlyTheTopicsTheRegexMatchesAreObservedAndBadOptionsAreRefused)
{
    Served served(observedScenario(), 3000);
    CaptureProxy proxy(served.options.basePort, 3);
    realkafka::ClusterObserverOptions options = optionsFor(served);
    options.topicsRegex = "ord.*";
    std::optional<ObservedCluster> cluster;
    std::string failure;
    try {
        cluster = realkafka::ClusterObserver(options).poll();
    } catch (const std::exception& error) {
        failure = error.what();
    }
    ASSERT_EQ(failure, "") << served.log.str();
    ASSERT_EQ(cluster->topics.size(), 1U);
    EXPECT_EQ(cluster->topics[0].name, "orders");

    const auto refusal = [&](realkafka::ClusterObserverOptions bad) {
        try {
            realkafka::ClusterObserver observer(std::move(bad));
        } catch (const realkafka::ClusterObserverError& error) {
            return std::string(error.what());
        }
        return std::string("accepted");
    };
    options.topicsRegex = "orders(";
    EXPECT_NE(refusal(options).find("--topics \"orders(\" is not a regular expression"), std::string::npos);
    options.topicsRegex = ".*";
    options.interval = std::chrono::milliseconds(99);
    EXPECT_NE(refusal(options).find("at least 100 ms"), std::string::npos) << refusal(options);
    options.interval = std::chrono::milliseconds(100);
    EXPECT_EQ(refusal(options), "accepted");
    options.bootstrap = "localhost";
    EXPECT_NE(refusal(options).find("is not HOST:PORT"), std::string::npos);
    options.bootstrap = "127.0.0.1:1";
    std::string none;
    try {
        realkafka::ClusterObserver(options).poll();
    } catch (const realkafka::ClusterObserverError& error) {
        none = error.what();
    }
    EXPECT_NE(none.find("no bootstrap broker answered"), std::string::npos) << none;
}

TEST(ClusterObserverServe, AKilledBrokerIsFencedAndNotAnsweringAndItsPartitionsShowTheNewLeaderAndTheShrunkIsr)
{
    Scenario scenario = observedScenario();
    scenario.cluster.topics[0].assignment = { { 1, 2, 3 }, { 2, 3, 1 } };
    const auto script = parseScript(
        R"([{"at_ms": 1000, "kill": {"broker": 1}}, {"at_ms": 20000, "restart": {"broker": 1}}])", "script",
        scenario.cluster);
    ASSERT_TRUE(std::holds_alternative<std::vector<TimedStep>>(script));
    // Four simulated ms per wall-clock ms: broker.session.timeout.ms (9 s) passes in about 2.3 s, the restart
    // comes 5 s after serving began.
    Served served(scenario, 11000, std::get<std::vector<TimedStep>>(script), 4.0);
    CaptureProxy proxy(served.options.basePort, 3);
    const Partition& before = served.partition("orders", 0);
    ASSERT_EQ(before.registration.leader, 1);

    realkafka::ClusterObserverOptions options = optionsFor(served);
    options.interval = std::chrono::milliseconds(100);
    options.requestTimeout = std::chrono::milliseconds(1000);
    std::vector<ObservedCluster> polls;
    std::optional<ObservedCluster> restarted;
    std::string failure;
    try {
        realkafka::ClusterObserver observer(options);
        std::stop_source stop;
        observer.run(
            [&](const ObservedCluster& cluster) {
                polls.push_back(cluster);
                const ObservedTopicFacts* orders = topicOf(cluster, "orders");
                if ((orders && orders->partitions[0].leader != 1 && brokerOf(cluster, 1)->fenced) || polls.size() > 200)
                    stop.request_stop();
            },
            stop.get_token());
        // The same observer after broker 1 restarts: its connection is dialled again at the next poll.
        std::stop_source again;
        observer.run(
            [&](const ObservedCluster& cluster) {
                if ((brokerOf(cluster, 1)->answered && !brokerOf(cluster, 1)->fenced) || cluster.timeMs > 30000) {
                    restarted = cluster;
                    again.request_stop();
                }
            },
            again.get_token());
    } catch (const std::exception& error) {
        failure = error.what();
    }
    ASSERT_EQ(failure, "") << served.log.str();
    ASSERT_TRUE(restarted.has_value());
    EXPECT_TRUE(brokerOf(*restarted, 1)->answered) << brokerOf(*restarted, 1)->error;
    EXPECT_EQ(brokerOf(*restarted, 1)->error, "");
    ASSERT_FALSE(polls.empty());
    const ObservedCluster& last = polls.back();
    const ObservedBrokerFacts* killed = brokerOf(last, 1);
    ASSERT_NE(killed, nullptr);
    EXPECT_TRUE(killed->fenced);
    EXPECT_FALSE(killed->answered);
    EXPECT_NE(killed->error, "");
    EXPECT_TRUE(brokerOf(last, 2)->answered);
    EXPECT_TRUE(brokerOf(last, 3)->answered);
    const ObservedPartitionFacts& p = topicOf(last, "orders")->partitions[0];
    EXPECT_EQ(p.leader, 2); // the next in the assignment that is in the ISR
    EXPECT_GT(p.leaderEpoch, before.registration.leaderEpoch);
    EXPECT_EQ(p.isr, (std::vector<std::int32_t> { 2, 3 }));
    EXPECT_EQ(partitionHealth(p, 2, { 2, 3 }), PartitionHealth::AtMinIsr);
    // The killed replica's offsets are not known; the others' are.
    EXPECT_EQ(p.replicaFacts[0].broker, 1);
    EXPECT_EQ(p.replicaFacts[0].leo, std::nullopt);
    EXPECT_EQ(p.replicaFacts[0].hw, std::nullopt);
    EXPECT_EQ(p.replicaFacts[1].leo, 4);
    EXPECT_EQ(p.replicaFacts[2].leo, 4);
    // Never out of order: once a poll shows the new leader, every later one does, with the same epoch or later.
    bool changed = false;
    std::int32_t epoch = -1;
    for (const ObservedCluster& poll : polls) {
        const ObservedPartitionFacts& q = topicOf(poll, "orders")->partitions[0];
        if (q.leader != 1)
            changed = true;
        if (changed) {
            EXPECT_NE(q.leader, 1);
            EXPECT_GE(q.leaderEpoch, epoch);
            epoch = q.leaderEpoch;
        }
    }
}

TEST(ClusterObserverServe, TheLoopKeepsItsIntervalAndSaysWhenASlowBrokerStretchedIt)
{
    Served served(observedScenario(), 6000);
    CaptureProxy proxy(served.options.basePort, 3);
    realkafka::ClusterObserverOptions options = optionsFor(served);
    options.interval = std::chrono::milliseconds(200); // room for a loaded machine's slow poll
    std::vector<ObservedCluster> polls;
    std::string failure;
    try {
        realkafka::ClusterObserver observer(options);
        std::stop_source stop;
        observer.run(
            [&](const ObservedCluster& cluster) {
                polls.push_back(cluster);
                if (polls.size() == 6)
                    proxy.setDelay(2, std::chrono::milliseconds(80)); // every request to broker 2 held 80 ms
                if (polls.size() == 10)
                    stop.request_stop();
            },
            stop.get_token());
    } catch (const std::exception& error) {
        failure = error.what();
    }
    ASSERT_EQ(failure, "") << served.log.str();
    ASSERT_EQ(polls.size(), 10U);
    // The first six: every poll well inside 200 ms (loopback), one every 200 ms.
    for (std::size_t i = 1; i < 6; ++i) {
        SCOPED_TRACE("poll " + std::to_string(i));
        EXPECT_FALSE(polls[i].stretched) << polls[i].pollMs;
        EXPECT_GE(polls[i].timeMs - polls[i - 1].timeMs, 200);
        EXPECT_LT(polls[i].timeMs - polls[i - 1].timeMs, 350);
    }
    // Then broker 2 takes 80 ms per request, and a poll sends it four one after the other (ListOffsets twice,
    // the probe Fetch, ListGroups): each poll outlasts the interval, says so, and the next starts when it ends.
    for (std::size_t i = 6; i < 10; ++i) {
        SCOPED_TRACE("poll " + std::to_string(i));
        EXPECT_TRUE(polls[i].stretched) << polls[i].pollMs;
        EXPECT_GT(polls[i].pollMs, 200);
        EXPECT_TRUE(brokerOf(polls[i], 2)->answered); // slow, not failed
        if (i > 6) {
            EXPECT_GE(polls[i].timeMs, polls[i - 1].timeMs + polls[i - 1].pollMs);
            EXPECT_LE(polls[i].timeMs, polls[i - 1].timeMs + polls[i - 1].pollMs + 50);
        }
    }
}

TEST(ClusterObserverServe, APollWithGroupsSendsOnlyDescribeListAndFetchRequestsAsHighwaterObserve)
{
    Served served(observedScenario(), 4000);
    CaptureProxy proxy(served.options.basePort, 3);
    std::string failure;
    std::optional<ObservedCluster> cluster;
    try {
        realkafka::ClusterObserver observer(optionsFor(served));
        cluster = observer.poll();
    } catch (const std::exception& error) {
        failure = error.what();
    }
    ASSERT_EQ(failure, "") << served.log.str();
    ASSERT_EQ(cluster->groups.size(), 1U); // the poll went through the group requests
    ASSERT_FALSE(cluster->groups[0].committed.empty());

    // The read-only allowlist: describe, list and fetch requests, and the handshake.
    const std::set<wire::ApiKey> allowed { wire::ApiKey::ApiVersions, wire::ApiKey::Metadata,
        wire::ApiKey::DescribeCluster, wire::ApiKey::DescribeTopicPartitions, wire::ApiKey::DescribeConfigs,
        wire::ApiKey::ListOffsets, wire::ApiKey::Fetch, wire::ApiKey::ListGroups, wire::ApiKey::DescribeGroups,
        wire::ApiKey::ConsumerGroupDescribe, wire::ApiKey::OffsetFetch };
    // What must never be sent (each writes, joins or changes something).
    const std::set<wire::ApiKey> forbidden { wire::ApiKey::Produce, wire::ApiKey::InitProducerId,
        wire::ApiKey::CreateTopics, wire::ApiKey::IncrementalAlterConfigs, wire::ApiKey::ElectLeaders,
        wire::ApiKey::OffsetCommit, wire::ApiKey::JoinGroup, wire::ApiKey::SyncGroup, wire::ApiKey::Heartbeat,
        wire::ApiKey::LeaveGroup, wire::ApiKey::FindCoordinator };
    const std::vector<Captured> captured = proxy.captured();
    std::set<wire::ApiKey> sent;
    for (const Captured& c : captured) {
        SCOPED_TRACE(std::string(wire::apiName(c.key)) + " v" + std::to_string(c.version) + " to broker "
            + std::to_string(c.broker));
        EXPECT_TRUE(allowed.contains(c.key)) << "raw key " << static_cast<int>(c.key);
        EXPECT_FALSE(forbidden.contains(c.key));
        EXPECT_EQ(c.clientId, "highwater-observe");
        sent.insert(c.key);
        // The requests as serve reads them: the probe Fetch is sessionless and does not wait; ListOffsets asks
        // as the debugging replica.
        if (c.key == wire::ApiKey::Fetch) {
            const auto frame = wire::parseObserverRequest(c.request);
            ASSERT_TRUE(frame.has_value());
            const auto& fetch = std::get<client::FetchRequest>(frame->body);
            EXPECT_GE(c.version, 11);
            EXPECT_EQ(fetch.sessionId, 0);
            EXPECT_EQ(fetch.sessionEpoch, -1);
            EXPECT_EQ(fetch.maxWaitMs, 0);
            EXPECT_EQ(fetch.minBytes, 0);
            EXPECT_EQ(fetch.replicaId, -1);
        }
        if (c.key == wire::ApiKey::ListOffsets) {
            const auto frame = wire::parseObserverRequest(c.request);
            ASSERT_TRUE(frame.has_value());
            EXPECT_EQ(std::get<wire::ListOffsetsRequest>(frame->body).replicaId, -2);
        }
    }
    for (const wire::ApiKey expected : { wire::ApiKey::ApiVersions, wire::ApiKey::DescribeCluster,
             wire::ApiKey::DescribeTopicPartitions, wire::ApiKey::DescribeConfigs, wire::ApiKey::ListOffsets,
             wire::ApiKey::Fetch, wire::ApiKey::ListGroups, wire::ApiKey::DescribeGroups,
             wire::ApiKey::OffsetFetch })
        EXPECT_TRUE(sent.contains(expected)) << wire::apiName(expected) << " was not sent";
    // serve applied nothing for the observer: its timeline has no live client action from it.
    EXPECT_EQ(served.log.str().find("the simulation refused"), std::string::npos);
}

TEST(ClusterObserverServe, APollsLoadPerBrokerIsAFixedNumberOfRequestsWhateverThePartitionCount)
{
    // The load of one poll in steady state (connections open), per broker, for 2 + 1 and 64 + 1 partitions of
    // three replicas each: requests and bytes both ways, as the proxy counts them on the wire.
    std::map<int, std::map<int, std::pair<int, std::size_t>>> load; // partitions -> broker -> (requests, bytes)
    for (const int ordersPartitions : { 2, 64 }) {
        Served served(observedScenario(ordersPartitions), 4000);
        CaptureProxy proxy(served.options.basePort, 3);
        std::string failure;
        try {
            realkafka::ClusterObserver observer(optionsFor(served));
            observer.poll();
            proxy.clear();
            observer.poll();
            for (const realkafka::ObserverLoad& l : observer.lastLoad())
                load[ordersPartitions + 1][l.broker].first = l.requests;
        } catch (const std::exception& error) {
            failure = error.what();
        }
        ASSERT_EQ(failure, "") << served.log.str();
        std::map<int, int> requests;
        for (const Captured& c : proxy.captured()) {
            ++requests[c.broker];
            load[ordersPartitions + 1][c.broker].second += c.requestBytes + c.responseBytes;
        }
        for (int broker = 1; broker <= 3; ++broker)
            EXPECT_EQ(requests[broker], load[ordersPartitions + 1][broker].first) << "broker " << broker;
    }
    for (const auto& [partitions, brokers] : load) {
        int total = 0;
        for (const auto& [broker, figures] : brokers) {
            std::cout << "load: " << partitions << " partitions x 3 replicas, broker " << broker << ": "
                      << figures.first << " requests, " << figures.second << " bytes per poll\n";
            total += figures.first;
            // ListOffsets twice, the probe Fetch, ListGroups; one broker adds DescribeCluster,
            // DescribeTopicPartitions and DescribeConfigs, the coordinator DescribeGroups and OffsetFetch.
            EXPECT_GE(figures.first, 4);
            EXPECT_LE(figures.first, 9);
        }
        EXPECT_EQ(total, 3 * 4 + 3 + 2) << partitions << " partitions";
    }
}
