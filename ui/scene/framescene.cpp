// SPDX-License-Identifier: MIT
#include "scene/framescene.h"

#include "base/glossary.h"
#include "base/theme.h"
#include "model/cluster_state.h"
#include "scene/aggregateitem.h"
#include "scene/aggregatelayout.h"
#include "scene/brokeritem.h"
#include "scene/clusteraggregate.h"
#include "scene/clusterlayout.h"
#include "scene/diffmarkitem.h"
#include "scene/frameitem.h"
#include "scene/hwlineitem.h"
#include "scene/itempool.h"
#include "scene/itemtypes.h"
#include "scene/messageitem.h"
#include "scene/messagetext.h"
#include "scene/partitionlayout.h"
#include "scene/produceritem.h"
#include "scene/replicalogitem.h"
#include "scene/titleitem.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QRegularExpression>
#include <QGraphicsSceneHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace hw::ui {

namespace {

quint64 anchorKey(const hw::NodeRef& node, std::int32_t partition)
{
    return (static_cast<quint64>(node.kind) << 48) | (static_cast<quint64>(static_cast<quint32>(node.id + 1)) << 24)
        | static_cast<quint64>(static_cast<quint32>(partition + 1) & 0xFFFFFF);
}

qint64 nodeOrder(const hw::NodeRef& node)
{
    return static_cast<qint64>(node.kind) * 1000000 + node.id;
}

// The glossary entry for a kind of scene item (ItemType), used when no marker or badge is under the
// pointer. It lives with the scene, not in Glossary, because the item types are the scene's: the
// glossary stays plain data that the scene reads, never the other way round.
QString glossaryEntryForItemType(int type)
{
    switch (type) {
    case BrokerItemType:
        return QStringLiteral("broker");
    case ReplicaLogItemType:
        return QStringLiteral("replica");
    case HwLineItemType:
        return QStringLiteral("hw");
    case ProducerItemType:
        return QStringLiteral("producer");
    case ControllerItemType:
        return QStringLiteral("controller");
    case ConsumerItemType:
        return QStringLiteral("consumer");
    case GroupItemType:
        return QStringLiteral("consumer-group");
    case AssignmentLineItemType:
        return QStringLiteral("consumer-group");
    default:
        return QString();
    }
}

} // namespace

FrameScene::FrameScene(QObject* parent)
    : QGraphicsScene(parent), m_state(std::make_unique<hw::ClusterState>()), m_pool(std::make_unique<ItemPool>(this))
{
    // Every item changes on every frame and the messages move on every tick: an index costs more
    // than it saves.
    setItemIndexMethod(QGraphicsScene::NoIndex);
    setBackgroundBrush(theme::paper);
    connect(this, &QGraphicsScene::selectionChanged, this, &FrameScene::onSelectionChanged);
}

FrameScene::~FrameScene()
{
    // Items are deleted by QGraphicsScene; keep the selection signal from reaching a half-dead scene.
    disconnect(this, &QGraphicsScene::selectionChanged, this, &FrameScene::onSelectionChanged);
}

void FrameScene::setViewKind(ViewKind kind)
{
    if (kind == m_viewKind)
        return;
    m_viewKind = kind;
    if (m_hasFrame)
        rebuild();
}

void FrameScene::setFocusPartition(std::int32_t partition)
{
    if (partition == m_focusPartition)
        return;
    m_focusPartition = partition;
    if (m_hasFrame && m_viewKind == ViewKind::Partition)
        rebuild();
}

void FrameScene::setTargetAspect(qreal aspect)
{
    if (!(aspect > 0) || std::abs(aspect - m_aspect) < 0.01)
        return;
    m_aspect = aspect;
    if (m_hasFrame && m_viewKind == ViewKind::Cluster)
        rebuild();
}

void FrameScene::setLegendShown(bool shown)
{
    if (shown == m_legendShown)
        return;
    m_legendShown = shown;
    if (m_hasFrame)
        rebuild();
}

void FrameScene::setCompact(bool compact)
{
    if (compact == m_compact)
        return;
    m_compact = compact;
    if (m_hasFrame)
        rebuild();
}

void FrameScene::setCellText(hw::CellText cells)
{
    if (cells == m_cellText)
        return;
    m_cellText = cells;
    if (m_hasFrame)
        rebuild();
}

void FrameScene::setShowHeartbeats(bool show)
{
    if (show == m_showHeartbeats)
        return;
    m_showHeartbeats = show;
    if (m_hasFrame)
        rebuild();
}

void FrameScene::setFrame(const hw::ClusterState& state, double displayTimeMs)
{
    *m_state = state;
    m_hasFrame = true;
    m_displayTimeMs = displayTimeMs;
    if (m_focusPartition >= static_cast<std::int32_t>(m_state->partitions.size()))
        m_focusPartition = 0;
    rebuild();
}

