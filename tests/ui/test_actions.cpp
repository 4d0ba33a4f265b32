// SPDX-License-Identifier: MIT
// What the window shows after an action, and what the next action does with it (issue #25, defect 2):
// an action shows its own last frame, so the next one continues the run; only an action taken at an
// earlier frame replaces what came after it, and the status line says so.

#include "control/simcontroller.h"
#include "panels/narrationpanel.h"
#include "model/cluster_state.h"
#include "scenario/scenario.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"
#include "uitest_support.h"

#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

namespace {

using hw::ui::MainWindow;

hw::Step slow(hw::BrokerId broker, hw::TimeMs ms)
{
    hw::SlowStep step;
    step.action.broker = broker;
    step.action.latencyMs = ms;
    return step;
}

hw::Step produce(const std::string& value)
{
    hw::ProduceStep step;
    step.action.producer = 0;
    step.action.topic = 0;
    step.action.partition = 0;
    step.action.values = { value };
    return step;
}

hw::Step broker(hw::BrokerAction::Kind kind, hw::BrokerId id)
{
    return hw::FaultStep { hw::BrokerAction { kind, id, 0 } };
}

/// The steps of the window's session as File > Save writes them, read back.
std::vector<hw::Step> savedSteps(MainWindow& window)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.json"));
    EXPECT_EQ(window.saveScenario(path), QString());
    hw::ui::RecentFiles::clear();
    auto loaded = hw::loadScenario(path.toStdString());
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<hw::Scenario>(loaded).steps;
}

template <typename T, typename Pred> int countSteps(const std::vector<hw::Step>& steps, Pred pred)
{
    int n = 0;
    for (const hw::Step& step : steps) {
        if (const auto* s = std::get_if<T>(&step); s && pred(*s))
            ++n;
    }
    return n;
}

/// Where in the saved steps the first step of type T that pred accepts is (-1: none).
template <typename T, typename Pred> int indexOfStep(const std::vector<hw::Step>& steps, Pred pred)
{
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (const auto* s = std::get_if<T>(&steps[i]); s && pred(*s))
            return static_cast<int>(i);
    }
    return -1;
}

bool isSlowOf3(const hw::SlowStep& s)
{
    return s.action.broker == 3 && s.action.latencyMs == 500;
}

bool isM4(const hw::ProduceStep& s)
{
    return s.action.values == std::vector<std::string> { "m4" };
}

TEST(ActionFrame, ASecondActionAtTheEndAppendsAndKeepsTheFirst)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    controller->goToLast();
    const std::int64_t scripted = controller->lastFrame();

    ASSERT_TRUE(window.act(slow(3, 500)));
    // The walkthrough runs with auto.fetch off: the slow-down is behind the switch, one frame later.
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame()) << "the action's own frame is shown";
    EXPECT_EQ(controller->timeline().frame(controller->currentFrame()).event.type, hw::EventType::LatencyChanged);
    EXPECT_EQ(controller->timeline().frame(scripted + 1).event.type, hw::EventType::ConfigChanged);
    EXPECT_FALSE(window.statusBar()->currentMessage().contains(QStringLiteral("replaced")));

    const std::int64_t framesAfterSlow = controller->frameCount();
    ASSERT_TRUE(window.act(produce("m4")));
    EXPECT_FALSE(window.statusBar()->currentMessage().contains(QStringLiteral("replaced")))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_GT(controller->frameCount(), framesAfterSlow) << "the produce appended";
    EXPECT_EQ(controller->timeline().frame(framesAfterSlow - 1).event.type, hw::EventType::LatencyChanged)
        << "the slow-down's frame is still there";
    EXPECT_EQ(controller->timeline().head().broker(3).latencyMs, 500);
    // A produce that waits for the leader's append shows the append.
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());
    EXPECT_EQ(controller->timeline().frame(controller->currentFrame()).event.type, hw::EventType::ProduceAppended);

    const std::vector<hw::Step> steps = savedSteps(window);
    const int slowAt = indexOfStep<hw::SlowStep>(steps, isSlowOf3);
    const int produceAt = indexOfStep<hw::ProduceStep>(steps, isM4);
    ASSERT_GE(slowAt, 0) << "the saved session has the slow step";
    ASSERT_GE(produceAt, 0) << "the saved session has the produce";
    EXPECT_LT(slowAt, produceAt);
}

