// SPDX-License-Identifier: MIT
#include "scene/titleitem.h"

#include "base/theme.h"

#include <QFontMetricsF>
#include <QPainter>

namespace hw::ui {

TitleItem::TitleItem(SceneTarget target, qreal width, const QList<Line>& lines)
    : FrameItem(target), m_width(width), m_lines(lines)
{
    setCacheMode(DeviceCoordinateCache);
    if (target.isValid())
        setFlag(ItemIsSelectable);
    qreal y = 0;
    for (const Line& line : lines) {
        const QFont font = theme::font(line.size, line.bold);
        for (const QString& part : wrapText(line.text, font, width)) {
            y = addTextIn(
                part, font, QRectF(0, y, width, textHeight(font)), theme::ink, Qt::AlignLeft | Qt::AlignTop, line.role)
                    .bottom();
        }
        y += 2;
    }
    setBounds(QRectF(0, 0, width, y));
}

qreal TitleItem::heightFor(qreal width, const QList<Line>& lines)
{
    qreal y = 0;
    for (const Line& line : lines) {
        const QFont font = theme::font(line.size, line.bold);
        y += wrapText(line.text, font, width).size() * textHeight(font) + 2;
    }
    return y;
}

void TitleItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (isSelected()) {
        painter->setPen(QPen(theme::blue, 3, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(boundingRect());
    }
    paintTexts(painter);
}

} // namespace hw::ui
