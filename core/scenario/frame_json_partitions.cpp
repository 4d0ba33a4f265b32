// SPDX-License-Identifier: MIT
// The frame's partitions part: each partition's registration (replicas, leader, epochs, ISR, OSR, ELR,
// leader recovery state), each replica's LEO, HW, log start and records (all, or only those new since
// the previous printed frame), its leader-epoch cache and producer table, the leader's view of its
// followers and a pending ISR change; and the records the partitions' logs lost or disagree on.
#include "scenario/frame_json.h"

#include "scenario/frame_json_internal.h"
#include "scenario/lost_records.h"

#include <algorithm>

namespace hw {

using namespace frame_json;

namespace {

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
        // Null once the connection's slot went to a later one (LiveClient): the writer's address is gone.
        const LiveClient* writer = s.liveClient(payload.liveClient);
        out["live_client"] = writer ? Json(writer->id) : Json(nullptr);
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

} // namespace

Json frame_json::partitionsJson(const ClusterState& s, RecordsDump dump)
{
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
            // Segments only once the log has rolled one: a log of one segment (Kafka's 1 GiB default
            // keeps every lesson's log in one) says nothing a reader needs.
            if (r.log.segments.size() > 1) {
                Json segments = Json::array();
                for (const LogSegment& segment : r.log.segments)
                    segments.push_back(Json{{"base_offset", segment.baseOffset}, {"bytes", segment.bytes}});
                rs["segments"] = segments;
            }
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
    return partitions;
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
        entry["cause"] = lostCauseName(r.cause);
        entry["election"] = lostElectionName(r.election);
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
                // Below the log start the records are deleted (and their payloads may be released).
                if (o < r.log.logStart || o < r.log.baseOffset || o >= r.log.leo())
                    continue;
                const Record& rec = r.log.at(o);
                // Epoch -1: a record a real cluster's observer did not read (realkafka/observation_frame.h),
                // not compared. The engine writes every record with its leader epoch, 0 or more.
                if (rec.epoch < 0)
                    continue;
                if (!first)
                    first = &rec;
                else if (!(rec == *first))
                    differs = true;
            }
            if (!differs)
                continue;
            Json replicas = Json::array();
            for (const Replica& r : p.replicas) {
                if (o < r.log.logStart || o < r.log.baseOffset || o >= r.log.leo() || r.log.at(o).epoch < 0)
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

} // namespace hw
