// SPDX-License-Identifier: MIT
// The export core (ui/exporter.*) and its dialogs: GIFs decode with giflib to the frames, sizes and
// delays asked for; SVGs parse; PDFs have a page per frame; sequences, cancels and failures leave
// either every file or none.

#include "base/theme.h"
#include "control/simcontroller.h"
#include "export/exportdialog.h"
#include "export/exporter.h"
#include "export/gifwriter.h"
#include "scene/framescene.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPdfWriter>
#include <QProgressDialog>
#include <QRadioButton>
#include <QSpinBox>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTimer>
#include <QXmlStreamReader>

#include <gif_lib.h>

#include <gtest/gtest.h>

#include <cstring>
#include <memory>

namespace {

using hw::ui::Exporter;
using hw::ui::ExportFormat;
using hw::ui::ExportResult;
using hw::ui::ExportSettings;

const std::string walkthrough = "builtin:leo-hw-walkthrough";

/// A GIF decoded by giflib: the screen, each image and its graphics control block.
struct DecodedGif {
    int width = 0;
    int height = 0;
    int frames = 0;
    std::vector<int> delaysCs;
    bool loops = false;
    bool ok = false;
};

DecodedGif decodeGif(const QByteArray& bytes)
{
    struct Reader {
        const QByteArray* bytes;
        qsizetype at = 0;
    } reader { &bytes };
    auto read = [](GifFileType* gif, GifByteType* out, int length) -> int {
        auto* r = static_cast<Reader*>(gif->UserData);
        const int n = static_cast<int>(std::min<qsizetype>(length, r->bytes->size() - r->at));
        std::memcpy(out, r->bytes->constData() + r->at, static_cast<std::size_t>(n));
        r->at += n;
        return n;
    };
    DecodedGif decoded;
    int error = 0;
    GifFileType* gif = DGifOpen(&reader, read, &error);
    if (!gif)
        return decoded;
    if (DGifSlurp(gif) == GIF_OK) {
        decoded.ok = true;
        decoded.width = gif->SWidth;
        decoded.height = gif->SHeight;
        decoded.frames = gif->ImageCount;
        for (int i = 0; i < gif->ImageCount; ++i) {
            GraphicsControlBlock control;
            decoded.delaysCs.push_back(DGifSavedExtensionToGCB(gif, i, &control) == GIF_OK ? control.DelayTime : -1);
        }
        // giflib files the extensions before an image with that image.
        if (gif->ImageCount > 0)
            for (int i = 0; i < gif->SavedImages[0].ExtensionBlockCount; ++i) {
                const ExtensionBlock& block = gif->SavedImages[0].ExtensionBlocks[i];
                if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11
                    && std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0)
                    decoded.loops = true;
            }
    }
    DGifCloseFile(gif, &error);
    return decoded;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

int pdfPages(const QByteArray& pdf)
{
    // Page objects are "/Type /Page"; the page tree is "/Type /Pages".
    return static_cast<int>(
        pdf.count("/Type /Page\n") + pdf.count("/Type /Page ") + pdf.count("/Type /Page/") + pdf.count("/Type /Page>"));
}

struct Walkthrough {
    hw::Scenario scenario = std::get<hw::Scenario>(hw::loadScenario(walkthrough));
    hw::Timeline timeline = hw::uitest::play(walkthrough);
};

Walkthrough& run()
{
    static Walkthrough w;
    return w;
}

std::vector<std::int64_t> range(std::int64_t from, std::int64_t to)
{
    std::vector<std::int64_t> frames;
    for (std::int64_t f = from; f <= to; ++f)
        frames.push_back(f);
    return frames;
}

ExportSettings settingsFor(ExportFormat format, QSize size = QSize(640, 360))
{
    ExportSettings s;
    s.format = format;
    s.size = size;
    return s;
}

TEST(GifWriter, WritesALoopingAnimationThatGiflibReadsBack)
{
    const QList<QRgb> palette = { qRgb(255, 255, 255), qRgb(0, 0, 0), qRgb(0xD5, 0x5E, 0x00) };
    QImage frame(40, 30, QImage::Format_Indexed8);
    frame.setColorTable(palette);
    frame.fill(0);
    hw::ui::GifWriter gif;
    ASSERT_TRUE(gif.begin(frame.size(), palette)) << gif.errorString().toStdString();
    ASSERT_TRUE(gif.addFrame(frame, 50));
    frame.setPixel(10, 10, 2); // only this pixel changes: the frame is stored as a 1x1 rectangle
    ASSERT_TRUE(gif.addFrame(frame, 120));
    ASSERT_TRUE(gif.addFrame(frame, 7)); // unchanged
    ASSERT_TRUE(gif.finish()) << gif.errorString().toStdString();
    EXPECT_EQ(gif.frameCount(), 3);

    const DecodedGif decoded = decodeGif(gif.data());
    ASSERT_TRUE(decoded.ok);
    EXPECT_EQ(decoded.width, 40);
    EXPECT_EQ(decoded.height, 30);
    EXPECT_EQ(decoded.frames, 3);
    EXPECT_EQ(decoded.delaysCs, (std::vector<int> { 50, 120, 7 }));
    EXPECT_TRUE(decoded.loops);
    // Qt's own GIF reader composes the frames: the changed pixel keeps the third colour.
    QImageReader reader;
    QBuffer buffer;
    buffer.setData(gif.data());
    reader.setDevice(&buffer);
    ASSERT_EQ(reader.imageCount(), 3);
    EXPECT_EQ(reader.read().pixel(10, 10), palette[0]);
    EXPECT_EQ(reader.read().pixel(10, 10), palette[2]);
    EXPECT_EQ(reader.read().pixel(10, 10), palette[2]);
}

TEST(GifWriter, RefusesFramesThatDoNotFit)
{
    hw::ui::GifWriter gif;
    EXPECT_FALSE(gif.addFrame(QImage(), 10)); // not started
    EXPECT_FALSE(gif.begin(QSize(10, 10), { qRgb(0, 0, 0) })); // one colour is not a table
    ASSERT_TRUE(gif.begin(QSize(10, 10), { qRgb(0, 0, 0), qRgb(255, 255, 255) }));
    QImage wrong(12, 10, QImage::Format_Indexed8);
    wrong.setColorTable({ qRgb(0, 0, 0), qRgb(255, 255, 255) });
    EXPECT_FALSE(gif.addFrame(wrong, 10));
    EXPECT_FALSE(gif.errorString().isEmpty());
}

TEST(Exporter, GifOfAFrameRangeHasOneImagePerFrameAndHoldsCheckpoints)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("range.gif"));
    const std::vector<std::int64_t> frames = range(23, 34); // checkpoint 1 is frame 28, 2 is frame 31
    ExportSettings s = settingsFor(ExportFormat::Gif);
    s.fps = 4;
    const ExportResult result = Exporter::exportFrames(run().timeline, run().scenario, frames, s, path);
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    EXPECT_EQ(result.files, QStringList { path });
    const QByteArray bytes = readAll(path);
    EXPECT_EQ(result.bytes, bytes.size());
    const DecodedGif decoded = decodeGif(bytes);
    ASSERT_TRUE(decoded.ok);
    EXPECT_EQ(decoded.frames, 12);
    EXPECT_EQ(decoded.width, 640);
    EXPECT_EQ(decoded.height, 360);
    ASSERT_EQ(decoded.delaysCs.size(), 12u);
    EXPECT_EQ(decoded.delaysCs[0], 25); // 4 frames per second
    EXPECT_EQ(decoded.delaysCs[28 - 23], hw::ui::exportlimits::gifHoldMs / 10); // a checkpoint
    EXPECT_EQ(decoded.delaysCs[31 - 23], hw::ui::exportlimits::gifHoldMs / 10);
    EXPECT_EQ(decoded.delaysCs.back(), hw::ui::exportlimits::gifHoldMs / 10); // the last frame

    // Each image, as a viewer composes it from the changed rectangles, is the drawing of its frame:
    // it agrees with the PNG of that frame on nearly every pixel (the GIF has at most 256 colours).
    QBuffer buffer;
    buffer.setData(bytes);
    QImageReader reader(&buffer, "GIF");
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const QImage gifFrame = reader.read().convertToFormat(QImage::Format_RGB32);
        if (i != 0 && i != 5 && i + 1 != frames.size())
            continue;
        const QString png = dir.filePath(QStringLiteral("%1.png").arg(frames[i]));
        ASSERT_TRUE(
            Exporter::exportFrames(run().timeline, run().scenario, { frames[i] }, settingsFor(ExportFormat::Png), png)
                .ok());
        const QImage pngFrame = QImage(png).convertToFormat(QImage::Format_RGB32);
        ASSERT_EQ(gifFrame.size(), pngFrame.size());
        int close = 0;
        for (int y = 0; y < pngFrame.height(); ++y)
            for (int x = 0; x < pngFrame.width(); ++x) {
                const QRgb a = gifFrame.pixel(x, y), b = pngFrame.pixel(x, y);
                if (std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b)) <= 24)
                    ++close;
            }
        EXPECT_GT(close, pngFrame.width() * pngFrame.height() * 99 / 100) << "frame " << frames[i];
    }
}

