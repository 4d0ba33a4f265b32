// SPDX-License-Identifier: MIT
// ReplicaLogItem, one replica's row: it reads the replica from the state (sync: its cells, ghost
// cells, reader lanes, label and tags), says what is under a point (toolTipAt, markerAt) and paints
// the row; and readerMarkersFor, where the consumers of a partition read, which only the row draws.
// The measures every row of a view shares are in replicaloggeometry.cpp, a row's badges in
// replicalogbadges.cpp.
#include "scene/replicalogitem.h"

#include "base/theme.h"
#include "log/hw_assert.h"
#include "scene/aggregateitem.h"
#include "scene/clusteraggregate.h"
#include "scene/clusterfacts.h"
#include "scene/framescene.h"
#include "scene/replicalogitem_p.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace hw::ui {

using namespace replicalog;

QVector<ReaderMarker> readerMarkersFor(const hw::ClusterState& state, std::int32_t partitionIndex)
{
    QVector<ReaderMarker> markers;
    const hw::Offset hw = partitionHighWatermark(state.partitions[static_cast<std::size_t>(partitionIndex)]);
    auto lagOf = [hw](hw::Offset offset) { return hw < 0 ? hw::Offset(-1) : std::max<hw::Offset>(0, hw - offset); };
    std::vector<std::int32_t> groups;
    for (const hw::Consumer& consumer : state.consumers) {
        for (const hw::OwnedPartition& owned : consumer.owned) {
            if (owned.partition != partitionIndex || owned.position < 0)
                continue;
            markers.append({ ReaderMarker::Kind::Position, QString::fromStdString(consumer.id), owned.position,
                lagOf(owned.position) });
            if (consumer.group >= 0 && std::find(groups.begin(), groups.end(), consumer.group) == groups.end())
                groups.push_back(consumer.group);
        }
    }
    // A group's committed offset matters to the teacher while a member reads the partition.
    for (std::int32_t g : groups) {
        const hw::Group& group = state.groups[static_cast<std::size_t>(g)];
        for (const hw::CommittedOffset& committed : group.committed) {
            if (committed.partition == partitionIndex)
                markers.append({ ReaderMarker::Kind::Committed, QString::fromStdString(group.id), committed.offset,
                    lagOf(committed.offset) });
        }
    }
    std::stable_sort(markers.begin(), markers.end(), [](const ReaderMarker& a, const ReaderMarker& b) {
        return a.offset > b.offset;
    });
    return markers;
}

ReplicaLogItem::ReplicaLogItem(std::int32_t partition, hw::BrokerId broker, const LogGeometry& geometry)
    : FrameItem(SceneTarget::forReplica(partition, broker)),
      m_partition(partition),
      m_broker(broker),
      m_geometry(geometry)
{
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(false);
    // Rows rarely change from one frame to the next; keep their rendering until they do.
    setCacheMode(DeviceCoordinateCache);
    setBounds(QRectF(0, 0, geometry.width(), geometry.height()));
}

void ReplicaLogItem::setGeometry(const LogGeometry& geometry)
{
    if (geometry == m_geometry)
        return;
    m_geometry = geometry;
    setBounds(QRectF(0, 0, geometry.width(), geometry.height()));
    update();
}

qreal ReplicaLogItem::leoMarkerX() const
{
    return mapToScene(QPointF(m_geometry.xOf(m_leo), 0)).x();
}

qreal ReplicaLogItem::hwMarkerX() const
{
    return mapToScene(QPointF(m_geometry.xOf(m_hw), 0)).x();
}

qreal ReplicaLogItem::viewMarkerX() const
{
    return m_view < 0 ? -1 : mapToScene(QPointF(m_geometry.xOf(m_view), 0)).x();
}

QVector<ReplicaLogItem::DrawnMarker> ReplicaLogItem::readerMarkers() const
{
    QVector<DrawnMarker> drawn;
    for (const Lane& lane : m_lanes) {
        DrawnMarker d;
        d.marker = lane.marker;
        d.x = mapToScene(QPointF(m_geometry.xOf(lane.marker.offset), 0)).x();
        if (lane.marker.lag > 0)
            d.lagToX = mapToScene(QPointF(m_geometry.xOf(lane.marker.offset + lane.marker.lag), 0)).x();
        d.laneRect = lane.rect;
        drawn.append(d);
    }
    return drawn;
}

