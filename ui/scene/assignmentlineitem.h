// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

#include <QPolygonF>

namespace hw::ui {

/// A consumer's assignment: a line from the consumer to the replica it reads the partition from (the
/// partition's leader; a dotted line while the partition has no leader). The line is a path of
/// straight pieces, so the cluster view can route it through the gaps between broker boxes.
class AssignmentLineItem : public FrameItem {
public:
    enum { Type = AssignmentLineItemType };

    AssignmentLineItem(std::int32_t consumer, std::int32_t partition, QPointF from, QPointF to, bool toLeader);
    /// A routed line: path runs from the consumer to the replica, corner by corner.
    AssignmentLineItem(std::int32_t consumer, std::int32_t partition, const QPolygonF& path, bool toLeader);
    int type() const override { return Type; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    /// The line itself, a few pixels wide: a right-click or hover off the line reaches what is below.
    QPainterPath shape() const override;

    std::int32_t partition() const { return m_partition; }
    /// The corners from the consumer to the replica, in scene coordinates (the item is not moved).
    const QPolygonF& path() const { return m_path; }

private:
    std::int32_t m_partition;
    QPolygonF m_path;
    bool m_toLeader;
};

} // namespace hw::ui
