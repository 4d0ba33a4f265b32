// SPDX-License-Identifier: MIT
#include "control/autosave.h"

#include "control/simcontroller.h"
#include "scenario/fileio.h"
#include "scenario/scenario.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QStandardPaths>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(Autosave)
};

const char* const formatName = "highwater-autosave/1";
const char* const sessionSuffix = ".hwsession";
const char* const lockSuffix = ".lock";
const char* const damagedSuffix = ".damaged";
/// How many "<name>.damaged-N" names setAside tries before it gives up and removes the file.
constexpr int damagedNamesMax = 100;

/// A whole number field of at least `min`, or why not.
bool readInteger(const QJsonObject& root, const char* key, std::int64_t min, std::int64_t& out, QString& error)
{
    // Frame and operation counts are far below 2^53, where a JSON number stops being exact.
    constexpr double exactMax = 9007199254740992.0;
    const QJsonValue value = root.value(QLatin1String(key));
    const double number = value.toDouble(-1);
    if (!value.isDouble() || !(number >= static_cast<double>(min) && number <= exactMax)
        || number != std::floor(number)) {
        error = Text::tr("\"%1\" is not a whole number of at least %2").arg(QLatin1String(key)).arg(min);
        return false;
    }
    out = value.toInteger();
    return true;
}

/// The user's operations: the session's steps after the first scriptedOps operations (recordSession
/// writes one step per operation, a run of engine steps as one `run` step).
std::variant<std::vector<SessionOp>, QString> userOperations(const hw::Scenario& session, std::int64_t scriptedOps)
{
    std::vector<SessionOp> ops;
    std::int64_t position = 0;
    for (const hw::Step& step : session.steps) {
        if (std::holds_alternative<hw::CheckpointStep>(step) || std::holds_alternative<hw::NoteStep>(step))
            continue;
        if (const auto* run = std::get_if<hw::RunStep>(&step)) {
            const std::int64_t mine = position + run->events - std::max(position, scriptedOps);
            if (mine > 0) {
                if (!ops.empty() && ops.back().kind == SessionOp::Kind::Steps)
                    ops.back().count += mine;
                else
                    ops.push_back(SessionOp { SessionOp::Kind::Steps, mine, {} });
            }
            position += run->events;
            continue;
        }
        if (position >= scriptedOps)
            ops.push_back(SessionOp { SessionOp::Kind::Action, 0, step });
        ++position;
    }
    if (position < scriptedOps)
        return Text::tr("the session has %1 operations, fewer than the %2 of the scenario's own run")
            .arg(position)
            .arg(scriptedOps);
    return ops;
}

} // namespace

Autosave::Autosave(SimController* controller, QObject* parent)
    : QObject(parent),
      m_controller(controller),
      m_directory(defaultDirectory()),
      m_id(QStringLiteral("session-%1-%2")
               .arg(QCoreApplication::applicationPid())
               .arg(QDateTime::currentMSecsSinceEpoch()))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] { writeNow(); });
}

Autosave::~Autosave()
{
    // Destroyed on a clean exit: what was unsaved was saved or discarded, or the window was asked.
    remove();
}

QString Autosave::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

void Autosave::setDirectory(const QString& directory)
{
    remove();
    m_lock.reset();
    m_directory = directory;
}

QString Autosave::path() const
{
    return m_directory + QLatin1Char('/') + m_id + QLatin1String(sessionSuffix);
}

QString Autosave::lockPathFor(const QString& sessionPath) const
{
    QString base = sessionPath;
    base.chop(static_cast<qsizetype>(qstrlen(sessionSuffix)));
    return base + QLatin1String(lockSuffix);
}

void Autosave::setModified(bool modified)
{
    m_modified = modified;
    if (modified)
        schedule();
    else
        remove();
}

