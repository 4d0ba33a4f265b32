// SPDX-License-Identifier: MIT
#include "control/livesession.h"

#include "control/session.h"
#include "control/simcontroller.h"
#include "model/limits.h"
#include "timeline/timeline.h"

#include <QHostAddress>
#include <QStringList>
#include <QTcpServer>

namespace hw::ui {

LiveSession::LiveSession(SimController* controller, QObject* parent) : QObject(parent), m_controller(controller)
{
    m_pollTimer.setInterval(pollIntervalMs);
    m_pollTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_pollTimer, &QTimer::timeout, this, &LiveSession::pollNow);
    m_followTimer.setInterval(followIntervalMs);
    m_followTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_followTimer, &QTimer::timeout, this, &LiveSession::follow);
    // Whatever replaces the timeline (another scenario, an autosave restored, a rewind) would leave
    // the server with a timeline that no longer exists: it stops first.
    connect(m_controller, &SimController::aboutToReplaceTimeline, this, &LiveSession::stop, Qt::DirectConnection);
}

LiveSession::~LiveSession()
{
    stop();
}

bool LiveSession::isLoopback(const QString& address)
{
    const QHostAddress host(address);
    return !host.isNull() && host.isLoopback();
}

int LiveSession::freeBasePort(const QString& address, int brokers, int from)
{
    const QHostAddress host(address);
    if (host.isNull())
        return -1;
    for (int base = from; base < from + portSearchMax && base + brokers <= 65535; ++base) {
        bool free = true;
        for (int b = 1; b <= brokers && free; ++b) {
            QTcpServer probe;
            free = probe.listen(host, static_cast<quint16>(base + b));
        }
        if (free)
            return base;
    }
    return -1;
}

QString LiveSession::start(const Settings& settings)
{
    if (m_server)
        return tr("The live lab is already serving.");
    if (QHostAddress(settings.bindAddress).isNull())
        return tr("\"%1\" is not an IP address.").arg(settings.bindAddress);
    const int brokers = static_cast<int>(m_controller->timeline().head().brokers.size());
    if (settings.basePort < 1 || settings.basePort + brokers > 65535)
        return tr("Port %1 leaves no port for broker %2.").arg(settings.basePort).arg(brokers);
    m_settings = settings;
    hw::Timeline& timeline = m_controller->liveTimeline();
    // Followers always fetch in live mode, as serve does: a real acks=all producer would otherwise
    // wait for ever. It goes through the command path like any action, so a saved session has it.
    if (!timeline.head().config.autoFetch)
        m_controller->perform(m_controller->lastFrame(), autoFetchOn());
    hw::live::ServeOptions options;
    options.bindAddress = settings.bindAddress.toStdString();
    options.basePort = settings.basePort;
    options.speed = settings.speed;
    options.quiet = true;
    m_log.str({});
    auto server = std::make_unique<hw::live::KafkaServer>(m_controller->scenario(), timeline, options, m_log);
    // As serve does, at the memory budget the timeline drops its oldest frames and serving goes on: a
    // class never stops because of the cap. The session writes what it will save before each drop,
    // and the window's views start at the first frame kept once the controller has told them.
    m_controller->setDropsOldestFrames(true);
    if (const std::string error = server->listen(); !error.empty()) {
        server.reset();
        m_controller->setDropsOldestFrames(false);
        return QString::fromStdString(error);
    }
    m_server = std::move(server);
    m_server->start();
    m_revision = m_server->connectionsRevision();
    m_controller->setLive(true);
    m_pollTimer.start();
    m_followTimer.start();
    emit servingChanged(true, QString());
    return QString();
}

void LiveSession::stop()
{
    if (!m_server)
        return;
    m_pollTimer.stop();
    m_followTimer.stop();
    m_server->stopServing();
    m_server.reset();
    m_log.str({});
    // Offline again: a run that goes on stops at its budget, as every run that is not served does.
    m_controller->setDropsOldestFrames(false);
    m_controller->settleDrops();
    m_controller->liveAdvanced(static_cast<double>(m_controller->timeline().head().nowMs));
    m_controller->setLive(false);
    emit connectionsChanged();
    emit servingChanged(false, QString());
}

bool LiveSession::isServing() const
{
    return m_server && m_server->serving();
}

QString LiveSession::bootstrap() const
{
    QStringList brokers;
    for (const hw::Broker& b : m_controller->timeline().head().brokers)
        brokers << QStringLiteral("%1:%2").arg(m_settings.bindAddress).arg(m_settings.basePort + b.id);
    return brokers.join(QLatin1Char(','));
}

std::vector<hw::live::KafkaServer::ConnectionInfo> LiveSession::connections() const
{
    return m_server ? m_server->openConnections() : std::vector<hw::live::KafkaServer::ConnectionInfo> {};
}

QString LiveSession::perform(const hw::Step& action)
{
    if (!m_server)
        return m_controller->perform(m_controller->lastFrame(), action);
    m_server->catchUpNow();
    const QString error = m_controller->perform(m_controller->lastFrame(), action);
    m_server->actionApplied();
    m_controller->settleDrops();
    if (m_server->connectionsRevision() != m_revision) {
        m_revision = m_server->connectionsRevision();
        emit connectionsChanged();
    }
    return error;
}

void LiveSession::pollNow()
{
    if (!m_server)
        return;
    m_server->poll();
    m_log.str({});
    // Frames dropped while the server ran are told to the views before anything draws again.
    m_controller->settleDrops();
    if (m_server->connectionsRevision() != m_revision) {
        m_revision = m_server->connectionsRevision();
        emit connectionsChanged();
    }
    if (!m_server->serving()) {
        // It stopped by itself (its io_context failed): the frames stay, the clients go. The memory
        // budget no longer stops it: the oldest frames go instead.
        const QString reason = QString::fromStdString(m_server->stopReason());
        m_pollTimer.stop();
        m_followTimer.stop();
        m_server.reset();
        m_controller->setDropsOldestFrames(false);
        m_controller->liveAdvanced(static_cast<double>(m_controller->timeline().head().nowMs));
        m_controller->setLive(false);
        emit connectionsChanged();
        emit servingChanged(false, reason);
    }
}

void LiveSession::follow()
{
    if (m_server)
        m_controller->liveAdvanced(static_cast<double>(m_server->simNow()));
}

} // namespace hw::ui
