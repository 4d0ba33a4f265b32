// SPDX-License-Identifier: MIT
// The Charts dock: the numbers collected per frame, what the charts draw from them, the current-frame
// line, clicking to a time, forks, and the downsampling of long runs.

#include "base/i18n.h"
#include "control/session.h"
#include "control/simcontroller.h"
#include "model/rng.h"
#include "panels/chartdata.h"
#include "panels/chartspanel.h"
#include "scenario/frame_json.h"
#include "shell/mainwindow.h"
#include "timeline/metrics.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QApplication>
#include <QChart>
#include <QDockWidget>
#include <QGuiApplication>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>

namespace {

using hw::StepSeries;
using hw::ui::ChartsPanel;
using hw::ui::SimController;
namespace chartdata = hw::ui::chartdata;

/// The value a drawn step line shows at x: the last vertex at or before x (vertical segments end on
/// the value that holds after them). NaN before the line starts.
double drawnValueAt(const QLineSeries* series, double x)
{
    double value = std::numeric_limits<double>::quiet_NaN();
    for (const QPointF& p : series->points()) {
        if (p.x() > x)
            break;
        value = p.y();
    }
    return value;
}

/// The per-frame numbers taken from every frame's full state, one frame at a time (slow, exact).
hw::RunMetrics metricsFrameByFrame(const hw::Timeline& timeline)
{
    hw::RunMetrics metrics;
    metrics.reset(timeline.stateAt(0));
    for (std::int64_t f = 1; f < timeline.frameCount(); ++f)
        metrics.record(timeline.stateAt(f));
    return metrics;
}

/// A panel on a controller, shown at a projector-like size so that its charts are laid out.
struct PanelFixture {
    SimController controller;
    ChartsPanel panel { &controller };

    explicit PanelFixture(const QString& source)
    {
        EXPECT_EQ(controller.openScenario(source), QString());
        panel.resize(1000, 800);
        panel.show();
        QApplication::processEvents();
        panel.refresh();
    }

    double x(std::int64_t frame) const
    {
        return static_cast<double>(controller.timeline().frame(frame).timeMs) / panel.msPerUnit();
    }
};

// ---------------------------------------------------------------------------------------------
// The pure functions.

TEST(ChartData, DownsamplingKeepsEachColumnsMinimumAndMaximumAndTheStepShape)
{
    constexpr int columns = 50;
    constexpr double xMax = 1000; // 20 units per column: integer change times never sit on a boundary's edge case
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SCOPED_TRACE(testing::Message() << "seed " << seed);
        hw::Rng rng(seed);
        QList<QPointF> changes;
        double x = 0;
        while (true) {
            x += static_cast<double>(rng.below(seed % 2 == 0 ? 3 : 40));
            if (x > xMax)
                break;
            changes.append(QPointF(x, static_cast<double>(rng.below(100))));
        }
        ASSERT_FALSE(changes.isEmpty());
        QList<QPointF> out;
        chartdata::downsampleSteps(changes, 0, xMax, xMax, columns, out);
        ASSERT_FALSE(out.isEmpty());
        // At most four points per column plus the two ends.
        EXPECT_LE(out.size(), 4 * columns + 2);
        // Every segment is horizontal or vertical, and x never goes back.
        for (qsizetype i = 1; i < out.size(); ++i) {
            EXPECT_TRUE(out[i].x() == out[i - 1].x() || out[i].y() == out[i - 1].y()) << "segment " << i;
            EXPECT_GE(out[i].x(), out[i - 1].x());
        }
        EXPECT_EQ(out.constLast().x(), xMax);
        EXPECT_EQ(out.constLast().y(), changes.constLast().y());
        EXPECT_EQ(out.constFirst(), changes.constFirst());

        // Per column: the values the step function takes there, and the values the drawn line takes
        // there (the value carried in from the left, and every vertex inside the column).
        const double width = xMax / columns;
        for (int c = 0; c < columns; ++c) {
            const double from = c * width;
            const double to = from + width;
            std::vector<double> truth;
            std::vector<double> drawn;
            for (const QPointF& p : changes) {
                if (p.x() < from)
                    truth.assign(1, p.y());
                else if (p.x() < to)
                    truth.push_back(p.y());
            }
            for (const QPointF& p : out) {
                if (p.x() < from)
                    drawn.assign(1, p.y());
                else if (p.x() < to)
                    drawn.push_back(p.y());
            }
            ASSERT_EQ(truth.empty(), drawn.empty()) << "column " << c;
            if (truth.empty())
                continue;
            EXPECT_EQ(*std::min_element(truth.begin(), truth.end()), *std::min_element(drawn.begin(), drawn.end()))
                << "column " << c;
            EXPECT_EQ(*std::max_element(truth.begin(), truth.end()), *std::max_element(drawn.begin(), drawn.end()))
                << "column " << c;
            // The value that leaves the column is the function's value there.
            EXPECT_EQ(truth.back(), drawn.back()) << "column " << c;
        }
    }
}

