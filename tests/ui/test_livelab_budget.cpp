// SPDX-License-Identifier: MIT
// The app's live lab at its history's memory budget (issue 28, defect 1): "The lab must never stop
// serving because of a cap. At the budget, drop the oldest frames from the timeline; the UI and the
// log say so. Keep serving." A real socket client produces until the timeline has dropped its oldest
// frames several times at the smallest budget (limits::historyBytesMin); every view then starts at
// Timeline::firstFrame(), and the saved session still replays offline to the frames kept.
#include "control/livesession.h"
#include "control/session.h"
#include "control/simcontroller.h"
#include "base/i18n.h"
#include "export/exportdialog.h"
#include "export/exporter.h"
#include "livetest_client.h"
#include "model/limits.h"
#include "panels/chartspanel.h"
#include "panels/eventlogmodel.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scenario/scenario.h"
#include "scene/framescene.h"
#include "shell/livelabdialog.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"

#include <QAbstractItemModel>
#include <QFontInfo>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QListView>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

namespace {

using hw::ui::LiveLabDialog;
using hw::ui::MainWindow;
using hw::ui::SimController;
using hw::uitest::liveWaitMs;
using hw::uitest::startLiveLab;
using hw::uitest::TestClient;

/// How many drops the tests wait for: several, so that a drop after a drop is covered too.
constexpr int dropsWanted = 3;
/// Each batch: this many records of recordBytes each, so that the history fills the budget in seconds.
constexpr int recordsPerBatch = 20;
constexpr std::size_t recordBytes = 200;

const char* budgetScenarioJson()
{
    return R"({"format": "highwater/1", "name": "budget", "seed": 1,
 "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3}],
 "steps": [{"advance": {"ms": 3000}}, {"checkpoint": "started"}]})";
}

/// A window serving the budget scenario at the smallest memory budget, with one producing client.
struct BudgetLab {
    MainWindow window;
    LiveLabDialog* dialog = nullptr;
    TestClient client { "budget-producer" };
    std::vector<std::pair<std::int64_t, std::int64_t>> drops; // (firstFrame, dropped) per framesDropped
    QStringList messages;
    int value = 0;

    BudgetLab()
    {
        hw::ui::setLanguage(QStringLiteral("en"));
        window.resize(1280, 720);
        window.show();
        auto parsed = hw::parseScenario(budgetScenarioJson(), "budget.json");
        EXPECT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
        EXPECT_TRUE(window.openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("budget.json")));
        controller()->setMemoryBudget(hw::limits::historyBytesMin);
        QObject::connect(controller(), &SimController::framesDropped,
            [this](std::int64_t first, std::int64_t dropped) { drops.emplace_back(first, dropped); });
        QObject::connect(controller(), &SimController::message, [this](const QString& text) { messages << text; });
        dialog = window.openLiveLab();
    }
    ~BudgetLab() { window.liveSession()->stop(); }

    SimController* controller() const { return window.controller(); }

    void start()
    {
        const int brokers = static_cast<int>(controller()->timeline().head().brokers.size());
        ASSERT_TRUE(startLiveLab(*dialog, *window.liveSession(), brokers)) << dialog->statusLabel()->text().toStdString();
        const hw::ClusterState& head = controller()->timeline().head();
        ASSERT_TRUE(client.connectTo(dialog->portBox()->value() + head.partitions[0].registration.leader));
        client.hello();
        ASSERT_TRUE(client.waitForResponses(2));
    }

    /// One batch, answered.
    bool produceOne()
    {
        std::vector<std::string> values;
        for (int i = 0; i < recordsPerBatch; ++i) {
            std::string v = "r" + std::to_string(value++) + ":";
            v.resize(recordBytes, 'x');
            values.push_back(std::move(v));
        }
        const int answered = client.responses();
        client.produceBatch(values);
        return client.waitForResponses(answered + 1);
    }

    /// Produces, a few batches in flight, until the history dropped frames `count` times.
    bool produceUntilDrops(std::size_t count)
    {
        for (int batch = 0; batch < 20000 && drops.size() < count; ++batch) {
            if (!produceOne())
                return false;
        }
        return drops.size() >= count;
    }
};

/// Whether the scene draws the current frame: rendered into an image, something is drawn.
bool sceneRenders(hw::ui::FrameScene* scene)
{
    QImage image(320, 180, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    scene->render(&painter);
    painter.end();
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != qRgb(255, 255, 255))
                return true;
    return false;
}

} // namespace

