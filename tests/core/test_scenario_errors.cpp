// SPDX-License-Identifier: MIT
// Every kind of bad scenario input is reported with its exact location: FILE:LINE:COLUMN for JSON
// syntax, the JSON pointer of the offending value plus what was expected for everything else, and
// /steps/N/ACTION for a step that cannot be carried out when the scenario runs.

#include "model/limits.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <variant>

namespace {

using Json = nlohmann::ordered_json;

/// A small valid scenario; each table row changes one thing in it.
Json baseScenario()
{
    return Json::parse(R"({
        "format": "highwater/1",
        "name": "base",
        "seed": 3,
        "cluster": {"brokers": 3, "config": {"auto.fetch": false}},
        "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
        "producers": [{"id": "p1", "acks": "all"}],
        "steps": [
            {"produce": {"producer": "p1", "topic": "orders", "partition": 0, "key": null, "values": ["m0"]}},
            {"fetch": {"topic": "orders", "partition": 0, "follower": 2}},
            {"settle": {}},
            {"checkpoint": "done"}
        ]
    })");
}

std::string mutated(const std::function<void(Json&)>& change)
{
    Json j = baseScenario();
    change(j);
    return j.dump(2);
}

template <typename T> const T* as(const std::variant<hw::Scenario, hw::ScenarioError>& result)
{
    return std::get_if<T>(&result);
}

TEST(ScenarioBase, TheBaseScenarioIsValidAndRuns)
{
    const auto parsed = hw::parseScenario(baseScenario().dump(2), "base.json");
    ASSERT_TRUE(as<hw::Scenario>(parsed)) << as<hw::ScenarioError>(parsed)->toString();
    const auto played = hw::playScenario(*as<hw::Scenario>(parsed));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played)) << std::get<hw::ScenarioError>(played).toString();
    EXPECT_EQ(std::get<hw::Timeline>(played).findLabel("done"), std::get<hw::Timeline>(played).frameCount() - 1);
}

TEST(ScenarioDisplay, CellTextIsReadWrittenAndKeptInARecordedSession)
{
    // Unset: the viewer chooses, and the writer leaves the object out.
    const auto plain = hw::parseScenario(baseScenario().dump(2), "base.json");
    ASSERT_TRUE(as<hw::Scenario>(plain));
    EXPECT_FALSE(as<hw::Scenario>(plain)->display.cells.has_value());
    EXPECT_EQ(hw::scenarioToJson(*as<hw::Scenario>(plain)).find("\"display\""), std::string::npos);
    for (const hw::CellText cells : {hw::CellText::Offsets, hw::CellText::Values, hw::CellText::Both}) {
        const std::string name(hw::cellTextName(cells));
        EXPECT_EQ(hw::parseCellText(name), cells);
        const auto parsed =
            hw::parseScenario(mutated([&](Json& j) { j["display"] = Json{{"cells", name}}; }), "display.json");
        ASSERT_TRUE(as<hw::Scenario>(parsed)) << as<hw::ScenarioError>(parsed)->toString();
        const hw::Scenario& scenario = *as<hw::Scenario>(parsed);
        EXPECT_EQ(scenario.display.cells, cells) << name;
        // Written back and read again, and kept by a recorded session (File > Save in the app).
        const auto again = hw::parseScenario(hw::scenarioToJson(scenario), "again.json");
        ASSERT_TRUE(as<hw::Scenario>(again)) << as<hw::ScenarioError>(again)->toString();
        EXPECT_EQ(as<hw::Scenario>(again)->display.cells, cells) << name;
        const auto played = hw::playScenario(scenario);
        ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
        const hw::Scenario recorded = hw::recordSession(scenario, std::get<hw::Timeline>(played));
        EXPECT_EQ(recorded.display.cells, cells) << name;
        const std::string json = hw::scenarioToJson(recorded);
        EXPECT_NE(json.find("\"cells\": \"" + name + "\""), std::string::npos) << json.substr(0, 300);
    }
    EXPECT_EQ(hw::parseCellText("Values"), std::nullopt) << "names are compared exactly";
}

// ---------------------------------------------------------------------------------------------
// JSON syntax: FILE:LINE:COLUMN, counting characters (not bytes) from 1.

struct SyntaxCase {
    std::string name;
    std::string text;
    int line;
    int column;
    std::string message; // substring
};

void PrintTo(const SyntaxCase& c, std::ostream* os)
{
    *os << c.name;
}

class SyntaxError : public ::testing::TestWithParam<SyntaxCase> { };

TEST_P(SyntaxError, IsReportedAtLineAndColumn)
{
    const SyntaxCase& c = GetParam();
    const auto result = hw::parseScenario(c.text, "syntax.json");
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error) << "accepted";
    EXPECT_EQ(error->file, "syntax.json");
    EXPECT_EQ(error->line, c.line);
    EXPECT_EQ(error->column, c.column);
    EXPECT_EQ(error->path, "") << "a syntax error has no JSON path";
    EXPECT_NE(error->message.find(c.message), std::string::npos) << error->message;
    EXPECT_EQ(error->message.find("[json.exception"), std::string::npos) << "library prefix leaked: " << error->message;
    const std::string prefix = "syntax.json:" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": ";
    EXPECT_EQ(error->toString().rfind(prefix, 0), 0u) << error->toString();
}

