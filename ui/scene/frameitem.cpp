// SPDX-License-Identifier: MIT
#include "scene/frameitem.h"

#include "base/i18n.h"
#include "base/theme.h"
#include "scene/framescene.h"

#include <QFontMetricsF>
#include <QGlyphRun>
#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QRawFont>
#include <QStaticText>
#include <QTextBoundaryFinder>
#include <QTextLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hw::ui {

namespace {

/// Laid-out text, shared by every item and kept across frames: offsets, names and tags repeat from
/// row to row and frame to frame, and laying text out is most of what drawing it costs.
/// The scene lives in the GUI thread only.
constexpr qsizetype staticTextCacheMax = 8192;

/// What the caches below know a text by: the text and what of its font the scene varies.
QString cacheKey(const QString& text, const QFont& font)
{
    QString key = text;
    key += QChar(0);
    key += QString::number(font.pixelSize());
    key += font.bold() ? QLatin1Char('b') : QLatin1Char('n');
    return key;
}

/// The cached value for a text in a font, made by `make` the first time (and again after the cache,
/// full at staticTextCacheMax entries, was emptied). The reference holds until the next call.
template <typename Value, typename Make>
const Value& cached(QHash<QString, Value>& cache, const QString& text, const QFont& font, Make make)
{
    const QString key = cacheKey(text, font);
    auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return it.value();
    if (cache.size() >= staticTextCacheMax)
        cache.clear();
    return cache.insert(key, make()).value();
}

const QStaticText& staticTextFor(const QString& text, const QFont& font)
{
    static QHash<QString, QStaticText> cache;
    return cached(cache, text, font, [&] {
        QStaticText prepared(text);
        prepared.setTextFormat(Qt::PlainText);
        prepared.setPerformanceHint(QStaticText::AggressiveCaching);
        prepared.prepare(QTransform(), font);
        return prepared;
    });
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
    return cached(cache, text, font, [&] { return QFontMetricsF(font).horizontalAdvance(text); });
}

namespace {

/// How a text sits in its box. A character the font lacks, such as every Han character in DejaVu
/// Sans, comes from a fallback font (Noto Sans CJK) whose line is much taller (1.45 em against
/// 1.16 em): QStaticText lays the text out in that taller line, and centring it in the box put the
/// baseline 0.1 em low, so descenders and the Chinese glyphs' feet stood out of the box (the glyphs
/// themselves are no taller than the Latin line). Such text is drawn on the baseline a Latin text
/// would have, and its box grows only if its ink needs it.
struct TextPlacement {
    qreal height = 0; // the box's height
    qreal shift = 0; // added to the top of the static text centred in the box
};

TextPlacement placementOf(const QString& text, const QFont& font)
{
    const QFontMetricsF metrics(font);
    TextPlacement placement { metrics.height(), 0 };
    if (!text.isEmpty()) {
        // Laid out as QStaticText lays it out (leading included), to find where it puts the baseline.
        QTextLayout layout(text, font);
        layout.beginLayout();
        QTextLine line = layout.createLine();
        line.setLeadingIncluded(true);
        line.setLineWidth(std::numeric_limits<int>::max() / 256.0);
        layout.endLayout();
        const QString family = QRawFont::fromFont(font).familyName();
        bool fallback = false;
        for (const QGlyphRun& run : layout.glyphRuns())
            fallback = fallback || run.rawFont().familyName() != family;
        if (fallback) {
            // Relative to the box's centre: the Latin baseline, and the static text's top above it.
            const qreal baseline = (metrics.ascent() - metrics.descent()) / 2;
            const qreal lineAscent = line.height() - line.descent();
            placement.shift = (baseline - lineAscent) + line.height() / 2;
            // The ink around that baseline.
            // (The glyphs' outlines: tightBoundingRect() answers the fallback font's whole box.)
            QPainterPath outline;
            outline.addText(QPointF(0, 0), font, text);
            const QRectF ink = outline.boundingRect();
            placement.height
                = std::max(placement.height, 2 * std::max(-(baseline + ink.top()), baseline + ink.bottom()));
        }
    }
    return placement;
}

const TextPlacement& placementFor(const QString& text, const QFont& font)
{
    static QHash<QString, TextPlacement> cache;
    return cached(cache, text, font, [&] { return placementOf(text, font); });
}

} // namespace

qreal FrameItem::textHeight(const QString& text, const QFont& font)
{
    return placementFor(text, font).height;
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
    // Han characters and Latin ascenders and descenders on one line.
    const QString sample = language.startsWith(QLatin1String("zh")) ? QStringLiteral("Hgy|\u4E2D\u8DDF") : QString();
    return cache.insert(key, textHeight(sample, font)).value();
}

QStringList FrameItem::wrapText(const QString& text, const QFont& font, qreal width)
{
    QStringList lines;
    QString current;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString candidate = current.isEmpty() ? word : current + QLatin1Char(' ') + word;
        if (!current.isEmpty() && textWidth(candidate, font) > width) {
            // A number stays with the word after it ("5 ms", "3 brokers") when the line holds more.
            const qsizetype space = current.lastIndexOf(QLatin1Char(' '));
            const QString last = current.mid(space + 1);
            bool number = false;
            last.toLongLong(&number);
            if (number && space > 0 && textWidth(last + QLatin1Char(' ') + word, font) <= width) {
                lines << current.left(space);
                current = last + QLatin1Char(' ') + word;
            } else {
                lines << current;
                current = word;
            }
        } else {
            current = candidate;
        }
        // A word wider than the line (Chinese has no spaces between words) breaks where Unicode
        // allows a line break, between two ideographs for instance.
        while (textWidth(current, font) > width) {
            QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, current);
            qsizetype fits = 0;
            for (qsizetype at = breaks.toNextBoundary(); at > 0 && at < current.size(); at = breaks.toNextBoundary()) {
                if (textWidth(current.left(at), font) > width)
                    break;
                fits = at;
            }
            if (fits == 0)
                break; // No break fits: the line is elided where it is drawn.
            lines << current.left(fits).trimmed();
            current = current.mid(fits);
        }
    }
    if (!current.isEmpty())
        lines << current;
    return lines;
}

qreal FrameItem::boxWidthForName(const QString& name)
{
    return std::ceil(textWidth(name, theme::font(theme::labelSize, true)) + 24 + 2);
}

qreal FrameItem::addWrappedText(const QString& text, const QFont& font, qreal left, qreal top, qreal width,
    const QColor& color, const QString& role)
{
    qreal y = top;
    for (const QString& line : wrapText(text, font, width))
        y = addTextIn(line, font, QRectF(left, y, width, textHeight(font)), color, Qt::AlignLeft | Qt::AlignTop, role)
                .bottom();
    return y;
}

void FrameItem::setHeight(qreal height)
{
    if (height == m_bounds.height())
        return;
    setBounds(QRectF(m_bounds.topLeft(), QSizeF(m_bounds.width(), height)));
    update();
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
        const qreal top = run.box.center().y() - size.height() / 2 + placementFor(run.text, run.font).shift;
        painter->drawStaticText(QPointF(x, top), text);
    }
}

} // namespace hw::ui
