// SPDX-License-Identifier: MIT
#include "scene/itempool.h"

#include "model/limits.h"
#include "scene/brokeritem.h"
#include "scene/controlleritem.h"
#include "scene/produceritem.h"

#include <QGraphicsScene>

namespace hw::ui {

namespace {

// The key packs a broker id into 8 bits and a partition or an index into 16: within the limits a
// scenario may reach, two items never share one.
static_assert(hw::limits::brokersMax < (1 << 8));
static_assert(hw::limits::topicsMax * hw::limits::partitionsMax < (1 << 16));
static_assert(hw::limits::producersMax < (1 << 16) && hw::limits::consumersMax < (1 << 16));

quint64 keyOf(int type, const SceneTarget& target)
{
    return (static_cast<quint64>(type & 0xFF) << 56) | (static_cast<quint64>(target.kind) << 48)
        | (static_cast<quint64>(static_cast<quint8>(target.broker)) << 40)
        | (static_cast<quint64>(static_cast<quint16>(target.partition)) << 24)
        | static_cast<quint64>(static_cast<quint16>(target.index));
}

bool reusable(int type)
{
    return type == ReplicaLogItemType || type == BrokerItemType || type == ControllerItemType
        || type == ProducerItemType || type == TitleItemType || type == LegendItemType;
}

} // namespace

void ItemPool::begin()
{
    m_free.clear();
    const QList<QGraphicsItem*> items = m_scene->items();
    for (QGraphicsItem* item : items) {
        if (item->type() > QGraphicsItem::UserType && reusable(item->type())) {
            auto* frameItem = static_cast<FrameItem*>(item);
            m_free.insert(keyOf(item->type(), frameItem->target()), frameItem);
        } else {
            delete item;
        }
    }
}

void ItemPool::end()
{
    for (FrameItem* item : std::as_const(m_free))
        delete item;
    m_free.clear();
}

FrameItem* ItemPool::take(int type, const SceneTarget& target)
{
    return m_free.take(keyOf(type, target));
}

template <typename T> T* ItemPool::adopt(T* item)
{
    m_scene->addItem(item);
    return item;
}

ReplicaLogItem* ItemPool::replicaRow(std::int32_t partition, hw::BrokerId broker, const LogGeometry& geometry)
{
    if (auto* item
        = static_cast<ReplicaLogItem*>(take(ReplicaLogItemType, SceneTarget::forReplica(partition, broker)))) {
        item->setGeometry(geometry);
        return item;
    }
    return adopt(new ReplicaLogItem(partition, broker, geometry));
}

BrokerItem* ItemPool::brokerBox(hw::BrokerId broker, QSizeF size)
{
    if (auto* item = static_cast<BrokerItem*>(take(BrokerItemType, SceneTarget::forBroker(broker)))) {
        item->setSize(size);
        return item;
    }
    return adopt(new BrokerItem(broker, size));
}

ControllerItem* ItemPool::controllerBox(QSizeF size)
{
    if (auto* item = static_cast<ControllerItem*>(take(ControllerItemType, SceneTarget::forController()))) {
        item->setSize(size);
        return item;
    }
    return adopt(new ControllerItem(size));
}

ProducerItem* ItemPool::producerBox(std::int32_t producer, QSizeF size)
{
    if (auto* item = static_cast<ProducerItem*>(take(ProducerItemType, SceneTarget::forProducer(producer)))) {
        item->setSize(size);
        return item;
    }
    return adopt(new ProducerItem(producer, size));
}

TitleItem* ItemPool::title(const SceneTarget& target, qreal width, const QList<TitleItem::Line>& lines)
{
    auto* item = static_cast<TitleItem*>(take(TitleItemType, target));
    if (item && item->matches(width, lines))
        return item;
    delete item;
    return adopt(new TitleItem(target, width, lines));
}

LegendItem* ItemPool::legend(const QList<LegendItem::Entry>& entries, qreal width)
{
    auto* item = static_cast<LegendItem*>(take(LegendItemType, SceneTarget {}));
    if (item && item->matches(entries, width))
        return item;
    delete item;
    return adopt(new LegendItem(entries, width));
}

} // namespace hw::ui
