// SPDX-License-Identifier: MIT
// The badges of a replica's row (LEADER, ISR, ELR, ...): which ones a row shows, and how wide they are
// on one line and wrapped. The label block's measure (LogGeometry, replicaloggeometry.cpp) and its
// drawing (ReplicaLogItem::buildLabel) both use them.
#include "scene/replicalogitem_p.h"

#include "base/theme.h"
#include "scene/aggregateitem.h"
#include "scene/clusteraggregate.h"
#include "scene/clusterfacts.h"

namespace hw::ui::replicalog {

QList<Badge> rowBadges(const hw::ClusterState& state, std::int32_t partitionIndex, hw::BrokerId broker,
    LogGeometry::Mode mode, bool compact)
{
    const hw::Partition& partition = state.partitions[static_cast<std::size_t>(partitionIndex)];
    const hw::PartitionRegistration& reg = partition.registration;
    const hw::Replica* replica = replicaOf(partition, broker);
    const bool clusterMode = mode == LogGeometry::Mode::Cluster;
    const bool leader = reg.leader == broker;
    QList<Badge> badges;
    if (leader) {
        const bool informed = replica && replica->isLeader();
        badges.append({ informed ? Text::tr("LEADER") : Text::tr("ELECTED"), theme::paper, QBrush(theme::leader),
            QPen(theme::leader, 2), QStringLiteral("badge:leader") });
    } else if (!compact) {
        badges.append({ Text::tr("FOLLOWER"), theme::ink, QBrush(theme::paper), QPen(theme::ink, 2),
            QStringLiteral("badge:follower") });
    }
    if (!inIsr(partition, broker))
        badges.append({ Text::tr("OSR"), theme::osrInk, QBrush(theme::paper), QPen(theme::osr, 2, Qt::DashLine),
            QStringLiteral("badge:osr") });
    else
        badges.append(
            { Text::tr("ISR"), theme::paper, QBrush(theme::isr), QPen(theme::isr, 2), QStringLiteral("badge:isr") });
    //: The badge of an Eligible Leader Replica (KIP-966): out of the ISR, yet safe to elect.
    if (inElr(partition, broker))
        badges.append({ Text::tr("ELR"), theme::ink, QBrush(theme::tint(theme::bluishGreen, 175)),
            QPen(theme::bluishGreen.darker(150), 2, Qt::DashDotLine), QStringLiteral("badge:elr") });
    //: The badge of the partition's last known leader (KIP-966's LastKnownElr): elected when it comes
    //: back while the ISR and the ELR are empty. Short: it stands in a row's label block.
    if (isLastKnownLeader(partition, broker))
        badges.append({ Text::tr("LAST LEADER"), theme::ink, QBrush(theme::panel),
            QPen(theme::leader, 2, Qt::DashDotDotLine), QStringLiteral("badge:last-leader") });
    //: A partition whose leader came from an unclean or last-known-leader election and has not yet
    //: told the controller it recovered (Kafka's LeaderRecoveryState).
    if (clusterMode && leader && reg.leaderRecoveryState == hw::LeaderRecoveryState::Recovering)
        badges.append({ Text::tr("RECOVERING"), theme::ink, QBrush(theme::tint(theme::yellow, 125)),
            QPen(theme::ink, 2, Qt::DashLine), QStringLiteral("badge:recovering") });
    if (!clusterMode) {
        const CardState status = cardStateOf(state, broker);
        if (status != CardState::Online)
            badges.append({ cardStateText(status), theme::ink, QBrush(theme::panel),
                QPen(theme::ink, 2, Qt::DotLine), QStringLiteral("badge:state") });
    }
    if (state.observed) {
        // An observed partition's health on each of its rows in the cluster view (the partition view's
        // heading says it once), in words with its glyph.
        const hw::PartitionHealth health = partitionHealthOf(state, partition);
        if (clusterMode && health != hw::PartitionHealth::Healthy)
            badges.append({ partitionHealthGlyph(health) + QLatin1Char(' ') + partitionHealthText(health),
                health == hw::PartitionHealth::Offline ? theme::paper : theme::ink,
                QBrush(partitionHealthFill(health)), partitionHealthBorder(health), QStringLiteral("badge:health") });
        //: A replica whose HW was read above its LEO: the poll read them in two requests (not atomic).
        if (replica && hwAboveLeo(*replica))
            badges.append({ Text::tr("HW > LEO"), theme::ink, QBrush(theme::paper),
                QPen(theme::highWatermark, 2, Qt::DashLine), QStringLiteral("badge:not-atomic") });
    }
    return badges;
}

qreal badgeWidth(const QString& text, const QFont& font)
{
    return FrameItem::textWidth(text, font) + 2 * font.pixelSize() * 0.35;
}

qreal badgeLineWidth(const QList<Badge>& badges, const QFont& font)
{
    qreal width = 0;
    for (const Badge& badge : badges)
        width += (width > 0 ? badgeSpacing : 0) + badgeWidth(badge.text, font);
    return width;
}

int badgeLines(const QList<Badge>& badges, const QFont& font, qreal labelWidth)
{
    int lines = badges.isEmpty() ? 0 : 1;
    qreal x = 4;
    for (const Badge& badge : badges) {
        const qreal width = badgeWidth(badge.text, font);
        if (x > 4 && x + width > labelWidth - 4) {
            x = 4;
            ++lines;
        }
        x += width + badgeSpacing;
    }
    return lines;
}

} // namespace hw::ui::replicalog
