// SPDX-License-Identifier: MIT
#include "broker/replica.h"

#include "broker/log_segments.h"

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
    segmentsTruncated(state, replica.log);
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
    if (p.liveClient >= 0) {
        const LiveRecordInfo* live = liveRecordOf(state, p);
        return live ? live->producerId : -1; // a live client's batch carried its producer id
    }
    const std::int32_t producer = p.producer;
    return producer >= 0 && producer < static_cast<std::int32_t>(state.producers.size())
               ? state.producers[static_cast<std::size_t>(producer)].producerId
               : -1;
}

void appendAsFollower(const ClusterState& state, Replica& replica, const ReplicaLog& source, Offset fetchOffset,
                      std::int64_t count)
{
    // The record before each one and its producer id are carried along rather than looked up again.
    // A record that does not end its batch is followed in the payload store by the next record of the
    // same batch, so a record whose payload comes right after it has the same producer. Neither log
    // changes during the loop, so the previous record is read where it is.
    Offset offset = replica.log.leo();
    const Record* previous = offset > replica.log.baseOffset ? &replica.log.at(offset - 1) : nullptr;
    std::int64_t previousProducer = -2; // not looked up yet
    // The producer entry the previous record extended, while its batch continues: the next record of
    // the batch extends it again (recordAppended would find the same entry). The extension is written
    // once a run of such records ends.
    ProducerStateEntry* extending = nullptr;
    const Record* extendedTo = nullptr;
    Offset extendedAt = 0;
    auto settle = [&] {
        if (extendedTo) {
            extending->extendLastBatch(extendedTo->sequence, extendedAt);
            extendedTo = nullptr;
        }
    };
    const auto from = static_cast<std::size_t>(fetchOffset - source.baseOffset);
    source.records.forEach(from, from + static_cast<std::size_t>(count), [&](std::size_t, const Record& record) {
        if (extending && !previous->batchEnd && record.payload == previous->payload + 1 && record.sequence >= 0 &&
            record.producerEpoch == previous->producerEpoch && record.epoch == previous->epoch &&
            inSequence(previous->sequence, record.sequence)) {
            // The next record of the batch the previous one extended (most records): the same
            // producer, entry and leader epoch.
            extendedTo = &record;
            extendedAt = offset;
            previous = &record;
            ++offset;
            return;
        }
        settle();
        // UnifiedLog.appendAsFollower assigns every batch's epoch; a lower one than the cache's last (an
        // entry this broker made as leader with no record after it) replaces the later entries.
        if (replica.epochCache.empty() || replica.epochCache.back().epoch != record.epoch)
            assignEpoch(replica.epochCache, record.epoch, offset);
        std::int64_t producerId = -1;
        if (record.sequence >= 0) {
            const bool sameBatch = previous && !previous->batchEnd && record.payload == previous->payload + 1;
            producerId = sameBatch && previousProducer != -2 ? previousProducer : producerIdOfPayload(state, record.payload);
            bool continues = previous && !previous->batchEnd && inSequence(previous->sequence, record.sequence) &&
                             previous->producerEpoch == record.producerEpoch;
            if (continues && !sameBatch)
                continues = producerIdOfPayload(state, previous->payload) == producerId;
            if (producerId < 0)
                extending = nullptr;
            else if (continues && extending && producerId == previousProducer)
                extending->extendLastBatch(record.sequence, offset);
            else
                extending = &recordAppended(replica.producerStates, producerId, record, offset, continues);
        } else {
            extending = nullptr;
        }
        previous = &record;
        previousProducer = record.sequence >= 0 ? producerId : -2;
        ++offset;
    });
    settle();
    // A follower whose log is the leader's up to the fetch offset (the usual case: it took the
    // leader's log at its last fetch, and the leader only appended since) takes the leader's log as
    // it is, sharing every node; otherwise the records are appended, sharing whole leaves.
    PVector<Record>& records = replica.log.records;
    if (replica.log.baseOffset == source.baseOffset && records.size() == from && records.hasPrefixOf(source.records, from)) {
        records = source.records;
        records.truncate(from + static_cast<std::size_t>(count));
    } else {
        records.appendRange(source.records, from, static_cast<std::size_t>(count));
    }
}

} // namespace hw
