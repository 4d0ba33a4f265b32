// SPDX-License-Identifier: MIT
// View > Compare versions (issue #13, "Versions side by side"): the action opens a window with two
// labelled views, one timeline drives both (matched by checkpoint label at a checkpoint, by simulated
// time elsewhere), the values that differ are outlined with a "≠" badge in both views and listed in
// words, and either view or both stacked export as one image.

#include "control/comparecontroller.h"
#include "export/exportdialog.h"
#include "export/exporter.h"
#include "model/cluster_state.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scene/diffmarkitem.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"
#include "shell/comparewindow.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using hw::ui::CompareController;
using hw::ui::CompareWindow;
using hw::ui::FrameScene;

namespace {

/// A scenario of one partition on three brokers; extra steps are added at the end.
hw::Scenario scenarioWith(const std::string& extraSteps, const std::string& version = "4.2")
{
    const std::string json = R"({"format": "highwater/1", "name": "compare", "seed": 5,
 "cluster": {"brokers": 3, "kafka_version": ")"
        + version + R"(", "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
 "producers": [{"id": "p1", "acks": "all"}],
 "steps": [
   {"produce": {"producer": "p1", "topic": "orders", "values": ["a", "b"]}},
   {"advance": {"ms": 500}},
   {"checkpoint": "written"})"
        + extraSteps + "]}";
    auto parsed = hw::parseScenario(json, "compare.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        ADD_FAILURE() << error->toString();
    return std::get<hw::Scenario>(std::move(parsed));
}

const CompareController::Side top = CompareController::Top;
const CompareController::Side bottom = CompareController::Bottom;

QStringList differenceRows(const CompareWindow& window)
{
    QStringList rows;
    for (int i = 0; i < window.differenceList()->count(); ++i)
        rows << window.differenceList()->item(i)->text();
    return rows;
}

} // namespace

TEST(CompareVersions, TheViewMenuActionAsksForTwoVersionsAndOpensTwoLabelledViews)
{
    hw::ui::MainWindow window;
    window.show();
    QAction* compare = window.action(QStringLiteral("compareVersions"));
    ASSERT_NE(compare, nullptr);
    EXPECT_EQ(compare->text(), QStringLiteral("&Compare versions..."));
    // It is in the View menu.
    bool inViewMenu = false;
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->menu()->title() == QStringLiteral("&View"))
            inViewMenu = menu->menu()->actions().contains(compare);
    }
    EXPECT_TRUE(inViewMenu);

    compare->trigger();
    QCoreApplication::processEvents();
    auto* dialog = window.findChild<hw::ui::CompareVersionsDialog*>(QStringLiteral("compareVersionsDialog"));
    ASSERT_NE(dialog, nullptr);
    // The walkthrough's own version (the default, 4.2) on top, the oldest below.
    EXPECT_EQ(dialog->top(), hw::KafkaVersion::V4_2);
    EXPECT_EQ(dialog->bottom(), hw::KafkaVersion::V3_7);
    EXPECT_EQ(dialog->topCombo()->count(), static_cast<int>(hw::kafkaVersions().size()));
    EXPECT_EQ(dialog->topCombo()->itemText(0), QStringLiteral("Kafka 3.7"));
    // The same version twice is refused, and the dialog says why.
    dialog->setVersions(hw::KafkaVersion::V4_0, hw::KafkaVersion::V4_0);
    EXPECT_FALSE(dialog->okButton()->isEnabled());
    EXPECT_FALSE(dialog->problemLabel()->isHidden());
    EXPECT_TRUE(dialog->problemLabel()->text().contains(QStringLiteral("two different versions")));
    dialog->setVersions(hw::KafkaVersion::V3_7, hw::KafkaVersion::V4_2);
    EXPECT_TRUE(dialog->okButton()->isEnabled());
    EXPECT_TRUE(dialog->problemLabel()->isHidden());
    dialog->okButton()->click();
    QCoreApplication::processEvents();

