// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsItem>

namespace hw::ui {

/// QGraphicsItem::type() values of the scene's items, for qgraphicsitem_cast.
enum ItemType {
    BrokerItemType = QGraphicsItem::UserType + 1,
    ReplicaLogItemType = QGraphicsItem::UserType + 2,
    HwLineItemType = QGraphicsItem::UserType + 3,
    ProducerItemType = QGraphicsItem::UserType + 4,
    ControllerItemType = QGraphicsItem::UserType + 5,
    MessageItemType = QGraphicsItem::UserType + 6,
    LegendItemType = QGraphicsItem::UserType + 7,
    TitleItemType = QGraphicsItem::UserType + 8,
    ConsumerItemType = QGraphicsItem::UserType + 9,
    GroupItemType = QGraphicsItem::UserType + 10,
    AssignmentLineItemType = QGraphicsItem::UserType + 11,
    // Numbered apart from the others so that types added in parallel branches do not collide.
    LostListItemType = QGraphicsItem::UserType + 20,
    DiffMarkItemType = QGraphicsItem::UserType + 23,
    LiveClientsItemType = QGraphicsItem::UserType + 24,
    AggregateItemType = QGraphicsItem::UserType + 25,
};

} // namespace hw::ui
