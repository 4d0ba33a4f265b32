// SPDX-License-Identifier: MIT
// The timeline under the drawing (issue #25): the bar and the frame counter keep their widths from
// frame to frame, every checkpoint keeps its label or its number however crowded, and markers on
// one frame stand side by side instead of over each other.

#include "base/i18n.h"
#include "control/simcontroller.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scenario/builtin.h"
#include "timeline/timeline.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QLabel>
#include <QLayout>
#include <QRegularExpression>

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

using hw::ui::SimController;
using hw::ui::TimelineBar;
using hw::ui::TimelinePanel;
using Kind = SimController::Marker::Kind;

namespace {

QString builtinSource(const hw::BuiltinScenario& builtin)
{
    return QStringLiteral("builtin:")
        + QString::fromLatin1(builtin.name.data(), static_cast<qsizetype>(builtin.name.size()));
}

/// A timeline panel on its own, as wide as the main window's at 1280x720, with the transport's
/// actions it needs (what they do does not matter here).
struct PanelFixture {
    SimController controller;
    QWidget window;
    QList<QAction*> actions;
    TimelinePanel* panel = nullptr;

    PanelFixture()
    {
        for (int i = 0; i < 7; ++i)
            actions << new QAction(QStringLiteral("action %1").arg(i), &window);
        panel = new TimelinePanel(&controller,
            { actions[0], actions[1], actions[2], actions[3], actions[4], actions[5], actions[6], nullptr }, &window);
        window.resize(1280, panel->sizeHint().height());
        panel->setGeometry(window.rect());
        window.show();
    }

    void settle()
    {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        panel->layout()->activate();
    }
};

/// The checkpoints' labels of the controller's markers, in marker order.
QStringList checkpointLabels(const SimController& controller)
{
    QStringList labels;
    const hw::Timeline& timeline = controller.timeline();
    for (const SimController::Marker& m : controller.markers()) {
        if (m.kind == Kind::Checkpoint)
            labels << QString::fromStdString(
                timeline.labels()[static_cast<std::size_t>(timeline.frame(m.frame).label)]);
    }
    return labels;
}

/// Whether a box's text names checkpoint `index` (0-based) labelled `label`: the label, its number
/// ("#3", or the label when it is that number), or a range of numbers ("5–7", "#5–7") around it.
bool namesCheckpoint(const QString& text, int index, const QString& label)
{
    const QString number = QString::number(index + 1);
    if (text == label || text == number || text == QLatin1Char('#') + number)
        return true;
    static const QRegularExpression range(QStringLiteral("^#?(\\d+)\u2013(\\d+)$"));
    const QRegularExpressionMatch m = range.match(text);
    return m.hasMatch() && m.captured(1).toInt() <= index + 1 && index + 1 <= m.captured(2).toInt()
        && m.captured(1).toInt() < m.captured(2).toInt();
}

/// Every checkpoint of the bar is named by a box that covers no other, inside the bar, with its
/// whole text; a box of one checkpoint sits on its line; hovering a box names its checkpoints.
void expectEveryCheckpointNamed(const TimelineBar& bar, const std::vector<std::int64_t>& frames,
    const QStringList& labels, const std::string& where)
{
    const std::vector<TimelineBar::LabelBox> boxes = bar.labelBoxes();
    const std::vector<QRectF> rects = bar.checkpointLabelBoxes();
    const QStringList texts = bar.checkpointLabelTexts();
    ASSERT_EQ(rects.size(), frames.size()) << where;
    const QFontMetricsF metrics([&] {
        QFont f = bar.font();
        f.setBold(true);
        return f;
    }());
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const int index = static_cast<int>(i);
        EXPECT_FALSE(rects[i].isEmpty()) << where << ": checkpoint " << labels[index].toStdString() << " has no box";
        EXPECT_TRUE(namesCheckpoint(texts[index], index, labels[index]))
            << where << ": checkpoint " << index + 1 << " (" << labels[index].toStdString() << ") is shown as \""
            << texts[index].toStdString() << "\"";
    }
    // Hovering a box names its checkpoints, the first eight of a crowd and how many more.
    for (const TimelineBar::LabelBox& box : boxes) {
        const QString tip = bar.toolTipAt(box.rect.center());
        for (std::size_t k = 0; k < box.checkpoints.size() && k < 8; ++k) {
            const int index = box.checkpoints[k];
            EXPECT_TRUE(tip.contains(QStringLiteral("Frame %1: checkpoint %2")
                                         .arg(frames[static_cast<std::size_t>(index)])
                                         .arg(labels[index])))
                << where << ": hovering \"" << box.text.toStdString() << "\" says " << tip.toStdString();
        }
        if (box.checkpoints.size() > 8) {
            EXPECT_TRUE(tip.endsWith(QStringLiteral("and %1 more").arg(box.checkpoints.size() - 8)))
                << tip.toStdString();
        }
    }
    for (std::size_t a = 0; a < boxes.size(); ++a) {
        const TimelineBar::LabelBox& box = boxes[a];
        EXPECT_GE(box.rect.left(), 0) << where;
        EXPECT_LE(box.rect.right(), bar.width() + 0.01) << where;
        if (box.rect.width() < bar.width()) {
            EXPECT_LE(metrics.horizontalAdvance(box.text), box.rect.width())
                << where << ": \"" << box.text.toStdString() << "\" is cut";
        }
        if (box.checkpoints.size() == 1) {
            const qreal x = bar.xOf(frames[static_cast<std::size_t>(box.checkpoints.front())]);
            EXPECT_TRUE(box.rect.left() <= x && x <= box.rect.right())
                << where << ": \"" << box.text.toStdString() << "\" is off its line";
        }
        for (std::size_t b = a + 1; b < boxes.size(); ++b)
            EXPECT_FALSE(box.rect.intersects(boxes[b].rect)) << where << ": \"" << box.text.toStdString() << "\" and \""
                                                             << boxes[b].text.toStdString() << "\" overlap";
    }
}

