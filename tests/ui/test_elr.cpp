// SPDX-License-Identifier: MIT
// KIP-966 in the views (issue #13): the ELR and LAST LEADER badges on the right replicas in the
// partition and cluster views (compact too), an empty ISR written in words, RECOVERING after an
// unclean election, the legend, the inspector, and nothing overlapping or cut in any language.
// The cluster follows Kafka's EligibleLeaderReplicasIntegrationTest (apache/kafka 4.1
// core/src/test/java/kafka/server/integration/EligibleLeaderReplicasIntegrationTest.java,
// testHighWatermarkShouldNotAdvanceIfUnderMinIsr and testLastKnownLeaderShouldBeElectedIfEmptyElr):
// RF 4, min.insync.replicas 3; stopping three brokers leaves ISR 1, ELR 2; the fourth, ISR 0, ELR 3
// and the last known leader.

#include "base/i18n.h"
#include "base/theme.h"
#include "control/simcontroller.h"
#include "panels/inspectorpanel.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/legenditem.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"
#include "shell/mainwindow.h"
#include "uitest_support.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using hw::ui::FrameScene;
using hw::ui::MainWindow;
using hw::ui::ReplicaLogItem;

/// Brokers 1, 2 and 3 stop one by one, then broker 4; broker 1 comes back, is elected uncleanly
/// (the elect_unclean step, ElectLeaders UNCLEAN) and leads RECOVERING until its first AlterPartition,
/// which adds broker 2 back to the ISR once it has restarted and caught up.
const char* elrScenarioJson(const char* version)
{
    static std::string text;
    text = std::string(R"({"format": "highwater/1", "name": "elr", "seed": 1,
 "cluster": {"brokers": 5, "kafka_version": ")")
        + version + R"(", "config": {"min.insync.replicas": 3, "auto.fetch": true}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 4, "assignment": [[1, 2, 3, 4]]}],
 "producers": [{"id": "p1", "acks": "all"}],
 "steps": [
   {"produce": {"producer": "p1", "topic": "orders", "values": ["m0", "m1"]}},
   {"advance": {"ms": 1000}},
   {"shutdown": {"broker": 1}}, {"advance": {"ms": 3000}},
   {"shutdown": {"broker": 2}}, {"advance": {"ms": 3000}},
   {"shutdown": {"broker": 3}}, {"advance": {"ms": 3000}},
   {"checkpoint": "three-down"},
   {"shutdown": {"broker": 4}}, {"advance": {"ms": 3000}},
   {"checkpoint": "all-down"},
   {"restart": {"broker": 1}}, {"advance": {"ms": 3000}},
   {"checkpoint": "one-back"},
   {"elect_unclean": {"topic": "orders"}},
   {"checkpoint": "unclean"},
   {"restart": {"broker": 2}}, {"advance": {"ms": 5000}},
   {"checkpoint": "recovered"}]})";
    return text.c_str();
}

hw::Timeline playElr(const char* version = "4.2")
{
    auto parsed = hw::parseScenario(elrScenarioJson(version), "elr.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        ADD_FAILURE() << error->toString();
    auto played = hw::playScenario(std::get<hw::Scenario>(std::move(parsed)));
    if (auto* error = std::get_if<hw::ScenarioError>(&played))
        ADD_FAILURE() << error->toString();
    return std::move(std::get<hw::Timeline>(played));
}

hw::ClusterState stateAt(const hw::Timeline& timeline, const char* label)
{
    const std::int64_t frame = timeline.findLabel(label);
    EXPECT_GE(frame, 0) << label;
    return timeline.stateAt(frame);
}

/// The brokers whose row in the scene shows a badge with this role, ascending.
std::vector<hw::BrokerId> rowsWith(const FrameScene& scene, const char* role)
{
    std::vector<hw::BrokerId> brokers;
    for (ReplicaLogItem* row : scene.replicaItems()) {
        if (row->textWithRole(QString::fromLatin1(role)))
            brokers.push_back(row->broker());
    }
    std::sort(brokers.begin(), brokers.end());
    return brokers;
}

/// The heading's line with that role, as UTF-8 (so that a failure prints it); a line the title wraps
/// is joined again.
std::string titleLine(const FrameScene& scene, const char* role)
{
    QStringList parts;
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (item->type() != hw::ui::TitleItemType)
            continue;
        for (const hw::ui::TextRun& run : item->texts()) {
            if (run.role == QLatin1String(role))
                parts << run.text;
        }
    }
    return parts.join(QLatin1Char(' ')).toStdString();
}