void FrameScene::setDisplayTime(double displayTimeMs)
{
    m_displayTimeMs = displayTimeMs;
    placeMessages();
}

void FrameScene::registerAnchor(const hw::NodeRef& node, std::int32_t partition, QPointF point)
{
    m_anchors.insert(anchorKey(node, partition), point);
}

bool FrameScene::anchorOf(const hw::NodeRef& node, std::int32_t partition, QPointF* point) const
{
    auto it = m_anchors.constFind(anchorKey(node, partition));
    if (it == m_anchors.constEnd())
        it = m_anchors.constFind(anchorKey(node, -1));
    if (it == m_anchors.constEnd())
        return false;
    *point = it.value();
    return true;
}

void FrameScene::rebuild()
{
    const SceneTarget selected = selectedTarget();
    m_rebuilding = true;
    ++m_buildCount;
    // Replica rows, broker boxes and labels are kept and re-read; the rest is made anew.
    m_pool->begin();
    m_anchors.clear();
    m_messages.clear();
    m_liveMessagesBundled = false;
    QRectF content;
    const Drill drill = aggregated() ? resolvedDrill(m_drill) : m_drill;
    const bool drillMoved = drill != m_drill;
    m_drill = drill;
    if (m_viewKind == ViewKind::Partition && !m_state->partitions.empty())
        content = PartitionLayout::build(*this, *m_state, m_focusPartition);
    else if (aggregated())
        content = AggregateLayout::build(*this, *m_state, m_drill, m_aspect);
    else
        content = ClusterLayout::build(*this, *m_state, m_aspect);
    m_pool->end();
    addDifferenceMarks();
    m_contentRect = content;
    collectOccupied();
    buildMessages();
    placeMessages();
    if (selected.isValid() && selectedTarget() != selected) {
        if (FrameItem* item = itemFor(selected))
            item->setSelected(true);
    }
    setSceneRect(content);
    m_rebuilding = false;
    if (content != m_lastRect) {
        m_lastRect = content;
        emit layoutChanged();
    }
    applyDrillFocus();
    if (selected.isValid() && !itemFor(selected))
        emit targetSelected(SceneTarget {});
    if (drillMoved)
        emit drillChanged();
}

bool FrameScene::aggregated() const
{
    return m_hasFrame && m_viewKind == ViewKind::Cluster && aggregateClusterView(*m_state);
}

Drill FrameScene::resolvedDrill(const Drill& wanted) const
{
    const hw::ClusterState& s = *m_state;
    Drill drill = wanted;
    if (drill.level == Drill::Level::Brokers)
        return Drill {};
    if (drill.broker < 1 || drill.broker > static_cast<std::int32_t>(s.brokers.size()))
        return Drill {};
    const std::int32_t topic = AggregateLayout::topicOf(s, drill.topic);
    const bool topicHeld = topic >= 0 && std::any_of(s.partitions.begin(), s.partitions.end(), [&](const hw::Partition& p) {
        return p.topic == topic && std::any_of(p.replicas.begin(), p.replicas.end(),
                                       [&](const hw::Replica& r) { return r.broker == drill.broker; });
    });
    if (drill.level >= Drill::Level::Topic && !topicHeld)
        return Drill { Drill::Level::Broker, drill.broker, QString(), -1 };
    if (drill.level == Drill::Level::Partition && AggregateLayout::partitionOf(s, drill) < 0)
        return Drill { Drill::Level::Topic, drill.broker, drill.topic, -1 };
    if (drill.level == Drill::Level::Broker) {
        drill.topic.clear();
        drill.partition = -1;
    } else if (drill.level == Drill::Level::Topic) {
        drill.partition = -1;
    }
    return drill;
}

void FrameScene::setDrill(const Drill& drill)
{
    if (drill == m_drill)
        return;
    m_drill = drill;
    m_drillFocus = 0;
    if (aggregated())
        rebuild();
    emit drillChanged();
}

