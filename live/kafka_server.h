// SPDX-License-Identifier: MIT
#pragma once

#include "live/kafka_apis.h"
#include "model/limits.h"
#include "scenario/scenario.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

/// The live lab's server (`highwater-cli serve`): one Kafka listener per simulated broker, on
/// host:basePort + broker id, with the simulated clock following the wall clock times a speed.
/// It plays Kafka's SocketServer (core/src/main/scala/kafka/network/SocketServer.scala at 3.7.0):
/// an acceptor per listener, size-prefixed frames, a channel muted while its request is processed
/// (one request in flight per connection), connections closed on a bad frame, an oversized size
/// prefix, an unsupported request, or idleness (connections.max.idle.ms), and within the limits
/// below, which Kafka mostly leaves unbounded.
///
/// Each request is decoded by wire/, turned into LiveClientActions by KafkaApis, stamped with the
/// simulated time it arrived and applied to the Timeline, so it is an input of the run like any
/// other; the answers leave through the LiveClientSink. A killed broker's listener is closed and its
/// connections dropped (recorded as disconnects); an isolated one accepts and never answers.
/// Standalone Asio (Debian's libasio-dev) runs the sockets and timers on one thread: the CLI has no
/// Qt, and core/ stays free of both.
namespace hw::live {

/// The server's named limits (Kafka's counterparts in brackets, from
/// core/src/main/scala/kafka/network/SocketServer.scala and server/.../config/ServerConfigs at 4.x).
/// They keep one script from locking a class out: a share per source address, timeouts for
/// connections that never send a request or stall in one, and a bound on the bytes read for
/// requests not yet handled, however large the sizes the clients announce.
namespace limits {
// Connections open at once: the engine's live client slots [max.connections, no bound by default].
// A class of 30 with three clients each, each client connected to its bootstrap broker and up to
// three more, holds about 360; a kafka-python group consumer reconnecting 6 times a second closes
// its old connections as it goes, so churn does not add to this.
inline constexpr int connectionsMax = hw::limits::liveClientsMax;
// Connections one source address may hold open [max.connections.per.ip, no bound by default]: an
// eighth of the whole, so seven scripts gone wrong still leave room for the others, and one student's
// three clients (a dozen connections) or a teacher's demo of 20 clients (80) fit many times over.
inline constexpr int connectionsPerAddressMax = connectionsMax / 8;
// A connection that has not sent one complete request this long after it opened is closed (a
// half-open or silent socket) [Kafka has none: such a socket waits for connections.max.idle.ms].
inline constexpr std::int64_t connectionSetupTimeoutMs = 10000;
// A request whose size prefix arrived must be complete within this [Kafka has none; the same idle
// timer]: a client that stalls mid-frame holds buffer space and a slot.
inline constexpr std::int64_t requestReadTimeoutMs = 10000;
// A connection with nothing to say for this long is closed [connections.max.idle.ms, 10 minutes].
inline constexpr std::int64_t connectionIdleMs = 600000;
// Bytes read for requests not yet handled, over every connection [queued.max.request.bytes, no bound
// by default]. A connection whose next chunk does not fit waits until others' requests are handled.
// Above the largest request (wire::limits::requestBytesMax) so that one always fits.
inline constexpr std::size_t queuedRequestBytesMax = 64 * 1024 * 1024;
// A request is read in chunks of at most this many bytes, so memory follows the bytes that came, not
// the size a prefix announced [Kafka's NetworkReceive allocates the announced size, from a MemoryPool
// bounded by queued.max.request.bytes].
inline constexpr std::size_t readChunkBytes = 64 * 1024;
} // namespace limits

struct ServeOptions {
    std::string bindAddress = "127.0.0.1";
    std::string advertisedHost;      // the host Metadata names for every broker; empty: the bind address
    int basePort = 19092;
    double speed = 1.0;              // simulated ms per wall-clock ms
    bool quiet = false;              // no line per connection and request class
    bool recording = false;          // the session is recorded (--record), as long as one file may be
    std::vector<TimedStep> script;   // --script steps, at_ms after serving began
    std::int64_t stopAfterMs = -1;   // stop by itself after this many wall-clock ms (tests); -1: never
    // The produce quota of every client.id (producer_byte_rate, KIP-13), in bytes per second of
    // simulated time; 0: none (Kafka's default). `serve` sets defaultProduceQuotaBytesPerSecond.
    std::int64_t produceQuotaBytesPerSecond = 0;
};

class KafkaServer final : public LiveClientSink {
public:
    KafkaServer(const Scenario& scenario, Timeline& timeline, ServeOptions options, std::ostream& log);
    ~KafkaServer() override;

    /// Binds every live broker's listener. Returns an error message, or an empty string.
    std::string listen();

    /// Serves until SIGINT or SIGTERM or stopAfterMs. The caller writes what it records
    /// (recordedSession()) afterwards.
    void run();

    /// Starts the clock and the timers (run() and start() call it). Call once, after listen().
    void begin();

    /// The recorded session once recording stopped early (at sessionOperationsMax, or before the
    /// timeline dropped its oldest frames): a prefix of the run that `run` replays to the frames served
    /// up to there. Empty while recording goes on: then recordSession of the whole timeline is it.
    const std::optional<Scenario>& recordedSession() const;

    void answer(std::int32_t client, const Message& message) override;

    // Embedding (the GUI's File > Live lab): the caller owns the event loop and calls poll() from
    // its own thread, the one that owns the timeline, so the timeline is never touched from two
    // threads. listen() first, then start(), then poll() often; stopServing() ends it.

    /// Begins serving without blocking: the simulated clock follows the wall clock from now on.
    void start();
    /// Runs every socket and timer handler that is ready, without waiting. Returns how many ran.
    std::size_t poll();
    /// The simulated time now (the engine's clock or later, following the wall clock).
    TimeMs simNow() const;
    /// Runs what is due up to the simulated now: call before applying an action from outside, so it
    /// meets the cluster as it is at this moment.
    void catchUpNow();
    /// After an action from outside was applied to the timeline: the listeners follow the brokers
    /// (a killed broker's connections drop at once) and the timer is armed for the next event.
    void actionApplied();
    /// Closes every listener and connection (each recorded as a disconnect) and stops serving.
    void stopServing();
    /// Whether it serves (started and neither stopped nor ended by the memory budget).
    bool serving() const;
    /// Why it stopped, or an empty string.
    std::string stopReason() const;
    /// The base port: broker N listens on basePort() + N.
    int basePort() const;

    /// One open connection, for the GUI's list.
    struct ConnectionInfo {
        std::int32_t client = -1; // the connection's handle (LiveClient::handle)
        std::string clientId;     // the request header's client.id (empty before the first request)
        std::string peer;         // the client's address, "127.0.0.1:54321"
        BrokerId broker = 0;
    };
    std::vector<ConnectionInfo> openConnections() const;
    /// Changes whenever a connection opens, closes or first names its client.id.
    std::uint64_t connectionsRevision() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace hw::live