QStringList legendTexts(const FrameScene& scene)
{
    QStringList texts;
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (item->type() == hw::ui::LegendItemType) {
            for (const hw::ui::TextRun& run : item->texts())
                texts << run.text;
        }
    }
    return texts;
}

struct Drawn {
    FrameScene scene;
    Drawn(const hw::ClusterState& state, FrameScene::ViewKind view, bool compact = false)
    {
        scene.setViewKind(view);
        scene.setCompact(compact);
        scene.setFrame(state, static_cast<double>(state.nowMs));
    }
};

using Brokers = std::vector<hw::BrokerId>;

TEST(Elr, TheEngineKeepsTheIntegrationTestsNumbers)
{
    const hw::Timeline timeline = playElr();
    const hw::PartitionRegistration three = stateAt(timeline, "three-down").partitions[0].registration;
    EXPECT_EQ(three.isr, Brokers({ 4 }));
    EXPECT_EQ(three.elr, Brokers({ 2, 3 }));
    EXPECT_TRUE(three.lastKnownElr.empty());
    const hw::PartitionRegistration all = stateAt(timeline, "all-down").partitions[0].registration;
    EXPECT_EQ(all.leader, hw::noLeader);
    EXPECT_TRUE(all.isr.empty());
    EXPECT_EQ(all.elr, Brokers({ 2, 3, 4 }));
    EXPECT_EQ(all.lastKnownElr, Brokers({ 4 }));
    const hw::PartitionRegistration unclean = stateAt(timeline, "unclean").partitions[0].registration;
    EXPECT_EQ(unclean.leader, 1);
    EXPECT_EQ(unclean.leaderRecoveryState, hw::LeaderRecoveryState::Recovering);
    EXPECT_EQ(stateAt(timeline, "recovered").partitions[0].registration.leaderRecoveryState,
        hw::LeaderRecoveryState::Recovered);
}

