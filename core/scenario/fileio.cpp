// SPDX-License-Identifier: MIT
#include "scenario/fileio.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

namespace hw {

namespace {

/// Closes a descriptor on every way out of a function.
class Descriptor {
public:
    explicit Descriptor(int fd) : m_fd(fd) { }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int get() const { return m_fd; }

private:
    int m_fd;
};

FileError readError(FileError::Kind kind, int errorNumber, std::string message)
{
    return FileError { kind, errorNumber, std::move(message), FileType::Regular, {} };
}

FileError writeError(int errorNumber)
{
    return FileError { FileError::Kind::Write, errorNumber, systemReason(errorNumber), FileType::Regular, {} };
}

FileType typeOf(mode_t mode)
{
    if (S_ISREG(mode))
        return FileType::Regular;
    if (S_ISDIR(mode))
        return FileType::Directory;
    if (S_ISCHR(mode))
        return FileType::CharacterDevice;
    if (S_ISBLK(mode))
        return FileType::BlockDevice;
    if (S_ISFIFO(mode))
        return FileType::NamedPipe;
    if (S_ISSOCK(mode))
        return FileType::Socket;
    return FileType::Unresolvable;
}

std::string describe(FileType type)
{
    switch (type) {
    case FileType::Regular:
        return "a regular file";
    case FileType::Directory:
        return "a directory";
    case FileType::CharacterDevice:
        return "a character device";
    case FileType::BlockDevice:
        return "a block device";
    case FileType::NamedPipe:
        return "a named pipe (FIFO)";
    case FileType::Socket:
        return "a socket";
    case FileType::Missing:
        return "nothing";
    case FileType::Unresolvable:
        break;
    }
    return "something other than a file";
}

/// A write target that is not a regular file (or a link to one): refused, and left as it is.
FileError refused(FileType type, const std::string& linkTarget, int errorNumber = 0)
{
    FileError error;
    error.kind = type == FileType::Directory ? FileError::Kind::Directory : FileError::Kind::NotRegular;
    error.errorNumber = type == FileType::Directory ? EISDIR : errorNumber;
    error.type = type;
    error.linkTarget = linkTarget;
    if (linkTarget.empty())
        error.message = describe(type) + ", not a regular file";
    else if (type == FileType::Missing)
        error.message = "a symbolic link to " + linkTarget + ", which does not exist";
    else if (type == FileType::Unresolvable)
        error.message = "a symbolic link to " + linkTarget + " that cannot be followed: " + systemReason(errorNumber);
    else
        error.message = "a symbolic link to " + linkTarget + ", which is " + describe(type) + ", not a regular file";
    return error;
}

/// Where a write to a path goes: the path itself (absent, or a regular file), or the regular file
/// a symbolic link leads to.
struct WriteTarget {
    std::filesystem::path path;
    bool exists = false;
    struct stat info { }; // when it exists
};

std::variant<WriteTarget, FileError> resolveWriteTarget(const std::string& path)
{
    if (path.empty())
        return writeError(ENOENT);
    struct stat own { };
    if (::lstat(path.c_str(), &own) != 0) {
        const int e = errno;
        if (e == ENOENT)
            return WriteTarget { path, false, {} };
        return writeError(e);
    }
    if (S_ISREG(own.st_mode))
        return WriteTarget { path, true, own };
    if (!S_ISLNK(own.st_mode))
        return refused(typeOf(own.st_mode), {});
    std::error_code readError;
    const std::string pointsTo = std::filesystem::read_symlink(path, readError).string();
    std::error_code error;
    const std::filesystem::path resolved = std::filesystem::canonical(path, error);
    if (error)
        return error.value() == ENOENT ? refused(FileType::Missing, pointsTo)
                                       : refused(FileType::Unresolvable, pointsTo, error.value());
    struct stat info { };
    if (::stat(resolved.c_str(), &info) != 0)
        return refused(FileType::Unresolvable, pointsTo, errno);
    if (!S_ISREG(info.st_mode))
        return refused(typeOf(info.st_mode), pointsTo);
    return WriteTarget { resolved, true, info };
}

std::filesystem::path directoryOf(const std::filesystem::path& target)
{
    return target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
}

} // namespace

std::string systemReason(int errorNumber)
{
    // A failed call that left errno at 0 would read "Success"; name the likeliest cause instead.
    return std::strerror(errorNumber == 0 ? EIO : errorNumber);
}

std::variant<std::string, FileError> readWholeFile(const std::string& path, std::size_t bytesMax)
{
    // O_NONBLOCK: opening a named pipe for reading would otherwise wait for a writer forever.
    Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    if (fd.get() < 0) {
        const int e = errno;
        if (e == ENOENT)
            return readError(FileError::Kind::Missing, e, "no such file");
        if (e == EACCES || e == EPERM)
            return readError(
                FileError::Kind::PermissionDenied, e, "permission denied: cannot open the file for reading");
        if (e == EISDIR)
            return readError(FileError::Kind::Directory, 0, "a directory, not a file");
        return readError(FileError::Kind::Open, e, "cannot open the file for reading: " + systemReason(e));
    }
    struct stat info { };
    if (::fstat(fd.get(), &info) != 0) {
        const int e = errno;
        return readError(FileError::Kind::Read, e, "cannot read the file: " + systemReason(e));
    }
    if (S_ISDIR(info.st_mode))
        return readError(FileError::Kind::Directory, 0, "a directory, not a file");
    if (!S_ISREG(info.st_mode))
        return readError(FileError::Kind::NotRegular, 0, "not a regular file (a named pipe, socket or device)");
    const std::string tooLarge = "the file is larger than the limit of " + std::to_string(bytesMax) + " bytes";
    if (info.st_size > 0 && static_cast<std::uintmax_t>(info.st_size) > bytesMax)
        return readError(FileError::Kind::TooLarge, 0, tooLarge);

    // Read to the end rather than st_size bytes: /proc files report a size of 0, and a file can grow
    // while it is read. One byte past the limit is enough to know it is too large.
    std::string text;
    text.resize(info.st_size > 0 ? static_cast<std::size_t>(info.st_size) + 1 : 4096);
    std::size_t used = 0;
    for (;;) {
        if (used == text.size()) {
            if (text.size() > bytesMax)
                return readError(FileError::Kind::TooLarge, 0, tooLarge);
            text.resize(std::min(text.size() * 2, bytesMax + 1));
        }
        const ssize_t n = ::read(fd.get(), text.data() + used, text.size() - used);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int e = errno;
            return readError(FileError::Kind::Read, e, "cannot read the file: " + systemReason(e));
        }
        if (n == 0)
            break;
        used += static_cast<std::size_t>(n);
    }
    if (used > bytesMax)
        return readError(FileError::Kind::TooLarge, 0, tooLarge);
    text.resize(used);
    return text;
}

