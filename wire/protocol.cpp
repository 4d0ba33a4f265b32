// SPDX-License-Identifier: MIT
// Kafka's request/response codec for HighWater's six APIs. Field order and versions follow
// clients/src/main/resources/common/message/*.json at 3.7.0; where the generated readers and writers
// (generator/.../MessageDataGenerator.java, FieldSpec.java at 3.7.0) add a rule of their own, the code
// says so.
#include "wire/protocol.h"

#include "wire/limits.h"

#include <algorithm>
#include <array>
#include <limits>
#include <string>

namespace hw::wire {

namespace {

constexpr std::array<VersionRange, 6> supportedTable { {
    { ApiKey::Produce, 3, 7 },
    { ApiKey::Fetch, 4, 6 },
    { ApiKey::ListOffsets, 1, 4 },
    { ApiKey::Metadata, 0, 4 },
    { ApiKey::ApiVersions, 0, 3 },
    { ApiKey::InitProducerId, 0, 1 },
} };

// The first flexible version of each API: "flexibleVersions" in its request and response schema at 3.7.0
// (ProduceRequest.json "9+", FetchRequest.json "12+", ListOffsetsRequest.json "6+", MetadataRequest.json
// "9+", ApiVersionsRequest.json "3+", InitProducerIdRequest.json "2+"; each response schema agrees).
std::int16_t firstFlexibleVersion(ApiKey key)
{
    switch (key) {
    case ApiKey::Produce:
        return 9;
    case ApiKey::Fetch:
        return 12;
    case ApiKey::ListOffsets:
        return 6;
    case ApiKey::Metadata:
        return 9;
    case ApiKey::ApiVersions:
        return 3;
    case ApiKey::InitProducerId:
        return 2;
    }
    return std::numeric_limits<std::int16_t>::max();
}

bool isFlexible(ApiKey key, std::int16_t version)
{
    return version >= firstFlexibleVersion(key);
}

[[noreturn]] void encodeBug(const std::string& what)
{
    throw std::logic_error("wire encode: " + what);
}

std::string versionText(ApiKey key, std::int16_t version)
{
    return std::string(apiName(key)) + " v" + std::to_string(version);
}

// ---------------------------------------------------------------------------------------------
// Decoding helpers. Every array count is checked against the bytes left (by Reader, given the smallest
// encoding one element can have) and against a named limit before anything is reserved.

// Partitions summed over a whole request or response, against limits::partitionsPerRequestMax.
struct PartitionBudget {
    std::int32_t left = limits::partitionsPerRequestMax;
};

void checkCount(std::int32_t count, std::int32_t max, const char* what, const char* limitName, std::size_t at)
{
    if (count > max)
        throw DecodeError(std::string("a count of ") + std::to_string(count) + " " + what + ", above " + limitName
                + " (" + std::to_string(max) + ")",
            at);
}

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

// ---------------------------------------------------------------------------------------------
// Encoding helpers: lengths that do not fit their prefix are server (or test) bugs.

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

void writeNodeIds(Writer& w, const std::vector<std::int32_t>& ids)
{
    writeArray(w, ids, [](Writer& out, std::int32_t id) { out.int32(id); });
}

// A non-ignorable field the version lacks must hold its default (FieldSpec.generateNonIgnorableFieldCheck).
template <typename T>
void requireDefault(const T& value, const T& defaultValue, const char* field, ApiKey key, std::int16_t version)
{
    if (value != defaultValue)
        encodeBug(std::string("a non-default ") + field + " cannot be written in " + versionText(key, version)
            + " (the field is not ignorable)");
}

// ---------------------------------------------------------------------------------------------
// Request bodies

ApiVersionsRequest readApiVersionsRequest(Reader& r, std::int16_t version)
{
    ApiVersionsRequest out;
    if (version >= 3) {
        out.clientSoftwareName = r.compactString();
        out.clientSoftwareVersion = r.compactString();
        r.skipTaggedFields();
    }
    return out;
}

void writeApiVersionsRequest(Writer& w, const ApiVersionsRequest& body, std::int16_t version)
{
    // Both client software fields are "ignorable": versions 0-2 drop them.
    if (version >= 3) {
        writeCompactString(w, body.clientSoftwareName);
        writeCompactString(w, body.clientSoftwareVersion);
        w.emptyTaggedFields();
    }
}

MetadataRequest readMetadataRequest(Reader& r, std::int16_t version)
{
    MetadataRequest out;
    const auto readName = [](Reader& in) { return in.string(); };
    const std::size_t at = r.offset();
    // MetadataRequest.json: Topics is nullable from version 1; in version 0 an empty array means all
    // topics (MetadataRequest.isAllTopics).
    const std::optional<std::int32_t> count
        = version >= 1 ? r.nullableArrayLength(2) : std::optional<std::int32_t>(r.arrayLength(2));
    if (count) {
        checkCount(*count, limits::topicsPerRequestMax, "topics", "limits::topicsPerRequestMax", at);
        if (version >= 1 || *count > 0)
            out.topics = readElements<std::string>(r, *count, readName);
    }
    if (version >= 4)
        out.allowAutoTopicCreation = readBool(r);
    return out;
}

void writeMetadataRequest(Writer& w, const MetadataRequest& body, std::int16_t version)
{
    if (version == 0) {
        // Version 0 cannot ask for no topics: its empty array already means all of them.
        if (body.topics && body.topics->empty())
            encodeBug("Metadata v0 cannot request no topics");
        writeArray(w, body.topics.value_or(std::vector<std::string> {}),
            [](Writer& out, const std::string& name) { writeString(out, name); });
    } else if (!body.topics) {
        w.arrayLength(-1);
    } else {
        writeArray(w, *body.topics, [](Writer& out, const std::string& name) { writeString(out, name); });
    }
    if (version >= 4)
        w.boolean(body.allowAutoTopicCreation);
    else
        requireDefault(body.allowAutoTopicCreation, true, "allowAutoTopicCreation", ApiKey::Metadata, version);
}

ProduceRequest readProduceRequest(Reader& r, std::int16_t)
{
    ProduceRequest out;
    PartitionBudget budget;
    out.transactionalId = r.nullableString();
    out.acks = r.int16();
    out.timeoutMs = r.int32();
    // A topic is at least a name (2) and a partition count (4); a partition an index (4) and a records
    // length (4).
    out.topics = readTopics<ProduceTopic>(r, 6, [&](Reader& in) {
        ProduceTopic topic;
        topic.name = in.string();
        topic.partitions = readPartitions<ProducePartition>(in, budget, 8, [](Reader& p) {
            ProducePartition partition;
            partition.index = p.int32();
            if (const auto records = p.nullableBytes())
                partition.records = copyOf(*records);
            return partition;
        });
        return topic;
    });
    return out;
}

void writeProduceRequest(Writer& w, const ProduceRequest& body, std::int16_t)
{
    writeNullableString(w, body.transactionalId);
    w.int16(body.acks);
    w.int32(body.timeoutMs);
    writeArray(w, body.topics, [](Writer& out, const ProduceTopic& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [](Writer& p, const ProducePartition& partition) {
            p.int32(partition.index);
            if (partition.records)
                writeBytes(p, *partition.records);
            else
                p.nullableBytes(std::nullopt);
        });
    });
}

FetchRequest readFetchRequest(Reader& r, std::int16_t version)
{
    FetchRequest out;
    PartitionBudget budget;
    out.replicaId = r.int32();
    out.maxWaitMs = r.int32();
    out.minBytes = r.int32();
    out.maxBytes = r.int32();
    out.isolationLevel = r.int8();
    const std::size_t partitionBytes = version >= 5 ? 24 : 16;
    out.topics = readTopics<FetchTopic>(r, 6, [&](Reader& in) {
        FetchTopic topic;
        topic.name = in.string();
        topic.partitions = readPartitions<FetchPartition>(in, budget, partitionBytes, [&](Reader& p) {
            FetchPartition partition;
            partition.partition = p.int32();
            partition.fetchOffset = p.int64();
            if (version >= 5)
                partition.logStartOffset = p.int64();
            partition.partitionMaxBytes = p.int32();
            return partition;
        });
        return topic;
    });
    return out;
}

void writeFetchRequest(Writer& w, const FetchRequest& body, std::int16_t version)
{
    w.int32(body.replicaId);
    w.int32(body.maxWaitMs);
    w.int32(body.minBytes);
    w.int32(body.maxBytes);
    w.int8(body.isolationLevel);
    writeArray(w, body.topics, [&](Writer& out, const FetchTopic& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const FetchPartition& partition) {
            p.int32(partition.partition);
            p.int64(partition.fetchOffset);
            // LogStartOffset is ignorable: version 4 drops it.
            if (version >= 5)
                p.int64(partition.logStartOffset);
            p.int32(partition.partitionMaxBytes);
        });
    });
}