TEST(Elr, BothViewsBadgeTheEligibleReplicasAndTheLastLeader)
{
    const hw::Timeline timeline = playElr();
    const hw::ClusterState three = stateAt(timeline, "three-down");
    const hw::ClusterState all = stateAt(timeline, "all-down");
    for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
        for (bool compact : { false, true }) {
            SCOPED_TRACE(view == FrameScene::ViewKind::Cluster ? (compact ? "compact cluster" : "cluster")
                                                               : (compact ? "compact partition" : "partition"));
            const Drawn a(three, view, compact);
            EXPECT_EQ(rowsWith(a.scene, "badge:elr"), Brokers({ 2, 3 }));
            EXPECT_EQ(rowsWith(a.scene, "badge:osr"), Brokers({ 1, 2, 3 }));
            EXPECT_EQ(rowsWith(a.scene, "badge:leader"), Brokers({ 4 }));
            EXPECT_TRUE(rowsWith(a.scene, "badge:last-leader").empty());
            // The ISR in words in the compact (presentation) drawing too (issue 25, M2).
            EXPECT_EQ(rowsWith(a.scene, "badge:isr"), Brokers({ 4 }));
            const Drawn b(all, view, compact);
            EXPECT_EQ(rowsWith(b.scene, "badge:elr"), Brokers({ 2, 3, 4 }));
            EXPECT_EQ(rowsWith(b.scene, "badge:osr"), Brokers({ 1, 2, 3, 4 }));
            EXPECT_EQ(rowsWith(b.scene, "badge:last-leader"), Brokers({ 4 }));
            EXPECT_TRUE(rowsWith(b.scene, "badge:leader").empty());
            EXPECT_TRUE(rowsWith(b.scene, "badge:isr").empty());
            // The words, and an outline of their own (not colour alone).
            for (ReplicaLogItem* row : b.scene.replicaItems()) {
                if (const hw::ui::TextRun* elr = row->textWithRole(QStringLiteral("badge:elr"))) {
                    EXPECT_EQ(elr->text, QStringLiteral("ELR"));
                    EXPECT_EQ(elr->border.style(), Qt::DashDotLine);
                    EXPECT_NE(elr->border.style(), row->textWithRole(QStringLiteral("badge:osr"))->border.style());
                }
                if (const hw::ui::TextRun* last = row->textWithRole(QStringLiteral("badge:last-leader"))) {
                    EXPECT_EQ(last->text, QStringLiteral("LAST LEADER"));
                    EXPECT_EQ(last->border.style(), Qt::DashDotDotLine);
                }
                // Out of the ISR: the row stays hatched as every OSR row is.
                EXPECT_EQ(row->rowBrush().style(), hw::ui::theme::osrPattern);
            }
        }
    }
}

TEST(Elr, ThePartitionHeadingWritesAnEmptyIsrInWordsAndNamesTheElr)
{
    const hw::Timeline timeline = playElr();
    const Drawn three(stateAt(timeline, "three-down"), FrameScene::ViewKind::Partition);
    EXPECT_EQ(
        titleLine(three.scene, "isr"), "ISR {4} \u00B7 OSR {1, 2, 3} \u00B7 ELR {2, 3} \u00B7 min.insync.replicas 3");
    const Drawn all(stateAt(timeline, "all-down"), FrameScene::ViewKind::Partition);
    EXPECT_EQ(titleLine(all.scene, "isr"),
        "ISR empty \u00B7 OSR {1, 2, 3, 4} \u00B7 ELR {2, 3, 4} \u00B7 last leader {4} \u00B7 min.insync.replicas 3");
    EXPECT_EQ(titleLine(all.scene, "leader").rfind("No leader", 0), 0u) << titleLine(all.scene, "leader");
    // Without ELR (3.7) there is no ELR part, and the ISR keeps its last member.
    const hw::Timeline old = playElr("3.7");
    const Drawn before(stateAt(old, "all-down"), FrameScene::ViewKind::Partition);
    EXPECT_EQ(titleLine(before.scene, "isr"), "ISR {4} \u00B7 OSR {1, 2, 3} \u00B7 min.insync.replicas 3");
    EXPECT_TRUE(rowsWith(before.scene, "badge:elr").empty());
}

TEST(Elr, AnUncleanElectionShowsRecoveringUntilTheLeaderReportsRecovered)
{
    const hw::Timeline timeline = playElr();
    const hw::ClusterState unclean = stateAt(timeline, "unclean");
    const hw::PartitionRegistration& reg = unclean.partitions[0].registration;
    const Drawn partition(unclean, FrameScene::ViewKind::Partition);
    EXPECT_EQ(titleLine(partition.scene, "leader"),
        "Leader: broker 1 \u00B7 leader epoch " + std::to_string(reg.leaderEpoch) + " \u00B7 partition epoch "
            + std::to_string(reg.partitionEpoch) + " \u00B7 RECOVERING");
    for (bool compact : { false, true }) {
        const Drawn cluster(unclean, FrameScene::ViewKind::Cluster, compact);
        EXPECT_EQ(rowsWith(cluster.scene, "badge:recovering"), Brokers({ 1 })) << compact;
    }
    const hw::ClusterState recovered = stateAt(timeline, "recovered");
    const Drawn after(recovered, FrameScene::ViewKind::Partition);
    EXPECT_EQ(titleLine(after.scene, "leader").find("RECOVERING"), std::string::npos)
        << titleLine(after.scene, "leader");
    EXPECT_TRUE(rowsWith(Drawn(recovered, FrameScene::ViewKind::Cluster).scene, "badge:recovering").empty());
}

