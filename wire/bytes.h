// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

/// The Kafka protocol's primitive types (kafka.apache.org/protocol, "Protocol Primitive Types"; the
/// reading and writing of clients/src/main/java/org/apache/kafka/common/protocol/types/Type.java and
/// ByteUtils.java at 3.7.0): big-endian integers, zig-zag varints, strings, bytes and arrays with
/// INT16/INT32 or unsigned-varint ("compact") lengths, and tagged fields. No sockets and no Qt.
namespace hw::wire {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;

/// Bytes that do not decode: where (the offset from the start of what the Reader reads) and what was
/// expected. Everything that reads client bytes throws this and nothing else.
class DecodeError : public std::runtime_error {
public:
    DecodeError(const std::string& what, std::size_t offset);
    std::size_t offset() const { return m_offset; }
    /// What was wrong, without the "at byte N: " that what() starts with (the client half of the codec puts
    /// it after the API, version and field it was reading).
    const std::string& detail() const { return m_detail; }

private:
    std::size_t m_offset;
    std::string m_detail;
};

/// Reads the protocol's types from a byte range it does not own. Every read checks the bytes left, and
/// every length (of a string, bytes or an array) is checked against them before anything is allocated,
/// so a length prefix of 2 GiB in a 100-byte frame is an error, not an allocation.
class Reader {
public:
    explicit Reader(ByteView bytes, std::size_t baseOffset = 0) : m_bytes(bytes), m_base(baseOffset) {}

    std::int8_t int8();
    std::int16_t int16();
    std::int32_t int32();
    std::int64_t int64();
    std::uint32_t uint32();
    bool boolean();
    std::int32_t varint();           // zig-zag, at most 5 bytes
    std::int64_t varlong();          // zig-zag, at most 10 bytes
    std::uint32_t unsignedVarint();  // at most 5 bytes

    std::string string();                        // INT16 length; null is an error
    std::optional<std::string> nullableString(); // INT16 length, -1: null
    std::string compactString();                 // UNSIGNED_VARINT length + 1; null is an error
    std::optional<std::string> compactNullableString();
    ByteView bytes();                            // INT32 length; null is an error
    std::optional<ByteView> nullableBytes();     // INT32 length, -1: null
    std::optional<ByteView> compactNullableBytes();
    ByteView compactBytes();

    /// An array's element count: INT32 (or, compact, UNSIGNED_VARINT + 1). -1 (0 compact) is null,
    /// returned as std::nullopt. A count that cannot fit in the bytes left, given the smallest size one
    /// element can have, is an error.
    std::optional<std::int32_t> nullableArrayLength(std::size_t minElementBytes);
    std::int32_t arrayLength(std::size_t minElementBytes);
    std::optional<std::int32_t> compactNullableArrayLength(std::size_t minElementBytes);
    std::int32_t compactArrayLength(std::size_t minElementBytes);

    /// Skips a tagged-field section (flexible versions): unknown tags are ignored, as Kafka does.
    void skipTaggedFields();

    ByteView take(std::size_t count);
    ByteView rest();
    std::size_t offset() const { return m_base + m_position; } // from the start of the frame
    std::size_t remaining() const { return m_bytes.size() - m_position; }
    bool atEnd() const { return m_position == m_bytes.size(); }

    [[noreturn]] void fail(const std::string& what) const;

private:
    void need(std::size_t count, const char* what) const;

    ByteView m_bytes;
    std::size_t m_base = 0;
    std::size_t m_position = 0;
};

/// Writes the protocol's types into a growing buffer.
class Writer {
public:
    void int8(std::int8_t value);
    void int16(std::int16_t value);
    void int32(std::int32_t value);
    void int64(std::int64_t value);
    void uint32(std::uint32_t value);
    void boolean(bool value) { int8(value ? 1 : 0); }
    void varint(std::int32_t value);
    void varlong(std::int64_t value);
    void unsignedVarint(std::uint32_t value);

    void string(std::string_view value);
    void nullableString(const std::optional<std::string>& value);
    void compactString(std::string_view value);
    void compactNullableString(const std::optional<std::string>& value);
    void bytes(ByteView value);                 // INT32 length
    void nullableBytes(const std::optional<ByteView>& value);
    void compactBytes(ByteView value);
    void arrayLength(std::int32_t count) { int32(count); }
    void compactArrayLength(std::int32_t count) { unsignedVarint(static_cast<std::uint32_t>(count) + 1); }
    void emptyTaggedFields() { unsignedVarint(0); }
    void raw(ByteView value);

    /// Reserves an INT32 to fill in later (a length or a CRC written after what it covers).
    std::size_t reserveInt32();
    void patchInt32(std::size_t at, std::int32_t value);
    void patchUint32(std::size_t at, std::uint32_t value);

    std::size_t size() const { return m_out.size(); }
    const Bytes& data() const { return m_out; }
    Bytes take() { return std::move(m_out); }

private:
    Bytes m_out;
};

/// The size of a value written as a zig-zag varint (DefaultRecord.sizeInBytes needs it).
std::size_t varintSize(std::int32_t value);
std::size_t varlongSize(std::int64_t value);

inline ByteView view(std::string_view text)
{
    return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

inline std::string toString(ByteView bytes)
{
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

} // namespace hw::wire
