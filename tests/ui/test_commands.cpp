// SPDX-License-Identifier: MIT
// Every control changes the engine state it names, through the one command path: undo restores
// the state, acting at a past frame forks and undo brings the discarded future back, and a saved
// session replays to identical frames.

#include "control/session.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/addconsumerdialog.h"
#include "panels/controlpanel.h"
#include "shell/actionmenu.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"
#include "shell/sandboxdialog.h"
#include "uitest_support.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

namespace {

using hw::ui::MainWindow;

class Commands : public ::testing::Test {
protected:
    void SetUp() override
    {
        window = std::make_unique<MainWindow>();
        controller = window->controller();
        panel = window->controlPanel();
    }

    const hw::ClusterState& state() const { return controller->state(); }

    void select(QComboBox* combo, int data)
    {
        const int index = combo->findData(data);
        ASSERT_GE(index, 0) << "no item with data " << data;
        combo->setCurrentIndex(index);
    }

    /// Clicks a button and expects a new command on the undo stack.
    void click(QPushButton* button)
    {
        ASSERT_TRUE(button->isEnabled()) << button->text().toStdString();
        const int before = window->undoStack()->count();
        button->click();
        EXPECT_EQ(window->undoStack()->count(), before + 1) << button->text().toStdString();
    }

    /// Undoes the last command and checks the shown frame and its state are back to what they were.
    void undoAndExpect(std::int64_t frame, const hw::ClusterState& before, std::int64_t frameCount)
    {
        window->undoStack()->undo();
        EXPECT_EQ(controller->currentFrame(), frame);
        EXPECT_EQ(controller->frameCount(), frameCount);
        EXPECT_TRUE(state() == before);
    }

