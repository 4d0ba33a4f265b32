// SPDX-License-Identifier: MIT
// Observed frames in the views (issue 29): real node ids, fenced / not answering brokers in words, "?"
// for an offset the poll did not tell, a HW read above its LEO drawn and explained, no messages, each
// partition's health; and the large cluster's aggregate: counts per broker (a pure function, checked
// against a poll with known answers), drill-down to a topic, a partition and back by mouse and keys.

#include "base/i18n.h"
#include "export/sceneexport.h"
#include "large_observed_cluster.h"
#include "model/observed_state.h"
#include "scene/aggregateitem.h"
#include "scene/brokeritem.h"
#include "scene/clusteraggregate.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/hwlineitem.h"
#include "scene/messageitem.h"
#include "scene/messagetext.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QTest>

#include <gtest/gtest.h>

#include <cstdio>
#include <set>

namespace {

using hw::ui::AggregateItem;
using hw::ui::Drill;
using hw::ui::FrameScene;
using hw::ui::ReplicaLogItem;

hw::ObservedReplicaFacts facts(std::int32_t broker, std::optional<hw::Offset> leo, std::optional<hw::Offset> hw)
{
    return { broker, leo ? std::optional<hw::Offset>(0) : std::nullopt, leo, hw, "" };
}

hw::ObservedPartitionFacts partition(std::int32_t index, std::vector<std::int32_t> replicas,
    std::vector<std::int32_t> isr, std::int32_t leader)
{
    hw::ObservedPartitionFacts p;
    p.partition = index;
    p.replicas = replicas;
    p.isr = std::move(isr);
    p.leader = leader;
    p.leaderEpoch = 4;
    p.elr = std::vector<std::int32_t>();
    p.lastKnownElr = std::vector<std::int32_t>();
    for (std::int32_t r : replicas)
        p.replicaFacts.push_back(facts(r, 50, 50));
    return p;
}

/// Five brokers (1004 fenced, 1005 not answering) and two topics whose partitions are at every health
/// level: the answers of the aggregate are worked out by hand in the test.
hw::ObservedCluster knownPoll()
{
    hw::ObservedCluster poll;
    poll.clusterId = "known";
    poll.kafkaVersion = "4.1.x";
    poll.intervalMs = 500;
    poll.pollMs = 30;
    poll.fencingKnown = true;
    poll.elrKnown = true;
    for (std::int32_t id : { 1001, 1002, 1003, 1004, 1005 }) {
        hw::ObservedBrokerFacts b;
        b.id = id;
        b.host = "k" + std::to_string(id);
        b.port = 9092;
        b.fenced = id == 1004;
        b.answered = id != 1005;
        if (!b.answered)
            b.error = "timed out after 10000 ms";
        poll.brokers.push_back(b);
    }
    hw::ObservedTopicFacts a;
    a.name = "a";
    a.minInsyncReplicas = 2;
    a.partitions.push_back(partition(0, { 1001, 1002, 1003 }, { 1001, 1002, 1003 }, 1001)); // healthy
    a.partitions.push_back(partition(1, { 1002, 1003, 1001 }, { 1002, 1003 }, 1002));       // at min ISR
    a.partitions.push_back(partition(2, { 1003, 1001, 1002 }, { 1003 }, 1003));             // under min ISR
    a.partitions.push_back(partition(3, { 1001, 1004, 1002 }, { 1004, 1001 }, 1004));       // offline: leader fenced
    a.partitions[0].replicaFacts[0] = facts(1001, 100, 105);                                // HW above LEO
    a.partitions[1].replicaFacts[1] = facts(1003, std::nullopt, std::nullopt);              // not answered
    a.partitions[2].elr = std::vector<std::int32_t> { 1001 };
    a.partitions[2].lastKnownElr = std::vector<std::int32_t> { 1002 };
    hw::ObservedTopicFacts b;
    b.name = "b"; // min.insync.replicas not known: 1
    b.partitions.push_back(partition(0, { 1002, 1003, 1001 }, { 1002, 1003 }, 1002)); // under-replicated
    b.partitions.push_back(partition(1, { 1005, 1001 }, { 1005, 1001 }, 1005));       // offline: no answer
    poll.topics = { a, b };
    return poll;
}

QString textOf(const hw::ui::FrameItem* item, const char* role)
{
    const hw::ui::TextRun* run = item->textWithRole(QString::fromLatin1(role));
    return run ? run->text : QString();
}

// ---------------------------------------------------------------------------------------------
// The aggregate, a pure function

TEST(ClusterAggregate, CountsPerBrokerAreTheKnownAnswers)
{
    const hw::ClusterState state = hw::observedState(knownPoll());
    const std::vector<hw::ui::BrokerAggregate> brokers = hw::ui::aggregateBrokers(state);
    ASSERT_EQ(brokers.size(), 5u);
    struct Expected {
        std::int32_t node;
        hw::ui::CardState state;
        int replicas, leaders, followers, healthy, underReplicated, atMinIsr, underMinIsr, offline, unknown, above;
    };
    const Expected expected[] = {
        { 1001, hw::ui::CardState::Online, 6, 1, 5, 1, 1, 1, 1, 2, 0, 1 },
        { 1002, hw::ui::CardState::Online, 5, 2, 3, 1, 1, 1, 1, 1, 0, 0 },
        { 1003, hw::ui::CardState::Online, 4, 1, 3, 1, 1, 1, 1, 0, 1, 0 },
        { 1004, hw::ui::CardState::Fenced, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0 },
        { 1005, hw::ui::CardState::NotAnswering, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0 },
    };
    for (std::size_t i = 0; i < 5; ++i) {
        const Expected& e = expected[i];
        const hw::ui::BrokerAggregate& a = brokers[i];
        SCOPED_TRACE("broker " + std::to_string(e.node));
        EXPECT_EQ(a.broker, static_cast<hw::BrokerId>(i) + 1);
        EXPECT_EQ(a.nodeId, e.node);
        EXPECT_EQ(a.state, e.state);
        EXPECT_EQ(a.replicas, e.replicas);
        EXPECT_EQ(a.leaders, e.leaders);
        EXPECT_EQ(a.followers, e.followers);
        EXPECT_EQ(a.healthy, e.healthy);
        EXPECT_EQ(a.underReplicated, e.underReplicated);
        EXPECT_EQ(a.atMinIsr, e.atMinIsr);
        EXPECT_EQ(a.underMinIsr, e.underMinIsr);
        EXPECT_EQ(a.offline, e.offline);
        EXPECT_EQ(a.unknownOffsets, e.unknown);
        EXPECT_EQ(a.hwAboveLeo, e.above);
        EXPECT_EQ(a.healthy + a.underReplicated + a.atMinIsr + a.underMinIsr + a.offline, a.replicas);
    }
    EXPECT_EQ(brokers[0].topics, (std::vector<std::int32_t> { 0, 1 }));
    EXPECT_EQ(brokers[3].topics, (std::vector<std::int32_t> { 0 }));

    const std::vector<hw::ui::TopicAggregate> topics = hw::ui::aggregateTopics(state, 1);
    ASSERT_EQ(topics.size(), 2u);
    EXPECT_EQ(topics[0].replicas, 4);
    EXPECT_EQ(topics[0].leaders, 1);
    EXPECT_EQ(topics[0].offline, 1);
    EXPECT_EQ(topics[0].partitions, (std::vector<std::int32_t> { 0, 1, 2, 3 }));
    EXPECT_EQ(topics[1].replicas, 2);
    EXPECT_EQ(topics[1].leaders, 0);
    EXPECT_EQ(topics[1].underReplicated, 1);
    EXPECT_EQ(topics[1].offline, 1);
    EXPECT_EQ(topics[1].partitions, (std::vector<std::int32_t> { 4, 5 }));
    // A broker that left keeps its slot: GONE, holding what the partitions still name.
    hw::ObservedCluster next = knownPoll();
    next.brokers.erase(next.brokers.begin() + 3);
    const hw::ClusterState after = hw::observedState(next, &state);
    EXPECT_EQ(hw::ui::cardStateOf(after, 4), hw::ui::CardState::Gone);
}

TEST(ClusterAggregate, TheLargeClusterAddsUpAndIsAggregated)
{
    const hw::ClusterState state = hw::observedState(hw::testsupport::largeObservedCluster());
    ASSERT_EQ(state.partitions.size(), 1024u);
    EXPECT_TRUE(hw::ui::aggregateClusterView(state));
    EXPECT_FALSE(hw::ui::aggregateClusterView(hw::observedState(knownPoll())));
    int leaders = 0;
    int replicas = 0;
    for (const hw::ui::BrokerAggregate& a : hw::ui::aggregateBrokers(state)) {
        leaders += a.leaders;
        replicas += a.replicas;
        EXPECT_EQ(a.replicas, 96) << a.nodeId; // 1,024 x 3 over 32 brokers, round robin
        EXPECT_EQ(a.healthy, a.replicas);
        EXPECT_EQ(a.topics.size(), 16u);
    }
    EXPECT_EQ(leaders, 1024);
    EXPECT_EQ(replicas, 3072);
}

TEST(ClusterAggregate, ASimulatedStateHasTheSameHealthRules)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    hw::ClusterState state = timeline.head();
    ASSERT_FALSE(state.observed);
    hw::Partition& p = state.partitions[0];
    EXPECT_NE(hw::ui::partitionHealthOf(state, p), hw::PartitionHealth::Offline);
    p.registration.leader = hw::noLeader;
    EXPECT_EQ(hw::ui::partitionHealthOf(state, p), hw::PartitionHealth::Offline);
    EXPECT_EQ(hw::ui::aggregateBrokers(state).size(), state.brokers.size());
}

