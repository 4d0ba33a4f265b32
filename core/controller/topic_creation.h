// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/inputs.h"

#include <cstdint>
#include <string>
#include <string_view>

/// Creating a topic: the controller's side of CreateTopics. Follows
/// metadata/src/main/java/org/apache/kafka/controller/ReplicationControlManager.java at 4.2.0-rc1
/// (createTopics, createTopic, validateNewTopicNames, computeConfigChanges, validateManualPartitionAssignment,
/// buildPartitionRegistration) and clients/.../common/internals/Topic.java (validate, hasCollisionChars).
/// One function appends every topic, the scenario's at time 0 (Engine::createCluster) and those created at
/// run time (a create_topic step, a live client's CreateTopics, a Metadata request's auto-creation), so a
/// topic gets its replicas, ISR and leader the same way whenever it is made.
namespace hw {

/// When a topic is made: with the cluster (every replica knows its leader from the brokers' first metadata)
/// or while it runs (its replicas start empty and learn the partition from the controller's records).
enum class TopicStart : std::uint8_t { AtClusterCreation, AtRunTime };

/// How a creation went: Kafka's error and message, or the new topic's index with its partition count and
/// replication factor. For validate_only, topic stays -1 on success.
struct TopicCreation {
    ErrorCode error = ErrorCode::None;
    std::string message;
    std::int32_t topic = -1;
    std::int32_t partitions = -1;
    std::int32_t replicationFactor = -1;
    bool ok() const { return error == ErrorCode::None; }
};

/// createTopic's placement and PartitionRegistrations, appended to the state: the topic, then its
/// partitions at the end of ClusterState::partitions, each with ISR = its active replicas in replica order,
/// ISR[0] as leader, leader and partition epoch 0. A spec without an assignment is placed rack-unaware (two
/// draws of the run's generator) or by the striped placer (ControllerState::placerRandom, seeded with one
/// draw of the run's generator the first time). At run time the replicas start empty, knowing no leader;
/// the caller publishes the registrations. Appends nothing on an error or with validateOnly (the placer's
/// Random has still moved, as Kafka's does for a validate-only request).
TopicCreation placeTopic(ClusterState& state, const TopicSpec& spec, TopicStart start, bool validateOnly = false);

/// createTopics for one topic at run time, in Kafka's order: the name (INVALID_TOPIC_EXCEPTION, also for a
/// name that collides with an existing one), TOPIC_ALREADY_EXISTS, the configs (INVALID_CONFIG: null values,
/// keys the model does not keep, values out of LogConfig's range), then createTopic's rules (INVALID_REQUEST,
/// INVALID_REPLICA_ASSIGNMENT, INVALID_REPLICATION_FACTOR, INVALID_PARTITIONS), -1 taking num.partitions and
/// default.replication.factor, HighWater's limits (POLICY_VIOLATION, as a CreateTopicPolicy would refuse
/// them), then placeTopic. On success the caller publishes the new partitions.
TopicCreation createTopic(ClusterState& state, const CreatableTopic& request, bool validateOnly);

/// The configs a CreateTopics request may set: the topic keys of LogConfig that the model keeps.
inline constexpr std::string_view creatableTopicConfigs = "retention.ms, retention.bytes, segment.bytes and segment.ms";

} // namespace hw
