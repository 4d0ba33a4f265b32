// SPDX-License-Identifier: MIT
// One real Kafka cluster (4.4.0 in ctest) (a controller and three brokers, four JVMs) runs a small scenario through
// the runner: create a topic, produce with acks=all, kill the leader, produce, restart it, settle; then
// isolate the new leader until the controller fences it, heal it, shut a follower down, power the other
// off (silent) and on again. The
// observer here is the test's own (Metadata for leader, epoch and ISR; ListOffsets with replica id -2 for
// each replica's LEO, and as a consumer for the leader's HW), so that the runner and the cluster are
// checked apart from realkafka/observer.* (tested on its own branch). HW_TEST_KAFKA_DIST names the
// distribution (tests/realkafka/CMakeLists.txt runs scripts/kafka-dist 4.4.0).
#include "realkafka/admin_connection.h"
#include "realkafka/harness.h"
#include "realkafka/runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <unistd.h>

namespace {

using namespace hw::realkafka;
namespace client = hw::wire::client;
using std::chrono::milliseconds;

/// The test's observer: facts a quiescent cluster agrees on, read over the OBSERVER listeners.
ClusterObservation observeByMetadata(const ObserveRequest& request)
{
    ClusterObservation observation;
    const ObservedNode* any = nullptr;
    for (const ObservedNode& node : request.brokers)
        if (node.running && !any)
            any = &node;
    if (!any)
        throw std::runtime_error("no broker is running");
    AdminConnection admin(any->host, any->port, request.requestTimeout);
    client::MetadataRequest metadata;
    metadata.topics = request.topics;
    const auto answer = std::get<client::MetadataResponse>(admin.request(metadata));
    for (const auto& b : answer.brokers)
        observation.registeredBrokers.push_back(b.nodeId);
    std::sort(observation.registeredBrokers.begin(), observation.registeredBrokers.end());
    for (const client::MetadataTopic& t : answer.topics) {
        for (const client::MetadataPartition& p : t.partitions) {
            ObservedPartition partition;
            partition.topic = t.name.value_or("");
            partition.partition = p.partitionIndex;
            partition.leader = p.leaderId;
            partition.leaderEpoch = p.leaderEpoch;
            partition.replicas = p.replicaNodes;
            partition.isr = p.isrNodes;
            std::sort(partition.isr.begin(), partition.isr.end());
            for (std::int32_t replica : p.replicaNodes) {
                ObservedReplica state;
                state.brokerId = replica;
                const ObservedNode& node = request.brokers.at(static_cast<std::size_t>(replica - 1));
                if (node.running) {
                    try {
                        AdminConnection connection(node.host, node.port, request.requestTimeout);
                        for (const std::int32_t replicaId : { client::debuggingReplicaId, -1 }) {
                            client::ListOffsetsRequest offsets;
                            offsets.replicaId = replicaId;
                            offsets.topics.push_back({ partition.topic, { { p.partitionIndex, -1, client::latestTimestamp } } });
                            const auto r = std::get<client::ListOffsetsResponse>(connection.request(offsets));
                            const auto& answerPartition = r.topics.at(0).partitions.at(0);
                            if (answerPartition.errorCode != hw::wire::ErrorCode::None)
                                continue; // a consumer's ListOffsets goes to the leader only
                            (replicaId == -1 ? state.hw : state.leo) = answerPartition.offset;
                        }
                    } catch (const AdminError&) {
                        // A broker still starting: its replica is read at the next poll.
                    }
                }
                partition.replicaStates.push_back(state);
            }
            observation.partitions.push_back(partition);
        }
    }
    return observation;
}

bool sameTestFacts(const ClusterObservation& a, const ClusterObservation& b)
{
    if (a.registeredBrokers != b.registeredBrokers || a.partitions.size() != b.partitions.size())
        return false;
    for (std::size_t i = 0; i < a.partitions.size(); ++i) {
        const ObservedPartition& x = a.partitions[i];
        const ObservedPartition& y = b.partitions[i];
        if (x.leader != y.leader || x.leaderEpoch != y.leaderEpoch || x.isr != y.isr
            || x.replicaStates.size() != y.replicaStates.size())
            return false;
        for (std::size_t r = 0; r < x.replicaStates.size(); ++r)
            if (x.replicaStates[r].leo != y.replicaStates[r].leo || x.replicaStates[r].hw != y.replicaStates[r].hw)
                return false;
    }
    return true;
}

const char* const scenarioText = R"({
  "format": "highwater/1", "name": "real-failover",
  "cluster": {"brokers": 3, "kafka_version": "@SERIES@", "config": {"min.insync.replicas": 2}},
  "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
  "producers": [{"id": "safe", "acks": "all"}],
  "steps": [
    {"produce": {"producer": "safe", "topic": "orders", "values": ["m0", "m1", "m2", "m3", "m4"]}},
    {"checkpoint": "acked"},
    {"kill_leader": {"topic": "orders", "partition": 0}},
    {"produce": {"producer": "safe", "topic": "orders", "values": ["m5", "m6", "m7", "m8", "m9"]}},
    {"settle": {}},
    {"checkpoint": "failed-over"},
    {"restart": {"broker": 1}},
    {"settle": {}},
    {"checkpoint": "restarted"},
    {"isolate": {"broker": 2}},
    {"advance": {"ms": 15000}},
    {"settle": {}},
    {"checkpoint": "isolated"},
    {"heal": {"broker": 2}},
    {"advance": {"ms": 5000}},
    {"settle": {}},
    {"checkpoint": "healed"},
    {"shutdown": {"broker": 3}},
    {"settle": {}},
    {"checkpoint": "shut-down"},
    {"power_off": {"broker": 2}},
    {"advance": {"ms": 12000}},
    {"settle": {}},
    {"checkpoint": "powered-off"},
    {"restart": {"broker": 2}},
    {"settle": {}},
    {"checkpoint": "powered-on"}
  ]
})";

