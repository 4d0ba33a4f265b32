// SPDX-License-Identifier: MIT
// Issue 10's memory goals: snapshots that cost what changed, spaced by the state's size, a history
// whose bytes are accounted and bounded by a named budget, and frame dumps without repeated records.

#include "model/limits.h"
#include "steady_cluster.h"
#include "scenario/builtin.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace {

using Json = nlohmann::ordered_json;

/// B brokers, `topics` topics of `perTopic` partitions at RF min(3, B), and a producer sending
/// `rate` records a second to the first topic.
hw::ClusterSpec steadySpec(int brokers, int topics, int perTopic, int rate = 10)
{
    return hw::testsupport::steadyCluster("memory", 3, brokers, topics, perTopic, rate, "p");
}

void advance(hw::Timeline& timeline, hw::TimeMs ms)
{
    const std::string error = hw::runAdvance(timeline, ms);
    ASSERT_EQ(error, "");
}

/// Replays the timeline's operations on a plain engine and checks every frame's rebuilt state.
void expectEveryFrameMatchesAPlainReplay(const hw::Timeline& timeline, const hw::ClusterState& initial)
{
    hw::Engine engine(initial);
    std::size_t op = 0;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        for (; static_cast<std::int64_t>(op) < timeline.frame(f).opEnd; ++op) {
            const std::int32_t code = timeline.operation(op);
            if (code == hw::Timeline::stepOperation)
                engine.step();
            else
                engine.apply(timeline.action(static_cast<std::size_t>(code)));
        }
        ASSERT_TRUE(timeline.stateAt(f) == engine.state()) << "frame " << f;
    }
}

// ---------------------------------------------------------------------------------------------
// Snapshots

TEST(Snapshots, ABigClusterIsRebuiltExactlyAtEveryFrame)
{
    const hw::ClusterState initial = hw::Engine::createCluster(steadySpec(12, 2, 64));
    hw::Timeline timeline(initial);
    advance(timeline, 3000);
    ASSERT_GT(timeline.snapshotCount(), 2u);
    expectEveryFrameMatchesAPlainReplay(timeline, initial);
}

TEST(Snapshots, RandomFramesOfABigClusterMatchTheLinearRebuild)
{
    hw::Timeline timeline(hw::Engine::createCluster(steadySpec(12, 4, 64)));
    advance(timeline, 4000);
    std::vector<hw::ClusterState> linear;
    for (std::int64_t f = 0; f < timeline.frameCount(); f += 97)
        linear.push_back(timeline.stateAt(f));
    hw::Rng rng(5);
    for (int i = 0; i < 60; ++i) {
        const std::size_t k = static_cast<std::size_t>(rng.below(linear.size()));
        EXPECT_TRUE(timeline.stateAt(static_cast<std::int64_t>(k) * 97) == linear[k]) << "frame " << k * 97;
    }
}

TEST(Snapshots, ASmallStateIsSnapshotEveryIntervalFrames)
{
    // Small: a single partition, and linger.ms 0 (the 3.x default), so that each record goes out at
    // once instead of waiting in the accumulator first, one frame fewer per record for the state to grow in.
    hw::ClusterSpec spec = steadySpec(3, 1, 1, 100);
    spec.config.lingerMs = 0;
    hw::Timeline timeline(hw::Engine::createCluster(spec));
    advance(timeline, 5000);
    const std::vector<std::int64_t> frames = timeline.snapshotFrames();
    ASSERT_GT(frames.size(), 3u);
    for (std::size_t i = 0; i < frames.size(); ++i)
        EXPECT_EQ(frames[i], static_cast<std::int64_t>(i) * hw::Timeline::minSnapshotInterval);
}