TEST(ChartData, AColumnWithOneChangeIsDrawnExactly)
{
    const QList<QPointF> changes { { 0, 0 }, { 10, 3 }, { 25, 5 }, { 70, 2 } };
    QList<QPointF> out;
    chartdata::downsampleSteps(changes, 0, 100, 90, 100, out);
    const QList<QPointF> exact { { 0, 0 }, { 10, 0 }, { 10, 3 }, { 25, 3 }, { 25, 5 }, { 70, 5 }, { 70, 2 },
        { 90, 2 } };
    EXPECT_EQ(out, exact);

    // A range starting inside the function begins with the value that holds there; changes after
    // the range are left out.
    chartdata::downsampleSteps(changes, 20, 60, 90, 40, out);
    const QList<QPointF> window { { 20, 3 }, { 25, 3 }, { 25, 5 }, { 60, 5 } };
    EXPECT_EQ(out, window);

    // Nothing to draw: no changes, no columns, an empty range.
    chartdata::downsampleSteps({}, 0, 100, 100, 100, out);
    EXPECT_TRUE(out.isEmpty());
    chartdata::downsampleSteps(changes, 0, 100, 100, 0, out);
    EXPECT_TRUE(out.isEmpty());
    chartdata::downsampleSteps(changes, 5, 5, 100, 10, out);
    EXPECT_TRUE(out.isEmpty());
}

TEST(ChartData, ManyChangesInOneColumnBecomeOneVerticalStroke)
{
    const QList<QPointF> changes { { 0, 4 }, { 1, 9 }, { 2, 1 }, { 3, 6 }, { 50, 2 } };
    QList<QPointF> out;
    chartdata::downsampleSteps(changes, 0, 100, 100, 10, out);
    // Column 0 holds four changes: drawn at x 0 from 4 down to 1, up to 9, back to 6.
    const QList<QPointF> expected { { 0, 4 }, { 0, 1 }, { 0, 9 }, { 0, 6 }, { 50, 6 }, { 50, 2 }, { 100, 2 } };
    EXPECT_EQ(out, expected);
    // The same changes one unit later: the column's stroke stands at its first change.
    QList<QPointF> later;
    for (const QPointF& p : changes)
        later.append(p + QPointF(1, 0));
    chartdata::downsampleSteps(later, 0, 100, 100, 10, out);
    const QList<QPointF> shifted { { 1, 4 }, { 1, 1 }, { 1, 9 }, { 1, 6 }, { 51, 6 }, { 51, 2 }, { 100, 2 } };
    EXPECT_EQ(out, shifted);
}

TEST(ChartData, TheTimeAxisCountsSecondsForLongRuns)
{
    EXPECT_EQ(chartdata::msPerAxisUnit(0), 1);
    EXPECT_EQ(chartdata::msPerAxisUnit(chartdata::secondsAxisFromMs - 1), 1);
    EXPECT_EQ(chartdata::msPerAxisUnit(chartdata::secondsAxisFromMs), 1000);
}

TEST(ChartData, ATimeMapsToTheLastFrameAtOrBeforeIt)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:leader-failover");
    const std::int64_t last = timeline.frameCount() - 1;
    EXPECT_EQ(chartdata::frameAtTime(timeline, -5), 0);
    EXPECT_EQ(chartdata::frameAtTime(timeline, 1e12), last);
    for (std::int64_t f = 0; f <= last; ++f) {
        const auto t = static_cast<double>(timeline.frame(f).timeMs);
        const std::int64_t found = chartdata::frameAtTime(timeline, t + 0.5);
        EXPECT_GE(found, f);
        EXPECT_EQ(timeline.frame(found).timeMs, timeline.frame(f).timeMs);
        EXPECT_TRUE(found == last || static_cast<double>(timeline.frame(found + 1).timeMs) > t + 0.5);
    }
}

