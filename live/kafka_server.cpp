// SPDX-License-Identifier: MIT
#include "live/kafka_server.h"

#include "model/limits.h"
#include "sim/network.h"
#include "wire/limits.h"

#include <asio.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <deque>
#include <limits>
#include <map>
#include <set>

namespace hw::live {

using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

constexpr TimeMs never = std::numeric_limits<TimeMs>::max();

// A recorded session must stay readable by `highwater-cli run`: it stops short of the scenario
// format's limits (stepsMax steps, scenarioFileBytesMax bytes), with room for the run steps between.
constexpr std::size_t sessionOperationsMax = static_cast<std::size_t>(hw::limits::stepsMax) / 2;
constexpr std::size_t sessionBytesMax = hw::limits::scenarioFileBytesMax / 2;

struct Connection {
    explicit Connection(asio::io_context& io) : socket(io), timer(io), retransmit(io) {}
    tcp::socket socket;
    asio::steady_timer timer; // the setup, request-read or idle timeout, whichever applies now
    // A request that reached an isolated broker waits in `body` for its retransmission after the heal
    // (Network::hold's rule), and nothing more is read until it went: TCP delivers in order.
    asio::steady_timer retransmit;
    TimeMs heldSinceMs = -1; // when the held request first arrived; -1 for none
    std::int32_t client = -1;  // the engine's handle (LiveClient::handle)
    BrokerId broker = 0;
    std::string peer;
    std::string address;       // the peer's address without the port: its share of connectionsMax
    std::string clientId;      // from the last request header
    std::array<std::uint8_t, 4> size{};
    std::size_t expected = 0;  // the size the current request announced
    wire::Bytes body;          // what came of it so far
    std::size_t reserved = 0;  // bytes of queuedRequestBytesMax it holds
    bool answeredOnce = false; // it sent one complete request: the setup timeout no longer applies
    std::deque<wire::Bytes> writes;
    bool open = true;
    std::set<std::pair<int, int>> seen; // (api key, version) already logged
    std::optional<wire::Compression> codec; // of its last produced batch, logged when it changes
};

} // namespace

struct KafkaServer::Impl {
    Impl(const Scenario& scenario, Timeline& timeline, ServeOptions options, std::ostream& log)
        : scenario(scenario), timeline(timeline), options(std::move(options)), log(log),
          apis(advertisedHost(this->options), this->options.basePort)
    {
        apis.setProduceQuota(this->options.produceQuotaBytesPerSecond);
    }

    /// What Metadata names as every broker's host: --advertise, else the bind address (a wildcard
    /// bind without --advertise is refused by the CLI; 127.0.0.1 stands for it in tests that embed).
    static std::string advertisedHost(const ServeOptions& options)
    {
        if (!options.advertisedHost.empty())
            return options.advertisedHost;
        if (options.bindAddress == "0.0.0.0" || options.bindAddress == "::")
            return "127.0.0.1";
        return options.bindAddress;
    }

    const Scenario& scenario;
    Timeline& timeline;
    ServeOptions options;
    std::ostream& log;
    KafkaApis apis;

    asio::io_context io;
    asio::signal_set signals{io, SIGINT, SIGTERM};
    asio::steady_timer engineTimer{io};
    asio::steady_timer stopTimer{io};
    std::vector<std::unique_ptr<tcp::acceptor>> acceptors; // [broker id - 1]
    std::map<std::int32_t, std::shared_ptr<Connection>> connections; // by handle
    std::map<std::string, int> connectionsPerAddress;
    std::size_t queuedBytes = 0;                        // reserved for requests being read or not yet handled
    std::deque<std::weak_ptr<Connection>> waitingForMemory; // connections whose next chunk did not fit
    std::optional<Scenario> recorded;                   // the recorded prefix, once recording stopped
    std::int64_t connectionsEver = 0;
    bool finished = false;
    Clock::time_point wallStart;
    TimeMs simStart = 0;
    std::size_t nextScript = 0;
    bool stopping = false;
    bool started = false;
    bool catchingUp = false;
    std::uint64_t connectionsRevision = 0;
    std::string stopReason;
    std::size_t sessionBytes = 0;
    std::int64_t requests = 0;
    std::int64_t refusedConnections = 0;
    std::int64_t refusedPerAddress = 0;
    std::int64_t timedOut = 0;
    // Wall-clock microseconds each request spent in the server outside simulated time: decoding,
    // handling and applying it, and later encoding and queueing its response. The first
    // latencySamplesMax are kept for the percentiles printed on exit.
    static constexpr std::size_t latencySamplesMax = 1000000;
    std::vector<std::int64_t> latencyUs;
    std::map<std::int32_t, std::int64_t> pendingUs; // client: the request's time so far

