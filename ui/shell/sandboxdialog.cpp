// SPDX-License-Identifier: MIT
#include "shell/sandboxdialog.h"

#include "model/limits.h"
#include "scenario/scenario.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSpinBox>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace hw::ui {

namespace {

/// Kafka's topic name rule: letters, digits, '.', '_' and '-', at most 249 characters.
constexpr int topicNameLengthMax = 249;
/// How long a new sandbox runs on its own before it opens: its brokers heartbeat and its followers
/// fetch, so that Play and Right show a running cluster instead of "Frame 0 of 0".
constexpr int sandboxStartMs = 5000;

QSpinBox* spin(QWidget* parent, int min, int max, int value)
{
    auto* box = new QSpinBox(parent);
    box->setRange(min, max);
    box->setValue(value);
    return box;
}

} // namespace

SandboxDialog::SandboxDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("New sandbox"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("A cluster of your own with nothing scripted: its first %1 seconds run on their "
                                "own (heartbeats, fetches), then act on it from the control panel and the context "
                                "menus, step through what happens, and save it as a scenario.")
                                 .arg(sandboxStartMs / 1000),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_name = new QLineEdit(this);
    m_kafkaVersion = new QComboBox(this);
    m_kafkaVersion->setObjectName(QStringLiteral("sandboxKafkaVersion"));
    for (hw::KafkaVersion version : hw::kafkaVersions()) {
        const std::string_view name = hw::kafkaVersionName(version);
        const QString text = QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
        m_kafkaVersion->addItem(
            version == hw::defaultKafkaVersion ? tr("Kafka %1 (default)").arg(text) : tr("Kafka %1").arg(text),
            static_cast<int>(version));
    }
    m_kafkaVersion->setToolTip(tr("The release whose rules the cluster follows: elections, the ISR, restarts "
                                  "and fencing as that version has them (cluster.kafka_version)"));
    m_brokers = spin(this, 1, hw::limits::brokersMax, 3);
    m_topics = new QLineEdit(this);
    m_topics->setToolTip(tr("Topic names separated by commas"));
    m_partitions = spin(this, 1, hw::limits::partitionsMax, 1);
    m_replication = spin(this, 1, hw::limits::brokersMax, 3);
    m_minInsync = spin(this, 1, hw::limits::brokersMax, 1);
    m_unclean = new QCheckBox(tr("Allow unclean leader election"), this);
    m_autoFetch = new QCheckBox(tr("Followers fetch on their own (auto.fetch)"), this);
    m_latency = spin(this, 1, static_cast<int>(hw::limits::latencyMsMax), 5);
    m_latency->setSuffix(tr(" ms"));
    m_producers = spin(this, 0, hw::limits::producersMax, 1);
    m_acks = new QComboBox(this);
    m_acks->addItem(tr("all"), QStringLiteral("all"));
    m_acks->addItem(tr("1"), QStringLiteral("1"));
    m_acks->addItem(tr("0"), QStringLiteral("0"));
    m_groups = spin(this, 0, hw::limits::consumersMax, 0);
    m_consumers = spin(this, 0, hw::limits::consumersMax, 2);
    m_spares = spin(this, 0, hw::limits::consumersMax, 1);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Kafka version"), m_kafkaVersion);
    form->addRow(tr("Brokers"), m_brokers);
    form->addRow(tr("Topics"), m_topics);
    form->addRow(tr("Partitions per topic"), m_partitions);
    form->addRow(tr("Replication factor"), m_replication);
    form->addRow(tr("min.insync.replicas"), m_minInsync);
    form->addRow(QString(), m_unclean);
    form->addRow(QString(), m_autoFetch);
    form->addRow(tr("Network latency"), m_latency);
    form->addRow(tr("Producers"), m_producers);
    form->addRow(tr("Producer acks"), m_acks);
    form->addRow(tr("Consumer groups"), m_groups);
    form->addRow(tr("Consumers per group"), m_consumers);
    form->addRow(tr("Spare consumers per group (added later)"), m_spares);
    layout->addLayout(form);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    layout->addWidget(m_message);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    setSettings(SandboxSettings {});
    for (QSpinBox* box : { m_brokers, m_partitions, m_replication, m_minInsync, m_latency, m_producers, m_groups,
             m_consumers, m_spares })
        connect(box, &QSpinBox::valueChanged, this, &SandboxDialog::check);
    for (QLineEdit* edit : { m_name, m_topics })
        connect(edit, &QLineEdit::textChanged, this, &SandboxDialog::check);
    connect(m_acks, &QComboBox::currentIndexChanged, this, &SandboxDialog::check);
    connect(m_kafkaVersion, &QComboBox::currentIndexChanged, this, &SandboxDialog::check);
    check();
}

