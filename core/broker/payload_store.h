// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <cstddef>

/// Releasing the payloads no record refers to any more (HighWater's own; in Kafka a record's bytes live
/// in its log segment, and UnifiedLog.deleteOldSegments frees them with the segment file). Here a
/// record's key, value and headers are stored once, in ClusterState::payloads (and a live client's
/// headers in ClusterState::liveRecords), and every log entry, batch and message refers to them by
/// index, so deleting a segment frees nothing by itself. The payload store's front moves up to the
/// smallest index any holder can still read, and the PVector leaves wholly below it are released.
/// Indices are never reused, so a replay assigns the same indices and releases at the same events.
namespace hw {

/// The smallest payload index any holder can still read, or payloads.size() when nothing holds one:
/// - every replica's log, from its baseOffset (records deleted but not yet dropped included), on every
///   broker, running or not (log_segments.h firstHeldPayload), and the last records truncations
///   removed from it (Replica::truncated, which the views draw as ghosts);
/// - every message in flight: a produce request's records, the records a fetch response carries;
/// - every batch of every producer (the frame shows a producer's sends, acknowledged ones too), and
///   every record a consumer received (the frame shows them): a producer's batches are made in payload
///   order, so its first batch holds its smallest index.
std::size_t firstHeldPayload(const ClusterState& state);

/// The smallest liveRecords index a payload from `firstPayload` on refers to, or liveRecords.size()
/// when none does. Live clients' payloads take their live records in the same order (live_clients.cpp),
/// so it is the live record of the first live client's payload from there.
std::size_t firstHeldLiveRecord(const ClusterState& state, std::size_t firstPayload);

/// Releases the payloads below firstHeldPayload and the live records below what the payloads kept
/// refer to (PVector::releaseFront: whole leaves of 32; copies of the state, the timeline's snapshots,
/// keep theirs until they are dropped). The broker's retention check calls it after deleting segments.
void releaseUnheldPayloads(ClusterState& state);

} // namespace hw
