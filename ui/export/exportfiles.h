// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

class QTemporaryDir;

/// Where an export's bytes go, so that nothing is ever half-written: a single file appears whole or
/// not at all (QSaveFile), and a sequence of frames is staged beside its directory and renamed into
/// place together. Kept apart from the exporter, which only draws and encodes.
namespace hw::ui::exportfiles {

/// Digits of a frame number in a sequence's file names (frames are counted up to hw::limits::framesMax).
constexpr int sequenceDigits = 6;

/// Writes bytes to path atomically: the file appears whole or not at all. A failure names shown (the
/// path the user asked for, when path is a staging file) and the system's reason.
QString writeFile(const QString& path, const QByteArray& bytes, const QString& shown = QString());

/// Why path cannot be made in the directory that holds it, or an empty string: a missing directory,
/// a file where the directory should be, or the system's reason the directory cannot be written
/// (checked before anything is drawn, so a long export does not fail only at its end).
QString parentProblem(const QString& path);

/// A directory of files that appear together: each is written into a hidden staging directory
/// beside them and renamed into place by commit().
///
/// The directory then holds this export's frames only. Frames of an earlier export would mix with
/// the new ones (a shorter range leaves the old frames after it), so commit() removes them once the
/// new ones are in place. The tool deletes only what it wrote itself: begin() refuses a directory
/// that holds anything but frame-NNNNNN.png and .svg files (and the staging directories of exports
/// that were killed, which hold only frames).
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
    QStringList m_files;
    QStringList m_earlier; // frames already in the directory
    QStringList m_leftovers; // staging directories of an export that did not finish
    bool m_made = false;
    bool m_committed = false;
};

} // namespace hw::ui::exportfiles
