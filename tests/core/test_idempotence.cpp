// SPDX-License-Identifier: MIT
// Issue 14: producers as Kafka ships them. The leader's sequence rules (ProducerAppendInfo,
// ProducerStateEntry), a retried batch across a failover with and without idempotence, and the
// producer configuration Kafka's client refuses.
#include "check/invariants.h"
#include "log/producer_state.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <variant>

namespace {

using hw::BatchMetadata;
using hw::ProducerStates;
using hw::SequenceCheck;

/// One incoming batch against a table that holds `history` (epoch, first, last) batches of producer 7.
struct SequenceCase {
    const char* name;   // the Kafka test it follows
    std::vector<std::array<int, 3>> history;
    std::int16_t epoch;
    std::int32_t firstSeq;
    std::int32_t lastSeq;
    SequenceCheck expected;
    hw::Offset duplicateOffset; // for Duplicate: the original first offset
};

void PrintTo(const SequenceCase& c, std::ostream* os)
{
    *os << c.name;
}

ProducerStates tableWith(const std::vector<std::array<int, 3>>& history)
{
    ProducerStates states;
    hw::Offset next = 0;
    for (const auto& [epoch, first, last] : history) {
        const hw::Offset count = last - first + 1;
        hw::recordBatch(states, 7, static_cast<std::int16_t>(epoch), BatchMetadata{first, last, next, next + count - 1});
        next += count;
    }
    return states;
}

class SequenceRule : public ::testing::TestWithParam<SequenceCase> {};

TEST_P(SequenceRule, TheLeaderDecidesAsProducerAppendInfoDoes)
{
    const SequenceCase& c = GetParam();
    const hw::SequenceVerdict verdict = hw::checkBatch(tableWith(c.history), 7, c.epoch, c.firstSeq, c.lastSeq);
    EXPECT_EQ(verdict.check, c.expected);
    if (c.expected == SequenceCheck::Duplicate)
        EXPECT_EQ(verdict.duplicate.firstOffset, c.duplicateOffset);
}

// Kafka 3.7.0: storage/src/test/java/.../ProducerStateManagerTest.java and core/src/test/scala/unit/kafka/
// log/UnifiedLogTest.scala. Each case keeps the Kafka test's sequence and epoch values.
INSTANTIATE_TEST_SUITE_P(Kafka, SequenceRule,
    ::testing::Values(
        // ProducerStateManagerTest.testBasicIdMapping: the next sequence appends, a gap does not.
        SequenceCase{"ProducerStateManagerTest_testBasicIdMapping_next", {{0, 0, 0}}, 0, 1, 1, SequenceCheck::Append, -1},
        SequenceCase{"ProducerStateManagerTest_testBasicIdMapping_gap", {{0, 0, 0}}, 0, 2, 2,
                     SequenceCheck::OutOfOrderSequence, -1},
        // ProducerStateManagerTest.testProducerSequenceWrapAround: after Integer.MAX_VALUE comes 0.
        SequenceCase{"ProducerStateManagerTest_testProducerSequenceWrapAround", {{15, 2147483637, 2147483647}}, 15, 0,
                     9, SequenceCheck::Append, -1},
        // ProducerStateManagerTest.testProducerSequenceInvalidWrapAround: 1 does not follow MAX_VALUE.
        SequenceCase{"ProducerStateManagerTest_testProducerSequenceInvalidWrapAround", {{15, 2147483637, 2147483647}},
                     15, 1, 9, SequenceCheck::OutOfOrderSequence, -1},
        // ProducerStateManagerTest.testNoValidationOnFirstEntryWhenLoadingLog / UnifiedLogTest
        // testNonSequentialAppend's first append: an unknown producer may start anywhere.
        SequenceCase{"ProducerStateManagerTest_unknownProducerAnySequence", {}, 5, 1234, 1240, SequenceCheck::Append, -1},
        // ProducerStateManagerTest.testProducerFencedOnOlderEpoch (INVALID_PRODUCER_EPOCH).
        SequenceCase{"ProducerStateManagerTest_testFencedOlderEpoch", {{5, 0, 0}}, 4, 1, 1,
                     SequenceCheck::InvalidProducerEpoch, -1},
        // ProducerStateManagerTest.testValidationOnFirstEntryWhenLoadingLog / testProducerEpochBump: a new
        // epoch starts at sequence 0, any other start is out of order.
        SequenceCase{"ProducerStateManagerTest_newEpochAtZero", {{5, 0, 3}}, 6, 0, 0, SequenceCheck::Append, -1},
        SequenceCase{"ProducerStateManagerTest_newEpochNotAtZero", {{5, 0, 3}}, 6, 4, 4,
                     SequenceCheck::OutOfOrderSequence, -1},
        // UnifiedLogTest.testDuplicateAppends: a retried batch is found among the last five and answered
        // with its first offset.
        SequenceCase{"UnifiedLogTest_testDuplicateAppends_last", {{0, 0, 1}, {0, 2, 4}}, 0, 2, 4,
                     SequenceCheck::Duplicate, 2},
        SequenceCase{"UnifiedLogTest_testDuplicateAppends_fifthNewest",
                     {{0, 0, 0}, {0, 1, 1}, {0, 2, 2}, {0, 3, 3}, {0, 4, 4}}, 0, 0, 0, SequenceCheck::Duplicate, 0},
        // UnifiedLogTest.testDuplicateAppends: the sixth newest batch is gone from the window, so its
        // retry is out of order, not a duplicate.
        SequenceCase{"UnifiedLogTest_testDuplicateAppends_sixthNewest",
                     {{0, 0, 0}, {0, 1, 1}, {0, 2, 2}, {0, 3, 3}, {0, 4, 4}, {0, 5, 5}}, 0, 0, 0,
                     SequenceCheck::OutOfOrderSequence, -1},
        // UnifiedLogTest.testDuplicateAppends: an overlapping range that matches no batch exactly.
        SequenceCase{"UnifiedLogTest_testDuplicateAppends_overlap", {{0, 0, 1}, {0, 2, 4}}, 0, 3, 5,
                     SequenceCheck::OutOfOrderSequence, -1},
        // ProducerStateEntry.findDuplicateBatch: the same range in another epoch is no duplicate.
        SequenceCase{"ProducerStateEntry_findDuplicateBatch_otherEpoch", {{0, 0, 1}}, 1, 0, 1, SequenceCheck::Append,
                     -1}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ProducerState, AFollowerRecordByRecordBuildsTheLeadersTable)
{
    // ProducerStateManagerTest.testTruncateAndReloadRemovesOutOfRangeSnapshots' idea: the table is a
    // function of the log. Two batches (0-2, 3-4), appended whole by the leader and record by record by
    // a follower, give the same entry.
    ProducerStates leader;
    hw::recordBatch(leader, 7, 0, BatchMetadata{0, 2, 0, 2});
    hw::recordBatch(leader, 7, 0, BatchMetadata{3, 4, 3, 4});
    hw::ReplicaLog log;
    for (int i = 0; i < 5; ++i)
        log.append(hw::Record{0, i, i, 0, i == 2 || i == 4});
    const ProducerStates rebuilt = hw::rebuildProducerStates(log, [](std::int32_t) { return std::int64_t{7}; });
    EXPECT_EQ(rebuilt, leader);
    // Truncated to offset 3, the second batch is gone from the table too.
    log.truncateTo(3);
    const ProducerStates truncated = hw::rebuildProducerStates(log, [](std::int32_t) { return std::int64_t{7}; });
    ASSERT_EQ(truncated.size(), 1u);
    EXPECT_EQ(truncated[0].batchCount, 1);
    EXPECT_EQ(truncated[0].lastSeq(), 2);
}

// ---------------------------------------------------------------------------------------------
// A batch appended and replicated whose answer is lost: the leader is isolated, the producer's
// request times out, and the retry reaches the new leader.

std::string lostAnswerScenario(const std::string& producer)
{
    return R"({"format": "highwater/1", "name": "lost-answer",
      "cluster": {"brokers": 3, "kafka_version": "3.7", "config": {"min.insync.replicas": 2}},
      "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
      "producers": [)" + producer + R"(],
      "steps": [{"advance": {"ms": 100}},
                {"produce": {"producer": "p1", "topic": "orders", "partition": 0, "values": ["m0"], "wait": false}},
                {"advance": {"ms": 17}}, {"isolate": {"broker": 1}}, {"advance": {"ms": 60000}}]})";
}

