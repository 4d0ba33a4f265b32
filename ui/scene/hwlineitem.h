// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// The partition's high watermark in the partition view: a bold line down through every replica row
/// at the leader's HW, labelled above the rows. Consumers read the offsets left of it.
class HwLineItem : public FrameItem {
public:
    enum { Type = HwLineItemType };

    /// x: where the line is; labelTop / top / bottom: the label lane and the rows it spans.
    HwLineItem(
        std::int32_t partition, hw::Offset hw, qreal x, qreal labelTop, qreal top, qreal bottom, qreal rightLimit);
    int type() const override { return Type; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    hw::Offset hw() const { return m_hw; }
    /// Predict mode: the line is not drawn and its label asks instead of telling.
    void mask();
    /// An observed partition whose leader's HW the poll did not tell: no line, and the label says so.
    void markUnknown();
    bool isMasked() const { return m_masked; }
    qreal lineX() const { return mapToScene(QPointF(m_x, 0)).x(); }

    static qreal labelHeight();

private:
    hw::Offset m_hw;
    qreal m_x;
    qreal m_top;
    qreal m_bottom;
    bool m_masked = false;
};

} // namespace hw::ui
