// SPDX-License-Identifier: MIT
// The docks: narration and notes, the event log, the inspector, the timeline's markers, playing.

#include "base/narration.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/eventlogmodel.h"
#include "panels/inspectorpanel.h"
#include "panels/narrationpanel.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scene/framescene.h"
#include "scene/messageitem.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QMimeData>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <gtest/gtest.h>

namespace {

using hw::ui::MainWindow;

TEST(Panels, NarrationShowsTheFramesSentenceAndTheScenarioNote)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    const std::int64_t frame = controller->timeline().findLabel("1");
    controller->setCurrentFrame(frame);
    hw::ui::NarrationPanel* narration = window.narration();
    EXPECT_EQ(narration->narrationText(),
        hw::ui::Narration::sentence(controller->timeline().frame(frame).event, controller->state()));
    EXPECT_TRUE(narration->headingText().contains(QStringLiteral("Checkpoint 1")));
    EXPECT_TRUE(narration->noteText().startsWith(QStringLiteral("Step 1, the initial state")));
    // A note explains the stretch after it too, and says where it came from.
    controller->setCurrentFrame(frame + 1);
    EXPECT_TRUE(narration->noteText().startsWith(QStringLiteral("Step 1")));
}

TEST(Panels, ClickingTheEventLogJumpsToThatFrame)
{
    MainWindow window;
    QListView* log = window.eventLog();
    ASSERT_EQ(log->model()->rowCount(), window.controller()->frameCount());
    const QModelIndex index = log->model()->index(12, 0);
    EXPECT_TRUE(log->model()->data(index).toString().startsWith(QStringLiteral("12 ")));
    emit log->clicked(index);
    EXPECT_EQ(window.controller()->currentFrame(), 12);
    // Checkpoint rows carry their label.
    const std::int64_t checkpoint = window.controller()->timeline().findLabel("3");
    EXPECT_TRUE(log->model()
                    ->data(log->model()->index(static_cast<int>(checkpoint), 0))
                    .toString()
                    .startsWith(QStringLiteral("[3]")));
    // New frames appear in the log.
    window.controller()->goToLast();
    window.controller()->stepForward();
    EXPECT_EQ(log->model()->rowCount(), window.controller()->frameCount());
}

TEST(Panels, TheInspectorShowsTheSelectedReplicasStateAtTheCurrentFrame)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    controller->setCurrentFrame(controller->timeline().findLabel("3"));
    window.scene()->selectTarget(hw::ui::SceneTarget::forReplica(0, 1));
    window.inspector()->setTarget(window.scene()->selectedTarget());
    const hw::Replica& leader = controller->state().partitions[0].replicas[0];
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("LEO")), QString::number(leader.log.leo()));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("HW")), QString::number(leader.hw));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("lastCaughtUpTimeMs")),
        QString::number(leader.views.front().lastCaughtUpMs));
    EXPECT_FALSE(window.inspector()->valueOf(QStringLiteral("Epoch cache")).isEmpty());
    // The selection survives moving to another frame, and the inspector follows.
    controller->setCurrentFrame(controller->timeline().findLabel("4"));
    EXPECT_EQ(window.scene()->selectedTarget(), hw::ui::SceneTarget::forReplica(0, 1));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("HW")), QStringLiteral("4"));

    window.inspector()->setTarget(hw::ui::SceneTarget::forBroker(2));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("Alive")), QStringLiteral("yes"));
    window.inspector()->setTarget(hw::ui::SceneTarget::forPartition(0));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("ISR")), QStringLiteral("{1, 2, 3}"));
    window.inspector()->setTarget(hw::ui::SceneTarget::forProducer(0));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("acks")), QStringLiteral("all"));
}

TEST(Panels, TheTimelineMarksCheckpointsWhereTheyAre)
{
    MainWindow window;
    window.show();
    QApplication::processEvents();
    const hw::Timeline& timeline = window.controller()->timeline();
    std::vector<std::int64_t> checkpoints;
    for (const hw::ui::SimController::Marker& m : window.controller()->markers()) {
        if (m.kind == hw::ui::SimController::Marker::Kind::Checkpoint)
            checkpoints.push_back(m.frame);
    }
    EXPECT_EQ(checkpoints,
        (std::vector<std::int64_t> {
            timeline.findLabel("1"), timeline.findLabel("2"), timeline.findLabel("3"), timeline.findLabel("4") }));
    hw::ui::TimelineBar* bar = window.timelinePanel()->bar();
    EXPECT_EQ(bar->frameCount(), timeline.frameCount());
    EXPECT_LT(bar->xOf(checkpoints[0]), bar->xOf(checkpoints[1]));
    EXPECT_TRUE(window.timelinePanel()->positionLabel()->text().startsWith(QStringLiteral("Frame 0 of")));
}

