// SPDX-License-Identifier: MIT
// The scenario's "topics" section: each topic's name, partitions and replication factor, and how its
// replicas are placed: by the striped placer (the default), rack-unaware, or an assignment that names
// every replica.
#include "scenario/scenario_reader_internal.h"

#include "model/cluster_state.h"
#include "model/limits.h"

#include <algorithm>

namespace hw::scenario_reader {

namespace {

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

} // namespace

void readTopics(const Json& topics, ClusterSpec& cluster)
{
    if (!topics.is_array() || topics.empty())
        fail("/topics", "expected a non-empty array of topics, got " + describe(topics));
    if (topics.size() > static_cast<std::size_t>(limits::topicsMax))
        fail("/topics", "at most " + std::to_string(limits::topicsMax) + " topics");
    for (std::size_t i = 0; i < topics.size(); ++i) {
        const std::string path = child("/topics", i);
        const Json& t = topics[i];
        requireObject(t, path, "a topic");
        checkKeys(t, path, {"name", "partitions", "replication.factor", "assignment", "placement", "retention.ms",
                            "retention.bytes", "segment.bytes", "segment.ms"});
        TopicSpec topic;
        topic.name = readString(required(t, "name", path), child(path, "name"));
        for (const TopicSpec& other : cluster.topics) {
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
            if (rf.is_number_integer() && rf.get<std::int64_t>() > cluster.brokers)
                fail(rfPath, "replication factor " + rf.dump() + " is larger than the " +
                                 std::to_string(cluster.brokers) + " brokers of the cluster");
            topic.replicationFactor = static_cast<int>(readInt(rf, rfPath, 1, cluster.brokers));
        } else {
            topic.replicationFactor = std::min(3, cluster.brokers);
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
                    const auto b = static_cast<BrokerId>(readInt(a[p][r], child(pPath, r), 1, cluster.brokers));
                    if (std::find(replicas.begin(), replicas.end(), b) != replicas.end())
                        fail(child(pPath, r), "broker " + std::to_string(b) + " appears twice in one partition");
                    replicas.push_back(b);
                }
                topic.assignment.push_back(std::move(replicas));
            }
        }
        // LogConfig's topic keys at 4.3.1: retention.ms at least -1 (-1: no limit), retention.bytes any
        // long (-1: no limit), segment.ms at least 1, segment.bytes an int (model bound: limits.h).
        if (t.contains("retention.ms"))
            topic.config.retentionMs = readInt(t["retention.ms"], child(path, "retention.ms"), -1, std::int64_t{1} << 50);
        if (t.contains("retention.bytes"))
            topic.config.retentionBytes =
                readInt(t["retention.bytes"], child(path, "retention.bytes"), -1, limits::retentionBytesMax);
        if (t.contains("segment.bytes"))
            topic.config.segmentBytes = readInt(t["segment.bytes"], child(path, "segment.bytes"),
                                                limits::segmentBytesMin, limits::segmentBytesMax);
        if (t.contains("segment.ms"))
            topic.config.segmentMs = readInt(t["segment.ms"], child(path, "segment.ms"), 1, std::int64_t{1} << 50);
        cluster.topics.push_back(std::move(topic));
    }
}

std::vector<TopicSpec> readCreatedTopics(const Json& topics, const ClusterSpec& cluster)
{
    if (!topics.is_array())
        fail("/created_topics", "expected an array of topics, got " + describe(topics));
    if (cluster.topics.size() + topics.size() > static_cast<std::size_t>(limits::topicsMax))
        fail("/created_topics", "at most " + std::to_string(limits::topicsMax) + " topics in all (topicsMax)");
    std::vector<TopicSpec> out;
    for (std::size_t i = 0; i < topics.size(); ++i) {
        const std::string path = child("/created_topics", i);
        const Json& t = topics[i];
        requireObject(t, path, "a created topic");
        checkKeys(t, path, {"name", "partitions", "replication.factor"});
        TopicSpec topic;
        topic.name = readString(required(t, "name", path), child(path, "name"));
        const bool seen = std::any_of(cluster.topics.begin(), cluster.topics.end(),
                                      [&](const TopicSpec& o) { return o.name == topic.name; }) ||
                          std::any_of(out.begin(), out.end(), [&](const TopicSpec& o) { return o.name == topic.name; });
        if (seen)
            fail(child(path, "name"), "a second topic named \"" + topic.name + "\"");
        topic.partitions = static_cast<int>(readInt(required(t, "partitions", path), child(path, "partitions"), 1,
                                                    limits::partitionsMax));
        topic.replicationFactor = static_cast<int>(readInt(required(t, "replication.factor", path),
                                                           child(path, "replication.factor"), 1, cluster.brokers));
        out.push_back(std::move(topic));
    }
    return out;
}

