// SPDX-License-Identifier: MIT
#include "scenario/lost_records.h"

#include "broker/replica.h"

namespace hw {

namespace {

/// The truncation that removed this record from the leader's own log, the latest if several did; null
/// when the leader never held it, or held it so long ago that its list of removed records (the last
/// truncatedRecordsMax) has forgotten it.
const TruncatedRecord* removedFromLeader(const Replica& leader, Offset offset, std::int32_t payload)
{
    for (auto it = leader.truncated.rbegin(); it != leader.truncated.rend(); ++it) {
        if (it->offset == offset && it->record.payload == payload)
            return &*it;
    }
    return nullptr;
}

/// Both halves of a loss, each from what the model knows of it. The cause is read per record from the
/// leader's removed records: a leader that lost it from its page cache (the restart's lose_unflushed,
/// LogLoader's recovery of an unflushed segment in Kafka) had the bytes; otherwise it never had them,
/// for acks=1 because the old leader answered before any follower fetched, for acks=all because the
/// new leader was out of sync. The election is the partition's: any unclean election (the last known
/// leader's included) explains every loss after it, a truncation to the HW explains the records the
/// leader itself cut so, and otherwise a clean election chose a leader without the record.
void classify(const Partition& p, const Replica& leader, const ProducerBatch& batch, Offset offset,
    std::int32_t payload, LostRecord& out)
{
    const TruncatedRecord* cut = removedFromLeader(leader, offset, payload);
    // A long truncation remembers only its last truncatedRecordsMax records: a leader whose list is full
    // may have lost this one in a removal it no longer lists. Then the partition's counters decide.
    const bool forgotten = !cut && leader.truncated.size() >= truncatedRecordsMax;
    const bool unflushed
        = (cut && cut->reason == TruncationReason::Unflushed) || (forgotten && p.unflushedLost > 0);
    const bool cutToHw
        = (cut && cut->reason == TruncationReason::HighWatermark) || (forgotten && p.legacyTruncations > 0);

    if (unflushed)
        out.cause = LostCause::UnflushedRecordsLost;
    else if (cutToHw)
        out.cause = LostCause::None;
    else if (batch.acks == Acks::Leader)
        out.cause = LostCause::Acks1NotReplicated;
    else
        out.cause = LostCause::NotOnNewLeader;

    if (p.uncleanElections > 0)
        out.election = p.lastUncleanWasLastKnownLeader ? LostElection::LastKnownLeaderElection
                                                       : LostElection::UncleanElection;
    else if (cutToHw)
        out.election = LostElection::HighWatermarkTruncation;
    else if (p.cleanElections > 0)
        out.election = LostElection::CleanElection;
    else if (p.legacyTruncations > 0)
        out.election = LostElection::HighWatermarkTruncation;
    else
        out.election = LostElection::None;
}

} // namespace

std::vector<LostRecord> lostRecords(const ClusterState& s)
{
    std::vector<LostRecord> lost;
    for (const Producer& producer : s.producers) {
        producer.batches.forEach(0, producer.batches.size(), [&](std::size_t, const ProducerBatch& batch) {
            if (batch.status != SendStatus::Acked || batch.baseOffset < 0)
                return;
            const Partition& p = s.partitions[static_cast<std::size_t>(batch.partition)];
            const Replica* leader = currentLeader(p);
            if (!leader)
                return; // Offline: unavailable, not necessarily lost.
            for (std::int32_t i = 0; i < batch.count; ++i) {
                const Offset o = batch.baseOffset + i;
                // Below the log start retention deleted it: gone on purpose, not lost.
                if (o < leader->log.logStart)
                    continue;
                if (o < leader->log.leo() && o >= leader->log.baseOffset
                    && leader->log.at(o).payload == batch.firstPayload + i)
                    continue;
                LostRecord record { batch.partition, o, batch.firstPayload + i, batch.acks };
                classify(p, *leader, batch, o, record.payload, record);
                lost.push_back(record);
            }
        });
    }
    return lost;
}

std::string_view lostCauseName(LostCause cause)
{
    switch (cause) {
    case LostCause::UnflushedRecordsLost:
        return "unflushed-records-lost";
    case LostCause::Acks1NotReplicated:
        return "acks-1-not-replicated";
    case LostCause::NotOnNewLeader:
        return "not-on-new-leader";
    case LostCause::None:
        break;
    }
    return "none";
}

std::string_view lostElectionName(LostElection election)
{
    switch (election) {
    case LostElection::UncleanElection:
        return "unclean-election";
    case LostElection::LastKnownLeaderElection:
        return "last-known-leader-election";
    case LostElection::HighWatermarkTruncation:
        return "high-watermark-truncation";
    case LostElection::CleanElection:
        return "clean-election";
    case LostElection::None:
        break;
    }
    return "none";
}

} // namespace hw
