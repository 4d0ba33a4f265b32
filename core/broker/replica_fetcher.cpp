// SPDX-License-Identifier: MIT
#include "broker/replica_fetcher.h"

#include "broker/log_segments.h"
#include "broker/replica.h"
#include "log/leader_epoch_cache.h"
#include "model/limits.h"

#include <algorithm>
#include <string>

namespace hw {

ApplyResult ReplicaFetcher::startFetch(std::int32_t partition, BrokerId follower, std::int32_t maxRecords)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(m_state.partitions.size()))
        return {std::nullopt, "no such partition"};
    Replica* replica = replicaOn(m_state, partition, follower);
    if (!replica)
        return {std::nullopt, "broker " + std::to_string(follower) + " holds no replica of " +
                                  m_state.partitionName(partition)};
    if (replica->isLeader())
        return {std::nullopt, "broker " + std::to_string(follower) + " leads " + m_state.partitionName(partition) +
                                  "; only followers fetch"};
    if (replica->knownLeader == noLeader)
        return {std::nullopt, m_state.partitionName(partition) + " has no leader to fetch from"};
    if (!m_state.broker(follower).alive)
        return {std::nullopt, "broker " + std::to_string(follower) + " is down"};
    if (replica->fetchOutstanding)
        return {std::nullopt, "broker " + std::to_string(follower) + " already has a fetch for " +
                                  m_state.partitionName(partition) + " in flight"};
    if (maxRecords < 0 || maxRecords > limits::fetchRecordsMax)
        return {std::nullopt, "max_records must be in 1.." + std::to_string(limits::fetchRecordsMax)};
    sendFetch(partition, *replica, maxRecords);
    Event e = Event::at(EventType::FetchSent, follower, replica->knownLeader, partition);
    e.offset = replica->log.leo();
    e.count = maxRecords;
    return {e, {}};
}

void ReplicaFetcher::sendFetch(std::int32_t partition, Replica& follower, std::int32_t maxRecords)
{
    FetchRequest request;
    request.partition = partition;
    request.replica = follower.broker;
    request.fetchId = ++follower.fetchId;
    request.fetchOffset = follower.log.leo();
    // AbstractFetcherThread starts a follower's fetch state from latestEpoch (its epoch cache's last
    // entry) and moves it to each appended batch's epoch, which assign() makes the last entry again.
    // The cache, not the last record: an entry this broker made as leader with nothing appended after
    // it must be sent, so the new leader's diverging epoch gets it truncated (UnifiedLog.truncateTo).
    request.lastFetchedEpoch = follower.epochCache.empty() ? -1 : follower.epochCache.back().epoch;
    request.currentLeaderEpoch = follower.knownLeaderEpoch;
    request.maxRecords =
        maxRecords > 0 ? maxRecords : static_cast<std::int32_t>(m_state.config.replicaFetchMaxRecords);
    follower.fetchOutstanding = true;
    follower.fetchDeadlineMs = m_state.nowMs + m_state.config.replicaSocketTimeoutMs;
    if (follower.fetchTimeoutTimerMs < 0) {
        follower.fetchTimeoutTimerMs = follower.fetchDeadlineMs;
        m_net.schedule(follower.fetchDeadlineMs, Timer{TimerKind::FetchTimeout, follower.broker, partition});
    }
    m_net.send(NodeRef::broker(follower.broker), NodeRef::broker(follower.knownLeader), request);
}

std::optional<Event> ReplicaFetcher::fetchTimeout(BrokerId broker, std::int32_t partition)
{
    Replica* follower = replicaOn(m_state, partition, broker);
    if (!follower || follower->fetchTimeoutTimerMs != m_state.nowMs)
        return std::nullopt;
    follower->fetchTimeoutTimerMs = -1;
    if (!follower->fetchOutstanding || !m_state.broker(broker).alive)
        return std::nullopt;
    if (follower->fetchDeadlineMs > m_state.nowMs) {
        // A newer fetch went out since the timer was armed: wait for its deadline instead.
        follower->fetchTimeoutTimerMs = follower->fetchDeadlineMs;
        m_net.schedule(follower->fetchDeadlineMs, Timer{TimerKind::FetchTimeout, broker, partition});
        return std::nullopt;
    }
    follower->fetchOutstanding = false;
    ++follower->fetchId; // An answer that still arrives belongs to a fetch given up on.
    if (m_state.config.autoFetch)
        m_net.schedule(m_state.nowMs + m_state.config.replicaFetchBackoffMs, Timer{TimerKind::FetchBackoff, broker, partition});
    Event e = Event::at(EventType::FetchFailed, broker, follower->knownLeader, partition);
    e.offset = follower->log.leo();
    e.error = ErrorCode::RequestTimedOut;
    e.hwBefore = e.hwAfter = follower->hw;
    e.leo = follower->log.leo();
    return e;
}

