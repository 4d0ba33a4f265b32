// SPDX-License-Identifier: MIT
// highwater-cli: the headless face of HighWater. Lists, validates and runs scenarios and prints
// their frames as JSON lines (docs/frame-format.md).

#include "check/chaos.h"
#include "hwversion.h"
#include "model/limits.h"
#include "scenario/builtin.h"
#include "scenario/fileio.h"
#include "scenario/frame_json.h"
#include "scenario/narration.h"
#include "scenario/scenario.h"
#include "scenario/state_diff.h"
#ifdef HW_WITH_EXPORT
#include "cli_export.h"
#endif
#include "cli_serve.h"

#include <algorithm>
#include <array>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr int exitOk = 0;
constexpr int exitDifferent = 1; // compare found differences; chaos found a failing run
constexpr int exitInvalid = 2;

const char* const usage =
    "usage: highwater-cli <command> [arguments]\n"
    "       highwater-cli --version | --help\n"
    "\n"
    "commands:\n"
    "  list                                   list the built-in scenarios\n"
    "  run SCENARIO [--dump jsonl] [--checkpoints] [--records all|new|none] [--memory-budget SIZE]\n"
    "                                         run a scenario and print one JSON object per frame\n"
    "                                         (--checkpoints: only labelled frames; --records: every\n"
    "                                         record in every frame (all, the default), only records\n"
    "                                         new or changed since the previous printed frame (new),\n"
    "                                         or no record lists (none))\n"
    "  validate FILE [--memory-budget SIZE]   check a scenario file and run it without printing frames\n"
    "  compare SCENARIO --versions A,B [--checkpoints] [--memory-budget SIZE]\n"
    "                                         run a scenario under two Kafka versions (3.7 .. 4.2) and\n"
    "                                         print what differs (leader, ISR, ELR, HW, LEO, lost records,\n"
    "                                         produce results, broker states), one difference a line: the\n"
    "                                         first frame where the states differ, then every\n"
    "                                         checkpoint (--checkpoints: only the checkpoints, matched by\n"
    "                                         label)\n"
    "  chaos --seed N [--runs K] [--allow-loss] [--version V] [--emit FILE]\n"
    "                                         run random fault schedules (seeds N..N+K-1) with the\n"
    "                                         invariant checker after every event; --emit writes the\n"
    "                                         first seed's schedule as a scenario file\n"
#ifdef HW_WITH_EXPORT
    HW_CLI_EXPORT_USAGE
#endif
    HW_CLI_SERVE_USAGE
    "\n"
    "SCENARIO is a file path or builtin:NAME. Exit status: 0 success (compare: nothing differs); 1 when\n"
    "compare finds differences or chaos a failing run; 2 invalid input.\n"
    "--memory-budget bounds the memory a run's history may hold: SIZE is bytes or a number with KiB,\n"
    "MiB, GiB, TiB (or kB, MB, GB, TB), 1MiB..1TiB, default 4GiB. A run that reaches it stops there\n"
    "with a message and exit status 2.\n";

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

/// Reads --memory-budget's SIZE. Returns an error message, or an empty string.
std::string readMemoryBudget(const std::vector<std::string>& args, std::size_t& i, std::uint64_t& budget)
{
    const std::string range = hw::formatByteSize(hw::limits::historyBytesMin) + " to " +
                              hw::formatByteSize(hw::limits::historyBytesMax);
    if (i + 1 >= args.size())
        return "--memory-budget needs a size (" + range + ", e.g. 512MiB or 4GiB)";
    const std::optional<std::uint64_t> bytes = hw::parseByteSize(args[++i]);
    if (!bytes)
        return "--memory-budget: \"" + args[i] + "\" is not a size; expected bytes or a number with KiB, MiB, GiB, "
               "TiB, kB, MB, GB or TB, e.g. 512MiB or 4GiB";
    if (*bytes < hw::limits::historyBytesMin || *bytes > hw::limits::historyBytesMax)
        return "--memory-budget " + args[i] + " is outside " + range;
    budget = *bytes;
    return {};
}

