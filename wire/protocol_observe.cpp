// SPDX-License-Identifier: MIT
// The server half of the observer-only versions (wire/protocol_observe.h): ListOffsets 5-8, Fetch 11-12,
// ListGroups 3-5, DescribeGroups 5, OffsetFetch 6-8, DescribeCluster 0-2, DescribeTopicPartitions 0 and
// DescribeConfigs 4. Field
// order, versions and tags follow <Api>Request.json and <Api>Response.json of each in
// clients/src/main/resources/common/message/ at 4.4.0. Kafka's generated writer omits a tagged field at its
// default (MessageDataGenerator), so do these writers.
#include "wire/protocol_observe.h"

#include "wire/client_fields.h"
#include "wire/limits.h"
#include "wire/protocol_fields.h"

#include <array>
#include <string>

namespace hw::wire {

using namespace detail;
using client::detail::writeCompactNodeIds;
using client::detail::writeCompactNullableBytes;
using client::detail::writeCompactNullableString;
using client::detail::writeUuid;

namespace {

// observerApis(): advertisedApis() with these ranges widened or added.
constexpr std::array<VersionRange, 8> observerRanges { {
    { ApiKey::ListOffsets, 1, 8 },
    { ApiKey::Fetch, 4, 12 },
    { ApiKey::OffsetFetch, 1, 8 },
    { ApiKey::DescribeGroups, 0, 5 },
    { ApiKey::ListGroups, 0, 5 },
    { ApiKey::DescribeCluster, 0, 2 },
    { ApiKey::DescribeTopicPartitions, 0, 0 },
    { ApiKey::DescribeConfigs, 4, 4 },
} };

const std::vector<VersionRange>& observerTable()
{
    static const std::vector<VersionRange> table = [] {
        std::vector<VersionRange> out(advertisedApis().begin(), advertisedApis().end());
        for (const VersionRange& wider : observerRanges) {
            bool found = false;
            for (VersionRange& range : out) {
                if (range.key == wider.key) {
                    range = wider;
                    found = true;
                }
            }
            if (!found)
                out.push_back(wider);
        }
        return out;
    }();
    return table;
}

// The first flexible versions (the schemas' "flexibleVersions"): ListOffsets "6+", Fetch "12+",
// DescribeCluster and DescribeTopicPartitions "0+".
bool flexible(ApiKey key, std::int16_t version)
{
    return requestHeaderVersion(key, version) >= 2;
}

// An array's count, compact (UNSIGNED_VARINT + 1) when flexible, checked against its limit.
std::int32_t arrayCount(Reader& r, bool flexibleVersion, std::size_t minElementBytes, std::int32_t max,
    const char* what, const char* limitName)
{
    const std::size_t at = r.offset();
    const std::int32_t count
        = flexibleVersion ? r.compactArrayLength(minElementBytes) : r.arrayLength(minElementBytes);
    checkCount(count, max, what, limitName, at);
    return count;
}

std::int32_t partitionCount(Reader& r, bool flexibleVersion, std::size_t minElementBytes, PartitionBudget& budget)
{
    const std::int32_t count = arrayCount(r, flexibleVersion, minElementBytes, budget.left,
        "partitions (with those before it in the message)", "limits::partitionsPerRequestMax");
    budget.left -= count;
    return count;
}

std::int32_t topicCount(Reader& r, bool flexibleVersion, std::size_t minElementBytes)
{
    return arrayCount(
        r, flexibleVersion, minElementBytes, limits::topicsPerRequestMax, "topics", "limits::topicsPerRequestMax");
}

std::string readName(Reader& r, bool flexibleVersion)
{
    return flexibleVersion ? r.compactString() : r.string();
}

void writeName(Writer& w, bool flexibleVersion, std::string_view name)
{
    if (flexibleVersion)
        writeCompactString(w, name);
    else
        writeString(w, name);
}

template <typename T, typename WriteOne>
void writeAnyArray(Writer& w, bool flexibleVersion, const std::vector<T>& items, WriteOne&& writeOne)
{
    if (flexibleVersion)
        writeCompactArray(w, items, writeOne);
    else
        writeArray(w, items, writeOne);
}

void endStruct(Writer& w, bool flexibleVersion)
{
    if (flexibleVersion)
        w.emptyTaggedFields();
}

void skipTags(Reader& r, bool flexibleVersion)
{
    if (flexibleVersion)
        r.skipTaggedFields();
}

// ---------------------------------------------------------------------------------------------
// ListOffsets 5-8: version 4's fields (ListOffsetsRequest.json: nothing new until TimeoutMs at 10), flexible
// from 6. Versions 7 and 8 only allow the timestamps -3 (KIP-734) and -4 (KIP-405).

ListOffsetsRequest readServedListOffsets(Reader& r, std::int16_t version)
{
    const bool flex = flexible(ApiKey::ListOffsets, version);
    ListOffsetsRequest out;
    PartitionBudget budget;
    out.replicaId = r.int32();
    out.isolationLevel = r.int8();
    const std::int32_t topics = topicCount(r, flex, flex ? 3 : 6);
    for (std::int32_t t = 0; t < topics; ++t) {
        ListOffsetsTopic topic;
        topic.name = readName(r, flex);
        const std::int32_t partitions = partitionCount(r, flex, flex ? 17 : 16, budget);
        for (std::int32_t i = 0; i < partitions; ++i) {
            ListOffsetsPartition partition;
            partition.partitionIndex = r.int32();
            partition.currentLeaderEpoch = r.int32();
            partition.timestamp = r.int64();
            skipTags(r, flex);
            topic.partitions.push_back(partition);
        }
        skipTags(r, flex);
        out.topics.push_back(std::move(topic));
    }
    skipTags(r, flex);
    return out;
}

void writeServedListOffsets(Writer& w, const ListOffsetsRequest& body, std::int16_t version)
{
    const bool flex = flexible(ApiKey::ListOffsets, version);
    w.int32(body.replicaId);
    w.int8(body.isolationLevel);
    writeAnyArray(w, flex, body.topics, [&](Writer& out, const ListOffsetsTopic& topic) {
        writeName(out, flex, topic.name);
        writeAnyArray(out, flex, topic.partitions, [&](Writer& p, const ListOffsetsPartition& partition) {
            p.int32(partition.partitionIndex);
            p.int32(partition.currentLeaderEpoch);
            p.int64(partition.timestamp);
            endStruct(p, flex);
        });
        endStruct(out, flex);
    });
    endStruct(w, flex);
}

void writeServedListOffsetsResponse(Writer& w, const ListOffsetsResponse& body, std::int16_t version)
{
    const bool flex = flexible(ApiKey::ListOffsets, version);
    w.int32(body.throttleTimeMs);
    writeAnyArray(w, flex, body.topics, [&](Writer& out, const ListOffsetsTopicResponse& topic) {
        writeName(out, flex, topic.name);
        writeAnyArray(out, flex, topic.partitions, [&](Writer& p, const ListOffsetsPartitionResponse& partition) {
            p.int32(partition.partitionIndex);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int64(partition.timestamp);
            p.int64(partition.offset);
            p.int32(partition.leaderEpoch);
            endStruct(p, flex);
        });
        endStruct(out, flex);
    });
    endStruct(w, flex);
}

// ---------------------------------------------------------------------------------------------
// Fetch 11-12: 11 adds RackId to the request and PreferredReadReplica to each partition; 12 is flexible,
// adds LastFetchedEpoch, the request's ClusterId (tag 0) and the partition's DivergingEpoch, CurrentLeader
// and SnapshotId (tags 0-2).

client::FetchRequest readServedFetch(Reader& r, std::int16_t version)
{
    const bool flex = flexible(ApiKey::Fetch, version);
    client::FetchRequest out;
    PartitionBudget budget;
    out.replicaId = r.int32();
    out.maxWaitMs = r.int32();
    out.minBytes = r.int32();
    out.maxBytes = r.int32();
    out.isolationLevel = r.int8();
    out.sessionId = r.int32();
    out.sessionEpoch = r.int32();
    const std::int32_t topics = topicCount(r, flex, flex ? 3 : 6);
    for (std::int32_t t = 0; t < topics; ++t) {
        client::FetchTopic topic;
        topic.topic = readName(r, flex);
        const std::int32_t partitions = partitionCount(r, flex, flex ? 33 : 28, budget);
        for (std::int32_t i = 0; i < partitions; ++i) {
            client::FetchPartition partition;
            partition.partition = r.int32();
            partition.currentLeaderEpoch = r.int32();
            partition.fetchOffset = r.int64();
            if (version >= 12)
                partition.lastFetchedEpoch = r.int32();
            partition.logStartOffset = r.int64();
            partition.partitionMaxBytes = r.int32();
            skipTags(r, flex);
            topic.partitions.push_back(partition);
        }
        skipTags(r, flex);
        out.topics.push_back(std::move(topic));
    }
    const std::int32_t forgotten = topicCount(r, flex, flex ? 3 : 6);
    for (std::int32_t t = 0; t < forgotten; ++t) {
        client::ForgottenTopic topic;
        topic.topic = readName(r, flex);
        const std::int32_t partitions = partitionCount(r, flex, 4, budget);
        for (std::int32_t i = 0; i < partitions; ++i)
            topic.partitions.push_back(r.int32());
        skipTags(r, flex);
        out.forgottenTopicsData.push_back(std::move(topic));
    }
    out.rackId = readName(r, flex);
    if (flex) {
        // The top level's tagged fields: ClusterId is tag 0; the others (ReplicaState, 15+) are skipped.
        const std::uint32_t count = r.unsignedVarint();
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::uint32_t tag = r.unsignedVarint();
            const std::uint32_t size = r.unsignedVarint();
            if (tag == 0) {
                const std::size_t start = r.offset();
                out.clusterId = r.compactNullableString();
                if (r.offset() - start != size)
                    r.fail("tag 0 (ClusterId) does not fill its " + std::to_string(size) + " bytes");
            } else {
                r.take(size);
            }
        }
    }
    return out;
}

void writeServedFetch(Writer& w, const client::FetchRequest& body, std::int16_t version)
{
    const bool flex = flexible(ApiKey::Fetch, version);
    w.int32(body.replicaId);
    w.int32(body.maxWaitMs);
    w.int32(body.minBytes);
    w.int32(body.maxBytes);
    w.int8(body.isolationLevel);
    w.int32(body.sessionId);
    w.int32(body.sessionEpoch);
    writeAnyArray(w, flex, body.topics, [&](Writer& out, const client::FetchTopic& topic) {
        writeName(out, flex, topic.topic);
        writeAnyArray(out, flex, topic.partitions, [&](Writer& p, const client::FetchPartition& partition) {
            p.int32(partition.partition);
            p.int32(partition.currentLeaderEpoch);
            p.int64(partition.fetchOffset);
            if (version >= 12)
                p.int32(partition.lastFetchedEpoch);
            p.int64(partition.logStartOffset);
            p.int32(partition.partitionMaxBytes);
            endStruct(p, flex);
        });
        endStruct(out, flex);
    });
    writeAnyArray(w, flex, body.forgottenTopicsData, [&](Writer& out, const client::ForgottenTopic& topic) {
        writeName(out, flex, topic.topic);
        writeAnyArray(out, flex, topic.partitions, [](Writer& p, std::int32_t partition) { p.int32(partition); });
        endStruct(out, flex);
    });
    writeName(w, flex, body.rackId);
    if (flex && body.clusterId) {
        Writer field;
        writeCompactNullableString(field, body.clusterId);
        w.unsignedVarint(1);
        w.unsignedVarint(0);
        w.unsignedVarint(static_cast<std::uint32_t>(field.size()));
        w.raw(field.data());
    } else {
        endStruct(w, flex);
    }
}

// One tagged struct of a Fetch 12 partition: tag, size, the struct (its own empty tagged fields).
template <typename WriteBody> void writeTaggedStruct(Writer& w, std::uint32_t tag, WriteBody&& writeBody)
{
    Writer field;
    writeBody(field);
    field.emptyTaggedFields();
    w.unsignedVarint(tag);
    w.unsignedVarint(static_cast<std::uint32_t>(field.size()));
    w.raw(field.data());
}

void writeServedFetchResponse(Writer& w, const client::FetchResponse& body, std::int16_t version)
{
    const bool flex = flexible(ApiKey::Fetch, version);
    w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    w.int32(body.sessionId);
    writeAnyArray(w, flex, body.responses, [&](Writer& out, const client::FetchTopicResponse& topic) {
        writeName(out, flex, topic.topic);
        writeAnyArray(out, flex, topic.partitions, [&](Writer& p, const client::FetchPartitionResponse& partition) {
            p.int32(partition.partitionIndex);
            p.int16(static_cast<std::int16_t>(partition.errorCode));
            p.int64(partition.highWatermark);
            p.int64(partition.lastStableOffset);
            p.int64(partition.logStartOffset);
            const auto writeAborted = [](Writer& a, const AbortedTransaction& aborted) {
                a.int64(aborted.producerId);
                a.int64(aborted.firstOffset);
            };
            if (flex) {
                if (!partition.abortedTransactions) {
                    p.unsignedVarint(0);
                } else {
                    writeCompactArray(p, *partition.abortedTransactions, [&](Writer& a, const AbortedTransaction& t) {
                        writeAborted(a, t);
                        a.emptyTaggedFields();
                    });
                }
            } else if (!partition.abortedTransactions) {
                p.int32(-1);
            } else {
                writeArray(p, *partition.abortedTransactions, writeAborted);
            }
            p.int32(partition.preferredReadReplica);
            if (flex) {
                writeCompactNullableBytes(p, partition.records);
                // DivergingEpoch, CurrentLeader and SnapshotId (tags 0-2) are written when they are set.
                const std::uint32_t tags = (partition.divergingEpoch ? 1U : 0U) + (partition.currentLeader ? 1U : 0U)
                    + (partition.snapshotId ? 1U : 0U);
                p.unsignedVarint(tags);
                if (partition.divergingEpoch)
                    writeTaggedStruct(p, 0, [&](Writer& f) {
                        f.int32(partition.divergingEpoch->epoch);
                        f.int64(partition.divergingEpoch->endOffset);
                    });
                if (partition.currentLeader)
                    writeTaggedStruct(p, 1, [&](Writer& f) {
                        f.int32(partition.currentLeader->leaderId);
                        f.int32(partition.currentLeader->leaderEpoch);
                    });
                if (partition.snapshotId)
                    writeTaggedStruct(p, 2, [&](Writer& f) {
                        f.int64(partition.snapshotId->endOffset);
                        f.int32(partition.snapshotId->epoch);
                    });
            } else if (!partition.records) {
                p.int32(-1);
            } else {
                writeBytes(p, *partition.records);
            }
        });
        endStruct(out, flex);
    });
    endStruct(w, flex);
}

// ---------------------------------------------------------------------------------------------
// DescribeCluster 0-2: EndpointType from 1, IncludeFencedBrokers and IsFenced from 2.

client::DescribeClusterRequest readServedDescribeCluster(Reader& r, std::int16_t version)
{
    client::DescribeClusterRequest out;
    out.includeClusterAuthorizedOperations = readBool(r);
    if (version >= 1)
        out.endpointType = r.int8();
    if (version >= 2)
        out.includeFencedBrokers = readBool(r);
    r.skipTaggedFields();
    return out;
}

void writeServedDescribeCluster(Writer& w, const client::DescribeClusterRequest& body, std::int16_t version)
{
    w.boolean(body.includeClusterAuthorizedOperations);
    if (version >= 1)
        w.int8(body.endpointType);
    else
        requireDefault<std::int8_t>(body.endpointType, 1, "endpointType", ApiKey::DescribeCluster, version);
    if (version >= 2)
        w.boolean(body.includeFencedBrokers);
    else
        requireDefault(body.includeFencedBrokers, false, "includeFencedBrokers", ApiKey::DescribeCluster, version);
    w.emptyTaggedFields();
}

void writeServedDescribeClusterResponse(Writer& w, const client::DescribeClusterResponse& body, std::int16_t version)
{
    w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    writeCompactNullableString(w, body.errorMessage);
    // EndpointType is not ignorable: version 0 can only say brokers (1).
    if (version >= 1)
        w.int8(body.endpointType);
    else
        requireDefault<std::int8_t>(body.endpointType, 1, "endpointType", ApiKey::DescribeCluster, version);
    writeCompactString(w, body.clusterId);
    w.int32(body.controllerId);
    writeCompactArray(w, body.brokers, [&](Writer& out, const client::DescribeClusterBroker& broker) {
        out.int32(broker.brokerId);
        writeCompactString(out, broker.host);
        out.int32(broker.port);
        writeCompactNullableString(out, broker.rack);
        // IsFenced is ignorable (DescribeClusterResponse.json): dropped below version 2.
        if (version >= 2)
            out.boolean(broker.isFenced);
        out.emptyTaggedFields();
    });
    w.int32(body.clusterAuthorizedOperations);
    w.emptyTaggedFields();
}

// ---------------------------------------------------------------------------------------------
// DescribeTopicPartitions 0

client::DescribeTopicPartitionsRequest readServedDescribeTopicPartitions(Reader& r, std::int16_t)
{
    client::DescribeTopicPartitionsRequest out;
    const std::int32_t topics = topicCount(r, true, 2);
    for (std::int32_t t = 0; t < topics; ++t) {
        out.topics.push_back(r.compactString());
        r.skipTaggedFields();
    }
    out.responsePartitionLimit = r.int32();
    const std::int8_t marker = r.int8();
    if (marker >= 0) {
        if (marker != 1)
            r.fail("expected a nullable struct marker of -1 or 1, got " + std::to_string(marker));
        client::TopicPartitionsCursor cursor;
        cursor.topicName = r.compactString();
        cursor.partitionIndex = r.int32();
        r.skipTaggedFields();
        out.cursor = std::move(cursor);
    }
    r.skipTaggedFields();
    return out;
}

void writeServedCursor(Writer& w, const std::optional<client::TopicPartitionsCursor>& cursor)
{
    if (!cursor) {
        w.int8(-1);
        return;
    }
    w.int8(1);
    writeCompactString(w, cursor->topicName);
    w.int32(cursor->partitionIndex);
    w.emptyTaggedFields();
}

void writeServedDescribeTopicPartitions(Writer& w, const client::DescribeTopicPartitionsRequest& body, std::int16_t)
{
    writeCompactArray(w, body.topics, [](Writer& out, const std::string& name) {
        writeCompactString(out, name);
        out.emptyTaggedFields();
    });
    w.int32(body.responsePartitionLimit);
    writeServedCursor(w, body.cursor);
    w.emptyTaggedFields();
}

void writeNullableNodeIds(Writer& w, const std::optional<std::vector<std::int32_t>>& ids)
{
    if (!ids)
        w.unsignedVarint(0);
    else
        writeCompactNodeIds(w, *ids);
}

void writeServedDescribeTopicPartitionsResponse(
    Writer& w, const client::DescribeTopicPartitionsResponse& body, std::int16_t)
{
    w.int32(body.throttleTimeMs);
    writeCompactArray(w, body.topics, [](Writer& out, const client::DescribeTopicPartitionsTopic& topic) {
        out.int16(static_cast<std::int16_t>(topic.errorCode));
        writeCompactNullableString(out, topic.name);
        writeUuid(out, topic.topicId);
        out.boolean(topic.isInternal);
        writeCompactArray(out, topic.partitions, [](Writer& p, const client::DescribeTopicPartitionsPartition& part) {
            p.int16(static_cast<std::int16_t>(part.errorCode));
            p.int32(part.partitionIndex);
            p.int32(part.leaderId);
            p.int32(part.leaderEpoch);
            writeCompactNodeIds(p, part.replicaNodes);
            writeCompactNodeIds(p, part.isrNodes);
            writeNullableNodeIds(p, part.eligibleLeaderReplicas);
            writeNullableNodeIds(p, part.lastKnownElr);
            writeCompactNodeIds(p, part.offlineReplicas);
            p.emptyTaggedFields();
        });
        out.int32(topic.topicAuthorizedOperations);
        out.emptyTaggedFields();
    });
    writeServedCursor(w, body.nextCursor);
    w.emptyTaggedFields();
}

// ---------------------------------------------------------------------------------------------
// ListGroups 3-5 (flexible; StatesFilter and GroupState from 4, TypesFilter and GroupType from 5) and
// DescribeGroups 5 (the first flexible version; GroupInstanceId from 4).

client::ListGroupsRequest readServedListGroups(Reader& r, std::int16_t version)
{
    client::ListGroupsRequest out;
    const auto strings = [&r] {
        std::vector<std::string> values;
        const std::int32_t count = arrayCount(r, true, 1, limits::topicsPerRequestMax, "filters",
            "limits::topicsPerRequestMax");
        for (std::int32_t i = 0; i < count; ++i)
            values.push_back(r.compactString());
        return values;
    };
    if (version >= 4)
        out.statesFilter = strings();
    if (version >= 5)
        out.typesFilter = strings();
    r.skipTaggedFields();
    return out;
}

void writeServedListGroups(Writer& w, const client::ListGroupsRequest& body, std::int16_t version)
{
    if (version >= 4)
        client::detail::writeCompactStrings(w, body.statesFilter);
    if (version >= 5)
        client::detail::writeCompactStrings(w, body.typesFilter);
    w.emptyTaggedFields();
}

void writeServedListGroupsResponse(Writer& w, const client::ListGroupsResponse& body, std::int16_t version)
{
    w.int32(body.throttleTimeMs);
    w.int16(static_cast<std::int16_t>(body.errorCode));
    writeCompactArray(w, body.groups, [&](Writer& out, const client::ListedGroup& group) {
        writeCompactString(out, group.groupId);
        writeCompactString(out, group.protocolType);
        // GroupState (4+) and GroupType (5+) are ignorable: dropped below.
        if (version >= 4)
            writeCompactString(out, group.groupState);
        if (version >= 5)
            writeCompactString(out, group.groupType);
        out.emptyTaggedFields();
    });
    w.emptyTaggedFields();
}

client::DescribeGroupsRequest readServedDescribeGroups(Reader& r, std::int16_t)
{
    client::DescribeGroupsRequest out;
    const std::int32_t count
        = arrayCount(r, true, 1, limits::topicsPerRequestMax, "groups", "limits::topicsPerRequestMax");
    for (std::int32_t i = 0; i < count; ++i)
        out.groups.push_back(r.compactString());
    out.includeAuthorizedOperations = readBool(r);
    r.skipTaggedFields();
    return out;
}

void writeServedDescribeGroups(Writer& w, const client::DescribeGroupsRequest& body, std::int16_t)
{
    client::detail::writeCompactStrings(w, body.groups);
    w.boolean(body.includeAuthorizedOperations);
    w.emptyTaggedFields();
}

void writeServedDescribeGroupsResponse(Writer& w, const client::DescribeGroupsResponse& body, std::int16_t)
{
    w.int32(body.throttleTimeMs);
    writeCompactArray(w, body.groups, [](Writer& out, const client::DescribedGroup& group) {
        out.int16(static_cast<std::int16_t>(group.errorCode));
        writeCompactString(out, group.groupId);
        writeCompactString(out, group.groupState);
        writeCompactString(out, group.protocolType);
        writeCompactString(out, group.protocolData);
        writeCompactArray(out, group.members, [](Writer& m, const client::DescribedGroupMember& member) {
            writeCompactString(m, member.memberId);
            writeCompactNullableString(m, member.groupInstanceId);
            writeCompactString(m, member.clientId);
            writeCompactString(m, member.clientHost);
            m.compactBytes(ByteView(member.memberMetadata.data(), checkedCount(member.memberMetadata.size())));
            m.compactBytes(ByteView(member.memberAssignment.data(), checkedCount(member.memberAssignment.size())));
            m.emptyTaggedFields();
        });
        out.int32(group.authorizedOperations);
        out.emptyTaggedFields();
    });
    w.emptyTaggedFields();
}

// ---------------------------------------------------------------------------------------------
// DescribeConfigs 4 (DescribeConfigsRequest.json and DescribeConfigsResponse.json at 4.4.0: "validVersions"
// "1-4", "flexibleVersions" "4+"): ConfigurationKeys nullable (null: every config), IncludeSynonyms and
// IncludeDocumentation; each result's configs with their synonyms, type and documentation.

client::DescribeConfigsRequest readServedDescribeConfigs(Reader& r, std::int16_t)
{
    client::DescribeConfigsRequest out;
    const std::int32_t resources = arrayCount(
        r, true, 4, limits::configResourcesPerResponseMax, "resources", "limits::configResourcesPerResponseMax");
    for (std::int32_t i = 0; i < resources; ++i) {
        client::DescribeConfigsResource resource;
        resource.resourceType = static_cast<client::ConfigResourceType>(r.int8());
        resource.resourceName = r.compactString();
        const std::size_t at = r.offset();
        if (const std::optional<std::int32_t> keys = r.compactNullableArrayLength(1)) {
            checkCount(*keys, limits::configsPerTopicMax, "configuration keys", "limits::configsPerTopicMax", at);
            resource.configurationKeys.emplace();
            for (std::int32_t k = 0; k < *keys; ++k)
                resource.configurationKeys->push_back(r.compactString());
        }
        r.skipTaggedFields();
        out.resources.push_back(std::move(resource));
    }
    out.includeSynonyms = readBool(r);
    out.includeDocumentation = readBool(r);
    r.skipTaggedFields();
    return out;
}

void writeServedDescribeConfigs(Writer& w, const client::DescribeConfigsRequest& body, std::int16_t)
{
    writeCompactArray(w, body.resources, [](Writer& out, const client::DescribeConfigsResource& resource) {
        out.int8(static_cast<std::int8_t>(resource.resourceType));
        writeCompactString(out, resource.resourceName);
        if (resource.configurationKeys)
            client::detail::writeCompactStrings(out, *resource.configurationKeys);
        else
            out.unsignedVarint(0);
        out.emptyTaggedFields();
    });
    w.boolean(body.includeSynonyms);
    w.boolean(body.includeDocumentation);
    w.emptyTaggedFields();
}

void writeServedDescribeConfigsResponse(Writer& w, const client::DescribeConfigsResponse& body, std::int16_t)
{
    w.int32(body.throttleTimeMs);
    writeCompactArray(w, body.results, [](Writer& out, const client::DescribeConfigsResult& result) {
        out.int16(static_cast<std::int16_t>(result.errorCode));
        writeCompactNullableString(out, result.errorMessage);
        out.int8(static_cast<std::int8_t>(result.resourceType));
        writeCompactString(out, result.resourceName);
        writeCompactArray(out, result.configs, [](Writer& c, const client::DescribeConfigsResourceResult& config) {
            writeCompactString(c, config.name);
            writeCompactNullableString(c, config.value);
            c.boolean(config.readOnly);
            c.int8(config.configSource);
            c.boolean(config.isSensitive);
            writeCompactArray(c, config.synonyms, [](Writer& s, const client::DescribeConfigsSynonym& synonym) {
                writeCompactString(s, synonym.name);
                writeCompactNullableString(s, synonym.value);
                s.int8(synonym.source);
                s.emptyTaggedFields();
            });
            c.int8(config.configType);
            writeCompactNullableString(c, config.documentation);
            c.emptyTaggedFields();
        });
        out.emptyTaggedFields();
    });
    w.emptyTaggedFields();
}

// ---------------------------------------------------------------------------------------------
// OffsetFetch 6-8 (flexible). 6-7 name one group (GroupId, Topics, RequireStable from 7) and answer with its
// topics and a top-level ErrorCode; 8 names several (Groups[GroupId, Topics]) and answers per group. Both are
// kept as the version 8 structs, one group for 6-7.

client::OffsetFetchRequest readServedOffsetFetch(Reader& r, std::int16_t version)
{
    client::OffsetFetchRequest out;
    PartitionBudget budget;
    const auto readTopicsOf = [&](client::OffsetFetchRequestGroup& group) {
        const std::optional<std::int32_t> count = r.compactNullableArrayLength(2);
        if (!count)
            return;
        checkCount(*count, limits::topicsPerRequestMax, "topics", "limits::topicsPerRequestMax", r.offset());
        group.topics.emplace();
        for (std::int32_t t = 0; t < *count; ++t) {
            client::OffsetFetchRequestTopics topic;
            topic.name = r.compactString();
            const std::int32_t partitions = partitionCount(r, true, 4, budget);
            for (std::int32_t i = 0; i < partitions; ++i)
                topic.partitionIndexes.push_back(r.int32());
            r.skipTaggedFields();
            group.topics->push_back(std::move(topic));
        }
    };
    if (version >= 8) {
        const std::int32_t groups
            = arrayCount(r, true, 3, limits::topicsPerRequestMax, "groups", "limits::topicsPerRequestMax");
        for (std::int32_t g = 0; g < groups; ++g) {
            client::OffsetFetchRequestGroup group;
            group.groupId = r.compactString();
            readTopicsOf(group);
            r.skipTaggedFields();
            out.groups.push_back(std::move(group));
        }
    } else {
        client::OffsetFetchRequestGroup group;
        group.groupId = r.compactString();
        readTopicsOf(group);
        out.groups.push_back(std::move(group));
    }
    if (version >= 7)
        out.requireStable = readBool(r);
    r.skipTaggedFields();
    return out;
}

void writeServedOffsetFetch(Writer& w, const client::OffsetFetchRequest& body, std::int16_t version)
{
    const auto writeTopicsOf = [](Writer& out, const client::OffsetFetchRequestGroup& group) {
        if (!group.topics) {
            out.unsignedVarint(0);
            return;
        }
        writeCompactArray(out, *group.topics, [](Writer& t, const client::OffsetFetchRequestTopics& topic) {
            writeCompactString(t, topic.name);
            writeCompactNodeIds(t, topic.partitionIndexes);
            t.emptyTaggedFields();
        });
    };
    if (version >= 8) {
        writeCompactArray(w, body.groups, [&](Writer& out, const client::OffsetFetchRequestGroup& group) {
            writeCompactString(out, group.groupId);
            writeTopicsOf(out, group);
            out.emptyTaggedFields();
        });
    } else {
        if (body.groups.size() != 1)
            encodeBug("OffsetFetch v" + std::to_string(version) + " names exactly one group");
        writeCompactString(w, body.groups[0].groupId);
        writeTopicsOf(w, body.groups[0]);
    }
    if (version >= 7)
        w.boolean(body.requireStable);
    else
        requireDefault(body.requireStable, false, "requireStable", ApiKey::OffsetFetch, version);
    w.emptyTaggedFields();
}

void writeServedOffsetFetchResponse(Writer& w, const client::OffsetFetchResponse& body, std::int16_t version)
{
    w.int32(body.throttleTimeMs);
    const auto writeTopicsOf = [](Writer& out, const client::OffsetFetchResponseGroup& group) {
        writeCompactArray(out, group.topics, [](Writer& t, const client::OffsetFetchResponseTopics& topic) {
            writeCompactString(t, topic.name);
            writeCompactArray(t, topic.partitions, [](Writer& p, const client::OffsetFetchResponsePartitions& part) {
                p.int32(part.partitionIndex);
                p.int64(part.committedOffset);
                p.int32(part.committedLeaderEpoch);
                writeCompactNullableString(p, part.metadata);
                p.int16(static_cast<std::int16_t>(part.errorCode));
                p.emptyTaggedFields();
            });
            t.emptyTaggedFields();
        });
    };
    if (version >= 8) {
        writeCompactArray(w, body.groups, [&](Writer& out, const client::OffsetFetchResponseGroup& group) {
            writeCompactString(out, group.groupId);
            writeTopicsOf(out, group);
            out.int16(static_cast<std::int16_t>(group.errorCode));
            out.emptyTaggedFields();
        });
    } else {
        if (body.groups.size() != 1)
            encodeBug("OffsetFetch v" + std::to_string(version) + " answers exactly one group");
        writeTopicsOf(w, body.groups[0]);
        w.int16(static_cast<std::int16_t>(body.groups[0].errorCode));
    }
    w.emptyTaggedFields();
}

ApiKey keyOf(const ObserverRequest& body)
{
    static constexpr std::array<ApiKey, 8> keys { ApiKey::ListOffsets, ApiKey::Fetch, ApiKey::DescribeCluster,
        ApiKey::DescribeTopicPartitions, ApiKey::ListGroups, ApiKey::DescribeGroups, ApiKey::OffsetFetch,
        ApiKey::DescribeConfigs };
    return keys[body.index()];
}

ApiKey keyOf(const ObserverResponse& body)
{
    static constexpr std::array<ApiKey, 8> keys { ApiKey::ListOffsets, ApiKey::Fetch, ApiKey::DescribeCluster,
        ApiKey::DescribeTopicPartitions, ApiKey::ListGroups, ApiKey::DescribeGroups, ApiKey::OffsetFetch,
        ApiKey::DescribeConfigs };
    return keys[body.index()];
}

void requireObserverOnly(const RequestHeader& header, ApiKey bodyKey)
{
    if (bodyKey != header.apiKey)
        encodeBug("a " + std::string(apiName(bodyKey)) + " body for a " + std::string(apiName(header.apiKey))
            + " header");
    if (!isObserverOnly(header.apiKey, header.apiVersion))
        encodeBug(versionText(header.apiKey, header.apiVersion) + " is not an observer-only version");
}

} // namespace

