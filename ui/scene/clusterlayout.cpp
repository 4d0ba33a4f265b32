// SPDX-License-Identifier: MIT
#include "scene/clusterlayout.h"

#include "base/theme.h"
#include "model/version_rules.h"
#include "scene/assignmentlineitem.h"
#include "scene/brokeritem.h"
#include "scene/clusterfacts.h"
#include "scene/consumeritem.h"
#include "scene/controlleritem.h"
#include "scene/framescene.h"
#include "scene/groupitem.h"
#include "scene/itempool.h"
#include "scene/legenditem.h"
#include "scene/liveclientsitem.h"
#include "scene/messageitem.h"
#include "scene/partitionlayout.h"
#include "scene/produceritem.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"

#include <QCoreApplication>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ClusterLayout)
};

constexpr qreal margin = 28;
constexpr qreal columnGap = 60; // where their messages leave the column
constexpr qreal boxGap = 36;
constexpr qreal boxPadding = 14;
constexpr qreal rowGap = 8;
/// The controller's and producers' message dots wait this far right of their boxes (in the gap before
/// the brokers), so that a dot on a track beside its line covers none of the box's wrapped lines.
constexpr qreal anchorReach = MessageItem::trackOffset + MessageItem::dotRadius + MessageItem::dotOutline + 1;
/// Compact (presentation) logs show the last offsets up to the longest log's end: as many as the
/// logs hold, from 3 to 6 (so that a short leader log is not pushed out of the window by a longer
/// stale one).
constexpr int compactSlotsMin = 3;
constexpr int compactSlotsMax = 6;

/// The widths of the controller and producer column and of the consumer column. Compact, they are
/// as wide as a number of the small text's lines (the boxes wrap their texts), so that they grow with
/// presentation mode's larger text and take the share of the drawing a projector can afford.
struct Columns {
    qreal left = 340;
    qreal consumers = 400;
};

Columns columnsFor(const hw::ClusterState& state, bool compact)
{
    if (!compact)
        return {};
    // Never narrower than a box's name: names are not broken or cut.
    const qreal em = theme::font(theme::smallSize).pixelSize();
    Columns widths { std::ceil(10.5 * em), std::ceil(12.5 * em) };
    widths.left = std::max(widths.left, ControllerItem::nameWidth());
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.producers.size()); ++p)
        widths.left = std::max(widths.left, ProducerItem::nameWidth(state, p));
    // A consumer's box stands 12 px inside its group's frame on either side.
    for (std::int32_t c = 0; c < static_cast<std::int32_t>(state.consumers.size()); ++c)
        widths.consumers = std::max(widths.consumers, ConsumerItem::nameWidth(state, c) + 24);
    for (std::int32_t g = -1; g < static_cast<std::int32_t>(state.groups.size()); ++g)
        widths.consumers = std::max(widths.consumers, GroupItem::nameWidth(state, g));
    return widths;
}

/// The first offset a partition's rows show: the last `slotCount` offsets up to the end shown.
hw::Offset windowStartOf(const hw::Partition& partition, int slotCount)
{
    // An observed replica's unknown log start (-1) is left out; the window never starts below 0.
    hw::Offset logStart = std::numeric_limits<hw::Offset>::max();
    for (const hw::Replica& r : partition.replicas) {
        if (r.log.logStart >= 0)
            logStart = std::min(logStart, r.log.logStart);
    }
    const hw::Offset end = shownLogEnd(partition);
    return std::max({ std::min(logStart, std::max<hw::Offset>(0, end)), end + 1 - slotCount, hw::Offset(0) });
}

/// The consumer column: a frame per group with its members inside, then the consumers without a
/// group. Built before the grid is chosen, because its height counts.
struct ConsumerColumn {
    QList<GroupItem*> groups;
    QList<QList<ConsumerItem*>> members;
    qreal height = 0;
};

