// SPDX-License-Identifier: MIT
#pragma once

// The client half's own helpers (not part of the wire library's interface): FieldReader, which reads the
// flexible (compact) types on the server half's Reader and keeps the JSON path of the field it is in, so a
// DecodeError can name it; the compact writers the server half lacks; and the body readers and writers of
// each API family, which client_protocol.cpp dispatches to. client_cluster.cpp holds ApiVersions, Metadata,
// DescribeCluster and DescribeTopicPartitions; client_admin.cpp CreateTopics, IncrementalAlterConfigs,
// DescribeConfigs and ElectLeaders; client_offsets.cpp ListOffsets and Fetch; client_sasl.cpp SaslHandshake
// and SaslAuthenticate; client_groups.cpp the group APIs the observer reads groups with.
#include "wire/bytes.h"
#include "wire/client_protocol.h"
#include "wire/limits.h"
#include "wire/protocol_fields.h"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace hw::wire::client::detail {

/// Reads one response on a Reader and keeps the path of the field being read: "$" for the body,
/// "ResponseHeader" for the header, then ".Name" per field and "[i]" per array element, in the schema's
/// names. A Field scope pops its name when the read returns and keeps it when it throws, so after a
/// DecodeError path() names the innermost field that failed.
class FieldReader {
public:
    explicit FieldReader(ByteView bytes) : m_reader(bytes) { }

    /// One step of the path, for as long as it lives (see above): ".name", or "name" for a root ("$",
    /// "ResponseHeader"), or "[index]" for an array element. The text is built out of line, in
    /// client_fields.cpp, where GCC 12 does not inline std::string's operator+ into a long function and
    /// report its false -Wrestrict (GCC bug 105651; CMakeLists.txt, hw_gcc12_false_wrestrict).
    class Field {
    public:
        Field(FieldReader& in, const char* name, bool root = false);
        Field(FieldReader& in, std::int32_t index);
        ~Field();
        Field(const Field&) = delete;
        Field& operator=(const Field&) = delete;

    private:
        FieldReader& m_in;
        int m_uncaught;
    };

    std::string path() const;
    std::size_t offset() const { return m_reader.offset(); }
    bool atEnd() const { return m_reader.atEnd(); }
    std::size_t remaining() const { return m_reader.remaining(); }
    [[noreturn]] void fail(const std::string& what) const { m_reader.fail(what); }

    std::int8_t int8(const char* name);
    std::int16_t int16(const char* name);
    std::int32_t int32(const char* name);
    std::int64_t int64(const char* name);
    /// Any non-zero byte is true, as Kafka's generated readers take it (wire/protocol_fields.h, readBool).
    bool boolean(const char* name);
    ErrorCode error(const char* name);
    std::string string(const char* name); // COMPACT_STRING, null refused
    std::optional<std::string> nullableString(const char* name); // COMPACT_NULLABLE_STRING
    Uuid uuid(const char* name);
    std::optional<Bytes> nullableBytes(const char* name); // COMPACT_NULLABLE_BYTES (records)
    Bytes bytes(const char* name); // COMPACT_BYTES, null refused

    /// A COMPACT_ARRAY of node ids, at most limits::replicasPerPartitionMax.
    std::vector<std::int32_t> nodeIds(const char* name);
    std::optional<std::vector<std::int32_t>> nullableNodeIds(const char* name);
    /// A COMPACT_ARRAY of INT32s (partition indexes) or of COMPACT_STRINGs (topic names), at most max.
    std::vector<std::int32_t> int32s(const char* name, std::int32_t max, const char* limitName);
    std::vector<std::string> strings(const char* name, std::int32_t max, const char* limitName);
    /// An ARRAY of STRINGs of a version that is not flexible (INT32 count, INT16 lengths), null refused.
    std::vector<std::string> nonFlexibleStrings(const char* name, std::int32_t max, const char* limitName);

