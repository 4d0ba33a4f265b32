// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

/// Reading and writing whole files with errors that name the real cause. Plain POSIX, no Qt, so that
/// the CLI, the GUI and the exporters share one way of doing it.
namespace hw {

/// What a path names, when a writer refuses it (FileError::Kind::Directory and NotRegular).
enum class FileType : std::uint8_t {
    Regular,
    Directory,
    CharacterDevice, ///< such as /dev/null or /dev/full
    BlockDevice,
    NamedPipe, ///< a FIFO
    Socket,
    Missing, ///< the end of a dangling symbolic link
    Unresolvable, ///< a symbolic link that cannot be followed (a loop, a component that is not a directory)
};

/// Why a file could not be read or written.
struct FileError {
    enum class Kind : std::uint8_t {
        Missing, ///< no such file (ENOENT)
        Directory, ///< the path names a directory
        NotRegular, ///< a named pipe, socket or device, or a symbolic link that leads to no regular file
        PermissionDenied, ///< EACCES or EPERM
        TooLarge, ///< more bytes than the caller's limit
        Open, ///< another reason the file could not be opened
        Read, ///< opened, but reading failed (EIO, ...)
        Write, ///< creating, writing, flushing or renaming failed
    };
    Kind kind = Kind::Open;
    int errorNumber = 0; ///< errno; 0 when the cause is not a system error (a directory, too large)
    /// English, without the path: "no such file", "a directory, not a file", "cannot read the file:
    /// Input/output error". For a write it is the system's reason alone ("No such file or directory"),
    /// or why the target was refused ("a named pipe (FIFO), not a regular file").
    std::string message;
    /// For a refused write target (Kind::Directory, NotRegular): what the path names, or what the
    /// symbolic link it is leads to.
    FileType type = FileType::Regular;
    /// For a refused symbolic link: where it points, as it is written in the link.
    std::string linkTarget;
};

/// The system's text for an errno value (strerror), never "Unknown error" for 0.
std::string systemReason(int errorNumber);

/// Reads the whole file at `path`, refusing one of more than `bytesMax` bytes. Opening never blocks
/// (a named pipe is refused, not waited on), and files that report no size (/proc) are read to the end.
std::variant<std::string, FileError> readWholeFile(const std::string& path, std::size_t bytesMax);

/// What is at `path`, following symbolic links: FileType::Missing when nothing is (a dangling link
/// included), Unresolvable when it cannot be told (a loop, a directory that cannot be searched).
FileType fileTypeAt(const std::string& path);

/// The path that means standard output wherever the CLI takes an output path (`--out -`).
inline constexpr std::string_view standardOutputPath = "-";

/// Why `path` cannot be written as a regular file, or nothing; checked before a long piece of work
/// (an export, a live session) so that it fails at once rather than at its end. The target must be
/// absent or a regular file, and the directory that will hold it must exist and be writable (a
/// read-only file system is found here too; a full disk only when writing).
///
/// A symbolic link is followed: the regular file it leads to is the target, and a write replaces
/// that file and keeps the link (a scenario linked into a shared folder is the one updated). A link
/// that leads to anything but a regular file, or to nothing (dangling), is refused: writing there
/// would create a file somewhere the user did not name.
std::optional<FileError> checkWriteTarget(const std::string& path);

/// Writes `bytes` to `path` all at once: into a new file beside it, flushed to disk, then renamed
/// over `path`, which keeps its permissions (and, for root, its owner) if it existed. `path` is
/// checked first as checkWriteTarget does: a directory, a device, a named pipe, a socket or a link to
/// one of them is refused and left exactly as it was (never replaced by a regular file), and so is a
/// dangling link. On failure `path` is unchanged, the staging file is removed, and the error is the
/// system's reason for the step that failed.
std::optional<FileError> writeFileAtomically(const std::string& path, std::string_view bytes);

/// A file written piece by piece and put in place at once, for what is too long to hold in memory (an
/// observe recording): the bytes go to a staging file beside the target, and commit() renames it over
/// the target as writeFileAtomically does. Until then the target is untouched. The target is checked
/// when the file is created and again just before the rename; a staging file that is not committed is
/// removed (abandon(), or the destructor).
class StagedFile {
public:
    /// Checks `path` (as checkWriteTarget) and creates the staging file in its directory.
    static std::variant<StagedFile, FileError> create(const std::string& path);
    StagedFile(StagedFile&& other) noexcept;
    StagedFile& operator=(StagedFile&& other) noexcept;
    StagedFile(const StagedFile&) = delete;
    StagedFile& operator=(const StagedFile&) = delete;
    ~StagedFile();

    /// Appends bytes to the staging file. After a failure part of them may have been written (truncate
    /// back, or abandon).
    std::optional<FileError> write(std::string_view bytes);
    /// Cuts the staging file back to `size` bytes (a write that failed midway leaves no torn end).
    std::optional<FileError> truncate(std::uint64_t size);
    /// Flushes to disk, closes and renames over the target. After it (success or not) the object is spent.
    std::optional<FileError> commit();
    /// Removes the staging file; the target stays as it was.
    void abandon();

    bool isOpen() const { return m_fd >= 0; }
    /// Where the bytes are until commit(): a hidden file beside the target.
    const std::string& stagingPath() const { return m_staging; }
    /// The file commit() replaces (a symbolic link's regular file, as writeFileAtomically).
    const std::string& targetPath() const { return m_target; }
    std::uint64_t bytesWritten() const { return m_written; }

private:
    StagedFile() = default;
    int m_fd = -1;
    std::string m_staging;
    std::string m_target;
    std::uint64_t m_written = 0;
};

/// checkWriteTarget, where standardOutputPath ("-") is standard output and always fine.
std::optional<FileError> checkOutputTarget(const std::string& path);

/// writeFileAtomically, where standardOutputPath ("-") writes to standard output (through stdio's
/// stdout, flushed, so it keeps its place among what std::cout printed before). A failed write to
/// standard output is an error like any other (a full disk, a closed pipe).
std::optional<FileError> writeOutput(const std::string& path, std::string_view bytes);

} // namespace hw
