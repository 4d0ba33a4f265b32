// SPDX-License-Identifier: MIT
// What the views draw, checked against the engine's frames: LEO and HW labels and marker positions,
// the leader badge, ISR/OSR styling, messages in flight, and that no text overlaps or is cut off.

#include "base/theme.h"
#include "export/sceneexport.h"
#include "model/cluster_state.h"
#include "scenario/builtin.h"
#include "scenario/scenario.h"
#include "scene/brokeritem.h"
#include "scene/clusterfacts.h"
#include "scene/consumeritem.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/hwlineitem.h"
#include "scene/messageitem.h"
#include "scene/replicalogitem.h"
#include "uitest_support.h"

#include <QGraphicsView>

#include <set>

#include <gtest/gtest.h>

namespace {

using hw::ui::FrameScene;
using hw::ui::ReplicaLogItem;

QString text(const ReplicaLogItem* item, const char* role)
{
    const hw::ui::TextRun* run = item->textWithRole(QString::fromLatin1(role));
    return run ? run->text : QString();
}

// The seed article's four steps: LEO of the leader and the two followers, and the HW consumers see.
struct ArticleStep {
    const char* label;
    hw::Offset leo[3];
    hw::Offset hw;
};

class WalkthroughCheckpoint : public ::testing::TestWithParam<ArticleStep> { };

TEST_P(WalkthroughCheckpoint, PartitionViewShowsTheArticlesNumbersAsTheEngineHasThem)
{
    const ArticleStep step = GetParam();
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    const std::int64_t frame = timeline.findLabel(step.label);
    ASSERT_GE(frame, 0);
    const hw::ClusterState state = timeline.stateAt(frame);
    FrameScene scene;
    scene.setFrame(state, static_cast<double>(timeline.frame(frame).timeMs));
    ASSERT_EQ(scene.viewKind(), FrameScene::ViewKind::Partition);

    const hw::Partition& partition = state.partitions[0];
    const hw::Offset partitionHw = hw::ui::partitionHighWatermark(partition);
    EXPECT_EQ(partitionHw, step.hw);
    std::map<hw::Offset, qreal> leoX;
    for (std::size_t i = 0; i < partition.replicas.size(); ++i) {
        const hw::Replica& replica = partition.replicas[i];
        SCOPED_TRACE("broker " + std::to_string(replica.broker));
        ReplicaLogItem* item = scene.replicaItem(0, replica.broker);
        ASSERT_NE(item, nullptr);
        // The numbers drawn are the engine's, which are the article's.
        EXPECT_EQ(replica.log.leo(), step.leo[i]);
        EXPECT_EQ(item->leo(), replica.log.leo());
        EXPECT_EQ(item->hw(), replica.hw);
        EXPECT_EQ(text(item, "leo"), QStringLiteral("LEO %1").arg(replica.log.leo()));
        EXPECT_EQ(text(item, "hw"), QStringLiteral("HW %1").arg(replica.hw));
        // One cell per record, offsets in order, solid below the partition HW and hatched above it.
        ASSERT_EQ(item->cells().size(), replica.log.leo());
        for (const ReplicaLogItem::Cell& cell : item->cells()) {
            EXPECT_EQ(cell.committed, cell.offset < partitionHw) << "offset " << cell.offset;
            EXPECT_EQ(cell.epoch, replica.log.at(cell.offset).epoch);
        }
        // The LEO marker sits at the right edge of the last record; the HW marker at the left edge
        // of the first record consumers cannot read.
        const auto& cells = item->cells();
        if (!cells.isEmpty()) {
            EXPECT_DOUBLE_EQ(item->leoMarkerX(), item->mapToScene(cells.last().rect.topRight()).x());
        }
        if (replica.hw > 0 && replica.hw <= static_cast<hw::Offset>(cells.size())) {
            EXPECT_DOUBLE_EQ(
                item->hwMarkerX(), item->mapToScene(cells[static_cast<int>(replica.hw - 1)].rect.topRight()).x());
        }
        leoX[replica.log.leo()] = item->leoMarkerX();
        // The leader's badge is on broker 1 only; everyone is in the ISR.
        EXPECT_EQ(item->isLeader(), replica.broker == 1);
        EXPECT_EQ(item->textWithRole(QStringLiteral("badge:leader")) != nullptr, replica.broker == 1);
        EXPECT_EQ(item->textWithRole(QStringLiteral("badge:follower")) != nullptr, replica.broker != 1);
        EXPECT_NE(item->textWithRole(QStringLiteral("badge:isr")), nullptr);
        EXPECT_EQ(item->rowBrush().style(), Qt::SolidPattern);
        // Followers show the leader's view of them, one fetch round behind.
        if (replica.broker != 1) {
            const hw::Replica* leader = hw::ui::leaderReplica(partition);
            for (const hw::FollowerView& view : leader->views) {
                if (view.broker == replica.broker && view.leo >= 0) {
                    EXPECT_EQ(item->leaderView(), view.leo);
                    EXPECT_EQ(text(item, "view"), QStringLiteral("leader sees %1").arg(view.leo));
                }
            }
        }
    }
    // Equal LEOs line up; a LEO one record further is one cell further right.
    if (leoX.size() == 2) {
        const auto lower = leoX.begin();
        const auto higher = std::next(lower);
        const qreal cellWidth = scene.replicaItem(0, 1)->geometry().cellWidth;
        EXPECT_DOUBLE_EQ(higher->second - lower->second, cellWidth * static_cast<qreal>(higher->first - lower->first));
    }
    // The partition's HW line is at the leader's HW marker and says what consumers can read.
    const hw::ui::HwLineItem* line = scene.hwLineItem();
    ASSERT_NE(line, nullptr);
    EXPECT_EQ(line->hw(), step.hw);
    EXPECT_DOUBLE_EQ(line->lineX(), scene.replicaItem(0, 1)->hwMarkerX());
    EXPECT_EQ(line->textWithRole(QStringLiteral("partition-hw"))->text,
        QStringLiteral("Partition HW %1: consumers read offsets below %1").arg(step.hw));
}

INSTANTIATE_TEST_SUITE_P(SeedArticle, WalkthroughCheckpoint,
    ::testing::Values(ArticleStep { "1", { 2, 2, 2 }, 2 }, ArticleStep { "2", { 4, 2, 2 }, 2 },
        ArticleStep { "3", { 4, 4, 3 }, 3 }, ArticleStep { "4", { 4, 4, 4 }, 4 }),
    [](const ::testing::TestParamInfo<ArticleStep>& info) { return std::string("Checkpoint") + info.param.label; });

/// The first frame at which some replica of some partition is out of the ISR, or -1.
std::int64_t firstFrameWithOsr(const hw::Timeline& timeline)
{
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::ClusterState s = timeline.stateAt(f);
        for (const hw::Partition& p : s.partitions) {
            if (p.registration.isr.size() < p.registration.replicas.size())
                return f;
        }
    }
    return -1;
}

