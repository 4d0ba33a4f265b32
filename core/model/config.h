// SPDX-License-Identifier: MIT
#pragma once

#include "model/ids.h"
#include "model/kafka_version.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hw {

/// How a follower truncates its log after a leader change (section 3 of kafka-semantics.md).
enum class TruncationMode : std::uint8_t { LeaderEpoch, HighWatermark };

/// The cluster's configuration. Every key has Kafka's name and default unless marked as a teaching
/// setting. Values are plain integers and flags so that the whole struct is a cheap value.
struct ClusterConfig {
    /// The Kafka release whose rules the run follows (cluster.kafka_version). Not a configuration key:
    /// it is fixed for the run, so configKeys(), getConfig() and setConfig() never see it.
    KafkaVersion kafkaVersion = defaultKafkaVersion;
    std::int64_t minInsyncReplicas = 1;          // min.insync.replicas
    std::int64_t replicaLagTimeMaxMs = 30000;    // replica.lag.time.max.ms
    std::int64_t networkLatencyMs = 5;           // network.latency.ms (teaching: per-link one-way latency)
    bool autoFetch = true;                       // auto.fetch (teaching: followers run their fetch loops)
    std::int64_t replicaFetchWaitMaxMs = 500;    // replica.fetch.wait.max.ms
    std::int64_t replicaFetchMaxRecords = 1000;  // replica.fetch.max.records (teaching stand-in for fetch.max.bytes)
    std::int64_t replicaFetchBackoffMs = 1000;   // replica.fetch.backoff.ms
    std::int64_t replicaSocketTimeoutMs = 30000; // replica.socket.timeout.ms (a follower's fetch request timeout)
    std::int64_t brokerHeartbeatIntervalMs = 2000; // broker.heartbeat.interval.ms
    std::int64_t brokerSessionTimeoutMs = 9000;  // broker.session.timeout.ms
    std::int64_t requestTimeoutMs = 30000;       // request.timeout.ms (producer and consumer)
    std::int64_t retries = 2147483647;           // retries (producer)
    std::int64_t retryBackoffMs = 100;           // retry.backoff.ms (producer and consumer)
    std::int64_t retryBackoffMaxMs = 1000;       // retry.backoff.max.ms (the backoff doubles up to it)
    std::int64_t reconnectBackoffMs = 50;        // reconnect.backoff.ms (producer): pause before reconnecting
    std::int64_t reconnectBackoffMaxMs = 1000;   // reconnect.backoff.max.ms (the reconnect backoff doubles up to it)
    std::int64_t deliveryTimeoutMs = 120000;     // delivery.timeout.ms (producer)
    std::int64_t batchSize = 16384;              // batch.size (producer; sticky partitioner switch point)
    // Producer defaults every producer takes unless it sets its own (ProducerConfig). The first three
    // are fixed for the run: a producer reads them once, when it is created.
    bool enableIdempotence = true;               // enable.idempotence
    Acks acks = Acks::All;                       // acks
    std::int64_t maxInFlightRequestsPerConnection = 5; // max.in.flight.requests.per.connection
    std::int64_t lingerMs = 5;                   // linger.ms: the version's (0 before 4.0, 5 from 4.0)
    bool uncleanLeaderElectionEnable = false;    // unclean.leader.election.enable
    std::int64_t uncleanLeaderElectionIntervalMs = 300000; // unclean.leader.election.interval.ms (3.9+)
    // The controller's automatic preferred-leader rebalance (QuorumController: ControllerServer gives it
    // the interval only when the switch is on). Both are read when the controller starts: fixed for the run.
    bool autoLeaderRebalanceEnable = true;               // auto.leader.rebalance.enable
    std::int64_t leaderImbalanceCheckIntervalSeconds = 300; // leader.imbalance.check.interval.seconds
    /// eligible.leader.replicas.enable: stands in for the feature level eligible.leader.replicas.version
    /// (1 = on). Refused before 4.0; its default is the version's (defaultsFor).
    bool eligibleLeaderReplicasEnable = true;
    TruncationMode truncation = TruncationMode::LeaderEpoch; // truncation (teaching: legacy pre-0.11 mode)
    std::int64_t sessionTimeoutMs = 45000;       // session.timeout.ms (consumer)
    std::int64_t heartbeatIntervalMs = 3000;     // heartbeat.interval.ms (consumer)
    std::int64_t rebalanceTimeoutMs = 300000;    // max.poll.interval.ms (consumer; the rebalance timeout)
    std::int64_t groupInitialRebalanceDelayMs = 3000; // group.initial.rebalance.delay.ms
    std::int64_t autoCommitIntervalMs = 5000;    // auto.commit.interval.ms (consumer)
    std::int64_t fetchMaxWaitMs = 500;           // fetch.max.wait.ms (consumer)
    std::int64_t offsetsTopicNumPartitions = 50; // offsets.topic.num.partitions
    // How often each broker's LogManager runs its retention check (LogManager.startup schedules
    // "kafka-log-retention" every log.retention.check.interval.ms, the first one after
    // log.initial.task.delay.ms, 30 s). Read when the cluster starts: fixed for the run.
    std::int64_t logRetentionCheckIntervalMs = 300000; // log.retention.check.interval.ms
    // Topics created at run time (CreateTopics, a create_topic step, a Metadata request's auto-creation).
    // Kafka's broker reads auto.create.topics.enable and the controller num.partitions and
    // default.replication.factor when they start (ServerLogConfigs, ReplicationConfigs;
    // ReplicationControlManager.Builder.setDefaultNumPartitions at 4.2.0-rc1): fixed for the run.
    bool autoCreateTopicsEnable = true;          // auto.create.topics.enable (true in every modelled version)
    std::int64_t numPartitions = 1;              // num.partitions: a new topic's partitions when it names none
    std::int64_t defaultReplicationFactor = 1;   // default.replication.factor: its replication factor when it names none
    // The broker defaults of a topic created at run time that sets none of its own (ServerLogConfigs at 4.3.1;
    // the topics section gives each declared topic its values). Fixed for the run.
    std::int64_t logSegmentBytes = 1073741824;   // log.segment.bytes (segment.bytes)
    std::int64_t logRetentionBytes = -1;         // log.retention.bytes (retention.bytes)
    std::int64_t logRetentionMs = 604800000;     // log.retention.ms (retention.ms)

