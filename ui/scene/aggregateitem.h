// SPDX-License-Identifier: MIT
#pragma once

#include "scene/clusteraggregate.h"
#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// The items of the large cluster's aggregate view (AggregateLayout): a broker's card, a topic's row on
/// a broker, a partition's row in a topic, and the breadcrumb above them. Each is built whole from the
/// state (there are at most a few hundred of them, made anew with each frame). Every count is a word and
/// a number, every health level a glyph and an outline of its own besides its colour.
class AggregateItem : public FrameItem {
public:
    enum { Type = AggregateItemType };
    enum class Kind : std::uint8_t { BrokerCard, TopicRow, PartitionRow, Breadcrumb };

    /// A broker's card: its node id, state, leaders, followers and its replicas' health.
    static AggregateItem* brokerCard(const hw::ClusterState& state, const BrokerAggregate& aggregate, qreal width);
    /// A topic's row on one broker.
    static AggregateItem* topicRow(
        const hw::ClusterState& state, hw::BrokerId broker, const TopicAggregate& aggregate, qreal width);
    /// A partition's row, with the broker's replica's offsets.
    static AggregateItem* partitionRow(
        const hw::ClusterState& state, hw::BrokerId broker, std::int32_t partition, qreal width);
    /// The breadcrumb: a Back badge, then one crumb per level (`crumbs`, the first "All brokers"), the
    /// last being where the view is.
    static AggregateItem* breadcrumb(const QStringList& crumbs, qreal width);

    /// The width of a card that holds its longest line, and of a row.
    static qreal cardWidth();
    static qreal rowWidth();

    int type() const override { return Type; }
    Kind kind() const { return m_kind; }
    hw::BrokerId broker() const { return m_broker; }
    std::int32_t topic() const { return m_topic; }
    std::int32_t partition() const { return m_partition; }
    /// Where a click on the breadcrumb goes: the crumb's level (0 is all brokers), -1 for Back, -2 for none.
    int crumbAt(QPointF pos) const;
    /// The keyboard's place in the aggregate (Up and Down move it, Enter opens it).
    bool isFocused() const { return m_focused; }
    void setFocused(bool focused);

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    AggregateItem(Kind kind, SceneTarget target);
    qreal contentRight() const;
    /// Ends a row whose last line ends at `bottom`: the "›" at its right end, its bounds.
    void finishRow(qreal bottom, qreal width);
    /// A count as a word and a number ("offline: 2"), as a badge with its level's glyph and outline when
    /// `alert` and the count is not 0, else as plain text (faint when 0). Returns its box.
    QRectF addCount(const QString& text, int count, hw::PartitionHealth level, bool alert, QPointF topLeft,
        const QFont& font, const QString& role);

    Kind m_kind;
    hw::BrokerId m_broker = 0;
    std::int32_t m_topic = -1;
    std::int32_t m_partition = -1;
    CardState m_state = CardState::Online;
    hw::PartitionHealth m_health = hw::PartitionHealth::Healthy;
    bool m_focused = false;
};

/// The words and look of a partition's health, shared by the aggregate and the partition rows.
QString partitionHealthText(hw::PartitionHealth health);
/// A glyph for each level, so that the level does not rest on colour: ✓ healthy, ▲ under-replicated,
/// ■ at min ISR, ▼ under min ISR, × offline.
QString partitionHealthGlyph(hw::PartitionHealth health);
QColor partitionHealthFill(hw::PartitionHealth health);
QPen partitionHealthBorder(hw::PartitionHealth health);
/// The badge word of a card's state: ONLINE, FENCED, NO ANSWER, GONE, OFFLINE, ISOLATED.
QString cardStateText(CardState state);
/// An offset as a view writes it: the number, or "?" when the poll did not tell it (never 0).
QString offsetText(hw::Offset offset);

} // namespace hw::ui
