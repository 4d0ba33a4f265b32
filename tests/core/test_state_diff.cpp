// SPDX-License-Identifier: MIT
// diffStates (scenario/state_diff.h) on hand-built cluster states: each field it compares, the
// topology mismatches it reports instead of crashing, and produce results grouped into runs.

#include "scenario/state_diff.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace {

using hw::ClusterState;
using hw::StateDifference;
using Field = StateDifference::Field;

} // namespace

namespace hw {
// gtest prints a difference as its fields.
void PrintTo(const StateDifference& d, std::ostream* os)
{
    *os << "{" << fieldName(d.field) << ", partition " << d.partition << ", broker " << d.broker << ", \"" << d.a
        << "\", \"" << d.b << "\"}";
}
} // namespace hw

namespace {

/// A record appended to every replica of `p` (epoch 0), with a payload of its own.
void appendEverywhere(ClusterState& s, hw::Partition& p, std::int32_t producer)
{
    const auto payload = static_cast<std::int32_t>(s.payloads.size());
    hw::Payload record;
    record.value = "v" + std::to_string(payload);
    record.producer = producer;
    record.sequence = payload;
    s.payloads.push_back(record);
    for (hw::Replica& r : p.replicas)
        r.log.append(hw::Record { 0, payload });
}

/// Three brokers, topic "orders" with two partitions on {1,2,3} and {2,3,1}, led by 1 and 2, four
/// records in partition 0 everywhere (HW 4), and producer "p1" whose acks=all batch of those four
/// records was acknowledged at offset 0.
ClusterState threeBrokers()
{
    ClusterState s;
    s.name = "diff";
    for (hw::BrokerId id = 1; id <= 3; ++id) {
        hw::Broker broker;
        broker.id = id;
        s.brokers.push_back(broker);
        hw::BrokerRegistration registration;
        registration.id = id;
        s.registrations.push_back(registration);
    }
    s.topics.push_back(hw::Topic { "orders", 0, 2, 3 });
    for (std::int32_t index = 0; index < 2; ++index) {
        hw::Partition p;
        p.topic = 0;
        p.index = index;
        p.registration.replicas
            = index == 0 ? std::vector<hw::BrokerId> { 1, 2, 3 } : std::vector<hw::BrokerId> { 2, 3, 1 };
        p.registration.isr = p.registration.replicas;
        p.registration.leader = p.registration.replicas.front();
        for (hw::BrokerId b : p.registration.replicas) {
            hw::Replica r;
            r.broker = b;
            r.knownLeader = p.registration.leader;
            p.replicas.push_back(r);
        }
        s.partitions.push_back(p);
    }
    hw::Producer producer;
    producer.id = "p1";
    for (int i = 0; i < 4; ++i)
        appendEverywhere(s, s.partitions[0], 0);
    for (hw::Replica& r : s.partitions[0].replicas)
        r.hw = 4;
    hw::ProducerBatch batch;
    batch.count = 4;
    batch.partition = 0;
    batch.baseOffset = 0;
    batch.status = hw::SendStatus::Acked;
    producer.batches.push_back(batch);
    producer.nextSequence = 4;
    s.producers.push_back(producer);
    return s;
}

/// Replaces p1's one batch (seq 0-3) by two of two records, seq 0-1 acknowledged at `firstBase` and seq
/// 2-3 ending as `secondStatus` at `secondBase` (-1: no offset) with `secondError`.
void splitTheBatch(ClusterState& s, hw::Offset firstBase, hw::SendStatus secondStatus, hw::Offset secondBase,
    hw::ErrorCode secondError)
{
    hw::Producer& producer = s.producers[0];
    hw::ProducerBatch first = producer.batches[0];
    first.count = 2;
    first.baseOffset = firstBase;
    hw::ProducerBatch second = first;
    second.firstSequence = 2;
    second.firstPayload = 2;
    second.baseOffset = secondBase;
    second.status = secondStatus;
    second.error = secondError;
    producer.batches = {};
    producer.batches.push_back(first);
    producer.batches.push_back(second);
}

TEST(StateDiff, EqualStatesHaveNoDifferences)
{
    const ClusterState a = threeBrokers();
    EXPECT_TRUE(hw::diffStates(a, a).empty());
    ClusterState b = a;
    // What diffStates does not compare: the clock and the configuration (the Kafka version).
    b.nowMs = 12345;
    b.config.kafkaVersion = hw::KafkaVersion::V3_7;
    EXPECT_TRUE(hw::diffStates(a, b).empty());
}

TEST(StateDiff, LeaderAndIsr)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    b.partitions[0].registration.leader = hw::noLeader;
    b.partitions[0].registration.isr = { 1 };
    const std::vector<StateDifference> expected {
        { Field::Leader, 0, hw::noLeader, "1", "-" },
        { Field::Isr, 0, hw::noLeader, "{1,2,3}", "{1}" },
    };
    EXPECT_EQ(hw::diffStates(a, b), expected);
    EXPECT_EQ(hw::differenceSubject(expected[0], a), "orders-0");
    // The other way round, the values swap.
    const std::vector<StateDifference> reversed {
        { Field::Leader, 0, hw::noLeader, "-", "1" },
        { Field::Isr, 0, hw::noLeader, "{1}", "{1,2,3}" },
    };
    EXPECT_EQ(hw::diffStates(b, a), reversed);
}

