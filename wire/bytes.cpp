// SPDX-License-Identifier: MIT
#include "wire/bytes.h"

#include <limits>

namespace hw::wire {

DecodeError::DecodeError(const std::string& what, std::size_t offset)
    : std::runtime_error("at byte " + std::to_string(offset) + ": " + what), m_offset(offset), m_detail(what)
{
}

void Reader::fail(const std::string& what) const
{
    throw DecodeError(what, offset());
}

void Reader::need(std::size_t count, const char* what) const
{
    if (count > remaining())
        fail(std::string("expected ") + std::to_string(count) + " bytes for " + what + ", " +
             std::to_string(remaining()) + " left");
}

namespace {

template <typename T>
T readBigEndian(ByteView bytes, std::size_t at)
{
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
        value = (value << 8) | bytes[at + i];
    return static_cast<T>(value);
}

} // namespace

std::int8_t Reader::int8()
{
    need(1, "INT8");
    return static_cast<std::int8_t>(m_bytes[m_position++]);
}

std::int16_t Reader::int16()
{
    need(2, "INT16");
    const auto value = readBigEndian<std::uint16_t>(m_bytes, m_position);
    m_position += 2;
    return static_cast<std::int16_t>(value);
}

std::int32_t Reader::int32()
{
    return static_cast<std::int32_t>(uint32());
}

std::uint32_t Reader::uint32()
{
    need(4, "INT32");
    const auto value = readBigEndian<std::uint32_t>(m_bytes, m_position);
    m_position += 4;
    return value;
}

std::int64_t Reader::int64()
{
    need(8, "INT64");
    const auto value = readBigEndian<std::uint64_t>(m_bytes, m_position);
    m_position += 8;
    return static_cast<std::int64_t>(value);
}

bool Reader::boolean()
{
    const std::int8_t value = int8();
    if (value != 0 && value != 1)
        fail("expected a BOOLEAN (0 or 1), got " + std::to_string(value));
    return value != 0;
}

// ByteUtils.readUnsignedVarint: 7 bits per byte, low bits first, at most 5 bytes.
std::uint32_t Reader::unsignedVarint()
{
    std::uint32_t value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        need(1, "VARINT");
        const std::uint8_t b = m_bytes[m_position++];
        if (shift == 28 && (b & 0xf0) != 0)
            fail("a VARINT longer than 5 bytes or above 2^32");
        value |= static_cast<std::uint32_t>(b & 0x7f) << shift;
        if ((b & 0x80) == 0)
            return value;
    }
    fail("a VARINT longer than 5 bytes");
}

std::int32_t Reader::varint()
{
    const std::uint32_t raw = unsignedVarint();
    return static_cast<std::int32_t>((raw >> 1) ^ (~(raw & 1) + 1));
}

std::int64_t Reader::varlong()
{
    std::uint64_t raw = 0;
    for (int shift = 0; shift < 70; shift += 7) {
        need(1, "VARLONG");
        const std::uint8_t b = m_bytes[m_position++];
        if (shift == 63 && (b & 0xfe) != 0)
            fail("a VARLONG longer than 10 bytes or above 2^64");
        raw |= static_cast<std::uint64_t>(b & 0x7f) << shift;
        if ((b & 0x80) == 0)
            return static_cast<std::int64_t>((raw >> 1) ^ (~(raw & 1) + 1));
    }
    fail("a VARLONG longer than 10 bytes");
}

ByteView Reader::take(std::size_t count)
{
    need(count, "a field");
    ByteView out = m_bytes.subspan(m_position, count);
    m_position += count;
    return out;
}

ByteView Reader::rest()
{
    return take(remaining());
}

std::optional<std::string> Reader::nullableString()
{
    const std::int16_t length = int16();
    if (length == -1)
        return std::nullopt;
    if (length < 0)
        fail("expected a STRING length of -1 or more, got " + std::to_string(length));
    need(static_cast<std::size_t>(length), "a STRING");
    return toString(take(static_cast<std::size_t>(length)));
}

