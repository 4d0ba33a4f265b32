// SPDX-License-Identifier: MIT
// What the log rows draw of what is being taught (issue #12, "Draw what is being taught"): ghost cells
// for the records a truncation removed, diverged cells not shaded committed, the "Lost records" lists,
// consumer positions and committed offsets on the leader's log, epoch badges that cannot be read as
// record values, and cells wide enough for their offsets.

#include "control/simcontroller.h"
#include "panels/inspectorpanel.h"
#include "scene/clusterfacts.h"
#include "scene/framescene.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"
#include "shell/mainwindow.h"
#include "uitest_support.h"

#include <QFontMetricsF>
#include <QRegularExpression>

#include <gtest/gtest.h>

namespace {

using hw::ui::FrameScene;
using hw::ui::ReplicaLogItem;

hw::ClusterState stateAtLabel(const hw::Timeline& timeline, const char* label)
{
    const std::int64_t frame = timeline.findLabel(label);
    EXPECT_GE(frame, 0) << label;
    return timeline.stateAt(frame);
}

/// The lines of every "Lost records" list in the scene, as drawn: a line wider than the view is
/// wrapped at spaces into several runs.
QStringList lostLines(const FrameScene& scene)
{
    QStringList lines;
    for (QGraphicsItem* item : scene.items()) {
        if (auto* title = qgraphicsitem_cast<hw::ui::LostListItem*>(item)) {
            for (const hw::ui::TextRun& run : title->texts()) {
                if (run.role == QLatin1String("lost"))
                    lines << run.text;
            }
        }
    }
    return lines;
}

const ReplicaLogItem::Cell* cellAt(const ReplicaLogItem* row, hw::Offset offset)
{
    for (const ReplicaLogItem::Cell& cell : row->cells()) {
        if (cell.offset == offset)
            return &cell;
    }
    return nullptr;
}

TEST(LogDraw, TruncatedRecordsStayAsGhostCellsWithTheirReason)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:unclean-election");
    const hw::ClusterState state = stateAtLabel(timeline, "5");
    FrameScene scene;
    scene.setFrame(state, static_cast<double>(state.nowMs));
    ReplicaLogItem* broker1 = scene.replicaItem(0, 1);
    ASSERT_NE(broker1, nullptr);
    // Broker 1 truncated B1 and B2 (offsets 2 and 3) and fetched C1 at offset 2: B2 is a ghost where
    // the log now ends, B1's offset is marked as replaced.
    ASSERT_EQ(broker1->leo(), 3);
    ASSERT_EQ(broker1->ghosts().size(), 1);
    const ReplicaLogItem::Ghost& ghost = broker1->ghosts().front();
    EXPECT_EQ(ghost.offset, 3);
    EXPECT_EQ(ghost.value, QStringLiteral("B2"));
    EXPECT_EQ(ghost.reason, hw::TruncationReason::UncleanElection);
    EXPECT_DOUBLE_EQ(ghost.rect.left(), broker1->geometry().xOf(3));
    ASSERT_NE(broker1->textWithRole(QStringLiteral("ghost")), nullptr);
    EXPECT_EQ(broker1->textWithRole(QStringLiteral("ghost"))->text, QStringLiteral("B2"));
    ASSERT_NE(broker1->textWithRole(QStringLiteral("ghost-reason")), nullptr);
    EXPECT_EQ(broker1->textWithRole(QStringLiteral("ghost-reason"))->text, QStringLiteral("unclean"));
    EXPECT_TRUE(ghost.rect.contains(broker1->textWithRole(QStringLiteral("ghost"))->box));
    EXPECT_TRUE(broker1->toolTipAt(ghost.rect.center()).contains(QStringLiteral("B2")));
    const ReplicaLogItem::Cell* replaced = cellAt(broker1, 2);
    ASSERT_NE(replaced, nullptr);
    EXPECT_TRUE(replaced->replaced);
    EXPECT_TRUE(broker1->toolTipAt(replaced->rect.center()).contains(QStringLiteral("Earlier here: B1")));
    // The leader truncated nothing: no ghosts, nothing replaced.
    ReplicaLogItem* leader = scene.replicaItem(0, 3);
    ASSERT_NE(leader, nullptr);
    EXPECT_TRUE(leader->ghosts().isEmpty());
    for (const ReplicaLogItem::Cell& cell : leader->cells())
        EXPECT_FALSE(cell.replaced) << cell.offset;
}

