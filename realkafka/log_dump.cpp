// SPDX-License-Identifier: MIT
#include "realkafka/log_dump.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace hw::realkafka {

namespace {

/// Reads the text of one dump, tracking the line and column for errors.
class DumpParser {
public:
    DumpParser(std::string_view text, const std::string& sourceName) : m_text(text), m_source(sourceName) { }

    LogDump parse()
    {
        if (m_text.size() > dumpOutputBytesMax)
            fail("the dump is " + std::to_string(m_text.size()) + " bytes, more than dumpOutputBytesMax ("
                + std::to_string(dumpOutputBytesMax) + ")");
        while (m_pos < m_text.size()) {
            const std::string_view line = restOfLine();
            if (line.starts_with("Dumping ")) {
                const std::string file(line.substr(8));
                // Offsets grow within a partition; a dump of several partitions starts again in each folder.
                if (!m_dump.files.empty()
                    && std::filesystem::path(file).parent_path()
                        != std::filesystem::path(m_dump.files.back()).parent_path())
                    m_folderFirstBatch = m_dump.batches.size();
                m_dump.files.push_back(file);
                m_dump.fileBaseOffsets.push_back(-1);
                m_inFile = true;
                m_sawStart = false;
                nextLine();
            } else if (line.starts_with("Log starting offset: ")) {
                requireFile(line);
                const std::int64_t start = number(line.substr(21), 21, "the segment's base offset");
                if (!m_dump.firstSegmentBaseOffset)
                    m_dump.firstSegmentBaseOffset = start;
                m_dump.fileBaseOffsets.back() = start;
                m_sawStart = true;
                nextLine();
            } else if (line.starts_with("baseOffset: ")) {
                requireFile(line);
                batchLine(line);
                nextLine();
            } else if (line.starts_with("| ")) {
                requireFile(line);
                recordLine();
            } else if (line.starts_with("Found ")
                && line.find(" invalid bytes at the end of ") != std::string_view::npos) {
                requireFile(line);
                const std::size_t end = line.find(' ', 6);
                m_dump.invalidTrailingBytes += number(line.substr(6, end - 6), 6, "a byte count");
                nextLine();
            } else if (line.empty()) {
                nextLine();
            } else {
                fail("unexpected line \"" + printable(line)
                    + "\": expected \"Dumping FILE\", \"Log starting offset: N\", "
                      "a batch (\"baseOffset: ...\") or a record (\"| offset: ...\")");
            }
        }
        if (m_pendingRecords != 0)
            fail("the dump ends " + std::to_string(m_pendingRecords) + " records short of batch "
                + std::to_string(m_dump.batches.back().baseOffset) + "'s count");
        return std::move(m_dump);
    }

private:
    [[noreturn]] void fail(const std::string& what, std::size_t column = 0) const
    {
        std::ostringstream out;
        out << m_source << ':' << m_line << ':' << (m_pos - m_lineStart + column + 1) << ": " << what;
        throw LogDumpError(out.str());
    }

    static std::string printable(std::string_view text)
    {
        constexpr std::size_t shownMax = 80;
        std::string out;
        for (char c : text.substr(0, shownMax))
            out += (static_cast<unsigned char>(c) < 0x20) ? '?' : c;
        if (text.size() > shownMax)
            out += "...";
        return out;
    }

    std::string_view restOfLine() const
    {
        const std::size_t end = m_text.find('\n', m_pos);
        return m_text.substr(m_pos, end == std::string_view::npos ? std::string_view::npos : end - m_pos);
    }

    void nextLine()
    {
        const std::size_t end = m_text.find('\n', m_pos);
        if (end == std::string_view::npos)
            fail("the dump ends in the middle of a line (truncated output)", m_text.size() - m_pos);
        m_pos = end + 1;
        m_lineStart = m_pos;
        ++m_line;
    }

