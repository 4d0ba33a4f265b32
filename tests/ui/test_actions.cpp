// SPDX-License-Identifier: MIT
// What the window shows after an action, and what the next action does with it (issue #25, defect 2):
// an action shows its own last frame, so the next one continues the run; only an action taken at an
// earlier frame replaces what came after it, and the status line says so.

#include "control/autosave.h"
#include "control/simcontroller.h"
#include "base/theme.h"
#include "panels/narrationpanel.h"
#include "scenario/builtin.h"
#include "shell/actionmenu.h"
#include "teaching/presentationmode.h"
#include "teaching/teachingaids.h"
#include "model/cluster_state.h"
#include "model/limits.h"
#include "scenario/scenario.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "shell/mainwindow.h"
#include "shell/sandboxdialog.h"
#include "shell/recentfiles.h"
#include "uitest_support.h"

#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QTest>
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
    ASSERT_TRUE(window.act(hw::uitest::produceStep("m4")));
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
    ASSERT_TRUE(window.act(hw::uitest::produceStep("m4")));
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
    ASSERT_TRUE(window.act(hw::uitest::produceStep("m4")));
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
    ASSERT_TRUE(window.act(hw::uitest::produceStep("m9")));
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

/// Every target the drawing offers a menu for at this state.
std::vector<hw::ui::SceneTarget> menuTargets(const hw::ClusterState& state)
{
    using hw::ui::SceneTarget;
    std::vector<SceneTarget> targets { SceneTarget {}, SceneTarget::forController() };
    for (const hw::Broker& b : state.brokers)
        targets.push_back(SceneTarget::forBroker(b.id));
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
        targets.push_back(SceneTarget::forPartition(p));
        for (const hw::Replica& r : state.partitions[static_cast<std::size_t>(p)].replicas)
            targets.push_back(SceneTarget::forReplica(p, r.broker));
    }
    for (std::int32_t i = 0; i < static_cast<std::int32_t>(state.producers.size()); ++i)
        targets.push_back(SceneTarget::forProducer(i));
    for (std::int32_t i = 0; i < static_cast<std::int32_t>(state.consumers.size()); ++i)
        targets.push_back(SceneTarget::forConsumer(i));
    for (std::int32_t i = 0; i < static_cast<std::int32_t>(state.groups.size()); ++i)
        targets.push_back(SceneTarget::forGroup(i));
    return targets;
}

/// Every item of a menu and its submenus that does something (no sections, no submenu titles).
void collectItems(QMenu* menu, std::vector<QAction*>& out)
{
    for (QAction* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (a->menu())
            collectItems(a->menu(), out);
        else
            out.push_back(a);
    }
}

struct MenuCount {
    int items = 0;
    int disabled = 0;
};

/// Builds every menu of a state and checks each item that runs a user action: enabled exactly when
/// the engine takes the action, and when not, the item says why in words.
MenuCount checkMenus(const hw::ClusterState& state, const std::string& where)
{
    MenuCount count;
    std::optional<hw::Step> asked;
    hw::ui::ActionMenu::Handlers handlers;
    handlers.act = [&](const hw::Step& action) { asked = action; };
    handlers.showPartition = [](std::int32_t) {};
    handlers.addConsumer = [](std::int32_t) {};
    for (const hw::ui::SceneTarget& target : menuTargets(state)) {
        std::unique_ptr<QMenu> menu(hw::ui::ActionMenu::build(target, state, handlers, nullptr));
        std::vector<QAction*> items;
        collectItems(menu.get(), items);
        for (QAction* item : items) {
            const bool enabled = item->isEnabled();
            // Trigger it even when disabled, to learn which action it stands for.
            asked.reset();
            item->setEnabled(true);
            item->trigger();
            item->setEnabled(enabled);
            const std::string text = item->text().toStdString();
            if (!enabled) {
                ++count.disabled;
                EXPECT_TRUE(item->text().contains(QStringLiteral("(not now: "))) << where << ": " << text;
                EXPECT_FALSE(item->toolTip().isEmpty()) << where << ": " << text;
            }
            if (!asked)
                continue; // it opens a dialog or another view
            ++count.items;
            const std::string refusal = hw::ui::checkUserAction(state, *asked);
            EXPECT_EQ(enabled, refusal.empty()) << where << ": \"" << text << "\" " << refusal;
            if (!enabled)
                EXPECT_EQ(item->toolTip(), hw::ui::unavailableReason(state, *asked)) << where << ": " << text;
        }
    }
    return count;
}

