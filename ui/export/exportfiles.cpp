// SPDX-License-Identifier: MIT
#include "export/exportfiles.h"

#include "base/fileerrors.h"
#include "export/exporter.h"
#include "scenario/fileio.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
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

/// Attempts at making a staging directory that another export's clean-up did not take at once.
constexpr int stagingAttemptsMax = 10;

/// Whether a staging directory holds nothing but what an export writes there: frames, the staging
/// files of frames being written (hw::writeFileAtomically's ".highwater-PID-N.tmp"), and QSaveFile's
/// temporary files of frames ("frame-NNNNNN.png.XXXXXX") that earlier versions wrote. Regular files
/// only: a link or a directory in it is not the export's.
bool holdsOnlyStagedFrames(const QString& directory)
{
    static const QRegularExpression stagingFile(QStringLiteral("^\\.highwater-[0-9]+-[0-9]+\\.tmp$"));
    const QFileInfoList entries
        = QDir(directory).entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    return std::all_of(entries.cbegin(), entries.cend(), [](const QFileInfo& entry) {
        const QString name = entry.fileName();
        return entry.isFile() && !entry.isSymLink()
            && (name.startsWith(QLatin1String("frame-")) || stagingFile.match(name).hasMatch());
    });
}

/// Opens a directory and takes its lock without waiting. The descriptor holds the lock, or -1 when
/// another process holds it (or the directory cannot be opened).
int lockDirectory(const QString& directory)
{
    const int fd = ::open(QFile::encodeName(directory).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

QString cannotWrite(const QString& path, const hw::FileError& error)
{
    return Exporter::tr("cannot write %1: %2").arg(path, FileErrors::text(error));
}

} // namespace

bool isStandardOutput(const QString& path)
{
    return path == QLatin1String(hw::standardOutputPath.data(), static_cast<qsizetype>(hw::standardOutputPath.size()));
}

QString writeFile(const QString& path, const QByteArray& bytes, const QString& shown)
{
    const std::optional<hw::FileError> error = hw::writeOutput(QFile::encodeName(path).toStdString(),
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!error)
        return QString();
    if (isStandardOutput(path))
        return Exporter::tr("cannot write to standard output: %1").arg(FileErrors::text(*error));
    return cannotWrite(shown.isEmpty() ? path : shown, *error);
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

QString targetProblem(const QString& path)
{
    if (isStandardOutput(path))
        return QString();
    if (QString problem = parentProblem(path); !problem.isEmpty())
        return problem;
    if (const std::optional<hw::FileError> error = hw::checkWriteTarget(QFile::encodeName(path).toStdString()))
        return cannotWrite(path, *error);
    return QString();
}

Sequence::Sequence() = default;

QString Sequence::begin(const QString& directory)
{
    m_directory = directory;
    const std::string native = QFile::encodeName(directory).toStdString();
    hw::FileType type = hw::fileTypeAt(native);
    const bool link = QFileInfo(directory).isSymLink();
    if (link && (type == hw::FileType::Unresolvable || type == hw::FileType::Missing)) {
        // A dangling link or a loop: making a directory there would follow the link somewhere the user
        // did not name. checkWriteTarget says what the link is.
        const std::optional<hw::FileError> error = hw::checkWriteTarget(native);
        return error ? cannotWrite(directory, *error)
                     : Exporter::tr("cannot write %1: %2").arg(directory, FileErrors::typeText(type));
    }
    // Not a link, and nothing there that can be told: a path through a file or an unsearchable
    // directory, which parentProblem names.
    if (type == hw::FileType::Unresolvable)
        type = hw::FileType::Missing;
    if (type != hw::FileType::Directory && type != hw::FileType::Missing)
        return Exporter::tr("%1 is %2; a sequence of frames needs a directory")
            .arg(directory, FileErrors::typeText(type));
    QStringList leftovers; // staging directories of exports that did not finish
    if (type == hw::FileType::Missing) {
        if (QString problem = parentProblem(directory); !problem.isEmpty())
            return problem;
        std::error_code error;
        if (!std::filesystem::create_directory(native, error))
            return Exporter::tr("cannot write %1: %2")
                .arg(directory, QString::fromStdString(error ? error.message() : std::string("it exists")));
        m_made = true;
    } else {
        QStringList foreign;
        const QFileInfoList entries
            = QDir(directory).entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
        for (const QFileInfo& entry : entries) {
            const QString name = entry.fileName();
            if (entry.isFile() && !entry.isSymLink() && isSequenceFrameName(name))
                m_earlier << entry.filePath();
            else if (entry.isDir() && !entry.isSymLink() && name.startsWith(stagingPrefix)
                && holdsOnlyStagedFrames(entry.filePath()))
                leftovers << entry.filePath();
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
    // A staging directory whose lock is free belongs to an export that ended without finishing (killed,
    // crashed): its frames go. One whose lock is held is another export's, at work now: two exports
    // into one directory would remove each other's frames, so this one stops before touching anything.
    std::vector<int> locks;
    for (const QString& leftover : std::as_const(leftovers)) {
        const int lock = lockDirectory(leftover);
        if (lock < 0) {
            for (int held : locks)
                ::close(held);
            return Exporter::tr("another export is writing frames into %1 now; wait for it to finish, or export "
                                "into another directory")
                .arg(directory);
        }
        locks.push_back(lock);
    }
    for (std::size_t i = 0; i < locks.size(); ++i) {
        QDir(leftovers[static_cast<qsizetype>(i)]).removeRecursively();
        ::close(locks[i]);
    }

    // The staging directory is locked as soon as it is made. Another export's clean-up may take a new,
    // still unlocked (and empty) one in between: then it is gone once locked (no links left), and
    // another is made.
    for (int attempt = 0; attempt < stagingAttemptsMax && m_stagingLock < 0; ++attempt) {
        m_staging = std::make_unique<QTemporaryDir>(QDir(directory).filePath(stagingPrefix + QStringLiteral("XXXXXX")));
        if (!m_staging->isValid())
            return Exporter::tr("cannot write %1: %2").arg(directory, m_staging->errorString());
        m_stagingLock = lockDirectory(m_staging->path());
        struct stat info { };
        if (m_stagingLock >= 0 && (::fstat(m_stagingLock, &info) != 0 || info.st_nlink == 0)) {
            ::close(m_stagingLock);
            m_stagingLock = -1;
        }
    }
    if (m_stagingLock < 0)
        return Exporter::tr("cannot write %1: %2")
            .arg(directory, QString::fromStdString(std::generic_category().message(EAGAIN)));
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
    return QString();
}

Sequence::~Sequence()
{
    m_staging.reset();
    if (m_stagingLock >= 0)
        ::close(m_stagingLock);
    if (!m_committed && m_made)
        QDir().rmdir(m_directory);
}

} // namespace hw::ui::exportfiles
