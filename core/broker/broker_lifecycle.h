// SPDX-License-Identifier: MIT
#pragma once

#include "sim/component.h"

#include <cstdint>
#include <optional>

/// A broker's process and its session with the controller (Kafka's server/BrokerLifecycleManager.scala):
/// heartbeats, controlled shutdown, and the faults a user injects: kill, restart, isolate, heal.
namespace hw {

class BrokerLifecycle : private Component {
public:
    using Component::Component;

    ApplyResult brokerAction(const BrokerAction& action);
    std::optional<Event> handleHeartbeatResponse(const Message& message, const BrokerHeartbeatResponse& response);
    /// Kill whichever broker leads the partition now.
    ApplyResult killLeader(const KillLeaderAction& action);
    /// The Heartbeat timer: re-armed every broker.heartbeat.interval.ms; a live broker heartbeats.
    std::optional<Event> heartbeatTimer(const Timer& timer);
};

} // namespace hw
