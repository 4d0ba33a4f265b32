// SPDX-License-Identifier: MIT
#include "scene/frameitem.h"

#include "base/i18n.h"
#include "scene/framescene.h"

#include <QFontMetricsF>
#include <QGlyphRun>
#include <QRawFont>
#include <QHash>
#include <QPainter>
#include <QStaticText>
#include <QTextLayout>

#include <algorithm>
#include <limits>

namespace hw::ui {

namespace {

/// Laid-out text, shared by every item and kept across frames: offsets, names and tags repeat from
/// row to row and frame to frame, and laying text out is most of what drawing it costs.
/// The scene lives in the GUI thread only.
constexpr qsizetype staticTextCacheMax = 8192;

const QStaticText& staticTextFor(const QString& text, const QFont& font)
{
    static QHash<QString, QStaticText> cache;
    QString key = text;
    key += QChar(0);
    key += QString::number(font.pixelSize());
    key += font.bold() ? QLatin1Char('b') : QLatin1Char('n');
    auto it = cache.find(key);
    if (it != cache.end())
        return it.value();
    if (cache.size() >= staticTextCacheMax)
        cache.clear();
    QStaticText prepared(text);
    prepared.setTextFormat(Qt::PlainText);
    prepared.setPerformanceHint(QStaticText::AggressiveCaching);
    prepared.prepare(QTransform(), font);
    return cache.insert(key, prepared).value();
}

} // namespace

FrameItem::FrameItem(SceneTarget target, QGraphicsItem* parent) : QGraphicsItem(parent), m_target(target) { }

const FrameScene* FrameItem::frameScene() const
{
    return static_cast<const FrameScene*>(scene());
}

void FrameItem::setBounds(const QRectF& bounds)
{
    if (bounds == m_bounds)
        return;
    prepareGeometryChange();
    m_bounds = bounds;
}

QList<QRectF> FrameItem::textBoxes() const
{
    QList<QRectF> boxes;
    boxes.reserve(m_texts.size());
    for (const TextRun& run : m_texts)
        boxes.append(mapRectToScene(run.box));
    return boxes;
}

const TextRun* FrameItem::textWithRole(const QString& role) const
{
    for (const TextRun& run : m_texts) {
        if (run.role == role)
            return &run;
    }
    return nullptr;
}

const TextRun* FrameItem::textAt(QPointF pos) const
{
    // Later runs are painted over earlier ones.
    for (auto it = m_texts.crbegin(); it != m_texts.crend(); ++it) {
        if (it->box.contains(pos))
            return &*it;
    }
    return nullptr;
}

qreal FrameItem::textWidth(const QString& text, const QFont& font)
{
    // Measuring is a large part of laying out a frame, and the same texts come back every frame.
    static QHash<QString, qreal> cache;
    QString key = text;
    key += QChar(0);
    key += QString::number(font.pixelSize());
    key += font.bold() ? QLatin1Char('b') : QLatin1Char('n');
    auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return it.value();
    if (cache.size() >= staticTextCacheMax)
        cache.clear();
    return cache.insert(key, QFontMetricsF(font).horizontalAdvance(text)).value();
}

qreal FrameItem::textHeight(const QString& text, const QFont& font)
{
    // The height of the line QStaticText lays out and paints (leading included): a character the
    // font lacks, such as every Han character in DejaVu Sans, comes from a fallback font (Noto Sans
    // CJK), and the line is as tall as the tallest font it uses, taller than the Latin font's height.
    // Never less than the font's own height, so a Latin text's box stays what it was.
    static QHash<QString, qreal> cache;
    QString key = text;
    key += QChar(0);
    key += QString::number(font.pixelSize());
    key += font.bold() ? QLatin1Char('b') : QLatin1Char('n');
    auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return it.value();
    if (cache.size() >= staticTextCacheMax)
        cache.clear();
    qreal height = QFontMetricsF(font).height();
    if (!text.isEmpty()) {
        // Each glyph run names the font it is drawn in; the QTextLine's own height would do too, but
        // it rounds ascent and descent to whole pixels and so would change every Latin box.
        QTextLayout layout(text, font);
        layout.beginLayout();
        QTextLine line = layout.createLine();
        line.setLineWidth(std::numeric_limits<int>::max() / 256.0);
        layout.endLayout();
        for (const QGlyphRun& run : layout.glyphRuns())
            height = std::max(height, run.rawFont().ascent() + run.rawFont().descent());
    }
    return cache.insert(key, height).value();
}

qreal FrameItem::textHeight(const QFont& font)
{
    // The height of a line of the current language: items that stack lines before they know their
    // texts (lanes, rows, a box's preferred height) measure with it, so in Chinese they make room
    // for the fallback font's taller line.
    static QHash<QString, qreal> cache;
    const QString language = currentLanguage();
    QString key = language;
    key += QChar(0);
    key += QString::number(font.pixelSize() * 2 + (font.bold() ? 1 : 0));
    auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return it.value();
    // A Han character and a Latin one: the line is as tall as the taller font.
    const QString sample = language.startsWith(QLatin1String("zh")) ? QStringLiteral("Hx\u4E2D") : QString();
    return cache.insert(key, textHeight(sample, font)).value();
}

QStringList FrameItem::wrapText(const QString& text, const QFont& font, qreal width)
{
    QStringList lines;
    QString current;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString candidate = current.isEmpty() ? word : current + QLatin1Char(' ') + word;
        if (!current.isEmpty() && textWidth(candidate, font) > width) {
            lines << current;
            current = word;
        } else {
            current = candidate;
        }
    }
    if (!current.isEmpty())
        lines << current;
    return lines;
}

