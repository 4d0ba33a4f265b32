// SPDX-License-Identifier: MIT
#include "scene/consumeritem.h"

#include "base/theme.h"
#include "model/cluster_state.h"
#include "scene/clusterfacts.h"
#include "scene/framescene.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ConsumerItem)
};

/// Lines of owned partitions shown before "and N more".
constexpr int ownedLinesMax = 3;

} // namespace

QString ConsumerItem::phaseText(std::uint8_t phase)
{
    switch (static_cast<hw::MemberPhase>(phase)) {
    case hw::MemberPhase::Stopped:
        return Text::tr("STOPPED");
    case hw::MemberPhase::FindingCoordinator:
        return Text::tr("FINDING COORDINATOR");
    case hw::MemberPhase::Joining:
        return Text::tr("JOINING");
    case hw::MemberPhase::Syncing:
        return Text::tr("SYNCING");
    case hw::MemberPhase::Stable:
        return Text::tr("STABLE");
    case hw::MemberPhase::Crashed:
        return Text::tr("CRASHED");
    }
    return QString();
}

qreal ConsumerItem::nameWidth(const hw::ClusterState& state, std::int32_t consumer)
{
    return boxWidthForName(
        Text::tr("Consumer %1").arg(QString::fromStdString(state.consumers[static_cast<std::size_t>(consumer)].id)));
}

ConsumerItem::ConsumerItem(const hw::ClusterState& state, std::int32_t consumer, qreal width,
    std::int32_t onlyPartition, bool concealed, bool compact)
    : FrameItem(SceneTarget::forConsumer(consumer)), m_consumer(consumer)
{
    setFlag(ItemIsSelectable);
    const hw::Consumer& c = state.consumers[static_cast<std::size_t>(consumer)];
    m_running = c.phase != hw::MemberPhase::Stopped && c.phase != hw::MemberPhase::Crashed;
    const QFont nameFont = theme::font(theme::labelSize, true);
    const QFont badgeFont = theme::font(15, true);
    const QFont smallFont = theme::font(theme::smallSize);
    const qreal inner = width - 24;
    qreal y = 8;
    const QRectF name = addTextIn(Text::tr("Consumer %1").arg(QString::fromStdString(c.id)), nameFont,
        QRectF(12, y, inner, textHeight(nameFont)), theme::ink, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("name"));
    const QColor badgeInk = m_running ? theme::paper : theme::ink;
    const QBrush badgeFill = c.phase == hw::MemberPhase::Stable ? QBrush(theme::blue)
        : m_running                                             ? QBrush(theme::orange.darker(115))
                                                                : QBrush(theme::paper);
    const QString phase = phaseText(static_cast<std::uint8_t>(c.phase));
    const qreal badgeWidth = textWidth(phase, badgeFont) + 2 * badgeFont.pixelSize() * 0.35;
    // The badge goes after the name when both fit on the line, else on a line of its own.
    QPointF badgeAt(name.right() + 10, y + (name.height() - textHeight(badgeFont)) / 2);
    y = name.bottom() + 2;
    if (badgeAt.x() + badgeWidth > 12 + inner) {
        badgeAt = QPointF(12, y);
        y += textHeight(badgeFont) + 6;
    }
    addBadge(phase, badgeFont, badgeAt, badgeInk, badgeFill,
        QPen(theme::ink, m_running ? 1 : 2, m_running ? Qt::SolidLine : Qt::DashLine), QStringLiteral("badge:phase"));

    QStringList parts;
    // Predict mode: a position and its lag tell the HW. (scene() is still null here: the layouts
    // make the item before they add it, so they pass concealed.)
    const bool predicting = concealed;
    // The compact partition view says the position and the lag in the consumer's lane under the
    // leader's log, in larger text: the box leaves them out rather than say them twice.
    bool inLane = false;
    for (const hw::OwnedPartition& owned : c.owned) {
        if (onlyPartition >= 0 && owned.partition != onlyPartition)
            continue;
        if (compact && onlyPartition >= 0 && owned.position >= 0 && !predicting
            && partitionHighWatermark(state.partitions[static_cast<std::size_t>(owned.partition)]) >= 0) {
            inLane = true;
            continue;
        }
        const QString partition = QString::fromStdString(state.partitionName(owned.partition));
        if (owned.position < 0) {
            parts << Text::tr("%1 (position not known yet)").arg(partition);
            continue;
        }
        if (predicting) {
            parts << Text::tr("%1 at ?, lag ?").arg(partition);
            continue;
        }
        const hw::Offset hw = partitionHighWatermark(state.partitions[static_cast<std::size_t>(owned.partition)]);
        if (hw < 0)
            parts << Text::tr("%1 at %2 (no leader)").arg(partition).arg(owned.position);
        else
            parts << Text::tr("%1 at %2, lag %3")
                         .arg(partition)
                         .arg(owned.position)
                         .arg(std::max<hw::Offset>(0, hw - owned.position));
    }
    if (parts.isEmpty() && !inLane)
        parts << (m_running ? Text::tr("owns no partitions") : Text::tr("not running"));
    QStringList lines = wrapText(parts.join(QStringLiteral(" \u00B7 ")), smallFont, inner);
    if (lines.size() > ownedLinesMax) {
        const int hidden = static_cast<int>(lines.size()) - (ownedLinesMax - 1);
        lines = lines.mid(0, ownedLinesMax - 1);
        lines << wrapText(compact ? Text::tr("(and %n more line(s))", nullptr, hidden)
                                  : Text::tr("(%n more line(s) in the inspector)", nullptr, hidden),
            smallFont, inner);
    }
    for (const QString& line : lines)
        y = addTextIn(line, smallFont, QRectF(12, y, inner, textHeight(smallFont)), theme::ink,
            Qt::AlignLeft | Qt::AlignTop, QStringLiteral("owned"))
                .bottom();
    setBounds(QRectF(0, 0, width, y + 8));
}

void ConsumerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(2, 2, -2, -2);
    painter->setPen(QPen(theme::ink, 2, m_running ? Qt::SolidLine : Qt::DashLine));
    painter->setBrush(m_running ? theme::consumerFill : theme::idleFill);
    painter->drawRoundedRect(box, 8, 8);
    if (isSelected()) {
        painter->setPen(QPen(theme::blue, 4, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box, 8, 8);
    }
    paintTexts(painter);
}

} // namespace hw::ui
