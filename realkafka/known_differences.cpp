// SPDX-License-Identifier: MIT
#include "realkafka/known_differences.h"

#include <array>

namespace hw::realkafka {

namespace {

// Keep in step with docs/real-kafka.md, "Known differences" (KnownDifferences.DocListsEveryId checks).
// An entry is added only with a reason verified against Kafka's source or a real run, and a test that
// pins it.
constexpr std::array<KnownDifference, 0> entries {};

} // namespace

std::span<const KnownDifference> knownDifferences()
{
    return entries;
}

bool versionMatches(std::string_view versions, std::string_view kafkaVersion)
{
    if (versions == kafkaVersion)
        return true;
    // "4.4" names 4.4.0, 4.4.1, ...: a prefix that ends at a dot of the full version.
    return kafkaVersion.size() > versions.size() && kafkaVersion.substr(0, versions.size()) == versions
        && kafkaVersion[versions.size()] == '.';
}

const KnownDifference* findKnownDifference(std::span<const KnownDifference> list, std::string_view scenario,
    std::string_view kafkaVersion, std::string_view checkpoint, std::string_view subject, std::string_view fact,
    std::string_view simulated, std::string_view real)
{
    for (const KnownDifference& known : list) {
        if (known.scenario == scenario && versionMatches(known.versions, kafkaVersion)
            && known.checkpoint == checkpoint && known.subject == subject && known.fact == fact
            && known.simulated == simulated && known.real == real)
            return &known;
    }
    return nullptr;
}

} // namespace hw::realkafka