hw::Timeline playChecked(const std::string& text)
{
    auto parsed = hw::parseScenario(text, "test.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        ADD_FAILURE() << error->toString();
    auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
    if (auto* error = std::get_if<hw::ScenarioError>(&played))
        ADD_FAILURE() << error->toString();
    hw::Timeline timeline = std::move(std::get<hw::Timeline>(played));
    hw::InvariantChecker checker;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const auto bad = checker.check(timeline.stateAt(f));
        EXPECT_TRUE(bad.empty()) << "frame " << f << ": " << bad.front();
    }
    return timeline;
}

int copiesOf(const hw::ClusterState& s, const std::string& value)
{
    const hw::Partition& p = s.partitions[0];
    int copies = 0;
    for (const hw::Replica& r : p.replicas) {
        if (r.broker != p.registration.leader)
            continue;
        r.log.records.forEach(0, r.log.records.size(), [&](std::size_t, const hw::Record& record) {
            copies += s.payloads[static_cast<std::size_t>(record.payload)].value == value ? 1 : 0;
        });
    }
    return copies;
}

TEST(IdempotentProducer, ARetryAfterAFailoverIsAnsweredAsADuplicateWithTheOriginalOffset)
{
    // SenderTest.testIdempotenceWithMultipleInflightsRetriedInOrder's point at cluster level: the retry
    // carries the same producer id, epoch and sequence, and the new leader, which copied the batch, finds
    // it in its producer table (UnifiedLog.analyzeAndValidateProducerState).
    const hw::Timeline timeline = playChecked(lostAnswerScenario(R"({"id": "p1"})"));
    const hw::ClusterState& end = timeline.head();
    EXPECT_EQ(end.partitions[0].registration.leader, 2);
    EXPECT_EQ(copiesOf(end, "m0"), 1);
    int duplicates = 0;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::Event& e = timeline.frame(f).event;
        if (e.type == hw::EventType::DuplicateBatch) {
            ++duplicates;
            EXPECT_EQ(e.node, 2);
            EXPECT_EQ(e.offset, 0);
            EXPECT_EQ(e.detail, 0) << "base sequence";
        }
    }
    EXPECT_EQ(duplicates, 1);
    const hw::ProducerBatch& batch = end.producers[0].batches[0];
    EXPECT_EQ(batch.status, hw::SendStatus::Acked);
    EXPECT_EQ(batch.baseOffset, 0);
    EXPECT_TRUE(batch.duplicate);
    EXPECT_EQ(batch.attempt, 2);
}

