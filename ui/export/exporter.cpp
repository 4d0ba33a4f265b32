// SPDX-License-Identifier: MIT
#include "export/exporter.h"

#include "base/narration.h"
#include "base/theme.h"
#include "export/exportfiles.h"
#include "export/gifwriter.h"
#include "export/sceneexport.h"
#include "scenario/scenario.h"
#include "scene/clusterfacts.h"
#include "timeline/timeline.h"

#include <QBuffer>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QHash>
#include <QHashFunctions>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QTextLayout>
#include <QWidget>

#include <algorithm>
#include <cmath>
#include <memory>

namespace hw::ui {

namespace {

/// How many frames are drawn to choose a GIF's colours (the first, the last and some between).
constexpr int gifPaletteSamples = 5;
/// Palette entries closer than this (squared RGB distance) to one already chosen add little.
constexpr int gifPaletteSpacing = 3 * 6 * 6;
/// A GIF is encoded in memory before it is written: this much at most.
constexpr qint64 gifBytesMax = qint64(1) << 30;
/// PDF pages are laid out at this resolution, in device pixels.
constexpr int pdfDpi = 96;
constexpr qreal pdfMarginMm = 12;
/// PDF text sizes, in device pixels at pdfDpi.
constexpr qreal pdfTitleSize = 18;
constexpr qreal pdfHeadingSize = 16;
constexpr qreal pdfTextSize = 13;
constexpr qreal pdfGap = 10;
/// A caption band's text sizes, as shares of the image's height (34 and 27 px at 1080), never under
/// captionTextPxMin; its padding likewise.
constexpr qreal captionHeadingShare = 1.0 / 32;
constexpr qreal captionNoteShare = 1.0 / 40;
constexpr qreal captionPaddingShare = 1.0 / 90;
constexpr qreal captionTextPxMin = 12;
/// How far back a caption looks for the note a frame is under (as the narration panel does).
constexpr std::int64_t captionNoteLookBackMax = 100000;

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

/// The scene an export draws into: one, rebuilt per frame as the GUI rebuilds its own, `size` the
/// drawing's (the image's, less a caption band).
struct Drawing {
    FrameScene scene;

