// SPDX-License-Identifier: MIT
#include "clients/producer_config.h"
#include "scenario/scenario.h"

#include "groups/assignor.h"
#include "model/limits.h"
#include "model/record_text.h"
#include "scenario/builtin.h"
#include "scenario/fileio.h"
#include "scenario/json_input.h"

#include <algorithm>
#include <unordered_map>

namespace hw {

using namespace json_input;

std::string ScenarioError::toString() const
{
    std::string out = file.empty() ? std::string("<input>") : file;
    if (line > 0)
        out += ":" + std::to_string(line) + ":" + std::to_string(column);
    out += ": ";
    if (!path.empty())
        out += path + ": ";
    return out + message;
}

namespace {

LocalizedText readLocalized(const Json& value, const std::string& path)
{
    LocalizedText text;
    if (value.is_string()) {
        text.byLanguage["en"] = readString(value, path);
        return text;
    }
    if (!value.is_object())
        fail(path, "expected a string or an object of languages {\"en\": ..., \"zh_TW\": ..., \"zh_CN\": ...}, got " +
                       describe(value));
    checkKeys(value, path, {"en", "zh_TW", "zh_CN"});
    for (const auto& item : value.items())
        text.byLanguage[item.key()] = readString(item.value(), child(path, item.key()));
    if (text.byLanguage.empty())
        fail(path, "expected at least one language");
    return text;
}

Acks readAcks(const Json& value, const std::string& path)
{
    if (value.is_string()) {
        const std::string s = value.get<std::string>();
        if (s == "all" || s == "-1")
            return Acks::All;
        if (s == "1")
            return Acks::Leader;
        if (s == "0")
            return Acks::None;
    } else if (value.is_number_integer()) {
        const auto n = value.get<std::int64_t>();
        if (n == -1)
            return Acks::All;
        if (n == 1)
            return Acks::Leader;
        if (n == 0)
            return Acks::None;
    }
    fail(path, "expected acks \"all\", 1 or 0, got " + describe(value));
}

ConfigValue readConfigValue(const Json& value, const std::string& path, const ConfigKeyInfo& info)
{
    ConfigValue out;
    out.kind = info.kind;
    switch (info.kind) {
    case ConfigValue::Kind::Integer:
        out.integer = readInt(value, path, info.min, info.max);
        break;
    case ConfigValue::Kind::Boolean:
        out.boolean = readBool(value, path);
        break;
    case ConfigValue::Kind::Text:
        if (info.name == "acks") {
            const Acks acks = readAcks(value, path);
            out.text = acks == Acks::All ? "all" : acks == Acks::Leader ? "1" : "0";
            break;
        }
        out.text = readString(value, path);
        break;
    }
    return out;
}

/// Reads a `config` object and checks each value against `base` (the cluster as it will be when the
/// change is applied, so version rules apply). `inStep`: a `config` step, which may not change what is
/// fixed for the run.
std::vector<ConfigAction> readConfigObject(const Json& value, const std::string& path, const ClusterConfig& base,
                                           bool inStep)
{
    requireObject(value, path, "configuration keys and values");
    std::vector<ConfigAction> out;
    ClusterConfig probe = base;
    for (const auto& item : value.items()) {
        const std::string itemPath = child(path, item.key());
        if (item.key() == "kafka_version" || item.key() == "cluster.kafka_version")
            fail(itemPath, "kafka_version is fixed for the run; expected it once, as cluster.kafka_version");
        if (inStep && isFixedForRun(item.key()))
            fail(itemPath, item.key() +
                               (item.key() == "eligible.leader.replicas.enable"
                                    ? " is fixed for the run (a feature level set when the cluster is formatted); "
                                    : " is fixed for the run (a producer reads it once, when it is created); ") +
                               "expected it in cluster.config");
        const ConfigKeyInfo* info = findConfigKey(item.key());
        if (!info) {
            std::string known;
            for (const ConfigKeyInfo& k : configKeys())
                known += (known.empty() ? "" : ", ") + std::string(k.name);
            fail(itemPath, "unknown configuration key \"" + item.key() + "\"; expected one of: " + known);
        }
        ConfigAction action{item.key(), readConfigValue(item.value(), itemPath, *info)};
        std::string expected = setConfig(probe, action.key, action.value);
        if (!expected.empty())
            fail(itemPath, "expected " + expected);
        out.push_back(std::move(action));
    }
    return out;
}

/// The names a step refers to, resolved against the cluster the scenario declares.
struct Context {
    explicit Context(const ClusterSpec& spec) : cluster(spec), consumers(spec.consumers) {}

    // Live clients connected by the steps read so far (a live step names one by its number).
    int liveClients = 0;

    const ClusterSpec& cluster;
    // Every consumer so far in engine index order: the declared ones, then those that the steps read
    // so far add (add_consumer), so later steps can name them.
    std::vector<ConsumerSpec> consumers;

    int topicIndex(const Json& value, const std::string& path) const
    {
        const std::string name = readString(value, path);
        for (std::size_t i = 0; i < cluster.topics.size(); ++i) {
            if (cluster.topics[i].name == name)
                return static_cast<int>(i);
        }
        std::string known;
        for (const TopicSpec& t : cluster.topics)
            known += (known.empty() ? "" : ", ") + t.name;
        fail(path, "unknown topic \"" + name + "\"; the scenario declares: " + known);
    }