TEST(ChartData, StepSeriesKeepsOnlyChangesAndTruncates)
{
    StepSeries s;
    s.set(0, 5);
    s.set(1, 5);
    s.set(2, 7);
    s.set(9, 7);
    s.set(10, 1);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_EQ(s.valueAtFrame(1), 5);
    EXPECT_EQ(s.valueAtFrame(9), 7);
    EXPECT_EQ(s.valueAtFrame(100), 1);
    s.truncate(10);
    EXPECT_EQ(s.size(), 2u);
    EXPECT_EQ(s.valueAtFrame(100), 7);
    StepSeries late;
    late.set(4, 2);
    EXPECT_EQ(late.valueAtFrame(3), std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// The numbers: collected as frames are made, they equal what every frame's state says.

class MetricsOfBuiltins : public testing::TestWithParam<const char*> { };

TEST_P(MetricsOfBuiltins, EqualEveryFramesState)
{
    SimController controller;
    ASSERT_EQ(controller.openScenario(QString::fromLatin1(GetParam())), QString());
    const hw::Timeline& timeline = controller.timeline();
    const hw::RunMetrics& metrics = controller.session().metrics();
    ASSERT_EQ(metrics.frameCount(), timeline.frameCount());
    std::vector<std::vector<hw::LeaderChange>> elections;
    hw::ClusterState previous = timeline.stateAt(0);
    elections.resize(previous.partitions.size());
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::ClusterState state = timeline.stateAt(f);
        for (std::size_t p = 0; p < state.partitions.size(); ++p) {
            const hw::Partition& partition = state.partitions[p];
            const hw::PartitionMetrics& pm = metrics.partitions()[p];
            for (std::size_t r = 0; r < partition.replicas.size(); ++r)
                ASSERT_EQ(pm.leo[r].valueAtFrame(f), partition.replicas[r].log.leo()) << "frame " << f;
            const hw::Offset hw = hw::partitionHighWatermark(state, static_cast<std::int32_t>(p));
            ASSERT_EQ(pm.hw.valueAtFrame(f), hw >= 0 ? hw : StepSeries::unknownValue) << "frame " << f;
            ASSERT_EQ(pm.isrSize.valueAtFrame(f), static_cast<std::int64_t>(partition.registration.isr.size()));
            const hw::PartitionRegistration& before = previous.partitions[p].registration;
            if (f > 0
                && (before.leader != partition.registration.leader
                    || before.leaderEpoch != partition.registration.leaderEpoch))
                elections[p].push_back({ static_cast<std::int32_t>(f), partition.registration.leader,
                    partition.registration.leaderEpoch });
        }
        for (std::size_t g = 0; g < state.groups.size(); ++g) {
            const hw::GroupMetrics& gm = metrics.groups()[g];
            std::int64_t total = 0;
            bool anyKnown = false;
            for (const hw::CommittedOffset& c : state.groups[g].committed) {
                const hw::Offset hw = hw::partitionHighWatermark(state, c.partition);
                const std::int64_t lag = hw >= 0 ? std::max<hw::Offset>(0, hw - c.offset) : StepSeries::unknownValue;
                const std::int32_t slot = gm.slotOfPartition[static_cast<std::size_t>(c.partition)];
                ASSERT_GE(slot, 0);
                ASSERT_EQ(gm.partitions[static_cast<std::size_t>(slot)].lag.valueAtFrame(f), lag) << "frame " << f;
                if (lag != StepSeries::unknownValue) {
                    total += lag;
                    anyKnown = true;
                }
            }
            if (!state.groups[g].committed.empty()) {
                ASSERT_EQ(gm.totalLag.valueAtFrame(f), anyKnown ? total : StepSeries::unknownValue) << "frame " << f;
            }
        }
        for (std::size_t i = 0; i < state.producers.size(); ++i) {
            std::int64_t acked = 0;
            std::int64_t failed = 0;
            const auto& batches = state.producers[i].batches;
            for (std::size_t b = 0; b < batches.size(); ++b) {
                acked += batches[b].status == hw::SendStatus::Acked ? batches[b].count : 0;
                failed += batches[b].status == hw::SendStatus::Failed ? batches[b].count : 0;
            }
            ASSERT_EQ(metrics.producers()[i].acked.valueAtFrame(f), acked) << "frame " << f;
            ASSERT_EQ(metrics.producers()[i].failed.valueAtFrame(f), failed) << "frame " << f;
        }
        previous = state;
    }
    for (std::size_t p = 0; p < elections.size(); ++p)
        EXPECT_EQ(metrics.partitions()[p].leaderChanges, elections[p]) << "partition " << p;
}

INSTANTIATE_TEST_SUITE_P(Charts, MetricsOfBuiltins,
    testing::Values("builtin:leo-hw-walkthrough", "builtin:leader-failover", "builtin:consumer-lag",
        "builtin:unclean-election", "builtin:acks-and-min-insync"));

// ---------------------------------------------------------------------------------------------
// What the charts draw.

TEST(Charts, LeoHwAndIsrLinesShowTheEnginesValuesAtEveryCheckpoint)
{
    PanelFixture f(QStringLiteral("builtin:leo-hw-walkthrough"));
    const hw::Timeline& timeline = f.controller.timeline();
    const QList<QLineSeries*> lines = f.panel.replicationLines();
    const hw::ClusterState& first = f.controller.state();
    ASSERT_EQ(lines.size(), static_cast<qsizetype>(first.partitions[0].replicas.size() + 1));
    EXPECT_EQ(lines.constLast()->name(), QStringLiteral("HW (the leader's)"));
    EXPECT_EQ(lines.constFirst()->name(), QStringLiteral("LEO of broker 1"));
    // The legend names every line and the markers, the HW first (its line lies under the others).
    const QStringList legend { QStringLiteral("HW (the leader's)"), QStringLiteral("LEO of broker 1"),
        QStringLiteral("LEO of broker 2"), QStringLiteral("LEO of broker 3"), QStringLiteral("Leader change") };
    EXPECT_EQ(f.panel.legendTexts(f.panel.replicationView()), legend);
    int checkpoints = 0;
    for (std::size_t label = 0; label < timeline.labels().size(); ++label) {
        const std::int64_t frame = timeline.findLabel(timeline.labels()[label]);
        // Several frames can share a millisecond: a chart shows the last of them.
        const std::int64_t shown = chartdata::frameAtTime(timeline, static_cast<double>(timeline.frame(frame).timeMs));
        const hw::ClusterState state = timeline.stateAt(shown);
        const hw::Partition& partition = state.partitions[0];
        for (std::size_t r = 0; r < partition.replicas.size(); ++r)
            EXPECT_EQ(drawnValueAt(lines[static_cast<qsizetype>(r)], f.x(frame)),
                static_cast<double>(partition.replicas[r].log.leo()))
                << "checkpoint " << timeline.labels()[label] << ", replica " << r;
        EXPECT_EQ(
            drawnValueAt(lines.constLast(), f.x(frame)), static_cast<double>(hw::partitionHighWatermark(state, 0)))
            << "checkpoint " << timeline.labels()[label];
        EXPECT_EQ(drawnValueAt(f.panel.isrLine(), f.x(frame)), static_cast<double>(partition.registration.isr.size()))
            << "checkpoint " << timeline.labels()[label];
        ++checkpoints;
    }
    EXPECT_GE(checkpoints, 4);
    // The axes are labelled, and the y axis reaches the largest LEO.
    QChart* chart = f.panel.replicationView()->chart();
    const auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).constFirst());
    const auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).constFirst());
    EXPECT_EQ(x->titleText(), QStringLiteral("Simulated time (ms)"));
    EXPECT_EQ(y->titleText(), QStringLiteral("Offset"));
    EXPECT_GE(y->max(), static_cast<double>(timeline.head().partitions[0].replicas[0].log.leo()));
    EXPECT_GE(x->max(), f.x(timeline.frameCount() - 1));
}

