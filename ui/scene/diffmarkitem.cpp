// SPDX-License-Identifier: MIT
#include "scene/diffmarkitem.h"

#include "base/theme.h"

#include <QPainter>
#include <QPainterPath>
#include <QPainterPathStroker>

namespace hw::ui {

namespace {

/// Room between the marked text and the outline.
constexpr qreal outlinePadding = 5;

/// The outline's and the badge's colour (the badge has paper-coloured text and an ink border, so that it
/// stands out in every theme and also in grey).
QColor badgeFill()
{
    return theme::reddishPurple;
}

} // namespace

qreal DiffMarkItem::outlineWidth()
{
    return 8 * theme::lineScale();
}

DiffMarkItem::DiffMarkItem(const QRectF& outline, const QString& text)
    : FrameItem(SceneTarget {}),
      m_outline(outline.adjusted(-outlinePadding, -outlinePadding, outlinePadding, outlinePadding)),
      m_text(text)
{
    // Over everything it marks, under the messages' labels (which avoid its badge).
    setZValue(40);
    setAcceptedMouseButtons(Qt::NoButton);
    const QFont font = theme::font(theme::titleSize, true);
    const QString sign = QStringLiteral("\u2260");
    // The badge stands just outside the outline's right edge, level with its middle: the marked text
    // stays readable, and right of a heading line or a row's name there is room.
    const QPointF badgeTopLeft(
        m_outline.right() + outlineWidth() / 2 + 3, m_outline.center().y() - (textHeight(sign, font) + 2) / 2);
    addBadge(sign, font, badgeTopLeft, theme::paper, badgeFill(), QPen(theme::ink, 2), QStringLiteral("diff"));
    const qreal halfPen = outlineWidth() / 2;
    QRectF bounds = m_outline.adjusted(-halfPen, -halfPen, halfPen, halfPen);
    for (const TextRun& run : texts())
        bounds = bounds.united(run.box.adjusted(-2, -2, 2, 2));
    setBounds(bounds);
}

QPainterPath DiffMarkItem::shape() const
{
    QPainterPath outline;
    outline.addRect(m_outline);
    QPainterPathStroker stroker;
    stroker.setWidth(outlineWidth() + 4);
    QPainterPath path = stroker.createStroke(outline);
    for (const TextRun& run : texts())
        path.addRect(run.box);
    return path;
}

void DiffMarkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    painter->setBrush(Qt::NoBrush);
    // A wide paper-coloured stroke under a narrower coloured one: the outline shows on light cells
    // and dark ones.
    painter->setPen(QPen(theme::paper, outlineWidth() + 3, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter->drawRect(m_outline);
    painter->setPen(QPen(badgeFill(), outlineWidth(), Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter->drawRect(m_outline);
    paintTexts(painter);
}

} // namespace hw::ui