TEST(LiveLabBudget, ServingGoesOnAtTheBudgetAndEveryViewStartsAtTheFirstFrameKept)
{
    BudgetLab lab;
    lab.start();
    SimController* controller = lab.controller();
    hw::ui::EventLogModel* model = qobject_cast<hw::ui::EventLogModel*>(lab.window.eventLog()->model());
    ASSERT_NE(model, nullptr);
    int rowsRemoved = 0;
    int resets = 0;
    QObject::connect(model, &QAbstractItemModel::rowsRemoved, [&](const QModelIndex&, int first, int last) {
        EXPECT_EQ(first, 0) << "dropped frames leave from the top";
        rowsRemoved += last - first + 1;
    });
    QObject::connect(model, &QAbstractItemModel::modelReset, [&] { ++resets; });

    ASSERT_TRUE(lab.produceUntilDrops(dropsWanted)) << lab.drops.size() << " drops, " << controller->frameCount()
                                                    << " frames, history " << controller->timeline().historyBytes();
    const hw::Timeline& timeline = controller->timeline();
    std::int64_t first = controller->firstFrame();
    // Serving never stopped, and goes on: the client's next batches are answered.
    EXPECT_TRUE(lab.window.liveSession()->isServing());
    EXPECT_TRUE(lab.produceOne());
    EXPECT_TRUE(lab.produceOne());
    EXPECT_TRUE(lab.window.liveSession()->isServing());
    EXPECT_TRUE(lab.client.connected());
    // Frames keep their numbers; the first kept is the one the last drop named.
    ASSERT_GT(first, 0);
    EXPECT_EQ(timeline.firstFrame(), first);
    EXPECT_EQ(lab.drops.back().first, first);
    for (std::size_t i = 1; i < lab.drops.size(); ++i)
        EXPECT_GT(lab.drops[i].first, lab.drops[i - 1].first);
    EXPECT_LE(timeline.historyBytes(), 2 * timeline.memoryBudget());
    // The views are checked on a timeline that holds still: stopping closes the connection (its
    // frames are the last) and tells the views.
    lab.dialog->stopButton()->click();
    ASSERT_FALSE(lab.window.liveSession()->isServing());
    first = controller->firstFrame(); // the last frames, of the closing, may have dropped more

    // The status bar says so, once per drop, naming the budget and the first frame kept.
    int told = 0;
    for (const QString& m : std::as_const(lab.messages))
        if (m.startsWith(QStringLiteral("The history reached its memory budget of 1 MiB: frames before ")))
            ++told;
    EXPECT_EQ(told, static_cast<int>(lab.drops.size()));

    // The timeline bar starts at the first frame kept, and says that the start was dropped.
    QCoreApplication::processEvents();
    hw::ui::TimelinePanel* panel = lab.window.timelinePanel();
    EXPECT_EQ(panel->bar()->firstFrame(), first);
    EXPECT_EQ(panel->bar()->frameCount(), controller->frameCount());
    EXPECT_DOUBLE_EQ(panel->bar()->xOf(first), panel->bar()->xOf(panel->bar()->firstFrame()));
    EXPECT_LT(panel->bar()->xOf(first), panel->bar()->xOf(controller->lastFrame()));
    EXPECT_TRUE(panel->droppedLabel()->isVisible());
    const QString clock = SimController::clockText(timeline.frame(first).timeMs);
    EXPECT_EQ(panel->droppedLabel()->text(), hw::ui::TimelinePanel::droppedText(clock, QStringLiteral("1 MiB")));
    EXPECT_TRUE(panel->droppedLabel()->text().startsWith(QStringLiteral("History from ")));
    for (const SimController::Marker& m : controller->markers())
        EXPECT_GE(m.frame, first);

    // The event log: row 0 is the first frame kept; the dropped rows were removed, not the model reset.
    EXPECT_EQ(model->rowCount(), controller->frameCount() - first);
    EXPECT_EQ(model->index(0, 0).data(Qt::UserRole).toLongLong(), first);
    EXPECT_TRUE(model->index(0, 0).data(Qt::DisplayRole).toString().startsWith(QString::number(first) + QStringLiteral(" \u00B7")));
    EXPECT_EQ(model->index(model->rowCount() - 1, 0).data(Qt::UserRole).toLongLong(), controller->lastFrame());
    EXPECT_GE(rowsRemoved, static_cast<int>(first) - 1);
    EXPECT_EQ(resets, 0);

    // The charts: the numbers before the first frame kept are gone (bounded memory), and every line
    // starts at its time.
    const hw::RunMetrics& metrics = controller->session().metrics();
    EXPECT_EQ(metrics.firstFrame(), first);
    for (const hw::PartitionMetrics& pm : metrics.partitions()) {
        for (const hw::StepSeries& leo : pm.leo) {
            ASSERT_FALSE(leo.empty());
            EXPECT_EQ(leo.frameAt(0), first);
        }
        ASSERT_FALSE(pm.hw.empty());
        EXPECT_EQ(pm.hw.frameAt(0), first);
        for (const hw::LeaderChange& change : pm.leaderChanges)
            EXPECT_GE(change.frame, first);
    }
    lab.window.charts()->refresh();
    const double startX = static_cast<double>(timeline.frame(first).timeMs) / lab.window.charts()->msPerUnit();
    for (QLineSeries* line : lab.window.charts()->replicationLines()) {
        ASSERT_FALSE(line->points().isEmpty()) << line->name().toStdString();
        for (const QPointF& p : line->points())
            EXPECT_GE(p.x(), startX - 1e-9) << line->name().toStdString();
    }

    // Export: the range starts at the first frame kept; below it is a clear error.
    QTemporaryDir dir;
    hw::ui::ExportSettings settings;
    settings.format = hw::ui::ExportFormat::Png;
    settings.size = QSize(320, 200);
    const hw::ui::ExportResult below = hw::ui::Exporter::exportFrames(
        timeline, controller->scenario(), { first - 1 }, settings, dir.filePath(QStringLiteral("below.png")));
    EXPECT_TRUE(below.error.contains(QStringLiteral("was dropped to stay within the memory budget")))
        << below.error.toStdString();
    const hw::ui::ExportResult kept = hw::ui::Exporter::exportFrames(
        timeline, controller->scenario(), { first }, settings, dir.filePath(QStringLiteral("first.png")));
    EXPECT_TRUE(kept.error.isEmpty()) << kept.error.toStdString();
    EXPECT_FALSE(QImage(dir.filePath(QStringLiteral("first.png"))).isNull());
    EXPECT_EQ(hw::ui::Exporter::checkpointFrames(timeline), std::vector<std::int64_t> {});
    {
        hw::ui::ExportAnimationDialog animation(controller, lab.window.scene());
        auto spins = animation.findChildren<QSpinBox*>();
        ASSERT_GE(spins.size(), 2);
        EXPECT_EQ(spins[0]->minimum(), first);
        EXPECT_EQ(spins[1]->minimum(), first);
    }

    // Scrubbing: First goes to the first frame kept, Back stays there, and every frame kept can be
    // shown, each drawn.
    const std::int64_t firstKept = controller->firstFrame();
    lab.window.action(QStringLiteral("first"))->trigger();
    EXPECT_EQ(controller->currentFrame(), firstKept);
    lab.window.action(QStringLiteral("stepBack"))->trigger();
    EXPECT_EQ(controller->currentFrame(), firstKept);
    controller->setCurrentFrame(0);
    EXPECT_EQ(controller->currentFrame(), firstKept) << "a frame asked below the first is the first";
    for (std::int64_t f = firstKept; f <= controller->lastFrame(); ++f) {
        controller->setCurrentFrame(f);
        ASSERT_EQ(controller->currentFrame(), f);
        ASSERT_EQ(controller->state().nowMs, timeline.frame(f).timeMs) << "frame " << f;
        ASSERT_EQ(model->rowOfFrame(f), f - firstKept);
        if ((f - firstKept) % 64 == 0 || f == controller->lastFrame())
            ASSERT_TRUE(sceneRenders(lab.window.scene())) << "frame " << f;
    }
    QCoreApplication::processEvents();
    EXPECT_EQ(lab.window.eventLog()->currentIndex().row(), controller->lastFrame() - firstKept);
}