TEST(Panels, CheckpointLabelsStayInsideTheTimelineAtEitherEnd)
{
    // A checkpoint on the first or the last frame is centred on a line at the bar's edge: its label
    // shifts inward instead of being cut (it read "n-flight" for "in-flight" at frame 0). A label
    // that would run into the one before is not left out (issue #25): it, or the one before, gives
    // way to its number, or both become a range; one wider than the bar fits in it.
    using Kind = hw::ui::SimController::Marker::Kind;
    hw::ui::TimelineBar bar;
    bar.resize(600, bar.sizeHint().height());
    bar.setRange(100);
    bar.setMarkers({{Kind::Checkpoint, 0}, {Kind::Checkpoint, 1}, {Kind::Checkpoint, 60}, {Kind::Checkpoint, 99}},
                   {QStringLiteral("in-flight"), QStringLiteral("crowded"), QStringLiteral("middle"),
                    QStringLiteral("the-last-checkpoint")});
    const std::vector<QRectF> boxes = bar.checkpointLabelBoxes();
    ASSERT_EQ(boxes.size(), 4U);
    for (std::size_t i : { 0U, 1U, 2U, 3U }) {
        ASSERT_FALSE(boxes[i].isEmpty()) << i;
        EXPECT_GE(boxes[i].left(), 0) << i;
        EXPECT_LE(boxes[i].right(), bar.width()) << i;
    }
    const QStringList texts = bar.checkpointLabelTexts();
    EXPECT_TRUE(texts[0] == QStringLiteral("#1") || texts[0] == QStringLiteral("#1\u20132")) << texts[0].toStdString();
    EXPECT_TRUE(texts[1] == QStringLiteral("crowded") || texts[1] == QStringLiteral("#2")
        || texts[1] == QStringLiteral("#1\u20132"))
        << texts[1].toStdString();
    EXPECT_DOUBLE_EQ(boxes[0].left(), 0);
    EXPECT_DOUBLE_EQ(boxes[3].right(), bar.width());
    // The middle one is centred on its line.
    EXPECT_NEAR(boxes[2].center().x(), bar.xOf(60), 0.5);
    EXPECT_EQ(texts[2], QStringLiteral("middle"));

    bar.setMarkers({{Kind::Checkpoint, 50}}, {QString(200, QLatin1Char('x'))});
    const std::vector<QRectF> wide = bar.checkpointLabelBoxes();
    ASSERT_EQ(wide.size(), 1U);
    EXPECT_DOUBLE_EQ(wide[0].left(), 0);
    EXPECT_DOUBLE_EQ(wide[0].width(), bar.width());
}

TEST(Panels, FailoversMarkElectionsIsrChangesAndLossOnTheTimeline)
{
    MainWindow window;
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:unclean-election")));
    int elections = 0;
    int isr = 0;
    int loss = 0;
    for (const hw::ui::SimController::Marker& m : window.controller()->markers()) {
        elections += m.kind == hw::ui::SimController::Marker::Kind::Election ? 1 : 0;
        isr += m.kind == hw::ui::SimController::Marker::Kind::IsrChange ? 1 : 0;
        loss += m.kind == hw::ui::SimController::Marker::Kind::DataLoss ? 1 : 0;
    }
    EXPECT_GT(elections, 0);
    EXPECT_GT(isr, 0);
    EXPECT_GT(loss, 0);
}

TEST(Panels, SpeedRunsFromOneHundredthToTenTimes)
{
    const std::vector<double>& speeds = hw::ui::SimController::speeds();
    EXPECT_DOUBLE_EQ(speeds.front(), 0.01);
    EXPECT_DOUBLE_EQ(speeds.back(), 10.0);
    EXPECT_EQ(hw::ui::TimelinePanel::speedText(0.01), QStringLiteral("1/100x"));
    EXPECT_EQ(hw::ui::TimelinePanel::speedText(10), QStringLiteral("10x"));
}

