// SPDX-License-Identifier: MIT
// The scenario's "steps" section: each step's one action (produce, fetch, settle, advance, faults,
// elections, configuration, checkpoints and notes, the consumers' actions, run, clock; the live step
// has its own reader, scenario_reader_live.cpp), with the names it uses resolved against the cluster
// and the consumers declared or added before it, and every checkpoint label once.
#include "scenario/scenario_reader_internal.h"

#include "model/limits.h"

#include <unordered_map>

namespace hw::scenario_reader {

Step readStep(const Json& value, const std::string& path, Context& ctx)
{
    const std::initializer_list<std::string_view> actions = {
        "produce", "fetch", "settle", "advance", "slow", "config", "checkpoint", "note", "kill", "power_off", "restart",
        "shutdown", "isolate", "heal", "kill_leader", "elect_preferred", "elect_unclean", "run", "clock", "join", "leave",
        "crash_consumer", "poll", "commit", "seek", "rebalance", "add_consumer", "live", "create_topic"};
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
            checkKeys(body, bodyPath, {"label", "note", "pending"});
            step.label = readString(required(body, "label", bodyPath), child(bodyPath, "label"));
            if (body.contains("note"))
                step.note = readLocalized(body["note"], child(bodyPath, "note"));
            if (body.contains("pending"))
                step.pending = readString(body["pending"], child(bodyPath, "pending"));
        } else {
            step.label = readString(body, bodyPath);
        }
        return step;
    }
    if (action == "note")
        return NoteStep{readLocalized(body, bodyPath)};
    if (action == "kill" || action == "power_off" || action == "shutdown" || action == "isolate" || action == "heal" ||
        action == "restart") {
        requireObject(body, bodyPath, "the " + action + " action");
        if (action == "restart")
            checkKeys(body, bodyPath, {"broker", "lose_unflushed"});
        else if (action == "shutdown")
            checkKeys(body, bodyPath, {"broker", "wait"});
        else if (action == "isolate")
            checkKeys(body, bodyPath, {"broker", "retransmit"});
        else
            checkKeys(body, bodyPath, {"broker"});
        BrokerAction fault;
        fault.kind = action == "kill"        ? BrokerAction::Kind::Kill
                     : action == "power_off" ? BrokerAction::Kind::PowerOff
                     : action == "shutdown"  ? BrokerAction::Kind::Shutdown
                     : action == "isolate"  ? BrokerAction::Kind::Isolate
                     : action == "heal"     ? BrokerAction::Kind::Heal
                                            : BrokerAction::Kind::Restart;
        fault.broker = ctx.broker(required(body, "broker", bodyPath), child(bodyPath, "broker"));
        if (body.contains("lose_unflushed"))
            fault.loseUnflushed = readInt(body["lose_unflushed"], child(bodyPath, "lose_unflushed"), 0, 1000000);
        if (body.contains("retransmit"))
            fault.retransmit = readBool(body["retransmit"], child(bodyPath, "retransmit"));
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
    if (action == "create_topic")
        return readCreateTopicStep(body, bodyPath, ctx);
    if (action == "clock") {
        requireObject(body, bodyPath, "the clock action");
        checkKeys(body, bodyPath, {"to_ms"});
        return ClockStep{readInt(required(body, "to_ms", bodyPath), child(bodyPath, "to_ms"), 1, INT64_MAX / 4)};
    }
    fail(path, "unknown action \"" + action + "\"; expected one of: " + joinNames(actions));
}

std::vector<Step> readSteps(const Json& steps, const ClusterSpec& cluster, std::vector<TopicSpec>& createdTopics,
                            bool listed)
{
    std::vector<Step> out;
    Context ctx{cluster};
    ctx.createdListed = listed;
    if (listed)
        ctx.topics.insert(ctx.topics.end(), createdTopics.begin(), createdTopics.end());
    if (!steps.is_array())
        fail("/steps", "expected an array of steps, got " + describe(steps));
    if (steps.size() > static_cast<std::size_t>(limits::stepsMax))
        fail("/steps", "at most " + std::to_string(limits::stepsMax) + " steps");
    // A second checkpoint with a label already used would make --label and the GUI's list of
    // checkpoints ambiguous (the first of the two would win silently).
    std::unordered_map<std::string, std::string> labelPaths;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        out.push_back(readStep(steps[i], child("/steps", i), ctx));
        if (const auto* checkpoint = std::get_if<CheckpointStep>(&out.back())) {
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
    if (!listed)
        createdTopics.assign(ctx.topics.begin() + static_cast<std::ptrdiff_t>(cluster.topics.size()), ctx.topics.end());
    return out;
}

} // namespace hw::scenario_reader
