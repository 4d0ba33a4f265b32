// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "scenario/display.h"
#include "scene/frameitem.h"
#include "scene/itemtypes.h"

#include <QVector>

namespace hw::ui {

/// How a replica log row is laid out. Every replica of a partition gets the same geometry, so their
/// logs line up by offset.
struct LogGeometry {
    enum class Mode : std::uint8_t { Partition, Cluster };
    Mode mode = Mode::Partition;
    qreal labelWidth = 300;
    qreal gap = 16; // between the label block and the first cell
    qreal cellWidth = 72;
    qreal cellHeight = 60;
    qreal topLane = 32; // the HW tag
    qreal bottomLane = 32; // the LEO tag
    qreal viewLane = 28; // the leader's view of a follower (partition mode only)
    qreal tagRoom = 110; // room right of the last slot for a tag that starts there
    hw::Offset windowStart = 0; // the first offset shown
    int slotCount = 6; // offsets shown, [windowStart, windowStart + slotCount)
    bool compact = false; // cluster mode in presentation: no FOLLOWER badge, the fewest offsets
    int readerLanes = 0; // partition mode, the row consumers read from: one lane per position marker
    qreal readerLane = 34;
    hw::CellText cells = hw::CellText::Offsets; // what a cell says: its offset, its record's value, or both

    /// The characters of a value a cell shows before it is cut with "…" (the tooltip and the
    /// inspector show it whole): the built-in lessons' values ("m1", "order-1") fit.
    static constexpr std::size_t cellValueCharsMax = 8;

    qreal cellsLeft() const { return labelWidth + gap; }
    qreal cellsRight() const { return cellsLeft() + slotCount * cellWidth; }
    qreal width() const { return cellsRight() + tagRoom; }
    /// Where the reader lanes start: under the LEO lane, and under the leader's-view lane on rows
    /// without readers (the row consumers read from is the leader's, which has no leader's view).
    qreal readersTop() const
    {
        return topLane + cellHeight + bottomLane + (mode == Mode::Partition && readerLanes == 0 ? viewLane : 0);
    }
    qreal height() const { return readersTop() + readerLanes * readerLane; }
    /// Where the boundary before an offset is drawn, clamped to the window.
    qreal xOf(hw::Offset offset) const;
    friend bool operator==(const LogGeometry&, const LogGeometry&) = default;

    /// The font of a cell's main line: its offset, or its value.
    static QFont offsetFont(Mode mode);
    /// The font of the offset in a cell's corner when the cell shows both (its value takes the main line).
    static QFont cornerFont();
    /// A record's value as a cell shows it: text, or hex for other bytes, cut to cellValueCharsMax;
    /// "null" for a tombstone.
    static QString valueText(const hw::ClusterState& state, const hw::Record& record);
    /// The widest value text, in the offset font, of the records at offsets [from, to) of any replica
    /// of a partition (0 when none).
    static qreal widestValueWidth(const hw::ClusterState& state, std::int32_t partition, hw::Offset from,
        hw::Offset to, Mode mode);
    /// The cell width that fits every offset up to `widestOffset` in the offset font and, in the partition
    /// view, the epoch badge of `widestEpoch` beside the diverged mark; at least `least`. A cell that
    /// shows values is wide enough for `widestValue` (widestValueWidth), and one that shows both for
    /// the offset in its corner too.
    static qreal cellWidthFor(hw::Offset widestOffset, std::int32_t widestEpoch, Mode mode, qreal least,
        hw::CellText cells = hw::CellText::Offsets, qreal widestValue = 0);
    /// Cluster mode: the cell height that holds the offset over the value when cells show both.
    static qreal clusterCellHeightFor(hw::CellText cells, qreal least);
    /// Partition mode: the font of a reader lane's label ("c1: position 3 · lag 17").
    static QFont readerFont();
    /// Partition mode: a reader lane's height, room for the lag bracket and under it the label in
    /// readerFont (presentation mode's larger text makes taller lanes); at least `least`.
    static qreal readerLaneFor(qreal least);
    /// Partition mode: the width of a ghost cell's reason ("HW trunc.") with room around it.
    static qreal partitionGhostWidth();
    /// Partition mode: the label block that fits each replica's "Broker n" and its widest badge, and
    /// is wide enough that every row's badges, wrapped, stay within a row of this geometry's height.
    qreal partitionLabelWidthFor(const hw::ClusterState& state, std::int32_t partition, qreal least) const;
    /// Partition mode: the room right of the last slot for a tag ("leader sees n", "LEO n") that
    /// starts at the last boundary, for offsets up to `widestOffset`, in lanes `laneHeight` tall.
    static qreal partitionTagRoomFor(hw::Offset widestOffset, qreal laneHeight, qreal least);
    /// Cluster mode: the room right of the cells that fits "LEO n" and "HW n" up to `widestOffset`.
    static qreal clusterTagRoomFor(hw::Offset widestOffset, qreal least);
    /// Cluster mode: the fonts of a row's partition name, its badges and its LEO and HW tags.
    static QFont clusterNameFont();
    static QFont clusterBadgeFont();
    static QFont clusterTagFont();
    /// Cluster mode: the height of a row's label block, its name over one line of badges.
    static qreal clusterLabelHeight();
    /// Cluster mode: the width of the widest line of badges a row of this state has (compact: at least
    /// that of a leader's, LEADER and ISR or OSR).
    static qreal clusterBadgesWidth(const hw::ClusterState& state, bool compact);
};

/// A consumer's position or its group's committed offset on the partition it reads, drawn under
/// the log of the replica it reads from (the leader) at the boundary before that offset.
struct ReaderMarker {
    enum class Kind : std::uint8_t { Position, Committed };
    Kind kind = Kind::Position;
    QString who; // the consumer id or the group id
    hw::Offset offset = 0;
    hw::Offset lag = -1; // the partition's HW minus the offset; -1 without a leader
    friend bool operator==(const ReaderMarker&, const ReaderMarker&) = default;
};
/// The markers for a partition, one lane each, largest offset first (so that the connector of a
/// lower lane never crosses a label above it).
QVector<ReaderMarker> readerMarkersFor(const hw::ClusterState& state, std::int32_t partition);

/// One replica of one partition: its broker, role and ISR membership, its log as cells (offset in
/// each, colour and an epoch bar by leader epoch, hatched above the partition's high watermark), a LEO
/// marker after the last record, its own HW marker and, on followers, the leader's view of it.
class ReplicaLogItem : public FrameItem {
public:
    enum { Type = ReplicaLogItemType };