TEST(RealKafka, RunnerKillsTheLeaderRestartsItAndSettles)
{
    const char* dist = std::getenv("HW_TEST_KAFKA_DIST");
    ASSERT_NE(dist, nullptr) << "HW_TEST_KAFKA_DIST names the Kafka distribution (ctest: 4.4.0)";
    const Distribution distribution = openDistribution(dist, realDir() / "config");
    // The scenario names the distribution's series: the same run and expectations hold from 3.9 to 4.4
    // (measured by hand at 3.9.2, docs/real-kafka.md).
    std::string text = scenarioText;
    text.replace(text.find("@SERIES@"), 8, distribution.series());
    auto parsed = hw::parseScenario(text, "real-failover.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
    const hw::Scenario& scenario = std::get<hw::Scenario>(parsed);

    std::vector<ObservedStep> emitted;
    std::vector<SendOutcome> sends;
    RunnerHooks hooks;
    hooks.observe = observeByMetadata;
    hooks.sameFacts = sameTestFacts;
    hooks.emit = [&](const ObservedStep& step, const std::vector<SendOutcome>& outcomes) {
        emitted.push_back(step);
        sends = outcomes;
    };
    std::ostringstream log;
    RunnerOptions options;
    options.checkpointsOnly = true;
    options.log = &log;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        runReal(scenario, distribution, options, hooks);
    } catch (const std::exception& error) {
        FAIL() << error.what() << "\n" << log.str();
    }
    std::cout << log.str() << "whole run: "
              << std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - t0).count() / 1000.0
              << " s\n";

    ASSERT_EQ(emitted.size(), 8u);
    const auto partition = [&](std::size_t checkpoint) -> const ObservedPartition& {
        return emitted[checkpoint].observation.partitions.at(0);
    };
    const auto replica = [&](std::size_t checkpoint, std::int32_t broker) -> const ObservedReplica& {
        for (const ObservedReplica& r : partition(checkpoint).replicaStates)
            if (r.brokerId == broker)
                return r;
        throw std::runtime_error("no replica on broker " + std::to_string(broker));
    };
    EXPECT_EQ(emitted[0].checkpoint, "acked");
    EXPECT_EQ(partition(0).leader, 1);
    EXPECT_EQ(partition(0).isr, (std::vector<std::int32_t> { 1, 2, 3 }));
    for (std::int32_t b : { 1, 2, 3 })
        EXPECT_EQ(replica(0, b).leo, 5) << "broker " << b;
    EXPECT_EQ(replica(0, 1).hw, 5);

    EXPECT_EQ(emitted[1].checkpoint, "failed-over");
    EXPECT_EQ(partition(1).leader, 2);
    EXPECT_GT(partition(1).leaderEpoch, partition(0).leaderEpoch);
    EXPECT_EQ(partition(1).isr, (std::vector<std::int32_t> { 2, 3 }));
    EXPECT_FALSE(replica(1, 1).leo.has_value()) << "broker 1 is down";
    EXPECT_EQ(replica(1, 2).leo, 10);
    EXPECT_EQ(replica(1, 3).leo, 10);
    EXPECT_EQ(replica(1, 2).hw, 10);

    EXPECT_EQ(emitted[2].checkpoint, "restarted");
    EXPECT_EQ(partition(2).leader, 2);
    EXPECT_EQ(partition(2).isr, (std::vector<std::int32_t> { 1, 2, 3 }));
    for (std::int32_t b : { 1, 2, 3 })
        EXPECT_EQ(replica(2, b).leo, 10) << "broker " << b;
    EXPECT_EQ(replica(2, 2).hw, 10);

    // Broker 2, the leader, cut off from every node: the controller fences it after
    // broker.session.timeout.ms and elects broker 1, the first replica left in the ISR. The observer
    // still reaches broker 2 directly (its OBSERVER listener is not proxied): it has all ten records.
    EXPECT_EQ(emitted[3].checkpoint, "isolated");
    EXPECT_EQ(partition(3).leader, 1);
    EXPECT_GT(partition(3).leaderEpoch, partition(2).leaderEpoch);
    EXPECT_EQ(partition(3).isr, (std::vector<std::int32_t> { 1, 3 }));
    EXPECT_EQ(replica(3, 2).leo, 10);
    // Healed, it is unfenced, follows broker 1 and is back in the ISR.
    EXPECT_EQ(emitted[4].checkpoint, "healed");
    EXPECT_EQ(partition(4).leader, 1);
    EXPECT_EQ(partition(4).isr, (std::vector<std::int32_t> { 1, 2, 3 }));
    // A controlled shutdown of a follower takes it out of the ISR and keeps the leader.
    EXPECT_EQ(emitted[5].checkpoint, "shut-down");
    EXPECT_EQ(partition(5).leader, 1);
    EXPECT_EQ(partition(5).isr, (std::vector<std::int32_t> { 1, 2 }));
    EXPECT_FALSE(replica(5, 3).leo.has_value()) << "broker 3 is down";
    // Broker 2's host loses power: silent, so the controller learns of it from the missed heartbeats
    // (broker.session.timeout.ms) and the ISR shrinks to the leader. Back on, it catches up and rejoins.
    EXPECT_EQ(emitted[6].checkpoint, "powered-off");
    EXPECT_EQ(partition(6).leader, 1);
    EXPECT_EQ(partition(6).isr, (std::vector<std::int32_t> { 1 }));
    EXPECT_FALSE(replica(6, 2).leo.has_value()) << "broker 2 is powered off";
    EXPECT_EQ(emitted[7].checkpoint, "powered-on");
    EXPECT_EQ(partition(7).leader, 1);
    EXPECT_EQ(partition(7).isr, (std::vector<std::int32_t> { 1, 2 }));
    EXPECT_EQ(replica(7, 2).leo, 10);

    ASSERT_EQ(sends.size(), 10u);
    for (const SendOutcome& s : sends) {
        EXPECT_TRUE(s.acked) << s.value << ": " << s.error << " " << s.message;
        EXPECT_EQ(s.offset, std::stoll(s.value.substr(1))) << s.value;
    }
}

} // namespace

