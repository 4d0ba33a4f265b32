// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <QRectF>

namespace hw::ui {

class FrameScene;

/// The partition view (the seed article's figures): one partition's replica logs stacked and aligned
/// by offset, with the partition's HW line across them; the controller and the producers on the
/// right, where the messages between them and the replicas travel.
class PartitionLayout {
public:
    /// Adds the items for the partition to the scene; returns the extent of what it drew.
    static QRectF build(FrameScene& scene, const hw::ClusterState& state, std::int32_t partition);

    /// How many offsets a log row shows when it needs `needed`: at least `least`, in steps of four
    /// so that the layout does not change with every record, at most `most`.
    static int slotsFor(hw::Offset needed, int least, int most);
    /// The offsets a row shows at most in the compact (presentation) form: at a projector's text size
    /// the sixteen of the ordinary view made the drawing too wide to read (consumer-lag, 20 records,
    /// came out at 10 px at 1280x720). The last ones are shown; a reader's marker further left says
    /// "◀" and its offset.
    static constexpr int compactSlotsMax = 8;

    /// The heading's line of replica sets: "ISR {4} · OSR {1, 2, 3} · ELR {2, 3} · min.insync.replicas 3",
    /// an empty set as "empty", the ELR and the last known leader (KIP-966) only when they hold a broker.
    static QString replicaSetsText(const hw::ClusterState& state, const hw::Partition& partition);

    /// The "Lost records" list of a partition (-1: of all partitions) at topLeft, if any record is
    /// lost; returns its height (0 when nothing is lost).
    static qreal addLostList(
        FrameScene& scene, const hw::ClusterState& state, std::int32_t partition, qreal width, QPointF topLeft);
};

} // namespace hw::ui