    static std::int64_t microsSince(Clock::time_point start)
    {
        return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
    }

    void sample(std::int64_t us)
    {
        if (latencyUs.size() < latencySamplesMax)
            latencyUs.push_back(us);
    }

    const ClusterState& state() const { return timeline.head(); }

    TimeMs simNow() const
    {
        const double wallMs = std::chrono::duration<double, std::milli>(Clock::now() - wallStart).count();
        return std::max(state().nowMs, simStart + static_cast<TimeMs>(wallMs * options.speed));
    }

    Clock::time_point wallAt(TimeMs simMs) const
    {
        const double wallMs = static_cast<double>(simMs - simStart) / options.speed;
        return wallStart + std::chrono::microseconds(static_cast<std::int64_t>(wallMs * 1000.0));
    }

    void stop(const std::string& reason)
    {
        if (stopping)
            return;
        stopping = true;
        stopReason = reason;
        io.stop();
    }

    /// Runs what is due: engine events before `untilMs` (at it too when `inclusive`) and script steps
    /// at or before it, in time order.
    void catchUp(TimeMs untilMs, bool inclusive)
    {
        if (catchingUp)
            return; // a connection closed by a step of this catch-up disconnects at the step's time
        catchingUp = true;
        while (!stopping) {
            const TimeMs event = timeline.hasQueuedEvents() ? timeline.nextEventTimeMs() : never;
            const TimeMs script =
                nextScript < options.script.size() ? simStart + options.script[nextScript].atMs : never;
            if (event < script && (event < untilMs || (inclusive && event == untilMs))) {
                timeline.step();
            } else if (script != never && script <= untilMs && script <= event) {
                runScriptStep(script);
            } else {
                break;
            }
        }
        catchingUp = false;
        checkSessionSize();
    }

    void runScriptStep(TimeMs atMs)
    {
        const TimedStep& timed = options.script[nextScript++];
        if (state().nowMs < atMs)
            timeline.apply(AdvanceAction{atMs});
        std::string error;
        if (const auto* fault = std::get_if<FaultStep>(&timed.step)) {
            error = timeline.apply(fault->action).error;
        } else if (const auto* slow = std::get_if<SlowStep>(&timed.step)) {
            error = timeline.apply(slow->action).error;
        } else if (const auto* config = std::get_if<ConfigStep>(&timed.step)) {
            for (const ConfigAction& change : config->changes) {
                if (error.empty())
                    error = timeline.apply(change).error;
            }
        }
        if (!options.quiet || !error.empty())
            log << "script: at " << timed.atMs << " ms, " << stepKey(timed.step)
                << (error.empty() ? std::string() : ": not done: " + error) << "\n";
        syncListeners();
    }

    void checkSessionSize()
    {
        if (!options.recording || recorded)
            return;
        if (timeline.operationCount() >= sessionOperationsMax || sessionBytes > sessionBytesMax)
            stopRecording("the session is as long as one recorded file may be (" +
                          std::to_string(sessionOperationsMax) + " operations or " + std::to_string(sessionBytesMax) +
                          " bytes of records, sessionOperationsMax and sessionBytesMax)");
    }

    /// Ends the recording where the run is now and keeps serving: the prefix is written on exit, and
    /// `run` replays it to the frames served up to here.
    void stopRecording(const std::string& why)
    {
        if (!options.recording || recorded)
            return;
        const std::int64_t lastFrame = timeline.frameCount() - 1;
        log << "serve: warning: recording stopped at frame " << lastFrame << " (t=" << timeline.frame(lastFrame).timeMs
            << " ms): " << why << "; serving goes on, and the recorded part is written on exit\n";
        recorded = recordSession(scenario, timeline, timeline.operationCount());
    }
    /// Moves the clock to the arrival time of something from outside and returns it.
    TimeMs arrival()
    {
        if (catchingUp)
            return state().nowMs;
        const TimeMs t = simNow();
        catchUp(t, false);
        return t;
    }

    /// Arms the timer for the next engine event or script step.
    void arm()
    {
        if (stopping)
            return;
        const TimeMs event = timeline.hasQueuedEvents() ? timeline.nextEventTimeMs() : never;
        const TimeMs script = nextScript < options.script.size() ? simStart + options.script[nextScript].atMs : never;
        const TimeMs next = std::min(event, script);
        if (next == never) {
            engineTimer.cancel();
            return;
        }
        engineTimer.expires_at(wallAt(next));
        engineTimer.async_wait([this](const asio::error_code& ec) {
            if (ec)
                return;
            catchUp(simNow(), true);
            arm();
        });
    }

