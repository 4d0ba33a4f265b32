// SPDX-License-Identifier: MIT
#include "control/observesession.h"

#include "base/fileerrors.h"
#include "control/simcontroller.h"
#include "scenario/observed_recording.h"
#include "realkafka/cluster_observer.h"
#include "realkafka/security_config.h"

#include <QFile>
#include <QFileInfo>
#include <QMetaObject>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <regex>
#include <stop_token>
#include <thread>

namespace hw::ui {

/// The polling thread and what it shares with the session. The session pointer is cleared when the
/// session goes, under the mutex that every hand-over to the GUI thread holds: a thread that quitting did
/// not wait for can still finish its poll, and its result goes nowhere.
struct ObserveSession::Worker {
    struct Shared {
        std::mutex mutex;
        ObserveSession* session = nullptr;
        bool done = false;
        std::condition_variable doneChanged;
    };
    std::shared_ptr<Shared> shared = std::make_shared<Shared>();
    std::jthread thread;

    /// Calls fn(session) on the GUI thread, unless the session is gone.
    static void post(const std::shared_ptr<Shared>& shared, std::function<void(ObserveSession*)> fn)
    {
        const std::lock_guard lock(shared->mutex);
        if (ObserveSession* session = shared->session)
            QMetaObject::invokeMethod(session, [session, fn = std::move(fn)] { fn(session); }, Qt::QueuedConnection);
    }

    /// Waits until the thread ended, at most `wait`. Returns whether it did.
    bool waitDone(std::chrono::milliseconds wait)
    {
        std::unique_lock lock(shared->mutex);
        return shared->doneChanged.wait_for(lock, wait, [this] { return shared->done; });
    }

    /// Stops the thread and waits for it at most `wait`; a thread still in a poll then is left to finish
    /// on its own (it holds only the shared state and the observer).
    void finish(std::chrono::milliseconds wait)
    {
        thread.request_stop();
        if (waitDone(wait)) {
            thread.join();
            return;
        }
        {
            const std::lock_guard lock(shared->mutex);
            shared->session = nullptr;
        }
        thread.detach();
    }
};

/// The recording being written: the header line first, then one line per poll (scenario/observed_json.h).
/// It never holds credentials: the header names the bootstrap list, the topics and the interval.
struct ObserveSession::Recording {
    std::unique_ptr<hw::ObservedRecordingFile> file;
};

ObserveSession::ObserveSession(SimController* controller, QObject* parent) : QObject(parent), m_controller(controller)
{
    // Another session opened in the window (a scenario, a recording) ends observing: its polls would
    // have no timeline to go to.
    connect(m_controller, &SimController::changed, this, [this](SimController::Changes what) {
        if (!(what & SimController::ScenarioChanged) || m_opening)
            return;
        stop();
        if (m_connected) {
            m_connected = false;
            emit statusChanged();
        }
    });
}

ObserveSession::~ObserveSession()
{
    // Every thread is asked to stop at once, then waited for within quitWaitMs altogether.
    if (m_worker) {
        m_worker->thread.request_stop();
        m_retired.push_back(std::move(m_worker));
    }
    for (const auto& worker : m_retired)
        worker->thread.request_stop();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(quitWaitMs);
    for (const auto& worker : m_retired) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        worker->finish(std::max(left, std::chrono::milliseconds(0)));
    }
}

QString ObserveSession::checkSecurityFile(const QString& path, QStringList* warnings)
{
    try {
        const hw::realkafka::LoadedSecurityConfig loaded = hw::realkafka::loadSecurityConfig(path.toStdString());
        if (warnings) {
            warnings->clear();
            for (const std::string& w : loaded.warnings)
                warnings->append(QString::fromStdString(w));
        }
        return QString();
    } catch (const hw::realkafka::SecurityConfigError& e) {
        return QString::fromStdString(e.what());
    }
}

