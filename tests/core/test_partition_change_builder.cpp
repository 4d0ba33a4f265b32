// SPDX-License-Identifier: MIT
// PartitionChangeBuilder, table-driven, with the cases of apache/kafka's PartitionChangeBuilderTest
// (metadata/src/test/java/org/apache/kafka/controller/PartitionChangeBuilderTest.java) at the tag each
// row names. Every row starts at leader epoch 100 and partition epoch 200, as Kafka's fixtures do.
//
// Cases of PartitionChangeBuilderTest that cannot be expressed here, and why:
// - testElectLeader's targetReplicas [2,1,3,4] row, the reassignment tests
//   (testReassignmentRearrangesReplicas, testIsrEnlargementCompletesReassignment, ...) and the
//   directory tests (testKeepsDirectoriesAfterReassignment, ...): HighWater models no reassignment and
//   no JBOD directories.
// - testEligibleLeaderReplicas_IsrExpandAboveMinISR, _IsrAddNewMemberNotInELR,
//   _RemoveUncleanShutdownReplicasFromElr, _ElrCanBeElected[false] and _IsrCanShrinkToZero[false]:
//   they run with useLastKnownLeaderInBalancedRecovery = false, a test-only mode; production Kafka
//   always uses the last known leader (ReplicationControlManager never calls the setter), and so
//   does HighWater.
// - The rows that use MetadataVersion.MINIMUM_VERSION: HighWater has no metadata version below its
//   Kafka versions; "ELR off" is their equivalent and is covered.

#include "controller/partition_change_builder.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace {

using hw::BrokerId;
using hw::Election;
using hw::KafkaVersion;
using hw::LeaderRecoveryState;
using hw::PartitionRegistration;
using Ids = std::vector<BrokerId>;
constexpr BrokerId none = hw::noLeader;

PartitionRegistration partition(Ids replicas, Ids isr, BrokerId leader, Ids elr = {}, Ids lastKnownElr = {},
    LeaderRecoveryState state = LeaderRecoveryState::Recovered)
{
    PartitionRegistration p;
    p.replicas = std::move(replicas);
    p.isr = std::move(isr);
    p.leader = leader;
    p.elr = std::move(elr);
    p.lastKnownElr = std::move(lastKnownElr);
    p.leaderRecoveryState = state;
    p.leaderEpoch = 100;
    p.partitionEpoch = 200;
    return p;
}

/// What a row expects after the change: the partition as merged, or no record at all.
struct Expected {
    bool record = true;
    BrokerId leader = none;
    bool unclean = false;
    std::optional<Ids> isr; // checked when given
    std::optional<Ids> elr;
    std::optional<Ids> lastKnownElr;
    std::optional<LeaderRecoveryState> state;
    bool leaderEpochBumped = false;
};

struct Row {
    std::string name; // the Kafka test it comes from, as TestClass.testMethod@tag
    PartitionRegistration before;
    Ids acceptable;
    int minIsr = 2;
    Election election = Election::Online;
    std::optional<Ids> targetIsr;
    Ids uncleanShutdown;
    bool elr = true;
    KafkaVersion version = KafkaVersion::V4_2;
    Expected expected;
};

std::ostream& operator<<(std::ostream& out, const Row& row)
{
    return out << row.name;
}

class PartitionChangeBuilderRows : public ::testing::TestWithParam<Row> { };

TEST_P(PartitionChangeBuilderRows, GiveKafkasRecord)
{
    const Row& row = GetParam();
    hw::PartitionChangeBuilder builder(
        row.before,
        [&](BrokerId b) { return std::find(row.acceptable.begin(), row.acceptable.end(), b) != row.acceptable.end(); },
        row.minIsr, row.version, row.elr);
    builder.setElection(row.election);
    if (row.targetIsr)
        builder.setTargetIsr(*row.targetIsr);
    if (!row.uncleanShutdown.empty())
        builder.setUncleanShutdownReplicas(row.uncleanShutdown);
    const std::optional<hw::PartitionChangeRecord> record = builder.build();
    const Expected& want = row.expected;
    ASSERT_EQ(record.has_value(), want.record);
    const PartitionRegistration after = record ? hw::mergePartitionChange(row.before, *record) : row.before;
    EXPECT_EQ(after.leader, want.leader);
    EXPECT_EQ(record && record->unclean, want.unclean);
    if (want.isr) {
        EXPECT_EQ(after.isr, *want.isr);
    }
    if (want.elr) {
        EXPECT_EQ(after.elr, *want.elr);
    }
    if (want.lastKnownElr) {
        EXPECT_EQ(after.lastKnownElr, *want.lastKnownElr);
    }
    if (want.state) {
        EXPECT_EQ(after.leaderRecoveryState, *want.state);
    }
    EXPECT_EQ(after.leaderEpoch, want.leaderEpochBumped ? 101 : 100);
    EXPECT_EQ(after.partitionEpoch, record ? 201 : 200);
}

