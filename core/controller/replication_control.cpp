// SPDX-License-Identifier: MIT
#include "controller/replication_control.h"

#include <algorithm>
#include <string>

namespace hw {

std::optional<Event> ReplicationControl::handleAlterPartitionRequest(const Message& message, const AlterPartitionRequest& request)
{
    Partition& p = m_state.partitions[static_cast<std::size_t>(request.partition)];
    PartitionRegistration& reg = p.registration;
    Event e;
    e.node = controllerNodeId;
    e.peer = request.leader;
    e.partition = request.partition;

    // ReplicationControlManager.validateAlterPartitionData, in its order.
    auto validIsr = [&] {
        std::vector<BrokerId> seen;
        for (BrokerId b : request.newIsr) {
            if (!contains(reg.replicas, b) || contains(seen, b))
                return false;
            seen.push_back(b);
        }
        return contains(request.newIsr, reg.leader);
    };
    ErrorCode error = ErrorCode::None;
    if (request.leaderEpoch > reg.leaderEpoch || request.partitionEpoch > reg.partitionEpoch)
        error = ErrorCode::NotController; // The request is from the future: this controller is behind.
    else if (request.leaderEpoch < reg.leaderEpoch)
        error = ErrorCode::FencedLeaderEpoch;
    else if (request.leader != reg.leader)
        error = ErrorCode::InvalidRequest;
    else if (request.partitionEpoch < reg.partitionEpoch)
        error = ErrorCode::InvalidUpdateVersion;
    else if (!validIsr())
        error = ErrorCode::InvalidRequest;
    else {
        for (BrokerId b : request.newIsr) {
            if (!isUnfenced(m_state, b))
                error = ErrorCode::IneligibleReplica;
        }
    }

    AlterPartitionResponse response;
    response.partition = request.partition;
    response.error = error;
    if (error == ErrorCode::None) {
        reg.isr = request.newIsr;
        ++reg.partitionEpoch;
        e.type = EventType::AlterPartitionCommitted;
    } else {
        e.type = EventType::AlterPartitionRejected;
        e.error = error;
    }
    response.isr = reg.isr;
    response.leaderEpoch = reg.leaderEpoch;
    response.partitionEpoch = reg.partitionEpoch;
    e.isr = brokerMask(reg.isr);
    e.value = reg.partitionEpoch;
    m_net.send(NodeRef::controller(), message.from, std::move(response));
    return e;
}

void ReplicationControl::publish(std::int32_t partition, BrokerId onlyTo)
{
    const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(partition)].registration;
    for (const Broker& b : m_state.brokers) {
        if (onlyTo == noLeader || b.id == onlyTo)
            m_net.send(NodeRef::controller(), NodeRef::broker(b.id), PartitionChange{partition, false, reg});
    }
}

void ReplicationControl::publishAllTo(BrokerId broker)
{
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p)
        publish(p, broker);
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.offsetsPartitions.size()); ++p)
        m_net.send(NodeRef::controller(), NodeRef::broker(broker),
                   PartitionChange{p, true, m_state.offsetsPartitions[static_cast<std::size_t>(p)]});
}

void ReplicationControl::changePartition(std::int32_t partition, BrokerId leader, std::vector<BrokerId> isr)
{
    PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(partition)].registration;
    if (leader == reg.leader && isr == reg.isr)
        return;
    // Every change of the leader field (to -1 too) bumps the leader epoch; every change the partition epoch.
    if (leader != reg.leader)
        ++reg.leaderEpoch;
    ++reg.partitionEpoch;
    reg.leader = leader;
    reg.isr = std::move(isr);
    publish(partition);
}

BrokerId ReplicationControl::electFromIsr(const PartitionRegistration& reg, const std::vector<BrokerId>& isr) const
{
    if (reg.leader != noLeader && contains(isr, reg.leader) && isUnfenced(m_state, reg.leader))
        return reg.leader;
    for (BrokerId b : reg.replicas) {
        if (contains(isr, b) && isUnfenced(m_state, b))
            return b;
    }
    return noLeader;
}

BrokerId ReplicationControl::electUnclean(Partition& partition, BrokerId excluded, std::vector<BrokerId>& isr,
                                          std::uint32_t& flags)
{
    // With unclean.leader.election.enable the first live, unfenced replica in assignment order leads
    // alone, whatever it holds (PartitionChangeBuilder's unclean path).
    if (!m_state.config.uncleanLeaderElectionEnable)
        return noLeader;
    for (BrokerId b : partition.registration.replicas) {
        if (b != excluded && isUnfenced(m_state, b) && m_state.broker(b).alive) {
            isr = {b};
            flags |= Unclean;
            ++partition.uncleanElections;
            return b;
        }
    }
    return noLeader;
}

