// SPDX-License-Identifier: MIT
#include "scenario/lost_records.h"

#include "broker/replica.h"

namespace hw {

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
                if (o < leader->log.leo() && o >= leader->log.baseOffset
                    && leader->log.at(o).payload == batch.firstPayload + i)
                    continue;
                LostReason reason = LostReason::Other;
                if (p.uncleanElections > 0)
                    reason = p.lastUncleanWasLastKnownLeader ? LostReason::LastKnownLeaderElection
                                                             : LostReason::UncleanElection;
                else if (p.legacyTruncations > 0)
                    reason = LostReason::HighWatermarkTruncation;
                else if (p.unflushedLost > 0)
                    reason = LostReason::UnflushedRecordsLost;
                else if (batch.acks == Acks::Leader)
                    reason = LostReason::Acks1NotReplicated;
                lost.push_back(LostRecord { batch.partition, o, batch.firstPayload + i, batch.acks, reason });
            }
        });
    }
    return lost;
}

std::string_view lostReasonName(LostReason reason)
{
    switch (reason) {
    case LostReason::UncleanElection:
        return "unclean-election";
    case LostReason::LastKnownLeaderElection:
        return "last-known-leader-election";
    case LostReason::HighWatermarkTruncation:
        return "high-watermark-truncation";
    case LostReason::UnflushedRecordsLost:
        return "unflushed-records-lost";
    case LostReason::Acks1NotReplicated:
        return "acks-1-not-replicated";
    case LostReason::Other:
        break;
    }
    return "other";
}

} // namespace hw
