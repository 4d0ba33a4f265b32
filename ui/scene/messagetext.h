// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "scene/messageitem.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace hw::ui {

/// What a queued message is, for drawing it: its kind, a short label ("Fetch(3)", "Records 2..3,
/// HW 2"), the partition it concerns (-1: none), its ends and times.
struct MessageInfo {
    MessageItem::Kind kind = MessageItem::Kind::Produce;
    QString label;
    std::int32_t partition = -1;
    hw::NodeRef from;
    hw::NodeRef to;
    hw::TimeMs sentMs = 0;
    hw::TimeMs arrivesMs = 0;
    std::uint64_t sequence = 0;
};

class MessageText {
    Q_DECLARE_TR_FUNCTIONS(MessageText)

public:
    /// The message a queued event carries, or nullopt for timers.
    static std::optional<MessageInfo> describe(const hw::QueuedEvent& queued, const hw::ClusterState& state);
    /// The name of a node: "broker 2", "the controller", "producer p1".
    static QString nodeName(const hw::NodeRef& node, const hw::ClusterState& state);
};

} // namespace hw::ui
