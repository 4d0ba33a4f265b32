// SPDX-License-Identifier: MIT
#include "shell/realcomparedialog.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace hw::ui {

namespace {

QString versionName(hw::KafkaVersion version)
{
    const std::string_view name = hw::kafkaVersionName(version);
    return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

/// "1:05", "12:40", "1:02:03": the time a run has taken.
QString clockText(qint64 ms)
{
    const qint64 seconds = ms / 1000;
    if (seconds >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(seconds / 3600)
            .arg((seconds / 60) % 60, 2, 10, QLatin1Char('0'))
            .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

/// The runner's lines the log view keeps: a long run says a few hundred.
constexpr int logLinesMax = 2000;
/// How often the elapsed time is redrawn.
constexpr int tickMs = 1000;

} // namespace

RealCompareDialog::RealCompareDialog(const hw::Scenario& scenario, QWidget* parent)
    : QDialog(parent),
      m_scenario(scenario),
      m_refusalTexts(realcompare::refusalTexts(scenario)),
      m_run(new RealCompareRun(this)),
      m_intro(new QLabel(this)),
      m_versionLabel(new QLabel(this)),
      m_directoryLabel(new QLabel(this)),
      m_directory(new QLineEdit(this)),
      m_browse(new QPushButton(this)),
      m_distributionLabel(new QLabel(this)),
      m_refusalHeading(new QLabel(this)),
      m_refusals(new QListWidget(this)),
      m_progressBox(new QWidget(this)),
      m_stepLabel(new QLabel(m_progressBox)),
      m_elapsedLabel(new QLabel(m_progressBox)),
      m_progressBar(new QProgressBar(m_progressBox)),
      m_log(new QPlainTextEdit(m_progressBox)),
      m_outcome(new QLabel(this)),
      m_start(nullptr),
      m_cancel(nullptr)
{
    setObjectName(QStringLiteral("realCompareDialog"));
    QFont base = font();
    base.setPointSizeF(std::max<qreal>(base.pointSizeF(), 11.0));
    setFont(base);
    for (QLabel* label : { m_intro, m_versionLabel, m_distributionLabel, m_refusalHeading, m_outcome }) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_versionLabel->setObjectName(QStringLiteral("versionLabel"));
    m_versionLabel->setTextFormat(Qt::RichText);
    m_directory->setObjectName(QStringLiteral("distributionDirectory"));
    m_distributionLabel->setObjectName(QStringLiteral("distributionProblem"));
    m_refusalHeading->setObjectName(QStringLiteral("refusalHeading"));
    m_refusals->setObjectName(QStringLiteral("refusalList"));
    m_refusals->setWordWrap(true);
    // A refusal of two lines and the next one read apart.
    m_refusals->setSpacing(4);
    m_refusals->setFocusPolicy(Qt::NoFocus);
    m_stepLabel->setObjectName(QStringLiteral("stepLabel"));
    m_stepLabel->setWordWrap(true);
    QFont bold = m_stepLabel->font();
    bold.setBold(true);
    m_stepLabel->setFont(bold);
    m_elapsedLabel->setObjectName(QStringLiteral("elapsedLabel"));
    m_log->setObjectName(QStringLiteral("runnerLog"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(logLinesMax);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_outcome->setObjectName(QStringLiteral("outcomeLabel"));

    auto* directoryRow = new QHBoxLayout;
    directoryRow->addWidget(m_directory, 1);
    directoryRow->addWidget(m_browse);

    auto* progressLayout = new QVBoxLayout(m_progressBox);
    progressLayout->setContentsMargins(0, 0, 0, 0);
    auto* stepRow = new QHBoxLayout;
    stepRow->addWidget(m_stepLabel, 1);
    stepRow->addWidget(m_elapsedLabel);
    progressLayout->addLayout(stepRow);
    progressLayout->addWidget(m_progressBar);
    progressLayout->addWidget(m_log, 1);
    m_progressBox->setVisible(false);

    auto* buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("startButton"));
    m_cancel = buttons->addButton(QString(), QDialogButtonBox::RejectRole);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    // Start is pressed, never triggered by Enter in the directory field: a run takes minutes.
    m_start->setAutoDefault(false);
    m_cancel->setAutoDefault(false);
    connect(m_start, &QPushButton::clicked, this, &RealCompareDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_run->isRunning())
            cancelRun();
        else
            reject();
    });
    connect(m_browse, &QPushButton::clicked, this, &RealCompareDialog::browse);
    connect(m_directory, &QLineEdit::textChanged, this, &RealCompareDialog::checkDirectory);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_versionLabel);
    layout->addWidget(m_directoryLabel);
    layout->addLayout(directoryRow);
    layout->addWidget(m_distributionLabel);
    layout->addWidget(m_refusalHeading);
    layout->addWidget(m_refusals, 1);
    layout->addWidget(m_progressBox, 2);
    layout->addWidget(m_outcome);
    layout->addWidget(buttons);
    m_refusalHeading->setVisible(!m_refusalTexts.isEmpty());
    m_refusals->setVisible(!m_refusalTexts.isEmpty());
    m_refusals->addItems(m_refusalTexts);

    // Precise: a coarse timer may fire up to 5% early, at 0.95 s, and "Elapsed 0:00" would then stand
    // until nearly two seconds. Started with the clock, a precise tick comes at each whole second.
    m_ticker.setTimerType(Qt::PreciseTimer);
    m_ticker.setInterval(tickMs);
    connect(&m_ticker, &QTimer::timeout, this, &RealCompareDialog::showProgress);
    connect(m_run, &RealCompareRun::progressChanged, this, &RealCompareDialog::showProgress);
    connect(m_run, &RealCompareRun::logLine, this, [this](const QString& line) { m_log->appendPlainText(line); });
    connect(m_run, &RealCompareRun::finished, this, &RealCompareDialog::onFinished);

    retranslateUi();
    const QString remembered = QSettings().value(QLatin1String(realcompare::distributionSettingsKey)).toString();
    m_directory->setText(remembered);
    checkDirectory();
    resize(760, m_refusalTexts.isEmpty() ? 420 : 560);
}

RealCompareDialog::~RealCompareDialog()
{
    // The run's destructor cancels and waits too; this says so in the order the window closes.
    m_run->cancel();
    m_run->wait();
}

void RealCompareDialog::retranslateUi()
{
    setWindowTitle(tr("Compare with real Kafka"));
    const QString version = versionName(m_scenario.cluster.config.kafkaVersion);
    m_intro->setText(tr("HighWater runs this scenario in its simulation and on a real Apache Kafka cluster started on "
                        "this computer (a controller and %n broker(s), each a Java process), then shows both at each "
                        "checkpoint with what agrees and what differs. A real run takes minutes.",
        nullptr, m_scenario.cluster.brokers));
    m_versionLabel->setText(
        tr("This scenario is for Kafka %1, so the distribution must be Kafka %1. In HighWater's source tree "
           "<code>%2</code> assembles one from Maven Central and prints its directory; an Apache Kafka %1 release "
           "unpacked works too.")
            .arg(version, realcompare::kafkaDistCommand(m_scenario.cluster.config.kafkaVersion).toHtmlEscaped()));
    m_directoryLabel->setText(tr("Kafka distribution directory:"));
    m_directory->setPlaceholderText(tr("The directory scripts/kafka-dist %1 printed").arg(version));
    m_browse->setText(tr("Browse..."));
    m_refusalHeading->setText(tr("Real Kafka cannot run this scenario. Nothing will start until these are gone "
                                 "from it (each with its place in the scenario file):"));
    m_start->setText(tr("&Start"));
    m_start->setToolTip(tr("Run the simulation and the real cluster, then compare them at each checkpoint"));
    updateControls();
    showProgress();
}

void RealCompareDialog::setDirectory(const QString& directory)
{
    m_directory->setText(directory);
}

void RealCompareDialog::browse()
{
    const QString chosen = QFileDialog::getExistingDirectory(
        this, tr("Kafka distribution directory"), m_directory->text().isEmpty() ? QDir::homePath() : m_directory->text());
    if (!chosen.isEmpty())
        m_directory->setText(chosen);
}

void RealCompareDialog::checkDirectory()
{
    m_check = realcompare::checkDistribution(m_directory->text(), m_scenario.cluster.config.kafkaVersion);
    if (m_check.distribution) {
        m_distributionLabel->setText(QStringLiteral("\u2713 ")
            + tr("Apache Kafka %1 in %2").arg(QString::fromStdString(m_check.distribution->version),
                QString::fromStdString(m_check.distribution->dir.string())));
    } else {
        m_distributionLabel->setText(QStringLiteral("\u2717 ") + m_check.problem);
    }
    updateControls();
}

bool RealCompareDialog::canStart() const
{
    return m_refusalTexts.isEmpty() && m_check.distribution.has_value() && !m_run->isRunning();
}

void RealCompareDialog::updateControls()
{
    const bool running = m_run->isRunning();
    m_start->setEnabled(canStart());
    m_directory->setEnabled(!running);
    m_browse->setEnabled(!running);
    m_cancel->setText(running ? tr("Cancel run") : tr("Close"));
    m_cancel->setToolTip(running ? tr("Stop the real run: every Kafka process is stopped and its files removed")
                                 : QString());
}

void RealCompareDialog::start()
{
    if (!canStart())
        return;
    QSettings().setValue(QLatin1String(realcompare::distributionSettingsKey), m_directory->text().trimmed());
    m_outcome->clear();
    m_log->clear();
    m_progressBox->setVisible(true);
    m_clock.start();
    m_ticker.start();
    m_run->start(m_scenario, *m_check.distribution);
    updateControls();
    showProgress();
}

void RealCompareDialog::cancelRun()
{
    if (!m_run->isRunning())
        return;
    m_stepLabel->setText(tr("Cancelling: stopping every Kafka process..."));
    QApplication::setOverrideCursor(Qt::WaitCursor);
    m_run->cancel();
    m_run->wait();
    QApplication::restoreOverrideCursor();
    // The worker's last report is queued; the dialog says it now, as the run has ended.
    onFinished(QString(), true);
}

void RealCompareDialog::showProgress()
{
    if (!m_clock.isValid())
        return;
    const RealCompareRun::Progress& p = m_run->progress();
    const int steps = static_cast<int>(p.steps);
    // Simulating and starting the cluster count as one part each, the steps one each, the comparison one.
    m_progressBar->setRange(0, steps + 3);
    QString text;
    switch (p.phase) {
    case RealCompareRun::Phase::Simulating:
        text = tr("Simulating the scenario...");
        m_progressBar->setValue(0);
        break;
    case RealCompareRun::Phase::Starting:
        text = tr("Starting Kafka: a controller and %n broker(s)...", nullptr, m_scenario.cluster.brokers);
        m_progressBar->setValue(1);
        break;
    case RealCompareRun::Phase::Step:
        text = p.step < p.steps
            //: The step a real run is at: "Step 3 of 9: kill_leader" (the step's key in the scenario file).
            ? tr("Step %1 of %2: %3").arg(p.step + 1).arg(steps).arg(p.stepKey)
            : tr("Stopping the cluster...");
        m_progressBar->setValue(2 + static_cast<int>(p.step));
        break;
    case RealCompareRun::Phase::Comparing:
        text = tr("Comparing the checkpoints...");
        m_progressBar->setValue(steps + 2);
        break;
    }
    if (m_run->isRunning())
        m_stepLabel->setText(text);
    //: The time a real run has taken so far: "Elapsed 2:05".
    m_elapsedLabel->setText(tr("Elapsed %1").arg(clockText(m_clock.elapsed())));
}

void RealCompareDialog::onFinished(const QString& error, bool cancelled)
{
    if (!m_ticker.isActive())
        return; // already said (a cancel waits for the worker and says it at once)
    m_ticker.stop();
    showProgress();
    if (cancelled) {
        m_stepLabel->setText(tr("Cancelled."));
        m_outcome->setText(tr("The run was cancelled: every Kafka process was stopped and the cluster's files "
                              "removed."));
    } else if (!error.isEmpty()) {
        m_stepLabel->setText(tr("The real run failed."));
        m_outcome->setText(QStringLiteral("\u2717 ") + tr("The run failed: %1").arg(error));
    } else {
        m_progressBar->setValue(m_progressBar->maximum());
        m_stepLabel->setText(tr("Done in %1.").arg(clockText(m_clock.elapsed())));
    }
    updateControls();
    if (!cancelled && error.isEmpty()) {
        emit compared(m_run->sharedResult());
        accept();
    }
}

void RealCompareDialog::closeEvent(QCloseEvent* event)
{
    cancelRun();
    QDialog::closeEvent(event);
}

void RealCompareDialog::reject()
{
    // Esc or the window's close button while running: the run is cancelled first, and then the dialog
    // closes, so that nothing is left running behind a closed window.
    cancelRun();
    QDialog::reject();
}

void RealCompareDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace hw::ui
