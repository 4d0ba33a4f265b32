// SPDX-License-Identifier: MIT
// The HighWater desktop app.

#include "base/i18n.h"
#include "control/simcontroller.h"
#include "export/exportfiles.h"
#include "hwversion.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QIcon>
#include <QPixmap>
#include <QStatusBar>
#include <QTimer>

#include <cstdio>
#include <cstring>

namespace {

/// The sides --size accepts, in pixels: from a small laptop's window to an 8K screen.
constexpr int windowSideMin = 320;
constexpr int windowSideMax = 7680;

/// "1280x720" as a size, or an invalid size for anything else (a missing side, a sign, text, a side
/// out of range).
QSize parseWindowSize(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char('x'));
    if (parts.size() != 2)
        return {};
    bool wideOk = false;
    bool highOk = false;
    const int width = parts[0].toInt(&wideOk);
    const int height = parts[1].toInt(&highOk);
    const auto inRange = [](int side) { return side >= windowSideMin && side <= windowSideMax; };
    if (!wideOk || !highOk || parts[0].startsWith(QLatin1Char('+')) || parts[1].startsWith(QLatin1Char('+'))
        || !inRange(width) || !inRange(height))
        return {};
    return { width, height };
}

} // namespace

int main(int argc, char* argv[])
{
    // --version answers before anything needs a display, so that scripts and packagers can ask on
    // any machine; the text is the same as highwater-cli's.
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0 || std::strcmp(argv[i], "-v") == 0) {
            std::printf("highwater %s\n", HW_VERSION);
            return 0;
        }
    }
    // Without a display Qt would abort with a cryptic message; say what to do instead.
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (platform.isEmpty() && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::fprintf(stderr,
            "highwater: no display found (DISPLAY and WAYLAND_DISPLAY are unset).\n"
            "  For the headless tool, run: build/app/highwater-cli --help\n"
            "  To use the GUI without a screen, run it under Xvfb: xvfb-run scripts/run\n");
        return 2;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("HighWater"));
    QApplication::setOrganizationName(QStringLiteral("HighWater"));
    QApplication::setApplicationVersion(QStringLiteral(HW_VERSION));
    // The desktop file's name lets Wayland compositors and task bars match the window to the
    // installed .desktop file and its icon; the window shows the same icon.
    QGuiApplication::setDesktopFileName(QStringLiteral(HW_APP_ID));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/" HW_APP_ID ".svg")));
    hw::ui::installTranslations(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "See and teach how Kafka replicates data."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("scenario"), QApplication::translate("main", "A scenario file or builtin:NAME to open."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QApplication::translate("main", "Save an image of the window and quit."), QStringLiteral("file.png"));
    parser.addOption(screenshot);
    const QCommandLineOption checkpoint(QStringLiteral("checkpoint"),
        QApplication::translate("main", "Start at the checkpoint with this label."), QStringLiteral("label"));
    parser.addOption(checkpoint);
    const QCommandLineOption view(QStringLiteral("view"),
        QApplication::translate("main", "Start in the partition or the cluster view."),
        QStringLiteral("partition|cluster"));
    parser.addOption(view);
    const QCommandLineOption size(QStringLiteral("size"),
        QApplication::translate("main", "The window's size, such as 1280x720."), QStringLiteral("WxH"));
    parser.addOption(size);
    parser.process(app);

    hw::ui::MainWindow window;
    if (!parser.positionalArguments().isEmpty() && !window.openScenario(parser.positionalArguments().constFirst())) {
        // The status bar holds why ("Cannot open FILE: FILE:1:101: ..."), as the Open dialog shows it.
        std::fprintf(stderr, "highwater: %s\n", qPrintable(window.statusBar()->currentMessage()));
        return 2;
    }
    if (parser.isSet(checkpoint)) {
        const std::int64_t frame = window.controller()->timeline().findLabel(parser.value(checkpoint).toStdString());
        if (frame < 0) {
            std::fprintf(stderr, "highwater: no checkpoint labelled %s\n", qPrintable(parser.value(checkpoint)));
            return 2;
        }
        window.controller()->setCurrentFrame(frame);
    }
    if (parser.value(view) == QLatin1String("cluster"))
        window.setViewKind(hw::ui::FrameScene::ViewKind::Cluster);
    else if (parser.value(view) == QLatin1String("partition"))
        window.setViewKind(hw::ui::FrameScene::ViewKind::Partition);
    else if (parser.isSet(view)) {
        std::fprintf(stderr, "highwater: --view: expected partition or cluster, got \"%s\"\n",
            qPrintable(parser.value(view)));
        return 2;
    }
    if (parser.isSet(size)) {
        const QSize wanted = parseWindowSize(parser.value(size));
        if (!wanted.isValid()) {
            std::fprintf(stderr, "highwater: --size: expected WIDTHxHEIGHT, each %d to %d, such as 1280x720, got \"%s\"\n",
                windowSideMin, windowSideMax, qPrintable(parser.value(size)));
            return 2;
        }
        window.resize(wanted);
    }
    // The screenshot's file is checked before anything is drawn, as every writer's target is: a
    // device, a named pipe or a directory is refused and left as it was.
    const QString screenshotFile = parser.value(screenshot);
    if (parser.isSet(screenshot)) {
        const QString problem = hw::ui::exportfiles::targetProblem(screenshotFile);
        if (!problem.isEmpty()) {
            std::fprintf(stderr, "highwater: --screenshot: %s\n", qPrintable(problem));
            return 2;
        }
    }
    window.show();
    if (!parser.isSet(screenshot)) {
        // A session that a crash left unsaved is offered once the window is on screen behind the question.
        QTimer::singleShot(0, &window, [&window] { window.offerRestore(); });
    }
    if (parser.isSet(screenshot)) {
        QApplication::processEvents();
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        if (!window.grab().save(&buffer, "PNG")) {
            std::fprintf(stderr, "highwater: --screenshot: cannot encode the window's image\n");
            return 2;
        }
        const QString error = hw::ui::exportfiles::writeFile(screenshotFile, png);
        if (!error.isEmpty()) {
            std::fprintf(stderr, "highwater: --screenshot: %s\n", qPrintable(error));
            return 2;
        }
        return 0;
    }
    return QApplication::exec();
}
