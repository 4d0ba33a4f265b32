// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/event.h"

#include <string>

namespace hw {

/// The English sentence for an event (the frame dump's "narration"; the GUI translates its own, in
/// ui/panels/narration.cpp, and a test keeps the two saying the same).
std::string narrate(const Event& event, const ClusterState& state);

} // namespace hw
