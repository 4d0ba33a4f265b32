// SPDX-License-Identifier: MIT
#pragma once

#include "log/pvector.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

/// A replica's log (UnifiedLog / LocalLog in Kafka): records in offset order, each stamped with the
/// leader epoch it was written in. Records carry an index into the payload store, not the bytes.
namespace hw {

using Offset = std::int64_t;

/// A record header (Kafka's Header: a string key, a nullable value), kept for live clients' records.
struct PayloadHeader {
    std::string key;
    std::string value;
    bool valueNull = false;
    friend bool operator==(const PayloadHeader&, const PayloadHeader&) = default;
};

/// A record as a live client produced it (one Record of a RecordBatch, decoded): key and value bytes,
/// not necessarily UTF-8, a null value (a tombstone), its timestamp (CreateTime) and its headers.
struct LiveRecord {
    bool hasKey = false;
    std::string key;
    std::string value;
    bool valueNull = false;
    std::int64_t timestampMs = -1;
    std::vector<PayloadHeader> headers;
    friend bool operator==(const LiveRecord&, const LiveRecord&) = default;
};

/// What a live client's record keeps besides its key and value: whether its value was null (a
/// tombstone), the producer id of its batch (-1: not idempotent), its timestamp and its headers. It
/// lives beside the payload store (ClusterState::liveRecords), not in every Payload: simulated
/// producers' records, nearly all of them, have none of it, and a run holds one Payload per record.
struct LiveRecordInfo {
    bool valueNull = false;
    std::int64_t producerId = -1;
    std::int64_t timestampMs = -1;
    std::vector<PayloadHeader> headers;
    friend bool operator==(const LiveRecordInfo&, const LiveRecordInfo&) = default;
};

/// What a record carries besides its position. Stored once per produced record and shared by every
/// replica that copies the record, so a log entry is a few integers.
struct Payload {
    std::string key; // bytes, not necessarily UTF-8 (a live client's)
    std::string value;
    std::int64_t sequence = 0; // the producer's running record number
    // The record's timestamp in simulated time: when a simulated producer made it (CreateTime), or when
    // a live client's batch reached the engine. Segments keep the largest of theirs for retention.ms
    // (a live client's own CreateTime is a wall clock, not the run's clock, so it cannot serve).
    std::int64_t timestampMs = 0;
    std::int32_t producer = -1;
    // A live client's record: the client that sent it (producer is -1), and the index of the rest of
    // what it sent in ClusterState::liveRecords. -1 for simulated producers' records.
    std::int32_t liveClient = -1;
    std::int32_t liveRecord = -1;
    bool hasKey = false;
    friend bool operator==(const Payload&, const Payload&) = default;
};

/// One log entry. Its offset is its position in the log. An idempotent producer's record also carries
/// what Kafka's RecordBatch header holds for its batch (DefaultRecordBatch: producer epoch, base
/// sequence, the batch's extent): its own sequence number, the producer epoch, and whether it ends its
/// batch, so that a follower rebuilds the leader's producer state from the records it copies. The
/// producer id is the one of the payload's producer.
struct Record {
    std::int32_t epoch = 0;
    std::int32_t payload = 0;
    std::int32_t sequence = -1;     // RecordBatch.NO_SEQUENCE: not from an idempotent producer
    std::int16_t producerEpoch = -1; // RecordBatch.NO_PRODUCER_EPOCH
    bool batchEnd = true;           // the last record of its batch
    friend bool operator==(const Record&, const Record&) = default;
};

struct EpochEntry {
    std::int32_t epoch = 0;
    Offset startOffset = 0;
    friend bool operator==(const EpochEntry&, const EpochEntry&) = default;
};

/// One segment of a log (LogSegment): where it starts, how many bytes its batches take, the largest
/// record timestamp in it (retention.ms reads it) and the timestamp of its first batch (segment.ms
/// reads it, LogSegment.rollingBasedTimestamp). A segment ends where the next one starts; the last one
/// is the active segment, the only one appended to. HighWater also keeps the smallest payload index of
/// its records, so that the payload store finds what its logs still hold without reading every record
/// (broker/payload_store.h).
struct LogSegment {
    Offset baseOffset = 0;
    std::int64_t bytes = 0;
    std::int64_t largestTimestampMs = -1; // -1: no record yet
    std::int64_t firstBatchTimestampMs = -1;
    std::int32_t minPayload = std::numeric_limits<std::int32_t>::max(); // the max: no record yet
    friend bool operator==(const LogSegment&, const LogSegment&) = default;
};

/// A replica's log. records[i] has offset baseOffset + i; offsets below logStart are deleted. The
/// records before logStart that are still kept (baseOffset <= o < logStart) wait for the next retention
/// check to delete their segment, as Kafka's log keeps a segment until deleteOldSegments removes it;
/// baseOffset may also sit a little below the first segment so that replicas share whole PVector leaves.
struct ReplicaLog {
    Offset baseOffset = 0;
    Offset logStart = 0;
    PVector<Record> records;
    // Oldest first; empty: one active segment from baseOffset holding what the log holds (a new log, or
    // one a test built record by record). Kept by broker/log_segments.h, which every append and
    // truncation calls.
    std::vector<LogSegment> segments;

    Offset leo() const { return baseOffset + static_cast<Offset>(records.size()); }
    /// Whether the log holds a record at this offset: from its start up to its LEO. A view that shows
    /// an offset of another replica's log (a window of offsets, the leader's LEO) asks this first.
    bool holds(Offset offset) const { return offset >= logStart && offset >= baseOffset && offset < leo(); }
    /// The record at an offset the log holds (holds(offset); checked by HW_ASSERT in PVector).
    const Record& at(Offset offset) const { return records[static_cast<std::size_t>(offset - baseOffset)]; }
    void append(Record record) { records.push_back(record); }
    void truncateTo(Offset offset)
    {
        if (offset < leo())
            records.truncate(static_cast<std::size_t>(offset < baseOffset ? 0 : offset - baseOffset));
    }
    friend bool operator==(const ReplicaLog&, const ReplicaLog&) = default;
};

} // namespace hw
