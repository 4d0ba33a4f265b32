// SPDX-License-Identifier: MIT
#include "scene/aggregateitem.h"

#include "base/theme.h"
#include "scene/clusterfacts.h"

#include <QCoreApplication>
#include <QCursor>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(AggregateItem)
};

constexpr qreal padding = 14;
constexpr qreal lineGap = 6;
constexpr qreal countGap = 12;

QFont nameFont() { return theme::font(theme::labelSize, true); }
QFont countFont() { return theme::font(theme::tagSize); }
QFont badgeFont() { return theme::font(theme::tagSize, true); }

/// The levels worst first, as a card lists them.
constexpr hw::PartitionHealth alertLevels[] = { hw::PartitionHealth::Offline, hw::PartitionHealth::UnderMinIsr,
    hw::PartitionHealth::AtMinIsr, hw::PartitionHealth::UnderReplicated };

template <typename Counts>
int countOf(const Counts& counts, hw::PartitionHealth level)
{
    switch (level) {
    case hw::PartitionHealth::Healthy:
        return counts.healthy;
    case hw::PartitionHealth::UnderReplicated:
        return counts.underReplicated;
    case hw::PartitionHealth::AtMinIsr:
        return counts.atMinIsr;
    case hw::PartitionHealth::UnderMinIsr:
        return counts.underMinIsr;
    case hw::PartitionHealth::Offline:
        return counts.offline;
    }
    return 0;
}

QString healthRole(hw::PartitionHealth level)
{
    const std::string_view name = hw::partitionHealthName(level);
    return QStringLiteral("count:") + QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

/// A set of brokers by the ids the cluster names them: "{1001, 1002}", or "empty".
QString nodeSetText(const hw::ClusterState& state, const std::vector<hw::BrokerId>& brokers)
{
    std::vector<hw::BrokerId> ids;
    ids.reserve(brokers.size());
    for (hw::BrokerId b : brokers)
        ids.push_back(nodeIdOf(state, b));
    return brokerSetText(ids);
}

} // namespace

QString partitionHealthText(hw::PartitionHealth health)
{
    switch (health) {
    case hw::PartitionHealth::Healthy:
        return Text::tr("healthy");
    case hw::PartitionHealth::UnderReplicated:
        return Text::tr("under-replicated");
    case hw::PartitionHealth::AtMinIsr:
        return Text::tr("at min ISR");
    case hw::PartitionHealth::UnderMinIsr:
        return Text::tr("under min ISR");
    case hw::PartitionHealth::Offline:
        return Text::tr("offline");
    }
    return QString();
}

QString partitionHealthGlyph(hw::PartitionHealth health)
{
    switch (health) {
    case hw::PartitionHealth::Healthy:
        return QStringLiteral("\u2713");
    case hw::PartitionHealth::UnderReplicated:
        return QStringLiteral("\u25B2");
    case hw::PartitionHealth::AtMinIsr:
        return QStringLiteral("\u25A0");
    case hw::PartitionHealth::UnderMinIsr:
        return QStringLiteral("\u25BC");
    case hw::PartitionHealth::Offline:
        return QStringLiteral("\u00D7");
    }
    return QString();
}

QColor partitionHealthFill(hw::PartitionHealth health)
{
    switch (health) {
    case hw::PartitionHealth::Healthy:
        return theme::tint(theme::bluishGreen, 170);
    case hw::PartitionHealth::UnderReplicated:
        return theme::tint(theme::yellow, 90);
    case hw::PartitionHealth::AtMinIsr:
        return theme::tint(theme::orange, 120);
    case hw::PartitionHealth::UnderMinIsr:
        return theme::tint(theme::vermillion, 110);
    case hw::PartitionHealth::Offline:
        return theme::ink;
    }
    return theme::paper;
}

QPen partitionHealthBorder(hw::PartitionHealth health)
{
    switch (health) {
    case hw::PartitionHealth::Healthy:
        return QPen(theme::ink, 1);
    case hw::PartitionHealth::UnderReplicated:
        return QPen(theme::ink, 2, Qt::DotLine);
    case hw::PartitionHealth::AtMinIsr:
        return QPen(theme::ink, 2, Qt::DashLine);
    case hw::PartitionHealth::UnderMinIsr:
        return QPen(theme::ink, 3);
    case hw::PartitionHealth::Offline:
        return QPen(theme::ink, 2);
    }
    return QPen(theme::ink, 1);
}

