// SPDX-License-Identifier: MIT
// `highwater-cli real` before any JVM starts: its usage errors, the refusals of what real Kafka cannot
// run (each on its own line with its JSON path), and a directory that is not a distribution or is of
// another version than the scenario's. The runs themselves are tests/realkafka's (label real).
#include "cli_runner.h"

#include <gtest/gtest.h>

#include <cctype>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace {

using hw::test::CliResult;
using hw::test::contains;
using hw::test::lines;
using hw::test::runCli;
namespace fs = std::filesystem;

const std::string pointer = " (see 'highwater-cli real --help')\n";

/// A directory laid out like a release tarball of this version (empty jars: nothing starts from it).
fs::path fakeDistribution(const std::string& version)
{
    const fs::path dir = fs::temp_directory_path() / ("hwcli_real_" + std::to_string(::getpid()) + "_" + version);
    fs::create_directories(dir / "libs");
    fs::create_directories(dir / "config");
    std::ofstream(dir / "libs" / ("kafka_2.13-" + version + ".jar"));
    std::ofstream(dir / "config" / "log4j2.yaml");
    std::ofstream(dir / "config" / "tools-log4j2.yaml");
    return dir;
}

TEST(CliReal, HelpAndUsageErrors)
{
    const CliResult help = runCli({ "real", "--help" });
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_EQ(help.out.rfind("usage: highwater-cli real SCENARIO --kafka DIR", 0), 0u) << help.out;
    EXPECT_TRUE(contains(help.out, "exit status 3 when the real run fails"));
    EXPECT_TRUE(contains(runCli({ "--help" }).out, "\n  real SCENARIO --kafka DIR"));

    const CliResult noKafka = runCli({ "real", "builtin:leader-failover" });
    EXPECT_EQ(noKafka.exitCode, 2);
    EXPECT_EQ(noKafka.out, "");
    EXPECT_EQ(noKafka.err, "highwater-cli: real: needs --kafka DIR, a Kafka distribution (e.g. --kafka \"$(scripts/kafka-dist "
                           "4.4)\")" + pointer);
    const CliResult noValue = runCli({ "real", "builtin:leader-failover", "--kafka" });
    EXPECT_EQ(noValue.exitCode, 2);
    EXPECT_EQ(noValue.err, "highwater-cli: real: --kafka needs a Kafka distribution's directory (scripts/kafka-dist X.Y "
                           "prints one)" + pointer);
    const CliResult dump = runCli({ "real", "builtin:leader-failover", "--kafka", "/tmp", "--dump", "csv" });
    EXPECT_EQ(dump.err, "highwater-cli: real: unknown dump format \"csv\"; the only format is jsonl" + pointer);
    const CliResult noScenario = runCli({ "real", "--kafka", "/tmp" });
    EXPECT_EQ(noScenario.err, "highwater-cli: real: needs a scenario (a file path or builtin:NAME)" + pointer);
    const CliResult unknown = runCli({ "real", "builtin:leader-failover", "--kafka", "/tmp", "--frobnicate" });
    EXPECT_EQ(unknown.err, "highwater-cli: real: unknown option --frobnicate" + pointer);
}

TEST(CliReal, WhatRealKafkaCannotRunIsRefusedLineByLineBeforeAnythingStarts)
{
    // The walkthrough steps its followers by hand: every manual fetch is named, and the directory is not
    // even looked at.
    const CliResult r = runCli({ "real", "builtin:leo-hw-walkthrough", "--kafka", "/nonexistent" });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    const std::vector<std::string> errors = lines(r.err);
    ASSERT_GE(errors.size(), 2u) << r.err;
    EXPECT_EQ(errors[0], "highwater-cli: real: builtin:leo-hw-walkthrough: /cluster/config/auto.fetch: real followers "
                         "always fetch: manual fetch rounds (auto.fetch false) have no counterpart");
    for (std::size_t i = 1; i < errors.size(); ++i)
        EXPECT_TRUE(errors[i].rfind("highwater-cli: real: builtin:leo-hw-walkthrough: /steps/", 0) == 0
            && contains(errors[i], "/fetch: a manual fetch round has no counterpart"))
            << errors[i];
}

TEST(CliReal, ADirectoryThatIsNoDistributionOrOfAnotherVersionIsNamed)
{
    const CliResult missing = runCli({ "real", "builtin:leader-failover", "--kafka", "/nonexistent/kafka" });
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_EQ(missing.err, "highwater-cli: real: /nonexistent/kafka is not a Kafka distribution: no such directory\n");

    const fs::path old = fakeDistribution("4.2.2");
    const CliResult other = runCli({ "real", "builtin:leader-failover", "--kafka", old.string() });
    EXPECT_EQ(other.exitCode, 2);
    EXPECT_EQ(other.err, "highwater-cli: real: the scenario's cluster.kafka_version is 4.4 but " + old.string()
            + " holds Kafka 4.2.2 (run the scenario with a 4.4.x distribution: scripts/kafka-dist 4.4)\n");
    fs::remove_all(old);
}

// `highwater-cli compare SCENARIO --kafka DIR` before and around the real run: its usage errors, the
// refusals and the distribution checks it shares with `real`, a --json target checked before the run,
// and a real run that fails (exit status 3). The comparison itself is realkafka.Differential.*'s; a
// whole run is real.compare.leader_failover (label real).