TEST(Exporter, GifTimingFollowsFpsOrSimulatedTimeWithinTheLimits)
{
    using namespace hw::ui::exportlimits;
    const hw::Timeline& timeline = run().timeline;
    const std::vector<std::int64_t> frames = range(0, 10);
    ExportSettings s = settingsFor(ExportFormat::Gif);
    EXPECT_EQ(Exporter::gifDelayMs(timeline, frames, 0, s), static_cast<int>(1000 / fpsDefault));
    // The range of rates is the range of frame lengths: no rate in range is played at another rate.
    s.fps = fpsMax;
    EXPECT_EQ(Exporter::gifDelayMs(timeline, frames, 1, s), gifDelayMinMs);
    s.fps = fpsMin;
    EXPECT_EQ(Exporter::gifDelayMs(timeline, frames, 1, s), gifDelayMaxMs);
    s.fps = 3;
    EXPECT_EQ(Exporter::gifDelayMs(timeline, frames, 1, s), 333);
    s.fps = 0;
    s.speed = 0.01;
    for (std::size_t i = 0; i + 1 < frames.size(); ++i) {
        const double gap = static_cast<double>(timeline.frame(frames[i + 1]).timeMs - timeline.frame(frames[i]).timeMs);
        const int expected = static_cast<int>(std::clamp(gap / 0.01, double(gifDelayMinMs), double(gifDelayMaxMs)));
        EXPECT_EQ(Exporter::gifDelayMs(timeline, frames, i, s), expected) << "frame " << frames[i];
    }
    EXPECT_EQ(Exporter::gifDelayMs(timeline, frames, frames.size() - 1, s), gifHoldMs);
}

