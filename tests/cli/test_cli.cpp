// SPDX-License-Identifier: MIT
// highwater-cli as a user runs it: the real binary in a child process, its stdout, stderr and exit
// status. The frame lines must be JSON with the documented keys and match the library's own dump.

#include "check/chaos.h"
#include "scenario/builtin.h"
#include "scenario/frame_json.h"
#include "scenario/scenario.h"

#include "cli_runner.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Json = nlohmann::json;

using hw::test::CliResult;
using hw::test::contains;
using hw::test::lines;
using hw::test::runCli;
const std::string dataDir = HW_CLI_DATA_DIR;

std::string data(const std::string& name)
{
    return dataDir + "/" + name;
}

bool startsWith(const std::string& s, const std::string& prefix)
{
    return s.rfind(prefix, 0) == 0;
}

/// The frame dump the library makes for a scenario: what `run` must print, line for line.
std::vector<std::string> libraryDump(const std::string& source)
{
    std::vector<std::string> out;
    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        ADD_FAILURE() << error->toString();
        return out;
    }
    auto played = hw::playScenario(std::get<hw::Scenario>(loaded));
    if (auto* error = std::get_if<hw::ScenarioError>(&played)) {
        ADD_FAILURE() << error->toString();
        return out;
    }
    const hw::Timeline& timeline = std::get<hw::Timeline>(played);
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f)
        out.push_back(hw::frameToJson(timeline, f, timeline.stateAt(f)).dump());
    return out;
}

// ---------------------------------------------------------------------------------------------
// Frame schema

/// How many nested objects of each kind the schema check saw, so that a dump whose arrays were all
/// empty cannot pass for one that was checked.
struct SchemaCoverage {
    int records = 0;
    int views = 0;
    int sends = 0;
    int labels = 0;
};

bool isIntOrNull(const Json& j)
{
    return j.is_null() || j.is_number_integer();
}

bool isStringOrNull(const Json& j)
{
    return j.is_null() || j.is_string();
}

void expectKey(const Json& object, const char* key, bool (*valid)(const Json&), const std::string& where)
{
    ASSERT_TRUE(object.is_object()) << where << " is not an object";
    ASSERT_TRUE(object.contains(key)) << where << " has no \"" << key << "\"";
    EXPECT_TRUE(valid(object.at(key))) << where << "." << key << " has the wrong type: " << object.at(key).dump();
}

bool isInt(const Json& j)
{
    return j.is_number_integer();
}
bool isString(const Json& j)
{
    return j.is_string();
}
bool isNonEmptyString(const Json& j)
{
    return j.is_string() && !j.get<std::string>().empty();
}
bool isArray(const Json& j)
{
    return j.is_array();
}
bool isObject(const Json& j)
{
    return j.is_object();
}
bool isIntArray(const Json& j)
{
    if (!j.is_array())
        return false;
    for (const Json& e : j) {
        if (!e.is_number_integer())
            return false;
    }
    return true;
}