void ReplicationControl::applyElection(std::int32_t partition, BrokerId leader, std::vector<BrokerId> isr,
                                       std::uint32_t flags, Event* first)
{
    if (first) {
        first->partition = partition;
        first->value = leader;
        first->flags |= flags;
        first->isr = brokerMask(isr);
    }
    changePartition(partition, leader, std::move(isr));
}

int ReplicationControl::removeBrokerFromPartitions(BrokerId broker, Event& event)
{
    int changed = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        Partition& partition = m_state.partitions[static_cast<std::size_t>(p)];
        const PartitionRegistration& reg = partition.registration;
        if (!contains(reg.isr, broker) && reg.leader != broker)
            continue;
        std::vector<BrokerId> isr;
        for (BrokerId b : reg.isr) {
            if (b != broker)
                isr.push_back(b);
        }
        if (isr.empty())
            isr = reg.isr; // The last ISR member stays, so it can take over cleanly when it returns.
        BrokerId leader = reg.leader;
        std::uint32_t flags = 0;
        if (leader == broker || leader == noLeader) {
            leader = electFromIsr(reg, isr);
            if (leader == broker)
                leader = noLeader;
            if (leader == noLeader)
                leader = electUnclean(partition, broker, isr, flags);
            if (leader == noLeader)
                flags |= Offline;
        }
        applyElection(p, leader, std::move(isr), flags, changed == 0 ? &event : nullptr);
        ++changed;
    }
    return changed;
}

int ReplicationControl::electOfflineLeaders(Event& event)
{
    int elected = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        Partition& partition = m_state.partitions[static_cast<std::size_t>(p)];
        const PartitionRegistration& reg = partition.registration;
        if (reg.leader != noLeader)
            continue;
        std::vector<BrokerId> isr = reg.isr;
        BrokerId leader = electFromIsr(reg, isr);
        std::uint32_t flags = 0;
        if (leader == noLeader)
            leader = electUnclean(partition, noLeader, isr, flags);
        if (leader == noLeader)
            continue;
        applyElection(p, leader, std::move(isr), flags, elected == 0 ? &event : nullptr);
        ++elected;
    }
    return elected;
}

ApplyResult ReplicationControl::electPreferred(std::int32_t partition)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(m_state.partitions.size()))
        return {std::nullopt, "no such partition"};
    const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(partition)].registration;
    const BrokerId preferred = reg.replicas.front();
    const std::string name = m_state.partitionName(partition);
    if (reg.leader == preferred)
        return {std::nullopt, "broker " + std::to_string(preferred) + " already leads " + name};
    if (!contains(reg.isr, preferred))
        return {std::nullopt, "the preferred leader, broker " + std::to_string(preferred) + ", is not in " + name +
                                  "'s ISR"};
    if (!isUnfenced(m_state, preferred))
        return {std::nullopt, "the preferred leader, broker " + std::to_string(preferred) + ", is fenced"};
    changePartition(partition, preferred, reg.isr);
    Event e = Event::at(EventType::LeaderElected, controllerNodeId, preferred, partition);
    e.value = m_state.partitions[static_cast<std::size_t>(partition)].registration.leaderEpoch;
    e.flags |= Preferred;
    e.isr = brokerMask(reg.isr);
    return {e, {}};
}

void ReplicationControl::refreshOffsetsPartitions()
{
    // __consumer_offsets has no log in the model, so its replicas are always in sync: its ISR is its
    // unfenced replicas (the last one stays, like any ISR) and its leader the first of them.
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.offsetsPartitions.size()); ++p) {
        PartitionRegistration& reg = m_state.offsetsPartitions[static_cast<std::size_t>(p)];
        std::vector<BrokerId> isr;
        for (BrokerId b : reg.replicas) {
            if (isUnfenced(m_state, b) && m_state.broker(b).alive)
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
            m_net.send(NodeRef::controller(), NodeRef::broker(b.id), PartitionChange{p, true, reg});
        if (moved && leader != noLeader)
            m_coordinatorListener->loadGroups(p);
    }
}


ApplyResult ReplicationControl::alterConfig(const ConfigAction& a)
{
    ClusterConfig next = m_state.config;
    std::string expected = setConfig(next, a.key, a.value);
    if (!expected.empty())
        return {std::nullopt, a.key + ": expected " + expected};
    m_state.config = next;
    Event e;
    e.type = EventType::ConfigChanged;
    if (a.key == "unclean.leader.election.enable" && next.uncleanLeaderElectionEnable) {
        Event elected;
        e.completed = electOfflineLeaders(elected);
        if (e.completed > 0) {
            e.partition = elected.partition;
            e.flags |= elected.flags;
        }
    }
    e.text = a.key + "=" + formatConfigValue(a.value);
    e.value = a.value.kind == ConfigValue::Kind::Boolean ? (a.value.boolean ? 1 : 0) : a.value.integer;
    return {e, {}};
}

} // namespace hw
