// SPDX-License-Identifier: MIT
// `highwater-cli export`: the PNG it writes has the requested size, and mistakes exit 2 with a message.

#include <QFileInfo>
#include <QImage>
#include <QProcess>
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
            "exactly one of --frame N and --label L" },
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
    };
    for (const Case& c : cases) {
        const Result r = runCli(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args.join(QLatin1Char(' ')).toStdString();
        EXPECT_TRUE(r.err.contains(QString::fromUtf8(c.message))) << r.err.toStdString();
    }
    EXPECT_FALSE(QFileInfo::exists(out));
}

} // namespace
