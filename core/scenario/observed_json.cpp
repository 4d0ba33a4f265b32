// SPDX-License-Identifier: MIT
#include "scenario/observed_json.h"

#include "model/limits.h"
#include "scenario/json_input.h"

#include <limits>

namespace hw {

using namespace json_input;

namespace {

constexpr std::int64_t int32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t int64Max = std::numeric_limits<std::int64_t>::max();

Json idList(const std::vector<std::int32_t>& ids)
{
    Json out = Json::array();
    for (std::int32_t id : ids)
        out.push_back(id);
    return out;
}

Json optionalIdList(const std::optional<std::vector<std::int32_t>>& ids)
{
    return ids ? idList(*ids) : Json(nullptr);
}

Json optionalOffset(const std::optional<Offset>& offset)
{
    return offset ? Json(*offset) : Json(nullptr);
}

Json topicPartitions(const std::vector<ObservedTopicPartition>& list)
{
    Json out = Json::array();
    for (const ObservedTopicPartition& tp : list)
        out.push_back(Json{{"topic", tp.topic}, {"partition", tp.partition}});
    return out;
}

// ---- reading ----

const Json& array(const Json& object, std::string_view key, const std::string& path, std::size_t max, const char* limit)
{
    const Json& value = required(object, key, path);
    const std::string at = child(path, key);
    if (!value.is_array())
        fail(at, "expected an array, got " + describe(value));
    if (value.size() > max)
        fail(at, "an array of " + std::to_string(value.size()) + " items, above limits::" + limit + " (" +
                     std::to_string(max) + ")");
    return value;
}

std::int64_t integer(const Json& object, std::string_view key, const std::string& path, std::int64_t min, std::int64_t max)
{
    return readInt(required(object, key, path), child(path, key), min, max);
}

std::string text(const Json& object, std::string_view key, const std::string& path)
{
    return readString(required(object, key, path), child(path, key), true);
}

bool flag(const Json& object, std::string_view key, const std::string& path)
{
    return readBool(required(object, key, path), child(path, key));
}

std::vector<std::int32_t> nodeIds(const Json& value, const std::string& path)
{
    if (!value.is_array())
        fail(path, "expected an array of node ids, got " + describe(value));
    if (value.size() > static_cast<std::size_t>(limits::observedBrokersMax))
        fail(path, "an array of " + std::to_string(value.size()) + " node ids, above limits::observedBrokersMax (" +
                       std::to_string(limits::observedBrokersMax) + ")");
    std::vector<std::int32_t> out;
    for (std::size_t i = 0; i < value.size(); ++i)
        out.push_back(static_cast<std::int32_t>(readInt(value[i], child(path, i), 0, int32Max)));
    return out;
}

std::optional<std::vector<std::int32_t>> optionalNodeIds(const Json& object, std::string_view key, const std::string& path)
{
    const Json& value = required(object, key, path);
    if (value.is_null())
        return std::nullopt;
    return nodeIds(value, child(path, key));
}

std::optional<Offset> offset(const Json& object, std::string_view key, const std::string& path)
{
    const Json& value = required(object, key, path);
    if (value.is_null())
        return std::nullopt;
    return readInt(value, child(path, key), 0, int64Max);
}

std::vector<ObservedTopicPartition> readTopicPartitions(const Json& object, std::string_view key, const std::string& path)
{
    const Json& list = array(object, key, path, limits::observedPartitionsMax, "observedPartitionsMax");
    const std::string at = child(path, key);
    std::vector<ObservedTopicPartition> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string p = child(at, i);
        requireObject(list[i], p, "a topic partition");
        checkKeys(list[i], p, {"topic", "partition"});
        out.push_back(ObservedTopicPartition{text(list[i], "topic", p),
                                             static_cast<std::int32_t>(integer(list[i], "partition", p, 0, int32Max))});
    }
    return out;
}

ObservedBrokerFacts readBroker(const Json& b, const std::string& path)
{
    requireObject(b, path, "a broker");
    checkKeys(b, path, {"id", "host", "port", "rack", "fenced", "answered", "error"});
    ObservedBrokerFacts out;
    out.id = static_cast<std::int32_t>(integer(b, "id", path, 0, int32Max));
    out.host = text(b, "host", path);
    out.port = static_cast<std::int32_t>(integer(b, "port", path, 0, 65535));
    out.rack = text(b, "rack", path);
    out.fenced = flag(b, "fenced", path);
    out.answered = flag(b, "answered", path);
    out.error = text(b, "error", path);
    return out;
}

ObservedPartitionFacts readPartition(const Json& p, const std::string& path)
{
    requireObject(p, path, "a partition");
    checkKeys(p, path,
              {"partition", "leader", "leader_epoch", "replicas", "isr", "elr", "last_known_elr", "offline_replicas",
               "replica_facts"});
    ObservedPartitionFacts out;
    out.partition = static_cast<std::int32_t>(integer(p, "partition", path, 0, int32Max));
    out.leader = static_cast<std::int32_t>(integer(p, "leader", path, -1, int32Max));
    out.leaderEpoch = static_cast<std::int32_t>(integer(p, "leader_epoch", path, -1, int32Max));
    out.replicas = nodeIds(required(p, "replicas", path), child(path, "replicas"));
    out.isr = nodeIds(required(p, "isr", path), child(path, "isr"));
    out.elr = optionalNodeIds(p, "elr", path);
    out.lastKnownElr = optionalNodeIds(p, "last_known_elr", path);
    out.offlineReplicas = nodeIds(required(p, "offline_replicas", path), child(path, "offline_replicas"));
    const Json& facts = array(p, "replica_facts", path, limits::observedBrokersMax, "observedBrokersMax");
    const std::string at = child(path, "replica_facts");
    for (std::size_t i = 0; i < facts.size(); ++i) {
        const std::string r = child(at, i);
        requireObject(facts[i], r, "a replica");
        checkKeys(facts[i], r, {"broker", "log_start", "leo", "hw", "error"});
        ObservedReplicaFacts replica;
        replica.broker = static_cast<std::int32_t>(integer(facts[i], "broker", r, 0, int32Max));
        replica.logStart = offset(facts[i], "log_start", r);
        replica.leo = offset(facts[i], "leo", r);
        replica.hw = offset(facts[i], "hw", r);
        replica.error = text(facts[i], "error", r);
        out.replicaFacts.push_back(std::move(replica));
    }
    return out;
}

ObservedGroupFacts readGroup(const Json& g, const std::string& path)
{
    requireObject(g, path, "a group");
    checkKeys(g, path,
              {"id", "type", "state", "protocol_type", "protocol", "coordinator", "group_epoch", "assignment_epoch",
               "members", "committed"});
    ObservedGroupFacts out;
    out.id = text(g, "id", path);
    out.type = text(g, "type", path);
    if (out.type != "classic" && out.type != "consumer")
        fail(child(path, "type"), "expected \"classic\" or \"consumer\", got " + describe(g["type"]));
    out.state = text(g, "state", path);
    out.protocolType = text(g, "protocol_type", path);
    out.protocol = text(g, "protocol", path);
    out.coordinator = static_cast<std::int32_t>(integer(g, "coordinator", path, -1, int32Max));
    out.groupEpoch = static_cast<std::int32_t>(integer(g, "group_epoch", path, -1, int32Max));
    out.assignmentEpoch = static_cast<std::int32_t>(integer(g, "assignment_epoch", path, -1, int32Max));
    const Json& members = array(g, "members", path, limits::observedGroupMembersMax, "observedGroupMembersMax");
    const std::string at = child(path, "members");
    for (std::size_t i = 0; i < members.size(); ++i) {
        const std::string m = child(at, i);
        requireObject(members[i], m, "a member");
        checkKeys(members[i], m,
                  {"member_id", "instance_id", "client_id", "client_host", "member_epoch", "assignment",
                   "target_assignment"});
        ObservedGroupMember member;
        member.memberId = text(members[i], "member_id", m);
        member.instanceId = text(members[i], "instance_id", m);
        member.clientId = text(members[i], "client_id", m);
        member.clientHost = text(members[i], "client_host", m);
        member.memberEpoch = static_cast<std::int32_t>(integer(members[i], "member_epoch", m, -1, int32Max));
        member.assignment = readTopicPartitions(members[i], "assignment", m);
        member.targetAssignment = readTopicPartitions(members[i], "target_assignment", m);
        out.members.push_back(std::move(member));
    }
    const Json& committed = array(g, "committed", path, limits::observedPartitionsMax, "observedPartitionsMax");
    const std::string ct = child(path, "committed");
    for (std::size_t i = 0; i < committed.size(); ++i) {
        const std::string c = child(ct, i);
        requireObject(committed[i], c, "a committed offset");
        checkKeys(committed[i], c, {"topic", "partition", "offset"});
        out.committed.push_back(
            ObservedCommittedOffset{text(committed[i], "topic", c),
                                    static_cast<std::int32_t>(integer(committed[i], "partition", c, 0, int32Max)),
                                    integer(committed[i], "offset", c, -1, int64Max)});
    }
    return out;
}

ObservedCluster readCluster(const Json& j)
{
    const std::string path;
    requireObject(j, path, "a poll");
    checkKeys(j, path,
              {"cluster_id", "controller_id", "kafka_version", "time_ms", "interval_ms", "poll_ms", "stretched",
               "fencing_known", "elr_known", "brokers", "topics", "groups"});
    ObservedCluster out;
    out.clusterId = text(j, "cluster_id", path);
    out.controllerId = static_cast<std::int32_t>(integer(j, "controller_id", path, -1, int32Max));
    out.kafkaVersion = text(j, "kafka_version", path);
    out.timeMs = integer(j, "time_ms", path, 0, int64Max);
    out.intervalMs = static_cast<std::int32_t>(integer(j, "interval_ms", path, 1, limits::pollIntervalMsMax));
    out.pollMs = static_cast<std::int32_t>(integer(j, "poll_ms", path, 0, int32Max));
    out.stretched = flag(j, "stretched", path);
    out.fencingKnown = flag(j, "fencing_known", path);
    out.elrKnown = flag(j, "elr_known", path);
    const Json& brokers = array(j, "brokers", path, limits::observedBrokersMax, "observedBrokersMax");
    for (std::size_t i = 0; i < brokers.size(); ++i)
        out.brokers.push_back(readBroker(brokers[i], child("/brokers", i)));
    const Json& topics = array(j, "topics", path, limits::observedTopicsMax, "observedTopicsMax");
    std::size_t partitions = 0;
    for (std::size_t i = 0; i < topics.size(); ++i) {
        const std::string t = child("/topics", i);
        requireObject(topics[i], t, "a topic");
        checkKeys(topics[i], t, {"name", "topic_id", "min_insync_replicas", "partitions"});
        ObservedTopicFacts topic;
        topic.name = readString(required(topics[i], "name", t), child(t, "name"));
        topic.topicId = text(topics[i], "topic_id", t);
        const Json& minIsr = required(topics[i], "min_insync_replicas", t);
        if (!minIsr.is_null())
            topic.minInsyncReplicas = static_cast<std::int32_t>(readInt(minIsr, child(t, "min_insync_replicas"), 1, int32Max));
        const Json& parts = array(topics[i], "partitions", t, limits::observedPartitionsMax, "observedPartitionsMax");
        partitions += parts.size();
        if (partitions > static_cast<std::size_t>(limits::observedPartitionsMax))
            fail(child(t, "partitions"), std::to_string(partitions) + " partitions so far, above limits::observedPartitionsMax (" +
                                             std::to_string(limits::observedPartitionsMax) + ")");
        for (std::size_t k = 0; k < parts.size(); ++k)
            topic.partitions.push_back(readPartition(parts[k], child(child(t, "partitions"), k)));
        out.topics.push_back(std::move(topic));
    }
    const Json& groups = array(j, "groups", path, limits::observedGroupsMax, "observedGroupsMax");
    for (std::size_t i = 0; i < groups.size(); ++i)
        out.groups.push_back(readGroup(groups[i], child("/groups", i)));
    return out;
}

template <typename T, typename Read>
std::variant<T, ObservedJsonError> readLine(std::string_view line, int lineNumber, Read read)
{
    auto parsed = parseDocument(line, "");
    if (const auto* error = std::get_if<ScenarioError>(&parsed))
        return ObservedJsonError{lineNumber, error->column, error->path, error->message};
    try {
        return read(std::get<Json>(parsed));
    } catch (const Failure& failure) {
        return ObservedJsonError{lineNumber, 0, failure.path.empty() ? "/" : failure.path, failure.message};
    }
}

} // namespace

