// SPDX-License-Identifier: MIT
// The CLI's conventions, over every command (issue 25): --help (and -h, and `help COMMAND`) prints the
// command's usage on standard output with exit status 0, wherever it stands; a usage error is one
// line that names the mistake and points to the command's help, with exit status 2; every message
// starts with "highwater-cli: "; a write to standard output that fails (a full device) is exit status
// 2 with the reason, never a silent success; --opt=value reads as --opt value; and the exit statuses
// 0, 1 and 2 mean what the help says.

#include "model/limits.h"

#include "cli_runner.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace {

using hw::test::CliResult;
using hw::test::contains;
using hw::test::lines;
using hw::test::runCli;
namespace fs = std::filesystem;

using Args = std::vector<std::string>;

/// A file name in the test's temp directory, unique to this process.
std::string tempPath(const std::string& name)
{
    return ::testing::TempDir() + "/hwcli_conventions_" + std::to_string(::getpid()) + "_" + name;
}

#ifdef HW_WITH_EXPORT
std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}
#endif

/// A base port for serve, as text.
std::string freeBasePort()
{
    return std::to_string(hw::test::freeBasePort(30000));
}

/// One command and what it is run with here.
struct Command {
    std::string name;
    Args good; ///< arguments after the command that succeed and print on standard output
    std::string option; ///< an option that takes a value
    std::string needs; ///< what the usage error says that option needs when its value is missing
};

/// What observe's good arguments observe: a serve in the background for the whole test program, and its
/// first broker's address.
std::string observedServe()
{
    static const hw::test::ServedCli serve
        = hw::test::startServe("builtin:leo-hw-walkthrough", { "--stop-after-ms", "600000" }, 31000);
    return serve.bootstrap();
}

std::vector<Command> commands()
{
    std::vector<Command> out = {
        { "list", {}, "", "" },
        { "run", { "builtin:leo-hw-walkthrough", "--checkpoints" }, "--records", "all, new or none" },
        { "validate", { "builtin:leo-hw-walkthrough" }, "--memory-budget",
            "a size (1 MiB to 1 TiB, e.g. 512MiB or 4GiB)" },
        { "compare", { "builtin:leo-hw-walkthrough", "--versions", "4.1,4.2" }, "--versions",
            "two versions, e.g. 3.7,4.2" },
        { "chaos", { "--seed", "3" }, "--emit", "a file name (- for standard output)" },
#ifdef HW_WITH_EXPORT
        { "export",
            { "builtin:leo-hw-walkthrough", "--frame", "3", "--width", "64", "--height", "64", "--out",
                tempPath("good.png") },
            "--out", "a path (- for standard output)" },
#endif
        { "serve", { "builtin:leo-hw-walkthrough", "--quiet", "--port", freeBasePort(), "--stop-after-ms", "0" },
            "--port",
            "a number in 1.." + std::to_string(65535 - hw::limits::brokersMax) + " (broker N listens on PORT+N)" },
        { "observe", { "--bootstrap", observedServe(), "--duration", "0.3" }, "--interval-ms",
            "milliseconds between polls (at least 100)" },
    };
    return out;
}

Args concat(const std::string& first, const Args& rest, const Args& more = {})
{
    Args all { first };
    all.insert(all.end(), rest.begin(), rest.end());
    all.insert(all.end(), more.begin(), more.end());
    return all;
}

std::string pointer(const std::string& command)
{
    return " (see 'highwater-cli " + command + " --help')\n";
}

TEST(CliConventions, EveryCommandAnswersHelpOnStandardOutputWithExitZero)
{
    for (const Command& c : commands()) {
        const CliResult help = runCli({ c.name, "--help" });
        EXPECT_EQ(help.exitCode, 0) << c.name;
        EXPECT_EQ(help.err, "") << c.name;
        EXPECT_EQ(help.out.rfind("usage: highwater-cli " + c.name, 0), 0u) << c.name << ": " << help.out;
        EXPECT_TRUE(contains(help.out, "Every command answers --help.")) << c.name;
        // -h, `help COMMAND`, and --help after the other arguments (or after a mistake) say the same.
        for (const Args& args : { Args { c.name, "-h" }, Args { "help", c.name }, concat(c.name, c.good, { "--help" }),
                 Args { c.name, "--no-such-option", "--help" } }) {
            const CliResult again = runCli(args);
            EXPECT_EQ(again.exitCode, 0) << args.back();
            EXPECT_EQ(again.out, help.out) << c.name << " " << args.back();
            EXPECT_EQ(again.err, "");
        }
    }
    // The whole usage names every command.
    const CliResult all = runCli({ "--help" });
    EXPECT_EQ(all.exitCode, 0);
    for (const Command& c : commands())
        EXPECT_TRUE(contains(all.out, "\n  " + c.name + " ")) << c.name;
}

