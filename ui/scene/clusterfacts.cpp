// SPDX-License-Identifier: MIT
#include "scene/clusterfacts.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(BrokerStatus)
};

} // namespace

QString kafkaVersionText(const hw::ClusterState& state)
{
    // An observed cluster runs the release its brokers told (ApiVersions), "?" when they did not.
    if (state.observed)
        return state.observed->poll.kafkaVersion.empty() ? QStringLiteral("?")
                                                         : QString::fromStdString(state.observed->poll.kafkaVersion);
    const std::string_view name = hw::kafkaVersionName(state.config.kafkaVersion);
    return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

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

bool inElr(const hw::Partition& partition, hw::BrokerId broker)
{
    const auto& elr = partition.registration.elr;
    return std::find(elr.begin(), elr.end(), broker) != elr.end();
}

bool isLastKnownLeader(const hw::Partition& partition, hw::BrokerId broker)
{
    const auto& last = partition.registration.lastKnownElr;
    return std::find(last.begin(), last.end(), broker) != last.end();
}

std::vector<hw::BrokerId> outOfSyncReplicas(const hw::Partition& partition)
{
    std::vector<hw::BrokerId> osr;
    for (hw::BrokerId b : partition.registration.replicas) {
        if (!inIsr(partition, b))
            osr.push_back(b);
    }
    return osr;
}

QString brokerSetText(const std::vector<hw::BrokerId>& brokers)
{
    QStringList ids;
    for (hw::BrokerId b : brokers)
        ids << QString::number(b);
    //: An empty set of brokers ("ISR empty"), where "{}" would look like a fault of the drawing.
    return brokers.empty() ? Text::tr("empty")
                           : QStringLiteral("{") + ids.join(QStringLiteral(", ")) + QStringLiteral("}");
}

QString leaderRecoveryStateText(hw::LeaderRecoveryState state)
{
    // Kafka's own names (LeaderRecoveryState), as the frame dump writes them.
    return state == hw::LeaderRecoveryState::Recovering ? Text::tr("RECOVERING") : Text::tr("RECOVERED");
}

hw::Offset shownLogEnd(const hw::Partition& partition)
{
    hw::Offset end = maxLogEnd(partition);
    for (const hw::Replica& r : partition.replicas) {
        for (const hw::TruncatedRecord& t : r.truncated) {
            if (t.offset >= r.log.leo())
                end = std::max(end, t.offset + 1);
        }
    }
    return end;
}

bool divergesFromLeader(const hw::Partition& partition, const hw::Replica& replica, hw::Offset offset)
{
    const hw::Replica* leader = leaderReplica(partition);
    if (!leader || leader->broker == replica.broker)
        return false;
    if (offset < leader->log.baseOffset || offset >= leader->log.leo() || offset < replica.log.baseOffset
        || offset >= replica.log.leo())
        return false;
    return !(leader->log.at(offset) == replica.log.at(offset));
}

QString truncationReasonText(hw::TruncationReason reason)
{
    switch (reason) {
    case hw::TruncationReason::LeaderEpoch:
        return Text::tr("truncated at election");
    case hw::TruncationReason::UncleanElection:
        return Text::tr("unclean election");
    case hw::TruncationReason::HighWatermark:
        return Text::tr("high-watermark truncation");
    case hw::TruncationReason::Unflushed:
        return Text::tr("unflushed");
    }
    return QString();
}

QString truncationReasonShort(hw::TruncationReason reason)
{
    switch (reason) {
    case hw::TruncationReason::LeaderEpoch:
        return Text::tr("election", "ghost cell");
    case hw::TruncationReason::UncleanElection:
        return Text::tr("unclean", "ghost cell");
    case hw::TruncationReason::HighWatermark:
        return Text::tr("HW trunc.", "ghost cell");
    case hw::TruncationReason::Unflushed:
        return Text::tr("unflushed", "ghost cell");
    }
    return QString();
}

QString lostCauseText(hw::LostCause cause)
{
    switch (cause) {
    case hw::LostCause::UnflushedRecordsLost:
        return Text::tr("unflushed at power loss", "lost record: cause");
    case hw::LostCause::Acks1NotReplicated:
        return Text::tr("acks=1, acknowledged before it was replicated", "lost record: cause");
    case hw::LostCause::NotOnNewLeader:
        return Text::tr("never reached the new leader", "lost record: cause");
    case hw::LostCause::None:
        break;
    }
    return Text::tr("no physical cause", "lost record: cause");
}

QString lostElectionText(hw::LostElection election)
{
    switch (election) {
    case hw::LostElection::UncleanElection:
        return Text::tr("unclean election", "lost record: election");
    case hw::LostElection::LastKnownLeaderElection:
        return Text::tr("last known leader elected (ELR)", "lost record: election");
    case hw::LostElection::HighWatermarkTruncation:
        return Text::tr("truncated to the high watermark", "lost record: election");
    case hw::LostElection::CleanElection:
        return Text::tr("clean election", "lost record: election");
    case hw::LostElection::None:
        break;
    }
    return Text::tr("no election", "lost record: election");
}

QStringList lostRecordLines(const hw::ClusterState& state, std::int32_t partition)
{
    QStringList lines;
    for (const hw::LostRecord& lost : hw::lostRecords(state)) {
        if (partition >= 0 && lost.partition != partition)
            continue;
        const std::string_view acks = hw::acksName(lost.acks);
        //: A lost record: partition, offset, value, acks, then what happened to its bytes and the election
        //: that dropped it: "events-0 offset 2: B1 (acks=all), lost: unflushed at power loss; last known
        //: leader elected (ELR)".
        lines << Text::tr("%1 offset %2: %3 (acks=%4), lost: %5; %6")
                     .arg(QString::fromStdString(state.partitionName(lost.partition)))
                     .arg(lost.offset)
                     .arg(QString::fromStdString(state.payloads[static_cast<std::size_t>(lost.payload)].value),
                         QString::fromUtf8(acks.data(), static_cast<qsizetype>(acks.size())),
                         lostCauseText(lost.cause), lostElectionText(lost.election));
    }
    return lines;
}

} // namespace hw::ui