std::optional<Event> ReplicaFetcher::handleFetchResponse(const Message& message, const FetchResponse& response)
{
    Replica* follower = replicaOn(m_state, response.partition, message.to.id);
    if (!follower || !follower->fetchOutstanding || follower->fetchId != response.fetchId)
        return std::nullopt; // An answer to a fetch this follower abandoned.
    follower->fetchOutstanding = false;

    Event e;
    e.node = follower->broker;
    e.peer = message.from.id;
    e.partition = response.partition;
    e.offset = response.fetchOffset;
    e.hwBefore = follower->hw;
    const bool keepFetching = m_state.config.autoFetch && follower->knownLeader != noLeader && !follower->isLeader();

    if (response.error == ErrorCode::OffsetOutOfRange && m_state.config.truncation == TruncationMode::HighWatermark &&
        response.divergingEndOffset >= 0 && response.divergingEndOffset < follower->log.leo()) {
        // Before KIP-101 a follower ahead of the leader simply cut its log back to the leader's end.
        const Offset before = follower->log.leo();
        truncateLog(m_state, *follower, response.divergingEndOffset, TruncationReason::HighWatermark);
        ++m_state.partitions[static_cast<std::size_t>(response.partition)].legacyTruncations;
        e.type = EventType::LogTruncated;
        e.flags |= Legacy;
        e.count = before - follower->log.leo();
        e.leo = follower->log.leo();
        e.hwAfter = follower->hw;
        e.offset = follower->log.leo();
        if (keepFetching)
            sendFetch(response.partition, *follower, 0);
        return e;
    }
    if (response.error == ErrorCode::OffsetOutOfRange && response.logStart > follower->log.leo()) {
        // AbstractFetcherThread.fetchOffsetAndTruncate: the leader's log starts after this log's end
        // (retention deleted what this follower never copied), so the follower drops its log and
        // starts again, empty, at the leader's log start (UnifiedLog.truncateFullyAndStartAt).
        const Offset before = follower->log.leo() - follower->log.logStart;
        truncateFullyAndStartAt(*follower, response.logStart);
        e.type = EventType::LogTruncated;
        e.flags |= BelowLogStart;
        e.count = before;
        e.offset = follower->log.leo();
        e.leo = follower->log.leo();
        e.hwAfter = follower->hw;
        e.value = follower->knownLeaderEpoch;
        if (keepFetching)
            sendFetch(response.partition, *follower, 0);
        return e;
    }
    if (response.error != ErrorCode::None) {
        e.type = EventType::FetchFailed;
        e.error = response.error;
        e.hwAfter = follower->hw;
        e.leo = follower->log.leo();
        if (m_state.config.autoFetch)
            m_net.schedule(m_state.nowMs + m_state.config.replicaFetchBackoffMs,
                     Timer{TimerKind::FetchBackoff, follower->broker, response.partition});
        return e;
    }
    if (response.divergingEpoch >= 0 || response.divergingEndOffset >= 0) {
        // KIP-279: the leader says where the follower's last epoch ends on its side. Truncate to the
        // smaller of that and where the same epoch ends here; if this log has not seen that epoch,
        // cut back to where its own matching epoch ends and ask again.
        const auto [ownEpoch, ownEnd] =
            endOffsetFor(follower->epochCache, follower->log.leo(), response.divergingEpoch);
        Offset target = response.divergingEndOffset;
        if (ownEpoch == response.divergingEpoch && ownEnd >= 0)
            target = std::min(target, ownEnd);
        else if (ownEnd >= 0)
            target = ownEnd;
        target = std::max<Offset>(follower->log.logStart, std::min(target, follower->log.leo()));
        const Offset before = follower->log.leo();
        const bool unclean = m_state.partitions[static_cast<std::size_t>(response.partition)].uncleanElections > 0;
        truncateLog(m_state, *follower, target, unclean ? TruncationReason::UncleanElection : TruncationReason::LeaderEpoch);
        e.type = EventType::LogTruncated;
        e.count = before - follower->log.leo();
        e.value = response.divergingEpoch;
        e.leo = follower->log.leo();
        e.offset = follower->log.leo();
        e.hwAfter = follower->hw;
        if (keepFetching)
            sendFetch(response.partition, *follower, 0);
        return e;
    }

    e.type = EventType::FetchApplied;
    // A response for an offset the log has moved away from is stale: the fetcher drops it whole.
    if (response.fetchOffset == follower->log.leo()) {
        if (response.recordCount > 0) {
            appendAsFollower(m_state, *follower, response.leaderLog, response.fetchOffset, response.recordCount);
            const Partition& partition = m_state.partitions[static_cast<std::size_t>(response.partition)];
            segmentsAppended(m_state, follower->log, m_state.topics[static_cast<std::size_t>(partition.topic)].config,
                             response.fetchOffset);
            e.count = response.recordCount;
        }
        follower->hw = std::max(follower->log.logStart, std::min(response.hw, follower->log.leo()));
        // ReplicaFetcherThread.processPartitionData: the follower takes the leader's log start
        // (UnifiedLog.maybeIncrementLogStartOffset, LeaderOffsetIncremented); its own retention check
        // deletes the segments below it later.
        maybeIncrementLogStart(*follower, response.logStart);
    }
    e.hwAfter = follower->hw;
    e.leo = follower->log.leo();
    e.value = response.hw;
    if (keepFetching)
        sendFetch(response.partition, *follower, 0);
    return e;
}


std::optional<Event> ReplicaFetcher::fetchBackoff(BrokerId broker, std::int32_t partition)
{
    Replica* follower = replicaOn(m_state, partition, broker);
    if (!follower || follower->fetchOutstanding || follower->isLeader() || follower->knownLeader == noLeader ||
        !m_state.broker(broker).alive || !m_state.config.autoFetch)
        return std::nullopt;
    sendFetch(partition, *follower, 0);
    Event e = Event::at(EventType::FetchSent, broker, follower->knownLeader, partition);
    e.offset = follower->log.leo();
    return e;
}

std::int64_t ReplicaFetcher::startFetchLoops()
{
    std::int64_t sent = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        for (Replica& r : m_state.partitions[static_cast<std::size_t>(p)].replicas) {
            if (r.isLeader() || r.knownLeader == noLeader || r.fetchOutstanding || !m_state.broker(r.broker).alive)
                continue;
            sendFetch(p, r, 0);
            ++sent;
        }
    }
    return sent;
}

} // namespace hw
