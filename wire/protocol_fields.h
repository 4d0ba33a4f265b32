// SPDX-License-Identifier: MIT
#pragma once

// The codec's own helpers, shared by the files that read and write the bodies of wire/protocol.h (not part of
// the wire library's interface): checked array and string reading and writing, the named-limit checks of
// wire/limits.h, and the body readers and writers of each API family, which protocol.cpp dispatches to.
// protocol_metadata.cpp holds ApiVersions and Metadata, protocol_records.cpp Produce, Fetch, ListOffsets and
// InitProducerId.
#include "wire/bytes.h"
#include "wire/limits.h"
#include "wire/protocol.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hw::wire::detail {

/// Throws std::logic_error: what an encoder was given cannot be written (a server or test bug).
[[noreturn]] void encodeBug(const std::string& what);

/// "Metadata v4", for messages.
std::string versionText(ApiKey key, std::int16_t version);

// ---------------------------------------------------------------------------------------------
// Decoding helpers. Every array count is checked against the bytes left (by Reader, given the smallest
// encoding one element can have) and against a named limit before anything is reserved.

// Partitions summed over a whole request or response, against limits::partitionsPerRequestMax.
struct PartitionBudget {
    std::int32_t left = limits::partitionsPerRequestMax;
};

void checkCount(std::int32_t count, std::int32_t max, const char* what, const char* limitName, std::size_t at);

template <typename T, typename ReadOne> std::vector<T> readElements(Reader& r, std::int32_t count, ReadOne&& readOne)
{
    std::vector<T> out;
    out.reserve(static_cast<std::size_t>(count));
    for (std::int32_t i = 0; i < count; ++i)
        out.push_back(readOne(r));
    return out;
}

template <typename T, typename ReadOne>
std::vector<T> readArray(Reader& r, std::size_t minElementBytes, std::int32_t max, const char* what,
    const char* limitName, ReadOne&& readOne)
{
    const std::size_t at = r.offset();
    const std::int32_t count = r.arrayLength(minElementBytes);
    checkCount(count, max, what, limitName, at);
    return readElements<T>(r, count, readOne);
}

template <typename T, typename ReadOne>
std::vector<T> readTopics(Reader& r, std::size_t minElementBytes, ReadOne&& readOne)
{
    return readArray<T>(
        r, minElementBytes, limits::topicsPerRequestMax, "topics", "limits::topicsPerRequestMax", readOne);
}

template <typename T, typename ReadOne>
std::vector<T> readPartitions(Reader& r, PartitionBudget& budget, std::size_t minElementBytes, ReadOne&& readOne)
{
    const std::size_t at = r.offset();
    const std::int32_t count = r.arrayLength(minElementBytes);
    checkCount(
        count, budget.left, "partitions (with those before it in the message)", "limits::partitionsPerRequestMax", at);
    budget.left -= count;
    return readElements<T>(r, count, readOne);
}

std::vector<std::int32_t> readNodeIds(Reader& r);

// The generated readers take any non-zero byte as true ("_readable.readByte() != 0",
// MessageDataGenerator.java at 3.7.0; Type.BOOLEAN's doc says the same), where Reader::boolean refuses
// anything but 0 and 1.
bool readBool(Reader& r);
ErrorCode readError(Reader& r);
Bytes copyOf(ByteView bytes);

// ---------------------------------------------------------------------------------------------
// Encoding helpers: lengths that do not fit their prefix are server (or test) bugs.

void writeString(Writer& w, std::string_view value);
void writeNullableString(Writer& w, const std::optional<std::string>& value);
void writeCompactString(Writer& w, std::string_view value);
std::int32_t checkedCount(std::size_t size);
void writeBytes(Writer& w, const Bytes& value);

template <typename T, typename WriteOne> void writeArray(Writer& w, const std::vector<T>& items, WriteOne&& writeOne)
{
    w.arrayLength(checkedCount(items.size()));
    for (const T& item : items)
        writeOne(w, item);
}

template <typename T, typename WriteOne>
void writeCompactArray(Writer& w, const std::vector<T>& items, WriteOne&& writeOne)
{
    w.compactArrayLength(checkedCount(items.size()));
    for (const T& item : items)
        writeOne(w, item);
}

void writeNodeIds(Writer& w, const std::vector<std::int32_t>& ids);

/// Writes a request header (RequestHeader.json) in requestHeaderVersion(header.apiKey, header.apiVersion):
/// header.rawApiKey is not used. The server half's encodeRequest and the client half share it.
void writeRequestHeader(Writer& w, const RequestHeader& header);

/// Fills in the INT32 size prefix reserved at sizeAt, which counts the bytes after it, and returns the frame.
Bytes finishFrame(Writer& w, std::size_t sizeAt);

// A non-ignorable field the version lacks must hold its default (FieldSpec.generateNonIgnorableFieldCheck).
template <typename T>
void requireDefault(const T& value, const T& defaultValue, const char* field, ApiKey key, std::int16_t version)
{
    if (value != defaultValue)
        encodeBug(std::string("a non-default ") + field + " cannot be written in " + versionText(key, version)
            + " (the field is not ignorable)");
}

// ---------------------------------------------------------------------------------------------
// The bodies, per API family. Each reads or writes the body (after the header) in the given version.

// protocol_metadata.cpp
ApiVersionsRequest readApiVersionsRequest(Reader& r, std::int16_t version);
void writeApiVersionsRequest(Writer& w, const ApiVersionsRequest& body, std::int16_t version);
MetadataRequest readMetadataRequest(Reader& r, std::int16_t version);
void writeMetadataRequest(Writer& w, const MetadataRequest& body, std::int16_t version);
ApiVersionsResponse readApiVersionsResponse(Reader& r, std::int16_t version);
void writeApiVersionsResponse(Writer& w, const ApiVersionsResponse& body, std::int16_t version);
MetadataResponse readMetadataResponse(Reader& r, std::int16_t version);
void writeMetadataResponse(Writer& w, const MetadataResponse& body, std::int16_t version);

