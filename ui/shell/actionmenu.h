// SPDX-License-Identifier: MIT
#pragma once

#include "control/useraction.h"
#include "scene/scenetarget.h"

#include <functional>

class QMenu;
class QWidget;

namespace hw::ui {

/// The context menu of a drawn item: the actions that make sense for it at this frame (a dead broker
/// can be restarted, not killed). Choosing one calls act(), which pushes it as a command.
class ActionMenu {
public:
    struct Handlers {
        std::function<void(const UserAction&)> act;
        std::function<void(std::int32_t partition)> showPartition;
        /// Asks for a new consumer in this group (a dialog), which then runs through act().
        std::function<void(std::int32_t group)> addConsumer;
    };

    /// A new menu (owned by the caller) for the target; an invalid target gets the cluster-wide actions.
    static QMenu* build(
        const SceneTarget& target, const hw::ClusterState& state, const Handlers& handlers, QWidget* parent);

private:
    static void addBrokerActions(QMenu* menu, const hw::ClusterState& state, hw::BrokerId broker, const Handlers& h);
    static void addPartitionActions(
        QMenu* menu, const hw::ClusterState& state, std::int32_t partition, const Handlers& h);
    static void addConsumerActions(
        QMenu* menu, const hw::ClusterState& state, std::int32_t consumer, const Handlers& h);
    static void addClusterActions(QMenu* menu, const hw::ClusterState& state, const Handlers& h);
};

} // namespace hw::ui
