// SPDX-License-Identifier: MIT
// Issue #12, "Declutter": labels of messages in flight stay off log cells, markers, badges, names and
// each other; assignment lines keep out of other brokers' boxes; badges keep a gap in Chinese; the
// context menu finds the broker under a message line.

#include "base/glossary.h"
#include "base/i18n.h"
#include "base/theme.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/chartspanel.h"
#include "panels/glossarypanel.h"
#include "scenario/builtin.h"
#include "scene/assignmentlineitem.h"
#include "scene/brokeritem.h"
#include "scene/framescene.h"
#include "teaching/presentationmode.h"
#include "scene/frameview.h"
#include "scene/hwlineitem.h"
#include "scene/messageitem.h"
#include "scene/replicalogitem.h"
#include "uitest_support.h"

#include <QApplication>
#include <QGraphicsSceneContextMenuEvent>
#include <QLineSeries>
#include <QListWidget>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace {

using hw::ui::FrameScene;

/// Something drawn that a message's label must not cover, in scene coordinates.
struct Shape {
    QRectF rect;
    std::string what;
};

std::string describe(const QRectF& r)
{
    std::ostringstream out;
    out << "[" << r.left() << "," << r.top() << " " << r.width() << "x" << r.height() << "]";
    return out.str();
}

/// Every text of every item but the messages, every log cell, and every LEO, HW and leader's-view
/// marker with its triangle, measured from what the items say they draw (ReplicaLogItem::paint draws
/// the triangles max(4, 0.28 lane) wide each side and 1.4 times that high).
std::vector<Shape> drawnShapes(const FrameScene& scene)
{
    std::vector<Shape> shapes;
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (item->type() == hw::ui::MessageItemType)
            continue;
        const QList<QRectF> boxes = item->textBoxes();
        for (qsizetype i = 0; i < boxes.size(); ++i) {
            shapes.push_back({ boxes[i],
                "text \"" + item->texts()[i].text.toStdString() + "\" (" + item->texts()[i].role.toStdString() + ")" });
        }
        if (auto* replica = qgraphicsitem_cast<hw::ui::ReplicaLogItem*>(item)) {
            const std::string row
                = "partition " + std::to_string(replica->partition()) + " broker " + std::to_string(replica->broker());
            for (const hw::ui::ReplicaLogItem::Cell& cell : replica->cells())
                shapes.push_back(
                    { replica->mapRectToScene(cell.rect), "cell " + std::to_string(cell.offset) + " of " + row });
            if (replica->isMasked())
                continue;
            const hw::ui::LogGeometry& g = replica->geometry();
            const qreal top = replica->mapToScene(QPointF(0, 0)).y();
            const qreal cellTop = top + g.topLane;
            const qreal cellBottom = cellTop + g.cellHeight;
            const qreal leoSide = std::max<qreal>(4, g.bottomLane * 0.28);
            shapes.push_back({ QRectF(QPointF(replica->leoMarkerX() - leoSide, cellTop),
                                   QPointF(replica->leoMarkerX() + leoSide, cellBottom + 2 + leoSide * 1.4)),
                "LEO marker of " + row });
            const qreal hwSide = std::max<qreal>(4, g.topLane * 0.28);
            shapes.push_back({ QRectF(QPointF(replica->hwMarkerX() - hwSide, cellTop - 6 - hwSide * 1.4),
                                   QPointF(replica->hwMarkerX() + hwSide, cellBottom)),
                "HW marker of " + row });
            if (replica->leaderView() >= 0)
                shapes.push_back({ QRectF(QPointF(replica->viewMarkerX() - 2, cellTop),
                                       QPointF(replica->viewMarkerX() + 2, top + g.height())),
                    "leader's-view marker of " + row });
        }
        if (auto* line = qgraphicsitem_cast<hw::ui::HwLineItem*>(item); line && !line->isMasked()) {
            const QRectF extent = line->sceneBoundingRect();
            shapes.push_back({ QRectF(line->lineX() - 3, extent.top(), 6, extent.height()), "partition HW line" });
        }
    }
    return shapes;
}

