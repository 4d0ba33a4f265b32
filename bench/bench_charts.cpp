// SPDX-License-Identifier: MIT
// The Charts dock over a long run (issue 6): about 100,000 frames of a 12-partition cluster with a
// steady producer, a consumer group, and a broker that crashes and comes back.
//
//   build/bench/hw_bench_charts --benchmark_counters_tabular=true
//
// CollectSamples: the whole run as the GUI makes it, with the charts' numbers collected as each frame
// is made; collect_ns_per_frame is the part spent collecting (RunMetrics::record).
// DownsampleDenseSeries: one series changing on every one of 100,000 frames, reduced to 1920 columns.
// RedrawAllPages: every chart's series rebuilt from the numbers (downsampled to a 1920-pixel-wide
// chart and handed over with replace()), as after new frames arrive.
// RedrawAndPaint: the same for the partition page, then its two charts painted.
// FrameChange: showing another frame with the charts visible: the frame's state, the moved
// current-frame lines, and the repaint of the partition charts. FrameChangeWithoutCharts is the same
// step without the dock, for comparison.

#include "control/session.h"
#include "control/simcontroller.h"
#include "panels/chartdata.h"
#include "panels/chartspanel.h"
#include "scenario/scenario.h"
#include "timeline/metrics.h"
#include "timeline/timeline.h"

#include <QApplication>
#include <QChart>
#include <QLineSeries>

#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>

namespace {

const char* const longRunJson = R"({"format": "highwater/1", "name": "charts-bench", "seed": 7,
 "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "load", "partitions": 12, "replication.factor": 3}],
 "producers": [{"id": "p1", "acks": "all", "rate_per_s": 500, "topic": "load"}],
 "consumers": [{"id": "c1", "group": "readers", "subscribe": ["load"], "auto.offset.reset": "earliest"}],
 "steps": [{"advance": {"ms": 13000}}, {"kill": {"broker": 1}}, {"advance": {"ms": 13000}},
           {"restart": {"broker": 1}}, {"advance": {"ms": 13000}}]})";

/// The chart width of the benchmarks: a full-HD screen.
constexpr int chartWidth = 1920;
constexpr int chartHeight = 1080;

hw::Scenario longRun()
{
    auto parsed = hw::parseScenario(longRunJson, "charts-bench");
    return std::get<hw::Scenario>(std::move(parsed));
}

struct Fixture {
    std::unique_ptr<hw::ui::SimController> controller;
    std::unique_ptr<hw::ui::ChartsPanel> panel;

    Fixture()
    {
        controller = std::make_unique<hw::ui::SimController>();
        controller->openParsedScenario(longRun(), QStringLiteral("charts-bench"));
        panel = std::make_unique<hw::ui::ChartsPanel>(controller.get());
        panel->resize(chartWidth, chartHeight);
        panel->show();
        QApplication::processEvents();
        panel->refresh();
    }
};

Fixture& fixture()
{
    static Fixture f;
    return f;
}

std::int64_t changePoints(const hw::RunMetrics& m)
{
    std::int64_t n = 0;
    for (const hw::PartitionMetrics& p : m.partitions()) {
        for (const hw::StepSeries& s : p.leo)
            n += static_cast<std::int64_t>(s.size());
        n += static_cast<std::int64_t>(p.hw.size() + p.isrSize.size());
    }
    for (const hw::GroupMetrics& g : m.groups()) {
        for (const hw::GroupPartitionLag& l : g.partitions)
            n += static_cast<std::int64_t>(l.lag.size());
        n += static_cast<std::int64_t>(g.totalLag.size());
    }
    for (const hw::ProducerMetrics& p : m.producers())
        n += static_cast<std::int64_t>(p.acked.size() + p.failed.size());
    return n;
}

