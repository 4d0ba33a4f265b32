// SPDX-License-Identifier: MIT
#pragma once

#include "controller/replication_control.h"
#include "sim/component.h"

#include <algorithm>
#include <optional>

/// The controller's brokers (Kafka's metadata/.../ClusterControlManager.java and the heartbeat handling
/// of QuorumController): registrations, heartbeats, sessions, fencing and controlled shutdown.
namespace hw {

class ClusterControl : private Component {
public:
    ClusterControl(ClusterState& state, Network& net, ReplicationControl& replication);

    std::optional<Event> handleHeartbeat(const Message& message, const BrokerHeartbeatRequest& request);
    std::optional<Event> sessionCheck(BrokerId broker);
    void armSessionTimer(BrokerId broker);

private:
    bool hasValidSession(const BrokerRegistration& reg) const;

    ReplicationControl& m_replication;
};

} // namespace hw
