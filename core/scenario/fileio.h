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

/// Why a file could not be read or written.
struct FileError {
    enum class Kind : std::uint8_t {
        Missing, ///< no such file (ENOENT)
        Directory, ///< the path names a directory
        NotRegular, ///< a named pipe, socket or device
        PermissionDenied, ///< EACCES or EPERM
        TooLarge, ///< more bytes than the caller's limit
        Open, ///< another reason the file could not be opened
        Read, ///< opened, but reading failed (EIO, ...)
        Write, ///< creating, writing, flushing or renaming failed
    };
    Kind kind = Kind::Open;
    int errorNumber = 0; ///< errno; 0 when the cause is not a system error (a directory, too large)
    /// English, without the path: "no such file", "a directory, not a file", "cannot read the file:
    /// Input/output error". For a write it is the system's reason alone ("No such file or directory").
    std::string message;
};

/// The system's text for an errno value (strerror), never "Unknown error" for 0.
std::string systemReason(int errorNumber);

/// Reads the whole file at `path`, refusing one of more than `bytesMax` bytes. Opening never blocks
/// (a named pipe is refused, not waited on), and files that report no size (/proc) are read to the end.
std::variant<std::string, FileError> readWholeFile(const std::string& path, std::size_t bytesMax);

/// Writes `bytes` to `path` all at once: into a new file beside it, flushed to disk, then renamed
/// over `path`, which keeps its permissions if it existed (a symbolic link keeps pointing to it). On failure `path` is
/// unchanged, the staging file is removed, and the error is the system's reason for the step that failed.
std::optional<FileError> writeFileAtomically(const std::string& path, std::string_view bytes);

} // namespace hw
