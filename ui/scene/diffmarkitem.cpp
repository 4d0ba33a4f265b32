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

/// The badge's colours: the ink's opposite on the highlight colour, and a border in ink, so that it
/// stands out in every theme and also in grey.
QColor badgeFill()
{
    return theme::reddishPurple;
}

} // namespace

qreal DiffMarkItem::outlineWidth()
{
    return 5 * theme::lineScale();
}

DiffMarkItem::DiffMarkItem(const QRectF& outline, const QString& text)
    : FrameItem(SceneTarget {}),
      m_outline(outline.adjusted(-outlinePadding, -outlinePadding, outlinePadding, outlinePadding)),
      m_text(text)
{
    // Over everything it marks, under the messages' labels (which avoid its badge).
    setZValue(40);
    setAcceptedMouseButtons(Qt::NoButton);
    const QFont font = theme::font(theme::labelSize, true);
    const QString sign = QStringLiteral("\u2260");
    const qreal side = std::max(textWidth(sign, font), textHeight(sign, font)) + 8;
    // The badge sits on the outline's top-right corner, half out of it, so that it covers as little
    // of the marked text as it can.
    const QPointF badgeTopLeft(m_outline.right() - side / 2, m_outline.top() - side / 2);
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
    // A wide light stroke under a narrower dark one: the outline shows on light cells and dark ones.
    painter->setPen(QPen(theme::paper, outlineWidth() + 3, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter->drawRect(m_outline);
    painter->setPen(QPen(badgeFill(), outlineWidth(), Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    painter->drawRect(m_outline);
    paintTexts(painter);
}

} // namespace hw::ui