QString cardStateText(CardState state)
{
    switch (state) {
    case CardState::Online:
        return brokerStatusText(BrokerStatus::Online);
    case CardState::Fenced:
        return brokerStatusText(BrokerStatus::Fenced);
    case CardState::NotAnswering:
        //: An observed broker that did not answer this poll's requests (the cluster still lists it).
        return Text::tr("NO ANSWER");
    case CardState::Gone:
        //: An observed broker the cluster no longer lists (it left, or was unregistered).
        return Text::tr("GONE");
    case CardState::Offline:
        return brokerStatusText(BrokerStatus::Offline);
    case CardState::Isolated:
        return brokerStatusText(BrokerStatus::Isolated);
    }
    return QString();
}

QString offsetText(hw::Offset offset)
{
    return offset < 0 ? QStringLiteral("?") : QString::number(offset);
}

AggregateItem::AggregateItem(Kind kind, SceneTarget target) : FrameItem(target), m_kind(kind)
{
    setAcceptHoverEvents(false);
    if (kind != Kind::Breadcrumb)
        setCursor(QCursor(Qt::PointingHandCursor));
}

qreal AggregateItem::cardWidth()
{
    // The counts' line whole: "leaders: 999  followers: 999  99 topics ›" in the current language.
    const QFont font = countFont();
    const qreal counts = textWidth(Text::tr("leaders: %1").arg(999), font)
        + textWidth(Text::tr("followers: %1").arg(999), font)
        + textWidth(Text::tr("%n topic(s) \u203A", nullptr, 99), font) + 2 * countGap;
    return std::ceil(std::max<qreal>(300, 2 * padding + counts));
}

qreal AggregateItem::rowWidth()
{
    return 2 * cardWidth() + 40;
}

QRectF AggregateItem::addCount(const QString& text, int count, hw::PartitionHealth level, bool alert,
    QPointF topLeft, const QFont& font, const QString& role)
{
    if (alert && count > 0) {
        const bool dark = level == hw::PartitionHealth::Offline;
        return addBadge(partitionHealthGlyph(level) + QLatin1Char(' ') + text, badgeFont(), topLeft,
            dark ? theme::paper : theme::ink, QBrush(partitionHealthFill(level)), partitionHealthBorder(level), role);
    }
    return addText(text, font, topLeft, count > 0 || !alert ? theme::ink : theme::faintInk, role);
}

