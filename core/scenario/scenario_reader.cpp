// SPDX-License-Identifier: MIT
// The scenario reader's entry points and the top level of a scenario file: parseScenario and
// loadScenario (a file or a built-in), the keys at the top (format, name, title, description, display,
// seed) and the order in which the sections are read, each by its own reader
// (scenario_reader_cluster.cpp, _topics, _clients, _steps, _live), and script files (parseScript,
// loadScript: timed steps for `highwater-cli serve --script`).
#include "scenario/scenario.h"

#include "model/limits.h"
#include "scenario/builtin.h"
#include "scenario/fileio.h"
#include "scenario/json_input.h"
#include "scenario/scenario_reader_internal.h"

namespace hw {

using namespace json_input;
using namespace scenario_reader;

std::string ScenarioError::toString() const
{
    std::string out = file.empty() ? std::string("<input>") : file;
    if (line > 0)
        out += ":" + std::to_string(line) + ":" + std::to_string(column);
    out += ": ";
    if (!path.empty())
        out += path + ": ";
    return out + message;
}

LocalizedText scenario_reader::readLocalized(const Json& value, const std::string& path)
{
    LocalizedText text;
    if (value.is_string()) {
        text.byLanguage["en"] = readString(value, path);
        return text;
    }
    if (!value.is_object())
        fail(path, "expected a string or an object of languages {\"en\": ..., \"zh_TW\": ..., \"zh_CN\": ...}, got " +
                       describe(value));
    checkKeys(value, path, {"en", "zh_TW", "zh_CN"});
    for (const auto& item : value.items())
        text.byLanguage[item.key()] = readString(item.value(), child(path, item.key()));
    if (text.byLanguage.empty())
        fail(path, "expected at least one language");
    return text;
}

namespace {

DisplaySpec readDisplay(const Json& value, const std::string& path)
{
    requireObject(value, path, "the display settings");
    checkKeys(value, path, {"cells"});
    DisplaySpec display;
    if (value.contains("cells")) {
        const std::string cellsPath = path + "/cells";
        const std::optional<CellText> cells =
            value["cells"].is_string() ? parseCellText(value["cells"].get<std::string>()) : std::nullopt;
        if (!cells)
            fail(cellsPath, "expected \"offsets\", \"values\" or \"both\", got " + describe(value["cells"]));
        display.cells = cells;
    }
    return display;
}

Scenario readScenario(const Json& root, const std::string& file, std::optional<KafkaVersion> versionOverride)
{
    requireObject(root, "", "a scenario");
    checkKeys(root, "",
              {"format", "name", "title", "description", "display", "seed", "cluster", "topics", "producers",
               "consumers", "created_topics", "steps"});
    Scenario s;
    s.file = file;
    const std::string format = readString(required(root, "format", ""), "/format");
    if (format != "highwater/1")
        fail("/format", "expected \"highwater/1\", got " + describe(root["format"]));
    s.name = readString(required(root, "name", ""), "/name");
    s.cluster.name = s.name;
    if (root.contains("title"))
        s.title = readLocalized(root["title"], "/title");
    if (root.contains("description"))
        s.description = readLocalized(root["description"], "/description");
    if (root.contains("display"))
        s.display = readDisplay(root["display"], "/display");
    if (root.contains("seed"))
        s.cluster.seed = static_cast<std::uint64_t>(readInt(root["seed"], "/seed", 0, INT64_MAX));

    readCluster(required(root, "cluster", ""), s.cluster, versionOverride);
    readTopics(required(root, "topics", ""), s.cluster);
    if (root.contains("producers"))
        readProducers(root["producers"], s.cluster);
    if (root.contains("consumers"))
        readConsumers(root["consumers"], s.cluster);
    const bool listed = root.contains("created_topics");
    if (listed)
        s.createdTopics = readCreatedTopics(root["created_topics"], s.cluster);
    if (root.contains("steps"))
        s.steps = readSteps(root["steps"], s.cluster, s.createdTopics, listed);
    return s;
}

} // namespace

std::variant<Scenario, ScenarioError> parseScenario(std::string_view text, const std::string& file,
                                                    std::optional<KafkaVersion> version)
{
    if (text.size() > limits::scenarioFileBytesMax)
        return ScenarioError { file, 0, 0, "",
            "the file is larger than the limit of " + std::to_string(limits::scenarioFileBytesMax) + " bytes" };
    std::variant<Json, ScenarioError> document = parseDocument(text, file);
    if (auto* error = std::get_if<ScenarioError>(&document))
        return *error;
    const Json& root = std::get<Json>(document);
    try {
        return readScenario(root, file, version);
    } catch (const Failure& f) {
        return ScenarioError { file, 0, 0, f.path.empty() ? std::string("/") : f.path, f.message };
    } catch (const Json::exception& e) {
        return ScenarioError { file, 0, 0, "/", e.what() };
    }
}

std::variant<std::vector<TimedStep>, ScenarioError> parseScript(std::string_view text, const std::string& file,
                                                                const ClusterSpec& cluster)
{
    if (text.size() > limits::scenarioFileBytesMax)
        return ScenarioError { file, 0, 0, "",
            "the file is larger than the limit of " + std::to_string(limits::scenarioFileBytesMax) + " bytes" };
    std::variant<Json, ScenarioError> document = parseDocument(text, file);
    if (auto* error = std::get_if<ScenarioError>(&document))
        return *error;
    const Json& root = std::get<Json>(document);
    try {
        if (!root.is_array())
            fail("", "expected an array of timed steps such as {\"at_ms\": 20000, \"kill\": {\"broker\": 1}}, got "
                    + describe(root));
        if (root.size() > static_cast<std::size_t>(limits::stepsMax))
            fail("", "at most " + std::to_string(limits::stepsMax) + " steps");
        Context ctx{cluster};
        std::vector<TimedStep> steps;
        TimeMs previousMs = 0;
        for (std::size_t i = 0; i < root.size(); ++i) {
            const std::string path = child("", i);
            const Json& item = root[i];
            requireObject(item, path, "a timed step such as {\"at_ms\": 20000, \"kill\": {\"broker\": 1}}");
            if (!item.contains("at_ms"))
                fail(path, "missing required key \"at_ms\" (simulated milliseconds after serving began)");
            TimedStep timed;
            timed.atMs = readInt(item["at_ms"], child(path, "at_ms"), 0, limits::advanceMsMax);
            if (timed.atMs < previousMs)
                fail(child(path, "at_ms"), "expected the steps in time order: " + std::to_string(timed.atMs)
                        + " comes after " + std::to_string(previousMs));
            previousMs = timed.atMs;
            Json step = item;
            step.erase("at_ms");
            timed.step = readStep(step, path, ctx);
            const bool timedKind = std::holds_alternative<FaultStep>(timed.step)
                || std::holds_alternative<SlowStep>(timed.step) || std::holds_alternative<ConfigStep>(timed.step);
            if (!timedKind)
                fail(path, "a script step is one of: kill, power_off, restart, shutdown, isolate, heal, kill_leader, "
                           "elect_preferred, elect_unclean, slow, config (the clients do the rest)");
            if (auto* fault = std::get_if<FaultStep>(&timed.step))
                fault->wait = false; // the wall clock runs on; a shutdown completes as the broker stops
            steps.push_back(std::move(timed));
        }
        return steps;
    } catch (const Failure& f) {
        return ScenarioError { file, 0, 0, f.path.empty() ? std::string("/") : f.path, f.message };
    } catch (const Json::exception& e) {
        return ScenarioError { file, 0, 0, "/", e.what() };
    }
}

std::variant<std::vector<TimedStep>, ScenarioError> loadScript(const std::string& path, const ClusterSpec& cluster)
{
    std::variant<std::string, FileError> text = readWholeFile(path, limits::scenarioFileBytesMax);
    if (auto* error = std::get_if<FileError>(&text)) {
        const std::string message
            = error->kind == FileError::Kind::Directory ? "a directory, not a script file" : error->message;
        return ScenarioError { path, 0, 0, "", message };
    }
    return parseScript(std::get<std::string>(text), path, cluster);
}

std::variant<Scenario, ScenarioError> loadScenario(const std::string& source, std::optional<KafkaVersion> version)
{
    constexpr std::string_view prefix = "builtin:";
    if (source.rfind(prefix, 0) == 0) {
        const std::string name = source.substr(prefix.size());
        for (const BuiltinScenario& b : builtinScenarios()) {
            if (b.name == name)
                return parseScenario(b.json, source, version);
        }
        std::string known;
        for (const BuiltinScenario& b : builtinScenarios())
            known += (known.empty() ? "" : ", ") + std::string(b.name);
        return ScenarioError { source, 0, 0, "", "no built-in scenario named \"" + name + "\"; built-ins: " + known };
    }
    std::variant<std::string, FileError> text = readWholeFile(source, limits::scenarioFileBytesMax);
    if (auto* error = std::get_if<FileError>(&text)) {
        const std::string message
            = error->kind == FileError::Kind::Directory ? "a directory, not a scenario file" : error->message;
        return ScenarioError { source, 0, 0, "", message };
    }
    return parseScenario(std::get<std::string>(text), source, version);
}

} // namespace hw
