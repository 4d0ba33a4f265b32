// SPDX-License-Identifier: MIT
// The "live" step: what a real client of the live lab did, as a scenario records it (a connect, a
// disconnect, or a Produce, Fetch, ListOffsets, Metadata, InitProducerId, FindCoordinator or group
// request), with a produce's records as text or hex bytes and a group request's bytes as hex, within the
// live limits.
#include "scenario/scenario_reader_internal.h"

#include "model/limits.h"
#include "model/record_text.h"

#include <algorithm>

namespace hw::scenario_reader {

namespace {

/// A live client's key, value or header part: `key` as a JSON string (UTF-8 text) or `hexKey` as hex
/// (any bytes), at most limits::liveRecordBytesMax bytes. Neither: nullopt.
std::optional<std::string> readLiveBytes(const Json& object, const char* key, const char* hexKey,
                                         const std::string& path)
{
    if (object.contains(key) && object.contains(hexKey))
        fail(child(path, hexKey), std::string("expected either \"") + key + "\" or \"" + hexKey + "\", not both");
    std::string bytes;
    if (object.contains(key)) {
        const Json& value = object[key];
        if (!value.is_string())
            fail(child(path, key), "expected a string, got " + describe(value));
        bytes = value.get<std::string>();
    } else if (object.contains(hexKey)) {
        const Json& value = object[hexKey];
        if (!value.is_string())
            fail(child(path, hexKey), "expected a string of hex digits, got " + describe(value));
        std::optional<std::string> decoded = fromHex(value.get<std::string>());
        if (!decoded)
            fail(child(path, hexKey), "expected an even number of hex digits (0-9, a-f)");
        bytes = std::move(*decoded);
    } else {
        return std::nullopt;
    }
    if (bytes.size() > limits::liveRecordBytesMax)
        fail(child(path, object.contains(key) ? key : hexKey),
             "more bytes than the limit of " + std::to_string(limits::liveRecordBytesMax) + " (liveRecordBytesMax)");
    return bytes;
}

/// One record of a live produce: {"key" | "key_hex", "value" | "value_hex" | null, "timestamp_ms",
/// "headers": [{"key" | "key_hex", "value" | "value_hex" | null}]}.
LiveRecord readLiveRecord(const Json& value, const std::string& path)
{
    requireObject(value, path, "a record {\"key\", \"value\", \"timestamp_ms\", \"headers\"}");
    checkKeys(value, path, {"key", "key_hex", "value", "value_hex", "timestamp_ms", "headers"});
    LiveRecord p;
    if (std::optional<std::string> key = readLiveBytes(value, "key", "key_hex", path)) {
        p.hasKey = true;
        p.key = std::move(*key);
    }
    if (value.contains("value") && value["value"].is_null()) {
        if (value.contains("value_hex"))
            fail(child(path, "value_hex"), "expected either \"value\" or \"value_hex\", not both");
        p.valueNull = true;
    } else if (std::optional<std::string> bytes = readLiveBytes(value, "value", "value_hex", path)) {
        p.value = std::move(*bytes);
    } else {
        fail(path, "missing required key \"value\" (a string, or null for a tombstone) or \"value_hex\"");
    }
    if (value.contains("timestamp_ms"))
        p.timestampMs = readInt(value["timestamp_ms"], child(path, "timestamp_ms"), -1, INT64_MAX / 4);
    if (value.contains("headers")) {
        const Json& headers = value["headers"];
        const std::string headersPath = child(path, "headers");
        if (!headers.is_array())
            fail(headersPath, "expected an array of headers, got " + describe(headers));
        for (std::size_t i = 0; i < headers.size(); ++i) {
            const std::string headerPath = child(headersPath, i);
            requireObject(headers[i], headerPath, "a header {\"key\", \"value\"}");
            checkKeys(headers[i], headerPath, {"key", "key_hex", "value", "value_hex"});
            PayloadHeader h;
            std::optional<std::string> key = readLiveBytes(headers[i], "key", "key_hex", headerPath);
            if (!key)
                fail(headerPath, "missing required key \"key\"");
            h.key = std::move(*key);
            if (headers[i].contains("value") && headers[i]["value"].is_null())
                h.valueNull = true;
            else if (std::optional<std::string> bytes = readLiveBytes(headers[i], "value", "value_hex", headerPath))
                h.value = std::move(*bytes);
            else
                h.valueNull = true;
            p.headers.push_back(std::move(h));
        }
    }
    return p;
}

/// Bytes written as hex under `key` (protocol metadata, an assignment): at most limits::liveGroupBytesMax.
std::string readHexBytes(const Json& object, const char* key, const std::string& path)
{
    const std::string keyPath = child(path, key);
    const Json& value = required(object, key, path);
    if (!value.is_string())
        fail(keyPath, "expected a string of hex digits, got " + describe(value));
    std::optional<std::string> bytes = fromHex(value.get<std::string>());
    if (!bytes)
        fail(keyPath, "expected an even number of hex digits (0-9, a-f)");
    if (bytes->size() > limits::liveGroupBytesMax)
        fail(keyPath, "more bytes than the limit of " + std::to_string(limits::liveGroupBytesMax) + " (liveGroupBytesMax)");
    return std::move(*bytes);
}

/// A live client's group request: {"kind": "join" | "sync" | "heartbeat" | "leave" | "offset_commit" |
/// "offset_fetch", "group_id", "member_id", "generation", "client_id", "client_host", "protocol_type",
/// "session_timeout_ms", "rebalance_timeout_ms", "require_known_member_id", "all_partitions",
/// "protocols": [{"name", "metadata_hex"}], "assignments": [{"member_id", "assignment_hex"}],
/// "offsets": [{"topic", "partition", "offset"}], "partitions": [{"topic", "partition"}]}, as the
/// scenario writer records it; a key left out has the value the server leaves it at.
template <typename PartitionOf>
GroupRequest readLiveGroup(const Json& what, const std::string& path, const PartitionOf& partitionOf)
{
    static const std::initializer_list<std::string_view> kindNames = {"join",  "sync",          "heartbeat",
                                                                      "leave", "offset_commit", "offset_fetch"};
    checkKeys(what, path, {"kind", "group_id", "member_id", "generation", "client_id", "client_host", "protocol_type",
                           "session_timeout_ms", "rebalance_timeout_ms", "require_known_member_id", "all_partitions",
                           "protocols", "assignments", "offsets", "partitions"});
    GroupRequest request;
    const std::string kind = readString(required(what, "kind", path), child(path, "kind"));
    const auto found = std::find(kindNames.begin(), kindNames.end(), kind);
    if (found == kindNames.end())
        fail(child(path, "kind"), "unknown group request \"" + kind + "\"; expected one of: " + joinNames(kindNames));
    request.kind = static_cast<GroupRequestKind>(found - kindNames.begin());
    LiveGroupFields live;
    live.groupId = readString(required(what, "group_id", path), child(path, "group_id"), true);
    auto optionalString = [&](const char* key) {
        return what.contains(key) ? readString(what[key], child(path, key), true) : std::string();
    };
    auto optionalInt = [&](const char* key, std::int64_t fallback, std::int64_t min, std::int64_t max) {
        return what.contains(key) ? readInt(what[key], child(path, key), min, max) : fallback;
    };
    auto optionalBool = [&](const char* key) { return what.contains(key) && readBool(what[key], child(path, key)); };
    request.memberId = optionalString("member_id");
    request.generation = static_cast<std::int32_t>(optionalInt("generation", -1, -1, INT32_MAX));
    live.clientId = optionalString("client_id");
    live.clientHost = optionalString("client_host");
    live.protocolType = optionalString("protocol_type");
    live.sessionTimeoutMs = static_cast<std::int32_t>(optionalInt("session_timeout_ms", 0, INT32_MIN, INT32_MAX));
    live.rebalanceTimeoutMs = static_cast<std::int32_t>(optionalInt("rebalance_timeout_ms", 0, INT32_MIN, INT32_MAX));
    live.requireKnownMemberId = optionalBool("require_known_member_id");
    live.allPartitions = optionalBool("all_partitions");
    auto forEach = [&](const char* key, const char* what_, std::size_t max, const auto& read) {
        if (!what.contains(key))
            return;
        const Json& list = what[key];
        const std::string listPath = child(path, key);
        if (!list.is_array())
            fail(listPath, std::string("expected an array of ") + what_ + ", got " + describe(list));
        if (list.size() > max)
            fail(listPath, "at most " + std::to_string(max) + " " + what_);
        for (std::size_t i = 0; i < list.size(); ++i) {
            requireObject(list[i], child(listPath, i), what_);
            read(list[i], child(listPath, i));
        }
    };
    forEach("protocols", "protocols {\"name\", \"metadata_hex\"} (liveGroupProtocolsMax)",
            limits::liveGroupProtocolsMax, [&](const Json& entry, const std::string& entryPath) {
                checkKeys(entry, entryPath, {"name", "metadata_hex"});
                live.protocols.push_back(GroupProtocolOffer{
                    readString(required(entry, "name", entryPath), child(entryPath, "name"), true),
                    readHexBytes(entry, "metadata_hex", entryPath)});
            });
    const auto partitionsMax = static_cast<std::size_t>(limits::topicsMax) * limits::partitionsMax;
    forEach("assignments", "assignments {\"member_id\", \"assignment_hex\"}", limits::liveClientsMax,
            [&](const Json& entry, const std::string& entryPath) {
                checkKeys(entry, entryPath, {"member_id", "assignment_hex"});
                live.assignments.push_back(GroupAssignmentBytes{
                    readString(required(entry, "member_id", entryPath), child(entryPath, "member_id"), true),
                    readHexBytes(entry, "assignment_hex", entryPath)});
            });
    forEach("offsets", "offsets {\"topic\", \"partition\", \"offset\"}", partitionsMax,
            [&](const Json& entry, const std::string& entryPath) {
                checkKeys(entry, entryPath, {"topic", "partition", "offset"});
                request.offsets.push_back(CommittedOffset{
                    partitionOf(entry, entryPath),
                    readInt(required(entry, "offset", entryPath), child(entryPath, "offset"), INT64_MIN / 4,
                            INT64_MAX / 4)});
            });
    forEach("partitions", "partitions {\"topic\", \"partition\"}", partitionsMax,
            [&](const Json& entry, const std::string& entryPath) {
                checkKeys(entry, entryPath, {"topic", "partition"});
                request.partitions.push_back(partitionOf(entry, entryPath));
            });
    request.live = std::move(live);
    return request;
}

} // namespace

namespace {

/// A live request's topic names: up to liveTopicsPerRequestMax strings, as sent (legal or not).
std::vector<std::string> readNames(const Json& value, const std::string& path)
{
    if (!value.is_array() || value.size() > limits::liveTopicsPerRequestMax)
        fail(path, "expected an array of at most " + std::to_string(limits::liveTopicsPerRequestMax) +
                       " topic names, got " + describe(value));
    std::vector<std::string> names;
    for (std::size_t i = 0; i < value.size(); ++i)
        names.push_back(readString(value[i], child(path, i), true));
    return names;
}

/// A live CreateTopics: every topic as sent (name, num_partitions, replication_factor, assignments, configs)
/// and validate_only; what Kafka would refuse in them is the controller's to answer, not the reader's.
LiveCreateTopics readLiveCreateTopics(const Json& what, const std::string& path)
{
    checkKeys(what, path, {"topics", "validate_only"});
    LiveCreateTopics create;
    if (what.contains("validate_only"))
        create.validateOnly = readBool(what["validate_only"], child(path, "validate_only"));
    const Json& topics = required(what, "topics", path);
    const std::string topicsPath = child(path, "topics");
    if (!topics.is_array() || topics.size() > limits::liveTopicsPerRequestMax)
        fail(topicsPath, "expected an array of at most " + std::to_string(limits::liveTopicsPerRequestMax) +
                             " topics, got " + describe(topics));
    for (std::size_t i = 0; i < topics.size(); ++i) {
        const std::string tPath = child(topicsPath, i);
        const Json& t = topics[i];
        requireObject(t, tPath, "a topic to create");
        checkKeys(t, tPath, {"name", "num_partitions", "replication_factor", "assignments", "configs"});
        CreatableTopic topic;
        topic.name = readString(required(t, "name", tPath), child(tPath, "name"), true);
        if (t.contains("num_partitions"))
            topic.numPartitions =
                static_cast<std::int32_t>(readInt(t["num_partitions"], child(tPath, "num_partitions"), INT32_MIN, INT32_MAX));
        if (t.contains("replication_factor"))
            topic.replicationFactor = static_cast<std::int32_t>(
                readInt(t["replication_factor"], child(tPath, "replication_factor"), INT16_MIN, INT16_MAX));
        if (t.contains("assignments")) {
            const std::string aPath = child(tPath, "assignments");
            const Json& list = t["assignments"];
            if (!list.is_array() || list.size() > static_cast<std::size_t>(limits::partitionsMax) * 16)
                fail(aPath, "expected an array of at most " + std::to_string(limits::partitionsMax * 16) +
                                " assignments, got " + describe(list));
            for (std::size_t j = 0; j < list.size(); ++j) {
                const std::string jPath = child(aPath, j);
                requireObject(list[j], jPath, "a partition's assignment");
                checkKeys(list[j], jPath, {"partition", "brokers"});
                CreatableAssignment assignment;
                assignment.partition = static_cast<std::int32_t>(
                    readInt(required(list[j], "partition", jPath), child(jPath, "partition"), INT32_MIN, INT32_MAX));
                const Json& brokers = required(list[j], "brokers", jPath);
                if (!brokers.is_array() || brokers.size() > static_cast<std::size_t>(limits::brokersMax) * 4)
                    fail(child(jPath, "brokers"), "expected an array of broker ids, got " + describe(brokers));
                for (std::size_t k = 0; k < brokers.size(); ++k)
                    assignment.brokers.push_back(static_cast<BrokerId>(
                        readInt(brokers[k], child(child(jPath, "brokers"), k), INT32_MIN, INT32_MAX)));
                topic.assignments.push_back(std::move(assignment));
            }
        }
        if (t.contains("configs")) {
            const std::string cPath = child(tPath, "configs");
            const Json& list = t["configs"];
            if (!list.is_array() || list.size() > limits::liveTopicConfigsMax)
                fail(cPath, "expected an array of at most " + std::to_string(limits::liveTopicConfigsMax) +
                                " configs, got " + describe(list));
            for (std::size_t j = 0; j < list.size(); ++j) {
                const std::string jPath = child(cPath, j);
                requireObject(list[j], jPath, "a topic config");
                checkKeys(list[j], jPath, {"name", "value"});
                CreatableTopicConfig config;
                config.name = readString(required(list[j], "name", jPath), child(jPath, "name"), true);
                const Json& value = required(list[j], "value", jPath);
                if (!value.is_null())
                    config.value = readString(value, child(jPath, "value"), true);
                topic.configs.push_back(std::move(config));
            }
        }
        create.topics.push_back(std::move(topic));
    }
    return create;
}

} // namespace

/// {"live": {"at_ms": T, "connect": {"broker", "client_id"}}} or {"live": {"at_ms": T, "client": N,
/// "disconnect" | "produce" | "fetch" | "list_offsets" | "metadata" | "init_producer_id" |
/// "find_coordinator" | "group" | "create_topics": {...}}}.
Step readLiveStep(const Json& body, const std::string& path, Context& ctx)
{
    static const std::initializer_list<std::string_view> kinds = {
        "connect",  "disconnect",       "produce",          "fetch", "list_offsets",
        "metadata", "init_producer_id", "find_coordinator", "group", "create_topics"};
    requireObject(body, path, "the live action");
    checkKeys(body, path, {"at_ms", "client", "connect", "disconnect", "produce", "fetch", "list_offsets", "metadata",
                           "init_producer_id", "find_coordinator", "group", "create_topics"});
    LiveStep step;
    LiveClientAction& a = step.action;
    if (body.contains("at_ms"))
        a.atMs = readInt(body["at_ms"], child(path, "at_ms"), 0, INT64_MAX / 4);
    std::string kind;
    for (std::string_view k : kinds) {
        if (body.contains(std::string(k))) {
            if (!kind.empty())
                fail(child(path, std::string(k)), "a live step has exactly one of: " + joinNames(kinds));
            kind = std::string(k);
        }
    }
    if (kind.empty())
        fail(path, "missing what the client did, one of: " + joinNames(kinds));
    const Json& what = body[kind];
    const std::string whatPath = child(path, kind);
    requireObject(what, whatPath, "the live " + kind);
    if (kind == "connect") {
        if (body.contains("client"))
            fail(child(path, "client"), "a connect step makes a new client (the next number); it names none");
        checkKeys(what, whatPath, {"broker", "client_id"});
        a.kind = LiveClientAction::Kind::Connect;
        a.broker = ctx.broker(required(what, "broker", whatPath), child(whatPath, "broker"));
        a.id = readString(required(what, "client_id", whatPath), child(whatPath, "client_id"));
        ++ctx.liveClients;
        return step;
    }
    if (ctx.liveClients == 0)
        fail(path, "no client has connected before this step (a live step with \"connect\" comes first)");
    a.client = static_cast<std::int32_t>(
        readInt(required(body, "client", path), child(path, "client"), 0, ctx.liveClients - 1));
    auto partitionOf = [&](const Json& object, const std::string& objectPath) {
        const int topic = ctx.topicIndex(required(object, "topic", objectPath), child(objectPath, "topic"));
        const int partition = object.contains("partition")
                                  ? ctx.partitionIndex(object["partition"], child(objectPath, "partition"), topic)
                                  : 0;
        return ctx.flatPartition(topic, partition);
    };
    if (kind == "disconnect") {
        checkKeys(what, whatPath, {});
        a.kind = LiveClientAction::Kind::Disconnect;
    } else if (kind == "produce") {
        checkKeys(what, whatPath, {"topic", "partition", "acks", "timeout_ms", "producer_id", "producer_epoch",
                                   "base_sequence", "records"});
        LiveProduce produce;
        produce.partition = partitionOf(what, whatPath);
        if (what.contains("acks"))
            produce.acks = readAcks(what["acks"], child(whatPath, "acks"));
        if (what.contains("timeout_ms"))
            produce.timeoutMs = readInt(what["timeout_ms"], child(whatPath, "timeout_ms"), 0, INT32_MAX);
        if (what.contains("producer_id"))
            produce.producerId = readInt(what["producer_id"], child(whatPath, "producer_id"), -1, INT64_MAX);
        if (what.contains("producer_epoch"))
            produce.producerEpoch = static_cast<std::int16_t>(
                readInt(what["producer_epoch"], child(whatPath, "producer_epoch"), -1, INT16_MAX));
        if (what.contains("base_sequence"))
            produce.baseSequence = static_cast<std::int32_t>(
                readInt(what["base_sequence"], child(whatPath, "base_sequence"), -1, INT32_MAX));
        const Json& records = required(what, "records", whatPath);
        const std::string recordsPath = child(whatPath, "records");
        if (!records.is_array() || records.empty())
            fail(recordsPath, "expected a non-empty array of records, got " + describe(records));
        if (records.size() > static_cast<std::size_t>(limits::liveRecordsPerBatchMax))
            fail(recordsPath, "at most " + std::to_string(limits::liveRecordsPerBatchMax) +
                                  " records in one live batch (liveRecordsPerBatchMax)");
        for (std::size_t i = 0; i < records.size(); ++i)
            produce.records.push_back(readLiveRecord(records[i], child(recordsPath, i)));
        a.request = std::move(produce);
    } else if (kind == "fetch") {
        checkKeys(what, whatPath, {"topic", "partition", "offset", "max_records", "max_wait_ms"});
        LiveFetch fetch;
        fetch.partition = partitionOf(what, whatPath);
        fetch.fetchOffset = readInt(required(what, "offset", whatPath), child(whatPath, "offset"), 0, INT64_MAX / 4);
        if (what.contains("max_records"))
            fetch.maxRecords = static_cast<std::int32_t>(
                readInt(what["max_records"], child(whatPath, "max_records"), 1, limits::fetchRecordsMax));
        if (what.contains("max_wait_ms"))
            fetch.maxWaitMs = readInt(what["max_wait_ms"], child(whatPath, "max_wait_ms"), 0, INT32_MAX);
        a.request = fetch;
    } else if (kind == "list_offsets") {
        checkKeys(what, whatPath, {"topic", "partition", "timestamp"});
        LiveListOffsets list;
        list.partition = partitionOf(what, whatPath);
        list.timestamp = readInt(required(what, "timestamp", whatPath), child(whatPath, "timestamp"), -2, INT64_MAX / 4);
        a.request = list;
    } else if (kind == "metadata") {
        checkKeys(what, whatPath, {"auto_create"});
        LiveMetadata metadata;
        if (what.contains("auto_create"))
            metadata.autoCreate = readNames(what["auto_create"], child(whatPath, "auto_create"));
        a.request = std::move(metadata);
    } else if (kind == "create_topics") {
        a.request = readLiveCreateTopics(what, whatPath);
    } else if (kind == "init_producer_id") {
        checkKeys(what, whatPath, {});
        a.request = LiveInitProducerId{};
    } else if (kind == "find_coordinator") {
        checkKeys(what, whatPath, {"group_id"});
        a.request = LiveFindCoordinator{
            readString(required(what, "group_id", whatPath), child(whatPath, "group_id"), true)};
    } else {
        a.request = LiveGroup{readLiveGroup(what, whatPath, partitionOf)};
    }
    return step;
}

} // namespace hw::scenario_reader
