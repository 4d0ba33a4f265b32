// SPDX-License-Identifier: MIT
#include "control/useraction.h"

#include "model/limits.h"

#include <QCoreApplication>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(UserAction)
};

QString partitionName(const hw::ClusterState& state, std::int32_t partition)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(state.partitions.size()))
        return Text::tr("a partition");
    return QString::fromStdString(state.partitionName(partition));
}

/// The engine action a step starts with, when it has one.
std::optional<hw::Action> firstAction(const UserAction& action)
{
    return std::visit(
        [](const auto& step) -> std::optional<hw::Action> {
            using T = std::decay_t<decltype(step)>;
            if constexpr (
                std::is_same_v<T,
                    hw::ProduceStep> || std::is_same_v<T, hw::SlowStep> || std::is_same_v<T, hw::ConsumerStep>)
                return hw::Action(step.action);
            else if constexpr (std::is_same_v<T, hw::FaultStep>)
                return step.action;
            else if constexpr (std::is_same_v<T, hw::LiveStep> || std::is_same_v<T, hw::CreateTopicStep>)
                return hw::Action(step.action);
            else if constexpr (std::is_same_v<T, hw::ConfigStep>)
                return step.changes.empty() ? std::nullopt : std::optional<hw::Action>(step.changes.front());
            else
                return std::nullopt;
        },
        action);
}

const hw::Replica* replicaOf(const hw::ClusterState& state, std::int32_t partition, hw::BrokerId broker)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(state.partitions.size()))
        return nullptr;
    for (const hw::Replica& r : state.partitions[static_cast<std::size_t>(partition)].replicas) {
        if (r.broker == broker)
            return &r;
    }
    return nullptr;
}

bool validBroker(const hw::ClusterState& state, hw::BrokerId broker)
{
    return broker >= 1 && broker <= static_cast<hw::BrokerId>(state.brokers.size());
}

/// The engine's refusal of a broker action, in words (BrokerLifecycle::brokerAction's checks, in order).
QString brokerReason(const hw::ClusterState& state, const hw::BrokerAction& a)
{
    if (!validBroker(state, a.broker))
        return QString();
    const hw::Broker& b = state.broker(a.broker);
    switch (a.kind) {
    case hw::BrokerAction::Kind::Kill:
    case hw::BrokerAction::Kind::PowerOff:
        return b.alive ? QString() : Text::tr("broker %1 is already down").arg(a.broker);
    case hw::BrokerAction::Kind::Shutdown:
        if (!b.alive)
            return Text::tr("broker %1 is down").arg(a.broker);
        return b.shuttingDown ? Text::tr("broker %1 is already shutting down").arg(a.broker) : QString();
    case hw::BrokerAction::Kind::Isolate:
        if (!b.alive)
            return Text::tr("broker %1 is down").arg(a.broker);
        return b.isolated ? Text::tr("broker %1 is already isolated").arg(a.broker) : QString();
    case hw::BrokerAction::Kind::Heal:
        return b.isolated ? QString() : Text::tr("broker %1 is not isolated").arg(a.broker);
    case hw::BrokerAction::Kind::Restart:
        return b.alive ? Text::tr("broker %1 is running").arg(a.broker) : QString();
    }
    return QString();
}

