// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hw {

/// Whole-system invariants, checked after every event in tests (TigerBeetle-style checkers).
///
/// - Every replica: log start <= HW <= LEO, and its epoch cache describes its log (the records from an
///   entry's start offset to the next entry's carry that entry's epoch; none comes before the first).
/// - The leader is in the ISR; the ISR is a subset of the assigned replicas.
/// - The leader's HW never decreases while the same broker leads in the same epoch.
/// - Every record below the leader's HW (what consumers may read) is held, identically, by every ISR
///   member. Not checked for a partition a follower has truncated to its own HW (the legacy
///   `truncation: high-watermark` mode exists to show this failing).
/// - Every record a producer saw acknowledged with acks=all is in the current leader's log at its offset,
///   unless the partition had an unclean election, a replica lost unflushed records in a restart, or a
///   legacy truncation to the HW: the ways Kafka loses acknowledged data.
/// - The ISR is never empty.
/// - An idempotent producer's record (one sent with a producer id and sequence number) appears at most
///   once in a leader's log, and the offset it was acknowledged with never changes afterwards (unless
///   the record is lost in one of the ways above; then lostRecords lists it).
/// - No consumer ever received a record at or above the HW of the fetch that brought it, and every
///   record it received is the record at that offset (below the HW it cannot change).
/// - In a Stable group every partition belongs to at most one member.
/// - No queued event is due in the past.
/// - Each producer's batch queues (BatchQueues, the Sender's index of its unfinished batches) equal
///   the queues rebuilt from its batches.
/// - No holder refers to a released payload (broker/payload_store.h): every record of every replica's
///   log and of its last truncated records, every producer batch, every record a consumer received, every produce request and fetch
///   response in flight refers to a payload the store still holds, and every payload kept to a live
///   record the store still holds.
///
/// None is checked for an observed state (ClusterState::observed, issue 29): a poll of a real cluster is
/// not an atomic snapshot, so a HW above a LEO is a fact there, not a violation.
///
/// The checker remembers what it has verified, so call it on consecutive states of one run.
class InvariantChecker {
public:
    /// Returns one line per violated invariant; empty when all hold.
    std::vector<std::string> check(const ClusterState& state);

private:
    static void checkPayloadsHeld(const ClusterState& state, const std::function<void(std::string)>& report);

    struct LeaderMark {
        BrokerId leader = noLeader;
        std::int32_t epoch = -1;
        Offset hw = 0;
    };
    std::vector<LeaderMark> m_leaders;
    // (partition, broker) -> offsets below this are known to match the leader's log.
    std::map<std::pair<std::int32_t, BrokerId>, Offset> m_verified;
    std::vector<std::size_t> m_receivedChecked; // per consumer: records already checked
    // Per partition: the leader whose log was scanned for repeated idempotent records, how far, and the
    // payloads found there.
    struct DuplicateScan {
        BrokerId leader = noLeader;
        Offset scanned = 0;
        std::vector<std::int32_t> payloads; // sorted
    };
    std::vector<DuplicateScan> m_duplicateScans;
    std::vector<std::vector<Offset>> m_ackedOffsets; // per producer, per batch: the acknowledged base offset
};

} // namespace hw