TEST(LogDraw, LostRecordsAreListedInBothViewsAndTheInspector)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:unclean-election");
    const QStringList want
        = { QStringLiteral("events-0 offset 2: B1 (acks=all), lost: never reached the new leader; unclean election"),
              QStringLiteral("events-0 offset 3: B2 (acks=all), lost: never reached the new leader; unclean election") };
    for (const char* label : { "4", "5" }) {
        SCOPED_TRACE(label);
        const hw::ClusterState state = stateAtLabel(timeline, label);
        FrameScene scene;
        scene.setFrame(state, static_cast<double>(state.nowMs));
        EXPECT_EQ(lostLines(scene).join(QLatin1Char(' ')), want.join(QLatin1Char(' ')));
        scene.setViewKind(FrameScene::ViewKind::Cluster);
        EXPECT_EQ(lostLines(scene).join(QLatin1Char(' ')), want.join(QLatin1Char(' ')));
    }
    // Before the unclean election nothing is lost, and no list is drawn.
    const hw::ClusterState before = stateAtLabel(timeline, "2");
    FrameScene scene;
    scene.setFrame(before, static_cast<double>(before.nowMs));
    EXPECT_TRUE(lostLines(scene).isEmpty());

    hw::ui::MainWindow window;
    hw::ui::SimController* controller = window.controller();
    ASSERT_TRUE(controller->openScenario(QStringLiteral("builtin:unclean-election")).isEmpty());
    controller->setCurrentFrame(controller->timeline().findLabel("5"));
    window.inspector()->setTarget(hw::ui::SceneTarget::forPartition(0));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("Lost records")), QStringLiteral("2"));
    window.inspector()->setTarget(hw::ui::SceneTarget::forReplica(0, 1));
    EXPECT_EQ(window.inspector()->valueOf(QStringLiteral("Truncated records")), QStringLiteral("2"));
}

TEST(LogDraw, ADivergedRecordIsNeverShadedCommitted)
{
    // Between C1's append on the new leader and broker 1's truncation, broker 1 holds B1 (epoch 0)
    // at offset 2, below the partition HW 3, where the leader holds C1 (epoch 2). A producer without
    // idempotence: the default one's C1 is first refused (OUT_OF_ORDER_SEQUENCE_NUMBER, the new leader
    // lost B1 and B2) and lands only after broker 1 has truncated, so no frame shows the divergence.
    const hw::Timeline timeline = hw::uitest::play("builtin:unclean-election", false);
    int divergedFrames = 0;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::ClusterState state = timeline.stateAt(f);
        FrameScene scene;
        scene.setFrame(state, static_cast<double>(state.nowMs));
        const hw::Partition& partition = state.partitions[0];
        const hw::Replica* leader = hw::ui::leaderReplica(partition);
        const hw::Offset hw = hw::ui::partitionHighWatermark(partition);
        bool diverged = false;
        for (const hw::Replica& replica : partition.replicas) {
            ReplicaLogItem* row = scene.replicaItem(0, replica.broker);
            ASSERT_NE(row, nullptr);
            for (const ReplicaLogItem::Cell& cell : row->cells()) {
                SCOPED_TRACE("frame " + std::to_string(f) + " broker " + std::to_string(replica.broker) + " offset "
                    + std::to_string(cell.offset));
                const bool onLeaderLineage = leader && cell.offset < leader->log.leo()
                    && leader->log.at(cell.offset) == replica.log.at(cell.offset);
                // Without a leader each row stays solid up to its replica's own HW (issue 25).
                EXPECT_EQ(cell.committed, leader ? onLeaderLineage && cell.offset < hw : cell.offset < replica.hw);
                EXPECT_EQ(cell.diverged, leader && cell.offset < leader->log.leo() && !onLeaderLineage);
                diverged = diverged || cell.diverged;
            }
        }
        if (!diverged)
            continue;
        ++divergedFrames;
        ReplicaLogItem* broker1 = scene.replicaItem(0, 1);
        const ReplicaLogItem::Cell* cell = cellAt(broker1, 2);
        ASSERT_NE(cell, nullptr);
        EXPECT_TRUE(cell->diverged);
        EXPECT_FALSE(cell->committed);
        EXPECT_LT(cell->offset, hw);
        // Not by colour only: the cell carries a "≠" mark.
        const hw::ui::TextRun* mark = broker1->textWithRole(QStringLiteral("diverged"));
        ASSERT_NE(mark, nullptr);
        EXPECT_EQ(mark->text, QStringLiteral("\u2260"));
        EXPECT_TRUE(cell->rect.contains(mark->box));
    }
    EXPECT_GT(divergedFrames, 0);
}

