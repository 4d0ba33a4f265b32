// SPDX-License-Identifier: MIT
#include "timeline.h"

#include "hwlimits.h"

#include <algorithm>
#include <stdexcept>

namespace hw {

const std::string& LocalizedText::get(const std::string& language) const
{
    static const std::string empty;
    if (auto it = byLanguage.find(language); it != byLanguage.end())
        return it->second;
    // Simplified and Traditional Chinese readers are better served by each other than by English.
    if (language == "zh_CN" || language == "zh_TW") {
        if (auto it = byLanguage.find(language == "zh_CN" ? "zh_TW" : "zh_CN"); it != byLanguage.end())
            return it->second;
    }
    if (auto it = byLanguage.find("en"); it != byLanguage.end())
        return it->second;
    return byLanguage.empty() ? empty : byLanguage.begin()->second;
}

Timeline::Timeline(ClusterState initial, int snapshotInterval)
    : m_head(std::move(initial)), m_snapshotInterval(std::max(1, snapshotInterval))
{
    m_snapshots.push_back(Snapshot{0, m_head.state()});
    Event created;
    created.type = EventType::ClusterCreated;
    m_frames.push_back(FrameInfo{m_head.state().nowMs, 0, created, -1, -1});
}

void Timeline::addFrame(Event event)
{
    if (frameCount() >= limits::framesMax)
        throw std::length_error("the timeline holds its maximum of " + std::to_string(limits::framesMax) + " frames");
    const auto opEnd = static_cast<std::int64_t>(m_ops.size());
    m_frames.push_back(FrameInfo{m_head.state().nowMs, opEnd, std::move(event), -1, -1});
    if ((frameCount() - 1) % m_snapshotInterval == 0)
        m_snapshots.push_back(Snapshot{opEnd, m_head.state()});
    if (m_observer)
        m_observer(m_head.state(), m_frames.back());
}

ApplyResult Timeline::apply(const Action& action)
{
    ApplyResult result = m_head.apply(action);
    if (!result.ok())
        return result;
    m_ops.push_back(static_cast<std::int32_t>(m_actions.size()));
    m_actions.push_back(action);
    if (result.event)
        addFrame(*result.event);
    return result;
}

std::optional<std::int64_t> Timeline::step()
{
    if (!m_head.hasQueuedEvents())
        return std::nullopt;
    std::optional<Event> event = m_head.step();
    m_ops.push_back(stepOp);
    if (!event)
        return std::nullopt;
    addFrame(std::move(*event));
    return frameCount() - 1;
}

void Timeline::replayOps(Engine& engine, std::int64_t fromOp, std::int64_t toOp) const
{
    for (std::int64_t op = fromOp; op < toOp; ++op) {
        const std::int32_t code = m_ops[static_cast<std::size_t>(op)];
        if (code == stepOp)
            engine.step();
        else
            engine.apply(m_actions[static_cast<std::size_t>(code)]);
    }
}

ClusterState Timeline::stateAt(std::int64_t frame) const
{
    if (frame < 0 || frame >= frameCount())
        throw std::out_of_range("no frame " + std::to_string(frame));
    const std::int64_t target = m_frames[static_cast<std::size_t>(frame)].opEnd;
    auto it = std::upper_bound(m_snapshots.begin(), m_snapshots.end(), target,
                               [](std::int64_t op, const Snapshot& s) { return op < s.opIndex; });
    const Snapshot* start = &*std::prev(it);
    if (m_cache && m_cache->opIndex <= target && m_cache->opIndex >= start->opIndex)
        start = m_cache.get();
    Engine engine(start->state);
    replayOps(engine, start->opIndex, target);
    if (!m_cache)
        m_cache = std::make_unique<Snapshot>();
    m_cache->opIndex = target;
    m_cache->state = engine.state();
    return engine.state();
}

void Timeline::forkAt(std::int64_t frame)
{
    if (frame < 0 || frame >= frameCount())
        throw std::out_of_range("no frame " + std::to_string(frame));
    ClusterState state = stateAt(frame);
    const std::int64_t opEnd = m_frames[static_cast<std::size_t>(frame)].opEnd;
    m_frames.resize(static_cast<std::size_t>(frame + 1));
    // Keep actions that earlier operations refer to; drop the rest.
    std::int32_t actionsKept = 0;
    for (std::int64_t op = 0; op < opEnd; ++op) {
        const std::int32_t code = m_ops[static_cast<std::size_t>(op)];
        if (code != stepOp)
            actionsKept = std::max(actionsKept, code + 1);
    }
    m_ops.resize(static_cast<std::size_t>(opEnd));
    m_actions.resize(static_cast<std::size_t>(actionsKept));
    while (m_snapshots.size() > 1 && m_snapshots.back().opIndex > opEnd)
        m_snapshots.pop_back();
    if (m_cache && m_cache->opIndex > opEnd)
        m_cache.reset();
    m_head = Engine(std::move(state));
}

void Timeline::setLabel(std::int64_t frame, const std::string& label)
{
    auto it = std::find(m_labels.begin(), m_labels.end(), label);
    std::int32_t index = static_cast<std::int32_t>(it - m_labels.begin());
    if (it == m_labels.end())
        m_labels.push_back(label);
    m_frames[static_cast<std::size_t>(frame)].label = index;
}

std::int64_t Timeline::findLabel(const std::string& label) const
{
    auto it = std::find(m_labels.begin(), m_labels.end(), label);
    if (it == m_labels.end())
        return -1;
    const auto index = static_cast<std::int32_t>(it - m_labels.begin());
    for (std::int64_t f = 0; f < frameCount(); ++f) {
        if (m_frames[static_cast<std::size_t>(f)].label == index)
            return f;
    }
    return -1;
}

void Timeline::attachNote(std::int64_t frame, LocalizedText note)
{
    m_notes.push_back(std::move(note));
    m_frames[static_cast<std::size_t>(frame)].note = static_cast<std::int32_t>(m_notes.size() - 1);
}

} // namespace hw
