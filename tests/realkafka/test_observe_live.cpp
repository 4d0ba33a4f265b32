// SPDX-License-Identifier: MIT
// observe() and the ClusterObserver (issue 29) on a real Kafka cluster: the phases of
// tests/realkafka/observe_cluster.sh, which starts the
// cluster, drives it and runs this program once per phase with HW_REAL_CLUSTER naming the cluster's
// description. Not registered with gtest_discover_tests: without a cluster these cases have nothing to
// observe, so they run only through that script (ctest real.observe.*).
#include "realkafka/cluster_observer.h"
#include "realkafka/observer.h"
#include "realkafka/security_config.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <thread>

namespace hw::realkafka {
namespace {

using namespace std::chrono_literals;

/// How long a phase waits for the cluster to reach the state the phase made true (fencing a killed
/// broker takes broker.session.timeout.ms, 9 s, plus the election; generous for a loaded machine).
constexpr std::chrono::seconds settleWaitMax { 120 };
constexpr std::chrono::milliseconds pollInterval { 100 };
constexpr std::int64_t recordsPerRound = 10;

struct Cluster {
    ObserveRequest request;
    std::string dist;
    KafkaRelease release;
    std::string bootstrap; // every broker's OBSERVER listener: what the ClusterObserver starts from
    std::string sslBootstrap;     // every broker's OBSERVER_SSL listener
    std::string saslSslBootstrap; // every broker's OBSERVER_SASL_SSL listener (SCRAM-SHA-256, -512, PLAIN)
    std::string saslPlaintextBootstrap; // every broker's OBSERVER_SASL_PLAINTEXT listener (the same mechanisms)
    std::filesystem::path tlsDir; // ca.pem (signed the brokers' certificate), other-ca.pem (signed nothing)
    std::string saslUser;
    std::string saslPassword;
};

Cluster loadCluster()
{
    const char* path = std::getenv("HW_REAL_CLUSTER");
    if (path == nullptr)
        throw std::runtime_error("HW_REAL_CLUSTER is not set: run this through tests/realkafka/observe_cluster.sh");
    std::ifstream in(path);
    const nlohmann::json json = nlohmann::json::parse(in);
    Cluster cluster;
    cluster.dist = json.at("dist").get<std::string>();
    cluster.tlsDir = json.at("tls_dir").get<std::string>();
    cluster.saslUser = json.at("sasl_user").get<std::string>();
    cluster.saslPassword = json.at("sasl_password").get<std::string>();
    cluster.request.kafkaVersion = json.at("kafka_version").get<std::string>();
    cluster.release = parseKafkaRelease(cluster.request.kafkaVersion);
    cluster.request.topics = { json.at("topic").get<std::string>() };
    for (const auto& broker : json.at("brokers")) {
        ObservedNode node;
        node.nodeId = broker.at("id").get<std::int32_t>();
        node.host = "127.0.0.1";
        node.port = broker.at("port").get<std::uint16_t>();
        node.logDir = broker.at("log_dir").get<std::string>();
        node.running = broker.at("running").get<bool>();
        cluster.request.brokers.push_back(node);
        const auto add = [&](std::string& list, std::uint16_t port) {
            list += (list.empty() ? "" : ",") + node.host + ":" + std::to_string(port);
        };
        add(cluster.bootstrap, node.port);
        add(cluster.sslBootstrap, broker.at("ssl_port").get<std::uint16_t>());
        add(cluster.saslSslBootstrap, broker.at("sasl_ssl_port").get<std::uint16_t>());
        add(cluster.saslPlaintextBootstrap, broker.at("sasl_plaintext_port").get<std::uint16_t>());
    }
    LogDumpTool& tool = cluster.request.dumpTool;
    tool.java = "java";
    tool.classPath = cluster.dist + "/libs/*";
    tool.mainClass = json.at("dump_class").get<std::string>();
    tool.jvmArgs = { "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
        cluster.release.major >= 4 ? "-Dlog4j2.configurationFile=" + cluster.dist + "/config/tools-log4j2.yaml"
                                   : "-Dlog4j.configuration=file:" + cluster.dist + "/config/tools-log4j.properties" };
    return cluster;
}

std::vector<std::int32_t> sorted(std::vector<std::int32_t> ids)
{
    std::sort(ids.begin(), ids.end());
    return ids;
}

/// Observes without logs until the predicate holds, then once more with the logs; fails the test when the
/// predicate does not hold within settleWaitMax.
ClusterObservation observeWhen(
    ObserveRequest request, const std::function<bool(const ClusterObservation&)>& ready, const std::string& what)
{
    request.readLogs = false;
    const auto deadline = std::chrono::steady_clock::now() + settleWaitMax;
    ClusterObservation last;
    while (true) {
        last = observe(request);
        if (ready(last))
            break;
        if (std::chrono::steady_clock::now() > deadline) {
            ADD_FAILURE() << "not within " << settleWaitMax.count() << " s: " << what;
            break;
        }
        std::this_thread::sleep_for(pollInterval);
    }
    // Two observations a poll apart agree once the state has settled (what the runner's quiescence uses).
    std::this_thread::sleep_for(pollInterval);
    const auto before = std::chrono::steady_clock::now();
    EXPECT_TRUE(sameFacts(last, observe(request))) << what << ": the state moved after it was reached";
    const auto between = std::chrono::steady_clock::now();
    request.readLogs = true;
    ClusterObservation withLogs = observe(request);
    const auto after = std::chrono::steady_clock::now();
    // The cost of one observation, for docs/real-kafka.md.
    std::cout << "observe() without logs: "
              << std::chrono::duration_cast<std::chrono::milliseconds>(between - before).count()
              << " ms, with logs: " << std::chrono::duration_cast<std::chrono::milliseconds>(after - between).count()
              << " ms\n";
    return withLogs;
}

/// ClusterObserver polls every 100 ms until the predicate holds (the history of every poll in `history`);
/// fails the test when it does not within settleWaitMax. Prints the cost of the last poll.
ObservedCluster pollUntil(const ClusterObserverOptions& options,
    const std::function<bool(const ObservedCluster&)>& ready, const std::string& what,
    std::vector<ObservedCluster>* history = nullptr)
{
    ClusterObserver observer(options);
    const auto deadline = std::chrono::steady_clock::now() + settleWaitMax;
    std::stop_source stop;
    ObservedCluster last;
    bool reached = false;
    observer.run(
        [&](const ObservedCluster& poll) {
            last = poll;
            if (history)
                history->push_back(poll);
            reached = ready(poll);
            if (reached || std::chrono::steady_clock::now() > deadline)
                stop.request_stop();
        },
        stop.get_token());
    EXPECT_TRUE(reached) << "not within " << settleWaitMax.count() << " s: " << what;
    std::cout << "ClusterObserver poll: " << last.pollMs << " ms;";
    for (const ObserverLoad& load : observer.lastLoad())
        std::cout << " broker " << load.broker << " " << load.requests << " requests;";
    std::cout << "\n";
    return last;
}

/// The options of a ClusterObserver on the OBSERVER (plaintext) listeners.
ClusterObserverOptions plaintextOptions(const Cluster& cluster)
{
    ClusterObserverOptions options;
    options.bootstrap = cluster.bootstrap;
    options.interval = pollInterval;
    options.requestTimeout = std::chrono::milliseconds(10000);
    return options;
}

ObservedCluster pollUntil(const Cluster& cluster, const std::function<bool(const ObservedCluster&)>& ready,
    const std::string& what, std::vector<ObservedCluster>* history = nullptr)
{
    return pollUntil(plaintextOptions(cluster), ready, what, history);
}

const ObservedPartitionFacts* observedPartition(const ObservedCluster& cluster)
{
    for (const ObservedTopicFacts& topic : cluster.topics)
        if (topic.name == "observed" && !topic.partitions.empty())
            return &topic.partitions[0];
    return nullptr;
}

const ObservedBrokerFacts* observedBroker(const ObservedCluster& cluster, std::int32_t id)
{
    for (const ObservedBrokerFacts& broker : cluster.brokers)
        if (broker.id == id)
            return &broker;
    return nullptr;
}

const ObservedReplicaFacts* replicaFacts(const ObservedPartitionFacts& partition, std::int32_t broker)
{
    for (const ObservedReplicaFacts& replica : partition.replicaFacts)
        if (replica.broker == broker)
            return &replica;
    return nullptr;
}

/// Every replica of `brokers` at LEO and HW `offset`, as the ClusterObserver saw it.
bool observedOffsetsAre(const ObservedCluster& cluster, std::vector<std::int32_t> brokers, std::int64_t offset)
{
    const ObservedPartitionFacts* partition = observedPartition(cluster);
    if (partition == nullptr)
        return false;
    for (std::int32_t broker : brokers) {
        const ObservedReplicaFacts* replica = replicaFacts(*partition, broker);
        if (replica == nullptr || replica->leo != offset || replica->hw != offset)
            return false;
    }
    return true;
}

/// What every poll of the ClusterObserver shows of the cluster's own facts, whatever the phase.
void expectObservedCluster(const Cluster& cluster, const ObservedCluster& seen)
{
    EXPECT_EQ(seen.fencingKnown, cluster.release.atLeast(4, 0));
    EXPECT_EQ(seen.elrKnown, cluster.release.atLeast(3, 8));
    EXPECT_NE(seen.clusterId, "");
    ASSERT_EQ(seen.topics.size(), 1U); // internal topics left out
    EXPECT_EQ(seen.topics[0].name, "observed");
    EXPECT_EQ(seen.topics[0].minInsyncReplicas, 2); // the topic's config, from DescribeConfigs
    EXPECT_EQ(seen.topics[0].topicId.size(), 22U);
}

const ObservedPartition& partitionOf(const ClusterObservation& observation)
{
    const ObservedPartition* partition = findPartition(observation, "observed", 0);
    if (partition == nullptr)
        throw std::runtime_error("observed-0 is not in the observation");
    return *partition;
}

bool offsetsAre(const ClusterObservation& observation, std::vector<std::int32_t> brokers, std::int64_t offset)
{
    const ObservedPartition* partition = findPartition(observation, "observed", 0);
    if (partition == nullptr)
        return false;
    for (std::int32_t broker : brokers) {
        const ObservedReplica* replica = findReplica(*partition, broker);
        if (replica == nullptr || replica->leo != offset || replica->hw != offset)
            return false;
    }
    return true;
}

/// The records of a replica that got `rounds` rounds of data/observed-sends.jsonl, the first at epoch 0,
/// the second at epoch 1.
void expectRecords(const ObservedReplica& replica, std::int64_t count)
{
    SCOPED_TRACE("broker " + std::to_string(replica.brokerId));
    ASSERT_EQ(static_cast<std::int64_t>(replica.records.size()), count);
    for (std::int64_t i = 0; i < count; ++i) {
        const ObservedRecord& record = replica.records[static_cast<std::size_t>(i)];
        EXPECT_EQ(record.offset, i);
        EXPECT_EQ(record.leaderEpoch, i < recordsPerRound ? 0 : 1);
        EXPECT_EQ(record.sequence, i);
        EXPECT_EQ(record.producerId, replica.records.front().producerId);
    }
    EXPECT_EQ(replica.records[3].key, std::optional<std::string>("tombstone"));
    EXPECT_EQ(replica.records[3].value, std::nullopt);
    EXPECT_EQ(replica.records[2].key, std::nullopt);
    EXPECT_EQ(replica.records[4].value, std::optional<std::string>("two\nlines"));
    EXPECT_EQ(replica.records[6].value, std::optional<std::string>("漢字"));
}

void expectElrEmpty(const Cluster& cluster, const ObservedPartition& partition)
{
    // DescribeTopicPartitions from 3.8: ELR and last known ELR are empty while the ISR holds min.insync.replicas.
    if (cluster.release.atLeast(3, 8)) {
        EXPECT_EQ(partition.elr, std::optional(std::vector<std::int32_t> {}));
        EXPECT_EQ(partition.lastKnownElr, std::optional(std::vector<std::int32_t> {}));
    } else {
        EXPECT_EQ(partition.elr, std::nullopt);
    }
}

TEST(RealCluster, Produced)
{
    const Cluster cluster = loadCluster();
    const ClusterObservation seen = observeWhen(
        cluster.request,
        [](const auto& o) {
            return offsetsAre(o, { 1, 2, 3 }, recordsPerRound);
        },
        "LEO and HW 10 on brokers 1, 2 and 3");
    EXPECT_EQ(seen.registeredBrokers, (std::vector<std::int32_t> { 1, 2, 3 }));
    if (cluster.release.atLeast(4, 0))
        EXPECT_EQ(seen.fencedBrokers, std::optional(std::vector<std::int32_t> {}));
    else
        EXPECT_EQ(seen.fencedBrokers, std::nullopt);
    const ObservedPartition& partition = partitionOf(seen);
    EXPECT_EQ(partition.leader, 1);
    EXPECT_EQ(partition.leaderEpoch, 0);
    EXPECT_EQ(partition.replicas, (std::vector<std::int32_t> { 1, 2, 3 }));
    EXPECT_EQ(sorted(partition.isr), (std::vector<std::int32_t> { 1, 2, 3 }));
    expectElrEmpty(cluster, partition);
    ASSERT_EQ(partition.replicaStates.size(), 3u);
    for (const ObservedReplica& replica : partition.replicaStates) {
        // The followers' HW came from a consumer Fetch to each follower: it answers with its own HW.
        EXPECT_EQ(replica.logStartOffset, std::optional<std::int64_t>(0));
        EXPECT_EQ(replica.leo, std::optional<std::int64_t>(recordsPerRound));
        EXPECT_EQ(replica.hw, std::optional<std::int64_t>(recordsPerRound));
        EXPECT_FALSE(replica.fromFiles);
        expectRecords(replica, recordsPerRound);
    }

    // The ClusterObserver at quiescence: each replica's LEO is its log's (the records DumpLogSegments read,
    // the last offset + 1) and its HW the acked records', on every broker.
    const ObservedCluster polled = pollUntil(
        cluster, [](const auto& c) { return observedOffsetsAre(c, { 1, 2, 3 }, recordsPerRound); },
        "the ClusterObserver seeing LEO and HW 10 on brokers 1, 2 and 3");
    expectObservedCluster(cluster, polled);
    for (std::int32_t id : { 1, 2, 3 }) {
        const ObservedBrokerFacts* broker = observedBroker(polled, id);
        ASSERT_NE(broker, nullptr);
        EXPECT_TRUE(broker->answered) << broker->error;
        EXPECT_FALSE(broker->fenced);
    }
    const ObservedPartitionFacts& observed = *observedPartition(polled);
    EXPECT_EQ(observed.leader, 1);
    EXPECT_EQ(observed.leaderEpoch, 0);
    EXPECT_EQ(observed.replicas, (std::vector<std::int32_t> { 1, 2, 3 }));
    EXPECT_EQ(sorted(observed.isr), (std::vector<std::int32_t> { 1, 2, 3 }));
    EXPECT_EQ(observed.elr, partition.elr);
    EXPECT_EQ(partitionHealth(observed, 2, { 1, 2, 3 }), PartitionHealth::Healthy);
    for (const ObservedReplica& replica : partition.replicaStates) {
        const ObservedReplicaFacts* facts = replicaFacts(observed, replica.brokerId);
        ASSERT_NE(facts, nullptr);
        ASSERT_FALSE(replica.records.empty());
        EXPECT_EQ(facts->leo, replica.records.back().offset + 1);
        EXPECT_EQ(facts->hw, recordsPerRound);
        EXPECT_EQ(facts->logStart, 0);
        EXPECT_EQ(facts->error, "");
    }
}

/// A security file as a user writes one (Kafka-client-style properties, chmod 600 before the secrets go in),
/// loaded by loadSecurityConfig with the process environment. It lives in the cluster's run folder, which
/// observe_cluster.sh removes on exit.
class SecurityFile {
public:
    explicit SecurityFile(std::filesystem::path path) : m_path(std::move(path)) { }
    ~SecurityFile()
    {
        std::error_code ignored;
        std::filesystem::remove(m_path, ignored);
    }
    SecurityFile(const SecurityFile&) = delete;
    SecurityFile& operator=(const SecurityFile&) = delete;