TEST(Exporter, SequencesOfPngAndSvgGoIntoADirectoryNamedByFrame)
{
    QTemporaryDir dir;
    const QString pngs = dir.filePath(QStringLiteral("pngs"));
    ExportSettings s = settingsFor(ExportFormat::Png, QSize(320, 200));
    s.scale = 2;
    ExportResult result = Exporter::exportFrames(run().timeline, run().scenario, range(3, 5), s, pngs);
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    EXPECT_EQ(QDir(pngs).entryList(QDir::Files | QDir::Hidden | QDir::AllDirs | QDir::NoDotAndDotDot),
        (QStringList { QStringLiteral("frame-000003.png"), QStringLiteral("frame-000004.png"),
            QStringLiteral("frame-000005.png") }));
    EXPECT_EQ(result.files.size(), 3);
    for (const QString& file : result.files)
        EXPECT_EQ(QImage(file).size(), QSize(640, 400)) << file.toStdString();

    const QString svgs = dir.filePath(QStringLiteral("svgs"));
    result = Exporter::exportFrames(run().timeline, run().scenario, Exporter::checkpointFrames(run().timeline),
        settingsFor(ExportFormat::Svg), svgs);
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    EXPECT_EQ(result.files.size(), 4);
    EXPECT_TRUE(QFileInfo::exists(Exporter::sequenceName(svgs, 28, ExportFormat::Svg)));
}