    Drawing(const ExportSettings& settings, QSize size, hw::CellText cells = hw::CellText::Offsets)
    {
        scene.setViewKind(settings.view);
        scene.setFocusPartition(settings.focusPartition);
        scene.setShowHeartbeats(settings.showHeartbeats);
        scene.setCellText(cells);
        scene.setTargetAspect(static_cast<qreal>(size.width()) / size.height());
    }
    explicit Drawing(const ExportSettings& settings) : Drawing(settings, settings.size) { }
};

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

QByteArray encodePng(const QImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

/// An SVG drawing of size, painted by paint.
QByteArray encodeSvg(QSize size, const QString& title, const std::function<void(QPainter&)>& paint)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setResolution(pdfDpi);
    svg.setTitle(title);
    svg.setDescription(Exporter::tr("Drawn by HighWater"));
    QPainter painter(&svg);
    paint(painter);
    painter.end();
    return bytes;
}

QByteArray encodeSvg(FrameScene& scene, const ExportSettings& settings, const QString& title)
{
    return encodeSvg(settings.size, title, [&](QPainter& painter) {
        paintScene(scene, painter, QRectF(QPointF(0, 0), QSizeF(settings.size)), settings.transparent);
    });
}

/// The GIF's one colour table: the theme's colours first (so that no small coloured mark loses its
/// colour), then the colours the drawing uses most (antialiased edges and text), spread apart.
QList<QRgb> gifPalette(const QList<QImage>& samples)
{
    QList<QRgb> palette;
    auto add = [&palette](QRgb color, int spacing) {
        for (QRgb c : std::as_const(palette)) {
            const int dr = qRed(c) - qRed(color), dg = qGreen(c) - qGreen(color), db = qBlue(c) - qBlue(color);
            if (dr * dr + dg * dg + db * db <= spacing)
                return;
        }
        palette << (color | 0xff000000u);
    };
    const QList<QColor> themeColors
        = { theme::paper, theme::panel, theme::ink, theme::faintInk, theme::orange, theme::skyBlue, theme::bluishGreen,
              theme::yellow, theme::blue, theme::vermillion, theme::reddishPurple, theme::highWatermark };
    for (const QColor& color : themeColors)
        add(color.rgb(), 0);
    for (int epoch = 0; epoch < 6; ++epoch)
        add(theme::epochFill(epoch).rgb(), 0);

    QHash<QRgb, qint64> counts;
    for (const QImage& sample : samples) {
        const QImage argb = sample.convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < argb.height(); ++y) {
            const auto* row = reinterpret_cast<const QRgb*>(argb.constScanLine(y));
            for (int x = 0; x < argb.width(); ++x)
                ++counts[row[x]];
        }
    }
    std::vector<std::pair<qint64, QRgb>> byCount;
    byCount.reserve(static_cast<std::size_t>(counts.size()));
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        byCount.emplace_back(it.value(), it.key());
    std::sort(byCount.begin(), byCount.end(),
        [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    // Two passes: colours well apart first, then any that are left until the table is full.
    for (int spacing : { gifPaletteSpacing, 0 })
        for (const auto& [count, color] : byCount) {
            if (palette.size() >= 256)
                break;
            add(color, spacing);
        }
    return palette;
}

/// The pages of a PDF: each laid out by Exporter::paintPage.
class PdfPages {
public:
    PdfPages(QPdfWriter& writer, const ExportSettings& settings) : m_writer(writer), m_settings(settings) { }

    void page(FrameScene& scene, const QString& title, const QString& heading, const QStringList& caption)
    {
        if (!m_painter.isActive())
            m_painter.begin(&m_writer);
        else
            m_writer.newPage();
        const QRect paint = m_writer.pageLayout().paintRectPixels(pdfDpi);
        Exporter::paintPage(
            m_painter, QRectF(QPointF(0, 0), QSizeF(paint.size())), scene, m_settings.size, title, heading, caption);
    }

    void finish()
    {
        if (m_painter.isActive())
            m_painter.end();
    }

private:
    QPdfWriter& m_writer;
    const ExportSettings& m_settings;
    QPainter m_painter;
};

void setUpPdf(QPdfWriter& writer, const QString& title)
{
    writer.setResolution(pdfDpi);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("HighWater"));
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
        QMarginsF(pdfMarginMm, pdfMarginMm, pdfMarginMm, pdfMarginMm), QPageLayout::Millimeter));
}

/// QPdfWriter (Qt 6.4, src/gui/painting/qpdf.cpp) embeds the fonts in the iteration order of a
/// QHash keyed by font face (QPdfEnginePrivate::writeFonts), and so numbers their objects in that
/// order. A QHash's order follows the process's random hash seed, so the same handout came out with
/// its objects in a different order in each run. While this lives, new hashes take the fixed seed
/// (each QHash keeps the seed it was made with, so hashes made before or after are not affected).
class DeterministicHashing {
public:
    DeterministicHashing() : m_wasRandom(QHashSeed::globalSeed() != 0) { QHashSeed::setDeterministicGlobalSeed(); }
    ~DeterministicHashing()
    {
        if (m_wasRandom)
            QHashSeed::resetRandomGlobalSeed();
    }
    DeterministicHashing(const DeterministicHashing&) = delete;
    DeterministicHashing& operator=(const DeterministicHashing&) = delete;

private:
    bool m_wasRandom;
};

/// The time given by SOURCE_DATE_EPOCH (the reproducible-builds convention: whole seconds since
/// 1970, UTC, up to the end of year 9999), if it is set to one.
std::optional<qint64> sourceDateEpoch()
{
    constexpr qint64 secondsMax = 253402300799; // 9999-12-31 23:59:59 UTC
    bool ok = false;
    const qint64 seconds = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    return ok && seconds >= 0 && seconds <= secondsMax ? std::optional<qint64>(seconds) : std::nullopt;
}

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

namespace {

/// Writes a single file's bytes atomically into result: the error, or the file and its size.
void writeSingleFile(ExportResult& result, const QString& path, const QByteArray& bytes)
{
    result.error = exportfiles::writeFile(path, bytes);
    if (result.error.isEmpty()) {
        result.files << path;
        result.bytes = bytes.size();
    }
}

QString checkOutput(const QString& path)
{
    if (path.isEmpty())
        return Exporter::tr("no output path");
    return exportfiles::targetProblem(path);
}

} // namespace