    int producerIndex(const Json& value, const std::string& path) const
    {
        const std::string id = readString(value, path);
        for (std::size_t i = 0; i < cluster.producers.size(); ++i) {
            if (cluster.producers[i].id == id)
                return static_cast<int>(i);
        }
        std::string known;
        for (const ProducerSpec& p : cluster.producers)
            known += (known.empty() ? "" : ", ") + p.id;
        fail(path, "unknown producer \"" + id + "\"; the scenario declares: " +
                       (known.empty() ? std::string("none") : known));
    }

    int partitionIndex(const Json& value, const std::string& path, int topic) const
    {
        const int count = cluster.topics[static_cast<std::size_t>(topic)].partitions;
        return static_cast<int>(readInt(value, path, 0, count - 1));
    }

    int consumerIndex(const Json& value, const std::string& path) const
    {
        const std::string id = readString(value, path);
        for (std::size_t i = 0; i < consumers.size(); ++i) {
            if (consumers[i].id == id)
                return static_cast<int>(i);
        }
        std::string known;
        for (const ConsumerSpec& c : consumers)
            known += (known.empty() ? "" : ", ") + c.id;
        fail(path, "unknown consumer \"" + id + "\"; the scenario declares: " +
                       (known.empty() ? std::string("none") : known));
    }

    /// Groups are numbered in the order their first consumer is declared or added (as the engine
    /// creates them).
    int groupIndex(const Json& value, const std::string& path) const
    {
        const std::string id = readString(value, path);
        const std::vector<std::string> groups = groupIds(consumers);
        for (std::size_t i = 0; i < groups.size(); ++i) {
            if (groups[i] == id)
                return static_cast<int>(i);
        }
        std::string known;
        for (const std::string& g : groups)
            known += (known.empty() ? "" : ", ") + g;
        fail(path, "unknown group \"" + id + "\"; the scenario's consumers use: " +
                       (known.empty() ? std::string("none") : known));
    }

    BrokerId broker(const Json& value, const std::string& path) const
    {
        return static_cast<BrokerId>(readInt(value, path, 1, cluster.brokers));
    }

