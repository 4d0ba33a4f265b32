// SPDX-License-Identifier: MIT
#include "broker/delayed_operations.h"

#include "broker/replica.h"

#include <algorithm>
#include <vector>

namespace hw {

namespace {

template <typename Waiting>
std::optional<std::size_t> firstExpired(const std::vector<Waiting>& waiting, TimeMs nowMs)
{
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        if (waiting[i].deadlineMs <= nowMs)
            return i;
    }
    return std::nullopt;
}

} // namespace

int DelayedOperations::completeDelayedProduces(std::int32_t partition, Replica& leader)
{
    int completed = 0;
    const auto maximalSize = static_cast<std::int64_t>(maximalIsr(leader).size());
    const Partition& p = m_state.partitions[static_cast<std::size_t>(partition)];
    const std::int64_t effectiveMinIsr =
        std::min(m_state.config.minInsyncReplicas, static_cast<std::int64_t>(p.registration.replicas.size()));
    auto& delayed = leader.delayedProduces;
    for (auto it = delayed.begin(); it != delayed.end();) {
        if (leader.hw >= it->requiredOffset) {
            // checkEnoughReplicasReachOffset: committed either way, but tell the producer if the ISR shrank.
            const ErrorCode error = effectiveMinIsr <= maximalSize
                                        ? ErrorCode::None
                                        : ErrorCode::NotEnoughReplicasAfterAppend;
            m_net.send(NodeRef::broker(leader.broker), it->requester(),
                 ProduceResponse{it->batch, it->attempt, partition, error, it->baseOffset, it->duplicate});
            it = delayed.erase(it);
            ++completed;
        } else {
            ++it;
        }
    }
    return completed;
}

void DelayedOperations::respondToFetch(std::int32_t partition, Replica& leader, const FetchRequest& request, Offset responseHw)
{
    FetchResponse response = fetchAnswer(request);
    response.partition = partition;
    response.hw = responseHw;
    response.logStart = leader.log.logStart;
    response.leaderEpoch = leader.knownLeaderEpoch;
    // Followers read up to the LEO, consumers (read_uncommitted) up to the HW.
    const Offset readableEnd = readsBelowHw(request) ? leader.hw : leader.log.leo();
    response.recordCount =
        std::max<std::int64_t>(0, std::min<std::int64_t>(readableEnd - request.fetchOffset, request.maxRecords));
    response.leaderLog = leader.log;
    m_net.send(NodeRef::broker(leader.broker), fetcherNode(request), std::move(response));
}

int DelayedOperations::completeParkedFetches(std::int32_t partition, Replica& leader)
{
    // A parked fetch completes when there is data for it; its records and the high watermark are
    // read at completion (DelayedFetch.onComplete), without touching the follower's fetch state.
    return completeParkedWhere(partition, leader, false);
}

void DelayedOperations::armPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica, TimeMs deadlineMs)
{
    TimeMs& armed = kind == TimerKind::ProduceTimeout ? replica.delayedTimerMs : replica.parkedTimerMs;
    if (armed >= 0 && armed <= deadlineMs)
        return; // The armed timer fires first and re-arms for what is left.
    armed = deadlineMs;
    m_net.schedule(deadlineMs, Timer{kind, replica.broker, partition});
}

void DelayedOperations::rearmPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica)
{
    TimeMs earliest = -1;
    auto consider = [&](TimeMs deadline) {
        if (earliest < 0 || deadline < earliest)
            earliest = deadline;
    };
    if (kind == TimerKind::ProduceTimeout) {
        for (const DelayedProduce& d : replica.delayedProduces)
            consider(d.deadlineMs);
    } else {
        for (const ParkedFetch& f : replica.parkedFetches)
            consider(f.deadlineMs);
    }
    if (earliest >= 0)
        armPurgatoryTimer(kind, partition, replica, std::max(earliest, m_state.nowMs));
}

