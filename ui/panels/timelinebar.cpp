// SPDX-License-Identifier: MIT
#include "panels/timelinebar.h"

#include "base/i18n.h"
#include "base/theme.h"

#include <QEvent>
#include <QFontInfo>
#include <QHelpEvent>
#include <QtMath>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>

namespace hw::ui {

namespace {

constexpr int labelLane = 22; // checkpoint labels
constexpr int trackHeight = 10;
constexpr int handleRadius = 10;
constexpr int sidePadding = 14;
/// Room around a label's text in its box, and between two boxes or two markers.
constexpr qreal labelPadding = 10;
constexpr qreal boxGap = 3;
constexpr qreal glyphGap = 2;
/// A marker's letter is as large as the timeline's text (at least letterPixelsMin), and grows with it
/// while presenting: a Chinese letter (選) needs every pixel.
constexpr int letterPixelsMin = 12;
/// Half the side of a marker's square, in parts of its letter's size; the other shapes reach a
/// little further.
constexpr qreal glyphRadiusPerLetter = 0.64;
/// The tooltip of a crowded place names at most this many frames.
constexpr int toolTipLinesMax = 8;

using Kind = SimController::Marker::Kind;

/// The kinds drawn as markers, in the order they stand side by side.
constexpr std::array<Kind, 4> glyphKinds { Kind::Election, Kind::IsrChange, Kind::DataLoss, Kind::DuplicateBatch };

std::size_t glyphIndex(Kind kind)
{
    return static_cast<std::size_t>(std::find(glyphKinds.begin(), glyphKinds.end(), kind) - glyphKinds.begin());
}

} // namespace

TimelineBar::TimelineBar(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::NoFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setProperty(theme::scalesWhilePresentingProperty, true);
    keepTranslated(this, &QWidget::setAccessibleName, [] { return tr("Timeline"); });
}

QSize TimelineBar::sizeHint() const
{
    // The height is fixed, whatever the font: presentation mode's drawing is fitted to what is left.
    return QSize(600, labelLane + markerLane() + trackHeight + 2 * handleRadius + 4);
}

QSize TimelineBar::minimumSizeHint() const
{
    return QSize(200, sizeHint().height());
}

void TimelineBar::setMarkers(const std::vector<SimController::Marker>& markers, const QStringList& checkpointLabels)
{
    m_markers = markers;
    // Left to right: the layout below places each marker after the ones before it.
    std::stable_sort(m_markers.begin(), m_markers.end(),
        [](const SimController::Marker& a, const SimController::Marker& b) { return a.frame < b.frame; });
    m_checkpointFrames.clear();
    for (const SimController::Marker& m : markers) {
        if (m.kind == Kind::Checkpoint)
            m_checkpointFrames.push_back(m.frame);
    }
    std::stable_sort(m_checkpointFrames.begin(), m_checkpointFrames.end());
    m_checkpointLabels = checkpointLabels;
    update();
}

void TimelineBar::setRange(std::int64_t frameCount, std::int64_t firstFrame)
{
    m_frameCount = std::max<std::int64_t>(1, frameCount);
    m_firstFrame = std::clamp<std::int64_t>(firstFrame, 0, m_frameCount - 1);
    m_value = std::clamp(m_value, m_firstFrame, m_frameCount - 1);
    update();
}

void TimelineBar::setValue(std::int64_t frame)
{
    m_value = std::clamp<std::int64_t>(frame, m_firstFrame, m_frameCount - 1);
    update();
}

void TimelineBar::setConcealed(std::int64_t after, std::int64_t upTo)
{
    if (after == m_concealedAfter && upTo == m_concealedUpTo)
        return;
    m_concealedAfter = after;
    m_concealedUpTo = upTo;
    update();
}

bool TimelineBar::concealed(std::int64_t frame) const
{
    return frame > m_concealedAfter && frame <= m_concealedUpTo;
}

QRectF TimelineBar::track() const
{
    const qreal top = labelLane + markerLane() + handleRadius - trackHeight / 2.0;
    return QRectF(sidePadding, top, width() - 2 * sidePadding, trackHeight);
}

qreal TimelineBar::xOf(std::int64_t frame) const
{
    const QRectF t = track();
    const std::int64_t span = m_frameCount - 1 - m_firstFrame;
    if (span <= 0)
        return t.left();
    return t.left() + t.width() * static_cast<qreal>(frame - m_firstFrame) / static_cast<qreal>(span);
}

std::int64_t TimelineBar::frameAt(qreal x) const
{
    const QRectF t = track();
    const qreal fraction = std::clamp((x - t.left()) / std::max<qreal>(1, t.width()), 0.0, 1.0);
    return m_firstFrame + std::llround(fraction * static_cast<qreal>(m_frameCount - 1 - m_firstFrame));
}

QString TimelineBar::markerLetter(SimController::Marker::Kind kind)
{
    switch (kind) {
    case Kind::Election:
        return tr("E", "timeline marker: election");
    case Kind::IsrChange:
        return tr("I", "timeline marker: ISR change");
    case Kind::DataLoss:
        return tr("!", "timeline marker: data loss");
    case Kind::DuplicateBatch:
        return tr("D", "timeline marker: duplicate batch");
    case Kind::Checkpoint:
        break;
    }
    return QString();
}

QFont TimelineBar::markerFont() const
{
    QFont small = font();
    small.setBold(true);
    return small;
}

QFont TimelineBar::letterFont() const
{
    QFont letter = markerFont();
    letter.setPixelSize(std::max(letterPixelsMin, QFontInfo(font()).pixelSize()));
    return letter;
}

qreal TimelineBar::glyphRadius() const
{
    return std::round(QFontInfo(letterFont()).pixelSize() * glyphRadiusPerLetter);
}

int TimelineBar::markerLane() const
{
    // The tallest shape (the triangle) and a pixel above and below.
    return qCeil(2 * glyphRadius() + 6);
}

void TimelineBar::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // Presentation mode enlarges the text: the markers grow with it, and so does the bar's height.
    if (event->type() == QEvent::FontChange)
        updateGeometry();
}

