// SPDX-License-Identifier: MIT
#pragma once

#include "engine/engine.h"
#include "model/limits.h"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/// The history of a run (HighWater's own, no Kafka counterpart): every frame's event, snapshots
/// spaced by the state's size, replay to any frame, forks, labels and notes, within a memory budget.
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

/// Thrown by Timeline::step and Timeline::apply when the history already holds its memory budget:
/// the operation is not carried out, so the timeline stays whole and every frame so far is usable.
class MemoryBudgetReached : public std::runtime_error {
public:
    MemoryBudgetReached(std::uint64_t budgetBytes, std::int64_t frame, TimeMs timeMs);
    std::uint64_t budgetBytes() const { return m_budgetBytes; }
    std::int64_t frame() const { return m_frame; } // the last frame the timeline holds
    TimeMs timeMs() const { return m_timeMs; }     // its simulated time

private:
    std::uint64_t m_budgetBytes;
    std::int64_t m_frame;
    TimeMs m_timeMs;
};

/// Thrown by Timeline::stateAt and forkAt for a frame the timeline dropped to stay within its budget
/// (setDropsOldestFrames): it existed, and is gone.
class FrameDropped : public std::out_of_range {
public:
    FrameDropped(std::int64_t frame, std::int64_t firstFrame);
};

/// "4 GiB", "512 MiB", "1.5 GiB", "1000 bytes": a byte count as people read it.
std::string formatByteSize(std::uint64_t bytes);
/// Reads "4GiB", "512MiB", "64KiB", "1GB" (powers of 1000 for kB, MB, GB, TB) or a plain byte count.
/// Returns nullopt for anything else, zero, or more than 2^63 bytes.
std::optional<std::uint64_t> parseByteSize(const std::string& text);

/// The heap bytes a full copy of the state holds besides the log nodes, which copies share: what a
/// snapshot without sharing costs, and about what restoring one copies. A deterministic estimate
/// from the containers' sizes and capacities.
std::size_t estimateStateBytes(const ClusterState& state);

/// The recorded history of a run with random access to every frame.
///
/// A run is a sequence of operations: user actions and engine steps. Each operation that changes
/// what a frame shows appends one frame. The timeline keeps the operations, the per-frame info and
/// snapshots of the state, and rebuilds any frame by restoring the nearest snapshot before it and
/// replaying the operations after it.
///
/// A snapshot costs what changed since the one before: it holds each partition, broker, producer,
/// consumer and queued event behind a shared pointer and reuses the previous snapshot's pointer
/// for every part that is still equal (logs already share their nodes, see PVector). Snapshots are
/// spaced by the state's size: one is taken once the history has grown by the state's size divided by
/// snapshotGrowthDivisor since the last (frames, operations, actions and produced records), and never
/// less than minSnapshotInterval frames after it. A snapshot's unshared part is at most the state's
/// size, so snapshots hold at most snapshotGrowthDivisor times what the rest of the history holds,
/// however large the cluster is; a rebuild replays few operations where each operation brings much
/// data (the next snapshot is due soon) and more where operations are small and the state is large.
///
/// The history's memory is accounted (historyBytes(), an estimate from the sizes of what it holds)
/// and bounded by a budget (limits::historyBytesDefault unless set): once the history holds its
/// budget, step() and apply() throw MemoryBudgetReached instead of growing it further, or, in live
/// mode (setDropsOldestFrames), drop the oldest frames and go on: the first kept snapshot becomes the
/// first frame (firstFrame()), frames keep their numbers, and the frames kept rebuild exactly as before.
///
/// An observed timeline (issue 29) starts from observedState(first poll) and grows by applyObserved():
/// its operations are polls, each kept as the delta from the state before it (model/observed_state.h),
/// so that a quiet cluster's polls cost what changed, not the cluster's size; replay applies the deltas.
class Timeline {
public:
    /// snapshotInterval 0 spaces snapshots by the state's size (the class comment); N > 0 takes one
    /// exactly every N frames instead (tests use it to snapshot often).
    explicit Timeline(ClusterState initial, int snapshotInterval = 0);

