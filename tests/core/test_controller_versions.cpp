// SPDX-License-Identifier: MIT
// The KRaft controller's rules that differ between Kafka 3.7 and 4.2, run end to end (scenario steps
// through Engine and Timeline, with the invariant checker after every frame). Each case names the
// Kafka test it comes from as TestClass.testMethod@tag; docs/research/kafka-controller-rules-3.7-4.2.md
// has the rules (R1-R12) and the rows these follow. PartitionChangeBuilder's own table is in
// test_partition_change_builder.cpp.
//
// Kafka cases that cannot be expressed here, and why:
// - EligibleLeaderReplicasIntegrationTest.testHighWatermarkShouldNotAdvanceIfUnderMinIsr: its producer
//   uses acks=1 and its consumer reads through the HW; the HW gate below min ISR it checks is
//   PartitionTest.testHighWatermarkAdvanceShouldNotAdvanceWhenUnderMinISR's rule, covered by the broker
//   tests (test_failures.cpp) rather than repeated here.
// - ClusterControlManagerTest.testReRegistrationAndBrokerEpoch[false] (the same incarnation registering
//   again): HighWater's brokers send one registration per incarnation; a repeat is a heartbeat.
// - QuorumControllerTest.testUncleanShutdownElrDisabled: it sets the fence check to 15 s to let a broker
//   re-register between its session's expiry and the check; HighWater's check period is Kafka's default
//   (session timeout / 8), so the window is a few hundred ms and the registration retries
//   (100 ms doubling) land after the fence.
// - The JBOD (log directory) and reassignment cases of ReplicationControlManagerTest: not modelled.

#include "check/invariants.h"
#include "engine/engine.h"
#include "model/version_rules.h"
#include "scenario/lost_records.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace {

using hw::BrokerId;
using hw::KafkaVersion;
using Ids = std::vector<BrokerId>;

struct Run {
    hw::Scenario scenario;
    std::unique_ptr<hw::Timeline> timeline;
    std::vector<std::string> violations;

    const hw::ClusterState& head() const { return timeline->head(); }
    const hw::PartitionRegistration& reg(int p = 0) const
    {
        return head().partitions[static_cast<std::size_t>(p)].registration;
    }
    hw::ClusterState at(const std::string& label) const { return timeline->stateAt(timeline->findLabel(label)); }
};

/// Runs a scenario (its steps as JSON text) under `version`, checking the invariants after every frame.
std::unique_ptr<Run> run(const std::string& version, int brokers, const std::string& config,
    const std::string& assignment, const std::string& steps)
{
    // The replication factor is the first replica list's length.
    const std::size_t firstList = assignment.find(']');
    const auto rf
        = 1 + std::count(assignment.begin(), assignment.begin() + static_cast<std::ptrdiff_t>(firstList), ',');
    const std::string json = R"({"format": "highwater/1", "name": "versions", "seed": 3,
      "cluster": {"brokers": )"
        + std::to_string(brokers) + R"(, "kafka_version": ")" + version + R"(", "config": {)" + config + R"(}},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": )"
        + std::to_string(rf) + R"(, "assignment": )" + assignment + R"(}],
      "producers": [{"id": "p", "acks": "all"}],
      "steps": [)"
        + steps + "]}";
    auto parsed = hw::parseScenario(json, "versions.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    auto r = std::make_unique<Run>();
    r->scenario = std::get<hw::Scenario>(std::move(parsed));
    r->timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(r->scenario.cluster));
    auto checker = std::make_shared<hw::InvariantChecker>();
    hw::Timeline* timeline = r->timeline.get();
    std::vector<std::string>* violations = &r->violations;
    timeline->setObserver([checker, timeline, violations](const hw::ClusterState& state, const hw::FrameInfo&) {
        for (const std::string& v : checker->check(state))
            violations->push_back("frame " + std::to_string(timeline->frameCount() - 1) + ": " + v);
    });
    if (auto error = hw::runScenario(r->scenario, *r->timeline)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    EXPECT_TRUE(r->violations.empty()) << r->violations.front();
    return r;
}

int count(const hw::Timeline& t, hw::EventType type)
{
    int n = 0;
    for (std::int64_t f = 0; f < t.frameCount(); ++f)
        n += t.frame(f).event.type == type ? 1 : 0;
    return n;
}

