// SPDX-License-Identifier: MIT
// The codec's shared field helpers (wire/protocol_fields.h): what every body reader and writer of
// wire/protocol.h uses to check counts against wire/limits.h and lengths against their prefixes.
#include "wire/protocol_fields.h"

#include <limits>

namespace hw::wire::detail {

[[noreturn]] void encodeBug(const std::string& what)
{
    throw std::logic_error("wire encode: " + what);
}

std::string versionText(ApiKey key, std::int16_t version)
{
    return std::string(apiName(key)) + " v" + std::to_string(version);
}

void checkCount(std::int32_t count, std::int32_t max, const char* what, const char* limitName, std::size_t at)
{
    if (count > max)
        throw DecodeError(std::string("a count of ") + std::to_string(count) + " " + what + ", above " + limitName
                + " (" + std::to_string(max) + ")",
            at);
}

std::vector<std::int32_t> readNodeIds(Reader& r)
{
    return readArray<std::int32_t>(r, 4, limits::replicasPerPartitionMax, "replica ids",
        "limits::replicasPerPartitionMax", [](Reader& in) { return in.int32(); });
}

// The generated readers take any non-zero byte as true ("_readable.readByte() != 0",
// MessageDataGenerator.java at 3.7.0; Type.BOOLEAN's doc says the same), where Reader::boolean refuses
// anything but 0 and 1.
bool readBool(Reader& r)
{
    return r.int8() != 0;
}

ErrorCode readError(Reader& r)
{
    return static_cast<ErrorCode>(r.int16());
}

Bytes copyOf(ByteView bytes)
{
    return { bytes.begin(), bytes.end() };
}

void writeString(Writer& w, std::string_view value)
{
    if (value.size() > static_cast<std::size_t>(std::numeric_limits<std::int16_t>::max()))
        encodeBug("a STRING of " + std::to_string(value.size()) + " bytes, above 32767");
    w.string(value);
}

void writeNullableString(Writer& w, const std::optional<std::string>& value)
{
    if (value)
        writeString(w, *value);
    else
        w.nullableString(std::nullopt);
}

void writeCompactString(Writer& w, std::string_view value)
{
    if (value.size() > static_cast<std::size_t>(std::numeric_limits<std::int16_t>::max()))
        encodeBug("a COMPACT_STRING of " + std::to_string(value.size()) + " bytes, above 32767");
    w.compactString(value);
}

std::int32_t checkedCount(std::size_t size)
{
    if (size > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max() - 1))
        encodeBug("an ARRAY of " + std::to_string(size) + " elements");
    return static_cast<std::int32_t>(size);
}

void writeBytes(Writer& w, const Bytes& value)
{
    checkedCount(value.size());
    w.bytes(value);
}

void writeNodeIds(Writer& w, const std::vector<std::int32_t>& ids)
{
    writeArray(w, ids, [](Writer& out, std::int32_t id) { out.int32(id); });
}

void writeRequestHeader(Writer& w, const RequestHeader& header)
{
    w.int16(static_cast<std::int16_t>(header.apiKey));
    w.int16(header.apiVersion);
    w.int32(header.correlationId);
    writeNullableString(w, header.clientId);
    if (requestHeaderVersion(header.apiKey, header.apiVersion) >= 2)
        w.emptyTaggedFields();
}

Bytes finishFrame(Writer& w, std::size_t sizeAt)
{
    const std::size_t size = w.size() - sizeAt - 4;
    if (size > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        encodeBug("a frame of " + std::to_string(size) + " bytes");
    w.patchInt32(sizeAt, static_cast<std::int32_t>(size));
    return w.take();
}

} // namespace hw::wire::detail
