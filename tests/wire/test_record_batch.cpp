// SPDX-License-Identifier: MIT
// RecordBatch v2 (wire/record_batch.h) and CRC-32C (wire/crc32c.h): a batch written out by hand from
// kafka.apache.org/documentation/#recordbatch, batches captured from kafka-python 2.0.2 and librdkafka
// 2.0.2, and the checks of ProduceRequest.validateRecords, UnifiedLog.analyzeAndValidateRecords and
// LogValidator.validateBatch at Kafka 3.7.0.
#include "wire/crc32c.h"
#include "wire/record_batch.h"

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>

using namespace hw::wire;

namespace {

Bytes fromHex(std::string_view hex)
{
    Bytes out;
    auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(static_cast<std::uint8_t>(nibble(hex[i]) * 16 + nibble(hex[i + 1])));
    return out;
}

Bytes text(std::string_view s)
{
    return Bytes(s.begin(), s.end());
}

// CRC-32C one bit at a time from its definition (reflected polynomial 0x82F63B78), independent of
// Boost.CRC's tables.
std::uint32_t bitwiseCrc32c(ByteView bytes)
{
    std::uint32_t crc = 0xFFFFFFFF;
    for (std::uint8_t b : bytes) {
        crc ^= b;
        for (int i = 0; i < 8; ++i)
            crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F63B78 : crc >> 1;
    }
    return ~crc;
}

void putInt32(Bytes& batch, std::size_t at, std::uint32_t value)
{
    for (int i = 0; i < 4; ++i)
        batch[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(value >> (24 - 8 * i));
}

// Rewrites the batch length from the bytes present and the CRC, as a producer that meant them would.
void reseal(Bytes& batch)
{
    putInt32(batch, 8, static_cast<std::uint32_t>(batch.size() - 12));
    putInt32(batch, 17, bitwiseCrc32c(ByteView(batch).subspan(21)));
}

BatchErrorKind kindOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const BatchError& error) {
        return error.kind();
    }
    ADD_FAILURE() << "expected a BatchError";
    return BatchErrorKind::InvalidRecord;
}

const BatchLimits limits = defaultBatchLimits();

RecordBatch decodeOne(ByteView bytes)
{
    const std::vector<RecordBatch> batches = decodeRecordBatches(bytes, limits);
    EXPECT_EQ(batches.size(), 1u);
    return batches.empty() ? RecordBatch {} : batches.front();
}

// The batch of the golden layout below, as a value.
RecordBatch goldenBatch()
{
    RecordBatch batch;
    batch.baseOffset = 0;
    batch.batchLength = 68;
    batch.partitionLeaderEpoch = 0;
    batch.attributes = 0;
    batch.lastOffsetDelta = 0;
    batch.baseTimestamp = 1700000000000;
    batch.maxTimestamp = 1700000000000;
    Record record;
    record.key = text("key");
    record.value = text("value");
    record.headers.push_back(RecordHeader { "h", text("v") });
    batch.records.push_back(record);
    return batch;
}

// A batch of three records as a producer builds it, for the error and round-trip tests.
RecordBatch producerBatch()
{
    RecordBatch batch;
    batch.baseTimestamp = 1700000000000;
    batch.maxTimestamp = 1700000000002;
    batch.lastOffsetDelta = 2;
    for (int i = 0; i < 3; ++i) {
        Record record;
        record.offsetDelta = i;
        record.timestampDelta = i;
        record.key = i == 1 ? std::nullopt : std::optional<Bytes>(text("k" + std::to_string(i)));
        record.value = text(std::string(40, static_cast<char>('a' + i)));
        record.headers.push_back(RecordHeader { "trace", i == 2 ? std::nullopt : std::optional<Bytes>(text("id")) });
        batch.records.push_back(record);
    }
    return batch;
}

} // namespace

// ---- CRC-32C ------------------------------------------------------------------------------------

TEST(Crc32c, CheckValue)
{
    // The CRC-32C check value (RFC 3720 B.4; Crc32CTest.testValue@3.7.0 uses the same string).
    EXPECT_EQ(crc32c(view("123456789")), 0xE3069283u);
    EXPECT_EQ(bitwiseCrc32c(view("123456789")), 0xE3069283u);
    EXPECT_EQ(crc32c(ByteView {}), 0u);
}

TEST(Crc32c, MatchesTheBitwiseDefinition)
{
    Bytes data;
    for (int i = 0; i < 1000; ++i) {
        data.push_back(static_cast<std::uint8_t>(i * 37 + 11));
        EXPECT_EQ(crc32c(data), bitwiseCrc32c(data)) << "length " << data.size();
    }
}

