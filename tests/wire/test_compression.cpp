// SPDX-License-Identifier: MIT
// The record codecs (wire/compression.h): the byte formats Kafka 3.7's CompressionType streams and
// librdkafka read and write, and decompression bounded against zip bombs.
#include "wire/compression.h"
#include "wire/record_batch.h"

#include <gtest/gtest.h>

#include <lz4frame.h>
#include <snappy.h>
#include <zlib.h>
#include <zstd.h>

#include <sys/resource.h>

#include <cstring>
#include <functional>
#include <string>

using namespace hw::wire;

namespace {

Bytes bytesOf(std::initializer_list<int> values)
{
    Bytes out;
    for (int v : values)
        out.push_back(static_cast<std::uint8_t>(v));
    return out;
}

Bytes text(std::string_view s)
{
    return Bytes(s.begin(), s.end());
}

// Compressible but not trivial: a counter's decimal digits with a little noise from a fixed LCG.
Bytes samplePayload(std::size_t size)
{
    Bytes out;
    out.reserve(size);
    std::uint32_t state = 12345;
    for (std::size_t i = 0; out.size() < size; ++i) {
        state = state * 1103515245u + 12345u;
        const std::string piece = "record-" + std::to_string(i % 977) + (((state >> 16) & 7) == 0 ? "!" : " ");
        for (char c : piece)
            if (out.size() < size)
                out.push_back(static_cast<std::uint8_t>(c));
    }
    return out;
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

long maxRssKb()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

constexpr std::size_t gib = std::size_t { 1 } << 30;
constexpr std::size_t mib = std::size_t { 1 } << 20;

} // namespace

// ---- round trips --------------------------------------------------------------------------------

struct RoundTripCase {
    Compression compression;
    std::size_t size;
};

class CompressionRoundTrip : public testing::TestWithParam<RoundTripCase> { };

TEST_P(CompressionRoundTrip, DecompressReturnsWhatCompressWrote)
{
    const RoundTripCase& c = GetParam();
    const Bytes payload = samplePayload(c.size);
    const Bytes compressed = compress(c.compression, payload);
    if (c.compression != Compression::None && c.size > 4096) {
        EXPECT_LT(compressed.size(), payload.size() / 2) << compressionName(c.compression);
    }
    EXPECT_EQ(decompress(c.compression, compressed, payload.size()), payload);
    // One byte less than the output is a MessageTooLarge, not a truncated result.
    if (!payload.empty()) {
        EXPECT_EQ(kindOf([&] { decompress(c.compression, compressed, payload.size() - 1); }),
            BatchErrorKind::MessageTooLarge);
    }
}

INSTANTIATE_TEST_SUITE_P(EveryCodec, CompressionRoundTrip,
    testing::Values(RoundTripCase { Compression::None, 0 }, RoundTripCase { Compression::None, 1000 },
        RoundTripCase { Compression::Gzip, 0 }, RoundTripCase { Compression::Gzip, 1 },
        RoundTripCase { Compression::Gzip, 300000 }, RoundTripCase { Compression::Snappy, 0 },
        RoundTripCase { Compression::Snappy, 1 }, RoundTripCase { Compression::Snappy, 32 * 1024 },
        RoundTripCase { Compression::Snappy, 300000 }, RoundTripCase { Compression::Lz4, 0 },
        RoundTripCase { Compression::Lz4, 1 }, RoundTripCase { Compression::Lz4, 300000 },
        RoundTripCase { Compression::Zstd, 0 }, RoundTripCase { Compression::Zstd, 1 },
        RoundTripCase { Compression::Zstd, 300000 }),
    [](const testing::TestParamInfo<RoundTripCase>& info) {
        return std::string(compressionName(info.param.compression)) + "_" + std::to_string(info.param.size);
    });

// ---- the formats written --------------------------------------------------------------------------

TEST(Compression, GzipWritesTheGzipHeader)
{
    const Bytes out = compress(Compression::Gzip, text("hello"));
    ASSERT_GE(out.size(), 18u);
    // RFC 1952: ID1 ID2 = 1f 8b, CM = 8 (deflate).
    EXPECT_EQ(Bytes(out.begin(), out.begin() + 3), bytesOf({ 0x1f, 0x8b, 0x08 }));
}

TEST(Compression, SnappyWritesTheSnappyJavaFraming)
{
    // snappy-java's SnappyCodec header (magic 0x82 "SNAPPY" 0x00, version 1, compatible version 1),
    // then one block: its INT32 length and a raw snappy block, whose first byte is the varint of the
    // uncompressed length (5).
    const Bytes out = compress(Compression::Snappy, text("hello"));
    const Bytes header = bytesOf({ 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0, 0, 0, 0, 1, 0, 0, 0, 1 });
    ASSERT_GT(out.size(), 21u);
    EXPECT_EQ(Bytes(out.begin(), out.begin() + 16), header);
    const std::uint32_t blockBytes = (std::uint32_t { out[16] } << 24) | (out[17] << 16) | (out[18] << 8) | out[19];
    EXPECT_EQ(blockBytes, out.size() - 20);
    EXPECT_EQ(out[20], 5);
}

TEST(Compression, SnappyBlocksAre32KiB)
{
    // SnappyOutputStream.DEFAULT_BLOCK_SIZE: 70000 bytes make blocks of 32768, 32768 and 4464.
    const Bytes payload = samplePayload(70000);
    const Bytes out = compress(Compression::Snappy, payload);
    std::size_t at = 16;
    std::vector<std::size_t> uncompressed;
    while (at < out.size()) {
        const std::uint32_t blockBytes
            = (std::uint32_t { out[at] } << 24) | (out[at + 1] << 16) | (out[at + 2] << 8) | out[at + 3];
        std::size_t length = 0;
        ASSERT_TRUE(
            snappy::GetUncompressedLength(reinterpret_cast<const char*>(out.data() + at + 4), blockBytes, &length));
        uncompressed.push_back(length);
        at += 4 + blockBytes;
    }
    EXPECT_EQ(uncompressed, (std::vector<std::size_t> { 32768, 32768, 4464 }));
}

TEST(Compression, Lz4WritesKafkasFrameDescriptor)
{
    // KafkaLZ4BlockOutputStream: magic 04 22 4d 18, FLG 0x60 (version 01, independent blocks, no
    // checksums, no content size), BD 0x40 (64 KiB blocks), then the header checksum byte.
    const Bytes out = compress(Compression::Lz4, text("hello"));
    ASSERT_GE(out.size(), 7u);
    EXPECT_EQ(Bytes(out.begin(), out.begin() + 6), bytesOf({ 0x04, 0x22, 0x4d, 0x18, 0x60, 0x40 }));
}

TEST(Compression, ZstdWritesAZstdFrame)
{
    const Bytes out = compress(Compression::Zstd, text("hello"));
    ASSERT_GE(out.size(), 4u);
    EXPECT_EQ(Bytes(out.begin(), out.begin() + 4), bytesOf({ 0x28, 0xb5, 0x2f, 0xfd }));
}

// ---- the formats read -----------------------------------------------------------------------------

TEST(Compression, SnappyReadsARawBlock)
{
    // librdkafka writes raw blocks. A hand-made one: length varint 5, then a literal of 5 bytes
    // (tag (5 - 1) << 2 = 0x10).
    const Bytes raw = bytesOf({ 0x05, 0x10, 'h', 'e', 'l', 'l', 'o' });
    EXPECT_EQ(decompress(Compression::Snappy, raw, 100), text("hello"));
}

TEST(Compression, SnappyReadsTheSnappyJavaFramingWithSeveralBlocksAndStreams)
{
    // Two hand-made raw blocks "hello " and "world" in the framing, then a second stream (a further
    // header, as SnappyInputStream reads concatenated streams) with "!".
    const Bytes header = bytesOf({ 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0, 0, 0, 0, 1, 0, 0, 0, 1 });
    Bytes framed = header;
    const Bytes block1 = bytesOf({ 0x00, 0, 0, 8, 0x06, 0x14, 'h', 'e', 'l', 'l', 'o', ' ' });
    const Bytes block2 = bytesOf({ 0x00, 0, 0, 7, 0x05, 0x10, 'w', 'o', 'r', 'l', 'd' });
    const Bytes block3 = bytesOf({ 0x00, 0, 0, 3, 0x01, 0x00, '!' });
    framed.insert(framed.end(), block1.begin(), block1.end());
    framed.insert(framed.end(), block2.begin(), block2.end());
    framed.insert(framed.end(), header.begin(), header.end());
    framed.insert(framed.end(), block3.begin(), block3.end());
    EXPECT_EQ(decompress(Compression::Snappy, framed, 100), text("hello world!"));
}

TEST(Compression, SnappyFramingErrors)
{
    const Bytes header = bytesOf({ 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0, 0, 0, 0, 1, 0, 0, 0, 1 });
    Bytes longBlock = header;
    for (int b : { 0x00, 0x00, 0x01, 0x00, 0x05, 0x10 }) // a block of 256 bytes with 2 present
        longBlock.push_back(static_cast<std::uint8_t>(b));
    EXPECT_EQ(kindOf([&] { decompress(Compression::Snappy, longBlock, 100); }), BatchErrorKind::CorruptMessage);
    Bytes cutLength = header;
    cutLength.push_back(0);
    cutLength.push_back(0);
    EXPECT_EQ(kindOf([&] { decompress(Compression::Snappy, cutLength, 100); }), BatchErrorKind::CorruptMessage);
    EXPECT_EQ(kindOf([&] { decompress(Compression::Snappy, Bytes {}, 100); }), BatchErrorKind::CorruptMessage);
}

TEST(Compression, GzipReadsConcatenatedMembersAndIgnoresTrailingBytes)
{
    Bytes both = compress(Compression::Gzip, text("hello "));
    const Bytes second = compress(Compression::Gzip, text("world"));
    both.insert(both.end(), second.begin(), second.end());
    EXPECT_EQ(decompress(Compression::Gzip, both, 100), text("hello world"));
    both.push_back(0x00); // GZIPInputStream.readTrailer ignores bytes that do not start a member
    EXPECT_EQ(decompress(Compression::Gzip, both, 100), text("hello world"));
}

TEST(Compression, Lz4RejectsDependentBlocksAsKafkaDoes)
{
    LZ4F_preferences_t preferences;
    std::memset(&preferences, 0, sizeof preferences);
    preferences.frameInfo.blockSizeID = LZ4F_max64KB;
    preferences.frameInfo.blockMode = LZ4F_blockLinked;
    // More than one block: LZ4F_compressFrame makes a single-block frame independent on its own.
    const Bytes payload = samplePayload(200000);
    Bytes out(LZ4F_compressFrameBound(payload.size(), &preferences));
    out.resize(LZ4F_compressFrame(out.data(), out.size(), payload.data(), payload.size(), &preferences));
    EXPECT_EQ(kindOf([&] { decompress(Compression::Lz4, out, payload.size()); }), BatchErrorKind::CorruptMessage);
}

TEST(Compression, Lz4ReadsOneFrameAndChecksItsHeaderChecksum)
{
    Bytes frame = compress(Compression::Lz4, text("hello"));
    Bytes withTrailing = frame;
    withTrailing.push_back(0x42); // KafkaLZ4BlockInputStream stops at the EndMark
    EXPECT_EQ(decompress(Compression::Lz4, withTrailing, 100), text("hello"));
    frame[6] ^= 0x01; // the frame descriptor's HC byte
    EXPECT_EQ(kindOf([&] { decompress(Compression::Lz4, frame, 100); }), BatchErrorKind::CorruptMessage);
}

TEST(Compression, AnUnknownIdIsUnsupported)
{
    EXPECT_EQ(kindOf([&] { decompress(static_cast<Compression>(5), text("x"), 100); }),
        BatchErrorKind::UnsupportedCompressionType);
}

// ---- corrupt input ----------------------------------------------------------------------------

class CompressionCorruption : public testing::TestWithParam<Compression> { };

TEST_P(CompressionCorruption, EveryTruncationIsAnError)
{
    const Bytes payload = samplePayload(5000);
    const Bytes compressed = compress(GetParam(), payload);
    for (std::size_t length = 0; length < compressed.size(); ++length) {
        const ByteView cut = ByteView(compressed).first(length);
        // A snappy-java stream cut right after its header is a valid empty stream.
        if (GetParam() == Compression::Snappy && length == 16) {
            EXPECT_TRUE(decompress(GetParam(), cut, payload.size()).empty());
            continue;
        }
        EXPECT_EQ(kindOf([&] { decompress(GetParam(), cut, payload.size()); }), BatchErrorKind::CorruptMessage)
            << compressionName(GetParam()) << " cut at " << length << " of " << compressed.size();
    }
}

TEST_P(CompressionCorruption, FlippedBitsNeverCrash)
{
    // Without checksums (LZ4 as Kafka writes it, snappy) a flipped bit may decode to other bytes;
    // it must never read or write out of bounds (ASan) nor exceed the bound.
    const Bytes payload = samplePayload(3000);
    const Bytes compressed = compress(GetParam(), payload);
    int errors = 0;
    for (std::size_t bit = 0; bit < compressed.size() * 8; bit += 3) {
        Bytes flipped = compressed;
        flipped[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        try {
            EXPECT_LE(decompress(GetParam(), flipped, payload.size()).size(), payload.size());
        } catch (const BatchError&) {
            ++errors;
        }
    }
    EXPECT_GT(errors, 0);
}

INSTANTIATE_TEST_SUITE_P(EveryCodec, CompressionCorruption,
    testing::Values(Compression::Gzip, Compression::Snappy, Compression::Lz4, Compression::Zstd),
    [](const testing::TestParamInfo<Compression>& info) { return std::string(compressionName(info.param)); });

// ---- bombs --------------------------------------------------------------------------------------

namespace {

// 1 GiB of zeros compressed a chunk at a time, so the test never holds the gigabyte itself.
Bytes gzipBombOfZeros(std::size_t size)
{
    z_stream stream {};
    EXPECT_EQ(deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY), Z_OK);
    const Bytes zeros(mib, 0);
    Bytes out;
    std::vector<std::uint8_t> chunk(256 * 1024);
    for (std::size_t done = 0; done < size; done += zeros.size()) {
        stream.next_in = const_cast<Bytef*>(zeros.data());
        stream.avail_in = static_cast<uInt>(zeros.size());
        const int flush = done + zeros.size() >= size ? Z_FINISH : Z_NO_FLUSH;
        do {
            stream.next_out = chunk.data();
            stream.avail_out = static_cast<uInt>(chunk.size());
            deflate(&stream, flush);
            out.insert(out.end(), chunk.data(), chunk.data() + (chunk.size() - stream.avail_out));
        } while (stream.avail_out == 0);
    }
    deflateEnd(&stream);
    return out;
}

Bytes zstdBombOfZeros(std::size_t size)
{
    ZSTD_CCtx* context = ZSTD_createCCtx();
    const Bytes zeros(mib, 0);
    Bytes out;
    std::vector<std::uint8_t> chunk(ZSTD_CStreamOutSize());
    for (std::size_t done = 0; done < size; done += zeros.size()) {
        const ZSTD_EndDirective mode = done + zeros.size() >= size ? ZSTD_e_end : ZSTD_e_continue;
        ZSTD_inBuffer in { zeros.data(), zeros.size(), 0 };
        bool finished = false;
        while (!finished) {
            ZSTD_outBuffer o { chunk.data(), chunk.size(), 0 };
            const std::size_t left = ZSTD_compressStream2(context, &o, &in, mode);
            out.insert(out.end(), chunk.data(), chunk.data() + o.pos);
            finished = mode == ZSTD_e_end ? left == 0 : in.pos == in.size;
        }
    }
    ZSTD_freeCCtx(context);
    return out;
}

} // namespace

TEST(CompressionBomb, GzipOfOneGibibyteOfZerosStopsAtTheBound)
{
    const Bytes bomb = gzipBombOfZeros(gib);
    EXPECT_LT(bomb.size(), 2 * mib);
    const long before = maxRssKb();
    EXPECT_EQ(kindOf([&] { decompress(Compression::Gzip, bomb, 4 * mib); }), BatchErrorKind::MessageTooLarge);
    EXPECT_LT(maxRssKb() - before, 64 * 1024) << "peak RSS grew by more than 64 MiB";
}

TEST(CompressionBomb, ZstdOfOneGibibyteOfZerosStopsAtTheBound)
{
    const Bytes bomb = zstdBombOfZeros(gib);
    EXPECT_LT(bomb.size(), mib);
    const long before = maxRssKb();
    EXPECT_EQ(kindOf([&] { decompress(Compression::Zstd, bomb, 4 * mib); }), BatchErrorKind::MessageTooLarge);
    EXPECT_LT(maxRssKb() - before, 64 * 1024) << "peak RSS grew by more than 64 MiB";
}

TEST(CompressionBomb, SnappyBlockClaimingOneGibibyteWithoutItsDataIsCorrupt)
{
    // A raw block whose length preamble says 2^30 bytes (varint 80 80 80 80 04) and holds almost nothing.
    const Bytes claim = bytesOf({ 0x80, 0x80, 0x80, 0x80, 0x04, 0x00 });
    const long before = maxRssKb();
    EXPECT_EQ(kindOf([&] { decompress(Compression::Snappy, claim, 4 * mib); }), BatchErrorKind::CorruptMessage);
    EXPECT_LT(maxRssKb() - before, 64 * 1024);
}

TEST(CompressionBomb, SnappyOfManyZerosStopsAtTheBound)
{
    // A valid raw block (as librdkafka writes) of 64 MiB of zeros, against a bound of 4 MiB: rejected
    // from its length preamble before the output is allocated.
    std::string block;
    {
        const std::string zeros(64 * mib, '\0');
        snappy::Compress(zeros.data(), zeros.size(), &block);
    }
    const Bytes bomb(block.begin(), block.end());
    const long before = maxRssKb();
    EXPECT_EQ(kindOf([&] { decompress(Compression::Snappy, bomb, 4 * mib); }), BatchErrorKind::MessageTooLarge);
    EXPECT_LT(maxRssKb() - before, 16 * 1024);
}

TEST(CompressionBomb, Lz4OfManyZerosStopsAtTheBound)
{
    const Bytes zeros(64 * mib, 0);
    const Bytes bomb = compress(Compression::Lz4, zeros);
    EXPECT_EQ(kindOf([&] { decompress(Compression::Lz4, bomb, 4 * mib); }), BatchErrorKind::MessageTooLarge);
    EXPECT_EQ(decompress(Compression::Lz4, bomb, zeros.size()), zeros);
}
