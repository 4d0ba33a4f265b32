// SPDX-License-Identifier: MIT
#pragma once

#include "model/config.h"
#include "realkafka/distribution.h"
#include "realkafka/observer.h"
#include "wire/client_protocol.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

/// A local KRaft cluster of real Kafka JVMs: one controller-only node (id controllerNodeId) and N
/// broker-only nodes (ids 1..N) from a Distribution, on loopback ports, with the proxy (realkafka/proxy.h)
/// on every link. docs/real-kafka.md, "The C++ runner", has the layout:
/// - every broker has listeners FROM1..FROMN, CLIENT and OBSERVER. Broker k replicates over FROMk
///   (inter.broker.listener.name=FROMk), and broker j advertises its FROMk listener at the proxy port of
///   the link k->j, so each (source, target) pair of brokers has a link of its own. CLIENT is advertised at
///   the proxy port of the link clients->j. OBSERVER is direct, for the observer and the admin requests.
/// - every broker reaches the controller through its own proxy port (its controller.quorum.voters).
/// Faults: kill is SIGKILL, shutdown SIGTERM (bounded), isolate/heal/slow set the proxy's links.
/// Everything lives in a run folder unique per run (highwater-real-PID-RANDOM under $XDG_RUNTIME_DIR or
/// /tmp) with a lock file; the folder and every JVM go on every exit path, and a run that was itself
/// killed is cleaned up by the next one.
namespace hw::realkafka {

class ClusterError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The controller's node id, outside the brokers' 1..brokersMax.
inline constexpr std::int32_t controllerNodeId = 1000;
/// Lines of a node's log shown when it fails to start or stop.
inline constexpr int logTailLines = 15;
/// The lowest listen port a run picks: the first one an unprivileged process may bind.
inline constexpr std::uint16_t listenPortMin = 1024;
/// How long picking ports waits for another run on the same run root that is picking its own.
inline constexpr std::chrono::milliseconds portLockWait { 10000 };

/// The kernel's ephemeral port range (net.ipv4.ip_local_port_range), inclusive: the ports it gives to
/// outgoing connections and to bind(0).
struct PortRange {
    std::uint16_t low = 32768;
    std::uint16_t high = 60999;
};
/// Reads the range from `file`; Linux's default (32768-60999) when it cannot be read or parsed.
PortRange ephemeralPortRange(const std::filesystem::path& file = "/proc/sys/net/ipv4/ip_local_port_range");

/// `count` loopback listen ports for a run's JVMs, all outside `ephemeral` (so that no outgoing connection
/// takes one while its broker is down), from a random place in listenPortMin..65535, each bound (listening,
/// SO_REUSEADDR as Kafka's acceptors) at once so none repeats and none is in use. Concurrent runs under
/// the same run root pick one at a time (a flock on RUNROOT/highwater-ports.lock, waited portLockWait) and
/// skip the ports every other run folder lists in its `ports` file; the chosen ones are written to
/// runDir/ports. Throws ClusterError when fewer than `count` ports can be had.
std::vector<std::uint16_t> pickListenPorts(int count, const std::filesystem::path& runRoot,
                                           const std::filesystem::path& runDir, PortRange ephemeral);

/// Where one scenario key of cluster.config goes on a real cluster (docs/real-kafka.md, "Configuration
/// from the scenario").
enum class KeyPlace : std::uint8_t {
    Broker,          // every broker's properties
    BrokerAndController, // the brokers' and the controller's (the controller decides with it)
    Controller,      // the controller's properties
    Format,          // a feature level given to StorageTool format
    Producer,        // the harness's producers
    Consumer,        // the harness's consumers
    NotApplicable,   // a teaching setting with no counterpart that changes no checked fact
    RefusedUnlessDefault, // a teaching setting whose non-default value real Kafka cannot do
};

KeyPlace keyPlace(std::string_view key);

/// Why a key of kind NotApplicable or RefusedUnlessDefault has no counterpart.
std::string_view keyPlaceReason(std::string_view key);

struct ClusterOptions {
    int brokers = 3;
    ClusterConfig config;                           // the scenario's cluster.config
    std::vector<std::optional<std::string>> racks;  // broker.rack of brokers 1..N (empty: none)
    std::filesystem::path runRoot;                  // empty: $XDG_RUNTIME_DIR, else /tmp
    std::chrono::milliseconds formatTimeout { 180000 };
    std::chrono::milliseconds startTimeout { 300000 }; // generous: a loaded 2-core machine
    std::chrono::milliseconds stopTimeout { 60000 };
    std::chrono::milliseconds adminTimeout { 30000 };
    std::ostream* log = nullptr;                    // progress lines; nullptr: none
    /// Start the nodes with a class data archive from the cache, made by the first run of a distribution
    /// (RealCluster::Impl::cdsArchive); false: never read or write one.
    bool classDataSharing = true;
};

/// Why a cluster made with `have` cannot run a scenario that would make one with `want`: another broker
/// count or racks, or a scenario key that goes into the nodes' properties or their storage format
/// (KeyPlace Broker, BrokerAndController, Controller, Format) with another value. Keys of the clients
/// (Producer, Consumer) may differ: each run makes its own. Empty when it can.
std::string clusterMismatch(const ClusterOptions& have, const ClusterOptions& want);

/// What a node cost: seconds from launch to its "Kafka Server started" line (a restarted broker: to when
/// the cluster saw that line, at its next observation or settle; while it is still starting, to its first
/// registration), and its resident memory.
struct NodeFigures {
    std::int32_t nodeId = 0;
    double startSeconds = 0;
    std::optional<std::int64_t> rssKib;
};

class RealCluster {
public:
    /// Makes the run folder (after removing those of runs that are gone), picks the ports, starts the
    /// proxy and writes the nodes' properties. Starts no JVM. Throws ClusterError.
    RealCluster(Distribution distribution, ClusterOptions options);
    /// Kills every JVM and removes the run folder.
    ~RealCluster();
    RealCluster(const RealCluster&) = delete;
    RealCluster& operator=(const RealCluster&) = delete;

