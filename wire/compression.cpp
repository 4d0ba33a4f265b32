// SPDX-License-Identifier: MIT
#include "wire/compression.h"

#include "wire/record_batch.h"

#include <lz4frame.h>
#include <snappy.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <memory>

namespace hw::wire {

namespace {

// Decompressors write into this scratch and the output grows from it, so the output never holds
// more than the bound and its capacity is never rounded up past it.
constexpr std::size_t scratchBytes = 64 * 1024;

// snappy-java's SnappyCodec.MAGIC_HEADER, then its version and compatible version (both 1), and
// SnappyOutputStream.DEFAULT_BLOCK_SIZE: the framing the Java producer writes (SnappyFactory@3.7.0).
constexpr std::array<std::uint8_t, 8> xerialMagic = { 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0x00 };
constexpr std::size_t xerialHeaderBytes = 16;
constexpr std::int32_t xerialVersion = 1;
constexpr std::size_t xerialBlockBytes = 32 * 1024;

// The LZ4 frame magic number and KafkaLZ4BlockOutputStream.FLG's version (01 in the top two bits).
constexpr std::uint32_t lz4FrameMagic = 0x184D2204;
constexpr int lz4FrameVersion = 1;

// zstd-jni's default level (Zstd.defaultCompressionLevel(), ZSTD_CLEVEL_DEFAULT), used by
// ZstdFactory.wrapForOutput@3.7.0.
constexpr int zstdLevel = 3;

[[noreturn]] void corrupt(Compression compression, const std::string& what)
{
    throw BatchError(BatchErrorKind::CorruptMessage,
        std::string(compressionName(compression)) + " data does not decompress: " + what);
}

// The decompressed bytes, never more than the bound: growing past it is MessageTooLarge before
// anything is allocated for the excess.
class BoundedOutput {
public:
    BoundedOutput(Compression compression, std::size_t bytesMax) : m_compression(compression), m_bytesMax(bytesMax) { }

    void append(const std::uint8_t* data, std::size_t count)
    {
        if (count > m_bytesMax - m_out.size())
            tooLarge();
        reserveFor(count);
        m_out.insert(m_out.end(), data, data + count);
    }

    // Checks a size a format declares before its bytes are produced (a raw snappy block's length).
    void expect(std::uint64_t count) const
    {
        if (count > m_bytesMax - m_out.size())
            tooLarge();
    }

    std::uint8_t* extend(std::size_t count)
    {
        expect(count);
        reserveFor(count);
        m_out.resize(m_out.size() + count);
        return m_out.data() + m_out.size() - count;
    }

    Bytes take() { return std::move(m_out); }

private:
    [[noreturn]] void tooLarge() const
    {
        throw BatchError(BatchErrorKind::MessageTooLarge,
            std::string(compressionName(m_compression)) + " data decompresses to more than "
                + std::to_string(m_bytesMax) + " bytes");
    }

    void reserveFor(std::size_t count)
    {
        const std::size_t needed = m_out.size() + count;
        if (needed <= m_out.capacity())
            return;
        m_out.reserve(std::min(m_bytesMax, std::max(needed, 2 * m_out.capacity())));
    }

    Compression m_compression;
    std::size_t m_bytesMax;
    Bytes m_out;
};

std::uint32_t readBigEndian32(const std::uint8_t* at)
{
    return (std::uint32_t { at[0] } << 24) | (std::uint32_t { at[1] } << 16) | (std::uint32_t { at[2] } << 8) | at[3];
}

void appendBigEndian32(Bytes& out, std::uint32_t value)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(value >> shift));
}

// ---- gzip ------------------------------------------------------------------------------------

Bytes gzipCompress(ByteView bytes)
{
    // GZIPOutputStream: gzip framing (windowBits 15 + 16) at zlib's default level.
    z_stream stream {};
    if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::bad_alloc();
    Bytes out(deflateBound(&stream, static_cast<uLong>(bytes.size())));
    stream.next_in = const_cast<Bytef*>(bytes.data());
    stream.avail_in = static_cast<uInt>(bytes.size());
    stream.next_out = out.data();
    stream.avail_out = static_cast<uInt>(out.size());
    const int result = deflate(&stream, Z_FINISH);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    if (result != Z_STREAM_END)
        throw std::logic_error("deflate did not finish within deflateBound");
    return out;
}

