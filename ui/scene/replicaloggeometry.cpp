// SPDX-License-Identifier: MIT
// How a replica log row is measured: LogGeometry's fonts and the cell, lane, label block and tag sizes
// that a layout gives every row of a view (so that the logs line up by offset), and ReplicaLogItem's
// two partition-view sizes (partitionTagLane, partitionCellHeight). ReplicaLogItem (replicalogitem.cpp)
// draws within them.
#include "scene/replicalogitem.h"

#include "base/theme.h"
#include "model/record_text.h"
#include "scene/clusterfacts.h"
#include "scene/replicalogitem_p.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace hw::ui {

using namespace replicalog;

QFont LogGeometry::offsetFont(Mode mode)
{
    return theme::font(mode == Mode::Cluster ? 17 : 24, true);
}

QFont LogGeometry::cornerFont()
{
    return theme::font(epochSize, true);
}

QString LogGeometry::valueText(const hw::ClusterState& state, const hw::Record& record)
{
    if (record.payload < 0 || record.payload >= static_cast<std::int32_t>(state.payloads.size()))
        return QString();
    const hw::Payload& payload = state.payloads[static_cast<std::size_t>(record.payload)];
    //: A cell's text for a record whose value is null (a tombstone, sent by a real client).
    if (valueIsNull(state, payload))
        return Text::tr("null");
    return QString::fromStdString(hw::recordText(payload.value, cellValueCharsMax));
}

qreal LogGeometry::widestValueWidth(
    const hw::ClusterState& state, std::int32_t partitionIndex, hw::Offset from, hw::Offset to, Mode mode)
{
    const QFont font = offsetFont(mode);
    qreal widest = 0;
    for (const hw::Replica& r : state.partitions[static_cast<std::size_t>(partitionIndex)].replicas) {
        // Only offsets with a record behind them: an observed log holds offsets only.
        for (hw::Offset o = std::max(from, r.log.logStart); o < std::min(to, r.log.leo()); ++o) {
            if (r.log.holds(o))
                widest = std::max(widest, FrameItem::textWidth(valueText(state, r.log.at(o)), font));
        }
    }
    return widest;
}

qreal LogGeometry::cellWidthFor(
    hw::Offset widestOffset, std::int32_t widestEpoch, Mode mode, qreal least, hw::CellText cells, qreal widestValue)
{
    // Every offset below widestOffset has at most its digits; the widest digit string of that length
    // bounds them all (digits are not all the same width in every font).
    const int digits = static_cast<int>(QString::number(std::max<hw::Offset>(0, widestOffset)).size());
    auto widestDigits = [digits](const QFont& font) {
        qreal widest = 0;
        for (QChar digit = QLatin1Char('0'); digit <= QLatin1Char('9'); digit = QChar(digit.unicode() + 1))
            widest = std::max(widest, FrameItem::textWidth(QString(digits, digit), font));
        return widest;
    };
    const bool values = cells != hw::CellText::Offsets;
    const bool corner = cells == hw::CellText::Both;
    // Room on both sides so that the text does not touch the cell's border or the epoch bar.
    const qreal padding = mode == Mode::Cluster ? 8 : 16;
    qreal width = (values ? widestValue : widestDigits(offsetFont(mode))) + padding;
    // The offset in the corner, 4 px in from the left (cluster) or right (partition) border.
    const qreal cornerWidth = corner ? widestDigits(cornerFont()) + 4 + 5 : 0;
    if (mode == Mode::Cluster)
        width = std::max(width, cornerWidth + 4);
    if (mode == Mode::Partition) {
        // The epoch badge at the cell's top left (6 px in) and the diverged mark at its top right (5 px
        // in) share the cell's top, with the offset in the corner when the cell shows both: with
        // Chinese words or presentation mode's larger text the badge of one cell would otherwise run
        // into the next cell's.
        const QFont epochFont = theme::font(epochSize, true);
        const QString badge = Text::tr("ep %1").arg(QString::number(std::max<std::int32_t>(0, widestEpoch)));
        const qreal epochBadgeWidth = FrameItem::textWidth(badge, epochFont) + 2 * epochFont.pixelSize() * 0.35;
        width = std::max(width,
            6 + epochBadgeWidth + 4 + FrameItem::textWidth(QStringLiteral("\u2260"), epochFont) + 5
                + (corner ? cornerWidth : 0));
    }
    return std::max(least, std::ceil(width));
}

