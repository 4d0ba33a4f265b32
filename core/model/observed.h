// SPDX-License-Identifier: MIT
#pragma once

#include "model/ids.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// What one poll of a running Kafka cluster saw (issue 29, "Observe a real Kafka cluster"): the facts
/// Kafka's describe, list and fetch APIs show, in Kafka's own numbering (node ids as the cluster names
/// them, not the model's 1..N). realkafka's ClusterObserver fills it; the timeline turns each poll that
/// changed something into an observed frame. No rule of Kafka is applied to it: a poll is not an atomic
/// snapshot (LEO and HW come from different requests), so a HW above a LEO is a fact here, not an error.
/// Where each field comes from, per Kafka version, is in docs/real-kafka.md, section "Observing a cluster".
namespace hw {

using Offset = std::int64_t;

/// A partition's health as Kafka's broker metrics and KIP-427 name it, from the best to the worst. When
/// several hold, the worst shows (an offline partition is also under min ISR, and so on).
enum class PartitionHealth : std::uint8_t {
    Healthy,
    UnderReplicated, // Partition.isUnderReplicated: ISR smaller than the replicas
    AtMinIsr,        // Partition.isAtMinIsr: ISR size == min(min.insync.replicas, replicas)
    UnderMinIsr,     // Partition.isUnderMinIsr: ISR size < min(min.insync.replicas, replicas)
    Offline,         // no leader, or a leader that is not a live broker (OfflinePartitionsCount)
};
/// "healthy", "under-replicated", "at-min-isr", "under-min-isr", "offline": the frame format's words.
std::string_view partitionHealthName(PartitionHealth health);

/// One replica of a partition as the broker holding it answered this poll.
struct ObservedReplicaFacts {
    std::int32_t broker = -1;         // the node id
    std::optional<Offset> logStart;   // ListOffsets EARLIEST (-2 timestamp) with replica_id -2, or Fetch's LogStartOffset
    std::optional<Offset> leo;        // ListOffsets LATEST with replica_id -2 (the debugging id): the replica's own LEO
    std::optional<Offset> hw;         // a sessionless probe Fetch (v11+) at the LEO: that broker's local HW
    std::string error;                // the broker's error for this replica ("NOT_LEADER_OR_FOLLOWER"), "" for none;
                                      // nullopt offsets with no error: the broker did not answer this poll
    friend bool operator==(const ObservedReplicaFacts&, const ObservedReplicaFacts&) = default;
};

struct ObservedPartitionFacts {
    std::int32_t partition = 0;
    std::int32_t leader = -1;         // -1: none
    std::int32_t leaderEpoch = -1;
    std::vector<std::int32_t> replicas; // the assignment, in Kafka's order
    std::vector<std::int32_t> isr;
    std::optional<std::vector<std::int32_t>> elr;          // DescribeTopicPartitions (3.8+); nullopt: not known
    std::optional<std::vector<std::int32_t>> lastKnownElr; // likewise
    std::vector<std::int32_t> offlineReplicas;
    std::vector<ObservedReplicaFacts> replicaFacts;        // one per replicas[i], in the same order
    friend bool operator==(const ObservedPartitionFacts&, const ObservedPartitionFacts&) = default;
};

struct ObservedTopicFacts {
    std::string name;
    std::string topicId;                       // the Uuid as Kafka prints it (base64), "" when not known
    std::optional<std::int32_t> minInsyncReplicas; // DescribeConfigs min.insync.replicas; nullopt: not known
    std::vector<ObservedPartitionFacts> partitions; // by partition index
    friend bool operator==(const ObservedTopicFacts&, const ObservedTopicFacts&) = default;
};

struct ObservedBrokerFacts {
    std::int32_t id = -1;
    std::string host;
    std::int32_t port = 0;
    std::string rack;     // "" when none
    bool fenced = false;  // DescribeCluster v2 IsFenced (4.0+); false when fencing is not known
    bool answered = true; // whether it answered every request this poll sent it
    std::string error;    // why not, for the view ("connection refused", "timed out after 10000 ms")
    friend bool operator==(const ObservedBrokerFacts&, const ObservedBrokerFacts&) = default;
};

struct ObservedTopicPartition {
    std::string topic;
    std::int32_t partition = 0;
    friend bool operator==(const ObservedTopicPartition&, const ObservedTopicPartition&) = default;
};

struct ObservedGroupMember {
    std::string memberId;
    std::string instanceId; // group.instance.id, "" when none
    std::string clientId;
    std::string clientHost;
    std::int32_t memberEpoch = -1; // KIP-848 (ConsumerGroupDescribe); -1 for a classic group's member
    std::vector<ObservedTopicPartition> assignment;
    std::vector<ObservedTopicPartition> targetAssignment; // KIP-848 only
    friend bool operator==(const ObservedGroupMember&, const ObservedGroupMember&) = default;
};

struct ObservedCommittedOffset {
    std::string topic;
    std::int32_t partition = 0;
    Offset offset = -1;
    friend bool operator==(const ObservedCommittedOffset&, const ObservedCommittedOffset&) = default;
};

struct ObservedGroupFacts {
    std::string id;
    std::string type;          // "classic" or "consumer" (KIP-848), from ListGroups v5
    std::string state;         // as Kafka names it: Stable, Empty, PreparingRebalance, ..., Assigning, Reconciling
    std::string protocolType;  // "consumer", "" for a KIP-848 group
    std::string protocol;      // the assignor chosen (classic) or the server assignor (KIP-848)
    std::int32_t coordinator = -1;
    std::int32_t groupEpoch = -1;      // KIP-848 only
    std::int32_t assignmentEpoch = -1; // KIP-848 only
    std::vector<ObservedGroupMember> members;
    std::vector<ObservedCommittedOffset> committed; // OffsetFetch; lag is each partition's HW minus this
    friend bool operator==(const ObservedGroupFacts&, const ObservedGroupFacts&) = default;
};

/// One poll of the whole cluster.
struct ObservedCluster {
    std::string clusterId;
    std::int32_t controllerId = -1; // DescribeCluster's ControllerId: in KRaft a random live broker, not the controller
    std::string kafkaVersion;       // as far as the observer can tell ("4.4.x" from ApiVersions), "" when not known
    TimeMs timeMs = 0;              // wall-clock milliseconds since observing started, when the poll began
    std::int32_t intervalMs = 1000; // the polling interval asked for
    std::int32_t pollMs = 0;        // how long this poll took
    bool stretched = false;         // the poll outlasted the interval, so the next one starts late
    bool fencingKnown = false;      // DescribeCluster v2 (4.0+) told which brokers are fenced
    bool elrKnown = false;          // DescribeTopicPartitions (3.8+) told the ELR
    std::vector<ObservedBrokerFacts> brokers; // by id
    std::vector<ObservedTopicFacts> topics;   // by name; internal topics are left out
    std::vector<ObservedGroupFacts> groups;   // by id
    friend bool operator==(const ObservedCluster&, const ObservedCluster&) = default;
};

// ---- How a ClusterState holds an observed cluster (ClusterState::observed, Partition::observed) ----
// Added for the observed frames (model/observed_state.h builds them); the types above are the
// observer's contract and stay as they are.

/// The cluster-wide facts of one poll that a frame shows besides brokers, topics and groups.
struct ObservedPollInfo {
    std::string clusterId;
    std::int32_t controllerId = -1; // a real node id
    std::string kafkaVersion;
    TimeMs timeMs = 0;
    std::int32_t intervalMs = 1000;
    std::int32_t pollMs = 0;
    bool stretched = false;
    bool fencingKnown = false;
    bool elrKnown = false;
    friend bool operator==(const ObservedPollInfo&, const ObservedPollInfo&) = default;
};

/// One broker of an observed timeline: the model's broker index + 1 is this real node for the whole
/// timeline. A broker that leaves the cluster keeps its slot (present false), so ids stay stable.
struct ObservedBrokerSlot {
    ObservedBrokerFacts facts; // facts.id: the real node id; the rest as last seen
    bool present = true;       // in this poll (DescribeCluster, or named by a partition's replicas)
    /// Registered, not fenced and answering: may lead (partitionHealth's live brokers).
    bool live() const { return present && facts.answered && !facts.fenced; }
    friend bool operator==(const ObservedBrokerSlot&, const ObservedBrokerSlot&) = default;
};

/// What an observed topic has besides the model's Topic (name, partition count).
struct ObservedTopicInfo {
    std::string topicId;
    std::optional<std::int32_t> minInsyncReplicas;
    friend bool operator==(const ObservedTopicInfo&, const ObservedTopicInfo&) = default;
};

/// An observed partition as the poll showed it, with the real node ids (Partition::observed).
struct ObservedPartitionState {
    ObservedPartitionFacts facts;
    PartitionHealth health = PartitionHealth::Healthy;
    friend bool operator==(const ObservedPartitionState&, const ObservedPartitionState&) = default;
};

/// The marker of an observed state (ClusterState::observed) and what it holds besides the model's parts.
struct ObservedInfo {
    ObservedPollInfo poll;
    std::vector<ObservedBrokerSlot> brokers; // brokers[i] is the model's broker i + 1
    std::vector<ObservedTopicInfo> topics;   // one per ClusterState::topics
    std::vector<ObservedGroupFacts> groups;  // by id (real node ids inside)
    /// The model's id (1..N) of a real node id, 0 when the timeline never saw it.
    std::int32_t modelBroker(std::int32_t realId) const;
    /// The real node id of a model broker id; -1 for noLeader (or any id outside 1..N).
    std::int32_t realBroker(std::int32_t modelId) const;
    friend bool operator==(const ObservedInfo&, const ObservedInfo&) = default;
};

/// The health of a partition (PartitionHealth says which rule each level follows). `minInsyncReplicas`
/// nullopt counts as 1 (Kafka's default); `liveBrokers` are the unfenced brokers that answered, sorted.
PartitionHealth partitionHealth(const ObservedPartitionFacts& partition, std::optional<std::int32_t> minInsyncReplicas,
                                const std::vector<std::int32_t>& liveBrokers);

} // namespace hw