TEST(ActionFrame, KillThenProduceKeepsTheKill)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    controller->goToLast();
    ASSERT_TRUE(window.act(broker(hw::BrokerAction::Kind::Kill, 3)));
    EXPECT_EQ(controller->timeline().frame(controller->currentFrame()).event.type, hw::EventType::BrokerKilled);
    ASSERT_TRUE(window.act(produce("m4")));
    EXPECT_FALSE(controller->timeline().head().broker(3).alive) << "the produce did not replace the kill";
    const std::vector<hw::Step> steps = savedSteps(window);
    const int killAt = indexOfStep<hw::FaultStep>(steps, [](const hw::FaultStep& s) {
        const auto* b = std::get_if<hw::BrokerAction>(&s.action);
        return b && b->kind == hw::BrokerAction::Kind::Kill && b->broker == 3;
    });
    ASSERT_GE(killAt, 0);
    EXPECT_LT(killAt, indexOfStep<hw::ProduceStep>(steps, isM4));
    EXPECT_EQ(window.undoStack()->count(), 2);
}

TEST(ActionFrame, AControlledShutdownShowsTheBrokersExitAndTheNextActionAppends)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    controller->goToLast();
    ASSERT_TRUE(window.act(broker(hw::BrokerAction::Kind::Shutdown, 2)));
    // The shutdown waits for the controller to move the leaderships and the broker to stop: several
    // frames, the last of which is the broker's exit.
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());
    const hw::Event& shown = controller->timeline().frame(controller->currentFrame()).event;
    EXPECT_EQ(shown.type, hw::EventType::BrokerShutDown);
    EXPECT_EQ(shown.node, 2);
    const std::int64_t frames = controller->frameCount();
    ASSERT_TRUE(window.act(broker(hw::BrokerAction::Kind::Restart, 2)));
    EXPECT_GT(controller->frameCount(), frames);
    EXPECT_EQ(controller->timeline().frame(frames - 1).event.type, hw::EventType::BrokerShutDown)
        << "the restart continued after the shutdown";
}

TEST(ActionFrame, AnActionAtAnEarlierFrameReplacesTheLaterOnesAndSaysSo)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    controller->goToLast();
    ASSERT_TRUE(window.act(slow(3, 500)));
    const std::int64_t slowFrame = controller->currentFrame();
    controller->setCurrentFrame(slowFrame - 1); // the auto.fetch switch, before the slow-down
    ASSERT_TRUE(window.act(produce("m4")));
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("later frames were replaced")))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_EQ(controller->timeline().head().broker(3).latencyMs, -1) << "the slow-down was replaced";
    EXPECT_EQ(countSteps<hw::SlowStep>(savedSteps(window), isSlowOf3), 0);
    // Undo brings the slow-down back, at the frame it had.
    window.undoStack()->undo();
    EXPECT_EQ(controller->timeline().frame(slowFrame).event.type, hw::EventType::LatencyChanged);
    EXPECT_EQ(controller->currentFrame(), slowFrame - 1);
}

TEST(ScenarioNote, TheLastStepsNoteGivesWayOnFramesTheUserMade)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    hw::ui::NarrationPanel* narration = window.narration();
    controller->goToLast();
    const std::int64_t scripted = controller->lastFrame();
    const QString lastNote = narration->noteText();
    ASSERT_FALSE(lastNote.isEmpty()) << "the walkthrough's step 4 note describes its last frames";
    EXPECT_TRUE(controller->isScriptedFrame(scripted));

    ASSERT_TRUE(window.act(broker(hw::BrokerAction::Kind::Kill, 3)));
    EXPECT_FALSE(controller->isScriptedFrame(controller->currentFrame()));
    EXPECT_TRUE(narration->noteText().isEmpty()) << "the step 4 note does not describe a killed broker";
    EXPECT_TRUE(narration->noteHeadingText().isEmpty());
    controller->setCurrentFrame(scripted);
    EXPECT_EQ(narration->noteText(), lastNote) << "the scripted frames keep their note";

    // On a branch the user made at checkpoint 2, the later notes are gone with the frames they described,
    // and the frames of the branch have none either; the frames before the fork keep theirs.
    const std::int64_t two = controller->timeline().findLabel("2");
    controller->setCurrentFrame(two);
    const QString noteTwo = narration->noteText();
    ASSERT_FALSE(noteTwo.isEmpty());
    ASSERT_TRUE(window.act(produce("m9")));
    EXPECT_TRUE(narration->noteText().isEmpty());
    controller->setCurrentFrame(two + 1);
    EXPECT_TRUE(narration->noteText().isEmpty()) << "frame " << two + 1 << " is the user's";
    controller->setCurrentFrame(two);
    EXPECT_EQ(narration->noteText(), noteTwo);

    // Undo brings the scripted run back, and its notes.
    window.undoStack()->undo();
    window.undoStack()->undo();
    controller->goToLast();
    EXPECT_TRUE(controller->isScriptedFrame(controller->currentFrame()));
    EXPECT_EQ(narration->noteText(), lastNote);
}

} // namespace