    friend bool operator==(const ClusterConfig&, const ClusterConfig&) = default;
};

/// A topic's log configuration (LogConfig's topic-level keys the model reads), with Kafka's defaults
/// (LogConfig at 4.3.1, ServerLogConfigs). Set per topic in a scenario's topics section or by CreateTopics.
struct TopicConfig {
    std::int64_t retentionMs = 604800000;     // retention.ms (7 days); -1: no time limit
    std::int64_t retentionBytes = -1;         // retention.bytes, per partition; -1: no size limit
    std::int64_t segmentBytes = 1073741824;   // segment.bytes (1 GiB)
    std::int64_t segmentMs = 604800000;       // segment.ms (7 days)
    friend bool operator==(const TopicConfig&, const TopicConfig&) = default;
};

/// log.initial.task.delay.ms (ServerLogConfigs.LOG_INITIAL_TASK_DELAY_MS_DEFAULT at 4.3.1): when the
/// first retention check runs after a broker starts.
inline constexpr std::int64_t logInitialTaskDelayMs = 30000;

/// The configuration of a cluster formatted new at `version`: Kafka's defaults, and the feature levels
/// that version formats with. The only place where a default depends on the version.
ClusterConfig defaultsFor(KafkaVersion version);

/// Keys a `config` step may not change: they are fixed when the cluster is formatted.
bool isFixedForRun(std::string_view name);

/// A configuration value as written in a scenario: an integer, a flag or a word.
struct ConfigValue {
    enum class Kind : std::uint8_t { Integer, Boolean, Text } kind = Kind::Integer;
    std::int64_t integer = 0;
    bool boolean = false;
    std::string text;

    friend bool operator==(const ConfigValue&, const ConfigValue&) = default;
};

/// Describes one configuration key: its name, the kind of value it takes and its bounds.
struct ConfigKeyInfo {
    std::string_view name;
    ConfigValue::Kind kind;
    std::int64_t min = 0;
    std::int64_t max = 0;
    std::string_view help;
};

/// All keys a scenario may set, in documentation order.
const std::vector<ConfigKeyInfo>& configKeys();
const ConfigKeyInfo* findConfigKey(std::string_view name);

/// Sets one key. Returns an empty string on success, otherwise what was expected.
std::string setConfig(ClusterConfig& config, std::string_view name, const ConfigValue& value);

/// The value as a scenario file writes it (42, true, leader-epoch).
std::string formatConfigValue(const ConfigValue& value);

/// Reads one key back as a ConfigValue (for the frame dump and recordings).
std::optional<ConfigValue> getConfig(const ClusterConfig& config, std::string_view name);

} // namespace hw
