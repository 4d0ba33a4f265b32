// SPDX-License-Identifier: MIT
// The seed article's four figures, exactly as section 7 of kafka-semantics.md tabulates them.

#include "check/invariants.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

/// The built-in walkthrough; `idempotence` false gives its producer enable.idempotence false.
hw::Timeline playWalkthrough(bool idempotence = true)
{
    auto loaded = hw::loadScenario("builtin:leo-hw-walkthrough");
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
        ADD_FAILURE() << error->toString();
    hw::Scenario scenario = std::get<hw::Scenario>(loaded);
    if (!idempotence) {
        for (hw::ProducerSpec& producer : scenario.cluster.producers)
            producer.enableIdempotence = false;
    }
    auto played = hw::playScenario(scenario);
    if (auto* error = std::get_if<hw::ScenarioError>(&played))
        ADD_FAILURE() << error->toString();
    return std::get<hw::Timeline>(std::move(played));
}

struct Expected {
    std::string label;
    std::array<hw::Offset, 3> leo;
    std::array<hw::Offset, 3> hw;
    std::array<hw::Offset, 2> leaderView; // of brokers 2 and 3
    hw::Offset partitionHw;
};

class WalkthroughCheckpoint : public ::testing::TestWithParam<Expected> {};

TEST_P(WalkthroughCheckpoint, MatchesTheArticleAndKafka)
{
    const Expected& want = GetParam();
    const hw::Timeline timeline = playWalkthrough();
    const std::int64_t frame = timeline.findLabel(want.label);
    ASSERT_GE(frame, 0) << "no checkpoint " << want.label;
    const hw::ClusterState s = timeline.stateAt(frame);
    const hw::Partition& p = s.partitions.at(0);
    ASSERT_EQ(p.replicas.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(p.replicas[i].broker, static_cast<hw::BrokerId>(i + 1));
        EXPECT_EQ(p.replicas[i].log.leo(), want.leo[i]) << "LEO of broker " << i + 1;
        EXPECT_EQ(p.replicas[i].hw, want.hw[i]) << "HW of broker " << i + 1;
    }
    const hw::Replica& leader = p.replicas[0];
    ASSERT_TRUE(leader.isLeader());
    ASSERT_EQ(leader.views.size(), 2u);
    EXPECT_EQ(leader.views[0].broker, 2);
    EXPECT_EQ(leader.views[0].leo, want.leaderView[0]);
    EXPECT_EQ(leader.views[1].broker, 3);
    EXPECT_EQ(leader.views[1].leo, want.leaderView[1]);
    const auto json = hw::frameToJson(timeline, frame, s);
    EXPECT_EQ(json["partitions"][0]["hw"], want.partitionHw);
    EXPECT_EQ(json["label"], want.label);
    EXPECT_EQ(json["partitions"][0]["isr"], nlohmann::ordered_json::parse("[1,2,3]"));
}

INSTANTIATE_TEST_SUITE_P(
    SeedArticle, WalkthroughCheckpoint,
    ::testing::Values(Expected{"1", {2, 2, 2}, {2, 2, 2}, {2, 2}, 2}, Expected{"2", {4, 2, 2}, {2, 2, 2}, {2, 2}, 2},
                      Expected{"3", {4, 4, 3}, {3, 2, 2}, {4, 3}, 3}, Expected{"4", {4, 4, 4}, {4, 4, 4}, {4, 4}, 4}),
    [](const auto& info) { return "Step" + info.param.label; });

TEST(Walkthrough, StepThreeIsTheFrameWhereTheLeaderHandledFollowerTwosFetchOfThree)
{
    const hw::Timeline timeline = playWalkthrough();
    const hw::FrameInfo& info = timeline.frame(timeline.findLabel("3"));
    EXPECT_EQ(info.event.type, hw::EventType::FetchHandled);
    EXPECT_EQ(info.event.node, 1);
    EXPECT_EQ(info.event.peer, 3);
    EXPECT_EQ(info.event.offset, 3);
    EXPECT_EQ(info.event.hwBefore, 2);
    EXPECT_EQ(info.event.hwAfter, 3);
}

TEST(Walkthrough, ConsumersCanReadExactlyTheArticlesMessagesAtEachStep)
{
    const hw::Timeline timeline = playWalkthrough();
    const std::vector<std::pair<std::string, std::vector<std::string>>> readable = {
        {"1", {"m0", "m1"}}, {"2", {"m0", "m1"}}, {"3", {"m0", "m1", "m2"}}, {"4", {"m0", "m1", "m2", "m3"}}};
    for (const auto& [label, values] : readable) {
        const hw::ClusterState s = timeline.stateAt(timeline.findLabel(label));
        const hw::Replica& leader = s.partitions[0].replicas[0];
        std::vector<std::string> visible;
        for (hw::Offset o = 0; o < leader.hw; ++o)
            visible.push_back(s.payloads[static_cast<std::size_t>(leader.log.at(o).payload)].value);
        EXPECT_EQ(visible, values) << "checkpoint " << label;
    }
}

