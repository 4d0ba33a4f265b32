// SPDX-License-Identifier: MIT
// The client half's admin APIs: CreateTopics 7 (with the scenario's explicit replica assignment and topic configs),
// IncrementalAlterConfigs 1 and ElectLeaders 2 (preferred and unclean), what HighWater sends to set a real cluster up
// as a scenario says, and DescribeConfigs 4, what the observer reads a topic's configs with. Field order, versions and
// tags follow <Api>Request.json and <Api>Response.json in clients/src/main/resources/common/message/ at 3.7.0 and
// 4.4.0.
#include "wire/client_fields.h"

namespace hw::wire::client::detail {

using wire::detail::encodeBug;
using wire::detail::writeCompactArray;
using wire::detail::writeCompactString;

// ---------------------------------------------------------------------------------------------
// CreateTopics 7

void writeCreateTopics(Writer& w, const CreateTopicsRequest& body, std::int16_t)
{
    writeCompactArray(w, body.topics, [](Writer& out, const CreatableTopic& topic) {
        if (!topic.assignments.empty() && (topic.numPartitions != -1 || topic.replicationFactor != -1))
            encodeBug("CreateTopics: topic " + topic.name
                + " has a replica assignment, so its numPartitions and replicationFactor must be -1 (Kafka answers "
                  "INVALID_REQUEST)");
        writeCompactString(out, topic.name);
        out.int32(topic.numPartitions);
        out.int16(topic.replicationFactor);
        writeCompactArray(out, topic.assignments, [](Writer& a, const CreatableReplicaAssignment& assignment) {
            a.int32(assignment.partitionIndex);
            writeCompactNodeIds(a, assignment.brokerIds);
            a.emptyTaggedFields();
        });
        writeCompactArray(out, topic.configs, [](Writer& c, const CreatableTopicConfig& config) {
            writeCompactString(c, config.name);
            writeCompactNullableString(c, config.value);
            c.emptyTaggedFields();
        });
        out.emptyTaggedFields();
    });
    w.int32(body.timeoutMs);
    w.boolean(body.validateOnly);
    w.emptyTaggedFields();
}

CreateTopicsResponse readCreateTopics(FieldReader& in, std::int16_t)
{
    CreateTopicsResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    // A result is at least an empty Name, TopicId, ErrorCode, a null ErrorMessage, NumPartitions,
    // ReplicationFactor, null Configs and its tagged fields.
    out.topics = in.array<CreatableTopicResult>(
        "Topics", 28, limits::topicsPerRequestMax, "limits::topicsPerRequestMax", [](FieldReader& topic) {
            CreatableTopicResult result;
            result.name = topic.string("Name");
            result.topicId = topic.uuid("TopicId");
            result.errorCode = topic.error("ErrorCode");
            result.errorMessage = topic.nullableString("ErrorMessage");
            result.numPartitions = topic.int32("NumPartitions");
            result.replicationFactor = topic.int16("ReplicationFactor");
            result.configs = topic.nullableArray<CreatableTopicConfigs>(
                "Configs", 6, limits::configsPerTopicMax, "limits::configsPerTopicMax", [](FieldReader& config) {
                    CreatableTopicConfigs c;
                    c.name = config.string("Name");
                    c.value = config.nullableString("Value");
                    c.readOnly = config.boolean("ReadOnly");
                    c.configSource = config.int8("ConfigSource");
                    c.isSensitive = config.boolean("IsSensitive");
                    config.noTaggedFields();
                    return c;
                });
            topic.taggedFields([&](std::uint32_t tag, FieldReader& field) {
                if (tag != 0)
                    return false;
                result.topicConfigErrorCode = field.error("TopicConfigErrorCode");
                return true;
            });
            return result;
        });
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// IncrementalAlterConfigs 1

void writeIncrementalAlterConfigs(Writer& w, const IncrementalAlterConfigsRequest& body, std::int16_t)
{
    writeCompactArray(w, body.resources, [](Writer& out, const AlterConfigsResource& resource) {
        out.int8(static_cast<std::int8_t>(resource.resourceType));
        writeCompactString(out, resource.resourceName);
        writeCompactArray(out, resource.configs, [](Writer& c, const AlterableConfig& config) {
            writeCompactString(c, config.name);
            c.int8(static_cast<std::int8_t>(config.configOperation));
            writeCompactNullableString(c, config.value);
            c.emptyTaggedFields();
        });
        out.emptyTaggedFields();
    });
    w.boolean(body.validateOnly);
    w.emptyTaggedFields();
}

IncrementalAlterConfigsResponse readIncrementalAlterConfigs(FieldReader& in, std::int16_t)
{
    IncrementalAlterConfigsResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    out.responses = in.array<AlterConfigsResourceResponse>("Responses", 6, limits::configResourcesPerResponseMax,
        "limits::configResourcesPerResponseMax", [](FieldReader& resource) {
            AlterConfigsResourceResponse r;
            r.errorCode = resource.error("ErrorCode");
            r.errorMessage = resource.nullableString("ErrorMessage");
            r.resourceType = static_cast<ConfigResourceType>(resource.int8("ResourceType"));
            r.resourceName = resource.string("ResourceName");
            resource.noTaggedFields();
            return r;
        });
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// DescribeConfigs 4

void writeDescribeConfigs(Writer& w, const DescribeConfigsRequest& body, std::int16_t)
{
    writeCompactArray(w, body.resources, [](Writer& out, const DescribeConfigsResource& resource) {
        out.int8(static_cast<std::int8_t>(resource.resourceType));
        writeCompactString(out, resource.resourceName);
        if (resource.configurationKeys)
            writeCompactStrings(out, *resource.configurationKeys);
        else
            out.unsignedVarint(0); // null: every config
        out.emptyTaggedFields();
    });
    w.boolean(body.includeSynonyms);
    w.boolean(body.includeDocumentation);
    w.emptyTaggedFields();
}

DescribeConfigsResponse readDescribeConfigs(FieldReader& in, std::int16_t)
{
    DescribeConfigsResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    // A result is at least ErrorCode, a null ErrorMessage, ResourceType, an empty ResourceName, an empty
    // Configs and its tagged fields.
    out.results = in.array<DescribeConfigsResult>("Results", 7, limits::configResourcesPerResponseMax,
        "limits::configResourcesPerResponseMax", [](FieldReader& resource) {
            DescribeConfigsResult result;
            result.errorCode = resource.error("ErrorCode");
            result.errorMessage = resource.nullableString("ErrorMessage");
            result.resourceType = static_cast<ConfigResourceType>(resource.int8("ResourceType"));
            result.resourceName = resource.string("ResourceName");
            // A config is at least an empty Name, a null Value, ReadOnly, ConfigSource, IsSensitive, an empty
            // Synonyms, ConfigType, a null Documentation and its tagged fields.
            result.configs = resource.array<DescribeConfigsResourceResult>("Configs", 9, limits::configsPerTopicMax,
                "limits::configsPerTopicMax", [](FieldReader& config) {
                    DescribeConfigsResourceResult c;
                    c.name = config.string("Name");
                    c.value = config.nullableString("Value");
                    c.readOnly = config.boolean("ReadOnly");
                    c.configSource = config.int8("ConfigSource");
                    c.isSensitive = config.boolean("IsSensitive");
                    c.synonyms = config.array<DescribeConfigsSynonym>("Synonyms", 4, limits::configsPerTopicMax,
                        "limits::configsPerTopicMax", [](FieldReader& synonym) {
                            DescribeConfigsSynonym s;
                            s.name = synonym.string("Name");
                            s.value = synonym.nullableString("Value");
                            s.source = synonym.int8("Source");
                            synonym.noTaggedFields();
                            return s;
                        });
                    c.configType = config.int8("ConfigType");
                    c.documentation = config.nullableString("Documentation");
                    config.noTaggedFields();
                    return c;
                });
            resource.noTaggedFields();
            return result;
        });
    in.noTaggedFields();
    return out;
}

// ---------------------------------------------------------------------------------------------
// ElectLeaders 2

void writeElectLeaders(Writer& w, const ElectLeadersRequest& body, std::int16_t)
{
    w.int8(static_cast<std::int8_t>(body.electionType));
    if (body.topicPartitions) {
        writeCompactArray(w, *body.topicPartitions, [](Writer& out, const ElectLeadersTopic& topic) {
            writeCompactString(out, topic.topic);
            writeCompactNodeIds(out, topic.partitions);
            out.emptyTaggedFields();
        });
    } else {
        w.unsignedVarint(0); // null: every partition
    }
    w.int32(body.timeoutMs);
    w.emptyTaggedFields();
}

ElectLeadersResponse readElectLeaders(FieldReader& in, std::int16_t)
{
    ElectLeadersResponse out;
    out.throttleTimeMs = in.int32("ThrottleTimeMs");
    out.errorCode = in.error("ErrorCode");
    out.replicaElectionResults = in.array<ReplicaElectionResult>("ReplicaElectionResults", 3,
        limits::topicsPerRequestMax, "limits::topicsPerRequestMax", [](FieldReader& topic) {
            ReplicaElectionResult result;
            result.topic = topic.string("Topic");
            result.partitionResult
                = topic.partitions<ElectLeadersPartitionResult>("PartitionResult", 8, [](FieldReader& partition) {
                      ElectLeadersPartitionResult p;
                      p.partitionId = partition.int32("PartitionId");
                      p.errorCode = partition.error("ErrorCode");
                      p.errorMessage = partition.nullableString("ErrorMessage");
                      partition.noTaggedFields();
                      return p;
                  });
            topic.noTaggedFields();
            return result;
        });
    in.noTaggedFields();
    return out;
}

} // namespace hw::wire::client::detail