QPointF ReplicaLogItem::anchor() const
{
    return mapToScene(
        QPointF(m_geometry.cellsRight() + m_geometry.tagRoom, m_geometry.topLane + m_geometry.cellHeight / 2));
}

void ReplicaLogItem::sync(const hw::ClusterState& state)
{
    const QVector<Cell> previousCells = std::move(m_cells);
    const QVector<Ghost> previousGhosts = std::move(m_ghosts);
    const QVector<Lane> previousLanes = std::move(m_lanes);
    m_ghosts.clear();
    m_lanes.clear();
    const auto previous = std::make_tuple(m_leo, m_hw, m_view, m_partitionHw, m_leader, m_inSync, m_alive, m_masked);
    beginTexts();
    m_cells.clear();
    const hw::Partition& partition = state.partitions[static_cast<std::size_t>(m_partition)];
    const hw::Replica* replica = replicaOf(partition, m_broker);
    if (!replica)
        return;
    const LogGeometry& g = m_geometry;
    const bool clusterMode = g.mode == LogGeometry::Mode::Cluster;

    m_leo = replica->log.leo();
    m_hw = replica->hw;
    m_partitionHw = partitionHighWatermark(partition);
    m_leader = partition.registration.leader == m_broker;
    m_inSync = std::find(partition.registration.isr.begin(), partition.registration.isr.end(), m_broker)
        != partition.registration.isr.end();
    m_alive = state.broker(m_broker).alive;
    m_view = -1;
    if (const hw::Replica* leader = leaderReplica(partition); leader && leader->broker != m_broker) {
        for (const hw::FollowerView& view : leader->views) {
            if (view.broker == m_broker)
                m_view = view.leo;
        }
    }
    // In-sync rows are left unpainted (the scene is paper already, and painting every row again costs
    // fill rate at 4K); out-of-sync rows are hatched.
    m_rowBrush = m_inSync ? QBrush(Qt::SolidPattern) : QBrush(theme::tint(theme::osr, 185), theme::osrPattern);

    // Predict mode: the records this replica did not hold in the earlier state, and as many more as the
    // longest replica now has, are drawn as "?" so that the cells do not give the LEO away.
    const FrameScene* s = frameScene();
    const hw::ClusterState* before = s ? s->predictionBase() : nullptr;
    hw::Offset knownEnd = m_leo;
    hw::Offset maskedEnd = m_leo;
    m_masked = false;
    if (before && m_partition < static_cast<std::int32_t>(before->partitions.size())) {
        m_masked = true;
        const hw::Replica* earlier = replicaOf(before->partitions[static_cast<std::size_t>(m_partition)], m_broker);
        knownEnd = earlier ? std::min(earlier->log.leo(), m_leo) : replica->log.logStart;
        maskedEnd = std::max(m_leo, maxLogEnd(partition));
    }
    m_maskedEnd = maskedEnd;

    // Committed: below the partition's HW. A partition without a leader has none (nothing can be read),
    // yet what was committed stays committed: each row is solid up to the HW its replica last learned,
    // where its HW marker stands (drawn hatched, such records read as never committed).
    const hw::Offset committedEnd = m_partitionHw >= 0 ? m_partitionHw : m_hw;
    // An observed replica's log holds offsets only (model/observed_state.h): its cells are the offsets
    // from its log start to its LEO, committed below the partition's HW, with no record behind them; an
    // offset the poll did not tell is -1 and draws nothing, its tag says "?".
    const bool observed = state.observed.has_value();
    if (observed)
        m_masked = false;

    // Cells: the window of offsets, with the records this replica holds.
    const qreal cellTop = g.topLane;
    const hw::Offset first = std::max({ g.windowStart, replica->log.logStart, hw::Offset(0) });
    const hw::Offset last = std::min(observed ? m_leo : maskedEnd, g.windowStart + g.slotCount);
    const QFont offsetFont = LogGeometry::offsetFont(g.mode);
    const QFont cornerFont = LogGeometry::cornerFont();
    const QFont epochFont = theme::font(epochSize, true);
    // The record before the window says whether the first cell shown starts a new leader epoch. The
    // window ends at the longest log of the partition, so a replica far behind it holds no record there
    // (its log may end before the window starts): then there is none to compare with.
    std::int32_t previousEpoch = replica->log.holds(first - 1) ? replica->log.at(first - 1).epoch : -1;
    for (hw::Offset o = first; o < last; ++o) {
        if (observed) {
            Cell cell;
            cell.rect = QRectF(g.xOf(o), cellTop, g.cellWidth, g.cellHeight);
            cell.offset = o;
            cell.epoch = std::max(0, partition.registration.leaderEpoch);
            cell.committed = o < committedEnd;
            m_cells.append(cell);
            addTextIn(QString::number(o), offsetFont,
                clusterMode ? cell.rect : cell.rect.adjusted(0, textHeight(epochFont) + 4, 0, 0), theme::ink,
                Qt::AlignCenter, QStringLiteral("cell"));
            continue;
        }
        if (o >= knownEnd) {
            Cell cell;
            cell.rect = QRectF(g.xOf(o), cellTop, g.cellWidth, g.cellHeight);
            cell.offset = o;
            cell.masked = true;
            m_cells.append(cell);
            addTextIn(QStringLiteral("?"), offsetFont, cell.rect, theme::ink, Qt::AlignCenter, QStringLiteral("cell"));
            continue;
        }
        // Within [first, knownEnd): at or above the log's start, below its LEO.
        HW_ASSERT(replica->log.holds(o));
        const hw::Record& record = replica->log.at(o);
        Cell cell;
        cell.rect = QRectF(g.xOf(o), cellTop, g.cellWidth, g.cellHeight);
        cell.offset = o;
        cell.epoch = record.epoch;
        // Committed only below the HW and on the current leader's lineage: a record an old leader
        // kept where the new leader has another one is diverged, and will be truncated, however low
        // its offset. Hidden in predict mode too: the hatching would show where the HW is.
        cell.diverged = !m_masked && divergesFromLeader(partition, *replica, o);
        cell.committed = m_masked || (!cell.diverged && o < committedEnd);
        cell.replaced = !m_masked
            && std::any_of(replica->truncated.begin(), replica->truncated.end(),
                [&](const hw::TruncatedRecord& t) { return t.offset == o && !(t.record == record); });
        cell.epochStart = previousEpoch >= 0 && record.epoch != previousEpoch;
        previousEpoch = record.epoch;
        m_cells.append(cell);
        // The main line says the offset or the record's value; showing both, the offset stands in the
        // corner (role "cell" wherever the offset is, "cell-value" for the value).
        const bool valueMain = g.cells != hw::CellText::Offsets;
        const QString main = valueMain ? LogGeometry::valueText(state, record) : QString::number(o);
        const QString mainRole = valueMain ? QStringLiteral("cell-value") : QStringLiteral("cell");
        const bool corner = g.cells == hw::CellText::Both;
        if (clusterMode) {
            if (corner) {
                const QRectF offsetBox = addTextIn(QString::number(o), cornerFont, cell.rect.adjusted(5, 3, -5, 0),
                    theme::ink, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("cell"));
                addTextIn(main, offsetFont, cell.rect.adjusted(0, offsetBox.bottom() - cell.rect.top(), 0, 0),
                    theme::ink, Qt::AlignCenter, mainRole);
            } else {
                addTextIn(main, offsetFont, cell.rect, theme::ink, Qt::AlignCenter, mainRole);
            }
        } else {
            // The epoch is a badge ("ep 2", white, framed), so that it cannot be read as a record value
            // or as the offset; the offset or value stands under it.
            const qreal badgeHeight = textHeight(epochFont) + 2;
            addTextIn(main, offsetFont, cell.rect.adjusted(0, badgeHeight + 2, 0, 0), theme::ink, Qt::AlignCenter,
                mainRole);
            const QRectF badge = addBadge(Text::tr("ep %1").arg(record.epoch), epochFont,
                cell.rect.topLeft() + QPointF(6, 3), theme::ink, QBrush(theme::paper), QPen(theme::ink, 1),
                QStringLiteral("epoch"));
            if (corner)
                addTextIn(QString::number(o), cornerFont, QRectF(badge.right(), cell.rect.top() + 3,
                    cell.rect.right() - 5 - badge.right(), badge.height()), theme::ink,
                    Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("cell"));
            if (cell.diverged)
                addTextIn(QStringLiteral("\u2260"), epochFont,
                    corner ? QRectF(badge.right() + 4, cell.rect.top() + 3, cell.rect.width(), badge.height())
                           : cell.rect.adjusted(0, 3, -5, 0),
                    theme::osrInk, corner ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignTop,
                    QStringLiteral("diverged"));
        }
    }

    // Ghost cells: records a truncation removed where this replica holds nothing now.
    if (!m_masked) {
        const QFont ghostValueFont = theme::font(clusterMode ? 13 : 16, true);
        const QFont ghostReasonFont = theme::font(ghostReasonSize);
        for (const hw::TruncatedRecord& t : replica->truncated) {
            if (t.offset < m_leo || t.offset < g.windowStart || t.offset >= g.windowStart + g.slotCount)
                continue;
            Ghost ghost;
            ghost.rect = QRectF(g.xOf(t.offset), cellTop, g.cellWidth, g.cellHeight);
            ghost.offset = t.offset;
            ghost.value = QString::fromStdString(state.payloads[static_cast<std::size_t>(t.record.payload)].value);
            ghost.reason = t.reason;
            m_ghosts.append(ghost);
            if (clusterMode)
                continue; // Too small for words: the tooltip, the inspector and the lost list say them.
            const QRectF inner = ghost.rect.adjusted(3, 4, -3, -4);
            addTextIn(ghost.value, ghostValueFont, QRectF(inner.left(), inner.top(), inner.width(), inner.height() / 2),
                theme::faintInk, Qt::AlignCenter, QStringLiteral("ghost"));
            addTextIn(truncationReasonShort(t.reason), ghostReasonFont,
                QRectF(inner.left(), inner.center().y(), inner.width(), inner.height() / 2), theme::osrInk,
                Qt::AlignCenter, QStringLiteral("ghost-reason"));
        }
    }

    // Where the consumers reading this partition are, under the log they read (partition view).
    if (!clusterMode && !m_masked && g.readerLanes > 0 && m_leader) {
        const QVector<ReaderMarker> markers = readerMarkersFor(state, m_partition);
        const QFont laneFont = LogGeometry::readerFont();
        for (qsizetype i = 0; i < markers.size() && i < g.readerLanes; ++i) {
            const ReaderMarker& m = markers[i];
            const QRectF lane(0, g.readersTop() + static_cast<qreal>(i) * g.readerLane, g.width(), g.readerLane);
            m_lanes.append({ m, lane });
            const QString lag = m.lag < 0 ? Text::tr("no leader") : Text::tr("lag %1").arg(m.lag);
            QString label = m.kind == ReaderMarker::Kind::Position
                ? Text::tr("%1: position %2 \u00B7 %3").arg(m.who).arg(m.offset).arg(lag)
                : Text::tr("group %1: committed %2 \u00B7 %3").arg(m.who).arg(m.offset).arg(lag);
            if (m.offset < g.windowStart)
                label = QStringLiteral("\u25C0 ") + label; // the offset is left of the cells shown
            const qreal x = g.xOf(m.offset);
            const qreal width = textWidth(label, laneFont) + 4;
            const QRectF textLane(0, lane.top() + readerLabelTop, 0, lane.height() - readerLabelTop);
            // Right of the marker, or left of it when the row ends first.
            const qreal left = x + 12 + width <= g.width() ? x + 12 : std::max<qreal>(0, x - 12 - width);
            addTextIn(label, laneFont, QRectF(left, textLane.top(), width, textLane.height()),
                m.kind == ReaderMarker::Kind::Position ? theme::blue : theme::ink, Qt::AlignLeft | Qt::AlignVCenter,
                m.kind == ReaderMarker::Kind::Position ? QStringLiteral("reader:position")
                                                        : QStringLiteral("reader:committed"));
        }
    }

    buildLabel(state);

    // Tags, one per lane so that none can overlap another.
    const QColor hwColor = theme::highWatermark;
    if (m_masked) {
        // Predict mode: the numbers to guess, in the lanes where they will appear.
        const QFont tagFont = theme::font(clusterMode ? 15 : theme::tagSize, true);
        const QRectF lanes = clusterMode
            ? QRectF(g.cellsRight() + 8, g.topLane, g.width() - g.cellsRight() - 8, g.cellHeight)
            : QRectF(g.cellsLeft(), 0, g.slotCount * g.cellWidth, g.topLane + g.cellHeight + g.bottomLane);
        addTextIn(Text::tr("HW ?"), tagFont, QRectF(lanes.left(), lanes.top(), lanes.width(), clusterMode ? g.cellHeight / 2 : g.topLane),
            hwColor, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("hw"));
        addTextIn(Text::tr("LEO ?"), tagFont,
            clusterMode ? QRectF(lanes.left(), lanes.top() + g.cellHeight / 2, lanes.width(), g.cellHeight / 2)
                        : QRectF(lanes.left(), g.topLane + g.cellHeight, lanes.width(), g.bottomLane),
            theme::ink, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("leo"));
    } else if (clusterMode) {
        // Compact rows: the numbers stand right of the log, LEO above HW; the markers are on the cells.
        const QFont tagFont = LogGeometry::clusterTagFont();
        const QRectF right(g.cellsRight() + 8, g.topLane, g.width() - g.cellsRight() - 8, g.cellHeight);
        addTextIn(Text::tr("LEO %1").arg(offsetText(m_leo)), tagFont, right.adjusted(0, 0, 0, -g.cellHeight / 2),
            theme::ink, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("leo"));
        addTextIn(Text::tr("HW %1").arg(offsetText(m_hw)), tagFont, right.adjusted(0, g.cellHeight / 2, 0, 0), hwColor,
            Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("hw"));
    } else {
        // An unknown offset has no marker: its tag stands at the start of its lane.
        addTag(Text::tr("HW %1").arg(offsetText(m_hw)), m_hw < 0 ? g.windowStart : m_hw, 0, g.topLane, hwColor,
            QStringLiteral("hw"));
        addTag(Text::tr("LEO %1").arg(offsetText(m_leo)), m_leo < 0 ? g.windowStart : m_leo, g.topLane + g.cellHeight,
            g.bottomLane, theme::ink, QStringLiteral("leo"));
    }
    if (m_masked) {
        // The leader's view would give the answer away too.
    } else if (!clusterMode && m_view >= 0)
        addTag(Text::tr("leader sees %1").arg(m_view), m_view, g.topLane + g.cellHeight + g.bottomLane, g.viewLane,
            theme::faintInk, QStringLiteral("view"));
    else if (!clusterMode && !m_leader && !observed)
        addTextIn(Text::tr("leader's view: none"), theme::font(theme::smallSize),
            QRectF(g.cellsLeft(), g.topLane + g.cellHeight + g.bottomLane, g.slotCount * g.cellWidth, g.viewLane),
            theme::faintInk, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("view"));
    if (textsChanged() || m_cells != previousCells || m_ghosts != previousGhosts || m_lanes != previousLanes
        || previous != std::make_tuple(m_leo, m_hw, m_view, m_partitionHw, m_leader, m_inSync, m_alive, m_masked))
        update();
}