TEST(LogDraw, EpochTagsAreBadgesThatNoRecordValueLooksLike)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:unclean-election");
    const QRegularExpression epochLike(QStringLiteral("^(e|ep ?)\\d+$"));
    for (const char* label : { "1", "2", "4", "5" }) {
        SCOPED_TRACE(label);
        const hw::ClusterState state = stateAtLabel(timeline, label);
        FrameScene scene;
        scene.setFrame(state, static_cast<double>(state.nowMs));
        for (const hw::Replica& replica : state.partitions[0].replicas) {
            ReplicaLogItem* row = scene.replicaItem(0, replica.broker);
            QList<const hw::ui::TextRun*> epochs;
            for (const hw::ui::TextRun& run : row->texts()) {
                if (run.role == QLatin1String("epoch"))
                    epochs.append(&run);
            }
            ASSERT_EQ(epochs.size(), row->cells().size());
            for (qsizetype i = 0; i < epochs.size(); ++i) {
                const ReplicaLogItem::Cell& cell = row->cells()[i];
                const hw::Record& record = replica.log.at(cell.offset);
                EXPECT_EQ(epochs[i]->text, QStringLiteral("ep %1").arg(record.epoch));
                // A framed badge inside its cell, above the offset.
                EXPECT_NE(epochs[i]->border.style(), Qt::NoPen);
                EXPECT_NE(epochs[i]->background.style(), Qt::NoBrush);
                EXPECT_TRUE(cell.rect.contains(epochs[i]->box));
                const QString value
                    = QString::fromStdString(state.payloads[static_cast<std::size_t>(record.payload)].value);
                EXPECT_FALSE(epochLike.match(value).hasMatch()) << value.toStdString();
            }
        }
    }
}

TEST(LogDraw, ConsumerPositionsAndCommittedOffsetsPointAtTheirCells)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:consumer-lag");
    struct Want {
        const char* label;
        hw::Offset fast;
        hw::Offset slow;
    };
    for (const Want& want : { Want { "1", 20, -1 }, Want { "2", 20, 11 }, Want { "3", 20, 20 } }) {
        SCOPED_TRACE(want.label);
        const hw::ClusterState state = stateAtLabel(timeline, want.label);
        FrameScene scene;
        scene.setFrame(state, static_cast<double>(state.nowMs));
        const hw::Partition& partition = state.partitions[0];
        ReplicaLogItem* leader = scene.replicaItem(0, partition.registration.leader);
        ASSERT_NE(leader, nullptr);
        const hw::Offset hw = hw::ui::partitionHighWatermark(partition);
        ASSERT_EQ(hw, 20);
        // The rows of the followers have no reader lanes: the markers stand under the log consumers read.
        for (const hw::Replica& replica : partition.replicas) {
            if (replica.broker != partition.registration.leader)
                EXPECT_TRUE(scene.replicaItem(0, replica.broker)->readerMarkers().isEmpty());
        }
        const QVector<ReplicaLogItem::DrawnMarker> markers = leader->readerMarkers();
        // Two consumers and their two groups' committed offsets.
        ASSERT_EQ(markers.size(), 4);
        int positions = 0;
        for (const ReplicaLogItem::DrawnMarker& m : markers) {
            SCOPED_TRACE(m.marker.who.toStdString());
            // The boundary before the offset: the left edge of its cell, or the right edge of the last
            // record when the offset is the log end. An offset left of the cells shown (the window
            // holds 16) is pinned to the window's left edge, and its label says so with "◀".
            const hw::ui::LogGeometry& g = leader->geometry();
            const ReplicaLogItem::Cell* cell = cellAt(leader, m.marker.offset);
            const ReplicaLogItem::Cell* before = cellAt(leader, m.marker.offset - 1);
            if (m.marker.offset < g.windowStart) {
                EXPECT_DOUBLE_EQ(m.x, leader->mapToScene(leader->cells().front().rect.topLeft()).x());
            } else {
                ASSERT_TRUE(cell || before);
                const qreal cellX = cell ? leader->mapToScene(cell->rect.topLeft()).x()
                                         : leader->mapToScene(before->rect.topRight()).x();
                EXPECT_DOUBLE_EQ(m.x, cellX);
            }
            EXPECT_EQ(m.marker.lag, hw - m.marker.offset);
            if (m.marker.lag > 0)
                EXPECT_DOUBLE_EQ(m.lagToX, leader->hwMarkerX());
            if (m.marker.kind == hw::ui::ReaderMarker::Kind::Position) {
                ++positions;
                if (m.marker.who == QLatin1String("fast-1"))
                    EXPECT_EQ(m.marker.offset, want.fast);
                else if (want.slow >= 0)
                    EXPECT_EQ(m.marker.offset, want.slow);
            }
            // The marker's lane is below the log's own lanes.
            EXPECT_GE(m.laneRect.top(), leader->geometry().readersTop());
        }
        EXPECT_EQ(positions, 2);
        // Each label stands alone: no two texts of the row overlap.
        const QList<hw::ui::TextRun>& texts = leader->texts();
        int readerLabels = 0;
        for (qsizetype i = 0; i < texts.size(); ++i) {
            if (!texts[i].role.startsWith(QLatin1String("reader:")))
                continue;
            ++readerLabels;
            EXPECT_FALSE(texts[i].text.endsWith(QChar(0x2026))) << texts[i].text.toStdString();
            EXPECT_TRUE(leader->boundingRect().contains(texts[i].box)) << texts[i].text.toStdString();
            for (qsizetype j = 0; j < texts.size(); ++j) {
                if (j != i)
                    EXPECT_FALSE(texts[i].box.intersects(texts[j].box))
                        << texts[i].text.toStdString() << " / " << texts[j].text.toStdString();
            }
        }
        EXPECT_EQ(readerLabels, 4);
        for (const hw::ui::TextRun& run : texts) {
            if (run.role.startsWith(QLatin1String("reader:")))
                EXPECT_EQ(run.text.startsWith(QChar(0x25C0)),
                    run.text.contains(QLatin1String(" 2 ")) || run.text.contains(QLatin1String(" 3 ")))
                    << run.text.toStdString();
        }
    }
    // Checkpoint 2 in numbers: the slow consumer is at 11, lag 9, as the brief's teacher saw it.
    const hw::ClusterState two = stateAtLabel(timeline, "2");
    FrameScene scene;
    scene.setFrame(two, static_cast<double>(two.nowMs));
    const hw::ui::TextRun* slow = nullptr;
    for (const hw::ui::TextRun& run : scene.replicaItem(0, two.partitions[0].registration.leader)->texts()) {
        if (run.role == QLatin1String("reader:position") && run.text.startsWith(QLatin1String("slow-1")))
            slow = &run;
    }
    ASSERT_NE(slow, nullptr);
    EXPECT_EQ(slow->text, QStringLiteral("slow-1: position 11 \u00B7 lag 9"));
}