FileType fileTypeAt(const std::string& path)
{
    struct stat info { };
    if (::stat(path.c_str(), &info) != 0)
        return errno == ENOENT ? FileType::Missing : FileType::Unresolvable;
    return typeOf(info.st_mode);
}

std::optional<FileError> checkWriteTarget(const std::string& path)
{
    auto resolved = resolveWriteTarget(path);
    if (auto* error = std::get_if<FileError>(&resolved))
        return *error;
    // The staging file is made in the target's directory: it must exist and take new files. access()
    // reports a read-only file system (EROFS) even to root, who passes every permission check.
    const std::filesystem::path directory = directoryOf(std::get<WriteTarget>(resolved).path);
    if (::access(directory.c_str(), W_OK | X_OK) != 0)
        return writeError(errno);
    return std::nullopt;
}

std::variant<StagedFile, FileError> StagedFile::create(const std::string& path)
{
    // A target that is not a regular file is refused before anything is made: rename() would replace
    // a device node, a named pipe or a socket with a regular file, as root even one in /dev.
    auto resolved = resolveWriteTarget(path);
    if (auto* error = std::get_if<FileError>(&resolved))
        return *error;
    const WriteTarget& target = std::get<WriteTarget>(resolved);

    // The staging file sits in the target's directory, so that rename() replaces the target in one
    // step on the same file system. Its name is short (a long user file name plus a suffix could pass
    // NAME_MAX) and unique per process and call; O_EXCL never reuses a file that is already there.
    static std::atomic<unsigned> serial { 0 };
    const std::filesystem::path directory = directoryOf(target.path);
    StagedFile file;
    for (int attempt = 0; attempt < 100 && file.m_fd < 0; ++attempt) {
        file.m_staging
            = (directory / (".highwater-" + std::to_string(::getpid()) + "-" + std::to_string(serial++) + ".tmp"))
                  .string();
        // Mode 0666 lets the umask decide, as for any newly created file.
        file.m_fd = ::open(file.m_staging.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (file.m_fd < 0 && errno != EEXIST)
            return writeError(errno);
    }
    if (file.m_fd < 0)
        return writeError(EEXIST);
    file.m_target = target.path.string();

    // Replacing a file keeps its permissions (a shared 0644 scenario stays readable by others), and
    // when root replaces another user's file (the live lab runs as root) it stays that user's. The
    // owner goes first: fchown() clears set-user-ID bits that fchmod() then restores.
    if (target.exists) {
        if (::geteuid() == 0 && ::fchown(file.m_fd, target.info.st_uid, target.info.st_gid) != 0) {
            // The file is then root's, as any file root creates; the write itself goes on.
        }
        ::fchmod(file.m_fd, target.info.st_mode & 07777);
    }
    return file;
}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
    , m_staging(std::move(other.m_staging))
    , m_target(std::move(other.m_target))
    , m_written(other.m_written)
{
}

StagedFile& StagedFile::operator=(StagedFile&& other) noexcept
{
    if (this != &other) {
        abandon();
        m_fd = std::exchange(other.m_fd, -1);
        m_staging = std::move(other.m_staging);
        m_target = std::move(other.m_target);
        m_written = other.m_written;
    }
    return *this;
}

StagedFile::~StagedFile()
{
    abandon();
}

void StagedFile::abandon()
{
    if (m_fd < 0)
        return;
    ::close(m_fd);
    m_fd = -1;
    ::unlink(m_staging.c_str());
}

std::optional<FileError> StagedFile::write(std::string_view bytes)
{
    if (m_fd < 0)
        return writeError(EBADF);
    const char* data = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(m_fd, data, std::min<std::size_t>(left, std::size_t(1) << 20));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return writeError(errno);
        }
        if (n == 0) // write() made no progress without saying why: the disk is full
            return writeError(ENOSPC);
        data += n;
        left -= static_cast<std::size_t>(n);
        m_written += static_cast<std::uint64_t>(n);
    }
    return std::nullopt;
}

