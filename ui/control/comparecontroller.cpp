// SPDX-License-Identifier: MIT
#include "control/comparecontroller.h"

#include "control/session.h"
#include "model/cluster_state.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <algorithm>
#include <cmath>

namespace hw::ui {

CompareController::CompareController(QObject* parent)
    : QObject(parent), m_runs { new SimController(this), new SimController(this) }
{
    connect(m_runs[Top], &SimController::changed, this, &CompareController::follow);
}

CompareController::~CompareController() = default;

QString CompareController::open(
    const hw::Scenario& scenario, const QString& source, hw::KafkaVersion top, hw::KafkaVersion bottom)
{
    std::array<hw::Scenario, 2> scenarios;
    const std::array<hw::KafkaVersion, 2> versions { top, bottom };
    for (int side : { Top, Bottom }) {
        // Read again under the version: the version's defaults apply before the file's config, so a
        // config the file sets to what is one version's default stays set under the other.
        auto loaded = hw::loadScenario(source.toStdString(), versions[side]);
        if (std::holds_alternative<hw::ScenarioError>(loaded))
            loaded = hw::parseScenario(hw::scenarioToJson(scenario), scenario.file, versions[side]);
        if (const auto* error = std::get_if<hw::ScenarioError>(&loaded))
            return QString::fromStdString(error->toString());
        scenarios[side] = std::get<hw::Scenario>(std::move(loaded));
    }
    return openScenarios(scenarios[Top], scenarios[Bottom]);
}

QString CompareController::openScenarios(const hw::Scenario& top, const hw::Scenario& bottom)
{
    const QString source = QString::fromStdString(top.file);
    // The bottom run first: the top one's change signal makes the bottom follow.
    if (const QString error = m_runs[Bottom]->openParsedScenario(bottom, source); !error.isEmpty())
        return error;
    return m_runs[Top]->openParsedScenario(top, source);
}

hw::KafkaVersion CompareController::version(Side side) const
{
    return m_runs[side]->scenario().cluster.config.kafkaVersion;
}

QString CompareController::versionLabel(Side side) const
{
    const std::string_view name = hw::kafkaVersionName(version(side));
    //: Over each view of View > Compare versions; %1 is a version such as 3.7.
    return tr("Kafka %1").arg(QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size())));
}

double CompareController::displayTimeMs(Side side) const
{
    if (side == Top || m_match != Match::Time)
        return m_runs[side]->displayTimeMs();
    // Between two top frames while playing, the bottom's messages move on with the top's time: its
    // next frame comes after that time, or it would be shown.
    return std::max(m_runs[Top]->displayTimeMs(), m_runs[Bottom]->displayTimeMs());
}

std::int64_t CompareController::frameAtTime(const hw::Timeline& timeline, double timeMs, std::int64_t rank)
{
    if (static_cast<double>(timeline.frame(0).timeMs) > timeMs)
        return 0; // every frame is later: the first
    const std::int64_t last = SimController::lastFrameAtOrBefore(timeline, timeMs);
    if (rank < 0 || static_cast<double>(timeline.frame(last).timeMs) != timeMs)
        return last;
    std::int64_t first = last;
    while (first > 0 && timeline.frame(first - 1).timeMs == timeline.frame(last).timeMs)
        --first;
    return std::min(first + rank, last);
}

std::optional<std::int64_t> CompareController::checkpointFrame(
    const hw::Timeline& timeline, const std::string& label, std::int64_t occurrence)
{
    std::int64_t seen = 0;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const std::int32_t l = timeline.frame(f).label;
        if (l >= 0 && timeline.labels()[static_cast<std::size_t>(l)] == label && seen++ == occurrence)
            return f;
    }
    return std::nullopt;
}