/// The engine's refusal of a leader kill or an election, in words (BrokerLifecycle::killLeader,
/// ReplicationControl::electLeaders).
QString partitionReason(const hw::ClusterState& state, const hw::Action& action)
{
    auto partitionOf = [](const hw::Action& a) -> std::int32_t {
        if (const auto* kill = std::get_if<hw::KillLeaderAction>(&a))
            return kill->partition;
        if (const auto* preferred = std::get_if<hw::ElectPreferredAction>(&a))
            return preferred->partition;
        if (const auto* unclean = std::get_if<hw::ElectUncleanAction>(&a))
            return unclean->partition;
        return -1;
    };
    const std::int32_t partition = partitionOf(action);
    if (partition < 0 || partition >= static_cast<std::int32_t>(state.partitions.size()))
        return QString();
    const hw::PartitionRegistration& reg = state.partitions[static_cast<std::size_t>(partition)].registration;
    const QString name = partitionName(state, partition);
    if (std::holds_alternative<hw::KillLeaderAction>(action)) {
        if (reg.leader == hw::noLeader)
            return Text::tr("%1 has no leader").arg(name);
        return brokerReason(state, hw::BrokerAction { hw::BrokerAction::Kind::Kill, reg.leader, 0 });
    }
    if (std::holds_alternative<hw::ElectPreferredAction>(action)) {
        const hw::BrokerId preferred = reg.replicas.empty() ? hw::noLeader : reg.replicas.front();
        if (reg.leader == preferred)
            return Text::tr("broker %1, the preferred leader, already leads %2").arg(preferred).arg(name);
        if (std::find(reg.isr.begin(), reg.isr.end(), preferred) == reg.isr.end())
            return Text::tr("the preferred leader, broker %1, is not in the ISR").arg(preferred);
        return Text::tr("the preferred leader, broker %1, is fenced").arg(preferred);
    }
    if (reg.leader != hw::noLeader)
        return Text::tr("%1 has a leader, broker %2").arg(name).arg(reg.leader);
    return Text::tr("no replica of %1 can lead: each is fenced, shutting down or not registered").arg(name);
}

/// The engine's refusal of a follower's fetch round, in words (ReplicaFetcher::startFetch).
QString fetchReason(const hw::ClusterState& state, const hw::FetchAction& a)
{
    const hw::Replica* replica = replicaOf(state, a.partition, a.follower);
    if (!replica)
        return QString();
    const QString name = partitionName(state, a.partition);
    if (replica->isLeader())
        return Text::tr("broker %1 leads %2; only followers fetch").arg(a.follower).arg(name);
    if (replica->knownLeader == hw::noLeader)
        return Text::tr("%1 has no leader to fetch from").arg(name);
    if (!state.broker(a.follower).alive)
        return Text::tr("broker %1 is down").arg(a.follower);
    if (replica->fetchOutstanding)
        return Text::tr("broker %1 already has a fetch in flight").arg(a.follower);
    return QString();
}

/// The engine's refusal of a consumer action, in words (ConsumerClient::consumerAction's checks).
QString consumerReason(const hw::ClusterState& state, const hw::ConsumerAction& a)
{
    if (a.kind == hw::ConsumerAction::Kind::Add) {
        if (state.consumers.size() >= static_cast<std::size_t>(hw::limits::consumersMax))
            return Text::tr("the cluster already has %1 consumers, the most it can have").arg(hw::limits::consumersMax);
        return QString();
    }
    if (a.consumer < 0 || a.consumer >= static_cast<std::int32_t>(state.consumers.size()))
        return QString();
    const hw::Consumer& c = state.consumers[static_cast<std::size_t>(a.consumer)];
    const QString id = QString::fromStdString(c.id);
    const bool running = c.phase != hw::MemberPhase::Stopped && c.phase != hw::MemberPhase::Crashed;
    if (a.kind == hw::ConsumerAction::Kind::Join)
        return running ? Text::tr("%1 is already running").arg(id) : QString();
    if (!running)
        return Text::tr("%1 is not running").arg(id);
    if (a.kind == hw::ConsumerAction::Kind::Poll && c.autoPoll)
        return Text::tr("%1 polls on its own (auto.poll is on)").arg(id);
    if (a.kind == hw::ConsumerAction::Kind::Commit) {
        if (c.group < 0)
            return Text::tr("%1 has no group to commit to").arg(id);
        if (c.coordinator == hw::noLeader)
            return Text::tr("%1 has not found its coordinator yet").arg(id);
        return Text::tr("%1 has no positions to commit yet").arg(id);
    }
    return QString();
}

} // namespace