INSTANTIATE_TEST_SUITE_P(Json, SyntaxError,
    ::testing::Values(SyntaxCase { "InvalidLiteral", "{\n  \"format\": \"highwater/1\",\n  \"name\": x\n}\n", 3, 11,
                          "invalid literal" },
        SyntaxCase { "TrailingCommaInArray", "{\n  \"topics\": [1, 2,]\n}", 2, 19, "unexpected ']'" },
        SyntaxCase { "CommaBeforeClosingBrace", "{\"format\": \"highwater/1\",\n}", 2, 1, "unexpected '}'" },
        SyntaxCase { "EmptyInput", "", 1, 1, "unexpected end of input" },
        SyntaxCase { "EndOfInputOnTheSecondLine", "{\n", 2, 1, "unexpected end of input" },
        SyntaxCase { "UnescapedNewlineInString", "{\"name\": \"ab\ncd\"}", 1, 13, "control character" },
        SyntaxCase { "AfterMultiByteUtf8OnTheSameLine", "{\"title\": \"日本語\", x}", 1, 18, "invalid literal" },
        SyntaxCase { "AfterMultiByteUtf8OnEarlierAndSameLine",
            "{\n  \"title\": \"繁體中文\",\n  \"name\": \"名字\", ]\n}", 3, 17, "unexpected ']'" },
        SyntaxCase { "AfterFourByteUtf8", "{\"a\": \"😀😀\", ?}", 1, 13, "invalid literal" },
        SyntaxCase { "CrLfLineEnds", "{\r\n  x", 2, 3, "invalid literal" },
        SyntaxCase { "GarbageAfterTheDocument", "{}\n\n  {}", 3, 3, "expected end of input" }),
    [](const auto& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Nesting deeper than jsonDepthMax and repeated keys: stopped while parsing, at FILE:LINE:COLUMN of
// the bracket or the second key, with the JSON pointer of a repeated key. Nothing deeper than the
// limit is ever built, so nothing that walks the document can overflow the stack.

struct LocatedCase {
    std::string name;
    std::function<std::string()> text;
    int line;
    int column;
    std::string path;
    std::string message; // the whole message
};

void PrintTo(const LocatedCase& c, std::ostream* os)
{
    *os << c.name;
}

/// The base scenario as dump(2) lays it out (one key per line, 2-space indent), with `from` (which
/// must occur exactly once) replaced by `to`.
std::string baseWith(const std::string& from, const std::string& to)
{
    std::string text = baseScenario().dump(2);
    const auto at = text.find(from);
    if (at == std::string::npos || text.find(from, at + 1) != std::string::npos)
        ADD_FAILURE() << "\"" << from << "\" is not in the base scenario exactly once";
    else
        text.replace(at, from.size(), to);
    return text;
}

std::string repeated(const std::string& unit, int count)
{
    std::string out;
    out.reserve(unit.size() * static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        out += unit;
    return out;
}

const std::string tooDeepArray = "expected at most 100 nested arrays and objects (jsonDepthMax), got a deeper '['";
const std::string tooDeepObject = "expected at most 100 nested arrays and objects (jsonDepthMax), got a deeper '{'";

std::string secondKey(const std::string& key, int line, int column)
{
    return "a second key \"" + key + "\" in one object (the first is at line " + std::to_string(line) + ", column "
        + std::to_string(column) + "); expected each key once";
}

class LocatedError : public ::testing::TestWithParam<LocatedCase> { };

TEST_P(LocatedError, IsReportedAtLineColumnAndPointer)
{
    const LocatedCase& c = GetParam();
    const auto result = hw::parseScenario(c.text(), "deep.json");
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error) << "accepted";
    EXPECT_EQ(error->file, "deep.json");
    EXPECT_EQ(error->line, c.line) << error->toString();
    EXPECT_EQ(error->column, c.column) << error->toString();
    EXPECT_EQ(error->path, c.path) << error->toString();
    EXPECT_EQ(error->message, c.message);
    const std::string where = "deep.json:" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": ";
    EXPECT_EQ(error->toString(), where + (c.path.empty() ? std::string() : c.path + ": ") + c.message);
}

INSTANTIATE_TEST_SUITE_P(Nesting, LocatedError,
    ::testing::Values(LocatedCase { "ArraysNested120000Deep",
                          [] { return repeated("[", 120000) + repeated("]", 120000); }, 1, 101, "", tooDeepArray },
        LocatedCase { "ObjectsNested120000Deep",
            [] { return repeated("{\"a\":", 120000) + "1" + repeated("}", 120000); }, 1, 501, "", tooDeepObject },
        LocatedCase { "ArraysAndObjectsAlternating120000Deep",
            [] { return repeated("[{\"a\":", 60000) + "1" + repeated("}]", 60000); }, 1, 301, "", tooDeepArray },
        LocatedCase { "OneArrayPerLine120000Deep", [] { return repeated("[\n", 120000) + repeated("]\n", 120000); },
            101, 1, "", tooDeepArray },
        LocatedCase { "120000UnclosedArrays", [] { return repeated("[", 120000); }, 1, 101, "", tooDeepArray },
        LocatedCase { "120000ArraysInAProduceValue",
            [] { return baseWith("\"m0\"", repeated("[", 120000) + repeated("]", 120000)); },
            // Line 39 holds the value at column 11, inside 5 containers: the 96th bracket is the 101st.
            39, 106, "", tooDeepArray },
        LocatedCase { "ArraysJustOverTheLimit", [] { return repeated("[", 101) + repeated("]", 101); }, 1, 101, "",
            tooDeepArray },
        LocatedCase { "ObjectsJustOverTheLimit", [] { return repeated("{\"a\":", 101) + "1" + repeated("}", 101); }, 1,
            501, "", tooDeepObject },
        LocatedCase { "StepNoteJustOverTheLimit",
            [] {
                // The note's arrays start at column 15 inside 3 containers: the 98th is the 101st.
                return baseWith("\"checkpoint\": \"done\"", "\"note\": " + repeated("[", 98) + repeated("]", 98));
            },
            54, 112, "", tooDeepArray }),
    [](const auto& info) { return info.param.name; });

INSTANTIATE_TEST_SUITE_P(DuplicateKeys, LocatedError,
    ::testing::Values(
        LocatedCase { "TopLevel", [] { return baseWith("  \"seed\": 3,\n", "  \"seed\": 3,\n  \"seed\": 4,\n"); }, 5, 3,
            "/seed", secondKey("seed", 4, 3) },
        LocatedCase { "BrokersTwiceInTheCluster",
            [] { return baseWith("\"brokers\": 3,", "\"brokers\": 5, \"brokers\": 3,"); }, 6, 19, "/cluster/brokers",
            secondKey("brokers", 6, 5) },
        LocatedCase { "InTheClusterConfig",
            [] { return baseWith("\"auto.fetch\": false", "\"auto.fetch\": false, \"auto.fetch\": true"); }, 8, 28,
            "/cluster/config/auto.fetch", secondKey("auto.fetch", 8, 7) },
        LocatedCase { "InATopic",
            [] { return baseWith("\"name\": \"orders\",", "\"name\": \"orders\", \"name\": \"audit\","); }, 13, 25,
            "/topics/0/name", secondKey("name", 13, 7) },
        LocatedCase { "InTheFirstStep",
            [] {
                return baseWith("\"topic\": \"orders\",\n        \"partition\": 0,\n        \"key\"",
                    "\"topic\": \"orders\", \"topic\": \"orders\",\n        \"partition\": 0,\n        \"key\"");
            },
            35, 28, "/steps/0/produce/topic", secondKey("topic", 35, 9) },
        LocatedCase { "InTheSecondStep", [] { return baseWith("\"follower\": 2", "\"follower\": 2, \"follower\": 3"); },
            47, 24, "/steps/1/fetch/follower", secondKey("follower", 47, 9) },
        LocatedCase { "PointerEscapesSlashAndTilde", [] { return std::string(R"({"a/b~c": 1, "a/b~c": 2})"); }, 1, 14,
            "/a~1b~0c", secondKey("a/b~c", 1, 2) },
        LocatedCase { "TheSameKeySpelledWithAnEscape", [] { return std::string(R"({"en": 1, "\u0065n": 2})"); }, 1, 11,
            "/en", secondKey("en", 1, 2) },
        LocatedCase { "AKeyWithEscapedQuotes", [] { return std::string(R"({"say \"hi\"": 1, "say \"hi\"": 2})"); }, 1,
            19, "/say \"hi\"", secondKey("say \"hi\"", 1, 2) },
        LocatedCase { "AfterMultiByteUtf8", [] { return std::string("{\"名\": 1, \"名\": 2}"); }, 1, 10, "/名",
            secondKey("名", 1, 2) }),
    [](const auto& info) { return info.param.name; });

TEST(DuplicateKeys, AnObjectOf200000DistinctKeysIsReadQuickly)
{
    // nlohmann's ordered_map finds a key by a linear scan: this object took minutes before keys were
    // checked with a hash map. The reader then stops at the first unknown configuration key.
    std::string keys;
    for (int i = 0; i < 200000; ++i) {
        if (i > 0)
            keys += ',';
        keys += "\"k";
        keys += std::to_string(i);
        keys += "\":0";
    }
    const std::string text = baseWith("\"settle\": {}", "\"config\": {" + keys + "}");
    ASSERT_LT(text.size(), hw::limits::scenarioFileBytesMax);
    const auto start = std::chrono::steady_clock::now();
    const auto result = hw::parseScenario(text, "wide.json");
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->path, "/steps/2/config/k0");
    EXPECT_LT(seconds, 10.0) << "a 200,000-key object took " << seconds << " s";
}

// ---------------------------------------------------------------------------------------------
// Semantic errors: the JSON path of the offending value and what was expected.

struct SemanticCase {
    std::string name;
    std::function<std::string()> text;
    std::string path;
    std::string message; // substring
};

void PrintTo(const SemanticCase& c, std::ostream* os)
{
    *os << c.name;
}

SemanticCase change(std::string name, std::function<void(Json&)> fn, std::string path, std::string message)
{
    return SemanticCase { std::move(name), [fn] { return mutated(fn); }, std::move(path), std::move(message) };
}

std::string numbered(std::string prefix, int n)
{
    prefix += std::to_string(n);
    return prefix;
}

Json& step(Json& j, std::size_t index)
{
    return j["steps"][index];
}

class SemanticError : public ::testing::TestWithParam<SemanticCase> { };

TEST_P(SemanticError, NamesThePathAndWhatWasExpected)
{
    const SemanticCase& c = GetParam();
    const auto result = hw::parseScenario(c.text(), "case.json");
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error) << "accepted";
    EXPECT_EQ(error->file, "case.json");
    EXPECT_EQ(error->path, c.path) << error->toString();
    EXPECT_NE(error->message.find(c.message), std::string::npos)
        << "expected \"" << c.message << "\" in: " << error->message;
    EXPECT_EQ(error->line, 0) << "located by path, not by line";
    EXPECT_EQ(error->column, 0);
    const std::string expected = "case.json: " + (c.path.empty() ? std::string() : c.path + ": ") + error->message;
    EXPECT_EQ(error->toString(), expected);
}

const std::string actionList = "produce, fetch, settle, advance, slow, config, checkpoint, note";