bool overlaps(const QRectF& a, const QRectF& b)
{
    const QRectF common = a.intersected(b);
    return common.width() > 0.5 && common.height() > 0.5;
}

/// What the scene draws at one moment, and the labels it shows: the failures name the scene.
struct LabelCount {
    int shown = 0;
    int messages = 0;
    int labelable = 0; // in scenes with at most FrameScene::messageLabelsMax messages: all of them may be labelled
    int labelableShown = 0;
};

LabelCount expectLabelsInFreeSpace(const FrameScene& scene, const std::string& where)
{
    LabelCount count;
    const std::vector<Shape> shapes = drawnShapes(scene);
    std::vector<Shape> labels;
    const bool labelAll = scene.messageItems().size() <= FrameScene::messageLabelsMax;
    for (hw::ui::MessageItem* message : scene.messageItems()) {
        ++count.messages;
        count.labelable += labelAll ? 1 : 0;
        if (!message->isVisible() || !message->isLabelVisible())
            continue;
        ++count.shown;
        count.labelableShown += labelAll ? 1 : 0;
        for (const QRectF& box : message->textBoxes())
            labels.push_back({ box, "message label \"" + message->label().toStdString() + "\"" });
    }
    const QRectF extent = scene.sceneRect();
    for (std::size_t i = 0; i < labels.size(); ++i) {
        EXPECT_TRUE(extent.contains(labels[i].rect))
            << where << ": " << labels[i].what << " " << describe(labels[i].rect) << " is cut off";
        for (const Shape& shape : shapes) {
            EXPECT_FALSE(overlaps(labels[i].rect, shape.rect))
                << where << ": " << labels[i].what << " " << describe(labels[i].rect) << " covers " << shape.what << " "
                << describe(shape.rect);
        }
        for (std::size_t j = i + 1; j < labels.size(); ++j) {
            EXPECT_FALSE(overlaps(labels[i].rect, labels[j].rect))
                << where << ": " << labels[i].what << " overlaps " << labels[j].what;
        }
    }
    return count;
}

/// The moments a scenario's labels are checked at: every checkpoint, the first and last frame, and
/// between two of those the middle frame, drawn half way to the next frame (messages in flight).
struct Moment {
    std::int64_t frame;
    double displayTimeMs;
    std::string name;
};

std::vector<Moment> momentsOf(const hw::Timeline& timeline)
{
    std::vector<std::pair<std::int64_t, std::string>> checkpoints = { { 0, "start" } };
    for (const std::string& label : timeline.labels())
        checkpoints.emplace_back(timeline.findLabel(label), "checkpoint \"" + label + "\"");
    checkpoints.emplace_back(timeline.frameCount() - 1, "last frame");
    std::sort(checkpoints.begin(), checkpoints.end());
    std::vector<Moment> moments;
    for (std::size_t i = 0; i < checkpoints.size(); ++i) {
        const std::int64_t frame = checkpoints[i].first;
        moments.push_back({ frame, static_cast<double>(timeline.frame(frame).timeMs),
            checkpoints[i].second + " (frame " + std::to_string(frame) + ")" });
        if (i + 1 < checkpoints.size() && checkpoints[i + 1].first > frame + 1) {
            const std::int64_t middle = (frame + checkpoints[i + 1].first) / 2;
            const double now = static_cast<double>(timeline.frame(middle).timeMs);
            const double next = static_cast<double>(timeline.frame(middle + 1).timeMs);
            moments.push_back({ middle, (now + next) / 2,
                "frame " + std::to_string(middle) + " at " + std::to_string((now + next) / 2) + " ms, after "
                    + checkpoints[i].second });
        }
    }
    return moments;
}

