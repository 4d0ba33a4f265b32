// SPDX-License-Identifier: MIT
#include "scene/clusterfacts.h"

#include <QCoreApplication>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(BrokerStatus)
};

} // namespace

BrokerStatus brokerStatus(const hw::ClusterState& state, hw::BrokerId broker)
{
    const hw::Broker& b = state.broker(broker);
    if (!b.alive)
        return BrokerStatus::Offline;
    if (b.isolated)
        return BrokerStatus::Isolated;
    if (state.registrations[static_cast<std::size_t>(broker - 1)].fenced)
        return BrokerStatus::Fenced;
    return BrokerStatus::Online;
}

QString brokerStatusText(BrokerStatus status)
{
    switch (status) {
    case BrokerStatus::Online:
        return Text::tr("ONLINE");
    case BrokerStatus::Offline:
        return Text::tr("OFFLINE");
    case BrokerStatus::Isolated:
        return Text::tr("ISOLATED");
    case BrokerStatus::Fenced:
        return Text::tr("FENCED");
    }
    return QString();
}

const hw::Replica* replicaOf(const hw::Partition& partition, hw::BrokerId broker)
{
    for (const hw::Replica& r : partition.replicas) {
        if (r.broker == broker)
            return &r;
    }
    return nullptr;
}

const hw::Replica* leaderReplica(const hw::Partition& partition)
{
    const hw::Replica* r = replicaOf(partition, partition.registration.leader);
    return r && r->isLeader() ? r : nullptr;
}

hw::Offset partitionHighWatermark(const hw::Partition& partition)
{
    const hw::Replica* leader = leaderReplica(partition);
    return leader ? leader->hw : -1;
}

hw::Offset maxLogEnd(const hw::Partition& partition)
{
    hw::Offset end = 0;
    for (const hw::Replica& r : partition.replicas)
        end = std::max(end, r.log.leo());
    return end;
}

bool inIsr(const hw::Partition& partition, hw::BrokerId broker)
{
    const auto& isr = partition.registration.isr;
    return std::find(isr.begin(), isr.end(), broker) != isr.end();
}

} // namespace hw::ui
