// SPDX-License-Identifier: MIT
// realkafka/cluster.*, without a JVM: the run folder and its lock, the stale-run cleanup, the nodes'
// properties (the per-source listener layout, the scenario's settings), and the key table.
#include "model/limits.h"
#include "realkafka/cluster.h"

#include <asio.hpp>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <fstream>
#include <regex>
#include <set>
#include <sys/file.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {

using namespace hw::realkafka;
namespace fs = std::filesystem;

class ClusterLayout : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_root = fs::temp_directory_path() / ("hw-layout-" + std::to_string(::getpid()));
        fs::remove_all(m_root);
        fs::create_directories(m_root / "dist" / "libs");
        fs::create_directories(m_root / "dist" / "config");
        std::ofstream(m_root / "dist" / "libs" / "kafka_2.13-4.4.0.jar");
        std::ofstream(m_root / "dist" / "config" / "log4j2.yaml");
        std::ofstream(m_root / "dist" / "config" / "tools-log4j2.yaml");
        m_dist = openDistribution(m_root / "dist", realDir() / "config");
        fs::create_directories(m_root / "runs");
    }
    void TearDown() override { fs::remove_all(m_root); }

    ClusterOptions options(int brokers)
    {
        ClusterOptions o;
        o.brokers = brokers;
        o.config = hw::defaultsFor(hw::KafkaVersion::V4_4);
        o.runRoot = m_root / "runs";
        return o;
    }

    /// The value of the last line `key=...` (the last one wins in a properties file).
    static std::string value(const std::string& properties, const std::string& key)
    {
        std::string found;
        std::istringstream in(properties);
        std::string line;
        while (std::getline(in, line))
            if (line.rfind(key + "=", 0) == 0)
                found = line.substr(key.size() + 1);
        return found;
    }

    fs::path m_root;
    Distribution m_dist;
};

TEST_F(ClusterLayout, EachBrokerHasAListenerPerSourceAdvertisedThroughItsOwnLink)
{
    ClusterOptions o = options(3);
    o.config.minInsyncReplicas = 2;
    o.config.uncleanLeaderElectionEnable = true;
    o.config.replicaLagTimeMaxMs = 5000;
    o.config.networkLatencyMs = 50; // does not apply: never written
    o.racks = { std::string("a"), std::nullopt, std::string("b") };
    fs::path runDir;
    {
        RealCluster cluster(m_dist, o);
        runDir = cluster.runDir();
        EXPECT_EQ(runDir.parent_path(), m_root / "runs");
        EXPECT_TRUE(std::regex_match(runDir.filename().string(),
            std::regex("highwater-real-" + std::to_string(::getpid()) + "-[0-9a-f]{8}")));
        EXPECT_TRUE(fs::exists(runDir / "lock"));

        const std::string b2 = cluster.nodeProperties(2);
        EXPECT_EQ(value(b2, "process.roles"), "broker");
        EXPECT_EQ(value(b2, "node.id"), "2");
        EXPECT_EQ(value(b2, "inter.broker.listener.name"), "FROM2");
        EXPECT_EQ(value(b2, "listener.security.protocol.map"),
            "CONTROLLER:PLAINTEXT,FROM1:PLAINTEXT,FROM2:PLAINTEXT,FROM3:PLAINTEXT,CLIENT:PLAINTEXT,OBSERVER:PLAINTEXT");
        const std::regex listeners("FROM1://127\\.0\\.0\\.1:(\\d+),FROM2://127\\.0\\.0\\.1:(\\d+),FROM3://127\\.0\\.0\\.1:(\\d+),"
                                   "CLIENT://127\\.0\\.0\\.1:(\\d+),OBSERVER://127\\.0\\.0\\.1:(\\d+)");
        std::smatch own, advertised;
        const std::string ownText = value(b2, "listeners");
        const std::string advertisedText = value(b2, "advertised.listeners");
        ASSERT_TRUE(std::regex_match(ownText, own, listeners)) << ownText;
        ASSERT_TRUE(std::regex_match(advertisedText, advertised, listeners)) << advertisedText;
        // Every proxied listener is advertised at another port (its link's); OBSERVER is direct.
        for (int i = 1; i <= 4; ++i)
            EXPECT_NE(own[i], advertised[i]) << i;
        EXPECT_EQ(own[5], advertised[5]);
        // The controller is reached through a port of the broker's own: each broker names another one.
        const std::string voters2 = value(b2, "controller.quorum.voters");
        const std::string voters3 = value(cluster.nodeProperties(3), "controller.quorum.voters");
        const std::string votersC = value(cluster.nodeProperties(controllerNodeId), "controller.quorum.voters");
        EXPECT_EQ(voters2.rfind("1000@127.0.0.1:", 0), 0u);
        EXPECT_NE(voters2, voters3);
        EXPECT_NE(voters2, votersC);
        EXPECT_EQ(value(cluster.nodeProperties(controllerNodeId), "listeners"), "CONTROLLER://" + votersC.substr(5));
        // The clients' bootstrap is each broker's CLIENT link, never the direct port.
        EXPECT_EQ(cluster.clientBootstrap().find(std::string(own[4])), std::string::npos);
        EXPECT_NE(cluster.clientBootstrap().find(std::string(advertised[4])), std::string::npos);

        // The scenario's settings that differ from Kafka's defaults, by where they belong.
        EXPECT_EQ(value(b2, "min.insync.replicas"), "2");
        EXPECT_EQ(value(b2, "unclean.leader.election.enable"), "true");
        EXPECT_EQ(value(b2, "replica.lag.time.max.ms"), "5000");
        EXPECT_EQ(value(b2, "network.latency.ms"), "");
        EXPECT_EQ(value(b2, "broker.session.timeout.ms"), "") << "at its default: left to Kafka";
        EXPECT_EQ(value(b2, "broker.rack"), "");
        EXPECT_EQ(value(cluster.nodeProperties(1), "broker.rack"), "a");
        EXPECT_EQ(value(cluster.nodeProperties(3), "broker.rack"), "b");
        const std::string controller = cluster.nodeProperties(controllerNodeId);
        EXPECT_EQ(value(controller, "min.insync.replicas"), "2");
        EXPECT_EQ(value(controller, "unclean.leader.election.enable"), "true");
        EXPECT_EQ(value(controller, "replica.lag.time.max.ms"), "");

        // Without a JVM, nothing runs: faults name that.
        EXPECT_FALSE(cluster.brokerRunning(1));
        EXPECT_THROW(cluster.kill(1), ClusterError);
        EXPECT_THROW(cluster.kill(4), ClusterError);
        const ObserveRequest request = cluster.observeRequest({ "orders" });
        ASSERT_EQ(request.brokers.size(), 3u);
        EXPECT_FALSE(request.brokers[0].running);
        EXPECT_EQ(request.brokers[1].port, std::stoi(own[5]));
        EXPECT_EQ(request.brokers[1].logDir, runDir / "broker2" / "data");
        EXPECT_EQ(request.dumpTool.mainClass, "org.apache.kafka.tools.DumpLogSegments");
        EXPECT_EQ(request.kafkaVersion, "4.4.0");
    }
    EXPECT_FALSE(fs::exists(runDir)) << "the run folder goes with the cluster";
}