TEST(Charts, LeaderChangesAreMarkedAtTheElectionsOfLeaderFailover)
{
    PanelFixture f(QStringLiteral("builtin:leader-failover"));
    const hw::Timeline& timeline = f.controller.timeline();
    const QList<QPointF> markers = f.panel.leaderMarkers()->points();
    int elections = 0;
    for (std::int64_t frame = 1; frame < timeline.frameCount(); ++frame) {
        const hw::Event& e = timeline.frame(frame).event;
        if (e.type != hw::EventType::LeaderElected || e.partition != 0)
            continue;
        ++elections;
        const double x = f.x(frame);
        EXPECT_TRUE(std::any_of(markers.begin(), markers.end(), [x](const QPointF& p) { return p.x() == x; }))
            << "no marker at the election of frame " << frame;
        const QString tip = f.panel.markerToolTipAt(static_cast<double>(timeline.frame(frame).timeMs));
        const QString expected = e.peer == hw::noLeader
            ? QStringLiteral("the partition has no leader")
            : QStringLiteral("broker %1 becomes leader, leader epoch %2").arg(e.peer).arg(e.value);
        EXPECT_TRUE(tip.contains(expected)) << tip.toStdString();
    }
    EXPECT_GE(elections, 1);
    EXPECT_EQ(
        markers.size(), static_cast<qsizetype>(f.controller.session().metrics().partitions()[0].leaderChanges.size()));
}

