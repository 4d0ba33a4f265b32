// SPDX-License-Identifier: MIT
#pragma once

#include "model/observed.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <variant>
#include <vector>

/// ObservedCluster (model/observed.h) as JSON, both ways, and the recording of an observe session
/// (`highwater-cli observe --record FILE`, replayed by `run FILE`): JSON Lines, a header line and then one
/// ObservedCluster per poll. docs/frame-format.md, section "Observe recordings", describes every key.
/// Reading checks every field against its type and limits::observed* and reports the first problem with
/// its line, JSON pointer and what was expected; it never throws on any input. A recording holds no
/// credentials: the header names the cluster, not how to log in to it.
namespace hw {

/// The recording's first line.
struct ObservedRecordingHeader {
    static constexpr std::string_view format = "highwater-observe-recording";
    static constexpr int currentVersion = 1;
    int version = currentVersion;
    std::string bootstrap;   // HOST:PORT observing started from ("" when not said)
    std::string topicsRegex; // --topics, "" for every topic
    std::int32_t intervalMs = 1000;
    friend bool operator==(const ObservedRecordingHeader&, const ObservedRecordingHeader&) = default;
};

struct ObservedRecording {
    ObservedRecordingHeader header;
    std::vector<ObservedCluster> polls;
    friend bool operator==(const ObservedRecording&, const ObservedRecording&) = default;
};

/// Where a recording is wrong: its 1-based line (0: not known), the JSON pointer in that line's object,
/// the column for a syntax error (0 otherwise), and what was expected.
struct ObservedJsonError {
    int line = 0;
    int column = 0;
    std::string path;
    std::string message;
    /// "line 3: /topics/0/partitions/2/leader: expected an integer in -1..2147483647, got \"x\"".
    std::string toString() const;
    friend bool operator==(const ObservedJsonError&, const ObservedJsonError&) = default;
};

nlohmann::ordered_json observedClusterToJson(const ObservedCluster& poll);
nlohmann::ordered_json observedHeaderToJson(const ObservedRecordingHeader& header);

/// Reads one poll from a parsed object (`line` is only for the error).
std::variant<ObservedCluster, ObservedJsonError> observedClusterFromJson(const nlohmann::ordered_json& json, int line = 0);
/// Reads one poll from one line of text.
std::variant<ObservedCluster, ObservedJsonError> parseObservedCluster(std::string_view text, int line = 0);
std::variant<ObservedRecordingHeader, ObservedJsonError> parseObservedHeader(std::string_view text, int line = 1);

/// One line, without its newline: what `observe --record` appends per poll.
std::string observedClusterLine(const ObservedCluster& poll);
std::string observedHeaderLine(const ObservedRecordingHeader& header);
/// A whole recording: the header line and one line per poll, each ended by a newline.
std::string writeObservedRecording(const ObservedRecording& recording);
/// Reads a whole recording. Empty lines are skipped; a recording without a header line is refused.
std::variant<ObservedRecording, ObservedJsonError> readObservedRecording(std::string_view text);

} // namespace hw