std::optional<Event> DelayedOperations::fetchWaitExpired(BrokerId broker, std::int32_t partition)
{
    Replica* leader = replicaOn(m_state, partition, broker);
    if (!leader || leader->parkedTimerMs != m_state.nowMs)
        return std::nullopt; // A stale timer: a later arming replaced it.
    leader->parkedTimerMs = -1;
    if (!m_state.broker(broker).alive)
        return std::nullopt; // A crashed broker's purgatory is gone.
    auto& parked = leader->parkedFetches;
    const std::optional<std::size_t> index = firstExpired(parked, m_state.nowMs);
    if (!index) {
        rearmPurgatoryTimer(TimerKind::FetchWaitExpired, partition, *leader);
        return std::nullopt; // Already answered when data arrived.
    }
    const ParkedFetch done = parked[*index];
    parked.erase(parked.begin() + static_cast<std::ptrdiff_t>(*index));
    // One expiry per frame: another fetch due at this time gets a timer of its own.
    rearmPurgatoryTimer(TimerKind::FetchWaitExpired, partition, *leader);
    Event e = Event::at(EventType::FetchCompleted, broker, done.request.replica, partition);
    e.offset = done.request.fetchOffset;
    if (!leader->isLeader()) {
        m_net.send(NodeRef::broker(broker), fetcherNode(done.request),
                   fetchAnswer(done.request, ErrorCode::NotLeaderOrFollower));
        e.error = ErrorCode::NotLeaderOrFollower;
        return e;
    }
    respondToFetch(partition, *leader, done.request, leader->hw);
    if (readsBelowHw(done.request))
        return std::nullopt; // A consumer's empty wait ran out: nothing to show until records arrive.
    e.count = std::max<Offset>(0, std::min<Offset>(leader->log.leo() - done.request.fetchOffset,
                                                    done.request.maxRecords));
    e.value = leader->hw;
    return e;
}

std::optional<Event> DelayedOperations::produceTimeout(BrokerId broker, std::int32_t partition)
{
    Replica* leader = replicaOn(m_state, partition, broker);
    if (!leader || leader->delayedTimerMs != m_state.nowMs)
        return std::nullopt;
    leader->delayedTimerMs = -1;
    if (!m_state.broker(broker).alive)
        return std::nullopt;
    auto& delayed = leader->delayedProduces;
    const std::optional<std::size_t> index = firstExpired(delayed, m_state.nowMs);
    if (!index) {
        rearmPurgatoryTimer(TimerKind::ProduceTimeout, partition, *leader);
        return std::nullopt;
    }
    const DelayedProduce done = delayed[*index];
    delayed.erase(delayed.begin() + static_cast<std::ptrdiff_t>(*index));
    rearmPurgatoryTimer(TimerKind::ProduceTimeout, partition, *leader);
    // The records stay in the log: a timed-out acks=all produce may still become committed.
    m_net.send(NodeRef::broker(broker), done.requester(),
         ProduceResponse{done.batch, done.attempt, partition, ErrorCode::RequestTimedOut, -1});
    Event e = Event::at(EventType::ProduceTimedOut, broker, done.producer, partition);
    if (done.live)
        e.flags |= FromLiveClient;
    e.offset = done.baseOffset;
    e.count = done.requiredOffset - done.baseOffset;
    e.value = done.batch;
    return e;
}

int DelayedOperations::completeConsumerFetches(std::int32_t partition, Replica& leader)
{
    // A consumer reads up to the HW (read_uncommitted), so its wait ends when the HW passes its offset.
    return completeParkedWhere(partition, leader, true);
}

int DelayedOperations::completeParkedWhere(std::int32_t partition, Replica& leader, bool consumers)
{
    int completed = 0;
    auto& parked = leader.parkedFetches;
    for (auto it = parked.begin(); it != parked.end();) {
        const bool isConsumer = readsBelowHw(it->request);
        const Offset readableEnd = consumers ? leader.hw : leader.log.leo();
        if (isConsumer == consumers && readableEnd > it->request.fetchOffset) {
            respondToFetch(partition, leader, it->request, leader.hw);
            it = parked.erase(it);
            ++completed;
        } else {
            ++it;
        }
    }
    return completed;
}

} // namespace hw
