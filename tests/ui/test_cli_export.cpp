// SPDX-License-Identifier: MIT
// `highwater-cli export`: each format from the command line (PNG of the requested size, SVG that
// parses, PDF with a page per checkpoint, GIF with a frame per frame of the range), --lang,
// --partition, --theme, the summary, sequences into a directory that held earlier frames, --help,
// identical PDFs from identical exports, a quiet stderr, and mistakes that exit 2 with a message and
// leave no file.

#include "export/exporter.h"
#include "uitest_support.h"

#include <QColor>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QPainter>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>

namespace {

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs highwater-cli as a headless session (ssh, CI, a container) runs it: with no XDG_RUNTIME_DIR,
/// without a SOURCE_DATE_EPOCH a build environment may have set, and with the variables in extra set.
Result runCli(const QStringList& args, const QStringList& extra = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    environment.remove(QStringLiteral("SOURCE_DATE_EPOCH"));
    for (const QString& variable : extra)
        environment.insert(variable.section(QLatin1Char('='), 0, 0), variable.section(QLatin1Char('='), 1));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(HW_CLI_PATH), args);
    process.waitForFinished(120000);
    return { process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
        QString::fromUtf8(process.readAllStandardError()) };
}

TEST(CliExport, WritesAPngOfTheRequestedSizeForALabelOrAFrame)
{
    QTemporaryDir dir;
    const QString partition = dir.filePath(QStringLiteral("partition.png"));
    Result r = runCli({ QStringLiteral("export"), QStringLiteral("builtin:leo-hw-walkthrough"),
        QStringLiteral("--label"), QStringLiteral("3"), QStringLiteral("--out"), partition, QStringLiteral("--width"),
        QStringLiteral("1280"), QStringLiteral("--height"), QStringLiteral("720") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(QImage(partition).size(), QSize(1280, 720));

    const QString cluster = dir.filePath(QStringLiteral("cluster.png"));
    r = runCli({ QStringLiteral("export"), QStringLiteral("builtin:leader-failover"), QStringLiteral("--frame"),
        QStringLiteral("5"), QStringLiteral("--out"), cluster, QStringLiteral("--view"), QStringLiteral("cluster") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(QImage(cluster).size(), QSize(1920, 1080));
}

TEST(CliExport, MistakesExitTwoWithAClearMessageAndWriteNothing)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("x.png"));
    const QString scenario = QStringLiteral("builtin:leo-hw-walkthrough");
    struct Case {
        QStringList args;
        const char* message;
    };
    const std::vector<Case> cases = {
        { { QStringLiteral("export"), scenario, QStringLiteral("--out"), out },
            "exactly one of --frame N, --label L, --checkpoints and --frames A..B" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--label"), QStringLiteral("9"), QStringLiteral("--out"),
              out },
            "no checkpoint labelled \"9\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("100000"),
              QStringLiteral("--out"), out },
            "out of range" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1") }, "needs --out" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--width"), QStringLiteral("99999") },
            "--width needs a number of pixels" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--view"), QStringLiteral("sideways") },
            "--view must be partition or cluster" },
        { { QStringLiteral("export"), QStringLiteral("builtin:nope"), QStringLiteral("--frame"), QStringLiteral("1"),
              QStringLiteral("--out"), out },
            "no built-in scenario named" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("missing-dir/x.png")) },
            "cannot write" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              QStringLiteral("/proc/x/y.png") },
            "cannot write /proc/x/y.png" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frames"), QStringLiteral("9..3"),
              QStringLiteral("--out"), dir.filePath(QStringLiteral("x.gif")) },
            "bad range" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frames"), QStringLiteral("3..100000"),
              QStringLiteral("--out"), dir.filePath(QStringLiteral("x.gif")) },
            "frame 100000 is out of range" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frames"), QStringLiteral("3-9"),
              QStringLiteral("--out"), dir.filePath(QStringLiteral("x.gif")) },
            "--frames needs a range" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("x.bmp")) },
            "unknown format \"bmp\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--format"), QStringLiteral("tiff") },
            "unknown format \"tiff\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--format"), QStringLiteral("gif") },
            "does not match the extension" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"),
              QStringLiteral("--label"), QStringLiteral("2"), QStringLiteral("--out"), out },
            "exactly one of --frame N, --label L, --checkpoints and --frames A..B" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--checkpoints"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("x.gif")), QStringLiteral("--fps"), QStringLiteral("2"),
              QStringLiteral("--speed"), QStringLiteral("1") },
            "--fps and --speed" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("x.gif")), QStringLiteral("--transparent") },
            "transparent background is possible in PNG and SVG only" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("x.svg")), QStringLiteral("--scale"), QStringLiteral("2") },
            "scale applies to PNG images only" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--scale"), QStringLiteral("5") },
            "--scale needs a whole number in 1..4" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--fps"), QStringLiteral("2") },
            "GIF animations only" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--lang"), QStringLiteral("fr") },
            "--lang must be en, zh_TW or zh_CN" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("noextension")) },
            "cannot tell the format" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--checkpoints"), QStringLiteral("--out"), out },
            "4 frames go into a directory, one file each" },
        // Numbers out of their range are errors that name the range, never clamped.
        { { QStringLiteral("export"), scenario, QStringLiteral("--checkpoints"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("x.gif")), QStringLiteral("--fps"), QStringLiteral("25") },
            "--fps needs a number in 0.2..10, got \"25\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--checkpoints"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("x.gif")), QStringLiteral("--fps"), QStringLiteral("0.1") },
            "--fps needs a number in 0.2..10, got \"0.1\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--checkpoints"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("x.gif")), QStringLiteral("--fps"), QStringLiteral("nan") },
            "--fps needs a number in 0.2..10, got \"nan\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--checkpoints"), QStringLiteral("--out"),
              dir.filePath(QStringLiteral("x.gif")), QStringLiteral("--speed"), QStringLiteral("5000") },
            "--speed needs a number in 0.001..1000, got \"5000\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--scale"), QStringLiteral("0") },
            "--scale needs a whole number in 1..4, got \"0\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--height"), QStringLiteral("10") },
            "--height needs a number of pixels in 64..8192, got \"10\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--width"), QStringLiteral("4096"), QStringLiteral("--scale"), QStringLiteral("3") },
            "--scale 3 makes the image 12288x3240 pixels, and it can be at most 8192 a side" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--theme"), QStringLiteral("sepia") },
            "--theme must be light, dark or high-contrast, got \"sepia\"" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--partition"), QStringLiteral("orders-7") },
            "--partition orders-7: topic orders has no such partition; its partitions are orders-0" },
        { { QStringLiteral("export"), QStringLiteral("builtin:consumer-group-basics"), QStringLiteral("--frame"),
              QStringLiteral("1"), QStringLiteral("--out"), out, QStringLiteral("--partition"),
              QStringLiteral("payments-0") },
            "--partition payments-0: builtin:consumer-group-basics has no such partition; its partitions are "
            "orders-0..orders-2" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--partition"), QStringLiteral("orders") },
            "(a partition is named TOPIC-N, e.g. orders-0); its partitions are orders-0" },
        { { QStringLiteral("export"), scenario, QStringLiteral("--frame"), QStringLiteral("1"), QStringLiteral("--out"),
              out, QStringLiteral("--partition"), QStringLiteral("orders-0"), QStringLiteral("--view"),
              QStringLiteral("cluster") },
            "--partition chooses the partition the partition view draws; the cluster view draws every partition" },
        // A failed write names the path asked for and the system's reason.
        { { QStringLiteral("export"), scenario, QStringLiteral("--checkpoints"), QStringLiteral("--out"),
              QStringLiteral("/proc/self/hw-frames") },
            "cannot write /proc/self/hw-frames: " },
    };
    for (const Case& c : cases) {
        const Result r = runCli(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args.join(QLatin1Char(' ')).toStdString();
        EXPECT_TRUE(r.err.contains(QString::fromUtf8(c.message))) << r.err.toStdString();
        EXPECT_FALSE(r.err.contains(QLatin1String("Unknown error"))) << r.err.toStdString();
        EXPECT_FALSE(r.err.contains(QLatin1String(".highwater-export"))) << r.err.toStdString();
        EXPECT_FALSE(r.err.contains(QLatin1String("QStandardPaths"))) << r.err.toStdString();
    }
    EXPECT_FALSE(QFileInfo::exists(out));
    // Nothing at all was left behind: no file, no temporary file, no directory.
    EXPECT_TRUE(QDir(dir.path()).isEmpty())
        << QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden).join(QLatin1Char(' ')).toStdString();
}