SandboxSettings SandboxDialog::settings() const
{
    SandboxSettings s;
    s.name = m_name->text().trimmed();
    s.kafkaVersion = static_cast<hw::KafkaVersion>(m_kafkaVersion->currentData().toInt());
    s.brokers = m_brokers->value();
    s.topics = m_topics->text();
    s.partitions = m_partitions->value();
    s.replicationFactor = m_replication->value();
    s.minInsyncReplicas = m_minInsync->value();
    s.uncleanLeaderElection = m_unclean->isChecked();
    s.autoFetch = m_autoFetch->isChecked();
    s.latencyMs = m_latency->value();
    s.producers = m_producers->value();
    s.acks = m_acks->currentData().toString();
    s.groups = m_groups->value();
    s.consumersPerGroup = m_consumers->value();
    s.spareConsumersPerGroup = m_spares->value();
    return s;
}

void SandboxDialog::setSettings(const SandboxSettings& s)
{
    m_name->setText(s.name);
    m_kafkaVersion->setCurrentIndex(std::max(0, m_kafkaVersion->findData(static_cast<int>(s.kafkaVersion))));
    m_brokers->setValue(s.brokers);
    m_topics->setText(s.topics);
    m_partitions->setValue(s.partitions);
    m_replication->setValue(s.replicationFactor);
    m_minInsync->setValue(s.minInsyncReplicas);
    m_unclean->setChecked(s.uncleanLeaderElection);
    m_autoFetch->setChecked(s.autoFetch);
    m_latency->setValue(s.latencyMs);
    m_producers->setValue(s.producers);
    m_acks->setCurrentIndex(std::max(0, m_acks->findData(s.acks)));
    m_groups->setValue(s.groups);
    m_consumers->setValue(s.consumersPerGroup);
    m_spares->setValue(s.spareConsumersPerGroup);
}

QStringList SandboxDialog::topicNames(const SandboxSettings& s)
{
    QStringList names;
    for (const QString& part : s.topics.split(QLatin1Char(',')))
        names << part.trimmed();
    return names;
}

QStringList SandboxDialog::problems(const SandboxSettings& s)
{
    QStringList out;
    if (s.name.isEmpty())
        out << tr("Give the sandbox a name.");
    else if (static_cast<std::size_t>(s.name.toUtf8().size()) > hw::limits::stringBytesMax)
        out << tr("The name is longer than %1 bytes.").arg(hw::limits::stringBytesMax);
    if (s.brokers < 1 || s.brokers > hw::limits::brokersMax)
        out << tr("A cluster has 1 to %1 brokers.").arg(hw::limits::brokersMax);
    const QStringList names = topicNames(s);
    static const QRegularExpression valid(QStringLiteral("^[A-Za-z0-9._-]+$"));
    QSet<QString> seen;
    for (const QString& name : names) {
        if (name.isEmpty()) {
            out << tr("A topic name is empty: write names separated by commas, such as \"orders, payments\".");
            break;
        }
        if (!valid.match(name).hasMatch() || name.size() > topicNameLengthMax || name == QLatin1String(".")
            || name == QLatin1String("..")) {
            out << tr("\"%1\" is not a valid topic name: use letters, digits, '.', '_' and '-' (at most %2).")
                       .arg(name)
                       .arg(topicNameLengthMax);
            break;
        }
        if (name.startsWith(QLatin1String("__"))) {
            out << tr("\"%1\" starts with \"__\", which Kafka keeps for its internal topics.").arg(name);
            break;
        }
        if (seen.contains(name)) {
            out << tr("The topic \"%1\" is listed twice.").arg(name);
            break;
        }
        seen.insert(name);
    }
    if (names.size() > hw::limits::topicsMax)
        out << tr("At most %1 topics; you listed %2.").arg(hw::limits::topicsMax).arg(names.size());
    if (s.partitions < 1 || s.partitions > hw::limits::partitionsMax)
        out << tr("A topic has 1 to %1 partitions.").arg(hw::limits::partitionsMax);
    if (s.replicationFactor > s.brokers)
        out << tr(
            "A replication factor of %1 needs at least %1 brokers, one per replica; the cluster has %2. Lower the "
            "replication factor or add brokers.")
                   .arg(s.replicationFactor)
                   .arg(s.brokers);
    if (s.replicationFactor < 1)
        out << tr("The replication factor is at least 1.");
    if (s.producers > hw::limits::producersMax)
        out << tr("At most %1 producers.").arg(hw::limits::producersMax);
    const int consumers = s.groups * (s.consumersPerGroup + s.spareConsumersPerGroup);
    if (consumers > hw::limits::consumersMax)
        out << tr("%1 groups of %2 consumers make %3 consumers; at most %4 fit.")
                   .arg(s.groups)
                   .arg(s.consumersPerGroup + s.spareConsumersPerGroup)
                   .arg(consumers)
                   .arg(hw::limits::consumersMax);
    if (s.groups > 0 && s.consumersPerGroup + s.spareConsumersPerGroup == 0)
        out << tr("A consumer group needs at least one consumer.");
    return out;
}

