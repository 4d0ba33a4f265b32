// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "scene/frameitem.h"
#include "scene/itemtypes.h"

#include <vector>

namespace hw::ui {

/// A message in flight (a fetch, a produce, an acknowledgement, an AlterPartition...): a labelled dot
/// on the straight track from its sender to its receiver, placed by how much of its latency has
/// passed at the time shown. During play the time shown runs between frames, so the dots move.
class MessageItem : public FrameItem {
public:
    enum { Type = MessageItemType };

    enum class Kind : std::uint8_t { Produce, Fetch, Isr, Metadata, Error, Heartbeat, Group };

    /// The dot's radius, and how far its outline (the selection's wider one) reaches beyond it: an
    /// anchor that messages start from keeps this far from any text.
    static constexpr qreal dotRadius = 11;
    static constexpr qreal dotOutline = 2;
    /// Requests and answers between the same two nodes travel on parallel tracks this far either side
    /// of the line between their anchors, so a dot waiting at an anchor may stand this far beside it.
    static constexpr qreal trackOffset = 14;

    MessageItem(std::uint64_t sequence, Kind kind, const QString& label, QPointF from, QPointF to, hw::TimeMs sentMs,
        hw::TimeMs arrivesMs);
    int type() const override { return Type; }

    /// A bundle: more messages on the same track (the live lab's many clients to one broker), each a
    /// small dot of its kind's colour, behind the labelled one; the label counts them all and the
    /// tooltip lists the first few (detail).
    struct Follower {
        Kind kind = Kind::Produce;
        hw::TimeMs sentMs = 0;
        hw::TimeMs arrivesMs = 0;
    };
    static constexpr qreal followerRadius = 5;
    void setFollowers(std::vector<Follower> followers, const QString& detail);
    std::size_t followerCount() const { return m_followers.size(); }
    QString detail() const { return m_detail; }
    /// When the last of the bundle's messages arrives (arrivesMs() for a single message).
    hw::TimeMs lastArrivalMs() const { return m_lastArrivalMs; }

    /// Moves the dots to where the messages are at this time.
    void setTime(double timeMs);
    /// Moves the label away from its natural place beside the dot (the scene puts labels where they
    /// cover nothing); a moved label is joined to its dot by a leader line.
    void setLabelOffset(QPointF offset);
    QPointF labelOffset() const { return m_labelOffset; }
    /// Shows or hides the label (a busy cluster shows dots only, except for the selection's).
    void setLabelVisible(bool visible);
    bool isLabelVisible() const { return m_labelVisible; }

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    Kind kind() const { return m_kind; }
    QString label() const { return m_label; }
    double progress() const { return m_progress; }
    QPointF dotPosition() const { return m_dot; }
    /// The dot as drawn, with its outline, in scene coordinates.
    QRectF dotRect() const;
    hw::TimeMs sentMs() const { return m_sentMs; }
    hw::TimeMs arrivesMs() const { return m_arrivesMs; }
    /// The label's box where it would be without a shift, in scene coordinates.
    QRectF naturalLabelBox() const;
    /// The dot and the label: what a click, a hover or a right-click hits. The track is left out, so
    /// a right-click where it crosses a broker box reaches the broker.
    QPainterPath shape() const override;

private:
    /// The faint line from sender to receiver, two device pixels wide at any zoom.
    static void drawTrack(QPainter* painter, const QLineF& line, const QColor& color);
    void relayout();

    Kind m_kind;
    QString m_label;
    QPointF m_from;
    QPointF m_to;
    QPointF m_dot;
    hw::TimeMs m_sentMs;
    hw::TimeMs m_arrivesMs;
    double m_progress = 0;
    std::vector<Follower> m_followers;
    std::vector<QPointF> m_followerDots;
    QString m_detail;
    hw::TimeMs m_lastArrivalMs;
    QPointF m_labelOffset;
    bool m_labelVisible = true;
};

} // namespace hw::ui
