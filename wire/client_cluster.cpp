// SPDX-License-Identifier: MIT
// The client half's cluster APIs: ApiVersions 3, Metadata 12, DescribeCluster 1-2 and DescribeTopicPartitions
// 0, what the observer asks to learn the brokers, their features and fencing, and each partition's leader,
// epoch, ISR and ELR. Field order, versions and tags follow <Api>Request.json and <Api>Response.json in
// clients/src/main/resources/common/message/ at 3.7.0 and 4.4.0 (DescribeTopicPartitions from 3.8.0).
#include "wire/client_fields.h"

namespace hw::wire::client::detail {

using wire::detail::requireDefault;
using wire::detail::writeCompactArray;
using wire::detail::writeCompactString;

// ---------------------------------------------------------------------------------------------
// ApiVersions 3

void writeApiVersions(Writer& w, const ApiVersionsRequest& body, std::int16_t version)
{
    // The request is the one the server half reads; its writer is the same code.
    wire::detail::writeApiVersionsRequest(w, body, version);
}

ApiVersionsResponse readApiVersions(FieldReader& in, std::int16_t)
{
    ApiVersionsResponse out;
    out.errorCode = in.error("ErrorCode");
    // An ApiVersion is at least three INT16s and an empty tagged-field section.
    out.apiKeys = in.array<VersionRange>(
        "ApiKeys", 7, limits::apiKeysPerResponseMax, "limits::apiKeysPerResponseMax", [](FieldReader& key) {
            VersionRange range { static_cast<ApiKey>(key.int16("ApiKey")), 0, 0 };
            range.minVersion = key.int16("MinVersion");
            range.maxVersion = key.int16("MaxVersion");
            key.noTaggedFields();
            return range;
        });
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    in.taggedFields([&](std::uint32_t tag, FieldReader& field) {
        switch (tag) {
        case 0:
            out.supportedFeatures = field.array<SupportedFeature>("SupportedFeatures", 6,
                limits::featuresPerResponseMax, "limits::featuresPerResponseMax", [](FieldReader& feature) {
                    SupportedFeature key;
                    key.name = feature.string("Name");
                    key.minVersion = feature.int16("MinVersion");
                    key.maxVersion = feature.int16("MaxVersion");
                    feature.noTaggedFields();
                    return key;
                });
            return true;
        case 1:
            out.finalizedFeaturesEpoch = field.int64("FinalizedFeaturesEpoch");
            return true;
        case 2:
            out.finalizedFeatures = field.array<FinalizedFeature>("FinalizedFeatures", 6,
                limits::featuresPerResponseMax, "limits::featuresPerResponseMax", [](FieldReader& feature) {
                    FinalizedFeature key;
                    key.name = feature.string("Name");
                    key.maxVersionLevel = feature.int16("MaxVersionLevel");
                    key.minVersionLevel = feature.int16("MinVersionLevel");
                    feature.noTaggedFields();
                    return key;
                });
            return true;
        case 3:
            out.zkMigrationReady = field.boolean("ZkMigrationReady");
            return true;
        default:
            return false;
        }
    });
    return out;
}

// ---------------------------------------------------------------------------------------------
// Metadata 12

void writeMetadata(Writer& w, const MetadataRequest& body, std::int16_t)
{
    if (body.topics) {
        writeCompactArray(w, *body.topics, [](Writer& out, const std::string& name) {
            writeUuid(out, Uuid {}); // by name: the id is zero
            writeCompactString(out, name);
            out.emptyTaggedFields();
        });
    } else {
        w.unsignedVarint(0); // null: all topics
    }
    w.boolean(body.allowAutoTopicCreation);
    w.boolean(body.includeTopicAuthorizedOperations);
    w.emptyTaggedFields();
}

MetadataResponse readMetadata(FieldReader& in, std::int16_t)
{
    MetadataResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    // A broker is at least NodeId, an empty Host, Port, a null Rack and its tagged fields.
    out.brokers = in.array<MetadataBroker>(
        "Brokers", 11, limits::brokersPerResponseMax, "limits::brokersPerResponseMax", [](FieldReader& broker) {
            MetadataBroker node;
            node.nodeId = broker.int32("NodeId");
            node.host = broker.string("Host");
            node.port = broker.int32("Port");
            node.rack = broker.nullableString("Rack");
            broker.noTaggedFields();
            return node;
        });
    out.clusterId = in.nullableString("ClusterId");
    out.controllerId = in.int32("ControllerId");
    out.topics = in.array<MetadataTopic>(
        "Topics", 26, limits::topicsPerRequestMax, "limits::topicsPerRequestMax", [](FieldReader& topic) {
            MetadataTopic result;
            result.errorCode = topic.error("ErrorCode");
            result.name = topic.nullableString("Name");
            result.topicId = topic.uuid("TopicId");
            result.isInternal = topic.boolean("IsInternal");
            result.partitions = topic.partitions<MetadataPartition>("Partitions", 18, [](FieldReader& partition) {
                MetadataPartition p;
                p.errorCode = partition.error("ErrorCode");
                p.partitionIndex = partition.int32("PartitionIndex");
                p.leaderId = partition.int32("LeaderId");
                p.leaderEpoch = partition.int32("LeaderEpoch");
                p.replicaNodes = partition.nodeIds("ReplicaNodes");
                p.isrNodes = partition.nodeIds("IsrNodes");
                p.offlineReplicas = partition.nodeIds("OfflineReplicas");
                partition.noTaggedFields();
                return p;
            });
            result.topicAuthorizedOperations = topic.int32("TopicAuthorizedOperations");
            topic.noTaggedFields();
            return result;
        });
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// DescribeCluster 1-2

void writeDescribeCluster(Writer& w, const DescribeClusterRequest& body, std::int16_t version)
{
    w.boolean(body.includeClusterAuthorizedOperations);
    w.int8(body.endpointType);
    // IncludeFencedBrokers is not ignorable: version 1 can only say false.
    if (version >= 2)
        w.boolean(body.includeFencedBrokers);
    else
        requireDefault(body.includeFencedBrokers, false, "includeFencedBrokers", ApiKey::DescribeCluster, version);
    w.emptyTaggedFields();
}

DescribeClusterResponse readDescribeCluster(FieldReader& in, std::int16_t version)
{
    DescribeClusterResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    out.errorCode = in.error("ErrorCode");
    out.errorMessage = in.nullableString("ErrorMessage");
    out.endpointType = in.int8("EndpointType");
    out.clusterId = in.string("ClusterId");
    out.controllerId = in.int32("ControllerId");
    const std::size_t brokerBytes = version >= 2 ? 12 : 11;
    out.brokers = in.array<DescribeClusterBroker>("Brokers", brokerBytes, limits::brokersPerResponseMax,
        "limits::brokersPerResponseMax", [&](FieldReader& broker) {
            DescribeClusterBroker node;
            node.brokerId = broker.int32("BrokerId");
            node.host = broker.string("Host");
            node.port = broker.int32("Port");
            node.rack = broker.nullableString("Rack");
            if (version >= 2)
                node.isFenced = broker.boolean("IsFenced");
            broker.noTaggedFields();
            return node;
        });
    out.clusterAuthorizedOperations = in.int32("ClusterAuthorizedOperations");
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// DescribeTopicPartitions 0

namespace {

void writeCursor(Writer& w, const std::optional<TopicPartitionsCursor>& cursor)
{
    // A nullable struct: INT8 -1 for null, 1 and the struct for a value (MessageDataGenerator).
    if (!cursor) {
        w.int8(-1);
        return;
    }
    w.int8(1);
    writeCompactString(w, cursor->topicName);
    w.int32(cursor->partitionIndex);
    w.emptyTaggedFields();
}

} // namespace

void writeDescribeTopicPartitions(Writer& w, const DescribeTopicPartitionsRequest& body, std::int16_t)
{
    writeCompactArray(w, body.topics, [](Writer& out, const std::string& name) {
        writeCompactString(out, name);
        out.emptyTaggedFields();
    });
    w.int32(body.responsePartitionLimit);
    writeCursor(w, body.cursor);
    w.emptyTaggedFields();
}

DescribeTopicPartitionsResponse readDescribeTopicPartitions(FieldReader& in, std::int16_t)
{
    DescribeTopicPartitionsResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    out.topics = in.array<DescribeTopicPartitionsTopic>(
        "Topics", 26, limits::topicsPerRequestMax, "limits::topicsPerRequestMax", [](FieldReader& topic) {
            DescribeTopicPartitionsTopic result;
            result.errorCode = topic.error("ErrorCode");
            result.name = topic.nullableString("Name");
            result.topicId = topic.uuid("TopicId");
            result.isInternal = topic.boolean("IsInternal");
            result.partitions
                = topic.partitions<DescribeTopicPartitionsPartition>("Partitions", 20, [](FieldReader& partition) {
                      DescribeTopicPartitionsPartition p;
                      p.errorCode = partition.error("ErrorCode");
                      p.partitionIndex = partition.int32("PartitionIndex");
                      p.leaderId = partition.int32("LeaderId");
                      p.leaderEpoch = partition.int32("LeaderEpoch");
                      p.replicaNodes = partition.nodeIds("ReplicaNodes");
                      p.isrNodes = partition.nodeIds("IsrNodes");
                      p.eligibleLeaderReplicas = partition.nullableNodeIds("EligibleLeaderReplicas");
                      p.lastKnownElr = partition.nullableNodeIds("LastKnownElr");
                      p.offlineReplicas = partition.nodeIds("OfflineReplicas");
                      partition.noTaggedFields();
                      return p;
                  });
            result.topicAuthorizedOperations = topic.int32("TopicAuthorizedOperations");
            topic.noTaggedFields();
            return result;
        });
    out.nextCursor = in.nullableStruct<TopicPartitionsCursor>("NextCursor", [](FieldReader& cursor) {
        TopicPartitionsCursor next;
        next.topicName = cursor.string("TopicName");
        next.partitionIndex = cursor.int32("PartitionIndex");
        cursor.noTaggedFields();
        return next;
    });
    in.noTaggedFields();
    return out;
}

} // namespace hw::wire::client::detail