ListOffsetsRequest readListOffsetsRequest(Reader& r, std::int16_t version)
{
    ListOffsetsRequest out;
    PartitionBudget budget;
    out.replicaId = r.int32();
    if (version >= 2)
        out.isolationLevel = r.int8();
    const std::size_t partitionBytes = version >= 4 ? 16 : 12;
    out.topics = readTopics<ListOffsetsTopic>(r, 6, [&](Reader& in) {
        ListOffsetsTopic topic;
        topic.name = in.string();
        topic.partitions = readPartitions<ListOffsetsPartition>(in, budget, partitionBytes, [&](Reader& p) {
            ListOffsetsPartition partition;
            partition.partitionIndex = p.int32();
            if (version >= 4)
                partition.currentLeaderEpoch = p.int32();
            partition.timestamp = p.int64();
            return partition;
        });
        return topic;
    });
    return out;
}

void writeListOffsetsRequest(Writer& w, const ListOffsetsRequest& body, std::int16_t version)
{
    w.int32(body.replicaId);
    // IsolationLevel has no "ignorable" in ListOffsetsRequest.json: version 1 can only say 0.
    if (version >= 2)
        w.int8(body.isolationLevel);
    else
        requireDefault<std::int8_t>(body.isolationLevel, 0, "isolationLevel", ApiKey::ListOffsets, version);
    writeArray(w, body.topics, [&](Writer& out, const ListOffsetsTopic& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const ListOffsetsPartition& partition) {
            p.int32(partition.partitionIndex);
            if (version >= 4)
                p.int32(partition.currentLeaderEpoch);
            p.int64(partition.timestamp);
        });
    });
}