INSTANTIATE_TEST_SUITE_P(Structure, SemanticError,
    ::testing::Values(
        change(
            "UnknownTopLevelKey", [](Json& j) { j["colour"] = "blue"; }, "/colour",
            "unknown key \"colour\"; expected one of: format, name, title, description, display, seed, cluster, "
            "topics, producers"),
        change(
            "DisplayIsNotAnObject", [](Json& j) { j["display"] = "values"; }, "/display",
            "expected the display settings (a JSON object), got the string \"values\""),
        change(
            "UnknownDisplayKey", [](Json& j) { j["display"] = Json::parse(R"({"cell": "values"})"); }, "/display/cell",
            "unknown key \"cell\"; expected one of: cells"),
        change(
            "UnknownCellText", [](Json& j) { j["display"] = Json::parse(R"({"cells": "keys"})"); }, "/display/cells",
            "expected \"offsets\", \"values\" or \"both\", got the string \"keys\""),
        change(
            "CellTextNotAString", [](Json& j) { j["display"] = Json::parse(R"({"cells": 2})"); }, "/display/cells",
            "expected \"offsets\", \"values\" or \"both\", got the number 2"),
        change(
            "RootIsNotAnObject", [](Json& j) { j = Json::array(); }, "/",
            "expected a scenario (a JSON object), got an array"),
        change(
            "WrongFormatString", [](Json& j) { j["format"] = "highwater/2"; }, "/format",
            "expected \"highwater/1\", got the string \"highwater/2\""),
        change(
            "FormatIsNotAString", [](Json& j) { j["format"] = 1; }, "/format", "expected a string, got the number 1"),
        change(
            "MissingFormat", [](Json& j) { j.erase("format"); }, "/", "missing required key \"format\""),
        change(
            "MissingName", [](Json& j) { j.erase("name"); }, "/", "missing required key \"name\""),
        change(
            "MissingCluster", [](Json& j) { j.erase("cluster"); }, "/", "missing required key \"cluster\""),
        change(
            "MissingTopics", [](Json& j) { j.erase("topics"); }, "/", "missing required key \"topics\""),
        change(
            "MissingBrokers", [](Json& j) { j["cluster"].erase("brokers"); }, "/cluster",
            "missing required key \"brokers\""),
        change(
            "MissingTopicName", [](Json& j) { j["topics"][0].erase("name"); }, "/topics/0",
            "missing required key \"name\""),
        change(
            "MissingProducerId", [](Json& j) { j["producers"][0].erase("id"); }, "/producers/0",
            "missing required key \"id\""),
        change(
            "MissingProduceValues", [](Json& j) { step(j, 0)["produce"].erase("values"); }, "/steps/0/produce",
            "missing required key \"values\""),
        change(
            "MissingProduceProducer", [](Json& j) { step(j, 0)["produce"].erase("producer"); }, "/steps/0/produce",
            "missing required key \"producer\""),
        change(
            "MissingFetchFollower", [](Json& j) { step(j, 1)["fetch"].erase("follower"); }, "/steps/1/fetch",
            "missing required key \"follower\""),
        change(
            "MissingFetchTopic", [](Json& j) { step(j, 1)["fetch"].erase("topic"); }, "/steps/1/fetch",
            "missing required key \"topic\""),
        change(
            "MissingAdvanceMs", [](Json& j) { step(j, 2) = Json::parse(R"({"advance": {}})"); }, "/steps/2/advance",
            "missing required key \"ms\""),
        change(
            "MissingSlowLatency", [](Json& j) { step(j, 2) = Json::parse(R"({"slow": {"broker": 2}})"); },
            "/steps/2/slow", "missing required key \"latency_ms\""),
        change(
            "MissingCheckpointLabel", [](Json& j) { step(j, 3) = Json::parse(R"({"checkpoint": {"note": "n"}})"); },
            "/steps/3/checkpoint", "missing required key \"label\""),
        change(
            "UnknownClusterKey", [](Json& j) { j["cluster"]["zookeeper"] = true; }, "/cluster/zookeeper",
            "unknown key \"zookeeper\"; expected one of: brokers, kafka_version, racks, config"),
        change(
            "UnknownKafkaVersion", [](Json& j) { j["cluster"]["kafka_version"] = "3.6"; }, "/cluster/kafka_version",
            "expected one of \"3.7\", \"3.8\", \"3.9\", \"4.0\", \"4.1\", \"4.2\", \"4.3\", \"4.4\", got \"3.6\""),
        change(
            "KafkaVersionAsNumber", [](Json& j) { j["cluster"]["kafka_version"] = 4.2; }, "/cluster/kafka_version",
            "expected a string such as \"4.2\" (in quotes), got the number 4.2"),
        change(
            "KafkaVersionInConfig", [](Json& j) { j["cluster"]["config"]["kafka_version"] = "3.7"; },
            "/cluster/config/kafka_version", "kafka_version is fixed for the run; expected it once, as cluster.kafka_version"),
        change(
            "ElrBeforeKafka4", [](Json& j) {
                j["cluster"]["kafka_version"] = "3.9";
                j["cluster"]["config"]["eligible.leader.replicas.enable"] = true;
            },
            "/cluster/config/eligible.leader.replicas.enable", "expected Kafka 4.0 or later (cluster.kafka_version is \"3.9\")"),
        change(
            "UnknownTopicKey", [](Json& j) { j["topics"][0]["retention"] = 1000; }, "/topics/0/retention",
            "unknown key \"retention\"; expected one of: name, partitions, replication.factor, assignment, placement, "
            "retention.ms, retention.bytes, segment.bytes, segment.ms"),
        change(
            "UnknownProduceKey", [](Json& j) { step(j, 0)["produce"]["partitoin"] = 0; }, "/steps/0/produce/partitoin",
            "unknown key \"partitoin\"; expected one of: producer, topic, partition, key, values, acks"),
        change(
            "SettleTakesNoKeys", [](Json& j) { step(j, 2)["settle"]["all"] = true; }, "/steps/2/settle/all",
            "unknown key \"all\""),
        change(
            "ClusterIsNotAnObject", [](Json& j) { j["cluster"] = 3; }, "/cluster",
            "expected the cluster (a JSON object), got the number 3"),
        change(
            "TopicsIsEmpty", [](Json& j) { j["topics"] = Json::array(); }, "/topics",
            "expected a non-empty array of topics, got an array"),
        change(
            "TopicsIsNotAnArray", [](Json& j) { j["topics"] = "orders"; }, "/topics",
            "expected a non-empty array of topics, got the string \"orders\""),
        change(
            "ProducersIsNotAnArray", [](Json& j) { j["producers"] = Json::object(); }, "/producers",
            "expected an array of producers, got an object"),
        change(
            "StepsIsNotAnArray", [](Json& j) { j["steps"] = Json::object(); }, "/steps",
            "expected an array of steps, got an object"),
        change(
            "TitleOfTheWrongType", [](Json& j) { j["title"] = 5; }, "/title",
            "expected a string or an object of languages"),
        change(
            "TitleInAnUnknownLanguage",
            [](Json& j) {
                j["title"] = Json { { "en", "t" }, { "fr", "t" } };
            },
            "/title/fr", "unknown key \"fr\"; expected one of: en, zh_TW, zh_CN"),
        change(
            "SeedNegative", [](Json& j) { j["seed"] = -1; }, "/seed",
            "expected an integer in 0..9223372036854775807, got -1"),
        change(
            "SeedAboveInt64", [](Json& j) { j["seed"] = std::uint64_t { 18446744073709551615ULL }; }, "/seed",
            "got the number 18446744073709551615"),
        change(
            "DuplicateTopicName",
            [](Json& j) {
                j["topics"].push_back(Json { { "name", "orders" }, { "replication.factor", 1 } });
            },
            "/topics/1/name", "a second topic named \"orders\""),
        change(
            "DuplicateProducerId",
            [](Json& j) {
                j["producers"].push_back(Json { { "id", "p1" } });
            },
            "/producers/1/id", "a second producer with id \"p1\"")),
    [](const auto& info) { return info.param.name; });

INSTANTIATE_TEST_SUITE_P(ClusterAndTopics, SemanticError,
    ::testing::Values(change(
                          "ZeroBrokers", [](Json& j) { j["cluster"]["brokers"] = 0; }, "/cluster/brokers",
                          "expected an integer in 1..32, got 0"),
        change(
            "ThirtyThreeBrokers", [](Json& j) { j["cluster"]["brokers"] = 33; }, "/cluster/brokers",
            "expected an integer in 1..32, got the number 33"),
        change(
            "FractionalBrokers", [](Json& j) { j["cluster"]["brokers"] = 2.5; }, "/cluster/brokers",
            "expected an integer in 1..32, got the number 2.5"),
        change(
            "BrokersAsAString", [](Json& j) { j["cluster"]["brokers"] = "3"; }, "/cluster/brokers",
            "expected an integer in 1..32, got the string \"3\""),
        change(
            "ReplicationFactorAboveBrokers", [](Json& j) { j["topics"][0]["replication.factor"] = 4; },
            "/topics/0/replication.factor", "replication factor 4 is larger than the 3 brokers of the cluster"),
        change(
            "ReplicationFactorZero", [](Json& j) { j["topics"][0]["replication.factor"] = 0; },
            "/topics/0/replication.factor", "expected an integer in 1..3, got 0"),
        change(
            "SixtyFivePartitions", [](Json& j) { j["topics"][0]["partitions"] = 65; }, "/topics/0/partitions",
            "expected an integer in 1..64, got the number 65"),
        change(
            "ZeroPartitions", [](Json& j) { j["topics"][0]["partitions"] = 0; }, "/topics/0/partitions",
            "expected an integer in 1..64, got 0"),
        change(
            "AssignmentWithUnknownBroker",
            [](Json& j) {
                j["topics"][0]["assignment"] = { { 1, 2, 4 } };
            },
            "/topics/0/assignment/0/2", "expected an integer in 1..3, got the number 4"),
        change(
            "AssignmentWithBrokerZero",
            [](Json& j) {
                j["topics"][0]["assignment"] = { { 0, 1, 2 } };
            },
            "/topics/0/assignment/0/0", "expected an integer in 1..3, got 0"),
        change(
            "AssignmentWithDuplicateBroker",
            [](Json& j) {
                j["topics"][0]["assignment"] = { { 1, 2, 1 } };
            },
            "/topics/0/assignment/0/2", "broker 1 appears twice in one partition"),
        change(
            "AssignmentListShorterThanRf",
            [](Json& j) {
                j["topics"][0]["assignment"] = { { 1, 2 } };
            },
            "/topics/0/assignment/0", "expected 3 broker ids (the replication factor), got an array"),
        change(
            "AssignmentListLongerThanRf",
            [](Json& j) {
                j["cluster"]["brokers"] = 4;
                j["topics"][0]["assignment"] = { { 1, 2, 3, 4 } };
            },
            "/topics/0/assignment/0", "expected 3 broker ids (the replication factor), got an array"),
        change(
            "AssignmentForTooFewPartitions", [](Json& j) { j["topics"][0]["partitions"] = 2; }, "/topics/0/assignment",
            "expected an array with one broker list per partition (2), got an array"),
        change(
            "AssignmentNotAnArray", [](Json& j) { j["topics"][0]["assignment"] = "1,2,3"; }, "/topics/0/assignment",
            "expected an array with one broker list per partition (1), got the string \"1,2,3\""),
        change(
            "AssignmentOfTheSecondPartition",
            [](Json& j) {
                j["topics"][0]["partitions"] = 2;
                j["topics"][0]["assignment"] = { { 1, 2, 3 }, { 3, 3, 1 } };
            },
            "/topics/0/assignment/1/1", "broker 3 appears twice in one partition"),
        change(
            "RacksNotAnArray", [](Json& j) { j["cluster"]["racks"] = "a,b,c"; }, "/cluster/racks",
            "expected an array with one rack per broker (a name, or null for no rack), got the string \"a,b,c\""),
        change(
            "TooFewRacks", [](Json& j) { j["cluster"]["racks"] = {"a", "b"}; }, "/cluster/racks",
            "expected 3 racks, one per broker, got 2"),
        change(
            "TooManyRacks", [](Json& j) { j["cluster"]["racks"] = {"a", "b", "c", "d"}; }, "/cluster/racks",
            "expected 3 racks, one per broker, got 4"),
        change(
            "RackAsANumber", [](Json& j) { j["cluster"]["racks"] = {"a", 2, "c"}; }, "/cluster/racks/1",
            "expected a rack name (a string) or null for no rack, got the number 2"),
        change(
            "EmptyRackName", [](Json& j) { j["cluster"]["racks"] = {"a", "b", ""}; }, "/cluster/racks/2",
            "expected a non-empty rack name, or null for no rack"),
        change(
            "RackNameOverTheLimit", [](Json& j) { j["cluster"]["racks"] = {std::string(65, 'r'), "b", "c"}; },
            "/cluster/racks/0", "a rack name longer than the limit of 64 bytes"),
        change(
            "RackNameNotAscii", [](Json& j) { j["cluster"]["racks"] = {"a", "機架", "c"}; }, "/cluster/racks/1",
            "expected a rack name of printable ASCII characters (space to ~), got byte 230 at position 0"),
        change(
            "RackNameWithATab", [](Json& j) { j["cluster"]["racks"] = {"a", "b", "rack\t3"}; }, "/cluster/racks/2",
            "expected a rack name of printable ASCII characters (space to ~), got byte 9 at position 4"),
        change(
            "UnknownPlacement", [](Json& j) { j["topics"][0] = Json::parse(R"({"name": "orders", "placement": "random"})"); },
            "/topics/0/placement", "expected \"striped\" or \"rack-unaware\", got the string \"random\""),
        change(
            "PlacementNotAString", [](Json& j) { j["topics"][0] = Json::parse(R"({"name": "orders", "placement": true})"); },
            "/topics/0/placement", "expected \"striped\" or \"rack-unaware\", got true"),
        change(
            "PlacementWithAnAssignment", [](Json& j) { j["topics"][0]["placement"] = "rack-unaware"; },
            "/topics/0/placement",
            "expected either placement or assignment, not both: an assignment names every replica itself, "
            "placement says how to choose them"),
        change(
            "SeventeenTopics",
            [](Json& j) {
                for (int t = 1; t <= 16; ++t)
                    j["topics"].push_back(Json { { "name", numbered("t", t) } });
            },
            "/topics", "at most 16 topics"),
        change(
            "SeventeenProducers",
            [](Json& j) {
                for (int p = 2; p <= 17; ++p)
                    j["producers"].push_back(Json { { "id", numbered("p", p) } });
            },
            "/producers", "at most 16 producers")),
    [](const auto& info) { return info.param.name; });