Bytes gzipDecompress(ByteView bytes, std::size_t bytesMax)
{
    if (bytes.size() > std::numeric_limits<uInt>::max())
        corrupt(Compression::Gzip, "more input than zlib takes at once");
    z_stream stream {};
    // windowBits 15 + 32: zlib detects the gzip (or zlib) header itself.
    if (inflateInit2(&stream, 15 + 32) != Z_OK)
        throw std::bad_alloc();
    std::unique_ptr<z_stream, int (*)(z_stream*)> guard(&stream, inflateEnd);
    stream.next_in = const_cast<Bytef*>(bytes.data());
    stream.avail_in = static_cast<uInt>(bytes.size());
    BoundedOutput out(Compression::Gzip, bytesMax);
    std::array<std::uint8_t, scratchBytes> scratch;
    for (;;) {
        stream.next_out = scratch.data();
        stream.avail_out = static_cast<uInt>(scratch.size());
        const int result = inflate(&stream, Z_NO_FLUSH);
        out.append(scratch.data(), scratch.size() - stream.avail_out);
        if (result == Z_STREAM_END) {
            // java.util.zip.GZIPInputStream.readTrailer reads a further member when one follows and
            // ignores other trailing bytes; a member starts with the gzip magic 1f 8b.
            if (stream.avail_in >= 2 && stream.next_in[0] == 0x1f && stream.next_in[1] == 0x8b) {
                inflateReset(&stream);
                continue;
            }
            return out.take();
        }
        if (result == Z_BUF_ERROR || (result == Z_OK && stream.avail_in == 0 && stream.avail_out != 0))
            corrupt(Compression::Gzip, "the stream ends before its last block");
        if (result != Z_OK)
            corrupt(Compression::Gzip, stream.msg != nullptr ? stream.msg : "inflate error " + std::to_string(result));
    }
}

// ---- snappy ----------------------------------------------------------------------------------

Bytes snappyCompress(ByteView bytes)
{
    // SnappyOutputStream: the header, then for each block of at most 32 KiB its compressed length as a
    // big-endian INT32 and the raw snappy block. An empty input still gets one (empty) block, because
    // librdkafka reads the framing only when there is more than the header and one length.
    Bytes out(xerialMagic.begin(), xerialMagic.end());
    appendBigEndian32(out, xerialVersion);
    appendBigEndian32(out, xerialVersion);
    std::size_t at = 0;
    do {
        const std::size_t blockBytes = std::min(xerialBlockBytes, bytes.size() - at);
        std::string block;
        snappy::Compress(reinterpret_cast<const char*>(bytes.data() + at), blockBytes, &block);
        appendBigEndian32(out, static_cast<std::uint32_t>(block.size()));
        out.insert(out.end(), block.begin(), block.end());
        at += blockBytes;
    } while (at < bytes.size());
    return out;
}

void snappyRawBlock(ByteView block, BoundedOutput& out)
{
    std::size_t length = 0;
    if (!snappy::GetUncompressedLength(reinterpret_cast<const char*>(block.data()), block.size(), &length))
        corrupt(Compression::Snappy, "a block without a valid length preamble");
    // The validator walks the block without writing (linear in the block's size), so a block that
    // does not decode is corrupt whatever length it claims, and only a valid one can be too large.
    if (!snappy::IsValidCompressedBuffer(reinterpret_cast<const char*>(block.data()), block.size()))
        corrupt(Compression::Snappy, "a corrupt block");
    out.expect(length);
    std::uint8_t* to = out.extend(length);
    if (!snappy::RawUncompress(reinterpret_cast<const char*>(block.data()), block.size(), reinterpret_cast<char*>(to)))
        corrupt(Compression::Snappy, "a corrupt block");
}

