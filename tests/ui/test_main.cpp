// SPDX-License-Identifier: MIT
// The UI tests' main: an offscreen QApplication with the app's translations (English plural forms).

#include "base/i18n.h"

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace hw::uitest {
/// A window that acts as a class would, says READY once its autosave holds the session, and runs
/// until it is killed (test_autosave.cpp).
int autosaveChild();
} // namespace hw::uitest

int main(int argc, char** argv)
{
    // UI tests draw offscreen unless a platform is chosen explicitly (test discovery runs here too).
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // Recent files and other settings stay apart from a user's, and from other test processes that
    // ctest runs in parallel: each process gets its own settings directory.
    QApplication::setOrganizationName(QStringLiteral("HighWaterTests"));
    QApplication::setApplicationName(QStringLiteral("hwui_tests"));
    const QTemporaryDir settings;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    // So do the files the windows keep their unsaved sessions in (QStandardPaths::AppDataLocation),
    // unless a test process was given its own (the autosave test's child process).
    if (qEnvironmentVariableIsEmpty("HW_TEST_KEEP_DATA_HOME"))
        qputenv("XDG_DATA_HOME", settings.path().toLocal8Bit());
    // The test program is not in build/app, so it is shown where the build tree keeps the .qm files.
    hw::ui::setTranslationsDirectory(QStringLiteral(HW_BUILD_TRANSLATIONS_DIR));
    // The tests read English texts whatever the machine's locale; test_i18n switches languages itself.
    hw::ui::installTranslations(app, QStringLiteral("en"));
    // The autosave test starts this program as the app it kills (test_autosave.cpp).
    if (qEnvironmentVariableIsSet("HW_AUTOSAVE_CHILD"))
        return hw::uitest::autosaveChild();
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