TEST(Walkthrough, EveryCheckpointCarriesNotesInEnglishAndTraditionalChinese)
{
    const hw::Timeline timeline = playWalkthrough();
    for (const char* label : {"1", "2", "3", "4"}) {
        const hw::FrameInfo& info = timeline.frame(timeline.findLabel(label));
        ASSERT_GE(info.note, 0) << label;
        const auto& note = timeline.notes()[static_cast<std::size_t>(info.note)];
        EXPECT_FALSE(note.get("en").empty());
        EXPECT_NE(note.byLanguage.count("zh_TW"), 0u);
        EXPECT_NE(note.byLanguage.count("zh_CN"), 0u);
    }
}

TEST(Walkthrough, InvariantsHoldOnEveryFrame)
{
    const hw::Timeline timeline = playWalkthrough();
    hw::InvariantChecker checker;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const auto violations = checker.check(timeline.stateAt(f));
        EXPECT_TRUE(violations.empty()) << "frame " << f << ": " << violations.front();
    }
}

TEST(Walkthrough, TheProducerIsAcknowledgedOnlyAfterTheHighWatermarkPassesItsRecords)
{
    const hw::Timeline timeline = playWalkthrough();
    const hw::ClusterState atThree = timeline.stateAt(timeline.findLabel("3"));
    EXPECT_EQ(atThree.producers[0].batches[1].status, hw::SendStatus::InFlight);
    const hw::ClusterState atFour = timeline.stateAt(timeline.findLabel("4"));
    EXPECT_EQ(atFour.producers[0].batches[1].status, hw::SendStatus::Acked);
    EXPECT_EQ(atFour.producers[0].batches[1].baseOffset, 2);
}

std::string dumpAll(const hw::Timeline& timeline)
{
    std::string out;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f)
        out += hw::frameToJson(timeline, f, timeline.stateAt(f)).dump() + "\n";
    return out;
}

TEST(Walkthrough, MatchesTheGoldenDump)
{
    // Regenerate with: build/app/highwater-cli run builtin:leo-hw-walkthrough > tests/core/data/leo-hw-walkthrough.golden.jsonl
    std::ifstream in(HW_TEST_DATA_DIR "/leo-hw-walkthrough.golden.jsonl");
    ASSERT_TRUE(in) << "missing golden file";
    std::stringstream golden;
    golden << in.rdbuf();
    EXPECT_EQ(dumpAll(playWalkthrough()), golden.str());
}

TEST(Walkthrough, TwoRunsGiveByteIdenticalDumps)
{
    EXPECT_EQ(dumpAll(playWalkthrough()), dumpAll(playWalkthrough()));
}

} // namespace

// README step 5 in the walkthrough: after checkpoint 4 the user kills the leader and produces a message.

/// Whether an ISR shrink after `from` removed a broker that was alive when it happened.
bool evictsAHealthyFollower(const hw::Timeline& timeline, std::int64_t from)
{
    for (std::int64_t f = from; f < timeline.frameCount(); ++f) {
        const hw::Event& e = timeline.frame(f).event;
        if (e.type != hw::EventType::IsrShrinkRequested)
            continue;
        const hw::ClusterState s = timeline.stateAt(f);
        for (hw::BrokerId b : hw::brokersInMask(static_cast<std::uint32_t>(e.value))) {
            if (s.broker(b).alive)
                return true;
        }
    }
    return false;
}

/// How many times the value is in the log of the partition's leader.
int copiesInLeaderLog(const hw::ClusterState& s, const std::string& value)
{
    const hw::Partition& p = s.partitions[0];
    int copies = 0;
    for (const hw::Replica& r : p.replicas) {
        if (!r.isLeader() || !s.broker(r.broker).alive)
            continue;
        for (hw::Offset o = r.log.logStart; o < r.log.leo(); ++o)
            copies += s.payloads[static_cast<std::size_t>(r.log.at(o).payload)].value == value ? 1 : 0;
    }
    return copies;
}

/// Kills the leader, produces "m4" with acks=all and lets a minute pass, as README step 5 does.
std::int64_t followReadmeStepFive(hw::Timeline& timeline)
{
    const std::int64_t from = timeline.frameCount();
    EXPECT_EQ(hw::runFault(timeline, hw::KillLeaderAction{0}), "");
    hw::ProduceAction produce;
    produce.partition = 0;
    produce.values = {"m4"};
    EXPECT_EQ(hw::runProduce(timeline, produce), "");
    EXPECT_EQ(hw::runAdvance(timeline, 60000), "");
    return from;
}