// Draws every built-in scenario at every moment of momentsOf() in both views and hands each scene to
// check, with where it is ("consumer-lag, checkpoint 2, cluster view") for the failure messages.
// textSizeMin > 0 draws with presentation mode's text floor (theme::setTextSizeMin, as
// PresentationMode::fitDrawingText sets it), and puts the floor back to 0 afterwards.
template <typename Check>
void forEveryBuiltinMomentAndView(Check check,
    const std::vector<FrameScene::ViewKind>& views = { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster },
    qreal textSizeMin = 0)
{
    struct NoFloorAfterwards {
        ~NoFloorAfterwards() { hw::ui::theme::setTextSizeMin(0); }
    } restore;
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        const hw::Timeline timeline = hw::uitest::play("builtin:" + std::string(builtin.name));
        for (const Moment& moment : momentsOf(timeline)) {
            const hw::ClusterState state = timeline.stateAt(moment.frame);
            for (FrameScene::ViewKind view : views) {
                FrameScene scene;
                scene.setViewKind(view);
                scene.setFrame(state, moment.displayTimeMs);
                if (textSizeMin > 0) {
                    // As presentation mode draws: no legend, the compact cluster view, the floor.
                    scene.setLegendShown(false);
                    scene.setCompact(true);
                    hw::ui::theme::setTextSizeMin(textSizeMin);
                    scene.applyTheme();
                }
                check(scene,
                    std::string(builtin.name) + ", " + moment.name + ", "
                        + (view == FrameScene::ViewKind::Cluster ? "cluster view" : "partition view"));
                hw::ui::theme::setTextSizeMin(0);
            }
        }
    }
}

TEST(Declutter, MessageLabelsCoverNoCellMarkerBadgeNameOrOtherLabelInAnyBuiltinScenario)
{
    LabelCount total;
    forEveryBuiltinMomentAndView([&](FrameScene& scene, const std::string& where) {
        const LabelCount count = expectLabelsInFreeSpace(scene, where);
        total.shown += count.shown;
        total.messages += count.messages;
    });
    std::cout << "[ measured ] " << total.shown << " of " << total.messages << " messages in flight labelled\n";
    // Hiding every label would pass the checks above; most of them must stay readable.
    EXPECT_GT(total.shown * 2, total.messages);
}

// Presentation mode at 1280x720 raises the drawing's text floor in the partition view: to 22 (en)
// and 27 (zh_TW) for the walkthrough, higher for larger scenarios (the Projector tests print the
// floor they measure). Chinese is drawn in a fallback font. The compact cluster view reaches the
// highest floor presentation mode sets (PresentationMode::drawingTextSizeMax) for the larger
// built-ins, and is checked there.
constexpr qreal presentationTextSizesMin[] = { 27, 33 };

