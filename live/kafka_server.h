// SPDX-License-Identifier: MIT
#pragma once

#include "live/kafka_apis.h"
#include "scenario/scenario.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

/// The live lab's server (`highwater-cli serve`): one Kafka listener per simulated broker, on
/// host:basePort + broker id, with the simulated clock following the wall clock times a speed.
/// It plays Kafka's SocketServer (core/src/main/scala/kafka/network/SocketServer.scala at 3.7.0):
/// an acceptor per listener, size-prefixed frames, a channel muted while its request is processed
/// (one request in flight per connection), connections closed on a bad frame, an oversized size
/// prefix, an unsupported request, or idleness (connections.max.idle.ms).
///
/// Each request is decoded by wire/, turned into LiveClientActions by KafkaApis, stamped with the
/// simulated time it arrived and applied to the Timeline, so it is an input of the run like any
/// other; the answers leave through the LiveClientSink. A killed broker's listener is closed and its
/// connections dropped (recorded as disconnects); an isolated one accepts and never answers.
/// Standalone Asio (Debian's libasio-dev) runs the sockets and timers on one thread: the CLI has no
/// Qt, and core/ stays free of both.
namespace hw::live {

struct ServeOptions {
    std::string bindAddress = "127.0.0.1";
    int basePort = 19092;
    double speed = 1.0;              // simulated ms per wall-clock ms
    bool quiet = false;              // no line per connection and request class
    bool recording = false;          // the session is written on exit (--record): bounded to what one file holds
    std::vector<TimedStep> script;   // --script steps, at_ms after serving began
    std::int64_t stopAfterMs = -1;   // stop by itself after this many wall-clock ms (tests); -1: never
};

class KafkaServer final : public LiveClientSink {
public:
    KafkaServer(const Scenario& scenario, Timeline& timeline, ServeOptions options, std::ostream& log);
    ~KafkaServer() override;

    /// Binds every live broker's listener. Returns an error message, or an empty string.
    std::string listen();

    /// Serves until SIGINT or SIGTERM (or stopAfterMs, or a recorded session as long as one file may
    /// be). The caller writes what it records (recordSession of the timeline) afterwards.
    void run();

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
        std::int32_t client = -1; // the engine's live client index (ClusterState::liveClients)
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