std::int64_t CompareController::matchFrame(
    const hw::Timeline& top, std::int64_t topFrame, double topTimeMs, const hw::Timeline& bottom, Match* how)
{
    Match found = Match::Time;
    const hw::FrameInfo& info = top.frame(topFrame);
    if (info.label >= 0 && static_cast<double>(info.timeMs) == topTimeMs) {
        const std::string& label = top.labels()[static_cast<std::size_t>(info.label)];
        std::int64_t occurrence = 0;
        for (std::int64_t f = 0; f < topFrame; ++f) {
            const std::int32_t l = top.frame(f).label;
            if (l >= 0 && top.labels()[static_cast<std::size_t>(l)] == label)
                ++occurrence;
        }
        if (const std::optional<std::int64_t> frame = checkpointFrame(bottom, label, occurrence)) {
            if (how)
                *how = Match::Checkpoint;
            return *frame;
        }
        found = Match::CheckpointMissing;
    }
    if (how)
        *how = found;
    // Shown at its own time, the top frame is the k-th of those at that time; played on past it, it
    // stands for the time, and the bottom shows its last frame at or before.
    std::int64_t rank = -1;
    if (static_cast<double>(info.timeMs) == topTimeMs) {
        rank = 0;
        while (topFrame - rank > 0 && top.frame(topFrame - rank - 1).timeMs == info.timeMs)
            ++rank;
    }
    return frameAtTime(bottom, topTimeMs, rank);
}

void CompareController::follow(SimController::Changes what)
{
    SimController* top = m_runs[Top];
    SimController* bottom = m_runs[Bottom];
    if (what & (SimController::FrameChanged | SimController::TimeChanged | SimController::ScenarioChanged)) {
        const std::int64_t frame
            = matchFrame(top->timeline(), top->currentFrame(), top->displayTimeMs(), bottom->timeline(), &m_match);
        if (frame != bottom->currentFrame() || (what & SimController::ScenarioChanged))
            bottom->setCurrentFrame(frame);
        m_differences = hw::diffStates(top->state(), bottom->state());
    }
    emit changed(what);
}

QString CompareController::matchRuleText()
{
    return tr("The top run leads; the bottom one follows it. At a checkpoint the bottom shows its frame with the "
              "same checkpoint label; elsewhere it shows its last frame at or before the same simulated time.");
}

QString CompareController::matchText() const
{
    const SimController* top = m_runs[Top];
    const SimController* bottom = m_runs[Bottom];
    const hw::Timeline& timeline = top->timeline();
    const std::int32_t label = timeline.frame(top->currentFrame()).label;
    const QString name
        = label >= 0 ? QString::fromStdString(timeline.labels()[static_cast<std::size_t>(label)]) : QString();
    switch (m_match) {
    case Match::Checkpoint:
        return tr("Matched by checkpoint \u25C6%1: frame %2 above, frame %3 below")
            .arg(name)
            .arg(top->currentFrame())
            .arg(bottom->currentFrame());
    case Match::CheckpointMissing:
        return tr("The bottom run has no checkpoint \u25C6%1: matched by time, %2 ms (frame %3 below)")
            .arg(name)
            .arg(static_cast<qint64>(std::floor(top->displayTimeMs())))
            .arg(bottom->currentFrame());
    case Match::Time:
        break;
    }
    return tr("Matched by time: %1 ms, the last frame at or before it below (frame %2)")
        .arg(static_cast<qint64>(std::floor(top->displayTimeMs())))
        .arg(bottom->currentFrame());
}