TEST(Exporter, SvgParsesWithTheRequestedViewBox)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("f.svg"));
    ExportSettings s = settingsFor(ExportFormat::Svg, QSize(800, 500));
    s.transparent = true;
    ASSERT_TRUE(Exporter::exportFrames(run().timeline, run().scenario, { 37 }, s, path).ok());
    QSvgRenderer svg(path);
    ASSERT_TRUE(svg.isValid());
    EXPECT_EQ(svg.viewBox(), QRect(0, 0, 800, 500));
    const QByteArray bytes = readAll(path);
    QXmlStreamReader xml(bytes);
    bool sawText = false;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::Characters && xml.text().contains(QLatin1String("LEO")))
            sawText = true;
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_TRUE(sawText); // text stays text in the SVG
}

TEST(Exporter, PdfHasAPagePerFrame)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("handout.pdf"));
    const ExportResult result = Exporter::exportFrames(run().timeline, run().scenario,
        Exporter::checkpointFrames(run().timeline), settingsFor(ExportFormat::Pdf), path);
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    const QByteArray pdf = readAll(path);
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    EXPECT_EQ(pdfPages(pdf), 4);
}

/// The document title of a PDF as QPdfWriter writes it into the /Info dictionary
/// (QPdfEnginePrivate::printString, Qt 6.4): UTF-16BE after a byte order mark, with each byte that
/// is a bracket or a backslash escaped by a backslash. Empty if there is none.
QString pdfInfoTitle(const QByteArray& pdf)
{
    const QByteArray key("/Title (\xFE\xFF");
    qsizetype at = pdf.indexOf(key);
    if (at < 0)
        return QString();
    at += key.size();
    QByteArray utf16;
    for (; at < pdf.size() && pdf[at] != ')'; ++at) {
        if (pdf[at] == '\\')
            ++at;
        utf16.append(pdf[at]);
    }
    QString title;
    for (qsizetype i = 0; i + 1 < utf16.size(); i += 2)
        title.append(QChar(static_cast<char16_t>(
            (static_cast<unsigned char>(utf16[i]) << 8) | static_cast<unsigned char>(utf16[i + 1]))));
    return title;
}

TEST(Exporter, PdfHandoutNamesTheKafkaVersion)
{
    // The walkthrough gives no version (4.4, the default); the same run at 3.7 says 3.7. The title
    // heads every page too, drawn as glyphs that only the document title lets a test read back.
    auto at37 = hw::loadScenario(walkthrough, hw::KafkaVersion::V3_7);
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(at37));
    auto played37 = hw::playScenario(std::get<hw::Scenario>(at37));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played37));
    struct Case {
        const hw::Scenario& scenario;
        const hw::Timeline& timeline;
        QString title;
    };
    const QString name = QString::fromStdString(run().scenario.title.get("en"));
    for (const Case& c : { Case { run().scenario, run().timeline, name + QStringLiteral(" \u2014 Kafka 4.4") },
             Case { std::get<hw::Scenario>(at37), std::get<hw::Timeline>(played37),
                 name + QStringLiteral(" \u2014 Kafka 3.7") } }) {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("handout.pdf"));
        const ExportResult result = Exporter::exportFrames(
            c.timeline, c.scenario, Exporter::checkpointFrames(c.timeline), settingsFor(ExportFormat::Pdf), path);
        ASSERT_TRUE(result.ok()) << result.error.toStdString();
        EXPECT_EQ(pdfInfoTitle(readAll(path)), c.title);
    }
}

