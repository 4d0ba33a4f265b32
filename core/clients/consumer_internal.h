// SPDX-License-Identifier: MIT
#pragma once

#include "model/client_state.h"
#include "model/ids.h"

#include <cstdint>

/// Constants and small rules shared by the consumer client's three source files (consumer.cpp,
/// consumer_coordinator.cpp, consumer_fetcher.cpp); not for use outside clients/.
namespace hw::consumer_internal {

// AbstractCoordinator.JOIN_GROUP_TIMEOUT_LAPSE: a JoinGroup may be held at the coordinator for the whole
// rebalance timeout, so the client waits that long plus this much before it gives up.
inline constexpr TimeMs joinGroupTimeoutLapseMs = 5000;
// Bounds the shift of a doubling backoff (retry.backoff.max.ms caps the value itself).
inline constexpr std::int32_t backoffDoublingsMax = 20;

/// The connection failed or the answer never came (the client's own request.timeout.ms).
inline bool isDisconnect(ErrorCode error)
{
    return error == ErrorCode::NetworkException || error == ErrorCode::RequestTimedOut;
}

inline std::uint32_t brokerBit(BrokerId broker)
{
    return broker >= 1 && broker <= 32 ? 1u << (broker - 1) : 0u;
}

/// Remembers whether the broker that answered (or failed to) is reachable: brokers whose last request
/// failed are asked last when the consumer looks for a coordinator or metadata.
inline void noteAnswer(Consumer& c, BrokerId from, ErrorCode error)
{
    if (isDisconnect(error))
        c.unreachableBrokers |= brokerBit(from);
    else
        c.unreachableBrokers &= ~brokerBit(from);
}

} // namespace hw::consumer_internal
