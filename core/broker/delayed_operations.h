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

    /// Arms the purgatory's one timer for `deadlineMs` unless it fires earlier already.
    void armPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica, TimeMs deadlineMs);
    /// DelayedProduce.tryComplete: answers the acks=all produces the HW now covers.
    int completeDelayedProduces(std::int32_t partition, Replica& leader);
    /// A FetchResponse with the records a fetch may read and the HW given (DelayedFetch.onComplete).
    void respondToFetch(std::int32_t partition, Replica& leader, const FetchRequest& request, Offset responseHw);
    /// Answers parked follower fetches that have data now.
    int completeParkedFetches(std::int32_t partition, Replica& leader);
    /// The FetchWaitExpired timer: answers a parked fetch whose replica.fetch.wait.max.ms ran out.
    std::optional<Event> fetchWaitExpired(BrokerId broker, std::int32_t partition);
    /// The ProduceTimeout timer: a waiting acks=all produce gets REQUEST_TIMED_OUT (its records stay).
    std::optional<Event> produceTimeout(BrokerId broker, std::int32_t partition);
    /// Answers parked consumer fetches the HW now lets read.
    int completeConsumerFetches(std::int32_t partition, Replica& leader);

private:
    /// Answers the parked fetches of consumers (or of followers) that can now read something.
    int completeParkedWhere(std::int32_t partition, Replica& leader, bool consumers);
    void rearmPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica);

};

} // namespace hw
