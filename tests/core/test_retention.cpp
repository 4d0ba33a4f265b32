// SPDX-License-Identifier: MIT
// Log segments and retention (broker/log_segments.h): segments roll at segment.bytes, the retention
// check deletes whole segments by retention.bytes and retention.ms on every replica, the log start
// moves (followers also take the leader's from each fetch), and a follower left below the leader's
// log start starts again there. Each run checks the invariants after every frame. The rules follow
// UnifiedLog.deleteOldSegments / deletableSegments and LogSegment.shouldRoll at Kafka 4.3.1.

#include "broker/log_segments.h"
#include "check/invariants.h"
#include "engine/engine.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace {

struct Run {
    hw::Scenario scenario;
    std::unique_ptr<hw::Timeline> timeline;
    std::vector<std::string> violations;
    std::int64_t framesChecked = 0;
    const hw::ClusterState& head() const { return timeline->head(); }
    hw::ClusterState at(const std::string& label) const { return timeline->stateAt(timeline->findLabel(label)); }
};

std::string values(int count, const std::string& prefix)
{
    std::string out;
    for (int i = 0; i < count; ++i)
        out += (i ? ", \"" : "\"") + prefix + std::to_string(i) + "\"";
    return out;
}

/// A 3-broker cluster with one topic "t" of the given topic keys, a producer "p" (acks=all), and steps.
std::unique_ptr<Run> run(const std::string& topicKeys, const std::string& config, const std::string& steps)
{
    const std::string json = R"({"format": "highwater/1", "name": "retention", "seed": 5,
      "cluster": {"brokers": 3, "config": {)" + config + R"(}},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]])" +
                             (topicKeys.empty() ? "" : ", " + topicKeys) + R"(}],
      "producers": [{"id": "p", "acks": "all"}],
      "steps": [)" + steps + "]}";
    auto parsed = hw::parseScenario(json, "retention.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    auto r = std::make_unique<Run>();
    r->scenario = std::get<hw::Scenario>(std::move(parsed));
    r->timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(r->scenario.cluster));
    auto checker = std::make_shared<hw::InvariantChecker>();
    Run* self = r.get();
    r->timeline->setObserver([checker, self](const hw::ClusterState& state, const hw::FrameInfo&) {
        ++self->framesChecked;
        for (const std::string& v : checker->check(state))
            self->violations.push_back("frame " + std::to_string(self->timeline->frameCount() - 1) + ": " + v);
    });
    if (auto error = hw::runScenario(r->scenario, *r->timeline)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    EXPECT_GT(r->framesChecked, 0);
    EXPECT_TRUE(r->violations.empty()) << r->violations.front();
    return r;
}

std::int64_t logBytes(const hw::ReplicaLog& log)
{
    std::int64_t bytes = 0;
    for (const hw::LogSegment& s : log.segments)
        bytes += s.bytes;
    return bytes;
}

std::vector<hw::FrameInfo> framesOf(const hw::Timeline& t, hw::EventType type)
{
    std::vector<hw::FrameInfo> out;
    for (std::int64_t f = 0; f < t.frameCount(); ++f) {
        if (t.frame(f).event.type == type)
            out.push_back(t.frame(f));
    }
    return out;
}

