// SPDX-License-Identifier: MIT
#include "scene/partitionlayout.h"

#include "base/narration.h"
#include "base/theme.h"
#include "log/hw_assert.h"
#include "model/version_rules.h"
#include "scene/assignmentlineitem.h"
#include "scene/aggregateitem.h"
#include "scene/clusteraggregate.h"
#include "scene/clusterfacts.h"
#include "scene/consumeritem.h"
#include "scene/controlleritem.h"
#include "scene/framescene.h"
#include "scene/hwlineitem.h"
#include "scene/itempool.h"
#include "scene/legenditem.h"
#include "scene/messageitem.h"
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
/// Under each box a message dot waits (its anchor). Compact, with presentation mode's larger text
/// reaching the box's foot, it waits so far under the box that a dot on a track beside its line
/// (MessageItem::trackOffset) stays clear of the last line, rows of boxes stand dotRoom apart and the
/// rows of logs at least that far under the lowest box; at the usual size it waits on the box's
/// border, under the margin below the text, and the drawing keeps its size.
constexpr qreal anchorDrop = MessageItem::trackOffset + MessageItem::dotRadius + MessageItem::dotOutline + 1;
constexpr qreal dotRoom = anchorDrop + MessageItem::trackOffset + MessageItem::dotRadius + MessageItem::dotOutline + 2;
constexpr qreal rowGap = 18;
/// The compact (presentation) boxes are this many lines of the small text wide (as the compact
/// cluster view's left column), in up to compactBoxColumnsMax columns right of a title that keeps at
/// least compactTitleShareMin of the rows' width.
constexpr qreal compactBoxWidthEms = 10.5;
constexpr qreal compactTitleShareMin = 0.4;
constexpr int compactBoxColumnsMax = 4;
/// Consumers' lines to the log they read run side by side, this many apart before they share a track
/// (the margin right of the boxes is 28 wide).
constexpr int assignmentLinesApartMax = 3;

} // namespace