Result runExport(const QStringList& args)
{
    return runCli(QStringList { QStringLiteral("export"), QStringLiteral("builtin:leo-hw-walkthrough") } + args);
}

TEST(CliExport, EachFormatWritesWhatWasAskedFor)
{
    QTemporaryDir dir;
    // PNG at a scale, with a transparent background.
    const QString png = dir.filePath(QStringLiteral("step3.png"));
    Result r = runExport({ QStringLiteral("--label"), QStringLiteral("3"), QStringLiteral("--out"), png,
        QStringLiteral("--width"), QStringLiteral("640"), QStringLiteral("--height"), QStringLiteral("400"),
        QStringLiteral("--scale"), QStringLiteral("2"), QStringLiteral("--transparent") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QImage image(png);
    EXPECT_EQ(image.size(), QSize(1280, 800));
    EXPECT_TRUE(image.hasAlphaChannel());
    EXPECT_EQ(qAlpha(image.pixel(0, 0)), 0);

    // SVG: parses, with the requested size as its view box.
    const QString svg = dir.filePath(QStringLiteral("step3.svg"));
    r = runExport({ QStringLiteral("--label"), QStringLiteral("3"), QStringLiteral("--out"), svg,
        QStringLiteral("--width"), QStringLiteral("1280"), QStringLiteral("--height"), QStringLiteral("720") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    QSvgRenderer renderer(svg);
    ASSERT_TRUE(renderer.isValid());
    EXPECT_EQ(renderer.viewBox(), QRect(0, 0, 1280, 720));

    // PDF handout: a page per checkpoint (the walkthrough has four).
    const QString pdf = dir.filePath(QStringLiteral("handout.pdf"));
    r = runExport({ QStringLiteral("--checkpoints"), QStringLiteral("--out"), pdf });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    QFile file(pdf);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    EXPECT_TRUE(bytes.startsWith("%PDF-"));
    EXPECT_EQ(bytes.count("/Type /Page\n") + bytes.count("/Type /Page "), 4);

    // GIF of a range: one image per frame, at the requested size.
    const QString gif = dir.filePath(QStringLiteral("range.gif"));
    r = runExport({ QStringLiteral("--frames"), QStringLiteral("28..40"), QStringLiteral("--out"), gif,
        QStringLiteral("--width"), QStringLiteral("480"), QStringLiteral("--height"), QStringLiteral("270"),
        QStringLiteral("--speed"), QStringLiteral("0.05") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    QImageReader reader(gif);
    EXPECT_EQ(reader.imageCount(), 13);
    EXPECT_EQ(reader.size(), QSize(480, 270));

    // Numbered PNGs: --checkpoints into a directory (made when missing), named by frame number.
    const QString frames = dir.filePath(QStringLiteral("frames"));
    r = runExport({ QStringLiteral("--checkpoints"), QStringLiteral("--out"), frames, QStringLiteral("--width"),
        QStringLiteral("320"), QStringLiteral("--height"), QStringLiteral("200") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(QDir(frames).entryList(QDir::Files | QDir::Hidden | QDir::AllDirs | QDir::NoDotAndDotDot),
        (QStringList { QStringLiteral("frame-000028.png"), QStringLiteral("frame-000031.png"),
            QStringLiteral("frame-000041.png"), QStringLiteral("frame-000063.png") }));
    EXPECT_EQ(QImage(QDir(frames).filePath(QStringLiteral("frame-000063.png"))).size(), QSize(320, 200));
}

TEST(CliExport, LangDrawsTheFrameInThatLanguage)
{
    QTemporaryDir dir;
    QMap<QString, QByteArray> svgs;
    for (const QString& lang : { QStringLiteral("en"), QStringLiteral("zh_TW"), QStringLiteral("zh_CN") }) {
        const QString path = dir.filePath(lang + QStringLiteral(".svg"));
        const Result r = runExport({ QStringLiteral("--label"), QStringLiteral("2"), QStringLiteral("--out"), path,
            QStringLiteral("--lang"), lang });
        ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
        EXPECT_TRUE(r.out.contains(lang)) << r.out.toStdString();
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        svgs[lang] = file.readAll();
    }
    // The SVG keeps text as text: the broker headings are in each language.
    EXPECT_TRUE(svgs[QStringLiteral("en")].contains("Broker 1"));
    EXPECT_FALSE(svgs[QStringLiteral("zh_TW")].contains("Broker 1"));
    EXPECT_NE(svgs[QStringLiteral("zh_TW")], svgs[QStringLiteral("zh_CN")]);
}

QStringList arguments(std::initializer_list<const char*> list)
{
    QStringList out;
    for (const char* a : list)
        out << QString::fromUtf8(a);
    return out;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList entries(const QString& directory)
{
    return QDir(directory).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

TEST(CliExport, SucceedsWithNothingOnStderr)
{
    // No "QStandardPaths: XDG_RUNTIME_DIR not set" or any other warning when run headless.
    QTemporaryDir dir;
    struct Case {
        const char* frames;
        const char* out;
    };
    for (const Case& c : { Case { "27..27", "a.png" }, Case { "27..27", "b.svg" }, Case { "25..27", "c.pdf" },
             Case { "25..27", "d.gif" }, Case { "25..27", "frames" } }) {
        const Result r = runExport(arguments({ "--frames", c.frames, "--width", "320", "--height", "200", "--out" })
            << dir.filePath(QString::fromUtf8(c.out)));
        EXPECT_EQ(r.exitCode, 0) << c.out << ": " << r.err.toStdString();
        EXPECT_EQ(r.err, QString()) << c.out;
        EXPECT_TRUE(QFileInfo::exists(dir.filePath(QString::fromUtf8(c.out)))) << c.out;
    }
    // Nor with a runtime directory that is missing or open to others (carried over by su or sudo).
    QTemporaryDir shared;
    ASSERT_TRUE(QFile::setPermissions(shared.path(),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther
            | QFile::ExeOther));
    for (const QString& runtime : { shared.path(), dir.filePath(QStringLiteral("no-such-directory")) }) {
        const QString out = dir.filePath(QStringLiteral("e.png"));
        const Result r = runCli(arguments({ "export", "builtin:leo-hw-walkthrough", "--frame", "3", "--out" }) << out,
            { QStringLiteral("XDG_RUNTIME_DIR=") + runtime });
        EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
        EXPECT_EQ(r.err, QString()) << runtime.toStdString();
        EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("no-such-directory"))));
        // The runtime directory was left as it was.
        EXPECT_EQ(QFileInfo(shared.path()).permissions() & QFile::ReadOther, QFile::ReadOther);
    }
}

TEST(CliExport, PartitionChoosesThePartitionThePartitionViewDraws)
{
    QTemporaryDir dir;
    QMap<QString, QByteArray> svgs;
    for (const char* partition : { "", "orders-0", "orders-2" }) {
        const QString path = dir.filePath(QStringLiteral("p%1.svg").arg(QString::fromUtf8(partition)));
        QStringList args = arguments({ "export", "builtin:consumer-group-basics", "--label", "2", "--out" }) << path;
        if (*partition)
            args << QStringLiteral("--partition") << QString::fromUtf8(partition);
        const Result r = runCli(args);
        ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
        EXPECT_EQ(r.err, QString());
        svgs[QString::fromUtf8(partition)] = readAll(path);
        if (*partition) // --partition alone asks for the partition view (three partitions draw the cluster)
            EXPECT_TRUE(r.out.contains(QStringLiteral("partition view of %1").arg(QString::fromUtf8(partition))))
                << r.out.toStdString();
        else
            EXPECT_TRUE(r.out.contains(QLatin1String("cluster view"))) << r.out.toStdString();
    }
    // The partition view's heading names its partition (text stays text in an SVG).
    EXPECT_TRUE(svgs[QStringLiteral("orders-0")].contains("Partition orders-0"));
    EXPECT_TRUE(svgs[QStringLiteral("orders-2")].contains("Partition orders-2"));
    EXPECT_FALSE(svgs[QStringLiteral("orders-2")].contains("Partition orders-0"));

    // Every format draws the chosen partition: a PNG of partition 2 differs from one of partition 0.
    const QString png0 = dir.filePath(QStringLiteral("p0.png"));
    const QString png2 = dir.filePath(QStringLiteral("p2.png"));
    ASSERT_EQ(
        runCli(
            arguments({ "export", "builtin:consumer-group-basics", "--label", "2", "--partition", "orders-0", "--out" })
            << png0)
            .exitCode,
        0);
    ASSERT_EQ(
        runCli(
            arguments({ "export", "builtin:consumer-group-basics", "--label", "2", "--partition", "orders-2", "--out" })
            << png2)
            .exitCode,
        0);
    EXPECT_NE(QImage(png0), QImage(png2));
}

/// The image drawn over a background colour, as a slide shows a transparent PNG.
QImage over(const QImage& image, const QColor& background)
{
    QImage out(image.size(), QImage::Format_RGB32);
    out.fill(background);
    QPainter painter(&out);
    painter.drawImage(0, 0, image);
    painter.end();
    return out;
}

/// The largest difference of one colour channel between two images of the same size.
int largestDifference(const QImage& a, const QImage& b)
{
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    int largest = 0;
    for (int row = 0; row < x.height(); ++row)
        for (int column = 0; column < x.width(); ++column) {
            const QRgb p = x.pixel(column, row), q = y.pixel(column, row);
            largest = std::max({ largest, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                std::abs(qBlue(p) - qBlue(q)) });
        }
    return largest;
}

/// How many pixels are light ink: nearly opaque and nearly white.
int lightInkPixels(const QImage& image)
{
    int count = 0;
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    for (int row = 0; row < argb.height(); ++row)
        for (int column = 0; column < argb.width(); ++column) {
            const QRgb p = argb.pixel(column, row);
            if (qAlpha(p) > 200 && qRed(p) > 200 && qGreen(p) > 200 && qBlue(p) > 200)
                ++count;
        }
    return count;
}

TEST(CliExport, ThemeSetsTheDrawingsColoursAndATransparentPngReadsOnTheThemesBackground)
{
    QTemporaryDir dir;
    const QMap<QString, QColor> paper
        = { { QStringLiteral("light"), QColor(0xFF, 0xFF, 0xFF) }, { QStringLiteral("dark"), QColor(0x1E, 0x1F, 0x22) },
              { QStringLiteral("high-contrast"), QColor(0xFF, 0xFF, 0xFF) } };
    QMap<QString, QImage> opaque;
    QMap<QString, QImage> transparent;
    for (const QString& theme : paper.keys()) {
        for (bool clear : { false, true }) {
            const QString path = dir.filePath(theme + (clear ? QStringLiteral("-clear.png") : QStringLiteral(".png")));
            QStringList args = arguments({ "--label", "3", "--width", "640", "--height", "360", "--theme" })
                << theme << QStringLiteral("--out") << path;
            if (clear)
                args << QStringLiteral("--transparent");
            const Result r = runExport(args);
            ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
            EXPECT_TRUE(r.out.contains(theme + QStringLiteral(" theme"))) << r.out.toStdString();
            (clear ? transparent : opaque)[theme] = QImage(path);
        }
        EXPECT_EQ(opaque[theme].pixelColor(0, 0), paper[theme]) << theme.toStdString();
        EXPECT_EQ(qAlpha(transparent[theme].pixel(0, 0)), 0) << theme.toStdString();
        // On its theme's background, the transparent image is the opaque one: every line and letter is there.
        EXPECT_LE(largestDifference(over(transparent[theme], paper[theme]), opaque[theme]), 2) << theme.toStdString();
    }
    EXPECT_NE(opaque[QStringLiteral("light")], opaque[QStringLiteral("high-contrast")]);
    // On a dark slide, the dark theme's lines and letters are light ink.
    EXPECT_GT(lightInkPixels(transparent[QStringLiteral("dark")]), 500);
}

TEST(CliExport, TheSummaryStatesTheRealPixelSize)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("x.png"));
    Result r
        = runExport(arguments({ "--label", "3", "--width", "640", "--height", "400", "--scale", "3", "--out" }) << png);
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(QImage(png).size(), QSize(1920, 1200));
    EXPECT_TRUE(r.out.contains(QLatin1String("1920x1200 pixels (640x400 at scale 3)"))) << r.out.toStdString();

    const QString svg = dir.filePath(QStringLiteral("x.svg"));
    r = runExport(arguments({ "--label", "3", "--width", "640", "--height", "400", "--out" }) << svg);
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QLatin1String("640x400 pixels"))) << r.out.toStdString();
}

TEST(CliExport, SeveralSvgFramesGoIntoADirectoryAsSvgFiles)
{
    QTemporaryDir dir;
    const QString frames = dir.filePath(QStringLiteral("svgs"));
    const Result r = runExport(
        arguments({ "--frames", "25..27", "--format", "svg", "--width", "320", "--height", "200", "--out" }) << frames);
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    ASSERT_EQ(entries(frames), arguments({ "frame-000025.svg", "frame-000026.svg", "frame-000027.svg" }));
    for (const QString& name : entries(frames)) {
        QSvgRenderer svg(QDir(frames).filePath(name));
        EXPECT_TRUE(svg.isValid()) << name.toStdString();
        EXPECT_EQ(svg.viewBox(), QRect(0, 0, 320, 200));
    }
}

TEST(CliExport, ADirectoryOfEarlierFramesEndsWithThisExportsFramesOnly)
{
    QTemporaryDir dir;
    const QString frames = dir.filePath(QStringLiteral("frames"));
    auto exportInto = [&](const char* range, const char* format) {
        return runExport(
            arguments({ "--frames", range, "--format", format, "--width", "160", "--height", "100", "--out" })
            << frames);
    };
    ASSERT_EQ(exportInto("20..26", "png").exitCode, 0);
    // A killed export leaves its staging directory behind: it holds only frames, so it goes too.
    ASSERT_TRUE(QDir(frames).mkdir(QStringLiteral(".highwater-export-AbC123")));
    ASSERT_TRUE(QFile::copy(QDir(frames).filePath(QStringLiteral("frame-000020.png")),
        QDir(frames).filePath(QStringLiteral(".highwater-export-AbC123/frame-000021.png"))));
    ASSERT_TRUE(QFile::copy(QDir(frames).filePath(QStringLiteral("frame-000020.png")),
        QDir(frames).filePath(QStringLiteral(".highwater-export-AbC123/frame-000022.png.Xy12Zw"))));

    Result r = exportInto("25..27", "png");
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(entries(frames), arguments({ "frame-000025.png", "frame-000026.png", "frame-000027.png" }));
    // PNGs of an earlier export give way to SVGs too.
    r = exportInto("26..27", "svg");
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(entries(frames), arguments({ "frame-000026.svg", "frame-000027.svg" }));
    EXPECT_TRUE(QSvgRenderer(QDir(frames).filePath(QStringLiteral("frame-000027.svg"))).isValid());

    // A directory that holds anything else is the user's: refused, and nothing in it is touched.
    const QString notes = QDir(frames).filePath(QStringLiteral("notes.txt"));
    {
        QFile file(notes);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("my notes\n");
    }
    const QByteArray before = readAll(QDir(frames).filePath(QStringLiteral("frame-000026.svg")));
    r = exportInto("20..22", "png");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains(frames + QStringLiteral(" holds files that are not frames of an export (notes.txt)")))
        << r.err.toStdString();
    EXPECT_EQ(entries(frames), arguments({ "frame-000026.svg", "frame-000027.svg", "notes.txt" }));
    EXPECT_EQ(readAll(notes), QByteArray("my notes\n"));
    EXPECT_EQ(readAll(QDir(frames).filePath(QStringLiteral("frame-000026.svg"))), before);
    // So is a directory with a subdirectory, even one named like a frame.
    ASSERT_TRUE(QFile::remove(notes));
    ASSERT_TRUE(QDir(frames).mkdir(QStringLiteral("frame-000099.png")));
    r = exportInto("20..22", "png");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains(QLatin1String("(frame-000099.png)"))) << r.err.toStdString();
    EXPECT_EQ(entries(frames), arguments({ "frame-000026.svg", "frame-000027.svg", "frame-000099.png" }));
}

TEST(CliExport, AWriteIntoAFileNamesTheRealCause)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("notes.txt"));
    {
        QFile notes(file);
        ASSERT_TRUE(notes.open(QIODevice::WriteOnly));
    }
    for (const QStringList& args : { arguments({ "--frame", "3", "--out" }) << file + QStringLiteral("/x.png"),
             arguments({ "--checkpoints", "--out" }) << file + QStringLiteral("/frames") }) {
        const Result r = runExport(args);
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_TRUE(r.err.contains(QStringLiteral("cannot write %1/").arg(file)
            + QStringLiteral("%1: %2 is a file, not a directory").arg(args.last().section(QLatin1Char('/'), -1), file)))
            << r.err.toStdString();
    }
    EXPECT_EQ(entries(dir.path()), arguments({ "notes.txt" }));
}

