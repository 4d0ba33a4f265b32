// SPDX-License-Identifier: MIT
#include "shell/actionmenu.h"

#include "model/limits.h"

#include <QCoreApplication>
#include <QMenu>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ActionMenu)
};

/// Latencies offered in the "Slow" submenu, in ms (0: back to normal).
constexpr std::array<hw::TimeMs, 5> slowChoicesMs = { 50, 200, 500, 2000, 0 };

/// An item that opens something rather than acting on the cluster (a dialog, another view).
void addAction(QMenu* menu, const QString& text, const QString& whyNot, const std::function<void()>& run)
{
    QAction* action = menu->addAction(whyNot.isEmpty() ? text : Text::tr("%1 (not now: %2)").arg(text, whyNot));
    action->setEnabled(whyNot.isEmpty());
    action->setToolTip(whyNot);
    QObject::connect(action, &QAction::triggered, menu, run);
}

/// An item that runs a user action: enabled exactly when the action can start at this state (the
/// command path's own check, unavailableReason), and otherwise saying why in its text, so that an
/// unusable action never looks usable, whatever the palette (presentation mode's high contrast).
QAction* addUserAction(QMenu* menu, const QString& text, const hw::ClusterState& state, const UserAction& action,
    const std::function<void(const UserAction&)>& act)
{
    const QString whyNot = unavailableReason(state, action);
    QAction* item = menu->addAction(whyNot.isEmpty() ? text : Text::tr("%1 (not now: %2)").arg(text, whyNot));
    item->setEnabled(whyNot.isEmpty());
    item->setToolTip(whyNot);
    QObject::connect(item, &QAction::triggered, menu, [act, action] { act(action); });
    return item;
}

/// The value a quick produce sends: m0, m1, ... after the producer's record count, like the
/// walkthrough's. (Built with append: GCC 12 warns falsely on "m" + std::to_string, bug 105329.)
std::string nextValue(const hw::Producer& producer)
{
    std::string value = "m";
    value += std::to_string(producer.nextSequence);
    return value;
}

hw::ConfigStep configStep(const char* key, hw::ConfigValue value)
{
    hw::ConfigStep step;
    step.changes.push_back(hw::ConfigAction { key, std::move(value) });
    return step;
}

} // namespace

void ActionMenu::addBrokerActions(QMenu* menu, const hw::ClusterState& state, hw::BrokerId broker, const Handlers& h)
{
    auto fault = [&](hw::BrokerAction::Kind kind, std::int64_t lose = 0) -> UserAction {
        hw::BrokerAction action;
        action.kind = kind;
        action.broker = broker;
        action.loseUnflushed = lose;
        return hw::FaultStep { action };
    };
    menu->addSection(Text::tr("Broker %1").arg(broker));
    addUserAction(menu, Text::tr("Kill broker %1").arg(broker), state, fault(hw::BrokerAction::Kind::Kill), h.act);
    addUserAction(menu, Text::tr("Power off broker %1 (host down, silent)").arg(broker), state,
        fault(hw::BrokerAction::Kind::PowerOff), h.act);
    addUserAction(
        menu, Text::tr("Restart broker %1").arg(broker), state, fault(hw::BrokerAction::Kind::Restart), h.act);
    addUserAction(menu, Text::tr("Restart broker %1, losing its last unflushed record").arg(broker), state,
        fault(hw::BrokerAction::Kind::Restart, 1), h.act);
    addUserAction(menu, Text::tr("Shut down broker %1 (controlled)").arg(broker), state,
        fault(hw::BrokerAction::Kind::Shutdown), h.act);
    addUserAction(
        menu, Text::tr("Isolate broker %1").arg(broker), state, fault(hw::BrokerAction::Kind::Isolate), h.act);
    addUserAction(menu, Text::tr("Heal broker %1").arg(broker), state, fault(hw::BrokerAction::Kind::Heal), h.act);
    QMenu* slow = menu->addMenu(Text::tr("Slow broker %1's links").arg(broker));
    for (hw::TimeMs ms : slowChoicesMs) {
        hw::SlowStep step;
        step.action.broker = broker;
        step.action.latencyMs = ms;
        addUserAction(slow, ms == 0 ? Text::tr("Normal latency") : Text::tr("%1 ms").arg(ms), state, step, h.act);
    }
}