    /// The flat partition index (ClusterState::partitions) of a topic's partition.
    std::int32_t flatPartition(int topic, int partition) const
    {
        std::int32_t flat = 0;
        for (int t = 0; t < topic; ++t)
            flat += cluster.topics[static_cast<std::size_t>(t)].partitions;
        return flat + partition;
    }
};

/// One consumer as a top-level "consumers" entry (declared: "start" allowed) or an add_consumer step
/// declares it. `existing` are the consumers before it, whose ids it must not repeat.
ConsumerSpec readConsumer(const Json& c, const std::string& path, const ClusterSpec& cluster,
                          const std::vector<ConsumerSpec>& existing, bool declared)
{
    requireObject(c, path, "a consumer");
    if (declared)
        checkKeys(c, path, {"id", "group", "subscribe", "assign", "assignor", "auto.offset.reset", "auto.commit",
                            "auto.poll", "max.poll.records", "poll.interval.ms", "start"});
    else
        checkKeys(c, path, {"id", "group", "subscribe", "assign", "assignor", "auto.offset.reset", "auto.commit",
                            "auto.poll", "max.poll.records", "poll.interval.ms"});
    const Context names{cluster};
    ConsumerSpec consumer;
    consumer.id = readString(required(c, "id", path), child(path, "id"));
    for (const ConsumerSpec& other : existing) {
        if (other.id == consumer.id)
            fail(child(path, "id"), "a second consumer with id \"" + consumer.id + "\"");
    }
    if (c.contains("group"))
        consumer.group = readString(c["group"], child(path, "group"));
    if (c.contains("subscribe")) {
        const Json& topics = c["subscribe"];
        const std::string topicsPath = child(path, "subscribe");
        if (!topics.is_array() || topics.empty())
            fail(topicsPath, "expected a non-empty array of topic names, got " + describe(topics));
        for (std::size_t t = 0; t < topics.size(); ++t)
            consumer.topics.push_back(names.topicIndex(topics[t], child(topicsPath, t)));
    }
    if (c.contains("assign")) {
        const Json& assign = c["assign"];
        const std::string assignPath = child(path, "assign");
        if (!consumer.group.empty())
            fail(assignPath, "a consumer in a group gets its partitions from the group; \"assign\" is for "
                             "consumers without a group");
        if (!assign.is_array() || assign.empty())
            fail(assignPath, "expected a non-empty array of {\"topic\": ..., \"partition\": ...}, got " +
                                 describe(assign));
        for (std::size_t a = 0; a < assign.size(); ++a) {
            const std::string itemPath = child(assignPath, a);
            requireObject(assign[a], itemPath, "a topic partition");
            checkKeys(assign[a], itemPath, {"topic", "partition"});
            const int topic = names.topicIndex(required(assign[a], "topic", itemPath), child(itemPath, "topic"));
            const int partition = assign[a].contains("partition")
                                      ? names.partitionIndex(assign[a]["partition"],
                                                                  child(itemPath, "partition"), topic)
                                      : 0;
            consumer.manualPartitions.push_back(names.flatPartition(topic, partition));
        }
    }
    if (consumer.group.empty() && consumer.manualPartitions.empty())
        fail(path, "a consumer needs a \"group\" (with \"subscribe\") or an \"assign\" list");
    if (!consumer.group.empty() && consumer.topics.empty())
        fail(path, "a consumer in a group needs \"subscribe\"");
    if (c.contains("assignor")) {
        const std::string name = readString(c["assignor"], child(path, "assignor"));
        const auto kind = assignorFromName(name);
        if (!kind)
            fail(child(path, "assignor"),
                 "expected \"range\", \"roundrobin\", \"sticky\" or \"cooperative-sticky\", got " +
                     describe(c["assignor"]));
        consumer.assignor = *kind;
    }
    if (c.contains("auto.offset.reset")) {
        const std::string reset = readString(c["auto.offset.reset"], child(path, "auto.offset.reset"));
        if (reset == "earliest")
            consumer.reset = OffsetReset::Earliest;
        else if (reset == "latest")
            consumer.reset = OffsetReset::Latest;
        else if (reset == "none")
            consumer.reset = OffsetReset::None;
        else
            fail(child(path, "auto.offset.reset"),
                 "expected \"earliest\", \"latest\" or \"none\", got " + describe(c["auto.offset.reset"]));
    }
    if (c.contains("auto.commit"))
        consumer.autoCommit = readBool(c["auto.commit"], child(path, "auto.commit"));
    if (c.contains("auto.poll"))
        consumer.autoPoll = readBool(c["auto.poll"], child(path, "auto.poll"));
    if (c.contains("max.poll.records"))
        consumer.maxPollRecords = static_cast<std::int32_t>(
            readInt(c["max.poll.records"], child(path, "max.poll.records"), 1, limits::fetchRecordsMax));
    if (c.contains("poll.interval.ms"))
        consumer.pollIntervalMs = readInt(c["poll.interval.ms"], child(path, "poll.interval.ms"), 0, limits::pollIntervalMsMax);
    if (c.contains("start"))
        consumer.start = readBool(c["start"], child(path, "start"));
    return consumer;
}

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

/// {"live": {"at_ms": T, "connect": {"broker", "client_id"}}} or {"live": {"at_ms": T, "client": N,
/// "disconnect" | "produce" | "fetch" | "list_offsets" | "metadata" | "init_producer_id": {...}}}.
Step readLiveStep(const Json& body, const std::string& path, Context& ctx)
{
    static const std::initializer_list<std::string_view> kinds = {
        "connect", "disconnect", "produce", "fetch", "list_offsets", "metadata", "init_producer_id"};
    requireObject(body, path, "the live action");
    checkKeys(body, path, {"at_ms", "client", "connect", "disconnect", "produce", "fetch", "list_offsets", "metadata",
                           "init_producer_id"});
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
        if (ctx.liveClients >= limits::liveClientsMax)
            fail(whatPath, "at most " + std::to_string(limits::liveClientsMax) + " connections (liveClientsMax)");
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
        checkKeys(what, whatPath, {});
        a.request = LiveMetadata{};
    } else {
        checkKeys(what, whatPath, {});
        a.request = LiveInitProducerId{};
    }
    return step;
}

Step readStep(const Json& value, const std::string& path, Context& ctx)
{
    const std::initializer_list<std::string_view> actions = {
        "produce", "fetch", "settle", "advance", "slow", "config", "checkpoint", "note", "kill", "restart",
        "shutdown", "isolate", "heal", "kill_leader", "elect_preferred", "elect_unclean", "run", "clock", "join", "leave",
        "crash_consumer", "poll", "commit", "seek", "rebalance", "add_consumer", "live"};
    requireObject(value, path, "a step such as {\"produce\": {...}}");
    if (value.size() != 1)
        fail(path, "a step is an object with exactly one action key, one of: " + joinNames(actions));
    const std::string action = value.begin().key();
    const Json& body = value.begin().value();
    const std::string bodyPath = child(path, action);

    if (action == "produce") {
        requireObject(body, bodyPath, "the produce action");
        checkKeys(body, bodyPath, {"producer", "topic", "partition", "key", "values", "acks", "wait"});
        ProduceStep step;
        if (body.contains("wait"))
            step.wait = readBool(body["wait"], child(bodyPath, "wait"));
        step.action.producer = ctx.producerIndex(required(body, "producer", bodyPath), child(bodyPath, "producer"));
        step.action.topic = ctx.topicIndex(required(body, "topic", bodyPath), child(bodyPath, "topic"));
        if (body.contains("partition"))
            step.action.partition = ctx.partitionIndex(body["partition"], child(bodyPath, "partition"), step.action.topic);
        if (body.contains("key") && !body["key"].is_null())
            step.action.key = readString(body["key"], child(bodyPath, "key"), true);
        const Json& values = required(body, "values", bodyPath);
        const std::string valuesPath = child(bodyPath, "values");
        if (!values.is_array() || values.empty())
            fail(valuesPath, "expected a non-empty array of strings, got " + describe(values));
        if (values.size() > static_cast<std::size_t>(limits::valuesPerProduceMax))
            fail(valuesPath, "at most " + std::to_string(limits::valuesPerProduceMax) + " values in one produce");
        for (std::size_t i = 0; i < values.size(); ++i)
            step.action.values.push_back(readString(values[i], child(valuesPath, i), true));
        if (body.contains("acks"))
            step.action.acks = readAcks(body["acks"], child(bodyPath, "acks"));
        return step;
    }
    if (action == "fetch") {
        requireObject(body, bodyPath, "the fetch action");
        checkKeys(body, bodyPath, {"topic", "partition", "follower", "max_records", "until", "wait"});
        const int topic = ctx.topicIndex(required(body, "topic", bodyPath), child(bodyPath, "topic"));
        const int partition = body.contains("partition")
                                  ? ctx.partitionIndex(body["partition"], child(bodyPath, "partition"), topic)
                                  : 0;
        FetchStep step;
        if (body.contains("wait"))
            step.wait = readBool(body["wait"], child(bodyPath, "wait"));
        step.action.partition = ctx.flatPartition(topic, partition);
        step.action.follower = ctx.broker(required(body, "follower", bodyPath), child(bodyPath, "follower"));
        if (body.contains("max_records"))
            step.action.maxRecords = static_cast<std::int32_t>(
                readInt(body["max_records"], child(bodyPath, "max_records"), 1, limits::fetchRecordsMax));
        if (body.contains("until")) {
            const std::string until = readString(body["until"], child(bodyPath, "until"));
            if (until == "request")
                step.until = FetchUntil::Request;
            else if (until == "response")
                step.until = FetchUntil::Response;
            else
                fail(child(bodyPath, "until"), "expected \"request\" or \"response\", got " + describe(body["until"]));
        }
        return step;
    }
    if (action == "settle") {
        requireObject(body, bodyPath, "the settle action (an empty object)");
        checkKeys(body, bodyPath, {});
        return SettleStep{};
    }
    if (action == "advance") {
        requireObject(body, bodyPath, "the advance action");
        checkKeys(body, bodyPath, {"ms"});
        return AdvanceStep{readInt(required(body, "ms", bodyPath), child(bodyPath, "ms"), 1, limits::advanceMsMax)};
    }
    if (action == "slow") {
        requireObject(body, bodyPath, "the slow action");
        checkKeys(body, bodyPath, {"broker", "latency_ms"});
        SlowStep step;
        step.action.broker = ctx.broker(required(body, "broker", bodyPath), child(bodyPath, "broker"));
        step.action.latencyMs =
            readInt(required(body, "latency_ms", bodyPath), child(bodyPath, "latency_ms"), 0, limits::latencyMsMax);
        return step;
    }
    if (action == "config") {
        ConfigStep step;
        step.changes = readConfigObject(body, bodyPath, ctx.cluster.config, true);
        if (step.changes.empty())
            fail(bodyPath, "expected at least one configuration key");
        return step;
    }
    if (action == "checkpoint") {
        CheckpointStep step;
        if (body.is_object()) {
            checkKeys(body, bodyPath, {"label", "note"});
            step.label = readString(required(body, "label", bodyPath), child(bodyPath, "label"));
            if (body.contains("note"))
                step.note = readLocalized(body["note"], child(bodyPath, "note"));
        } else {
            step.label = readString(body, bodyPath);
        }
        return step;
    }
    if (action == "note")
        return NoteStep{readLocalized(body, bodyPath)};
    if (action == "kill" || action == "shutdown" || action == "isolate" || action == "heal" || action == "restart") {
        requireObject(body, bodyPath, "the " + action + " action");
        if (action == "restart")
            checkKeys(body, bodyPath, {"broker", "lose_unflushed"});
        else if (action == "shutdown")
            checkKeys(body, bodyPath, {"broker", "wait"});
        else
            checkKeys(body, bodyPath, {"broker"});
        BrokerAction fault;
        fault.kind = action == "kill"       ? BrokerAction::Kind::Kill
                     : action == "shutdown" ? BrokerAction::Kind::Shutdown
                     : action == "isolate"  ? BrokerAction::Kind::Isolate
                     : action == "heal"     ? BrokerAction::Kind::Heal
                                            : BrokerAction::Kind::Restart;
        fault.broker = ctx.broker(required(body, "broker", bodyPath), child(bodyPath, "broker"));
        if (body.contains("lose_unflushed"))
            fault.loseUnflushed = readInt(body["lose_unflushed"], child(bodyPath, "lose_unflushed"), 0, 1000000);
        FaultStep step{fault};
        if (body.contains("wait"))
            step.wait = readBool(body["wait"], child(bodyPath, "wait"));
        return step;
    }
    if (action == "kill_leader" || action == "elect_preferred" || action == "elect_unclean") {
        requireObject(body, bodyPath, "the " + action + " action");
        checkKeys(body, bodyPath, {"topic", "partition"});
        const int topic = ctx.topicIndex(required(body, "topic", bodyPath), child(bodyPath, "topic"));
        const int partition = body.contains("partition")
                                  ? ctx.partitionIndex(body["partition"], child(bodyPath, "partition"), topic)
                                  : 0;
        if (action == "kill_leader")
            return FaultStep{KillLeaderAction{ctx.flatPartition(topic, partition)}};
        if (action == "elect_unclean")
            return FaultStep{ElectUncleanAction{ctx.flatPartition(topic, partition)}};
        return FaultStep{ElectPreferredAction{ctx.flatPartition(topic, partition)}};
    }
    if (action == "join" || action == "leave" || action == "crash_consumer" || action == "poll" || action == "commit" ||
        action == "seek") {
        requireObject(body, bodyPath, "the " + action + " action");
        if (action == "poll")
            checkKeys(body, bodyPath, {"consumer", "max_records", "wait"});
        else if (action == "seek")
            checkKeys(body, bodyPath, {"consumer", "topic", "partition", "offset"});
        else
            checkKeys(body, bodyPath, {"consumer"});
        ConsumerStep step;
        step.action.kind = action == "join"             ? ConsumerAction::Kind::Join
                           : action == "leave"          ? ConsumerAction::Kind::Leave
                           : action == "crash_consumer" ? ConsumerAction::Kind::Crash
                           : action == "poll"           ? ConsumerAction::Kind::Poll
                           : action == "commit"         ? ConsumerAction::Kind::Commit
                                                        : ConsumerAction::Kind::Seek;
        step.action.consumer = ctx.consumerIndex(required(body, "consumer", bodyPath), child(bodyPath, "consumer"));
        if (body.contains("max_records"))
            step.action.maxRecords = static_cast<std::int32_t>(
                readInt(body["max_records"], child(bodyPath, "max_records"), 1, limits::fetchRecordsMax));
        if (body.contains("wait"))
            step.wait = readBool(body["wait"], child(bodyPath, "wait"));
        if (action == "seek") {
            const int topic = ctx.topicIndex(required(body, "topic", bodyPath), child(bodyPath, "topic"));
            const int partition = body.contains("partition")
                                      ? ctx.partitionIndex(body["partition"], child(bodyPath, "partition"), topic)
                                      : 0;
            step.action.partition = ctx.flatPartition(topic, partition);
            step.action.offset = readInt(required(body, "offset", bodyPath), child(bodyPath, "offset"), 0, INT64_MAX / 4);
        }
        return step;
    }
    if (action == "add_consumer") {
        if (ctx.consumers.size() >= static_cast<std::size_t>(limits::consumersMax))
            fail(bodyPath, "the scenario already has " + std::to_string(limits::consumersMax) +
                               " consumers, the limit (consumersMax)");
        ConsumerStep step;
        step.action.kind = ConsumerAction::Kind::Add;
        step.action.spec = readConsumer(body, bodyPath, ctx.cluster, ctx.consumers, false);
        step.action.consumer = static_cast<std::int32_t>(ctx.consumers.size());
        ctx.consumers.push_back(step.action.spec);
        return step;
    }
    if (action == "rebalance") {
        requireObject(body, bodyPath, "the rebalance action");
        checkKeys(body, bodyPath, {"group"});
        return RebalanceStep{ctx.groupIndex(required(body, "group", bodyPath), child(bodyPath, "group"))};
    }
    if (action == "run") {
        requireObject(body, bodyPath, "the run action");
        checkKeys(body, bodyPath, {"events"});
        return RunStep{readInt(required(body, "events", bodyPath), child(bodyPath, "events"), 1,
                               limits::eventsPerStepMax)};
    }
    if (action == "live")
        return readLiveStep(body, bodyPath, ctx);
    if (action == "clock") {
        requireObject(body, bodyPath, "the clock action");
        checkKeys(body, bodyPath, {"to_ms"});
        return ClockStep{readInt(required(body, "to_ms", bodyPath), child(bodyPath, "to_ms"), 1, INT64_MAX / 4)};
    }
    fail(path, "unknown action \"" + action + "\"; expected one of: " + joinNames(actions));
}

/// cluster.racks: one broker.rack per broker, a name or null (no rack). Names are printable ASCII so
/// that Java's String.compareTo and String.hashCode, which the striped placer's order and draws follow,
/// are those of the bytes.
std::vector<std::optional<std::string>> readRacks(const Json& value, const std::string& path, int brokers)
{
    if (!value.is_array())
        fail(path, "expected an array with one rack per broker (a name, or null for no rack), got " + describe(value));
    if (value.size() != static_cast<std::size_t>(brokers))
        fail(path, "expected " + std::to_string(brokers) + " racks, one per broker, got " +
                       std::to_string(value.size()));
    std::vector<std::optional<std::string>> racks;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string itemPath = child(path, i);
        const Json& item = value[i];
        if (item.is_null()) {
            racks.emplace_back();
            continue;
        }
        if (!item.is_string())
            fail(itemPath, "expected a rack name (a string) or null for no rack, got " + describe(item));
        const std::string name = item.get<std::string>();
        if (name.empty())
            fail(itemPath, "expected a non-empty rack name, or null for no rack");
        if (name.size() > limits::rackBytesMax)
            fail(itemPath, "a rack name longer than the limit of " + std::to_string(limits::rackBytesMax) + " bytes");
        for (std::size_t c = 0; c < name.size(); ++c) {
            const auto byte = static_cast<unsigned char>(name[c]);
            if (byte < 0x20 || byte > 0x7e)
                fail(itemPath, "expected a rack name of printable ASCII characters (space to ~), got byte " +
                                   std::to_string(byte) + " at position " + std::to_string(c));
        }
        racks.emplace_back(name);
    }
    return racks;
}

