// SPDX-License-Identifier: MIT
#include "scene/assignmentlineitem.h"

#include "base/theme.h"

#include <QPainter>
#include <QPainterPath>
#include <QPainterPathStroker>

#include <cmath>

namespace hw::ui {

AssignmentLineItem::AssignmentLineItem(
    std::int32_t consumer, std::int32_t partition, QPointF from, QPointF to, bool toLeader)
    : AssignmentLineItem(consumer, partition, QPolygonF({ from, to }), toLeader)
{
}

AssignmentLineItem::AssignmentLineItem(
    std::int32_t consumer, std::int32_t partition, const QPolygonF& path, bool toLeader)
    : FrameItem(SceneTarget::forConsumer(consumer)), m_partition(partition), m_path(path), m_toLeader(toLeader)
{
    setZValue(5);
    setBounds(m_path.boundingRect().adjusted(-12, -12, 12, 12));
}

QPainterPath AssignmentLineItem::shape() const
{
    QPainterPath line;
    line.addPolygon(m_path);
    QPainterPathStroker stroker;
    stroker.setWidth(8);
    return stroker.createStroke(line);
}

void AssignmentLineItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_path.size() < 2)
        return;
    QColor color = theme::skyBlue.darker(130);
    color.setAlpha(200);
    painter->setPen(QPen(color, 3, m_toLeader ? Qt::DashLine : Qt::DotLine));
    painter->setBrush(Qt::NoBrush);
    painter->drawPolyline(m_path);
    // An arrowhead at the partition end: the consumer reads from there.
    const QPointF to = m_path.constLast();
    const QLineF line(to, m_path.at(m_path.size() - 2));
    const qreal angle = std::atan2(line.dy(), line.dx());
    const qreal size = 14;
    const QPointF a = to + QPointF(std::cos(angle + 0.45) * size, std::sin(angle + 0.45) * size);
    const QPointF b = to + QPointF(std::cos(angle - 0.45) * size, std::sin(angle - 0.45) * size);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(QPolygonF({ to, a, b }));
}

} // namespace hw::ui
