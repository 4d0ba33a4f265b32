// SPDX-License-Identifier: MIT
// The frame's event part: {"type": "...", plus the fields that type uses}, one case per event type,
// with the parties named as the scenario names them (a real client's id where a producer or consumer
// would be) and null where a field has no value.
#include "scenario/frame_json.h"

#include "clients/live_clients.h"
#include "scenario/frame_json_internal.h"

namespace hw {

using namespace frame_json;

namespace {

Json nullableOffset(Offset offset)
{
    return offset < 0 ? Json(nullptr) : Json(offset);
}

} // namespace

Json eventToJson(const Event& e, const ClusterState& s)
{
    Json out;
    out["type"] = eventTypeName(e.type);
    auto putPartition = [&] {
        if (e.partition >= 0) {
            const Partition& p = s.partitions[static_cast<std::size_t>(e.partition)];
            out["topic"] = s.topics[static_cast<std::size_t>(p.topic)].name;
            out["partition"] = p.index;
        }
    };
    // A broker's event about a real client's request has a live client where a producer or consumer
    // would be: its id is written in their place, and "from_live_client": true says so.
    const bool live = e.has(FromLiveClient);
    auto liveId = [&](std::int32_t index) {
        const LiveClient* client = s.liveClient(index);
        return client ? Json(client->id) : Json(nullptr);
    };
    if (live)
        out["from_live_client"] = true;
    auto producerId = [&](std::int32_t index) {
        if (live)
            return liveId(index);
        return index >= 0 && index < static_cast<std::int32_t>(s.producers.size())
                   ? Json(s.producers[static_cast<std::size_t>(index)].id)
                   : Json(nullptr);
    };
    auto producerNumber = [&](std::int32_t index) {
        return index >= 0 && index < static_cast<std::int32_t>(s.producers.size()) &&
                       s.producers[static_cast<std::size_t>(index)].producerId >= 0
                   ? Json(s.producers[static_cast<std::size_t>(index)].producerId)
                   : Json(nullptr);
    };
    auto consumerId = [&](std::int32_t index) {
        if (live)
            return liveId(index);
        return index >= 0 && index < static_cast<std::int32_t>(s.consumers.size())
                   ? Json(s.consumers[static_cast<std::size_t>(index)].id)
                   : Json(nullptr);
    };
    auto groupId = [&](std::int64_t index) {
        return index >= 0 && index < static_cast<std::int64_t>(s.groups.size())
                   ? Json(s.groups[static_cast<std::size_t>(index)].id)
                   : Json(nullptr);
    };
    auto putHw = [&] {
        out["hw_before"] = e.hwBefore;
        out["hw_after"] = e.hwAfter;
    };
    auto putError = [&] { out["error"] = e.error == ErrorCode::None ? Json(nullptr) : Json(errorName(e.error)); };

    switch (e.type) {
    case EventType::ClusterCreated:
        break;
    case EventType::ProduceSent:
        out["producer"] = producerId(e.node);
        putPartition();
        out["leader"] = e.peer >= 0 ? Json(e.peer) : Json(nullptr);
        out["count"] = e.count;
        out["batch"] = e.value;
        out["attempt"] = e.attempt;
        putError();
        break;
    case EventType::ProduceAppended:
        out["broker"] = e.node;
        out["producer"] = producerId(e.peer);
        putPartition();
        out["base_offset"] = e.offset;
        out["count"] = e.count;
        out["leo"] = e.leo;
        putHw();
        out["produces_completed"] = e.completed;
        out["base_sequence"] = e.detail >= 0 ? Json(e.detail) : Json(nullptr);
        break;
    case EventType::DuplicateBatch:
        out["broker"] = e.node;
        out["producer"] = producerId(e.peer);
        out["producer_id"] = producerNumber(e.peer);
        putPartition();
        out["batch"] = e.value;
        out["base_sequence"] = e.detail;
        out["last_sequence"] = e.detail + e.count - 1;
        out["base_offset"] = e.offset;
        out["count"] = e.count;
        break;
    case EventType::ProduceRejected:
    case EventType::ProduceTimedOut:
        out["broker"] = e.node;
        out["producer"] = producerId(e.peer);
        putPartition();
        out["batch"] = e.value;
        putError();
        if (e.error == ErrorCode::OutOfOrderSequenceNumber) {
            out["base_sequence"] = e.detail;
            out["expected_sequence"] = e.offset;
        }
        break;
    case EventType::ProduceBatched:
        out["producer"] = producerId(e.node);
        putPartition();
        out["count"] = e.count;
        out["batch"] = e.value;
        break;
    case EventType::ProducerIdRequested:
        out["producer"] = producerId(e.node);
        out["broker"] = e.peer;
        break;
    case EventType::ProducerIdReceived:
        out["producer"] = producerId(e.node);
        out["broker"] = e.peer;
        out["producer_id"] = e.value >= 0 ? Json(e.value) : Json(nullptr);
        out["producer_epoch"] = e.value >= 0 ? Json(e.detail) : Json(nullptr);
        putError();
        break;
    case EventType::ProducerIdAllocated:
        out["broker"] = e.node;
        out["producer"] = producerId(e.peer);
        out["producer_id"] = e.value;
        break;
    case EventType::ProduceAcked:
    case EventType::ProduceFailed:
        out["producer"] = producerId(e.node);
        out["broker"] = e.peer;
        putPartition();
        out["batch"] = e.value;
        out["base_offset"] = nullableOffset(e.offset);
        out["count"] = e.count;
        out["attempt"] = e.attempt;
        out["retrying"] = e.has(Retrying);
        out["duplicate"] = e.has(Duplicate);
        out["epoch_bumped"] = e.has(EpochBumped);
        out["disconnected"] = e.has(Disconnected);
        putError();
        break;
    case EventType::FetchSent:
        out["follower"] = e.node;
        out["leader"] = e.peer;
        putPartition();
        out["fetch_offset"] = e.offset;
        break;
    case EventType::FetchHandled:
        out["leader"] = e.node;
        out["follower"] = e.peer;
        putPartition();
        out["fetch_offset"] = e.offset;
        out["records"] = e.count;
        out["leader_leo"] = e.has(Diverging) ? Json(nullptr) : Json(e.leo);
        putHw();
        out["response_hw"] = e.has(Parked) || e.has(Diverging) || e.error != ErrorCode::None ? Json(nullptr)
                                                                                               : Json(e.value);
        out["parked"] = e.has(Parked);
        out["diverging_epoch"] = e.has(Diverging) ? Json(e.value) : Json(nullptr);
        out["diverging_end_offset"] = e.has(Diverging) ? Json(e.leo) : Json(nullptr);
        out["isr_expand_requested"] = e.has(IsrExpandRequested);
        out["produces_completed"] = e.completed;
        putError();
        break;
    case EventType::FetchCompleted:
        out["leader"] = e.node;
        out["follower"] = e.peer;
        putPartition();
        out["fetch_offset"] = e.offset;
        out["records"] = e.count;
        out["response_hw"] = e.value;
        putError();
        break;
    case EventType::FetchApplied:
    case EventType::FetchFailed:
        out["follower"] = e.node;
        out["leader"] = e.peer;
        putPartition();
        out["fetch_offset"] = e.offset;
        out["records"] = e.count;
        out["leo"] = e.leo;
        out["response_hw"] = e.value;
        putHw();
        putError();
        break;
    case EventType::IsrShrinkRequested:
        out["leader"] = e.node;
        putPartition();
        out["proposed_isr"] = brokerList(brokersInMask(e.isr));
        out["removed"] = brokerList(brokersInMask(static_cast<std::uint32_t>(e.value)));
        out["partitions"] = e.count;
        break;
    case EventType::AlterPartitionCommitted:
    case EventType::AlterPartitionRejected:
        out["controller"] = e.node;
        out["leader"] = e.peer;
        putPartition();
        out["isr"] = brokerList(brokersInMask(e.isr));
        out["partition_epoch"] = e.value;
        putError();
        break;
    case EventType::IsrUpdated:
        out["leader"] = e.node;
        putPartition();
        out["isr"] = brokerList(brokersInMask(e.isr));
        putHw();
        putError();
        break;
    case EventType::HeartbeatSent:
        out["broker"] = e.node;
        break;
    case EventType::HeartbeatHandled:
        out["controller"] = e.node;
        out["broker"] = e.peer;
        break;
    case EventType::ClockAdvanced:
        out["ms"] = e.value;
        break;
    case EventType::ConfigChanged: {
        const auto eq = e.text.find('=');
        out["key"] = e.text.substr(0, eq);
        out["value"] = eq == std::string::npos ? std::string() : e.text.substr(eq + 1);
        if (e.text == "auto.fetch=true")
            out["fetches_started"] = e.count;
        break;
    }
    case EventType::LatencyChanged:
        out["broker"] = e.node;
        out["latency_ms"] = e.value < 0 ? Json(nullptr) : Json(e.value);
        break;
    case EventType::BrokerKilled:
    case EventType::BrokerPoweredOff:
    case EventType::BrokerIsolated:
    case EventType::BrokerHealed:
    case EventType::ShutdownRequested:
    case EventType::BrokerShutDown:
        out["broker"] = e.node;
        break;
    case EventType::BrokerRestarted:
        out["broker"] = e.node;
        out["records_lost"] = e.count;
        break;
    case EventType::BrokerFenced:
    case EventType::BrokerUnfenced:
    case EventType::BrokerRegistered:
    case EventType::ControlledShutdown:
        out["controller"] = e.node;
        out["broker"] = e.peer;
        out["partitions_changed"] = e.count;
        putPartition();
        if (e.partition >= 0) {
            out["new_leader"] = e.value;
            out["isr"] = brokerList(brokersInMask(e.isr));
        }
        out["unclean"] = e.has(Unclean);
        out["offline"] = e.has(Offline);
        out["from_elr"] = e.has(FromElr);
        out["last_known_leader"] = e.has(LastKnownLeader);
        if (e.type == EventType::BrokerRegistered)
            out["clean_shutdown"] = e.detail == 1;
        break;
    case EventType::RegistrationRefused:
        out["controller"] = e.node;
        out["broker"] = e.peer;
        putError();
        break;
    case EventType::UncleanScan:
        out["controller"] = e.node;
        out["partitions_changed"] = e.count;
        putPartition();
        out["new_leader"] = e.peer;
        out["isr"] = brokerList(brokersInMask(e.isr));
        out["last_known_leader"] = e.has(LastKnownLeader);
        break;
    case EventType::LeaderRebalance:
        out["controller"] = e.node;
        out["partitions_changed"] = e.count;
        putPartition();
        out["new_leader"] = e.peer;
        out["previous_leader"] = e.value;
        out["leader_epoch"] = e.detail;
        break;
    case EventType::LeaderElected:
        out["controller"] = e.node;
        putPartition();
        out["leader"] = e.peer;
        out["leader_epoch"] = e.value;
        out["isr"] = brokerList(brokersInMask(e.isr));
        out["preferred"] = e.has(Preferred);
        out["unclean"] = e.has(Unclean);
        out["last_known_leader"] = e.has(LastKnownLeader);
        break;
    case EventType::BecameLeader:
        out["broker"] = e.node;
        putPartition();
        out["leader_epoch"] = e.value;
        out["epoch_start_offset"] = e.offset;
        out["leo"] = e.leo;
        out["hw"] = e.hwAfter;
        break;
    case EventType::BecameFollower:
        out["broker"] = e.node;
        putPartition();
        out["leader"] = e.peer;
        out["leader_epoch"] = e.value;
        out["truncated"] = e.count;
        out["leo"] = e.leo;
        out["hw"] = e.hwAfter;
        out["legacy"] = e.has(Legacy);
        break;
    case EventType::IsrChangedByController:
        out["leader"] = e.node;
        putPartition();
        out["isr"] = brokerList(brokersInMask(e.isr));
        putHw();
        break;
    case EventType::LogTruncated:
        out["follower"] = e.node;
        putPartition();
        out["truncated_to"] = e.offset;
        out["removed"] = e.count;
        out["diverging_epoch"] = e.has(Legacy) || e.has(BelowLogStart) ? Json(nullptr) : Json(e.value);
        putHw();
        out["legacy"] = e.has(Legacy);
        if (e.has(BelowLogStart))
            out["below_log_start"] = true;
        break;
    case EventType::SegmentsDeleted:
        out["broker"] = e.node;
        putPartition();
        out["log_start"] = e.offset;
        out["segments_deleted"] = e.count;
        out["partitions_changed"] = e.value;
        out["reason"] = e.detail == 1 ? "retention.bytes" : e.detail == 2 ? "retention.ms" : "log-start";
        break;
    case EventType::ConsumerStarted:
    case EventType::ConsumerStopped:
        out["consumer"] = consumerId(e.node);
        if (e.type == EventType::ConsumerStopped)
            out["crashed"] = e.detail == 1;
        if (e.type == EventType::ConsumerStarted && e.detail == 1)
            out["added"] = true;
        break;
    case EventType::CoordinatorFound:
        out["consumer"] = consumerId(e.node);
        out["coordinator"] = e.peer >= 0 ? Json(e.peer) : Json(nullptr);
        out["broker"] = e.value > 0 ? Json(e.value) : Json(nullptr);
        out["metadata_refresh"] = e.detail == 1;
        out["leaders_changed"] = e.count;
        putError();
        break;
    case EventType::GroupRequestSent:
        out["consumer"] = consumerId(e.node);
        out["coordinator"] = e.peer >= 0 ? Json(e.peer) : Json(nullptr);
        out["request"] = e.detail < 0 ? std::string("FindCoordinator") : std::string(groupRequestName(e.detail));
        out["count"] = e.count;
        if (e.has(PollTimeout)) {
            out["poll_timeout"] = true;
            out["since_poll_ms"] = e.value;
        }
        putError();
        break;
    case EventType::GroupRequestHandled:
    case EventType::GroupResponseApplied:
        out[e.type == EventType::GroupRequestHandled ? "coordinator" : "consumer"] =
            e.type == EventType::GroupRequestHandled ? Json(e.node) : consumerId(e.node);
        out[e.type == EventType::GroupRequestHandled ? "consumer" : "coordinator"] =
            e.type == EventType::GroupRequestHandled ? consumerId(e.peer) : Json(e.peer);
        out["group"] = groupId(e.value);
        out["request"] = groupRequestName(e.detail);
        out["member_id"] = e.text.empty() ? Json(nullptr) : Json(e.text);
        out["rebalance_started"] = e.has(RebalanceStarted);
        out["generation_completed"] = e.has(GenerationCompleted) ? Json(e.completed) : Json(nullptr);
        out["stable"] = e.has(GroupStable);
        out["rejoining"] = e.has(Rejoining);
        out["count"] = e.count;
        putError();
        break;
    case EventType::JoinCompleted:
    case EventType::MemberEvicted:
        out["coordinator"] = e.node;
        out["group"] = groupId(e.value);
        if (e.type == EventType::MemberEvicted) {
            out["consumer"] = consumerId(e.peer);
            out["member_id"] = e.text;
        }
        out["generation_completed"] = e.has(GenerationCompleted) ? Json(e.completed) : Json(nullptr);
        out["members"] = e.count;
        break;
    case EventType::PositionSet:
        out["consumer"] = consumerId(e.node);
        putPartition();
        out["offset"] = e.offset >= 0 ? Json(e.offset) : Json(nullptr);
        out["from"] = e.detail == 0 ? "committed" : e.detail == 1 ? "auto.offset.reset" : "seek";
        out["positions"] = e.count;
        putError();
        break;
    case EventType::ConsumerFetchSent:
        out["consumer"] = consumerId(e.node);
        out["max_records"] = e.count;
        break;
    case EventType::ConsumerFetchHandled:
        out["leader"] = e.node;
        out["consumer"] = consumerId(e.peer);
        putPartition();
        out["fetch_offset"] = e.offset;
        out["records"] = e.count;
        out["hw"] = e.hwBefore;
        out["parked"] = e.has(Parked);
        putError();
        break;
    case EventType::RecordsReceived:
        out["consumer"] = consumerId(e.node);
        out["leader"] = e.peer;
        putPartition();
        out["first_offset"] = e.offset;
        out["records"] = e.count;
        out["hw"] = e.value;
        putError();
        break;
    case EventType::MetadataUpdated:
        out["producer"] = producerId(e.node);
        out["broker"] = e.peer;
        out["leaders_changed"] = e.count;
        putError();
        break;
    case EventType::LiveClientConnected:
    case EventType::LiveClientDisconnected:
        out["live_client"] = liveId(e.peer);
        out["broker"] = e.node;
        break;
    case EventType::LiveRequestSent:
        out["live_client"] = liveId(e.node);
        out["broker"] = e.peer;
        out["request"] = liveRequestLabel(e);
        putPartition();
        if (e.detail == 5 || e.detail == 6)
            out["group"] = e.text;
        if (e.detail == 7) {
            out["topic"] = e.text;
            out["topics"] = e.count;
        }
        if (e.detail == 0)
            out["records"] = e.count;
        if (e.detail == 1)
            out["fetch_offset"] = e.offset;
        if (e.detail == 2)
            out["timestamp"] = e.value;
        break;
    case EventType::LiveResponseReceived:
        out["live_client"] = liveId(e.node);
        out["broker"] = e.peer;
        out["request"] = liveRequestLabel(e);
        putPartition();
        if (e.detail == 5)
            out["coordinator"] = e.value;
        if (e.detail == 6)
            out["member_id"] = e.text.empty() ? Json(nullptr) : Json(e.text);
        if (e.detail == 0 || e.detail == 2)
            out["offset"] = e.offset >= 0 ? Json(e.offset) : Json(nullptr);
        if (e.detail == 0)
            out["duplicate"] = e.has(Duplicate);
        if (e.detail == 1) {
            out["fetch_offset"] = e.offset;
            out["records"] = e.count;
            out["hw"] = e.value;
        }
        if (e.detail == 4)
            out["producer_id"] = e.value;
        if (e.detail == 7) {
            out["topic"] = e.text;
            out["created"] = e.count;
        }
        putError();
        break;
    case EventType::TopicCreated:
        out["controller"] = e.node;
        out["broker"] = e.peer >= 0 ? Json(e.peer) : Json(nullptr);
        out["topic"] = e.text;
        out["created"] = e.count;
        out["refused"] = e.completed;
        out["how"] = e.detail == 1 ? "auto-create" : e.detail == 2 ? "validate-only" : "create";
        if (e.value >= 0 && e.value < static_cast<std::int64_t>(s.topics.size())) {
            const Topic& t = s.topics[static_cast<std::size_t>(e.value)];
            out["partitions"] = t.partitionCount;
            out["replication_factor"] = t.replicationFactor;
        }
        putError();
        break;
    case EventType::RealObserved:
        out["step"] = e.value;
        out["step_text"] = e.text;
        out["state"] = e.detail == 1 ? "quiescent" : "changed";
        break;
    case EventType::ObservedPoll: {
        // Brokers by their real node ids (the event's masks hold the model's).
        auto realBrokers = [&](std::uint32_t mask) {
            Json ids = Json::array();
            for (BrokerId b : brokersInMask(mask))
                ids.push_back(s.observed ? s.observed->realBroker(b) : b);
            return ids;
        };
        out["first_poll"] = e.detail == 1;
        if (e.detail == 1) {
            out["brokers"] = e.value;
            out["topics"] = e.attempt;
            out["partitions"] = e.count;
            out["groups"] = e.peer;
            break;
        }
        out["leo_changed"] = e.count;
        out["hw_changed"] = e.completed;
        out["isr_changed"] = e.attempt;
        out["leader_changed"] = e.value;
        out["health_changed"] = e.offset;
        out["brokers_down"] = realBrokers(e.isr);
        out["brokers_up"] = realBrokers(static_cast<std::uint32_t>(e.leo));
        out["topics_added"] = e.hwBefore;
        out["topics_removed"] = e.hwAfter;
        out["groups_changed"] = e.peer;
        break;
    }
    case EventType::ProducerConnection:
        out["producer"] = producerId(e.node);
        out["broker"] = e.peer;
        out["connected"] = e.error == ErrorCode::None;
        out["reconnect_backoff_ms"] = e.error == ErrorCode::None ? Json(nullptr) : Json(e.value);
        out["setup_timeout_ms"] = e.error == ErrorCode::RequestTimedOut ? Json(e.detail) : Json(nullptr);
        putError();
        break;
    }
    return out;
}

} // namespace hw
