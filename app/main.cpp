// SPDX-License-Identifier: MIT
// The HighWater desktop app.

#include "mainwindow.h"

#include <QApplication>
#include <QGuiApplication>

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

    hw::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
