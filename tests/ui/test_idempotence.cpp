// SPDX-License-Identifier: MIT
// Idempotent producers in the views (issue #14): the producer box's id, epoch and batches in flight,
// the record tooltip's and the inspector's producer id, epoch and sequence, the replica's producer
// table, the producer's settings as they took effect, and the timeline's D marker where a leader
// answered a retried batch as a duplicate. The run is the one of the core tests' lost answer
// (tests/core/test_idempotence.cpp): broker 1 appends m0 and is isolated before it answers; the
// producer's request times out, the retry reaches broker 2, which copied the batch and answers it
// with the original offset (UnifiedLog.analyzeAndValidateProducerState@3.7.0).

#include "base/i18n.h"
#include "base/theme.h"
#include "control/simcontroller.h"
#include "panels/inspectorpanel.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scene/framescene.h"
#include "scene/produceritem.h"
#include "scene/replicalogitem.h"
#include "shell/mainwindow.h"
#include "uitest_support.h"

#include <gtest/gtest.h>

namespace {

using hw::ui::FrameScene;
using hw::ui::MainWindow;
using Kind = hw::ui::SimController::Marker::Kind;

/// p1 is idempotent by default; p2 asks for no idempotence; p3's acks=1 conflicts with the default
/// idempotence, which Kafka 3.7 then turns off without a word (ProducerConfig@3.7.0).
const char* lostAnswerJson()
{
    return R"({"format": "highwater/1", "name": "lost-answer", "seed": 1,
 "cluster": {"brokers": 3, "kafka_version": "3.7", "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
 "producers": [{"id": "p1"}, {"id": "p2", "enable.idempotence": false}, {"id": "p3", "acks": "1"}],
 "steps": [{"advance": {"ms": 100}},
   {"produce": {"producer": "p1", "topic": "orders", "partition": 0, "values": ["m0"], "wait": false}},
   {"advance": {"ms": 17}}, {"isolate": {"broker": 1}}, {"advance": {"ms": 60000}}]})";
}

hw::Scenario lostAnswer()
{
    auto parsed = hw::parseScenario(lostAnswerJson(), "lost-answer.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        ADD_FAILURE() << error->toString();
    return std::get<hw::Scenario>(std::move(parsed));
}

hw::Timeline playLostAnswer()
{
    auto played = hw::playScenario(lostAnswer());
    if (auto* error = std::get_if<hw::ScenarioError>(&played))
        ADD_FAILURE() << error->toString();
    return std::move(std::get<hw::Timeline>(played));
}

std::int64_t duplicateFrame(const hw::Timeline& timeline)
{
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f)
        if (timeline.frame(f).event.type == hw::EventType::DuplicateBatch)
            return f;
    return -1;
}

/// The first frame where p1's batch is in flight.
std::int64_t inFlightFrame(const hw::Timeline& timeline)
{
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::Producer& p1 = timeline.stateAt(f).producers[0];
        if (p1.batches.size() > 0 && p1.batches[0].status == hw::SendStatus::InFlight)
            return f;
    }
    return -1;
}

struct Drawn {
    FrameScene scene;
    Drawn(const hw::ClusterState& state, bool compact = false)
    {
        scene.setViewKind(FrameScene::ViewKind::Cluster);
        scene.setCompact(compact);
        scene.setFrame(state, static_cast<double>(state.nowMs));
    }
    hw::ui::ProducerItem* producer(std::int32_t index) const
    {
        for (hw::ui::FrameItem* item : scene.frameItems())
            if (auto* box = qgraphicsitem_cast<hw::ui::ProducerItem*>(item); box && box->producer() == index)
                return box;
        return nullptr;
    }
    /// All the box's texts, one line each.
    QString all(std::int32_t producer) const
    {
        // Texts on one line are joined as they read.
        QString lines;
        qreal lastTop = -1;
        if (hw::ui::ProducerItem* box = this->producer(producer))
            for (const hw::ui::TextRun& run : box->texts()) {
                if (lastTop >= 0)
                    lines += run.box.top() == lastTop ? QString() : QStringLiteral("\n");
                lines += run.text;
                lastTop = run.box.top();
            }
        return lines;
    }
    QString text(std::int32_t producer, const char* role) const
    {
        hw::ui::ProducerItem* box = this->producer(producer);
        const hw::ui::TextRun* run = box ? box->textWithRole(QString::fromLatin1(role)) : nullptr;
        return run ? run->text : QString();
    }
};

