// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

#include <QStringList>

namespace hw {
struct Producer;
}

namespace hw::ui {

/// A producer client: its name, acks, its producer id and epoch when idempotent, how its records
/// stand, and the batches it has in flight against max.in.flight.requests.per.connection.
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
    /// "id 1000 · epoch 0", "id: waiting" before InitProducerId answers, or "idempotence off".
    static QString identityText(const hw::Producer& producer);
    /// Batches sent and not yet answered.
    static int inFlightCount(const hw::Producer& producer);
    /// The batches in flight, oldest first: sequence ranges ("0–2"), or batch numbers ("#3") for a
    /// producer without idempotence; with the partition when they go to more than one.
    static QStringList inFlightBatches(const hw::ClusterState& state, const hw::Producer& producer);
    /// The width of a box whose name line is not broken.
    static qreal nameWidth(const hw::ClusterState& state, std::int32_t producer);

private:
    std::int32_t m_producer;
};

} // namespace hw::ui