void ReplicaLogItem::buildLabel(const hw::ClusterState& state)
{
    const LogGeometry& g = m_geometry;
    const bool clusterMode = g.mode == LogGeometry::Mode::Cluster;
    const QFont nameFont = clusterMode ? LogGeometry::clusterNameFont() : theme::font(theme::headingSize, true);
    const QFont badgeFont = clusterMode ? LogGeometry::clusterBadgeFont() : theme::font(theme::tagSize, true);
    const QString name
        = clusterMode ? QString::fromStdString(state.partitionName(m_partition))
                      : Text::tr("Broker %1").arg(nodeIdOf(state, m_broker));
    const qreal nameTop = clusterMode ? 2 : g.topLane - 4;
    const QRectF nameBox = addTextIn(name, nameFont, QRectF(4, nameTop, g.labelWidth - 8, textHeight(nameFont)),
        theme::ink, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("name"));

    const QList<Badge> badges = rowBadges(state, m_partition, m_broker, g.mode, g.compact);
    qreal x = 4;
    qreal y = nameBox.bottom() + 4;
    const qreal badgeHeight = textHeight(badgeFont) + 2;
    for (const Badge& badge : badges) {
        const qreal width = badgeWidth(badge.text, badgeFont);
        if (x > 4 && x + width > g.labelWidth - 4) {
            x = 4;
            y += badgeHeight + 4;
        }
        const QRectF box = addBadge(
            badge.text, badgeFont, QPointF(x, y), badge.foreground, badge.background, badge.border, badge.role);
        x = box.right() + badgeSpacing;
    }
}