void ActionMenu::addPartitionActions(
    QMenu* menu, const hw::ClusterState& state, std::int32_t partition, const Handlers& h)
{
    const hw::Partition& p = state.partitions[static_cast<std::size_t>(partition)];
    const hw::PartitionRegistration& reg = p.registration;
    const QString name = QString::fromStdString(state.partitionName(partition));
    menu->addSection(Text::tr("Partition %1").arg(name));
    addUserAction(menu, Text::tr("Kill the leader of %1").arg(name), state,
        hw::FaultStep { hw::KillLeaderAction { partition } }, h.act);
    const hw::BrokerId preferred = reg.replicas.empty() ? hw::noLeader : reg.replicas.front();
    addUserAction(menu, Text::tr("Elect the preferred leader (broker %1)").arg(preferred), state,
        hw::FaultStep { hw::ElectPreferredAction { partition } }, h.act);
    addUserAction(menu, Text::tr("Unclean election for %1 (ElectLeaders)").arg(name), state,
        hw::FaultStep { hw::ElectUncleanAction { partition } }, h.act);
    if (!state.producers.empty()) {
        const hw::Producer& producer = state.producers.front();
        hw::ProduceStep step;
        step.action.producer = 0;
        step.action.topic = p.topic;
        step.action.partition = p.index;
        step.action.values = { nextValue(producer) };
        addUserAction(menu,
            Text::tr("Produce \"m%1\" to %2 (producer %3)")
                .arg(producer.nextSequence)
                .arg(name, QString::fromStdString(producer.id)),
            state, step, h.act);
    }
    if (h.showPartition)
        addAction(menu, Text::tr("Show %1 in the partition view").arg(name), QString(),
            [show = h.showPartition, partition] { show(partition); });
}

void ActionMenu::addConsumerActions(
    QMenu* menu, const hw::ClusterState& state, std::int32_t consumer, const Handlers& h)
{
    const hw::Consumer& c = state.consumers[static_cast<std::size_t>(consumer)];
    auto step = [&](hw::ConsumerAction::Kind kind) -> UserAction {
        hw::ConsumerStep s;
        s.action.kind = kind;
        s.action.consumer = consumer;
        return s;
    };
    const QString id = QString::fromStdString(c.id);
    menu->addSection(Text::tr("Consumer %1").arg(id));
    addUserAction(menu, c.group < 0 ? Text::tr("Start %1").arg(id) : Text::tr("Add %1 to its group").arg(id), state,
        step(hw::ConsumerAction::Kind::Join), h.act);
    addUserAction(menu, c.group < 0 ? Text::tr("Stop %1").arg(id) : Text::tr("Remove %1 from its group").arg(id),
        state, step(hw::ConsumerAction::Kind::Leave), h.act);
    addUserAction(menu, Text::tr("Crash %1").arg(id), state, step(hw::ConsumerAction::Kind::Crash), h.act);
    addUserAction(menu, Text::tr("Poll %1").arg(id), state, step(hw::ConsumerAction::Kind::Poll), h.act);
    addUserAction(
        menu, Text::tr("Commit %1's positions").arg(id), state, step(hw::ConsumerAction::Kind::Commit), h.act);
}

