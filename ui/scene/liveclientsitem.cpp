// SPDX-License-Identifier: MIT
#include "scene/liveclientsitem.h"

#include "base/theme.h"
#include "model/cluster_state.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>
#include <map>
#include <set>

namespace hw::ui {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(LiveClientsItem)
};

constexpr qreal padding = 12;
constexpr qreal rowGap = 4;

QString topicOf(const hw::ClusterState& state, std::int32_t partition)
{
    const hw::Partition& p = state.partitions[static_cast<std::size_t>(partition)];
    return QString::fromStdString(state.topics[static_cast<std::size_t>(p.topic)].name);
}

/// The host part of a connection's address ("127.0.0.1" of "127.0.0.1:54321", "::1" of "[::1]:54321").
QString hostOf(const std::string& address)
{
    const QString text = QString::fromStdString(address);
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    QString host = colon > 0 ? text.left(colon) : text;
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    return host;
}

/// The group a connection's client is in, for connections that name none themselves. A real consumer
/// opens a connection per broker: its JoinGroup, SyncGroup and Heartbeat go to the coordinator, its
/// fetches to each partition's leader on other connections, which no group request names. A connection
/// with the client.id and the host of a group member's counts with that group (two programs on one
/// machine with the same client.id look alike: a teacher's demo on loopback, rarely a class).
std::map<std::pair<QString, QString>, std::string> groupsByClient(
    const std::vector<const hw::LiveClient*>& open, const QHash<std::int32_t, QString>& names)
{
    std::map<std::pair<QString, QString>, std::string> groups;
    for (const hw::LiveClient* c : open) {
        if (!c->group.empty() && c->role == hw::LiveClientRole::GroupMember)
            groups.emplace(std::make_pair(names.value(c->handle), hostOf(c->id)), c->group);
    }
    return groups;
}

/// The line a connection counts in when they aggregate: its group if any of its requests named one (or
/// its client's group, groupsByClient), else the topic it produces to, else the topic it reads without
/// a group, else none (no data yet).
std::pair<LiveClientsItem::RowKind, QString> bucketOf(const hw::ClusterState& state, const hw::LiveClient& c,
    const std::map<std::pair<QString, QString>, std::string>& clientGroups, const QString& clientId)
{
    using Kind = LiveClientsItem::RowKind;
    if (!c.group.empty())
        return { Kind::Group, QString::fromStdString(c.group) };
    if (c.role == hw::LiveClientRole::SelfAssigned) {
        const auto member = clientGroups.find(std::make_pair(clientId, hostOf(c.id)));
        if (member != clientGroups.end())
            return { Kind::Group, QString::fromStdString(member->second) };
    }
    if (c.role == hw::LiveClientRole::Producer && c.producedPartition >= 0)
        return { Kind::Producing, topicOf(state, c.producedPartition) };
    if (c.role == hw::LiveClientRole::SelfAssigned && c.fetchedPartition >= 0)
        return { Kind::Reading, topicOf(state, c.fetchedPartition) };
    // A member whose group is not known here cannot be: JoinGroup, SyncGroup and Heartbeat name it.
    return { Kind::NoData, QString() };
}

QString aggregateText(const hw::ClusterState& state, LiveClientsItem::RowKind kind, const QString& key,
    const std::vector<std::int32_t>& clients)
{
    using Kind = LiveClientsItem::RowKind;
    const auto count = static_cast<int>(clients.size());
    switch (kind) {
    case Kind::Group: {
        std::set<QString> topics;
        for (std::int32_t handle : clients) {
            const hw::LiveClient& c = *state.liveClient(handle);
            if (c.fetchedPartition >= 0)
                topics.insert(topicOf(state, c.fetchedPartition));
        }
        if (topics.empty())
            //: Many real clients of one consumer group (%1): how many connections (%2). LIVE: real, not simulated.
            return Text::tr("LIVE \u00B7 group %1 \u00D7 %2").arg(key).arg(count);
        //: Many real clients of one consumer group (%1): how many connections (%2) and the topics they read (%3).
        return Text::tr("LIVE \u00B7 group %1 \u00D7 %2 \u2192 %3")
            .arg(key)
            .arg(count)
            .arg(QStringList(topics.begin(), topics.end()).join(QStringLiteral(", ")));
    }
    case Kind::Producing:
        //: Many real producers: the topic they produce to (%1) and how many connections (%2).
        return Text::tr("LIVE \u00B7 producing to %1 \u00D7 %2").arg(key).arg(count);
    case Kind::Reading:
        //: Many real consumers that assign themselves partitions (no consumer group): the topic (%1), how many (%2).
        return Text::tr("LIVE \u00B7 reading %1 without a group \u00D7 %2").arg(key).arg(count);
    case Kind::NoData:
        //: Real clients that only asked for metadata so far (an admin, or a client starting): how many (%1).
        return Text::tr("LIVE \u00B7 no data yet \u00D7 %1").arg(count);
    case Kind::Rest:
        //: The real clients that the lines above do not show, in other groups or topics.
        return Text::tr("LIVE \u00B7 %n more client(s) in other groups and topics", nullptr, count);
    case Kind::Client:
        break;
    }
    return {};
}

} // namespace