// ---------------------------------------------------------------------------------------------
// Unclean leader election (section 1 of kafka-versions.md; R8, R9)

/// Brokers 2 and 3 fall out of the ISR (no fetching, replica.lag.time.max.ms 2000), then the leader dies.
const std::string leaderAlone = R"("min.insync.replicas": 1, "auto.fetch": false, "replica.lag.time.max.ms": 2000)";
const std::string leaderAloneSteps = R"(
    {"produce": {"producer": "p", "topic": "t", "values": ["a", "b"]}},
    {"advance": {"ms": 6000}},
    {"checkpoint": "alone"},
    {"kill": {"broker": 1}},
    {"advance": {"ms": 12000}},
    {"checkpoint": "failed"})";

struct UncleanByVersion {
    const char* version;
    bool elected; // an out-of-sync replica leads after the leader's fence
};

class UncleanConfigByVersion : public ::testing::TestWithParam<UncleanByVersion> { };

// ReplicationControlManagerTest.testMaybeTriggerUncleanLeaderElectionForLeaderlessPartitions[static]@3.9.0-rc3
// (the config on from the start: the fence itself elects); ConfigurationControlManager
// .uncleanLeaderElectionEnabledForTopic@3.7.0/3.8.0 returns false, so those versions stay offline.
TEST_P(UncleanConfigByVersion, TheFenceElectsAnOutOfSyncReplicaFrom39)
{
    const UncleanByVersion& c = GetParam();
    const auto r = run(
        c.version, 3, leaderAlone + R"(, "unclean.leader.election.enable": true)", "[[1, 2, 3]]", leaderAloneSteps);
    ASSERT_NE(r, nullptr);
    ASSERT_EQ(r->at("alone").partitions[0].registration.isr, Ids({ 1 }));
    const hw::PartitionRegistration reg = r->at("failed").partitions[0].registration;
    if (!c.elected) {
        EXPECT_EQ(reg.leader, hw::noLeader);
        EXPECT_EQ(reg.isr, Ids({ 1 }));
        EXPECT_EQ(r->head().partitions[0].uncleanElections, 0);
        return;
    }
    EXPECT_EQ(reg.leader, 2);
    EXPECT_EQ(reg.isr, Ids({ 2 }));
    EXPECT_EQ(reg.leaderRecoveryState, hw::LeaderRecoveryState::Recovering);
    EXPECT_TRUE(reg.elr.empty()) << "an unclean election clears the ELR";
    EXPECT_EQ(r->head().partitions[0].uncleanElections, 1);
    const std::vector<hw::LostRecord> lost = hw::lostRecords(r->head());
    ASSERT_EQ(lost.size(), 2u);
    EXPECT_EQ(lost[0].cause, hw::LostCause::NotOnNewLeader);
    EXPECT_EQ(lost[0].election, hw::LostElection::UncleanElection);
}

INSTANTIATE_TEST_SUITE_P(Versions, UncleanConfigByVersion,
    ::testing::Values(UncleanByVersion { "3.7", false }, UncleanByVersion { "3.8", false },
        UncleanByVersion { "3.9", true }, UncleanByVersion { "4.0", true }, UncleanByVersion { "4.1", true },
        UncleanByVersion { "4.2", true }),
    [](const auto& info) {
        std::string v = info.param.version;
        return "Kafka" + v.erase(1, 1);
    });

// ReplicationControlManagerTest.testElectUncleanLeaders_WithoutElr@3.7.0 (the ElectLeaders API with
// ElectionType.UNCLEAN works whatever the config says, in every version).
TEST(ElectUnclean, TheElectLeadersApiElectsUncleanlyIn37WithTheConfigOff)
{
    const auto r = run("3.7", 3, leaderAlone, "[[1, 2, 3]]",
        leaderAloneSteps + R"(, {"elect_unclean": {"topic": "t"}}, {"checkpoint": "elected"})");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->at("failed").partitions[0].registration.leader, hw::noLeader);
    const hw::PartitionRegistration reg = r->at("elected").partitions[0].registration;
    EXPECT_EQ(reg.leader, 2);
    EXPECT_EQ(reg.isr, Ids({ 2 }));
    EXPECT_EQ(reg.leaderRecoveryState, hw::LeaderRecoveryState::Recovering);
}