void ActionMenu::addClusterActions(QMenu* menu, const hw::ClusterState& state, const Handlers& h)
{
    menu->addSection(Text::tr("Cluster"));
    addUserAction(menu, Text::tr("Let the followers catch up"), state, hw::SettleStep {}, h.act);
    for (hw::TimeMs ms : { 100, 1000, 10000 })
        addUserAction(menu, Text::tr("Advance the clock %1 ms").arg(ms), state, hw::AdvanceStep { ms }, h.act);
    QMenu* minIsr = menu->addMenu(Text::tr("min.insync.replicas"));
    int rf = 1;
    for (const hw::Topic& t : state.topics)
        rf = std::max(rf, t.replicationFactor);
    for (int n = 1; n <= rf + 1; ++n) {
        hw::ConfigValue value;
        value.integer = n;
        QAction* action = addUserAction(minIsr, QString::number(n), state, configStep("min.insync.replicas", value), h.act);
        action->setCheckable(true);
        action->setChecked(state.config.minInsyncReplicas == n);
    }
    hw::ConfigValue unclean;
    unclean.kind = hw::ConfigValue::Kind::Boolean;
    unclean.boolean = !state.config.uncleanLeaderElectionEnable;
    addUserAction(menu,
        state.config.uncleanLeaderElectionEnable ? Text::tr("Disable unclean leader election")
                                                 : Text::tr("Enable unclean leader election"),
        state, configStep("unclean.leader.election.enable", unclean), h.act);
}

QMenu* ActionMenu::build(
    const SceneTarget& target, const hw::ClusterState& state, const Handlers& handlers, QWidget* parent)
{
    auto* menu = new QMenu(parent);
    using Kind = SceneTarget::Kind;
    switch (target.kind) {
    case Kind::Broker:
        addBrokerActions(menu, state, target.broker, handlers);
        break;
    case Kind::Replica: {
        const hw::Partition& p = state.partitions[static_cast<std::size_t>(target.partition)];
        if (p.registration.leader != target.broker) {
            menu->addSection(Text::tr("Follower on broker %1").arg(target.broker));
            hw::FetchStep fetch;
            fetch.action.partition = target.partition;
            fetch.action.follower = target.broker;
            addUserAction(menu, Text::tr("Run one fetch round of this follower"), state, fetch, handlers.act);
        }
        addPartitionActions(menu, state, target.partition, handlers);
        addBrokerActions(menu, state, target.broker, handlers);
        break;
    }
    case Kind::Partition:
        addPartitionActions(menu, state, target.partition, handlers);
        break;
    case Kind::Producer:
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()) && p < 16; ++p) {
            const hw::Partition& partition = state.partitions[static_cast<std::size_t>(p)];
            const hw::Producer& producer = state.producers[static_cast<std::size_t>(target.index)];
            hw::ProduceStep step;
            step.action.producer = target.index;
            step.action.topic = partition.topic;
            step.action.partition = partition.index;
            step.action.values = { nextValue(producer) };
            addUserAction(menu,
                Text::tr("Produce \"m%1\" to %2")
                    .arg(producer.nextSequence)
                    .arg(QString::fromStdString(state.partitionName(p))),
                state, step, handlers.act);
        }
        break;
    case Kind::Consumer:
        addConsumerActions(menu, state, target.index, handlers);
        break;
    case Kind::Group:
        if (handlers.addConsumer) {
            menu->addSection(Text::tr("Group %1")
                                 .arg(QString::fromStdString(state.groups[static_cast<std::size_t>(target.index)].id)));
            hw::ConsumerStep add;
            add.action.kind = hw::ConsumerAction::Kind::Add;
            // The dialog fills in the consumer; what can stop any consumer from being added is the limit.
            addAction(menu, Text::tr("Add a consumer to this group\u2026"),
                state.consumers.size() < static_cast<std::size_t>(hw::limits::consumersMax)
                    ? QString()
                    : unavailableReason(state, add),
                [add = handlers.addConsumer, group = target.index] { add(group); });
        }
        for (std::int32_t c = 0; c < static_cast<std::int32_t>(state.consumers.size()); ++c) {
            if (state.consumers[static_cast<std::size_t>(c)].group == target.index)
                addConsumerActions(menu, state, c, handlers);
        }
        break;
    case Kind::Controller:
    case Kind::Message:
    case Kind::None:
        addClusterActions(menu, state, handlers);
        break;
    }
    return menu;
}

} // namespace hw::ui
