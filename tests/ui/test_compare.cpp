// SPDX-License-Identifier: MIT
// View > Compare versions (issue #13, "Versions side by side"): the action opens a window with two
// labelled views, one timeline drives both (matched by checkpoint label at a checkpoint, by simulated
// time elsewhere), the values that differ are outlined with a "≠" badge in both views and listed in
// words, and either view or both stacked export as one image.

#include "base/i18n.h"
#include "base/theme.h"
#include "control/comparecontroller.h"
#include "export/exportdialog.h"
#include "export/exporter.h"
#include "model/cluster_state.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scene/diffmarkitem.h"
#include "scene/frameitem.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"
#include "shell/comparewindow.h"
#include "shell/mainwindow.h"
#include "teaching/presentationmode.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QWheelEvent>

#include <gtest/gtest.h>

#include <iostream>

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
    // The walkthrough's own version (the default, 4.4) on top, the oldest below.
    EXPECT_EQ(dialog->top(), hw::KafkaVersion::V4_4);
    EXPECT_EQ(dialog->bottom(), hw::KafkaVersion::V3_7);
    EXPECT_EQ(dialog->topCombo()->count(), static_cast<int>(hw::kafkaVersions().size()));
    EXPECT_EQ(dialog->topCombo()->itemText(0), QStringLiteral("Kafka 3.7"));
    // The same version twice is refused, and the dialog says why.
    dialog->setVersions(hw::KafkaVersion::V4_0, hw::KafkaVersion::V4_0);
    EXPECT_FALSE(dialog->okButton()->isEnabled());
    EXPECT_FALSE(dialog->problemLabel()->isHidden());
    EXPECT_TRUE(dialog->problemLabel()->text().contains(QStringLiteral("two different versions")));
    dialog->setVersions(hw::KafkaVersion::V3_7, hw::KafkaVersion::V4_3);
    EXPECT_TRUE(dialog->okButton()->isEnabled());
    EXPECT_TRUE(dialog->problemLabel()->isHidden());
    dialog->okButton()->click();
    QCoreApplication::processEvents();

    auto* compared = window.findChild<CompareWindow*>(QStringLiteral("compareWindow"));
    ASSERT_NE(compared, nullptr);
    EXPECT_TRUE(compared->isVisible());
    EXPECT_EQ(compared->versionLabel(top)->text(), QStringLiteral("Kafka 3.7"));
    EXPECT_EQ(compared->versionLabel(bottom)->text(), QStringLiteral("Kafka 4.3"));
    EXPECT_EQ(compared->compare()->version(top), hw::KafkaVersion::V3_7);
    EXPECT_EQ(compared->compare()->version(bottom), hw::KafkaVersion::V4_3);
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

namespace {

/// The smallest text of a compare view's drawing on screen, in pixels, and which text it is.
qreal smallestTextPx(const CompareWindow& window, CompareController::Side side, std::string* what)
{
    const qreal scale = window.view(side)->transform().m22();
    qreal smallest = 1e9;
    for (hw::ui::FrameItem* item : window.scene(side)->frameItems()) {
        if (!item->isVisible())
            continue;
        for (const hw::ui::TextRun& run : item->texts()) {
            const qreal px = run.font.pixelSize() * scale * item->sceneTransform().m22();
            if (px < smallest) {
                smallest = px;
                if (what)
                    *what = run.text.toStdString();
            }
        }
    }
    return smallest;
}

/// Restores the light theme, the drawing's usual text sizes and English whatever a test did.
struct Restore {
    ~Restore()
    {
        hw::ui::theme::setLineScale(1.0);
        hw::ui::theme::setTextSizeMin(0);
        hw::ui::theme::apply(hw::ui::theme::Theme::Light);
        hw::ui::theme::applyToApplication();
        hw::ui::setLanguage(QStringLiteral("en"));
    }
};

} // namespace