QString TimelineBar::labelOf(int checkpoint) const
{
    if (concealed(m_checkpointFrames[static_cast<std::size_t>(checkpoint)]))
        return QStringLiteral("?");
    return checkpoint < m_checkpointLabels.size() ? m_checkpointLabels[checkpoint] : QString();
}

QString TimelineBar::numberOf(int checkpoint) const
{
    const QString number = QString::number(checkpoint + 1);
    const QString label = checkpoint < m_checkpointLabels.size() ? m_checkpointLabels[checkpoint] : QString();
    // A label that is its own number ("3", as the built-ins name their steps) stays as it is, and
    // stays hidden while concealed; any other label's number is "#3".
    if (label == number)
        return labelOf(checkpoint);
    return QLatin1Char('#') + number;
}

QString TimelineBar::checkpointLine(int checkpoint) const
{
    const std::int64_t frame = m_checkpointFrames[static_cast<std::size_t>(checkpoint)];
    const QString label = labelOf(checkpoint);
    const QString number = numberOf(checkpoint);
    if (number == label)
        return tr("Frame %1: checkpoint %2").arg(frame).arg(label);
    //: A checkpoint's label (%2) and its number on the timeline (%3, "#3").
    return tr("Frame %1: checkpoint %2 (%3)").arg(frame).arg(label, number);
}