TEST(ElectUnclean, IsRefusedWhenThePartitionHasALeaderOrNoReplicaCanLead)
{
    // ReplicationControlManager.electLeader: ELECTION_NOT_NEEDED with a leader,
    // ELIGIBLE_LEADERS_NOT_AVAILABLE with none acceptable.
    const std::string json = R"({"format": "highwater/1", "name": "v", "cluster": {"brokers": 3},
      "topics": [{"name": "t", "partitions": 1, "assignment": [[1, 2, 3]]}],
      "steps": [{"elect_unclean": {"topic": "t"}}]})";
    auto parsed = hw::parseScenario(json, "v.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
    hw::Timeline timeline(hw::Engine::createCluster(std::get<hw::Scenario>(parsed).cluster));
    const auto error = hw::runScenario(std::get<hw::Scenario>(parsed), timeline);
    ASSERT_TRUE(error);
    EXPECT_NE(error->message.find("ELECTION_NOT_NEEDED"), std::string::npos) << error->message;
    EXPECT_EQ(error->path, "/steps/0/elect_unclean");
}

struct ScanCase {
    const char* version;
    hw::TimeMs electedBy; // -1: never
};

class UncleanScan : public ::testing::TestWithParam<ScanCase> { };

// ReplicationControlManagerTest.testMaybeTriggerUncleanLeaderElectionForLeaderlessPartitions[dynamic_cluster]
// @3.9.0-rc3 and testPreferredElectionDoesNotTriggerUncleanElection@3.7.0: switching the config on at
// run time elects nobody by itself; the next scan does (3.9: one interval after the first write that found
// the partition leaderless; 4.0+: at every multiple of the interval from the controller's start). 3.7 and
// 3.8 have no scan and ignore the config.
TEST_P(UncleanScan, ASwitchAtRunTimeTakesEffectAtTheNextScan)
{
    const ScanCase& c = GetParam();
    const auto r = run(c.version, 3, leaderAlone + R"(, "unclean.leader.election.interval.ms": 60000)", "[[1, 2, 3]]",
        leaderAloneSteps + R"(, {"config": {"unclean.leader.election.enable": true}},
                       {"checkpoint": "switched"}, {"advance": {"ms": 130000}}, {"checkpoint": "later"})");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->at("switched").partitions[0].registration.leader, hw::noLeader) << "the switch alone elects nobody";
    hw::TimeMs electedAt = -1;
    for (std::int64_t f = r->timeline->findLabel("switched"); f < r->timeline->frameCount(); ++f) {
        if (r->timeline->frame(f).event.type == hw::EventType::UncleanScan) {
            electedAt = r->timeline->frame(f).timeMs;
            break;
        }
    }
    EXPECT_EQ(electedAt, c.electedBy);
    EXPECT_EQ(r->reg().leader, c.electedBy < 0 ? hw::noLeader : 2);
}

// The leader is killed at t = 6005 and fenced at 15000 (3.9: exact expiry of its last heartbeat, sent at
// 6000 and handled at 6005) or at 15750 (4.x: the first check of period 1125 after 15005).
// 3.9: the fence is the first write that leaves a leaderless partition, so the scan is due at 15005 + 60000.
// 4.x: scans at 60000, 120000, ...; the config is switched on at 18005, so the scan at 60000 elects.
INSTANTIATE_TEST_SUITE_P(Versions, UncleanScan,
    ::testing::Values(
        ScanCase { "3.8", -1 }, ScanCase { "3.9", 75005 }, ScanCase { "4.0", 60000 }, ScanCase { "4.2", 60000 }),
    [](const auto& info) {
        std::string v = info.param.version;
        return "Kafka" + v.erase(1, 1);
    });

// ---------------------------------------------------------------------------------------------
// Eligible Leader Replicas (section 3; R3-R6), Kafka's EligibleLeaderReplicasIntegrationTest at
// 4.2.0-rc1 with r0..r3 = brokers 1..4 and a fifth broker, min.insync.replicas 3.

