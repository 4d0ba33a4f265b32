// SPDX-License-Identifier: MIT
// `highwater-cli export`: each format from the command line (PNG of the requested size, SVG that
// parses, PDF with a page per checkpoint, GIF with a frame per frame of the range), --lang, and
// mistakes that exit 2 with a message and leave no file.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QProcess>
#include <QSvgRenderer>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
};

Result runCli(const QStringList& args)
{
    QProcess process;
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
    };
    for (const Case& c : cases) {
        const Result r = runCli(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args.join(QLatin1Char(' ')).toStdString();
        EXPECT_TRUE(r.err.contains(QString::fromUtf8(c.message))) << r.err.toStdString();
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
    r = runExport({ QStringLiteral("--frames"), QStringLiteral("25..37"), QStringLiteral("--out"), gif,
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
        (QStringList { QStringLiteral("frame-000025.png"), QStringLiteral("frame-000027.png"),
            QStringLiteral("frame-000037.png"), QStringLiteral("frame-000059.png") }));
    EXPECT_EQ(QImage(QDir(frames).filePath(QStringLiteral("frame-000059.png"))).size(), QSize(320, 200));
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

} // namespace