// ---- golden bytes -------------------------------------------------------------------------------

// One record "key" -> "value" with the header "h" -> "v", written field by field from
// kafka.apache.org/documentation/#recordbatch and #record. The CRC field is the bitwise CRC-32C of the
// bytes after it; the whole vector is also what kafka-python 2.0.2's DefaultRecordBatchBuilder wrote
// for these values (see KafkaPythonUncompressedBatchIsTheHandBuiltOne).
const Bytes goldenHead = fromHex("0000000000000000" // baseOffset 0
                                 "00000044" // batchLength 68 = 80 - 12
                                 "00000000" // partitionLeaderEpoch 0
                                 "02"); // magic 2
const Bytes goldenTail = fromHex("0000" // attributes: no compression, CreateTime
                                 "00000000" // lastOffsetDelta 0
                                 "0000018bcfe56800" // baseTimestamp 1700000000000
                                 "0000018bcfe56800" // maxTimestamp
                                 "ffffffffffffffff" // producerId -1
                                 "ffff" // producerEpoch -1
                                 "ffffffff" // baseSequence -1
                                 "00000001" // records count 1
                                 "24" // record length: varint 18
                                 "00" // attributes
                                 "00" // timestampDelta 0
                                 "00" // offsetDelta 0
                                 "066b6579" // key length 3, "key"
                                 "0a76616c7565" // value length 5, "value"
                                 "02" // one header
                                 "0268" // header key length 1, "h"
                                 "0276"); // header value length 1, "v"

Bytes goldenBytes()
{
    Bytes out = goldenHead;
    const std::uint32_t crc = bitwiseCrc32c(goldenTail);
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(crc >> shift));
    out.insert(out.end(), goldenTail.begin(), goldenTail.end());
    return out;
}

Bytes goldenPrefix(std::size_t length)
{
    const Bytes golden = goldenBytes();
    return Bytes(golden.begin(), golden.begin() + static_cast<std::ptrdiff_t>(length));
}

TEST(RecordBatchGolden, TheCrcCoversTheBytesFromTheAttributes)
{
    const Bytes golden = goldenBytes();
    ASSERT_EQ(golden.size(), 80u);
    EXPECT_EQ(bitwiseCrc32c(goldenTail), 0x83794a1du); // the CRC kafka-python wrote
}

TEST(RecordBatchGolden, EncodeWritesTheHandBuiltBytes)
{
    EXPECT_EQ(encodeRecordBatch(goldenBatch(), Compression::None), goldenBytes());
}

TEST(RecordBatchGolden, DecodeReadsTheHandBuiltBytes)
{
    const RecordBatch batch = decodeOne(goldenBytes());
    RecordBatch expected = goldenBatch();
    expected.crc = 0x83794a1d;
    EXPECT_EQ(batch, expected);
    EXPECT_EQ(batch.compression(), Compression::None);
    EXPECT_EQ(batch.timestampType(), TimestampType::CreateTime);
    EXPECT_FALSE(batch.isTransactional());
    EXPECT_FALSE(batch.isControl());
    EXPECT_EQ(decodeProducedBatch(goldenBytes(), 3, limits), expected);
}

// ---- batches captured from real clients -------------------------------------------------------

// kafka-python 2.0.2: DefaultRecordBatchBuilder(magic=2, compression_type=0, producer_id=-1, ...)
// .append(0, timestamp=1700000000000, key=b"key", value=b"value", headers=[("h", b"v")]).build()
const Bytes kafkaPythonUncompressed = fromHex(
    "000000000000000000000044000000000283794a1d0000000000000000018bcfe568000000018bcfe56800ffffffffffffffffffffff"
    "ffffff0000000124000000066b65790a76616c75650202680276");

// kafka-python 2.0.2, compression_type=1 (gzip): three records, key None, value b"highwater-N " * 8,
// timestamps 1700000000000 + N.
const Bytes kafkaPythonGzip = fromHex(
    "00000000000000000000007300000000025e6e347c0001000000020000018bcfe568000000018bcfe56802ffffffffffffffffffffff"
    "ffffff000000031f8b0800ae00126b02ff3bc7c8c0c0c078803123333da33cb124b548d74081166c86738c0c4c4c2816192ad0820db2"
    "888505c52223055ab01900b2741ecf3b010000");

