// SPDX-License-Identifier: MIT
// Runs the real highwater-cli binary in a child process, the way a user runs it.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace hw::test {

struct CliResult {
    int exitCode = -1; ///< exit status, or 128 + signal number when the child was killed
    std::string out;
    std::string err;
};

/// Runs HW_CLI_PATH with the arguments; stdin is /dev/null, stdout and stderr go to temp files
/// (no pipe to deadlock on however much the child writes). Reports a gtest failure when the child
/// cannot be started.
CliResult runCli(const std::vector<std::string>& args);

/// runCli with standard output going to the file or device at stdoutPath (such as /dev/full, to
/// see a failed write); out is then empty.
CliResult runCli(const std::vector<std::string>& args, const std::string& stdoutPath);

/// HW_CLI_PATH started in the background (a `serve` for another command to talk to, or a command to
/// interrupt): stdin is /dev/null, stdout and stderr go to temp files. The destructor kills it (SIGKILL)
/// if it still runs.
class BackgroundCli {
public:
    explicit BackgroundCli(const std::vector<std::string>& args);
    ~BackgroundCli();
    BackgroundCli(const BackgroundCli&) = delete;
    BackgroundCli& operator=(const BackgroundCli&) = delete;
    bool started() const { return m_pid > 0; }
    /// Sends a signal (SIGINT, SIGTERM).
    void signal(int number);
    /// Whether the child still runs (false once it ended, or when it never started).
    bool running();
    /// Waits for the child to end and returns what it printed.
    CliResult wait();
    /// What it printed on standard output and standard error so far.
    std::string outSoFar() const;
    std::string errSoFar() const;

private:
    int m_pid = -1;
    std::string m_outPath;
    std::string m_errPath;
    bool m_waited = false;
    bool m_exited = false; // running() saw it end
    int m_status = 0;      // its wait status then
};

/// A `serve` in the background that listens: the port it was given (broker N on port + N) and the process.
struct ServedCli {
    int port = 0; // 0: it could not be started
    std::unique_ptr<BackgroundCli> process;
    /// "127.0.0.1:PORT+1", broker 1's address.
    std::string bootstrap() const;
};

/// Starts `serve SCENARIO --quiet --port P` and then `more` on free ports searched from `first`, and waits
/// until it prints that it serves. Another test program under ctest -j2 may take the ports between the
/// search and the bind: serve then ends at once, and other ports are tried, five times in all.
ServedCli startServe(const std::string& scenario, const std::vector<std::string>& more, int first);

/// A base port for `serve` whose brokers' ports (base+1 to base+3) are free now, searched from a
/// place that depends on the process id and on first (two test programs running at once start
/// apart); 0 when none is.
int freeBasePort(int first);

/// The lines of a program's output, without their line ends.
std::vector<std::string> lines(const std::string& text);

/// Whether `needle` occurs in `haystack`.
bool contains(const std::string& haystack, const std::string& needle);

} // namespace hw::test
