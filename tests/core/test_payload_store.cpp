// SPDX-License-Identifier: MIT
// The payload store releases what retention deleted (broker/payload_store.h): a live client floods a
// topic with a small retention.bytes; once the retention checks deleted segments and every replica
// caught up, the payloads and live records below the front are released, the records kept read back
// intact, the invariants hold after every frame, and the recorded session replays to identical frames.
// A replica that is offline keeps the old records its log holds, and with them their payloads.

#include "broker/payload_store.h"
#include "check/invariants.h"
#include "engine/engine.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr int batchRecords = 50;

std::string floodValue(std::int64_t n)
{
    char text[32];
    std::snprintf(text, sizeof text, "flood-%06lld", static_cast<long long>(n));
    return text;
}

struct Flood {
    hw::Scenario scenario;
    std::unique_ptr<hw::Timeline> timeline;
    std::vector<std::string> violations;
    hw::TimeMs t = 0;
    std::int64_t produced = 0;
    const hw::ClusterState& head() const { return timeline->head(); }

    /// Handles every queued event due before `untilMs`, as `serve` does before a request that arrived then.
    void stepBefore(hw::TimeMs untilMs)
    {
        while (timeline->hasQueuedEvents() && timeline->nextEventTimeMs() < untilMs)
            timeline->step();
        t = untilMs;
    }
    void apply(const hw::Action& action)
    {
        const hw::ApplyResult result = timeline->apply(action);
        ASSERT_TRUE(result.ok()) << result.error;
    }
    hw::LiveClientAction live(hw::LiveRequest body) const
    {
        hw::LiveClientAction a;
        a.atMs = t;
        a.client = 0;
        a.request = std::move(body);
        return a;
    }
    /// `batches` produce requests of batchRecords records each (acks=1), 100 ms apart.
    void produce(int batches)
    {
        for (int b = 0; b < batches; ++b) {
            hw::LiveProduce produce;
            produce.partition = 0;
            produce.acks = hw::Acks::Leader;
            for (int i = 0; i < batchRecords; ++i) {
                hw::LiveRecord record;
                record.value = floodValue(produced++);
                record.headers.push_back({"n", std::to_string(produced - 1), false});
                produce.records.push_back(std::move(record));
            }
            stepBefore(t + 100);
            apply(live(produce));
        }
    }
};

/// A 3-broker cluster with topic t (one partition on brokers 1, 2, 3: broker 1 leads), segments of
/// about 1,400 bytes (a batch of 50 records is about 1,300), retention.bytes 4,000, a retention check
/// every second, followers fetching on their own, and a live client connected to broker 1. With
/// `simulatedProducer`, as in the built-in scenarios `serve` runs, a simulated producer first writes
/// 40 records to topic u (payloads 0 to 39), which retention.ms deletes a second later.
std::unique_ptr<Flood> flood(bool simulatedProducer = false)
{
    const std::string json = R"({"format": "highwater/1", "name": "flood", "seed": 3,
      "cluster": {"brokers": 3, "config": {"log.retention.check.interval.ms": 1000}},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]],
                  "segment.bytes": 1400, "retention.bytes": 4000}
                 )" + std::string(simulatedProducer ? R"(, {"name": "u", "partitions": 1, "replication.factor": 3,
                  "assignment": [[1, 2, 3]], "retention.ms": 1000}], "producers": [{"id": "p", "acks": "all"}],
      "steps": [{"produce": {"producer": "p", "topic": "u", "values": [)" + [] {
                                                              std::string v;
                                                              for (int i = 0; i < 40; ++i)
                                                                  v += (i ? ", \"s" : "\"s") + std::to_string(i) + "\"";
                                                              return v;
                                                          }() + R"(]}}, {"advance": {"ms": 100}}]})"
                                                          : R"(], "steps": [{"advance": {"ms": 100}}]})");
    auto parsed = hw::parseScenario(json, "flood.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    auto f = std::make_unique<Flood>();
    f->scenario = std::get<hw::Scenario>(std::move(parsed));
    f->timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(f->scenario.cluster));
    auto checker = std::make_shared<hw::InvariantChecker>();
    Flood* self = f.get();
    f->timeline->setObserver([checker, self](const hw::ClusterState& state, const hw::FrameInfo&) {
        for (const std::string& v : checker->check(state))
            self->violations.push_back("frame " + std::to_string(self->timeline->frameCount() - 1) + ": " + v);
    });
    if (auto error = hw::runScenario(f->scenario, *f->timeline)) {
        ADD_FAILURE() << error->toString();
        return nullptr;
    }
    f->apply(hw::ConfigAction{"auto.fetch", hw::ConfigValue{hw::ConfigValue::Kind::Boolean, 0, true, {}}});
    f->t = f->head().nowMs + 10;
    f->stepBefore(f->t);
    hw::LiveClientAction connect;
    connect.kind = hw::LiveClientAction::Kind::Connect;
    connect.atMs = f->t;
    connect.broker = 1;
    connect.id = "flooder";
    f->apply(connect);
    return f;
}