TEST(Elr, TheLegendExplainsTheBadgesWhereTheVersionKeepsAnElr)
{
    const hw::ClusterState state = stateAt(playElr(), "all-down");
    const hw::ClusterState old = stateAt(playElr("3.7"), "all-down");
    for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
        const QString now = legendTexts(Drawn(state, view).scene).join(QLatin1Char('\n'));
        EXPECT_TRUE(now.contains(QStringLiteral("ELR: eligible leader replica"))) << now.toStdString();
        EXPECT_TRUE(now.contains(QStringLiteral("LAST LEADER: "))) << now.toStdString();
        const QString before = legendTexts(Drawn(old, view).scene).join(QLatin1Char('\n'));
        EXPECT_FALSE(before.contains(QStringLiteral("ELR"))) << before.toStdString();
    }
    EXPECT_TRUE(legendTexts(Drawn(state, FrameScene::ViewKind::Cluster).scene)
                    .join(QLatin1Char('\n'))
                    .contains(QStringLiteral("RECOVERING: ")));
}

/// No two texts of the scene overlap, none leaves its item or the scene, and two badges on one line
/// stay 4 px apart on a 1280x720 projector (as Declutter.BadgesKeepAFourPixelGapInChinese asks of the
/// built-ins). Returns how many badges it saw.
int expectClearDrawing(const FrameScene& scene, const std::string& where)
{
    struct Box {
        QRectF rect;
        QString text;
        bool badge;
        qreal half;
    };
    std::vector<Box> boxes;
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (item->type() == hw::ui::MessageItemType)
            continue;
        const QRectF own = item->mapRectToScene(item->boundingRect()).adjusted(-0.5, -0.5, 0.5, 0.5);
        for (const hw::ui::TextRun& run : item->texts()) {
            const QRectF rect = item->mapRectToScene(run.box);
            EXPECT_TRUE(own.contains(rect)) << where << ": \"" << run.text.toStdString() << "\" runs out of its item";
            EXPECT_TRUE(scene.sceneRect().contains(rect)) << where << ": \"" << run.text.toStdString() << "\" is cut";
            EXPECT_FALSE(run.text.endsWith(QChar(0x2026))) << where << ": \"" << run.text.toStdString() << "\" is cut";
            boxes.push_back({ rect, run.text, run.role.startsWith(QStringLiteral("badge")),
                run.border.style() == Qt::NoPen ? 0 : run.border.widthF() / 2 });
        }
    }
    const qreal scale = 1280.0 / hw::ui::FrameView::fittedSourceRect(scene.sceneRect(), QSizeF(1280, 720)).width();
    int badges = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        badges += boxes[i].badge ? 1 : 0;
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            const QRectF common = boxes[i].rect.intersected(boxes[j].rect);
            EXPECT_FALSE(common.width() > 0.5 && common.height() > 0.5)
                << where << ": \"" << boxes[i].text.toStdString() << "\" overlaps \"" << boxes[j].text.toStdString()
                << "\"";
            if (!boxes[i].badge || !boxes[j].badge)
                continue;
            const QRectF a = boxes[i].rect.adjusted(-boxes[i].half, -boxes[i].half, boxes[i].half, boxes[i].half);
            const QRectF b = boxes[j].rect.adjusted(-boxes[j].half, -boxes[j].half, boxes[j].half, boxes[j].half);
            if (a.bottom() <= b.top() || b.bottom() <= a.top())
                continue;
            EXPECT_GE(std::max(b.left() - a.right(), a.left() - b.right()) * scale, 4.0)
                << where << ": \"" << boxes[i].text.toStdString() << "\" and \"" << boxes[j].text.toStdString()
                << "\" are too close";
        }
    }
    return badges;
}

