// SPDX-License-Identifier: MIT
#pragma once

#include "control/useraction.h"
#include "model/observed.h"
#include "model/limits.h"
#include "scenario/scenario.h"
#include "timeline/metrics.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hw::ui {

/// One thing the GUI did to the timeline after the scenario was played: engine steps (time moving
/// at the head), a user action at the head, or a fork at a past frame.
struct SessionOp {
    enum class Kind : std::uint8_t { Steps, Action, Fork };
    Kind kind = Kind::Steps;
    std::int64_t count = 0; // Steps: how many Timeline::step() calls; Fork: the frame forked at
    UserAction action; // Action only
};

/// The config step that lets every follower fetch on its own (auto.fetch=true).
UserAction autoFetchOn();

/// Whether a user action at a state with this head must first switch auto.fetch on: the state has it
/// off, and the action is neither a fetch by hand nor a change of auto.fetch itself.
bool switchesOnAutoFetch(const hw::ClusterState& head, const UserAction& action);

/// A scenario, the timeline it produced, and everything the GUI did since.
///
/// The timeline is a pure function of the scenario and the op log, because the engine is
/// deterministic. That is what undo leans on: Timeline cannot be copied, so the future that a fork
/// discards is brought back by replaying the log as it was before the fork.
class Session {
public:
    Session();

    /// Plays a scenario from the start. Returns the error of the first step that could not be
    /// carried out; the frames made before it stay, as `highwater-cli run` keeps them.
    std::optional<hw::ScenarioError> load(hw::Scenario scenario);
    /// Starts an observed session (issue 29): the timeline of a real cluster's polls, from its first
    /// poll (hw::observedState). `name` names it (the scenario's name: "observe 10.0.0.1:9092"). Throws
    /// what hw::observedState throws (hw::ObservedLimitExceeded, std::invalid_argument) and keeps the
    /// session as it was then.
    void loadObserved(const hw::ObservedCluster& first, const std::string& name);
    /// Adds a later poll to an observed session (Timeline::applyObserved): the new frame, or nullopt when
    /// nothing visible changed. Throws what applyObserved throws, leaving the timeline as it was.
    std::optional<std::int64_t> applyObserved(const hw::ObservedCluster& poll);
    /// Whether the timeline is an observed one: its frames are a real cluster's polls, read-only.
    bool isObserved() const { return m_observed; }

    const hw::Scenario& scenario() const { return m_scenario; }
    const hw::Timeline& timeline() const { return *m_timeline; }
    /// The timeline for the live lab's server, which applies real clients' requests to it directly.
    /// They are not in the op log: a live session offers no undo (the log could not replay them).
    hw::Timeline& liveTimeline() { return *m_timeline; }
    /// The charts' numbers for every frame of the timeline, collected as the frames are made.
    const hw::RunMetrics& metrics() const { return *m_metrics; }
    const std::vector<SessionOp>& ops() const { return m_ops; }
    std::int64_t lastFrame() const { return m_timeline->frameCount() - 1; }
    /// How many frames, from frame 0, the scenario's own steps made on the current branch: the run the
    /// scenario's notes describe. Frames from this one on were made by the user (actions, running on)
    /// or follow a fork the user made.
    std::int64_t scriptedFrameCount() const { return m_scriptedFrames; }
    /// How many of the timeline's operations, from the first, the scenario's own steps made on the
    /// current branch (the rest are the user's). recordSession writes an operation a step, so a saved
    /// session's steps split at this count into the scenario's run and the user's.
    std::int64_t scriptedOpCount() const { return m_scriptedOps; }

    /// Rebuilds a session kept by the autosave on the scenario loaded with load(): the scenario's run
    /// cut to scriptedFrames frames and scriptedOps operations (a fork, when the user's branch left
    /// the script early), then the user's operations. Returns why it cannot, or an empty string.
    std::string restoreBranch(std::int64_t scriptedFrames, std::int64_t scriptedOps, std::vector<SessionOp> userOps);

    /// Steps the engine at the head until a new frame appears. Returns false when nothing is queued
    /// or the step limit ran out without a visible change.
    bool extend();

    /// Steps the engine at the head while the next queued event is due at or before timeMs, at most
    /// eventsMax events. Returns how many frames were added.
    std::int64_t extendUntil(hw::TimeMs timeMs, std::int64_t eventsMax);