TEST(ActionMenus, EveryItemIsEnabledExactlyWhenItsActionCanRunAndSaysWhyNot)
{
    MenuCount total;
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        const std::string source = "builtin:" + std::string(builtin.name);
        const hw::Timeline timeline = hw::uitest::play(source);
        std::vector<std::int64_t> frames { 0, timeline.frameCount() - 1 };
        for (std::int64_t f = 1; f < timeline.frameCount(); ++f) {
            if (timeline.frame(f).label >= 0)
                frames.push_back(f);
        }
        for (std::int64_t f : frames) {
            const MenuCount count
                = checkMenus(timeline.stateAt(f), source + " frame " + std::to_string(f));
            total.items += count.items;
            total.disabled += count.disabled;
        }
    }
    EXPECT_GT(total.items, 1000);
    EXPECT_GT(total.disabled, 200) << "the lessons' states leave many actions unusable";
}

TEST(ActionMenus, ReasonsAreTheEnginesInTheUsersWords)
{
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    const hw::ClusterState state = timeline.stateAt(timeline.frameCount() - 1);
    EXPECT_EQ(hw::ui::unavailableReason(state, broker(hw::BrokerAction::Kind::Restart, 2)),
        QStringLiteral("broker 2 is running"));
    EXPECT_EQ(hw::ui::unavailableReason(state, broker(hw::BrokerAction::Kind::Heal, 2)),
        QStringLiteral("broker 2 is not isolated"));
    EXPECT_EQ(hw::ui::unavailableReason(state, hw::FaultStep { hw::ElectPreferredAction { 0 } }),
        QStringLiteral("broker 1, the preferred leader, already leads orders-0"));
    EXPECT_EQ(hw::ui::unavailableReason(state, broker(hw::BrokerAction::Kind::Kill, 2)), QString());
    hw::FetchStep fetchByLeader;
    fetchByLeader.action.partition = 0;
    fetchByLeader.action.follower = 1;
    EXPECT_EQ(hw::ui::unavailableReason(state, fetchByLeader),
        QStringLiteral("broker 1 leads orders-0; only followers fetch"));
    // A reason without words of its own is the engine's.
    hw::SlowStep tooSlow;
    tooSlow.action.broker = 1;
    tooSlow.action.latencyMs = hw::limits::latencyMsMax + 1;
    EXPECT_EQ(hw::ui::unavailableReason(state, tooSlow), QString::fromStdString(hw::ui::checkUserAction(state, tooSlow)));
}

/// Restores the light theme whatever a test did.
struct LightTheme {
    ~LightTheme()
    {
        hw::ui::theme::setLineScale(1.0);
        hw::ui::theme::setTextSizeMin(0);
        hw::ui::theme::apply(hw::ui::theme::Theme::Light);
        hw::ui::theme::applyToApplication();
    }
};

