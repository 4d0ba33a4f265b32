// SPDX-License-Identifier: MIT
#pragma once

#include "model/config.h"
#include "model/inputs.h"
#include "realkafka/harness.h"
#include "realkafka/observer.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

/// Consumers and groups on a real cluster (issue 27): the scenario's consumer as Kafka's consumer settings,
/// and what the harness says of the groups as the observation's group facts. docs/real-kafka.md, section
/// "Consumers and groups".
namespace hw::realkafka {

/// Kafka's broker defaults group.min.session.timeout.ms and group.max.session.timeout.ms: a JoinGroup
/// with a session timeout outside them is refused with INVALID_SESSION_TIMEOUT.
inline constexpr std::int64_t groupMinSessionTimeoutMs = 6000;
inline constexpr std::int64_t groupMaxSessionTimeoutMs = 1800000;
/// The bound of one DescribeGroups, OffsetFetch or status request through the harness.
inline constexpr std::chrono::milliseconds groupRequestTimeout { 10000 };
/// Added to the model's own bound of a rebalance step (the larger of max.poll.interval.ms and
/// session.timeout.ms, plus group.initial.rebalance.delay.ms): a loaded machine's JVMs start slowly.
inline constexpr std::chrono::milliseconds rebalanceMargin { 60000 };
/// How long a leave step's close may take (KafkaConsumer's own default close timeout).
inline constexpr std::chrono::milliseconds consumerCloseTimeout { 30000 };
/// Added to fetch.max.wait.ms for a poll step's poll: a fetch with nothing to read is answered after
/// fetch.max.wait.ms, and the answer must still travel.
inline constexpr std::chrono::milliseconds pollMargin { 1000 };

/// Kafka's topic of group metadata and committed offsets.
inline constexpr const char* offsetsTopicName = "__consumer_offsets";
/// The topic configs Kafka creates __consumer_offsets with (GroupCoordinatorService.groupMetadataTopicConfigs
/// at 4.x, GroupCoordinator.offsetsTopicConfigs at 3.x): compacted, the producer's compression, segments
/// of offsets.topic.segment.bytes (100 MiB by default).
std::map<std::string, std::string> offsetsTopicConfigs();

/// Kafka's consumer settings for a scenario consumer: group.id, client.id (the consumer's id, so that
/// DescribeGroups names it), auto.offset.reset, enable.auto.commit, max.poll.records and the cluster's
/// consumer settings (session.timeout.ms, heartbeat.interval.ms, max.poll.interval.ms,
/// auto.commit.interval.ms, fetch.max.wait.ms, request.timeout.ms, retry.backoff.ms, retry.backoff.max.ms).
/// The assignor is given apart (Harness::consumer).
nlohmann::json consumerConfig(const ConsumerSpec& spec, const ClusterConfig& config, const std::string& bootstrap);

/// The group facts of an observation: one ObservedGroup per description (its members sorted by consumer
/// id; the generation the highest a running member of it holds; the leader the member that ran the
/// assignor for that generation), and one ObservedConsumer per name in `made` (the consumers made so far,
/// in the scenario's order): its status when it is open, not running when it is closed, and the records
/// it read.
ClusterObservation groupObservation(const std::vector<GroupDescription>& described,
                                    const std::vector<ConsumerStatus>& statuses, const std::vector<std::string>& made,
                                    const std::vector<ConsumedRecord>& consumed);

/// Whether `group` is settled as the model's rebalance step means it: Stable (or Empty with nobody
/// running), every running consumer of it a member holding the group's generation and the assignment the
/// coordinator gave it, every position known, and every partition of the subscription assigned.
bool groupSettled(const ClusterObservation& facts, const std::string& group, const std::vector<std::string>& running,
                  const std::vector<ObservedPartitionRef>& subscribed);

} // namespace hw::realkafka
