// SPDX-License-Identifier: MIT
#include "shell/livelabdialog.h"

#include "control/livesession.h"
#include "control/simcontroller.h"
#include "timeline/timeline.h"

#include <algorithm>

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QNetworkInterface>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hw::ui {

namespace {

// The speeds the live lab offers: slower than real time lets a class watch each hop, but a client's
// own timeouts (request.timeout.ms, 30 s) run in wall time, so below 1/10x they would give up.
const std::vector<double>& liveSpeeds()
{
    static const std::vector<double> speeds { 0.1, 0.25, 0.5, 1.0, 2.0 };
    return speeds;
}
constexpr int liveSpeedDefault = 3; // 1x

QString speedText(double speed)
{
    return speed >= 1 ? QStringLiteral("%1x").arg(speed) : QStringLiteral("1/%1x").arg(1.0 / speed);
}

} // namespace

LiveLabDialog::LiveLabDialog(LiveSession* live, SimController* controller, QWidget* parent)
    : QDialog(parent), m_live(live), m_controller(controller)
{
    setObjectName(QStringLiteral("liveLabDialog"));
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

    auto* settings = new QGridLayout;
    m_portLabel = new QLabel(this);
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("livePort"));
    const int brokers = static_cast<int>(m_controller->timeline().head().brokers.size());
    m_port->setRange(1, 65535 - brokers);
    const int free = LiveSession::freeBasePort(QStringLiteral("127.0.0.1"), brokers, LiveSession::defaultBasePort);
    m_port->setValue(free > 0 ? free : LiveSession::defaultBasePort);
    m_portLabel->setBuddy(m_port);
    settings->addWidget(m_portLabel, 0, 0);
    settings->addWidget(m_port, 0, 1);
    m_speedLabel = new QLabel(this);
    m_speed = new QComboBox(this);
    m_speed->setObjectName(QStringLiteral("liveSpeed"));
    for (double s : liveSpeeds())
        m_speed->addItem(speedText(s), s);
    m_speed->setCurrentIndex(liveSpeedDefault);
    m_speedLabel->setBuddy(m_speed);
    settings->addWidget(m_speedLabel, 1, 0);
    settings->addWidget(m_speed, 1, 1);
    m_otherMachines = new QCheckBox(this);
    m_otherMachines->setObjectName(QStringLiteral("liveOtherMachines"));
    m_advertise = new QComboBox(this);
    m_advertise->setObjectName(QStringLiteral("liveAdvertise"));
    m_advertise->setEditable(true);
    for (const QHostAddress& address : QNetworkInterface::allAddresses()) {
        if (address.protocol() == QAbstractSocket::IPv4Protocol && !address.isLoopback())
            m_advertise->addItem(address.toString());
    }
    m_advertise->setEnabled(false);
    settings->addWidget(m_otherMachines, 2, 0);
    settings->addWidget(m_advertise, 2, 1);
    settings->setColumnStretch(1, 1);
    layout->addLayout(settings);
    m_warning = new QLabel(this);
    m_warning->setObjectName(QStringLiteral("liveWarning"));
    m_warning->setWordWrap(true);
    m_warning->setVisible(false);
    layout->addWidget(m_warning);

    auto* buttons = new QHBoxLayout;
    m_start = new QPushButton(this);
    m_start->setObjectName(QStringLiteral("liveStart"));
    m_stop = new QPushButton(this);
    m_stop->setObjectName(QStringLiteral("liveStop"));
    m_follow = new QPushButton(this);
    m_follow->setObjectName(QStringLiteral("liveFollow"));
    connect(m_follow, &QPushButton::clicked, m_controller, &SimController::followLive);
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_follow);
    buttons->addStretch();
    layout->addLayout(buttons);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("liveStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    // Below the controls, two tabs: what to give the clients, and who connected. On one page they would
    // not fit a 1280x720 projector (the commands are shown whole, wrapped, so a class can read them).
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("liveTabs"));
    auto* connectPage = new QWidget;
    auto* grid = new QGridLayout(connectPage);
    m_bootstrapLabel = new QLabel(connectPage);
    m_bootstrap = commandLabel(connectPage);
    m_bootstrap->setObjectName(QStringLiteral("liveBootstrap"));
    m_copyBootstrap = new QPushButton(connectPage);
    connect(m_copyBootstrap, &QPushButton::clicked, this,
        [this] { QGuiApplication::clipboard()->setText(m_bootstrap->text()); });
    grid->addWidget(m_bootstrapLabel, 0, 0, 1, 2);
    grid->addWidget(m_bootstrap, 1, 0);
    grid->addWidget(m_copyBootstrap, 1, 1, Qt::AlignTop);
    m_commandsLabel = new QLabel(connectPage);
    m_commandsLabel->setWordWrap(true);
    grid->addWidget(m_commandsLabel, 2, 0, 1, 2);
    int row = 3;
    for (Command command :
        { Command::KcatProduce, Command::KcatConsume, Command::Python, Command::JavaProduce, Command::JavaConsume }) {
        CommandRow r { command, new QLabel(connectPage), commandLabel(connectPage), new QPushButton(connectPage) };
        r.label->setWordWrap(true);
        r.line->setObjectName(QStringLiteral("liveCommand%1").arg(static_cast<int>(command)));
        r.copy->setObjectName(QStringLiteral("liveCopy%1").arg(static_cast<int>(command)));
        QLabel* line = r.line;
        connect(r.copy, &QPushButton::clicked, this, [line] { QGuiApplication::clipboard()->setText(line->text()); });
        grid->addWidget(r.label, row++, 0, 1, 2);
        grid->addWidget(r.line, row, 0);
        grid->addWidget(r.copy, row++, 1, Qt::AlignTop);
        m_commands.push_back(r);
    }
    grid->setColumnStretch(0, 1);
    grid->setRowStretch(row, 1);
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("liveConnectScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(connectPage);
    m_tabs->addTab(scroll, QString());

    m_clients = new QTreeWidget;
    m_clients->setObjectName(QStringLiteral("liveClients"));
    m_clients->setRootIsDecorated(false);
    m_clients->setColumnCount(3);
    m_clients->header()->setStretchLastSection(true);
    // Whole client.ids and addresses ("127.0.0.1:54321"), never cut to "127.0.0.1:5...".
    m_clients->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_clients->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_clients->setSortingEnabled(true);
    m_clients->sortByColumn(0, Qt::AscendingOrder);
    m_tabs->addTab(m_clients, QString());
    layout->addWidget(m_tabs, 1);
    m_undoNote = new QLabel(this);
    m_undoNote->setWordWrap(true);
    layout->addWidget(m_undoNote);

    connect(m_otherMachines, &QCheckBox::toggled, this, [this] { updateState(); });
    connect(m_advertise, &QComboBox::currentTextChanged, this, [this] { updateState(); });
    connect(m_start, &QPushButton::clicked, this, [this] {
        if (const QString error = startServing(); !error.isEmpty())
            m_status->setText(tr("Cannot start the live lab: %1").arg(error));
    });
    connect(m_stop, &QPushButton::clicked, m_live, &LiveSession::stop);
    connect(m_live, &LiveSession::servingChanged, this, [this](bool, const QString& reason) {
        m_stopReason = reason;
        updateState();
    });
    connect(m_live, &LiveSession::connectionsChanged, this, &LiveLabDialog::updateClients);
    connect(m_controller, &SimController::changed, this, [this](SimController::Changes what) {
        if (what & SimController::ScenarioChanged)
            updateCommands();
    });
    retranslate();
    fitScreen();
}