std::optional<FileError> StagedFile::truncate(std::uint64_t size)
{
    if (m_fd < 0)
        return writeError(EBADF);
    if (::ftruncate(m_fd, static_cast<off_t>(size)) != 0 || ::lseek(m_fd, static_cast<off_t>(size), SEEK_SET) < 0)
        return writeError(errno);
    m_written = size;
    return std::nullopt;
}

std::optional<FileError> StagedFile::commit()
{
    if (m_fd < 0)
        return writeError(EBADF);
    auto fail = [&](FileError error) {
        abandon();
        return error;
    };
    if (::fsync(m_fd) != 0)
        return fail(writeError(errno));
    // close()'s own error can be the first sign of a full disk (NFS reports it only here).
    const int fd = std::exchange(m_fd, -1);
    if (::close(fd) != 0) {
        const int e = errno;
        ::unlink(m_staging.c_str());
        return writeError(e);
    }
    // Checked again just before the rename: something else may have put a device or a pipe there
    // while the bytes were written.
    struct stat now { };
    if (::lstat(m_target.c_str(), &now) == 0 && !S_ISREG(now.st_mode)) {
        ::unlink(m_staging.c_str());
        return refused(typeOf(now.st_mode), {});
    }
    if (::rename(m_staging.c_str(), m_target.c_str()) != 0) {
        const int e = errno;
        ::unlink(m_staging.c_str());
        return writeError(e);
    }
    return std::nullopt;
}

std::optional<FileError> writeFileAtomically(const std::string& path, std::string_view bytes)
{
    auto created = StagedFile::create(path);
    if (auto* error = std::get_if<FileError>(&created))
        return *error;
    StagedFile& file = std::get<StagedFile>(created);
    if (std::optional<FileError> error = file.write(bytes))
        return error;
    return file.commit();
}

std::optional<FileError> checkOutputTarget(const std::string& path)
{
    if (path == standardOutputPath)
        return std::nullopt;
    return checkWriteTarget(path);
}

std::optional<FileError> writeOutput(const std::string& path, std::string_view bytes)
{
    if (path != standardOutputPath)
        return writeFileAtomically(path, bytes);
    errno = 0;
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() || std::fflush(stdout) != 0)
        return writeError(errno);
    return std::nullopt;
}

} // namespace hw