TEST_F(ClusterLayout, AGoneRunsFolderIsRemovedAndItsJvmsKilledAndALiveOneIsKept)
{
    // A run that is alive holds its lock (made first: a cluster's start cleans up on its own).
    RealCluster alive(m_dist, options(1));
    // A run that was killed: its lock file is free, and it lists a "JVM" whose command line holds the
    // folder.
    const fs::path stale = m_root / "runs" / "highwater-real-1-deadbeef";
    fs::create_directories(stale);
    std::ofstream(stale / "lock");
    const pid_t jvm = ::fork();
    if (jvm == 0) {
        // The folder is the shell's $0, so it is in its command line; a sleep of a second at a time
        // leaves no long orphan behind when the shell is killed.
        ::execl("/bin/sh", "sh", "-c", "while :; do sleep 1; done", stale.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ASSERT_GT(jvm, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::ofstream(stale / "pids") << jvm << "\n" << 1 << "\n"; // pid 1 does not hold the folder: left alone
    // Not a run folder at all.
    fs::create_directories(m_root / "runs" / "highwater-real-no-lock");

    EXPECT_EQ(RealCluster::removeStaleRuns(m_root / "runs"), 1);
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_TRUE(fs::exists(alive.runDir()));
    EXPECT_TRUE(fs::exists(m_root / "runs" / "highwater-real-no-lock"));
    int status = 0;
    ASSERT_EQ(::waitpid(jvm, &status, 0), jvm);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "wait status " << status;
}

TEST_F(ClusterLayout, BrokerCountsOutsideTheLimitsAreRefused)
{
    EXPECT_THROW(RealCluster(m_dist, options(0)), ClusterError);
    EXPECT_THROW(RealCluster(m_dist, options(hw::limits::brokersMax + 1)), ClusterError);
}

} // namespace

namespace {

TEST_F(ClusterLayout, AStartThatFailsNamesTheNodeAndItsOutputAndLeavesNothing)
{
    // The fake distribution's jars are empty: java finds no StorageTool, and the run stops at the
    // format with the node named and the end of its output, and removes its folder.
    fs::path runDir;
    std::string message;
    {
        RealCluster cluster(m_dist, options(2));
        runDir = cluster.runDir();
        try {
            cluster.start();
        } catch (const ClusterError& e) {
            message = e.what();
        }
        EXPECT_FALSE(cluster.brokerRunning(1));
    }
    EXPECT_EQ(message.rfind("formatting the controller's storage failed (exit status 1); the end of its output:\n", 0), 0u)
        << message;
    EXPECT_NE(message.find("kafka.tools.StorageTool"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(runDir));
}

TEST(EphemeralPortRange, IsReadFromTheKernelsFileWithLinuxsDefaultOtherwise)
{
    const fs::path dir = fs::temp_directory_path() / ("hw-ports-range-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "range") << "40000\t50000\n";
    std::ofstream(dir / "garbage") << "40000\n";
    std::ofstream(dir / "reversed") << "50000 40000\n";
    EXPECT_EQ(ephemeralPortRange(dir / "range").low, 40000);
    EXPECT_EQ(ephemeralPortRange(dir / "range").high, 50000);
    for (const char* name : { "garbage", "reversed", "missing" }) {
        EXPECT_EQ(ephemeralPortRange(dir / name).low, 32768) << name;
        EXPECT_EQ(ephemeralPortRange(dir / name).high, 60999) << name;
    }
    const PortRange kernel = ephemeralPortRange();
    EXPECT_LE(kernel.low, kernel.high);
    fs::remove_all(dir);
}

class ListenPorts : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_root = fs::temp_directory_path() / ("hw-ports-" + std::to_string(::getpid()));
        fs::remove_all(m_root);
        fs::create_directories(m_root);
    }
    void TearDown() override { fs::remove_all(m_root); }

    fs::path runDir(const std::string& suffix)
    {
        const fs::path dir = m_root / ("highwater-real-1-" + suffix);
        fs::create_directories(dir);
        return dir;
    }
    static std::vector<std::uint16_t> listed(const fs::path& dir)
    {
        std::vector<std::uint16_t> ports;
        std::ifstream in(dir / "ports");
        unsigned port = 0;
        while (in >> port)
            ports.push_back(static_cast<std::uint16_t>(port));
        return ports;
    }

    fs::path m_root;
};

TEST_F(ListenPorts, AreOutsideTheEphemeralRangeDistinctWithinARunAndBetweenConcurrentRuns)
{
    // Ephemeral 1024-65000 leaves 65001-65535: two runs picking 200 each at once, a third after them.
    const PortRange ephemeral { 1024, 65000 };
    std::vector<std::uint16_t> a, b;
    std::thread other([&] { b = pickListenPorts(200, m_root, runDir("b"), ephemeral); });
    a = pickListenPorts(200, m_root, runDir("a"), ephemeral);
    other.join();
    std::vector<std::uint16_t> c = pickListenPorts(100, m_root, runDir("c"), ephemeral);
    std::set<std::uint16_t> all;
    for (const auto* ports : { &a, &b, &c }) {
        for (const std::uint16_t port : *ports) {
            EXPECT_GT(port, 65000);
            all.insert(port);
        }
    }
    EXPECT_EQ(a.size(), 200u);
    EXPECT_EQ(b.size(), 200u);
    EXPECT_EQ(c.size(), 100u);
    EXPECT_EQ(all.size(), 500u);
    EXPECT_EQ(listed(m_root / "highwater-real-1-a"), a);
    EXPECT_EQ(listed(m_root / "highwater-real-1-c"), c);
    // Ephemeral 1025-65535 leaves only 1024, and a range covering every port leaves none.
    EXPECT_EQ(pickListenPorts(1, m_root, runDir("d"), { 1025, 65535 }), std::vector<std::uint16_t> { 1024 });
    EXPECT_THROW(pickListenPorts(1, m_root, runDir("e"), { 1, 65535 }), ClusterError);
}

TEST_F(ListenPorts, SkipPortsInUseAndPortsAnotherRunListsAndSayWhenTooFewAreLeft)
{
    // Ephemeral 1024-65530 leaves 65531-65535: one is listened on here, another run lists one more.
    const PortRange ephemeral { 1024, 65530 };
    asio::io_context io;
    asio::ip::tcp::acceptor busy(io, asio::ip::tcp::endpoint(asio::ip::address_v4::loopback(), 65533));
    std::ofstream(runDir("other") / "ports") << "65531\n";
    std::vector<std::uint16_t> ports = pickListenPorts(3, m_root, runDir("mine"), ephemeral);
    std::sort(ports.begin(), ports.end());
    EXPECT_EQ(ports, (std::vector<std::uint16_t> { 65532, 65534, 65535 }));
    try {
        pickListenPorts(4, m_root, runDir("more"), { 1024, 65530 });
        ADD_FAILURE() << "four ports picked where only three are free";
    } catch (const ClusterError& e) {
        EXPECT_EQ(std::string(e.what()),
            "only 0 of the 4 listen ports a run needs are free outside the kernel's ephemeral range 1024-65530 "
            "(net.ipv4.ip_local_port_range) and the other runs' ports under " + m_root.string());
    }
}

TEST_F(ClusterLayout, ARestartReturnsAtTheFirstRegistrationAndTheBrokerIsStartingUntilItIsUnfenced)
{
    // A stand-in for java that writes the two server.log lines the cluster waits for, as Kafka's
    // BrokerLifecycleManager and KafkaRaftServer do: "... is now STARTING." when the first registration is
    // sent, "Kafka Server started" once unfenced. A broker holds before the second while its folder has a
    // file "hold"; it exits before the first (status 2) with "die", and while holding (status 3) with "crash".
    const fs::path java = m_root / "java";
    {
        std::ofstream script(java);
        script << R"SH(#!/bin/sh
for arg; do case "$arg" in -Dkafka.logs.dir=*) dir=${arg#-Dkafka.logs.dir=} ;; esac; last=$arg; done
case "$*" in *StorageTool*) exit 0 ;; esac
log=$dir/server.log
if [ "$(basename "$dir")" != controller ]; then
    [ -e "$dir/die" ] && exit 2
    echo "[BrokerLifecycleManager id=1] Incarnation x of broker 1 in cluster c is now STARTING." >>"$log"
    while [ -e "$dir/hold" ]; do [ -e "$dir/crash" ] && exit 3; sleep 0.05; done
fi
echo "[KafkaRaftServer nodeId=1] Kafka Server started ($last)" >>"$log"
exec sleep 600
)SH";
    }
    fs::permissions(java, fs::perms::owner_all);
    Distribution dist = m_dist;
    dist.java = java;
    ClusterOptions o = options(2);
    o.classDataSharing = false;
    o.startTimeout = std::chrono::milliseconds(20000);
    RealCluster cluster(dist, o);
    cluster.start();
    const fs::path broker2 = cluster.runDir() / "broker2";
    const auto running = [&](std::int32_t broker) {
        for (const ObservedNode& node : cluster.observeRequest({}).brokers)
            if (node.nodeId == broker)
                return node.running;
        ADD_FAILURE() << "no broker " << broker << " in the observe request";
        return false;
    };
    EXPECT_TRUE(cluster.startingBrokers().empty());

    // Restarted while its registration is refused: restart returns, and broker 2 is starting, running but
    // read from its files, until it logs "Kafka Server started".
    cluster.kill(2);
    std::ofstream(broker2 / "hold");
    cluster.restart(2);
    EXPECT_TRUE(cluster.brokerRunning(2));
    EXPECT_EQ(cluster.startingBrokers(), std::vector<std::int32_t> { 2 });
    EXPECT_FALSE(running(2));
    EXPECT_TRUE(running(1));
    fs::remove(broker2 / "hold");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!cluster.startingBrokers().empty() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_TRUE(cluster.startingBrokers().empty());
    EXPECT_TRUE(running(2));

    // A broker that dies while starting is an error with its log's end, once: a kill ends the start.
    cluster.kill(2);
    std::ofstream(broker2 / "hold");
    cluster.restart(2);
    std::ofstream(broker2 / "crash");
    std::string message;
    for (int i = 0; i < 400 && message.empty(); ++i) {
        try {
            cluster.startingBrokers();
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        } catch (const ClusterError& e) {
            message = e.what();
        }
    }
    EXPECT_EQ(message.rfind("broker 2 exited while starting (exit status 3); the end of ", 0), 0u) << message;
    EXPECT_NE(message.find("is now STARTING."), std::string::npos) << message;
    EXPECT_EQ(cluster.serverLogTail(2).rfind((broker2 / "server.log").string() + ":\n", 0), 0u);

    // One that exits before its first registration fails the restart itself, and is not left starting.
    std::ofstream(broker2 / "die");
    message.clear();
    try {
        cluster.restart(2);
    } catch (const ClusterError& e) {
        message = e.what();
    }
    EXPECT_EQ(message.rfind("broker 2 exited while starting (exit status 2)", 0), 0u) << message;
    EXPECT_TRUE(cluster.startingBrokers().empty());
}

} // namespace
