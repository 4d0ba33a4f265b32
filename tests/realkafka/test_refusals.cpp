// SPDX-License-Identifier: MIT
// realkafka/runner.*: what real Kafka cannot run is refused before anything starts, with its JSON path.
#include "realkafka/cluster.h"
#include "realkafka/runner.h"
#include "scenario/builtin.h"

#include <gtest/gtest.h>

namespace {

using namespace hw::realkafka;

std::vector<Refusal> refusalsOf(const std::string& clusterConfig, const std::string& steps,
                                const std::string& extra = "")
{
    const std::string text = R"({"format": "highwater/1", "name": "t",
      "cluster": {"brokers": 3, "config": {)" + clusterConfig + R"(}},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": 3}],
      "producers": [{"id": "p"}])" + extra + R"(,
      "steps": [)" + steps + "]}";
    auto parsed = hw::parseScenario(text, "t.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        throw std::runtime_error(error->toString());
    return checkRealScenario(std::get<hw::Scenario>(parsed));
}

std::vector<std::string> pathsOf(const std::vector<Refusal>& refusals)
{
    std::vector<std::string> paths;
    for (const Refusal& r : refusals)
        paths.push_back(r.path);
    return paths;
}

TEST(RealRefusals, ARunnableScenarioHasNone)
{
    EXPECT_TRUE(refusalsOf(R"("min.insync.replicas": 2, "network.latency.ms": 9)",
        R"({"produce": {"producer": "p", "topic": "t", "values": ["a"]}}, {"settle": {}}, {"checkpoint": "1"},
           {"kill": {"broker": 1}}, {"advance": {"ms": 100}}, {"restart": {"broker": 1}}, {"shutdown": {"broker": 2}},
           {"isolate": {"broker": 3}}, {"heal": {"broker": 3}}, {"slow": {"broker": 3, "latency_ms": 50}},
           {"kill_leader": {"topic": "t"}}, {"elect_preferred": {"topic": "t"}}, {"elect_unclean": {"topic": "t"}},
           {"config": {"min.insync.replicas": 1, "unclean.leader.election.enable": true, "replica.fetch.max.records": 5}},
           {"note": "n"})")
                    .empty());
}

TEST(RealRefusals, EachUnsupportedStepIsNamedByItsPath)
{
    const std::vector<Refusal> refusals = refusalsOf(R"("auto.fetch": false, "truncation": "high-watermark")",
        R"({"fetch": {"topic": "t", "follower": 2}},
           {"run": {"events": 3}},
           {"clock": {"to_ms": 100000}},
           {"restart": {"broker": 1, "lose_unflushed": 2}},
           {"shutdown": {"broker": 1, "wait": false}},
           {"config": {"auto.fetch": false, "retries": 3, "min.insync.replicas": 2}})");
    EXPECT_EQ(pathsOf(refusals),
        (std::vector<std::string> { "/cluster/config/auto.fetch", "/cluster/config/truncation", "/steps/0/fetch",
            "/steps/1/run", "/steps/2/clock", "/steps/3/restart/lose_unflushed", "/steps/4/shutdown/wait",
            "/steps/5/config/auto.fetch", "/steps/5/config/retries" }));
    EXPECT_EQ(refusals[2].why, "a manual fetch round has no counterpart: real followers fetch on their own");
    EXPECT_NE(refusals[5].why.find("SIGKILL keeps the page cache"), std::string::npos);
    EXPECT_NE(refusals[8].why.find("retries is fixed when its nodes or clients start"), std::string::npos);
}