const std::string elrConfig = R"("min.insync.replicas": 3)";
const std::string fourReplicas = "[[1, 2, 3, 4]]";

std::string stop(BrokerId b, const char* how = "shutdown")
{
    return std::string(R"({")") + how + R"(": {"broker": )" + std::to_string(b) + R"(}}, {"advance": {"ms": 12000}})";
}

// EligibleLeaderReplicasIntegrationTest.testElrMemberCanBeElected@4.2.0-rc1.
TEST(EligibleLeaderReplicas, AnElrMemberCanBeElected)
{
    const auto r = run("4.2", 5, elrConfig, fourReplicas,
        stop(1) + ", " + stop(2) + R"(, {"checkpoint": "two"}, )" + stop(3) + R"(, {"checkpoint": "three"}, )" + stop(4)
            + R"(, {"checkpoint": "four"}, {"restart": {"broker": 2}}, {"advance": {"ms": 12000}},
                       {"checkpoint": "back"}, {"restart": {"broker": 1}}, {"restart": {"broker": 3}},
                       {"advance": {"ms": 20000}}, {"checkpoint": "all"})");
    ASSERT_NE(r, nullptr);
    const hw::PartitionRegistration two = r->at("two").partitions[0].registration;
    EXPECT_EQ(two.isr, Ids({ 3, 4 }));
    EXPECT_EQ(two.elr, Ids({ 2 })) << "the first broker stopped never enters the ELR";
    const hw::PartitionRegistration three = r->at("three").partitions[0].registration;
    EXPECT_EQ(three.isr, Ids({ 4 }));
    EXPECT_EQ(three.elr, Ids({ 2, 3 }));
    const hw::PartitionRegistration four = r->at("four").partitions[0].registration;
    EXPECT_EQ(four.leader, hw::noLeader);
    EXPECT_TRUE(four.isr.empty()) << "with ELR the ISR may empty";
    EXPECT_EQ(four.elr, Ids({ 2, 3, 4 }));
    EXPECT_EQ(four.lastKnownElr, Ids({ 4 }));
    const hw::PartitionRegistration back = r->at("back").partitions[0].registration;
    EXPECT_EQ(back.leader, 2) << "a clean election from the ELR";
    EXPECT_EQ(back.isr, Ids({ 2 }));
    EXPECT_EQ(back.elr, Ids({ 3, 4 }));
    EXPECT_TRUE(back.lastKnownElr.empty());
    EXPECT_EQ(back.leaderRecoveryState, hw::LeaderRecoveryState::Recovered);
    EXPECT_EQ(r->head().partitions[0].uncleanElections, 0);
    const hw::PartitionRegistration all = r->at("all").partitions[0].registration;
    EXPECT_EQ(all.leader, 2);
    EXPECT_EQ(all.isr.size(), 3u);
    EXPECT_TRUE(all.elr.empty()) << "the ISR is back at min ISR";
}

// EligibleLeaderReplicasIntegrationTest.testElrMemberShouldBeKickOutWhenUncleanShutdown@4.2.0-rc1: here
// broker 2 crashes (kill) instead of having its clean-shutdown file deleted; its restart is unclean, so
// its registration takes it out of the ELR and it cannot be elected from it.
TEST(EligibleLeaderReplicas, AnElrMemberThatRestartsUncleanlyLeavesTheElr)
{
    const auto r = run("4.2", 5, elrConfig, fourReplicas,
        stop(1) + ", " + stop(2, "kill") + ", " + stop(3) + ", " + stop(4) +
            R"(, {"checkpoint": "four"}, {"restart": {"broker": 2}}, {"advance": {"ms": 3000}},
                       {"checkpoint": "back"})");
    ASSERT_NE(r, nullptr);
    const hw::PartitionRegistration four = r->at("four").partitions[0].registration;
    EXPECT_EQ(four.elr, Ids({ 2, 3, 4 }));
    EXPECT_EQ(four.lastKnownElr, Ids({ 4 }));
    const hw::PartitionRegistration back = r->at("back").partitions[0].registration;
    EXPECT_EQ(back.leader, hw::noLeader);
    EXPECT_TRUE(back.isr.empty());
    EXPECT_EQ(back.elr, Ids({ 3, 4 }));
    EXPECT_EQ(back.lastKnownElr, Ids({ 4 }));
    EXPECT_FALSE(r->head().registrations[1].fenced) << "it is back and unfenced, just not electable";
}

// EligibleLeaderReplicasIntegrationTest.testLastKnownLeaderShouldBeElectedIfEmptyElr@4.2.0-rc1 (every
// stop unclean: killed), and the same run at 4.0, where ELR is off by default: the last ISR member stays
// listed and returns as a clean leader.
TEST(EligibleLeaderReplicas, TheLastKnownLeaderIsElectedUncleanlyOnceTheElrIsEmpty)
{
    const std::string steps = stop(1, "kill") + ", " + stop(2, "kill") + ", " + stop(3, "kill") + ", " + stop(4, "kill")
        + R"(, {"checkpoint": "four"}, {"restart": {"broker": 1}},
        {"restart": {"broker": 2}}, {"restart": {"broker": 3}}, {"advance": {"ms": 3000}}, {"checkpoint": "three back"},
        {"restart": {"broker": 4}}, {"advance": {"ms": 3000}}, {"checkpoint": "last back"})";
    const auto r = run("4.2", 5, elrConfig, fourReplicas, steps);
    ASSERT_NE(r, nullptr);
    const hw::PartitionRegistration threeBack = r->at("three back").partitions[0].registration;
    EXPECT_EQ(threeBack.leader, hw::noLeader);
    EXPECT_EQ(threeBack.elr, Ids({ 4 })) << "brokers 2 and 3 restarted uncleanly";
    EXPECT_EQ(threeBack.lastKnownElr, Ids({ 4 }));
    // Elected when it is unfenced: flagged unclean, ISR {4}, RECOVERING.
    std::int64_t elected = -1;
    for (std::int64_t f = r->timeline->findLabel("three back"); f < r->timeline->frameCount(); ++f) {
        if (r->timeline->frame(f).event.has(hw::LastKnownLeader)) {
            elected = f;
            break;
        }
    }
    ASSERT_GE(elected, 0);
    EXPECT_EQ(r->timeline->frame(elected).event.type, hw::EventType::BrokerUnfenced);
    EXPECT_TRUE(r->timeline->frame(elected).event.has(hw::Unclean));
    const hw::PartitionRegistration atElection = r->timeline->stateAt(elected).partitions[0].registration;
    EXPECT_EQ(atElection.leader, 4);
    EXPECT_EQ(atElection.isr, Ids({ 4 }));
    EXPECT_TRUE(atElection.elr.empty());
    EXPECT_TRUE(atElection.lastKnownElr.empty());
    EXPECT_EQ(atElection.leaderRecoveryState, hw::LeaderRecoveryState::Recovering);
    // The followers catch up; the leader's first AlterPartition carries RECOVERED (KIP-704).
    const hw::PartitionRegistration lastBack = r->at("last back").partitions[0].registration;
    EXPECT_EQ(lastBack.leader, 4);
    EXPECT_EQ(lastBack.isr.size(), 4u);
    EXPECT_EQ(lastBack.leaderRecoveryState, hw::LeaderRecoveryState::Recovered);
    EXPECT_EQ(r->head().partitions[0].uncleanElections, 1);
    EXPECT_TRUE(r->head().partitions[0].lastUncleanWasLastKnownLeader);

    const auto v40 = run("4.0", 5, elrConfig, fourReplicas, steps);
    ASSERT_NE(v40, nullptr);
    const hw::PartitionRegistration four40 = v40->at("four").partitions[0].registration;
    EXPECT_EQ(four40.isr, Ids({ 4 })) << "without ELR the last ISR member stays";
    EXPECT_TRUE(four40.elr.empty());
    const hw::PartitionRegistration last40 = v40->at("last back").partitions[0].registration;
    EXPECT_EQ(last40.leader, 4);
    EXPECT_EQ(last40.leaderRecoveryState, hw::LeaderRecoveryState::Recovered) << "a clean election from the ISR";
    EXPECT_EQ(v40->head().partitions[0].uncleanElections, 0);
}