TEST(Exporter, PdfCreationDateIsFixedAndTheCrossReferencesFollow)
{
    // A PDF as Qt writes it, with the time of writing in it.
    QByteArray qt;
    {
        QBuffer buffer(&qt);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        writer.setTitle(QStringLiteral("Handout"));
        QPainter painter(&writer);
        painter.drawText(QPointF(100, 100), QStringLiteral("LEO and HW"));
        writer.newPage();
        painter.drawText(QPointF(100, 100), QStringLiteral("Page 2"));
    }
    ASSERT_TRUE(qt.contains("/CreationDate (D:"));
    ASSERT_TRUE(hw::uitest::crossReferencesHold(qt));

    const QByteArray undated = Exporter::fixPdfCreationDate(qt, std::nullopt);
    ASSERT_FALSE(undated.isEmpty());
    EXPECT_FALSE(undated.contains("/CreationDate"));
    EXPECT_LT(undated.size(), qt.size());
    EXPECT_TRUE(hw::uitest::crossReferencesHold(undated));

    const QByteArray dated = Exporter::fixPdfCreationDate(qt, 86400 + 3661);
    ASSERT_FALSE(dated.isEmpty());
    EXPECT_TRUE(dated.contains("/CreationDate (D:19700102010101Z)"));
    EXPECT_TRUE(hw::uitest::crossReferencesHold(dated));

    // Anything not laid out as QPdfWriter lays it out is left alone.
    EXPECT_TRUE(Exporter::fixPdfCreationDate(undated, std::nullopt).isEmpty()); // no date left to fix
    const QByteArray noTable("%PDF-1.4\n1 0 obj\n<<\n/CreationDate (D:2026)\n>>\nendobj\n");
    EXPECT_TRUE(Exporter::fixPdfCreationDate(noTable, std::nullopt).isEmpty());

    // What the exporter writes has no date, and its table holds (a build environment's
    // SOURCE_DATE_EPOCH is put aside meanwhile).
    const QByteArray epoch = qgetenv("SOURCE_DATE_EPOCH");
    qunsetenv("SOURCE_DATE_EPOCH");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("handout.pdf"));
    ASSERT_TRUE(
        Exporter::exportFrames(run().timeline, run().scenario, { 25, 27 }, settingsFor(ExportFormat::Pdf), path).ok());
    if (!epoch.isNull())
        qputenv("SOURCE_DATE_EPOCH", epoch);
    const QByteArray written = readAll(path);
    EXPECT_FALSE(written.contains("/CreationDate"));
    EXPECT_TRUE(hw::uitest::crossReferencesHold(written));
}

TEST(Exporter, PdfPageTextReadsOnTheWhitePageInEveryTheme)
{
    using hw::ui::theme::Theme;
    for (Theme theme : { Theme::Light, Theme::Dark, Theme::HighContrast }) {
        hw::ui::theme::apply(theme);
        hw::ui::FrameScene scene;
        scene.setFrame(run().timeline.stateAt(37), static_cast<double>(run().timeline.frame(37).timeMs));
        QImage page(800, 600, QImage::Format_RGB32);
        page.fill(Qt::white);
        QPainter painter(&page);
        Exporter::paintPage(painter, QRectF(0, 0, 800, 600), scene, QSize(1920, 1080),
            QStringLiteral("WWWWWWWWWWWWWWWWWWWW"), QStringLiteral("Checkpoint 3"), { QStringLiteral("A note") });
        painter.end();
        // The title's letters, at the top of the white page, are dark.
        int dark = 0;
        for (int y = 0; y < 24; ++y)
            for (int x = 0; x < 400; ++x)
                dark += QColor(page.pixel(x, y)).lightness() < 100 ? 1 : 0;
        EXPECT_GT(dark, 200) << hw::ui::theme::key(theme).toStdString();
    }
    hw::ui::theme::apply(Theme::Light);
}

