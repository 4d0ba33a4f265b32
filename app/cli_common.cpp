// SPDX-License-Identifier: MIT
#include "cli_common.h"

#include "scenario/fileio.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <iostream>

namespace hw::cli {

const char* const usageNotes
    = "SCENARIO is a file path or builtin:NAME. An option takes its value as --opt VALUE or --opt=VALUE\n"
      "(a value that starts with - other than a number or - itself: --opt=VALUE). An output path of - is\n"
      "standard output. Every command answers --help.\n"
      "Exit status: 0 success (compare: nothing differs); 1 when compare finds differences or chaos a\n"
      "failing run; 2 invalid input, or a file or standard output that could not be written, with a\n"
      "message on standard error.\n"
      "--memory-budget bounds the memory a run's history may hold: SIZE is bytes or a number with KiB,\n"
      "MiB, GiB, TiB (or kB, MB, GB, TB), 1MiB..1TiB, default 4GiB. A run that reaches it stops there\n"
      "with a message and exit status 2.\n";

std::string commandHelp(const char* section)
{
    const std::string text(section);
    return "usage: highwater-cli " + text.substr(text.find_first_not_of(' ')) + "\n" + usageNotes;
}

void printMessage(const std::string& message)
{
    std::cerr << "highwater-cli: " << message << '\n';
}

int fail(const std::string& message)
{
    printMessage(message);
    return exitInvalid;
}

int usageError(const std::string& command, const std::string& message)
{
    const std::string help = command.empty() ? "highwater-cli --help" : "highwater-cli " + command + " --help";
    return fail((command.empty() ? "" : command + ": ") + message + " (see '" + help + "')");
}

struct Arguments::Impl {
    std::string command;
    std::string help;
    CLI::App app;
    struct Value {
        std::string name;
        std::string* value;
        std::string needs;
        CLI::Option* option;
    };
    std::vector<Value> values;
    std::vector<std::pair<std::string, CLI::Option*>> flags;
    std::string* positional = nullptr;
    std::string positionalWhat;
    std::vector<std::string>* more = nullptr;
    std::size_t moreMax = 0;
    std::string moreWhat;
};

Arguments::Arguments(std::string command, std::string help) : m_impl(std::make_unique<Impl>())
{
    m_impl->command = std::move(command);
    m_impl->help = std::move(help);
    CLI::App& app = m_impl->app;
    app.name("highwater-cli " + m_impl->command);
    // Unknown arguments are collected, not thrown, so that the message names the first of them.
    app.allow_extras();
    app.set_help_flag("-h,--help");
    // "--records new --records all" means all, as with most tools: the last value counts.
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

Arguments::~Arguments() = default;

void Arguments::option(const std::string& name, std::string& value, const std::string& needs)
{
    // Zero or one value: a missing value is then our usage error, in our words, not CLI11's.
    CLI::Option* option = m_impl->app.add_option(name, value)->expected(0, 1);
    m_impl->values.push_back({ name, &value, needs, option });
}

void Arguments::flag(const std::string& name, bool& value)
{
    m_impl->flags.emplace_back(name, m_impl->app.add_flag(name, value));
}

void Arguments::positional(std::string& value, const std::string& what)
{
    m_impl->app.add_option("positional", value);
    m_impl->positional = &value;
    m_impl->positionalWhat = what;
}

void Arguments::morePositionals(std::vector<std::string>& more, std::size_t max, const std::string& what)
{
    m_impl->more = &more;
    m_impl->moreMax = max;
    m_impl->moreWhat = what;
}

std::optional<int> Arguments::parse(const std::vector<std::string>& args)
{
    CLI::App& app = m_impl->app;
    try {
        std::vector<std::string> reversed(args.rbegin(), args.rend());
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        std::cout << m_impl->help;
        return exitOk;
    } catch (const CLI::ConversionError&) {
        // A flag given a value CLI11 cannot read as true or false ("--checkpoints=maybe").
        for (const auto& [name, option] : m_impl->flags) {
            const auto given = std::find_if(
                args.begin(), args.end(), [&](const std::string& arg) { return arg.rfind(name + "=", 0) == 0; });
            if (given != args.end())
                return error(name + " takes no value, got \"" + *given + "\"");
        }
        return error("an option has a value it cannot take");
    } catch (const CLI::ParseError& e) {
        std::string what = e.what();
        if (!what.empty())
            what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
        return error(what);
    }
    std::vector<std::string> extra;
    for (const std::string& arg : app.remaining())
        if (arg != "--") // CLI11 2.1 keeps the end of the options among the extras
            extra.push_back(arg);
    for (const std::string& arg : extra) {
        if (arg.size() > 1 && arg[0] == '-')
            return error("unknown option " + arg.substr(0, arg.find('=')));
    }
    if (!extra.empty() && !m_impl->positional)
        return error("takes no arguments, got \"" + extra.front() + "\"");
    std::vector<std::string> positionals;
    if (m_impl->positional && !m_impl->positional->empty())
        positionals.push_back(*m_impl->positional);
    positionals.insert(positionals.end(), extra.begin(), extra.end());
    if (m_impl->more && positionals.size() > 1) {
        if (positionals.size() > 1 + m_impl->moreMax)
            return error("takes at most " + std::to_string(1 + m_impl->moreMax) + " " + m_impl->moreWhat + ", got "
                + std::to_string(positionals.size()));
        m_impl->more->assign(positionals.begin() + 1, positionals.end());
        positionals.resize(1);
    }
    if (positionals.size() > 1)
        return error(
            "takes " + m_impl->positionalWhat + ", got \"" + positionals[0] + "\" and \"" + positionals[1] + "\"");
    for (const Impl::Value& v : m_impl->values) {
        if (v.option->count() > 0 && v.value->empty())
            return error(v.name + " needs " + v.needs);
    }
    return std::nullopt;
}

bool Arguments::given(const std::string& name) const
{
    for (const Impl::Value& v : m_impl->values)
        if (v.name == name)
            return v.option->count() > 0;
    for (const auto& [flagName, option] : m_impl->flags)
        if (flagName == name)
            return option->count() > 0;
    return false;
}

int Arguments::error(const std::string& message) const
{
    return usageError(m_impl->command, message);
}

namespace {

bool failedOutput = false;
int outputErrno = 0;

} // namespace

bool outputFailed()
{
    if (!failedOutput && (!std::cout || std::ferror(stdout))) {
        failedOutput = true;
        outputErrno = errno;
    }
    return failedOutput;
}

void noteOutputFailure(int errorNumber)
{
    if (!failedOutput) {
        failedOutput = true;
        outputErrno = errorNumber;
    }
}

int finishOutput(int status)
{
    // A failure already seen keeps the reason errno still holds from it; otherwise the flush tells.
    if (!outputFailed()) {
        errno = 0;
        std::cout.flush();
        if (std::fflush(stdout) != 0 || !std::cout || std::ferror(stdout)) {
            failedOutput = true;
            outputErrno = errno;
        }
    }
    if (!failedOutput)
        return status;
    printMessage("cannot write to standard output: " + hw::systemReason(outputErrno));
    return exitInvalid;
}

} // namespace hw::cli
