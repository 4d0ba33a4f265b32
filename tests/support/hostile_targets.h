// SPDX-License-Identifier: MIT
#pragma once

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

/// Hostile output targets for the writers' tests (issue 25; tests/cli/test_cli_hostile.cpp for the
/// CLI, tests/ui/test_hostile_writers.cpp for the app): device nodes like /dev/null and /dev/full,
/// a named pipe, a socket, a directory, symbolic links (to a regular file, to a device, to nothing),
/// a read-only mount and a full disk. Everything is made in a tmpfs of the test process's own mount
/// namespace, so nothing reaches the machine's disks and the mounts vanish with the process.
///
/// CI runs as root, who passes every permission check: the read-only file system and the full disk
/// are real mounts, and the device nodes real nodes (mknod). Without root, the process enters a user
/// namespace where it is root over its own mounts (as `unshare --user --map-root-user --mount`
/// does); mknod is not allowed there, so a device node is the machine's /dev/null or /dev/full
/// bind-mounted over a file, which stat() shows as the same character device.
namespace hw::test::hostile {

namespace fs = std::filesystem;

inline std::string systemError(const std::string& what)
{
    return what + ": " + std::strerror(errno);
}

inline bool writeText(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out.flush());
}

/// The directory the sandbox is made in: one whose mount enterPrivateMountNamespace made private, so
/// that the sandbox's mounts cannot propagate to the machine's mount namespace.
inline fs::path& sandboxParent()
{
    static fs::path parent;
    return parent;
}

/// Moves this process into a mount namespace of its own (and, when it is not root, a user namespace
/// in which it is root), with mounts that do not propagate back. Must be called while the process
/// has one thread (unshare(CLONE_NEWUSER) refuses otherwise): first thing in main. Returns an error
/// message, or an empty string.
///
/// Every mount is made private from "/" down. In a chroot (a new Debian root, as
/// ../shared/tools/fresh-debian makes), "/" is a directory, not a mount, and cannot be: then the
/// sandbox goes under the first of /dev/shm, /tmp and /run that is a mount, made private itself.
inline std::string enterPrivateMountNamespace()
{
    const uid_t uid = ::geteuid();
    const gid_t gid = ::getegid();
    // Root in a container without CAP_SYS_ADMIN gets the user namespace too.
    if (uid != 0 || ::unshare(CLONE_NEWNS) != 0) {
        if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0)
            return systemError("unshare(CLONE_NEWUSER | CLONE_NEWNS)");
        if (!writeText("/proc/self/setgroups", "deny")
            || !writeText("/proc/self/uid_map", "0 " + std::to_string(uid) + " 1\n")
            || !writeText("/proc/self/gid_map", "0 " + std::to_string(gid) + " 1\n"))
            return systemError("mapping this user to root in the user namespace");
    }
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0) {
        sandboxParent() = fs::path(::testing::TempDir());
        return {};
    }
    if (errno != EINVAL)
        return systemError("making the mounts private");
    for (const char* candidate : { "/dev/shm", "/tmp", "/run" }) {
        if (::mount(nullptr, candidate, nullptr, MS_REC | MS_PRIVATE, nullptr) == 0) {
            sandboxParent() = fs::path(candidate);
            return {};
        }
    }
    return systemError("making the mounts private (\"/\" is not a mount, and neither is /dev/shm, /tmp or /run)");
}

/// What a path is, to compare before and after a writer ran: its type, device numbers, inode,
/// permissions and size, a regular file's bytes, a link's text, a directory's entries (each in turn).
inline std::string fingerprint(const fs::path& path)
{
    struct stat info { };
    if (::lstat(path.c_str(), &info) != 0)
        return "missing";
    std::string out = "type " + std::to_string(info.st_mode & S_IFMT) + " mode " + std::to_string(info.st_mode & 07777)
        + " rdev " + std::to_string(major(info.st_rdev)) + "," + std::to_string(minor(info.st_rdev)) + " inode "
        + std::to_string(info.st_ino);
    if (S_ISREG(info.st_mode)) {
        std::ifstream in(path, std::ios::binary);
        out += " bytes " + std::string(std::istreambuf_iterator<char>(in), {});
    } else if (S_ISLNK(info.st_mode)) {
        out += " -> " + fs::read_symlink(path).string();
    } else if (S_ISDIR(info.st_mode)) {
        std::vector<fs::path> entries;
        for (const auto& entry : fs::directory_iterator(path))
            entries.push_back(entry.path());
        std::sort(entries.begin(), entries.end());
        for (const fs::path& entry : entries)
            out += " [" + entry.filename().string() + ": " + fingerprint(entry) + "]";
    }
    return out;
}