bool FrameScene::drillBack()
{
    if (m_drill.level == Drill::Level::Brokers)
        return false;
    Drill up = m_drill;
    // Back where it came from: the keyboard's place is on what was open.
    int focus = 0;
    const QList<AggregateItem*> before = drillItems();
    switch (m_drill.level) {
    case Drill::Level::Brokers:
        break;
    case Drill::Level::Broker:
        up = Drill {};
        focus = m_drill.broker - 1;
        break;
    case Drill::Level::Topic: {
        up = Drill { Drill::Level::Broker, m_drill.broker, QString(), -1 };
        const std::int32_t topic = AggregateLayout::topicOf(*m_state, m_drill.topic);
        const std::vector<TopicAggregate> topics = aggregateTopics(*m_state, m_drill.broker);
        for (std::size_t i = 0; i < topics.size(); ++i) {
            if (topics[i].topic == topic)
                focus = static_cast<int>(i);
        }
        break;
    }
    case Drill::Level::Partition: {
        up = Drill { Drill::Level::Topic, m_drill.broker, m_drill.topic, -1 };
        const std::int32_t partition = AggregateLayout::partitionOf(*m_state, m_drill);
        const std::int32_t topic = AggregateLayout::topicOf(*m_state, m_drill.topic);
        for (const TopicAggregate& t : aggregateTopics(*m_state, m_drill.broker)) {
            if (t.topic != topic)
                continue;
            for (std::size_t i = 0; i < t.partitions.size(); ++i) {
                if (t.partitions[i] == partition)
                    focus = static_cast<int>(i);
            }
        }
        break;
    }
    }
    setDrill(up);
    m_drillFocus = focus;
    applyDrillFocus();
    return true;
}

void FrameScene::drillInto(const AggregateItem& item)
{
    const hw::ClusterState& s = *m_state;
    switch (item.kind()) {
    case AggregateItem::Kind::BrokerCard:
        setDrill(Drill { Drill::Level::Broker, item.broker(), QString(), -1 });
        break;
    case AggregateItem::Kind::TopicRow:
        setDrill(Drill { Drill::Level::Topic, item.broker(),
            QString::fromStdString(s.topics[static_cast<std::size_t>(item.topic())].name), -1 });
        break;
    case AggregateItem::Kind::PartitionRow: {
        const hw::Partition& p = s.partitions[static_cast<std::size_t>(item.partition())];
        setDrill(Drill { Drill::Level::Partition, item.broker(),
            QString::fromStdString(s.topics[static_cast<std::size_t>(p.topic)].name), p.index });
        break;
    }
    case AggregateItem::Kind::Breadcrumb:
        break;
    }
}

QList<AggregateItem*> FrameScene::drillItems() const
{
    QList<AggregateItem*> out;
    for (QGraphicsItem* item : items(Qt::AscendingOrder)) {
        if (auto* a = qgraphicsitem_cast<AggregateItem*>(item); a && a->kind() != AggregateItem::Kind::Breadcrumb)
            out.append(a);
    }
    // The keyboard's order is the layout's: cards by broker, rows by topic and partition.
    std::stable_sort(out.begin(), out.end(), [](const AggregateItem* a, const AggregateItem* b) {
        return std::make_tuple(a->broker(), a->topic(), a->partition()) < std::make_tuple(b->broker(), b->topic(), b->partition());
    });
    return out;
}

void FrameScene::moveDrillFocus(int delta)
{
    const QList<AggregateItem*> items = drillItems();
    if (items.isEmpty())
        return;
    m_drillFocus = std::clamp(m_drillFocus + delta, 0, static_cast<int>(items.size()) - 1);
    applyDrillFocus();
}

void FrameScene::applyDrillFocus()
{
    const QList<AggregateItem*> items = drillItems();
    if (items.isEmpty())
        return;
    m_drillFocus = std::clamp(m_drillFocus, 0, static_cast<int>(items.size()) - 1);
    for (int i = 0; i < items.size(); ++i)
        items[i]->setFocused(i == m_drillFocus);
}

void FrameScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    if (aggregated() && event->button() == Qt::LeftButton) {
        for (QGraphicsItem* item : items(event->scenePos())) {
            auto* a = qgraphicsitem_cast<AggregateItem*>(item);
            if (!a)
                continue;
            if (a->kind() == AggregateItem::Kind::Breadcrumb) {
                const int crumb = a->crumbAt(a->mapFromScene(event->scenePos()));
                if (crumb == -1) {
                    drillBack();
                } else if (crumb >= 0) {
                    while (static_cast<int>(m_drill.level) > crumb && drillBack()) { }
                } else {
                    break;
                }
            } else {
                drillInto(*a);
            }
            event->accept();
            return;
        }
    }
    QGraphicsScene::mousePressEvent(event);
}

void FrameScene::keyPressEvent(QKeyEvent* event)
{
    if (aggregated()) {
        switch (event->key()) {
        case Qt::Key_Escape:
        case Qt::Key_Backspace:
            if (drillBack()) {
                event->accept();
                return;
            }
            break;
        case Qt::Key_Up:
            moveDrillFocus(-1);
            event->accept();
            return;
        case Qt::Key_Down:
            moveDrillFocus(1);
            event->accept();
            return;
        case Qt::Key_Return:
        case Qt::Key_Enter: {
            const QList<AggregateItem*> items = drillItems();
            if (m_drillFocus >= 0 && m_drillFocus < items.size()) {
                drillInto(*items[m_drillFocus]);
                event->accept();
                return;
            }
            break;
        }
        default:
            break;
        }
    }
    QGraphicsScene::keyPressEvent(event);
}