TEST(StateDiff, AnEmptyIsrIsAnEmptySet)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    b.partitions[1].registration.isr.clear();
    const std::vector<StateDifference> expected { { Field::Isr, 1, hw::noLeader, "{2,3,1}", "{}" } };
    EXPECT_EQ(hw::diffStates(a, b), expected);
}

TEST(StateDiff, HighWatermarkAndLogEndPerReplica)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    appendEverywhere(b, b.partitions[0], 0);
    b.partitions[0].replicas[1].log.truncateTo(4); // broker 2 does not have offset 4
    b.partitions[0].replicas[2].log.truncateTo(4); // nor broker 3
    b.partitions[0].replicas[0].hw = 3;
    const std::vector<StateDifference> expected {
        { Field::HighWatermark, 0, 1, "4", "3" },
        { Field::LogEnd, 0, 1, "4", "5" },
    };
    const std::vector<StateDifference> found = hw::diffStates(a, b);
    EXPECT_EQ(found, expected);
    ASSERT_FALSE(found.empty());
    EXPECT_EQ(hw::differenceSubject(found[0], a), "orders-0 replica 1");
}

TEST(StateDiff, BrokerStates)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    b.brokers[1].alive = false; // broker 2
    b.registrations[2].fenced = true; // broker 3
    ClusterState c = a;
    c.brokers[0].isolated = true; // broker 1
    const std::vector<StateDifference> ab {
        { Field::BrokerState, -1, 2, "online", "offline" },
        { Field::BrokerState, -1, 3, "online", "fenced" },
    };
    EXPECT_EQ(hw::diffStates(a, b), ab);
    EXPECT_EQ(hw::differenceSubject(ab[0], a), "broker 2");
    const std::vector<StateDifference> ac { { Field::BrokerState, -1, 1, "online", "isolated" } };
    EXPECT_EQ(hw::diffStates(a, c), ac);
}

TEST(StateDiff, LostRecords)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    // Broker 2 is elected uncleanly with only offsets 0 and 1: the acknowledged 2 and 3 are lost.
    hw::Partition& p = b.partitions[0];
    p.replicas[1].log.truncateTo(2);
    p.registration.leader = 2;
    p.registration.isr = { 2 };
    p.uncleanElections = 1;
    for (hw::Replica& r : p.replicas)
        r.knownLeader = 2;
    p.replicas[1].hw = 2;
    const std::vector<StateDifference> expected {
        { Field::Leader, 0, hw::noLeader, "1", "2" },
        { Field::Isr, 0, hw::noLeader, "{1,2,3}", "{2}" },
        { Field::HighWatermark, 0, 2, "4", "2" },
        { Field::LogEnd, 0, 2, "4", "2" },
        { Field::LostRecords, 0, hw::noLeader, "{}", "{2,3}" },
    };
    EXPECT_EQ(hw::diffStates(a, b), expected);
}

TEST(StateDiff, ProduceResultsAreGroupedIntoRuns)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    // In b the batch was split: seq 0-1 acked at 0-1, seq 2-3 failed with NOT_ENOUGH_REPLICAS.
    splitTheBatch(b, 0, hw::SendStatus::Failed, -1, hw::ErrorCode::NotEnoughReplicas);
    const std::vector<StateDifference> expected {
        { Field::ProduceResults, 0, hw::noLeader, "p1 seq 2-3: acked at 2-3",
            "p1 seq 2-3: failed (NOT_ENOUGH_REPLICAS)" },
    };
    EXPECT_EQ(hw::diffStates(a, b), expected);
}

