// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"
#include "scene/messageitem.h"

namespace hw::ui {

/// A consumer: its id, where it is in the group protocol, and each partition it owns with its
/// position (the next offset it reads) and lag (the partition's HW minus that position).
class ConsumerItem : public FrameItem {
public:
    enum { Type = ConsumerItemType };

    /// onlyPartition >= 0: show that partition only (the partition view). concealed (predict mode,
    /// FrameScene::predictionBase()): positions and lag stand as "?", for they tell where the HW is.
    /// compact (presentation mode, FrameScene::compact()): the inspector is not on screen, so the
    /// lines the box leaves out are counted without sending anyone there. The item is made before
    /// it is in the scene, so the layout says both.
    ConsumerItem(const hw::ClusterState& state, std::int32_t consumer, qreal width, std::int32_t onlyPartition = -1,
        bool concealed = false, bool compact = false);
    int type() const override { return Type; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    std::int32_t consumer() const { return m_consumer; }
    /// Where assignment lines and messages start, in scene coordinates: left of the box by a dot
    /// and a little more, so that a message waiting there does not cover the start of the text
    /// ("rders-0"), which begins 12 in.
    QPointF anchor() const
    {
        return mapToScene(
            QPointF(-(MessageItem::dotRadius + MessageItem::dotOutline + 1), boundingRect().height() / 2));
    }

    /// The badge word for a member phase: STABLE, JOINING, ...
    static QString phaseText(std::uint8_t phase);
    /// The width of a box whose name is not cut.
    static qreal nameWidth(const hw::ClusterState& state, std::int32_t consumer);

private:
    std::int32_t m_consumer;
    bool m_running = true;
};

} // namespace hw::ui
