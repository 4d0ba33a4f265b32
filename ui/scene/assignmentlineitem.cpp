// SPDX-License-Identifier: MIT
#include "scene/assignmentlineitem.h"

#include "base/theme.h"

#include <QPainter>

#include <cmath>

namespace hw::ui {

AssignmentLineItem::AssignmentLineItem(
    std::int32_t consumer, std::int32_t partition, QPointF from, QPointF to, bool toLeader)
    : FrameItem(SceneTarget::forConsumer(consumer)),
      m_partition(partition),
      m_from(from),
      m_to(to),
      m_toLeader(toLeader)
{
    setZValue(5);
    setBounds(QRectF(from, to).normalized().adjusted(-12, -12, 12, 12));
}

void AssignmentLineItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    QColor color = theme::skyBlue.darker(130);
    color.setAlpha(200);
    painter->setPen(QPen(color, 3, m_toLeader ? Qt::DashLine : Qt::DotLine));
    painter->drawLine(QLineF(m_from, m_to));
    // An arrowhead at the partition end: the consumer reads from there.
    const QLineF line(m_to, m_from);
    const qreal angle = std::atan2(line.dy(), line.dx());
    const qreal size = 14;
    const QPointF a = m_to + QPointF(std::cos(angle + 0.45) * size, std::sin(angle + 0.45) * size);
    const QPointF b = m_to + QPointF(std::cos(angle - 0.45) * size, std::sin(angle - 0.45) * size);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(QPolygonF({ m_to, a, b }));
}

} // namespace hw::ui
