// SPDX-License-Identifier: MIT
#pragma once

// What the files of Exporter share (export/exporter.cpp, exportcaption.cpp, exportpdf.cpp,
// exportpanels.cpp): the scene an export draws into, the SVG encoder, the single-file writer and the
// checks of an output path, and the pieces of a reproducible PDF.

#include "export/exporter.h"

#include <QByteArray>
#include <QHashFunctions>
#include <QPainter>
#include <QPdfWriter>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>
#include <string>

namespace hw::ui::exporting {

/// PDF pages are laid out at this resolution, in device pixels.
inline constexpr int pdfDpi = 96;

/// A core string (UTF-8) as a QString.
inline QString text(const std::string& s)
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

/// An SVG drawing of size, painted by paint.
QByteArray encodeSvg(QSize size, const QString& title, const std::function<void(QPainter&)>& paint);

/// Writes a single file's bytes atomically into result: the error, or the file and its size.
void writeSingleFile(ExportResult& result, const QString& path, const QByteArray& bytes);

/// Why a single file cannot be written at path (none given, or exportfiles::targetProblem's reasons), or an
/// empty string.
QString checkOutput(const QString& path);

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

/// A PDF handout's writer: A4 landscape at pdfDpi, with the title given.
void setUpPdf(QPdfWriter& writer, const QString& title);

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
std::optional<qint64> sourceDateEpoch();

} // namespace hw::ui::exporting
