// SPDX-License-Identifier: MIT
#include "broker/replica.h"

#include "log/leader_epoch_cache.h"
#include "log/producer_state.h"

#include <algorithm>

namespace hw {

Replica* replicaOn(ClusterState& state, std::int32_t partition, BrokerId broker)
{
    for (Replica& r : state.partitions[static_cast<std::size_t>(partition)].replicas) {
        if (r.broker == broker)
            return &r;
    }
    return nullptr;
}

const Replica* replicaOn(const ClusterState& state, std::int32_t partition, BrokerId broker)
{
    return replicaOn(const_cast<ClusterState&>(state), partition, broker);
}

Replica* leaderReplica(ClusterState& state, std::int32_t partition)
{
    const BrokerId leader = state.partitions[static_cast<std::size_t>(partition)].registration.leader;
    if (leader == noLeader)
        return nullptr;
    Replica* r = replicaOn(state, partition, leader);
    return r && r->isLeader() ? r : nullptr;
}

const Replica* currentLeader(const Partition& p)
{
    for (const Replica& r : p.replicas) {
        if (r.broker == p.registration.leader && r.isLeader())
            return &r;
    }
    return nullptr;
}

Offset partitionHighWatermark(const ClusterState& s, std::int32_t partition)
{
    const Replica* leader = currentLeader(s.partitions[static_cast<std::size_t>(partition)]);
    return leader ? leader->hw : -1;
}

FollowerView* viewOf(Replica& leader, BrokerId follower)
{
    for (FollowerView& v : leader.views) {
        if (v.broker == follower)
            return &v;
    }
    return nullptr;
}

std::vector<BrokerId> maximalIsr(const Replica& leader)
{
    // Either way: the union of committed and proposed.
    std::vector<BrokerId> result = leader.isr;
    if (leader.alterInFlight) {
        for (BrokerId b : leader.pendingIsr) {
            if (!contains(result, b))
                result.push_back(b);
        }
    }
    return result;
}

void truncateLog(const ClusterState& state, Replica& replica, Offset offset, TruncationReason reason)
{
    // Remember what goes, for the views: a record that vanishes without a trace teaches nothing.
    // A record already remembered at the same offset is superseded by the newer removal.
    const Offset from
        = std::max({ offset, replica.log.baseOffset, replica.log.leo() - static_cast<Offset>(truncatedRecordsMax) });
    for (Offset o = from; o < replica.log.leo(); ++o) {
        std::erase_if(replica.truncated, [o](const TruncatedRecord& t) { return t.offset == o; });
        replica.truncated.push_back(TruncatedRecord { o, replica.log.at(o), reason });
    }
    if (replica.truncated.size() > truncatedRecordsMax)
        replica.truncated.erase(
            replica.truncated.begin(), replica.truncated.end() - static_cast<std::ptrdiff_t>(truncatedRecordsMax));
    replica.log.truncateTo(offset);
    // Every epoch entry starting at or after the new end goes, the first one too, as
    // UnifiedLog.truncateTo (even when it removes no record) and LogLoader.load (on a restart) call
    // LeaderEpochFileCache.truncateFromEnd. A kept entry claims records the log no longer holds:
    // truncated to 0 and refilled with an older leader's epoch-0 records, a log still saying "epoch 1
    // from 0" made its broker, once leader, tell a follower whose last fetched epoch was 1 that epoch 1
    // ends at 4 here, so the follower kept its own, different epoch-1 records below the HW (chaos seed
    // 1816).
    truncateFromEnd(replica.epochCache, replica.log.leo());
    replica.hw = std::min(replica.hw, replica.log.leo());
    // ProducerStateManager.truncateAndReload: the producer table keeps only what the log still holds.
    replica.producerStates = rebuildProducerStates(replica.log, [&](std::int32_t payload) {
        return producerIdOfPayload(state, payload);
    });
}

std::int64_t producerIdOfPayload(const ClusterState& state, std::int32_t payload)
{
    const Payload& p = state.payloads[static_cast<std::size_t>(payload)];
    if (p.liveClient >= 0)
        return p.producerId; // a live client's batch carried its producer id
    const std::int32_t producer = p.producer;
    return producer >= 0 && producer < static_cast<std::int32_t>(state.producers.size())
               ? state.producers[static_cast<std::size_t>(producer)].producerId
               : -1;
}

void appendAsFollower(const ClusterState& state, Replica& replica, const Record& record)
{
    const Offset offset = replica.log.leo();
    if (record.sequence >= 0) {
        const std::int64_t producerId = producerIdOfPayload(state, record.payload);
        const Record* previous = offset > replica.log.baseOffset ? &replica.log.at(offset - 1) : nullptr;
        const bool continues = previous && !previous->batchEnd && inSequence(previous->sequence, record.sequence) &&
                               previous->producerEpoch == record.producerEpoch &&
                               producerIdOfPayload(state, previous->payload) == producerId;
        if (producerId >= 0)
            recordAppended(replica.producerStates, producerId, record, offset, continues);
    }
    replica.log.append(record);
}

} // namespace hw
