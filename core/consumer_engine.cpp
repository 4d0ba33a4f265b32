// SPDX-License-Identifier: MIT
// Consumers, consumer groups and their coordinator (section 5 of kafka-semantics.md): the classic
// group protocol (FindCoordinator, JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit,
// OffsetFetch), consumer fetches up to the high watermark, and auto.offset.reset via ListOffsets.

#include "engine.h"
#include "hwlimits.h"
#include "partitioner.h"

#include <algorithm>

namespace hw {

namespace {

// AbstractCoordinator.JOIN_GROUP_TIMEOUT_LAPSE: a JoinGroup may be held at the coordinator for the whole
// rebalance timeout, so the client waits that long plus this much before it gives up.
constexpr TimeMs joinGroupTimeoutLapseMs = 5000;
// Bounds the shift of a doubling backoff (retry.backoff.max.ms caps the value itself).
constexpr std::int32_t backoffDoublingsMax = 20;

bool has(const std::vector<std::int32_t>& v, std::int32_t x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

/// The connection failed or the answer never came (the client's own request.timeout.ms).
bool isDisconnect(ErrorCode error)
{
    return error == ErrorCode::NetworkException || error == ErrorCode::RequestTimedOut;
}

std::uint32_t brokerBit(BrokerId broker)
{
    return broker >= 1 && broker <= 32 ? 1u << (broker - 1) : 0u;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// The coordinator

bool Engine::isCoordinatorFor(BrokerId broker, const Group& group) const
{
    const Broker& b = m_state.broker(broker);
    return static_cast<std::size_t>(group.offsetsPartition) < b.knownCoordinators.size() &&
           b.knownCoordinators[static_cast<std::size_t>(group.offsetsPartition)] == broker;
}

void Engine::refreshOffsetsPartitions()
{
    // __consumer_offsets has no log in the model, so its replicas are always in sync: its ISR is its
    // unfenced replicas (the last one stays, like any ISR) and its leader the first of them.
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.offsetsPartitions.size()); ++p) {
        PartitionRegistration& reg = m_state.offsetsPartitions[static_cast<std::size_t>(p)];
        std::vector<BrokerId> isr;
        for (BrokerId b : reg.replicas) {
            if (isUnfenced(b) && m_state.broker(b).alive)
                isr.push_back(b);
        }
        BrokerId leader = noLeader;
        if (isr.empty()) {
            isr = reg.isr.empty() ? std::vector<BrokerId>{reg.replicas.front()} : std::vector<BrokerId>{reg.isr.front()};
        } else {
            leader = std::find(isr.begin(), isr.end(), reg.leader) != isr.end() ? reg.leader : isr.front();
        }
        if (leader == reg.leader && isr == reg.isr)
            continue;
        const bool moved = leader != reg.leader;
        if (moved)
            ++reg.leaderEpoch;
        ++reg.partitionEpoch;
        reg.leader = leader;
        reg.isr = std::move(isr);
        for (const Broker& b : m_state.brokers)
            send(NodeRef::controller(), NodeRef::broker(b.id), PartitionChange{p, true, reg});
        if (moved && leader != noLeader)
            loadGroups(p);
    }
}

void Engine::loadGroups(std::int32_t offsetsPartition)
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

void Engine::armGroupTimer(std::int32_t groupIndex, TimeMs atMs)
{
    armEarliest(m_state.groups[static_cast<std::size_t>(groupIndex)].timerMs, atMs,
        Timer{TimerKind::GroupTimer, groupIndex, -1});
}

void Engine::rearmGroupTimer(std::int32_t groupIndex)
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

void Engine::beginRebalance(std::int32_t groupIndex, BrokerId coordinator)
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
            send(NodeRef::broker(coordinator), NodeRef::consumer(m.consumer), std::move(answer));
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

void Engine::removeMember(std::int32_t groupIndex, std::size_t member)
{
    Group& group = m_state.groups[static_cast<std::size_t>(groupIndex)];
    group.members.erase(group.members.begin() + static_cast<std::ptrdiff_t>(member));
}

void Engine::maybeCompleteJoin(std::int32_t groupIndex, BrokerId coordinator, bool deadlinePassed, Event& event)
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
            send(NodeRef::broker(coordinator), NodeRef::consumer(m.consumer), std::move(response));
    }
    rearmGroupTimer(groupIndex);
}

std::optional<Event> Engine::groupTimer(std::int32_t groupIndex)
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

std::optional<Event> Engine::handleFindCoordinatorRequest(const Message& message, const FindCoordinatorRequest& request)
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
    send(message.to, message.from, std::move(response));
    return std::nullopt; // Answering from its metadata changes nothing on the broker.
}

std::optional<Event> Engine::handleGroupRequest(const Message& message, const GroupRequest& request)
{
    const BrokerId self = message.to.id;
    Group& group = m_state.groups[static_cast<std::size_t>(request.group)];
    Event e;
    e.type = EventType::GroupRequestHandled;
    e.node = self;
    e.peer = request.consumer;
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
        send(NodeRef::broker(self), message.from, response);
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
                send(NodeRef::broker(coordinator), NodeRef::consumer(m.consumer), std::move(answer));
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
        send(NodeRef::broker(self), message.from, response);
        return std::nullopt; // Reading offsets changes nothing at the coordinator.
    }
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// The consumer

Consumer Engine::makeConsumer(const ConsumerSpec& spec, const ClusterState& state)
{
    Consumer c;
    c.id = spec.id;
    for (std::size_t g = 0; g < state.groups.size(); ++g) {
        if (state.groups[g].id == spec.group)
            c.group = static_cast<std::int32_t>(g);
    }
    c.topics = std::vector<std::int32_t>(spec.topics.begin(), spec.topics.end());
    c.manualPartitions = spec.manualPartitions;
    c.assignor = spec.assignor;
    c.reset = spec.reset;
    c.autoCommit = spec.autoCommit;
    c.autoPoll = spec.autoPoll;
    c.maxPollRecords = spec.maxPollRecords;
    c.pollIntervalMs = spec.pollIntervalMs;
    c.startAtCreation = spec.start;
    // Bootstrap metadata: the leaders the controller has registered.
    for (const Partition& p : state.partitions)
        c.leaders.push_back(p.registration.leader);
    return c;
}

