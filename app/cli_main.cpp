// SPDX-License-Identifier: MIT
// highwater-cli: the headless face of HighWater. Lists, validates and runs scenarios and prints
// their frames as JSON lines (docs/frame-format.md).

#include "builtin.h"
#include "frame_json.h"
#include "scenario.h"

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr int exitOk = 0;
constexpr int exitInvalid = 2;

const char* const usage =
    "usage: highwater-cli <command> [arguments]\n"
    "\n"
    "commands:\n"
    "  list                                   list the built-in scenarios\n"
    "  run SCENARIO [--dump jsonl] [--checkpoints]\n"
    "                                         run a scenario and print one JSON object per frame\n"
    "                                         (--checkpoints: only labelled frames)\n"
    "  validate FILE                          check a scenario file and run it without printing frames\n"
    "\n"
    "SCENARIO is a file path or builtin:NAME. Exit status: 0 success, 2 invalid input.\n";

int usageError(const std::string& message)
{
    std::cerr << "highwater-cli: " << message << "\n\n" << usage;
    return exitInvalid;
}

int list()
{
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        auto loaded = hw::parseScenario(builtin.json, "builtin:" + std::string(builtin.name));
        if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
            std::cerr << error->toString() << "\n";
            return exitInvalid;
        }
        const auto& scenario = std::get<hw::Scenario>(loaded);
        std::cout << builtin.name << "\t" << scenario.title.get("en") << "\n";
    }
    return exitOk;
}

std::variant<hw::Timeline, hw::ScenarioError> load(const std::string& source)
{
    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
        return *error;
    return hw::playScenario(std::get<hw::Scenario>(loaded));
}

int run(const std::vector<std::string>& args)
{
    std::string source;
    bool checkpointsOnly = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--checkpoints") {
            checkpointsOnly = true;
        } else if (args[i] == "--dump") {
            if (i + 1 >= args.size())
                return usageError("--dump needs a format (jsonl)");
            if (args[++i] != "jsonl")
                return usageError("unknown dump format \"" + args[i] + "\"; the only format is jsonl");
        } else if (!args[i].empty() && args[i][0] == '-') {
            return usageError("unknown option \"" + args[i] + "\"");
        } else if (source.empty()) {
            source = args[i];
        } else {
            return usageError("run takes one scenario");
        }
    }
    if (source.empty())
        return usageError("run needs a scenario (a file path or builtin:NAME)");
    auto played = load(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&played)) {
        std::cerr << error->toString() << "\n";
        return exitInvalid;
    }
    const auto& timeline = std::get<hw::Timeline>(played);
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        if (checkpointsOnly && timeline.frame(f).label < 0)
            continue;
        const hw::ClusterState state = timeline.stateAt(f);
        std::cout << hw::frameToJson(timeline, f, state).dump() << '\n';
    }
    std::cout.flush();
    return std::cout ? exitOk : exitInvalid;
}

int validate(const std::vector<std::string>& args)
{
    if (args.size() != 1)
        return usageError("validate takes one file");
    auto played = load(args[0]);
    if (auto* error = std::get_if<hw::ScenarioError>(&played)) {
        std::cerr << error->toString() << "\n";
        return exitInvalid;
    }
    const auto& timeline = std::get<hw::Timeline>(played);
    std::cout << args[0] << ": valid, " << timeline.frameCount() << " frames, " << timeline.labels().size()
              << " checkpoints\n";
    return exitOk;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty())
        return usageError("no command given");
    const std::string command = args.front();
    args.erase(args.begin());
    if (command == "--help" || command == "-h" || command == "help") {
        std::cout << usage;
        return exitOk;
    }
    if (command == "list")
        return args.empty() ? list() : usageError("list takes no arguments");
    if (command == "run")
        return run(args);
    if (command == "validate")
        return validate(args);
    return usageError("unknown command \"" + command + "\"");
}
