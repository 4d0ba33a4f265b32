// SPDX-License-Identifier: MIT
// highwater-cli's memory options (issue 10): `--records all|new|none` for `run`, and
// `--memory-budget SIZE` for `run` and `validate`, through the real binary.

#include "cli_runner.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace {

using Json = nlohmann::json;
using hw::test::CliResult;
using hw::test::contains;
using hw::test::runCli;

const std::string steady = std::string(HW_CLI_DATA_DIR) + "/steady.json";

std::vector<Json> frames(const std::string& text)
{
    std::vector<Json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(Json::parse(line));
    return out;
}

TEST(CliRecords, AllIsTheDefaultByteForByte)
{
    const CliResult plain = runCli({ "run", "builtin:leo-hw-walkthrough" });
    const CliResult all = runCli({ "run", "builtin:leo-hw-walkthrough", "--records", "all" });
    EXPECT_EQ(plain.exitCode, 0);
    EXPECT_EQ(all.exitCode, 0);
    EXPECT_EQ(all.out, plain.out);
}

TEST(CliRecords, NewListsOnlyWhatChangedSinceThePreviousLine)
{
    const CliResult all = runCli({ "run", "builtin:leo-hw-walkthrough" });
    const CliResult delta = runCli({ "run", "builtin:leo-hw-walkthrough", "--records", "new" });
    ASSERT_EQ(delta.exitCode, 0) << delta.err;
    const std::vector<Json> a = frames(all.out);
    const std::vector<Json> n = frames(delta.out);
    ASSERT_EQ(n.size(), a.size());
    EXPECT_LT(delta.out.size(), all.out.size());
    // The last frame: each replica lists the records from records_from on, which the previous
    // frame's full list completes to this frame's full list.
    const std::size_t last = a.size() - 1;
    for (std::size_t r = 0; r < a[last]["partitions"][0]["replica_states"].size(); ++r) {
        const Json& fullBefore = a[last - 1]["partitions"][0]["replica_states"][r]["records"];
        const Json& now = n[last]["partitions"][0]["replica_states"][r];
        Json rebuilt = Json::array();
        for (const Json& rec : fullBefore) {
            if (rec["offset"].get<std::int64_t>() < now["records_from"].get<std::int64_t>())
                rebuilt.push_back(rec);
        }
        for (const Json& rec : now["records"])
            rebuilt.push_back(rec);
        EXPECT_EQ(rebuilt, a[last]["partitions"][0]["replica_states"][r]["records"]) << r;
    }
    // The first line lists everything.
    EXPECT_EQ(n[0]["partitions"][0]["replica_states"][0]["records_from"], 0);
}

TEST(CliRecords, NoneLeavesTheRecordListsOut)
{
    const CliResult r = runCli({ "run", "builtin:consumer-group-basics", "--records", "none", "--checkpoints" });
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::vector<Json> lines = frames(r.out);
    ASSERT_FALSE(lines.empty());
    for (const Json& frame : lines) {
        for (const Json& p : frame["partitions"]) {
            for (const Json& rs : p["replica_states"]) {
                EXPECT_FALSE(rs.contains("records"));
                EXPECT_TRUE(rs.contains("leo"));
                EXPECT_TRUE(rs.contains("hw"));
            }
        }
        for (const Json& producer : frame["producers"])
            EXPECT_FALSE(producer.contains("sends"));
        for (const Json& consumer : frame["consumers"])
            EXPECT_FALSE(consumer.contains("received"));
    }
}

TEST(CliRecords, AnUnknownModeIsAUsageError)
{
    for (const std::vector<std::string>& args :
        { std::vector<std::string> { "run", "builtin:leo-hw-walkthrough", "--records", "some" },
            std::vector<std::string> { "run", "builtin:leo-hw-walkthrough", "--records" } }) {
        const CliResult r = runCli(args);
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_EQ(r.out, "");
        EXPECT_TRUE(contains(r.err, "--records")) << r.err;
        EXPECT_TRUE(contains(r.err, "all, new or none")) << r.err;
    }
}

TEST(CliMemoryBudget, ARunStopsAtItsBudgetAfterPrintingItsFrames)
{
    const CliResult r = runCli({ "run", steady, "--records", "none", "--memory-budget", "1MiB" });
    EXPECT_EQ(r.exitCode, 2);
    const std::vector<Json> lines = frames(r.out);
    ASSERT_GT(lines.size(), 1000u);
    const std::int64_t last = lines.back()["frame"];
    EXPECT_EQ(last + 1, static_cast<std::int64_t>(lines.size()));
    EXPECT_TRUE(contains(r.err, steady + ": /steps/0/advance: the run stopped at frame " + std::to_string(last) + " ("))
        << r.err;
    EXPECT_TRUE(contains(r.err, "its history reached the memory budget of 1 MiB")) << r.err;
    EXPECT_TRUE(contains(r.err, "raise it with --memory-budget SIZE")) << r.err;
    // Deterministic: the same frame again.
    const CliResult again = runCli({ "run", steady, "--records", "none", "--memory-budget", "1MiB" });
    EXPECT_EQ(again.out, r.out);
    EXPECT_EQ(again.err, r.err);
}

TEST(CliMemoryBudget, ValidateStopsThereToo)
{
    const CliResult r = runCli({ "validate", steady, "--memory-budget", "1MiB" });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "its history reached the memory budget of 1 MiB")) << r.err;
    const CliResult enough = runCli({ "validate", "builtin:leo-hw-walkthrough", "--memory-budget", "64MiB" });
    EXPECT_EQ(enough.exitCode, 0) << enough.err;
    EXPECT_TRUE(contains(enough.out, ": valid, ")) << enough.out;
}

TEST(CliMemoryBudget, ASizeOutsideItsRangeOrNotASizeIsAUsageError)
{
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases = {
        { { "run", "builtin:leo-hw-walkthrough", "--memory-budget", "512KiB" },
            "--memory-budget 512KiB is outside 1 MiB to 1 TiB" },
        { { "run", "builtin:leo-hw-walkthrough", "--memory-budget", "2TiB" },
            "--memory-budget 2TiB is outside 1 MiB to 1 TiB" },
        { { "run", "builtin:leo-hw-walkthrough", "--memory-budget", "lots" }, "\"lots\" is not a size" },
        { { "run", "builtin:leo-hw-walkthrough", "--memory-budget" }, "--memory-budget needs a size" },
        { { "validate", "builtin:leo-hw-walkthrough", "--memory-budget", "0" }, "\"0\" is not a size" },
    };
    for (const Case& c : cases) {
        const CliResult r = runCli(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.message;
        EXPECT_EQ(r.out, "");
        EXPECT_TRUE(contains(r.err, c.message)) << "expected \"" << c.message << "\" in:\n" << r.err;
    }
}

TEST(CliMemoryBudget, HelpNamesTheOptionsAndTheirRanges)
{
    const CliResult r = runCli({ "--help" });
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_TRUE(contains(r.out, "--records all|new|none")) << r.out;
    EXPECT_TRUE(contains(r.out, "--memory-budget SIZE")) << r.out;
    EXPECT_TRUE(contains(r.out, "1MiB..1TiB")) << r.out;
    EXPECT_TRUE(contains(r.out, "default 4GiB")) << r.out;
}

} // namespace
