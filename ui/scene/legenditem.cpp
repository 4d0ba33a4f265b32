// SPDX-License-Identifier: MIT
#include "scene/legenditem.h"

#include "base/theme.h"

#include <QPainter>

namespace hw::ui {

namespace {

constexpr qreal sampleWidth = 46;
constexpr qreal sampleGap = 8;
constexpr qreal entryGap = 30;
constexpr qreal lineGap = 8;

QFont legendFont()
{
    return theme::font(theme::tagSize);
}

} // namespace

LegendItem::LegendItem(const QList<Entry>& entries, qreal width)
    : FrameItem(SceneTarget {}), m_entries(entries), m_width(width)
{
    setCacheMode(DeviceCoordinateCache);
    QList<TextRun> runs;
    const qreal height = place(entries, width, &m_placed, &runs);
    for (TextRun& run : runs)
        addRun(std::move(run));
    setBounds(QRectF(0, 0, width, height));
}

qreal LegendItem::heightFor(const QList<Entry>& entries, qreal width)
{
    return place(entries, width, nullptr, nullptr);
}

qreal LegendItem::place(const QList<Entry>& entries, qreal width, QList<Placed>* placed, QList<TextRun>* runs)
{
    const QFont font = legendFont();
    const qreal lineHeight = textHeight(font) + 6;
    qreal x = 0;
    qreal y = 0;
    for (const Entry& entry : entries) {
        const qreal textW = std::min(textWidth(entry.text, font), width - sampleWidth - sampleGap);
        const qreal entryWidth = sampleWidth + sampleGap + textW;
        if (x > 0 && x + entryWidth > width) {
            x = 0;
            y += lineHeight + lineGap;
        }
        if (placed)
            placed->append({ entry.swatch, QRectF(x, y + 3, sampleWidth, lineHeight - 6) });
        if (runs) {
            TextRun run;
            run.box = QRectF(x + sampleWidth + sampleGap, y + 3, textW, textHeight(font));
            run.text = entry.text;
            run.font = font;
            run.color = theme::ink;
            run.align = Qt::AlignLeft | Qt::AlignVCenter;
            run.role = QStringLiteral("legend");
            runs->append(run);
        }
        x += entryWidth + entryGap;
    }
    return entries.isEmpty() ? 0 : y + lineHeight;
}

void LegendItem::paintSwatch(QPainter* painter, Swatch swatch, const QRectF& r)
{
    const QRectF cell(r.center().x() - r.height() / 2, r.top(), r.height(), r.height());
    switch (swatch) {
    case Swatch::Committed:
        painter->setPen(QPen(theme::ink, 1.5));
        painter->setBrush(theme::epochFill(0));
        painter->drawRect(cell);
        break;
    case Swatch::Uncommitted:
        painter->setPen(QPen(theme::ink, 1.5));
        painter->setBrush(theme::epochFill(0));
        painter->drawRect(cell);
        painter->setBrush(QBrush(theme::faintInk, theme::uncommittedPattern));
        painter->drawRect(cell);
        break;
    case Swatch::EpochStart: {
        const QRectF left(r.left() + 4, r.top(), r.width() / 2 - 4, r.height());
        const QRectF right(r.center().x(), r.top(), r.width() / 2 - 4, r.height());
        painter->setPen(QPen(theme::ink, 1.5));
        painter->setBrush(theme::epochFill(0));
        painter->drawRect(left);
        painter->setBrush(theme::epochFill(1));
        painter->drawRect(right);
        painter->setPen(QPen(theme::ink, 5));
        painter->drawLine(QLineF(right.topLeft(), right.bottomLeft()));
        break;
    }
    case Swatch::Leo:
        painter->setPen(QPen(theme::ink, 5));
        painter->drawLine(QLineF(r.center().x(), r.top(), r.center().x(), r.bottom()));
        break;
    case Swatch::ReplicaHw:
        painter->setPen(QPen(theme::highWatermark, 3));
        painter->drawLine(QLineF(r.center().x(), r.top(), r.center().x(), r.bottom()));
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme::highWatermark);
        painter->drawPolygon(QPolygonF({ QPointF(r.center().x(), r.top() + 8), QPointF(r.center().x() - 6, r.top()),
            QPointF(r.center().x() + 6, r.top()) }));
        break;
    case Swatch::PartitionHw:
        painter->setPen(QPen(theme::highWatermark, 6));
        painter->drawLine(QLineF(r.center().x(), r.top(), r.center().x(), r.bottom()));
        break;
    case Swatch::LeaderView:
        painter->setPen(QPen(theme::faintInk, 3, Qt::DashLine));
        painter->drawLine(QLineF(r.center().x(), r.top(), r.center().x(), r.bottom()));
        break;
    case Swatch::Isr:
        painter->setPen(QPen(theme::isr, 2));
        painter->setBrush(theme::isr);
        painter->drawRoundedRect(r.adjusted(4, 2, -4, -2), 4, 4);
        break;
    case Swatch::Osr:
        painter->setPen(QPen(theme::osr, 2, Qt::DashLine));
        painter->setBrush(QBrush(theme::tint(theme::osr, 160), theme::osrPattern));
        painter->drawRoundedRect(r.adjusted(4, 2, -4, -2), 4, 4);
        break;
    case Swatch::Elr:
        // The ELR badge's fill and dash-dot outline (replicalogitem.cpp rowBadges).
        painter->setPen(QPen(theme::bluishGreen.darker(150), 2, Qt::DashDotLine));
        painter->setBrush(theme::tint(theme::bluishGreen, 175));
        painter->drawRoundedRect(r.adjusted(4, 2, -4, -2), 4, 4);
        break;
    case Swatch::LastLeader:
        painter->setPen(QPen(theme::leader, 2, Qt::DashDotDotLine));
        painter->setBrush(theme::panel);
        painter->drawRoundedRect(r.adjusted(4, 2, -4, -2), 4, 4);
        break;
    case Swatch::Recovering:
        painter->setPen(QPen(theme::ink, 2, Qt::DashLine));
        painter->setBrush(theme::tint(theme::yellow, 125));
        painter->drawRoundedRect(r.adjusted(4, 2, -4, -2), 4, 4);
        break;
    case Swatch::BrokerOffline:
        painter->setPen(QPen(theme::faintInk, 3, Qt::DashLine));
        painter->setBrush(QBrush(theme::faintInk, theme::offlinePattern));
        painter->drawRoundedRect(r.adjusted(2, 1, -2, -1), 6, 6);
        break;
    case Swatch::BrokerIsolated:
        painter->setPen(QPen(theme::orange.darker(130), 4, Qt::DotLine));
        painter->setBrush(theme::panel);
        painter->drawRoundedRect(r.adjusted(2, 1, -2, -1), 6, 6);
        break;
    case Swatch::BrokerFenced:
        painter->setPen(QPen(theme::reddishPurple.darker(130), 3, Qt::DashDotLine));
        painter->setBrush(theme::panel);
        painter->drawRoundedRect(r.adjusted(2, 1, -2, -1), 6, 6);
        painter->setPen(QPen(theme::reddishPurple.darker(130), 1.5));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(r.adjusted(7, 5, -7, -5), 3, 3);
        break;
    case Swatch::Assignment:
        painter->setPen(QPen(theme::skyBlue.darker(130), 3, Qt::DashLine));
        painter->drawLine(QLineF(r.left() + 2, r.center().y(), r.right() - 8, r.center().y()));
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme::skyBlue.darker(130));
        painter->drawPolygon(QPolygonF({ QPointF(r.left(), r.center().y()), QPointF(r.left() + 12, r.center().y() - 6),
            QPointF(r.left() + 12, r.center().y() + 6) }));
        break;
    case Swatch::Diverged:
        painter->setPen(QPen(theme::ink, 1.5));
        painter->setBrush(theme::epochFill(0));
        painter->drawRect(cell);
        painter->setBrush(QBrush(theme::osrInk, theme::divergedPattern));
        painter->drawRect(cell);
        break;
    case Swatch::Ghost:
        painter->setPen(QPen(theme::osrInk, 2, Qt::DashLine));
        painter->setBrush(theme::tint(theme::panel, 120));
        painter->drawRect(cell.adjusted(1, 1, -1, -1));
        break;
    case Swatch::ReaderPosition: {
        const qreal x = r.center().x() - 8;
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme::blue);
        painter->drawPolygon(
            QPolygonF({ QPointF(x, r.top() + 2), QPointF(x - 7, r.bottom() - 2), QPointF(x + 7, r.bottom() - 2) }));
        painter->setPen(QPen(theme::highWatermark, 2));
        painter->drawLine(QLineF(x, r.top() + 2, r.right() - 2, r.top() + 2));
        break;
    }
    case Swatch::Message:
        painter->setPen(QPen(theme::ink, 2));
        painter->setBrush(theme::blue);
        painter->drawEllipse(QPointF(r.left() + 10, r.center().y()), 8, 8);
        QColor track = theme::blue;
        track.setAlpha(70);
        painter->setPen(QPen(track, 2));
        painter->drawLine(QLineF(r.left() + 20, r.center().y(), r.right(), r.center().y()));
        break;
    }
}

void LegendItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    for (const Placed& p : m_placed)
        paintSwatch(painter, p.swatch, p.sample);
    paintTexts(painter);
}

} // namespace hw::ui