    auto* compared = window.findChild<CompareWindow*>(QStringLiteral("compareWindow"));
    ASSERT_NE(compared, nullptr);
    EXPECT_TRUE(compared->isVisible());
    EXPECT_EQ(compared->versionLabel(top)->text(), QStringLiteral("Kafka 3.7"));
    EXPECT_EQ(compared->versionLabel(bottom)->text(), QStringLiteral("Kafka 4.2"));
    EXPECT_EQ(compared->compare()->version(top), hw::KafkaVersion::V3_7);
    EXPECT_EQ(compared->compare()->version(bottom), hw::KafkaVersion::V4_2);
    // Large enough for a projector: a 1280x720 screen shows it at 34 px.
    EXPECT_GE(compared->versionLabel(top)->font().pixelSize(), 30);
    // Two views, one above the other, each showing a frame of its run.
    for (CompareController::Side side : { top, bottom }) {
        EXPECT_TRUE(compared->scene(side)->hasFrame());
        EXPECT_TRUE(compared->scene(side)->state() == compared->compare()->run(side)->state());
        EXPECT_TRUE(compared->view(side)->isVisible());
    }
    EXPECT_LT(compared->view(top)->mapTo(compared, QPoint(0, 0)).y(),
        compared->view(bottom)->mapTo(compared, QPoint(0, 0)).y());
    // The walkthrough has one partition: both show the partition view, as the main window does.
    EXPECT_EQ(compared->scene(top)->viewKind(), FrameScene::ViewKind::Partition);
    EXPECT_EQ(compared->scene(bottom)->viewKind(), FrameScene::ViewKind::Partition);
    // Ctrl+2's action switches both.
    compared->action(QStringLiteral("clusterView"))->trigger();
    EXPECT_EQ(compared->scene(top)->viewKind(), FrameScene::ViewKind::Cluster);
    EXPECT_EQ(compared->scene(bottom)->viewKind(), FrameScene::ViewKind::Cluster);
    EXPECT_EQ(compared->action(QStringLiteral("clusterView"))->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_2));
    compared->close();
}

TEST(CompareVersions, MovingTheTimeMovesBothViews)
{
    CompareWindow window;
    window.resize(1280, 720);
    window.show();
    // The bottom run kills a broker after the checkpoint: it makes frames the top run does not.
    const hw::Scenario upper = scenarioWith(R"(, {"advance": {"ms": 3000}}, {"checkpoint": "later"})");
    const hw::Scenario lower
        = scenarioWith(R"(, {"kill": {"broker": 3}}, {"advance": {"ms": 3000}}, {"checkpoint": "later"})");
    ASSERT_EQ(window.openScenarios(upper, lower), QString());
    CompareController& compare = *window.compare();
    const hw::Timeline& a = compare.run(top)->timeline();
    const hw::Timeline& b = compare.run(bottom)->timeline();
    ASSERT_NE(a.frameCount(), b.frameCount());

    // The step key moves the top run a frame; the bottom follows to its frame at that time.
    window.action(QStringLiteral("last"))->trigger();
    window.action(QStringLiteral("first"))->trigger();
    for (int i = 0; i < 6; ++i)
        window.action(QStringLiteral("stepForward"))->trigger();
    EXPECT_EQ(compare.run(top)->currentFrame(), 6);
    // Every frame of the top run: the bottom shows its last frame at or before the top's time (and
    // before the checkpoint the two runs are the same, so it is the same frame).
    for (std::int64_t f = 0; f < a.frameCount(); ++f) {
        compare.run(top)->setCurrentFrame(f);
        const std::int64_t shown = compare.run(bottom)->currentFrame();
        if (compare.match() == CompareController::Match::Checkpoint)
            continue;
        EXPECT_LE(b.frame(shown).timeMs, a.frame(f).timeMs) << f;
        if (shown + 1 < b.frameCount()) {
            EXPECT_GE(b.frame(shown + 1).timeMs, a.frame(f).timeMs) << f;
        }
        if (a.frame(f).timeMs < 500) {
            EXPECT_EQ(shown, f) << "equal runs match frame for frame";
        }
        EXPECT_TRUE(window.scene(bottom)->state() == compare.run(bottom)->state()) << f;
        EXPECT_TRUE(window.scene(top)->state() == compare.run(top)->state()) << f;
    }
    // The slider is the top run's; the status line says how the bottom was matched, and the rule.
    EXPECT_EQ(window.timelinePanel()->bar()->value(), compare.run(top)->currentFrame());
    compare.run(top)->setCurrentFrame(3);
    EXPECT_TRUE(window.matchLabel()->text().startsWith(QStringLiteral("Matched by time")))
        << window.matchLabel()->text().toStdString();
    EXPECT_TRUE(window.matchLabel()->toolTip().contains(QStringLiteral("last frame at or before")));
    EXPECT_TRUE(window.frameLabel(bottom)->text().contains(
        QStringLiteral("Frame %1 of").arg(compare.run(bottom)->currentFrame())));
}

