// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/types.h>

/// The JVMs of a real cluster as child processes: started with posix_spawn in a process group of their
/// own, their output in a log file, signalled and waited for with a bound. Every child dies with
/// HighWater: each is started under `setpriv --pdeathsig KILL` (util-linux, in every Debian), so the kernel
/// kills it when the thread that started it ends, and ChildProcess's destructor and killAllChildren()
/// (called from the CLI's SIGINT and SIGTERM handlers) kill every child still running.
namespace hw::realkafka {

class ProcessError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The children alive at once (a controller, brokersMax brokers, tools, the harness): a fixed table, so
/// that a signal handler can walk it.
inline constexpr int childrenMax = 64;
/// How long the destructor waits for a SIGKILLed child to be reaped.
inline constexpr std::chrono::milliseconds killReapWait { 5000 };

struct ProcessSpec {
    std::filesystem::path program;
    std::vector<std::string> args;               // without argv[0]
    std::vector<std::string> environment;        // NAME=VALUE added to (or replacing in) this process's environment
    std::filesystem::path logFile;               // standard output and error (appended); empty: /dev/null
    bool pipes = false;                          // standard input and output are pipes (the harness)
};

class ChildProcess {
public:
    /// Starts the child. Throws ProcessError when it cannot be started (the program is missing, too
    /// many children, the log file cannot be opened).
    explicit ChildProcess(const ProcessSpec& spec);
    /// Kills the child's process group with SIGKILL and reaps it (bounded by killReapWait).
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const { return m_pid; }
    /// Whether the child has not exited yet (reaps it when it has).
    bool running();
    /// Sends sig to the child's process group (the JVM and anything it started).
    void signal(int sig);
    /// Waits at most `timeout` for the child to exit. Returns its wait status, or nothing on timeout.
    std::optional<int> waitFor(std::chrono::milliseconds timeout);
    /// The wait status once the child has exited.
    std::optional<int> exitStatus() const { return m_status; }
    /// The resident memory from /proc/PID/status (VmRSS), in KiB; nothing when the child is gone.
    std::optional<std::int64_t> rssKib() const;
    /// The pipes' ends (-1 without ProcessSpec::pipes): write commands to stdinFd, read from stdoutFd.
    int stdinFd() const { return m_stdin; }
    int stdoutFd() const { return m_stdout; }
    /// Closes the child's standard input (the harness exits at its end).
    void closeStdin();

private:
    void forget();
    pid_t m_pid = -1;
    std::optional<int> m_status;
    int m_stdin = -1;
    int m_stdout = -1;
    int m_slot = -1;
};

/// Sends SIGKILL to the process group of every child still running. Async-signal-safe: the CLI's SIGINT
/// and SIGTERM handlers call it.
void killAllChildren();

/// "exit status 1", "killed by signal 9 (Killed)": a wait status in words.
std::string describeWaitStatus(int status);

} // namespace hw::realkafka