QString formatName(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Gif:
        return QStringLiteral("gif");
    }
    return QString();
}

std::optional<ExportFormat> formatFromName(const QString& name)
{
    for (ExportFormat format : { ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Gif })
        if (name.compare(formatName(format), Qt::CaseInsensitive) == 0)
            return format;
    return std::nullopt;
}

std::optional<ExportFormat> formatFromPath(const QString& path)
{
    return formatFromName(QFileInfo(path).suffix());
}

QString Exporter::check(const ExportSettings& s, std::int64_t frameCount)
{
    using namespace exportlimits;
    if (s.size.width() < sideMin || s.size.width() > sideMax || s.size.height() < sideMin || s.size.height() > sideMax)
        return tr("the size must be %1 to %2 pixels a side, got %3x%4")
            .arg(sideMin)
            .arg(sideMax)
            .arg(s.size.width())
            .arg(s.size.height());
    if (s.scale < scaleMin || s.scale > scaleMax)
        return tr("the scale must be %1 to %2, got %3").arg(scaleMin).arg(scaleMax).arg(s.scale);
    if (s.scale != 1 && s.format != ExportFormat::Png)
        return tr("a scale applies to PNG images only (SVG and PDF are drawn as vectors)");
    if (static_cast<qint64>(s.size.width()) * s.scale > sideMax
        || static_cast<qint64>(s.size.height()) * s.scale > sideMax)
        return tr("the scaled image would be larger than %1 pixels a side").arg(sideMax);
    if (s.transparent && s.format != ExportFormat::Png && s.format != ExportFormat::Svg)
        return tr("a transparent background is possible in PNG and SVG only");
    if (s.caption && s.format == ExportFormat::Pdf)
        return tr("a caption band is for PNG, SVG and GIF: a PDF handout has its caption on every page");
    if (s.fps > 0 && s.speed > 0)
        return tr("choose a frame rate or a speed, not both");
    if ((s.fps > 0 || s.speed > 0) && s.format != ExportFormat::Gif)
        return tr("a frame rate or speed applies to GIF animations only");
    if (s.fps != 0 && (s.fps < fpsMin || s.fps > fpsMax))
        return tr("the frame rate must be %1 to %2 frames per second").arg(fpsMin).arg(fpsMax);
    if (s.speed != 0 && (s.speed < speedMin || s.speed > speedMax))
        return tr("the speed must be %1 to %2 times simulated time").arg(speedMin).arg(speedMax);
    if (frameCount < 1)
        return tr("there are no frames to export");
    if (frameCount > framesMax)
        return tr("%1 frames are too many to export at once (at most %2)").arg(frameCount).arg(framesMax);
    if (s.format == ExportFormat::Pdf && frameCount > pdfPagesMax)
        return tr("%1 pages are too many for one PDF (at most %2)").arg(frameCount).arg(pdfPagesMax);
    return QString();
}

QString Exporter::sequenceName(const QString& directory, std::int64_t frame, ExportFormat format)
{
    return QDir(directory).filePath(QStringLiteral("frame-%1.%2")
                                        .arg(frame, exportfiles::sequenceDigits, 10, QLatin1Char('0'))
                                        .arg(formatName(format)));
}

int Exporter::gifDelayMs(const hw::Timeline& timeline, const std::vector<std::int64_t>& frames, std::size_t index,
    const ExportSettings& settings)
{
    using namespace exportlimits;
    double ms = 1000.0 / (settings.fps > 0 ? settings.fps : fpsDefault);
    if (settings.speed > 0) {
        const double gap = index + 1 < frames.size()
            ? static_cast<double>(timeline.frame(frames[index + 1]).timeMs - timeline.frame(frames[index]).timeMs)
            : 0.0;
        ms = std::abs(gap) / settings.speed;
    }
    ms = std::clamp(ms, static_cast<double>(gifDelayMinMs), static_cast<double>(gifDelayMaxMs));
    if (timeline.frame(frames[index]).label >= 0 || index + 1 == frames.size())
        ms = std::max(ms, static_cast<double>(gifHoldMs));
    return static_cast<int>(std::lround(ms));
}