/// Every record each replica's log of topic t holds from its log start reads back as the flood made it:
/// the value and the header that numbers it. Returns how many were read.
std::int64_t readBack(const hw::ClusterState& s)
{
    std::int64_t read = 0;
    for (const hw::Replica& r : s.partitions[static_cast<std::size_t>(s.topics[static_cast<std::size_t>(s.findTopic("t"))].firstPartition)].replicas) {
        for (hw::Offset o = r.log.logStart; o < r.log.leo(); ++o) {
            const hw::Payload& payload = s.payloads[static_cast<std::size_t>(r.log.at(o).payload)];
            EXPECT_EQ(payload.value, floodValue(o)) << "broker " << r.broker << " offset " << o;
            const hw::LiveRecordInfo* live = hw::liveRecordOf(s, payload);
            EXPECT_TRUE(live && live->headers.size() == 1 && live->headers[0].value == std::to_string(o))
                << "broker " << r.broker << " offset " << o;
            ++read;
        }
    }
    return read;
}

/// The first index a PVector still holds.
template <typename T>
std::size_t firstHeld(const hw::PVector<T>& v)
{
    std::size_t i = 0;
    while (i < v.size() && !v.holds(i))
        ++i;
    return i;
}

/// Every `every`-th frame (and the last) as the frame dump writes it, its state rebuilt from the
/// timeline's snapshots (a full dump of each of some 10,000 frames, each listing thousands of records,
/// would take minutes; the test compares every frame's event apart).
std::string dumpFrames(const hw::Timeline& timeline, std::int64_t every)
{
    std::string out;
    for (std::int64_t f = timeline.firstFrame(); f < timeline.frameCount(); ++f) {
        if (f % every == 0 || f + 1 == timeline.frameCount())
            out += hw::frameToJson(timeline, f, timeline.stateAt(f)).dump() + "\n";
    }
    return out;
}

