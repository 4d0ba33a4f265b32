// SPDX-License-Identifier: MIT
#include "scene/brokeritem.h"

#include "base/theme.h"
#include "scene/aggregateitem.h"
#include "scene/clusteraggregate.h"
#include "scene/messageitem.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(BrokerItem)
};

constexpr qreal headerTop = 10;

/// Details that change how the broker behaves, when they apply.
QString notesText(const hw::Broker& broker)
{
    QStringList notes;
    if (broker.latencyMs >= 0)
        notes << Text::tr("slowed: %1 ms").arg(broker.latencyMs);
    if (broker.shuttingDown)
        notes << Text::tr("shutting down");
    return notes.join(QStringLiteral(" \u00B7 "));
}

/// A waiting message dot's reach from the anchor: its track beside the anchor, its radius, its outline
/// and a pixel to spare.
constexpr qreal dotReach = MessageItem::trackOffset + MessageItem::dotRadius + MessageItem::dotOutline + 1;

/// Where the header's name and state badge end (as sync() lays them out).
qreal badgeRight(const hw::ClusterState& state, hw::BrokerId broker)
{
    const qreal name = FrameItem::textWidth(
        Text::tr("Broker %1").arg(nodeIdOf(state, broker)), theme::font(theme::headingSize, true));
    const QFont badgeFont = theme::font(theme::tagSize, true);
    const qreal badge = FrameItem::textWidth(cardStateText(cardStateOf(state, broker)), badgeFont)
        + 2 * badgeFont.pixelSize() * 0.35;
    return 14 + name + 14 + badge;
}

/// Where the notes start when they stand beside the badge, on the name's line: after the badge, and
/// clear of the anchor where message dots rest (BrokerItem::anchor, a dot of radius 13).
qreal notesLeft(const hw::ClusterState& state, hw::BrokerId broker, qreal width)
{
    return std::max(badgeRight(state, broker) + 12, BrokerItem::anchorX(state, broker, width) + 17);
}

/// The notes' lines under the name, or none when they fit beside the badge.
QStringList notesBelow(const hw::ClusterState& state, hw::BrokerId broker, qreal width)
{
    const QString notes = notesText(state.broker(broker));
    const QFont font = theme::font(theme::smallSize);
    if (notes.isEmpty() || FrameItem::textWidth(notes, font) <= width - notesLeft(state, broker, width) - 12)
        return {};
    return FrameItem::wrapText(notes, font, width - 28);
}

} // namespace

qreal BrokerItem::anchorX(const hw::ClusterState& state, hw::BrokerId broker, qreal width)
{
    const qreal x = std::max(width / 2 + 40, badgeRight(state, broker) + 4 + dotReach);
    return x <= width - dotReach ? x : width + dotReach;
}

qreal BrokerItem::headerHeight(const hw::ClusterState& state, hw::BrokerId broker, qreal width)
{
    const QStringList below = notesBelow(state, broker, width);
    return headerHeight() + static_cast<qreal>(below.size()) * textHeight(theme::font(theme::smallSize));
}

BrokerItem::BrokerItem(hw::BrokerId broker, QSizeF size) : FrameItem(SceneTarget::forBroker(broker)), m_broker(broker)
{
    setFlag(ItemIsSelectable);
    setCacheMode(DeviceCoordinateCache);
    setBounds(QRectF(QPointF(0, 0), size));
}

qreal BrokerItem::headerHeight()
{
    // The name's line 10 px from the top, and room under it: 60 at the usual text sizes.
    return std::max<qreal>(60, std::ceil(headerTop + textHeight(theme::font(theme::headingSize, true)) + 14));
}

void BrokerItem::setSize(QSizeF size)
{
    if (size == boundingRect().size())
        return;
    setBounds(QRectF(QPointF(0, 0), size));
    update();
}