/// The names in a directory, hidden ones too, sorted.
inline std::vector<std::string> entries(const fs::path& directory)
{
    std::vector<std::string> out;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(directory, error))
        out.push_back(entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

/// A character device node at path with these numbers: mknod as root; in a user namespace the
/// machine's node of those numbers (/dev/null 1,3 or /dev/full 1,7) bind-mounted over a file.
inline std::string makeCharacterDevice(const fs::path& path, unsigned majorNumber, unsigned minorNumber)
{
    if (::mknod(path.c_str(), S_IFCHR | 0666, makedev(majorNumber, minorNumber)) == 0)
        return {};
    if (errno != EPERM)
        return systemError("mknod " + path.string());
    const std::string host = minorNumber == 3 ? "/dev/null" : "/dev/full";
    if (!writeText(path, ""))
        return systemError("creating " + path.string());
    if (::mount(host.c_str(), path.c_str(), nullptr, MS_BIND, nullptr) != 0)
        return systemError("bind-mounting " + host + " over " + path.string());
    struct stat info { };
    if (::stat(path.c_str(), &info) != 0 || !S_ISCHR(info.st_mode) || major(info.st_rdev) != majorNumber
        || minor(info.st_rdev) != minorNumber)
        return path.string() + " is not the character device " + host;
    return {};
}

/// A unix socket's node at path (the socket is closed; the node stays).
inline std::string makeSocket(const fs::path& path)
{
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    if (path.string().size() >= sizeof address.sun_path)
        return "the socket path " + path.string() + " is too long";
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0)
        return systemError("socket");
    const int bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    const std::string error = bound == 0 ? std::string() : systemError("bind " + path.string());
    ::close(fd);
    return error;
}

/// A private tmpfs for the targets, with a read-only tmpfs (ro/) and a full one (full/) in it.
/// ro/ and full/ each hold old.json and frames/frame-000003.png, which no writer may change.
class Sandbox {
public:
    /// The frame an earlier export left in ro/frames and full/frames.
    static constexpr const char* earlierFrame = "frame-000003.png";

    Sandbox()
    {
        // enterPrivateMountNamespace chose the parent; a program that did not call it is refused.
        if (sandboxParent().empty()) {
            m_error = "the process has no private mount namespace (enterPrivateMountNamespace was not called)";
            return;
        }
        m_root = sandboxParent() / ("hw_hostile_" + std::to_string(::getpid()));
        std::error_code ignored;
        fs::create_directories(m_root, ignored);
        if (::mount("tmpfs", m_root.c_str(), "tmpfs", MS_NOSUID, "size=16m,mode=0755") != 0) {
            m_error = systemError("mounting a tmpfs at " + m_root.string());
            return;
        }
        m_mounted = true;
        m_error = makeReadOnly();
        if (m_error.empty())
            m_error = makeFull();
    }

    ~Sandbox()
    {
        // The namespace's mounts go with the process; the directory they hid stays on the machine's
        // disk unless it is removed once they are gone.
        if (m_mounted)
            ::umount2(m_root.c_str(), MNT_DETACH);
        std::error_code ignored;
        fs::remove(m_root, ignored);
    }

    Sandbox(const Sandbox&) = delete;
    Sandbox& operator=(const Sandbox&) = delete;

    const std::string& error() const { return m_error; }
    fs::path readOnly() const { return m_root / "ro"; }
    fs::path full() const { return m_root / "full"; }

    /// A new, empty directory for one writer's targets.
    fs::path newCase(const std::string& name)
    {
        const fs::path dir = m_root / "cases" / (std::to_string(++m_cases) + "-" + name);
        fs::create_directories(dir);
        return dir;
    }

private:
    static std::string populate(const fs::path& dir)
    {
        fs::create_directories(dir / "frames");
        if (!writeText(dir / "old.json", "{\"an earlier session\": true}\n")
            || !writeText(dir / "frames" / earlierFrame, "an earlier export's frame"))
            return systemError("writing into " + dir.string());
        return {};
    }

    std::string makeReadOnly()
    {
        const fs::path dir = readOnly();
        fs::create_directories(dir);
        if (::mount("tmpfs", dir.c_str(), "tmpfs", MS_NOSUID, "size=1m,mode=0755") != 0)
            return systemError("mounting a tmpfs at " + dir.string());
        if (std::string error = populate(dir); !error.empty())
            return error;
        if (::mount(nullptr, dir.c_str(), nullptr, MS_REMOUNT | MS_RDONLY | MS_NOSUID, nullptr) != 0)
            return systemError("remounting " + dir.string() + " read-only");
        if (::access(dir.c_str(), W_OK) == 0 || errno != EROFS)
            return dir.string() + " is writable after the read-only remount";
        return {};
    }

