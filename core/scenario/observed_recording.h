// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/fileio.h"
#include "scenario/observed_json.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

/// Observe recordings on disk (`highwater-cli observe --record FILE`, File > Connect's "Record to file"):
/// written poll by poll while observing goes on, read back poll by poll (`run FILE`, File > Open), so that
/// neither holds a whole recording in memory. The lines are scenario/observed_json.h's.
namespace hw {

/// The most a recording grows to: an hour of 1 s polls of a 5,000-partition cluster writes about 2 GB.
/// At the limit the writer refuses the next poll (observing goes on without it).
inline constexpr std::uint64_t observedRecordingBytesMax = std::uint64_t(8) << 30;
/// The longest line a reader takes: a poll at limits::observed* is a few MB.
inline constexpr std::size_t observedRecordingLineBytesMax = std::size_t(64) << 20;

/// A recording being written. The lines go to a staging file beside the target (StagedFile), and
/// finish() puts it in place at once, so the target never holds half a recording and is never a device,
/// a pipe or a directory; a process that is killed leaves the staging file (stagingPath()) and the
/// target as it was. The destructor finishes a recording that was not finished: quitting keeps it.
class ObservedRecordingFile {
public:
    /// Checks the target and writes the header line. A FileError says why the path cannot be written.
    static std::variant<std::unique_ptr<ObservedRecordingFile>, FileError> create(
        const std::string& path, const ObservedRecordingHeader& header);
    ~ObservedRecordingFile();
    ObservedRecordingFile(const ObservedRecordingFile&) = delete;
    ObservedRecordingFile& operator=(const ObservedRecordingFile&) = delete;

    /// Appends one poll's line. An error (a full disk, observedRecordingBytesMax) ends the recording:
    /// what was written so far is put in place, and later appends are refused with the same error.
    std::optional<FileError> append(const ObservedCluster& poll);
    /// Puts the recording in place (once; later calls return the first result).
    std::optional<FileError> finish();
    /// Removes the staging file and leaves the target as it was (a session that recorded no poll must
    /// not replace an earlier recording with an empty one). Nothing is put in place afterwards.
    void discard();

    std::size_t polls() const { return m_polls; }
    std::uint64_t bytes() const { return m_file.bytesWritten(); }
    const std::string& stagingPath() const { return m_file.stagingPath(); }

private:
    explicit ObservedRecordingFile(StagedFile file) : m_file(std::move(file)) { }
    StagedFile m_file;
    std::size_t m_polls = 0;
    bool m_finished = false;
    std::optional<FileError> m_error;       // the error that ended the recording
    std::optional<FileError> m_finishError; // what finish() returned
};

/// A recording read poll by poll. Only regular files are read (a named pipe is refused, not waited on);
/// empty lines are skipped, as readObservedRecording does.
class ObservedRecordingReader {
public:
    /// Opens the file and reads its header line. The error, without the file's name, is the file's problem
    /// ("no such file") or the header's (ObservedJsonError::toString: "line 1: /format: expected ...").
    static std::variant<std::unique_ptr<ObservedRecordingReader>, std::string> open(const std::string& path);
    ~ObservedRecordingReader();
    ObservedRecordingReader(const ObservedRecordingReader&) = delete;
    ObservedRecordingReader& operator=(const ObservedRecordingReader&) = delete;

    const ObservedRecordingHeader& header() const { return m_header; }
    /// The next poll, nullopt at the end of the file, or the error of the first line that is wrong (then
    /// nullopt on every later call).
    std::optional<std::variant<ObservedCluster, ObservedJsonError>> next();

    /// Whether a file's first line is an observe recording's header, so that `run` and File > Open can
    /// tell a recording from a scenario. Reads at most one line.
    static bool isRecording(const std::string& path);

private:
    ObservedRecordingReader() = default;
    /// The next non-empty line into m_line; false at the end, with m_error set on a read failure.
    bool nextLine();
    int m_fd = -1;
    std::string m_buffer;      // bytes read and not yet split into lines
    std::size_t m_consumed = 0; // of m_buffer
    bool m_eof = false;
    std::string m_line;
    int m_lineNumber = 0;
    ObservedRecordingHeader m_header;
    std::optional<ObservedJsonError> m_error;
};

} // namespace hw