INSTANTIATE_TEST_SUITE_P(Steps, SemanticError,
    ::testing::Values(change(
                          "UnknownProducer", [](Json& j) { step(j, 0)["produce"]["producer"] = "p9"; },
                          "/steps/0/produce/producer", "unknown producer \"p9\"; the scenario declares: p1"),
        change(
            "UnknownProducerWhenNoneDeclared", [](Json& j) { j.erase("producers"); }, "/steps/0/produce/producer",
            "unknown producer \"p1\"; the scenario declares: none"),
        change(
            "UnknownTopicInProduce", [](Json& j) { step(j, 0)["produce"]["topic"] = "payments"; },
            "/steps/0/produce/topic", "unknown topic \"payments\"; the scenario declares: orders"),
        change(
            "UnknownTopicInFetch", [](Json& j) { step(j, 1)["fetch"]["topic"] = "payments"; }, "/steps/1/fetch/topic",
            "unknown topic \"payments\"; the scenario declares: orders"),
        change(
            "ProducePartitionOutOfRange", [](Json& j) { step(j, 0)["produce"]["partition"] = 1; },
            "/steps/0/produce/partition", "expected an integer in 0..0, got the number 1"),
        change(
            "FetchPartitionNegative", [](Json& j) { step(j, 1)["fetch"]["partition"] = -1; },
            "/steps/1/fetch/partition", "expected an integer in 0..0, got -1"),
        change(
            "FetchPartitionOfTheSecondTopic",
            [](Json& j) {
                j["topics"].push_back(Json { { "name", "audit" }, { "partitions", 4 } });
                step(j, 1)["fetch"]["topic"] = "audit";
                step(j, 1)["fetch"]["partition"] = 4;
            },
            "/steps/1/fetch/partition", "expected an integer in 0..3, got the number 4"),
        change(
            "FollowerSevenInAThreeBrokerCluster", [](Json& j) { step(j, 1)["fetch"]["follower"] = 7; },
            "/steps/1/fetch/follower", "expected an integer in 1..3, got the number 7"),
        change(
            "FollowerZero", [](Json& j) { step(j, 1)["fetch"]["follower"] = 0; }, "/steps/1/fetch/follower",
            "expected an integer in 1..3, got 0"),
        change(
            "FollowerAsAString", [](Json& j) { step(j, 1)["fetch"]["follower"] = "2"; }, "/steps/1/fetch/follower",
            "expected an integer in 1..3, got the string \"2\""),
        change(
            "UnknownAction", [](Json& j) { step(j, 2) = Json::parse(R"({"explode": {"broker": 1}})"); }, "/steps/2",
            "unknown action \"explode\"; expected one of: " + actionList),
        change(
            "KillUnknownBroker", [](Json& j) { step(j, 2) = Json::parse(R"({"kill": {"broker": 4}})"); },
            "/steps/2/kill/broker", "expected an integer in 1..3, got the number 4"),
        change(
            "KillWithoutBroker", [](Json& j) { step(j, 2) = Json::parse(R"({"kill": {}})"); }, "/steps/2/kill",
            "missing required key \"broker\""),
        change(
            "KillDoesNotLoseUnflushed",
            [](Json& j) { step(j, 2) = Json::parse(R"({"kill": {"broker": 2, "lose_unflushed": 1}})"); },
            "/steps/2/kill/lose_unflushed", "unknown key \"lose_unflushed\"; expected one of: broker"),
        change(
            "RestartLosingANegativeCount",
            [](Json& j) { step(j, 2) = Json::parse(R"({"restart": {"broker": 2, "lose_unflushed": -1}})"); },
            "/steps/2/restart/lose_unflushed", "expected an integer in 0..1000000, got -1"),
        change(
            "KillLeaderOfAnUnknownTopic",
            [](Json& j) { step(j, 2) = Json::parse(R"({"kill_leader": {"topic": "payments"}})"); },
            "/steps/2/kill_leader/topic", "unknown topic \"payments\"; the scenario declares: orders"),
        change(
            "ElectPreferredPartitionOutOfRange",
            [](Json& j) { step(j, 2) = Json::parse(R"({"elect_preferred": {"topic": "orders", "partition": 3}})"); },
            "/steps/2/elect_preferred/partition", "expected an integer in 0..0, got the number 3"),
        change(
            "StepWithTwoKeys", [](Json& j) { step(j, 2) = Json::parse(R"({"settle": {}, "advance": {"ms": 5}})"); },
            "/steps/2", "a step is an object with exactly one action key, one of: " + actionList),
        change(
            "StepWithNoKey", [](Json& j) { step(j, 2) = Json::object(); }, "/steps/2",
            "a step is an object with exactly one action key"),
        change(
            "StepIsNotAnObject", [](Json& j) { step(j, 2) = "settle"; }, "/steps/2",
            "expected a step such as {\"produce\": {...}} (a JSON object), got the string \"settle\""),
        change(
            "ProduceBodyIsNotAnObject", [](Json& j) { step(j, 0)["produce"] = Json::array(); }, "/steps/0/produce",
            "expected the produce action (a JSON object), got an array"),
        change(
            "BadUntil", [](Json& j) { step(j, 1)["fetch"]["until"] = "later"; }, "/steps/1/fetch/until",
            "expected \"request\" or \"response\", got the string \"later\""),
        change(
            "EmptyUntil", [](Json& j) { step(j, 1)["fetch"]["until"] = ""; }, "/steps/1/fetch/until",
            "expected a non-empty string"),
        change(
            "UntilOfTheWrongType", [](Json& j) { step(j, 1)["fetch"]["until"] = true; }, "/steps/1/fetch/until",
            "expected a string, got true"),
        change(
            "MaxRecordsZero", [](Json& j) { step(j, 1)["fetch"]["max_records"] = 0; }, "/steps/1/fetch/max_records",
            "expected an integer in 1..100000, got 0"),
        change(
            "AdvanceZeroMs", [](Json& j) { step(j, 2) = Json::parse(R"({"advance": {"ms": 0}})"); },
            "/steps/2/advance/ms", "expected an integer in 1..86400000, got 0"),
        change(
            "AdvanceMoreThanADay", [](Json& j) { step(j, 2) = Json::parse(R"({"advance": {"ms": 86400001}})"); },
            "/steps/2/advance/ms", "expected an integer in 1..86400000, got the number 86400001"),
        change(
            "SlowUnknownBroker",
            [](Json& j) { step(j, 2) = Json::parse(R"({"slow": {"broker": 4, "latency_ms": 10}})"); },
            "/steps/2/slow/broker", "expected an integer in 1..3, got the number 4"),
        change(
            "SlowNegativeLatency",
            [](Json& j) { step(j, 2) = Json::parse(R"({"slow": {"broker": 2, "latency_ms": -1}})"); },
            "/steps/2/slow/latency_ms", "expected an integer in 0..600000, got -1"),
        change(
            "EmptyCheckpointLabel", [](Json& j) { step(j, 3)["checkpoint"] = ""; }, "/steps/3/checkpoint",
            "expected a non-empty string"),
        change(
            "EmptyCheckpointLabelInObject",
            [](Json& j) {
                step(j, 3)["checkpoint"] = Json { { "label", "" } };
            },
            "/steps/3/checkpoint/label", "expected a non-empty string"),
        change(
            "EmptyCheckpointPending",
            [](Json& j) {
                step(j, 3)["checkpoint"] = Json { { "label", "done" }, { "pending", "" } };
            },
            "/steps/3/checkpoint/pending", "expected a non-empty string"),
        change(
            "CheckpointPendingNotAString",
            [](Json& j) {
                step(j, 3)["checkpoint"] = Json { { "label", "done" }, { "pending", true } };
            },
            "/steps/3/checkpoint/pending", "expected a string, got true"),
        change(
            "UnknownCheckpointKey",
            [](Json& j) {
                step(j, 3)["checkpoint"] = Json { { "label", "done" }, { "waiting", "x" } };
            },
            "/steps/3/checkpoint/waiting", "unknown key \"waiting\"; expected one of: label, note, pending"),
        change(
            "NoteInAnUnknownLanguage", [](Json& j) { step(j, 3) = Json::parse(R"({"note": {"fr": "bonjour"}})"); },
            "/steps/3/note/fr", "unknown key \"fr\"; expected one of: en, zh_TW, zh_CN"),
        change(
            "NoteWithNoLanguage", [](Json& j) { step(j, 3) = Json::parse(R"({"note": {}})"); }, "/steps/3/note",
            "expected at least one language"),
        change(
            "EmptyNote", [](Json& j) { step(j, 3) = Json::parse(R"({"note": ""})"); }, "/steps/3/note",
            "expected a non-empty string"),
        change(
            "OneStepTooMany",
            [](Json& j) {
                for (int i = 0; i < hw::limits::stepsMax; ++i)
                    j["steps"].push_back(Json { { "settle", Json::object() } });
            },
            "/steps", "at most 200000 steps"),
        change(
            "TenThousandAndOneValues",
            [](Json& j) {
                Json values = Json::array();
                for (int i = 0; i <= hw::limits::valuesPerProduceMax; ++i)
                    values.push_back("v");
                step(j, 0)["produce"]["values"] = values;
            },
            "/steps/0/produce/values", "at most 10000 values in one produce")),
    [](const auto& info) { return info.param.name; });