TEST(Idempotence, TheProducerBoxShowsItsIdEpochAndBatchesInFlightOrThatIdempotenceIsOff)
{
    const hw::Timeline timeline = playLostAnswer();
    const hw::ClusterState& end = timeline.head();
    ASSERT_GE(end.producers[0].producerId, 0);

    // In the cluster view's wide box acks and the id share a line, and the ranges in flight follow
    // the count; in the compact one each takes a line of its own.
    for (bool compact : { false, true }) {
        const Drawn start(timeline.stateAt(0), compact);
        const QString acks = compact ? QStringLiteral("acks=all\n") : QStringLiteral("acks=all \u00B7 ");
        EXPECT_TRUE(start.all(0).contains(acks + QStringLiteral("id: waiting"))) << start.all(0).toStdString();
        EXPECT_EQ(start.text(1, "acks"), QStringLiteral("acks=all"));
        EXPECT_EQ(start.text(1, "identity"), QStringLiteral("idempotence off"));
        EXPECT_EQ(start.text(2, "acks"), QStringLiteral("acks=1"));
        EXPECT_EQ(start.text(2, "identity"), QStringLiteral("idempotence off"));
        EXPECT_EQ(start.text(0, "in-flight"), QStringLiteral("in flight 0/5"));

        const std::int64_t sending = inFlightFrame(timeline);
        ASSERT_GE(sending, 0);
        const Drawn inFlight(timeline.stateAt(sending), compact);
        EXPECT_TRUE(inFlight.all(0).contains(
            acks + QStringLiteral("id %1 \u00B7 epoch 0").arg(timeline.stateAt(sending).producers[0].producerId)))
            << inFlight.all(0).toStdString();
        // The one record's batch has sequence 0.
        if (compact)
            EXPECT_TRUE(inFlight.text(0, "in-flight").startsWith(QStringLiteral("in flight 1/5")))
                << inFlight.all(0).toStdString();
        else
            EXPECT_EQ(inFlight.text(0, "in-flight"), QStringLiteral("in flight 1/5 \u00B7 seq 0"));
        EXPECT_TRUE(inFlight.all(1).contains(QStringLiteral("in flight 0/5"))) << inFlight.all(1).toStdString();

        const Drawn after(end, compact);
        EXPECT_TRUE(
            after.all(0).contains(acks + QStringLiteral("id %1 \u00B7 epoch 0").arg(end.producers[0].producerId)))
            << after.all(0).toStdString();
        EXPECT_EQ(after.text(0, "in-flight"), QStringLiteral("in flight 0/5"));
        EXPECT_EQ(after.text(0, "records"), QStringLiteral("records acked: 1"));
        EXPECT_EQ(after.text(0, "records-open"), QStringLiteral("waiting 0 \u00B7 failed 0"));
        // The box keeps its height whether or not a batch is in flight and before and after the
        // producer id came: the layout does not jump.
        EXPECT_EQ(inFlight.producer(0)->boundingRect().height(), after.producer(0)->boundingRect().height());
        EXPECT_EQ(start.producer(0)->boundingRect().height(), after.producer(0)->boundingRect().height());
    }
}

TEST(Idempotence, ANonIdempotentProducersBatchesInFlightAreNumbered)
{
    hw::Scenario scenario = lostAnswer();
    for (hw::ProducerSpec& producer : scenario.cluster.producers)
        producer.enableIdempotence = false;
    auto played = hw::playScenario(scenario);
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    const hw::Timeline& timeline = std::get<hw::Timeline>(played);
    const std::int64_t sending = inFlightFrame(timeline);
    ASSERT_GE(sending, 0);
    const Drawn drawn(timeline.stateAt(sending));
    EXPECT_TRUE(drawn.all(0).contains(QStringLiteral("idempotence off"))) << drawn.all(0).toStdString();
    EXPECT_EQ(drawn.text(0, "in-flight"), QStringLiteral("in flight 1/5 \u00B7 #0"));
    const Drawn compact(timeline.stateAt(sending), true);
    EXPECT_TRUE(compact.text(0, "in-flight").startsWith(QStringLiteral("in flight 1/5")))
        << compact.all(0).toStdString();
}

