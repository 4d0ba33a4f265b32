// SPDX-License-Identifier: MIT
// Issue 25, the classroom walk: what the drawing shows a class. The ISR in words in the compact
// (presentation) cluster view; consumer lanes whose labels never run into each other; a drawing that
// keeps its scale from step to step while the note has a place of its own; record values in the cells
// where a lesson asks for them; a leaderless partition that keeps its committed records solid; the
// consumer's arrow on the log it reads; the Kafka version in the partition view; presentation mode
// not sending anyone to the hidden inspector; and exports with a caption band.

#include "base/i18n.h"
#include "base/theme.h"
#include "control/simcontroller.h"
#include "export/exportdialog.h"
#include "export/exporter.h"
#include "panels/narrationpanel.h"
#include "scenario/builtin.h"
#include "scene/assignmentlineitem.h"
#include "scene/clusterfacts.h"
#include "scene/consumeritem.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/hwlineitem.h"
#include "scene/itemtypes.h"
#include "scene/legenditem.h"
#include "scene/messageitem.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"
#include "shell/mainwindow.h"
#include "teaching/teachingaids.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QFile>
#include <QImage>
#include <QPainterPath>
#include <QPainterPathStroker>
#include <QProcess>
#include <QScrollBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>

namespace {

using hw::ui::FrameScene;
using hw::ui::MainWindow;
using hw::ui::ReplicaLogItem;

std::string describe(const QRectF& r)
{
    std::ostringstream out;
    out << "[" << r.left() << "," << r.top() << " " << r.width() << "x" << r.height() << "]";
    return out.str();
}

bool overlaps(const QRectF& a, const QRectF& b)
{
    const QRectF common = a.intersected(b);
    return common.width() > 0.5 && common.height() > 0.5;
}

std::string nameOf(const hw::BuiltinScenario& builtin)
{
    return std::string(builtin.name);
}

struct EnglishAfterwards {
    ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
};

struct NoTextFloorAfterwards {
    ~NoTextFloorAfterwards() { hw::ui::theme::setTextSizeMin(0); }
};

/// A window of a screen's size, shown, with its layout settled.
void showAtSize(MainWindow& window, QSize size)
{
    window.resize(size);
    window.show();
    QApplication::processEvents();
    window.resize(size);
    QApplication::processEvents();
}

QAction* findAction(const MainWindow& window, const QString& name)
{
    return window.findChild<QAction*>(name);
}

/// The texts of a row with a role, in drawing order.
QStringList textsWithRole(const ReplicaLogItem& row, const QString& role)
{
    QStringList out;
    for (const hw::ui::TextRun& run : row.texts())
        if (run.role == role)
            out << run.text;
    return out;
}

} // namespace

// -------------------------------------------------------------------------------------------------
// M2: the ISR in the compact cluster view.

TEST(Classroom, TheCompactClusterViewNamesIsrOrOsrOnEveryReplicaRow)
{
    // Every built-in at every checkpoint, as presentation mode draws the cluster view: each row says
    // ISR or OSR in a badge (a word, with its own outline), as the ISR set says; FOLLOWER is left out.
    int rows = 0;
    int inSync = 0;
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        const hw::Timeline timeline = hw::uitest::play("builtin:" + nameOf(builtin));
        for (const std::string& label : timeline.labels()) {
            const hw::ClusterState state = timeline.stateAt(timeline.findLabel(label));
            FrameScene scene;
            scene.setViewKind(FrameScene::ViewKind::Cluster);
            scene.setLegendShown(false);
            scene.setCompact(true);
            scene.setFrame(state, static_cast<double>(state.nowMs));
            for (ReplicaLogItem* row : scene.replicaItems()) {
                const std::string where = nameOf(builtin) + ", checkpoint " + label + ", "
                    + state.partitionName(row->partition()) + " on broker " + std::to_string(row->broker());
                const bool isr = hw::ui::inIsr(state.partitions[static_cast<std::size_t>(row->partition())], row->broker());
                const hw::ui::TextRun* isrBadge = row->textWithRole(QStringLiteral("badge:isr"));
                const hw::ui::TextRun* osrBadge = row->textWithRole(QStringLiteral("badge:osr"));
                ++rows;
                inSync += isr ? 1 : 0;
                if (isr) {
                    ASSERT_NE(isrBadge, nullptr) << where;
                    EXPECT_EQ(isrBadge->text, QStringLiteral("ISR")) << where;
                    EXPECT_NE(isrBadge->border.style(), Qt::NoPen) << where;
                    EXPECT_EQ(osrBadge, nullptr) << where;
                } else {
                    EXPECT_EQ(isrBadge, nullptr) << where;
                    ASSERT_NE(osrBadge, nullptr) << where;
                    EXPECT_EQ(osrBadge->text, QStringLiteral("OSR")) << where;
                }
                EXPECT_EQ(row->textWithRole(QStringLiteral("badge:follower")), nullptr) << where;
            }
        }
    }
    std::cout << "[ measured ] " << rows << " compact replica rows checked, " << inSync << " of them in the ISR\n";
    EXPECT_GT(inSync, 0);
    EXPECT_GT(rows - inSync, 0) << "some built-in has a replica out of the ISR at a checkpoint";
}

// -------------------------------------------------------------------------------------------------
// M3: the consumers' lanes under the leader's log.