TEST(Charts, LagLinesShowTheGroupsLagAsTheFrameDumpHasIt)
{
    PanelFixture f(QStringLiteral("builtin:consumer-lag"));
    const hw::Timeline& timeline = f.controller.timeline();
    f.panel.setPage(ChartsPanel::GroupPage);
    const hw::ClusterState& head = timeline.head();
    int compared = 0;
    for (std::size_t g = 0; g < head.groups.size(); ++g) {
        f.panel.setGroup(static_cast<std::int32_t>(g));
        f.panel.refresh();
        const QList<QLineSeries*> lines = f.panel.lagLines();
        ASSERT_EQ(lines.size(), 2); // orders-0, then the total
        EXPECT_EQ(lines[0]->name(), QStringLiteral("Lag on orders-0"));
        EXPECT_EQ(lines[1]->name(), QStringLiteral("Total lag"));
        for (const std::string& label : timeline.labels()) {
            const std::int64_t frame = timeline.findLabel(label);
            const std::int64_t shown
                = chartdata::frameAtTime(timeline, static_cast<double>(timeline.frame(frame).timeMs));
            const hw::ClusterState state = timeline.stateAt(shown);
            const auto groups = hw::groupsJson(state);
            const auto& committed = groups[g]["committed"];
            ASSERT_EQ(committed.size(), 1u) << "group " << g << " at checkpoint " << label;
            const double lag = committed[0]["lag"].get<double>();
            EXPECT_EQ(drawnValueAt(lines[0], f.x(frame)), lag) << "group " << g << " at checkpoint " << label;
            EXPECT_EQ(drawnValueAt(lines[1], f.x(frame)), lag) << "group " << g << " at checkpoint " << label;
            ++compared;
        }
    }
    EXPECT_EQ(compared, 6);
    // The slow group's lag rises above zero and comes back to it.
    f.panel.setGroup(1);
    f.panel.refresh();
    const QList<QPointF> total = f.panel.lagLines().constLast()->points();
    const double highest
        = std::max_element(total.begin(), total.end(), [](QPointF a, QPointF b) { return a.y() < b.y(); })->y();
    EXPECT_GE(highest, 10);
    EXPECT_EQ(total.constLast().y(), 0);
}

TEST(Charts, ProducerLinesCountAcknowledgedAndFailedRecords)
{
    PanelFixture f(QStringLiteral("builtin:acks-and-min-insync"));
    const hw::ClusterState& head = f.controller.timeline().head();
    const double end = f.x(f.controller.timeline().frameCount() - 1);
    for (std::size_t i = 0; i < head.producers.size(); ++i) {
        f.panel.setProducer(static_cast<std::int32_t>(i));
        f.panel.refresh();
        std::int64_t acked = 0;
        std::int64_t failed = 0;
        for (std::size_t b = 0; b < head.producers[i].batches.size(); ++b) {
            const hw::ProducerBatch& batch = head.producers[i].batches[b];
            acked += batch.status == hw::SendStatus::Acked ? batch.count : 0;
            failed += batch.status == hw::SendStatus::Failed ? batch.count : 0;
        }
        const QList<QLineSeries*> lines = f.panel.producerLines();
        ASSERT_EQ(lines.size(), 2);
        EXPECT_EQ(drawnValueAt(lines[0], end), static_cast<double>(acked)) << "producer " << i;
        EXPECT_EQ(drawnValueAt(lines[1], end), static_cast<double>(failed)) << "producer " << i;
    }
}