// librdkafka 2.0.2 (confluent-kafka 1.7.0 against librdkafka's mock cluster, compression.codec=snappy,
// lz4, zstd; records read back with a Fetch v4): three records key b"kN", value b"highwater-N " * 8,
// header ("h", b"v"), timestamps 1700000000000 + N. librdkafka writes snappy raw, without framing.
const Bytes librdkafkaSnappy = fromHex(
    "0000000000000000000000840000000002586972770002000000020000018bcfe568000000018bcfe56802ffffffffffffffffffffff"
    "ffffff00000003cd0254da01000000046b30c0016869676877617465722d3020fe0c004e0c00300202680276da01000202046b312e6f"
    "0000311d6ffe0c00190c116f100404046b322e6f0000321d6ffe0c00190c100202680276");
const Bytes librdkafkaLz4 = fromHex(
    "00000000000000000000008c000000000298a3ca4f0003000000020000018bcfe568000000018bcfe56802ffffffffffffffffffffff"
    "ffffff0000000304224d186040824c000000ff07da01000000046b30c0016869676877617465722d30200c0041d80202680276da0100"
    "0202046b316f0017316f000f0c0037046f00580404046b326f0017326f000f0c003750020268027600000000");
const Bytes librdkafkaZstd = fromHex(
    "00000000000000000000008000000000023846dc6c0004000000020000018bcfe568000000018bcfe56802ffffffffffffffffffffff"
    "ffffff0000000328b52ffd0058350200f402da01000000046b30c0016869676877617465722d30200202680276da01000202046b3131"
    "0404046b323202026802760800071080f802ae8088030820bee4c07df1a93401");

std::string highwater(int i)
{
    std::string out;
    for (int n = 0; n < 8; ++n)
        out += "highwater-" + std::to_string(i) + " ";
    return out;
}

TEST(RecordBatchCaptured, KafkaPythonUncompressedBatchIsTheHandBuiltOne)
{
    EXPECT_EQ(kafkaPythonUncompressed, goldenBytes());
}

TEST(RecordBatchCaptured, KafkaPythonGzipBatch)
{
    const RecordBatch batch = decodeProducedBatch(kafkaPythonGzip, 3, limits);
    EXPECT_EQ(batch.compression(), Compression::Gzip);
    EXPECT_EQ(batch.lastOffsetDelta, 2);
    EXPECT_EQ(batch.baseTimestamp, 1700000000000);
    EXPECT_EQ(batch.maxTimestamp, 1700000000002);
    ASSERT_EQ(batch.records.size(), 3u);
    for (int i = 0; i < 3; ++i) {
        const Record& record = batch.records[static_cast<std::size_t>(i)];
        EXPECT_EQ(record.offsetDelta, i);
        EXPECT_EQ(record.timestampDelta, i);
        EXPECT_EQ(record.key, std::nullopt);
        EXPECT_EQ(record.value, text(highwater(i)));
        EXPECT_TRUE(record.headers.empty());
    }
}

struct CapturedCase {
    const char* name;
    const Bytes* bytes;
    Compression compression;
};

class RecordBatchLibrdkafka : public testing::TestWithParam<CapturedCase> { };

TEST_P(RecordBatchLibrdkafka, DecodesTheCapturedBatch)
{
    const CapturedCase& c = GetParam();
    const RecordBatch batch = decodeProducedBatch(*c.bytes, 7, limits);
    EXPECT_EQ(batch.compression(), c.compression);
    EXPECT_EQ(batch.producerId, -1);
    EXPECT_EQ(batch.baseSequence, -1);
    ASSERT_EQ(batch.records.size(), 3u);
    for (int i = 0; i < 3; ++i) {
        const Record& record = batch.records[static_cast<std::size_t>(i)];
        EXPECT_EQ(record.offsetDelta, i);
        EXPECT_EQ(record.timestampDelta, i);
        EXPECT_EQ(record.key, text("k" + std::to_string(i)));
        EXPECT_EQ(record.value, text(highwater(i)));
        EXPECT_EQ(record.headers, (std::vector<RecordHeader> { { "h", text("v") } }));
    }
    // Re-encoded with the same codec by this encoder, the batch decodes to the same value.
    RecordBatch reencoded = decodeOne(encodeRecordBatch(batch, c.compression));
    reencoded.batchLength = batch.batchLength;
    reencoded.crc = batch.crc;
    EXPECT_EQ(reencoded, batch);
}