namespace {

/// What a reader lane draws that its label must stay clear of: the marker's triangle.
QRectF triangleOf(const ReplicaLogItem& row, const ReplicaLogItem::DrawnMarker& marker)
{
    const QRectF lane = row.mapRectToScene(marker.laneRect);
    return QRectF(marker.x - 7, lane.top() + 4, 14, 7 * 1.6);
}

/// The reader labels of a scene cover no other text, no other lane's marker, and stay in the drawing;
/// returns how many labels were checked.
int expectReaderLabelsClear(const FrameScene& scene, const std::string& where)
{
    int labels = 0;
    std::vector<std::pair<QRectF, std::string>> texts;
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (item->type() == hw::ui::MessageItemType)
            continue;
        const QList<QRectF> boxes = item->textBoxes();
        for (qsizetype i = 0; i < boxes.size(); ++i)
            texts.emplace_back(boxes[i], item->texts()[i].text.toStdString());
    }
    for (ReplicaLogItem* row : scene.replicaItems()) {
        const QVector<ReplicaLogItem::DrawnMarker> markers = row->readerMarkers();
        for (const hw::ui::TextRun& run : row->texts()) {
            if (!run.role.startsWith(QLatin1String("reader:")))
                continue;
            ++labels;
            const QRectF box = row->mapRectToScene(run.box);
            EXPECT_TRUE(scene.sceneRect().contains(box)) << where << ": \"" << run.text.toStdString() << "\" is cut";
            EXPECT_FALSE(run.text.endsWith(QChar(0x2026))) << where << ": \"" << run.text.toStdString() << "\" is cut";
            for (const auto& [other, text] : texts) {
                if (other == box)
                    continue;
                EXPECT_FALSE(overlaps(box, other)) << where << ": \"" << run.text.toStdString() << "\" "
                                                   << describe(box) << " covers \"" << text << "\" " << describe(other);
            }
            for (const ReplicaLogItem::DrawnMarker& marker : markers) {
                const QRectF triangle = triangleOf(*row, marker);
                EXPECT_FALSE(overlaps(box, triangle))
                    << where << ": \"" << run.text.toStdString() << "\" covers the marker of "
                    << marker.marker.who.toStdString() << " at offset " << marker.marker.offset;
            }
            // The lane holds its label whole.
            bool inItsLane = false;
            for (const ReplicaLogItem::DrawnMarker& marker : markers)
                inItsLane = inItsLane || row->mapRectToScene(marker.laneRect).contains(box);
            EXPECT_TRUE(inItsLane) << where << ": \"" << run.text.toStdString() << "\" leaves its lane";
        }
    }
    return labels;
}

} // namespace

TEST(Classroom, ReaderLabelsNeverOverlapInAnyBuiltinFrameWithReaders)
{
    // Every frame of every built-in in which consumers read a partition, each such partition's view;
    // at the ordinary text size at every frame, and at the text floors presentation mode sets
    // (compact) at the checkpoints, in English and Traditional Chinese.
    EnglishAfterwards english;
    NoTextFloorAfterwards noFloor;
    const auto start = std::chrono::steady_clock::now();
    int scenes = 0;
    int labels = 0;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
            const hw::Timeline timeline = hw::uitest::play("builtin:" + nameOf(builtin));
            std::set<std::int64_t> checkpoints;
            for (const std::string& label : timeline.labels())
                checkpoints.insert(timeline.findLabel(label));
            for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
                const bool checkpoint = checkpoints.count(f) > 0;
                // English at every frame; Chinese at the checkpoints.
                if (std::string(language) != "en" && !checkpoint)
                    continue;
                const hw::ClusterState state = timeline.stateAt(f);
                for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
                    if (hw::ui::readerMarkersFor(state, p).isEmpty())
                        continue;
                    for (const qreal floor : { 0.0, 27.0, 40.0 }) {
                        if (floor > 0 && !checkpoint)
                            continue;
                        hw::ui::theme::setTextSizeMin(floor);
                        FrameScene scene;
                        scene.setFocusPartition(p);
                        scene.setLegendShown(floor == 0);
                        scene.setCompact(floor > 0);
                        scene.setFrame(state, static_cast<double>(state.nowMs));
                        ++scenes;
                        labels += expectReaderLabelsClear(scene,
                            std::string(language) + ", " + nameOf(builtin) + ", frame " + std::to_string(f) + ", "
                                + state.partitionName(p) + ", text floor " + std::to_string(int(floor)));
                        hw::ui::theme::setTextSizeMin(0);
                    }
                }
            }
        }
    }
    const auto ms
        = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    std::cout << "[ measured ] " << scenes << " partition views with readers, " << labels << " reader labels, "
              << ms << " ms\n";
    EXPECT_GT(labels, 1000);
}

// -------------------------------------------------------------------------------------------------
// M4: the drawing keeps its scale from step to step; the note has a place of its own.