    SecurityConfig write(const std::string& text) const
    {
        std::ofstream(m_path, std::ios::trunc).close();
        std::filesystem::permissions(m_path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
        {
            std::ofstream out(m_path, std::ios::trunc);
            out << text;
        }
        const LoadedSecurityConfig loaded = loadSecurityConfig(m_path);
        EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
        return loaded.config;
    }

private:
    std::filesystem::path m_path;
};

/// The ClusterObserver's options on a secured listener.
ClusterObserverOptions securedOptions(const Cluster& cluster, const std::string& bootstrap, SecurityConfig security)
{
    ClusterObserverOptions options = plaintextOptions(cluster);
    options.bootstrap = bootstrap;
    options.security = std::move(security);
    return options;
}

/// The ports of a bootstrap list "127.0.0.1:P,...", in its order.
std::vector<std::int32_t> portsOf(const std::string& bootstrap)
{
    std::vector<std::int32_t> ports;
    std::size_t start = 0;
    while (start < bootstrap.size()) {
        const std::size_t end = std::min(bootstrap.find(',', start), bootstrap.size());
        const std::string entry = bootstrap.substr(start, end - start);
        ports.push_back(std::stoi(entry.substr(entry.rfind(':') + 1)));
        start = end + 1;
    }
    return ports;
}

/// The partition's facts with the ISR sorted: two polls of the same quiescent state compare equal.
ObservedPartitionFacts normalized(ObservedPartitionFacts partition)
{
    partition.isr = sorted(partition.isr);
    return partition;
}

/// What the first poll throws (ClusterObserverError: no bootstrap broker answered), or "" when it did not.
std::string firstPollError(const ClusterObserverOptions& options)
{
    try {
        ClusterObserver observer(options);
        observer.poll();
    } catch (const ClusterObserverError& error) {
        return error.what();
    }
    return "";
}

/// Sets an environment variable for the scope of the object (the credentials' variables).
class ScopedVariable {
public:
    ScopedVariable(const char* name, const std::string& value) : m_name(name) { ::setenv(name, value.c_str(), 1); }
    ~ScopedVariable() { ::unsetenv(m_name); }
    ScopedVariable(const ScopedVariable&) = delete;
    ScopedVariable& operator=(const ScopedVariable&) = delete;

private:
    const char* m_name;
};

TEST(RealCluster, Secured)
{
    // The state of phase Produced (10 records acked on brokers 1, 2, 3), observed through the brokers'
    // OBSERVER_SSL, OBSERVER_SASL_SSL and OBSERVER_SASL_PLAINTEXT listeners (SCRAM-SHA-256, -512 and PLAIN)
    // with a security file as a user writes one: the same facts as through the plaintext OBSERVER listener.
    const Cluster cluster = loadCluster();
    const ObservedCluster plaintext = pollUntil(
        cluster, [](const auto& c) { return observedOffsetsAre(c, { 1, 2, 3 }, recordsPerRound); },
        "the plaintext ClusterObserver seeing LEO and HW 10 on brokers 1, 2 and 3");
    const ObservedPartitionFacts expected = normalized(*observedPartition(plaintext));
    const std::string ca = (cluster.tlsDir / "ca.pem").string();
    const std::string otherCa = (cluster.tlsDir / "other-ca.pem").string();
    const SecurityFile file(cluster.tlsDir.parent_path() / "observer-security.properties");

    const auto expectSameFacts = [&](const ClusterObserverOptions& options, const std::string& what) {
        SCOPED_TRACE(what);
        const ObservedCluster polled = pollUntil(
            options, [](const auto& c) { return observedOffsetsAre(c, { 1, 2, 3 }, recordsPerRound); },
            what + ": LEO and HW 10 on brokers 1, 2 and 3");
        expectObservedCluster(cluster, polled);
        EXPECT_EQ(polled.clusterId, plaintext.clusterId);
        ASSERT_NE(observedPartition(polled), nullptr);
        EXPECT_EQ(normalized(*observedPartition(polled)), expected);
        // DescribeCluster answers with the endpoints of the listener it was asked on: every later request
        // went to the secured ports.
        const std::vector<std::int32_t> ports = portsOf(options.bootstrap);
        for (std::int32_t id : { 1, 2, 3 }) {
            const ObservedBrokerFacts* broker = observedBroker(polled, id);
            ASSERT_NE(broker, nullptr);
            EXPECT_TRUE(broker->answered) << broker->error;
            EXPECT_EQ(broker->port, ports[static_cast<std::size_t>(id - 1)]);
        }
    };

    // SSL: the broker's certificate verified against the test CA, and its host name (an IP subjectAltName).
    expectSameFacts(securedOptions(cluster, cluster.sslBootstrap,
                        file.write("security.protocol=SSL\nssl.ca.location=" + ca + "\n")),
        "SSL");
    // SASL_SSL with each SCRAM mechanism, credentials in the file (sasl.jaas.config for SHA-512, as the Java
    // client writes it; sasl.username/password for SHA-256, as librdkafka does).
    expectSameFacts(securedOptions(cluster, cluster.saslSslBootstrap,
                        file.write("security.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-256\nsasl.username="
                            + cluster.saslUser + "\nsasl.password=" + cluster.saslPassword
                            + "\nssl.ca.location=" + ca + "\n")),
        "SASL_SSL SCRAM-SHA-256");
    expectSameFacts(
        securedOptions(cluster, cluster.saslSslBootstrap,
            file.write("security.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\n"
                       "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + cluster.saslUser + "\" password=\"" + cluster.saslPassword + "\";\nssl.ca.location=" + ca + "\n")),
        "SASL_SSL SCRAM-SHA-512");
    // PLAIN over TLS, and SASL without TLS (SASL_PLAINTEXT) with SCRAM and PLAIN.
    expectSameFacts(securedOptions(cluster, cluster.saslSslBootstrap,
                        file.write("security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.username="
                            + cluster.saslUser + "\nsasl.password=" + cluster.saslPassword
                            + "\nssl.ca.location=" + ca + "\n")),
        "SASL_SSL PLAIN");
    for (const char* mechanism : { "SCRAM-SHA-256", "PLAIN" })
        expectSameFacts(securedOptions(cluster, cluster.saslPlaintextBootstrap,
                            file.write(std::string("security.protocol=SASL_PLAINTEXT\nsasl.mechanism=") + mechanism
                                + "\nsasl.username=" + cluster.saslUser + "\nsasl.password=" + cluster.saslPassword
                                + "\n")),
            std::string("SASL_PLAINTEXT ") + mechanism);
    // The credentials from the environment: they override the file's (here a wrong password).
    {
        const ScopedVariable user(saslUsernameVariable, cluster.saslUser);
        const ScopedVariable password(saslPasswordVariable, cluster.saslPassword);
        expectSameFacts(securedOptions(cluster, cluster.saslSslBootstrap,
                            file.write("security.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\n"
                                       "sasl.username=nobody\nsasl.password=not-this-one\nssl.ca.location="
                                + ca + "\n")),
            "SASL_SSL SCRAM-SHA-512, credentials from HW_OBSERVE_SASL_USERNAME/PASSWORD");
    }

    // A wrong password: the broker refuses it; the message names the broker, the mechanism and the user, and
    // holds neither the wrong password nor the right one.
    const std::string wrongPassword = "wrong-" + cluster.saslPassword.substr(0, 8) + "-password";
    for (const char* mechanism : { "SCRAM-SHA-256", "SCRAM-SHA-512", "PLAIN" }) {
        SCOPED_TRACE(mechanism);
        const std::string error = firstPollError(securedOptions(cluster, cluster.saslSslBootstrap,
            file.write(std::string("security.protocol=SASL_SSL\nsasl.mechanism=") + mechanism + "\nsasl.username="
                + cluster.saslUser + "\nsasl.password=" + wrongPassword + "\nssl.ca.location=" + ca + "\n")));
        std::cout << "wrong password, " << mechanism << ": " << error << "\n";
        ASSERT_NE(error, "");
        const std::string firstBroker = cluster.saslSslBootstrap.substr(0, cluster.saslSslBootstrap.find(','));
        EXPECT_NE(error.find("bootstrap broker (" + firstBroker + ")"), std::string::npos) << error;
        EXPECT_NE(error.find(std::string("SaslAuthenticate v2 (") + mechanism + ", user \"" + cluster.saslUser
                      + "\"): SASL_AUTHENTICATION_FAILED"),
            std::string::npos)
            << error;
        // The broker's own words: ScramSaslServer's, PlainSaslServer's.
        EXPECT_NE(error.find(std::string(mechanism) == "PLAIN"
                          ? std::string("Authentication failed: Invalid username or password")
                          : std::string("invalid credentials with SASL mechanism ") + mechanism),
            std::string::npos)
            << error;
        EXPECT_EQ(error.find(wrongPassword), std::string::npos) << error;
        EXPECT_EQ(error.find(cluster.saslPassword), std::string::npos) << error;
    }

    // A wrong CA: the TLS handshake fails, saying the certificate does not verify and against which CA file;
    // on both secured listeners, before any SASL.
    for (const auto& [bootstrap, protocol] : { std::pair { cluster.sslBootstrap, "SSL" },
             std::pair { cluster.saslSslBootstrap, "SASL_SSL" } }) {
        SCOPED_TRACE(protocol);
        std::string text = std::string("security.protocol=") + protocol + "\nssl.ca.location=" + otherCa + "\n";
        if (std::string(protocol) == "SASL_SSL")
            text += "sasl.mechanism=SCRAM-SHA-256\nsasl.username=" + cluster.saslUser
                + "\nsasl.password=" + cluster.saslPassword + "\n";
        const std::string error = firstPollError(securedOptions(cluster, bootstrap, file.write(text)));
        std::cout << "wrong CA, " << protocol << ": " << error << "\n";
        ASSERT_NE(error, "");
        EXPECT_NE(error.find("bootstrap broker (" + bootstrap.substr(0, bootstrap.find(',')) + ")"), std::string::npos)
            << error;
        EXPECT_NE(error.find("TLS handshake: the broker's certificate does not verify: "), std::string::npos) << error;
        EXPECT_NE(error.find("(ssl.ca.location \"" + otherCa + "\")"), std::string::npos) << error;
        EXPECT_EQ(error.find(cluster.saslPassword), std::string::npos) << error;
    }
}

TEST(RealCluster, LeaderKilled)
{
    const Cluster cluster = loadCluster();
    const ClusterObservation seen = observeWhen(
        cluster.request,
        [](const auto& o) {
            const ObservedPartition* p = findPartition(o, "observed", 0);
            return p != nullptr && p->leader == 2 && sorted(p->isr) == std::vector<std::int32_t> { 2, 3 };
        },
        "leader 2 and ISR 2,3 after broker 1 was killed");
    const ObservedPartition& partition = partitionOf(seen);
    EXPECT_EQ(partition.leaderEpoch, 1);
    expectElrEmpty(cluster, partition);
    if (cluster.release.atLeast(4, 0)) {
        // DescribeCluster v2 lists the killed broker as registered and fenced.
        EXPECT_EQ(seen.registeredBrokers, (std::vector<std::int32_t> { 1, 2, 3 }));
        EXPECT_EQ(seen.fencedBrokers, std::optional(std::vector<std::int32_t> { 1 }));
    } else {
        // DescribeCluster v1 lists the unfenced brokers only.
        EXPECT_EQ(seen.registeredBrokers, (std::vector<std::int32_t> { 2, 3 }));
    }
    const ObservedReplica* killed = findReplica(partition, 1);
    ASSERT_NE(killed, nullptr);
    EXPECT_TRUE(killed->fromFiles);
    EXPECT_EQ(killed->leo, std::optional<std::int64_t>(recordsPerRound));
    // Its HW is what it last checkpointed (every 5 s): at most what it had.
    if (killed->hw) {
        EXPECT_LE(*killed->hw, recordsPerRound);
    }
    expectRecords(*killed, recordsPerRound);
    for (std::int32_t broker : { 2, 3 }) {
        const ObservedReplica* replica = findReplica(partition, broker);
        ASSERT_NE(replica, nullptr);
        EXPECT_FALSE(replica->fromFiles);
        EXPECT_EQ(replica->leo, std::optional<std::int64_t>(recordsPerRound));
        EXPECT_EQ(replica->hw, std::optional<std::int64_t>(recordsPerRound));
    }

    // The ClusterObserver: the fence (4.0+), the ISR shrink and the new leader with its epoch, in one poll
    // (the controller writes them in one batch); never out of order over the polls.
    std::vector<ObservedCluster> history;
    const bool fencing = cluster.release.atLeast(4, 0);
    const ObservedCluster polled = pollUntil(
        cluster,
        [&](const auto& c) {
            const ObservedPartitionFacts* p = observedPartition(c);
            const ObservedBrokerFacts* killed = observedBroker(c, 1);
            return p != nullptr && p->leader == 2 && (!fencing || (killed != nullptr && killed->fenced))
                && observedOffsetsAre(c, { 2, 3 }, recordsPerRound);
        },
        "the ClusterObserver seeing broker 1 fenced and leader 2", &history);
    expectObservedCluster(cluster, polled);
    const ObservedPartitionFacts& observed = *observedPartition(polled);
    EXPECT_EQ(observed.leaderEpoch, 1);
    EXPECT_EQ(sorted(observed.isr), (std::vector<std::int32_t> { 2, 3 }));
    EXPECT_EQ(partitionHealth(observed, 2, { 2, 3 }), PartitionHealth::AtMinIsr);
    const ObservedBrokerFacts* killedBroker = observedBroker(polled, 1);
    if (fencing) {
        ASSERT_NE(killedBroker, nullptr);
        EXPECT_TRUE(killedBroker->fenced);
        EXPECT_FALSE(killedBroker->answered);
        EXPECT_NE(killedBroker->error, "");
    } else {
        EXPECT_EQ(killedBroker, nullptr); // DescribeCluster v1 lists the unfenced brokers only
    }
    EXPECT_EQ(replicaFacts(observed, 1)->leo, std::nullopt);
    EXPECT_EQ(replicaFacts(observed, 1)->hw, std::nullopt);
    for (const ObservedCluster& poll : history) {
        const ObservedPartitionFacts* p = observedPartition(poll);
        ASSERT_NE(p, nullptr);
        if (p->leader == 2) {
            // The new leader comes with its epoch and the shrunk ISR, never before them.
            EXPECT_EQ(p->leaderEpoch, 1);
            EXPECT_EQ(std::count(p->isr.begin(), p->isr.end(), 1), 0);
        } else {
            EXPECT_EQ(p->leaderEpoch, 0);
        }
    }
}

TEST(RealCluster, ProducedAgain)
{
    const Cluster cluster = loadCluster();
    const ClusterObservation seen = observeWhen(
        cluster.request,
        [](const auto& o) {
            return offsetsAre(o, { 2, 3 }, 2 * recordsPerRound);
        },
        "LEO and HW 20 on brokers 2 and 3");
    const ObservedPartition& partition = partitionOf(seen);
    EXPECT_EQ(partition.leader, 2);
    EXPECT_EQ(partition.leaderEpoch, 1);
    EXPECT_EQ(sorted(partition.isr), (std::vector<std::int32_t> { 2, 3 }));
    for (std::int32_t broker : { 2, 3 })
        expectRecords(*findReplica(partition, broker), 2 * recordsPerRound);
    const ObservedReplica* killed = findReplica(partition, 1);
    ASSERT_NE(killed, nullptr);
    EXPECT_EQ(killed->leo, std::optional<std::int64_t>(recordsPerRound));

    const ObservedCluster polled = pollUntil(
        cluster, [](const auto& c) { return observedOffsetsAre(c, { 2, 3 }, 2 * recordsPerRound); },
        "the ClusterObserver seeing LEO and HW 20 on brokers 2 and 3");
    expectObservedCluster(cluster, polled);
    const ObservedPartitionFacts& observed = *observedPartition(polled);
    for (std::int32_t broker : { 2, 3 })
        EXPECT_EQ(replicaFacts(observed, broker)->leo,
            findReplica(partition, broker)->records.back().offset + 1); // its log, as DumpLogSegments read it
    EXPECT_EQ(replicaFacts(observed, 1)->leo, std::nullopt);
}

TEST(RealCluster, SecondFollowerKilled)
{
    // Broker 3 killed too: with min.insync.replicas 2 the ISR {2, 3} cannot shrink to {2} without keeping 3
    // eligible, so KIP-966 puts it in the ELR (PartitionChangeBuilder.populateTargetElr at 4.x, when ELR is on:
    // from 4.1 by default, at 4.0 as the script formats it). 3.9 leaves ELR off: the ELR stays empty.
    const Cluster cluster = loadCluster();
    const bool elr = cluster.release.atLeast(4, 0);
    const ObservedCluster polled = pollUntil(
        cluster,
        [&](const auto& c) {
            const ObservedPartitionFacts* p = observedPartition(c);
            return p != nullptr && sorted(p->isr) == std::vector<std::int32_t> { 2 }
                && (!elr || (p->elr && *p->elr == std::vector<std::int32_t> { 3 }));
        },
        "the ClusterObserver seeing ISR {2} and, from 4.0, ELR {3}");
    expectObservedCluster(cluster, polled);
    const ObservedPartitionFacts& observed = *observedPartition(polled);
    EXPECT_EQ(observed.leader, 2);
    if (elr)
        EXPECT_EQ(observed.elr, std::optional(std::vector<std::int32_t> { 3 }));
    else
        EXPECT_EQ(observed.elr, std::optional(std::vector<std::int32_t> {}));
    EXPECT_EQ(partitionHealth(observed, 2, { 2 }), PartitionHealth::UnderMinIsr);
    EXPECT_EQ(replicaFacts(observed, 2)->leo, 2 * recordsPerRound);
    EXPECT_EQ(replicaFacts(observed, 3)->leo, std::nullopt);
    if (cluster.release.atLeast(4, 0)) {
        EXPECT_TRUE(observedBroker(polled, 3)->fenced);
        EXPECT_FALSE(observedBroker(polled, 3)->answered);
    }
}

TEST(RealCluster, Stopped)
{
    Cluster cluster = loadCluster();
    cluster.request.readLogs = true;
    const ClusterObservation seen = observe(cluster.request);
    // No broker to ask: the partition and its replicas come from the log folders, the rest from the files.
    EXPECT_TRUE(seen.registeredBrokers.empty());
    EXPECT_EQ(seen.fencedBrokers, std::nullopt);
    const ObservedPartition& partition = partitionOf(seen);
    EXPECT_EQ(partition.leader, -1);
    EXPECT_EQ(partition.replicas, (std::vector<std::int32_t> { 1, 2, 3 }));
    for (std::int32_t broker : { 2, 3 }) {
        const ObservedReplica* replica = findReplica(partition, broker);
        ASSERT_NE(replica, nullptr);
        EXPECT_TRUE(replica->fromFiles);
        EXPECT_EQ(replica->logStartOffset, std::optional<std::int64_t>(0));
        EXPECT_EQ(replica->leo, std::optional<std::int64_t>(2 * recordsPerRound));
        if (broker == 2) {
            // A controlled shutdown checkpoints the HW.
            EXPECT_EQ(replica->hw, std::optional<std::int64_t>(2 * recordsPerRound));
        } else if (replica->hw) {
            // Broker 3 was killed (SecondFollowerKilled): its HW is what it last checkpointed (every 5 s).
            EXPECT_LE(*replica->hw, 2 * recordsPerRound);
        }
        expectRecords(*replica, 2 * recordsPerRound);
    }
    const ObservedReplica* killed = findReplica(partition, 1);
    ASSERT_NE(killed, nullptr);
    EXPECT_EQ(killed->leo, std::optional<std::int64_t>(recordsPerRound));
    EXPECT_TRUE(sameFacts(seen, observe(cluster.request)));
}

} // namespace
} // namespace hw::realkafka