TEST(ActionMenus, InPresentationModeUnusableItemsLookUnusableAndTheReasonShowsOverTheDrawing)
{
    const LightTheme restore;
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QApplication::processEvents();
    hw::ui::PresentationMode* presentation
        = window.findChild<hw::ui::TeachingAids*>(QStringLiteral("teachingAids"))->presentation();
    presentation->enter();
    QApplication::processEvents();
    const QPalette palette = QApplication::palette();
    for (QPalette::ColorRole role : { QPalette::Text, QPalette::WindowText, QPalette::ButtonText })
        EXPECT_NE(palette.color(QPalette::Disabled, role), palette.color(QPalette::Active, role))
            << "high contrast draws disabled items as enabled ones";

    // The right-click menu of broker 2 at the end: kill is usable and runs, restart is not and says why.
    hw::ui::SimController* controller = window.controller();
    controller->goToLast();
    // As the window opens it, its text (and its submenus') is large enough for the back of the room.
    emit window.scene()->contextMenuRequested(hw::ui::SceneTarget::forBroker(2), QPoint(100, 100));
    QApplication::processEvents();
    auto* shown = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    ASSERT_NE(shown, nullptr);
    EXPECT_GE(QFontInfo(shown->font()).pixelSize(), 18);
    for (QMenu* submenu : shown->findChildren<QMenu*>())
        EXPECT_EQ(submenu->font(), shown->font());
    shown->close();
    QApplication::processEvents();
    hw::ui::ActionMenu::Handlers handlers;
    handlers.act = [&](const hw::Step& action) { window.act(action); };
    std::unique_ptr<QMenu> menu(hw::ui::ActionMenu::build(
        hw::ui::SceneTarget::forBroker(2), controller->state(), handlers, nullptr));
    QAction* kill = nullptr;
    QAction* restart = nullptr;
    for (QAction* a : menu->actions()) {
        if (a->text() == QStringLiteral("Kill broker 2"))
            kill = a;
        if (a->text().startsWith(QStringLiteral("Restart broker 2 (not now: broker 2 is running)")))
            restart = a;
    }
    ASSERT_NE(kill, nullptr);
    ASSERT_NE(restart, nullptr);
    EXPECT_FALSE(restart->isEnabled());
    kill->trigger();
    EXPECT_EQ(window.undoStack()->count(), 1) << "a usable item runs its action in presentation mode";
    EXPECT_FALSE(controller->timeline().head().broker(2).alive);

    // A refusal (here from the controls, which the menu would have disabled) shows over the drawing,
    // where the class can read it, since the status bar is hidden.
    EXPECT_FALSE(window.act(broker(hw::BrokerAction::Kind::Kill, 2)));
    QLabel* message = presentation->messageLabel();
    ASSERT_TRUE(message->isVisible());
    EXPECT_TRUE(message->text().contains(QStringLiteral("broker 2 is already down"))) << message->text().toStdString();
    EXPECT_GE(QFontInfo(message->font()).pixelSize(), 18);
    EXPECT_EQ(message->palette().color(QPalette::Window), QColor(0xFF, 0xF3, 0xB0));
    EXPECT_EQ(message->grab().toImage().pixelColor(message->width() / 2, 4), QColor(0xFF, 0xF3, 0xB0));
    const QRect inView(message->mapTo(window.view(), QPoint(0, 0)), message->size());
    EXPECT_TRUE(window.view()->rect().contains(inView));
    window.statusBar()->clearMessage();
    EXPECT_FALSE(message->isVisible()) << "the message goes when the status line's would";
    presentation->leave();
    EXPECT_FALSE(message->isVisible());
    emit window.scene()->contextMenuRequested(hw::ui::SceneTarget::forBroker(2), QPoint(100, 100));
    QApplication::processEvents();
    shown = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    ASSERT_NE(shown, nullptr);
    EXPECT_GE(QFontInfo(shown->font()).pixelSize(), 14) << "windowed, the menu has the window's text size";
    shown->close();
    window.statusBar()->showMessage(QStringLiteral("windowed"));
    EXPECT_FALSE(message->isVisible()) << "out of presentation mode the status bar shows it";
}

/// Plays until the controller stops by itself or the wall-clock time runs out.
void playUntilStopped(hw::ui::SimController* controller, int wallMsMax)
{
    controller->setPlaying(true);
    QElapsedTimer wall;
    wall.start();
    while (controller->isPlaying() && wall.elapsed() < wallMsMax)
        QTest::qWait(20);
}

TEST(Playing, WithTheDefaultsPlayNeverLooksFrozen)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    EXPECT_EQ(controller->speed(), 0.01) << "the default speed, 1/100x";
    EXPECT_TRUE(controller->skipIdleTime());
    // After frame 16 of the walkthrough the followers' fetches wait at the leader for 495 ms of
    // simulated time with nothing travelling: 50 s of a still picture at 1/100x, unless skipped.
    const hw::Timeline& tl = controller->timeline();
    std::int64_t quiet = -1;
    for (std::int64_t f = 0; f + 1 < tl.frameCount() && quiet < 0; ++f) {
        if (tl.frame(f + 1).timeMs - tl.frame(f).timeMs >= 400)
            quiet = f;
    }
    EXPECT_EQ(quiet, 16);
    ASSERT_GE(quiet, 0) << "the walkthrough has a long quiet stretch";
    controller->setCurrentFrame(quiet);
    controller->setPlaying(true);
    QTest::qWait(500);
    EXPECT_GT(controller->currentFrame(), quiet) << "half a second of Play crossed the quiet stretch";
    controller->setPlaying(false);
}

TEST(Playing, PauseAtCheckpointsStopsAtEachAndPlayGoesOn)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    QAction* pause = window.action(QStringLiteral("pauseAtCheckpoints"));
    ASSERT_NE(pause, nullptr);
    EXPECT_FALSE(pause->isChecked()) << "off by default";
    pause->trigger();
    EXPECT_TRUE(controller->pauseAtCheckpoints());
    controller->setSpeedIndex(static_cast<int>(hw::ui::SimController::speeds().size()) - 1);
    const hw::Timeline& tl = controller->timeline();
    for (const char* label : { "1", "2", "3", "4" }) {
        playUntilStopped(controller, 20000);
        EXPECT_FALSE(controller->isPlaying());
        EXPECT_EQ(controller->currentFrame(), tl.findLabel(label)) << "checkpoint " << label;
        EXPECT_EQ(controller->displayTimeMs(), static_cast<double>(tl.frame(controller->currentFrame()).timeMs));
        if (controller->currentFrame() < controller->lastFrame())
            EXPECT_EQ(window.statusBar()->currentMessage(),
                hw::ui::SimController::pausedAtCheckpointMessage(QString::fromLatin1(label)));
    }
    // Off again, Play runs to the end.
    pause->trigger();
    controller->goToFirst();
    playUntilStopped(controller, 20000);
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());
}

