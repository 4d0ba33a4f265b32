// SPDX-License-Identifier: MIT
#include "session.h"

#include "hwlimits.h"

namespace hw::ui {

Session::Session()
{
    hw::ClusterSpec empty;
    empty.topics.push_back(hw::TopicSpec { "topic", 1, 1, {} });
    empty.brokers = 1;
    m_scenario.cluster = empty;
    m_timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(empty));
}

std::optional<hw::ScenarioError> Session::load(hw::Scenario scenario)
{
    auto timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(scenario.cluster));
    std::optional<hw::ScenarioError> error = hw::runScenario(scenario, *timeline);
    m_scenario = std::move(scenario);
    m_timeline = std::move(timeline);
    m_ops.clear();
    return error;
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
    while (
        m_timeline->frameCount() == before && m_timeline->hasQueuedEvents() && steps < hw::limits::eventsPerStepMax) {
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
    while (steps < eventsMax && m_timeline->hasQueuedEvents() && m_timeline->nextEventTimeMs() <= timeMs) {
        m_timeline->step();
        ++steps;
    }
    recordSteps(steps);
    return m_timeline->frameCount() - before;
}

std::string Session::perform(std::int64_t frame, const UserAction& action)
{
    if (frame < lastFrame()) {
        m_timeline->forkAt(frame);
        m_ops.push_back(SessionOp { SessionOp::Kind::Fork, frame, {} });
    }
    m_ops.push_back(SessionOp { SessionOp::Kind::Action, 0, action });
    return runUserAction(*m_timeline, action);
}

bool Session::isHeadAt(std::int64_t frame) const
{
    return frame == lastFrame()
        && m_timeline->frame(frame).opEnd == static_cast<std::int64_t>(m_timeline->operationCount());
}

void Session::truncate(std::int64_t frame, std::size_t opsSize)
{
    if (frame < lastFrame() || !isHeadAt(frame))
        m_timeline->forkAt(frame);
    m_ops.resize(std::min(opsSize, m_ops.size()));
}

void Session::restore(std::vector<SessionOp> ops)
{
    m_timeline = replay(ops);
    m_ops = std::move(ops);
}

std::unique_ptr<hw::Timeline> Session::replay(const std::vector<SessionOp>& ops) const
{
    auto timeline = std::make_unique<hw::Timeline>(hw::Engine::createCluster(m_scenario.cluster));
    hw::runScenario(m_scenario, *timeline);
    for (const SessionOp& op : ops) {
        switch (op.kind) {
        case SessionOp::Kind::Steps:
            for (std::int64_t i = 0; i < op.count; ++i)
                timeline->step();
            break;
        case SessionOp::Kind::Action:
            runUserAction(*timeline, op.action);
            break;
        case SessionOp::Kind::Fork:
            timeline->forkAt(op.count);
            break;
        }
    }
    return timeline;
}

} // namespace hw::ui