TEST(LiveLabBudget, TheSavedSessionKeepsEveryActionAndReplaysOfflineToTheFramesKept)
{
    BudgetLab lab;
    lab.start();
    SimController* controller = lab.controller();
    ASSERT_TRUE(lab.produceUntilDrops(dropsWanted));
    // A GUI action while live, after the drops: it is saved too.
    hw::BrokerAction isolate;
    isolate.kind = hw::BrokerAction::Kind::Isolate;
    isolate.broker = controller->timeline().head().partitions[0].registration.leader % 3 + 1;
    ASSERT_TRUE(lab.window.act(hw::FaultStep { isolate, true }));
    EXPECT_TRUE(lab.produceOne());
    lab.dialog->stopButton()->click();
    ASSERT_FALSE(lab.window.liveSession()->isServing());
    const hw::Timeline& timeline = controller->timeline();
    ASSERT_GT(timeline.firstFrame(), 0);
    EXPECT_EQ(controller->session().recordingFullAtFrame(), -1);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("budget-session.json"));
    ASSERT_EQ(lab.window.saveScenario(path), QString());
    auto loaded = hw::loadScenario(path.toStdString());
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded)) << std::get<hw::ScenarioError>(loaded).toString();
    // Replayed offline (the default budget: nothing dropped), it makes every frame from the first.
    auto replayed = hw::playScenario(std::get<hw::Scenario>(loaded));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(replayed)) << std::get<hw::ScenarioError>(replayed).toString();
    const hw::Timeline& offline = std::get<hw::Timeline>(replayed);
    EXPECT_EQ(offline.firstFrame(), 0);
    ASSERT_EQ(offline.frameCount(), timeline.frameCount());
    // The frames the live timeline kept are the same frames, state for state.
    for (std::int64_t f = timeline.firstFrame(); f < timeline.frameCount(); ++f) {
        ASSERT_EQ(offline.frame(f).event, timeline.frame(f).event) << "frame " << f;
        ASSERT_EQ(offline.frame(f).timeMs, timeline.frame(f).timeMs) << "frame " << f;
        ASSERT_TRUE(offline.stateAt(f) == timeline.stateAt(f)) << "frame " << f;
    }
    EXPECT_EQ(offline.head().liveClients.size(), 1U);
    EXPECT_GE(offline.findLabel("started"), 0) << "the scenario's checkpoint, long dropped live, is saved too";
    EXPECT_EQ(offline.actionCount(), timeline.actionCount());
}