TEST(ClusterView, IsrAndOsrReplicasAreStyledAsTheControllerHasThem)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:slow-follower");
    const std::int64_t frame = firstFrameWithOsr(timeline);
    ASSERT_GE(frame, 0) << "the slow follower should leave the ISR";
    const hw::ClusterState state = timeline.stateAt(frame);
    for (FrameScene::ViewKind view : { FrameScene::ViewKind::Cluster, FrameScene::ViewKind::Partition }) {
        FrameScene scene;
        scene.setViewKind(view);
        scene.setFrame(state, static_cast<double>(timeline.frame(frame).timeMs));
        int osr = 0;
        for (ReplicaLogItem* item : scene.replicaItems()) {
            const hw::Partition& p = state.partitions[static_cast<std::size_t>(item->partition())];
            const bool inSync = hw::ui::inIsr(p, item->broker());
            SCOPED_TRACE(p.registration.leader);
            EXPECT_EQ(item->inSync(), inSync);
            EXPECT_EQ(item->textWithRole(QStringLiteral("badge:isr")) != nullptr, inSync);
            EXPECT_EQ(item->textWithRole(QStringLiteral("badge:osr")) != nullptr, !inSync);
            EXPECT_EQ(item->rowBrush().style(), inSync ? Qt::SolidPattern : hw::ui::theme::osrPattern);
            EXPECT_EQ(item->isLeader(), p.registration.leader == item->broker());
            osr += inSync ? 0 : 1;
        }
        EXPECT_GE(osr, 1);
    }
}

