// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// The KRaft controller (node 0): which brokers it has fenced and the partitions without a leader.
class ControllerItem : public FrameItem {
public:
    enum { Type = ControllerItemType };

    explicit ControllerItem(QSizeF size);
    int type() const override { return Type; }

    void sync(const hw::ClusterState& state);
    void setSize(QSizeF size);
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    QPointF anchor() const { return mapToScene(boundingRect().center()); }

    static qreal preferredHeight();
    /// The width of a box whose name line is not broken.
    static qreal nameWidth();
};

} // namespace hw::ui
