// SPDX-License-Identifier: MIT
#include "realkafka/known_differences.h"

#include <array>

namespace hw::realkafka {

namespace {

// Keep in step with docs/real-kafka.md, "Known differences" (KnownDifferences.DocListsEveryId checks).
// An entry is added only with a reason verified against Kafka's source or a real run, and a test that
// pins it.
constexpr std::string_view rebalanceReason
    = "Kafka's controller moved leadership back to the preferred replica, broker 1: after a leader change "
      "it checks every leader.imbalance.check.interval.seconds (300 s; QuorumController."
      "maybeScheduleNextBalancePartitionLeaders, auto.leader.rebalance.enable) and elects the preferred "
      "replica once it is in the ISR. The scenario reaches checkpoint 11 after 127 simulated seconds; the "
      "real run after 370 wall-clock seconds (five-broker start, eleven restarts that each wait until the "
      "broker is unfenced, the checkpoints' log reads), so the check comes first on the real side only";
constexpr std::string_view rebalanceTest
    = "realkafka.KnownDifferences.EligibleLeaderReplicasReachesCheckpoint11BeforeALeaderImbalanceCheck";

constexpr std::string_view fenceOrderReason
    = "Brokers 2 and 3 are killed a few milliseconds apart. The controller fences each broker.session.timeout.ms "
      "after its last heartbeat (every broker.heartbeat.interval.ms, 2 s, each broker at its own phase; "
      "BrokerHeartbeatManager fences the stalest first), and only the second fence takes the ISR below "
      "min.insync.replicas, so the broker fenced second is the one kept in the ELR. Which one that is depends "
      "on the brokers' heartbeat phases: two Kafka 4.4.0 runs gave [3] and [2]; the model's brokers heartbeat "
      "in step, so broker 2, killed first, is always fenced first";
constexpr std::string_view fenceOrderTest = "realkafka.KnownDifferences.AcksAndMinInsyncFencesBroker2FirstAndKeeps3InTheElr";

constexpr std::array<KnownDifference, 5> entries { {
    { "elr-checkpoint-11-preferred-leader-rebalance", "eligible-leader-replicas", "4.2", "11", "orders-0", "leader",
        "4", "1", rebalanceReason, rebalanceTest },
    { "elr-checkpoint-11-preferred-leader-rebalance-epoch", "eligible-leader-replicas", "4.2", "11", "orders-0",
        "leader_epoch", "9", "10", rebalanceReason, rebalanceTest },
    { "acks-min-insync-2-elr-fence-order", "acks-and-min-insync", "4.4", "2", "payments-0", "elr", "[3]", "[2]",
        fenceOrderReason, fenceOrderTest },
    { "acks-min-insync-3-elr-fence-order", "acks-and-min-insync", "4.4", "3", "payments-0", "elr", "[3]", "[2]",
        fenceOrderReason, fenceOrderTest },
    { "acks-min-insync-4-elr-fence-order", "acks-and-min-insync", "4.4", "4", "payments-0", "elr", "[3]", "[2]",
        fenceOrderReason, fenceOrderTest },
} };

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