AggregateItem* AggregateItem::brokerCard(const hw::ClusterState&, const BrokerAggregate& a, qreal width)
{
    auto* item = new AggregateItem(Kind::BrokerCard, SceneTarget::forBroker(a.broker));
    item->m_broker = a.broker;
    item->m_state = a.state;
    const QFont font = countFont();
    const qreal line = textHeight(badgeFont()) + 2 + lineGap;
    const QRectF name = item->addText(
        Text::tr("Broker %1").arg(a.nodeId), nameFont(), QPointF(padding, padding), theme::ink, QStringLiteral("name"));
    QBrush badgeBrush(theme::tint(theme::bluishGreen, 170));
    QColor badgeInk = theme::ink;
    QPen badgePen(theme::ink, 2);
    switch (a.state) {
    case CardState::Online:
        break;
    case CardState::Fenced:
        badgeBrush = QBrush(theme::tint(theme::reddishPurple, 150));
        badgePen.setStyle(Qt::DashLine);
        break;
    case CardState::NotAnswering:
    case CardState::Isolated:
        badgeBrush = QBrush(theme::orange);
        badgePen.setStyle(Qt::DotLine);
        break;
    case CardState::Gone:
    case CardState::Offline:
        badgeBrush = QBrush(theme::ink);
        badgeInk = theme::paper;
        break;
    }
    const QFont stateFont = badgeFont();
    item->addBadge(cardStateText(a.state), stateFont,
        QPointF(name.right() + 12, name.top() + (name.height() - textHeight(stateFont) - 2) / 2), badgeInk, badgeBrush,
        badgePen, QStringLiteral("badge:state"));
    qreal y = name.bottom() + lineGap;
    qreal x = item->addText(Text::tr("leaders: %1").arg(a.leaders), font, QPointF(padding, y), theme::ink,
                      QStringLiteral("count:leaders"))
                  .right()
        + countGap;
    x = item->addText(Text::tr("followers: %1").arg(a.followers), font, QPointF(x, y), theme::ink,
              QStringLiteral("count:followers"))
            .right()
        + countGap;
    //: The end of a broker's card in the large cluster view: how many topics it holds; clicking opens them.
    item->addTextIn(Text::tr("%n topic(s) \u203A", nullptr, static_cast<int>(a.topics.size())), font,
        QRectF(x, y, width - padding - x, textHeight(font)), theme::blue, Qt::AlignRight | Qt::AlignVCenter,
        QStringLiteral("open"));
    y += line;
    // The health of its replicas' partitions: the levels that hold, worst first, each a badge with its
    // glyph (wrapped when they do not fit a line), or all healthy.
    x = padding;
    const QString words[] = { Text::tr("offline: %1"), Text::tr("under min ISR: %1"), Text::tr("at min ISR: %1"),
        Text::tr("under-replicated: %1") };
    auto place = [&](const QString& text) {
        const qreal w = textWidth(text, badgeFont()) + badgeFont().pixelSize();
        if (x > padding && x + w > width - padding) {
            x = padding;
            y += line;
        }
        return QPointF(x, y);
    };
    for (int i = 0; i < 4; ++i) {
        const hw::PartitionHealth level = alertLevels[i];
        const int count = countOf(a, level);
        if (count == 0)
            continue;
        const QString text = words[i].arg(count);
        x = item->addCount(text, count, level, true, place(partitionHealthGlyph(level) + QLatin1Char(' ') + text),
                    font, healthRole(level))
                .right()
            + countGap;
    }
    const QString healthy = a.healthy == a.replicas ? Text::tr("all %n healthy", nullptr, a.healthy)
                                                    : Text::tr("healthy: %1").arg(a.healthy);
    const QString healthyText = partitionHealthGlyph(hw::PartitionHealth::Healthy) + QLatin1Char(' ') + healthy;
    x = item->addText(healthyText, font, place(healthyText), theme::ink, QStringLiteral("count:healthy")).right()
        + countGap;
    y += line;
    // What the poll could not tell, or told out of step.
    if (a.unknownOffsets > 0 || a.hwAboveLeo > 0) {
        x = padding;
        if (a.unknownOffsets > 0)
            x = item->addText(Text::tr("offsets ?: %1").arg(a.unknownOffsets), font, QPointF(x, y), theme::ink,
                          QStringLiteral("count:unknown"))
                    .right()
                + countGap;
        if (a.hwAboveLeo > 0)
            item->addBadge(Text::tr("HW > LEO: %1").arg(a.hwAboveLeo), stateFont, QPointF(x, y), theme::ink,
                QBrush(theme::paper), QPen(theme::highWatermark, 2, Qt::DashLine), QStringLiteral("count:hw-above-leo"));
        y += line;
    }
    item->setBounds(QRectF(0, 0, width, y + padding - lineGap));
    return item;
}

AggregateItem* AggregateItem::topicRow(
    const hw::ClusterState& state, hw::BrokerId broker, const TopicAggregate& a, qreal width)
{
    auto* item = new AggregateItem(Kind::TopicRow, SceneTarget {});
    item->m_broker = broker;
    item->m_topic = a.topic;
    const QFont font = countFont();
    const hw::Topic& topic = state.topics[static_cast<std::size_t>(a.topic)];
    const QRectF name = item->addText(QString::fromStdString(topic.name), nameFont(), QPointF(padding, padding),
        theme::ink, QStringLiteral("name"));
    qreal x = name.right() + countGap * 2;
    const qreal textTop = name.top() + (name.height() - textHeight(font)) / 2;
    x = item->addText(Text::tr("%n partition(s) here", nullptr, a.replicas), font, QPointF(x, textTop), theme::ink,
              QStringLiteral("count:replicas"))
            .right()
        + countGap * 2;
    x = item->addText(Text::tr("leaders: %1").arg(a.leaders), font, QPointF(x, textTop), theme::ink,
              QStringLiteral("count:leaders"))
            .right()
        + countGap * 2;
    item->addText(Text::tr("followers: %1").arg(a.followers), font, QPointF(x, textTop), theme::ink,
        QStringLiteral("count:followers"));
    qreal y = name.bottom() + lineGap;
    x = padding;
    const QString words[] = { Text::tr("offline: %1"), Text::tr("under min ISR: %1"), Text::tr("at min ISR: %1"),
        Text::tr("under-replicated: %1") };
    bool any = false;
    for (int i = 0; i < 4; ++i) {
        const hw::PartitionHealth level = alertLevels[i];
        const int count = countOf(a, level);
        if (count == 0)
            continue;
        any = true;
        x = item->addCount(words[i].arg(count), count, level, true, QPointF(x, y), font, healthRole(level)).right()
            + countGap;
    }
    if (!any)
        item->addText(partitionHealthGlyph(hw::PartitionHealth::Healthy) + QLatin1Char(' ')
                + Text::tr("all %n healthy", nullptr, a.healthy),
            font, QPointF(x, y), theme::ink, QStringLiteral("count:healthy"));
    item->finishRow(y + textHeight(badgeFont()) + 2, width);
    return item;
}

