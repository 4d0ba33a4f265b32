// SPDX-License-Identifier: MIT
#include "scenario/frame_json.h"

#include "broker/replica.h"
#include "clients/live_clients.h"
#include "model/record_text.h"
#include "groups/assignor.h"
#include "scenario/lost_records.h"
#include "scenario/narration.h"

namespace hw {

using Json = nlohmann::ordered_json;

namespace {

Json brokerList(const std::vector<BrokerId>& brokers)
{
    Json out = Json::array();
    for (BrokerId b : brokers)
        out.push_back(b);
    return out;
}

Json nullableOffset(Offset offset)
{
    return offset < 0 ? Json(nullptr) : Json(offset);
}

/// A live client's key or value is any bytes: JSON holds text, so bytes that are not UTF-8 are written
/// as hex under NAME_hex, with null under NAME. Absent bytes (no key, a tombstone) are null.
void putBytes(Json& out, const char* name, bool present, const std::string& bytes)
{
    if (!present) {
        out[name] = nullptr;
    } else if (!isValidUtf8(bytes)) {
        out[name] = nullptr;
        out[std::string(name) + "_hex"] = toHex(bytes);
    } else {
        out[name] = bytes;
    }
}

Json recordJson(const ClusterState& s, Offset offset, const Record& r)
{
    const Payload& payload = s.payloads[static_cast<std::size_t>(r.payload)];
    Json out;
    out["offset"] = offset;
    out["epoch"] = r.epoch;
    putBytes(out, "key", payload.hasKey, payload.key);
    const LiveRecordInfo* live = liveRecordOf(s, payload);
    putBytes(out, "value", !(live && live->valueNull), payload.value);
    out["producer"] = payload.producer >= 0 ? Json(s.producers[static_cast<std::size_t>(payload.producer)].id)
                                            : Json(nullptr);
    if (payload.liveClient >= 0) {
        out["live_client"] = s.liveClients[static_cast<std::size_t>(payload.liveClient)].id;
        out["timestamp_ms"] = live ? live->timestampMs : -1;
        if (live && !live->headers.empty()) {
            Json headers = Json::array();
            for (const PayloadHeader& h : live->headers) {
                Json header;
                putBytes(header, "key", true, h.key);
                putBytes(header, "value", !h.valueNull, h.value);
                headers.push_back(header);
            }
            out["headers"] = headers;
        }
    }
    // An idempotent producer's record: its sequence number and producer epoch (the batch header's).
    out["sequence"] = r.sequence >= 0 ? Json(r.sequence) : Json(nullptr);
    out["producer_epoch"] = r.sequence >= 0 ? Json(r.producerEpoch) : Json(nullptr);
    return out;
}

Json producerStateJson(const ProducerStates& states)
{
    Json out = Json::array();
    for (const ProducerStateEntry& entry : states) {
        Json batches = Json::array();
        for (std::uint8_t i = 0; i < entry.batchCount; ++i) {
            const BatchMetadata& b = entry.batches[i];
            batches.push_back(Json{{"first_sequence", b.firstSeq}, {"last_sequence", b.lastSeq},
                                   {"first_offset", b.firstOffset}, {"last_offset", b.lastOffset}});
        }
        out.push_back(Json{{"producer_id", entry.producerId}, {"producer_epoch", entry.producerEpoch}, {"batches", batches}});
    }
    return out;
}

} // namespace

std::string_view brokerStateName(const ClusterState& s, const Broker& b)
{
    if (!b.alive)
        return "offline";
    if (b.isolated)
        return "isolated";
    if (s.registrations[static_cast<std::size_t>(b.id - 1)].fenced)
        return "fenced";
    return "online";
}

std::string_view groupStateName(GroupState state)
{
    switch (state) {
    case GroupState::Empty:
        return "Empty";
    case GroupState::PreparingRebalance:
        return "PreparingRebalance";
    case GroupState::CompletingRebalance:
        return "CompletingRebalance";
    case GroupState::Stable:
        return "Stable";
    case GroupState::Dead:
        return "Dead";
    }
    return "Empty";
}

std::string_view memberPhaseName(MemberPhase phase)
{
    switch (phase) {
    case MemberPhase::Stopped:
        return "stopped";
    case MemberPhase::FindingCoordinator:
        return "finding-coordinator";
    case MemberPhase::Joining:
        return "joining";
    case MemberPhase::Syncing:
        return "syncing";
    case MemberPhase::Stable:
        return "stable";
    case MemberPhase::Crashed:
        return "crashed";
    }
    return "stopped";
}

namespace {

Json topicPartitionJson(const ClusterState& s, std::int32_t partition)
{
    const Partition& p = s.partitions[static_cast<std::size_t>(partition)];
    return Json{{"topic", s.topics[static_cast<std::size_t>(p.topic)].name}, {"partition", p.index}};
}

} // namespace

Json groupsJson(const ClusterState& s)
{
    Json groups = Json::array();
    for (const Group& g : s.groups) {
        Json group;
        group["id"] = g.id;
        group["state"] = groupStateName(g.state);
        group["generation"] = g.generation;
        group["protocol"] = assignorName(g.protocol);
        Json leader = nullptr;
        Json members = Json::array();
        for (const GroupMember& m : g.members) {
            const std::string& consumer = s.consumers[static_cast<std::size_t>(m.consumer)].id;
            if (m.memberId == g.leader)
                leader = consumer;
            Json assignment = Json::array();
            for (std::int32_t p : m.assignment)
                assignment.push_back(topicPartitionJson(s, p));
            members.push_back(Json{{"id", consumer}, {"member_id", m.memberId}, {"assignment", assignment}});
        }
        group["leader"] = leader;
        const BrokerId coordinator = s.offsetsPartitions[static_cast<std::size_t>(g.offsetsPartition)].leader;
        group["coordinator"] = coordinator;
        group["offsets_partition"] = g.offsetsPartition;
        group["members"] = members;
        Json committed = Json::array();
        for (const CommittedOffset& c : g.committed) {
            Json entry = topicPartitionJson(s, c.partition);
            entry["offset"] = c.offset;
            const Offset hw = partitionHighWatermark(s, c.partition);
            // kafka-consumer-groups: LAG = LOG-END-OFFSET (the HW) - CURRENT-OFFSET (committed).
            entry["lag"] = hw >= 0 ? Json(std::max<Offset>(0, hw - c.offset)) : Json(nullptr);
            committed.push_back(entry);
        }
        group["committed"] = committed;
        groups.push_back(group);
    }
    return groups;
}

std::optional<RecordsMode> parseRecordsMode(std::string_view text)
{
    if (text == "all")
        return RecordsMode::All;
    if (text == "new")
        return RecordsMode::New;
    if (text == "none")
        return RecordsMode::None;
    return std::nullopt;
}

namespace {

/// The first offset from which a replica's log differs from the same replica's log in the previous
/// printed frame (its LEO when nothing changed): records below it are the ones printed before.
Offset firstChangedOffset(const ReplicaLog& now, const ReplicaLog* before)
{
    if (!before || before->logStart > now.logStart)
        return now.logStart;
    if (before->baseOffset == now.baseOffset && now.records.sharesRootWith(before->records))
        return now.leo();
    const Offset end = std::min(now.leo(), before->leo());
    Offset offset = now.logStart;
    while (offset < end && now.at(offset) == before->at(offset))
        ++offset;
    return offset;
}

/// The first index from which two lists differ (the smaller size when one is a prefix of the other).
template <typename T>
std::size_t firstChangedIndex(const PVector<T>& now, const PVector<T>* before)
{
    if (!before)
        return 0;
    if (now.extends(*before))
        return before->size(); // it only grew since: everything before was kept as it was
    const std::size_t end = std::min(now.size(), before->size());
    std::size_t i = 0;
    while (i < end && now[i] == (*before)[i])
        ++i;
    return i;
}

} // namespace

Json consumersJson(const ClusterState& s, RecordsDump dump)
{
    Json consumers = Json::array();
    for (const Consumer& c : s.consumers) {
        Json consumer;
        consumer["id"] = c.id;
        consumer["group"] = c.group >= 0 ? Json(s.groups[static_cast<std::size_t>(c.group)].id) : Json(nullptr);
        consumer["state"] = memberPhaseName(c.phase);
        consumer["member_id"] = c.memberId.empty() ? Json(nullptr) : Json(c.memberId);
        consumer["generation"] = c.generation;
        Json positions = Json::array();
        for (const OwnedPartition& o : c.owned) {
            Json entry = topicPartitionJson(s, o.partition);
            entry["offset"] = o.position >= 0 ? Json(o.position) : Json(nullptr);
            const Offset hw = partitionHighWatermark(s, o.partition);
            entry["lag"] = hw >= 0 && o.position >= 0 ? Json(std::max<Offset>(0, hw - o.position)) : Json(nullptr);
            positions.push_back(entry);
        }
        consumer["positions"] = positions;
        if (dump.mode == RecordsMode::None) {
            consumers.push_back(consumer);
            continue;
        }
        std::size_t from = 0;
        if (dump.mode == RecordsMode::New) {
            const std::size_t index = consumers.size();
            const bool known = dump.previous && index < dump.previous->consumers.size();
            from = firstChangedIndex(c.received, known ? &dump.previous->consumers[index].received : nullptr);
            consumer["received_from"] = from;
        }
        Json received = Json::array();
        c.received.forEach(from, c.received.size(), [&](std::size_t, const ReceivedRecord& r) {
            Json entry = topicPartitionJson(s, r.partition);
            entry["offset"] = r.offset;
            const Payload& payload = s.payloads[static_cast<std::size_t>(r.payload)];
            putBytes(entry, "value", !valueIsNull(s, payload), payload.value);
            received.push_back(entry);
        });
        consumer["received"] = received;
        consumers.push_back(consumer);
    }
    return consumers;
}

Json lostRecordsJson(const ClusterState& s)
{
    Json lost = Json::array();
    for (const LostRecord& r : lostRecords(s)) {
        const Partition& p = s.partitions[static_cast<std::size_t>(r.partition)];
        const Payload& payload = s.payloads[static_cast<std::size_t>(r.payload)];
        Json entry{{"topic", s.topics[static_cast<std::size_t>(p.topic)].name}, {"partition", p.index},
                   {"offset", r.offset}};
        putBytes(entry, "value", !valueIsNull(s, payload), payload.value);
        entry["acks"] = acksName(r.acks);
        entry["reason"] = lostReasonName(r.reason);
        lost.push_back(std::move(entry));
    }
    return lost;
}

Json divergedRecordsJson(const ClusterState& s)
{
    // Offsets that two replicas both hold but with different records. Bounded so a dump stays small.
    constexpr std::size_t reportedMax = 100;
    Json diverged = Json::array();
    for (const Partition& p : s.partitions) {
        Offset end = 0;
        for (const Replica& r : p.replicas)
            end = std::max(end, r.log.leo());
        for (Offset o = 0; o < end && diverged.size() < reportedMax; ++o) {
            const Record* first = nullptr;
            bool differs = false;
            for (const Replica& r : p.replicas) {
                if (o < r.log.baseOffset || o >= r.log.leo())
                    continue;
                const Record& rec = r.log.at(o);
                if (!first)
                    first = &rec;
                else if (!(rec == *first))
                    differs = true;
            }
            if (!differs)
                continue;
            Json replicas = Json::array();
            for (const Replica& r : p.replicas) {
                if (o < r.log.baseOffset || o >= r.log.leo())
                    continue;
                const Record& rec = r.log.at(o);
                const Payload& payload = s.payloads[static_cast<std::size_t>(rec.payload)];
                Json replica{{"broker", r.broker}, {"epoch", rec.epoch}};
                putBytes(replica, "value", !valueIsNull(s, payload), payload.value);
                replicas.push_back(std::move(replica));
            }
            diverged.push_back(Json{{"topic", s.topics[static_cast<std::size_t>(p.topic)].name},
                                    {"partition", p.index},
                                    {"offset", o},
                                    {"replicas", replicas}});
        }
    }
    return diverged;
}

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
        return index >= 0 && index < static_cast<std::int32_t>(s.liveClients.size())
                   ? Json(s.liveClients[static_cast<std::size_t>(index)].id)
                   : Json(nullptr);
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
        out["diverging_epoch"] = e.has(Legacy) ? Json(nullptr) : Json(e.value);
        putHw();
        out["legacy"] = e.has(Legacy);
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
        out["request"] = liveRequestName(e.detail);
        putPartition();
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
        out["request"] = liveRequestName(e.detail);
        putPartition();
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
        putError();
        break;
    }
    return out;
}

