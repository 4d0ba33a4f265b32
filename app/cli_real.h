// SPDX-License-Identifier: MIT
#pragma once

#include "realkafka/runner.h"

#include <atomic>
#include <csignal>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

/// `highwater-cli real`: a scenario on a real Apache Kafka cluster (realkafka/runner.h).
namespace hw::cli {

#define HW_CLI_REAL_USAGE                                                                                     \
    "  real SCENARIO --kafka DIR [--dump jsonl] [--checkpoints]\n"                                           \
    "                                         run the scenario on a real Apache Kafka cluster started from\n" \
    "                                         the distribution in DIR (scripts/kafka-dist X.Y prints one,\n"  \
    "                                         or a release tarball unpacked) and print one frame per\n"       \
    "                                         observed change (--checkpoints: the quiescent state after\n"    \
    "                                         each checkpoint); DIR's X.Y must be the scenario's\n"          \
    "                                         kafka_version; steps real Kafka cannot run are refused first,\n" \
    "                                         each with its JSON path; progress goes to standard error;\n"    \
    "                                         exit status 3 when the real run fails (a node that does not\n"  \
    "                                         start, a step Kafka refuses, a cluster that never settles,\n"   \
    "                                         Ctrl+C)\n"

/// The exit status of a real run that failed after it started (docs/real-kafka.md).
inline constexpr int exitRealFailed = 3;

/// While it lives, SIGINT and SIGTERM kill every JVM of the run at once and set interrupted() (the run
/// unwinds at its next wait and removes its folder), and SIGPIPE is ignored (a harness that died is a
/// HarnessError, not the end of highwater-cli). The previous handlers come back when it ends.
class RealRunSignals {
public:
    RealRunSignals();
    ~RealRunSignals();
    RealRunSignals(const RealRunSignals&) = delete;
    RealRunSignals& operator=(const RealRunSignals&) = delete;
    const std::atomic<bool>* interrupted() const;

private:
    struct sigaction m_oldInt {}, m_oldTerm {}, m_oldPipe {};
};

/// For `real` and `compare --kafka`: prints each refusal of the scenario ("COMMAND: FILE: /path: why"),
/// opens the distribution in kafkaDir and checks its version against the scenario's. Returns
/// exitInvalid after saying why, or nothing when the run can start.
std::optional<int> openRealDistribution(const Scenario& scenario, const std::string& kafkaDir,
    const std::string& command, realkafka::Distribution& distribution);

/// `compare SCENARIO... --kafka DIR [--checkpoints] [--json FILE]` (app/cli_compare_real.cpp), after
/// compare has read its arguments: the simulation beside a real run (realkafka/differential.h), one
/// line per checkpoint and one per difference, for each scenario in turn. Several scenarios share one
/// cluster where they allow it (realkafka::whySeparateCluster); every one is read and checked before a
/// cluster starts. everyFact: every fact of every checkpoint, agreeing ones too. jsonPath: where the
/// Comparison goes as JSON (several: an array, each with its source, "cluster" own or shared, its
/// seconds and, for a failed run, its error; empty: nowhere). Returns 0 when nothing differs but known
/// differences, 1 when something differs, 2 for a refused scenario or distribution or a --json file that
/// cannot be written, 3 when a real run fails (the next scenario still runs, on a new cluster).
int compareWithKafka(const std::vector<std::string>& sources, const std::string& kafkaDir, bool everyFact,
    const std::string& jsonPath);

/// Returns the exit status: 0, 2 for bad arguments, a scenario real Kafka cannot run, a distribution
/// that is not one or of the wrong version; 3 when the run fails.
int runReal(const std::vector<std::string>& args);

/// The observer's part of a real run (app/cli_real_frames.cpp): realkafka::observe and
/// realkafka::sameFacts, and each observation the runner emits as a frame on `out`
/// (realkafka/observation_frame.h's stateFromObservation and the `real-observed` event). `scenario`
/// must outlive the hooks.
realkafka::RunnerHooks realObserverHooks(const Scenario& scenario, const realkafka::Distribution& distribution,
                                         std::ostream& out);

} // namespace hw::cli
