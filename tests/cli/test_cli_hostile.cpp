// SPDX-License-Identifier: MIT
// Every writer of highwater-cli against hostile output targets (issue 25): export (one PNG, a GIF,
// PNG frames into a directory), chaos --emit, serve --record, serve --frames and observe --record, each given device
// nodes like /dev/null and /dev/full, a named pipe, a socket, a directory (or a regular file where a
// directory of frames goes), symbolic links (to a device, to nothing, to a regular file), a read-only
// mount and a full disk, and `-` with standard output on a full device. Each is refused, or fails,
// with a message that names the path and the reason, exit status 2, and the target as it was: the
// same type, device numbers, inode and bytes. A link to a regular file (for frames, to a directory)
// is followed: the file it leads to is written and the link stays.
//
// The targets live in a tmpfs of this process's own mount namespace (tests/support/hostile_targets.h),
// entered in main before anything else runs; the CLI runs inside it.

#include "hostile_targets.h"

#include "cli_runner.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <functional>
#include <iostream>

namespace {

namespace fs = std::filesystem;
using hw::test::CliResult;
using hw::test::runCli;
using namespace hw::test::hostile;

struct Writer {
    std::string name;
    Shape shape;
    std::function<std::vector<std::string>(const std::string& target)> arguments;
};

std::vector<Writer> writers()
{
    const std::string port = std::to_string(hw::test::freeBasePort(20000));
    std::vector<Writer> out;
#ifdef HW_WITH_EXPORT
    const std::vector<std::string> small = { "--width", "64", "--height", "64" };
    auto exportWith = [small](std::vector<std::string> args) {
        return [args, small](const std::string& target) {
            std::vector<std::string> all = { "export", "builtin:leo-hw-walkthrough" };
            all.insert(all.end(), args.begin(), args.end());
            all.insert(all.end(), small.begin(), small.end());
            all.insert(all.end(), { "--out", target });
            return all;
        };
    };
    out.push_back({ "export, one PNG", Shape::File, exportWith({ "--frame", "3", "--format", "png" }) });
    out.push_back({ "export, a GIF", Shape::File, exportWith({ "--frames", "28..30", "--format", "gif" }) });
    out.push_back({ "export, PNG frames", Shape::Directory, exportWith({ "--frames", "3..5", "--format", "png" }) });
#endif
    out.push_back({ "chaos --emit", Shape::File, [](const std::string& target) {
                       return std::vector<std::string> { "chaos", "--seed", "7", "--emit", target };
                   } });
    // observe --record needs a cluster to observe: a serve in the background, alive for the whole test.
    static const hw::test::ServedCli observed
        = hw::test::startServe("builtin:leo-hw-walkthrough", { "--stop-after-ms", "600000" }, 27000);
    static const std::string bootstrap = observed.bootstrap();
    out.push_back({ "observe --record", Shape::File, [](const std::string& target) {
                       return std::vector<std::string> { "observe", "--bootstrap", bootstrap, "--duration", "0.3",
                           "--record", target };
                   } });
    for (const std::string option : { "--record", "--frames" })
        out.push_back({ "serve " + option, Shape::File, [port, option](const std::string& target) {
                           return std::vector<std::string> { "serve", "builtin:leo-hw-walkthrough", "--quiet", "--port",
                               port, "--stop-after-ms", "0", option, target };
                       } });
    return out;
}

/// Runs the writer on the target and checks what it did; true when the target was refused or the
/// write failed as it must (false for a followed link, or a failed check).
bool check(const Writer& writer, const Target& target)
{
    SCOPED_TRACE(writer.name + " given " + target.name + " (" + target.path.string() + ")");
    EXPECT_EQ(target.error, "") << "the target could not be made";
    const fs::path parent = target.path.parent_path();
    const std::string before = fingerprint(target.path);
    const std::vector<std::string> around = entries(parent);
    const CliResult r = runCli(writer.arguments(target.path.string()));
    EXPECT_NE(r.exitCode, 128 + SIGSEGV) << r.err;
    if (target.reason.empty()) {
        // A link to a regular file (or a directory) is followed: it stays a link, and what it leads
        // to is written.
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_TRUE(fs::is_symlink(target.path));
        EXPECT_EQ(fs::read_symlink(target.path), target.leadsTo.filename());
        if (writer.shape == Shape::File) {
            EXPECT_TRUE(fs::is_regular_file(target.leadsTo));
            EXPECT_GT(fs::file_size(target.leadsTo), std::string("the file the link leads to\n").size());
        } else {
            EXPECT_FALSE(entries(target.leadsTo).empty()) << "no frames were written";
        }
        EXPECT_EQ(entries(parent), around) << "something was left beside the link";
        return false;
    }
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_TRUE(r.err.find(target.path.string()) != std::string::npos) << "the message names the path: " << r.err;
    EXPECT_TRUE(r.err.find(target.reason) != std::string::npos)
        << "the message gives the reason \"" << target.reason << "\": " << r.err;
    EXPECT_EQ(r.err.rfind("highwater-cli: ", 0), 0u) << r.err;
    EXPECT_EQ(fingerprint(target.path), before) << "the target changed";
    EXPECT_EQ(entries(parent), around) << "something was left beside the target";
    return true;
}

TEST(HostileTargets, EveryCliWriterRefusesOrFailsAndLeavesTheTargetAsItWas)
{
    Sandbox sandbox;
    ASSERT_EQ(sandbox.error(), "");
    const auto start = std::chrono::steady_clock::now();
    int refused = 0;
    int followed = 0;
    for (const Writer& writer : writers()) {
        const fs::path dir = sandbox.newCase(writer.shape == Shape::File ? "file" : "frames");
        int refusedHere = 0;
        for (const Target& target : makeTargets(sandbox, writer.shape, dir)) {
            if (check(writer, target))
                ++refusedHere;
            else
                ++followed;
        }
        // Standard output on a full device: `-` is standard output for every writer of one file but
        // observe's recording (its frames go there; tests/cli/test_cli_observe.cpp refuses `--record -`).
        if (writer.shape == Shape::File && writer.name != "observe --record") {
            SCOPED_TRACE(writer.name + " given - with standard output on /dev/full");
            const CliResult r = runCli(writer.arguments("-"), "/dev/full");
            EXPECT_EQ(r.exitCode, 2) << r.err;
            EXPECT_TRUE(r.err.find("highwater-cli: cannot write to standard output: No space left on device\n")
                != std::string::npos)
                << r.err;
            ++refusedHere;
        }
        std::cout << "  " << writer.name << ": " << refusedHere << " hostile targets refused or failed\n";
        refused += refusedHere;
    }
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "hostile targets refused or failed with a message, target untouched: " << refused
              << "; links to a regular file or a directory followed: " << followed << " (" << seconds << " s)\n";
    RecordProperty("refused", refused);
    EXPECT_GT(refused, 0);
}

} // namespace

int main(int argc, char** argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    // Listing the tests (gtest_discover_tests at build time) needs no namespace; running them does,
    // and is never skipped: a machine that cannot give one fails here with the reason.
    if (!::testing::GTEST_FLAG(list_tests)) {
        if (const std::string error = enterPrivateMountNamespace(); !error.empty()) {
            std::cerr << "cannot make a private mount namespace for the hostile targets: " << error << "\n";
            return 1;
        }
    }
    return RUN_ALL_TESTS();
}