bool LiveClientsItem::anyConnected(const hw::ClusterState& state)
{
    return std::any_of(
        state.liveClients.begin(), state.liveClients.end(), [](const hw::LiveClient& c) { return c.connected; });
}

std::vector<LiveClientsItem::Row> LiveClientsItem::rowsFor(
    const hw::ClusterState& state, const QHash<std::int32_t, QString>& names)
{
    std::vector<const hw::LiveClient*> open;
    for (const hw::LiveClient& c : state.liveClients) {
        if (c.connected)
            open.push_back(&c);
    }
    std::vector<Row> rows;
    if (static_cast<int>(open.size()) <= rowsMax) {
        for (const hw::LiveClient* c : open) {
            const QString address = QString::fromStdString(c->id);
            const QString name = names.value(c->handle);
            QString text;
            if (name.isEmpty())
                //: A real client in the cluster view before its first request: its address and its broker.
                //: LIVE says in words that it is real, not simulated.
                text = Text::tr("LIVE \u00B7 %1 \u2192 broker %2").arg(address).arg(c->broker);
            else
                //: A real client in the cluster view: its client.id (%1), its address (%2) and its broker (%3).
                text = Text::tr("LIVE \u00B7 %1 \u00B7 %2 \u2192 broker %3").arg(name, address).arg(c->broker);
            rows.push_back({ RowKind::Client, name, { c->handle }, text });
        }
        return rows;
    }
    // Many clients: a line per group, per topic produced to, per topic read without a group, and one
    // for those with no data yet; the most numerous first (then in that order, then by name).
    const auto clientGroups = groupsByClient(open, names);
    std::map<std::pair<RowKind, QString>, std::vector<std::int32_t>> buckets;
    for (const hw::LiveClient* c : open)
        buckets[bucketOf(state, *c, clientGroups, names.value(c->handle))].push_back(c->handle);
    std::vector<Row> all;
    for (auto& [bucket, clients] : buckets)
        all.push_back({ bucket.first, bucket.second, std::move(clients), QString() });
    std::stable_sort(
        all.begin(), all.end(), [](const Row& a, const Row& b) { return a.clients.size() > b.clients.size(); });
    const bool cut = static_cast<int>(all.size()) > aggregateRowsMax;
    Row rest { RowKind::Rest, QString(), {}, QString() };
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (cut && static_cast<int>(i) >= aggregateRowsMax - 1) {
            rest.clients.insert(rest.clients.end(), all[i].clients.begin(), all[i].clients.end());
            continue;
        }
        all[i].text = aggregateText(state, all[i].kind, all[i].key, all[i].clients);
        rows.push_back(std::move(all[i]));
    }
    if (!rest.clients.empty()) {
        rest.text = aggregateText(state, RowKind::Rest, QString(), rest.clients);
        rows.push_back(std::move(rest));
    }
    return rows;
}

LiveClientsItem::LiveClientsItem(const hw::ClusterState& state, const QHash<std::int32_t, QString>& names, qreal width)
    : FrameItem(SceneTarget {}), m_rows(rowsFor(state, names))
{
    const QFont headFont = theme::font(theme::labelSize, true);
    // The size of the producers' and consumers' lines (ProducerItem, ConsumerItem): no smaller.
    const QFont rowFont = theme::font(theme::smallSize);
    const qreal inner = width - 2 * padding;
    qreal y = 8;
    int connected = 0;
    for (const Row& r : m_rows)
        connected += static_cast<int>(r.clients.size());
    // "LIVE" in words: the box is told apart from the simulated producers by its text, not its colour.
    const qreal titleTop = y;
    y = addWrappedText(Text::tr("LIVE: %n real client(s)", nullptr, connected), headFont, padding, y, inner,
        theme::ink, QStringLiteral("live:title"));
    m_titleCentre = (titleTop + y) / 2;
    y += rowGap;
    for (const Row& r : m_rows) {
        const qreal top = y;
        const qsizetype first = texts().size();
        y = addWrappedText(r.text, rowFont, padding, y, inner, theme::ink, QStringLiteral("live:client"));
        m_rowRuns.emplace_back(first, texts().size() - first);
        m_rowCentres.push_back((top + y) / 2);
        y += rowGap;
    }
    setBounds(QRectF(0, 0, width, y + 8));
}

QList<TextRun> LiveClientsItem::rowRuns(std::size_t row) const
{
    if (row >= m_rowRuns.size())
        return {};
    return texts().mid(m_rowRuns[row].first, m_rowRuns[row].second);
}

QPointF LiveClientsItem::anchorOf(std::size_t row) const
{
    const qreal y = row < m_rowCentres.size() ? m_rowCentres[row] : boundingRect().center().y();
    return mapToScene(QPointF(boundingRect().right(), y));
}

QPointF LiveClientsItem::bundleAnchor() const
{
    return mapToScene(QPointF(boundingRect().right(), m_titleCentre));
}

void LiveClientsItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(2, 2, -2, -2);
    // Dashed: a real client is outside the simulation; the title and every line say LIVE as well.
    painter->setPen(QPen(theme::ink, 3, Qt::DashLine));
    painter->setBrush(theme::producerFill);
    painter->drawRoundedRect(box, 10, 10);
    paintTexts(painter);
}

} // namespace hw::ui