// ---------------------------------------------------------------------------------------------
// Observed frames drawn

TEST(ObservedScene, UnknownOffsetsAreQuestionMarksAndAHwAboveItsLeoIsExplained)
{
    const hw::ClusterState state = hw::observedState(knownPoll());
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setFrame(state, 0);
    ASSERT_FALSE(scene.aggregated());
    // Real node ids and the brokers' states in words.
    EXPECT_EQ(textOf(scene.brokerItem(1), "name"), QStringLiteral("Broker 1001"));
    EXPECT_EQ(textOf(scene.brokerItem(4), "badge:state"), QStringLiteral("FENCED"));
    EXPECT_EQ(textOf(scene.brokerItem(5), "badge:state"), QStringLiteral("NO ANSWER"));
    // a-1 on 1003 (model 3): neither offset told. "?", never 0, and no cell.
    const ReplicaLogItem* unknown = scene.replicaItem(1, 3);
    ASSERT_NE(unknown, nullptr);
    EXPECT_EQ(textOf(unknown, "leo"), QStringLiteral("LEO ?"));
    EXPECT_EQ(textOf(unknown, "hw"), QStringLiteral("HW ?"));
    EXPECT_TRUE(unknown->cells().isEmpty());
    // a-0 on 1001: HW 105 above LEO 100, both drawn, the badge says why and its tooltip explains it.
    const ReplicaLogItem* above = scene.replicaItem(0, 1);
    ASSERT_NE(above, nullptr);
    EXPECT_EQ(textOf(above, "leo"), QStringLiteral("LEO 100"));
    EXPECT_EQ(textOf(above, "hw"), QStringLiteral("HW 105"));
    const hw::ui::TextRun* badge = above->textWithRole(QStringLiteral("badge:not-atomic"));
    ASSERT_NE(badge, nullptr);
    EXPECT_TRUE(above->toolTipAt(badge->box.center()).contains(QStringLiteral("not at one instant")));
    EXPECT_TRUE(scene.toolTipAt(above->mapToScene(badge->box.center())).contains(QStringLiteral("not at one instant")));
    // Offsets only: the cells are offsets up to the LEO, each committed below the HW.
    ASSERT_FALSE(above->cells().isEmpty());
    EXPECT_EQ(above->cells().back().offset, 99);
    for (const ReplicaLogItem::Cell& cell : above->cells())
        EXPECT_TRUE(cell.committed) << cell.offset;
    // No text of a row overlaps another of the same row (the tags, the badges).
    for (const ReplicaLogItem* row : scene.replicaItems()) {
        const auto& texts = row->texts();
        for (qsizetype i = 0; i < texts.size(); ++i)
            for (qsizetype j = i + 1; j < texts.size(); ++j)
                EXPECT_FALSE(texts[i].box.intersected(texts[j].box).width() > 1
                    && texts[i].box.intersected(texts[j].box).height() > 1)
                    << texts[i].text.toStdString() << " / " << texts[j].text.toStdString();
    }
    // Each unhealthy partition says its health on its rows, in words.
    EXPECT_TRUE(textOf(scene.replicaItem(2, 1), "badge:health").contains(QStringLiteral("under min ISR")));
    EXPECT_TRUE(textOf(scene.replicaItem(3, 1), "badge:health").contains(QStringLiteral("offline")));
    EXPECT_TRUE(textOf(scene.replicaItem(0, 1), "badge:health").isEmpty());
    const QImage image = hw::ui::renderSceneImage(scene, QSize(1280, 720));
    EXPECT_FALSE(image.isNull());

    // The partition view: real ids in the heading, the health, the ELR and last known ELR.
    scene.setViewKind(FrameScene::ViewKind::Partition);
    scene.setFocusPartition(2);
    QStringList heading;
    for (hw::ui::FrameItem* item : scene.frameItems()) {
        if (item->type() == hw::ui::TitleItem::Type)
            for (const hw::ui::TextRun& run : item->texts())
                heading << run.text;
    }
    const QString joined = heading.join(QLatin1Char(' '));
    EXPECT_TRUE(joined.contains(QStringLiteral("broker 1003"))) << joined.toStdString();
    EXPECT_TRUE(joined.contains(QStringLiteral("UNDER MIN ISR"))) << joined.toStdString();
    EXPECT_TRUE(joined.contains(QStringLiteral("ELR {1001}"))) << joined.toStdString();
    EXPECT_TRUE(joined.contains(QStringLiteral("last known ELR {1002}"))) << joined.toStdString();
    EXPECT_TRUE(joined.contains(QStringLiteral("observed every 500 ms"))) << joined.toStdString();
    EXPECT_FALSE(joined.contains(QStringLiteral("partition epoch"))) << "a poll does not tell it";
    EXPECT_EQ(textOf(scene.replicaItem(2, 1), "name"), QStringLiteral("Broker 1001"));
    scene.setFocusPartition(1);
    EXPECT_EQ(textOf(scene.replicaItem(1, 3), "leo"), QStringLiteral("LEO ?"));
    EXPECT_FALSE(hw::ui::renderSceneImage(scene, QSize(1280, 720)).isNull());
    scene.setFocusPartition(0);
    EXPECT_EQ(textOf(scene.replicaItem(0, 1), "hw"), QStringLiteral("HW 105"));
    EXPECT_FALSE(hw::ui::renderSceneImage(scene, QSize(1280, 720)).isNull());
}

