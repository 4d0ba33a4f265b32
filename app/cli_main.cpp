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
#include "scenario/observed_recording.h"
#include "scenario/scenario.h"
#include "scenario/state_diff.h"
#ifdef HW_WITH_EXPORT
#include "cli_export.h"
#endif
#include "cli_common.h"
#include "cli_observe.h"
#include "cli_real.h"
#include "cli_serve.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

using hw::cli::Arguments;
using hw::cli::exitDifferent;
using hw::cli::exitInvalid;
using hw::cli::exitOk;
using hw::cli::printMessage;

// Each command's part of `highwater-cli --help`; `highwater-cli COMMAND --help` prints its own part.
const char* const listUsage = "  list                                   list the built-in scenarios\n";
const char* const runUsage
    = "  run SCENARIO [--dump jsonl] [--checkpoints] [--records all|new|none] [--memory-budget SIZE]\n"
      "                                         run a scenario and print one JSON object per frame\n"
      "                                         (--checkpoints: only labelled frames; --records: every\n"
      "                                         record in every frame (all, the default), only records\n"
      "                                         new or changed since the previous printed frame (new),\n"
      "                                         or no record lists (none)); SCENARIO may be an observe\n"
      "                                         recording (observe --record FILE): its polls replay to the\n"
      "                                         frames observe printed\n";
const char* const validateUsage
    = "  validate FILE [--memory-budget SIZE]   check a scenario file and run it without printing frames\n";
const char* const compareUsage
    = "  compare SCENARIO --versions A,B [--checkpoints] [--memory-budget SIZE]\n"
      "                                         run a scenario under two Kafka versions (3.7 .. 4.4) and\n"
      "                                         print what differs (leader, ISR, ELR, HW, LEO, lost records,\n"
      "                                         produce results, broker states), one difference a line: the\n"
      "                                         first frame where the states differ, then every\n"
      "                                         checkpoint (--checkpoints: only the checkpoints, matched by\n"
      "                                         label)\n"
      "  compare SCENARIO... --kafka DIR [--checkpoints] [--json FILE]\n"
      "                                         run the scenario in the simulation and on a real Apache Kafka\n"
      "                                         cluster (as `real` does; DIR's X.Y must be the scenario's\n"
      "                                         kafka_version; several scenarios, up to 64, run one after the\n"
      "                                         other and share one cluster where they allow it: same brokers\n"
      "                                         and broker configs, other topic names, no config step, no\n"
      "                                         consumers) and print, per checkpoint matched by label, what\n"
      "                                         differs: leader, leader epoch, ISR, ELR, last known ELR, each\n"
      "                                         replica's LEO, HW and records, lost records; only quiescent\n"
      "                                         checkpoints are compared, never timings (a checkpoint marked\n"
      "                                         pending is reported, not compared); differences\n"
      "                                         docs/real-kafka.md lists as known are printed as known, with\n"
      "                                         their reason; --checkpoints: every fact of every checkpoint,\n"
      "                                         agreeing ones too; --json: the comparison as JSON in FILE\n"
      "                                         (several: an array); progress goes to standard error; exit\n"
      "                                         status 0 when nothing differs but known differences, 1 when\n"
      "                                         something differs, 2 for invalid input, 3 when a real run\n"
      "                                         fails\n";
const char* const chaosUsage
    = "  chaos --seed N [--runs K] [--allow-loss] [--version V] [--emit FILE]\n"
      "                                         run random fault schedules (seeds N..N+K-1) with the\n"
      "                                         invariant checker after every event; --emit writes the\n"
      "                                         first seed's schedule as a scenario file (- : standard\n"
      "                                         output, and the report goes to standard error)\n";