TEST(Classroom, TheWalkthroughsDrawingKeepsItsScaleAtEveryCheckpointInTheWindow)
{
    EnglishAfterwards english;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const QSize size : { QSize(1280, 720), QSize(1920, 1080) }) {
            MainWindow window;
            showAtSize(window, size);
            const hw::Timeline& timeline = window.controller()->timeline();
            std::vector<std::pair<std::int64_t, std::string>> stops = { { 0, "the first frame" } };
            for (const std::string& label : timeline.labels())
                stops.emplace_back(timeline.findLabel(label), "checkpoint " + label);
            stops.emplace_back(timeline.frameCount() - 1, "the last frame");
            std::optional<qreal> scale;
            std::optional<QSize> viewSize;
            std::optional<int> stripHeight;
            int scrolled = 0;
            for (const auto& [frame, name] : stops) {
                window.controller()->setCurrentFrame(frame);
                QApplication::processEvents();
                const std::string where = std::string(language) + " " + std::to_string(size.width()) + "x"
                    + std::to_string(size.height()) + ", " + name;
                const qreal m22 = window.view()->transform().m22();
                if (!scale) {
                    scale = m22;
                    viewSize = window.view()->viewport()->size();
                }
                EXPECT_DOUBLE_EQ(m22, *scale) << where << ": the drawing changed its scale";
                EXPECT_EQ(window.view()->viewport()->size(), *viewSize) << where;
                // The note's place: the strip over the drawing, shown at every frame of a scenario with
                // notes, of one height; it holds the whole note (scrolling where it is longer).
                hw::ui::NoteStrip* strip = window.noteStrip();
                ASSERT_TRUE(strip->isVisible()) << where;
                if (!stripHeight)
                    stripHeight = strip->height();
                EXPECT_EQ(strip->height(), *stripHeight) << where;
                const QString note = window.narration()->noteText();
                EXPECT_EQ(strip->text(), note) << where;
                if (!note.isEmpty()) {
                    EXPECT_EQ(strip->noteView()->toPlainText(), note) << where;
                    EXPECT_EQ(strip->noteView()->toolTip(), note) << where << ": the tooltip holds the whole note";
                    QScrollBar* bar = strip->noteView()->verticalScrollBar();
                    const int needed = static_cast<int>(std::ceil(strip->noteView()->document()->size().height()));
                    if (needed > strip->noteView()->viewport()->height()) {
                        ++scrolled;
                        EXPECT_GT(bar->maximum(), 0) << where << ": a longer note scrolls";
                    }
                }
                const QRect stripInWindow(strip->mapTo(&window, QPoint(0, 0)), strip->size());
                const QRect viewInWindow(window.view()->mapTo(&window, QPoint(0, 0)), window.view()->size());
                EXPECT_LE(stripInWindow.bottom(), viewInWindow.top()) << where << ": the strip covers the drawing";
                EXPECT_GE(viewInWindow.height(), 3 * stripInWindow.height()) << where;
            }
            std::cout << "[ measured ] " << language << " " << size.width() << "x" << size.height()
                      << ": the drawing at scale " << *scale << " at every stop, the strip " << *stripHeight
                      << " px tall, " << scrolled << " notes longer than it\n";
        }
    }
}

namespace {

int legendItems(const FrameScene& scene)
{
    int count = 0;
    for (QGraphicsItem* item : scene.items())
        count += item->type() == hw::ui::LegendItem::Type ? 1 : 0;
    return count;
}

struct LegendSettingAfterwards {
    ~LegendSettingAfterwards() { QSettings().remove(QStringLiteral("view/legend")); }
};

} // namespace

TEST(Classroom, ViewShowLegendHidesTheLegendForALargerDrawingRememberedAndPresentationKeepsTheChoice)
{
    LegendSettingAfterwards restore;
    QSettings().remove(QStringLiteral("view/legend"));
    for (FrameScene::ViewKind kind : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
        const std::string where = kind == FrameScene::ViewKind::Partition ? "partition view" : "cluster view";
        qreal withLegend = 0;
        {
            MainWindow window;
            showAtSize(window, QSize(1280, 720));
            window.setViewKind(kind);
            window.controller()->setCurrentFrame(window.controller()->timeline().findLabel("2"));
            QApplication::processEvents();
            QAction* legend = findAction(window, QStringLiteral("showLegend"));
            ASSERT_NE(legend, nullptr);
            EXPECT_TRUE(legend->isChecked()) << "on at first";
            EXPECT_EQ(legendItems(*window.scene()), 1) << where;
            withLegend = window.view()->transform().m22();
            legend->trigger();
            QApplication::processEvents();
            EXPECT_EQ(legendItems(*window.scene()), 0) << where;
            const qreal without = window.view()->transform().m22();
            EXPECT_GT(without, withLegend * 1.1) << where << ": the drawing grows without its legend";
            std::cout << "[ measured ] " << where << " at 1280x720: scale " << withLegend << " with the legend, "
                      << without << " without\n";
            // Presentation mode hides it anyway and, on leaving, restores the choice.
            QAction* present = findAction(window, QStringLiteral("presentationMode"));
            ASSERT_NE(present, nullptr);
            present->trigger();
            QApplication::processEvents();
            EXPECT_EQ(legendItems(*window.scene()), 0) << where;
            findAction(window, QStringLiteral("leavePresentation"))->trigger();
            QApplication::processEvents();
            EXPECT_EQ(legendItems(*window.scene()), 0) << where << ": leaving presentation keeps it hidden";
        }
        EXPECT_FALSE(QSettings().value(QStringLiteral("view/legend")).toBool());
        {
            MainWindow window;
            showAtSize(window, QSize(1280, 720));
            window.setViewKind(kind);
            QApplication::processEvents();
            QAction* legend = findAction(window, QStringLiteral("showLegend"));
            EXPECT_FALSE(legend->isChecked()) << where << ": remembered";
            EXPECT_EQ(legendItems(*window.scene()), 0) << where;
            legend->trigger();
            QApplication::processEvents();
            EXPECT_EQ(legendItems(*window.scene()), 1) << where;
        }
        EXPECT_TRUE(QSettings().value(QStringLiteral("view/legend")).toBool());
    }
}