QString CompareController::differenceText(const hw::StateDifference& d) const
{
    using Field = hw::StateDifference::Field;
    const hw::ClusterState& state = m_runs[Top]->state();
    const QString a = QString::fromStdString(d.a);
    const QString b = QString::fromStdString(d.b);
    const QString partition = d.partition >= 0 && d.partition < static_cast<std::int32_t>(state.partitions.size())
        ? QString::fromStdString(state.partitionName(d.partition))
        : QString();
    QString what;
    switch (d.field) {
    case Field::Leader:
        what = tr("leader");
        break;
    case Field::Isr:
        what = tr("ISR");
        break;
    case Field::Elr:
        what = tr("ELR");
        break;
    case Field::LastKnownElr:
        what = tr("last known ELR");
        break;
    case Field::LeaderRecoveryState:
        what = tr("leader recovery state");
        break;
    case Field::HighWatermark:
        what = tr("HW");
        break;
    case Field::LogEnd:
        what = tr("LEO");
        break;
    case Field::LostRecords:
        what = tr("lost records");
        break;
    case Field::ProduceResults:
        what = tr("produce results");
        break;
    case Field::BrokerState:
        //: A difference of View > Compare versions: "broker 2: online vs fenced".
        return tr("broker %1: %2 vs %3").arg(d.broker).arg(a, b);
    case Field::Replicas:
        what = tr("replicas");
        break;
    case Field::Topology:
        //: A difference of View > Compare versions: a broker, partition or producer only one run has.
        what = tr("only in one run");
        break;
    }
    QString where = partition;
    if (d.broker > 0 && (d.field == Field::LogEnd || d.field == Field::HighWatermark))
        //: The replica of a partition on a broker, in View > Compare versions: "orders-0 on broker 2".
        where = tr("%1 on broker %2").arg(partition).arg(d.broker);
    if (where.isEmpty())
        //: A difference of View > Compare versions that is not of one partition: "produce results: 3 vs 2".
        return tr("%1: %2 vs %3").arg(what, a, b);
    //: A difference of View > Compare versions: "orders-0 leader: 2 vs -" (the top run's value first).
    return tr("%1 %2: %3 vs %4").arg(where, what, a, b);
}

QList<DifferenceMark> CompareController::marks() const
{
    using Field = hw::StateDifference::Field;
    using Where = DifferenceMark::Where;
    // The roles of the texts that show each value: the partition view's heading lines ("leader",
    // "isr") and the rows' badges and tags ("badge:leader", "hw", "leo"), so that the same mark finds
    // its text in both layouts.
    static const QStringList leaderRoles { QStringLiteral("leader"), QStringLiteral("name"),
        QStringLiteral("badge:leader"), QStringLiteral("badge:follower") };
    static const QStringList isrRoles { QStringLiteral("isr"), QStringLiteral("elr"), QStringLiteral("name"),
        QStringLiteral("badge:isr"), QStringLiteral("badge:osr"), QStringLiteral("badge:elr") };
    QList<DifferenceMark> out;
    for (const hw::StateDifference& d : m_differences) {
        DifferenceMark mark;
        mark.partition = d.partition;
        mark.broker = d.broker;
        mark.text = differenceText(d);
        switch (d.field) {
        case Field::Leader:
        case Field::LeaderRecoveryState:
            mark.where = Where::Partition;
            mark.roles = leaderRoles;
            break;
        case Field::Isr:
        case Field::Elr:
        case Field::LastKnownElr:
            mark.where = Where::Partition;
            mark.roles = isrRoles;
            break;
        case Field::HighWatermark:
            mark.where = d.broker > 0 ? Where::Replica : Where::PartitionHw;
            mark.roles = { QStringLiteral("partition-hw"), QStringLiteral("hw") };
            break;
        case Field::LogEnd:
            mark.where = Where::Replica;
            mark.roles = { QStringLiteral("leo") };
            break;
        case Field::LostRecords:
            mark.where = Where::Lost;
            break;
        case Field::ProduceResults:
            mark.where = Where::Producers;
            break;
        case Field::BrokerState:
            mark.where = Where::Broker;
            mark.roles = { QStringLiteral("name"), QStringLiteral("badge:state") };
            break;
        case Field::Replicas:
            mark.where = Where::Partition;
            mark.roles = isrRoles;
            break;
        case Field::Topology:
            // Something only one run has is not drawn in the other: the list names it.
            continue;
        }
        out.append(mark);
    }
    return out;
}

} // namespace hw::ui