// ReplicationControlManagerTest.testElrsRemovedOnMinIsrUpdate[cluster]@4.0.0: a min.insync.replicas
// change clears every ELR and LastKnownElr (ClearElrRecord), electing nobody.
TEST(EligibleLeaderReplicas, AMinIsrChangeClearsTheElrAndLastKnownElr)
{
    const auto r = run("4.2", 5, elrConfig, fourReplicas,
        stop(1) + ", " + stop(2) + ", " + stop(3) + ", " + stop(4)
            + R"(, {"checkpoint": "four"}, {"config": {"min.insync.replicas": 2}}, {"checkpoint": "cleared"})");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->at("four").partitions[0].registration.elr, Ids({ 2, 3, 4 }));
    const hw::PartitionRegistration cleared = r->at("cleared").partitions[0].registration;
    EXPECT_TRUE(cleared.elr.empty());
    EXPECT_TRUE(cleared.lastKnownElr.empty());
    EXPECT_TRUE(cleared.isr.empty());
    EXPECT_EQ(cleared.leader, hw::noLeader);
    EXPECT_EQ(cleared.partitionEpoch, r->at("four").partitions[0].registration.partitionEpoch + 1);
}

// ---------------------------------------------------------------------------------------------
// Registration (section 2; R7)

// ClusterControlManagerTest.testDuplicateBrokerRegistrationWithInactiveBroker@4.1.1 (and the 3.x rule it
// replaced): a broker that just finished a controlled shutdown registers again at once in 3.x (a fenced
// broker has no session), but is refused for a session timeout after its last heartbeat in 4.0+.
TEST(Registration, AfterAControlledShutdownIsImmediateIn3xAndWaitsForTheSessionIn4x)
{
    const std::string steps = R"({"shutdown": {"broker": 3}}, {"restart": {"broker": 3}}, {"advance": {"ms": 500}},
        {"checkpoint": "soon"}, {"advance": {"ms": 15000}}, {"checkpoint": "later"})";
    for (const char* v : { "3.7", "4.2" }) {
        const auto r = run(v, 3, R"("min.insync.replicas": 1)", "[[1, 2, 3]]", steps);
        ASSERT_NE(r, nullptr);
        const bool v4 = std::string(v) == "4.2";
        EXPECT_EQ(r->at("soon").brokers[2].registered, !v4) << v;
        EXPECT_EQ(count(*r->timeline, hw::EventType::RegistrationRefused) > 0, v4) << v;
        EXPECT_TRUE(r->at("later").brokers[2].registered) << v;
        EXPECT_FALSE(r->at("later").registrations[2].fenced) << v;
        EXPECT_EQ(r->at("later").registrations[2].brokerEpoch > 3, true) << "a new epoch: " << v;
    }
}