TEST(Classroom, PresentationModeKeepsTheNoteInTheNarrationAndAScenarioWithoutNotesHasNoStrip)
{
    MainWindow window;
    showAtSize(window, QSize(1280, 720));
    EXPECT_TRUE(window.noteStrip()->isVisible());
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:leader-failover")));
    QApplication::processEvents();
    if (window.controller()->timeline().notes().empty()) {
        EXPECT_FALSE(window.noteStrip()->isVisible());
    }
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:leo-hw-walkthrough")));
    window.controller()->setCurrentFrame(window.controller()->timeline().findLabel("3"));
    window.narration()->setNoteMayMoveOut(false);
    QApplication::processEvents();
    EXPECT_FALSE(window.noteStrip()->isVisible());
    EXPECT_FALSE(window.narration()->isNoteOutside());
    window.narration()->setNoteMayMoveOut(true);
    QApplication::processEvents();
    EXPECT_TRUE(window.noteStrip()->isVisible());
}

// -------------------------------------------------------------------------------------------------
// M8: values in the cells.

namespace {

struct CellSettingAfterwards {
    ~CellSettingAfterwards() { QSettings().remove(QStringLiteral("view/cells")); }
};

/// The values the leader of a partition shows in its cells, left to right.
QStringList leaderValues(const FrameScene& scene, std::int32_t partition)
{
    for (ReplicaLogItem* row : scene.replicaItems())
        if (row->partition() == partition && row->isLeader())
            return textsWithRole(*row, QStringLiteral("cell-value"));
    return {};
}

std::int32_t partitionNamed(const hw::ClusterState& state, const std::string& name)
{
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p)
        if (state.partitionName(p) == name)
            return p;
    return -1;
}

} // namespace

TEST(Classroom, CellsShowValuesWhereTheScenarioAsksAndViewCellsOverridesItRemembered)
{
    CellSettingAfterwards restore;
    QSettings().remove(QStringLiteral("view/cells"));
    {
        MainWindow window;
        // The walkthrough asks for nothing: offsets.
        EXPECT_EQ(window.scene()->cellText(), hw::CellText::Offsets);
        ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:in-flight-and-ordering")));
        EXPECT_EQ(window.controller()->scenario().display.cells, hw::CellText::Both);
        EXPECT_EQ(window.scene()->cellText(), hw::CellText::Both) << "the lesson asks for its values";
        const hw::Timeline& timeline = window.controller()->timeline();
        window.controller()->setCurrentFrame(timeline.findLabel(timeline.labels().back()));
        QApplication::processEvents();
        const std::int32_t unordered = partitionNamed(window.controller()->state(), "unordered-0");
        const std::int32_t ordered = partitionNamed(window.controller()->state(), "ordered-0");
        ASSERT_GE(unordered, 0);
        // The point of the lesson, on screen: the retried m2 landed after m3, m4 and m5.
        for (FrameScene::ViewKind view : { FrameScene::ViewKind::Cluster, FrameScene::ViewKind::Partition }) {
            window.setViewKind(view);
            if (view == FrameScene::ViewKind::Partition)
                window.showPartition(unordered);
            EXPECT_EQ(leaderValues(*window.scene(), unordered).join(QLatin1Char(' ')),
                QStringLiteral("m1 m3 m4 m5 m2"));
            if (view == FrameScene::ViewKind::Cluster) {
                EXPECT_EQ(leaderValues(*window.scene(), ordered).join(QLatin1Char(' ')),
                    QStringLiteral("m1 m2 m3 m4 m5"));
            }
            // Showing both, every cell keeps its offset too (role "cell").
            for (ReplicaLogItem* row : window.scene()->replicaItems()) {
                EXPECT_EQ(textsWithRole(*row, QStringLiteral("cell")).size(), row->cells().size());
                for (const hw::ui::TextRun& run : row->texts())
                    EXPECT_FALSE(run.text.endsWith(QChar(0x2026))) << run.text.toStdString();
            }
        }

        // View > Cells overrides the scenario and is remembered.
        QAction* offsets = findAction(window, QStringLiteral("cells_offsets"));
        ASSERT_NE(offsets, nullptr);
        offsets->trigger();
        EXPECT_EQ(window.scene()->cellText(), hw::CellText::Offsets);
        EXPECT_TRUE(leaderValues(*window.scene(), unordered).isEmpty());
        EXPECT_EQ(QSettings().value(QStringLiteral("view/cells")).toString(), QStringLiteral("offsets"));
        findAction(window, QStringLiteral("cells_values"))->trigger();
        EXPECT_EQ(window.scene()->cellText(), hw::CellText::Values);
        for (ReplicaLogItem* row : window.scene()->replicaItems())
            EXPECT_TRUE(textsWithRole(*row, QStringLiteral("cell")).isEmpty()) << "values only";
    }
    {
        // A new window (the next start) keeps the choice, for a scenario that asks for nothing too.
        MainWindow window;
        EXPECT_TRUE(findAction(window, QStringLiteral("cells_values"))->isChecked());
        EXPECT_EQ(window.scene()->cellText(), hw::CellText::Values);
        window.controller()->setCurrentFrame(window.controller()->timeline().findLabel("1"));
        QApplication::processEvents();
        // The walkthrough's values m0 and m1, on every replica.
        for (ReplicaLogItem* row : window.scene()->replicaItems())
            EXPECT_EQ(textsWithRole(*row, QStringLiteral("cell-value")), QStringList({ QStringLiteral("m0"),
                QStringLiteral("m1") })) << "broker " << row->broker();
        // Following the scenario again: the walkthrough asks for nothing.
        findAction(window, QStringLiteral("cells_scenario"))->trigger();
        EXPECT_EQ(window.scene()->cellText(), hw::CellText::Offsets);
        EXPECT_EQ(QSettings().value(QStringLiteral("view/cells")).toString(), QStringLiteral("scenario"));
    }
}