TEST(Charts, TheCurrentFrameLineMovesWithTheTimeline)
{
    PanelFixture f(QStringLiteral("builtin:leo-hw-walkthrough"));
    QLineSeries* now = f.panel.nowLine(f.panel.replicationView());
    ASSERT_NE(now, nullptr);
    for (const std::string& label : { std::string("2"), std::string("4") }) {
        const std::int64_t frame = f.controller.timeline().findLabel(label);
        f.controller.setCurrentFrame(frame);
        ASSERT_EQ(now->count(), 2);
        EXPECT_EQ(now->at(0).x(), f.x(frame));
        EXPECT_EQ(now->at(1).x(), f.x(frame));
        // It spans the plot from bottom to top.
        const auto* y = qobject_cast<QValueAxis*>(f.panel.replicationView()->chart()->axes(Qt::Vertical).constFirst());
        EXPECT_EQ(now->at(0).y(), y->min());
        EXPECT_EQ(now->at(1).y(), y->max());
        // Every chart's line moves, not only the visible one's.
        EXPECT_EQ(f.panel.nowLine(f.panel.lagView())->at(0).x(), f.x(frame));
    }
}

TEST(Charts, ClickingAChartShowsTheLastFrameAtOrBeforeThatTime)
{
    PanelFixture f(QStringLiteral("builtin:leader-failover"));
    const hw::Timeline& timeline = f.controller.timeline();
    hw::ui::TimeChartView* view = f.panel.replicationView();
    QChart* chart = view->chart();
    const std::int64_t target = timeline.findLabel("3");
    ASSERT_GT(target, 0);
    const double msPerPixel
        = (chart->axes(Qt::Horizontal).constFirst()->property("max").toDouble() * f.panel.msPerUnit())
        / chart->plotArea().width();
    // Aimed 0.6 px right of the frame's time: the whole-pixel click then lands 0.1 to 1.1 px after it,
    // never before (a frame that comes long after its predecessor, as here, must still be the one found).
    const QPointF inChart = chart->mapToPosition(QPointF(f.x(target) + 0.6 * msPerPixel / f.panel.msPerUnit(), 1));
    const QPoint pos = view->mapFromScene(chart->mapToScene(inChart));
    const std::int64_t mapped = f.panel.frameAt(view, pos);
    ASSERT_GE(mapped, 0);
    const double clickedMs = chart->mapToValue(chart->mapFromScene(view->mapToScene(pos))).x() * f.panel.msPerUnit();
    EXPECT_LE(static_cast<double>(timeline.frame(mapped).timeMs), clickedMs);
    EXPECT_TRUE(
        mapped == timeline.frameCount() - 1 || static_cast<double>(timeline.frame(mapped + 1).timeMs) > clickedMs);
    EXPECT_NEAR(static_cast<double>(timeline.frame(mapped).timeMs), static_cast<double>(timeline.frame(target).timeMs),
        1.1 * msPerPixel + 1);

    f.controller.setCurrentFrame(0);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, pos);
    EXPECT_EQ(f.controller.currentFrame(), mapped);
    EXPECT_EQ(f.panel.nowLine(view)->at(0).x(), f.x(mapped));

    // Outside the plot area (on the legend below it) nothing happens.
    f.controller.setCurrentFrame(0);
    const QPoint below(pos.x(), view->height() - 3);
    EXPECT_EQ(f.panel.frameAt(view, below), -1);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, below);
    EXPECT_EQ(f.controller.currentFrame(), 0);
}

TEST(Charts, TheChartsFollowThePartitionTheViewShows)
{
    hw::ui::MainWindow window;
    ASSERT_TRUE(window.openParsedScenario(hw::uitest::groupsScenario(), QStringLiteral("groups.json")));
    auto* panel = qobject_cast<ChartsPanel*>(window.chartsWidget());
    ASSERT_NE(panel, nullptr);
    EXPECT_EQ(window.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->widget(), panel);
    window.showPartition(3);
    EXPECT_EQ(panel->partition(), 3);
    EXPECT_TRUE(panel->replicationView()->chart()->title().contains(QStringLiteral("payments-0")));
    // payments has replication factor 2: two LEO lines and the HW.
    EXPECT_EQ(panel->replicationLines().size(), 3);
}

