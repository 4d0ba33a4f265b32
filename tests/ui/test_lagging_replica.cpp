// SPDX-License-Identifier: MIT
// A replica far behind the others (issue 25, defect 1). The log rows show a window of offsets that ends
// at the longest log of the partition; a follower whose log ends before that window starts holds no
// record there. Drawing it read "the record before the window" past the end of its log and crashed
// (SIGSEGV in ReplicaLogItem::sync) in both views, at every size, in the GUI and in the exporter:
// consumer-lag's frame 21, and two brokers with auto.fetch off after one produce of 16 values or more.

#include "base/theme.h"
#include "control/simcontroller.h"
#include "panels/inspectorpanel.h"
#include "scene/clusterfacts.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/replicalogitem.h"
#include "shell/mainwindow.h"
#include "uitest_support.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using hw::ui::FrameScene;
using hw::ui::ReplicaLogItem;

QString text(const ReplicaLogItem* item, const char* role)
{
    const hw::ui::TextRun* run = item->textWithRole(QString::fromLatin1(role));
    return run ? run->text : QString();
}

hw::Timeline playJson(const std::string& json)
{
    auto parsed = hw::parseScenario(json, "lagging.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        ADD_FAILURE() << error->toString();
    auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
    if (auto* error = std::get_if<hw::ScenarioError>(&played))
        ADD_FAILURE() << error->toString();
    return std::move(std::get<hw::Timeline>(played));
}

/// Two brokers whose follower never fetches (auto.fetch off), and one produce of `values` records at acks=1.
std::string unfetchedScenario(int values)
{
    std::string list;
    for (int i = 0; i < values; ++i)
        list += (i ? ",\"v" : "\"v") + std::to_string(i) + "\"";
    return R"({"format": "highwater/1", "name": "unfetched", "seed": 1,
 "cluster": {"brokers": 2, "config": {"auto.fetch": false}},
 "topics": [{"name": "t", "partitions": 1, "replication.factor": 2, "assignment": [[1, 2]]}],
 "producers": [{"id": "p", "acks": "1"}],
 "steps": [{"produce": {"producer": "p", "topic": "t", "values": [)"
        + list + R"(]}}, {"advance": {"ms": 100}}, {"checkpoint": "end"}]})";
}

/// The ways the GUI lays out a frame: the partition view, the cluster view, and presentation mode's
/// compact cluster view without a legend, each at two aspects.
struct Layout {
    FrameScene::ViewKind kind;
    bool compact;
    qreal aspect;
};
const Layout layouts[] = {
    { FrameScene::ViewKind::Partition, false, 16.0 / 9.0 },
    { FrameScene::ViewKind::Partition, false, 4.0 / 3.0 },
    { FrameScene::ViewKind::Cluster, false, 16.0 / 9.0 },
    { FrameScene::ViewKind::Cluster, false, 4.0 / 3.0 },
    { FrameScene::ViewKind::Cluster, true, 16.0 / 9.0 },
    { FrameScene::ViewKind::Cluster, true, 4.0 / 3.0 },
};

void lay(FrameScene& scene, const Layout& layout, const hw::ClusterState& state)
{
    scene.setViewKind(layout.kind);
    scene.setCompact(layout.compact);
    scene.setLegendShown(!layout.compact);
    scene.setTargetAspect(layout.aspect);
    scene.setFrame(state, static_cast<double>(state.nowMs));
}

/// A row whose log ends before its window: no cells, its LEO and HW as the state has them, its LEO marker
/// at the window's left edge and, in the partition view, a tag that points left from there (the cluster
/// view writes the numbers right of the cells).
void expectRowEndsBeforeItsWindow(const ReplicaLogItem* row, const hw::Replica& replica)
{
    ASSERT_NE(row, nullptr);
    ASSERT_LE(replica.log.leo(), row->geometry().windowStart);
    EXPECT_TRUE(row->cells().isEmpty());
    EXPECT_EQ(row->leo(), replica.log.leo());
    EXPECT_EQ(row->hw(), replica.hw);
    const QString leo = QStringLiteral("LEO %1").arg(replica.log.leo());
    if (row->geometry().mode == hw::ui::LogGeometry::Mode::Partition && replica.log.leo() < row->geometry().windowStart)
        EXPECT_EQ(text(row, "leo"), QStringLiteral("\u25C0 ") + leo);
    else
        EXPECT_EQ(text(row, "leo"), leo);
    EXPECT_DOUBLE_EQ(row->leoMarkerX(), row->mapToScene(QPointF(row->geometry().cellsLeft(), 0)).x());
}

/// Every cell of a row is a record the replica holds, inside the window, with that record's epoch.
void expectCellsAreTheReplicasRecords(const ReplicaLogItem* row, const hw::Replica& replica)
{
    const hw::ui::LogGeometry& g = row->geometry();
    hw::Offset expected = std::max(g.windowStart, replica.log.logStart);
    for (const ReplicaLogItem::Cell& cell : row->cells()) {
        EXPECT_EQ(cell.offset, expected++);
        ASSERT_TRUE(replica.log.holds(cell.offset)) << "offset " << cell.offset;
        EXPECT_EQ(cell.epoch, replica.log.at(cell.offset).epoch);
        EXPECT_LT(cell.offset, g.windowStart + g.slotCount);
    }
    EXPECT_EQ(expected, std::clamp(replica.log.leo(), g.windowStart, g.windowStart + g.slotCount));
}

TEST(LaggingReplica, TwoBrokersWithoutFetchingDrawTheFollowerBehindTheWindowInEveryLayout)
{
    for (const int values : { 15, 16, 17, 40 }) {
        SCOPED_TRACE(std::to_string(values) + " values");
        const hw::Timeline timeline = playJson(unfetchedScenario(values));
        for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
            const hw::ClusterState state = timeline.stateAt(f);
            for (const Layout& layout : layouts) {
                SCOPED_TRACE("frame " + std::to_string(f) + " layout " + std::to_string(&layout - layouts));
                FrameScene scene;
                lay(scene, layout, state);
                for (const hw::Replica& replica : state.partitions[0].replicas) {
                    const ReplicaLogItem* row = scene.replicaItem(0, replica.broker);
                    ASSERT_NE(row, nullptr);
                    expectCellsAreTheReplicasRecords(row, replica);
                    if (replica.log.leo() <= row->geometry().windowStart)
                        expectRowEndsBeforeItsWindow(row, replica);
                }
            }
        }
        // At the end the leader holds every value and the follower none; from 16 values on, the window
        // of the partition view (16 offsets up to the LEO slot) starts after offset 0.
        const hw::ClusterState end = timeline.stateAt(timeline.findLabel("end"));
        FrameScene scene;
        lay(scene, layouts[0], end);
        const ReplicaLogItem* leader = scene.replicaItem(0, 1);
        const ReplicaLogItem* follower = scene.replicaItem(0, 2);
        ASSERT_NE(leader, nullptr);
        ASSERT_NE(follower, nullptr);
        EXPECT_TRUE(leader->isLeader());
        EXPECT_EQ(leader->leo(), values);
        EXPECT_EQ(follower->leo(), 0);
        EXPECT_EQ(leader->geometry().windowStart, std::max(0, values + 1 - 16));
        EXPECT_EQ(leader->cells().size(), std::min(values, 15));
        // One epoch throughout: no cell, the first shown included, starts a new one.
        for (const ReplicaLogItem::Cell& cell : leader->cells())
            EXPECT_FALSE(cell.epochStart) << "offset " << cell.offset;
        if (values >= 16)
            expectRowEndsBeforeItsWindow(follower, end.partitions[0].replicas[1]);
    }
}

TEST(LaggingReplica, ConsumerLagFrame21DrawsInEveryLayoutAndTextSize)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:consumer-lag");
    const hw::ClusterState state = timeline.stateAt(21);
    const hw::Partition& partition = state.partitions[0];
    ASSERT_EQ(hw::ui::maxLogEnd(partition), 20);
    // Presentation mode's text floor makes taller cells and wider blocks; it is reset however the test ends.
    struct ResetTextFloor {
        ~ResetTextFloor() { hw::ui::theme::setTextSizeMin(0); }
    } reset;
    for (const qreal textFloor : { 0.0, 28.0 }) {
        hw::ui::theme::setTextSizeMin(textFloor);
        for (const Layout& layout : layouts) {
            SCOPED_TRACE("text floor " + std::to_string(textFloor) + " layout " + std::to_string(&layout - layouts));
            FrameScene scene;
            lay(scene, layout, state);
            int behind = 0;
            for (const hw::Replica& replica : partition.replicas) {
                const ReplicaLogItem* row = scene.replicaItem(0, replica.broker);
                ASSERT_NE(row, nullptr);
                expectCellsAreTheReplicasRecords(row, replica);
                if (replica.log.leo() < row->geometry().windowStart) {
                    ++behind;
                    expectRowEndsBeforeItsWindow(row, replica);
                }
            }
            // Brokers 2 and 3 have fetched nothing of the twenty records yet.
            EXPECT_EQ(behind, 2);
        }
    }
}

TEST(LaggingReplica, TheFirstCellShownStillStartsAnEpochWhenTheRecordBeforeTheWindowIsOfAnother)
{
    // Three records in epoch 0, a failover to broker 2 (epoch 1), fifteen more: the partition view's
    // window (16 offsets up to the LEO slot at 18) starts at offset 3, the first of epoch 1, while
    // broker 1, offline, holds offsets 0-2 only.
    const hw::Timeline timeline = playJson(R"({"format": "highwater/1", "name": "epochs", "seed": 1,
 "cluster": {"brokers": 2},
 "topics": [{"name": "t", "partitions": 1, "replication.factor": 2, "assignment": [[1, 2]]}],
 "producers": [{"id": "p", "acks": "all"}],
 "steps": [{"produce": {"producer": "p", "topic": "t", "values": ["a", "b", "c"]}}, {"settle": {}},
   {"kill": {"broker": 1}}, {"advance": {"ms": 15000}},
   {"produce": {"producer": "p", "topic": "t", "values": ["d","e","f","g","h","i","j","k","l","m","n","o","p","q","r"]}},
   {"advance": {"ms": 2000}}, {"checkpoint": "end"}]})");
    const hw::ClusterState state = timeline.stateAt(timeline.findLabel("end"));
    const hw::Partition& partition = state.partitions[0];
    ASSERT_EQ(partition.registration.leader, 2);
    const hw::Replica* leader = hw::ui::replicaOf(partition, 2);
    ASSERT_EQ(leader->log.leo(), 18);
    ASSERT_EQ(leader->log.at(2).epoch, 0);
    ASSERT_EQ(leader->log.at(3).epoch, 1);
    FrameScene scene;
    lay(scene, layouts[0], state);
    const ReplicaLogItem* row = scene.replicaItem(0, 2);
    ASSERT_NE(row, nullptr);
    ASSERT_EQ(row->geometry().windowStart, 3);
    ASSERT_FALSE(row->cells().isEmpty());
    EXPECT_EQ(row->cells().first().offset, 3);
    EXPECT_TRUE(row->cells().first().epochStart);
    for (qsizetype i = 1; i < row->cells().size(); ++i)
        EXPECT_FALSE(row->cells()[i].epochStart) << "offset " << row->cells()[i].offset;
    const ReplicaLogItem* offline = scene.replicaItem(0, 1);
    ASSERT_NE(offline, nullptr);
    EXPECT_EQ(offline->leo(), 3);
    EXPECT_TRUE(offline->cells().isEmpty());
}

TEST(LaggingReplica, TheWindowShowsConsumerLagFrame21InBothViewsWithTheInspectorOnTheFollower)
{
    hw::ui::MainWindow window;
    window.resize(1280, 720);
    window.show();
    hw::ui::SimController* controller = window.controller();
    ASSERT_TRUE(controller->openScenario(QStringLiteral("builtin:consumer-lag")).isEmpty());
    controller->setCurrentFrame(21);
    ASSERT_EQ(controller->currentFrame(), 21);
    window.inspector()->setTarget(hw::ui::SceneTarget::forReplica(0, 3));
    for (const FrameScene::ViewKind kind : { FrameScene::ViewKind::Cluster, FrameScene::ViewKind::Partition }) {
        window.setViewKind(kind);
        const ReplicaLogItem* row = window.scene()->replicaItem(0, 3);
        ASSERT_NE(row, nullptr);
        EXPECT_EQ(row->leo(), 0);
        EXPECT_TRUE(row->cells().isEmpty());
        EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("LEO")), QStringLiteral("0"));
        // Over the empty slots of the row nothing is held: no record's tooltip.
        const QPointF slot = row->mapToScene(QPointF(row->geometry().cellsLeft() + row->geometry().cellWidth / 2,
            row->geometry().topLane + row->geometry().cellHeight / 2));
        EXPECT_TRUE(row->toolTipAt(row->mapFromScene(slot)).isEmpty());
        EXPECT_FALSE(window.view()->grab().isNull());
    }
}

TEST(LaggingReplica, TheExporterWritesConsumerLagFrame21InBothViews)
{
    QTemporaryDir dir;
    for (const char* view : { "partition", "cluster" }) {
        const QString out = dir.filePath(QStringLiteral("frame21-%1.png").arg(QLatin1String(view)));
        QProcess cli;
        cli.start(QStringLiteral(HW_CLI_PATH),
            { QStringLiteral("export"), QStringLiteral("builtin:consumer-lag"), QStringLiteral("--frame"),
                QStringLiteral("21"), QStringLiteral("--view"), QLatin1String(view), QStringLiteral("--width"),
                QStringLiteral("1280"), QStringLiteral("--height"), QStringLiteral("720"), QStringLiteral("--out"),
                out });
        ASSERT_TRUE(cli.waitForFinished(120000));
        EXPECT_EQ(cli.exitStatus(), QProcess::NormalExit) << view;
        EXPECT_EQ(cli.exitCode(), 0) << view << ": " << cli.readAllStandardError().toStdString();
        EXPECT_EQ(QImage(out).size(), QSize(1280, 720)) << view;
    }
}

} // namespace
