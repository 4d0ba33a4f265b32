// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>
#include <QString>

#include <functional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace hw::ui {

class ObserveSession;

/// File > Connect to a Kafka cluster...: the options of an observe session (issue 29), as
/// `highwater-cli observe` takes them: the bootstrap list, an optional security file (SSL, SASL), the
/// topics to observe, the polling interval and an optional recording file. Connect checks them (the
/// observer's own checks, each naming the option) and shows what is wrong here, and why the cluster
/// cannot be reached until its first poll arrives. Opened without waiting; it hides once connected.
/// It never shows a password: the security file's errors and warnings hold none.
class ConnectDialog : public QDialog {
    Q_OBJECT

public:
    /// mayReplace asks before the first poll replaces the session (unsaved work); false cancels.
    ConnectDialog(ObserveSession* session, std::function<bool()> mayReplace, QWidget* parent = nullptr);

    /// Starts observing with what the dialog says. Returns an error message (also shown), or an empty
    /// string.
    QString connectNow();

    QLineEdit* bootstrapEdit() const { return m_bootstrap; }
    QLineEdit* securityEdit() const { return m_security; }
    QLineEdit* topicsEdit() const { return m_topics; }
    QSpinBox* intervalBox() const { return m_interval; }
    QLineEdit* recordEdit() const { return m_record; }
    /// The error of the last Connect (or the security file's), empty when none.
    QLabel* errorLabel() const { return m_error; }
    QLabel* securityStatus() const { return m_securityStatus; }
    QLabel* statusLabel() const { return m_status; }
    QPushButton* connectButton() const { return m_connect; }
    QPushButton* disconnectButton() const { return m_disconnect; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateState();
    void checkSecurity();
    void showError(const QString& error);

    ObserveSession* m_session;
    std::function<bool()> m_mayReplace;
    QLabel* m_intro;
    QLabel* m_bootstrapLabel;
    QLineEdit* m_bootstrap;
    QLabel* m_securityLabel;
    QLineEdit* m_security;
    QToolButton* m_securityBrowse;
    QLabel* m_securityStatus;
    QLabel* m_topicsLabel;
    QLineEdit* m_topics;
    QLabel* m_intervalLabel;
    QSpinBox* m_interval;
    QLabel* m_recordLabel;
    QLineEdit* m_record;
    QToolButton* m_recordBrowse;
    QLabel* m_error;
    QLabel* m_status;
    QPushButton* m_connect;
    QPushButton* m_disconnect;
    QPushButton* m_close;
};

} // namespace hw::ui
