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

TEST(RealRefusals, ConsumersAndSteadyProducersAreRefused)
{
    const std::vector<Refusal> refusals = refusalsOf("", R"({"poll": {"consumer": "c"}})",
        R"(, "consumers": [{"id": "c", "group": "g", "subscribe": ["t"]}])");
    EXPECT_EQ(pathsOf(refusals), (std::vector<std::string> { "/consumers/0", "/steps/0/poll" }));
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
