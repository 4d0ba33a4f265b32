// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <sstream>
#include <vector>

// moc cannot parse the C++20 standard library that the core headers pull in.
#ifndef Q_MOC_RUN
#include "live/kafka_server.h"
#endif

namespace hw::ui {

class SimController;

/// File > Live lab: serves the open session to real Kafka clients (the live lab's KafkaServer, as
/// `highwater-cli serve` does) from inside the window.
///
/// Threading: the engine is deterministic and the Timeline is not thread-safe, so the server's Asio
/// io_context runs on the GUI thread. A QTimer polls it every pollIntervalMs (KafkaServer::poll runs
/// what is ready and never blocks), so every request, every engine step and every drawing reads and
/// writes the timeline from one thread; no lock is needed, and a request waits at most one interval
/// longer than under the CLI. A thread of its own would have to lock every Timeline access of every
/// view and panel.
class LiveSession : public QObject {
    Q_OBJECT

public:
    /// How often the sockets are polled: a request waits at most this long before it is read.
    static constexpr int pollIntervalMs = 4;
    /// How often the view is moved to the present while following it: 60 frames a second.
    static constexpr int followIntervalMs = 16;
    /// How many base ports freeBasePort tries from the one asked for.
    static constexpr int portSearchMax = 200;
    static constexpr int defaultBasePort = 19092;

    struct Settings {
        QString bindAddress = QStringLiteral("127.0.0.1"); // also the address clients are told (Metadata)
        int basePort = defaultBasePort; // broker N listens on basePort + N
        double speed = 1.0; // simulated ms per wall-clock ms
    };

    explicit LiveSession(SimController* controller, QObject* parent = nullptr);
    ~LiveSession() override;

    /// Starts serving the controller's session. Returns an error message, or an empty string.
    QString start(const Settings& settings);
    /// Closes every connection and listener; the frames stay.
    void stop();
    bool isServing() const;
    const Settings& settings() const { return m_settings; }

    /// The address list clients start from: every broker, "127.0.0.1:19093,127.0.0.1:19094,...".
    QString bootstrap() const;
    /// The open connections, by client index.
    std::vector<hw::live::KafkaServer::ConnectionInfo> connections() const;
    /// A GUI action (kill, restart, isolate, slow, produce, min.insync) on the present: the clock is
    /// brought to now, the action runs through the command path (SimController::perform at the last
    /// frame) and the listeners follow the brokers, so real clients see the effect at once. Returns
    /// the drivers' error text.
    QString perform(const hw::Step& action);
    /// Runs the sockets and timers that are ready, and moves the view (the poll timer calls it; tests
    /// may too).
    void pollNow();

    /// A base port from `from` on where every broker's port is free on the address (tried by
    /// binding), or -1.
    static int freeBasePort(const QString& address, int brokers, int from);
    /// Whether the address is a loopback address (the default; anything else needs a choice).
    static bool isLoopback(const QString& address);

signals:
    /// Serving started or stopped; reason says why it stopped when it stopped by itself (its server
    /// failed), else it is empty. The memory budget never stops it: the oldest frames go instead
    /// (SimController::framesDropped).
    void servingChanged(bool serving, const QString& reason);
    /// A connection opened, closed or named its client.id.
    void connectionsChanged();

private:
    void follow();

    SimController* m_controller;
    Settings m_settings;
    std::ostringstream m_log; // the server's log; the GUI shows the connections instead
    std::unique_ptr<hw::live::KafkaServer> m_server;
    QTimer m_pollTimer;
    QTimer m_followTimer;
    std::uint64_t m_revision = 0;
};

} // namespace hw::ui