TEST(CliConventions, AUsageErrorIsOneLineThatNamesItAndPointsToTheHelp)
{
    for (const Command& c : commands()) {
        for (const std::string unknown : { "--no-such-option", "--no-such-option=3", "-q" }) {
            const CliResult r = runCli(concat(c.name, c.good, { unknown }));
            EXPECT_EQ(r.exitCode, 2) << c.name << " " << unknown;
            EXPECT_EQ(r.out, "") << c.name;
            EXPECT_EQ(r.err,
                "highwater-cli: " + c.name + ": unknown option " + unknown.substr(0, unknown.find('='))
                    + pointer(c.name));
        }
        if (c.option.empty()) {
            const CliResult r = runCli({ c.name, "extra" });
            EXPECT_EQ(r.err, "highwater-cli: " + c.name + ": takes no arguments, got \"extra\"" + pointer(c.name));
            continue;
        }
        // A value that is missing, at the end or as --opt=, names what the option needs.
        for (const std::string& given : { c.option, c.option + "=" }) {
            const CliResult r = runCli(concat(c.name, c.good, { given }));
            EXPECT_EQ(r.exitCode, 2) << c.name << " " << given;
            EXPECT_EQ(r.out, "");
            EXPECT_EQ(r.err, "highwater-cli: " + c.name + ": " + c.option + " needs " + c.needs + pointer(c.name));
        }
    }
    for (const Args& args : { Args {}, Args { "frobnicate" }, Args { "help", "frobnicate" } }) {
        const CliResult r = runCli(args);
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
        EXPECT_EQ(r.err.rfind("highwater-cli: ", 0), 0u) << r.err;
        EXPECT_TRUE(contains(r.err, " (see 'highwater-cli --help')\n")) << r.err;
    }
}

TEST(CliConventions, AFailedWriteToStandardOutputIsExitTwoWithTheReason)
{
    const std::string full = "highwater-cli: cannot write to standard output: No space left on device\n";
    std::vector<Args> invocations = { { "--help" }, { "--version" } };
    for (const Command& c : commands()) {
        invocations.push_back(concat(c.name, c.good));
        invocations.push_back({ c.name, "--help" });
    }
    // Long enough to fill stdio's buffer many times before the end, and short ones that fail only
    // at the last flush: both are errors.
    invocations.push_back({ "run", "builtin:consumer-lag" });
    for (const Args& args : invocations) {
        const CliResult r = runCli(args, "/dev/full");
        EXPECT_EQ(r.exitCode, 2) << args.front() << " " << (args.size() > 1 ? args[1] : "");
        EXPECT_GE(r.err.size(), full.size());
        EXPECT_EQ(r.err.substr(r.err.size() - std::min(r.err.size(), full.size())), full)
            << args.front() << ": " << r.err;
        EXPECT_EQ(r.err.find(full), r.err.rfind(full)) << "said once: " << r.err;
    }
}

TEST(CliConventions, AnOptionTakesItsValueAfterAnEqualsSignToo)
{
    const std::vector<std::pair<Args, Args>> same = {
        { { "run", "builtin:leo-hw-walkthrough", "--records", "new", "--checkpoints" },
            { "run", "--records=new", "--checkpoints", "builtin:leo-hw-walkthrough" } },
        { { "validate", "builtin:leo-hw-walkthrough", "--memory-budget", "8GiB" },
            { "validate", "--memory-budget=8GiB", "builtin:leo-hw-walkthrough" } },
        { { "compare", "builtin:unclean-election-in-kraft", "--versions", "3.8,4.2", "--checkpoints" },
            { "compare", "builtin:unclean-election-in-kraft", "--versions=3.8,4.2", "--checkpoints" } },
        { { "chaos", "--seed", "3", "--runs", "2", "--version", "3.9" },
            { "chaos", "--seed=3", "--runs=2", "--version=3.9" } },
        // The last value given counts; `--` ends the options.
        { { "run", "builtin:leo-hw-walkthrough", "--records", "none" },
            { "run", "--records=all", "--records", "none", "--", "builtin:leo-hw-walkthrough" } },
    };
    for (const auto& [spaced, joined] : same) {
        const CliResult a = runCli(spaced);
        const CliResult b = runCli(joined);
        EXPECT_EQ(a.exitCode, b.exitCode) << joined[1] << ": " << b.err;
        EXPECT_EQ(a.err, "");
        EXPECT_EQ(b.err, "");
        EXPECT_FALSE(a.out.empty());
        EXPECT_TRUE(a.out == b.out) << spaced.front() << ": the two spellings printed different output";
    }
#ifdef HW_WITH_EXPORT
    const std::string spacedFile = tempPath("spaced.svg");
    const std::string joinedFile = tempPath("joined.svg");
    ASSERT_EQ(runCli({ "export", "builtin:leo-hw-walkthrough", "--label", "3", "--width", "320", "--height", "200",
                         "--out", spacedFile })
                  .exitCode,
        0);
    const CliResult joined = runCli(
        { "export", "builtin:leo-hw-walkthrough", "--label=3", "--width=320", "--height=200", "--out=" + joinedFile });
    ASSERT_EQ(joined.exitCode, 0) << joined.err;
    EXPECT_FALSE(slurp(spacedFile).empty());
    EXPECT_TRUE(slurp(spacedFile) == slurp(joinedFile)) << "the two spellings drew different SVGs";
    fs::remove(spacedFile);
    fs::remove(joinedFile);
#endif
    const std::string port = freeBasePort();
    const CliResult serve
        = runCli({ "serve", "builtin:leo-hw-walkthrough", "--quiet", "--port=" + port, "--stop-after-ms=0" });
    EXPECT_EQ(serve.exitCode, 0) << serve.err;
    EXPECT_TRUE(contains(serve.out, "broker 1: 127.0.0.1:" + std::to_string(std::stoi(port) + 1) + "\n")) << serve.out;
}

