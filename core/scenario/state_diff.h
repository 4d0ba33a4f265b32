// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

/// What differs between two cluster states that a teacher points at: leaders, ISR, ELR, high
/// watermarks, log ends, lost records, produce results and broker states. `highwater-cli compare` and
/// the GUI's "View > Compare versions" use it to put one scenario run under two Kafka versions side by
/// side (issue #13). Kafka has no counterpart; it compares what the frame dump shows
/// (docs/frame-format.md). It lives in scenario/ because lost records (scenario/lost_records.h) are
/// one of the things it compares.
namespace hw {

/// One thing that differs between state a and state b, with both values as text.
struct StateDifference {
    enum class Field : std::uint8_t {
        Leader,
        Isr,
        Elr,
        LastKnownElr,
        LeaderRecoveryState,
        HighWatermark,
        LogEnd,
        LostRecords,
        ProduceResults,
        BrokerState, // alive/fenced: the frame's broker "state" (online, fenced, isolated, offline)
        Replicas, // the partition's assignment (placement) differs
        Topology, // a broker, partition or producer exists in one state only
    };
    Field field = Field::Leader;
    // Index into a's ClusterState::partitions, or into b's for a partition only b has (Topology with
    // a == "-"); -1 for none.
    std::int32_t partition = -1;
    BrokerId broker = noLeader; // the replica's broker for HighWatermark/LogEnd, or the broker for BrokerState
    std::string a, b; // the two values as text ("{1,2}", "7", "-" for none)
    friend bool operator==(const StateDifference&, const StateDifference&) = default;
};

/// Every difference between a and b, in this order: the brokers (Topology for a broker count that
/// differs, then BrokerState by broker id); then each partition of a in order, matched to b's by name
/// (Topology when b has none), with Replicas, Leader, Isr, Elr, LastKnownElr, LeaderRecoveryState,
/// HighWatermark and LogEnd of each replica (matched by broker; "-" for a replica one side lacks) and
/// LostRecords (the lost offsets); then b's partitions that a lacks (Topology); then ProduceResults:
/// per producer (matched by index; Topology when the ids differ), each run of consecutive sequence
/// numbers whose outcome differs in the same way, as "p1 seq 3-4: acked at 5-6". Empty when nothing
/// differs. Clocks, messages in flight, configuration and consumers are not compared.
std::vector<StateDifference> diffStates(const ClusterState& a, const ClusterState& b);

/// The name of a field as the frame dump names it: "leader", "isr", "elr", "last_known_elr",
/// "leader_recovery_state", "hw", "leo", "lost", "produce", "state", "replicas", "topology".
std::string_view fieldName(StateDifference::Field field);

/// What a difference is about, for one line of text: "orders-0", "orders-0 replica 2", "broker 2",
/// or "cluster". `state` is the state the partition index refers to (a, or b for a partition only b has).
std::string differenceSubject(const StateDifference& difference, const ClusterState& state);

} // namespace hw
