// SPDX-License-Identifier: MIT
// The app's writers against hostile output targets (issue 25): File > Save scenario, File > Export
// Image (a PNG, a PDF), File > Export Animation (a GIF, PNG frames into a folder), each given device
// nodes like /dev/null and /dev/full, a named pipe, a socket, a directory (or a regular file where a
// folder of frames goes), symbolic links (to a device, to nothing, to a regular file), a read-only
// mount and a full disk; so are the charts' export, the compare window's export and the app's
// --screenshot. Each is refused, or fails, with a message that gives the reason (an export's
// names the path too; the save dialog puts the path before the reason), and the target stays as it
// was. A link to a regular file (for frames, to a directory) is followed and stays a link.
//
// This program has its own main: it enters a mount namespace of its own (tests/support/
// hostile_targets.h) before the QApplication starts any thread.

#include "hostile_targets.h"

#include "base/i18n.h"
#include "control/simcontroller.h"
#include "export/exportdialog.h"
#include "export/exporter.h"
#include "panels/chartspanel.h"
#include "scene/framescene.h"
#include "scenario/scenario.h"
#include "shell/comparewindow.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QProcess>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <functional>
#include <iostream>

namespace {

namespace fs = std::filesystem;
using namespace hw::test::hostile;
using hw::ui::ExportFormat;

/// The walkthrough at checkpoint 3, as the main window shows it, with the export dialogs over it.
struct Session {
    hw::ui::MainWindow window;
    hw::ui::SimController controller;
    hw::ui::FrameScene scene;
    Session()
    {
        EXPECT_TRUE(controller.openScenario(QStringLiteral("builtin:leo-hw-walkthrough")).isEmpty());
        controller.setCurrentFrame(41);
        scene.setFrame(controller.state(), controller.displayTimeMs());
    }
};

/// What a writer of the app says: an empty string when it wrote.
using Write = std::function<QString(Session&, const QString& path)>;

struct Writer {
    std::string name;
    Shape shape;
    Write write;
    bool namesThePath; // the save returns the reason alone: its dialog puts the path first
};

void chooseFormat(QComboBox* combo, ExportFormat format)
{
    combo->setCurrentIndex(combo->findData(static_cast<int>(format)));
}

QString imageExport(Session& s, const QString& path, ExportFormat format)
{
    hw::ui::ExportImageDialog dialog(&s.controller, &s.scene, QSize(320, 180), nullptr);
    chooseFormat(dialog.formatCombo(), format); // first: choosing a format gives the path its extension
    dialog.pathEdit()->setText(path);
    return dialog.exportNow().error;
}

QString animationExport(Session& s, const QString& path, ExportFormat format)
{
    hw::ui::ExportAnimationDialog dialog(&s.controller, &s.scene);
    chooseFormat(dialog.formatCombo(), format);
    dialog.fromSpin()->setValue(41);
    dialog.toSpin()->setValue(44);
    dialog.widthSpin()->setValue(160);
    dialog.heightSpin()->setValue(90);
    dialog.pathEdit()->setText(path);
    return dialog.exportNow().error;
}

QString chartsExport(Session& s, const QString& path)
{
    hw::ui::ChartsPanel charts(&s.controller);
    charts.resize(480, 320);
    hw::ui::ExportImageDialog dialog(&s.controller, &s.scene, QSize(320, 180), &charts, nullptr);
    dialog.whatCombo()->setCurrentIndex(1); // Charts
    EXPECT_TRUE(dialog.exportsCharts());
    chooseFormat(dialog.formatCombo(), ExportFormat::Png);
    dialog.pathEdit()->setText(path);
    return dialog.exportNow().error;
}

/// View > Compare versions, the walkthrough under 3.7 and 4.2, both views stacked.
QString compareExport(const QString& path, ExportFormat format)
{
    hw::ui::CompareWindow window;
    auto loaded = hw::loadScenario("builtin:leo-hw-walkthrough");
    const auto* scenario = std::get_if<hw::Scenario>(&loaded);
    EXPECT_NE(scenario, nullptr);
    if (!scenario)
        return QStringLiteral("no walkthrough");
    EXPECT_EQ(window.open(*scenario, QStringLiteral("builtin:leo-hw-walkthrough"), hw::KafkaVersion::V3_7,
                  hw::KafkaVersion::V4_2),
        QString());
    hw::ui::ExportSettings view;
    hw::ui::CompareExportDialog dialog(window.panels(), view, nullptr);
    chooseFormat(dialog.formatCombo(), format);
    dialog.pathEdit()->setText(path);
    return dialog.exportNow().error;
}

/// `highwater --screenshot PATH`: the app's own process, what it prints on standard error.
QString screenshot(const QString& path)
{
    // In English, with settings of its own (a language chosen in the user's settings would change
    // the messages).
    const QTemporaryDir config;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), config.path());
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    QProcess app;
    app.setProcessEnvironment(env);
    app.setProcessChannelMode(QProcess::SeparateChannels);
    app.start(QStringLiteral(HW_APP_PATH), { QStringLiteral("--size"), QStringLiteral("640x400"),
                                                QStringLiteral("--screenshot"), path });
    EXPECT_TRUE(app.waitForFinished(60000)) << "the app did not finish";
    const QString said = QString::fromLocal8Bit(app.readAllStandardError()).trimmed();
    if (app.exitStatus() != QProcess::NormalExit)
        return QStringLiteral("crashed: ") + said;
    if (app.exitCode() == 0)
        return {};
    return said.isEmpty() ? QStringLiteral("exit code %1 and no message").arg(app.exitCode()) : said;
}

