// SPDX-License-Identifier: MIT
#include "model/event.h"

#include "model/messages.h"

namespace hw {

std::string_view eventTypeName(EventType type)
{
    switch (type) {
    case EventType::ClusterCreated:
        return "cluster-created";
    case EventType::ProduceSent:
        return "produce-sent";
    case EventType::ProduceAppended:
        return "produce-appended";
    case EventType::ProduceRejected:
        return "produce-rejected";
    case EventType::ProduceAcked:
        return "produce-acked";
    case EventType::ProduceFailed:
        return "produce-failed";
    case EventType::ProduceTimedOut:
        return "produce-timed-out";
    case EventType::FetchSent:
        return "fetch-sent";
    case EventType::FetchHandled:
        return "fetch-handled";
    case EventType::FetchCompleted:
        return "fetch-completed";
    case EventType::FetchApplied:
        return "fetch-applied";
    case EventType::FetchFailed:
        return "fetch-failed";
    case EventType::IsrShrinkRequested:
        return "isr-shrink-requested";
    case EventType::AlterPartitionCommitted:
        return "alter-partition-committed";
    case EventType::AlterPartitionRejected:
        return "alter-partition-rejected";
    case EventType::IsrUpdated:
        return "isr-updated";
    case EventType::HeartbeatSent:
        return "heartbeat-sent";
    case EventType::HeartbeatHandled:
        return "heartbeat-handled";
    case EventType::ClockAdvanced:
        return "clock-advanced";
    case EventType::ConfigChanged:
        return "config-changed";
    case EventType::LatencyChanged:
        return "latency-changed";
    case EventType::BrokerKilled:
        return "broker-killed";
    case EventType::BrokerRestarted:
        return "broker-restarted";
    case EventType::BrokerIsolated:
        return "broker-isolated";
    case EventType::BrokerHealed:
        return "broker-healed";
    case EventType::ShutdownRequested:
        return "shutdown-requested";
    case EventType::BrokerShutDown:
        return "broker-shut-down";
    case EventType::BrokerFenced:
        return "broker-fenced";
    case EventType::BrokerUnfenced:
        return "broker-unfenced";
    case EventType::BrokerRegistered:
        return "broker-registered";
    case EventType::ControlledShutdown:
        return "controlled-shutdown";
    case EventType::LeaderElected:
        return "leader-elected";
    case EventType::BecameLeader:
        return "became-leader";
    case EventType::BecameFollower:
        return "became-follower";
    case EventType::IsrChangedByController:
        return "isr-changed-by-controller";
    case EventType::LogTruncated:
        return "log-truncated";
    case EventType::MetadataUpdated:
        return "metadata-updated";
    case EventType::ConsumerStarted:
        return "consumer-started";
    case EventType::ConsumerStopped:
        return "consumer-stopped";
    case EventType::CoordinatorFound:
        return "coordinator-found";
    case EventType::GroupRequestSent:
        return "group-request-sent";
    case EventType::GroupRequestHandled:
        return "group-request-handled";
    case EventType::GroupResponseApplied:
        return "group-response-applied";
    case EventType::JoinCompleted:
        return "join-completed";
    case EventType::MemberEvicted:
        return "member-evicted";
    case EventType::PositionSet:
        return "position-set";
    case EventType::ConsumerFetchSent:
        return "consumer-fetch-sent";
    case EventType::ConsumerFetchHandled:
        return "consumer-fetch-handled";
    case EventType::RecordsReceived:
        return "records-received";
    case EventType::RegistrationRefused:
        return "registration-refused";
    case EventType::UncleanScan:
        return "unclean-scan";
    case EventType::LeaderRebalance:
        return "leader-rebalance";
    case EventType::SegmentsDeleted:
        return "segments-deleted";
    case EventType::TopicCreated:
        return "topic-created";
    case EventType::ProduceBatched:
        return "produce-batched";
    case EventType::ProducerIdAllocated:
        return "producer-id-allocated";
    case EventType::ProducerIdReceived:
        return "producer-id-received";
    case EventType::DuplicateBatch:
        return "duplicate-batch";
    case EventType::ProducerIdRequested:
        return "producer-id-requested";
    case EventType::LiveClientConnected:
        return "live-client-connected";
    case EventType::LiveClientDisconnected:
        return "live-client-disconnected";
    case EventType::LiveRequestSent:
        return "live-request-sent";
    case EventType::LiveResponseReceived:
        return "live-response-received";
    case EventType::RealObserved:
        return "real-observed";
    case EventType::ObservedPoll:
        return "observed-poll";
    case EventType::ProducerConnection:
        return "producer-connection";
    case EventType::BrokerPoweredOff:
        return "broker-powered-off";
    }
    return "unknown";
}

std::string_view groupRequestName(std::int32_t kind)
{
    switch (static_cast<GroupRequestKind>(kind)) {
    case GroupRequestKind::Join:
        return "JoinGroup";
    case GroupRequestKind::Sync:
        return "SyncGroup";
    case GroupRequestKind::Heartbeat:
        return "Heartbeat";
    case GroupRequestKind::Leave:
        return "LeaveGroup";
    case GroupRequestKind::OffsetCommit:
        return "OffsetCommit";
    case GroupRequestKind::OffsetFetch:
        return "OffsetFetch";
    }
    return "JoinGroup";
}

std::uint32_t brokerMask(const std::vector<BrokerId>& brokers)
{
    std::uint32_t mask = 0;
    for (BrokerId b : brokers)
        mask |= 1u << (b - 1);
    return mask;
}

std::vector<BrokerId> brokersInMask(std::uint32_t mask)
{
    std::vector<BrokerId> out;
    for (BrokerId b = 1; b <= 32; ++b) {
        if (mask & (1u << (b - 1)))
            out.push_back(b);
    }
    return out;
}

} // namespace hw
