// SPDX-License-Identifier: MIT
#pragma once

#include "model/ids.h"

#include <vector>

/// What the controller keeps (its part of ClusterState): partition registrations and broker
/// registrations, as KRaft's PartitionRegistration and BrokerRegistration.
namespace hw {

/// The controller's record of a partition (KRaft PartitionRegistration).
struct PartitionRegistration {
    std::vector<BrokerId> replicas;
    std::vector<BrokerId> isr;
    BrokerId leader = noLeader;
    std::int32_t leaderEpoch = 0;
    std::int32_t partitionEpoch = 0;
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
    /// Unfenced and not shutting down: may be in an ISR and be elected (the broker learns this from
    /// the metadata; the model reads the registration).
    bool unfenced() const { return !fenced && !inControlledShutdown; }
    friend bool operator==(const BrokerRegistration&, const BrokerRegistration&) = default;
};

} // namespace hw
