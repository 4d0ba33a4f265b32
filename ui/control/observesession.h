// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>

// moc cannot parse the C++20 standard library that the core headers pull in.
#ifndef Q_MOC_RUN
#include "model/observed.h"
#include "scenario/observed_json.h"
#endif

namespace hw::ui {

class SimController;

/// File > Connect to a Kafka cluster: observes a running cluster, read-only (issue 29), and shows each
/// poll that changed something as a frame of the controller's session (SimController::openObserved,
/// appendObserved). Optionally records every poll (scenario/observed_json.h's recording format), which
/// File > Open replays (openRecording).
///
/// Threading: realkafka::ClusterObserver blocks on its sockets, so ClusterObserver::run runs on a
/// std::jthread of its own; each poll is handed to the GUI thread as a queued call, and only the GUI
/// thread touches the timeline (as with the live lab, no view needs a lock). Disconnecting asks the thread
/// to stop; a poll under way finishes (at most the request timeout per request), and its result is
/// dropped. The destructor waits for the thread at most quitWaitMs, so quitting does not hang on a cluster
/// that stopped answering.
class ObserveSession : public QObject {
    Q_OBJECT

public:
    /// The request timeout the GUI asks for: short, since a poll under way delays quitting by up to it.
    static constexpr int requestTimeoutMs = 5000;
    /// How long quitting waits for a poll under way.
    static constexpr int quitWaitMs = requestTimeoutMs + 1000;
    static constexpr int defaultIntervalMs = 1000;
    /// The shortest interval the observer takes (realkafka::observeIntervalMin), for the dialog, which
    /// reaches realkafka/ only through the session.
    static int intervalMinMs();
    /// The environment variable a SASL password may come from (realkafka::saslPasswordVariable).
    static QString passwordVariable();
    /// How long the status line says the interval stretched, after the poll that outlasted it.
    static constexpr int stretchShownMs = 5000;

    struct Settings {
        QString bootstrap;       // HOST:PORT[,HOST:PORT...]
        QString securityFile;    // "" for PLAINTEXT
        QString topicsRegex = QStringLiteral(".*");
        int intervalMs = defaultIntervalMs;
        QString recordPath;      // "" for none
        int requestTimeoutMs = ObserveSession::requestTimeoutMs;
    };

    explicit ObserveSession(SimController* controller, QObject* parent = nullptr);
    ~ObserveSession() override;

    /// Checks the settings (each error names the option: the bootstrap list, the security file, the
    /// topics regex, the interval, the recording file) and starts polling. The session is replaced at the
    /// first poll (connected()); until then the frames shown stay. Returns an error message, or an empty
    /// string.
    QString start(const Settings& settings);
    /// Stops polling: the frames stay, and the recording is finished.
    void stop();
    bool isObserving() const { return m_observing; }
    /// Whether the first poll of this connection arrived (the session is the observed one).
    bool isConnected() const { return m_connected; }
    const Settings& settings() const { return m_settings; }
    /// The security file's warnings at the last start (a file others can read). Never a secret.
    const QStringList& securityWarnings() const { return m_securityWarnings; }
    bool isRecording() const { return m_recording != nullptr; }

    /// The status bar's text: "Observing HOST:PORT (cluster id) every N ms", with "interval stretched to
    /// N ms" after a poll that outlasted the interval; "Disconnected" once stopped; empty before the first
    /// start.
    QString statusText() const;

    /// Reads a security file as the connect dialog shows it: an error message (empty when it can be
    /// used) and its warnings. Never holds a secret.
    static QString checkSecurityFile(const QString& path, QStringList* warnings);

    /// Whether a file is an observe recording: its name ends in .jsonl, or its first line is a
    /// recording's header.
    static bool isRecordingFile(const QString& path);
    /// Opens an observe recording in the controller, poll by poll. Returns an error message when nothing
    /// can be shown (the file cannot be read, its header or first poll is wrong). A bad later line stops
    /// the reading there: the frames before it stay, and the controller's scenarioStopError() says
    /// which line, where in it and what was expected.
    static QString openRecording(SimController* controller, const QString& path);

signals:
    void observingChanged(bool observing);
    /// The first poll arrived and the controller's session is now the observed one.
    void connected();
    /// Before the first poll: the cluster could not be observed (the thread stopped).
    void connectFailed(const QString& error);
    /// After the first poll: a poll failed; the frames stay, and polling goes on.
    void pollFailed(const QString& error);
    /// Brokers did not answer a poll (said once, when the brokers that do not answer change): their node
    /// ids, "1, 2". The frames show it too, with why.
    void brokersUnanswered(const QString& brokers);
    /// Every broker answers again after some did not.
    void answeringAgain(const QString& text);
    /// statusText() changed.
    void statusChanged();
    /// A write to the recording failed: recording stopped, observing goes on.
    void recordingStopped(const QString& error);

private:
    struct Worker;
    struct Recording;
    void onPoll(std::uint64_t generation, const hw::ObservedCluster& poll);
    void onError(std::uint64_t generation, const QString& error);
    void retireWorker();
    void record(const hw::ObservedCluster& poll);
    void reportUnanswered(const hw::ObservedCluster& poll);
    /// Puts the recording in place (ObservedRecordingFile::finish) and says so when it cannot.
    void finishRecording();

    SimController* m_controller;
    Settings m_settings;
    QStringList m_securityWarnings;
    bool m_observing = false;
    bool m_started = false; // observing was started at least once
    bool m_connected = false;
    bool m_opening = false; // replacing the controller's session with the observed one
    std::uint64_t m_generation = 0; // polls of an older connection are dropped
    std::int32_t m_lastIntervalMs = 0;
    std::int32_t m_stretchedMs = 0; // the duration of the last poll that outlasted the interval, 0: none lately
    QElapsedTimer m_stretchedSince;
    QString m_clusterId;
    QStringList m_unanswered; // the node ids of the brokers the last poll had no answer from
    std::unique_ptr<Worker> m_worker;
    std::vector<std::unique_ptr<Worker>> m_retired; // stopped, their poll under way finishing
    std::unique_ptr<Recording> m_recording;
};

} // namespace hw::ui