TEST(StateDiff, ProduceResultsOfRecordsOneSideDidNotSend)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    hw::ProducerBatch more;
    more.firstSequence = 4;
    more.firstPayload = 4;
    more.count = 2;
    more.partition = 1;
    more.status = hw::SendStatus::InFlight;
    b.producers[0].batches.push_back(more);
    // The records went to orders-1 in b only: the difference names its partition in the text.
    const std::vector<StateDifference> expected {
        { Field::ProduceResults, -1, hw::noLeader, "-", "p1 seq 4-5: orders-1 in-flight" },
    };
    EXPECT_EQ(hw::diffStates(a, b), expected);
}

TEST(StateDiff, ProduceResultsBreakWhereOffsetsStopFollowing)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    // a: seq 0-3 acked at 0-3; b: seq 0-1 acked at 10-11 and seq 2-3 at 20-21. Every record differs,
    // but b's offsets jump at seq 2, so there are two runs. The leader has no offset 10 or 20, so b's
    // acknowledged records count as lost.
    splitTheBatch(b, 10, hw::SendStatus::Acked, 20, hw::ErrorCode::None);
    const std::vector<StateDifference> expected {
        { Field::LostRecords, 0, hw::noLeader, "{}", "{10,11,20,21}" },
        { Field::ProduceResults, 0, hw::noLeader, "p1 seq 0-1: acked at 0-1", "p1 seq 0-1: acked at 10-11" },
        { Field::ProduceResults, 0, hw::noLeader, "p1 seq 2-3: acked at 2-3", "p1 seq 2-3: acked at 20-21" },
    };
    EXPECT_EQ(hw::diffStates(a, b), expected);
}

TEST(StateDiff, DifferentPlacementIsReported)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    // Partition 1 placed on {3,1} in b instead of {2,3,1}: the assignment, the leader, the ISR and
    // the replica broker 2 lacks differ; nothing crashes.
    hw::Partition& p = b.partitions[1];
    p.registration.replicas = { 3, 1 };
    p.registration.isr = { 3, 1 };
    p.registration.leader = 3;
    p.replicas.erase(p.replicas.begin());
    p.replicas[0].hw = 5;
    const std::vector<StateDifference> expected {
        { Field::Replicas, 1, hw::noLeader, "{2,3,1}", "{3,1}" },
        { Field::Leader, 1, hw::noLeader, "2", "3" },
        { Field::Isr, 1, hw::noLeader, "{2,3,1}", "{3,1}" },
        { Field::HighWatermark, 1, 2, "0", "-" },
        { Field::HighWatermark, 1, 3, "0", "5" },
        { Field::LogEnd, 1, 2, "0", "-" },
    };
    EXPECT_EQ(hw::diffStates(a, b), expected);
}

TEST(StateDiff, MissingBrokersPartitionsAndProducersAreTopology)
{
    const ClusterState a = threeBrokers();
    ClusterState b = a;
    b.brokers.pop_back();
    b.registrations.pop_back();
    b.topics.push_back(hw::Topic { "audit", 2, 1, 1 });
    hw::Partition audit;
    audit.topic = 1;
    audit.registration.replicas = { 1 };
    b.partitions.erase(b.partitions.begin() + 1); // no orders-1
    b.topics[0].partitionCount = 1;
    b.topics[1].firstPartition = 1;
    b.partitions.push_back(audit);
    b.producers[0].id = "p2";
    const std::vector<StateDifference> expected {
        { Field::Topology, -1, hw::noLeader, "3 brokers", "2 brokers" },
        { Field::Topology, 1, hw::noLeader, "orders-1", "-" },
        { Field::Topology, 1, hw::noLeader, "-", "audit-0" },
        { Field::Topology, -1, hw::noLeader, "producer p1", "producer p2" },
    };
    const std::vector<StateDifference> found = hw::diffStates(a, b);
    EXPECT_EQ(found, expected);
    ASSERT_EQ(found.size(), 4U);
    EXPECT_EQ(hw::differenceSubject(found[0], a), "cluster");
    EXPECT_EQ(hw::differenceSubject(found[2], b), "audit-0");
}

TEST(StateDiff, FieldNamesAreTheFrameKeys)
{
    const std::vector<std::pair<Field, std::string>> names {
        { Field::Leader, "leader" },
        { Field::Isr, "isr" },
        { Field::Elr, "elr" },
        { Field::LastKnownElr, "last_known_elr" },
        { Field::LeaderRecoveryState, "leader_recovery_state" },
        { Field::HighWatermark, "hw" },
        { Field::LogEnd, "leo" },
        { Field::LostRecords, "lost" },
        { Field::ProduceResults, "produce" },
        { Field::BrokerState, "state" },
        { Field::Replicas, "replicas" },
        { Field::Topology, "topology" },
    };
    for (const auto& [field, name] : names)
        EXPECT_EQ(hw::fieldName(field), name);
}

} // namespace
