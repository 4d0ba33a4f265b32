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

RealRunSignals::RealRunSignals()
{
    g_interrupted.store(false);
    struct sigaction action {};
    action.sa_handler = onRealSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &m_oldInt);
    sigaction(SIGTERM, &action, &m_oldTerm);
    // A harness that died makes the next command's write fail with EPIPE (a HarnessError that names
    // it) instead of killing highwater-cli before it can remove the run's JVMs and folder.
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &m_oldPipe);
}

RealRunSignals::~RealRunSignals()
{
    sigaction(SIGINT, &m_oldInt, nullptr);
    sigaction(SIGTERM, &m_oldTerm, nullptr);
    sigaction(SIGPIPE, &m_oldPipe, nullptr);
}

const std::atomic<bool>* RealRunSignals::interrupted() const
{
    return &g_interrupted;
}

std::optional<int> openRealDistribution(const Scenario& scenario, const std::string& kafkaDir,
    const std::string& command, realkafka::Distribution& distribution)
{
    // Everything real Kafka cannot do is said before anything starts, one line each.
    const std::vector<realkafka::Refusal> refusals = realkafka::checkRealScenario(scenario);
    for (const realkafka::Refusal& refusal : refusals)
        printMessage(command + ": " + scenario.file + ": " + refusal.path + ": " + refusal.why);
    if (!refusals.empty())
        return exitInvalid;
    try {
        distribution = realkafka::openDistribution(kafkaDir, realkafka::realDir() / "config");
        realkafka::checkVersion(distribution, scenario.cluster.config.kafkaVersion);
    } catch (const realkafka::DistributionError& error) {
        return fail(command + ": " + std::string(error.what()));
    }
    return std::nullopt;
}

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
    realkafka::Distribution distribution;
    if (const std::optional<int> refused = openRealDistribution(scenario, kafkaDir, "real", distribution))
        return *refused;

    const realkafka::RunnerHooks hooks = realObserverHooks(scenario, distribution, std::cout);
    const RealRunSignals signals;
    realkafka::RunnerOptions options;
    options.checkpointsOnly = checkpointsOnly;
    options.log = &std::cerr;
    options.interrupted = signals.interrupted();
    int status = exitOk;
    try {
        realkafka::runReal(scenario, distribution, options, hooks);
    } catch (const std::exception& error) {
        std::cout.flush();
        printMessage("real: " + std::string(error.what()));
        status = exitRealFailed;
    }
    return status;
}

} // namespace hw::cli
