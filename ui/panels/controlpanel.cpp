// SPDX-License-Identifier: MIT
#include "panels/controlpanel.h"

#include "base/i18n.h"
#include "control/simcontroller.h"
#include "model/limits.h"
#include "panels/addconsumerdialog.h"
#include "panels/wheelguard.h"
#include "scene/clusterfacts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace hw::ui {

namespace {

/// The slow-follower slider's range: up to two seconds, where a follower falls behind quickly.
constexpr int latencySliderMaxMs = 2000;
constexpr int latencySliderStepMs = 5;

QString partitionLabel(const hw::ClusterState& s, std::int32_t p)
{
    return QString::fromStdString(s.partitionName(p));
}

/// A push button whose text and tool tip follow the language.
QPushButton* translatedButton(
    QWidget* parent, std::function<QString()> text, std::function<QString()> toolTip = nullptr)
{
    auto* button = new QPushButton(parent);
    keepTranslated(button, &QPushButton::setText, std::move(text));
    if (toolTip)
        keepTranslated(button, &QWidget::setToolTip, std::move(toolTip));
    return button;
}

/// A label whose text follows the language.
QLabel* translatedLabel(QWidget* parent, std::function<QString()> text)
{
    auto* label = new QLabel(parent);
    keepTranslated(label, &QLabel::setText, std::move(text));
    return label;
}

} // namespace

ControlPanel::ControlPanel(SimController* controller, QWidget* parent) : QWidget(parent), m_controller(controller)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_readOnly = new QLabel(this);
    m_readOnly->setObjectName(QStringLiteral("controlsReadOnly"));
    m_readOnly->setWordWrap(true);
    m_readOnly->hide();
    layout->addWidget(m_readOnly);
    layout->addWidget(buildProduce());
    layout->addWidget(buildBrokers());
    layout->addWidget(buildPartition());
    layout->addWidget(buildSlow());
    layout->addWidget(buildConfig());
    layout->addWidget(buildConsumers());
    layout->addStretch(1);
    // The panel scrolls in its dock: the wheel scrolls it, and changes a field only once it is chosen.
    WheelGuard::guardChildren(this);
}

QGroupBox* ControlPanel::buildProduce()
{
    m_produceBox = new QGroupBox(this);
    auto* form = new QFormLayout(m_produceBox);
    m_producer = new QComboBox(m_produceBox);
    m_topic = new QComboBox(m_produceBox);
    m_producePartition = new QComboBox(m_produceBox);
    m_key = new QLineEdit(m_produceBox);
    keepTranslated(m_key, &QLineEdit::setPlaceholderText, [] { return tr("none (null key)"); });
    m_key->setMaxLength(static_cast<int>(hw::limits::stringBytesMax / 4));
    m_value = new QLineEdit(m_produceBox);
    m_value->setMaxLength(static_cast<int>(hw::limits::stringBytesMax / 4));
    m_acks = new QComboBox(m_produceBox);
    for (const int acks :
        { -2, static_cast<int>(hw::Acks::All), static_cast<int>(hw::Acks::Leader), static_cast<int>(hw::Acks::None) })
        m_acks->addItem(QString(), acks);
    keepTranslated(m_acks, [this] {
        m_acks->setItemText(0, tr("producer's default"));
        m_acks->setItemText(1, tr("all (-1)"));
        m_acks->setItemText(2, tr("1 (leader only)"));
        m_acks->setItemText(3, tr("0 (fire and forget)"));
    });
    m_send = translatedButton(m_produceBox, [] { return tr("Send"); });
    form->addRow(translatedLabel(form->parentWidget(), [] { return tr("Producer"); }), m_producer);
    form->addRow(translatedLabel(form->parentWidget(), [] { return tr("Topic"); }), m_topic);
    form->addRow(translatedLabel(form->parentWidget(), [] { return tr("Partition"); }), m_producePartition);
    form->addRow(translatedLabel(form->parentWidget(), [] { return tr("Key"); }), m_key);
    form->addRow(translatedLabel(form->parentWidget(), [] { return tr("Value"); }), m_value);
    form->addRow(translatedLabel(form->parentWidget(), [] { return tr("acks"); }), m_acks);
    form->addRow(m_send);
    connect(m_topic, &QComboBox::currentIndexChanged, this, &ControlPanel::refreshProducePartitions);
    connect(m_send, &QPushButton::clicked, this, &ControlPanel::produce);
    connect(m_value, &QLineEdit::returnPressed, this, &ControlPanel::produce);
    return m_produceBox;
}

