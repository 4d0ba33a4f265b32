// SPDX-License-Identifier: MIT
#pragma once

#include "sim/component.h"

#include <cstdint>
#include <optional>

/// The follower side (Kafka's server/AbstractFetcherThread.scala and ReplicaFetcherThread.scala): the
/// fetch loop, applying fetched records, and truncation on a diverging epoch (KIP-279) or, before
/// Kafka 0.11, to the high watermark.
namespace hw {

class ReplicaFetcher : private Component {
public:
    using Component::Component;

    /// The `fetch` step: one fetch round started by hand.
    ApplyResult startFetch(std::int32_t partition, BrokerId follower, std::int32_t maxRecords);
    /// AbstractFetcherThread.buildFetch: fetch offset = LEO, last fetched epoch, current leader epoch.
    void sendFetch(std::int32_t partition, Replica& follower, std::int32_t maxRecords);
    /// The FetchTimeout timer: no answer within replica.socket.timeout.ms.
    std::optional<Event> fetchTimeout(BrokerId broker, std::int32_t partition);
    /// AbstractFetcherThread.processFetchRequest: truncate on a diverging epoch, else append and take
    /// the leader's HW (at most the own LEO).
    std::optional<Event> handleFetchResponse(const Message& message, const FetchResponse& response);
    /// A follower's pause after a failed fetch is over: fetch again (FetchBackoff timer).
    std::optional<Event> fetchBackoff(BrokerId broker, std::int32_t partition);
    /// auto.fetch was switched on: every follower replica on a live broker that knows its leader and
    /// has no fetch in flight starts its fetch loop, as ReplicaFetcherManager.addFetcherForPartitions
    /// does for a broker's followers (AbstractFetcherThread.doWork then fetches without end). A fetch
    /// already in flight keeps the loop going when its answer arrives. Returns how many were sent.
    std::int64_t startFetchLoops();
};

} // namespace hw