TEST(IdempotentProducer, WithoutIdempotenceTheSameRetryIsAppendedAgain)
{
    const hw::Timeline timeline = playChecked(lostAnswerScenario(R"({"id": "p1", "enable.idempotence": false})"));
    const hw::ClusterState& end = timeline.head();
    EXPECT_EQ(copiesOf(end, "m0"), 2);
    EXPECT_EQ(end.producers[0].batches[0].baseOffset, 1) << "the retry's own offset";
    EXPECT_EQ(end.producers[0].producerId, -1) << "no InitProducerId";
}

// ---------------------------------------------------------------------------------------------
// ProducerConfig.postProcessAndValidateIdempotenceConfigs and KafkaProducer.configureDeliveryTimeout.

struct ConfigCase {
    const char* name;
    const char* version;
    const char* cluster; // extra cluster.config keys
    const char* producer; // extra producer keys
    const char* pointer;  // empty: accepted
    bool idempotent;      // when accepted: did idempotence take effect
};

void PrintTo(const ConfigCase& c, std::ostream* os)
{
    *os << c.name;
}

class ProducerConfigRule : public ::testing::TestWithParam<ConfigCase> {};

TEST_P(ProducerConfigRule, FollowsKafkasClient)
{
    const ConfigCase& c = GetParam();
    const std::string text = std::string(R"({"format": "highwater/1", "name": "cfg", "cluster": {"brokers": 3,
        "kafka_version": ")") + c.version + R"(", "config": {)" + c.cluster + R"(}},
        "topics": [{"name": "t", "partitions": 1, "replication.factor": 3}],
        "producers": [{"id": "p1")" + (std::string(c.producer).empty() ? "" : ", ") + c.producer + "}]}";
    auto parsed = hw::parseScenario(text, "cfg.json");
    if (std::string(c.pointer).empty()) {
        ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
        auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
        ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
        EXPECT_EQ(std::get<hw::Timeline>(played).head().producers[0].settings.idempotence, c.idempotent);
    } else {
        ASSERT_TRUE(std::holds_alternative<hw::ScenarioError>(parsed)) << "accepted";
        const hw::ScenarioError& error = std::get<hw::ScenarioError>(parsed);
        EXPECT_EQ(error.path, c.pointer) << error.toString();
        EXPECT_NE(error.message.find("expected"), std::string::npos) << error.message;
    }
}

