// SPDX-License-Identifier: MIT
#include "realkafka/process.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <fstream>

extern char** environ;

namespace hw::realkafka {

namespace fs = std::filesystem;

namespace {

/// The process groups of the running children, for killAllChildren (0: a free slot).
std::array<std::atomic<pid_t>, childrenMax> g_children {};

int takeSlot(pid_t pid)
{
    for (int i = 0; i < childrenMax; ++i) {
        pid_t expected = 0;
        if (g_children[i].compare_exchange_strong(expected, pid))
            return i;
    }
    return -1;
}

std::string errnoText(int error)
{
    return std::strerror(error);
}

/// The setpriv that gives a child PR_SET_PDEATHSIG (posix_spawn has no way to set it), or empty.
const fs::path& setprivPath()
{
    static const fs::path path = [] {
        for (const char* candidate : { "/usr/bin/setpriv", "/bin/setpriv" })
            if (::access(candidate, X_OK) == 0)
                return fs::path(candidate);
        return fs::path();
    }();
    return path;
}

} // namespace

ChildProcess::ChildProcess(const ProcessSpec& spec)
{
    std::vector<std::string> argv;
    if (!setprivPath().empty()) {
        argv = { setprivPath().string(), "--pdeathsig", "KILL", "--" };
    }
    argv.push_back(spec.program.string());
    argv.insert(argv.end(), spec.args.begin(), spec.args.end());
    std::vector<char*> argvPtrs;
    for (std::string& a : argv)
        argvPtrs.push_back(a.data());
    argvPtrs.push_back(nullptr);

    std::map<std::string, std::string> env;
    for (char** e = environ; e && *e; ++e) {
        const std::string entry(*e);
        const std::size_t eq = entry.find('=');
        env[entry.substr(0, eq)] = eq == std::string::npos ? "" : entry.substr(eq + 1);
    }
    for (const std::string& entry : spec.environment) {
        const std::size_t eq = entry.find('=');
        env[entry.substr(0, eq)] = eq == std::string::npos ? "" : entry.substr(eq + 1);
    }
    std::vector<std::string> envStrings;
    for (const auto& [name, value] : env)
        envStrings.push_back(name + "=" + value);
    std::vector<char*> envPtrs;
    for (std::string& e : envStrings)
        envPtrs.push_back(e.data());
    envPtrs.push_back(nullptr);

    const int logFd = spec.logFile.empty()
        ? ::open("/dev/null", O_WRONLY | O_CLOEXEC)
        : ::open(spec.logFile.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (logFd < 0)
        throw ProcessError("cannot open " + spec.logFile.string() + " for " + spec.program.filename().string()
            + "'s output: " + errnoText(errno));
    int inPipe[2] = { -1, -1 };
    int outPipe[2] = { -1, -1 };
    const auto closeAll = [&] {
        for (int fd : { logFd, inPipe[0], inPipe[1], outPipe[0], outPipe[1] })
            if (fd >= 0)
                ::close(fd);
    };
    if (spec.pipes && (::pipe2(inPipe, O_CLOEXEC) != 0 || ::pipe2(outPipe, O_CLOEXEC) != 0)) {
        const int error = errno;
        closeAll();
        throw ProcessError("cannot make pipes for " + spec.program.filename().string() + ": " + errnoText(error));
    }

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (spec.pipes) {
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0);
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
    } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, logFd, 1);
    }
    posix_spawn_file_actions_adddup2(&actions, logFd, 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // A process group of its own: a signal to the group reaches the JVM whatever it started, and the
    // terminal's Ctrl+C reaches only HighWater, which then kills the children itself.
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attributes, 0);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int sig : { SIGINT, SIGTERM, SIGPIPE, SIGHUP })
        sigaddset(&defaults, sig);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    pid_t pid = -1;
    const int error = ::posix_spawn(&pid, argvPtrs[0], &actions, &attributes, argvPtrs.data(), envPtrs.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (error != 0) {
        closeAll();
        throw ProcessError("cannot start " + std::string(argvPtrs[0]) + ": " + errnoText(error));
    }
    m_pid = pid;
    m_slot = takeSlot(pid);
    if (spec.pipes) {
        m_stdin = inPipe[1];
        m_stdout = outPipe[0];
        inPipe[1] = -1;
        outPipe[0] = -1;
    }
    closeAll();
    if (m_slot < 0) {
        ::kill(-m_pid, SIGKILL);
        waitFor(killReapWait);
        throw ProcessError("more than " + std::to_string(childrenMax) + " child processes at once (childrenMax)");
    }
}

ChildProcess::~ChildProcess()
{
    if (running()) {
        signal(SIGKILL);
        waitFor(killReapWait);
    }
    closeStdin();
    if (m_stdout >= 0)
        ::close(m_stdout);
    forget();
}

void ChildProcess::forget()
{
    if (m_slot >= 0) {
        g_children[m_slot].store(0);
        m_slot = -1;
    }
}

bool ChildProcess::running()
{
    if (m_status || m_pid <= 0)
        return false;
    int status = 0;
    const pid_t r = ::waitpid(m_pid, &status, WNOHANG);
    if (r == m_pid) {
        m_status = status;
        // The JVM is gone, but what it started may not be: the group is killed once more.
        ::kill(-m_pid, SIGKILL);
        forget();
        return false;
    }
    if (r < 0 && errno == ECHILD) {
        m_status = 0;
        forget();
        return false;
    }
    return true;
}

void ChildProcess::signal(int sig)
{
    if (m_pid > 0 && !m_status)
        ::kill(-m_pid, sig);
}

std::optional<int> ChildProcess::waitFor(std::chrono::milliseconds timeout)
{
    // waitpid has no timeout: poll with WNOHANG every 10 ms up to the bound.
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (running()) {
        if (std::chrono::steady_clock::now() >= deadline)
            return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return m_status;
}

std::optional<std::int64_t> ChildProcess::rssKib() const
{
    if (m_pid <= 0 || m_status)
        return std::nullopt;
    std::ifstream in("/proc/" + std::to_string(m_pid) + "/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stoll(line.substr(6));
    }
    return std::nullopt;
}

void ChildProcess::closeStdin()
{
    if (m_stdin >= 0) {
        ::close(m_stdin);
        m_stdin = -1;
    }
}

void killAllChildren()
{
    for (std::atomic<pid_t>& child : g_children) {
        const pid_t pid = child.load();
        if (pid > 0)
            ::kill(-pid, SIGKILL);
    }
}

std::string describeWaitStatus(int status)
{
    if (WIFEXITED(status))
        return "exit status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
    return "wait status " + std::to_string(status);
}

} // namespace hw::realkafka