    void requireFile(std::string_view line) const
    {
        if (!m_inFile)
            fail("\"" + printable(line) + "\" before any \"Dumping FILE\" line");
        if (!m_sawStart && !line.starts_with("Log starting offset: "))
            fail("\"" + printable(line) + "\" before the file's \"Log starting offset: N\" line");
    }

    std::int64_t number(std::string_view text, std::size_t column, const char* what) const
    {
        std::int64_t value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size() || text.empty())
            fail("\"" + printable(text) + "\" is not " + what + ": expected an integer", column);
        return value;
    }

    /// "name: value name: value ...": the batch line's fields by name.
    void batchLine(std::string_view line)
    {
        if (m_pendingRecords != 0)
            fail("a batch starts while the previous one still lacks " + std::to_string(m_pendingRecords) + " records");
        std::map<std::string_view, std::pair<std::string_view, std::size_t>> fields;
        std::size_t at = 0;
        while (at < line.size()) {
            const std::size_t colon = line.find(": ", at);
            if (colon == std::string_view::npos)
                fail("expected \"NAME: VALUE\" in the batch line", at);
            const std::size_t valueStart = colon + 2;
            std::size_t valueEnd = line.find(' ', valueStart);
            if (valueEnd == std::string_view::npos)
                valueEnd = line.size();
            fields[line.substr(at, colon - at)] = { line.substr(valueStart, valueEnd - valueStart), valueStart };
            at = valueEnd + 1;
        }
        const auto field = [&](std::string_view name) {
            const auto found = fields.find(name);
            if (found == fields.end())
                fail("the batch line lacks \"" + std::string(name) + ":\"");
            return found->second;
        };
        const auto integer = [&](std::string_view name) {
            const auto [text, column] = field(name);
            return number(text, column, "an integer field");
        };
        const auto boolean = [&](std::string_view name) {
            const auto [text, column] = field(name);
            if (text != "true" && text != "false")
                fail("\"" + printable(text) + "\" is not true or false", column);
            return text == "true";
        };
        DumpedBatch batch;
        batch.baseOffset = integer("baseOffset");
        batch.lastOffset = integer("lastOffset");
        const std::int64_t count = integer("count");
        batch.baseSequence = static_cast<std::int32_t>(integer("baseSequence"));
        batch.producerId = integer("producerId");
        batch.producerEpoch = static_cast<std::int16_t>(integer("producerEpoch"));
        batch.partitionLeaderEpoch = static_cast<std::int32_t>(integer("partitionLeaderEpoch"));
        batch.isTransactional = boolean("isTransactional");
        batch.isControl = boolean("isControl");
        if (batch.lastOffset < batch.baseOffset || count < 0 || count > batch.lastOffset - batch.baseOffset + 1)
            fail("batch " + std::to_string(batch.baseOffset) + "-" + std::to_string(batch.lastOffset) + " with count "
                + std::to_string(count) + " is not a batch");
        batch.fileIndex = m_dump.files.size() - 1;
        if (m_dump.batches.size() > m_folderFirstBatch && batch.baseOffset <= m_dump.batches.back().lastOffset)
            fail("batch " + std::to_string(batch.baseOffset) + " does not follow batch "
                + std::to_string(m_dump.batches.back().baseOffset) + " (offsets must grow)");
        batch.count = static_cast<std::int32_t>(count);
        m_dump.batches.push_back(batch);
        m_pendingRecords = batch.count;
    }

    /// Takes exactly size bytes of key or value at m_pos: the text is raw, it may hold newlines.
    std::string takeBytes(std::int64_t size, const char* what)
    {
        if (size > dumpFieldBytesMax)
            fail(std::string("a ") + what + " of " + std::to_string(size) + " bytes, more than dumpFieldBytesMax ("
                    + std::to_string(dumpFieldBytesMax) + ")",
                m_cursor - m_pos);
        if (m_cursor + static_cast<std::size_t>(size) > m_text.size())
            fail(std::string("the dump ends inside a ") + what + " of " + std::to_string(size)
                    + " bytes (truncated output)",
                m_cursor - m_pos);
        std::string bytes(m_text.substr(m_cursor, static_cast<std::size_t>(size)));
        m_cursor += static_cast<std::size_t>(size);
        return bytes;
    }