TEST(Idempotence, TheRecordTooltipAndTheInspectorShowTheRecordsProducerIdEpochAndSequence)
{
    const hw::Timeline timeline = playLostAnswer();
    const hw::ClusterState& end = timeline.head();
    const std::int64_t producerId = end.producers[0].producerId;
    const Drawn drawn(end);
    hw::ui::ReplicaLogItem* row = nullptr;
    for (hw::ui::ReplicaLogItem* item : drawn.scene.replicaItems())
        if (item->broker() == 2 && item->partition() == 0)
            row = item;
    ASSERT_NE(row, nullptr);
    const hw::ui::ReplicaLogItem::Cell* first = nullptr;
    for (const hw::ui::ReplicaLogItem::Cell& cell : row->cells())
        if (cell.offset == 0)
            first = &cell;
    ASSERT_NE(first, nullptr);
    const QString tip = row->toolTipAt(first->rect.center());
    EXPECT_TRUE(tip.contains(QStringLiteral("Producer id %1, producer epoch 0, sequence 0").arg(producerId)))
        << tip.toStdString();

    MainWindow window;
    ASSERT_TRUE(window.openParsedScenario(lostAnswer(), QStringLiteral("lost-answer")));
    window.controller()->goToLast();
    window.inspector()->setTarget(hw::ui::SceneTarget::forReplica(0, 2));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("offset 0")),
        QStringLiteral("m0 (epoch 0), producer id %1, epoch 0, sequence 0").arg(producerId));
}

TEST(Idempotence, TheInspectorShowsTheLeadersProducerTableAfterADuplicate)
{
    MainWindow window;
    ASSERT_TRUE(window.openParsedScenario(lostAnswer(), QStringLiteral("lost-answer")));
    hw::ui::SimController* controller = window.controller();
    const std::int64_t duplicate = duplicateFrame(controller->timeline());
    ASSERT_GE(duplicate, 0);
    controller->setCurrentFrame(duplicate);
    const hw::ClusterState& s = controller->state();
    ASSERT_EQ(s.partitions[0].registration.leader, 2);
    const std::int64_t producerId = s.producers[0].producerId;
    window.inspector()->setTarget(hw::ui::SceneTarget::forReplica(0, 2));
    hw::ui::InspectorPanel* inspector = window.inspector();
    // One producer, its epoch and its one batch: sequence 0 at offset 0, kept once, not appended again.
    EXPECT_EQ(inspector->valueOf(QStringLiteral("Producer state")), QStringLiteral("1"));
    const QString entry = QStringLiteral("producer id %1 (p1)").arg(producerId);
    EXPECT_TRUE(inspector->valueOf(entry).startsWith(QStringLiteral("epoch 0, 1 batch")))
        << inspector->valueOf(entry).toStdString();
    EXPECT_EQ(inspector->valueOf(QStringLiteral("seq 0")), QStringLiteral("offsets 0"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("LEO")), QStringLiteral("1"));

    // The producer: its settings as they took effect, its id and epoch, the batch answered as a duplicate.
    controller->goToLast();
    window.inspector()->setTarget(hw::ui::SceneTarget::forProducer(0));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("enable.idempotence")), QStringLiteral("true"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("acks")), QStringLiteral("all"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("max.in.flight.requests.per.connection")), QStringLiteral("5"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("linger.ms")), QStringLiteral("0")); // before Kafka 4.0
    EXPECT_FALSE(inspector->valueOf(QStringLiteral("retries")).isEmpty());
    EXPECT_FALSE(inspector->valueOf(QStringLiteral("delivery.timeout.ms")).isEmpty());
    EXPECT_EQ(inspector->valueOf(QStringLiteral("Producer id")), QString::number(producerId));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("Producer epoch")), QStringLiteral("0"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("Batches in flight")), QStringLiteral("0 of 5"));
    const QString batch = inspector->valueOf(QStringLiteral("batch 0"));
    EXPECT_TRUE(batch.contains(QStringLiteral("seq 0"))) << batch.toStdString();
    EXPECT_TRUE(batch.contains(QStringLiteral("offset 0"))) << batch.toStdString();
    EXPECT_TRUE(batch.contains(QStringLiteral("answered as a duplicate"))) << batch.toStdString();

    window.inspector()->setTarget(hw::ui::SceneTarget::forProducer(1));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("enable.idempotence")), QStringLiteral("false (set in the scenario)"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("Producer id")), QString());
    window.inspector()->setTarget(hw::ui::SceneTarget::forProducer(2));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("enable.idempotence")),
        QStringLiteral("false (turned off by Kafka: acks is not all)"));
    EXPECT_EQ(inspector->valueOf(QStringLiteral("acks")), QStringLiteral("1"));
}

