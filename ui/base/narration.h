// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "model/event.h"
#include "scenario/phrase.h"

#include <QString>

namespace hw::ui {

/// The GUI's words for engine events. The engine writes each sentence once (hw::Narration, in
/// core/scenario/narration*.cpp); these functions render it through Qt's translations (context
/// "Narration"), so the whole explanation reads in the user's language.
class Narration {
public:
    /// The full explanation of the frame an event made; pass the frame's own state.
    static QString sentence(const hw::Event& event, const hw::ClusterState& state);

    /// A phrase of the engine's in the GUI's language.
    static QString text(const hw::Phrase& phrase);

    /// Chinese writes words without spaces between them: the sentences are built from translated
    /// pieces ("來自 %1" with %1 = "代理節點 3"), so this drops a space that ends up between two Chinese
    /// characters (or a Chinese character and a full-width bracket or quote). A space next to a digit
    /// or a Latin word (代理節點 3, 主題 orders) is the usual mixed-script spacing and stays.
    static QString joinChineseWords(QString text);

    /// A few words naming the kind of event, for the event log ("Fetch handled").
    static QString title(hw::EventType type);

    /// The title of this event: the kind's, or a closer one where the fields tell more (a consumer's
    /// metadata refresh, a consumer added at run time, a request that got no answer in time).
    static QString title(const hw::Event& event);

    /// A broker set as the narration writes it: {1, 2, 3}.
    static QString brokerSet(const std::vector<hw::BrokerId>& brokers);

    /// The Kafka name of an error (not translated: it is what a user searches for).
    static QString errorName(hw::ErrorCode error);

    /// JoinGroup, SyncGroup, ... (protocol names, not translated).
    static QString groupRequestName(std::int32_t kind);

    static QString partitionName(const hw::ClusterState& state, std::int32_t partition);
};

} // namespace hw::ui