void checkFrame(const Json& frame, std::int64_t index, SchemaCoverage& seen)
{
    const std::string at = "frame " + std::to_string(index);
    expectKey(frame, "frame", isInt, at);
    expectKey(frame, "time_ms", isInt, at);
    expectKey(frame, "label", isStringOrNull, at);
    expectKey(frame, "event", isObject, at);
    expectKey(frame.at("event"), "type", isNonEmptyString, at + ".event");
    expectKey(frame, "narration", isNonEmptyString, at);
    expectKey(frame, "brokers", isArray, at);
    expectKey(frame, "partitions", isArray, at);
    expectKey(frame, "producers", isArray, at);
    if (::testing::Test::HasFatalFailure())
        return;
    EXPECT_EQ(frame.at("frame").get<std::int64_t>(), index);
    seen.labels += frame.at("label").is_string() ? 1 : 0;

    const std::set<std::string> brokerStates = { "online", "offline", "isolated", "fenced" };
    EXPECT_FALSE(frame.at("brokers").empty()) << at;
    for (std::size_t b = 0; b < frame.at("brokers").size(); ++b) {
        const Json& broker = frame.at("brokers")[b];
        const std::string where = at + ".brokers[" + std::to_string(b) + "]";
        expectKey(broker, "id", isInt, where);
        expectKey(broker, "state", isString, where);
        if (broker.contains("state") && broker.at("state").is_string()) {
            EXPECT_EQ(brokerStates.count(broker.at("state").get<std::string>()), 1u) << where;
        }
    }

    EXPECT_FALSE(frame.at("partitions").empty()) << at;
    for (std::size_t p = 0; p < frame.at("partitions").size(); ++p) {
        const Json& part = frame.at("partitions")[p];
        const std::string where = at + ".partitions[" + std::to_string(p) + "]";
        expectKey(part, "topic", isNonEmptyString, where);
        expectKey(part, "partition", isInt, where);
        expectKey(part, "replicas", isIntArray, where);
        expectKey(part, "leader", isInt, where);
        expectKey(part, "leader_epoch", isInt, where);
        expectKey(part, "partition_epoch", isInt, where);
        expectKey(part, "isr", isIntArray, where);
        expectKey(part, "osr", isIntArray, where);
        expectKey(part, "hw", isInt, where);
        expectKey(part, "replica_states", isArray, where);
        expectKey(part, "leader_view", isArray, where);
        if (::testing::Test::HasFatalFailure())
            return;
        // ISR and OSR split the assigned replicas.
        std::multiset<int> assigned(part.at("replicas").begin(), part.at("replicas").end());
        std::multiset<int> split(part.at("isr").begin(), part.at("isr").end());
        split.insert(part.at("osr").begin(), part.at("osr").end());
        EXPECT_EQ(assigned, split) << where << ": isr + osr != replicas";
        EXPECT_EQ(part.at("replica_states").size(), part.at("replicas").size()) << where;

        for (std::size_t r = 0; r < part.at("replica_states").size(); ++r) {
            const Json& rs = part.at("replica_states")[r];
            const std::string rw = where + ".replica_states[" + std::to_string(r) + "]";
            expectKey(rs, "broker", isInt, rw);
            expectKey(rs, "leo", isInt, rw);
            expectKey(rs, "hw", isInt, rw);
            expectKey(rs, "log_start", isInt, rw);
            expectKey(rs, "records", isArray, rw);
            if (::testing::Test::HasFatalFailure())
                return;
            EXPECT_EQ(static_cast<std::int64_t>(rs.at("records").size()),
                rs.at("leo").get<std::int64_t>() - rs.at("log_start").get<std::int64_t>())
                << rw << ": one record per offset from log_start to leo";
            EXPECT_LE(rs.at("hw").get<std::int64_t>(), rs.at("leo").get<std::int64_t>()) << rw;
            for (std::size_t i = 0; i < rs.at("records").size(); ++i) {
                const Json& rec = rs.at("records")[i];
                const std::string recw = rw + ".records[" + std::to_string(i) + "]";
                expectKey(rec, "offset", isInt, recw);
                expectKey(rec, "epoch", isInt, recw);
                expectKey(rec, "key", isStringOrNull, recw);
                expectKey(rec, "value", isString, recw);
                if (rec.contains("offset") && rec.at("offset").is_number_integer()) {
                    EXPECT_EQ(rec.at("offset").get<std::int64_t>(),
                        rs.at("log_start").get<std::int64_t>() + static_cast<std::int64_t>(i))
                        << recw;
                }
                ++seen.records;
            }
        }
        for (std::size_t v = 0; v < part.at("leader_view").size(); ++v) {
            const Json& view = part.at("leader_view")[v];
            const std::string vw = where + ".leader_view[" + std::to_string(v) + "]";
            expectKey(view, "broker", isInt, vw);
            expectKey(view, "leo", isInt, vw);
            ++seen.views;
        }
    }

    const std::set<std::string> statuses = { "pending", "in-flight", "acked", "failed" };
    for (std::size_t p = 0; p < frame.at("producers").size(); ++p) {
        const Json& producer = frame.at("producers")[p];
        const std::string where = at + ".producers[" + std::to_string(p) + "]";
        expectKey(producer, "id", isNonEmptyString, where);
        expectKey(producer, "acks", isString, where);
        expectKey(producer, "sends", isArray, where);
        if (::testing::Test::HasFatalFailure())
            return;
        for (std::size_t s = 0; s < producer.at("sends").size(); ++s) {
            const Json& send = producer.at("sends")[s];
            const std::string sw = where + ".sends[" + std::to_string(s) + "]";
            expectKey(send, "seq", isInt, sw);
            expectKey(send, "topic", isNonEmptyString, sw);
            expectKey(send, "partition", isInt, sw);
            expectKey(send, "key", isStringOrNull, sw);
            expectKey(send, "value", isString, sw);
            expectKey(send, "offset", isIntOrNull, sw);
            expectKey(send, "status", isString, sw);
            expectKey(send, "error", isStringOrNull, sw);
            if (send.contains("status") && send.at("status").is_string()) {
                EXPECT_EQ(statuses.count(send.at("status").get<std::string>()), 1u) << sw;
            }
            ++seen.sends;
        }
    }
}

