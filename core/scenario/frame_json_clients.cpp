// SPDX-License-Identifier: MIT
// The frame's simulated clients: the producers part (settings, producer id and epoch, and each send
// with its offset, status and sequence), the groups part (state, generation, members and their
// assignment, committed offsets and lag) and the consumers part (phase, positions and lag, and the
// records received, all or only those new since the previous printed frame).
#include "scenario/frame_json.h"

#include "groups/assignor.h"
#include "scenario/frame_json_internal.h"

#include <algorithm>

namespace hw {

using namespace frame_json;

namespace {

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

Json topicPartitionJson(const ClusterState& s, std::int32_t partition)
{
    const Partition& p = s.partitions[static_cast<std::size_t>(partition)];
    return Json{{"topic", s.topics[static_cast<std::size_t>(p.topic)].name}, {"partition", p.index}};
}

} // namespace

Json frame_json::producersJson(const ClusterState& s, RecordsDump dump)
{
    const bool newOnly = dump.mode == RecordsMode::New;
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
    return producers;
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
            // A real member is named by its client.id and the address of its connection.
            const std::string consumer = m.isLive() ? m.live.clientId + " " + m.live.clientHost
                                                    : s.consumers[static_cast<std::size_t>(m.consumer)].id;
            if (m.memberId == g.leader)
                leader = consumer;
            Json assignment = Json::array();
            for (std::int32_t p : m.assignment)
                assignment.push_back(topicPartitionJson(s, p));
            Json member{{"id", consumer}, {"member_id", m.memberId}, {"assignment", assignment}};
            // Only in a group with a real member, so other dumps are unchanged.
            if (m.isLive()) {
                member["live"] = true;
                member["client_id"] = m.live.clientId;
                member["client_host"] = m.live.clientHost;
                Json subscription = Json::array();
                for (std::int32_t t : m.topics)
                    subscription.push_back(s.topics[static_cast<std::size_t>(t)].name);
                member["subscription"] = subscription;
            }
            members.push_back(std::move(member));
        }
        if (!g.protocolType.empty())
            group["protocol_name"] = g.protocolName;
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

} // namespace hw