void ReplicaLogItem::addTag(
    const QString& text, hw::Offset offset, qreal laneTop, qreal laneHeight, const QColor& color, const QString& role)
{
    const LogGeometry& g = m_geometry;
    const QFont font = theme::font(g.mode == LogGeometry::Mode::Cluster ? 15 : theme::tagSize, true);
    QString label = text;
    if (offset < g.windowStart)
        label = QStringLiteral("\u25C0 ") + label; // the marker is left of the offsets shown
    // Start right of the marker's triangle (0.28 of the lane height wide each side).
    const qreal x = g.xOf(offset) + laneHeight * 0.3 + 4;
    addTextIn(
        label, font, QRectF(x, laneTop, g.width() - x, laneHeight), color, Qt::AlignLeft | Qt::AlignVCenter, role);
}

QString ReplicaLogItem::toolTipAt(QPointF pos) const
{
    const FrameScene* s = frameScene();
    if (!s)
        return QString();
    for (const Cell& cell : m_cells) {
        if (!cell.rect.contains(pos))
            continue;
        // Predict mode: a "?" cell is the question; its record and whether it is committed are the answer.
        if (cell.masked)
            return Text::tr("Offset %1: predict what this replica holds here, then reveal (Right).").arg(cell.offset);
        const hw::ClusterState& state = s->state();
        const hw::Replica* replica = replicaOf(state.partitions[static_cast<std::size_t>(m_partition)], m_broker);
        if (!replica || cell.offset >= replica->log.leo())
            return QString();
        if (state.observed)
            //: A cell of an observed replica: the poll sees offsets, never the records themselves.
            return Text::tr("Offset %1 (observed: the poll reads offsets, not records)").arg(cell.offset)
                + QLatin1Char('\n')
                + (cell.committed ? Text::tr("Committed: below the HW, consumers can read it")
                                  : Text::tr("Not committed: above the HW, consumers cannot read it yet"));
        const hw::Record& record = replica->log.at(cell.offset);
        const hw::Payload& payload = state.payloads[static_cast<std::size_t>(record.payload)];
        QString text = Text::tr("Offset %1, leader epoch %2\nValue: %3")
                           .arg(cell.offset)
                           .arg(record.epoch)
                           .arg(QString::fromStdString(payload.value));
        if (payload.hasKey)
            text += QLatin1Char('\n') + Text::tr("Key: %1").arg(QString::fromStdString(payload.key));
        if (payload.producer >= 0 && payload.producer < static_cast<std::int32_t>(state.producers.size()))
            text += QLatin1Char('\n')
                + Text::tr("Producer: %1")
                      .arg(QString::fromStdString(state.producers[static_cast<std::size_t>(payload.producer)].id));
        // What the record's batch header says (DefaultRecordBatch): the producer id is the one of the
        // payload's producer.
        if (record.sequence >= 0 && payload.producer >= 0
            && payload.producer < static_cast<std::int32_t>(state.producers.size()))
            text += QLatin1Char('\n')
                + Text::tr("Producer id %1, producer epoch %2, sequence %3")
                      .arg(state.producers[static_cast<std::size_t>(payload.producer)].producerId)
                      .arg(record.producerEpoch)
                      .arg(record.sequence);
        if (cell.diverged)
            text += QLatin1Char('\n')
                + Text::tr("Diverged: the leader holds another record at this offset; this one will be truncated");
        else if (!m_masked) // where the HW stands is what predict mode asks
            text += QLatin1Char('\n')
                + (cell.committed ? Text::tr("Committed: below the HW, consumers can read it")
                                  : Text::tr("Not committed: above the HW, consumers cannot read it yet"));
        for (const hw::TruncatedRecord& t : replica->truncated) {
            if (t.offset == cell.offset && !(t.record == record))
                text += QLatin1Char('\n')
                    + Text::tr("Earlier here: %1 (leader epoch %2), removed: %3")
                          .arg(QString::fromStdString(state.payloads[static_cast<std::size_t>(t.record.payload)].value))
                          .arg(t.record.epoch)
                          .arg(truncationReasonText(t.reason));
        }
        return text;
    }
    if (const TextRun* run = textAt(pos); run && run->role == QLatin1String("badge:not-atomic"))
        return Text::tr("HW %1 above LEO %2: this poll read the LEO (ListOffsets) and the HW (Fetch) in two "
                        "requests, not at one instant, and the log grew between them. Not an error of the broker.")
            .arg(m_hw)
            .arg(m_leo);
    for (const Ghost& ghost : m_ghosts) {
        if (ghost.rect.contains(pos))
            return Text::tr("Offset %1: %2 was removed from this replica (%3)")
                .arg(ghost.offset)
                .arg(ghost.value, truncationReasonText(ghost.reason));
    }
    return QString();
}