void BrokerItem::sync(const hw::ClusterState& state)
{
    beginTexts();
    const BrokerStatus previous = m_status;
    // An observed broker: NO ANSWER drawn as an isolated one (dotted), GONE as an offline one (hatched).
    const CardState card = cardStateOf(state, m_broker);
    switch (card) {
    case CardState::NotAnswering:
        m_status = BrokerStatus::Isolated;
        break;
    case CardState::Gone:
        m_status = BrokerStatus::Offline;
        break;
    default:
        m_status = brokerStatus(state, m_broker);
        break;
    }
    const hw::Broker& broker = state.broker(m_broker);
    const QRectF box = boundingRect();
    const QFont nameFont = theme::font(theme::headingSize, true);
    const QFont badgeFont = theme::font(theme::tagSize, true);
    const QFont noteFont = theme::font(theme::smallSize);
    const qreal top = headerTop;
    const QRectF name
        = addText(Text::tr("Broker %1").arg(nodeIdOf(state, m_broker)), nameFont, QPointF(14, top), theme::ink,
            QStringLiteral("name"));

    QBrush badgeBrush(theme::paper);
    QColor badgeInk = theme::ink;
    QPen badgePen(theme::ink, 2);
    switch (m_status) {
    case BrokerStatus::Online:
        badgeBrush = QBrush(theme::tint(theme::bluishGreen, 170));
        break;
    case BrokerStatus::Offline:
        badgeBrush = QBrush(theme::ink);
        badgeInk = theme::paper;
        break;
    case BrokerStatus::Isolated:
        badgeBrush = QBrush(theme::orange);
        badgePen.setStyle(Qt::DotLine);
        break;
    case BrokerStatus::Fenced:
        badgeBrush = QBrush(theme::tint(theme::reddishPurple, 150));
        badgePen.setStyle(Qt::DashLine);
        break;
    }
    qreal x = name.right() + 14;
    const QRectF badge
        = addBadge(cardStateText(card), badgeFont, QPointF(x, top + (name.height() - textHeight(badgeFont)) / 2),
            badgeInk, badgeBrush, badgePen, QStringLiteral("badge:state"));
    m_anchorX = anchorX(state, m_broker, box.width());
    x = std::max(badge.right() + 12, m_anchorX + 17);

    // Details that change how the broker behaves, when they apply: beside the badge, or wrapped
    // under the name when they do not fit there (headerHeight makes the room).
    const QString notes = notesText(broker);
    const QStringList below = notesBelow(state, m_broker, box.width());
    if (!notes.isEmpty() && below.isEmpty())
        addTextIn(notes, noteFont, QRectF(x, top, box.width() - x - 12, name.height()), theme::ink,
            Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("notes"));
    if (!below.isEmpty())
        addWrappedText(notes, noteFont, 14, std::max(name.bottom(), badge.bottom()) + 2, box.width() - 28, theme::ink,
            QStringLiteral("notes"));
    if (textsChanged() || previous != m_status)
        update();
}

void BrokerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(3, 3, -3, -3);
    QPen pen(theme::ink, 4);
    // Online brokers are not filled: the scene is paper already (fill rate matters at 4K).
    QBrush fill(Qt::NoBrush);
    switch (m_status) {
    case BrokerStatus::Online:
        break;
    case BrokerStatus::Offline:
        pen = QPen(theme::faintInk, 4, Qt::DashLine);
        fill = QBrush(theme::offlineFill);
        break;
    case BrokerStatus::Isolated:
        pen = QPen(theme::orange.darker(130), 5, Qt::DotLine);
        break;
    case BrokerStatus::Fenced:
        pen = QPen(theme::reddishPurple.darker(130), 4, Qt::DashDotLine);
        break;
    }
    painter->setPen(pen);
    painter->setBrush(fill);
    painter->drawRoundedRect(box, 14, 14);
    if (m_status == BrokerStatus::Offline) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(QBrush(theme::faintInk, theme::offlinePattern));
        painter->drawRoundedRect(box, 14, 14);
    }
    if (m_status == BrokerStatus::Fenced) {
        // A second border inside the first: fenced is "alive, but shut out by the controller".
        painter->setPen(QPen(theme::reddishPurple.darker(130), 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box.adjusted(8, 8, -8, -8), 10, 10);
    }
    if (isSelected()) {
        painter->setPen(QPen(theme::blue, 4, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box.adjusted(-1, -1, 1, 1), 14, 14);
    }
    if (m_status == BrokerStatus::Offline) {
        // Keep the header readable on the hatching.
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme::paper);
        for (const TextRun& run : texts())
            painter->drawRect(run.box.adjusted(-4, -1, 4, 1));
    }
    paintTexts(painter);
}

} // namespace hw::ui