// FOO and BAZ of PartitionChangeBuilderTest.
PartitionRegistration foo()
{
    return partition({ 2, 1, 3 }, { 2, 1, 3 }, 1);
}
PartitionRegistration baz()
{
    return partition({ 2, 1, 3 }, { 1, 3 }, 3);
}

Expected leaderOnly(BrokerId leader, bool unclean = false, bool bumped = true)
{
    Expected e;
    e.leader = leader;
    e.unclean = unclean;
    e.leaderEpochBumped = bumped;
    return e;
}

Expected noRecord(BrokerId leader)
{
    Expected e;
    e.record = false;
    e.leader = leader;
    return e;
}

Expected full(BrokerId leader, bool bumped, Ids isr, Ids elr, Ids lke, LeaderRecoveryState state, bool unclean = false)
{
    Expected e;
    e.leader = leader;
    e.unclean = unclean;
    e.leaderEpochBumped = bumped;
    e.isr = std::move(isr);
    e.elr = std::move(elr);
    e.lastKnownElr = std::move(lke);
    e.state = state;
    return e;
}

constexpr auto Recovered = LeaderRecoveryState::Recovered;
constexpr auto Recovering = LeaderRecoveryState::Recovering;

std::vector<Row> rows()
{
    std::vector<Row> r;
    // PartitionChangeBuilderTest.testElectLeader@4.2.0-rc1: FOO with replica 3 unacceptable.
    r.push_back({ "testElectLeader_fooPreferred", foo(), { 1, 2 }, 2, Election::Preferred, {}, {}, true,
        KafkaVersion::V4_2, leaderOnly(2) });
    r.push_back({ "testElectLeader_fooOnline", foo(), { 1, 2 }, 2, Election::Online, {}, {}, true, KafkaVersion::V4_2,
        noRecord(1) });
    r.push_back({ "testElectLeader_fooUnclean", foo(), { 1, 2 }, 2, Election::Unclean, {}, {}, true, KafkaVersion::V4_2,
        noRecord(1) });
    {
        Expected e = leaderOnly(1, false, false);
        e.isr = Ids { 1, 3 };
        r.push_back({ "testElectLeader_fooOnlineIsr13", foo(), { 1, 2 }, 2, Election::Online, Ids { 1, 3 }, {}, true,
            KafkaVersion::V4_2, e });
        r.push_back({ "testElectLeader_fooUncleanIsr13", foo(), { 1, 2 }, 2, Election::Unclean, Ids { 1, 3 }, {}, true,
            KafkaVersion::V4_2, e });
    }
    r.push_back({ "testElectLeader_fooOnlineIsr3", foo(), { 1, 2 }, 2, Election::Online, Ids { 3 }, {}, true,
        KafkaVersion::V4_2, leaderOnly(none) });
    r.push_back({ "testElectLeader_fooUncleanIsr3", foo(), { 1, 2 }, 2, Election::Unclean, Ids { 3 }, {}, true,
        KafkaVersion::V4_2, leaderOnly(2, true) });
    for (Election election : { Election::Preferred, Election::Online, Election::Unclean })
        r.push_back({ "testElectLeader_baz" + std::to_string(static_cast<int>(election)), baz(), { 1, 2, 3 }, 2,
            election, {}, {}, true, KafkaVersion::V4_2, noRecord(3) });
    // PartitionChangeBuilderTest.testUncleanLeaderElection@4.2.0-rc1, ELR off and on.
    for (bool elr : { false, true })
        r.push_back({ std::string("testUncleanLeaderElection_foo_elr") + (elr ? "On" : "Off"), foo(), { 1, 2 }, 2,
            Election::Unclean, Ids { 3 }, {}, elr, KafkaVersion::V4_2,
            full(2, true, { 2 }, {}, {}, Recovering, true) });
    r.push_back({ "testUncleanLeaderElection_leaderless", partition({ 2, 1, 3 }, { 3 }, none), { 1 }, 2,
        Election::Unclean, Ids { 3 }, {}, false, KafkaVersion::V4_2, full(1, true, { 1 }, {}, {}, Recovering, true) });
    r.push_back({ "testUncleanLeaderElection_emptyIsrWithElr", partition({ 2, 1, 3 }, {}, none, { 3 }, { 2 }), { 1 }, 2,
        Election::Unclean, Ids {}, {}, true, KafkaVersion::V4_2, full(1, true, { 1 }, {}, {}, Recovering, true) });
    // PartitionChangeBuilderTest.testUncleanSetsLeaderRecoveringState@4.2.0-rc1.
    r.push_back({ "testUncleanSetsLeaderRecoveringState", partition({ 1, 2, 3 }, { 2, 3 }, none), { 1 }, 2,
        Election::Unclean, {}, {}, false, KafkaVersion::V4_2, full(1, true, { 1 }, {}, {}, Recovering, true) });
    // PartitionChangeBuilderTest.testEligibleLeaderReplicas_IsrShrinkBelowMinISR@4.2.0-rc1, ELR on and off.
    r.push_back({ "testEligibleLeaderReplicas_IsrShrinkBelowMinISR", partition({ 1, 2, 3, 4 }, { 1, 2, 3, 4 }, 1),
        { 1, 2, 4 }, 3, Election::Preferred, Ids { 1, 2 }, {}, true, KafkaVersion::V4_2,
        full(1, false, { 1, 2 }, { 3, 4 }, {}, Recovered) });
    r.push_back({ "testEligibleLeaderReplicas_IsrShrinkBelowMinISR_elrOff",
        partition({ 1, 2, 3, 4 }, { 1, 2, 3, 4 }, 1), { 1, 2, 4 }, 3, Election::Preferred, Ids { 1, 2 }, {}, false,
        KafkaVersion::V4_2, full(1, false, { 1, 2 }, {}, {}, Recovered) });
    // PartitionChangeBuilderTest.testEligibleLeaderReplicas_ElrCanBeElected[true]@4.2.0-rc1.
    r.push_back({ "testEligibleLeaderReplicas_ElrCanBeElected", partition({ 1, 2, 3, 4 }, { 1 }, 1, { 3 }), { 2, 3, 4 },
        3, Election::Preferred, Ids {}, {}, true, KafkaVersion::V4_2, full(3, true, { 3 }, { 1 }, {}, Recovered) });
    // PartitionChangeBuilderTest.testEligibleLeaderReplicas_IsrCanShrinkToZero[true]@4.2.0-rc1 (and 4.0.0).
    for (KafkaVersion v : { KafkaVersion::V4_0, KafkaVersion::V4_2 })
        r.push_back(
            { std::string("testEligibleLeaderReplicas_IsrCanShrinkToZero_") + (v == KafkaVersion::V4_0 ? "40" : "42"),
                partition({ 1, 2, 3, 4 }, { 1, 2, 3, 4 }, 1), {}, 3, Election::Online, Ids {}, {}, true, v,
                full(none, true, {}, { 1, 2, 3, 4 }, { 1 }, Recovered) });
    // Its second step: an unclean shutdown of 2 leaves the ELR; the last known leader is not rewritten.
    r.push_back({ "testEligibleLeaderReplicas_IsrCanShrinkToZero_uncleanShutdown",
        partition({ 1, 2, 3, 4 }, {}, none, { 1, 2, 3, 4 }, { 1 }), {}, 3, Election::Online, Ids {}, { 2 }, true,
        KafkaVersion::V4_2, full(none, false, {}, { 1, 3, 4 }, { 1 }, Recovered) });
    // PartitionChangeBuilderTest.testEligibleLeaderReplicas_ElectLastKnownLeader@4.2.0-rc1.
    r.push_back({ "testEligibleLeaderReplicas_ElectLastKnownLeader", partition({ 1, 2, 3, 4 }, {}, none, {}, { 1 }),
        { 1, 2, 3, 4 }, 3, Election::Preferred, Ids {}, {}, true, KafkaVersion::V4_2,
        full(1, true, { 1 }, {}, {}, Recovering, true) });
    // PartitionChangeBuilderTest.testEligibleLeaderReplicas_ElectLastKnownLeaderShouldFail@4.2.0-rc1.
    r.push_back({ "testEligibleLeaderReplicas_ElectLastKnownLeaderShouldFail",
        partition({ 1, 2, 3, 4 }, {}, none, { 3 }, { 1 }), { 1, 2, 4 }, 3, Election::Preferred, Ids {}, {}, true,
        KafkaVersion::V4_2, noRecord(none) });
    // PartitionChangeBuilderTest.testEligibleLeaderReplicas_NotEligibleLastKnownLeader@4.1.0 (and 4.2.0-rc1),
    // every election type; 4.0.x elects it anyway (KAFKA-19522, PartitionChangeBuilder@4.0.0 l.315-318).
    for (Election election : { Election::Preferred, Election::Online, Election::Unclean }) {
        const std::string kind = std::to_string(static_cast<int>(election));
        r.push_back({ "testEligibleLeaderReplicas_NotEligibleLastKnownLeader_" + kind,
            partition({ 1, 2, 3, 4 }, {}, none, {}, { 1 }), {}, 3, election, Ids {}, {}, true, KafkaVersion::V4_2,
            noRecord(none) });
        r.push_back({ "testEligibleLeaderReplicas_NotEligibleLastKnownLeader_40_" + kind,
            partition({ 1, 2, 3, 4 }, {}, none, {}, { 1 }), {}, 3, election, Ids {}, {}, true, KafkaVersion::V4_0,
            full(1, true, { 1 }, {}, {}, Recovering, true) });
    }
    // PartitionChangeBuilderTest.testEligibleLeaderReplicas_lastKnownElrShouldBePopulatedWhenNoLeader@4.1.1
    // (and 4.2.0-rc1); at 4.0 the last known leader is recorded only when the ISR empties (derived from
    // PartitionChangeBuilder@4.0.0 maybeUpdateLastKnownLeader).
    r.push_back({ "testEligibleLeaderReplicas_lastKnownElrShouldBePopulatedWhenNoLeader",
        partition({ 1, 2, 3 }, { 1 }, 1, { 2 }), {}, 3, Election::Preferred, {}, {}, true, KafkaVersion::V4_1,
        full(none, true, { 1 }, { 2 }, { 1 }, Recovered) });
    r.push_back({ "testEligibleLeaderReplicas_lastKnownElrShouldBePopulatedWhenNoLeader_40",
        partition({ 1, 2, 3 }, { 1 }, 1, { 2 }), {}, 3, Election::Preferred, {}, {}, true, KafkaVersion::V4_0,
        full(none, true, { 1 }, { 2 }, {}, Recovered) });
    return r;
}