    /// The fewest frames between two snapshots spaced by the state's size.
    static constexpr int minSnapshotInterval = 128;

    /// A snapshot is due once the history grew by the state's size divided by this (the class comment).
    static constexpr std::uint64_t snapshotGrowthDivisor = 2;
    /// What the history holds besides snapshots, the head and the cache, for snapshot spacing: frames,
    /// operations, actions and produced records, from their counts.
    std::uint64_t growthBytes() const;

    /// Frames made so far: the next frame's number. Frames below firstFrame() were dropped.
    std::int64_t frameCount() const { return static_cast<std::int64_t>(m_frames.size()); }
    /// The oldest frame kept: 0 unless the timeline dropped frames to stay within its budget.
    std::int64_t firstFrame() const { return m_firstFrame; }
    /// A kept frame (firstFrame() <= index < frameCount()).
    const FrameInfo& frame(std::int64_t index) const { return m_frames[static_cast<std::size_t>(index)]; }

    /// The live state: the last frame's state plus any later operations that changed nothing visible.
    const ClusterState& head() const { return m_head.state(); }

    /// The full state at a frame. Throws FrameDropped below firstFrame(), std::out_of_range past the end.
    ClusterState stateAt(std::int64_t frame) const;

    /// Applies a user action at the head. On success appends its frame and returns it. Throws
    /// MemoryBudgetReached (and does nothing) when the history holds its budget.
    ApplyResult apply(const Action& action);

    /// Processes the next queued event at the head. Returns the new frame's index, or nullopt when the
    /// event changed nothing visible (or nothing was queued). Throws MemoryBudgetReached (and does
    /// nothing) when the history holds its budget.
    std::optional<std::int64_t> step();

    /// A poll of a real cluster, at the head of an observed timeline (one made from observedState()).
    /// Returns the new frame's index, or nullopt when nothing a frame shows changed (only the poll's
    /// time and duration): then nothing is kept and the head stays as it was. Throws
    /// ObservedLimitExceeded (a poll above limits::observed*) or std::invalid_argument (a poll the state
    /// cannot hold) and MemoryBudgetReached, each leaving the timeline as it was; std::logic_error on a
    /// simulated timeline.
    std::optional<std::int64_t> applyObserved(const ObservedCluster& poll);

    /// Called with the head state after every new frame (the invariant checker in tests uses it).
    using Observer = std::function<void(const ClusterState&, const FrameInfo&)>;
    void setObserver(Observer observer) { m_observer = std::move(observer); }

    /// Where live clients' answers go as the head delivers them (highwater-cli serve). Frames rebuilt
    /// from snapshots never reach it: only the head writes to sockets.
    void setLiveClientSink(LiveClientSink* sink) { m_head.setLiveClientSink(sink); }

    /// Live mode: at the budget, drop the oldest frames (about dropFraction of the budget's worth,
    /// from the first frame to a snapshot) instead of throwing MemoryBudgetReached, so the run never
    /// stops. What the head state itself holds (the logs) is not history and is not dropped: when the
    /// head alone exceeds the budget, the timeline keeps its last snapshot's frames and grows.
    void setDropsOldestFrames(bool drop) { m_dropsOldest = drop; }
    static constexpr std::uint64_t dropFraction = 4; // a drop frees about a quarter of the budget
    /// Called after frames were dropped, with the new first frame and how many went.
    using DropObserver = std::function<void(std::int64_t firstFrame, std::int64_t dropped)>;
    void setDropObserver(DropObserver observer) { m_dropObserver = std::move(observer); }
    /// Called just before frames are dropped, while they are all still there (a recording ends).
    using BeforeDrop = std::function<void()>;
    void setBeforeDrop(BeforeDrop before) { m_beforeDrop = std::move(before); }

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

    std::size_t actionCount() const { return m_actionBase + m_actions.size(); }
    /// The user action of that index, as it was applied. A produce action's values are kept once, as
    /// the records it made in the payload store, and read back from there.
    Action action(std::size_t index) const;