INSTANTIATE_TEST_SUITE_P(Kafka, ProducerConfigRule,
    ::testing::Values(
        ConfigCase{"Defaults", "4.2", "", "", "", true},
        ConfigCase{"AcksOneTurnsItOffSilently", "4.2", "", R"("acks": "1")", "", false},
        ConfigCase{"AcksOneWithExplicitIdempotence", "4.2", "", R"("acks": "1", "enable.idempotence": true)",
                   "/producers/0/acks", false},
        ConfigCase{"RetriesZeroTurnsItOffSilently", "3.7", "", R"("retries": 0)", "", false},
        ConfigCase{"RetriesZeroWithClusterIdempotence", "3.7", R"("enable.idempotence": true)", R"("retries": 0)",
                   "/producers/0/retries", false},
        ConfigCase{"SixInFlightIn37TurnsItOff", "3.7", "", R"("max.in.flight.requests.per.connection": 6)", "", false},
        ConfigCase{"SixInFlightIn42IsAnError", "4.2", "", R"("max.in.flight.requests.per.connection": 6)",
                   "/producers/0/max.in.flight.requests.per.connection", false},
        ConfigCase{"SixInFlightWithoutIdempotence", "4.2", "",
                   R"("max.in.flight.requests.per.connection": 6, "enable.idempotence": false)", "", false},
        ConfigCase{"DeliveryBelowLingerPlusRequestTimeout", "4.2", "", R"("delivery.timeout.ms": 1000)",
                   "/producers/0/delivery.timeout.ms", false},
        ConfigCase{"ClusterDeliveryBelowLingerPlusRequestTimeout", "4.2", R"("delivery.timeout.ms": 1000)", "",
                   "/cluster/config/delivery.timeout.ms", false}),
    [](const auto& info) { return std::string(info.param.name); });

} // namespace

namespace {

std::string accumulatorScenario(const std::string& producer, int gapMs, int sends)
{
    std::string steps = R"({"advance": {"ms": 100}})";
    for (int i = 0; i < sends; ++i) {
        steps += R"(, {"produce": {"producer": "p1", "topic": "orders", "partition": 0, "values": ["v)" +
                 std::to_string(i) + R"("], "wait": false}}, {"advance": {"ms": )" + std::to_string(gapMs) + "}}";
    }
    steps += R"(, {"advance": {"ms": 1000}})";
    return R"({"format": "highwater/1", "name": "accumulator", "cluster": {"brokers": 3},
      "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
      "producers": [)" + producer + R"(], "steps": [)" + steps + "]}";
}

TEST(Accumulator, LingerMsGathersRecordsProducedWithinItIntoOneBatch)
{
    // RecordAccumulator.append: Kafka 4.x's linger.ms 5 keeps a new batch open for 5 ms.
    const hw::Timeline close = playChecked(accumulatorScenario(R"({"id": "p1"})", 2, 2));
    ASSERT_EQ(close.head().producers[0].batches.size(), 1u);
    EXPECT_EQ(close.head().producers[0].batches[0].count, 2);
    const hw::Timeline apart = playChecked(accumulatorScenario(R"({"id": "p1"})", 10, 2));
    EXPECT_EQ(apart.head().producers[0].batches.size(), 2u);
    const hw::Timeline noLinger = playChecked(accumulatorScenario(R"({"id": "p1", "linger.ms": 0})", 2, 2));
    EXPECT_EQ(noLinger.head().producers[0].batches.size(), 2u);
}

int mostInFlight(const hw::Timeline& timeline)
{
    int most = 0;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::ClusterState s = timeline.stateAt(f);
        int inFlight = 0;
        const auto& batches = s.producers[0].batches;
        batches.forEach(0, batches.size(), [&](std::size_t, const hw::ProducerBatch& b) {
            inFlight += b.status == hw::SendStatus::InFlight ? 1 : 0;
        });
        most = std::max(most, inFlight);
    }
    return most;
}

TEST(Accumulator, AtMostMaxInFlightRequestsGoToABroker)
{
    // NetworkClient.canSendMore: eight batches 1 ms apart, each answered after 20 ms (acks=all, two
    // fetch round trips at 5 ms latency).
    const std::string one = R"({"id": "p1", "linger.ms": 0, "max.in.flight.requests.per.connection": 1})";
    const std::string five = R"({"id": "p1", "linger.ms": 0})";
    EXPECT_EQ(mostInFlight(playChecked(accumulatorScenario(one, 1, 8))), 1);
    EXPECT_EQ(mostInFlight(playChecked(accumulatorScenario(five, 1, 8))), 5);
    // All eight are written once, in order.
    const hw::Timeline t = playChecked(accumulatorScenario(five, 1, 8));
    const hw::Replica& leader = t.head().partitions[0].replicas[0];
    ASSERT_EQ(leader.log.leo(), 8);
    for (hw::Offset o = 0; o < 8; ++o)
        EXPECT_EQ(t.head().payloads[static_cast<std::size_t>(leader.log.at(o).payload)].value, "v" + std::to_string(o));
}

} // namespace