/// No two markers are drawn over each other, and each marker of the bar stands in exactly one
/// drawn marker of its kind, whose tooltip names its frame.
void expectMarkersApart(
    const TimelineBar& bar, const std::vector<SimController::Marker>& markers, const std::string& where)
{
    const std::vector<TimelineBar::MarkerGlyph> glyphs = bar.markerGlyphs();
    for (std::size_t a = 0; a < glyphs.size(); ++a) {
        EXPECT_FALSE(TimelineBar::markerLetter(glyphs[a].kind).isEmpty());
        EXPECT_GE(glyphs[a].rect.left(), 0) << where;
        EXPECT_LE(glyphs[a].rect.right(), bar.width() + 0.01) << where;
        for (std::size_t b = a + 1; b < glyphs.size(); ++b)
            EXPECT_FALSE(glyphs[a].rect.intersects(glyphs[b].rect))
                << where << ": " << TimelineBar::markerLetter(glyphs[a].kind).toStdString() << " at frame "
                << glyphs[a].frames.front() << " and " << TimelineBar::markerLetter(glyphs[b].kind).toStdString()
                << " at frame " << glyphs[b].frames.front() << " overlap";
    }
    std::map<std::pair<int, std::int64_t>, int> drawn;
    for (const TimelineBar::MarkerGlyph& glyph : glyphs)
        for (std::int64_t frame : glyph.frames)
            ++drawn[{ static_cast<int>(glyph.kind), frame }];
    std::set<std::pair<int, std::int64_t>> expected;
    for (const SimController::Marker& m : markers)
        if (m.kind != Kind::Checkpoint)
            expected.insert({ static_cast<int>(m.kind), m.frame });
    for (const auto& key : expected) {
        EXPECT_EQ(drawn[key], 1) << where << ": "
                                 << TimelineBar::markerLetter(static_cast<Kind>(key.first)).toStdString()
                                 << " at frame " << key.second;
    }
    for (const TimelineBar::MarkerGlyph& glyph : glyphs) {
        const QString tip = bar.toolTipAt(glyph.rect.center());
        EXPECT_TRUE(tip.contains(QStringLiteral("Frame %1:").arg(glyph.frames.front())))
            << where << ": hovering " << TimelineBar::markerLetter(glyph.kind).toStdString() << " says "
            << tip.toStdString();
    }
}

} // namespace

