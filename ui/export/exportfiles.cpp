// SPDX-License-Identifier: MIT
#include "export/exportfiles.h"

#include "export/exporter.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <system_error>

#include <unistd.h>

namespace hw::ui::exportfiles {

namespace {

/// A file name of a sequence's frame (sequenceName): frame-NNNNNN.png or .svg, six or more digits.
bool isSequenceFrameName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^frame-[0-9]{%1,}\\.(png|svg)$").arg(sequenceDigits));
    return pattern.match(name).hasMatch();
}

/// The staging directories of Sequence are named so (a killed export may leave one behind).
const QString stagingPrefix = QStringLiteral(".highwater-export-");

/// Whether a staging directory holds nothing but frames of a sequence, or QSaveFile's temporary files
/// of frames ("frame-NNNNNN.png.XXXXXX", left by an export that was killed while writing one).
bool holdsOnlyStagedFrames(const QString& directory)
{
    const QFileInfoList entries
        = QDir(directory).entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    return std::all_of(entries.cbegin(), entries.cend(), [](const QFileInfo& entry) {
        return (entry.isFile() || entry.isSymLink()) && entry.fileName().startsWith(QLatin1String("frame-"));
    });
}

} // namespace

QString writeFile(const QString& path, const QByteArray& bytes, const QString& shown)
{
    const QString name = shown.isEmpty() ? path : shown;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Exporter::tr("cannot write %1: %2").arg(name, file.errorString());
    if (file.write(bytes) != bytes.size() || !file.commit())
        return Exporter::tr("cannot write %1: %2").arg(name, file.errorString());
    return QString();
}

QString parentProblem(const QString& path)
{
    const QFileInfo parent(QFileInfo(path).absolutePath());
    if (!parent.exists())
        return Exporter::tr("cannot write %1: the directory %2 does not exist").arg(path, parent.filePath());
    if (!parent.isDir())
        return Exporter::tr("cannot write %1: %2 is a file, not a directory").arg(path, parent.filePath());
    if (::access(QFile::encodeName(parent.filePath()).constData(), W_OK) != 0)
        return Exporter::tr("cannot write %1: %2")
            .arg(path, QString::fromStdString(std::generic_category().message(errno)));
    return QString();
}

Sequence::Sequence() = default;

QString Sequence::begin(const QString& directory)
{
    m_directory = directory;
    const QFileInfo info(directory);
    if (info.exists() && !info.isDir())
        return Exporter::tr("%1 is a file; a sequence of frames needs a directory").arg(directory);
    if (!info.exists()) {
        if (QString problem = parentProblem(directory); !problem.isEmpty())
            return problem;
        std::error_code error;
        if (!std::filesystem::create_directory(directory.toStdString(), error))
            return Exporter::tr("cannot write %1: %2")
                .arg(directory, QString::fromStdString(error ? error.message() : std::string("it exists")));
        m_made = true;
    } else {
        QStringList foreign;
        const QFileInfoList entries
            = QDir(directory).entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
        for (const QFileInfo& entry : entries) {
            const QString name = entry.fileName();
            if ((entry.isFile() || entry.isSymLink()) && isSequenceFrameName(name))
                m_earlier << entry.filePath();
            else if (entry.isDir() && !entry.isSymLink() && name.startsWith(stagingPrefix)
                && holdsOnlyStagedFrames(entry.filePath()))
                m_leftovers << entry.filePath();
            else
                foreign << name;
        }
        if (!foreign.isEmpty()) {
            foreign.sort();
            constexpr int namesShown = 3;
            QString names = QStringList(foreign.mid(0, namesShown)).join(QStringLiteral(", "));
            if (foreign.size() > namesShown)
                names += QStringLiteral(", ...");
            return Exporter::tr("%1 holds files that are not frames of an export (%2); export the frames into a "
                                "new or empty directory, or one that holds only frame-NNNNNN.png and .svg files")
                .arg(directory, names);
        }
    }
    m_staging = std::make_unique<QTemporaryDir>(QDir(directory).filePath(stagingPrefix + QStringLiteral("XXXXXX")));
    if (!m_staging->isValid())
        return Exporter::tr("cannot write %1: %2").arg(directory, m_staging->errorString());
    return QString();
}

QString Sequence::add(const QString& path, const QByteArray& bytes)
{
    const QString staged = m_staging->filePath(QFileInfo(path).fileName());
    if (QString error = writeFile(staged, bytes, path); !error.isEmpty())
        return error;
    m_files << path;
    return QString();
}

QString Sequence::commit()
{
    for (const QString& path : std::as_const(m_files)) {
        std::error_code error;
        std::filesystem::rename(
            m_staging->filePath(QFileInfo(path).fileName()).toStdString(), path.toStdString(), error);
        if (error)
            return Exporter::tr("cannot write %1: %2").arg(path, QString::fromStdString(error.message()));
    }
    m_committed = true;
    QStringList written;
    for (const QString& path : std::as_const(m_files))
        written << QFileInfo(path).fileName();
    for (const QString& path : std::as_const(m_earlier)) {
        if (written.contains(QFileInfo(path).fileName()))
            continue;
        std::error_code error;
        if (!std::filesystem::remove(path.toStdString(), error) && error)
            return Exporter::tr("cannot remove %1: %2").arg(path, QString::fromStdString(error.message()));
    }
    for (const QString& leftover : std::as_const(m_leftovers))
        QDir(leftover).removeRecursively();
    return QString();
}

Sequence::~Sequence()
{
    m_staging.reset();
    if (!m_committed && m_made)
        QDir().rmdir(m_directory);
}

} // namespace hw::ui::exportfiles
