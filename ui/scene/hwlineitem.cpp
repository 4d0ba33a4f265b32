// SPDX-License-Identifier: MIT
#include "scene/hwlineitem.h"

#include "base/theme.h"

#include <QCoreApplication>
#include <QPainter>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(HwLineItem)
};

} // namespace

qreal HwLineItem::labelHeight()
{
    return textHeight(theme::font(theme::labelSize, true)) + 8;
}

HwLineItem::HwLineItem(
    std::int32_t partition, hw::Offset hw, qreal x, qreal labelTop, qreal top, qreal bottom, qreal rightLimit)
    : FrameItem(SceneTarget::forPartition(partition)), m_hw(hw), m_x(x), m_top(top), m_bottom(bottom)
{
    const QFont font = theme::font(theme::labelSize, true);
    //: The partition view's HW line without a leader: each row stays solid up to its own HW marker.
    const QString label = hw < 0 ? Text::tr("No leader: no HW, nothing to read; each replica keeps its own HW")
                                 : Text::tr("Partition HW %1: consumers read offsets below %1").arg(hw);
    // The label starts at the line and runs right; if it would run past the rows it ends at the line.
    const qreal width = textWidth(label, font) + 16;
    qreal left = x - 10;
    if (left + width > rightLimit)
        left = std::max<qreal>(0, rightLimit - width);
    TextRun run;
    run.box = QRectF(left, labelTop, width, labelHeight() - 4);
    run.text = label;
    run.font = font;
    run.color = theme::paper;
    run.background = QBrush(theme::highWatermark);
    run.border = QPen(theme::highWatermark, 1);
    run.role = QStringLiteral("partition-hw");
    addRun(run);
    setBounds(QRectF(std::min(left, x - 4), labelTop, std::max(width, 8.0), bottom - labelTop)
                  .united(QRectF(x - 4, labelTop, 8, bottom - labelTop)));
}

void HwLineItem::mask()
{
    if (texts().isEmpty())
        return;
    TextRun run = texts().constFirst();
    run.text = Text::tr("Partition HW ?");
    run.box.setWidth(textWidth(run.text, run.font) + 16);
    clearTexts();
    addRun(run);
    m_masked = true;
    update();
}

void HwLineItem::markUnknown()
{
    if (texts().isEmpty())
        return;
    TextRun run = texts().constFirst();
    run.text = Text::tr("Partition HW ?: this poll did not read the leader's HW");
    run.box.setWidth(textWidth(run.text, run.font) + 16);
    clearTexts();
    addRun(run);
    update();
}

void HwLineItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_hw >= 0 && !m_masked) {
        painter->setPen(QPen(theme::highWatermark, 6));
        painter->drawLine(QLineF(m_x, m_top - 6, m_x, m_bottom));
    }
    paintTexts(painter);
}

} // namespace hw::ui