void FrameScene::setDifferenceMarks(const QList<DifferenceMark>& marks)
{
    if (marks == m_differenceMarks)
        return;
    m_differenceMarks = marks;
    if (m_hasFrame)
        rebuild();
}

QList<DiffMarkItem*> FrameScene::diffMarkItems() const
{
    QList<DiffMarkItem*> out;
    for (QGraphicsItem* item : items(Qt::AscendingOrder)) {
        if (auto* mark = qgraphicsitem_cast<DiffMarkItem*>(item))
            out.append(mark);
    }
    return out;
}

void FrameScene::addDifferenceMarks()
{
    // Made after the layout, over the items it made; they are not pooled, so the next rebuild
    // deletes them with the messages.
    for (const DifferenceMark& mark : std::as_const(m_differenceMarks)) {
        for (const QRectF& rect : markedRects(mark))
            addItem(new DiffMarkItem(rect, mark.text));
    }
}

QList<QRectF> FrameScene::markedRects(const DifferenceMark& mark) const
{
    // The text runs of an item that show the value (the union of those with the mark's roles, each
    // as wide as its text), or the whole item when it has none of them.
    auto partOf = [&mark](const FrameItem* item) {
        QRectF marked;
        for (const TextRun& run : item->texts()) {
            if (!mark.roles.contains(run.role))
                continue;
            QRectF box = run.box;
            if (run.align & Qt::AlignLeft)
                box.setWidth(std::min(box.width(), FrameItem::textWidth(run.text, run.font) + 4));
            marked = marked.united(item->mapRectToScene(box));
        }
        return marked.isValid() ? marked : item->sceneBoundingRect();
    };
    QList<const FrameItem*> marked;
    auto rowsOf = [&](std::int32_t partition) {
        for (const ReplicaLogItem* row : replicaItems()) {
            if (row->partition() == partition)
                marked.append(row);
        }
    };
    auto titleFor = [&](const SceneTarget& target) -> const FrameItem* {
        for (QGraphicsItem* item : items()) {
            if (item->type() == TitleItem::Type && static_cast<const TitleItem*>(item)->target() == target)
                return static_cast<const TitleItem*>(item);
        }
        return nullptr;
    };
    const bool partitionView = m_viewKind == ViewKind::Partition && !m_state->partitions.empty();
    const SceneTarget heading = partitionView ? SceneTarget::forPartition(m_focusPartition) : SceneTarget {};
    // The partition view shows one partition: marks of the others have nothing to outline there.
    const bool shown = !partitionView || mark.partition < 0 || mark.partition == m_focusPartition;
    switch (mark.where) {
    case DifferenceMark::Where::Partition:
        if (!shown)
            break;
        if (partitionView) {
            if (const FrameItem* title = titleFor(heading))
                marked.append(title);
        } else {
            rowsOf(mark.partition);
        }
        break;
    case DifferenceMark::Where::PartitionHw:
        if (!shown)
            break;
        if (partitionView && hwLineItem())
            marked.append(hwLineItem());
        else
            rowsOf(mark.partition);
        break;
    case DifferenceMark::Where::Replica:
        if (const ReplicaLogItem* row = replicaItem(mark.partition, mark.broker); row && shown)
            marked.append(row);
        break;
    case DifferenceMark::Where::Broker:
        if (partitionView) {
            if (const ReplicaLogItem* row = replicaItem(m_focusPartition, mark.broker))
                marked.append(row);
        } else if (const BrokerItem* box = brokerItem(mark.broker)) {
            marked.append(box);
        }
        break;
    case DifferenceMark::Where::Lost: {
        if (!shown)
            break;
        for (QGraphicsItem* item : items()) {
            if (item->type() == LostListItem::Type)
                marked.append(static_cast<const LostListItem*>(item));
        }
        // The run without lost records has no list: its heading stands for the partition.
        if (marked.isEmpty()) {
            if (const FrameItem* title = titleFor(heading))
                marked.append(title);
        }
        break;
    }
    case DifferenceMark::Where::Producers:
        for (QGraphicsItem* item : items()) {
            if (item->type() == ProducerItem::Type)
                marked.append(static_cast<const ProducerItem*>(item));
        }
        break;
    }
    QList<QRectF> rects;
    for (const FrameItem* item : std::as_const(marked))
        rects.append(partOf(item));
    return rects;
}