/// Parses every line of a dump and checks it against the schema.
std::vector<Json> parseDump(const std::string& out)
{
    std::vector<Json> frames;
    const std::vector<std::string> all = lines(out);
    for (std::size_t i = 0; i < all.size(); ++i) {
        Json j;
        try {
            j = Json::parse(all[i]);
        } catch (const Json::parse_error& e) {
            ADD_FAILURE() << "line " << i + 1 << " is not JSON: " << e.what() << "\n" << all[i];
            continue;
        }
        frames.push_back(j);
    }
    return frames;
}

// ---------------------------------------------------------------------------------------------
// list and help

TEST(CliList, PrintsEveryBuiltinWithItsTitle)
{
    const CliResult r = runCli({ "list" });
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<std::string> out = lines(r.out);
    ASSERT_EQ(out.size(), hw::builtinScenarios().size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::string name(hw::builtinScenarios()[i].name);
        EXPECT_TRUE(startsWith(out[i], name + "\t")) << out[i];
        EXPECT_GT(out[i].size(), name.size() + 1) << "a title follows the tab";
    }
    EXPECT_TRUE(contains(r.out, "leo-hw-walkthrough\tHow LEO and HW move: the four-step walkthrough\n")) << r.out;
}

TEST(CliList, TakesNoArguments)
{
    const CliResult r = runCli({ "list", "extra" });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "highwater-cli: list: takes no arguments, got \"extra\" (see 'highwater-cli list --help')\n");
}

TEST(CliHelp, PrintsUsageAndSucceeds)
{
    for (const char* flag : { "--help", "-h", "help" }) {
        const CliResult r = runCli({ flag });
        EXPECT_EQ(r.exitCode, 0) << flag;
        EXPECT_TRUE(startsWith(r.out, "usage: highwater-cli")) << flag << ": " << r.out;
        EXPECT_EQ(r.err, "") << flag;
    }
}

// ---------------------------------------------------------------------------------------------
// run

TEST(CliRun, TheWalkthroughPrintsOneJsonFramePerLine)
{
    const CliResult r = runCli({ "run", "builtin:leo-hw-walkthrough" });
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    ASSERT_FALSE(r.out.empty());
    EXPECT_EQ(r.out.back(), '\n') << "the last line is complete";
    SchemaCoverage seen;
    const std::vector<Json> frames = parseDump(r.out);
    ASSERT_EQ(frames.size(), lines(r.out).size()) << "every line parses";
    ASSERT_GT(frames.size(), 4u);
    for (std::size_t i = 0; i < frames.size(); ++i) {
        checkFrame(frames[i], static_cast<std::int64_t>(i), seen);
        if (HasFatalFailure())
            return;
        if (i > 0) {
            EXPECT_GE(frames[i].at("time_ms").get<std::int64_t>(), frames[i - 1].at("time_ms").get<std::int64_t>())
                << "frame " << i;
        }
    }
    EXPECT_EQ(frames.front().at("event").at("type"), "cluster-created");
    EXPECT_EQ(frames.front().at("time_ms"), 0);
    EXPECT_GT(seen.records, 0);
    EXPECT_GT(seen.views, 0);
    EXPECT_GT(seen.sends, 0);
    EXPECT_EQ(seen.labels, 4);
}

TEST(CliRun, PrintsExactlyWhatTheLibraryDumps)
{
    const CliResult r = runCli({ "run", "builtin:leo-hw-walkthrough" });
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::vector<std::string> expected = libraryDump("builtin:leo-hw-walkthrough");
    const std::vector<std::string> got = lines(r.out);
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        EXPECT_EQ(got[i], expected[i]) << "frame " << i;
}

