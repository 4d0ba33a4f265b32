// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/display.h"
#include "scene/diffmarkitem.h"
#include "scene/drill.h"
#include "scene/scenetarget.h"

#include <QGraphicsScene>
#include <QHash>
#include <QList>

#include <memory>
#include <optional>

// Core headers stay out of moc's way (it cannot parse the C++20 standard library): the state is held
// through a pointer to a forward-declared type.
namespace hw {
struct ClusterState;
struct NodeRef;
} // namespace hw

namespace hw::ui {

class AggregateItem;
class BrokerItem;
class FrameItem;
class ItemPool;
class HwLineItem;
class MessageItem;
class ReplicaLogItem;

/// The drawing of one frame, in one of two layouts. setFrame() rebuilds every item from the state
/// (the items re-read it; the scene keeps the one copy), setDisplayTime() only moves the messages in
/// flight, which is all that changes between two frames while playing.
///
/// It has 43 member functions: the items are laid out by PartitionLayout and ClusterLayout and kept by
/// ItemPool, and what stays here is the scene's interface to the views, the exporter and the tests
/// (9 one-line getters, 7 item lookups, hover and selection) and its four signals.
class FrameScene : public QGraphicsScene {
    Q_OBJECT

public:
    /// With more messages on their way than this, only the selection's messages are labelled.
    static constexpr qsizetype messageLabelsMax = 8;
    enum class ViewKind : std::uint8_t { Partition, Cluster };

    explicit FrameScene(QObject* parent = nullptr);
    ~FrameScene() override;

    ViewKind viewKind() const { return m_viewKind; }
    void setViewKind(ViewKind kind);
    /// The partition the partition view shows (index into ClusterState::partitions).
    std::int32_t focusPartition() const { return m_focusPartition; }
    void setFocusPartition(std::int32_t partition);
    /// Width / height of the view showing the scene; the cluster view arranges brokers to fill it.
    void setTargetAspect(qreal aspect);
    qreal targetAspect() const { return m_aspect; }
    /// Heartbeats never stop; they are hidden unless asked for.
    void setShowHeartbeats(bool show);
    bool showHeartbeats() const { return m_showHeartbeats; }
    /// The legend under the drawing. Presentation mode leaves it out, so the rest of
    /// the drawing can be larger; the teacher explains the colours once.
    void setLegendShown(bool shown);
    bool legendShown() const { return m_legendShown; }
    /// Presentation mode's drawing, whose text can be raised until a projector shows it readable. The
    /// cluster view: each log shows its last few offsets, a replica row no FOLLOWER badge (ISR or
    /// OSR stay), and every box is as large as its text needs. The partition view: at most
    /// PartitionLayout::compactSlotsMax offsets, the last ones.
    void setCompact(bool compact);
    bool compact() const { return m_compact; }
    /// What the log cells say: each record's offset (the default), its value, or both (View > Cells,
    /// a scenario's "display", highwater-cli export --cells).
    void setCellText(hw::CellText cells);
    hw::CellText cellText() const { return m_cellText; }

    /// Draws a frame: its state, with messages placed at displayTimeMs (the frame's time, or later
    /// while playing towards the next frame).
    void setFrame(const hw::ClusterState& state, double displayTimeMs);
    void setDisplayTime(double displayTimeMs);
    const hw::ClusterState& state() const { return *m_state; }
    double displayTime() const { return m_displayTimeMs; }
    bool hasFrame() const { return m_hasFrame; }
    /// How many times the scene has been laid out from the state (the render check counts its builds).
    std::int64_t buildCount() const { return m_buildCount; }

    // The items, for the view, the inspector and tests.
    ReplicaLogItem* replicaItem(std::int32_t partition, std::int32_t broker) const;
    QList<ReplicaLogItem*> replicaItems() const;
    BrokerItem* brokerItem(std::int32_t broker) const;
    HwLineItem* hwLineItem() const;
    QList<MessageItem*> messageItems() const;
    QList<FrameItem*> frameItems() const;
    FrameItem* itemFor(const SceneTarget& target) const;
    /// Messages still travelling at the time shown (used to skip quiet periods while playing).
    bool hasMessagesTravelling() const;

    /// The glossary entry of what is drawn at a scene point: a marker (LEO, HW, the leader's view),
    /// a badge (LEADER, ISR, OSR, broker and group states), a tag or, failing those, the box under it.
    QString glossaryEntryAt(QPointF scenePos) const;
    /// The tooltip at a scene point: a record's details over a cell, a message's over a dot, else the
    /// glossary entry's term and definition in the UI language.
    QString toolTipAt(QPointF scenePos) const;

    /// Repaints everything in the current theme (after theme::apply()).
    void applyTheme();

    /// Predict mode: while a state is set, the replicas' LEO and HW are drawn as "?" and the records
    /// each replica did not hold in that earlier state as "?" cells. nullptr shows everything.
    void setPredictionBase(const hw::ClusterState* before);
    const hw::ClusterState* predictionBase() const { return m_predictionBase.get(); }