void FrameScene::buildMessages()
{
    struct BundleMember {
        std::uint64_t sequence;
        MessageItem::Kind kind;
        QString label;
        QPointF from;
        QPointF to;
        hw::TimeMs sentMs;
        hw::TimeMs arrivesMs;
    };
    // By the other end's kind and id, and whether the live clients send (requests) or receive.
    std::map<std::tuple<int, std::int32_t, bool>, std::vector<BundleMember>> bundles;
    // An observed frame shows polls, which do not see requests: nothing travels between its brokers
    // (issue 29, "no message animation is drawn").
    if (m_state->observed)
        return;
    for (const hw::QueuedEvent& queued : m_state->queue) {
        std::optional<MessageInfo> info = MessageText::describe(queued, *m_state);
        if (!info)
            continue;
        // Predict mode: the offsets and HWs a message carries ("Record 3, HW 2", "Fetch(4)") are the
        // answer; they stay "?" until the reveal.
        if (m_predictionBase)
            info->label.replace(QRegularExpression(QStringLiteral("\\d+")), QStringLiteral("?"));
        if (info->kind == MessageItem::Kind::Heartbeat && !m_showHeartbeats)
            continue;
        if (m_viewKind == ViewKind::Partition && info->partition >= 0 && info->partition != m_focusPartition)
            continue;
        // The aggregate draws no anchors but a drilled-in partition's: only that partition's messages.
        if (aggregated() && (m_drill.level != Drill::Level::Partition || info->partition < 0
                                || info->partition != AggregateLayout::partitionOf(*m_state, m_drill)))
            continue;
        QPointF from;
        QPointF to;
        if (!anchorOf(info->from, info->partition, &from) || !anchorOf(info->to, info->partition, &to))
            continue;
        // Requests and answers between the same two nodes travel on parallel tracks.
        const QPointF d = to - from;
        const qreal length = std::hypot(d.x(), d.y());
        if (length > 1) {
            const qreal side = nodeOrder(info->from) < nodeOrder(info->to) ? 1 : -1;
            const QPointF normal(-d.y() / length, d.x() / length);
            from += normal * MessageItem::trackOffset * side;
            to += normal * MessageItem::trackOffset * side;
        }
        QString label = info->label;
        // The compact cluster view's lines end at their replica's row, which names the partition:
        // the label leaves the name out, and a projector's larger text finds room for more of them.
        if (m_viewKind == ViewKind::Cluster && !m_compact && info->partition >= 0)
            label = QString::fromStdString(m_state->partitionName(info->partition)) + QStringLiteral(": ") + label;
        const bool fromLive = info->from.kind == hw::NodeKind::LiveClient;
        if (m_liveMessagesBundled && (fromLive || info->to.kind == hw::NodeKind::LiveClient)) {
            const hw::NodeRef& other = fromLive ? info->to : info->from;
            bundles[{ static_cast<int>(other.kind), other.id, fromLive }].push_back(
                { info->sequence, info->kind, label, from, to, info->sentMs, info->arrivesMs });
            continue;
        }
        auto* item = new MessageItem(info->sequence, info->kind, label, from, to, info->sentMs, info->arrivesMs);
        addItem(item);
        m_messages.append(item);
    }
    // Many live clients: their messages to and from a node travel as one bundle each way, a track with
    // a dot per message and one label that counts them, rather than a track per message over the
    // brokers' rows. The labelled dot is the last to arrive, so the label stays while any is on its way.
    for (auto& [key, members] : bundles) {
        std::stable_sort(members.begin(), members.end(), [](const BundleMember& a, const BundleMember& b) {
            return a.arrivesMs > b.arrivesMs;
        });
        const BundleMember& lead = members.front();
        const int count = static_cast<int>(members.size());
        //: The live lab's many clients: the requests they have in flight to one broker, drawn as one bundle.
        const QString label = std::get<2>(key) ? tr("LIVE \u00B7 %n request(s)", nullptr, count)
                                               //: The answers in flight from one broker to the live lab's many clients.
                                               : tr("LIVE \u00B7 %n answer(s)", nullptr, count);
        QStringList detail;
        std::vector<MessageItem::Follower> followers;
        constexpr int listed = 5;
        for (int i = 0; i < count; ++i) {
            if (i < listed)
                detail << members[static_cast<std::size_t>(i)].label;
            if (i > 0)
                followers.push_back({ members[static_cast<std::size_t>(i)].kind,
                    members[static_cast<std::size_t>(i)].sentMs, members[static_cast<std::size_t>(i)].arrivesMs });
        }
        if (count > listed)
            //: The end of the list of a bundle's messages in its tooltip.
            detail << tr("\u2026 and %n more", nullptr, count - listed);
        auto* item = new MessageItem(lead.sequence, lead.kind, label, lead.from, lead.to, lead.sentMs, lead.arrivesMs);
        item->setFollowers(std::move(followers), detail.join(QLatin1Char('\n')));
        addItem(item);
        m_messages.append(item);
    }
}