TEST(RealRefusals, GroupStepsRunAndWhatKafkasConsumerCannotDoIsRefused)
{
    // Every consumer step a group member can take on a real cluster has no refusal.
    EXPECT_TRUE(refusalsOf("", R"({"rebalance": {"group": "g"}}, {"join": {"consumer": "m"}}, {"poll": {"consumer": "m"}},
           {"poll": {"consumer": "m", "max_records": 7}}, {"commit": {"consumer": "m"}},
           {"seek": {"consumer": "m", "topic": "t", "offset": 0}}, {"leave": {"consumer": "c"}},
           {"add_consumer": {"id": "d", "group": "g", "subscribe": ["t"], "assignor": "cooperative-sticky"}},
           {"rebalance": {"group": "g"}})",
        R"(, "consumers": [{"id": "c", "group": "g", "subscribe": ["t"]},
                          {"id": "m", "group": "g", "subscribe": ["t"], "auto.poll": false, "max.poll.records": 7,
                           "start": false}])")
                    .empty());
    // A crash, a poll of a consumer that polls on its own, a poll asking for another max.poll.records or not
    // waiting, a manual assignment (declared or added), a session timeout the coordinator refuses.
    const std::vector<Refusal> refusals = refusalsOf(R"("session.timeout.ms": 3000)",
        R"({"crash_consumer": {"consumer": "c"}}, {"poll": {"consumer": "c"}},
           {"poll": {"consumer": "m", "max_records": 3, "wait": false}},
           {"add_consumer": {"id": "e", "assign": [{"topic": "t", "partition": 0}]}})",
        R"(, "consumers": [{"id": "c", "group": "g", "subscribe": ["t"]},
                          {"id": "m", "group": "g", "subscribe": ["t"], "auto.poll": false},
                          {"id": "a", "assign": [{"topic": "t", "partition": 0}]}])");
    EXPECT_EQ(pathsOf(refusals),
        (std::vector<std::string> { "/cluster/config/session.timeout.ms", "/consumers/2/assign",
            "/steps/0/crash_consumer", "/steps/1/poll", "/steps/2/poll/max_records", "/steps/2/poll/wait",
            "/steps/3/add_consumer/assign" }));
    EXPECT_NE(refusals[0].why.find("INVALID_SESSION_TIMEOUT"), std::string::npos) << refusals[0].why;
    EXPECT_NE(refusals[2].why.find("sends LeaveGroup, which a crash does not"), std::string::npos) << refusals[2].why;
    EXPECT_NE(refusals[3].why.find("consumer c polls on its own"), std::string::npos) << refusals[3].why;
    EXPECT_NE(refusals[4].why.find("fixes max.poll.records when it is made (500 for m)"), std::string::npos)
        << refusals[4].why;
}

TEST(RealRefusals, TheGroupBuiltInsRunExceptReadUpToHw)
{
    for (const char* name : { "consumer-group-basics", "consumer-lag", "rebalance-eager-vs-cooperative" }) {
        auto loaded = hw::loadScenario(std::string("builtin:") + name);
        ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded)) << name;
        EXPECT_EQ(pathsOf(checkRealScenario(std::get<hw::Scenario>(loaded))), std::vector<std::string> {}) << name;
    }
    // read-up-to-hw steps its followers' fetches by hand (auto.fetch false), and its second poll does not wait.
    auto loaded = hw::loadScenario("builtin:read-up-to-hw");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded));
    EXPECT_EQ(pathsOf(checkRealScenario(std::get<hw::Scenario>(loaded))),
        (std::vector<std::string> { "/cluster/config/auto.fetch", "/steps/6/poll/wait", "/steps/9/fetch",
            "/steps/10/fetch", "/steps/11/fetch", "/steps/12/fetch" }));
}

TEST(RealRefusals, SteadyProducersAreRefused)
{
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "t", "cluster": {"brokers": 1},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": 1}],
      "producers": [{"id": "p", "rate_per_s": 10, "topic": "t"}], "steps": []})", "t.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
    EXPECT_EQ(pathsOf(checkRealScenario(std::get<hw::Scenario>(parsed))),
        (std::vector<std::string> { "/producers/0/rate_per_s" }));
}

TEST(RealRefusals, TheWalkthroughsManualFetchesAreRefused)
{
    auto loaded = hw::loadScenario("builtin:leo-hw-walkthrough");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded));
    const std::vector<Refusal> refusals = checkRealScenario(std::get<hw::Scenario>(loaded));
    ASSERT_FALSE(refusals.empty());
    EXPECT_EQ(refusals.front().path, "/cluster/config/auto.fetch");
}