std::vector<TimelineBar::LabelBox> TimelineBar::labelBoxes() const
{
    const QFontMetricsF metrics(markerFont());
    const int count = static_cast<int>(m_checkpointFrames.size());
    std::vector<LabelBox> boxes;
    // Centred on x, but kept inside the bar (a checkpoint at frame 0 or at the last frame); a text
    // wider than the bar is as wide as the bar.
    auto boxAround = [&](qreal centre, const QString& text) {
        const qreal w = std::min<qreal>(metrics.horizontalAdvance(text) + labelPadding, width());
        const qreal left = std::clamp(centre - w / 2, 0.0, std::max<qreal>(0.0, width() - w));
        return QRectF(left, 1, w, labelLane - 4);
    };
    auto rightEnd = [&] { return boxes.empty() ? -1e9 : boxes.back().rect.right(); };
    // The label centred on its line, else moved right just clear of the box before while it still
    // sits on its own line; then the same with its number.
    auto place = [&](int i) {
        const qreal x = xOf(m_checkpointFrames[static_cast<std::size_t>(i)]);
        QStringList texts { labelOf(i) };
        if (numberOf(i) != texts.constFirst())
            texts << numberOf(i);
        for (const QString& text : std::as_const(texts)) {
            QRectF rect = boxAround(x, text);
            const qreal clear = rightEnd() + boxGap;
            if (rect.left() < clear && clear <= x - boxGap && clear + rect.width() <= width())
                rect.moveLeft(clear);
            if (rect.left() >= clear) {
                boxes.push_back(LabelBox { rect, text, { i } });
                return true;
            }
        }
        return false;
    };
    for (int i = 0; i < count; ++i) {
        if (place(i))
            continue;
        // The label before gives way to its number, if that makes room.
        if (boxes.back().checkpoints.size() == 1) {
            const LabelBox before = boxes.back();
            const int b = before.checkpoints.front();
            if (before.text != numberOf(b)) {
                boxes.pop_back();
                const qreal clear = rightEnd() + boxGap;
                QRectF rect = boxAround(xOf(m_checkpointFrames[static_cast<std::size_t>(b)]), numberOf(b));
                rect.moveLeft(std::max(rect.left(), clear));
                boxes.push_back(LabelBox { rect, numberOf(b), { b } });
                if (place(i))
                    continue;
                boxes.back() = before;
            }
        }
        // No room: the box before takes this checkpoint too, as a range of numbers over all their
        // lines; where the range runs into the box before it, that box joins as well.
        boxes.back().checkpoints.push_back(i);
        for (;;) {
            LabelBox& box = boxes.back();
            const int first = box.checkpoints.front();
            const int last = box.checkpoints.back();
            box.text = numberOf(first) + QStringLiteral("\u2013") + numberOf(last).remove(QLatin1Char('#'));
            const qreal centre = (xOf(m_checkpointFrames[static_cast<std::size_t>(first)])
                                     + xOf(m_checkpointFrames[static_cast<std::size_t>(last)]))
                / 2;
            box.rect = boxAround(centre, box.text);
            const qreal clear = boxes.size() > 1 ? boxes[boxes.size() - 2].rect.right() + boxGap : -1e9;
            if (box.rect.left() >= clear)
                break;
            if (clear + box.rect.width() <= width()) {
                box.rect.moveLeft(clear);
                break;
            }
            LabelBox& previous = boxes[boxes.size() - 2];
            previous.checkpoints.insert(previous.checkpoints.end(), box.checkpoints.begin(), box.checkpoints.end());
            boxes.pop_back();
        }
    }
    return boxes;
}

std::vector<QRectF> TimelineBar::checkpointLabelBoxes() const
{
    std::vector<QRectF> out(m_checkpointFrames.size());
    for (const LabelBox& box : labelBoxes()) {
        for (int member : box.checkpoints)
            out[static_cast<std::size_t>(member)] = box.rect;
    }
    return out;
}

QStringList TimelineBar::checkpointLabelTexts() const
{
    QStringList out;
    for (std::size_t i = 0; i < m_checkpointFrames.size(); ++i)
        out << QString();
    for (const LabelBox& box : labelBoxes()) {
        for (int member : box.checkpoints)
            out[member] = box.text;
    }
    return out;
}