TEST(CliConventions, ExitStatusesMeanWhatTheHelpSays)
{
    for (const Command& c : commands()) {
        const CliResult r = runCli(concat(c.name, c.good));
        EXPECT_EQ(r.exitCode, 0) << c.name << ": " << r.err;
        EXPECT_FALSE(r.out.empty()) << c.name;
    }
    // 1: compare found differences (chaos finds none in its seeds: the engine keeps its invariants).
    const CliResult differs = runCli({ "compare", "builtin:unclean-election-in-kraft", "--versions", "3.8,4.2" });
    EXPECT_EQ(differs.exitCode, 1) << differs.err;
    // 2: invalid input, with the message first and nothing on standard output.
    const CliResult invalid = runCli({ "validate", "builtin:no-such-scenario" });
    EXPECT_EQ(invalid.exitCode, 2);
    EXPECT_EQ(invalid.out, "");
    EXPECT_EQ(invalid.err.rfind("highwater-cli: ", 0), 0u) << invalid.err;
    const CliResult version = runCli({ "--version" });
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_EQ(version.out.rfind("highwater-cli ", 0), 0u);
    fs::remove(tempPath("good.png"));
}

} // namespace

namespace {

TEST(CliServe, WhereTheSessionGoesIsCheckedBeforeServing)
{
    // A typo in the folder used to be found when the class stopped, and the session was lost. Now
    // serve stops before it runs the scenario or listens: nothing is printed, and it ends at once
    // although --stop-after-ms would let it serve for a minute.
    const std::string missing = tempPath("no-such-folder") + "/session.json";
    for (const std::string option : { "--record", "--frames" }) {
        const auto start = std::chrono::steady_clock::now();
        const CliResult r = runCli({ "serve", "builtin:leo-hw-walkthrough", "--port", freeBasePort(), "--stop-after-ms",
            "60000", option, missing });
        const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_EQ(r.exitCode, 2) << option;
        EXPECT_EQ(r.out, "") << "serve started: " << r.out;
        EXPECT_EQ(r.err, "highwater-cli: cannot write " + missing + " (" + option + "): No such file or directory\n");
        EXPECT_LT(seconds, 30.0) << option << ": serve waited for its stop";
    }
    const std::string same = tempPath("same.json");
    const CliResult both = runCli({ "serve", "builtin:leo-hw-walkthrough", "--record", same, "--frames", same });
    EXPECT_EQ(both.exitCode, 2);
    EXPECT_EQ(both.err, "highwater-cli: serve: --record and --frames name the same file, " + same + pointer("serve"));
    const CliResult stdoutTwice = runCli({ "serve", "builtin:leo-hw-walkthrough", "--record", "-", "--frames", "-" });
    EXPECT_EQ(stdoutTwice.exitCode, 2);
    EXPECT_EQ(stdoutTwice.err,
        "highwater-cli: serve: --record and --frames cannot both go to standard output" + pointer("serve"));
}

TEST(CliServe, TheSessionGoesToStandardOutputAndWhatServeSaysToStandardError)
{
    const CliResult r = runCli(
        { "serve", "builtin:leo-hw-walkthrough", "--port", freeBasePort(), "--stop-after-ms", "0", "--record", "-" });
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind("{\n  \"format\": \"highwater/1\"", 0), 0u) << r.out.substr(0, 200);
    EXPECT_TRUE(contains(r.err, "Ctrl+C stops and writes the session")) << r.err;
    // What went to standard output is the session: it replays.
    const std::string session = tempPath("session.json");
    std::ofstream(session, std::ios::binary) << r.out;
    const CliResult replay = runCli({ "validate", session });
    EXPECT_EQ(replay.exitCode, 0) << replay.err;
    fs::remove(session);
}

#ifdef HW_WITH_EXPORT
TEST(CliExportToStandardOutput, AnImageIsNotWrittenToATerminal)
{
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    ASSERT_GE(master, 0);
    ASSERT_EQ(::grantpt(master), 0);
    ASSERT_EQ(::unlockpt(master), 0);
    const std::string terminal = ::ptsname(master);
    const CliResult png
        = runCli({ "export", "builtin:leo-hw-walkthrough", "--label", "3", "--format", "png", "--out", "-" }, terminal);
    EXPECT_EQ(png.exitCode, 2);
    EXPECT_EQ(png.err,
        "highwater-cli: standard output is a terminal: a PNG goes to a file (--out FILE) or a pipe (--out - | ...)\n");
    ::close(master);
}
#endif

} // namespace