QString ReplicaLogItem::markerAt(QPointF pos) const
{
    if (m_masked)
        return QString();
    const LogGeometry& g = m_geometry;
    const qreal cellTop = g.topLane;
    const qreal cellBottom = cellTop + g.cellHeight;
    // The triangles are 0.28 of their lane's height wide each side; a little slack makes them easy to hit.
    constexpr qreal slack = 5;
    const qreal leoX = g.xOf(m_leo);
    if (m_leo >= 0 && std::abs(pos.x() - leoX) <= g.bottomLane * 0.4 + slack && pos.y() >= cellTop
        && pos.y() <= cellBottom + g.bottomLane && (pos.y() > cellBottom || std::abs(pos.x() - leoX) <= slack))
        return QStringLiteral("leo");
    const qreal hwX = g.xOf(m_hw);
    if (m_hw >= 0 && std::abs(pos.x() - hwX) <= g.topLane * 0.4 + slack && pos.y() >= 0 && pos.y() <= cellBottom
        && (pos.y() < cellTop || std::abs(pos.x() - hwX) <= slack))
        return QStringLiteral("hw");
    if (m_view >= 0 && std::abs(pos.x() - g.xOf(m_view)) <= slack && pos.y() >= cellTop)
        return QStringLiteral("view");
    if (g.mode == LogGeometry::Mode::Partition && m_partitionHw >= 0
        && std::abs(pos.x() - g.xOf(m_partitionHw)) <= slack)
        return QStringLiteral("partition-hw");
    return QString();
}

void ReplicaLogItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const LogGeometry& g = m_geometry;
    const QRectF row(0, 0, g.width(), g.height());

    if (!m_alive) {
        // On the hatching of an offline broker's box, keep the row itself plain and readable.
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme::paper);
        painter->drawRect(row);
    }
    if (!m_inSync) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_rowBrush);
        painter->drawRect(row);
    }
    if (isSelected()) {
        painter->setPen(QPen(theme::blue, 4, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(row.adjusted(2, 2, -2, -2));
    }

    // Empty slotCount: the positions the next records will take, the first of them dashed (the LEO).
    const qreal cellTop = g.topLane;
    painter->setBrush(Qt::NoBrush);
    // Later slots are thin solid outlines: dashing every one costs more than the whole log.
    painter->setPen(theme::hairline(theme::emptySlot, 1));
    for (int i = 0; i < g.slotCount; ++i) {
        const hw::Offset o = g.windowStart + i;
        // In predict mode every row has the same free slots, so the outlines do not tell the LEO.
        if (m_masked ? o >= m_maskedEnd : o > m_leo)
            painter->drawRect(QRectF(g.xOf(o), cellTop, g.cellWidth, g.cellHeight).adjusted(2, 2, -2, -2));
    }
    if (!m_masked && m_leo >= g.windowStart && m_leo < g.windowStart + g.slotCount) {
        painter->setPen(theme::hairline(theme::ink, 2, Qt::DashLine));
        painter->drawRect(QRectF(g.xOf(m_leo), cellTop, g.cellWidth, g.cellHeight).adjusted(2, 2, -2, -2));
    }

    // Records: colour by leader epoch; hatched while above the partition's HW.
    const QPen cellPen = theme::hairline(theme::ink);
    for (const Cell& cell : m_cells) {
        painter->setPen(cellPen);
        if (cell.masked) {
            painter->setBrush(theme::panel);
            painter->drawRect(cell.rect);
            continue;
        }
        painter->setBrush(theme::epochFill(cell.epoch));
        painter->drawRect(cell.rect);
        if (cell.diverged) {
            // Diverged: cross-hatched in the OSR ink, a pattern of its own (with the "≠" mark).
            painter->setPen(Qt::NoPen);
            painter->setBrush(QBrush(theme::osrInk, theme::divergedPattern));
            painter->drawRect(cell.rect);
        } else if (!cell.committed) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(QBrush(theme::faintInk, theme::uncommittedPattern));
            painter->drawRect(cell.rect);
        }
        if (cell.replaced) {
            painter->setPen(QPen(theme::osrInk, 2, Qt::DashLine));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(cell.rect.adjusted(4, 4, -4, -4));
        }
        if (cell.epochStart) {
            painter->setPen(QPen(theme::ink, 5));
            painter->drawLine(QLineF(cell.rect.topLeft(), cell.rect.bottomLeft()));
        }
    }
    // Ghost cells: faded and dashed, what the record was and why it went.
    for (const Ghost& ghost : m_ghosts) {
        painter->setPen(QPen(theme::osrInk, 2, Qt::DashLine));
        painter->setBrush(theme::tint(theme::panel, 120));
        painter->drawRect(ghost.rect.adjusted(2, 2, -2, -2));
    }
    if (g.windowStart > 0) {
        painter->setPen(theme::hairline(theme::faintInk, 2, Qt::DotLine));
        painter->drawLine(QLineF(g.cellsLeft() - 8, cellTop, g.cellsLeft() - 8, cellTop + g.cellHeight));
    }

    // The partition's HW line crosses each row in the partition view; the line item joins the rows.
    if (m_masked) {
        // Predict mode: no markers, the "?" tags stand in their lanes.
        paintTexts(painter);
        return;
    }
    if (g.mode == LogGeometry::Mode::Partition && m_partitionHw >= 0) {
        const qreal x = g.xOf(m_partitionHw);
        painter->setPen(QPen(theme::highWatermark, 6));
        painter->drawLine(QLineF(x, 0, x, g.height()));
    }

    // The leader's view of this follower: faint and dashed, a fetch round behind.
    if (m_view >= 0) {
        const qreal x = g.xOf(m_view);
        painter->setPen(QPen(theme::faintInk, 3, Qt::DashLine));
        const qreal bottom = g.mode == LogGeometry::Mode::Partition ? g.height() - 4 : cellTop + g.cellHeight;
        painter->drawLine(QLineF(x, cellTop, x, bottom));
    }

    // The replica's own HW: a bar through the cells and a triangle in the top lane pointing at it (none
    // for an offset the poll did not tell).
    if (m_hw >= 0) {
        const qreal x = g.xOf(m_hw);
        painter->setPen(QPen(theme::highWatermark, 3));
        painter->drawLine(QLineF(x, cellTop - 6, x, cellTop + g.cellHeight));
        const qreal s = std::max<qreal>(4, g.topLane * 0.28);
        const QPointF tip(x, cellTop - 2);
        const QPolygonF triangle({ tip, tip + QPointF(-s, -s * 1.4), tip + QPointF(s, -s * 1.4) });
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme::highWatermark);
        painter->drawPolygon(triangle);
    }
    // The LEO: a thick bar at the first free position, with a triangle pointing up from the tag lane.
    if (m_leo >= 0) {
        const qreal x = g.xOf(m_leo);
        painter->setPen(QPen(theme::ink, 5));
        painter->drawLine(QLineF(x, cellTop, x, cellTop + g.cellHeight + 4));
        const qreal s = std::max<qreal>(4, g.bottomLane * 0.28);
        const QPointF tip(x, cellTop + g.cellHeight + 2);
        const QPolygonF triangle({ tip, tip + QPointF(-s, s * 1.4), tip + QPointF(s, s * 1.4) });
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme::ink);
        painter->drawPolygon(triangle);
    }

    // Reader markers: a connector from the cells down to the marker's lane, a triangle pointing up at
    // the boundary before the offset, and from there a bracket to the HW: the lag.
    for (const Lane& lane : m_lanes) {
        const qreal x = g.xOf(lane.marker.offset);
        const bool position = lane.marker.kind == ReaderMarker::Kind::Position;
        const QColor color = position ? theme::blue : theme::ink;
        painter->setPen(QPen(color, 2, position ? Qt::SolidLine : Qt::DashLine));
        painter->drawLine(QLineF(x, cellTop + g.cellHeight, x, lane.rect.bottom() - 2));
        const qreal s = 7;
        const QPointF tip(x, lane.rect.top() + 4);
        painter->setPen(Qt::NoPen);
        painter->setBrush(position ? QBrush(color) : QBrush(theme::paper));
        if (!position)
            painter->setPen(QPen(color, 2));
        painter->drawPolygon(QPolygonF({ tip, tip + QPointF(-s, s * 1.6), tip + QPointF(s, s * 1.6) }));
        if (lane.marker.lag > 0) {
            const qreal hwX = g.xOf(lane.marker.offset + lane.marker.lag);
            const qreal y = lane.rect.top() + 3;
            painter->setPen(QPen(theme::highWatermark, 2));
            painter->drawLine(QLineF(x, y, hwX, y));
            painter->drawLine(QLineF(hwX, y - 3, hwX, y + 6));
        }
    }

    // Tags are drawn on a paper background so that the lines they sit on stay readable around them.
    for (const TextRun& run : texts()) {
        if (run.role == QLatin1String("hw") || run.role == QLatin1String("leo") || run.role == QLatin1String("view")
            || run.role.startsWith(QLatin1String("reader:"))) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(theme::tagBackground);
            painter->drawRect(run.box.adjusted(-2, 0, 2, 0));
        }
    }
    paintTexts(painter);
}

} // namespace hw::ui
