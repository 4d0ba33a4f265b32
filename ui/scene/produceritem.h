// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// A producer client: its id, default acks and how its batches stand.
class ProducerItem : public FrameItem {
public:
    enum { Type = ProducerItemType };

    ProducerItem(std::int32_t producer, QSizeF size);
    int type() const override { return Type; }

    void sync(const hw::ClusterState& state);
    void setSize(QSizeF size);
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    std::int32_t producer() const { return m_producer; }
    QPointF anchor() const { return mapToScene(boundingRect().center()); }

    static qreal preferredHeight();
    /// The width of a box whose name line is not broken.
    static qreal nameWidth(const hw::ClusterState& state, std::int32_t producer);

private:
    std::int32_t m_producer;
};

} // namespace hw::ui