// Issue 28: a topic created at run time. The cluster view lays its partitions out from each frame's
// state, so scrubbing across the creation shows the old layout before it and the new topic after it.
TEST(ClusterView, ATopicCreatedMidRunAppearsAfterItsFrameAndNotBefore)
{
    auto parsed = hw::parseScenario(R"({
      "format": "highwater/1", "name": "create", "seed": 3, "cluster": {"brokers": 3},
      "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3}],
      "steps": [
        {"advance": {"ms": 100}},
        {"create_topic": {"name": "clicks", "partitions": 2, "replication.factor": 2}},
        {"advance": {"ms": 100}}
      ]})", "create.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
    const hw::Scenario& scenario = std::get<hw::Scenario>(parsed);
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    ASSERT_FALSE(hw::runScenario(scenario, timeline));
    std::int64_t created = -1;
    for (std::int64_t f = 0; f < timeline.frameCount() && created < 0; ++f) {
        if (timeline.frame(f).event.type == hw::EventType::TopicCreated)
            created = f;
    }
    ASSERT_GT(created, 0);
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    auto drawnMatchesFrame = [&](std::int64_t frame) {
        const hw::ClusterState state = timeline.stateAt(frame);
        scene.setFrame(state, static_cast<double>(timeline.frame(frame).timeMs));
        std::set<std::pair<std::int32_t, std::int32_t>> drawn, expected;
        for (ReplicaLogItem* item : scene.replicaItems())
            drawn.insert({item->partition(), item->broker()});
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
            for (const hw::Replica& r : state.partitions[static_cast<std::size_t>(p)].replicas)
                expected.insert({p, r.broker});
        }
        EXPECT_EQ(drawn, expected) << "frame " << frame;
        return drawn.size();
    };
    EXPECT_EQ(drawnMatchesFrame(created - 1), 3u);
    EXPECT_EQ(drawnMatchesFrame(created), 3u + 4u);
    EXPECT_EQ(drawnMatchesFrame(timeline.frameCount() - 1), 3u + 4u);
    EXPECT_EQ(drawnMatchesFrame(created - 1), 3u) << "scrubbing back shows the old layout again";
}

TEST(ClusterView, TheLeaderBadgeFollowsAFailoverAndOfflineBrokersSayOffline)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:leader-failover");
    // The first frame at which the controller has moved the leadership away from broker 1.
    std::int64_t frame = -1;
    for (std::int64_t f = 0; f < timeline.frameCount() && frame < 0; ++f) {
        const hw::ClusterState s = timeline.stateAt(f);
        if (s.partitions[0].registration.leader != 1)
            frame = f;
    }
    ASSERT_GE(frame, 0);
    const hw::ClusterState state = timeline.stateAt(frame);
    EXPECT_FALSE(state.broker(1).alive);
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setFrame(state, static_cast<double>(state.nowMs));
    for (const hw::Broker& b : state.brokers) {
        hw::ui::BrokerItem* box = scene.brokerItem(b.id);
        ASSERT_NE(box, nullptr);
        EXPECT_EQ(box->textWithRole(QStringLiteral("badge:state"))->text,
            hw::ui::brokerStatusText(hw::ui::brokerStatus(state, b.id)));
    }
    EXPECT_EQ(scene.brokerItem(1)->textWithRole(QStringLiteral("badge:state"))->text, QStringLiteral("OFFLINE"));
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
        const hw::PartitionRegistration& reg = state.partitions[static_cast<std::size_t>(p)].registration;
        for (hw::BrokerId b : reg.replicas) {
            ReplicaLogItem* item = scene.replicaItem(p, b);
            ASSERT_NE(item, nullptr);
            EXPECT_EQ(item->textWithRole(QStringLiteral("badge:leader")) != nullptr, reg.leader == b) << "broker " << b;
            EXPECT_EQ(item->isLeader(), reg.leader == b);
        }
    }
}

