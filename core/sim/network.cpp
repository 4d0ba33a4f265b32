// SPDX-License-Identifier: MIT
#include "sim/network.h"

#include "model/limits.h"

#include <algorithm>
#include <cassert>
#include <string>

namespace hw {

namespace {

bool queueLater(const QueuedEvent& a, const QueuedEvent& b)
{
    // std::push_heap builds a max-heap; "later" as less puts the earliest event on top.
    if (a.atMs != b.atMs)
        return a.atMs > b.atMs;
    return a.sequence > b.sequence;
}

} // namespace

void Network::schedule(TimeMs atMs, std::variant<Message, Timer> what)
{
    m_state.queue.push_back(QueuedEvent{atMs, m_state.nextSequence++, std::move(what)});
    std::push_heap(m_state.queue.begin(), m_state.queue.end(), queueLater);
}

TimeMs Network::nodeLatencyMs(NodeRef node) const
{
    assert(node.kind != NodeKind::Broker || (node.id >= 1 && node.id <= static_cast<BrokerId>(m_state.brokers.size())));
    if (node.kind == NodeKind::Broker) {
        const Broker& b = m_state.broker(node.id);
        if (b.latencyMs >= 0)
            return b.latencyMs;
    }
    return m_state.config.networkLatencyMs;
}

TimeMs Network::linkLatencyMs(NodeRef a, NodeRef b) const
{
    // A slow broker is slow on every link it has, so a link is as slow as its slower end.
    return std::max(nodeLatencyMs(a), nodeLatencyMs(b));
}

void Network::send(NodeRef from, NodeRef to, MessageBody body)
{
    Message message{from, to, m_state.nowMs, std::move(body)};
    if (from.kind == NodeKind::Broker)
        message.fromIncarnation = m_state.broker(from.id).incarnation;
    if (to.kind == NodeKind::Broker)
        message.toIncarnation = m_state.broker(to.id).incarnation;
    schedule(m_state.nowMs + linkLatencyMs(from, to), std::move(message));
}

void Network::sendConnectionError(NodeRef from, NodeRef to, MessageBody body)
{
    Message message{from, to, m_state.nowMs, std::move(body)};
    message.connectionError = true;
    if (to.kind == NodeKind::Broker)
        message.toIncarnation = m_state.broker(to.id).incarnation;
    schedule(m_state.nowMs + linkLatencyMs(from, to), std::move(message));
}

bool Network::canDeliver(const Message& message) const
{
    if (message.from.kind == NodeKind::Broker && !message.connectionError) {
        // Whatever a broker had sent and was still on the wire when it crashed is gone with it.
        const Broker& sender = m_state.broker(message.from.id);
        if (!sender.alive || sender.incarnation != message.fromIncarnation)
            return false;
    }
    for (NodeRef node : {message.from, message.to}) {
        if (node.kind == NodeKind::Broker) {
            const Broker& b = m_state.broker(node.id);
            if (b.isolated)
                return false;
        }
    }
    if (message.to.kind == NodeKind::Broker) {
        const Broker& receiver = m_state.broker(message.to.id);
        if (!receiver.alive || receiver.incarnation != message.toIncarnation)
            return false;
    }
    return true;
}

TimeMs Network::nextEventTimeMs() const
{
    return m_state.queue.empty() ? m_state.nowMs : m_state.queue.front().atMs;
}

void Network::bounce(const Message& message)
{
    // A request to a crashed broker meets a closed port: the sender's connection fails and it hears
    // so one latency later. Toward an isolated broker (or from one) packets just vanish, and only a
    // timeout tells the sender.
    // A broker whose host is down (power_off) refuses nothing: its requests vanish as toward an
    // isolated one.
    const bool refused = message.to.kind == NodeKind::Broker &&
                         (!m_state.broker(message.to.id).alive ||
                          m_state.broker(message.to.id).incarnation != message.toIncarnation) &&
                         !m_state.broker(message.to.id).isolated && !m_state.broker(message.to.id).poweredOff &&
                         !(message.from.kind == NodeKind::Broker && m_state.broker(message.from.id).isolated);
    const bool senderGone = message.from.kind == NodeKind::Broker &&
                            (!m_state.broker(message.from.id).alive ||
                             m_state.broker(message.from.id).incarnation != message.fromIncarnation);
    if (!refused || senderGone)
        return;
    if (const auto* produce = std::get_if<ProduceRequest>(&message.body)) {
        if (produce->acks != Acks::None)
            sendConnectionError(message.to, message.from,
                 ProduceResponse{produce->batch, produce->attempt, produce->partition, ErrorCode::NetworkException, -1});
    } else if (const auto* fetch = std::get_if<FetchRequest>(&message.body)) {
        sendConnectionError(message.to, message.from, fetchAnswer(*fetch, ErrorCode::NetworkException));
    } else if (std::holds_alternative<InitProducerIdRequest>(message.body)) {
        sendConnectionError(message.to, message.from, InitProducerIdResponse{ErrorCode::NetworkException, -1, -1});
    } else if (std::holds_alternative<MetadataRequest>(message.body)) {
        sendConnectionError(message.to, message.from, MetadataResponse{ErrorCode::NetworkException, {}, {}, {}, {}});
    } else if (std::holds_alternative<FindCoordinatorRequest>(message.body)) {
        sendConnectionError(message.to, message.from, FindCoordinatorResponse{ErrorCode::NetworkException, noLeader, {}});
    } else if (const auto* group = std::get_if<GroupRequest>(&message.body)) {
        GroupResponse response;
        response.kind = group->kind;
        response.error = ErrorCode::NetworkException;
        sendConnectionError(message.to, message.from, std::move(response));
    } else if (const auto* list = std::get_if<ListOffsetsRequest>(&message.body)) {
        sendConnectionError(message.to, message.from,
                            ListOffsetsResponse{list->partition, ErrorCode::NetworkException, -1});
    }
}

namespace {

bool isAnswer(const MessageBody& body)
{
    // A PartitionChange is what a broker's metadata fetch from the controller brings back.
    return std::holds_alternative<ProduceResponse>(body) || std::holds_alternative<FetchResponse>(body) ||
           std::holds_alternative<AlterPartitionResponse>(body) ||
           std::holds_alternative<BrokerHeartbeatResponse>(body) || std::holds_alternative<PartitionChange>(body) ||
           std::holds_alternative<MetadataResponse>(body) || std::holds_alternative<FindCoordinatorResponse>(body) ||
           std::holds_alternative<GroupResponse>(body) || std::holds_alternative<ListOffsetsResponse>(body) ||
           std::holds_alternative<InitProducerIdResponse>(body);
}

/// How long the requester of the exchange a message belongs to waits before it closes the connection.
TimeMs requesterTimeoutMs(const ClusterState& state, const Message& message)
{
    const bool answer = isAnswer(message.body);
    const NodeRef requester = answer ? message.to : message.from;
    if (std::holds_alternative<BrokerHeartbeatRequest>(message.body) ||
        std::holds_alternative<BrokerHeartbeatResponse>(message.body))
        // BrokerServer's heartbeat channel (NodeToControllerChannelManager) times a heartbeat out after
        // half broker.session.timeout.ms (KAFKA-14392, core/.../BrokerServer.scala at 4.2.0-rc1).
        return state.config.brokerSessionTimeoutMs / 2;
    if (std::holds_alternative<PartitionChange>(message.body))
        // A broker's metadata fetch is a KRaft Fetch: controller.quorum.request.timeout.ms, 2 s
        // (QuorumConfig.DEFAULT_QUORUM_REQUEST_TIMEOUT_MS at 4.2.0-rc1).
        return 2000;
    if ((std::holds_alternative<FetchRequest>(message.body) || std::holds_alternative<FetchResponse>(message.body)) &&
        requester.kind == NodeKind::Broker)
        return state.config.replicaSocketTimeoutMs; // ReplicaFetcherBlockingSend's socket timeout
    return state.config.requestTimeoutMs;
}

bool sameDirection(const HeldConnection& c, const Message& m)
{
    return c.from == m.from && c.to == m.to && c.answers == isAnswer(m.body) &&
           c.fromIncarnation == m.fromIncarnation && c.toIncarnation == m.toIncarnation;
}

} // namespace

TimeMs Network::nextRetransmissionMs(TimeMs firstLostMs, TimeMs latencyMs, TimeMs nowMs)
{
    const TimeMs rto = rtoMinMs + 2 * latencyMs;
    TimeMs wait = rto;
    TimeMs at = firstLostMs + latencyMs;
    for (int k = 1; k <= retransmissionsMax; ++k) {
        at += std::min(wait, rtoMaxMs);
        if (at > nowMs)
            return at;
        wait = std::min(wait * 2, rtoMaxMs);
    }
    return -1;
}

HeldConnection* Network::heldConnectionOf(const Message& message)
{
    for (HeldConnection& c : m_state.heldConnections) {
        if (!sameDirection(c, message))
            continue;
        if (message.heldSinceMs >= 0 ? c.firstLostMs == message.heldSinceMs : c.giveUpMs > message.sentMs)
            return &c;
    }
    return nullptr;
}

bool Network::waitsBehindLostBytes(const Message& message) const
{
    if (m_state.heldConnections.empty() || message.heldSinceMs >= 0 || message.connectionError)
        return false;
    return std::any_of(m_state.heldConnections.begin(), m_state.heldConnections.end(), [&](const HeldConnection& c) {
        return sameDirection(c, message) && c.held > 0 && c.firstLostMs <= message.sentMs &&
               c.giveUpMs > message.sentMs && c.giveUpMs > m_state.nowMs;
    });
}

bool Network::lostToCut(const Message& message) const
{
    if (message.connectionError)
        return false;
    bool cut = false;
    for (NodeRef node : {message.from, message.to}) {
        if (node.kind != NodeKind::Broker)
            continue;
        const Broker& b = m_state.broker(node.id);
        const std::int32_t incarnation = node == message.from ? message.fromIncarnation : message.toIncarnation;
        if (!b.alive || b.poweredOff || b.incarnation != incarnation || b.cutLoses)
            return false;
        cut = cut || b.isolated;
    }
    return cut;
}

void Network::hold(Message message)
{
    HeldConnection* connection = heldConnectionOf(message);
    if (!connection) {
        HeldConnection c;
        c.from = message.from;
        c.to = message.to;
        c.answers = isAnswer(message.body);
        c.fromIncarnation = message.fromIncarnation;
        c.toIncarnation = message.toIncarnation;
        c.firstLostMs = message.sentMs;
        c.giveUpMs = message.sentMs + requesterTimeoutMs(m_state, message);
        m_state.heldConnections.push_back(c);
        connection = &m_state.heldConnections.back();
    }
    if (message.heldSinceMs < 0) {
        message.heldSinceMs = connection->firstLostMs;
        ++connection->held;
    }
    const TimeMs next = nextRetransmissionMs(connection->firstLostMs, linkLatencyMs(message.from, message.to), m_state.nowMs);
    if (next < 0 || next > connection->giveUpMs) {
        // The requester closes the connection first (or the kernel gives up): what it owed is gone, and
        // the requester's own timeout tells it so.
        release(message);
        return;
    }
    schedule(next, std::move(message));
}

void Network::release(const Message& message)
{
    if (message.heldSinceMs < 0)
        return;
    auto it = std::find_if(m_state.heldConnections.begin(), m_state.heldConnections.end(), [&](const HeldConnection& c) {
        return sameDirection(c, message) && c.firstLostMs == message.heldSinceMs;
    });
    assert(it != m_state.heldConnections.end() && it->held > 0);
    if (it == m_state.heldConnections.end())
        return;
    if (--it->held == 0)
        m_state.heldConnections.erase(it);
}

ConnectOutcome Network::connectOutcome(NodeRef from, BrokerId to) const
{
    if (from.kind == NodeKind::Broker && m_state.broker(from.id).isolated)
        return ConnectOutcome::Silent;
    const Broker& b = m_state.broker(to);
    if (b.isolated || b.poweredOff)
        return ConnectOutcome::Silent;
    return b.alive ? ConnectOutcome::Accepted : ConnectOutcome::Refused;
}

namespace {

/// The answer a client gets instead of `body` when the connection it travels on is reset: the same
/// request's answer with NETWORK_EXCEPTION and nothing else; nullopt for what is not an answer to a
/// client.
std::optional<MessageBody> disconnectedAnswer(const MessageBody& body)
{
    if (const auto* produce = std::get_if<ProduceResponse>(&body))
        return ProduceResponse{produce->batch, produce->attempt, produce->partition, ErrorCode::NetworkException, -1};
    if (const auto* fetch = std::get_if<FetchResponse>(&body)) {
        FetchResponse answer;
        answer.partition = fetch->partition;
        answer.fetchId = fetch->fetchId;
        answer.fetchOffset = fetch->fetchOffset;
        answer.error = ErrorCode::NetworkException;
        return answer;
    }
    if (std::holds_alternative<InitProducerIdResponse>(body))
        return InitProducerIdResponse{ErrorCode::NetworkException, -1, -1};
    if (std::holds_alternative<MetadataResponse>(body))
        return MetadataResponse{ErrorCode::NetworkException, {}, {}, {}, {}};
    if (std::holds_alternative<FindCoordinatorResponse>(body))
        return FindCoordinatorResponse{ErrorCode::NetworkException, noLeader, {}};
    if (const auto* group = std::get_if<GroupResponse>(&body)) {
        GroupResponse answer;
        answer.kind = group->kind;
        answer.error = ErrorCode::NetworkException;
        return answer;
    }
    if (const auto* list = std::get_if<ListOffsetsResponse>(&body))
        return ListOffsetsResponse{list->partition, ErrorCode::NetworkException, -1};
    return std::nullopt;
}

} // namespace

void Network::resetAnswersFrom(BrokerId broker)
{
    // The answers keep their place in the queue: the reset travels the same wire, no faster. A real
    // client's connection (live mode) is the live lab's to close, so its answers are left alone.
    const Broker& b = m_state.broker(broker);
    for (QueuedEvent& item : m_state.queue) {
        auto* message = std::get_if<Message>(&item.what);
        if (!message || message->connectionError || message->from != NodeRef::broker(broker) ||
            message->fromIncarnation != b.incarnation || message->to.kind == NodeKind::LiveClient ||
            message->to.kind == NodeKind::Controller)
            continue;
        if (std::optional<MessageBody> answer = disconnectedAnswer(message->body)) {
            message->body = std::move(*answer);
            message->connectionError = true;
        }
    }
}

void Network::armEarliest(TimeMs& armedMs, TimeMs atMs, const Timer& timer)
{
    if (armedMs >= 0 && armedMs <= atMs)
        return;
    armedMs = atMs;
    schedule(atMs, timer);
}

std::optional<QueuedEvent> Network::popNext()
{
    if (m_state.queue.empty())
        return std::nullopt;
    std::pop_heap(m_state.queue.begin(), m_state.queue.end(), queueLater);
    QueuedEvent item = std::move(m_state.queue.back());
    m_state.queue.pop_back();
    m_state.nowMs = std::max(m_state.nowMs, item.atMs);
    return item;
}

ApplyResult Network::advanceClock(const AdvanceAction& a)
{
    if (a.toMs <= m_state.nowMs)
        return {std::nullopt, "the clock is already at " + std::to_string(m_state.nowMs) + " ms"};
    if (!m_state.queue.empty() && m_state.queue.front().atMs < a.toMs)
        return {std::nullopt, "events are due before " + std::to_string(a.toMs) + " ms"};
    Event e;
    e.type = EventType::ClockAdvanced;
    e.value = a.toMs - m_state.nowMs;
    m_state.nowMs = a.toMs;
    return {e, {}};
}

ApplyResult Network::setLatency(const SlowAction& a)
{
    if (a.broker < 1 || a.broker > static_cast<BrokerId>(m_state.brokers.size()))
        return {std::nullopt, "no broker " + std::to_string(a.broker)};
    if (a.latencyMs < 0 || a.latencyMs > limits::latencyMsMax)
        return {std::nullopt, "latency must be in 0.." + std::to_string(limits::latencyMsMax) + " ms"};
    m_state.broker(a.broker).latencyMs = a.latencyMs == 0 ? -1 : a.latencyMs;
    Event e = Event::at(EventType::LatencyChanged, a.broker);
    e.value = a.latencyMs == 0 ? -1 : a.latencyMs;
    return {e, {}};
}

} // namespace hw
