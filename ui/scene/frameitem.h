// SPDX-License-Identifier: MIT
#pragma once

#include "scene/scenetarget.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsItem>
#include <QList>
#include <QPen>

namespace hw {
struct ClusterState;
}

namespace hw::ui {

class FrameScene;

/// A piece of text an item draws: where, what, and how. Items build their text as a list of runs
/// from the frame's state, then paint that list, so tests can read exactly the text that is drawn
/// and where (labels, badges, tags) without parsing pixels.
struct TextRun {
    QRectF box; // item coordinates; the text is centred in it unless align says otherwise
    QString text;
    QFont font;
    QColor color;
    QBrush background = Qt::NoBrush;
    QPen border = Qt::NoPen;
    Qt::Alignment align = Qt::AlignCenter;
    QString role; // what the text is, for tests and tooltips: "leo", "hw", "badge:leader", ...
    friend bool operator==(const TextRun&, const TextRun&) = default;
};

/// Base of the items that draw a frame. An item stands for something in the cluster (its target),
/// reads what it shows from the scene's current state in sync(), and keeps no other truth.
class FrameItem : public QGraphicsItem {
public:
    explicit FrameItem(SceneTarget target, QGraphicsItem* parent = nullptr);

    const SceneTarget& target() const { return m_target; }

    /// The text this item draws, in item coordinates.
    const QList<TextRun>& texts() const { return m_texts; }
    /// The boxes of that text in scene coordinates.
    QList<QRectF> textBoxes() const;
    /// The first text run with this role, or nullptr.
    const TextRun* textWithRole(const QString& role) const;
    /// The topmost text run whose box holds a point (item coordinates), or nullptr.
    const TextRun* textAt(QPointF pos) const;

    QRectF boundingRect() const override { return m_bounds; }

protected:
    const FrameScene* frameScene() const;
    void setBounds(const QRectF& bounds);
    void clearTexts() { m_texts.clear(); }
    /// Starts re-reading the item's text; contentChanged() then says whether it differs from before.
    void beginTexts()
    {
        m_previousTexts = std::move(m_texts);
        m_texts.clear();
    }
    bool textsChanged() const { return m_texts != m_previousTexts; }

    /// Adds text whose top-left corner is at topLeft; returns its box. padding widens the box on
    /// each side (for badges).
    QRectF addText(const QString& text, const QFont& font, QPointF topLeft, const QColor& color,
        const QString& role = QString(), qreal padding = 0);
    /// Adds text centred (or aligned) in a box, elided with "…" if it does not fit.
    QRectF addTextIn(const QString& text, const QFont& font, const QRectF& box, const QColor& color,
        Qt::Alignment align = Qt::AlignCenter, const QString& role = QString());
    /// A filled, bordered label such as LEADER or OFFLINE.
    QRectF addBadge(const QString& text, const QFont& font, QPointF topLeft, const QColor& foreground,
        const QBrush& background, const QPen& border, const QString& role);
    void addRun(TextRun run) { m_texts.append(std::move(run)); }
    /// Adds text word-wrapped to a column `width` wide from (left, top), a run per line; returns the
    /// bottom of the last line.
    qreal addWrappedText(const QString& text, const QFont& font, qreal left, qreal top, qreal width,
        const QColor& color, const QString& role);

    void paintTexts(QPainter* painter) const;

public:
    static qreal textWidth(const QString& text, const QFont& font);
    /// The height of a line holding this text as it is drawn: at least the font's height, more when
    /// a fallback font draws some of it (Chinese in Noto Sans CJK stands taller than the Latin line).
    static qreal textHeight(const QString& text, const QFont& font);
    /// The height of a line of text in the current language (taller in Chinese), for items that
    /// stack lines before they know their texts.
    static qreal textHeight(const QFont& font);
    /// Splits text at spaces into lines no wider than width, keeping a bare number with the word after
    /// it; a word wider than the line (Chinese has no spaces) breaks where Unicode allows a line break,
    /// and one that cannot break stays whole.
    static QStringList wrapText(const QString& text, const QFont& font, qreal width);
    /// The width of a box whose name line, in the boxes' name font, is whole: the name and 12 px of
    /// padding each side.
    static qreal boxWidthForName(const QString& name);
    /// Makes the item this tall (its width kept), repainting if that changed it.
    void setHeight(qreal height);

private:
    SceneTarget m_target;
    QRectF m_bounds;
    QList<TextRun> m_texts;
    QList<TextRun> m_previousTexts;
};

} // namespace hw::ui