std::string usage()
{
    return std::string("usage: highwater-cli <command> [arguments]\n"
                       "       highwater-cli <command> --help | help <command>\n"
                       "       highwater-cli --version | --help\n"
                       "\n"
                       "commands:\n")
        + listUsage + runUsage + validateUsage + compareUsage + chaosUsage
#ifdef HW_WITH_EXPORT
        + HW_CLI_EXPORT_USAGE
#endif
        + HW_CLI_SERVE_USAGE + HW_CLI_REAL_USAGE + HW_CLI_OBSERVE_USAGE + "\n" + hw::cli::usageNotes;
}

/// A scenario that cannot be read or run: its error, as the loader words it, after the prefix.
int scenarioError(const hw::ScenarioError& error)
{
    return hw::cli::fail(error.toString());
}

int list(const std::vector<std::string>& args)
{
    Arguments arguments("list", hw::cli::commandHelp(listUsage));
    if (const std::optional<int> done = arguments.parse(args))
        return *done;
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        auto loaded = hw::parseScenario(builtin.json, "builtin:" + std::string(builtin.name));
        if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
            return scenarioError(*error);
        const auto& scenario = std::get<hw::Scenario>(loaded);
        std::cout << builtin.name << "\t" << scenario.title.get("en") << "\n";
    }
    return exitOk;
}

/// Reads --memory-budget's SIZE. Returns an error message, or an empty string.
std::string readMemoryBudget(const std::string& text, std::uint64_t& budget)
{
    const std::string range
        = hw::formatByteSize(hw::limits::historyBytesMin) + " to " + hw::formatByteSize(hw::limits::historyBytesMax);
    const std::optional<std::uint64_t> bytes = hw::parseByteSize(text);
    if (!bytes)
        return "--memory-budget: \"" + text
            + "\" is not a size; expected bytes or a number with KiB, MiB, GiB, "
              "TiB, kB, MB, GB or TB, e.g. 512MiB or 4GiB";
    if (*bytes < hw::limits::historyBytesMin || *bytes > hw::limits::historyBytesMax)
        return "--memory-budget " + text + " is outside " + range;
    budget = *bytes;
    return {};
}

/// What --memory-budget needs, for a missing value.
std::string memoryBudgetNeeds()
{
    return "a size (" + hw::formatByteSize(hw::limits::historyBytesMin) + " to "
        + hw::formatByteSize(hw::limits::historyBytesMax) + ", e.g. 512MiB or 4GiB)";
}

/// What a run that stopped at its budget says after the step error: how to let it go further.
void explainBudget(const hw::Timeline& timeline)
{
    if (!timeline.atMemoryBudget())
        return;
    printMessage("the memory budget is " + hw::formatByteSize(timeline.memoryBudget())
        + "; raise it with --memory-budget SIZE (at most " + hw::formatByteSize(hw::limits::historyBytesMax) + ")");
}

/// Reads a scenario and runs it into `timeline` with the history's memory budget. Returns false,
/// with the reading error printed, when the file cannot be read; a step that fails leaves the frames
/// before it in `timeline` and its error in `stepError`.
bool loadAndRun(const std::string& source, std::uint64_t budget, std::optional<hw::Timeline>& timeline,
    std::optional<hw::ScenarioError>& stepError)
{
    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        scenarioError(*error);
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
    std::string recordsText;
    std::string budgetText;
    std::string dumpText;
    Arguments arguments("run", hw::cli::commandHelp(runUsage));
    arguments.positional(source, "one scenario");
    arguments.flag("--checkpoints", checkpointsOnly);
    arguments.option("--records", recordsText, "all, new or none");
    arguments.option("--memory-budget", budgetText, memoryBudgetNeeds());
    arguments.option("--dump", dumpText, "a format (jsonl)");
    if (const std::optional<int> done = arguments.parse(args))
        return *done;
    hw::RecordsMode recordsMode = hw::RecordsMode::All;
    if (arguments.given("--records")) {
        const std::optional<hw::RecordsMode> mode = hw::parseRecordsMode(recordsText);
        if (!mode)
            return arguments.error("unknown --records mode \"" + recordsText + "\"; expected all, new or none");
        recordsMode = *mode;
    }
    std::uint64_t budget = hw::limits::historyBytesDefault;
    if (arguments.given("--memory-budget")) {
        if (std::string error = readMemoryBudget(budgetText, budget); !error.empty())
            return arguments.error(error);
    }
    if (arguments.given("--dump") && dumpText != "jsonl")
        return arguments.error("unknown dump format \"" + dumpText + "\"; the only format is jsonl");
    if (source.empty())
        return arguments.error("needs a scenario (a file path or builtin:NAME)");
    if (hw::ObservedRecordingReader::isRecording(source))
        return hw::cli::replayObserved(source, checkpointsOnly, budget);
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
        const hw::RecordsDump records { recordsMode, previous ? &*previous : nullptr };
        std::cout << hw::frameToJson(*timeline, f, state, records).dump() << '\n';
        // Nothing more can arrive once a write failed (a full disk): stop rather than compute the rest.
        if (hw::cli::outputFailed())
            return exitInvalid;
        if (recordsMode == hw::RecordsMode::New)
            previous = std::move(state);
    }
    if (stepError) {
        std::cout.flush();
        scenarioError(*stepError);
        explainBudget(*timeline);
        return exitInvalid;
    }
    return exitOk;
}