    /// The operation log: stepOperation for an engine step, an index of action() (0 or more), or an
    /// observed poll: observedOperation(n) for the n-th poll kept (applyObserved), at or below -2.
    static constexpr std::int32_t stepOperation = -1;
    static constexpr std::int32_t observedOperation(std::size_t poll) { return -2 - static_cast<std::int32_t>(poll); }
    /// Polls kept so far (applyObserved), counting dropped ones, and the delta of a kept one.
    std::size_t observedCount() const { return m_observedBase + m_observed.size(); }
    const ObservedDelta& observedDelta(std::size_t index) const { return m_observed[index - m_observedBase]; }
    /// Operations and actions keep their numbers when the oldest are dropped; those below the first
    /// kept frame's operations are gone.
    std::int32_t operation(std::size_t index) const { return m_ops[index - m_opBase]; }

    std::size_t operationCount() const { return m_opBase + m_ops.size(); }
    std::size_t snapshotCount() const { return m_snapshots.size(); }
    /// The bytes snapshot `index` holds that the one before it does not (its parts that changed).
    std::size_t snapshotOwnBytes(std::size_t index) const { return m_snapshots[index].ownBytes; }
    /// The frame of each snapshot, in order (the first is frame 0).
    std::vector<std::int64_t> snapshotFrames() const;

    /// The memory budget of the history in bytes (limits::historyBytesDefault unless set).
    std::uint64_t memoryBudget() const { return m_memoryBudget; }
    /// Sets the budget; it is checked before the next operation. Throws std::invalid_argument outside
    /// limits::historyBytesMin..limits::historyBytesMax.
    void setMemoryBudget(std::uint64_t bytes);
    /// The bytes the history holds, estimated deterministically from what it keeps: the frames, the
    /// operations and actions, the snapshots' unshared parts, the head state and the rebuild cache,
    /// and the log and payload nodes. Updated with every frame.
    std::uint64_t historyBytes() const { return m_historyBytes; }
    /// True once historyBytes() reached memoryBudget(): the next step() or apply() throws.
    bool atMemoryBudget() const { return m_historyBytes >= m_memoryBudget; }

private:
    /// A state with its large parts behind shared pointers, so that consecutive snapshots share
    /// whatever did not change between them.
    struct Snapshot {
        std::int64_t opIndex = 0;
        std::int64_t frame = 0;
        std::uint64_t growthMark = 0; // growthBytes() when it was taken
        ClusterState rest;          // the state without the parts below (their vectors are empty)
        std::vector<std::shared_ptr<const Partition>> partitions;
        std::vector<std::shared_ptr<const Broker>> brokers;
        std::vector<std::shared_ptr<const Producer>> producers;
        std::vector<std::shared_ptr<const Consumer>> consumers;
        std::vector<std::shared_ptr<const QueuedEvent>> queue; // in the heap's order
        std::size_t ownBytes = 0;   // what this snapshot added: its parts not shared with the one before
        std::size_t stateBytes = 0; // estimateStateBytes of the full state
        std::size_t logBytes = 0;   // the log, batch, received-record and payload nodes of the state
    };
    struct Cache {
        std::int64_t opIndex = 0;
        ClusterState state;
    };

    /// Frames in fixed-size chunks: appending never moves the frames already kept, so a long run never
    /// needs twice its frames' memory while a vector grows, and references stay valid.
    class FrameStore {
    public:
        std::size_t size() const { return m_size; }
        const FrameInfo& operator[](std::size_t i) const { return (*m_chunks[i / chunkFrames - m_droppedChunks])[i % chunkFrames]; }
        FrameInfo& operator[](std::size_t i) { return (*m_chunks[i / chunkFrames - m_droppedChunks])[i % chunkFrames]; }
        FrameInfo& back() { return (*this)[m_size - 1]; }
        void push_back(FrameInfo frame);
        void truncate(std::size_t n);
        /// Frees the chunks wholly below frame `first` (the frames stay numbered as before).
        void dropBelow(std::size_t first);
        std::size_t chunkCount() const { return m_chunks.size(); }
        static constexpr std::size_t chunkFrames = 1024;

