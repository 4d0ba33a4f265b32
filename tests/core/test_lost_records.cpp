// SPDX-License-Identifier: MIT
// The frame's lost records name two things apart (scenario/lost_records.h, docs/frame-format.md):
// the physical cause (what happened to the bytes) and the election or truncation that made the log
// drop them. Each case is a short scenario run end to end through Engine and Timeline, with the
// invariant checker after every frame, at the Kafka version it names.
//
// One power loss of a whole partition must read the same cause at every version and differ only in
// the election: at 3.9 (and 4.0, whose clusters format without ELR) the last ISR member comes back
// and is elected cleanly; from 4.1, with ELR, the ISR and ELR are empty after the unclean restarts and
// the controller elects the last known leader (PartitionChangeBuilder.canElectLastKnownLeader;
// KIP-966).

#include "check/invariants.h"
#include "engine/engine.h"
#include "scenario/frame_json.h"
#include "scenario/lost_records.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace {

using Json = nlohmann::json;

struct Played {
    std::unique_ptr<hw::Timeline> timeline;
    std::vector<std::string> violations;
};

/// Plays a scenario (cluster config, assignment and steps as JSON text; producer "p" with `acks`)
/// under `version`, checking the invariants after every frame.
std::unique_ptr<Played> play(const std::string& version, int brokers, const std::string& config,
    const std::string& assignment, int rf, const std::string& acks, const std::string& steps)
{
    const std::string json = R"({"format": "highwater/1", "name": "lost", "seed": 5,
      "cluster": {"brokers": )"
        + std::to_string(brokers) + R"(, "kafka_version": ")" + version + R"(", "config": {)" + config + R"(}},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": )"
        + std::to_string(rf) + R"(, "assignment": )" + assignment + R"(}],
      "producers": [{"id": "p", "acks": ")"
        + acks + R"(", "enable.idempotence": false}],
      "steps": [)"
        + steps + "]}";
    auto parsed = hw::parseScenario(json, "lost.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    const hw::Scenario scenario = std::get<hw::Scenario>(std::move(parsed));
    auto r = std::make_unique<Played>();
    r->timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(scenario.cluster));
    auto checker = std::make_shared<hw::InvariantChecker>();
    hw::Timeline* timeline = r->timeline.get();
    std::vector<std::string>* violations = &r->violations;
    timeline->setObserver([checker, timeline, violations](const hw::ClusterState& state, const hw::FrameInfo&) {
        for (const std::string& v : checker->check(state))
            violations->push_back("frame " + std::to_string(timeline->frameCount() - 1) + ": " + v);
    });
    if (auto error = hw::runScenario(scenario, *r->timeline)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    EXPECT_TRUE(r->violations.empty()) << r->violations.front();
    return r;
}

/// The head frame's "lost" list as the dump writes it: "offset=value cause election".
std::vector<std::string> lostText(const hw::Timeline& timeline)
{
    std::vector<std::string> out;
    for (const auto& l : hw::lostRecordsJson(timeline.head()))
        out.push_back(l.at("offset").dump() + "=" + l.at("value").get<std::string>() + " "
            + l.at("cause").get<std::string>() + " " + l.at("election").get<std::string>());
    return out;
}

// ---------------------------------------------------------------------------------------------
// One power loss at four versions

/// The whole partition loses power: a, b, c are committed on all three brokers, every host goes down
/// (broker 3 last, so it is the last ISR member or the last known leader's peer), and every broker
/// comes back without the last two records, which were still only in its page cache.
constexpr const char* powerLossConfig = R"("min.insync.replicas": 2, "replica.lag.time.max.ms": 30000)";
constexpr const char* powerLossSteps = R"(
    {"produce": {"producer": "p", "topic": "t", "values": ["a", "b", "c"]}},
    {"advance": {"ms": 500}},
    {"checkpoint": "committed"},
    {"power_off": {"broker": 1}},
    {"advance": {"ms": 12000}},
    {"power_off": {"broker": 2}},
    {"advance": {"ms": 12000}},
    {"power_off": {"broker": 3}},
    {"advance": {"ms": 12000}},
    {"checkpoint": "dark"},
    {"restart": {"broker": 1, "lose_unflushed": 2}},
    {"restart": {"broker": 2, "lose_unflushed": 2}},
    {"restart": {"broker": 3, "lose_unflushed": 2}},
    {"advance": {"ms": 30000}},
    {"checkpoint": "back"})";

struct PowerLossCase {
    const char* version;
    const char* election; // the frame's name of the election that follows the power loss
};

class OnePowerLoss : public ::testing::TestWithParam<PowerLossCase> {};

