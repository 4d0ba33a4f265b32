// SPDX-License-Identifier: MIT
#include "control/realcompare.h"

#include "realkafka/groups.h"
#include "realkafka/observation_frame.h"
#include "realkafka/observer.h"
#include "realkafka/process.h"
#include "realkafka/runner.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QPointer>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <functional>
#include <ostream>
#include <streambuf>

// realkafka::RunnerHooks has a member named emit, which is Qt's keyword macro: this file says Q_EMIT.
#undef emit

namespace hw::ui {

namespace realcompare {

DistributionCheck checkDistribution(const QString& directory, hw::KafkaVersion version)
{
    DistributionCheck check;
    const QString trimmed = directory.trimmed();
    if (trimmed.isEmpty()) {
        check.problem = QCoreApplication::translate("hw::ui::RealCompareDialog",
            "Choose the directory of a Kafka distribution.");
        return check;
    }
    // The two problems a teacher meets, in the UI language: a directory that is not there, and another
    // version (realkafka::checkVersion's test, said here with both versions named).
    if (!QFileInfo(trimmed).isDir()) {
        check.problem = QCoreApplication::translate("hw::ui::RealCompareDialog",
            "%1 is not a Kafka distribution: no such directory").arg(trimmed);
        return check;
    }
    try {
        hw::realkafka::Distribution distribution = hw::realkafka::openDistribution(
            std::filesystem::path(trimmed.toStdString()), hw::realkafka::realDir() / "config");
        const std::string_view wanted = hw::kafkaVersionName(version);
        if (distribution.series() != wanted) {
            const QString series = QString::fromLatin1(wanted.data(), static_cast<qsizetype>(wanted.size()));
            //: %1 is the scenario's version (4.4), %2 the directory, %3 the version it holds (4.2.0),
            //: %4 the command that makes a distribution of the right version.
            check.problem = QCoreApplication::translate("hw::ui::RealCompareDialog",
                "The scenario's cluster.kafka_version is %1 but %2 holds Kafka %3: choose a Kafka %1.x distribution "
                "(%4 makes one).")
                                .arg(series, QString::fromStdString(distribution.dir.string()),
                                    QString::fromStdString(distribution.version), kafkaDistCommand(version));
            return check;
        }
        check.distribution = std::move(distribution);
    } catch (const hw::realkafka::DistributionError& error) {
        // What else can be wrong in a directory (a jar missing, an unreadable properties file, no java)
        // is the library's one line, which names the path and what is missing: in English, in a
        // translated frame.
        check.problem = QCoreApplication::translate("hw::ui::RealCompareDialog",
            "This directory cannot be used: %1").arg(QString::fromStdString(error.what()));
    }
    return check;
}

QString refusalReason(const hw::realkafka::Refusal& refusal)
{
    using hw::realkafka::RefusalKind;
    // The library's English (realkafka/runner.cpp, a test keeps them equal) in the UI language.
    const auto say = [](const char* text) { return QCoreApplication::translate("hw::ui::RealCompareDialog", text); };
    const QString name = QString::fromStdString(refusal.name);
    switch (refusal.kind) {
    case RefusalKind::ManualFetch:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "real followers always fetch: manual fetch rounds (auto.fetch false) have no counterpart"));
    case RefusalKind::Truncation:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "Kafka truncates by leader epoch since 0.11; the legacy high-watermark truncation cannot be run"));
    case RefusalKind::ProducerRate:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "a steady producer is a simulated-time stream; the real runner produces only in produce steps"));
    case RefusalKind::SessionTimeout:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
                       "Kafka's group coordinator refuses a session.timeout.ms outside group.min.session.timeout.ms.."
                       "group.max.session.timeout.ms (%1..%2 ms by default) with INVALID_SESSION_TIMEOUT; the model "
                       "has no such bound"))
            .arg(hw::realkafka::groupMinSessionTimeoutMs)
            .arg(hw::realkafka::groupMaxSessionTimeoutMs);
    case RefusalKind::ManualAssignment:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "the harness's consumers subscribe as members of a group; a consumer with a manual assignment is not run "
            "on a real cluster"));
    case RefusalKind::ConfigFixedAtStart:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
                       "the real runner changes only min.insync.replicas and unclean.leader.election.enable on a "
                       "running cluster; %1 is fixed when its nodes or clients start (set it in cluster.config)"))
            .arg(name);
    case RefusalKind::ConsumerCrash:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "Kafka's consumer cannot crash alone: the harness's consumers share one JVM, and closing one sends "
            "LeaveGroup, which a crash does not"));
    case RefusalKind::PollOfAutoPoll:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
                       "consumer %1 polls on its own (auto.poll); a poll step is for a consumer with auto.poll false"))
            .arg(name);
    case RefusalKind::PollMaxRecords:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
                       "Kafka's consumer fixes max.poll.records when it is made (%1 for %2); a poll cannot ask for "
                       "another number"))
            .arg(refusal.number)
            .arg(name);
    case RefusalKind::PollNoWait:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog", "the real runner waits for every poll's answer"));
    case RefusalKind::FetchStep:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "a manual fetch round has no counterpart: real followers fetch on their own"));
    case RefusalKind::RunStep:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "a run step replays the simulation's events one by one; a real cluster's events cannot be counted or "
            "stopped between"));
    case RefusalKind::ClockStep:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "a clock step sets the simulated clock; a real cluster runs on the wall clock (use advance)"));
    case RefusalKind::LiveStep:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "a recorded live client's request (or a dropped message) replays the simulation's network; it has no "
            "counterpart on a real cluster"));
    case RefusalKind::LoseUnflushed:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "SIGKILL keeps the page cache, so a real restart loses no unflushed records; a power loss cannot be made "
            "on this machine"));
    case RefusalKind::LossyCut:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "a cut on a real network delays what it swallows (TCP retransmits it after the heal); one that loses it "
            "for good cannot be made"));
    case RefusalKind::ShutdownNoWait:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "the real runner waits for every controlled shutdown to end"));
    case RefusalKind::CreateTopicPlaced:
        return say(QT_TRANSLATE_NOOP("hw::ui::RealCompareDialog",
            "a topic created at run time without an assignment is placed by the model's seeded striped placer and by "
            "Kafka's controller from its own Random, which draw apart; give the step an assignment"));
    }
    return QString::fromStdString(refusal.why);
}

