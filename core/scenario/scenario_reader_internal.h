// SPDX-License-Identifier: MIT
#pragma once

// What the scenario reader's files (scenario/scenario_reader*.cpp) share: the names a step refers to,
// resolved against the cluster the scenario declares (Context), and the readers of the format's
// sections and of values more than one section holds. Each section's reader fails with the JSON path
// of the first thing it cannot read (json_input::fail); parseScenario and parseScript turn that into a
// ScenarioError. Not for use outside scenario/.

#include "scenario/json_input.h"
#include "scenario/scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace hw::scenario_reader {

using namespace json_input;

/// The names a step refers to, resolved against the cluster the scenario declares.
struct Context {
    explicit Context(const ClusterSpec& spec) : cluster(spec), topics(spec.topics), consumers(spec.consumers) {}

    // Live clients connected by the steps read so far (a live step names one by its number).
    int liveClients = 0;

    const ClusterSpec& cluster;
    // Every topic a step may name, in engine index order: the declared ones, then those created at run
    // time (the file's created_topics, or the create_topic steps read so far).
    std::vector<TopicSpec> topics;
    // The file lists its created topics (created_topics): a create_topic step names one of them instead of
    // adding it.
    bool createdListed = false;
    // Every consumer so far in engine index order: the declared ones, then those that the steps read
    // so far add (add_consumer), so later steps can name them.
    std::vector<ConsumerSpec> consumers;

    int topicIndex(const Json& value, const std::string& path) const
    {
        const std::string name = readString(value, path);
        for (std::size_t i = 0; i < topics.size(); ++i) {
            if (topics[i].name == name)
                return static_cast<int>(i);
        }
        std::string known;
        for (const TopicSpec& t : topics)
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
        const int count = topics[static_cast<std::size_t>(topic)].partitions;
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
            flat += topics[static_cast<std::size_t>(t)].partitions;
        return flat + partition;
    }
};

/// A localized text: a string (English) or an object of languages.
LocalizedText readLocalized(const Json& value, const std::string& path);
/// acks as a producer, a produce step or the configuration writes it: "all", 1 or 0 (-1 is all).
Acks readAcks(const Json& value, const std::string& path);
/// Reads a `config` object and checks each value against `base` (the cluster as it will be when the
/// change is applied, so version rules apply). `inStep`: a `config` step, which may not change what is
/// fixed for the run.
std::vector<ConfigAction> readConfigObject(const Json& value, const std::string& path, const ClusterConfig& base,
                                           bool inStep);
/// One consumer as a top-level "consumers" entry (declared: "start" allowed) or an add_consumer step
/// declares it. `existing` are the consumers before it, whose ids it must not repeat.
ConsumerSpec readConsumer(const Json& c, const std::string& path, const ClusterSpec& cluster,
                          const std::vector<ConsumerSpec>& existing, bool declared);

// The sections of a scenario file (docs/scenario-format.md), in the order readScenario reads them.

/// "cluster": the brokers, their racks, the Kafka version and the configuration, into `spec`.
/// `versionOverride` (a side of `compare --versions` or of the GUI's comparison) replaces the file's version.
void readCluster(const Json& cluster, ClusterSpec& spec, std::optional<KafkaVersion> versionOverride);
/// "topics": at least one, each placed by the striped placer, rack-unaware or its own assignment.
void readTopics(const Json& topics, ClusterSpec& cluster);
/// "producers", read against the cluster's configuration and topics.
void readProducers(const Json& producers, ClusterSpec& cluster);
/// "consumers", the consumers the scenario declares before its steps.
void readConsumers(const Json& consumers, ClusterSpec& cluster);
/// "created_topics": the topics the run creates, in order (name, partitions, replication.factor).
std::vector<TopicSpec> readCreatedTopics(const Json& topics, const ClusterSpec& cluster);
/// "steps", each against the cluster and the consumers declared or added before it. `createdTopics`: the
/// file's created_topics (`listed`), or filled from its create_topic steps.
std::vector<Step> readSteps(const Json& steps, const ClusterSpec& cluster, std::vector<TopicSpec>& createdTopics,
                            bool listed);
/// A create_topic step (its topic is added to ctx.topics, or must be the next listed one).
Step readCreateTopicStep(const Json& body, const std::string& path, Context& ctx);

/// One step: an object with exactly one action key. A script file's timed steps are read by it too.
Step readStep(const Json& value, const std::string& path, Context& ctx);
/// The body of a "live" step: a real client's connect, disconnect or request.
Step readLiveStep(const Json& body, const std::string& path, Context& ctx);

} // namespace hw::scenario_reader
