// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// A consumer's assignment: a line from the consumer to the replica it reads the partition from (the
/// partition's leader; a dotted line while the partition has no leader).
class AssignmentLineItem : public FrameItem {
public:
    enum { Type = AssignmentLineItemType };

    AssignmentLineItem(std::int32_t consumer, std::int32_t partition, QPointF from, QPointF to, bool toLeader);
    int type() const override { return Type; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    std::int32_t partition() const { return m_partition; }
    QLineF line() const { return QLineF(m_from, m_to); }

private:
    std::int32_t m_partition;
    QPointF m_from;
    QPointF m_to;
    bool m_toLeader;
};

} // namespace hw::ui