    ApplyResult applyLive(LiveClientAction action, TimeMs atMs)
    {
        action.atMs = atMs;
        ApplyResult result = timeline.apply(action);
        if (!result.ok())
            return result;
        sessionBytes += 256;
        if (const auto* produce = std::get_if<LiveProduce>(&action.request)) {
            for (const LiveRecord& p : produce->records) {
                sessionBytes += 96 + 2 * (p.key.size() + p.value.size());
                for (const PayloadHeader& h : p.headers)
                    sessionBytes += 48 + 2 * (h.key.size() + h.value.size());
            }
        }
        return result;
    }

    // ---- listeners --------------------------------------------------------------------------

    std::string openListener(BrokerId broker)
    {
        asio::error_code ec;
        const asio::ip::address address = asio::ip::make_address(options.bindAddress, ec);
        if (ec)
            return "--bind: \"" + options.bindAddress + "\" is not an IP address";
        const tcp::endpoint endpoint(address, static_cast<unsigned short>(options.basePort + broker));
        auto acceptor = std::make_unique<tcp::acceptor>(io);
        acceptor->open(endpoint.protocol(), ec);
        if (!ec)
            acceptor->set_option(tcp::acceptor::reuse_address(true), ec);
        if (!ec)
            acceptor->bind(endpoint, ec);
        if (!ec)
            acceptor->listen(asio::socket_base::max_listen_connections, ec);
        if (ec)
            return "broker " + std::to_string(broker) + ": cannot listen on " + options.bindAddress + ":" +
                   std::to_string(options.basePort + broker) + ": " + ec.message();
        acceptors[static_cast<std::size_t>(broker - 1)] = std::move(acceptor);
        accept(broker);
        return {};
    }

    void accept(BrokerId broker)
    {
        tcp::acceptor* acceptor = acceptors[static_cast<std::size_t>(broker - 1)].get();
        if (!acceptor)
            return;
        acceptor->async_accept([this, broker, acceptor](const asio::error_code& ec, tcp::socket socket) {
            if (ec == asio::error::operation_aborted || acceptors[static_cast<std::size_t>(broker - 1)].get() != acceptor)
                return;
            if (!ec)
                onAccept(broker, std::move(socket));
            accept(broker);
        });
    }

    /// A killed broker's listener closes (clients get "connection refused") and its connections
    /// drop; a restarted broker listens again.
    void syncListeners()
    {
        for (const Broker& b : state().brokers) {
            auto& acceptor = acceptors[static_cast<std::size_t>(b.id - 1)];
            if (!b.alive && acceptor) {
                asio::error_code ignored;
                acceptor->close(ignored);
                acceptor.reset();
                if (!options.quiet)
                    log << "broker " << b.id << " is down: its listener is closed\n";
                std::vector<std::shared_ptr<Connection>> dropped;
                for (auto& [client, connection] : connections) {
                    if (connection->broker == b.id)
                        dropped.push_back(connection);
                }
                for (auto& connection : dropped)
                    close(connection, "broker " + std::to_string(b.id) + " is down");
            } else if (b.alive && !acceptor) {
                if (std::string error = openListener(b.id); !error.empty())
                    log << "serve: " << error << "\n";
                else if (!options.quiet)
                    log << "broker " << b.id << " is back: listening on " << options.bindAddress << ":"
                        << options.basePort + b.id << "\n";
            }
        }
    }

    // ---- connections ------------------------------------------------------------------------