TEST(CliExport, HelpListsEveryOptionWithItsRangeAndDefault)
{
    using namespace hw::ui::exportlimits;
    for (const QStringList& args : { arguments({ "--help" }), arguments({ "export", "--help" }) }) {
        const Result r = runCli(args);
        EXPECT_EQ(r.exitCode, 0) << args.join(QLatin1Char(' ')).toStdString();
        EXPECT_EQ(r.err, QString());
        const QString range = QStringLiteral("%1..%2");
        for (const QString& expected : { QStringLiteral("--frame N  --frames A..B"),
                 QStringLiteral("0 to the scenario's last"), QStringLiteral("--label L  --checkpoints"),
                 QStringLiteral("--format png|svg|pdf|gif"), QStringLiteral("--view partition|cluster"),
                 QStringLiteral("--partition TOPIC-N"), QStringLiteral("--theme light|dark|high-contrast"),
                 QStringLiteral("(default: light)"), QStringLiteral("--lang en|zh_TW|zh_CN"),
                 range.arg(sideMin).arg(sideMax) + QStringLiteral(" pixels each (default: 1920 and 1080)"),
                 QStringLiteral("--scale S"), range.arg(scaleMin).arg(scaleMax), QStringLiteral("--transparent"),
                 range.arg(fpsMin).arg(fpsMax) + QStringLiteral(" frames per second (default: %1)").arg(fpsDefault),
                 range.arg(speedMin).arg(speedMax),
                 QStringLiteral("each frame shown %1..%2 s").arg(gifDelayMinMs / 1000.0).arg(gifDelayMaxMs / 1000.0),
                 QStringLiteral("held %1 s").arg(gifHoldMs / 1000), QStringLiteral("frame-NNNNNN.png or .svg") })
            EXPECT_TRUE(r.out.contains(expected))
                << args.join(QLatin1Char(' ')).toStdString() << ": no \"" << expected.toStdString() << "\" in\n"
                << r.out.toStdString();
    }
}