TEST(Walkthrough, WithoutAutomaticFetchingReadmeStepFiveTeachesTheWrongKafka)
{
    // The failure this guards against: with auto.fetch false nobody fetches from the new leader, so
    // the live follower is evicted and the acks=all produce times out and is appended again by a
    // producer without idempotence.
    hw::Timeline timeline = playWalkthrough(false);
    const std::int64_t from = followReadmeStepFive(timeline);
    EXPECT_TRUE(evictsAHealthyFollower(timeline, from));
    EXPECT_EQ(copiesInLeaderLog(timeline.head(), "m4"), 2);
}

TEST(Walkthrough, WithoutAutomaticFetchingTheIdempotentProducerStillWritesItsRecordOnce)
{
    // The same wrong step with Kafka's default producer: the follower is still evicted, but the
    // leader recognises the retried batch by its sequence numbers and does not append it again.
    hw::Timeline timeline = playWalkthrough();
    const std::int64_t from = followReadmeStepFive(timeline);
    EXPECT_TRUE(evictsAHealthyFollower(timeline, from));
    EXPECT_EQ(copiesInLeaderLog(timeline.head(), "m4"), 1);
}

TEST(Walkthrough, TurningAutoFetchOnStartsEveryIdleFollowersFetchLoop)
{
    hw::Timeline timeline = playWalkthrough();
    ASSERT_FALSE(timeline.head().config.autoFetch);
    hw::ConfigAction on{"auto.fetch", hw::ConfigValue{hw::ConfigValue::Kind::Boolean, 0, true, {}}};
    const hw::ApplyResult result = timeline.apply(on);
    ASSERT_TRUE(result.ok()) << result.error;
    EXPECT_EQ(result.event->type, hw::EventType::ConfigChanged);
    EXPECT_EQ(result.event->count, 2) << "brokers 2 and 3 each send a Fetch";
    for (const hw::Replica& r : timeline.head().partitions[0].replicas)
        EXPECT_EQ(r.fetchOutstanding, !r.isLeader()) << "broker " << r.broker;
    // The loops keep going: after a minute each follower has fetched again and again.
    const std::int64_t from = timeline.frameCount();
    ASSERT_EQ(hw::runAdvance(timeline, 60000), "");
    std::array<int, 4> fetches{};
    for (std::int64_t f = from; f < timeline.frameCount(); ++f) {
        const hw::Event& e = timeline.frame(f).event;
        if (e.type == hw::EventType::FetchApplied)
            ++fetches[static_cast<std::size_t>(e.node)];
    }
    EXPECT_GT(fetches[2], 10);
    EXPECT_GT(fetches[3], 10);
    const auto json = hw::frameToJson(timeline, from - 1, timeline.stateAt(from - 1));
    EXPECT_EQ(json["event"]["fetches_started"], 2);
    // Switching it on again starts nothing: the loops are running.
    EXPECT_EQ(timeline.apply(on).event->count, 0);
}

TEST(Walkthrough, WithAutomaticFetchingReadmeStepFiveEvictsNoHealthyFollowerAndAcknowledgesOnce)
{
    hw::Timeline timeline = playWalkthrough();
    ASSERT_TRUE(timeline.apply(hw::ConfigAction{"auto.fetch", hw::ConfigValue{hw::ConfigValue::Kind::Boolean, 0, true, {}}})
                    .ok());
    const std::int64_t from = followReadmeStepFive(timeline);
    EXPECT_FALSE(evictsAHealthyFollower(timeline, from));
    const hw::ClusterState& s = timeline.head();
    EXPECT_EQ(copiesInLeaderLog(s, "m4"), 1);
    const hw::ProducerBatch& batch = s.producers[0].batches.back();
    EXPECT_EQ(batch.status, hw::SendStatus::Acked);
    // The producer retries while no leader is elected (a real producer does too), but once a leader
    // appends the batch it is acknowledged: one append, one acknowledgement, no timeout.
    int appends = 0;
    int acks = 0;
    int timeouts = 0;
    for (std::int64_t f = from; f < timeline.frameCount(); ++f) {
        const hw::EventType type = timeline.frame(f).event.type;
        appends += type == hw::EventType::ProduceAppended ? 1 : 0;
        acks += type == hw::EventType::ProduceAcked ? 1 : 0;
        timeouts += type == hw::EventType::ProduceTimedOut ? 1 : 0;
    }
    EXPECT_EQ(appends, 1);
    EXPECT_EQ(acks, 1);
    EXPECT_EQ(timeouts, 0);
    // The follower on broker 3 is still in the ISR of the new leader on broker 2.
    EXPECT_EQ(s.partitions[0].registration.isr, (std::vector<hw::BrokerId>{2, 3}));
}