INSTANTIATE_TEST_SUITE_P(Codecs, RecordBatchLibrdkafka,
    testing::Values(CapturedCase { "snappy", &librdkafkaSnappy, Compression::Snappy },
        CapturedCase { "lz4", &librdkafkaLz4, Compression::Lz4 },
        CapturedCase { "zstd", &librdkafkaZstd, Compression::Zstd }),
    [](const testing::TestParamInfo<CapturedCase>& info) { return std::string(info.param.name); });

TEST(RecordBatchCaptured, ZstdIsRejectedBelowProduceV7)
{
    // ProduceRequest.validateRecords: "Produce requests with version 3 are not allowed to use ZStandard".
    EXPECT_EQ(
        kindOf([] { decodeProducedBatch(librdkafkaZstd, 3, limits); }), BatchErrorKind::UnsupportedCompressionType);
    EXPECT_EQ(
        kindOf([] { decodeProducedBatch(librdkafkaZstd, 6, limits); }), BatchErrorKind::UnsupportedCompressionType);
    EXPECT_EQ(decodeProducedBatch(librdkafkaZstd, 7, limits).records.size(), 3u);
    EXPECT_EQ(decodeProducedBatch(librdkafkaSnappy, 3, limits).records.size(), 3u);
}

TEST(RecordBatchCaptured, SnappyJavaFramingOfTheSameRecords)
{
    // The Java producer frames snappy (SnappyOutputStream): librdkafka's raw block wrapped in the
    // snappy-java header and one block length decodes to the same records.
    Bytes framed(librdkafkaSnappy.begin(), librdkafkaSnappy.begin() + 61);
    const Bytes header = fromHex("82534e415050590000000001"
                                 "00000001");
    framed.insert(framed.end(), header.begin(), header.end());
    const std::uint32_t blockBytes = static_cast<std::uint32_t>(librdkafkaSnappy.size() - 61);
    for (int shift = 24; shift >= 0; shift -= 8)
        framed.push_back(static_cast<std::uint8_t>(blockBytes >> shift));
    framed.insert(framed.end(), librdkafkaSnappy.begin() + 61, librdkafkaSnappy.end());
    reseal(framed);
    EXPECT_EQ(decodeOne(framed).records, decodeOne(librdkafkaSnappy).records);
}

// ---- round trips --------------------------------------------------------------------------------

class RecordBatchRoundTrip : public testing::TestWithParam<Compression> { };

TEST_P(RecordBatchRoundTrip, EncodeThenDecode)
{
    RecordBatch batch = producerBatch();
    batch.producerId = 4000;
    batch.producerEpoch = 3;
    batch.baseSequence = 17;
    batch.partitionLeaderEpoch = 9;
    batch.records[1].timestampDelta = -5; // deltas are signed varlongs
    const Bytes bytes = encodeRecordBatch(batch, GetParam());
    RecordBatch decoded = decodeProducedBatch(bytes, 7, limits);
    EXPECT_EQ(decoded.compression(), GetParam());
    EXPECT_EQ(static_cast<std::size_t>(decoded.batchLength), bytes.size() - 12);
    EXPECT_EQ(decoded.crc, bitwiseCrc32c(ByteView(bytes).subspan(21)));
    decoded.attributes = 0;
    decoded.batchLength = 0;
    decoded.crc = 0;
    EXPECT_EQ(decoded, batch);
}

INSTANTIATE_TEST_SUITE_P(EveryCodec, RecordBatchRoundTrip,
    testing::Values(Compression::None, Compression::Gzip, Compression::Snappy, Compression::Lz4, Compression::Zstd),
    [](const testing::TestParamInfo<Compression>& info) { return std::string(compressionName(info.param)); });

TEST(RecordBatch, AttributesKeepTheirFlagsAndTakeTheCodec)
{
    RecordBatch batch = producerBatch();
    batch.attributes = RecordBatch::transactionalMask | RecordBatch::timestampTypeMask | 0x03;
    batch.producerId = 1;
    batch.baseSequence = 0;
    const RecordBatch decoded = decodeOne(encodeRecordBatch(batch, Compression::Gzip));
    EXPECT_EQ(decoded.attributes, RecordBatch::transactionalMask | RecordBatch::timestampTypeMask | 0x01);
    EXPECT_TRUE(decoded.isTransactional());
    EXPECT_EQ(decoded.timestampType(), TimestampType::LogAppendTime);
}