namespace {

TEST(RealHarness, ASendWithNoBrokerFailsWithinItsDeliveryTimeoutAndIsRecorded)
{
    const char* dist = std::getenv("HW_TEST_KAFKA_DIST");
    ASSERT_NE(dist, nullptr);
    const Distribution distribution = openDistribution(dist, realDir() / "config");
    const auto log = std::filesystem::temp_directory_path() / ("hw-harness-" + std::to_string(::getpid()) + ".log");
    {
        Harness harness(distribution, log, milliseconds(120000));
        // A loopback port where nothing listens: the producer never gets metadata.
        harness.producer("p",
            { { "bootstrap.servers", "127.0.0.1:9" }, { "acks", "all" }, { "linger.ms", 0 },
                { "request.timeout.ms", 1000 }, { "delivery.timeout.ms", 2000 }, { "max.block.ms", 2000 } },
            milliseconds(60000));
        EXPECT_THROW(harness.producer("q", { { "bootstrap.servers", "127.0.0.1:9" }, { "acks", "sideways" } },
                         milliseconds(60000)),
            HarnessError);
        const std::size_t first = harness.send("p", "t", 0, std::string("k"), "v0");
        const std::size_t second = harness.send("p", "t", -1, std::nullopt, "v1");
        ASSERT_TRUE(harness.waitAnswered(first, second + 1, milliseconds(60000)));
        for (const SendOutcome& o : harness.outcomes()) {
            EXPECT_TRUE(o.answered);
            EXPECT_FALSE(o.acked);
            EXPECT_EQ(o.error, "TimeoutException") << o.message;
            EXPECT_LT(o.elapsedMs, 30000);
        }
        EXPECT_EQ(harness.outcomes()[first].key, "k");
        EXPECT_EQ(harness.outcomes()[second].partition, -1);
    }
    std::filesystem::remove(log);
}

} // namespace