TEST(Classroom, ValuesAreCutToTheirLimitAndANullValueSaysSo)
{
    hw::ClusterState state;
    hw::Payload longValue;
    longValue.value = "a-value-longer-than-eight";
    state.payloads.push_back(longValue);
    // A tombstone is a live client's record: its null value is kept beside the payload store.
    hw::LiveRecordInfo nullValue;
    nullValue.valueNull = true;
    state.liveRecords.push_back(nullValue);
    hw::Payload tombstone;
    tombstone.liveRecord = 0;
    state.payloads.push_back(tombstone);
    hw::Record record;
    record.payload = 0;
    const QString cut = hw::ui::LogGeometry::valueText(state, record);
    EXPECT_EQ(cut, QStringLiteral("a-value-\u2026")) << "cellValueCharsMax characters, then \"…\"";
    EXPECT_EQ(cut.size(), static_cast<qsizetype>(hw::ui::LogGeometry::cellValueCharsMax) + 1);
    record.payload = 1;
    EXPECT_EQ(hw::ui::LogGeometry::valueText(state, record), QStringLiteral("null"));
}

// -------------------------------------------------------------------------------------------------
// Minor items of the walk.

TEST(Classroom, ALeaderlessPartitionKeepsItsCommittedRecordsSolid)
{
    // unclean-election's checkpoint 3: every broker down, no leader. Broker 1 had led with HW 4; the
    // followers had learned HW 2. Each row stays solid up to its own HW, hatched above it.
    const hw::Timeline timeline = hw::uitest::play("builtin:unclean-election");
    const hw::ClusterState state = timeline.stateAt(timeline.findLabel("3"));
    ASSERT_EQ(hw::ui::partitionHighWatermark(state.partitions[0]), -1) << "no leader at checkpoint 3";
    for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
        FrameScene scene;
        scene.setViewKind(view);
        scene.setFrame(state, static_cast<double>(state.nowMs));
        int committed = 0;
        for (ReplicaLogItem* row : scene.replicaItems()) {
            ASSERT_GT(row->hw(), 0);
            for (const ReplicaLogItem::Cell& cell : row->cells()) {
                EXPECT_EQ(cell.committed, cell.offset < row->hw())
                    << "broker " << row->broker() << " offset " << cell.offset;
                committed += cell.committed ? 1 : 0;
            }
        }
        EXPECT_EQ(committed, 4 + 2 + 2);
    }
    FrameScene scene;
    scene.setFrame(state, static_cast<double>(state.nowMs));
    ASSERT_NE(scene.hwLineItem(), nullptr);
    EXPECT_TRUE(scene.hwLineItem()->texts().constFirst().text.startsWith(QStringLiteral("No leader")));
}

TEST(Classroom, TheConsumersArrowEndsAtTheLogItReadsAndCrossesNoText)
{
    int lines = 0;
    for (const char* source : { "builtin:consumer-lag", "builtin:consumer-group-basics" }) {
        const hw::Timeline timeline = hw::uitest::play(source);
        for (const std::string& label : timeline.labels()) {
            const hw::ClusterState state = timeline.stateAt(timeline.findLabel(label));
            for (const bool compact : { false, true }) {
                FrameScene scene;
                scene.setCompact(compact);
                scene.setFrame(state, static_cast<double>(state.nowMs));
                const std::string where = std::string(source) + ", checkpoint " + label + (compact ? ", compact" : "");
                const hw::Partition& partition = state.partitions[0];
                ReplicaLogItem* leader = scene.replicaItem(0, partition.registration.leader);
                ASSERT_NE(leader, nullptr) << where;
                const hw::ui::LogGeometry& g = leader->geometry();
                const QPointF logEnd = leader->mapToScene(QPointF(g.cellsRight(), g.topLane));
                std::vector<std::pair<QRectF, std::string>> texts;
                for (hw::ui::FrameItem* item : scene.frameItems()) {
                    if (item->type() == hw::ui::MessageItemType || item->type() == hw::ui::AssignmentLineItemType)
                        continue;
                    const QList<QRectF> boxes = item->textBoxes();
                    for (qsizetype i = 0; i < boxes.size(); ++i)
                        texts.emplace_back(boxes[i], item->texts()[i].text.toStdString());
                }
                for (QGraphicsItem* item : scene.items()) {
                    auto* line = qgraphicsitem_cast<hw::ui::AssignmentLineItem*>(item);
                    if (!line)
                        continue;
                    ++lines;
                    const QPointF tip = line->path().constLast();
                    EXPECT_GE(tip.x(), logEnd.x()) << where;
                    EXPECT_LE(tip.x(), logEnd.x() + 6) << where << ": the arrow stops short of the log";
                    EXPECT_GT(tip.y(), logEnd.y()) << where;
                    EXPECT_LT(tip.y(), logEnd.y() + g.cellHeight) << where << ": the arrow points beside the cells";
                    QPainterPath path;
                    path.addPolygon(line->path());
                    QPainterPathStroker stroker;
                    stroker.setWidth(3);
                    const QPainterPath stroke = stroker.createStroke(path);
                    for (const auto& [box, text] : texts)
                        EXPECT_FALSE(stroke.intersects(box)) << where << ": the line crosses \"" << text << "\"";
                }
            }
        }
    }
    EXPECT_GT(lines, 10);
}