TEST(ObservedScene, NoMessageTravelsInAnObservedFrame)
{
    // A simulated frame with messages on their way draws them; the same state marked observed does not.
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    std::int64_t frame = -1;
    for (std::int64_t f = 0; f < timeline.frameCount() && frame < 0; ++f) {
        if (!timeline.stateAt(f).queue.empty())
            frame = f;
    }
    ASSERT_GE(frame, 0);
    hw::ClusterState state = timeline.stateAt(frame);
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setFrame(state, static_cast<double>(state.nowMs));
    ASSERT_FALSE(scene.messageItems().isEmpty());
    hw::ObservedInfo& info = state.observed.emplace();
    for (const hw::Broker& b : state.brokers) {
        hw::ObservedBrokerSlot slot;
        slot.facts.id = 100 + b.id;
        info.brokers.push_back(slot);
    }
    info.topics.resize(state.topics.size());
    scene.setFrame(state, static_cast<double>(state.nowMs));
    EXPECT_TRUE(scene.messageItems().isEmpty());
    for (QGraphicsItem* item : scene.items())
        EXPECT_NE(item->type(), hw::ui::MessageItem::Type);
    EXPECT_EQ(textOf(scene.brokerItem(1), "name"), QStringLiteral("Broker 101"));
}

// ---------------------------------------------------------------------------------------------
// The large cluster: the aggregate and its drill-down

