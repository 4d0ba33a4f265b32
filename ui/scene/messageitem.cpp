// SPDX-License-Identifier: MIT
#include "scene/messageitem.h"

#include "base/theme.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

QFont labelFont()
{
    return theme::font(theme::tagSize, true);
}

} // namespace

MessageItem::MessageItem(std::uint64_t sequence, Kind kind, const QString& label, QPointF from, QPointF to,
    hw::TimeMs sentMs, hw::TimeMs arrivesMs)
    : FrameItem(SceneTarget::forMessage(sequence)),
      m_kind(kind),
      m_label(label),
      m_from(from),
      m_to(to),
      m_dot(from),
      m_sentMs(sentMs),
      m_arrivesMs(arrivesMs),
      m_lastArrivalMs(arrivesMs)
{
    setFlag(ItemIsSelectable);
    setZValue(10);
    relayout();
}

namespace {

double progressAt(double timeMs, hw::TimeMs sentMs, hw::TimeMs arrivesMs)
{
    const double span = static_cast<double>(std::max<hw::TimeMs>(1, arrivesMs - sentMs));
    return std::clamp((timeMs - static_cast<double>(sentMs)) / span, 0.0, 1.0);
}

} // namespace

void MessageItem::setFollowers(std::vector<Follower> followers, const QString& detail)
{
    m_followers = std::move(followers);
    m_detail = detail;
    m_lastArrivalMs = m_arrivesMs;
    for (const Follower& f : m_followers)
        m_lastArrivalMs = std::max(m_lastArrivalMs, f.arrivesMs);
    m_followerDots.assign(m_followers.size(), m_from);
    m_progress = -1; // placed anew by the next setTime
}

void MessageItem::setTime(double timeMs)
{
    const double progress = progressAt(timeMs, m_sentMs, m_arrivesMs);
    bool followersMoved = false;
    for (std::size_t i = 0; i < m_followers.size(); ++i) {
        const QPointF dot
            = m_from + (m_to - m_from) * progressAt(timeMs, m_followers[i].sentMs, m_followers[i].arrivesMs);
        followersMoved = followersMoved || dot != m_followerDots[i];
        m_followerDots[i] = dot;
    }
    if (progress == m_progress && !followersMoved && !texts().isEmpty())
        return;
    m_progress = progress;
    m_dot = m_from + (m_to - m_from) * progress;
    relayout();
}

void MessageItem::setLabelOffset(QPointF offset)
{
    if (offset == m_labelOffset)
        return;
    m_labelOffset = offset;
    relayout();
}

void MessageItem::setLabelVisible(bool visible)
{
    if (visible == m_labelVisible)
        return;
    m_labelVisible = visible;
    relayout();
}

QRectF MessageItem::dotRect() const
{
    const qreal outer = dotRadius + dotOutline;
    return QRectF(m_dot - QPointF(outer, outer), QSizeF(2 * outer, 2 * outer));
}

QRectF MessageItem::naturalLabelBox() const
{
    const QFont font = labelFont();
    const qreal padding = font.pixelSize() * 0.35;
    // As tall as addBadge makes it: the label's own line, taller in Chinese.
    const qreal height = textHeight(m_label, font);
    return QRectF(
        m_dot + QPointF(dotRadius + 6, -height / 2 - 1), QSizeF(textWidth(m_label, font) + 2 * padding, height + 2));
}

void MessageItem::relayout()
{
    clearTexts();
    const QColor color = theme::messageColor(static_cast<int>(m_kind));
    QRectF bounds
        = QRectF(m_from, m_to).normalized().adjusted(-dotRadius - 2, -dotRadius - 2, dotRadius + 2, dotRadius + 2);
    if (m_labelVisible) {
        const QRectF natural = naturalLabelBox();
        addBadge(m_label, labelFont(), natural.topLeft() + m_labelOffset, theme::ink, QBrush(theme::paper),
            QPen(color, 2), QStringLiteral("message"));
        bounds = bounds.united(texts().constFirst().box.adjusted(-2, -2, 2, 2));
    }
    setBounds(bounds);
    update();
}

QPainterPath MessageItem::shape() const
{
    QPainterPath path;
    path.addEllipse(m_dot, dotRadius + 2, dotRadius + 2);
    if (m_labelVisible && !texts().isEmpty())
        path.addRect(texts().constFirst().box);
    return path;
}

void MessageItem::drawTrack(QPainter* painter, const QLineF& line, const QColor& color)
{
    // Side by side one-pixel lines rather than one wide line: a cosmetic pen at most one pixel wide
    // takes the raster engine's cosmetic stroker, while a wider one is filled as spans, and Qt hands
    // span fills taller than about a hundred lines to its GUI thread pool: with a dozen messages in
    // flight that synchronisation was half of a repaint's wall time on two cores.
    const qreal devicePixel = 1.0 / std::max(1e-6, std::sqrt(std::abs(painter->worldTransform().determinant())));
    const int strands = std::max(1, static_cast<int>(std::lround(2 * theme::lineScale())));
    const QPointF normal = line.length() > 0 ? QPointF(-line.dy(), line.dx()) / line.length() * devicePixel : QPointF();
    painter->setPen(theme::hairline(color, 1 / theme::lineScale()));
    for (int i = 0; i < strands; ++i) {
        const QPointF shift = normal * (i - (strands - 1) / 2.0);
        painter->drawLine(line.translated(shift));
    }
}

void MessageItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QColor color = theme::messageColor(static_cast<int>(m_kind));
    // The track: where the message comes from and goes to (solid and faint: dashing long lines for
    // every message in flight costs more than the rest of the frame).
    QColor track = color;
    track.setAlpha(70);
    // The track stops short of the dot rather than running under it: where the faint line and the
    // dot's anti-aliased outline fell on one pixel, a transparent export stacked two partly
    // transparent layers there, and its 8-bit premultiplied rounding no longer matched the same
    // drawing on the theme's paper (CliExport.ThemeSetsTheDrawingsColours...). The gap is the
    // outline's outer edge and its anti-aliasing, hidden under the dot anyway.
    const QLineF line(m_from, m_to);
    const qreal gap = dotRadius + 2;
    if (line.length() > 0) {
        const QPointF along = (m_to - m_from) / line.length();
        const qreal at = QPointF::dotProduct(m_dot - m_from, along);
        if (at - gap > 0)
            drawTrack(painter, QLineF(m_from, m_from + along * (at - gap)), track);
        if (at + gap < line.length())
            drawTrack(painter, QLineF(m_from + along * (at + gap), m_to), track);
    }
    if (!m_labelOffset.isNull() && m_labelVisible) {
        // The leader line ends at the point of the label's box nearest the dot.
        const QRectF box = texts().constFirst().box;
        const QPointF end(
            std::clamp(m_dot.x(), box.left(), box.right()), std::clamp(m_dot.y(), box.top(), box.bottom()));
        painter->setPen(theme::hairline(color, 1.5));
        painter->drawLine(QLineF(m_dot, end));
    }
    // A bundle's other messages: small dots of their kinds' colours, under the labelled one.
    painter->setPen(QPen(theme::ink, 1));
    for (std::size_t i = 0; i < m_followers.size(); ++i) {
        painter->setBrush(theme::messageColor(static_cast<int>(m_followers[i].kind)));
        painter->drawEllipse(m_followerDots[i], followerRadius, followerRadius);
    }
    painter->setPen(QPen(isSelected() ? theme::blue : theme::ink, isSelected() ? 4 : 2));
    painter->setBrush(color);
    painter->drawEllipse(m_dot, dotRadius, dotRadius);
    paintTexts(painter);
}

} // namespace hw::ui