std::int32_t Engine::findOrCreateGroup(const std::string& groupId)
{
    for (std::size_t g = 0; g < m_state.groups.size(); ++g) {
        if (m_state.groups[g].id == groupId)
            return static_cast<std::int32_t>(g);
    }
    if (m_state.offsetsPartitions.empty()) {
        // The cluster's first group creates __consumer_offsets (Kafka creates it on the first
        // FindCoordinator), placed like createCluster places it, then elected among live brokers.
        std::vector<BrokerId> allBrokers;
        for (const Broker& b : m_state.brokers)
            allBrokers.push_back(b.id);
        const auto brokerCount = static_cast<std::uint64_t>(allBrokers.size());
        const int rf = std::min(3, static_cast<int>(allBrokers.size()));
        const int start = static_cast<int>(m_state.rng.below(brokerCount));
        const int shift = static_cast<int>(m_state.rng.below(brokerCount));
        for (const auto& replicas : assignReplicasRackUnaware(
                 allBrokers, static_cast<int>(m_state.config.offsetsTopicNumPartitions), rf, start, shift)) {
            PartitionRegistration reg;
            reg.replicas = replicas;
            reg.isr = replicas;
            reg.leader = replicas.front();
            m_state.offsetsPartitions.push_back(std::move(reg));
        }
        std::vector<BrokerId> coordinators;
        for (const PartitionRegistration& reg : m_state.offsetsPartitions)
            coordinators.push_back(reg.leader);
        for (Broker& b : m_state.brokers)
            b.knownCoordinators = coordinators;
        refreshOffsetsPartitions();
    }
    Group group;
    group.id = groupId;
    group.offsetsPartition = offsetsPartitionFor(groupId, static_cast<int>(m_state.offsetsPartitions.size()));
    m_state.groups.push_back(std::move(group));
    return static_cast<std::int32_t>(m_state.groups.size() - 1);
}

ApplyResult Engine::addConsumer(const ConsumerSpec& spec)
{
    if (m_state.consumers.size() >= static_cast<std::size_t>(limits::consumersMax))
        return {std::nullopt, "the cluster already has " + std::to_string(limits::consumersMax) +
                                  " consumers, the limit (consumersMax)"};
    if (spec.id.empty() || spec.id.size() > limits::stringBytesMax)
        return {std::nullopt, "a consumer id must have 1.." + std::to_string(limits::stringBytesMax) + " bytes"};
    for (const Consumer& other : m_state.consumers) {
        if (other.id == spec.id)
            return {std::nullopt, "a consumer with id \"" + spec.id + "\" already exists"};
    }
    if (!spec.start)
        return {std::nullopt, "an added consumer starts at once (\"start\": false is for declared consumers)"};
    if (spec.group.empty() == spec.manualPartitions.empty())
        return {std::nullopt, "a consumer needs either a group (with a subscription) or a manual assignment"};
    if (spec.group.size() > limits::stringBytesMax)
        return {std::nullopt, "a group id may have at most " + std::to_string(limits::stringBytesMax) + " bytes"};
    if (!spec.group.empty() && spec.topics.empty())
        return {std::nullopt, "a consumer in a group needs a subscription"};
    for (int t : spec.topics) {
        if (t < 0 || t >= static_cast<int>(m_state.topics.size()))
            return {std::nullopt, "no topic with index " + std::to_string(t)};
    }
    for (std::int32_t p : spec.manualPartitions) {
        if (p < 0 || p >= static_cast<std::int32_t>(m_state.partitions.size()))
            return {std::nullopt, "no partition with index " + std::to_string(p)};
    }
    if (spec.maxPollRecords < 1 || spec.maxPollRecords > limits::fetchRecordsMax)
        return {std::nullopt, "max.poll.records must be in 1.." + std::to_string(limits::fetchRecordsMax)};
    if (spec.pollIntervalMs < 0 || spec.pollIntervalMs > limits::pollIntervalMsMax)
        return {std::nullopt, "poll.interval.ms must be in 0.." + std::to_string(limits::pollIntervalMsMax)};

    const std::int32_t group = spec.group.empty() ? -1 : findOrCreateGroup(spec.group);
    Consumer c = makeConsumer(spec, m_state);
    c.group = group;
    const auto index = static_cast<std::int32_t>(m_state.consumers.size());
    m_state.consumers.push_back(std::move(c));
    startConsumer(index);
    Event e;
    e.type = EventType::ConsumerStarted;
    e.node = index;
    e.detail = 1; // added at run time
    e.value = group;
    return {e, {}};
}

void Engine::startConsumer(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.memberId.clear();
    c.generation = -1;
    c.coordinator = noLeader;
    c.requestInFlight = false;
    c.requestDeadlineMs = -1;
    c.rejoinAfterSync = false;
    c.rejoinNeeded = false;
    c.sessionAckMs = m_state.nowMs;
    c.metadataInFlight = false;
    c.metadataWanted = false;
    c.metadataTarget = noLeader;
    c.metadataDeadlineMs = -1;
    c.metadataRetryAtMs = -1;
    c.metadataBackoffs = 0;
    c.unreachableBrokers = 0;
    c.owned.clear();
    ++c.timerEpoch;
    if (c.group >= 0) {
        c.rejoinNeeded = true;
        findCoordinator(index);
        schedule(m_state.nowMs + m_state.config.heartbeatIntervalMs,
                 Timer{TimerKind::ConsumerHeartbeat, index, c.timerEpoch});
        if (c.autoCommit)
            schedule(m_state.nowMs + m_state.config.autoCommitIntervalMs,
                     Timer{TimerKind::ConsumerAutoCommit, index, c.timerEpoch});
    } else {
        c.phase = MemberPhase::Stable;
        for (std::int32_t p : c.manualPartitions)
            c.owned.push_back(OwnedPartition{p});
        lookUpPositions(index);
    }
}

TimeMs Engine::consumerBackoffMs(std::int32_t failures) const
{
    // retry.backoff.ms doubling per failure up to retry.backoff.max.ms (KIP-580's exponential backoff,
    // without its jitter so that runs stay reproducible).
    const TimeMs base = std::max<TimeMs>(1, m_state.config.retryBackoffMs);
    const int doublings = std::clamp(failures - 1, 0, backoffDoublingsMax);
    return std::min(base << doublings, std::max(base, m_state.config.retryBackoffMaxMs));
}

void Engine::findCoordinator(std::int32_t index)
{
    // AbstractCoordinator.lookupCoordinator: the coordinator is unknown until a FindCoordinator answer
    // names one; the request goes out as soon as the metadata backoff allows.
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.phase = MemberPhase::FindingCoordinator;
    c.coordinator = noLeader;
    refreshConsumerMetadata(index);
}

void Engine::markCoordinatorUnknown(std::int32_t index)
{
    // AbstractCoordinator.markCoordinatorUnknown: forget the coordinator and drop the connection to it,
    // which fails every request still waiting there. A JoinGroup or SyncGroup cut short means joining
    // again; a member of a stable generation only has to find the coordinator and heartbeat it (the new
    // coordinator loaded the group from __consumer_offsets).
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.phase == MemberPhase::Joining || c.phase == MemberPhase::Syncing)
        c.rejoinNeeded = true;
    c.requestInFlight = false;
    c.requestDeadlineMs = -1;
    for (OwnedPartition& o : c.owned) {
        if (o.lookupInFlight && !o.resetNeeded) { // an OffsetFetch to the coordinator
            o.lookupInFlight = false;
            o.lookupDeadlineMs = -1;
        }
    }
    if (c.phase != MemberPhase::FindingCoordinator)
        findCoordinator(index);
}