InitProducerIdRequest readInitProducerIdRequest(Reader& r, std::int16_t)
{
    InitProducerIdRequest out;
    out.transactionalId = r.nullableString();
    out.transactionTimeoutMs = r.int32();
    return out;
}

void writeInitProducerIdRequest(Writer& w, const InitProducerIdRequest& body, std::int16_t)
{
    writeNullableString(w, body.transactionalId);
    w.int32(body.transactionTimeoutMs);
}

Request readRequestBody(Reader& r, ApiKey key, std::int16_t version)
{
    switch (key) {
    case ApiKey::ApiVersions:
        return readApiVersionsRequest(r, version);
    case ApiKey::Metadata:
        return readMetadataRequest(r, version);
    case ApiKey::Produce:
        return readProduceRequest(r, version);
    case ApiKey::Fetch:
        return readFetchRequest(r, version);
    case ApiKey::ListOffsets:
        return readListOffsetsRequest(r, version);
    case ApiKey::InitProducerId:
        return readInitProducerIdRequest(r, version);
    }
    encodeBug("no request reader for " + versionText(key, version));
}

// ---------------------------------------------------------------------------------------------
// Response bodies

ApiVersionEntry readApiVersionEntry(Reader& r, std::int16_t version)
{
    ApiVersionEntry entry { static_cast<ApiKey>(r.int16()), 0, 0 };
    entry.minVersion = r.int16();
    entry.maxVersion = r.int16();
    if (version >= 3)
        r.skipTaggedFields();
    return entry;
}

ApiVersionsResponse readApiVersionsResponse(Reader& r, std::int16_t version)
{
    ApiVersionsResponse out;
    out.errorCode = readError(r);
    const std::size_t at = r.offset();
    const auto readOne = [&](Reader& in) { return readApiVersionEntry(in, version); };
    const std::int32_t count = version >= 3 ? r.compactArrayLength(7) : r.arrayLength(6);
    checkCount(count, limits::apiKeysPerResponseMax, "API keys", "limits::apiKeysPerResponseMax", at);
    out.apiKeys = readElements<ApiVersionEntry>(r, count, readOne);
    if (version >= 1)
        out.throttleTimeMs = r.int32();
    if (version >= 3)
        r.skipTaggedFields();
    return out;
}

void writeApiVersionsResponse(Writer& w, const ApiVersionsResponse& body, std::int16_t version)
{
    w.int16(static_cast<std::int16_t>(body.errorCode));
    const auto writeOne = [&](Writer& out, const ApiVersionEntry& entry) {
        out.int16(static_cast<std::int16_t>(entry.key));
        out.int16(entry.minVersion);
        out.int16(entry.maxVersion);
        if (version >= 3)
            out.emptyTaggedFields();
    };
    if (version >= 3)
        writeCompactArray(w, body.apiKeys, writeOne);
    else
        writeArray(w, body.apiKeys, writeOne);
    // ThrottleTimeMs is ignorable: version 0 drops it.
    if (version >= 1)
        w.int32(body.throttleTimeMs);
    if (version >= 3)
        w.emptyTaggedFields();
}

MetadataResponse readMetadataResponse(Reader& r, std::int16_t version)
{
    MetadataResponse out;
    PartitionBudget budget;
    if (version >= 3)
        out.throttleTimeMs = r.int32();
    out.brokers = readArray<MetadataBroker>(r, version >= 1 ? 12 : 10, limits::brokersPerResponseMax, "brokers",
        "limits::brokersPerResponseMax", [&](Reader& in) {
            MetadataBroker broker;
            broker.nodeId = in.int32();
            broker.host = in.string();
            broker.port = in.int32();
            if (version >= 1)
                broker.rack = in.nullableString();
            return broker;
        });
    if (version >= 2)
        out.clusterId = r.nullableString();
    if (version >= 1)
        out.controllerId = r.int32();
    out.topics = readTopics<MetadataTopic>(r, version >= 1 ? 9 : 8, [&](Reader& in) {
        MetadataTopic topic;
        topic.errorCode = readError(in);
        topic.name = in.string();
        if (version >= 1)
            topic.isInternal = readBool(in);
        topic.partitions = readPartitions<MetadataPartition>(in, budget, 18, [](Reader& p) {
            MetadataPartition partition;
            partition.errorCode = readError(p);
            partition.partitionIndex = p.int32();
            partition.leaderId = p.int32();
            partition.replicaNodes = readNodeIds(p);
            partition.isrNodes = readNodeIds(p);
            return partition;
        });
        return topic;
    });
    return out;
}

