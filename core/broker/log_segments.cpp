// SPDX-License-Identifier: MIT
#include "broker/log_segments.h"

#include "log/leader_epoch_cache.h"

#include <algorithm>
#include <limits>

namespace hw {

namespace {

/// ByteUtils.sizeOfVarint: the bytes of a zig-zag encoded varint.
std::int64_t sizeOfVarint(std::int64_t value)
{
    std::uint64_t v = (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
    std::int64_t bytes = 1;
    while ((v & ~std::uint64_t{0x7f}) != 0) {
        v >>= 7;
        ++bytes;
    }
    return bytes;
}

std::int64_t sizeOfField(bool present, std::size_t length)
{
    if (!present)
        return 1; // varint -1
    return sizeOfVarint(static_cast<std::int64_t>(length)) + static_cast<std::int64_t>(length);
}

/// DefaultRecord.sizeInBytes with a timestamp delta of 0.
std::int64_t sizeOfRecord(const ClusterState& state, const Payload& payload, std::int64_t offsetDelta)
{
    const LiveRecordInfo* live = liveRecordOf(state, payload);
    std::int64_t body = 1 + sizeOfVarint(0) + sizeOfVarint(offsetDelta) + sizeOfField(payload.hasKey, payload.key.size()) +
                        sizeOfField(!(live && live->valueNull), payload.value.size());
    const std::size_t headers = live ? live->headers.size() : 0;
    body += sizeOfVarint(static_cast<std::int64_t>(headers));
    if (live) {
        for (const PayloadHeader& h : live->headers)
            body += sizeOfField(true, h.key.size()) + sizeOfField(!h.valueNull, h.value.size());
    }
    return sizeOfVarint(body) + body;
}

LogSegment& activeSegment(ReplicaLog& log)
{
    if (log.segments.empty())
        log.segments.push_back(LogSegment{log.baseOffset, 0, -1, -1});
    return log.segments.back();
}

/// The size and timestamps of the records [from, to), as one more append to a segment.
struct AppendInfo {
    std::int64_t bytes = 0;
    std::int64_t maxTimestampMs = -1;
    std::int32_t minPayload = std::numeric_limits<std::int32_t>::max();
};

AppendInfo measure(const ClusterState& state, const ReplicaLog& log, Offset from, Offset to)
{
    AppendInfo info;
    if (from >= to)
        return info;
    // The offset delta of the first record: how far back its batch started (a fetch may end mid-batch).
    Offset batchStart = from;
    while (batchStart > log.baseOffset && !log.at(batchStart - 1).batchEnd)
        --batchStart;
    bool startsBatch = batchStart == from;
    std::int64_t delta = from - batchStart;
    log.records.forEach(static_cast<std::size_t>(from - log.baseOffset), static_cast<std::size_t>(to - log.baseOffset),
                        [&](std::size_t, const Record& record) {
                            if (startsBatch) {
                                info.bytes += recordBatchOverhead;
                                delta = 0;
                            }
                            const Payload& payload = state.payloads[static_cast<std::size_t>(record.payload)];
                            info.bytes += sizeOfRecord(state, payload, delta);
                            info.maxTimestampMs = std::max(info.maxTimestampMs, payload.timestampMs);
                            info.minPayload = std::min(info.minPayload, record.payload);
                            ++delta;
                            startsBatch = record.batchEnd;
                        });
    return info;
}

/// Drops the records below the first segment from the PVector. The new base is rounded down to a
/// multiple of the PVector's leaf width (32), when the records there are still kept, so that replicas
/// deleting at different offsets still share whole leaves with each other (PVector::appendRange).
void dropDeletedRecords(ReplicaLog& log)
{
    constexpr Offset leafWidth = 32;
    const Offset first = log.segments.front().baseOffset;
    const Offset newBase = std::max(log.baseOffset, first - first % leafWidth);
    if (newBase <= log.baseOffset)
        return;
    PVector<Record> kept;
    const auto from = static_cast<std::size_t>(newBase - log.baseOffset);
    kept.appendRange(log.records, from, log.records.size() - from);
    log.records = std::move(kept);
    log.baseOffset = newBase;
}

} // namespace

std::int64_t recordBytes(const ClusterState& state, const ReplicaLog& log, Offset from, Offset to)
{
    return measure(state, log, from, to).bytes;
}

void segmentsAppended(const ClusterState& state, ReplicaLog& log, const TopicConfig& config, Offset from)
{
    const Offset to = log.leo();
    if (from >= to)
        return;
    const AppendInfo append = measure(state, log, from, to);
    if (log.segments.empty() && from > log.baseOffset) {
        // A log built record by record (a test's fixture) before its first append here: its records
        // so far make the first segment.
        const AppendInfo before = measure(state, log, log.baseOffset, from);
        log.segments.push_back(
            LogSegment{log.baseOffset, before.bytes, before.maxTimestampMs, before.maxTimestampMs, before.minPayload});
    }
    LogSegment* active = &activeSegment(log);
    const bool reachedBytes = active->bytes > config.segmentBytes - append.bytes;
    // LogSegment.timeWaitedForRoll: from the first batch's timestamp to the append's largest one.
    const bool reachedMs = active->firstBatchTimestampMs >= 0 &&
                           append.maxTimestampMs - active->firstBatchTimestampMs > config.segmentMs;
    if (active->bytes > 0 && (reachedBytes || reachedMs)) {
        log.segments.push_back(LogSegment{from, 0, -1, -1});
        active = &log.segments.back();
    }
    if (active->bytes == 0) {
        active->baseOffset = std::min(active->baseOffset, from);
        active->firstBatchTimestampMs = append.maxTimestampMs;
    }
    active->bytes += append.bytes;
    active->largestTimestampMs = std::max(active->largestTimestampMs, append.maxTimestampMs);
    active->minPayload = std::min(active->minPayload, append.minPayload);
}

void segmentsTruncated(const ClusterState& state, ReplicaLog& log)
{
    const Offset end = log.leo();
    while (log.segments.size() > 1 && log.segments.back().baseOffset >= end)
        log.segments.pop_back();
    if (log.segments.empty())
        return;
    LogSegment& last = log.segments.back();
    last.baseOffset = std::min(last.baseOffset, end);
    const Offset from = std::max(last.baseOffset, log.baseOffset);
    const AppendInfo kept = measure(state, log, from, end);
    last.bytes = kept.bytes;
    last.largestTimestampMs = kept.maxTimestampMs;
    last.minPayload = kept.minPayload;
    if (kept.bytes == 0)
        last.firstBatchTimestampMs = -1;
    else if (last.firstBatchTimestampMs > kept.maxTimestampMs || last.firstBatchTimestampMs < 0)
        last.firstBatchTimestampMs = kept.maxTimestampMs;
}

bool maybeIncrementLogStart(Replica& replica, Offset offset)
{
    offset = std::min(offset, replica.hw);
    if (offset <= replica.log.logStart)
        return false;
    replica.log.logStart = offset;
    truncateFromStart(replica.epochCache, offset);
    return true;
}

std::int32_t firstHeldPayload(const ReplicaLog& log)
{
    std::int32_t first = std::numeric_limits<std::int32_t>::max();
    // A log without segments yet (a test's fixture) is read record by record. The records below the
    // first segment (less than a leaf's worth that dropDeletedRecords keeps so that replicas share
    // leaves) are deleted: nothing reads their payloads, and they do not hold them.
    if (log.segments.empty()) {
        log.records.forEach(0, log.records.size(), [&](std::size_t, const Record& record) { first = std::min(first, record.payload); });
        return first;
    }
    for (const LogSegment& segment : log.segments)
        first = std::min(first, segment.minPayload);
    return first;
}

void truncateFullyAndStartAt(Replica& replica, Offset offset)
{
    replica.log.records = PVector<Record>();
    replica.log.baseOffset = offset;
    replica.log.logStart = offset;
    replica.log.segments.assign(1, LogSegment{offset, 0, -1, -1});
    replica.hw = offset;
    replica.epochCache.clear();
    replica.producerStates.clear();
}

RetentionResult deleteOldSegments(const ClusterState& state, Replica& replica, const TopicConfig& config)
{
    RetentionResult result;
    ReplicaLog& log = replica.log;
    if (log.segments.empty())
        return result;
    // UnifiedLog.deletableSegments: from the oldest segment on, while the predicate holds and the whole
    // segment is below the HW; a last segment that is empty is never returned.
    auto deleteWhile = [&](auto&& predicate, SegmentDeletionReason reason) {
        std::size_t deletable = 0;
        for (std::size_t i = 0; i < log.segments.size(); ++i) {
            const LogSegment& segment = log.segments[i];
            const LogSegment* next = i + 1 < log.segments.size() ? &log.segments[i + 1] : nullptr;
            const bool lastAndEmpty = !next && segment.bytes == 0;
            const Offset upperBound = next ? next->baseOffset : log.leo();
            if (replica.hw >= upperBound && predicate(segment, next) && !lastAndEmpty)
                ++deletable;
            else
                break;
        }
        if (deletable == 0)
            return;
        // UnifiedLog.deleteSegments: a log always has a segment, so deleting them all rolls a new one.
        if (deletable == log.segments.size())
            log.segments.push_back(LogSegment{log.leo(), 0, -1, -1});
        maybeIncrementLogStart(replica, log.segments[deletable].baseOffset);
        log.segments.erase(log.segments.begin(), log.segments.begin() + static_cast<std::ptrdiff_t>(deletable));
        dropDeletedRecords(log);
        result.segments += static_cast<int>(deletable);
        result.reason = reason;
    };
    // deleteLogStartOffsetBreachedSegments: a segment whose successor starts at or below the log start.
    deleteWhile([&](const LogSegment&, const LogSegment* next) { return next && next->baseOffset <= log.logStart; },
                SegmentDeletionReason::LogStart);
    // deleteRetentionSizeBreachedSegments: the oldest segments while the log stays at least as large as
    // retention.bytes without them.
    if (config.retentionBytes >= 0) {
        std::int64_t size = 0;
        for (const LogSegment& segment : log.segments)
            size += segment.bytes;
        if (size >= config.retentionBytes) {
            std::int64_t diff = size - config.retentionBytes;
            deleteWhile(
                [&](const LogSegment& segment, const LogSegment*) {
                    if (diff - segment.bytes < 0)
                        return false;
                    diff -= segment.bytes;
                    return true;
                },
                SegmentDeletionReason::RetentionBytes);
        }
    }
    // deleteRetentionMsBreachedSegments: segments whose largest timestamp is more than retention.ms old.
    if (config.retentionMs >= 0) {
        const TimeMs now = state.nowMs;
        deleteWhile([&](const LogSegment& segment,
                        const LogSegment*) { return now - segment.largestTimestampMs > config.retentionMs; },
                    SegmentDeletionReason::RetentionMs);
    }
    return result;
}

} // namespace hw