TEST(CliRun, DumpJsonlIsTheDefaultFormat)
{
    const CliResult plain = runCli({ "run", "builtin:leo-hw-walkthrough" });
    const CliResult jsonl = runCli({ "run", "builtin:leo-hw-walkthrough", "--dump", "jsonl" });
    const CliResult before = runCli({ "run", "--dump", "jsonl", "builtin:leo-hw-walkthrough" });
    EXPECT_EQ(jsonl.exitCode, 0) << jsonl.err;
    EXPECT_EQ(before.exitCode, 0) << before.err;
    EXPECT_EQ(jsonl.out, plain.out);
    EXPECT_EQ(before.out, plain.out);
}

TEST(CliRun, TwoRunsPrintTheSameBytes)
{
    EXPECT_EQ(runCli({ "run", "builtin:leo-hw-walkthrough" }).out, runCli({ "run", "builtin:leo-hw-walkthrough" }).out);
}

TEST(CliRun, CheckpointsPrintsTheFourLabelledFrames)
{
    const CliResult r = runCli({ "run", "builtin:leo-hw-walkthrough", "--checkpoints" });
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<std::string> got = lines(r.out);
    ASSERT_EQ(got.size(), 4u) << r.out;
    const std::vector<std::string> all = libraryDump("builtin:leo-hw-walkthrough");
    SchemaCoverage seen;
    std::int64_t previous = -1;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const Json frame = Json::parse(got[i]);
        checkFrame(frame, frame.at("frame").get<std::int64_t>(), seen);
        EXPECT_EQ(frame.at("label"), std::to_string(i + 1));
        EXPECT_TRUE(frame.at("note").is_object()) << "each checkpoint carries its note";
        const std::int64_t index = frame.at("frame").get<std::int64_t>();
        EXPECT_GT(index, previous) << "in frame order";
        previous = index;
        ASSERT_LT(static_cast<std::size_t>(index), all.size());
        EXPECT_EQ(got[i], all[static_cast<std::size_t>(index)]) << "the same line as in the full run";
    }
    // The article's step 3: LEOs 4, 4, 3 and HW 3.
    const Json three = Json::parse(got[2]);
    EXPECT_EQ(three.at("partitions")[0].at("hw"), 3);
    std::vector<std::int64_t> leos;
    for (const Json& rs : three.at("partitions")[0].at("replica_states"))
        leos.push_back(rs.at("leo").get<std::int64_t>());
    EXPECT_EQ(leos, (std::vector<std::int64_t> { 4, 4, 3 }));
}

