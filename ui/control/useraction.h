// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/scenario.h"

#include <QString>

#include <string>

/// What a user can do to the cluster from the GUI. A user action is a scenario step (produce, fetch,
/// settle, advance, slow, config, or a fault / election), so that everything done in the GUI is
/// something a scenario file can say, and runs through the same drivers as a scenario does.
namespace hw::ui {

using UserAction = hw::Step;

/// Runs the action at the timeline's head through the scenario drivers. Returns an empty string on
/// success, otherwise the driver's reason (frames made before the failure stay).
std::string runUserAction(hw::Timeline& timeline, const UserAction& action);

/// Checks that the action can start at this state without running it (a dead broker cannot be
/// killed, a leader cannot fetch). Returns the engine's reason, or an empty string.
std::string checkUserAction(const hw::ClusterState& state, const UserAction& action);

/// Why the action cannot start at this state, in the user's language, or an empty string when it
/// can. Whether it can is checkUserAction's answer alone (the engine's own checks); this only puts
/// the engine's reason into words a menu or the status line can show, and falls back to the engine's
/// text for a reason it has no words for.
QString unavailableReason(const hw::ClusterState& state, const UserAction& action);

/// A short translated description for the undo history ("Kill broker 2").
QString userActionText(const UserAction& action, const hw::ClusterState& state);

} // namespace hw::ui
