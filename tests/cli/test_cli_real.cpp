// SPDX-License-Identifier: MIT
// `highwater-cli real` before any JVM starts: its usage errors, the refusals of what real Kafka cannot
// run (each on its own line with its JSON path), and a directory that is not a distribution or is of
// another version than the scenario's. The runs themselves are tests/realkafka's (label real).
#include "cli_runner.h"

#include <gtest/gtest.h>

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

} // namespace
