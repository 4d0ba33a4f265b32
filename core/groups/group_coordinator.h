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
    /// A new coordinator loads its groups and gives every member a fresh session.
    void loadGroups(std::int32_t offsetsPartition) override;

private:
    bool isCoordinatorFor(BrokerId broker, const Group& group) const;
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