TEST(CliExport, TheSameExportOfAPdfGivesTheSameBytes)
{
    QTemporaryDir dir;
    // Chinese text and bold headings: several fonts, which Qt embeds in a hash's order.
    auto handout = [&](const QString& name, const QStringList& environment) {
        const QString path = dir.filePath(name);
        const Result r = runCli(
            arguments({ "export", "builtin:leo-hw-walkthrough", "--checkpoints", "--lang", "zh_TW", "--out" }) << path,
            environment);
        EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
        EXPECT_EQ(r.err, QString());
        return readAll(path);
    };
    const QByteArray first = handout(QStringLiteral("1.pdf"), {});
    const QByteArray second = handout(QStringLiteral("2.pdf"), {});
    ASSERT_FALSE(first.isEmpty());
    EXPECT_EQ(first, second);
    EXPECT_FALSE(first.contains("/CreationDate")); // the time of writing is left out
    EXPECT_TRUE(hw::uitest::crossReferencesHold(first));
    EXPECT_EQ(first.count("/Type /Page\n") + first.count("/Type /Page "), 4);

    // SOURCE_DATE_EPOCH gives the creation date (the reproducible-builds convention).
    const QByteArray dated = handout(QStringLiteral("3.pdf"), { QStringLiteral("SOURCE_DATE_EPOCH=1700000000") });
    EXPECT_TRUE(dated.contains("/CreationDate (D:20231114221320Z)"));
    EXPECT_TRUE(hw::uitest::crossReferencesHold(dated));
    EXPECT_EQ(dated, handout(QStringLiteral("4.pdf"), { QStringLiteral("SOURCE_DATE_EPOCH=1700000000") }));
}

} // namespace

