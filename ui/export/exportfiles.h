// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

class QTemporaryDir;

/// Where an export's bytes go, so that nothing is ever half-written and nothing but a regular file is
/// ever replaced: a single file appears whole or not at all (hw::writeFileAtomically, which refuses a
/// device, a named pipe, a socket or a directory and leaves it as it was), and a sequence of frames is
/// staged beside its directory and renamed into place together. Kept apart from the exporter, which
/// only draws and encodes.
namespace hw::ui::exportfiles {

/// Digits of a frame number in a sequence's file names (frames are counted up to hw::limits::framesMax).
constexpr int sequenceDigits = 6;

/// Whether path is "-", standard output (hw::standardOutputPath: `highwater-cli export --out -`; the
/// app's dialogs give absolute paths).
bool isStandardOutput(const QString& path);

/// Writes bytes to path atomically: the file appears whole or not at all; "-" writes them to standard
/// output. A failure names shown (the path the user asked for, when path is a staging file) and the
/// reason, in the user's language.
QString writeFile(const QString& path, const QByteArray& bytes, const QString& shown = QString());

/// Why path cannot be made in the directory that holds it, or an empty string: a missing directory,
/// a file where the directory should be, or the system's reason the directory cannot be written
/// (checked before anything is drawn, so a long export does not fail only at its end).
QString parentProblem(const QString& path);

/// Why a single file cannot be written at path, or an empty string, before anything is drawn: the
/// problems of parentProblem, then a target that exists and is not a regular file or a symbolic link
/// to one (hw::checkWriteTarget). "-" (standard output) has none.
QString targetProblem(const QString& path);

/// A directory of files that appear together: each is written into a hidden staging directory
/// beside them and renamed into place by commit().
///
/// The directory then holds this export's frames only. Frames of an earlier export would mix with
/// the new ones (a shorter range leaves the old frames after it), so commit() removes them once the
/// new ones are in place. The tool deletes only what it wrote itself: begin() refuses a directory
/// that holds anything but frame-NNNNNN.png and .svg regular files and the staging directories of
/// exports.
///
/// An export that is killed (or crashes) leaves its staging directory behind. Each export holds a
/// lock (flock) on its staging directory while it lives, which the system drops when the process
/// ends however it ends; begin() removes every staging directory whose lock is free, so the next
/// export into the directory cleans up, and refuses a directory another export is writing into.
class Sequence {
public:
    Sequence();
    ~Sequence();
    Sequence(const Sequence&) = delete;
    Sequence& operator=(const Sequence&) = delete;

    QString begin(const QString& directory);
    QString add(const QString& path, const QByteArray& bytes);
    /// Renames every staged file into place (rename() replaces an older file of the same name at once),
    /// then removes the frames of earlier exports that this one did not replace.
    QString commit();

    const QStringList& files() const { return m_files; }

private:
    QString m_directory;
    std::unique_ptr<QTemporaryDir> m_staging;
    int m_stagingLock = -1; // a descriptor of the staging directory, holding its flock
    QStringList m_files;
    QStringList m_earlier; // frames already in the directory
    bool m_made = false;
    bool m_committed = false;
};

} // namespace hw::ui::exportfiles
