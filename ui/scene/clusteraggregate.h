// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <cstdint>
#include <string>
#include <vector>

/// The large cluster's aggregate (issue 29: "32 brokers x 1,024 partitions keep the view legible.
/// Aggregate per broker (leaders, followers, under-replicated, offline) with drill-down to a topic and a
/// partition"). Plain functions of a ClusterState, no Qt, so that the counts are tested on their own; the
/// cluster view draws them (AggregateLayout). HighWater's own, no Kafka counterpart: the health levels are
/// Kafka's (PartitionHealth, model/observed.h), the grouping per broker is the view's.
///
/// Each partition counts once per broker holding a replica of it, at its worst health (offline, under
/// min ISR, at min ISR, under-replicated, healthy: PartitionHealth's order), so that a card's health
/// counts add up to the replicas it holds. Kafka's gauges count each level on its own (an offline
/// partition is under min ISR too); the card shows the one that matters first.
namespace hw::ui {

/// How a broker's card says what the broker is doing. Observed states know a broker fenced, not
/// answering or gone (no longer registered); simulated ones offline, isolated or fenced.
enum class CardState : std::uint8_t { Online, Fenced, NotAnswering, Gone, Offline, Isolated };

/// One broker's share of the cluster.
struct BrokerAggregate {
    hw::BrokerId broker = 0;   // the model's id (1..N)
    std::int32_t nodeId = 0;   // the id the cluster names it by: the real node id of an observed state
    CardState state = CardState::Online;
    int replicas = 0;          // replicas it holds
    int leaders = 0;           // partitions it leads
    int followers = 0;         // replicas it holds and does not lead
    int healthy = 0;           // replicas it holds, each of its partition's health (worst only, see above)
    int underReplicated = 0;
    int atMinIsr = 0;
    int underMinIsr = 0;
    int offline = 0;
    int unknownOffsets = 0;    // replicas whose LEO or HW the poll did not tell (observed)
    int hwAboveLeo = 0;        // replicas whose HW was read above their LEO (a poll is not atomic)
    std::vector<std::int32_t> topics; // indexes into ClusterState::topics of the topics it holds, in order
    friend bool operator==(const BrokerAggregate&, const BrokerAggregate&) = default;
};

/// One topic's replicas on one broker.
struct TopicAggregate {
    std::int32_t topic = 0;    // index into ClusterState::topics
    int replicas = 0;
    int leaders = 0;
    int followers = 0;
    int healthy = 0;
    int underReplicated = 0;
    int atMinIsr = 0;
    int underMinIsr = 0;
    int offline = 0;
    std::vector<std::int32_t> partitions; // indexes into ClusterState::partitions held by the broker, in order
    friend bool operator==(const TopicAggregate&, const TopicAggregate&) = default;
};

/// The health of a partition: an observed one's as the poll showed it; a simulated one's by the same
/// rules (hw::partitionHealth) from the controller's registration, min.insync.replicas and live brokers.
hw::PartitionHealth partitionHealthOf(const hw::ClusterState& state, const hw::Partition& partition);

/// The state a broker's card shows.
CardState cardStateOf(const hw::ClusterState& state, hw::BrokerId broker);

/// The id the views name a broker by: the real node id in an observed state, else the model's id.
std::int32_t nodeIdOf(const hw::ClusterState& state, hw::BrokerId broker);

/// Every broker's aggregate, in the model's broker order.
std::vector<BrokerAggregate> aggregateBrokers(const hw::ClusterState& state);

/// The topics one broker holds, each with its counts and partitions, in topic order.
std::vector<TopicAggregate> aggregateTopics(const hw::ClusterState& state, hw::BrokerId broker);

/// Whether a replica's offsets are not all known (LEO or HW unknown: -1 in the model, nullopt in the poll).
bool offsetsUnknown(const hw::Replica& replica);
/// Whether a replica's HW was read above its LEO (both known): a poll is not atomic.
bool hwAboveLeo(const hw::Replica& replica);

/// The replica rows the detailed cluster view draws before the cluster view aggregates. Scaled to fit
/// 1280x720, the smallest window HighWater is made for, the rows' smallest text comes out at 5.0 px with
/// 64 rows on 3 brokers (7.5 px at 1920x1080); with more rows it shrinks further (4.8 px at 96 rows on 3
/// brokers, 4.3 px on 12), while the aggregate's cards keep their text at 8 px and more at 1280x720
/// (ObservedScene.AtTheThresholdTheDetailedViewStillReads..., ObservedScene.PicturesKeep...). It stays
/// above the simulated clusters the lessons and hw_bench_render draw (54 rows at most).
inline constexpr int detailedReplicaRowsMax = 64;

/// Whether the cluster view shows the aggregate for this state: more replica rows than
/// detailedReplicaRowsMax.
bool aggregateClusterView(const hw::ClusterState& state);

} // namespace hw::ui