void writeMetadataResponse(Writer& w, const MetadataResponse& body, std::int16_t version)
{
    // ThrottleTimeMs, Rack, ClusterId, ControllerId and IsInternal are all ignorable: versions without
    // them drop them.
    if (version >= 3)
        w.int32(body.throttleTimeMs);
    writeArray(w, body.brokers, [&](Writer& out, const MetadataBroker& broker) {
        out.int32(broker.nodeId);
        writeString(out, broker.host);
        out.int32(broker.port);
        if (version >= 1)
            writeNullableString(out, broker.rack);
    });
    if (version >= 2)
        writeNullableString(w, body.clusterId);
    if (version >= 1)
        w.int32(body.controllerId);
    writeArray(w, body.topics, [&](Writer& out, const MetadataTopic& topic) {
        out.int16(static_cast<std::int16_t>(topic.errorCode));
        writeString(out, topic.name);
        if (version >= 1)
            out.boolean(topic.isInternal);
        writeArray(out, topic.partitions, [](Writer& p, const MetadataPartition& partition) {
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int32(partition.partitionIndex);
            p.int32(partition.leaderId);
            writeNodeIds(p, partition.replicaNodes);
            writeNodeIds(p, partition.isrNodes);
        });
    });
}

ProduceResponse readProduceResponse(Reader& r, std::int16_t version)
{
    ProduceResponse out;
    PartitionBudget budget;
    const std::size_t partitionBytes = version >= 5 ? 30 : 22;
    out.responses = readTopics<ProduceTopicResponse>(r, 6, [&](Reader& in) {
        ProduceTopicResponse topic;
        topic.name = in.string();
        topic.partitions = readPartitions<ProducePartitionResponse>(in, budget, partitionBytes, [&](Reader& p) {
            ProducePartitionResponse partition;
            partition.index = p.int32();
            partition.errorCode = readError(p);
            partition.baseOffset = p.int64();
            partition.logAppendTimeMs = p.int64();
            if (version >= 5)
                partition.logStartOffset = p.int64();
            return partition;
        });
        return topic;
    });
    out.throttleTimeMs = r.int32();
    return out;
}

void writeProduceResponse(Writer& w, const ProduceResponse& body, std::int16_t version)
{
    writeArray(w, body.responses, [&](Writer& out, const ProduceTopicResponse& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const ProducePartitionResponse& partition) {
            p.int32(partition.index);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int64(partition.baseOffset);
            p.int64(partition.logAppendTimeMs);
            // LogStartOffset is ignorable: versions 3-4 drop it.
            if (version >= 5)
                p.int64(partition.logStartOffset);
        });
    });
    w.int32(body.throttleTimeMs);
}

FetchResponse readFetchResponse(Reader& r, std::int16_t version)
{
    FetchResponse out;
    PartitionBudget budget;
    out.throttleTimeMs = r.int32();
    const std::size_t partitionBytes = version >= 5 ? 38 : 30;
    out.responses = readTopics<FetchTopicResponse>(r, 6, [&](Reader& in) {
        FetchTopicResponse topic;
        topic.topic = in.string();
        topic.partitions = readPartitions<FetchPartitionResponse>(in, budget, partitionBytes, [&](Reader& p) {
            FetchPartitionResponse partition;
            partition.partitionIndex = p.int32();
            partition.errorCode = readError(p);
            partition.highWatermark = p.int64();
            partition.lastStableOffset = p.int64();
            if (version >= 5)
                partition.logStartOffset = p.int64();
            const std::size_t at = p.offset();
            if (const auto count = p.nullableArrayLength(16)) {
                checkCount(*count, limits::abortedTransactionsPerPartitionMax, "aborted transactions",
                    "limits::abortedTransactionsPerPartitionMax", at);
                partition.abortedTransactions = readElements<AbortedTransaction>(p, *count, [](Reader& a) {
                    AbortedTransaction aborted;
                    aborted.producerId = a.int64();
                    aborted.firstOffset = a.int64();
                    return aborted;
                });
            }
            if (const auto records = p.nullableBytes())
                partition.records = copyOf(*records);
            return partition;
        });
        return topic;
    });
    return out;
}

