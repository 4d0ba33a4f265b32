// SPDX-License-Identifier: MIT
#pragma once

#include <QPointer>
#include <QWidget>

// moc cannot parse the C++20 standard library that the core headers pull in; it only needs the
// names of the types in the signal, which the compiler then sees in full.
#ifndef Q_MOC_RUN
#include "control/useraction.h"
#endif

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;

namespace hw::ui {

class AddConsumerDialog;
class SimController;

/// Buttons and fields for every action on the cluster: produce, broker faults, leader kills and
/// elections, fetch rounds, time, a slow follower, configuration, consumers. It only asks for actions
/// (actionRequested); the main window pushes them as undoable commands.
///
/// It has 54 member functions, but 35 of them are getters of its widgets and its dialog for the tests
/// (which press its buttons as a user would); what it does is in the other 19, one builder per group
/// of controls, and splitting the groups into classes would only move the getters.
class ControlPanel : public QWidget {
    Q_OBJECT

public:
    explicit ControlPanel(SimController* controller, QWidget* parent = nullptr);

    /// Re-reads the current frame: which actions make sense now; with scenarioChanged, the lists too.
    void refresh(bool scenarioChanged);

    // The widgets, for tests.
    QPushButton* sendButton() const { return m_send; }
    QComboBox* producerCombo() const { return m_producer; }
    QComboBox* topicCombo() const { return m_topic; }
    QComboBox* partitionChoice() const { return m_producePartition; }
    QLineEdit* keyEdit() const { return m_key; }
    QLineEdit* valueEdit() const { return m_value; }
    QComboBox* acksCombo() const { return m_acks; }
    QComboBox* brokerCombo() const { return m_broker; }
    QPushButton* killButton() const { return m_kill; }
    QPushButton* restartButton() const { return m_restart; }
    QPushButton* shutdownButton() const { return m_shutdown; }
    QPushButton* isolateButton() const { return m_isolate; }
    QPushButton* healButton() const { return m_heal; }
    QSpinBox* loseUnflushedSpin() const { return m_loseUnflushed; }
    QComboBox* partitionCombo() const { return m_partition; }
    QPushButton* killLeaderButton() const { return m_killLeader; }
    QPushButton* electPreferredButton() const { return m_electPreferred; }
    QPushButton* electUncleanButton() const { return m_electUnclean; }
    QComboBox* followerCombo() const { return m_follower; }
    QPushButton* fetchButton() const { return m_fetch; }
    QPushButton* settleButton() const { return m_settle; }
    QSpinBox* advanceSpin() const { return m_advanceMs; }
    QPushButton* advanceButton() const { return m_advance; }
    QComboBox* slowBrokerCombo() const { return m_slowBroker; }
    QSlider* latencySlider() const { return m_latency; }
    QPushButton* slowButton() const { return m_slow; }
    QSpinBox* minInsyncSpin() const { return m_minInsync; }
    QCheckBox* uncleanCheck() const { return m_unclean; }
    QPushButton* configButton() const { return m_applyConfig; }
    QComboBox* consumerCombo() const { return m_consumer; }
    QPushButton* joinButton() const { return m_join; }
    QPushButton* leaveButton() const { return m_leave; }
    QPushButton* crashConsumerButton() const { return m_crashConsumer; }
    QPushButton* pollButton() const { return m_poll; }
    QPushButton* addConsumerButton() const { return m_addConsumer; }
    /// The open "Add a consumer" dialog, if any.
    AddConsumerDialog* addConsumerDialog() const;

    /// Opens the "Add a consumer" dialog (window-modal) with the group preselected (-1: the first);
    /// accepting it asks for the add_consumer action.
    void openAddConsumer(std::int32_t group);

signals:
    void actionRequested(const hw::Step& action);

protected:
    /// On QEvent::LanguageChange: the texts made from the state (fixed texts follow by themselves).
    void changeEvent(QEvent* event) override;

private:
    static QString brokerItemText(int broker);
    static QString consumerItemText(const hw::ClusterState& s, int consumer);
    /// An observed session is read-only: every group is disabled, and the panel says why.
    void refreshReadOnly();
    QGroupBox* buildProduce();
    QGroupBox* buildBrokers();
    QGroupBox* buildPartition();
    QGroupBox* buildSlow();
    QGroupBox* buildConfig();
    QGroupBox* buildConsumers();
    void refreshFollowers();
    void refreshProducePartitions();
    void refreshLatencyLabel();

    void produce();
    void brokerAction(int kind);
    void consumerAction(int kind);

    SimController* m_controller;

    QGroupBox* m_produceBox = nullptr;
    QLabel* m_readOnly = nullptr; // over the panel while the session is observed (issue 29)
    QComboBox* m_producer = nullptr;
    QComboBox* m_topic = nullptr;
    QComboBox* m_producePartition = nullptr;
    QLineEdit* m_key = nullptr;
    QLineEdit* m_value = nullptr;
    QComboBox* m_acks = nullptr;
    QPushButton* m_send = nullptr;

    QComboBox* m_broker = nullptr;
    QPushButton* m_kill = nullptr;
    QPushButton* m_restart = nullptr;
    QPushButton* m_shutdown = nullptr;
    QPushButton* m_isolate = nullptr;
    QPushButton* m_heal = nullptr;
    QSpinBox* m_loseUnflushed = nullptr;

    QComboBox* m_partition = nullptr;
    QPushButton* m_killLeader = nullptr;
    QPushButton* m_electPreferred = nullptr;
    QPushButton* m_electUnclean = nullptr;
    QComboBox* m_follower = nullptr;
    QPushButton* m_fetch = nullptr;
    QPushButton* m_settle = nullptr;
    QSpinBox* m_advanceMs = nullptr;
    QPushButton* m_advance = nullptr;

    QComboBox* m_slowBroker = nullptr;
    QSlider* m_latency = nullptr;
    QLabel* m_latencyLabel = nullptr;
    QPushButton* m_slow = nullptr;

    QSpinBox* m_minInsync = nullptr;
    QCheckBox* m_unclean = nullptr;
    QPushButton* m_applyConfig = nullptr;

    QGroupBox* m_consumersBox = nullptr;
    QComboBox* m_consumer = nullptr;
    QPushButton* m_join = nullptr;
    QPushButton* m_leave = nullptr;
    QPushButton* m_crashConsumer = nullptr;
    QPushButton* m_poll = nullptr;
    QPushButton* m_addConsumer = nullptr;
    QPointer<AddConsumerDialog> m_addConsumerDialog;
};

} // namespace hw::ui
