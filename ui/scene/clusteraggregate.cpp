// SPDX-License-Identifier: MIT
#include "scene/clusteraggregate.h"

#include <algorithm>

namespace hw::ui {

namespace {

template <typename Counts>
void countHealth(Counts& counts, hw::PartitionHealth health)
{
    switch (health) {
    case hw::PartitionHealth::Healthy:
        ++counts.healthy;
        break;
    case hw::PartitionHealth::UnderReplicated:
        ++counts.underReplicated;
        break;
    case hw::PartitionHealth::AtMinIsr:
        ++counts.atMinIsr;
        break;
    case hw::PartitionHealth::UnderMinIsr:
        ++counts.underMinIsr;
        break;
    case hw::PartitionHealth::Offline:
        ++counts.offline;
        break;
    }
}

} // namespace

hw::PartitionHealth partitionHealthOf(const hw::ClusterState& state, const hw::Partition& partition)
{
    if (partition.observed)
        return partition.observed->health;
    // The rules of hw::partitionHealth (Kafka's Partition.scala gauges and OfflinePartitionsCount, cited
    // there) on the controller's registration, with the model's ids: a live leader is a broker that runs
    // and is not fenced.
    const hw::PartitionRegistration& reg = partition.registration;
    const bool leaderLive = reg.leader != hw::noLeader && reg.leader >= 1
        && reg.leader <= static_cast<hw::BrokerId>(state.brokers.size()) && state.broker(reg.leader).alive
        && !state.registrations[static_cast<std::size_t>(reg.leader - 1)].fenced;
    if (!leaderLive)
        return hw::PartitionHealth::Offline;
    const auto replicas = static_cast<std::int64_t>(reg.replicas.size());
    const auto isr = static_cast<std::int64_t>(reg.isr.size());
    const std::int64_t effectiveMinIsr = std::min(state.config.minInsyncReplicas, replicas);
    if (isr < effectiveMinIsr)
        return hw::PartitionHealth::UnderMinIsr;
    if (isr == effectiveMinIsr)
        return hw::PartitionHealth::AtMinIsr;
    if (isr < replicas)
        return hw::PartitionHealth::UnderReplicated;
    return hw::PartitionHealth::Healthy;
}

CardState cardStateOf(const hw::ClusterState& state, hw::BrokerId broker)
{
    if (state.observed) {
        const hw::ObservedBrokerSlot& slot = state.observed->brokers[static_cast<std::size_t>(broker - 1)];
        if (!slot.present)
            return CardState::Gone;
        if (!slot.facts.answered)
            return CardState::NotAnswering;
        if (slot.facts.fenced)
            return CardState::Fenced;
        return CardState::Online;
    }
    const hw::Broker& b = state.broker(broker);
    if (!b.alive)
        return CardState::Offline;
    if (b.isolated)
        return CardState::Isolated;
    if (state.registrations[static_cast<std::size_t>(broker - 1)].fenced)
        return CardState::Fenced;
    return CardState::Online;
}

std::int32_t nodeIdOf(const hw::ClusterState& state, hw::BrokerId broker)
{
    return state.observed ? state.observed->realBroker(broker) : broker;
}

bool offsetsUnknown(const hw::Replica& replica)
{
    return replica.log.leo() < 0 || replica.hw < 0;
}

bool hwAboveLeo(const hw::Replica& replica)
{
    return !offsetsUnknown(replica) && replica.hw > replica.log.leo();
}

std::vector<BrokerAggregate> aggregateBrokers(const hw::ClusterState& state)
{
    std::vector<BrokerAggregate> out(state.brokers.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].broker = static_cast<hw::BrokerId>(i) + 1;
        out[i].nodeId = nodeIdOf(state, out[i].broker);
        out[i].state = cardStateOf(state, out[i].broker);
    }
    for (const hw::Partition& partition : state.partitions) {
        const hw::PartitionHealth health = partitionHealthOf(state, partition);
        for (const hw::Replica& replica : partition.replicas) {
            if (replica.broker < 1 || replica.broker > static_cast<hw::BrokerId>(out.size()))
                continue;
            BrokerAggregate& a = out[static_cast<std::size_t>(replica.broker - 1)];
            ++a.replicas;
            if (partition.registration.leader == replica.broker)
                ++a.leaders;
            else
                ++a.followers;
            countHealth(a, health);
            if (offsetsUnknown(replica))
                ++a.unknownOffsets;
            else if (hwAboveLeo(replica))
                ++a.hwAboveLeo;
            if (a.topics.empty() || a.topics.back() != partition.topic)
                a.topics.push_back(partition.topic);
        }
    }
    return out;
}

std::vector<TopicAggregate> aggregateTopics(const hw::ClusterState& state, hw::BrokerId broker)
{
    std::vector<TopicAggregate> out;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
        const hw::Partition& partition = state.partitions[static_cast<std::size_t>(p)];
        const bool held = std::any_of(partition.replicas.begin(), partition.replicas.end(),
            [broker](const hw::Replica& r) { return r.broker == broker; });
        if (!held)
            continue;
        if (out.empty() || out.back().topic != partition.topic) {
            out.emplace_back();
            out.back().topic = partition.topic;
        }
        TopicAggregate& t = out.back();
        ++t.replicas;
        if (partition.registration.leader == broker)
            ++t.leaders;
        else
            ++t.followers;
        countHealth(t, partitionHealthOf(state, partition));
        t.partitions.push_back(p);
    }
    return out;
}

bool aggregateClusterView(const hw::ClusterState& state)
{
    std::size_t rows = 0;
    for (const hw::Partition& partition : state.partitions)
        rows += partition.replicas.size();
    return rows > static_cast<std::size_t>(detailedReplicaRowsMax);
}

} // namespace hw::ui