void writeFetchResponse(Writer& w, const FetchResponse& body, std::int16_t version)
{
    w.int32(body.throttleTimeMs);
    writeArray(w, body.responses, [&](Writer& out, const FetchTopicResponse& topic) {
        writeString(out, topic.topic);
        writeArray(out, topic.partitions, [&](Writer& p, const FetchPartitionResponse& partition) {
            p.int32(partition.partitionIndex);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int64(partition.highWatermark);
            p.int64(partition.lastStableOffset);
            // LogStartOffset is ignorable: version 4 drops it.
            if (version >= 5)
                p.int64(partition.logStartOffset);
            if (partition.abortedTransactions) {
                writeArray(p, *partition.abortedTransactions, [](Writer& a, const AbortedTransaction& aborted) {
                    a.int64(aborted.producerId);
                    a.int64(aborted.firstOffset);
                });
            } else {
                p.arrayLength(-1);
            }
            writeBytes(p, partition.records);
        });
    });
}

ListOffsetsResponse readListOffsetsResponse(Reader& r, std::int16_t version)
{
    ListOffsetsResponse out;
    PartitionBudget budget;
    if (version >= 2)
        out.throttleTimeMs = r.int32();
    const std::size_t partitionBytes = version >= 4 ? 26 : 22;
    out.topics = readTopics<ListOffsetsTopicResponse>(r, 6, [&](Reader& in) {
        ListOffsetsTopicResponse topic;
        topic.name = in.string();
        topic.partitions = readPartitions<ListOffsetsPartitionResponse>(in, budget, partitionBytes, [&](Reader& p) {
            ListOffsetsPartitionResponse partition;
            partition.partitionIndex = p.int32();
            partition.errorCode = readError(p);
            partition.timestamp = p.int64();
            partition.offset = p.int64();
            if (version >= 4)
                partition.leaderEpoch = p.int32();
            return partition;
        });
        return topic;
    });
    return out;
}

void writeListOffsetsResponse(Writer& w, const ListOffsetsResponse& body, std::int16_t version)
{
    // ThrottleTimeMs is ignorable (version 1 drops it); LeaderEpoch is not (versions 1-3 need -1).
    if (version >= 2)
        w.int32(body.throttleTimeMs);
    writeArray(w, body.topics, [&](Writer& out, const ListOffsetsTopicResponse& topic) {
        writeString(out, topic.name);
        writeArray(out, topic.partitions, [&](Writer& p, const ListOffsetsPartitionResponse& partition) {
            p.int32(partition.partitionIndex);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int64(partition.timestamp);
            p.int64(partition.offset);
            if (version >= 4)
                p.int32(partition.leaderEpoch);
            else
                requireDefault(partition.leaderEpoch, -1, "leaderEpoch", ApiKey::ListOffsets, version);
        });
    });
}

InitProducerIdResponse readInitProducerIdResponse(Reader& r, std::int16_t)
{
    InitProducerIdResponse out;
    out.throttleTimeMs = r.int32();
    out.errorCode = readError(r);
    out.producerId = r.int64();
    out.producerEpoch = r.int16();
    return out;
}

void writeInitProducerIdResponse(Writer& w, const InitProducerIdResponse& body, std::int16_t)
{
    w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    w.int64(body.producerId);
    w.int16(body.producerEpoch);
}

Response readResponseBody(Reader& r, ApiKey key, std::int16_t version)
{
    switch (key) {
    case ApiKey::ApiVersions:
        return readApiVersionsResponse(r, version);
    case ApiKey::Metadata:
        return readMetadataResponse(r, version);
    case ApiKey::Produce:
        return readProduceResponse(r, version);
    case ApiKey::Fetch:
        return readFetchResponse(r, version);
    case ApiKey::ListOffsets:
        return readListOffsetsResponse(r, version);
    case ApiKey::InitProducerId:
        return readInitProducerIdResponse(r, version);
    }
    encodeBug("no response reader for " + versionText(key, version));
}

// ---------------------------------------------------------------------------------------------
// Frames

void requireSupported(ApiKey key, std::int16_t version)
{
    if (!isSupported(key, version))
        encodeBug(versionText(key, version) + " is not a supported version");
}

template <typename Body> void requireMatch(const RequestHeader& header, const Body& body, const char* what)
{
    if (apiKeyOf(body) != header.apiKey)
        encodeBug(std::string("a ") + std::string(apiName(apiKeyOf(body))) + " " + what + " for a "
            + std::string(apiName(header.apiKey)) + " header");
}

// The frame's INT32 size prefix counts the bytes after it.
Bytes finishFrame(Writer& w, std::size_t sizeAt)
{
    const std::size_t size = w.size() - sizeAt - 4;
    if (size > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        encodeBug("a frame of " + std::to_string(size) + " bytes");
    w.patchInt32(sizeAt, static_cast<std::int32_t>(size));
    return w.take();
}

} // namespace

// ---------------------------------------------------------------------------------------------

