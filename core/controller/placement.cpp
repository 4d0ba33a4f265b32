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

std::vector<UsableBroker> usableBrokers(const ClusterState& s)
{
    std::vector<UsableBroker> out;
    for (const BrokerRegistration& reg : s.registrations) {
        if (reg.inControlledShutdown)
            continue;
        const auto broker = std::find_if(s.brokers.begin(), s.brokers.end(), [&](const Broker& b) { return b.id == reg.id; });
        out.push_back(UsableBroker{reg.id, broker != s.brokers.end() ? broker->rack : std::nullopt, reg.fenced});
    }
    std::sort(out.begin(), out.end(), [](const UsableBroker& a, const UsableBroker& b) { return a.id < b.id; });
    return out;
}

std::vector<BrokerId> initialIsr(const ClusterState& s, const std::vector<BrokerId>& replicas)
{
    std::vector<BrokerId> isr;
    for (BrokerId b : replicas) {
        const auto reg = std::find_if(s.registrations.begin(), s.registrations.end(),
                                      [&](const BrokerRegistration& r) { return r.id == b; });
        if (reg != s.registrations.end() && reg->unfenced())
            isr.push_back(b);
    }
    return isr;
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