void FrameScene::collectOccupied()
{
    m_occupied.clear();
    for (QGraphicsItem* item : items()) {
        if (item->type() <= QGraphicsItem::UserType || item->type() == MessageItem::Type)
            continue;
        if (item->type() == ReplicaLogItem::Type || item->type() == HwLineItem::Type) {
            // The whole row, and a margin: the HW marker's triangle pokes a few pixels above it.
            m_occupied.append(item->sceneBoundingRect().adjusted(-2, -8, 2, 8));
            // And its texts: at presentation mode's text floor the badges under a broker's name wrap
            // to a second line that reaches below the row.
            for (const QRectF& box : static_cast<FrameItem*>(item)->textBoxes())
                m_occupied.append(box.adjusted(-2, -2, 2, 2));
            continue;
        }
        for (const QRectF& box : static_cast<FrameItem*>(item)->textBoxes())
            m_occupied.append(box.adjusted(-2, -2, 2, 2));
        switch (item->type()) {
        case BrokerItemType:
        case ProducerItemType:
        case ControllerItemType:
        case ConsumerItemType:
        case GroupItemType: {
            // A label astride a box's border reads as part of the box: keep the borders clear too.
            const QRectF box = item->sceneBoundingRect();
            constexpr qreal edge = 6;
            m_occupied.append(QRectF(box.left(), box.top(), box.width(), edge));
            m_occupied.append(QRectF(box.left(), box.bottom() - edge, box.width(), edge));
            m_occupied.append(QRectF(box.left(), box.top(), edge, box.height()));
            m_occupied.append(QRectF(box.right() - edge, box.top(), edge, box.height()));
            break;
        }
        default:
            break;
        }
    }
}

std::optional<QPointF> FrameScene::freePlaceFor(
    const QRectF& natural, QPointF dot, const QList<QRectF>& occupied, const QRectF& extent)
{
    // Places are tried on a grid around the dot, nearest first: beside it (the natural place), left
    // of it, above or below it, then further out, each joined to the dot by a leader line.
    constexpr qreal step = 8;
    constexpr qreal reachX = 360;
    constexpr qreal reachY = 220;
    const QRectF region = natural.adjusted(-reachX - natural.width(), -reachY, reachX, reachY);
    QList<QRectF> near;
    for (const QRectF& r : occupied) {
        if (r.intersects(region))
            near.append(r);
    }
    struct Candidate {
        qreal distance;
        QPointF offset;
    };
    std::vector<Candidate> candidates;
    const int stepsX = static_cast<int>((reachX + natural.width()) / step);
    const int stepsY = static_cast<int>(reachY / step);
    candidates.reserve(static_cast<std::size_t>((2 * stepsX + 1) * (2 * stepsY + 1)));
    for (int i = -stepsX; i <= static_cast<int>(reachX / step); ++i) {
        for (int j = -stepsY; j <= stepsY; ++j) {
            const QPointF offset(i * step, j * step);
            const QRectF box = natural.translated(offset);
            const qreal dx = std::max({ box.left() - dot.x(), 0.0, dot.x() - box.right() });
            const qreal dy = std::max({ box.top() - dot.y(), 0.0, dot.y() - box.bottom() });
            candidates.push_back({ std::hypot(dx, dy) + std::hypot(offset.x(), offset.y()) * 0.01, offset });
        }
    }
    std::sort(candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return a.distance < b.distance; });
    for (const Candidate& candidate : candidates) {
        const QRectF box = natural.translated(candidate.offset);
        if (!extent.contains(box))
            continue;
        if (std::none_of(near.cbegin(), near.cend(), [&](const QRectF& r) { return r.intersects(box); }))
            return candidate.offset;
    }
    return std::nullopt;
}

void FrameScene::placeMessages()
{
    // A busy cluster has dozens of messages on their way: labels would bury the logs. Then only the
    // messages of the selected broker, replica or client keep theirs (hovering any dot names it).
    const SceneTarget selected = selectedTarget();
    const bool labelAll = m_messages.size() <= FrameScene::messageLabelsMax;
    QList<MessageItem*> labelled;
    QList<QRectF> occupied = m_occupied;
    for (MessageItem* item : std::as_const(m_messages)) {
        item->setTime(m_displayTimeMs);
        // No label covers another message's dot.
        const QPointF dot = item->dotPosition();
        occupied.append(QRectF(dot - QPointF(13, 13), QSizeF(26, 26)));
        if (labelAll || involves(*item, selected))
            labelled.append(item);
        else
            item->setLabelVisible(false);
    }
    // Labels go where they cover no cell, marker, badge, name or other label: the nearest free place
    // to their dot, taken top to bottom. A label with no free place near its dot is left to the
    // dot's tooltip.
    std::sort(labelled.begin(), labelled.end(), [](const MessageItem* a, const MessageItem* b) {
        return a->naturalLabelBox().top() < b->naturalLabelBox().top();
    });
    const QRectF extent = m_contentRect.isValid() ? m_contentRect : sceneRect();
    for (MessageItem* item : std::as_const(labelled)) {
        const QRectF natural = item->naturalLabelBox();
        const std::optional<QPointF> offset = freePlaceFor(natural, item->dotPosition(), occupied, extent);
        item->setLabelVisible(offset.has_value());
        if (!offset)
            continue;
        item->setLabelOffset(*offset);
        occupied.append(natural.translated(*offset).adjusted(-3, -3, 3, 3));
    }
}