TEST(Declutter, MessageLabelsCoverNothingInChineseAndAtThePresentationTextFloor)
{
    struct EnglishAfterwards {
        ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
    } restore;
    // The floors presentation mode sets, with the views it sets them for: the partition view's at
    // 1280x720, and the highest, which the compact cluster view of the larger built-ins reaches. The
    // partition view is drawn at the highest floor too (a larger scenario on a smaller screen), where
    // nothing may overlap or be cut either; the share of labels is asked of the floors in use.
    struct Case {
        qreal floor;
        FrameScene::ViewKind view;
        bool shareOfLabels;
    };
    const std::vector<Case> cases = {
        { 0, FrameScene::ViewKind::Partition, true },
        { 0, FrameScene::ViewKind::Cluster, true },
        { presentationTextSizesMin[0], FrameScene::ViewKind::Partition, true },
        { presentationTextSizesMin[1], FrameScene::ViewKind::Partition, true },
        { hw::ui::PresentationMode::drawingTextSizeMax, FrameScene::ViewKind::Cluster, true },
        { hw::ui::PresentationMode::drawingTextSizeMax, FrameScene::ViewKind::Partition, false },
    };
    for (const char* language : { "zh_TW", "en" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const Case& c : cases) {
            if (c.floor == 0 && std::string(language) == "en")
                continue; // MessageLabelsCoverNoCellMarkerBadgeNameOrOtherLabelInAnyBuiltinScenario
            LabelCount total;
            forEveryBuiltinMomentAndView(
                [&](FrameScene& scene, const std::string& where) {
                    const std::string at
                        = std::string(language) + ", text floor " + std::to_string(int(c.floor)) + ", " + where;
                    const LabelCount count = expectLabelsInFreeSpace(scene, at);
                    // Larger text still fits its boxes, cells and lanes: nothing is cut to "…".
                    for (hw::ui::FrameItem* item : scene.frameItems())
                        for (const hw::ui::TextRun& run : item->texts())
                            EXPECT_FALSE(run.text.endsWith(QChar(0x2026)))
                                << at << ": \"" << run.text.toStdString() << "\" is cut";
                    total.shown += count.shown;
                    total.messages += count.messages;
                    total.labelable += count.labelable;
                    total.labelableShown += count.labelableShown;
                },
                { c.view }, c.floor);
            std::cout << "[ measured ] " << language << ", text floor " << c.floor << ", "
                      << (c.view == FrameScene::ViewKind::Cluster ? "cluster" : "partition") << " view: " << total.shown
                      << " of " << total.messages << " messages in flight labelled; " << total.labelableShown << " of "
                      << total.labelable << " in scenes with at most " << FrameScene::messageLabelsMax
                      << " messages\n";
            if (!c.shareOfLabels)
                continue;
            // At the raised floor the larger text leaves less free space and more labels are left
            // to their dots' tooltips; still a good part of those that may show must show (in the
            // cluster view's busier scenes only the selection's messages are labelled, by design).
            if (c.floor > 0)
                EXPECT_GT(total.labelableShown * 3, total.labelable);
            else
                EXPECT_GT(total.shown * 2, total.messages);
        }
    }
}

TEST(Declutter, AMessageDotAtItsSenderOrReceiverCoversNoText)
{
    // A dot that has not left yet or has just arrived sits on its end's anchor, frame after frame:
    // there it must not hide a letter of a name ("rders-0" for orders-0) or of anything else. In
    // flight a dot may pass over a box; it moves on.
    int atRest = 0;
    forEveryBuiltinMomentAndView([&](FrameScene& scene, const std::string& where) {
        std::vector<Shape> texts;
        for (hw::ui::FrameItem* item : scene.frameItems()) {
            if (item->type() == hw::ui::MessageItemType || !item->isVisible())
                continue;
            const QList<QRectF> boxes = item->textBoxes();
            for (qsizetype i = 0; i < boxes.size(); ++i)
                texts.push_back({ boxes[i], "\"" + item->texts()[i].text.toStdString() + "\"" });
        }
        for (hw::ui::MessageItem* message : scene.messageItems()) {
            if (!message->isVisible() || (message->progress() > 0 && message->progress() < 1))
                continue;
            ++atRest;
            for (const Shape& text : texts)
                EXPECT_FALSE(overlaps(message->dotRect(), text.rect))
                    << where << ": the dot of \"" << message->label().toStdString() << "\" "
                    << describe(message->dotRect()) << " covers " << text.what << " " << describe(text.rect);
        }
    });
    std::cout << "[ measured ] " << atRest << " message dots at their sender or receiver checked\n";
    EXPECT_GT(atRest, 0);
}

TEST(Declutter, TheWalkthroughsInFlightAnswerKeepsItsLabel)
{
    // Step 3 of the article: the leader's answer to broker 3's Fetch is on its way, and says so.
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    const std::int64_t frame = timeline.findLabel("3");
    ASSERT_GE(frame, 0);
    FrameScene scene;
    scene.setFrame(timeline.stateAt(frame), static_cast<double>(timeline.frame(frame).timeMs));
    bool found = false;
    for (hw::ui::MessageItem* m : scene.messageItems()) {
        if (m->label() == QStringLiteral("Record 3, HW 2")) {
            found = true;
            EXPECT_TRUE(m->isLabelVisible());
        }
    }
    EXPECT_TRUE(found);
}

