// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hw::ui {

/// Something a view shows that differs from the other view of View > Compare versions, in the terms
/// of the scene: which partition, replica or broker it is on, and where on its item to mark it.
struct DifferenceMark {
    enum class Where : std::uint8_t {
        Partition, // a partition's registration (leader, ISR, ELR, ...): its heading, or its rows
        PartitionHw, // the partition's HW: the HW line's label, or the rows' HW tags
        Replica, // one replica (its LEO, its own HW): its row
        Broker, // a broker's state: its box's heading, or its row in the partition view
        Lost, // the partition's lost records: the list, or the heading where there is none
        Producers, // what the producers were told: their boxes
    };
    Where where = Where::Partition;
    std::int32_t partition = -1; // index into ClusterState::partitions (-1: none)
    std::int32_t broker = 0; // Replica, Broker
    /// The roles of the text runs that show the value ("leader", "isr", "leo", ...), first found
    /// first; none found: the whole item is marked.
    QStringList roles;
    /// The difference in words (the mark's tooltip).
    QString text;
    friend bool operator==(const DifferenceMark&, const DifferenceMark&) = default;
};

/// The mark of a difference over the item that shows it: a thick outline round the value and a
/// "≠" badge beside its right edge, so that the mark reads without colour (a projector, a
/// colour-blind reader). Made anew with each frame; it stands for nothing that can be selected, so
/// clicks and context menus reach the item under it, and only its outline and badge catch the pointer.
class DiffMarkItem : public FrameItem {
public:
    enum { Type = DiffMarkItemType };

    /// outline: what to mark, in scene coordinates.
    DiffMarkItem(const QRectF& outline, const QString& text);
    int type() const override { return Type; }
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// The marked rectangle, in scene coordinates.
    QRectF outline() const { return mapRectToScene(m_outline); }
    /// The difference in words.
    const QString& text() const { return m_text; }

    /// The outline's width in scene units.
    static qreal outlineWidth();

private:
    QRectF m_outline;
    QString m_text;
};

} // namespace hw::ui