// protocol_records.cpp
ProduceRequest readProduceRequest(Reader& r, std::int16_t version);
void writeProduceRequest(Writer& w, const ProduceRequest& body, std::int16_t version);
ProduceResponse readProduceResponse(Reader& r, std::int16_t version);
void writeProduceResponse(Writer& w, const ProduceResponse& body, std::int16_t version);
FetchRequest readFetchRequest(Reader& r, std::int16_t version);
void writeFetchRequest(Writer& w, const FetchRequest& body, std::int16_t version);
FetchResponse readFetchResponse(Reader& r, std::int16_t version);
void writeFetchResponse(Writer& w, const FetchResponse& body, std::int16_t version);
ListOffsetsRequest readListOffsetsRequest(Reader& r, std::int16_t version);
void writeListOffsetsRequest(Writer& w, const ListOffsetsRequest& body, std::int16_t version);
ListOffsetsResponse readListOffsetsResponse(Reader& r, std::int16_t version);
void writeListOffsetsResponse(Writer& w, const ListOffsetsResponse& body, std::int16_t version);
InitProducerIdRequest readInitProducerIdRequest(Reader& r, std::int16_t version);
void writeInitProducerIdRequest(Writer& w, const InitProducerIdRequest& body, std::int16_t version);
InitProducerIdResponse readInitProducerIdResponse(Reader& r, std::int16_t version);
void writeInitProducerIdResponse(Writer& w, const InitProducerIdResponse& body, std::int16_t version);

// protocol_groups.cpp
FindCoordinatorRequest readFindCoordinatorRequest(Reader& r, std::int16_t version);
void writeFindCoordinatorRequest(Writer& w, const FindCoordinatorRequest& body, std::int16_t version);
FindCoordinatorResponse readFindCoordinatorResponse(Reader& r, std::int16_t version);
void writeFindCoordinatorResponse(Writer& w, const FindCoordinatorResponse& body, std::int16_t version);
JoinGroupRequest readJoinGroupRequest(Reader& r, std::int16_t version);
void writeJoinGroupRequest(Writer& w, const JoinGroupRequest& body, std::int16_t version);
JoinGroupResponse readJoinGroupResponse(Reader& r, std::int16_t version);
void writeJoinGroupResponse(Writer& w, const JoinGroupResponse& body, std::int16_t version);
SyncGroupRequest readSyncGroupRequest(Reader& r, std::int16_t version);
void writeSyncGroupRequest(Writer& w, const SyncGroupRequest& body, std::int16_t version);
SyncGroupResponse readSyncGroupResponse(Reader& r, std::int16_t version);
void writeSyncGroupResponse(Writer& w, const SyncGroupResponse& body, std::int16_t version);
HeartbeatRequest readHeartbeatRequest(Reader& r, std::int16_t version);
void writeHeartbeatRequest(Writer& w, const HeartbeatRequest& body, std::int16_t version);
HeartbeatResponse readHeartbeatResponse(Reader& r, std::int16_t version);
void writeHeartbeatResponse(Writer& w, const HeartbeatResponse& body, std::int16_t version);
LeaveGroupRequest readLeaveGroupRequest(Reader& r, std::int16_t version);
void writeLeaveGroupRequest(Writer& w, const LeaveGroupRequest& body, std::int16_t version);
LeaveGroupResponse readLeaveGroupResponse(Reader& r, std::int16_t version);
void writeLeaveGroupResponse(Writer& w, const LeaveGroupResponse& body, std::int16_t version);
OffsetCommitRequest readOffsetCommitRequest(Reader& r, std::int16_t version);
void writeOffsetCommitRequest(Writer& w, const OffsetCommitRequest& body, std::int16_t version);
OffsetCommitResponse readOffsetCommitResponse(Reader& r, std::int16_t version);
void writeOffsetCommitResponse(Writer& w, const OffsetCommitResponse& body, std::int16_t version);
OffsetFetchRequest readOffsetFetchRequest(Reader& r, std::int16_t version);
void writeOffsetFetchRequest(Writer& w, const OffsetFetchRequest& body, std::int16_t version);
OffsetFetchResponse readOffsetFetchResponse(Reader& r, std::int16_t version);
void writeOffsetFetchResponse(Writer& w, const OffsetFetchResponse& body, std::int16_t version);
ListGroupsRequest readListGroupsRequest(Reader& r, std::int16_t version);
void writeListGroupsRequest(Writer& w, const ListGroupsRequest& body, std::int16_t version);
ListGroupsResponse readListGroupsResponse(Reader& r, std::int16_t version);
void writeListGroupsResponse(Writer& w, const ListGroupsResponse& body, std::int16_t version);
DescribeGroupsRequest readDescribeGroupsRequest(Reader& r, std::int16_t version);
void writeDescribeGroupsRequest(Writer& w, const DescribeGroupsRequest& body, std::int16_t version);
DescribeGroupsResponse readDescribeGroupsResponse(Reader& r, std::int16_t version);
void writeDescribeGroupsResponse(Writer& w, const DescribeGroupsResponse& body, std::int16_t version);

// protocol_admin.cpp
CreateTopicsRequest readCreateTopicsRequest(Reader& r, std::int16_t version);
void writeCreateTopicsRequest(Writer& w, const CreateTopicsRequest& body, std::int16_t version);
CreateTopicsResponse readCreateTopicsResponse(Reader& r, std::int16_t version);
void writeCreateTopicsResponse(Writer& w, const CreateTopicsResponse& body, std::int16_t version);

} // namespace hw::wire::detail
