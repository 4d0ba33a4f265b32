// SPDX-License-Identifier: MIT
#include "model/cluster_state.h"

#include "model/limits.h"

#include <algorithm>
#include <utility>

namespace hw {

const LiveClient* ClusterState::liveClient(std::int32_t handle) const
{
    if (handle < 0)
        return nullptr;
    const auto slot = static_cast<std::size_t>(handle % limits::liveClientsMax);
    if (slot >= liveClients.size() || liveClients[slot].handle != handle)
        return nullptr;
    return &liveClients[slot];
}

LiveClient* ClusterState::liveClient(std::int32_t handle)
{
    return const_cast<LiveClient*>(std::as_const(*this).liveClient(handle));
}

std::string ClusterState::partitionName(std::int32_t partition) const
{
    const Partition& p = partitions[static_cast<std::size_t>(partition)];
    return topics[static_cast<std::size_t>(p.topic)].name + "-" + std::to_string(p.index);
}

int ClusterState::findTopic(std::string_view topicName) const
{
    for (std::size_t i = 0; i < topics.size(); ++i) {
        if (topics[i].name == topicName)
            return static_cast<int>(i);
    }
    return -1;
}

int ClusterState::findConsumer(std::string_view id) const
{
    for (std::size_t i = 0; i < consumers.size(); ++i) {
        if (consumers[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

int ClusterState::findGroup(std::string_view id) const
{
    for (std::size_t i = 0; i < groups.size(); ++i) {
        if (groups[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

int ClusterState::findProducer(std::string_view id) const
{
    for (std::size_t i = 0; i < producers.size(); ++i) {
        if (producers[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

namespace {

// Topic.MAX_NAME_LENGTH.
constexpr std::size_t topicNameLengthMax = 249;

/// The length Java's String.length() gives a UTF-8 name: UTF-16 code units (a 4-byte sequence is two).
std::size_t javaLength(std::string_view text)
{
    std::size_t units = 0;
    for (unsigned char c : text) {
        if ((c & 0xC0) != 0x80)
            ++units;
        if ((c & 0xF8) == 0xF0)
            ++units;
    }
    return units;
}

} // namespace

std::string topicNameError(std::string_view name)
{
    // Topic.detectInvalidTopic, through Topic.validate's "Topic name is invalid: " prefix.
    const std::string prefix = "Topic name is invalid: ";
    if (name.empty())
        return prefix + "the empty string is not allowed";
    if (name == ".")
        return prefix + "'.' is not allowed";
    if (name == "..")
        return prefix + "'..' is not allowed";
    if (javaLength(name) > topicNameLengthMax)
        return prefix + "the length of '" + std::string(name) + "' is longer than the max allowed length " +
               std::to_string(topicNameLengthMax);
    for (char c : name) {
        const bool legal = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                           c == '_' || c == '-';
        if (!legal)
            return prefix + "'" + std::string(name) +
                   "' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'";
    }
    return {};
}

std::string unifyCollisionChars(std::string_view name)
{
    std::string out(name);
    std::replace(out.begin(), out.end(), '.', '_');
    return out;
}

std::string_view errorName(ErrorCode error)
{
    switch (error) {
    case ErrorCode::None:
        return "NONE";
    case ErrorCode::NotEnoughReplicas:
        return "NOT_ENOUGH_REPLICAS";
    case ErrorCode::NotEnoughReplicasAfterAppend:
        return "NOT_ENOUGH_REPLICAS_AFTER_APPEND";
    case ErrorCode::RequestTimedOut:
        return "REQUEST_TIMED_OUT";
    case ErrorCode::NotLeaderOrFollower:
        return "NOT_LEADER_OR_FOLLOWER";
    case ErrorCode::OffsetOutOfRange:
        return "OFFSET_OUT_OF_RANGE";
    case ErrorCode::FencedLeaderEpoch:
        return "FENCED_LEADER_EPOCH";
    case ErrorCode::UnknownLeaderEpoch:
        return "UNKNOWN_LEADER_EPOCH";
    case ErrorCode::InvalidUpdateVersion:
        return "INVALID_UPDATE_VERSION";
    case ErrorCode::IneligibleReplica:
        return "INELIGIBLE_REPLICA";
    case ErrorCode::LeaderNotAvailable:
        return "LEADER_NOT_AVAILABLE";
    case ErrorCode::NotController:
        return "NOT_CONTROLLER";
    case ErrorCode::InvalidRequest:
        return "INVALID_REQUEST";
    case ErrorCode::NetworkException:
        return "NETWORK_EXCEPTION";
    case ErrorCode::NotCoordinator:
        return "NOT_COORDINATOR";
    case ErrorCode::CoordinatorNotAvailable:
        return "COORDINATOR_NOT_AVAILABLE";
    case ErrorCode::RebalanceInProgress:
        return "REBALANCE_IN_PROGRESS";
    case ErrorCode::UnknownMemberId:
        return "UNKNOWN_MEMBER_ID";
    case ErrorCode::IllegalGeneration:
        return "ILLEGAL_GENERATION";
    case ErrorCode::DeliveryTimeout:
        return "DELIVERY_TIMEOUT";
    case ErrorCode::DuplicateBrokerRegistration:
        return "DUPLICATE_BROKER_REGISTRATION";
    case ErrorCode::ElectionNotNeeded:
        return "ELECTION_NOT_NEEDED";
    case ErrorCode::EligibleLeadersNotAvailable:
        return "ELIGIBLE_LEADERS_NOT_AVAILABLE";
    case ErrorCode::PreferredLeaderNotAvailable:
        return "PREFERRED_LEADER_NOT_AVAILABLE";
    case ErrorCode::OutOfOrderSequenceNumber:
        return "OUT_OF_ORDER_SEQUENCE_NUMBER";
    case ErrorCode::InvalidProducerEpoch:
        return "INVALID_PRODUCER_EPOCH";
    case ErrorCode::InconsistentGroupProtocol:
        return "INCONSISTENT_GROUP_PROTOCOL";
    case ErrorCode::MemberIdRequired:
        return "MEMBER_ID_REQUIRED";
    case ErrorCode::InvalidSessionTimeout:
        return "INVALID_SESSION_TIMEOUT";
    case ErrorCode::InvalidGroupId:
        return "INVALID_GROUP_ID";
    case ErrorCode::UnknownTopicOrPartition:
        return "UNKNOWN_TOPIC_OR_PARTITION";
    case ErrorCode::TopicAlreadyExists:
        return "TOPIC_ALREADY_EXISTS";
    case ErrorCode::InvalidTopic:
        return "INVALID_TOPIC_EXCEPTION";
    case ErrorCode::InvalidPartitions:
        return "INVALID_PARTITIONS";
    case ErrorCode::InvalidReplicationFactor:
        return "INVALID_REPLICATION_FACTOR";
    case ErrorCode::InvalidReplicaAssignment:
        return "INVALID_REPLICA_ASSIGNMENT";
    case ErrorCode::InvalidConfig:
        return "INVALID_CONFIG";
    case ErrorCode::PolicyViolation:
        return "POLICY_VIOLATION";
    }
    return "UNKNOWN";
}

std::string_view acksName(Acks acks)
{
    switch (acks) {
    case Acks::None:
        return "0";
    case Acks::Leader:
        return "1";
    case Acks::All:
        return "all";
    }
    return "all";
}

std::string_view sendStatusName(SendStatus status)
{
    switch (status) {
    case SendStatus::Pending:
        return "pending";
    case SendStatus::InFlight:
        return "in-flight";
    case SendStatus::Acked:
        return "acked";
    case SendStatus::Failed:
        return "failed";
    }
    return "pending";
}

std::string_view liveClientRoleName(LiveClientRole role)
{
    switch (role) {
    case LiveClientRole::NoData:
        return "no-data";
    case LiveClientRole::Producer:
        return "producer";
    case LiveClientRole::GroupMember:
        return "group-member";
    case LiveClientRole::SelfAssigned:
        return "self-assigned";
    }
    return "no-data";
}

} // namespace hw