bool FrameScene::hasMessagesTravelling() const
{
    for (const MessageItem* item : m_messages) {
        if (item->lastArrivalMs() > m_displayTimeMs)
            return true;
    }
    return false;
}

ReplicaLogItem* FrameScene::replicaItem(std::int32_t partition, std::int32_t broker) const
{
    for (QGraphicsItem* item : items()) {
        if (auto* r = qgraphicsitem_cast<ReplicaLogItem*>(item);
            r && r->partition() == partition && r->broker() == broker)
            return r;
    }
    return nullptr;
}

QList<ReplicaLogItem*> FrameScene::replicaItems() const
{
    QList<ReplicaLogItem*> out;
    for (QGraphicsItem* item : items(Qt::AscendingOrder)) {
        if (auto* r = qgraphicsitem_cast<ReplicaLogItem*>(item))
            out.append(r);
    }
    return out;
}

BrokerItem* FrameScene::brokerItem(std::int32_t broker) const
{
    for (QGraphicsItem* item : items()) {
        if (auto* b = qgraphicsitem_cast<BrokerItem*>(item); b && b->broker() == broker)
            return b;
    }
    return nullptr;
}

HwLineItem* FrameScene::hwLineItem() const
{
    for (QGraphicsItem* item : items()) {
        if (auto* h = qgraphicsitem_cast<HwLineItem*>(item))
            return h;
    }
    return nullptr;
}

QList<MessageItem*> FrameScene::messageItems() const
{
    return m_messages;
}

QList<FrameItem*> FrameScene::frameItems() const
{
    QList<FrameItem*> out;
    for (QGraphicsItem* item : items(Qt::AscendingOrder)) {
        if (item->type() > QGraphicsItem::UserType)
            out.append(static_cast<FrameItem*>(item));
    }
    return out;
}

FrameItem* FrameScene::itemFor(const SceneTarget& target) const
{
    if (!target.isValid())
        return nullptr;
    for (QGraphicsItem* item : items()) {
        if (item->type() <= QGraphicsItem::UserType)
            continue;
        auto* frameItem = static_cast<FrameItem*>(item);
        if (frameItem->target() == target)
            return frameItem;
    }
    return nullptr;
}

SceneTarget FrameScene::selectedTarget() const
{
    for (QGraphicsItem* item : selectedItems()) {
        if (item->type() > QGraphicsItem::UserType)
            return static_cast<FrameItem*>(item)->target();
    }
    return SceneTarget {};
}

void FrameScene::selectTarget(const SceneTarget& target)
{
    m_rebuilding = true;
    clearSelection();
    if (FrameItem* item = itemFor(target))
        item->setSelected(true);
    m_rebuilding = false;
}

void FrameScene::onSelectionChanged()
{
    if (m_rebuilding)
        return;
    placeMessages();
    emit targetSelected(selectedTarget());
}

bool FrameScene::involves(const MessageItem& message, const SceneTarget& target) const
{
    if (!target.isValid())
        return false;
    if (target.kind == SceneTarget::Kind::Message)
        return message.target() == target;
    for (const hw::QueuedEvent& queued : m_state->queue) {
        if (queued.sequence != message.target().message)
            continue;
        const auto* m = std::get_if<hw::Message>(&queued.what);
        if (!m)
            return false;
        auto is = [&](const hw::NodeRef& node) {
            switch (target.kind) {
            case SceneTarget::Kind::Broker:
            case SceneTarget::Kind::Replica:
                return node.kind == hw::NodeKind::Broker && node.id == target.broker;
            case SceneTarget::Kind::Producer:
                return node.kind == hw::NodeKind::Producer && node.id == target.index;
            case SceneTarget::Kind::Consumer:
                return node.kind == hw::NodeKind::Consumer && node.id == target.index;
            case SceneTarget::Kind::Controller:
                return node.kind == hw::NodeKind::Controller;
            default:
                return false;
            }
        };
        return is(m->from) || is(m->to);
    }
    return false;
}