std::string Reader::string()
{
    const std::size_t at = offset();
    auto value = nullableString();
    if (!value)
        throw DecodeError("expected a STRING, got null", at);
    return std::move(*value);
}

std::optional<std::string> Reader::compactNullableString()
{
    const std::uint32_t lengthPlusOne = unsignedVarint();
    if (lengthPlusOne == 0)
        return std::nullopt;
    const std::size_t length = lengthPlusOne - 1;
    if (length > static_cast<std::size_t>(std::numeric_limits<std::int16_t>::max()))
        fail("a COMPACT_STRING of " + std::to_string(length) + " bytes, above 32767");
    need(length, "a COMPACT_STRING");
    return toString(take(length));
}

std::string Reader::compactString()
{
    const std::size_t at = offset();
    auto value = compactNullableString();
    if (!value)
        throw DecodeError("expected a COMPACT_STRING, got null", at);
    return std::move(*value);
}

std::optional<ByteView> Reader::nullableBytes()
{
    const std::int32_t length = int32();
    if (length == -1)
        return std::nullopt;
    if (length < 0)
        fail("expected a BYTES length of -1 or more, got " + std::to_string(length));
    need(static_cast<std::size_t>(length), "BYTES");
    return take(static_cast<std::size_t>(length));
}

ByteView Reader::bytes()
{
    const std::size_t at = offset();
    auto value = nullableBytes();
    if (!value)
        throw DecodeError("expected BYTES, got null", at);
    return *value;
}

std::optional<ByteView> Reader::compactNullableBytes()
{
    const std::uint32_t lengthPlusOne = unsignedVarint();
    if (lengthPlusOne == 0)
        return std::nullopt;
    need(lengthPlusOne - 1, "COMPACT_BYTES");
    return take(lengthPlusOne - 1);
}

ByteView Reader::compactBytes()
{
    const std::size_t at = offset();
    auto value = compactNullableBytes();
    if (!value)
        throw DecodeError("expected COMPACT_BYTES, got null", at);
    return *value;
}

std::optional<std::int32_t> Reader::nullableArrayLength(std::size_t minElementBytes)
{
    const std::int32_t count = int32();
    if (count == -1)
        return std::nullopt;
    if (count < 0)
        fail("expected an ARRAY length of -1 or more, got " + std::to_string(count));
    if (minElementBytes > 0 && static_cast<std::size_t>(count) > remaining() / minElementBytes)
        fail("an ARRAY of " + std::to_string(count) + " elements does not fit in the " +
             std::to_string(remaining()) + " bytes left (expected at least " + std::to_string(minElementBytes) +
             " bytes per element)");
    return count;
}

std::int32_t Reader::arrayLength(std::size_t minElementBytes)
{
    const std::size_t at = offset();
    auto count = nullableArrayLength(minElementBytes);
    if (!count)
        throw DecodeError("expected an ARRAY, got null", at);
    return *count;
}

