// SPDX-License-Identifier: MIT
#include "clients/consumer.h"

#include "clients/consumer_internal.h"

#include <algorithm>

namespace hw {

using namespace consumer_internal;

void ConsumerClient::assignPartitionsTo(std::int32_t index, const std::vector<std::int32_t>& partitions)
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

void ConsumerClient::lookUpPositions(std::int32_t index)
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

void ConsumerClient::resetPosition(std::int32_t index, OwnedPartition& o)
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
    m_net.send(NodeRef::consumer(index), NodeRef::broker(leader),
         ListOffsetsRequest{index, o.partition, c.reset == OffsetReset::Earliest});
}

void ConsumerClient::fetchForConsumer(std::int32_t index)
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
        m_net.send(NodeRef::consumer(index), NodeRef::broker(leader), request);
    }
    // A partition without a known leader is fetched once a metadata refresh names one.
    if (leaderUnknown)
        refreshConsumerMetadata(index);
}

std::optional<Event> ConsumerClient::handleListOffsetsResponse(const Message& message, const ListOffsetsResponse& response)
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
    noteAnswer(c, message.from.id, response.error);
    Event e = Event::at(EventType::PositionSet, index, message.from.id, response.partition);
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

std::optional<Event> ConsumerClient::handleConsumerFetchResponse(const Message& message, const FetchResponse& response)
{
    const std::int32_t index = message.to.id;
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    auto it = std::find_if(c.owned.begin(), c.owned.end(),
                           [&](const OwnedPartition& o) { return o.partition == response.partition; });
    if (c.phase == MemberPhase::Crashed || it == c.owned.end() || !it->fetchInFlight || it->fetchId != response.fetchId)
        return std::nullopt;
    // An answer to a fetch from an earlier ownership of the partition can carry the same fetch id (the
    // ids restart with each assignment); like Kafka, keep only an answer for the current position
    // (FetchCollector.handleInitializeSuccess at 3.7.0: "Discarding stale fetch response ... since its
    // offset does not match the expected offset"). The fetch in flight still gets its own answer.
    if (response.fetchOffset != it->position)
        return std::nullopt;
    it->fetchInFlight = false;
    it->fetchDeadlineMs = -1;
    noteAnswer(c, message.from.id, response.error);
    Event e = Event::at(EventType::RecordsReceived, index, message.from.id, response.partition);
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
        m_net.schedule(m_state.nowMs + c.pollIntervalMs, Timer{TimerKind::ConsumerPoll, index, c.timerEpoch});
    else if (c.autoPoll)
        fetchForConsumer(index);
    if (empty)
        return std::nullopt; // An empty answer to a wait: the next fetch is already on its way.
    return e;
}

std::optional<Event> ConsumerClient::consumerPoll(std::int32_t index, std::int32_t epoch)
{
    Consumer& c = m_state.consumers[static_cast<std::size_t>(index)];
    if (epoch != c.timerEpoch)
        return std::nullopt;
    c.lastPollMs = m_state.nowMs;
    if (c.pollTimedOut) {
        // KafkaConsumer.poll -> ensureActiveGroup: the member that left on the poll timeout joins again.
        rejoinAfterPollTimeout(index);
        Event e = Event::at(EventType::GroupRequestSent, index, c.coordinator);
        e.detail = c.coordinator == noLeader ? -1 : static_cast<std::int32_t>(GroupRequestKind::Join);
        return e;
    }
    fetchForConsumer(index);
    return std::nullopt; // The fetches it sends show in the leader's frames.
}

} // namespace hw