QStringList refusalTexts(const hw::Scenario& scenario)
{
    QStringList texts;
    for (const hw::realkafka::Refusal& refusal : hw::realkafka::checkRealScenario(scenario))
        //: A step real Kafka cannot run: its place in the scenario file (a JSON pointer), then why.
        texts.append(QCoreApplication::translate("hw::ui::RealCompareDialog", "%1: %2")
                         .arg(QString::fromStdString(refusal.path), refusalReason(refusal)));
    return texts;
}

QString kafkaDistCommand(hw::KafkaVersion version)
{
    const std::string_view name = hw::kafkaVersionName(version);
    return QStringLiteral("scripts/kafka-dist ") + QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

std::vector<std::int32_t> isolatedBefore(const hw::Scenario& scenario, std::size_t before)
{
    std::vector<std::int32_t> isolated;
    for (std::size_t i = 0; i < before && i < scenario.steps.size(); ++i) {
        const auto* fault = std::get_if<hw::FaultStep>(&scenario.steps[i]);
        const auto* action = fault ? std::get_if<hw::BrokerAction>(&fault->action) : nullptr;
        if (action == nullptr)
            continue;
        const auto found = std::find(isolated.begin(), isolated.end(), action->broker);
        if (action->kind == hw::BrokerAction::Kind::Isolate && found == isolated.end())
            isolated.push_back(action->broker);
        else if (action->kind == hw::BrokerAction::Kind::Heal && found != isolated.end())
            isolated.erase(found);
    }
    return isolated;
}

} // namespace realcompare