std::span<const VersionRange> observerApis()
{
    return observerTable();
}

bool isObserverOnly(ApiKey key, std::int16_t version)
{
    if (isSupported(key, version))
        return false;
    for (const VersionRange& range : observerRanges)
        if (range.key == key)
            return version >= range.minVersion && version <= range.maxVersion;
    return false;
}

std::optional<ObserverRequestFrame> parseObserverRequest(ByteView frame)
{
    if (frame.size() > static_cast<std::size_t>(limits::requestBytesMax) || frame.size() < 4)
        return std::nullopt; // parseRequest refuses it
    Reader peek(frame.subspan(0, 4));
    const auto key = static_cast<ApiKey>(peek.int16());
    const std::int16_t version = peek.int16();
    if (!isObserverOnly(key, version))
        return std::nullopt;
    Reader r(frame);
    ObserverRequestFrame out;
    RequestHeader& header = out.header;
    header.rawApiKey = r.int16();
    header.apiVersion = r.int16();
    header.correlationId = r.int32();
    header.apiKey = key;
    header.clientId = r.nullableString();
    if (requestHeaderVersion(key, version) >= 2)
        r.skipTaggedFields();
    switch (key) {
    case ApiKey::ListOffsets:
        out.body = readServedListOffsets(r, version);
        break;
    case ApiKey::Fetch:
        out.body = readServedFetch(r, version);
        break;
    case ApiKey::DescribeCluster:
        out.body = readServedDescribeCluster(r, version);
        break;
    case ApiKey::DescribeTopicPartitions:
        out.body = readServedDescribeTopicPartitions(r, version);
        break;
    case ApiKey::ListGroups:
        out.body = readServedListGroups(r, version);
        break;
    case ApiKey::DescribeGroups:
        out.body = readServedDescribeGroups(r, version);
        break;
    case ApiKey::OffsetFetch:
        out.body = readServedOffsetFetch(r, version);
        break;
    case ApiKey::DescribeConfigs:
        out.body = readServedDescribeConfigs(r, version);
        break;
    default:
        encodeBug("no observer request reader for " + versionText(key, version));
    }
    return out;
}