TEST(Declutter, MessageLabelsStayInFreeSpaceWhenADotIsSelected)
{
    // Selecting a broker shows the labels of its messages however busy the cluster is.
    const hw::Timeline timeline = hw::uitest::play("builtin:consumer-group-basics");
    for (const std::string& label : timeline.labels()) {
        const std::int64_t frame = timeline.findLabel(label);
        FrameScene scene;
        scene.setViewKind(FrameScene::ViewKind::Cluster);
        scene.setFrame(timeline.stateAt(frame), static_cast<double>(timeline.frame(frame).timeMs));
        scene.selectTarget(hw::ui::SceneTarget::forBroker(1));
        expectLabelsInFreeSpace(scene, "consumer-group-basics, checkpoint " + label + ", broker 1 selected");
    }
}

} // namespace

namespace {

/// Whether a straight piece from a to b passes through the inside of a rectangle (sampled every pixel).
bool crosses(QPointF a, QPointF b, const QRectF& inside)
{
    const qreal length = QLineF(a, b).length();
    const int samples = std::max(2, static_cast<int>(length));
    for (int i = 0; i <= samples; ++i) {
        if (inside.contains(a + (b - a) * (static_cast<qreal>(i) / samples)))
            return true;
    }
    return false;
}

void expectLinesKeepOutOfOtherBrokers(const FrameScene& scene, const std::string& where, int* lines)
{
    QList<hw::ui::BrokerItem*> brokers;
    QList<hw::ui::AssignmentLineItem*> assignments;
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (auto* broker = qgraphicsitem_cast<hw::ui::BrokerItem*>(item))
            brokers.append(broker);
        if (auto* line = qgraphicsitem_cast<hw::ui::AssignmentLineItem*>(item))
            assignments.append(line);
    }
    for (hw::ui::AssignmentLineItem* line : assignments) {
        ++*lines;
        const QPolygonF path = line->mapToScene(line->path());
        ASSERT_GE(path.size(), 2);
        for (hw::ui::BrokerItem* broker : brokers) {
            // The box as drawn: its border is inset 3 pixels from the item's bounds.
            const QRectF box = broker->sceneBoundingRect().adjusted(3, 3, -3, -3);
            if (box.contains(path.constLast()))
                continue; // the line's own end: the replica it reads from
            for (qsizetype i = 0; i + 1 < path.size(); ++i) {
                EXPECT_FALSE(crosses(path[i], path[i + 1], box))
                    << where << ": the line of consumer " << line->target().index << " to partition "
                    << line->partition() << " crosses broker " << broker->broker() << "'s box";
            }
        }
    }
}

TEST(Declutter, AssignmentLinesKeepOutOfOtherBrokersBoxes)
{
    int lines = 0;
    std::vector<std::pair<std::string, hw::Timeline>> timelines;
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios())
        timelines.emplace_back(builtin.name, hw::uitest::play("builtin:" + std::string(builtin.name)));
    timelines.emplace_back("groups", std::get<hw::Timeline>(hw::playScenario(hw::uitest::groupsScenario())));
    for (const auto& [name, timeline] : timelines) {
        for (const Moment& moment : momentsOf(timeline)) {
            const hw::ClusterState state = timeline.stateAt(moment.frame);
            if (state.consumers.empty())
                continue;
            // Wide views put brokers side by side, tall ones above each other.
            for (qreal aspect : { 16.0 / 9.0, 4.0 / 3.0, 3.0, 0.8 }) {
                FrameScene scene;
                scene.setViewKind(FrameScene::ViewKind::Cluster);
                scene.setTargetAspect(aspect);
                scene.setFrame(state, moment.displayTimeMs);
                expectLinesKeepOutOfOtherBrokers(
                    scene, name + ", " + moment.name + ", aspect " + std::to_string(aspect), &lines);
            }
        }
    }
    std::cout << "[ measured ] " << lines << " assignment lines checked\n";
    EXPECT_GT(lines, 0);
}

} // namespace

