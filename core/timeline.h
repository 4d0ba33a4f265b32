// SPDX-License-Identifier: MIT
#pragma once

#include "engine.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hw {

/// Text in several languages ("en", "zh_TW", "zh_CN"); English is the fallback.
struct LocalizedText {
    std::map<std::string, std::string> byLanguage;
    const std::string& get(const std::string& language) const;
    bool empty() const { return byLanguage.empty(); }
    friend bool operator==(const LocalizedText&, const LocalizedText&) = default;
};

/// What the timeline keeps per frame: small, so that a long run's frames fit in memory.
struct FrameInfo {
    TimeMs timeMs = 0;
    std::int64_t opEnd = 0; // the frame's state is the state after ops [0, opEnd)
    Event event;
    std::int32_t label = -1; // index into Timeline::labels()
    std::int32_t note = -1;  // index into Timeline::notes()
};

/// The recorded history of a run with random access to every frame.
///
/// A run is a sequence of operations: user actions and engine steps. Each operation that changes
/// what a frame shows appends one frame. The timeline keeps the operations, the per-frame info and a
/// full state snapshot every snapshotInterval frames (cheap, because logs share structure), and
/// rebuilds any frame by copying the nearest snapshot before it and replaying the operations after it.
class Timeline {
public:
    explicit Timeline(ClusterState initial, int snapshotInterval = 64);

    std::int64_t frameCount() const { return static_cast<std::int64_t>(m_frames.size()); }
    const FrameInfo& frame(std::int64_t index) const { return m_frames[static_cast<std::size_t>(index)]; }

    /// The live state: the last frame's state plus any later operations that changed nothing visible.
    const ClusterState& head() const { return m_head.state(); }

    /// The full state at a frame.
    ClusterState stateAt(std::int64_t frame) const;

    /// Applies a user action at the head. On success appends its frame and returns it.
    ApplyResult apply(const Action& action);

    /// Processes the next queued event at the head. Returns the new frame's index, or nullopt when the
    /// event changed nothing visible (or nothing was queued).
    std::optional<std::int64_t> step();

    /// Called with the head state after every new frame (the invariant checker in tests uses it).
    using Observer = std::function<void(const ClusterState&, const FrameInfo&)>;
    void setObserver(Observer observer) { m_observer = std::move(observer); }

    bool hasQueuedEvents() const { return m_head.hasQueuedEvents(); }
    TimeMs nextEventTimeMs() const { return m_head.nextEventTimeMs(); }

    /// Discards every frame after `frame` and continues the run from its state.
    void forkAt(std::int64_t frame);

    void setLabel(std::int64_t frame, const std::string& label);
    /// The index of the first frame with this label, or -1.
    std::int64_t findLabel(const std::string& label) const;
    void attachNote(std::int64_t frame, LocalizedText note);

    const std::vector<std::string>& labels() const { return m_labels; }
    const std::vector<LocalizedText>& notes() const { return m_notes; }
    const std::vector<Action>& actions() const { return m_actions; }

    /// The operation log: stepOperation for an engine step, otherwise an index into actions().
    static constexpr std::int32_t stepOperation = -1;
    std::int32_t operation(std::size_t index) const { return m_ops[index]; }

    /// Bytes held by the history (ops, frames, snapshots without their shared log nodes): an estimate
    /// for limits; the benchmarks measure real memory.
    std::size_t operationCount() const { return m_ops.size(); }
    std::size_t snapshotCount() const { return m_snapshots.size(); }

private:
    struct Snapshot {
        std::int64_t opIndex = 0;
        ClusterState state;
    };

    void addFrame(Event event);
    void replayOps(Engine& engine, std::int64_t fromOp, std::int64_t toOp) const;

    static constexpr std::int32_t stepOp = stepOperation;

    Engine m_head;
    int m_snapshotInterval;
    std::vector<std::int32_t> m_ops; // stepOp, or an index into m_actions
    std::vector<Action> m_actions;
    std::vector<FrameInfo> m_frames;
    std::vector<Snapshot> m_snapshots;
    std::vector<std::string> m_labels;
    std::vector<LocalizedText> m_notes;

    // The last rebuilt frame, so that stepping forwards one frame replays one operation.
    mutable std::unique_ptr<Snapshot> m_cache;
    Observer m_observer;
};

} // namespace hw