const std::string comparePointer = " (see 'highwater-cli compare --help')\n";

TEST(CliCompareReal, HelpAndUsageErrors)
{
    const CliResult help = runCli({ "compare", "--help" });
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_TRUE(contains(help.out, "\n  compare SCENARIO... --kafka DIR [--checkpoints] [--json FILE]\n")) << help.out;
    // The description's phrases, whatever line they wrap onto.
    std::string flat;
    for (const char c : help.out)
        if (!(std::isspace(static_cast<unsigned char>(c)) && !flat.empty() && flat.back() == ' '))
            flat += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
    EXPECT_TRUE(contains(flat, "3 when a real run fails")) << help.out;
    EXPECT_TRUE(contains(flat, "only quiescent checkpoints are compared, never timings")) << help.out;
    EXPECT_TRUE(contains(flat, "several scenarios, up to 64, run one after the other and share one cluster where they allow it"))
        << help.out;
    EXPECT_TRUE(contains(runCli({ "--help" }).out, "\n  compare SCENARIO... --kafka DIR"));

    const auto usage = [](std::vector<std::string> args, const std::string& message) {
        args.insert(args.begin(), "compare");
        const CliResult r = runCli(args);
        EXPECT_EQ(r.exitCode, 2) << message;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err, "highwater-cli: compare: " + message + comparePointer);
    };
    usage({ "builtin:leader-failover", "--versions", "4.2,4.4", "--kafka", "/tmp" },
        "takes --versions A,B or --kafka DIR, not both");
    usage({ "builtin:leader-failover", "--kafka", "/tmp", "--json", "-" },
        "--json needs a file: standard output carries the comparison's text");
    usage({ "builtin:leader-failover", "--kafka", "/tmp", "--memory-budget", "1GiB" },
        "--memory-budget applies to --versions only");
    usage({ "builtin:leader-failover", "--versions", "4.2,4.4", "--json", "x.json" },
        "--json goes with --kafka DIR (a comparison with real Kafka)");
    usage({ "--kafka", "/tmp" }, "needs a scenario (a file path or builtin:NAME)");
    usage({ "builtin:leader-failover", "--kafka" },
        "--kafka needs a Kafka distribution's directory (scripts/kafka-dist X.Y prints one)");
    usage({ "builtin:leader-failover", "--kafka", "/tmp", "--json" }, "--json needs a file to write the comparison to");
}

TEST(CliCompareReal, RefusalsAndDistributionsAreCheckedBeforeAnythingStarts)
{
    const CliResult refused = runCli({ "compare", "builtin:leo-hw-walkthrough", "--kafka", "/nonexistent" });
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_EQ(refused.out, "");
    const std::vector<std::string> errors = lines(refused.err);
    ASSERT_GE(errors.size(), 2u) << refused.err;
    EXPECT_EQ(errors[0], "highwater-cli: compare: builtin:leo-hw-walkthrough: /cluster/config/auto.fetch: real "
                         "followers always fetch: manual fetch rounds (auto.fetch false) have no counterpart");

    const CliResult missing = runCli({ "compare", "builtin:leader-failover", "--kafka", "/nonexistent/kafka" });
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_EQ(missing.err, "highwater-cli: compare: /nonexistent/kafka is not a Kafka distribution: no such directory\n");

    const fs::path old = fakeDistribution("4.2.2");
    const CliResult other = runCli({ "compare", "builtin:leader-failover", "--kafka", old.string() });
    EXPECT_EQ(other.exitCode, 2);
    EXPECT_EQ(other.err, "highwater-cli: compare: the scenario's cluster.kafka_version is 4.4 but " + old.string()
            + " holds Kafka 4.2.2 (run the scenario with a 4.4.x distribution: scripts/kafka-dist 4.4)\n");
    fs::remove_all(old);
}

TEST(CliCompareReal, AJsonTargetThatCannotBeWrittenIsRefusedBeforeTheRun)
{
    const fs::path dist = fakeDistribution("4.4.0");
    const CliResult r = runCli({ "compare", "builtin:leader-failover", "--kafka", dist.string(), "--json", dist.string() });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "highwater-cli: compare: cannot write the comparison to " + dist.string()
            + ": a directory, not a regular file\n");
    fs::remove_all(dist);
}

TEST(CliCompareReal, ARealRunThatFailsIsExitStatus3AndWritesNoJson)
{
    // A distribution of the right version whose jars are empty: the simulation runs, the cluster's
    // StorageTool cannot.
    const fs::path dist = fakeDistribution("4.4.0");
    const fs::path json = dist / "comparison.json";
    const CliResult r = runCli({ "compare", "builtin:leader-failover", "--kafka", dist.string(), "--json", json.string() });
    EXPECT_EQ(r.exitCode, 3) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "highwater-cli: compare: simulating leader-failover\n")) << r.err;
    EXPECT_TRUE(contains(r.err, "highwater-cli: compare: the real run: ")) << r.err;
    EXPECT_FALSE(fs::exists(json));
    fs::remove_all(dist);
}

} // namespace