    /// Formats every node's storage in parallel, then starts the controller and the brokers in parallel
    /// and waits until each logged "Kafka Server started" (a broker logs it once it is unfenced).
    void start();

    void kill(std::int32_t broker);
    /// Starts a killed or stopped broker again and returns once its JVM sent its first BrokerRegistration
    /// (the "Incarnation ... is now STARTING." line), within startTimeout; it does not wait for the
    /// controller to accept the registration (refused until a killed broker's old session expires) or to
    /// unfence the broker: a scenario's own advance and settle steps carry that time, as in the model.
    /// Until it logs "Kafka Server started" the broker is starting (startingBrokers) and answers no
    /// request, so observeRequest has it read from its files like a stopped broker.
    void restart(std::int32_t broker);
    /// The restarted brokers not unfenced yet ("Kafka Server started" not logged since the restart).
    /// Throws ClusterError, with the ends of its logs, for one whose JVM exited meanwhile.
    std::vector<std::int32_t> startingBrokers();
    /// The last logTailLines lines of a broker's server.log, after its path (for error messages).
    std::string serverLogTail(std::int32_t broker) const;
    /// SIGTERM (a controlled shutdown), waited for stopTimeout; a broker that is still running then (its
    /// controller is gone, or cut off) is killed, and the log says so.
    void shutdown(std::int32_t broker);
    /// power_off: the broker's links black-holed, then SIGKILL, so that no peer sees a reset; restart
    /// brings the links back.
    void powerOff(std::int32_t broker);
    void isolate(std::int32_t broker);
    void heal(std::int32_t broker);
    /// Every link of the broker gets this latency each way (a link is as slow as its slower end); 0 ends it.
    void slow(std::int32_t broker, std::chrono::milliseconds latency);

    /// Makes the cluster whole again for the next scenario on it (a shared cluster, runReal): every
    /// broker's links healed, undelayed and powered, every stopped broker started again, then waits (within
    /// startTimeout) until each one restarted here or still starting has logged "Kafka Server started",
    /// that is, is registered and unfenced. Says what it did in the log; nothing when nothing was needed.
    void restoreAll();
    /// The options the cluster was made with.
    const ClusterOptions& options() const;
    /// The topics createTopic made on it, in order (a shared cluster's next scenario needs others).
    const std::vector<std::string>& topics() const;

    /// CreateTopics with the explicit assignment (partition p's replicas, the first the preferred leader)
    /// and topic configs; waits until every partition has a leader.
    void createTopic(const std::string& name, const std::vector<std::vector<std::int32_t>>& assignment,
                     const std::map<std::string, std::string>& configs = {});
    /// IncrementalAlterConfigs SET of one config on a topic, or on the cluster's brokers (resourceName "").
    void alterConfig(wire::client::ConfigResourceType type, const std::string& resourceName, const std::string& key,
                     const std::string& value);
    /// ElectLeaders for one partition. Returns Kafka's error name for the partition (ELECTION_NOT_NEEDED,
    /// ELIGIBLE_LEADERS_NOT_AVAILABLE, ...), or an empty string when the election happened.
    std::string electLeaders(const std::string& topic, std::int32_t partition, wire::client::ElectionType type);

    /// The partition's leader as a running broker's metadata says (Metadata), or -1 when it has none.
    std::int32_t leaderOf(const std::string& topic, std::int32_t partition);

    /// bootstrap.servers for clients: every broker's CLIENT listener through its proxy link.
    std::string clientBootstrap() const;
    /// What the observer needs: every broker's OBSERVER port and log.dirs, and DumpLogSegments.
    ObserveRequest observeRequest(const std::vector<std::string>& topics) const;

    int brokers() const;
    bool brokerRunning(std::int32_t broker);
    bool brokerIsolated(std::int32_t broker) const;
    const std::filesystem::path& runDir() const;
    const Distribution& distribution() const;
    /// Each node's start-up time (the last start) and resident memory now.
    std::vector<NodeFigures> figures();
    /// The nodes' properties as written (for tests and docs).
    std::string nodeProperties(std::int32_t nodeId) const;

    /// Removes the run folders under root whose lock is free (their run is gone), killing the JVMs they
    /// list. Returns how many it removed.
    static int removeStaleRuns(const std::filesystem::path& root);
    /// $XDG_RUNTIME_DIR when set and a directory, else /tmp.
    static std::filesystem::path defaultRunRoot();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace hw::realkafka