QGroupBox* ControlPanel::buildBrokers()
{
    auto* box = new QGroupBox(this);
    keepTranslated(box, &QGroupBox::setTitle, [] { return tr("Brokers"); });
    auto* grid = new QGridLayout(box);
    m_broker = new QComboBox(box);
    m_kill = translatedButton(
        box, [] { return tr("Kill"); }, [] { return tr("The broker crashes: no more requests or heartbeats"); });
    m_restart = translatedButton(box, [] { return tr("Restart"); });
    m_shutdown = translatedButton(
        box, [] { return tr("Shut down"); },
        [] { return tr("A controlled shutdown: the controller moves its leaderships first"); });
    m_isolate = translatedButton(
        box, [] { return tr("Isolate"); }, [] { return tr("Cut the broker off the network; it keeps running"); });
    m_heal = translatedButton(box, [] { return tr("Heal"); });
    m_loseUnflushed = new QSpinBox(box);
    m_loseUnflushed->setRange(0, 1000);
    keepTranslated(m_loseUnflushed, &QWidget::setToolTip,
        [] { return tr("Records each of its logs loses on restart, as after a power failure"); });
    grid->addWidget(translatedLabel(box, [] { return tr("Broker"); }), 0, 0);
    grid->addWidget(m_broker, 0, 1, 1, 2);
    grid->addWidget(m_kill, 1, 0);
    grid->addWidget(m_restart, 1, 1);
    grid->addWidget(m_shutdown, 1, 2);
    grid->addWidget(m_isolate, 2, 0);
    grid->addWidget(m_heal, 2, 1);
    grid->addWidget(translatedLabel(box, [] { return tr("Unflushed records lost on restart"); }), 3, 0, 1, 2);
    grid->addWidget(m_loseUnflushed, 3, 2);
    connect(
        m_kill, &QPushButton::clicked, this, [this] { brokerAction(static_cast<int>(hw::BrokerAction::Kind::Kill)); });
    connect(m_restart, &QPushButton::clicked, this,
        [this] { brokerAction(static_cast<int>(hw::BrokerAction::Kind::Restart)); });
    connect(m_shutdown, &QPushButton::clicked, this,
        [this] { brokerAction(static_cast<int>(hw::BrokerAction::Kind::Shutdown)); });
    connect(m_isolate, &QPushButton::clicked, this,
        [this] { brokerAction(static_cast<int>(hw::BrokerAction::Kind::Isolate)); });
    connect(
        m_heal, &QPushButton::clicked, this, [this] { brokerAction(static_cast<int>(hw::BrokerAction::Kind::Heal)); });
    connect(m_broker, &QComboBox::currentIndexChanged, this, [this] { refresh(false); });
    return box;
}

