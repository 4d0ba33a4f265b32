// SPDX-License-Identifier: MIT
#include "shell/connectdialog.h"

#include "control/observesession.h"

#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace hw::ui {

namespace {

/// The longest interval offered: an hour. The shortest is left to the observer's own check, which says
/// why (ObserveSession::intervalMinMs).
constexpr int intervalMsMax = 3600 * 1000;

QLabel* wrappedLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

ConnectDialog::ConnectDialog(ObserveSession* session, std::function<bool()> mayReplace, QWidget* parent)
    : QDialog(parent), m_session(session), m_mayReplace(std::move(mayReplace))
{
    setObjectName(QStringLiteral("connectDialog"));
    auto* layout = new QVBoxLayout(this);
    m_intro = wrappedLabel(this);
    layout->addWidget(m_intro);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    const QSettings settings;
    m_bootstrapLabel = new QLabel(this);
    m_bootstrap = new QLineEdit(this);
    m_bootstrap->setObjectName(QStringLiteral("observeBootstrap"));
    m_bootstrap->setText(settings.value(QStringLiteral("observe/bootstrap")).toString());
    form->addRow(m_bootstrapLabel, m_bootstrap);

    m_securityLabel = new QLabel(this);
    m_security = new QLineEdit(this);
    m_security->setObjectName(QStringLiteral("observeSecurity"));
    m_security->setText(settings.value(QStringLiteral("observe/security")).toString());
    m_securityBrowse = new QToolButton(this);
    m_securityBrowse->setText(QStringLiteral("\u2026"));
    auto* securityRow = new QHBoxLayout;
    securityRow->addWidget(m_security, 1);
    securityRow->addWidget(m_securityBrowse);
    // What the file says goes under it, as wide as the field (a wrapped label in a row of its own would
    // get the narrowest width the form can give it).
    auto* securityField = new QVBoxLayout;
    securityField->addLayout(securityRow);
    m_securityStatus = wrappedLabel(this);
    m_securityStatus->setObjectName(QStringLiteral("observeSecurityStatus"));
    securityField->addWidget(m_securityStatus);
    form->addRow(m_securityLabel, securityField);

    m_topicsLabel = new QLabel(this);
    m_topics = new QLineEdit(this);
    m_topics->setObjectName(QStringLiteral("observeTopics"));
    m_topics->setText(settings.value(QStringLiteral("observe/topics"), QStringLiteral(".*")).toString());
    form->addRow(m_topicsLabel, m_topics);

    m_intervalLabel = new QLabel(this);
    m_interval = new QSpinBox(this);
    m_interval->setObjectName(QStringLiteral("observeInterval"));
    m_interval->setRange(1, intervalMsMax);
    m_interval->setSingleStep(100);
    m_interval->setValue(settings.value(QStringLiteral("observe/intervalMs"), ObserveSession::defaultIntervalMs).toInt());
    form->addRow(m_intervalLabel, m_interval);

    m_recordLabel = new QLabel(this);
    m_record = new QLineEdit(this);
    m_record->setObjectName(QStringLiteral("observeRecord"));
    m_recordBrowse = new QToolButton(this);
    m_recordBrowse->setText(QStringLiteral("\u2026"));
    auto* recordRow = new QHBoxLayout;
    recordRow->addWidget(m_record, 1);
    recordRow->addWidget(m_recordBrowse);
    form->addRow(m_recordLabel, recordRow);
    layout->addLayout(form);

    m_error = wrappedLabel(this);
    m_error->setObjectName(QStringLiteral("observeError"));
    QPalette errorPalette = m_error->palette();
    errorPalette.setColor(QPalette::WindowText, QColor(0xB0, 0x00, 0x20));
    m_error->setPalette(errorPalette);
    m_error->hide();
    layout->addWidget(m_error);
    m_status = wrappedLabel(this);
    m_status->setObjectName(QStringLiteral("observeStatus"));
    layout->addWidget(m_status);
    layout->addStretch(1);

    auto* buttons = new QHBoxLayout;
    m_connect = new QPushButton(this);
    m_connect->setObjectName(QStringLiteral("observeConnect"));
    m_connect->setDefault(true);
    m_disconnect = new QPushButton(this);
    m_disconnect->setObjectName(QStringLiteral("observeDisconnect"));
    m_close = new QPushButton(this);
    m_close->setObjectName(QStringLiteral("observeClose"));
    buttons->addStretch(1);
    buttons->addWidget(m_connect);
    buttons->addWidget(m_disconnect);
    buttons->addWidget(m_close);
    layout->addLayout(buttons);

    connect(m_connect, &QPushButton::clicked, this, &ConnectDialog::connectNow);
    connect(m_disconnect, &QPushButton::clicked, m_session, &ObserveSession::stop);
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);
    connect(m_security, &QLineEdit::editingFinished, this, &ConnectDialog::checkSecurity);
    connect(m_securityBrowse, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Security file"), m_security->text(),
            tr("Kafka client properties (*.properties *.conf);;All files (*)"));
        if (path.isEmpty())
            return;
        m_security->setText(path);
        checkSecurity();
    });
    connect(m_recordBrowse, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Record to file"), m_record->text(), tr("Observe recordings (*.jsonl)"));
        if (!path.isEmpty())
            m_record->setText(path);
    });
    connect(m_session, &ObserveSession::statusChanged, this, &ConnectDialog::updateState);
    connect(m_session, &ObserveSession::connectFailed, this, [this](const QString& error) {
        //: %1: why the cluster could not be observed (no broker answered, a bad security setting).
        showError(tr("Cannot observe the cluster: %1").arg(error));
    });
    connect(m_session, &ObserveSession::connected, this, [this] {
        showError(QString());
        hide();
    });
    retranslate();
    checkSecurity();
    updateState();
    resize(sizeHint().expandedTo(QSize(640, 0)));
}

