// SPDX-License-Identifier: MIT
// The seed article's four figures, exactly as section 7 of kafka-semantics.md tabulates them.

#include "check/invariants.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

hw::Timeline playWalkthrough()
{
    auto loaded = hw::loadScenario("builtin:leo-hw-walkthrough");
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
        ADD_FAILURE() << error->toString();
    auto played = hw::playScenario(std::get<hw::Scenario>(loaded));
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