TEST(RealRefusals, EveryConfigKeyHasAPlace)
{
    // docs/real-kafka.md's table and keyPlace() name every key of the scenario format.
    for (const hw::ConfigKeyInfo& info : hw::configKeys()) {
        const KeyPlace place = keyPlace(info.name);
        if (place == KeyPlace::NotApplicable || place == KeyPlace::RefusedUnlessDefault) {
            EXPECT_FALSE(keyPlaceReason(info.name).empty()) << info.name;
        }
        EXPECT_NE(keyPlaceReason(info.name), "not a key the runner knows") << info.name;
    }
}

} // namespace

namespace {

hw::Scenario scenarioOf(const std::string& json)
{
    auto parsed = hw::parseScenario(json, "t.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        throw std::runtime_error(error->toString());
    return std::get<hw::Scenario>(parsed);
}

/// A scenario of `brokers` brokers with the config and a topic, producing once, then `steps`.
hw::Scenario sharingCase(const std::string& config, const std::string& topic, const std::string& steps = "",
    int brokers = 3, const std::string& extra = "")
{
    return scenarioOf(R"({"format": "highwater/1", "name": "t", "cluster": {"brokers": )" + std::to_string(brokers)
        + R"(, "kafka_version": "4.0", "config": {)" + config + R"(}}, "topics": [{"name": ")" + topic
        + R"(", "partitions": 1, "replication.factor": 3}], "producers": [{"id": "p"}])" + extra
        + R"(, "steps": [{"produce": {"producer": "p", "topic": ")" + topic + R"(", "values": ["a"]}}, {"settle": {}})"
        + steps + "]}");
}

} // namespace

// Two cases of one version share a cluster when nothing on it is theirs alone (issue 27: "one cluster per
// version shared by its cases where they allow it"); each reason to start another is named.
TEST(RealSharing, CasesWithTheSameBrokersAndBrokerConfigsAndOtherTopicsShare)
{
    RunnerOptions options;
    const hw::Scenario first = sharingCase(R"("min.insync.replicas": 2)", "orders", R"(, {"kill": {"broker": 1}})");
    const ClusterOptions made = clusterOptionsFor(first, options);
    // The producer's settings are the harness's, per run: they may differ.
    const hw::Scenario second = sharingCase(R"("min.insync.replicas": 2, "retries": 0, "enable.idempotence": false)", "payments",
        R"(, {"restart": {"broker": 1}}, {"shutdown": {"broker": 2}})");
    EXPECT_EQ(whySeparateCluster(second, made, { "orders" }), "");
}

TEST(RealSharing, EachReasonForAClusterOfItsOwnIsNamed)
{
    RunnerOptions options;
    const ClusterOptions made
        = clusterOptionsFor(sharingCase(R"("min.insync.replicas": 2)", "orders"), options);
    EXPECT_EQ(whySeparateCluster(sharingCase(R"("min.insync.replicas": 2)", "orders"), made, { "orders" }),
        "its topic orders exists on the cluster already");
    EXPECT_EQ(whySeparateCluster(sharingCase(R"("min.insync.replicas": 1)", "b"), made, { "orders" }),
        "it needs cluster.config.min.insync.replicas 1, not 2");
    EXPECT_EQ(whySeparateCluster(
                  sharingCase(R"("min.insync.replicas": 2, "unclean.leader.election.enable": true)", "b"), made, { "orders" }),
        "it needs cluster.config.unclean.leader.election.enable true, not false");
    EXPECT_EQ(whySeparateCluster(sharingCase(R"("min.insync.replicas": 2)", "b", "", 4), made, { "orders" }),
        "it needs 4 brokers, not 3");
    EXPECT_EQ(whySeparateCluster(
                  sharingCase(R"("min.insync.replicas": 2)", "b", R"(, {"config": {"min.insync.replicas": 1}})"), made,
                  { "orders" }),
        "it changes configs at run time (a config step)");
    EXPECT_EQ(whySeparateCluster(sharingCase(R"("min.insync.replicas": 2)", "b", "", 3,
                                                R"(, "consumers": [{"id": "c", "group": "g", "subscribe": ["b"]}])"),
                  made, { "orders" }),
        "it has consumers (__consumer_offsets, placed as the model places it, is made per cluster)");
}