TEST(PayloadRetention, WhatRetentionDeletedIsReleasedAndWhatItKeptReadsBackIntact)
{
    const auto f = flood();
    ASSERT_NE(f, nullptr);
    f->produce(60); // 3,000 records, about 80 KB as Kafka stores them: retention keeps about 4,000 bytes
    f->stepBefore(f->t + 30000); // past the first retention check (log.initial.task.delay.ms)
    const hw::ClusterState& s = f->head();
    EXPECT_TRUE(f->violations.empty()) << f->violations.front();
    hw::Offset lowestSegment = s.partitions[0].replicas[0].log.leo();
    for (const hw::Replica& r : s.partitions[0].replicas) {
        EXPECT_EQ(r.log.leo(), f->produced) << "broker " << r.broker << " caught up";
        EXPECT_GT(r.log.logStart, 2500) << "broker " << r.broker << ": retention deleted the oldest segments";
        ASSERT_FALSE(r.log.segments.empty());
        lowestSegment = std::min(lowestSegment, r.log.segments.front().baseOffset);
    }
    const auto lowestStart = static_cast<std::size_t>(lowestSegment);
    // One live client's records take payloads 0, 1, 2, ... in offset order: the store released the
    // leaves wholly below the first record a log still holds, and nothing at or after it.
    EXPECT_EQ(s.payloads.size(), static_cast<std::size_t>(f->produced));
    const hw::HeldPayloads held = hw::heldPayloads(s);
    EXPECT_EQ(held.logsFrom, lowestStart) << "the first record of the first segment kept";
    EXPECT_TRUE(held.leaves.empty()) << "nothing but the logs holds a payload";
    EXPECT_EQ(firstHeld(s.payloads), lowestStart / 32 * 32);
    EXPECT_GT(firstHeld(s.payloads), 2400u);
    EXPECT_EQ(s.payloads.releasedLeaves(), lowestStart / 32);
    for (std::size_t i = firstHeld(s.payloads); i < s.payloads.size(); ++i)
        ASSERT_TRUE(s.payloads.holds(i)) << "payload " << i;
    EXPECT_EQ(firstHeld(s.liveRecords), firstHeld(s.payloads)) << "each payload has its live record, in order";
    EXPECT_EQ(s.liveRecords.releasedLeaves(), s.payloads.releasedLeaves());
    EXPECT_GT(readBack(s), 3 * 40);
    // The invariant sees a holder of a released payload: a log that still refers to payload 0.
    hw::ClusterState broken = s;
    hw::Replica& leader = broken.partitions[0].replicas[0];
    const auto first = static_cast<std::size_t>(leader.log.logStart - leader.log.baseOffset);
    hw::Record record = leader.log.records[first];
    record.payload = 0;
    leader.log.records.set(first, record);
    hw::InvariantChecker checker;
    const std::vector<std::string> bad = checker.check(broken);
    ASSERT_FALSE(bad.empty());
    EXPECT_NE(bad.back().find("refers to payload 0, released"), std::string::npos) << bad.back();
}