TEST(RecordBatch, SeveralBatchesAndAPartialOneAtTheEnd)
{
    // MemoryRecords.batches: whole batches in order; ByteBufferLogInputStream leaves out a partial
    // batch at the end, as a fetch response cut at max_bytes ends.
    Bytes records = goldenBytes();
    RecordBatch second = producerBatch();
    second.baseOffset = 1;
    const Bytes secondBytes = encodeRecordBatch(second, Compression::Lz4);
    records.insert(records.end(), secondBytes.begin(), secondBytes.end());
    records.insert(records.end(), secondBytes.begin(), secondBytes.end() - 1);
    const std::vector<RecordBatch> batches = decodeRecordBatches(records, limits);
    ASSERT_EQ(batches.size(), 2u);
    EXPECT_EQ(batches[0].records, goldenBatch().records);
    EXPECT_EQ(batches[1].baseOffset, 1);
    EXPECT_EQ(batches[1].records, second.records);
    // A produce request must hold exactly one batch (ProduceRequest.validateRecords).
    EXPECT_EQ(kindOf([&] { decodeProducedBatch(records, 3, limits); }), BatchErrorKind::InvalidRecord);
}

TEST(RecordBatch, FetchSideAcceptsWhatCompactionLeaves)
{
    // After compaction a batch keeps its lastOffsetDelta with fewer records and gaps in the
    // offsetDeltas (DefaultRecordBatch's "On Compaction"); a consumer reads it, a broker refuses it
    // from a producer (LogValidator.validateBatch: count != lastOffsetDelta + 1).
    RecordBatch batch = producerBatch();
    batch.records.erase(batch.records.begin() + 1);
    const Bytes bytes = encodeRecordBatch(batch, Compression::None);
    EXPECT_EQ(decodeOne(bytes).records.size(), 2u);
    EXPECT_EQ(kindOf([&] { decodeProducedBatch(bytes, 3, limits); }), BatchErrorKind::InvalidRecord);
}

TEST(RecordBatch, ProduceKeepsOffsetDeltasOutOfOrderAsKafkaDoes)
{
    // LogValidator@3.7.0 does not reject a v2 record whose offsetDelta is out of order: the broker
    // assigns offsets by position (assignOffsetsNonCompressed, or buildRecordsAndAssignOffsets when
    // record.offset() != expectedOffset in a compressed batch).
    RecordBatch batch = producerBatch();
    std::swap(batch.records[0].offsetDelta, batch.records[2].offsetDelta);
    const RecordBatch decoded = decodeProducedBatch(encodeRecordBatch(batch, Compression::Gzip), 3, limits);
    EXPECT_EQ(decoded.records[0].offsetDelta, 2);
}

// ---- errors -------------------------------------------------------------------------------------

// Named apart from test_protocol.cpp's ErrorCase: both are in the global namespace of one binary, and two
// layouts under one name broke the copy the linker kept (an ODR violation ASan showed as a crash).
struct BatchErrorCase {
    const char* name;
    std::function<Bytes()> bytes;
    std::int16_t produceVersion;
    BatchErrorKind produceError;
    // What the fetch-side decoder makes of the same bytes: an error, or, when it accepts them, none.
    std::optional<BatchErrorKind> fetchError;
};

Bytes withProducerBatch(const std::function<void(RecordBatch&)>& change, Compression compression = Compression::None)
{
    RecordBatch batch = producerBatch();
    change(batch);
    return encodeRecordBatch(batch, compression);
}

Bytes patched(const std::function<void(Bytes&)>& change, Compression compression = Compression::None)
{
    Bytes bytes = encodeRecordBatch(producerBatch(), compression);
    change(bytes);
    reseal(bytes);
    return bytes;
}

class RecordBatchErrors : public testing::TestWithParam<BatchErrorCase> { };

TEST_P(RecordBatchErrors, ProduceAndFetchSides)
{
    const BatchErrorCase& c = GetParam();
    const Bytes bytes = c.bytes();
    EXPECT_EQ(kindOf([&] { decodeProducedBatch(bytes, c.produceVersion, limits); }), c.produceError);
    if (c.fetchError)
        EXPECT_EQ(kindOf([&] { decodeRecordBatches(bytes, limits); }), *c.fetchError);
    else
        EXPECT_NO_THROW(decodeRecordBatches(bytes, limits));
}

const auto invalid = BatchErrorKind::InvalidRecord;
const auto corrupt = BatchErrorKind::CorruptMessage;
const auto unsupported = BatchErrorKind::UnsupportedCompressionType;
const auto tooLarge = BatchErrorKind::MessageTooLarge;

