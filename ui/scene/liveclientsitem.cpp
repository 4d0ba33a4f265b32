// SPDX-License-Identifier: MIT
#include "scene/liveclientsitem.h"

#include "base/narration.h"
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

} // namespace

bool LiveClientsItem::anyConnected(const hw::ClusterState& state)
{
    return std::any_of(
        state.liveClients.begin(), state.liveClients.end(), [](const hw::LiveClient& c) { return c.connected; });
}

std::vector<LiveClientsItem::Row> LiveClientsItem::rowsFor(
    const hw::ClusterState& state, const QHash<std::int32_t, QString>& names)
{
    std::vector<std::int32_t> open;
    for (std::int32_t i = 0; i < static_cast<std::int32_t>(state.liveClients.size()); ++i) {
        if (state.liveClients[static_cast<std::size_t>(i)].connected)
            open.push_back(i);
    }
    std::vector<Row> rows;
    auto nameOf = [&](std::int32_t i) { return names.value(i); };
    if (static_cast<int>(open.size()) <= rowsMax) {
        for (std::int32_t i : open) {
            const hw::LiveClient& c = state.liveClients[static_cast<std::size_t>(i)];
            const QString address = QString::fromStdString(c.id);
            const QString name = nameOf(i);
            QString text;
            if (name.isEmpty())
                //: A real client in the cluster view before its first request: its address and its broker.
                text = Text::tr("%1 \u2192 broker %2").arg(address).arg(c.broker);
            else
                //: A real client in the cluster view: its client.id (%1), its address (%2) and its broker (%3).
                text = Text::tr("%1 \u00B7 %2 \u2192 broker %3").arg(name, address).arg(c.broker);
            rows.push_back({ { i }, text });
        }
        return rows;
    }
    // Many clients: one line per client.id, the most numerous first.
    std::map<QString, std::vector<std::int32_t>> byName;
    for (std::int32_t i : open)
        byName[nameOf(i)].push_back(i);
    std::vector<std::pair<QString, std::vector<std::int32_t>>> groups(byName.begin(), byName.end());
    std::stable_sort(groups.begin(), groups.end(),
        [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
    int shown = 0;
    std::vector<std::int32_t> rest;
    for (auto& [name, clients] : groups) {
        if (shown >= aggregateRowsMax - 1 && static_cast<int>(groups.size()) > aggregateRowsMax) {
            rest.insert(rest.end(), clients.begin(), clients.end());
            continue;
        }
        std::set<hw::BrokerId> brokers;
        for (std::int32_t i : clients)
            brokers.insert(state.liveClients[static_cast<std::size_t>(i)].broker);
        const QString label = name.isEmpty() ? Text::tr("not named yet") : name;
        //: Many real clients sharing a client.id (%1): how many (%2) and the brokers they are connected to (%3).
        rows.push_back({ clients,
            Text::tr("%1 \u00D7 %2 \u2192 %3")
                .arg(label)
                .arg(clients.size())
                .arg(Narration::brokerSet(std::vector<hw::BrokerId>(brokers.begin(), brokers.end()))) });
        ++shown;
    }
    if (!rest.empty())
        rows.push_back({ rest, Text::tr("%n more client(s) with other client.ids", nullptr, static_cast<int>(rest.size())) });
    return rows;
}

LiveClientsItem::LiveClientsItem(const hw::ClusterState& state, const QHash<std::int32_t, QString>& names, qreal width)
    : FrameItem(SceneTarget {}), m_rows(rowsFor(state, names))
{
    const QFont headFont = theme::font(theme::labelSize, true);
    const QFont rowFont = theme::font(theme::smallSize);
    const qreal inner = width - 2 * padding;
    qreal y = 8;
    int connected = 0;
    for (const Row& r : m_rows)
        connected += static_cast<int>(r.clients.size());
    // "LIVE" in words: the box is told apart from the simulated producers by its text, not its colour.
    y = addWrappedText(Text::tr("LIVE: %n real client(s)", nullptr, connected), headFont, padding, y, inner,
        theme::ink, QStringLiteral("live:title"));
    y += rowGap;
    for (const Row& r : m_rows) {
        const qreal top = y;
        y = addWrappedText(r.text, rowFont, padding, y, inner, theme::ink, QStringLiteral("live:client"));
        m_rowCentres.push_back((top + y) / 2);
        y += rowGap;
    }
    setBounds(QRectF(0, 0, width, y + 8));
}

QPointF LiveClientsItem::anchorOf(std::size_t row) const
{
    const qreal y = row < m_rowCentres.size() ? m_rowCentres[row] : boundingRect().center().y();
    return mapToScene(QPointF(boundingRect().right(), y));
}

void LiveClientsItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const QRectF box = boundingRect().adjusted(2, 2, -2, -2);
    // Dashed: a real client is outside the simulation; the title says LIVE as well.
    painter->setPen(QPen(theme::ink, 3, Qt::DashLine));
    painter->setBrush(theme::producerFill);
    painter->drawRoundedRect(box, 10, 10);
    paintTexts(painter);
}

} // namespace hw::ui
