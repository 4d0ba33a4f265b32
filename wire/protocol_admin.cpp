// SPDX-License-Identifier: MIT
// The server half's CreateTopics, versions 2-7 (flexible from 5): what a real client's admin sends to create a
// topic (kafka-topics.sh --create and Java's Admin send 7, librdkafka 4, kafka-python 2.x 3). Field order,
// versions and tags follow CreateTopicsRequest.json and CreateTopicsResponse.json in
// clients/src/main/resources/common/message/ at 4.4.0 (validVersions "2-7", flexibleVersions "5+").
#include "wire/protocol_fields.h"

namespace hw::wire::detail {

namespace {

constexpr std::int16_t firstFlexible = 5;

/// An array's count, compact in flexible versions, checked against a named limit.
std::int32_t readCount(Reader& r, bool flexible, std::size_t minElementBytes, std::int32_t max, const char* what,
                       const char* limitName)
{
    const std::size_t at = r.offset();
    const std::int32_t count = flexible ? r.compactArrayLength(minElementBytes) : r.arrayLength(minElementBytes);
    checkCount(count, max, what, limitName, at);
    return count;
}

std::string readName(Reader& r, bool flexible)
{
    return flexible ? r.compactString() : r.string();
}

std::optional<std::string> readNullableName(Reader& r, bool flexible)
{
    return flexible ? r.compactNullableString() : r.nullableString();
}

void writeName(Writer& w, bool flexible, std::string_view value)
{
    if (flexible)
        writeCompactString(w, value);
    else
        writeString(w, value);
}

void writeNullableName(Writer& w, bool flexible, const std::optional<std::string>& value)
{
    if (flexible)
        w.compactNullableString(value);
    else
        writeNullableString(w, value);
}

template <typename T, typename WriteOne>
void writeList(Writer& w, bool flexible, const std::vector<T>& items, WriteOne&& writeOne)
{
    if (flexible)
        writeCompactArray(w, items, writeOne);
    else
        writeArray(w, items, writeOne);
}

} // namespace

CreateTopicsRequest readCreateTopicsRequest(Reader& r, std::int16_t version)
{
    const bool flexible = version >= firstFlexible;
    CreateTopicsRequest out;
    PartitionBudget budget;
    // A topic is at least its name's length, NumPartitions, ReplicationFactor and two array counts.
    const std::int32_t topics = readCount(r, flexible, flexible ? 11 : 16, limits::topicsPerRequestMax, "topics",
                                          "limits::topicsPerRequestMax");
    for (std::int32_t t = 0; t < topics; ++t) {
        CreateTopicsTopic topic;
        topic.name = readName(r, flexible);
        topic.numPartitions = r.int32();
        topic.replicationFactor = r.int16();
        const std::size_t at = r.offset();
        const std::int32_t assignments = flexible ? r.compactArrayLength(6) : r.arrayLength(8);
        checkCount(assignments, budget.left, "partition assignments (with those before it in the message)",
                   "limits::partitionsPerRequestMax", at);
        budget.left -= assignments;
        for (std::int32_t a = 0; a < assignments; ++a) {
            CreateTopicsAssignment assignment;
            assignment.partitionIndex = r.int32();
            const std::int32_t brokers = readCount(r, flexible, 4, limits::replicasPerPartitionMax, "replica ids",
                                                   "limits::replicasPerPartitionMax");
            for (std::int32_t b = 0; b < brokers; ++b)
                assignment.brokerIds.push_back(r.int32());
            if (flexible)
                r.skipTaggedFields();
            topic.assignments.push_back(std::move(assignment));
        }
        const std::int32_t configs = readCount(r, flexible, flexible ? 3 : 4, limits::configsPerTopicMax, "configs",
                                               "limits::configsPerTopicMax");
        for (std::int32_t c = 0; c < configs; ++c) {
            CreateTopicsConfig config;
            config.name = readName(r, flexible);
            config.value = readNullableName(r, flexible);
            if (flexible)
                r.skipTaggedFields();
            topic.configs.push_back(std::move(config));
        }
        if (flexible)
            r.skipTaggedFields();
        out.topics.push_back(std::move(topic));
    }
    out.timeoutMs = r.int32();
    out.validateOnly = readBool(r);
    if (flexible)
        r.skipTaggedFields();
    return out;
}

void writeCreateTopicsRequest(Writer& w, const CreateTopicsRequest& body, std::int16_t version)
{
    const bool flexible = version >= firstFlexible;
    writeList(w, flexible, body.topics, [&](Writer& out, const CreateTopicsTopic& topic) {
        writeName(out, flexible, topic.name);
        out.int32(topic.numPartitions);
        out.int16(topic.replicationFactor);
        writeList(out, flexible, topic.assignments, [&](Writer& a, const CreateTopicsAssignment& assignment) {
            a.int32(assignment.partitionIndex);
            writeList(a, flexible, assignment.brokerIds, [](Writer& b, std::int32_t id) { b.int32(id); });
            if (flexible)
                a.emptyTaggedFields();
        });
        writeList(out, flexible, topic.configs, [&](Writer& c, const CreateTopicsConfig& config) {
            writeName(c, flexible, config.name);
            writeNullableName(c, flexible, config.value);
            if (flexible)
                c.emptyTaggedFields();
        });
        if (flexible)
            out.emptyTaggedFields();
    });
    w.int32(body.timeoutMs);
    w.boolean(body.validateOnly);
    if (flexible)
        w.emptyTaggedFields();
}

CreateTopicsResponse readCreateTopicsResponse(Reader& r, std::int16_t version)
{
    const bool flexible = version >= firstFlexible;
    CreateTopicsResponse out;
    out.throttleTimeMs = r.int32();
    const std::int32_t topics = readCount(r, flexible, flexible ? 5 : 6, limits::topicsPerRequestMax, "topics",
                                          "limits::topicsPerRequestMax");
    for (std::int32_t t = 0; t < topics; ++t) {
        CreateTopicsResult result;
        result.name = readName(r, flexible);
        if (version >= 7) {
            result.topicIdHigh = r.int64();
            result.topicIdLow = r.int64();
        }
        result.errorCode = readError(r);
        result.errorMessage = readNullableName(r, flexible);
        if (version >= 5) {
            result.numPartitions = r.int32();
            result.replicationFactor = r.int16();
            const std::size_t at = r.offset();
            const std::optional<std::int32_t> configs = r.compactNullableArrayLength(5);
            if (configs) {
                checkCount(*configs, limits::configsPerTopicMax, "configs", "limits::configsPerTopicMax", at);
                result.configs.emplace();
                for (std::int32_t c = 0; c < *configs; ++c) {
                    CreateTopicsResultConfig config;
                    config.name = r.compactString();
                    config.value = r.compactNullableString();
                    config.readOnly = readBool(r);
                    config.configSource = r.int8();
                    config.isSensitive = readBool(r);
                    r.skipTaggedFields();
                    result.configs->push_back(std::move(config));
                }
            }
            // The result's tagged fields: tag 0 is TopicConfigErrorCode; others are skipped, as Kafka does.
            const std::uint32_t tags = r.unsignedVarint();
            for (std::uint32_t i = 0; i < tags; ++i) {
                const std::uint32_t tag = r.unsignedVarint();
                const std::uint32_t size = r.unsignedVarint();
                if (tag == 0 && size == 2)
                    result.topicConfigErrorCode = readError(r);
                else
                    r.take(size);
            }
        }
        out.topics.push_back(std::move(result));
    }
    if (flexible)
        r.skipTaggedFields();
    return out;
}

void writeCreateTopicsResponse(Writer& w, const CreateTopicsResponse& body, std::int16_t version)
{
    const bool flexible = version >= firstFlexible;
    w.int32(body.throttleTimeMs);
    writeList(w, flexible, body.topics, [&](Writer& out, const CreateTopicsResult& result) {
        writeName(out, flexible, result.name);
        // TopicId and the version 5+ fields are ignorable: older versions drop them.
        if (version >= 7) {
            out.int64(result.topicIdHigh);
            out.int64(result.topicIdLow);
        }
        out.int16(static_cast<std::int16_t>(result.errorCode));
        writeNullableName(out, flexible, result.errorMessage);
        if (version >= 5) {
            out.int32(result.numPartitions);
            out.int16(result.replicationFactor);
            if (!result.configs) {
                out.compactArrayLength(-1);
            } else {
                writeCompactArray(out, *result.configs, [](Writer& c, const CreateTopicsResultConfig& config) {
                    writeCompactString(c, config.name);
                    c.compactNullableString(config.value);
                    c.boolean(config.readOnly);
                    c.int8(config.configSource);
                    c.boolean(config.isSensitive);
                    c.emptyTaggedFields();
                });
            }
            // A tagged field is written only when it is not its default (NONE).
            if (result.topicConfigErrorCode == ErrorCode::None) {
                out.emptyTaggedFields();
            } else {
                out.unsignedVarint(1);
                out.unsignedVarint(0);
                out.unsignedVarint(2);
                out.int16(static_cast<std::int16_t>(result.topicConfigErrorCode));
            }
        }
    });
    if (flexible)
        w.emptyTaggedFields();
}

} // namespace hw::wire::detail