TEST(CompareVersions, ACheckpointJumpMatchesTheCheckpointsLabel)
{
    CompareWindow window;
    window.show();
    // The same checkpoint comes at another time in each run.
    const hw::Scenario upper = scenarioWith(R"(, {"advance": {"ms": 1000}}, {"checkpoint": "settled"})");
    const hw::Scenario lower = scenarioWith(R"(, {"advance": {"ms": 7000}}, {"checkpoint": "settled"})");
    ASSERT_EQ(window.openScenarios(upper, lower), QString());
    CompareController& compare = *window.compare();
    const hw::Timeline& a = compare.run(top)->timeline();
    const hw::Timeline& b = compare.run(bottom)->timeline();
    auto labelOf = [](const hw::Timeline& t, std::int64_t f) {
        return t.frame(f).label >= 0 ? t.labels()[static_cast<std::size_t>(t.frame(f).label)] : std::string();
    };
    window.action(QStringLiteral("nextCheckpoint"))->trigger();
    EXPECT_EQ(labelOf(a, compare.run(top)->currentFrame()), "written");
    EXPECT_EQ(labelOf(b, compare.run(bottom)->currentFrame()), "written");
    window.action(QStringLiteral("nextCheckpoint"))->trigger();
    ASSERT_EQ(labelOf(a, compare.run(top)->currentFrame()), "settled");
    EXPECT_EQ(labelOf(b, compare.run(bottom)->currentFrame()), "settled");
    EXPECT_EQ(compare.match(), CompareController::Match::Checkpoint);
    // Matched by label, not by time: the bottom's checkpoint is 6 s later.
    EXPECT_EQ(
        b.frame(compare.run(bottom)->currentFrame()).timeMs - a.frame(compare.run(top)->currentFrame()).timeMs, 6000);
    EXPECT_TRUE(window.matchLabel()->text().startsWith(QStringLiteral("Matched by checkpoint \u25C6settled")));
    // One step on, the rule is time again.
    window.action(QStringLiteral("stepBack"))->trigger();
    EXPECT_EQ(compare.match(), CompareController::Match::Time);
    EXPECT_LE(b.frame(compare.run(bottom)->currentFrame()).timeMs, a.frame(compare.run(top)->currentFrame()).timeMs);
    // A checkpoint the bottom run lacks is matched by time, and the status line says so.
    const hw::Scenario without = scenarioWith(R"(, {"advance": {"ms": 1000}})");
    ASSERT_EQ(window.openScenarios(upper, without), QString());
    compare.run(top)->goToLast();
    EXPECT_EQ(compare.match(), CompareController::Match::CheckpointMissing);
    EXPECT_TRUE(window.matchLabel()->text().startsWith(QStringLiteral("The bottom run has no checkpoint")));
}