TEST(Snapshots, ALargeStateIsSnapshotFurtherApartBySize)
{
    hw::Timeline timeline(hw::Engine::createCluster(steadySpec(32, 16, 64)));
    advance(timeline, 3000);
    const std::size_t stateBytes = hw::estimateStateBytes(timeline.head());
    // 1,024 partitions at RF 3: megabytes of state, so thousands of frames between snapshots.
    ASSERT_GT(stateBytes, std::size_t { 1 } << 20);
    const std::vector<std::int64_t> frames = timeline.snapshotFrames();
    ASSERT_GE(frames.size(), 3u);
    // A frame adds its FrameInfo and an operation or two: a snapshot is due after about
    // ownBytes / snapshotGrowthDivisor of them, ownBytes being what the snapshot before held of its
    // own (the first: the whole state; later ones: the parts that changed, most of this cluster's
    // partitions, whose followers' fetch state moves).
    for (std::size_t i = 1; i < frames.size(); ++i) {
        const std::size_t ownBytes = timeline.snapshotOwnBytes(i - 1);
        EXPECT_GT(ownBytes, stateBytes / 2) << i;
        const double expected = static_cast<double>(ownBytes / hw::Timeline::snapshotGrowthDivisor)
            / static_cast<double>(sizeof(hw::FrameInfo) + sizeof(std::int32_t));
        const std::int64_t gap = frames[i] - frames[i - 1];
        EXPECT_GT(gap, 2000) << i;
        EXPECT_NEAR(static_cast<double>(gap), expected, expected / 5) << i;
    }
}

TEST(Snapshots, APerFrameCostDoesNotGrowWithTheCluster)
{
    // The history grows by what frames, operations and snapshots add; in steady state that is a few
    // hundred bytes a frame whether the cluster has 1 partition or 1,024 (before issue 10: 37 KB).
    for (const auto& [brokers, topics, perTopic] :
        std::vector<std::tuple<int, int, int>> { { 3, 1, 1 }, { 6, 1, 64 }, { 32, 16, 64 } }) {
        hw::Timeline timeline(hw::Engine::createCluster(steadySpec(brokers, topics, perTopic, 100)));
        advance(timeline, 1000);
        const std::uint64_t bytesBefore = timeline.historyBytes();
        const std::int64_t framesBefore = timeline.frameCount();
        advance(timeline, brokers == 32 ? 4000 : 60000);
        const double perFrame = static_cast<double>(timeline.historyBytes() - bytesBefore)
            / static_cast<double>(timeline.frameCount() - framesBefore);
        EXPECT_LT(perFrame, 600.0) << brokers << " brokers, " << topics * perTopic << " partitions";
        EXPECT_GT(perFrame, static_cast<double>(sizeof(hw::FrameInfo))) << brokers << " brokers";
    }
}

TEST(Snapshots, ForkingDropsTheLaterSnapshotsBytes)
{
    const hw::ClusterState initial = hw::Engine::createCluster(steadySpec(3, 1, 4, 50));
    hw::Timeline timeline(initial);
    advance(timeline, 2000);
    const std::int64_t middle = timeline.frameCount() / 2;
    // Forking drops the later frames and snapshots from the accounting, and the run goes on exactly.
    const std::uint64_t full = timeline.historyBytes();
    timeline.forkAt(middle);
    EXPECT_LT(timeline.historyBytes(), full);
    EXPECT_EQ(timeline.frameCount(), middle + 1);
    advance(timeline, 1000);
    expectEveryFrameMatchesAPlainReplay(timeline, initial);
}

// ---------------------------------------------------------------------------------------------
// The memory budget

TEST(MemoryBudget, TheDefaultIsTheNamedLimit)
{
    hw::Timeline timeline(hw::Engine::createCluster(steadySpec(3, 1, 1)));
    EXPECT_EQ(timeline.memoryBudget(), hw::limits::historyBytesDefault);
    EXPECT_EQ(hw::limits::historyBytesDefault, std::uint64_t { 4 } << 30);
    EXPECT_FALSE(timeline.atMemoryBudget());
    EXPECT_GT(timeline.historyBytes(), 0u);
}

TEST(MemoryBudget, OutsideItsRangeIsRefused)
{
    hw::Timeline timeline(hw::Engine::createCluster(steadySpec(3, 1, 1)));
    EXPECT_THROW(timeline.setMemoryBudget(hw::limits::historyBytesMin - 1), std::invalid_argument);
    EXPECT_THROW(timeline.setMemoryBudget(hw::limits::historyBytesMax + 1), std::invalid_argument);
    timeline.setMemoryBudget(hw::limits::historyBytesMin);
    EXPECT_EQ(timeline.memoryBudget(), hw::limits::historyBytesMin);
}

struct BudgetRun {
    std::int64_t frames = 0;
    std::string message;
    std::uint64_t bytesAtLastFrame = 0;
};