qreal LogGeometry::clusterCellHeightFor(hw::CellText cells, qreal least)
{
    if (cells != hw::CellText::Both)
        return least;
    // As sync() stacks them: the offset 3 px from the top, the value under it, 3 px below.
    return std::max(least,
        std::ceil(3 + FrameItem::textHeight(cornerFont()) + FrameItem::textHeight(offsetFont(Mode::Cluster)) + 3));
}

QFont LogGeometry::readerFont()
{
    return theme::font(theme::smallSize, true);
}

qreal LogGeometry::readerLaneFor(qreal least)
{
    // As sync() lays a lane out: the bracket and the marker's triangle in the top readerLabelTop
    // pixels, the label under them, 2 px to spare.
    return std::max(least, std::ceil(readerLabelTop + FrameItem::textHeight(readerFont()) + 2));
}

qreal LogGeometry::partitionGhostWidth()
{
    // As sync() draws the reason: 3 px in on either side of the cell.
    const QFont font = theme::font(ghostReasonSize);
    qreal widest = 0;
    for (const hw::TruncationReason reason : { hw::TruncationReason::LeaderEpoch, hw::TruncationReason::UncleanElection,
             hw::TruncationReason::HighWatermark, hw::TruncationReason::Unflushed })
        widest = std::max(widest, FrameItem::textWidth(truncationReasonShort(reason), font));
    return std::ceil(widest + 2 * 3 + 4);
}

qreal LogGeometry::partitionLabelWidthFor(const hw::ClusterState& state, std::int32_t partitionIndex, qreal least) const
{
    // As buildLabel draws them: the name 4 px in, in a box 8 px narrower than the block; badges wrap,
    // so the widest one alone must fit.
    const hw::Partition& partition = state.partitions[static_cast<std::size_t>(partitionIndex)];
    const QFont nameFont = theme::font(theme::headingSize, true);
    const QFont badgeFont = theme::font(theme::tagSize, true);
    qreal widest = 0;
    for (const hw::Replica& r : partition.replicas)
        widest = std::max(widest, FrameItem::textWidth(Text::tr("Broker %1").arg(r.broker), nameFont) + 8 + 2);
    for (const QString& badge : { Text::tr("LEADER"), Text::tr("ELECTED"), Text::tr("FOLLOWER"), Text::tr("ISR"),
             Text::tr("OSR"), brokerStatusText(BrokerStatus::Offline), brokerStatusText(BrokerStatus::Isolated),
             brokerStatusText(BrokerStatus::Fenced) })
        widest = std::max(widest, badgeWidth(badge, badgeFont) + 8 + 2);
    // A row with many badges (a follower out of the ISR, in the ELR, the last leader, offline) takes
    // more lines: widen the block until every row's badges fit under its name within the row.
    // This geometry's lanes and cells give the row's height (a row with reader lanes is taller still).
    const qreal badgesTop = topLane - 4 + FrameItem::textHeight(nameFont) + 4;
    const qreal lineHeight = FrameItem::textHeight(badgeFont) + 2 + 4;
    const qreal rowHeight = topLane + cellHeight + bottomLane + viewLane;
    const int linesMax = std::max(1, static_cast<int>((rowHeight - badgesTop + 4) / lineHeight));
    qreal width = std::max(least, std::ceil(widest));
    for (const hw::Replica& r : partition.replicas) {
        const QList<Badge> badges = rowBadges(state, partitionIndex, r.broker, Mode::Partition, false);
        const qreal oneLine = std::ceil(badgeLineWidth(badges, badgeFont) + 8 + 2);
        while (width < oneLine && badgeLines(badges, badgeFont, width) > linesMax)
            width = std::min(oneLine, width + 8);
    }
    return width;
}

