// SPDX-License-Identifier: MIT
// The live lab in the app under a class's load (issue 28): real producers (bench/live_load.py, Debian's
// confluent-kafka, one client.id each) send records to File > Live lab while the window shows the
// cluster view at 1280x720 and follows the present. Measured per second of wall time: how often the
// view is painted (frames drawn), the CPU the whole app uses (every thread of this process: the GUI
// thread runs the server too), and the records the cluster took. The baseline, in the same run, is the
// same window serving with no client: the ratios say what the class costs.
#include "control/livesession.h"
#include "control/simcontroller.h"
#include "scenario/scenario.h"
#include "scene/framescene.h"
#include "shell/livelabdialog.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QGraphicsView>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <variant>

namespace {

constexpr int recordsPerSecond = 2000; // the whole class's rate, spread over the clients

const char* classScenarioJson()
{
    return R"({"format": "highwater/1", "name": "class", "seed": 1,
 "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 3, "replication.factor": 3}],
 "steps": [{"advance": {"ms": 1000}}]})";
}

double cpuSeconds()
{
    rusage usage {};
    ::getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

std::int64_t recordsTaken(const hw::ClusterState& state)
{
    std::int64_t records = 0;
    for (const hw::Partition& p : state.partitions) {
        for (const hw::Replica& r : p.replicas) {
            if (r.broker == p.registration.leader)
                records += r.log.leo();
        }
    }
    return records;
}

/// Counts the paint events of a widget (the cluster view's viewport).
class PaintCounter : public QObject {
public:
    int paints = 0;
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return false;
    }
};

void runEventLoop(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

void BM_LiveLabInTheApp(benchmark::State& state)
{
    const int clients = static_cast<int>(state.range(0));
    hw::ui::MainWindow window;
    auto parsed = hw::parseScenario(classScenarioJson(), "class.json");
    if (!std::holds_alternative<hw::Scenario>(parsed) || !window.openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("class.json"))) {
        state.SkipWithError("the scenario did not open");
        return;
    }
    window.resize(1280, 720);
    window.show();
    window.setViewKind(hw::ui::FrameScene::ViewKind::Cluster);
    hw::ui::LiveLabDialog* dialog = window.openLiveLab();
    dialog->startButton()->click();
    if (!window.liveSession()->isServing()) {
        state.SkipWithError("the live lab did not start");
        return;
    }
    dialog->hide(); // the teacher closes it and watches the cluster
    const QList<QGraphicsView*> views = window.scene()->views();
    if (views.isEmpty()) {
        state.SkipWithError("no view shows the scene");
        return;
    }
    PaintCounter counter;
    views.front()->viewport()->installEventFilter(&counter);

    QProcess load;
    if (clients > 0) {
        load.setProcessChannelMode(QProcess::MergedChannels);
        load.start(QStringLiteral(HW_LIVE_LOAD_PYTHON),
            { QStringLiteral(HW_LIVE_LOAD_SCRIPT), window.liveSession()->bootstrap(), QStringLiteral("orders"),
                QString::number(clients), QString::number(recordsPerSecond), QStringLiteral("600") });
        QElapsedTimer waited;
        waited.start();
        while (!load.readAll().contains("producing") && waited.elapsed() < 30000)
            runEventLoop(50);
        if (load.state() != QProcess::Running) {
            state.SkipWithError("bench/live_load.py did not start (python3-confluent-kafka?)");
            return;
        }
    }
    runEventLoop(3000); // every client connected, metadata known, batches flowing

    const hw::ui::SimController* controller = window.controller();
    const std::int64_t recordsBefore = recordsTaken(controller->timeline().head());
    const double cpuBefore = cpuSeconds();
    counter.paints = 0;
    double wall = 0;
    for (auto _ : state) {
        QElapsedTimer second;
        second.start();
        runEventLoop(1000);
        const double elapsed = static_cast<double>(second.nsecsElapsed()) / 1e9;
        state.SetIterationTime(elapsed);
        wall += elapsed;
    }
    const double cpu = cpuSeconds() - cpuBefore;
    const std::int64_t records = recordsTaken(controller->timeline().head()) - recordsBefore;
    state.counters["frames_drawn_per_s"] = counter.paints / wall;
    state.counters["app_cpu_cores"] = cpu / wall;
    state.counters["records_per_s"] = static_cast<double>(records) / wall;
    state.counters["timeline_frames"] = static_cast<double>(controller->frameCount());
    if (clients > 0) {
        load.terminate();
        load.waitForFinished(10000);
    }
    window.liveSession()->stop();
}
BENCHMARK(BM_LiveLabInTheApp)->ArgName("clients")->Arg(0)->Arg(20)->UseManualTime()->Iterations(10)->Unit(benchmark::kMillisecond);

} // namespace
