// SPDX-License-Identifier: MIT
#include "broker/payload_store.h"

#include "broker/log_segments.h"

#include <algorithm>
#include <type_traits>
#include <variant>

namespace hw {

std::size_t firstHeldPayload(const ClusterState& state)
{
    auto first = static_cast<std::int64_t>(state.payloads.size());
    auto hold = [&](std::int64_t index) { first = std::min(first, index); };
    for (const Partition& p : state.partitions) {
        for (const Replica& r : p.replicas) {
            hold(firstHeldPayload(r.log));
            for (const TruncatedRecord& t : r.truncated)
                hold(t.record.payload);
        }
    }
    for (const Producer& producer : state.producers) {
        if (!producer.batches.empty())
            hold(producer.batches[0].firstPayload);
    }
    for (const Consumer& c : state.consumers)
        c.received.forEach(0, c.received.size(), [&](std::size_t, const ReceivedRecord& r) { hold(r.payload); });
    for (const QueuedEvent& q : state.queue) {
        const auto* message = std::get_if<Message>(&q.what);
        if (!message)
            continue;
        if (const auto* produce = std::get_if<ProduceRequest>(&message->body)) {
            if (produce->count > 0)
                hold(produce->firstPayload);
        } else if (const auto* fetch = std::get_if<FetchResponse>(&message->body)) {
            // Only the records it carries are read from the copy of the leader's log.
            const ReplicaLog& log = fetch->leaderLog;
            if (fetch->recordCount > 0) {
                log.records.forEach(static_cast<std::size_t>(fetch->fetchOffset - log.baseOffset),
                                    static_cast<std::size_t>(fetch->fetchOffset + fetch->recordCount - log.baseOffset),
                                    [&](std::size_t, const Record& r) { hold(r.payload); });
            }
        }
    }
    return static_cast<std::size_t>(std::max<std::int64_t>(first, 0));
}

std::size_t firstHeldLiveRecord(const ClusterState& state, std::size_t firstPayload)
{
    const std::size_t end = state.payloads.size();
    for (std::size_t i = firstPayload; i < end; ++i) {
        const std::int32_t live = state.payloads[i].liveRecord;
        if (live >= 0)
            return static_cast<std::size_t>(live);
    }
    return state.liveRecords.size();
}

void releaseUnheldPayloads(ClusterState& state)
{
    state.payloads.releaseFront(firstHeldPayload(state));
    // From the payloads' front, not the first held one: the payloads below it but in its leaf stay
    // readable, and so do their live records.
    if (!state.liveRecords.empty() && state.liveRecords.front() < state.liveRecords.size())
        state.liveRecords.releaseFront(firstHeldLiveRecord(state, state.payloads.front()));
}

} // namespace hw
