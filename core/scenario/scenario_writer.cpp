// SPDX-License-Identifier: MIT
#include "scenario/scenario.h"

#include "groups/assignor.h"
#include "model/record_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <map>

namespace hw {

using Json = nlohmann::ordered_json;

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

/// A live client's bytes: as text where they are UTF-8 (JSON strings are), else as hex under `hexKey`.
void putBytes(Json& out, const char* key, const char* hexKey, const std::string& bytes)
{
    if (isValidUtf8(bytes))
        out[key] = bytes;
    else
        out[hexKey] = toHex(bytes);
}

/// A live client's group request (the "group" of a live step): every field the server sets from the
/// request (kafka_apis_groups.cpp), its partitions by topic and index, its bytes (protocol metadata,
/// assignments) in hex. A field at its default is left out.
template <typename Where>
Json liveGroupJson(const GroupRequest& request, const Where& where)
{
    static constexpr std::array<const char*, 6> kindNames = {"join",  "sync",          "heartbeat",
                                                             "leave", "offset_commit", "offset_fetch"};
    Json group = Json::object();
    group["kind"] = kindNames[static_cast<std::size_t>(request.kind)];
    const LiveGroupFields live = request.live ? *request.live : LiveGroupFields{};
    group["group_id"] = live.groupId;
    if (!request.memberId.empty())
        group["member_id"] = request.memberId;
    if (request.generation != -1)
        group["generation"] = request.generation;
    if (!live.clientId.empty())
        group["client_id"] = live.clientId;
    if (!live.clientHost.empty())
        group["client_host"] = live.clientHost;
    if (!live.protocolType.empty())
        group["protocol_type"] = live.protocolType;
    if (live.sessionTimeoutMs != 0)
        group["session_timeout_ms"] = live.sessionTimeoutMs;
    if (live.rebalanceTimeoutMs != 0)
        group["rebalance_timeout_ms"] = live.rebalanceTimeoutMs;
    if (live.requireKnownMemberId)
        group["require_known_member_id"] = true;
    if (live.allPartitions)
        group["all_partitions"] = true;
    if (!live.protocols.empty()) {
        Json protocols = Json::array();
        for (const GroupProtocolOffer& offer : live.protocols)
            protocols.push_back(Json{{"name", offer.name}, {"metadata_hex", toHex(offer.metadata)}});
        group["protocols"] = std::move(protocols);
    }
    if (!live.assignments.empty()) {
        Json assignments = Json::array();
        for (const GroupAssignmentBytes& entry : live.assignments)
            assignments.push_back(Json{{"member_id", entry.memberId}, {"assignment_hex", toHex(entry.assignment)}});
        group["assignments"] = std::move(assignments);
    }
    if (!request.offsets.empty()) {
        Json offsets = Json::array();
        for (const CommittedOffset& committed : request.offsets) {
            Json entry = where(committed.partition);
            entry["offset"] = committed.offset;
            offsets.push_back(std::move(entry));
        }
        group["offsets"] = std::move(offsets);
    }
    if (!request.partitions.empty()) {
        Json partitions = Json::array();
        for (std::int32_t partition : request.partitions)
            partitions.push_back(where(partition));
        group["partitions"] = std::move(partitions);
    }
    return group;
}

Json liveActionJson(const LiveClientAction& a, const std::vector<std::pair<std::string, int>>& flat)
{
    Json body = Json::object();
    if (a.atMs >= 0)
        body["at_ms"] = a.atMs;
    if (a.kind == LiveClientAction::Kind::Connect) {
        body["connect"] = Json{{"broker", a.broker}, {"client_id", a.id}};
        return body;
    }
    body["client"] = a.client;
    if (a.kind == LiveClientAction::Kind::Disconnect) {
        body["disconnect"] = Json::object();
        return body;
    }
    auto where = [&](std::int32_t partition) {
        const auto& [topic, index] = flat[static_cast<std::size_t>(partition)];
        return Json{{"topic", topic}, {"partition", index}};
    };
    std::visit(
        [&](const auto& r) {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, LiveProduce>) {
                Json produce = where(r.partition);
                produce["acks"] = acksJson(r.acks);
                produce["timeout_ms"] = r.timeoutMs;
                produce["producer_id"] = r.producerId;
                produce["producer_epoch"] = r.producerEpoch;
                produce["base_sequence"] = r.baseSequence;
                Json records = Json::array();
                for (const LiveRecord& p : r.records) {
                    Json record = Json::object();
                    if (p.hasKey)
                        putBytes(record, "key", "key_hex", p.key);
                    if (p.valueNull)
                        record["value"] = nullptr;
                    else
                        putBytes(record, "value", "value_hex", p.value);
                    record["timestamp_ms"] = p.timestampMs;
                    if (!p.headers.empty()) {
                        Json headers = Json::array();
                        for (const PayloadHeader& h : p.headers) {
                            Json header = Json::object();
                            putBytes(header, "key", "key_hex", h.key);
                            if (h.valueNull)
                                header["value"] = nullptr;
                            else
                                putBytes(header, "value", "value_hex", h.value);
                            headers.push_back(std::move(header));
                        }
                        record["headers"] = std::move(headers);
                    }
                    records.push_back(std::move(record));
                }
                produce["records"] = std::move(records);
                body["produce"] = std::move(produce);
            } else if constexpr (std::is_same_v<R, LiveFetch>) {
                Json fetch = where(r.partition);
                fetch["offset"] = r.fetchOffset;
                fetch["max_records"] = r.maxRecords;
                fetch["max_wait_ms"] = r.maxWaitMs;
                body["fetch"] = std::move(fetch);
            } else if constexpr (std::is_same_v<R, LiveListOffsets>) {
                Json list = where(r.partition);
                list["timestamp"] = r.timestamp;
                body["list_offsets"] = std::move(list);
            } else if constexpr (std::is_same_v<R, LiveMetadata>) {
                Json metadata = Json::object();
                if (!r.autoCreate.empty())
                    metadata["auto_create"] = r.autoCreate;
                body["metadata"] = std::move(metadata);
            } else if constexpr (std::is_same_v<R, LiveCreateTopics>) {
                Json topics = Json::array();
                for (const CreatableTopic& t : r.topics) {
                    Json topic{{"name", t.name}, {"num_partitions", t.numPartitions},
                               {"replication_factor", t.replicationFactor}};
                    if (!t.assignments.empty()) {
                        Json assignments = Json::array();
                        for (const CreatableAssignment& a : t.assignments)
                            assignments.push_back(Json{{"partition", a.partition}, {"brokers", a.brokers}});
                        topic["assignments"] = std::move(assignments);
                    }
                    if (!t.configs.empty()) {
                        Json configs = Json::array();
                        for (const CreatableTopicConfig& c : t.configs)
                            configs.push_back(Json{{"name", c.name}, {"value", c.value ? Json(*c.value) : Json(nullptr)}});
                        topic["configs"] = std::move(configs);
                    }
                    topics.push_back(std::move(topic));
                }
                Json create{{"topics", std::move(topics)}};
                if (r.validateOnly)
                    create["validate_only"] = true;
                body["create_topics"] = std::move(create);
            } else if constexpr (std::is_same_v<R, LiveInitProducerId>) {
                body["init_producer_id"] = Json::object();
            } else if constexpr (std::is_same_v<R, LiveFindCoordinator>) {
                body["find_coordinator"] = Json{{"group_id", r.groupId}};
            } else {
                static_assert(std::is_same_v<R, LiveGroup>, "every live request is written");
                body["group"] = liveGroupJson(r.request, where);
            }
        },
        a.request);
    return body;
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
    if (s.display.cells)
        root["display"] = Json{{"cells", std::string(cellTextName(*s.display.cells))}};
    root["seed"] = c.seed;
    Json config = Json::object();
    const ClusterConfig defaults = defaultsFor(c.config.kafkaVersion);
    for (const ConfigKeyInfo& key : configKeys()) {
        const ConfigValue value = *getConfig(c.config, key.name);
        // A key set to its default is written when being set matters: an explicit enable.idempotence
        // makes conflicting producer settings errors, an explicit delivery.timeout.ms is not raised.
        const bool explicitlySet = (key.name == "enable.idempotence" && c.idempotenceSet) ||
                                   (key.name == "delivery.timeout.ms" && c.deliveryTimeoutSet);
        if (!(value == *getConfig(defaults, key.name)) || explicitlySet)
            config[std::string(key.name)] = configValueJson(value);
    }
    // The version is always written, so that a recording replays under its version if the default moves.
    Json cluster{{"brokers", c.brokers}, {"kafka_version", std::string(kafkaVersionName(c.config.kafkaVersion))}};
    if (std::any_of(c.racks.begin(), c.racks.end(), [](const auto& rack) { return rack.has_value(); })) {
        Json racks = Json::array();
        for (const std::optional<std::string>& rack : c.racks)
            racks.push_back(rack ? Json(*rack) : Json(nullptr));
        cluster["racks"] = racks;
    }
    cluster["config"] = config;
    root["cluster"] = cluster;