    void onAccept(BrokerId broker, tcp::socket socket)
    {
        asio::error_code ec;
        const tcp::endpoint remote = socket.remote_endpoint(ec);
        const std::string address = ec ? std::string("?") : remote.address().to_string();
        const std::string peer = ec ? address : address + ":" + std::to_string(remote.port());
        // Kafka's acceptor stops accepting at max.connections and refuses an address over
        // max.connections.per.ip; closing at once tells the client the same without queueing it.
        const int open = static_cast<int>(connections.size());
        int& fromAddress = connectionsPerAddress[address];
        if (open >= limits::connectionsMax || fromAddress >= limits::connectionsPerAddressMax) {
            const bool whole = open >= limits::connectionsMax;
            if (whole ? refusedConnections++ % 100 == 0 : refusedPerAddress++ % 100 == 0)
                log << "refused a connection from " << peer << ": "
                    << (whole ? std::to_string(open) + " connections are open, the limit (connectionsMax)"
                              : std::to_string(fromAddress) + " connections from " + address +
                                    " are open, its share (connectionsPerAddressMax)")
                    << "; " << (whole ? refusedConnections : refusedPerAddress)
                    << " refused so far, one line per 100\n";
            if (fromAddress == 0)
                connectionsPerAddress.erase(address);
            socket.close(ec);
            return;
        }
        socket.set_option(tcp::no_delay(true), ec);
        auto connection = std::make_shared<Connection>(io);
        connection->socket = std::move(socket);
        connection->broker = broker;
        connection->peer = peer;
        connection->address = address;
        LiveClientAction connect;
        connect.kind = LiveClientAction::Kind::Connect;
        connect.broker = broker;
        connect.id = peer;
        const ApplyResult result = applyLive(connect, arrival());
        if (!result.ok()) {
            log << "refused a connection from " << peer << ": " << result.error << "\n";
            if (fromAddress == 0)
                connectionsPerAddress.erase(address);
            connection->socket.close(ec);
            return;
        }
        ++fromAddress;
        ++connectionsEver;
        connection->client = result.event->peer;
        connections[connection->client] = connection;
        ++connectionsRevision;
        if (!options.quiet)
            log << "connection " << connection->client << " from " << peer << " to broker " << broker << "\n";
        read(connection);
        arm();
    }

    void expireAfter(const std::shared_ptr<Connection>& connection, std::int64_t ms, std::string why)
    {
        connection->timer.expires_after(std::chrono::milliseconds(ms));
        connection->timer.async_wait([this, weak = std::weak_ptr<Connection>(connection),
                                      why = std::move(why)](const asio::error_code& ec) {
            if (ec)
                return;
            if (auto c = weak.lock()) {
                ++timedOut;
                close(c, why);
            }
        });
    }

    /// Waits for the next request's size prefix.
    void read(const std::shared_ptr<Connection>& connection)
    {
        if (!connection->open)
            return;
        if (connection->answeredOnce)
            expireAfter(connection, limits::connectionIdleMs,
                        "idle for " + std::to_string(limits::connectionIdleMs) + " ms (connections.max.idle.ms)");
        else
            expireAfter(connection, limits::connectionSetupTimeoutMs,
                        "no complete request within " + std::to_string(limits::connectionSetupTimeoutMs) +
                            " ms of opening (connectionSetupTimeoutMs)");
        asio::async_read(connection->socket, asio::buffer(connection->size),
                         [this, connection](const asio::error_code& ec, std::size_t) {
                             if (ec) {
                                 close(connection, ec == asio::error::eof ? "closed by the client" : ec.message());
                                 return;
                             }
                             const std::uint32_t size = (std::uint32_t{connection->size[0]} << 24) |
                                                        (std::uint32_t{connection->size[1]} << 16) |
                                                        (std::uint32_t{connection->size[2]} << 8) | connection->size[3];
                             // SocketServer: a size below 0 or above socket.request.max.bytes closes
                             // the connection (InvalidReceiveException) before anything is allocated.
                             if (size > static_cast<std::uint32_t>(wire::limits::requestBytesMax) || size < 8) {
                                 close(connection, "a request of " + std::to_string(static_cast<std::int32_t>(size)) +
                                                       " bytes (at most " + std::to_string(wire::limits::requestBytesMax) +
                                                       ", requestBytesMax)");
                                 return;
                             }
                             connection->expected = size;
                             connection->body.clear();
                             expireAfter(connection, limits::requestReadTimeoutMs,
                                         "a request of " + std::to_string(size) + " bytes not complete within " +
                                             std::to_string(limits::requestReadTimeoutMs) + " ms (requestReadTimeoutMs)");
                             readChunk(connection);
                         });
    }

    /// Reads the next chunk of the current request into its body, as memory allows: the bytes held
    /// follow the bytes that came, and all requests together stay within queuedRequestBytesMax.
    void readChunk(const std::shared_ptr<Connection>& connection)
    {
        if (!connection->open)
            return;
        const std::size_t got = connection->body.size();
        if (got == connection->expected) {
            connection->timer.cancel();
            connection->answeredOnce = true;
            onRequest(connection);
            return;
        }
        const std::size_t chunk = std::min(limits::readChunkBytes, connection->expected - got);
        if (queuedBytes + chunk > limits::queuedRequestBytesMax) {
            // Kafka's processor stops reading when its MemoryPool is empty; the request-read timeout
            // still runs, so a stalled reader cannot hold the pool for ever.
            waitingForMemory.push_back(connection);
            return;
        }
        queuedBytes += chunk;
        connection->reserved += chunk;
        connection->body.resize(got + chunk);
        asio::async_read(connection->socket, asio::buffer(connection->body.data() + got, chunk),
                         [this, connection](const asio::error_code& ec, std::size_t) {
                             if (ec) {
                                 close(connection, ec == asio::error::eof ? "closed mid-request" : ec.message());
                                 return;
                             }
                             readChunk(connection);
                         });
    }