QLabel* LiveLabDialog::commandLabel(QWidget* parent)
{
    // Shown whole and wrapped, selectable, in a fixed-width font on the base colour, like a terminal line;
    // the Copy button beside it copies it exactly.
    auto* label = new QLabel(parent);
    // The fixed-width system font can be smaller than the text around it (in a Chinese locale it is):
    // never below the dialog's own size, so a command reads as well as its label from the back row.
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setStyleHint(QFont::TypeWriter); // where the platform names no fixed-width font, fontconfig picks one
    if (mono.pointSizeF() > 0 && parent->font().pointSizeF() > mono.pointSizeF())
        mono.setPointSizeF(parent->font().pointSizeF());
    label->setFont(mono);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setFrameShape(QFrame::StyledPanel);
    label->setBackgroundRole(QPalette::Base);
    label->setAutoFillBackground(true);
    label->setMargin(4);
    label->setMinimumWidth(200);
    return label;
}

void LiveLabDialog::fitScreen()
{
    // As wide as the commands want, no larger than the screen it opens on (a classroom projector is often
    // 1280x720): what does not fit scrolls inside the Connect tab.
    const QScreen* screen = parentWidget() ? parentWidget()->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1280, 720);
    const int frame = 40; // the window manager's title bar and borders
    resize(std::min(900, available.width() - frame), std::min(760, available.height() - frame));
}

