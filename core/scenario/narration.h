// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/event.h"
#include "scenario/phrase.h"

#include <string>
#include <vector>

namespace hw {

/// What a partition looks like at a frame, for narrating a checkpoint reached by time passing.
struct PartitionSummary {
    std::int32_t partition = 0;
    BrokerId leader = noLeader; // the controller's registration
    std::int32_t leaderEpoch = 0;
    std::vector<BrokerId> isr;
    std::vector<BrokerId> elr;          // Eligible Leader Replicas (Kafka 4.0+), named when not empty
    BrokerId lastKnownLeader = noLeader; // LastKnownElr's broker, named when the partition is offline
    std::vector<std::pair<BrokerId, Offset>> leos; // each replica's LEO, in assignment order
    Offset hw = -1;                                 // the leader's, -1 without a leader
};

/// The partitions narrated after "Time passes" (a cluster of many partitions names the first few).
constexpr std::int32_t narratedPartitionsMax = 3;
std::vector<PartitionSummary> summarizePartitions(const ClusterState& state);

/// Why a leader's high watermark did not move, as Partition.scala's maybeIncrementLeaderHW decides at
/// 3.7.0: the HW is the smallest LEO over the (maximal) ISR plus the caught-up replicas about to join,
/// and it does not move at all while the ISR is smaller than min.insync.replicas (KAFKA-15583).
struct HwHold {
    enum class Reason : std::uint8_t { None, UnderMinIsr, Laggard, AtLeaderEnd } reason = Reason::None;
    std::vector<BrokerId> isr;
    std::int64_t minIsr = 0;
    BrokerId laggard = noLeader; // Laggard: the replica whose LEO (as the leader knows it) is the HW
    Offset laggardLeo = -1;
    bool laggardOutsideIsr = false; // caught up and about to join, so it counts already
    Offset leaderLeo = -1;
    /// Caught up to the HW but not in the ISR: maybeExpandIsr adds them at their next fetch.
    std::vector<BrokerId> waiting;
    /// Caught up, with the AlterPartition adding them not yet answered by the controller.
    std::vector<BrokerId> pending;
};
HwHold whyHwHolds(const ClusterState& state, std::int32_t partition);

/// The words for the engine's events, each written once: the frame dump renders them in plain English
/// (narrate()), the GUI in its language (ui/base/narration.h passes a Language that asks Qt's
/// translations, under the context "Narration"). The sentences read the event's fields and the frame's
/// own state (names, a checkpoint's LEOs and HW, why a HW stayed); pass the state the event made.
class Narration {
    HW_TR_CONTEXT(Narration)

public:
    /// The full explanation of the frame an event made.
    static Phrase sentence(const Event& event, const ClusterState& state);
    /// A few words naming the kind of event, for the event log ("Fetch handled").
    static Phrase title(EventType type);
    /// The title of this event: the kind's, or a closer one where the fields tell more (a consumer's
    /// metadata refresh, a consumer added at run time, a request that got no answer in time).
    static Phrase title(const Event& event);

    /// A translatable text of this context, as Qt's tr() takes it; lupdate reads these calls.
    static Phrase tr(const char* source, const char* comment = nullptr, int n = -1);

private:
    struct Names;
    static Phrase replication(const Event& e, const ClusterState& s, const Names& names);
    static Phrase cluster(const Event& e, const ClusterState& s, const Names& names);
    static Phrase clients(const Event& e, const ClusterState& s, const Names& names);
};

/// The frame dump's sentence for an event: Narration::sentence in plainEnglish().
std::string narrate(const Event& event, const ClusterState& state);

} // namespace hw
