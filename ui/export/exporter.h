// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/display.h"
#include "scene/framescene.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

class QPainter;
class QRectF;
class QWidget;

namespace hw {
class Timeline;
struct Scenario;
} // namespace hw

namespace hw::ui {

/// The one export path of the app: `highwater-cli export`, File > Export Image and File > Export
/// Animation all go through exportFrames (or exportWidget for the charts), so a frame is encoded the
/// same way wherever it is exported from.
///
/// What each format writes:
/// - png, svg: one frame to PATH; several frames into the directory PATH (made when missing), one file
///   per frame named `frame-NNNNNN.png` / `.svg` after the frame's number in the timeline (sequenceName).
/// - pdf: one file, one A4 landscape page per frame: the drawing, and under it the frame's checkpoint
///   label, the scenario's note for that checkpoint and the narration of the frame's event (a handout).
/// - gif: one animated GIF of the frames, looping (timing: gifDelayMs).
///
/// Files appear whole or not at all: single files through hw::writeFileAtomically; a sequence is
/// written into a hidden staging directory next to its files and renamed into place only when every
/// frame is done, so a cancel or a failure half-way leaves the directory as it was. Only regular files
/// are replaced: a target that is a device, a named pipe, a socket or a directory (or a link to one)
/// is refused before anything is drawn (exportfiles.h). The path "-" is standard output, for a single
/// file.
enum class ExportFormat : std::uint8_t { Png, Svg, Pdf, Gif };

namespace exportlimits {
/// Pixels per side of an exported drawing (8K is the largest a README or slide needs).
inline constexpr int sideMin = 64;
inline constexpr int sideMax = 8192;
/// PNG scale factors (the drawing is drawn at size x scale pixels).
inline constexpr int scaleMin = 1;
inline constexpr int scaleMax = 4;
/// Frames in one export (a GIF of 2,000 frames at 2 per second is a 17-minute animation).
inline constexpr std::int64_t framesMax = 20000;
/// Pages of one PDF (a handout, built in memory before it is written).
inline constexpr std::int64_t pdfPagesMax = 500;
/// No GIF frame is shown shorter (browsers slow down faster frames anyway) or longer than this.
inline constexpr int gifDelayMinMs = 100;
inline constexpr int gifDelayMaxMs = 5000;
/// GIF timing: frames per second (the rates whose frames last gifDelayMinMs..gifDelayMaxMs, so a rate
/// in range is the rate the GIF plays at, to the hundredth of a second a GIF counts delays in), and
/// simulated time x speed (each gap is then kept within gifDelayMinMs..gifDelayMaxMs).
inline constexpr double fpsMin = 1000.0 / gifDelayMaxMs;
inline constexpr double fpsMax = 1000.0 / gifDelayMinMs;
inline constexpr double speedMin = 0.001;
inline constexpr double speedMax = 1000;
/// A checkpoint's frame and the last frame stay at least this long, so a class can read them.
inline constexpr int gifHoldMs = 2000;
/// The GIF timing when none is chosen: two frames per second reads well when each frame is one event.
inline constexpr double fpsDefault = 2;
} // namespace exportlimits

QString formatName(ExportFormat format);
/// "png", "svg", "pdf", "gif" (any case).
std::optional<ExportFormat> formatFromName(const QString& name);
/// The format named by a path's extension, if it names one.
std::optional<ExportFormat> formatFromPath(const QString& path);

struct ExportSettings {
    ExportFormat format = ExportFormat::Png;
    /// The drawing's size in pixels (PNG: before scaling; PDF: only its proportions count).
    QSize size { 1920, 1080 };
    int scale = 1; // PNG only
    bool transparent = false; // PNG and SVG only
    FrameScene::ViewKind view = FrameScene::ViewKind::Partition;
    std::int32_t focusPartition = 0;
    bool showHeartbeats = false;
    /// GIF timing: a fixed rate (fps > 0), or simulated time x speed (speed > 0); neither: fpsDefault.
    double fps = 0;
    double speed = 0;
    /// The language of the scenario's own texts (notes, title) in a PDF: "en", "zh_TW", "zh_CN".
    std::string language = "en";
    /// For a single frame: the simulated time to place messages at (the GUI may be between frames).
    std::optional<double> displayTimeMs;
    /// What the log cells say; unset: what the scenario asks for (its "display"), else offsets.
    std::optional<hw::CellText> cells;
    /// PNG, SVG and GIF: a caption band under the drawing with the frame's checkpoint label (or its
    /// number), its time, the Kafka version and the scenario's note, the note in `language` (a PDF
    /// handout has its own caption on every page). The image keeps its size; the drawing gets what
    /// the band leaves.
    bool caption = false;
};

/// The caption band of an exported frame (ExportSettings::caption).
struct ExportCaption {
    QString heading; // "Checkpoint 3 · frame 41 · 1085 ms · Kafka 4.2"
    QString note; // the scenario's latest note at or before the frame, or empty
    friend bool operator==(const ExportCaption&, const ExportCaption&) = default;
};

struct ExportResult {
    QString error; // empty on success
    bool cancelled = false;
    QStringList files; // written, in order
    qint64 bytes = 0;
    bool ok() const { return error.isEmpty() && !cancelled; }
};

/// One view of View > Compare versions as it is exported: a band with its label over its drawing.
struct ExportPanel {
    QString label; // "Kafka 3.7", large
    QString caption; // beside it: the frame, the time, the checkpoint
    const hw::ClusterState* state = nullptr; // the frame drawn (the caller keeps it)
    double displayTimeMs = 0;
    QList<DifferenceMark> marks; // the differences outlined on it
    QSize size; // the drawing's size in pixels, without the band (the view's)
};

/// Called after each frame with how many are done; returning false cancels (nothing is written).
using ExportProgress = std::function<bool(std::int64_t done, std::int64_t total)>;

class Exporter {
    Q_DECLARE_TR_FUNCTIONS(Exporter)

public:
    /// Why these settings cannot export frameCount frames, or an empty string.
    static QString check(const ExportSettings& settings, std::int64_t frameCount);

