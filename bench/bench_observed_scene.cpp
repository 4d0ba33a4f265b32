// SPDX-License-Identifier: MIT
// Drawing a large observed cluster (issue 29: "32 brokers x 1,024 partitions keep the view legible ...
// Repaint within 16.7 ms at that size, measured in a benchmark"). The cluster view of a 32-broker,
// 1,024-partition (RF 3) observed state, which it shows as one card per broker (AggregateLayout), against
// a baseline measured in the same run: a 3-broker lesson frame in the detailed cluster view.
//
//   build-bench/bench/hw_bench_observed_scene --benchmark_counters_tabular=true
//
// Build: making the scene from the state (the aggregate's counts, the cards). FullRepaint: rendering the
// built scene into a 1920x1080 QImage, fitted as a FrameView of that size shows it (paintScene, as File >
// Export Image does). NextPoll: a frame update from one poll to the next
// with 10 partitions changed: the next state from the observed timeline, the scene rebuilt from it and
// rendered into the image. The same three for the baseline; ms_per_frame is each iteration's time in
// milliseconds, to set against 16.7 ms (one frame at 60 Hz).

#include "export/sceneexport.h"
#include "large_observed_cluster.h"
#include "model/observed_state.h"
#include "scenario/scenario.h"
#include "scene/framescene.h"
#include "timeline/timeline.h"

#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>

namespace {

constexpr QSize screen(1920, 1080);

struct Observed {
    hw::ObservedCluster poll = hw::testsupport::largeObservedCluster();
    std::unique_ptr<hw::Timeline> timeline;
    int round = 0;

    Observed() { timeline = std::make_unique<hw::Timeline>(hw::observedState(poll)); }

    /// The next poll, 10 partitions changed, as the timeline keeps it; returns the new head.
    const hw::ClusterState& next()
    {
        hw::testsupport::advanceLargeObservedCluster(poll, 10, ++round);
        timeline->applyObserved(poll);
        return timeline->head();
    }
};

Observed& observed()
{
    static Observed o;
    return o;
}

/// The baseline: the LEO/HW lesson's last frame, 3 brokers in the detailed cluster view.
const hw::Timeline& lesson()
{
    static const hw::Timeline timeline = [] {
        auto loaded = hw::loadScenario("builtin:leo-hw-walkthrough");
        return std::move(std::get<hw::Timeline>(hw::playScenario(std::get<hw::Scenario>(loaded))));
    }();
    return timeline;
}

void setMs(benchmark::State& state, double totalSeconds)
{
    state.counters["ms_per_frame"]
        = benchmark::Counter(totalSeconds * 1000.0, benchmark::Counter::kAvgIterations);
    state.counters["budget_ms"] = 16.7;
}

void render(hw::ui::FrameScene& scene, QImage& image)
{
    image.fill(Qt::white);
    QPainter painter(&image);
    hw::ui::paintScene(scene, painter, QRectF(QPointF(0, 0), QSizeF(screen)));
}

template <typename Body> void timed(benchmark::State& state, Body body)
{
    double seconds = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        body();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    setMs(state, seconds);
}

hw::ui::FrameScene* clusterScene()
{
    auto* scene = new hw::ui::FrameScene;
    scene->setViewKind(hw::ui::FrameScene::ViewKind::Cluster);
    scene->setTargetAspect(static_cast<qreal>(screen.width()) / screen.height());
    return scene;
}

void BM_Observed32x1024_Build(benchmark::State& state)
{
    const hw::ClusterState cluster = observed().timeline->head();
    std::unique_ptr<hw::ui::FrameScene> scene(clusterScene());
    timed(state, [&] { scene->setFrame(cluster, 0); });
    state.counters["aggregated"] = scene->aggregated() ? 1 : 0;
    state.counters["items"] = static_cast<double>(scene->items().size());
}

void BM_Observed32x1024_FullRepaint(benchmark::State& state)
{
    std::unique_ptr<hw::ui::FrameScene> scene(clusterScene());
    scene->setFrame(observed().timeline->head(), 0);
    QImage image(screen, QImage::Format_ARGB32_Premultiplied);
    render(*scene, image);
    timed(state, [&] { render(*scene, image); });
    state.counters["items"] = static_cast<double>(scene->items().size());
}

void BM_Observed32x1024_NextPoll(benchmark::State& state)
{
    std::unique_ptr<hw::ui::FrameScene> scene(clusterScene());
    scene->setFrame(observed().timeline->head(), 0);
    QImage image(screen, QImage::Format_ARGB32_Premultiplied);
    render(*scene, image);
    timed(state, [&] {
        const hw::ClusterState& next = observed().next();
        scene->setFrame(next, static_cast<double>(next.nowMs));
        render(*scene, image);
    });
}

void BM_Observed32x1024_PartitionDrilled_NextPoll(benchmark::State& state)
{
    std::unique_ptr<hw::ui::FrameScene> scene(clusterScene());
    scene->setFrame(observed().timeline->head(), 0);
    scene->setDrill(hw::ui::Drill { hw::ui::Drill::Level::Partition, 1, QStringLiteral("topic-0"), 0 });
    QImage image(screen, QImage::Format_ARGB32_Premultiplied);
    render(*scene, image);
    timed(state, [&] {
        const hw::ClusterState& next = observed().next();
        scene->setFrame(next, static_cast<double>(next.nowMs));
        render(*scene, image);
    });
}

void BM_Baseline3BrokerLesson_Build(benchmark::State& state)
{
    const hw::ClusterState cluster = lesson().head();
    std::unique_ptr<hw::ui::FrameScene> scene(clusterScene());
    timed(state, [&] { scene->setFrame(cluster, static_cast<double>(cluster.nowMs)); });
    state.counters["items"] = static_cast<double>(scene->items().size());
}

void BM_Baseline3BrokerLesson_FullRepaint(benchmark::State& state)
{
    std::unique_ptr<hw::ui::FrameScene> scene(clusterScene());
    const hw::ClusterState cluster = lesson().head();
    scene->setFrame(cluster, static_cast<double>(cluster.nowMs));
    QImage image(screen, QImage::Format_ARGB32_Premultiplied);
    render(*scene, image);
    timed(state, [&] { render(*scene, image); });
    state.counters["items"] = static_cast<double>(scene->items().size());
}

void BM_Baseline3BrokerLesson_NextFrame(benchmark::State& state)
{
    std::unique_ptr<hw::ui::FrameScene> scene(clusterScene());
    const hw::Timeline& timeline = lesson();
    QImage image(screen, QImage::Format_ARGB32_Premultiplied);
    std::int64_t frame = 0;
    timed(state, [&] {
        frame = (frame + 1) % timeline.frameCount();
        const hw::ClusterState next = timeline.stateAt(frame);
        scene->setFrame(next, static_cast<double>(next.nowMs));
        render(*scene, image);
    });
}

BENCHMARK(BM_Baseline3BrokerLesson_Build)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Baseline3BrokerLesson_FullRepaint)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Baseline3BrokerLesson_NextFrame)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Observed32x1024_Build)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Observed32x1024_FullRepaint)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Observed32x1024_NextPoll)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Observed32x1024_PartitionDrilled_NextPoll)->Unit(benchmark::kMillisecond);

} // namespace
