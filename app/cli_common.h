// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

/// What every command of highwater-cli shares: its exit statuses, the prefix of its messages, how it
/// reads its arguments (CLI11) and how it makes sure that what it printed arrived.
namespace hw::cli {

inline constexpr int exitOk = 0;
inline constexpr int exitDifferent = 1; // compare found differences; chaos found a failing run
inline constexpr int exitInvalid = 2; // invalid input, or a file or standard output that could not be written

/// What `highwater-cli --help` and every command's --help end with: what SCENARIO is, how options
/// take values, the exit statuses, what --memory-budget takes.
extern const char* const usageNotes;

/// The help of one command: "usage: highwater-cli " and the command's part of `highwater-cli --help`
/// (without its two spaces of indent), then usageNotes.
std::string commandHelp(const char* section);

/// Prints "highwater-cli: MESSAGE" on standard error: every message of the CLI starts so.
void printMessage(const std::string& message);

/// printMessage, then exitInvalid.
int fail(const std::string& message);

/// A usage error in one line, with a pointer to the command's help:
/// "highwater-cli: run: unknown option --foo (see 'highwater-cli run --help')". Returns exitInvalid.
int usageError(const std::string& command, const std::string& message);

/// One command's arguments, read with CLI11 (Debian's libcli11-dev): options take their value as
/// `--opt VALUE` or `--opt=VALUE` (the last one given counts), flags take none, `--` ends the options,
/// and `-h` or `--help` anywhere prints the command's help on standard output. CLI11 splits and
/// matches; the commands check the values themselves, so that a bad one is named with what was
/// expected (the range, the choices) in the command's own words.
class Arguments {
public:
    /// help is printed as it is for --help: the command's usage, options and notes.
    Arguments(std::string command, std::string help);
    ~Arguments();
    Arguments(const Arguments&) = delete;
    Arguments& operator=(const Arguments&) = delete;

    /// An option with a value. A value that is missing or empty is a usage error, "NAME needs NEEDS"
    /// ("--records needs all, new or none"). A value that starts with "-" is taken when it is a
    /// number ("--seed -1", refused later as negative) or "-" (standard output); any other must be
    /// written --opt=VALUE.
    void option(const std::string& name, std::string& value, const std::string& needs);
    void flag(const std::string& name, bool& value);
    /// The one positional argument (a scenario); what names it in the error for a second one
    /// ("export takes one scenario, got \"a.json\" and \"b.json\"").
    void positional(std::string& value, const std::string& what);
    /// Lets the command take up to `max` more positional arguments after the first, into `more`; a
    /// command that takes more than 1 + max names them in its error ("takes at most 9 scenarios").
    void morePositionals(std::vector<std::string>& more, std::size_t max, const std::string& what);

    /// Reads args. Returns nothing when the command should go on, or the exit status it ends with:
    /// exitOk after printing the help, exitInvalid after a usage error.
    std::optional<int> parse(const std::vector<std::string>& args);

    /// Whether the option was given.
    bool given(const std::string& name) const;

    /// usageError for this command.
    int error(const std::string& message) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// Whether something written to standard output was lost (a full disk, a closed descriptor). The
/// first failure's reason is kept, for finishOutput.
bool outputFailed();

/// Notes that a write to standard output failed for this reason (an errno), for finishOutput to say,
/// once. The first failure noted counts.
void noteOutputFailure(int errorNumber);

/// Flushes standard output. Returns status, or, when something written there was lost, says so
/// ("highwater-cli: cannot write to standard output: No space left on device") and returns exitInvalid:
/// a command whose output did not arrive has not succeeded.
int finishOutput(int status);

} // namespace hw::cli
