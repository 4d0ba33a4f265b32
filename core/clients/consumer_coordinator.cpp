// SPDX-License-Identifier: MIT
#include "clients/consumer.h"

#include "clients/consumer_internal.h"
#include "groups/assignor.h"

#include <algorithm>

namespace hw {

using namespace consumer_internal;

void ConsumerClient::findCoordinator(std::int32_t index)
{
    // AbstractCoordinator.lookupCoordinator: the coordinator is unknown until a FindCoordinator answer
    // names one; the request goes out as soon as the metadata backoff allows.
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.phase = MemberPhase::FindingCoordinator;
    c.coordinator = noLeader;
    refreshConsumerMetadata(index);
}

void ConsumerClient::markCoordinatorUnknown(std::int32_t index)
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

void ConsumerClient::refreshConsumerMetadata(std::int32_t index)
{
    // Metadata.requestUpdate: the refresh itself goes out when nothing is in flight and the backoff
    // after the last answer has passed.
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.metadataWanted = true;
    sendConsumerMetadata(index);
}

void ConsumerClient::sendConsumerMetadata(std::int32_t index)
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
    m_net.send(NodeRef::consumer(index), NodeRef::broker(target), FindCoordinatorRequest{index, {}, false});
}

std::optional<Event> ConsumerClient::handleFindCoordinatorResponse(const Message& message,
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
    noteAnswer(c, from, response.error);
    Event e = Event::at(EventType::CoordinatorFound, index, response.coordinator);
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

void ConsumerClient::sendGroupRequest(std::int32_t index, GroupRequest request)
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
    m_net.send(NodeRef::consumer(index), NodeRef::broker(c.coordinator), std::move(request));
}