std::vector<std::int64_t> Exporter::checkpointFrames(const hw::Timeline& timeline)
{
    std::vector<std::int64_t> frames;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f)
        if (timeline.frame(f).label >= 0)
            frames.push_back(f);
    return frames;
}

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
    for (std::int64_t f = frame; f >= 0 && frame - f < captionNoteLookBackMax; --f) {
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

ExportResult Exporter::exportFrames(const hw::Timeline& timeline, const hw::Scenario& scenario,
    const std::vector<std::int64_t>& frames, const ExportSettings& settings, const QString& path,
    const ExportProgress& progress)
{
    ExportResult result;
    const auto total = static_cast<std::int64_t>(frames.size());
    result.error = check(settings, total);
    if (!result.error.isEmpty())
        return result;
    for (std::int64_t frame : frames)
        if (frame < 0 || frame >= timeline.frameCount()) {
            result.error = tr("frame %1 is out of range (0..%2)").arg(frame).arg(timeline.frameCount() - 1);
            return result;
        }
    const bool sequence = total > 1 && (settings.format == ExportFormat::Png || settings.format == ExportFormat::Svg);
    if (!sequence) {
        result.error = checkOutput(path);
        if (!result.error.isEmpty())
            return result;
    }

    const QString title = text(scenario.title.get(settings.language));
    // The caption band is as tall as the tallest caption of the frames needs, so that every frame of
    // a sequence or a GIF has its drawing at one size.
    const bool captioned = settings.caption && settings.format != ExportFormat::Pdf;
    std::vector<ExportCaption> captions;
    qreal band = 0;
    if (captioned) {
        for (std::int64_t frame : frames) {
            captions.push_back(captionFor(timeline, frame, settings.language));
            band = std::max(band, captionBandHeight(captions.back(), settings.size));
        }
    }
    const QSize drawingSize(settings.size.width(), settings.size.height() - static_cast<int>(band));
    Drawing drawing(
        settings, drawingSize, settings.cells.value_or(scenario.display.cells.value_or(hw::CellText::Offsets)));
    // The drawing (and its caption) of frames[i], shown by show(i), as an image.
    auto render = [&](std::size_t i, int scale, bool transparent) {
        if (!captioned)
            return renderSceneImage(drawing.scene, settings.size, scale, transparent);
        QImage image(settings.size * scale, QImage::Format_ARGB32_Premultiplied);
        image.fill(transparent ? Qt::transparent : Qt::white);
        QPainter painter(&image);
        painter.scale(scale, scale);
        paintScene(drawing.scene, painter, QRectF(QPointF(0, 0), QSizeF(drawingSize)), transparent);
        paintCaption(painter, settings.size, band, captions[i], transparent);
        painter.end();
        return image;
    };
    const bool vector = settings.format == ExportFormat::Svg || settings.format == ExportFormat::Pdf;
    // Frames are visited in the order given; Timeline::stateAt rebuilds each from the nearest snapshot.
    auto show = [&](std::size_t i) {
        const std::int64_t frame = frames[i];
        const hw::ClusterState state = timeline.stateAt(frame);
        const double displayMs = settings.displayTimeMs && total == 1
            ? *settings.displayTimeMs
            : static_cast<double>(timeline.frame(frame).timeMs);
        drawing.scene.setFrame(state, displayMs);
        if (vector) {
            // Items cache their drawing as pixmaps for the screen; an SVG or PDF gets them as vectors.
            for (QGraphicsItem* item : drawing.scene.items())
                item->setCacheMode(QGraphicsItem::NoCache);
        }
        return state;
    };
    auto step = [&](std::size_t i) {
        if (progress && !progress(static_cast<std::int64_t>(i) + 1, total)) {
            result.cancelled = true;
            return false;
        }
        return true;
    };

    exportfiles::Sequence files;
    if (sequence && exportfiles::isStandardOutput(path)) {
        result.error = tr("%1 frames go into a directory, one file each, not to standard output: give a directory, "
                          "or export one GIF or PDF")
                           .arg(total);
        return result;
    }
    if (sequence && !QFileInfo(path).isDir() && formatFromPath(path) == settings.format) {
        result.error = tr("%1 frames go into a directory, one file each: %2 names a file").arg(total).arg(path);
        return result;
    }
    if (sequence) {
        result.error = files.begin(path);
        if (!result.error.isEmpty())
            return result;
    }

    switch (settings.format) {
    case ExportFormat::Png:
    case ExportFormat::Svg: {
        for (std::size_t i = 0; i < frames.size(); ++i) {
            show(i);
            QByteArray bytes;
            if (settings.format == ExportFormat::Png)
                bytes = encodePng(render(i, settings.scale, settings.transparent));
            else if (!captioned)
                bytes = encodeSvg(drawing.scene, settings, title);
            else
                bytes = encodeSvg(settings.size, title, [&](QPainter& painter) {
                    paintScene(drawing.scene, painter, QRectF(QPointF(0, 0), QSizeF(drawingSize)),
                        settings.transparent);
                    paintCaption(painter, settings.size, band, captions[i], settings.transparent);
                });
            if (!step(i))
                return result;
            result.error = sequence ? files.add(sequenceName(path, frames[i], settings.format), bytes)
                                    : exportfiles::writeFile(path, bytes);
            if (!result.error.isEmpty())
                return result;
            result.bytes += bytes.size();
        }
        if (sequence)
            result.error = files.commit();
        if (result.error.isEmpty())
            result.files = sequence ? files.files() : QStringList { path };
        break;
    }
    case ExportFormat::Pdf: {
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        {
            const DeterministicHashing sameOrder;
            QPdfWriter writer(&buffer);
            // A printed page has no window title around it: the handout names the Kafka release whose
            // rules the run follows (fixed for the run) on every page and in the document's title.
            //: A PDF handout's title: the scenario's title, then the Kafka version its cluster runs.
            const QString handoutTitle
                = tr("%1 \u2014 Kafka %2")
                      .arg(title.isEmpty() ? text(scenario.name) : title, kafkaVersionText(timeline.head()));
            setUpPdf(writer, handoutTitle);
            PdfPages pages(writer, settings);
            for (std::size_t i = 0; i < frames.size(); ++i) {
                const hw::ClusterState state = show(i);
                const hw::FrameInfo& info = timeline.frame(frames[i]);
                QString heading = info.label >= 0
                    ? tr("Checkpoint %1").arg(text(timeline.labels()[static_cast<std::size_t>(info.label)]))
                    : tr("Frame %1").arg(frames[i]);
                //: Under a drawing in a PDF handout: the frame number and its simulated time.
                heading += tr(" (frame %1, %2 ms)").arg(frames[i]).arg(info.timeMs);
                QStringList caption;
                if (info.note >= 0)
                    caption << text(timeline.notes()[static_cast<std::size_t>(info.note)].get(settings.language));
                caption << Narration::sentence(info.event, state);
                pages.page(drawing.scene, handoutTitle, heading, caption);
                if (!step(i))
                    return result;
            }
            pages.finish();
        }
        // The same export gives the same bytes: Qt writes the time of writing as the creation date.
        if (QByteArray fixed = fixPdfCreationDate(bytes, sourceDateEpoch()); !fixed.isEmpty())
            bytes = fixed;
        writeSingleFile(result, path, bytes);
        break;
    }
    case ExportFormat::Gif: {
        QList<QImage> samples;
        const int sampleCount = static_cast<int>(std::min<std::int64_t>(total, gifPaletteSamples));
        for (int s = 0; s < sampleCount; ++s) {
            const std::size_t i = sampleCount == 1 ? 0 : static_cast<std::size_t>(s * (total - 1) / (sampleCount - 1));
            show(i);
            samples << render(i, 1, false);
        }
        const QList<QRgb> palette = gifPalette(samples);
        samples.clear();
        GifWriter gif;
        if (!gif.begin(settings.size, palette)) {
            result.error = tr("cannot encode the GIF: %1").arg(gif.errorString());
            return result;
        }
        for (std::size_t i = 0; i < frames.size(); ++i) {
            show(i);
            const QImage indexed = GifWriter::quantize(render(i, 1, false), palette);
            const int delayCs = (gifDelayMs(timeline, frames, i, settings) + 5) / 10;
            if (!gif.addFrame(indexed, delayCs)) {
                result.error = tr("cannot encode the GIF: %1").arg(gif.errorString());
                return result;
            }
            if (gif.data().size() > gifBytesMax) {
                result.error
                    = tr("the GIF would be larger than %1 MiB; export fewer or smaller frames").arg(gifBytesMax >> 20);
                return result;
            }
            if (!step(i))
                return result;
        }
        if (!gif.finish()) {
            result.error = tr("cannot encode the GIF: %1").arg(gif.errorString());
            return result;
        }
        writeSingleFile(result, path, gif.data());
        break;
    }
    }
    return result;
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

QSize Exporter::stackedSize(const std::vector<ExportPanel>& panels)
{
    QSize size(0, 0);
    for (const ExportPanel& panel : panels) {
        size.setWidth(std::max(size.width(), panel.size.width()));
        size.setHeight(size.height() + panelBandHeight + panel.size.height());
    }
    return size;
}

void Exporter::paintPanels(QPainter& painter, QPointF origin, const std::vector<ExportPanel>& panels,
    const std::vector<FrameScene*>& scenes, bool transparent)
{
    const qreal width = stackedSize(panels).width();
    qreal top = origin.y();
    for (std::size_t i = 0; i < panels.size() && i < scenes.size(); ++i) {
        const ExportPanel& panel = panels[i];
        const QRectF band(origin.x(), top, width, panelBandHeight);
        painter.save();
        if (!transparent)
            painter.fillRect(band, theme::panel);
        painter.setPen(theme::ink);
        const QFont labelFont = theme::font(panelBandHeight * 0.6, true);
        painter.setFont(labelFont);
        QRectF labelBox;
        painter.drawText(band.adjusted(16, 0, -16, 0), Qt::AlignLeft | Qt::AlignVCenter, panel.label, &labelBox);
        painter.setFont(theme::font(panelBandHeight * 0.34));
        painter.setPen(theme::faintInk);
        painter.drawText(QRectF(labelBox.right() + 24, band.top(), std::max<qreal>(0, band.right() - labelBox.right() - 40),
                             band.height()),
            Qt::AlignLeft | Qt::AlignVCenter, panel.caption);
        painter.restore();
        top += panelBandHeight;
        // A narrower drawing is centred under its band.
        const QRectF drawing(
            origin.x() + (width - panel.size.width()) / 2, top, panel.size.width(), panel.size.height());
        paintScene(*scenes[i], painter, drawing, transparent);
        top += panel.size.height();
    }
}

ExportResult Exporter::exportPanels(
    const std::vector<ExportPanel>& panels, const ExportSettings& settings, const QString& path)
{
    ExportResult result;
    ExportSettings s = settings;
    s.size = stackedSize(panels);
    result.error = check(s, panels.empty() ? 0 : 1);
    if (result.error.isEmpty() && s.format == ExportFormat::Gif)
        result.error = tr("views side by side can be exported as PNG, SVG or PDF");
    for (const ExportPanel& panel : panels) {
        if (result.error.isEmpty() && (!panel.state || panel.size.width() < exportlimits::sideMin
                                          || panel.size.height() < exportlimits::sideMin))
            result.error = tr("a view to export has no frame or is smaller than %1 pixels a side")
                               .arg(exportlimits::sideMin);
    }
    if (result.error.isEmpty())
        result.error = checkOutput(path);
    if (!result.error.isEmpty())
        return result;

    // Each panel is drawn into its own scene, as the export of one view is: the window's scenes
    // keep their pixmap caches and their selection.
    std::vector<std::unique_ptr<Drawing>> drawings;
    std::vector<FrameScene*> scenes;
    const bool vector = s.format == ExportFormat::Svg || s.format == ExportFormat::Pdf;
    for (const ExportPanel& panel : panels) {
        ExportSettings own = s;
        own.size = panel.size;
        auto drawing = std::make_unique<Drawing>(own);
        // As the compare window draws them: without the legend, which both would repeat.
        drawing->scene.setLegendShown(false);
        drawing->scene.setDifferenceMarks(panel.marks);
        drawing->scene.setFrame(*panel.state, panel.displayTimeMs);
        if (vector) {
            for (QGraphicsItem* item : drawing->scene.items())
                item->setCacheMode(QGraphicsItem::NoCache);
        }
        scenes.push_back(&drawing->scene);
        drawings.push_back(std::move(drawing));
    }
    QStringList labels;
    for (const ExportPanel& panel : panels)
        labels << panel.label;
    const QString title = labels.join(QStringLiteral(" / "));

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    switch (s.format) {
    case ExportFormat::Png: {
        QImage image(s.size * s.scale, QImage::Format_ARGB32_Premultiplied);
        image.fill(s.transparent ? Qt::transparent : Qt::white);
        QPainter painter(&image);
        painter.scale(s.scale, s.scale);
        paintPanels(painter, QPointF(0, 0), panels, scenes, s.transparent);
        painter.end();
        image.save(&buffer, "PNG");
        break;
    }
    case ExportFormat::Svg:
        bytes = encodeSvg(s.size, title,
            [&](QPainter& painter) { paintPanels(painter, QPointF(0, 0), panels, scenes, s.transparent); });
        break;
    case ExportFormat::Pdf: {
        const DeterministicHashing sameOrder;
        QPdfWriter writer(&buffer);
        writer.setResolution(pdfDpi);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("HighWater"));
        // One page of the stacked size (points are 1/72 inch; the drawing is measured at pdfDpi).
        const QSizeF points = QSizeF(s.size) * 72.0 / pdfDpi;
        writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point), QPageLayout::Portrait, QMarginsF()));
        QPainter painter(&writer);
        paintPanels(painter, QPointF(0, 0), panels, scenes, false);
        painter.end();
        break;
    }
    case ExportFormat::Gif:
        break;
    }
    buffer.close();
    if (s.format == ExportFormat::Pdf) {
        if (QByteArray fixed = fixPdfCreationDate(bytes, sourceDateEpoch()); !fixed.isEmpty())
            bytes = fixed;
    }
    writeSingleFile(result, path, bytes);
    return result;
}