QString unavailableReason(const hw::ClusterState& state, const UserAction& action)
{
    // An observed frame is a real cluster's poll (issue 29): HighWater only watches it, and no action of
    // the simulation applies to it.
    if (state.observed)
        return Text::tr("observing a real cluster: read-only");
    const std::string refusal = checkUserAction(state, action);
    if (refusal.empty())
        return QString();
    QString reason;
    if (const auto* fetch = std::get_if<hw::FetchStep>(&action)) {
        reason = fetchReason(state, fetch->action);
    } else if (const auto* consumer = std::get_if<hw::ConsumerStep>(&action)) {
        reason = consumerReason(state, consumer->action);
    } else if (const auto* fault = std::get_if<hw::FaultStep>(&action)) {
        if (const auto* b = std::get_if<hw::BrokerAction>(&fault->action))
            reason = brokerReason(state, *b);
        else
            reason = partitionReason(state, fault->action);
    }
    // A reason the engine gives that has no words here (a configuration value it refuses, a limit)
    // is shown as the engine says it, rather than not at all.
    return reason.isEmpty() ? QString::fromStdString(refusal) : reason;
}

std::string runUserAction(hw::Timeline& timeline, const UserAction& action)
{
    // The same dispatch as hw::runScenario's, step for step, so that a GUI action and the scenario step
    // it records as do the same thing.
    return std::visit(
        [&](const auto& step) -> std::string {
            using T = std::decay_t<decltype(step)>;
            if constexpr (std::is_same_v<T, hw::ProduceStep>) {
                return step.wait ? hw::runProduce(timeline, step.action) : timeline.apply(step.action).error;
            } else if constexpr (std::is_same_v<T, hw::FetchStep>) {
                return step.wait ? hw::runFetchRound(timeline, step.action, step.until)
                                 : timeline.apply(step.action).error;
            } else if constexpr (std::is_same_v<T, hw::RunStep>) {
                for (std::int64_t n = 0; n < step.events && timeline.hasQueuedEvents(); ++n)
                    timeline.step();
                return {};
            } else if constexpr (std::is_same_v<T, hw::ClockStep>) {
                return timeline.apply(hw::AdvanceAction { step.toMs }).error;
            } else if constexpr (std::is_same_v<T, hw::LiveStep>) {
                return timeline.apply(step.action).error;
            } else if constexpr (std::is_same_v<T, hw::ConsumerStep>) {
                if (step.action.kind == hw::ConsumerAction::Kind::Poll && step.wait)
                    return hw::runPoll(timeline, step.action);
                return timeline.apply(step.action).error;
            } else if constexpr (std::is_same_v<T, hw::RebalanceStep>) {
                return hw::runRebalance(timeline, step.group);
            } else if constexpr (std::is_same_v<T, hw::SettleStep>) {
                return hw::runSettle(timeline);
            } else if constexpr (std::is_same_v<T, hw::AdvanceStep>) {
                return hw::runAdvance(timeline, step.ms);
            } else if constexpr (std::is_same_v<T, hw::SlowStep>) {
                return timeline.apply(step.action).error;
            } else if constexpr (std::is_same_v<T, hw::ConfigStep>) {
                for (const hw::ConfigAction& change : step.changes) {
                    if (std::string error = timeline.apply(change).error; !error.empty())
                        return error;
                }
                return {};
            } else if constexpr (std::is_same_v<T, hw::FaultStep>) {
                return step.wait ? hw::runFault(timeline, step.action) : timeline.apply(step.action).error;
            } else if constexpr (std::is_same_v<T, hw::CreateTopicStep>) {
                return timeline.apply(step.action).error;
            } else {
                // Checkpoints and notes only label frames; the GUI does not offer them as actions.
                return "this step is not an action";
            }
        },
        action);
}

std::string checkUserAction(const hw::ClusterState& state, const UserAction& action)
{
    if (state.observed)
        return "observing a real cluster: read-only";
    if (std::holds_alternative<hw::CheckpointStep>(action) || std::holds_alternative<hw::NoteStep>(action))
        return "this step is not an action";
    if (const auto* fetch = std::get_if<hw::FetchStep>(&action)) {
        hw::Engine engine(state);
        return engine.apply(fetch->action).error;
    }
    const std::optional<hw::Action> first = firstAction(action);
    if (!first)
        return {};
    hw::Engine engine(state);
    return engine.apply(*first).error;
}