    /// Runs a user action at a frame: at the last frame it continues the run; at an earlier frame it
    /// first forks (the later frames are discarded). When the state has auto.fetch off and the action
    /// is not a fetch or an auto.fetch change, auto.fetch=true is run first, as an op of its own (see
    /// switchesOnAutoFetch). Returns the drivers' error text (frames made before a failure stay).
    std::string perform(std::int64_t frame, const UserAction& action);

    /// Cheap undo of the latest operations: drops every frame after `frame` and the ops after
    /// `opsSize`. Valid only when the state of `frame` is exactly the head the ops left at that size
    /// (see isHeadAt).
    void truncate(std::int64_t frame, std::size_t opsSize);

    /// True when frame is the last frame and nothing silent happened after it at the head.
    bool isHeadAt(std::int64_t frame) const;

    /// Rebuilds the timeline from the scenario and an op log (the general undo).
    void restore(std::vector<SessionOp> ops);

    // A live session's history drops its oldest frames at the memory budget (LiveSession); the session
    // still saves every operation from the first, written before each drop.

    /// A recorded live session stops growing at the size one scenario file may hold, as serve's
    /// recording does (live/kafka_server.cpp, sessionOperationsMax and sessionBytesMax): room for
    /// the run steps between within limits::stepsMax, and half of limits::scenarioFileBytesMax.
    static constexpr std::size_t recordedStepsMax = static_cast<std::size_t>(hw::limits::stepsMax) / 2;
    static constexpr std::size_t recordedBytesMax = hw::limits::scenarioFileBytesMax / 2;
    /// Called just before the timeline drops its oldest frames (Timeline::setBeforeDrop): writes the
    /// operations not written yet while they are all there, unless the recording is full.
    void recordBeforeDrop();
    /// Called after the timeline dropped its frames before firstFrame: the charts' numbers of those
    /// frames go too.
    void framesDropped(std::int64_t firstFrame);
    /// The session as a scenario that replays to the same frames: recordSession of the timeline, or,
    /// once the timeline dropped frames, what was written before each drop and the operations since.
    /// When the recording filled up before a drop (recordingFullAtFrame() >= 0), it ends there.
    hw::Scenario recordedSession() const;
    /// Whether an action at `frame` may fork the timeline there: not when the operations after it were
    /// already written for saving before a drop (the saved session could not take them back).
    bool canForkAt(std::int64_t frame) const;
    /// The last frame the saved session reaches when the recording filled up before the timeline
    /// dropped frames, or -1 when it reaches the last frame.
    std::int64_t recordingFullAtFrame() const { return m_recordingFullAt; }

    /// The memory budget of every timeline the session makes (limits::historyBytesDefault unless set);
    /// applies to the current timeline at once. Stepping stops at it: extend() and extendUntil() add
    /// no frame once the timeline is at its budget.
    void setMemoryBudget(std::uint64_t bytes);
    std::uint64_t memoryBudget() const { return m_memoryBudget; }

private:
    /// Makes a timeline (with its metrics) the session's, as load() and loadObserved() end.
    void install(hw::Scenario scenario, std::unique_ptr<hw::Timeline> timeline, std::unique_ptr<hw::RunMetrics> metrics,
                 bool observed);
    void recordSteps(std::int64_t count);
    /// The timeline of the scenario and ops; scriptedFrames and scriptedOps get the scripted frames
    /// and operations it keeps.
    std::unique_ptr<hw::Timeline> replay(const std::vector<SessionOp>& ops, hw::RunMetrics& metrics,
        std::int64_t& scriptedFrames, std::int64_t& scriptedOps) const;
    /// After a fork of the timeline: the scripted part ends at the fork at the latest.
    void keepScriptedWithinTimeline();
    /// A timeline that reports every new frame to `metrics` (which must outlive it).
    std::unique_ptr<hw::Timeline> observedTimeline(hw::ClusterState initial, hw::RunMetrics& metrics) const;

    hw::Scenario m_scenario;
    // The metrics live on the heap so that the timeline's observer can keep pointing at them.
    std::unique_ptr<hw::RunMetrics> m_metrics;
    std::unique_ptr<hw::Timeline> m_timeline;
    std::vector<SessionOp> m_ops;
    // What a live session wrote before its timeline dropped frames; empty until the first drop.
    std::unique_ptr<hw::SessionRecorder> m_recorder;
    std::int64_t m_recordingFullAt = -1;
    std::int64_t m_scriptedFrames = 1;
    std::int64_t m_scriptedOps = 0;
    std::uint64_t m_memoryBudget;
    bool m_observed = false;
};

} // namespace hw::ui