    std::unique_ptr<MainWindow> window;
    hw::ui::SimController* controller = nullptr;
    hw::ui::ControlPanel* panel = nullptr;
};

TEST_F(Commands, TheWindowOpensOnTheSeedWalkthroughAtFrameZeroInThePartitionView)
{
    EXPECT_EQ(controller->source(), QStringLiteral("builtin:leo-hw-walkthrough"));
    EXPECT_EQ(controller->currentFrame(), 0);
    EXPECT_EQ(window->scene()->viewKind(), hw::ui::FrameScene::ViewKind::Partition);
    EXPECT_TRUE(window->windowTitle().contains(QStringLiteral("HighWater")));
    EXPECT_TRUE(window->windowTitle().contains(QStringLiteral("LEO and HW")));
    EXPECT_EQ(controller->frameCount(), hw::uitest::play("builtin:leo-hw-walkthrough").frameCount());
}

TEST_F(Commands, ProduceAppendsTheValueToTheLeaderAndUndoTakesItBack)
{
    controller->goToLast();
    const std::int64_t frame = controller->currentFrame();
    const hw::ClusterState before = state();
    const std::int64_t frames = controller->frameCount();
    panel->valueEdit()->setText(QStringLiteral("hello"));
    panel->keyEdit()->setText(QStringLiteral("k1"));
    select(panel->acksCombo(), static_cast<int>(hw::Acks::Leader));
    click(panel->sendButton());
    const hw::ClusterState after = controller->timeline().stateAt(controller->lastFrame());
    const hw::Replica& leader = after.partitions[0].replicas[0];
    ASSERT_EQ(leader.log.leo(), before.partitions[0].replicas[0].log.leo() + 1);
    const hw::Payload& payload = after.payloads[static_cast<std::size_t>(leader.log.at(leader.log.leo() - 1).payload)];
    EXPECT_EQ(payload.value, "hello");
    EXPECT_EQ(payload.key, "k1");
    EXPECT_EQ(after.producers[0].batches.back().acks, hw::Acks::Leader);
    undoAndExpect(frame, before, frames);
}

TEST_F(Commands, BrokerButtonsKillRestartIsolateHealAndShutDown)
{
    controller->goToLast();
    select(panel->brokerCombo(), 2);
    const hw::ClusterState before = state();
    const std::int64_t frames = controller->frameCount();
    const std::int64_t frame = controller->currentFrame();

    click(panel->killButton());
    EXPECT_FALSE(controller->timeline().head().broker(2).alive);
    controller->goToLast();
    click(panel->restartButton());
    EXPECT_TRUE(controller->timeline().head().broker(2).alive);
    controller->goToLast();
    click(panel->isolateButton());
    EXPECT_TRUE(controller->timeline().head().broker(2).isolated);
    controller->goToLast();
    click(panel->healButton());
    EXPECT_FALSE(controller->timeline().head().broker(2).isolated);
    controller->goToLast();
    click(panel->shutdownButton());
    EXPECT_FALSE(controller->timeline().head().broker(2).alive) << "the controlled shutdown ran to the end";

    // Five undos bring the first frame and state back.
    for (int i = 0; i < 4; ++i)
        window->undoStack()->undo();
    undoAndExpect(frame, before, frames);
}

TEST_F(Commands, KillLeaderElectPreferredFetchSettleAndAdvance)
{
    // At checkpoint 2 the followers have not fetched m2 and m3 (auto.fetch is off in the walkthrough).
    controller->setCurrentFrame(controller->timeline().findLabel("2"));
    select(panel->partitionCombo(), 0);
    select(panel->followerCombo(), 3);
    const hw::Offset leoBefore = state().partitions[0].replicas[2].log.leo();
    click(panel->fetchButton());
    EXPECT_GT(controller->timeline().head().partitions[0].replicas[2].log.leo(), leoBefore);

    controller->goToLast();
    click(panel->settleButton());
    for (const hw::Replica& r : controller->timeline().head().partitions[0].replicas)
        EXPECT_EQ(r.log.leo(), 4);

    controller->goToLast();
    const hw::TimeMs now = controller->timeline().head().nowMs;
    panel->advanceSpin()->setValue(250);
    click(panel->advanceButton());
    EXPECT_GE(controller->timeline().head().nowMs, now + 250);

    controller->goToLast();
    click(panel->killLeaderButton());
    EXPECT_FALSE(controller->timeline().head().broker(1).alive);

    // Let the controller fence broker 1 and elect another leader, bring broker 1 back and catch up;
    // then the preferred leader (broker 1) can lead again.
    controller->goToLast();
    panel->advanceSpin()->setValue(15000);
    click(panel->advanceButton());
    EXPECT_NE(controller->timeline().head().partitions[0].registration.leader, 1);
    controller->goToLast();
    select(panel->brokerCombo(), 1);
    click(panel->restartButton());
    controller->goToLast();
    panel->advanceSpin()->setValue(5000);
    click(panel->advanceButton());
    controller->goToLast();
    click(panel->settleButton());
    controller->goToLast();
    panel->refresh(false);
    if (panel->electPreferredButton()->isEnabled()) {
        click(panel->electPreferredButton());
        controller->goToLast();
        panel->advanceSpin()->setValue(100);
        click(panel->advanceButton());
        EXPECT_EQ(controller->timeline().head().partitions[0].registration.leader, 1);
    } else {
        ADD_FAILURE() << "broker 1 should be back in the ISR and electable";
    }
}

TEST_F(Commands, SlowAndConfigurationControls)
{
    controller->goToLast();
    select(panel->slowBrokerCombo(), 3);
    panel->latencySlider()->setValue(100); // 100 steps of 5 ms
    click(panel->slowButton());
    EXPECT_EQ(controller->timeline().head().broker(3).latencyMs, 500);

    controller->goToLast();
    panel->minInsyncSpin()->setValue(2);
    panel->uncleanCheck()->setChecked(true);
    click(panel->configButton());
    EXPECT_EQ(controller->timeline().head().config.minInsyncReplicas, 2);
    EXPECT_TRUE(controller->timeline().head().config.uncleanLeaderElectionEnable);

    window->undoStack()->undo();
    EXPECT_EQ(controller->state().config.minInsyncReplicas, 1);
    EXPECT_FALSE(controller->state().config.uncleanLeaderElectionEnable);
}

TEST_F(Commands, ConsumersAreAddedToAndRemovedFromTheirGroup)
{
    ASSERT_TRUE(window->openParsedScenario(hw::uitest::groupsScenario(), QStringLiteral("groups")));
    controller->goToLast();
    select(panel->consumerCombo(), 2); // c3, in group audit, not started
    EXPECT_EQ(state().consumers[2].phase, hw::MemberPhase::Stopped);
    click(panel->joinButton());
    EXPECT_NE(controller->timeline().head().consumers[2].phase, hw::MemberPhase::Stopped);
    controller->goToLast();
    panel->refresh(false);
    click(panel->leaveButton());
    controller->goToLast();
    panel->advanceSpin()->setValue(1000);
    click(panel->advanceButton());
    EXPECT_EQ(controller->timeline().head().consumers[2].phase, hw::MemberPhase::Stopped);
}

TEST_F(Commands, AddConsumerThroughTheControlPanelJoinsItsGroupAndUndoRedo)
{
    ASSERT_TRUE(window->openParsedScenario(hw::uitest::groupsScenario(), QStringLiteral("groups")));
    controller->goToLast();
    panel->refresh(false);
    select(panel->consumerCombo(), 0); // c1, in group billing
    ASSERT_TRUE(panel->addConsumerButton()->isEnabled());
    const int commands = window->undoStack()->count();
    panel->addConsumerButton()->click();
    hw::ui::AddConsumerDialog* dialog = panel->addConsumerDialog();
    ASSERT_NE(dialog, nullptr);
    EXPECT_EQ(window->undoStack()->count(), commands) << "opening the dialog changes nothing";
    // Suggested: a free id, the chosen consumer's group, and its subscription and assignor.
    EXPECT_EQ(dialog->idEdit()->text(), QStringLiteral("c4"));
    EXPECT_EQ(dialog->groupCombo()->currentText(), QStringLiteral("billing"));
    EXPECT_EQ(dialog->topicList()->item(0)->checkState(), Qt::Checked);
    EXPECT_EQ(dialog->topicList()->item(1)->checkState(), Qt::Checked);
    EXPECT_EQ(dialog->assignorCombo()->currentText(), QStringLiteral("range"));
    EXPECT_TRUE(dialog->problem().isEmpty()) << dialog->problem().toStdString();
    dialog->accept();
    EXPECT_EQ(window->undoStack()->count(), commands + 1);
    EXPECT_EQ(window->undoStack()->command(commands)->text(), QStringLiteral("Add consumer c4 to group billing"));

    const hw::ClusterState& head = controller->timeline().head();
    ASSERT_EQ(head.consumers.size(), 4u);
    const hw::Consumer& added = head.consumers[3];
    EXPECT_EQ(added.id, "c4");
    EXPECT_EQ(head.groups[static_cast<std::size_t>(added.group)].id, "billing");
    EXPECT_NE(added.phase, hw::MemberPhase::Stopped) << "an added consumer starts at once";
    EXPECT_EQ(panel->consumerCombo()->count(), 4) << "the panel lists the new consumer";

    // The group rebalances to include it.
    controller->goToLast();
    ASSERT_TRUE(window->act(hw::RebalanceStep { added.group }));
    const hw::ClusterState& balanced = controller->timeline().head();
    const hw::Group& billing = balanced.groups[static_cast<std::size_t>(balanced.consumers[3].group)];
    EXPECT_EQ(billing.members.size(), 3u);
    EXPECT_TRUE(std::any_of(billing.members.begin(), billing.members.end(),
        [](const hw::GroupMember& m) { return m.consumer == 3 && !m.assignment.empty(); }));

    window->undoStack()->undo(); // the rebalance
    window->undoStack()->undo(); // the add
    EXPECT_EQ(controller->timeline().head().consumers.size(), 3u);
    EXPECT_EQ(panel->consumerCombo()->count(), 3);
    window->undoStack()->redo();
    ASSERT_EQ(controller->timeline().head().consumers.size(), 4u);
    EXPECT_EQ(controller->timeline().head().consumers[3].id, "c4");
}

TEST_F(Commands, TheAddConsumerDialogExplainsWhatItCannotAddAndMakesNewGroups)
{
    ASSERT_TRUE(window->openParsedScenario(hw::uitest::groupsScenario(), QStringLiteral("groups")));
    controller->goToLast();
    panel->openAddConsumer(1); // audit
    hw::ui::AddConsumerDialog* dialog = panel->addConsumerDialog();
    ASSERT_NE(dialog, nullptr);
    EXPECT_EQ(dialog->groupCombo()->currentText(), QStringLiteral("audit"));
    EXPECT_EQ(dialog->topicList()->item(1)->checkState(), Qt::Unchecked) << "audit subscribes to orders only";
    auto* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    dialog->idEdit()->setText(QStringLiteral("c2"));
    EXPECT_FALSE(ok->isEnabled());
    EXPECT_EQ(dialog->problem(), QStringLiteral("A consumer with id c2 already exists."));
    dialog->idEdit()->setText(QString());
    EXPECT_EQ(dialog->problem(), QStringLiteral("Enter an id for the consumer."));
    dialog->idEdit()->setText(QStringLiteral("n1"));
    dialog->groupCombo()->setEditText(QStringLiteral("reports"));
    dialog->topicList()->item(0)->setCheckState(Qt::Unchecked);
    dialog->topicList()->item(1)->setCheckState(Qt::Unchecked);
    EXPECT_EQ(dialog->problem(), QStringLiteral("Choose at least one topic to subscribe to."));
    EXPECT_FALSE(ok->isEnabled());
    dialog->topicList()->item(1)->setCheckState(Qt::Checked);
    dialog->assignorCombo()->setCurrentIndex(dialog->assignorCombo()->findText(QStringLiteral("cooperative-sticky")));
    EXPECT_TRUE(ok->isEnabled());
    ok->click();
    const hw::ClusterState& head = controller->timeline().head();
    ASSERT_EQ(head.groups.size(), 3u);
    EXPECT_EQ(head.groups[2].id, "reports");
    ASSERT_EQ(head.consumers.size(), 4u);
    EXPECT_EQ(head.consumers[3].assignor, hw::AssignorKind::CooperativeSticky);
    EXPECT_EQ(head.consumers[3].topics, std::vector<std::int32_t> { 1 });

    // Saved and read back, the session replays to the same frames.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("added.json"));
    ASSERT_EQ(window->saveScenario(path), QString());
    auto loaded = hw::loadScenario(path.toStdString());
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded)) << std::get<hw::ScenarioError>(loaded).toString();
    auto replayed = hw::playScenario(std::get<hw::Scenario>(loaded));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(replayed)) << std::get<hw::ScenarioError>(replayed).toString();
    hw::uitest::expectSameFrames(std::get<hw::Timeline>(replayed), controller->timeline());
    hw::ui::RecentFiles::clear();
}

