// SPDX-License-Identifier: MIT
// Issue 10's memory goals: what a frame of history costs, across cluster sizes, and how many frames
// a simulated second makes. Each run: B brokers (3, 6, 12, 32), P partitions (1, 64, 1,024: topics
// of at most 64 partitions, the limit per topic) at RF min(3, B), one acks=all producer sending
// 10 records a second to the first topic, followers fetching on their own, for a fixed simulated
// duration. Bytes per frame come from the timeline's own accounting (Timeline::historyBytes) and
// from the growth of the process's resident set while the run was recorded.
//
//   build/bench/hw_bench_memory --benchmark_counters_tabular=true
//
// The same file builds against a Timeline without accounting (the code before issue 10), so that
// both can be measured on the same machine; the accounting counters are then -1.

#include "bench_support.h"

#include "model/rng.h"
#include "scenario/scenario.h"
#include "steady_cluster.h"

#include <benchmark/benchmark.h>

#include <malloc.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

constexpr hw::TimeMs simulatedMs = 10000;
constexpr int partitionsPerTopicMax = 64;

hw::ClusterSpec memorySpec(int brokers, int partitions)
{
    const int topics = std::max(1, partitions / partitionsPerTopicMax);
    const int perTopic = std::min(partitions, partitionsPerTopicMax);
    return hw::testsupport::steadyCluster("bench-memory", 11, brokers, topics, perTopic, 10, "steady");
}

// The accounting exists only in the Timeline of issue 10 and later; -1 before.
template <typename T> double accountedBytes(const T& timeline)
{
    if constexpr (requires { timeline.historyBytes(); })
        return static_cast<double>(timeline.historyBytes());
    else
        return -1;
}

template <typename T> double stateBytes(const T& timeline)
{
    // Unqualified, so that the name is looked up (by argument) only where it exists.
    if constexpr (requires { estimateStateBytes(timeline.head()); })
        return static_cast<double>(estimateStateBytes(timeline.head()));
    else
        return -1;
}

void BM_HistoryMemory(benchmark::State& state)
{
    const int brokers = static_cast<int>(state.range(0));
    const int partitions = static_cast<int>(state.range(1));
    double frames = 0;
    double accounted = 0;
    double rss = 0;
    double fullState = 0;
    double snapshots = 0;
    for (auto _ : state) {
        // Give back what earlier runs freed, so that this run's growth shows in the resident set.
        malloc_trim(0);
        const std::int64_t before = hw::bench::residentBytes();
        auto timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(memorySpec(brokers, partitions)));
        if (std::string error = hw::runAdvance(*timeline, simulatedMs); !error.empty())
            throw std::runtime_error(error);
        rss = static_cast<double>(hw::bench::residentBytes() - before);
        frames = static_cast<double>(timeline->frameCount());
        accounted = accountedBytes(*timeline);
        fullState = stateBytes(*timeline);
        snapshots = static_cast<double>(timeline->snapshotCount());
        state.PauseTiming();
        timeline.reset();
        state.ResumeTiming();
    }
    state.counters["frames"] = frames;
    state.counters["frames_per_sim_s"] = frames / (static_cast<double>(simulatedMs) / 1000.0);
    state.counters["bytes_per_frame"] = accounted < 0 ? -1 : accounted / frames;
    state.counters["rss_bytes_per_frame"] = rss / frames;
    state.counters["history_MiB"] = accounted < 0 ? -1 : accounted / (1024.0 * 1024.0);
    state.counters["rss_MiB"] = rss / (1024.0 * 1024.0);
    state.counters["rss_per_accounted"] = accounted <= 0 ? -1 : rss / accounted;
    state.counters["state_KiB"] = fullState < 0 ? -1 : fullState / 1024.0;
    state.counters["snapshots"] = snapshots;
}
BENCHMARK(BM_HistoryMemory)
    ->ArgNames({ "brokers", "partitions" })
    ->ArgsProduct({ { 3, 6, 12, 32 }, { 1, 64, 1024 } })
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// Scrubbing the largest cluster: rebuilding random frames of a 20-second run of 32 brokers and 1,024
// partitions, where snapshots are furthest apart.
void BM_RebuildRandomFrameLargest(benchmark::State& state)
{
    static const std::unique_ptr<hw::Timeline> timeline = [] {
        auto t = std::make_unique<hw::Timeline>(hw::Engine::createCluster(memorySpec(32, 1024)));
        if (std::string error = hw::runAdvance(*t, 20000); !error.empty())
            throw std::runtime_error(error);
        return t;
    }();
    hw::Rng rng(42);
    for (auto _ : state) {
        const auto frame = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(timeline->frameCount())));
        // Alternate ends of the run so the previous result is never a useful starting point.
        benchmark::DoNotOptimize(timeline->stateAt(frame));
        benchmark::DoNotOptimize(timeline->stateAt(timeline->frameCount() - 1 - frame));
    }
    state.SetItemsProcessed(state.iterations() * 2);
    state.counters["frames"] = static_cast<double>(timeline->frameCount());
    state.counters["snapshots"] = static_cast<double>(timeline->snapshotCount());
}
BENCHMARK(BM_RebuildRandomFrameLargest)->Unit(benchmark::kMillisecond);

} // namespace