TEST(LiveLabBudget, AViewOnAFrameThatIsDroppedMovesToTheFirstFrameKeptAndSaysSo)
{
    BudgetLab lab;
    lab.start();
    SimController* controller = lab.controller();
    ASSERT_TRUE(lab.produceUntilDrops(1));
    // The teacher scrubs to the oldest frame kept and stays there while the class produces.
    const std::int64_t watched = controller->firstFrame();
    controller->setCurrentFrame(watched);
    EXPECT_FALSE(controller->followsLive());
    const std::size_t dropsBefore = lab.drops.size();
    ASSERT_TRUE(lab.produceUntilDrops(dropsBefore + 1));
    const std::int64_t first = controller->firstFrame();
    ASSERT_GT(first, watched);
    // Moved to the first frame kept, not crashed; still not following; and told.
    EXPECT_EQ(controller->currentFrame(), first);
    EXPECT_FALSE(controller->followsLive());
    EXPECT_EQ(controller->state().nowMs, controller->timeline().frame(first).timeMs);
    const QString told = controller->framesDroppedMessage(watched);
    EXPECT_TRUE(told.contains(QStringLiteral("Frame %1, which was shown, is gone: showing frame %2, the oldest kept.")
                                  .arg(watched)
                                  .arg(first)));
    EXPECT_TRUE(lab.messages.contains(told)) << lab.messages.join(QLatin1Char('\n')).toStdString();
    QCoreApplication::processEvents();
    EXPECT_EQ(lab.window.timelinePanel()->bar()->value(), first);
    EXPECT_TRUE(lab.window.liveSession()->isServing());
    EXPECT_TRUE(lab.produceOne());
}

