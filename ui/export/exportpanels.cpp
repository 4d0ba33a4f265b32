// SPDX-License-Identifier: MIT
// View > Compare versions as a file: the views stacked one above the other, each under a band with its
// label (Exporter::stackedSize, paintPanels), written as one PNG, SVG or one-page PDF (exportPanels).
#include "export/exporter.h"

#include "base/theme.h"
#include "export/exporter_p.h"
#include "export/sceneexport.h"

#include <QBuffer>
#include <QGraphicsItem>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>
#include <memory>

namespace hw::ui {

using namespace exporting;

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

} // namespace hw::ui