void Engine::refreshConsumerMetadata(std::int32_t index)
{
    // Metadata.requestUpdate: the refresh itself goes out when nothing is in flight and the backoff
    // after the last answer has passed.
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.metadataWanted = true;
    sendConsumerMetadata(index);
}

void Engine::sendConsumerMetadata(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (!c.metadataWanted || c.metadataInFlight)
        return;
    if (c.metadataRetryAtMs > m_state.nowMs) {
        armConsumerTimer(index, c.metadataRetryAtMs);
        return;
    }
    // Like NetworkClient.leastLoadedNode, prefer a broker that has not just failed to answer; once
    // every broker has, try them all again.
    const auto brokerCount = static_cast<std::int32_t>(m_state.brokers.size());
    BrokerId target = noLeader;
    for (std::int32_t i = 0; i < brokerCount && target == noLeader; ++i) {
        const BrokerId candidate = (c.metadataBroker + i) % brokerCount + 1;
        if ((c.unreachableBrokers & brokerBit(candidate)) == 0)
            target = candidate;
    }
    if (target == noLeader) {
        c.unreachableBrokers = 0;
        target = c.metadataBroker % brokerCount + 1;
    }
    c.metadataBroker = target % brokerCount; // the broker after the target is asked next
    c.metadataWanted = false;
    c.metadataInFlight = true;
    c.metadataTarget = target;
    c.metadataDeadlineMs = m_state.nowMs + m_state.config.requestTimeoutMs;
    armConsumerTimer(index, c.metadataDeadlineMs);
    send(NodeRef::consumer(index), NodeRef::broker(target), FindCoordinatorRequest{index});
}

std::optional<Event> Engine::handleFindCoordinatorResponse(const Message& message,
                                                           const FindCoordinatorResponse& response)
{
    const std::int32_t index = message.to.id;
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.phase == MemberPhase::Crashed || c.phase == MemberPhase::Stopped)
        return std::nullopt;
    const BrokerId from = message.from.id;
    if (!c.metadataInFlight || from != c.metadataTarget)
        return std::nullopt; // An answer to a request the consumer already gave up on.
    c.metadataInFlight = false;
    c.metadataDeadlineMs = -1;
    const bool disconnected = isDisconnect(response.error);
    if (disconnected)
        c.unreachableBrokers |= brokerBit(from);
    else
        c.unreachableBrokers &= ~brokerBit(from);
    Event e;
    e.type = EventType::CoordinatorFound;
    e.node = index;
    e.peer = response.coordinator;
    e.value = from;
    e.error = response.error;
    if (!disconnected) {
        for (std::size_t p = 0; p < response.leaders.size() && p < c.leaders.size(); ++p) {
            if (c.leaders[p] == response.leaders[p])
                continue;
            if (e.count == 0)
                e.partition = static_cast<std::int32_t>(p); // the narration names its new leader
            ++e.count;
            c.leaders[p] = response.leaders[p];
        }
    }
    const bool finding = c.group >= 0 && c.phase == MemberPhase::FindingCoordinator;
    const bool found = finding && response.error == ErrorCode::None && response.coordinator != noLeader;
    // An answer that failed or brought no news makes the next refresh wait longer (Kafka 3.7's
    // Metadata.timeToAllowUpdate backs off on failed and on equivalent responses).
    c.metadataBackoffs = e.count > 0 ? 0 : std::min(c.metadataBackoffs + 1, backoffDoublingsMax + 1);
    c.metadataRetryAtMs = m_state.nowMs + consumerBackoffMs(std::max(1, c.metadataBackoffs));
    if (found) {
        c.coordinator = response.coordinator;
        c.sessionAckMs = m_state.nowMs; // FindCoordinatorResponseHandler: heartbeat.resetSessionTimeout()
        if (c.rejoinNeeded || c.memberId.empty() || c.generation < 0) {
            sendJoin(index);
        } else {
            // Still a member of a generation: heartbeat the new coordinator (which loaded the group) and
            // carry on; the answer says whether the member has to rejoin after all.
            c.phase = MemberPhase::Stable;
            GroupRequest heartbeat;
            heartbeat.kind = GroupRequestKind::Heartbeat;
            sendGroupRequest(index, std::move(heartbeat));
        }
    } else if (finding) {
        e.peer = -1;
        refreshConsumerMetadata(index); // ensureCoordinatorReady asks again after the backoff
    } else {
        // A metadata refresh. COORDINATOR_NOT_AVAILABLE is about the group, not the leaders it carries.
        e.detail = 1;
        if (response.error == ErrorCode::CoordinatorNotAvailable)
            e.error = ErrorCode::None;
    }
    lookUpPositions(index);
    fetchForConsumer(index);
    rearmConsumerTimer(index);
    if (!finding && !disconnected && e.count == 0)
        return std::nullopt; // A refresh that changed nothing the consumer believed.
    return e;
}

void Engine::sendGroupRequest(std::int32_t index, GroupRequest request)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.coordinator == noLeader) {
        // No coordinator known: find one first; a join is sent from there, a commit is dropped.
        if (request.kind == GroupRequestKind::Join)
            c.rejoinNeeded = true;
        if (c.phase != MemberPhase::FindingCoordinator)
            findCoordinator(index);
        return;
    }
    request.consumer = index;
    request.group = c.group;
    request.memberId = c.memberId;
    request.generation = c.generation;
    if (request.kind == GroupRequestKind::Join || request.kind == GroupRequestKind::Sync) {
        c.requestInFlight = true;
        // AbstractCoordinator.sendJoinGroupRequest: a JoinGroup may wait the whole rebalance timeout at
        // the coordinator, so its timeout is max(request.timeout.ms, rebalance timeout + 5 s).
        const TimeMs timeoutMs = request.kind == GroupRequestKind::Join
                                     ? std::max(m_state.config.requestTimeoutMs,
                                                m_state.config.rebalanceTimeoutMs + joinGroupTimeoutLapseMs)
                                     : m_state.config.requestTimeoutMs;
        c.requestDeadlineMs = m_state.nowMs + timeoutMs;
        armConsumerTimer(index, c.requestDeadlineMs);
    }
    send(NodeRef::consumer(index), NodeRef::broker(c.coordinator), std::move(request));
}

void Engine::sendJoin(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    // ConsumerCoordinator.onJoinPrepare: an eager member revokes everything (committing first if it
    // auto-commits) before it joins; a cooperative one keeps what it owns.
    if (!assignorIsCooperative(c.assignor) && !c.owned.empty())
        revokeAll(index);
    c.phase = MemberPhase::Joining;
    c.rejoinNeeded = true;
    GroupRequest request;
    request.kind = GroupRequestKind::Join;
    request.topics = c.topics;
    // Cooperative members report what they keep owning; eager ones have revoked everything and report
    // their last assignment (for the sticky assignor).
    if (assignorIsCooperative(c.assignor)) {
        for (const OwnedPartition& o : c.owned)
            request.partitions.push_back(o.partition);
    } else {
        request.partitions = c.previousAssignment;
    }
    sendGroupRequest(index, std::move(request));
}