namespace {

TEST(Declutter, RightClickOnAMessageInsideABrokerBoxOpensTheBrokersMenu)
{
    // At checkpoint 1 of consumer-group-basics, answers leave the brokers: their dots sit in the
    // brokers' headers, drawn over the boxes.
    const hw::Timeline timeline = hw::uitest::play("builtin:consumer-group-basics");
    int clicked = 0;
    for (std::int64_t frame = 0; frame < timeline.frameCount() && clicked < 3; ++frame) {
        FrameScene scene;
        scene.setViewKind(FrameScene::ViewKind::Cluster);
        scene.setFrame(timeline.stateAt(frame), static_cast<double>(timeline.frame(frame).timeMs));
        for (hw::ui::MessageItem* message : scene.messageItems()) {
            const QPointF dot = message->dotPosition();
            hw::ui::BrokerItem* box = nullptr;
            bool onRow = false;
            for (QGraphicsItem* item : scene.items(dot)) {
                if (auto* broker = qgraphicsitem_cast<hw::ui::BrokerItem*>(item))
                    box = broker;
                if (item->type() == hw::ui::ReplicaLogItemType)
                    onRow = true;
            }
            if (!box || onRow)
                continue;
            ASSERT_EQ(scene.items(dot).constFirst()->type(), hw::ui::MessageItemType)
                << "a message is drawn on top of the box";
            QSignalSpy spy(&scene, &FrameScene::contextMenuRequested);
            QGraphicsSceneContextMenuEvent event(QEvent::GraphicsSceneContextMenu);
            event.setScenePos(dot);
            event.setScreenPos(QPoint(10, 10));
            event.setReason(QGraphicsSceneContextMenuEvent::Mouse);
            QCoreApplication::sendEvent(&scene, &event);
            ASSERT_EQ(spy.count(), 1);
            const auto target = spy.at(0).at(0).value<hw::ui::SceneTarget>();
            EXPECT_EQ(target, hw::ui::SceneTarget::forBroker(box->broker()))
                << "frame " << frame << ": right-click on \"" << message->label().toStdString() << "\" in broker "
                << box->broker() << "'s box";
            ++clicked;
            break;
        }
    }
    EXPECT_GT(clicked, 0) << "no frame has a message dot inside a broker's header";
}

TEST(Declutter, AMessagesTrackIsNotPartOfItsHitShape)
{
    // The track crosses boxes; only the dot and the label are the message's.
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    const std::int64_t frame = timeline.findLabel("3");
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setFrame(timeline.stateAt(frame), static_cast<double>(timeline.frame(frame).timeMs));
    ASSERT_FALSE(scene.messageItems().isEmpty());
    for (hw::ui::MessageItem* message : scene.messageItems()) {
        const QPointF start = message->dotPosition();
        scene.setDisplayTime(static_cast<double>(message->arrivesMs()));
        const QPointF end = message->dotPosition();
        scene.setDisplayTime(static_cast<double>(timeline.frame(frame).timeMs));
        if (QLineF(start, end).length() < 80)
            continue;
        const QPointF middle = (start + end) / 2;
        if (message->isLabelVisible() && message->textBoxes().constFirst().contains(middle))
            continue;
        EXPECT_FALSE(message->contains(message->mapFromScene(middle))) << message->label().toStdString();
        EXPECT_TRUE(message->contains(message->mapFromScene(start))) << message->label().toStdString();
    }
}

} // namespace