    /// Gives back what a connection's request held, and lets waiting readers go on.
    void release(const std::shared_ptr<Connection>& connection)
    {
        queuedBytes -= connection->reserved;
        connection->reserved = 0;
        wire::Bytes().swap(connection->body);
        while (!waitingForMemory.empty()) {
            std::shared_ptr<Connection> next = waitingForMemory.front().lock();
            if (next && next->open &&
                queuedBytes + std::min(limits::readChunkBytes, next->expected - next->body.size()) >
                    limits::queuedRequestBytesMax)
                break;
            waitingForMemory.pop_front();
            if (next && next->open)
                asio::post(io, [this, next] { readChunk(next); });
        }
    }

    void write(const std::shared_ptr<Connection>& connection, wire::Bytes frame)
    {
        if (!connection->open)
            return;
        connection->writes.push_back(std::move(frame));
        if (connection->writes.size() == 1)
            flush(connection);
    }

    void flush(const std::shared_ptr<Connection>& connection)
    {
        asio::async_write(connection->socket, asio::buffer(connection->writes.front()),
                          [this, connection](const asio::error_code& ec, std::size_t) {
                              if (ec) {
                                  close(connection, ec.message());
                                  return;
                              }
                              connection->writes.pop_front();
                              if (!connection->writes.empty())
                                  flush(connection);
                          });
    }

    void close(const std::shared_ptr<Connection>& connection, const std::string& reason)
    {
        if (!connection->open)
            return;
        connection->open = false;
        asio::error_code ignored;
        connection->socket.close(ignored);
        connection->timer.cancel();
        connection->retransmit.cancel();
        release(connection);
        if (auto it = connectionsPerAddress.find(connection->address);
            it != connectionsPerAddress.end() && --it->second <= 0)
            connectionsPerAddress.erase(it);
        apis.forget(connection->client);
        pendingUs.erase(connection->client);
        connections.erase(connection->client);
        ++connectionsRevision;
        if (!options.quiet)
            log << "connection " << connection->client << " closed: " << reason << "\n";
        if (stopping)
            return;
        if (const LiveClient* client = state().liveClient(connection->client); client && client->connected) {
            LiveClientAction disconnect;
            disconnect.kind = LiveClientAction::Kind::Disconnect;
            disconnect.client = connection->client;
            if (const ApplyResult result = applyLive(disconnect, arrival()); !result.ok())
                log << "serve: connection " << connection->client << ": the disconnect was not applied: "
                    << result.error << "\n";
        }
        arm();
    }

    void onRequest(const std::shared_ptr<Connection>& connection)
    {
        const Clock::time_point started = Clock::now();
        ++requests;
        const TimeMs t = arrival();
        if (stopping)
            return;
        if (state().broker(connection->broker).isolated) {
            hold(connection, t);
            return;
        }
        process(connection, started, t);
    }

    TimeMs linkLatencyMs(BrokerId broker) const
    {
        const Broker& b = state().broker(broker);
        return std::max(state().config.networkLatencyMs, b.latencyMs >= 0 ? b.latencyMs : TimeMs{0});
    }

    /// A request that arrives at an isolated broker: a cut that retransmits (the default) keeps it for
    /// its connection's first retransmission after the heal, a lossy one (retransmit: false) loses it
    /// and the client waits for its request.timeout.ms.
    void hold(const std::shared_ptr<Connection>& connection, TimeMs t)
    {
        if (state().broker(connection->broker).cutLoses) {
            if (!options.quiet)
                log << "connection " << connection->client << ": a request lost: broker " << connection->broker
                    << " is isolated\n";
            release(connection);
            read(connection);
            return;
        }
        if (!options.quiet)
            log << "connection " << connection->client << ": a request held: broker " << connection->broker
                << " is isolated; it arrives at its connection's first retransmission after the heal\n";
        connection->heldSinceMs = t;
        armRetransmit(connection, t);
    }

