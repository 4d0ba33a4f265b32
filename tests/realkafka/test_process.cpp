// SPDX-License-Identifier: MIT
// realkafka/process.*: children in their own group, bounded waits, their output in a log, RSS.
#include "realkafka/process.h"

#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace {

using namespace hw::realkafka;
using std::chrono::milliseconds;

ProcessSpec shell(const std::string& script, const std::filesystem::path& log = {})
{
    ProcessSpec spec;
    spec.program = "/bin/sh";
    spec.args = { "-c", script };
    spec.logFile = log;
    return spec;
}

TEST(ChildProcess, OutputGoesToTheLogAndTheExitStatusIsKept)
{
    const auto log = std::filesystem::temp_directory_path() / ("hw-process-" + std::to_string(::getpid()) + ".log");
    std::filesystem::remove(log);
    {
        ProcessSpec spec = shell("echo out; echo err >&2; echo $HW_TEST_VALUE; exit 3", log);
        spec.environment = { "HW_TEST_VALUE=given" };
        ChildProcess child(spec);
        const std::optional<int> status = child.waitFor(milliseconds(10000));
        ASSERT_TRUE(status);
        EXPECT_EQ(describeWaitStatus(*status), "exit status 3");
    }
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), "out\nerr\ngiven\n");
    std::filesystem::remove(log);
}

TEST(ChildProcess, AWaitIsBoundedAndSigtermEndsIt)
{
    ChildProcess child(shell("exec sleep 100"));
    EXPECT_TRUE(child.running());
    EXPECT_TRUE(child.rssKib().has_value());
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_FALSE(child.waitFor(milliseconds(200)));
    EXPECT_GE(std::chrono::steady_clock::now() - t0, milliseconds(200));
    child.signal(SIGTERM);
    const std::optional<int> status = child.waitFor(milliseconds(10000));
    ASSERT_TRUE(status);
    EXPECT_EQ(describeWaitStatus(*status), "killed by signal 15 (Terminated)");
    EXPECT_FALSE(child.rssKib().has_value());
}

TEST(ChildProcess, TheGroupDiesWithTheChildAndTheDestructorKills)
{
    pid_t grandchild = 0;
    const auto pidFile = std::filesystem::temp_directory_path() / ("hw-grandchild-" + std::to_string(::getpid()));
    {
        // The shell starts a grandchild in the same group; destroying the child kills both.
        ChildProcess child(shell("sleep 100 & echo $! > " + pidFile.string() + "; wait"));
        for (int i = 0; i < 500 && grandchild == 0; ++i) {
            std::ifstream(pidFile) >> grandchild;
            std::this_thread::sleep_for(milliseconds(10));
        }
        ASSERT_GT(grandchild, 0);
        EXPECT_EQ(::kill(grandchild, 0), 0);
    }
    // The grandchild is not ours to reap: it is gone once kill(pid, 0) fails or it is a zombie of init.
    bool gone = false;
    for (int i = 0; i < 500 && !gone; ++i) {
        std::ifstream stat("/proc/" + std::to_string(grandchild) + "/stat");
        std::string pid, name, state;
        gone = !(stat >> pid >> name >> state) || state == "Z";
        std::this_thread::sleep_for(milliseconds(10));
    }
    EXPECT_TRUE(gone);
    std::filesystem::remove(pidFile);
}

TEST(ChildProcess, AMissingProgramIsAClearError)
{
    ProcessSpec spec;
    spec.program = "/nonexistent/java";
    // setpriv starts and then fails to exec: the child exits at once with a message in its log.
    try {
        ChildProcess child(spec);
        const std::optional<int> status = child.waitFor(milliseconds(10000));
        ASSERT_TRUE(status);
        EXPECT_NE(describeWaitStatus(*status), "exit status 0");
    } catch (const ProcessError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/java"), std::string::npos) << e.what();
    }
}

TEST(ChildProcess, PipesCarryLines)
{
    ProcessSpec spec = shell("read line; echo \"got $line\"");
    spec.pipes = true;
    ChildProcess child(spec);
    ASSERT_EQ(::write(child.stdinFd(), "hello\n", 6), 6);
    char buffer[64] = {};
    ssize_t n = 0;
    std::string text;
    while (text.find('\n') == std::string::npos && (n = ::read(child.stdoutFd(), buffer, sizeof buffer)) > 0)
        text.append(buffer, static_cast<std::size_t>(n));
    EXPECT_EQ(text, "got hello\n");
    EXPECT_TRUE(child.waitFor(milliseconds(10000)));
}

} // namespace

namespace {

TEST(ChildProcess, KillAllChildrenReachesEveryRunningChild)
{
    // What the CLI's SIGINT and SIGTERM handlers call.
    ChildProcess a(shell("exec sleep 100"));
    ChildProcess b(shell("exec sleep 100"));
    killAllChildren();
    const std::optional<int> statusA = a.waitFor(milliseconds(10000));
    const std::optional<int> statusB = b.waitFor(milliseconds(10000));
    ASSERT_TRUE(statusA && statusB);
    EXPECT_EQ(describeWaitStatus(*statusA), "killed by signal 9 (Killed)");
    EXPECT_EQ(describeWaitStatus(*statusB), "killed by signal 9 (Killed)");
}

} // namespace
