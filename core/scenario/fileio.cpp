// SPDX-License-Identifier: MIT
#include "scenario/fileio.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

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
    /// Closes now and reports close()'s own error, which for a written file can be the first sign of
    /// a full disk (NFS reports it only here).
    int close()
    {
        const int fd = m_fd;
        m_fd = -1;
        return ::close(fd) == 0 ? 0 : errno;
    }

private:
    int m_fd;
};

FileError readError(FileError::Kind kind, int errorNumber, std::string message)
{
    return FileError { kind, errorNumber, std::move(message) };
}

FileError writeError(int errorNumber)
{
    return FileError { FileError::Kind::Write, errorNumber, systemReason(errorNumber) };
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

std::optional<FileError> writeFileAtomically(const std::string& path, std::string_view bytes)
{
    // The staging file sits in the target's directory, so that rename() replaces the target in one
    // step on the same file system. Its name is short (a long user file name plus a suffix could pass
    // NAME_MAX) and unique per process and call; O_EXCL never reuses a file that is already there.
    static std::atomic<unsigned> serial { 0 };
    // A symbolic link stays a link: the file it points to is replaced, not the link, so that a file
    // linked from elsewhere (a shared folder, say) is the one updated.
    std::error_code noTarget;
    const std::filesystem::path resolved = std::filesystem::canonical(path, noTarget);
    const std::filesystem::path target = noTarget ? std::filesystem::path(path) : resolved;
    const std::filesystem::path directory = target.has_parent_path() ? target.parent_path() : ".";
    std::string staging;
    int opened = -1;
    for (int attempt = 0; attempt < 100 && opened < 0; ++attempt) {
        staging = (directory / (".highwater-" + std::to_string(::getpid()) + "-" + std::to_string(serial++) + ".tmp"))
                      .string();
        // Mode 0666 lets the umask decide, as for any newly created file.
        opened = ::open(staging.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (opened < 0 && errno != EEXIST)
            return writeError(errno);
    }
    if (opened < 0)
        return writeError(EEXIST);
    Descriptor fd(opened);
    auto fail = [&](int errorNumber) {
        if (fd.get() >= 0)
            fd.close();
        ::unlink(staging.c_str());
        return writeError(errorNumber);
    };

    // Replacing a file keeps its permissions (a shared 0644 scenario stays readable by others).
    struct stat existing { };
    if (::stat(target.c_str(), &existing) == 0 && S_ISREG(existing.st_mode))
        ::fchmod(fd.get(), existing.st_mode & 07777);

    const char* data = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd.get(), data, std::min<std::size_t>(left, std::size_t(1) << 20));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return fail(errno);
        }
        if (n == 0)
            return fail(ENOSPC); // write() made no progress without saying why: the disk is full
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::fsync(fd.get()) != 0)
        return fail(errno);
    if (const int e = fd.close(); e != 0)
        return fail(e);
    if (::rename(staging.c_str(), target.c_str()) != 0)
        return fail(errno);
    return std::nullopt;
}

} // namespace hw