TEST(Playing, ANewSandboxRunsItsClockSoPlayAndRightShowSomething)
{
    MainWindow window;
    hw::Scenario scenario;
    QString error;
    ASSERT_TRUE(hw::ui::SandboxDialog::makeScenario(hw::ui::SandboxSettings {}, &scenario, &error))
        << error.toStdString();
    ASSERT_TRUE(window.openParsedScenario(scenario, QStringLiteral("sandbox")));
    hw::ui::SimController* controller = window.controller();
    EXPECT_EQ(controller->currentFrame(), 0);
    ASSERT_GT(controller->frameCount(), 20) << "brokers heartbeat and followers fetch from the start";
    bool fetched = false;
    bool heartbeat = false;
    for (std::int64_t f = 0; f < controller->frameCount(); ++f) {
        fetched = fetched || controller->timeline().frame(f).event.type == hw::EventType::FetchApplied;
        heartbeat = heartbeat || controller->timeline().frame(f).event.type == hw::EventType::HeartbeatSent;
    }
    EXPECT_TRUE(fetched);
    EXPECT_TRUE(heartbeat);
    window.action(QStringLiteral("stepForward"))->trigger();
    EXPECT_EQ(controller->currentFrame(), 1) << "Right steps";
    controller->setPlaying(true);
    QTest::qWait(500);
    EXPECT_GT(controller->currentFrame(), 1) << "Play at the defaults moves on";
    controller->setPlaying(false);
    // Everything after the start is the user's: an action at the end appends and is on the undo stack.
    controller->goToLast();
    ASSERT_TRUE(window.act(broker(hw::BrokerAction::Kind::Kill, 3)));
    EXPECT_EQ(window.undoStack()->count(), 1);
}

TEST(ScenarioStopsEarly, TheWindowShowsTheErrorValidateRefusesTheFileForAndKeepsShowingIt)
{
    // A day of a six-partition cluster: the advance step takes more events than a step may.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a-day.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "highwater/1", "name": "a-day", "seed": 1, "cluster": {"brokers": 5},
 "topics": [{"name": "t", "partitions": 6, "replication.factor": 3}],
 "steps": [{"advance": {"ms": 86400000}}]})");
    file.close();

    QProcess cli;
    cli.start(QStringLiteral(HW_CLI_PATH), { QStringLiteral("validate"), path });
    ASSERT_TRUE(cli.waitForFinished(120000));
    EXPECT_EQ(cli.exitCode(), 2);
    // Every message of the CLI starts with its name; the window says the rest word for word.
    const QString prefix = QStringLiteral("highwater-cli: ");
    const QString line = QString::fromLocal8Bit(cli.readAllStandardError()).section(QLatin1Char('\n'), 0, 0);
    ASSERT_TRUE(line.startsWith(prefix)) << line.toStdString();
    const QString refusal = line.mid(prefix.size());
    ASSERT_TRUE(refusal.contains(QStringLiteral("more than %1 events").arg(hw::limits::eventsPerStepMax)))
        << refusal.toStdString();

    MainWindow window;
    ASSERT_TRUE(window.openScenario(path));
    EXPECT_EQ(window.controller()->scenarioStopError(), refusal) << "the same error, from the same code";
    QLabel* banner = window.scenarioErrorBanner();
    EXPECT_FALSE(banner->isHidden());
    EXPECT_TRUE(banner->text().contains(refusal)) << banner->text().toStdString();
    EXPECT_TRUE(banner->text().contains(QStringLiteral("not valid")));
    EXPECT_EQ(window.controller()->scenarioStopFrames(), window.controller()->frameCount());
    // It stays while the scenario is open, whatever frame is shown; another scenario clears it.
    window.controller()->goToLast();
    QTest::qWait(hw::ui::Autosave::intervalMs / 4);
    EXPECT_FALSE(banner->isHidden());
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:leo-hw-walkthrough")));
    EXPECT_TRUE(banner->isHidden());
    EXPECT_TRUE(window.controller()->scenarioStopError().isEmpty());
    hw::ui::RecentFiles::clear();
}

} // namespace