std::span<const VersionRange> supportedApis()
{
    return supportedTable;
}

std::optional<VersionRange> supportedVersions(ApiKey key)
{
    for (const VersionRange& range : supportedTable)
        if (range.key == key)
            return range;
    return std::nullopt;
}

bool isSupported(ApiKey key, std::int16_t version)
{
    const auto range = supportedVersions(key);
    return range && version >= range->minVersion && version <= range->maxVersion;
}

std::string_view apiName(ApiKey key)
{
    switch (key) {
    case ApiKey::Produce:
        return "Produce";
    case ApiKey::Fetch:
        return "Fetch";
    case ApiKey::ListOffsets:
        return "ListOffsets";
    case ApiKey::Metadata:
        return "Metadata";
    case ApiKey::ApiVersions:
        return "ApiVersions";
    case ApiKey::InitProducerId:
        return "InitProducerId";
    }
    return "Unknown";
}

std::int16_t requestHeaderVersion(ApiKey key, std::int16_t version)
{
    return isFlexible(key, version) ? 2 : 1;
}

std::int16_t responseHeaderVersion(ApiKey key, std::int16_t version)
{
    if (key == ApiKey::ApiVersions)
        return 0;
    return isFlexible(key, version) ? 1 : 0;
}

std::string_view errorName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::UnknownServerError:
        return "UNKNOWN_SERVER_ERROR";
    case ErrorCode::None:
        return "NONE";
    case ErrorCode::OffsetOutOfRange:
        return "OFFSET_OUT_OF_RANGE";
    case ErrorCode::CorruptMessage:
        return "CORRUPT_MESSAGE";
    case ErrorCode::UnknownTopicOrPartition:
        return "UNKNOWN_TOPIC_OR_PARTITION";
    case ErrorCode::LeaderNotAvailable:
        return "LEADER_NOT_AVAILABLE";
    case ErrorCode::NotLeaderOrFollower:
        return "NOT_LEADER_OR_FOLLOWER";
    case ErrorCode::RequestTimedOut:
        return "REQUEST_TIMED_OUT";
    case ErrorCode::ReplicaNotAvailable:
        return "REPLICA_NOT_AVAILABLE";
    case ErrorCode::MessageTooLarge:
        return "MESSAGE_TOO_LARGE";
    case ErrorCode::CoordinatorLoadInProgress:
        return "COORDINATOR_LOAD_IN_PROGRESS";
    case ErrorCode::CoordinatorNotAvailable:
        return "COORDINATOR_NOT_AVAILABLE";
    case ErrorCode::NotCoordinator:
        return "NOT_COORDINATOR";
    case ErrorCode::InvalidTopicException:
        return "INVALID_TOPIC_EXCEPTION";
    case ErrorCode::RecordListTooLarge:
        return "RECORD_LIST_TOO_LARGE";
    case ErrorCode::NotEnoughReplicas:
        return "NOT_ENOUGH_REPLICAS";
    case ErrorCode::NotEnoughReplicasAfterAppend:
        return "NOT_ENOUGH_REPLICAS_AFTER_APPEND";
    case ErrorCode::InvalidRequiredAcks:
        return "INVALID_REQUIRED_ACKS";
    case ErrorCode::TopicAuthorizationFailed:
        return "TOPIC_AUTHORIZATION_FAILED";
    case ErrorCode::ClusterAuthorizationFailed:
        return "CLUSTER_AUTHORIZATION_FAILED";
    case ErrorCode::InvalidTimestamp:
        return "INVALID_TIMESTAMP";
    case ErrorCode::UnsupportedVersion:
        return "UNSUPPORTED_VERSION";
    case ErrorCode::InvalidRequest:
        return "INVALID_REQUEST";
    case ErrorCode::UnsupportedForMessageFormat:
        return "UNSUPPORTED_FOR_MESSAGE_FORMAT";
    case ErrorCode::OutOfOrderSequenceNumber:
        return "OUT_OF_ORDER_SEQUENCE_NUMBER";
    case ErrorCode::DuplicateSequenceNumber:
        return "DUPLICATE_SEQUENCE_NUMBER";
    case ErrorCode::InvalidProducerEpoch:
        return "INVALID_PRODUCER_EPOCH";
    case ErrorCode::InvalidTxnState:
        return "INVALID_TXN_STATE";
    case ErrorCode::InvalidTransactionTimeout:
        return "INVALID_TRANSACTION_TIMEOUT";
    case ErrorCode::TransactionalIdAuthorizationFailed:
        return "TRANSACTIONAL_ID_AUTHORIZATION_FAILED";
    case ErrorCode::KafkaStorageError:
        return "KAFKA_STORAGE_ERROR";
    case ErrorCode::UnknownProducerId:
        return "UNKNOWN_PRODUCER_ID";
    case ErrorCode::FencedLeaderEpoch:
        return "FENCED_LEADER_EPOCH";
    case ErrorCode::UnknownLeaderEpoch:
        return "UNKNOWN_LEADER_EPOCH";
    case ErrorCode::UnsupportedCompressionType:
        return "UNSUPPORTED_COMPRESSION_TYPE";
    case ErrorCode::OffsetNotAvailable:
        return "OFFSET_NOT_AVAILABLE";
    case ErrorCode::InvalidRecord:
        return "INVALID_RECORD";
    case ErrorCode::ProducerFenced:
        return "PRODUCER_FENCED";
    }
    return "UNKNOWN_SERVER_ERROR";
}

