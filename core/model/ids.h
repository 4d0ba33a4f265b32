// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

/// The names every part of the model shares: time, offsets, node ids, Kafka error codes.
namespace hw {

using TimeMs = std::int64_t;
using Offset = std::int64_t;
using BrokerId = std::int32_t;

inline constexpr BrokerId noLeader = -1;
inline constexpr std::int32_t controllerNodeId = 0;

enum class Acks : std::int8_t { None = 0, Leader = 1, All = -1 };

/// Kafka error codes the model produces, plus the producer's own client-side outcomes.
enum class ErrorCode : std::uint8_t {
    None,
    NotEnoughReplicas,
    NotEnoughReplicasAfterAppend,
    RequestTimedOut,
    NotLeaderOrFollower,
    OffsetOutOfRange,
    FencedLeaderEpoch,
    UnknownLeaderEpoch,
    InvalidUpdateVersion,
    IneligibleReplica,
    LeaderNotAvailable,
    NotController,
    InvalidRequest,
    NetworkException,
    NotCoordinator,
    CoordinatorNotAvailable,
    RebalanceInProgress,
    UnknownMemberId,
    IllegalGeneration,
    DeliveryTimeout,
    DuplicateBrokerRegistration, // a new incarnation while the old one's session is still valid
    ElectionNotNeeded,           // ElectLeaders: the partition already has the leader asked for
    EligibleLeadersNotAvailable, // ElectLeaders UNCLEAN: no acceptable replica
    PreferredLeaderNotAvailable, // ElectLeaders PREFERRED: the first replica cannot lead
    OutOfOrderSequenceNumber,    // an idempotent batch that does not follow the producer's last sequence
    InvalidProducerEpoch,        // an idempotent batch with an older producer epoch than the log has seen
    InconsistentGroupProtocol,   // JoinGroup: no protocol (type or assignor) the group's members all support
    MemberIdRequired,            // JoinGroup v4+ without a member id: join again with the one given
    InvalidSessionTimeout,       // JoinGroup: a session timeout outside the coordinator's bounds
    InvalidGroupId,              // a group request with an empty group id
    // CreateTopics and auto-creation (ReplicationControlManager.createTopics): the errors a topic's creation answers.
    UnknownTopicOrPartition,     // the broker's metadata has no such topic (or partition)
    TopicAlreadyExists,          // a topic of that name exists
    InvalidTopic,                // INVALID_TOPIC_EXCEPTION: a name Topic.validate refuses, or one that collides
    InvalidPartitions,           // a partition count of 0 or below -1
    InvalidReplicationFactor,    // a replication factor of 0, below -1, or more than the usable brokers
    InvalidReplicaAssignment,    // a manual assignment Kafka refuses
    InvalidConfig,               // a topic config the model does not keep, or a value out of range
    PolicyViolation,             // a topic beyond HighWater's limits (limits::topicsMax, partitionsMax)
};

/// A participant that sends and receives messages.
/// A LiveClient is a real Kafka client's connection to one broker (issue #15: the live lab).
enum class NodeKind : std::uint8_t { Broker, Controller, Producer, Consumer, LiveClient };

struct NodeRef {
    NodeKind kind = NodeKind::Broker;
    std::int32_t id = 0; // broker id, controllerNodeId, or producer, consumer or live client index

    static NodeRef broker(BrokerId id) { return {NodeKind::Broker, id}; }
    static NodeRef controller() { return {NodeKind::Controller, controllerNodeId}; }
    static NodeRef producer(std::int32_t index) { return {NodeKind::Producer, index}; }
    static NodeRef consumer(std::int32_t index) { return {NodeKind::Consumer, index}; }
    static NodeRef liveClient(std::int32_t index) { return {NodeKind::LiveClient, index}; }
    friend bool operator==(const NodeRef&, const NodeRef&) = default;
};

/// Whether a set of brokers (an ISR, a replica list) holds one.
inline bool contains(const std::vector<BrokerId>& brokers, BrokerId id)
{
    return std::find(brokers.begin(), brokers.end(), id) != brokers.end();
}

std::string_view errorName(ErrorCode error);
std::string_view acksName(Acks acks);

} // namespace hw
