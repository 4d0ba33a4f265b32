// SPDX-License-Identifier: MIT
#include "model/observed.h"

#include <algorithm>

namespace hw {

std::string_view partitionHealthName(PartitionHealth health)
{
    switch (health) {
    case PartitionHealth::Healthy:
        return "healthy";
    case PartitionHealth::UnderReplicated:
        return "under-replicated";
    case PartitionHealth::AtMinIsr:
        return "at-min-isr";
    case PartitionHealth::UnderMinIsr:
        return "under-min-isr";
    case PartitionHealth::Offline:
        return "offline";
    }
    return "healthy";
}

// Kafka's broker metrics (core/src/main/scala/kafka/cluster/Partition.scala at 4.2.0-rc1): isUnderReplicated
// is `replicationFactor - isr.size > 0`, isUnderMinIsr `isr.size < effectiveMinIsr` and isAtMinIsr
// `isr.size == effectiveMinIsr`, where effectiveMinIsr is min(min.insync.replicas, replicas); the
// controller's OfflinePartitionsCount counts partitions without a live leader. Each is a gauge of its own
// there; the view shows one, the worst.
PartitionHealth partitionHealth(const ObservedPartitionFacts& partition, std::optional<std::int32_t> minInsyncReplicas,
                                const std::vector<std::int32_t>& liveBrokers)
{
    if (partition.leader < 0 || !std::binary_search(liveBrokers.begin(), liveBrokers.end(), partition.leader))
        return PartitionHealth::Offline;
    const auto replicas = static_cast<std::int32_t>(partition.replicas.size());
    const auto isr = static_cast<std::int32_t>(partition.isr.size());
    const std::int32_t effectiveMinIsr = std::min(minInsyncReplicas.value_or(1), replicas);
    if (isr < effectiveMinIsr)
        return PartitionHealth::UnderMinIsr;
    if (isr == effectiveMinIsr) // also with the full ISR, as the gauge does (RF 3, min ISR 3)
        return PartitionHealth::AtMinIsr;
    if (isr < replicas)
        return PartitionHealth::UnderReplicated;
    return PartitionHealth::Healthy;
}

std::int32_t ObservedInfo::modelBroker(std::int32_t realId) const
{
    for (std::size_t i = 0; i < brokers.size(); ++i) {
        if (brokers[i].facts.id == realId)
            return static_cast<std::int32_t>(i) + 1;
    }
    return 0;
}

std::int32_t ObservedInfo::realBroker(std::int32_t modelId) const
{
    if (modelId < 1 || static_cast<std::size_t>(modelId) > brokers.size())
        return -1;
    return brokers[static_cast<std::size_t>(modelId) - 1].facts.id;
}

} // namespace hw