void Engine::commitOwned(std::int32_t index, bool onlyIfAuto)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.group < 0 || c.coordinator == noLeader || (onlyIfAuto && !c.autoCommit))
        return;
    GroupRequest request;
    request.kind = GroupRequestKind::OffsetCommit;
    for (const OwnedPartition& o : c.owned) {
        if (o.position >= 0)
            request.offsets.push_back(CommittedOffset{o.partition, o.position});
    }
    if (request.offsets.empty())
        return;
    sendGroupRequest(index, std::move(request));
}

void Engine::revokeAll(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    commitOwned(index, true); // onPartitionsRevoked: auto-commit what was processed
    c.owned.clear();
}

void Engine::loseMembership(std::int32_t index)
{
    // The coordinator no longer knows this member (evicted, or a stale generation): its partitions
    // are lost, not revoked, so nothing is committed for them.
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.owned.clear();
    c.previousAssignment.clear();
    c.memberId.clear();
    c.generation = -1;
}

void Engine::assignPartitionsTo(std::int32_t index, const std::vector<std::int32_t>& partitions)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    for (std::int32_t p : partitions) {
        const bool owned = std::any_of(c.owned.begin(), c.owned.end(),
                                       [&](const OwnedPartition& o) { return o.partition == p; });
        if (!owned)
            c.owned.push_back(OwnedPartition{p});
    }
    std::sort(c.owned.begin(), c.owned.end(),
              [](const OwnedPartition& a, const OwnedPartition& b) { return a.partition < b.partition; });
}

void Engine::lookUpPositions(std::int32_t index)
{
    // A partition without a position asks its group's coordinator for the committed offset
    // (OffsetFetch) unless it is already known that there is none; then auto.offset.reset decides.
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.phase == MemberPhase::Crashed || c.phase == MemberPhase::Stopped)
        return;
    std::vector<std::int32_t> committed;
    for (OwnedPartition& o : c.owned) {
        if (o.position >= 0 || o.lookupInFlight || o.resetFailed)
            continue;
        if (c.group >= 0 && !o.resetNeeded)
            committed.push_back(o.partition);
        else
            resetPosition(index, o);
    }
    // The committed offsets wait for a coordinator (ConsumerCoordinator.fetchCommittedOffsets).
    if (committed.empty() || c.coordinator == noLeader)
        return;
    for (OwnedPartition& o : c.owned) {
        if (std::find(committed.begin(), committed.end(), o.partition) == committed.end())
            continue;
        o.lookupInFlight = true;
        o.lookupBroker = c.coordinator;
        o.lookupDeadlineMs = m_state.nowMs + m_state.config.requestTimeoutMs;
    }
    armConsumerTimer(index, m_state.nowMs + m_state.config.requestTimeoutMs);
    GroupRequest request;
    request.kind = GroupRequestKind::OffsetFetch;
    request.partitions = std::move(committed);
    sendGroupRequest(index, std::move(request));
}

void Engine::resetPosition(std::int32_t index, OwnedPartition& o)
{
    // auto.offset.reset through ListOffsets to the partition's leader. Without a known leader the
    // consumer refreshes its metadata (with its backoff) and tries again when the answer comes
    // (OffsetFetcher.resetPositionsIfNeeded retries until the leader is known).
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    o.resetNeeded = true;
    if (c.reset == OffsetReset::None) {
        o.resetFailed = true;
        return;
    }
    const BrokerId leader = c.leaders[static_cast<std::size_t>(o.partition)];
    if (leader == noLeader) {
        refreshConsumerMetadata(index);
        return;
    }
    o.lookupInFlight = true;
    o.lookupBroker = leader;
    o.lookupDeadlineMs = m_state.nowMs + m_state.config.requestTimeoutMs;
    armConsumerTimer(index, o.lookupDeadlineMs);
    send(NodeRef::consumer(index), NodeRef::broker(leader),
         ListOffsetsRequest{index, o.partition, c.reset == OffsetReset::Earliest});
}

void Engine::fetchForConsumer(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.phase == MemberPhase::Crashed || c.phase == MemberPhase::Stopped)
        return;
    if (!c.autoPoll && c.pollBudget <= 0)
        return;
    bool leaderUnknown = false;
    for (OwnedPartition& o : c.owned) {
        if (o.position < 0 || o.fetchInFlight || o.resetFailed)
            continue;
        if (o.fetchRetryAtMs > m_state.nowMs) {
            armConsumerTimer(index, o.fetchRetryAtMs);
            continue;
        }
        const BrokerId leader = c.leaders[static_cast<std::size_t>(o.partition)];
        if (leader == noLeader) {
            leaderUnknown = true;
            continue;
        }
        FetchRequest request;
        request.partition = o.partition;
        request.replica = -1;
        request.consumer = index;
        request.fetchId = ++o.fetchId;
        request.fetchOffset = o.position;
        request.maxRecords = c.autoPoll ? c.maxPollRecords : std::min(c.maxPollRecords, c.pollBudget);
        request.currentLeaderEpoch = -1;
        o.fetchInFlight = true;
        o.fetchBroker = leader;
        o.fetchDeadlineMs = m_state.nowMs + m_state.config.requestTimeoutMs;
        armConsumerTimer(index, o.fetchDeadlineMs);
        send(NodeRef::consumer(index), NodeRef::broker(leader), request);
    }
    // A partition without a known leader is fetched once a metadata refresh names one.
    if (leaderUnknown)
        refreshConsumerMetadata(index);
}

