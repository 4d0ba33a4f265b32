// SPDX-License-Identifier: MIT
#include "realkafka/cluster.h"

#include "model/limits.h"
#include "model/version_rules.h"
#include "realkafka/admin_connection.h"
#include "realkafka/process.h"
#include "realkafka/proxy.h"

#include <asio.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <deque>
#include <exception>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <sys/file.h>
#include <thread>
#include <unistd.h>

namespace hw::realkafka {

namespace fs = std::filesystem;
namespace client = wire::client;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

const char* const runPrefix = "highwater-real-";
const char* const startedMarker = "Kafka Server started";
/// BrokerLifecycleManager's StartupEvent logs "Incarnation ... of broker N in cluster ... is now STARTING."
/// right after it queues the broker's first BrokerRegistration (3.7.2 to 4.4.0, read in each release's
/// jar): the JVM runs and its socket server is bound, and the registration is on its way.
const char* const registeringMarker = "is now STARTING.";
/// How often readiness and leadership are polled while waiting.
constexpr milliseconds pollInterval { 100 };
/// How long a node writing its class data archive may take to stop at the end of a run.
constexpr milliseconds archiveStopWait { 30000 };

struct KeyInfo {
    std::string_view key;
    KeyPlace place;
    std::string_view reason;
};

/// docs/real-kafka.md, "Configuration from the scenario": the same table.
constexpr KeyInfo keyTable[] = {
    { "min.insync.replicas", KeyPlace::BrokerAndController, "" },
    { "replica.lag.time.max.ms", KeyPlace::Broker, "" },
    { "network.latency.ms", KeyPlace::NotApplicable,
        "the model's link latency; the real links are loopback (use a slow step for latency)" },
    { "auto.fetch", KeyPlace::RefusedUnlessDefault,
        "real followers always fetch: manual fetch rounds (auto.fetch false) have no counterpart" },
    { "replica.fetch.wait.max.ms", KeyPlace::Broker, "" },
    { "replica.fetch.max.records", KeyPlace::NotApplicable,
        "the model's stand-in for replica.fetch.max.bytes; it changes how many rounds a follower needs, not "
        "the quiescent state" },
    { "replica.fetch.backoff.ms", KeyPlace::Broker, "" },
    { "replica.socket.timeout.ms", KeyPlace::Broker, "" },
    { "broker.heartbeat.interval.ms", KeyPlace::Broker, "" },
    { "broker.session.timeout.ms", KeyPlace::BrokerAndController, "" },
    { "request.timeout.ms", KeyPlace::Producer, "" },
    { "retries", KeyPlace::Producer, "" },
    { "retry.backoff.ms", KeyPlace::Producer, "" },
    { "retry.backoff.max.ms", KeyPlace::Producer, "" },
    { "reconnect.backoff.ms", KeyPlace::Producer, "" },
    { "reconnect.backoff.max.ms", KeyPlace::Producer, "" },
    { "delivery.timeout.ms", KeyPlace::Producer, "" },
    { "batch.size", KeyPlace::Producer, "" },
    { "enable.idempotence", KeyPlace::Producer, "" },
    { "acks", KeyPlace::Producer, "" },
    { "max.in.flight.requests.per.connection", KeyPlace::Producer, "" },
    { "linger.ms", KeyPlace::Producer, "" },
    { "unclean.leader.election.enable", KeyPlace::BrokerAndController, "" },
    { "unclean.leader.election.interval.ms", KeyPlace::Controller, "" },
    { "auto.leader.rebalance.enable", KeyPlace::Controller, "" },
    { "leader.imbalance.check.interval.seconds", KeyPlace::Controller, "" },
    { "eligible.leader.replicas.enable", KeyPlace::Format, "" },
    { "truncation", KeyPlace::RefusedUnlessDefault,
        "Kafka truncates by leader epoch since 0.11; the legacy high-watermark truncation cannot be run" },
    { "session.timeout.ms", KeyPlace::Consumer, "" },
    { "heartbeat.interval.ms", KeyPlace::Consumer, "" },
    { "max.poll.interval.ms", KeyPlace::Consumer, "" },
    { "group.initial.rebalance.delay.ms", KeyPlace::Broker, "" },
    { "auto.commit.interval.ms", KeyPlace::Consumer, "" },
    { "fetch.max.wait.ms", KeyPlace::Consumer, "" },
    { "offsets.topic.num.partitions", KeyPlace::Broker, "" },
    { "log.retention.check.interval.ms", KeyPlace::Broker, "" },
    { "auto.create.topics.enable", KeyPlace::Broker, "" },
    { "num.partitions", KeyPlace::BrokerAndController, "" },
    { "default.replication.factor", KeyPlace::BrokerAndController, "" },
    { "log.segment.bytes", KeyPlace::Broker, "" },
    { "log.retention.bytes", KeyPlace::Broker, "" },
    { "log.retention.ms", KeyPlace::Broker, "" },
};

const KeyInfo* findKey(std::string_view key)
{
    for (const KeyInfo& info : keyTable)
        if (info.key == key)
            return &info;
    return nullptr;
}

std::string readFileTail(const fs::path& file, int lines)
{
    std::ifstream in(file);
    if (!in)
        return "(no " + file.filename().string() + ")";
    std::deque<std::string> tail;
    std::string line;
    while (std::getline(in, line)) {
        tail.push_back(line);
        if (static_cast<int>(tail.size()) > lines)
            tail.pop_front();
    }
    std::string text;
    for (const std::string& l : tail)
        text += "    " + l + "\n";
    return text;
}

int countMarkers(const fs::path& file, const char* marker)
{
    std::ifstream in(file);
    int count = 0;
    std::string line;
    while (std::getline(in, line))
        if (line.find(marker) != std::string::npos)
            ++count;
    return count;
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to)
{
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

std::string readWhole(const fs::path& file)
{
    std::ifstream in(file);
    if (!in)
        throw ClusterError("cannot read " + file.string());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeWhole(const fs::path& file, const std::string& text)
{
    std::ofstream out(file);
    out << text;
    if (!out)
        throw ClusterError("cannot write " + file.string());
}

bool pidCmdlineHolds(pid_t pid, const std::string& text)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline");
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return cmdline.find(text) != std::string::npos;
}

} // namespace

PortRange ephemeralPortRange(const fs::path& file)
{
    std::ifstream in(file);
    long low = 0;
    long high = 0;
    if (!(in >> low >> high) || low < 1 || high > 65535 || low > high)
        return {};
    return { static_cast<std::uint16_t>(low), static_cast<std::uint16_t>(high) };
}

std::vector<std::uint16_t> pickListenPorts(int count, const fs::path& runRoot, const fs::path& runDir,
                                           PortRange ephemeral)
{
    const fs::path lockPath = runRoot / "highwater-ports.lock";
    const int lockFd = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lockFd < 0)
        throw ClusterError("cannot open " + lockPath.string() + ": " + std::strerror(errno));
    // Closing the descriptor releases the lock, on every path out.
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer { lockFd };
    const auto lockDeadline = Clock::now() + portLockWait;
    while (::flock(lockFd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR)
            throw ClusterError("cannot lock " + lockPath.string() + ": " + std::strerror(errno));
        if (Clock::now() >= lockDeadline)
            throw ClusterError("another run held " + lockPath.string() + " for more than "
                + std::to_string(portLockWait.count() / 1000) + " s");
        std::this_thread::sleep_for(pollInterval);
    }