Bytes encodeObserverResponse(const RequestHeader& header, const ObserverResponse& body)
{
    requireObserverOnly(header, keyOf(body));
    Writer w;
    const std::size_t sizeAt = w.reserveInt32();
    w.int32(header.correlationId);
    if (responseHeaderVersion(header.apiKey, header.apiVersion) >= 1)
        w.emptyTaggedFields();
    const std::int16_t version = header.apiVersion;
    std::visit(
        [&](const auto& response) {
            using T = std::decay_t<decltype(response)>;
            if constexpr (std::is_same_v<T, ListOffsetsResponse>)
                writeServedListOffsetsResponse(w, response, version);
            else if constexpr (std::is_same_v<T, client::FetchResponse>)
                writeServedFetchResponse(w, response, version);
            else if constexpr (std::is_same_v<T, client::DescribeClusterResponse>)
                writeServedDescribeClusterResponse(w, response, version);
            else if constexpr (std::is_same_v<T, client::ListGroupsResponse>)
                writeServedListGroupsResponse(w, response, version);
            else if constexpr (std::is_same_v<T, client::DescribeGroupsResponse>)
                writeServedDescribeGroupsResponse(w, response, version);
            else if constexpr (std::is_same_v<T, client::OffsetFetchResponse>)
                writeServedOffsetFetchResponse(w, response, version);
            else if constexpr (std::is_same_v<T, client::DescribeConfigsResponse>)
                writeServedDescribeConfigsResponse(w, response, version);
            else
                writeServedDescribeTopicPartitionsResponse(w, response, version);
        },
        body);
    return finishFrame(w, sizeAt);
}

