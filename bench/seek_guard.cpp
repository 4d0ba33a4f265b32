// SPDX-License-Identifier: MIT
// The seek guard (issue 26): a random seek in a long run must not become slower again unseen, as it
// did when every operation of the idempotent producer looked at every open batch (11 times slower).
// A ctest test of the optimised build (it is not built with the sanitizers, whose costs are not the
// program's). Times on a shared machine vary, so the guard compares two costs measured in the same
// run, interleaved: a random seek (two frames at opposite ends, as hw_bench_timeline measures it) of
// the benchmark's 120,000-frame run, whose producer outpaces its brokers and piles up a backlog of
// thousands of batches, against the replay of operations of a reference run of the same cluster whose
// producer the brokers keep up with, from a fresh copy of its state. What grows with the history or
// the backlog (a scan of the open batches, snapshots further apart, a copy of what snapshots share)
// raises the first and not the second; a slower or busier machine raises both.

#include "bench_support.h"

#include "model/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <ctime>
#include <iostream>
#include <memory>
#include <vector>

namespace {

/// A seek (two frames) costs this many reference operations at most. Measured when the guard was
/// written: 280 to 335 on the shared 2-core machine the issue was fixed on; twice that fails. (At
/// c1b8fe3, where every operation of the producer scanned its whole backlog: about 1,200.)
constexpr double seekCostInReferenceOperationsMax = 600;

/// The history bytes a frame may hold at most (issue 26: 2 KiB at 100,000 frames), from the
/// timeline's own accounting, which depends on the run alone.
constexpr double historyBytesPerFrameMax = 2048;

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

const hw::Timeline& loadRun()
{
    static const std::unique_ptr<hw::Timeline> timeline = [] {
        auto t = std::make_unique<hw::Timeline>(hw::Engine::createCluster(hw::bench::loadSpec()));
        hw::bench::runLoad(*t, 15000, 100);
        return t;
    }();
    return *timeline;
}

/// The reference: the same cluster and producer, a batch of 100 records every 10 simulated ms, which
/// the brokers keep up with.
const hw::Timeline& referenceRun()
{
    static const std::unique_ptr<hw::Timeline> timeline = [] {
        auto t = std::make_unique<hw::Timeline>(hw::Engine::createCluster(hw::bench::loadSpec()));
        hw::bench::runLoad(*t, 600, 100, 10);
        return t;
    }();
    return *timeline;
}

TEST(SeekGuard, ARandomSeekCostsAtMostTwiceWhatItDidAgainstReferenceOperations)
{
    const hw::Timeline& timeline = loadRun();
    ASSERT_GT(timeline.frameCount(), 100000);

    // Reference operations: 2,000 of them from frame 1,000 of the reference run (past the producer's
    // start), replayed on a copy of that frame's state the way the timeline replays them.
    const hw::Timeline& reference = referenceRun();
    constexpr std::int64_t referenceFrame = 1000;
    constexpr std::int64_t referenceOperations = 2000;
    const hw::ClusterState first = reference.stateAt(referenceFrame);
    const auto firstOp = static_cast<std::size_t>(reference.frame(referenceFrame).opEnd);
    ASSERT_LT(firstOp + referenceOperations, reference.operationCount());
    std::vector<hw::Action> actions;
    for (std::size_t i = 0; i < reference.actionCount(); ++i)
        actions.push_back(reference.action(i));
    // The premise: nothing piles up in the reference run, so its operations cost the same however far
    // into a run they are.
    std::int64_t mostOpen = 0;
    auto replayReference = [&] {
        hw::Engine engine(first);
        for (std::size_t op = firstOp; op < firstOp + referenceOperations; ++op) {
            const std::int32_t code = reference.operation(op);
            if (code == hw::Timeline::stepOperation)
                engine.step();
            else
                engine.apply(actions[static_cast<std::size_t>(code)]);
            const hw::Producer& producer = engine.state().producers[0];
            mostOpen = std::max(mostOpen, static_cast<std::int64_t>(producer.batches.size()) - producer.firstOpenBatch);
        }
        return engine.state().nowMs;
    };
    replayReference();
    ASSERT_LE(mostOpen, 8) << "the reference run's producer is not kept up with";

    constexpr int seeksPerRound = 20;
    hw::Rng rng(42);
    auto seek = [&] {
        const auto frame = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(timeline.frameCount())));
        const hw::ClusterState a = timeline.stateAt(frame);
        const hw::ClusterState b = timeline.stateAt(timeline.frameCount() - 1 - frame);
        return a.nowMs + b.nowMs;
    };

    std::vector<double> perOperation;
    std::vector<double> perSeek;
    std::int64_t sink = 0;
    for (int round = 0; round < 15; ++round) {
        double start = threadCpuSeconds();
        sink += replayReference();
        perOperation.push_back((threadCpuSeconds() - start) / referenceOperations);
        start = threadCpuSeconds();
        for (int i = 0; i < seeksPerRound; ++i)
            sink += seek();
        perSeek.push_back((threadCpuSeconds() - start) / seeksPerRound);
    }
    ASSERT_GT(sink, 0);
    const double operationUs = median(perOperation) * 1e6;
    const double seekUs = median(perSeek) * 1e6;
    const double ratio = seekUs / operationUs;
    std::cout << "[ seek     ] a random seek (two frames) of " << timeline.frameCount() << " frames: " << seekUs
              << " us of CPU; a reference operation: " << operationUs << " us; the seek costs " << ratio
              << " reference operations (at most " << seekCostInReferenceOperationsMax << ")\n";
    EXPECT_LE(ratio, seekCostInReferenceOperationsMax)
        << "A RANDOM SEEK GOT SLOWER: it costs " << ratio << " reference operations, more than twice what it did ("
        << seekCostInReferenceOperationsMax << " allowed). Something grows with the history again: a scan over "
        << "every open batch or every record, snapshots further apart, or a copy of what snapshots share. "
        << "Profile hw_bench_timeline's BM_ReconstructRandomFrame (docs/ARCHITECTURE.md, The timeline).";
}

TEST(SeekGuard, TheHistoryHoldsAtMostTwoKibibytesAFrame)
{
    const hw::Timeline& timeline = loadRun();
    const double perFrame = static_cast<double>(timeline.historyBytes()) / static_cast<double>(timeline.frameCount());
    std::cout << "[ memory   ] " << timeline.frameCount() << " frames: " << perFrame << " history bytes a frame\n";
    EXPECT_LE(perFrame, historyBytesPerFrameMax) << "the history of the benchmark's run holds " << perFrame
                                                 << " bytes a frame, more than " << historyBytesPerFrameMax;
}

} // namespace