    bool take(std::string_view expected)
    {
        if (m_text.substr(m_cursor).starts_with(expected)) {
            m_cursor += expected.size();
            return true;
        }
        return false;
    }

    /// "| offset: O CreateTime: T keySize: K valueSize: V sequence: S headerKeys: [...]" then " key: " and
    /// K bytes, " payload: " and V bytes, then the newline.
    void recordLine()
    {
        if (m_dump.batches.empty() || m_pendingRecords == 0)
            fail("a record outside any batch (or beyond its batch's count)");
        if (m_dump.records.size() >= dumpRecordsMax)
            fail("more than dumpRecordsMax (" + std::to_string(dumpRecordsMax) + ") records");
        const DumpedBatch& batch = m_dump.batches.back();
        m_cursor = m_pos + 2;
        std::map<std::string_view, std::int64_t> fields;
        // The metadata fields up to headerKeys, whose value is a bracketed list.
        while (true) {
            const std::size_t colon = m_text.find(": ", m_cursor);
            const std::size_t newline = m_text.find('\n', m_cursor);
            if (colon == std::string_view::npos || colon > newline)
                fail("expected \"NAME: VALUE\" up to \"headerKeys: [...]\" in the record line", m_cursor - m_pos);
            const std::string_view name = m_text.substr(m_cursor, colon - m_cursor);
            m_cursor = colon + 2;
            if (name == "headerKeys")
                break;
            std::size_t valueEnd = m_text.find_first_of(" \n", m_cursor);
            if (valueEnd == std::string_view::npos)
                fail("the dump ends in the middle of a record line (truncated output)", m_cursor - m_pos);
            fields[name] = number(m_text.substr(m_cursor, valueEnd - m_cursor), m_cursor - m_pos, "a record field");
            m_cursor = valueEnd;
            if (m_text[m_cursor] == '\n')
                fail("the record line ends before \"headerKeys: [...]\"", m_cursor - m_pos);
            ++m_cursor;
        }
        const auto field = [&](std::string_view name) {
            const auto found = fields.find(name);
            if (found == fields.end())
                fail("the record line lacks \"" + std::string(name) + ":\"");
            return found->second;
        };
        DumpedRecord record;
        record.batchIndex = m_dump.batches.size() - 1;
        record.offset = field("offset");
        const std::int64_t keySize = field("keySize");
        const std::int64_t valueSize = field("valueSize");
        if (const auto sequence = fields.find("sequence"); sequence != fields.end())
            record.sequence = static_cast<std::int32_t>(sequence->second);
        if (record.offset < batch.baseOffset || record.offset > batch.lastOffset
            || (!m_dump.records.empty() && m_dump.records.back().batchIndex == record.batchIndex
                && record.offset <= m_dump.records.back().offset))
            fail("record offset " + std::to_string(record.offset) + " is outside batch "
                + std::to_string(batch.baseOffset) + "-" + std::to_string(batch.lastOffset) + " or out of order");
        if (keySize < -1 || valueSize < -1)
            fail("a negative key or value size other than -1 (null)");
        if (!take("["))
            fail("expected \"[\" after \"headerKeys: \"", m_cursor - m_pos);
        if (batch.isControl) {
            // A control record (a transaction marker): its fields are the tool's, not data; skip the line.
            m_pos = m_cursor;
            nextLine();
            --m_pendingRecords;
            return;
        }
        // The header keys end at the first "]" that the key, the payload or the end of the line follows.
        while (true) {
            const std::size_t close = m_text.find(']', m_cursor);
            const std::size_t newline = m_text.find('\n', m_cursor);
            if (close == std::string_view::npos || newline == std::string_view::npos || close > newline)
                fail("the record's header keys do not end with \"]\"", m_cursor - m_pos);
            m_cursor = close + 1;
            const std::string_view after = m_text.substr(m_cursor);
            if ((keySize >= 0 && after.starts_with(" key: "))
                || (keySize < 0 && valueSize >= 0 && after.starts_with(" payload: "))
                || (keySize < 0 && valueSize < 0 && after.starts_with("\n")))
                break;
        }
        if (keySize >= 0) {
            if (!take(" key: "))
                fail("expected \" key: \" and " + std::to_string(keySize) + " bytes of key", m_cursor - m_pos);
            record.key = takeBytes(keySize, "key");
        }
        if (valueSize >= 0) {
            if (!take(" payload: "))
                fail("expected \" payload: \" after the key of " + std::to_string(keySize)
                        + " bytes (a key that is not UTF-8 prints as other bytes)",
                    m_cursor - m_pos);
            record.value = takeBytes(valueSize, "value");
        }
        if (!take("\n"))
            fail("expected the end of the record line after its value of " + std::to_string(valueSize)
                    + " bytes (a value that is not UTF-8 prints as other bytes, or the output is truncated)",
                m_cursor - m_pos);
        // The line, and any newlines inside the key or value, are consumed.
        for (std::size_t i = m_pos; i < m_cursor; ++i)
            if (m_text[i] == '\n')
                ++m_line;
        m_pos = m_cursor;
        m_lineStart = m_pos;
        m_dump.records.push_back(std::move(record));
        --m_pendingRecords;
    }