// ClusterControlManagerTest.testReRegistrationWithCleanShutdownDetection[true|false]@4.0.0: the
// clean-shutdown file's epoch tells the controller whether the stop was clean.
TEST(Registration, TheRegisteredEventSaysWhetherTheStopWasClean)
{
    for (const char* how : { "shutdown", "kill" }) {
        const auto r = run("4.2", 3, R"("min.insync.replicas": 1)", "[[1, 2, 3]]",
            std::string(R"({")") + how
                + R"(": {"broker": 2}}, {"restart": {"broker": 2}}, {"advance": {"ms": 15000}})");
        ASSERT_NE(r, nullptr);
        int registered = 0;
        for (std::int64_t f = 0; f < r->timeline->frameCount(); ++f) {
            const hw::Event& e = r->timeline->frame(f).event;
            if (e.type == hw::EventType::BrokerRegistered) {
                ++registered;
                EXPECT_EQ(e.detail, std::string(how) == "shutdown" ? 1 : 0) << how;
            }
        }
        EXPECT_EQ(registered, 1) << how;
    }
}

// KIP-841 (BrokerHeartbeatManager.calculateNextBrokerState): a new registration is fenced until the broker
// has caught up with the metadata to it, and unfenced on a later heartbeat.
TEST(Registration, ABrokerIsUnfencedOnlyAfterItCaughtUpWithTheMetadata)
{
    const auto r = run("4.2", 3, R"("min.insync.replicas": 1)", "[[1, 2, 3]]",
        R"({"kill": {"broker": 3}}, {"advance": {"ms": 12000}}, {"restart": {"broker": 3}}, {"advance": {"ms": 200}})");
    ASSERT_NE(r, nullptr);
    const hw::Timeline& t = *r->timeline;
    std::int64_t registered = -1, unfenced = -1;
    for (std::int64_t f = 0; f < t.frameCount(); ++f) {
        if (t.frame(f).event.type == hw::EventType::BrokerRegistered)
            registered = f;
        if (t.frame(f).event.type == hw::EventType::BrokerUnfenced && registered >= 0)
            unfenced = f;
    }
    ASSERT_GE(registered, 0);
    ASSERT_GT(unfenced, registered);
    EXPECT_TRUE(t.stateAt(registered).registrations[2].fenced);
    // The registration's answer, a STARTING heartbeat 10 ms later that learns it caught up, and a
    // RECOVERY heartbeat 10 ms after that which no longer asks to stay fenced.
    EXPECT_GE(t.frame(unfenced).timeMs - t.frame(registered).timeMs, 30);
    EXPECT_GE(t.stateAt(unfenced).brokers[2].metadataOffset, t.stateAt(unfenced).registrations[2].brokerEpoch);
}

} // namespace