Bytes encodeObserverRequest(const RequestHeader& header, const ObserverRequest& body)
{
    requireObserverOnly(header, keyOf(body));
    Writer w;
    const std::size_t sizeAt = w.reserveInt32();
    writeRequestHeader(w, header);
    const std::int16_t version = header.apiVersion;
    std::visit(
        [&](const auto& request) {
            using T = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<T, ListOffsetsRequest>)
                writeServedListOffsets(w, request, version);
            else if constexpr (std::is_same_v<T, client::FetchRequest>)
                writeServedFetch(w, request, version);
            else if constexpr (std::is_same_v<T, client::DescribeClusterRequest>)
                writeServedDescribeCluster(w, request, version);
            else if constexpr (std::is_same_v<T, client::ListGroupsRequest>)
                writeServedListGroups(w, request, version);
            else if constexpr (std::is_same_v<T, client::DescribeGroupsRequest>)
                writeServedDescribeGroups(w, request, version);
            else if constexpr (std::is_same_v<T, client::OffsetFetchRequest>)
                writeServedOffsetFetch(w, request, version);
            else if constexpr (std::is_same_v<T, client::DescribeConfigsRequest>)
                writeServedDescribeConfigs(w, request, version);
            else
                writeServedDescribeTopicPartitions(w, request, version);
        },
        body);
    return finishFrame(w, sizeAt);
}

} // namespace hw::wire