void click(FrameScene& scene, QPointF scenePos)
{
    QGraphicsSceneMouseEvent press(QEvent::GraphicsSceneMousePress);
    press.setScenePos(scenePos);
    press.setButton(Qt::LeftButton);
    press.setButtons(Qt::LeftButton);
    QCoreApplication::sendEvent(&scene, &press);
}

void key(FrameScene& scene, int code)
{
    QKeyEvent event(QEvent::KeyPress, code, Qt::NoModifier);
    QCoreApplication::sendEvent(&scene, &event);
}

AggregateItem* breadcrumbOf(const FrameScene& scene)
{
    for (QGraphicsItem* item : scene.items()) {
        if (auto* a = qgraphicsitem_cast<AggregateItem*>(item); a && a->kind() == AggregateItem::Kind::Breadcrumb)
            return a;
    }
    return nullptr;
}

TEST(ObservedScene, ALargeClusterShowsOneCardPerBrokerAndDrillsDownAndBack)
{
    hw::ObservedCluster poll = hw::testsupport::largeObservedCluster();
    hw::Timeline timeline(hw::observedState(poll));
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setFrame(timeline.head(), 0);
    ASSERT_TRUE(scene.aggregated());
    EXPECT_TRUE(scene.replicaItems().isEmpty());
    QList<AggregateItem*> cards = scene.drillItems();
    ASSERT_EQ(cards.size(), 32);
    EXPECT_EQ(textOf(cards[0], "name"), QStringLiteral("Broker 1001"));
    EXPECT_EQ(textOf(cards[31], "name"), QStringLiteral("Broker 1032"));
    EXPECT_EQ(textOf(cards[0], "count:leaders"), QStringLiteral("leaders: 32"));
    EXPECT_EQ(textOf(cards[0], "count:followers"), QStringLiteral("followers: 64"));
    EXPECT_EQ(textOf(cards[0], "count:healthy"), QStringLiteral("\u2713 all 96 healthy"));
    EXPECT_EQ(textOf(cards[0], "count:offline"), QString()); // a level that does not hold is not listed
    // The cards do not overlap, and every text stands inside its card.
    for (qsizetype i = 0; i < cards.size(); ++i) {
        for (const hw::ui::TextRun& run : cards[i]->texts())
            EXPECT_TRUE(cards[i]->boundingRect().contains(run.box)) << run.text.toStdString();
        for (qsizetype j = i + 1; j < cards.size(); ++j)
            EXPECT_FALSE(cards[i]->sceneBoundingRect().intersects(cards[j]->sceneBoundingRect())) << i << " " << j;
    }

    // A click on broker 1005's card opens its topics.
    click(scene, cards[4]->sceneBoundingRect().center());
    EXPECT_EQ(scene.drill().level, Drill::Level::Broker);
    EXPECT_EQ(scene.drill().broker, 5);
    QList<AggregateItem*> topics = scene.drillItems();
    ASSERT_EQ(topics.size(), 16);
    EXPECT_EQ(topics[0]->kind(), AggregateItem::Kind::TopicRow);
    ASSERT_NE(breadcrumbOf(scene), nullptr);
    EXPECT_EQ(textOf(breadcrumbOf(scene), "crumb:1"), QStringLiteral("Broker 1005"));

    // The keys: Down to the second topic, Enter opens its partitions on the broker, Enter the first.
    key(scene, Qt::Key_Down);
    EXPECT_EQ(scene.drillFocus(), 1);
    EXPECT_TRUE(scene.drillItems()[1]->isFocused());
    key(scene, Qt::Key_Return);
    EXPECT_EQ(scene.drill().level, Drill::Level::Topic);
    EXPECT_EQ(scene.drill().topic, QStringLiteral("topic-1"));
    const QList<AggregateItem*> partitions = scene.drillItems();
    ASSERT_EQ(partitions.size(), 6); // 64 partitions x 3 replicas over 32 brokers
    for (const AggregateItem* row : partitions)
        EXPECT_TRUE(textOf(row, "offsets").startsWith(QStringLiteral("here: LEO "))) << textOf(row, "offsets").toStdString();
    const std::int32_t shown = partitions[0]->partition(); // the items go with the next level's layout
    key(scene, Qt::Key_Enter);
    EXPECT_EQ(scene.drill().level, Drill::Level::Partition);
    QList<ReplicaLogItem*> rows = scene.replicaItems();
    ASSERT_EQ(rows.size(), 3);
    for (const ReplicaLogItem* row : rows) {
        EXPECT_EQ(row->partition(), shown);
        EXPECT_TRUE(textOf(row, "leo").startsWith(QStringLiteral("LEO 1")));
    }
    EXPECT_EQ(scene.drillItems().size(), 0);

    // The next poll keeps the place and shows its offsets.
    hw::testsupport::advanceLargeObservedCluster(poll, 1024, 1);
    ASSERT_TRUE(timeline.applyObserved(poll).has_value());
    scene.setFrame(timeline.head(), 1000);
    EXPECT_EQ(scene.drill().level, Drill::Level::Partition);
    for (const hw::Replica& replica : timeline.head().partitions[static_cast<std::size_t>(shown)].replicas) {
        const ReplicaLogItem* row = scene.replicaItem(shown, replica.broker);
        ASSERT_NE(row, nullptr);
        EXPECT_EQ(row->leo(), replica.log.leo());
        EXPECT_EQ(textOf(row, "leo"), QStringLiteral("LEO %1").arg(replica.log.leo()));
    }

    // Esc, Backspace and the breadcrumb go back up.
    key(scene, Qt::Key_Escape);
    EXPECT_EQ(scene.drill().level, Drill::Level::Topic);
    EXPECT_EQ(scene.drillFocus(), 0);
    key(scene, Qt::Key_Backspace);
    EXPECT_EQ(scene.drill().level, Drill::Level::Broker);
    EXPECT_EQ(scene.drillFocus(), 1); // on the topic it came from
    AggregateItem* crumb = breadcrumbOf(scene);
    ASSERT_NE(crumb, nullptr);
    const hw::ui::TextRun* all = crumb->textWithRole(QStringLiteral("crumb:0"));
    ASSERT_NE(all, nullptr);
    click(scene, crumb->mapToScene(all->box.center()));
    EXPECT_EQ(scene.drill().level, Drill::Level::Brokers);
    EXPECT_EQ(scene.drillItems().size(), 32);
    EXPECT_EQ(scene.drillFocus(), 4);
    key(scene, Qt::Key_Escape); // at the top Esc is left to the window
    EXPECT_EQ(scene.drill().level, Drill::Level::Brokers);
}