namespace {

/// The runner adds the groups and consumers to every observation: a settle waits for them too.
bool sameGroupFacts(const ClusterObservation& a, const ClusterObservation& b)
{
    return sameTestFacts(a, b) && a.groups == b.groups && a.consumers == b.consumers;
}

// One broker (a controller and a broker: two JVMs), two groups. Group g: two cooperative-sticky members
// that poll on their own; the second joins later and the first leaves. Group h: one member that reads only
// in poll steps and commits by hand. Auto commit is on for g with an interval longer than the run, so what
// g commits is what Kafka's consumer commits around a rebalance and a close, nothing else.
const char* const groupScenarioText = R"({
  "format": "highwater/1", "name": "real-groups",
  "cluster": {"brokers": 1, "kafka_version": "@SERIES@",
              "config": {"offsets.topic.num.partitions": 1, "group.initial.rebalance.delay.ms": 0,
                         "auto.commit.interval.ms": 3600000}},
  "topics": [{"name": "t", "partitions": 2, "replication.factor": 1}],
  "producers": [{"id": "p", "acks": "all"}],
  "consumers": [
    {"id": "c1", "group": "g", "subscribe": ["t"], "assignor": "cooperative-sticky", "auto.offset.reset": "earliest"},
    {"id": "c2", "group": "g", "subscribe": ["t"], "assignor": "cooperative-sticky", "auto.offset.reset": "earliest",
     "start": false},
    {"id": "m", "group": "h", "subscribe": ["t"], "auto.offset.reset": "earliest", "auto.poll": false,
     "auto.commit": false}],
  "steps": [
    {"rebalance": {"group": "g"}},
    {"rebalance": {"group": "h"}},
    {"produce": {"producer": "p", "topic": "t", "partition": 0, "values": ["a0", "a1"]}},
    {"produce": {"producer": "p", "topic": "t", "partition": 1, "values": ["b0"]}},
    {"checkpoint": "read"},
    {"join": {"consumer": "c2"}},
    {"rebalance": {"group": "g"}},
    {"checkpoint": "joined"},
    {"poll": {"consumer": "m"}},
    {"commit": {"consumer": "m"}},
    {"checkpoint": "polled"},
    {"leave": {"consumer": "c1"}},
    {"rebalance": {"group": "g"}},
    {"checkpoint": "left"}
  ]
})";

