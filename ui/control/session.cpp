// SPDX-License-Identifier: MIT
#include "control/session.h"

#include "model/limits.h"
#include "model/observed_state.h"

#include <algorithm>

namespace hw::ui {

std::unique_ptr<hw::Timeline> Session::observedTimeline(hw::ClusterState initial, hw::RunMetrics& metrics) const
{
    auto timeline = std::make_unique<hw::Timeline>(std::move(initial));
    timeline->setMemoryBudget(m_memoryBudget);
    metrics.reset(timeline->head());
    timeline->setObserver([&metrics](const hw::ClusterState& state, const hw::FrameInfo&) { metrics.record(state); });
    return timeline;
}

Session::Session() : m_metrics(std::make_unique<hw::RunMetrics>()), m_memoryBudget(hw::limits::historyBytesDefault)
{
    hw::ClusterSpec empty;
    empty.topics.push_back(hw::TopicSpec { "topic", 1, 1, {} });
    empty.brokers = 1;
    m_scenario.cluster = empty;
    m_timeline = observedTimeline(hw::Engine::createCluster(empty), *m_metrics);
}

std::optional<hw::ScenarioError> Session::load(hw::Scenario scenario)
{
    auto metrics = std::make_unique<hw::RunMetrics>();
    auto timeline = observedTimeline(hw::Engine::createCluster(scenario.cluster), *metrics);
    std::optional<hw::ScenarioError> error = hw::runScenario(scenario, *timeline);
    install(std::move(scenario), std::move(timeline), std::move(metrics), false);
    return error;
}

void Session::install(hw::Scenario scenario, std::unique_ptr<hw::Timeline> timeline,
                      std::unique_ptr<hw::RunMetrics> metrics, bool observed)
{
    m_scenario = std::move(scenario);
    m_timeline = std::move(timeline);
    m_metrics = std::move(metrics);
    m_ops.clear();
    m_recorder.reset();
    m_recordingFullAt = -1;
    m_scriptedFrames = m_timeline->frameCount();
    m_scriptedOps = static_cast<std::int64_t>(m_timeline->operationCount());
    m_observed = observed;
}

void Session::loadObserved(const hw::ObservedCluster& first, const std::string& name)
{
    auto metrics = std::make_unique<hw::RunMetrics>();
    auto timeline = observedTimeline(hw::observedState(first), *metrics);
    // The scenario only names the session: an observed timeline is not a scenario's run, and nothing
    // replays it but its recording (scenario/observed_json.h).
    hw::Scenario scenario;
    scenario.name = name;
    install(std::move(scenario), std::move(timeline), std::move(metrics), true);
}

std::optional<std::int64_t> Session::applyObserved(const hw::ObservedCluster& poll)
{
    return m_timeline->applyObserved(poll);
}

void Session::recordSteps(std::int64_t count)
{
    if (count <= 0)
        return;
    if (!m_ops.empty() && m_ops.back().kind == SessionOp::Kind::Steps)
        m_ops.back().count += count;
    else
        m_ops.push_back(SessionOp { SessionOp::Kind::Steps, count, {} });
}

bool Session::extend()
{
    const std::int64_t before = m_timeline->frameCount();
    std::int64_t steps = 0;
    while (m_timeline->frameCount() == before && m_timeline->hasQueuedEvents() && !m_timeline->atMemoryBudget()
        && steps < hw::limits::eventsPerStepMax) {
        m_timeline->step();
        ++steps;
    }
    recordSteps(steps);
    return m_timeline->frameCount() > before;
}

std::int64_t Session::extendUntil(hw::TimeMs timeMs, std::int64_t eventsMax)
{
    const std::int64_t before = m_timeline->frameCount();
    std::int64_t steps = 0;
    while (steps < eventsMax && m_timeline->hasQueuedEvents() && m_timeline->nextEventTimeMs() <= timeMs
        && !m_timeline->atMemoryBudget()) {
        m_timeline->step();
        ++steps;
    }
    recordSteps(steps);
    return m_timeline->frameCount() - before;
}

UserAction autoFetchOn()
{
    hw::ConfigValue on;
    on.kind = hw::ConfigValue::Kind::Boolean;
    on.boolean = true;
    return hw::ConfigStep { { hw::ConfigAction { "auto.fetch", on } } };
}

bool switchesOnAutoFetch(const hw::ClusterState& head, const UserAction& action)
{
    if (head.config.autoFetch)
        return false;
    // A fetch by hand and a change of auto.fetch itself are the user driving replication on purpose.
    if (std::holds_alternative<hw::FetchStep>(action))
        return false;
    if (const auto* config = std::get_if<hw::ConfigStep>(&action)) {
        for (const hw::ConfigAction& change : config->changes) {
            if (change.key == "auto.fetch")
                return false;
        }
    }
    return true;
}

std::string Session::perform(std::int64_t frame, const UserAction& action)
{
    if (frame < lastFrame()) {
        m_timeline->forkAt(frame);
        m_metrics->truncate(frame + 1, m_timeline->head());
        m_ops.push_back(SessionOp { SessionOp::Kind::Fork, frame, {} });
        keepScriptedWithinTimeline();
    }
    try {
        // Scripted lessons (the LEO/HW walkthrough) run with auto.fetch false so that each fetch
        // happens when the article says. Anything the user does beyond the script must meet the Kafka
        // a real cluster is, where every follower fetches all the time; otherwise healthy followers
        // would be evicted and acks=all produces time out. The switch is an op of its own, so undo
        // removes it with the action and a saved session replays it.
        if (switchesOnAutoFetch(m_timeline->head(), action)) {
            const UserAction on = autoFetchOn();
            m_ops.push_back(SessionOp { SessionOp::Kind::Action, 0, on });
            if (std::string error = runUserAction(*m_timeline, on); !error.empty())
                return error;
        }
        m_ops.push_back(SessionOp { SessionOp::Kind::Action, 0, action });
        return runUserAction(*m_timeline, action);
    } catch (const hw::MemoryBudgetReached& reached) {
        // The action stopped where the history reached its budget; replaying the log stops there too.
        return reached.what();
    }
}

void Session::setMemoryBudget(std::uint64_t bytes)
{
    m_timeline->setMemoryBudget(bytes);
    m_memoryBudget = bytes;
}

bool Session::isHeadAt(std::int64_t frame) const
{
    return frame == lastFrame()
        && m_timeline->frame(frame).opEnd == static_cast<std::int64_t>(m_timeline->operationCount());
}

void Session::truncate(std::int64_t frame, std::size_t opsSize)
{
    if (frame < lastFrame() || !isHeadAt(frame)) {
        m_timeline->forkAt(frame);
        m_metrics->truncate(frame + 1, m_timeline->head());
    }
    m_ops.resize(std::min(opsSize, m_ops.size()));
    keepScriptedWithinTimeline();
}

void Session::restore(std::vector<SessionOp> ops)
{
    auto metrics = std::make_unique<hw::RunMetrics>();
    m_timeline = replay(ops, *metrics, m_scriptedFrames, m_scriptedOps);
    m_metrics = std::move(metrics);
    m_ops = std::move(ops);
    m_recorder.reset();
    m_recordingFullAt = -1;
}

namespace {

/// What a recorded action adds to the saved session's bytes, as hw::SessionRecorder counts it (and serve's
/// recording, live/kafka_server.cpp applyLive): the step, and twice each record's key, value and headers.
std::size_t recordedBytes(const hw::Action& action)
{
    std::size_t bytes = 256;
    if (const auto* produce = std::get_if<hw::ProduceAction>(&action)) {
        for (const std::string& value : produce->values)
            bytes += 96 + 2 * (value.size() + (produce->key ? produce->key->size() : 0));
    } else if (const auto* live = std::get_if<hw::LiveClientAction>(&action)) {
        if (const auto* records = std::get_if<hw::LiveProduce>(&live->request)) {
            for (const hw::LiveRecord& p : records->records) {
                bytes += 96 + 2 * (p.key.size() + p.value.size());
                for (const hw::PayloadHeader& h : p.headers)
                    bytes += 48 + 2 * (h.key.size() + h.value.size());
            }
        }
    }
    return bytes;
}

} // namespace

void Session::recordBeforeDrop()
{
    if (m_recordingFullAt >= 0)
        return;
    if (!m_recorder)
        m_recorder = std::make_unique<hw::SessionRecorder>(m_scenario);
    // The operations the caps let in, from the first not written: a step each action, one for each
    // stretch of engine steps. At the first drop of a long class that is far fewer than the history
    // holds, so the recording never holds more than one file's worth.
    const std::size_t operations = m_timeline->operationCount();
    std::size_t steps = m_recorder->stepCount();
    std::size_t bytes = m_recorder->bytes();
    std::size_t end = m_recorder->operationsWritten();
    bool stepping = false;
    for (; end < operations && steps < recordedStepsMax && bytes < recordedBytesMax; ++end) {
        const std::int32_t code = m_timeline->operation(end);
        if (code == hw::Timeline::stepOperation) {
            steps += stepping ? 0 : 1;
            stepping = true;
        } else if (code >= 0) {
            ++steps;
            bytes += recordedBytes(m_timeline->action(static_cast<std::size_t>(code)));
            stepping = false;
        }
        // An observed poll (Timeline::observedOperation, below stepOperation) is no scenario step: an
        // observe session is kept by its own recording (scenario/observed_json.h), not by the recorder.
    }
    m_recorder->record(*m_timeline, end);
    if (end < operations) {
        // Full: the saved session ends at the last frame its operations make, as serve's recording
        // does at its cap; nothing after it is written, and the recorder holds no more records.
        std::int64_t low = m_timeline->firstFrame();
        std::int64_t high = m_timeline->frameCount();
        while (low < high) {
            const std::int64_t mid = low + (high - low) / 2;
            if (static_cast<std::size_t>(m_timeline->frame(mid).opEnd) <= end)
                low = mid + 1;
            else
                high = mid;
        }
        m_recordingFullAt = std::max<std::int64_t>(low - 1, 0);
    }
}

bool Session::canForkAt(std::int64_t frame) const
{
    if (frame < m_timeline->firstFrame())
        return false;
    if (!m_recorder || m_recordingFullAt >= 0 || frame >= lastFrame())
        return true;
    return static_cast<std::size_t>(m_timeline->frame(frame).opEnd) >= m_recorder->operationsWritten();
}

void Session::framesDropped(std::int64_t firstFrame)
{
    m_metrics->dropBefore(firstFrame);
}

hw::Scenario Session::recordedSession() const
{
    if (!m_recorder)
        return hw::recordSession(m_scenario, *m_timeline);
    if (m_recordingFullAt >= 0)
        return m_recorder->scenario();
    hw::SessionRecorder rest = *m_recorder;
    rest.record(*m_timeline);
    return rest.scenario();
}

void Session::keepScriptedWithinTimeline()
{
    m_scriptedFrames = std::min(m_scriptedFrames, m_timeline->frameCount());
    m_scriptedOps = std::min(m_scriptedOps, static_cast<std::int64_t>(m_timeline->operationCount()));
}

std::string Session::restoreBranch(
    std::int64_t scriptedFrames, std::int64_t scriptedOps, std::vector<SessionOp> userOps)
{
    const std::int64_t frames = m_timeline->frameCount();
    const auto ops = static_cast<std::int64_t>(m_timeline->operationCount());
    if (scriptedFrames < 1 || scriptedFrames > frames || scriptedOps < 0 || scriptedOps > ops)
        return "the scenario's run has " + std::to_string(frames) + " frames and " + std::to_string(ops)
            + " operations, not the " + std::to_string(scriptedFrames) + " and " + std::to_string(scriptedOps)
            + " it kept";
    std::vector<SessionOp> log;
    if (scriptedFrames < frames || scriptedOps < ops) {
        // The user forked the scenario's run: the fork kept the operations up to that frame's.
        if (m_timeline->frame(scriptedFrames - 1).opEnd != scriptedOps)
            return "frame " + std::to_string(scriptedFrames - 1) + " of the scenario's run ends at operation "
                + std::to_string(m_timeline->frame(scriptedFrames - 1).opEnd) + ", not "
                + std::to_string(scriptedOps);
        log.push_back(SessionOp { SessionOp::Kind::Fork, scriptedFrames - 1, {} });
    }
    for (SessionOp& op : userOps)
        log.push_back(std::move(op));
    restore(std::move(log));
    return {};
}

std::unique_ptr<hw::Timeline> Session::replay(const std::vector<SessionOp>& ops, hw::RunMetrics& metrics,
    std::int64_t& scriptedFrames, std::int64_t& scriptedOps) const
{
    auto timeline = observedTimeline(hw::Engine::createCluster(m_scenario.cluster), metrics);
    hw::runScenario(m_scenario, *timeline);
    scriptedFrames = timeline->frameCount();
    scriptedOps = static_cast<std::int64_t>(timeline->operationCount());
    for (const SessionOp& op : ops) {
        switch (op.kind) {
        case SessionOp::Kind::Steps:
            for (std::int64_t i = 0; i < op.count; ++i)
                timeline->step();
            break;
        case SessionOp::Kind::Action:
            try {
                runUserAction(*timeline, op.action);
            } catch (const hw::MemoryBudgetReached&) {
                // The action stopped at the budget when it was first run, at the same frame.
            }
            break;
        case SessionOp::Kind::Fork:
            timeline->forkAt(op.count);
            metrics.truncate(op.count + 1, timeline->head());
            scriptedFrames = std::min(scriptedFrames, op.count + 1);
            scriptedOps = std::min(scriptedOps, static_cast<std::int64_t>(timeline->operationCount()));
            break;
        }
    }
    return timeline;
}

} // namespace hw::ui