TEST(Timeline, TheBarAndTheFrameCounterKeepTheirWidthsOverEveryFrameOfEveryBuiltin)
{
    // "Frame 41 of 63 · 1085 ms · ◆3" used to take the width the bar then lost: the bar, and every
    // marker on it, shifted with the counter's text.
    struct EnglishAfterwards {
        ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
    } english;
    QElapsedTimer timer;
    timer.start();
    std::int64_t frames = 0;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
            PanelFixture f;
            ASSERT_TRUE(f.controller.openScenario(builtinSource(builtin)).isEmpty());
            f.panel->refresh(true);
            f.settle();
            const int barWidth = f.panel->bar()->width();
            const int positionWidth = f.panel->positionLabel()->width();
            ASSERT_GT(barWidth, 200);
            for (std::int64_t frame = 0; frame < f.controller.frameCount(); ++frame) {
                f.controller.setCurrentFrame(frame);
                f.panel->refresh(false);
                f.settle();
                ++frames;
                QLabel* position = f.panel->positionLabel();
                const std::string where = std::string(language) + " " + std::string(builtin.name) + " frame "
                    + std::to_string(frame) + " \"" + position->text().toStdString() + "\"";
                ASSERT_EQ(f.panel->bar()->width(), barWidth) << where;
                ASSERT_EQ(position->width(), positionWidth) << where;
                ASSERT_LE(position->fontMetrics().horizontalAdvance(position->text()), position->width())
                    << where << ": the text is cut";
            }
        }
    }
    // Presentation mode's larger font: the counter is measured again, and keeps its width then too.
    PanelFixture f;
    ASSERT_TRUE(f.controller.openScenario(QStringLiteral("builtin:eligible-leader-replicas")).isEmpty());
    f.panel->refresh(true);
    QFont larger = f.panel->positionLabel()->font();
    larger.setPointSizeF(larger.pointSizeF() * 1.25);
    f.panel->positionLabel()->setFont(larger);
    f.settle();
    const int barWidth = f.panel->bar()->width();
    for (std::int64_t frame = 0; frame < f.controller.frameCount(); frame += 7) {
        f.controller.setCurrentFrame(frame);
        f.panel->refresh(false);
        f.settle();
        ++frames;
        QLabel* position = f.panel->positionLabel();
        ASSERT_EQ(f.panel->bar()->width(), barWidth) << "frame " << frame;
        ASSERT_LE(position->fontMetrics().horizontalAdvance(position->text()), position->width())
            << position->text().toStdString();
    }
    std::cout << "[ measured ] " << frames << " frames, bar and counter widths constant, in " << timer.elapsed()
              << " ms\n";
}

TEST(Timeline, EveryCheckpointOfEveryBuiltinKeepsItsLabelOrItsNumber)
{
    // unclean-election-in-kraft has checkpoints at frames 80 and 83, and 335 and 336: labels 4 and 6
    // used to vanish. At every width from a projector's bar down to a narrow one, each checkpoint
    // keeps its label, its number or a range that holds it, and no box covers another.
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        SimController controller;
        ASSERT_TRUE(controller.openScenario(builtinSource(builtin)).isEmpty());
        std::vector<std::int64_t> frames;
        for (const SimController::Marker& m : controller.markers())
            if (m.kind == Kind::Checkpoint)
                frames.push_back(m.frame);
        const QStringList labels = checkpointLabels(controller);
        for (int width : { 1000, 800, 500, 300, 200 }) {
            TimelineBar bar;
            bar.resize(width, bar.sizeHint().height());
            bar.setRange(controller.frameCount());
            bar.setMarkers(controller.markers(), labels);
            expectEveryCheckpointNamed(
                bar, frames, labels, std::string(builtin.name) + " at " + std::to_string(width) + " px");
            expectMarkersApart(
                bar, controller.markers(), std::string(builtin.name) + " at " + std::to_string(width) + " px");
        }
    }
}

