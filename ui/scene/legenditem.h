// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// What the marks of a view mean, each with a small sample of the mark itself, flowed into lines
/// across the width of the view.
class LegendItem : public FrameItem {
public:
    enum { Type = LegendItemType };

    enum class Swatch : std::uint8_t {
        Committed,
        Uncommitted,
        EpochStart,
        Leo,
        ReplicaHw,
        PartitionHw,
        LeaderView,
        Isr,
        Osr,
        BrokerOffline,
        BrokerIsolated,
        BrokerFenced,
        Message,
        Assignment,
        Diverged,
        Ghost,
        ReaderPosition,
        Elr,
        LastLeader,
        Recovering,
    };
    struct Entry {
        Swatch swatch;
        QString text;
        friend bool operator==(const Entry&, const Entry&) = default;
    };

    LegendItem(const QList<Entry>& entries, qreal width);
    int type() const override { return Type; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    static qreal heightFor(const QList<Entry>& entries, qreal width);
    bool matches(const QList<Entry>& entries, qreal width) const { return entries == m_entries && width == m_width; }

private:
    struct Placed {
        Swatch swatch;
        QRectF sample;
    };
    /// Places every entry; returns the height used.
    static qreal place(const QList<Entry>& entries, qreal width, QList<Placed>* placed, QList<TextRun>* runs);
    static void paintSwatch(QPainter* painter, Swatch swatch, const QRectF& r);

    QList<Placed> m_placed;
    QList<Entry> m_entries;
    qreal m_width;
};

} // namespace hw::ui