int validate(const std::vector<std::string>& args)
{
    std::string file;
    std::string budgetText;
    Arguments arguments("validate", hw::cli::commandHelp(validateUsage));
    arguments.positional(file, "one file");
    arguments.option("--memory-budget", budgetText, memoryBudgetNeeds());
    if (const std::optional<int> done = arguments.parse(args))
        return *done;
    std::uint64_t budget = hw::limits::historyBytesDefault;
    if (arguments.given("--memory-budget")) {
        if (std::string error = readMemoryBudget(budgetText, budget); !error.empty())
            return arguments.error(error);
    }
    if (file.empty())
        return arguments.error("needs a file");
    std::optional<hw::Timeline> timeline;
    std::optional<hw::ScenarioError> error;
    if (!loadAndRun(file, budget, timeline, error))
        return exitInvalid;
    if (error) {
        scenarioError(*error);
        explainBudget(*timeline);
        return exitInvalid;
    }
    std::cout << file << ": valid, " << timeline->frameCount() << " frames, " << timeline->labels().size()
              << " checkpoints\n";
    return exitOk;
}

/// Reads a whole non-negative number, such as a seed. Nothing when the text is anything else.
std::optional<std::uint64_t> readCount(const std::string& text)
{
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

constexpr std::uint64_t chaosRunsMax = 1000000;

int chaos(const std::vector<std::string>& args)
{
    std::string seedText;
    std::string runsText;
    std::string versionText;
    std::string emit;
    hw::ChaosOptions options;
    Arguments arguments("chaos", hw::cli::commandHelp(chaosUsage));
    const std::string runsRange = "an integer in 1.." + std::to_string(chaosRunsMax);
    arguments.option("--seed", seedText, "a non-negative integer");
    arguments.option("--runs", runsText, runsRange);
    arguments.flag("--allow-loss", options.allowDataLoss);
    arguments.option("--version", versionText, "one of " + std::string(hw::kafkaVersionChoices()));
    arguments.option("--emit", emit, "a file name (- for standard output)");
    if (const std::optional<int> done = arguments.parse(args))
        return *done;
    if (!arguments.given("--seed"))
        return arguments.error("needs --seed N");
    const std::optional<std::uint64_t> seed = readCount(seedText);
    if (!seed)
        return arguments.error("--seed needs a non-negative integer, got \"" + seedText + "\"");
    std::uint64_t runs = 1;
    if (arguments.given("--runs")) {
        const std::optional<std::uint64_t> count = readCount(runsText);
        if (!count || *count == 0 || *count > chaosRunsMax)
            return arguments.error("--runs needs " + runsRange + ", got \"" + runsText + "\"");
        runs = *count;
    }
    if (arguments.given("--version")) {
        const std::optional<hw::KafkaVersion> version = hw::parseKafkaVersion(versionText);
        if (!version)
            return arguments.error(
                "--version needs one of " + std::string(hw::kafkaVersionChoices()) + ", got \"" + versionText + "\"");
        options.version = *version;
    }
    if (runs - 1 > UINT64_MAX - *seed)
        return arguments.error("--seed plus --runs goes past the largest seed, " + std::to_string(UINT64_MAX));
    // The file is checked before the runs, which may take minutes: a device, a named pipe, a
    // directory or a missing folder is refused at once and left as it is.
    if (!emit.empty()) {
        if (const std::optional<hw::FileError> error = hw::checkOutputTarget(emit))
            return hw::cli::fail("cannot write " + emit + ": " + error->message);
    }
    // With the scenario on standard output, the report goes to standard error.
    std::ostream& report = emit == hw::standardOutputPath ? std::cerr : std::cout;
    std::uint64_t failures = 0;
    std::int64_t frames = 0;
    for (std::uint64_t n = 0; n < runs; ++n) {
        const std::uint64_t s = *seed + n;
        const hw::ChaosResult result = hw::runChaos(s, options);
        frames += result.frames;
        if (s == *seed && !emit.empty()) {
            if (const auto error = hw::writeOutput(emit, hw::scenarioToJson(result.scenario))) {
                // finishOutput says why, once.
                if (emit == hw::standardOutputPath) {
                    hw::cli::noteOutputFailure(error->errorNumber);
                    return exitInvalid;
                }
                return hw::cli::fail("cannot write " + emit + ": " + error->message);
            }
        }
        if (!result.ok()) {
            ++failures;
            report << "seed " << s << ": FAILED after " << result.frames << " frames\n";
            if (!result.stepError.empty())
                report << "  step error: " << result.stepError << "\n";
            for (const std::string& v : result.violations)
                report << "  " << v << "\n";
            report << "  replay: " << hw::chaosReplayCommand(s, options) << "\n";
        }
    }
    report << runs << " runs, " << frames << " frames checked, " << failures << " failed\n";
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

/// The most scenarios one `compare --kafka` takes (they run one after the other, minutes each).
constexpr std::size_t compareScenariosMax = 64;

int compare(const std::vector<std::string>& args)
{
    std::string source;
    std::string versionsText;
    bool checkpointsOnly = false;
    std::string budgetText;
    std::string kafkaDir;
    std::string jsonPath;
    Arguments arguments("compare", hw::cli::commandHelp(compareUsage));
    std::vector<std::string> moreSources;
    arguments.positional(source, "one scenario");
    arguments.morePositionals(moreSources, compareScenariosMax - 1, "scenarios");
    arguments.option("--versions", versionsText, "two versions, e.g. 3.7,4.2");
    arguments.option("--kafka", kafkaDir, "a Kafka distribution's directory (scripts/kafka-dist X.Y prints one)");
    arguments.option("--json", jsonPath, "a file to write the comparison to");
    arguments.flag("--checkpoints", checkpointsOnly);
    arguments.option("--memory-budget", budgetText, memoryBudgetNeeds());
    if (const std::optional<int> done = arguments.parse(args))
        return *done;
    if (arguments.given("--versions") && arguments.given("--kafka"))
        return arguments.error("takes --versions A,B or --kafka DIR, not both");
    if (arguments.given("--kafka")) {
        if (arguments.given("--memory-budget"))
            return arguments.error("--memory-budget applies to --versions only");
        if (jsonPath == hw::standardOutputPath)
            return arguments.error("--json needs a file: standard output carries the comparison's text");
        if (source.empty())
            return arguments.error("needs a scenario (a file path or builtin:NAME)");
        std::vector<std::string> sources { source };
        sources.insert(sources.end(), moreSources.begin(), moreSources.end());
        return hw::cli::compareWithKafka(sources, kafkaDir, checkpointsOnly, jsonPath);
    }
    if (!moreSources.empty())
        return arguments.error("takes one scenario with --versions, got \"" + source + "\" and \"" + moreSources[0]
            + "\" (several go with --kafka DIR)");
    if (arguments.given("--json"))
        return arguments.error("--json goes with --kafka DIR (a comparison with real Kafka)");
    std::uint64_t budget = hw::limits::historyBytesDefault;
    if (arguments.given("--memory-budget")) {
        if (std::string error = readMemoryBudget(budgetText, budget); !error.empty())
            return arguments.error(error);
    }
    if (source.empty())
        return arguments.error("needs a scenario (a file path or builtin:NAME)");
    if (versionsText.empty())
        return arguments.error("needs --versions A,B (e.g. --versions 3.7,4.2) or --kafka DIR");
    std::array<hw::KafkaVersion, 2> versions {};
    if (std::string error = readVersions(versionsText, versions); !error.empty())
        return arguments.error(error);

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
        return scenarioError(*errorA); // not a matter of version: unreadable under both
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (const auto* error = std::get_if<hw::ScenarioError>(&loaded[i])) {
            return hw::cli::fail("under Kafka " + runs[i].name + ": " + error->toString());
        }
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const hw::Scenario& scenario = std::get<hw::Scenario>(loaded[i]);
        runs[i].timeline.emplace(hw::Engine::createCluster(scenario.cluster));
        runs[i].timeline->setMemoryBudget(budget);
        if (const std::optional<hw::ScenarioError> error = hw::runScenario(scenario, *runs[i].timeline)) {
            printMessage("under Kafka " + runs[i].name + ": " + error->toString());
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
        return exitOk;
    }
    return exitDifferent;
}

/// The help of a command, for `highwater-cli help COMMAND`; empty for an unknown command.
std::string helpOf(const std::string& command)
{
    const std::vector<std::pair<std::string, const char*>> sections = { { "list", listUsage }, { "run", runUsage },
        { "validate", validateUsage }, { "compare", compareUsage }, { "chaos", chaosUsage },
#ifdef HW_WITH_EXPORT
        { "export", HW_CLI_EXPORT_USAGE },
#endif
        { "serve", HW_CLI_SERVE_USAGE }, { "real", HW_CLI_REAL_USAGE }, { "observe", HW_CLI_OBSERVE_USAGE } };
    for (const auto& [name, section] : sections)
        if (name == command)
            return hw::cli::commandHelp(section);
    return {};
}

int dispatch(std::vector<std::string> args)
{
    if (args.empty())
        return hw::cli::usageError("", "no command given");
    const std::string command = args.front();
    args.erase(args.begin());
    if (command == "--help" || command == "-h" || command == "help") {
        if (args.empty()) {
            std::cout << usage();
            return exitOk;
        }
        if (args.size() > 1)
            return hw::cli::usageError("", "help takes one command, got \"" + args[0] + "\" and \"" + args[1] + "\"");
        const std::string help = helpOf(args.front());
        if (help.empty())
            return hw::cli::usageError("", "unknown command \"" + args.front() + "\"");
        std::cout << help;
        return exitOk;
    }
    if (command == "--version" || command == "-v") {
        if (!args.empty())
            return hw::cli::usageError("", "--version takes no arguments");
        std::cout << "highwater-cli " HW_VERSION "\n";
        return exitOk;
    }
    if (command == "list")
        return list(args);
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
    if (command == "observe")
        return hw::cli::runObserve(args);
    if (command == "real")
        return hw::cli::runReal(args);
#ifdef HW_WITH_EXPORT
    if (command == "export")
        return hw::cli::runExport(args);
#endif
    return hw::cli::usageError("", "unknown command \"" + command + "\"");
}

} // namespace

int main(int argc, char** argv)
{
    // Whatever the command, what it printed must have arrived: a write to standard output that
    // failed (a full disk, a closed descriptor) turns success into exit status 2, with the reason.
    return hw::cli::finishOutput(dispatch(std::vector<std::string>(argv + 1, argv + argc)));
}