// ApiVersionsRequest.SOFTWARE_NAME_VERSION_PATTERN at 3.7.0: [a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?
bool ApiVersionsRequest::isValid(std::int16_t version) const
{
    if (version < 3)
        return true;
    const auto matches = [](std::string_view text) {
        const auto alnum
            = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
        if (text.empty() || !alnum(text.front()) || !alnum(text.back()))
            return false;
        return std::all_of(text.begin(), text.end(), [&](char c) { return alnum(c) || c == '-' || c == '.'; });
    };
    return matches(clientSoftwareName) && matches(clientSoftwareVersion);
}

UnsupportedRequest::UnsupportedRequest(std::int16_t rawApiKey, std::int16_t apiVersion, std::int32_t correlationId)
    : std::runtime_error("unsupported request: API key " + std::to_string(rawApiKey) + " ("
        + std::string(apiName(static_cast<ApiKey>(rawApiKey))) + ") version " + std::to_string(apiVersion)
        + ", correlation id " + std::to_string(correlationId)),
      m_rawApiKey(rawApiKey),
      m_apiVersion(apiVersion),
      m_correlationId(correlationId)
{
}

bool UnsupportedRequest::answerWithApiVersionsError() const
{
    return m_rawApiKey == static_cast<std::int16_t>(ApiKey::ApiVersions);
}

ApiKey apiKeyOf(const Request& body)
{
    return std::visit(
        [](const auto& request) -> ApiKey {
            using T = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<T, ApiVersionsRequest>)
                return ApiKey::ApiVersions;
            else if constexpr (std::is_same_v<T, MetadataRequest>)
                return ApiKey::Metadata;
            else if constexpr (std::is_same_v<T, ProduceRequest>)
                return ApiKey::Produce;
            else if constexpr (std::is_same_v<T, FetchRequest>)
                return ApiKey::Fetch;
            else if constexpr (std::is_same_v<T, ListOffsetsRequest>)
                return ApiKey::ListOffsets;
            else
                return ApiKey::InitProducerId;
        },
        body);
}

ApiKey apiKeyOf(const Response& body)
{
    return std::visit(
        [](const auto& response) -> ApiKey {
            using T = std::decay_t<decltype(response)>;
            if constexpr (std::is_same_v<T, ApiVersionsResponse>)
                return ApiKey::ApiVersions;
            else if constexpr (std::is_same_v<T, MetadataResponse>)
                return ApiKey::Metadata;
            else if constexpr (std::is_same_v<T, ProduceResponse>)
                return ApiKey::Produce;
            else if constexpr (std::is_same_v<T, FetchResponse>)
                return ApiKey::Fetch;
            else if constexpr (std::is_same_v<T, ListOffsetsResponse>)
                return ApiKey::ListOffsets;
            else
                return ApiKey::InitProducerId;
        },
        body);
}

// RequestHeader.parse at 3.7.0 reads the key and version first, derives the header version from them
// (an unknown key fails there, in ApiKeys.forId) and then reads the whole header; SocketServer's
// parseRequestHeader then refuses a key/version that is not enabled, except ApiVersions, which
// RequestContext.parseRequest answers as version 0 without reading its body.
RequestFrame parseRequest(ByteView frame)
{
    if (frame.size() > static_cast<std::size_t>(limits::requestBytesMax))
        throw DecodeError("a request of " + std::to_string(frame.size()) + " bytes, above limits::requestBytesMax ("
                + std::to_string(limits::requestBytesMax) + ")",
            0);
    Reader r(frame);
    RequestFrame out;
    RequestHeader& header = out.header;
    header.rawApiKey = r.int16();
    header.apiVersion = r.int16();
    header.correlationId = r.int32();
    header.apiKey = static_cast<ApiKey>(header.rawApiKey);
    if (!supportedVersions(header.apiKey))
        throw UnsupportedRequest(header.rawApiKey, header.apiVersion, header.correlationId);
    header.clientId = r.nullableString();
    if (requestHeaderVersion(header.apiKey, header.apiVersion) >= 2)
        r.skipTaggedFields();
    if (!isSupported(header.apiKey, header.apiVersion))
        throw UnsupportedRequest(header.rawApiKey, header.apiVersion, header.correlationId);
    out.body = readRequestBody(r, header.apiKey, header.apiVersion);
    return out;
}