    /// A COMPACT_ARRAY whose element is at least minElementBytes long and whose count is at most max (the
    /// limit named limitName); readOne(FieldReader&) reads one element.
    template <typename T, typename ReadOne>
    std::vector<T> array(
        const char* name, std::size_t minElementBytes, std::int32_t max, const char* limitName, ReadOne&& readOne)
    {
        Field field(*this, name);
        const std::int32_t count = countOf(m_reader.compactArrayLength(minElementBytes), max, limitName);
        return elements<T>(count, readOne);
    }

    /// An ARRAY of a version that is not flexible (an INT32 count), null refused.
    template <typename T, typename ReadOne>
    std::vector<T> nonFlexibleArray(
        const char* name, std::size_t minElementBytes, std::int32_t max, const char* limitName, ReadOne&& readOne)
    {
        Field field(*this, name);
        const std::int32_t count = countOf(m_reader.arrayLength(minElementBytes), max, limitName);
        return elements<T>(count, readOne);
    }

    /// A COMPACT_NULLABLE_ARRAY; nullopt for null.
    template <typename T, typename ReadOne>
    std::optional<std::vector<T>> nullableArray(
        const char* name, std::size_t minElementBytes, std::int32_t max, const char* limitName, ReadOne&& readOne)
    {
        Field field(*this, name);
        const std::optional<std::int32_t> count = m_reader.compactNullableArrayLength(minElementBytes);
        if (!count)
            return std::nullopt;
        return elements<T>(countOf(*count, max, limitName), readOne);
    }

    /// A partition array: its count also counts against limits::partitionsPerRequestMax summed over the
    /// whole response.
    template <typename T, typename ReadOne>
    std::vector<T> partitions(const char* name, std::size_t minElementBytes, ReadOne&& readOne)
    {
        Field field(*this, name);
        const std::int32_t count = countOf(m_reader.compactArrayLength(minElementBytes), m_partitionsLeft,
            "limits::partitionsPerRequestMax (summed over the response)");
        m_partitionsLeft -= count;
        return elements<T>(count, readOne);
    }

    /// A nullable struct (an INT8 -1 for null, 1 for present, then the struct), as the generated readers
    /// write "nullableVersions" structs.
    template <typename T, typename ReadOne> std::optional<T> nullableStruct(const char* name, ReadOne&& readOne)
    {
        Field field(*this, name);
        const std::int8_t marker = m_reader.int8();
        if (marker < 0)
            return std::nullopt;
        if (marker != 1)
            m_reader.fail("expected a nullable struct marker of -1 or 1, got " + std::to_string(marker));
        return readOne(*this);
    }

    /// A tagged-field section. readTag(tag, FieldReader&) reads a known tag's field and returns true, or
    /// returns false for a tag it does not know, which is skipped as Kafka skips it. A known field must
    /// take exactly the size its tag gives.
    template <typename ReadTag> void taggedFields(ReadTag&& readTag)
    {
        Field field(*this, "_tagged_fields");
        const std::uint32_t count = m_reader.unsignedVarint();
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::uint32_t tag = m_reader.unsignedVarint();
            const std::uint32_t size = m_reader.unsignedVarint();
            if (size > m_reader.remaining())
                m_reader.fail("expected a tagged field of " + std::to_string(size) + " bytes, "
                    + std::to_string(m_reader.remaining()) + " left");
            const std::size_t start = m_reader.offset();
            if (!readTag(tag, *this)) {
                m_reader.take(size);
                continue;
            }
            if (m_reader.offset() - start != size)
                m_reader.fail("expected tag " + std::to_string(tag) + "'s field to fill its " + std::to_string(size)
                    + " bytes, it took " + std::to_string(m_reader.offset() - start));
        }
    }
    /// A tagged-field section with no tags this version defines.
    void noTaggedFields()
    {
        taggedFields([](std::uint32_t, FieldReader&) { return false; });
    }

private:
    friend class Field;

    std::int32_t countOf(std::int32_t count, std::int32_t max, const char* limitName) const;

    template <typename T, typename ReadOne> std::vector<T> elements(std::int32_t count, ReadOne& readOne)
    {
        std::vector<T> out;
        out.reserve(static_cast<std::size_t>(count));
        for (std::int32_t i = 0; i < count; ++i) {
            Field element(*this, i);
            out.push_back(readOne(*this));
        }
        return out;
    }

    Reader m_reader;
    std::vector<std::string> m_path;
    std::int32_t m_partitionsLeft = limits::partitionsPerRequestMax;
};