    std::string makeFull()
    {
        const fs::path dir = full();
        fs::create_directories(dir);
        if (::mount("tmpfs", dir.c_str(), "tmpfs", MS_NOSUID, "size=256k,mode=0755") != 0)
            return systemError("mounting a tmpfs at " + dir.string());
        if (std::string error = populate(dir); !error.empty())
            return error;
        // Filled to the last byte: every write of data fails with ENOSPC.
        const int fd = ::open((dir / "filler").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0)
            return systemError("creating the filler");
        const std::vector<char> block(4096, 'x');
        std::size_t written = 0;
        for (;;) {
            const ssize_t n = ::write(fd, block.data(), block.size());
            if (n <= 0)
                break;
            written += static_cast<std::size_t>(n);
        }
        const int e = errno;
        ::close(fd);
        if (e != ENOSPC)
            return "filling " + dir.string() + " stopped with " + std::strerror(e) + " after " + std::to_string(written)
                + " bytes";
        return {};
    }

    fs::path m_root;
    std::string m_error;
    bool m_mounted = false;
    int m_cases = 0;
};

/// What a writer's output path is.
enum class Shape {
    File, ///< one file (a scenario, a PNG, a GIF, the frames' JSON lines)
    Directory, ///< a directory of frames
};

/// One hostile target: a path a writer is given, and what it must do with it.
struct Target {
    std::string name; ///< what it is, for the messages
    fs::path path;
    /// What the writer's message must say after the path: the refusal or the system's reason. Empty
    /// for a link to a regular file (or, for a directory of frames, to a directory): followed.
    std::string reason;
    fs::path leadsTo; ///< for a followed link: where it leads
    std::string error; ///< why it could not be made; the test fails with it
};

/// The hostile targets for a writer of this shape, made in dir (and in the sandbox's read-only and
/// full mounts).
inline std::vector<Target> makeTargets(Sandbox& sandbox, Shape shape, const fs::path& dir)
{
    const bool file = shape == Shape::File;
    // A sequence of frames says "PATH is a named pipe (FIFO); a sequence of frames needs a directory".
    auto notRegular = [&](const std::string& what) {
        return file ? what + ", not a regular file" : " is " + what + "; a sequence of frames needs a directory";
    };
    std::vector<Target> targets;
    auto add = [&](std::string name, const fs::path& path, std::string reason, std::string error = {}) {
        targets.push_back(Target { std::move(name), path, std::move(reason), {}, std::move(error) });
    };
    add("a character device like /dev/null (1,3)", dir / "null-like", notRegular("a character device"),
        makeCharacterDevice(dir / "null-like", 1, 3));
    add("a character device like /dev/full (1,7)", dir / "full-like", notRegular("a character device"),
        makeCharacterDevice(dir / "full-like", 1, 7));
    add("a named pipe", dir / "pipe", notRegular("a named pipe (FIFO)"),
        ::mkfifo((dir / "pipe").c_str(), 0644) == 0 ? std::string() : systemError("mkfifo"));
    add("a socket", dir / "socket", notRegular("a socket"), makeSocket(dir / "socket"));
    if (file) {
        fs::create_directories(dir / "directory" / "inside");
        writeText(dir / "directory" / "inside" / "notes.txt", "a user's notes\n");
        add("a directory", dir / "directory", "a directory, not a regular file");
    } else {
        writeText(dir / "file", "a user's file\n");
        add("a regular file", dir / "file", notRegular("a regular file"));
    }
    // Symbolic links: to a device, to nothing, and to what the writer writes (followed).
    fs::create_symlink("full-like", dir / "link-to-device");
    add("a link to a character device", dir / "link-to-device",
        file ? "a symbolic link to full-like, which is a character device, not a regular file"
             : notRegular("a character device"));
    fs::create_symlink("nowhere", dir / "dangling-link");
    add("a dangling link", dir / "dangling-link", "a symbolic link to nowhere, which does not exist");
    if (file) {
        writeText(dir / "real.json", "the file the link leads to\n");
        fs::create_symlink("real.json", dir / "link-to-file");
        targets.push_back(Target { "a link to a regular file", dir / "link-to-file", {}, dir / "real.json", {} });
    } else {
        fs::create_directories(dir / "real-frames");
        fs::create_symlink("real-frames", dir / "link-to-directory");
        targets.push_back(Target { "a link to a directory", dir / "link-to-directory", {}, dir / "real-frames", {} });
    }
    // A read-only mount and a full disk: a new path, and one that holds an earlier file or frame.
    const std::string existing = file ? "old.json" : "frames";
    add("a new path on a read-only mount", sandbox.readOnly() / "new", "Read-only file system");
    add("an existing " + std::string(file ? "file" : "directory of frames") + " on a read-only mount",
        sandbox.readOnly() / existing, "Read-only file system");
    add("a new path on a full disk", sandbox.full() / "new", "No space left on device");
    add("an existing " + std::string(file ? "file" : "directory of frames") + " on a full disk",
        sandbox.full() / existing, "No space left on device");
    return targets;
}

} // namespace hw::test::hostile
