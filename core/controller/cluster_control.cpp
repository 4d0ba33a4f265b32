// SPDX-License-Identifier: MIT
#include "controller/cluster_control.h"

#include "model/version_rules.h"

namespace hw {

ClusterControl::ClusterControl(ClusterState& state, Network& net, ReplicationControl& replication)
    : Component(state, net), m_replication(replication)
{
}

void ClusterControl::armSessionTimer(BrokerId broker)
{
    BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(broker - 1)];
    const TimeMs timeout = m_state.config.brokerSessionTimeoutMs;
    TimeMs deadline = reg.lastHeartbeatMs + timeout;
    if (rules::fenceCheckSampled(m_state.config.kafkaVersion)) {
        // QuorumController.maybeFenceStaleBroker runs every max(1 ms, timeout / 8) from the start and
        // fences a broker once `now > lastContact + timeout`: the first such check.
        const TimeMs period = std::max<TimeMs>(1, timeout / 8);
        deadline = (deadline / period + 1) * period;
    }
    if (reg.sessionTimerMs >= 0 && reg.sessionTimerMs <= deadline)
        return;
    reg.sessionTimerMs = deadline;
    m_net.schedule(deadline, Timer { TimerKind::SessionCheck, broker, -1 });
}

bool ClusterControl::hasValidSession(const BrokerRegistration& reg) const
{
    // 3.x BrokerHeartbeatManager.hasValidSession: a fenced broker has no session. 4.0+
    // BrokerHeartbeatTracker.hasValidSession: the last contact alone counts.
    if (reg.fenced && !rules::sessionSurvivesFencing(m_state.config.kafkaVersion))
        return false;
    return m_state.nowMs <= reg.lastHeartbeatMs + m_state.config.brokerSessionTimeoutMs;
}

std::optional<Event> ClusterControl::handleHeartbeat(const Message& message, const BrokerHeartbeatRequest& request)
{
    BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(request.broker - 1)];
    Event e;
    e.node = controllerNodeId;
    e.peer = request.broker;
    BrokerHeartbeatResponse response;

    if (request.registering && message.fromIncarnation != reg.incarnation) {
        // A new incarnation registers (ClusterControlManager.registerBroker). The heartbeats it sends
        // before the answer arrives repeat the registration of the same incarnation, which Kafka
        // replays as an amendment, so they are plain heartbeats here.
        // The legacy truncation mode teaches Kafka before 0.11, a ZooKeeper cluster, where the new
        // incarnation's session simply replaced the old one.
        const bool legacy = m_state.config.truncation == TruncationMode::HighWatermark;
        if (!legacy && hasValidSession(reg)) {
            // The old incarnation's session is still valid: DuplicateBrokerRegistrationException,
            // and the broker tries again later.
            e.type = EventType::RegistrationRefused;
            e.error = ErrorCode::DuplicateBrokerRegistration;
            response.error = ErrorCode::DuplicateBrokerRegistration;
            response.fenced = true;
            m_net.send(NodeRef::controller(), message.from, response);
            m_replication.afterWrite();
            return e;
        }
        e.type = EventType::BrokerRegistered;
        // Kafka before 0.11 (the legacy truncation mode) kept a quickly restarted broker in its ISRs.
        if (m_state.config.truncation == TruncationMode::LeaderEpoch
            && rules::registrationLeavesIsrs(m_state.config.kafkaVersion)) {
            // 4.0+: handleBrokerShutdown(id, clean), with clean meaning the broker's clean-shutdown
            // file names the epoch of the registration it replaces (KAFKA-18106, KAFKA-18635).
            const bool clean = request.previousBrokerEpoch >= 0 && request.previousBrokerEpoch == reg.brokerEpoch;
            e.count = m_replication.handleBrokerShutdown(request.broker, clean, e);
            e.detail = clean ? 1 : 0;
        }
        // The RegisterBrokerRecord: a new broker epoch (its offset), fenced until the broker has caught up
        // with the metadata to this record (KIP-841).
        reg.incarnation = message.fromIncarnation;
        reg.brokerEpoch = ++m_state.controller.metadataOffset;
        reg.fenced = true;
        reg.inControlledShutdown = false;
        reg.lastHeartbeatMs = m_state.nowMs;
        armSessionTimer(request.broker);
        m_replication.refreshOffsetsPartitions();
        m_replication.publishAllTo(request.broker);
        response.fenced = true;
        response.caughtUp = request.metadataOffset >= reg.brokerEpoch;
        response.brokerEpoch = reg.brokerEpoch;
        m_net.send(NodeRef::controller(), message.from, response);
        m_replication.afterWrite();
        return e;
    }

    reg.lastHeartbeatMs = m_state.nowMs;
    armSessionTimer(request.broker);
    const bool caughtUp = request.metadataOffset >= reg.brokerEpoch;
    if (request.wantShutdown) {
        // Controlled shutdown: move the broker's leaderships and take it out of every ISR, then let it go.
        reg.inControlledShutdown = true;
        e.type = EventType::ControlledShutdown;
        e.count = m_replication.removeBrokerFromPartitions(request.broker, e);
        reg.fenced = true;
        m_replication.refreshOffsetsPartitions();
        response.shouldShutdown = true;
    } else if (reg.fenced && caughtUp && !request.wantFence) {
        // BrokerHeartbeatManager.calculateNextBrokerState: FENCED -> UNFENCED once the broker no longer
        // asks to stay fenced and has caught up. It catches up on what it missed while fenced.
        e.type = EventType::BrokerUnfenced;
        reg.fenced = false;
        e.count = m_replication.handleBrokerUnfenced(request.broker, e);
        m_replication.refreshOffsetsPartitions();
        m_replication.publishAllTo(request.broker);
    } else {
        e.type = EventType::HeartbeatHandled;
    }
    response.fenced = reg.fenced;
    response.caughtUp = caughtUp;
    response.brokerEpoch = reg.brokerEpoch;
    m_net.send(NodeRef::controller(), message.from, response);
    m_replication.afterWrite();
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
    const TimeMs silence = m_state.nowMs - reg.lastHeartbeatMs;
    const TimeMs timeout = m_state.config.brokerSessionTimeoutMs;
    const bool stale = rules::fenceCheckSampled(m_state.config.kafkaVersion) ? silence > timeout : silence >= timeout;
    if (!stale) {
        armSessionTimer(broker);
        return std::nullopt;
    }
    reg.fenced = true;
    Event e = Event::at(EventType::BrokerFenced, controllerNodeId, broker);
    e.count = m_replication.removeBrokerFromPartitions(broker, e);
    m_replication.refreshOffsetsPartitions();
    m_replication.afterWrite();
    return e;
}

} // namespace hw