namespace {

/// The runner's log as lines: each complete line goes to the callback, on the thread that writes.
class LineBuffer : public std::streambuf {
public:
    explicit LineBuffer(std::function<void(const std::string&)> onLine) : m_onLine(std::move(onLine)) { }
    ~LineBuffer() override
    {
        if (!m_line.empty())
            m_onLine(m_line);
    }

protected:
    int_type overflow(int_type c) override
    {
        if (traits_type::eq_int_type(c, traits_type::eof()))
            return traits_type::not_eof(c);
        if (traits_type::to_char_type(c) == '\n') {
            m_onLine(m_line);
            m_line.clear();
        } else if (m_line.size() < lineCharsMax) {
            m_line.push_back(traits_type::to_char_type(c));
        }
        return c;
    }

private:
    /// A progress line is a sentence; a longer one (a node's log tail in an error) is cut here.
    static constexpr std::size_t lineCharsMax = 4000;
    std::function<void(const std::string&)> m_onLine;
    std::string m_line;
};

/// While a cancelled run unwinds, how often every child process is killed again.
constexpr int cancelKillIntervalMs = 200;

} // namespace

RealCompareRun::RealCompareRun(QObject* parent) : QObject(parent) { }

RealCompareRun::~RealCompareRun()
{
    cancel();
    wait();
}

bool RealCompareRun::isRunning() const
{
    return m_thread != nullptr && !m_thread->isFinished();
}

void RealCompareRun::start(const hw::Scenario& scenario, const hw::realkafka::Distribution& distribution)
{
    if (isRunning())
        return;
    wait();
    m_interrupted = std::make_shared<std::atomic<bool>>(false);
    m_cancelled = false;
    m_log.clear();
    m_result.reset();
    m_progress = Progress {};
    m_progress.steps = scenario.steps.size();
    m_stepKeys.clear();
    for (const hw::Step& step : scenario.steps)
        m_stepKeys.append(QString::fromStdString(hw::stepKey(step)));
    Q_EMIT progressChanged();

    QPointer<RealCompareRun> self(this);
    auto interrupted = m_interrupted;
    const std::uint64_t generation = ++m_generation;
    // The worker reports through queued calls on this object: none arrives after it is destroyed (the
    // destructor waits for the worker first), and one of a cancelled run that arrives after the next run
    // started is dropped.
    auto post = [self, generation](std::function<void(RealCompareRun&)> call) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, call = std::move(call)] {
                if (self && self->m_generation == generation)
                    call(*self);
            },
            Qt::QueuedConnection);
    };
    m_thread = QThread::create([post, interrupted, scenario, distribution] {
        auto result = std::make_shared<RealCompareResult>();
        result->scenario = scenario;
        QString error;
        try {
            auto played = hw::playScenario(scenario);
            if (const auto* failed = std::get_if<hw::ScenarioError>(&played))
                throw hw::realkafka::SimulationError(failed->toString());
            result->simulated = std::make_shared<const hw::Timeline>(std::get<hw::Timeline>(std::move(played)));
            post([](RealCompareRun& run) {
                run.m_progress.phase = Phase::Starting;
                Q_EMIT run.progressChanged();
            });

            LineBuffer buffer([post](const std::string& line) {
                const QString text = QString::fromStdString(line);
                post([text](RealCompareRun& run) { run.onLine(text); });
            });
            std::ostream log(&buffer);
            hw::realkafka::RunnerOptions options;
            options.checkpointsOnly = true;
            options.log = &log;
            options.interrupted = interrupted.get();
            const auto began = std::chrono::steady_clock::now();
            std::vector<hw::realkafka::RealCheckpoint> checkpoints;
            hw::realkafka::RunnerHooks hooks;
            hooks.observe = [](const hw::realkafka::ObserveRequest& request) { return hw::realkafka::observe(request); };
            hooks.sameFacts = [](const hw::realkafka::ClusterObservation& a, const hw::realkafka::ClusterObservation& b) {
                return hw::realkafka::sameFacts(a, b);
            };
            // Where the run is: the runner says it before each step (and after it) with the step's index.
            hooks.progress = [post](std::optional<std::size_t> step, const std::string&) {
                if (step)
                    post([next = *step](RealCompareRun& run) { run.setStep(next); });
            };
            hooks.emit = [&](const hw::realkafka::ObservedStep& observed,
                             const std::vector<hw::realkafka::SendOutcome>& sends) {
                // With checkpointsOnly the runner emits its checkpoints only, as compareWithReal takes them.
                if (!observed.checkpoint)
                    return;
                checkpoints.push_back({ observed, sends });
                RealCheckpointState state;
                state.label = observed.checkpoint.value_or(observed.key);
                state.step = observed.step;
                hw::realkafka::ObservationContext context;
                context.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - began).count();
                context.isolatedBrokers = realcompare::isolatedBefore(
                    result->scenario, observed.step ? *observed.step + 1 : 0);
                state.timeMs = context.timeMs;
                state.state = hw::realkafka::stateFromObservation(observed.observation, result->scenario, context);
                result->real.push_back(std::move(state));
            };
            hw::realkafka::runReal(result->scenario, distribution, options, hooks);
            post([](RealCompareRun& run) {
                run.m_progress.phase = Phase::Comparing;
                Q_EMIT run.progressChanged();
            });
            result->comparison
                = hw::realkafka::compareCheckpoints(result->scenario, *result->simulated, checkpoints, distribution.version);
        } catch (const std::exception& failure) {
            error = QString::fromStdString(failure.what());
            if (error.isEmpty())
                error = QStringLiteral("?");
        }
        post([result, error](RealCompareRun& run) { run.onFinished(result, error); });
    });
    m_thread->setObjectName(QStringLiteral("realKafkaRun"));
    m_thread->start();
}