TEST(Classroom, ThePartitionViewsHeadingNamesTheKafkaVersion)
{
    EnglishAfterwards english;
    const hw::Timeline timeline = hw::uitest::play("builtin:leader-failover");
    const hw::ClusterState state = timeline.stateAt(timeline.frameCount() - 1);
    for (const char* language : { "en", "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const bool compact : { false, true }) {
            FrameScene scene;
            scene.setCompact(compact);
            scene.setFrame(state, 0);
            // The heading's first line, whole where it wraps; "Kafka" and the version stay together.
            QStringList parts;
            for (hw::ui::FrameItem* item : scene.frameItems())
                if (item->type() == hw::ui::TitleItemType)
                    for (const hw::ui::TextRun& run : item->texts())
                        if (run.role == QLatin1String("title"))
                            parts << run.text;
            ASSERT_FALSE(parts.isEmpty()) << language;
            EXPECT_TRUE(parts.last().endsWith(QStringLiteral("Kafka\u00A04.4"))) << parts.join(QLatin1Char('|')).toStdString();
            if (std::string(language) == "en") {
                EXPECT_EQ(parts.join(QLatin1Char(' ')), QStringLiteral("Partition orders-0 \u00B7 Kafka\u00A04.4"));
            }
        }
    }
}

TEST(Classroom, InPresentationNoBoxSendsTheClassToTheHiddenInspector)
{
    // One consumer reading twelve partitions: its box shows three lines and counts the rest. In the
    // window it points at the inspector; in presentation mode (compact) the inspector is hidden.
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "wide", "seed": 1,
 "cluster": {"brokers": 3, "config": {"offsets.topic.num.partitions": 1, "group.initial.rebalance.delay.ms": 0}},
 "topics": [{"name": "orders", "partitions": 12, "replication.factor": 1}],
 "consumers": [{"id": "c1", "group": "g", "subscribe": ["orders"], "auto.offset.reset": "earliest"}],
 "steps": [{"rebalance": {"group": "g"}}, {"advance": {"ms": 1000}}]})",
        "wide.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
    auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    const hw::Timeline& timeline = std::get<hw::Timeline>(played);
    const hw::ClusterState state = timeline.stateAt(timeline.frameCount() - 1);
    ASSERT_EQ(state.consumers[0].owned.size(), 12u);
    for (const bool compact : { false, true }) {
        FrameScene scene;
        scene.setViewKind(FrameScene::ViewKind::Cluster);
        scene.setCompact(compact);
        scene.setFrame(state, 0);
        QString all;
        for (hw::ui::FrameItem* item : scene.frameItems())
            if (item->type() == hw::ui::ConsumerItemType)
                for (const hw::ui::TextRun& run : item->texts())
                    all += run.text + QLatin1Char('\n');
        EXPECT_TRUE(all.contains(QStringLiteral("more line"))) << all.toStdString();
        EXPECT_EQ(all.contains(QStringLiteral("inspector")), !compact) << all.toStdString();
    }
}

// -------------------------------------------------------------------------------------------------
// Exports with a caption band.