TEST(Exporter, ACancelWritesNothing)
{
    for (ExportFormat format : { ExportFormat::Gif, ExportFormat::Pdf, ExportFormat::Png, ExportFormat::Svg }) {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out"))
            + (format == ExportFormat::Png || format == ExportFormat::Svg
                    ? QString()
                    : QLatin1Char('.') + hw::ui::formatName(format));
        std::int64_t calls = 0;
        const ExportResult result = Exporter::exportFrames(run().timeline, run().scenario, range(0, 9),
            settingsFor(format, QSize(320, 180)), path, [&](std::int64_t done, std::int64_t total) {
                ++calls;
                EXPECT_EQ(total, 10);
                return done < 5;
            });
        EXPECT_TRUE(result.cancelled) << hw::ui::formatName(format).toStdString();
        EXPECT_EQ(calls, 5);
        EXPECT_TRUE(result.files.isEmpty());
        EXPECT_TRUE(QDir(dir.path()).isEmpty()) << hw::ui::formatName(format).toStdString();
    }
}

TEST(Exporter, AFailureHalfWayLeavesNoFile)
{
    // The directory being written to disappears after the third frame.
    for (ExportFormat format : { ExportFormat::Gif, ExportFormat::Pdf, ExportFormat::Png }) {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("target"));
        ASSERT_TRUE(QDir().mkdir(target));
        const QString path = format == ExportFormat::Png
            ? QDir(target).filePath(QStringLiteral("seq"))
            : QDir(target).filePath(QStringLiteral("x.") + hw::ui::formatName(format));
        const ExportResult result = Exporter::exportFrames(run().timeline, run().scenario, range(0, 6),
            settingsFor(format, QSize(320, 180)), path, [&](std::int64_t done, std::int64_t) {
                if (done == 3)
                    QDir(target).removeRecursively();
                return true;
            });
        EXPECT_FALSE(result.ok()) << hw::ui::formatName(format).toStdString();
        EXPECT_TRUE(result.error.contains(QLatin1String("cannot write"))) << result.error.toStdString();
        // It names the path asked for and the system's reason, not a staging file.
        EXPECT_TRUE(result.error.contains(path)) << result.error.toStdString();
        EXPECT_TRUE(result.error.contains(QLatin1String("No such file or directory"))) << result.error.toStdString();
        EXPECT_FALSE(result.error.contains(QLatin1String(".highwater-export"))) << result.error.toStdString();
        EXPECT_FALSE(result.error.contains(QLatin1String("Unknown error"))) << result.error.toStdString();
        EXPECT_FALSE(QFileInfo::exists(path));
    }
}

TEST(Exporter, RefusesSettingsThatDoNotGoTogether)
{
    struct Case {
        ExportSettings settings;
        const char* message;
    };
    std::vector<Case> cases;
    ExportSettings s = settingsFor(ExportFormat::Gif);
    s.transparent = true;
    cases.push_back({ s, "transparent background is possible in PNG and SVG only" });
    s = settingsFor(ExportFormat::Svg);
    s.scale = 2;
    cases.push_back({ s, "scale applies to PNG images only" });
    s = settingsFor(ExportFormat::Gif);
    s.fps = 2;
    s.speed = 1;
    cases.push_back({ s, "not both" });
    s = settingsFor(ExportFormat::Png);
    s.fps = 2;
    cases.push_back({ s, "GIF animations only" });
    s = settingsFor(ExportFormat::Gif);
    s.fps = 25;
    cases.push_back({ s, "the frame rate must be 0.2 to 10 frames per second" });
    s.fps = 0.1;
    cases.push_back({ s, "the frame rate must be 0.2 to 10 frames per second" });
    s = settingsFor(ExportFormat::Png, QSize(10, 10));
    cases.push_back({ s, "the size must be" });
    s = settingsFor(ExportFormat::Png, QSize(4000, 4000));
    s.scale = 4;
    cases.push_back({ s, "larger than" });
    QTemporaryDir dir;
    for (const Case& c : cases) {
        const QString path = dir.filePath(QStringLiteral("x.") + hw::ui::formatName(c.settings.format));
        const ExportResult result = Exporter::exportFrames(run().timeline, run().scenario, { 1 }, c.settings, path);
        EXPECT_TRUE(result.error.contains(QString::fromUtf8(c.message))) << result.error.toStdString();
        EXPECT_FALSE(QFileInfo::exists(path));
    }
    EXPECT_TRUE(Exporter::check(settingsFor(ExportFormat::Pdf), hw::ui::exportlimits::pdfPagesMax + 1)
                    .contains(QLatin1String("too many for one PDF")));
    EXPECT_TRUE(Exporter::check(settingsFor(ExportFormat::Png), hw::ui::exportlimits::framesMax + 1)
                    .contains(QLatin1String("too many to export")));
    EXPECT_TRUE(Exporter::check(settingsFor(ExportFormat::Gif), 0).contains(QLatin1String("no frames")));
    const ExportResult outOfRange = Exporter::exportFrames(run().timeline, run().scenario,
        { run().timeline.frameCount() }, settingsFor(ExportFormat::Png), dir.filePath(QStringLiteral("y.png")));
    EXPECT_TRUE(outOfRange.error.contains(QLatin1String("out of range")));
}