QGroupBox* ControlPanel::buildPartition()
{
    auto* box = new QGroupBox(this);
    keepTranslated(box, &QGroupBox::setTitle, [] { return tr("Partitions and time"); });
    auto* grid = new QGridLayout(box);
    m_partition = new QComboBox(box);
    m_killLeader = translatedButton(box, [] { return tr("Kill its leader"); });
    m_electPreferred = translatedButton(box, [] { return tr("Elect preferred leader"); });
    m_electUnclean = translatedButton(
        box, [] { return tr("Unclean election"); },
        [] {
            return tr("kafka-leader-election --election-type unclean: a leaderless partition gets an out-of-sync "
                      "replica as leader, whatever unclean.leader.election.enable says");
        });
    m_follower = new QComboBox(box);
    m_fetch = translatedButton(
        box, [] { return tr("Fetch round"); },
        [] { return tr("The follower sends Fetch(its LEO) and applies the answer"); });
    m_settle = translatedButton(box, [] { return tr("Let the followers catch up"); });
    m_advanceMs = new QSpinBox(box);
    m_advanceMs->setRange(1, static_cast<int>(hw::limits::advanceMsMax));
    m_advanceMs->setValue(1000);
    keepTranslated(m_advanceMs, &QSpinBox::setSuffix, [] { return tr(" ms"); });
    m_advance = translatedButton(box, [] { return tr("Advance the clock"); });
    grid->addWidget(translatedLabel(box, [] { return tr("Partition"); }), 0, 0);
    grid->addWidget(m_partition, 0, 1);
    grid->addWidget(m_killLeader, 1, 0);
    grid->addWidget(m_electPreferred, 1, 1);
    grid->addWidget(translatedLabel(box, [] { return tr("Follower"); }), 2, 0);
    grid->addWidget(m_follower, 2, 1);
    grid->addWidget(m_fetch, 3, 0);
    grid->addWidget(m_settle, 3, 1);
    grid->addWidget(m_advanceMs, 4, 0);
    grid->addWidget(m_advance, 4, 1);
    grid->addWidget(m_electUnclean, 5, 0, 1, 2);
    connect(m_partition, &QComboBox::currentIndexChanged, this, [this] {
        refreshFollowers();
        refresh(false);
    });
    connect(m_killLeader, &QPushButton::clicked, this, [this] {
        emit actionRequested(hw::FaultStep { hw::KillLeaderAction { m_partition->currentData().toInt() } });
    });
    connect(m_electPreferred, &QPushButton::clicked, this, [this] {
        emit actionRequested(hw::FaultStep { hw::ElectPreferredAction { m_partition->currentData().toInt() } });
    });
    connect(m_electUnclean, &QPushButton::clicked, this, [this] {
        emit actionRequested(hw::FaultStep { hw::ElectUncleanAction { m_partition->currentData().toInt() } });
    });
    connect(m_fetch, &QPushButton::clicked, this, [this] {
        hw::FetchStep step;
        step.action.partition = m_partition->currentData().toInt();
        step.action.follower = m_follower->currentData().toInt();
        emit actionRequested(step);
    });
    connect(m_settle, &QPushButton::clicked, this, [this] { emit actionRequested(hw::SettleStep {}); });
    connect(m_advance, &QPushButton::clicked, this,
        [this] { emit actionRequested(hw::AdvanceStep { m_advanceMs->value() }); });
    return box;
}

QGroupBox* ControlPanel::buildSlow()
{
    auto* box = new QGroupBox(this);
    keepTranslated(box, &QGroupBox::setTitle, [] { return tr("Slow a follower"); });
    auto* grid = new QGridLayout(box);
    m_slowBroker = new QComboBox(box);
    m_latency = new QSlider(Qt::Horizontal, box);
    m_latency->setRange(0, latencySliderMaxMs / latencySliderStepMs);
    m_latency->setPageStep(20);
    keepTranslated(m_latency, &QWidget::setAccessibleName, [] { return tr("Latency"); });
    m_latencyLabel = new QLabel(box);
    m_latencyLabel->setMinimumWidth(m_latencyLabel->fontMetrics().horizontalAdvance(tr("normal")) + 40);
    m_slow = translatedButton(box, [] { return tr("Apply latency"); });
    grid->addWidget(translatedLabel(box, [] { return tr("Broker"); }), 0, 0);
    grid->addWidget(m_slowBroker, 0, 1, 1, 2);
    grid->addWidget(translatedLabel(box, [] { return tr("Latency"); }), 1, 0);
    grid->addWidget(m_latency, 1, 1);
    grid->addWidget(m_latencyLabel, 1, 2);
    grid->addWidget(m_slow, 2, 0, 1, 3);
    connect(m_latency, &QSlider::valueChanged, this, &ControlPanel::refreshLatencyLabel);
    connect(m_slow, &QPushButton::clicked, this, [this] {
        hw::SlowStep step;
        step.action.broker = m_slowBroker->currentData().toInt();
        step.action.latencyMs = static_cast<hw::TimeMs>(m_latency->value()) * latencySliderStepMs;
        emit actionRequested(step);
    });
    refreshLatencyLabel();
    return box;
}

