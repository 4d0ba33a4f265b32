// SPDX-License-Identifier: MIT
// The PDF handout: how a page is laid out (Exporter::paintPage: title, drawing, heading and caption),
// how its writer is set up, and what makes the same export give the same bytes (DeterministicHashing's
// fixed hash seed, SOURCE_DATE_EPOCH, Exporter::fixPdfCreationDate). exportFrames (exporter.cpp)
// writes the handout's pages, exportPanels (exportpanels.cpp) a page of views stacked.
#include "export/exporter.h"

#include "base/theme.h"
#include "export/exporter_p.h"
#include "export/sceneexport.h"

#include <QDateTime>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>

namespace hw::ui {

namespace {

/// A handout page's margin on every side.
constexpr qreal pdfMarginMm = 12;
/// PDF text sizes, in device pixels at pdfDpi.
constexpr qreal pdfTitleSize = 18;
constexpr qreal pdfHeadingSize = 16;
constexpr qreal pdfTextSize = 13;
constexpr qreal pdfGap = 10;

} // namespace

namespace exporting {

void setUpPdf(QPdfWriter& writer, const QString& title)
{
    writer.setResolution(pdfDpi);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("HighWater"));
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
        QMarginsF(pdfMarginMm, pdfMarginMm, pdfMarginMm, pdfMarginMm), QPageLayout::Millimeter));
}

std::optional<qint64> sourceDateEpoch()
{
    constexpr qint64 secondsMax = 253402300799; // 9999-12-31 23:59:59 UTC
    bool ok = false;
    const qint64 seconds = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    return ok && seconds >= 0 && seconds <= secondsMax ? std::optional<qint64>(seconds) : std::nullopt;
}

} // namespace exporting

namespace {

/// Offsets in a PDF's cross-reference table are written as ten digits.
constexpr int xrefOffsetDigits = 10;
/// Each entry of the table is "oooooooooo ggggg n \n".
constexpr int xrefEntrySize = 20;

std::optional<qint64> parseOffset(const QByteArray& digits)
{
    bool ok = false;
    const qint64 value = digits.toLongLong(&ok);
    return ok && value >= 0 ? std::optional<qint64>(value) : std::nullopt;
}

} // namespace

QByteArray Exporter::fixPdfCreationDate(const QByteArray& pdf, std::optional<qint64> sourceDateEpoch)
{
    // The entry is in the /Info dictionary, the first object after the header (QPdfEnginePrivate::writeInfo).
    static const QByteArray key = QByteArrayLiteral("/CreationDate (D:");
    const qsizetype at = pdf.indexOf(key);
    const qsizetype firstEnd = pdf.indexOf("endobj");
    if (at < 0 || firstEnd < 0 || at > firstEnd)
        return {};
    const qsizetype close = pdf.indexOf(')', at);
    if (close < 0 || close > firstEnd)
        return {};
    qsizetype end = close + 1;
    QByteArray replacement;
    if (sourceDateEpoch) {
        const QDateTime time = QDateTime::fromSecsSinceEpoch(*sourceDateEpoch, Qt::UTC);
        replacement = "/CreationDate (D:" + time.toString(QStringLiteral("yyyyMMddHHmmss")).toLatin1() + "Z)";
    } else if (end < pdf.size() && pdf[end] == '\n') {
        ++end; // the entry's line goes
    }
    const qsizetype delta = replacement.size() - (end - at);

    // The cross-reference table: "xref\n0 N\n" and N entries; then "startxref\n<offset of the table>\n".
    const qsizetype xref = pdf.lastIndexOf("\nxref\n") + 1;
    const qsizetype startxref = pdf.lastIndexOf("\nstartxref\n") + 1;
    if (xref <= at || startxref <= xref)
        return {};
    const qsizetype countAt = xref + 5;
    const qsizetype countEnd = pdf.indexOf('\n', countAt);
    const QList<QByteArray> header = pdf.mid(countAt, countEnd - countAt).split(' ');
    const qint64 count = header.size() == 2 ? parseOffset(header[1]).value_or(-1) : -1;
    const qsizetype entries = countEnd + 1;
    if (countEnd < 0 || header[0] != "0" || count < 1 || entries + count * xrefEntrySize > startxref)
        return {};
    QByteArray fixed = pdf;
    for (qint64 i = 0; i < count; ++i) {
        const qsizetype entry = entries + i * xrefEntrySize;
        if (fixed[entry + xrefEntrySize - 1] != '\n')
            return {};
        const std::optional<qint64> offset = parseOffset(fixed.mid(entry, xrefOffsetDigits));
        if (!offset)
            return {};
        if (*offset > at && fixed.mid(entry + xrefOffsetDigits + 7, 1) == "n")
            fixed.replace(
                entry, xrefOffsetDigits, QByteArray::number(*offset + delta).rightJustified(xrefOffsetDigits, '0'));
    }
    const qsizetype numberAt = startxref + 10;
    const qsizetype numberEnd = fixed.indexOf('\n', numberAt);
    const std::optional<qint64> tableAt
        = numberEnd < 0 ? std::nullopt : parseOffset(fixed.mid(numberAt, numberEnd - numberAt));
    if (!tableAt || *tableAt != xref)
        return {};
    fixed.replace(numberAt, numberEnd - numberAt, QByteArray::number(*tableAt + delta));
    fixed.replace(at, end - at, replacement);
    return fixed;
}

