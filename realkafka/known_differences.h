// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <string>
#include <string_view>

/// The differences between the simulation and real Kafka that are understood and accepted (issue 27):
/// each one names exactly where it shows (a scenario, a checkpoint, a subject, a fact and both values,
/// at the Kafka versions it was seen at) and why the model differs. docs/real-kafka.md, section "Known
/// differences", lists the same ids with the same reasons and the test that pins each; a unit test keeps
/// the two lists equal. A difference no entry matches exactly is a Differ: an entry never covers
/// "anything about" a fact.
namespace hw::realkafka {

struct KnownDifference {
    std::string_view id;         // "leader-failover-...": how the doc and the output name it
    std::string_view scenario;   // the scenario's name (Scenario::name)
    std::string_view versions;   // the real versions it is seen at: "4.4.0", or "4.4" for every 4.4.x
    std::string_view checkpoint; // the checkpoint's label
    std::string_view subject;    // "orders-0", "orders-0 replica 2"
    std::string_view fact;       // "leader", "isr", "leo", ...
    std::string_view simulated;  // both values exactly as the comparison writes them
    std::string_view real;
    std::string_view reason;     // why the model differs, in one or two sentences
    std::string_view test;       // the test that pins it (ctest name or GoogleTest name)
};

/// Every known difference.
std::span<const KnownDifference> knownDifferences();

/// The entry of `known` that matches this fact exactly, or nullptr.
const KnownDifference* findKnownDifference(std::span<const KnownDifference> known, std::string_view scenario,
    std::string_view kafkaVersion,
    std::string_view checkpoint, std::string_view subject, std::string_view fact, std::string_view simulated,
    std::string_view real);

/// Whether `versions` ("4.4.0", "4.4") names the full version `kafkaVersion` ("4.4.0").
bool versionMatches(std::string_view versions, std::string_view kafkaVersion);

} // namespace hw::realkafka
