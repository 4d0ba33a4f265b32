// SPDX-License-Identifier: MIT
#include "control/realcomparemodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QRegularExpression>

namespace hw::ui {

using hw::realkafka::FactComparison;
using hw::realkafka::Verdict;

namespace {

/// A value longer than this (a replica's records) is cut in its cell; the tooltip holds all of it.
constexpr qsizetype cellCharsMax = 60;

QString elided(const QString& text)
{
    return text.size() <= cellCharsMax ? text : text.left(cellCharsMax - 1) + QStringLiteral("\u2026");
}

} // namespace

RealCompareModel::RealCompareModel(QObject* parent) : QAbstractTableModel(parent) { }

void RealCompareModel::setComparison(const hw::realkafka::Comparison& comparison)
{
    beginResetModel();
    m_comparison = comparison;
    m_checkpoint = m_comparison.checkpoints.empty() ? -1 : 0;
    rebuildRows();
    endResetModel();
}

void RealCompareModel::setCheckpoint(int index)
{
    const int count = checkpointCount();
    const int clamped = count == 0 ? -1 : std::clamp(index, 0, count - 1);
    if (clamped == m_checkpoint)
        return;
    beginResetModel();
    m_checkpoint = clamped;
    rebuildRows();
    endResetModel();
}

void RealCompareModel::setShowAgreeing(bool show)
{
    if (show == m_showAgreeing)
        return;
    beginResetModel();
    m_showAgreeing = show;
    rebuildRows();
    endResetModel();
}

void RealCompareModel::rebuildRows()
{
    m_rows.clear();
    if (m_checkpoint < 0)
        return;
    const auto& facts = m_comparison.checkpoints[static_cast<std::size_t>(m_checkpoint)].facts;
    for (std::size_t i = 0; i < facts.size(); ++i) {
        if (m_showAgreeing || facts[i].verdict != Verdict::Agree)
            m_rows.push_back(i);
    }
}

const FactComparison& RealCompareModel::fact(int row) const
{
    return m_comparison.checkpoints[static_cast<std::size_t>(m_checkpoint)].facts[m_rows[static_cast<std::size_t>(row)]];
}

int RealCompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RealCompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RealCompareModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const FactComparison& f = fact(index.row());
    const QString simulated = QString::fromStdString(f.simulated);
    const QString real = QString::fromStdString(f.real);
    const QString reason
        = reasonText(f, m_comparison.checkpoints[static_cast<std::size_t>(m_checkpoint)], m_comparison.kafkaVersion);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case VerdictColumn:
            return verdictText(f.verdict);
        case SubjectColumn:
            return subjectText(f.subject);
        case FactColumn:
            return factName(f.fact);
        case SimulatedColumn:
            return elided(simulated);
        case RealColumn:
            return elided(real);
        case ReasonColumn:
            return reason;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return factLine(f) + (reason.isEmpty() ? QString() : QStringLiteral("\n") + reason);
    case Qt::FontRole:
        if (f.verdict == Verdict::Differ) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::BackgroundRole:
        // A tint besides the symbol and the word, never instead of them.
        switch (f.verdict) {
        case Verdict::Differ:
            return QBrush(QColor(255, 214, 204));
        case Verdict::Known:
            return QBrush(QColor(255, 240, 200));
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (f.verdict == Verdict::Differ || f.verdict == Verdict::Known)
            return QBrush(QColor(0, 0, 0));
        return {};
    case VerdictRole:
        return static_cast<int>(f.verdict);
    default:
        return {};
    }
}

QVariant RealCompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case VerdictColumn:
        return tr("Verdict");
    case SubjectColumn:
        return tr("Where");
    case FactColumn:
        return tr("Fact");
    case SimulatedColumn:
        return tr("Simulated");
    case RealColumn:
        //: The column of the values real Kafka was observed with; %1 is a version such as 4.4.0.
        return tr("Kafka %1").arg(QString::fromStdString(m_comparison.kafkaVersion));
    case ReasonColumn:
        return tr("Why");
    default:
        return {};
    }
}