QString LiveLabDialog::commandText(Command command, const QString& bootstrap, const QString& topic)
{
    switch (command) {
    case Command::KcatProduce:
        return QStringLiteral("kcat -b %1 -t %2 -P -X acks=all -X client.id=student-1").arg(bootstrap, topic);
    case Command::KcatConsume:
        return QStringLiteral("kcat -b %1 -t %2 -C -o beginning -X client.id=student-1").arg(bootstrap, topic);
    case Command::Python:
        return QStringLiteral("python3 -c \"from confluent_kafka import Producer; "
                              "p = Producer({'bootstrap.servers': '%1', 'client.id': 'student-1', 'acks': 'all'}); "
                              "[p.produce('%2', f'record {i}'.encode()) for i in range(10)]; p.flush()\"")
            .arg(bootstrap, topic);
    case Command::JavaProduce:
        return QStringLiteral("kafka-console-producer.sh --bootstrap-server %1 --topic %2 "
                              "--producer-property acks=all --producer-property client.id=student-1")
            .arg(bootstrap, topic);
    case Command::JavaConsume:
        return QStringLiteral("kafka-console-consumer.sh --bootstrap-server %1 --topic %2 --partition 0 "
                              "--offset earliest --consumer-property client.id=student-1")
            .arg(bootstrap, topic);
    }
    return QString();
}

QString LiveLabDialog::topic() const
{
    for (const hw::Topic& t : m_controller->timeline().head().topics) {
        if (!t.name.starts_with("__"))
            return QString::fromStdString(t.name);
    }
    return QStringLiteral("orders");
}

QString LiveLabDialog::startServing()
{
    LiveSession::Settings settings;
    if (m_otherMachines->isChecked()) {
        settings.bindAddress = m_advertise->currentText().trimmed();
        if (settings.bindAddress.isEmpty())
            return tr("Name the address other machines reach this one at.");
    }
    settings.basePort = m_port->value();
    settings.speed = m_speed->currentData().toDouble();
    m_stopReason.clear();
    const QString error = m_live->start(settings);
    updateState();
    return error;
}

void LiveLabDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void LiveLabDialog::retranslate()
{
    setWindowTitle(tr("Live lab"));
    m_intro->setText(tr("Serves this session to real Kafka clients: each broker listens on a port of its own, "
                        "and what the clients send happens in the simulation as it happens."));
    m_portLabel->setText(tr("&Base port (broker N listens on this port + N):"));
    m_speedLabel->setText(tr("&Speed (simulated time per wall-clock time):"));
    m_otherMachines->setText(tr("Let &other machines connect, at this address:"));
    m_warning->setText(tr("Warning: anyone who can reach this address can connect and write to the cluster. "
                          "Use it only on a network you trust, such as the classroom's."));
    m_start->setText(tr("S&tart serving"));
    m_stop->setText(tr("Sto&p (closes every connection)"));
    m_follow->setText(tr("Live: back to the present"));
    m_bootstrapLabel->setText(tr("Bootstrap address (give it to the clients):"));
    m_copyBootstrap->setText(tr("Copy"));
    m_commandsLabel->setText(tr("Commands to copy (a terminal on this machine):"));
    for (CommandRow& r : m_commands) {
        r.copy->setText(tr("Copy"));
        switch (r.command) {
        case Command::KcatProduce:
            r.label->setText(tr("kcat: produce each line you type, acks=all"));
            break;
        case Command::KcatConsume:
            r.label->setText(tr("kcat: read partition 0 from the beginning"));
            break;
        case Command::Python:
            r.label->setText(tr("Python (confluent-kafka): produce 10 records"));
            break;
        case Command::JavaProduce:
            r.label->setText(tr("Java (Kafka's console producer): produce each line you type"));
            break;
        case Command::JavaConsume:
            r.label->setText(tr("Java (Kafka's console consumer): read partition 0 from the beginning"));
            break;
        }
    }
    m_tabs->setTabText(0, tr("Connect"));
    m_clients->setHeaderLabels({ tr("client.id"), tr("Address"), tr("Broker") });
    m_undoNote->setText(tr("Undo is not offered for a live session: real clients cannot take back what they sent. "
                           "File > Save scenario keeps the session as a file that replays to the same frames."));
    updateState();
}

void LiveLabDialog::updateState()
{
    const bool serving = m_live->isServing();
    const bool other = m_otherMachines->isChecked();
    m_port->setEnabled(!serving);
    m_speed->setEnabled(!serving);
    m_otherMachines->setEnabled(!serving);
    m_advertise->setEnabled(!serving && other);
    m_warning->setVisible(other);
    m_start->setEnabled(!serving);
    m_stop->setEnabled(serving);
    m_follow->setEnabled(serving);
    if (serving)
        m_status->setText(tr("Serving at %1, speed %2.")
                              .arg(m_live->bootstrap(), speedText(m_live->settings().speed)));
    else if (!m_stopReason.isEmpty())
        m_status->setText(tr("The live lab stopped: %1").arg(m_stopReason));
    else
        m_status->setText(tr("Not serving."));
    updateCommands();
    updateClients();
}

void LiveLabDialog::updateCommands()
{
    const bool serving = m_live->isServing();
    QString bootstrap;
    if (serving) {
        bootstrap = m_live->bootstrap();
    } else {
        const QString host = m_otherMachines->isChecked() ? m_advertise->currentText().trimmed()
                                                          : QStringLiteral("127.0.0.1");
        QStringList brokers;
        for (const hw::Broker& b : m_controller->timeline().head().brokers)
            brokers << QStringLiteral("%1:%2").arg(host).arg(m_port->value() + b.id);
        bootstrap = brokers.join(QLatin1Char(','));
    }
    m_bootstrap->setText(bootstrap);
    const QString t = topic();
    for (CommandRow& r : m_commands) {
        r.line->setText(commandText(r.command, bootstrap, t));
    }
}

void LiveLabDialog::updateClients()
{
    const auto connections = m_live->connections();
    m_tabs->setTabText(1, tr("Connected clients (%n)", nullptr, static_cast<int>(connections.size())));
    m_clients->clear();
    for (const auto& c : connections) {
        auto* item = new QTreeWidgetItem(m_clients);
        item->setText(0, c.clientId.empty() ? tr("(no request yet)") : QString::fromStdString(c.clientId));
        item->setText(1, QString::fromStdString(c.peer));
        item->setText(2, tr("broker %1").arg(c.broker));
    }
}

} // namespace hw::ui