TEST(Segments, TheActiveSegmentRollsWhenTheNextBatchWouldPassSegmentBytes)
{
    // Ten batches of 10 records "bB-I": each batch is 61 bytes of header and 10 records of 11 bytes
    // (DefaultRecord: length, attributes, timestamp and offset deltas, key -1, value, header count).
    // segment.bytes 300 holds one such batch of 171 bytes: the next rolls a new segment.
    std::string steps;
    for (int b = 0; b < 10; ++b)
        steps += std::string(b ? "," : "") + R"({"produce": {"producer": "p", "topic": "t", "values": [)" +
                 values(10, "b" + std::to_string(b) + "-") + "]}}";
    steps += R"(, {"advance": {"ms": 2000}})";
    const auto r = run(R"("segment.bytes": 300)", "", steps);
    ASSERT_NE(r, nullptr);
    for (const hw::Replica& replica : r->head().partitions[0].replicas) {
        const hw::ReplicaLog& log = replica.log;
        ASSERT_EQ(log.leo(), 100) << "broker " << replica.broker;
        ASSERT_GE(log.segments.size(), 4u) << "broker " << replica.broker;
        EXPECT_EQ(log.segments.front().baseOffset, 0);
        for (std::size_t i = 0; i < log.segments.size(); ++i) {
            const hw::Offset end = i + 1 < log.segments.size() ? log.segments[i + 1].baseOffset : log.leo();
            // The leader appends one batch at a time; a follower appends what one fetch brought, which
            // Kafka puts in one segment even past segment.bytes (LocalLog.maybeRoll rolls before it).
            if (replica.broker == 1)
                EXPECT_LE(log.segments[i].bytes, 300) << "segment " << i;
            EXPECT_EQ(log.segments[i].bytes, hw::recordBytes(r->head(), log, log.segments[i].baseOffset, end))
                << "segment " << i << " on broker " << replica.broker;
        }
        // Nothing was deleted: retention.ms is 7 days and retention.bytes unlimited.
        EXPECT_EQ(log.logStart, 0);
    }
    const hw::ReplicaLog& leader = r->head().partitions[0].replicas[0].log;
    // 61 bytes of batch header, and per record 1 (length) + 1 (attributes) + 1 (timestamp delta) +
    // 1 (offset delta) + 1 (null key) + 1 + 4 (value "b0-0") + 1 (no headers) = 11 bytes.
    EXPECT_EQ(hw::recordBytes(r->head(), leader, 0, 10), 61 + 10 * 11);
}

TEST(Retention, RetentionBytesDeletesTheOldestSegmentsOnEveryReplica)
{
    std::string steps;
    for (int b = 0; b < 20; ++b)
        steps += std::string(b ? "," : "") + R"({"produce": {"producer": "p", "topic": "t", "values": [)" +
                 values(10, "b" + std::to_string(b) + "-") + "]}}";
    steps += R"(, {"advance": {"ms": 1000}}, {"checkpoint": "written"}, {"advance": {"ms": 40000}})";
    const auto r = run(R"("segment.bytes": 300, "retention.bytes": 700)", R"("log.retention.check.interval.ms": 1000)",
                       steps);
    ASSERT_NE(r, nullptr);
    const hw::ClusterState written = r->at("written");
    EXPECT_EQ(written.partitions[0].replicas[0].log.logStart, 0) << "no check before log.initial.task.delay.ms";
    const std::vector<hw::FrameInfo> deleted = framesOf(*r->timeline, hw::EventType::SegmentsDeleted);
    // Each broker's first check, 30 s after the start, deletes by retention.bytes; a follower's later
    // check may delete what lies below the log start it took from the leader.
    ASSERT_GE(deleted.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(deleted[i].timeMs, hw::logInitialTaskDelayMs);
        EXPECT_EQ(deleted[i].event.node, static_cast<std::int32_t>(i + 1));
        EXPECT_EQ(deleted[i].event.detail, static_cast<int>(hw::SegmentDeletionReason::RetentionBytes));
        EXPECT_GT(deleted[i].event.count, 0);
    }
    for (std::size_t i = 3; i < deleted.size(); ++i)
        EXPECT_EQ(deleted[i].event.detail, static_cast<int>(hw::SegmentDeletionReason::LogStart));
    for (const hw::Replica& replica : r->head().partitions[0].replicas) {
        const hw::ReplicaLog& log = replica.log;
        EXPECT_EQ(log.leo(), 200);
        EXPECT_EQ(replica.hw, 200);
        // The oldest segments went while the rest stayed at or above 700 bytes: 20 segments of 171
        // and 181 bytes (3,520) lose 16, and 4 of 181 stay (deleteRetentionSizeBreachedSegments).
        EXPECT_GE(logBytes(log), 700) << "broker " << replica.broker;
        if (replica.broker == 1) {
            EXPECT_EQ(logBytes(log), 4 * 181);
            EXPECT_EQ(log.logStart, 160);
        }
        EXPECT_GE(log.logStart, 160) << "followers take the leader's log start";
        EXPECT_LE(log.segments.front().baseOffset, log.logStart);
        EXPECT_FALSE(log.holds(log.logStart - 1));
        EXPECT_LE(log.baseOffset, log.logStart);
        EXPECT_LT(log.logStart - log.baseOffset, 32) << "the deleted records left the PVector";
        ASSERT_FALSE(replica.epochCache.empty());
        EXPECT_LE(replica.epochCache.front().startOffset, log.logStart);
        EXPECT_GE(replica.epochCache.front().startOffset, log.segments.front().baseOffset);
    }
}

