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
    /// The StartupHeartbeat timer: a starting broker's next heartbeat 10 ms after an answer, or a
    /// refused registration's retry.
    std::optional<Event> startupHeartbeat(const Timer& timer);

private:
    void sendHeartbeat(Broker& broker);
    void scheduleStartupHeartbeat(Broker& broker, TimeMs delayMs);
};

} // namespace hw