namespace {

/// The staging directories in directory (".highwater-export-XXXXXX"), with how many files each holds.
QMap<QString, int> stagingDirectories(const QString& directory)
{
    QMap<QString, int> out;
    for (const QString& name : entries(directory))
        if (name.startsWith(QLatin1String(".highwater-export-")))
            out[name] = static_cast<int>(entries(QDir(directory).filePath(name)).size());
    return out;
}

/// Starts an export of many large frames into directory and waits until its staging directory holds
/// at least two frames; the export is then half-way, and the caller decides its fate.
bool startLongExport(QProcess& process, const QString& directory)
{
    process.start(QStringLiteral(HW_CLI_PATH),
        arguments({ "export", "builtin:slow-follower", "--frames", "0..199", "--width", "1920", "--height", "1080",
            "--out" })
            << directory);
    if (!process.waitForStarted())
        return false;
    for (int waited = 0; waited < 60000; waited += 10) {
        const QMap<QString, int> staging = stagingDirectories(directory);
        if (!staging.isEmpty() && staging.first() >= 2)
            return true;
        if (process.state() == QProcess::NotRunning)
            return false;
        QThread::msleep(10);
    }
    return false;
}

} // namespace

TEST(CliExport, AKilledExportsStagingDirectoryGoesWithTheNextExportIntoTheDirectory)
{
    QTemporaryDir dir;
    const QString frames = dir.filePath(QStringLiteral("frames"));

    // Killed half-way (SIGKILL: nothing of the export runs after it), as a crash would end it.
    QProcess killed;
    ASSERT_TRUE(startLongExport(killed, frames)) << killed.readAllStandardError().toStdString();
    killed.kill();
    ASSERT_TRUE(killed.waitForFinished());
    ASSERT_EQ(killed.exitStatus(), QProcess::CrashExit);
    const QMap<QString, int> left = stagingDirectories(frames);
    ASSERT_EQ(left.size(), 1) << "the premise: the killed export left its staging directory";
    EXPECT_GE(left.first(), 2);
    EXPECT_EQ(entries(frames), QStringList { left.firstKey() }) << "no frame appeared in the directory itself";

    // The next export into the directory removes it, and the directory holds that export's frames only.
    const Result next = runExport(
        arguments({ "--frames", "25..27", "--width", "160", "--height", "100", "--out" }) << frames);
    ASSERT_EQ(next.exitCode, 0) << next.err.toStdString();
    EXPECT_EQ(entries(frames), arguments({ "frame-000025.png", "frame-000026.png", "frame-000027.png" }));
}

