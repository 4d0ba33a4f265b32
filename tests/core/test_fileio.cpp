// SPDX-License-Identifier: MIT
// Whole-file reads and atomic writes: every failure names the system's real reason, a failed write
// leaves the target as it was and no staging file behind, and a replaced file keeps its permissions.

#include "scenario/fileio.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <grp.h>
#include <sys/sysmacros.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <variant>
#include <vector>

namespace {

namespace fs = std::filesystem;

/// This process's directory under the test temp directory, removed when the process exits. Unique
/// to the process: ctest runs tests in parallel, and other checkouts may run the same tests.
const fs::path& processRoot()
{
    struct Root {
        fs::path path = fs::path(::testing::TempDir()) / ("hw_fileio_" + std::to_string(::getpid()));
        ~Root()
        {
            std::error_code ignored;
            fs::permissions(path, fs::perms::owner_all, ignored);
            fs::remove_all(path, ignored);
        }
    };
    static const Root root;
    return root.path;
}

/// A fresh, empty directory for one test.
fs::path freshDirectory(const std::string& name)
{
    const fs::path dir = processRoot() / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::vector<std::string> entries(const fs::path& dir)
{
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(dir))
        out.push_back(entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::string slurp(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

/// Runs `work` as the user "nobody" when the test runs as root (root passes every permission check),
/// and returns what it returns.
std::string asNobody(const std::function<std::string()>& work)
{
    if (::geteuid() != 0)
        return work();
    int fds[2];
    if (::pipe(fds) != 0)
        return "pipe() failed";
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(fds[0]);
        std::string out;
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
            out = std::string("cannot become nobody: ") + std::strerror(errno);
        else
            out = work();
        const ssize_t written = ::write(fds[1], out.data(), out.size());
        ::_exit(written == static_cast<ssize_t>(out.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    std::string out;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
        out.append(buffer, static_cast<std::size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return out;
}

TEST(WriteFileAtomically, WritesANewFileWithTheUmasksPermissions)
{
    const fs::path dir = freshDirectory("new");
    const fs::path file = dir / "scenario.json";
    const mode_t previous = ::umask(022);
    const auto error = hw::writeFileAtomically(file.string(), "{\"a\": 1}\n");
    ::umask(previous);
    ASSERT_FALSE(error) << error->message;
    EXPECT_EQ(slurp(file), "{\"a\": 1}\n");
    EXPECT_EQ(fs::status(file).permissions(),
        fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
    EXPECT_EQ(entries(dir), std::vector<std::string> { "scenario.json" }) << "a staging file was left behind";
}

TEST(WriteFileAtomically, ReplacesAFileAndKeepsItsPermissions)
{
    const fs::path dir = freshDirectory("replace");
    const fs::path file = dir / "scenario.json";
    std::ofstream(file) << "old contents that are longer than the new";
    fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    ASSERT_FALSE(hw::writeFileAtomically(file.string(), "new"));
    EXPECT_EQ(slurp(file), "new");
    EXPECT_EQ(fs::status(file).permissions(), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_EQ(entries(dir), std::vector<std::string> { "scenario.json" });
}

TEST(WriteFileAtomically, WritesThroughASymbolicLinkAndKeepsTheLink)
{
    const fs::path dir = freshDirectory("symlink");
    fs::create_directory(dir / "real");
    std::ofstream(dir / "real" / "scenario.json") << "old";
    fs::create_symlink(fs::path("real") / "scenario.json", dir / "link.json");
    ASSERT_FALSE(hw::writeFileAtomically((dir / "link.json").string(), "new"));
    EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
    EXPECT_EQ(slurp(dir / "real" / "scenario.json"), "new");
    EXPECT_EQ(entries(dir / "real"), std::vector<std::string> { "scenario.json" });
    EXPECT_EQ(entries(dir), (std::vector<std::string> { "link.json", "real" }));
}

TEST(WriteFileAtomically, WritesAnEmptyFileAndAFileInTheCurrentDirectory)
{
    const fs::path dir = freshDirectory("cwd");
    const fs::path before = fs::current_path();
    fs::current_path(dir);
    const auto error = hw::writeFileAtomically("plain.json", "");
    fs::current_path(before);
    ASSERT_FALSE(error) << error->message;
    EXPECT_EQ(fs::file_size(dir / "plain.json"), 0u);
    EXPECT_EQ(entries(dir), std::vector<std::string> { "plain.json" });
}

struct WriteFailure {
    std::string name;
    std::function<std::string(const fs::path& dir)> target;
    int errorNumber;
    std::string message;
};

void PrintTo(const WriteFailure& c, std::ostream* os)
{
    *os << c.name;
}

class WriteFileFails : public ::testing::TestWithParam<WriteFailure> { };

TEST_P(WriteFileFails, WithTheSystemsReasonAndNothingLeftBehind)
{
    const WriteFailure& c = GetParam();
    const fs::path dir = freshDirectory("fail_" + c.name);
    const std::string target = c.target(dir);
    const std::vector<std::string> before = entries(dir);
    const auto error = hw::writeFileAtomically(target, "contents");
    ASSERT_TRUE(error) << "the write to " << target << " succeeded";
    EXPECT_EQ(error->kind, hw::FileError::Kind::Write);
    EXPECT_EQ(error->errorNumber, c.errorNumber) << error->message;
    EXPECT_EQ(error->message, c.message);
    EXPECT_EQ(error->message.find(".tmp"), std::string::npos);
    EXPECT_EQ(entries(dir), before) << "the failed write changed the directory";
}

INSTANTIATE_TEST_SUITE_P(Write, WriteFileFails,
    ::testing::Values(WriteFailure { "MissingDirectory",
                          [](const fs::path& dir) { return (dir / "no-such-dir" / "x.json").string(); }, ENOENT,
                          "No such file or directory" },
        WriteFailure { "ParentIsAFile",
            [](const fs::path& dir) {
                std::ofstream(dir / "file") << "x";
                return (dir / "file" / "x.json").string();
            },
            ENOTDIR, "Not a directory" }),
    [](const auto& info) { return info.param.name; });

/// A target that is not a regular file, made in dir: what the test names, and what the writer says.
struct RefusedTarget {
    std::string name;
    std::function<std::string(const fs::path& dir)> make; // returns the path to write to
    hw::FileError::Kind kind;
    hw::FileType type;
    std::string message; // after the directory's path, where the message names it
};

void PrintTo(const RefusedTarget& c, std::ostream* os)
{
    *os << c.name;
}

/// What a path is, to compare before and after: its type, device numbers, size and contents.
std::string fingerprint(const fs::path& path)
{
    struct stat info { };
    if (::lstat(path.c_str(), &info) != 0)
        return "missing";
    std::string out = std::to_string(info.st_mode & S_IFMT) + " " + std::to_string(info.st_rdev) + " "
        + std::to_string(info.st_ino);
    if (S_ISREG(info.st_mode))
        out += " " + slurp(path);
    if (S_ISLNK(info.st_mode))
        out += " -> " + fs::read_symlink(path).string();
    return out;
}

/// A character device in dir like /dev/full (1,7): made with mknod as root; otherwise /dev/full
/// itself, which a user other than root cannot replace even if a regression tried to.
std::string characterDevice(const fs::path& dir)
{
    if (::geteuid() != 0)
        return "/dev/full";
    const fs::path node = dir / "full";
    EXPECT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 7)), 0) << std::strerror(errno);
    return node.string();
}

class WriteFileRefuses : public ::testing::TestWithParam<RefusedTarget> { };

TEST_P(WriteFileRefuses, ATargetThatIsNotARegularFileAndLeavesItAsItWas)
{
    const RefusedTarget& c = GetParam();
    const fs::path dir = freshDirectory("refuse_" + c.name);
    const std::string target = c.make(dir);
    const std::string before = fingerprint(target);
    const std::vector<std::string> entriesBefore = entries(dir);
    for (const bool check : { true, false }) {
        const auto error = check ? hw::checkWriteTarget(target) : hw::writeFileAtomically(target, "contents");
        ASSERT_TRUE(error) << (check ? "checkWriteTarget" : "writeFileAtomically") << " accepted " << target;
        EXPECT_EQ(error->kind, c.kind);
        EXPECT_EQ(error->type, c.type);
        std::string expected = c.message;
        for (std::size_t at; (at = expected.find("DIR")) != std::string::npos;)
            expected.replace(at, 3, dir.string());
        EXPECT_EQ(error->message, expected);
    }
    EXPECT_EQ(fingerprint(target), before) << "the refused target changed";
    EXPECT_EQ(entries(dir), entriesBefore) << "a staging file was left behind";
}

INSTANTIATE_TEST_SUITE_P(Write, WriteFileRefuses,
    ::testing::Values(
        RefusedTarget { "ADirectory",
            [](const fs::path& dir) {
                fs::create_directory(dir / "out.json");
                return (dir / "out.json").string();
            },
            hw::FileError::Kind::Directory, hw::FileType::Directory, "a directory, not a regular file" },
        RefusedTarget { "ACharacterDevice", characterDevice, hw::FileError::Kind::NotRegular,
            hw::FileType::CharacterDevice, "a character device, not a regular file" },
        RefusedTarget { "ANamedPipe",
            [](const fs::path& dir) {
                EXPECT_EQ(::mkfifo((dir / "pipe").c_str(), 0600), 0);
                return (dir / "pipe").string();
            },
            hw::FileError::Kind::NotRegular, hw::FileType::NamedPipe, "a named pipe (FIFO), not a regular file" },
        RefusedTarget { "ALinkToANamedPipe",
            [](const fs::path& dir) {
                EXPECT_EQ(::mkfifo((dir / "pipe").c_str(), 0600), 0);
                fs::create_symlink("pipe", dir / "link");
                return (dir / "link").string();
            },
            hw::FileError::Kind::NotRegular, hw::FileType::NamedPipe,
            "a symbolic link to pipe, which is a named pipe (FIFO), not a regular file" },
        RefusedTarget { "ALinkToADirectory",
            [](const fs::path& dir) {
                fs::create_symlink(dir, dir / "link");
                return (dir / "link").string();
            },
            hw::FileError::Kind::Directory, hw::FileType::Directory,
            "a symbolic link to DIR, which is a directory, not a regular file" },
        RefusedTarget { "ADanglingLink",
            [](const fs::path& dir) {
                fs::create_symlink("nowhere/scenario.json", dir / "link.json");
                return (dir / "link.json").string();
            },
            hw::FileError::Kind::NotRegular, hw::FileType::Missing,
            "a symbolic link to nowhere/scenario.json, which does not exist" },
        RefusedTarget { "ALinkLoop",
            [](const fs::path& dir) {
                fs::create_symlink("b", dir / "a");
                fs::create_symlink("a", dir / "b");
                return (dir / "a").string();
            },
            hw::FileError::Kind::NotRegular, hw::FileType::Unresolvable,
            "a symbolic link to b that cannot be followed: Too many levels of symbolic links" }),
    [](const auto& info) { return info.param.name; });

TEST(CheckWriteTarget, AcceptsANewFileAFileAndALinkToAFileAndNamesAMissingDirectory)
{
    const fs::path dir = freshDirectory("check");
    std::ofstream(dir / "old.json") << "old";
    fs::create_symlink("old.json", dir / "link.json");
    for (const char* name : { "new.json", "old.json", "link.json" })
        EXPECT_FALSE(hw::checkWriteTarget((dir / name).string())) << name;
    const auto missing = hw::checkWriteTarget((dir / "no-such-dir" / "x.json").string());
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->message, "No such file or directory");
    EXPECT_EQ(slurp(dir / "old.json"), "old");
    EXPECT_EQ(entries(dir), (std::vector<std::string> { "link.json", "old.json" })) << "a check wrote something";
}

TEST(WriteOutput, DashIsStandardOutputAndAFailedWriteThereIsAnError)
{
    const fs::path dir = freshDirectory("stdout");
    const fs::path captured = dir / "captured";
    std::fflush(stdout);
    const int saved = ::dup(1);
    ASSERT_GE(saved, 0);
    auto redirect = [&](const char* path) {
        std::fflush(stdout);
        const int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(fd, 1);
        ::close(fd);
    };
    redirect(captured.c_str());
    const auto written = hw::writeOutput("-", "to standard output\n");
    redirect("/dev/full");
    const auto full = hw::writeOutput("-", "lost");
    std::clearerr(stdout);
    ::dup2(saved, 1);
    ::close(saved);
    EXPECT_FALSE(written) << written->message;
    EXPECT_EQ(slurp(captured), "to standard output\n");
    EXPECT_EQ(entries(dir), std::vector<std::string> { "captured" }) << "\"-\" is not a file name here";
    ASSERT_TRUE(full) << "a write to /dev/full succeeded";
    EXPECT_EQ(full->errorNumber, ENOSPC);
    EXPECT_EQ(full->message, "No space left on device");
    EXPECT_FALSE(hw::checkOutputTarget("-"));
}

TEST(WriteFileAtomically, ADirectoryTheUserMayNotWriteSaysPermissionDenied)
{
    const fs::path dir = freshDirectory("readonly");
    fs::permissions(dir,
        fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read
            | fs::perms::others_exec);
    if (::geteuid() != 0)
        fs::permissions(dir, fs::perms::owner_write, fs::perm_options::remove);
    const std::string target = (dir / "x.json").string();
    const std::string result = asNobody([&] {
        const auto error = hw::writeFileAtomically(target, "contents");
        return error ? std::to_string(error->errorNumber) + " " + error->message : std::string("written");
    });
    EXPECT_EQ(result, std::to_string(EACCES) + " Permission denied");
    fs::permissions(dir, fs::perms::owner_all);
    EXPECT_TRUE(entries(dir).empty());
}

TEST(ReadWholeFile, ReadsAFileOfExactlyTheLimitAndRefusesOneByteMore)
{
    const fs::path dir = freshDirectory("limit");
    const fs::path file = dir / "f";
    std::ofstream(file) << std::string(100, 'x');
    const auto ok = hw::readWholeFile(file.string(), 100);
    ASSERT_TRUE(std::holds_alternative<std::string>(ok)) << std::get<hw::FileError>(ok).message;
    EXPECT_EQ(std::get<std::string>(ok), std::string(100, 'x'));
    const auto tooLarge = hw::readWholeFile(file.string(), 99);
    ASSERT_TRUE(std::holds_alternative<hw::FileError>(tooLarge));
    EXPECT_EQ(std::get<hw::FileError>(tooLarge).kind, hw::FileError::Kind::TooLarge);
    EXPECT_EQ(std::get<hw::FileError>(tooLarge).message, "the file is larger than the limit of 99 bytes");
}

TEST(ReadWholeFile, ReadsAProcFileThatReportsNoSizeAndStillKeepsTheLimit)
{
    ASSERT_EQ(fs::file_size("/proc/self/status"), 0u) << "the premise: /proc reports no size";
    const auto status = hw::readWholeFile("/proc/self/status", 1 << 20);
    ASSERT_TRUE(std::holds_alternative<std::string>(status)) << std::get<hw::FileError>(status).message;
    EXPECT_EQ(std::get<std::string>(status).rfind("Name:", 0), 0u);
    const auto limited = hw::readWholeFile("/proc/self/status", 10);
    ASSERT_TRUE(std::holds_alternative<hw::FileError>(limited));
    EXPECT_EQ(std::get<hw::FileError>(limited).kind, hw::FileError::Kind::TooLarge);
}

TEST(ReadWholeFile, EachCauseHasItsKind)
{
    const fs::path dir = freshDirectory("kinds");
    auto kindOf = [](const std::string& path) {
        const auto result = hw::readWholeFile(path, 1000);
        return std::holds_alternative<hw::FileError>(result) ? std::get<hw::FileError>(result).kind
                                                             : hw::FileError::Kind::Open;
    };
    EXPECT_EQ(kindOf((dir / "missing").string()), hw::FileError::Kind::Missing);
    EXPECT_EQ(kindOf(dir.string()), hw::FileError::Kind::Directory);
    EXPECT_EQ(kindOf("/dev/null"), hw::FileError::Kind::NotRegular);
    EXPECT_EQ(kindOf("/proc/self/mem"), hw::FileError::Kind::Read);
}

TEST(SystemReason, IsNeverSuccessOrUnknown)
{
    EXPECT_EQ(hw::systemReason(ENOENT), "No such file or directory");
    EXPECT_EQ(hw::systemReason(0), "Input/output error");
}

} // namespace
