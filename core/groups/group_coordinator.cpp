// SPDX-License-Identifier: MIT
#include "groups/group_coordinator.h"

#include "controller/placement.h"
#include "groups/assignor.h"
#include "groups/consumer_protocol.h"
#include "groups/offsets_partition.h"

#include <algorithm>
#include <map>

namespace hw {

GroupCoordinator::GroupCoordinator(ClusterState& state, Network& net, ReplicationControl& replication)
    : Component(state, net), m_replication(replication)
{
}

namespace {

/// Kafka's defaults for the session timeouts a JoinGroup may ask for (group.min.session.timeout.ms,
/// group.max.session.timeout.ms; GroupCoordinatorConfig at 4.4.0): outside them, INVALID_SESSION_TIMEOUT.
constexpr std::int64_t groupMinSessionTimeoutMs = 6000;
constexpr std::int64_t groupMaxSessionTimeoutMs = 1800000;
/// Member ids handed out with MEMBER_ID_REQUIRED and not yet used, per group. Kafka keeps them until
/// their session timeout; this bounds what a client that never comes back can leave behind.
constexpr std::size_t pendingMembersMax = 1024;
/// The protocol type every simulated consumer joins with.
constexpr std::string_view consumerProtocolType = "consumer";

} // namespace

bool GroupCoordinator::isCoordinatorFor(BrokerId broker, const Group& group) const
{
    return isCoordinatorFor(broker, group.offsetsPartition);
}

bool GroupCoordinator::isCoordinatorFor(BrokerId broker, std::int32_t offsetsPartition) const
{
    const Broker& b = m_state.broker(broker);
    return static_cast<std::size_t>(offsetsPartition) < b.knownCoordinators.size() &&
           b.knownCoordinators[static_cast<std::size_t>(offsetsPartition)] == broker;
}

std::int64_t GroupCoordinator::sessionTimeoutOf(const GroupMember& member) const
{
    return member.isLive() ? member.live.sessionTimeoutMs : m_state.config.sessionTimeoutMs;
}

std::vector<std::string> GroupCoordinator::memberProtocols(const GroupMember& member) const
{
    std::vector<std::string> names;
    if (member.isLive()) {
        for (const GroupProtocolOffer& offer : member.live.protocols)
            names.push_back(offer.name);
    } else {
        names.emplace_back(assignorName(m_state.consumers[static_cast<std::size_t>(member.consumer)].assignor));
    }
    return names;
}

// ClassicGroup.selectProtocol at 4.4.0: the candidates are the protocols every member supports; each
// member votes for the first candidate in its own order; the most votes win. Kafka breaks a tie by
// the iteration order of a HashMap; here the smaller name wins, so that a replay chooses the same.
std::string GroupCoordinator::selectProtocol(const Group& group) const
{
    std::map<std::string, std::size_t> support;
    for (const GroupMember& m : group.members) {
        std::vector<std::string> names = memberProtocols(m);
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        for (const std::string& name : names)
            ++support[name];
    }
    std::map<std::string, std::size_t> votes;
    for (const GroupMember& m : group.members) {
        for (const std::string& name : memberProtocols(m)) {
            if (support[name] == group.members.size()) {
                ++votes[name];
                break;
            }
        }
    }
    std::string chosen;
    std::size_t most = 0;
    for (const auto& [name, count] : votes) {
        if (count > most) {
            chosen = name;
            most = count;
        }
    }
    return chosen;
}

std::string GroupCoordinator::memberMetadata(const GroupMember& member, const std::string& protocol) const
{
    if (member.isLive()) {
        for (const GroupProtocolOffer& offer : member.live.protocols) {
            if (offer.name == protocol)
                return offer.metadata;
        }
        return {};
    }
    // What a Java consumer of the same subscription sends: ConsumerProtocolSubscription v1 (owned
    // partitions, which the cooperative assignor needs), topics and owned partitions by name.
    ConsumerSubscription subscription;
    subscription.version = 1;
    for (std::int32_t t : member.topics)
        subscription.topics.push_back(m_state.topics[static_cast<std::size_t>(t)].name);
    std::map<std::int32_t, std::vector<std::int32_t>> owned;
    for (std::int32_t p : member.owned) {
        const Partition& partition = m_state.partitions[static_cast<std::size_t>(p)];
        owned[partition.topic].push_back(partition.index);
    }
    for (auto& [topic, partitions] : owned)
        subscription.ownedPartitions.push_back(
            ConsumerTopicPartitions{m_state.topics[static_cast<std::size_t>(topic)].name, partitions});
    return encodeConsumerSubscription(subscription);
}

namespace {

/// The flat partitions of a decoded list; topics and partitions the cluster does not have are left out
/// (a real assignor may name them; they cannot be drawn).
std::vector<std::int32_t> flatPartitions(const ClusterState& state, const std::vector<ConsumerTopicPartitions>& list)
{
    std::vector<std::int32_t> out;
    for (const ConsumerTopicPartitions& entry : list) {
        const int t = state.findTopic(entry.topic);
        if (t < 0)
            continue;
        const Topic& topic = state.topics[static_cast<std::size_t>(t)];
        for (std::int32_t p : entry.partitions) {
            if (p >= 0 && p < topic.partitionCount)
                out.push_back(topic.firstPartition + p);
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

/// The ConsumerProtocolAssignment bytes of flat partitions, grouped by topic in partition order.
std::string assignmentBytes(const ClusterState& state, const std::vector<std::int32_t>& partitions,
                            std::int16_t version)
{
    ConsumerAssignment assignment;
    assignment.version = std::clamp<std::int16_t>(version, 0, consumerProtocolVersionMax);
    std::vector<std::int32_t> sorted = partitions;
    std::sort(sorted.begin(), sorted.end());
    for (std::int32_t p : sorted) {
        const Partition& partition = state.partitions[static_cast<std::size_t>(p)];
        const std::string& name = state.topics[static_cast<std::size_t>(partition.topic)].name;
        if (assignment.partitions.empty() || assignment.partitions.back().topic != name)
            assignment.partitions.push_back(ConsumerTopicPartitions{name, {}});
        assignment.partitions.back().partitions.push_back(partition.index);
    }
    return encodeConsumerAssignment(assignment);
}

} // namespace

void GroupCoordinator::decodeSubscription(GroupMember& member, const std::string& protocol) const
{
    member.topics.clear();
    member.owned.clear();
    for (const GroupProtocolOffer& offer : member.live.protocols) {
        if (offer.name != protocol)
            continue;
        const std::optional<ConsumerSubscription> subscription = decodeConsumerSubscription(offer.metadata);
        if (!subscription)
            return; // Not the consumer protocol's bytes: nothing to draw, still a member.
        member.live.subscriptionVersion = subscription->version;
        for (const std::string& name : subscription->topics) {
            const int t = m_state.findTopic(name);
            if (t >= 0 && std::find(member.topics.begin(), member.topics.end(), t) == member.topics.end())
                member.topics.push_back(t);
        }
        std::sort(member.topics.begin(), member.topics.end());
        member.owned = flatPartitions(m_state, subscription->ownedPartitions);
        return;
    }
}

void GroupCoordinator::completeSync(std::int32_t groupIndex, BrokerId coordinator)
{
    Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
    for (GroupMember& m : group.members) {
        if (!m.awaitingSync)
            continue;
        GroupResponse answer;
        answer.kind = GroupRequestKind::Sync;
        answer.generation = group.generation;
        answer.memberId = m.memberId;
        answer.assignment = m.assignment;
        if (m.isLive()) {
            answer.live = LiveGroupAnswer{group.protocolName, m.live.assignment};
        }
        m.awaitingSync = false;
        m.lastHeartbeatMs = m_state.nowMs; // propagateAssignment: completeAndScheduleNextHeartbeatExpiration
        m_net.send(NodeRef::broker(coordinator), m.node(), std::move(answer));
    }
    rearmGroupTimer(groupIndex);
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
        const TimeMs expiry = m.lastHeartbeatMs + sessionTimeoutOf(m);
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
            m_net.send(NodeRef::broker(coordinator), m.node(), std::move(answer));
        }
        // Answering a waiting SyncGroup also completes the member's heartbeat
        // (GroupCoordinator.propagateAssignment: completeAndScheduleNextHeartbeatExpiration): its session
        // runs from now, not from before it waited, so it has session.timeout.ms to rejoin.
        if (m.awaitingSync)
            m.lastHeartbeatMs = m_state.nowMs;
        m.awaitingSync = false;
    }
    // A group that was empty waits group.initial.rebalance.delay.ms for more members to arrive; else the
    // members have the group's rebalance timeout, the largest of theirs (ClassicGroup.rebalanceTimeoutMs).
    std::int64_t rebalanceTimeoutMs = 0;
    for (const GroupMember& m : group.members)
        rebalanceTimeoutMs = std::max<std::int64_t>(
            rebalanceTimeoutMs, m.isLive() ? m.live.rebalanceTimeoutMs : m_state.config.rebalanceTimeoutMs);
    if (group.members.empty())
        rebalanceTimeoutMs = m_state.config.rebalanceTimeoutMs;
    group.joinDeadlineMs =
        m_state.nowMs + (wasEmpty ? m_state.config.groupInitialRebalanceDelayMs : rebalanceTimeoutMs);
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
    const bool anyLive =
        std::any_of(group.members.begin(), group.members.end(), [](const GroupMember& m) { return m.isLive(); });
    if (anyLive) {
        // Real members choose by name; a simulated member supports only its own assignor, so with one in
        // the group the choice is that assignor (JoinGroup refused the members that could not agree).
        group.protocolName = selectProtocol(group);
        if (const auto kind = assignorFromName(group.protocolName))
            group.protocol = *kind;
        for (GroupMember& m : group.members) {
            if (m.isLive())
                decodeSubscription(m, group.protocolName);
        }
    } else {
        group.protocolName.clear();
    }
    for (const GroupMember& m : group.members) {
        if (m.memberId == group.leader && !m.isLive())
            group.protocol = m_state.consumers[static_cast<std::size_t>(m.consumer)].assignor;
    }
    if (!anyLive)
        group.protocolName = std::string(assignorName(group.protocol));
    group.state = GroupState::CompletingRebalance;
    for (GroupMember& m : group.members) {
        GroupResponse response;
        response.kind = GroupRequestKind::Join;
        response.generation = group.generation;
        response.memberId = m.memberId;
        response.leader = group.leader;
        response.protocol = group.protocol;
        if (m.isLive())
            response.live = LiveGroupAnswer{group.protocolName, {}};
        if (m.memberId == group.leader) {
            for (const GroupMember& other : group.members) {
                GroupMemberInfo info{other.memberId, other.topics, other.owned, {}};
                if (m.isLive())
                    info.metadata = memberMetadata(other, group.protocolName);
                response.members.push_back(std::move(info));
            }
        }
        m.awaitingJoin = false;
        m.lastHeartbeatMs = m_state.nowMs;
        if (coordinator != noLeader)
            m_net.send(NodeRef::broker(coordinator), m.node(), std::move(response));
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
        if (m.awaitingJoin || m.awaitingSync || m.lastHeartbeatMs + sessionTimeoutOf(m) > m_state.nowMs)
            continue;
        e.type = EventType::MemberEvicted;
        e.peer = m.isLive() ? m.liveClient : m.consumer;
        if (m.isLive())
            e.flags |= FromLiveClient;
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
    if (request.live) {
        // A real client names the group (FindCoordinatorRequest's key): the leader of the group's
        // __consumer_offsets partition as this broker knows it, which Kafka creates on first use.
        ensureOffsetsTopic();
        const Broker& b = m_state.broker(message.to.id);
        FindCoordinatorResponse response;
        const int partition = offsetsPartitionFor(request.groupId, static_cast<int>(m_state.offsetsPartitions.size()));
        response.coordinator = b.knownCoordinators[static_cast<std::size_t>(partition)];
        const bool alive = response.coordinator != noLeader && m_state.broker(response.coordinator).alive;
        if (!alive) {
            response.coordinator = noLeader;
            response.error = ErrorCode::CoordinatorNotAvailable;
        }
        m_net.send(message.to, message.from, std::move(response));
        return std::nullopt;
    }
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
    if (request.live)
        return handleLiveGroupRequest(message, request);
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
        // Beside real members the consumer's assignor must be one every member supports
        // (ClassicGroup.supportsProtocols), else INCONSISTENT_GROUP_PROTOCOL.
        const bool liveInGroup = std::any_of(group.members.begin(), group.members.end(),
                                             [](const GroupMember& m) { return m.isLive(); });
        if (liveInGroup && !group.members.empty()) {
            const std::string own(assignorName(m_state.consumers[static_cast<std::size_t>(request.consumer)].assignor));
            const bool supported = std::all_of(group.members.begin(), group.members.end(), [&](const GroupMember& m) {
                if (index && &m == &group.members[*index])
                    return true;
                const std::vector<std::string> names = memberProtocols(m);
                return std::find(names.begin(), names.end(), own) != names.end();
            });
            if (!supported)
                return reply(ErrorCode::InconsistentGroupProtocol);
        }
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
                // A real member assigned by a simulated leader gets the bytes a Java leader would send.
                if (m.isLive())
                    m.live.assignment = assignmentBytes(m_state, m.assignment, m.live.subscriptionVersion);
            }
            group.state = GroupState::Stable;
            e.flags |= GroupStable;
            completeSync(request.group, self);
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

std::int32_t GroupCoordinator::findGroup(const std::string& groupId) const
{
    for (std::size_t g = 0; g < m_state.groups.size(); ++g) {
        if (m_state.groups[g].id == groupId)
            return static_cast<std::int32_t>(g);
    }
    return -1;
}

std::int32_t GroupCoordinator::findOrCreateGroup(const std::string& groupId)
{
    if (const std::int32_t found = findGroup(groupId); found >= 0)
        return found;
    ensureOffsetsTopic();
    Group group;
    group.id = groupId;
    group.offsetsPartition = offsetsPartitionFor(groupId, static_cast<int>(m_state.offsetsPartitions.size()));
    m_state.groups.push_back(std::move(group));
    return static_cast<std::int32_t>(m_state.groups.size() - 1);
}

void GroupCoordinator::ensureOffsetsTopic()
{
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
}

} // namespace hw

namespace hw {

// The classic protocol's broker side for a real member, following ClassicGroup, GroupMetadataManager
// (classicGroupJoin, classicGroupSync, classicGroupHeartbeat, classicGroupLeave) and
// OffsetMetadataManager (commitOffset, fetchOffsets) in group-coordinator/ at 4.4.0, on the same
// group state, timers and answers as the simulated consumers' requests.
std::optional<Event> GroupCoordinator::handleLiveGroupRequest(const Message& message, const GroupRequest& request)
{
    const LiveGroupFields& live = *request.live;
    const BrokerId self = message.to.id;
    const std::int32_t client = message.from.id;
    Event e = Event::at(EventType::GroupRequestHandled, self, client);
    e.flags |= FromLiveClient;
    e.detail = static_cast<std::int32_t>(request.kind);
    e.text = request.memberId;
    GroupResponse response;
    response.kind = request.kind;
    response.memberId = request.memberId;
    std::int32_t groupIndex = findGroup(live.groupId);
    e.value = groupIndex;
    // An answer that changes nothing makes no frame when the group does not exist (no group to draw).
    auto reply = [&](ErrorCode error) -> std::optional<Event> {
        response.error = error;
        e.error = error;
        if (groupIndex >= 0)
            response.generation = response.generation >= 0 ? response.generation
                                                            : m_state.groups[static_cast<std::size_t>(groupIndex)].generation;
        m_net.send(NodeRef::broker(self), message.from, response);
        if (groupIndex < 0)
            return std::nullopt;
        return e;
    };
    // GroupCoordinatorService: an empty group id is INVALID_GROUP_ID, and only the coordinator of the
    // group's __consumer_offsets partition answers (NOT_COORDINATOR elsewhere).
    if (live.groupId.empty())
        return reply(ErrorCode::InvalidGroupId);
    ensureOffsetsTopic();
    const int partition = offsetsPartitionFor(live.groupId, static_cast<int>(m_state.offsetsPartitions.size()));
    if (!isCoordinatorFor(self, partition))
        return reply(ErrorCode::NotCoordinator);

    auto memberIndex = [&](const Group& group) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < group.members.size(); ++i) {
            if (group.members[i].memberId == request.memberId)
                return i;
        }
        return std::nullopt;
    };