std::string ObservedJsonError::toString() const
{
    std::string out = line > 0 ? "line " + std::to_string(line) : std::string("observed poll");
    if (column > 0)
        out += ", column " + std::to_string(column);
    if (!path.empty())
        out += ": " + path;
    return out + ": " + message;
}

Json observedClusterToJson(const ObservedCluster& c)
{
    Json out;
    out["cluster_id"] = c.clusterId;
    out["controller_id"] = c.controllerId;
    out["kafka_version"] = c.kafkaVersion;
    out["time_ms"] = c.timeMs;
    out["interval_ms"] = c.intervalMs;
    out["poll_ms"] = c.pollMs;
    out["stretched"] = c.stretched;
    out["fencing_known"] = c.fencingKnown;
    out["elr_known"] = c.elrKnown;
    Json brokers = Json::array();
    for (const ObservedBrokerFacts& b : c.brokers)
        brokers.push_back(Json{{"id", b.id},
                               {"host", b.host},
                               {"port", b.port},
                               {"rack", b.rack},
                               {"fenced", b.fenced},
                               {"answered", b.answered},
                               {"error", b.error}});
    out["brokers"] = brokers;
    Json topics = Json::array();
    for (const ObservedTopicFacts& t : c.topics) {
        Json partitions = Json::array();
        for (const ObservedPartitionFacts& p : t.partitions) {
            Json facts = Json::array();
            for (const ObservedReplicaFacts& r : p.replicaFacts)
                facts.push_back(Json{{"broker", r.broker},
                                     {"log_start", optionalOffset(r.logStart)},
                                     {"leo", optionalOffset(r.leo)},
                                     {"hw", optionalOffset(r.hw)},
                                     {"error", r.error}});
            partitions.push_back(Json{{"partition", p.partition},
                                      {"leader", p.leader},
                                      {"leader_epoch", p.leaderEpoch},
                                      {"replicas", idList(p.replicas)},
                                      {"isr", idList(p.isr)},
                                      {"elr", optionalIdList(p.elr)},
                                      {"last_known_elr", optionalIdList(p.lastKnownElr)},
                                      {"offline_replicas", idList(p.offlineReplicas)},
                                      {"replica_facts", facts}});
        }
        topics.push_back(Json{{"name", t.name},
                              {"topic_id", t.topicId},
                              {"min_insync_replicas", t.minInsyncReplicas ? Json(*t.minInsyncReplicas) : Json(nullptr)},
                              {"partitions", partitions}});
    }
    out["topics"] = topics;
    Json groups = Json::array();
    for (const ObservedGroupFacts& g : c.groups) {
        Json members = Json::array();
        for (const ObservedGroupMember& m : g.members)
            members.push_back(Json{{"member_id", m.memberId},
                                   {"instance_id", m.instanceId},
                                   {"client_id", m.clientId},
                                   {"client_host", m.clientHost},
                                   {"member_epoch", m.memberEpoch},
                                   {"assignment", topicPartitions(m.assignment)},
                                   {"target_assignment", topicPartitions(m.targetAssignment)}});
        Json committed = Json::array();
        for (const ObservedCommittedOffset& o : g.committed)
            committed.push_back(Json{{"topic", o.topic}, {"partition", o.partition}, {"offset", o.offset}});
        groups.push_back(Json{{"id", g.id},
                              {"type", g.type},
                              {"state", g.state},
                              {"protocol_type", g.protocolType},
                              {"protocol", g.protocol},
                              {"coordinator", g.coordinator},
                              {"group_epoch", g.groupEpoch},
                              {"assignment_epoch", g.assignmentEpoch},
                              {"members", members},
                              {"committed", committed}});
    }
    out["groups"] = groups;
    return out;
}