QString userActionText(const UserAction& action, const hw::ClusterState& state)
{
    return std::visit(
        [&](const auto& step) -> QString {
            using T = std::decay_t<decltype(step)>;
            if constexpr (std::is_same_v<T, hw::ProduceStep>) {
                const hw::ProduceAction& a = step.action;
                const QString producer
                    = a.producer >= 0 && a.producer < static_cast<std::int32_t>(state.producers.size())
                    ? QString::fromStdString(state.producers[static_cast<std::size_t>(a.producer)].id)
                    : Text::tr("?");
                const QString topic = a.topic >= 0 && a.topic < static_cast<std::int32_t>(state.topics.size())
                    ? QString::fromStdString(state.topics[static_cast<std::size_t>(a.topic)].name)
                    : Text::tr("?");
                const QString value = a.values.empty() ? QString() : QString::fromStdString(a.values.front());
                if (a.partition >= 0)
                    return Text::tr("Produce \"%1\" to %2-%3 (%4)").arg(value, topic).arg(a.partition).arg(producer);
                return Text::tr("Produce \"%1\" to %2 (%3)").arg(value, topic, producer);
            } else if constexpr (std::is_same_v<T, hw::FetchStep>) {
                return Text::tr("Fetch round of broker %1 for %2")
                    .arg(step.action.follower)
                    .arg(partitionName(state, step.action.partition));
            } else if constexpr (std::is_same_v<T, hw::SettleStep>) {
                return Text::tr("Let the followers catch up");
            } else if constexpr (std::is_same_v<T, hw::RunStep>) {
                return Text::tr("Run %n event(s)", nullptr, static_cast<int>(step.events));
            } else if constexpr (std::is_same_v<T, hw::ClockStep>) {
                return Text::tr("Move the clock to %1 ms").arg(step.toMs);
            } else if constexpr (std::is_same_v<T, hw::LiveStep>) {
                switch (step.action.kind) {
                case hw::LiveClientAction::Kind::Connect:
                    return Text::tr("A real client connects to broker %1").arg(step.action.broker);
                case hw::LiveClientAction::Kind::Disconnect:
                    return Text::tr("Real client %1 disconnects").arg(step.action.client);
                case hw::LiveClientAction::Kind::Request:
                    break;
                }
                const std::string_view name
                    = hw::liveRequestName(static_cast<std::int32_t>(step.action.request.index()));
                return Text::tr("Real client %1 sends a %2 request")
                    .arg(step.action.client)
                    .arg(QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size())));
            } else if constexpr (std::is_same_v<T, hw::RebalanceStep>) {
                const QString group = step.group >= 0 && step.group < static_cast<std::int32_t>(state.groups.size())
                    ? QString::fromStdString(state.groups[static_cast<std::size_t>(step.group)].id)
                    : Text::tr("?");
                return Text::tr("Let group %1 rebalance").arg(group);
            } else if constexpr (std::is_same_v<T, hw::ConsumerStep>) {
                const hw::ConsumerAction& a = step.action;
                const QString consumer
                    = a.consumer >= 0 && a.consumer < static_cast<std::int32_t>(state.consumers.size())
                    ? QString::fromStdString(state.consumers[static_cast<std::size_t>(a.consumer)].id)
                    : Text::tr("?");
                switch (a.kind) {
                case hw::ConsumerAction::Kind::Join:
                    return Text::tr("Start consumer %1 (join its group)").arg(consumer);
                case hw::ConsumerAction::Kind::Leave:
                    return Text::tr("Remove consumer %1 from its group").arg(consumer);
                case hw::ConsumerAction::Kind::Crash:
                    return Text::tr("Crash consumer %1").arg(consumer);
                case hw::ConsumerAction::Kind::Poll:
                    return Text::tr("Poll consumer %1").arg(consumer);
                case hw::ConsumerAction::Kind::Commit:
                    return Text::tr("Commit consumer %1's positions").arg(consumer);
                case hw::ConsumerAction::Kind::Seek:
                    return Text::tr("Seek consumer %1 on %2 to offset %3")
                        .arg(consumer, partitionName(state, a.partition))
                        .arg(a.offset);
                case hw::ConsumerAction::Kind::Add:
                    if (a.spec.group.empty())
                        return Text::tr("Add consumer %1").arg(QString::fromStdString(a.spec.id));
                    return Text::tr("Add consumer %1 to group %2")
                        .arg(QString::fromStdString(a.spec.id), QString::fromStdString(a.spec.group));
                }
                return consumer;
            } else if constexpr (std::is_same_v<T, hw::AdvanceStep>) {
                return Text::tr("Advance the clock %1 ms").arg(step.ms);
            } else if constexpr (std::is_same_v<T, hw::SlowStep>) {
                if (step.action.latencyMs == 0)
                    return Text::tr("Restore broker %1's latency").arg(step.action.broker);
                return Text::tr("Slow broker %1 to %2 ms").arg(step.action.broker).arg(step.action.latencyMs);
            } else if constexpr (std::is_same_v<T, hw::ConfigStep>) {
                QStringList parts;
                for (const hw::ConfigAction& change : step.changes)
                    parts << Text::tr("%1 = %2").arg(QString::fromStdString(change.key),
                        QString::fromStdString(hw::formatConfigValue(change.value)));
                return Text::tr("Set %1").arg(parts.join(QStringLiteral(", ")));
            } else if constexpr (std::is_same_v<T, hw::CreateTopicStep>) {
                return Text::tr("Create topic %1").arg(QString::fromStdString(step.action.topic.name));
            } else if constexpr (std::is_same_v<T, hw::FaultStep>) {
                return std::visit(
                    [&](const auto& a) -> QString {
                        using A = std::decay_t<decltype(a)>;
                        if constexpr (std::is_same_v<A, hw::BrokerAction>) {
                            switch (a.kind) {
                            case hw::BrokerAction::Kind::Kill:
                                return Text::tr("Kill broker %1").arg(a.broker);
                            case hw::BrokerAction::Kind::Restart:
                                if (a.loseUnflushed > 0)
                                    return Text::tr("Restart broker %1, losing %2 unflushed record(s) per log")
                                        .arg(a.broker)
                                        .arg(a.loseUnflushed);
                                return Text::tr("Restart broker %1").arg(a.broker);
                            case hw::BrokerAction::Kind::Shutdown:
                                return Text::tr("Shut down broker %1").arg(a.broker);
                            case hw::BrokerAction::Kind::Isolate:
                                if (!a.retransmit)
                                    return Text::tr("Isolate broker %1, losing what the cut swallows (no TCP "
                                                    "retransmission)")
                                        .arg(a.broker);
                                return Text::tr("Isolate broker %1").arg(a.broker);
                            case hw::BrokerAction::Kind::Heal:
                                return Text::tr("Heal broker %1").arg(a.broker);
                            case hw::BrokerAction::Kind::PowerOff:
                                return Text::tr("Power off broker %1").arg(a.broker);
                            }
                            return QString();
                        } else if constexpr (std::is_same_v<A, hw::KillLeaderAction>) {
                            return Text::tr("Kill the leader of %1").arg(partitionName(state, a.partition));
                        } else if constexpr (std::is_same_v<A, hw::ElectPreferredAction>) {
                            return Text::tr("Elect the preferred leader of %1").arg(partitionName(state, a.partition));
                        } else if constexpr (std::is_same_v<A, hw::ElectUncleanAction>) {
                            return Text::tr("Unclean election for %1 (ElectLeaders)").arg(partitionName(state, a.partition));
                        } else {
                            return Text::tr("Cluster action");
                        }
                    },
                    step.action);
            } else {
                return Text::tr("Scenario step");
            }
        },
        action);
}

} // namespace hw::ui
