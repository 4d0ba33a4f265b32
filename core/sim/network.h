// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/event.h"
#include "model/inputs.h"

#include <optional>
#include <variant>

/// The simulated network and clock: the event queue (a heap on time and sequence number), the links
/// and their latency, and which messages reach their receiver. It stands for the JVM, the operating
/// system and the wire, so it follows no Kafka class and owns no Kafka rule: what a message means is up
/// to the component the dispatcher (engine/engine.h) hands it to.
namespace hw {

/// What a client's connect to a broker meets: a listening broker, a host whose broker process is gone
/// (its kernel refuses), or nothing that answers (the broker is cut off).
enum class ConnectOutcome : std::uint8_t { Accepted, Refused, Silent };

class Network {
public:
    explicit Network(ClusterState& state) : m_state(state) {}

    /// Queues a message or timer for atMs; ties at the same time keep the order they were queued in.
    void schedule(TimeMs atMs, std::variant<Message, Timer> what);
    /// Schedules the timer at atMs unless the one already armed (armedMs, -1 for none) fires no
    /// later: one armed timer per producer, consumer or group keeps snapshots small.
    void armEarliest(TimeMs& armedMs, TimeMs atMs, const Timer& timer);

    /// Sends a message over the link between two nodes: it arrives one link latency later.
    void send(NodeRef from, NodeRef to, MessageBody body);
    /// A failed connection as the sender's client sees it: the network reports it, not the dead
    /// broker, so it always arrives.
    void sendConnectionError(NodeRef from, NodeRef to, MessageBody body);
    TimeMs linkLatencyMs(NodeRef a, NodeRef b) const;
    TimeMs nodeLatencyMs(NodeRef node) const;

    /// Takes the earliest queued item and moves the clock to it; nullopt when the queue is empty.
    std::optional<QueuedEvent> popNext();
    TimeMs nextEventTimeMs() const;
    /// Whether the receiver gets the message: neither end isolated, both alive, same incarnations.
    bool canDeliver(const Message& message) const;
    /// What happens to a message that is not delivered: a request to a crashed broker meets a closed
    /// port and its sender hears a connection error; toward an isolated broker it just vanishes.
    void bounce(const Message& message);
    /// TCP across a cut (`isolate`, then `heal`). A message a cut swallows is not lost: its sender's
    /// kernel sends it again when its connection's retransmission timer fires, and the connection
    /// delivers in order, so what follows waits behind it. The timer is Linux's: the first
    /// retransmission an RTO after the first sending (TCP_RTO_MIN 200 ms plus the round trip), each
    /// wait twice the one before and at most TCP_RTO_MAX (120 s), at most tcp_retries2 (15) of them,
    /// counted from the connection's oldest lost message, so everything it owes arrives together at
    /// the first retransmission after the heal. Until the requester's own timeout closes the
    /// connection (NetworkClient's request.timeout.ms, a follower's replica.socket.timeout.ms, half
    /// broker.session.timeout.ms for a heartbeat, KAFKA-14392): then what it owes is gone, and a later
    /// message starts a connection of its own. Measured on Kafka 4.4.0 across a real partition:
    /// docs/real-kafka.md, "Isolate and heal: measured".
    /// Whether a message that could be delivered must wait behind bytes its connection lost.
    bool waitsBehindLostBytes(const Message& message) const;
    /// Whether a message that cannot be delivered was swallowed by a cut only: both ends alive and
    /// powered, one of them isolated.
    bool lostToCut(const Message& message) const;
    /// Queues the message for its connection's next retransmission, or lets it go when the
    /// connection will be closed before then or has no retransmission left.
    void hold(Message message);
    /// A held message reached its receiver, or met a crashed one: its connection owes one less.
    void release(const Message& message);
    /// The arrival time of the first retransmission after `nowMs` of a connection that first lost a
    /// message sent at firstLostMs, over a link of latency `latencyMs`; -1 past the last one.
    static TimeMs nextRetransmissionMs(TimeMs firstLostMs, TimeMs latencyMs, TimeMs nowMs);
    static constexpr TimeMs rtoMinMs = 200;       // TCP_RTO_MIN (include/net/tcp.h)
    static constexpr TimeMs rtoMaxMs = 120000;    // TCP_RTO_MAX
    static constexpr int retransmissionsMax = 15; // net.ipv4.tcp_retries2's default
    /// What a connect from `from` to broker `to` meets now.
    ConnectOutcome connectOutcome(NodeRef from, BrokerId to) const;
    /// A crashed broker's connections are reset by its host's kernel: every answer it had on the wire
    /// reaches its client as the disconnect (NETWORK_EXCEPTION) instead.
    void resetAnswersFrom(BrokerId broker);

    /// The `advance` step: moves the clock forward when nothing is due before the target.
    ApplyResult advanceClock(const AdvanceAction& action);
    /// The `slow` step: one broker's latency on every link it has.
    ApplyResult setLatency(const SlowAction& action);

private:
    HeldConnection* heldConnectionOf(const Message& message);
    ClusterState& m_state;
};

} // namespace hw