TEST(Timeline, CrowdedLabelsMoveAsideCollapseToNumbersThenToRanges)
{
    TimelineBar bar;
    bar.resize(600, bar.sizeHint().height());
    bar.setRange(1000);
    // Far apart: each label whole, centred on its line.
    bar.setMarkers({ { Kind::Checkpoint, 100 }, { Kind::Checkpoint, 500 } },
        { QStringLiteral("stable"), QStringLiteral("failover") });
    EXPECT_EQ(bar.checkpointLabelTexts(), (QStringList { QStringLiteral("stable"), QStringLiteral("failover") }));
    EXPECT_NEAR(bar.checkpointLabelBoxes()[1].center().x(), bar.xOf(500), 0.5);

    // Close: the first label gives way to its number so that the second, moved aside, stays whole on
    // its line; the tooltip of the number names its label.
    const QStringList close { QStringLiteral("the-stable-state"), QStringLiteral("failover-begins") };
    bar.setMarkers({ { Kind::Checkpoint, 100 }, { Kind::Checkpoint, 152 } }, close);
    EXPECT_EQ(bar.checkpointLabelTexts(), (QStringList { QStringLiteral("#1"), QStringLiteral("failover-begins") }));
    expectEveryCheckpointNamed(bar, { 100, 152 }, close, "two close");
    EXPECT_TRUE(bar.toolTipAt(bar.checkpointLabelBoxes()[0].center())
                    .contains(QStringLiteral("Frame 100: checkpoint the-stable-state (#1)")));

    // Closer still: a range of numbers over both lines.
    bar.setMarkers({ { Kind::Checkpoint, 100 }, { Kind::Checkpoint, 101 } }, close);
    EXPECT_EQ(bar.checkpointLabelTexts(), (QStringList { QStringLiteral("#1\u20132"), QStringLiteral("#1\u20132") }));
    expectEveryCheckpointNamed(bar, { 100, 101 }, close, "two on neighbouring frames");

    // The built-ins name their steps by number: unclean-election-in-kraft's 3 and 4 three frames
    // apart, 5 and 6 on neighbouring frames, on a run of 648 frames.
    bar.setRange(648);
    const std::vector<std::int64_t> steps { 29, 53, 80, 83, 335, 336 };
    std::vector<SimController::Marker> stepMarkers;
    QStringList stepLabels;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        stepMarkers.push_back({ Kind::Checkpoint, steps[i] });
        stepLabels << QString::number(i + 1);
    }
    bar.setMarkers(stepMarkers, stepLabels);
    const QStringList shown = bar.checkpointLabelTexts();
    EXPECT_EQ(shown.mid(4), (QStringList { QStringLiteral("5\u20136"), QStringLiteral("5\u20136") }))
        << shown.join(QLatin1Char('|')).toStdString();
    expectEveryCheckpointNamed(bar, steps, stepLabels, "unclean-election-in-kraft's steps");
    bar.setRange(1000);

    // Forty long labels within a twentieth of the run, and a label at either end: all named, none
    // over another.
    std::vector<SimController::Marker> crowd { { Kind::Checkpoint, 0 } };
    QStringList labels { QStringLiteral("the-very-first-checkpoint") };
    std::vector<std::int64_t> frames { 0 };
    for (int i = 0; i < 40; ++i) {
        crowd.push_back({ Kind::Checkpoint, 400 + i });
        labels << QStringLiteral("crowded-step-%1").arg(i);
        frames.push_back(400 + i);
    }
    crowd.push_back({ Kind::Checkpoint, 999 });
    labels << QStringLiteral("the-last-checkpoint");
    frames.push_back(999);
    bar.setMarkers(crowd, labels);
    expectEveryCheckpointNamed(bar, frames, labels, "a crowd");
    EXPECT_DOUBLE_EQ(bar.checkpointLabelBoxes().front().left(), 0) << "the first label shifts inward";
    EXPECT_DOUBLE_EQ(bar.checkpointLabelBoxes().back().right(), bar.width()) << "so does the last";
    const QString crowdTip = bar.toolTipAt(bar.checkpointLabelBoxes()[20].center());
    EXPECT_TRUE(crowdTip.contains(QStringLiteral("more")))
        << "a long list ends with how many more: " << crowdTip.toStdString();
}