Json observedHeaderToJson(const ObservedRecordingHeader& h)
{
    Json out;
    out["format"] = std::string(ObservedRecordingHeader::format);
    out["version"] = h.version;
    out["bootstrap"] = h.bootstrap;
    out["topics"] = h.topicsRegex;
    out["interval_ms"] = h.intervalMs;
    return out;
}

std::variant<ObservedCluster, ObservedJsonError> observedClusterFromJson(const Json& json, int line)
{
    try {
        return readCluster(json);
    } catch (const Failure& failure) {
        return ObservedJsonError{line, 0, failure.path.empty() ? "/" : failure.path, failure.message};
    }
}

std::variant<ObservedCluster, ObservedJsonError> parseObservedCluster(std::string_view source, int line)
{
    return readLine<ObservedCluster>(source, line, readCluster);
}

std::variant<ObservedRecordingHeader, ObservedJsonError> parseObservedHeader(std::string_view source, int line)
{
    return readLine<ObservedRecordingHeader>(source, line, [](const Json& j) {
        const std::string path;
        requireObject(j, path, "the recording's header");
        // The format first: a line that is not a header says so, not that its first key is unknown.
        const Json& format = required(j, "format", path);
        if (!format.is_string() || format.get<std::string>() != ObservedRecordingHeader::format)
            fail("/format", "expected \"" + std::string(ObservedRecordingHeader::format) + "\", got " + describe(format));
        checkKeys(j, path, {"format", "version", "bootstrap", "topics", "interval_ms"});
        ObservedRecordingHeader h;
        h.version = static_cast<int>(integer(j, "version", path, 1, ObservedRecordingHeader::currentVersion));
        h.bootstrap = text(j, "bootstrap", path);
        h.topicsRegex = text(j, "topics", path);
        h.intervalMs = static_cast<std::int32_t>(integer(j, "interval_ms", path, 1, limits::pollIntervalMsMax));
        return h;
    });
}