AggregateItem* AggregateItem::partitionRow(
    const hw::ClusterState& state, hw::BrokerId broker, std::int32_t partitionIndex, qreal width)
{
    auto* item = new AggregateItem(Kind::PartitionRow, SceneTarget::forPartition(partitionIndex));
    item->m_broker = broker;
    item->m_partition = partitionIndex;
    const hw::Partition& partition = state.partitions[static_cast<std::size_t>(partitionIndex)];
    item->m_topic = partition.topic;
    item->m_health = partitionHealthOf(state, partition);
    const QFont font = countFont();
    const hw::PartitionRegistration& reg = partition.registration;
    const QRectF name = item->addText(QString::fromStdString(state.partitionName(partitionIndex)), nameFont(),
        QPointF(padding, padding), theme::ink, QStringLiteral("name"));
    const qreal textTop = name.top() + (name.height() - textHeight(font)) / 2;
    qreal x = name.right() + countGap * 2;
    x = item->addCount(partitionHealthText(item->m_health), 1, item->m_health, true, QPointF(x, textTop), font,
              QStringLiteral("health"))
            .right()
        + countGap * 2;
    const QString leader = reg.leader == hw::noLeader ? Text::tr("no leader")
                                                      : Text::tr("leader %1 (epoch %2)")
                                                            .arg(nodeIdOf(state, reg.leader))
                                                            .arg(reg.leaderEpoch);
    item->addText(leader, font, QPointF(x, textTop), theme::ink, QStringLiteral("leader"));
    qreal y = name.bottom() + lineGap;
    QStringList sets;
    sets << Text::tr("ISR %1").arg(nodeSetText(state, reg.isr));
    // The ELR and the last known ELR (KIP-966), where the poll told them.
    const bool elrKnown = state.observed ? state.observed->poll.elrKnown : !reg.elr.empty() || !reg.lastKnownElr.empty();
    if (elrKnown) {
        sets << Text::tr("ELR %1").arg(nodeSetText(state, reg.elr));
        sets << Text::tr("last known ELR %1").arg(nodeSetText(state, reg.lastKnownElr));
    }
    x = item->addText(sets.join(QStringLiteral(" \u00B7 ")), font, QPointF(padding, y), theme::ink,
              QStringLiteral("sets"))
            .right()
        + countGap * 2;
    // This broker's replica: its LEO and HW, "?" where the poll did not tell them.
    if (const hw::Replica* replica = replicaOf(partition, broker)) {
        x = item->addText(Text::tr("here: LEO %1 \u00B7 HW %2")
                              .arg(offsetText(replica->log.leo()), offsetText(replica->hw)),
                    font, QPointF(x, y), theme::ink, QStringLiteral("offsets"))
                .right()
            + countGap;
        if (hwAboveLeo(*replica))
            item->addBadge(Text::tr("HW > LEO"), badgeFont(), QPointF(x, y), theme::ink, QBrush(theme::paper),
                QPen(theme::highWatermark, 2, Qt::DashLine), QStringLiteral("badge:not-atomic"));
    }
    item->finishRow(y + textHeight(badgeFont()) + 2, width);
    return item;
}

