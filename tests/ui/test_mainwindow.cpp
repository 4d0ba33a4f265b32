// SPDX-License-Identifier: MIT
#include "mainwindow.h"

#include <QApplication>
#include <QListWidget>

#include <gtest/gtest.h>

namespace {

TEST(MainWindow, OpensTitledHighWaterOnTheSeedWalkthrough)
{
    hw::ui::MainWindow window;
    window.show();
    EXPECT_EQ(window.windowTitle(), QStringLiteral("HighWater"));
    ASSERT_GT(window.frameList()->count(), 10);
    EXPECT_TRUE(window.frameList()->item(0)->text().contains(QStringLiteral("The cluster starts")));
    int checkpoints = 0;
    for (int i = 0; i < window.frameList()->count(); ++i) {
        if (window.frameList()->item(i)->text().startsWith(QStringLiteral("[Checkpoint")))
            ++checkpoints;
    }
    EXPECT_EQ(checkpoints, 4);
}

TEST(MainWindow, ReportsAnUnknownScenarioWithoutCrashing)
{
    hw::ui::MainWindow window;
    EXPECT_FALSE(window.openScenario(QStringLiteral("builtin:no-such-scenario")));
    EXPECT_EQ(window.frameList()->count(), 0);
}

} // namespace

int main(int argc, char** argv)
{
    // UI tests draw offscreen unless a platform is chosen explicitly (test discovery runs here too).
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
