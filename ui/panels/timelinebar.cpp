// SPDX-License-Identifier: MIT
#include "panels/timelinebar.h"

#include "base/i18n.h"
#include "base/theme.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

constexpr int labelLane = 22; // checkpoint labels
constexpr int markerLane = 20; // E, I, !, D
constexpr int trackHeight = 10;
constexpr int handleRadius = 10;
constexpr int sidePadding = 14;

} // namespace

TimelineBar::TimelineBar(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::NoFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    keepTranslated(this, &QWidget::setAccessibleName, [] { return tr("Timeline"); });
}

QSize TimelineBar::sizeHint() const
{
    return QSize(600, labelLane + markerLane + trackHeight + 2 * handleRadius + 4);
}

QSize TimelineBar::minimumSizeHint() const
{
    return QSize(200, sizeHint().height());
}

void TimelineBar::setMarkers(const std::vector<SimController::Marker>& markers, const QStringList& checkpointLabels)
{
    m_markers = markers;
    m_checkpointLabels = checkpointLabels;
    update();
}

void TimelineBar::setRange(std::int64_t frameCount)
{
    m_frameCount = std::max<std::int64_t>(1, frameCount);
    m_value = std::min(m_value, m_frameCount - 1);
    update();
}

void TimelineBar::setValue(std::int64_t frame)
{
    m_value = std::clamp<std::int64_t>(frame, 0, m_frameCount - 1);
    update();
}

QRectF TimelineBar::track() const
{
    const qreal top = labelLane + markerLane + handleRadius - trackHeight / 2.0;
    return QRectF(sidePadding, top, width() - 2 * sidePadding, trackHeight);
}

qreal TimelineBar::xOf(std::int64_t frame) const
{
    const QRectF t = track();
    if (m_frameCount <= 1)
        return t.left();
    return t.left() + t.width() * static_cast<qreal>(frame) / static_cast<qreal>(m_frameCount - 1);
}

std::int64_t TimelineBar::frameAt(qreal x) const
{
    const QRectF t = track();
    const qreal fraction = std::clamp((x - t.left()) / std::max<qreal>(1, t.width()), 0.0, 1.0);
    return std::llround(fraction * static_cast<qreal>(m_frameCount - 1));
}

