// SPDX-License-Identifier: MIT
#include "scene/aggregatelayout.h"

#include "base/theme.h"
#include "scene/aggregateitem.h"
#include "scene/clusteraggregate.h"
#include "scene/clusterfacts.h"
#include "scene/framescene.h"
#include "scene/itempool.h"
#include "scene/partitionlayout.h"
#include "scene/titleitem.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <memory>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(AggregateLayout)
};

constexpr qreal margin = 28;
constexpr qreal gap = 20;

/// The heading of the aggregate: the cluster, its size, and for an observed one how it is observed.
QList<TitleItem::Line> titleLines(const hw::ClusterState& state)
{
    QList<TitleItem::Line> lines;
    const int brokers = static_cast<int>(state.brokers.size());
    const QString size = Text::tr("%n broker(s)", nullptr, brokers) + QStringLiteral(" \u00B7 ")
        + Text::tr("%n topic(s)", nullptr, static_cast<int>(state.topics.size())) + QStringLiteral(" \u00B7 ")
        + Text::tr("%n partition(s)", nullptr, static_cast<int>(state.partitions.size()));
    if (state.observed) {
        const hw::ObservedPollInfo& poll = state.observed->poll;
        //: The large cluster view's heading for a real cluster: its cluster id (%1), then its size.
        lines.append({ Text::tr("Observed cluster %1").arg(QString::fromStdString(poll.clusterId))
                + QStringLiteral(" \u00B7 ") + size,
            theme::titleSize, true, QStringLiteral("title") });
        QString how = Text::tr("observed every %1 ms \u00B7 this poll took %2 ms").arg(poll.intervalMs).arg(poll.pollMs);
        if (poll.stretched)
            how += QStringLiteral(" \u00B7 ") + Text::tr("STRETCHED: the poll outlasted the interval");
        if (!poll.fencingKnown)
            how += QStringLiteral(" \u00B7 ") + Text::tr("fencing not known (Kafka before 4.0)");
        lines.append({ how, theme::labelSize, false, QStringLiteral("observed") });
    } else {
        lines.append({ Text::tr("Kafka %1 cluster").arg(kafkaVersionText(state)) + QStringLiteral(" \u00B7 ") + size,
            theme::titleSize, true, QStringLiteral("title") });
    }
    return lines;
}

/// Items placed in the grid that fills the view's aspect best, in order, left to right and down.
qreal placeGrid(const QList<AggregateItem*>& items, qreal left, qreal top, qreal aspect, qreal headerHeight)
{
    if (items.isEmpty())
        return top;
    const qreal itemWidth = items.front()->boundingRect().width();
    qreal itemHeight = 0;
    for (const AggregateItem* item : items)
        itemHeight = std::max(itemHeight, item->boundingRect().height());
    const auto count = static_cast<int>(items.size());
    int best = 1;
    qreal bestScale = 0;
    for (int columns = 1; columns <= count; ++columns) {
        const int rows = (count + columns - 1) / columns;
        const qreal width = 2 * margin + columns * itemWidth + (columns - 1) * gap;
        const qreal height = 2 * margin + headerHeight + rows * itemHeight + (rows - 1) * gap;
        const qreal scale = std::min(aspect / width, 1.0 / height);
        if (scale > bestScale * 1.001) {
            bestScale = scale;
            best = columns;
        }
    }
    // Read down each column, as a list is: the order stays the order of ids. Every item as tall as the
    // tallest, so that the grid's rows line up.
    const int rows = (count + best - 1) / best;
    for (int i = 0; i < count; ++i) {
        items[i]->setHeight(itemHeight);
        const int column = i / rows;
        const int row = i % rows;
        items[i]->setPos(left + column * (itemWidth + gap), top + row * (itemHeight + gap));
    }
    return top + rows * itemHeight + (rows - 1) * gap;
}

} // namespace

std::int32_t AggregateLayout::topicOf(const hw::ClusterState& state, const QString& name)
{
    const std::string wanted = name.toStdString();
    for (std::size_t t = 0; t < state.topics.size(); ++t) {
        if (state.topics[t].name == wanted)
            return static_cast<std::int32_t>(t);
    }
    return -1;
}

std::int32_t AggregateLayout::partitionOf(const hw::ClusterState& state, const Drill& drill)
{
    const std::int32_t t = topicOf(state, drill.topic);
    if (t < 0 || drill.partition < 0)
        return -1;
    const hw::Topic& topic = state.topics[static_cast<std::size_t>(t)];
    for (std::int32_t p = topic.firstPartition; p < topic.firstPartition + topic.partitionCount; ++p) {
        if (state.partitions[static_cast<std::size_t>(p)].index == drill.partition)
            return p;
    }
    return -1;
}

