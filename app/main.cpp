// SPDX-License-Identifier: MIT
// The HighWater desktop app.

#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPixmap>

#include <cstdio>

int main(int argc, char* argv[])
{
    // Without a display Qt would abort with a cryptic message; say what to do instead.
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (platform.isEmpty() && qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
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

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "See and teach how Kafka replicates data."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QApplication::translate("main", "A scenario file or builtin:NAME to open."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QApplication::translate("main", "Save an image of the window and quit."),
                                        QStringLiteral("file.png"));
    parser.addOption(screenshot);
    parser.process(app);

    hw::ui::MainWindow window;
    if (!parser.positionalArguments().isEmpty())
        window.openScenario(parser.positionalArguments().constFirst());
    window.show();
    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        if (!window.grab().save(file)) {
            std::fprintf(stderr, "highwater: cannot write %s\n", qPrintable(file));
            return 2;
        }
        return 0;
    }
    return QApplication::exec();
}