    void armRetransmit(const std::shared_ptr<Connection>& connection, TimeMs afterMs)
    {
        const TimeMs at = Network::nextRetransmissionMs(connection->heldSinceMs, linkLatencyMs(connection->broker), afterMs);
        if (at < 0) {
            // The kernel gives up after tcp_retries2 retransmissions; the client's own timeout has
            // long closed the connection by then.
            connection->heldSinceMs = -1;
            release(connection);
            read(connection);
            return;
        }
        connection->retransmit.expires_at(wallAt(at));
        connection->retransmit.async_wait([this, connection, at](const asio::error_code& ec) {
            if (ec || !connection->open || stopping)
                return;
            const TimeMs t = arrival();
            if (stopping || !connection->open)
                return;
            const Broker& broker = state().broker(connection->broker);
            if (broker.isolated && !broker.cutLoses) {
                armRetransmit(connection, std::max(at, t));
                return;
            }
            connection->heldSinceMs = -1;
            if (broker.isolated) {
                hold(connection, t); // the cut became a lossy one
                return;
            }
            if (!options.quiet)
                log << "connection " << connection->client << ": the held request arrives after the heal\n";
            process(connection, Clock::now(), t);
        });
    }

    void process(const std::shared_ptr<Connection>& connection, Clock::time_point started, TimeMs t)
    {
        // The request's bytes go back to the pool now: what is kept of them is the decoded frame.
        const wire::Bytes body = std::move(connection->body);
        release(connection);
        wire::RequestFrame frame;
        try {
            // The observer's own versions (wire/protocol_observe.h), on its connection only; on any other
            // they fall to parseRequest, which refuses them as every unsupported version.
            if (apis.isObserver(connection->client)) {
                if (std::optional<wire::ObserverRequestFrame> observed = wire::parseObserverRequest(body)) {
                    processObserver(connection, *observed, started);
                    return;
                }
            }
            frame = wire::parseRequest(body);
        } catch (const wire::UnsupportedRequest& unsupported) {
            if (!options.quiet) {
                log << "connection " << connection->client << ": " << unsupported.what();
                if (unsupported.refusedAdvertisedVersion())
                    log << " (advertised in ApiVersions as Kafka 4.x advertises it for librdkafka, KAFKA-18659, "
                           "but refused as Kafka 4.x refuses it)";
                log << "\n";
            }
            if (unsupported.answerWithApiVersionsError()) {
                write(connection, wire::encodeUnsupportedApiVersionsResponse(unsupported.correlationId()));
                read(connection);
            } else {
                close(connection, "unsupported request (Kafka closes the connection)");
            }
            return;
        } catch (const wire::DecodeError& error) {
            close(connection, std::string("a request that does not decode: ") + error.what() + " at byte " +
                                  std::to_string(error.offset()));
            return;
        }
        if (frame.header.clientId && *frame.header.clientId != connection->clientId) {
            connection->clientId = *frame.header.clientId;
            ++connectionsRevision;
        }
        const auto api = std::make_pair(static_cast<int>(frame.header.apiKey), static_cast<int>(frame.header.apiVersion));
        HandledRequest handled = apis.handle(connection->client, frame, state(), body.size());
        if (!options.quiet && connection->seen.insert(api).second)
            log << "connection " << connection->client << " (" << frame.header.clientId.value_or("no client id")
                << "): " << wire::apiName(frame.header.apiKey) << " v" << frame.header.apiVersion
                << (handled.summary.empty() ? std::string() : ": " + handled.summary) << "\n";
        if (handled.codec && handled.codec != connection->codec) {
            connection->codec = handled.codec;
            if (!options.quiet)
                log << "connection " << connection->client << " (" << frame.header.clientId.value_or("no client id")
                    << "): Produce batches compressed with codec " << wire::compressionName(*handled.codec) << "\n";
        }
        for (std::size_t i = 0; i < handled.actions.size(); ++i) {
            if (const ApplyResult result = applyLive(handled.actions[i], t); !result.ok()) {
                close(connection, "the simulation refused the request: " + result.error);
                return;
            }
            apis.bind(connection->client, i, state().liveClient(connection->client)->requests);
        }
        if (handled.closeConnection) {
            close(connection, "acks=0 produce with an error (Kafka closes the connection)");
        } else if (handled.response) {
            write(connection, std::move(*handled.response));
            sample(microsSince(started));
            readAfterThrottle(connection, handled.throttleMs);
        } else if (!handled.awaitsEngine) {
            sample(microsSince(started));
            readAfterThrottle(connection, handled.throttleMs); // acks=0: no response, the next request may come
        } else {
            pendingUs[connection->client] = microsSince(started);
        }
        checkSessionSize();
        arm();
    }