ConsumerColumn buildConsumerColumn(
    const hw::ClusterState& state, qreal consumerColumnWidth, bool concealed, bool compact)
{
    ConsumerColumn column;
    const auto groupCount = static_cast<std::int32_t>(state.groups.size());
    for (std::int32_t g = -1; g < groupCount; ++g) {
        QList<ConsumerItem*> members;
        for (std::int32_t c = 0; c < static_cast<std::int32_t>(state.consumers.size()); ++c) {
            if (state.consumers[static_cast<std::size_t>(c)].group == g)
                members.append(new ConsumerItem(state, c, consumerColumnWidth - 24, -1, concealed, compact));
        }
        if (g < 0 && members.isEmpty())
            continue;
        auto* frame = new GroupItem(state, g, consumerColumnWidth);
        qreal height = frame->headerHeight();
        for (ConsumerItem* member : members)
            height += member->boundingRect().height() + 8;
        frame->setHeight(height + 6);
        column.height += frame->boundingRect().height() + 16;
        column.groups.append(frame);
        column.members.append(members);
    }
    return column;
}

} // namespace

QRectF ClusterLayout::build(FrameScene& scene, const hw::ClusterState& state, qreal aspect)
{
    LogGeometry g;
    g.mode = LogGeometry::Mode::Cluster;
    g.compact = scene.compact();
    g.labelWidth = 176;
    g.gap = 10;
    g.cellWidth = 40;
    g.cellHeight = 36;
    g.topLane = 8;
    g.bottomLane = 8;
    g.viewLane = 0;
    g.tagRoom = 84;
    const Columns widths = columnsFor(state, g.compact);
    hw::Offset needed = 1;
    hw::Offset widest = 0;
    for (const hw::Partition& p : state.partitions) {
        hw::Offset logStart = std::numeric_limits<hw::Offset>::max();
        for (const hw::Replica& r : p.replicas) {
            if (r.log.logStart >= 0)
                logStart = std::min(logStart, r.log.logStart);
        }
        logStart = std::min(logStart, std::max<hw::Offset>(0, shownLogEnd(p)));
        needed = std::max(needed, shownLogEnd(p) - logStart + 1);
        widest = std::max(widest, shownLogEnd(p));
    }
    g.slotCount = g.compact ? static_cast<int>(std::clamp<hw::Offset>(needed, compactSlotsMin, compactSlotsMax))
                            : PartitionLayout::slotsFor(needed, 6, 12);
    // Wide enough for the widest offset shown, so that no offset is cut ("86…" for 86000), and for
    // the widest value shown when the cells show values.
    g.cells = scene.cellText();
    qreal widestValue = 0;
    if (g.cells != hw::CellText::Offsets) {
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
            const hw::Offset start = windowStartOf(state.partitions[static_cast<std::size_t>(p)], g.slotCount);
            widestValue = std::max(
                widestValue, LogGeometry::widestValueWidth(state, p, start, start + g.slotCount, g.mode));
        }
    }
    g.cellWidth = LogGeometry::cellWidthFor(widest, 0, g.mode, g.cellWidth, g.cells, widestValue);
    g.cellHeight = LogGeometry::clusterCellHeightFor(g.cells, g.cellHeight);
    g.tagRoom = LogGeometry::clusterTagRoomFor(widest, g.tagRoom);
    // A row's badges stand on one line under its name: a follower in the ELR that was the last leader
    // has four of them.
    g.labelWidth = std::max(g.labelWidth, std::ceil(LogGeometry::clusterBadgesWidth(state, false) + 8 + 4));
    if (g.compact) {
        // Sized by the text: the name over its line of badges (LEADER or ELECTED, OSR, ELR, LAST LEADER,
        // RECOVERING: those that differ from an in-sync follower), the offset in a cell and the LEO over
        // the HW right of the cells.
        qreal nameWidth = 0;
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p)
            nameWidth = std::max(nameWidth,
                FrameItem::textWidth(QString::fromStdString(state.partitionName(p)), LogGeometry::clusterNameFont()));
        g.labelWidth = std::ceil(std::max(nameWidth, LogGeometry::clusterBadgesWidth(state, true)) + 8 + 4);
        const qreal tags = 2 * FrameItem::textHeight(LogGeometry::clusterTagFont());
        const qreal offset = FrameItem::textHeight(LogGeometry::offsetFont(g.mode)) + 8;
        g.cellHeight = std::ceil(std::max({ g.cellHeight, tags, offset,
            LogGeometry::clusterLabelHeight() - g.topLane - g.bottomLane }));
    }

    // Which replicas each broker holds, in partition order.
    const auto brokerCount = static_cast<int>(state.brokers.size());
    std::vector<std::vector<std::int32_t>> hosted(static_cast<std::size_t>(brokerCount));
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
        for (const hw::Replica& r : state.partitions[static_cast<std::size_t>(p)].replicas)
            hosted[static_cast<std::size_t>(r.broker - 1)].push_back(p);
    }
    const qreal boxWidth = 2 * boxPadding + g.width();
    const qreal rowStep = g.height() + rowGap;
    auto boxHeight = [&](int broker) {
        const auto rows = static_cast<qreal>(hosted[static_cast<std::size_t>(broker)].size());
        return BrokerItem::headerHeight(state, broker + 1, boxWidth) + rows * rowStep + boxPadding;
    };

    // Title. It opens with the Kafka release the cluster runs, whose rules the run follows.
    int partitionCount = static_cast<int>(state.partitions.size());
    QList<TitleItem::Line> lines;
    //: The cluster view's heading: the Kafka version (%1, "4.2") and the number of brokers.
    lines.append({ Text::tr("Kafka %1 cluster: %n broker(s)", nullptr, brokerCount).arg(kafkaVersionText(state))
            + QStringLiteral(" \u00B7 ") + Text::tr("%n topic(s)", nullptr, static_cast<int>(state.topics.size()))
            + QStringLiteral(" \u00B7 ") + Text::tr("%n partition(s)", nullptr, partitionCount),
        theme::titleSize, true, QStringLiteral("title") });
    if (state.observed) {
        // A real cluster: what it is and how it is observed, not a simulation's settings.
        const hw::ObservedPollInfo& poll = state.observed->poll;
        QString how = Text::tr("observed cluster %1 \u00B7 every %2 ms \u00B7 this poll took %3 ms")
                          .arg(QString::fromStdString(poll.clusterId))
                          .arg(poll.intervalMs)
                          .arg(poll.pollMs);
        if (poll.stretched)
            how += QStringLiteral(" \u00B7 ") + Text::tr("STRETCHED: the poll outlasted the interval");
        lines.append({ how, theme::labelSize, false, QStringLiteral("observed") });
    } else {
        lines.append({ Text::tr("min.insync.replicas %1 \u00B7 unclean leader election %2 \u00B7 network latency %3 ms")
                           .arg(state.config.minInsyncReplicas)
                           .arg(state.config.uncleanLeaderElectionEnable ? Text::tr("on") : Text::tr("off"))
                           .arg(state.config.networkLatencyMs),
            theme::labelSize, false, QStringLiteral("config") });
    }

    // The grid, and in the compact form the consumer column's width (narrower is taller: its texts
    // wrap), that make the scene's aspect closest to the view's, i.e. show it largest.
    const qreal columnWidth = widths.left;
    const qreal columnPart = columnWidth + columnGap;
    // The live lab's real clients, under the producers (made now: the column's height needs theirs).
    LiveClientsItem* liveClients = LiveClientsItem::anyConnected(state)
        ? new LiveClientsItem(state, scene.liveClientNames(), columnWidth)
        : nullptr;
    const qreal columnHeight = ControllerItem::preferredHeight() + 16
        + static_cast<qreal>(state.producers.size()) * (ProducerItem::preferredHeight() + 14)
        + (liveClients ? liveClients->boundingRect().height() + 14 : 0);
    QList<qreal> consumerWidths { widths.consumers };
    if (g.compact)
        consumerWidths << std::ceil(widths.consumers * 1.3) << std::ceil(widths.consumers * 1.6);
    ConsumerColumn consumers;
    qreal consumerWidth = widths.consumers;
    int bestColumns = 1;
    qreal bestScale = 0;
    for (const qreal candidateWidth : consumerWidths) {
        ConsumerColumn candidate
            = buildConsumerColumn(state, candidateWidth, scene.predictionBase() != nullptr, g.compact);
        const qreal candidatePart = candidate.groups.isEmpty() ? 0 : columnGap + candidateWidth;
        bool better = false;
        for (int columns = 1; columns <= std::max(1, brokerCount); ++columns) {
            const int gridRows = (brokerCount + columns - 1) / columns;
            qreal gridHeight = 0;
            for (int r = 0; r < gridRows; ++r) {
                qreal rowHeight = 0;
                for (int c = 0; c < columns && r * columns + c < brokerCount; ++c)
                    rowHeight = std::max(rowHeight, boxHeight(r * columns + c));
                gridHeight += rowHeight + (r > 0 ? boxGap : 0);
            }
            const qreal width = 2 * margin + columnPart + columns * boxWidth + (columns - 1) * boxGap + candidatePart;
            const qreal titleWidth = width - 2 * margin;
            const qreal height = 2 * margin + TitleItem::heightFor(titleWidth, lines) + 20
                + std::max({ gridHeight, columnHeight, candidate.height }) + (scene.legendShown() ? 150 : 0);
            const qreal scale = std::min(aspect / width, 1.0 / height);
            if (scale > bestScale * 1.001) {
                bestScale = scale;
                bestColumns = columns;
                better = true;
            }
        }
        if (better) {
            std::swap(consumers, candidate);
            consumerWidth = candidateWidth;
        }
        // The column not chosen was never added to the scene.
        for (qsizetype i = 0; i < candidate.groups.size(); ++i) {
            qDeleteAll(candidate.members[i]);
            delete candidate.groups[i];
        }
    }
    const qreal consumerPart = consumers.groups.isEmpty() ? 0 : columnGap + consumerWidth;
    const int columns = bestColumns;
    const qreal gridWidth = columns * boxWidth + (columns - 1) * boxGap;
    const qreal contentWidth = columnPart + gridWidth + consumerPart;

    TitleItem* title = scene.pool().title(SceneTarget {}, contentWidth, lines);
    title->setPos(margin, margin);
    const qreal gridTop = title->mapRectToScene(title->boundingRect()).bottom() + 20;

    // Controller and producers.
    qreal columnY = gridTop;
    ControllerItem* controller = scene.pool().controllerBox(QSizeF(columnWidth, ControllerItem::preferredHeight()));
    controller->setPos(margin, columnY);
    controller->sync(state);
    scene.registerAnchor(hw::NodeRef::controller(), -1,
        controller->mapToScene(QPointF(columnWidth + anchorReach, controller->boundingRect().center().y())));
    columnY += controller->boundingRect().height() + 16;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.producers.size()); ++p) {
        ProducerItem* producer = scene.pool().producerBox(p, QSizeF(columnWidth, ProducerItem::preferredHeight()));
        producer->setPos(margin, columnY);
        producer->sync(state);
        scene.registerAnchor(hw::NodeRef::producer(p), -1,
            producer->mapToScene(QPointF(columnWidth + anchorReach, producer->boundingRect().center().y())));
        columnY += producer->boundingRect().height() + 14;
    }
    if (liveClients) {
        liveClients->setPos(margin, columnY);
        scene.addItem(liveClients);
        // One connection a line: its messages start at its line. Aggregated lines: every message starts
        // at the box's title, and the scene bundles them (FrameScene::buildMessages).
        scene.setLiveMessagesBundled(liveClients->aggregated());
        for (std::size_t r = 0; r < liveClients->rows().size(); ++r) {
            const QPointF anchor = (liveClients->aggregated() ? liveClients->bundleAnchor() : liveClients->anchorOf(r))
                + QPointF(anchorReach, 0);
            for (std::int32_t client : liveClients->rows()[r].clients)
                scene.registerAnchor(hw::NodeRef::liveClient(client), -1, anchor);
        }
        columnY += liveClients->boundingRect().height() + 14;
    }

    // Brokers. Each box's place is kept for routing the consumers' lines around the boxes.
    struct BoxPlace {
        QRectF rect;
        bool lastInRow = false; // nothing right of it in its row
        qreal channelBelowY = 0; // the middle of the free band below its row
    };
    std::vector<BoxPlace> places(static_cast<std::size_t>(brokerCount));
    const qreal gridLeft = margin + columnPart;
    qreal rowTop = gridTop;
    qreal gridBottom = gridTop;
    for (int start = 0; start < brokerCount; start += columns) {
        qreal rowHeight = 0;
        for (int c = 0; c < columns && start + c < brokerCount; ++c)
            rowHeight = std::max(rowHeight, boxHeight(start + c));
        for (int c = 0; c < columns && start + c < brokerCount; ++c) {
            const int index = start + c;
            const hw::BrokerId id = index + 1;
            const QPointF boxPos(gridLeft + c * (boxWidth + boxGap), rowTop);
            BrokerItem* box = scene.pool().brokerBox(id, QSizeF(boxWidth, rowHeight));
            box->setPos(boxPos);
            box->setZValue(-1);
            box->sync(state);
            scene.registerAnchor(hw::NodeRef::broker(id), -1, box->anchor());
            places[static_cast<std::size_t>(index)] = { QRectF(boxPos, QSizeF(boxWidth, rowHeight)),
                c == columns - 1 || index == brokerCount - 1, rowTop + rowHeight + boxGap / 2 };
            qreal y = boxPos.y() + BrokerItem::headerHeight(state, id, boxWidth);
            for (std::int32_t p : hosted[static_cast<std::size_t>(index)]) {
                const hw::Partition& partition = state.partitions[static_cast<std::size_t>(p)];
                LogGeometry rowGeometry = g;
                rowGeometry.windowStart = windowStartOf(partition, g.slotCount);
                ReplicaLogItem* row = scene.pool().replicaRow(p, id, rowGeometry);
                row->setPos(boxPos.x() + boxPadding, y);
                row->sync(state);
                y += rowStep;
            }
        }
        rowTop += rowHeight + boxGap;
        gridBottom = rowTop - boxGap;
    }

    // Consumers on the right, with a line from each to the leader replica of each partition it owns.
    // A line never crosses a broker box other than its replica's: it runs down the gap between the
    // grid and the consumers, and to a box with others right of it, along the free band below its
    // row and up the gap right of it. Lines sharing a gap run side by side, 5 pixels apart.
    qreal consumerY = gridTop;
    const qreal consumerLeft = gridLeft + gridWidth + columnGap;
    int lineCount = 0;
    auto route = [&](QPointF from, QPointF to, hw::BrokerId broker) {
        const qreal lane = static_cast<qreal>(lineCount % 7 - 3) * 5;
        ++lineCount;
        const BoxPlace& place = places[static_cast<std::size_t>(broker - 1)];
        const qreal gapX = gridLeft + gridWidth + columnGap / 2 + lane;
        if (place.lastInRow)
            return QPolygonF({ from, QPointF(gapX, from.y()), QPointF(gapX, to.y()), to });
        const qreal bandY = place.channelBelowY + lane * 0.6;
        const qreal besideX = place.rect.right() + boxGap / 2 + lane * 0.6;
        return QPolygonF({ from, QPointF(gapX, from.y()), QPointF(gapX, bandY), QPointF(besideX, bandY),
            QPointF(besideX, to.y()), to });
    };
    for (qsizetype i = 0; i < consumers.groups.size(); ++i) {
        GroupItem* frame = consumers.groups[i];
        frame->setPos(consumerLeft, consumerY);
        scene.addItem(frame);
        qreal y = consumerY + frame->headerHeight();
        for (ConsumerItem* member : consumers.members[i]) {
            member->setPos(consumerLeft + 12, y);
            scene.addItem(member);
            scene.registerAnchor(hw::NodeRef::consumer(member->consumer()), -1, member->anchor());
            const hw::Consumer& c = state.consumers[static_cast<std::size_t>(member->consumer())];
            for (const hw::OwnedPartition& owned : c.owned) {
                const hw::Partition& partition = state.partitions[static_cast<std::size_t>(owned.partition)];
                const hw::BrokerId leader = partition.registration.leader;
                const hw::BrokerId target = leader != hw::noLeader ? leader : partition.registration.replicas.front();
                if (ReplicaLogItem* row = scene.replicaItem(owned.partition, target))
                    scene.addItem(new AssignmentLineItem(member->consumer(), owned.partition,
                        route(member->anchor(), row->anchor(), target), leader != hw::noLeader));
            }
            y += member->boundingRect().height() + 8;
        }
        consumerY += frame->boundingRect().height() + 16;
    }
    columnY = std::max(columnY, consumerY);

    QList<LegendItem::Entry> entries = {
        { LegendItem::Swatch::Committed, Text::tr("committed (below the HW)") },
        { LegendItem::Swatch::Uncommitted, Text::tr("not yet visible to consumers") },
        { LegendItem::Swatch::EpochStart, Text::tr("new leader epoch") },
        { LegendItem::Swatch::Diverged, Text::tr("diverged from the leader") },
        { LegendItem::Swatch::Ghost, Text::tr("removed by a truncation") },
        { LegendItem::Swatch::Leo, Text::tr("LEO") },
        { LegendItem::Swatch::ReplicaHw, Text::tr("replica HW") },
        { LegendItem::Swatch::LeaderView, Text::tr("leader's view of a follower") },
        { LegendItem::Swatch::Isr, Text::tr("ISR: in sync") },
        { LegendItem::Swatch::Osr, Text::tr("OSR: out of sync (hatched)") },
        { LegendItem::Swatch::BrokerOffline, Text::tr("OFFLINE broker") },
        { LegendItem::Swatch::BrokerIsolated, Text::tr("ISOLATED broker") },
        { LegendItem::Swatch::BrokerFenced, Text::tr("FENCED broker") },
        { LegendItem::Swatch::Message, Text::tr("message in flight") },
    };
    if (state.observed) {
        // An observed frame has no records, messages, epochs or truncations to explain: its own words.
        entries = {
            { LegendItem::Swatch::Committed, Text::tr("committed (below the HW)") },
            { LegendItem::Swatch::Uncommitted, Text::tr("not yet visible to consumers") },
            { LegendItem::Swatch::Leo, Text::tr("LEO; \"LEO ?\": not told in this poll") },
            { LegendItem::Swatch::ReplicaHw,
                Text::tr("replica HW; HW > LEO: read in two requests, a poll is not atomic") },
            { LegendItem::Swatch::Isr, Text::tr("ISR: in sync") },
            { LegendItem::Swatch::Osr, Text::tr("OSR: out of sync (hatched)") },
            { LegendItem::Swatch::BrokerOffline, Text::tr("GONE broker: no longer registered") },
            { LegendItem::Swatch::BrokerIsolated, Text::tr("NO ANSWER broker: did not answer this poll") },
            { LegendItem::Swatch::BrokerFenced, Text::tr("FENCED broker") },
        };
        if (state.observed->poll.elrKnown) {
            entries.append(
                { LegendItem::Swatch::Elr, Text::tr("ELR: eligible leader replica (out of sync, safe to elect)") });
            entries.append({ LegendItem::Swatch::LastLeader, Text::tr("LAST LEADER: last known leader") });
        }
    } else if (hw::rules::elrEnabled(state.config)) {
        // KIP-966's badges, where the cluster's Kafka version keeps Eligible Leader Replicas; RECOVERING
        // follows an unclean election in every version (KIP-704).
        entries.append(
            { LegendItem::Swatch::Elr, Text::tr("ELR: eligible leader replica (out of sync, safe to elect)") });
        entries.append({ LegendItem::Swatch::LastLeader, Text::tr("LAST LEADER: last known leader") });
    }
    if (!state.observed)
        entries.append({ LegendItem::Swatch::Recovering,
            Text::tr("RECOVERING: the leader came from an unclean election and has not yet confirmed its log") });
    if (!consumers.groups.isEmpty())
        entries.append({ LegendItem::Swatch::Assignment, Text::tr("consumer reads this partition (from its leader)") });
    // Below the last row stays a band as wide as the gaps between rows: consumers' lines run along it.
    // The lost records list and the legend come after that band.
    const qreal lostTop = std::max(gridBottom + boxGap, columnY + 24);
    const qreal lostHeight = PartitionLayout::addLostList(scene, state, -1, contentWidth, QPointF(margin, lostTop));
    const qreal legendTop = lostTop + (lostHeight > 0 ? lostHeight + 16 : 0);
    if (!scene.legendShown())
        return QRectF(0, 0, contentWidth + 2 * margin, legendTop);
    LegendItem* legend = scene.pool().legend(entries, contentWidth);
    legend->setPos(margin, legendTop);
    return QRectF(0, 0, contentWidth + 2 * margin, legendTop + legend->boundingRect().height() + margin);
}

} // namespace hw::ui
