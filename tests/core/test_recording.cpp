// SPDX-License-Identifier: MIT
// A session recorded with recordSession replays, through a scenario file, to the same frames.

#include "check/chaos.h"
#include "model/limits.h"
#include "scenario/builtin.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>

namespace {

std::string dumpAll(const hw::Timeline& timeline)
{
    std::string out;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f)
        out += hw::frameToJson(timeline, f, timeline.stateAt(f)).dump() + "\n";
    return out;
}

hw::Scenario load(const std::string& source)
{
    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<hw::Scenario>(std::move(loaded));
}

hw::Timeline play(const hw::Scenario& scenario)
{
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    if (auto error = hw::runScenario(scenario, timeline))
        ADD_FAILURE() << error->toString();
    return timeline;
}

/// Records a timeline, writes the recording as JSON, reads it back and replays it.
std::string replayRecording(const hw::Scenario& base, const hw::Timeline& timeline)
{
    const std::string json = hw::scenarioToJson(hw::recordSession(base, timeline));
    auto parsed = hw::parseScenario(json, "recording.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString() << "\n" << json.substr(0, 2000);
        return {};
    }
    return dumpAll(play(std::get<hw::Scenario>(parsed)));
}

class RecordBuiltin : public ::testing::TestWithParam<std::string> {};

TEST_P(RecordBuiltin, ReplaysToIdenticalFrames)
{
    const hw::Scenario scenario = load("builtin:" + GetParam());
    const hw::Timeline timeline = play(scenario);
    EXPECT_EQ(replayRecording(scenario, timeline), dumpAll(timeline));
}

std::vector<std::string> builtinNames()
{
    std::vector<std::string> names;
    for (const hw::BuiltinScenario& b : hw::builtinScenarios())
        names.emplace_back(b.name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(Builtins, RecordBuiltin, ::testing::ValuesIn(builtinNames()), [](const auto& info) {
    std::string name = info.param;
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    }
    return name;
});

TEST(Recording, ActionsAtAPastFrameForkAndTheForkIsWhatIsRecorded)
{
    const hw::Scenario scenario = load("builtin:leo-hw-walkthrough");
    hw::Timeline timeline = play(scenario);
    timeline.forkAt(timeline.findLabel("2"));
    ASSERT_TRUE(timeline.apply(hw::BrokerAction{hw::BrokerAction::Kind::Kill, 3, 0}).ok());
    ASSERT_TRUE(hw::runAdvance(timeline, 12000).empty());
    ASSERT_TRUE(timeline.apply(hw::SlowAction{2, 40}).ok());
    ASSERT_TRUE(hw::runSettle(timeline).empty());
    EXPECT_EQ(replayRecording(scenario, timeline), dumpAll(timeline));
}

TEST(Recording, ChaosRunsReplayThroughTheirRecording)
{
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const hw::ChaosResult result = hw::runChaos(seed);
        ASSERT_TRUE(result.ok()) << "seed " << seed;
        const hw::Timeline original = play(result.scenario);
        auto parsed = hw::parseScenario(hw::scenarioToJson(hw::recordSession(result.scenario, original)), "rec.json");
        ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << "seed " << seed;
        const hw::Timeline replayed = play(std::get<hw::Scenario>(parsed));
        // Frame by frame: the same events at the same times, and the same final state.
        ASSERT_EQ(replayed.frameCount(), original.frameCount()) << "seed " << seed;
        for (std::int64_t f = 0; f < original.frameCount(); ++f) {
            ASSERT_EQ(replayed.frame(f).event, original.frame(f).event) << "seed " << seed << " frame " << f;
            ASSERT_EQ(replayed.frame(f).timeMs, original.frame(f).timeMs) << "seed " << seed << " frame " << f;
        }
        EXPECT_TRUE(replayed.head() == original.head()) << "seed " << seed;
    }
}

