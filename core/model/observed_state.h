// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/event.h"
#include "model/observed.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

/// A real cluster's poll (model/observed.h) as a ClusterState (issue 29), so that the timeline, the
/// views, the charts and the frame dump work on it as on a simulated run. HighWater's own, no Kafka
/// counterpart: no rule of Kafka is applied, the state only holds what the poll showed.
///
/// - Brokers keep the model's numbering (brokers[i].id == i + 1); ObservedInfo::brokers[i] is the real
///   node beside it. A node seen for the first time is appended; one that leaves keeps its slot (not
///   registered, offline), so a broker's model id never changes within one timeline.
/// - Each replica's log holds offsets only: log start, LEO (baseOffset, no records) and HW. An offset
///   the broker did not answer is -1 in the model (Kafka's UNKNOWN_OFFSET) and nullopt in
///   Partition::observed, which the frame writes as null; it is never made 0.
/// - The partitions keep the model's registration (model ids) beside what the poll showed in real ids
///   (Partition::observed, with the partition's health).
/// - Groups are not the model's Group (a simulated coordinator's state): ObservedInfo::groups keeps them
///   as the poll showed them, classic and KIP-848 alike.
/// - The simulation's limits::topicsMax and partitionsMax do not apply; limits::observed* do, and a poll
///   above one is refused (ObservedLimitExceeded, naming the limit).
namespace hw {

/// A poll beyond one of limits::observed*: the message names the limit and what the poll had.
class ObservedLimitExceeded : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// The state that shows `poll`. With `previous` (the observed state before it in the same timeline),
/// its brokers keep their model ids and new ones are appended after them. Throws ObservedLimitExceeded
/// above limits::observed*, std::invalid_argument for a poll the state cannot hold (a topic named twice,
/// a partition index repeated or negative).
ClusterState observedState(const ObservedCluster& poll, const ClusterState* previous = nullptr);

/// What changed from one observed state to the next: all the timeline keeps of a poll (Timeline's
/// operation log), so that it costs what changed, not the cluster's size.
struct ObservedDelta {
    ObservedPollInfo poll; // always: the clock and the poll's own facts
    std::optional<std::vector<ObservedBrokerSlot>> brokers; // all of them, when any changed (at most 32)
    /// Set when topics were added, removed or changed (their ids, min ISR, partition count).
    struct Topics {
        std::vector<Topic> topics;
        std::vector<ObservedTopicInfo> infos;
        std::vector<std::int32_t> partitionSource; // per new partition: its index before, -1 for a new one
        friend bool operator==(const Topics&, const Topics&) = default;
    };
    std::optional<Topics> topics;
    std::vector<std::pair<std::int32_t, Partition>> partitions; // changed or new, by their index after
    std::vector<ObservedGroupFacts> groups;                     // changed or new
    std::vector<std::string> groupsRemoved;
    friend bool operator==(const ObservedDelta&, const ObservedDelta&) = default;
};

/// The delta that turns `before` into `after` (both observed states, `after` from observedState with
/// `before` as its previous).
ObservedDelta observedDelta(const ClusterState& before, const ClusterState& after);

/// Applies a delta: `state` becomes the state observedDelta was given as `after`.
void applyObservedDelta(ClusterState& state, const ObservedDelta& delta);

/// Whether a frame shows the delta: anything besides the poll's time and duration changed.
bool observedDeltaVisible(const ObservedDelta& delta, const ObservedPollInfo& before);

/// The event of an observed frame (EventType::ObservedPoll) from the states before and after the poll.
Event observedPollEvent(const ClusterState& before, const ClusterState& after);
/// The event of the first poll (the observed timeline's frame 0).
Event firstObservedPollEvent(const ClusterState& state);

/// The lag of a group's committed offset: the partition's HW (its leader's) minus the offset; nullopt
/// when the partition, its leader's HW or the committed offset is not known (a negative offset: none).
std::optional<Offset> observedLag(const ClusterState& state, const ObservedCommittedOffset& committed);

/// The partition's index in ClusterState::partitions, or -1.
std::int32_t findObservedPartition(const ClusterState& state, const std::string& topic, std::int32_t partition);

} // namespace hw
