// SPDX-License-Identifier: MIT
#include "wire/record_batch.h"

#include "wire/crc32c.h"

#include <algorithm>
#include <limits>

namespace hw::wire {

BatchError::BatchError(BatchErrorKind kind, const std::string& message) : std::runtime_error(message), m_kind(kind) { }

BatchLimits defaultBatchLimits()
{
    BatchLimits limits;
    limits.batchBytesMax = 1024 * 1024 + logOverheadBytes;
    limits.decompressedBytesMax = 32 * 1024 * 1024;
    limits.recordsPerBatchMax = std::size_t { 1 } << 18;
    limits.recordBytesMax = 1024 * 1024 + logOverheadBytes;
    return limits;
}

namespace {

// Field offsets in a v2 batch (DefaultRecordBatch.java@3.7.0).
constexpr std::size_t lengthOffset = 8;
constexpr std::size_t magicOffset = 16;
constexpr std::size_t attributesOffset = 21;
constexpr std::size_t lastOffsetDeltaOffset = 23;
constexpr std::size_t baseSequenceOffset = 53;
constexpr std::size_t recordsCountOffset = 57;

[[noreturn]] void reject(BatchErrorKind kind, std::size_t at, const std::string& what)
{
    throw BatchError(kind, "at byte " + std::to_string(at) + ": " + what);
}

std::int32_t readInt32(ByteView bytes, std::size_t at)
{
    return static_cast<std::int32_t>((std::uint32_t { bytes[at] } << 24) | (std::uint32_t { bytes[at + 1] } << 16)
        | (std::uint32_t { bytes[at + 2] } << 8) | bytes[at + 3]);
}

// ByteBufferLogInputStream.nextBatchSize and nextBatch@3.7.0: the size of the batch starting the
// bytes (its 12-byte log overhead included), or nothing when they hold only part of one. A length
// below LegacyRecord.RECORD_OVERHEAD_V0 or a magic byte outside 0-2 cannot start any batch and is
// CorruptRecordException. The maxMessageSize check there is Integer.MAX_VALUE for MemoryRecords.batches.
std::optional<std::size_t> nextBatchSize(ByteView rest, std::size_t at)
{
    if (rest.size() < logOverheadBytes)
        return std::nullopt;
    const std::int32_t length = readInt32(rest, lengthOffset);
    if (length < static_cast<std::int32_t>(legacyRecordOverheadV0Bytes))
        reject(BatchErrorKind::CorruptMessage, at + lengthOffset,
            "a batch length of " + std::to_string(length) + ", below the minimum record overhead "
                + std::to_string(legacyRecordOverheadV0Bytes));
    if (rest.size() < headerBytesUpToMagic)
        return std::nullopt;
    const auto magic = static_cast<std::int8_t>(rest[magicOffset]);
    if (magic < 0 || magic > magicV2)
        reject(BatchErrorKind::CorruptMessage, at + magicOffset, "invalid magic " + std::to_string(magic));
    const std::size_t size = static_cast<std::size_t>(length) + logOverheadBytes;
    if (rest.size() < size)
        return std::nullopt;
    return size;
}

// The batch's compression id, when the batch is long enough to hold its attributes.
int compressionId(ByteView batch)
{
    return batch[attributesOffset + 1] & RecordBatch::compressionMask;
}

// CompressionType.forId@3.7.0 knows ids 0-4 and throws IllegalArgumentException for the others,
// which no broker code catches: Kafka 3.7 answers such a produce request with UNKNOWN_SERVER_ERROR for
// the whole request. This codec rejects the batch with the error that names the cause instead.
void checkCompressionId(ByteView batch, std::size_t at)
{
    const int id = compressionId(batch);
    if (id > compressionIdMax)
        reject(BatchErrorKind::UnsupportedCompressionType, at + attributesOffset,
            "unknown compression type id " + std::to_string(id));
}

void checkSize(ByteView batch, std::size_t at, const BatchLimits& limits)
{
    // UnifiedLog.analyzeAndValidateRecords: batch.sizeInBytes > config.maxMessageSize is
    // RecordTooLargeException.
    if (batch.size() > limits.batchBytesMax)
        reject(BatchErrorKind::MessageTooLarge, at,
            "a batch of " + std::to_string(batch.size()) + " bytes, above the maximum of "
                + std::to_string(limits.batchBytesMax));
}

void checkCrc(ByteView batch, std::size_t at)
{
    // DefaultRecordBatch.isValid: sizeInBytes >= RECORD_BATCH_OVERHEAD and the stored CRC equals the
    // CRC-32C from the attributes to the end; UnifiedLog.analyzeAndValidateRecords makes either
    // failure CorruptRecordException.
    if (batch.size() < recordBatchOverheadBytes)
        reject(BatchErrorKind::CorruptMessage, at,
            "a batch of " + std::to_string(batch.size()) + " bytes, smaller than the header of "
                + std::to_string(recordBatchOverheadBytes));
    const auto stored = static_cast<std::uint32_t>(readInt32(batch, magicOffset + 1));
    const std::uint32_t computed = crc32c(batch.subspan(crcCoverageOffset));
    if (stored != computed)
        reject(BatchErrorKind::CorruptMessage, at + magicOffset + 1,
            "record batch is corrupt (stored crc = " + std::to_string(stored)
                + ", computed crc = " + std::to_string(computed) + ")");
}

RecordBatch readHeader(ByteView batch)
{
    Reader r(batch);
    RecordBatch header;
    header.baseOffset = r.int64();
    header.batchLength = r.int32();
    header.partitionLeaderEpoch = r.int32();
    header.magic = r.int8();
    header.crc = r.uint32();
    header.attributes = r.int16();
    header.lastOffsetDelta = r.int32();
    header.baseTimestamp = r.int64();
    header.maxTimestamp = r.int64();
    header.producerId = r.int64();
    header.producerEpoch = r.int16();
    header.baseSequence = r.int32();
    return header;
}

// Utils.readBytes@3.7.0: a negative length is null.
std::optional<Bytes> readNullableVarBytes(Reader& r)
{
    const std::int32_t length = r.varint();
    if (length < 0)
        return std::nullopt;
    const ByteView bytes = r.take(static_cast<std::size_t>(length));
    return Bytes(bytes.begin(), bytes.end());
}

// DefaultRecord.readFrom@3.7.0. The record's own length is checked first against the bytes left
// ("Invalid record size") and every field inside it against the record's length; a record whose
// fields do not fill exactly its length is an InvalidRecordException too.
Record readRecord(Reader& r, const BatchLimits& limits)
{
    const std::size_t at = r.offset();
    const std::int32_t bodyBytes = r.varint();
    if (bodyBytes < 0)
        reject(BatchErrorKind::InvalidRecord, at, "a negative record size " + std::to_string(bodyBytes));
    const std::size_t recordBytes = varintSize(bodyBytes) + static_cast<std::size_t>(bodyBytes);
    if (static_cast<std::size_t>(bodyBytes) > r.remaining())
        reject(BatchErrorKind::InvalidRecord, at,
            "invalid record size: expected " + std::to_string(bodyBytes) + " bytes in record payload, but only "
                + std::to_string(r.remaining()) + " remain");
    if (recordBytes > limits.recordBytesMax)
        reject(BatchErrorKind::MessageTooLarge, at,
            "a record of " + std::to_string(recordBytes) + " bytes, above the maximum of "
                + std::to_string(limits.recordBytesMax));
    const std::size_t bodyAt = r.offset();
    Reader body(r.take(static_cast<std::size_t>(bodyBytes)), bodyAt);
    Record record;
    record.attributes = body.int8();
    record.timestampDelta = body.varlong();
    record.offsetDelta = body.varint();
    record.key = readNullableVarBytes(body);
    record.value = readNullableVarBytes(body);
    const std::size_t headerCountAt = body.offset();
    const std::int32_t headerCount = body.varint();
    if (headerCount < 0)
        reject(BatchErrorKind::InvalidRecord, headerCountAt,
            "found invalid number of record headers " + std::to_string(headerCount));
    if (static_cast<std::size_t>(headerCount) > body.remaining())
        reject(BatchErrorKind::InvalidRecord, headerCountAt,
            "found invalid number of record headers: " + std::to_string(headerCount)
                + " is larger than the remaining size of the record " + std::to_string(body.remaining()));
    // Kafka's check above allows one byte a header; each takes at least two (two one-byte lengths),
    // so no more than that is reserved.
    record.headers.reserve(std::min(static_cast<std::size_t>(headerCount), body.remaining() / 2));
    for (std::int32_t i = 0; i < headerCount; ++i) {
        RecordHeader header;
        const std::size_t keyAt = body.offset();
        const std::int32_t keyBytes = body.varint();
        if (keyBytes < 0)
            reject(
                BatchErrorKind::InvalidRecord, keyAt, "invalid negative header key size " + std::to_string(keyBytes));
        header.key = toString(body.take(static_cast<std::size_t>(keyBytes)));
        header.value = readNullableVarBytes(body);
        record.headers.push_back(std::move(header));
    }
    if (!body.atEnd())
        reject(BatchErrorKind::InvalidRecord, body.offset(),
            "invalid record size: expected to read " + std::to_string(bodyBytes) + " bytes in record payload, but "
                + std::to_string(body.remaining()) + " were left");
    return record;
}

// DefaultRecordBatch.iterator@3.7.0 (RecordIterator, uncompressedIterator, compressedIterator): the
// count is read from the header; a negative count is InvalidRecordException, a count of 0 yields no
// records without reading further, and after the last record no bytes may remain ("Incorrect declared
// batch size, records still remaining").
void readRecords(RecordBatch& batch, ByteView batchBytes, std::size_t at, const BatchLimits& limits)
{
    const std::int32_t count = readInt32(batchBytes, recordsCountOffset);
    if (count < 0)
        reject(BatchErrorKind::InvalidRecord, at + recordsCountOffset,
            "found invalid record count " + std::to_string(count) + " in magic v2 batch");
    if (count == 0)
        return;
    if (static_cast<std::size_t>(count) > limits.recordsPerBatchMax)
        reject(BatchErrorKind::MessageTooLarge, at + recordsCountOffset,
            "a batch of " + std::to_string(count) + " records, above the maximum of "
                + std::to_string(limits.recordsPerBatchMax));
    const ByteView section = batchBytes.subspan(recordBatchOverheadBytes);
    const bool compressed = batch.compression() != Compression::None;
    Bytes decompressed;
    if (compressed) {
        try {
            decompressed = decompress(batch.compression(), section, limits.decompressedBytesMax);
        } catch (const BatchError& error) {
            reject(error.kind(), at + recordBatchOverheadBytes, error.what());
        }
    }
    const ByteView data = compressed ? ByteView(decompressed) : section;
    // Offsets in errors count from the start of the records field, or, compressed, from the start
    // of the decompressed records.
    const std::size_t dataAt = compressed ? 0 : at + recordBatchOverheadBytes;
    const std::string where = compressed ? " of the decompressed records" : "";
    if (static_cast<std::size_t>(count) > data.size() / recordBytesMin)
        reject(BatchErrorKind::InvalidRecord, at + recordsCountOffset,
            "incorrect declared batch size: " + std::to_string(count) + " records cannot fit in "
                + std::to_string(data.size()) + " bytes" + where);
    batch.records.reserve(static_cast<std::size_t>(count));
    Reader r(data, dataAt);
    try {
        for (std::int32_t i = 0; i < count; ++i)
            batch.records.push_back(readRecord(r, limits));
    } catch (const DecodeError& error) {
        // DefaultRecord.readFrom turns BufferUnderflowException and IllegalArgumentException (a
        // varint of more than 5 bytes) into InvalidRecordException("Found invalid record structure").
        throw BatchError(BatchErrorKind::InvalidRecord, "found invalid record structure" + where + ": " + error.what());
    } catch (const BatchError& error) {
        if (!compressed)
            throw;
        throw BatchError(error.kind(), std::string(error.what()) + where);
    }
    if (!r.atEnd())
        reject(BatchErrorKind::InvalidRecord, r.offset(),
            "incorrect declared batch size, " + std::to_string(r.remaining()) + " bytes" + where
                + " still remaining after " + std::to_string(count) + " records");
}

// LogValidator.validateBatch@3.7.0 for AppendOrigin.CLIENT and magic 2, every failure an
// InvalidRecordException.
void validateProducedBatch(const RecordBatch& batch, std::int32_t count)
{
    const std::int64_t countFromOffsets = static_cast<std::int64_t>(batch.lastOffsetDelta) + 1;
    if (countFromOffsets <= 0)
        reject(BatchErrorKind::InvalidRecord, lastOffsetDeltaOffset,
            "batch has an invalid offset range: [" + std::to_string(batch.baseOffset) + ", "
                + std::to_string(batch.lastOffset()) + "]");
    if (count <= 0)
        reject(BatchErrorKind::InvalidRecord, recordsCountOffset,
            "invalid reported count for record batch: " + std::to_string(count));
    if (countFromOffsets != count)
        reject(BatchErrorKind::InvalidRecord, lastOffsetDeltaOffset,
            "inconsistent batch offset range [" + std::to_string(batch.baseOffset) + ", "
                + std::to_string(batch.lastOffset()) + "] and count of records " + std::to_string(count));
    if (batch.isControl())
        reject(BatchErrorKind::InvalidRecord, attributesOffset, "clients are not allowed to write control records");
    // RecordBatch.hasProducerId: producerId > NO_PRODUCER_ID (-1).
    if (batch.producerId > -1 && batch.baseSequence < 0)
        reject(BatchErrorKind::InvalidRecord, baseSequenceOffset,
            "invalid sequence number " + std::to_string(batch.baseSequence) + " in record batch with producerId "
                + std::to_string(batch.producerId));
}

std::size_t checkedInt32Size(std::size_t size, const char* what)
{
    if (size > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        throw std::length_error(
            std::string("encodeRecordBatch: ") + what + " of " + std::to_string(size) + " bytes, above 2^31 - 1");
    return size;
}

void writeNullableVarBytes(Writer& w, const std::optional<Bytes>& bytes)
{
    if (!bytes) {
        w.varint(-1);
        return;
    }
    w.varint(static_cast<std::int32_t>(checkedInt32Size(bytes->size(), "a key or value")));
    w.raw(*bytes);
}

} // namespace

std::vector<RecordBatch> decodeRecordBatches(ByteView records, const BatchLimits& limits)
{
    std::vector<RecordBatch> batches;
    std::size_t at = 0;
    while (const auto size = nextBatchSize(records.subspan(at), at)) {
        const ByteView batchBytes = records.subspan(at, *size);
        const auto magic = static_cast<std::int8_t>(batchBytes[magicOffset]);
        if (magic != magicV2)
            reject(BatchErrorKind::InvalidRecord, at + magicOffset,
                "a batch with magic " + std::to_string(magic) + "; only magic 2 (RecordBatch v2) is read");
        checkSize(batchBytes, at, limits);
        checkCrc(batchBytes, at);
        checkCompressionId(batchBytes, at);
        RecordBatch batch = readHeader(batchBytes);
        readRecords(batch, batchBytes, at, limits);
        batches.push_back(std::move(batch));
        at += *size;
    }
    return batches;
}

RecordBatch decodeProducedBatch(ByteView records, std::int16_t produceVersion, const BatchLimits& limits)
{
    // ProduceRequest.validateRecords@3.7.0, called by KafkaApis.handleProduceRequest for version 3
    // and above (older versions are not checked there). Its InvalidRecordException,
    // UnsupportedCompressionTypeException and CorruptRecordException (from the batch iterator) become
    // that partition's error.
    const auto size = nextBatchSize(records, 0);
    if (!size)
        reject(BatchErrorKind::InvalidRecord, 0,
            "produce requests with version " + std::to_string(produceVersion)
                + " must have at least one record batch per partition");
    const ByteView batchBytes = records.first(*size);
    const auto magic = static_cast<std::int8_t>(batchBytes[magicOffset]);
    if (magic != magicV2)
        reject(BatchErrorKind::InvalidRecord, magicOffset,
            "produce requests with version " + std::to_string(produceVersion)
                + " are only allowed to contain record batches with magic version 2, not " + std::to_string(magic));
    // A batch too short to hold its attributes fails the CRC check below (Kafka reads past its end
    // here and answers UNKNOWN_SERVER_ERROR).
    if (batchBytes.size() > attributesOffset + 1) {
        checkCompressionId(batchBytes, 0);
        if (produceVersion < 7 && compressionId(batchBytes) == static_cast<int>(Compression::Zstd))
            reject(BatchErrorKind::UnsupportedCompressionType, attributesOffset,
                "produce requests with version " + std::to_string(produceVersion)
                    + " are not allowed to use ZStandard compression");
    }
    if (nextBatchSize(records.subspan(*size), *size))
        reject(BatchErrorKind::InvalidRecord, *size,
            "produce requests with version " + std::to_string(produceVersion)
                + " are only allowed to contain exactly one record batch per partition");

    // UnifiedLog.analyzeAndValidateRecords@3.7.0 for AppendOrigin.CLIENT. The bytes after the batch
    // (part of a batch at most, as checked above) are dropped there by trimInvalidBytes.
    RecordBatch batch;
    batch.baseOffset = Reader(batchBytes).int64();
    if (batch.baseOffset != 0)
        reject(BatchErrorKind::InvalidRecord, 0,
            "the baseOffset of the record batch in the append should be 0, but it is "
                + std::to_string(batch.baseOffset));
    checkSize(batchBytes, 0, limits);
    checkCrc(batchBytes, 0);

    batch = readHeader(batchBytes);
    validateProducedBatch(batch, readInt32(batchBytes, recordsCountOffset));
    readRecords(batch, batchBytes, 0, limits);
    return batch;
}

Bytes encodeRecordBatch(const RecordBatch& batch, Compression compression)
{
    // DefaultRecord.writeTo@3.7.0: the body's size as a varint, then attributes, timestampDelta,
    // offsetDelta, key, value and headers, lengths as varints with -1 for null.
    Writer records;
    Writer body;
    for (const Record& record : batch.records) {
        body = Writer();
        body.int8(record.attributes);
        body.varlong(record.timestampDelta);
        body.varint(record.offsetDelta);
        writeNullableVarBytes(body, record.key);
        writeNullableVarBytes(body, record.value);
        body.varint(static_cast<std::int32_t>(checkedInt32Size(record.headers.size(), "a header count")));
        for (const RecordHeader& header : record.headers) {
            body.varint(static_cast<std::int32_t>(checkedInt32Size(header.key.size(), "a header key")));
            body.raw(view(header.key));
            writeNullableVarBytes(body, header.value);
        }
        records.varint(static_cast<std::int32_t>(checkedInt32Size(body.size(), "a record")));
        records.raw(body.data());
    }
    const Bytes section = compress(compression, records.data());

    // DefaultRecordBatch.writeHeader@3.7.0.
    Writer out;
    out.int64(batch.baseOffset);
    const std::size_t lengthAt = out.reserveInt32();
    out.int32(batch.partitionLeaderEpoch);
    out.int8(magicV2);
    const std::size_t crcAt = out.reserveInt32();
    out.int16(static_cast<std::int16_t>(
        (batch.attributes & ~RecordBatch::compressionMask) | static_cast<std::int16_t>(compression)));
    out.int32(batch.lastOffsetDelta);
    out.int64(batch.baseTimestamp);
    out.int64(batch.maxTimestamp);
    out.int64(batch.producerId);
    out.int16(batch.producerEpoch);
    out.int32(batch.baseSequence);
    out.int32(static_cast<std::int32_t>(checkedInt32Size(batch.records.size(), "a record count")));
    out.raw(section);
    const std::size_t length = checkedInt32Size(out.size() - logOverheadBytes, "a batch");
    out.patchInt32(lengthAt, static_cast<std::int32_t>(length));
    out.patchUint32(crcAt, crc32c(ByteView(out.data()).subspan(crcCoverageOffset)));
    return out.take();
}

} // namespace hw::wire