QString ConnectDialog::connectNow()
{
    showError(QString());
    if (m_mayReplace && !m_mayReplace())
        return tr("Cancelled: the session was kept.");
    ObserveSession::Settings settings;
    settings.bootstrap = m_bootstrap->text().trimmed();
    settings.securityFile = m_security->text().trimmed();
    settings.topicsRegex = m_topics->text().isEmpty() ? QStringLiteral(".*") : m_topics->text();
    settings.intervalMs = m_interval->value();
    settings.recordPath = m_record->text().trimmed();
    const QString error = m_session->start(settings);
    if (!error.isEmpty()) {
        showError(error);
        return error;
    }
    // What connected is offered next time; the security file's path only, never what it holds.
    QSettings saved;
    saved.setValue(QStringLiteral("observe/bootstrap"), settings.bootstrap);
    saved.setValue(QStringLiteral("observe/security"), settings.securityFile);
    saved.setValue(QStringLiteral("observe/topics"), settings.topicsRegex);
    saved.setValue(QStringLiteral("observe/intervalMs"), settings.intervalMs);
    return QString();
}

void ConnectDialog::showError(const QString& error)
{
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

void ConnectDialog::checkSecurity()
{
    const QString path = m_security->text().trimmed();
    if (path.isEmpty()) {
        m_securityStatus->setText(tr("None: PLAINTEXT, no TLS and no SASL."));
        return;
    }
    QStringList warnings;
    const QString error = ObserveSession::checkSecurityFile(path, &warnings);
    if (!error.isEmpty())
        m_securityStatus->setText(tr("Cannot be used: %1").arg(error));
    else if (!warnings.isEmpty())
        m_securityStatus->setText(tr("Usable, with warnings: %1").arg(warnings.join(QStringLiteral(" "))));
    else
        m_securityStatus->setText(tr("Usable. A password may also come from %1.")
                                      .arg(ObserveSession::passwordVariable()));
}

void ConnectDialog::updateState()
{
    const bool observing = m_session->isObserving();
    m_connect->setEnabled(!observing);
    m_disconnect->setEnabled(observing);
    for (QWidget* w : std::initializer_list<QWidget*> { m_bootstrap, m_security, m_securityBrowse, m_topics, m_interval,
             m_record, m_recordBrowse })
        w->setEnabled(!observing);
    m_status->setText(m_session->statusText());
}

void ConnectDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void ConnectDialog::retranslate()
{
    setWindowTitle(tr("Connect to a Kafka cluster"));
    m_intro->setText(tr("HighWater observes a running Kafka cluster, read-only: every replica's log start, LEO and "
                        "high watermark, the ISR and ELR, leaders and consumer groups, polled every interval. It "
                        "sends only describe, list and fetch requests."));
    m_bootstrapLabel->setText(tr("Bootstrap servers:"));
    m_bootstrap->setPlaceholderText(tr("HOST:PORT[,HOST:PORT...]"));
    m_securityLabel->setText(tr("Security file:"));
    m_security->setPlaceholderText(tr("optional: Kafka client properties for SSL or SASL"));
    m_securityBrowse->setToolTip(tr("Choose the security file"));
    m_topicsLabel->setText(tr("Topics (regex):"));
    m_topics->setToolTip(tr("A regular expression matched against each whole topic name; .* observes every topic"));
    m_intervalLabel->setText(tr("Poll every:"));
    m_interval->setSuffix(tr(" ms"));
    m_interval->setToolTip(tr("At least %1 ms; a poll that takes longer stretches the interval")
                               .arg(ObserveSession::intervalMinMs()));
    m_recordLabel->setText(tr("Record to file:"));
    m_record->setPlaceholderText(tr("optional: a .jsonl file that File > Open replays"));
    m_recordBrowse->setToolTip(tr("Choose the recording file"));
    m_connect->setText(tr("Connect"));
    m_disconnect->setText(tr("Disconnect"));
    m_close->setText(tr("Close"));
    checkSecurity();
    updateState();
}

} // namespace hw::ui