TEST_F(Commands, AGroupsContextMenuOffersToAddAConsumerToThatGroup)
{
    ASSERT_TRUE(window->openParsedScenario(hw::uitest::groupsScenario(), QStringLiteral("groups")));
    controller->goToLast();
    hw::ui::ActionMenu::Handlers handlers;
    handlers.act = [this](const hw::Step& action) { window->act(action); };
    std::int32_t asked = -1;
    handlers.addConsumer = [&](std::int32_t group) { asked = group; };
    std::unique_ptr<QMenu> menu(hw::ui::ActionMenu::build(hw::ui::SceneTarget::forGroup(1), state(), handlers, nullptr));
    QAction* add = nullptr;
    QAction* remove = nullptr;
    for (QAction* a : menu->actions()) {
        if (a->text() == QStringLiteral("Add a consumer to this group\u2026"))
            add = a;
        if (a->text() == QStringLiteral("Remove c1 from its group"))
            remove = a;
    }
    ASSERT_NE(add, nullptr);
    EXPECT_TRUE(add->isEnabled());
    EXPECT_EQ(remove, nullptr) << "group 1 is audit; c1 is in billing";
    add->trigger();
    EXPECT_EQ(asked, 1);
}

TEST_F(Commands, ActingAtAPastFrameForksAndUndoRestoresTheDiscardedFuture)
{
    const hw::Timeline original = hw::uitest::play("builtin:leo-hw-walkthrough");
    const std::int64_t frame = controller->timeline().findLabel("2");
    controller->setCurrentFrame(frame);
    ASSERT_TRUE(window->act(hw::FaultStep { hw::BrokerAction { hw::BrokerAction::Kind::Kill, 3, 0 } }));
    // The future after checkpoint 2 is replaced: acting beyond the walkthrough's script first switches
    // auto.fetch on (frame+1), then frame+2 is the kill, the action's frame, which is shown.
    EXPECT_EQ(controller->currentFrame(), frame + 2);
    EXPECT_EQ(controller->timeline().frame(frame + 1).event.type, hw::EventType::ConfigChanged);
    EXPECT_EQ(controller->timeline().frame(frame + 2).event.type, hw::EventType::BrokerKilled);
    EXPECT_EQ(controller->timeline().findLabel("3"), -1);

    window->undoStack()->undo();
    EXPECT_EQ(controller->currentFrame(), frame);
    hw::uitest::expectSameFrames(controller->timeline(), original);
    EXPECT_EQ(controller->timeline().findLabel("4"), original.findLabel("4"));

    window->undoStack()->redo();
    EXPECT_EQ(controller->timeline().frame(frame + 1).event.type, hw::EventType::ConfigChanged);
    EXPECT_EQ(controller->timeline().frame(frame + 2).event.type, hw::EventType::BrokerKilled);
    EXPECT_FALSE(controller->timeline().stateAt(frame + 2).broker(3).alive);
}

