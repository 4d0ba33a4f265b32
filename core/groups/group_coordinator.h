// SPDX-License-Identifier: MIT
#pragma once

#include "controller/replication_control.h"
#include "sim/component.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

/// The broker-side group coordinator of the classic protocol (Kafka's core/.../coordinator/group/GroupCoordinator.scala
/// and GroupMetadataManager.scala): FindCoordinator, JoinGroup, SyncGroup, Heartbeat, LeaveGroup,
/// OffsetCommit and OffsetFetch, rebalances, session expiry, and loading groups on a new leader.
namespace hw {

class GroupCoordinator : public CoordinatorListener, private Component {
public:
    GroupCoordinator(ClusterState& state, Network& net, ReplicationControl& replication);

    std::optional<Event> groupTimer(std::int32_t group);
    std::optional<Event> handleFindCoordinatorRequest(const Message& message, const FindCoordinatorRequest& request);
    std::optional<Event> handleGroupRequest(const Message& message, const GroupRequest& request);
    std::int32_t findOrCreateGroup(const std::string& groupId);
    /// The group's index, or -1 when no group has that id.
    std::int32_t findGroup(const std::string& groupId) const;
    /// A new coordinator loads its groups and gives every member a fresh session.
    void loadGroups(std::int32_t offsetsPartition) override;

private:
    bool isCoordinatorFor(BrokerId broker, const Group& group) const;
    bool isCoordinatorFor(BrokerId broker, std::int32_t offsetsPartition) const;
    /// Creates __consumer_offsets if the cluster has none yet (the first group, or a live client's first
    /// FindCoordinator, as Kafka creates it on the first FindCoordinator).
    void ensureOffsetsTopic();
    /// A real client's JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit or OffsetFetch (the
    /// classic protocol's broker side for live members: ClassicGroup and GroupMetadataManager at 4.4.0).
    std::optional<Event> handleLiveGroupRequest(const Message& message, const GroupRequest& request);
    /// The protocol every member supports, most voted for by the members' preference order
    /// (ClassicGroup.selectProtocol at 4.4.0); empty when there is none.
    std::string selectProtocol(const Group& group) const;
    /// The protocols a member offers: a real member's list, or a simulated consumer's own assignor.
    std::vector<std::string> memberProtocols(const GroupMember& member) const;
    /// A member's metadata for the chosen protocol as a real leader sees it: a real member's bytes, or
    /// the ConsumerProtocolSubscription HighWater encodes for a simulated one.
    std::string memberMetadata(const GroupMember& member, const std::string& protocol) const;
    /// Decodes a real member's subscription for the protocol into topic indices and owned partitions.
    void decodeSubscription(GroupMember& member, const std::string& protocol) const;
    std::int64_t sessionTimeoutOf(const GroupMember& member) const;
    void completeSync(std::int32_t group, BrokerId coordinator);
    void armGroupTimer(std::int32_t group, TimeMs atMs);
    void rearmGroupTimer(std::int32_t group);
    /// The answers owed go out from `coordinator`: the broker handling the request that started or
    /// completed the phase (or, on the group's timer, the leader of its __consumer_offsets partition).
    void beginRebalance(std::int32_t group, BrokerId coordinator);
    void removeMember(std::int32_t group, std::size_t member);
    void maybeCompleteJoin(std::int32_t group, BrokerId coordinator, bool deadlinePassed, Event& event);

    ReplicationControl& m_replication;
};

} // namespace hw