TEST(Retention, RetentionMsDeletesSegmentsOlderThanItEvenTheActiveOneWhenTheHwCoversIt)
{
    std::string steps = R"({"produce": {"producer": "p", "topic": "t", "values": [)" + values(10, "old") +
                        R"(]}}, {"advance": {"ms": 20000}}, {"produce": {"producer": "p", "topic": "t", "values": [)" +
                        values(10, "new") + R"(]}}, {"advance": {"ms": 1000}}, {"checkpoint": "both"},
                        {"advance": {"ms": 15000}}, {"checkpoint": "old gone"}, {"advance": {"ms": 30000}})";
    const auto r = run(R"("segment.bytes": 200, "retention.ms": 25000)", R"("log.retention.check.interval.ms": 1000)",
                       steps);
    ASSERT_NE(r, nullptr);
    // The first batch (written at 0) is more than 25 s old at the check at 30 s: its segment goes. The
    // second (written at about 20 s) goes at the first check after 45 s; it was the last segment, so a
    // new empty one starts at the LEO and the log is empty, its start at its end.
    const hw::ClusterState both = r->at("both");
    for (const hw::Replica& replica : both.partitions[0].replicas)
        EXPECT_EQ(replica.log.logStart, 0);
    const hw::ClusterState oldGone = r->at("old gone");
    for (const hw::Replica& replica : oldGone.partitions[0].replicas) {
        EXPECT_EQ(replica.log.logStart, 10) << "broker " << replica.broker;
        EXPECT_EQ(replica.log.segments.size(), 1u);
    }
    for (const hw::Replica& replica : r->head().partitions[0].replicas) {
        EXPECT_EQ(replica.log.logStart, 20) << "broker " << replica.broker;
        EXPECT_EQ(replica.log.leo(), 20);
        ASSERT_EQ(replica.log.segments.size(), 1u);
        EXPECT_EQ(replica.log.segments[0].bytes, 0);
    }
    for (const hw::FrameInfo& f : framesOf(*r->timeline, hw::EventType::SegmentsDeleted))
        EXPECT_EQ(f.event.detail, static_cast<int>(hw::SegmentDeletionReason::RetentionMs));
}

TEST(Retention, AFollowerBelowTheLeadersLogStartStartsAgainThere)
{
    // Broker 3 is down while the leader writes and deletes: after its restart its LEO (10) is below
    // the leader's log start, the leader answers OFFSET_OUT_OF_RANGE, and the follower drops its log and
    // fetches from the leader's log start (AbstractFetcherThread.fetchOffsetAndTruncate).
    std::string steps = R"({"produce": {"producer": "p", "topic": "t", "values": [)" + values(10, "a") +
                        R"(]}}, {"advance": {"ms": 1000}}, {"kill": {"broker": 3}}, {"advance": {"ms": 15000}})";
    for (int b = 0; b < 10; ++b)
        steps += R"(, {"produce": {"producer": "p", "topic": "t", "values": [)" + values(10, "c" + std::to_string(b)) +
                 "]}}";
    steps += R"(, {"advance": {"ms": 40000}}, {"checkpoint": "deleted"}, {"restart": {"broker": 3}},
                {"advance": {"ms": 30000}})";
    const auto r = run(R"("segment.bytes": 300, "retention.bytes": 600)",
                       R"("log.retention.check.interval.ms": 1000, "min.insync.replicas": 1)", steps);
    ASSERT_NE(r, nullptr);
    const hw::ClusterState deleted = r->at("deleted");
    const hw::Offset leaderStart = deleted.partitions[0].replicas[0].log.logStart;
    ASSERT_GT(leaderStart, 10) << "the leader deleted past broker 3's end";
    EXPECT_EQ(deleted.partitions[0].replicas[2].log.leo(), 10);
    const std::vector<hw::FrameInfo> restarted = framesOf(*r->timeline, hw::EventType::LogTruncated);
    ASSERT_FALSE(restarted.empty());
    EXPECT_TRUE(restarted.front().event.has(hw::BelowLogStart));
    EXPECT_EQ(restarted.front().event.node, 3);
    EXPECT_GE(restarted.front().event.offset, leaderStart);
    const hw::Replica& follower = r->head().partitions[0].replicas[2];
    EXPECT_EQ(follower.log.leo(), 110) << "caught up from the leader's log start";
    EXPECT_EQ(follower.hw, 110);
    EXPECT_GE(follower.log.logStart, leaderStart);
    EXPECT_EQ(r->head().partitions[0].registration.isr.size(), 3u) << "back in the ISR";
}

