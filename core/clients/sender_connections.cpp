// SPDX-License-Identifier: MIT
// The producer's connections to brokers (NetworkClient.ready, initiateConnect, processDisconnection and
// ClusterConnectionStates): the Sender sends only over a ready connection; a disconnect starts the
// reconnect backoff (reconnect.backoff.ms, doubling up to reconnect.backoff.max.ms); a connect is
// accepted or refused one round trip after it starts, or times out after socket.connection.setup.timeout.ms
// when the broker's host does not answer. Waiting for a connection costs a batch no attempt.
#include "clients/sender.h"

#include <algorithm>

namespace hw {

namespace {

// socket.connection.setup.timeout.ms and socket.connection.setup.timeout.max.ms (CommonClientConfigs,
// 10 s and 30 s): how long a connect to a host that does not answer waits, doubling with each one that
// timed out in a row.
constexpr TimeMs connectionSetupTimeoutMs = 10000;
constexpr TimeMs connectionSetupTimeoutMaxMs = 30000;

/// ExponentialBackoff.backoff (multiplier 2) without its jitter (±20 % in Kafka): `initial` doubled per
/// attempt, at most `max` (or `initial` when max is not larger). The model draws nothing from the
/// generator for it, so a run stays the same whatever clients it has, and it doubles in integers, so
/// the cap is reached exactly.
TimeMs exponentialBackoff(TimeMs initial, TimeMs max, std::int32_t attempts)
{
    if (max <= initial)
        return initial;
    TimeMs value = initial;
    for (std::int32_t i = 0; i < attempts && value < max; ++i)
        value = value == 0 ? 0 : value * 2;
    return std::min(value, max);
}

} // namespace

BrokerConnection* Sender::connection(Producer& producer, BrokerId broker)
{
    const auto i = static_cast<std::size_t>(broker - 1);
    return broker >= 1 && i < producer.connections.size() ? &producer.connections[i] : nullptr;
}

const BrokerConnection* Sender::connection(const Producer& producer, BrokerId broker) const
{
    const auto i = static_cast<std::size_t>(broker - 1);
    return broker >= 1 && i < producer.connections.size() ? &producer.connections[i] : nullptr;
}

bool Sender::isReady(const Producer& producer, BrokerId broker) const
{
    const BrokerConnection* c = connection(producer, broker);
    return c && c->state == ConnectionState::Ready;
}

bool Sender::canConnect(const Producer& producer, BrokerId broker) const
{
    // ClusterConnectionStates.canConnect: disconnected, and the reconnect backoff has passed.
    const BrokerConnection* c = connection(producer, broker);
    return c && c->state == ConnectionState::Disconnected && m_state.nowMs - c->lastAttemptMs >= c->reconnectBackoffMs;
}

bool Sender::isBlocked(const Producer& producer, BrokerId broker) const
{
    return !isReady(producer, broker) && !canConnect(producer, broker);
}

TimeMs Sender::connectionDelayUntil(const Producer& producer, BrokerId broker) const
{
    // When a connection that is not ready may change: the end of its reconnect backoff, the broker's
    // answer to a connect, or the connect's setup timeout (ClusterConnectionStates.connectionDelay).
    const BrokerConnection* c = connection(producer, broker);
    if (!c || c->state == ConnectionState::Ready)
        return -1;
    if (c->state == ConnectionState::Disconnected)
        return c->lastAttemptMs + c->reconnectBackoffMs;
    return c->answerMs >= 0 ? c->answerMs : c->lastAttemptMs + c->setupTimeoutMs;
}

void Sender::markConnectionReady(Producer& producer, BrokerId broker)
{
    // ClusterConnectionStates.ready: the backoffs start again from their first step.
    BrokerConnection* c = connection(producer, broker);
    if (!c)
        return;
    c->state = ConnectionState::Ready;
    c->failedAttempts = 0;
    c->reconnectBackoffMs = exponentialBackoff(m_state.config.reconnectBackoffMs, m_state.config.reconnectBackoffMaxMs, 0);
    c->failedSetups = 0;
    c->setupTimeoutMs = connectionSetupTimeoutMs;
    c->answerMs = -1;
}

void Sender::disconnect(Producer& producer, BrokerId broker)
{
    // ClusterConnectionStates.disconnected: the backoff grows with each disconnect in a row; a connect
    // that timed out also lengthens the next connect's setup timeout.
    BrokerConnection* c = connection(producer, broker);
    if (!c)
        return;
    c->lastAttemptMs = m_state.nowMs;
    c->reconnectBackoffMs =
        exponentialBackoff(m_state.config.reconnectBackoffMs, m_state.config.reconnectBackoffMaxMs, c->failedAttempts);
    ++c->failedAttempts;
    if (c->state == ConnectionState::Connecting)
        ++c->failedSetups;
    else
        c->failedSetups = 0;
    c->setupTimeoutMs = exponentialBackoff(connectionSetupTimeoutMs, connectionSetupTimeoutMaxMs, c->failedSetups);
    c->state = ConnectionState::Disconnected;
    c->answerMs = -1;
}

void Sender::connectionLost(std::int32_t producerIndex, BrokerId broker)
{
    // NetworkClient.processDisconnection: only the connection a request went out on can be lost; a
    // late error from a connection already closed changes nothing. The disconnect may mean stale
    // metadata, so the producer asks for an update (DefaultMetadataUpdater.handleServerDisconnect).
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (!isReady(producer, broker))
        return;
    disconnect(producer, broker);
    requestMetadata(producerIndex);
}

void Sender::connectionsReset(BrokerId broker)
{
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.producers.size()); ++p) {
        connectionLost(p, broker);
        rearmProducerTimer(p);
    }
}

