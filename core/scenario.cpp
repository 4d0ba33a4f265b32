// SPDX-License-Identifier: MIT
#include "scenario.h"

#include "builtin.h"
#include "fileio.h"
#include "hwlimits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <unordered_map>

namespace hw {

using Json = nlohmann::ordered_json;

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

/// Thrown inside the reader to unwind to parseScenario, which turns it into a returned error.
struct Failure {
    std::string path;
    std::string message;
};

[[noreturn]] void fail(const std::string& path, const std::string& message)
{
    throw Failure{path, message};
}

std::string describe(const Json& value)
{
    switch (value.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::boolean:
        return value.get<bool>() ? "true" : "false";
    case Json::value_t::string: {
        std::string s = value.get<std::string>();
        if (s.size() > 40)
            s = s.substr(0, 40) + "...";
        return "the string \"" + s + "\"";
    }
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
        return "the number " + value.dump();
    case Json::value_t::number_float:
        return "the number " + value.dump();
    case Json::value_t::array:
        return "an array";
    case Json::value_t::object:
        return "an object";
    default:
        return "a value of another kind";
    }
}

std::string child(const std::string& path, std::string_view key)
{
    // JSON pointer escaping (RFC 6901).
    std::string escaped;
    for (char c : key) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return path + "/" + escaped;
}

std::string child(const std::string& path, std::size_t index)
{
    return path + "/" + std::to_string(index);
}

std::string joinNames(std::initializer_list<std::string_view> names)
{
    std::string out;
    for (auto name : names) {
        if (!out.empty())
            out += ", ";
        out += name;
    }
    return out;
}

void requireObject(const Json& value, const std::string& path, std::string_view what)
{
    if (!value.is_object())
        fail(path, "expected " + std::string(what) + " (a JSON object), got " + describe(value));
}

void checkKeys(const Json& object, const std::string& path, std::initializer_list<std::string_view> allowed)
{
    for (const auto& item : object.items()) {
        if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end())
            fail(child(path, item.key()), "unknown key \"" + item.key() + "\"; expected one of: " + joinNames(allowed));
    }
}

const Json& required(const Json& object, std::string_view key, const std::string& path)
{
    auto it = object.find(std::string(key));
    if (it == object.end())
        fail(path, "missing required key \"" + std::string(key) + "\"");
    return *it;
}

std::int64_t readInt(const Json& value, const std::string& path, std::int64_t min, std::int64_t max)
{
    if (!value.is_number_integer())
        fail(path, "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                       describe(value));
    if (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(max))
        fail(path, "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                       describe(value));
    const auto n = value.get<std::int64_t>();
    if (n < min || n > max)
        fail(path, "expected an integer in " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                       std::to_string(n));
    return n;
}

std::string readString(const Json& value, const std::string& path, bool allowEmpty = false)
{
    if (!value.is_string())
        fail(path, "expected a string, got " + describe(value));
    std::string s = value.get<std::string>();
    if (!allowEmpty && s.empty())
        fail(path, "expected a non-empty string");
    if (s.size() > limits::stringBytesMax)
        fail(path, "a string longer than the limit of " + std::to_string(limits::stringBytesMax) + " bytes");
    return s;
}

bool readBool(const Json& value, const std::string& path)
{
    if (!value.is_boolean())
        fail(path, "expected true or false, got " + describe(value));
    return value.get<bool>();
}

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
        out.text = readString(value, path);
        break;
    }
    return out;
}

