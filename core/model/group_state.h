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

/// One protocol a real member offers in its JoinGroup (JoinGroupRequestProtocol): the assignor's
/// name and its metadata, opaque to the coordinator (for the "consumer" protocol type a
/// ConsumerProtocolSubscription, groups/consumer_protocol.h).
struct GroupProtocolOffer {
    std::string name;
    std::string metadata; // bytes
    friend bool operator==(const GroupProtocolOffer&, const GroupProtocolOffer&) = default;
};

/// What only a real member (a live client's JoinGroup, highwater-cli serve) has: what it told the
/// coordinator, kept as Kafka's MemberMetadata keeps it (ClassicGroupMember at 4.4.0).
struct LiveMemberInfo {
    std::string clientId;   // the request header's client.id
    std::string clientHost; // the connection's address, "/127.0.0.1" as DescribeGroups spells it
    std::int32_t sessionTimeoutMs = 0;
    std::int32_t rebalanceTimeoutMs = 0;
    std::vector<GroupProtocolOffer> protocols; // in the member's order of preference
    std::string assignment; // the bytes the leader's SyncGroup gave it, as sent (opaque)
    std::int16_t subscriptionVersion = 0; // of its ConsumerProtocolSubscription, for the bytes HighWater encodes
    friend bool operator==(const LiveMemberInfo&, const LiveMemberInfo&) = default;
};

struct GroupMember {
    std::string memberId;
    std::int32_t consumer = 0;   // the simulated consumer, or -1 for a real member (liveClient)
    std::int32_t liveClient = -1; // a real member: the connection its last request came on, where answers go
    LiveMemberInfo live;          // a real member's own data (empty for a simulated one)
    std::vector<std::int32_t> topics;
    std::vector<std::int32_t> owned;      // what it reported owning when it joined (cooperative)
    std::vector<std::int32_t> assignment; // from the last SyncGroup
    TimeMs lastHeartbeatMs = 0;
    bool joined = false;       // has (re)joined in the current rebalance
    bool awaitingJoin = false; // a JoinGroup answer is owed
    bool awaitingSync = false; // a SyncGroup answer is owed
    bool isLive() const { return liveClient >= 0; }
    /// Where the coordinator's answers to this member go.
    NodeRef node() const { return isLive() ? NodeRef::liveClient(liveClient) : NodeRef::consumer(consumer); }
    friend bool operator==(const GroupMember&, const GroupMember&) = default;
};

/// A member id a JoinGroup v4+ was given with MEMBER_ID_REQUIRED, which it must join with before
/// `expiresMs` (ClassicGroup.addPendingMember; the pending member expires after its session timeout).
struct PendingMember {
    std::string memberId;
    TimeMs expiresMs = 0;
    friend bool operator==(const PendingMember&, const PendingMember&) = default;
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
    // Real members (live mode): the group's protocol type ("consumer") and the protocol chosen for the
    // generation by name; empty while only simulated consumers ever joined, whose protocol is `protocol`.
    std::string protocolType;
    std::string protocolName;
    std::vector<PendingMember> pendingMembers;
    friend bool operator==(const Group&, const Group&) = default;
};

} // namespace hw