PlacementKind readPlacement(const Json& value, const std::string& path)
{
    if (value.is_string()) {
        const std::string name = value.get<std::string>();
        if (name == placementName(PlacementKind::Striped))
            return PlacementKind::Striped;
        if (name == placementName(PlacementKind::RackUnaware))
            return PlacementKind::RackUnaware;
    }
    fail(path, "expected \"striped\" or \"rack-unaware\", got " + describe(value));
}

KafkaVersion readKafkaVersion(const Json& value, const std::string& path)
{
    if (value.is_number())
        fail(path, "expected a string such as \"4.2\" (in quotes), got the number " + value.dump());
    const std::string text = readString(value, path);
    const std::optional<KafkaVersion> version = parseKafkaVersion(text);
    if (!version)
        fail(path, "expected one of " + std::string(kafkaVersionChoices()) + ", got \"" + text + "\"");
    return *version;
}

DisplaySpec readDisplay(const Json& value, const std::string& path)
{
    requireObject(value, path, "the display settings");
    checkKeys(value, path, {"cells"});
    DisplaySpec display;
    if (value.contains("cells")) {
        const std::string cellsPath = path + "/cells";
        const std::optional<CellText> cells =
            value["cells"].is_string() ? parseCellText(value["cells"].get<std::string>()) : std::nullopt;
        if (!cells)
            fail(cellsPath, "expected \"offsets\", \"values\" or \"both\", got " + describe(value["cells"]));
        display.cells = cells;
    }
    return display;
}