TEST(ObservedScene, InAWindowEscGoesBackBeforeTheWindowsShortcutAndIsTheWindowsAtTheTop)
{
    // The main window binds Esc to leaving presentation mode: while the aggregate is drilled in, the view
    // takes Esc (and Backspace) first; at the top the window's shortcut has it.
    QWidget window;
    auto* scene = new FrameScene(&window);
    auto* view = new hw::ui::FrameView(scene, &window);
    auto* leave = new QAction(&window);
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    window.addAction(leave);
    int left = 0;
    QObject::connect(leave, &QAction::triggered, [&left] { ++left; });
    view->resize(1280, 720);
    window.resize(1280, 720);
    scene->setViewKind(FrameScene::ViewKind::Cluster);
    scene->setFrame(hw::observedState(hw::testsupport::largeObservedCluster()), 0);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Return);
    ASSERT_EQ(scene->drill().level, Drill::Level::Broker);
    QTest::keyClick(view, Qt::Key_Down);
    QTest::keyClick(view, Qt::Key_Return);
    ASSERT_EQ(scene->drill().level, Drill::Level::Topic);
    QTest::keyClick(view, Qt::Key_Backspace);
    EXPECT_EQ(scene->drill().level, Drill::Level::Broker);
    QTest::keyClick(view, Qt::Key_Escape);
    EXPECT_EQ(scene->drill().level, Drill::Level::Brokers);
    EXPECT_EQ(left, 0);
    QTest::keyClick(view, Qt::Key_Escape);
    EXPECT_EQ(left, 1);
}