INSTANTIATE_TEST_SUITE_P(KafkaChecks, RecordBatchErrors,
    testing::Values(
        // ProduceRequest.validateRecords: "must have at least one record batch per partition".
        BatchErrorCase { "Empty", [] { return Bytes {}; }, 3, invalid, std::nullopt },
        BatchErrorCase { "OnlyPartOfABatch", [] { return goldenPrefix(40); }, 3, invalid, std::nullopt },
        // ByteBufferLogInputStream.nextBatchSize: CorruptRecordException.
        BatchErrorCase { "LengthBelowTheV0Overhead",
            [] {
                Bytes b = goldenBytes();
                putInt32(b, 8, 13);
                return b;
            },
            3, corrupt, corrupt },
        BatchErrorCase { "MagicOutOfRange",
            [] {
                Bytes b = goldenBytes();
                b[16] = 3;
                return b;
            },
            3, corrupt, corrupt },
        // validateRecords: "only allowed to contain record batches with magic version 2".
        BatchErrorCase { "Magic1", [] { return patched([](Bytes& b) { b[16] = 1; }); }, 3, invalid, invalid },
        BatchErrorCase { "Magic0", [] { return patched([](Bytes& b) { b[16] = 0; }); }, 3, invalid, invalid },
        // CompressionType.forId knows 0-4.
        BatchErrorCase { "Codec5", [] { return patched([](Bytes& b) { b[22] = 5; }); }, 3, unsupported, unsupported },
        BatchErrorCase { "Codec6", [] { return patched([](Bytes& b) { b[22] = 6; }); }, 3, unsupported, unsupported },
        BatchErrorCase { "Codec7", [] { return patched([](Bytes& b) { b[22] = 7; }); }, 3, unsupported, unsupported },
        BatchErrorCase { "ZstdInProduceV3", [] { return encodeRecordBatch(producerBatch(), Compression::Zstd); }, 3,
            unsupported, std::nullopt },
        // UnifiedLog.analyzeAndValidateRecords.
        BatchErrorCase { "BaseOffsetNotZero", [] { return withProducerBatch([](RecordBatch& b) { b.baseOffset = 5; }); }, 3,
            invalid, std::nullopt },
        BatchErrorCase { "CrcMismatch",
            [] {
                Bytes b = goldenBytes();
                b[70] ^= 0x01;
                return b;
            },
            3, corrupt, corrupt },
        BatchErrorCase { "ShorterThanTheHeader",
            [] {
                Bytes b = goldenPrefix(40);
                reseal(b);
                return b;
            },
            3, corrupt, corrupt },
        BatchErrorCase { "AboveMessageMaxBytes",
            [] {
                return withProducerBatch([](RecordBatch& b) { b.records[0].value = Bytes(limits.batchBytesMax, 'x'); });
            },
            3, tooLarge, tooLarge },
        // LogValidator.validateBatch.
        BatchErrorCase { "LastOffsetDeltaTooHigh",
            [] { return withProducerBatch([](RecordBatch& b) { b.lastOffsetDelta = 3; }); }, 3, invalid, std::nullopt },
        BatchErrorCase { "LastOffsetDeltaTooLow",
            [] { return withProducerBatch([](RecordBatch& b) { b.lastOffsetDelta = 1; }); }, 3, invalid, std::nullopt },
        BatchErrorCase { "NoRecords",
            [] {
                return withProducerBatch([](RecordBatch& b) {
                    b.records.clear();
                    b.lastOffsetDelta = -1;
                });
            },
            3, invalid, std::nullopt },
        BatchErrorCase { "CountZeroWithOffsets",
            [] {
                return patched([](Bytes& b) {
                    putInt32(b, 57, 0);
                    b.resize(61);
                });
            },
            3, invalid, std::nullopt },
        BatchErrorCase { "ControlBatchFromAClient",
            [] { return withProducerBatch([](RecordBatch& b) { b.attributes = RecordBatch::controlMask; }); }, 3,
            invalid, std::nullopt },
        BatchErrorCase { "ProducerIdWithoutSequence",
            [] {
                return withProducerBatch([](RecordBatch& b) {
                    b.producerId = 1000;
                    b.baseSequence = -1;
                });
            },
            3, invalid, std::nullopt },
        // DefaultRecordBatch's record iterator and DefaultRecord.readFrom.
        BatchErrorCase { "NegativeRecordCount",
            [] {
                return patched([](Bytes& b) {
                    putInt32(b, 57, 0xFFFFFFFF);
                    putInt32(b, 23, 0xFFFFFFFE);
                });
            },
            3, invalid, invalid },
        BatchErrorCase { "CountAboveTheRecordsPresent",
            [] {
                return patched([](Bytes& b) {
                    putInt32(b, 57, 4);
                    putInt32(b, 23, 3);
                });
            },
            3, invalid, invalid },
        BatchErrorCase { "CountBelowTheRecordsPresent",
            [] {
                return patched([](Bytes& b) {
                    putInt32(b, 57, 2);
                    putInt32(b, 23, 1);
                });
            },
            3, invalid, invalid },
        BatchErrorCase { "RecordCountOf2To31Minus1",
            [] {
                return patched([](Bytes& b) {
                    putInt32(b, 57, 0x7FFFFFFF);
                    putInt32(b, 23, 0x7FFFFFFE);
                });
            },
            3, tooLarge, tooLarge },
        BatchErrorCase {
            "BytesAfterTheLastRecord", [] { return patched([](Bytes& b) { b.push_back(0); }); }, 3, invalid, invalid },
        BatchErrorCase { "RecordLengthBeyondTheBatch",
            [] {
                Bytes b = goldenBytes();
                b[61] = 0x7e;
                reseal(b);
                return b;
            },
            3, invalid, invalid },
        BatchErrorCase { "RecordLengthLongerThanItsFields", [] { return patched([](Bytes& b) { b[61] += 2; }); }, 3, invalid,
            invalid },
        BatchErrorCase {
            "NegativeRecordLength", [] { return patched([](Bytes& b) { b[61] = 0x01; }); }, 3, invalid, invalid },
        // The first record's body: 00 attributes, 00 timestampDelta, 00 offsetDelta, 04 "k0", ...
        BatchErrorCase {
            "KeyLongerThanTheRecord", [] { return patched([](Bytes& b) { b[65] = 0x7e; }); }, 3, invalid, invalid },
        BatchErrorCase { "CompressedRecordsThatDoNotDecompress",
            [] {
                return patched(
                    [](Bytes& b) {
                        b[75] ^= 0xff;
                        b[76] ^= 0xff;
                    },
                    Compression::Gzip);
            },
            3, corrupt, corrupt }),
    [](const testing::TestParamInfo<BatchErrorCase>& info) { return std::string(info.param.name); });

