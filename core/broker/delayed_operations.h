// SPDX-License-Identifier: MIT
#pragma once

#include "sim/component.h"

#include <cstdint>
#include <optional>

/// The leader's purgatories: acks=all produces waiting for the high watermark (DelayedProduce) and
/// fetches waiting for data (DelayedFetch), as ReplicaManager's delayedProducePurgatory and
/// delayedFetchPurgatory hold them, with one timer per purgatory and partition.
namespace hw {

class DelayedOperations : private Component {
public:
    using Component::Component;

    void armPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica, TimeMs deadlineMs);
    int completeDelayedProduces(std::int32_t partition, Replica& leader);
    void respondToFetch(std::int32_t partition, Replica& leader, const FetchRequest& request, Offset responseHw);
    int completeParkedFetches(std::int32_t partition, Replica& leader);
    std::optional<Event> fetchWaitExpired(BrokerId broker, std::int32_t partition);
    std::optional<Event> produceTimeout(BrokerId broker, std::int32_t partition);
    int completeConsumerFetches(std::int32_t partition, Replica& leader);

private:
    /// Answers the parked fetches of consumers (or of followers) that can now read something.
    int completeParkedWhere(std::int32_t partition, Replica& leader, bool consumers);
    void rearmPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica);

};

} // namespace hw
