// SPDX-License-Identifier: MIT
#include "broker/partition.h"

#include "broker/replica.h"
#include "log/leader_epoch_cache.h"

#include <algorithm>

namespace hw {

PartitionLeader::PartitionLeader(ClusterState& state, Network& net, DelayedOperations& delayed)
    : Component(state, net), m_delayed(delayed)
{
}

bool PartitionLeader::isCaughtUp(const Replica& leader, const FollowerView& view) const
{
    return leader.log.leo() == view.leo || m_state.nowMs - view.lastCaughtUpMs <= m_state.config.replicaLagTimeMaxMs;
}

bool PartitionLeader::isIsrEligible(BrokerId broker) const
{
    // The leader learns fencing and controlled shutdowns from the metadata; the model reads the
    // controller's registration directly.
    return isUnfenced(m_state, broker);
}

bool PartitionLeader::maybeIncrementHw(std::int32_t partition, Replica& leader)
{
    const Partition& p = m_state.partitions[static_cast<std::size_t>(partition)];
    const auto replicationFactor = static_cast<std::int64_t>(p.registration.replicas.size());
    // Kafka 3.7+ (KAFKA-15583): the high watermark stays put while the ISR is below min.insync.replicas.
    if (static_cast<std::int64_t>(leader.isr.size()) < std::min(m_state.config.minInsyncReplicas, replicationFactor))
        return false;
    const std::vector<BrokerId> maximal = maximalIsr(leader);
    Offset candidate = leader.log.leo();
    for (const FollowerView& view : leader.views) {
        const bool counts = contains(maximal, view.broker) || (isCaughtUp(leader, view) && isIsrEligible(view.broker));
        if (view.leo < candidate && counts)
            candidate = view.leo;
    }
    if (candidate > leader.hw) {
        leader.hw = candidate;
        // Consumers waiting for something readable get it now.
        m_delayed.completeConsumerFetches(partition, leader);
        return true;
    }
    return false;
}

void PartitionLeader::advanceHighWatermark(std::int32_t partition, Replica& leader, Event& e)
{
    if (!maybeIncrementHw(partition, leader))
        return;
    e.flags |= HwAdvanced;
    e.completed = m_delayed.completeDelayedProduces(partition, leader);
    if (e.completed > 0)
        e.flags |= ProducesCompleted;
}

bool PartitionLeader::maybeExpandIsr(std::int32_t partition, Replica& leader, const FollowerView& view)
{
    if (leader.alterInFlight || contains(leader.isr, view.broker) || !isIsrEligible(view.broker))
        return false;
    if (view.leo < leader.hw || view.leo < leader.epochStartOffset)
        return false;
    std::vector<BrokerId> newIsr = leader.isr;
    newIsr.push_back(view.broker);
    sendAlterPartition(partition, leader, std::move(newIsr));
    return true;
}

void PartitionLeader::sendAlterPartition(std::int32_t partition, Replica& leader, std::vector<BrokerId> newIsr)
{
    leader.alterInFlight = true;
    leader.pendingIsr = newIsr;
    AlterPartitionRequest request;
    request.partition = partition;
    request.leader = leader.broker;
    request.leaderEpoch = leader.knownLeaderEpoch;
    request.partitionEpoch = leader.partitionEpoch;
    request.newIsr = std::move(newIsr);
    m_net.send(NodeRef::broker(leader.broker), NodeRef::controller(), std::move(request));
}

std::optional<Event> PartitionLeader::isrExpiration(BrokerId broker)
{
    if (!m_state.broker(broker).alive)
        return std::nullopt;
    Event e = Event::at(EventType::IsrShrinkRequested, broker);
    int asked = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        Replica* leader = replicaOn(m_state, p, broker);
        if (!leader || !leader->isLeader() || leader->alterInFlight)
            continue;
        std::vector<BrokerId> newIsr;
        std::uint32_t removed = 0;
        for (BrokerId b : leader->isr) {
            const FollowerView* view = b == broker ? nullptr : viewOf(*leader, b);
            const bool outOfSync = b != broker && (!view || !isCaughtUp(*leader, *view));
            if (outOfSync)
                removed |= 1u << (b - 1);
            else
                newIsr.push_back(b);
        }
        if (removed == 0)
            continue;
        if (asked == 0) {
            e.partition = p;
            e.isr = brokerMask(newIsr);
            e.value = removed;
        }
        ++asked;
        sendAlterPartition(p, *leader, std::move(newIsr));
    }
    if (asked == 0)
        return std::nullopt;
    e.count = asked;
    return e;
}

