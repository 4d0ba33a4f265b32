// SPDX-License-Identifier: MIT
#pragma once

#include "timeline.h"

#include <nlohmann/json.hpp>

namespace hw {

/// The frame object of `highwater-cli run` (docs/frame-format.md). Key order is fixed so that dumps
/// of the same run are byte-identical.
nlohmann::ordered_json frameToJson(const Timeline& timeline, std::int64_t frame, const ClusterState& state);

/// Records a producer saw acknowledged that the current leader's log no longer holds.
nlohmann::ordered_json lostRecordsJson(const ClusterState& state);

/// Offsets at which replicas of a partition hold different records.
nlohmann::ordered_json divergedRecordsJson(const ClusterState& state);

/// The event part of a frame: {"type": "...", plus the fields that type uses}.
nlohmann::ordered_json eventToJson(const Event& event, const ClusterState& state);

} // namespace hw