TEST(Idempotence, TheTimelineMarksTheDuplicateBatchWithADAndATooltip)
{
    MainWindow window;
    ASSERT_TRUE(window.openParsedScenario(lostAnswer(), QStringLiteral("lost-answer")));
    hw::ui::SimController* controller = window.controller();
    const std::int64_t duplicate = duplicateFrame(controller->timeline());
    ASSERT_GE(duplicate, 0);
    std::vector<std::int64_t> marked;
    for (const hw::ui::SimController::Marker& m : controller->markers())
        if (m.kind == Kind::DuplicateBatch)
            marked.push_back(m.frame);
    EXPECT_EQ(marked, std::vector<std::int64_t> { duplicate });
    EXPECT_EQ(hw::ui::TimelineBar::markerLetter(Kind::DuplicateBatch), QStringLiteral("D"));
    hw::ui::TimelineBar* bar = window.timelinePanel()->bar();
    bar->resize(1000, bar->sizeHint().height());
    const QString tip = bar->markerToolTip(bar->xOf(duplicate));
    EXPECT_TRUE(
        tip.contains(QStringLiteral("Frame %1: a duplicate batch, answered with its original offsets").arg(duplicate)))
        << tip.toStdString();
    // Every marker kind has its own letter: none is told apart by colour alone.
    QStringList letters;
    for (Kind kind : { Kind::Election, Kind::IsrChange, Kind::DataLoss, Kind::DuplicateBatch })
        letters << hw::ui::TimelineBar::markerLetter(kind);
    letters.removeDuplicates();
    EXPECT_EQ(letters.size(), 4);
}

TEST(Idempotence, TheProducerBoxesTextsStayInsideAndApartInEveryLanguageAndTextSize)
{
    struct Restore {
        ~Restore()
        {
            hw::ui::setLanguage(QStringLiteral("en"));
            hw::ui::theme::setTextSizeMin(0);
        }
    } restore;
    const hw::Timeline timeline = playLostAnswer();
    const std::vector<std::int64_t> frames { 0, inFlightFrame(timeline), duplicateFrame(timeline),
        timeline.frameCount() - 1 };
    for (const char* language : { "en", "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (qreal floor : { 0.0, 30.0 }) {
            hw::ui::theme::setTextSizeMin(floor);
            for (std::int64_t frame : frames) {
                for (bool compact : { false, true }) {
                    const Drawn drawn(timeline.stateAt(frame), compact);
                    const std::string where = std::string(language) + ", floor " + std::to_string(int(floor))
                        + ", frame " + std::to_string(frame) + (compact ? ", compact" : "");
                    std::vector<QRectF> boxes;
                    std::vector<QRectF> items;
                    for (hw::ui::FrameItem* item : drawn.scene.frameItems()) {
                        if (item->type() == hw::ui::ProducerItemType || item->type() == hw::ui::ControllerItemType)
                            items.push_back(item->sceneBoundingRect());
                    }
                    for (std::int32_t p = 0; p < 3; ++p) {
                        hw::ui::ProducerItem* box = drawn.producer(p);
                        ASSERT_NE(box, nullptr) << where;
                        const QRectF own = box->sceneBoundingRect().adjusted(-0.5, -0.5, 0.5, 0.5);
                        for (const hw::ui::TextRun& run : box->texts()) {
                            const QRectF rect = box->mapRectToScene(run.box);
                            EXPECT_TRUE(own.contains(rect))
                                << where << ": \"" << run.text.toStdString() << "\" runs out";
                            EXPECT_FALSE(run.text.endsWith(QChar(0x2026))) << where << ": \"" << run.text.toStdString();
                            for (const QRectF& other : boxes) {
                                const QRectF common = rect.intersected(other);
                                EXPECT_FALSE(common.width() > 0.5 && common.height() > 0.5)
                                    << where << ": \"" << run.text.toStdString() << "\" overlaps a text";
                            }
                            boxes.push_back(rect);
                        }
                    }
                    for (std::size_t i = 0; i < items.size(); ++i)
                        for (std::size_t j = i + 1; j < items.size(); ++j)
                            EXPECT_FALSE(items[i].adjusted(2, 2, -2, -2).intersects(items[j].adjusted(2, 2, -2, -2)))
                                << where << ": boxes overlap";
                }
            }
        }
    }
}

} // namespace
