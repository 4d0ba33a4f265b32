// SPDX-License-Identifier: MIT
#include "scene/partitionlayout.h"

#include "base/narration.h"
#include "base/theme.h"
#include "log/hw_assert.h"
#include "model/version_rules.h"
#include "scene/assignmentlineitem.h"
#include "scene/clusterfacts.h"
#include "scene/consumeritem.h"
#include "scene/controlleritem.h"
#include "scene/framescene.h"
#include "scene/hwlineitem.h"
#include "scene/itempool.h"
#include "scene/legenditem.h"
#include "scene/produceritem.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"

#include <QCoreApplication>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(PartitionLayout)
};

constexpr qreal margin = 28;
constexpr qreal gutterWidth = 250; // the lane right of the rows where messages travel
constexpr qreal boxWidthLeast = 310; // controller, producers and consumers
constexpr qreal boxGap = 14;
constexpr qreal rowGap = 18;

} // namespace

QString PartitionLayout::replicaSetsText(const hw::ClusterState& state, const hw::Partition& partition)
{
    const hw::PartitionRegistration& reg = partition.registration;
    QString text
        = Text::tr("ISR %1 \u00B7 OSR %2").arg(brokerSetText(reg.isr), brokerSetText(outOfSyncReplicas(partition)));
    if (!reg.elr.empty())
        //: KIP-966's Eligible Leader Replicas: out of the ISR, yet safe to elect.
        text += QStringLiteral(" \u00B7 ") + Text::tr("ELR %1").arg(brokerSetText(reg.elr));
    if (!reg.lastKnownElr.empty())
        //: KIP-966's LastKnownElr: the broker that led the partition last.
        text += QStringLiteral(" \u00B7 ") + Text::tr("last leader %1").arg(brokerSetText(reg.lastKnownElr));
    return text + QStringLiteral(" \u00B7 ") + Text::tr("min.insync.replicas %1").arg(state.config.minInsyncReplicas);
}

int PartitionLayout::slotsFor(hw::Offset needed, int least, int most)
{
    const hw::Offset rounded = needed <= least ? least : (needed + 3) / 4 * 4;
    return static_cast<int>(std::clamp<hw::Offset>(rounded, least, most));
}

qreal PartitionLayout::addLostList(
    FrameScene& scene, const hw::ClusterState& state, std::int32_t partition, qreal width, QPointF topLeft)
{
    if (scene.predictionBase())
        return 0; // Predict mode: the list would tell what the truncation will do.
    const QStringList records = lostRecordLines(state, partition);
    if (records.isEmpty())
        return 0;
    // Lines as large as the title's own: the list is what the lesson is about once records are lost.
    QList<TitleItem::Line> lines;
    lines.append({ Text::tr("Lost records: acknowledged to a producer, no longer on the leader"), theme::labelSize,
        true, QStringLiteral("lost-heading") });
    for (qsizetype i = 0; i < records.size() && i < lostLinesShownMax; ++i)
        lines.append({ records[i], theme::labelSize, false, QStringLiteral("lost") });
    if (records.size() > lostLinesShownMax)
        lines.append({ Text::tr("and %n more (see the inspector)", nullptr,
                           static_cast<int>(records.size()) - lostLinesShownMax),
            theme::labelSize, false, QStringLiteral("lost") });
    auto* list = new LostListItem(SceneTarget::forPartition(std::max(0, partition)), width, lines);
    list->setPos(topLeft);
    scene.addItem(list);
    return list->boundingRect().height();
}