QStringList AggregateLayout::crumbs(const hw::ClusterState& state, const Drill& drill)
{
    //: The first crumb of the large cluster view's breadcrumb: the cards of every broker.
    QStringList out { Text::tr("All brokers") };
    if (drill.level >= Drill::Level::Broker)
        out << Text::tr("Broker %1").arg(nodeIdOf(state, drill.broker));
    if (drill.level >= Drill::Level::Topic)
        out << drill.topic;
    if (drill.level >= Drill::Level::Partition) {
        const std::int32_t p = partitionOf(state, drill);
        out << (p >= 0 ? QString::fromStdString(state.partitionName(p)) : drill.topic);
    }
    return out;
}

QRectF AggregateLayout::build(FrameScene& scene, const hw::ClusterState& state, const Drill& drill, qreal aspect)
{
    QList<AggregateItem*> items;
    qreal itemWidth = AggregateItem::cardWidth();
    switch (drill.level) {
    case Drill::Level::Brokers:
        for (const BrokerAggregate& a : aggregateBrokers(state))
            items.append(AggregateItem::brokerCard(state, a, itemWidth));
        break;
    case Drill::Level::Broker:
    case Drill::Level::Topic: {
        // Rows, made twice when one needs more than the usual width: all of them as wide as the widest.
        const std::int32_t t = drill.level == Drill::Level::Topic ? topicOf(state, drill.topic) : -1;
        const std::vector<TopicAggregate> topics = aggregateTopics(state, drill.broker);
        auto makeRows = [&](qreal width) {
            qDeleteAll(items);
            items.clear();
            for (const TopicAggregate& topic : topics) {
                if (t < 0)
                    items.append(AggregateItem::topicRow(state, drill.broker, topic, width));
                else if (topic.topic == t)
                    for (std::int32_t p : topic.partitions)
                        items.append(AggregateItem::partitionRow(state, drill.broker, p, width));
            }
        };
        itemWidth = AggregateItem::rowWidth();
        makeRows(itemWidth);
        qreal widest = itemWidth;
        for (const AggregateItem* item : std::as_const(items))
            widest = std::max(widest, item->boundingRect().width());
        if (widest > itemWidth) {
            itemWidth = widest;
            makeRows(itemWidth);
        }
        break;
    }
    case Drill::Level::Partition: {
        // One partition's replicas as the partition view draws them, under the breadcrumb.
        const QRectF content = PartitionLayout::build(scene, state, partitionOf(state, drill));
        auto* crumb = AggregateItem::breadcrumb(crumbs(state, drill), content.width() - 2 * margin);
        crumb->setPos(content.left() + margin, content.top() - crumb->boundingRect().height() - 4);
        scene.addItem(crumb);
        return content.united(crumb->sceneBoundingRect().adjusted(-margin, -margin, margin, 0));
    }
    }

    // The heading and the breadcrumb over the grid, as wide as it: the grid is placed under a heading
    // as narrow as a row (the tallest it can be), then moved up under the heading at the grid's width.
    const QList<TitleItem::Line> lines = titleLines(state);
    const QStringList path = crumbs(state, drill);
    auto headerHeight = [&](qreal width) {
        const std::unique_ptr<AggregateItem> probe(AggregateItem::breadcrumb(path, width));
        return TitleItem::heightFor(width, lines) + 12 + probe->boundingRect().height() + 16;
    };
    const qreal narrowHeader = headerHeight(std::max<qreal>(itemWidth, 600));
    qreal bottom = placeGrid(items, margin, margin + narrowHeader, aspect, narrowHeader);
    qreal width = std::max<qreal>(itemWidth, 600);
    for (const AggregateItem* item : std::as_const(items))
        width = std::max(width, item->pos().x() + itemWidth - margin);
    TitleItem* title = scene.pool().title(SceneTarget {}, width, lines);
    auto* crumb = AggregateItem::breadcrumb(path, width);
    const qreal header = title->boundingRect().height() + 12 + crumb->boundingRect().height() + 16;
    for (AggregateItem* item : std::as_const(items)) {
        item->moveBy(0, header - narrowHeader);
        scene.addItem(item);
    }
    bottom += header - narrowHeader;
    title->setPos(margin, margin);
    crumb->setPos(margin, margin + title->boundingRect().height() + 12);
    scene.addItem(crumb);
    return QRectF(0, 0, width + 2 * margin, bottom + margin);
}

} // namespace hw::ui
