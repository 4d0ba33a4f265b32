// SPDX-License-Identifier: MIT
#pragma once

// What the three files of a replica log row share (scene/replicalogitem.cpp, replicaloggeometry.cpp,
// replicalogbadges.cpp): the translation context of their texts, the sizes both the measures and the
// drawing use, and a row's badges.

#include "scene/replicalogitem.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QPen>
#include <QString>

namespace hw::ui::replicalog {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ReplicaLogItem)
};

/// The partition view's leader epoch badge, above the offset in a cell.
inline constexpr qreal epochSize = 14;
/// The partition view's ghost cell: the removed record's value over the reason it was removed.
inline constexpr qreal ghostReasonSize = 14;
/// A reader lane: the lag bracket 3 px under its top (its end tick reaching 9 px down) and the
/// marker's triangle from 4 px down; the label starts this far down, clear of both.
inline constexpr qreal readerLabelTop = 12;
/// The gap between two badges of a row: wide enough to stay a visible gap (4 px and more) when a
/// projector shows the drawing scaled down.
inline constexpr qreal badgeSpacing = 12;

/// A badge of a replica's row, left of its log.
struct Badge {
    QString text;
    QColor foreground;
    QBrush background;
    QPen border;
    QString role;
};

/// The badges of a replica's row, in the order they are drawn: its role (LEADER, ELECTED or
/// FOLLOWER), ISR or OSR, ELR and LAST LEADER (KIP-966: the controller's elr and lastKnownElr, as
/// PartitionChangeBuilder keeps them), RECOVERING on the leader's row of the cluster view (the partition
/// view says it in its heading), and the broker's state in the partition view. Compact rows leave
/// FOLLOWER out (a row without LEADER or ELECTED is a follower) but keep ISR or OSR on every row, so
/// that the projector shows the ISR in words. Each badge differs from the others by its text and its
/// outline or fill, not by colour alone.
QList<Badge> rowBadges(const hw::ClusterState& state, std::int32_t partitionIndex, hw::BrokerId broker,
    LogGeometry::Mode mode, bool compact);

qreal badgeWidth(const QString& text, const QFont& font);

/// The width of a row's badges on one line, with the gaps between them.
qreal badgeLineWidth(const QList<Badge>& badges, const QFont& font);

/// How many lines a row's badges take in a label block `labelWidth` wide, wrapped as buildLabel wraps them.
int badgeLines(const QList<Badge>& badges, const QFont& font, qreal labelWidth);

} // namespace hw::ui::replicalog
