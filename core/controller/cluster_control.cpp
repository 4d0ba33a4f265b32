// SPDX-License-Identifier: MIT
#include "controller/cluster_control.h"

namespace hw {

ClusterControl::ClusterControl(ClusterState& state, Network& net, ReplicationControl& replication)
    : Component(state, net), m_replication(replication)
{
}

void ClusterControl::armSessionTimer(BrokerId broker)
{
    BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(broker - 1)];
    const TimeMs deadline = reg.lastHeartbeatMs + m_state.config.brokerSessionTimeoutMs;
    if (reg.sessionTimerMs >= 0 && reg.sessionTimerMs <= deadline)
        return;
    reg.sessionTimerMs = deadline;
    m_net.schedule(deadline, Timer{TimerKind::SessionCheck, broker, -1});
}

std::optional<Event> ClusterControl::handleHeartbeat(const Message& message, const BrokerHeartbeatRequest& request)
{
    BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(request.broker - 1)];
    reg.lastHeartbeatMs = m_state.nowMs;
    armSessionTimer(request.broker);
    Event e;
    e.node = controllerNodeId;
    e.peer = request.broker;
    BrokerHeartbeatResponse response;

    if (request.wantShutdown) {
        // Controlled shutdown: move the broker's leaderships and take it out of every ISR, then let it go.
        reg.inControlledShutdown = true;
        e.type = EventType::ControlledShutdown;
        e.count = m_replication.removeBrokerFromPartitions(request.broker, e);
        reg.fenced = true;
        m_replication.refreshOffsetsPartitions();
        response.shouldShutdown = true;
    } else if (request.registering && message.fromIncarnation != reg.incarnation) {
        // A restarted broker registers anew, once per incarnation: the heartbeats it sends before the
        // answer arrives (a slow link) repeat the registration of the same incarnation, which
        // ClusterControlManager.registerBroker replays without touching any ISR, so they are plain
        // heartbeats here. Whatever ISRs it was in were for a log that may have lost its unflushed
        // tail, so it leaves them and rejoins by catching up (KIP-903 keeps a stale broker epoch out of
        // the ISR); then it is unfenced and learns the current metadata. Kafka 3.7 itself leaves the
        // broker in its ISRs, fenced; taking it out on a new incarnation is KIP-966's
        // ReplicationControlManager.handleBrokerUncleanShutdown, which needs ELR (metadata 4.0).
        reg.incarnation = message.fromIncarnation;
        e.type = EventType::BrokerRegistered;
        // Kafka before 0.11 (the legacy truncation mode) kept a quickly restarted broker in its ISRs.
        if (m_state.config.truncation == TruncationMode::LeaderEpoch) {
            reg.fenced = true;
            e.count = m_replication.removeBrokerFromPartitions(request.broker, e);
        }
        reg.fenced = false;
        reg.inControlledShutdown = false;
        Event elected;
        e.completed = m_replication.electOfflineLeaders(elected);
        if (e.count == 0 && e.completed > 0) {
            e.partition = elected.partition;
            e.value = elected.value;
            e.flags |= elected.flags;
            e.isr = elected.isr;
        }
        m_replication.refreshOffsetsPartitions();
        // Then the returning broker catches up on the metadata it missed (elections included).
        m_replication.publishAllTo(request.broker);
    } else if (reg.fenced) {
        e.type = EventType::BrokerUnfenced;
        reg.fenced = false;
        e.count = m_replication.electOfflineLeaders(e);
        m_replication.refreshOffsetsPartitions();
        m_replication.publishAllTo(request.broker);
    } else {
        e.type = EventType::HeartbeatHandled;
    }
    response.fenced = reg.fenced;
    m_net.send(NodeRef::controller(), message.from, response);
    return e;
}

std::optional<Event> ClusterControl::sessionCheck(BrokerId broker)
{
    BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(broker - 1)];
    if (reg.sessionTimerMs != m_state.nowMs)
        return std::nullopt;
    reg.sessionTimerMs = -1;
    if (reg.fenced)
        return std::nullopt;
    if (m_state.nowMs - reg.lastHeartbeatMs < m_state.config.brokerSessionTimeoutMs) {
        armSessionTimer(broker);
        return std::nullopt;
    }
    reg.fenced = true;
    Event e = Event::at(EventType::BrokerFenced, controllerNodeId, broker);
    e.count = m_replication.removeBrokerFromPartitions(broker, e);
    m_replication.refreshOffsetsPartitions();
    return e;
}

} // namespace hw