TEST(CliRun, CheckpointsWorksWithDumpInAnyOrder)
{
    const CliResult a = runCli({ "run", "--checkpoints", "builtin:leo-hw-walkthrough", "--dump", "jsonl" });
    const CliResult b = runCli({ "run", "builtin:leo-hw-walkthrough", "--checkpoints" });
    EXPECT_EQ(a.exitCode, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
}

TEST(CliRun, AScenarioFileRunsToo)
{
    const CliResult r = runCli({ "run", data("good.json") });
    ASSERT_EQ(r.exitCode, 0) << r.err;
    SchemaCoverage seen;
    const std::vector<Json> frames = parseDump(r.out);
    ASSERT_EQ(frames.size(), lines(r.out).size());
    for (std::size_t i = 0; i < frames.size(); ++i) {
        checkFrame(frames[i], static_cast<std::int64_t>(i), seen);
        if (HasFatalFailure())
            return;
    }
    EXPECT_EQ(lines(r.out), libraryDump(data("good.json")));
    EXPECT_EQ(seen.labels, 2);
    EXPECT_GT(seen.sends, 0);

    const CliResult checkpoints = runCli({ "run", data("good.json"), "--checkpoints" });
    ASSERT_EQ(checkpoints.exitCode, 0) << checkpoints.err;
    const std::vector<std::string> labelled = lines(checkpoints.out);
    ASSERT_EQ(labelled.size(), 2u);
    EXPECT_EQ(Json::parse(labelled[0]).at("label"), "sent");
    EXPECT_EQ(Json::parse(labelled[1]).at("label"), "settled");
    EXPECT_EQ(Json::parse(labelled[1]).at("note").at("zh_TW"), "全部同步完成。");
}

TEST(CliRun, AnInvalidScenarioPrintsNoFrames)
{
    for (const char* file : { "bad-syntax.json", "bad-replication-factor.json" }) {
        const CliResult r = runCli({ "run", data(file) });
        EXPECT_EQ(r.exitCode, 2) << file;
        EXPECT_EQ(r.out, "") << file;
        EXPECT_TRUE(startsWith(r.err, "highwater-cli: " + data(file) + ":")) << file << ": " << r.err;
    }
}

TEST(CliRun, AStepThatCannotRunEndsTheDumpWithAnError)
{
    // The frames before the failing step are printed, then the error, and the exit status is 2.
    const CliResult r = runCli({ "run", data("bad-fetch-by-leader.json") });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err,
        "highwater-cli: " + data("bad-fetch-by-leader.json")
            + ": /steps/1/fetch: broker 1 leads orders-0; only followers fetch\n");
    const std::vector<std::string> got = lines(r.out);
    ASSERT_FALSE(got.empty()) << "the produce step made frames";
    SchemaCoverage seen;
    for (std::size_t i = 0; i < got.size(); ++i) {
        checkFrame(Json::parse(got[i]), static_cast<std::int64_t>(i), seen);
        if (HasFatalFailure())
            return;
    }
    const Json last = Json::parse(got.back());
    EXPECT_EQ(last.at("partitions")[0].at("replica_states")[0].at("leo"), 1) << "the produced record is in the dump";
}

// ---------------------------------------------------------------------------------------------
// validate

TEST(CliValidate, AGoodFileIsValid)
{
    const CliResult r = runCli({ "validate", data("good.json") });
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::size_t frames = libraryDump(data("good.json")).size();
    EXPECT_EQ(r.out, data("good.json") + ": valid, " + std::to_string(frames) + " frames, 2 checkpoints\n");
}

TEST(CliValidate, TheBuiltinIsValid)
{
    const CliResult r = runCli({ "validate", "builtin:leo-hw-walkthrough" });
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(contains(r.out, ": valid, ")) << r.out;
    EXPECT_TRUE(contains(r.out, " 4 checkpoints")) << r.out;
}

TEST(CliValidate, ASyntaxErrorIsReportedAtFileLineColumn)
{
    // Line 4 is `  "cluster": {"brokers": 3,, }`; the second comma is character 28.
    const CliResult r = runCli({ "validate", data("bad-syntax.json") });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(startsWith(r.err, "highwater-cli: " + data("bad-syntax.json") + ":4:28: ")) << r.err;
    EXPECT_TRUE(contains(r.err, "unexpected ','")) << r.err;
    EXPECT_EQ(lines(r.err).size(), 1u) << "one line, no usage text: " << r.err;
}

TEST(CliValidate, ASemanticErrorNamesTheJsonPath)
{
    const CliResult r = runCli({ "validate", data("bad-replication-factor.json") });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
        "highwater-cli: " + data("bad-replication-factor.json")
            + ": /topics/0/replication.factor: replication factor 4 is larger than the 3 brokers of the "
              "cluster\n");
}

TEST(CliValidate, AStepThatCannotRunNamesTheStep)
{
    const CliResult r = runCli({ "validate", data("bad-fetch-by-leader.json") });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
        "highwater-cli: " + data("bad-fetch-by-leader.json")
            + ": /steps/1/fetch: broker 1 leads orders-0; only followers fetch\n");
}

TEST(CliValidate, TakesExactlyOneFile)
{
    const std::string help = " (see 'highwater-cli validate --help')\n";
    const CliResult none = runCli({ "validate" });
    EXPECT_EQ(none.exitCode, 2);
    EXPECT_EQ(none.out, "");
    EXPECT_EQ(none.err, "highwater-cli: validate: needs a file" + help);
    const CliResult two = runCli({ "validate", data("good.json"), data("bad-syntax.json") });
    EXPECT_EQ(two.exitCode, 2);
    EXPECT_EQ(two.out, "");
    EXPECT_EQ(two.err,
        "highwater-cli: validate: takes one file, got \"" + data("good.json") + "\" and \"" + data("bad-syntax.json")
            + "\"" + help);
}