TEST(Classroom, AnExportsCaptionNamesTheCheckpointTheVersionAndTheNote)
{
    EnglishAfterwards english;
    const hw::Scenario scenario = [] {
        auto loaded = hw::loadScenario("builtin:leo-hw-walkthrough");
        return std::get<hw::Scenario>(std::move(loaded));
    }();
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    const std::int64_t step3 = timeline.findLabel("3");
    const hw::ui::ExportCaption caption = hw::ui::Exporter::captionFor(timeline, step3, "en");
    EXPECT_EQ(caption.heading,
        QStringLiteral("Checkpoint 3 \u00B7 frame %1 \u00B7 %2 ms \u00B7 Kafka 4.4").arg(step3).arg(timeline.frame(step3).timeMs));
    EXPECT_TRUE(caption.note.startsWith(QStringLiteral("Step 3"))) << caption.note.toStdString();
    // A frame between checkpoints is under the note before it, as in the window.
    const hw::ui::ExportCaption after = hw::ui::Exporter::captionFor(timeline, step3 + 1, "en");
    EXPECT_TRUE(after.heading.startsWith(QStringLiteral("Frame %1 \u00B7 ").arg(step3 + 1)));
    EXPECT_EQ(after.note, caption.note);
    EXPECT_TRUE(hw::ui::Exporter::captionFor(timeline, 0, "en").note.isEmpty());
    // In Chinese, the note in Chinese.
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_TW")));
    const hw::ui::ExportCaption chinese = hw::ui::Exporter::captionFor(timeline, step3, "zh_TW");
    EXPECT_TRUE(chinese.heading.contains(QStringLiteral("Kafka 4.4"))) << chinese.heading.toStdString();
    EXPECT_NE(chinese.note, caption.note);
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("en")));

    QTemporaryDir dir;
    hw::ui::ExportSettings settings;
    settings.size = QSize(960, 540);
    settings.caption = true;
    auto exportTo = [&](const QString& name, const hw::ui::ExportSettings& s) {
        const QString path = dir.filePath(name);
        const hw::ui::ExportResult result = hw::ui::Exporter::exportFrames(timeline, scenario, { step3 }, s, path);
        EXPECT_TRUE(result.ok()) << result.error.toStdString();
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::ReadOnly));
        return file.readAll();
    };
    const QByteArray captioned = exportTo(QStringLiteral("a.png"), settings);
    const QImage image = QImage::fromData(captioned, "PNG");
    ASSERT_EQ(image.size(), QSize(960, 540)) << "the image keeps its size; the drawing gets what the band leaves";
    const int band = static_cast<int>(hw::ui::Exporter::captionBandHeight(caption, settings.size));
    EXPECT_GT(band, 60);
    EXPECT_LE(band, static_cast<int>(540 * hw::ui::Exporter::captionShareMax));
    // The band's paper, its top rule, and text on it.
    EXPECT_EQ(image.pixelColor(2, 539), hw::ui::theme::panel);
    int inked = 0;
    for (int y = 540 - band + 2; y < 540; ++y)
        for (int x = 0; x < 960; ++x)
            inked += image.pixelColor(x, y) == hw::ui::theme::panel ? 0 : 1;
    EXPECT_GT(inked, 2000) << "the band holds text";
    // The same export gives the same bytes; without the caption the band is drawing.
    EXPECT_EQ(exportTo(QStringLiteral("b.png"), settings), captioned);
    hw::ui::ExportSettings plain = settings;
    plain.caption = false;
    const QImage without = QImage::fromData(exportTo(QStringLiteral("c.png"), plain), "PNG");
    EXPECT_NE(without.pixelColor(2, 539), hw::ui::theme::panel);
    // SVG: the caption's words are in the file; GIF: every frame is captioned at one size.
    settings.format = hw::ui::ExportFormat::Svg;
    const QByteArray svg = exportTo(QStringLiteral("a.svg"), settings);
    EXPECT_TRUE(svg.contains("Kafka 4.4")) << "the heading is text in the SVG";
    EXPECT_TRUE(svg.contains("Step 3")) << "the note too";
    settings.format = hw::ui::ExportFormat::Gif;
    const QString gif = dir.filePath(QStringLiteral("a.gif"));
    const hw::ui::ExportResult gifResult
        = hw::ui::Exporter::exportFrames(timeline, scenario, { step3 - 1, step3, step3 + 1 }, settings, gif);
    EXPECT_TRUE(gifResult.ok()) << gifResult.error.toStdString();
    EXPECT_EQ(QImage(gif).size(), QSize(960, 540));
    // A PDF handout has its own caption on every page.
    settings.format = hw::ui::ExportFormat::Pdf;
    EXPECT_FALSE(hw::ui::Exporter::check(settings, 1).isEmpty());
}

TEST(Classroom, TheCliExportsCellsAndCaptionsAndRefusesAnUnknownCellText)
{
    QTemporaryDir dir;
    auto run = [](const QStringList& args) {
        QProcess process;
        process.start(QStringLiteral(HW_CLI_PATH), args);
        process.waitForFinished(120000);
        return std::make_pair(process.exitCode(), QString::fromUtf8(process.readAllStandardError()));
    };
    auto read = [](const QString& path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    const QStringList common = { QStringLiteral("export"), QStringLiteral("builtin:leo-hw-walkthrough"),
        QStringLiteral("--label"), QStringLiteral("3"), QStringLiteral("--width"), QStringLiteral("640"),
        QStringLiteral("--height"), QStringLiteral("360") };
    QByteArray outputs[3];
    const char* cells[] = { "offsets", "values", nullptr };
    for (int i = 0; i < 3; ++i) {
        const QString path = dir.filePath(QStringLiteral("x%1.svg").arg(i));
        QStringList args = common + QStringList { QStringLiteral("--out"), path };
        if (cells[i])
            args << QStringLiteral("--cells") << QLatin1String(cells[i]);
        const auto [code, err] = run(args);
        ASSERT_EQ(code, 0) << err.toStdString();
        outputs[i] = read(path);
    }
    EXPECT_EQ(outputs[0], outputs[2]) << "the walkthrough asks for nothing: offsets";
    EXPECT_NE(outputs[1], outputs[0]);
    EXPECT_TRUE(outputs[1].contains(">m3<") || outputs[1].contains("m3")) << "the values are drawn";

    const QString captioned = dir.filePath(QStringLiteral("c.png"));
    auto [code, err] = run(common + QStringList { QStringLiteral("--caption"), QStringLiteral("--out"), captioned });
    ASSERT_EQ(code, 0) << err.toStdString();
    EXPECT_EQ(QImage(captioned).size(), QSize(640, 360));
    std::tie(code, err) = run(common + QStringList { QStringLiteral("--cells"), QStringLiteral("keys"),
                                  QStringLiteral("--out"), dir.filePath(QStringLiteral("d.png")) });
    EXPECT_EQ(code, 2);
    EXPECT_TRUE(err.contains(QStringLiteral("--cells must be offsets, values or both, got \"keys\""))) << err.toStdString();
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("d.png"))));
    std::tie(code, err) = run(common + QStringList { QStringLiteral("--caption"), QStringLiteral("--out"),
                                  dir.filePath(QStringLiteral("e.pdf")) });
    EXPECT_EQ(code, 2);
    EXPECT_TRUE(err.contains(QStringLiteral("caption"))) << err.toStdString();
}