void Exporter::paintPage(QPainter& painter, const QRectF& area, FrameScene& scene, QSize drawingSize,
    const QString& title, const QString& heading, const QStringList& caption)
{
    painter.save();
    // A page is white paper in every theme (a handout is printed); the drawing on it keeps the theme.
    // The dark theme's light ink would not read on white, so the page's text is then black.
    const bool lightPaper = theme::paper.lightnessF() > 0.5;
    const QColor ink = lightPaper ? theme::ink : QColor(Qt::black);
    const QColor faintInk = lightPaper ? theme::faintInk : QColor(Qt::darkGray);
    painter.setPen(ink);
    painter.setFont(theme::font(pdfTitleSize, true));
    QRectF titleRect;
    painter.drawText(area, Qt::TextWordWrap, title, &titleRect);
    qreal top = titleRect.bottom() + pdfGap;

    // The caption is measured first: the drawing takes the height that is left.
    const QRectF measure(area.left(), 0, area.width(), area.height());
    painter.setFont(theme::font(pdfHeadingSize, true));
    qreal captionHeight = painter.boundingRect(measure, Qt::TextWordWrap, heading).height();
    painter.setFont(theme::font(pdfTextSize));
    for (const QString& line : caption)
        captionHeight += pdfGap + painter.boundingRect(measure, Qt::TextWordWrap, line).height();

    const qreal aspect = static_cast<qreal>(drawingSize.width()) / drawingSize.height();
    // A long note still leaves the drawing a third of the page.
    const qreal available = std::max<qreal>(area.height() / 3, area.bottom() - top - captionHeight - pdfGap);
    const qreal width = std::min(area.width(), available * aspect);
    const QRectF drawing(area.left() + (area.width() - width) / 2, top, width, width / aspect);
    paintScene(scene, painter, drawing, false);
    painter.setPen(QPen(faintInk, 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(drawing);

    top = drawing.bottom() + pdfGap;
    painter.setPen(ink);
    painter.setFont(theme::font(pdfHeadingSize, true));
    QRectF box(area.left(), top, area.width(), std::max<qreal>(0, area.bottom() - top));
    painter.drawText(box, Qt::TextWordWrap, heading, &box);
    top = box.bottom();
    painter.setFont(theme::font(pdfTextSize));
    for (const QString& line : caption) {
        box = QRectF(area.left(), top + pdfGap, area.width(), std::max<qreal>(0, area.bottom() - top - pdfGap));
        painter.drawText(box, Qt::TextWordWrap, line, &box);
        top = box.bottom();
    }
    painter.restore();
}

} // namespace hw::ui
