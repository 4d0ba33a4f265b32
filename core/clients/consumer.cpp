// SPDX-License-Identifier: MIT
#include "clients/consumer.h"

#include "clients/consumer_internal.h"
#include "model/limits.h"

#include <algorithm>
#include <string>

namespace hw {

using namespace consumer_internal;

ConsumerClient::ConsumerClient(ClusterState& state, Network& net, GroupCoordinator& groups)
    : Component(state, net), m_groups(groups)
{
}

Consumer ConsumerClient::makeConsumer(const ConsumerSpec& spec, const ClusterState& state)
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

ApplyResult ConsumerClient::addConsumer(const ConsumerSpec& spec)
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

    const std::int32_t group = spec.group.empty() ? -1 : m_groups.findOrCreateGroup(spec.group);
    Consumer c = makeConsumer(spec, m_state);
    c.group = group;
    const auto index = static_cast<std::int32_t>(m_state.consumers.size());
    m_state.consumers.push_back(std::move(c));
    startConsumer(index);
    Event e = Event::at(EventType::ConsumerStarted, index);
    e.detail = 1; // added at run time
    e.value = group;
    return {e, {}};
}

void ConsumerClient::startConsumer(std::int32_t index)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    c.memberId.clear();
    c.generation = -1;
    c.coordinator = noLeader;
    c.requestInFlight = false;
    c.requestDeadlineMs = -1;
    c.rejoinAfterSync = false;
    c.rejoinNeeded = false;
    c.joinPrepared = false;
    c.sessionAckMs = m_state.nowMs;
    c.lastPollMs = m_state.nowMs;
    c.pollTimedOut = false;
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
        m_net.schedule(m_state.nowMs + m_state.config.heartbeatIntervalMs,
                 Timer{TimerKind::ConsumerHeartbeat, index, c.timerEpoch});
        if (c.autoCommit)
            m_net.schedule(m_state.nowMs + m_state.config.autoCommitIntervalMs,
                     Timer{TimerKind::ConsumerAutoCommit, index, c.timerEpoch});
    } else {
        c.phase = MemberPhase::Stable;
        for (std::int32_t p : c.manualPartitions)
            c.owned.push_back(OwnedPartition{p});
        lookUpPositions(index);
    }
}

TimeMs ConsumerClient::consumerBackoffMs(std::int32_t failures) const
{
    // retry.backoff.ms doubling per failure up to retry.backoff.max.ms (KIP-580's exponential backoff,
    // without its jitter so that runs stay reproducible).
    const TimeMs base = std::max<TimeMs>(1, m_state.config.retryBackoffMs);
    const int doublings = std::clamp(failures - 1, 0, backoffDoublingsMax);
    return std::min(base << doublings, std::max(base, m_state.config.retryBackoffMaxMs));
}

ApplyResult ConsumerClient::consumerAction(const ConsumerAction& action)
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
        c.lastPollMs = m_state.nowMs;
        if (c.pollTimedOut) {
            // KafkaConsumer.poll -> ensureActiveGroup: a member that left on the poll timeout joins again.
            rejoinAfterPollTimeout(action.consumer);
            e.type = EventType::GroupRequestSent;
            e.peer = c.coordinator;
            e.detail = c.coordinator == noLeader ? -1 : static_cast<std::int32_t>(GroupRequestKind::Join);
            return {e, {}};
        }
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

void ConsumerClient::armConsumerTimer(std::int32_t index, TimeMs atMs)
{
    m_net.armEarliest(m_state.consumers[static_cast<std::size_t>(index)].timerMs, atMs,
        Timer{TimerKind::ConsumerTimer, index, -1});
}

void ConsumerClient::rearmConsumerTimer(std::int32_t index)
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

std::optional<Event> ConsumerClient::consumerTimer(std::int32_t index)
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


std::optional<Event> ConsumerClient::consumerLoopTimer(const Timer& timer)
{
    const Consumer& c = m_state.consumers[static_cast<std::size_t>(timer.broker)];
    if (timer.partition != c.timerEpoch)
        return std::nullopt; // From before the consumer stopped or restarted.
    if (timer.kind == TimerKind::ConsumerHeartbeat)
        return consumerHeartbeat(timer.broker);
    if (timer.kind == TimerKind::ConsumerAutoCommit)
        return consumerAutoCommit(timer.broker);
    return consumerPoll(timer.broker, timer.partition);
}

} // namespace hw