std::optional<std::int32_t> Reader::compactNullableArrayLength(std::size_t minElementBytes)
{
    const std::uint32_t countPlusOne = unsignedVarint();
    if (countPlusOne == 0)
        return std::nullopt;
    const std::size_t count = countPlusOne - 1;
    if (minElementBytes > 0 && count > remaining() / minElementBytes)
        fail("a COMPACT_ARRAY of " + std::to_string(count) + " elements does not fit in the " +
             std::to_string(remaining()) + " bytes left (expected at least " + std::to_string(minElementBytes) +
             " bytes per element)");
    if (count > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        fail("a COMPACT_ARRAY of more than 2^31 - 1 elements");
    return static_cast<std::int32_t>(count);
}

std::int32_t Reader::compactArrayLength(std::size_t minElementBytes)
{
    const std::size_t at = offset();
    auto count = compactNullableArrayLength(minElementBytes);
    if (!count)
        throw DecodeError("expected a COMPACT_ARRAY, got null", at);
    return *count;
}

// RawTaggedField: a count, then each field's tag and size; the tags this decoder does not know are
// skipped, as Kafka's generated readers do.
void Reader::skipTaggedFields()
{
    const std::uint32_t count = unsignedVarint();
    for (std::uint32_t i = 0; i < count; ++i) {
        unsignedVarint(); // the tag
        const std::uint32_t size = unsignedVarint();
        take(size);
    }
}

// ---------------------------------------------------------------------------------------------

void Writer::int8(std::int8_t value)
{
    m_out.push_back(static_cast<std::uint8_t>(value));
}

void Writer::int16(std::int16_t value)
{
    const auto v = static_cast<std::uint16_t>(value);
    m_out.push_back(static_cast<std::uint8_t>(v >> 8));
    m_out.push_back(static_cast<std::uint8_t>(v));
}

void Writer::uint32(std::uint32_t value)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        m_out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void Writer::int32(std::int32_t value)
{
    uint32(static_cast<std::uint32_t>(value));
}

void Writer::int64(std::int64_t value)
{
    const auto v = static_cast<std::uint64_t>(value);
    for (int shift = 56; shift >= 0; shift -= 8)
        m_out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void Writer::unsignedVarint(std::uint32_t value)
{
    while ((value & ~0x7fu) != 0) {
        m_out.push_back(static_cast<std::uint8_t>((value & 0x7f) | 0x80));
        value >>= 7;
    }
    m_out.push_back(static_cast<std::uint8_t>(value));
}

void Writer::varint(std::int32_t value)
{
    const auto v = static_cast<std::uint32_t>(value);
    unsignedVarint((v << 1) ^ static_cast<std::uint32_t>(value >> 31));
}

void Writer::varlong(std::int64_t value)
{
    auto v = (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
    while ((v & ~std::uint64_t{0x7f}) != 0) {
        m_out.push_back(static_cast<std::uint8_t>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    m_out.push_back(static_cast<std::uint8_t>(v));
}

void Writer::raw(ByteView value)
{
    m_out.insert(m_out.end(), value.begin(), value.end());
}

void Writer::string(std::string_view value)
{
    int16(static_cast<std::int16_t>(value.size()));
    raw(view(value));
}

void Writer::nullableString(const std::optional<std::string>& value)
{
    if (!value)
        int16(-1);
    else
        string(*value);
}

void Writer::compactString(std::string_view value)
{
    unsignedVarint(static_cast<std::uint32_t>(value.size()) + 1);
    raw(view(value));
}

void Writer::compactNullableString(const std::optional<std::string>& value)
{
    if (!value)
        unsignedVarint(0);
    else
        compactString(*value);
}

void Writer::bytes(ByteView value)
{
    int32(static_cast<std::int32_t>(value.size()));
    raw(value);
}

void Writer::nullableBytes(const std::optional<ByteView>& value)
{
    if (!value)
        int32(-1);
    else
        bytes(*value);
}

void Writer::compactBytes(ByteView value)
{
    unsignedVarint(static_cast<std::uint32_t>(value.size()) + 1);
    raw(value);
}

std::size_t Writer::reserveInt32()
{
    const std::size_t at = m_out.size();
    int32(0);
    return at;
}

void Writer::patchUint32(std::size_t at, std::uint32_t value)
{
    for (int i = 0; i < 4; ++i)
        m_out[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(value >> (24 - 8 * i));
}

void Writer::patchInt32(std::size_t at, std::int32_t value)
{
    patchUint32(at, static_cast<std::uint32_t>(value));
}

std::size_t varlongSize(std::int64_t value)
{
    auto v = (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
    std::size_t size = 1;
    while ((v & ~std::uint64_t{0x7f}) != 0) {
        ++size;
        v >>= 7;
    }
    return size;
}

std::size_t varintSize(std::int32_t value)
{
    return varlongSize(value);
}

} // namespace hw::wire
