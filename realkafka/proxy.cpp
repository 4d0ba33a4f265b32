// SPDX-License-Identifier: MIT
#include "realkafka/proxy.h"

#include <asio.hpp>

#include <deque>
#include <future>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace hw::realkafka {

using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Link;
struct Connection;

/// One direction of a connection: bytes read from `from` go to `to`.
struct Direction {
    struct Chunk {
        Clock::time_point due;
        std::string bytes;
    };
    Direction(asio::io_context& io, tcp::socket& from, tcp::socket& to) : from(from), to(to), timer(io) {}
    tcp::socket& from;
    tcp::socket& to;
    asio::steady_timer timer;
    std::array<char, proxyChunkBytes> buffer {};
    std::deque<Chunk> queue;
    std::size_t queued = 0;
    bool reading = false;
    bool writing = false;
    bool timerArmed = false;
};

struct Link {
    int id = 0;
    std::string name;
    std::uint16_t targetPort = 0;
    std::uint16_t port = 0;
    std::unique_ptr<tcp::acceptor> acceptor;
    LinkMode mode = LinkMode::Pass;
    std::chrono::milliseconds delay { 0 };
    std::set<std::shared_ptr<Connection>> connections;
    LinkStats stats;
};

struct Connection : std::enable_shared_from_this<Connection> {
    Connection(asio::io_context& io, Link& link)
        : link(link), client(io), upstream(io), up(io, client, upstream), down(io, upstream, client)
    {
    }
    Link& link;
    tcp::socket client;
    tcp::socket upstream;
    Direction up;   // client to target
    Direction down; // target to client
    bool lostBytes = false;
    bool closed = false;

    void start()
    {
        read(up);
        read(down);
    }

    /// Closes both ends; reset sends an RST (SO_LINGER 0), as a peer's crash or a lost stream does.
    void close(bool reset)
    {
        if (closed)
            return;
        closed = true;
        for (tcp::socket* s : { &client, &upstream }) {
            std::error_code ignored;
            if (reset && s->is_open())
                s->set_option(asio::socket_base::linger(true, 0), ignored);
            s->close(ignored);
        }
        up.timer.cancel();
        down.timer.cancel();
        link.stats.bytesDropped += static_cast<std::int64_t>(up.queued + down.queued);
        up.queue.clear();
        down.queue.clear();
        up.queued = down.queued = 0;
        --link.stats.open;
        link.connections.erase(shared_from_this());
    }

    void read(Direction& d)
    {
        if (closed || d.reading)
            return;
        d.reading = true;
        auto self = shared_from_this();
        d.from.async_read_some(asio::buffer(d.buffer), [this, self, &d](std::error_code ec, std::size_t n) {
            d.reading = false;
            if (closed)
                return;
            if (ec) {
                // The end of a stream or a reset: Kafka's connections are not half-closed, so both ends
                // close, a reset passed on as a reset.
                close(ec != asio::error::eof);
                return;
            }
            received(d, n);
        });
    }

    void received(Direction& d, std::size_t n)
    {
        if (link.mode == LinkMode::BlackHole) {
            link.stats.bytesDropped += static_cast<std::int64_t>(n);
            lostBytes = true;
            read(d);
            return;
        }
        if (link.mode == LinkMode::Pass && d.queue.empty() && !d.writing) {
            // The common case without a copy: write what was read, then read again.
            d.writing = true;
            auto self = shared_from_this();
            asio::async_write(d.to, asio::buffer(d.buffer.data(), n), [this, self, &d, n](std::error_code ec, std::size_t) {
                d.writing = false;
                if (closed)
                    return;
                if (ec) {
                    close(true);
                    return;
                }
                link.stats.bytesForwarded += static_cast<std::int64_t>(n);
                pump(d);
                read(d);
            });
            return;
        }
        const auto delay = link.mode == LinkMode::Delay ? link.delay : std::chrono::milliseconds(0);
        d.queue.push_back({ Clock::now() + delay, std::string(d.buffer.data(), n) });
        d.queued += n;
        pump(d);
        if (d.queued < bytesBufferedMax)
            read(d);
    }

    /// Writes the queue's first chunk once it is due; reading resumes when the queue is below its bound.
    void pump(Direction& d)
    {
        if (closed || d.writing || d.queue.empty())
            return;
        const Clock::time_point due = d.queue.front().due;
        if (due > Clock::now()) {
            if (d.timerArmed)
                return;
            d.timerArmed = true;
            d.timer.expires_at(due);
            auto self = shared_from_this();
            d.timer.async_wait([this, self, &d](std::error_code) {
                d.timerArmed = false;
                pump(d);
            });
            return;
        }
        d.writing = true;
        auto self = shared_from_this();
        asio::async_write(d.to, asio::buffer(d.queue.front().bytes), [this, self, &d](std::error_code ec, std::size_t n) {
            d.writing = false;
            if (closed)
                return;
            if (ec) {
                close(true);
                return;
            }
            link.stats.bytesForwarded += static_cast<std::int64_t>(n);
            d.queued -= d.queue.front().bytes.size();
            d.queue.pop_front();
            pump(d);
            if (d.queued < bytesBufferedMax)
                read(d);
        });
    }

    /// A black-hole delivers nothing, so what waits in the queues is dropped.
    void dropQueued()
    {
        for (Direction* d : { &up, &down }) {
            if (d->queued == 0)
                continue;
            // A chunk being written stays: its write cannot be taken back.
            const std::size_t keep = d->writing ? 1 : 0;
            while (d->queue.size() > keep) {
                link.stats.bytesDropped += static_cast<std::int64_t>(d->queue.back().bytes.size());
                d->queued -= d->queue.back().bytes.size();
                d->queue.pop_back();
            }
            lostBytes = true;
            read(*d);
        }
    }
};

} // namespace

