// SPDX-License-Identifier: MIT
#include "cli_real.h"

#include "cli_common.h"
#include "realkafka/distribution.h"
#include "realkafka/process.h"
#include "realkafka/runner.h"
#include "scenario/scenario.h"

#include <atomic>
#include <csignal>
#include <iostream>

namespace hw::cli {

namespace {

std::atomic<bool> g_interrupted { false };

/// SIGINT and SIGTERM: every JVM dies at once (their waits then fail fast), and the run unwinds at its
/// next wait, removing its folder on the way out.
extern "C" void onRealSignal(int)
{
    g_interrupted.store(true);
    realkafka::killAllChildren();
}

} // namespace

int runReal(const std::vector<std::string>& args)
{
    std::string source;
    std::string kafkaDir;
    std::string dumpText;
    bool checkpointsOnly = false;
    Arguments arguments("real", commandHelp(HW_CLI_REAL_USAGE));
    arguments.positional(source, "one scenario");
    arguments.option("--kafka", kafkaDir, "a Kafka distribution's directory (scripts/kafka-dist X.Y prints one)");
    arguments.option("--dump", dumpText, "a format (jsonl)");
    arguments.flag("--checkpoints", checkpointsOnly);
    if (const std::optional<int> done = arguments.parse(args))
        return *done;
    if (arguments.given("--dump") && dumpText != "jsonl")
        return arguments.error("unknown dump format \"" + dumpText + "\"; the only format is jsonl");
    if (source.empty())
        return arguments.error("needs a scenario (a file path or builtin:NAME)");
    if (!arguments.given("--kafka"))
        return arguments.error("needs --kafka DIR, a Kafka distribution (e.g. --kafka \"$(scripts/kafka-dist 4.4)\")");

    auto loaded = loadScenario(source);
    if (auto* error = std::get_if<ScenarioError>(&loaded))
        return fail(error->toString());
    const Scenario& scenario = std::get<Scenario>(loaded);
    // Everything real Kafka cannot do is said before anything starts, one line each.
    const std::vector<realkafka::Refusal> refusals = realkafka::checkRealScenario(scenario);
    for (const realkafka::Refusal& refusal : refusals)
        printMessage("real: " + scenario.file + ": " + refusal.path + ": " + refusal.why);
    if (!refusals.empty())
        return exitInvalid;
    realkafka::Distribution distribution;
    try {
        distribution = realkafka::openDistribution(kafkaDir, realkafka::realDir() / "config");
        realkafka::checkVersion(distribution, scenario.cluster.config.kafkaVersion);
    } catch (const realkafka::DistributionError& error) {
        return fail("real: " + std::string(error.what()));
    }

    const realkafka::RunnerHooks hooks = realObserverHooks(scenario, distribution, std::cout);
    realkafka::RunnerOptions options;
    options.checkpointsOnly = checkpointsOnly;
    options.log = &std::cerr;
    options.interrupted = &g_interrupted;
    struct sigaction action {};
    action.sa_handler = onRealSignal;
    sigemptyset(&action.sa_mask);
    struct sigaction oldInt {}, oldTerm {}, oldPipe {};
    sigaction(SIGINT, &action, &oldInt);
    sigaction(SIGTERM, &action, &oldTerm);
    // A harness that died makes the next command's write fail with EPIPE (a HarnessError that names
    // it) instead of killing highwater-cli before it can remove the run's JVMs and folder.
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &oldPipe);
    int status = exitOk;
    try {
        realkafka::runReal(scenario, distribution, options, hooks);
    } catch (const std::exception& error) {
        std::cout.flush();
        printMessage("real: " + std::string(error.what()));
        status = exitRealFailed;
    }
    sigaction(SIGINT, &oldInt, nullptr);
    sigaction(SIGTERM, &oldTerm, nullptr);
    sigaction(SIGPIPE, &oldPipe, nullptr);
    return status;
}

} // namespace hw::cli
