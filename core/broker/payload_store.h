// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <cstddef>
#include <vector>

/// Releasing the payloads no record refers to any more (HighWater's own; in Kafka a record's bytes live
/// in its log segment, and UnifiedLog.deleteOldSegments frees them with the segment file). Here a
/// record's key, value and headers are stored once, in ClusterState::payloads (and a live client's
/// headers in ClusterState::liveRecords), and every log entry, batch and message refers to them by
/// index, so deleting a segment frees nothing by itself. The retention check releases the PVector
/// leaves of 32 payloads that no holder can read any more. Indices are never reused, so a replay
/// assigns the same indices and releases the same leaves at the same events.
namespace hw {

/// What can still read the payload store.
struct HeldPayloads {
    /// The smallest payload index a replica's segments hold (records below the log start whose segment
    /// was not deleted yet included), on every broker, running or not (log_segments.h
    /// firstHeldPayload), or payloads.size(). Logs make the bulk: every payload from here on is kept.
    std::size_t logsFrom = 0;
    /// The leaves (the index of their first payload, ascending) below logsFrom that other holders read:
    /// the last records truncations removed (Replica::truncated, the views' ghosts), produce requests
    /// and fetch responses in flight, every batch of every simulated producer (the frame shows a
    /// producer's sends, acknowledged ones too) and every record a simulated consumer received.
    std::vector<std::size_t> leaves;
};

HeldPayloads heldPayloads(const ClusterState& state);

/// Releases the payload leaves below logsFrom that no other holder reads, and the live-record leaves
/// no payload kept refers to (PVector::releaseLeaves; copies of the state, the timeline's snapshots,
/// keep theirs until they are dropped). The broker's retention check calls it after deleting segments.
void releaseUnheldPayloads(ClusterState& state);

} // namespace hw