QString RealCompareModel::verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Agree:
        return QStringLiteral("\u2713 ") + tr("agree");
    case Verdict::Differ:
        return QStringLiteral("\u2260 ") + tr("differs");
    case Verdict::Known:
        //: A difference listed as known in docs/real-kafka.md, with its reason.
        return QStringLiteral("\u2248 ") + tr("known");
    case Verdict::NotCompared:
        return QStringLiteral("\u2013 ") + tr("not compared");
    }
    return {};
}

QString RealCompareModel::factName(const std::string& fact)
{
    if (fact == "leader")
        return tr("leader");
    if (fact == "leader_epoch")
        return tr("leader epoch");
    if (fact == "isr")
        return tr("ISR");
    if (fact == "elr")
        return tr("ELR");
    if (fact == "last_known_elr")
        return tr("last known ELR");
    if (fact == "leo")
        return tr("LEO");
    if (fact == "hw")
        return tr("HW");
    if (fact == "records")
        return tr("records");
    if (fact == "lost_records")
        return tr("lost records");
    if (fact == "checkpoint")
        return tr("checkpoint");
    // A fact a later differential adds: its JSON name, untranslated, rather than nothing.
    return QString::fromStdString(fact);
}

QString RealCompareModel::subjectText(const std::string& subject)
{
    const QString text = QString::fromStdString(subject);
    static const QRegularExpression replica(QStringLiteral("^(.+) replica (\\d+)$"));
    if (const QRegularExpressionMatch match = replica.match(text); match.hasMatch())
        //: A replica in View > Compare with real Kafka: "orders-0 replica 2" (the partition, the broker).
        return tr("%1 replica %2").arg(match.captured(1), match.captured(2));
    if (text.startsWith(QLatin1String("producer ")))
        return tr("producer %1").arg(text.mid(9));
    if (text == QLatin1String("checkpoint"))
        return tr("checkpoint");
    return text;
}

QString RealCompareModel::factLine(const FactComparison& fact)
{
    //: One fact of View > Compare with real Kafka: the verdict, where, the fact, the simulated value
    //: and the value real Kafka was observed with: "≠ differs: orders-0 ISR: [1,2] simulated, [1,2,3] on Kafka".
    return tr("%1: %2 %3: %4 simulated, %5 on Kafka")
        .arg(verdictText(fact.verdict), subjectText(fact.subject), factName(fact.fact),
            QString::fromStdString(fact.simulated), QString::fromStdString(fact.real));
}

QString RealCompareModel::countsText(const std::vector<FactComparison>& facts)
{
    int agree = 0;
    int differ = 0;
    int known = 0;
    int notCompared = 0;
    for (const FactComparison& f : facts) {
        switch (f.verdict) {
        case Verdict::Agree:
            ++agree;
            break;
        case Verdict::Differ:
            ++differ;
            break;
        case Verdict::Known:
            ++known;
            break;
        case Verdict::NotCompared:
            ++notCompared;
            break;
        }
    }
    //: The counts of View > Compare with real Kafka's verdicts: "agree 12 · differ 1 · known 2 · not compared 0".
    return tr("agree %1 \u00B7 differ %2 \u00B7 known %3 \u00B7 not compared %4")
        .arg(agree)
        .arg(differ)
        .arg(known)
        .arg(notCompared);
}

QString RealCompareModel::totalText() const
{
    std::vector<FactComparison> all;
    for (const auto& checkpoint : m_comparison.checkpoints)
        all.insert(all.end(), checkpoint.facts.begin(), checkpoint.facts.end());
    return countsText(all);
}