Bytes snappyDecompress(ByteView bytes, std::size_t bytesMax)
{
    BoundedOutput out(Compression::Snappy, bytesMax);
    // snappy-java's SnappyInputStream.readHeader: without the full 16-byte header starting with the
    // magic, the whole input is one raw snappy block (librdkafka's rd_kafka_msgset_reader_decompress
    // makes the same choice, and librdkafka writes raw blocks).
    const bool framed
        = bytes.size() >= xerialHeaderBytes && std::equal(xerialMagic.begin(), xerialMagic.end(), bytes.begin());
    if (!framed) {
        snappyRawBlock(bytes, out);
        return out.take();
    }
    std::size_t at = xerialHeaderBytes;
    while (at < bytes.size()) {
        // A further stream's header may follow (SnappyInputStream reads concatenated streams).
        if (bytes.size() - at >= xerialHeaderBytes
            && std::equal(xerialMagic.begin(), xerialMagic.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at))) {
            at += xerialHeaderBytes;
            continue;
        }
        if (bytes.size() - at < 4)
            corrupt(Compression::Snappy, "a block length cut short at byte " + std::to_string(at));
        const std::uint32_t blockBytes = readBigEndian32(bytes.data() + at);
        at += 4;
        if (blockBytes > std::numeric_limits<std::int32_t>::max() || blockBytes > bytes.size() - at)
            corrupt(Compression::Snappy,
                "a block of " + std::to_string(blockBytes) + " bytes with " + std::to_string(bytes.size() - at)
                    + " left");
        snappyRawBlock(bytes.subspan(at, blockBytes), out);
        at += blockBytes;
    }
    return out.take();
}

// ---- lz4 -------------------------------------------------------------------------------------

LZ4F_preferences_t lz4Preferences()
{
    // KafkaLZ4BlockOutputStream's defaults: 64 KiB blocks (BLOCKSIZE_64KB), independent blocks, no
    // block checksum, no content size and no content checksum.
    LZ4F_preferences_t preferences;
    std::memset(&preferences, 0, sizeof preferences);
    preferences.frameInfo.blockSizeID = LZ4F_max64KB;
    preferences.frameInfo.blockMode = LZ4F_blockIndependent;
    preferences.frameInfo.contentChecksumFlag = LZ4F_noContentChecksum;
    preferences.frameInfo.blockChecksumFlag = LZ4F_noBlockChecksum;
    return preferences;
}

Bytes lz4Compress(ByteView bytes)
{
    const LZ4F_preferences_t preferences = lz4Preferences();
    Bytes out(LZ4F_compressFrameBound(bytes.size(), &preferences));
    const std::size_t written = LZ4F_compressFrame(out.data(), out.size(), bytes.data(), bytes.size(), &preferences);
    if (LZ4F_isError(written))
        throw std::logic_error(std::string("LZ4F_compressFrame: ") + LZ4F_getErrorName(written));
    out.resize(written);
    return out;
}

Bytes lz4Decompress(ByteView bytes, std::size_t bytesMax)
{
    // KafkaLZ4BlockInputStream.readHeader and FLG.validate: the frame magic, version 01, reserved bits
    // clear and independent blocks ("Dependent block stream is unsupported"); the rest of the frame
    // (block sizes 64 KiB to 4 MiB, the header checksum, block data) is checked by lz4frame.
    if (bytes.size() < 6)
        corrupt(Compression::Lz4, "fewer than 6 bytes for the frame header");
    const std::uint32_t magic = std::uint32_t { bytes[0] } | (std::uint32_t { bytes[1] } << 8)
        | (std::uint32_t { bytes[2] } << 16) | (std::uint32_t { bytes[3] } << 24);
    if (magic != lz4FrameMagic)
        corrupt(Compression::Lz4, "not an LZ4 frame (magic " + std::to_string(magic) + ")");
    const std::uint8_t flags = bytes[4];
    if ((flags >> 6) != lz4FrameVersion || (flags & 0x03) != 0)
        corrupt(Compression::Lz4, "an unsupported frame version or reserved flag bits");
    if ((flags & 0x20) == 0)
        corrupt(Compression::Lz4, "dependent blocks, which Kafka does not read");

    LZ4F_dctx* context = nullptr;
    if (LZ4F_isError(LZ4F_createDecompressionContext(&context, LZ4F_VERSION)))
        throw std::bad_alloc();
    std::unique_ptr<LZ4F_dctx, LZ4F_errorCode_t (*)(LZ4F_dctx*)> guard(context, LZ4F_freeDecompressionContext);
    BoundedOutput out(Compression::Lz4, bytesMax);
    std::array<std::uint8_t, scratchBytes> scratch;
    std::size_t at = 0;
    for (;;) {
        std::size_t inBytes = bytes.size() - at;
        std::size_t outBytes = scratch.size();
        const std::size_t hint
            = LZ4F_decompress(context, scratch.data(), &outBytes, bytes.data() + at, &inBytes, nullptr);
        if (LZ4F_isError(hint))
            corrupt(Compression::Lz4, LZ4F_getErrorName(hint));
        at += inBytes;
        out.append(scratch.data(), outBytes);
        // One frame, as KafkaLZ4BlockInputStream reads: its EndMark finishes the stream.
        if (hint == 0)
            return out.take();
        if (at == bytes.size() && outBytes == 0)
            corrupt(Compression::Lz4, "the frame ends before its EndMark");
    }
}