    private:
        std::deque<std::unique_ptr<std::vector<FrameInfo>>> m_chunks;
        std::size_t m_droppedChunks = 0;
        std::size_t m_size = 0;
    };

    void addFrame(Event event);
    void checkBudget();
    bool dropOldest();
    void takeSnapshot(std::int64_t frame, std::int64_t opIndex);
    void updateHistoryBytes();
    void countPayloadTexts();
    static ClusterState restore(const Snapshot& snapshot);
    void replayOps(Engine& engine, std::int64_t fromOp, std::int64_t toOp) const;
    void applyRecorded(Engine& engine, std::size_t action) const;

    static constexpr std::int32_t stepOp = stepOperation;
    static std::size_t observedIndex(std::int32_t code) { return static_cast<std::size_t>(-2 - static_cast<std::int64_t>(code)); }

    Engine m_head;
    int m_snapshotInterval; // 0: spaced by the state's size
    std::vector<std::int32_t> m_ops; // stepOp, or an index into m_actions
    // The applied actions; a produce action without its values, which are its records' payloads.
    std::vector<Action> m_actions;
    struct ProducedRecords {
        std::int32_t firstPayload = -1; // -1: not a produce action
        std::int32_t count = 0;
    };
    std::vector<ProducedRecords> m_produced; // per action
    std::vector<ObservedDelta> m_observed; // per observed poll kept (observedOperation)
    std::size_t m_observedBase = 0;        // polls dropped before m_observed[0]
    std::uint64_t m_observedHeapBytes = 0; // the deltas' own heap
    FrameStore m_frames;
    std::deque<Snapshot> m_snapshots;
    std::int64_t m_firstFrame = 0;
    std::size_t m_opBase = 0;      // operations dropped before m_ops[0]
    std::size_t m_actionBase = 0;  // actions dropped before m_actions[0]
    std::uint64_t m_growthDropped = 0; // heap bytes dropped, so that growthBytes() never goes back
    bool m_dropsOldest = false;
    DropObserver m_dropObserver;
    BeforeDrop m_beforeDrop;
    std::vector<std::string> m_labels;
    std::vector<LocalizedText> m_notes;

    // Accounting: bytes that change only when a snapshot is taken or the history is cut, plus the
    // running counts of what every frame and action adds.
    std::uint64_t m_memoryBudget;
    std::uint64_t m_historyBytes = 0;
    std::uint64_t m_snapshotBytes = 0;   // sum of the snapshots' ownBytes
    std::uint64_t m_frameHeapBytes = 0;  // event texts longer than the short-string buffer
    std::uint64_t m_actionHeapBytes = 0; // the actions' own heap (produced values)
    std::uint64_t m_textBytes = 0;       // labels and notes
    /// Heap bytes counted per leaf of a PVector of the head's state, so that the leaves it releases
    /// (PVector::releaseLeaves) leave the count: the payload texts of the records retention deleted.
    struct LeafBytes {
        std::deque<std::uint64_t> perLeaf; // leaves firstLeaf, firstLeaf + 1, ... not settled yet
        std::size_t firstLeaf = 0;
        std::uint64_t total = 0;
        void add(std::size_t index, std::uint64_t bytes);
        template <typename T>
        void released(const PVector<T>& v);
    };
    LeafBytes m_payloadTexts;     // keys and values of the payloads held, [0, m_payloadsCounted)
    LeafBytes m_liveRecordTexts;  // live records' headers, [0, m_liveRecordsCounted)
    std::size_t m_payloadsCounted = 0;
    std::size_t m_liveRecordsCounted = 0;

    // The last rebuilt frame, so that stepping forwards one frame replays one operation. It is kept
    // when a request goes on from the one before (m_lastFrame), not on a jump (stateAt).
    mutable std::unique_ptr<Cache> m_cache;
    mutable std::int64_t m_lastFrame = -1;
    Observer m_observer;
};

} // namespace hw