namespace {

/// A real client's produce of `count` short lines (20 bytes, as a class's console producers send) to
/// orders-0, as the server hands it to the timeline.
hw::LiveClientAction classProduce(std::int32_t client, std::int64_t first, int count, hw::TimeMs atMs)
{
    hw::LiveProduce produce;
    produce.acks = hw::Acks::All;
    for (int i = 0; i < count; ++i) {
        hw::LiveRecord record;
        record.value = "class-record-" + std::to_string(first + i);
        produce.records.push_back(std::move(record));
    }
    hw::LiveClientAction action;
    action.kind = hw::LiveClientAction::Kind::Request;
    action.client = client;
    action.request = std::move(produce);
    action.atMs = atMs;
    return action;
}

} // namespace

// The figure of issue 28 for the app: "a 90-minute class at 2,000 records/s keeps at least its last 30
// minutes scrubbable within the default budget". The app's session (SimController, its Session with the
// charts' numbers, the drop hooks LiveSession sets) is driven as the server drives it, without sockets:
// one real client's produce requests of 100 records every 50 ms with acks=all. Everything the history
// holds grows with the records, so the class is scaled down 45 times (as
// LiveTimeline.AClassScaledDownKeepsAThirdOfItsHistoryWithinTheScaledBudget does for serve's timeline):
// 4 GiB / 45, and every minute of class is 60 / 45 s. The run goes on to twice the class's length to
// show what a longer session keeps. Prints the figures; asserts the 30 minutes at 90.
TEST(LiveLabBudget, TheDefaultBudgetKeepsTheLast30MinutesOfA90MinuteClassAt2000RecordsPerSecond)
{
    constexpr int scale = 45;
    constexpr hw::TimeMs minuteMs = 60 * 1000 / scale;
    constexpr int recordsPerBatch = 100;
    constexpr hw::TimeMs batchEveryMs = 50; // 2,000 records/s
    hw::ui::setLanguage(QStringLiteral("en"));
    SimController controller;
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "class", "seed": 1,
 "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2, "auto.fetch": true}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3}],
 "steps": [{"advance": {"ms": 1000}}]})",
        "class.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
    ASSERT_EQ(controller.openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("class.json")), QString());
    controller.setMemoryBudget(hw::limits::historyBytesDefault / scale);
    controller.setDropsOldestFrames(true);
    controller.setLive(true);
    std::vector<std::pair<std::int64_t, std::int64_t>> drops;
    QObject::connect(&controller, &SimController::framesDropped,
        [&](std::int64_t first, std::int64_t dropped) { drops.emplace_back(first, dropped); });

    hw::Timeline& timeline = controller.liveTimeline();
    hw::LiveClientAction connect;
    connect.kind = hw::LiveClientAction::Kind::Connect;
    connect.id = "console-producer";
    connect.broker = timeline.head().partitions[0].registration.leader;
    const hw::ApplyResult opened = timeline.apply(connect);
    ASSERT_TRUE(opened.ok()) << opened.error;
    const std::int32_t client = opened.event->peer;
    const hw::TimeMs start = timeline.head().nowMs;
    std::int64_t batches = 0;
    double bytesPerSecondBeforeDrops = 0;
    std::vector<std::pair<int, double>> keptAt; // (class minute, minutes kept)
    for (int minute = 1; minute <= 180; ++minute) {
        while (timeline.head().nowMs < start + minute * minuteMs) {
            const hw::TimeMs at = start + batchEveryMs * (batches + 1);
            while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < at)
                timeline.step();
            ASSERT_TRUE(timeline.apply(classProduce(client, batches * recordsPerBatch, recordsPerBatch, at)).ok());
            ++batches;
        }
        // What the follow timer does: the views hear of new frames and of drops.
        controller.liveAdvanced(static_cast<double>(timeline.head().nowMs));
        const hw::TimeMs now = timeline.head().nowMs;
        if (drops.empty())
            bytesPerSecondBeforeDrops = static_cast<double>(timeline.historyBytes()) * 1000.0 / static_cast<double>(now - start);
        const double kept = static_cast<double>(now - timeline.frame(controller.firstFrame()).timeMs) / minuteMs;
        if (minute % 15 == 0)
            keptAt.emplace_back(minute, kept);
    }
    // The simulated seconds are real ones (2,000 records each): only the budget is scaled.
    const double minutesAtDefault = static_cast<double>(hw::limits::historyBytesDefault) / bytesPerSecondBeforeDrops / 60.0;
    std::cout << "the app's live lab, a class of 2,000 records/s with the budget scaled down " << scale
              << " times: the history grows " << bytesPerSecondBeforeDrops / (1024.0 * 1024.0)
              << " MiB a second before any drop, so "
              << hw::formatByteSize(hw::limits::historyBytesDefault) << " holds " << minutesAtDefault
              << " minutes; " << drops.size() << " drops in " << 180 << " class minutes; charts keep "
              << controller.session().metrics().partitions()[0].leo[0].size() << " LEO change points\n";
    for (const auto& [minute, kept] : keptAt)
        std::cout << "  at minute " << minute << " of the class: the last " << kept << " minutes are kept\n";
    // At minute 90 the last 30 (at least) can be scrubbed.
    const auto at90 = std::find_if(keptAt.begin(), keptAt.end(), [](const auto& k) { return k.first == 90; });
    ASSERT_NE(at90, keptAt.end());
    EXPECT_GE(at90->second, 30.0);
    // Serving was never stopped by the budget: the run went on to its end, and the view follows.
    EXPECT_GE(timeline.head().nowMs, start + 180 * minuteMs);
    EXPECT_TRUE(controller.followsLive());
    EXPECT_EQ(controller.currentFrame(), controller.lastFrame());
    // The charts' numbers stay bounded with the history: they start at the first frame kept.
    EXPECT_EQ(controller.session().metrics().firstFrame(), controller.firstFrame());
}

