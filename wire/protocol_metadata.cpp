// SPDX-License-Identifier: MIT
// The bodies of ApiVersions (versions 0-3) and Metadata (versions 0-4), requests and responses: the two APIs a
// client opens a connection with. Field order and versions follow ApiVersionsRequest.json,
// ApiVersionsResponse.json, MetadataRequest.json and MetadataResponse.json in
// clients/src/main/resources/common/message/ at 3.7.0.
#include "wire/protocol_fields.h"

namespace hw::wire::detail {

// ---------------------------------------------------------------------------------------------
// Requests

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
// ---------------------------------------------------------------------------------------------
// Responses

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
} // namespace hw::wire::detail
