// SPDX-License-Identifier: MIT
// Issue 2's timeline goals: in a run of at least 100,000 frames, rebuilding any frame's full state
// takes under 5 ms, and the whole history stays under 512 MB.

#include "bench_support.h"

#include "model/rng.h"

#include <benchmark/benchmark.h>

#include <memory>

namespace {

struct History {
    std::unique_ptr<hw::Timeline> timeline;
    std::int64_t historyBytes = 0;
};

/// A run of the load cluster long enough for 100,000+ frames, built once for all benchmarks.
History& history()
{
    static History h = [] {
        History out;
        const std::int64_t before = hw::bench::residentBytes();
        out.timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(hw::bench::loadSpec()));
        // 15,000 batches of 100 records give about 105,000 frames.
        hw::bench::runLoad(*out.timeline, 15000, 100);
        out.historyBytes = hw::bench::residentBytes() - before;
        return out;
    }();
    return h;
}

void reportHistory(benchmark::State& state)
{
    const History& h = history();
    state.counters["frames"] = static_cast<double>(h.timeline->frameCount());
    state.counters["history_MiB"] = static_cast<double>(h.historyBytes) / (1024.0 * 1024.0);
    state.counters["bytes_per_frame"] =
        static_cast<double>(h.historyBytes) / static_cast<double>(h.timeline->frameCount());
}

// Random access: the frame is anywhere in the run, the cache never helps.
void BM_ReconstructRandomFrame(benchmark::State& state)
{
    const hw::Timeline& timeline = *history().timeline;
    hw::Rng rng(42);
    for (auto _ : state) {
        const auto frame = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(timeline.frameCount())));
        // Alternate ends of the run so the previous result is never a useful starting point.
        benchmark::DoNotOptimize(timeline.stateAt(frame));
        benchmark::DoNotOptimize(timeline.stateAt(timeline.frameCount() - 1 - frame));
    }
    state.SetItemsProcessed(state.iterations() * 2);
    reportHistory(state);
}
BENCHMARK(BM_ReconstructRandomFrame)->Unit(benchmark::kMicrosecond);

// The worst case: the frame just before a snapshot (the timeline snapshots every 64th frame), so
// the most operations are replayed.
void BM_ReconstructWorstFrame(benchmark::State& state)
{
    const hw::Timeline& timeline = *history().timeline;
    const std::int64_t worst = timeline.frameCount() / 2 / 64 * 64 + 63;
    std::int64_t toggle = 0;
    for (auto _ : state) {
        // Seek away first so the cache cannot shortcut the worst frame.
        benchmark::DoNotOptimize(timeline.stateAt(++toggle % 2 ? 0 : 1));
        benchmark::DoNotOptimize(timeline.stateAt(worst));
    }
    state.counters["ops_replayed"] = static_cast<double>(timeline.frame(worst).opEnd - timeline.frame(worst - 63).opEnd);
    reportHistory(state);
}
BENCHMARK(BM_ReconstructWorstFrame)->Unit(benchmark::kMicrosecond);

// Scrubbing forwards one frame at a time (the timeline slider dragged slowly).
void BM_StepForwardOneFrame(benchmark::State& state)
{
    const hw::Timeline& timeline = *history().timeline;
    std::int64_t frame = 1;
    for (auto _ : state) {
        benchmark::DoNotOptimize(timeline.stateAt(frame));
        frame = frame + 1 < timeline.frameCount() ? frame + 1 : 1;
    }
    reportHistory(state);
}
BENCHMARK(BM_StepForwardOneFrame)->Unit(benchmark::kMicrosecond);

} // namespace