std::vector<Writer> writers()
{
    return {
        { "File > Save scenario", Shape::File,
            [](Session& s, const QString& path) { return s.window.saveScenario(path); }, false },
        { "File > Export Image, PNG", Shape::File,
            [](Session& s, const QString& path) { return imageExport(s, path, ExportFormat::Png); }, true },
        { "File > Export Image, PDF", Shape::File,
            [](Session& s, const QString& path) { return imageExport(s, path, ExportFormat::Pdf); }, true },
        { "File > Export Animation, GIF", Shape::File,
            [](Session& s, const QString& path) { return animationExport(s, path, ExportFormat::Gif); }, true },
        { "File > Export Animation, PNG frames", Shape::Directory,
            [](Session& s, const QString& path) { return animationExport(s, path, ExportFormat::Png); }, true },
        { "File > Export Image, the charts as PNG", Shape::File,
            [](Session& s, const QString& path) { return chartsExport(s, path); }, true },
        { "Compare versions > Export image, PNG", Shape::File,
            [](Session&, const QString& path) { return compareExport(path, ExportFormat::Png); }, true },
        { "Compare versions > Export image, PDF", Shape::File,
            [](Session&, const QString& path) { return compareExport(path, ExportFormat::Pdf); }, true },
        { "highwater --screenshot", Shape::File, [](Session&, const QString& path) { return screenshot(path); },
            true },
    };
}

TEST(HostileTargets, EveryWriterOfTheAppRefusesOrFailsAndLeavesTheTargetAsItWas)
{
    Sandbox sandbox;
    ASSERT_EQ(sandbox.error(), "");
    Session session;
    int refused = 0;
    int followed = 0;
    for (const Writer& writer : writers()) {
        const fs::path dir = sandbox.newCase(writer.shape == Shape::File ? "file" : "frames");
        int refusedHere = 0;
        for (const Target& target : makeTargets(sandbox, writer.shape, dir)) {
            SCOPED_TRACE(writer.name + " given " + target.name + " (" + target.path.string() + ")");
            EXPECT_EQ(target.error, "") << "the target could not be made";
            const fs::path parent = target.path.parent_path();
            const std::string before = fingerprint(target.path);
            const std::vector<std::string> around = entries(parent);
            const QString path = QString::fromStdString(target.path.string());
            const QString error = writer.write(session, path);
            if (target.reason.empty()) {
                EXPECT_EQ(error, QString());
                EXPECT_TRUE(fs::is_symlink(target.path));
                EXPECT_EQ(fs::read_symlink(target.path), target.leadsTo.filename());
                if (writer.shape == Shape::File)
                    EXPECT_GT(fs::file_size(target.leadsTo), std::string("the file the link leads to\n").size());
                else
                    EXPECT_FALSE(entries(target.leadsTo).empty()) << "no frames were written";
                EXPECT_EQ(entries(parent), around);
                ++followed;
                continue;
            }
            EXPECT_TRUE(error.contains(QString::fromStdString(target.reason)))
                << "the reason \"" << target.reason << "\" in: " << error.toStdString();
            if (writer.namesThePath) {
                EXPECT_TRUE(error.contains(path)) << error.toStdString();
            }
            EXPECT_EQ(fingerprint(target.path), before) << "the target changed";
            EXPECT_EQ(entries(parent), around) << "something was left beside the target";
            ++refusedHere;
        }
        std::cout << "  " << writer.name << ": " << refusedHere << " hostile targets refused or failed\n";
        refused += refusedHere;
    }
    hw::ui::RecentFiles::clear();
    std::cout << "hostile targets refused or failed with a message, target untouched: " << refused
              << "; links to a regular file or a directory followed: " << followed << "\n";
    RecordProperty("refused", refused);
    EXPECT_GT(refused, 0);
}

} // namespace

int main(int argc, char** argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    // Before anything starts a thread: a user namespace can only be entered by a process of one thread.
    if (!::testing::GTEST_FLAG(list_tests)) {
        if (const std::string error = enterPrivateMountNamespace(); !error.empty()) {
            std::cerr << "cannot make a private mount namespace for the hostile targets: " << error << "\n";
            return 1;
        }
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("HighWaterTests"));
    QApplication::setApplicationName(QStringLiteral("hwui_hostile_tests"));
    const QTemporaryDir settings;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    hw::ui::setTranslationsDirectory(QStringLiteral(HW_BUILD_TRANSLATIONS_DIR));
    hw::ui::installTranslations(app, QStringLiteral("en"));
    return RUN_ALL_TESTS();
}
