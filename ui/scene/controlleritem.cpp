// SPDX-License-Identifier: MIT
#include "scene/controlleritem.h"

#include "base/narration.h"
#include "base/theme.h"
#include "scene/clusteraggregate.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ControllerItem)
};

} // namespace

ControllerItem::ControllerItem(QSizeF size) : FrameItem(SceneTarget::forController())
{
    setFlag(ItemIsSelectable);
    setCacheMode(DeviceCoordinateCache);
    setBounds(QRectF(QPointF(0, 0), size));
}

void ControllerItem::setSize(QSizeF size)
{
    if (size == boundingRect().size())
        return;
    setBounds(QRectF(QPointF(0, 0), size));
    update();
}

qreal ControllerItem::preferredHeight()
{
    return 12 + textHeight(theme::font(theme::labelSize, true)) + 2 * textHeight(theme::font(theme::smallSize)) + 16;
}

qreal ControllerItem::nameWidth()
{
    return boxWidthForName(Text::tr("Controller (node %1)").arg(hw::controllerNodeId));
}

void ControllerItem::sync(const hw::ClusterState& state)
{
    beginTexts();
    const QRectF box = boundingRect().adjusted(12, 8, -12, -8);
    const QFont nameFont = theme::font(theme::labelSize, true);
    const QFont smallFont = theme::font(theme::smallSize);
    qreal y = box.top() + 4;
    // Word-wrapped to the box, which is as tall as its lines: presentation mode's larger text takes
    // more lines in the compact cluster view.
    auto addLines = [&](const QString& text, const QFont& font, const QString& role) {
        y = addWrappedText(text, font, box.left(), y, box.width(), theme::ink, role);
    };
    // An observed cluster's controller is not polled (DescribeCluster names a random live broker in
    // KRaft): the box keeps what the poll told of it, the fenced brokers, by their real node ids.
    addLines(state.observed ? Text::tr("Controller (not observed)")
                            : Text::tr("Controller (node %1)").arg(hw::controllerNodeId),
        nameFont, QStringLiteral("name"));
    std::vector<hw::BrokerId> fenced;
    for (const hw::BrokerRegistration& r : state.registrations) {
        if (r.fenced)
            fenced.push_back(nodeIdOf(state, r.id));
    }
    int offline = 0;
    for (const hw::Partition& p : state.partitions) {
        if (p.registration.leader == hw::noLeader)
            ++offline;
    }
    addLines(fenced.empty() ? Text::tr("Fenced brokers: none")
                            : Text::tr("Fenced brokers: %1").arg(Narration::brokerSet(fenced)),
        smallFont, QStringLiteral("fenced"));
    addLines(Text::tr("Partitions without a leader: %1").arg(offline), smallFont, QStringLiteral("offline"));
    setHeight(std::max(preferredHeight(), y + 16));
    if (textsChanged())
        update();
}

void ControllerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(2, 2, -2, -2);
    painter->setPen(QPen(theme::ink, 3));
    painter->setBrush(theme::controllerFill);
    painter->drawRoundedRect(box, 10, 10);
    if (isSelected()) {
        painter->setPen(QPen(theme::blue, 4, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box, 10, 10);
    }
    paintTexts(painter);
}

} // namespace hw::ui