INSTANTIATE_TEST_SUITE_P(Config, SemanticError,
    ::testing::Values(
        change(
            "UnknownConfigKey", [](Json& j) { j["cluster"]["config"]["min.isr"] = 2; }, "/cluster/config/min.isr",
            "unknown configuration key \"min.isr\"; expected one of: min.insync.replicas, replica.lag.time.max.ms"),
        change(
            "UnknownConfigKeyInAStep", [](Json& j) { step(j, 2) = Json::parse(R"({"config": {"compression.type": "lz4"}})"); },
            "/steps/2/config/compression.type", "unknown configuration key \"compression.type\""),
        change(
            "KafkaVersionInAStep",
            [](Json& j) { step(j, 2) = Json::parse(R"({"config": {"kafka_version": "3.7"}})"); },
            "/steps/2/config/kafka_version", "kafka_version is fixed for the run; expected it once, as cluster.kafka_version"),
        change(
            "ElrInAStep",
            [](Json& j) { step(j, 2) = Json::parse(R"({"config": {"eligible.leader.replicas.enable": false}})"); },
            "/steps/2/config/eligible.leader.replicas.enable",
            "eligible.leader.replicas.enable is fixed for the run (a feature level set when the cluster is formatted); "
            "expected it in cluster.config"),
        change(
            "ConfigKeyWithPointerCharactersIsEscaped", [](Json& j) { j["cluster"]["config"]["a/b~c"] = 1; },
            "/cluster/config/a~1b~0c", "unknown configuration key \"a/b~c\""),
        change(
            "BooleanGivenAsAString", [](Json& j) { j["cluster"]["config"]["auto.fetch"] = "false"; },
            "/cluster/config/auto.fetch", "expected true or false, got the string \"false\""),
        change(
            "BooleanGivenAsANumber", [](Json& j) { j["cluster"]["config"]["unclean.leader.election.enable"] = 1; },
            "/cluster/config/unclean.leader.election.enable", "expected true or false, got the number 1"),
        change(
            "IntegerGivenAsAString", [](Json& j) { j["cluster"]["config"]["min.insync.replicas"] = "2"; },
            "/cluster/config/min.insync.replicas", "expected an integer in 1..32, got the string \"2\""),
        change(
            "IntegerOutOfRange", [](Json& j) { j["cluster"]["config"]["replica.lag.time.max.ms"] = 0; },
            "/cluster/config/replica.lag.time.max.ms", "expected an integer in 1..3600000, got 0"),
        change(
            "IntegerOutOfRangeInAStep",
            [](Json& j) { step(j, 2) = Json::parse(R"({"config": {"replica.fetch.wait.max.ms": 60001}})"); },
            "/steps/2/config/replica.fetch.wait.max.ms", "expected an integer in 0..60000, got the number 60001"),
        change(
            "UnknownTruncationMode", [](Json& j) { j["cluster"]["config"]["truncation"] = "sideways"; },
            "/cluster/config/truncation", "expected \"leader-epoch\" or \"high-watermark\""),
        change(
            "TruncationModeOfTheWrongType", [](Json& j) { j["cluster"]["config"]["truncation"] = 1; },
            "/cluster/config/truncation", "expected a string, got the number 1"),
        change(
            "ConfigIsNotAnObject", [](Json& j) { j["cluster"]["config"] = Json::array(); }, "/cluster/config",
            "expected configuration keys and values (a JSON object), got an array"),
        change(
            "EmptyConfigStep", [](Json& j) { step(j, 2) = Json::parse(R"({"config": {}})"); }, "/steps/2/config",
            "expected at least one configuration key"),
        change(
            "ConfigStepIsNotAnObject", [](Json& j) { step(j, 2) = Json::parse(R"({"config": 5})"); }, "/steps/2/config",
            "expected configuration keys and values (a JSON object), got the number 5")),
    [](const auto& info) { return info.param.name; });

INSTANTIATE_TEST_SUITE_P(Acks, SemanticError,
    ::testing::Values(change(
                          "ProducerAcksTwo", [](Json& j) { j["producers"][0]["acks"] = "2"; }, "/producers/0/acks",
                          "expected acks \"all\", 1 or 0, got the string \"2\""),
        change(
            "ProducerAcksWord", [](Json& j) { j["producers"][0]["acks"] = "leader"; }, "/producers/0/acks",
            "expected acks \"all\", 1 or 0, got the string \"leader\""),
        change(
            "ProduceAcksFive", [](Json& j) { step(j, 0)["produce"]["acks"] = 5; }, "/steps/0/produce/acks",
            "expected acks \"all\", 1 or 0, got the number 5"),
        change(
            "ProduceAcksBoolean", [](Json& j) { step(j, 0)["produce"]["acks"] = true; }, "/steps/0/produce/acks",
            "expected acks \"all\", 1 or 0, got true"),
        change(
            "ProduceAcksNull", [](Json& j) { step(j, 0)["produce"]["acks"] = nullptr; }, "/steps/0/produce/acks",
            "expected acks \"all\", 1 or 0, got null")),
    [](const auto& info) { return info.param.name; });

const std::string tooLong = "a string longer than the limit of 1024 bytes";

// ---------------------------------------------------------------------------------------------
// Producer settings Kafka's client refuses (ProducerConfig.postProcessAndValidateIdempotenceConfigs at
// 3.7.0 and 4.0.0, the same through 4.2.0-rc1; KafkaProducer.configureDeliveryTimeout), for both rule
// sets: 3.7 (max.in.flight > 5 turns a default idempotence off) and 4.2 (it is refused).

/// The base scenario on this Kafka version, with these keys added to its producer.
std::function<void(Json&)> producerWith(const std::string& version, const std::string& keys)
{
    return [version, keys](Json& j) {
        j["cluster"]["kafka_version"] = version;
        const Json added = Json::parse(keys);
        for (const auto& item : added.items())
            j["producers"][0][item.key()] = item.value();
    };
}

std::vector<SemanticCase> producerConfigErrors()
{
    std::vector<SemanticCase> out;
    for (const std::string version : {"3.7", "4.2"}) {
        const std::string v = version == "3.7" ? "37" : "42";
        out.push_back(change("AcksOneWithIdempotenceTrue" + v,
            producerWith(version, R"({"acks": "1", "enable.idempotence": true})"), "/producers/0/acks",
            "acks must be all in order to use the idempotent producer (enable.idempotence is true); expected \"all\", "
            "or enable.idempotence false"));
        out.push_back(change("RetriesZeroWithIdempotenceTrue" + v,
            producerWith(version, R"({"retries": 0, "enable.idempotence": true})"), "/producers/0/retries",
            "retries must be non-zero when using the idempotent producer (enable.idempotence is true); expected "
            "retries of at least 1, or enable.idempotence false"));
        out.push_back(change("MaxInFlightSixWithIdempotenceTrue" + v,
            producerWith(version, R"({"max.in.flight.requests.per.connection": 6, "enable.idempotence": true})"),
            "/producers/0/max.in.flight.requests.per.connection",
            "max.in.flight.requests.per.connection must be at most 5 to use the idempotent producer (got 6)"));
        out.push_back(change("DeliveryTimeoutBelowLingerPlusRequestTimeout" + v,
            [version](Json& j) {
                producerWith(version, R"({"delivery.timeout.ms": 1000})")(j);
                j["cluster"]["config"]["request.timeout.ms"] = 30000;
            },
            "/producers/0/delivery.timeout.ms",
            "delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms (" +
                std::string(version == "3.7" ? "0" : "5") + " + 30000); expected at least " +
                std::string(version == "3.7" ? "30000" : "30005") + ", got 1000"));
        out.push_back(change("UnknownProducerKey" + v, producerWith(version, R"({"enable.idempotency": true})"),
            "/producers/0/enable.idempotency",
            "unknown key \"enable.idempotency\"; expected one of: id, acks, rate_per_s, topic, keys, enable.idempotence, "
            "max.in.flight.requests.per.connection, linger.ms, retries, delivery.timeout.ms"));
        // The producer defaults in cluster.config are read once, when the producers are created.
        for (const char* key : {"enable.idempotence", "acks", "max.in.flight.requests.per.connection"}) {
            const std::string value = std::string(key) == "enable.idempotence" ? "false"
                                      : std::string(key) == "acks"             ? "\"1\""
                                                                               : "1";
            std::string name = std::string("ConfigStepNaming_") + key + "_" + v;
            std::replace(name.begin(), name.end(), '.', '_');
            out.push_back(change(name,
                [version, key, value](Json& j) {
                    j["cluster"]["kafka_version"] = version;
                    step(j, 2) = Json::parse(std::string(R"({"config": {")") + key + "\": " + value + "}}");
                },
                std::string("/steps/2/config/") + key,
                std::string(key) + " is fixed for the run (a producer reads it once, when it is created); expected it "
                                   "in cluster.config"));
        }
    }
    // Kafka 4.0 refuses max.in.flight above 5 whenever idempotence is on, by default too (3.x turned
    // it off with a warning that 4.0 would refuse it).
    out.push_back(change("MaxInFlightSixWithDefaultIdempotence42",
        producerWith("4.2", R"({"max.in.flight.requests.per.connection": 6})"),
        "/producers/0/max.in.flight.requests.per.connection",
        "max.in.flight.requests.per.connection must be at most 5 to use the idempotent producer (got 6); idempotence "
        "is on by default, and from Kafka 4.0 a larger value is refused instead of turning it off; expected 1..5, or "
        "enable.idempotence false"));
    // Idempotence asked for in cluster.config: the producer's acks 1 is the conflict, at its own key.
    out.push_back(change("AcksOneWithClusterIdempotence",
        [](Json& j) {
            j["cluster"]["kafka_version"] = "3.7";
            j["cluster"]["config"]["enable.idempotence"] = true;
            j["producers"][0]["acks"] = "1";
        },
        "/producers/0/acks", "acks must be all in order to use the idempotent producer"));
    // Both in cluster.config: the error is at the cluster's key and names the producer.
    out.push_back(change("AcksOneAndIdempotenceInClusterConfig",
        [](Json& j) {
            j["cluster"]["kafka_version"] = "4.2";
            j["cluster"]["config"]["enable.idempotence"] = true;
            j["cluster"]["config"]["acks"] = "1";
            j["producers"][0].erase("acks");
        },
        "/cluster/config/acks", "(for producer \"p1\")"));
    return out;
}