    /// An observer-only request: answered at once from the state, no action for the engine.
    void processObserver(const std::shared_ptr<Connection>& connection, const wire::ObserverRequestFrame& frame,
                         Clock::time_point started)
    {
        HandledRequest handled = apis.handleObserver(connection->client, frame, state());
        const auto api =
            std::make_pair(static_cast<int>(frame.header.apiKey), static_cast<int>(frame.header.apiVersion));
        if (!options.quiet && connection->seen.insert(api).second)
            log << "connection " << connection->client << " (" << frame.header.clientId.value_or("no client id")
                << "): " << wire::apiName(frame.header.apiKey) << " v" << frame.header.apiVersion
                << (handled.summary.empty() ? std::string() : ": " + handled.summary) << "\n";
        write(connection, std::move(*handled.response));
        sample(microsSince(started));
        readAfterThrottle(connection, 0);
        arm();
    }

    void onAnswer(std::int32_t client, const Message& message)
    {
        auto it = connections.find(client);
        if (it == connections.end())
            return;
        std::shared_ptr<Connection> connection = it->second;
        bool closeIt = false;
        std::optional<wire::Bytes> frame = apis.answer(client, message, state(), closeIt);
        if (closeIt) {
            // Not now: the engine is in the middle of delivering, and closing applies an action.
            asio::post(io, [this, connection] { close(connection, "the broker went away"); });
            return;
        }
        if (frame) {
            const Clock::time_point started = Clock::now();
            write(connection, std::move(*frame));
            sample(pendingUs[client] + microsSince(started));
            pendingUs.erase(client);
            readAfterThrottle(connection, apis.takeThrottleMs(client));
        }
    }

    /// Says why serving stopped and closes every connection, once.
    void finish()
    {
        if (finished)
            return;
        finished = true;
        log << "serve: stopping: " << stopReason << "; " << requests << " request(s), " << connectionsEver
            << " connection(s), " << timeline.frameCount() << " frames";
        if (timeline.firstFrame() > 0)
            log << " (frames " << timeline.firstFrame() << " on kept)";
        log << "; " << timedOut << " timed out, " << refusedConnections + refusedPerAddress << " refused\n"
            << "serve: " << latencySummary() << "\n";
        for (auto& [client, connection] : connections) {
            asio::error_code ignored;
            connection->socket.close(ignored);
            connection->timer.cancel();
        }
        connections.clear();
        connectionsPerAddress.clear();
        waitingForMemory.clear();
        for (auto& acceptor : acceptors) {
            if (acceptor) {
                asio::error_code ignored;
                acceptor->close(ignored);
            }
        }
    }

    // Produce quotas (KIP-219, ClientQuotaManager.throttle): after a response that carries a throttle
    // time, the broker mutes the channel for that long, so the connection's next request is not read
    // until then. The throttle is simulated time (KafkaApis computes it from arrival times), waited out
    // on the wall clock at the session's speed.
    void readAfterThrottle(const std::shared_ptr<Connection>& connection, std::int32_t throttleMs)
    {
        if (throttleMs <= 0) {
            read(connection);
            return;
        }
        auto timer = std::make_shared<asio::steady_timer>(io);
        timer->expires_after(std::chrono::microseconds(
            static_cast<std::int64_t>(static_cast<double>(throttleMs) * 1000.0 / options.speed)));
        timer->async_wait([this, connection, timer](const asio::error_code& ec) {
            if (!ec)
                read(connection);
        });
    }

    std::string latencySummary()
    {
        if (latencyUs.empty())
            return "no request answered";
        std::vector<std::int64_t> sorted = latencyUs;
        std::sort(sorted.begin(), sorted.end());
        auto at = [&](double q) { return sorted[static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1))]; };
        return "time in the server outside simulated time per request: p50 " + std::to_string(at(0.50)) + " us, p99 " +
               std::to_string(at(0.99)) + " us (" + std::to_string(sorted.size()) + " requests)";
    }
};

KafkaServer::KafkaServer(const Scenario& scenario, Timeline& timeline, ServeOptions options, std::ostream& log)
    : m_impl(std::make_unique<Impl>(scenario, timeline, std::move(options), log))
{
    m_impl->acceptors.resize(timeline.head().brokers.size());
    timeline.setLiveClientSink(this);
    Impl& d = *m_impl;
    // Before the timeline drops its oldest frames, a recording still going on ends where the run is:
    // the frames it needs from the first one on are about to go.
    timeline.setDropsOldestFrames(true);
    timeline.setBeforeDrop([&d] {
        d.stopRecording("the history reached its memory budget (" + formatByteSize(d.timeline.memoryBudget()) +
                        ") and drops its oldest frames");
    });
    timeline.setDropObserver([&d](std::int64_t firstFrame, std::int64_t dropped) {
        // Each drop frees a quarter of the budget at once (Timeline::dropFraction), so one line per
        // drop is one line per episode, minutes apart in a busy class.
        d.log << "serve: the history reached its memory budget (" << formatByteSize(d.timeline.memoryBudget())
              << "): dropped its oldest " << dropped << " frames; it keeps frames " << firstFrame << " on, and serving goes on\n";
    });
}