std::string observedClusterLine(const ObservedCluster& poll)
{
    return observedClusterToJson(poll).dump();
}

std::string observedHeaderLine(const ObservedRecordingHeader& header)
{
    return observedHeaderToJson(header).dump();
}

std::string writeObservedRecording(const ObservedRecording& recording)
{
    std::string out = observedHeaderLine(recording.header) + "\n";
    for (const ObservedCluster& poll : recording.polls)
        out += observedClusterLine(poll) + "\n";
    return out;
}

std::variant<ObservedRecording, ObservedJsonError> readObservedRecording(std::string_view text)
{
    ObservedRecording recording;
    bool header = false;
    int lineNumber = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        if (!header) {
            auto read = parseObservedHeader(line, lineNumber);
            if (auto* error = std::get_if<ObservedJsonError>(&read))
                return *error;
            recording.header = std::get<ObservedRecordingHeader>(read);
            header = true;
            continue;
        }
        auto read = parseObservedCluster(line, lineNumber);
        if (auto* error = std::get_if<ObservedJsonError>(&read))
            return *error;
        recording.polls.push_back(std::move(std::get<ObservedCluster>(read)));
    }
    if (!header)
        return ObservedJsonError{0, 0, "", "an observe recording starts with its header line (\"format\": \"" +
                                               std::string(ObservedRecordingHeader::format) + "\"); this one is empty"};
    return recording;
}

} // namespace hw