AggregateItem* AggregateItem::breadcrumb(const QStringList& crumbs, qreal width)
{
    auto* item = new AggregateItem(Kind::Breadcrumb, SceneTarget {});
    const QFont font = theme::font(theme::labelSize);
    const QFont bold = theme::font(theme::labelSize, true);
    qreal x = 0;
    if (crumbs.size() > 1)
        x = item->addBadge(QStringLiteral("\u25C0 ") + Text::tr("Back"), badgeFont(), QPointF(0, 4), theme::ink,
                  QBrush(theme::panel), QPen(theme::ink, 2), QStringLiteral("crumb:back"))
                .right()
            + 16;
    for (qsizetype i = 0; i < crumbs.size(); ++i) {
        const bool last = i == crumbs.size() - 1;
        if (i > 0)
            x = item->addText(QStringLiteral("\u203A"), font, QPointF(x, 0), theme::faintInk).right() + 8;
        x = item->addText(crumbs[i], last ? bold : font, QPointF(x, 0), last ? theme::ink : theme::blue,
                  QStringLiteral("crumb:%1").arg(i))
                .right()
            + 8;
    }
    const qreal top = textHeight(font) + 6;
    //: The large cluster view's keys, under its breadcrumb.
    item->addWrappedText(crumbs.size() > 1
            ? Text::tr("Click a row or press Up/Down and Enter to open it; Esc or Backspace goes back.")
            : Text::tr("Click a broker or press Up/Down and Enter to open it: its topics, then their partitions."),
        theme::font(theme::smallSize), 0, top, width, theme::faintInk, QStringLiteral("hint"));
    qreal bottom = 0;
    for (const TextRun& run : item->texts())
        bottom = std::max(bottom, run.box.bottom());
    item->setBounds(QRectF(0, 0, width, bottom + 4));
    return item;
}

qreal AggregateItem::contentRight() const
{
    qreal right = 0;
    for (const TextRun& run : texts())
        right = std::max(right, run.box.right());
    return right;
}

void AggregateItem::finishRow(qreal bottom, qreal width)
{
    // As wide as asked, or as its text needs with the "›" after it (the layout then widens every row
    // to the widest).
    width = std::max(width, std::ceil(contentRight() + countGap + 30 + padding));
    addTextIn(QStringLiteral("\u203A"), nameFont(), QRectF(width - padding - 30, 0, 30, bottom + padding), theme::blue,
        Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("open"));
    setBounds(QRectF(0, 0, width, bottom + padding));
}

int AggregateItem::crumbAt(QPointF pos) const
{
    if (m_kind != Kind::Breadcrumb)
        return -2;
    for (const TextRun& run : texts()) {
        if (!run.box.contains(pos) || !run.role.startsWith(QLatin1String("crumb:")))
            continue;
        if (run.role == QLatin1String("crumb:back"))
            return -1;
        return run.role.mid(6).toInt();
    }
    return -2;
}

void AggregateItem::setFocused(bool focused)
{
    if (focused == m_focused)
        return;
    m_focused = focused;
    update();
}

void AggregateItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(2, 2, -2, -2);
    if (m_kind == Kind::BrokerCard) {
        QPen pen(theme::ink, 3);
        QBrush fill(Qt::NoBrush);
        switch (m_state) {
        case CardState::Online:
            break;
        case CardState::Fenced:
            pen = QPen(theme::reddishPurple.darker(130), 3, Qt::DashDotLine);
            break;
        case CardState::NotAnswering:
        case CardState::Isolated:
            pen = QPen(theme::orange.darker(130), 4, Qt::DotLine);
            break;
        case CardState::Gone:
        case CardState::Offline:
            pen = QPen(theme::faintInk, 3, Qt::DashLine);
            fill = QBrush(theme::offlineFill);
            break;
        }
        painter->setPen(pen);
        painter->setBrush(fill);
        painter->drawRoundedRect(box, 12, 12);
        if (m_state == CardState::Gone || m_state == CardState::Offline) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(QBrush(theme::faintInk, theme::offlinePattern));
            painter->drawRoundedRect(box, 12, 12);
            // Keep the text readable on the hatching.
            painter->setBrush(theme::paper);
            for (const TextRun& run : texts())
                painter->drawRect(run.box.adjusted(-3, -1, 3, 1));
        }
        if (m_state == CardState::Fenced) {
            painter->setPen(QPen(theme::reddishPurple.darker(130), 2));
            painter->setBrush(Qt::NoBrush);
            painter->drawRoundedRect(box.adjusted(6, 6, -6, -6), 9, 9);
        }
    } else if (m_kind != Kind::Breadcrumb) {
        // A row: a thin frame, and at its left edge a bar in its health's pattern.
        painter->setPen(theme::hairline(theme::faintInk, 1));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(box);
        if (m_kind == Kind::PartitionRow && m_health != hw::PartitionHealth::Healthy) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(partitionHealthFill(m_health));
            painter->drawRect(QRectF(box.left(), box.top(), 6, box.height()));
        }
    }
    if (m_focused) {
        painter->setPen(QPen(theme::blue, 4, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(boundingRect().adjusted(2, 2, -2, -2), 12, 12);
    }
    paintTexts(painter);
}

} // namespace hw::ui