TEST(CliExport, AnExportIntoADirectoryAnotherExportIsWritingIsRefusedAndTouchesNothing)
{
    QTemporaryDir dir;
    const QString frames = dir.filePath(QStringLiteral("frames"));
    QProcess running;
    ASSERT_TRUE(startLongExport(running, frames)) << running.readAllStandardError().toStdString();
    // Held still while the second export looks: its staging directory is in use.
    ::kill(static_cast<pid_t>(running.processId()), SIGSTOP);
    const QMap<QString, int> staging = stagingDirectories(frames);
    const Result second = runExport(
        arguments({ "--frames", "25..27", "--width", "160", "--height", "100", "--out" }) << frames);
    EXPECT_EQ(second.exitCode, 2);
    EXPECT_TRUE(second.err.contains(QStringLiteral("another export is writing frames into %1 now").arg(frames)))
        << second.err.toStdString();
    EXPECT_EQ(stagingDirectories(frames), staging) << "the running export's frames were touched";
    EXPECT_EQ(entries(frames), QStringList(staging.keys()));
    ::kill(static_cast<pid_t>(running.processId()), SIGCONT);
    running.kill();
    ASSERT_TRUE(running.waitForFinished());
}

TEST(CliExport, WithoutLangTheDrawingIsEnglishWhateverTheSystemsLanguage)
{
    QTemporaryDir dir;
    const QStringList chinese
        = { QStringLiteral("LANG=zh_TW.UTF-8"), QStringLiteral("LANGUAGE=zh_TW"), QStringLiteral("LC_ALL=zh_TW.UTF-8") };
    const QString unset = dir.filePath(QStringLiteral("unset.svg"));
    const QString english = dir.filePath(QStringLiteral("en.svg"));
    const QString traditional = dir.filePath(QStringLiteral("zh_TW.svg"));
    const Result r = runCli(arguments({ "export", "builtin:leo-hw-walkthrough", "--label", "3", "--out" }) << unset, chinese);
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QLatin1String(" theme, en, "))) << r.out.toStdString();
    ASSERT_EQ(runCli(arguments({ "export", "builtin:leo-hw-walkthrough", "--label", "3", "--lang", "en", "--out" })
                  << english)
                  .exitCode,
        0);
    ASSERT_EQ(runCli(arguments({ "export", "builtin:leo-hw-walkthrough", "--label", "3", "--lang", "zh_TW", "--out" })
                      << traditional,
                  chinese)
                  .exitCode,
        0);
    EXPECT_EQ(readAll(unset), readAll(english)) << "the same command gives the same file on every machine";
    EXPECT_NE(readAll(unset), readAll(traditional)) << "the premise: a Chinese export differs";
    // An export in Chinese does not depend on the machine's language either.
    const QString traditionalHere = dir.filePath(QStringLiteral("zh_TW-here.svg"));
    ASSERT_EQ(runCli(arguments({ "export", "builtin:leo-hw-walkthrough", "--label", "3", "--lang", "zh_TW", "--out" })
                  << traditionalHere,
                  { QStringLiteral("LANG=C.UTF-8"), QStringLiteral("LANGUAGE="), QStringLiteral("LC_ALL=") })
                  .exitCode,
        0);
    EXPECT_EQ(readAll(traditionalHere), readAll(traditional));
}