TEST(ClusterView, ConsumersAreGroupedWithLinesToTheLeadersTheyReadFrom)
{
    auto played = hw::playScenario(hw::uitest::groupsScenario());
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    const auto& timeline = std::get<hw::Timeline>(played);
    const hw::ClusterState state = timeline.stateAt(timeline.findLabel("stable"));
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setFrame(state, static_cast<double>(state.nowMs));
    int lines = 0;
    int owned = 0;
    for (const hw::Consumer& c : state.consumers)
        owned += static_cast<int>(c.owned.size());
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (item->type() == hw::ui::AssignmentLineItemType)
            ++lines;
        if (auto* consumer = qgraphicsitem_cast<hw::ui::ConsumerItem*>(item)) {
            const hw::Consumer& c = state.consumers[static_cast<std::size_t>(consumer->consumer())];
            EXPECT_EQ(consumer->textWithRole(QStringLiteral("badge:phase"))->text,
                hw::ui::ConsumerItem::phaseText(static_cast<std::uint8_t>(c.phase)));
        }
    }
    EXPECT_GT(owned, 0);
    EXPECT_EQ(lines, owned);
}

TEST(Messages, DotsTravelFromSenderToReceiverAsTimePasses)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    const std::int64_t frame = timeline.findLabel("3");
    const hw::ClusterState state = timeline.stateAt(frame);
    FrameScene scene;
    scene.setFrame(state, static_cast<double>(timeline.frame(frame).timeMs));
    const QList<hw::ui::MessageItem*> messages = scene.messageItems();
    ASSERT_FALSE(messages.isEmpty());
    hw::ui::MessageItem* response = nullptr;
    for (hw::ui::MessageItem* m : messages) {
        if (m->label() == QStringLiteral("Record 3, HW 2"))
            response = m;
    }
    ASSERT_NE(response, nullptr) << "the leader's answer to broker 3's Fetch(3) is on its way";
    const QPointF start = response->dotPosition();
    EXPECT_DOUBLE_EQ(response->progress(), 0.0);
    scene.setDisplayTime(static_cast<double>(response->sentMs() + response->arrivesMs()) / 2);
    EXPECT_NEAR(response->progress(), 0.5, 1e-9);
    scene.setDisplayTime(static_cast<double>(response->arrivesMs()));
    const QPointF end = response->dotPosition();
    EXPECT_NEAR(response->progress(), 1.0, 1e-9);
    // It travels from broker 1's row down to broker 3's.
    EXPECT_LT(start.y(), end.y());
    EXPECT_NEAR(start.y(), scene.replicaItem(0, 1)->anchor().y(), 40);
    EXPECT_NEAR(end.y(), scene.replicaItem(0, 3)->anchor().y(), 40);
}

/// Every text box of the scene (messages excluded: they move), checked pairwise for overlap and
/// against the scene's extent.
void expectNoOverlappingOrCutText(const FrameScene& scene, const std::string& where)
{
    struct Box {
        QRectF rect;
        QString text;
    };
    std::vector<Box> boxes;
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (item->type() == hw::ui::MessageItemType)
            continue;
        const QList<QRectF> rects = item->textBoxes();
        const QRectF own = item->mapRectToScene(item->boundingRect()).adjusted(-0.5, -0.5, 0.5, 0.5);
        for (qsizetype i = 0; i < rects.size(); ++i) {
            boxes.push_back({ rects[i], item->texts()[i].text });
            EXPECT_TRUE(own.contains(rects[i]))
                << where << ": \"" << item->texts()[i].text.toStdString() << "\" runs out of its box";
        }
    }
    ASSERT_FALSE(boxes.empty());
    const QRectF extent = scene.sceneRect();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        EXPECT_TRUE(extent.contains(boxes[i].rect))
            << where << ": \"" << boxes[i].text.toStdString() << "\" is cut off";
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            const QRectF overlap = boxes[i].rect.intersected(boxes[j].rect);
            EXPECT_FALSE(overlap.width() > 0.5 && overlap.height() > 0.5)
                << where << ": \"" << boxes[i].text.toStdString() << "\" overlaps \"" << boxes[j].text.toStdString()
                << "\"";
        }
    }
}

