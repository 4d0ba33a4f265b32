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
    /// Where message dots to and from the broker start and end, in item coordinates: on the name's
    /// line, clear of its replicas, right of the name and the state badge by a dot, or, when the
    /// header has no room left there (presentation mode's larger text), just outside the box's right
    /// border, so that a dot waiting there covers no text. Notes beside the badge start clear of it.
    static qreal anchorX(const hw::ClusterState& state, hw::BrokerId broker, qreal width);
    /// The anchor in scene coordinates, as the last sync() placed it.
    QPointF anchor() const { return mapToScene(QPointF(boundingRect().left() + m_anchorX, headerHeight() / 2 + 4)); }

private:
    hw::BrokerId m_broker;
    BrokerStatus m_status = BrokerStatus::Online;
    qreal m_anchorX = 0;
};

} // namespace hw::ui
