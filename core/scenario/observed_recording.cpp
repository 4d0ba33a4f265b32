// SPDX-License-Identifier: MIT
#include "scenario/observed_recording.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace hw {

namespace {

/// How much a reader asks read() for at a time.
constexpr std::size_t readChunkBytes = std::size_t(1) << 20;

FileError limitError()
{
    FileError error;
    error.kind = FileError::Kind::TooLarge;
    error.message = "the recording reached its limit of " + std::to_string(observedRecordingBytesMax >> 30)
        + " GiB (observedRecordingBytesMax); later polls are not recorded";
    return error;
}

} // namespace

std::variant<std::unique_ptr<ObservedRecordingFile>, FileError> ObservedRecordingFile::create(
    const std::string& path, const ObservedRecordingHeader& header)
{
    auto staged = StagedFile::create(path);
    if (auto* error = std::get_if<FileError>(&staged))
        return *error;
    std::unique_ptr<ObservedRecordingFile> file(new ObservedRecordingFile(std::move(std::get<StagedFile>(staged))));
    if (std::optional<FileError> error = file->m_file.write(observedHeaderLine(header) + "\n")) {
        file->discard(); // not even the header fits (a full disk): the target stays as it was
        return *error;
    }
    return file;
}

ObservedRecordingFile::~ObservedRecordingFile()
{
    finish();
}

std::optional<FileError> ObservedRecordingFile::append(const ObservedCluster& poll)
{
    if (m_error)
        return m_error;
    if (m_finished) {
        FileError error;
        error.kind = FileError::Kind::Write;
        error.message = "the recording is finished";
        return error;
    }
    const std::string line = observedClusterLine(poll) + "\n";
    if (m_file.bytesWritten() + line.size() > observedRecordingBytesMax) {
        m_error = limitError();
        finish();
        return m_error;
    }
    const std::uint64_t before = m_file.bytesWritten();
    if (std::optional<FileError> error = m_file.write(line)) {
        // A full disk: keep the polls written before this one, without its torn line.
        m_error = error;
        // Should the cut fail too, the torn line stays: a reader reports it by its number after the
        // polls before it.
        m_file.truncate(before);
        finish();
        return m_error;
    }
    ++m_polls;
    return std::nullopt;
}

std::optional<FileError> ObservedRecordingFile::finish()
{
    if (!m_finished) {
        m_finished = true;
        m_finishError = m_file.commit();
        if (m_finishError && !m_error)
            m_error = m_finishError;
    }
    return m_finishError;
}

void ObservedRecordingFile::discard()
{
    if (m_finished)
        return;
    m_finished = true;
    m_file.abandon();
}

std::variant<std::unique_ptr<ObservedRecordingReader>, std::string> ObservedRecordingReader::open(
    const std::string& path)
{
    // O_NONBLOCK: opening a named pipe would otherwise wait for a writer; it is refused below.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int e = errno;
        if (e == ENOENT)
            return std::string("no such file");
        if (e == EISDIR)
            return std::string("a directory, not a file");
        return "cannot open the file for reading: " + systemReason(e);
    }
    std::unique_ptr<ObservedRecordingReader> reader(new ObservedRecordingReader());
    reader->m_fd = fd;
    struct stat info { };
    if (::fstat(fd, &info) != 0)
        return "cannot read the file: " + systemReason(errno);
    if (S_ISDIR(info.st_mode))
        return std::string("a directory, not a file");
    if (!S_ISREG(info.st_mode))
        return std::string("not a regular file (a named pipe, socket or device)");
    if (!reader->nextLine()) {
        if (reader->m_error)
            return reader->m_error->toString();
        return std::string("an empty file, not an observe recording (its first line is the recording's header)");
    }
    auto header = parseObservedHeader(reader->m_line, reader->m_lineNumber);
    if (auto* error = std::get_if<ObservedJsonError>(&header))
        return error->toString();
    reader->m_header = std::get<ObservedRecordingHeader>(header);
    return reader;
}

ObservedRecordingReader::~ObservedRecordingReader()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool ObservedRecordingReader::nextLine()
{
    for (;;) {
        const std::size_t newline = m_buffer.find('\n', m_consumed);
        if (newline != std::string::npos || (m_eof && m_consumed < m_buffer.size())) {
            const std::size_t end = newline == std::string::npos ? m_buffer.size() : newline;
            std::string_view line(m_buffer.data() + m_consumed, end - m_consumed);
            m_consumed = newline == std::string::npos ? m_buffer.size() : newline + 1;
            ++m_lineNumber;
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            if (line.find_first_not_of(" \t") == std::string_view::npos)
                continue;
            m_line.assign(line);
            return true;
        }
        if (m_eof)
            return false;
        if (m_buffer.size() - m_consumed > observedRecordingLineBytesMax) {
            m_error = ObservedJsonError { m_lineNumber + 1, 0, "",
                "the line is longer than " + std::to_string(observedRecordingLineBytesMax >> 20)
                    + " MiB (observedRecordingLineBytesMax)" };
            return false;
        }
        m_buffer.erase(0, m_consumed);
        m_consumed = 0;
        const std::size_t used = m_buffer.size();
        m_buffer.resize(used + readChunkBytes);
        ssize_t n = -1;
        do
            n = ::read(m_fd, m_buffer.data() + used, readChunkBytes);
        while (n < 0 && errno == EINTR);
        if (n < 0) {
            m_buffer.resize(used);
            m_error = ObservedJsonError { m_lineNumber + 1, 0, "", "cannot read the file: " + systemReason(errno) };
            return false;
        }
        m_buffer.resize(used + static_cast<std::size_t>(n));
        m_eof = n == 0;
    }
}

std::optional<std::variant<ObservedCluster, ObservedJsonError>> ObservedRecordingReader::next()
{
    if (m_error)
        return std::nullopt;
    if (!nextLine()) {
        if (m_error)
            return *m_error;
        return std::nullopt;
    }
    auto poll = parseObservedCluster(m_line, m_lineNumber);
    if (auto* error = std::get_if<ObservedJsonError>(&poll))
        m_error = *error;
    return poll;
}

bool ObservedRecordingReader::isRecording(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return false;
    struct stat info { };
    const bool regular = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
    // The header is a short line; 4 KiB holds it with room to spare.
    std::string start(4096, '\0');
    ssize_t n = regular ? ::read(fd, start.data(), start.size()) : -1;
    ::close(fd);
    if (n <= 0)
        return false;
    start.resize(static_cast<std::size_t>(n));
    const std::size_t first = start.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return false;
    const std::size_t end = start.find('\n', first);
    const std::string_view line = std::string_view(start).substr(first, end == std::string::npos ? std::string::npos : end - first);
    return std::holds_alternative<ObservedRecordingHeader>(parseObservedHeader(line));
}

} // namespace hw