Json frameToJson(const Timeline& timeline, std::int64_t frameIndex, const ClusterState& s, RecordsDump dump)
{
    const FrameInfo& info = timeline.frame(frameIndex);
    Json out;
    out["kafka_version"] = std::string(kafkaVersionName(s.config.kafkaVersion));
    out["frame"] = frameIndex;
    out["time_ms"] = info.timeMs;
    out["label"] = info.label >= 0 ? Json(timeline.labels()[static_cast<std::size_t>(info.label)]) : Json(nullptr);
    out["event"] = eventToJson(info.event, s);
    out["narration"] = narrate(info.event, s);
    if (info.note >= 0) {
        Json note = Json::object();
        for (const auto& [language, text] : timeline.notes()[static_cast<std::size_t>(info.note)].byLanguage)
            note[language] = text;
        out["note"] = note;
    } else {
        out["note"] = nullptr;
    }

    Json brokers = Json::array();
    for (const Broker& b : s.brokers) {
        Json broker;
        broker["id"] = b.id;
        broker["state"] = brokerStateName(s, b);
        broker["broker_epoch"] = s.registrations[static_cast<std::size_t>(b.id - 1)].brokerEpoch;
        broker["latency_ms"] = b.latencyMs < 0 ? s.config.networkLatencyMs : b.latencyMs;
        broker["rack"] = b.rack ? Json(*b.rack) : Json(nullptr);
        brokers.push_back(broker);
    }
    out["brokers"] = brokers;
    out["controller"] = controllerNodeId;

    const bool newOnly = dump.mode == RecordsMode::New;
    Json partitions = Json::array();
    for (std::size_t pi = 0; pi < s.partitions.size(); ++pi) {
        const Partition& p = s.partitions[pi];
        const Partition* before =
            newOnly && dump.previous && pi < dump.previous->partitions.size() ? &dump.previous->partitions[pi] : nullptr;
        const PartitionRegistration& reg = p.registration;
        Json part;
        part["topic"] = s.topics[static_cast<std::size_t>(p.topic)].name;
        part["partition"] = p.index;
        part["replicas"] = brokerList(reg.replicas);
        part["leader"] = reg.leader;
        part["leader_epoch"] = reg.leaderEpoch;
        part["partition_epoch"] = reg.partitionEpoch;
        part["isr"] = brokerList(reg.isr);
        std::vector<BrokerId> osr;
        for (BrokerId b : reg.replicas) {
            if (std::find(reg.isr.begin(), reg.isr.end(), b) == reg.isr.end())
                osr.push_back(b);
        }
        part["osr"] = brokerList(osr);
        part["elr"] = brokerList(reg.elr);
        part["last_known_elr"] = brokerList(reg.lastKnownElr);
        part["leader_recovery_state"] =
            reg.leaderRecoveryState == LeaderRecoveryState::Recovering ? "RECOVERING" : "RECOVERED";
        const Replica* leader = nullptr;
        for (const Replica& r : p.replicas) {
            if (r.broker == reg.leader && r.isLeader())
                leader = &r;
        }
        part["hw"] = leader ? leader->hw : -1;
        part["leader_epoch_start"] = leader ? Json(leader->epochStartOffset) : Json(nullptr);

        Json states = Json::array();
        for (std::size_t ri = 0; ri < p.replicas.size(); ++ri) {
            const Replica& r = p.replicas[ri];
            Json rs;
            rs["broker"] = r.broker;
            rs["leo"] = r.log.leo();
            rs["hw"] = r.hw;
            rs["log_start"] = r.log.logStart;
            if (dump.mode != RecordsMode::None) {
                Offset from = r.log.logStart;
                if (newOnly) {
                    const bool known = before && ri < before->replicas.size() && before->replicas[ri].broker == r.broker;
                    from = firstChangedOffset(r.log, known ? &before->replicas[ri].log : nullptr);
                    rs["records_from"] = from;
                }
                Json records = Json::array();
                r.log.records.forEach(static_cast<std::size_t>(from - r.log.baseOffset), r.log.records.size(),
                                      [&](std::size_t i, const Record& rec) {
                                          records.push_back(
                                              recordJson(s, r.log.baseOffset + static_cast<Offset>(i), rec));
                                      });
                rs["records"] = records;
            }
            Json cache = Json::array();
            for (const EpochEntry& entry : r.epochCache)
                cache.push_back(Json{{"epoch", entry.epoch}, {"start_offset", entry.startOffset}});
            rs["epoch_cache"] = cache;
            rs["producer_state"] = producerStateJson(r.producerStates);
            states.push_back(rs);
        }
        part["replica_states"] = states;

        Json views = Json::array();
        if (leader) {
            for (const FollowerView& v : leader->views) {
                Json view;
                view["broker"] = v.broker;
                view["leo"] = v.leo;
                view["last_caught_up_ms"] = v.lastCaughtUpMs;
                views.push_back(view);
            }
        }
        part["leader_view"] = views;
        part["pending_isr"] = leader && leader->alterInFlight ? brokerList(leader->pendingIsr) : Json(nullptr);
        partitions.push_back(part);
    }
    out["partitions"] = partitions;

    Json producers = Json::array();
    for (std::size_t pi = 0; pi < s.producers.size(); ++pi) {
        const Producer& producer = s.producers[pi];
        Json pj;
        pj["id"] = producer.id;
        pj["acks"] = acksName(producer.acks);
        pj["enable_idempotence"] = producer.settings.idempotence;
        pj["producer_id"] = producer.producerId >= 0 ? Json(producer.producerId) : Json(nullptr);
        pj["producer_epoch"] = producer.producerId >= 0 ? Json(producer.producerEpoch) : Json(nullptr);
        pj["max_in_flight"] = producer.settings.maxInFlight;
        if (dump.mode == RecordsMode::None) {
            producers.push_back(pj);
            continue;
        }
        const PVector<ProducerBatch>* batchesBefore =
            newOnly && dump.previous && pi < dump.previous->producers.size() ? &dump.previous->producers[pi].batches
                                                                              : nullptr;
        // New: the sends of every batch that is new or changed (its status, offset or error).
        const std::size_t firstBatch = newOnly ? firstChangedIndex(producer.batches, batchesBefore) : 0;
        Json sends = Json::array();
        producer.batches.forEach(firstBatch, producer.batches.size(), [&](std::size_t b, const ProducerBatch& batch) {
            if (batchesBefore && b < batchesBefore->size() && (*batchesBefore)[b] == batch)
                return;
            const Partition& p = s.partitions[static_cast<std::size_t>(batch.partition)];
            for (std::int32_t i = 0; i < batch.count; ++i) {
                const Payload& payload = s.payloads[static_cast<std::size_t>(batch.firstPayload + i)];
                Json send;
                send["seq"] = batch.firstSequence + i;
                send["topic"] = s.topics[static_cast<std::size_t>(p.topic)].name;
                send["partition"] = p.index;
                send["key"] = payload.hasKey ? Json(payload.key) : Json(nullptr);
                send["value"] = payload.value;
                send["acks"] = acksName(batch.acks);
                send["offset"] = batch.baseOffset >= 0 ? Json(batch.baseOffset + i) : Json(nullptr);
                send["status"] = sendStatusName(batch.status);
                send["sequence"] = batch.baseSequence >= 0 ? Json(batch.baseSequence + i) : Json(nullptr);
                send["duplicate"] = batch.duplicate;
                send["error"] = batch.error == ErrorCode::None ? Json(nullptr) : Json(errorName(batch.error));
                sends.push_back(send);
            }
        });
        pj["sends"] = sends;
        producers.push_back(pj);
    }
    out["producers"] = producers;
    out["groups"] = groupsJson(s);
    out["consumers"] = consumersJson(s, dump);
    // Real clients' connections (live mode), only in a state that has any, so that the dumps of
    // scenarios without them stay as they were.
    if (!s.liveClients.empty()) {
        Json clients = Json::array();
        for (const LiveClient& c : s.liveClients)
            clients.push_back(Json{{"id", c.id}, {"broker", c.broker}, {"connected", c.connected}, {"requests", c.requests}});
        out["live_clients"] = clients;
    }
    out["lost"] = lostRecordsJson(s);
    out["diverged"] = divergedRecordsJson(s);
    return out;
}

} // namespace hw