TEST(Playback, PlayingMovesThroughTheRecordedFramesAndStopsAtTheEnd)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    controller->setSpeedIndex(static_cast<int>(hw::ui::SimController::speeds().size()) - 1);
    controller->setPlaying(true);
    QElapsedTimer timer;
    timer.start();
    while (controller->isPlaying() && timer.elapsed() < 10000)
        QTest::qWait(20);
    EXPECT_FALSE(controller->isPlaying()) << "playing stops at the end of the recorded run";
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());
    // Pressing play at the end does not run the simulation on: Run on does (Projector.* tests it).
    const std::int64_t frames = controller->frameCount();
    controller->setPlaying(true);
    QTest::qWait(200);
    EXPECT_FALSE(controller->isPlaying());
    EXPECT_EQ(controller->frameCount(), frames);
}

TEST(Playback, ABusyClusterRunsOnWithConsumersAndTheLogFollows)
{
    MainWindow window;
    ASSERT_TRUE(window.openParsedScenario(hw::uitest::groupsScenario(), QStringLiteral("groups")));
    hw::ui::SimController* controller = window.controller();
    controller->goToLast();
    const std::int64_t frames = controller->frameCount();
    const hw::TimeMs start = controller->timeline().head().nowMs;
    // Running on is an action (Play > Run on 10 s); playing then shows what it made.
    window.action(QStringLiteral("runOn"))->trigger();
    EXPECT_GT(controller->frameCount(), frames);
    EXPECT_GE(controller->timeline().head().nowMs, start + MainWindow::runOnMs);
    controller->setSpeedIndex(static_cast<int>(hw::ui::SimController::speeds().size()) - 1);
    controller->setPlaying(true);
    QTest::qWait(300);
    controller->setPlaying(false);
    EXPECT_EQ(window.eventLog()->model()->rowCount(), controller->frameCount());
    EXPECT_EQ(controller->currentFrame(), window.timelinePanel()->bar()->value());
}

TEST(Playback, MessagesMoveBetweenFramesWhilePlaying)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    // Frame 6: broker 2's Fetch is on its way to the leader (frames 1-5: the producer's batch, its
    // InitProducerId exchange, the send and the append).
    controller->setCurrentFrame(6);
    ASSERT_FALSE(window.scene()->messageItems().isEmpty());
    const double start = controller->displayTimeMs();
    controller->setSpeedIndex(0); // 1/100x: 5 ms of latency take half a second
    controller->setPlaying(true);
    QTest::qWait(150);
    controller->setPlaying(false);
    EXPECT_GT(controller->displayTimeMs(), start);
    EXPECT_EQ(window.scene()->displayTime(), controller->displayTimeMs());
    bool moving = false;
    for (const auto* m : window.scene()->messageItems())
        moving = moving || (m->progress() > 0 && m->progress() < 1);
    EXPECT_TRUE(moving);
}

} // namespace

namespace {

TEST(Files, DroppingAScenarioFileOpensIt)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("groups.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(hw::uitest::groupsScenarioJson());
    file.close();

    hw::ui::MainWindow window;
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(path) });
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    EXPECT_EQ(window.controller()->source(), path);
    EXPECT_EQ(window.controller()->state().consumers.size(), 3u);
    // A scenario with five partitions opens in the cluster view; any partition can be shown alone.
    EXPECT_EQ(window.scene()->viewKind(), hw::ui::FrameScene::ViewKind::Cluster);
    window.showPartition(3);
    EXPECT_EQ(window.scene()->viewKind(), hw::ui::FrameScene::ViewKind::Partition);
    EXPECT_EQ(window.scene()->focusPartition(), 3);
    EXPECT_NE(window.scene()->replicaItem(3, window.controller()->state().partitions[3].replicas[0].broker), nullptr);
    hw::ui::RecentFiles::clear();
}

TEST(Files, AnUnreadableScenarioIsReportedAndTheCurrentOneStays)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"highwater/1\", \"name\": ");
    file.close();
    hw::ui::MainWindow window;
    EXPECT_FALSE(window.openScenario(path));
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("broken.json:1:")));
    EXPECT_EQ(window.controller()->source(), QStringLiteral("builtin:leo-hw-walkthrough"));
}

} // namespace