BudgetRun runToBudget(std::uint64_t budget)
{
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "budget", "title": {"en": "budget"},
        "cluster": {"brokers": 3}, "topics": [{"name": "t", "partitions": 8, "replication.factor": 3}],
        "producers": [{"id": "p", "rate_per_s": 200, "topic": "t"}],
        "steps": [{"advance": {"ms": 1000}}, {"advance": {"ms": 600000}}]})",
        "budget.json");
    const auto& scenario = std::get<hw::Scenario>(parsed);
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    timeline.setMemoryBudget(budget);
    const std::optional<hw::ScenarioError> error = hw::runScenario(scenario, timeline);
    BudgetRun out;
    out.frames = timeline.frameCount();
    out.message = error ? error->toString() : std::string();
    out.bytesAtLastFrame = timeline.historyBytes();
    // The timeline stays usable: every frame rebuilds, and it refuses to grow.
    EXPECT_TRUE(timeline.atMemoryBudget());
    EXPECT_NO_THROW(timeline.stateAt(timeline.frameCount() - 1));
    EXPECT_NO_THROW(timeline.stateAt(timeline.frameCount() / 2));
    EXPECT_THROW(timeline.step(), hw::MemoryBudgetReached);
    EXPECT_THROW(timeline.apply(hw::AdvanceAction { timeline.head().nowMs + 1 }), hw::MemoryBudgetReached);
    EXPECT_EQ(timeline.frameCount(), out.frames) << "a refused operation adds no frame";
    return out;
}

TEST(MemoryBudget, ARunStopsWithTheMessageAtADeterministicFrame)
{
    const std::uint64_t budget = std::uint64_t { 8 } << 20;
    const BudgetRun first = runToBudget(budget);
    const BudgetRun second = runToBudget(budget);
    EXPECT_EQ(first.frames, second.frames);
    EXPECT_EQ(first.message, second.message);
    EXPECT_GE(first.bytesAtLastFrame, budget);
    // The frame reached, its time and the budget, at the step that was cut short.
    auto parsedTime = first.message.find("s simulated");
    ASSERT_NE(parsedTime, std::string::npos) << first.message;
    EXPECT_EQ(
        first.message.rfind(
            "budget.json: /steps/1/advance: the run stopped at frame " + std::to_string(first.frames - 1) + " (", 0),
        0u)
        << first.message;
    EXPECT_NE(first.message.find("its history reached the memory budget of 8 MiB"), std::string::npos) << first.message;
}

TEST(MemoryBudget, TheFrameBeforeTheLastWasStillWithinTheBudget)
{
    // Budget accounting is per frame: the run stops right after the first frame at the budget.
    const std::uint64_t budget = std::uint64_t { 6 } << 20;
    const BudgetRun run = runToBudget(budget);
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "budget", "title": {"en": "budget"},
        "cluster": {"brokers": 3}, "topics": [{"name": "t", "partitions": 8, "replication.factor": 3}],
        "producers": [{"id": "p", "rate_per_s": 200, "topic": "t"}],
        "steps": [{"advance": {"ms": 1000}}, {"advance": {"ms": 600000}}]})",
        "budget.json");
    const auto& scenario = std::get<hw::Scenario>(parsed);
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    timeline.setMemoryBudget(hw::limits::historyBytesMax);
    while (timeline.frameCount() < run.frames - 1)
        timeline.step();
    EXPECT_LT(timeline.historyBytes(), budget);
}

TEST(MemoryBudget, ABiggerBudgetGoesFurther)
{
    const BudgetRun small = runToBudget(std::uint64_t { 4 } << 20);
    const BudgetRun bigger = runToBudget(std::uint64_t { 16 } << 20);
    EXPECT_GT(bigger.frames, small.frames * 2);
}

TEST(ByteSizes, ParseAndFormat)
{
    EXPECT_EQ(hw::parseByteSize("4GiB"), std::uint64_t { 4 } << 30);
    EXPECT_EQ(hw::parseByteSize("512MiB"), std::uint64_t { 512 } << 20);
    EXPECT_EQ(hw::parseByteSize("64 KiB"), std::uint64_t { 64 } << 10);
    EXPECT_EQ(hw::parseByteSize("1TiB"), std::uint64_t { 1 } << 40);
    EXPECT_EQ(hw::parseByteSize("2GB"), std::uint64_t { 2000000000 });
    EXPECT_EQ(hw::parseByteSize("1048576"), std::uint64_t { 1048576 });
    EXPECT_EQ(hw::parseByteSize("100B"), std::uint64_t { 100 });
    for (const char* bad :
        { "", "GiB", "4 gib", "-1MiB", "1.5GiB", "0", "0MiB", "4GiBs", "99999999999999999999", "9000000000TiB" })
        EXPECT_EQ(hw::parseByteSize(bad), std::nullopt) << bad;
    EXPECT_EQ(hw::formatByteSize(std::uint64_t { 4 } << 30), "4 GiB");
    EXPECT_EQ(hw::formatByteSize(std::uint64_t { 512 } << 20), "512 MiB");
    EXPECT_EQ(hw::formatByteSize((std::uint64_t { 3 } << 29)), "1.5 GiB");
    EXPECT_EQ(hw::formatByteSize(1000), "1000 bytes");
    EXPECT_EQ(hw::formatByteSize(1), "1 byte");
}

