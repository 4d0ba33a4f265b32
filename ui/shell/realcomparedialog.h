// SPDX-License-Identifier: MIT
#pragma once

#include "control/realcompare.h"

#include <QDialog>
#include <QElapsedTimer>
#include <QTimer>

#include <memory>
#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QWidget;

namespace hw::ui {

/// View > Compare with real Kafka... (object name "realCompareDialog"): everything before the two runs
/// stand side by side. It explains what a distribution is and which version this scenario needs
/// (scripts/kafka-dist X.Y), takes the directory (remembered in QSettings) and checks it at once; it
/// lists every step real Kafka cannot run (realkafka::checkRealScenario, with JSON paths) before
/// anything starts. Started, it shows the step running, the time elapsed and the runner's lines, and
/// Cancel stops the run and tears its cluster down. Closing it while a run goes on cancels the run and
/// waits for the teardown (seconds), so that no JVM outlives it. When the run is done it emits compared()
/// and closes.
class RealCompareDialog : public QDialog {
    Q_OBJECT

public:
    explicit RealCompareDialog(const hw::Scenario& scenario, QWidget* parent = nullptr);
    ~RealCompareDialog() override;

    /// Sets the directory (as typing it does) and checks it.
    void setDirectory(const QString& directory);
    /// Starts the run when everything is in order (as the Start button does).
    void start();
    /// Cancels the run (as the Cancel button does while running) and waits for its teardown.
    void cancelRun();

    RealCompareRun* run() const { return m_run; }
    bool canStart() const;

    // The parts, for tests.
    QLineEdit* directoryEdit() const { return m_directory; }
    QLabel* distributionLabel() const { return m_distributionLabel; }
    QLabel* versionLabel() const { return m_versionLabel; }
    QListWidget* refusalList() const { return m_refusals; }
    QLabel* refusalHeading() const { return m_refusalHeading; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* stepLabel() const { return m_stepLabel; }
    QLabel* elapsedLabel() const { return m_elapsedLabel; }
    QLabel* outcomeLabel() const { return m_outcome; }
    QPlainTextEdit* logView() const { return m_log; }

signals:
    /// The run finished and its comparison is ready.
    void compared(std::shared_ptr<const hw::ui::RealCompareResult> result);

protected:
    void closeEvent(QCloseEvent* event) override;
    void reject() override;
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void checkDirectory();
    void browse();
    void updateControls();
    void showProgress();
    void onFinished(const QString& error, bool cancelled);

    hw::Scenario m_scenario;
    QStringList m_refusalTexts;
    realcompare::DistributionCheck m_check;
    RealCompareRun* m_run;
    QElapsedTimer m_clock;
    QTimer m_ticker;

    QLabel* m_intro;
    QLabel* m_versionLabel;
    QLabel* m_directoryLabel;
    QLineEdit* m_directory;
    QPushButton* m_browse;
    QLabel* m_distributionLabel;
    QLabel* m_refusalHeading;
    QListWidget* m_refusals;
    QWidget* m_progressBox;
    QLabel* m_stepLabel;
    QLabel* m_elapsedLabel;
    QProgressBar* m_progressBar;
    QPlainTextEdit* m_log;
    QLabel* m_outcome;
    QPushButton* m_start;
    QPushButton* m_cancel;
};

} // namespace hw::ui
