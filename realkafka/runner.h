// SPDX-License-Identifier: MIT
#pragma once

#include "realkafka/cluster.h"
#include "realkafka/harness.h"
#include "realkafka/observer.h"
#include "scenario/scenario.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/// `highwater-cli real`: a scenario's steps on a real cluster (docs/real-kafka.md, "The C++ runner").
/// First checkRealScenario() refuses, before anything starts, what real Kafka cannot do; then runReal()
/// starts the cluster, runs each step on it and observes it after each step.
/// How time maps: one simulated millisecond of `advance` is one wall-clock millisecond. `settle` (and a
/// checkpoint) waits until the cluster is quiescent: observations pollInterval apart are equal for
/// settlePeriod, within settleMax.
namespace hw::realkafka {

/// What a refusal is about, so that the app can say it in the user's language (`why` is the CLI's
/// English); `name` and `number` carry what the sentence names.
enum class RefusalKind : std::uint8_t {
    ManualFetch,        // auto.fetch false, in cluster.config or a config step
    Truncation,         // a truncation other than leader-epoch
    ProducerRate,       // a producer's rate_per_s
    SessionTimeout,     // session.timeout.ms outside groupMinSessionTimeoutMs..groupMaxSessionTimeoutMs
    ManualAssignment,   // a consumer with a manual assignment
    ConfigFixedAtStart, // a config step's key other than the two alterable ones; name: the key
    ConsumerCrash,      // a consumer's crash
    PollOfAutoPoll,     // a poll step for a consumer that polls on its own; name: the consumer's id
    PollMaxRecords,     // a poll's max_records; name: the consumer's id, number: its max.poll.records
    PollNoWait,         // a poll step with wait false
    FetchStep,          // a manual fetch round
    RunStep,            // run
    ClockStep,          // clock
    LiveStep,           // a recorded live client's request or a dropped message
    LoseUnflushed,      // restart.lose_unflushed
    ShutdownNoWait,     // a shutdown with wait false
    CreateTopicPlaced,  // a create_topic step without an assignment (the model's placer and Kafka's draw apart)
    LossyCut,           // an isolate with retransmit false
};

/// A step or setting real Kafka cannot run: its JSON pointer in the scenario and why.
struct Refusal {
    std::string path; // e.g. /steps/4/fetch
    std::string why;
    RefusalKind kind = RefusalKind::FetchStep;
    std::string name;        // see RefusalKind
    std::int64_t number = 0; // see RefusalKind
};

/// Every refusal of the scenario, in file order (cluster settings first). Empty: it can run.
std::vector<Refusal> checkRealScenario(const Scenario& scenario);

/// A run that failed: a step that could not be carried out (its path), the cluster, the harness, or an
/// interruption.
class RunnerError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// What the runner hands out after a step: the observation and what led to it.
struct ObservedStep {
    std::optional<std::size_t> step; // index into scenario.steps; nothing for the state after creation
    std::string key;                 // the step's key ("kill"), "start" for the state after creation
    std::string did;                 // what the step did, in words ("broker 1 killed (SIGKILL)")
    bool quiescent = false;          // settled (a settle or checkpoint step, or the start)
    std::optional<std::string> checkpoint; // the label of a checkpoint step
    ClusterObservation observation;
};

/// The observer and where the observations go. The CLI gives observe()/sameFacts() of
/// realkafka/observer.h and writes frames; tests may give their own.
struct RunnerHooks {
    std::function<ClusterObservation(const ObserveRequest&)> observe;
    std::function<bool(const ClusterObservation&, const ClusterObservation&)> sameFacts;
    /// Called once per emitted observation, with every send's outcome so far.
    std::function<void(const ObservedStep&, const std::vector<SendOutcome>&)> emit;
    /// Optional: where the run is, in words (what RunnerOptions::log says): before the cluster starts
    /// (no step), before each step and after it (its index). The app's comparison shows it.
    std::function<void(std::optional<std::size_t> step, const std::string& text)> progress;
};

/// How often a settle polls (the issue: 50-100 ms).
inline constexpr std::chrono::milliseconds pollInterval { 75 };

struct RunnerOptions {
    /// Emit only the quiescent state after each checkpoint step (--checkpoints); otherwise one
    /// observation per step that changed what is observed.
    bool checkpointsOnly = false;
    /// How long nothing may change for the cluster to count as quiescent. Longer than a follower's fetch
    /// wait (replica.fetch.wait.max.ms, 500 ms) and a broker's heartbeat (2 s), so an idle round is seen.
    std::chrono::milliseconds settlePeriod { 3000 };
    /// The longest a settle waits; a cluster still changing then fails the run, naming the step.
    std::chrono::milliseconds settleMax { 300000 };
    /// Added to delivery.timeout.ms for a produce step's wait: Kafka answers every send within
    /// delivery.timeout.ms, so a send unanswered after that and this margin is a failure.
    std::chrono::milliseconds produceMargin { 30000 };
    ClusterOptions cluster;
    std::ostream* log = nullptr;
    /// Set from a signal handler: the run stops at its next wait and tears the cluster down.
    const std::atomic<bool>* interrupted = nullptr;
    /// A started cluster to run on, shared with earlier scenarios (whySeparateCluster must have accepted
    /// this one): the run makes it whole first (RealCluster::restoreAll) and leaves it running. nullptr:
    /// the run starts a cluster of its own and tears it down at the end.
    RealCluster* shared = nullptr;
};

/// The cluster a scenario asks for: options.cluster with the scenario's brokers, racks and cluster.config.
ClusterOptions clusterOptionsFor(const Scenario& scenario, const RunnerOptions& options);

/// Why the scenario cannot run on `cluster`, a started cluster that earlier scenarios ran on, and needs one
/// of its own: the cluster differs (clusterMismatch), the scenario has a config step (a dynamic config
/// would outlive it), consumers (__consumer_offsets and its coordinators are the cluster's), or a topic
/// name the cluster already has. Empty when it can share it. Facts the comparison checks do not depend on
/// what ran before: a new topic starts at leader epoch 0 with its own ISR, and every broker is registered
/// and unfenced again before the scenario starts (docs/real-kafka.md, "Sharing a cluster").
std::string whySeparateCluster(const Scenario& scenario, const RealCluster& cluster);
/// The same for a cluster made with `have` that holds `topics`.
std::string whySeparateCluster(const Scenario& scenario, const ClusterOptions& have, const std::vector<std::string>& topics);

/// Runs the scenario (which checkRealScenario must have accepted) on a cluster of `distribution`, whose
/// version must match (checkVersion). Throws RunnerError, ClusterError, HarnessError, DistributionError;
/// the cluster is torn down on every path.
void runReal(const Scenario& scenario, const Distribution& distribution, RunnerOptions options, RunnerHooks hooks);

} // namespace hw::realkafka