TEST(RecordBatchErrors, ACountOf2To31Minus1IsCheckedAgainstTheBytesBeforeReserving)
{
    // With no records bound, the count still cannot make the decoder reserve: each record takes at
    // least 7 bytes, and 2^31 - 1 of them do not fit in the bytes present.
    BatchLimits unbounded = limits;
    unbounded.recordsPerBatchMax = std::numeric_limits<std::size_t>::max();
    const Bytes bytes = patched([](Bytes& b) {
        putInt32(b, 57, 0x7FFFFFFF);
        putInt32(b, 23, 0x7FFFFFFE);
    });
    EXPECT_EQ(kindOf([&] { decodeProducedBatch(bytes, 3, unbounded); }), BatchErrorKind::InvalidRecord);
    const Bytes compressed = patched(
        [](Bytes& b) {
            putInt32(b, 57, 0x7FFFFFFF);
            putInt32(b, 23, 0x7FFFFFFE);
        },
        Compression::Zstd);
    EXPECT_EQ(kindOf([&] { decodeRecordBatches(compressed, unbounded); }), BatchErrorKind::InvalidRecord);
}

TEST(RecordBatchErrors, ARecordAboveRecordBytesMax)
{
    BatchLimits small = limits;
    small.recordBytesMax = 20;
    EXPECT_EQ(kindOf([&] { decodeProducedBatch(encodeRecordBatch(producerBatch(), Compression::None), 3, small); }),
        BatchErrorKind::MessageTooLarge);
}

TEST(RecordBatchErrors, ErrorCodesAreKafkas)
{
    // Errors.java@3.7.0.
    EXPECT_EQ(BatchError(BatchErrorKind::CorruptMessage, "").errorCode(), 2);
    EXPECT_EQ(BatchError(BatchErrorKind::MessageTooLarge, "").errorCode(), 10);
    EXPECT_EQ(BatchError(BatchErrorKind::UnsupportedCompressionType, "").errorCode(), 76);
    EXPECT_EQ(BatchError(BatchErrorKind::InvalidRecord, "").errorCode(), 87);
}

TEST(RecordBatchErrors, ErrorsSayWhere)
{
    Bytes bytes = goldenBytes();
    bytes[70] ^= 0x01;
    try {
        decodeProducedBatch(bytes, 3, limits);
        FAIL() << "expected a BatchError";
    } catch (const BatchError& error) {
        EXPECT_NE(std::string(error.what()).find("at byte 17"), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("stored crc"), std::string::npos) << error.what();
    }
}

