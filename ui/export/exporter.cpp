// SPDX-License-Identifier: MIT
// Exporter's one path for a timeline's frames (exportFrames: PNG and SVG files or sequences, the PDF
// handout's pages, the animated GIF and its colour table), the checks of export settings, the GIF's
// timing and the charts' export (exportWidget). The caption band is in exportcaption.cpp, the PDF
// handout's page and reproducible bytes in exportpdf.cpp, the views stacked for View > Compare
// versions in exportpanels.cpp; what they share is in exporter_p.h.
#include "export/exporter.h"

#include "base/narration.h"
#include "base/theme.h"
#include "export/exporter_p.h"
#include "export/exportfiles.h"
#include "export/gifwriter.h"
#include "export/sceneexport.h"
#include "scenario/scenario.h"
#include "scene/clusterfacts.h"
#include "timeline/timeline.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QHash>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace exporting {

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

} // namespace exporting

using namespace exporting;

namespace {

/// How many frames are drawn to choose a GIF's colours (the first, the last and some between).
constexpr int gifPaletteSamples = 5;
/// Palette entries closer than this (squared RGB distance) to one already chosen add little.
constexpr int gifPaletteSpacing = 3 * 6 * 6;
/// A GIF is encoded in memory before it is written: this much at most.
constexpr qint64 gifBytesMax = qint64(1) << 30;

QByteArray encodePng(const QImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
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
    for (std::int64_t f = timeline.firstFrame(); f < timeline.frameCount(); ++f)
        if (timeline.frame(f).label >= 0)
            frames.push_back(f);
    return frames;
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
        if (frame < timeline.firstFrame() || frame >= timeline.frameCount()) {
            // The live lab's history may have dropped its oldest frames: the range starts at the first kept.
            result.error = frame >= 0 && frame < timeline.firstFrame()
                ? tr("frame %1 was dropped to stay within the memory budget: the history keeps frames %2..%3")
                      .arg(frame)
                      .arg(timeline.firstFrame())
                      .arg(timeline.frameCount() - 1)
                : tr("frame %1 is out of range (%2..%3)")
                      .arg(frame)
                      .arg(timeline.firstFrame())
                      .arg(timeline.frameCount() - 1);
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