void FrameScene::contextMenuEvent(QGraphicsSceneContextMenuEvent* event)
{
    // Messages and assignment lines cross broker boxes and rows: a right-click there means the broker
    // or replica below them, so they are passed over, and only give their own menu on free ground.
    SceneTarget target;
    SceneTarget onTop;
    for (QGraphicsItem* item : items(event->scenePos())) {
        if (item->type() <= QGraphicsItem::UserType || !static_cast<FrameItem*>(item)->target().isValid())
            continue;
        const SceneTarget itemTarget = static_cast<FrameItem*>(item)->target();
        if (item->type() == MessageItem::Type || item->type() == AssignmentLineItemType) {
            if (!onTop.isValid())
                onTop = itemTarget;
            continue;
        }
        target = itemTarget;
        break;
    }
    emit contextMenuRequested(target.isValid() ? target : onTop, event->screenPos());
    event->accept();
}

QString FrameScene::glossaryEntryAt(QPointF scenePos) const
{
    for (QGraphicsItem* item : items(scenePos)) {
        if (item->type() <= QGraphicsItem::UserType || item->type() == MessageItem::Type)
            continue;
        const auto* frameItem = static_cast<const FrameItem*>(item);
        const QPointF pos = item->mapFromScene(scenePos);
        if (const auto* replica = qgraphicsitem_cast<const ReplicaLogItem*>(item)) {
            if (const QString marker = replica->markerAt(pos); !marker.isEmpty())
                return Glossary::entryForRole(marker);
        }
        if (const TextRun* run = frameItem->textAt(pos)) {
            if (const QString id = Glossary::entryForRole(run->role); !id.isEmpty())
                return id;
        }
        if (const QString id = glossaryEntryForItemType(item->type()); !id.isEmpty())
            return id;
    }
    return QString();
}

QString FrameScene::toolTipAt(QPointF scenePos) const
{
    const QString glossaryId = glossaryEntryAt(scenePos);
    // A marker or badge explains itself; a record cell or a message gives its own details first.
    for (QGraphicsItem* item : items(scenePos)) {
        if (auto* message = qgraphicsitem_cast<MessageItem*>(item)) {
            if (message->followerCount() > 0)
                return message->label() + QLatin1Char('\n') + message->detail();
            return message->label() + QLatin1Char('\n')
                + tr("Sent at %1 ms, arrives at %2 ms").arg(message->sentMs()).arg(message->arrivesMs());
        }
        if (auto* replica = qgraphicsitem_cast<ReplicaLogItem*>(item)) {
            const QPointF pos = replica->mapFromScene(scenePos);
            if (replica->markerAt(pos).isEmpty()) {
                const TextRun* run = replica->textAt(pos);
                const bool onBadge = run && run->role != QLatin1String("cell") && run->role != QLatin1String("cell-value")
                    && run->role != QLatin1String("badge:not-atomic");
                if (!onBadge) {
                    if (QString text = replica->toolTipAt(pos); !text.isEmpty())
                        return text;
                }
            }
        }
        break;
    }
    return Glossary::builtin().richToolTip(glossaryId, Glossary::currentLanguage());
}

void FrameScene::applyTheme()
{
    setBackgroundBrush(theme::paper);
    // Kept items (titles, legends, rows) hold their text colours: make every item anew.
    const SceneTarget selected = selectedTarget();
    m_rebuilding = true;
    m_pool->begin();
    m_pool->end();
    m_messages.clear();
    m_rebuilding = false;
    if (m_hasFrame)
        rebuild();
    selectTarget(selected);
    update();
}

void FrameScene::setPredictionBase(const hw::ClusterState* before)
{
    if (!before && !m_predictionBase)
        return;
    m_predictionBase = before ? std::make_unique<hw::ClusterState>(*before) : nullptr;
    if (m_hasFrame)
        rebuild();
    for (QGraphicsItem* item : items())
        item->update();
}

void FrameScene::helpEvent(QGraphicsSceneHelpEvent* event)
{
    const QString text = toolTipAt(event->scenePos());
    if (const QString id = glossaryEntryAt(event->scenePos()); !id.isEmpty())
        emit glossaryEntryHovered(id);
    if (text.isEmpty()) {
        QToolTip::hideText();
        event->ignore();
        return;
    }
    QToolTip::showText(event->screenPos(), text, event->widget());
    event->accept();
}

void FrameScene::setLiveClientNames(const QHash<std::int32_t, QString>& names)
{
    if (names == m_liveClientNames)
        return;
    m_liveClientNames = names;
    if (m_hasFrame && m_viewKind == ViewKind::Cluster)
        rebuild();
}

} // namespace hw::ui