KafkaServer::~KafkaServer()
{
    m_impl->timeline.setLiveClientSink(nullptr);
    m_impl->timeline.setDropObserver({});
    m_impl->timeline.setBeforeDrop({});
}

void KafkaServer::answer(std::int32_t client, const Message& message)
{
    m_impl->onAnswer(client, message);
}

std::string KafkaServer::listen()
{
    Impl& d = *m_impl;
    for (const Broker& b : d.state().brokers) {
        if (!b.alive)
            continue;
        if (std::string error = d.openListener(b.id); !error.empty())
            return error;
    }
    return {};
}

void KafkaServer::begin()
{
    Impl& d = *m_impl;
    d.wallStart = Clock::now();
    d.simStart = d.state().nowMs;
    d.started = true;
    if (d.options.stopAfterMs >= 0) {
        d.stopTimer.expires_after(std::chrono::milliseconds(d.options.stopAfterMs));
        d.stopTimer.async_wait([&d](const asio::error_code& ec) {
            if (!ec)
                d.stop("--stop-after reached");
        });
    }
    d.arm();
}

const std::optional<Scenario>& KafkaServer::recordedSession() const
{
    return m_impl->recorded;
}

void KafkaServer::run()
{
    Impl& d = *m_impl;
    d.signals.async_wait([&d](const asio::error_code& ec, int signal) {
        if (!ec)
            d.stop(signal == SIGINT ? "interrupted (Ctrl+C)" : "terminated (SIGTERM)");
    });
    begin();
    d.io.run();
    d.finish();
}

void KafkaServer::start()
{
    Impl& d = *m_impl;
    // The embedding program keeps its own signal handling: a GUI quits on SIGTERM as it always did.
    asio::error_code ignored;
    d.signals.clear(ignored);
    begin();
}

std::size_t KafkaServer::poll()
{
    Impl& d = *m_impl;
    if (!d.started || d.io.stopped())
        return 0;
    const std::size_t ran = d.io.poll();
    if (d.stopping)
        d.finish(); // stopped from inside (--stop-after): every connection and listener closes
    return ran;
}

TimeMs KafkaServer::simNow() const
{
    return m_impl->started ? m_impl->simNow() : m_impl->state().nowMs;
}

void KafkaServer::catchUpNow()
{
    Impl& d = *m_impl;
    if (d.started && !d.stopping)
        d.catchUp(d.simNow(), false);
}

void KafkaServer::actionApplied()
{
    Impl& d = *m_impl;
    if (!d.started || d.stopping)
        return;
    d.syncListeners();
    d.arm();
}

void KafkaServer::stopServing()
{
    Impl& d = *m_impl;
    if (d.stopping)
        return;
    // Each connection's close is recorded while still serving, so the timeline shows the clients gone.
    std::vector<std::shared_ptr<Connection>> open;
    for (auto& [client, connection] : d.connections)
        open.push_back(connection);
    for (auto& connection : open)
        d.close(connection, "the live lab stopped");
    for (auto& acceptor : d.acceptors) {
        if (acceptor) {
            asio::error_code ignored;
            acceptor->close(ignored);
            acceptor.reset();
        }
    }
    d.engineTimer.cancel();
    d.stopTimer.cancel();
    d.stop("stopped");
}

bool KafkaServer::serving() const
{
    return m_impl->started && !m_impl->stopping;
}

std::string KafkaServer::stopReason() const
{
    return m_impl->stopReason;
}

int KafkaServer::basePort() const
{
    return m_impl->options.basePort;
}

std::vector<KafkaServer::ConnectionInfo> KafkaServer::openConnections() const
{
    std::vector<ConnectionInfo> list;
    for (const auto& [client, connection] : m_impl->connections)
        list.push_back(ConnectionInfo { client, connection->clientId, connection->peer, connection->broker });
    return list;
}

std::uint64_t KafkaServer::connectionsRevision() const
{
    return m_impl->connectionsRevision;
}

} // namespace hw::live