TEST(CompareVersions, FramesAtTheSameTimeAreMatchedByTheirRank)
{
    const hw::Scenario scenario = scenarioWith("");
    auto played = hw::playScenario(scenario);
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    const hw::Timeline& t = std::get<hw::Timeline>(played);
    // Equal runs: every frame matches itself, also where several frames share a time.
    bool shared = false;
    for (std::int64_t f = 0; f < t.frameCount(); ++f) {
        if (f > 0 && t.frame(f - 1).timeMs == t.frame(f).timeMs)
            shared = true;
        EXPECT_EQ(CompareController::matchFrame(t, f, static_cast<double>(t.frame(f).timeMs), t), f) << f;
    }
    EXPECT_TRUE(shared) << "the scenario should have frames at the same time";
    // Between frames (playing), the last frame at or before the time; before the first, the first.
    EXPECT_EQ(CompareController::frameAtTime(t, static_cast<double>(t.frame(t.frameCount() - 1).timeMs) + 1e6, 0),
        t.frameCount() - 1);
    EXPECT_EQ(CompareController::frameAtTime(t, -1, 0), 0);
}

TEST(CompareVersions, DifferencesAreMarkedInBothViewsAndListedOnlyWhenThereAreAny)
{
    CompareWindow window;
    window.resize(1280, 720);
    window.show();
    const hw::Scenario same = scenarioWith(R"(, {"advance": {"ms": 12000}})");
    ASSERT_EQ(window.openScenarios(same, same), QString());
    CompareController& compare = *window.compare();
    compare.run(top)->goToLast();
    EXPECT_TRUE(compare.differences().empty());
    EXPECT_EQ(window.differenceList()->count(), 0);
    EXPECT_TRUE(window.scene(top)->diffMarkItems().isEmpty());
    EXPECT_TRUE(window.scene(bottom)->diffMarkItems().isEmpty());

    // Broker 1 (the leader) dies in the bottom run, and is fenced after its session: leader and ISR differ.
    const hw::Scenario killed = scenarioWith(R"(, {"kill": {"broker": 1}}, {"advance": {"ms": 12000}})");
    ASSERT_EQ(window.openScenarios(same, killed), QString());
    compare.run(top)->goToLast();
    ASSERT_FALSE(compare.differences().empty());
    const QStringList rows = differenceRows(window);
    ASSERT_EQ(rows.size(), static_cast<qsizetype>(compare.differences().size()));
    EXPECT_TRUE(rows.filter(QStringLiteral("orders-0 leader: ")).size() == 1)
        << rows.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(rows.constFirst().startsWith(QStringLiteral("\u2260 ")));
    // Marked in both views, not by colour alone: an outline and a "≠" badge each, over the heading
    // line that says who leads.
    for (CompareController::Side side : { top, bottom }) {
        const QList<hw::ui::DiffMarkItem*> marks = window.scene(side)->diffMarkItems();
        ASSERT_FALSE(marks.isEmpty());
        const hw::ui::TextRun* badge = marks.constFirst()->textWithRole(QStringLiteral("diff"));
        ASSERT_NE(badge, nullptr);
        EXPECT_EQ(badge->text, QStringLiteral("\u2260"));
        const auto leaderMark = std::find_if(marks.cbegin(), marks.cend(),
            [](const hw::ui::DiffMarkItem* m) { return m->text().contains(QStringLiteral("leader:")); });
        ASSERT_NE(leaderMark, marks.cend());
        const hw::ui::TitleItem* title = nullptr;
        for (QGraphicsItem* item : window.scene(side)->items())
            if (item->type() == hw::ui::TitleItem::Type)
                title = static_cast<const hw::ui::TitleItem*>(item);
        ASSERT_NE(title, nullptr);
        const hw::ui::TextRun* leaderLine = title->textWithRole(QStringLiteral("leader"));
        ASSERT_NE(leaderLine, nullptr);
        EXPECT_TRUE((*leaderMark)->outline().contains(title->mapRectToScene(leaderLine->box).topLeft()));
    }
    // The cluster view marks the partition's rows.
    window.setViewKind(FrameScene::ViewKind::Cluster);
    const QList<hw::ui::DiffMarkItem*> clusterMarks = window.scene(top)->diffMarkItems();
    ASSERT_FALSE(clusterMarks.isEmpty());
    bool onARow = false;
    for (const hw::ui::ReplicaLogItem* row : window.scene(top)->replicaItems())
        for (const hw::ui::DiffMarkItem* mark : clusterMarks)
            onARow = onARow || mark->outline().intersects(row->sceneBoundingRect());
    EXPECT_TRUE(onARow);
}

