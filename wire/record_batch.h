// SPDX-License-Identifier: MIT
#pragma once

#include "wire/bytes.h"
#include "wire/compression.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/// The RecordBatch v2 format (magic 2) and the checks a broker makes on the batches a producer sends.
/// Follows apache/kafka at 3.7.0: clients/src/main/java/org/apache/kafka/common/record/
/// DefaultRecordBatch.java (the 61-byte header, the attributes, the CRC-32C from the attributes to the
/// end), DefaultRecord.java (a record's varint layout), ByteBufferLogInputStream.java (cutting a
/// records field into batches), clients/.../common/requests/ProduceRequest.java (validateRecords),
/// core/src/main/scala/kafka/log/UnifiedLog.scala (analyzeAndValidateRecords) and
/// storage/src/main/java/org/apache/kafka/storage/internals/log/LogValidator.java (validateBatch).
/// The layout is also in kafka.apache.org/documentation/#recordbatch.
namespace hw::wire {

/// Why a records field was rejected. Each value is the Kafka error code the broker answers with
/// (clients/.../common/protocol/Errors.java@3.7.0), so the server can send it as it is.
enum class BatchErrorKind : std::int16_t {
    /// CORRUPT_MESSAGE (2): CorruptRecordException. A bad CRC, a batch shorter than its header, a
    /// length or magic byte that cannot start a batch, or compressed bytes that do not decompress.
    CorruptMessage = 2,
    /// MESSAGE_TOO_LARGE (10): RecordTooLargeException. A batch above message.max.bytes, or one of
    /// this codec's own BatchLimits exceeded.
    MessageTooLarge = 10,
    /// UNSUPPORTED_COMPRESSION_TYPE (76): UnsupportedCompressionTypeException. Zstd in a produce
    /// request below v7, or a compression id above 4.
    UnsupportedCompressionType = 76,
    /// INVALID_RECORD (87): InvalidRecordException. No complete batch, a magic other than 2, more than
    /// one batch, inconsistent offsets and counts, a control batch from a client, a malformed record.
    InvalidRecord = 87,
};

/// A records field that a broker rejects: the kind (its Kafka error code) and what was wrong, with the
/// byte offset where it was found when there is one.
class BatchError : public std::runtime_error {
public:
    BatchError(BatchErrorKind kind, const std::string& message);
    BatchErrorKind kind() const { return m_kind; }
    /// The Kafka error code the kind maps to.
    std::int16_t errorCode() const { return static_cast<std::int16_t>(m_kind); }

private:
    BatchErrorKind m_kind;
};

/// A record's header (DefaultRecord.readHeaders@3.7.0): a key that is never null and a nullable value.
struct RecordHeader {
    std::string key;
    std::optional<Bytes> value;
    bool operator==(const RecordHeader&) const = default;
};

/// One record of a v2 batch (DefaultRecord.java@3.7.0): its offset and timestamp are deltas from the
/// batch's base offset and base timestamp.
struct Record {
    std::int8_t attributes = 0; // unused by Kafka 3.7, kept as read
    std::int64_t timestampDelta = 0;
    std::int32_t offsetDelta = 0;
    std::optional<Bytes> key;
    std::optional<Bytes> value;
    std::vector<RecordHeader> headers;
    bool operator==(const Record&) const = default;
};

/// The timestamp type bit of a batch's attributes (TimestampType.java@3.7.0).
enum class TimestampType { CreateTime = 0, LogAppendTime = 1 };

/// A v2 batch: its header fields as read (or to be written) and its records, decompressed.
struct RecordBatch {
    static constexpr std::int16_t compressionMask = 0x07; // DefaultRecordBatch.COMPRESSION_CODEC_MASK
    static constexpr std::int16_t timestampTypeMask = 0x08;
    static constexpr std::int16_t transactionalMask = 0x10;
    static constexpr std::int16_t controlMask = 0x20;
    static constexpr std::int16_t deleteHorizonMask = 0x40;

    std::int64_t baseOffset = 0;
    std::int32_t batchLength = 0; // as read: the bytes after this field; the encoder computes its own
    std::int32_t partitionLeaderEpoch = -1;
    std::int8_t magic = 2;
    std::uint32_t crc = 0; // as read; the encoder computes its own
    std::int16_t attributes = 0;
    std::int32_t lastOffsetDelta = -1;
    std::int64_t baseTimestamp = -1; // RecordBatch.NO_TIMESTAMP
    std::int64_t maxTimestamp = -1;
    std::int64_t producerId = -1; // RecordBatch.NO_PRODUCER_ID
    std::int16_t producerEpoch = -1; // RecordBatch.NO_PRODUCER_EPOCH
    std::int32_t baseSequence = -1; // RecordBatch.NO_SEQUENCE
    std::vector<Record> records;

