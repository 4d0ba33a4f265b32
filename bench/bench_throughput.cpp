// SPDX-License-Identifier: MIT
// Issue 2's throughput goal: automatic mode, 3 brokers, 12 partitions at RF 3, 1,000,000 records in
// batches of 100 with acks=all, every frame recorded. Target: >= 1,000,000 records replicated per
// second of wall time on one core.

#include "bench_support.h"

#include <benchmark/benchmark.h>

namespace {

void BM_ReplicateRecords(benchmark::State& state)
{
    const std::int64_t records = state.range(0);
    constexpr int batchSize = 100;
    std::int64_t frames = 0;
    std::int64_t historyBytes = 0;
    for (auto _ : state) {
        const std::int64_t before = hw::bench::residentBytes();
        hw::Timeline timeline(hw::Engine::createCluster(hw::bench::loadSpec()));
        benchmark::DoNotOptimize(hw::bench::runLoad(timeline, records / batchSize, batchSize));
        frames = timeline.frameCount();
        historyBytes = hw::bench::residentBytes() - before;
        state.PauseTiming();
        { hw::Timeline discard = std::move(timeline); }
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * records);
    state.counters["records_per_s"] = benchmark::Counter(static_cast<double>(records * state.iterations()),
                                                         benchmark::Counter::kIsRate);
    state.counters["frames"] = static_cast<double>(frames);
    state.counters["frames_per_s"] =
        benchmark::Counter(static_cast<double>(frames * state.iterations()), benchmark::Counter::kIsRate);
    state.counters["history_MiB"] = static_cast<double>(historyBytes) / (1024.0 * 1024.0);
}

BENCHMARK(BM_ReplicateRecords)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace
