// SPDX-License-Identifier: MIT
// Help > About: the version from project(VERSION), the licence, the Kafka semantics the engine
// follows and Qt's version, in each language, with the app's icon.

#include "base/i18n.h"
#include "hwversion.h"
#include "shell/mainwindow.h"

#include <QAction>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QMessageBox>
#include <QPixmap>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using hw::ui::MainWindow;

/// The About box that Help > About opened on the window, or nullptr.
QMessageBox* openAbout(MainWindow& window)
{
    QAction* about = window.action(QStringLiteral("about"));
    if (!about)
        return nullptr;
    about->trigger();
    QCoreApplication::processEvents();
    return window.findChild<QMessageBox*>(QStringLiteral("aboutBox"));
}

/// Puts the test program's language back to English when a test ends, also when it fails.
struct EnglishAfterwards {
    ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
};

TEST(About, HelpAboutShowsTheVersionLicenceKafkaSemanticsAndQt)
{
    MainWindow window;
    window.show();
    QMessageBox* box = openAbout(window);
    ASSERT_NE(box, nullptr) << "Help > About opened no box named aboutBox";
    EXPECT_TRUE(box->isVisible());
    EXPECT_EQ(box->windowTitle(), QStringLiteral("About HighWater"));
    const QString text = box->text();
    EXPECT_TRUE(text.startsWith(QStringLiteral("HighWater " HW_VERSION "\n"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Licence: MIT"))) << text.toStdString();
    // Every release a scenario can choose, oldest to newest (cluster.kafka_version).
    EXPECT_TRUE(text.contains(QStringLiteral("Apache Kafka 3.7 to 4.4 in KRaft mode"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("chosen per scenario (cluster.kafka_version)"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("Kafka 3.7 in KRaft"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Built with Qt " QT_VERSION_STR))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("running on Qt ") + QString::fromLatin1(qVersion())))
        << text.toStdString();
    // The app's icon, drawn: the SVG resource was found and rendered (not a blank pixmap).
    const QImage icon = box->iconPixmap().toImage();
    ASSERT_FALSE(icon.isNull());
    EXPECT_GE(icon.width(), 64);
    EXPECT_GT(qAlpha(icon.pixel(icon.width() / 2, icon.height() / 2)), 0);
    // The box closes like any other and leaves nothing behind (WA_DeleteOnClose).
    box->accept();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    EXPECT_EQ(window.findChild<QMessageBox*>(QStringLiteral("aboutBox")), nullptr);
}

TEST(About, TheVersionIsTheProjectsVersion)
{
    // hwversion.h is configured from project(VERSION): three numbers, the first release 0.1.0 or later.
    const QStringList parts = QStringLiteral(HW_VERSION).split(QLatin1Char('.'));
    ASSERT_EQ(parts.size(), 3) << HW_VERSION;
    for (const QString& part : parts) {
        bool ok = false;
        part.toInt(&ok);
        EXPECT_TRUE(ok) << HW_VERSION;
    }
    EXPECT_TRUE(MainWindow::aboutText().contains(QStringLiteral(HW_VERSION)));
}

TEST(About, TheBoxIsTranslatedAndKeepsTheVersionAndLicence)
{
    const EnglishAfterwards restore;
    for (const char* code : { "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(code))) << code;
        MainWindow window;
        window.show();
        QMessageBox* box = openAbout(window);
        ASSERT_NE(box, nullptr) << code;
        const QString text = box->text();
        EXPECT_NE(text, QString()) << code;
        EXPECT_TRUE(text.contains(QStringLiteral(HW_VERSION))) << code << ": " << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("MIT"))) << code << ": " << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("Apache Kafka 3.7"))) << code << ": " << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("4.4"))) << code << ": " << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("cluster.kafka_version"))) << code << ": " << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("KRaft"))) << code << ": " << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral(QT_VERSION_STR))) << code << ": " << text.toStdString();
        // Translated: no English sentence is left, and the title is not the English one.
        EXPECT_FALSE(text.contains(QStringLiteral("Licence"))) << code << ": " << text.toStdString();
        EXPECT_FALSE(text.contains(QStringLiteral("replication rules"))) << code << ": " << text.toStdString();
        EXPECT_NE(box->windowTitle(), QStringLiteral("About HighWater")) << code;
        box->accept();
    }
}

TEST(About, TranslationsAreLoadedFromTheTranslationsDirectory)
{
    const EnglishAfterwards restore;
    // The build tree keeps the .qm files where an installed program finds them, under
    // share/highwater/translations; the test program is shown that directory (test_main.cpp).
    const QString directory = hw::ui::translationsDirectory();
    EXPECT_TRUE(directory.endsWith(QStringLiteral("/share/highwater/translations"))) << directory.toStdString();
    for (const char* code : { "en", "zh_TW", "zh_CN" })
        EXPECT_TRUE(QFileInfo::exists(directory + QStringLiteral("/highwater_%1.qm").arg(QLatin1String(code)))) << code;
    // An empty directory has no translations: Chinese is refused and the texts stay English.
    const QTemporaryDir empty;
    ASSERT_TRUE(empty.isValid());
    hw::ui::setTranslationsDirectory(empty.path());
    EXPECT_FALSE(hw::ui::setLanguage(QStringLiteral("zh_TW")));
    EXPECT_TRUE(MainWindow::aboutText().contains(QStringLiteral("Licence: MIT")));
    hw::ui::setTranslationsDirectory(directory);
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_TW")));
    EXPECT_FALSE(MainWindow::aboutText().contains(QStringLiteral("Licence: MIT")));
}

} // namespace
