// SPDX-License-Identifier: MIT
// Runs the real highwater-cli binary in a child process, the way a user runs it.
#pragma once

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

/// A base port for `serve` whose brokers' ports (base+1 to base+3) are free now, searched from a
/// place that depends on the process id and on first (two test programs running at once start
/// apart); 0 when none is.
int freeBasePort(int first);

/// The lines of a program's output, without their line ends.
std::vector<std::string> lines(const std::string& text);

/// Whether `needle` occurs in `haystack`.
bool contains(const std::string& haystack, const std::string& needle);

} // namespace hw::test
