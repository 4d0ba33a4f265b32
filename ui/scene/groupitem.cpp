// SPDX-License-Identifier: MIT
#include "scene/groupitem.h"
#include "groups/assignor.h"

#include "base/theme.h"
#include "model/cluster_state.h"

#include <QCoreApplication>
#include <QPainter>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(GroupItem)
};

QString assignorText(hw::AssignorKind kind)
{
    const std::string_view name = hw::assignorName(kind);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

} // namespace

QString GroupItem::stateText(std::uint8_t state)
{
    switch (static_cast<hw::GroupState>(state)) {
    case hw::GroupState::Empty:
        return Text::tr("EMPTY");
    case hw::GroupState::PreparingRebalance:
        return Text::tr("PREPARING REBALANCE");
    case hw::GroupState::CompletingRebalance:
        return Text::tr("COMPLETING REBALANCE");
    case hw::GroupState::Stable:
        return Text::tr("STABLE");
    case hw::GroupState::Dead:
        return Text::tr("DEAD");
    }
    return QString();
}

qreal GroupItem::nameWidth(const hw::ClusterState& state, std::int32_t group)
{
    const QString name = group < 0
        ? Text::tr("Consumers without a group")
        : Text::tr("Group %1").arg(QString::fromStdString(state.groups[static_cast<std::size_t>(group)].id));
    return boxWidthForName(name);
}

GroupItem::GroupItem(const hw::ClusterState& state, std::int32_t group, qreal width)
    : FrameItem(SceneTarget::forGroup(group))
{
    if (group >= 0)
        setFlag(ItemIsSelectable);
    const QFont nameFont = theme::font(theme::labelSize, true);
    const QFont badgeFont = theme::font(15, true);
    const QFont smallFont = theme::font(theme::smallSize);
    const qreal inner = width - 24;
    qreal y = 8;
    if (group < 0) {
        y = addTextIn(Text::tr("Consumers without a group"), nameFont, QRectF(12, y, inner, textHeight(nameFont)),
            theme::ink, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("name"))
                .bottom();
    } else {
        const hw::Group& g = state.groups[static_cast<std::size_t>(group)];
        const QRectF name = addTextIn(Text::tr("Group %1").arg(QString::fromStdString(g.id)), nameFont,
            QRectF(12, y, inner, textHeight(nameFont)), theme::ink, Qt::AlignLeft | Qt::AlignTop,
            QStringLiteral("name"));
        const QString stateWord = stateText(static_cast<std::uint8_t>(g.state));
        const qreal badgeWidth = textWidth(stateWord, badgeFont) + 2 * badgeFont.pixelSize() * 0.35;
        // The badge goes after the name when both fit on the line, else on a line of its own.
        QPointF badgeAt(name.right() + 10, y + (name.height() - textHeight(badgeFont)) / 2);
        y = name.bottom() + 2;
        if (badgeAt.x() + badgeWidth > 12 + inner) {
            badgeAt = QPointF(12, y);
            y += textHeight(badgeFont) + 6;
        }
        addBadge(stateWord, badgeFont, badgeAt, g.state == hw::GroupState::Stable ? theme::paper : theme::ink,
            g.state == hw::GroupState::Stable ? QBrush(theme::blue) : QBrush(theme::yellow), QPen(theme::ink, 1),
            QStringLiteral("badge:group-state"));
        hw::BrokerId coordinator = hw::noLeader;
        if (g.offsetsPartition >= 0 && g.offsetsPartition < static_cast<std::int32_t>(state.offsetsPartitions.size()))
            coordinator = state.offsetsPartitions[static_cast<std::size_t>(g.offsetsPartition)].leader;
        const QString coordinatorText = coordinator == hw::noLeader
            ? Text::tr("no coordinator")
            : Text::tr("coordinator broker %1").arg(coordinator);
        for (const QString& line : wrapText(Text::tr("generation %1 \u00B7 %2 \u00B7 %3")
                                                .arg(g.generation)
                                                .arg(coordinatorText, assignorText(g.protocol)),
                 smallFont, inner))
            y = addTextIn(line, smallFont, QRectF(12, y, inner, textHeight(smallFont)), theme::ink,
                Qt::AlignLeft | Qt::AlignTop, QStringLiteral("details"))
                    .bottom();
    }
    m_headerHeight = y + 8;
    setBounds(QRectF(0, 0, width, m_headerHeight));
}

void GroupItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(2, 2, -2, -2);
    painter->setPen(QPen(theme::ink, 3, Qt::SolidLine));
    painter->setBrush(theme::groupFill);
    painter->drawRoundedRect(box, 12, 12);
    if (isSelected()) {
        painter->setPen(QPen(theme::blue, 4, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box, 12, 12);
    }
    paintTexts(painter);
}

} // namespace hw::ui
