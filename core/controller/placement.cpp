// SPDX-License-Identifier: MIT
#include "controller/placement.h"

#include <algorithm>
#include <cstdint>

namespace hw {

std::vector<std::vector<int>> assignReplicasRackUnaware(const std::vector<int>& brokers, int partitionCount,
                                                        int replicationFactor, int startIndex, int replicaShift)
{
    const int n = static_cast<int>(brokers.size());
    std::vector<std::vector<int>> result;
    result.reserve(static_cast<std::size_t>(partitionCount));
    int nextReplicaShift = replicaShift;
    for (int p = 0; p < partitionCount; ++p) {
        if (p > 0 && p % n == 0)
            ++nextReplicaShift;
        const int first = (p + startIndex) % n;
        std::vector<int> replicas{brokers[static_cast<std::size_t>(first)]};
        for (int j = 0; j < replicationFactor - 1; ++j) {
            const int shift = 1 + (nextReplicaShift + j) % (n - 1);
            replicas.push_back(brokers[static_cast<std::size_t>((first + shift) % n)]);
        }
        result.push_back(std::move(replicas));
    }
    return result;
}

void createOffsetsTopic(ClusterState& s)
{
    std::vector<BrokerId> allBrokers;
    for (const Broker& b : s.brokers)
        allBrokers.push_back(b.id);
    const auto brokerCount = static_cast<std::uint64_t>(allBrokers.size());
    const int rf = std::min(3, static_cast<int>(allBrokers.size()));
    const int start = static_cast<int>(s.rng.below(brokerCount));
    const int shift = static_cast<int>(s.rng.below(brokerCount));
    for (const auto& replicas :
         assignReplicasRackUnaware(allBrokers, static_cast<int>(s.config.offsetsTopicNumPartitions), rf, start, shift)) {
        PartitionRegistration reg;
        reg.replicas = replicas;
        reg.isr = replicas;
        reg.leader = replicas.front();
        s.offsetsPartitions.push_back(std::move(reg));
    }
}

} // namespace hw
