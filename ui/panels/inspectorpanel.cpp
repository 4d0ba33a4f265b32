// SPDX-License-Identifier: MIT
#include "panels/inspectorpanel.h"

#include "base/i18n.h"
#include "base/narration.h"
#include "clients/producer_config.h"
#include "control/simcontroller.h"
#include "groups/assignor.h"
#include "log/producer_state.h"
#include "model/cluster_state.h"
#include "model/version_rules.h"
#include "scene/clusterfacts.h"
#include "scene/consumeritem.h"
#include "scene/groupitem.h"
#include "scene/messagetext.h"
#include "scene/produceritem.h"

#include <QHeaderView>

#include <algorithm>

namespace hw::ui {

namespace {

QString text(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString yesNo(bool value)
{
    return value ? InspectorPanel::tr("yes") : InspectorPanel::tr("no");
}

QString offsetText(hw::Offset offset)
{
    return offset < 0 ? InspectorPanel::tr("unknown") : QString::number(offset);
}

/// The client id of the producer with this producer id, or an empty string.
QString producerNameOf(const hw::ClusterState& s, std::int64_t producerId)
{
    for (const hw::Producer& producer : s.producers)
        if (producer.producerId == producerId && producerId >= 0)
            return QString::fromStdString(producer.id);
    return QString();
}

/// "0–2": a range of sequence numbers or offsets.
QString rangeText(std::int64_t first, std::int64_t last)
{
    return first == last ? QString::number(first) : QStringLiteral("%1\u2013%2").arg(first).arg(last);
}

/// enable.idempotence as it took effect, and why Kafka turned it off where it did: 3.2 to 3.9 turn it
/// off silently when a setting conflicts and nobody asked for idempotence (resolveProducerSettings
/// keeps the reasons, ProducerConfig.postProcessAndValidateIdempotenceConfigs@3.7.0).
QString idempotenceText(const hw::ProducerSettings& settings)
{
    if (settings.idempotence)
        return InspectorPanel::tr("true");
    if (settings.idempotenceExplicit)
        return InspectorPanel::tr("false (set in the scenario)");
    QStringList reasons;
    if (settings.idempotenceOff & hw::IdempotenceOffAcks)
        reasons << InspectorPanel::tr("acks is not all");
    if (settings.idempotenceOff & hw::IdempotenceOffRetries)
        reasons << InspectorPanel::tr("retries is 0");
    if (settings.idempotenceOff & hw::IdempotenceOffInFlight)
        reasons << InspectorPanel::tr("max.in.flight.requests.per.connection is above 5");
    if (reasons.isEmpty())
        return InspectorPanel::tr("false");
    //: %1: the settings that conflict with idempotence, e.g. "acks is not all".
    return InspectorPanel::tr("false (turned off by Kafka: %1)").arg(reasons.join(QStringLiteral(", ")));
}

/// Records of a log shown in the inspector before "and N more".
constexpr std::int64_t recordsShownMax = 50;

} // namespace

InspectorPanel::InspectorPanel(SimController* controller, QWidget* parent)
    : QTreeWidget(parent), m_controller(controller)
{
    setColumnCount(2);
    keepTranslated(this, [this] { setHeaderLabels({ tr("Property"), tr("Value") }); });
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(true);
    setAlternatingRowColors(true);
    setUniformRowHeights(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
}

QTreeWidgetItem* InspectorPanel::add(QTreeWidgetItem* parent, const QString& name, const QString& value)
{
    auto* item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(this);
    item->setText(0, name);
    item->setText(1, value);
    item->setToolTip(1, value);
    return item;
}

QString InspectorPanel::valueOf(const QString& property) const
{
    const QList<QTreeWidgetItem*> found = findItems(property, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return found.isEmpty() ? QString() : found.constFirst()->text(1);
}

void InspectorPanel::setTarget(const SceneTarget& target)
{
    m_target = target;
    refresh();
}

void InspectorPanel::refresh()
{
    setUpdatesEnabled(false);
    clear();
    const hw::ClusterState& s = m_controller->state();
    using Kind = SceneTarget::Kind;
    switch (m_target.kind) {
    case Kind::None:
        add(nullptr, tr("Nothing selected"), tr("Click a broker, replica, partition, producer or consumer"));
        break;
    case Kind::Broker:
        if (m_target.broker >= 1 && m_target.broker <= static_cast<std::int32_t>(s.brokers.size()))
            showBroker();
        break;
    case Kind::Replica:
        if (m_target.partition >= 0 && m_target.partition < static_cast<std::int32_t>(s.partitions.size()))
            showReplica();
        break;
    case Kind::Partition:
        if (m_target.partition >= 0 && m_target.partition < static_cast<std::int32_t>(s.partitions.size()))
            showPartition(m_target.partition, nullptr);
        break;
    case Kind::Producer:
        if (m_target.index >= 0 && m_target.index < static_cast<std::int32_t>(s.producers.size()))
            showProducer();
        break;
    case Kind::Consumer:
        if (m_target.index >= 0 && m_target.index < static_cast<std::int32_t>(s.consumers.size()))
            showConsumer(m_target.index, nullptr);
        break;
    case Kind::Group:
        if (m_target.index >= 0 && m_target.index < static_cast<std::int32_t>(s.groups.size()))
            showGroup();
        break;
    case Kind::Controller:
        showController();
        break;
    case Kind::Message:
        showMessage();
        break;
    }
    expandAll();
    setUpdatesEnabled(true);
}

void InspectorPanel::showInFlight(QTreeWidgetItem* parent, int kind, std::int32_t id)
{
    const hw::ClusterState& s = m_controller->state();
    QTreeWidgetItem* list = add(parent, tr("Messages in flight"));
    int count = 0;
    for (const hw::QueuedEvent& queued : s.queue) {
        std::optional<MessageInfo> info = MessageText::describe(queued, s);
        if (!info)
            continue;
        const bool from = static_cast<int>(info->from.kind) == kind && info->from.id == id;
        const bool to = static_cast<int>(info->to.kind) == kind && info->to.id == id;
        if (!from && !to)
            continue;
        ++count;
        add(list, info->label,
            tr("%1 \u2192 %2, arrives at %3 ms")
                .arg(MessageText::nodeName(info->from, s), MessageText::nodeName(info->to, s))
                .arg(info->arrivesMs));
    }
    list->setText(1, QString::number(count));
}

void InspectorPanel::showBroker()
{
    const hw::ClusterState& s = m_controller->state();
    const hw::Broker& b = s.broker(m_target.broker);
    const hw::BrokerRegistration& r = s.registrations[static_cast<std::size_t>(b.id - 1)];
    QTreeWidgetItem* root = add(nullptr, tr("Broker %1").arg(b.id), brokerStatusText(brokerStatus(s, b.id)));
    add(root, tr("Alive"), yesNo(b.alive));
    add(root, tr("Isolated"), yesNo(b.isolated));
    add(root, tr("Fenced by the controller"), yesNo(r.fenced));
    // The epoch of the registration the controller holds: a restart registers anew with a larger one.
    add(root, tr("Broker epoch"), QString::number(r.brokerEpoch));
    add(root, tr("Shutting down"), yesNo(b.shuttingDown));
    add(root, tr("Restarts"), QString::number(b.incarnation));
    add(root, tr("Latency"),
        b.latencyMs < 0 ? tr("%1 ms (network.latency.ms)").arg(s.config.networkLatencyMs)
                        : tr("%1 ms (slowed)").arg(b.latencyMs));
    add(root, tr("Last heartbeat the controller received"), tr("%1 ms").arg(r.lastHeartbeatMs));
    QTreeWidgetItem* replicas = add(root, tr("Replicas"));
    int count = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(s.partitions.size()); ++p) {
        const hw::Partition& partition = s.partitions[static_cast<std::size_t>(p)];
        const hw::Replica* replica = replicaOf(partition, b.id);
        if (!replica)
            continue;
        ++count;
        const QString role = partition.registration.leader == b.id ? tr("leader") : tr("follower");
        QString membership = inIsr(partition, b.id) ? tr("ISR") : tr("OSR");
        if (inElr(partition, b.id))
            membership = tr("OSR, ELR");
        if (isLastKnownLeader(partition, b.id))
            //: A replica's sets, then that it is the partition's last known leader (KIP-966).
            membership = tr("%1, last leader").arg(membership);
        add(replicas, Narration::partitionName(s, p),
            tr("%1, %2, LEO %3, HW %4").arg(role, membership).arg(replica->log.leo()).arg(replica->hw));
    }
    replicas->setText(1, QString::number(count));
    showInFlight(root, static_cast<int>(hw::NodeKind::Broker), b.id);
}

void InspectorPanel::showReplica()
{
    const hw::ClusterState& s = m_controller->state();
    const hw::Partition& partition = s.partitions[static_cast<std::size_t>(m_target.partition)];
    const hw::Replica* r = replicaOf(partition, m_target.broker);
    if (!r)
        return;
    const bool leads = partition.registration.leader == r->broker;
    QTreeWidgetItem* root = add(nullptr,
        tr("Replica of %1 on broker %2").arg(Narration::partitionName(s, m_target.partition)).arg(r->broker),
        leads ? tr("leader") : tr("follower"));
    add(root, tr("LEO"), QString::number(r->log.leo()));
    add(root, tr("HW"), QString::number(r->hw));
    add(root, tr("Log start"), QString::number(r->log.logStart));
    add(root, tr("In the ISR"), yesNo(inIsr(partition, r->broker)));
    if (hw::rules::elrEnabled(s.config)) {
        add(root, tr("In the ELR (eligible leader replicas)"), yesNo(inElr(partition, r->broker)));
        add(root, tr("The last known leader (LastKnownElr)"), yesNo(isLastKnownLeader(partition, r->broker)));
    }
    add(root, tr("Leader it knows"), r->knownLeader == hw::noLeader ? tr("none") : tr("broker %1").arg(r->knownLeader));
    add(root, tr("Leader epoch it knows"), QString::number(r->knownLeaderEpoch));
    QTreeWidgetItem* cache = add(root, tr("Epoch cache"), QString::number(r->epochCache.size()));
    for (const hw::EpochEntry& entry : r->epochCache)
        add(cache, tr("epoch %1").arg(entry.epoch), tr("starts at offset %1").arg(entry.startOffset));
    if (r->isLeader()) {
        add(root, tr("ISR (as the leader has it)"), Narration::brokerSet(r->isr));
        add(root, tr("Proposed ISR in flight"), r->alterInFlight ? Narration::brokerSet(r->pendingIsr) : tr("none"));
        add(root, tr("Epoch start offset"), QString::number(r->epochStartOffset));
        QTreeWidgetItem* views = add(root, tr("Leader's view of followers"), QString::number(r->views.size()));
        for (const hw::FollowerView& v : r->views) {
            QTreeWidgetItem* view = add(views, tr("broker %1").arg(v.broker), tr("LEO %1").arg(offsetText(v.leo)));
            add(view, tr("lastCaughtUpTimeMs"), QString::number(v.lastCaughtUpMs));
            add(view, tr("Last fetch at"), tr("%1 ms").arg(v.lastFetchMs));
            add(view, tr("Leader's LEO at that fetch"), offsetText(v.lastFetchLeaderLeo));
        }
        add(root, tr("acks=all produces waiting"), QString::number(r->delayedProduces.size()));
        add(root, tr("Fetches parked"), QString::number(r->parkedFetches.size()));
    } else if (const hw::Replica* leader = leaderReplica(partition)) {
        for (const hw::FollowerView& v : leader->views) {
            if (v.broker != r->broker)
                continue;
            add(root, tr("Leader's view of its LEO"), offsetText(v.leo));
            add(root, tr("lastCaughtUpTimeMs (leader's)"), QString::number(v.lastCaughtUpMs));
        }
        add(root, tr("Fetch outstanding"), yesNo(r->fetchOutstanding));
    }
    QTreeWidgetItem* records = add(root, tr("Records"), QString::number(r->log.leo() - r->log.logStart));
    const hw::Offset first = std::max(r->log.logStart, r->log.leo() - recordsShownMax);
    for (hw::Offset o = first; o < r->log.leo(); ++o) {
        const hw::Record& record = r->log.at(o);
        const hw::Payload& payload = s.payloads[static_cast<std::size_t>(record.payload)];
        QString value = tr("%1 (epoch %2)").arg(QString::fromStdString(payload.value)).arg(record.epoch);
        if (record.sequence >= 0 && payload.producer >= 0
            && payload.producer < static_cast<std::int32_t>(s.producers.size()))
            value += tr(", producer id %1, epoch %2, sequence %3")
                         .arg(s.producers[static_cast<std::size_t>(payload.producer)].producerId)
                         .arg(record.producerEpoch)
                         .arg(record.sequence);
        if (divergesFromLeader(partition, *r, o))
            value += tr(", diverged from the leader");
        add(records, tr("offset %1").arg(o), value);
    }
    // The replica's producer table (ProducerStateManager): leader and followers keep it alike, so
    // that a new leader still recognises a retried batch.
    QTreeWidgetItem* producers = add(root, tr("Producer state"), QString::number(r->producerStates.size()));
    for (const hw::ProducerStateEntry& entry : r->producerStates) {
        const QString name = producerNameOf(s, entry.producerId);
        QTreeWidgetItem* item = add(producers,
            name.isEmpty() ? tr("producer id %1").arg(entry.producerId)
                           : tr("producer id %1 (%2)").arg(entry.producerId).arg(name),
            //: A producer table entry: its epoch and how many of its last batches it keeps (at most 5).
            tr("epoch %1, %n batch(es)", nullptr, entry.batchCount).arg(entry.producerEpoch));
        for (std::size_t b = 0; b < entry.batchCount; ++b) {
            const hw::BatchMetadata& batch = entry.batches[b];
            add(item, tr("seq %1").arg(rangeText(batch.firstSeq, batch.lastSeq)),
                tr("offsets %1").arg(rangeText(batch.firstOffset, batch.lastOffset)));
        }
    }
    // What truncations removed (the ghost cells), newest last.
    QTreeWidgetItem* truncated = add(root, tr("Truncated records"), QString::number(r->truncated.size()));
    for (const hw::TruncatedRecord& t : r->truncated) {
        const hw::Payload& payload = s.payloads[static_cast<std::size_t>(t.record.payload)];
        add(truncated, tr("offset %1").arg(t.offset),
            tr("%1 (epoch %2), %3")
                .arg(QString::fromStdString(payload.value))
                .arg(t.record.epoch)
                .arg(truncationReasonText(t.reason)));
    }
}

void InspectorPanel::showPartition(std::int32_t p, QTreeWidgetItem* parent)
{
    const hw::ClusterState& s = m_controller->state();
    const hw::Partition& partition = s.partitions[static_cast<std::size_t>(p)];
    const hw::PartitionRegistration& reg = partition.registration;
    QTreeWidgetItem* root = add(parent, tr("Partition %1").arg(Narration::partitionName(s, p)));
    add(root, tr("Replicas (preferred leader first)"), Narration::brokerSet(reg.replicas));
    add(root, tr("Leader"), reg.leader == hw::noLeader ? tr("none (offline)") : tr("broker %1").arg(reg.leader));
    add(root, tr("Leader epoch"), QString::number(reg.leaderEpoch));
    add(root, tr("Partition epoch"), QString::number(reg.partitionEpoch));
    add(root, tr("Leader recovery state"), leaderRecoveryStateText(reg.leaderRecoveryState));
    add(root, tr("ISR"), brokerSetText(reg.isr));
    add(root, tr("OSR"), brokerSetText(outOfSyncReplicas(partition)));
    // KIP-966's sets, in the versions that keep them (PartitionChangeBuilder.maybePopulateTargetElr).
    if (hw::rules::elrEnabled(s.config)) {
        add(root, tr("ELR (eligible leader replicas)"), brokerSetText(reg.elr));
        add(root, tr("LastKnownElr (last known leader)"), brokerSetText(reg.lastKnownElr));
    }
    const hw::Offset hw = partitionHighWatermark(partition);
    add(root, tr("HW (the leader's)"), hw < 0 ? tr("none") : QString::number(hw));
    add(root, tr("Unclean elections"), QString::number(partition.uncleanElections));
    add(root, tr("Records lost from unflushed tails"), QString::number(partition.unflushedLost));
    // The frame's "lost" list: every acknowledged record the leader no longer holds.
    const QStringList lost = lostRecordLines(s, p);
    QTreeWidgetItem* lostRoot = add(root, tr("Lost records"), QString::number(lost.size()));
    for (const QString& line : lost)
        add(lostRoot, QString(), line);
    QTreeWidgetItem* replicas = add(root, tr("Replicas"));
    for (const hw::Replica& r : partition.replicas)
        add(replicas, tr("broker %1").arg(r.broker), tr("LEO %1, HW %2").arg(r.log.leo()).arg(r.hw));
    QTreeWidgetItem* readers = add(root, tr("Consumers reading it"));
    for (std::int32_t c = 0; c < static_cast<std::int32_t>(s.consumers.size()); ++c) {
        for (const hw::OwnedPartition& owned : s.consumers[static_cast<std::size_t>(c)].owned) {
            if (owned.partition != p)
                continue;
            const QString lag = owned.position < 0 || hw < 0
                ? tr("unknown")
                : QString::number(std::max<hw::Offset>(0, hw - owned.position));
            add(readers, QString::fromStdString(s.consumers[static_cast<std::size_t>(c)].id),
                tr("position %1, lag %2").arg(offsetText(owned.position), lag));
        }
    }
}

void InspectorPanel::showProducer()
{
    const hw::ClusterState& s = m_controller->state();
    const hw::Producer& producer = s.producers[static_cast<std::size_t>(m_target.index)];
    QTreeWidgetItem* root = add(nullptr, tr("Producer %1").arg(QString::fromStdString(producer.id)));
    // The settings as they took effect (ProducerConfig and KafkaProducer.configureDeliveryTimeout).
    QTreeWidgetItem* settings = add(root, tr("Settings"));
    add(settings, tr("enable.idempotence"), idempotenceText(producer.settings));
    add(settings, tr("acks"), text(hw::acksName(producer.acks)));
    add(settings, tr("max.in.flight.requests.per.connection"), QString::number(producer.settings.maxInFlight));
    add(settings, tr("linger.ms"), QString::number(hw::producerLingerMs(producer.settings, s.config)));
    add(settings, tr("retries"), QString::number(hw::producerRetries(producer.settings, s.config)));
    add(settings, tr("delivery.timeout.ms"),
        QString::number(hw::producerDeliveryTimeoutMs(producer.settings, s.config)));
    if (producer.settings.idempotence) {
        const QString waiting = producer.initInFlight ? tr("waiting for InitProducerId") : tr("none yet");
        add(root, tr("Producer id"), producer.producerId < 0 ? waiting : QString::number(producer.producerId));
        add(root, tr("Producer epoch"), producer.producerId < 0 ? waiting : QString::number(producer.producerEpoch));
    }
    add(root, tr("Batches in flight"),
        tr("%1 of %2").arg(ProducerItem::inFlightCount(producer)).arg(producer.settings.maxInFlight));
    if (producer.ratePerSecond > 0)
        add(root, tr("Steady rate"), tr("%1 records/s").arg(producer.ratePerSecond));
    QTreeWidgetItem* leaders = add(root, tr("Leaders it believes"));
    for (std::size_t p = 0; p < producer.leaders.size() && p < s.partitions.size(); ++p)
        add(leaders, Narration::partitionName(s, static_cast<std::int32_t>(p)),
            producer.leaders[p] == hw::noLeader ? tr("unknown") : tr("broker %1").arg(producer.leaders[p]));
    QTreeWidgetItem* batches = add(root, tr("Batches"), QString::number(producer.batches.size()));
    const std::size_t first = producer.batches.size() > 20 ? producer.batches.size() - 20 : 0;
    producer.batches.forEach(first, producer.batches.size(), [&](std::size_t i, const hw::ProducerBatch& batch) {
        QString value = tr("%1 record(s) to %2, %3")
                            .arg(batch.count)
                            .arg(Narration::partitionName(s, batch.partition), text(hw::sendStatusName(batch.status)));
        if (batch.idempotent && batch.baseSequence >= 0)
            value += tr(", seq %1")
                         .arg(rangeText(batch.baseSequence,
                             hw::incrementSequence(batch.baseSequence, std::max(0, batch.count - 1))));
        if (batch.baseOffset >= 0)
            value += tr(", offset %1").arg(batch.baseOffset);
        if (batch.duplicate)
            value += tr(", answered as a duplicate");
        if (batch.error != hw::ErrorCode::None)
            value += QStringLiteral(", ") + Narration::errorName(batch.error);
        add(batches, tr("batch %1").arg(i), value);
    });
    showInFlight(root, static_cast<int>(hw::NodeKind::Producer), m_target.index);
}

void InspectorPanel::showConsumer(std::int32_t index, QTreeWidgetItem* parent)
{
    const hw::ClusterState& s = m_controller->state();
    const hw::Consumer& c = s.consumers[static_cast<std::size_t>(index)];
    QTreeWidgetItem* root = add(parent, tr("Consumer %1").arg(QString::fromStdString(c.id)),
        ConsumerItem::phaseText(static_cast<std::uint8_t>(c.phase)));
    add(root, tr("Group"),
        c.group < 0 ? tr("none (assigned by hand)")
                    : QString::fromStdString(s.groups[static_cast<std::size_t>(c.group)].id));
    add(root, tr("Member id"), QString::fromStdString(c.memberId));
    add(root, tr("Generation"), QString::number(c.generation));
    add(root, tr("Coordinator"), c.coordinator == hw::noLeader ? tr("unknown") : tr("broker %1").arg(c.coordinator));
    add(root, tr("Records received"), QString::number(c.received.size()));
    QTreeWidgetItem* owned = add(root, tr("Assignment"), QString::number(c.owned.size()));
    for (const hw::OwnedPartition& o : c.owned) {
        const hw::Offset hw = partitionHighWatermark(s.partitions[static_cast<std::size_t>(o.partition)]);
        const QString lag
            = o.position < 0 || hw < 0 ? tr("unknown") : QString::number(std::max<hw::Offset>(0, hw - o.position));
        add(owned, Narration::partitionName(s, o.partition),
            tr("position %1, HW %2, lag %3").arg(offsetText(o.position), offsetText(hw), lag));
    }
    showInFlight(root, static_cast<int>(hw::NodeKind::Consumer), index);
}

void InspectorPanel::showGroup()
{
    const hw::ClusterState& s = m_controller->state();
    const hw::Group& g = s.groups[static_cast<std::size_t>(m_target.index)];
    QTreeWidgetItem* root = add(nullptr, tr("Group %1").arg(QString::fromStdString(g.id)),
        GroupItem::stateText(static_cast<std::uint8_t>(g.state)));
    add(root, tr("Generation"), QString::number(g.generation));
    add(root, tr("Assignor"), text(hw::assignorName(g.protocol)));
    add(root, tr("Leader member"), QString::fromStdString(g.leader));
    QTreeWidgetItem* members = add(root, tr("Members"), QString::number(g.members.size()));
    for (const hw::GroupMember& m : g.members) {
        QStringList parts;
        for (std::int32_t p : m.assignment)
            parts << Narration::partitionName(s, p);
        add(members, QString::fromStdString(m.memberId), parts.join(QStringLiteral(", ")));
    }
    QTreeWidgetItem* committed = add(root, tr("Committed offsets"), QString::number(g.committed.size()));
    for (const hw::CommittedOffset& c : g.committed)
        add(committed, Narration::partitionName(s, c.partition), QString::number(c.offset));
}

void InspectorPanel::showController()
{
    const hw::ClusterState& s = m_controller->state();
    QTreeWidgetItem* root = add(nullptr, tr("Controller (node %1)").arg(hw::controllerNodeId));
    QTreeWidgetItem* registrations = add(root, tr("Broker registrations"));
    for (const hw::BrokerRegistration& r : s.registrations)
        add(registrations, tr("broker %1").arg(r.id),
            tr("%1, last heartbeat %2 ms").arg(r.fenced ? tr("fenced") : tr("unfenced")).arg(r.lastHeartbeatMs));
    add(root, tr("min.insync.replicas"), QString::number(s.config.minInsyncReplicas));
    add(root, tr("unclean.leader.election.enable"), yesNo(s.config.uncleanLeaderElectionEnable));
    add(root, tr("replica.lag.time.max.ms"), QString::number(s.config.replicaLagTimeMaxMs));
    showInFlight(root, static_cast<int>(hw::NodeKind::Controller), hw::controllerNodeId);
}

void InspectorPanel::showMessage()
{
    const hw::ClusterState& s = m_controller->state();
    for (const hw::QueuedEvent& queued : s.queue) {
        if (queued.sequence != m_target.message)
            continue;
        std::optional<MessageInfo> info = MessageText::describe(queued, s);
        if (!info)
            return;
        QTreeWidgetItem* root = add(nullptr, tr("Message"), info->label);
        add(root, tr("From"), MessageText::nodeName(info->from, s));
        add(root, tr("To"), MessageText::nodeName(info->to, s));
        add(root, tr("Sent at"), tr("%1 ms").arg(info->sentMs));
        add(root, tr("Arrives at"), tr("%1 ms").arg(info->arrivesMs));
        if (info->partition >= 0)
            add(root, tr("Partition"), Narration::partitionName(s, info->partition));
        return;
    }
    add(nullptr, tr("Message"), tr("delivered"));
}

} // namespace hw::ui
