// SPDX-License-Identifier: MIT
#pragma once

#include "timeline.h"

#include <nlohmann/json.hpp>

namespace hw {

/// The frame object of `highwater-cli run` (docs/frame-format.md). Key order is fixed so that dumps
/// of the same run are byte-identical.
nlohmann::ordered_json frameToJson(const Timeline& timeline, std::int64_t frame, const ClusterState& state);

/// The frame's "groups" and "consumers" arrays.
nlohmann::ordered_json groupsJson(const ClusterState& state);
nlohmann::ordered_json consumersJson(const ClusterState& state);

std::string_view groupStateName(GroupState state);
std::string_view memberPhaseName(MemberPhase phase);

/// The current leader's HW of a partition, or -1 when it has no leader.
Offset partitionHighWatermark(const ClusterState& state, std::int32_t partition);

/// Records a producer saw acknowledged that the current leader's log no longer holds.
nlohmann::ordered_json lostRecordsJson(const ClusterState& state);

/// Offsets at which replicas of a partition hold different records.
nlohmann::ordered_json divergedRecordsJson(const ClusterState& state);

/// The event part of a frame: {"type": "...", plus the fields that type uses}.
nlohmann::ordered_json eventToJson(const Event& event, const ClusterState& state);

} // namespace hw
