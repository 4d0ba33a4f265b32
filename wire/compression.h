// SPDX-License-Identifier: MIT
#pragma once

#include "wire/bytes.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

/// The record codecs of a RecordBatch v2: the compression type in the batch attributes' low three bits
/// and the byte formats Kafka's codecs read and write. Follows apache/kafka at 3.7.0:
/// clients/src/main/java/org/apache/kafka/common/record/CompressionType.java (the ids and which stream
/// each wraps), clients/.../common/compress/KafkaLZ4BlockOutputStream.java and KafkaLZ4BlockInputStream.java
/// (the LZ4 frame format), SnappyFactory.java (xerial snappy-java's SnappyOutputStream/SnappyInputStream)
/// and ZstdFactory.java (zstd-jni's streaming frames). librdkafka's rdkafka_msgset_reader.c (v2.0.2) shows
/// the client side: it reads snappy both raw and in the snappy-java framing and writes it raw.
///
/// Decompression is bounded: output beyond the bound is an error before more than the bound is
/// allocated, so a small "zip bomb" cannot make the broker allocate gigabytes. Errors throw
/// hw::wire::BatchError (wire/record_batch.h): BatchErrorKind::MessageTooLarge for output beyond the
/// bound, BatchErrorKind::CorruptMessage for input that does not decode.
namespace hw::wire {

/// A RecordBatch's compression type (CompressionType.java@3.7.0: NONE 0, GZIP 1, SNAPPY 2, LZ4 3, ZSTD 4).
enum class Compression : std::int8_t { None = 0, Gzip = 1, Snappy = 2, Lz4 = 3, Zstd = 4 };

/// The highest compression id Kafka 3.7 knows (CompressionType.forId rejects the others).
inline constexpr int compressionIdMax = 4;

/// The codec's name as Kafka spells it in compression.type ("none", "gzip", "snappy", "lz4", "zstd").
std::string_view compressionName(Compression compression);

/// Compresses the bytes as the Java producer's stream for the codec writes them: gzip framing at
/// zlib's default level (GZIPOutputStream), the snappy-java framing with 32 KiB blocks
/// (SnappyOutputStream), an LZ4 frame of independent 64 KiB blocks without checksums
/// (KafkaLZ4BlockOutputStream's defaults) and a zstd frame at level 3 (zstd-jni's default).
/// Compression::None returns the bytes unchanged.
Bytes compress(Compression compression, ByteView bytes);

/// Decompresses the bytes, producing at most decompressedBytesMax bytes: more is
/// BatchErrorKind::MessageTooLarge, corrupt or truncated input BatchErrorKind::CorruptMessage. Gzip
/// accepts concatenated members (as java.util.zip.GZIPInputStream does); snappy accepts both a raw
/// block and the snappy-java framing; LZ4 reads one frame, as KafkaLZ4BlockInputStream does; zstd
/// accepts concatenated frames, as ZstdInputStream does.
Bytes decompress(Compression compression, ByteView bytes, std::size_t decompressedBytesMax);

} // namespace hw::wire