TEST(Charts, AForkRecomputesTheSeriesAndUndoRestoresThem)
{
    hw::ui::MainWindow window;
    SimController* controller = window.controller();
    auto* panel = qobject_cast<ChartsPanel*>(window.chartsWidget());
    ASSERT_NE(panel, nullptr);
    const hw::RunMetrics before = controller->session().metrics();
    EXPECT_TRUE(before == metricsFrameByFrame(controller->timeline()));
    const std::int64_t frame = controller->timeline().findLabel("2");
    controller->setCurrentFrame(frame);
    ASSERT_TRUE(window.act(hw::FaultStep { hw::BrokerAction { hw::BrokerAction::Kind::Kill, 3, 0 } }));
    controller->goToLast();
    for (int i = 0; i < 20; ++i)
        controller->stepForward();
    panel->refresh();

    const hw::RunMetrics& after = controller->session().metrics();
    ASSERT_EQ(after.frameCount(), controller->frameCount());
    EXPECT_TRUE(after == metricsFrameByFrame(controller->timeline()));
    EXPECT_FALSE(after == before);
    // The drawn lines end where the new timeline ends and show its values.
    const double end
        = static_cast<double>(controller->timeline().frame(controller->lastFrame()).timeMs) / panel->msPerUnit();
    const hw::ClusterState& head = controller->state();
    const QList<QLineSeries*> lines = panel->replicationLines();
    for (qsizetype r = 0; r + 1 < lines.size(); ++r) {
        EXPECT_EQ(lines[r]->points().constLast().x(), end);
        EXPECT_EQ(lines[r]->points().constLast().y(),
            static_cast<double>(head.partitions[0].replicas[static_cast<std::size_t>(r)].log.leo()));
    }
    EXPECT_EQ(drawnValueAt(panel->isrLine(), end), static_cast<double>(head.partitions[0].registration.isr.size()));

    window.undoStack()->undo(); // the steps at the head
    window.undoStack()->undo(); // the kill
    ASSERT_EQ(controller->frameCount(), before.frameCount());
    EXPECT_TRUE(controller->session().metrics() == before);
}

TEST(Charts, TextsFollowTheLanguageAndTheTimeUnit)
{
    PanelFixture f(QStringLiteral("builtin:consumer-lag"));
    // consumer-lag runs for 12.5 s: the time axis counts seconds.
    EXPECT_EQ(f.panel.msPerUnit(), 1000);
    const auto* x = qobject_cast<QValueAxis*>(f.panel.lagView()->chart()->axes(Qt::Horizontal).constFirst());
    EXPECT_EQ(x->titleText(), QStringLiteral("Simulated time (s)"));
    EXPECT_EQ(f.panel.tabs()->tabText(ChartsPanel::GroupPage), QStringLiteral("Consumer lag"));
    const QString tip = f.panel.toolTipAt(f.panel.isrLine(), 0);
    const std::int64_t frame = chartdata::frameAtTime(f.controller.timeline(), 0);
    EXPECT_EQ(tip, QStringLiteral("Replicas in the ISR: 3 at 0.000 s (frame %1)").arg(frame));
}

TEST(Charts, ALanguageSwitchRenamesEverythingAtOnce)
{
    PanelFixture f(QStringLiteral("builtin:leader-failover"));
    const auto* y = qobject_cast<QValueAxis*>(f.panel.replicationView()->chart()->axes(Qt::Vertical).constFirst());
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_TW")));
    QApplication::processEvents();
    const QString tab = f.panel.tabs()->tabText(ChartsPanel::PartitionPage);
    const QString yTitle = y->titleText();
    const QStringList legend = f.panel.legendTexts(f.panel.replicationView());
    const QString lineName = f.panel.replicationLines().constFirst()->name();
    // Chart text lists the CJK family first, or Qt Charts elides a vertical Chinese title.
    const QStringList families = y->titleFont().families();
    const QStringList appFamilies = QGuiApplication::font().families();
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("en")));
    QApplication::processEvents();

    EXPECT_NE(tab, QStringLiteral("Partition"));
    EXPECT_NE(yTitle, QStringLiteral("Offset"));
    EXPECT_NE(lineName, QStringLiteral("LEO of broker 1"));
    ASSERT_EQ(legend.size(), 5);
    EXPECT_EQ(legend[1], lineName);
    ASSERT_GE(appFamilies.size(), 2);
    EXPECT_EQ(families.value(0), appFamilies.constLast());
    // And back in English.
    EXPECT_EQ(f.panel.tabs()->tabText(ChartsPanel::PartitionPage), QStringLiteral("Partition"));
    EXPECT_EQ(y->titleText(), QStringLiteral("Offset"));
    EXPECT_EQ(f.panel.legendTexts(f.panel.replicationView()).value(1), QStringLiteral("LEO of broker 1"));
}

} // namespace