QString RealCompareModel::knownReason(const std::string& id, const std::string& fallback)
{
    // The reasons of realkafka/known_differences.cpp, in the same English (a test keeps them equal), so
    // that a Chinese window says them in Chinese. An id several entries share has one reason.
    static const struct {
        const char* idPrefix;
        const char* reason;
    } reasons[] = {
        { "elr-checkpoint-11-preferred-leader-rebalance",
            QT_TR_NOOP("Kafka's controller moved leadership back to the preferred replica, broker 1: after a leader "
                       "change it checks every leader.imbalance.check.interval.seconds (300 s; QuorumController."
                       "maybeScheduleNextBalancePartitionLeaders, auto.leader.rebalance.enable) and elects the "
                       "preferred replica once it is in the ISR. The scenario reaches checkpoint 11 after 127 "
                       "simulated seconds; the real run after 370 wall-clock seconds (five-broker start, eleven "
                       "restarts that each wait until the broker is unfenced, the checkpoints' log reads), so the "
                       "check comes first on the real side only") },
        { "acks-min-insync-",
            QT_TR_NOOP("Brokers 2 and 3 are killed a few milliseconds apart. The controller fences each broker."
                       "session.timeout.ms after its last heartbeat (every broker.heartbeat.interval.ms, 2 s, each "
                       "broker at its own phase; BrokerHeartbeatManager fences the stalest first), and only the "
                       "second fence takes the ISR below min.insync.replicas, so the broker fenced second is the one "
                       "kept in the ELR. Which one that is depends on the brokers' heartbeat phases: two Kafka 4.4.0 "
                       "runs gave [3] and [2]; the model's brokers heartbeat in step, so broker 2, killed first, is "
                       "always fenced first") },
    };
    for (const auto& known : reasons) {
        if (id.rfind(known.idPrefix, 0) == 0)
            return tr(known.reason);
    }
    return QString::fromStdString(fallback);
}

QString RealCompareModel::reasonText(const FactComparison& fact, const hw::realkafka::CheckpointComparison& checkpoint,
    const std::string& kafkaVersion)
{
    using hw::realkafka::ReasonId;
    const QString version = QString::fromStdString(kafkaVersion);
    if (!fact.knownId.empty())
        //: A known difference of View > Compare with real Kafka: its id, then its reason.
        return tr("%1: %2").arg(QString::fromStdString(fact.knownId), knownReason(fact.knownId, fact.reason));
    switch (fact.reasonId) {
    case ReasonId::None:
    case ReasonId::Known:
        break;
    case ReasonId::Pending:
        //: %1 is the scenario's own words for why its checkpoint is not quiescent (its "pending" text).
        return tr("the checkpoint is pending: %1").arg(QString::fromStdString(checkpoint.pending));
    case ReasonId::LogNotRead:
        return tr("the observer did not read this log (a pending checkpoint is read without the logs)");
    case ReasonId::StoppedReplicaHw:
        return tr("broker %1 is down on both sides: Kafka %2 reads a stopped replica's HW from its checkpoint file, "
                  "written every replica.high.watermark.checkpoint.interval.ms (5 s), so it is a timing, not a fact")
            .arg(fact.reasonNumber)
            .arg(version);
    case ReasonId::NoBrokerRunning:
        return tr("no broker is running, so none can be asked for the partition's metadata (the observer read the "
                  "logs from the files only)");
    case ReasonId::ElrNotReported:
        return tr("Kafka %1 does not report the ELR (DescribeTopicPartitions, Kafka 3.8+)").arg(version);
    case ReasonId::LastKnownElrNotReported:
        return tr("Kafka %1 does not report the last known ELR (DescribeTopicPartitions, Kafka 3.8+)").arg(version);
    case ReasonId::LogsDifferFrom:
        return tr("the logs differ from offset %1").arg(fact.reasonNumber);
    case ReasonId::OnlySimulated:
    case ReasonId::OnlyReal:
        return notComparedText(checkpoint);
    }
    // A fact whose reason has no id (one built by hand, or by a later library): its English as it is.
    return QString::fromStdString(fact.reason);
}