/// What a run that stopped at its budget says after the step error: how to let it go further.
void explainBudget(const hw::Timeline& timeline)
{
    if (!timeline.atMemoryBudget())
        return;
    std::cerr << "highwater-cli: the memory budget is " << hw::formatByteSize(timeline.memoryBudget())
              << "; raise it with --memory-budget SIZE (at most " << hw::formatByteSize(hw::limits::historyBytesMax)
              << ")\n";
}

/// Reads a scenario and runs it into `timeline` with the history's memory budget. Returns false,
/// with the reading error printed, when the file cannot be read; a step that fails leaves the frames
/// before it in `timeline` and its error in `stepError`.
bool loadAndRun(const std::string& source, std::uint64_t budget, std::optional<hw::Timeline>& timeline,
                std::optional<hw::ScenarioError>& stepError)
{
    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        std::cerr << error->toString() << "\n";
        return false;
    }
    const auto& scenario = std::get<hw::Scenario>(loaded);
    timeline.emplace(hw::Engine::createCluster(scenario.cluster));
    timeline->setMemoryBudget(budget);
    stepError = hw::runScenario(scenario, *timeline);
    return true;
}

int run(const std::vector<std::string>& args)
{
    std::string source;
    bool checkpointsOnly = false;
    hw::RecordsMode recordsMode = hw::RecordsMode::All;
    std::uint64_t budget = hw::limits::historyBytesDefault;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--checkpoints") {
            checkpointsOnly = true;
        } else if (args[i] == "--records") {
            if (i + 1 >= args.size())
                return usageError("--records needs all, new or none");
            const std::optional<hw::RecordsMode> mode = hw::parseRecordsMode(args[++i]);
            if (!mode)
                return usageError("unknown --records mode \"" + args[i] + "\"; expected all, new or none");
            recordsMode = *mode;
        } else if (args[i] == "--memory-budget") {
            if (std::string error = readMemoryBudget(args, i, budget); !error.empty())
                return usageError(error);
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
    std::optional<hw::Timeline> timeline;
    // A step that cannot be carried out still leaves the frames before it: print them, then the error.
    std::optional<hw::ScenarioError> stepError;
    if (!loadAndRun(source, budget, timeline, stepError))
        return exitInvalid;
    std::optional<hw::ClusterState> previous; // the last printed frame's state, for --records new
    for (std::int64_t f = 0; f < timeline->frameCount(); ++f) {
        if (checkpointsOnly && timeline->frame(f).label < 0)
            continue;
        hw::ClusterState state = timeline->stateAt(f);
        const hw::RecordsDump records{recordsMode, previous ? &*previous : nullptr};
        std::cout << hw::frameToJson(*timeline, f, state, records).dump() << '\n';
        if (recordsMode == hw::RecordsMode::New)
            previous = std::move(state);
    }
    std::cout.flush();
    if (stepError) {
        std::cerr << stepError->toString() << "\n";
        explainBudget(*timeline);
        return exitInvalid;
    }
    return std::cout ? exitOk : exitInvalid;
}

int validate(const std::vector<std::string>& args)
{
    std::string file;
    std::uint64_t budget = hw::limits::historyBytesDefault;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--memory-budget") {
            if (std::string error = readMemoryBudget(args, i, budget); !error.empty())
                return usageError(error);
        } else if (file.empty() && (args[i].empty() || args[i][0] != '-')) {
            file = args[i];
        } else {
            return usageError("validate takes one file and --memory-budget SIZE");
        }
    }
    if (file.empty())
        return usageError("validate takes one file");
    std::optional<hw::Timeline> timeline;
    std::optional<hw::ScenarioError> error;
    if (!loadAndRun(file, budget, timeline, error))
        return exitInvalid;
    if (error) {
        std::cerr << error->toString() << "\n";
        explainBudget(*timeline);
        return exitInvalid;
    }
    std::cout << file << ": valid, " << timeline->frameCount() << " frames, " << timeline->labels().size()
              << " checkpoints\n";
    return exitOk;
}

