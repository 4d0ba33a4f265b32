// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#ifndef Q_MOC_RUN
#include "model/cluster_state.h"
#include "model/kafka_version.h"
// realkafka::RunnerHooks has a member named emit, which Qt defines away as its keyword: the macro is off
// while the realkafka headers are read.
#pragma push_macro("emit")
#undef emit
#include "realkafka/differential.h"
#include "realkafka/distribution.h"
#pragma pop_macro("emit")
#include "scenario/scenario.h"
#include "timeline/timeline.h"
#endif

class QThread;

namespace hw::ui {

/// View > Compare with real Kafka (issue 27): the checks made before a real run starts, the run on a
/// worker thread, and what it brings back. The comparison itself is realkafka/differential.h's
/// compareCheckpoints; this adds what the window draws: each checkpoint's simulated state and the state
/// Kafka was observed in (realkafka/observation_frame.h's stateFromObservation).
namespace realcompare {

/// The QSettings key of the distribution directory last used.
inline constexpr const char* distributionSettingsKey = "realKafka/distribution";

/// What a directory is as a distribution for a scenario of `version`: the distribution, or why it
/// cannot be used (not a distribution: the path and what is missing; another version: both named).
struct DistributionCheck {
    std::optional<hw::realkafka::Distribution> distribution;
    QString problem;
};
DistributionCheck checkDistribution(const QString& directory, hw::KafkaVersion version);

/// Every refusal of realkafka::checkRealScenario in words, "/steps/4/fetch: why", in file order, in
/// the UI language.
QStringList refusalTexts(const hw::Scenario& scenario);
/// Why real Kafka cannot run what `refusal` names, in the UI language (its `why` is the CLI's English).
QString refusalReason(const hw::realkafka::Refusal& refusal);

/// "scripts/kafka-dist 4.4": the command that assembles a distribution for a version.
QString kafkaDistCommand(hw::KafkaVersion version);

/// The brokers the scenario's isolate steps before step `before` cut off and no heal released: the
/// observer still reaches an isolated broker (on its unproxied listener), so the drawing learns it here.
std::vector<std::int32_t> isolatedBefore(const hw::Scenario& scenario, std::size_t before);

} // namespace realcompare

/// One checkpoint of the real run as the window draws it.
struct RealCheckpointState {
    std::string label;
    std::optional<std::size_t> step; // the checkpoint step's index in the scenario
    hw::ClusterState state;
    hw::TimeMs timeMs = 0; // wall-clock milliseconds since the cluster was up
};

/// Everything the window shows: the scenario, its simulated run, the real checkpoints and their comparison.
struct RealCompareResult {
    hw::Scenario scenario;
    std::shared_ptr<const hw::Timeline> simulated;
    std::vector<RealCheckpointState> real;
    hw::realkafka::Comparison comparison;
};

/// One real run and its comparison, on a thread of its own so that the window never waits for it: the
/// simulation (playScenario), then realkafka::runReal with its checkpoints only, observed with the logs,
/// then compareCheckpoints: what realkafka::compareWithReal does, which hands out only the Comparison,
/// while the window also draws each observation. Only one runs at a time in the app (cancel() kills every child process the
/// app has, realkafka::killAllChildren).
///
/// The JVMs are started from the worker thread, under `setpriv --pdeathsig KILL`: the kernel kills them
/// when that thread ends, so a crash of the app leaves no cluster behind either.
class RealCompareRun : public QObject {
    Q_OBJECT

public:
    enum class Phase : std::uint8_t { Simulating, Starting, Step, Comparing };

    /// What the run is doing now.
    struct Progress {
        Phase phase = Phase::Simulating;
        std::size_t step = 0;  // Phase::Step: the step running (its index in the scenario)
        std::size_t steps = 0; // the scenario's step count
        QString stepKey;       // Phase::Step: the step's key ("kill_leader")
    };

    explicit RealCompareRun(QObject* parent = nullptr);
    /// Cancels a run still going and waits for its cluster to be torn down.
    ~RealCompareRun() override;

    /// Starts the run. The scenario must pass checkRealScenario and the distribution checkDistribution.
    void start(const hw::Scenario& scenario, const hw::realkafka::Distribution& distribution);
    bool isRunning() const;
    /// Stops the run at its next wait: the interrupted flag, and every JVM killed at once so that a wait
    /// for a node fails at once; the cluster's folder is removed as the run unwinds. finished() follows
    /// with cancelled set.
    void cancel();
    /// Waits for the worker thread to end (after cancel(): seconds at most, the teardown's).
    void wait();

    const Progress& progress() const { return m_progress; }
    /// The runner's progress lines so far (what highwater-cli real prints on standard error).
    const QStringList& log() const { return m_log; }
    /// After finished() without an error.
    const RealCompareResult& result() const { return *m_result; }
    std::shared_ptr<const RealCompareResult> sharedResult() const { return m_result; }

signals:
    void progressChanged();
    void logLine(const QString& line);
    /// error is empty on success; cancelled tells a cancel from a failure.
    void finished(const QString& error, bool cancelled);

private:
    void onLine(const QString& line);
    void setStep(std::size_t step);
    void onFinished(std::shared_ptr<RealCompareResult> result, const QString& error);

    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_interrupted;
    bool m_cancelled = false;
    std::uint64_t m_generation = 0; // counts the runs started: a report of an earlier one is dropped
    Progress m_progress;
    QStringList m_log;
    QStringList m_stepKeys;
    std::shared_ptr<const RealCompareResult> m_result;
};

} // namespace hw::ui