TEST(CompareVersions, ThePresentationFormShowsBothRunsWithTextOfAtLeast14PxAtProjectorSize)
{
    // M5 of issue #25: the window had 6 px text at 1280x720. F5 shows the two runs side by side, each
    // under a band with its label, and raises the drawings' text as the main window's presentation
    // mode does; where the text floor's limit still leaves it under 14 px (the drawings are as wide as
    // their text), both views zoom in together until it is 14 px.
    Restore restore;
    struct Case {
        const char* source;
        hw::KafkaVersion top;
        hw::KafkaVersion bottom;
    };
    const Case cases[] = {
        { "builtin:leo-hw-walkthrough", hw::KafkaVersion::V4_2, hw::KafkaVersion::V3_7 },
        { "builtin:unclean-election-in-kraft", hw::KafkaVersion::V3_8, hw::KafkaVersion::V4_2 },
        { "builtin:eligible-leader-replicas", hw::KafkaVersion::V4_0, hw::KafkaVersion::V4_2 },
        { "builtin:rebalance-eager-vs-cooperative", hw::KafkaVersion::V4_2, hw::KafkaVersion::V3_7 },
    };
    int checked = 0;
    int zoomed = 0;
    qreal smallestOfAll = 1e9;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const Case& c : cases) {
            auto loaded = hw::loadScenario(c.source);
            ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded)) << c.source;
            CompareWindow window;
            window.resize(1280, 720);
            window.show();
            ASSERT_EQ(
                window.open(std::get<hw::Scenario>(loaded), QString::fromLatin1(c.source), c.top, c.bottom), QString());
            for (const FrameScene::ViewKind kind : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
                const std::string what = std::string(language) + " " + c.source
                    + (kind == FrameScene::ViewKind::Partition ? " partition" : " cluster");
                window.setViewKind(kind);
                window.action(QStringLiteral("presentationMode"))->trigger();
                ASSERT_TRUE(window.presentation()->isActive());
                // Offscreen, full screen is the virtual screen: hold the window at the projector's size.
                QApplication::processEvents();
                EXPECT_TRUE(window.isFullScreen());
                window.setGeometry(QRect(0, 0, 1280, 720));
                QTest::qWait(100);
                ASSERT_EQ(window.size(), QSize(1280, 720));
                EXPECT_EQ(hw::ui::theme::current(), hw::ui::theme::Theme::HighContrast);
                // The runs side by side, each under its band; the differences column gives them its width.
                EXPECT_FALSE(window.differencesColumn()->isVisible()) << what;
                EXPECT_EQ(window.view(top)->mapTo(&window, QPoint(0, 0)).y(),
                    window.view(bottom)->mapTo(&window, QPoint(0, 0)).y());
                EXPECT_LT(window.view(top)->mapTo(&window, QPoint(0, 0)).x() + window.view(top)->width(),
                    window.view(bottom)->mapTo(&window, QPoint(0, 0)).x() + 1);
                for (CompareController::Side side : { top, bottom }) {
                    QWidget* band = window.labelPanel(side);
                    EXPECT_LE(band->mapTo(&window, QPoint(0, band->height())).y(),
                        window.view(side)->mapTo(&window, QPoint(0, 0)).y())
                        << what << ": the labels are above the view";
                    EXPECT_TRUE(window.versionLabel(side)->isVisible());
                    EXPECT_GE(QFontInfo(window.frameLabel(side)->font()).pixelSize(), 14) << what;
                    EXPECT_LE(window.frameLabel(side)->fontMetrics().horizontalAdvance(window.frameLabel(side)->text()),
                        window.frameLabel(side)->width())
                        << what << ": \"" << window.frameLabel(side)->text().toStdString() << "\" is cut";
                }
                EXPECT_GE(QFontInfo(window.timelinePanel()->positionLabel()->font()).pixelSize(), 14) << what;
                const hw::Timeline& timeline = window.compare()->run(top)->timeline();
                for (const std::string& label : timeline.labels()) {
                    window.compare()->run(top)->setCurrentFrame(timeline.findLabel(label));
                    QTest::qWait(30);
                    for (CompareController::Side side : { top, bottom }) {
                        std::string smallest;
                        const qreal px = smallestTextPx(window, side, &smallest);
                        EXPECT_GE(px, hw::ui::PresentationMode::drawingTextPxMin)
                            << what << " checkpoint " << label << (side == top ? " top" : " bottom") << ": \""
                            << smallest << "\" is " << px << " px";
                        smallestOfAll = std::min(smallestOfAll, px);
                        ++checked;
                        for (hw::ui::FrameItem* item : window.scene(side)->frameItems())
                            for (const hw::ui::TextRun& run : item->texts())
                                EXPECT_FALSE(run.text.endsWith(QChar(0x2026)))
                                    << what << ": \"" << run.text.toStdString() << "\" is cut";
                    }
                    // Zoomed in only where fitting could not give 14 px: the text floor is at its limit.
                    EXPECT_EQ(window.view(top)->zoom(), window.view(bottom)->zoom()) << what;
                    if (window.view(top)->zoom() > 1.0) {
                        EXPECT_EQ(hw::ui::theme::textSizeMin(), hw::ui::PresentationMode::drawingTextSizeMax) << what;
                        ++zoomed;
                    }
                }
                // Leaving gives back the windowed layout, the light theme and the fitted drawings.
                window.presentation()->leave();
                QApplication::processEvents();
                EXPECT_FALSE(window.isFullScreen());
                EXPECT_TRUE(window.differencesColumn()->isVisible());
                EXPECT_LT(window.view(top)->mapTo(&window, QPoint(0, 0)).y(),
                    window.view(bottom)->mapTo(&window, QPoint(0, 0)).y());
                EXPECT_EQ(window.view(top)->zoom(), 1.0);
                EXPECT_EQ(hw::ui::theme::textSizeMin(), 0);
                EXPECT_EQ(hw::ui::theme::current(), hw::ui::theme::Theme::Light);
            }
        }
    }
    std::cout << "[ measured ] compare window presented at 1280x720: " << checked << " drawings, smallest text "
              << smallestOfAll << " px, " << zoomed << " frames zoomed in to reach 14 px\n";
}