    std::string_view m_text;
    std::string m_source;
    std::size_t m_pos = 0;
    std::size_t m_lineStart = 0;
    std::size_t m_cursor = 0;
    std::size_t m_line = 1;
    bool m_inFile = false;
    std::size_t m_folderFirstBatch = 0;
    bool m_sawStart = false;
    std::int64_t m_pendingRecords = 0;
    LogDump m_dump;
};

/// The last bytes of a stream, for error messages.
constexpr std::size_t stderrTailBytes = 2048;

} // namespace

std::optional<std::int64_t> LogDump::logEndOffset() const
{
    if (!batches.empty())
        return batches.back().lastOffset + 1;
    return firstSegmentBaseOffset;
}

LogDump parseLogDump(std::string_view text, const std::string& sourceName)
{
    return DumpParser(text, sourceName).parse();
}

std::vector<ObservedRecord> observedRecords(const LogDump& dump)
{
    std::vector<ObservedRecord> records;
    records.reserve(dump.records.size());
    for (const DumpedRecord& record : dump.records) {
        const DumpedBatch& batch = dump.batches[record.batchIndex];
        if (batch.isControl)
            continue;
        records.push_back(ObservedRecord { record.offset, batch.partitionLeaderEpoch, record.key, record.value,
            batch.producerId, record.sequence, batch.producerEpoch, record.offset == batch.lastOffset });
    }
    return records;
}

LogDump partitionDump(const LogDump& dump, const std::filesystem::path& partitionDir)
{
    LogDump part;
    std::vector<std::size_t> fileMap(dump.files.size(), SIZE_MAX);
    for (std::size_t i = 0; i < dump.files.size(); ++i) {
        if (std::filesystem::path(dump.files[i]).parent_path() == partitionDir) {
            fileMap[i] = part.files.size();
            part.files.push_back(dump.files[i]);
            part.fileBaseOffsets.push_back(dump.fileBaseOffsets[i]);
        }
    }
    std::vector<std::size_t> batchMap(dump.batches.size(), SIZE_MAX);
    for (std::size_t i = 0; i < dump.batches.size(); ++i) {
        if (fileMap[dump.batches[i].fileIndex] == SIZE_MAX)
            continue;
        batchMap[i] = part.batches.size();
        part.batches.push_back(dump.batches[i]);
        part.batches.back().fileIndex = fileMap[dump.batches[i].fileIndex];
    }
    for (const DumpedRecord& record : dump.records) {
        if (batchMap[record.batchIndex] == SIZE_MAX)
            continue;
        part.records.push_back(record);
        part.records.back().batchIndex = batchMap[record.batchIndex];
    }
    if (!part.fileBaseOffsets.empty() && part.fileBaseOffsets.front() >= 0)
        part.firstSegmentBaseOffset = part.fileBaseOffsets.front();
    return part;
}