// The dialogs, driven through the controls a user sets.

struct Window {
    hw::ui::SimController controller;
    hw::ui::FrameScene scene;
    Window()
    {
        EXPECT_TRUE(controller.openScenario(QString::fromStdString(walkthrough)).isEmpty());
        controller.setCurrentFrame(41); // checkpoint 3
        scene.setFrame(controller.state(), controller.displayTimeMs());
    }
};

TEST(ExportImageDialog, ExportsTheCurrentViewTheChartsAndAHandout)
{
    Window w;
    QTemporaryDir dir;
    {
        hw::ui::ExportImageDialog dialog(&w.controller, &w.scene, QSize(500, 300), nullptr);
        EXPECT_FALSE(dialog.whatCombo()->isVisibleTo(&dialog)); // no charts to choose
        dialog.scaleSpin()->setValue(3);
        dialog.transparentCheck()->setChecked(true);
        dialog.pathEdit()->setText(dir.filePath(QStringLiteral("view.png")));
        ASSERT_TRUE(dialog.exportNow().ok());
        const QImage image(dir.filePath(QStringLiteral("view.png")));
        EXPECT_EQ(image.size(), QSize(1500, 900));
        EXPECT_EQ(qAlpha(image.pixel(0, 0)), 0); // the corner is background: transparent

        // PDF: the current frame on one page, or a handout with a page per checkpoint.
        dialog.formatCombo()->setCurrentIndex(dialog.formatCombo()->findData(static_cast<int>(ExportFormat::Pdf)));
        EXPECT_FALSE(dialog.scaleSpin()->isEnabled());
        EXPECT_FALSE(dialog.transparentCheck()->isEnabled());
        EXPECT_TRUE(dialog.pathEdit()->text().endsWith(QLatin1String("view.pdf")));
        ASSERT_TRUE(dialog.exportNow().ok());
        EXPECT_EQ(pdfPages(readAll(dialog.pathEdit()->text())), 1);
        dialog.handoutCheck()->setChecked(true);
        ASSERT_TRUE(dialog.exportNow().ok());
        EXPECT_EQ(pdfPages(readAll(dialog.pathEdit()->text())), 4);
    }
    {
        QWidget charts;
        charts.resize(400, 250);
        hw::ui::ExportImageDialog dialog(&w.controller, &w.scene, QSize(500, 300), &charts);
        EXPECT_TRUE(dialog.whatCombo()->isVisibleTo(&dialog));
        dialog.whatCombo()->setCurrentIndex(1);
        dialog.scaleSpin()->setValue(2);
        dialog.pathEdit()->setText(dir.filePath(QStringLiteral("charts.png")));
        ASSERT_TRUE(dialog.exportNow().ok());
        EXPECT_EQ(QImage(dir.filePath(QStringLiteral("charts.png"))).size(), QSize(800, 500));
        dialog.formatCombo()->setCurrentIndex(dialog.formatCombo()->findData(static_cast<int>(ExportFormat::Svg)));
        ASSERT_TRUE(dialog.exportNow().ok());
        QSvgRenderer svg(dialog.pathEdit()->text());
        EXPECT_TRUE(svg.isValid());
        EXPECT_EQ(svg.viewBox(), QRect(0, 0, 400, 250));
    }
}

