// SPDX-License-Identifier: MIT
#pragma once

#include "realkafka/observer.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

/// A replica's log as Kafka's own DumpLogSegments prints it (`--print-data-log --deep-iteration`), read by
/// HighWater to see every record a replica holds, including those above its high watermark that no
/// consumer Fetch returns (issue 27). The tool is kafka.tools.DumpLogSegments up to 4.2 and
/// org.apache.kafka.tools.DumpLogSegments from 4.3 (the distribution's class.dump.log); its text is the
/// same from 3.7 to 4.4 (dumpLog and printBatchLevel in DumpLogSegments at 3.7.0, 4.2.0 and 4.4.0):
///
///   Dumping /path/observed-0/00000000000000000000.log
///   Log starting offset: 0
///   baseOffset: 0 lastOffset: 0 count: 1 baseSequence: 0 lastSequence: 0 producerId: 0 producerEpoch: 0
///       partitionLeaderEpoch: 0 isTransactional: false isControl: false ... position: 0 CreateTime: ... isvalid: true
///   | offset: 0 CreateTime: 1796549935967 keySize: 2 valueSize: 2 sequence: 0 headerKeys: [] key: k1 payload: r1
///
/// A key or value is printed as its bytes decoded as UTF-8 and written raw, so it may hold a newline or
/// " payload: ". The parser therefore takes exactly keySize and valueSize bytes (the JVM is started with
/// UTF-8 output, which gives back the same bytes for UTF-8 text); a key is printed for a null value too, and
/// neither for a control record. Tests: tests/realkafka/test_log_dump.cpp on outputs captured from real
/// 3.9.2 and 4.4.0 brokers (tests/realkafka/data/dump-*.txt).
namespace hw::realkafka {

/// The most output of one DumpLogSegments run that is read (a lesson's replica holds a few thousand
/// records, each at most 1 KiB of key and value: core/model/limits.h stringBytesMax). Beyond it the tool is
/// stopped and the replica refused, so a huge log cannot exhaust memory.
constexpr std::size_t dumpOutputBytesMax = 256 * 1024 * 1024;
/// The largest key or value one record may print (Kafka's message.max.bytes default is 1 MiB + 12).
constexpr std::int64_t dumpFieldBytesMax = 2 * 1024 * 1024;
/// Records in one dump.
constexpr std::size_t dumpRecordsMax = 1000000;
/// How long one DumpLogSegments JVM may run (it takes 1-3 s on the loaded 2-core machine).
constexpr std::chrono::seconds dumpRunTimeout { 120 };
/// Entries in a checkpoint file (replication-offset-checkpoint holds one per partition of the broker).
constexpr std::int64_t checkpointEntriesMax = 100000;

/// Text that does not parse: the message names the source, line and column and what was expected.
class LogDumpError : public std::runtime_error {
public:
    explicit LogDumpError(const std::string& what) : std::runtime_error(what) { }
};

/// One batch line.
struct DumpedBatch {
    std::int64_t baseOffset = 0;
    std::int64_t lastOffset = 0;
    std::int32_t count = 0;
    std::int32_t baseSequence = -1;
    std::int64_t producerId = -1;
    std::int16_t producerEpoch = -1;
    std::int32_t partitionLeaderEpoch = -1;
    bool isTransactional = false;
    bool isControl = false;
    std::size_t fileIndex = 0; // into LogDump::files
    bool operator==(const DumpedBatch&) const = default;
};

/// One record line, with its batch.
struct DumpedRecord {
    std::size_t batchIndex = 0;
    std::int64_t offset = 0;
    std::int32_t sequence = -1;
    std::optional<std::string> key; // nullopt: keySize -1 (or a control record)
    std::optional<std::string> value; // nullopt: valueSize -1, a tombstone (or a control record)
    bool operator==(const DumpedRecord&) const = default;
};

/// A whole dump, in file order: the segments of one replica, or of several partitions of one broker (each
/// partition's segments one after the other, as runLogDump passes them).
struct LogDump {
    std::vector<std::string> files; // the "Dumping FILE" paths
    std::vector<std::int64_t> fileBaseOffsets; // each file's "Log starting offset", -1 before it is read
    std::optional<std::int64_t> firstSegmentBaseOffset; // "Log starting offset" of the first file
    std::vector<DumpedBatch> batches;
    std::vector<DumpedRecord> records;
    std::int64_t invalidTrailingBytes = 0; // "Found N invalid bytes at the end of ...": a batch being written
    /// The offset after the last batch (control batches included), or the first segment's base offset for
    /// an empty log.
    std::optional<std::int64_t> logEndOffset() const;
};

/// Parses DumpLogSegments' standard output. sourceName names the text in errors ("broker 2's
/// observed-0"). Throws LogDumpError.
LogDump parseLogDump(std::string_view text, const std::string& sourceName);

/// The data records of a dump as the observer reports them (control records left out: they hold no key or
/// value, and HighWater's model has none).
std::vector<ObservedRecord> observedRecords(const LogDump& dump);

/// The part of a dump of several partitions that one partition folder's segments gave (the files whose
/// parent folder is partitionDir), with its own firstSegmentBaseOffset.
LogDump partitionDump(const LogDump& dump, const std::filesystem::path& partitionDir);

/// The segment files (*.log) of a partition folder, in base offset order. Throws LogDumpError when the
/// folder cannot be listed.
std::vector<std::filesystem::path> segmentFiles(const std::filesystem::path& partitionDir);

/// Runs DumpLogSegments on the segments and parses its output. Throws LogDumpError when the JVM cannot
/// start, fails, runs longer than timeout or prints more than dumpOutputBytesMax.
/// outputBytesMax is dumpOutputBytesMax but for tests.
LogDump runLogDump(const LogDumpTool& tool, const std::vector<std::filesystem::path>& segments,
    const std::string& sourceName, std::chrono::milliseconds timeout = dumpRunTimeout,
    std::size_t outputBytesMax = dumpOutputBytesMax);

/// A checkpoint file of a log folder (replication-offset-checkpoint, log-start-offset-checkpoint): version 0,
/// the entry count, then "TOPIC PARTITION OFFSET" lines (OffsetCheckpointFile in Kafka's storage module).
/// An empty file, or one that ends after its version, holds no entries (as Kafka reads it). Throws
/// LogDumpError naming the file and line for anything else.
std::map<std::pair<std::string, std::int32_t>, std::int64_t> readOffsetCheckpoint(const std::filesystem::path& file);

} // namespace hw::realkafka
