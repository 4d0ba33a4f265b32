// SPDX-License-Identifier: MIT
#pragma once

#include "realkafka/runner.h"

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