TEST(Timeline, MarkersOnOneFrameStandSideBySideNotOverEachOther)
{
    TimelineBar bar;
    bar.resize(800, bar.sizeHint().height());
    bar.setRange(648);
    // The election hid under the ISR change (unclean-election-in-kraft, frames 80 to 83).
    const std::vector<SimController::Marker> markers { { Kind::Election, 80 }, { Kind::IsrChange, 80 },
        { Kind::DataLoss, 81 }, { Kind::IsrChange, 83 }, { Kind::DuplicateBatch, 300 }, { Kind::Election, 300 } };
    bar.setMarkers(markers, {});
    const std::vector<TimelineBar::MarkerGlyph> glyphs = bar.markerGlyphs();
    std::vector<Kind> kinds;
    for (const TimelineBar::MarkerGlyph& glyph : glyphs)
        kinds.push_back(glyph.kind);
    EXPECT_EQ(kinds,
        (std::vector<Kind> { Kind::Election, Kind::IsrChange, Kind::DataLoss, Kind::Election, Kind::DuplicateBatch }));
    expectMarkersApart(bar, markers, "frame 80");
    // The I stands for both ISR changes, and says so; the E beside it is its own.
    EXPECT_EQ(glyphs[1].frames, (std::vector<std::int64_t> { 80, 83 }));
    const QString tip = bar.toolTipAt(glyphs[1].rect.center());
    EXPECT_TRUE(tip.contains(QStringLiteral("Frame 80: the ISR changes"))
        && tip.contains(QStringLiteral("Frame 83: the ISR changes")))
        << tip.toStdString();
    EXPECT_TRUE(bar.toolTipAt(glyphs[0].rect.center()).contains(QStringLiteral("Frame 80: a new leader")));
    // Centred on their frame as a group.
    EXPECT_NEAR((glyphs[0].rect.left() + glyphs[2].rect.right()) / 2, (bar.xOf(80) + bar.xOf(83)) / 2, 0.5);

    // Hundreds of markers on a narrow bar: each still drawn once, none over another.
    std::vector<SimController::Marker> many;
    for (int f = 0; f < 2000; f += 3)
        many.push_back({ f % 2 ? Kind::IsrChange : Kind::Election, f });
    bar.setRange(2000);
    bar.resize(300, bar.sizeHint().height());
    bar.setMarkers(many, {});
    expectMarkersApart(bar, many, "many on 300 px");
}

TEST(Timeline, PredictModeHidesTheStepsMarkersAndCheckpointLabel)
{
    TimelineBar bar;
    bar.resize(800, bar.sizeHint().height());
    bar.setRange(100);
    bar.setMarkers({ { Kind::Checkpoint, 40 }, { Kind::Election, 45 }, { Kind::Checkpoint, 50 }, { Kind::DataLoss, 50 },
                       { Kind::IsrChange, 60 } },
        { QStringLiteral("before"), QStringLiteral("isr-shrinks") });
    bar.setConcealed(40, 50);
    EXPECT_EQ(bar.checkpointLabelTexts(), (QStringList { QStringLiteral("before"), QStringLiteral("?") }));
    const std::vector<TimelineBar::MarkerGlyph> glyphs = bar.markerGlyphs();
    ASSERT_EQ(glyphs.size(), 1U);
    EXPECT_EQ(glyphs[0].frames, (std::vector<std::int64_t> { 60 }));
    for (qreal x = 0; x < bar.width(); x += 2)
        EXPECT_FALSE(bar.markerToolTip(x).contains(QStringLiteral("isr-shrinks"))
            || bar.markerToolTip(x).contains(QStringLiteral("Frame 45:"))
            || bar.markerToolTip(x).contains(QStringLiteral("Frame 50: records")))
            << bar.markerToolTip(x).toStdString();
    bar.setConcealed(-1, -1);
    EXPECT_EQ(bar.markerGlyphs().size(), 3U);
    EXPECT_EQ(bar.checkpointLabelTexts()[1], QStringLiteral("isr-shrinks"));
}
