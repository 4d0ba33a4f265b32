// SPDX-License-Identifier: MIT
#pragma once

#include "timeline/timeline.h"

#include <cstdint>
#include <functional>
#include <vector>

/// Searches over a timeline's frames, for the engine tests' simulation harnesses.
namespace hw::testsupport {

/// Indices of the frames from `from` on whose event satisfies pred.
inline std::vector<std::int64_t> framesWhere(const Timeline& timeline, const std::function<bool(const Event&)>& pred,
                                             std::int64_t from = 0)
{
    std::vector<std::int64_t> out;
    for (std::int64_t f = from; f < timeline.frameCount(); ++f) {
        if (pred(timeline.frame(f).event))
            out.push_back(f);
    }
    return out;
}

/// Indices of the frames from `from` on whose event has this type.
inline std::vector<std::int64_t> framesOfType(const Timeline& timeline, EventType type, std::int64_t from = 0)
{
    return framesWhere(timeline, [type](const Event& e) { return e.type == type; }, from);
}

} // namespace hw::testsupport
