// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/event.h"
#include "sim/network.h"

#include <cstdint>
#include <optional>

/// The leader's purgatories: acks=all produces waiting for the high watermark (DelayedProduce) and
/// fetches waiting for data (DelayedFetch), as ReplicaManager's delayedProducePurgatory and
/// delayedFetchPurgatory hold them, with one timer per purgatory and partition.
namespace hw {

class DelayedOperations {
public:
    DelayedOperations(ClusterState& state, Network& net) : m_state(state), m_net(net) {}

    void armPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica, TimeMs deadlineMs);
    int completeDelayedProduces(std::int32_t partition, Replica& leader);
    void respondToFetch(std::int32_t partition, Replica& leader, const FetchRequest& request, Offset responseHw);
    int completeParkedFetches(std::int32_t partition, Replica& leader);
    std::optional<Event> fetchWaitExpired(BrokerId broker, std::int32_t partition);
    std::optional<Event> produceTimeout(BrokerId broker, std::int32_t partition);
    int completeConsumerFetches(std::int32_t partition, Replica& leader);

private:
    void rearmPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica);

    ClusterState& m_state;
    Network& m_net;
};

} // namespace hw