TEST(Layout, NoTextOverlapsOrIsCutOffAtAnyCheckpointOfAnyBuiltinScenario)
{
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        const hw::Timeline timeline = hw::uitest::play("builtin:" + std::string(builtin.name));
        std::vector<std::int64_t> frames = { 0, timeline.frameCount() - 1 };
        for (const std::string& label : timeline.labels())
            frames.push_back(timeline.findLabel(label));
        for (std::int64_t frame : frames) {
            const hw::ClusterState state = timeline.stateAt(frame);
            for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
                for (qreal aspect : { 16.0 / 9.0, 4.0 / 3.0 }) {
                    FrameScene scene;
                    scene.setViewKind(view);
                    scene.setTargetAspect(aspect);
                    scene.setFrame(state, static_cast<double>(state.nowMs));
                    expectNoOverlappingOrCutText(scene,
                        std::string(builtin.name) + " frame " + std::to_string(frame)
                            + (view == FrameScene::ViewKind::Cluster ? " cluster" : " partition"));
                }
            }
        }
    }
}

TEST(Layout, NoTextOverlapsWithConsumerGroups)
{
    auto played = hw::playScenario(hw::uitest::groupsScenario());
    const auto& timeline = std::get<hw::Timeline>(played);
    for (const char* label : { "stable", "failover" }) {
        const hw::ClusterState state = timeline.stateAt(timeline.findLabel(label));
        for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
            FrameScene scene;
            scene.setViewKind(view);
            scene.setFrame(state, static_cast<double>(state.nowMs));
            expectNoOverlappingOrCutText(scene, label);
        }
    }
}

TEST(Layout, TheClusterViewFillsWideAndTallViews)
{
    auto played = hw::playScenario(hw::uitest::groupsScenario());
    const hw::ClusterState state = std::get<hw::Timeline>(played).stateAt(0);
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setTargetAspect(3.0);
    scene.setFrame(state, 0);
    const qreal wide = scene.sceneRect().width() / scene.sceneRect().height();
    scene.setTargetAspect(0.6);
    const qreal tall = scene.sceneRect().width() / scene.sceneRect().height();
    EXPECT_GT(wide, tall) << "brokers are arranged to suit the view's shape";
}

TEST(View, ZoomScalesFromTheFittedSceneAndResetFitsAgain)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    FrameScene scene;
    scene.setFrame(timeline.stateAt(0), 0);
    hw::ui::FrameView view(&scene);
    view.resize(1280, 720);
    view.show();
    const qreal fitted = view.transform().m11();
    // Fitted: the whole scene is visible.
    EXPECT_TRUE(
        view.mapToScene(view.viewport()->rect()).boundingRect().contains(scene.sceneRect().adjusted(2, 2, -2, -2)));
    view.zoomIn();
    EXPECT_NEAR(view.transform().m11(), fitted * 1.25, 1e-9);
    view.zoomOut();
    view.zoomOut();
    EXPECT_NEAR(view.transform().m11(), fitted / 1.25, 1e-9);
    view.resetZoom();
    EXPECT_NEAR(view.transform().m11(), fitted, 1e-9);
}

TEST(Export, RendersTheRequestedSize)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    const hw::ClusterState state = timeline.stateAt(timeline.findLabel("3"));
    for (QSize size : { QSize(1280, 720), QSize(1920, 1080), QSize(800, 1000) }) {
        for (FrameScene::ViewKind view : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
            const QImage image = hw::ui::renderFrameImage(state, static_cast<double>(state.nowMs), size, view);
            EXPECT_EQ(image.size(), size);
            // Something is drawn: not a blank page.
            int inked = 0;
            for (int y = 0; y < image.height(); y += 8)
                for (int x = 0; x < image.width(); x += 8)
                    inked += image.pixel(x, y) != qRgb(255, 255, 255) ? 1 : 0;
            EXPECT_GT(inked, 100);
        }
    }
}

} // namespace
