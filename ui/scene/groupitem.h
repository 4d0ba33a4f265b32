// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// A consumer group as its coordinator sees it: a frame around its members (ConsumerItems) with
/// the group's state, generation, coordinator and assignor. group -1 frames the consumers that read
/// partitions they were given by hand, outside any group.
class GroupItem : public FrameItem {
public:
    enum { Type = GroupItemType };

    GroupItem(const hw::ClusterState& state, std::int32_t group, qreal width);
    /// The width of a frame whose name is not cut (-1: the consumers without a group).
    static qreal nameWidth(const hw::ClusterState& state, std::int32_t group);
    int type() const override { return Type; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// Where the members start inside the frame.
    qreal headerHeight() const { return m_headerHeight; }

    static QString stateText(std::uint8_t state);

private:
    qreal m_headerHeight = 0;
};

} // namespace hw::ui