// ---------------------------------------------------------------------------------------------
// Writers of the flexible types the server half does not write (its writers check lengths:
// wire/protocol_fields.h).

void writeCompactNullableString(Writer& w, const std::optional<std::string>& value);
void writeCompactNullableBytes(Writer& w, const std::optional<Bytes>& value);
void writeUuid(Writer& w, const Uuid& value);
void writeCompactNodeIds(Writer& w, const std::vector<std::int32_t>& ids);
void writeCompactStrings(Writer& w, const std::vector<std::string>& values);

// ---------------------------------------------------------------------------------------------
// The bodies, per API family. Writers write the body after the request header in the given version;
// readers read the body after the response header.

// client_cluster.cpp
void writeApiVersions(Writer& w, const ApiVersionsRequest& body, std::int16_t version);
ApiVersionsResponse readApiVersions(FieldReader& in, std::int16_t version);
void writeMetadata(Writer& w, const MetadataRequest& body, std::int16_t version);
MetadataResponse readMetadata(FieldReader& in, std::int16_t version);
void writeDescribeCluster(Writer& w, const DescribeClusterRequest& body, std::int16_t version);
DescribeClusterResponse readDescribeCluster(FieldReader& in, std::int16_t version);
void writeDescribeTopicPartitions(Writer& w, const DescribeTopicPartitionsRequest& body, std::int16_t version);
DescribeTopicPartitionsResponse readDescribeTopicPartitions(FieldReader& in, std::int16_t version);

// client_admin.cpp
void writeCreateTopics(Writer& w, const CreateTopicsRequest& body, std::int16_t version);
CreateTopicsResponse readCreateTopics(FieldReader& in, std::int16_t version);
void writeIncrementalAlterConfigs(Writer& w, const IncrementalAlterConfigsRequest& body, std::int16_t version);
IncrementalAlterConfigsResponse readIncrementalAlterConfigs(FieldReader& in, std::int16_t version);
void writeDescribeConfigs(Writer& w, const DescribeConfigsRequest& body, std::int16_t version);
DescribeConfigsResponse readDescribeConfigs(FieldReader& in, std::int16_t version);
void writeElectLeaders(Writer& w, const ElectLeadersRequest& body, std::int16_t version);
ElectLeadersResponse readElectLeaders(FieldReader& in, std::int16_t version);

// client_sasl.cpp
void writeSaslHandshake(Writer& w, const SaslHandshakeRequest& body, std::int16_t version);
SaslHandshakeResponse readSaslHandshake(FieldReader& in, std::int16_t version);
void writeSaslAuthenticate(Writer& w, const SaslAuthenticateRequest& body, std::int16_t version);
SaslAuthenticateResponse readSaslAuthenticate(FieldReader& in, std::int16_t version);

// client_groups.cpp
void writeListGroups(Writer& w, const ListGroupsRequest& body, std::int16_t version);
ListGroupsResponse readListGroups(FieldReader& in, std::int16_t version);
void writeDescribeGroups(Writer& w, const DescribeGroupsRequest& body, std::int16_t version);
DescribeGroupsResponse readDescribeGroups(FieldReader& in, std::int16_t version);
void writeOffsetFetch(Writer& w, const OffsetFetchRequest& body, std::int16_t version);
OffsetFetchResponse readOffsetFetch(FieldReader& in, std::int16_t version);
void writeConsumerGroupDescribe(Writer& w, const ConsumerGroupDescribeRequest& body, std::int16_t version);
ConsumerGroupDescribeResponse readConsumerGroupDescribe(FieldReader& in, std::int16_t version);

// client_offsets.cpp
void writeListOffsets(Writer& w, const ListOffsetsRequest& body, std::int16_t version);
ListOffsetsResponse readListOffsets(FieldReader& in, std::int16_t version);
void writeFetch(Writer& w, const FetchRequest& body, std::int16_t version);
FetchResponse readFetch(FieldReader& in, std::int16_t version);

} // namespace hw::wire::client::detail
