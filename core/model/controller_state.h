// SPDX-License-Identifier: MIT
#pragma once

#include "model/ids.h"
#include "model/java_random.h"

#include <optional>
#include <vector>

/// What the controller keeps (its part of ClusterState): partition registrations and broker
/// registrations, as KRaft's PartitionRegistration and BrokerRegistration.
namespace hw {

/// Whether a leader elected uncleanly has yet to confirm its log (KIP-704, metadata's
/// LeaderRecoveryState): an unclean or last-known-leader election sets Recovering, the new leader's
/// first AlterPartition sets Recovered.
enum class LeaderRecoveryState : std::uint8_t { Recovered, Recovering };

/// The kind of election a partition change asks for (metadata's PartitionChangeBuilder.Election):
/// PREFERRED moves leadership to the first replica, ONLINE elects only from the ISR (or the ELR),
/// UNCLEAN may fall back to any acceptable replica.
enum class Election : std::uint8_t { Preferred, Online, Unclean };

/// The controller's record of a partition (KRaft PartitionRegistration).
struct PartitionRegistration {
    std::vector<BrokerId> replicas;
    std::vector<BrokerId> isr;
    /// Eligible Leader Replicas (KIP-966): replicas that left an ISR below min ISR and so hold every
    /// committed record; in ascending id order, as Kafka's tests expect. Empty unless ELR is on.
    std::vector<BrokerId> elr;
    /// LastKnownElr: in production the last known leader only (PartitionChangeBuilder's
    /// useLastKnownLeaderInBalancedRecovery is always true); ascending.
    std::vector<BrokerId> lastKnownElr;
    BrokerId leader = noLeader;
    std::int32_t leaderEpoch = 0;
    std::int32_t partitionEpoch = 0;
    LeaderRecoveryState leaderRecoveryState = LeaderRecoveryState::Recovered;
    friend bool operator==(const PartitionRegistration&, const PartitionRegistration&) = default;
};

/// The controller's view of a broker.
struct BrokerRegistration {
    BrokerId id = 0;
    bool fenced = false;
    bool inControlledShutdown = false;
    TimeMs lastHeartbeatMs = 0;
    TimeMs sessionTimerMs = -1; // the armed session-expiry check, -1: none
    std::int32_t incarnation = 0; // the broker incarnation this registration is for
    /// The broker epoch: the metadata offset of this registration's RegisterBrokerRecord (KIP-380), new
    /// for every incarnation.
    std::int64_t brokerEpoch = 0;
    /// Unfenced and not shutting down: may be in an ISR and be elected (the broker learns this from
    /// the metadata; the model reads the registration).
    bool unfenced() const { return !fenced && !inControlledShutdown; }
    friend bool operator==(const BrokerRegistration&, const BrokerRegistration&) = default;
};

/// The controller's own counters.
struct ControllerState {
    std::int64_t metadataOffset = 0; // the metadata log's end: one record per change written
    TimeMs uncleanScanAtMs = -1;     // the armed unclean election scan, -1: none
    TimeMs rebalanceAtMs = -1;       // the armed preferred-leader rebalance, -1: none
    std::int64_t nextProducerIdBlock = 0; // ProducerIdControlManager: the first id of the next block handed out
    // The striped placer's java.util.Random. Kafka's controller keeps one for its whole life and shares it
    // between every CreateTopics and CreatePartitions (QuorumController.Builder at 4.2.0-rc1: `new Random()`
    // handed to ClusterControlManager's StripedReplicaPlacer). Kafka seeds it from the clock; HighWater with
    // one draw of the run's generator, at the first topic the striped placer places (at time 0, or the first
    // created at run time), so a run that creates no striped topic draws what it drew before. Part of the
    // state: a snapshot restores it, and two runs are equal only if their placers would place alike.
    std::optional<JavaRandom> placerRandom;
    friend bool operator==(const ControllerState&, const ControllerState&) = default;
};

} // namespace hw
