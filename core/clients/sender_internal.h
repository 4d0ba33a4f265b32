// SPDX-License-Identifier: MIT
#pragma once

// The frames the Sender's files (clients/sender*.cpp) make about one batch: a batch sent, and a batch
// failed or given up by the timer. Not for use outside clients/.

#include "model/client_state.h"
#include "model/event.h"

#include <cstdint>

namespace hw::sender_internal {

/// A frame about one of the producer's batches: which, where to, how many records, which attempt.
inline Event batchEvent(EventType type, std::int32_t producer, std::int64_t index, const ProducerBatch& batch)
{
    Event e = Event::at(type, producer, -1, batch.partition);
    e.count = batch.count;
    e.value = index;
    e.attempt = batch.attempt;
    return e;
}

/// ProduceSent for a batch just drained: its leader, or none known (held for a retry).
inline Event sentEvent(std::int32_t producer, std::int64_t index, const ProducerBatch& batch)
{
    Event e = batchEvent(EventType::ProduceSent, producer, index, batch);
    e.peer = batch.status == SendStatus::Pending ? -1 : batch.sentTo;
    if (batch.status == SendStatus::Pending)
        e.error = ErrorCode::LeaderNotAvailable;
    return e;
}

} // namespace hw::sender_internal