QStringList SandboxDialog::warnings(const SandboxSettings& s)
{
    QStringList out;
    if (s.minInsyncReplicas > s.replicationFactor && s.acks == QLatin1String("all") && s.producers > 0)
        out << tr("min.insync.replicas %1 is larger than the replication factor %2: every acks=all produce will be "
                  "refused with NOT_ENOUGH_REPLICAS.")
                   .arg(s.minInsyncReplicas)
                   .arg(s.replicationFactor);
    if (s.replicationFactor == 1)
        out << tr("With one replica per partition there are no followers: nothing is replicated.");
    if (s.minInsyncReplicas == s.replicationFactor && s.replicationFactor > 1)
        out << tr(
            "min.insync.replicas equals the replication factor: one slow or dead follower stops acks=all produces.");
    return out;
}

namespace {

/// "p1", "c3", "g2". (Appended, not "p" + std::to_string: GCC 12 warns falsely on that, bug 105329.)
std::string numbered(const char* prefix, int number)
{
    std::string id = prefix;
    id += std::to_string(number);
    return id;
}

} // namespace

bool SandboxDialog::makeScenario(const SandboxSettings& s, hw::Scenario* scenario, QString* error)
{
    const QStringList problemList = problems(s);
    if (!problemList.isEmpty()) {
        *error = problemList.join(QLatin1Char('\n'));
        return false;
    }
    nlohmann::ordered_json root;
    root["format"] = "highwater/1";
    root["name"] = s.name.toStdString();
    root["title"] = s.name.toStdString();
    root["seed"] = 1;
    nlohmann::ordered_json config;
    config["min.insync.replicas"] = s.minInsyncReplicas;
    config["unclean.leader.election.enable"] = s.uncleanLeaderElection;
    config["auto.fetch"] = s.autoFetch;
    config["network.latency.ms"] = s.latencyMs;
    const std::string_view version = hw::kafkaVersionName(s.kafkaVersion);
    root["cluster"] = { { "kafka_version", std::string(version) }, { "brokers", s.brokers }, { "config", config } };
    nlohmann::ordered_json topics = nlohmann::ordered_json::array();
    nlohmann::ordered_json subscription = nlohmann::ordered_json::array();
    for (const QString& name : topicNames(s)) {
        topics.push_back({ { "name", name.toStdString() }, { "partitions", s.partitions },
            { "replication.factor", s.replicationFactor } });
        subscription.push_back(name.toStdString());
    }
    root["topics"] = topics;
    nlohmann::ordered_json producers = nlohmann::ordered_json::array();
    for (int p = 1; p <= s.producers; ++p)
        producers.push_back({ { "id", numbered("p", p) }, { "acks", s.acks.toStdString() } });
    root["producers"] = producers;
    if (s.groups > 0) {
        nlohmann::ordered_json consumers = nlohmann::ordered_json::array();
        int number = 1;
        for (int g = 1; g <= s.groups; ++g) {
            for (int c = 0; c < s.consumersPerGroup + s.spareConsumersPerGroup; ++c) {
                consumers.push_back(
                    { { "id", numbered("c", number++) }, { "group", numbered("g", g) }, { "subscribe", subscription },
                        { "auto.offset.reset", "earliest" }, { "start", c < s.consumersPerGroup } });
            }
        }
        root["consumers"] = consumers;
    }
    root["steps"] = nlohmann::ordered_json::array({ { { "advance", { { "ms", sandboxStartMs } } } } });
    auto parsed = hw::parseScenario(root.dump(), "sandbox:" + s.name.toStdString());
    if (auto* e = std::get_if<hw::ScenarioError>(&parsed)) {
        *error = QString::fromStdString(e->toString());
        return false;
    }
    *scenario = std::get<hw::Scenario>(std::move(parsed));
    return true;
}

void SandboxDialog::check()
{
    const SandboxSettings s = settings();
    const QStringList problemList = problems(s);
    const QStringList warningList = warnings(s);
    QStringList lines;
    for (const QString& p : problemList)
        lines << tr("Cannot create: %1").arg(p);
    for (const QString& w : warningList)
        lines << tr("Note: %1").arg(w);
    m_message->setText(lines.join(QLatin1Char('\n')));
    QPalette palette = m_message->palette();
    palette.setColor(QPalette::WindowText, problemList.isEmpty() ? QColor(0x1A, 0x1A, 0x1A) : QColor(0xA0, 0x00, 0x20));
    m_message->setPalette(palette);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problemList.isEmpty());
}

} // namespace hw::ui