TEST_F(Commands, RedoAfterAnEarlierUndoReplaysWhatTheLaterCommandActedOn)
{
    controller->goToLast();
    ASSERT_TRUE(window->act(hw::AdvanceStep { 100 }));
    controller->goToLast();
    // Time moves on at the head (not a command), then a second command acts there.
    controller->stepForward();
    controller->stepForward();
    ASSERT_TRUE(window->act(hw::FaultStep { hw::BrokerAction { hw::BrokerAction::Kind::Isolate, 2, 0 } }));
    const std::int64_t frames = controller->frameCount();
    std::vector<hw::FrameInfo> infos;
    for (std::int64_t f = 0; f < frames; ++f)
        infos.push_back(controller->timeline().frame(f));
    window->undoStack()->undo();
    window->undoStack()->undo();
    window->undoStack()->redo();
    window->undoStack()->redo();
    ASSERT_EQ(controller->frameCount(), frames);
    for (std::int64_t f = 0; f < frames; ++f)
        EXPECT_EQ(controller->timeline().frame(f).event, infos[static_cast<std::size_t>(f)].event) << f;
}

TEST_F(Commands, ARefusedActionChangesNothingAndIsNotOnTheUndoStack)
{
    controller->goToLast();
    const std::int64_t frames = controller->frameCount();
    // Broker 2 is running: it cannot be restarted.
    EXPECT_FALSE(window->act(hw::FaultStep { hw::BrokerAction { hw::BrokerAction::Kind::Restart, 2, 0 } }));
    EXPECT_EQ(window->undoStack()->count(), 0);
    EXPECT_EQ(controller->frameCount(), frames);
}

