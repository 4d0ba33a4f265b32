// SPDX-License-Identifier: MIT
#include "cli_runner.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>

extern char** environ;

namespace hw::test {

namespace {

const std::string cliPath = HW_CLI_PATH;

std::string slurpAndRemove(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    ::unlink(path.c_str());
    return buffer.str();
}

int makeTemp(std::string& path)
{
    std::string pattern = ::testing::TempDir() + "/hwcli_XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    path = name.data();
    return fd;
}

/// Starts HW_CLI_PATH with the arguments, stdin on /dev/null and stdout and stderr on the descriptors,
/// which it closes. Returns posix_spawn's error, 0 when the child started.
int spawnCli(const std::vector<std::string>& args, int outFd, int errFd, pid_t& pid)
{
    std::vector<std::string> argvStrings { cliPath };
    argvStrings.insert(argvStrings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& s : argvStrings)
        argv.push_back(s.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, outFd, 1);
    posix_spawn_file_actions_adddup2(&actions, errFd, 2);
    const int spawned = ::posix_spawn(&pid, cliPath.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(outFd);
    ::close(errFd);
    return spawned;
}

} // namespace

CliResult runCli(const std::vector<std::string>& args)
{
    return runCli(args, std::string());
}

CliResult runCli(const std::vector<std::string>& args, const std::string& stdoutPath)
{
    CliResult result;
    std::string outPath;
    std::string errPath;
    const int outFd = stdoutPath.empty() ? makeTemp(outPath) : ::open(stdoutPath.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    const int errFd = makeTemp(errPath);
    if (outFd < 0 || errFd < 0) {
        ADD_FAILURE() << "cannot create temp files in " << ::testing::TempDir() << " or open " << stdoutPath;
        return result;
    }

    pid_t pid = 0;
    const int spawned = spawnCli(args, outFd, errFd, pid);
    if (spawned != 0) {
        ADD_FAILURE() << "cannot start " << cliPath << ": error " << spawned;
        if (!outPath.empty())
            slurpAndRemove(outPath);
        slurpAndRemove(errPath);
        return result;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) { }
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.exitCode = 128 + WTERMSIG(status);
    if (!outPath.empty())
        result.out = slurpAndRemove(outPath);
    result.err = slurpAndRemove(errPath);
    return result;
}

BackgroundCli::BackgroundCli(const std::vector<std::string>& args)
{
    const int outFd = makeTemp(m_outPath);
    const int errFd = makeTemp(m_errPath);
    if (outFd < 0 || errFd < 0) {
        ADD_FAILURE() << "cannot create temp files in " << ::testing::TempDir();
        return;
    }
    pid_t pid = 0;
    if (const int spawned = spawnCli(args, outFd, errFd, pid); spawned != 0) {
        ADD_FAILURE() << "cannot start " << cliPath << ": error " << spawned;
        return;
    }
    m_pid = pid;
}

BackgroundCli::~BackgroundCli()
{
    if (m_pid > 0 && !m_waited && !m_exited) {
        ::kill(m_pid, SIGKILL);
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) { }
    }
    if (!m_outPath.empty() && !m_waited)
        slurpAndRemove(m_outPath);
    if (!m_errPath.empty() && !m_waited)
        slurpAndRemove(m_errPath);
}

void BackgroundCli::signal(int number)
{
    if (m_pid > 0 && !m_waited && !m_exited)
        ::kill(m_pid, number);
}

bool BackgroundCli::running()
{
    if (m_pid <= 0 || m_waited || m_exited)
        return false;
    int status = 0;
    pid_t ended = 0;
    while ((ended = ::waitpid(m_pid, &status, WNOHANG)) < 0 && errno == EINTR) { }
    if (ended == m_pid) {
        m_exited = true;
        m_status = status;
    }
    return !m_exited;
}

CliResult BackgroundCli::wait()
{
    CliResult result;
    if (m_pid <= 0 || m_waited)
        return result;
    int status = m_status;
    if (!m_exited)
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) { }
    m_waited = true;
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.exitCode = 128 + WTERMSIG(status);
    result.out = slurpAndRemove(m_outPath);
    result.err = slurpAndRemove(m_errPath);
    return result;
}

std::string BackgroundCli::outSoFar() const
{
    std::ifstream in(m_outPath, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string BackgroundCli::errSoFar() const
{
    std::ifstream in(m_errPath, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string ServedCli::bootstrap() const
{
    return "127.0.0.1:" + std::to_string(port + 1);
}

ServedCli startServe(const std::string& scenario, const std::vector<std::string>& more, int first)
{
    for (int attempt = 0; attempt < 5; ++attempt) {
        ServedCli served;
        served.port = freeBasePort(first + 211 * attempt);
        std::vector<std::string> args { "serve", scenario, "--quiet", "--port", std::to_string(served.port) };
        args.insert(args.end(), more.begin(), more.end());
        served.process = std::make_unique<BackgroundCli>(args);
        for (int i = 0; i < 400 && served.process->running()
             && served.process->outSoFar().find("serving") == std::string::npos;
             ++i)
            ::usleep(50000);
        if (served.process->running() && served.process->outSoFar().find("serving") != std::string::npos)
            return served;
    }
    ADD_FAILURE() << "serve " << scenario << " did not start in five tries";
    return {};
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

bool contains(const std::string& haystack, const std::string& needle)
{
    return haystack.find(needle) != std::string::npos;
}

int freeBasePort(int first)
{
    for (int base = first + static_cast<int>(::getpid() % 20000); base < 65000; base += 7) {
        bool free = true;
        for (int broker = 1; broker <= 3 && free; ++broker) {
            const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in address {};
            address.sin_family = AF_INET;
            address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            address.sin_port = htons(static_cast<std::uint16_t>(base + broker));
            free = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
            ::close(fd);
        }
        if (free)
            return base;
    }
    return 0;
}

} // namespace hw::test