QString ObserveSession::start(const Settings& settings)
{
    stop();
    hw::realkafka::ClusterObserverOptions options;
    options.bootstrap = settings.bootstrap.trimmed().toStdString();
    options.topicsRegex = settings.topicsRegex.isEmpty() ? std::string(".*") : settings.topicsRegex.toStdString();
    options.interval = std::chrono::milliseconds(settings.intervalMs);
    options.requestTimeout = std::chrono::milliseconds(settings.requestTimeoutMs);
    // The observer's own checks, said with the dialog's names for the options (its messages name the
    // command line's).
    try {
        hw::realkafka::parseBootstrap(options.bootstrap);
    } catch (const std::exception& e) {
        //: %1: why the list is refused ("bootstrap \"x\" is not HOST:PORT ...").
        return tr("Bootstrap servers: %1").arg(QString::fromStdString(e.what()));
    }
    try {
        (void)std::regex(options.topicsRegex, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        //: %1: the expression, %2: the regex library's reason.
        return tr("Topics (regex): \"%1\" is not a regular expression (ECMAScript): %2")
            .arg(settings.topicsRegex, QString::fromLocal8Bit(e.what()));
    }
    if (options.interval < hw::realkafka::observeIntervalMin)
        return tr("Poll every: %1 ms is too short: the interval is at least %2 ms, so that observing does not load "
                  "the cluster")
            .arg(settings.intervalMs)
            .arg(hw::realkafka::observeIntervalMin.count());
    m_securityWarnings.clear();
    if (!settings.securityFile.isEmpty()) {
        try {
            hw::realkafka::LoadedSecurityConfig loaded
                = hw::realkafka::loadSecurityConfig(settings.securityFile.toStdString());
            for (const std::string& w : loaded.warnings)
                m_securityWarnings.append(QString::fromStdString(w));
            options.security = std::move(loaded.config);
        } catch (const hw::realkafka::SecurityConfigError& e) {
            //: %1: why the security file cannot be used ("FILE:LINE: KEY: what was expected").
            return tr("Security file: %1").arg(QString::fromStdString(e.what()));
        }
    }
    std::shared_ptr<hw::realkafka::ClusterObserver> observer;
    try {
        observer = std::make_shared<hw::realkafka::ClusterObserver>(options);
    } catch (const std::exception& e) {
        // The observer names the option it refuses (--bootstrap, --topics, --interval-ms).
        return QString::fromStdString(e.what());
    }
    std::unique_ptr<Recording> recording;
    if (!settings.recordPath.isEmpty()) {
        hw::ObservedRecordingHeader header;
        header.bootstrap = options.bootstrap;
        header.topicsRegex = settings.topicsRegex == QLatin1String(".*") ? std::string() : options.topicsRegex;
        header.intervalMs = settings.intervalMs;
        auto created = hw::ObservedRecordingFile::create(QFile::encodeName(settings.recordPath).toStdString(), header);
        if (const auto* error = std::get_if<hw::FileError>(&created))
            //: %1: the file, %2: the system's reason.
            return tr("Record to file: cannot write %1: %2").arg(settings.recordPath, FileErrors::text(*error));
        recording = std::make_unique<Recording>();
        recording->file = std::move(std::get<std::unique_ptr<hw::ObservedRecordingFile>>(created));
    }

    m_settings = settings;
    m_recording = std::move(recording);
    m_observing = true;
    m_started = true;
    m_connected = false;
    m_stretchedMs = 0;
    m_unanswered.clear();
    m_clusterId.clear();
    m_lastIntervalMs = settings.intervalMs;
    const std::uint64_t generation = ++m_generation;
    m_worker = std::make_unique<Worker>();
    m_worker->shared->session = this;
    const std::shared_ptr<Worker::Shared> shared = m_worker->shared;
    const std::chrono::milliseconds interval = options.interval;
    m_worker->thread = std::jthread([shared, observer, generation, interval](std::stop_token stop) {
        while (!stop.stop_requested()) {
            try {
                observer->run(
                    [&](const hw::ObservedCluster& poll) {
                        Worker::post(shared, [generation, poll](ObserveSession* s) { s->onPoll(generation, poll); });
                    },
                    stop);
            } catch (const std::exception& e) {
                const QString error = QString::fromStdString(e.what());
                Worker::post(shared, [generation, error](ObserveSession* s) { s->onError(generation, error); });
                // The next try after an interval, as the next poll would have come.
                std::mutex mutex;
                std::condition_variable_any wake;
                std::unique_lock lock(mutex);
                wake.wait_for(lock, stop, interval, [] { return false; });
            }
        }
        {
            const std::lock_guard lock(shared->mutex);
            shared->done = true;
        }
        shared->doneChanged.notify_all();
    });
    emit observingChanged(true);
    emit statusChanged();
    return QString();
}

int ObserveSession::intervalMinMs()
{
    return static_cast<int>(hw::realkafka::observeIntervalMin.count());
}

QString ObserveSession::passwordVariable()
{
    return QString::fromLatin1(hw::realkafka::saslPasswordVariable);
}

void ObserveSession::retireWorker()
{
    if (!m_worker)
        return;
    m_worker->thread.request_stop();
    {
        // Its poll under way is dropped.
        const std::lock_guard lock(m_worker->shared->mutex);
        m_worker->shared->session = nullptr;
    }
    m_retired.push_back(std::move(m_worker));
    // Threads that ended are joined now; the others when they end or when the session goes.
    std::erase_if(m_retired, [](const std::unique_ptr<Worker>& w) {
        if (!w->waitDone(std::chrono::milliseconds(0)))
            return false;
        w->thread.join();
        return true;
    });
}

void ObserveSession::stop()
{
    if (!m_observing)
        return;
    ++m_generation;
    retireWorker();
    m_observing = false;
    finishRecording();
    if (m_connected)
        m_controller->setLive(false);
    emit observingChanged(false);
    emit statusChanged();
}

void ObserveSession::onPoll(std::uint64_t generation, const hw::ObservedCluster& poll)
{
    if (generation != m_generation || !m_observing)
        return;
    const bool stretchedBefore = m_stretchedMs > 0;
    // A stretch is said for stretchShownMs after the poll that outlasted the interval, long enough to read.
    if (poll.stretched) {
        m_stretchedMs = std::max(poll.pollMs, 1);
        m_stretchedSince.start();
    } else if (m_stretchedMs > 0 && m_stretchedSince.elapsed() > stretchShownMs) {
        m_stretchedMs = 0;
    }
    m_lastIntervalMs = poll.intervalMs;
    const QString clusterId = QString::fromStdString(poll.clusterId);
    const bool statusMoved = clusterId != m_clusterId || stretchedBefore != (m_stretchedMs > 0) || poll.stretched;
    m_clusterId = clusterId;
    record(poll);
    if (!m_connected) {
        m_opening = true;
        const QString error = m_controller->openObserved(poll, m_settings.bootstrap.trimmed());
        m_opening = false;
        if (!error.isEmpty()) {
            stop();
            emit connectFailed(error);
            return;
        }
        m_connected = true;
        // Live: the view follows the newest poll; at the memory budget the oldest frames go.
        m_controller->setDropsOldestFrames(true);
        m_controller->setLive(true);
        emit connected();
        emit statusChanged();
        return;
    }
    const QString error = m_controller->appendObserved(poll);
    if (!error.isEmpty())
        emit pollFailed(error);
    reportUnanswered(poll);
    if (statusMoved)
        emit statusChanged();
}

void ObserveSession::reportUnanswered(const hw::ObservedCluster& poll)
{
    // A broker that stops answering (the cluster went away, a broker died) is in the frames already, with
    // why; the status bar says which once when it starts, and once when every broker answers again. The
    // line stays short: the observing status shares the bar.
    QStringList unanswered;
    for (const hw::ObservedBrokerFacts& broker : poll.brokers) {
        if (!broker.answered)
            unanswered << QString::number(broker.id);
    }
    if (unanswered == m_unanswered)
        return;
    m_unanswered = unanswered;
    if (unanswered.isEmpty())
        emit answeringAgain(tr("Every broker answers again."));
    else
        emit brokersUnanswered(unanswered.join(QStringLiteral(", ")));
}

void ObserveSession::onError(std::uint64_t generation, const QString& error)
{
    if (generation != m_generation || !m_observing)
        return;
    if (!m_connected) {
        // Nothing was shown yet: the dialog says why, and the user corrects the settings.
        stop();
        emit connectFailed(error);
        return;
    }
    emit pollFailed(error);
}

void ObserveSession::record(const hw::ObservedCluster& poll)
{
    if (!m_recording)
        return;
    const std::optional<hw::FileError> error = m_recording->file->append(poll);
    if (!error)
        return;
    // The recording put what it holds in place; later polls are not recorded.
    m_recording.reset();
    //: %1: the recording's file, %2: the system's reason. Observing goes on.
    emit recordingStopped(
        tr("Recording to %1 stopped: %2. Observing goes on.").arg(m_settings.recordPath, FileErrors::text(*error)));
}

void ObserveSession::finishRecording()
{
    if (!m_recording)
        return;
    const std::optional<hw::FileError> error = m_recording->file->finish();
    m_recording.reset();
    if (error)
        //: %1: the recording's file, %2: the system's reason.
        emit recordingStopped(tr("Cannot finish the recording %1: %2").arg(m_settings.recordPath, FileErrors::text(*error)));
}

QString ObserveSession::statusText() const
{
    if (!m_observing)
        return m_started ? tr("Disconnected") : QString();
    const QString bootstrap = m_settings.bootstrap.trimmed();
    if (!m_connected)
        return tr("Connecting to %1...").arg(bootstrap);
    QString text = m_clusterId.isEmpty()
        ? tr("Observing %1 every %2 ms").arg(bootstrap).arg(m_lastIntervalMs)
        //: %1: the bootstrap list, %2: the cluster id, %3: the polling interval.
        : tr("Observing %1 (%2) every %3 ms").arg(bootstrap, m_clusterId).arg(m_lastIntervalMs);
    if (m_stretchedMs > 0)
        //: A poll outlasted the interval, so the next one started late; %1: how long the poll took.
        text += QStringLiteral("; ") + tr("interval stretched to %1 ms").arg(m_stretchedMs);
    if (m_recording)
        text += QStringLiteral("; ") + tr("recording to %1").arg(QFileInfo(m_settings.recordPath).fileName());
    return text;
}

bool ObserveSession::isRecordingFile(const QString& path)
{
    return path.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive)
        || hw::ObservedRecordingReader::isRecording(QFile::encodeName(path).toStdString());
}

