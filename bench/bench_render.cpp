// SPDX-License-Identifier: MIT
// Drawing speed of the cluster view (issue 5): a 6-broker cluster with 3 topics x 6 partitions x RF 3,
// shown at 1920x1080 on the offscreen platform.
//
//   build/bench/hw_bench_render --benchmark_counters_tabular=true
//
// FullRepaint: the view repaints a frame it already shows (what a window expose costs); Uncached:
// the same after every item's cached rendering was dropped (a zoom step, a new layout).
// NextFrame: moving to the next frame of a running cluster: the frame's state from the timeline,
// the scene rebuilt from it, and the repaint, as the GUI does on every step while playing.

#include "base/theme.h"
#include "scenario/builtin.h"
#include "scenario/scenario.h"
#include "scene/framescene.h"
#include "scene/frameview.h"

#include <QApplication>
#include <QGraphicsItem>
#include <QWidget>

#include <benchmark/benchmark.h>

#include <memory>

namespace {

// Records flow into every partition (a steady producer per topic) while followers fetch on their
// own, so the logs have cells to draw and frames differ.
const char* const clusterJson = R"({"format": "highwater/1", "name": "render-bench", "seed": 7,
 "cluster": {"brokers": 6, "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 6, "replication.factor": 3},
            {"name": "payments", "partitions": 6, "replication.factor": 3},
            {"name": "clicks", "partitions": 6, "replication.factor": 3}],
 "producers": [{"id": "p-orders", "acks": "all", "rate_per_s": 200, "topic": "orders"},
               {"id": "p-payments", "acks": "1", "rate_per_s": 200, "topic": "payments"},
               {"id": "p-clicks", "acks": "all", "rate_per_s": 200, "topic": "clicks"}],
 "steps": [{"advance": {"ms": 400}}]})";

struct Fixture {
    std::unique_ptr<hw::Timeline> timeline;
    std::unique_ptr<hw::ui::FrameScene> scene;
    std::unique_ptr<hw::ui::FrameView> view;

    Fixture()
    {
        auto parsed = hw::parseScenario(clusterJson, "render-bench");
        auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
        timeline = std::make_unique<hw::Timeline>(std::move(std::get<hw::Timeline>(played)));
        scene = std::make_unique<hw::ui::FrameScene>();
        scene->setViewKind(hw::ui::FrameScene::ViewKind::Cluster);
        view = std::make_unique<hw::ui::FrameView>(scene.get());
        view->resize(1920, 1080);
        view->show();
        QApplication::processEvents();
    }

    std::int64_t firstFrame() const { return timeline->frameCount() / 2; }
};

Fixture& fixture()
{
    static Fixture f;
    return f;
}

void BM_ClusterViewFullRepaint(benchmark::State& state)
{
    Fixture& f = fixture();
    const std::int64_t frame = f.timeline->frameCount() - 1;
    const hw::ClusterState cluster = f.timeline->stateAt(frame);
    f.scene->setFrame(cluster, static_cast<double>(cluster.nowMs));
    f.view->viewport()->repaint();
    for (auto _ : state)
        f.view->viewport()->repaint();
    state.counters["items"] = static_cast<double>(f.scene->items().size());
    state.counters["replicas"] = static_cast<double>(f.scene->replicaItems().size());
    state.counters["width"] = f.view->viewport()->width();
    state.counters["height"] = f.view->viewport()->height();
}
BENCHMARK(BM_ClusterViewFullRepaint)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same repaint with every item's cached rendering thrown away first: what a zoom step or the
// first paint of a new layout costs.
void BM_ClusterViewFullRepaintUncached(benchmark::State& state)
{
    Fixture& f = fixture();
    const std::int64_t frame = f.timeline->frameCount() - 1;
    const hw::ClusterState cluster = f.timeline->stateAt(frame);
    f.scene->setFrame(cluster, static_cast<double>(cluster.nowMs));
    for (auto _ : state) {
        for (QGraphicsItem* item : f.scene->items())
            item->update();
        f.view->viewport()->repaint();
    }
}
BENCHMARK(BM_ClusterViewFullRepaintUncached)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_ClusterViewNextFrame(benchmark::State& state)
{
    Fixture& f = fixture();
    std::int64_t frame = f.firstFrame();
    const std::int64_t end = f.timeline->frameCount();
    for (auto _ : state) {
        const hw::ClusterState cluster = f.timeline->stateAt(frame);
        f.scene->setFrame(cluster, static_cast<double>(f.timeline->frame(frame).timeMs));
        f.view->viewport()->repaint();
        if (++frame == end)
            frame = f.firstFrame();
    }
    state.counters["frames"] = static_cast<double>(end);
}
BENCHMARK(BM_ClusterViewNextFrame)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_ClusterViewSceneUpdateOnly(benchmark::State& state)
{
    Fixture& f = fixture();
    std::int64_t frame = f.firstFrame();
    const std::int64_t end = f.timeline->frameCount();
    for (auto _ : state) {
        const hw::ClusterState cluster = f.timeline->stateAt(frame);
        f.scene->setFrame(cluster, static_cast<double>(f.timeline->frame(frame).timeMs));
        if (++frame == end)
            frame = f.firstFrame();
    }
}
BENCHMARK(BM_ClusterViewSceneUpdateOnly)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Presentation mode's compact cluster view (FrameScene::setCompact) at 1280x720 with the text floor
// it reaches there (56), on the built-in with two consumer groups: the layout tries three consumer
// column widths, so each frame builds the consumer column three times.
void BM_CompactClusterViewNextFrame(benchmark::State& state)
{
    const bool compact = state.range(0) != 0;
    std::string_view json;
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios())
        if (builtin.name == "rebalance-eager-vs-cooperative")
            json = builtin.json;
    auto parsed = hw::parseScenario(std::string(json), "rebalance-eager-vs-cooperative");
    auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
    const hw::Timeline timeline = std::move(std::get<hw::Timeline>(played));
    hw::ui::theme::setTextSizeMin(compact ? 56 : 0);
    hw::ui::FrameScene scene;
    scene.setViewKind(hw::ui::FrameScene::ViewKind::Cluster);
    scene.setLegendShown(!compact);
    scene.setCompact(compact);
    hw::ui::FrameView view(&scene);
    view.resize(1280, 720);
    view.show();
    QApplication::processEvents();
    std::int64_t frame = 0;
    const std::int64_t end = timeline.frameCount();
    for (auto _ : state) {
        const hw::ClusterState cluster = timeline.stateAt(frame);
        scene.setFrame(cluster, static_cast<double>(timeline.frame(frame).timeMs));
        view.viewport()->repaint();
        if (++frame == end)
            frame = 0;
    }
    hw::ui::theme::setTextSizeMin(0);
    state.counters["frames"] = static_cast<double>(end);
}
BENCHMARK(BM_CompactClusterViewNextFrame)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MinTime(2.0);

} // namespace