class RecordBatchDamage : public testing::TestWithParam<Compression> { };

TEST_P(RecordBatchDamage, AFlippedBitAnywhereIsAnErrorExceptInTheLeaderEpoch)
{
    // CRC-32C catches every single-bit error in the bytes it covers (21 to the end); the bytes before
    // are checked by framing, magic and baseOffset; partitionLeaderEpoch (12-15) is deliberately left
    // out of the CRC (DefaultRecordBatch's class comment) and the broker overwrites it.
    const Bytes bytes = encodeRecordBatch(producerBatch(), GetParam());
    for (std::size_t bit = 0; bit < bytes.size() * 8; ++bit) {
        Bytes flipped = bytes;
        const std::size_t at = bit / 8;
        flipped[at] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        if (at >= 12 && at < 16) {
            EXPECT_NE(decodeProducedBatch(flipped, 7, limits).partitionLeaderEpoch, -1);
            continue;
        }
        EXPECT_THROW(decodeProducedBatch(flipped, 7, limits), BatchError) << "bit " << bit;
        try {
            decodeRecordBatches(flipped, limits);
        } catch (const BatchError&) {
        }
    }
}

TEST_P(RecordBatchDamage, TruncatedAtEveryLength)
{
    const Bytes bytes = encodeRecordBatch(producerBatch(), GetParam());
    for (std::size_t length = 0; length < bytes.size(); ++length) {
        const ByteView cut = ByteView(bytes).first(length);
        // The produce side needs one whole batch; the fetch side leaves the partial one out.
        EXPECT_EQ(kindOf([&] { decodeProducedBatch(cut, 7, limits); }), BatchErrorKind::InvalidRecord)
            << "cut at " << length;
        EXPECT_TRUE(decodeRecordBatches(cut, limits).empty()) << "cut at " << length;
        // The same cut with its length and CRC made to match: the records section is what is short.
        if (length >= 61) {
            Bytes resealed(cut.begin(), cut.end());
            reseal(resealed);
            EXPECT_THROW(decodeProducedBatch(resealed, 7, limits), BatchError) << "resealed at " << length;
        }
    }
}

TEST_P(RecordBatchDamage, RandomBytesInTheRecordsWithAValidCrcNeverCrash)
{
    // Mutations behind a valid CRC reach the record parser and the decompressors; the result is a
    // batch or a BatchError, never a crash (ASan and UBSan watch). A fixed LCG seed: a failure names it.
    const Bytes bytes = encodeRecordBatch(producerBatch(), GetParam());
    std::uint32_t state = 20240601;
    for (int i = 0; i < 3000; ++i) {
        Bytes mutated = bytes;
        for (int n = 0; n < 1 + i % 4; ++n) {
            state = state * 1103515245u + 12345u;
            const std::size_t at = 57 + (state >> 8) % (mutated.size() - 57);
            state = state * 1103515245u + 12345u;
            mutated[at] = static_cast<std::uint8_t>(state >> 16);
        }
        reseal(mutated);
        try {
            decodeRecordBatches(mutated, limits);
        } catch (const BatchError&) {
        }
    }
}

INSTANTIATE_TEST_SUITE_P(EveryCodec, RecordBatchDamage,
    testing::Values(Compression::None, Compression::Gzip, Compression::Snappy, Compression::Lz4, Compression::Zstd),
    [](const testing::TestParamInfo<Compression>& info) { return std::string(compressionName(info.param)); });

TEST(RecordBatchErrors, ABatchThatDecompressesBeyondTheBoundIsMessageTooLarge)
{
    // 2 MiB of zeros in one record, compressed to a few KiB, against a bound of 1 MiB.
    BatchLimits small = limits;
    small.decompressedBytesMax = 1024 * 1024;
    small.recordBytesMax = 4 * 1024 * 1024;
    for (Compression compression : { Compression::Gzip, Compression::Snappy, Compression::Lz4, Compression::Zstd }) {
        const Bytes bytes
            = withProducerBatch([](RecordBatch& b) { b.records[0].value = Bytes(2 * 1024 * 1024, 0); }, compression);
        EXPECT_LT(bytes.size(), small.batchBytesMax) << compressionName(compression);
        EXPECT_EQ(kindOf([&] { decodeProducedBatch(bytes, 7, small); }), BatchErrorKind::MessageTooLarge)
            << compressionName(compression);
    }
}
