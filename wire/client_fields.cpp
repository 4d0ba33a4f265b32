// SPDX-License-Identifier: MIT
// The client half's field reader and compact writers (wire/client_fields.h).
#include "wire/client_fields.h"

#include <limits>

namespace hw::wire::client::detail {

FieldReader::Field::Field(FieldReader& in, const char* name, bool root)
    : m_in(in), m_uncaught(std::uncaught_exceptions())
{
    std::string step;
    if (!root)
        step += '.';
    step += name;
    m_in.m_path.push_back(std::move(step));
}

FieldReader::Field::Field(FieldReader& in, std::int32_t index) : m_in(in), m_uncaught(std::uncaught_exceptions())
{
    std::string step = "[";
    step += std::to_string(index);
    step += ']';
    m_in.m_path.push_back(std::move(step));
}

// While an exception unwinds through the scope the step stays, so the handler in parseResponse sees the
// path down to the field that failed.
FieldReader::Field::~Field()
{
    if (std::uncaught_exceptions() == m_uncaught)
        m_in.m_path.pop_back();
}

std::string FieldReader::path() const
{
    std::string out;
    for (const std::string& step : m_path)
        out += step;
    return out;
}

std::int32_t FieldReader::countOf(std::int32_t count, std::int32_t max, const char* limitName) const
{
    if (count > max)
        m_reader.fail(
            "a count of " + std::to_string(count) + ", above " + limitName + " (" + std::to_string(max) + ")");
    return count;
}

std::int8_t FieldReader::int8(const char* name)
{
    Field field(*this, name);
    return m_reader.int8();
}

std::int16_t FieldReader::int16(const char* name)
{
    Field field(*this, name);
    return m_reader.int16();
}

std::int32_t FieldReader::int32(const char* name)
{
    Field field(*this, name);
    return m_reader.int32();
}

std::int64_t FieldReader::int64(const char* name)
{
    Field field(*this, name);
    return m_reader.int64();
}

bool FieldReader::boolean(const char* name)
{
    Field field(*this, name);
    return wire::detail::readBool(m_reader);
}

ErrorCode FieldReader::error(const char* name)
{
    Field field(*this, name);
    return wire::detail::readError(m_reader);
}

std::string FieldReader::string(const char* name)
{
    Field field(*this, name);
    return m_reader.compactString();
}

std::optional<std::string> FieldReader::nullableString(const char* name)
{
    Field field(*this, name);
    return m_reader.compactNullableString();
}

Uuid FieldReader::uuid(const char* name)
{
    Field field(*this, name);
    Uuid out;
    out.mostSignificantBits = static_cast<std::uint64_t>(m_reader.int64());
    out.leastSignificantBits = static_cast<std::uint64_t>(m_reader.int64());
    return out;
}

std::optional<Bytes> FieldReader::nullableBytes(const char* name)
{
    Field field(*this, name);
    const std::optional<ByteView> bytes = m_reader.compactNullableBytes();
    if (!bytes)
        return std::nullopt;
    return wire::detail::copyOf(*bytes);
}

Bytes FieldReader::bytes(const char* name)
{
    Field field(*this, name);
    return wire::detail::copyOf(m_reader.compactBytes());
}

std::vector<std::int32_t> FieldReader::int32s(const char* name, std::int32_t max, const char* limitName)
{
    return array<std::int32_t>(name, 4, max, limitName, [](FieldReader& in) { return in.m_reader.int32(); });
}

std::vector<std::string> FieldReader::strings(const char* name, std::int32_t max, const char* limitName)
{
    // A COMPACT_STRING is at least its length.
    return array<std::string>(name, 1, max, limitName, [](FieldReader& in) { return in.m_reader.compactString(); });
}

std::vector<std::string> FieldReader::nonFlexibleStrings(const char* name, std::int32_t max, const char* limitName)
{
    // A string is at least its INT16 length.
    return nonFlexibleArray<std::string>(name, 2, max, limitName, [](FieldReader& in) { return in.m_reader.string(); });
}

std::vector<std::int32_t> FieldReader::nodeIds(const char* name)
{
    return array<std::int32_t>(name, 4, limits::replicasPerPartitionMax, "limits::replicasPerPartitionMax",
        [](FieldReader& in) { return in.m_reader.int32(); });
}

std::optional<std::vector<std::int32_t>> FieldReader::nullableNodeIds(const char* name)
{
    return nullableArray<std::int32_t>(name, 4, limits::replicasPerPartitionMax, "limits::replicasPerPartitionMax",
        [](FieldReader& in) { return in.m_reader.int32(); });
}

// ---------------------------------------------------------------------------------------------

void writeCompactNullableString(Writer& w, const std::optional<std::string>& value)
{
    if (value)
        wire::detail::writeCompactString(w, *value);
    else
        w.compactNullableString(std::nullopt);
}

void writeCompactNullableBytes(Writer& w, const std::optional<Bytes>& value)
{
    if (!value) {
        w.unsignedVarint(0);
        return;
    }
    w.compactBytes(ByteView(value->data(), wire::detail::checkedCount(value->size())));
}

void writeUuid(Writer& w, const Uuid& value)
{
    w.int64(static_cast<std::int64_t>(value.mostSignificantBits));
    w.int64(static_cast<std::int64_t>(value.leastSignificantBits));
}

void writeCompactNodeIds(Writer& w, const std::vector<std::int32_t>& ids)
{
    wire::detail::writeCompactArray(w, ids, [](Writer& out, std::int32_t id) { out.int32(id); });
}

void writeCompactStrings(Writer& w, const std::vector<std::string>& values)
{
    wire::detail::writeCompactArray(
        w, values, [](Writer& out, const std::string& value) { wire::detail::writeCompactString(out, value); });
}

} // namespace hw::wire::client::detail