// The window after drops, at a projector's 1280x720 and at 1920x1080, in each language: the line that
// says the start was dropped is shown whole (not cut by the transport row) in a readable font. With
// HW_SCREENSHOT_DIR set, each is also written there as a PNG to look at.
TEST(LiveLabBudget, TheDroppedStartIsShownWholeAtProjectorSizesInEveryLanguage)
{
    BudgetLab lab;
    lab.start();
    ASSERT_TRUE(lab.produceUntilDrops(2));
    lab.controller()->setCurrentFrame(lab.controller()->firstFrame() + 5);
    const QByteArray dir = qgetenv("HW_SCREENSHOT_DIR");
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_TW"), QStringLiteral("zh_CN") }) {
        ASSERT_TRUE(hw::ui::setLanguage(language));
        for (const QSize size : { QSize(1280, 720), QSize(1920, 1080) }) {
            lab.window.resize(size);
            lab.window.show();
            QCoreApplication::processEvents();
            lab.window.timelinePanel()->refresh(true);
            QCoreApplication::processEvents();
            QLabel* dropped = lab.window.timelinePanel()->droppedLabel();
            const std::string where = language.toStdString() + " at " + std::to_string(size.width());
            ASSERT_TRUE(dropped->isVisible()) << where;
            // Whole: as tall as its wrapped text needs at its width, and one or two lines.
            EXPECT_GE(dropped->height(), dropped->heightForWidth(dropped->width())) << where << ": "
                                                                                    << dropped->text().toStdString();
            EXPECT_LE(dropped->heightForWidth(dropped->width()), 2 * dropped->fontMetrics().lineSpacing() + 4) << where;
            EXPECT_GE(QFontInfo(dropped->font()).pointSizeF(), 9.0) << where;
            // Within the window, not pushed off its right edge, and neither is the panel's last widget.
            const QPoint right = dropped->mapTo(&lab.window, QPoint(dropped->width(), 0));
            EXPECT_LE(right.x(), lab.window.width()) << where;
            hw::ui::TimelinePanel* panel = lab.window.timelinePanel();
            EXPECT_LE(panel->partitionCombo()->mapTo(&lab.window, QPoint(panel->partitionCombo()->width(), 0)).x(),
                lab.window.width())
                << where;
            EXPECT_TRUE(dropped->text().contains(hw::ui::SimController::clockText(
                lab.controller()->timeline().frame(lab.controller()->firstFrame()).timeMs)));
            if (!dir.isEmpty()) {
                const QString path = QStringLiteral("%1/live-budget-%2-%3x%4.png")
                                         .arg(QString::fromLocal8Bit(dir), language)
                                         .arg(size.width())
                                         .arg(size.height());
                EXPECT_TRUE(lab.window.grab().save(path)) << path.toStdString();
            }
        }
    }
    hw::ui::setLanguage(QStringLiteral("en"));
    QCoreApplication::processEvents();
}

