// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>
#include <QString>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QTabWidget;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace hw::ui {

class LiveSession;
class SimController;

/// File > Live lab...: starts and stops serving the open session to real Kafka clients
/// (LiveSession), and shows what a class needs: the bootstrap address, commands to copy for kcat,
/// Python (confluent-kafka) and Kafka's Java console tools, and the clients connected. It serves on
/// loopback unless "Let other machines connect" is ticked, with the address to advertise, and then
/// it warns. Opened without waiting; the window stays usable while it serves.
class LiveLabDialog : public QDialog {
    Q_OBJECT

public:
    LiveLabDialog(LiveSession* live, SimController* controller, QWidget* parent = nullptr);

    /// The commands shown, by kind, for the current address and topic (the text of each line).
    enum class Command { KcatProduce, KcatConsume, Python, JavaProduce, JavaConsume };
    static QString commandText(Command command, const QString& bootstrap, const QString& topic);

    /// Starts serving with what the dialog says. Returns an error message, or an empty string.
    QString startServing();

    QSpinBox* portBox() const { return m_port; }
    QCheckBox* otherMachinesBox() const { return m_otherMachines; }
    QComboBox* advertiseBox() const { return m_advertise; }
    QLabel* warningLabel() const { return m_warning; }
    QLabel* bootstrapLine() const { return m_bootstrap; }
    QTabWidget* tabs() const { return m_tabs; }
    QTreeWidget* clientList() const { return m_clients; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* stopButton() const { return m_stop; }
    QLabel* statusLabel() const { return m_status; }

protected:
    void changeEvent(QEvent* event) override;

private:
    static QLabel* commandLabel(QWidget* parent);
    void fitScreen();
    void retranslate();
    void updateState();
    void updateCommands();
    void updateClients();
    QString topic() const;

    LiveSession* m_live;
    SimController* m_controller;
    QLabel* m_intro;
    QLabel* m_portLabel;
    QSpinBox* m_port;
    QLabel* m_speedLabel;
    QComboBox* m_speed;
    QCheckBox* m_otherMachines;
    QComboBox* m_advertise;
    QLabel* m_warning;
    QPushButton* m_start;
    QPushButton* m_stop;
    QPushButton* m_follow; // Live: back to the present (also Play > Live, Ctrl+End)
    QLabel* m_status;
    QTabWidget* m_tabs; // Connect (address and commands), Connected clients
    QLabel* m_bootstrapLabel;
    QLabel* m_bootstrap;
    QPushButton* m_copyBootstrap;
    QLabel* m_commandsLabel;
    struct CommandRow {
        Command command;
        QLabel* label;
        QLabel* line; // the command, whole and wrapped (commandLabel)
        QPushButton* copy;
    };
    std::vector<CommandRow> m_commands;
    QTreeWidget* m_clients;
    QLabel* m_undoNote;
    QString m_stopReason;
};

} // namespace hw::ui
