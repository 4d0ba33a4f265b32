// SPDX-License-Identifier: MIT
#pragma once

#include "controller/replication_control.h"
#include "model/cluster_state.h"
#include "model/event.h"
#include "sim/network.h"

#include <optional>

/// The controller's brokers (Kafka's metadata/.../ClusterControlManager.java and the heartbeat handling
/// of QuorumController): registrations, heartbeats, sessions, fencing and controlled shutdown.
namespace hw {

class ClusterControl {
public:
    ClusterControl(ClusterState& state, Network& net, ReplicationControl& replication)
        : m_state(state), m_net(net), m_replication(replication)
    {
    }

    std::optional<Event> handleHeartbeat(const Message& message, const BrokerHeartbeatRequest& request);
    std::optional<Event> sessionCheck(BrokerId broker);
    void armSessionTimer(BrokerId broker);

private:
    bool isUnfenced(BrokerId broker) const;

    ClusterState& m_state;
    Network& m_net;
    ReplicationControl& m_replication;
};

} // namespace hw