    // Topic and partition names for the flat partition indices the steps hold.
    std::vector<std::pair<std::string, int>> flat;
    Json topics = Json::array();
    for (const TopicSpec& t : c.topics) {
        Json topic{{"name", t.name}, {"partitions", t.partitions}, {"replication.factor", t.replicationFactor}};
        if (!t.assignment.empty())
            topic["assignment"] = t.assignment;
        else if (t.placement != PlacementKind::Striped)
            topic["placement"] = std::string(placementName(t.placement));
        const TopicConfig defaults;
        if (t.config.retentionMs != defaults.retentionMs)
            topic["retention.ms"] = t.config.retentionMs;
        if (t.config.retentionBytes != defaults.retentionBytes)
            topic["retention.bytes"] = t.config.retentionBytes;
        if (t.config.segmentBytes != defaults.segmentBytes)
            topic["segment.bytes"] = t.config.segmentBytes;
        if (t.config.segmentMs != defaults.segmentMs)
            topic["segment.ms"] = t.config.segmentMs;
        topics.push_back(topic);
        for (int p = 0; p < t.partitions; ++p)
            flat.emplace_back(t.name, p);
    }
    root["topics"] = topics;
    // Every topic a step may name: the declared ones, then those the run creates (their partitions follow).
    std::vector<TopicSpec> allTopics = c.topics;
    if (!s.createdTopics.empty()) {
        Json created = Json::array();
        for (const TopicSpec& t : s.createdTopics) {
            created.push_back(Json{{"name", t.name}, {"partitions", t.partitions}, {"replication.factor", t.replicationFactor}});
            for (int p = 0; p < t.partitions; ++p)
                flat.emplace_back(t.name, p);
            allTopics.push_back(t);
        }
        root["created_topics"] = created;
    }
    Json producers = Json::array();
    for (const ProducerSpec& p : c.producers) {
        Json producer{{"id", p.id}};
        if (p.acks)
            producer["acks"] = acksJson(*p.acks);
        if (p.enableIdempotence)
            producer["enable.idempotence"] = *p.enableIdempotence;
        if (p.maxInFlight)
            producer["max.in.flight.requests.per.connection"] = *p.maxInFlight;
        if (p.lingerMs)
            producer["linger.ms"] = *p.lingerMs;
        if (p.retries)
            producer["retries"] = *p.retries;
        if (p.deliveryTimeoutMs)
            producer["delivery.timeout.ms"] = *p.deliveryTimeoutMs;
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
                } else if constexpr (std::is_same_v<T, LiveStep>) {
                    body = liveActionJson(st.action, flat);
                } else if constexpr (std::is_same_v<T, ProduceStep>) {
                    const ProduceAction& a = st.action;
                    body["producer"] = c.producers[static_cast<std::size_t>(a.producer)].id;
                    body["topic"] = allTopics[static_cast<std::size_t>(a.topic)].name;
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
                    if (st.note.empty() && st.pending.empty()) {
                        body = st.label;
                    } else {
                        body = Json{{"label", st.label}};
                        if (!st.note.empty())
                            body["note"] = localizedJson(st.note);
                        if (!st.pending.empty())
                            body["pending"] = st.pending;
                    }
                } else if constexpr (std::is_same_v<T, NoteStep>) {
                    body = localizedJson(st.note);
                } else if constexpr (std::is_same_v<T, CreateTopicStep>) {
                    const CreatableTopic& t = st.action.topic;
                    body = Json{{"name", t.name}};
                    if (t.numPartitions != -1)
                        body["partitions"] = t.numPartitions;
                    if (t.replicationFactor != -1)
                        body["replication.factor"] = t.replicationFactor;
                    if (!t.assignments.empty()) {
                        Json assignment = Json::array();
                        for (const CreatableAssignment& a : t.assignments)
                            assignment.push_back(a.brokers);
                        body["assignment"] = std::move(assignment);
                    }
                    // The step's configs are the topics section's integers (scenario_reader_topics.cpp).
                    for (const CreatableTopicConfig& config : t.configs)
                        body[config.name] = config.value ? Json(std::stoll(*config.value)) : Json(nullptr);
                    if (st.action.validateOnly)
                        body["validate_only"] = true;
                } else {
                    std::visit(
                        [&](const auto& a) {
                            using A = std::decay_t<decltype(a)>;
                            if constexpr (std::is_same_v<A, BrokerAction>) {
                                body = Json{{"broker", a.broker}};
                                if (a.kind == BrokerAction::Kind::Restart && a.loseUnflushed > 0)
                                    body["lose_unflushed"] = a.loseUnflushed;
                                if (a.kind == BrokerAction::Kind::Isolate && !a.retransmit)
                                    body["retransmit"] = false;
                                if (a.kind == BrokerAction::Kind::Shutdown && !st.wait)
                                    body["wait"] = false;
                            } else if constexpr (std::is_same_v<A, KillLeaderAction> ||
                                                 std::is_same_v<A, ElectPreferredAction> ||
                                                 std::is_same_v<A, ElectUncleanAction>) {
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


Scenario recordSession(const Scenario& base, const Timeline& timeline, std::size_t operationsEnd)
{
    SessionRecorder recorder(base);
    recorder.record(timeline, operationsEnd);
    return recorder.scenario();
}

Scenario SessionRecorder::scenario() const
{
    Scenario out = m_out;
    if (m_pendingRun > 0)
        out.steps.push_back(RunStep{m_pendingRun});
    return out;
}

SessionRecorder::SessionRecorder(const Scenario& base)
{
    m_out.file = base.file;
    m_out.name = base.name;
    m_out.title = base.title;
    m_out.description = base.description;
    m_out.display = base.display;
    m_out.cluster = base.cluster;
}

std::size_t SessionRecorder::actionBytes(const Action& action)
{
    // As serve counts a recorded session (live/kafka_server.cpp, applyLive): a step's own bytes and
    // twice each record's key, value and headers (the step and its JSON).
    std::size_t bytes = 256;
    if (const auto* produce = std::get_if<ProduceAction>(&action)) {
        for (const std::string& value : produce->values)
            bytes += 96 + 2 * (value.size() + (produce->key ? produce->key->size() : 0));
    } else if (const auto* live = std::get_if<LiveClientAction>(&action)) {
        if (const auto* records = std::get_if<LiveProduce>(&live->request)) {
            for (const LiveRecord& p : records->records) {
                bytes += 96 + 2 * (p.key.size() + p.value.size());
                for (const PayloadHeader& h : p.headers)
                    bytes += 48 + 2 * (h.key.size() + h.value.size());
            }
        }
    }
    return bytes;
}

void SessionRecorder::flushRun()
{
    if (m_pendingRun > 0)
        m_out.steps.push_back(RunStep{m_pendingRun});
    m_pendingRun = 0;
}

void SessionRecorder::record(const Timeline& timeline, std::size_t operationsEnd)
{
    const std::size_t operations = std::min(operationsEnd, timeline.operationCount());
    if (m_started && m_nextOp >= operations)
        return;
    // The frames and operations not written yet must still be there.
    if (!m_started ? timeline.firstFrame() > 0 : m_nextFrame < timeline.firstFrame())
        throw FrameDropped(m_started ? m_nextFrame : 0, timeline.firstFrame());
    // A run of engine steps that the last part ended on may go on: it is written once it ends
    // (m_pendingRun carries over).
    std::vector<Step>& steps = m_out.steps;

    // The frame each operation made, if any.
    const std::size_t firstOp = m_nextOp;
    std::vector<std::int64_t> frameOfOp(operations - firstOp, -1);
    std::int64_t f = m_nextFrame;
    for (; f < timeline.frameCount() && static_cast<std::size_t>(timeline.frame(f).opEnd) <= operations; ++f)
        frameOfOp[static_cast<std::size_t>(timeline.frame(f).opEnd - 1) - firstOp] = f;

    auto markFrame = [&](std::int64_t frame) {
        const FrameInfo& info = timeline.frame(frame);
        if (info.label >= 0) {
            CheckpointStep checkpoint;
            checkpoint.label = timeline.labels()[static_cast<std::size_t>(info.label)];
            if (info.note >= 0)
                checkpoint.note = timeline.notes()[static_cast<std::size_t>(info.note)];
            steps.push_back(std::move(checkpoint));
        }
    };
    auto noteBefore = [&](std::int64_t frame) {
        const FrameInfo& info = timeline.frame(frame);
        if (info.note >= 0 && info.label < 0)
            steps.push_back(NoteStep{timeline.notes()[static_cast<std::size_t>(info.note)]});
    };

    if (!m_started)
        markFrame(0);
    m_started = true;
    for (std::size_t op = firstOp; op < operations; ++op) {
        const std::int64_t frame = frameOfOp[op - firstOp];
        const std::int32_t code = timeline.operation(op);
        if (frame >= 0 && (timeline.frame(frame).label >= 0 || timeline.frame(frame).note >= 0)) {
            flushRun();
            noteBefore(frame);
        }
        if (code == Timeline::stepOperation) {
            ++m_pendingRun;
        } else if (code < 0) {
            // An observed poll (Timeline::observedOperation) is no scenario step: an observed timeline is
            // recorded as its polls (scenario/observed_json.h).
            flushRun();
        } else {
            flushRun();
            const Action action = timeline.action(static_cast<std::size_t>(code));
            m_bytes += actionBytes(action);
            std::visit(
                [&](const auto& a) {
                    using A = std::decay_t<decltype(a)>;
                    if constexpr (std::is_same_v<A, ProduceAction>)
                        steps.push_back(ProduceStep{a, false});
                    else if constexpr (std::is_same_v<A, FetchAction>)
                        steps.push_back(FetchStep{a, FetchUntil::Response, false});
                    else if constexpr (std::is_same_v<A, AdvanceAction>)
                        steps.push_back(ClockStep{a.toMs});
                    else if constexpr (std::is_same_v<A, SlowAction>)
                        steps.push_back(SlowStep{a});
                    else if constexpr (std::is_same_v<A, ConfigAction>)
                        steps.push_back(ConfigStep{{a}});
                    else if constexpr (std::is_same_v<A, ConsumerAction>)
                        steps.push_back(ConsumerStep{a, false});
                    else if constexpr (std::is_same_v<A, CreateTopicAction>)
                        steps.push_back(CreateTopicStep{a});
                    else if constexpr (std::is_same_v<A, LiveClientAction>) {
                        // The file numbers connections by their connect steps, not by the engine's handles.
                        LiveClientAction numbered = a;
                        if (a.kind == LiveClientAction::Kind::Connect) {
                            m_liveNumbers[timeline.frame(frame).event.peer] = static_cast<std::int32_t>(m_liveNumbers.size());
                        } else {
                            numbered.client = m_liveNumbers.at(a.client);
                        }
                        steps.push_back(LiveStep{numbered});
                    }
                    else
                        steps.push_back(FaultStep{a, false});
                },
                action);
        }
        if (frame >= 0 && timeline.frame(frame).label >= 0) {
            flushRun();
            markFrame(frame);
        }
    }
    m_nextOp = operations;
    m_nextFrame = f;
    // The topics the recorded operations created (live CreateTopics, auto-creation, create_topic), in
    // creation order: the state after the last recorded frame has them all (topics are never removed).
    if (f - 1 >= timeline.firstFrame()) {
        const ClusterState last = timeline.stateAt(f - 1);
        for (std::size_t t = m_out.cluster.topics.size() + m_out.createdTopics.size(); t < last.topics.size(); ++t) {
            TopicSpec created;
            created.name = last.topics[t].name;
            created.partitions = last.topics[t].partitionCount;
            created.replicationFactor = last.topics[t].replicationFactor;
            m_out.createdTopics.push_back(std::move(created));
        }
    }
}

} // namespace hw