    /// The codec in the attributes; a decoded batch always has one of 0-4.
    Compression compression() const { return static_cast<Compression>(attributes & compressionMask); }
    bool isTransactional() const { return (attributes & transactionalMask) != 0; }
    bool isControl() const { return (attributes & controlMask) != 0; }
    TimestampType timestampType() const
    {
        return (attributes & timestampTypeMask) != 0 ? TimestampType::LogAppendTime : TimestampType::CreateTime;
    }
    std::int64_t lastOffset() const { return baseOffset + lastOffsetDelta; }
    bool operator==(const RecordBatch&) const = default;
};

/// The sizes of RecordBatch v2 (DefaultRecordBatch.java and Records.java at 3.7.0).
inline constexpr std::size_t logOverheadBytes = 12; // Records.LOG_OVERHEAD: baseOffset + length
inline constexpr std::size_t headerBytesUpToMagic = 17; // Records.HEADER_SIZE_UP_TO_MAGIC
inline constexpr std::size_t recordBatchOverheadBytes = 61; // DefaultRecordBatch.RECORD_BATCH_OVERHEAD
inline constexpr std::size_t crcCoverageOffset = 21; // DefaultRecordBatch.ATTRIBUTES_OFFSET
inline constexpr std::size_t legacyRecordOverheadV0Bytes = 14; // LegacyRecord.RECORD_OVERHEAD_V0
/// The smallest record: a one-byte length, then attributes, timestampDelta, offsetDelta, key length,
/// value length and header count of one byte each.
inline constexpr std::size_t recordBytesMin = 7;
inline constexpr std::int8_t magicV2 = 2;

/// The bounds a decoder holds client bytes to. Kafka itself bounds only the batch (message.max.bytes);
/// the other three are this codec's, so that a small compressed batch cannot make it allocate without
/// limit. Exceeding any of them is BatchErrorKind::MessageTooLarge.
struct BatchLimits {
    /// A batch's size including its 12-byte log overhead (UnifiedLog.analyzeAndValidateRecords checks
    /// batch.sizeInBytes against the topic's max.message.bytes).
    std::size_t batchBytesMax;
    /// The records section of one compressed batch after decompression.
    std::size_t decompressedBytesMax;
    /// Records in one batch (after the count is also checked against the bytes present).
    std::size_t recordsPerBatchMax;
    /// One record, its length varint included.
    std::size_t recordBytesMax;
};

/// The defaults: batchBytesMax is Kafka's message.max.bytes default, 1048588 (LogConfig.
/// DEFAULT_MAX_MESSAGE_BYTES@3.7.0: 1 MiB + LOG_OVERHEAD). decompressedBytesMax is 32 MiB: 32 times the
/// batch bound, above what compressible text or JSON reaches while a batch of zeros (ratios of 1000 and
/// more) is stopped. recordsPerBatchMax is 2^18 = 262144, above the 149789 records of 7 bytes an
/// uncompressed batch of 1048588 bytes can hold, so only compressed batches can reach it. recordBytesMax
/// is 1048588 too: the Java producer's max.request.size (1048576) and librdkafka's message.max.bytes
/// (1000000) bound a record before compression, so no client with its defaults writes a bigger one.
BatchLimits defaultBatchLimits();

/// Cuts a records field into v2 batches and decodes each, as a consumer reads a fetch response
/// (MemoryRecords.batches, DefaultRecordBatch.ensureValid and its record iterator at 3.7.0). A
/// partial batch at the end is not an error and is left out, as ByteBufferLogInputStream.nextBatch
/// leaves it (fetch responses may end in one). Checks each batch's framing, magic == 2, size against
/// batchBytesMax, CRC, codec and record structure; it does not check lastOffsetDelta against the record
/// count, which compaction legitimately breaks. Throws BatchError.
std::vector<RecordBatch> decodeRecordBatches(ByteView records, const BatchLimits& limits);

/// Decodes the records field of one partition of a produce request of the given version, with the
/// checks a Kafka 3.7 broker makes, in its order: ProduceRequest.validateRecords (one complete batch,
/// magic 2, no zstd below v7), UnifiedLog.analyzeAndValidateRecords (baseOffset 0, size against
/// batchBytesMax, CRC), then LogValidator.validateBatch (lastOffsetDelta + 1 == record count > 0, no
/// control batch, a sequence when there is a producer id) and the records' structure. Bytes after the
/// batch that do not form a second batch are ignored, as UnifiedLog trims them. Throws BatchError.
RecordBatch decodeProducedBatch(ByteView records, std::int16_t produceVersion, const BatchLimits& limits);

/// Writes a full v2 batch: the header fields as given (magic is always 2; the attributes' codec bits
/// are set from compression), the record count, the records compressed with compression, and a
/// batchLength and CRC computed over what was written. Records are written with their own offsetDelta
/// and timestampDelta. Throws std::length_error if the batch would exceed 2^31 - 1 bytes.
Bytes encodeRecordBatch(const RecordBatch& batch, Compression compression);

} // namespace hw::wire
