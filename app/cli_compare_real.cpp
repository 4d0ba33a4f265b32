// SPDX-License-Identifier: MIT
#include "cli_real.h"

#include "cli_common.h"
#include "realkafka/cluster.h"
#include "realkafka/differential.h"
#include "realkafka/distribution.h"
#include "scenario/fileio.h"
#include "scenario/scenario.h"

#include <array>
#include <chrono>
#include <cmath>
#include <memory>
#include <iostream>

// `highwater-cli compare SCENARIO --kafka DIR`: the simulation beside the same scenario on a real
// cluster (realkafka/differential.h), printed the way `compare --versions` prints two versions: a line
// per checkpoint, then one aligned line per difference.
namespace hw::cli {

namespace {

using realkafka::CheckpointComparison;
using realkafka::Comparison;
using realkafka::FactComparison;
using realkafka::Verdict;

/// Prints facts one a line, "  orders-0  isr  simulated: [1,2,3]  Kafka 4.4.0: [1,2]", in aligned
/// columns, with what a known or not-compared fact says after it.
void printFacts(const std::vector<const FactComparison*>& facts, const std::string& realName, bool pendingCheckpoint)
{
    std::vector<std::array<std::string, 5>> rows;
    for (const FactComparison* fact : facts) {
        std::string note;
        if (fact->verdict == Verdict::Known)
            note = "known (" + fact->knownId + "): " + fact->reason;
        else if (fact->verdict == Verdict::NotCompared)
            // A pending checkpoint's line already says why none of its facts is compared.
            note = pendingCheckpoint ? "not compared" : "not compared: " + fact->reason;
        else if (fact->verdict == Verdict::Agree)
            note = "agree";
        rows.push_back({ fact->subject, fact->fact, "simulated: " + fact->simulated,
            realName + ": " + fact->real, note });
    }
    std::array<std::size_t, 4> widths {};
    for (const auto& row : rows)
        for (std::size_t c = 0; c < widths.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    for (const auto& row : rows) {
        std::string line = " ";
        for (std::size_t c = 0; c < widths.size(); ++c)
            line += ' ' + row[c] + std::string(widths[c] - row[c].size() + 1, ' ');
        line += row[4];
        // No trailing blanks when the last columns are empty.
        line.erase(line.find_last_not_of(' ') + 1);
        std::cout << line << '\n';
    }
}

std::string plural(std::size_t n, const std::string& one, const std::string& many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

void printCheckpoint(const CheckpointComparison& checkpoint, const std::string& realName, bool everyFact)
{
    std::cout << "checkpoint \"" << checkpoint.label << "\"";
    if (checkpoint.simulatedFrame >= 0)
        std::cout << " (frame " << checkpoint.simulatedFrame
                  << (checkpoint.step ? ", step " + std::to_string(*checkpoint.step) : std::string()) << ")";
    std::cout << ": ";
    std::size_t agree = 0;
    std::size_t notCompared = 0;
    std::vector<const FactComparison*> shown;
    std::size_t differ = 0;
    for (const FactComparison& fact : checkpoint.facts) {
        agree += fact.verdict == Verdict::Agree ? 1 : 0;
        notCompared += fact.verdict == Verdict::NotCompared ? 1 : 0;
        differ += fact.verdict == Verdict::Differ ? 1 : 0;
        if (everyFact || fact.verdict == Verdict::Differ || fact.verdict == Verdict::Known)
            shown.push_back(&fact);
    }
    if (!checkpoint.observed || checkpoint.simulatedFrame < 0) {
        std::cout << checkpoint.notComparedWhy << '\n';
        return;
    }
    if (!checkpoint.compared) {
        std::cout << "not compared (" << checkpoint.notComparedWhy << ")\n";
    } else {
        std::cout << (differ == 0 ? std::string("no differences") : plural(differ, "difference", "differences"))
                  << " (" << plural(agree, "fact agrees", "facts agree");
        if (const std::size_t known = checkpoint.facts.size() - agree - notCompared - differ; known > 0)
            std::cout << ", " << known << " known";
        if (notCompared > 0)
            std::cout << ", " << notCompared << " not compared";
        std::cout << ")\n";
    }
    printFacts(shown, realName, checkpoint.observed && !checkpoint.compared);
}

} // namespace

namespace {

/// One scenario's comparison printed, or why its real run failed (the text after "compare: ").
struct Outcome {
    std::optional<Comparison> comparison;
    std::string error;
    bool sharedCluster = false;
    double seconds = 0;
};

void printComparison(const Comparison& comparison, bool everyFact)
{
    const std::string realName = "Kafka " + comparison.kafkaVersion;
    const realkafka::VerdictCounts counts = comparison.counts();
    std::cout << "the simulation and Apache Kafka " << comparison.kafkaVersion << " at "
              << plural(comparison.checkpoints.size(), "checkpoint", "checkpoints") << " (facts of quiescent states only, "
              << "never timings)\n";
    for (const CheckpointComparison& checkpoint : comparison.checkpoints)
        printCheckpoint(checkpoint, realName, everyFact);
    std::cout << counts.agree << " agree, " << counts.differ << " differ, " << counts.known << " known, "
              << counts.notCompared << " not compared\n";
}

} // namespace

int compareWithKafka(const std::vector<std::string>& sources, const std::string& kafkaDir, bool everyFact,
    const std::string& jsonPath)
{
    // Every scenario is read and checked, and the --json file too, before a cluster starts: a mistake is
    // found now, not after runs of minutes.
    std::vector<Scenario> scenarios;
    realkafka::Distribution distribution;
    for (const std::string& source : sources) {
        auto loaded = loadScenario(source);
        if (auto* error = std::get_if<ScenarioError>(&loaded))
            return fail(error->toString());
        scenarios.push_back(std::move(std::get<Scenario>(loaded)));
    }
    for (const Scenario& scenario : scenarios) {
        if (const std::optional<int> refused = openRealDistribution(scenario, kafkaDir, "compare", distribution))
            return *refused;
    }
    if (!jsonPath.empty()) {
        if (const std::optional<FileError> error = checkWriteTarget(jsonPath))
            return fail("compare: cannot write the comparison to " + jsonPath + ": " + error->message);
    }

    const RealRunSignals signals;
    realkafka::RunnerOptions options;
    options.log = &std::cerr;
    options.interrupted = signals.interrupted();
    const bool several = scenarios.size() > 1;
    // Several scenarios share one cluster where they allow it (realkafka::whySeparateCluster); a scenario
    // that does not, or follows a failed run, gets a new one.
    std::unique_ptr<realkafka::RealCluster> shared;
    std::vector<Outcome> outcomes;
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        const Scenario& scenario = scenarios[i];
        Outcome& outcome = outcomes.emplace_back();
        if (options.interrupted->load()) {
            outcome.error = "the real run: interrupted";
            printMessage("compare: " + sources[i] + ": " + outcome.error);
            continue;
        }
        const auto t0 = std::chrono::steady_clock::now();
        // A scenario that could not share even a new cluster (a config step, consumers) runs on one of its
        // own, which ends with it.
        bool alone = false;
        if (several) {
            std::cout << (i == 0 ? "" : "\n") << "scenario " << sources[i] << "\n" << std::flush;
            const realkafka::ClusterOptions wanted = realkafka::clusterOptionsFor(scenario, options);
            if (const std::string why = realkafka::whySeparateCluster(scenario, wanted, {}); !why.empty()) {
                printMessage("compare: " + sources[i] + " gets a cluster of its own: " + why);
                shared.reset();
                alone = true;
            } else if (shared) {
                if (const std::string why = realkafka::whySeparateCluster(scenario, *shared); !why.empty()) {
                    printMessage("compare: " + sources[i] + " gets a new cluster: " + why);
                    shared.reset();
                } else {
                    printMessage("compare: " + sources[i] + " runs on the cluster of the scenario before it");
                    outcome.sharedCluster = true;
                }
            }
        }
        try {
            if (several && !alone && !shared) {
                shared = std::make_unique<realkafka::RealCluster>(distribution, realkafka::clusterOptionsFor(scenario, options));
                shared->start();
            }
            options.shared = shared.get();
            outcome.comparison = realkafka::compareWithReal(scenario, distribution, options,
                [](const realkafka::CompareProgress& progress) {
                    // The runner's own lines say what each step did; these say what happens around them.
                    if (!progress.step)
                        printMessage("compare: " + progress.text);
                });
        } catch (const realkafka::SimulationError& error) {
            return fail("compare: " + sources[i] + ": the simulation: " + std::string(error.what()));
        } catch (const std::exception& error) {
            outcome.error = "the real run: " + std::string(error.what());
            printMessage("compare: " + (several ? sources[i] + ": " : std::string()) + outcome.error);
            // A cluster a run failed on is not trusted with the next scenario.
            shared.reset();
        }
        outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (outcome.comparison)
            printComparison(*outcome.comparison, everyFact);
    }
    shared.reset();

    int status = exitOk;
    for (const Outcome& outcome : outcomes) {
        if (!outcome.comparison)
            status = exitRealFailed;
        else if (!outcome.comparison->passes() && status == exitOk)
            status = exitDifferent;
    }
    if (!jsonPath.empty()) {
        nlohmann::ordered_json out;
        if (!several) {
            if (outcomes[0].comparison)
                out = outcomes[0].comparison->toJson();
        } else {
            out = nlohmann::ordered_json::array();
            for (std::size_t i = 0; i < outcomes.size(); ++i) {
                nlohmann::ordered_json entry;
                if (outcomes[i].comparison)
                    entry = outcomes[i].comparison->toJson();
                else
                    entry["scenario"] = scenarios[i].name;
                entry["source"] = sources[i];
                entry["cluster"] = outcomes[i].sharedCluster ? "shared" : "own";
                entry["seconds"] = std::round(outcomes[i].seconds * 10) / 10;
                if (!outcomes[i].comparison)
                    entry["error"] = outcomes[i].error;
                out.push_back(std::move(entry));
            }
        }
        // A single scenario whose real run failed writes no comparison (as before several were taken).
        if (!out.is_null()) {
            if (const std::optional<FileError> error = writeFileAtomically(jsonPath, out.dump(2) + "\n")) {
                printMessage("compare: cannot write the comparison to " + jsonPath + ": " + error->message);
                if (status != exitRealFailed)
                    status = exitInvalid;
            }
        }
    }
    return status;
}

} // namespace hw::cli
