// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <variant>
#include <vector>

// moc cannot parse the C++20 standard library that the core headers pull in.
#ifndef Q_MOC_RUN
#include "control/session.h"
#include "model/limits.h"
#endif

class QLockFile;

namespace hw::ui {

class SimController;

/// A session with unsaved actions kept in a file, so that a crash loses nothing: written atomically
/// after each change (an action, an undo, another frame shown) at most every intervalMs, and
/// removed once nothing is left unsaved (saved, discarded, or undone back to the saved state) and on
/// a clean exit. Each running window has its own file, held by a lock file while it runs; the next
/// start offers to restore the files whose process is gone (leftovers(), read()).
///
/// The file (format "highwater-autosave/1") is one JSON object: the scenario as it was opened and
/// the session as File > Save writes it (both as highwater/1 text), where the scenario's own run
/// ends in it (frames and operations), the frame shown, the frame count, the source and the time.
/// Restoring plays the scenario, cuts its run where the user's branch left it, and replays the
/// user's operations: the same scenario, the same frames, the same frame shown.
class Autosave : public QObject {
    Q_OBJECT

public:
    /// The shortest time between two writes.
    static constexpr int intervalMs = 2000;
    /// The largest autosave file read: the scenario and the session, each at most a scenario file's
    /// size, and the escaping of their text.
    static constexpr std::size_t fileBytesMax = 3 * hw::limits::scenarioFileBytesMax;
    /// How many leftover files one start looks at.
    static constexpr int leftoversMax = 16;

    explicit Autosave(SimController* controller, QObject* parent = nullptr);
    ~Autosave() override;

    /// Where the files are: the app's data location's "autosave" folder unless set (tests).
    static QString defaultDirectory();
    void setDirectory(const QString& directory);
    QString directory() const { return m_directory; }
    /// This window's file (it exists only while something is unsaved).
    QString path() const;

    /// Whether the session has something unsaved: true schedules a write, false removes the file.
    void setModified(bool modified);
    bool isModified() const { return m_modified; }
    /// Something changed (an action, an undo, the frame shown): write within intervalMs if modified.
    void schedule();
    /// Writes the file now. Returns the system's reason when it cannot, or an empty string.
    QString writeNow();
    /// Removes the file (saved, discarded, or a clean exit).
    void remove();

    /// A session read back from a file.
    struct Kept {
        QString path;
        hw::Scenario scenario; // as it was opened
        std::int64_t scriptedFrames = 1;
        std::int64_t scriptedOps = 0;
        std::vector<SessionOp> userOps; // the user's operations after the scenario's run
        std::int64_t frame = 0; // shown
        std::int64_t frames = 1; // in the session
        QString source;
        QDateTime savedAt;
    };
    /// Reads a file. Never throws; a damaged, truncated or foreign file gives a message naming the file
    /// and what is wrong with it.
    static std::variant<Kept, QString> read(const QString& path);
    /// The files in directory that no running HighWater holds (their process ended without removing
    /// them), oldest first, at most leftoversMax; each one's lock is taken until release() or
    /// setAside()/discard(), so that two starts do not offer the same file.
    QStringList takeLeftovers();
    /// Gives a leftover back for a later start ("Not now").
    void release(const QString& leftover);
    /// Removes a leftover (restored or discarded).
    void discard(const QString& leftover);
    /// Renames a leftover that cannot be read to "<name>.damaged" (or "<name>.damaged-N"), where it stays
    /// for whoever wants to look at it and is never offered again. Returns the new path, or an
    /// empty string when it could not be moved (it is then removed).
    QString setAside(const QString& leftover);

signals:
    /// A write failed (reported once until a write succeeds again).
    void writeFailed(const QString& reason);

private:
    QString lockPathFor(const QString& sessionPath) const;

    SimController* m_controller;
    QString m_directory;
    QString m_id;
    bool m_modified = false;
    bool m_failing = false;
    QTimer m_timer;
    QElapsedTimer m_sinceWrite;
    std::unique_ptr<QLockFile> m_lock;
    std::vector<std::pair<QString, std::unique_ptr<QLockFile>>> m_leftoverLocks;
    // The texts of the last write, reused while only the frame shown changes (playing a long run
    // would otherwise write its whole session out again every intervalMs).
    std::uint64_t m_textRevision = 0;
    std::int64_t m_textOperations = -1;
    QString m_scenarioText;
    QString m_sessionText;
};

} // namespace hw::ui