ApplyResult Engine::consumerAction(const ConsumerAction& action)
{
    if (action.kind == ConsumerAction::Kind::Add)
        return addConsumer(action.spec);
    if (action.consumer < 0 || action.consumer >= static_cast<std::int32_t>(m_state.consumers.size()))
        return {std::nullopt, "no such consumer"};
    Consumer& c = m_state.consumers[static_cast<std::size_t>(action.consumer)];
    const std::string name = "consumer " + c.id;
    const bool running = c.phase != MemberPhase::Stopped && c.phase != MemberPhase::Crashed;
    Event e;
    e.node = action.consumer;
    switch (action.kind) {
    case ConsumerAction::Kind::Join:
        if (running)
            return {std::nullopt, name + " is already running"};
        startConsumer(action.consumer);
        e.type = EventType::ConsumerStarted;
        return {e, {}};
    case ConsumerAction::Kind::Leave:
        if (!running)
            return {std::nullopt, name + " is not running"};
        if (c.group >= 0 && !c.memberId.empty() && c.coordinator != noLeader) {
            // A best-effort LeaveGroup (AbstractCoordinator.maybeLeaveGroup): nobody waits for its answer.
            commitOwned(action.consumer, true);
            GroupRequest request;
            request.kind = GroupRequestKind::Leave;
            sendGroupRequest(action.consumer, std::move(request));
        }
        c.phase = MemberPhase::Stopped;
        c.owned.clear();
        c.requestInFlight = false;
        c.requestDeadlineMs = -1;
        c.metadataInFlight = false;
        c.metadataWanted = false;
        ++c.timerEpoch;
        e.type = EventType::ConsumerStopped;
        e.detail = 0;
        return {e, {}};
    case ConsumerAction::Kind::Crash:
        if (!running)
            return {std::nullopt, name + " is not running"};
        c.phase = MemberPhase::Crashed;
        ++c.timerEpoch;
        e.type = EventType::ConsumerStopped;
        e.detail = 1;
        return {e, {}};
    case ConsumerAction::Kind::Poll:
        if (!running)
            return {std::nullopt, name + " is not running"};
        if (c.autoPoll)
            return {std::nullopt, name + " polls on its own (auto.poll is on)"};
        c.pollBudget = action.maxRecords > 0 ? action.maxRecords : c.maxPollRecords;
        fetchForConsumer(action.consumer);
        e.type = EventType::ConsumerFetchSent;
        e.count = c.pollBudget;
        return {e, {}};
    case ConsumerAction::Kind::Commit: {
        if (!running)
            return {std::nullopt, name + " is not running"};
        if (c.group < 0)
            return {std::nullopt, name + " has no group to commit to"};
        if (c.coordinator == noLeader)
            return {std::nullopt, name + " has not found its coordinator yet"};
        std::int64_t count = 0;
        for (const OwnedPartition& o : c.owned)
            count += o.position >= 0 ? 1 : 0;
        if (count == 0)
            return {std::nullopt, name + " has no positions to commit"};
        commitOwned(action.consumer, false);
        e.type = EventType::GroupRequestSent;
        e.peer = c.coordinator;
        e.detail = static_cast<std::int32_t>(GroupRequestKind::OffsetCommit);
        e.count = count;
        return {e, {}};
    }
    case ConsumerAction::Kind::Seek: {
        if (!running)
            return {std::nullopt, name + " is not running"};
        auto it = std::find_if(c.owned.begin(), c.owned.end(),
                               [&](const OwnedPartition& o) { return o.partition == action.partition; });
        if (it == c.owned.end())
            return {std::nullopt, name + " is not assigned " + m_state.partitionName(action.partition)};
        if (action.offset < 0)
            return {std::nullopt, "an offset must be 0 or more"};
        it->position = action.offset;
        it->resetFailed = false;
        it->resetNeeded = false;
        // A seek settles the position: a lookup still in flight is forgotten and an answer to the fetch
        // before the seek is dropped.
        it->lookupInFlight = false;
        it->lookupDeadlineMs = -1;
        it->fetchInFlight = false;
        it->fetchDeadlineMs = -1;
        ++it->fetchId;
        e.type = EventType::PositionSet;
        e.partition = action.partition;
        e.offset = action.offset;
        e.detail = 2;
        if (c.autoPoll)
            fetchForConsumer(action.consumer);
        return {e, {}};
    }
    case ConsumerAction::Kind::Add:
        break; // handled above: it has no consumer yet
    }
    return {std::nullopt, "unknown consumer action"};
}

