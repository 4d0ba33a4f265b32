// SPDX-License-Identifier: MIT
#include "broker/broker_lifecycle.h"

#include "broker/replica.h"
#include "model/version_rules.h"

#include <algorithm>
#include <string>

namespace hw {

namespace {

/// The first retry delay of 3.7's and 3.8's registration backoff (BrokerLifecycleManager's
/// resendExponentialBackoff: `new ExponentialBackoff(100, 2, brokerSessionTimeoutMs, 0.02)`).
constexpr TimeMs registrationRetryBackoffInitialMs = 100;

} // namespace

void BrokerLifecycle::sendHeartbeat(Broker& b)
{
    BrokerHeartbeatRequest request{b.id, b.shuttingDown, !b.registered};
    request.wantFence = b.startup == Broker::Startup::Starting;
    request.metadataOffset = b.metadataOffset;
    request.previousBrokerEpoch = b.previousBrokerEpoch;
    m_net.send(NodeRef::broker(b.id), NodeRef::controller(), request);
}

void BrokerLifecycle::scheduleStartupHeartbeat(Broker& b, TimeMs delayMs)
{
    if (b.startupHeartbeatPending)
        return;
    b.startupHeartbeatPending = true;
    m_net.schedule(m_state.nowMs + delayMs, Timer{TimerKind::StartupHeartbeat, b.id, b.incarnation});
}

std::optional<Event> BrokerLifecycle::handleHeartbeatResponse(const Message& message, const BrokerHeartbeatResponse& response)
{
    Broker& b = m_state.broker(message.to.id);
    if (response.error == ErrorCode::DuplicateBrokerRegistration) {
        // BrokerLifecycleManager.scheduleNextCommunicationAfterFailure, by version (rules::registrationRetry).
        TimeMs delay = m_state.config.brokerHeartbeatIntervalMs;
        if (rules::registrationRetry(m_state.config.kafkaVersion) == rules::RegistrationRetry::ExponentialBackoff) {
            // ExponentialBackoff(100 ms, x2, up to broker.session.timeout.ms); its 2% jitter is left out
            // to keep runs exact.
            delay = registrationRetryBackoffInitialMs;
            for (std::int32_t i = 0; i < b.registrationFailures && delay < m_state.config.brokerSessionTimeoutMs; ++i)
                delay *= 2;
            delay = std::min<TimeMs>(delay, m_state.config.brokerSessionTimeoutMs);
        }
        ++b.registrationFailures;
        scheduleStartupHeartbeat(b, delay);
        return std::nullopt;
    }
    b.registered = true;
    b.registrationFailures = 0;
    b.brokerEpoch = response.brokerEpoch;
    // BrokerLifecycleManager's BrokerHeartbeatResponseEvent: STARTING waits for the controller to say
    // it caught up, then RECOVERY (no log recovery to do here) until it is unfenced, heartbeating 10 ms
    // apart "so that ... we start up a bit quicker".
    if (b.startup == Broker::Startup::Starting) {
        if (response.caughtUp)
            b.startup = Broker::Startup::Recovery;
        scheduleStartupHeartbeat(b, 10);
    } else if (b.startup == Broker::Startup::Recovery && !response.fenced) {
        b.startup = Broker::Startup::Running;
    }
    if (!response.shouldShutdown || !b.shuttingDown)
        return std::nullopt;
    b.alive = false;
    b.shuttingDown = false;
    // The clean-shutdown file: the next registration names this epoch, so the controller knows the
    // stop was clean (LogManager writes it for each log dir at a controlled shutdown).
    b.cleanShutdownEpoch = b.brokerEpoch;
    Event e = Event::at(EventType::BrokerShutDown, b.id);
    return e;
}

std::optional<Event> BrokerLifecycle::startupHeartbeat(const Timer& timer)
{
    Broker& b = m_state.broker(timer.broker);
    if (timer.partition != b.incarnation)
        return std::nullopt; // for an incarnation that is gone
    b.startupHeartbeatPending = false;
    if (!b.alive)
        return std::nullopt;
    sendHeartbeat(b);
    return Event::at(EventType::HeartbeatSent, b.id);
}

ApplyResult BrokerLifecycle::brokerAction(const BrokerAction& action)
{
    if (action.broker < 1 || action.broker > static_cast<BrokerId>(m_state.brokers.size()))
        return {std::nullopt, "no broker " + std::to_string(action.broker)};
    Broker& b = m_state.broker(action.broker);
    const std::string name = "broker " + std::to_string(b.id);
    Event e;
    e.node = b.id;
    switch (action.kind) {
    case BrokerAction::Kind::Kill:
        if (!b.alive)
            return {std::nullopt, name + " is already down"};
        b.alive = false;
        b.shuttingDown = false;
        // The process is gone and its host's kernel resets its connections (NetworkClient's Selector
        // reads the reset and handleDisconnections fails what was in flight): whoever waits on a
        // parked fetch, an acks=all produce or a join here, and whoever has an answer from it still on
        // the wire, gets NETWORK_EXCEPTION at once. (The producers' idle connections: Engine::apply.)
        m_net.resetAnswersFrom(b.id);
        for (const Group& g : m_state.groups) {
            if (m_state.offsetsPartitions[static_cast<std::size_t>(g.offsetsPartition)].leader != b.id)
                continue;
            for (const GroupMember& m : g.members) {
                if (!m.awaitingJoin && !m.awaitingSync)
                    continue;
                GroupResponse lost;
                lost.kind = m.awaitingJoin ? GroupRequestKind::Join : GroupRequestKind::Sync;
                lost.error = ErrorCode::NetworkException;
                m_net.sendConnectionError(NodeRef::broker(b.id), m.node(), std::move(lost));
            }
        }
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
            Replica* r = replicaOn(m_state, p, b.id);
            if (!r)
                continue;
            for (const ParkedFetch& f : r->parkedFetches)
                m_net.sendConnectionError(NodeRef::broker(b.id), fetcherNode(f.request),
                                          fetchAnswer(f.request, ErrorCode::NetworkException));
            for (const DelayedProduce& d : r->delayedProduces)
                m_net.sendConnectionError(NodeRef::broker(b.id), d.requester(),
                                    ProduceResponse{d.batch, d.attempt, p, ErrorCode::NetworkException, -1});
            r->parkedFetches.clear();
            r->delayedProduces.clear();
        }
        e.type = EventType::BrokerKilled;
        return {e, {}};
    case BrokerAction::Kind::PowerOff:
        if (!b.alive)
            return {std::nullopt, name + " is already down"};
        // The host goes down with the process: nothing resets a connection or refuses one, so every
        // peer learns of it only from its own timeouts (request.timeout.ms, replica.socket.timeout.ms,
        // socket.connection.setup.timeout.ms). Its answers on the wire and the requests it held are lost.
        b.alive = false;
        b.poweredOff = true;
        b.shuttingDown = false;
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
            if (Replica* r = replicaOn(m_state, p, b.id)) {
                r->parkedFetches.clear();
                r->delayedProduces.clear();
            }
        }
        e.type = EventType::BrokerPoweredOff;
        return {e, {}};
    case BrokerAction::Kind::Shutdown:
        if (!b.alive)
            return {std::nullopt, name + " is already down"};
        if (b.shuttingDown)
            return {std::nullopt, name + " is already shutting down"};
        b.shuttingDown = true;
        sendHeartbeat(b);
        e.type = EventType::ShutdownRequested;
        return {e, {}};
    case BrokerAction::Kind::Isolate:
        if (!b.alive)
            return {std::nullopt, name + " is down"};
        if (b.isolated)
            return {std::nullopt, name + " is already isolated"};
        b.isolated = true;
        b.cutLoses = !action.retransmit;
        e.type = EventType::BrokerIsolated;
        return {e, {}};
    case BrokerAction::Kind::Heal:
        if (!b.isolated)
            return {std::nullopt, name + " is not isolated"};
        b.isolated = false;
        b.cutLoses = false;
        e.type = EventType::BrokerHealed;
        return {e, {}};
    case BrokerAction::Kind::Restart: {
        if (b.alive)
            return {std::nullopt, name + " is running; kill or shut it down first"};
        if (action.loseUnflushed < 0)
            return {std::nullopt, "lose_unflushed must be 0 or more"};
        b.alive = true;
        b.isolated = false;
        b.cutLoses = false;
        b.poweredOff = false;
        b.shuttingDown = false;
        b.registered = false;
        ++b.incarnation;
        std::fill(b.knownLeaders.begin(), b.knownLeaders.end(), noLeader);
        std::fill(b.knownLeaderEpochs.begin(), b.knownLeaderEpochs.end(), -1);
        std::fill(b.knownCoordinators.begin(), b.knownCoordinators.end(), noLeader);
        std::int64_t lost = 0;
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
            Replica* r = replicaOn(m_state, p, b.id);
            if (!r)
                continue;
            // What survives a crash: the log (less what was still only in the page cache), the epoch
            // cache and the checkpointed HW. Everything in memory is gone.
            const Offset keep = std::max(r->log.logStart, r->log.leo() - action.loseUnflushed);
            lost += r->log.leo() - keep;
            m_state.partitions[static_cast<std::size_t>(p)].unflushedLost += r->log.leo() - keep;
            truncateLog(m_state, *r, keep, TruncationReason::Unflushed);
            r->knownLeader = noLeader;
            r->knownLeaderEpoch = -1;
            r->isr.clear();
            r->pendingIsr.clear();
            r->alterInFlight = false;
            r->views.clear();
            r->delayedProduces.clear();
            r->parkedFetches.clear();
            r->fetchOutstanding = false;
            ++r->fetchId;
        }
        // It starts fenced, asks to stay so until it has caught up, and reads its clean-shutdown file
        // (and deletes it, so a crash from now on is unclean).
        b.startup = Broker::Startup::Starting;
        b.metadataOffset = 0;
        b.registrationFailures = 0;
        b.startupHeartbeatPending = false;
        b.previousBrokerEpoch = b.cleanShutdownEpoch;
        b.cleanShutdownEpoch = -1;
        sendHeartbeat(b);
        e.type = EventType::BrokerRestarted;
        e.count = lost;
        return {e, {}};
    }
    }
    return {std::nullopt, "unknown broker action"};
}


ApplyResult BrokerLifecycle::killLeader(const KillLeaderAction& a)
{
    if (a.partition < 0 || a.partition >= static_cast<std::int32_t>(m_state.partitions.size()))
        return {std::nullopt, "no such partition"};
    const BrokerId leader = m_state.partitions[static_cast<std::size_t>(a.partition)].registration.leader;
    if (leader == noLeader)
        return {std::nullopt, m_state.partitionName(a.partition) + " has no leader to kill"};
    return brokerAction(BrokerAction{BrokerAction::Kind::Kill, leader, 0});
}

std::optional<Event> BrokerLifecycle::heartbeatTimer(const Timer& timer)
{
    m_net.schedule(m_state.nowMs + m_state.config.brokerHeartbeatIntervalMs, timer);
    Broker& b = m_state.broker(timer.broker);
    // A refused registration waits for its retry instead.
    if (!b.alive || (!b.registered && b.startupHeartbeatPending))
        return std::nullopt;
    sendHeartbeat(b);
    Event e = Event::at(EventType::HeartbeatSent, b.id);
    return e;
}

} // namespace hw
