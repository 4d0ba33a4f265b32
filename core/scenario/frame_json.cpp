// SPDX-License-Identifier: MIT
// The frame object of `highwater-cli run` (docs/frame-format.md), put together in its fixed key order:
// the frame's top level (version, frame, time, label, event, narration, note), the brokers and the
// controller, then the parts each written by their own file (frame_json_partitions.cpp for the
// partitions and the lost and diverged records, frame_json_clients.cpp for producers, groups and
// consumers, frame_json_event.cpp for the event), the live clients, and the helpers the parts share.
#include "scenario/frame_json.h"

#include "model/record_text.h"
#include "scenario/frame_json_internal.h"
#include "scenario/narration.h"

namespace hw {

using namespace frame_json;

Json frame_json::brokerList(const std::vector<BrokerId>& brokers)
{
    Json out = Json::array();
    for (BrokerId b : brokers)
        out.push_back(b);
    return out;
}

void frame_json::putBytes(Json& out, const char* name, bool present, const std::string& bytes)
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

Json frameToJson(const Timeline& timeline, std::int64_t frameIndex, const ClusterState& s, RecordsDump dump)
{
    const FrameInfo& info = timeline.frame(frameIndex);
    FrameHeader header;
    header.frame = frameIndex;
    header.timeMs = info.timeMs;
    header.event = info.event;
    if (info.label >= 0)
        header.label = timeline.labels()[static_cast<std::size_t>(info.label)];
    if (info.note >= 0)
        header.note = timeline.notes()[static_cast<std::size_t>(info.note)];
    return frameToJson(header, s, dump);
}

void frame_json::putFrameHeader(Json& out, const FrameHeader& header, const ClusterState& s, Json kafkaVersion)
{
    out["kafka_version"] = std::move(kafkaVersion);
    // Only a real run's frames say where they come from, so that simulated dumps stay as they were.
    if (!header.source.empty())
        out["source"] = header.source;
    out["frame"] = header.frame;
    out["time_ms"] = header.timeMs;
    out["label"] = header.label ? Json(*header.label) : Json(nullptr);
    out["event"] = eventToJson(header.event, s);
    out["narration"] = narrate(header.event, s);
    if (header.note) {
        Json note = Json::object();
        for (const auto& [language, text] : header.note->byLanguage)
            note[language] = text;
        out["note"] = note;
    } else {
        out["note"] = nullptr;
    }
}

Json frameToJson(const FrameHeader& header, const ClusterState& s, RecordsDump dump)
{
    // A real cluster's poll (issue 29) has a frame of its own: real node ids, offsets only, its groups.
    if (s.observed)
        return observedFrameJson(header, s);
    Json out;
    putFrameHeader(out, header, s,
        header.kafkaVersion.empty() ? std::string(kafkaVersionName(s.config.kafkaVersion)) : header.kafkaVersion);

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
    out["partitions"] = partitionsJson(s, dump);
    out["producers"] = producersJson(s, dump);
    out["groups"] = groupsJson(s);
    out["consumers"] = consumersJson(s, dump);
    // Real clients' connections (live mode), only in a state that has had any, so that the dumps of
    // scenarios without them stay as they were. Only the open ones: a closing is its frame's event
    // (live-client-disconnected), and a class reconnecting all day would otherwise repeat every
    // connection it ever made in every frame.
    if (!s.liveClients.empty()) {
        Json clients = Json::array();
        for (const LiveClient& c : s.liveClients) {
            if (!c.connected)
                continue;
            Json client{{"id", c.id}, {"broker", c.broker}, {"requests", c.requests},
                        {"role", std::string(liveClientRoleName(c.role))}};
            client["group"] = c.group.empty() ? Json(nullptr) : Json(c.group);
            auto partitionOf = [&](std::int32_t partition) {
                if (partition < 0)
                    return Json(nullptr);
                const Partition& p = s.partitions[static_cast<std::size_t>(partition)];
                return Json{{"topic", s.topics[static_cast<std::size_t>(p.topic)].name}, {"partition", p.index}};
            };
            client["produced"] = partitionOf(c.producedPartition);
            client["fetched"] = partitionOf(c.fetchedPartition);
            clients.push_back(client);
        }
        out["live_clients"] = clients;
    }
    out["lost"] = lostRecordsJson(s);
    out["diverged"] = divergedRecordsJson(s);
    return out;
}

} // namespace hw