QRectF PartitionLayout::build(FrameScene& scene, const hw::ClusterState& state, std::int32_t partitionIndex)
{
    // The focus is a partition of the state drawn: callers pick it from that state, and setFrame clamps
    // it when a new state has fewer partitions.
    HW_ASSERT(partitionIndex >= 0 && partitionIndex < static_cast<std::int32_t>(state.partitions.size()));
    const hw::Partition& partition = state.partitions[static_cast<std::size_t>(partitionIndex)];
    const hw::PartitionRegistration& reg = partition.registration;

    LogGeometry g;
    g.mode = LogGeometry::Mode::Partition;
    g.labelWidth = 230;
    // The boxes' lines are of the small size: presentation mode's larger text widens them alike.
    const qreal boxWidth = boxWidthLeast * std::max<qreal>(1, theme::textSizeMin() / theme::smallSize);
    g.cellHeight = ReplicaLogItem::partitionCellHeight(g.cellHeight);
    // The HW, LEO and "leader sees" tags stand in lanes as tall as their text: presentation mode's
    // text floor would otherwise push them past the row (the last row's tag was cut at the bottom).
    g.topLane = ReplicaLogItem::partitionTagLane(g.topLane);
    g.bottomLane = ReplicaLogItem::partitionTagLane(g.bottomLane);
    g.viewLane = ReplicaLogItem::partitionTagLane(g.viewLane);
    hw::Offset logStart = std::numeric_limits<hw::Offset>::max();
    for (const hw::Replica& r : partition.replicas)
        logStart = std::min(logStart, r.log.logStart);
    const hw::Offset end = shownLogEnd(partition);
    g.slotCount = slotsFor(end - logStart + 1, 6, 16);
    g.windowStart = std::max(logStart, end + 1 - g.slotCount);
    // Wide enough for the widest offset shown, so that no offset is cut ("86…" for 86000), and for the
    // epoch badge of the newest epoch (no record has a later one than the partition's leader epoch).
    g.cellWidth = LogGeometry::cellWidthFor(g.windowStart + g.slotCount, reg.leaderEpoch, g.mode, g.cellWidth);
    // A ghost cell names why its record went ("HW trunc."): with presentation mode's larger text the
    // word needs more than the offset does.
    if (std::any_of(partition.replicas.begin(), partition.replicas.end(),
            [](const hw::Replica& r) { return !r.truncated.empty(); }))
        g.cellWidth = std::max(g.cellWidth, LogGeometry::partitionGhostWidth());
    // The names and badges left of the log, and the tags right of it, in the current text sizes.
    g.labelWidth = g.partitionLabelWidthFor(state, partitionIndex, g.labelWidth);
    g.tagRoom = LogGeometry::partitionTagRoomFor(g.windowStart + g.slotCount, std::max(g.bottomLane, g.viewLane), g.tagRoom);
    const qreal rowWidth = g.width();
    const qreal contentWidth = rowWidth + gutterWidth;

    // Title: the partition, its leader and epochs (and RECOVERING after an unclean or last-known-leader
    // election), ISR and OSR, and with KIP-966 the ELR and the last known leader.
    QList<TitleItem::Line> lines;
    lines.append({ Text::tr("Partition %1").arg(QString::fromStdString(state.partitionName(partitionIndex))),
        theme::titleSize, true, QStringLiteral("title") });
    if (reg.leader == hw::noLeader)
        lines.append({ Text::tr("No leader: the partition is offline (leader epoch %1, partition epoch %2)")
                           .arg(reg.leaderEpoch)
                           .arg(reg.partitionEpoch),
            theme::labelSize, false, QStringLiteral("leader") });
    else if (reg.leaderRecoveryState == hw::LeaderRecoveryState::Recovering)
        //: The leader came from an unclean or last-known-leader election and has not yet told the
        //: controller that it recovered (Kafka's LeaderRecoveryState RECOVERING).
        lines.append({ Text::tr("Leader: broker %1 \u00B7 leader epoch %2 \u00B7 partition epoch %3 \u00B7 RECOVERING")
                           .arg(reg.leader)
                           .arg(reg.leaderEpoch)
                           .arg(reg.partitionEpoch),
            theme::labelSize, false, QStringLiteral("leader") });
    else
        lines.append({ Text::tr("Leader: broker %1 \u00B7 leader epoch %2 \u00B7 partition epoch %3")
                           .arg(reg.leader)
                           .arg(reg.leaderEpoch)
                           .arg(reg.partitionEpoch),
            theme::labelSize, false, QStringLiteral("leader") });
    lines.append({ replicaSetsText(state, partition), theme::labelSize, false, QStringLiteral("isr") });
    // The title takes what the boxes on its right leave (one column of them at least).
    const qreal titleWidth = std::max<qreal>(400, contentWidth - boxWidth - 30);
    TitleItem* title = scene.pool().title(SceneTarget::forPartition(partitionIndex), titleWidth, lines);
    title->setPos(margin, margin);

    // The other participants in boxes right of the title: the controller, the producers and the
    // consumers reading this partition. Messages travel between them and the replicas.
    QList<FrameItem*> boxes;
    ControllerItem* controller = scene.pool().controllerBox(QSizeF(boxWidth, ControllerItem::preferredHeight()));
    controller->sync(state);
    boxes.append(controller);
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.producers.size()); ++p) {
        ProducerItem* producer = scene.pool().producerBox(p, QSizeF(boxWidth, ProducerItem::preferredHeight()));
        producer->sync(state);
        boxes.append(producer);
    }
    QList<ConsumerItem*> consumers;
    for (std::int32_t c = 0; c < static_cast<std::int32_t>(state.consumers.size()); ++c) {
        const hw::Consumer& consumer = state.consumers[static_cast<std::size_t>(c)];
        const bool owns = std::any_of(consumer.owned.begin(), consumer.owned.end(),
            [&](const hw::OwnedPartition& o) { return o.partition == partitionIndex; });
        if (!owns)
            continue;
        auto* item = new ConsumerItem(state, c, boxWidth, partitionIndex, scene.predictionBase() != nullptr);
        scene.addItem(item);
        consumers.append(item);
        boxes.append(item);
    }
    const qreal boxesLeft = margin + titleWidth + 30;
    const qreal boxesWidth = margin + contentWidth - boxesLeft;
    const int boxColumns = std::max(1, static_cast<int>((boxesWidth + boxGap) / (boxWidth + boxGap)));
    qreal boxRowTop = margin;
    qreal boxRowHeight = 0;
    for (qsizetype i = 0; i < boxes.size(); ++i) {
        const int column = static_cast<int>(i % boxColumns);
        if (column == 0 && i > 0) {
            boxRowTop += boxRowHeight + boxGap;
            boxRowHeight = 0;
        }
        FrameItem* box = boxes[i];
        // Right-aligned, so that the boxes sit over the message lane.
        const qreal x = margin + contentWidth - (boxColumns - column) * (boxWidth + boxGap) + boxGap;
        box->setPos(x, boxRowTop);
        boxRowHeight = std::max(boxRowHeight, box->boundingRect().height());
        const QPointF anchor = box->mapToScene(QPointF(box->boundingRect().center().x(), box->boundingRect().bottom()));
        if (auto* producer = qgraphicsitem_cast<ProducerItem*>(box))
            scene.registerAnchor(hw::NodeRef::producer(producer->producer()), -1, anchor);
        else if (auto* consumer = qgraphicsitem_cast<ConsumerItem*>(box))
            scene.registerAnchor(hw::NodeRef::consumer(consumer->consumer()), -1, anchor);
        else
            scene.registerAnchor(hw::NodeRef::controller(), -1, anchor);
    }
    const qreal bandBottom = std::max(title->mapRectToScene(title->boundingRect()).bottom(), boxRowTop + boxRowHeight);

    // Replica rows under the HW label lane. The row consumers read from (the leader's) has a lane
    // under its log for each consumer position and group committed offset.
    const hw::BrokerId readFrom = reg.leader != hw::noLeader ? reg.leader : reg.replicas.front();
    const int readerLanes = reg.leader != hw::noLeader && !scene.predictionBase()
        ? static_cast<int>(readerMarkersFor(state, partitionIndex).size())
        : 0;
    const qreal hwLabelTop = bandBottom + 16;
    const qreal rowsTop = hwLabelTop + HwLineItem::labelHeight() + 6;
    qreal y = rowsTop;
    for (const hw::Replica& replica : partition.replicas) {
        LogGeometry rowGeometry = g;
        if (replica.broker == readFrom)
            rowGeometry.readerLanes = readerLanes;
        ReplicaLogItem* row = scene.pool().replicaRow(partitionIndex, replica.broker, rowGeometry);
        row->setPos(margin, y);
        row->sync(state);
        scene.registerAnchor(hw::NodeRef::broker(replica.broker), partitionIndex, row->anchor());
        scene.registerAnchor(hw::NodeRef::broker(replica.broker), -1, row->anchor());
        y += rowGeometry.height() + rowGap;
    }
    const qreal rowsBottom = y - rowGap;
    const hw::Offset partitionHw = partitionHighWatermark(partition);
    auto* line = new HwLineItem(
        partitionIndex, partitionHw, margin + g.xOf(partitionHw), hwLabelTop, rowsTop, rowsBottom, margin + rowWidth);
    line->setZValue(-1);
    if (scene.predictionBase())
        line->mask();
    scene.addItem(line);

    // Consumers reading this partition: a line to the replica they read from.
    for (ConsumerItem* item : consumers) {
        if (ReplicaLogItem* row = scene.replicaItem(partitionIndex, readFrom)) {
            const QPointF from = item->mapToScene(QPointF(0, item->boundingRect().height() / 2));
            scene.addItem(new AssignmentLineItem(
                item->consumer(), partitionIndex, from, row->anchor(), reg.leader != hw::noLeader));
        }
    }

    QList<LegendItem::Entry> entries = {
        { LegendItem::Swatch::Committed, Text::tr("below the HW: committed, consumers can read it") },
        { LegendItem::Swatch::Uncommitted, Text::tr("at or above the HW: not yet visible to consumers") },
        { LegendItem::Swatch::EpochStart, Text::tr("colour, bar and \"ep\" badge: leader epoch") },
        { LegendItem::Swatch::Diverged, Text::tr("\u2260 cross-hatched: diverged from the leader, not committed") },
        { LegendItem::Swatch::Ghost, Text::tr("dashed, faded: a record a truncation removed (and why)") },
        { LegendItem::Swatch::Leo, Text::tr("LEO: where the next record goes") },
        { LegendItem::Swatch::ReplicaHw, Text::tr("a replica's own HW") },
        { LegendItem::Swatch::PartitionHw, Text::tr("partition HW (the leader's)") },
        { LegendItem::Swatch::LeaderView, Text::tr("leader's view of a follower (its latest Fetch offset)") },
        { LegendItem::Swatch::Isr, Text::tr("ISR: in-sync replica") },
        { LegendItem::Swatch::Osr, Text::tr("OSR: out-of-sync replica (hatched row)") },
        { LegendItem::Swatch::Message, Text::tr("message in flight") },
    };
    // KIP-966's badges, where the cluster's Kafka version keeps Eligible Leader Replicas.
    if (hw::rules::elrEnabled(state.config)) {
        entries.append({ LegendItem::Swatch::Elr,
            Text::tr("ELR: eligible leader replica, out of the ISR but holding every committed record") });
        entries.append({ LegendItem::Swatch::LastLeader,
            Text::tr("LAST LEADER: the last known leader, elected if it returns while the ISR and ELR are empty") });
    }
    if (!consumers.isEmpty())
        entries.append({ LegendItem::Swatch::Assignment, Text::tr("consumer reads this partition (from its leader)") });
    if (readerLanes > 0)
        entries.append({ LegendItem::Swatch::ReaderPosition,
            Text::tr(
                "under the leader's log: consumer position (solid), group committed offset (hollow), lag to the HW") });
    const qreal lostHeight = addLostList(scene, state, partitionIndex, contentWidth, QPointF(margin, rowsBottom + 26));
    const qreal lostBottom = rowsBottom + (lostHeight > 0 ? 26 + lostHeight : 0);
    const qreal legendTop = rowsBottom + 26 + (lostHeight > 0 ? lostHeight + 16 : 0);
    if (!scene.legendShown())
        return QRectF(0, 0, contentWidth + 2 * margin, lostBottom + margin);
    LegendItem* legend = scene.pool().legend(entries, contentWidth);
    legend->setPos(margin, legendTop);
    return QRectF(0, 0, contentWidth + 2 * margin, legendTop + legend->boundingRect().height() + margin);
}

} // namespace hw::ui