    ReplicaLogItem(std::int32_t partition, hw::BrokerId broker, const LogGeometry& geometry);
    int type() const override { return Type; }

    /// The partition view's cell height: at least `least`, and room for the epoch tag above the
    /// offset at the current text sizes (presentation mode's larger text makes taller cells).
    /// The height of a partition-view lane for the HW, LEO or "leader sees" tag: its text's, at least `least`.
    static qreal partitionTagLane(qreal least);
    static qreal partitionCellHeight(qreal least);

    /// Re-reads the replica from the state; repaints only if what it shows changed.
    void sync(const hw::ClusterState& state);
    void setGeometry(const LogGeometry& geometry);

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    std::int32_t partition() const { return m_partition; }
    hw::BrokerId broker() const { return m_broker; }
    const LogGeometry& geometry() const { return m_geometry; }

    // What is drawn, for the inspector's neighbours and for tests.
    hw::Offset leo() const { return m_leo; }
    hw::Offset hw() const { return m_hw; }
    hw::Offset leaderView() const { return m_view; } // -1: none drawn
    bool isLeader() const { return m_leader; }
    bool inSync() const { return m_inSync; }
    /// Scene x of the LEO, HW and leader's-view markers.
    qreal leoMarkerX() const;
    qreal hwMarkerX() const;
    qreal viewMarkerX() const;
    /// The brush of the row's background: solid for ISR members, the OSR pattern for the others.
    const QBrush& rowBrush() const { return m_rowBrush; }
    /// Where messages to and from this replica start and end, in scene coordinates.
    QPointF anchor() const;

    /// The text shown for the cell under a point (item coordinates), or an empty string.
    QString toolTipAt(QPointF pos) const;
    /// The marker under a point (item coordinates): "leo", "hw", "view" or "partition-hw", or an
    /// empty string. Hidden markers (predict mode) are not found.
    QString markerAt(QPointF pos) const;
    /// Whether the LEO and HW are hidden for predict mode (drawn as "?").
    bool isMasked() const { return m_masked; }

    /// A record drawn as a cell.
    struct Cell {
        QRectF rect; // item coordinates
        hw::Offset offset = 0;
        std::int32_t epoch = 0;
        bool committed = false; // below the partition's HW: drawn solid, else hatched
        bool epochStart = false; // a new leader epoch begins here: drawn with a bar
        bool masked = false; // predict mode: a record the replica may or may not have yet, drawn as "?"
        bool diverged = false; // the current leader holds another record here: cross-hatched, marked "≠"
        bool replaced = false; // a truncation removed a different record from here: dashed inner outline
        friend bool operator==(const Cell&, const Cell&) = default;
    };
    const QVector<Cell>& cells() const { return m_cells; }

    /// A record a truncation removed from this replica where it holds nothing now: a ghost cell,
    /// dashed and faded, with the value and the reason.
    struct Ghost {
        QRectF rect; // item coordinates
        hw::Offset offset = 0;
        QString value;
        hw::TruncationReason reason = hw::TruncationReason::LeaderEpoch;
        friend bool operator==(const Ghost&, const Ghost&) = default;
    };
    const QVector<Ghost>& ghosts() const { return m_ghosts; }

    /// A reader marker as drawn: its scene x and the scene box of its label.
    struct DrawnMarker {
        ReaderMarker marker;
        qreal x = 0; // scene x of the boundary it points at
        qreal lagToX = -1; // scene x of the HW end of the lag bracket, -1: none drawn
        QRectF laneRect; // item coordinates
        friend bool operator==(const DrawnMarker&, const DrawnMarker&) = default;
    };
    QVector<DrawnMarker> readerMarkers() const;

private:
    void buildLabel(const hw::ClusterState& state);
    void addTag(const QString& text, hw::Offset offset, qreal laneTop, qreal laneHeight, const QColor& color,
        const QString& role);

    std::int32_t m_partition;
    hw::BrokerId m_broker;
    LogGeometry m_geometry;

    QVector<Cell> m_cells;
    QVector<Ghost> m_ghosts;
    struct Lane {
        ReaderMarker marker;
        QRectF rect; // item coordinates
        friend bool operator==(const Lane&, const Lane&) = default;
    };
    QVector<Lane> m_lanes;
    hw::Offset m_leo = 0;
    hw::Offset m_hw = 0;
    hw::Offset m_view = -1;
    hw::Offset m_partitionHw = -1;
    bool m_leader = false;
    bool m_inSync = true;
    bool m_alive = true;
    bool m_masked = false;
    hw::Offset m_maskedEnd = 0; // predict mode: the "?" cells end here, for every replica alike
    QBrush m_rowBrush;
};

} // namespace hw::ui