TEST(CompareVersions, EitherViewOrBothStackedExportAsOneImage)
{
    CompareWindow window;
    window.resize(1280, 720);
    window.show();
    QCoreApplication::processEvents();
    const hw::Scenario killed = scenarioWith(R"(, {"kill": {"broker": 1}}, {"advance": {"ms": 12000}})");
    ASSERT_EQ(window.openScenarios(scenarioWith(R"(, {"advance": {"ms": 12000}})"), killed), QString());
    window.compare()->run(top)->goToLast();
    const std::vector<hw::ui::ExportPanel> panels = window.panels();
    ASSERT_EQ(panels.size(), 2u);
    EXPECT_EQ(panels[0].label, QStringLiteral("Kafka 4.2"));
    EXPECT_EQ(panels[0].size, window.view(top)->viewport()->size());
    EXPECT_EQ(panels[1].size, window.view(bottom)->viewport()->size());
    EXPECT_FALSE(panels[0].marks.isEmpty());

    const QTemporaryDir dir;
    hw::ui::ExportSettings view;
    view.view = window.scene(top)->viewKind();
    hw::ui::CompareExportDialog dialog(panels, view, &window);
    // Both, stacked: as wide as the wider view, as tall as both with their label bands.
    dialog.pathEdit()->setText(dir.filePath(QStringLiteral("both.png")));
    dialog.whatCombo()->setCurrentIndex(0);
    hw::ui::ExportResult result = dialog.exportNow();
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    QImage both(dir.filePath(QStringLiteral("both.png")));
    ASSERT_FALSE(both.isNull());
    const int band = hw::ui::Exporter::panelBandHeight;
    EXPECT_EQ(both.width(), std::max(panels[0].size.width(), panels[1].size.width()));
    EXPECT_EQ(both.height(), panels[0].size.height() + panels[1].size.height() + 2 * band);
    // The band is drawn (not paper) and the drawings under it too.
    EXPECT_NE(both.pixelColor(4, band / 2), both.pixelColor(4, band + 4));

    // The bottom view alone, at 2x.
    dialog.whatCombo()->setCurrentIndex(2);
    dialog.scaleSpin()->setValue(2);
    dialog.pathEdit()->setText(dir.filePath(QStringLiteral("bottom.png")));
    result = dialog.exportNow();
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    const QImage lower(dir.filePath(QStringLiteral("bottom.png")));
    EXPECT_EQ(lower.size(), (panels[1].size + QSize(0, band)) * 2);

    // SVG and PDF through the same path; a GIF is refused with a reason.
    for (const char* name : { "both.svg", "both.pdf" }) {
        dialog.whatCombo()->setCurrentIndex(0);
        dialog.formatCombo()->setCurrentIndex(QString::fromLatin1(name).endsWith(QLatin1String("svg")) ? 1 : 2);
        dialog.pathEdit()->setText(dir.filePath(QString::fromLatin1(name)));
        result = dialog.exportNow();
        ASSERT_TRUE(result.ok()) << name << ": " << result.error.toStdString();
        EXPECT_GT(QFileInfo(dir.filePath(QString::fromLatin1(name))).size(), 1000) << name;
    }
    hw::ui::ExportSettings gif = view;
    gif.format = hw::ui::ExportFormat::Gif;
    result = hw::ui::Exporter::exportPanels(panels, gif, dir.filePath(QStringLiteral("both.gif")));
    EXPECT_FALSE(result.error.isEmpty());
    EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("both.gif"))));
}
