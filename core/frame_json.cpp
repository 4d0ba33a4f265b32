// SPDX-License-Identifier: MIT
#include "frame_json.h"

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

Json recordJson(const ClusterState& s, Offset offset, const Record& r)
{
    const Payload& payload = s.payloads[static_cast<std::size_t>(r.payload)];
    Json out;
    out["offset"] = offset;
    out["epoch"] = r.epoch;
    out["key"] = payload.hasKey ? Json(payload.key) : Json(nullptr);
    out["value"] = payload.value;
    out["producer"] = payload.producer >= 0 ? Json(s.producers[static_cast<std::size_t>(payload.producer)].id)
                                            : Json(nullptr);
    return out;
}

/// The replica leading a partition now, if any.
const Replica* currentLeader(const ClusterState& s, const Partition& p)
{
    for (const Replica& r : p.replicas) {
        if (r.broker == p.registration.leader && r.isLeader())
            return &r;
    }
    return nullptr;
}

} // namespace

Json lostRecordsJson(const ClusterState& s)
{
    Json lost = Json::array();
    for (const Producer& producer : s.producers) {
        producer.batches.forEach(0, producer.batches.size(), [&](std::size_t, const ProducerBatch& batch) {
            if (batch.status != SendStatus::Acked || batch.baseOffset < 0)
                return;
            const Partition& p = s.partitions[static_cast<std::size_t>(batch.partition)];
            const Replica* leader = currentLeader(s, p);
            if (!leader)
                return; // Offline: unavailable, not necessarily lost.
            for (std::int32_t i = 0; i < batch.count; ++i) {
                const Offset o = batch.baseOffset + i;
                if (o < leader->log.leo() && o >= leader->log.baseOffset &&
                    leader->log.at(o).payload == batch.firstPayload + i)
                    continue;
                std::string reason;
                if (p.uncleanElections > 0)
                    reason = "unclean-election";
                else if (p.legacyTruncations > 0)
                    reason = "high-watermark-truncation";
                else if (p.unflushedLost > 0)
                    reason = "unflushed-records-lost";
                else if (batch.acks == Acks::Leader)
                    reason = "acks-1-not-replicated";
                else
                    reason = "other";
                lost.push_back(Json{{"topic", s.topics[static_cast<std::size_t>(p.topic)].name},
                                    {"partition", p.index},
                                    {"offset", o},
                                    {"value", s.payloads[static_cast<std::size_t>(batch.firstPayload + i)].value},
                                    {"acks", acksName(batch.acks)},
                                    {"reason", reason}});
            }
        });
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
                replicas.push_back(Json{{"broker", r.broker},
                                        {"epoch", rec.epoch},
                                        {"value", s.payloads[static_cast<std::size_t>(rec.payload)].value}});
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
    auto producerId = [&](std::int32_t index) {
        return index >= 0 && index < static_cast<std::int32_t>(s.producers.size())
                   ? Json(s.producers[static_cast<std::size_t>(index)].id)
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
        break;
    case EventType::ProduceRejected:
    case EventType::ProduceTimedOut:
        out["broker"] = e.node;
        out["producer"] = producerId(e.peer);
        putPartition();
        out["batch"] = e.value;
        putError();
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
        break;
    case EventType::LeaderElected:
        out["controller"] = e.node;
        putPartition();
        out["leader"] = e.peer;
        out["leader_epoch"] = e.value;
        out["isr"] = brokerList(brokersInMask(e.isr));
        out["preferred"] = e.has(Preferred);
        out["unclean"] = e.has(Unclean);
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
    case EventType::MetadataUpdated:
        out["producer"] = producerId(e.node);
        out["broker"] = e.peer;
        out["leaders_changed"] = e.count;
        putError();
        break;
    }
    return out;
}

Json frameToJson(const Timeline& timeline, std::int64_t frameIndex, const ClusterState& s)
{
    const FrameInfo& info = timeline.frame(frameIndex);
    Json out;
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
        broker["latency_ms"] = b.latencyMs < 0 ? s.config.networkLatencyMs : b.latencyMs;
        brokers.push_back(broker);
    }
    out["brokers"] = brokers;
    out["controller"] = controllerNodeId;

    Json partitions = Json::array();
    for (const Partition& p : s.partitions) {
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
        const Replica* leader = nullptr;
        for (const Replica& r : p.replicas) {
            if (r.broker == reg.leader && r.isLeader())
                leader = &r;
        }
        part["hw"] = leader ? leader->hw : -1;
        part["leader_epoch_start"] = leader ? Json(leader->epochStartOffset) : Json(nullptr);

        Json states = Json::array();
        for (const Replica& r : p.replicas) {
            Json rs;
            rs["broker"] = r.broker;
            rs["leo"] = r.log.leo();
            rs["hw"] = r.hw;
            rs["log_start"] = r.log.logStart;
            Json records = Json::array();
            r.log.records.forEach(static_cast<std::size_t>(r.log.logStart - r.log.baseOffset), r.log.records.size(),
                                  [&](std::size_t i, const Record& rec) {
                                      records.push_back(
                                          recordJson(s, r.log.baseOffset + static_cast<Offset>(i), rec));
                                  });
            rs["records"] = records;
            Json cache = Json::array();
            for (const EpochEntry& entry : r.epochCache)
                cache.push_back(Json{{"epoch", entry.epoch}, {"start_offset", entry.startOffset}});
            rs["epoch_cache"] = cache;
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
    for (const Producer& producer : s.producers) {
        Json pj;
        pj["id"] = producer.id;
        pj["acks"] = acksName(producer.acks);
        Json sends = Json::array();
        producer.batches.forEach(0, producer.batches.size(), [&](std::size_t, const ProducerBatch& batch) {
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
                send["error"] = batch.error == ErrorCode::None ? Json(nullptr) : Json(errorName(batch.error));
                sends.push_back(send);
            }
        });
        pj["sends"] = sends;
        producers.push_back(pj);
    }
    out["producers"] = producers;
    out["lost"] = lostRecordsJson(s);
    out["diverged"] = divergedRecordsJson(s);
    return out;
}

} // namespace hw