    // The ports of the other runs under this root: their JVMs may be down (killed, restarting) and
    // their ports free for a moment, so a bind alone would not see them.
    std::set<std::uint16_t> taken;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(runRoot, ec)) {
        if (entry.path().filename().string().rfind(runPrefix, 0) != 0 || entry.path() == runDir)
            continue;
        std::ifstream ports(entry.path() / "ports");
        long port = 0;
        while (ports >> port)
            if (port > 0 && port <= 65535)
                taken.insert(static_cast<std::uint16_t>(port));
    }

    // The candidates: listenPortMin..65535 without the ephemeral range.
    std::vector<std::pair<long, long>> spans;
    if (ephemeral.low > listenPortMin)
        spans.emplace_back(listenPortMin, std::min<long>(ephemeral.low - 1L, 65535));
    if (ephemeral.high < 65535)
        spans.emplace_back(std::max<long>(ephemeral.high + 1L, listenPortMin), 65535);
    long total = 0;
    for (const auto& [low, high] : spans)
        total += std::max(0L, high - low + 1);
    const auto portAt = [&](long index) {
        for (const auto& [low, high] : spans) {
            if (index < high - low + 1)
                return static_cast<std::uint16_t>(low + index);
            index -= high - low + 1;
        }
        return std::uint16_t(0);
    };

    asio::io_context io;
    std::vector<asio::ip::tcp::acceptor> held;
    std::vector<std::uint16_t> ports;
    std::random_device random;
    const long start = total > 0 ? static_cast<long>(random() % static_cast<unsigned long>(total)) : 0;
    for (long i = 0; i < total && static_cast<int>(ports.size()) < count; ++i) {
        const std::uint16_t port = portAt((start + i) % total);
        if (taken.count(port))
            continue;
        asio::ip::tcp::acceptor acceptor(io);
        std::error_code error;
        acceptor.open(asio::ip::tcp::v4(), error);
        if (!error)
            acceptor.set_option(asio::socket_base::reuse_address(true), error);
        if (!error)
            acceptor.bind(asio::ip::tcp::endpoint(asio::ip::address_v4::loopback(), port), error);
        if (!error)
            acceptor.listen(asio::socket_base::max_listen_connections, error);
        if (error)
            continue; // in use
        held.push_back(std::move(acceptor));
        ports.push_back(port);
    }
    if (static_cast<int>(ports.size()) < count)
        throw ClusterError("only " + std::to_string(ports.size()) + " of the " + std::to_string(count)
            + " listen ports a run needs are free outside the kernel's ephemeral range "
            + std::to_string(ephemeral.low) + "-" + std::to_string(ephemeral.high)
            + " (net.ipv4.ip_local_port_range) and the other runs' ports under " + runRoot.string());
    std::string list;
    for (const std::uint16_t port : ports)
        list += std::to_string(port) + "\n";
    writeWhole(runDir / "ports", list);
    return ports;
}

KeyPlace keyPlace(std::string_view key)
{
    const KeyInfo* info = findKey(key);
    return info ? info->place : KeyPlace::NotApplicable;
}

std::string_view keyPlaceReason(std::string_view key)
{
    const KeyInfo* info = findKey(key);
    return info ? info->reason : std::string_view("not a key the runner knows");
}

struct RealCluster::Impl {
    struct Node {
        std::int32_t id = 0;
        bool controller = false;
        fs::path dir;
        fs::path dataDir;
        fs::path properties;
        std::unique_ptr<ChildProcess> process;
        Clock::time_point launched;
        double startSeconds = 0;
        // Restarted and not serving yet: restart returns at the first registration, and Kafka processes
        // no request before the broker is unfenced ("Kafka Server started"; BrokerServer.startup).
        bool starting = false;
        int startedBefore = 0; // "Kafka Server started" lines in server.log before the restart
        // Broker ports: FROM1..FROMN, CLIENT, OBSERVER; the controller has only `controllerPort`.
        std::vector<std::uint16_t> fromPorts;
        std::uint16_t clientPort = 0;
        std::uint16_t observerPort = 0;
        std::uint16_t controllerPort = 0;
        bool isolated = false;
        // Powered off (power_off): its links black-holed as if isolated, so that no peer sees the reset
        // of its killed process's sockets, until restart brings the host back.
        bool poweredOff = false;
        bool cutOff() const { return isolated || poweredOff; }
        milliseconds latency { 0 };
    };

    Distribution dist;
    ClusterOptions options;
    fs::path runDir;
    int lockFd = -1;
    std::string clusterId;
    std::vector<Node> nodes; // [0] the controller, [j] broker j
    std::unique_ptr<Proxy> proxy;
    // Proxy links: fromLink[k][j] is broker k -> broker j's FROMk listener (k, j in 1..N).
    fs::path cdsDir; // empty: no class data sharing
    bool started = false;
    std::vector<std::string> topics; // created by createTopic, in order
    std::vector<std::vector<int>> fromLink;
    std::vector<int> clientLink;     // clients -> broker j's CLIENT
    std::vector<int> controllerLink; // broker j -> the controller

    void say(const std::string& line) const
    {
        if (options.log)
            *options.log << "real: " << line << "\n" << std::flush;
    }

    int brokerCount() const { return static_cast<int>(nodes.size()) - 1; }

    Node& broker(std::int32_t id)
    {
        if (id < 1 || id > brokerCount())
            throw ClusterError("no broker " + std::to_string(id) + " (brokers 1.." + std::to_string(brokerCount()) + ")");
        return nodes[static_cast<std::size_t>(id)];
    }

