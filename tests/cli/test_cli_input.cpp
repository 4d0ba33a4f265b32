// SPDX-License-Identifier: MIT
// highwater-cli on the worst inputs within the limits: 120,000 levels of nesting in a 240 KB file,
// repeated keys and labels, files that are missing, directories or unreadable, and a chaos --emit
// that cannot write. Each ends with exit status 2 and one line naming the cause, never a crash.

#include "model/limits.h"

#include "cli_runner.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using hw::test::CliResult;
using hw::test::runCli;
namespace fs = std::filesystem;

/// A file name in the test's temp directory, unique to this process.
std::string tempPath(const std::string& name)
{
    return ::testing::TempDir() + "/hwcli_input_" + std::to_string(::getpid()) + "_" + name;
}

std::string writeTemp(const std::string& name, const std::string& text)
{
    const std::string path = tempPath(name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::string repeated(const std::string& unit, int count)
{
    std::string out;
    for (int i = 0; i < count; ++i)
        out += unit;
    return out;
}

const std::string tooDeep = "expected at most 100 nested arrays and objects (jsonDepthMax), got a deeper ";

struct DeepFile {
    std::string name;
    std::string text;
    std::string where; // ":LINE:COLUMN: " and the bracket
    std::string bracket;
};

void PrintTo(const DeepFile& d, std::ostream* os)
{
    *os << d.name;
}

class CliDeepFile : public ::testing::TestWithParam<DeepFile> { };

TEST_P(CliDeepFile, ValidateRunAndExportExitWithTwoAndTheLimit)
{
    const DeepFile& d = GetParam();
    const std::string file = writeTemp(d.name + ".json", d.text);
    const std::string expected = "highwater-cli: " + file + d.where + tooDeep + "'" + d.bracket + "'\n";
    std::vector<std::vector<std::string>> commands
        = { { "validate", file }, { "run", file }, { "run", file, "--checkpoints" } };
#ifdef HW_WITH_EXPORT
    // export reads the scenario with the same loader before it draws anything.
    commands.push_back({ "export", file, "--frame", "0", "--out", tempPath(d.name + ".png") });
#endif
    for (const auto& args : commands) {
        const CliResult r = runCli(args);
        EXPECT_EQ(r.exitCode, 2) << args[0] << ": 139 would be a segfault";
        EXPECT_EQ(r.out, "") << args[0];
        // export reads the scenario with the same loader and says the same: its private runtime
        // directory keeps Qt's start-up quiet.
        EXPECT_EQ(r.err, expected) << args[0];
    }
    ::unlink(file.c_str());
}

INSTANTIATE_TEST_SUITE_P(Nesting, CliDeepFile,
    ::testing::Values(DeepFile { "Arrays120000", repeated("[", 120000) + repeated("]", 120000), ":1:101: ", "[" },
        DeepFile { "Objects120000", repeated("{\"a\":", 120000) + "1" + repeated("}", 120000), ":1:501: ", "{" },
        // In a scenario whose other members come after the deep one: the parser used to copy the deep
        // value, one stack frame per level, when the object around it grew.
        DeepFile { "InTheTitleOfAScenario",
            "{\"format\": \"highwater/1\", \"name\": \"deep\",\n \"title\": {\"en\": " + repeated("[", 120000)
                + repeated("]", 120000) + "},\n \"cluster\": {\"brokers\": 1}, \"topics\": [{\"name\": \"t\"}]}\n",
            ":2:116: ", "[" }),
    [](const auto& info) { return info.param.name; });

TEST(CliDeepFile, TheFileIsWithinTheSizeLimit)
{
    // The premise of the issue: a 240 KB file, far under the 32 MiB limit, used to crash the tool.
    EXPECT_EQ(repeated("[", 120000).size() * 2, 240000u);
    EXPECT_LT(240000u, hw::limits::scenarioFileBytesMax);
}

TEST(CliValidate, ADuplicateKeyIsReportedAtItsLineColumnAndPointer)
{
    const std::string file = writeTemp("duplicate.json",
        "{\"format\": \"highwater/1\", \"name\": \"dup\",\n"
        " \"cluster\": {\"brokers\": 5, \"brokers\": 3},\n"
        " \"topics\": [{\"name\": \"t\"}]}\n");
    const CliResult r = runCli({ "validate", file });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
        "highwater-cli: " + file
            + ":2:28: /cluster/brokers: a second key \"brokers\" in one object (the first is at line 2, column 14); "
              "expected each key once\n");
    ::unlink(file.c_str());
}

TEST(CliValidate, ADuplicateCheckpointLabelNamesTheFirst)
{
    const std::string file = writeTemp("labels.json",
        R"({"format": "highwater/1", "name": "labels", "cluster": {"brokers": 1}, "topics": [{"name": "t"}],
 "steps": [{"checkpoint": "start"}, {"settle": {}}, {"checkpoint": {"label": "start", "note": "again"}}]})");
    const CliResult r = runCli({ "validate", file });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err,
        "highwater-cli: " + file
            + ": /steps/2/checkpoint/label: a second checkpoint labelled \"start\" (the first is "
              "/steps/0/checkpoint); expected each label once\n");
    ::unlink(file.c_str());
}

struct FileCase {
    std::string name;
    std::string path;
    std::string message;
};