std::vector<std::filesystem::path> segmentFiles(const std::filesystem::path& partitionDir)
{
    std::vector<std::pair<std::int64_t, std::filesystem::path>> found;
    std::error_code ec;
    std::filesystem::directory_iterator entries(partitionDir, ec);
    if (ec)
        throw LogDumpError(partitionDir.string() + ": cannot list the partition's folder: " + ec.message());
    for (const auto& entry : entries) {
        const std::filesystem::path& path = entry.path();
        if (path.extension() != ".log")
            continue;
        const std::string stem = path.stem().string();
        std::int64_t base = 0;
        const auto [end, error] = std::from_chars(stem.data(), stem.data() + stem.size(), base);
        if (error != std::errc() || end != stem.data() + stem.size())
            continue; // not a segment (Kafka names them by their 20-digit base offset)
        found.emplace_back(base, path);
    }
    std::sort(found.begin(), found.end());
    std::vector<std::filesystem::path> paths;
    for (auto& [base, path] : found)
        paths.push_back(std::move(path));
    return paths;
}

LogDump runLogDump(const LogDumpTool& tool, const std::vector<std::filesystem::path>& segments,
    const std::string& sourceName, std::chrono::milliseconds timeout, std::size_t outputBytesMax)
{
    if (segments.empty())
        throw LogDumpError(sourceName + ": no segment files to dump");
    std::string files;
    for (const auto& segment : segments) {
        if (segment.string().find(',') != std::string::npos)
            throw LogDumpError(sourceName + ": " + segment.string()
                + ": a path with a comma cannot be passed to DumpLogSegments --files");
        files += (files.empty() ? "" : ",") + segment.string();
    }
    std::vector<std::string> args { tool.java.string() };
    args.insert(args.end(), tool.jvmArgs.begin(), tool.jvmArgs.end());
    // The keys and values are written as UTF-8 whatever the locale, so their byte counts hold (Java 17 reads
    // sun.stdout.encoding for System.out).
    args.insert(args.end(),
        { "-Dfile.encoding=UTF-8", "-Dsun.stdout.encoding=UTF-8", "-cp", tool.classPath, tool.mainClass,
            "--print-data-log", "--deep-iteration", "--files", files });
    std::vector<char*> argv;
    for (std::string& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);

    int out[2];
    int err[2];
    if (pipe2(out, O_CLOEXEC) != 0)
        throw LogDumpError(sourceName + ": pipe: " + std::strerror(errno));
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        throw LogDumpError(sourceName + ": pipe: " + std::strerror(errno));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    pid_t child = -1;
    const int spawned = posix_spawnp(&child, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    close(err[1]);
    if (spawned != 0) {
        close(out[0]);
        close(err[0]);
        throw LogDumpError(sourceName + ": cannot start " + tool.java.string() + ": " + std::strerror(spawned));
    }

    std::string text;
    std::string errors;
    std::string failure;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    bool outOpen = true;
    bool errOpen = true;
    char buffer[65536];
    while (outOpen || errOpen) {
        const auto left
            = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            failure = "DumpLogSegments ran longer than " + std::to_string(timeout.count()) + " ms";
            break;
        }
        pollfd fds[2] = { { outOpen ? out[0] : -1, POLLIN, 0 }, { errOpen ? err[0] : -1, POLLIN, 0 } };
        const int ready = poll(fds, 2, static_cast<int>(std::min<std::int64_t>(left.count(), 1000)));
        if (ready < 0 && errno != EINTR) {
            failure = std::string("poll: ") + std::strerror(errno);
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0)
                continue;
            const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
            if (n <= 0) {
                (i == 0 ? outOpen : errOpen) = false;
                continue;
            }
            if (i == 0) {
                text.append(buffer, static_cast<std::size_t>(n));
            } else {
                errors.append(buffer, static_cast<std::size_t>(n));
                if (errors.size() > 2 * stderrTailBytes)
                    errors.erase(0, errors.size() - stderrTailBytes);
            }
        }
        if (text.size() > outputBytesMax) {
            failure
                = "DumpLogSegments printed more than " + std::to_string(outputBytesMax) + " bytes (dumpOutputBytesMax)";
            break;
        }
    }
    close(out[0]);
    close(err[0]);
    int status = 0;
    if (!failure.empty())
        kill(child, SIGKILL);
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) { }
    if (errors.size() > stderrTailBytes)
        errors.erase(0, errors.size() - stderrTailBytes);
    if (failure.empty() && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
        failure = "DumpLogSegments failed ("
            + std::string(
                WIFEXITED(status) ? "exit status " + std::to_string(WEXITSTATUS(status)) : "killed by a signal")
            + ")";
    if (!failure.empty())
        throw LogDumpError(
            sourceName + ": " + failure + (errors.empty() ? "" : "; its standard error ends: " + errors));
    return parseLogDump(text, sourceName);
}

