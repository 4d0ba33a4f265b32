// SPDX-License-Identifier: MIT
//
// libFuzzer target: the bytes are the records field of one partition of a produce request (or of a
// fetch response), the RecordBatch v2 bytes of apache/kafka clients/src/main/java/org/apache/kafka/
// common/record/DefaultRecordBatch.java at 3.7.0. Two readers of wire/record_batch.h see them:
// - decodeProducedBatch, the broker's produce checks (ProduceRequest.validateRecords,
//   UnifiedLog.analyzeAndValidateRecords, LogValidator.validateBatch), in produce version 7 and, when
//   version 7 accepts the batch, in version 3 too: version 3 must give the same batch, except that it
//   refuses zstd with UNSUPPORTED_COMPRESSION_TYPE (ProduceRequest.validateRecords);
// - decodeRecordBatches, the consumer's reading of a fetch response (MemoryRecords.batches).
// Either must decode the bytes or refuse them with BatchError. Every batch that decodes is encoded
// again with encodeRecordBatch in its own codec and decoded again by the same reader: the header
// fields and the records must come back equal (the CRC and the batch length are the encoder's own,
// since compressing again need not give the same bytes).
//
// Anything else thrown escapes, and libFuzzer reports it as a crash.
//
// HW_FUZZ_REQUIRE_PARSE=1 turns an input that decodeProducedBatch refuses into a crash too, so that
// `HW_FUZZ_REQUIRE_PARSE=1 fuzz_record_batch fuzz/corpus/record_batch/*` checks that the records the
// real clients produced still decode (scripts/fuzz runs it before fuzzing).

#include "wire/bytes.h"
#include "wire/compression.h"
#include "wire/record_batch.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using namespace hw::wire;

bool requireParse()
{
    static const bool required = [] {
        const char* value = std::getenv("HW_FUZZ_REQUIRE_PARSE");
        return value != nullptr && value[0] == '1';
    }();
    return required;
}

[[noreturn]] void fail(const char* what)
{
    std::fprintf(stderr, "fuzz_record_batch: %s\n", what);
    std::abort();
}

[[noreturn]] void failWith(const char* what, const BatchError& error)
{
    std::fprintf(stderr, "fuzz_record_batch: %s: %s\n", what, error.what());
    std::abort();
}

// A batch as the encoder is asked to keep it: everything but the CRC and the batch length, which it
// computes over the bytes it writes.
RecordBatch withoutFraming(RecordBatch batch)
{
    batch.crc = 0;
    batch.batchLength = 0;
    return batch;
}

// The limits for decoding a re-encoded batch. Compressing again (zlib at its default level, LZ4 and
// zstd at theirs) may make a batch a few bytes longer than the one the client wrote, so a batch just
// under batchBytesMax may come back just above it; the other limits bound the decompressed records,
// which re-encoding cannot make longer (lengths are written as minimal varints).
BatchLimits reencodedLimits(const BatchLimits& limits, std::size_t encodedBytes)
{
    BatchLimits raised = limits;
    raised.batchBytesMax = std::max(limits.batchBytesMax, encodedBytes);
    return raised;
}

void checkProduced(ByteView records, const BatchLimits& limits)
{
    RecordBatch batch;
    try {
        batch = decodeProducedBatch(records, 7, limits);
    } catch (const BatchError&) {
        if (requireParse())
            fail("a seed does not decode as a produce v7 batch");
        return;
    }
    if (batch.magic != magicV2 || static_cast<int>(batch.compression()) > compressionIdMax)
        fail("decodeProducedBatch returned a batch it should have refused");

    try {
        const RecordBatch v3 = decodeProducedBatch(records, 3, limits);
        if (batch.compression() == Compression::Zstd)
            fail("produce v3 accepted a zstd batch");
        if (!(v3 == batch))
            fail("produce v3 and v7 decoded the same batch differently");
    } catch (const BatchError& error) {
        if (batch.compression() != Compression::Zstd || error.kind() != BatchErrorKind::UnsupportedCompressionType)
            failWith("produce v3 refused a batch v7 accepts", error);
    }

    const Bytes encoded = encodeRecordBatch(batch, batch.compression());
    try {
        const RecordBatch again = decodeProducedBatch(encoded, 7, reencodedLimits(limits, encoded.size()));
        if (!(withoutFraming(again) == withoutFraming(batch)))
            fail("decodeProducedBatch(encodeRecordBatch(batch)) differs from the batch");
    } catch (const BatchError& error) {
        failWith("a re-encoded produce batch does not decode", error);
    }
}

void checkFetched(ByteView records, const BatchLimits& limits)
{
    std::vector<RecordBatch> batches;
    try {
        batches = decodeRecordBatches(records, limits);
    } catch (const BatchError&) {
        return;
    }
    // The batches encoded again one after the other, as a fetch response carries them.
    Bytes encoded;
    for (const RecordBatch& batch : batches) {
        const Bytes one = encodeRecordBatch(batch, batch.compression());
        encoded.insert(encoded.end(), one.begin(), one.end());
    }
    std::vector<RecordBatch> again;
    try {
        again = decodeRecordBatches(encoded, reencodedLimits(limits, encoded.size()));
    } catch (const BatchError& error) {
        failWith("re-encoded fetched batches do not decode", error);
    }
    if (again.size() != batches.size())
        fail("re-encoded fetched batches decode to a different number of batches");
    for (std::size_t i = 0; i < batches.size(); ++i) {
        if (!(withoutFraming(again[i]) == withoutFraming(batches[i])))
            fail("decodeRecordBatches(encodeRecordBatch(batch)) differs from the batch");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const ByteView records(data, size);
    const BatchLimits limits = defaultBatchLimits();
    checkProduced(records, limits);
    checkFetched(records, limits);
    return 0;
}