QString RealCompareModel::notComparedText(const hw::realkafka::CheckpointComparison& checkpoint)
{
    using hw::realkafka::ReasonId;
    const QString label = QString::fromStdString(checkpoint.label);
    switch (checkpoint.notComparedId) {
    case ReasonId::Pending:
        //: Why a checkpoint is not compared; %1 is the scenario's own words for what is still pending.
        return tr("pending: %1").arg(QString::fromStdString(checkpoint.pending));
    case ReasonId::OnlySimulated:
        return tr("only in the simulation: the real run has no checkpoint \"%1\"").arg(label);
    case ReasonId::OnlyReal:
        return tr("only in the real run: the simulation has no checkpoint \"%1\"").arg(label);
    default:
        return QString::fromStdString(checkpoint.notComparedWhy);
    }
}

QString RealCompareModel::observedLabel(const std::string& kafkaVersion)
{
    //: Over the view of the real run; %1 is Kafka's full version, such as 4.4.0.
    return tr("Apache Kafka %1, observed").arg(QString::fromStdString(kafkaVersion));
}

QList<DifferenceMark> RealCompareModel::marks(const hw::ClusterState& state) const
{
    using Where = DifferenceMark::Where;
    // The texts that show each value, as View > Compare versions marks them (CompareController::marks):
    // the partition view's heading lines and the rows' badges and tags.
    static const QStringList leaderRoles { QStringLiteral("leader"), QStringLiteral("name"),
        QStringLiteral("badge:leader"), QStringLiteral("badge:follower") };
    static const QStringList isrRoles { QStringLiteral("isr"), QStringLiteral("elr"), QStringLiteral("name"),
        QStringLiteral("badge:isr"), QStringLiteral("badge:osr"), QStringLiteral("badge:elr") };
    static const QRegularExpression replica(QStringLiteral("^(.+) replica (\\d+)$"));
    QList<DifferenceMark> out;
    if (m_checkpoint < 0)
        return out;
    for (const FactComparison& f : m_comparison.checkpoints[static_cast<std::size_t>(m_checkpoint)].facts) {
        if (f.verdict != Verdict::Differ && f.verdict != Verdict::Known)
            continue;
        std::string partitionName = f.subject;
        std::int32_t broker = 0;
        if (const QRegularExpressionMatch match = replica.match(QString::fromStdString(f.subject)); match.hasMatch()) {
            partitionName = match.captured(1).toStdString();
            broker = match.captured(2).toInt();
        }
        std::int32_t partition = -1;
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
            if (state.partitionName(p) == partitionName)
                partition = p;
        }
        if (partition < 0)
            continue; // a producer or a checkpoint only one side has: the list names it
        DifferenceMark mark;
        mark.partition = partition;
        mark.broker = broker;
        mark.text = factLine(f);
        if (f.fact == "leader" || f.fact == "leader_epoch") {
            mark.where = Where::Partition;
            mark.roles = leaderRoles;
        } else if (f.fact == "isr" || f.fact == "elr" || f.fact == "last_known_elr") {
            mark.where = Where::Partition;
            mark.roles = isrRoles;
        } else if (f.fact == "leo" && broker > 0) {
            mark.where = Where::Replica;
            mark.roles = { QStringLiteral("leo") };
        } else if (f.fact == "hw") {
            mark.where = broker > 0 ? Where::Replica : Where::PartitionHw;
            mark.roles = { QStringLiteral("partition-hw"), QStringLiteral("hw") };
        } else if (f.fact == "records" && broker > 0) {
            mark.where = Where::Replica; // no role: the whole row, its cells are what differs
        } else if (f.fact == "lost_records") {
            mark.where = Where::Lost;
        } else {
            continue;
        }
        out.append(mark);
    }
    return out;
}

} // namespace hw::ui