struct Proxy::Impl {
    asio::io_context io;
    asio::executor_work_guard<asio::io_context::executor_type> work = asio::make_work_guard(io);
    std::vector<std::unique_ptr<Link>> links;
    std::thread thread;
    mutable std::mutex linksMutex; // guards the vector's growth against port()/name() readers

    /// Runs f on the proxy's thread and waits for it.
    template <typename F>
    auto onThread(F f) const -> decltype(f())
    {
        std::packaged_task<decltype(f())()> task(std::move(f));
        auto result = task.get_future();
        asio::post(const_cast<asio::io_context&>(io), [&task] { task(); });
        return result.get();
    }

    Link& link(int id) const
    {
        std::lock_guard lock(linksMutex);
        if (id < 0 || id >= static_cast<int>(links.size()))
            throw std::out_of_range("no proxy link " + std::to_string(id));
        return *links[static_cast<std::size_t>(id)];
    }

    void accept(Link& l)
    {
        l.acceptor->async_accept([this, &l](std::error_code ec, tcp::socket socket) {
            if (ec == asio::error::operation_aborted || !l.acceptor->is_open())
                return;
            if (!ec)
                connect(l, std::move(socket));
            accept(l);
        });
    }

    void connect(Link& l, tcp::socket socket)
    {
        if (static_cast<int>(l.connections.size()) >= connectionsPerLinkMax) {
            ++l.stats.refused;
            std::error_code ignored;
            socket.close(ignored);
            return;
        }
        auto c = std::make_shared<Connection>(io, l);
        c->client = std::move(socket);
        std::error_code ignored;
        c->client.set_option(tcp::no_delay(true), ignored);
        l.connections.insert(c);
        ++l.stats.accepted;
        ++l.stats.open;
        c->upstream.async_connect(tcp::endpoint(asio::ip::address_v4::loopback(), l.targetPort), [c](std::error_code ec) {
            if (c->closed)
                return;
            if (ec) {
                // The target is down: the source sees a reset, as it would dialling a dead process.
                ++c->link.stats.refused;
                c->close(true);
                return;
            }
            std::error_code ignored;
            c->upstream.set_option(tcp::no_delay(true), ignored);
            c->start();
        });
    }
};

Proxy::Proxy() : m_impl(std::make_unique<Impl>())
{
    m_impl->thread = std::thread([this] { m_impl->io.run(); });
}

Proxy::~Proxy()
{
    m_impl->onThread([this] {
        for (auto& l : m_impl->links) {
            std::error_code ignored;
            l->acceptor->close(ignored);
            const auto connections = l->connections;
            for (const auto& c : connections)
                c->close(false);
        }
        m_impl->work.reset();
        return 0;
    });
    m_impl->io.stop();
    m_impl->thread.join();
}

int Proxy::addLink(const std::string& name, std::uint16_t targetPort)
{
    return m_impl->onThread([&]() -> int {
        if (m_impl->links.size() >= static_cast<std::size_t>(proxyLinksMax))
            throw std::runtime_error("more than " + std::to_string(proxyLinksMax) + " proxy links (proxyLinksMax)");
        auto l = std::make_unique<Link>();
        l->name = name;
        l->targetPort = targetPort;
        l->acceptor = std::make_unique<tcp::acceptor>(m_impl->io);
        std::error_code ec;
        const tcp::endpoint endpoint(asio::ip::address_v4::loopback(), 0);
        l->acceptor->open(endpoint.protocol(), ec);
        if (!ec)
            l->acceptor->bind(endpoint, ec);
        if (!ec)
            l->acceptor->listen(asio::socket_base::max_listen_connections, ec);
        if (ec)
            throw std::runtime_error("the proxy cannot listen for " + name + ": " + ec.message());
        l->port = l->acceptor->local_endpoint().port();
        std::lock_guard lock(m_impl->linksMutex);
        l->id = static_cast<int>(m_impl->links.size());
        m_impl->links.push_back(std::move(l));
        m_impl->accept(*m_impl->links.back());
        return m_impl->links.back()->id;
    });
}

std::uint16_t Proxy::port(int link) const
{
    return m_impl->link(link).port;
}

const std::string& Proxy::name(int link) const
{
    return m_impl->link(link).name;
}

void Proxy::setMode(int link, LinkMode mode, std::chrono::milliseconds delay)
{
    if (delay.count() < 0 || delay > proxyDelayMax)
        throw std::invalid_argument("a proxy delay must be 0.." + std::to_string(proxyDelayMax.count()) + " ms");
    Link& l = m_impl->link(link);
    m_impl->onThread([&] {
        l.mode = mode;
        l.delay = mode == LinkMode::Delay ? delay : std::chrono::milliseconds(0);
        if (mode == LinkMode::BlackHole)
            for (const auto& c : l.connections)
                c->dropQueued();
        return 0;
    });
}

void Proxy::release(int link)
{
    Link& l = m_impl->link(link);
    m_impl->onThread([&] {
        l.mode = LinkMode::Pass;
        l.delay = std::chrono::milliseconds(0);
        const auto connections = l.connections;
        for (const auto& c : connections) {
            if (c->lostBytes) {
                ++l.stats.resets;
                c->close(true);
            }
        }
        return 0;
    });
}

LinkMode Proxy::mode(int link) const
{
    Link& l = m_impl->link(link);
    return m_impl->onThread([&] { return l.mode; });
}

LinkStats Proxy::stats(int link) const
{
    Link& l = m_impl->link(link);
    return m_impl->onThread([&] { return l.stats; });
}

} // namespace hw::realkafka