void RealCompareRun::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    m_interrupted->store(true);
    // A wait for a node's start or a tool's end does not look at the flag: with its JVM gone it fails
    // at once, and the runner unwinds, removing the cluster's folder.
    hw::realkafka::killAllChildren();
}

void RealCompareRun::wait()
{
    if (m_thread == nullptr)
        return;
    // A JVM the runner started just after cancel() killed the others would keep a wait for its start
    // marker going (minutes): every child is killed again until the worker has ended.
    while (!m_thread->wait(QDeadlineTimer(cancelKillIntervalMs))) {
        if (m_interrupted && m_interrupted->load())
            hw::realkafka::killAllChildren();
    }
    delete m_thread;
    m_thread = nullptr;
}

void RealCompareRun::onLine(const QString& line)
{
    // The runner's and the cluster's lines, as highwater-cli real prints them ("real: step 3 (kill): ...").
    QString text = line;
    if (text.startsWith(QLatin1String("real: ")))
        text = text.mid(6);
    m_log.append(text);
    Q_EMIT logLine(text);
}

void RealCompareRun::setStep(std::size_t step)
{
    // The runner reports a step before and after it; a late report never moves the progress back.
    if (m_progress.phase == Phase::Step && step < m_progress.step)
        return;
    m_progress.phase = Phase::Step;
    m_progress.step = std::min(step, m_progress.steps);
    m_progress.stepKey = m_progress.step < static_cast<std::size_t>(m_stepKeys.size())
        ? m_stepKeys[static_cast<qsizetype>(m_progress.step)]
        : QString();
    Q_EMIT progressChanged();
}

void RealCompareRun::onFinished(std::shared_ptr<RealCompareResult> result, const QString& error)
{
    wait();
    if (error.isEmpty())
        m_result = std::move(result);
    Q_EMIT finished(error, m_cancelled);
}

} // namespace hw::ui