int chaos(const std::vector<std::string>& args)
{
    std::uint64_t seed = 0;
    bool haveSeed = false;
    std::uint64_t runs = 1;
    std::string emit;
    hw::ChaosOptions options;
    auto number = [&](std::size_t& i, const std::string& flag, std::uint64_t& out) -> bool {
        if (i + 1 >= args.size())
            return false;
        if (args[i + 1].empty() || args[i + 1][0] == '-')
            return false;
        try {
            std::size_t used = 0;
            out = std::stoull(args[++i], &used);
            return used == args[i].size();
        } catch (const std::exception&) {
            return false;
        }
        (void)flag;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--seed") {
            if (!number(i, "--seed", seed))
                return usageError("--seed needs a non-negative integer");
            haveSeed = true;
        } else if (args[i] == "--runs") {
            if (!number(i, "--runs", runs) || runs == 0 || runs > 1000000)
                return usageError("--runs needs an integer in 1..1000000");
        } else if (args[i] == "--allow-loss") {
            options.allowDataLoss = true;
        } else if (args[i] == "--version") {
            const std::optional<hw::KafkaVersion> version =
                i + 1 < args.size() ? hw::parseKafkaVersion(args[i + 1]) : std::nullopt;
            if (!version)
                return usageError("--version needs one of " + std::string(hw::kafkaVersionChoices()));
            options.version = *version;
            ++i;
        } else if (args[i] == "--emit") {
            if (i + 1 >= args.size())
                return usageError("--emit needs a file name");
            emit = args[++i];
        } else {
            return usageError("unknown chaos argument \"" + args[i] + "\"");
        }
    }
    if (!haveSeed)
        return usageError("chaos needs --seed N");
    std::uint64_t failures = 0;
    std::int64_t frames = 0;
    if (runs - 1 > UINT64_MAX - seed)
        return usageError("--seed plus --runs goes past the largest seed, " + std::to_string(UINT64_MAX));
    for (std::uint64_t n = 0; n < runs; ++n) {
        const std::uint64_t s = seed + n;
        const hw::ChaosResult result = hw::runChaos(s, options);
        frames += result.frames;
        if (s == seed && !emit.empty()) {
            if (const auto error = hw::writeFileAtomically(emit, hw::scenarioToJson(result.scenario))) {
                std::cerr << "highwater-cli: cannot write " << emit << ": " << error->message << "\n";
                return exitInvalid;
            }
        }
        if (!result.ok()) {
            ++failures;
            std::cout << "seed " << s << ": FAILED after " << result.frames << " frames\n";
            if (!result.stepError.empty())
                std::cout << "  step error: " << result.stepError << "\n";
            for (const std::string& v : result.violations)
                std::cout << "  " << v << "\n";
            std::cout << "  replay: " << hw::chaosReplayCommand(s, options) << "\n";
        }
    }
    std::cout << runs << " runs, " << frames << " frames checked, " << failures << " failed\n";
    return failures == 0 ? exitOk : exitDifferent;
}

/// Reads --versions' "A,B": two different modelled Kafka versions. Returns an error message, or an
/// empty string.
std::string readVersions(const std::string& text, std::array<hw::KafkaVersion, 2>& versions)
{
    const std::string expected = std::string("expected two different versions of ")
        + std::string(hw::kafkaVersionChoices()) + " separated by a comma, e.g. 3.7,4.2";
    const std::size_t comma = text.find(',');
    if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos)
        return "--versions \"" + text + "\" does not name two versions; " + expected;
    const std::array<std::string, 2> names { text.substr(0, comma), text.substr(comma + 1) };
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::optional<hw::KafkaVersion> version = hw::parseKafkaVersion(names[i]);
        if (!version)
            return "--versions: \"" + names[i] + "\" is not a Kafka version HighWater models; " + expected;
        versions[i] = *version;
    }
    if (versions[0] == versions[1])
        return "--versions names " + names[0] + " twice; " + expected;
    return {};
}

/// One run of the compared scenario, under one Kafka version.
struct VersionRun {
    hw::KafkaVersion version = hw::defaultKafkaVersion;
    std::string name; // "4.2"
    std::optional<hw::Timeline> timeline;
};

/// A checkpoint of a run: its label and the frame it labels.
struct Checkpoint {
    std::string label;
    std::int64_t frame = 0;
};

std::vector<Checkpoint> checkpointsOf(const hw::Timeline& timeline)
{
    std::vector<Checkpoint> out;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        if (const std::int32_t label = timeline.frame(f).label; label >= 0)
            out.push_back(Checkpoint { timeline.labels()[static_cast<std::size_t>(label)], f });
    }
    return out;
}

