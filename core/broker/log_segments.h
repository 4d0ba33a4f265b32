// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <cstdint>

/// A replica log's segments and their retention (Kafka's LocalLog.maybeRoll / LogSegment.shouldRoll for
/// rolling, UnifiedLog.deleteOldSegments for deletion, storage/.../internals/log/ at 4.3.1). The model
/// keeps a log's records in one PVector; segments are the bookkeeping beside it: where each starts, its
/// size in bytes as Kafka would store it, and its timestamps. Deleting segments moves the log start and
/// drops the records from the PVector.
namespace hw {

/// Why segments were deleted (SegmentDeletionReason), in Event::detail of a SegmentsDeleted event.
enum class SegmentDeletionReason : std::int32_t { LogStart = 0, RetentionBytes = 1, RetentionMs = 2 };

/// DefaultRecordBatch.RECORD_BATCH_OVERHEAD: the bytes of a batch header (61).
inline constexpr std::int64_t recordBatchOverhead = 61;

/// The bytes the records [from, to) of a log take as Kafka's uncompressed batches: each batch's 61-byte
/// header and each record's DefaultRecord.sizeInBytes (its offset delta within its batch, a timestamp
/// delta of 0, its key, value and headers). A batch starts after a record that ends one.
std::int64_t recordBytes(const ClusterState& state, const ReplicaLog& log, Offset from, Offset to);

/// After one append of the records [from, leo) (a leader's produced batch, or what one fetch brought a
/// follower): LocalLog.maybeRoll first rolls a new active segment at `from` when the append does not fit
/// (LogSegment.shouldRoll: the active segment's size > segment.bytes - the append's size, or it is not
/// empty and its first batch is segment.ms older than the append's largest timestamp), then the active
/// segment takes the records.
void segmentsAppended(const ClusterState& state, ReplicaLog& log, const TopicConfig& config, Offset from);

/// After ReplicaLog::truncateTo: the segments starting at or after the new end go (LocalLog.truncateTo),
/// one empty segment is kept if none is left, and the new last segment's size and timestamps are those
/// of the records it still holds.
void segmentsTruncated(const ClusterState& state, ReplicaLog& log);

/// UnifiedLog.maybeIncrementLogStartOffset: the log start moves up to `offset` (never past the HW), the
/// epoch cache forgets the epochs that end before it (LeaderEpochFileCache.truncateFromStart). The
/// records below it are kept until a retention check deletes their segments. Returns whether it moved.
bool maybeIncrementLogStart(Replica& replica, Offset offset);

/// The smallest payload index of a record in the log's segments (deleted below the log start or not
/// yet), or the largest int32 when they hold none: from the segments' bookkeeping. The few records
/// below the first segment, deleted, are not counted: nothing reads their payloads.
std::int32_t firstHeldPayload(const ReplicaLog& log);

/// UnifiedLog.truncateFullyAndStartAt: every record goes and the log starts again, empty, at `offset`
/// (a follower whose end is below its leader's log start, AbstractFetcherThread.handleOffsetOutOfRange).
void truncateFullyAndStartAt(Replica& replica, Offset offset);

/// What one replica's retention check deleted.
struct RetentionResult {
    int segments = 0;
    SegmentDeletionReason reason = SegmentDeletionReason::LogStart; // of the last deletion
};

/// UnifiedLog.deleteOldSegments for cleanup.policy=delete: the segments below the log start, then the
/// oldest ones while the log is above retention.bytes, then those whose largest timestamp is more than
/// retention.ms old; only segments wholly below the HW, never the last one while it is empty. Deleting
/// every segment first rolls a new empty one at the LEO. The log start moves to the first segment kept.
RetentionResult deleteOldSegments(const ClusterState& state, Replica& replica, const TopicConfig& config);

} // namespace hw