QGroupBox* ControlPanel::buildConfig()
{
    auto* box = new QGroupBox(this);
    keepTranslated(box, &QGroupBox::setTitle, [] { return tr("Configuration"); });
    auto* form = new QFormLayout(box);
    m_minInsync = new QSpinBox(box);
    m_minInsync->setRange(1, hw::limits::brokersMax);
    m_unclean = new QCheckBox(box);
    keepTranslated(m_unclean, &QCheckBox::setText, [] { return tr("unclean.leader.election.enable"); });
    m_applyConfig = translatedButton(box, [] { return tr("Apply"); });
    form->addRow(translatedLabel(form->parentWidget(), [] { return tr("min.insync.replicas"); }), m_minInsync);
    form->addRow(m_unclean);
    form->addRow(m_applyConfig);
    connect(m_applyConfig, &QPushButton::clicked, this, [this] {
        const hw::ClusterConfig& current = m_controller->state().config;
        hw::ConfigStep step;
        if (m_minInsync->value() != current.minInsyncReplicas) {
            hw::ConfigValue value;
            value.kind = hw::ConfigValue::Kind::Integer;
            value.integer = m_minInsync->value();
            step.changes.push_back(hw::ConfigAction { "min.insync.replicas", value });
        }
        if (m_unclean->isChecked() != current.uncleanLeaderElectionEnable) {
            hw::ConfigValue value;
            value.kind = hw::ConfigValue::Kind::Boolean;
            value.boolean = m_unclean->isChecked();
            step.changes.push_back(hw::ConfigAction { "unclean.leader.election.enable", value });
        }
        if (!step.changes.empty())
            emit actionRequested(step);
    });
    return box;
}

QGroupBox* ControlPanel::buildConsumers()
{
    m_consumersBox = new QGroupBox(this);
    auto* grid = new QGridLayout(m_consumersBox);
    m_consumer = new QComboBox(m_consumersBox);
    m_join = new QPushButton(m_consumersBox);
    keepTranslated(m_join, &QWidget::setToolTip,
        [] { return tr("Start the consumer: it joins its group and the group rebalances"); });
    m_leave = new QPushButton(m_consumersBox);
    keepTranslated(m_leave, &QWidget::setToolTip,
        [] { return tr("The consumer leaves its group cleanly and the group rebalances"); });
    // refresh() names them after the consumer chosen (and after a language change).
    m_join->setText(tr("Add to its group"));
    m_leave->setText(tr("Remove from its group"));
    m_crashConsumer = translatedButton(
        m_consumersBox, [] { return tr("Crash"); },
        [] { return tr("The consumer stops without leaving; its group notices after session.timeout.ms"); });
    m_poll = translatedButton(m_consumersBox, [] { return tr("Poll"); });
    m_addConsumer = translatedButton(
        m_consumersBox, [] { return tr("Add consumer\u2026"); },
        [] { return tr("Create a new consumer in a group (an existing one or a new one); it joins and the group "
                       "rebalances"); });
    grid->addWidget(translatedLabel(m_consumersBox, [] { return tr("Consumer"); }), 0, 0);
    grid->addWidget(m_consumer, 0, 1);
    grid->addWidget(m_join, 1, 0);
    grid->addWidget(m_leave, 1, 1);
    grid->addWidget(m_crashConsumer, 2, 0);
    grid->addWidget(m_poll, 2, 1);
    grid->addWidget(m_addConsumer, 3, 0, 1, 2);
    connect(m_addConsumer, &QPushButton::clicked, this, [this] {
        const int c = m_consumer->currentData().toInt();
        const hw::ClusterState& s = m_controller->state();
        openAddConsumer(c >= 0 && c < static_cast<int>(s.consumers.size())
                ? s.consumers[static_cast<std::size_t>(c)].group
                : -1);
    });
    connect(m_join, &QPushButton::clicked, this,
        [this] { consumerAction(static_cast<int>(hw::ConsumerAction::Kind::Join)); });
    connect(m_leave, &QPushButton::clicked, this,
        [this] { consumerAction(static_cast<int>(hw::ConsumerAction::Kind::Leave)); });
    connect(m_crashConsumer, &QPushButton::clicked, this,
        [this] { consumerAction(static_cast<int>(hw::ConsumerAction::Kind::Crash)); });
    connect(m_poll, &QPushButton::clicked, this,
        [this] { consumerAction(static_cast<int>(hw::ConsumerAction::Kind::Poll)); });
    connect(m_consumer, &QComboBox::currentIndexChanged, this, [this] { refresh(false); });
    return m_consumersBox;
}