std::optional<Event> PartitionLeader::handleAlterPartitionResponse(const Message& message,
                                                          const AlterPartitionResponse& response)
{
    Replica* leader = replicaOn(m_state, response.partition, message.to.id);
    if (!leader || !leader->alterInFlight)
        return std::nullopt;
    Event e = Event::at(EventType::IsrUpdated, leader->broker, -1, response.partition);
    e.hwBefore = leader->hw;
    if (response.error != ErrorCode::None) {
        // Partition.handleAlterPartitionError: an ineligible replica rolls the proposal back; a
        // fenced or stale leader keeps it pending (no further ISR changes) until new metadata
        // arrives; anything else is retried at the next chance.
        e.error = response.error;
        e.isr = brokerMask(leader->isr);
        e.hwAfter = leader->hw;
        if (response.error == ErrorCode::FencedLeaderEpoch || response.error == ErrorCode::InvalidUpdateVersion ||
            response.error == ErrorCode::InvalidRequest)
            return e;
        leader->alterInFlight = false;
        leader->pendingIsr = leader->isr;
        return e;
    }
    // A stale answer (from before this broker's current leadership) changes nothing.
    if (response.leaderEpoch != leader->knownLeaderEpoch || response.partitionEpoch < leader->partitionEpoch)
        return std::nullopt;
    leader->alterInFlight = false;
    leader->isr = response.isr;
    leader->pendingIsr = response.isr;
    leader->partitionEpoch = response.partitionEpoch;
    e.isr = brokerMask(leader->isr);
    e.value = response.partitionEpoch;
    if (leader->isLeader())
        advanceHighWatermark(response.partition, *leader, e);
    e.hwAfter = leader->hw;
    return e;
}

void PartitionLeader::becomeLeader(std::int32_t partition, Replica& r, const PartitionRegistration& reg)
{
    r.knownLeader = r.broker;
    r.knownLeaderEpoch = reg.leaderEpoch;
    r.partitionEpoch = reg.partitionEpoch;
    r.isr = reg.isr;
    r.pendingIsr = reg.isr;
    r.alterInFlight = false;
    r.fetchOutstanding = false;
    ++r.fetchId;
    // The new epoch starts at the leader's LEO; its HW is whatever it had as a follower (stale).
    r.epochStartOffset = r.log.leo();
    if (r.epochCache.empty() || r.epochCache.back().epoch < reg.leaderEpoch)
        assignEpoch(r.epochCache, reg.leaderEpoch, r.log.leo());
    r.views.clear();
    for (BrokerId b : reg.replicas) {
        if (b != r.broker)
            r.views.push_back(FollowerView{b, -1, contains(reg.isr, b) ? m_state.nowMs : 0, 0, -1});
    }
    maybeIncrementHw(partition, r);
}

void PartitionLeader::stopLeading(std::int32_t partition, Replica& r)
{
    for (const DelayedProduce& d : r.delayedProduces)
        m_net.send(NodeRef::broker(r.broker), d.requester(),
             ProduceResponse{d.batch, d.attempt, partition, ErrorCode::NotLeaderOrFollower, -1});
    r.delayedProduces.clear();
    for (const ParkedFetch& f : r.parkedFetches)
        m_net.send(NodeRef::broker(r.broker), fetcherNode(f.request), fetchAnswer(f.request, ErrorCode::NotLeaderOrFollower));
    r.parkedFetches.clear();
    r.isr.clear();
    r.pendingIsr.clear();
    r.alterInFlight = false;
    r.views.clear();
}


std::optional<Event> PartitionLeader::isrExpirationTimer(const Timer& timer)
{
    m_net.schedule(m_state.nowMs + std::max<TimeMs>(1, m_state.config.replicaLagTimeMaxMs / 2), timer);
    return isrExpiration(timer.broker);
}

} // namespace hw