// ---------------------------------------------------------------------------------------------
// Bad invocations and missing input: exit 2, a message on stderr, nothing on stdout.

struct BadInvocation {
    std::string name;
    std::vector<std::string> args;
    std::string message;
};

void PrintTo(const BadInvocation& b, std::ostream* os)
{
    *os << b.name;
}

class CliBadInvocation : public ::testing::TestWithParam<BadInvocation> { };

TEST_P(CliBadInvocation, ExitsWithTwo)
{
    const BadInvocation& b = GetParam();
    const CliResult r = runCli(b.args);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, b.message)) << "expected \"" << b.message << "\" in:\n" << r.err;
    // One message, in one line, with the CLI's prefix.
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_TRUE(startsWith(r.err, "highwater-cli: ")) << r.err;
}

const std::string missingFile = "/nonexistent-dir/highwater/missing.json";

INSTANTIATE_TEST_SUITE_P(Usage, CliBadInvocation,
    ::testing::Values(
        BadInvocation { "NoCommand", {}, "highwater-cli: no command given (see 'highwater-cli --help')\n" },
        BadInvocation { "UnknownCommand", { "frobnicate" }, "highwater-cli: unknown command \"frobnicate\"" },
        BadInvocation { "CommandInTheWrongCase", { "RUN", "builtin:leo-hw-walkthrough" }, "unknown command \"RUN\"" },
        BadInvocation {
            "UnknownOption", { "run", "builtin:leo-hw-walkthrough", "--verbose" }, "run: unknown option --verbose" },
        BadInvocation {
            "UnknownOptionBeforeTheScenario", { "run", "-x", "builtin:leo-hw-walkthrough" }, "unknown option -x" },
        BadInvocation { "UnknownDumpFormat", { "run", "builtin:leo-hw-walkthrough", "--dump", "xml" },
            "unknown dump format \"xml\"" },
        BadInvocation {
            "DumpWithoutFormat", { "run", "builtin:leo-hw-walkthrough", "--dump" }, "--dump needs a format" },
        BadInvocation { "RunWithoutScenario", { "run" }, "run: needs a scenario" },
        BadInvocation { "RunWithTwoScenarios", { "run", "builtin:leo-hw-walkthrough", "builtin:leo-hw-walkthrough" },
            "run: takes one scenario" },
        BadInvocation { "RunMissingFile", { "run", missingFile }, missingFile + ": no such file\n" },
        BadInvocation {
            "ValidateMissingFile", { "validate", missingFile }, missingFile + ": no such file\n" },
        BadInvocation { "RunUnknownBuiltin", { "run", "builtin:nope" }, "no built-in scenario named \"nope\"" },
        BadInvocation {
            "ValidateUnknownBuiltin", { "validate", "builtin:nope" }, "no built-in scenario named \"nope\"" },
        BadInvocation { "ChaosWithoutSeed", { "chaos" }, "chaos: needs --seed N" },
        BadInvocation { "ChaosWithABadSeed", { "chaos", "--seed", "one" }, "--seed needs a non-negative integer" },
        BadInvocation {
            "ChaosWithAnUnknownArgument", { "chaos", "--seed", "1", "--fast" }, "chaos: unknown option --fast" }),
    [](const auto& info) { return info.param.name; });

