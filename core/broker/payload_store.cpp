// SPDX-License-Identifier: MIT
#include "broker/payload_store.h"

#include "broker/log_segments.h"

#include <algorithm>
#include <variant>

namespace hw {

namespace {

constexpr std::size_t leafWidth = PVector<Payload>::leafWidth;

/// Sorts and removes repeats.
void normalize(std::vector<std::size_t>& leaves)
{
    std::sort(leaves.begin(), leaves.end());
    leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
}

bool contains(const std::vector<std::size_t>& sorted, std::size_t value)
{
    return std::binary_search(sorted.begin(), sorted.end(), value);
}

} // namespace

HeldPayloads heldPayloads(const ClusterState& state)
{
    HeldPayloads held;
    auto logsFrom = static_cast<std::int64_t>(state.payloads.size());
    for (const Partition& p : state.partitions) {
        for (const Replica& r : p.replicas)
            logsFrom = std::min<std::int64_t>(logsFrom, firstHeldPayload(r.log));
    }
    held.logsFrom = static_cast<std::size_t>(std::max<std::int64_t>(logsFrom, 0));
    // The other holders matter only below what the logs keep.
    auto hold = [&](std::int64_t payload) {
        if (payload >= 0 && static_cast<std::size_t>(payload) < held.logsFrom)
            held.leaves.push_back(static_cast<std::size_t>(payload) / leafWidth * leafWidth);
    };
    auto holdRange = [&](std::int64_t first, std::int64_t count) {
        for (std::int64_t leaf = first / static_cast<std::int64_t>(leafWidth) * static_cast<std::int64_t>(leafWidth);
             leaf < first + count; leaf += static_cast<std::int64_t>(leafWidth))
            hold(leaf);
    };
    for (const Partition& p : state.partitions) {
        for (const Replica& r : p.replicas) {
            for (const TruncatedRecord& t : r.truncated)
                hold(t.record.payload);
        }
    }
    for (const Producer& producer : state.producers) {
        producer.batches.forEach(0, producer.batches.size(),
                                 [&](std::size_t, const ProducerBatch& batch) { holdRange(batch.firstPayload, batch.count); });
    }
    for (const Consumer& c : state.consumers)
        c.received.forEach(0, c.received.size(), [&](std::size_t, const ReceivedRecord& r) { hold(r.payload); });
    for (const QueuedEvent& q : state.queue) {
        const auto* message = std::get_if<Message>(&q.what);
        if (!message)
            continue;
        if (const auto* produce = std::get_if<ProduceRequest>(&message->body)) {
            holdRange(produce->firstPayload, produce->count);
        } else if (const auto* fetch = std::get_if<FetchResponse>(&message->body)) {
            // Only the records it carries are read from its copy of the leader's log.
            const ReplicaLog& log = fetch->leaderLog;
            if (fetch->recordCount > 0) {
                log.records.forEach(static_cast<std::size_t>(fetch->fetchOffset - log.baseOffset),
                                    static_cast<std::size_t>(fetch->fetchOffset + fetch->recordCount - log.baseOffset),
                                    [&](std::size_t, const Record& r) { hold(r.payload); });
            }
        }
    }
    normalize(held.leaves);
    return held;
}

void releaseUnheldPayloads(ClusterState& state)
{
    const HeldPayloads held = heldPayloads(state);
    state.payloads.releaseLeaves(held.logsFrom, [&](std::size_t leaf) { return contains(held.leaves, leaf); });
    if (state.liveRecords.empty())
        return;
    // The live records the payloads kept refer to: from the first live payload at or after the leaf
    // logsFrom is in on (live clients' payloads take their live records in order, live_clients.cpp),
    // and those of the payload leaves kept below it.
    const std::size_t keptFrom = held.logsFrom / leafWidth * leafWidth;
    std::size_t liveFrom = state.liveRecords.size();
    for (std::size_t i = keptFrom; i < state.payloads.size(); ++i) {
        if (!state.payloads.holds(i)) {
            i = i / leafWidth * leafWidth + leafWidth - 1; // a released leaf
            continue;
        }
        if (const std::int32_t live = state.payloads[i].liveRecord; live >= 0) {
            liveFrom = static_cast<std::size_t>(live);
            break;
        }
    }
    std::vector<std::size_t> liveLeaves;
    for (const std::size_t leaf : held.leaves) {
        state.payloads.forEachHeld(leaf, std::min(leaf + leafWidth, keptFrom), [&](std::size_t, const Payload& p) {
            if (p.liveRecord >= 0)
                liveLeaves.push_back(static_cast<std::size_t>(p.liveRecord) / leafWidth * leafWidth);
        });
    }
    normalize(liveLeaves);
    state.liveRecords.releaseLeaves(liveFrom, [&](std::size_t leaf) { return contains(liveLeaves, leaf); });
}

} // namespace hw
