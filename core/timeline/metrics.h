// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/limits.h"
#include "model/observed_state.h"

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

/// Per-frame numbers of a run, for the charts: each replica's LEO, the partition HW, the ISR size,
/// leader changes, each group's lag and each producer's acknowledged and failed records.
///
/// They are collected as the frames are made (Timeline's observer calls record() with the head
/// state), because rebuilding every frame's state afterwards would cost a replay per frame. Only
/// changes are kept: a value that stays the same over a thousand frames is one entry.
namespace hw {

static_assert(limits::framesMax <= std::numeric_limits<std::int32_t>::max(), "frame indices are kept as 32 bits");

/// A value over the frames of a run, kept as change points: the value at frame f is the value of
/// the last change at or before f. unknownValue marks a stretch where the value cannot be read (a
/// partition without a leader has no readable HW).
class StepSeries {
public:
    static constexpr std::int64_t unknownValue = -1;

    /// Records the value at `frame`; frames must not decrease. Adds a change point only when the
    /// value differs from the last one.
    void set(std::int32_t frame, std::int64_t value);
    /// Forgets the changes at frames >= frameCount.
    void truncate(std::int64_t frameCount);
    /// Forgets the changes before `frame` (the timeline dropped those frames); the value at `frame`
    /// stays, as a change point at `frame`.
    void dropBefore(std::int64_t frame);

    std::size_t size() const { return m_frames.size(); }
    bool empty() const { return m_frames.empty(); }
    std::int32_t frameAt(std::size_t i) const { return m_frames[i]; }
    std::int64_t valueAt(std::size_t i) const { return m_values[i]; }
    /// The value at a frame; nullopt before the first change point.
    std::optional<std::int64_t> valueAtFrame(std::int64_t frame) const;

    friend bool operator==(const StepSeries&, const StepSeries&) = default;

private:
    std::vector<std::int32_t> m_frames;
    std::vector<std::int64_t> m_values;
};

/// A new leader (or no leader: noLeader) or a new leader epoch, as the controller registered it.
struct LeaderChange {
    std::int32_t frame = 0;
    BrokerId leader = noLeader;
    std::int32_t epoch = 0;
    friend bool operator==(const LeaderChange&, const LeaderChange&) = default;
};

struct PartitionMetrics {
    std::vector<BrokerId> replicas; // brokers, in assignment order
    std::vector<StepSeries> leo;    // per replica, in assignment order
    StepSeries hw;                  // the current leader's HW; unknownValue without a leader
    std::vector<StepSeries> replicaHw; // an observed run's only: per replica, the HW its broker answered
    StepSeries isrSize;             // the controller's committed ISR
    std::vector<LeaderChange> leaderChanges; // after frame 0
    BrokerId lastLeader = noLeader;
    std::int32_t lastEpoch = -1;
    friend bool operator==(const PartitionMetrics&, const PartitionMetrics&) = default;
};

/// Lag as kafka-consumer-groups shows it: the partition's HW minus the group's committed offset.
struct GroupPartitionLag {
    std::int32_t partition = 0; // index into RunMetrics::partitions()
    StepSeries lag;             // unknownValue while the partition has no leader or no commit
    friend bool operator==(const GroupPartitionLag&, const GroupPartitionLag&) = default;
};

struct GroupMetrics {
    std::vector<GroupPartitionLag> partitions; // in the order they were first committed
    std::vector<std::int32_t> slotOfPartition; // index into partitions per RunMetrics::partitions(), -1: none
    StepSeries totalLag;                       // the sum of the known lags; unknownValue when none is known
    friend bool operator==(const GroupMetrics&, const GroupMetrics&) = default;
};

/// Records of finished sends, cumulative.
struct ProducerMetrics {
    StepSeries acked;
    StepSeries failed;
    // A batch is counted once, when it is first seen finished (acknowledged or failed is final). The
    // batches before scannedUpTo that were still open are listed, so that a frame looks only at them
    // and at new batches, however long the producer's history (Producer::firstOpenBatch stops at the
    // oldest open batch, and many finished ones can lie behind it).
    std::int64_t scannedUpTo = 0;
    std::vector<std::int64_t> open;
    std::int64_t ackedRecords = 0;
    std::int64_t failedRecords = 0;
    friend bool operator==(const ProducerMetrics&, const ProducerMetrics&) = default;
};

class RunMetrics {
public:
    /// Forgets everything and records `initial` as frame 0.
    void reset(const ClusterState& initial);
    /// Records the next frame's state.
    void record(const ClusterState& state);
    /// Keeps the first frameCount frames (a fork discarded the rest); `lastState` is the state of
    /// the last frame kept, which the incremental counters restart from.
    void truncate(std::int64_t frameCount, const ClusterState& lastState);
    /// Forgets the numbers of the frames before `frame`, which the timeline dropped to stay within its
    /// memory budget (Timeline::setDropsOldestFrames): the charts' memory stays bounded with it. Each
    /// value at `frame` stays; frames keep their numbers.
    void dropBefore(std::int64_t frame);