std::vector<TimelineBar::MarkerGlyph> TimelineBar::markerGlyphs() const
{
    // Each marker starts as a group of its own, centred on its frame; a group that would run into the
    // one before it joins it. A group draws one marker of each kind it holds, side by side, so that
    // an election and an ISR change on one frame are both seen, and every marker stands somewhere.
    struct Group {
        qreal minX;
        qreal maxX;
        std::array<std::vector<std::int64_t>, glyphKinds.size()> frames;
        qreal left = 0;
        qreal width = 0;
    };
    const qreal slot = 2 * (glyphRadius() + 3) + 2;
    auto place = [&](Group& g) {
        const auto kinds = std::count_if(g.frames.begin(), g.frames.end(), [](const auto& f) { return !f.empty(); });
        g.width = static_cast<qreal>(kinds) * slot;
        g.left = std::clamp((g.minX + g.maxX) / 2 - g.width / 2, 0.0, std::max<qreal>(0.0, width() - g.width));
    };
    std::vector<Group> groups;
    for (const SimController::Marker& m : m_markers) {
        if (m.kind == Kind::Checkpoint || concealed(m.frame))
            continue;
        const qreal x = xOf(m.frame);
        Group g { x, x, {} };
        g.frames[glyphIndex(m.kind)].push_back(m.frame);
        place(g);
        groups.push_back(std::move(g));
        while (groups.size() > 1) {
            Group& last = groups.back();
            Group& before = groups[groups.size() - 2];
            if (last.left >= before.left + before.width + glyphGap)
                break;
            before.minX = std::min(before.minX, last.minX);
            before.maxX = std::max(before.maxX, last.maxX);
            for (std::size_t k = 0; k < glyphKinds.size(); ++k)
                before.frames[k].insert(before.frames[k].end(), last.frames[k].begin(), last.frames[k].end());
            groups.pop_back();
            place(groups.back());
        }
    }
    const qreal laneTop = labelLane;
    std::vector<MarkerGlyph> glyphs;
    for (const Group& g : groups) {
        qreal x = g.left;
        for (std::size_t k = 0; k < glyphKinds.size(); ++k) {
            if (g.frames[k].empty())
                continue;
            glyphs.push_back(MarkerGlyph { glyphKinds[k], QRectF(x, laneTop, slot, markerLane()), g.frames[k] });
            std::sort(glyphs.back().frames.begin(), glyphs.back().frames.end());
            x += slot;
        }
    }
    return glyphs;
}

void TimelineBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF t = track();
    const QColor ink = palette().color(QPalette::WindowText);

    p.setPen(QPen(ink, 1));
    p.setBrush(palette().color(QPalette::Base));
    p.drawRoundedRect(t, trackHeight / 2.0, trackHeight / 2.0);
    if (m_firstFrame > 0) {
        // The start was dropped: the track comes in from the left, dashed, where older frames were.
        p.save();
        p.setPen(QPen(ink, 1, Qt::DashLine));
        const qreal y = t.center().y();
        p.drawLine(QPointF(0, y), QPointF(t.left(), y));
        p.restore();
    }
    QRectF done = t;
    done.setRight(xOf(m_value));
    p.setBrush(palette().color(QPalette::Highlight));
    p.drawRoundedRect(done, trackHeight / 2.0, trackHeight / 2.0);

    // Checkpoints: a line from the label down through the track, then the labels.
    const std::vector<LabelBox> boxes = labelBoxes();
    p.setPen(QPen(ink, 3));
    for (const LabelBox& box : boxes) {
        for (int member : box.checkpoints) {
            const qreal x = xOf(m_checkpointFrames[static_cast<std::size_t>(member)]);
            p.drawLine(QPointF(x, box.rect.bottom()), QPointF(x, t.bottom()));
        }
    }
    const QFont small = markerFont();
    p.setFont(small);
    const QFontMetricsF metrics(small);
    for (const LabelBox& box : boxes) {
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        p.drawRoundedRect(box.rect, 4, 4);
        p.setPen(palette().color(QPalette::Base));
        p.drawText(box.rect, Qt::AlignCenter, metrics.elidedText(box.text, Qt::ElideRight, box.rect.width() - 6));
    }

    // Markers: a shape and a letter each, in the lane between the labels and the track.
    const qreal s = glyphRadius();
    p.setFont(letterFont());
    for (const MarkerGlyph& glyph : markerGlyphs()) {
        const qreal x = glyph.rect.center().x();
        const qreal y = glyph.rect.center().y();
        QColor fill;
        QPolygonF shape;
        switch (glyph.kind) {
        case Kind::Election:
            fill = theme::orange;
            shape = QPolygonF(
                { QPointF(x, y - s - 2), QPointF(x + s + 2, y), QPointF(x, y + s + 2), QPointF(x - s - 2, y) });
            break;
        case Kind::IsrChange:
            fill = theme::skyBlue;
            shape = QPolygonF(QRectF(x - s, y - s, 2 * s, 2 * s));
            break;
        case Kind::DataLoss:
            fill = theme::vermillion;
            shape = QPolygonF({ QPointF(x, y - s - 3), QPointF(x + s + 3, y + s), QPointF(x - s - 3, y + s) });
            break;
        case Kind::DuplicateBatch:
            fill = theme::reddishPurple;
            {
                // A circle: no other marker is round.
                QPainterPath circle;
                circle.addEllipse(QPointF(x, y), s + 1, s + 1);
                shape = circle.toFillPolygon();
            }
            break;
        case Kind::Checkpoint:
            break;
        }
        p.setPen(QPen(ink, 1));
        p.setBrush(fill);
        p.drawPolygon(shape);
        p.setPen(ink);
        p.drawText(QRectF(x - s, y - s + 1, 2 * s, 2 * s), Qt::AlignCenter, markerLetter(glyph.kind));
    }

    // The handle.
    const QPointF centre(xOf(m_value), t.center().y());
    p.setPen(QPen(ink, 2));
    p.setBrush(palette().color(QPalette::Button));
    p.drawEllipse(centre, handleRadius, handleRadius);
}