TEST(RealGroups, ACooperativeGroupRebalancesAndAManualConsumerPollsOnARealCluster)
{
    const char* dist = std::getenv("HW_TEST_KAFKA_DIST");
    ASSERT_NE(dist, nullptr) << "HW_TEST_KAFKA_DIST names the Kafka distribution (ctest: 4.4.0)";
    const Distribution distribution = openDistribution(dist, realDir() / "config");
    std::string text = groupScenarioText;
    text.replace(text.find("@SERIES@"), 8, distribution.series());
    auto parsed = hw::parseScenario(text, "real-groups.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
    const hw::Scenario& scenario = std::get<hw::Scenario>(parsed);
    ASSERT_TRUE(checkRealScenario(scenario).empty());

    std::vector<ObservedStep> emitted;
    RunnerHooks hooks;
    hooks.observe = observeByMetadata;
    hooks.sameFacts = sameGroupFacts;
    hooks.emit = [&](const ObservedStep& step, const std::vector<SendOutcome>&) { emitted.push_back(step); };
    std::ostringstream log;
    RunnerOptions options;
    options.checkpointsOnly = true;
    options.log = &log;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        runReal(scenario, distribution, options, hooks);
    } catch (const std::exception& error) {
        FAIL() << error.what() << "\n" << log.str();
    }
    std::cout << log.str() << "whole run: "
              << std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - t0).count() / 1000.0
              << " s\n";

    ASSERT_EQ(emitted.size(), 4u);
    const auto group = [&](std::size_t checkpoint, const std::string& id) -> const ObservedGroup& {
        for (const ObservedGroup& g : emitted[checkpoint].observation.groups)
            if (g.id == id)
                return g;
        throw std::runtime_error("no group " + id);
    };
    const auto consumer = [&](std::size_t checkpoint, const std::string& id) -> const ObservedConsumer& {
        for (const ObservedConsumer& c : emitted[checkpoint].observation.consumers)
            if (c.id == id)
                return c;
        throw std::runtime_error("no consumer " + id);
    };
    const auto values = [](const ObservedConsumer& c) {
        std::vector<std::string> read;
        for (const ObservedConsumedRecord& r : c.received)
            read.push_back(r.value.value_or("null"));
        std::sort(read.begin(), read.end());
        return read;
    };
    const std::vector<ObservedCommit> all { { "t", 0, 2 }, { "t", 1, 1 } };

    // c1 alone in g, generation 1, its leader; it read all three records and committed nothing (the auto
    // commit interval is longer than the run). m joined h without reading (its partitions stay paused).
    EXPECT_EQ(emitted[0].checkpoint, "read");
    EXPECT_EQ(group(0, "g").state, "Stable");
    EXPECT_EQ(group(0, "g").protocol, "cooperative-sticky");
    EXPECT_EQ(group(0, "g").generation, 1);
    EXPECT_EQ(group(0, "g").leader, "c1");
    EXPECT_EQ(group(0, "g").coordinator, 1);
    ASSERT_EQ(group(0, "g").members.size(), 1u);
    EXPECT_EQ(group(0, "g").members[0].assignment, (std::vector<ObservedPartitionRef> { { "t", 0 }, { "t", 1 } }));
    EXPECT_EQ(group(0, "g").committed, std::vector<ObservedCommit> {});
    EXPECT_EQ(values(consumer(0, "c1")), (std::vector<std::string> { "a0", "a1", "b0" }));
    EXPECT_EQ(consumer(0, "c1").positions,
        (std::vector<ObservedPosition> { { "t", 0, 2 }, { "t", 1, 1 } }));
    EXPECT_EQ(group(0, "h").state, "Stable");
    EXPECT_EQ(group(0, "h").protocol, "range");
    EXPECT_EQ(consumer(0, "m").received, std::vector<ObservedConsumedRecord> {});
    EXPECT_EQ(consumer(0, "m").positions, (std::vector<ObservedPosition> { { "t", 0, 0 }, { "t", 1, 0 } }));

    // c2 joined: a cooperative rebalance of two rounds (generation 2 takes a partition from c1, generation 3
    // gives it to c2). Before rejoining, c1 committed every position it had (ConsumerCoordinator.onJoinPrepare:
    // maybeAutoCommitOffsetsAsync of allConsumed), so c2 starts where c1 stopped and reads nothing again.
    EXPECT_EQ(emitted[1].checkpoint, "joined");
    EXPECT_EQ(group(1, "g").state, "Stable");
    EXPECT_EQ(group(1, "g").generation, 3);
    EXPECT_EQ(group(1, "g").leader, "c1");
    ASSERT_EQ(group(1, "g").members.size(), 2u);
    EXPECT_EQ(group(1, "g").members[0].assignment.size(), 1u);
    EXPECT_EQ(group(1, "g").members[1].assignment.size(), 1u);
    EXPECT_EQ(group(1, "g").committed, all);
    EXPECT_EQ(consumer(1, "c1").generation, 3);
    EXPECT_EQ(consumer(1, "c2").generation, 3);
    EXPECT_EQ(consumer(1, "c2").received, std::vector<ObservedConsumedRecord> {});
    ASSERT_EQ(consumer(1, "c2").positions.size(), 1u);
    EXPECT_EQ(consumer(1, "c2").positions[0].offset, consumer(1, "c2").positions[0].partition == 0 ? 2 : 1);

    // m's poll read the three records (one fetch: both partitions are on broker 1), its commit stored them.
    EXPECT_EQ(emitted[2].checkpoint, "polled");
    EXPECT_EQ(values(consumer(2, "m")), (std::vector<std::string> { "a0", "a1", "b0" }));
    EXPECT_EQ(group(2, "h").committed, all);
    EXPECT_EQ(group(2, "h").generation, 1);

    // c1 left (close: it commits and sends LeaveGroup): c2 alone owns both partitions at generation 4.
    EXPECT_EQ(emitted[3].checkpoint, "left");
    EXPECT_FALSE(consumer(3, "c1").running);
    EXPECT_EQ(group(3, "g").generation, 4);
    EXPECT_EQ(group(3, "g").leader, "c2");
    ASSERT_EQ(group(3, "g").members.size(), 1u);
    EXPECT_EQ(group(3, "g").members[0].consumer, "c2");
    EXPECT_EQ(consumer(3, "c2").positions, (std::vector<ObservedPosition> { { "t", 0, 2 }, { "t", 1, 1 } }));
    EXPECT_EQ(consumer(3, "c2").received, std::vector<ObservedConsumedRecord> {});
    EXPECT_EQ(group(3, "g").committed, all);
}

} // namespace