void Autosave::schedule()
{
    if (!m_modified || m_timer.isActive())
        return;
    // At once after a quiet while, else when intervalMs have passed since the last write.
    const qint64 since = m_sinceWrite.isValid() ? m_sinceWrite.elapsed() : intervalMs;
    m_timer.start(static_cast<int>(std::max<qint64>(0, intervalMs - since)));
}

QString Autosave::writeNow()
{
    m_timer.stop();
    if (!m_modified)
        return QString();
    const Session& session = m_controller->session();
    QJsonObject root;
    root.insert(QStringLiteral("format"), QLatin1String(formatName));
    root.insert(QStringLiteral("source"), m_controller->source());
    // A live session whose recording filled up before its history dropped frames replays to where
    // the recording ends (Session::recordedSession).
    const std::int64_t full = session.recordingFullAtFrame();
    const std::int64_t frames = full >= 0 ? full + 1 : m_controller->frameCount();
    root.insert(QStringLiteral("frame"), static_cast<qint64>(std::min(m_controller->currentFrame(), frames - 1)));
    root.insert(QStringLiteral("frames"), static_cast<qint64>(frames));
    root.insert(QStringLiteral("scripted_frames"), static_cast<qint64>(session.scriptedFrameCount()));
    root.insert(QStringLiteral("scripted_ops"), static_cast<qint64>(session.scriptedOpCount()));
    root.insert(QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    // The history changes only by appending (new operations) or by a new revision (a new scenario, a
    // fork, an undo): otherwise the texts of the last write still hold.
    const auto operations = static_cast<std::int64_t>(session.timeline().operationCount());
    if (m_textOperations != operations || m_textRevision != m_controller->historyRevision()) {
        m_scenarioText = QString::fromStdString(hw::scenarioToJson(session.scenario()));
        m_sessionText = QString::fromStdString(hw::scenarioToJson(session.recordedSession()));
        m_textOperations = operations;
        m_textRevision = m_controller->historyRevision();
    }
    root.insert(QStringLiteral("scenario"), m_scenarioText);
    root.insert(QStringLiteral("session"), m_sessionText);
    const QByteArray bytes = QJsonDocument(root).toJson(QJsonDocument::Compact);

    QString error;
    if (!QDir().mkpath(m_directory)) {
        error = Text::tr("cannot create the folder %1").arg(m_directory);
    } else {
        if (!m_lock) {
            // Held while this window runs: the next start leaves the file alone until the process is gone.
            m_lock = std::make_unique<QLockFile>(lockPathFor(path()));
            m_lock->setStaleLockTime(0);
            m_lock->tryLock(0);
        }
        if (const auto failed = hw::writeFileAtomically(QFile::encodeName(path()).toStdString(),
                std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size()))))
            error = QStringLiteral("%1: %2").arg(path(), QString::fromLocal8Bit(failed->message.c_str()));
    }
    m_sinceWrite.start();
    if (!error.isEmpty()) {
        if (!m_failing)
            emit writeFailed(error);
        m_failing = true;
        return error;
    }
    m_failing = false;
    return QString();
}

void Autosave::remove()
{
    m_timer.stop();
    QFile::remove(path());
}