// ---------------------------------------------------------------------------------------------
// Frame dumps: --records all|new|none

hw::Timeline playBuiltin(const std::string& name)
{
    auto loaded = hw::loadScenario("builtin:" + name);
    auto played = hw::playScenario(std::get<hw::Scenario>(loaded));
    return std::move(std::get<hw::Timeline>(played));
}

/// Rebuilds each frame's full record lists from a `new` dump and compares them with the `all` dump.
void expectNewDumpRebuildsAllRecords(const std::string& scenario)
{
    const hw::Timeline timeline = playBuiltin(scenario);
    std::optional<hw::ClusterState> previous;
    std::vector<std::vector<Json>> replicas; // [partition * 8 + replica] -> records so far
    std::vector<Json> sends; // per producer: sends by seq
    std::vector<Json> received; // per consumer
    std::size_t newBytes = 0;
    std::size_t allBytes = 0;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::ClusterState state = timeline.stateAt(f);
        const Json all = hw::frameToJson(timeline, f, state);
        const Json delta = hw::frameToJson(
            timeline, f, state, hw::RecordsDump { hw::RecordsMode::New, previous ? &*previous : nullptr });
        newBytes += delta.dump().size();
        allBytes += all.dump().size();
        const Json& parts = delta["partitions"];
        replicas.resize(parts.size());
        for (std::size_t p = 0; p < parts.size(); ++p) {
            const Json& states = parts[p]["replica_states"];
            replicas[p].resize(states.size());
            for (std::size_t r = 0; r < states.size(); ++r) {
                const Json& rs = states[r];
                Json& known = replicas[p][r];
                if (known.is_null())
                    known = Json::array();
                const std::int64_t from = rs["records_from"];
                const std::int64_t logStart = rs["log_start"];
                // Keep the records in [log_start, records_from) from before, then append the new ones.
                Json rebuilt = Json::array();
                for (const Json& rec : known) {
                    const std::int64_t offset = rec["offset"];
                    if (offset >= logStart && offset < from)
                        rebuilt.push_back(rec);
                }
                for (const Json& rec : rs["records"])
                    rebuilt.push_back(rec);
                known = rebuilt;
                ASSERT_EQ(known, all["partitions"][p]["replica_states"][r]["records"])
                    << scenario << " frame " << f << " partition " << p << " replica " << r;
            }
        }
        const Json& producers = delta["producers"];
        sends.resize(producers.size(), Json::object());
        for (std::size_t p = 0; p < producers.size(); ++p) {
            for (const Json& send : producers[p]["sends"])
                sends[p][std::to_string(send["seq"].get<std::int64_t>())] = send;
            Json expected = Json::object();
            for (const Json& send : all["producers"][p]["sends"])
                expected[std::to_string(send["seq"].get<std::int64_t>())] = send;
            ASSERT_EQ(sends[p].size(), expected.size()) << scenario << " frame " << f;
            for (const auto& [seq, send] : expected.items())
                ASSERT_EQ(sends[p][seq], send) << scenario << " frame " << f << " seq " << seq;
        }
        const Json& consumers = delta["consumers"];
        received.resize(consumers.size(), Json::array());
        for (std::size_t c = 0; c < consumers.size(); ++c) {
            const std::size_t from = consumers[c]["received_from"];
            Json rebuilt = Json::array();
            for (std::size_t i = 0; i < from; ++i)
                rebuilt.push_back(received[c][i]);
            for (const Json& r : consumers[c]["received"])
                rebuilt.push_back(r);
            received[c] = rebuilt;
            ASSERT_EQ(received[c], all["consumers"][c]["received"]) << scenario << " frame " << f;
        }
        // Apart from the record lists and their starting points, the frames are the same.
        Json stripped = delta;
        for (Json& part : stripped["partitions"])
            for (Json& rs : part["replica_states"]) {
                rs.erase("records_from");
                rs["records"] = nullptr;
            }
        for (Json& producer : stripped["producers"])
            producer["sends"] = nullptr;
        for (Json& consumer : stripped["consumers"]) {
            consumer.erase("received_from");
            consumer["received"] = nullptr;
        }
        Json allStripped = all;
        for (Json& part : allStripped["partitions"])
            for (Json& rs : part["replica_states"])
                rs["records"] = nullptr;
        for (Json& producer : allStripped["producers"])
            producer["sends"] = nullptr;
        for (Json& consumer : allStripped["consumers"])
            consumer["received"] = nullptr;
        ASSERT_EQ(stripped, allStripped) << scenario << " frame " << f;
        previous = state;
    }
    EXPECT_LT(newBytes, allBytes) << scenario;
}