std::optional<Event> Engine::handleGroupResponse(const Message& message, const GroupResponse& response)
{
    const std::int32_t index = message.to.id;
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.phase == MemberPhase::Crashed || c.phase == MemberPhase::Stopped)
        return std::nullopt;
    // Only the coordinator the consumer talks to now is listened to: an answer from one it has given
    // up on comes over a connection Kafka's client has already closed.
    if (message.from.id != c.coordinator || response.kind == GroupRequestKind::Leave)
        return std::nullopt;
    const bool joinOrSync = response.kind == GroupRequestKind::Join || response.kind == GroupRequestKind::Sync;
    if (joinOrSync) {
        const MemberPhase waiting =
            response.kind == GroupRequestKind::Join ? MemberPhase::Joining : MemberPhase::Syncing;
        if (!c.requestInFlight || c.phase != waiting)
            return std::nullopt; // The request was given up (timed out) and sent again.
        c.requestInFlight = false;
        c.requestDeadlineMs = -1;
    }
    Event e;
    e.type = EventType::GroupResponseApplied;
    e.node = index;
    e.peer = message.from.id;
    e.value = c.group;
    e.detail = static_cast<std::int32_t>(response.kind);
    e.error = response.error;
    if (isDisconnect(response.error))
        c.unreachableBrokers |= brokerBit(message.from.id);
    else
        c.unreachableBrokers &= ~brokerBit(message.from.id);

    // NOT_COORDINATOR, or the connection failed: find the coordinator again (the group's state moved
    // with __consumer_offsets); a JoinGroup or SyncGroup cut short is sent again from there.
    auto rediscover = [&] {
        markCoordinatorUnknown(index);
        if (c.rejoinNeeded)
            e.flags |= Rejoining;
        return e;
    };
    const bool coordinatorLost = response.error == ErrorCode::NotCoordinator ||
                                 response.error == ErrorCode::CoordinatorNotAvailable ||
                                 isDisconnect(response.error);

    switch (response.kind) {
    case GroupRequestKind::Join:
        if (coordinatorLost)
            return rediscover();
        if (response.error == ErrorCode::UnknownMemberId) {
            loseMembership(index);
            sendJoin(index);
            e.flags |= Rejoining;
            return e;
        }
        if (response.error != ErrorCode::None)
            return e;
        c.memberId = response.memberId;
        c.generation = response.generation;
        c.phase = MemberPhase::Syncing;
        c.sessionAckMs = m_state.nowMs; // the heartbeat thread starts in COMPLETING_REBALANCE

        {
            GroupRequest sync;
            sync.kind = GroupRequestKind::Sync;
            if (response.leader == c.memberId) {
                // The leader member runs the assignor for everyone.
                std::vector<AssignorMember> members;
                for (const GroupMemberInfo& info : response.members) {
                    AssignorMember m;
                    m.memberId = info.memberId;
                    for (std::int32_t t : info.topics)
                        m.topics.push_back(m_state.topics[static_cast<std::size_t>(t)].name);
                    for (std::int32_t p : info.owned) {
                        const Partition& part = m_state.partitions[static_cast<std::size_t>(p)];
                        m.owned.push_back(
                            AssignorPartition{m_state.topics[static_cast<std::size_t>(part.topic)].name, part.index});
                    }
                    members.push_back(std::move(m));
                }
                std::vector<AssignorTopic> topics;
                for (const Topic& t : m_state.topics)
                    topics.push_back(AssignorTopic{t.name, t.partitionCount});
                const GroupAssignment assignment = assignPartitions(response.protocol, members, topics);
                for (const auto& [memberId, partitions] : assignment) {
                    GroupAssignmentEntry entry{memberId, {}};
                    for (const AssignorPartition& ap : partitions) {
                        const int t = m_state.findTopic(ap.topic);
                        entry.partitions.push_back(m_state.topics[static_cast<std::size_t>(t)].firstPartition +
                                                   ap.partition);
                    }
                    sync.assignment.push_back(std::move(entry));
                }
                e.flags |= GenerationCompleted; // the leader computed the assignment
                e.count = static_cast<std::int64_t>(response.members.size());
            }
            sendGroupRequest(index, std::move(sync));
        }
        e.completed = response.generation;
        e.text = response.memberId;
        return e;
    case GroupRequestKind::Sync: {
        if (coordinatorLost)
            return rediscover();
        if (response.error == ErrorCode::RebalanceInProgress) {
            sendJoin(index); // an eager member revokes first (onJoinPrepare)
            e.flags |= Rejoining;
            return e;
        }
        if (response.error == ErrorCode::UnknownMemberId || response.error == ErrorCode::IllegalGeneration) {
            loseMembership(index);
            sendJoin(index);
            e.flags |= Rejoining;
            return e;
        }
        // Revoke what is no longer ours (committing it first), take on what is new.
        std::int64_t revoked = 0;
        std::vector<OwnedPartition> keep;
        std::vector<CommittedOffset> revokedOffsets;
        for (const OwnedPartition& o : c.owned) {
            if (has(response.assignment, o.partition))
                keep.push_back(o);
            else {
                ++revoked;
                if (o.position >= 0)
                    revokedOffsets.push_back(CommittedOffset{o.partition, o.position});
            }
        }
        if (!revokedOffsets.empty() && c.autoCommit) {
            GroupRequest commit;
            commit.kind = GroupRequestKind::OffsetCommit;
            commit.offsets = revokedOffsets;
            sendGroupRequest(index, std::move(commit));
        }
        c.owned = std::move(keep);
        c.previousAssignment = response.assignment;
        c.rejoinNeeded = false;
        c.sessionAckMs = m_state.nowMs;
        const auto before = static_cast<std::int64_t>(c.owned.size());
        assignPartitionsTo(index, response.assignment);
        e.count = static_cast<std::int64_t>(c.owned.size()) - before;
        e.offset = revoked;
        c.phase = MemberPhase::Stable;
        if (revoked > 0 && assignorIsCooperative(c.assignor)) {
            // KIP-429: having given partitions up, join again so they can go to their new owners.
            sendJoin(index);
            e.flags |= Rejoining;
        }
        lookUpPositions(index);
        fetchForConsumer(index);
        return e;
    }
    case GroupRequestKind::Heartbeat:
        if (c.phase != MemberPhase::Stable)
            return std::nullopt; // Joining or syncing already (AbstractCoordinator ignores it then).
        if (response.error == ErrorCode::None || response.error == ErrorCode::RebalanceInProgress)
            c.sessionAckMs = m_state.nowMs; // heartbeat.receiveHeartbeat()
        if (response.error == ErrorCode::None)
            return std::nullopt;
        if (coordinatorLost)
            return rediscover();
        if (response.error != ErrorCode::RebalanceInProgress)
            loseMembership(index); // UNKNOWN_MEMBER_ID, ILLEGAL_GENERATION: the member is gone
        sendJoin(index); // an eager member revokes first (onJoinPrepare)
        e.flags |= Rejoining;
        return e;
    case GroupRequestKind::Leave:
        return std::nullopt;
    case GroupRequestKind::OffsetCommit:
        if (coordinatorLost)
            return rediscover();
        return std::nullopt; // The coordinator's frame showed the commit.
    case GroupRequestKind::OffsetFetch: {
        if (coordinatorLost)
            return rediscover(); // the lookups are asked again of the next coordinator
        for (const CommittedOffset& committed : response.offsets) {
            auto it = std::find_if(c.owned.begin(), c.owned.end(),
                                   [&](const OwnedPartition& o) { return o.partition == committed.partition; });
            if (it == c.owned.end() || it->position >= 0 || !it->lookupInFlight || it->resetNeeded)
                continue;
            it->lookupInFlight = false;
            it->lookupDeadlineMs = -1;
            if (committed.offset >= 0) {
                it->position = committed.offset;
                ++e.count;
                if (e.partition < 0) {
                    e.partition = committed.partition;
                    e.offset = committed.offset;
                }
            } else {
                // Nothing committed: auto.offset.reset decides, through ListOffsets to the leader.
                resetPosition(index, *it);
            }
        }
        fetchForConsumer(index);
        rearmConsumerTimer(index);
        return e;
    }
    }
    return std::nullopt;
}

std::optional<Event> Engine::handleListOffsetsRequest(const Message& message, const ListOffsetsRequest& request)
{
    Replica* leader = replicaOn(request.partition, message.to.id);
    ListOffsetsResponse response;
    response.partition = request.partition;
    if (!leader || !leader->isLeader())
        response.error = ErrorCode::NotLeaderOrFollower;
    else
        response.offset = request.earliest ? leader->log.logStart : leader->hw;
    send(message.to, message.from, response);
    return std::nullopt;
}

std::optional<Event> Engine::handleListOffsetsResponse(const Message& message, const ListOffsetsResponse& response)
{
    const std::int32_t index = message.to.id;
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.phase == MemberPhase::Crashed || c.phase == MemberPhase::Stopped)
        return std::nullopt;
    auto it = std::find_if(c.owned.begin(), c.owned.end(),
                           [&](const OwnedPartition& o) { return o.partition == response.partition; });
    if (it == c.owned.end() || !it->lookupInFlight || !it->resetNeeded || it->lookupBroker != message.from.id)
        return std::nullopt; // Not the lookup the consumer waits for (it gave that one up).
    it->lookupInFlight = false;
    it->lookupDeadlineMs = -1;
    if (isDisconnect(response.error))
        c.unreachableBrokers |= brokerBit(message.from.id);
    else
        c.unreachableBrokers &= ~brokerBit(message.from.id);
    Event e;
    e.type = EventType::PositionSet;
    e.node = index;
    e.peer = message.from.id;
    e.partition = response.partition;
    e.detail = 1;
    e.error = response.error;
    if (response.error != ErrorCode::None) {
        refreshConsumerMetadata(index); // the lookup is asked again when the answer comes
        rearmConsumerTimer(index);
        return e;
    }
    it->position = response.offset;
    it->resetNeeded = false;
    e.offset = response.offset;
    fetchForConsumer(index);
    rearmConsumerTimer(index);
    return e;
}