TEST(Elr, NothingOverlapsOrIsCutInAnyLanguageViewOrTextSize)
{
    struct Restore {
        ~Restore()
        {
            hw::ui::setLanguage(QStringLiteral("en"));
            hw::ui::theme::setTextSizeMin(0);
        }
    } restore;
    const hw::Timeline timeline = playElr();
    int badges = 0;
    for (const char* language : { "en", "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        // The usual text, and presentation mode's text floor (PresentationMode raises it to about 30).
        for (qreal floor : { 0.0, 30.0 }) {
            hw::ui::theme::setTextSizeMin(floor);
            for (const std::string& label : timeline.labels()) {
                const hw::ClusterState state = timeline.stateAt(timeline.findLabel(label));
                for (int form = 0; form < 3; ++form) {
                    // Presentation mode draws both views compact.
                    if (floor > 0 && form == 1)
                        continue;
                    const auto view = form == 0 ? FrameScene::ViewKind::Partition : FrameScene::ViewKind::Cluster;
                    const Drawn drawn(state, view, form == 2 || floor > 0);
                    badges += expectClearDrawing(drawn.scene,
                        std::string(language) + ", floor " + std::to_string(static_cast<int>(floor)) + ", " + label
                            + (form == 0        ? (floor > 0 ? ", compact partition" : ", partition")
                                    : form == 1 ? ", cluster"
                                                : ", compact cluster"));
                }
            }
        }
    }
    EXPECT_GT(badges, 0);
}

TEST(Elr, TheInspectorListsTheElrTheLastLeaderTheRecoveryStateAndBrokerEpochs)
{
    const QTemporaryDir directory;
    ASSERT_TRUE(directory.isValid());
    const QString path = directory.filePath(QStringLiteral("elr.json"));
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(elrScenarioJson("4.2"));
    }
    MainWindow window;
    ASSERT_TRUE(window.openScenario(path));
    hw::ui::SimController* controller = window.controller();
    hw::ui::InspectorPanel* inspector = window.inspector();
    controller->setCurrentFrame(controller->timeline().findLabel("all-down"));
    inspector->setTarget(hw::ui::SceneTarget::forPartition(0));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("ISR")), QStringLiteral("empty"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("ELR (eligible leader replicas)")), QStringLiteral("{2, 3, 4}"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("LastKnownElr (last known leader)")), QStringLiteral("{4}"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("Leader recovery state")), QStringLiteral("RECOVERED"));
    inspector->setTarget(hw::ui::SceneTarget::forReplica(0, 4));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("In the ELR (eligible leader replicas)")), QStringLiteral("yes"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("The last known leader (LastKnownElr)")), QStringLiteral("yes"));
    inspector->setTarget(hw::ui::SceneTarget::forReplica(0, 2));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("The last known leader (LastKnownElr)")), QStringLiteral("no"));
    inspector->setTarget(hw::ui::SceneTarget::forBroker(4));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("Broker epoch")),
        QString::number(controller->state().registrations[3].brokerEpoch));
    controller->setCurrentFrame(controller->timeline().findLabel("unclean"));
    inspector->setTarget(hw::ui::SceneTarget::forPartition(0));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("Leader recovery state")), QStringLiteral("RECOVERING"));
    // A restart registers anew: broker 1's epoch is now larger than broker 5's, which never stopped.
    inspector->setTarget(hw::ui::SceneTarget::forBroker(1));
    const QString restarted = inspector->valueOf(QStringLiteral("Broker epoch"));
    inspector->setTarget(hw::ui::SceneTarget::forBroker(5));
    EXPECT_GT(restarted.toLongLong(), inspector->valueOf(QStringLiteral("Broker epoch")).toLongLong());
}

} // namespace