void ControlPanel::refreshLatencyLabel()
{
    const int ms = m_latency->value() * latencySliderStepMs;
    m_latencyLabel->setText(ms == 0 ? tr("normal") : tr("%1 ms").arg(ms));
}

void ControlPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    // Rename the items in place: the user's choices and typed text stay.
    const hw::ClusterState& s = m_controller->state();
    if (m_producePartition->count() > 0)
        m_producePartition->setItemText(0, tr("chosen by the partitioner"));
    for (QComboBox* brokers : { m_follower, m_broker, m_slowBroker }) {
        for (int i = 0; i < brokers->count(); ++i)
            brokers->setItemText(i, brokerItemText(brokers->itemData(i).toInt()));
    }
    for (int i = 0; i < m_consumer->count(); ++i) {
        const int c = m_consumer->itemData(i).toInt();
        if (c >= 0 && c < static_cast<int>(s.consumers.size()))
            m_consumer->setItemText(i, consumerItemText(s, c));
    }
    refreshLatencyLabel();
    refresh(false);
}

QString ControlPanel::brokerItemText(int broker)
{
    return tr("broker %1").arg(broker);
}

QString ControlPanel::consumerItemText(const hw::ClusterState& s, int c)
{
    const hw::Consumer& consumer = s.consumers[static_cast<std::size_t>(c)];
    const QString group = consumer.group < 0
        ? tr("no group")
        : tr("group %1").arg(QString::fromStdString(s.groups[static_cast<std::size_t>(consumer.group)].id));
    return tr("%1 (%2)").arg(QString::fromStdString(consumer.id), group);
}

void ControlPanel::refreshProducePartitions()
{
    const hw::ClusterState& s = m_controller->state();
    const QSignalBlocker blocker(m_producePartition);
    m_producePartition->clear();
    m_producePartition->addItem(tr("chosen by the partitioner"), -1);
    const int topic = m_topic->currentData().toInt();
    if (topic >= 0 && topic < static_cast<int>(s.topics.size())) {
        for (int p = 0; p < s.topics[static_cast<std::size_t>(topic)].partitionCount; ++p)
            m_producePartition->addItem(QString::number(p), p);
    }
    // One partition: there is nothing for the partitioner to choose.
    if (m_producePartition->count() == 2)
        m_producePartition->setCurrentIndex(1);
}

void ControlPanel::refreshFollowers()
{
    const hw::ClusterState& s = m_controller->state();
    const QSignalBlocker blocker(m_follower);
    const int keep = m_follower->currentData().toInt();
    m_follower->clear();
    const int p = m_partition->currentData().toInt();
    if (p < 0 || p >= static_cast<int>(s.partitions.size()))
        return;
    const hw::Partition& partition = s.partitions[static_cast<std::size_t>(p)];
    for (const hw::Replica& r : partition.replicas) {
        if (r.broker != partition.registration.leader)
            m_follower->addItem(brokerItemText(r.broker), r.broker);
    }
    const int index = m_follower->findData(keep);
    if (index >= 0)
        m_follower->setCurrentIndex(index);
}