std::variant<Autosave::Kept, QString> Autosave::read(const QString& path)
{
    auto fail = [&](const QString& why) { return QStringLiteral("%1: %2").arg(path, why); };
    auto text = hw::readWholeFile(QFile::encodeName(path).toStdString(), fileBytesMax);
    if (auto* error = std::get_if<hw::FileError>(&text))
        return fail(QString::fromStdString(error->message));
    const std::string& bytes = std::get<std::string>(text);
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray::fromRawData(bytes.data(), static_cast<qsizetype>(bytes.size())), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(Text::tr("not a complete autosave (%1 at byte %2)")
                        .arg(parseError.errorString())
                        .arg(parseError.offset));
    if (!document.isObject())
        return fail(Text::tr("not an autosave: expected a JSON object"));
    const QJsonObject root = document.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String(formatName))
        return fail(Text::tr("\"format\" is not %1").arg(QLatin1String(formatName)));
    Kept kept;
    kept.path = path;
    QString error;
    if (!readInteger(root, "frame", 0, kept.frame, error) || !readInteger(root, "frames", 1, kept.frames, error)
        || !readInteger(root, "scripted_frames", 1, kept.scriptedFrames, error)
        || !readInteger(root, "scripted_ops", 0, kept.scriptedOps, error))
        return fail(error);
    if (kept.frame >= kept.frames || kept.scriptedFrames > kept.frames)
        return fail(Text::tr("frame %1 and %2 scripted frames do not fit in %3 frames")
                        .arg(kept.frame)
                        .arg(kept.scriptedFrames)
                        .arg(kept.frames));
    kept.source = root.value(QStringLiteral("source")).toString();
    kept.savedAt = QDateTime::fromString(root.value(QStringLiteral("saved_at")).toString(), Qt::ISODate);
    for (const char* key : { "scenario", "session" }) {
        if (!root.value(QLatin1String(key)).isString())
            return fail(Text::tr("\"%1\" is missing").arg(QLatin1String(key)));
    }
    auto parse = [&](const char* key) {
        return hw::parseScenario(root.value(QLatin1String(key)).toString().toStdString(),
            QStringLiteral("%1 (%2)").arg(path, QLatin1String(key)).toStdString());
    };
    auto scenario = parse("scenario");
    if (auto* bad = std::get_if<hw::ScenarioError>(&scenario))
        return QString::fromStdString(bad->toString());
    auto session = parse("session");
    if (auto* bad = std::get_if<hw::ScenarioError>(&session))
        return QString::fromStdString(bad->toString());
    auto ops = userOperations(std::get<hw::Scenario>(session), kept.scriptedOps);
    if (auto* bad = std::get_if<QString>(&ops))
        return fail(*bad);
    kept.scenario = std::get<hw::Scenario>(std::move(scenario));
    kept.userOps = std::get<std::vector<SessionOp>>(std::move(ops));
    return kept;
}

QStringList Autosave::takeLeftovers()
{
    QStringList taken;
    const QDir dir(m_directory);
    const QFileInfoList files = dir.entryInfoList(
        { QStringLiteral("*") + QLatin1String(sessionSuffix) }, QDir::Files | QDir::Hidden, QDir::Time | QDir::Reversed);
    for (const QFileInfo& file : files) {
        if (taken.size() >= leftoversMax)
            break;
        const QString session = file.absoluteFilePath();
        if (session == QFileInfo(path()).absoluteFilePath())
            continue;
        auto lock = std::make_unique<QLockFile>(lockPathFor(session));
        // A lock whose process is gone is stale whatever its age; a live process keeps its file.
        lock->setStaleLockTime(0);
        if (!lock->tryLock(0))
            continue;
        taken << session;
        m_leftoverLocks.emplace_back(session, std::move(lock));
    }
    return taken;
}

void Autosave::release(const QString& leftover)
{
    m_leftoverLocks.erase(std::remove_if(m_leftoverLocks.begin(), m_leftoverLocks.end(),
                              [&](const auto& entry) { return entry.first == leftover; }),
        m_leftoverLocks.end());
}

void Autosave::discard(const QString& leftover)
{
    QFile::remove(leftover);
    release(leftover);
}

QString Autosave::setAside(const QString& leftover)
{
    QString target = leftover + QLatin1String(damagedSuffix);
    for (int n = 2; QFileInfo::exists(target) && n <= damagedNamesMax; ++n)
        target = leftover + QLatin1String(damagedSuffix) + QStringLiteral("-%1").arg(n);
    const bool moved = !QFileInfo::exists(target) && QFile::rename(leftover, target);
    if (!moved)
        QFile::remove(leftover);
    release(leftover);
    return moved ? target : QString();
}

} // namespace hw::ui