std::optional<Event> Engine::handleConsumerFetch(const Message& message, const FetchRequest& request)
{
    const BrokerId self = message.to.id;
    Replica* leader = replicaOn(request.partition, self);
    Event e;
    e.type = EventType::ConsumerFetchHandled;
    e.node = self;
    e.peer = request.consumer;
    e.partition = request.partition;
    e.offset = request.fetchOffset;
    auto fail = [&](ErrorCode error) {
        FetchResponse response;
        response.partition = request.partition;
        response.fetchId = request.fetchId;
        response.fetchOffset = request.fetchOffset;
        response.error = error;
        send(NodeRef::broker(self), message.from, std::move(response));
        e.error = error;
        return e;
    };
    if (!leader || !leader->isLeader())
        return fail(ErrorCode::NotLeaderOrFollower);
    if (request.fetchOffset > leader->log.leo() || request.fetchOffset < leader->log.logStart)
        return fail(ErrorCode::OffsetOutOfRange);
    e.hwBefore = leader->hw;
    // read_uncommitted: a consumer reads below the high watermark only. An offset in (HW, LEO] is
    // valid but has nothing readable yet, so the fetch waits like an empty one.
    const std::int64_t available = std::max<std::int64_t>(0, std::min<std::int64_t>(leader->hw - request.fetchOffset,
                                                                                      request.maxRecords));
    if (available == 0 && m_state.config.fetchMaxWaitMs > 0) {
        const TimeMs deadline = m_state.nowMs + m_state.config.fetchMaxWaitMs;
        leader->parkedFetches.push_back(ParkedFetch{request, deadline});
        armPurgatoryTimer(TimerKind::FetchWaitExpired, request.partition, *leader, deadline);
        e.flags |= Parked;
        // Worth a frame only when records exist that the HW still hides; a consumer that is simply
        // caught up waits quietly.
        if (request.fetchOffset >= leader->log.leo())
            return std::nullopt;
        return e;
    }
    respondToFetch(request.partition, *leader, request, leader->hw);
    e.count = available;
    return e;
}

int Engine::completeConsumerFetches(std::int32_t partition, Replica& leader)
{
    int completed = 0;
    auto& parked = leader.parkedFetches;
    for (auto it = parked.begin(); it != parked.end();) {
        if (it->request.consumer >= 0 && leader.hw > it->request.fetchOffset) {
            respondToFetch(partition, leader, it->request, leader.hw);
            it = parked.erase(it);
            ++completed;
        } else {
            ++it;
        }
    }
    return completed;
}

std::optional<Event> Engine::handleConsumerFetchResponse(const Message& message, const FetchResponse& response)
{
    const std::int32_t index = message.to.id;
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    auto it = std::find_if(c.owned.begin(), c.owned.end(),
                           [&](const OwnedPartition& o) { return o.partition == response.partition; });
    if (c.phase == MemberPhase::Crashed || it == c.owned.end() || !it->fetchInFlight || it->fetchId != response.fetchId)
        return std::nullopt;
    it->fetchInFlight = false;
    it->fetchDeadlineMs = -1;
    if (isDisconnect(response.error))
        c.unreachableBrokers |= brokerBit(message.from.id);
    else
        c.unreachableBrokers &= ~brokerBit(message.from.id);
    Event e;
    e.type = EventType::RecordsReceived;
    e.node = index;
    e.peer = message.from.id;
    e.partition = response.partition;
    e.offset = response.fetchOffset;
    e.error = response.error;
    e.value = response.hw;
    if (response.error == ErrorCode::OffsetOutOfRange) {
        it->position = -1;
        resetPosition(index, *it); // auto.offset.reset, through the leader
        rearmConsumerTimer(index);
        return e;
    }
    if (response.error != ErrorCode::None) {
        // The leader moved or went away: refresh metadata and fetch again after a pause.
        ++it->fetchFailures;
        it->fetchRetryAtMs = m_state.nowMs + consumerBackoffMs(it->fetchFailures);
        refreshConsumerMetadata(index);
        rearmConsumerTimer(index);
        return e;
    }
    it->fetchFailures = 0;
    it->fetchRetryAtMs = -1;
    const ReplicaLog& source = response.leaderLog;
    const auto from = static_cast<std::size_t>(response.fetchOffset - source.baseOffset);
    source.records.forEach(from, from + static_cast<std::size_t>(response.recordCount),
                           [&](std::size_t i, const Record& record) {
                               c.received.push_back(ReceivedRecord{response.partition,
                                                                   source.baseOffset + static_cast<Offset>(i),
                                                                   record.payload, response.hw});
                           });
    it->position += response.recordCount;
    e.count = response.recordCount;
    const bool empty = response.recordCount == 0;
    if (!c.autoPoll)
        c.pollBudget = std::max<std::int32_t>(0, c.pollBudget - static_cast<std::int32_t>(response.recordCount));
    // A consumer polling on its own loop fetches again (after its pause, if it has one); a manual
    // poll is one fetch per partition, answered with records or after fetch.max.wait.ms.
    if (c.autoPoll && c.pollIntervalMs > 0)
        schedule(m_state.nowMs + c.pollIntervalMs, Timer{TimerKind::ConsumerPoll, index, c.timerEpoch});
    else if (c.autoPoll)
        fetchForConsumer(index);
    if (empty)
        return std::nullopt; // An empty answer to a wait: the next fetch is already on its way.
    return e;
}

std::optional<Event> Engine::consumerPoll(std::int32_t index, std::int32_t epoch)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (epoch != c.timerEpoch)
        return std::nullopt;
    fetchForConsumer(index);
    return std::nullopt; // The fetches it sends show in the leader's frames.
}

std::optional<Event> Engine::consumerHeartbeat(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    schedule(m_state.nowMs + m_state.config.heartbeatIntervalMs,
             Timer{TimerKind::ConsumerHeartbeat, index, c.timerEpoch});
    if (c.phase != MemberPhase::Stable || c.coordinator == noLeader || c.memberId.empty())
        return std::nullopt;
    if (m_state.nowMs - c.sessionAckMs >= m_state.config.sessionTimeoutMs) {
        // AbstractCoordinator.HeartbeatThread: "the session timeout has expired without seeing a
        // successful heartbeat response": the coordinator may be cut off, so look for it again.
        c.unreachableBrokers |= brokerBit(c.coordinator);
        markCoordinatorUnknown(index);
        Event e;
        e.type = EventType::GroupRequestSent;
        e.node = index;
        e.detail = -1; // FindCoordinator
        e.error = ErrorCode::RequestTimedOut;
        return e;
    }
    GroupRequest request;
    request.kind = GroupRequestKind::Heartbeat;
    sendGroupRequest(index, std::move(request));
    Event e;
    e.type = EventType::GroupRequestSent;
    e.node = index;
    e.peer = c.coordinator;
    e.detail = static_cast<std::int32_t>(GroupRequestKind::Heartbeat);
    return e;
}