void ControlPanel::refresh(bool scenarioChanged)
{
    const hw::ClusterState& s = m_controller->state();
    if (scenarioChanged) {
        const QSignalBlocker b1(m_producer), b2(m_topic), b3(m_broker), b4(m_partition), b5(m_slowBroker),
            b6(m_consumer);
        m_producer->clear();
        for (std::int32_t i = 0; i < static_cast<std::int32_t>(s.producers.size()); ++i)
            m_producer->addItem(QString::fromStdString(s.producers[static_cast<std::size_t>(i)].id), i);
        m_topic->clear();
        for (std::int32_t t = 0; t < static_cast<std::int32_t>(s.topics.size()); ++t)
            m_topic->addItem(QString::fromStdString(s.topics[static_cast<std::size_t>(t)].name), t);
        m_broker->clear();
        m_slowBroker->clear();
        for (const hw::Broker& b : s.brokers) {
            m_broker->addItem(brokerItemText(b.id), b.id);
            m_slowBroker->addItem(brokerItemText(b.id), b.id);
        }
        if (m_slowBroker->count() > 1)
            m_slowBroker->setCurrentIndex(m_slowBroker->count() - 1);
        m_partition->clear();
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(s.partitions.size()); ++p)
            m_partition->addItem(partitionLabel(s, p), p);
        m_consumer->clear();
        refreshProducePartitions();
        m_value->clear();
        m_key->clear();
    }
    refreshFollowers();
    if (m_consumer->count() != static_cast<int>(s.consumers.size())) {
        // Consumers added at run time (or gone with an undo or an earlier frame): the list follows the
        // frame shown and keeps the consumer chosen when it is still there.
        const QSignalBlocker blocker(m_consumer);
        const int chosen = m_consumer->currentData().toInt();
        m_consumer->clear();
        for (std::int32_t c = 0; c < static_cast<std::int32_t>(s.consumers.size()); ++c)
            m_consumer->addItem(consumerItemText(s, c), c);
        m_consumer->setCurrentIndex(std::max(0, m_consumer->findData(chosen)));
    }

    const bool haveProducers = !s.producers.empty();
    m_produceBox->setEnabled(haveProducers);
    m_produceBox->setTitle(
        haveProducers ? tr("Produce a message") : tr("Produce a message (this scenario has no producers)"));
    if (haveProducers) {
        const int producer = std::max(0, m_producer->currentData().toInt());
        m_value->setPlaceholderText(tr("m%1").arg(s.producers[static_cast<std::size_t>(producer)].nextSequence));
    }

    const int brokerId = m_broker->currentData().toInt();
    if (brokerId >= 1 && brokerId <= static_cast<int>(s.brokers.size())) {
        const hw::Broker& b = s.broker(brokerId);
        m_kill->setEnabled(b.alive);
        m_restart->setEnabled(!b.alive);
        m_loseUnflushed->setEnabled(!b.alive);
        m_shutdown->setEnabled(b.alive && !b.shuttingDown && !b.isolated);
        m_isolate->setEnabled(b.alive && !b.isolated);
        m_heal->setEnabled(b.alive && b.isolated);
    }
    const int p = m_partition->currentData().toInt();
    if (p >= 0 && p < static_cast<int>(s.partitions.size())) {
        const hw::PartitionRegistration& reg = s.partitions[static_cast<std::size_t>(p)].registration;
        m_killLeader->setEnabled(reg.leader != hw::noLeader && s.broker(reg.leader).alive);
        const hw::BrokerId preferred = reg.replicas.empty() ? hw::noLeader : reg.replicas.front();
        m_electPreferred->setEnabled(
            preferred != reg.leader && std::find(reg.isr.begin(), reg.isr.end(), preferred) != reg.isr.end());
        m_fetch->setEnabled(m_follower->count() > 0 && reg.leader != hw::noLeader);
        m_electUnclean->setEnabled(reg.leader == hw::noLeader
            && std::any_of(reg.replicas.begin(), reg.replicas.end(), [&](hw::BrokerId b) { return hw::isUnfenced(s, b); }));
    }
    const hw::ClusterConfig& config = s.config;
    if (scenarioChanged || !m_minInsync->hasFocus())
        m_minInsync->setValue(static_cast<int>(config.minInsyncReplicas));
    m_unclean->setChecked(config.uncleanLeaderElectionEnable);

    const bool haveConsumers = !s.consumers.empty();
    m_consumersBox->setTitle(haveConsumers ? tr("Consumers") : tr("Consumers (this scenario has none)"));
    m_addConsumer->setEnabled(
        !s.topics.empty() && s.consumers.size() < static_cast<std::size_t>(hw::limits::consumersMax));
    m_consumer->setEnabled(haveConsumers);
    for (QPushButton* button : { m_join, m_leave, m_crashConsumer, m_poll })
        button->setEnabled(false);
    const int c = m_consumer->currentData().toInt();
    const hw::Consumer* consumer = haveConsumers && c >= 0 && c < static_cast<int>(s.consumers.size())
        ? &s.consumers[static_cast<std::size_t>(c)]
        : nullptr;
    if (consumer) {
        const bool running = consumer->phase != hw::MemberPhase::Stopped && consumer->phase != hw::MemberPhase::Crashed;
        m_join->setEnabled(!running);
        m_leave->setEnabled(running);
        m_crashConsumer->setEnabled(running);
        m_poll->setEnabled(running && !consumer->autoPoll);
    }
    // Their words depend on the consumer chosen; with none (a scenario without consumers) they say
    // what they do to a group member, disabled, rather than nothing.
    const bool grouped = !consumer || consumer->group >= 0;
    m_join->setText(grouped ? tr("Add to its group") : tr("Start"));
    m_leave->setText(grouped ? tr("Remove from its group") : tr("Stop"));
    refreshReadOnly();
}

