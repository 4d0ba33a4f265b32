// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hw {

/// Deterministic simulation testing (in the style of FoundationDB and TigerBeetle's VOPR): a seed
/// picks a cluster and a random schedule of produces (every acks value), crashes, power losses, restarts,
/// isolations, slow links, controlled shutdowns and elections. The invariant checker runs after every
/// event. The same seed always gives the same run, so a failure is replayed with its seed alone.
struct ChaosOptions {
    /// Let runs lose acknowledged data the ways real Kafka can (unclean elections, unflushed tails).
    /// Off: unclean election disabled, restarts keep their whole log, acks=all with min.insync >= 2,
    /// and every acknowledged acks=all record must survive.
    bool allowDataLoss = false;
    KafkaVersion version = defaultKafkaVersion; // whose rules the runs follow
    int stepsMin = 15;
    int stepsMax = 40;
};

struct ChaosResult {
    std::uint64_t seed = 0;
    Scenario scenario;      // the generated run, replayable as a scenario file
    std::int64_t frames = 0;
    std::int64_t simulatedMs = 0;
    std::vector<std::string> violations; // the first few invariant violations, with their frame
    std::string stepError;               // a step that could not be carried out (a driver bug)
    bool ok() const { return violations.empty() && stepError.empty(); }
};

ChaosResult runChaos(std::uint64_t seed, const ChaosOptions& options = {});

/// The command that replays a seed: printed with every failure.
std::string chaosReplayCommand(std::uint64_t seed, const ChaosOptions& options);

} // namespace hw