Scenario readScenario(const Json& root, const std::string& file, std::optional<KafkaVersion> versionOverride)
{
    requireObject(root, "", "a scenario");
    checkKeys(root, "",
              {"format", "name", "title", "description", "display", "seed", "cluster", "topics", "producers",
               "consumers", "steps"});
    Scenario s;
    s.file = file;
    const std::string format = readString(required(root, "format", ""), "/format");
    if (format != "highwater/1")
        fail("/format", "expected \"highwater/1\", got " + describe(root["format"]));
    s.name = readString(required(root, "name", ""), "/name");
    s.cluster.name = s.name;
    if (root.contains("title"))
        s.title = readLocalized(root["title"], "/title");
    if (root.contains("description"))
        s.description = readLocalized(root["description"], "/description");
    if (root.contains("display"))
        s.display = readDisplay(root["display"], "/display");
    if (root.contains("seed"))
        s.cluster.seed = static_cast<std::uint64_t>(readInt(root["seed"], "/seed", 0, INT64_MAX));

    const Json& cluster = required(root, "cluster", "");
    requireObject(cluster, "/cluster", "the cluster");
    checkKeys(cluster, "/cluster", {"brokers", "kafka_version", "racks", "config"});
    s.cluster.brokers = static_cast<int>(readInt(required(cluster, "brokers", "/cluster"), "/cluster/brokers", 1,
                                                 limits::brokersMax));
    if (cluster.contains("racks"))
        s.cluster.racks = readRacks(cluster["racks"], "/cluster/racks", s.cluster.brokers);
    // The version first: it decides the defaults, and which keys and values the config may hold.
    KafkaVersion version = defaultKafkaVersion;
    if (cluster.contains("kafka_version"))
        version = readKafkaVersion(cluster["kafka_version"], "/cluster/kafka_version");
    if (versionOverride)
        version = *versionOverride;
    s.cluster.config = defaultsFor(version);
    if (cluster.contains("config")) {
        for (const ConfigAction& change :
             readConfigObject(cluster["config"], "/cluster/config", s.cluster.config, false)) {
            setConfig(s.cluster.config, change.key, change.value);
            s.cluster.idempotenceSet = s.cluster.idempotenceSet || change.key == "enable.idempotence";
            s.cluster.deliveryTimeoutSet = s.cluster.deliveryTimeoutSet || change.key == "delivery.timeout.ms";
        }
    }

    const Json& topics = required(root, "topics", "");
    if (!topics.is_array() || topics.empty())
        fail("/topics", "expected a non-empty array of topics, got " + describe(topics));
    if (topics.size() > static_cast<std::size_t>(limits::topicsMax))
        fail("/topics", "at most " + std::to_string(limits::topicsMax) + " topics");
    for (std::size_t i = 0; i < topics.size(); ++i) {
        const std::string path = child("/topics", i);
        const Json& t = topics[i];
        requireObject(t, path, "a topic");
        checkKeys(t, path, {"name", "partitions", "replication.factor", "assignment", "placement"});
        TopicSpec topic;
        topic.name = readString(required(t, "name", path), child(path, "name"));
        for (const TopicSpec& other : s.cluster.topics) {
            if (other.name == topic.name)
                fail(child(path, "name"), "a second topic named \"" + topic.name + "\"");
        }
        topic.partitions = t.contains("partitions")
                               ? static_cast<int>(readInt(t["partitions"], child(path, "partitions"), 1,
                                                          limits::partitionsMax))
                               : 1;
        const std::string rfPath = child(path, "replication.factor");
        if (t.contains("replication.factor")) {
            const Json& rf = t["replication.factor"];
            if (rf.is_number_integer() && rf.get<std::int64_t>() > s.cluster.brokers)
                fail(rfPath, "replication factor " + rf.dump() + " is larger than the " +
                                 std::to_string(s.cluster.brokers) + " brokers of the cluster");
            topic.replicationFactor = static_cast<int>(readInt(rf, rfPath, 1, s.cluster.brokers));
        } else {
            topic.replicationFactor = std::min(3, s.cluster.brokers);
        }
        if (t.contains("placement")) {
            if (t.contains("assignment"))
                fail(child(path, "placement"), "expected either placement or assignment, not both: an assignment "
                                               "names every replica itself, placement says how to choose them");
            topic.placement = readPlacement(t["placement"], child(path, "placement"));
        }
        if (t.contains("assignment")) {
            const std::string aPath = child(path, "assignment");
            const Json& a = t["assignment"];
            if (!a.is_array() || a.size() != static_cast<std::size_t>(topic.partitions))
                fail(aPath, "expected an array with one broker list per partition (" +
                                std::to_string(topic.partitions) + "), got " + describe(a));
            for (std::size_t p = 0; p < a.size(); ++p) {
                const std::string pPath = child(aPath, p);
                if (!a[p].is_array() || a[p].size() != static_cast<std::size_t>(topic.replicationFactor))
                    fail(pPath, "expected " + std::to_string(topic.replicationFactor) +
                                    " broker ids (the replication factor), got " + describe(a[p]));
                std::vector<BrokerId> replicas;
                for (std::size_t r = 0; r < a[p].size(); ++r) {
                    const auto b = static_cast<BrokerId>(readInt(a[p][r], child(pPath, r), 1, s.cluster.brokers));
                    if (std::find(replicas.begin(), replicas.end(), b) != replicas.end())
                        fail(child(pPath, r), "broker " + std::to_string(b) + " appears twice in one partition");
                    replicas.push_back(b);
                }
                topic.assignment.push_back(std::move(replicas));
            }
        }
        s.cluster.topics.push_back(std::move(topic));
    }

    if (root.contains("producers")) {
        const Json& producers = root["producers"];
        if (!producers.is_array())
            fail("/producers", "expected an array of producers, got " + describe(producers));
        if (producers.size() > static_cast<std::size_t>(limits::producersMax))
            fail("/producers", "at most " + std::to_string(limits::producersMax) + " producers");
        for (std::size_t i = 0; i < producers.size(); ++i) {
            const std::string path = child("/producers", i);
            const Json& p = producers[i];
            requireObject(p, path, "a producer");
            checkKeys(p, path, {"id", "acks", "rate_per_s", "topic", "keys", "enable.idempotence",
                                "max.in.flight.requests.per.connection", "linger.ms", "retries", "delivery.timeout.ms"});
            ProducerSpec producer;
            producer.id = readString(required(p, "id", path), child(path, "id"));
            for (const ProducerSpec& other : s.cluster.producers) {
                if (other.id == producer.id)
                    fail(child(path, "id"), "a second producer with id \"" + producer.id + "\"");
            }
            if (p.contains("acks"))
                producer.acks = readAcks(p["acks"], child(path, "acks"));
            if (p.contains("enable.idempotence"))
                producer.enableIdempotence = readBool(p["enable.idempotence"], child(path, "enable.idempotence"));
            auto readSetting = [&](const char* key, std::optional<std::int64_t>& into) {
                if (p.contains(key)) {
                    const ConfigKeyInfo* info = findConfigKey(key);
                    into = readInt(p[key], child(path, key), info->min, info->max);
                }
            };
            readSetting("max.in.flight.requests.per.connection", producer.maxInFlight);
            readSetting("linger.ms", producer.lingerMs);
            readSetting("retries", producer.retries);
            readSetting("delivery.timeout.ms", producer.deliveryTimeoutMs);
            {
                ProducerSettings settings;
                Acks acks = Acks::All;
                if (auto error = resolveProducerSettings(producer, s.cluster, settings, acks))
                    fail(error->producerKey ? child(path, error->key) : child("/cluster/config", error->key),
                         error->key + " " + error->message +
                             (error->producerKey ? "" : " (for producer \"" + producer.id + "\")"));
            }
            if (p.contains("rate_per_s")) {
                producer.ratePerSecond = readInt(p["rate_per_s"], child(path, "rate_per_s"), 1, 1000);
                const Context topicsOnly{s.cluster};
                producer.rateTopic = topicsOnly.topicIndex(required(p, "topic", path), child(path, "topic"));
            } else if (p.contains("topic")) {
                fail(child(path, "topic"), "\"topic\" goes with \"rate_per_s\" (a producer's steady stream)");
            }
            if (p.contains("keys")) {
                const Json& keys = p["keys"];
                if (!keys.is_null()) {
                    if (!keys.is_array() || keys.empty() || keys.size() > 1000)
                        fail(child(path, "keys"), "expected null or an array of 1..1000 key strings, got " + describe(keys));
                    for (std::size_t k = 0; k < keys.size(); ++k)
                        producer.keys.push_back(readString(keys[k], child(child(path, "keys"), k), true));
                }
            }
            s.cluster.producers.push_back(std::move(producer));
        }
    }

    if (root.contains("consumers")) {
        const Json& consumers = root["consumers"];
        if (!consumers.is_array())
            fail("/consumers", "expected an array of consumers, got " + describe(consumers));
        if (consumers.size() > static_cast<std::size_t>(limits::consumersMax))
            fail("/consumers", "at most " + std::to_string(limits::consumersMax) + " consumers");
        for (std::size_t i = 0; i < consumers.size(); ++i) {
            const std::string path = child("/consumers", i);
            const Json& c = consumers[i];
            ConsumerSpec consumer = readConsumer(c, path, s.cluster, s.cluster.consumers, true);
            s.cluster.consumers.push_back(std::move(consumer));
        }
    }

    Context ctx{s.cluster};
    if (root.contains("steps")) {
        const Json& steps = root["steps"];
        if (!steps.is_array())
            fail("/steps", "expected an array of steps, got " + describe(steps));
        if (steps.size() > static_cast<std::size_t>(limits::stepsMax))
            fail("/steps", "at most " + std::to_string(limits::stepsMax) + " steps");
        // A second checkpoint with a label already used would make --label and the GUI's list of
        // checkpoints ambiguous (the first of the two would win silently).
        std::unordered_map<std::string, std::string> labelPaths;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            s.steps.push_back(readStep(steps[i], child("/steps", i), ctx));
            if (const auto* checkpoint = std::get_if<CheckpointStep>(&s.steps.back())) {
                std::string path = child(child("/steps", i), "checkpoint");
                if (steps[i]["checkpoint"].is_object())
                    path = child(path, "label");
                auto [first, inserted] = labelPaths.try_emplace(checkpoint->label, path);
                if (!inserted)
                    fail(path,
                        "a second checkpoint labelled \"" + checkpoint->label + "\" (the first is " + first->second
                            + "); expected each label once");
            }
        }
    }
    return s;
}

} // namespace