void ControlPanel::refreshReadOnly()
{
    const bool observed = static_cast<bool>(m_controller->state().observed);
    const QString why = observed ? SimController::observedReadOnlyText() : QString();
    m_readOnly->setVisible(observed);
    m_readOnly->setText(why);
    // Only the produce group is enabled or not by refresh(); the others are enabled unless observed.
    for (QGroupBox* box : findChildren<QGroupBox*>(Qt::FindDirectChildrenOnly)) {
        if (observed)
            box->setEnabled(false);
        else if (box != m_produceBox)
            box->setEnabled(true);
        box->setToolTip(why);
    }
}

void ControlPanel::produce()
{
    const hw::ClusterState& s = m_controller->state();
    if (s.producers.empty() || s.topics.empty())
        return;
    hw::ProduceStep step;
    step.action.producer = std::max(0, m_producer->currentData().toInt());
    step.action.topic = std::max(0, m_topic->currentData().toInt());
    step.action.partition = m_producePartition->currentData().toInt();
    if (!m_key->text().isEmpty())
        step.action.key = m_key->text().toStdString();
    const QString value = m_value->text().isEmpty() ? m_value->placeholderText() : m_value->text();
    step.action.values = { value.toStdString() };
    const int acks = m_acks->currentData().toInt();
    if (acks != -2)
        step.action.acks = static_cast<hw::Acks>(acks);
    m_value->clear();
    emit actionRequested(step);
}

void ControlPanel::brokerAction(int kind)
{
    hw::BrokerAction action;
    action.kind = static_cast<hw::BrokerAction::Kind>(kind);
    action.broker = m_broker->currentData().toInt();
    if (action.kind == hw::BrokerAction::Kind::Restart)
        action.loseUnflushed = m_loseUnflushed->value();
    emit actionRequested(hw::FaultStep { action });
}

AddConsumerDialog* ControlPanel::addConsumerDialog() const
{
    return m_addConsumerDialog;
}

void ControlPanel::openAddConsumer(std::int32_t group)
{
    if (m_addConsumerDialog)
        m_addConsumerDialog->close();
    auto* dialog = new AddConsumerDialog(m_controller->state(), group, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_addConsumerDialog = dialog;
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        hw::ConsumerStep step;
        step.action.kind = hw::ConsumerAction::Kind::Add;
        step.action.spec = dialog->spec();
        step.action.consumer = static_cast<std::int32_t>(m_controller->state().consumers.size());
        emit actionRequested(step);
    });
    dialog->open();
}

void ControlPanel::consumerAction(int kind)
{
    hw::ConsumerStep step;
    step.action.kind = static_cast<hw::ConsumerAction::Kind>(kind);
    step.action.consumer = m_consumer->currentData().toInt();
    emit actionRequested(step);
}

} // namespace hw::ui