TEST(Retention, TheLeaderHoldsNoRecordBelowItsLogStart)
{
    // What a fetch below the log start meets: the leader no longer holds those offsets (holds() is
    // what ReplicaManager checks before OFFSET_OUT_OF_RANGE).
    std::string steps;
    for (int b = 0; b < 10; ++b)
        steps += std::string(b ? "," : "") + R"({"produce": {"producer": "p", "topic": "t", "values": [)" +
                 values(10, "b" + std::to_string(b)) + "]}}";
    steps += R"(, {"advance": {"ms": 31000}})";
    const auto r = run(R"("segment.bytes": 300, "retention.bytes": 400)", R"("log.retention.check.interval.ms": 1000)",
                       steps);
    ASSERT_NE(r, nullptr);
    const hw::Replica& leader = r->head().partitions[0].replicas[0];
    ASSERT_GT(leader.log.logStart, 0);
    EXPECT_FALSE(leader.log.holds(0));
    EXPECT_TRUE(leader.log.holds(leader.log.logStart));
}

TEST(RetentionConfig, TopicKeysAreCheckedAndWrittenBack)
{
    const std::string base = R"({"format": "highwater/1", "name": "x", "seed": 1, "cluster": {"brokers": 1},
        "topics": [{"name": "t", )";
    auto parsed = hw::parseScenario(base + R"("segment.bytes": 10}], "steps": []})", "x.json");
    ASSERT_TRUE(std::holds_alternative<hw::ScenarioError>(parsed));
    EXPECT_EQ(std::get<hw::ScenarioError>(parsed).path, "/topics/0/segment.bytes");
    parsed = hw::parseScenario(base + R"("retention.ms": -2}], "steps": []})", "x.json");
    ASSERT_TRUE(std::holds_alternative<hw::ScenarioError>(parsed));
    EXPECT_EQ(std::get<hw::ScenarioError>(parsed).path, "/topics/0/retention.ms");

    parsed = hw::parseScenario(base + R"("segment.bytes": 1024, "retention.bytes": 4096, "retention.ms": -1,
        "segment.ms": 60000}], "steps": []})",
                               "x.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
    const hw::Scenario& scenario = std::get<hw::Scenario>(parsed);
    const hw::TopicConfig& config = scenario.cluster.topics[0].config;
    EXPECT_EQ(config.segmentBytes, 1024);
    EXPECT_EQ(config.retentionBytes, 4096);
    EXPECT_EQ(config.retentionMs, -1);
    EXPECT_EQ(config.segmentMs, 60000);
    const std::string written = hw::scenarioToJson(scenario);
    auto again = hw::parseScenario(written, "written.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(again)) << written;
    EXPECT_EQ(std::get<hw::Scenario>(again).cluster.topics[0].config, config);
    EXPECT_EQ(hw::Engine::createCluster(scenario.cluster).topics[0].config, config);
}

} // namespace
