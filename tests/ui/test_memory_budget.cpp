// SPDX-License-Identifier: MIT
// The GUI at the history's memory budget (issue 10): stepping and playing stop with a message (in the
// window's status bar), and the app stays usable (earlier frames, acting at an earlier frame).

#include "control/simcontroller.h"
#include "scenario/scenario.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"

#include <QStatusBar>
#include <QStringList>
#include <QTest>

#include <gtest/gtest.h>

namespace {

using hw::ui::MainWindow;
using hw::ui::SimController;

constexpr std::uint64_t smallBudget = std::uint64_t { 2 } << 20; // 2 MiB

/// Three brokers, 64 partitions and a steady producer: about 800 frames a simulated second.
hw::Scenario busyScenario()
{
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "busy", "title": {"en": "busy"},
        "cluster": {"brokers": 3}, "topics": [{"name": "t", "partitions": 64, "replication.factor": 3}],
        "producers": [{"id": "p", "rate_per_s": 50, "topic": "t"}],
        "steps": [{"advance": {"ms": 100}}]})",
        "busy.json");
    return std::get<hw::Scenario>(parsed);
}

TEST(MemoryBudget, SteppingStopsAtTheBudgetWithAMessage)
{
    // The controller alone: thousands of steps without a window redrawing each.
    SimController controller;
    QStringList messages;
    QObject::connect(&controller, &SimController::message, [&](const QString& text) { messages << text; });
    controller.setMemoryBudget(smallBudget);
    ASSERT_EQ(controller.openParsedScenario(busyScenario(), QStringLiteral("busy.json")), QString());
    EXPECT_EQ(controller.memoryBudgetMessage(), QString());
    controller.goToLast();
    int steps = 0;
    while (controller.stepForward() && steps < 200000)
        ++steps;
    ASSERT_TRUE(controller.timeline().atMemoryBudget()) << steps << " steps";
    EXPECT_GT(steps, 1000);
    const QString message = controller.memoryBudgetMessage();
    EXPECT_TRUE(message.contains(QStringLiteral("memory budget of 2 MiB"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("frame %1").arg(controller.lastFrame()))) << message.toStdString();
    ASSERT_EQ(messages.size(), 1);
    EXPECT_EQ(messages.back(), message);
    // Another step does nothing but say so again.
    const std::int64_t frames = controller.frameCount();
    EXPECT_FALSE(controller.stepForward());
    EXPECT_EQ(controller.frameCount(), frames);
    EXPECT_EQ(controller.currentFrame(), controller.lastFrame());
    EXPECT_EQ(messages.size(), 2);

    // The app stays usable: earlier frames show, and acting at an earlier frame forks below the budget.
    controller.setCurrentFrame(frames / 2);
    EXPECT_EQ(controller.currentFrame(), frames / 2);
    controller.stepBack();
    EXPECT_EQ(controller.currentFrame(), frames / 2 - 1);
    hw::ProduceStep produce;
    produce.action.partition = 0;
    produce.action.values = { "after" };
    EXPECT_EQ(controller.perform(frames / 4, produce), QString());
    EXPECT_FALSE(controller.timeline().atMemoryBudget());
    EXPECT_LT(controller.frameCount(), frames);
    EXPECT_TRUE(controller.stepForward());
}

TEST(MemoryBudget, RunningOnStopsAtTheBudgetWithTheMessage)
{
    MainWindow window;
    SimController* controller = window.controller();
    controller->setMemoryBudget(smallBudget);
    ASSERT_EQ(controller->openParsedScenario(busyScenario(), QStringLiteral("busy.json")), QString());
    controller->goToLast();
    // Play never runs past the end; Run on does, one action at a time, until the budget stops it.
    for (int i = 0; i < 100 && !controller->timeline().atMemoryBudget(); ++i)
        window.action(QStringLiteral("runOn"))->trigger();
    ASSERT_TRUE(controller->timeline().atMemoryBudget());
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(controller->memoryBudgetMessage()))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("2 MiB")));
    // At the budget Run on cannot run, and its menu item says so.
    EXPECT_FALSE(window.action(QStringLiteral("runOn"))->isEnabled());
    EXPECT_TRUE(window.action(QStringLiteral("runOn"))->text().contains(QStringLiteral("memory budget")));
    controller->goToLast();
    controller->setPlaying(true);
    EXPECT_FALSE(controller->isPlaying()) << "at the last frame play does not start";
}

TEST(MemoryBudget, ItIsTheNamedDefaultUnlessSet)
{
    SimController controller;
    EXPECT_EQ(controller.memoryBudget(), hw::limits::historyBytesDefault);
    EXPECT_EQ(controller.timeline().memoryBudget(), hw::limits::historyBytesDefault);
    controller.setMemoryBudget(smallBudget);
    EXPECT_EQ(controller.timeline().memoryBudget(), smallBudget);
    ASSERT_EQ(controller.openParsedScenario(busyScenario(), QStringLiteral("busy.json")), QString());
    EXPECT_EQ(controller.timeline().memoryBudget(), smallBudget) << "a new scenario keeps the budget";
}

} // namespace
