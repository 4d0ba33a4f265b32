// SPDX-License-Identifier: MIT
#pragma once

#include "broker/delayed_operations.h"
#include "sim/component.h"

#include <cstdint>
#include <optional>
#include <vector>

/// The leader side of a partition (Kafka's cluster/Partition.scala): the high watermark, ISR expansion
/// and shrinking through AlterPartition, and becoming leader or follower on new metadata.
namespace hw {

/// Partition.scala's rules for the replica that leads. (The struct hw::Partition is the partition's
/// data; this class is its leader's behaviour.)
class PartitionLeader : private Component {
public:
    PartitionLeader(ClusterState& state, Network& net, DelayedOperations& delayed);

    /// Partition.maybeIncrementLeaderHW: the minimum LEO over the maximal ISR and the caught-up followers,
    /// frozen while the ISR is below min.insync.replicas (KAFKA-15583).
    bool maybeIncrementHw(std::int32_t partition, Replica& leader);
    /// maybeIncrementHw, and when the HW moved: answer the acks=all produces it now covers, and say
    /// so in the event (HwAdvanced, ProducesCompleted and how many in `completed`).
    void advanceHighWatermark(std::int32_t partition, Replica& leader, Event& e);
    /// Partition.maybeExpandIsr: a caught-up follower outside the ISR is proposed with AlterPartition.
    bool maybeExpandIsr(std::int32_t partition, Replica& leader, const FollowerView& view);
    /// Partition.maybeShrinkIsr on every partition this broker leads.
    std::optional<Event> isrExpiration(BrokerId broker);
    /// Partition.handleAlterPartitionUpdate / handleAlterPartitionError.
    std::optional<Event> handleAlterPartitionResponse(const Message& message, const AlterPartitionResponse& response);
    /// Partition.makeLeader: the new epoch starts at the LEO; follower views reset; HW as it was.
    void becomeLeader(std::int32_t partition, Replica& replica, const PartitionRegistration& reg);
    /// Partition.makeFollower's leader half: waiting produces and fetches get NOT_LEADER_OR_FOLLOWER.
    void stopLeading(std::int32_t partition, Replica& replica);
    /// The IsrExpiration timer: re-armed every replica.lag.time.max.ms / 2, then the shrink check.
    std::optional<Event> isrExpirationTimer(const Timer& timer);

private:
    bool isCaughtUp(const Replica& leader, const FollowerView& view) const;
    bool isIsrEligible(BrokerId broker) const;
    void sendAlterPartition(std::int32_t partition, Replica& leader, std::vector<BrokerId> newIsr);

    DelayedOperations& m_delayed;
};

} // namespace hw
