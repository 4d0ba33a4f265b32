// SPDX-License-Identifier: MIT
#pragma once

#include "model/ids.h"

#include <string>
#include <vector>

/// What a group coordinator keeps (its part of ClusterState): each group's members, generation and
/// committed offsets, as GroupMetadata and the __consumer_offsets records hold them.
namespace hw {

enum class AssignorKind : std::uint8_t { Range, RoundRobin, Sticky, CooperativeSticky };

enum class GroupState : std::uint8_t { Empty, PreparingRebalance, CompletingRebalance, Stable, Dead };

struct GroupMember {
    std::string memberId;
    std::int32_t consumer = 0;
    std::vector<std::int32_t> topics;
    std::vector<std::int32_t> owned;      // what it reported owning when it joined (cooperative)
    std::vector<std::int32_t> assignment; // from the last SyncGroup
    TimeMs lastHeartbeatMs = 0;
    bool joined = false;       // has (re)joined in the current rebalance
    bool awaitingJoin = false; // a JoinGroup answer is owed
    bool awaitingSync = false; // a SyncGroup answer is owed
    friend bool operator==(const GroupMember&, const GroupMember&) = default;
};

struct CommittedOffset {
    std::int32_t partition = 0;
    Offset offset = 0;
    friend bool operator==(const CommittedOffset&, const CommittedOffset&) = default;
};

/// A consumer group as its coordinator keeps it. Its metadata and offsets live in the group's
/// __consumer_offsets partition, so a new coordinator continues where the old one stopped.
struct Group {
    std::string id;
    std::int32_t offsetsPartition = 0; // index into ClusterState::offsetsPartitions
    GroupState state = GroupState::Empty;
    std::int32_t generation = 0;
    AssignorKind protocol = AssignorKind::Range;
    std::string leader; // member id of the leader member
    std::vector<GroupMember> members; // in join order
    std::vector<CommittedOffset> committed;
    TimeMs joinDeadlineMs = -1;   // when PreparingRebalance ends whoever has rejoined
    TimeMs timerMs = -1;          // the armed session / join timer
    std::int32_t nextMemberNumber = 1;
    friend bool operator==(const Group&, const Group&) = default;
};

} // namespace hw