// ---- zstd ------------------------------------------------------------------------------------

Bytes zstdCompress(ByteView bytes)
{
    Bytes out(ZSTD_compressBound(bytes.size()));
    const std::size_t written = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), zstdLevel);
    if (ZSTD_isError(written))
        throw std::logic_error(std::string("ZSTD_compress: ") + ZSTD_getErrorName(written));
    out.resize(written);
    return out;
}

// The largest window a frame may ask the decoder to allocate: enough for the bound (a window larger
// than all the output the bound allows is never needed), and never below 2^23, the window of zstd's
// levels up to 19 which producers use (librdkafka and zstd-jni write level 3, a 2^21 window), nor
// above 2^27, zstd's own default limit (ZSTD_WINDOWLOG_LIMIT_DEFAULT).
int zstdWindowLogMax(std::size_t bytesMax)
{
    int log = 23;
    while (log < 27 && (std::size_t { 1 } << log) < bytesMax)
        ++log;
    return log;
}

Bytes zstdDecompress(ByteView bytes, std::size_t bytesMax)
{
    std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> context(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!context)
        throw std::bad_alloc();
    ZSTD_DCtx_setParameter(context.get(), ZSTD_d_windowLogMax, zstdWindowLogMax(bytesMax));
    BoundedOutput out(Compression::Zstd, bytesMax);
    std::array<std::uint8_t, scratchBytes> scratch;
    ZSTD_inBuffer in { bytes.data(), bytes.size(), 0 };
    if (bytes.empty())
        corrupt(Compression::Zstd, "no frame");
    for (;;) {
        ZSTD_outBuffer chunk { scratch.data(), scratch.size(), 0 };
        const std::size_t hint = ZSTD_decompressStream(context.get(), &chunk, &in);
        if (ZSTD_isError(hint))
            corrupt(Compression::Zstd, ZSTD_getErrorName(hint));
        out.append(scratch.data(), chunk.pos);
        // ZstdInputStream reads frame after frame until the input ends.
        if (in.pos == in.size && chunk.pos < chunk.size) {
            if (hint != 0)
                corrupt(Compression::Zstd, "the input ends inside a frame");
            return out.take();
        }
    }
}

} // namespace

std::string_view compressionName(Compression compression)
{
    switch (compression) {
    case Compression::None:
        return "none";
    case Compression::Gzip:
        return "gzip";
    case Compression::Snappy:
        return "snappy";
    case Compression::Lz4:
        return "lz4";
    case Compression::Zstd:
        return "zstd";
    }
    return "unknown";
}

Bytes compress(Compression compression, ByteView bytes)
{
    switch (compression) {
    case Compression::None:
        return Bytes(bytes.begin(), bytes.end());
    case Compression::Gzip:
        return gzipCompress(bytes);
    case Compression::Snappy:
        return snappyCompress(bytes);
    case Compression::Lz4:
        return lz4Compress(bytes);
    case Compression::Zstd:
        return zstdCompress(bytes);
    }
    throw std::invalid_argument("compress: compression id " + std::to_string(static_cast<int>(compression)));
}

Bytes decompress(Compression compression, ByteView bytes, std::size_t decompressedBytesMax)
{
    switch (compression) {
    case Compression::None: {
        BoundedOutput out(Compression::None, decompressedBytesMax);
        out.append(bytes.data(), bytes.size());
        return out.take();
    }
    case Compression::Gzip:
        return gzipDecompress(bytes, decompressedBytesMax);
    case Compression::Snappy:
        return snappyDecompress(bytes, decompressedBytesMax);
    case Compression::Lz4:
        return lz4Decompress(bytes, decompressedBytesMax);
    case Compression::Zstd:
        return zstdDecompress(bytes, decompressedBytesMax);
    }
    throw BatchError(
        BatchErrorKind::UnsupportedCompressionType, "compression id " + std::to_string(static_cast<int>(compression)));
}

} // namespace hw::wire
