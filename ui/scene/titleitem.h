// SPDX-License-Identifier: MIT
#pragma once

#include "scene/frameitem.h"
#include "scene/itemtypes.h"

namespace hw::ui {

/// Lines of heading text above a view (the partition's leader, epochs, ISR and HW; the cluster's
/// settings). Lines longer than the width are wrapped at spaces.
class TitleItem : public FrameItem {
public:
    enum { Type = TitleItemType };

    struct Line {
        QString text;
        qreal size = 22;
        bool bold = false;
        QString role;
        friend bool operator==(const Line&, const Line&) = default;
    };

    TitleItem(SceneTarget target, qreal width, const QList<Line>& lines);
    int type() const override { return Type; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// True when the item already shows these lines at this width.
    bool matches(qreal width, const QList<Line>& lines) const { return width == m_width && lines == m_lines; }

    /// The height the lines take at this width.
    static qreal heightFor(qreal width, const QList<Line>& lines);

private:
    qreal m_width;
    QList<Line> m_lines;
};

/// The "Lost records" list under the logs: lines like a title's, but made anew with each frame (its
/// own type keeps it out of the pool, where it would be taken for the view's title).
class LostListItem : public TitleItem {
public:
    enum { Type = LostListItemType };
    using TitleItem::TitleItem;
    int type() const override { return Type; }
};

} // namespace hw::ui