bool Sender::startConnects(std::int32_t producerIndex)
{
    // Sender.sendProducerData asks NetworkClient.ready for the leader of every partition with a batch
    // ready to go: a node it may connect to gets a connect (initiateConnect); nothing is sent to it now.
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    bool started = false;
    auto consider = [&](std::int64_t index) {
        const ProducerBatch& batch = producer.batches[static_cast<std::size_t>(index)];
        const TimeMs readyAt = batch.sent ? batch.retryAtMs : batch.readyAtMs;
        if (readyAt > m_state.nowMs)
            return;
        const BrokerId leader = producer.leaders[static_cast<std::size_t>(batch.partition)];
        if (leader == noLeader || !canConnect(producer, leader))
            return;
        BrokerConnection& c = *connection(producer, leader);
        c.state = ConnectionState::Connecting;
        c.lastAttemptMs = m_state.nowMs;
        // The broker's host answers a connect, accepting or refusing it, one round trip later, unless
        // it cannot be reached.
        const TimeMs roundTrip = 2 * m_net.linkLatencyMs(NodeRef::producer(producerIndex), NodeRef::broker(leader));
        c.answerMs = m_net.connectOutcome(NodeRef::producer(producerIndex), leader) == ConnectOutcome::Silent
                         ? -1
                         : m_state.nowMs + roundTrip;
        started = true;
    };
    for (const WaitingBatch& w : producer.queues.retrying)
        consider(w.batch);
    for (const WaitingBatch& w : producer.queues.heads)
        consider(w.batch);
    return started;
}

std::optional<Event> Sender::advanceConnection(std::int32_t producerIndex)
{
    // A connect whose answer came or whose setup timeout passed (NetworkClient.handleConnections,
    // handleDisconnections for a refused connect, handleTimedOutConnections): one per frame.
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    for (std::size_t i = 0; i < producer.connections.size(); ++i) {
        BrokerConnection& c = producer.connections[i];
        if (c.state != ConnectionState::Connecting)
            continue;
        const auto broker = static_cast<BrokerId>(i + 1);
        Event e = Event::at(EventType::ProducerConnection, producerIndex, broker);
        if (c.answerMs >= 0 && c.answerMs <= m_state.nowMs) {
            // What the broker's host answers now: a process that listens accepts; a host whose Kafka
            // process is gone refuses (its kernel resets the connection); a host that cannot be reached
            // says nothing, and the connect waits for its setup timeout.
            switch (m_net.connectOutcome(NodeRef::producer(producerIndex), broker)) {
            case ConnectOutcome::Accepted:
                markConnectionReady(producer, broker);
                return e;
            case ConnectOutcome::Refused:
                disconnect(producer, broker);
                e.error = ErrorCode::NetworkException;
                e.value = c.reconnectBackoffMs;
                requestMetadata(producerIndex);
                return e;
            case ConnectOutcome::Silent:
                c.answerMs = -1;
                break;
            }
        }
        if (c.answerMs < 0 && c.lastAttemptMs + c.setupTimeoutMs <= m_state.nowMs) {
            e.detail = static_cast<std::int32_t>(c.setupTimeoutMs);
            disconnect(producer, broker);
            e.error = ErrorCode::RequestTimedOut;
            e.value = c.reconnectBackoffMs;
            requestMetadata(producerIndex);
            return e;
        }
    }
    return std::nullopt;
}

} // namespace hw