TEST(ObservedScene, APlaceTheNextFrameNoLongerHasGoesUpToTheNearestItHas)
{
    hw::ObservedCluster poll = hw::testsupport::largeObservedCluster();
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    const hw::ClusterState first = hw::observedState(poll);
    scene.setFrame(first, 0);
    scene.setDrill(Drill { Drill::Level::Partition, 2, QStringLiteral("topic-3"), 1 });
    EXPECT_EQ(scene.drill().level, Drill::Level::Partition);
    // topic-3 goes away: the view shows broker 1002's topics.
    poll.topics.erase(poll.topics.begin() + 3);
    scene.setFrame(hw::observedState(poll, &first), 1000);
    EXPECT_EQ(scene.drill().level, Drill::Level::Broker);
    EXPECT_EQ(scene.drill().broker, 2);
}

TEST(ObservedScene, AtTheThresholdTheDetailedViewStillReadsAndAboveItTheAggregateShows)
{
    // 3 brokers, 32 partitions x RF 2: 64 replica rows, the most the detailed view draws.
    hw::testsupport::LargeClusterShape shape;
    shape.brokers = 3;
    shape.topics = 1;
    shape.partitionsPerTopic = 32;
    shape.replicationFactor = 2;
    hw::ObservedCluster poll = hw::testsupport::largeObservedCluster(shape);
    const hw::ClusterState state = hw::observedState(poll);
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setTargetAspect(1280.0 / 720.0);
    scene.setFrame(state, 0);
    ASSERT_FALSE(scene.aggregated());
    ASSERT_EQ(scene.replicaItems().size(), hw::ui::detailedReplicaRowsMax);
    const QRectF rect = scene.sceneRect();
    const qreal scale = std::min(1280 / rect.width(), 720 / rect.height());
    qreal smallest = 1e9;
    for (const ReplicaLogItem* row : scene.replicaItems())
        for (const hw::ui::TextRun& run : row->texts())
            smallest = std::min(smallest, run.font.pixelSize() * scale);
    std::printf("smallest row text at 1280x720 with %d rows: %.1f px\n", hw::ui::detailedReplicaRowsMax, smallest);
    // Measured 5.0 px (7.5 px at 1920x1080); 4.8 px with 96 rows at RF 3.
    EXPECT_GE(smallest, 5.0);
    // One partition more and the cluster view aggregates.
    shape.partitionsPerTopic = 33;
    scene.setFrame(hw::observedState(hw::testsupport::largeObservedCluster(shape)), 0);
    EXPECT_TRUE(scene.aggregated());
    EXPECT_EQ(scene.drillItems().size(), 3);
}

