// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

#include <QHash>
#include <QString>

#include <vector>

namespace hw::ui {

/// The live lab's real clients in the cluster view: a box whose title and every line say "LIVE" (in
/// words, not by colour alone). Up to rowsMax connections it has a line per connection, named by its
/// client.id and address ("LIVE · rdkafka · 127.0.0.1:54321 → broker 2"): many clients share a default
/// client.id (rdkafka, console-consumer), so the address tells them apart. Above rowsMax the lines
/// aggregate by what the connections' requests showed (hw::LiveClient's role, group and partitions):
/// one line per group ("LIVE · group orders-app × 12 → orders"), per topic produced to ("LIVE ·
/// producing to orders × 20"), per topic read without a group, and one for the connections that sent
/// no data yet (metadata only: an admin, or a client starting). The most numerous come first, at most
/// aggregateRowsMax lines, the last counting the rest; so a class of 90 stays legible. A line wraps
/// rather than being cut, in the size the producers' and consumers' lines use (theme::smallSize).
/// A line counts connections: a real client opens one to each broker it talks to, and a group
/// member's fetches go over connections that never sent a group request. Such a connection counts
/// with the group of a member with its client.id on its host (two programs on one machine with one
/// client.id look alike).
class LiveClientsItem : public FrameItem {
public:
    enum { Type = LiveClientsItemType };
    /// Lines shown one per connection up to this many; above, aggregated.
    static constexpr int rowsMax = 8;
    /// Aggregated lines shown, the last counting the rest when there are more.
    static constexpr int aggregateRowsMax = 10;

    /// What a line stands for.
    enum class RowKind { Client, Group, Producing, Reading, NoData, Rest };

    /// One line: what it stands for, the group or topic it names (empty for the others), the
    /// connections it counts (their handles, LiveClient::handle) and its text.
    struct Row {
        RowKind kind = RowKind::Client;
        QString key;
        std::vector<std::int32_t> clients;
        QString text;
    };

    /// names: the client.id of each connection, by handle.
    LiveClientsItem(const hw::ClusterState& state, const QHash<std::int32_t, QString>& names, qreal width);
    int type() const override { return Type; }

    const std::vector<Row>& rows() const { return m_rows; }
    /// The text runs a line is drawn with (one per wrapped line), item coordinates.
    QList<TextRun> rowRuns(std::size_t row) const;
    /// Where a client's messages leave and arrive (scene coordinates): its line's right edge.
    QPointF anchorOf(std::size_t row) const;
    /// Whether the lines aggregate the connections (more than rowsMax of them).
    bool aggregated() const { return !m_rows.empty() && m_rows.front().kind != RowKind::Client; }
    /// Where the messages of aggregated clients leave and arrive, bundled (FrameScene::buildMessages):
    /// the box's right edge beside its title, the highest point of the box, so the few bundled tracks
    /// cross as little of the brokers' boxes as a straight line can.
    QPointF bundleAnchor() const;
    /// The rows of a state: per connection or aggregated.
    static std::vector<Row> rowsFor(const hw::ClusterState& state, const QHash<std::int32_t, QString>& names);
    /// Whether the state has a connected live client.
    static bool anyConnected(const hw::ClusterState& state);

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    std::vector<Row> m_rows;
    std::vector<qreal> m_rowCentres;
    qreal m_titleCentre = 0;
    std::vector<std::pair<qsizetype, qsizetype>> m_rowRuns; // per row: its first run in texts() and how many
};

} // namespace hw::ui