QString ObserveSession::openRecording(SimController* controller, const QString& path)
{
    auto opened = hw::ObservedRecordingReader::open(QFile::encodeName(path).toStdString());
    if (const auto* error = std::get_if<std::string>(&opened))
        return QString::fromStdString(*error);
    hw::ObservedRecordingReader& reader = *std::get<std::unique_ptr<hw::ObservedRecordingReader>>(opened);
    bool first = true;
    while (std::optional<std::variant<hw::ObservedCluster, hw::ObservedJsonError>> next = reader.next()) {
        if (const auto* error = std::get_if<hw::ObservedJsonError>(&*next)) {
            if (first)
                return QString::fromStdString(error->toString());
            // The frames before the line stay; the banner says where the reading stopped.
            controller->observedLoaded();
            controller->setObservedStopError(path + QStringLiteral(": ") + QString::fromStdString(error->toString()));
            return QString();
        }
        const auto& poll = std::get<hw::ObservedCluster>(*next);
        if (first) {
            if (const QString error = controller->openObserved(poll, path); !error.isEmpty())
                return error;
            first = false;
        } else if (const QString error = controller->appendObserved(poll, false); !error.isEmpty()) {
            controller->observedLoaded();
            controller->setObservedStopError(path + QStringLiteral(": ") + error);
            return QString();
        }
    }
    if (first)
        return tr("the recording holds no poll");
    controller->observedLoaded();
    return QString();
}

} // namespace hw::ui