TEST(ObservedScene, ASimulatedClusterAsLargeIsAggregatedTooAndADrilledPartitionShowsOnlyItsMessages)
{
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "wide", "title": {"en": "wide"},
        "cluster": {"brokers": 3}, "topics": [{"name": "t", "partitions": 24, "replication.factor": 3}],
        "producers": [{"id": "p", "rate_per_s": 200, "topic": "t"}],
        "steps": [{"advance": {"ms": 300}}]})",
        "wide.json");
    auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
    const hw::Timeline& timeline = std::get<hw::Timeline>(played);
    // A frame with messages on their way to more than one partition.
    std::int64_t frame = -1;
    std::int32_t busy = -1; // a partition with messages on their way
    for (std::int64_t f = timeline.frameCount() - 1; f >= 0 && frame < 0; --f) {
        std::set<std::int32_t> partitions;
        const hw::ClusterState candidate = timeline.stateAt(f);
        for (const hw::QueuedEvent& q : candidate.queue)
            if (const std::optional<hw::ui::MessageInfo> info = hw::ui::MessageText::describe(q, candidate);
                info && info->partition >= 0)
                partitions.insert(info->partition);
        if (partitions.size() > 2) {
            frame = f;
            busy = *partitions.begin();
        }
    }
    ASSERT_GE(frame, 0);
    const hw::ClusterState state = timeline.stateAt(frame);
    FrameScene scene;
    scene.setViewKind(FrameScene::ViewKind::Cluster);
    scene.setFrame(state, static_cast<double>(state.nowMs));
    ASSERT_TRUE(scene.aggregated()); // 72 replica rows
    ASSERT_EQ(scene.drillItems().size(), 3);
    EXPECT_EQ(textOf(scene.drillItems()[0], "name"), QStringLiteral("Broker 1"));
    EXPECT_TRUE(scene.messageItems().isEmpty()); // the cards have no anchors
    scene.setDrill(Drill { Drill::Level::Partition, 1, QStringLiteral("t"), busy }); // one topic: index == partition
    ASSERT_EQ(scene.drill().level, Drill::Level::Partition);
    EXPECT_EQ(scene.replicaItems().size(), 3);
    EXPECT_FALSE(scene.messageItems().isEmpty());
    for (const hw::ui::MessageItem* message : scene.messageItems()) {
        bool found = false;
        for (const hw::QueuedEvent& q : state.queue) {
            if (q.sequence != message->target().message)
                continue;
            found = true;
            const std::optional<hw::ui::MessageInfo> info = hw::ui::MessageText::describe(q, state);
            ASSERT_TRUE(info.has_value());
            EXPECT_EQ(info->partition, busy) << message->label().toStdString();
        }
        EXPECT_TRUE(found);
    }
}

// ---------------------------------------------------------------------------------------------
// Pictures: the views at 1280x720 and 1920x1080, in English and Traditional Chinese. Each must keep
// its text at a readable size and inside the drawing; with HW_OBSSCENE_SHOTS set they are saved there.

struct LanguageGuard {
    ~LanguageGuard() { hw::ui::setLanguage(QStringLiteral("en")); }
};