/// Prints differences one a line, "  orders-0  leader  3.7: 2  4.2: -", in aligned columns.
void printDifferences(const std::vector<hw::StateDifference>& differences, const hw::ClusterState& a,
    const hw::ClusterState& b, const VersionRun& runA, const VersionRun& runB)
{
    std::vector<std::array<std::string, 4>> rows;
    for (const hw::StateDifference& d : differences) {
        // A partition only b has is numbered in b's partitions.
        const bool onlyInB = d.field == hw::StateDifference::Field::Topology && d.a == "-" && d.partition >= 0;
        rows.push_back({ hw::differenceSubject(d, onlyInB ? b : a), std::string(hw::fieldName(d.field)),
            runA.name + ": " + d.a, runB.name + ": " + d.b });
    }
    std::array<std::size_t, 3> widths {};
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < widths.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    }
    for (const auto& row : rows) {
        std::cout << " ";
        for (std::size_t c = 0; c < widths.size(); ++c)
            std::cout << ' ' << row[c] << std::string(widths[c] - row[c].size() + 1, ' ');
        std::cout << ' ' << row[3] << '\n';
    }
}

int compare(const std::vector<std::string>& args)
{
    std::string source;
    std::string versionsText;
    bool checkpointsOnly = false;
    std::uint64_t budget = hw::limits::historyBytesDefault;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--checkpoints") {
            checkpointsOnly = true;
        } else if (args[i] == "--versions") {
            if (i + 1 >= args.size())
                return usageError("--versions needs two versions, e.g. 3.7,4.2");
            versionsText = args[++i];
        } else if (args[i] == "--memory-budget") {
            if (std::string error = readMemoryBudget(args, i, budget); !error.empty())
                return usageError(error);
        } else if (!args[i].empty() && args[i][0] == '-') {
            return usageError("unknown option \"" + args[i] + "\"");
        } else if (source.empty()) {
            source = args[i];
        } else {
            return usageError("compare takes one scenario");
        }
    }
    if (source.empty())
        return usageError("compare needs a scenario (a file path or builtin:NAME)");
    if (versionsText.empty())
        return usageError("compare needs --versions A,B, e.g. --versions 3.7,4.2");
    std::array<hw::KafkaVersion, 2> versions {};
    if (std::string error = readVersions(versionsText, versions); !error.empty())
        return usageError(error);

    // The scenario read under each version: the version overrides the file's cluster.kafka_version,
    // and a file may be valid under one version only (a key that version does not have).
    std::array<VersionRun, 2> runs;
    std::array<std::variant<hw::Scenario, hw::ScenarioError>, 2> loaded;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        runs[i].version = versions[i];
        runs[i].name = std::string(hw::kafkaVersionName(versions[i]));
        loaded[i] = hw::loadScenario(source, versions[i]);
    }
    const auto* errorA = std::get_if<hw::ScenarioError>(&loaded[0]);
    const auto* errorB = std::get_if<hw::ScenarioError>(&loaded[1]);
    if (errorA && errorB && errorA->toString() == errorB->toString()) {
        std::cerr << errorA->toString() << "\n"; // not a matter of version: unreadable under both
        return exitInvalid;
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (const auto* error = std::get_if<hw::ScenarioError>(&loaded[i])) {
            std::cerr << "highwater-cli: under Kafka " << runs[i].name << ": " << error->toString() << "\n";
            return exitInvalid;
        }
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const hw::Scenario& scenario = std::get<hw::Scenario>(loaded[i]);
        runs[i].timeline.emplace(hw::Engine::createCluster(scenario.cluster));
        runs[i].timeline->setMemoryBudget(budget);
        if (const std::optional<hw::ScenarioError> error = hw::runScenario(scenario, *runs[i].timeline)) {
            std::cerr << "highwater-cli: under Kafka " << runs[i].name << ": " << error->toString() << "\n";
            explainBudget(*runs[i].timeline);
            return exitInvalid;
        }
    }
    const VersionRun& runA = runs[0];
    const VersionRun& runB = runs[1];
    const hw::Timeline& timelineA = *runA.timeline;
    const hw::Timeline& timelineB = *runB.timeline;
    const std::string between = "Kafka " + runA.name + " and " + runB.name;
    bool differs = false;

    const std::int64_t framesA = timelineA.frameCount();
    const std::int64_t framesB = timelineB.frameCount();
    const std::int64_t common = std::min(framesA, framesB);
    if (framesA != framesB) {
        differs = true;
        std::cout << "the runs differ in length: " << framesA << " frames under " << runA.name << ", " << framesB
                  << " under " << runB.name;
        if (!checkpointsOnly)
            std::cout << "; frames 0.." << common - 1 << " are compared";
        std::cout << '\n';
    }

    if (!checkpointsOnly) {
        for (std::int64_t f = 0; f < common; ++f) {
            const hw::ClusterState a = timelineA.stateAt(f);
            const hw::ClusterState b = timelineB.stateAt(f);
            const std::vector<hw::StateDifference> differences = hw::diffStates(a, b);
            if (differences.empty())
                continue;
            differs = true;
            std::cout << "first difference at frame " << f << ":\n";
            for (const auto& [run, state] : { std::pair { &runA, &a }, std::pair { &runB, &b } }) {
                const hw::FrameInfo& info = run->timeline->frame(f);
                std::cout << "  " << run->name << " at " << info.timeMs << " ms: " << hw::narrate(info.event, *state)
                          << '\n';
            }
            printDifferences(differences, a, b, runA, runB);
            break;
        }
    }

    // Checkpoints, matched by label (the n-th frame with a label in one run to the n-th in the other).
    const std::vector<Checkpoint> checkpointsA = checkpointsOf(timelineA);
    std::vector<Checkpoint> checkpointsB = checkpointsOf(timelineB);
    std::vector<bool> matchedB(checkpointsB.size(), false);
    std::size_t compared = 0;
    for (const Checkpoint& checkpoint : checkpointsA) {
        std::size_t j = 0;
        while (j < checkpointsB.size() && (matchedB[j] || checkpointsB[j].label != checkpoint.label))
            ++j;
        if (j == checkpointsB.size()) {
            differs = true;
            std::cout << "checkpoint \"" << checkpoint.label << "\": only under " << runA.name << " (frame "
                      << checkpoint.frame << ")\n";
            continue;
        }
        matchedB[j] = true;
        ++compared;
        const hw::ClusterState a = timelineA.stateAt(checkpoint.frame);
        const hw::ClusterState b = timelineB.stateAt(checkpointsB[j].frame);
        const std::vector<hw::StateDifference> differences = hw::diffStates(a, b);
        std::cout << "checkpoint \"" << checkpoint.label << "\" (frame " << checkpoint.frame << " under " << runA.name
                  << ", " << checkpointsB[j].frame << " under " << runB.name << "): ";
        if (differences.empty()) {
            std::cout << "no differences\n";
            continue;
        }
        differs = true;
        std::cout << differences.size() << (differences.size() == 1 ? " difference\n" : " differences\n");
        printDifferences(differences, a, b, runA, runB);
    }
    for (std::size_t j = 0; j < checkpointsB.size(); ++j) {
        if (matchedB[j])
            continue;
        differs = true;
        std::cout << "checkpoint \"" << checkpointsB[j].label << "\": only under " << runB.name << " (frame "
                  << checkpointsB[j].frame << ")\n";
    }

    if (!differs) {
        if (checkpointsOnly)
            std::cout << "no differences between " << between << " at " << compared
                      << (compared == 1 ? " checkpoint\n" : " checkpoints\n");
        else
            std::cout << "no differences between " << between << " in " << framesA << " frames\n";
        std::cout.flush();
        return std::cout ? exitOk : exitInvalid;
    }
    std::cout.flush();
    return std::cout ? exitDifferent : exitInvalid;
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
    if (command == "--version" || command == "-v") {
        std::cout << "highwater-cli " HW_VERSION "\n";
        return exitOk;
    }
    if (command == "list")
        return args.empty() ? list() : usageError("list takes no arguments");
    if (command == "run")
        return run(args);
    if (command == "validate")
        return validate(args);
    if (command == "chaos")
        return chaos(args);
    if (command == "compare")
        return compare(args);
    if (command == "serve")
        return hw::cli::runServe(args);
#ifdef HW_WITH_EXPORT
    if (command == "export")
        return hw::cli::runExport(args);
#endif
    return usageError("unknown command \"" + command + "\"");
}