// A live session whose saved part reaches the size one scenario file may hold (Session::recordedBytesMax,
// as serve's --record) stops growing it: the file ends there, replays to exactly those frames, and is
// readable; what comes later is served and shown but not saved.
TEST(LiveLabBudget, ASavedSessionEndsWhereItsRecordingFilledUp)
{
    hw::ui::setLanguage(QStringLiteral("en"));
    SimController controller;
    auto parsed = hw::parseScenario(budgetScenarioJson(), "budget.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
    ASSERT_EQ(controller.openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("budget.json")), QString());
    // A budget that first drops frames when the session holds more records than one file may: the
    // recording written then stops at the cap, not at the drop.
    controller.setMemoryBudget(std::uint64_t { 48 } << 20);
    controller.setDropsOldestFrames(true);
    controller.setLive(true);
    hw::Timeline& timeline = controller.liveTimeline();
    hw::LiveClientAction connect;
    connect.kind = hw::LiveClientAction::Kind::Connect;
    connect.id = "big-records";
    connect.broker = timeline.head().partitions[0].registration.leader;
    const hw::ApplyResult opened = timeline.apply(connect);
    ASSERT_TRUE(opened.ok()) << opened.error;
    // Records of 64 KiB: the recording's 8 MiB of records (two copies counted) fill up at about 128; the
    // history first drops frames later, at about 190.
    std::int64_t sent = 0;
    std::int64_t sentAtFirstDrop = -1;
    QObject::connect(&controller, &SimController::framesDropped, [&](std::int64_t, std::int64_t) {
        if (sentAtFirstDrop < 0)
            sentAtFirstDrop = sent;
    });
    while (controller.session().recordingFullAtFrame() < 0 && sent < 1000) {
        hw::LiveClientAction produce = classProduce(opened.event->peer, sent, 1, timeline.head().nowMs + 20);
        std::get<hw::LiveProduce>(produce.request).records[0].value.resize(64 * 1024, 'x');
        ASSERT_TRUE(timeline.apply(produce).ok());
        while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < timeline.head().nowMs + 20)
            timeline.step();
        controller.liveAdvanced(static_cast<double>(timeline.head().nowMs));
        ++sent;
    }
    const std::int64_t fullAt = controller.session().recordingFullAtFrame();
    ASSERT_GE(fullAt, 0) << sent << " records";
    ASSERT_GT(controller.firstFrame(), 0);
    const hw::Scenario savedSession = controller.session().recordedSession();
    const std::string saved = hw::scenarioToJson(savedSession);
    EXPECT_LT(saved.size(), hw::limits::scenarioFileBytesMax);
    // It holds at most the cap's records (each counted twice), give or take the one that crossed it.
    std::size_t recordBytes = 0;
    for (const hw::Step& step : savedSession.steps)
        if (const auto* live = std::get_if<hw::LiveStep>(&step))
            if (const auto* produce = std::get_if<hw::LiveProduce>(&live->action.request))
                for (const hw::LiveRecord& r : produce->records)
                    recordBytes += r.value.size();
    EXPECT_GT(recordBytes, hw::ui::Session::recordedBytesMax / 4);
    EXPECT_LE(recordBytes, hw::ui::Session::recordedBytesMax / 2 + 64 * 1024);
    EXPECT_LT(static_cast<std::int64_t>(recordBytes / (64 * 1024)), sentAtFirstDrop)
        << "the records sent after the cap and before the first drop are not saved";
    // Serving goes on past it; the saved part stays as it was.
    for (int i = 0; i < 20; ++i) {
        const hw::ApplyResult more = timeline.apply(classProduce(opened.event->peer, sent + i, 1, timeline.head().nowMs + 20));
        ASSERT_TRUE(more.ok()) << more.error;
        while (timeline.hasQueuedEvents() && timeline.nextEventTimeMs() < timeline.head().nowMs + 20)
            timeline.step();
        controller.liveAdvanced(static_cast<double>(timeline.head().nowMs));
    }
    EXPECT_GT(controller.lastFrame(), fullAt);
    EXPECT_EQ(hw::scenarioToJson(controller.session().recordedSession()), saved);
    auto reread = hw::parseScenario(saved, "saved.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(reread)) << std::get<hw::ScenarioError>(reread).toString();
    auto replayed = hw::playScenario(std::get<hw::Scenario>(reread));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(replayed)) << std::get<hw::ScenarioError>(replayed).toString();
    EXPECT_EQ(std::get<hw::Timeline>(replayed).frameCount(), fullAt + 1);
}