/// The large cluster with trouble in it: a fenced broker, one not answering, partitions at each health
/// level, unknown offsets and HWs above their LEOs.
hw::ObservedCluster troubledLargeCluster()
{
    hw::ObservedCluster poll = hw::testsupport::largeObservedCluster();
    poll.brokers[6].fenced = true;
    poll.brokers[9].answered = false;
    poll.stretched = true;
    for (int p = 0; p < 12; ++p) {
        hw::ObservedPartitionFacts& f = poll.topics[1].partitions[static_cast<std::size_t>(p)];
        if (p % 4 == 0)
            f.isr = { f.replicas[0] }; // under min ISR
        else if (p % 4 == 1)
            f.isr = { f.replicas[0], f.replicas[1] }; // at min ISR
        else if (p % 4 == 2)
            f.leader = -1; // offline
        f.replicaFacts[1].leo.reset();
        f.replicaFacts[1].hw.reset();
        *f.replicaFacts[2].hw = *f.replicaFacts[2].leo + 3;
    }
    return poll;
}

TEST(ObservedScene, PicturesKeepTheirTextReadableInBothLanguages)
{
    LanguageGuard guard;
    const hw::ClusterState large = hw::observedState(troubledLargeCluster());
    const hw::ClusterState small = hw::observedState(knownPoll());
    const QString dir = qEnvironmentVariable("HW_OBSSCENE_SHOTS");
    struct Shot {
        const char* name;
        const hw::ClusterState* state;
        Drill drill;
    };
    const Shot shots[] = {
        { "aggregate", &large, Drill {} },
        { "broker", &large, Drill { Drill::Level::Broker, 2, QString(), -1 } },
        { "topic", &large, Drill { Drill::Level::Topic, 2, QStringLiteral("topic-1"), -1 } },
        { "partition", &large, Drill { Drill::Level::Partition, 2, QStringLiteral("topic-1"), 0 } },
        { "small", &small, Drill {} },
    };
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const QSize size : { QSize(1280, 720), QSize(1920, 1080) }) {
            for (const Shot& shot : shots) {
                SCOPED_TRACE(std::string(language) + " " + shot.name + " " + std::to_string(size.width()));
                FrameScene scene;
                scene.setViewKind(FrameScene::ViewKind::Cluster);
                scene.setTargetAspect(static_cast<qreal>(size.width()) / size.height());
                scene.setFrame(*shot.state, 0);
                scene.setDrill(shot.drill);
                ASSERT_EQ(scene.drill(), shot.drill);
                const QRectF rect = scene.sceneRect();
                const qreal scale = std::min(size.width() / rect.width(), size.height() / rect.height());
                for (hw::ui::FrameItem* item : scene.frameItems()) {
                    // A card's or a row's text stays inside it, and no two texts of one overlap.
                    if (item->type() == AggregateItem::Type) {
                        const auto& texts = item->texts();
                        for (qsizetype i = 0; i < texts.size(); ++i) {
                            EXPECT_TRUE(item->boundingRect().contains(texts[i].box)) << texts[i].text.toStdString();
                            for (qsizetype j = i + 1; j < texts.size(); ++j)
                                EXPECT_FALSE(texts[i].box.intersects(texts[j].box))
                                    << texts[i].text.toStdString() << " / " << texts[j].text.toStdString();
                        }
                    }
                    for (const hw::ui::TextRun& run : item->texts()) {
                        const QRectF box = item->mapRectToScene(run.box);
                        EXPECT_TRUE(rect.adjusted(-1, -1, 1, 1).contains(box)) << run.text.toStdString();
                        // The aggregate's point: every word stays readable, 8 px and more on screen.
                        if (shot.state == &large) {
                            EXPECT_GE(run.font.pixelSize() * scale, 8.0) << run.text.toStdString();
                        }
                    }
                }
                const QImage image = hw::ui::renderSceneImage(scene, size);
                ASSERT_EQ(image.size(), size);
                if (!dir.isEmpty()) {
                    QDir().mkpath(dir);
                    image.save(QStringLiteral("%1/obsscene-%2-%3-%4x%5.png")
                                   .arg(dir, QString::fromLatin1(shot.name), QString::fromLatin1(language))
                                   .arg(size.width())
                                   .arg(size.height()));
                }
            }
        }
    }
}

} // namespace
