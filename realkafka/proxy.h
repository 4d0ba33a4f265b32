// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

/// The user-space TCP proxy in front of every link of a real cluster (this machine's kernel has no netem).
/// One listening port per link: a link is a (source, target) pair such as "broker 1 to broker 2's FROM1
/// listener" or "clients to broker 2"; the source dials the link's port, the proxy dials the target's real
/// port. Each link has a mode, changed at any time by the `isolate`, `heal` and `slow` steps:
/// - pass: bytes flow as they come;
/// - delay: every chunk is delivered `delay` after it was read, in each direction (`slow`'s latency_ms);
/// - black-hole: connections are accepted and read in both directions, and nothing is delivered, so the
///   peers of an isolated broker see only timeouts, never a reset (docs/scenario-format.md, isolate).
/// release() heals a link. A real partition drops packets and TCP retransmits them after the heal, but a
/// black-holed stream here has lost bytes for good, and the rest of it would not parse as Kafka frames:
/// so every connection that lost bytes is reset on release (both ends), pending bytes are dropped, and new
/// connections flow. Kafka's peers have usually closed such a connection themselves by then
/// (request.timeout.ms, replica.socket.timeout.ms, the controller's session timeout); docs/real-kafka.md,
/// "The proxy", says what differs from a real network for shorter cuts.
/// Standalone Asio on a thread of its own; every public function may be called from any other thread and
/// returns once the proxy has done it.
namespace hw::realkafka {

/// Links of one proxy: (N + 2) x N for N brokers (one FROMk link per pair, clients, the controller).
inline constexpr int proxyLinksMax = 1024;
/// Connections open at once on one link; more are accepted and closed at once.
inline constexpr int connectionsPerLinkMax = 256;
/// Bytes held per direction of a connection in delay mode; reading stops until the queue drains.
inline constexpr std::size_t bytesBufferedMax = 4 * 1024 * 1024;
/// One read's bytes.
inline constexpr std::size_t proxyChunkBytes = 64 * 1024;
/// The longest delay a link takes (the scenario format's latency bound is smaller).
inline constexpr std::chrono::milliseconds proxyDelayMax { 600000 };

enum class LinkMode : std::uint8_t { Pass, Delay, BlackHole };

struct LinkStats {
    std::int64_t accepted = 0;   // connections accepted
    std::int64_t refused = 0;    // connections closed at once: over connectionsPerLinkMax, or the target refused
    std::int64_t open = 0;       // connections open now
    std::int64_t bytesForwarded = 0;
    std::int64_t bytesDropped = 0; // read in black-hole mode, or pending when a link was released
    std::int64_t resets = 0;     // connections reset by release()
};

class Proxy {
public:
    Proxy();
    /// Stops the thread and closes every socket.
    ~Proxy();
    Proxy(const Proxy&) = delete;
    Proxy& operator=(const Proxy&) = delete;

    /// Adds a link that listens on a free loopback port and forwards to 127.0.0.1:targetPort. Returns the
    /// link's id. Throws std::runtime_error when no port can be bound or there are proxyLinksMax links.
    int addLink(const std::string& name, std::uint16_t targetPort);
    /// The port the link listens on.
    std::uint16_t port(int link) const;
    const std::string& name(int link) const;

    /// Pass, delay (by `delay` each way; at most proxyDelayMax) or black-hole.
    void setMode(int link, LinkMode mode, std::chrono::milliseconds delay = std::chrono::milliseconds(0));
    /// Heals a link: resets every connection that lost bytes, drops what is pending, passes new bytes.
    void release(int link);
    LinkMode mode(int link) const;
    LinkStats stats(int link) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace hw::realkafka
