// SPDX-License-Identifier: MIT
#include "controller/topic_creation.h"

#include "controller/placement.h"
#include "model/limits.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <variant>

namespace hw {

namespace {

TopicCreation refuse(ErrorCode error, std::string message)
{
    TopicCreation out;
    out.error = error;
    out.message = std::move(message);
    return out;
}

/// A config value as Kafka's ConfigDef parses a LONG or INT: an optional sign and decimal digits, trimmed.
std::optional<std::int64_t> parseLong(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

/// computeConfigChanges and ConfigurationControlManager's validation of the new topic's configs, for the
/// keys the model keeps (LogConfig at 4.3.1: retention.ms a LONG of at least -1, retention.bytes a LONG,
/// segment.bytes an INT, segment.ms a LONG of at least 1; the model's own bounds are limits.h's).
std::optional<TopicCreation> applyConfigs(const CreatableTopic& request, TopicConfig& config)
{
    std::string nullConfigs;
    for (const CreatableTopicConfig& c : request.configs) {
        if (!c.value)
            nullConfigs += (nullConfigs.empty() ? "" : ",") + c.name;
    }
    if (!nullConfigs.empty())
        return refuse(ErrorCode::InvalidConfig, "Null value not supported for topic configs: " + nullConfigs);
    for (const CreatableTopicConfig& c : request.configs) {
        struct Key {
            std::string_view name;
            std::int64_t TopicConfig::*field;
            std::int64_t min;
            std::int64_t max;
            bool isInt;
        };
        static constexpr Key keys[] = {
            {"retention.ms", &TopicConfig::retentionMs, -1, std::int64_t{1} << 50, false},
            {"retention.bytes", &TopicConfig::retentionBytes, -1, limits::retentionBytesMax, false},
            {"segment.bytes", &TopicConfig::segmentBytes, limits::segmentBytesMin, limits::segmentBytesMax, true},
            {"segment.ms", &TopicConfig::segmentMs, 1, std::int64_t{1} << 50, false},
        };
        const auto key = std::find_if(std::begin(keys), std::end(keys), [&](const Key& k) { return k.name == c.name; });
        if (key == std::end(keys))
            return refuse(ErrorCode::InvalidConfig, "HighWater does not model the topic config " + c.name +
                                                        "; a new topic may set " + std::string(creatableTopicConfigs));
        const std::optional<std::int64_t> value = parseLong(*c.value);
        if (!value || (key->isInt && (*value < INT32_MIN || *value > INT32_MAX)))
            return refuse(ErrorCode::InvalidConfig, "Invalid value " + *c.value + " for configuration " + c.name +
                                                        ": Not a number of type " + (key->isInt ? "INT" : "LONG"));
        if (*value < key->min)
            return refuse(ErrorCode::InvalidConfig, "Invalid value " + *c.value + " for configuration " + c.name +
                                                        ": Value must be at least " + std::to_string(key->min));
        if (*value > key->max)
            return refuse(ErrorCode::InvalidConfig, "Invalid value " + *c.value + " for configuration " + c.name +
                                                        ": HighWater keeps values up to " + std::to_string(key->max));
        config.*(key->field) = *value;
    }
    return std::nullopt;
}

} // namespace

TopicCreation placeTopic(ClusterState& s, const TopicSpec& spec, TopicStart start, bool validateOnly)
{
    const bool atStart = start == TopicStart::AtClusterCreation;
    const int brokerCount = static_cast<int>(s.brokers.size());
    std::vector<std::vector<BrokerId>> assignment = spec.assignment;
    if (assignment.empty() && spec.placement == PlacementKind::RackUnaware) {
        // AdminUtils draws the start index and the shift at random; ours come from the seeded generator.
        std::vector<BrokerId> allBrokers;
        for (const Broker& b : s.brokers)
            allBrokers.push_back(b.id);
        const int startIndex = static_cast<int>(s.rng.below(static_cast<std::uint64_t>(brokerCount)));
        const int shift = static_cast<int>(s.rng.below(static_cast<std::uint64_t>(brokerCount)));
        assignment = assignReplicasRackUnaware(allBrokers, spec.partitions, spec.replicationFactor, startIndex, shift);
    } else if (assignment.empty()) {
        // createTopic: place(PlacementSpec(0, partitions, RF), the usable brokers), with the controller's one
        // Random (ControllerState::placerRandom).
        if (!s.controller.placerRandom)
            s.controller.placerRandom.emplace(static_cast<std::int64_t>(s.rng.next()));
        auto placed = placeStriped(usableBrokers(s), spec.partitions, spec.replicationFactor, *s.controller.placerRandom);
        if (const auto* error = std::get_if<PlacementError>(&placed)) {
            if (atStart)
                return refuse(ErrorCode::InvalidReplicationFactor, "topic " + spec.name + ": " + error->message);
            return refuse(ErrorCode::InvalidReplicationFactor, "Unable to replicate the partition " +
                                                                   std::to_string(spec.replicationFactor) +
                                                                   " time(s): " + error->message);
        }
        assignment = std::get<Placement>(std::move(placed));
    }
    if (static_cast<int>(assignment.size()) != spec.partitions)
        return refuse(ErrorCode::InvalidReplicaAssignment, "assignment does not cover every partition");

    Topic topic;
    topic.name = spec.name;
    topic.firstPartition = static_cast<std::int32_t>(s.partitions.size());
    topic.partitionCount = spec.partitions;
    topic.replicationFactor = spec.replicationFactor;
    topic.config = spec.config;
    const auto topicIndex = static_cast<std::int32_t>(s.topics.size());
    std::vector<Partition> partitions;
    partitions.reserve(assignment.size());
    for (int p = 0; p < spec.partitions; ++p) {
        Partition partition;
        partition.topic = topicIndex;
        partition.index = p;
        partition.registration.replicas = assignment[static_cast<std::size_t>(p)];
        for (BrokerId b : partition.registration.replicas) {
            if (b < 1 || b > brokerCount)
                return refuse(ErrorCode::InvalidReplicaAssignment, "assignment names an unknown broker");
        }
        // createTopic: the ISR is the active replicas in replica order, and buildPartitionRegistration makes
        // ISR[0] leader with leader and partition epoch 0.
        partition.registration.isr = initialIsr(s, partition.registration.replicas);
        if (partition.registration.isr.empty()) {
            const std::string message = "Unable to replicate the partition " + std::to_string(spec.replicationFactor) +
                                        " time(s): All brokers are currently fenced or in controlled shutdown.";
            return refuse(ErrorCode::InvalidReplicationFactor, atStart ? "topic " + spec.name + ": " + message : message);
        }
        partition.registration.leader = partition.registration.isr.front();
        for (BrokerId b : partition.registration.replicas) {
            Replica replica;
            replica.broker = b;
            if (atStart) {
                // The brokers' first metadata: each replica starts as leader or follower of epoch 0.
                replica.knownLeader = partition.registration.leader;
                replica.knownLeaderEpoch = 0;
                replica.epochCache.push_back(EpochEntry{0, 0});
                if (b == partition.registration.leader) {
                    replica.isr = partition.registration.isr;
                    for (BrokerId f : partition.registration.replicas) {
                        if (f != b)
                            replica.views.push_back(FollowerView{f, -1, 0, 0, -1});
                    }
                }
            }
            // At run time the replica is empty and knows nothing yet: its broker makes it leader or
            // follower when the PartitionRecord reaches it (ReplicaManager::handlePartitionChange).
            partition.replicas.push_back(std::move(replica));
        }
        partitions.push_back(std::move(partition));
    }

    TopicCreation out;
    out.partitions = spec.partitions;
    out.replicationFactor = spec.replicationFactor;
    if (validateOnly)
        return out;
    out.topic = topicIndex;
    s.topics.push_back(std::move(topic));
    for (Partition& p : partitions)
        s.partitions.push_back(std::move(p));
    if (!atStart) {
        // The clients' per-partition caches grow with the cluster, knowing no leader for the new partitions
        // until their next metadata answer names one.
        for (Producer& producer : s.producers) {
            producer.sticky.resize(s.topics.size());
            producer.leaders.resize(s.partitions.size(), noLeader);
            producer.leaderEpochs.resize(s.partitions.size(), -1);
            producer.sequences.resize(s.partitions.size());
            if (producer.queues.partitions.size() < s.partitions.size())
                producer.queues.partitions.resize(s.partitions.size());
        }
        for (Consumer& consumer : s.consumers)
            consumer.leaders.resize(s.partitions.size(), noLeader);
    }
    return out;
}

TopicCreation createTopic(ClusterState& s, const CreatableTopic& request, bool validateOnly)
{
    // validateNewTopicNames: Topic.validate, then a collision with an existing topic's name.
    if (std::string error = topicNameError(request.name); !error.empty())
        return refuse(ErrorCode::InvalidTopic, error);
    const std::string unified = unifyCollisionChars(request.name);
    for (const Topic& t : s.topics) {
        if (t.name != request.name && unifyCollisionChars(t.name) == unified)
            return refuse(ErrorCode::InvalidTopic,
                          "Topic '" + request.name + "' collides with existing topic: " + t.name);
    }
    if (s.findTopic(request.name) >= 0)
        return refuse(ErrorCode::TopicAlreadyExists, "Topic '" + request.name + "' already exists.");
    // The model keeps __consumer_offsets apart from the topics (ClusterState::offsetsPartitions): it exists
    // once a group does, and cannot be made by a request.
    if (request.name == "__consumer_offsets") {
        if (!s.offsetsPartitions.empty())
            return refuse(ErrorCode::TopicAlreadyExists, "Topic '" + request.name + "' already exists.");
        return refuse(ErrorCode::PolicyViolation, "HighWater creates __consumer_offsets itself, with the first group");
    }

    TopicSpec spec;
    spec.name = request.name;
    // The broker's log.* defaults, then the request's own configs.
    spec.config.segmentBytes = s.config.logSegmentBytes;
    spec.config.retentionBytes = s.config.logRetentionBytes;
    spec.config.retentionMs = s.config.logRetentionMs;
    if (auto refused = applyConfigs(request, spec.config))
        return *refused;

    const int brokerCount = static_cast<int>(s.brokers.size());
    if (!request.assignments.empty()) {
        if (request.replicationFactor != -1)
            return refuse(ErrorCode::InvalidRequest,
                          "A manual partition assignment was specified, but replication factor was not set to -1.");
        if (request.numPartitions != -1)
            return refuse(ErrorCode::InvalidRequest,
                          "A manual partition assignment was specified, but numPartitions was not set to -1.");
        if (static_cast<int>(request.assignments.size()) > limits::partitionsMax)
            return refuse(ErrorCode::PolicyViolation, "HighWater keeps at most " + std::to_string(limits::partitionsMax) +
                                                          " partitions per topic (limits::partitionsMax)");
        std::vector<std::optional<std::vector<BrokerId>>> byIndex(request.assignments.size());
        std::optional<std::size_t> replicationFactor;
        for (const CreatableAssignment& a : request.assignments) {
            const bool inRange = a.partition >= 0 && static_cast<std::size_t>(a.partition) < byIndex.size();
            if (inRange && byIndex[static_cast<std::size_t>(a.partition)])
                return refuse(ErrorCode::InvalidReplicaAssignment,
                              "Found multiple manual partition assignments for partition " + std::to_string(a.partition));
            // validateManualPartitionAssignment.
            if (a.brokers.empty())
                return refuse(ErrorCode::InvalidReplicaAssignment,
                              "The manual partition assignment includes an empty replica list.");
            std::vector<BrokerId> sorted = a.brokers;
            std::sort(sorted.begin(), sorted.end());
            for (std::size_t i = 0; i < sorted.size(); ++i) {
                if (sorted[i] < 1 || sorted[i] > brokerCount)
                    return refuse(ErrorCode::InvalidReplicaAssignment,
                                  "The manual partition assignment includes broker " + std::to_string(sorted[i]) +
                                      ", but no such broker is registered.");
                if (i > 0 && sorted[i] == sorted[i - 1])
                    return refuse(ErrorCode::InvalidReplicaAssignment,
                                  "The manual partition assignment includes the broker " + std::to_string(sorted[i]) +
                                      " more than once.");
            }
            if (replicationFactor && sorted.size() != *replicationFactor)
                return refuse(ErrorCode::InvalidReplicaAssignment,
                              "The manual partition assignment includes a partition with " +
                                  std::to_string(sorted.size()) +
                                  " replica(s), but this is not consistent with previous partitions, which have " +
                                  std::to_string(*replicationFactor) + " replica(s).");
            replicationFactor = sorted.size();
            if (initialIsr(s, a.brokers).empty())
                return refuse(ErrorCode::InvalidReplicaAssignment,
                              "All brokers specified in the manual partition assignment for partition " +
                                  std::to_string(a.partition) + " are fenced or in controlled shutdown.");
            if (!inRange)
                return refuse(ErrorCode::InvalidReplicaAssignment,
                              "partitions should be a consecutive 0-based integer sequence");
            byIndex[static_cast<std::size_t>(a.partition)] = a.brokers;
        }
        for (auto& replicas : byIndex)
            spec.assignment.push_back(std::move(*replicas));
        spec.partitions = static_cast<int>(spec.assignment.size());
        spec.replicationFactor = static_cast<int>(*replicationFactor);
    } else if (request.replicationFactor < -1 || request.replicationFactor == 0) {
        return refuse(ErrorCode::InvalidReplicationFactor,
                      "Replication factor must be larger than 0, or -1 to use the default value.");
    } else if (request.numPartitions < -1 || request.numPartitions == 0) {
        return refuse(ErrorCode::InvalidPartitions, "Number of partitions was set to an invalid non-positive value.");
    } else {
        spec.partitions = request.numPartitions == -1 ? static_cast<int>(s.config.numPartitions) : request.numPartitions;
        spec.replicationFactor =
            request.replicationFactor == -1 ? static_cast<int>(s.config.defaultReplicationFactor) : request.replicationFactor;
        // HighWater's bound, checked before placing so that a huge count costs nothing (Kafka would place it).
        if (spec.partitions > limits::partitionsMax)
            return refuse(ErrorCode::PolicyViolation, "HighWater keeps at most " + std::to_string(limits::partitionsMax) +
                                                          " partitions per topic (limits::partitionsMax)");
    }
    if (static_cast<int>(s.topics.size()) >= limits::topicsMax)
        return refuse(ErrorCode::PolicyViolation,
                      "HighWater keeps at most " + std::to_string(limits::topicsMax) + " topics (limits::topicsMax)");
    return placeTopic(s, spec, TopicStart::AtRunTime, validateOnly);
}

} // namespace hw