TEST(CliBadInvocation, AUsageErrorIsOneLineThatPointsToTheHelp)
{
    // The whole usage (dozens of lines) would bury the one line that says what is wrong.
    const CliResult r = runCli({ "frobnicate" });
    EXPECT_EQ(r.err, "highwater-cli: unknown command \"frobnicate\" (see 'highwater-cli --help')\n");
    const CliResult help = runCli({ "--help" });
    EXPECT_TRUE(contains(help.out, "usage: highwater-cli <command>")) << help.out;
    EXPECT_TRUE(contains(help.out, "Exit status: 0 success (compare: nothing differs); 1 when compare finds "
                                   "differences or chaos a\nfailing run; 2 invalid input, or a file or standard "
                                   "output that could not be written"))
        << help.out;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// chaos: random fault schedules from the command line, and run-time step errors in `run`

namespace {

/// A file name in the test's temp directory, unique to this process.
std::string tempPath(const std::string& name)
{
    return ::testing::TempDir() + "/hwcli_" + std::to_string(::getpid()) + "_" + name;
}

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

TEST(CliChaos, RunsTheSeedsAndPrintsOneSummaryLine)
{
    const CliResult r = runCli({ "chaos", "--seed", "1", "--runs", "5" });
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<std::string> out = lines(r.out);
    ASSERT_EQ(out.size(), 1u) << "no failures, so only the summary:\n" << r.out;
    std::smatch m;
    ASSERT_TRUE(std::regex_match(out[0], m, std::regex(R"(5 runs, (\d+) frames checked, 0 failed)"))) << out[0];
    // The frames the library's runs make for the same seeds.
    std::int64_t frames = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
        frames += hw::runChaos(seed).frames;
    EXPECT_EQ(std::stoll(m[1].str()), frames);
}

TEST(CliChaos, AllowLossRunsToo)
{
    const CliResult r = runCli({ "chaos", "--seed", "10", "--runs", "3", "--allow-loss" });
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(std::regex_match(lines(r.out).back(), std::regex(R"(3 runs, \d+ frames checked, 0 failed)"))) << r.out;
}

TEST(CliChaos, EmitWritesAScenarioThatValidatesAndRunsTheSameTwice)
{
    const std::string file = tempPath("chaos-7.json");
    ::unlink(file.c_str());
    const CliResult chaos = runCli({ "chaos", "--seed", "7", "--emit", file });
    ASSERT_EQ(chaos.exitCode, 0) << chaos.out << chaos.err;
    const std::string emitted = slurp(file);
    ASSERT_FALSE(emitted.empty()) << "nothing written to " << file;
    // It is the library's schedule for seed 7, as a highwater/1 file.
    const hw::ChaosResult expected = hw::runChaos(7);
    EXPECT_EQ(emitted, hw::scenarioToJson(expected.scenario));
    EXPECT_EQ(Json::parse(emitted).at("format"), "highwater/1");

    const CliResult valid = runCli({ "validate", file });
    EXPECT_EQ(valid.exitCode, 0) << valid.err;
    EXPECT_EQ(valid.err, "");
    EXPECT_EQ(valid.out, file + ": valid, " + std::to_string(expected.frames) + " frames, 0 checkpoints\n");

    const CliResult first = runCli({ "run", file });
    const CliResult second = runCli({ "run", file });
    EXPECT_EQ(first.exitCode, 0) << first.err;
    EXPECT_EQ(second.exitCode, 0) << second.err;
    EXPECT_EQ(first.err, "");
    EXPECT_FALSE(first.out.empty());
    EXPECT_TRUE(first.out == second.out) << "two runs of the emitted scenario printed different dumps";
    EXPECT_EQ(static_cast<std::int64_t>(lines(first.out).size()), expected.frames);
    ::unlink(file.c_str());
}

TEST(CliChaos, EmitWritesOnlyTheFirstSeedsSchedule)
{
    const std::string file = tempPath("chaos-first.json");
    ::unlink(file.c_str());
    const CliResult r = runCli({ "chaos", "--seed", "3", "--runs", "2", "--emit", file });
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(slurp(file), hw::scenarioToJson(hw::runChaos(3).scenario));
    ::unlink(file.c_str());
}

TEST(CliChaos, EmitDashWritesTheScenarioToStandardOutputAndTheReportToStandardError)
{
    const hw::ChaosResult expected = hw::runChaos(7);
    const CliResult r = runCli({ "chaos", "--seed", "7", "--emit", "-" });
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, hw::scenarioToJson(expected.scenario));
    EXPECT_EQ(r.err, "1 runs, " + std::to_string(expected.frames) + " frames checked, 0 failed\n");
}

TEST(CliChaos, TheLargestSeedsAreRunOrRefusedNeverSilentlySkipped)
{
    // Seeds N..N+K-1 near the top of the 64-bit range: the summary must not claim runs it never made.
    const CliResult r = runCli({ "chaos", "--seed", "18446744073709551614", "--runs", "2" });
    if (r.exitCode == 2) {
        EXPECT_EQ(r.out, "");
        EXPECT_TRUE(contains(r.err, "--seed")) << r.err;
        return;
    }
    EXPECT_EQ(r.exitCode, 0) << r.err;
    std::smatch m;
    const std::string last = lines(r.out).empty() ? "" : lines(r.out).back();
    ASSERT_TRUE(std::regex_match(last, m, std::regex(R"(2 runs, (\d+) frames checked, 0 failed)"))) << r.out;
    EXPECT_GT(std::stoll(m[1].str()), 0) << "2 runs reported, but no frame was checked";
}

INSTANTIATE_TEST_SUITE_P(ChaosUsage, CliBadInvocation,
    ::testing::Values(
        BadInvocation { "SeedWithoutValue", { "chaos", "--seed" }, "--seed needs a non-negative integer" },
        BadInvocation { "NegativeSeed", { "chaos", "--seed", "-1" }, "--seed needs a non-negative integer" },
        BadInvocation { "SeedWithTrailingText", { "chaos", "--seed", "12x" }, "--seed needs a non-negative integer" },
        BadInvocation {
            "ZeroRuns", { "chaos", "--seed", "1", "--runs", "0" }, "--runs needs an integer in 1..1000000" },
        BadInvocation {
            "TooManyRuns", { "chaos", "--seed", "1", "--runs", "1000001" }, "--runs needs an integer in 1..1000000" },
        BadInvocation {
            "RunsNotANumber", { "chaos", "--seed", "1", "--runs", "many" }, "--runs needs an integer in 1..1000000" },
        BadInvocation {
            "RunsWithoutValue", { "chaos", "--seed", "1", "--runs" }, "--runs needs an integer in 1..1000000" },
        BadInvocation { "EmitWithoutFile", { "chaos", "--seed", "1", "--emit" }, "--emit needs a file name" },
        BadInvocation { "RunsWithoutSeed", { "chaos", "--runs", "3" }, "chaos: needs --seed N" },
        BadInvocation { "EmitToAnUnwritablePath",
            { "chaos", "--seed", "1", "--emit", "/nonexistent-dir/highwater/x.json" },
            "highwater-cli: cannot write /nonexistent-dir/highwater/x.json: No such file or directory\n" }),
    [](const auto& info) { return info.param.name; });

TEST(CliRun, AStepThatFailsAtRunTimeExitsWithTwoAfterPrintingTheEarlierFrames)
{
    // The file is valid; its last step restarts a broker that is running, which only the run can tell.
    const std::string file = tempPath("restart-running.json");
    {
        std::ofstream out(file, std::ios::binary);
        out << R"({"format": "highwater/1", "name": "restart-running",
  "cluster": {"brokers": 3, "config": {"auto.fetch": false}},
  "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
  "producers": [{"id": "p1", "acks": "1"}],
  "steps": [
    {"produce": {"producer": "p1", "topic": "orders", "values": ["m0"]}},
    {"kill": {"broker": 3}},
    {"checkpoint": "killed"},
    {"restart": {"broker": 2}},
    {"checkpoint": "never"}
  ]}
)";
    }
    const CliResult r = runCli({ "run", file });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "highwater-cli: " + file + ": /steps/3/restart: broker 2 is running; kill or shut it down first\n");
    const std::vector<std::string> got = lines(r.out);
    ASSERT_GE(got.size(), 3u) << "the frames of the produce and the kill are printed";
    SchemaCoverage seen;
    for (std::size_t i = 0; i < got.size(); ++i) {
        checkFrame(Json::parse(got[i]), static_cast<std::int64_t>(i), seen);
        if (HasFatalFailure())
            return;
    }
    const Json last = Json::parse(got.back());
    EXPECT_EQ(last.at("label"), "killed");
    EXPECT_EQ(last.at("event").at("type"), "broker-killed");
    EXPECT_EQ(last.at("brokers")[2].at("state"), "offline");
    EXPECT_EQ(last.at("brokers")[1].at("state"), "online");

    // validate reports the same error and prints no frames.
    const CliResult v = runCli({ "validate", file });
    EXPECT_EQ(v.exitCode, 2);
    EXPECT_EQ(v.out, "");
    EXPECT_EQ(v.err, r.err);
    ::unlink(file.c_str());
}

} // namespace