    std::int64_t frameCount() const { return m_frameCount; }
    /// The first frame whose numbers are kept: 0 unless dropBefore dropped some.
    std::int64_t firstFrame() const { return m_firstFrame; }
    /// A simulated run's partitions are ClusterState::partitions, by index. An observed run's (issue 29) are
    /// by topic name and partition number (observedPartitions()), since a topic created or deleted between
    /// two polls moves the partitions after it in ClusterState::partitions: each keeps its slot once seen.
    const std::vector<PartitionMetrics>& partitions() const { return m_partitions; }
    /// The index into partitions() of ClusterState::partitions[index] in `state` (a frame of this run), or
    /// -1 when it was never recorded.
    std::int32_t partitionSlot(const ClusterState& state, std::int32_t index) const;
    /// An observed run's partitions, by slot of partitions().
    const std::vector<ObservedTopicPartition>& observedPartitions() const { return m_observedPartitions; }
    /// A simulated run's groups are ClusterState::groups, by index. An observed run's (issue 29) are by
    /// the ids here: a group keeps its slot once seen, also after it is gone (its lag then unknown).
    const std::vector<GroupMetrics>& groups() const { return m_groups; }
    const std::vector<std::string>& observedGroupIds() const { return m_observedGroupIds; }
    const std::vector<ProducerMetrics>& producers() const { return m_producers; }

    friend bool operator==(const RunMetrics&, const RunMetrics&) = default;

private:
    void sample(std::int32_t frame, const ClusterState& state);
    void resizeTo(const ClusterState& state);
    static void countSends(ProducerMetrics& metrics, const Producer& producer);
    std::size_t observedGroupSlot(const std::string& id) const;
    std::size_t observedPartitionSlot(const std::string& topic, std::int32_t partition) const;

    std::int64_t m_frameCount = 0;
    std::int64_t m_firstFrame = 0;
    std::vector<PartitionMetrics> m_partitions;
    std::vector<GroupMetrics> m_groups;
    std::vector<std::string> m_observedGroupIds; // an observed run's groups, by slot
    std::vector<ObservedTopicPartition> m_observedPartitions; // an observed run's partitions, by slot
    std::vector<std::int32_t> m_slotOfIndex; // the last state's partition index -> slot of partitions()
    std::vector<std::pair<std::string, std::int32_t>> m_slotTopics; // the topics m_slotOfIndex was made for
    // The slots by key: every frame of a cluster of limits::observedPartitionsMax partitions looks each one up.
    std::map<std::pair<std::string, std::int32_t>, std::size_t> m_observedPartitionSlots;
    std::map<std::string, std::size_t, std::less<>> m_observedGroupSlots;
    std::vector<ProducerMetrics> m_producers;
};

} // namespace hw
