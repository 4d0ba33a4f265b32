// SPDX-License-Identifier: MIT
#pragma once

#include "scene/scenetarget.h"

#include <QTreeWidget>

namespace hw::ui {

class SimController;

/// The state of what was clicked, as the engine has it at the current frame: a broker, a replica
/// (LEO, HW, the leader's view of its followers, lastCaughtUpTimeMs, epoch cache, ISR), a partition,
/// a producer, a consumer or group (assignments, positions, lag), a message in flight.
class InspectorPanel : public QTreeWidget {
    Q_OBJECT

public:
    explicit InspectorPanel(SimController* controller, QWidget* parent = nullptr);

    void setTarget(const SceneTarget& target);
    const SceneTarget& target() const { return m_target; }
    /// Re-reads the current frame.
    void refresh();

    /// The value shown for a property (first match, depth first), for tests.
    QString valueOf(const QString& property) const;

private:
    QTreeWidgetItem* add(QTreeWidgetItem* parent, const QString& name, const QString& value = QString());
    void showBroker();
    void showReplica();
    void showPartition(std::int32_t partition, QTreeWidgetItem* parent);
    void showProducer();
    void showConsumer(std::int32_t consumer, QTreeWidgetItem* parent);
    void showGroup();
    void showController();
    void showMessage();
    void showInFlight(QTreeWidgetItem* parent, int kind, std::int32_t id);

    SimController* m_controller;
    SceneTarget m_target;
};

} // namespace hw::ui