void ConsumerClient::sendJoin(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    // ConsumerCoordinator.onJoinPrepare, once per rebalance and only once the coordinator is known
    // (joinGroupIfNeeded runs ensureCoordinatorReady first): with auto-commit, every position the member
    // has (maybeAutoCommitOffsetsAsync on subscriptions.allConsumed()), eager or cooperative, in 3.7, 4.2
    // and 4.3 alike. A member without a stable generation has nothing to commit: its partitions were lost
    // (loseMembership). Kafka waits for the commit's answer before it sends the JoinGroup; here both go
    // out together on the one connection, so the coordinator still handles the commit first. Then an
    // eager member revokes everything; a cooperative one keeps what it owns.
    if (!c.joinPrepared && c.coordinator != noLeader) {
        c.joinPrepared = true;
        commitOwned(index, true);
        if (!assignorIsCooperative(c.assignor))
            c.owned.clear();
    }
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

void ConsumerClient::commitOwned(std::int32_t index, bool onlyIfAuto)
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

void ConsumerClient::loseMembership(std::int32_t index)
{
    // The coordinator no longer knows this member (evicted, or a stale generation): its partitions
    // are lost, not revoked, so nothing is committed for them.
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.owned.clear();
    c.previousAssignment.clear();
    c.memberId.clear();
    c.generation = -1;
    c.joinPrepared = false; // resetStateAndRejoin: needsJoinPrepare = true
}

std::optional<Event> ConsumerClient::handleGroupResponse(const Message& message, const GroupResponse& response)
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
    Event e = Event::at(EventType::GroupResponseApplied, index, message.from.id);
    e.value = c.group;
    e.detail = static_cast<std::int32_t>(response.kind);
    e.error = response.error;
    noteAnswer(c, message.from.id, response.error);

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
        // Revoke what is no longer ours, take on what is new. ConsumerCoordinator.onJoinComplete commits
        // nothing for the revoked partitions (only the application's onPartitionsRevoked could): their
        // positions were committed by this rebalance's onJoinPrepare, and what was read from them since
        // is read again by their next owner.
        std::int64_t revoked = 0;
        std::vector<OwnedPartition> keep;
        for (const OwnedPartition& o : c.owned) {
            if (contains(response.assignment, o.partition))
                keep.push_back(o);
            else
                ++revoked;
        }
        c.owned = std::move(keep);
        c.joinPrepared = false; // needsJoinPrepare = true: the next rebalance commits again
        c.previousAssignment = response.assignment;
        c.rejoinNeeded = false;
        c.sessionAckMs = m_state.nowMs;
        const auto before = static_cast<std::int64_t>(c.owned.size());
        assignPartitionsTo(index, response.assignment);
        e.count = static_cast<std::int64_t>(c.owned.size()) - before;
        e.offset = revoked;
        c.phase = MemberPhase::Stable;
        // The join ran inside the application's poll(), which resets the poll timer.
        c.lastPollMs = m_state.nowMs;
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

std::optional<Event> ConsumerClient::consumerHeartbeat(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    m_net.schedule(m_state.nowMs + m_state.config.heartbeatIntervalMs,
             Timer{TimerKind::ConsumerHeartbeat, index, c.timerEpoch});
    if (c.phase != MemberPhase::Stable || c.coordinator == noLeader || c.memberId.empty())
        return std::nullopt;
    if (m_state.nowMs - c.sessionAckMs >= m_state.config.sessionTimeoutMs) {
        // AbstractCoordinator.HeartbeatThread: "the session timeout has expired without seeing a
        // successful heartbeat response": the coordinator may be cut off, so look for it again.
        c.unreachableBrokers |= brokerBit(c.coordinator);
        markCoordinatorUnknown(index);
        Event e = Event::at(EventType::GroupRequestSent, index);
        e.detail = -1; // FindCoordinator
        e.error = ErrorCode::RequestTimedOut;
        return e;
    }
    if (pollTimerExpired(c)) {
        // AbstractCoordinator.HeartbeatThread: "consumer poll timeout has expired." -> maybeLeaveGroup:
        // a LeaveGroup (the member is dynamic: HighWater has no group.instance.id), the partitions
        // revoked, the generation reset. The coordinator rebalances; this consumer joins again at its
        // next poll.
        GroupRequest leave;
        leave.kind = GroupRequestKind::Leave;
        sendGroupRequest(index, std::move(leave));
        c.owned.clear();
        c.memberId.clear();
        c.generation = -1;
        c.joinPrepared = false;
        c.rejoinNeeded = true;
        c.rejoinAfterSync = false;
        c.pollTimedOut = true;
        c.phase = MemberPhase::Joining;
        // The application's next poll: its pause ends pollIntervalMs after its last poll began.
        if (c.autoPoll)
            m_net.schedule(std::max(m_state.nowMs, c.lastPollMs + c.pollIntervalMs),
                           Timer{TimerKind::ConsumerPoll, index, c.timerEpoch});
        Event e = Event::at(EventType::GroupRequestSent, index, c.coordinator);
        e.detail = static_cast<std::int32_t>(GroupRequestKind::Leave);
        e.flags |= PollTimeout;
        e.value = m_state.nowMs - c.lastPollMs;
        return e;
    }
    GroupRequest request;
    request.kind = GroupRequestKind::Heartbeat;
    sendGroupRequest(index, std::move(request));
    Event e = Event::at(EventType::GroupRequestSent, index, c.coordinator);
    e.detail = static_cast<std::int32_t>(GroupRequestKind::Heartbeat);
    return e;
}

bool ConsumerClient::pollTimerExpired(const Consumer& c) const
{
    // Heartbeat.pollTimeoutExpired: max.poll.interval.ms since the last poll. A consumer whose loop
    // polls without a pause (poll.interval.ms 0) is always in poll() or about to be.
    if (c.autoPoll && c.pollIntervalMs == 0)
        return false;
    return m_state.nowMs - c.lastPollMs > m_state.config.rebalanceTimeoutMs;
}

void ConsumerClient::rejoinAfterPollTimeout(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.pollTimedOut = false;
    c.lastPollMs = m_state.nowMs;
    if (c.coordinator == noLeader)
        findCoordinator(index);
    else
        sendJoin(index);
}

std::optional<Event> ConsumerClient::consumerAutoCommit(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    m_net.schedule(m_state.nowMs + m_state.config.autoCommitIntervalMs,
             Timer{TimerKind::ConsumerAutoCommit, index, c.timerEpoch});
    if (c.phase != MemberPhase::Stable || c.coordinator == noLeader)
        return std::nullopt;
    std::int64_t count = 0;
    for (const OwnedPartition& o : c.owned)
        count += o.position >= 0 ? 1 : 0;
    if (count == 0)
        return std::nullopt;
    commitOwned(index, true);
    Event e = Event::at(EventType::GroupRequestSent, index, c.coordinator);
    e.detail = static_cast<std::int32_t>(GroupRequestKind::OffsetCommit);
    e.count = count;
    return e;
}

} // namespace hw