TEST_F(Commands, ASavedSessionReplaysToIdenticalFrames)
{
    // A session with actions at the head, a fork at a past frame, and time run on at the head.
    controller->setCurrentFrame(controller->timeline().findLabel("3"));
    ASSERT_TRUE(window->act(hw::FaultStep { hw::BrokerAction { hw::BrokerAction::Kind::Kill, 2, 0 } }));
    controller->goToLast();
    for (int i = 0; i < 5; ++i)
        controller->stepForward();
    hw::ProduceStep produce;
    produce.action.producer = 0;
    produce.action.topic = 0;
    produce.action.partition = 0;
    produce.action.values = { "after-the-kill" };
    ASSERT_TRUE(window->act(produce));
    controller->goToLast();
    ASSERT_TRUE(window->act(hw::AdvanceStep { 20000 }));

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.json"));
    ASSERT_EQ(window->saveScenario(path), QString());
    auto loaded = hw::loadScenario(path.toStdString());
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded)) << std::get<hw::ScenarioError>(loaded).toString();
    auto replayed = hw::playScenario(std::get<hw::Scenario>(loaded));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(replayed)) << std::get<hw::ScenarioError>(replayed).toString();
    hw::uitest::expectSameFrames(std::get<hw::Timeline>(replayed), controller->timeline());
    EXPECT_EQ(std::get<hw::Timeline>(replayed).findLabel("2"), controller->timeline().findLabel("2"));
    EXPECT_TRUE(hw::ui::RecentFiles::list().contains(QFileInfo(path).absoluteFilePath()));
    hw::ui::RecentFiles::clear();
}

