// SPDX-License-Identifier: MIT
#include "groups/group_coordinator.h"

#include "controller/placement.h"
#include "groups/assignor.h"
#include "groups/offsets_partition.h"

#include <algorithm>

namespace hw {

GroupCoordinator::GroupCoordinator(ClusterState& state, Network& net, ReplicationControl& replication)
    : Component(state, net), m_replication(replication)
{
}

bool GroupCoordinator::isCoordinatorFor(BrokerId broker, const Group& group) const
{
    const Broker& b = m_state.broker(broker);
    return static_cast<std::size_t>(group.offsetsPartition) < b.knownCoordinators.size() &&
           b.knownCoordinators[static_cast<std::size_t>(group.offsetsPartition)] == broker;
}

void GroupCoordinator::loadGroups(std::int32_t offsetsPartition)
{
    // A new coordinator loads its groups from __consumer_offsets and gives every member a fresh session
    // (GroupCoordinator.onGroupLoaded: completeAndScheduleNextHeartbeatExpiration for each member), so
    // members have session.timeout.ms to find it before they are evicted.
    for (std::int32_t g = 0; g < static_cast<std::int32_t>(m_state.groups.size()); ++g) {
        Group& group = m_state.groups[static_cast<std::size_t>(g)];
        if (group.offsetsPartition != offsetsPartition)
            continue;
        for (GroupMember& m : group.members)
            m.lastHeartbeatMs = m_state.nowMs;
        rearmGroupTimer(g);
    }
}

void GroupCoordinator::armGroupTimer(std::int32_t groupIndex, TimeMs atMs)
{
    m_net.armEarliest(m_state.groups[static_cast<std::size_t>(groupIndex)].timerMs, atMs,
        Timer{TimerKind::GroupTimer, groupIndex, -1});
}

void GroupCoordinator::rearmGroupTimer(std::int32_t groupIndex)
{
    const Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
    TimeMs earliest = group.state == GroupState::PreparingRebalance ? group.joinDeadlineMs : -1;
    for (const GroupMember& m : group.members) {
        if (m.awaitingJoin || m.awaitingSync)
            continue;
        const TimeMs expiry = m.lastHeartbeatMs + m_state.config.sessionTimeoutMs;
        if (earliest < 0 || expiry < earliest)
            earliest = expiry;
    }
    if (earliest >= 0)
        armGroupTimer(groupIndex, std::max(earliest, m_state.nowMs));
}

void GroupCoordinator::beginRebalance(std::int32_t groupIndex, BrokerId coordinator)
{
    Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
    const bool wasEmpty = group.state == GroupState::Empty;
    group.state = GroupState::PreparingRebalance;
    for (GroupMember& m : group.members) {
        m.joined = false;
        if (m.awaitingSync && coordinator != noLeader) {
            // A SyncGroup still waiting for the leader's assignment is told to join again.
            GroupResponse answer;
            answer.kind = GroupRequestKind::Sync;
            answer.error = ErrorCode::RebalanceInProgress;
            answer.generation = group.generation;
            answer.memberId = m.memberId;
            m_net.send(NodeRef::broker(coordinator), NodeRef::consumer(m.consumer), std::move(answer));
        }
        // Answering a waiting SyncGroup also completes the member's heartbeat
        // (GroupCoordinator.propagateAssignment: completeAndScheduleNextHeartbeatExpiration): its session
        // runs from now, not from before it waited, so it has session.timeout.ms to rejoin.
        if (m.awaitingSync)
            m.lastHeartbeatMs = m_state.nowMs;
        m.awaitingSync = false;
    }
    // A group that was empty waits group.initial.rebalance.delay.ms for more members to arrive.
    group.joinDeadlineMs =
        m_state.nowMs + (wasEmpty ? m_state.config.groupInitialRebalanceDelayMs : m_state.config.rebalanceTimeoutMs);
    rearmGroupTimer(groupIndex);
}

void GroupCoordinator::removeMember(std::int32_t groupIndex, std::size_t member)
{
    Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
    group.members.erase(group.members.begin() + static_cast<std::ptrdiff_t>(member));
}

void GroupCoordinator::maybeCompleteJoin(std::int32_t groupIndex, BrokerId coordinator, bool deadlinePassed, Event& event)
{
    Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
    if (group.state != GroupState::PreparingRebalance)
        return;
    const bool allJoined = std::all_of(group.members.begin(), group.members.end(),
                                       [](const GroupMember& m) { return m.joined; });
    const bool initialDelay = group.generation == 0 || group.leader.empty();
    if (!deadlinePassed && (!allJoined || (initialDelay && m_state.nowMs < group.joinDeadlineMs)))
        return;
    // Members that did not rejoin in time are dropped.
    for (std::size_t i = group.members.size(); i-- > 0;) {
        if (!group.members[i].joined)
            removeMember(groupIndex, i);
    }
    ++group.generation;
    group.joinDeadlineMs = -1;
    event.flags |= GenerationCompleted;
    event.completed = group.generation;
    if (group.members.empty()) {
        group.state = GroupState::Empty;
        group.leader.clear();
        return;
    }
    const bool leaderStays = std::any_of(group.members.begin(), group.members.end(),
                                         [&](const GroupMember& m) { return m.memberId == group.leader; });
    if (!leaderStays)
        group.leader = group.members.front().memberId;
    for (const GroupMember& m : group.members) {
        if (m.memberId == group.leader)
            group.protocol = m_state.consumers[static_cast<std::size_t>(m.consumer)].assignor;
    }
    group.state = GroupState::CompletingRebalance;
    for (GroupMember& m : group.members) {
        GroupResponse response;
        response.kind = GroupRequestKind::Join;
        response.generation = group.generation;
        response.memberId = m.memberId;
        response.leader = group.leader;
        response.protocol = group.protocol;
        if (m.memberId == group.leader) {
            for (const GroupMember& other : group.members)
                response.members.push_back(GroupMemberInfo{other.memberId, other.topics, other.owned});
        }
        m.awaitingJoin = false;
        m.lastHeartbeatMs = m_state.nowMs;
        if (coordinator != noLeader)
            m_net.send(NodeRef::broker(coordinator), NodeRef::consumer(m.consumer), std::move(response));
    }
    rearmGroupTimer(groupIndex);
}

std::optional<Event> GroupCoordinator::groupTimer(std::int32_t groupIndex)
{
    Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
    if (group.timerMs != m_state.nowMs)
        return std::nullopt;
    group.timerMs = -1;
    const BrokerId coordinator = m_state.offsetsPartitions[static_cast<std::size_t>(group.offsetsPartition)].leader;
    Event e;
    e.node = coordinator;
    e.value = groupIndex;
    if (coordinator == noLeader || !m_state.broker(coordinator).alive) {
        // Nobody coordinates the group right now: its timers wait for a coordinator.
        armGroupTimer(groupIndex, m_state.nowMs + m_state.config.heartbeatIntervalMs);
        return std::nullopt;
    }
    // A member whose session expired is evicted (one per frame).
    for (std::size_t i = 0; i < group.members.size(); ++i) {
        const GroupMember& m = group.members[i];
        if (m.awaitingJoin || m.awaitingSync || m.lastHeartbeatMs + m_state.config.sessionTimeoutMs > m_state.nowMs)
            continue;
        e.type = EventType::MemberEvicted;
        e.peer = m.consumer;
        e.text = m.memberId;
        removeMember(groupIndex, i);
        if (group.members.empty()) {
            group.state = GroupState::Empty;
            ++group.generation;
            group.leader.clear();
            group.joinDeadlineMs = -1;
        } else if (group.state == GroupState::PreparingRebalance) {
            maybeCompleteJoin(groupIndex, coordinator, false, e);
        } else {
            beginRebalance(groupIndex, coordinator);
            e.flags |= RebalanceStarted;
        }
        rearmGroupTimer(groupIndex);
        return e;
    }
    if (group.state == GroupState::PreparingRebalance && group.joinDeadlineMs >= 0 &&
        group.joinDeadlineMs <= m_state.nowMs) {
        e.type = EventType::JoinCompleted;
        maybeCompleteJoin(groupIndex, coordinator, true, e);
        e.count = static_cast<std::int64_t>(group.members.size());
        rearmGroupTimer(groupIndex);
        return e;
    }
    rearmGroupTimer(groupIndex);
    return std::nullopt;
}

std::optional<Event> GroupCoordinator::handleFindCoordinatorRequest(const Message& message, const FindCoordinatorRequest& request)
{
    const Broker& b = m_state.broker(message.to.id);
    const Consumer& consumer = m_state.consumers[static_cast<std::size_t>(request.consumer)];
    FindCoordinatorResponse response;
    response.leaders = b.knownLeaders;
    if (consumer.group >= 0) {
        const Group& group = m_state.groups[static_cast<std::size_t>(consumer.group)];
        response.coordinator = b.knownCoordinators[static_cast<std::size_t>(group.offsetsPartition)];
        if (response.coordinator == noLeader)
            response.error = ErrorCode::CoordinatorNotAvailable;
    }
    m_net.send(message.to, message.from, std::move(response));
    return std::nullopt; // Answering from its metadata changes nothing on the broker.
}

std::optional<Event> GroupCoordinator::handleGroupRequest(const Message& message, const GroupRequest& request)
{
    const BrokerId self = message.to.id;
    Group& group = m_state.groups[static_cast<std::size_t>(request.group)];
    Event e = Event::at(EventType::GroupRequestHandled, self, request.consumer);
    e.value = request.group;
    e.detail = static_cast<std::int32_t>(request.kind);
    e.text = request.memberId;
    GroupResponse response;
    response.kind = request.kind;
    response.generation = group.generation;
    response.memberId = request.memberId;
    auto reply = [&](ErrorCode error) {
        response.error = error;
        e.error = error;
        m_net.send(NodeRef::broker(self), message.from, response);
        return e;
    };
    if (!isCoordinatorFor(self, group))
        return reply(ErrorCode::NotCoordinator);

    auto memberIndex = [&]() -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < group.members.size(); ++i) {
            if (group.members[i].memberId == request.memberId)
                return i;
        }
        return std::nullopt;
    };
    const std::optional<std::size_t> index = memberIndex();

    switch (request.kind) {
    case GroupRequestKind::Join: {
        if (!request.memberId.empty() && !index)
            return reply(ErrorCode::UnknownMemberId);
        GroupMember* member = index ? &group.members[*index] : nullptr;
        if (!member) {
            GroupMember fresh;
            fresh.memberId = m_state.consumers[static_cast<std::size_t>(request.consumer)].id + "-" +
                             std::to_string(group.nextMemberNumber++);
            fresh.consumer = request.consumer;
            group.members.push_back(std::move(fresh));
            member = &group.members.back();
            e.text = member->memberId;
        }
        member->topics = request.topics;
        member->owned = request.partitions;
        member->lastHeartbeatMs = m_state.nowMs;
        if (group.state != GroupState::PreparingRebalance) {
            beginRebalance(request.group, self);
            e.flags |= RebalanceStarted;
            member = &*std::find_if(group.members.begin(), group.members.end(),
                                    [&](const GroupMember& m) { return m.memberId == e.text; });
        }
        member->joined = true;
        member->awaitingJoin = true;
        // The answer waits until the join phase ends (a delayed JoinGroup).
        maybeCompleteJoin(request.group, self, false, e);
        e.count = static_cast<std::int64_t>(group.members.size());
        return e;
    }
    case GroupRequestKind::Sync: {
        if (!index)
            return reply(ErrorCode::UnknownMemberId);
        if (request.generation != group.generation)
            return reply(ErrorCode::IllegalGeneration);
        if (group.state == GroupState::PreparingRebalance)
            return reply(ErrorCode::RebalanceInProgress);
        GroupMember& member = group.members[*index];
        member.lastHeartbeatMs = m_state.nowMs;
        if (group.state == GroupState::Stable) {
            response.assignment = member.assignment;
            return reply(ErrorCode::None);
        }
        member.awaitingSync = true;
        if (request.memberId == group.leader) {
            for (GroupMember& m : group.members) {
                m.assignment.clear();
                for (const GroupAssignmentEntry& entry : request.assignment) {
                    if (entry.memberId == m.memberId)
                        m.assignment = entry.partitions;
                }
            }
            group.state = GroupState::Stable;
            e.flags |= GroupStable;
            const BrokerId coordinator = self;
            for (GroupMember& m : group.members) {
                if (!m.awaitingSync)
                    continue;
                GroupResponse answer;
                answer.kind = GroupRequestKind::Sync;
                answer.generation = group.generation;
                answer.memberId = m.memberId;
                answer.assignment = m.assignment;
                m.awaitingSync = false;
                m.lastHeartbeatMs = m_state.nowMs; // propagateAssignment, as above
                m_net.send(NodeRef::broker(coordinator), NodeRef::consumer(m.consumer), std::move(answer));
            }
            rearmGroupTimer(request.group);
        }
        return e;
    }
    case GroupRequestKind::Heartbeat: {
        if (!index)
            return reply(ErrorCode::UnknownMemberId);
        if (request.generation != group.generation)
            return reply(ErrorCode::IllegalGeneration);
        group.members[*index].lastHeartbeatMs = m_state.nowMs;
        rearmGroupTimer(request.group);
        return reply(group.state == GroupState::PreparingRebalance ? ErrorCode::RebalanceInProgress : ErrorCode::None);
    }
    case GroupRequestKind::Leave: {
        if (!index)
            return reply(ErrorCode::UnknownMemberId);
        removeMember(request.group, *index);
        if (group.members.empty()) {
            group.state = GroupState::Empty;
            ++group.generation;
            group.leader.clear();
            group.joinDeadlineMs = -1;
        } else if (group.state == GroupState::PreparingRebalance) {
            maybeCompleteJoin(request.group, self, false, e);
        } else {
            beginRebalance(request.group, self);
            e.flags |= RebalanceStarted;
        }
        return reply(ErrorCode::None);
    }
    case GroupRequestKind::OffsetCommit: {
        // Commits carry the member's generation; without a group membership (-1) they are taken as is.
        if (request.generation >= 0) {
            if (!index)
                return reply(ErrorCode::UnknownMemberId);
            if (request.generation != group.generation)
                return reply(ErrorCode::IllegalGeneration);
            // A member's commit counts as a heartbeat (GroupCoordinator.doCommitOffsets:
            // completeAndScheduleNextHeartbeatExpiration).
            group.members[*index].lastHeartbeatMs = m_state.nowMs;
            rearmGroupTimer(request.group);
        }
        for (const CommittedOffset& offset : request.offsets) {
            auto it = std::find_if(group.committed.begin(), group.committed.end(),
                                   [&](const CommittedOffset& c) { return c.partition == offset.partition; });
            if (it == group.committed.end())
                group.committed.push_back(offset);
            else
                it->offset = offset.offset;
        }
        std::sort(group.committed.begin(), group.committed.end(),
                  [](const CommittedOffset& a, const CommittedOffset& b) { return a.partition < b.partition; });
        response.offsets = request.offsets;
        e.count = static_cast<std::int64_t>(request.offsets.size());
        return reply(ErrorCode::None);
    }
    case GroupRequestKind::OffsetFetch: {
        for (std::int32_t p : request.partitions) {
            Offset committed = -1;
            for (const CommittedOffset& c : group.committed) {
                if (c.partition == p)
                    committed = c.offset;
            }
            response.offsets.push_back(CommittedOffset{p, committed});
        }
        m_net.send(NodeRef::broker(self), message.from, response);
        return std::nullopt; // Reading offsets changes nothing at the coordinator.
    }
    }
    return std::nullopt;
}

std::int32_t GroupCoordinator::findOrCreateGroup(const std::string& groupId)
{
    for (std::size_t g = 0; g < m_state.groups.size(); ++g) {
        if (m_state.groups[g].id == groupId)
            return static_cast<std::int32_t>(g);
    }
    if (m_state.offsetsPartitions.empty()) {
        // The cluster's first group creates __consumer_offsets (Kafka creates it on the first
        // FindCoordinator), placed as createCluster places it, then elected among live brokers.
        createOffsetsTopic(m_state);
        std::vector<BrokerId> coordinators;
        for (const PartitionRegistration& reg : m_state.offsetsPartitions)
            coordinators.push_back(reg.leader);
        for (Broker& b : m_state.brokers)
            b.knownCoordinators = coordinators;
        m_replication.refreshOffsetsPartitions();
    }
    Group group;
    group.id = groupId;
    group.offsetsPartition = offsetsPartitionFor(groupId, static_cast<int>(m_state.offsetsPartitions.size()));
    m_state.groups.push_back(std::move(group));
    return static_cast<std::int32_t>(m_state.groups.size() - 1);
}

} // namespace hw
