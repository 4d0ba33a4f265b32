// SPDX-License-Identifier: MIT
#pragma once

#include "engine/engine.h"
#include "scenario/display.h"
#include "timeline/timeline.h"

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

/// The scenario format highwater/1 (HighWater's own, no Kafka counterpart): reading and checking a file
/// (scenario_reader*.cpp), writing a session back (scenario_writer.cpp), and the drivers that run its
/// steps on a Timeline (drivers.cpp).
namespace hw {

/// A problem with a scenario: where (file and line:column, or a JSON pointer) and what was expected.
struct ScenarioError {
    std::string file;
    int line = 0;   // 1-based; 0 when the error is located by path
    int column = 0; // 1-based
    std::string path; // JSON pointer such as /steps/4/fetch/follower
    std::string message;

    /// "FILE:LINE:COLUMN: message" or "FILE: /json/path: message".
    std::string toString() const;
};

// Steps, as written in the file. Names are resolved to indices when the file is read.

struct ProduceStep {
    ProduceAction action;
    bool wait = true; // false: send and go on (recordings use it)
};

enum class FetchUntil : std::uint8_t { Request, Response };

struct FetchStep {
    FetchAction action;
    FetchUntil until = FetchUntil::Response;
    bool wait = true; // false: start a fetch round and go on
};

struct SettleStep {};

struct AdvanceStep {
    TimeMs ms = 0;
};

struct SlowStep {
    SlowAction action;
};

struct ConfigStep {
    std::vector<ConfigAction> changes; // in file order
};

struct CheckpointStep {
    std::string label;
    LocalizedText note; // optional narration shown at the checkpoint frame
    // Why the state here is not quiescent (a timer still pending, e.g. a session that has not expired),
    // empty when it is: `compare --kafka` reports such a checkpoint but does not compare it, and the
    // real runner observes it at once instead of waiting for a quiescence it would not reach in time.
    std::string pending;
};

struct NoteStep {
    LocalizedText note;
};

/// kill, restart, shutdown, isolate, heal, kill_leader and elect_preferred: one engine action each.
/// A shutdown step also runs until the broker has stopped.
struct FaultStep {
    Action action;
    bool wait = true; // false: a shutdown step does not wait for the broker to stop
};

/// join, leave, crash_consumer, poll, commit, seek and add_consumer (which creates a consumer and
/// starts it). A poll step runs until its fetches are answered.
struct ConsumerStep {
    ConsumerAction action;
    bool wait = true;
};

/// Runs a group's protocol until it is Stable with every running member in sync.
struct RebalanceStep {
    std::int32_t group = 0;
};

/// Handles exactly `events` queued messages and timers (recordings use it to replay op for op).
struct RunStep {
    std::int64_t events = 0;
};

/// Moves the clock to `toMs` with nothing else happening (no event may be due before it).
struct ClockStep {
    TimeMs toMs = 0;
};

/// What a real client did in a recorded live session (highwater-cli serve --record): it connected,
/// disconnected or sent a request, at the simulated time it arrived. Replaying these between the
/// session's `run` steps remakes its frames without any network.
struct LiveStep {
    LiveClientAction action;
};

/// Creates a topic at run time, as an admin's CreateTopics would (kafka-topics.sh --create).
struct CreateTopicStep {
    CreateTopicAction action;
};

using Step = std::variant<ProduceStep, FetchStep, SettleStep, AdvanceStep, SlowStep, ConfigStep, CheckpointStep,
                          NoteStep, FaultStep, RunStep, ClockStep, ConsumerStep, RebalanceStep, LiveStep, CreateTopicStep>;

struct Scenario {
    std::string file; // where it was read from, for error messages ("builtin:NAME" for built-ins)
    std::string name;
    LocalizedText title;
    LocalizedText description;
    DisplaySpec display;
    ClusterSpec cluster;
    // The topics the run creates (create_topic steps, a live client's CreateTopics or auto-creation), in the
    // order it creates them: their partitions follow the declared topics' in the steps' partition numbers,
    // so a step can name them. Only name, partitions and replicationFactor are used. The file's
    // "created_topics", or, without one, its create_topic steps in order; runScenario checks the run made them.
    std::vector<TopicSpec> createdTopics;
    std::vector<Step> steps;
};

/// Reads and checks a scenario (format highwater/1). Never throws on bad input. `version`, when given,
/// replaces the file's cluster.kafka_version (highwater-cli compare), with that version's defaults and
/// checks.
std::variant<Scenario, ScenarioError> parseScenario(std::string_view text, const std::string& file,
                                                    std::optional<KafkaVersion> version = std::nullopt);

/// Writes a scenario as highwater/1 JSON that parseScenario reads back to an equal run.
std::string scenarioToJson(const Scenario& scenario);

/// The session in a timeline as a scenario that replays to the same frames, operation for operation:
/// the cluster, title and description of `base`, then every action as a step that does not wait and
/// every stretch of engine events as a `run` step, with the timeline's labels and notes in place.
/// `operationsEnd` records only the first that many operations (a recording stopped at a cap while
/// the run went on); it needs the timeline's history from its first frame (Timeline::firstFrame 0).
Scenario recordSession(const Scenario& base, const Timeline& timeline,
                       std::size_t operationsEnd = std::numeric_limits<std::size_t>::max());

/// recordSession in parts, for a timeline that drops its oldest frames (Timeline::setDropsOldestFrames):
/// record() before each drop (Timeline::setBeforeDrop) writes the operations not yet written while
/// they are all still there, so the scenario keeps every operation from the first while the timeline
/// keeps only its newest frames. A copy records the rest without changing the original.
class SessionRecorder {
public:
    explicit SessionRecorder(const Scenario& base);
    /// Writes the operations from the last one written up to operationsEnd (at most the timeline's
    /// operationCount()). They must still be in the timeline: recorded before a drop that removes them.
    void record(const Timeline& timeline, std::size_t operationsEnd = std::numeric_limits<std::size_t>::max());
    /// The operations written so far.
    std::size_t operationsWritten() const { return m_nextOp; }
    /// The steps written so far, as a scenario (a run of engine steps still going on is closed in it).
    Scenario scenario() const;
    /// How many steps are written so far.
    std::size_t stepCount() const { return m_out.steps.size(); }
    /// About how many bytes the steps written so far hold (each step, and twice each record's data).
    std::size_t bytes() const { return m_bytes; }

private:
    static std::size_t actionBytes(const Action& action);
    void flushRun();
    Scenario m_out;
    bool m_started = false;
    std::size_t m_nextOp = 0;
    std::int64_t m_nextFrame = 1; // the first frame whose operation is not written yet
    std::int64_t m_pendingRun = 0;
    std::size_t m_bytes = 0;
    std::map<std::int32_t, std::int32_t> m_liveNumbers; // a live client's handle: its connect step's number
};

/// A step of a `serve --script` file: when (simulated milliseconds after serving began) and what.
struct TimedStep {
    TimeMs atMs = 0;
    Step step;
};

/// Reads a script: a JSON array of {"at_ms": T, <step>} in time order, where the step is a fault,
/// election, slow or config step of the scenario format (the real clients do the producing and
/// fetching). Never throws on bad input.
std::variant<std::vector<TimedStep>, ScenarioError> parseScript(std::string_view text, const std::string& file,
                                                                const ClusterSpec& cluster);
std::variant<std::vector<TimedStep>, ScenarioError> loadScript(const std::string& path, const ClusterSpec& cluster);

/// Reads a scenario from a file path or "builtin:NAME".
std::variant<Scenario, ScenarioError> loadScenario(const std::string& source,
                                                   std::optional<KafkaVersion> version = std::nullopt);

/// Runs every step into the timeline (which must have been built from scenario.cluster).
/// Returns the first step that could not be carried out, located by its JSON path.
std::optional<ScenarioError> runScenario(const Scenario& scenario, Timeline& timeline);

/// Builds a timeline from the scenario and runs it.
std::variant<Timeline, ScenarioError> playScenario(const Scenario& scenario);

// Drivers: the scenario steps as functions, for the GUI as well. Each returns an empty string on
// success and otherwise what went wrong.

/// Runs one follower fetch round: finishes the follower's outstanding round if it has one, else sends
/// a Fetch and runs until the leader handled it (Request) or the follower applied the answer (Response).
std::string runFetchRound(Timeline& timeline, const FetchAction& action, FetchUntil until);

/// Sends a batch and runs until its leader has handled it.
std::string runProduce(Timeline& timeline, const ProduceAction& action);

/// Runs fetch rounds of every live follower until a round changes nothing, then delivers what is in flight.
std::string runSettle(Timeline& timeline);

/// Runs the clock forward by ms, handling everything due on the way.
std::string runAdvance(Timeline& timeline, TimeMs ms);

/// Polls a consumer and runs until the records it asked for have arrived (or nothing more can).
std::string runPoll(Timeline& timeline, const ConsumerAction& action);

/// Runs a group's protocol until it is Stable and every running member has its assignment.
std::string runRebalance(Timeline& timeline, std::int32_t group);

/// Applies a fault or election action; a controlled shutdown runs until the broker has stopped.
std::string runFault(Timeline& timeline, const Action& action);

/// The key a step has in a scenario file ("produce", "kill", ...).
std::string stepKey(const Step& step);

/// Every consumer of a scenario in engine index order: the declared ones, then those its
/// add_consumer steps add, in step order.
std::vector<ConsumerSpec> scenarioConsumers(const Scenario& scenario);

/// The group ids of these consumers in engine index order (the order of their first consumer).
std::vector<std::string> groupIds(const std::vector<ConsumerSpec>& consumers);

} // namespace hw
