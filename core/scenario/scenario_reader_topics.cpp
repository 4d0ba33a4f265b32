// SPDX-License-Identifier: MIT
// The scenario's "topics" section: each topic's name, partitions and replication factor, and how its
// replicas are placed: by the striped placer (the default), rack-unaware, or an assignment that names
// every replica.
#include "scenario/scenario_reader_internal.h"

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

} // namespace hw::scenario_reader