TEST(ExportAnimationDialog, ExportsARangeAndACancelWritesNothing)
{
    Window w;
    QTemporaryDir dir;
    hw::ui::ExportAnimationDialog dialog(&w.controller, &w.scene);
    // It opens on the current frame up to the next checkpoint (4, at frame 63).
    EXPECT_EQ(dialog.fromSpin()->value(), 41);
    EXPECT_EQ(dialog.toSpin()->value(), 63);
    // Quick picks: checkpoint 1 as the start.
    const int pick = dialog.fromPick()->findText(QStringLiteral("Checkpoint 1 (frame 28)"));
    ASSERT_GE(pick, 0);
    emit dialog.fromPick()->activated(pick);
    EXPECT_EQ(dialog.fromSpin()->value(), 28);
    dialog.widthSpin()->setValue(320);
    dialog.heightSpin()->setValue(180);
    const QString path = dir.filePath(QStringLiteral("anim.gif"));
    dialog.pathEdit()->setText(path);

    // Cancel from the progress dialog while frames are drawn.
    QTimer::singleShot(0, [] {
        for (QWidget* widget : QApplication::topLevelWidgets())
            if (auto* progress = qobject_cast<QProgressDialog*>(widget))
                progress->cancel();
    });
    ExportResult result = dialog.exportNow();
    EXPECT_TRUE(result.cancelled);
    EXPECT_FALSE(QFileInfo::exists(path));
    EXPECT_TRUE(QDir(dir.path()).isEmpty());

    dialog.fpsRadio()->setChecked(false);
    result = dialog.exportNow();
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    const DecodedGif decoded = decodeGif(readAll(path));
    EXPECT_EQ(decoded.frames, 63 - 28 + 1);
    EXPECT_EQ(decoded.width, 320);

    // Numbered PNGs into a folder.
    dialog.formatCombo()->setCurrentIndex(dialog.formatCombo()->findData(static_cast<int>(ExportFormat::Png)));
    EXPECT_FALSE(dialog.pathEdit()->text().endsWith(QLatin1String(".gif")));
    dialog.toSpin()->setValue(30);
    result = dialog.exportNow();
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    EXPECT_EQ(result.files.size(), 3);
    EXPECT_EQ(QImage(Exporter::sequenceName(dialog.pathEdit()->text(), 29, ExportFormat::Png)).size(), QSize(320, 180));

    dialog.fromSpin()->setValue(33);
    result = dialog.exportNow();
    EXPECT_FALSE(result.ok());
    EXPECT_FALSE(result.error.isEmpty());
}

TEST(ExportActions, TheFileMenuHasExportImageAndExportAnimation)
{
    hw::ui::MainWindow window;
    QAction* image = window.action(QStringLiteral("exportImage"));
    QAction* animation = window.action(QStringLiteral("exportAnimation"));
    ASSERT_NE(image, nullptr);
    ASSERT_NE(animation, nullptr);
    EXPECT_EQ(animation->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    EXPECT_EQ(animation->text(), QStringLiteral("Export &animation..."));
    const QList<QAction*> menus = window.menuBar()->actions();
    ASSERT_FALSE(menus.isEmpty());
    const QList<QAction*> file = menus.front()->menu()->actions();
    const auto at = [&file](QAction* a) { return file.indexOf(a); };
    ASSERT_GE(at(image), 0);
    EXPECT_EQ(at(animation), at(image) + 1); // next to each other
}

} // namespace
