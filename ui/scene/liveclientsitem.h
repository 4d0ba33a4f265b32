// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

#include <QHash>
#include <QString>

#include <vector>

namespace hw::ui {

/// The live lab's real clients in the cluster view: a box marked "LIVE" (in words, not by colour
/// alone) with a line per connected client, named by its client.id and address ("rdkafka ·
/// 127.0.0.1:54321 → broker 2"). Many clients share a default client.id (rdkafka, console-consumer),
/// so the address tells them apart. Above rowsMax clients the lines aggregate by client.id ("rdkafka
/// × 37 → brokers 1, 2, 3"), so a class of 90 stays legible; the state holds each connection's broker
/// but not its group or topics, which only its later requests tell.
class LiveClientsItem : public FrameItem {
public:
    enum { Type = LiveClientsItemType };
    /// Lines shown one per client up to this many; above, one per client.id.
    static constexpr int rowsMax = 8;
    /// Aggregated lines shown; the rest are counted in a last line.
    static constexpr int aggregateRowsMax = 10;

    /// One line: the clients it stands for (indices into ClusterState::liveClients) and its text.
    struct Row {
        std::vector<std::int32_t> clients;
        QString text;
    };

    LiveClientsItem(const hw::ClusterState& state, const QHash<std::int32_t, QString>& names, qreal width);
    int type() const override { return Type; }

    const std::vector<Row>& rows() const { return m_rows; }
    /// Where a client's messages leave and arrive (scene coordinates): its line's right edge.
    QPointF anchorOf(std::size_t row) const;
    /// The rows of a state: per client or aggregated by client.id.
    static std::vector<Row> rowsFor(const hw::ClusterState& state, const QHash<std::int32_t, QString>& names);
    /// Whether the state has a connected live client.
    static bool anyConnected(const hw::ClusterState& state);

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    std::vector<Row> m_rows;
    std::vector<qreal> m_rowCentres;
};

} // namespace hw::ui