QString TimelineBar::markerLetter(SimController::Marker::Kind kind)
{
    using Kind = SimController::Marker::Kind;
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

std::vector<QRectF> TimelineBar::checkpointLabelBoxes() const
{
    const QFontMetricsF metrics(markerFont());
    std::vector<QRectF> boxes;
    qreal lastLabelRight = -1e9;
    int checkpoint = 0;
    for (const SimController::Marker& m : m_markers) {
        if (m.kind != SimController::Marker::Kind::Checkpoint)
            continue;
        const QString label = checkpoint < m_checkpointLabels.size() ? m_checkpointLabels[checkpoint] : QString();
        ++checkpoint;
        // Centred on its line, but shifted to stay inside the bar at either end (a checkpoint at
        // frame 0 or at the last frame); a label wider than the bar is elided. One that would run
        // into the label before it is left out (its line and tooltip remain).
        const qreal x = xOf(m.frame);
        const qreal w = std::min<qreal>(metrics.horizontalAdvance(label) + 10, width());
        const qreal left = std::clamp(x - w / 2, 0.0, std::max<qreal>(0.0, width() - w));
        if (left > lastLabelRight + 2) {
            boxes.emplace_back(left, 1, w, labelLane - 4);
            lastLabelRight = boxes.back().right();
        } else {
            boxes.emplace_back();
        }
    }
    return boxes;
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
    QRectF done = t;
    done.setRight(xOf(m_value));
    p.setBrush(palette().color(QPalette::Highlight));
    p.drawRoundedRect(done, trackHeight / 2.0, trackHeight / 2.0);

    // Markers: two lanes above the track. Where they crowd, letters give way to ticks.
    const QFont small = markerFont();
    p.setFont(small);
    const QFontMetricsF metrics(small);
    const std::vector<QRectF> labelBoxes = checkpointLabelBoxes();
    qreal lastLetterX = -1e9;
    int checkpoint = 0;
    for (const SimController::Marker& m : m_markers) {
        const qreal x = xOf(m.frame);
        using Kind = SimController::Marker::Kind;
        if (m.kind == Kind::Checkpoint) {
            const QString label = checkpoint < m_checkpointLabels.size() ? m_checkpointLabels[checkpoint] : QString();
            ++checkpoint;
            p.setPen(QPen(ink, 3));
            p.drawLine(QPointF(x, labelLane - 2), QPointF(x, t.bottom()));
            const QRectF box = labelBoxes[static_cast<std::size_t>(checkpoint - 1)];
            if (!box.isEmpty()) {
                p.setBrush(ink);
                p.drawRoundedRect(box, 4, 4);
                p.setPen(palette().color(QPalette::Base));
                p.drawText(box, Qt::AlignCenter, metrics.elidedText(label, Qt::ElideRight, box.width() - 10));
            }
            continue;
        }
        const qreal y = labelLane + markerLane / 2.0;
        const bool roomForLetter = x - lastLetterX > 14;
        QString letter;
        QColor fill;
        QPolygonF shape;
        const qreal s = 7;
        switch (m.kind) {
        case Kind::Election:
            letter = markerLetter(m.kind);
            fill = theme::orange;
            shape = QPolygonF(
                { QPointF(x, y - s - 2), QPointF(x + s + 2, y), QPointF(x, y + s + 2), QPointF(x - s - 2, y) });
            break;
        case Kind::IsrChange:
            letter = markerLetter(m.kind);
            fill = theme::skyBlue;
            shape = QPolygonF(QRectF(x - s, y - s, 2 * s, 2 * s));
            break;
        case Kind::DataLoss:
            letter = markerLetter(m.kind);
            fill = theme::vermillion;
            shape = QPolygonF({ QPointF(x, y - s - 3), QPointF(x + s + 3, y + s), QPointF(x - s - 3, y + s) });
            break;
        case Kind::DuplicateBatch:
            letter = markerLetter(m.kind);
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
        if (!roomForLetter) {
            p.setPen(QPen(fill.darker(130), 2));
            p.drawLine(QPointF(x, y - 4), QPointF(x, y + 4));
            continue;
        }
        p.setPen(QPen(ink, 1));
        p.setBrush(fill);
        p.drawPolygon(shape);
        QFont letterFont = small;
        letterFont.setPixelSize(11);
        p.setFont(letterFont);
        p.setPen(ink);
        p.drawText(QRectF(x - s, y - s + 1, 2 * s, 2 * s), Qt::AlignCenter, letter);
        p.setFont(small);
        lastLetterX = x;
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
    int checkpoint = 0;
    for (const SimController::Marker& m : m_markers) {
        const bool near = std::abs(xOf(m.frame) - x) <= 6;
        using Kind = SimController::Marker::Kind;
        QString label;
        if (m.kind == Kind::Checkpoint)
            label = checkpoint < m_checkpointLabels.size() ? m_checkpointLabels[checkpoint] : QString();
        if (m.kind == Kind::Checkpoint)
            ++checkpoint;
        if (!near)
            continue;
        switch (m.kind) {
        case Kind::Checkpoint:
            lines << tr("Frame %1: checkpoint %2").arg(m.frame).arg(label);
            break;
        case Kind::Election:
            lines << tr("Frame %1: a new leader").arg(m.frame);
            break;
        case Kind::IsrChange:
            lines << tr("Frame %1: the ISR changes").arg(m.frame);
            break;
        case Kind::DataLoss:
            lines << tr("Frame %1: records removed or lost").arg(m.frame);
            break;
        case Kind::DuplicateBatch:
            lines << tr("Frame %1: a duplicate batch, answered with its original offsets").arg(m.frame);
            break;
        }
        if (lines.size() >= 8)
            break;
    }
    if (lines.isEmpty())
        return tr("Frame %1").arg(frameAt(x));
    return lines.join(QLatin1Char('\n'));
}

bool TimelineBar::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        QToolTip::showText(help->globalPos(), markerToolTip(help->pos().x()), this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace hw::ui