TEST_F(Commands, AFailedSaveNamesTheSystemsReasonAndChangesNothing)
{
    QTemporaryDir dir;
    QDir(dir.path()).mkdir(QStringLiteral("a-directory.json"));
    hw::ui::RecentFiles::clear();
    const QStringList before = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    // QSaveFile said "Unknown error" or named its staging file for these; each has its own reason now.
    const std::vector<std::pair<QString, QString>> cases = {
        { dir.filePath(QStringLiteral("no-such-dir/session.json")), QStringLiteral("No such file or directory") },
        { dir.filePath(QStringLiteral("a-directory.json")), QStringLiteral("a directory, not a regular file") },
    };
    for (const auto& [path, reason] : cases) {
        EXPECT_EQ(window->saveScenario(path), reason) << path.toStdString();
        EXPECT_FALSE(hw::ui::RecentFiles::list().contains(QFileInfo(path).absoluteFilePath()))
            << "a file that was not saved is not a recent file";
    }
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), before)
        << "a staging file was left behind";
    hw::ui::RecentFiles::clear();
}

TEST(App, StartedOnAFileItCannotOpenItSaysWhyAndExitsWithTwo)
{
    QProcess app;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    app.setProcessEnvironment(environment);
    const QString missing = QStringLiteral("/nonexistent-dir/highwater/x.json");
    app.start(QStringLiteral(HW_GUI_PATH), { missing });
    ASSERT_TRUE(app.waitForFinished(60000)) << "the app did not exit";
    EXPECT_EQ(app.exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(app.exitCode(), 2);
    const QString err = QString::fromLocal8Bit(app.readAllStandardError());
    EXPECT_TRUE(err.contains(QStringLiteral("highwater: Cannot open %1: %1: no such file\n").arg(missing)))
        << err.toStdString();
}

TEST_F(Commands, ContextMenuActionsGoThroughTheSameCommandPath)
{
    controller->goToLast();
    hw::ui::ActionMenu::Handlers handlers;
    handlers.act = [this](const hw::Step& action) { window->act(action); };
    std::unique_ptr<QMenu> menu(
        hw::ui::ActionMenu::build(hw::ui::SceneTarget::forBroker(2), state(), handlers, nullptr));
    QAction* kill = nullptr;
    QAction* restart = nullptr;
    for (QAction* a : menu->actions()) {
        if (a->text() == QStringLiteral("Kill broker 2"))
            kill = a;
        if (a->text().startsWith(QStringLiteral("Restart broker 2 (not now: ")))
            restart = a;
    }
    ASSERT_NE(kill, nullptr);
    ASSERT_NE(restart, nullptr);
    EXPECT_TRUE(kill->isEnabled());
    EXPECT_FALSE(restart->isEnabled()) << "a running broker cannot be restarted";
    kill->trigger();
    EXPECT_EQ(window->undoStack()->count(), 1);
    EXPECT_FALSE(controller->timeline().head().broker(2).alive);
}

TEST_F(Commands, KeyboardShortcutsMoveThroughTheTimeline)
{
    window->show();
    window->activateWindow();
    window->action(QStringLiteral("stepForward"))->trigger();
    EXPECT_EQ(controller->currentFrame(), 1);
    window->action(QStringLiteral("nextCheckpoint"))->trigger();
    EXPECT_EQ(controller->currentFrame(), controller->timeline().findLabel("1"));
    window->action(QStringLiteral("nextCheckpoint"))->trigger();
    EXPECT_EQ(controller->currentFrame(), controller->timeline().findLabel("2"));
    window->action(QStringLiteral("previousCheckpoint"))->trigger();
    EXPECT_EQ(controller->currentFrame(), controller->timeline().findLabel("1"));
    window->action(QStringLiteral("last"))->trigger();
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());
    window->action(QStringLiteral("first"))->trigger();
    EXPECT_EQ(controller->currentFrame(), 0);
    window->action(QStringLiteral("play"))->trigger();
    EXPECT_TRUE(controller->isPlaying());
    window->action(QStringLiteral("play"))->trigger();
    EXPECT_FALSE(controller->isPlaying());
    // The keys the issue names are bound.
    auto keys = [&](const char* name) { return window->action(QString::fromLatin1(name))->shortcuts(); };
    EXPECT_TRUE(keys("play").contains(QKeySequence(Qt::Key_Space)));
    EXPECT_TRUE(keys("stepBack").contains(QKeySequence(Qt::Key_Left)));
    EXPECT_TRUE(keys("stepForward").contains(QKeySequence(Qt::Key_Right)));
    EXPECT_TRUE(keys("first").contains(QKeySequence(Qt::Key_Home)));
    EXPECT_TRUE(keys("last").contains(QKeySequence(Qt::Key_End)));
    EXPECT_TRUE(keys("previousCheckpoint").contains(QKeySequence(Qt::Key_PageUp)));
    EXPECT_TRUE(keys("nextCheckpoint").contains(QKeySequence(Qt::Key_PageDown)));
    EXPECT_TRUE(keys("undo").contains(QKeySequence(Qt::CTRL | Qt::Key_Z)));
    EXPECT_TRUE(keys("redo").contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
    EXPECT_TRUE(keys("zoomIn").contains(QKeySequence(Qt::Key_Plus)));
    EXPECT_TRUE(keys("zoomOut").contains(QKeySequence(Qt::Key_Minus)));
    EXPECT_TRUE(keys("fullScreen").contains(QKeySequence(Qt::Key_F11)));
}

TEST_F(Commands, StepForwardAtTheEndRunsTheSimulationOn)
{
    controller->goToLast();
    const std::int64_t frames = controller->frameCount();
    EXPECT_TRUE(controller->stepForward());
    EXPECT_EQ(controller->frameCount(), frames + 1);
    EXPECT_EQ(controller->currentFrame(), frames);
    // Back at the end of the scenario's frames, the new ones are kept when stepping back and forth.
    controller->stepBack();
    controller->stepForward();
    EXPECT_EQ(controller->frameCount(), frames + 1);
}

TEST(Sandbox, ImpossibleSettingsAreExplainedAndValidOnesMakeACluster)
{
    hw::ui::SandboxSettings settings;
    settings.brokers = 2;
    settings.replicationFactor = 3;
    const QStringList problems = hw::ui::SandboxDialog::problems(settings);
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.front().contains(QStringLiteral("replication factor of 3 needs at least 3 brokers")));
    hw::Scenario scenario;
    QString error;
    EXPECT_FALSE(hw::ui::SandboxDialog::makeScenario(settings, &scenario, &error));

    settings.topics = QStringLiteral("orders, orders");
    settings.replicationFactor = 2;
    EXPECT_TRUE(hw::ui::SandboxDialog::problems(settings).front().contains(QStringLiteral("listed twice")));
    settings.topics = QStringLiteral("bad name!");
    EXPECT_TRUE(hw::ui::SandboxDialog::problems(settings).front().contains(QStringLiteral("not a valid topic name")));

    settings.topics = QStringLiteral("orders, payments");
    settings.brokers = 4;
    settings.replicationFactor = 3;
    settings.minInsyncReplicas = 4;
    settings.groups = 2;
    EXPECT_TRUE(hw::ui::SandboxDialog::problems(settings).isEmpty());
    EXPECT_FALSE(hw::ui::SandboxDialog::warnings(settings).isEmpty()) << "min.insync.replicas > RF deserves a warning";
    ASSERT_TRUE(hw::ui::SandboxDialog::makeScenario(settings, &scenario, &error)) << error.toStdString();
    EXPECT_EQ(scenario.cluster.brokers, 4);
    EXPECT_EQ(scenario.cluster.topics.size(), 2u);
    EXPECT_EQ(scenario.cluster.consumers.size(), 6u);

    hw::ui::SandboxDialog dialog;
    dialog.setSettings(settings);
    EXPECT_TRUE(dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    settings.replicationFactor = 5;
    dialog.setSettings(settings);
    EXPECT_FALSE(dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    EXPECT_TRUE(dialog.messageLabel()->text().contains(QStringLiteral("Cannot create")));

    MainWindow window;
    settings.replicationFactor = 3;
    ASSERT_TRUE(hw::ui::SandboxDialog::makeScenario(settings, &scenario, &error));
    ASSERT_TRUE(window.openParsedScenario(scenario, QStringLiteral("sandbox")));
    EXPECT_EQ(window.controller()->currentFrame(), 0);
    EXPECT_EQ(window.scene()->viewKind(), hw::ui::FrameScene::ViewKind::Cluster);
}

TEST(RecentFiles, NewestFirstWithoutDuplicatesAndBounded)
{
    hw::ui::RecentFiles::clear();
    for (int i = 0; i < hw::ui::RecentFiles::filesMax + 3; ++i)
        hw::ui::RecentFiles::add(QStringLiteral("/tmp/scenario-%1.json").arg(i));
    hw::ui::RecentFiles::add(QStringLiteral("/tmp/scenario-5.json"));
    const QStringList files = hw::ui::RecentFiles::list();
    EXPECT_EQ(files.size(), hw::ui::RecentFiles::filesMax);
    EXPECT_EQ(files.front(), QStringLiteral("/tmp/scenario-5.json"));
    EXPECT_EQ(files.count(QStringLiteral("/tmp/scenario-5.json")), 1);
    hw::ui::RecentFiles::clear();
    EXPECT_TRUE(hw::ui::RecentFiles::list().isEmpty());
}

} // namespace

TEST_F(Commands, UncleanElectionButtonElectsAnOutOfSyncReplicaOfALeaderlessPartitionIn37)
{
    // Kafka 3.7 ignores unclean.leader.election.enable; the ElectLeaders API (the button) still works.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("unclean.json"));
    QFile out(file);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(R"({"format": "highwater/1", "name": "u", "seed": 1,
      "cluster": {"brokers": 3, "kafka_version": "3.7",
                  "config": {"min.insync.replicas": 1, "auto.fetch": false, "replica.lag.time.max.ms": 2000}},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
      "producers": [{"id": "p", "acks": "all"}],
      "steps": [{"produce": {"producer": "p", "topic": "t", "values": ["a"]}}, {"advance": {"ms": 6000}},
                {"kill": {"broker": 1}}, {"advance": {"ms": 12000}}]})");
    out.close();
    ASSERT_TRUE(window->openScenario(file));
    controller->goToLast();
    panel->refresh(false);
    ASSERT_EQ(state().partitions[0].registration.leader, hw::noLeader);
    click(panel->electUncleanButton());
    controller->goToLast();
    const hw::PartitionRegistration& reg = state().partitions[0].registration;
    EXPECT_EQ(reg.leader, 2);
    EXPECT_EQ(reg.isr, std::vector<hw::BrokerId>({2}));
    EXPECT_EQ(reg.leaderRecoveryState, hw::LeaderRecoveryState::Recovering);
    panel->refresh(false);
    EXPECT_FALSE(panel->electUncleanButton()->isEnabled()) << "the partition has a leader now";
}