QString PartitionLayout::replicaSetsText(const hw::ClusterState& state, const hw::Partition& partition)
{
    const hw::PartitionRegistration& reg = partition.registration;
    // The sets in the ids the cluster names its brokers by (an observed cluster's real node ids).
    auto setText = [&state](const std::vector<hw::BrokerId>& brokers) {
        std::vector<hw::BrokerId> ids;
        for (hw::BrokerId b : brokers)
            ids.push_back(nodeIdOf(state, b));
        return brokerSetText(ids);
    };
    if (state.observed) {
        // What the poll told (DescribeTopicPartitions, 3.8+, for the ELR), empty sets included.
        QString text = Text::tr("ISR %1 \u00B7 OSR %2").arg(setText(reg.isr), setText(outOfSyncReplicas(partition)));
        if (state.observed->poll.elrKnown)
            text += QStringLiteral(" \u00B7 ") + Text::tr("ELR %1").arg(setText(reg.elr)) + QStringLiteral(" \u00B7 ")
                + Text::tr("last known ELR %1").arg(setText(reg.lastKnownElr));
        else
            text += QStringLiteral(" \u00B7 ") + Text::tr("ELR not known (Kafka before 3.8)");
        const std::optional<std::int32_t> minIsr
            = state.observed->topics[static_cast<std::size_t>(partition.topic)].minInsyncReplicas;
        return text + QStringLiteral(" \u00B7 ")
            + Text::tr("min.insync.replicas %1").arg(minIsr ? QString::number(*minIsr) : QStringLiteral("?"));
    }
    QString text
        = Text::tr("ISR %1 \u00B7 OSR %2").arg(setText(reg.isr), setText(outOfSyncReplicas(partition)));
    if (!reg.elr.empty())
        //: KIP-966's Eligible Leader Replicas: out of the ISR, yet safe to elect.
        text += QStringLiteral(" \u00B7 ") + Text::tr("ELR %1").arg(setText(reg.elr));
    if (!reg.lastKnownElr.empty())
        //: KIP-966's LastKnownElr: the broker that led the partition last.
        text += QStringLiteral(" \u00B7 ") + Text::tr("last leader %1").arg(setText(reg.lastKnownElr));
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
    // Presentation mode hides the inspector: there the rest is only counted.
    const int more = static_cast<int>(records.size()) - lostLinesShownMax;
    if (more > 0)
        lines.append({ scene.compact() ? Text::tr("and %n more", nullptr, more)
                                       : Text::tr("and %n more (see the inspector)", nullptr, more),
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
    qreal boxWidth = boxWidthLeast * std::max<qreal>(1, theme::textSizeMin() / theme::smallSize);
    if (scene.compact()) {
        // As the compact cluster view's left column: lines of the small text wrapped in a narrower box
        // (never narrower than a box's name), so that two columns of boxes fit beside the title and
        // the band over the rows, most of a projector's height, is half as tall.
        boxWidth = std::ceil(compactBoxWidthEms * theme::font(theme::smallSize).pixelSize());
        boxWidth = std::max(boxWidth, ControllerItem::nameWidth());
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.producers.size()); ++p)
            boxWidth = std::max(boxWidth, ProducerItem::nameWidth(state, p));
        for (std::int32_t c = 0; c < static_cast<std::int32_t>(state.consumers.size()); ++c)
            boxWidth = std::max(boxWidth, ConsumerItem::nameWidth(state, c));
    }
    g.cellHeight = ReplicaLogItem::partitionCellHeight(g.cellHeight);
    // The HW, LEO and "leader sees" tags stand in lanes as tall as their text: presentation mode's
    // text floor would otherwise push them past the row (the last row's tag was cut at the bottom).
    g.topLane = ReplicaLogItem::partitionTagLane(g.topLane);
    g.bottomLane = ReplicaLogItem::partitionTagLane(g.bottomLane);
    g.viewLane = ReplicaLogItem::partitionTagLane(g.viewLane);
    // Reader lanes as tall as their labels: at presentation mode's text floor two labels ran into
    // each other (consumer-lag's position and committed offset).
    g.readerLane = LogGeometry::readerLaneFor(g.readerLane);
    // An observed replica's unknown log start (-1) is left out; the window never starts below 0.
    hw::Offset logStart = std::numeric_limits<hw::Offset>::max();
    for (const hw::Replica& r : partition.replicas) {
        if (r.log.logStart >= 0)
            logStart = std::min(logStart, r.log.logStart);
    }
    const hw::Offset end = std::max<hw::Offset>(0, shownLogEnd(partition));
    logStart = std::min(logStart, end);
    g.slotCount = slotsFor(end - logStart + 1, 6, scene.compact() ? compactSlotsMax : 16);
    g.windowStart = std::max({ logStart, end + 1 - g.slotCount, hw::Offset(0) });
    // Wide enough for the widest offset shown, so that no offset is cut ("86…" for 86000), and for the
    // epoch badge of the newest epoch (no record has a later one than the partition's leader epoch).
    g.cells = scene.cellText();
    g.cellWidth = LogGeometry::cellWidthFor(g.windowStart + g.slotCount, reg.leaderEpoch, g.mode, g.cellWidth,
        g.cells,
        LogGeometry::widestValueWidth(state, partitionIndex, g.windowStart, g.windowStart + g.slotCount, g.mode));
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
    // It names the Kafka release the cluster runs, whose rules the run follows, as the cluster view does.
    //: The partition view's heading: the partition (%1, "orders-0") and the Kafka version (%2, "4.2"),
    //: joined by a no-break space so that a wrapped heading keeps them together.
    lines.append({ Text::tr("Partition %1 \u00B7 Kafka\u00A0%2")
                       .arg(QString::fromStdString(state.partitionName(partitionIndex)), kafkaVersionText(state)),
        theme::titleSize, true, QStringLiteral("title") });
    if (reg.leader == hw::noLeader && state.observed)
        lines.append({ Text::tr("No leader: the partition is offline (leader epoch %1)").arg(reg.leaderEpoch),
            theme::labelSize, false, QStringLiteral("leader") });
    else if (reg.leader == hw::noLeader)
        lines.append({ Text::tr("No leader: the partition is offline (leader epoch %1, partition epoch %2)")
                           .arg(reg.leaderEpoch)
                           .arg(reg.partitionEpoch),
            theme::labelSize, false, QStringLiteral("leader") });
    else if (reg.leaderRecoveryState == hw::LeaderRecoveryState::Recovering)
        //: The leader came from an unclean or last-known-leader election and has not yet told the
        //: controller that it recovered (Kafka's LeaderRecoveryState RECOVERING).
        lines.append({ Text::tr("Leader: broker %1 \u00B7 leader epoch %2 \u00B7 partition epoch %3 \u00B7 RECOVERING")
                           .arg(nodeIdOf(state, reg.leader))
                           .arg(reg.leaderEpoch)
                           .arg(reg.partitionEpoch),
            theme::labelSize, false, QStringLiteral("leader") });
    else if (state.observed)
        // A poll tells the leader epoch (DescribeTopicPartitions), not the partition epoch.
        lines.append({ Text::tr("Leader: broker %1 \u00B7 leader epoch %2")
                           .arg(nodeIdOf(state, reg.leader))
                           .arg(reg.leaderEpoch),
            theme::labelSize, false, QStringLiteral("leader") });
    else
        lines.append({ Text::tr("Leader: broker %1 \u00B7 leader epoch %2 \u00B7 partition epoch %3")
                           .arg(nodeIdOf(state, reg.leader))
                           .arg(reg.leaderEpoch)
                           .arg(reg.partitionEpoch),
            theme::labelSize, false, QStringLiteral("leader") });
    lines.append({ replicaSetsText(state, partition), theme::labelSize, false, QStringLiteral("isr") });
    if (state.observed) {
        // An observed partition's health (worst first, PartitionHealth) and how it is observed.
        const hw::PartitionHealth health = partitionHealthOf(state, partition);
        const hw::ObservedPollInfo& poll = state.observed->poll;
        QString how = partitionHealthGlyph(health) + QLatin1Char(' ') + partitionHealthText(health).toUpper()
            + QStringLiteral(" \u00B7 ")
            + Text::tr("observed every %1 ms \u00B7 this poll took %2 ms").arg(poll.intervalMs).arg(poll.pollMs);
        if (poll.stretched)
            how += QStringLiteral(" \u00B7 ") + Text::tr("STRETCHED: the poll outlasted the interval");
        lines.append({ how, theme::labelSize, true, QStringLiteral("health") });
    }
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
        auto* item = new ConsumerItem(
            state, c, boxWidth, partitionIndex, scene.predictionBase() != nullptr, scene.compact());
        scene.addItem(item);
        consumers.append(item);
        boxes.append(item);
    }

    // The rows' height, which the band above them adds to. The row consumers read from (the
    // leader's) has a lane under its log for each consumer position and group committed offset.
    const hw::BrokerId readFrom = reg.leader != hw::noLeader ? reg.leader : reg.replicas.front();
    const int readerLanes = reg.leader != hw::noLeader && !scene.predictionBase()
        ? static_cast<int>(readerMarkersFor(state, partitionIndex).size())
        : 0;
    qreal rowsHeight = -rowGap;
    for (const hw::Replica& replica : partition.replicas) {
        LogGeometry rowGeometry = g;
        if (replica.broker == readFrom)
            rowGeometry.readerLanes = readerLanes;
        rowsHeight += rowGeometry.height() + rowGap;
    }

    // The legend under the drawing: what each mark means, the ones this partition shows among them.
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
    if (state.observed) {
        // An observed partition: offsets only, no epochs, truncations, leader's views or messages.
        entries = {
            { LegendItem::Swatch::Committed, Text::tr("below the HW: committed, consumers can read it") },
            { LegendItem::Swatch::Uncommitted, Text::tr("at or above the HW: not yet visible to consumers") },
            { LegendItem::Swatch::Leo, Text::tr("LEO; \"LEO ?\": not told in this poll") },
            { LegendItem::Swatch::ReplicaHw,
                Text::tr("a replica's own HW; HW > LEO: read in two requests, a poll is not atomic") },
            { LegendItem::Swatch::PartitionHw, Text::tr("partition HW (the leader's)") },
            { LegendItem::Swatch::Isr, Text::tr("ISR: in-sync replica") },
            { LegendItem::Swatch::Osr, Text::tr("OSR: out-of-sync replica (hatched row)") },
        };
    }
    // KIP-966's badges, where the cluster's Kafka version keeps Eligible Leader Replicas (an observed
    // cluster: where the poll told them).
    if (state.observed ? state.observed->poll.elrKnown : hw::rules::elrEnabled(state.config)) {
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

    // The title takes what the boxes on its right leave: one column of them. Compact, the columns
    // (one to compactBoxColumnsMax, the drawing widening if need be while the title keeps a share)
    // that show the drawing largest in the view's proportions, as the cluster view chooses its grid.
    const qreal boxRowGap = scene.compact() ? std::max(boxGap, dotRoom) : boxGap;
    auto boxRowsHeight = [&](int columns) {
        qreal height = 0;
        for (qsizetype first = 0; first < boxes.size(); first += columns) {
            qreal row = 0;
            for (qsizetype i = first; i < std::min<qsizetype>(boxes.size(), first + columns); ++i)
                row = std::max(row, boxes[i]->boundingRect().height());
            height += row + (first > 0 ? boxRowGap : 0);
        }
        return height;
    };
    int boxColumns = 1;
    qreal titleWidth = std::max<qreal>(400, contentWidth - boxWidth - 30);
    qreal layoutWidth = contentWidth;
    {
        // In a window too: a wide view gets the boxes side by side and a wider, shorter legend, and
        // so a larger drawing (a single column made it tall and small at 1280x720).
        qreal best = 0;
        const int most = std::min<int>(compactBoxColumnsMax, static_cast<int>(boxes.size()));
        for (int columns = 1; columns <= most; ++columns) {
            const qreal boxesSpan = columns * (boxWidth + boxGap) - boxGap;
            const qreal candidateTitle = std::max(compactTitleShareMin * contentWidth, contentWidth - boxesSpan - 30);
            const qreal width = std::max(contentWidth, candidateTitle + 30 + boxesSpan);
            const qreal band = std::max(TitleItem::heightFor(candidateTitle, lines), boxRowsHeight(columns));
            const qreal legendHeight
                = scene.legendShown() ? 26 + LegendItem::heightFor(entries, width) : 0;
            const qreal height = 2 * margin + band + std::max<qreal>(16, dotRoom) + HwLineItem::labelHeight() + 6
                + rowsHeight + legendHeight;
            const qreal scale = std::min(scene.targetAspect() / (width + 2 * margin), 1.0 / height);
            if (scale > best * 1.001) {
                best = scale;
                boxColumns = columns;
                titleWidth = candidateTitle;
                layoutWidth = width;
            }
        }
    }
    TitleItem* title = scene.pool().title(SceneTarget::forPartition(partitionIndex), titleWidth, lines);
    title->setPos(margin, margin);

    qreal boxRowTop = margin;
    qreal boxRowHeight = 0;
    // The middle of the gap under each box's row, where a consumer's line leaves for the margin.
    QList<qreal> gapBelow(boxes.size(), 0);
    for (qsizetype i = 0; i < boxes.size(); ++i) {
        const int column = static_cast<int>(i % boxColumns);
        if (column == 0 && i > 0) {
            for (qsizetype j = i - boxColumns; j < i; ++j)
                gapBelow[j] = boxRowTop + boxRowHeight + boxRowGap / 2;
            boxRowTop += boxRowHeight + boxRowGap;
            boxRowHeight = 0;
        }
        FrameItem* box = boxes[i];
        // Right-aligned, so that the boxes sit over the message lane.
        const qreal x = margin + layoutWidth - (boxColumns - column) * (boxWidth + boxGap) + boxGap;
        box->setPos(x, boxRowTop);
        boxRowHeight = std::max(boxRowHeight, box->boundingRect().height());
        // On the box's foot, or compact under it (anchorDrop): there a waiting dot covered its last line.
        const QPointF anchor
            = box->mapToScene(QPointF(box->boundingRect().center().x(),
                box->boundingRect().bottom() + (scene.compact() ? anchorDrop : 0)));
        if (auto* producer = qgraphicsitem_cast<ProducerItem*>(box))
            scene.registerAnchor(hw::NodeRef::producer(producer->producer()), -1, anchor);
        else if (auto* consumer = qgraphicsitem_cast<ConsumerItem*>(box))
            scene.registerAnchor(hw::NodeRef::consumer(consumer->consumer()), -1, anchor);
        else
            scene.registerAnchor(hw::NodeRef::controller(), -1, anchor);
    }
    for (qsizetype j = boxes.size() - 1; j >= 0 && gapBelow[j] == 0; --j)
        gapBelow[j] = boxRowTop + boxRowHeight + boxRowGap / 2;
    const qreal bandBottom = std::max(title->mapRectToScene(title->boundingRect()).bottom(), boxRowTop + boxRowHeight);

    // Replica rows under the HW label lane, clear of the dots waiting under the boxes.
    const qreal hwLabelTop
        = std::max(bandBottom + 16, boxRowTop + boxRowHeight + (scene.compact() ? dotRoom : 0));
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
    else if (state.observed && reg.leader != hw::noLeader && partitionHw < 0)
        line->markUnknown();
    scene.addItem(line);

    // Consumers reading this partition: a line to the end of the log they read from (the leader's),
    // its arrow between that row's HW and LEO tags. It leaves the box at its foot (right of the middle,
    // where messages wait), runs right along the gap under the box's row, down the margin right of
    // every box and left across the message lane, so it crosses no box, row or tag; lines side by
    // side keep a few pixels apart.
    if (ReplicaLogItem* row = scene.replicaItem(partitionIndex, readFrom)) {
        const LogGeometry& rowGeometry = row->geometry();
        const qreal boxesRight = margin + layoutWidth;
        for (qsizetype i = 0; i < consumers.size(); ++i) {
            ConsumerItem* item = consumers[i];
            const qreal apart = static_cast<qreal>(i % assignmentLinesApartMax) * 6;
            const QRectF box = item->mapRectToScene(item->boundingRect());
            const QPointF from(box.left() + box.width() * 0.75, box.bottom());
            const qreal gap = gapBelow[boxes.indexOf(item)];
            const QPointF to = row->mapToScene(QPointF(rowGeometry.cellsRight() + 3,
                rowGeometry.topLane + rowGeometry.cellHeight / 2 + apart - (assignmentLinesApartMax - 1) * 3));
            const qreal side = boxesRight + 8 + apart;
            scene.addItem(new AssignmentLineItem(item->consumer(), partitionIndex,
                QPolygonF({ from, QPointF(from.x(), gap), QPointF(side, gap), QPointF(side, to.y()), to }),
                reg.leader != hw::noLeader));
        }
    }

    const qreal lostHeight = addLostList(scene, state, partitionIndex, layoutWidth, QPointF(margin, rowsBottom + 26));
    const qreal lostBottom = rowsBottom + (lostHeight > 0 ? 26 + lostHeight : 0);
    const qreal legendTop = rowsBottom + 26 + (lostHeight > 0 ? lostHeight + 16 : 0);
    if (!scene.legendShown())
        return QRectF(0, 0, layoutWidth + 2 * margin, lostBottom + margin);
    LegendItem* legend = scene.pool().legend(entries, layoutWidth);
    legend->setPos(margin, legendTop);
    return QRectF(0, 0, layoutWidth + 2 * margin, legendTop + legend->boundingRect().height() + margin);
}

} // namespace hw::ui
