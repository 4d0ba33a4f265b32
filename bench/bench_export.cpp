// SPDX-License-Identifier: MIT
// Export speed (issue 6): an animated GIF of 200 frames at 1280x720 of the seed walkthrough (its 60
// frames looped), as `highwater-cli export --format gif` and File > Export Animation make it, and
// single frames as PNG and as PDF pages. Offscreen platform, Release build:
//
//   build/bench/hw_bench_export --benchmark_counters_tabular=true
//
// GifExport200Frames covers everything: each frame's state from the timeline, the scene rebuilt,
// drawn, reduced to the GIF's palette, LZW-encoded by giflib, and the file written with QSaveFile.
// Real time is the wall-clock time of one whole export; CPU time is this process's.

#include "export/exporter.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <QApplication>
#include <QFileInfo>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <memory>

namespace {

constexpr std::int64_t gifFrames = 200;
const QSize gifSize(1280, 720);

struct Fixture {
    hw::Scenario scenario;
    std::unique_ptr<hw::Timeline> timeline;
    QTemporaryDir dir;

    Fixture()
    {
        scenario = std::get<hw::Scenario>(hw::loadScenario("builtin:leo-hw-walkthrough"));
        timeline = std::make_unique<hw::Timeline>(std::get<hw::Timeline>(hw::playScenario(scenario)));
    }

    /// n frames: the walkthrough's frames in order, from the start again when they run out.
    std::vector<std::int64_t> frames(std::int64_t n) const
    {
        std::vector<std::int64_t> list;
        for (std::int64_t i = 0; i < n; ++i)
            list.push_back(i % timeline->frameCount());
        return list;
    }
};

Fixture& fixture()
{
    static Fixture f;
    return f;
}

hw::ui::ExportSettings settings(hw::ui::ExportFormat format)
{
    hw::ui::ExportSettings s;
    s.format = format;
    s.size = gifSize;
    s.view = hw::ui::FrameScene::ViewKind::Partition;
    return s;
}

void run(benchmark::State& state, hw::ui::ExportFormat format, std::int64_t count, const QString& name)
{
    Fixture& f = fixture();
    const std::vector<std::int64_t> frames = f.frames(count);
    const QString path = f.dir.filePath(name);
    qint64 bytes = 0;
    for (auto _ : state) {
        const hw::ui::ExportResult result
            = hw::ui::Exporter::exportFrames(*f.timeline, f.scenario, frames, settings(format), path);
        if (!result.ok()) {
            state.SkipWithError(result.error.toStdString().c_str());
            return;
        }
        bytes = result.bytes;
    }
    state.counters["frames"] = static_cast<double>(count);
    state.counters["bytes"] = static_cast<double>(bytes);
    state.counters["frames_per_s"]
        = benchmark::Counter(static_cast<double>(count), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["width"] = gifSize.width();
    state.counters["height"] = gifSize.height();
}

void BM_GifExport200Frames(benchmark::State& state)
{
    run(state, hw::ui::ExportFormat::Gif, gifFrames, QStringLiteral("bench.gif"));
}
BENCHMARK(BM_GifExport200Frames)->Unit(benchmark::kSecond)->Iterations(3)->UseRealTime();

void BM_PngFrame(benchmark::State& state)
{
    run(state, hw::ui::ExportFormat::Png, 1, QStringLiteral("bench.png"));
}
BENCHMARK(BM_PngFrame)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();

void BM_PdfHandout4Pages(benchmark::State& state)
{
    Fixture& f = fixture();
    const std::vector<std::int64_t> checkpoints = hw::ui::Exporter::checkpointFrames(*f.timeline);
    const QString path = f.dir.filePath(QStringLiteral("bench.pdf"));
    qint64 bytes = 0;
    for (auto _ : state) {
        const hw::ui::ExportResult result = hw::ui::Exporter::exportFrames(
            *f.timeline, f.scenario, checkpoints, settings(hw::ui::ExportFormat::Pdf), path);
        if (!result.ok()) {
            state.SkipWithError(result.error.toStdString().c_str());
            return;
        }
        bytes = result.bytes;
    }
    state.counters["pages"] = static_cast<double>(checkpoints.size());
    state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_PdfHandout4Pages)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();

} // namespace
