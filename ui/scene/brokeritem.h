// SPDX-License-Identifier: MIT
#pragma once

#include "scene/clusterfacts.h"
#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// A broker in the cluster view: a box whose border and badge say whether it is online, offline,
/// isolated or fenced (a pattern and a word for each, never colour alone). Its replicas are drawn
/// inside it by ReplicaLogItems.
class BrokerItem : public FrameItem {
public:
    enum { Type = BrokerItemType };
    /// The height of the name and state line above the replica rows, at the current text sizes.
    static qreal headerHeight();
    /// The header's height for this broker in a box this wide: taller when the notes on how it
    /// behaves ("slowed: 200 ms") do not fit beside its badge and are wrapped under its name.
    static qreal headerHeight(const hw::ClusterState& state, hw::BrokerId broker, qreal width);

    BrokerItem(hw::BrokerId broker, QSizeF size);
    int type() const override { return Type; }

    void sync(const hw::ClusterState& state);
    void setSize(QSizeF size);
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    hw::BrokerId broker() const { return m_broker; }
    BrokerStatus status() const { return m_status; }
    /// Where messages to and from the broker start and end: in its header, clear of its replicas.
    /// Where message dots to and from the broker start and end, in item coordinates: beside the state
    /// badge, on the name's line (notes beside the badge start clear of it).
    static qreal anchorX(qreal width) { return width / 2 + 40; }
    QPointF anchor() const
    {
        return mapToScene(QPointF(boundingRect().left() + anchorX(boundingRect().width()), headerHeight() / 2 + 4));
    }

private:
    hw::BrokerId m_broker;
    BrokerStatus m_status = BrokerStatus::Online;
};

} // namespace hw::ui