TEST(Recording, ARunStepThatAsksForMoreEventsThanQueuedIsAnError)
{
    hw::Scenario scenario = load("builtin:leo-hw-walkthrough");
    scenario.steps = {hw::RunStep{hw::limits::eventsPerStepMax}};
    scenario.cluster.config.brokerHeartbeatIntervalMs = 600000;
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    // Heartbeats and ISR checks never stop, so the queue never empties: the step runs its events.
    EXPECT_FALSE(hw::runScenario(scenario, timeline).has_value());
    EXPECT_GT(timeline.head().nowMs, 0);
}

} // namespace

namespace {

hw::LiveClientAction liveAt(hw::TimeMs atMs, std::int32_t client, hw::LiveRequest body)
{
    hw::LiveClientAction a;
    a.atMs = atMs;
    a.client = client;
    a.request = std::move(body);
    return a;
}

/// Handles every queued event due before `untilMs`, as `serve` does before a request that arrived then.
void stepBefore(hw::Timeline& timeline, hw::TimeMs untilMs)
{
    while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < untilMs)
        timeline.step();
}

} // namespace

// A live session (what `highwater-cli serve --record` writes) replays through its file: binary keys and
// values (hex), a tombstone, headers, fetches, list offsets, metadata, an idempotent producer id.
TEST(Recording, ALiveSessionWithBinaryRecordsReplaysToIdenticalFrames)
{
    hw::Scenario scenario = load("builtin:leo-hw-walkthrough");
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    ASSERT_FALSE(hw::runScenario(scenario, timeline));
    ASSERT_TRUE(timeline.apply(hw::ConfigAction{"auto.fetch", hw::ConfigValue{hw::ConfigValue::Kind::Boolean, 0, true, {}}}).ok());
    hw::TimeMs t = timeline.head().nowMs + 10;

    hw::LiveClientAction connect;
    connect.kind = hw::LiveClientAction::Kind::Connect;
    connect.atMs = t;
    connect.broker = 1;
    connect.id = "rdkafka";
    stepBefore(timeline, t);
    ASSERT_TRUE(timeline.apply(connect).ok()) << timeline.apply(connect).error;
    stepBefore(timeline, t += 3);
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, hw::LiveMetadata{})).ok());
    stepBefore(timeline, t += 5);
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, hw::LiveInitProducerId{})).ok());

    hw::LiveProduce produce;
    produce.partition = 0;
    produce.producerId = -1;
    hw::LiveRecord text;
    text.value = "hello";
    text.timestampMs = 1700000000000;
    hw::LiveRecord binary;
    binary.hasKey = true;
    binary.key = std::string("\xff\x00\x01", 3);
    binary.value = std::string("\xc3\x28", 2); // not UTF-8
    binary.headers.push_back({"trace", std::string("\x80", 1), false});
    binary.headers.push_back({"empty", "", true});
    hw::LiveRecord tombstone;
    tombstone.hasKey = true;
    tombstone.key = "k";
    tombstone.valueNull = true;
    produce.records = {text, binary, tombstone};
    stepBefore(timeline, t += 5);
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, produce)).ok());
    stepBefore(timeline, t += 200);
    hw::LiveFetch fetch;
    fetch.partition = 0;
    fetch.fetchOffset = 0;
    fetch.maxRecords = 100;
    fetch.maxWaitMs = 500;
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, fetch)).ok());
    stepBefore(timeline, t += 50);
    ASSERT_TRUE(timeline.apply(liveAt(t, 0, hw::LiveListOffsets{0, -1})).ok());
    stepBefore(timeline, t += 1000);
    hw::LiveClientAction disconnect;
    disconnect.kind = hw::LiveClientAction::Kind::Disconnect;
    disconnect.atMs = t;
    ASSERT_TRUE(timeline.apply(disconnect).ok());
    stepBefore(timeline, t + 2000);

    const std::string json = hw::scenarioToJson(hw::recordSession(scenario, timeline));
    EXPECT_NE(json.find("\"value_hex\": \"c328\""), std::string::npos) << json.substr(json.size() - 3000);
    EXPECT_NE(json.find("\"key_hex\": \"ff0001\""), std::string::npos);
    EXPECT_NE(json.find("\"value\": null"), std::string::npos);
    EXPECT_EQ(replayRecording(scenario, timeline), dumpAll(timeline));
}