void BM_CollectSamples(benchmark::State& state)
{
    const hw::Scenario scenario = longRun();
    std::int64_t frames = 0;
    std::int64_t points = 0;
    double collectNs = 0;
    for (auto _ : state) {
        hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
        hw::RunMetrics metrics;
        metrics.reset(timeline.head());
        double spent = 0;
        timeline.setObserver([&](const hw::ClusterState& s, const hw::FrameInfo&) {
            const auto start = std::chrono::steady_clock::now();
            metrics.record(s);
            spent += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
        });
        hw::runScenario(scenario, timeline);
        frames = timeline.frameCount();
        points = changePoints(metrics);
        collectNs = spent;
        benchmark::DoNotOptimize(metrics);
    }
    state.counters["frames"] = static_cast<double>(frames);
    state.counters["change_points"] = static_cast<double>(points);
    state.counters["collect_ms_total"] = collectNs / 1e6;
    state.counters["collect_ns_per_frame"] = collectNs / static_cast<double>(frames);
}
BENCHMARK(BM_CollectSamples)->Unit(benchmark::kMillisecond)->Iterations(2);

// The pure reduction of one dense series: a value that changes on each of 100,000 frames, drawn
// 1920 pixels wide (the charts' worst case: every column holds about 50 changes).
void BM_DownsampleDenseSeries(benchmark::State& state)
{
    constexpr int changes = 100000;
    QList<QPointF> input;
    input.reserve(changes);
    std::uint64_t x = 12345;
    for (int i = 0; i < changes; ++i) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        input.append(QPointF(i, static_cast<double>(x >> 54)));
    }
    QList<QPointF> out;
    for (auto _ : state) {
        hw::ui::chartdata::downsampleSteps(input, 0, changes, changes, chartWidth, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["changes"] = changes;
    state.counters["points_out"] = static_cast<double>(out.size());
}
BENCHMARK(BM_DownsampleDenseSeries)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_RedrawAllPages(benchmark::State& state)
{
    Fixture& f = fixture();
    for (auto _ : state)
        f.panel->refresh();
    qsizetype points = 0;
    for (const QLineSeries* s : f.panel->replicationLines())
        points += s->count();
    state.counters["frames"] = static_cast<double>(f.controller->frameCount());
    state.counters["plot_width"] = f.panel->replicationView()->chart()->plotArea().width();
    state.counters["points_partition_page"] = static_cast<double>(points);
}
BENCHMARK(BM_RedrawAllPages)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_RedrawAndPaint(benchmark::State& state)
{
    Fixture& f = fixture();
    f.panel->setPage(hw::ui::ChartsPanel::PartitionPage);
    for (auto _ : state) {
        f.panel->refresh();
        f.panel->replicationView()->viewport()->repaint();
        f.panel->isrView()->viewport()->repaint();
    }
}
BENCHMARK(BM_RedrawAndPaint)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_FrameChange(benchmark::State& state)
{
    Fixture& f = fixture();
    f.panel->setPage(hw::ui::ChartsPanel::PartitionPage);
    const std::int64_t count = f.controller->frameCount();
    std::int64_t frame = count / 3;
    for (auto _ : state) {
        f.controller->setCurrentFrame(frame);
        f.panel->replicationView()->viewport()->repaint();
        f.panel->isrView()->viewport()->repaint();
        frame = (frame + 997) % count;
    }
}
BENCHMARK(BM_FrameChange)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_FrameChangeWithoutCharts(benchmark::State& state)
{
    Fixture& f = fixture();
    hw::ui::SimController bare;
    bare.openParsedScenario(longRun(), QStringLiteral("charts-bench"));
    const std::int64_t count = bare.frameCount();
    std::int64_t frame = count / 3;
    for (auto _ : state) {
        bare.setCurrentFrame(frame);
        frame = (frame + 997) % count;
    }
    benchmark::DoNotOptimize(f);
}
BENCHMARK(BM_FrameChangeWithoutCharts)->Unit(benchmark::kMillisecond)->MinTime(2.0);

} // namespace