TEST_P(OnePowerLoss, NamesTheSameCauseAtEveryVersionAndTheElectionOfEach)
{
    const PowerLossCase& c = GetParam();
    const auto r = play(c.version, 3, powerLossConfig, "[[1, 2, 3]]", 3, "all", powerLossSteps);
    ASSERT_NE(r, nullptr);
    const hw::ClusterState committed = r->timeline->stateAt(r->timeline->findLabel("committed"));
    ASSERT_EQ(committed.partitions[0].registration.isr, std::vector<hw::BrokerId>({ 1, 2, 3 }));
    ASSERT_TRUE(hw::lostRecords(committed).empty());
    const hw::ClusterState& back = r->timeline->head();
    ASSERT_NE(back.partitions[0].registration.leader, hw::noLeader) << "the partition leads again";
    const std::string election = c.election;
    EXPECT_EQ(lostText(*r->timeline),
        std::vector<std::string>({ "1=b unflushed-records-lost " + election,
            "2=c unflushed-records-lost " + election }));
}

INSTANTIATE_TEST_SUITE_P(Versions, OnePowerLoss,
    ::testing::Values(PowerLossCase { "3.9", "clean-election" }, PowerLossCase { "4.0", "clean-election" },
        PowerLossCase { "4.2", "last-known-leader-election" }, PowerLossCase { "4.4", "last-known-leader-election" }),
    [](const auto& info) {
        std::string v = info.param.version;
        return "Kafka" + v.erase(1, 1);
    });

// ---------------------------------------------------------------------------------------------
// Every cause x election pair the engine produces

struct PairCase {
    const char* name;
    const char* version;
    int brokers;
    const char* config;
    const char* assignment;
    int rf;
    const char* acks;
    const char* steps;
    std::vector<std::string> lost; // "offset=value cause election"
};

void PrintTo(const PairCase& c, std::ostream* os)
{
    *os << c.name;
}

class CauseAndElection : public ::testing::TestWithParam<PairCase> {};

TEST_P(CauseAndElection, AreNamedApart)
{
    const PairCase& c = GetParam();
    const auto r = play(c.version, c.brokers, c.config, c.assignment, c.rf, c.acks, c.steps);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(lostText(*r->timeline), c.lost);
}

// Brokers 2 and 3 do not fetch and leave the ISR (replica.lag.time.max.ms 2000); broker 1 takes b and
// c alone and dies; a follower comes back without them.
constexpr const char* aloneConfig
    = R"("min.insync.replicas": 1, "auto.fetch": false, "replica.lag.time.max.ms": 2000, )"
      R"("unclean.leader.election.enable": true, "unclean.leader.election.interval.ms": 1000)";
constexpr const char* aloneSteps = R"(
    {"produce": {"producer": "p", "topic": "t", "values": ["a"]}},
    {"settle": {}},
    {"produce": {"producer": "p", "topic": "t", "values": ["b", "c"]}},
    {"advance": {"ms": 6000}},
    {"kill": {"broker": 1}},
    {"advance": {"ms": 15000}})";

// All three hold a, b, c; they lose power 3, 2, 1, so broker 1 is the last ISR member; broker 2 comes
// back without b and c and is elected uncleanly while broker 1 stays down.
constexpr const char* uncleanPowerLossConfig
    = R"("min.insync.replicas": 1, "unclean.leader.election.enable": true, )"
      R"("unclean.leader.election.interval.ms": 1000)";
constexpr const char* uncleanPowerLossSteps = R"(
    {"produce": {"producer": "p", "topic": "t", "values": ["a", "b", "c"]}},
    {"advance": {"ms": 500}},
    {"power_off": {"broker": 3}},
    {"advance": {"ms": 12000}},
    {"power_off": {"broker": 2}},
    {"advance": {"ms": 12000}},
    {"power_off": {"broker": 1}},
    {"advance": {"ms": 12000}},
    {"restart": {"broker": 2, "lose_unflushed": 2}},
    {"advance": {"ms": 30000}})";

// Broker 1 takes c with acks=1 while its followers are not fetching, answers, and crashes; broker 2,
// still in the ISR, is elected and c is gone.
constexpr const char* acks1Config = R"("min.insync.replicas": 2, "auto.fetch": false, "replica.lag.time.max.ms": 3600000)";
constexpr const char* acks1Steps = R"(
    {"produce": {"producer": "p", "topic": "t", "values": ["a", "b"], "acks": "all"}},
    {"settle": {}},
    {"produce": {"producer": "p", "topic": "t", "values": ["c"]}},
    {"advance": {"ms": 20}},
    {"kill": {"broker": 1}},
    {"advance": {"ms": 15000}})";

// KIP-101's first scenario under the rule before Kafka 0.11 (the built-in kip-101-truncation): the
// follower restarts and cuts its log to its own HW (1), dropping the committed m1, then leads.
constexpr const char* hwTruncationSteps = R"(
    {"produce": {"producer": "p", "topic": "t", "values": ["m0"]}},
    {"settle": {}},
    {"produce": {"producer": "p", "topic": "t", "values": ["m1"]}},
    {"fetch": {"topic": "t", "follower": 2}},
    {"fetch": {"topic": "t", "follower": 2, "until": "request"}},
    {"advance": {"ms": 10}},
    {"kill": {"broker": 2}},
    {"restart": {"broker": 2}},
    {"advance": {"ms": 100}},
    {"kill": {"broker": 1}},
    {"advance": {"ms": 10000}})";

INSTANTIATE_TEST_SUITE_P(Table, CauseAndElection,
    ::testing::Values(
        PairCase { "UnflushedClean", "3.9", 3, powerLossConfig, "[[1, 2, 3]]", 3, "all",
            powerLossSteps,
            { "1=b unflushed-records-lost clean-election", "2=c unflushed-records-lost clean-election" } },
        PairCase { "UnflushedLastKnownLeader", "4.4", 3, powerLossConfig, "[[1, 2, 3]]", 3, "all",
            powerLossSteps,
            { "1=b unflushed-records-lost last-known-leader-election",
                "2=c unflushed-records-lost last-known-leader-election" } },
        PairCase { "UnflushedUnclean", "3.9", 3, uncleanPowerLossConfig, "[[1, 2, 3]]", 3, "all",
            uncleanPowerLossSteps,
            { "1=b unflushed-records-lost unclean-election", "2=c unflushed-records-lost unclean-election" } },
        PairCase { "NotOnNewLeaderUnclean", "3.9", 3, aloneConfig, "[[1, 2, 3]]", 3, "all", aloneSteps,
            { "1=b not-on-new-leader unclean-election", "2=c not-on-new-leader unclean-election" } },
        PairCase { "Acks1Unclean", "3.9", 3, aloneConfig, "[[1, 2, 3]]", 3, "1", aloneSteps,
            { "1=b acks-1-not-replicated unclean-election", "2=c acks-1-not-replicated unclean-election" } },
        PairCase { "Acks1Clean", "4.4", 3, acks1Config, "[[1, 2, 3]]", 3, "1", acks1Steps,
            { "2=c acks-1-not-replicated clean-election" } },
        PairCase { "NoneHighWatermarkTruncation", "3.7", 2,
            R"("min.insync.replicas": 1, "auto.fetch": false, "truncation": "high-watermark")", "[[1, 2]]", 2,
            "all", hwTruncationSteps, { "1=m1 none high-watermark-truncation" } }),
    [](const auto& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// The frame JSON

// The dump names both halves in kebab-case and no longer writes the combined "reason" of earlier
// dumps; a frame written and read back keeps them.
TEST(LostRecordsJson, CauseAndElectionRoundTripThroughTheDump)
{
    const auto r = play("4.4", 3, powerLossConfig, "[[1, 2, 3]]", 3, "all", powerLossSteps);
    ASSERT_NE(r, nullptr);
    const Json frame = hw::frameToJson(*r->timeline, r->timeline->frameCount() - 1, r->timeline->head());
    const Json read = Json::parse(frame.dump());
    ASSERT_EQ(read.at("lost").size(), 2u);
    for (const Json& entry : read.at("lost")) {
        EXPECT_EQ(entry.at("cause"), "unflushed-records-lost");
        EXPECT_EQ(entry.at("election"), "last-known-leader-election");
        EXPECT_FALSE(entry.contains("reason"));
    }
    EXPECT_EQ(read.at("lost"), frame.at("lost"));
}

// Every name is kebab-case and distinct, so a reader can switch on them.
TEST(LostRecordsJson, NamesAreKebabCaseAndDistinct)
{
    const std::vector<std::string> causes = { std::string(hw::lostCauseName(hw::LostCause::UnflushedRecordsLost)),
        std::string(hw::lostCauseName(hw::LostCause::Acks1NotReplicated)),
        std::string(hw::lostCauseName(hw::LostCause::NotOnNewLeader)),
        std::string(hw::lostCauseName(hw::LostCause::None)) };
    const std::vector<std::string> elections
        = { std::string(hw::lostElectionName(hw::LostElection::UncleanElection)),
              std::string(hw::lostElectionName(hw::LostElection::LastKnownLeaderElection)),
              std::string(hw::lostElectionName(hw::LostElection::HighWatermarkTruncation)),
              std::string(hw::lostElectionName(hw::LostElection::CleanElection)),
              std::string(hw::lostElectionName(hw::LostElection::None)) };
    EXPECT_EQ(causes,
        std::vector<std::string>({ "unflushed-records-lost", "acks-1-not-replicated", "not-on-new-leader", "none" }));
    EXPECT_EQ(elections,
        std::vector<std::string>({ "unclean-election", "last-known-leader-election", "high-watermark-truncation",
            "clean-election", "none" }));
}

} // namespace