    switch (request.kind) {
    case GroupRequestKind::Join: {
        if (live.sessionTimeoutMs < groupMinSessionTimeoutMs || live.sessionTimeoutMs > groupMaxSessionTimeoutMs)
            return reply(ErrorCode::InvalidSessionTimeout);
        if (live.protocolType.empty() || live.protocols.empty())
            return reply(ErrorCode::InconsistentGroupProtocol);
        groupIndex = findOrCreateGroup(live.groupId);
        e.value = groupIndex;
        Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
        std::erase_if(group.pendingMembers, [&](const PendingMember& p) { return p.expiresMs <= m_state.nowMs; });
        const std::optional<std::size_t> index = memberIndex(group);
        const auto pending = std::find_if(group.pendingMembers.begin(), group.pendingMembers.end(),
                                          [&](const PendingMember& p) { return p.memberId == request.memberId; });
        const bool isPending = !request.memberId.empty() && pending != group.pendingMembers.end();
        if (!request.memberId.empty() && !index && !isPending)
            return reply(ErrorCode::UnknownMemberId);
        // ClassicGroup.supportsProtocols: the same protocol type, and one protocol every other member
        // supports too.
        const std::string groupType = group.members.empty() ? std::string()
                                      : group.protocolType.empty() ? std::string(consumerProtocolType)
                                                                   : group.protocolType;
        if (!groupType.empty()) {
            bool anySupported = false;
            for (const GroupProtocolOffer& offer : live.protocols) {
                anySupported = anySupported || std::all_of(group.members.begin(), group.members.end(),
                                                           [&](const GroupMember& m) {
                                                               if (index && &m == &group.members[*index])
                                                                   return true;
                                                               const std::vector<std::string> names = memberProtocols(m);
                                                               return std::find(names.begin(), names.end(), offer.name) != names.end();
                                                           });
            }
            if (live.protocolType != groupType || !anySupported)
                return reply(ErrorCode::InconsistentGroupProtocol);
        }
        const std::string prefix = live.clientId.empty() ? std::string("member") : live.clientId;
        if (request.memberId.empty() && live.requireKnownMemberId) {
            // KIP-394 (JoinGroup v4+): the member gets its id first and joins again with it.
            response.memberId = prefix + "-" + std::to_string(group.nextMemberNumber++);
            if (group.pendingMembers.size() >= pendingMembersMax)
                group.pendingMembers.erase(group.pendingMembers.begin());
            group.pendingMembers.push_back(PendingMember{response.memberId, m_state.nowMs + live.sessionTimeoutMs});
            e.text = response.memberId;
            return reply(ErrorCode::MemberIdRequired);
        }
        if (isPending)
            group.pendingMembers.erase(pending);
        if (group.members.empty())
            group.protocolType = live.protocolType;
        GroupMember* member = index ? &group.members[*index] : nullptr;
        if (!member) {
            GroupMember fresh;
            fresh.memberId = request.memberId.empty() ? prefix + "-" + std::to_string(group.nextMemberNumber++)
                                                      : request.memberId;
            fresh.consumer = -1;
            group.members.push_back(std::move(fresh));
            member = &group.members.back();
            e.text = member->memberId;
        }
        member->liveClient = client;
        member->live.clientId = live.clientId;
        member->live.clientHost = live.clientHost;
        member->live.sessionTimeoutMs = live.sessionTimeoutMs;
        member->live.rebalanceTimeoutMs = live.rebalanceTimeoutMs;
        member->live.protocols = live.protocols;
        decodeSubscription(*member, live.protocols.front().name);
        member->lastHeartbeatMs = m_state.nowMs;
        const std::string memberId = member->memberId;
        if (group.state != GroupState::PreparingRebalance) {
            beginRebalance(groupIndex, self);
            e.flags |= RebalanceStarted;
        }
        auto joined = std::find_if(group.members.begin(), group.members.end(),
                                   [&](const GroupMember& m) { return m.memberId == memberId; });
        joined->joined = true;
        joined->awaitingJoin = true;
        // The answer waits until the join phase ends (a delayed JoinGroup).
        maybeCompleteJoin(groupIndex, self, false, e);
        e.count = static_cast<std::int64_t>(group.members.size());
        return e;
    }
    case GroupRequestKind::Sync: {
        if (groupIndex < 0)
            return reply(ErrorCode::UnknownMemberId);
        Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
        const std::optional<std::size_t> index = memberIndex(group);
        if (!index)
            return reply(ErrorCode::UnknownMemberId);
        if (request.generation != group.generation)
            return reply(ErrorCode::IllegalGeneration);
        if (group.state == GroupState::PreparingRebalance)
            return reply(ErrorCode::RebalanceInProgress);
        GroupMember& member = group.members[*index];
        member.liveClient = client;
        member.lastHeartbeatMs = m_state.nowMs;
        if (group.state == GroupState::Stable) {
            response.assignment = member.assignment;
            response.live = LiveGroupAnswer{group.protocolName, member.live.assignment};
            return reply(ErrorCode::None);
        }
        member.awaitingSync = true;
        if (request.memberId == group.leader) {
            // A real leader's assignment: its assignor ran in the client, the bytes go to each member
            // as sent (a member it left out gets none), decoded only to draw them.
            for (GroupMember& m : group.members) {
                std::string bytes;
                for (const GroupAssignmentBytes& entry : live.assignments) {
                    if (entry.memberId == m.memberId)
                        bytes = entry.assignment;
                }
                const std::optional<ConsumerAssignment> decoded = decodeConsumerAssignment(bytes);
                m.assignment = decoded ? flatPartitions(m_state, decoded->partitions) : std::vector<std::int32_t>{};
                m.live.assignment = std::move(bytes);
            }
            group.state = GroupState::Stable;
            e.flags |= GroupStable;
            completeSync(groupIndex, self);
        }
        return e;
    }
    case GroupRequestKind::Heartbeat: {
        if (groupIndex < 0)
            return reply(ErrorCode::UnknownMemberId);
        Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
        const std::optional<std::size_t> index = memberIndex(group);
        if (!index)
            return reply(ErrorCode::UnknownMemberId);
        if (request.generation != group.generation)
            return reply(ErrorCode::IllegalGeneration);
        group.members[*index].liveClient = client;
        group.members[*index].lastHeartbeatMs = m_state.nowMs;
        rearmGroupTimer(groupIndex);
        return reply(group.state == GroupState::PreparingRebalance ? ErrorCode::RebalanceInProgress : ErrorCode::None);
    }
    case GroupRequestKind::Leave: {
        if (groupIndex < 0)
            return reply(ErrorCode::UnknownMemberId);
        Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
        const std::optional<std::size_t> index = memberIndex(group);
        if (!index)
            return reply(ErrorCode::UnknownMemberId);
        removeMember(groupIndex, *index);
        if (group.members.empty()) {
            group.state = GroupState::Empty;
            ++group.generation;
            group.leader.clear();
            group.joinDeadlineMs = -1;
        } else if (group.state == GroupState::PreparingRebalance) {
            maybeCompleteJoin(groupIndex, self, false, e);
        } else {
            beginRebalance(groupIndex, self);
            e.flags |= RebalanceStarted;
        }
        return reply(ErrorCode::None);
    }
    case GroupRequestKind::OffsetCommit: {
        // OffsetMetadataManager.validateOffsetCommit: an unknown group is created for a commit without a
        // generation (a "simple" group: manual assignment, the admin client); with one, it is
        // ILLEGAL_GENERATION (GROUP_ID_NOT_FOUND from OffsetCommit v9, which is not advertised).
        if (groupIndex < 0) {
            if (request.generation >= 0) {
                response.offsets = request.offsets;
                response.error = ErrorCode::IllegalGeneration;
                m_net.send(NodeRef::broker(self), message.from, response);
                return std::nullopt;
            }
            groupIndex = findOrCreateGroup(live.groupId);
            e.value = groupIndex;
        }
        Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
        const std::optional<std::size_t> index = memberIndex(group);
        response.offsets = request.offsets;
        // ClassicGroup.validateOffsetCommit at 4.4.0.
        if (!(request.generation < 0 && group.state == GroupState::Empty)) {
            if (request.generation >= 0 || !request.memberId.empty()) {
                if (!index)
                    return reply(ErrorCode::UnknownMemberId);
                if (request.generation != group.generation)
                    return reply(ErrorCode::IllegalGeneration);
            } else if (group.state != GroupState::Empty) {
                return reply(ErrorCode::UnknownMemberId);
            }
            if (group.state == GroupState::CompletingRebalance)
                return reply(ErrorCode::RebalanceInProgress);
        }
        if (index) {
            // A member's commit counts as a heartbeat.
            group.members[*index].liveClient = client;
            group.members[*index].lastHeartbeatMs = m_state.nowMs;
            rearmGroupTimer(groupIndex);
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
        e.count = static_cast<std::int64_t>(request.offsets.size());
        return reply(ErrorCode::None);
    }
    case GroupRequestKind::OffsetFetch: {
        // OffsetMetadataManager.fetchOffsets / fetchAllOffsets: no commit (or no group) reads -1.
        const Group* group = groupIndex >= 0 ? &m_state.groups[static_cast<std::size_t>(groupIndex)] : nullptr;
        if (live.allPartitions) {
            if (group)
                response.offsets = group->committed;
        } else {
            for (std::int32_t p : request.partitions) {
                Offset committed = -1;
                for (std::size_t i = 0; group && i < group->committed.size(); ++i) {
                    if (group->committed[i].partition == p)
                        committed = group->committed[i].offset;
                }
                response.offsets.push_back(CommittedOffset{p, committed});
            }
        }
        m_net.send(NodeRef::broker(self), message.from, response);
        return std::nullopt; // Reading offsets changes nothing at the coordinator.
    }
    }
    return std::nullopt;
}

} // namespace hw