qreal LogGeometry::partitionTagRoomFor(hw::Offset widestOffset, qreal laneHeight, qreal least)
{
    // The same texts and font as addTag; it starts laneHeight * 0.3 + 4 right of its boundary.
    const auto length = static_cast<qsizetype>(QString::number(std::max<hw::Offset>(0, widestOffset)).size());
    const QFont font = theme::font(theme::tagSize, true);
    qreal widest = 0;
    for (QChar digit = QLatin1Char('0'); digit <= QLatin1Char('9'); digit = QChar(digit.unicode() + 1)) {
        const QString digits(length, digit);
        widest = std::max({ widest, FrameItem::textWidth(Text::tr("leader sees %1").arg(digits), font),
            FrameItem::textWidth(Text::tr("LEO %1").arg(digits), font),
            FrameItem::textWidth(Text::tr("HW %1").arg(digits), font) });
    }
    return std::max(least, std::ceil(laneHeight * 0.3 + 4 + widest + 4));
}

qreal LogGeometry::clusterTagRoomFor(hw::Offset widestOffset, qreal least)
{
    // The same text and font as the tags sync() draws right of the cells in cluster mode.
    const auto length = static_cast<qsizetype>(QString::number(std::max<hw::Offset>(0, widestOffset)).size());
    const QFont tagFont = clusterTagFont();
    qreal widest = 0;
    for (QChar digit = QLatin1Char('0'); digit <= QLatin1Char('9'); digit = QChar(digit.unicode() + 1)) {
        const QString digits(length, digit);
        widest = std::max({ widest, FrameItem::textWidth(Text::tr("LEO %1").arg(digits), tagFont),
            FrameItem::textWidth(Text::tr("HW %1").arg(digits), tagFont) });
    }
    // 8 px of gap before the tag (sync) and a little after it.
    return std::max(least, std::ceil(widest + 8 + 6));
}

QFont LogGeometry::clusterNameFont()
{
    return theme::font(20, true);
}

QFont LogGeometry::clusterBadgeFont()
{
    return theme::font(15, true);
}

QFont LogGeometry::clusterTagFont()
{
    return theme::font(15, true);
}

qreal LogGeometry::clusterLabelHeight()
{
    // As buildLabel lays it out: the name 2 px from the top, 4 px, a badge line, 2 px.
    return 2 + FrameItem::textHeight(clusterNameFont()) + 4 + FrameItem::textHeight(clusterBadgeFont()) + 2 + 2;
}

qreal LogGeometry::clusterBadgesWidth(const hw::ClusterState& state, bool compact)
{
    // As buildLabel lays them out: one line, 12 px between badges. Compact, at least the leader's badge
    // and ISR or OSR, so that the usual drawing does not change from frame to frame.
    const QFont font = clusterBadgeFont();
    qreal widest = compact ? std::max(badgeWidth(Text::tr("LEADER"), font), badgeWidth(Text::tr("ELECTED"), font))
            + badgeSpacing + std::max(badgeWidth(Text::tr("ISR"), font), badgeWidth(Text::tr("OSR"), font))
                           : 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
        for (const hw::Replica& r : state.partitions[static_cast<std::size_t>(p)].replicas)
            widest = std::max(widest, badgeLineWidth(rowBadges(state, p, r.broker, Mode::Cluster, compact), font));
    }
    return widest;
}

qreal ReplicaLogItem::partitionTagLane(qreal least)
{
    // Measured on the texts themselves: Chinese is drawn in a fallback font that stands taller than
    // the Latin font's line height.
    const QFontMetricsF metrics(theme::font(theme::tagSize, true));
    qreal tallest = 0;
    for (const QString& text : { Text::tr("HW %1").arg(0), Text::tr("LEO %1").arg(0), Text::tr("leader sees %1").arg(0) })
        tallest = std::max(tallest, metrics.boundingRect(text).height());
    return std::max(least, std::ceil(tallest + 4));
}

qreal ReplicaLogItem::partitionCellHeight(qreal least)
{
    // The epoch badge over the offset, and room around them: 60 at the normal text size, more when
    // presentation mode raises the text floor.
    const QFont offsetFont = LogGeometry::offsetFont(LogGeometry::Mode::Partition);
    return std::max(least, textHeight(theme::font(epochSize, true)) + textHeight(offsetFont) + 10);
}

qreal LogGeometry::xOf(hw::Offset offset) const
{
    const hw::Offset clamped = std::clamp<hw::Offset>(offset, windowStart, windowStart + slotCount);
    return cellsLeft() + static_cast<qreal>(clamped - windowStart) * cellWidth;
}

} // namespace hw::ui