namespace {

double lastValueOf(const QLineSeries* series)
{
    return series->points().isEmpty() ? -1 : series->points().constLast().y();
}

TEST(Declutter, TheProducerBoxAndTheChartsCountTheSameAckedRecords)
{
    bool batchesDiffer = false;
    for (const char* source :
        { "builtin:leo-hw-walkthrough", "builtin:acks-and-min-insync", "builtin:leader-failover" }) {
        hw::ui::SimController controller;
        ASSERT_EQ(controller.openScenario(QString::fromLatin1(source)), QString());
        hw::ui::ChartsPanel panel(&controller);
        panel.resize(1000, 800);
        panel.show();
        QApplication::processEvents();
        const hw::ClusterState& head = controller.timeline().head();
        FrameScene scene;
        scene.setViewKind(FrameScene::ViewKind::Cluster);
        scene.setFrame(head, static_cast<double>(head.nowMs));
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(head.producers.size()); ++p) {
            panel.setProducer(p);
            panel.refresh();
            const QList<QLineSeries*> lines = panel.producerLines();
            ASSERT_EQ(lines.size(), 2);
            const hw::ui::FrameItem* box = scene.itemFor(hw::ui::SceneTarget::forProducer(p));
            ASSERT_NE(box, nullptr);
            const hw::ui::TextRun* counts = box->textWithRole(QStringLiteral("records"));
            const hw::ui::TextRun* open = box->textWithRole(QStringLiteral("records-open"));
            ASSERT_NE(counts, nullptr);
            ASSERT_NE(open, nullptr);
            // Both say what they count, and the box's text is whole.
            EXPECT_TRUE(counts->text.startsWith(QStringLiteral("records acked: "))) << counts->text.toStdString();
            EXPECT_FALSE(counts->text.contains(QChar(0x2026)) || open->text.contains(QChar(0x2026)));
            EXPECT_TRUE(lines[0]->name().contains(QStringLiteral("Records"))) << lines[0]->name().toStdString();
            const QRegularExpressionMatch acked
                = QRegularExpression(QStringLiteral("acked: (\\d+)")).match(counts->text);
            const QRegularExpressionMatch failed
                = QRegularExpression(QStringLiteral("failed (\\d+)")).match(open->text);
            ASSERT_TRUE(acked.hasMatch() && failed.hasMatch()) << (counts->text + open->text).toStdString();
            EXPECT_EQ(acked.captured(1).toDouble(), lastValueOf(lines[0])) << source << " producer " << p;
            EXPECT_EQ(failed.captured(1).toDouble(), lastValueOf(lines[1])) << source << " producer " << p;
            std::int64_t ackedBatches = 0;
            for (std::size_t b = 0; b < head.producers[static_cast<std::size_t>(p)].batches.size(); ++b)
                ackedBatches += head.producers[static_cast<std::size_t>(p)].batches[b].status == hw::SendStatus::Acked;
            batchesDiffer = batchesDiffer || ackedBatches != acked.captured(1).toLongLong();
        }
    }
    // Counting batches would show another number in at least one of these runs.
    EXPECT_TRUE(batchesDiffer);
}

} // namespace