INSTANTIATE_TEST_SUITE_P(ProducerConfig, SemanticError, ::testing::ValuesIn(producerConfigErrors()),
    [](const auto& info) { return info.param.name; });

struct AcceptedProducerCase {
    std::string name;
    std::string version;
    std::string keys; // added to the producer
    bool idempotent;  // settings.idempotence as it took effect
};

void PrintTo(const AcceptedProducerCase& c, std::ostream* os)
{
    *os << c.name;
}

class AcceptedProducerConfig : public ::testing::TestWithParam<AcceptedProducerCase> { };

TEST_P(AcceptedProducerConfig, RunsWithIdempotenceAsKafkaSettlesIt)
{
    const AcceptedProducerCase& c = GetParam();
    const auto parsed = hw::parseScenario(mutated(producerWith(c.version, c.keys)), "ok.json");
    ASSERT_TRUE(as<hw::Scenario>(parsed)) << as<hw::ScenarioError>(parsed)->toString();
    const auto played = hw::playScenario(*as<hw::Scenario>(parsed));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played)) << std::get<hw::ScenarioError>(played).toString();
    const hw::ClusterState& end = std::get<hw::Timeline>(played).head();
    EXPECT_EQ(end.producers[0].settings.idempotence, c.idempotent);
    EXPECT_EQ(end.producers[0].producerId >= 0, c.idempotent) << "InitProducerId only when idempotent";
    ASSERT_EQ(end.producers[0].batches.size(), 1u);
    EXPECT_EQ(end.producers[0].batches[0].idempotent, c.idempotent);
    EXPECT_EQ(end.producers[0].batches[0].baseSequence >= 0, c.idempotent);
}

INSTANTIATE_TEST_SUITE_P(ProducerConfig, AcceptedProducerConfig,
    ::testing::Values(AcceptedProducerCase { "Defaults37", "3.7", "{}", true },
        AcceptedProducerCase { "Defaults42", "4.2", "{}", true },
        // acks 1 with enable.idempotence unset: idempotence goes off silently, in 4.x as in 3.x.
        AcceptedProducerCase { "AcksOneUnset37", "3.7", R"({"acks": "1"})", false },
        AcceptedProducerCase { "AcksOneUnset42", "4.2", R"({"acks": "1"})", false },
        AcceptedProducerCase { "RetriesZeroUnset37", "3.7", R"({"retries": 0})", false },
        AcceptedProducerCase { "RetriesZeroUnset42", "4.2", R"({"retries": 0})", false },
        // max.in.flight 6 with it unset: 3.x turns idempotence off (4.2 refuses: above).
        AcceptedProducerCase { "MaxInFlightSixUnset37", "3.7", R"({"max.in.flight.requests.per.connection": 6})", false },
        AcceptedProducerCase { "MaxInFlightSixWithoutIdempotence42", "4.2",
            R"({"max.in.flight.requests.per.connection": 6, "enable.idempotence": false})", false },
        // A delivery.timeout.ms that is set explicitly and large enough.
        AcceptedProducerCase { "DeliveryTimeoutAtLingerPlusRequestTimeout42", "4.2", R"({"delivery.timeout.ms": 30005})",
            true }),
    [](const auto& info) { return info.param.name; });

TEST(ProducerConfig, ProduceStepAcksOneFromADefaultProducerIsSentWithoutIdempotence)
{
    // KafkaProducer with acks=1 and enable.idempotence unset: ProducerConfig turns idempotence off, so
    // that send carries no producer id or sequence; the producer's acks=all batches still do.
    const auto parsed = hw::parseScenario(mutated([](Json& j) {
        step(j, 0)["produce"]["acks"] = "1";
        j["steps"].insert(j["steps"].begin() + 1,
            Json::parse(R"({"produce": {"producer": "p1", "topic": "orders", "partition": 0, "values": ["m1"]}})"));
    }),
        "ok.json");
    ASSERT_TRUE(as<hw::Scenario>(parsed)) << as<hw::ScenarioError>(parsed)->toString();
    const auto played = hw::playScenario(*as<hw::Scenario>(parsed));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played)) << std::get<hw::ScenarioError>(played).toString();
    const hw::Producer& producer = std::get<hw::Timeline>(played).head().producers[0];
    EXPECT_TRUE(producer.settings.idempotence);
    ASSERT_EQ(producer.batches.size(), 2u);
    EXPECT_EQ(producer.batches[0].acks, hw::Acks::Leader);
    EXPECT_FALSE(producer.batches[0].idempotent);
    EXPECT_EQ(producer.batches[0].baseSequence, -1);
    EXPECT_TRUE(producer.batches[1].idempotent);
    EXPECT_EQ(producer.batches[1].baseSequence, 0);
}

INSTANTIATE_TEST_SUITE_P(EmptyAndLongValues, SemanticError,
    ::testing::Values(change(
                          "EmptyValues", [](Json& j) { step(j, 0)["produce"]["values"] = Json::array(); },
                          "/steps/0/produce/values", "expected a non-empty array of strings, got an array"),
        change(
            "ValuesNotAnArray", [](Json& j) { step(j, 0)["produce"]["values"] = "m0"; }, "/steps/0/produce/values",
            "expected a non-empty array of strings, got the string \"m0\""),
        change(
            "ValueNotAString",
            [](Json& j) {
                step(j, 0)["produce"]["values"] = { "m0", 3 };
            },
            "/steps/0/produce/values/1", "expected a string, got the number 3"),
        change(
            "KeyNotAString", [](Json& j) { step(j, 0)["produce"]["key"] = 5; }, "/steps/0/produce/key",
            "expected a string, got the number 5"),
        change(
            "EmptyName", [](Json& j) { j["name"] = ""; }, "/name", "expected a non-empty string"),
        change(
            "EmptyTopicName", [](Json& j) { j["topics"][0]["name"] = ""; }, "/topics/0/name",
            "expected a non-empty string"),
        change(
            "EmptyProducerId", [](Json& j) { j["producers"][0]["id"] = ""; }, "/producers/0/id",
            "expected a non-empty string"),
        change(
            "EmptyProducerInAStep", [](Json& j) { step(j, 0)["produce"]["producer"] = ""; },
            "/steps/0/produce/producer", "expected a non-empty string"),
        change(
            "ValueOf1025Bytes", [](Json& j) { step(j, 0)["produce"]["values"] = { std::string(1025, 'v') }; },
            "/steps/0/produce/values/0", tooLong),
        change(
            "ValueOf342ChineseCharactersIs1026Bytes",
            [](Json& j) {
                std::string s;
                for (int i = 0; i < 342; ++i)
                    s += "字";
                step(j, 0)["produce"]["values"] = { s };
            },
            "/steps/0/produce/values/0", tooLong),
        change(
            "KeyOf1025Bytes", [](Json& j) { step(j, 0)["produce"]["key"] = std::string(1025, 'k'); },
            "/steps/0/produce/key", tooLong),
        change(
            "NameOf1025Bytes", [](Json& j) { j["name"] = std::string(1025, 'n'); }, "/name", tooLong),
        change(
            "ProducerIdOf1025Bytes", [](Json& j) { j["producers"][0]["id"] = std::string(1025, 'p'); },
            "/producers/0/id", tooLong),
        change(
            "CheckpointLabelOf1025Bytes", [](Json& j) { step(j, 3)["checkpoint"] = std::string(1025, 'c'); },
            "/steps/3/checkpoint", tooLong),
        change(
            "NoteOf1025Bytes",
            [](Json& j) {
                step(j, 3) = Json { { "note", { { "zh_TW", std::string(1025, 'z') } } } };
            },
            "/steps/3/note/zh_TW", tooLong),
        SemanticCase { "FileOverEightMebibytes",
            [] {
                std::string text = baseScenario().dump();
                text.append(hw::limits::scenarioFileBytesMax + 1 - text.size(), ' ');
                return text;
            },
            "", "the file is larger than the limit of 33554432 bytes" }),
    [](const auto& info) { return info.param.name; });

/// `levels` arrays (or objects with the key "a") nested around `inner`.
Json nested(int levels, bool objects, Json inner)
{
    for (int i = 0; i < levels; ++i)
        inner = objects ? Json { { "a", std::move(inner) } } : Json::array({ std::move(inner) });
    return inner;
}