std::optional<Event> Engine::consumerAutoCommit(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    schedule(m_state.nowMs + m_state.config.autoCommitIntervalMs,
             Timer{TimerKind::ConsumerAutoCommit, index, c.timerEpoch});
    if (c.phase != MemberPhase::Stable || c.coordinator == noLeader)
        return std::nullopt;
    std::int64_t count = 0;
    for (const OwnedPartition& o : c.owned)
        count += o.position >= 0 ? 1 : 0;
    if (count == 0)
        return std::nullopt;
    commitOwned(index, true);
    Event e;
    e.type = EventType::GroupRequestSent;
    e.node = index;
    e.peer = c.coordinator;
    e.detail = static_cast<std::int32_t>(GroupRequestKind::OffsetCommit);
    e.count = count;
    return e;
}

// ---------------------------------------------------------------------------------------------
// Consumer request timeouts (NetworkClient's request.timeout.ms) and the metadata backoff

void Engine::armConsumerTimer(std::int32_t index, TimeMs atMs)
{
    armEarliest(m_state.consumers[static_cast<std::size_t>(index)].timerMs, atMs,
        Timer{TimerKind::ConsumerTimer, index, -1});
}

void Engine::rearmConsumerTimer(std::int32_t index)
{
    const Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.phase == MemberPhase::Crashed || c.phase == MemberPhase::Stopped)
        return;
    TimeMs earliest = -1;
    auto consider = [&](TimeMs atMs) {
        if (atMs >= 0 && (earliest < 0 || atMs < earliest))
            earliest = atMs;
    };
    if (c.requestInFlight)
        consider(c.requestDeadlineMs);
    if (c.metadataInFlight)
        consider(c.metadataDeadlineMs);
    else if (c.metadataWanted)
        consider(c.metadataRetryAtMs);
    for (const OwnedPartition& o : c.owned) {
        if (o.lookupInFlight)
            consider(o.lookupDeadlineMs);
        if (o.fetchInFlight)
            consider(o.fetchDeadlineMs);
        else if (o.position >= 0 && o.fetchRetryAtMs > m_state.nowMs)
            consider(o.fetchRetryAtMs);
    }
    if (earliest >= 0)
        armConsumerTimer(index, std::max(earliest, m_state.nowMs));
}

std::optional<Event> Engine::consumerTimer(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (c.timerMs != m_state.nowMs)
        return std::nullopt;
    c.timerMs = -1;
    if (c.phase == MemberPhase::Crashed || c.phase == MemberPhase::Stopped)
        return std::nullopt;
    const TimeMs now = m_state.nowMs;
    auto due = [&](bool inFlight, TimeMs deadlineMs) { return inFlight && deadlineMs >= 0 && deadlineMs <= now; };
    Event e;
    e.node = index;
    e.error = ErrorCode::RequestTimedOut;

    // A JoinGroup, SyncGroup or OffsetFetch the coordinator never answered: Kafka's client drops the
    // connection, which fails everything waiting on it, and marks the coordinator unknown.
    const bool lookupDue = std::any_of(c.owned.begin(), c.owned.end(), [&](const OwnedPartition& o) {
        return !o.resetNeeded && due(o.lookupInFlight, o.lookupDeadlineMs);
    });
    if (due(c.requestInFlight, c.requestDeadlineMs) || lookupDue) {
        e.type = EventType::GroupResponseApplied;
        e.peer = c.coordinator;
        e.value = c.group;
        e.detail = static_cast<std::int32_t>(
            !due(c.requestInFlight, c.requestDeadlineMs) ? GroupRequestKind::OffsetFetch
            : c.phase == MemberPhase::Syncing        ? GroupRequestKind::Sync
                                                     : GroupRequestKind::Join);
        if (c.coordinator != noLeader)
            c.unreachableBrokers |= brokerBit(c.coordinator);
        markCoordinatorUnknown(index);
        if (c.rejoinNeeded)
            e.flags |= Rejoining;
        rearmConsumerTimer(index);
        return e;
    }

    // A metadata request, fetch or ListOffsets without an answer: the connection to that broker is
    // dropped (NetworkClient.handleTimedOutRequests), failing every request on it, and the metadata is
    // refreshed from another broker.
    BrokerId broker = noLeader;
    if (due(c.metadataInFlight, c.metadataDeadlineMs)) {
        broker = c.metadataTarget;
        e.type = EventType::CoordinatorFound;
        e.value = broker;
        e.detail = c.group >= 0 && c.phase == MemberPhase::FindingCoordinator ? 0 : 1;
    }
    for (const OwnedPartition& o : c.owned) {
        if (broker != noLeader)
            break;
        if (due(o.fetchInFlight, o.fetchDeadlineMs)) {
            broker = o.fetchBroker;
            e.type = EventType::RecordsReceived;
            e.peer = broker;
            e.partition = o.partition;
            e.offset = o.position;
        } else if (o.resetNeeded && due(o.lookupInFlight, o.lookupDeadlineMs)) {
            broker = o.lookupBroker;
            e.type = EventType::PositionSet;
            e.peer = broker;
            e.partition = o.partition;
            e.detail = 1;
        }
    }
    if (broker == noLeader) {
        // Nothing timed out: a backoff is over (before a wanted metadata refresh, or before fetching a
        // partition again).
        sendConsumerMetadata(index);
        const bool fetchDue = std::any_of(c.owned.begin(), c.owned.end(), [&](const OwnedPartition& o) {
            return !o.fetchInFlight && o.fetchRetryAtMs >= 0 && o.fetchRetryAtMs <= now;
        });
        if (fetchDue)
            fetchForConsumer(index);
        rearmConsumerTimer(index);
        return std::nullopt;
    }
    c.unreachableBrokers |= brokerBit(broker);
    for (OwnedPartition& o : c.owned) {
        if (o.fetchInFlight && o.fetchBroker == broker) {
            o.fetchInFlight = false;
            o.fetchDeadlineMs = -1;
            ++o.fetchId; // a late answer is dropped
            ++o.fetchFailures;
            o.fetchRetryAtMs = now + consumerBackoffMs(o.fetchFailures);
        }
        if (o.lookupInFlight && o.resetNeeded && o.lookupBroker == broker) {
            o.lookupInFlight = false;
            o.lookupDeadlineMs = -1;
        }
    }
    if (c.metadataInFlight && c.metadataTarget == broker) {
        c.metadataInFlight = false;
        c.metadataDeadlineMs = -1;
        c.metadataBackoffs = std::min(c.metadataBackoffs + 1, backoffDoublingsMax + 1);
        c.metadataRetryAtMs = -1; // ask another broker at once
    }
    // The refresh's answer looks the positions up and fetches again (and, while the consumer looks
    // for its coordinator, names one).
    refreshConsumerMetadata(index);
    rearmConsumerTimer(index);
    return e;
}

} // namespace hw