INSTANTIATE_TEST_SUITE_P(Kafka, PartitionChangeBuilderRows, ::testing::ValuesIn(rows()),
    [](const ::testing::TestParamInfo<Row>& info) { return info.param.name; });

// PartitionChangeBuilderTest.testChangeInLeadershipDoesNotChangeRecoveryState@4.2.0-rc1: a recovering
// partition that loses its leader and gets it back from the ISR stays recovering.
TEST(PartitionChangeBuilder, ChangeInLeadershipDoesNotChangeRecoveryState)
{
    const PartitionRegistration start = partition({ 1, 2, 3 }, { 1 }, 1, {}, {}, Recovering);
    hw::PartitionChangeBuilder offline(
        start, [](BrokerId) { return false; }, 2, KafkaVersion::V4_2, false);
    offline.setTargetIsr({});
    const auto first = offline.build();
    ASSERT_TRUE(first);
    const PartitionRegistration middle = hw::mergePartitionChange(start, *first);
    EXPECT_EQ(middle.leader, none);
    EXPECT_EQ(middle.isr, (Ids { 1 })); // without ELR an empty ISR is not written
    EXPECT_EQ(middle.leaderRecoveryState, Recovering);
    hw::PartitionChangeBuilder back(
        middle, [](BrokerId) { return true; }, 2, KafkaVersion::V4_2, false);
    const auto second = back.build();
    ASSERT_TRUE(second);
    const PartitionRegistration end = hw::mergePartitionChange(middle, *second);
    EXPECT_EQ(end.leader, 1);
    EXPECT_EQ(end.isr, (Ids { 1 }));
    EXPECT_EQ(end.leaderRecoveryState, Recovering);
    EXPECT_FALSE(second->unclean);
}

// The new leader's first AlterPartition carries RECOVERED, which clears RECOVERING
// (ReplicationControlManager.alterPartition sets the target recovery state from the request).
TEST(PartitionChangeBuilder, LeadersRecoveredStateClearsRecovering)
{
    const PartitionRegistration start = partition({ 1, 2, 3 }, { 1 }, 1, {}, {}, Recovering);
    hw::PartitionChangeBuilder builder(
        start, [](BrokerId) { return true; }, 2, KafkaVersion::V4_2, true);
    builder.setTargetIsr({ 1, 2 }).setTargetLeaderRecoveryState(Recovered);
    const auto record = builder.build();
    ASSERT_TRUE(record);
    const PartitionRegistration end = hw::mergePartitionChange(start, *record);
    EXPECT_EQ(end.leaderRecoveryState, Recovered);
    EXPECT_EQ(end.isr, (Ids { 1, 2 }));
    EXPECT_EQ(end.leaderEpoch, 100);
}

} // namespace