TEST(CliExport, DashIsStandardOutputForOneFileAndTheSummaryGoesToStandardError)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("file.svg"));
    ASSERT_EQ(runExport(arguments({ "--label", "3", "--out" }) << file).exitCode, 0);
    const Result piped = runExport(arguments({ "--label", "3", "--format", "svg", "--out", "-" }));
    ASSERT_EQ(piped.exitCode, 0) << piped.err.toStdString();
    EXPECT_EQ(piped.out.toUtf8(), readAll(file));
    EXPECT_TRUE(piped.err.startsWith(QLatin1String("-: 1 frame (41..41), svg, "))) << piped.err.toStdString();
    EXPECT_TRUE(entries(dir.path()) == QStringList { QStringLiteral("file.svg") }) << "no file named -";

    // Several PNGs cannot share standard output; the format must be named.
    const Result many = runExport(arguments({ "--checkpoints", "--format", "png", "--out", "-" }));
    EXPECT_EQ(many.exitCode, 2);
    EXPECT_TRUE(many.err.contains(QLatin1String("4 frames go into a directory, one file each, not to standard output")))
        << many.err.toStdString();
    EXPECT_EQ(many.out, QString());
    const Result unnamed = runExport(arguments({ "--label", "3", "--out", "-" }));
    EXPECT_EQ(unnamed.exitCode, 2);
    EXPECT_TRUE(unnamed.err.contains(QLatin1String("standard output (--out -) needs --format png, svg, pdf or gif")))
        << unnamed.err.toStdString();
}