std::map<std::pair<std::string, std::int32_t>, std::int64_t> readOffsetCheckpoint(const std::filesystem::path& file)
{
    std::ifstream in(file);
    if (!in)
        throw LogDumpError(file.string() + ": cannot open the checkpoint file");
    std::map<std::pair<std::string, std::int32_t>, std::int64_t> entries;
    std::string line;
    std::int64_t lineNumber = 0;
    std::int64_t expected = -1;
    const auto fail = [&](const std::string& what) {
        throw LogDumpError(file.string() + ":" + std::to_string(lineNumber) + ": " + what);
    };
    // A checkpoint is a few lines per partition; a line longer than this is not one.
    constexpr std::size_t checkpointLineBytesMax = 512;
    while (std::getline(in, line)) {
        ++lineNumber;
        if (line.size() > checkpointLineBytesMax)
            fail("a line of more than " + std::to_string(checkpointLineBytesMax) + " bytes");
        if (lineNumber == 1) {
            if (line != "0")
                fail("version \"" + line + "\", expected 0");
            continue;
        }
        if (lineNumber == 2) {
            std::istringstream count(line);
            if (!(count >> expected) || expected < 0 || expected > checkpointEntriesMax || !(count >> std::ws).eof())
                fail("\"" + line + "\" is not an entry count from 0 to " + std::to_string(checkpointEntriesMax));
            continue;
        }
        std::istringstream fields(line);
        std::string topic;
        std::int32_t partition = 0;
        std::int64_t offset = 0;
        if (!(fields >> topic >> partition >> offset) || !(fields >> std::ws).eof())
            fail("\"" + line + "\": expected \"TOPIC PARTITION OFFSET\"");
        entries[{ topic, partition }] = offset;
    }
    // Kafka's own reader (CheckpointFile.CheckpointReadBuffer in server-common at 4.2.0) takes a file that
    // ends before its entry count as empty: a broker killed right after creating one leaves it so.
    if (lineNumber < 2)
        return entries;
    if (static_cast<std::int64_t>(entries.size()) != expected || lineNumber - 2 != expected)
        fail(std::to_string(lineNumber - 2) + " entries, the header says " + std::to_string(expected));
    return entries;
}

} // namespace hw::realkafka