void PrintTo(const FileCase& c, std::ostream* os)
{
    *os << c.name;
}

class CliFileError : public ::testing::TestWithParam<FileCase> { };

TEST_P(CliFileError, NamesTheCause)
{
    const FileCase& c = GetParam();
    for (const std::string command : { "validate", "run" }) {
        const CliResult r = runCli({ command, c.path });
        EXPECT_EQ(r.exitCode, 2) << command;
        EXPECT_EQ(r.out, "") << command;
        EXPECT_EQ(r.err, "highwater-cli: " + c.path + ": " + c.message + "\n") << command;
    }
}

INSTANTIATE_TEST_SUITE_P(Load, CliFileError,
    ::testing::Values(FileCase { "Missing", "/nonexistent-dir/highwater/missing.json", "no such file" },
        FileCase { "ADirectory", "/", "a directory, not a scenario file" },
        FileCase { "Unreadable", "/proc/self/mem", "cannot read the file: Input/output error" },
        FileCase { "ADevice", "/dev/null", "not a regular file (a named pipe, socket or device)" }),
    [](const auto& info) { return info.param.name; });

TEST(CliFileError, ANamedPipeIsRefusedWithoutWaitingForAWriter)
{
    const std::string fifo = tempPath("fifo.json");
    ::unlink(fifo.c_str());
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const CliResult r = runCli({ "validate", fifo });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "highwater-cli: " + fifo + ": not a regular file (a named pipe, socket or device)\n");
    ::unlink(fifo.c_str());
}

// ---------------------------------------------------------------------------------------------
// chaos --emit: a write that fails names the user's path and the system's reason, never the staging
// file, and leaves nothing behind.

struct EmitCase {
    std::string name;
    std::string reason;
};

void PrintTo(const EmitCase& c, std::ostream* os)
{
    *os << c.name;
}

class CliEmitFails : public ::testing::TestWithParam<EmitCase> { };

TEST_P(CliEmitFails, NamesThePathAndTheReason)
{
    const EmitCase& c = GetParam();
    const fs::path dir = tempPath("emit_" + c.name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::path target;
    if (c.name == "MissingDirectory") {
        target = dir / "no-such-dir" / "chaos.json";
    } else if (c.name == "TargetIsADirectory") {
        target = dir / "chaos.json";
        fs::create_directory(target);
    } else {
        std::ofstream(dir / "file") << "x";
        target = dir / "file" / "chaos.json";
    }
    const std::size_t entriesBefore = static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), {}));
    const CliResult r = runCli({ "chaos", "--seed", "7", "--emit", target.string() });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "highwater-cli: cannot write " + target.string() + ": " + c.reason + "\n");
    EXPECT_EQ(r.err.find(".tmp"), std::string::npos);
    EXPECT_EQ(r.err.find("Unknown error"), std::string::npos);
    EXPECT_EQ(static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), {})), entriesBefore)
        << "a staging file was left in " << dir;
    fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Emit, CliEmitFails,
    ::testing::Values(EmitCase { "MissingDirectory", "No such file or directory" },
        EmitCase { "TargetIsADirectory", "a directory, not a regular file" },
        EmitCase { "ParentIsAFile", "Not a directory" }),
    [](const auto& info) { return info.param.name; });

TEST(CliEmit, ReplacesAnExistingFileWithoutAStagingFileLeft)
{
    const fs::path dir = tempPath("emit_replace");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path target = dir / "chaos.json";
    std::ofstream(target) << "old";
    const CliResult r = runCli({ "chaos", "--seed", "7", "--emit", target.string() });
    EXPECT_EQ(r.exitCode, 0) << r.err;
    std::ifstream in(target);
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first, "{");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), {}), 1);
    fs::remove_all(dir);
}

} // namespace

// A live client's bytes that are not UTF-8 in every part of a frame that shows a value: the records, a
// simulated consumer's received list, and the diverged records of two replicas. nlohmann's dump used to
// abort the run on them (type_error.316).
TEST(CliLiveBytes, ValuesThatAreNotUtf8AreWrittenAsHexEverywhereInAFrame)
{
    const std::string consumed = writeTemp("live-bytes-consumed.json",
        R"({"format": "highwater/1", "name": "cons", "cluster": {"brokers": 3},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1,2,3]]}],
 "consumers": [{"id": "c1", "assign": [{"topic": "orders", "partition": 0}], "auto.offset.reset": "earliest"}],
 "steps": [
  {"live": {"connect": {"broker": 1, "client_id": "rdkafka"}}},
  {"live": {"client": 0, "produce": {"topic": "orders", "records": [{"key_hex": "fe", "value_hex": "ff"}]}}},
  {"advance": {"ms": 3000}}
 ]})");
    const CliResult r = runCli({ "run", consumed });
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find(R"("received":[{"topic":"orders","partition":0,"offset":0,"value":null,"value_hex":"ff"}])"),
        std::string::npos);
    ::unlink(consumed.c_str());

    const CliResult diverged = runCli({ "run", HW_CLI_DATA_DIR "/live-bytes-diverged.json" });
    EXPECT_EQ(diverged.exitCode, 0) << diverged.err;
    EXPECT_NE(diverged.out.find(R"("value":null,"value_hex":"ff")"), std::string::npos);
}