    void recordPid(pid_t pid) const
    {
        std::ofstream out(runDir / "pids", std::ios::app);
        out << pid << "\n";
    }

    ProcessSpec javaSpec(const std::vector<std::string>& jvmArgs, const std::string& mainClass,
                         const std::vector<std::string>& args, const fs::path& logFile) const
    {
        ProcessSpec spec;
        spec.program = dist.java;
        spec.args = jvmArgs;
        spec.args.insert(spec.args.end(), { "-cp", dist.classPath, mainClass });
        spec.args.insert(spec.args.end(), args.begin(), args.end());
        spec.logFile = logFile;
        return spec;
    }

    void makeRunDir()
    {
        fs::path root = options.runRoot.empty() ? defaultRunRoot() : options.runRoot;
        std::error_code ec;
        fs::create_directories(root, ec);
        const int removed = removeStaleRuns(root);
        if (removed > 0)
            say("removed " + std::to_string(removed) + " folder(s) of earlier runs that are gone");
        std::random_device random;
        for (int attempt = 0; attempt < 100 && runDir.empty(); ++attempt) {
            char suffix[9];
            std::snprintf(suffix, sizeof suffix, "%08x", static_cast<unsigned>(random()));
            const fs::path candidate = root / (runPrefix + std::to_string(::getpid()) + "-" + suffix);
            if (fs::create_directory(candidate, ec))
                runDir = candidate;
        }
        if (runDir.empty())
            throw ClusterError("cannot make a run folder under " + root.string() + (ec ? ": " + ec.message() : ""));
        fs::permissions(runDir, fs::perms::owner_all, ec);
        lockFd = ::open((runDir / "lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (lockFd < 0 || ::flock(lockFd, LOCK_EX | LOCK_NB) != 0)
            throw ClusterError("cannot lock " + (runDir / "lock").string() + ": " + std::strerror(errno));
        // A cluster id without a JVM: 16 random bytes in URL-safe base64 without padding, as Uuid prints.
        // Like Kafka's Uuid.randomUuid, an id that starts with "-" is drawn again: StorageTool's parser
        // would take it for an option ("argument --cluster-id/-t: expected one argument").
        do {
            const client::Uuid id { (std::uint64_t(random()) << 32) | random(), (std::uint64_t(random()) << 32) | random() };
            clusterId = id.toString();
        } while (clusterId.empty() || clusterId[0] == '-');
    }

    void layOut()
    {
        const int n = options.brokers;
        // The controller's port, then each broker's FROM1..FROMN, CLIENT and OBSERVER.
        const std::vector<std::uint16_t> ports = pickListenPorts(1 + n * (n + 2), runDir.parent_path(), runDir,
            ephemeralPortRange());
        nodes.resize(static_cast<std::size_t>(n) + 1);
        std::size_t next = 0;
        for (int i = 0; i <= n; ++i) {
            Node& node = nodes[static_cast<std::size_t>(i)];
            node.controller = i == 0;
            node.id = i == 0 ? controllerNodeId : i;
            node.dir = runDir / (i == 0 ? std::string("controller") : "broker" + std::to_string(i));
            node.dataDir = node.dir / "data";
            node.properties = node.dir / "server.properties";
            fs::create_directories(node.dataDir);
            if (i == 0) {
                node.controllerPort = ports[next++];
                continue;
            }
            for (int k = 1; k <= n; ++k)
                node.fromPorts.push_back(ports[next++]);
            node.clientPort = ports[next++];
            node.observerPort = ports[next++];
        }
        proxy = std::make_unique<Proxy>();
        fromLink.assign(static_cast<std::size_t>(n) + 1, std::vector<int>(static_cast<std::size_t>(n) + 1, -1));
        clientLink.assign(static_cast<std::size_t>(n) + 1, -1);
        controllerLink.assign(static_cast<std::size_t>(n) + 1, -1);
        for (int j = 1; j <= n; ++j) {
            const Node& target = nodes[static_cast<std::size_t>(j)];
            for (int k = 1; k <= n; ++k)
                fromLink[k][j] = proxy->addLink("broker " + std::to_string(k) + " -> broker " + std::to_string(j),
                    target.fromPorts[static_cast<std::size_t>(k - 1)]);
            clientLink[j] = proxy->addLink("clients -> broker " + std::to_string(j), target.clientPort);
            controllerLink[j] = proxy->addLink(
                "broker " + std::to_string(j) + " -> controller", nodes[0].controllerPort);
        }
        writeProperties();
    }

    /// Scenario keys that differ from the version's defaults, for this kind of node. Keys at their
    /// default are left to Kafka's default, which is the same value (docs/real-kafka.md), so that the
    /// templates' speed settings (one __consumer_offsets partition, no initial rebalance delay) stay.
    std::string scenarioSettings(bool controller) const
    {
        const ClusterConfig defaults = defaultsFor(options.config.kafkaVersion);
        std::string text = "\n# From the scenario's cluster.config (keys that differ from Kafka's defaults).\n";
        for (const ConfigKeyInfo& info : configKeys()) {
            const KeyPlace place = keyPlace(info.name);
            const bool wanted = place == KeyPlace::BrokerAndController
                || (controller ? place == KeyPlace::Controller : place == KeyPlace::Broker);
            if (!wanted)
                continue;
            const std::optional<ConfigValue> value = getConfig(options.config, info.name);
            if (!value || value == getConfig(defaults, info.name))
                continue;
            text += std::string(info.name) + "=" + formatConfigValue(*value) + "\n";
        }
        return text;
    }

    void writeProperties()
    {
        const int n = brokerCount();
        const std::string controllerTemplate = readWhole(dist.templateDir / "highwater-controller.properties.in");
        const std::string brokerTemplate = readWhole(dist.templateDir / "highwater-broker.properties.in");
        const Node& c = nodes[0];
        std::string text = controllerTemplate;
        text = replaceAll(text, "@NODE_ID@", std::to_string(c.id));
        text = replaceAll(text, "@QUORUM_VOTERS@", std::to_string(c.id) + "@127.0.0.1:" + std::to_string(c.controllerPort));
        text = replaceAll(text, "@HOST@", "127.0.0.1");
        text = replaceAll(text, "@PORT@", std::to_string(c.controllerPort));
        text = replaceAll(text, "@LOG_DIR@", c.dataDir.string());
        writeWhole(c.properties, text + scenarioSettings(true));

        for (int j = 1; j <= n; ++j) {
            const Node& b = nodes[static_cast<std::size_t>(j)];
            text = brokerTemplate;
            text = replaceAll(text, "@NODE_ID@", std::to_string(j));
            text = replaceAll(text, "@QUORUM_VOTERS@",
                std::to_string(c.id) + "@127.0.0.1:" + std::to_string(proxy->port(controllerLink[j])));
            text = replaceAll(text, "@HOST@", "127.0.0.1");
            text = replaceAll(text, "@PORT@", std::to_string(b.observerPort));
            text = replaceAll(text, "@ADVERTISED_PORT@", std::to_string(b.observerPort));
            text = replaceAll(text, "@LOG_DIR@", b.dataDir.string());
            text = replaceAll(text, "@INTERNAL_RF@", std::to_string(std::min(n, 3)));
            // The per-link listeners replace the template's single PLAINTEXT listener (the last value of
            // a key wins in a properties file).
            std::string listeners, advertised, protocols = "CONTROLLER:PLAINTEXT";
            for (int k = 1; k <= n; ++k) {
                const std::string name = "FROM" + std::to_string(k);
                listeners += name + "://127.0.0.1:" + std::to_string(b.fromPorts[static_cast<std::size_t>(k - 1)]) + ",";
                advertised += name + "://127.0.0.1:" + std::to_string(proxy->port(fromLink[k][j])) + ",";
                protocols += "," + name + ":PLAINTEXT";
            }
            listeners += "CLIENT://127.0.0.1:" + std::to_string(b.clientPort) + ",OBSERVER://127.0.0.1:"
                + std::to_string(b.observerPort);
            advertised += "CLIENT://127.0.0.1:" + std::to_string(proxy->port(clientLink[j])) + ",OBSERVER://127.0.0.1:"
                + std::to_string(b.observerPort);
            protocols += ",CLIENT:PLAINTEXT,OBSERVER:PLAINTEXT";
            text += "\n# HighWater's link layout: broker k replicates over FROMk, advertised at the proxy port of the\n"
                    "# link k->this broker; CLIENT through the proxy; OBSERVER direct, for the observer only.\n";
            text += "listeners=" + listeners + "\nadvertised.listeners=" + advertised
                + "\nlistener.security.protocol.map=" + protocols + "\ninter.broker.listener.name=FROM" + std::to_string(j)
                + "\n";
            if (j - 1 < static_cast<int>(options.racks.size()) && options.racks[static_cast<std::size_t>(j - 1)])
                text += "broker.rack=" + *options.racks[static_cast<std::size_t>(j - 1)] + "\n";
            writeWhole(b.properties, text + scenarioSettings(false));
        }
    }

    /// StorageTool's --feature for ELR, from the scenario's version rules (model/version_rules.h): none
    /// before 4.0 (elrSupported); 4.0 formats it off unless the scenario keeps it on, 4.1+ on unless the
    /// scenario turns it off (elrDefault). The distribution's series is the scenario's (checkVersion).
    std::vector<std::string> formatFeatures() const
    {
        const KafkaVersion version = options.config.kafkaVersion;
        if (!rules::elrSupported(version))
            return {};
        const bool wanted = options.config.eligibleLeaderReplicasEnable;
        if (wanted == rules::elrDefault(version))
            return {};
        return { "--feature", std::string("eligible.leader.replicas.version=") + (wanted ? "1" : "0") };
    }

    void format()
    {
        const auto t0 = Clock::now();
        std::vector<std::unique_ptr<ChildProcess>> tools;
        for (const Node& node : nodes) {
            std::vector<std::string> args = { "format", "-t", clusterId, "-c", node.properties.string() };
            const std::vector<std::string> features = formatFeatures();
            args.insert(args.end(), features.begin(), features.end());
            tools.push_back(std::make_unique<ChildProcess>(
                javaSpec(dist.toolJvmArgs(), dist.storageClass, args, node.dir / "format.out")));
            recordPid(tools.back()->pid());
        }
        for (std::size_t i = 0; i < tools.size(); ++i) {
            const auto left = std::max(milliseconds(0),
                options.formatTimeout - std::chrono::duration_cast<milliseconds>(Clock::now() - t0));
            const std::optional<int> status = tools[i]->waitFor(left);
            const std::string name = nodes[i].controller ? "the controller" : "broker " + std::to_string(nodes[i].id);
            if (!status)
                throw ClusterError("formatting " + name + "'s storage took more than "
                    + std::to_string(options.formatTimeout.count() / 1000) + " s; the end of its output:\n"
                    + readFileTail(nodes[i].dir / "format.out", logTailLines));
            if (*status != 0)
                throw ClusterError("formatting " + name + "'s storage failed (" + describeWaitStatus(*status)
                    + "); the end of its output:\n" + readFileTail(nodes[i].dir / "format.out", logTailLines));
        }
        say("storage of " + std::to_string(nodes.size()) + " nodes formatted in "
            + std::to_string(std::chrono::duration_cast<milliseconds>(Clock::now() - t0).count() / 1000.0).substr(0, 4) + " s");
    }

    /// Class data sharing (docs/real-kafka.md, "JVM flags": the CPU to start a node halves): a dynamic
    /// archive per node kind (controller, broker) and per java and distribution, in the cache. A run
    /// without one has the controller and broker 1 write theirs at their exit (-XX:ArchiveClassesAtExit;
    /// only a clean exit writes it, so such a run stops those two with SIGTERM at its end), into a
    /// temporary name renamed into place; later runs start every node with -XX:SharedArchiveFile. A stale
    /// archive (another JVM build) is ignored by the JVM with a warning in the node's standard output.
    fs::path cdsArchive(const Node& node) const
    {
        return cdsDir.empty() ? fs::path() : cdsDir / (node.controller ? "controller.jsa" : "broker.jsa");
    }
    bool writesArchive(const Node& node) const
    {
        std::error_code ec;
        return !cdsDir.empty() && (node.controller || node.id == 1) && !fs::exists(cdsArchive(node), ec);
    }
    fs::path pendingArchive(const Node& node) const
    {
        return cdsArchive(node).string() + ".tmp-" + std::to_string(::getpid());
    }

    void findCdsDir()
    {
        if (!options.classDataSharing)
            return;
        fs::path root;
        if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache)
            root = cache;
        else if (const char* home = std::getenv("HOME"); home && *home)
            root = fs::path(home) / ".cache";
        else
            return;
        // The archive belongs to one JVM build and one class path: the key is java's real path, size and
        // time, and the distribution's directory and version.
        std::error_code ec;
        const fs::path java = fs::canonical(dist.java, ec);
        const auto size = fs::file_size(java, ec);
        const auto time = fs::last_write_time(java, ec).time_since_epoch().count();
        const std::size_t key = std::hash<std::string> {}(
            java.string() + "|" + std::to_string(size) + "|" + std::to_string(time) + "|" + dist.dir.string() + "|" + dist.version);
        char hex[17];
        std::snprintf(hex, sizeof hex, "%016zx", key);
        // Made when a node first writes an archive there, not before: a run that starts no JVM leaves
        // nothing in the cache.
        cdsDir = root / "highwater" / "cds" / (dist.version + "-" + hex);
    }

    void launch(Node& node)
    {
        std::vector<std::string> jvm = dist.nodeJvmArgs(node.dir);
        std::error_code ec;
        if (writesArchive(node)) {
            fs::create_directories(cdsDir, ec);
            if (!ec)
                jvm.push_back("-XX:ArchiveClassesAtExit=" + pendingArchive(node).string());
        } else if (!cdsDir.empty() && fs::exists(cdsArchive(node), ec)) {
            jvm.push_back("-XX:SharedArchiveFile=" + cdsArchive(node).string());
        }
        node.process = std::make_unique<ChildProcess>(
            javaSpec(jvm, dist.serverClass, { node.properties.string() }, node.dir / "stdout.log"));
        node.launched = Clock::now();
        recordPid(node.process->pid());
    }

    std::string nodeName(const Node& node) const
    {
        return node.controller ? "the controller" : "broker " + std::to_string(node.id);
    }

    /// Waits until each node logged one more `marker` line than `before` (server.log appends across
    /// restarts). A node that exits meanwhile, or the deadline, is an error with its log's end.
    void waitStarted(const std::vector<Node*>& waiting, const std::vector<int>& before, const char* marker = startedMarker)
    {
        const auto deadline = Clock::now() + options.startTimeout;
        std::vector<bool> done(waiting.size(), false);
        for (;;) {
            bool all = true;
            for (std::size_t i = 0; i < waiting.size(); ++i) {
                if (done[i])
                    continue;
                Node& node = *waiting[i];
                if (countMarkers(node.dir / "server.log", marker) > before[i]) {
                    done[i] = true;
                    node.startSeconds
                        = std::chrono::duration_cast<milliseconds>(Clock::now() - node.launched).count() / 1000.0;
                    continue;
                }
                all = false;
                if (!node.process || !node.process->running())
                    throw exitedWhileStarting(node);
            }
            if (all)
                return;
            if (Clock::now() >= deadline) {
                for (std::size_t i = 0; i < waiting.size(); ++i)
                    if (!done[i])
                        throw ClusterError(nodeName(*waiting[i]) + " did not log \"" + marker + "\" within "
                            + std::to_string(options.startTimeout.count() / 1000) + " s; the end of "
                            + (waiting[i]->dir / "server.log").string() + ":\n"
                            + readFileTail(waiting[i]->dir / "server.log", logTailLines));
            }
            std::this_thread::sleep_for(pollInterval);
        }
    }

    ClusterError exitedWhileStarting(const Node& node) const
    {
        const std::string how = node.process && node.process->exitStatus()
            ? describeWaitStatus(*node.process->exitStatus()) : "gone";
        return ClusterError(nodeName(node) + " exited while starting (" + how + "); the end of "
            + (node.dir / "server.log").string() + ":\n" + readFileTail(node.dir / "server.log", logTailLines)
            + "and of its standard output:\n" + readFileTail(node.dir / "stdout.log", logTailLines));
    }

    /// Ends `starting` for the restarted brokers that have logged "Kafka Server started" since, and
    /// notes how long that took. Reads server.log only while a broker is starting.
    void refreshStarting()
    {
        for (Node& node : nodes) {
            if (!node.starting || countMarkers(node.dir / "server.log", startedMarker) <= node.startedBefore)
                continue;
            node.starting = false;
            node.startSeconds = std::chrono::duration_cast<milliseconds>(Clock::now() - node.launched).count() / 1000.0;
            say(nodeName(node) + " found registered and unfenced (\"Kafka Server started\") "
                + std::to_string(node.startSeconds).substr(0, 4) + " s after its launch");
        }
    }

    void applyLinks()
    {
        const int n = brokerCount();
        const auto setLink = [&](int link, bool cut, milliseconds latency) {
            if (cut) {
                if (proxy->mode(link) != LinkMode::BlackHole)
                    proxy->setMode(link, LinkMode::BlackHole);
                return;
            }
            if (proxy->mode(link) == LinkMode::BlackHole)
                proxy->release(link);
            proxy->setMode(link, latency.count() > 0 ? LinkMode::Delay : LinkMode::Pass, latency);
        };
        for (int j = 1; j <= n; ++j) {
            const Node& b = nodes[static_cast<std::size_t>(j)];
            for (int k = 1; k <= n; ++k) {
                const Node& source = nodes[static_cast<std::size_t>(k)];
                setLink(fromLink[k][j], k != j && (b.cutOff() || source.cutOff()), std::max(b.latency, source.latency));
            }
            setLink(clientLink[j], b.cutOff(), b.latency);
            setLink(controllerLink[j], b.cutOff(), b.latency);
        }
    }

    /// A running broker to send admin requests to, on its OBSERVER listener: not isolated when one is
    /// not (an isolated broker cannot reach the controller).
    Node& adminTarget()
    {
        Node* fallback = nullptr;
        for (int j = 1; j <= brokerCount(); ++j) {
            Node& b = nodes[static_cast<std::size_t>(j)];
            if (!b.process || !b.process->running())
                continue;
            if (!b.isolated)
                return b;
            fallback = fallback ? fallback : &b;
        }
        if (!fallback)
            throw ClusterError("no broker is running to take the request");
        return *fallback;
    }

    /// A run that writes the archives stops their writers cleanly first: brokers before the controller
    /// (a broker whose controller is gone never finishes its shutdown), each bounded by archiveStopWait.
    void stopArchiveWriters()
    {
        std::vector<Node*> order;
        for (std::size_t i = 1; i < nodes.size(); ++i)
            order.push_back(&nodes[i]);
        order.push_back(&nodes[0]);
        for (Node* node : order) {
            if (!writesArchive(*node) || !node->process || !node->process->running())
                continue;
            node->process->signal(SIGTERM);
            if (!node->process->waitFor(archiveStopWait))
                continue;
            std::error_code ec;
            if (fs::file_size(pendingArchive(*node), ec) > 0 && !ec) {
                fs::rename(pendingArchive(*node), cdsArchive(*node), ec);
                say("class data archive written: " + cdsArchive(*node).string());
            }
        }
        for (Node& node : nodes) {
            std::error_code ignored;
            if (!cdsDir.empty())
                fs::remove(pendingArchive(node), ignored);
        }
    }

    void killAll()
    {
        // SIGKILL to every node at once: what is left of a run is thrown away, so a controlled shutdown
        // (and a broker that would wait for ever for a controller that went first) is not waited for.
        for (Node& node : nodes)
            if (node.process)
                node.process->signal(SIGKILL);
        for (Node& node : nodes)
            node.process.reset();
    }
};

RealCluster::RealCluster(Distribution distribution, ClusterOptions options) : m_impl(std::make_unique<Impl>())
{
    if (options.brokers < 1 || options.brokers > limits::brokersMax)
        throw ClusterError("a real cluster has 1.." + std::to_string(limits::brokersMax) + " brokers, not "
            + std::to_string(options.brokers));
    m_impl->dist = std::move(distribution);
    m_impl->options = std::move(options);
    try {
        m_impl->makeRunDir();
        m_impl->layOut();
        m_impl->findCdsDir();
    } catch (...) {
        m_impl->proxy.reset();
        if (!m_impl->runDir.empty()) {
            std::error_code ignored;
            fs::remove_all(m_impl->runDir, ignored);
        }
        if (m_impl->lockFd >= 0)
            ::close(m_impl->lockFd);
        throw;
    } 
}

RealCluster::~RealCluster()
{
    // Not after a failure or an interruption (a JVM that did not start will not stop cleanly either).
    if (!std::uncaught_exceptions() && m_impl->started)
        m_impl->stopArchiveWriters();
    m_impl->killAll();
    m_impl->proxy.reset();
    std::error_code ignored;
    fs::remove_all(m_impl->runDir, ignored);
    if (m_impl->lockFd >= 0)
        ::close(m_impl->lockFd);
}

void RealCluster::start()
{
    m_impl->format();
    const auto t0 = Clock::now();
    std::vector<Impl::Node*> waiting;
    std::vector<int> before;
    for (Impl::Node& node : m_impl->nodes) {
        m_impl->launch(node);
        waiting.push_back(&node);
        before.push_back(0);
    }
    m_impl->waitStarted(waiting, before);
    m_impl->started = true;
    std::string rss;
    std::string started;
    for (const NodeFigures& f : figures()) {
        rss += (rss.empty() ? "" : ", ") + std::to_string(f.nodeId) + ": "
            + (f.rssKib ? std::to_string(*f.rssKib / 1024) + " MiB" : std::string("?"));
        started += (started.empty() ? "" : ", ") + std::to_string(f.nodeId) + ": "
            + std::to_string(f.startSeconds).substr(0, 4) + " s";
    }
    m_impl->say("Kafka " + m_impl->dist.version + " up: a controller and " + std::to_string(brokers()) + " brokers in "
        + std::to_string(std::chrono::duration_cast<milliseconds>(Clock::now() - t0).count() / 1000.0).substr(0, 4)
        + " s (each node's marker after its launch: " + started + "); RSS by node " + rss);
}

void RealCluster::kill(std::int32_t broker)
{
    Impl::Node& b = m_impl->broker(broker);
    if (!b.process || !b.process->running())
        throw ClusterError("broker " + std::to_string(broker) + " is not running");
    b.process->signal(SIGKILL);
    if (!b.process->waitFor(killReapWait))
        throw ClusterError("broker " + std::to_string(broker) + " (pid " + std::to_string(b.process->pid())
            + ") is still there " + std::to_string(killReapWait.count()) + " ms after SIGKILL");
    b.process.reset();
    b.starting = false;
}

void RealCluster::powerOff(std::int32_t broker)
{
    Impl::Node& b = m_impl->broker(broker);
    if (!b.process || !b.process->running())
        throw ClusterError("broker " + std::to_string(broker) + " is not running");
    // The links go silent first: the kernel resets the killed process's sockets, and the proxy, black-holing,
    // passes no reset on. Peers wait for their own timeouts, as for a host that lost power.
    b.poweredOff = true;
    m_impl->applyLinks();
    kill(broker);
}

void RealCluster::restart(std::int32_t broker)
{
    Impl::Node& b = m_impl->broker(broker);
    if (b.process && b.process->running())
        throw ClusterError("broker " + std::to_string(broker) + " is running; restart takes a killed or stopped broker");
    if (b.poweredOff) {
        // The host is back: its links pass again, and a peer's stale connection is reset (the proxy's release).
        b.poweredOff = false;
        m_impl->applyLinks();
    }
    const fs::path log = b.dir / "server.log";
    b.startedBefore = countMarkers(log, startedMarker);
    const int registeringBefore = countMarkers(log, registeringMarker);
    m_impl->launch(b);
    b.starting = true;
    try {
        m_impl->waitStarted({ &b }, { registeringBefore }, registeringMarker);
    } catch (...) {
        b.starting = false;
        throw;
    }
    const std::optional<std::int64_t> rss = b.process->rssKib();
    m_impl->say("broker " + std::to_string(broker) + " restarted: its first registration sent "
        + std::to_string(b.startSeconds).substr(0, 4) + " s after its launch (it serves requests once the controller "
        "registers and unfences it); RSS " + (rss ? std::to_string(*rss / 1024) + " MiB" : std::string("?")));
    m_impl->refreshStarting();
}

std::vector<std::int32_t> RealCluster::startingBrokers()
{
    m_impl->refreshStarting();
    std::vector<std::int32_t> starting;
    for (int j = 1; j <= brokers(); ++j) {
        Impl::Node& b = m_impl->broker(j);
        if (!b.starting)
            continue;
        if (!b.process || !b.process->running())
            throw m_impl->exitedWhileStarting(b);
        starting.push_back(j);
    }
    return starting;
}

std::string RealCluster::serverLogTail(std::int32_t broker) const
{
    const fs::path log = m_impl->broker(broker).dir / "server.log";
    return log.string() + ":\n" + readFileTail(log, logTailLines);
}

void RealCluster::shutdown(std::int32_t broker)
{
    Impl::Node& b = m_impl->broker(broker);
    if (!b.process || !b.process->running())
        throw ClusterError("broker " + std::to_string(broker) + " is not running");
    const auto t0 = Clock::now();
    b.process->signal(SIGTERM);
    if (!b.process->waitFor(m_impl->options.stopTimeout)) {
        // docs/real-kafka.md: a broker whose controller is gone (or cut off) retries its controlled
        // shutdown for ever. It is killed, and the run says so rather than hanging.
        m_impl->say("broker " + std::to_string(broker) + " did not finish its controlled shutdown within "
            + std::to_string(m_impl->options.stopTimeout.count() / 1000) + " s of SIGTERM (its controller is "
            + (b.isolated ? "cut off" : "not answering") + "); killed with SIGKILL");
        b.process->signal(SIGKILL);
        b.process->waitFor(killReapWait);
    } else {
        m_impl->say("broker " + std::to_string(broker) + " stopped (SIGTERM) in "
            + std::to_string(std::chrono::duration_cast<milliseconds>(Clock::now() - t0).count() / 1000.0).substr(0, 4)
            + " s");
    }
    b.process.reset();
    b.starting = false;
}

void RealCluster::isolate(std::int32_t broker)
{
    m_impl->broker(broker).isolated = true;
    m_impl->applyLinks();
}

void RealCluster::heal(std::int32_t broker)
{
    m_impl->broker(broker).isolated = false;
    m_impl->applyLinks();
}

void RealCluster::slow(std::int32_t broker, milliseconds latency)
{
    m_impl->broker(broker).latency = latency;
    m_impl->applyLinks();
}

void RealCluster::restoreAll()
{
    std::vector<Impl::Node*> waiting;
    std::vector<int> before;
    std::string did;
    bool links = false;
    for (int j = 1; j <= brokers(); ++j) {
        Impl::Node& b = m_impl->broker(j);
        if (b.isolated || b.poweredOff || b.latency.count() > 0) {
            b.isolated = false;
            b.poweredOff = false;
            b.latency = milliseconds(0);
            links = true;
            did += (did.empty() ? "" : ", ") + std::string("broker ") + std::to_string(j) + "'s links restored";
        }
    }
    if (links)
        m_impl->applyLinks();
    for (int j = 1; j <= brokers(); ++j) {
        Impl::Node& b = m_impl->broker(j);
        const fs::path log = b.dir / "server.log";
        if (!b.process || !b.process->running()) {
            b.startedBefore = countMarkers(log, startedMarker);
            m_impl->launch(b);
            b.starting = true;
            did += (did.empty() ? "" : ", ") + std::string("broker ") + std::to_string(j) + " started again";
        }
        if (b.starting) {
            waiting.push_back(&b);
            before.push_back(b.startedBefore);
        }
    }
    if (did.empty() && waiting.empty())
        return;
    const auto t0 = Clock::now();
    m_impl->waitStarted(waiting, before);
    for (Impl::Node* b : waiting)
        b->starting = false;
    m_impl->say("the cluster made whole for the next scenario (" + (did.empty() ? std::string("nothing to undo") : did)
        + "); every broker unfenced after "
        + std::to_string(std::chrono::duration_cast<milliseconds>(Clock::now() - t0).count() / 1000.0).substr(0, 4)
        + " s");
}

const ClusterOptions& RealCluster::options() const
{
    return m_impl->options;
}

const std::vector<std::string>& RealCluster::topics() const
{
    return m_impl->topics;
}

std::string clusterMismatch(const ClusterOptions& have, const ClusterOptions& want)
{
    if (have.brokers != want.brokers)
        return std::to_string(want.brokers) + " brokers, not " + std::to_string(have.brokers);
    if (have.racks != want.racks)
        return "other racks (broker.rack)";
    if (have.config.kafkaVersion != want.config.kafkaVersion)
        return "another kafka_version";
    for (const ConfigKeyInfo& info : configKeys()) {
        const KeyPlace place = keyPlace(info.name);
        if (place != KeyPlace::Broker && place != KeyPlace::BrokerAndController && place != KeyPlace::Controller
            && place != KeyPlace::Format)
            continue;
        const std::optional<ConfigValue> a = getConfig(have.config, info.name);
        const std::optional<ConfigValue> b = getConfig(want.config, info.name);
        if (a != b)
            return "cluster.config." + std::string(info.name) + " " + (b ? formatConfigValue(*b) : "unset")
                + ", not " + (a ? formatConfigValue(*a) : "unset");
    }
    return {};
}

void RealCluster::createTopic(const std::string& name, const std::vector<std::vector<std::int32_t>>& assignment,
                              const std::map<std::string, std::string>& configs)
{
    client::CreatableTopic topic;
    topic.name = name;
    for (std::size_t p = 0; p < assignment.size(); ++p)
        topic.assignments.push_back({ static_cast<std::int32_t>(p), assignment[p] });
    for (const auto& [key, value] : configs)
        topic.configs.push_back({ key, value });
    client::CreateTopicsRequest request;
    request.topics.push_back(topic);
    request.timeoutMs = static_cast<std::int32_t>(m_impl->options.adminTimeout.count());
    Impl::Node& target = m_impl->adminTarget();
    AdminConnection connection("127.0.0.1", target.observerPort, m_impl->options.adminTimeout);
    const auto response = std::get<client::CreateTopicsResponse>(connection.request(request));
    for (const client::CreatableTopicResult& result : response.topics) {
        if (result.errorCode != wire::ErrorCode::None)
            throw ClusterError("CreateTopics " + name + ": " + std::string(wire::errorName(result.errorCode))
                + (result.errorMessage ? " (" + *result.errorMessage + ")" : ""));
    }
    m_impl->topics.push_back(name);
    // Waits until the answering broker's metadata has a leader for every partition, so that the next
    // step does not race the topic's creation.
    const auto deadline = Clock::now() + m_impl->options.adminTimeout;
    for (;;) {
        client::MetadataRequest metadata;
        metadata.topics = std::vector<std::string> { name };
        const auto answer = std::get<client::MetadataResponse>(connection.request(metadata));
        bool ready = !answer.topics.empty() && answer.topics[0].errorCode == wire::ErrorCode::None
            && answer.topics[0].partitions.size() == assignment.size();
        if (ready)
            for (const client::MetadataPartition& p : answer.topics[0].partitions)
                ready = ready && p.leaderId >= 0;
        if (ready)
            return;
        if (Clock::now() >= deadline)
            throw ClusterError("topic " + name + " was created but has no leader for every partition after "
                + std::to_string(m_impl->options.adminTimeout.count() / 1000) + " s");
        std::this_thread::sleep_for(pollInterval);
    }
}

void RealCluster::alterConfig(client::ConfigResourceType type, const std::string& resourceName, const std::string& key,
                              const std::string& value)
{
    client::IncrementalAlterConfigsRequest request;
    request.resources.push_back({ type, resourceName, { { key, client::ConfigOperation::Set, value } } });
    AdminConnection connection("127.0.0.1", m_impl->adminTarget().observerPort, m_impl->options.adminTimeout);
    const auto response = std::get<client::IncrementalAlterConfigsResponse>(connection.request(request));
    for (const client::AlterConfigsResourceResponse& r : response.responses)
        if (r.errorCode != wire::ErrorCode::None)
            throw ClusterError("IncrementalAlterConfigs " + key + "=" + value + " on "
                + (resourceName.empty() ? std::string("the brokers") : resourceName) + ": "
                + std::string(wire::errorName(r.errorCode)) + (r.errorMessage ? " (" + *r.errorMessage + ")" : ""));
}

std::string RealCluster::electLeaders(const std::string& topic, std::int32_t partition, client::ElectionType type)
{
    client::ElectLeadersRequest request;
    request.electionType = type;
    request.topicPartitions = std::vector<client::ElectLeadersTopic> { { topic, { partition } } };
    request.timeoutMs = static_cast<std::int32_t>(m_impl->options.adminTimeout.count());
    AdminConnection connection("127.0.0.1", m_impl->adminTarget().observerPort, m_impl->options.adminTimeout);
    const auto response = std::get<client::ElectLeadersResponse>(connection.request(request));
    if (response.errorCode != wire::ErrorCode::None)
        return std::string(wire::errorName(response.errorCode));
    for (const client::ReplicaElectionResult& r : response.replicaElectionResults)
        for (const client::ElectLeadersPartitionResult& p : r.partitionResult)
            if (p.errorCode != wire::ErrorCode::None)
                return std::string(wire::errorName(p.errorCode));
    return {};
}

std::int32_t RealCluster::leaderOf(const std::string& topic, std::int32_t partition)
{
    AdminConnection connection("127.0.0.1", m_impl->adminTarget().observerPort, m_impl->options.adminTimeout);
    client::MetadataRequest request;
    request.topics = std::vector<std::string> { topic };
    const auto response = std::get<client::MetadataResponse>(connection.request(request));
    for (const client::MetadataTopic& t : response.topics)
        for (const client::MetadataPartition& p : t.partitions)
            if (t.name == topic && p.partitionIndex == partition)
                return p.leaderId;
    throw ClusterError("the metadata has no partition " + topic + "-" + std::to_string(partition));
}

std::string RealCluster::clientBootstrap() const
{
    std::string servers;
    for (int j = 1; j <= brokers(); ++j)
        servers += (servers.empty() ? "" : ",") + std::string("127.0.0.1:")
            + std::to_string(m_impl->proxy->port(m_impl->clientLink[static_cast<std::size_t>(j)]));
    return servers;
}

ObserveRequest RealCluster::observeRequest(const std::vector<std::string>& topics) const
{
    m_impl->refreshStarting();
    ObserveRequest request;
    for (int j = 1; j <= brokers(); ++j) {
        const Impl::Node& b = m_impl->nodes[static_cast<std::size_t>(j)];
        ObservedNode node;
        node.nodeId = j;
        node.host = "127.0.0.1";
        node.port = b.observerPort;
        node.logDir = b.dataDir;
        // A restarted broker answers no request before it is unfenced: until then it is read from its
        // files, as a stopped one.
        node.running = b.process && const_cast<ChildProcess&>(*b.process).running() && !b.starting;
        request.brokers.push_back(node);
    }
    request.topics = topics;
    request.dumpTool.java = m_impl->dist.java;
    request.dumpTool.classPath = m_impl->dist.classPath;
    request.dumpTool.mainClass = m_impl->dist.dumpLogClass;
    request.dumpTool.jvmArgs = m_impl->dist.toolJvmArgs();
    request.kafkaVersion = m_impl->dist.version;
    return request;
}

int RealCluster::brokers() const
{
    return m_impl->brokerCount();
}

bool RealCluster::brokerRunning(std::int32_t broker)
{
    Impl::Node& b = m_impl->broker(broker);
    return b.process && b.process->running();
}

bool RealCluster::brokerIsolated(std::int32_t broker) const
{
    return m_impl->broker(broker).isolated;
}

const fs::path& RealCluster::runDir() const
{
    return m_impl->runDir;
}

const Distribution& RealCluster::distribution() const
{
    return m_impl->dist;
}

std::vector<NodeFigures> RealCluster::figures()
{
    std::vector<NodeFigures> all;
    for (Impl::Node& node : m_impl->nodes)
        all.push_back({ node.id, node.startSeconds, node.process ? node.process->rssKib() : std::nullopt });
    return all;
}

std::string RealCluster::nodeProperties(std::int32_t nodeId) const
{
    for (const Impl::Node& node : m_impl->nodes)
        if (node.id == nodeId)
            return readWhole(node.properties);
    throw ClusterError("no node " + std::to_string(nodeId));
}

int RealCluster::removeStaleRuns(const fs::path& root)
{
    int removed = 0;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(root, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(runPrefix, 0) != 0 || !entry.is_directory(ec))
            continue;
        const int fd = ::open((entry.path() / "lock").c_str(), O_RDWR | O_CLOEXEC);
        if (fd < 0)
            continue; // not (yet) a run folder: made a moment ago, or not ours
        const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
        if (free) {
            // The run is gone (its lock died with it): its JVMs may not be. Only a process whose command
            // line holds the folder is killed, so a recycled pid is never signalled.
            std::ifstream pids(entry.path() / "pids");
            pid_t pid = 0;
            while (pids >> pid)
                if (pid > 0 && pidCmdlineHolds(pid, entry.path().string()))
                    ::kill(pid, SIGKILL);
            fs::remove_all(entry.path(), ec);
            ++removed;
        }
        ::close(fd);
    }
    return removed;
}

fs::path RealCluster::defaultRunRoot()
{
    if (const char* dir = std::getenv("XDG_RUNTIME_DIR"); dir && *dir) {
        std::error_code ec;
        if (fs::is_directory(dir, ec))
            return dir;
    }
    return "/tmp";
}

} // namespace hw::realkafka