TEST(RecordsDump, NewRebuildsTheWalkthroughsRecords)
{
    expectNewDumpRebuildsAllRecords("leo-hw-walkthrough");
}

TEST(RecordsDump, NewRebuildsRecordsThroughTruncations)
{
    // Logs truncated and rewritten (KIP-101, an unclean election): the changed offsets are sent again.
    expectNewDumpRebuildsAllRecords("kip-101-truncation");
    expectNewDumpRebuildsAllRecords("unclean-election");
}

TEST(RecordsDump, NewRebuildsWhatConsumersReceived)
{
    expectNewDumpRebuildsAllRecords("consumer-group-basics");
}

TEST(RecordsDump, AllIsTheDefault)
{
    const hw::Timeline timeline = playBuiltin("leo-hw-walkthrough");
    for (std::int64_t f = 0; f < timeline.frameCount(); f += 5) {
        const hw::ClusterState state = timeline.stateAt(f);
        EXPECT_EQ(hw::frameToJson(timeline, f, state).dump(),
            hw::frameToJson(timeline, f, state, hw::RecordsDump { hw::RecordsMode::All, nullptr }).dump());
    }
}

TEST(RecordsDump, NoneHasNoRecordListsButEveryOffset)
{
    const hw::Timeline timeline = playBuiltin("consumer-group-basics");
    const std::int64_t last = timeline.frameCount() - 1;
    const hw::ClusterState state = timeline.stateAt(last);
    const Json all = hw::frameToJson(timeline, last, state);
    const Json none = hw::frameToJson(timeline, last, state, hw::RecordsDump { hw::RecordsMode::None, nullptr });
    ASSERT_EQ(none["partitions"].size(), all["partitions"].size());
    for (std::size_t p = 0; p < all["partitions"].size(); ++p) {
        EXPECT_EQ(none["partitions"][p]["hw"], all["partitions"][p]["hw"]);
        for (std::size_t r = 0; r < all["partitions"][p]["replica_states"].size(); ++r) {
            const Json& rs = none["partitions"][p]["replica_states"][r];
            EXPECT_FALSE(rs.contains("records"));
            EXPECT_EQ(rs["leo"], all["partitions"][p]["replica_states"][r]["leo"]);
            EXPECT_EQ(rs["hw"], all["partitions"][p]["replica_states"][r]["hw"]);
            EXPECT_EQ(rs["log_start"], all["partitions"][p]["replica_states"][r]["log_start"]);
        }
    }
    for (const Json& producer : none["producers"])
        EXPECT_FALSE(producer.contains("sends"));
    ASSERT_FALSE(none["consumers"].empty());
    for (const Json& consumer : none["consumers"]) {
        EXPECT_FALSE(consumer.contains("received"));
        EXPECT_TRUE(consumer.contains("positions"));
    }
}

TEST(RecordsDump, ModesAreParsedByName)
{
    EXPECT_EQ(hw::parseRecordsMode("all"), hw::RecordsMode::All);
    EXPECT_EQ(hw::parseRecordsMode("new"), hw::RecordsMode::New);
    EXPECT_EQ(hw::parseRecordsMode("none"), hw::RecordsMode::None);
    EXPECT_EQ(hw::parseRecordsMode("All"), std::nullopt);
    EXPECT_EQ(hw::parseRecordsMode(""), std::nullopt);
}

} // namespace