TEST(Classroom, KeysStillStepThroughTheRunWithTheNoteStripShown)
{
    // The strip's text scrolls with the wheel and its scroll bar but takes no keys: Page Down and
    // Right stay the window's, whatever the pointer or focus did.
    MainWindow window;
    showAtSize(window, QSize(1280, 720));
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    ASSERT_TRUE(window.noteStrip()->isVisible());
    const hw::Timeline& timeline = window.controller()->timeline();
    QWidget* focus = QApplication::focusWidget();
    EXPECT_FALSE(focus && window.noteStrip()->isAncestorOf(focus))
        << "the strip has the focus: " << focus->metaObject()->className();
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_PageDown);
    EXPECT_EQ(window.controller()->currentFrame(), timeline.findLabel("1"));
    QTest::mouseClick(window.noteStrip()->noteView()->viewport(), Qt::LeftButton);
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_PageDown);
    EXPECT_EQ(window.controller()->currentFrame(), timeline.findLabel("2")) << "a click in the note keeps the keys";
}

TEST(Classroom, AtPresentationTextSizesNoMessageDotRestsOnAHeading)
{
    // A dot waiting at its sender or receiver sits on that box's anchor frame after frame: at the text
    // floors presentation mode sets, in both compact views and in Chinese, it covers no text (a
    // broker's name and state, a box's name), as at the ordinary size (Declutter tests).
    EnglishAfterwards english;
    NoTextFloorAfterwards noFloor;
    int atRest = 0;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
            const hw::Timeline timeline = hw::uitest::play("builtin:" + nameOf(builtin));
            // Every fifth frame with something in flight.
            for (std::int64_t f = 0; f < timeline.frameCount(); f += 5) {
                const hw::ClusterState state = timeline.stateAt(f);
                if (state.queue.empty())
                    continue;
                for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
                    for (const qreal floor : { 27.0, 56.0 }) {
                        hw::ui::theme::setTextSizeMin(floor);
                        FrameScene scene;
                        scene.setViewKind(view);
                        scene.setLegendShown(false);
                        scene.setCompact(true);
                        scene.setFrame(state, static_cast<double>(state.nowMs));
                        const std::string where = std::string(language) + ", " + nameOf(builtin) + ", frame "
                            + std::to_string(f) + (view == FrameScene::ViewKind::Cluster ? ", cluster" : ", partition")
                            + ", text floor " + std::to_string(int(floor));
                        std::vector<std::pair<QRectF, std::string>> texts;
                        for (hw::ui::FrameItem* item : scene.frameItems()) {
                            if (item->type() == hw::ui::MessageItemType)
                                continue;
                            const QList<QRectF> boxes = item->textBoxes();
                            for (qsizetype i = 0; i < boxes.size(); ++i)
                                texts.emplace_back(boxes[i], item->texts()[i].text.toStdString());
                        }
                        for (hw::ui::MessageItem* message : scene.messageItems()) {
                            if (!message->isVisible() || (message->progress() > 0 && message->progress() < 1))
                                continue;
                            ++atRest;
                            for (const auto& [box, text] : texts)
                                EXPECT_FALSE(overlaps(message->dotRect(), box))
                                    << where << ": the dot of \"" << message->label().toStdString() << "\" covers \""
                                    << text << "\"";
                        }
                        hw::ui::theme::setTextSizeMin(0);
                    }
                }
            }
        }
    }
    std::cout << "[ measured ] " << atRest << " message dots at rest checked at presentation text sizes\n";
    EXPECT_GT(atRest, 100);
}

TEST(Classroom, TheExportDialogsOfferTheCaptionAndExportTheWindowsCells)
{
    MainWindow window;
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:in-flight-and-ordering")));
    ASSERT_EQ(window.scene()->cellText(), hw::CellText::Both);
    QTemporaryDir dir;
    {
        hw::ui::ExportImageDialog dialog(window.controller(), window.scene(), QSize(800, 450), nullptr);
        QCheckBox* caption = dialog.captionCheck();
        ASSERT_NE(caption, nullptr);
        EXPECT_FALSE(caption->isHidden());
        EXPECT_FALSE(dialog.settings().caption) << "off until asked for";
        caption->setChecked(true);
        EXPECT_TRUE(dialog.settings().caption);
        EXPECT_EQ(dialog.settings().cells, hw::CellText::Both) << "the cells as the window shows them";
        // A PDF page has its own caption: the box goes, and the setting with it.
        dialog.formatCombo()->setCurrentIndex(dialog.formatCombo()->findData(static_cast<int>(hw::ui::ExportFormat::Pdf)));
        EXPECT_TRUE(caption->isHidden());
        EXPECT_FALSE(dialog.settings().caption);
        dialog.formatCombo()->setCurrentIndex(dialog.formatCombo()->findData(static_cast<int>(hw::ui::ExportFormat::Png)));
        dialog.pathEdit()->setText(dir.filePath(QStringLiteral("view.png")));
        const hw::ui::ExportResult result = dialog.exportNow();
        ASSERT_TRUE(result.ok()) << result.error.toStdString();
        const QImage image(dir.filePath(QStringLiteral("view.png")));
        EXPECT_EQ(image.size(), QSize(800, 450));
        EXPECT_EQ(image.pixelColor(2, 448), hw::ui::theme::panel) << "the caption band";
    }
    {
        hw::ui::ExportAnimationDialog dialog(window.controller(), window.scene());
        ASSERT_NE(dialog.captionCheck(), nullptr);
        dialog.captionCheck()->setChecked(true);
        EXPECT_TRUE(dialog.settings().caption);
        EXPECT_EQ(dialog.settings().cells, hw::CellText::Both);
    }
}
