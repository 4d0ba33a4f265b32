// SPDX-License-Identifier: MIT
#pragma once

#include "model/kafka_version.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace hw {
struct Scenario;
}

namespace hw::ui {

/// What a new sandbox cluster is made of.
struct SandboxSettings {
    QString name = QStringLiteral("sandbox");
    /// The release whose rules the cluster follows (cluster.kafka_version).
    hw::KafkaVersion kafkaVersion = hw::defaultKafkaVersion;
    int brokers = 3;
    QString topics = QStringLiteral("orders"); // comma-separated names
    int partitions = 1; // per topic
    int replicationFactor = 3;
    int minInsyncReplicas = 1;
    bool uncleanLeaderElection = false;
    bool autoFetch = true;
    int latencyMs = 5;
    int producers = 1;
    QString acks = QStringLiteral("all");
    int groups = 0;
    int consumersPerGroup = 2;
    int spareConsumersPerGroup = 1; // created stopped, to be added to the group later
};

/// New sandbox: a cluster of your own, to act on from the GUI. Its one step lets the cluster run for
/// its first seconds (heartbeats, and fetches with auto.fetch), so that there is something to play
/// from frame 0; everything after it is the user's. Impossible settings
/// are explained as they are typed, and the dialog cannot be accepted until none is left.
class SandboxDialog : public QDialog {
    Q_OBJECT

public:
    explicit SandboxDialog(QWidget* parent = nullptr);

    SandboxSettings settings() const;
    void setSettings(const SandboxSettings& settings);

    /// Settings that cannot make a cluster, each as a sentence saying why and what would.
    static QStringList problems(const SandboxSettings& settings);
    /// Settings that make a cluster that may surprise (acks=all can never succeed, say).
    static QStringList warnings(const SandboxSettings& settings);
    /// The scenario of valid settings (checked by the scenario reader too); on failure, why.
    static bool makeScenario(const SandboxSettings& settings, hw::Scenario* scenario, QString* error);
    static QStringList topicNames(const SandboxSettings& settings);

    QLabel* messageLabel() const { return m_message; }
    QComboBox* kafkaVersionCombo() const { return m_kafkaVersion; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    void check();

    QLineEdit* m_name;
    QComboBox* m_kafkaVersion;
    QSpinBox* m_brokers;
    QLineEdit* m_topics;
    QSpinBox* m_partitions;
    QSpinBox* m_replication;
    QSpinBox* m_minInsync;
    QCheckBox* m_unclean;
    QCheckBox* m_autoFetch;
    QSpinBox* m_latency;
    QSpinBox* m_producers;
    QComboBox* m_acks;
    QSpinBox* m_groups;
    QSpinBox* m_consumers;
    QSpinBox* m_spares;
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
};

} // namespace hw::ui
