// SPDX-License-Identifier: MIT
#pragma once

#include "realkafka/distribution.h"
#include "realkafka/harness.h"
#include "realkafka/known_differences.h"
#include "realkafka/runner.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

/// `highwater-cli compare SCENARIO --kafka DIR` and the app's "Compare with real Kafka" (issue 27): the
/// simulation of a scenario beside the same scenario on a real cluster, compared at its quiescent
/// checkpoints (matched by label). Per checkpoint it compares each partition's leader, leader epoch,
/// ISR, ELR and last known ELR, each replica's LEO, HW and records (offset, key, value, leader epoch),
/// and the lost records (what the producers saw acknowledged that the leader's log no longer holds).
/// Timings are never compared. A difference listed in realkafka/known_differences.h (and
/// docs/real-kafka.md, "Known differences") is Known, with its reason; a checkpoint the scenario marks
/// as taken while a timer is pending (`"pending"`) is reported but not compared. No Qt, no globals, no
/// output: the caller prints (the CLI) or shows (the app) the Comparison.
namespace hw::realkafka {

/// What came of comparing one fact.
enum class Verdict : std::uint8_t {
    Agree,       // both sides hold the same value
    Differ,      // the values differ and no known difference explains it
    Known,       // the values differ as a known difference says (its id and reason are in the fact)
    NotCompared, // reported only: a pending checkpoint, or a fact the real side does not observe at its version
};

/// "agree", "differ", "known", "not-compared": the JSON's and the CLI's names.
std::string_view verdictName(Verdict verdict);

/// What a reason says, so that the app can say it in the user's language: `reason` and
/// `notComparedWhy` are the CLI's and the JSON's English and stay as they are.
enum class ReasonId : std::uint8_t {
    None,                    // no reason (Agree, or a Differ that needs none)
    Known,                   // a known difference: knownId names it
    Pending,                 // the checkpoint is pending: CheckpointComparison::pending says why
    LogNotRead,              // the observer did not read the real log (a pending checkpoint's)
    StoppedReplicaHw,        // the replica's broker is down on both sides; reasonNumber: the broker
    NoBrokerRunning,         // no broker runs, so no partition metadata was observed
    ElrNotReported,          // the real version does not report the ELR (before 3.8)
    LastKnownElrNotReported, // nor the last known ELR
    LogsDifferFrom,          // the records differ from offset reasonNumber
    OnlySimulated,           // the checkpoint is only in the simulation
    OnlyReal,                // the checkpoint is only in the real run
};

/// One fact of one checkpoint on both sides.
struct FactComparison {
    /// What the fact is about: "orders-0", "orders-0 replica 2", "producer p1", or "checkpoint" for a
    /// checkpoint only one side has.
    std::string subject;
    /// leader, leader_epoch, isr, elr, last_known_elr, leo, hw, records, lost_records, checkpoint.
    std::string fact;
    /// Both values as text ("[1,2,3]", "7", "-" for none or absent).
    std::string simulated;
    std::string real;
    Verdict verdict = Verdict::Agree;
    /// Known: the known difference's id; empty otherwise.
    std::string knownId;
    /// Known: the known difference's reason; NotCompared: why not; Differ with records: the first
    /// offset that differs, in words. Empty for Agree.
    std::string reason;
    /// The reason as an id, and the number it names (a broker, an offset; -1 for none).
    ReasonId reasonId = ReasonId::None;
    std::int64_t reasonNumber = -1;
};

/// One checkpoint: its label, where it is on both sides, and its facts in a fixed order (partitions in
/// the scenario's order, each with leader, leader_epoch, isr, elr, last_known_elr, then each replica in
/// assignment order with leo, hw, records; then lost_records per partition).
struct CheckpointComparison {
    std::string label;
    std::int64_t simulatedFrame = -1;         // -1: the simulation has no checkpoint with this label
    std::optional<std::size_t> step;          // the checkpoint step's index in scenario.steps, when known
    bool observed = false;                    // the real run reached and observed it
    /// False for a pending checkpoint and for one that only one side has; its facts are then NotCompared
    /// (pending) or a single "checkpoint" fact that Differs (one side only).
    bool compared = false;
    std::string notComparedWhy;               // why compared is false
    ReasonId notComparedId = ReasonId::None;  // the same as an id: Pending, OnlySimulated, OnlyReal
    std::string pending;                      // Pending: the scenario's checkpoint "pending" text
    std::vector<FactComparison> facts;
};

/// How many facts came to each verdict.
struct VerdictCounts {
    std::size_t agree = 0;
    std::size_t differ = 0;
    std::size_t known = 0;
    std::size_t notCompared = 0;
};

/// A whole comparison of one scenario at one Kafka version.
struct Comparison {
    std::string scenario;      // the scenario's name ("leader-failover"), for the known differences
    std::string kafkaVersion;  // the real distribution's full version, "4.4.0"
    std::vector<CheckpointComparison> checkpoints;

    VerdictCounts counts() const;
    /// Nothing Differs (known differences and not-compared facts pass).
    bool passes() const;
    /// {"scenario", "kafka_version", "passes", "counts": {agree, differ, known, not_compared},
    ///  "checkpoints": [{"label", "simulated_frame", "step", "observed", "compared", "not_compared_why",
    ///  "facts": [{"subject", "fact", "simulated", "real", "verdict", "known_id", "reason"}]}]}
    /// (docs/real-kafka.md, "Comparing with the simulation").
    nlohmann::ordered_json toJson() const;
};

/// One checkpoint of the real run: the runner's observation (with the logs) and every send's outcome at
/// the time it was observed.
struct RealCheckpoint {
    ObservedStep observed;
    std::vector<SendOutcome> sends;
};

/// Compares the simulated run (the timeline runScenario made of `scenario`) with the real run's
/// checkpoints, matched by label (the n-th checkpoint with a label on one side with the n-th on the
/// other). `kafkaVersion` is the real distribution's ("4.4.0"): it decides which facts the real side
/// observes (ELR and last known ELR from 3.8). A difference that an entry of `known` matches exactly is
/// Known (tests pass their own entries). Pure: no I/O, unit-testable with hand-made observations.
Comparison compareCheckpoints(const Scenario& scenario, const Timeline& simulated,
    const std::vector<RealCheckpoint>& real, const std::string& kafkaVersion,
    std::span<const KnownDifference> known = knownDifferences());

/// Progress of compareWithReal: what it is doing now. `step` is the scenario step the real run is at
/// (nothing while the cluster starts or the simulation runs); `text` says it in words, as the runner's
/// log does.
struct CompareProgress {
    std::optional<std::size_t> step;
    std::size_t steps = 0; // the scenario's step count
    std::string text;
};
using CompareProgressCallback = std::function<void(const CompareProgress&)>;

/// What compareWithReal throws when the simulation cannot run the scenario (a ScenarioError in words).
class SimulationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Runs the scenario in the engine (runScenario) and on a real cluster of `distribution` (runReal with
/// checkpointsOnly; checkRealScenario must accept it and the versions must match), then
/// compareCheckpoints. Safe on a worker thread: the progress callback is called on the calling thread,
/// options.interrupted stops the real run at its next wait (RunnerError "interrupted"). Throws
/// SimulationError, RunnerError, ClusterError, HarnessError, DistributionError, ObserveError; the cluster
/// is torn down on every path. options.checkpointsOnly is forced on.
Comparison compareWithReal(const Scenario& scenario, const Distribution& distribution, RunnerOptions options,
    const CompareProgressCallback& progress = {});

} // namespace hw::realkafka