    /// View > Compare versions: what this frame shows differently from the other run's. Each mark
    /// outlines the item that shows the value (DiffMarkItem) in every frame drawn until the marks
    /// change; marks of what this layout does not show (another partition) draw nothing.
    void setDifferenceMarks(const QList<DifferenceMark>& marks);
    const QList<DifferenceMark>& differenceMarks() const { return m_differenceMarks; }
    QList<DiffMarkItem*> diffMarkItems() const;
    /// The rectangles (scene coordinates) a mark outlines in the current layout.
    QList<QRectF> markedRects(const DifferenceMark& mark) const;

    SceneTarget selectedTarget() const;
    void selectTarget(const SceneTarget& target);

    /// The live lab: the client.id each live client (by index) named in its requests, which the state
    /// does not hold. The cluster view names the clients by it and their address.
    void setLiveClientNames(const QHash<std::int32_t, QString>& names);
    const QHash<std::int32_t, QString>& liveClientNames() const { return m_liveClientNames; }

    /// The large cluster's aggregate (issue 29): whether the cluster view shows the state as one card per
    /// broker with drill-down (AggregateLayout), because it has more replica rows than the detailed view
    /// draws legibly (aggregateClusterView).
    bool aggregated() const;
    /// Where the aggregate is drilled to. setDrill() goes there (a place the state does not have goes
    /// up to the nearest level it has); drillBack() goes up a level and says whether it could.
    const Drill& drill() const { return m_drill; }
    void setDrill(const Drill& drill);
    bool drillBack();
    /// Opens what an aggregate item stands for: a broker's topics, a topic's partitions, a partition.
    void drillInto(const AggregateItem& item);
    /// The aggregate's items that open something (cards and rows), in the keyboard's order.
    QList<AggregateItem*> drillItems() const;
    /// The index in drillItems() of the one the keyboard is on (Up and Down move it, Enter opens it).
    int drillFocus() const { return m_drillFocus; }
    void moveDrillFocus(int delta);

    // Used by the layouts while building.
    void registerAnchor(const hw::NodeRef& node, std::int32_t partition, QPointF point);
    /// Whether the live clients' messages travel in bundles, one per broker and direction (the live
    /// box aggregates its connections: ninety clients' requests would be ninety tracks).
    void setLiveMessagesBundled(bool bundled) { m_liveMessagesBundled = bundled; }
    /// The items kept from the previous frame (replicas, brokers, boxes, labels).
    ItemPool& pool() { return *m_pool; }

signals:
    /// The aggregate's drill level changed (a click, a key, or a frame without the place).
    void drillChanged();
    /// The user selected an item (or nothing).
    void targetSelected(const hw::ui::SceneTarget& target);
    void contextMenuRequested(const hw::ui::SceneTarget& target, const QPoint& screenPos);
    /// The scene's extent changed: a view showing it should fit it again.
    void layoutChanged();
    /// The pointer rests on something the glossary explains (its entry id).
    void glossaryEntryHovered(const QString& id);

protected:
    void contextMenuEvent(QGraphicsSceneContextMenuEvent* event) override;
    void helpEvent(QGraphicsSceneHelpEvent* event) override;
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void rebuild();
    /// The drill as the state has it: up to the nearest level whose broker, topic and partition it holds.
    Drill resolvedDrill(const Drill& drill) const;
    void applyDrillFocus();
    void buildMessages();
    void addDifferenceMarks();
    void placeMessages();
    /// What a message's label must not cover: every replica row (its cells, markers, tags, name and
    /// badges), the partition's HW line and every text of the other items, in scene coordinates.
    void collectOccupied();
    /// The offset from a label's natural place to the nearest place where it covers none of
    /// `occupied`, or nullopt when there is none near its dot.
    static std::optional<QPointF> freePlaceFor(
        const QRectF& natural, QPointF dot, const QList<QRectF>& occupied, const QRectF& extent);
    bool anchorOf(const hw::NodeRef& node, std::int32_t partition, QPointF* point) const;
    /// Whether a message goes to or from what the target stands for.
    bool involves(const MessageItem& message, const SceneTarget& target) const;
    void onSelectionChanged();

    std::unique_ptr<hw::ClusterState> m_state;
    std::unique_ptr<ItemPool> m_pool;
    std::unique_ptr<hw::ClusterState> m_predictionBase;
    bool m_hasFrame = false;
    double m_displayTimeMs = 0;
    ViewKind m_viewKind = ViewKind::Partition;
    std::int32_t m_focusPartition = 0;
    qreal m_aspect = 16.0 / 9.0;
    bool m_showHeartbeats = false;
    bool m_legendShown = true;
    bool m_compact = false;
    hw::CellText m_cellText {}; // Offsets
    bool m_rebuilding = false;
    std::int64_t m_buildCount = 0;
    QRectF m_lastRect;

    QHash<quint64, QPointF> m_anchors;
    QList<QRectF> m_occupied;
    QRectF m_contentRect;
    QList<MessageItem*> m_messages;
    QList<DifferenceMark> m_differenceMarks;
    QHash<std::int32_t, QString> m_liveClientNames;
    bool m_liveMessagesBundled = false;
    Drill m_drill;
    int m_drillFocus = 0;
};

} // namespace hw::ui