const std::string notAString = "expected a string or an object of languages {\"en\": ..., \"zh_TW\": ..., \"zh_CN\": "
                               "...}, got an array";

// Exactly jsonDepthMax levels parse; what the reader then says shows the parser let them through.
INSTANTIATE_TEST_SUITE_P(NestingAtTheLimit, SemanticError,
    ::testing::Values(SemanticCase { "ArraysAtTheLimit",
                          [] { return nested(hw::limits::jsonDepthMax - 1, false, Json::array()).dump(); }, "/",
                          "expected a scenario (a JSON object), got an array" },
        SemanticCase { "ObjectsAtTheLimit",
            [] { return nested(hw::limits::jsonDepthMax - 1, true, Json::object()).dump(); }, "/a",
            "unknown key \"a\"; expected one of: format, name, title, description, display, seed, cluster, "
            "topics, producers, consumers, created_topics, steps" },
        // The root object, the steps array and the step object hold the note: 97 arrays make 100.
        change(
            "StepNoteAtTheLimit",
            [](Json& j) {
                step(j, 3) = Json { { "note", nested(96, false, Json::array()) } };
            },
            "/steps/3/note", notAString),
        change(
            "CheckpointObjectsAtTheLimit",
            [](Json& j) {
                step(j, 3) = Json { { "checkpoint", nested(96, true, Json::object()) } };
            },
            "/steps/3/checkpoint/a", "unknown key \"a\"; expected one of: label, note")),
    [](const auto& info) { return info.param.name; });

INSTANTIATE_TEST_SUITE_P(DuplicateLabels, SemanticError,
    ::testing::Values(change(
                          "TwoCheckpointsNamedDone",
                          [](Json& j) {
                              j["steps"].push_back(Json { { "checkpoint", "done" } });
                          },
                          "/steps/4/checkpoint",
                          "a second checkpoint labelled \"done\" (the first is /steps/3/checkpoint); expected each "
                          "label once"),
        change(
            "TheSecondWithANote",
            [](Json& j) {
                j["steps"].push_back(Json { { "checkpoint", { { "label", "done" }, { "note", "again" } } } });
            },
            "/steps/4/checkpoint/label",
            "a second checkpoint labelled \"done\" (the first is /steps/3/checkpoint); expected each label once"),
        change(
            "TheFirstWithANote",
            [](Json& j) {
                step(j, 1) = Json { { "checkpoint", { { "label", "done" }, { "note", "first" } } } };
            },
            "/steps/3/checkpoint",
            "a second checkpoint labelled \"done\" (the first is /steps/1/checkpoint/label); expected each label "
            "once"),
        change(
            "ThreeTimesReportsTheSecond",
            [](Json& j) {
                step(j, 0) = Json { { "checkpoint", "done" } };
                step(j, 1) = Json { { "checkpoint", "start" } };
                step(j, 2) = Json { { "checkpoint", "done" } };
            },
            "/steps/2/checkpoint",
            "a second checkpoint labelled \"done\" (the first is /steps/0/checkpoint); expected each label once")),
    [](const auto& info) { return info.param.name; });

TEST(ScenarioLimits, ValuesAtTheLimitsAreAccepted)
{
    const std::vector<std::pair<std::string, std::function<void(Json&)>>> accepted = {
        { "one broker",
            [](Json& j) {
                j["cluster"]["brokers"] = 1;
                j["topics"][0] = Json { { "name", "orders" }, { "replication.factor", 1 } };
                j["steps"].erase(1);
            } },
        { "32 brokers", [](Json& j) { j["cluster"]["brokers"] = 32; } },
        { "64 partitions",
            [](Json& j) {
                // Rack-unaware, as when this row was written: the fetch step needs broker 2 to follow orders-0.
                j["topics"][0] = Json { { "name", "orders" }, { "partitions", 64 }, { "placement", "rack-unaware" } };
            } },
        { "a 1024-byte value", [](Json& j) { step(j, 0)["produce"]["values"] = { std::string(1024, 'v') }; } },
        { "341 Chinese characters (1023 bytes)",
            [](Json& j) {
                std::string s;
                for (int i = 0; i < 341; ++i)
                    s += "字";
                step(j, 0)["produce"]["values"] = { s };
            } },
        { "an empty value and an empty key",
            [](Json& j) {
                step(j, 0)["produce"]["values"] = { "" };
                step(j, 0)["produce"]["key"] = "";
            } },
        { "acks spelled every way",
            [](Json& j) {
                j["producers"] = Json::parse(R"([{"id": "a", "acks": "all"}, {"id": "b", "acks": "-1"},
                 {"id": "c", "acks": -1}, {"id": "d", "acks": 1}, {"id": "e", "acks": "1"}, {"id": "f", "acks": 0},
                 {"id": "p1", "acks": "0"}])");
            } },
        { "until request and response",
            [](Json& j) {
                step(j, 1)["fetch"]["until"] = "request";
                j["steps"].insert(j["steps"].begin() + 2,
                    Json::parse(
                        R"({"fetch": {"topic": "orders", "follower": 3, "until": "response", "max_records": 100000}})"));
            } },
        { "a note in three languages and a checkpoint object",
            [](Json& j) {
                step(j, 3) = Json::parse(
                    R"({"checkpoint": {"label": "x", "note": {"en": "e", "zh_TW": "繁", "zh_CN": "简"}}})");
            } },
        { "a day-long advance and the slowest link",
            [](Json& j) {
                step(j, 2) = Json::parse(R"({"slow": {"broker": 2, "latency_ms": 600000}})");
                j["steps"].push_back(Json::parse(R"({"advance": {"ms": 86400000}})"));
            } },
        { "labels that differ only in case or by a space",
            [](Json& j) {
                j["steps"].push_back(Json { { "checkpoint", "Done" } });
                j["steps"].push_back(Json { { "checkpoint", "done " } });
            } },
        { "racks of 64 printable bytes, and a broker without a rack",
            [](Json& j) {
                j["cluster"]["racks"] = { std::string(64, '~'), nullptr, " a b " };
            } },
        { "placement spelled both ways",
            [](Json& j) {
                j["topics"].push_back(Json::parse(R"({"name": "striped", "partitions": 64, "placement": "striped"})"));
                j["topics"].push_back(Json::parse(R"({"name": "legacy", "partitions": 4, "placement": "rack-unaware"})"));
            } },
        { "exactly 32 MiB", nullptr },
    };
    for (const auto& [what, fn] : accepted) {
        std::string text;
        if (fn) {
            text = mutated(fn);
        } else {
            text = baseScenario().dump();
            text.append(hw::limits::scenarioFileBytesMax - text.size(), ' ');
            ASSERT_EQ(text.size(), hw::limits::scenarioFileBytesMax);
        }
        const auto result = hw::parseScenario(text, "ok.json");
        ASSERT_TRUE(as<hw::Scenario>(result)) << what << ": " << as<hw::ScenarioError>(result)->toString();
        const auto played = hw::playScenario(*as<hw::Scenario>(result));
        EXPECT_TRUE(std::holds_alternative<hw::Timeline>(played))
            << what << ": " << std::get<hw::ScenarioError>(played).toString();
    }
}

// ---------------------------------------------------------------------------------------------
// Run-time errors: the file is valid, but a step cannot be carried out.

class StepError : public ::testing::TestWithParam<SemanticCase> { };

TEST_P(StepError, IsReportedWithTheStepsPath)
{
    const SemanticCase& c = GetParam();
    const auto parsed = hw::parseScenario(c.text(), "run.json");
    ASSERT_TRUE(as<hw::Scenario>(parsed)) << "the file itself is valid: " << as<hw::ScenarioError>(parsed)->toString();
    const auto played = hw::playScenario(*as<hw::Scenario>(parsed));
    ASSERT_TRUE(std::holds_alternative<hw::ScenarioError>(played)) << "the run succeeded";
    const hw::ScenarioError& error = std::get<hw::ScenarioError>(played);
    EXPECT_EQ(error.file, "run.json");
    EXPECT_EQ(error.path, c.path);
    EXPECT_EQ(error.line, 0);
    EXPECT_NE(error.message.find(c.message), std::string::npos) << error.message;
    EXPECT_EQ(error.toString(), "run.json: " + c.path + ": " + error.message);
}

INSTANTIATE_TEST_SUITE_P(Run, StepError,
    ::testing::Values(change(
                          "FetchNamingTheLeader", [](Json& j) { step(j, 1)["fetch"]["follower"] = 1; },
                          "/steps/1/fetch", "broker 1 leads orders-0; only followers fetch"),
        change(
            "FetchUntilRequestNamingTheLeader",
            [](Json& j) {
                step(j, 0) = Json::parse(R"({"fetch": {"topic": "orders", "follower": 1, "until": "request"}})");
            },
            "/steps/0/fetch", "broker 1 leads orders-0; only followers fetch"),
        change(
            "FetchByABrokerWithoutAReplica",
            [](Json& j) {
                j["topics"][0]["replication.factor"] = 2;
                j["topics"][0]["assignment"] = { { 1, 2 } };
                j["steps"].push_back(Json::parse(R"({"fetch": {"topic": "orders", "follower": 3}})"));
            },
            "/steps/4/fetch", "broker 3 holds no replica of orders-0"),
        change(
            "FetchOfTheSecondTopicsLeader",
            [](Json& j) {
                j["topics"].push_back(
                    Json { { "name", "audit" }, { "partitions", 2 }, { "assignment", { { 2, 1, 3 }, { 3, 1, 2 } } } });
                j["steps"].push_back(Json::parse(R"({"fetch": {"topic": "audit", "partition": 1, "follower": 3}})"));
            },
            "/steps/4/fetch", "broker 3 leads audit-1; only followers fetch"),
        change(
            "KillingABrokerThatIsDown",
            [](Json& j) {
                step(j, 2) = Json::parse(R"({"kill": {"broker": 3}})");
                step(j, 3) = Json::parse(R"({"kill": {"broker": 3}})");
            },
            "/steps/3/kill", "broker 3 is already down"),
        change(
            "HealingABrokerThatIsNotIsolated", [](Json& j) { step(j, 2) = Json::parse(R"({"heal": {"broker": 2}})"); },
            "/steps/2/heal", "broker 2 is not isolated"),
        // A producer that sets enable.idempotence sends with acks=all only (ProducerConfig: "Must set acks
        // to all in order to use the idempotent producer"); a default producer's acks 1 step is accepted
        // and sent without idempotence (AcceptedProducerConfig, ProduceStepAcksOne below).
        change(
            "ProduceAcksOneFromAProducerThatSetsIdempotence",
            [](Json& j) {
                j["producers"][0]["enable.idempotence"] = true;
                step(j, 0)["produce"]["acks"] = "1";
            },
            "/steps/0/produce", "producer p1 sets enable.idempotence, which needs acks all"),
        change(
            "ProduceAcksZeroWhenClusterConfigSetsIdempotence",
            [](Json& j) {
                j["cluster"]["config"]["enable.idempotence"] = true;
                step(j, 0)["produce"]["acks"] = 0;
            },
            "/steps/0/produce", "enable.idempotence, which needs acks all")),
    [](const auto& info) { return info.param.name; });

