// SPDX-License-Identifier: MIT
#pragma once

// What the frame writer's files (scenario/frame_json*.cpp) share: how a broker list and a record's
// bytes are written, and the writers of the frame's larger parts, which frameToJson puts together.
// Not for use outside scenario/.

#include "scenario/frame_json.h"

#include <string>
#include <vector>

namespace hw::frame_json {

using Json = nlohmann::ordered_json;

Json brokerList(const std::vector<BrokerId>& brokers);

/// A live client's key or value is any bytes: JSON holds text, so bytes that are not UTF-8 are written
/// as hex under NAME_hex, with null under NAME. Absent bytes (no key, a tombstone) are null.
void putBytes(Json& out, const char* name, bool present, const std::string& bytes);

/// The frame's "partitions" array: each partition's registration, its replicas' logs, epoch caches and
/// producer tables, and the leader's view of its followers.
Json partitionsJson(const ClusterState& s, RecordsDump dump);
/// The frame's "producers" array: each simulated producer's settings, producer id and its sends.
Json producersJson(const ClusterState& s, RecordsDump dump);

/// The whole frame of an observed state (ClusterState::observed): frame_json_observed.cpp.
Json observedFrameJson(const FrameHeader& header, const ClusterState& s);
/// The keys every frame starts with, in their order: kafka_version (as given), source (a real run's only),
/// frame, time_ms, label, event, narration and note.
void putFrameHeader(Json& out, const FrameHeader& header, const ClusterState& s, Json kafkaVersion);

} // namespace hw::frame_json