// ---------------------------------------------------------------------------------------------
// The automatic preferred-leader rebalance (auto.leader.rebalance.enable, issue 27 rule 1)

struct RebalanceCase {
    const char* version;
    bool periodic; // 4.0+: every interval from the start; 3.x: one interval after the write that found the imbalance
};

class LeaderRebalance : public ::testing::TestWithParam<RebalanceCase> { };

const std::string rebalanceSteps = R"(
    {"produce": {"producer": "p", "topic": "t", "values": ["a", "b"]}},
    {"advance": {"ms": 1000}},
    {"kill": {"broker": 1}},
    {"advance": {"ms": 15000}},
    {"checkpoint": "failed over"},
    {"restart": {"broker": 1}},
    {"advance": {"ms": 20000}},
    {"checkpoint": "back"},
    {"advance": {"ms": 600000}})";

// QuorumController.maybeScheduleNextBalancePartitionLeaders@3.9.0 (scheduled by the write that fenced
// broker 1 and moved its leadership) and registerElectPreferred@4.0.0 (a periodic task from activation);
// ReplicationControlManager.maybeBalancePartitionLeaders elects the first replica, back in the ISR.
TEST_P(LeaderRebalance, LeadershipReturnsToThePreferredReplicaAtTheNextCheck)
{
    const RebalanceCase& c = GetParam();
    const auto r = run(c.version, 3, R"("min.insync.replicas": 2)", "[[1, 2, 3]]", rebalanceSteps);
    ASSERT_NE(r, nullptr);
    EXPECT_TRUE(r->violations.empty()) << r->violations.front();
    ASSERT_EQ(r->at("failed over").partitions[0].registration.leader, 2);
    const hw::PartitionRegistration back = r->at("back").partitions[0].registration;
    ASSERT_EQ(back.leader, 2) << "no check has run yet";
    ASSERT_EQ(back.isr, Ids({ 2, 3, 1 })) << "the preferred replica is back in the ISR";

    hw::TimeMs fencedAt = -1;
    std::vector<std::int64_t> rebalances;
    for (std::int64_t f = 0; f < r->timeline->frameCount(); ++f) {
        const hw::FrameInfo& frame = r->timeline->frame(f);
        if (frame.event.type == hw::EventType::BrokerFenced && fencedAt < 0)
            fencedAt = frame.timeMs;
        if (frame.event.type == hw::EventType::LeaderRebalance)
            rebalances.push_back(f);
    }
    ASSERT_GT(fencedAt, 0);
    ASSERT_EQ(rebalances.size(), 1u) << "one move, and no frame for checks that find nothing to do";
    const hw::FrameInfo& moved = r->timeline->frame(rebalances[0]);
    EXPECT_EQ(moved.timeMs, c.periodic ? 300000 : fencedAt + 300000);
    EXPECT_EQ(moved.event.node, hw::controllerNodeId);
    EXPECT_EQ(moved.event.partition, 0);
    EXPECT_EQ(moved.event.count, 1);
    EXPECT_EQ(moved.event.peer, 1);
    EXPECT_EQ(moved.event.value, 2);
    EXPECT_EQ(moved.event.detail, back.leaderEpoch + 1);
    EXPECT_EQ(r->reg().leader, 1);
    EXPECT_EQ(r->reg().leaderEpoch, back.leaderEpoch + 1);
}