    /// The file a frame of a sequence goes to.
    static QString sequenceName(const QString& directory, std::int64_t frame, ExportFormat format);

    /// How long a GIF shows frames[index]: see exportlimits for the rules.
    static int gifDelayMs(const hw::Timeline& timeline, const std::vector<std::int64_t>& frames, std::size_t index,
        const ExportSettings& settings);

    /// The frames with a checkpoint label, in order.
    static std::vector<std::int64_t> checkpointFrames(const hw::Timeline& timeline);

    /// The caption of a frame in the current UI language, its note in `language`.
    static ExportCaption captionFor(const hw::Timeline& timeline, std::int64_t frame, const std::string& language);
    /// The height a caption band needs in an image of `size` (its text sizes follow the image's
    /// height), at most captionShareMax of the height.
    static qreal captionBandHeight(const ExportCaption& caption, QSize size);
    /// Paints a caption band over the bottom `bandHeight` pixels of an image of `image` size (the note
    /// cut with "…" where the band ends).
    static void paintCaption(
        QPainter& painter, QSize image, qreal bandHeight, const ExportCaption& caption, bool transparent);
    /// The share of an image's height a caption band takes at most.
    static constexpr qreal captionShareMax = 0.4;

    /// Draws frames of a timeline (in the order given) and writes them to path. scenario names the
    /// run in a PDF's page headings.
    static ExportResult exportFrames(const hw::Timeline& timeline, const hw::Scenario& scenario,
        const std::vector<std::int64_t>& frames, const ExportSettings& settings, const QString& path,
        const ExportProgress& progress = {});

    /// Lays out one page of a PDF handout in area: the title, the drawing of the scene (drawingSize's
    /// proportions, as large as the caption leaves room for), then the heading and caption lines.
    static void paintPage(QPainter& painter, const QRectF& area, FrameScene& scene, QSize drawingSize,
        const QString& title, const QString& heading, const QStringList& caption);

    /// Qt 6.4's QPdfWriter writes the time of writing as the document's /CreationDate and has no way
    /// to set it, so two runs of the same export differ. Returns pdf with that entry set to
    /// sourceDateEpoch (seconds since 1970, UTC; the SOURCE_DATE_EPOCH convention) or left out (it is
    /// optional), and the cross-reference offsets after it moved by the change in length; an empty
    /// array if pdf is not laid out as QPdfWriter lays it out.
    static QByteArray fixPdfCreationDate(const QByteArray& pdf, std::optional<qint64> sourceDateEpoch);

    /// The height of the band with a panel's label, in pixels: its text reads from the back of a room
    /// when the image fills a 1280x720 projector.
    static constexpr int panelBandHeight = 64;
    /// The size of panels stacked one above the other: as wide as the widest, each drawing under its band.
    static QSize stackedSize(const std::vector<ExportPanel>& panels);
    /// Writes panels stacked one above the other (each labelled, drawn with its marks, in the view,
    /// partition and heartbeats of settings; settings.size is the stacked size) as one PNG, SVG or
    /// PDF (one page of that size), atomically as exportFrames writes single files.
    static ExportResult exportPanels(
        const std::vector<ExportPanel>& panels, const ExportSettings& settings, const QString& path);
    /// Paints stacked panels at origin; scenes[i] is panels[i]'s drawing, built.
    static void paintPanels(QPainter& painter, QPointF origin, const std::vector<ExportPanel>& panels,
        const std::vector<FrameScene*>& scenes, bool transparent);

    /// Writes a widget (the charts) as png (at scale), svg or pdf (one page of the widget's size).
    static ExportResult exportWidget(QWidget& widget, const ExportSettings& settings, const QString& path);
};

} // namespace hw::ui
