// SPDX-License-Identifier: MIT
#pragma once

#include "scene/legenditem.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"

#include <QHash>

class QGraphicsScene;

namespace hw::ui {

class BrokerItem;
class ControllerItem;
class ProducerItem;

/// Keeps the long-lived items of a scene from one frame to the next. Between two frames most
/// replicas, brokers and labels do not change; an item that is handed back and re-synced to an
/// equal picture keeps its cached rendering, so the next frame repaints only what changed.
///
/// A layout pass asks the pool for each item it needs (an old one if there is one, else a new one
/// added to the scene); end() deletes the ones no longer asked for.
class ItemPool {
public:
    explicit ItemPool(QGraphicsScene* scene) : m_scene(scene) { }

    /// Starts a layout pass: every reusable item becomes available; other items are deleted.
    void begin();
    /// Ends it: items not taken are deleted.
    void end();

    ReplicaLogItem* replicaRow(std::int32_t partition, hw::BrokerId broker, const LogGeometry& geometry);
    BrokerItem* brokerBox(hw::BrokerId broker, QSizeF size);
    ControllerItem* controllerBox(QSizeF size);
    ProducerItem* producerBox(std::int32_t producer, QSizeF size);
    TitleItem* title(const SceneTarget& target, qreal width, const QList<TitleItem::Line>& lines);
    LegendItem* legend(const QList<LegendItem::Entry>& entries, qreal width);

private:
    FrameItem* take(int type, const SceneTarget& target);
    template <typename T> T* adopt(T* item);

    QGraphicsScene* m_scene;
    QHash<quint64, FrameItem*> m_free;
};

} // namespace hw::ui