void TimelineBar::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    emit frameRequested(frameAt(event->position().x()));
}

void TimelineBar::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() & Qt::LeftButton)
        emit frameRequested(frameAt(event->position().x()));
}

QString TimelineBar::markerToolTip(qreal x) const
{
    QStringList lines;
    auto markerLine = [](Kind kind, std::int64_t frame) {
        switch (kind) {
        case Kind::Election:
            return tr("Frame %1: a new leader").arg(frame);
        case Kind::IsrChange:
            return tr("Frame %1: the ISR changes").arg(frame);
        case Kind::DataLoss:
            return tr("Frame %1: records removed or lost").arg(frame);
        case Kind::DuplicateBatch:
            return tr("Frame %1: a duplicate batch, answered with its original offsets").arg(frame);
        case Kind::Checkpoint:
            break;
        }
        return QString();
    };
    // What stands at x: a checkpoint's line, a marker drawn there (for every frame it stands for),
    // and markers whose frame is at x although a crowd moved their shape aside.
    std::vector<std::pair<std::int64_t, QString>> found;
    for (std::size_t i = 0; i < m_checkpointFrames.size(); ++i) {
        if (std::abs(xOf(m_checkpointFrames[i]) - x) <= 6)
            found.emplace_back(m_checkpointFrames[i], checkpointLine(static_cast<int>(i)));
    }
    for (const MarkerGlyph& glyph : markerGlyphs()) {
        if (x >= glyph.rect.left() && x <= glyph.rect.right())
            for (std::int64_t frame : glyph.frames)
                found.emplace_back(frame, markerLine(glyph.kind, frame));
    }
    for (const SimController::Marker& m : m_markers) {
        if (m.kind != Kind::Checkpoint && !concealed(m.frame) && std::abs(xOf(m.frame) - x) <= 6)
            found.emplace_back(m.frame, markerLine(m.kind, m.frame));
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [frame, line] : found) {
        if (!lines.contains(line))
            lines << line;
    }
    if (lines.isEmpty() && m_firstFrame > 0 && frameAt(x) == m_firstFrame)
        return tr("Frame %1: the oldest frame kept; the frames before it were dropped to stay within the "
                  "memory budget")
            .arg(m_firstFrame);
    if (lines.isEmpty())
        return tr("Frame %1").arg(frameAt(x));
    if (lines.size() > toolTipLinesMax) {
        const int more = static_cast<int>(lines.size()) - toolTipLinesMax;
        lines = lines.mid(0, toolTipLinesMax);
        lines << tr("and %n more", "timeline tooltip: lines left out", more);
    }
    return lines.join(QLatin1Char('\n'));
}

QString TimelineBar::toolTipAt(QPointF pos) const
{
    for (const LabelBox& box : labelBoxes()) {
        if (!box.rect.contains(pos))
            continue;
        QStringList lines;
        for (int member : box.checkpoints)
            lines << checkpointLine(member);
        if (lines.size() > toolTipLinesMax) {
            const int more = static_cast<int>(lines.size()) - toolTipLinesMax;
            lines = lines.mid(0, toolTipLinesMax);
            lines << tr("and %n more", "timeline tooltip: lines left out", more);
        }
        return lines.join(QLatin1Char('\n'));
    }
    return markerToolTip(pos.x());
}

bool TimelineBar::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        QToolTip::showText(help->globalPos(), toolTipAt(help->pos()), this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace hw::ui