std::vector<ConfigAction> readConfigObject(const Json& value, const std::string& path)
{
    requireObject(value, path, "configuration keys and values");
    std::vector<ConfigAction> out;
    for (const auto& item : value.items()) {
        const std::string itemPath = child(path, item.key());
        const ConfigKeyInfo* info = findConfigKey(item.key());
        if (!info) {
            std::string known;
            for (const ConfigKeyInfo& k : configKeys())
                known += (known.empty() ? "" : ", ") + std::string(k.name);
            fail(itemPath, "unknown configuration key \"" + item.key() + "\"; expected one of: " + known);
        }
        ConfigAction action{item.key(), readConfigValue(item.value(), itemPath, *info)};
        ClusterConfig probe;
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

Step readStep(const Json& value, const std::string& path, Context& ctx)
{
    const std::initializer_list<std::string_view> actions = {
        "produce", "fetch", "settle", "advance", "slow", "config", "checkpoint", "note", "kill", "restart",
        "shutdown", "isolate", "heal", "kill_leader", "elect_preferred", "run", "clock", "join", "leave",
        "crash_consumer", "poll", "commit", "seek", "rebalance", "add_consumer"};
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
        step.changes = readConfigObject(body, bodyPath);
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
    if (action == "kill_leader" || action == "elect_preferred") {
        requireObject(body, bodyPath, "the " + action + " action");
        checkKeys(body, bodyPath, {"topic", "partition"});
        const int topic = ctx.topicIndex(required(body, "topic", bodyPath), child(bodyPath, "topic"));
        const int partition = body.contains("partition")
                                  ? ctx.partitionIndex(body["partition"], child(bodyPath, "partition"), topic)
                                  : 0;
        if (action == "kill_leader")
            return FaultStep{KillLeaderAction{ctx.flatPartition(topic, partition)}};
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
    if (action == "clock") {
        requireObject(body, bodyPath, "the clock action");
        checkKeys(body, bodyPath, {"to_ms"});
        return ClockStep{readInt(required(body, "to_ms", bodyPath), child(bodyPath, "to_ms"), 1, INT64_MAX / 4)};
    }
    fail(path, "unknown action \"" + action + "\"; expected one of: " + joinNames(actions));
}

Scenario readScenario(const Json& root, const std::string& file)
{
    requireObject(root, "", "a scenario");
    checkKeys(root, "",
              {"format", "name", "title", "description", "seed", "cluster", "topics", "producers", "consumers", "steps"});
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
    if (root.contains("seed"))
        s.cluster.seed = static_cast<std::uint64_t>(readInt(root["seed"], "/seed", 0, INT64_MAX));

    const Json& cluster = required(root, "cluster", "");
    requireObject(cluster, "/cluster", "the cluster");
    checkKeys(cluster, "/cluster", {"brokers", "config"});
    s.cluster.brokers = static_cast<int>(readInt(required(cluster, "brokers", "/cluster"), "/cluster/brokers", 1,
                                                 limits::brokersMax));
    if (cluster.contains("config")) {
        for (const ConfigAction& change : readConfigObject(cluster["config"], "/cluster/config"))
            setConfig(s.cluster.config, change.key, change.value);
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
        checkKeys(t, path, {"name", "partitions", "replication.factor", "assignment"});
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
            checkKeys(p, path, {"id", "acks", "rate_per_s", "topic", "keys"});
            ProducerSpec producer;
            producer.id = readString(required(p, "id", path), child(path, "id"));
            for (const ProducerSpec& other : s.cluster.producers) {
                if (other.id == producer.id)
                    fail(child(path, "id"), "a second producer with id \"" + producer.id + "\"");
            }
            if (p.contains("acks"))
                producer.acks = readAcks(p["acks"], child(path, "acks"));
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

void lineAndColumn(std::string_view text, std::size_t byte, int& line, int& column)
{
    line = 1;
    column = 1;
    const std::size_t end = std::min(byte, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) {
            ++column; // count characters, not UTF-8 continuation bytes
        }
    }
}

/// Walks the text for nlohmann's lexer and remembers how far it has read. The SAX interface gives its
/// handler no positions; this is how the handler locates the bracket or key it is called for.
class TrackingIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    TrackingIterator(const char* at, const char** furthest) : m_at(at), m_furthest(furthest) { }
    reference operator*() const { return *m_at; }
    TrackingIterator& operator++()
    {
        *m_furthest = ++m_at;
        return *this;
    }
    TrackingIterator operator++(int)
    {
        TrackingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const TrackingIterator& other) const { return m_at == other.m_at; }

private:
    const char* m_at;
    const char** m_furthest;
};

/// Builds the document as nlohmann's json_sax_dom_parser does, and also stops, with the position, at
/// the first array or object nested deeper than jsonDepthMax and at the first key an object repeats.
/// The library would keep the last of two equal keys silently, and its ordered_map looks every key up
/// by a linear scan, so that one object of 200,000 keys took minutes; here a hash map per open object
/// finds repeats, and keys are appended directly.
class DocumentBuilder {
public:
    DocumentBuilder(std::string_view text, Json& root) : m_text(text), m_root(root), m_furthest(text.data()) { }

    const char** furthest() { return &m_furthest; }
    const std::optional<ScenarioError>& error() const { return m_error; }

    bool null() { return add(nullptr); }
    bool boolean(bool value) { return add(value); }
    bool number_integer(Json::number_integer_t value) { return add(value); }
    bool number_unsigned(Json::number_unsigned_t value) { return add(value); }
    bool number_float(Json::number_float_t value, const std::string&) { return add(value); }
    bool string(std::string& value) { return add(std::move(value)); }
    bool binary(Json::binary_t& value) { return add(Json::binary(std::move(value))); }

    bool start_object(std::size_t) { return open(Json::object(), '{'); }
    bool start_array(std::size_t) { return open(Json::array(), '['); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(std::string& name)
    {
        // The lexer has just read the key's closing quote; its opening quote is the nearest quote
        // before that which is not escaped.
        const std::size_t close = read() - 1;
        std::size_t start = close;
        while (start > 0) {
            --start;
            if (m_text[start] != '"')
                continue;
            std::size_t backslashes = 0;
            while (start > backslashes && m_text[start - 1 - backslashes] == '\\')
                ++backslashes;
            if (backslashes % 2 == 0)
                break;
        }
        auto [first, inserted] = m_keys.back().try_emplace(name, start);
        if (!inserted) {
            int line = 0;
            int column = 0;
            lineAndColumn(m_text, first->second, line, column);
            stop(start, child(pointer(), name),
                "a second key \"" + name + "\" in one object (the first is at line " + std::to_string(line)
                    + ", column " + std::to_string(column) + "); expected each key once");
            return false;
        }
        Json::object_t& object = m_open.back()->get_ref<Json::object_t&>();
        object.emplace_back(std::move(name), nullptr);
        m_member = &object.back().second;
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e)
    {
        // `position` is the 1-based index of the byte where the parser stopped.
        std::string what = e.what();
        const auto colon = what.find(": ", what.find("column"));
        stop(position == 0 ? 0 : position - 1, "", colon == std::string::npos ? what : what.substr(colon + 2));
        return false;
    }

private:
    std::size_t read() const { return static_cast<std::size_t>(m_furthest - m_text.data()); }

    /// The JSON pointer of the innermost open container: each open container is the last member or
    /// element of the one around it.
    std::string pointer() const
    {
        std::string out;
        for (std::size_t i = 0; i + 1 < m_open.size(); ++i) {
            const Json& container = *m_open[i];
            if (container.is_array())
                out = child(out, container.size() - 1);
            else
                out = child(out, container.get_ref<const Json::object_t&>().back().first);
        }
        return out;
    }

    /// Records the error that ends the parse (the handler then returns false).
    void stop(std::size_t byte, std::string path, std::string message)
    {
        ScenarioError error;
        lineAndColumn(m_text, byte, error.line, error.column);
        error.path = std::move(path);
        error.message = std::move(message);
        m_error = std::move(error);
    }

    /// Puts a value where the parser is: the root, the next element of the open array, or the member
    /// whose key was just read.
    Json* place(Json&& value)
    {
        if (m_open.empty()) {
            m_root = std::move(value);
            return &m_root;
        }
        if (m_open.back()->is_array()) {
            Json::array_t& array = m_open.back()->get_ref<Json::array_t&>();
            array.push_back(std::move(value));
            return &array.back();
        }
        *m_member = std::move(value);
        return m_member;
    }

    bool add(Json&& value)
    {
        place(std::move(value));
        return true;
    }

    bool open(Json&& container, char bracket)
    {
        if (m_open.size() >= static_cast<std::size_t>(limits::jsonDepthMax)) {
            stop(read() - 1, "",
                "expected at most " + std::to_string(limits::jsonDepthMax)
                    + " nested arrays and objects (jsonDepthMax), got a deeper '" + std::string(1, bracket) + "'");
            return false;
        }
        // Pointers into the enclosing containers stay valid: nothing is added to a container while a
        // member or element of it is open.
        m_open.push_back(place(std::move(container)));
        m_keys.emplace_back();
        return true;
    }

    bool close()
    {
        m_open.pop_back();
        m_keys.pop_back();
        return true;
    }

    std::string_view m_text;
    Json& m_root;
    const char* m_furthest;
    std::vector<Json*> m_open; // the arrays and objects being filled, outermost first
    // Per open container (empty for arrays): each key read so far and the byte of its opening quote.
    std::vector<std::unordered_map<std::string, std::size_t>> m_keys;
    Json* m_member = nullptr; // the member of the innermost object whose key was read last
    std::optional<ScenarioError> m_error;
};

/// Parses JSON text into a document within jsonDepthMax and without repeated keys.
std::variant<Json, ScenarioError> parseDocument(std::string_view text, const std::string& file)
{
    Json root;
    DocumentBuilder builder(text, root);
    const TrackingIterator first(text.data(), builder.furthest());
    const TrackingIterator last(text.data() + text.size(), builder.furthest());
    // sax_parse returns false exactly when one of the handlers returned false, and each of them
    // records the error before it does.
    Json::sax_parse(first, last, &builder);
    if (builder.error()) {
        ScenarioError error = *builder.error();
        error.file = file;
        return error;
    }
    return root;
}

} // namespace

std::variant<Scenario, ScenarioError> parseScenario(std::string_view text, const std::string& file)
{
    if (text.size() > limits::scenarioFileBytesMax)
        return ScenarioError { file, 0, 0, "",
            "the file is larger than the limit of " + std::to_string(limits::scenarioFileBytesMax) + " bytes" };
    std::variant<Json, ScenarioError> document = parseDocument(text, file);
    if (auto* error = std::get_if<ScenarioError>(&document))
        return *error;
    const Json& root = std::get<Json>(document);
    try {
        return readScenario(root, file);
    } catch (const Failure& f) {
        return ScenarioError { file, 0, 0, f.path.empty() ? std::string("/") : f.path, f.message };
    } catch (const Json::exception& e) {
        return ScenarioError { file, 0, 0, "/", e.what() };
    }
}

std::variant<Scenario, ScenarioError> loadScenario(const std::string& source)
{
    constexpr std::string_view prefix = "builtin:";
    if (source.rfind(prefix, 0) == 0) {
        const std::string name = source.substr(prefix.size());
        for (const BuiltinScenario& b : builtinScenarios()) {
            if (b.name == name)
                return parseScenario(b.json, source);
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
    return parseScenario(std::get<std::string>(text), source);
}

// ---------------------------------------------------------------------------------------------
// Writing

namespace {

Json localizedJson(const LocalizedText& text)
{
    Json out = Json::object();
    for (const auto& [language, value] : text.byLanguage)
        out[language] = value;
    return out;
}

Json acksJson(Acks acks)
{
    return std::string(acksName(acks));
}

Json configValueJson(const ConfigValue& value)
{
    switch (value.kind) {
    case ConfigValue::Kind::Integer:
        return value.integer;
    case ConfigValue::Kind::Boolean:
        return value.boolean;
    case ConfigValue::Kind::Text:
        return value.text;
    }
    return nullptr;
}

} // namespace

std::vector<ConsumerSpec> scenarioConsumers(const Scenario& scenario)
{
    std::vector<ConsumerSpec> consumers = scenario.cluster.consumers;
    for (const Step& step : scenario.steps) {
        const auto* consumerStep = std::get_if<ConsumerStep>(&step);
        if (consumerStep && consumerStep->action.kind == ConsumerAction::Kind::Add)
            consumers.push_back(consumerStep->action.spec);
    }
    return consumers;
}

std::vector<std::string> groupIds(const std::vector<ConsumerSpec>& consumers)
{
    std::vector<std::string> groups;
    for (const ConsumerSpec& c : consumers) {
        if (!c.group.empty() && std::find(groups.begin(), groups.end(), c.group) == groups.end())
            groups.push_back(c.group);
    }
    return groups;
}

std::string scenarioToJson(const Scenario& s)
{
    const ClusterSpec& c = s.cluster;
    Json root;
    root["format"] = "highwater/1";
    root["name"] = s.name;
    if (!s.title.empty())
        root["title"] = localizedJson(s.title);
    if (!s.description.empty())
        root["description"] = localizedJson(s.description);
    root["seed"] = c.seed;
    Json config = Json::object();
    const ClusterConfig defaults;
    for (const ConfigKeyInfo& key : configKeys()) {
        const ConfigValue value = *getConfig(c.config, key.name);
        if (!(value == *getConfig(defaults, key.name)))
            config[std::string(key.name)] = configValueJson(value);
    }
    root["cluster"] = Json{{"brokers", c.brokers}, {"config", config}};

    // Topic and partition names for the flat partition indices the steps hold.
    std::vector<std::pair<std::string, int>> flat;
    Json topics = Json::array();
    for (const TopicSpec& t : c.topics) {
        Json topic{{"name", t.name}, {"partitions", t.partitions}, {"replication.factor", t.replicationFactor}};
        if (!t.assignment.empty())
            topic["assignment"] = t.assignment;
        topics.push_back(topic);
        for (int p = 0; p < t.partitions; ++p)
            flat.emplace_back(t.name, p);
    }
    root["topics"] = topics;
    Json producers = Json::array();
    for (const ProducerSpec& p : c.producers) {
        Json producer{{"id", p.id}, {"acks", acksJson(p.acks)}};
        if (p.ratePerSecond > 0) {
            producer["rate_per_s"] = p.ratePerSecond;
            producer["topic"] = c.topics[static_cast<std::size_t>(p.rateTopic)].name;
            if (!p.keys.empty())
                producer["keys"] = p.keys;
        }
        producers.push_back(producer);
    }
    root["producers"] = producers;
    // A consumer as a "consumers" entry or an add_consumer body (which always starts: no "start").
    auto consumerJson = [&](const ConsumerSpec& cs, bool declared) {
        Json consumer{{"id", cs.id}};
        if (!cs.group.empty()) {
            consumer["group"] = cs.group;
            Json topics = Json::array();
            for (int t : cs.topics)
                topics.push_back(c.topics[static_cast<std::size_t>(t)].name);
            consumer["subscribe"] = topics;
            consumer["assignor"] = std::string(assignorName(cs.assignor));
        } else {
            Json assign = Json::array();
            for (std::int32_t p : cs.manualPartitions) {
                const auto& [topic, partition] = flat[static_cast<std::size_t>(p)];
                assign.push_back(Json{{"topic", topic}, {"partition", partition}});
            }
            consumer["assign"] = assign;
        }
        consumer["auto.offset.reset"] = cs.reset == OffsetReset::Earliest ? "earliest"
                                        : cs.reset == OffsetReset::Latest ? "latest"
                                                                          : "none";
        consumer["auto.commit"] = cs.autoCommit;
        consumer["auto.poll"] = cs.autoPoll;
        consumer["max.poll.records"] = cs.maxPollRecords;
        consumer["poll.interval.ms"] = cs.pollIntervalMs;
        if (declared)
            consumer["start"] = cs.start;
        return consumer;
    };
    if (!c.consumers.empty()) {
        Json consumers = Json::array();
        for (const ConsumerSpec& cs : c.consumers)
            consumers.push_back(consumerJson(cs, true));
        root["consumers"] = consumers;
    }
    const std::vector<ConsumerSpec> allConsumers = scenarioConsumers(s);
    const std::vector<std::string> groups = groupIds(allConsumers);

    Json steps = Json::array();
    for (const Step& step : s.steps) {
        Json body;
        std::visit(
            [&](const auto& st) {
                using T = std::decay_t<decltype(st)>;
                if constexpr (std::is_same_v<T, ConsumerStep>) {
                    if (st.action.kind == ConsumerAction::Kind::Add) {
                        body = consumerJson(st.action.spec, false);
                        return;
                    }
                    body = Json{{"consumer", allConsumers[static_cast<std::size_t>(st.action.consumer)].id}};
                    if (st.action.kind == ConsumerAction::Kind::Poll) {
                        if (st.action.maxRecords > 0)
                            body["max_records"] = st.action.maxRecords;
                        if (!st.wait)
                            body["wait"] = false;
                    } else if (st.action.kind == ConsumerAction::Kind::Seek) {
                        const auto& [topic, partition] = flat[static_cast<std::size_t>(st.action.partition)];
                        body["topic"] = topic;
                        body["partition"] = partition;
                        body["offset"] = st.action.offset;
                    }
                } else if constexpr (std::is_same_v<T, RebalanceStep>) {
                    body = Json{{"group", groups[static_cast<std::size_t>(st.group)]}};
                } else if constexpr (std::is_same_v<T, RunStep>) {
                    body = Json{{"events", st.events}};
                } else if constexpr (std::is_same_v<T, ClockStep>) {
                    body = Json{{"to_ms", st.toMs}};
                } else if constexpr (std::is_same_v<T, ProduceStep>) {
                    const ProduceAction& a = st.action;
                    body["producer"] = c.producers[static_cast<std::size_t>(a.producer)].id;
                    body["topic"] = c.topics[static_cast<std::size_t>(a.topic)].name;
                    if (a.partition >= 0)
                        body["partition"] = a.partition;
                    body["key"] = a.key ? Json(*a.key) : Json(nullptr);
                    body["values"] = a.values;
                    if (a.acks)
                        body["acks"] = acksJson(*a.acks);
                    if (!st.wait)
                        body["wait"] = false;
                } else if constexpr (std::is_same_v<T, FetchStep>) {
                    const auto& [topic, partition] = flat[static_cast<std::size_t>(st.action.partition)];
                    body = Json{{"topic", topic}, {"partition", partition}, {"follower", st.action.follower}};
                    if (st.action.maxRecords > 0)
                        body["max_records"] = st.action.maxRecords;
                    if (st.until == FetchUntil::Request)
                        body["until"] = "request";
                    if (!st.wait)
                        body["wait"] = false;
                } else if constexpr (std::is_same_v<T, SettleStep>) {
                    body = Json::object();
                } else if constexpr (std::is_same_v<T, AdvanceStep>) {
                    body = Json{{"ms", st.ms}};
                } else if constexpr (std::is_same_v<T, SlowStep>) {
                    body = Json{{"broker", st.action.broker}, {"latency_ms", st.action.latencyMs}};
                } else if constexpr (std::is_same_v<T, ConfigStep>) {
                    body = Json::object();
                    for (const ConfigAction& change : st.changes)
                        body[change.key] = configValueJson(change.value);
                } else if constexpr (std::is_same_v<T, CheckpointStep>) {
                    if (st.note.empty())
                        body = st.label;
                    else
                        body = Json{{"label", st.label}, {"note", localizedJson(st.note)}};
                } else if constexpr (std::is_same_v<T, NoteStep>) {
                    body = localizedJson(st.note);
                } else {
                    std::visit(
                        [&](const auto& a) {
                            using A = std::decay_t<decltype(a)>;
                            if constexpr (std::is_same_v<A, BrokerAction>) {
                                body = Json{{"broker", a.broker}};
                                if (a.kind == BrokerAction::Kind::Restart && a.loseUnflushed > 0)
                                    body["lose_unflushed"] = a.loseUnflushed;
                                if (a.kind == BrokerAction::Kind::Shutdown && !st.wait)
                                    body["wait"] = false;
                            } else if constexpr (std::is_same_v<A, KillLeaderAction> ||
                                                 std::is_same_v<A, ElectPreferredAction>) {
                                const auto& [topic, partition] = flat[static_cast<std::size_t>(a.partition)];
                                body = Json{{"topic", topic}, {"partition", partition}};
                            }
                        },
                        st.action);
                }
            },
            step);
        steps.push_back(Json{{stepKey(step), body}});
    }
    root["steps"] = steps;
    return root.dump(2) + "\n";
}

// ---------------------------------------------------------------------------------------------
// Drivers

namespace {

/// Steps until done(frame) holds for a new frame, or fails once the step has used up its budget.
template <typename Done>
std::string runUntil(Timeline& timeline, Done done, TimeMs timeBudgetMs, const std::string& what)
{
    const TimeMs deadline = timeline.head().nowMs + timeBudgetMs;
    for (std::int64_t events = 0; events < limits::eventsPerStepMax; ++events) {
        if (!timeline.hasQueuedEvents())
            return what + " never happened: nothing is left to do";
        if (timeline.nextEventTimeMs() > deadline)
            return what + " did not happen within " + std::to_string(timeBudgetMs) + " ms of simulated time";
        if (auto frame = timeline.step()) {
            if (done(timeline.frame(*frame)))
                return {};
        }
    }
    return what + " did not happen within " + std::to_string(limits::eventsPerStepMax) + " events";
}

/// Steps until pred(state) holds (checked after every operation).
template <typename Pred>
std::string runUntilState(Timeline& timeline, Pred pred, TimeMs timeBudgetMs, const std::string& what)
{
    const TimeMs deadline = timeline.head().nowMs + timeBudgetMs;
    for (std::int64_t events = 0; events < limits::eventsPerStepMax; ++events) {
        if (pred(timeline.head()))
            return {};
        if (!timeline.hasQueuedEvents())
            return what + " never happened: nothing is left to do";
        if (timeline.nextEventTimeMs() > deadline)
            return what + " did not happen within " + std::to_string(timeBudgetMs) + " ms of simulated time";
        timeline.step();
    }
    return what + " did not happen within " + std::to_string(limits::eventsPerStepMax) + " events";
}

/// Generous room in simulated time for one step: long enough for any wait the configuration implies.
TimeMs stepBudgetMs(const ClusterState& s)
{
    TimeMs slowest = s.config.networkLatencyMs;
    for (const Broker& b : s.brokers)
        slowest = std::max(slowest, b.latencyMs);
    // Messages sent while a link was slower than it is now may still be on their way.
    TimeMs lastArrival = s.nowMs;
    for (const QueuedEvent& q : s.queue) {
        if (std::holds_alternative<Message>(q.what))
            lastArrival = std::max(lastArrival, q.atMs);
    }
    return (lastArrival - s.nowMs) + 4 * slowest + s.config.replicaFetchWaitMaxMs +
           std::max(s.config.requestTimeoutMs, s.config.replicaSocketTimeoutMs) + 1000;
}

const Replica* findReplica(const ClusterState& s, std::int32_t partition, BrokerId broker)
{
    for (const Replica& r : s.partitions[static_cast<std::size_t>(partition)].replicas) {
        if (r.broker == broker)
            return &r;
    }
    return nullptr;
}

bool fetchRequestInFlight(const ClusterState& s, std::int32_t partition, BrokerId follower)
{
    for (const QueuedEvent& q : s.queue) {
        if (const auto* m = std::get_if<Message>(&q.what)) {
            if (const auto* f = std::get_if<FetchRequest>(&m->body)) {
                if (f->partition == partition && f->replica == follower)
                    return true;
            }
        }
    }
    return false;
}

/// The queue positions of the messages in flight that settling waits for: produce traffic, ISR
/// changes, metadata. Heartbeats and, with auto.fetch, the followers' fetch loops never stop, so they
/// do not count.
std::vector<std::uint64_t> messagesInFlight(const ClusterState& s)
{
    std::vector<std::uint64_t> out;
    for (const QueuedEvent& q : s.queue) {
        if (const auto* m = std::get_if<Message>(&q.what)) {
            if (std::holds_alternative<BrokerHeartbeatRequest>(m->body) ||
                std::holds_alternative<BrokerHeartbeatResponse>(m->body) ||
                std::holds_alternative<FetchRequest>(m->body) || std::holds_alternative<FetchResponse>(m->body))
                continue;
            out.push_back(q.sequence);
        }
    }
    return out;
}

/// Everything a settle round can change, flattened.
std::vector<std::int64_t> progressSignature(const ClusterState& s)
{
    std::vector<std::int64_t> sig;
    for (const Partition& p : s.partitions) {
        sig.push_back(p.registration.leader);
        sig.push_back(p.registration.partitionEpoch);
        sig.push_back(static_cast<std::int64_t>(brokerMask(p.registration.isr)));
        for (const Replica& r : p.replicas) {
            sig.push_back(r.log.leo());
            sig.push_back(r.hw);
            sig.push_back(static_cast<std::int64_t>(brokerMask(r.isr)));
            for (const FollowerView& v : r.views)
                sig.push_back(v.leo);
        }
    }
    return sig;
}

bool canFetch(const ClusterState& s, const Replica& r)
{
    return !r.isLeader() && r.knownLeader != noLeader && s.broker(r.broker).alive && !s.broker(r.broker).isolated &&
           s.broker(r.knownLeader).alive && !s.broker(r.knownLeader).isolated;
}

} // namespace

std::string runFetchRound(Timeline& timeline, const FetchAction& action, FetchUntil until)
{
    const TimeMs budget = stepBudgetMs(timeline.head());
    const std::string who = "broker " + std::to_string(action.follower) + "'s fetch round";
    const Replica* replica = findReplica(timeline.head(), action.partition, action.follower);
    bool finishOutstanding = replica && replica->fetchOutstanding;
    if (!finishOutstanding) {
        ApplyResult result = timeline.apply(action);
        if (!result.ok())
            return result.error;
    }
    const std::int64_t fetchId = findReplica(timeline.head(), action.partition, action.follower)->fetchId;
    // The round is over once the follower has applied the answer, failed, truncated, or abandoned the
    // fetch (it learned of a new leader); with Request, once the leader has the request.
    const bool waitForRequest = until == FetchUntil::Request && (!finishOutstanding ||
                                                                 fetchRequestInFlight(timeline.head(), action.partition,
                                                                                      action.follower));
    return runUntilState(
        timeline,
        [&](const ClusterState& s) {
            const Replica* r = findReplica(s, action.partition, action.follower);
            if (!r->fetchOutstanding || r->fetchId != fetchId)
                return true;
            return waitForRequest && !fetchRequestInFlight(s, action.partition, action.follower);
        },
        budget, who);
}

std::string runProduce(Timeline& timeline, const ProduceAction& action)
{
    ApplyResult result = timeline.apply(action);
    if (!result.ok())
        return result.error;
    const std::int64_t batch = result.event->value;
    const std::int32_t producer = action.producer;
    // Until a leader appends or refuses the batch, or the producer gives up on it (retries included,
    // that can take up to delivery.timeout.ms), or, for acks=0, the request is lost on the way.
    const TimeMs budget = timeline.head().config.deliveryTimeoutMs + stepBudgetMs(timeline.head());
    bool handled = false;
    auto handles = [&](const FrameInfo& f) {
        if ((f.event.type == EventType::ProduceAppended || f.event.type == EventType::ProduceRejected) &&
            f.event.peer == producer && f.event.value == batch)
            return true;
        return f.event.type == EventType::ProduceFailed && !f.event.has(Retrying) && f.event.node == producer &&
               f.event.value == batch;
    };
    std::int64_t scanned = timeline.frameCount();
    return runUntilState(
        timeline,
        [&](const ClusterState& s) {
            for (; scanned < timeline.frameCount() && !handled; ++scanned)
                handled = handles(timeline.frame(scanned));
            if (handled)
                return true;
            const ProducerBatch& b = s.producers[static_cast<std::size_t>(producer)].batches[static_cast<std::size_t>(batch)];
            if (b.status == SendStatus::Failed)
                return true;
            if (b.acks != Acks::None)
                return false;
            for (const QueuedEvent& q : s.queue) {
                if (const auto* m = std::get_if<Message>(&q.what)) {
                    if (const auto* r = std::get_if<ProduceRequest>(&m->body); r && r->producer == producer && r->batch == batch)
                        return false;
                }
            }
            return true;
        },
        budget, "the leader's handling of the produce");
}

std::string runSettle(Timeline& timeline)
{
    constexpr int roundsMax = 10000;
    const TimeMs budget = stepBudgetMs(timeline.head());
    for (int round = 0; round < roundsMax; ++round) {
        const std::vector<std::int64_t> before = progressSignature(timeline.head());
        if (timeline.head().config.autoFetch) {
            // The followers fetch on their own: let one fetch round's worth of time pass.
            const ClusterState& s = timeline.head();
            TimeMs slowest = s.config.networkLatencyMs;
            for (const Broker& b : s.brokers)
                slowest = std::max(slowest, b.latencyMs);
            if (std::string error = runAdvance(timeline, 2 * slowest + s.config.replicaFetchWaitMaxMs + 1);
                !error.empty())
                return error;
        } else {
            const ClusterState& s = timeline.head();
            std::vector<FetchAction> starts;
            for (std::int32_t p = 0; p < static_cast<std::int32_t>(s.partitions.size()); ++p) {
                for (const Replica& r : s.partitions[static_cast<std::size_t>(p)].replicas) {
                    if (canFetch(s, r) && !r.fetchOutstanding)
                        starts.push_back(FetchAction{p, r.broker, 0});
                }
            }
            for (const FetchAction& start : starts) {
                ApplyResult result = timeline.apply(start);
                if (!result.ok())
                    return result.error;
            }
            std::string error = runUntilState(
                timeline,
                [](const ClusterState& st) {
                    for (const Partition& p : st.partitions) {
                        for (const Replica& r : p.replicas) {
                            if (r.fetchOutstanding && canFetch(st, r))
                                return false;
                        }
                    }
                    return true;
                },
                budget, "the settle round");
            if (!error.empty())
                return error;
        }
        if (progressSignature(timeline.head()) == before) {
            // Deliver what is in flight now and let the producers finish the batches they have open
            // (retries included); what those send in turn (a steady producer's next record, say) is a
            // new story. If that changed anything, settle again.
            const std::vector<std::uint64_t> waiting = messagesInFlight(timeline.head());
            std::vector<std::pair<std::size_t, std::size_t>> open;
            for (std::size_t p = 0; p < timeline.head().producers.size(); ++p) {
                const Producer& producer = timeline.head().producers[p];
                producer.batches.forEach(static_cast<std::size_t>(producer.firstOpenBatch), producer.batches.size(),
                                         [&](std::size_t b, const ProducerBatch& batch) {
                                             if (batch.status == SendStatus::Pending ||
                                                 batch.status == SendStatus::InFlight)
                                                 open.emplace_back(p, b);
                                         });
            }
            const TimeMs drainBudget = budget + (open.empty() ? 0 : timeline.head().config.deliveryTimeoutMs);
            std::string error = runUntilState(
                timeline,
                [&](const ClusterState& st) {
                    for (const auto& [p, b] : open) {
                        const SendStatus status = st.producers[p].batches[b].status;
                        if (status == SendStatus::Pending || status == SendStatus::InFlight)
                            return false;
                    }
                    for (const QueuedEvent& q : st.queue) {
                        if (std::find(waiting.begin(), waiting.end(), q.sequence) != waiting.end())
                            return false;
                    }
                    return true;
                },
                drainBudget, "delivering the messages in flight");
            if (!error.empty())
                return error;
            if (open.empty() || progressSignature(timeline.head()) == before)
                return {};
        }
    }
    return "the cluster did not settle within " + std::to_string(roundsMax) + " fetch rounds";
}

std::string runAdvance(Timeline& timeline, TimeMs ms)
{
    const TimeMs target = timeline.head().nowMs + ms;
    for (std::int64_t events = 0; timeline.hasQueuedEvents() && timeline.nextEventTimeMs() <= target; ++events) {
        if (events >= limits::eventsPerStepMax)
            return "advancing " + std::to_string(ms) + " ms took more than " +
                   std::to_string(limits::eventsPerStepMax) + " events";
        timeline.step();
    }
    if (timeline.head().nowMs < target) {
        ApplyResult result = timeline.apply(AdvanceAction{target});
        if (!result.ok())
            return result.error;
    }
    return {};
}

std::string runFault(Timeline& timeline, const Action& action)
{
    ApplyResult result = timeline.apply(action);
    if (!result.ok())
        return result.error;
    const auto* fault = std::get_if<BrokerAction>(&action);
    if (!fault || fault->kind != BrokerAction::Kind::Shutdown)
        return {};
    const BrokerId broker = fault->broker;
    return runUntil(
        timeline, [&](const FrameInfo& f) { return f.event.type == EventType::BrokerShutDown && f.event.node == broker; },
        stepBudgetMs(timeline.head()), "broker " + std::to_string(broker) + "'s controlled shutdown");
}

std::string runPoll(Timeline& timeline, const ConsumerAction& action)
{
    ApplyResult result = timeline.apply(action);
    if (!result.ok())
        return result.error;
    const std::int32_t index = action.consumer;
    return runUntilState(
        timeline,
        [&](const ClusterState& s) {
            const Consumer& c = s.consumers[static_cast<std::size_t>(index)];
            return std::none_of(c.owned.begin(), c.owned.end(),
                                [](const OwnedPartition& o) { return o.fetchInFlight || o.lookupInFlight; });
        },
        stepBudgetMs(timeline.head()), "consumer " + timeline.head().consumers[static_cast<std::size_t>(index)].id +
                                           "'s poll");
}

std::string runRebalance(Timeline& timeline, std::int32_t groupIndex)
{
    const ClusterConfig& config = timeline.head().config;
    const TimeMs budget = std::max(config.rebalanceTimeoutMs, config.sessionTimeoutMs) +
                          config.groupInitialRebalanceDelayMs + stepBudgetMs(timeline.head());
    return runUntilState(
        timeline,
        [&](const ClusterState& s) {
            const Group& group = s.groups[static_cast<std::size_t>(groupIndex)];
            if (group.state != GroupState::Stable && group.state != GroupState::Empty)
                return false;
            // A LeaveGroup still on its way starts another rebalance when it arrives: wait for it.
            for (const QueuedEvent& q : s.queue) {
                const auto* m = std::get_if<Message>(&q.what);
                const auto* request = m ? std::get_if<GroupRequest>(&m->body) : nullptr;
                if (request && request->kind == GroupRequestKind::Leave && request->group == groupIndex)
                    return false;
            }
            for (std::int32_t i = 0; i < static_cast<std::int32_t>(s.consumers.size()); ++i) {
                const Consumer& c = s.consumers[static_cast<std::size_t>(i)];
                if (c.group != groupIndex || c.phase == MemberPhase::Stopped || c.phase == MemberPhase::Crashed)
                    continue;
                // Every running consumer of the group is a member of this generation, in sync, with
                // nothing of the protocol left to do.
                if (c.phase != MemberPhase::Stable || c.requestInFlight || c.generation != group.generation)
                    return false;
                if (std::any_of(c.owned.begin(), c.owned.end(),
                                [](const OwnedPartition& o) { return o.lookupInFlight; }))
                    return false;
                const bool member = std::any_of(group.members.begin(), group.members.end(),
                                                [&](const GroupMember& m) { return m.memberId == c.memberId; });
                if (!member)
                    return false;
            }
            return true;
        },
        budget, "the rebalance of group " + timeline.head().groups[static_cast<std::size_t>(groupIndex)].id);
}

std::string stepKey(const Step& step)
{
    return std::visit(
        [](const auto& s) -> std::string {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, ProduceStep>)
                return "produce";
            else if constexpr (std::is_same_v<T, FetchStep>)
                return "fetch";
            else if constexpr (std::is_same_v<T, SettleStep>)
                return "settle";
            else if constexpr (std::is_same_v<T, AdvanceStep>)
                return "advance";
            else if constexpr (std::is_same_v<T, SlowStep>)
                return "slow";
            else if constexpr (std::is_same_v<T, ConfigStep>)
                return "config";
            else if constexpr (std::is_same_v<T, CheckpointStep>)
                return "checkpoint";
            else if constexpr (std::is_same_v<T, NoteStep>)
                return "note";
            else if constexpr (std::is_same_v<T, RunStep>)
                return "run";
            else if constexpr (std::is_same_v<T, RebalanceStep>)
                return "rebalance";
            else if constexpr (std::is_same_v<T, ConsumerStep>) {
                switch (s.action.kind) {
                case ConsumerAction::Kind::Join:
                    return "join";
                case ConsumerAction::Kind::Leave:
                    return "leave";
                case ConsumerAction::Kind::Crash:
                    return "crash_consumer";
                case ConsumerAction::Kind::Poll:
                    return "poll";
                case ConsumerAction::Kind::Commit:
                    return "commit";
                case ConsumerAction::Kind::Seek:
                    return "seek";
                case ConsumerAction::Kind::Add:
                    return "add_consumer";
                }
                return "join";
            }
            else if constexpr (std::is_same_v<T, ClockStep>)
                return "clock";
            else {
                return std::visit(
                    [](const auto& a) -> std::string {
                        using A = std::decay_t<decltype(a)>;
                        if constexpr (std::is_same_v<A, KillLeaderAction>)
                            return "kill_leader";
                        else if constexpr (std::is_same_v<A, ElectPreferredAction>)
                            return "elect_preferred";
                        else if constexpr (std::is_same_v<A, BrokerAction>) {
                            switch (a.kind) {
                            case BrokerAction::Kind::Kill:
                                return "kill";
                            case BrokerAction::Kind::Restart:
                                return "restart";
                            case BrokerAction::Kind::Shutdown:
                                return "shutdown";
                            case BrokerAction::Kind::Isolate:
                                return "isolate";
                            case BrokerAction::Kind::Heal:
                                return "heal";
                            }
                            return "kill";
                        } else
                            return "action";
                    },
                    s.action);
            }
        },
        step);
}

namespace {

/// runScenario's steps; `current` follows the step being run.
std::optional<ScenarioError> runSteps(const Scenario& scenario, Timeline& timeline, std::size_t& current)
{
    std::optional<LocalizedText> pendingNote;
    for (std::size_t i = 0; i < scenario.steps.size(); ++i) {
        current = i;
        const std::int64_t framesBefore = timeline.frameCount();
        const std::string path = "/steps/" + std::to_string(i);
        std::string error = std::visit(
            [&](const auto& step) -> std::string {
                using T = std::decay_t<decltype(step)>;
                if constexpr (std::is_same_v<T, ProduceStep>) {
                    return step.wait ? runProduce(timeline, step.action) : timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, FetchStep>) {
                    return step.wait ? runFetchRound(timeline, step.action, step.until)
                                     : timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, RunStep>) {
                    for (std::int64_t n = 0; n < step.events; ++n) {
                        if (!timeline.hasQueuedEvents())
                            return "only " + std::to_string(n) + " of " + std::to_string(step.events) +
                                   " events were queued";
                        timeline.step();
                    }
                    return {};
                } else if constexpr (std::is_same_v<T, ClockStep>) {
                    return timeline.apply(AdvanceAction{step.toMs}).error;
                } else if constexpr (std::is_same_v<T, ConsumerStep>) {
                    if (step.action.kind == ConsumerAction::Kind::Poll && step.wait)
                        return runPoll(timeline, step.action);
                    return timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, RebalanceStep>) {
                    return runRebalance(timeline, step.group);
                } else if constexpr (std::is_same_v<T, SettleStep>) {
                    return runSettle(timeline);
                } else if constexpr (std::is_same_v<T, AdvanceStep>) {
                    return runAdvance(timeline, step.ms);
                } else if constexpr (std::is_same_v<T, SlowStep>) {
                    return timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, ConfigStep>) {
                    for (const ConfigAction& change : step.changes) {
                        if (std::string e = timeline.apply(change).error; !e.empty())
                            return e;
                    }
                    return {};
                } else if constexpr (std::is_same_v<T, CheckpointStep>) {
                    const std::int64_t last = timeline.frameCount() - 1;
                    timeline.setLabel(last, step.label);
                    if (!step.note.empty())
                        timeline.attachNote(last, step.note);
                    return {};
                } else if constexpr (std::is_same_v<T, NoteStep>) {
                    pendingNote = step.note;
                    return {};
                } else {
                    return step.wait ? runFault(timeline, step.action) : timeline.apply(step.action).error;
                }
            },
            scenario.steps[i]);
        if (!error.empty()) {
            const std::string key = stepKey(scenario.steps[i]);
            return ScenarioError{scenario.file, 0, 0, path + "/" + key, error};
        }
        if (pendingNote && !std::holds_alternative<NoteStep>(scenario.steps[i]) &&
            timeline.frameCount() > framesBefore) {
            timeline.attachNote(framesBefore, std::move(*pendingNote));
            pendingNote.reset();
        }
    }
    if (pendingNote)
        timeline.attachNote(timeline.frameCount() - 1, std::move(*pendingNote));
    return std::nullopt;
}

} // namespace

std::optional<ScenarioError> runScenario(const Scenario& scenario, Timeline& timeline)
{
    std::size_t current = 0;
    try {
        return runSteps(scenario, timeline, current);
    } catch (const MemoryBudgetReached& reached) {
        // The run stops where its history reached the budget; the frames so far stay usable.
        return ScenarioError{scenario.file, 0, 0,
                             "/steps/" + std::to_string(current) + "/" + stepKey(scenario.steps[current]), reached.what()};
    }
}

Scenario recordSession(const Scenario& base, const Timeline& timeline)
{
    Scenario out;
    out.file = base.file;
    out.name = base.name;
    out.title = base.title;
    out.description = base.description;
    out.cluster = base.cluster;

    // The frame each operation made, if any.
    std::vector<std::int64_t> frameOfOp(timeline.operationCount(), -1);
    for (std::int64_t f = 1; f < timeline.frameCount(); ++f)
        frameOfOp[static_cast<std::size_t>(timeline.frame(f).opEnd - 1)] = f;

    std::int64_t pendingRun = 0;
    auto flushRun = [&] {
        if (pendingRun > 0)
            out.steps.push_back(RunStep{pendingRun});
        pendingRun = 0;
    };
    auto markFrame = [&](std::int64_t frame) {
        const FrameInfo& info = timeline.frame(frame);
        if (info.label >= 0) {
            CheckpointStep checkpoint;
            checkpoint.label = timeline.labels()[static_cast<std::size_t>(info.label)];
            if (info.note >= 0)
                checkpoint.note = timeline.notes()[static_cast<std::size_t>(info.note)];
            out.steps.push_back(std::move(checkpoint));
        }
    };
    auto noteBefore = [&](std::int64_t frame) {
        const FrameInfo& info = timeline.frame(frame);
        if (info.note >= 0 && info.label < 0)
            out.steps.push_back(NoteStep{timeline.notes()[static_cast<std::size_t>(info.note)]});
    };

    markFrame(0);
    for (std::size_t op = 0; op < timeline.operationCount(); ++op) {
        const std::int64_t frame = frameOfOp[op];
        const std::int32_t code = timeline.operation(op);
        if (frame >= 0 && (timeline.frame(frame).label >= 0 || timeline.frame(frame).note >= 0)) {
            flushRun();
            noteBefore(frame);
        }
        if (code == Timeline::stepOperation) {
            ++pendingRun;
        } else {
            flushRun();
            const Action& action = timeline.actions()[static_cast<std::size_t>(code)];
            std::visit(
                [&](const auto& a) {
                    using A = std::decay_t<decltype(a)>;
                    if constexpr (std::is_same_v<A, ProduceAction>)
                        out.steps.push_back(ProduceStep{a, false});
                    else if constexpr (std::is_same_v<A, FetchAction>)
                        out.steps.push_back(FetchStep{a, FetchUntil::Response, false});
                    else if constexpr (std::is_same_v<A, AdvanceAction>)
                        out.steps.push_back(ClockStep{a.toMs});
                    else if constexpr (std::is_same_v<A, SlowAction>)
                        out.steps.push_back(SlowStep{a});
                    else if constexpr (std::is_same_v<A, ConfigAction>)
                        out.steps.push_back(ConfigStep{{a}});
                    else if constexpr (std::is_same_v<A, ConsumerAction>)
                        out.steps.push_back(ConsumerStep{a, false});
                    else
                        out.steps.push_back(FaultStep{a, false});
                },
                action);
        }
        if (frame >= 0 && timeline.frame(frame).label >= 0) {
            flushRun();
            markFrame(frame);
        }
    }
    flushRun();
    return out;
}

std::variant<Timeline, ScenarioError> playScenario(const Scenario& scenario)
{
    Timeline timeline(Engine::createCluster(scenario.cluster));
    if (auto error = runScenario(scenario, timeline))
        return *error;
    return timeline;
}

} // namespace hw