ExportResult Exporter::exportWidget(QWidget& widget, const ExportSettings& settings, const QString& path)
{
    ExportResult result;
    ExportSettings s = settings;
    s.size = widget.size().expandedTo(QSize(exportlimits::sideMin, exportlimits::sideMin));
    result.error = check(s, 1);
    if (result.error.isEmpty() && settings.format == ExportFormat::Gif)
        result.error = tr("the charts can be exported as PNG, SVG or PDF");
    if (result.error.isEmpty())
        result.error = checkOutput(path);
    if (!result.error.isEmpty())
        return result;

    const QWidget::RenderFlags flags = s.transparent ? QWidget::RenderFlags(QWidget::DrawChildren)
                                                     : QWidget::DrawWindowBackground | QWidget::DrawChildren;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (s.format == ExportFormat::Png) {
        QImage image(widget.size() * s.scale, QImage::Format_ARGB32_Premultiplied);
        image.fill(s.transparent ? Qt::transparent : Qt::white);
        QPainter painter(&image);
        painter.scale(s.scale, s.scale);
        widget.render(&painter, QPoint(), QRegion(), flags);
        painter.end();
        image.save(&buffer, "PNG");
    } else if (s.format == ExportFormat::Svg) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(widget.size());
        svg.setViewBox(widget.rect());
        svg.setResolution(pdfDpi);
        QPainter painter(&svg);
        widget.render(&painter, QPoint(), QRegion(), flags);
    } else {
        QPdfWriter writer(&buffer);
        writer.setResolution(pdfDpi);
        writer.setCreator(QStringLiteral("HighWater"));
        // One page the widget's size (points are 1/72 inch; the widget is measured at pdfDpi).
        const QSizeF points = QSizeF(widget.size()) * 72.0 / pdfDpi;
        writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point), QPageLayout::Portrait, QMarginsF()));
        QPainter painter(&writer);
        widget.render(&painter, QPoint(), QRegion(), flags);
    }
    buffer.close();
    writeSingleFile(result, path, bytes);
    return result;
}

} // namespace hw::ui