Step readCreateTopicStep(const Json& body, const std::string& path, Context& ctx)
{
    requireObject(body, path, "the create_topic action");
    checkKeys(body, path, {"name", "partitions", "replication.factor", "assignment", "retention.ms", "retention.bytes",
                           "segment.bytes", "segment.ms", "validate_only"});
    CreateTopicStep step;
    CreatableTopic& topic = step.action.topic;
    topic.name = readString(required(body, "name", path), child(path, "name"));
    // What the controller would refuse is refused here, at the step's path, so a lesson fails when it is read.
    if (std::string error = topicNameError(topic.name); !error.empty())
        fail(child(path, "name"), error);
    if (body.contains("validate_only"))
        step.action.validateOnly = readBool(body["validate_only"], child(path, "validate_only"));
    const std::size_t declared = ctx.cluster.topics.size();
    const auto existing = std::find_if(ctx.topics.begin(), ctx.topics.end(),
                                       [&](const TopicSpec& t) { return t.name == topic.name; });
    const bool listedHere = ctx.createdListed && existing != ctx.topics.end() &&
                            existing >= ctx.topics.begin() + static_cast<std::ptrdiff_t>(declared);
    if (existing != ctx.topics.end() && !listedHere)
        fail(child(path, "name"), "a topic named \"" + topic.name + "\" exists already (TOPIC_ALREADY_EXISTS)");
    if (!ctx.createdListed && !step.action.validateOnly && ctx.topics.size() >= static_cast<std::size_t>(limits::topicsMax))
        fail(path, "the scenario already has " + std::to_string(limits::topicsMax) + " topics, the limit (topicsMax)");

    int partitions = static_cast<int>(ctx.cluster.config.numPartitions);
    int replicationFactor = static_cast<int>(ctx.cluster.config.defaultReplicationFactor);
    if (body.contains("partitions")) {
        partitions = static_cast<int>(readInt(body["partitions"], child(path, "partitions"), 1, limits::partitionsMax));
        topic.numPartitions = partitions;
    }
    if (body.contains("replication.factor")) {
        replicationFactor = static_cast<int>(
            readInt(body["replication.factor"], child(path, "replication.factor"), 1, ctx.cluster.brokers));
        topic.replicationFactor = replicationFactor;
    } else if (replicationFactor > ctx.cluster.brokers) {
        fail(path, "default.replication.factor " + std::to_string(replicationFactor) + " is larger than the " +
                       std::to_string(ctx.cluster.brokers) + " brokers of the cluster; give a replication.factor");
    }
    if (body.contains("assignment")) {
        // As in a CreateTopics request, an assignment makes partitions and replication factor -1.
        const std::string aPath = child(path, "assignment");
        const Json& a = body["assignment"];
        if (!a.is_array() || a.empty() || a.size() > static_cast<std::size_t>(limits::partitionsMax))
            fail(aPath, "expected an array of 1 to " + std::to_string(limits::partitionsMax) +
                            " broker lists, one per partition, got " + describe(a));
        if (body.contains("partitions") && a.size() != static_cast<std::size_t>(partitions))
            fail(aPath, "expected one broker list per partition (" + std::to_string(partitions) + ")");
        for (std::size_t p = 0; p < a.size(); ++p) {
            const std::string pPath = child(aPath, p);
            if (!a[p].is_array() || a[p].empty() || (p > 0 && a[p].size() != a[0].size()) ||
                (body.contains("replication.factor") && a[p].size() != static_cast<std::size_t>(replicationFactor)))
                fail(pPath, "expected a non-empty list of broker ids, as long as every other partition's (the "
                            "replication factor), got " + describe(a[p]));
            CreatableAssignment assignment;
            assignment.partition = static_cast<std::int32_t>(p);
            for (std::size_t r = 0; r < a[p].size(); ++r) {
                const auto b = static_cast<BrokerId>(readInt(a[p][r], child(pPath, r), 1, ctx.cluster.brokers));
                if (std::find(assignment.brokers.begin(), assignment.brokers.end(), b) != assignment.brokers.end())
                    fail(child(pPath, r), "broker " + std::to_string(b) + " appears twice in one partition");
                assignment.brokers.push_back(b);
            }
            topic.assignments.push_back(std::move(assignment));
        }
        partitions = static_cast<int>(a.size());
        replicationFactor = static_cast<int>(a[0].size());
        topic.numPartitions = -1;
        topic.replicationFactor = -1;
    }
    // The topics section's config keys, sent as a CreateTopics request's config strings.
    for (const char* key : {"retention.ms", "retention.bytes", "segment.bytes", "segment.ms"}) {
        if (!body.contains(key))
            continue;
        const std::string keyPath = child(path, key);
        const std::int64_t min = std::string_view(key) == "segment.bytes" ? limits::segmentBytesMin
                                 : std::string_view(key) == "segment.ms"  ? 1
                                                                          : -1;
        const std::int64_t max = std::string_view(key) == "segment.bytes"     ? limits::segmentBytesMax
                                 : std::string_view(key) == "retention.bytes" ? limits::retentionBytesMax
                                                                              : std::int64_t{1} << 50;
        topic.configs.push_back(CreatableTopicConfig{key, std::to_string(readInt(body[key], keyPath, min, max))});
    }
    if (listedHere) {
        if (existing->partitions != partitions)
            fail(path, "created_topics gives " + topic.name + " " + std::to_string(existing->partitions) +
                           " partition(s), this step " + std::to_string(partitions));
    } else if (!step.action.validateOnly) {
        TopicSpec spec;
        spec.name = topic.name;
        spec.partitions = partitions;
        spec.replicationFactor = replicationFactor;
        ctx.topics.push_back(std::move(spec));
    }
    return step;
}

} // namespace hw::scenario_reader
