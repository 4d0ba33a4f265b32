// SPDX-License-Identifier: MIT
#pragma once

#include "model/group_state.h"

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// The consumer-group partition assignors (section 5 of kafka-semantics.md) as pure functions: the group
/// leader's side of the classic protocol, from the members' subscriptions and owned partitions to a new
/// assignment. No state, no clock, no random numbers: the same input always gives the same output, in any
/// order of the input vectors.
namespace hw {

/// Kafka's protocol name of an assignor: "range", "roundrobin", "sticky", "cooperative-sticky".
std::string_view assignorName(AssignorKind kind);

/// The assignor with that protocol name (exact, case-sensitive), or nothing.
std::optional<AssignorKind> assignorFromName(std::string_view name);

/// True when the assignor implies the cooperative rebalance protocol (KIP-429): members keep what they own
/// and revoke only what the new assignment takes away. Only cooperative-sticky; the others are eager.
bool assignorIsCooperative(AssignorKind kind);

/// A topic partition, ordered by (topic name, partition).
struct AssignorPartition {
    std::string topic;
    std::int32_t partition = 0;

    friend auto operator<=>(const AssignorPartition&, const AssignorPartition&) = default;
};

/// One member as the group leader sees it in the JoinGroup responses.
struct AssignorMember {
    /// Members are ordered by memberId (string order), except that members with a group.instance.id
    /// (static members) come first, ordered by that id; see assignorMemberLess.
    std::string memberId;
    std::optional<std::string> groupInstanceId;
    /// The subscription. Topics that do not exist (or have no partitions) are ignored.
    std::vector<std::string> topics;
    /// What the member owns now; sticky and cooperative-sticky use it, range and roundrobin ignore it.
    /// It may be stale: partitions that no longer exist or whose topic the member is no longer subscribed
    /// to are ignored, and a partition claimed by two members stays with the first in member order
    /// (Kafka keeps it for the member with the higher generation).
    std::vector<AssignorPartition> owned;

    friend bool operator==(const AssignorMember&, const AssignorMember&) = default;
};

struct AssignorTopic {
    std::string name;
    std::int32_t partitions = 0;

    friend bool operator==(const AssignorTopic&, const AssignorTopic&) = default;
};

/// memberId -> its partitions, sorted. Every member appears (possibly with an empty list).
using GroupAssignment = std::map<std::string, std::vector<AssignorPartition>>;

/// The result of one run of an assignor.
struct AssignorResult {
    GroupAssignment assignment;
    /// Cooperative-sticky only (empty for the other kinds), sorted: the partitions left unassigned this
    /// round because they change owner. Their current owners must revoke them first; the follow-up
    /// rebalance assigns them. Kafka's CooperativeStickyAssignor.adjustAssignment.
    std::vector<AssignorPartition> withheld;

    friend bool operator==(const AssignorResult&, const AssignorResult&) = default;
};

/// Member order, Kafka's AbstractPartitionAssignor.MemberInfo.compareTo: two static members compare by
/// group.instance.id, a static member comes before a dynamic one, two dynamic members compare by memberId
/// (byte-wise string order). Ties on the instance id fall back to memberId, so this is a strict weak order.
bool assignorMemberLess(const AssignorMember& a, const AssignorMember& b);

/// Runs one assignor over the group.
///
/// - Range: per topic, the subscribed members in member order; n = P / C, extra = P % C; each member in
///   order takes n + 1 (while extra remains) or n consecutive partitions (RangeAssignor).
/// - RoundRobin: every partition of every subscribed topic sorted by (topic, partition), dealt to the
///   members in member order, skipping members not subscribed to that partition's topic (RoundRobinAssignor).
/// - Sticky with equal subscriptions: AbstractStickyAssignor's constrained assignment. minQuota = floor(P / C),
///   maxQuota = ceil(P / C), at most P % C members end with maxQuota. In member order, each member keeps its
///   owned partitions (taken in (partition, topic) order) up to minQuota, or up to maxQuota while fewer than
///   P % C members have kept maxQuota; the rest of what it owns is revoked. The unassigned partitions, sorted,
///   go round-robin to the members under minQuota, then one each to members at minQuota while maxQuota slots
///   remain. Kafka walks the members in HashMap order; here it is member order, so when more members own
///   maxQuota than may keep it, the earlier members keep it.
/// - Sticky with unequal subscriptions: a simpler stand-in for Kafka's general assignment with the same
///   goals. Every valid owned partition is kept; each unassigned partition (those with the fewest eligible
///   members first, then in (topic, partition) order) goes to the eligible member holding the fewest
///   (ties: member order); then, while a partition can move to an eligible member holding at least two
///   fewer, the member holding the most gives one up (newly assigned partitions before owned ones). The
///   result meets Kafka's balance criterion (AbstractStickyAssignorTest.verifyValidityAndBalance) and is a
///   fixed point: fed back as owned, it comes back unchanged. Tie-breaks differ from Kafka's.
/// - CooperativeSticky: the sticky assignment, then every partition assigned to a member that does not own
///   it while another member of the group does own it is withheld (removed from the assignment).
///
/// Members with the same memberId are collapsed to the first in member order.
AssignorResult runAssignor(
    AssignorKind kind, const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics);

/// runAssignor(...).assignment.
GroupAssignment assignPartitions(
    AssignorKind kind, const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics);

/// runAssignor(...).withheld: for cooperative-sticky, the partitions withheld this round because they change
/// owner (the owner must revoke them first; they are assigned in the next rebalance). Empty for the other kinds.
std::vector<AssignorPartition> withheldPartitions(
    AssignorKind kind, const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics);

} // namespace hw
