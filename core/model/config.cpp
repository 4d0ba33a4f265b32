// SPDX-License-Identifier: MIT
#include "model/config.h"

#include "model/limits.h"
#include "model/version_rules.h"

namespace hw {

namespace {

using Kind = ConfigValue::Kind;
constexpr std::int64_t kIntMax = 2147483647;
// leader.imbalance.check.interval.seconds: Kafka takes a long (at least 1); one day bounds a lesson's
// timer as unclean.leader.election.interval.ms's limit does.
constexpr std::int64_t leaderImbalanceCheckIntervalSecondsMax = 86400;

struct Binding {
    ConfigKeyInfo info;
    std::int64_t ClusterConfig::*integer = nullptr;
    bool ClusterConfig::*boolean = nullptr;
};

const std::vector<Binding>& bindings()
{
    static const std::vector<Binding> table = {
        {{"min.insync.replicas", Kind::Integer, 1, limits::brokersMax,
          "smallest ISR for acks=all appends and for the high watermark to advance"},
         &ClusterConfig::minInsyncReplicas},
        {{"replica.lag.time.max.ms", Kind::Integer, 1, 3600000,
          "a follower not caught up for this long leaves the ISR"},
         &ClusterConfig::replicaLagTimeMaxMs},
        {{"network.latency.ms", Kind::Integer, 1, limits::latencyMsMax,
          "one-way latency of every link (at least 1 ms, so that time moves between a request and its answer)"},
         &ClusterConfig::networkLatencyMs},
        {{"auto.fetch", Kind::Boolean, 0, 1, "followers fetch on their own (false: only when a step says so)"},
         nullptr, &ClusterConfig::autoFetch},
        {{"replica.fetch.wait.max.ms", Kind::Integer, 0, 60000, "how long a leader parks an empty follower fetch"},
         &ClusterConfig::replicaFetchWaitMaxMs},
        {{"replica.fetch.max.records", Kind::Integer, 1, limits::fetchRecordsMax,
          "records in one fetch response (stands in for replica.fetch.max.bytes)"},
         &ClusterConfig::replicaFetchMaxRecords},
        {{"replica.fetch.backoff.ms", Kind::Integer, 0, 60000, "a follower's pause after a failed fetch"},
         &ClusterConfig::replicaFetchBackoffMs},
        {{"replica.socket.timeout.ms", Kind::Integer, 1, 3600000, "a follower gives up on a fetch after this long"},
         &ClusterConfig::replicaSocketTimeoutMs},
        {{"broker.heartbeat.interval.ms", Kind::Integer, 10, 600000, "how often a broker heartbeats"},
         &ClusterConfig::brokerHeartbeatIntervalMs},
        {{"broker.session.timeout.ms", Kind::Integer, 10, 3600000, "silence after which the controller fences a broker"},
         &ClusterConfig::brokerSessionTimeoutMs},
        {{"request.timeout.ms", Kind::Integer, 1, 3600000, "how long a client waits for an answer (and a produce for its acks)"},
         &ClusterConfig::requestTimeoutMs},
        {{"retries", Kind::Integer, 0, kIntMax, "how often a producer resends a failed batch"}, &ClusterConfig::retries},
        {{"retry.backoff.ms", Kind::Integer, 0, 600000, "a client's pause before a retry"},
         &ClusterConfig::retryBackoffMs},
        {{"retry.backoff.max.ms", Kind::Integer, 0, 600000, "the longest a client's retry backoff grows to"},
         &ClusterConfig::retryBackoffMaxMs},
        {{"reconnect.backoff.ms", Kind::Integer, 0, 600000,
          "a producer's pause before it connects again to a broker after a disconnect"},
         &ClusterConfig::reconnectBackoffMs},
        {{"reconnect.backoff.max.ms", Kind::Integer, 0, 600000,
          "the longest the reconnect backoff grows to (it doubles with each failed connect in a row)"},
         &ClusterConfig::reconnectBackoffMaxMs},
        {{"delivery.timeout.ms", Kind::Integer, 1, 86400000, "a producer gives up on a batch after this long"},
         &ClusterConfig::deliveryTimeoutMs},
        {{"batch.size", Kind::Integer, 1, 1048576, "bytes after which the sticky partitioner moves on"},
         &ClusterConfig::batchSize},
        {{"enable.idempotence", Kind::Boolean, 0, 1,
          "producers are idempotent: producer ids and sequence numbers, no duplicates (fixed for the run)"},
         nullptr, &ClusterConfig::enableIdempotence},
        {{"acks", Kind::Text, 0, 0, "producers' acks: \"all\", \"1\" or \"0\" (fixed for the run)"}},
        {{"max.in.flight.requests.per.connection", Kind::Integer, 1, limits::maxInFlightMax,
          "produce requests a producer keeps in flight to one broker (fixed for the run)"},
         &ClusterConfig::maxInFlightRequestsPerConnection},
        {{"linger.ms", Kind::Integer, 0, 600000, "how long a producer waits for more records before it sends a batch"},
         &ClusterConfig::lingerMs},
        {{"unclean.leader.election.enable", Kind::Boolean, 0, 1, "elect an out-of-sync replica when no ISR member is left"},
         nullptr, &ClusterConfig::uncleanLeaderElectionEnable},
        {{"unclean.leader.election.interval.ms", Kind::Integer, 1, 86400000,
          "how often the controller retries unclean elections of leaderless partitions (Kafka 3.9+)"},
         &ClusterConfig::uncleanLeaderElectionIntervalMs},
        {{"auto.leader.rebalance.enable", Kind::Boolean, 0, 1,
          "the controller moves leadership back to each partition's preferred replica (its first) at every "
          "leader.imbalance.check.interval.seconds (fixed for the run)"},
         nullptr, &ClusterConfig::autoLeaderRebalanceEnable},
        {{"leader.imbalance.check.interval.seconds", Kind::Integer, 1, leaderImbalanceCheckIntervalSecondsMax,
          "how often the controller's automatic preferred-leader rebalance runs (fixed for the run)"},
         &ClusterConfig::leaderImbalanceCheckIntervalSeconds},
        {{"eligible.leader.replicas.enable", Kind::Boolean, 0, 1,
          "keep Eligible Leader Replicas (KIP-966; Kafka 4.0+, on by default from 4.1; fixed for the run)"},
         nullptr, &ClusterConfig::eligibleLeaderReplicasEnable},
        {{"truncation", Kind::Text, 0, 0, "\"leader-epoch\" (Kafka 0.11+) or \"high-watermark\" (legacy)"}},
        {{"session.timeout.ms", Kind::Integer, 1, 3600000, "a consumer not heard from for this long leaves its group"},
         &ClusterConfig::sessionTimeoutMs},
        {{"heartbeat.interval.ms", Kind::Integer, 1, 3600000, "how often a consumer heartbeats its coordinator"},
         &ClusterConfig::heartbeatIntervalMs},
        {{"max.poll.interval.ms", Kind::Integer, 1, 86400000,
          "the longest a group member's application may go between polls before it leaves the group, and the "
          "rebalance timeout: how long a join phase waits for members to rejoin"},
         &ClusterConfig::rebalanceTimeoutMs},
        {{"group.initial.rebalance.delay.ms", Kind::Integer, 0, 600000,
          "how long a new group waits for more members before its first rebalance"},
         &ClusterConfig::groupInitialRebalanceDelayMs},
        {{"auto.commit.interval.ms", Kind::Integer, 1, 3600000, "how often consumers with auto-commit commit"},
         &ClusterConfig::autoCommitIntervalMs},
        {{"fetch.max.wait.ms", Kind::Integer, 0, 60000, "how long a leader holds a consumer fetch with nothing to read"},
         &ClusterConfig::fetchMaxWaitMs},
        {{"offsets.topic.num.partitions", Kind::Integer, 1, 50, "partitions of __consumer_offsets (fixed at creation)"},
         &ClusterConfig::offsetsTopicNumPartitions},
        {{"log.retention.check.interval.ms", Kind::Integer, 1, 86400000,
          "how often each broker deletes the log segments that retention.ms or retention.bytes let go (fixed for "
          "the run)"},
         &ClusterConfig::logRetentionCheckIntervalMs},
        {{"auto.create.topics.enable", Kind::Boolean, 0, 1,
          "a Metadata request for an unknown topic creates it with num.partitions and default.replication.factor "
          "(fixed for the run)"},
         nullptr, &ClusterConfig::autoCreateTopicsEnable},
        {{"num.partitions", Kind::Integer, 1, limits::partitionsMax,
          "partitions of a topic created at run time that names no count (fixed for the run)"},
         &ClusterConfig::numPartitions},
        {{"default.replication.factor", Kind::Integer, 1, limits::brokersMax,
          "replication factor of a topic created at run time that names none (fixed for the run)"},
         &ClusterConfig::defaultReplicationFactor},
        {{"log.segment.bytes", Kind::Integer, limits::segmentBytesMin, limits::segmentBytesMax,
          "segment.bytes of a topic created at run time that sets none (fixed for the run)"},
         &ClusterConfig::logSegmentBytes},
        {{"log.retention.bytes", Kind::Integer, -1, limits::retentionBytesMax,
          "retention.bytes of a topic created at run time that sets none; -1: no size limit (fixed for the run)"},
         &ClusterConfig::logRetentionBytes},
        {{"log.retention.ms", Kind::Integer, -1, std::int64_t{1} << 50,
          "retention.ms of a topic created at run time that sets none; -1: no time limit (fixed for the run)"},
         &ClusterConfig::logRetentionMs},
    };
    return table;
}

const Binding* findBinding(std::string_view name)
{
    for (const auto& binding : bindings()) {
        if (binding.info.name == name)
            return &binding;
    }
    return nullptr;
}

} // namespace

const std::vector<ConfigKeyInfo>& configKeys()
{
    static const std::vector<ConfigKeyInfo> keys = [] {
        std::vector<ConfigKeyInfo> out;
        for (const auto& binding : bindings())
            out.push_back(binding.info);
        return out;
    }();
    return keys;
}

const ConfigKeyInfo* findConfigKey(std::string_view name)
{
    const Binding* binding = findBinding(name);
    return binding ? &binding->info : nullptr;
}

std::string setConfig(ClusterConfig& config, std::string_view name, const ConfigValue& value)
{
    const Binding* binding = findBinding(name);
    if (!binding)
        return "a known configuration key";
    const ConfigKeyInfo& info = binding->info;
    if (info.kind != value.kind) {
        switch (info.kind) {
        case Kind::Integer:
            return "an integer";
        case Kind::Boolean:
            return "true or false";
        case Kind::Text:
            return "a string";
        }
    }
    switch (info.kind) {
    case Kind::Integer:
        if (value.integer < info.min || value.integer > info.max)
            return "an integer in " + std::to_string(info.min) + ".." + std::to_string(info.max);
        config.*(binding->integer) = value.integer;
        return {};
    case Kind::Boolean:
        if (binding->boolean == &ClusterConfig::eligibleLeaderReplicasEnable && value.boolean &&
            !rules::elrSupported(config.kafkaVersion))
            return "Kafka 4.0 or later (cluster.kafka_version is \"" + std::string(kafkaVersionName(config.kafkaVersion)) +
                   "\")";
        config.*(binding->boolean) = value.boolean;
        return {};
    case Kind::Text:
        if (info.name == "acks") {
            if (value.text == "all" || value.text == "-1")
                config.acks = Acks::All;
            else if (value.text == "1")
                config.acks = Acks::Leader;
            else if (value.text == "0")
                config.acks = Acks::None;
            else
                return "\"all\", \"1\" or \"0\"";
            return {};
        }
        if (value.text == "leader-epoch")
            config.truncation = TruncationMode::LeaderEpoch;
        else if (value.text == "high-watermark")
            config.truncation = TruncationMode::HighWatermark;
        else
            return "\"leader-epoch\" or \"high-watermark\"";
        return {};
    }
    return "a valid value";
}

ClusterConfig defaultsFor(KafkaVersion version)
{
    ClusterConfig config;
    config.kafkaVersion = version;
    config.eligibleLeaderReplicasEnable = rules::elrDefault(version);
    config.lingerMs = rules::lingerMsDefault(version);
    return config;
}

bool isFixedForRun(std::string_view name)
{
    // auto.leader.rebalance.enable and leader.imbalance.check.interval.seconds are static in Kafka: the
    // controller reads them once (ControllerServer -> QuorumController.Builder.setLeaderImbalanceCheckIntervalNs).
    return name == "eligible.leader.replicas.enable" || name == "enable.idempotence" || name == "acks" ||
           name == "max.in.flight.requests.per.connection" || name == "auto.leader.rebalance.enable" ||
           name == "leader.imbalance.check.interval.seconds" || name == "log.retention.check.interval.ms" ||
           name == "auto.create.topics.enable" || name == "num.partitions" || name == "default.replication.factor" ||
           name == "log.segment.bytes" || name == "log.retention.bytes" || name == "log.retention.ms";
}

std::string formatConfigValue(const ConfigValue& value)
{
    switch (value.kind) {
    case Kind::Integer:
        return std::to_string(value.integer);
    case Kind::Boolean:
        return value.boolean ? "true" : "false";
    case Kind::Text:
        return value.text;
    }
    return {};
}

std::optional<ConfigValue> getConfig(const ClusterConfig& config, std::string_view name)
{
    const Binding* binding = findBinding(name);
    if (!binding)
        return std::nullopt;
    ConfigValue value;
    value.kind = binding->info.kind;
    switch (value.kind) {
    case Kind::Integer:
        value.integer = config.*(binding->integer);
        break;
    case Kind::Boolean:
        value.boolean = config.*(binding->boolean);
        break;
    case Kind::Text:
        if (binding->info.name == "acks") {
            value.text = config.acks == Acks::All ? "all" : config.acks == Acks::Leader ? "1" : "0";
            break;
        }
        value.text = config.truncation == TruncationMode::LeaderEpoch ? "leader-epoch" : "high-watermark";
        break;
    }
    return value;
}

} // namespace hw