TEST(CompareVersions, ZoomFullScreenAndPresentationHaveTheMainWindowsKeysAndAreListed)
{
    Restore restore;
    CompareWindow window;
    window.resize(1280, 720);
    window.show();
    ASSERT_EQ(window.openScenarios(scenarioWith(""), scenarioWith("", "3.7")), QString());
    QApplication::processEvents();
    // The keys of the main window's actions of the same names.
    hw::ui::MainWindow main;
    for (const char* name : { "zoomIn", "zoomOut", "fit", "fullScreen", "presentationMode", "leavePresentation",
             "blankScreen", "shortcuts", "partitionView", "clusterView", "play", "nextCheckpoint" }) {
        QAction* mine = window.action(QString::fromLatin1(name));
        ASSERT_NE(mine, nullptr) << name;
        const QAction* theirs = main.findChild<QAction*>(QString::fromLatin1(name));
        ASSERT_NE(theirs, nullptr) << name;
        EXPECT_EQ(mine->shortcuts(), theirs->shortcuts()) << name;
        EXPECT_EQ(mine->text(), theirs->text()) << name;
    }
    EXPECT_EQ(window.action(QStringLiteral("fullScreen"))->shortcut(), QKeySequence(Qt::Key_F11));
    EXPECT_EQ(window.action(QStringLiteral("presentationMode"))->shortcut(), QKeySequence(Qt::Key_F5));

    // Zooming zooms both views; panning one pans the other.
    window.action(QStringLiteral("zoomIn"))->trigger();
    window.action(QStringLiteral("zoomIn"))->trigger();
    EXPECT_DOUBLE_EQ(window.view(top)->zoom(), 1.25 * 1.25);
    EXPECT_DOUBLE_EQ(window.view(bottom)->zoom(), 1.25 * 1.25);
    // The drawings fill the views' height: zoomed in, they scroll up and down.
    QScrollBar* scroll = window.view(bottom)->verticalScrollBar();
    ASSERT_GT(scroll->maximum(), scroll->minimum());
    scroll->setValue(scroll->maximum());
    auto relativeCentre = [&](CompareController::Side side) {
        const QRectF scene = window.scene(side)->sceneRect();
        const QPointF centre = window.view(side)->mapToScene(window.view(side)->viewport()->rect().center());
        return (centre.y() - scene.top()) / scene.height();
    };
    EXPECT_NEAR(relativeCentre(top), relativeCentre(bottom), 0.02);
    EXPECT_GT(relativeCentre(top), 0.6) << "the top view followed down";
    window.action(QStringLiteral("zoomOut"))->trigger();
    EXPECT_DOUBLE_EQ(window.view(top)->zoom(), 1.25);
    // Ctrl+wheel on one view zooms both.
    QWheelEvent wheel(QPointF(50, 50), window.view(bottom)->viewport()->mapToGlobal(QPointF(50, 50)), QPoint(),
        QPoint(0, 120), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(window.view(bottom)->viewport(), &wheel);
    EXPECT_DOUBLE_EQ(window.view(bottom)->zoom(), 1.25 * 1.25);
    EXPECT_DOUBLE_EQ(window.view(top)->zoom(), 1.25 * 1.25);
    window.action(QStringLiteral("fit"))->trigger();
    EXPECT_DOUBLE_EQ(window.view(top)->zoom(), 1.0);
    EXPECT_DOUBLE_EQ(window.view(bottom)->zoom(), 1.0);

    // F11: full screen and back.
    window.action(QStringLiteral("fullScreen"))->trigger();
    EXPECT_TRUE(window.windowState() & Qt::WindowFullScreen);
    EXPECT_TRUE(window.action(QStringLiteral("fullScreen"))->isChecked());
    window.action(QStringLiteral("fullScreen"))->trigger();
    EXPECT_FALSE(window.windowState() & Qt::WindowFullScreen);

    // F5, blanking, Esc.
    EXPECT_FALSE(window.action(QStringLiteral("leavePresentation"))->isEnabled());
    window.action(QStringLiteral("presentationMode"))->trigger();
    EXPECT_TRUE(window.presentation()->isActive());
    EXPECT_FALSE(window.menuBar()->isVisible());
    EXPECT_TRUE(window.action(QStringLiteral("leavePresentation"))->isEnabled());
    window.action(QStringLiteral("blankScreen"))->trigger();
    EXPECT_TRUE(window.presentation()->isBlanked());
    window.action(QStringLiteral("blankScreen"))->trigger();
    EXPECT_FALSE(window.presentation()->isBlanked());
    window.action(QStringLiteral("leavePresentation"))->trigger();
    EXPECT_FALSE(window.presentation()->isActive());
    EXPECT_TRUE(window.menuBar()->isVisible());
    EXPECT_FALSE(window.action(QStringLiteral("presentationMode"))->isChecked());

    // Help > Keyboard shortcuts lists every key of the window, and the wheel.
    const QList<QPair<QString, QString>> list = window.shortcutList();
    QStringList keys;
    for (const auto& row : list)
        keys << row.second;
    const QString all = keys.join(QLatin1Char('\n'));
    for (QAction* a : window.findChildren<QAction*>()) {
        for (const QKeySequence& key : a->shortcuts())
            EXPECT_TRUE(all.contains(key.toString(QKeySequence::NativeText)))
                << a->objectName().toStdString() << " " << key.toString().toStdString();
    }
    EXPECT_TRUE(all.contains(QStringLiteral("Ctrl+wheel")));
    bool inHelpMenu = false;
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->menu()->title() == QStringLiteral("&Help"))
            inHelpMenu = menu->menu()->actions().contains(window.action(QStringLiteral("shortcuts")));
    }
    EXPECT_TRUE(inHelpMenu);
    window.action(QStringLiteral("shortcuts"))->trigger();
    auto* dialog = window.findChild<QDialog*>(QStringLiteral("shortcutsDialog"));
    ASSERT_NE(dialog, nullptr);
    auto* table = dialog->findChild<QTreeWidget*>(QStringLiteral("shortcutsList"));
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(table->topLevelItemCount(), list.size());
    dialog->close();
}