INSTANTIATE_TEST_SUITE_P(Versions, LeaderRebalance,
    ::testing::Values(RebalanceCase { "3.7", false }, RebalanceCase { "3.9", false }, RebalanceCase { "4.0", true },
        RebalanceCase { "4.2", true }, RebalanceCase { "4.4", true }),
    [](const auto& info) {
        std::string v = info.param.version;
        return "Kafka" + v.erase(1, 1);
    });

TEST(LeaderRebalance, SwitchedOffLeadershipStaysOnTheBrokerThatTookOver)
{
    // ControllerServer gives QuorumController no imbalance interval when auto.leader.rebalance.enable
    // is false: no check runs, and the issue's 600 s with leadership on broker 2 is what Kafka does then.
    const auto r = run("4.4", 3, R"("min.insync.replicas": 2, "auto.leader.rebalance.enable": false)", "[[1, 2, 3]]",
        rebalanceSteps);
    ASSERT_NE(r, nullptr);
    EXPECT_TRUE(r->violations.empty()) << r->violations.front();
    EXPECT_GT(r->head().nowMs, 600000);
    EXPECT_EQ(r->reg().leader, 2);
    EXPECT_EQ(r->reg().isr, Ids({ 2, 3, 1 }));
}

TEST(LeaderRebalance, ASmallIntervalMovesLeadershipBackSoonAfterTheReplicaRejoins)
{
    // leader.imbalance.check.interval.seconds 5 (the real-run comparison's setting): the first check
    // after broker 1 is back in the ISR moves the leadership, at a multiple of 5 s (4.0+).
    const auto r = run("4.4", 3, R"("min.insync.replicas": 2, "leader.imbalance.check.interval.seconds": 5)",
        "[[1, 2, 3]]", rebalanceSteps);
    ASSERT_NE(r, nullptr);
    EXPECT_TRUE(r->violations.empty()) << r->violations.front();
    EXPECT_EQ(r->at("back").partitions[0].registration.leader, 1);
    hw::TimeMs rejoinedAt = -1;
    hw::TimeMs movedAt = -1;
    for (std::int64_t f = r->timeline->findLabel("failed over"); f < r->timeline->frameCount(); ++f) {
        const hw::FrameInfo& frame = r->timeline->frame(f);
        const hw::ClusterState s = r->timeline->stateAt(f);
        if (rejoinedAt < 0 && s.partitions[0].registration.isr.size() == 3)
            rejoinedAt = frame.timeMs;
        if (frame.event.type == hw::EventType::LeaderRebalance) {
            movedAt = frame.timeMs;
            break;
        }
    }
    ASSERT_GT(rejoinedAt, 0);
    EXPECT_EQ(movedAt % 5000, 0);
    EXPECT_GE(movedAt, rejoinedAt);
    EXPECT_LT(movedAt, rejoinedAt + 5000);
}

TEST(LeaderRebalance, TheKeysAreFixedForTheRun)
{
    // Kafka reads both when the controller starts; a config step that names one is refused at its path.
    for (const std::string key : { "auto.leader.rebalance.enable", "leader.imbalance.check.interval.seconds" }) {
        const std::string value = key == "auto.leader.rebalance.enable" ? "false" : "5";
        const std::string json = R"({"format": "highwater/1", "name": "fixed", "cluster": {"brokers": 3},
          "topics": [{"name": "t", "partitions": 1, "replication.factor": 3}],
          "steps": [{"config": {")" + key + R"(": )" + value + "}}]}";
        auto parsed = hw::parseScenario(json, "fixed.json");
        ASSERT_TRUE(std::holds_alternative<hw::ScenarioError>(parsed)) << key;
        const std::string error = std::get<hw::ScenarioError>(parsed).toString();
        EXPECT_NE(error.find("/steps/0/config/" + key), std::string::npos) << error;
        EXPECT_NE(error.find("fixed for the run"), std::string::npos) << error;
    }
}
