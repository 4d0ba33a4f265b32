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

    ApplyResult startFetch(std::int32_t partition, BrokerId follower, std::int32_t maxRecords);
    void sendFetch(std::int32_t partition, Replica& follower, std::int32_t maxRecords);
    std::optional<Event> fetchTimeout(BrokerId broker, std::int32_t partition);
    std::optional<Event> handleFetchResponse(const Message& message, const FetchResponse& response);
    /// A follower's pause after a failed fetch is over: fetch again (FetchBackoff timer).
    std::optional<Event> fetchBackoff(BrokerId broker, std::int32_t partition);
};

} // namespace hw