std::variant<Scenario, ScenarioError> parseScenario(std::string_view text, const std::string& file,
                                                    std::optional<KafkaVersion> version)
{
    if (text.size() > limits::scenarioFileBytesMax)
        return ScenarioError { file, 0, 0, "",
            "the file is larger than the limit of " + std::to_string(limits::scenarioFileBytesMax) + " bytes" };
    std::variant<Json, ScenarioError> document = parseDocument(text, file);
    if (auto* error = std::get_if<ScenarioError>(&document))
        return *error;
    const Json& root = std::get<Json>(document);
    try {
        return readScenario(root, file, version);
    } catch (const Failure& f) {
        return ScenarioError { file, 0, 0, f.path.empty() ? std::string("/") : f.path, f.message };
    } catch (const Json::exception& e) {
        return ScenarioError { file, 0, 0, "/", e.what() };
    }
}

std::variant<std::vector<TimedStep>, ScenarioError> parseScript(std::string_view text, const std::string& file,
                                                                const ClusterSpec& cluster)
{
    if (text.size() > limits::scenarioFileBytesMax)
        return ScenarioError { file, 0, 0, "",
            "the file is larger than the limit of " + std::to_string(limits::scenarioFileBytesMax) + " bytes" };
    std::variant<Json, ScenarioError> document = parseDocument(text, file);
    if (auto* error = std::get_if<ScenarioError>(&document))
        return *error;
    const Json& root = std::get<Json>(document);
    try {
        if (!root.is_array())
            fail("", "expected an array of timed steps such as {\"at_ms\": 20000, \"kill\": {\"broker\": 1}}, got "
                    + describe(root));
        if (root.size() > static_cast<std::size_t>(limits::stepsMax))
            fail("", "at most " + std::to_string(limits::stepsMax) + " steps");
        Context ctx{cluster};
        std::vector<TimedStep> steps;
        TimeMs previousMs = 0;
        for (std::size_t i = 0; i < root.size(); ++i) {
            const std::string path = child("", i);
            const Json& item = root[i];
            requireObject(item, path, "a timed step such as {\"at_ms\": 20000, \"kill\": {\"broker\": 1}}");
            if (!item.contains("at_ms"))
                fail(path, "missing required key \"at_ms\" (simulated milliseconds after serving began)");
            TimedStep timed;
            timed.atMs = readInt(item["at_ms"], child(path, "at_ms"), 0, limits::advanceMsMax);
            if (timed.atMs < previousMs)
                fail(child(path, "at_ms"), "expected the steps in time order: " + std::to_string(timed.atMs)
                        + " comes after " + std::to_string(previousMs));
            previousMs = timed.atMs;
            Json step = item;
            step.erase("at_ms");
            timed.step = readStep(step, path, ctx);
            const bool timedKind = std::holds_alternative<FaultStep>(timed.step)
                || std::holds_alternative<SlowStep>(timed.step) || std::holds_alternative<ConfigStep>(timed.step);
            if (!timedKind)
                fail(path, "a script step is one of: kill, restart, shutdown, isolate, heal, kill_leader, "
                           "elect_preferred, elect_unclean, slow, config (the clients do the rest)");
            if (auto* fault = std::get_if<FaultStep>(&timed.step))
                fault->wait = false; // the wall clock runs on; a shutdown completes as the broker stops
            steps.push_back(std::move(timed));
        }
        return steps;
    } catch (const Failure& f) {
        return ScenarioError { file, 0, 0, f.path.empty() ? std::string("/") : f.path, f.message };
    } catch (const Json::exception& e) {
        return ScenarioError { file, 0, 0, "/", e.what() };
    }
}

