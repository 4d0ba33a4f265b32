// SPDX-License-Identifier: MIT
// The caption band of an exported frame (ExportSettings::caption): the text it says (Exporter::
// captionFor), its height in an image (captionBandHeight) and its drawing (paintCaption), the note
// word-wrapped and cut with "…" where the band ends. exportFrames (exporter.cpp) draws it under the
// drawing of PNG, SVG and GIF frames.
#include "export/exporter.h"

#include "base/theme.h"
#include "export/exporter_p.h"
#include "scene/clusterfacts.h"
#include "timeline/timeline.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace hw::ui {

using namespace exporting;

namespace {

/// A caption band's text sizes, as shares of the image's height (34 and 27 px at 1080), never under
/// captionTextPxMin; its padding likewise.
constexpr qreal captionHeadingShare = 1.0 / 32;
constexpr qreal captionNoteShare = 1.0 / 40;
constexpr qreal captionPaddingShare = 1.0 / 90;
constexpr qreal captionTextPxMin = 12;
/// How far back a caption looks for the note a frame is under (as the narration panel does).
constexpr std::int64_t captionNoteLookBackMax = 100000;

QFont captionHeadingFont(QSize size)
{
    return theme::font(std::max(captionTextPxMin, std::round(size.height() * captionHeadingShare)), true);
}

QFont captionNoteFont(QSize size)
{
    return theme::font(std::max(captionTextPxMin, std::round(size.height() * captionNoteShare)));
}

qreal captionPadding(QSize size)
{
    return std::max<qreal>(6, std::round(size.height() * captionPaddingShare));
}

/// The lines of text word-wrapped to width (Chinese breaks between ideographs) and their height;
/// lines past maxHeight are left out and the last one kept ends in "…".
struct WrappedText {
    QStringList lines;
    qreal height = 0;
};

WrappedText wrapForCaption(const QString& text, const QFont& font, qreal width, qreal maxHeight)
{
    WrappedText out;
    if (text.isEmpty() || width <= 0)
        return out;
    const QFontMetricsF metrics(font);
    QTextLayout layout(text, font);
    layout.beginLayout();
    QList<QPair<int, int>> ranges;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        ranges.append({ line.textStart(), line.textLength() });
    }
    layout.endLayout();
    const qreal lineHeight = metrics.lineSpacing();
    for (qsizetype i = 0; i < ranges.size(); ++i) {
        if (out.height + lineHeight > maxHeight && !out.lines.isEmpty()) {
            // The last line that fits takes the rest of the text, cut to the width with "…".
            out.lines.last() = metrics.elidedText(text.mid(ranges[i - 1].first).simplified(), Qt::ElideRight, width);
            return out;
        }
        out.lines << text.mid(ranges[i].first, ranges[i].second).trimmed();
        out.height += lineHeight;
    }
    return out;
}

} // namespace

ExportCaption Exporter::captionFor(const hw::Timeline& timeline, std::int64_t frame, const std::string& language)
{
    const hw::FrameInfo& info = timeline.frame(frame);
    // The run's release is fixed for the run: the head names it.
    const QString version = kafkaVersionText(timeline.head());
    ExportCaption caption;
    if (info.label >= 0)
        //: An exported image's caption: the checkpoint's label, the frame, its simulated time, the Kafka version.
        caption.heading = tr("Checkpoint %1 \u00B7 frame %2 \u00B7 %3 ms \u00B7 Kafka %4")
                              .arg(text(timeline.labels()[static_cast<std::size_t>(info.label)]))
                              .arg(frame)
                              .arg(info.timeMs)
                              .arg(version);
    else
        //: An exported image's caption: the frame, its simulated time, the Kafka version.
        caption.heading = tr("Frame %1 \u00B7 %2 ms \u00B7 Kafka %3").arg(frame).arg(info.timeMs).arg(version);
    // The note a frame is under, as the narration shows it: the latest at or before it.
    for (std::int64_t f = frame; f >= timeline.firstFrame() && frame - f < captionNoteLookBackMax; --f) {
        if (const std::int32_t note = timeline.frame(f).note; note >= 0) {
            caption.note = text(timeline.notes()[static_cast<std::size_t>(note)].get(language));
            break;
        }
    }
    return caption;
}

qreal Exporter::captionBandHeight(const ExportCaption& caption, QSize size)
{
    const qreal padding = captionPadding(size);
    const qreal width = size.width() - 2 * padding;
    const qreal most = std::floor(size.height() * captionShareMax);
    qreal height = 2 * padding + QFontMetricsF(captionHeadingFont(size)).lineSpacing();
    if (!caption.note.isEmpty())
        height += padding / 2 + wrapForCaption(caption.note, captionNoteFont(size), width, 1e9).height;
    return std::min(most, std::ceil(height));
}

void Exporter::paintCaption(
    QPainter& painter, QSize image, qreal bandHeight, const ExportCaption& caption, bool transparent)
{
    const QRectF band(0, image.height() - bandHeight, image.width(), bandHeight);
    const qreal padding = captionPadding(image);
    painter.save();
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    if (!transparent)
        painter.fillRect(band, theme::panel);
    painter.setPen(QPen(theme::faintInk, 1));
    painter.drawLine(QLineF(band.topLeft(), band.topRight()));
    const qreal width = band.width() - 2 * padding;
    const QFont headingFont = captionHeadingFont(image);
    const QFontMetricsF headingMetrics(headingFont);
    painter.setFont(headingFont);
    painter.setPen(theme::ink);
    qreal y = band.top() + padding;
    painter.drawText(QPointF(band.left() + padding, y + headingMetrics.ascent()),
        headingMetrics.elidedText(caption.heading, Qt::ElideRight, width));
    y += headingMetrics.lineSpacing() + padding / 2;
    if (!caption.note.isEmpty()) {
        const QFont noteFont = captionNoteFont(image);
        const QFontMetricsF noteMetrics(noteFont);
        painter.setFont(noteFont);
        for (const QString& line : wrapForCaption(caption.note, noteFont, width, band.bottom() - padding - y).lines) {
            painter.drawText(QPointF(band.left() + padding, y + noteMetrics.ascent()), line);
            y += noteMetrics.lineSpacing();
        }
    }
    painter.restore();
}

} // namespace hw::ui
