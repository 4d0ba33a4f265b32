// SPDX-License-Identifier: MIT
// realkafka/proxy.*: the link modes on plain sockets, against an echo server on loopback.
#include "realkafka/proxy.h"

#include <asio.hpp>
#include <gtest/gtest.h>

#include <atomic>
#include <list>
#include <thread>

namespace {

using namespace hw::realkafka;
using asio::ip::tcp;
using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

/// Echoes every byte back, one thread per connection; or, as a sink, counts them and answers nothing.
class EchoServer {
public:
    explicit EchoServer(bool sink = false) : m_sink(sink), m_acceptor(m_io, tcp::endpoint(asio::ip::address_v4::loopback(), 0))
    {
        m_thread = std::thread([this] {
            for (;;) {
                auto socket = std::make_shared<tcp::socket>(m_io);
                std::error_code ec;
                m_acceptor.accept(*socket, ec);
                if (ec || m_stopping)
                    return;
                std::lock_guard lock(m_mutex);
                m_sockets.push_back(socket);
                m_workers.emplace_back([this, socket] {
                    std::array<char, 65536> buffer;
                    for (;;) {
                        std::error_code error;
                        const std::size_t n = socket->read_some(asio::buffer(buffer), error);
                        if (error)
                            return;
                        // A sink checks the order: the flood's byte at offset i is i % 251.
                        if (m_sink)
                            for (std::size_t i = 0; i < n; ++i)
                                if (static_cast<unsigned char>(buffer[i]) != (m_received + static_cast<std::int64_t>(i)) % 251)
                                    m_outOfOrder = true;
                        m_received += static_cast<std::int64_t>(n);
                        if (!m_sink)
                            asio::write(*socket, asio::buffer(buffer.data(), n), error);
                    }
                });
            }
        });
    }
    ~EchoServer()
    {
        m_stopping = true;
        std::error_code ignored;
        {
            tcp::socket wake(m_io);
            wake.connect(m_acceptor.local_endpoint(), ignored);
        }
        m_thread.join();
        std::lock_guard lock(m_mutex);
        for (auto& s : m_sockets)
            s->shutdown(tcp::socket::shutdown_both, ignored);
        for (auto& w : m_workers)
            w.join();
    }
    std::uint16_t port() const { return m_acceptor.local_endpoint().port(); }
    std::int64_t received() const { return m_received; }
    bool outOfOrder() const { return m_outOfOrder; }

private:
    bool m_sink;
    std::atomic<bool> m_stopping { false };
    std::atomic<std::int64_t> m_received { 0 };
    std::atomic<bool> m_outOfOrder { false };
    asio::io_context m_io;
    tcp::acceptor m_acceptor;
    std::thread m_thread;
    std::mutex m_mutex;
    std::list<std::shared_ptr<tcp::socket>> m_sockets;
    std::list<std::thread> m_workers;
};

/// A client socket with a receive timeout, so that a test never hangs on a black hole.
struct Client {
    explicit Client(std::uint16_t port) : socket(io)
    {
        socket.connect(tcp::endpoint(asio::ip::address_v4::loopback(), port));
    }
    /// Reads exactly n bytes within the timeout; what arrived, and the error that ended it (none: all).
    std::pair<std::string, std::error_code> read(std::size_t n, milliseconds timeout)
    {
        std::string data(n, '\0');
        std::size_t got = 0;
        std::error_code error;
        const auto deadline = Clock::now() + timeout;
        socket.non_blocking(true);
        while (got < n && Clock::now() < deadline) {
            const std::size_t r = socket.read_some(asio::buffer(data.data() + got, n - got), error);
            if (error == asio::error::would_block) {
                error = {};
                std::this_thread::sleep_for(milliseconds(5));
                continue;
            }
            if (error)
                break;
            got += r;
        }
        socket.non_blocking(false);
        data.resize(got);
        return { data, error };
    }
    void write(const std::string& text) { asio::write(socket, asio::buffer(text)); }
    asio::io_context io;
    tcp::socket socket;
};

TEST(Proxy, PassForwardsBothWays)
{
    EchoServer server;
    Proxy proxy;
    const int link = proxy.addLink("clients -> broker 1", server.port());
    EXPECT_EQ(proxy.name(link), "clients -> broker 1");
    Client client(proxy.port(link));
    client.write("hello");
    EXPECT_EQ(client.read(5, milliseconds(5000)).first, "hello");
    const LinkStats stats = proxy.stats(link);
    EXPECT_EQ(stats.accepted, 1);
    EXPECT_EQ(stats.open, 1);
    EXPECT_EQ(stats.bytesForwarded, 10);
}

TEST(Proxy, DelayHoldsEachDirectionForItsLatency)
{
    EchoServer server;
    Proxy proxy;
    const int link = proxy.addLink("slow", server.port());
    proxy.setMode(link, LinkMode::Delay, milliseconds(200));
    Client client(proxy.port(link));
    const auto t0 = Clock::now();
    client.write("ping");
    EXPECT_EQ(client.read(4, milliseconds(5000)).first, "ping");
    const auto roundTrip = std::chrono::duration_cast<milliseconds>(Clock::now() - t0);
    // 200 ms each way; the upper bound leaves room for a loaded machine.
    EXPECT_GE(roundTrip, milliseconds(400));
    EXPECT_LT(roundTrip, milliseconds(2000));
    std::cout << "round trip through a 200 ms link: " << roundTrip.count() << " ms\n";
    // Back to pass: the next round trip is fast again, and order is kept across the switch.
    proxy.setMode(link, LinkMode::Pass);
    const auto t1 = Clock::now();
    client.write("pong");
    EXPECT_EQ(client.read(4, milliseconds(5000)).first, "pong");
    EXPECT_LT(Clock::now() - t1, milliseconds(300));
}

TEST(Proxy, BlackHoleAcceptsAndReadsAndDeliversNothing)
{
    EchoServer server;
    Proxy proxy;
    const int link = proxy.addLink("cut", server.port());
    Client before(proxy.port(link));
    before.write("a");
    EXPECT_EQ(before.read(1, milliseconds(5000)).first, "a");
    proxy.setMode(link, LinkMode::BlackHole);
    before.write("lost");
    auto [data, error] = before.read(4, milliseconds(500));
    EXPECT_EQ(data, "");
    EXPECT_FALSE(error) << "a black hole does not reset: " << error.message();
    // A new connection is accepted, and nothing comes back either.
    Client during(proxy.port(link));
    during.write("also lost");
    EXPECT_EQ(during.read(9, milliseconds(500)).first, "");
    EXPECT_EQ(server.received(), 1);
    EXPECT_EQ(proxy.stats(link).bytesDropped, 13);
    EXPECT_EQ(proxy.mode(link), LinkMode::BlackHole);
}

TEST(Proxy, ReleaseResetsTheConnectionsThatLostBytesAndNewOnesFlow)
{
    EchoServer server;
    Proxy proxy;
    const int link = proxy.addLink("healed", server.port());
    Client lossy(proxy.port(link));
    Client quiet(proxy.port(link));
    lossy.write("x");
    EXPECT_EQ(lossy.read(1, milliseconds(5000)).first, "x");
    quiet.write("y");
    EXPECT_EQ(quiet.read(1, milliseconds(5000)).first, "y");
    proxy.setMode(link, LinkMode::BlackHole);
    lossy.write("dropped");
    EXPECT_EQ(lossy.read(7, milliseconds(300)).first, "");
    proxy.release(link);
    // The stream with a hole is reset; the one that lost nothing goes on.
    auto [data, error] = lossy.read(1, milliseconds(5000));
    EXPECT_EQ(data, "");
    EXPECT_EQ(error, asio::error::connection_reset) << error.message();
    quiet.write("z");
    EXPECT_EQ(quiet.read(1, milliseconds(5000)).first, "z");
    Client fresh(proxy.port(link));
    fresh.write("new");
    EXPECT_EQ(fresh.read(3, milliseconds(5000)).first, "new");
    EXPECT_EQ(proxy.stats(link).resets, 1);
    EXPECT_EQ(proxy.mode(link), LinkMode::Pass);
}

TEST(Proxy, ADeadTargetIsAReset)
{
    std::uint16_t deadPort = 0;
    {
        asio::io_context io;
        tcp::acceptor a(io, tcp::endpoint(asio::ip::address_v4::loopback(), 0));
        deadPort = a.local_endpoint().port();
    }
    Proxy proxy;
    const int link = proxy.addLink("to a dead broker", deadPort);
    Client client(proxy.port(link));
    auto [data, error] = client.read(1, milliseconds(5000));
    EXPECT_EQ(error, asio::error::connection_reset) << error.message();
    EXPECT_EQ(proxy.stats(link).refused, 1);
}

TEST(Proxy, ManyConnectionsAndTheLimitPerLink)
{
    EchoServer server;
    Proxy proxy;
    const int link = proxy.addLink("busy", server.port());
    std::vector<std::unique_ptr<Client>> clients;
    for (int i = 0; i < connectionsPerLinkMax; ++i) {
        clients.push_back(std::make_unique<Client>(proxy.port(link)));
        clients.back()->write(std::to_string(i % 10));
    }
    for (int i = 0; i < connectionsPerLinkMax; ++i)
        EXPECT_EQ(clients[static_cast<std::size_t>(i)]->read(1, milliseconds(10000)).first, std::to_string(i % 10));
    EXPECT_EQ(proxy.stats(link).open, connectionsPerLinkMax);
    Client oneTooMany(proxy.port(link));
    auto [data, error] = oneTooMany.read(1, milliseconds(5000));
    EXPECT_TRUE(error) << "the connection over the limit is closed";
    EXPECT_EQ(proxy.stats(link).refused, 1);
}

TEST(Proxy, AFloodingClientIsBoundedAndDeliveredInOrder)
{
    EchoServer sink(true);
    Proxy proxy;
    const int link = proxy.addLink("flood", sink.port());
    proxy.setMode(link, LinkMode::Delay, milliseconds(100));
    Client client(proxy.port(link));
    constexpr std::size_t total = 251 * 4177 * 32;
    // 1 MiB, a multiple of nothing in 251: the pattern runs on across chunks.
    std::string chunk(251 * 4177, '\0');
    for (std::size_t i = 0; i < chunk.size(); ++i)
        chunk[i] = static_cast<char>(i % 251);
    std::atomic<std::size_t> written { 0 };
    std::thread writer([&] {
        for (std::size_t sent = 0; sent < total; sent += chunk.size()) {
            client.write(chunk);
            written += chunk.size();
        }
    });
    // While it floods, what the proxy holds stays under its bound (plus the kernel's socket buffers).
    std::int64_t heldMax = 0;
    while (written < total) {
        const LinkStats s = proxy.stats(link);
        heldMax = std::max(heldMax, static_cast<std::int64_t>(written) - sink.received());
        EXPECT_EQ(s.bytesDropped, 0);
        std::this_thread::sleep_for(milliseconds(20));
    }
    writer.join();
    const auto deadline = Clock::now() + std::chrono::seconds(60);
    while (sink.received() < static_cast<std::int64_t>(total) && Clock::now() < deadline)
        std::this_thread::sleep_for(milliseconds(20));
    EXPECT_EQ(sink.received(), static_cast<std::int64_t>(total));
    EXPECT_FALSE(sink.outOfOrder());
    EXPECT_LT(heldMax, static_cast<std::int64_t>(bytesBufferedMax + 16 * 1024 * 1024));
    std::cout << "most bytes in flight through the proxy during a 32 MiB flood (bytes): " << heldMax << "\n";

    // In a black hole the flood is read and dropped: the writer is never blocked for good.
    proxy.setMode(link, LinkMode::BlackHole);
    for (int i = 0; i < 8; ++i)
        client.write(chunk);
    const auto dropDeadline = Clock::now() + std::chrono::seconds(30);
    while (proxy.stats(link).bytesDropped < static_cast<std::int64_t>(8 * chunk.size()) && Clock::now() < dropDeadline)
        std::this_thread::sleep_for(milliseconds(20));
    EXPECT_EQ(proxy.stats(link).bytesDropped, static_cast<std::int64_t>(8 * chunk.size()));
}

TEST(Proxy, ADelayAboveTheBoundIsRefused)
{
    Proxy proxy;
    const int link = proxy.addLink("x", 1);
    EXPECT_THROW(proxy.setMode(link, LinkMode::Delay, proxyDelayMax + milliseconds(1)), std::invalid_argument);
    EXPECT_THROW(proxy.port(7), std::out_of_range);
}

} // namespace