QRectF FrameItem::addText(
    const QString& text, const QFont& font, QPointF topLeft, const QColor& color, const QString& role, qreal padding)
{
    TextRun run;
    run.box = QRectF(topLeft, QSizeF(textWidth(text, font) + 2 * padding, textHeight(text, font)));
    run.text = text;
    run.font = font;
    run.color = color;
    run.role = role;
    m_texts.append(run);
    return run.box;
}

QRectF FrameItem::addTextIn(const QString& text, const QFont& font, const QRectF& box, const QColor& color,
    Qt::Alignment align, const QString& role)
{
    TextRun run;
    run.text = textWidth(text, font) <= box.width() ? text
                                                    : QFontMetricsF(font).elidedText(text, Qt::ElideRight, box.width());
    const qreal width = textWidth(run.text, font);
    const qreal height = textHeight(run.text, font);
    // The run's box is the text's own extent, so overlap checks see what is really inked.
    qreal x = box.left();
    if (align & Qt::AlignHCenter)
        x = box.center().x() - width / 2;
    else if (align & Qt::AlignRight)
        x = box.right() - width;
    qreal y = box.top();
    if (align & Qt::AlignVCenter)
        y = box.center().y() - height / 2;
    else if (align & Qt::AlignBottom)
        y = box.bottom() - height;
    run.box = QRectF(x, y, width, height);
    run.font = font;
    run.color = color;
    run.role = role;
    m_texts.append(run);
    return run.box;
}

QRectF FrameItem::addBadge(const QString& text, const QFont& font, QPointF topLeft, const QColor& foreground,
    const QBrush& background, const QPen& border, const QString& role)
{
    const qreal padding = font.pixelSize() * 0.35;
    TextRun run;
    run.box = QRectF(topLeft, QSizeF(textWidth(text, font) + 2 * padding, textHeight(text, font) + 2));
    run.text = text;
    run.font = font;
    run.color = foreground;
    run.background = background;
    run.border = border;
    run.role = role;
    m_texts.append(run);
    return run.box;
}

void FrameItem::paintTexts(QPainter* painter) const
{
    for (const TextRun& run : m_texts) {
        if (run.background.style() != Qt::NoBrush || run.border.style() != Qt::NoPen) {
            QPen border = run.border;
            border.setCosmetic(true);
            painter->setPen(border);
            painter->setBrush(run.background);
            const qreal radius = run.box.height() * 0.2;
            painter->drawRoundedRect(run.box, radius, radius);
        }
        painter->setFont(run.font);
        painter->setPen(run.color);
        const QStaticText& text = staticTextFor(run.text, run.font);
        const QSizeF size = text.size();
        qreal x = run.box.left();
        if (run.align & Qt::AlignHCenter)
            x = run.box.center().x() - size.width() / 2;
        else if (run.align & Qt::AlignRight)
            x = run.box.right() - size.width();
        painter->drawStaticText(QPointF(x, run.box.center().y() - size.height() / 2), text);
    }
}

} // namespace hw::ui
