// SPDX-License-Identifier: MIT
#pragma once

#include "event.h"
#include "state.h"

#include <QCoreApplication>
#include <QString>

namespace hw::ui {

/// The GUI's words for engine events. The engine emits events as numbers (hw::Event); these
/// functions read the same fields as hw::narrate and say the same thing through tr(), so the whole
/// explanation can be translated. Names (topics, producers) come from the state; any frame's state
/// of the same run will do, because names never change during a run.
class Narration {
    Q_DECLARE_TR_FUNCTIONS(Narration)

public:
    /// The full explanation of the frame an event made.
    static QString sentence(const hw::Event& event, const hw::ClusterState& state);

    /// A few words naming the kind of event, for the event log ("Fetch handled").
    static QString title(hw::EventType type);

    /// A broker set as the narration writes it: {1, 2, 3}.
    static QString brokerSet(const std::vector<hw::BrokerId>& brokers);

    /// The Kafka name of an error (not translated: it is what a user searches for).
    static QString errorName(hw::ErrorCode error);

    /// JoinGroup, SyncGroup, ... (protocol names, not translated).
    static QString groupRequestName(std::int32_t kind);

    static QString partitionName(const hw::ClusterState& state, std::int32_t partition);
};

} // namespace hw::ui