std::variant<std::vector<TimedStep>, ScenarioError> loadScript(const std::string& path, const ClusterSpec& cluster)
{
    std::variant<std::string, FileError> text = readWholeFile(path, limits::scenarioFileBytesMax);
    if (auto* error = std::get_if<FileError>(&text)) {
        const std::string message
            = error->kind == FileError::Kind::Directory ? "a directory, not a script file" : error->message;
        return ScenarioError { path, 0, 0, "", message };
    }
    return parseScript(std::get<std::string>(text), path, cluster);
}

std::variant<Scenario, ScenarioError> loadScenario(const std::string& source, std::optional<KafkaVersion> version)
{
    constexpr std::string_view prefix = "builtin:";
    if (source.rfind(prefix, 0) == 0) {
        const std::string name = source.substr(prefix.size());
        for (const BuiltinScenario& b : builtinScenarios()) {
            if (b.name == name)
                return parseScenario(b.json, source, version);
        }
        std::string known;
        for (const BuiltinScenario& b : builtinScenarios())
            known += (known.empty() ? "" : ", ") + std::string(b.name);
        return ScenarioError { source, 0, 0, "", "no built-in scenario named \"" + name + "\"; built-ins: " + known };
    }
    std::variant<std::string, FileError> text = readWholeFile(source, limits::scenarioFileBytesMax);
    if (auto* error = std::get_if<FileError>(&text)) {
        const std::string message
            = error->kind == FileError::Kind::Directory ? "a directory, not a scenario file" : error->message;
        return ScenarioError { source, 0, 0, "", message };
    }
    return parseScenario(std::get<std::string>(text), source, version);
}

} // namespace hw