// ---------------------------------------------------------------------------------------------
// Loading

std::filesystem::path tempFile(const std::string& name)
{
    // Unique to the process: ctest runs tests in parallel, and other checkouts may run the same tests.
    return std::filesystem::path(::testing::TempDir())
        / ("hw_scenario_errors_" + std::to_string(::getpid()) + "_" + name);
}

TEST(LoadScenario, AnUnknownBuiltinListsTheBuiltins)
{
    const auto result = hw::loadScenario("builtin:no-such-scenario");
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->file, "builtin:no-such-scenario");
    EXPECT_NE(error->message.find("no built-in scenario named \"no-such-scenario\""), std::string::npos)
        << error->message;
    EXPECT_NE(error->message.find("leo-hw-walkthrough"), std::string::npos) << error->message;
}

TEST(LoadScenario, AnEmptyBuiltinNameIsAnError)
{
    EXPECT_TRUE(as<hw::ScenarioError>(hw::loadScenario("builtin:")));
}

TEST(LoadScenario, TheBuiltinLoads)
{
    const auto result = hw::loadScenario("builtin:leo-hw-walkthrough");
    ASSERT_TRUE(as<hw::Scenario>(result)) << as<hw::ScenarioError>(result)->toString();
    EXPECT_EQ(as<hw::Scenario>(result)->file, "builtin:leo-hw-walkthrough");
    EXPECT_EQ(as<hw::Scenario>(result)->name, "leo-hw-walkthrough");
}

TEST(LoadScenario, AFileReportsSyntaxErrorsWithItsPathLineAndColumn)
{
    const std::filesystem::path path = tempFile("syntax.json");
    {
        std::ofstream out(path, std::ios::binary);
        out << "{\n  \"format\": \"highwater/1\",\n  \"name\": \"名字\" :\n}\n";
    }
    const auto result = hw::loadScenario(path.string());
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->file, path.string());
    EXPECT_EQ(error->line, 3);
    EXPECT_EQ(error->column, 16) << "the stray colon, counted in characters";
    EXPECT_EQ(error->toString().rfind(path.string() + ":3:16: ", 0), 0u) << error->toString();
    std::filesystem::remove(path);
}

TEST(LoadScenario, AFileOverEightMebibytesIsRefusedBeforeParsing)
{
    const std::filesystem::path path = tempFile("huge.json");
    {
        std::ofstream out(path, std::ios::binary);
        std::string text = baseScenario().dump();
        text.append(hw::limits::scenarioFileBytesMax + 1 - text.size(), ' ');
        out << text;
    }
    const auto result = hw::loadScenario(path.string());
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->file, path.string());
    EXPECT_EQ(error->message, "the file is larger than the limit of 33554432 bytes");

    // One byte less is fine.
    std::filesystem::resize_file(path, hw::limits::scenarioFileBytesMax);
    const auto ok = hw::loadScenario(path.string());
    EXPECT_TRUE(as<hw::Scenario>(ok)) << as<hw::ScenarioError>(ok)->toString();
    std::filesystem::remove(path);
}

// ---------------------------------------------------------------------------------------------
// File errors: each cause has its own message, after the path the user gave.

struct FileCase {
    std::string name;
    std::function<std::string()> path; // makes the file (or not) and returns its path
    std::string message; // the whole message
};

void PrintTo(const FileCase& c, std::ostream* os)
{
    *os << c.name;
}

class FileError : public ::testing::TestWithParam<FileCase> {
protected:
    void TearDown() override
    {
        for (const std::filesystem::path& path : made)
            std::filesystem::remove(path);
        made.clear();
    }

public:
    /// Files a case made, removed after it.
    static inline std::vector<std::filesystem::path> made;
};

/// The error loadScenario reports for `path`, read by the user "nobody" when the test runs as root:
/// root reads any file whatever its permissions, so a real permission error needs another user.
std::string errorAsNobody(const std::string& path)
{
    if (::geteuid() != 0) {
        const auto result = hw::loadScenario(path);
        return as<hw::ScenarioError>(result) ? as<hw::ScenarioError>(result)->toString() : "accepted";
    }
    int pipeFds[2];
    if (::pipe(pipeFds) != 0)
        return "pipe() failed";
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(pipeFds[0]);
        std::string out;
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) {
            out = std::string("cannot become nobody: ") + std::strerror(errno);
        } else {
            const auto result = hw::loadScenario(path);
            out = as<hw::ScenarioError>(result) ? as<hw::ScenarioError>(result)->toString() : "accepted";
        }
        const ssize_t written = ::write(pipeFds[1], out.data(), out.size());
        ::_exit(written == static_cast<ssize_t>(out.size()) ? 0 : 1);
    }
    ::close(pipeFds[1]);
    std::string out;
    char buffer[4096];
    for (ssize_t n; (n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0;)
        out.append(buffer, static_cast<std::size_t>(n));
    ::close(pipeFds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return out;
}

TEST_P(FileError, HasItsOwnMessage)
{
    const FileCase& c = GetParam();
    const std::string path = c.path();
    const auto start = std::chrono::steady_clock::now();
    const auto result = hw::loadScenario(path);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10)) << "loading blocked";
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error) << "accepted";
    EXPECT_EQ(error->file, path);
    EXPECT_EQ(error->line, 0);
    EXPECT_EQ(error->path, "");
    EXPECT_EQ(error->message, c.message);
    EXPECT_EQ(error->toString(), path + ": " + c.message);
}

INSTANTIATE_TEST_SUITE_P(Load, FileError,
    ::testing::Values(FileCase { "MissingFile",
                          [] {
                              const std::string path = tempFile("does-not-exist.json").string();
                              std::filesystem::remove(path);
                              return path;
                          },
                          "no such file" },
        FileCase {
            "MissingDirectory", [] { return std::string("/nonexistent-dir/highwater/x.json"); }, "no such file" },
        FileCase { "ADirectory", [] { return ::testing::TempDir(); }, "a directory, not a scenario file" },
        FileCase { "ThePathGoesThroughAFile",
            [] {
                const std::filesystem::path file = tempFile("plain-file");
                std::ofstream(file) << "{}";
                FileError::made.push_back(file);
                return (file / "x.json").string();
            },
            "cannot open the file for reading: Not a directory" },
        // The kernel refuses to read address 0 of a process: a file that opens but cannot be read.
        FileCase {
            "ReadFails", [] { return std::string("/proc/self/mem"); }, "cannot read the file: Input/output error" },
        // Opening a named pipe for reading waits for a writer; the loader refuses it at once instead.
        FileCase { "ANamedPipe",
            [] {
                const std::filesystem::path fifo = tempFile("fifo.json");
                std::filesystem::remove(fifo);
                if (::mkfifo(fifo.c_str(), 0600) != 0)
                    ADD_FAILURE() << "mkfifo: " << std::strerror(errno);
                FileError::made.push_back(fifo);
                return fifo.string();
            },
            "not a regular file (a named pipe, socket or device)" },
        FileCase { "ADevice", [] { return std::string("/dev/null"); },
            "not a regular file (a named pipe, socket or device)" }),
    [](const auto& info) { return info.param.name; });

TEST(LoadScenario, AnUnreadableFileSaysPermissionDenied)
{
    const std::filesystem::path path = tempFile("unreadable.json");
    {
        std::ofstream out(path, std::ios::binary);
        out << baseScenario().dump();
    }
    std::filesystem::permissions(path, std::filesystem::perms::none);
    EXPECT_EQ(errorAsNobody(path.string()), path.string() + ": permission denied: cannot open the file for reading");
    // Readable again, the same file loads: the message was about permissions, not the content.
    std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    EXPECT_TRUE(as<hw::Scenario>(hw::loadScenario(path.string())));
    std::filesystem::remove(path);
}

TEST(LoadScenario, AFileThatReportsNoSizeIsReadToTheEnd)
{
    // /proc files report a size of 0; reading only st_size bytes would have seen an empty file.
    const auto result = hw::loadScenario("/proc/self/status");
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->line, 1);
    EXPECT_EQ(error->message.find("unexpected end of input"), std::string::npos) << error->toString();
}

TEST(LoadScenario, The120000LevelFileLoadsAsAnError)
{
    const std::filesystem::path path = tempFile("deep.json");
    {
        std::ofstream out(path, std::ios::binary);
        out << repeated("[", 120000) << repeated("]", 120000);
    }
    ASSERT_EQ(std::filesystem::file_size(path), 240000u);
    const auto result = hw::loadScenario(path.string());
    const hw::ScenarioError* error = as<hw::ScenarioError>(result);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->toString(), path.string() + ":1:101: " + tooDeepArray);
    std::filesystem::remove(path);
}

} // namespace