/// A one-broker cluster whose log reaches offset 12,000 (five digits).
std::string longLogScenario()
{
    std::string values;
    for (int i = 0; i < 10000; ++i)
        values += (i ? ",\"v\"" : "\"v\"");
    std::string more;
    for (int i = 0; i < 2000; ++i)
        more += (i ? ",\"w\"" : "\"w\"");
    return R"({"format": "highwater/1", "name": "long", "seed": 1, "cluster": {"brokers": 3},
 "topics": [{"name": "t", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
 "producers": [{"id": "p", "acks": "all"}],
 "steps": [{"produce": {"producer": "p", "topic": "t", "values": [)"
        + values + R"(]}}, {"settle": {}}, {"produce": {"producer": "p", "topic": "t", "values": [)" + more
        + R"(]}}, {"settle": {}}, {"checkpoint": "end"}]})";
}

TEST(LogDraw, CellsAreWideEnoughForFiveDigitOffsets)
{
    auto parsed = hw::parseScenario(longLogScenario(), "long.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
    auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    const hw::Timeline& timeline = std::get<hw::Timeline>(played);
    const hw::ClusterState state = stateAtLabel(timeline, "end");
    ASSERT_EQ(hw::ui::maxLogEnd(state.partitions[0]), 12000);
    for (FrameScene::ViewKind kind : { FrameScene::ViewKind::Partition, FrameScene::ViewKind::Cluster }) {
        FrameScene scene;
        scene.setViewKind(kind);
        scene.setFrame(state, static_cast<double>(state.nowMs));
        int cells = 0;
        for (ReplicaLogItem* row : scene.replicaItems()) {
            for (const hw::ui::TextRun& run : row->texts()) {
                EXPECT_FALSE(run.text.endsWith(QChar(0x2026))) << run.text.toStdString();
                if (run.role != QLatin1String("cell"))
                    continue;
                ++cells;
                EXPECT_GE(run.text.toLongLong(), 10000) << run.text.toStdString();
                EXPECT_LE(QFontMetricsF(run.font).horizontalAdvance(run.text), row->geometry().cellWidth)
                    << run.text.toStdString();
            }
        }
        EXPECT_GT(cells, 0);
    }
}

} // namespace