TEST(PayloadRetention, AReleasingRunReplaysThroughItsRecordingToIdenticalFrames)
{
    const auto f = flood();
    ASSERT_NE(f, nullptr);
    f->produce(40);
    f->stepBefore(f->t + 30000);
    ASSERT_GT(f->head().payloads.releasedLeaves(), 0u);
    ASSERT_TRUE(f->violations.empty()) << f->violations.front();
    const std::string json = hw::scenarioToJson(hw::recordSession(f->scenario, *f->timeline));
    auto parsed = hw::parseScenario(json, "recording.json");
    ASSERT_FALSE(std::holds_alternative<hw::ScenarioError>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
    hw::Timeline replayed(hw::Engine::createCluster(std::get<hw::Scenario>(parsed).cluster));
    ASSERT_FALSE(hw::runScenario(std::get<hw::Scenario>(parsed), replayed).has_value());
    ASSERT_EQ(replayed.frameCount(), f->timeline->frameCount());
    for (std::int64_t i = 0; i < replayed.frameCount(); ++i) {
        ASSERT_EQ(replayed.frame(i).event, f->timeline->frame(i).event) << "frame " << i;
        ASSERT_EQ(replayed.frame(i).timeMs, f->timeline->frame(i).timeMs) << "frame " << i;
    }
    EXPECT_TRUE(replayed.head() == f->head()) << "the same payloads released at the same events";
    EXPECT_EQ(replayed.head().payloads.releasedLeaves(), f->head().payloads.releasedLeaves());
    // Frames rebuild from the snapshots, which hold the payloads the head released since.
    EXPECT_EQ(dumpFrames(replayed, 97), dumpFrames(*f->timeline, 97));
}

TEST(PayloadRetention, AnOfflineFollowersOldRecordsKeepTheirPayloadsUntilItIsTruncated)
{
    const auto f = flood();
    ASSERT_NE(f, nullptr);
    f->produce(4); // 200 records on every replica
    f->stepBefore(f->t + 2000);
    ASSERT_EQ(f->head().partitions[0].replicas[2].log.leo(), 200);
    f->apply(hw::BrokerAction{hw::BrokerAction::Kind::Shutdown, 3, 0});
    f->stepBefore(f->t + 1000);
    f->produce(60);
    f->stepBefore(f->t + 30000); // past the first retention check (log.initial.task.delay.ms)
    {
        const hw::ClusterState& s = f->head();
        const hw::Replica& offline = s.partitions[0].replicas[2];
        ASSERT_EQ(offline.broker, 3);
        EXPECT_FALSE(s.broker(3).alive);
        EXPECT_EQ(offline.log.leo(), 200) << "broker 3 kept its log";
        EXPECT_GT(s.partitions[0].replicas[0].log.logStart, 2500) << "the leader deleted the oldest segments";
        // Broker 3's log still holds records 0..199: their payloads stay.
        EXPECT_EQ(s.payloads.releasedLeaves(), 0u);
        EXPECT_EQ(hw::heldPayloads(s).logsFrom, 0u);
        for (hw::Offset o = 0; o < 200; ++o)
            ASSERT_EQ(s.payloads[static_cast<std::size_t>(offline.log.at(o).payload)].value, floodValue(o));
    }
    // Back, broker 3 finds its LEO below the leader's log start and starts again there
    // (truncateFullyAndStartAt): at the next retention check the old payloads go.
    f->apply(hw::BrokerAction{hw::BrokerAction::Kind::Restart, 3, 0});
    f->stepBefore(f->t + 20000);
    const hw::ClusterState& s = f->head();
    EXPECT_TRUE(f->violations.empty()) << f->violations.front();
    const hw::Replica& back = s.partitions[0].replicas[2];
    EXPECT_EQ(back.log.leo(), f->produced);
    EXPECT_GT(back.log.baseOffset, 200);
    EXPECT_GT(firstHeld(s.payloads), 2400u);
    EXPECT_GT(readBack(s), 3 * 40);
}

TEST(PayloadRetention, ASimulatedProducersBatchesKeepTheirLeafWhileTheLiveFloodIsReleased)
{
    const auto f = flood(true);
    ASSERT_NE(f, nullptr);
    f->produce(60);
    f->stepBefore(f->t + 30000); // past the first retention check (log.initial.task.delay.ms)
    const hw::ClusterState& s = f->head();
    EXPECT_TRUE(f->violations.empty()) << f->violations.front();
    const hw::Partition& u = s.partitions[static_cast<std::size_t>(s.topics[static_cast<std::size_t>(s.findTopic("u"))].firstPartition)];
    for (const hw::Replica& r : u.replicas)
        EXPECT_EQ(r.log.logStart, 40) << "retention.ms deleted topic u's records on broker " << r.broker;
    // The producer's batch still shows its sends (frames list them): their two leaves stay, the ones
    // after them that only the deleted flood records used go. Topic u's log keeps records 32 to 39
    // below its first segment (a leaf boundary), deleted: they hold nothing.
    const hw::HeldPayloads held = hw::heldPayloads(s);
    EXPECT_GT(held.logsFrom, 2400u);
    ASSERT_EQ(held.leaves, (std::vector<std::size_t>{0, 32}));
    for (std::size_t i = 0; i < 40; ++i) {
        ASSERT_TRUE(s.payloads.holds(i));
        EXPECT_EQ(s.payloads[i].value, "s" + std::to_string(i));
    }
    EXPECT_TRUE(s.payloads.holds(63));
    EXPECT_FALSE(s.payloads.holds(64));
    EXPECT_EQ(s.payloads.releasedLeaves(), held.logsFrom / 32 - 2);
    EXPECT_GT(readBack(s), 3 * 40);
    // The live records of the flood payloads in leaf 32 (payloads 40 to 63: live records 0 to 23) stay.
    EXPECT_TRUE(s.liveRecords.holds(0));
    EXPECT_TRUE(s.liveRecords.holds(23));
    EXPECT_FALSE(s.liveRecords.holds(32));
    // The last frame (it reads only payloads kept in its own state) still shows the producer's sends.
    const std::int64_t lastFrame = f->timeline->frameCount() - 1;
    const std::string last = hw::frameToJson(*f->timeline, lastFrame, f->timeline->stateAt(lastFrame)).dump();
    EXPECT_NE(last.find("\"value\":\"s9\""), std::string::npos) << "the frame still shows the producer's sends";
}

} // namespace