namespace {

/// The lines a rich-text tooltip takes when laid out as QToolTip lays it out (no width imposed).
int laidOutLines(const QString& tip, qreal* width)
{
    QTextDocument document;
    document.setHtml(tip);
    document.adjustSize();
    *width = document.idealWidth();
    int lines = 0;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        lines += block.layout() ? block.layout()->lineCount() : 0;
    // Blocks inside the table's cell are the document's own blocks too.
    return lines;
}

TEST(Declutter, GlossaryTooltipsAreRichTextWrappedToAFixedWidth)
{
    struct EnglishAfterwards {
        ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
    } restore;
    for (const char* language : { "en", "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        const hw::ui::Glossary& glossary = hw::ui::Glossary::builtin();
        const QString tip = glossary.richToolTip(QStringLiteral("isr"), QString::fromLatin1(language));
        ASSERT_TRUE(Qt::mightBeRichText(tip)) << tip.toStdString();
        qreal width = 0;
        const int lines = laidOutLines(tip, &width);
        EXPECT_GT(lines, 2) << language << ": the definition wraps";
        EXPECT_LE(width, hw::ui::Glossary::toolTipWidthPx + 20) << language;

        // The scene's tooltip over the ISR badge and the glossary panel's over its list are that text.
        const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
        FrameScene scene;
        scene.setFrame(timeline.stateAt(0), 0);
        const hw::ui::ReplicaLogItem* leader = scene.replicaItem(0, 1);
        ASSERT_NE(leader, nullptr);
        const hw::ui::TextRun* isr = leader->textWithRole(QStringLiteral("badge:isr"));
        ASSERT_NE(isr, nullptr);
        EXPECT_EQ(scene.toolTipAt(leader->mapToScene(isr->box.center())), tip) << language;

        hw::ui::GlossaryPanel panel;
        bool listed = false;
        for (int row = 0; row < panel.list()->count(); ++row) {
            const QListWidgetItem* item = panel.list()->item(row);
            if (item->data(Qt::UserRole).toString() != QStringLiteral("isr"))
                continue;
            listed = true;
            ASSERT_TRUE(Qt::mightBeRichText(item->toolTip())) << item->toolTip().toStdString();
            EXPECT_GT(laidOutLines(item->toolTip(), &width), 1) << language;
            EXPECT_LE(width, hw::ui::Glossary::toolTipWidthPx + 20) << language;
        }
        EXPECT_TRUE(listed);
    }
}

} // namespace

namespace {

TEST(Declutter, BadgesKeepAFourPixelGapInChinese)
{
    struct EnglishAfterwards {
        ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
    } restore;
    int pairs = 0;
    for (const char* language : { "zh_CN", "zh_TW", "en" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const char* source :
            { "builtin:leader-failover", "builtin:slow-follower", "builtin:consumer-group-basics" }) {
            const hw::Timeline timeline = hw::uitest::play(source);
            for (const Moment& moment : momentsOf(timeline)) {
                for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
                    FrameScene scene;
                    scene.setViewKind(view);
                    scene.setFrame(timeline.stateAt(moment.frame), moment.displayTimeMs);
                    // Pixels on a 1280x720 projector, where the fitted drawing is scaled down.
                    const qreal scale
                        = 1280.0 / hw::ui::FrameView::fittedSourceRect(scene.sceneRect(), QSizeF(1280, 720)).width();
                    for (hw::ui::FrameItem* item : scene.frameItems()) {
                        if (item->type() == hw::ui::MessageItemType)
                            continue;
                        // Each badge with its border, which is drawn centred on the box's edge.
                        std::vector<std::pair<QRectF, QString>> badges;
                        for (const hw::ui::TextRun& run : item->texts()) {
                            if (!run.role.startsWith(QStringLiteral("badge")))
                                continue;
                            const qreal half = run.border.style() == Qt::NoPen ? 0 : run.border.widthF() / 2;
                            badges.emplace_back(
                                item->mapRectToScene(run.box).adjusted(-half, -half, half, half), run.text);
                        }
                        for (std::size_t i = 0; i < badges.size(); ++i) {
                            for (std::size_t j = i + 1; j < badges.size(); ++j) {
                                const QRectF& a = badges[i].first;
                                const QRectF& b = badges[j].first;
                                if (a.bottom() <= b.top() || b.bottom() <= a.top())
                                    continue; // on different lines
                                ++pairs;
                                const qreal gap = std::max(b.left() - a.right(), a.left() - b.right()) * scale;
                                EXPECT_GE(gap, 4.0)
                                    << language << ", " << source << ", " << moment.name << ": \""
                                    << badges[i].second.toStdString() << "\" and \"" << badges[j].second.toStdString()
                                    << "\" are " << gap << " px apart";
                            }
                        }
                    }
                }
            }
        }
    }
    EXPECT_GT(pairs, 0);
}

} // namespace