std::optional<std::int32_t> peekCorrelationId(ByteView frame)
{
    if (frame.size() < 8)
        return std::nullopt;
    Reader r(frame.subspan(4, 4));
    return r.int32();
}

Bytes encodeRequest(const RequestHeader& header, const Request& body)
{
    requireMatch(header, body, "request");
    requireSupported(header.apiKey, header.apiVersion);
    Writer w;
    const std::size_t sizeAt = w.reserveInt32();
    w.int16(static_cast<std::int16_t>(header.apiKey));
    w.int16(header.apiVersion);
    w.int32(header.correlationId);
    writeNullableString(w, header.clientId);
    if (requestHeaderVersion(header.apiKey, header.apiVersion) >= 2)
        w.emptyTaggedFields();
    const std::int16_t version = header.apiVersion;
    std::visit(
        [&](const auto& request) {
            using T = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<T, ApiVersionsRequest>)
                writeApiVersionsRequest(w, request, version);
            else if constexpr (std::is_same_v<T, MetadataRequest>)
                writeMetadataRequest(w, request, version);
            else if constexpr (std::is_same_v<T, ProduceRequest>)
                writeProduceRequest(w, request, version);
            else if constexpr (std::is_same_v<T, FetchRequest>)
                writeFetchRequest(w, request, version);
            else if constexpr (std::is_same_v<T, ListOffsetsRequest>)
                writeListOffsetsRequest(w, request, version);
            else
                writeInitProducerIdRequest(w, request, version);
        },
        body);
    return finishFrame(w, sizeAt);
}

Bytes encodeResponse(const RequestHeader& header, const Response& body)
{
    requireMatch(header, body, "response");
    requireSupported(header.apiKey, header.apiVersion);
    Writer w;
    const std::size_t sizeAt = w.reserveInt32();
    w.int32(header.correlationId);
    if (responseHeaderVersion(header.apiKey, header.apiVersion) >= 1)
        w.emptyTaggedFields();
    const std::int16_t version = header.apiVersion;
    std::visit(
        [&](const auto& response) {
            using T = std::decay_t<decltype(response)>;
            if constexpr (std::is_same_v<T, ApiVersionsResponse>)
                writeApiVersionsResponse(w, response, version);
            else if constexpr (std::is_same_v<T, MetadataResponse>)
                writeMetadataResponse(w, response, version);
            else if constexpr (std::is_same_v<T, ProduceResponse>)
                writeProduceResponse(w, response, version);
            else if constexpr (std::is_same_v<T, FetchResponse>)
                writeFetchResponse(w, response, version);
            else if constexpr (std::is_same_v<T, ListOffsetsResponse>)
                writeListOffsetsResponse(w, response, version);
            else
                writeInitProducerIdResponse(w, response, version);
        },
        body);
    return finishFrame(w, sizeAt);
}

// ApiVersionsRequest.getErrorResponse(UNSUPPORTED_VERSION) at 3.7.0, written in version 0
// (RequestContext.apiVersion() is 0 for an unsupported ApiVersions request): no throttle time, and the
// ApiKeys array holds only ApiVersions' own range (ApiVersionsResponse.toApiVersion(API_VERSIONS)).
Bytes encodeUnsupportedApiVersionsResponse(std::int32_t correlationId)
{
    RequestHeader header;
    header.apiKey = ApiKey::ApiVersions;
    header.rawApiKey = static_cast<std::int16_t>(ApiKey::ApiVersions);
    header.apiVersion = 0;
    header.correlationId = correlationId;
    ApiVersionsResponse body;
    body.errorCode = ErrorCode::UnsupportedVersion;
    body.apiKeys = { *supportedVersions(ApiKey::ApiVersions) };
    return encodeResponse(header, body);
}

Response parseResponse(ApiKey key, std::int16_t version, ByteView frameWithoutSize, std::int32_t* correlationIdOut)
{
    if (!isSupported(key, version))
        encodeBug("cannot parse a response to " + versionText(key, version) + ": not a supported version");
    Reader r(frameWithoutSize);
    const std::int32_t correlationId = r.int32();
    if (correlationIdOut)
        *correlationIdOut = correlationId;
    if (responseHeaderVersion(key, version) >= 1)
        r.skipTaggedFields();
    if (key == ApiKey::ApiVersions && version != 0) {
        // ApiVersionsResponse.parse at 3.7.0: a broker answers a version it does not support in
        // version 0, so a body that does not decode in the version asked for is read again as version 0.
        const Reader bodyStart = r;
        try {
            return readResponseBody(r, key, version);
        } catch (const DecodeError&) {
            r = bodyStart;
            return readResponseBody(r, key, 0);
        }
    }
    return readResponseBody(r, key, version);
}

} // namespace hw::wire
