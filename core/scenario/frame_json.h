// SPDX-License-Identifier: MIT
#pragma once

#include "broker/replica.h"
#include "timeline/timeline.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace hw {

/// How a frame lists its records (`highwater-cli run --records`, docs/frame-format.md).
enum class RecordsMode : std::uint8_t {
    All,  // every replica's records, every producer send and every received record, in every frame
    New,  // only what is new or changed since the previously printed frame
    None, // no record lists: offsets, LEO and HW only
};

/// Reads "all", "new" or "none".
std::optional<RecordsMode> parseRecordsMode(std::string_view text);

/// What frameToJson lists of the records. With RecordsMode::New, `previous` is the state of the
/// previously printed frame of the same run (nullptr for the first: everything is new).
struct RecordsDump {
    RecordsMode mode = RecordsMode::All;
    const ClusterState* previous = nullptr;
};

/// The frame object of `highwater-cli run` (docs/frame-format.md). Key order is fixed so that dumps
/// of the same run are byte-identical.
nlohmann::ordered_json frameToJson(const Timeline& timeline, std::int64_t frame, const ClusterState& state,
                                   RecordsDump records = {});

/// What a frame says besides the state, for a frame that no Timeline holds: a real Kafka cluster's
/// observed state (highwater-cli real, realkafka/observation_frame.h).
struct FrameHeader {
    std::int64_t frame = 0;
    TimeMs timeMs = 0;
    Event event;
    std::optional<std::string> label;
    std::optional<LocalizedText> note;
    std::string kafkaVersion;  // "4.4.0": the full version of the Kafka observed; empty: the state's version
    std::string source;        // "Apache Kafka 4.4.0, observed"; empty (every simulated frame): no "source" key
};

/// The same frame object from a header: frameToJson writes exactly this for its timeline's frame.
nlohmann::ordered_json frameToJson(const FrameHeader& header, const ClusterState& state, RecordsDump records = {});

/// The frame's "groups" and "consumers" arrays.
nlohmann::ordered_json groupsJson(const ClusterState& state);
nlohmann::ordered_json consumersJson(const ClusterState& state, RecordsDump records = {});

/// A broker's "state" in a frame: "offline" (killed), "isolated", "fenced" (by the controller) or "online".
std::string_view brokerStateName(const ClusterState& state, const Broker& broker);
std::string_view groupStateName(GroupState state);
std::string_view memberPhaseName(MemberPhase phase);


/// Records a producer saw acknowledged that the current leader's log no longer holds.
nlohmann::ordered_json lostRecordsJson(const ClusterState& state);

/// Offsets at which replicas of a partition hold different records.
nlohmann::ordered_json divergedRecordsJson(const ClusterState& state);

/// The event part of a frame: {"type": "...", plus the fields that type uses}.
nlohmann::ordered_json eventToJson(const Event& event, const ClusterState& state);

} // namespace hw
