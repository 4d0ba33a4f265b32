// SPDX-License-Identifier: MIT
// File > Live lab (issue 28): the dialog that serves the open session to real Kafka clients, and the
// window while it serves. The clients here are real sockets (QTcpSocket) in this process speaking
// Kafka's protocol through wire/'s encoder, so each request crosses the server's Asio sockets, which
// the GUI thread polls.
#include "control/livesession.h"
#include "control/simcontroller.h"
#include "base/i18n.h"
#include "scenario/scenario.h"
#include "scene/liveclientsitem.h"
#include "shell/livelabdialog.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"
#include "livetest_client.h"
#include "uitest_support.h"
#include "wire/protocol.h"
#include "wire/record_batch.h"

#include <QAction>
#include <QCheckBox>
#include <QDateTime>
#include <QFontInfo>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QTabWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

namespace {

using hw::ui::LiveLabDialog;
using hw::ui::MainWindow;

constexpr int waitMs = 10000; // the longest any one expectation waits; each is met in milliseconds

const char* liveScenarioJson()
{
    return R"({"format": "highwater/1", "name": "live", "seed": 1,
 "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3}],
 "steps": [{"advance": {"ms": 3000}}]})";
}

using hw::uitest::startLiveLab;
using hw::uitest::TestClient;

struct LiveWindow {
    MainWindow window;
    LiveLabDialog* dialog = nullptr;

    LiveWindow()
    {
        hw::ui::setLanguage(QStringLiteral("en"));
        auto parsed = hw::parseScenario(liveScenarioJson(), "live.json");
        EXPECT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
        EXPECT_TRUE(window.openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("live.json")));
        dialog = window.openLiveLab();
    }
    ~LiveWindow() { window.liveSession()->stop(); }

    hw::ui::SimController* controller() const { return window.controller(); }
    int leaderPort() const
    {
        const hw::ClusterState& head = controller()->timeline().head();
        return dialog->portBox()->value() + head.partitions[0].registration.leader;
    }
    void start()
    {
        const int brokers = static_cast<int>(controller()->timeline().head().brokers.size());
        ASSERT_TRUE(startLiveLab(*dialog, *window.liveSession(), brokers)) << dialog->statusLabel()->text().toStdString();
    }
};

} // namespace

TEST(LiveLab, TheDialogServesShowsTheAddressAndCommandsAndListsTheClientsByClientId)
{
    LiveWindow live;
    LiveLabDialog* dialog = live.dialog;
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->isVisible());
    // Loopback unless asked: the other machines' address is off, and no warning shows.
    EXPECT_FALSE(dialog->otherMachinesBox()->isChecked());
    EXPECT_FALSE(dialog->warningLabel()->isVisible());
    dialog->otherMachinesBox()->setChecked(true);
    EXPECT_TRUE(dialog->warningLabel()->isVisible());
    EXPECT_FALSE(dialog->warningLabel()->text().isEmpty());
    dialog->otherMachinesBox()->setChecked(false);

    live.start();
    const int port = dialog->portBox()->value();
    const QString bootstrap = QStringLiteral("127.0.0.1:%1,127.0.0.1:%2,127.0.0.1:%3").arg(port + 1).arg(port + 2).arg(port + 3);
    EXPECT_EQ(dialog->bootstrapLine()->text(), bootstrap);
    EXPECT_TRUE(dialog->statusLabel()->text().contains(bootstrap)) << dialog->statusLabel()->text().toStdString();
    EXPECT_FALSE(dialog->portBox()->isEnabled());
    // Each command names the address and the topic, and has a Copy button.
    for (int c = 0; c <= static_cast<int>(LiveLabDialog::Command::JavaConsume); ++c) {
        auto* line = dialog->findChild<QLabel*>(QStringLiteral("liveCommand%1").arg(c));
        ASSERT_NE(line, nullptr);
        EXPECT_EQ(line->text(),
            LiveLabDialog::commandText(static_cast<LiveLabDialog::Command>(c), bootstrap, QStringLiteral("orders")));
        EXPECT_TRUE(line->text().contains(bootstrap));
        EXPECT_NE(dialog->findChild<QPushButton*>(QStringLiteral("liveCopy%1").arg(c)), nullptr);
    }
    // The window says that a live session has no undo.
    QAction* undo = live.window.action(QStringLiteral("undo"));
    EXPECT_FALSE(undo->isEnabled());
    EXPECT_FALSE(undo->toolTip().isEmpty());

    TestClient client("hw-live-test");
    ASSERT_TRUE(client.connectTo(live.leaderPort()));
    client.hello();
    ASSERT_TRUE(client.waitForResponses(2));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const QTreeWidget* list = dialog->clientList();
            return list->topLevelItemCount() == 1
                && list->topLevelItem(0)->text(0) == QStringLiteral("hw-live-test");
        },
        waitMs));
    const QTreeWidgetItem* row = dialog->clientList()->topLevelItem(0);
    EXPECT_TRUE(row->text(1).startsWith(QStringLiteral("127.0.0.1:")));
    EXPECT_EQ(row->text(2), QStringLiteral("broker %1").arg(live.controller()->timeline().head().partitions[0].registration.leader));
    // The engine saw the connection: a live client in the state.
    EXPECT_EQ(live.controller()->timeline().head().liveClients.size(), 1U);
    // The cluster view draws it in the box marked LIVE (in words), by client.id and address.
    live.window.setViewKind(hw::ui::FrameScene::ViewKind::Cluster);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            for (QGraphicsItem* item : live.window.scene()->items()) {
                if (item->type() != hw::ui::LiveClientsItem::Type)
                    continue;
                const auto* box = static_cast<const hw::ui::LiveClientsItem*>(item);
                const hw::ui::TextRun* title = box->textWithRole(QStringLiteral("live:title"));
                return title && title->text.startsWith(QStringLiteral("LIVE: 1 real client")) && box->rows().size() == 1
                    && box->rows()[0].text.startsWith(QStringLiteral("LIVE \u00B7 hw-live-test \u00B7 127.0.0.1:"));
            }
            return false;
        },
        waitMs));

    // Stop closes every connection; the frames stay.
    const std::int64_t frames = live.controller()->frameCount();
    dialog->stopButton()->click();
    EXPECT_FALSE(live.window.liveSession()->isServing());
    EXPECT_TRUE(QTest::qWaitFor([&] { return !client.connected(); }, waitMs));
    EXPECT_EQ(dialog->clientList()->topLevelItemCount(), 0);
    EXPECT_GE(live.controller()->frameCount(), frames);
    EXPECT_FALSE(live.controller()->timeline().head().liveClients[0].connected);
    EXPECT_TRUE(dialog->portBox()->isEnabled());
    // Nothing listens any more.
    TestClient late("late");
    EXPECT_FALSE(late.connectTo(live.leaderPort()));
}

TEST(LiveLab, TheDialogFitsTheScreenAndShowsEveryCommandWholeInEveryLanguage)
{
    // A classroom projector is often 1280x720; the offscreen screen is smaller still (800x600). The
    // dialog stays within it, and each command is shown whole, wrapped, not cut at the field's edge: a
    // class reads it from the wall.
    LiveWindow live;
    live.start();
    LiveLabDialog* dialog = live.dialog;
    const QRect screen = dialog->screen()->availableGeometry();
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_TW"), QStringLiteral("zh_CN") }) {
        ASSERT_TRUE(hw::ui::setLanguage(language));
        QCoreApplication::processEvents();
        dialog->tabs()->setCurrentIndex(0);
        QCoreApplication::processEvents();
        EXPECT_LE(dialog->width(), screen.width()) << language.toStdString();
        EXPECT_LE(dialog->height(), screen.height()) << language.toStdString();
        auto* scroll = dialog->findChild<QScrollArea*>(QStringLiteral("liveConnectScroll"));
        ASSERT_NE(scroll, nullptr);
        std::vector<QLabel*> commands { dialog->bootstrapLine() };
        for (int c = 0; c <= static_cast<int>(LiveLabDialog::Command::JavaConsume); ++c)
            commands.push_back(dialog->findChild<QLabel*>(QStringLiteral("liveCommand%1").arg(c)));
        for (QLabel* command : commands) {
            ASSERT_NE(command, nullptr);
            EXPECT_TRUE(command->wordWrap());
            // In a fixed-width font no smaller than the dialog's text.
            EXPECT_TRUE(command->font().fixedPitch() || command->font().styleHint() == QFont::TypeWriter
                || QFontInfo(command->font()).fixedPitch());
            EXPECT_GE(command->font().pointSizeF(), dialog->font().pointSizeF());
            // Its whole text fits its width (wrapped) and its height: nothing is cut off.
            EXPECT_GE(command->height(), command->heightForWidth(command->width()))
                << language.toStdString() << ": " << command->text().toStdString();
            // and no word of it is wider than the line it wraps in.
            for (const QString& word : command->text().split(QLatin1Char(' ')))
                EXPECT_LE(command->fontMetrics().horizontalAdvance(word), command->contentsRect().width() - 2 * command->margin())
                    << word.toStdString();
            // Scrolled into view, it lies inside the scroll area's viewport.
            scroll->ensureWidgetVisible(command, 0, 0);
            QCoreApplication::processEvents();
            const QRect inViewport(command->mapTo(scroll->viewport(), QPoint(0, 0)), command->size());
            EXPECT_TRUE(scroll->viewport()->rect().contains(inViewport))
                << language.toStdString() << ": " << command->text().toStdString();
        }
        // The clients' tab says how many are connected.
        EXPECT_TRUE(dialog->tabs()->tabText(1).contains(QLatin1Char('0'))) << dialog->tabs()->tabText(1).toStdString();
    }
    hw::ui::setLanguage(QStringLiteral("en"));
    QCoreApplication::processEvents();
}

TEST(LiveLab, ClosingTheWindowWhileServingClosesEveryConnectionAndEndsCleanly)
{
    // Quitting the app while the lab serves destroys the window with the server running: the server
    // stops first, while the controller it reports to still exists (it crashed in the controller's
    // liveAdvanced, called from the live session's destructor after the controller was gone).
    auto window = std::make_unique<MainWindow>();
    hw::ui::setLanguage(QStringLiteral("en"));
    auto parsed = hw::parseScenario(liveScenarioJson(), "live.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
    ASSERT_TRUE(window->openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("live.json")));
    LiveLabDialog* dialog = window->openLiveLab();
    const int brokers = static_cast<int>(window->controller()->timeline().head().brokers.size());
    ASSERT_TRUE(startLiveLab(*dialog, *window->liveSession(), brokers)) << dialog->statusLabel()->text().toStdString();
    const int port = dialog->portBox()->value() + window->controller()->timeline().head().partitions[0].registration.leader;
    TestClient client("student-1");
    ASSERT_TRUE(client.connectTo(port));
    client.hello();
    ASSERT_TRUE(client.waitForResponses(2));
    window.reset();
    EXPECT_TRUE(QTest::qWaitFor([&] { return !client.connected(); }, waitMs));
    TestClient late("late");
    EXPECT_FALSE(late.connectTo(port));
}

TEST(LiveLab, TheCommandsProseIsInTheAppsLanguageAndTheCommandsStayCommands)
{
    LiveWindow live;
    auto labelsOf = [&] {
        QStringList texts;
        for (const QLabel* label : live.dialog->findChildren<QLabel*>())
            texts << label->text();
        return texts.join(QLatin1Char('\n'));
    };
    const QString english = labelsOf();
    EXPECT_TRUE(english.contains(QStringLiteral("kcat: produce each line you type, acks=all")));
    const QString command = live.dialog->findChild<QLabel*>(QStringLiteral("liveCommand0"))->text();
    for (const QString& language : { QStringLiteral("zh_TW"), QStringLiteral("zh_CN") }) {
        ASSERT_TRUE(hw::ui::setLanguage(language));
        QCoreApplication::processEvents(); // QApplication posts LanguageChange to each window
        const QString chinese = labelsOf();
        EXPECT_NE(chinese, english);
        EXPECT_FALSE(chinese.contains(QStringLiteral("produce each line you type"))) << chinese.toStdString();
        EXPECT_EQ(live.dialog->findChild<QLabel*>(QStringLiteral("liveCommand0"))->text(), command);
        EXPECT_NE(live.dialog->windowTitle(), QStringLiteral("Live lab"));
    }
    hw::ui::setLanguage(QStringLiteral("en"));
    QCoreApplication::processEvents();
    EXPECT_EQ(live.dialog->windowTitle(), QStringLiteral("Live lab"));
}

TEST(LiveLab, ScrubbingBackWhileAClientProducesKeepsTheViewAndLiveReturnsToTheNow)
{
    LiveWindow live;
    live.start();
    hw::ui::SimController* controller = live.controller();
    EXPECT_TRUE(controller->followsLive());
    QAction* follow = live.window.action(QStringLiteral("followLive"));
    EXPECT_TRUE(follow->isEnabled());

    TestClient client("producer-1");
    ASSERT_TRUE(client.connectTo(live.leaderPort()));
    client.hello();
    ASSERT_TRUE(client.waitForResponses(2));
    // The client produces every 10 ms from here to the end, whatever the teacher does.
    QTimer producing;
    int value = 0;
    QObject::connect(&producing, &QTimer::timeout, [&] {
        if (client.sent() - client.responses() < 4)
            client.produce("v" + std::to_string(value++));
    });
    producing.start(10);
    ASSERT_TRUE(QTest::qWaitFor([&] { return client.responses() >= 12; }, waitMs));
    // Following: the view reaches the newest frame (it moves every followIntervalMs; the sockets are
    // polled more often, so between two moves the timeline may be a few frames ahead).
    EXPECT_TRUE(QTest::qWaitFor([&] { return controller->currentFrame() == controller->lastFrame(); }, waitMs));

    // The teacher goes back to the first frame: the view stays there while the timeline grows.
    live.window.action(QStringLiteral("first"))->trigger();
    EXPECT_EQ(controller->currentFrame(), 0);
    EXPECT_FALSE(controller->followsLive());
    const std::int64_t framesThen = controller->frameCount();
    const int answeredThen = client.responses();
    ASSERT_TRUE(QTest::qWaitFor([&] { return client.responses() >= answeredThen + 10; }, waitMs));
    EXPECT_GT(controller->frameCount(), framesThen);
    EXPECT_EQ(controller->currentFrame(), 0);
    EXPECT_EQ(controller->state().nowMs, controller->timeline().frame(0).timeMs);

    // Live: back to the present, and it follows from then on.
    follow->trigger();
    EXPECT_TRUE(controller->followsLive());
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());
    const std::int64_t framesAtLive = controller->frameCount();
    const int answeredAtLive = client.responses();
    ASSERT_TRUE(QTest::qWaitFor([&] { return client.responses() >= answeredAtLive + 10; }, waitMs));
    producing.stop();
    EXPECT_TRUE(QTest::qWaitFor([&] { return client.responses() == client.sent(); }, waitMs));
    EXPECT_GT(controller->frameCount(), framesAtLive);
    // The view went along with the timeline and shows its newest frame within a few moves.
    EXPECT_TRUE(QTest::qWaitFor([&] { return controller->currentFrame() == controller->lastFrame(); },
        4 * hw::ui::LiveSession::followIntervalMs));
    EXPECT_GE(controller->currentFrame(), framesAtLive);
}

TEST(LiveLab, AGuiKillWhileLiveDropsTheClientsConnectionToThatBroker)
{
    LiveWindow live;
    live.start();
    const hw::BrokerId leader = live.controller()->timeline().head().partitions[0].registration.leader;
    const hw::BrokerId other = leader % 3 + 1;
    TestClient toLeader("to-leader");
    TestClient toOther("to-other");
    ASSERT_TRUE(toLeader.connectTo(live.leaderPort()));
    ASSERT_TRUE(toOther.connectTo(live.dialog->portBox()->value() + other));
    toLeader.hello();
    toOther.hello();
    ASSERT_TRUE(toLeader.waitForResponses(2));
    ASSERT_TRUE(toOther.waitForResponses(2));
    // The teacher scrubs back first: the kill still acts on the present.
    live.window.action(QStringLiteral("first"))->trigger();
    const std::int64_t framesBefore = live.controller()->frameCount();

    hw::BrokerAction kill;
    kill.kind = hw::BrokerAction::Kind::Kill;
    kill.broker = leader;
    ASSERT_TRUE(live.window.act(hw::FaultStep { kill, true }));
    EXPECT_TRUE(QTest::qWaitFor([&] { return !toLeader.connected(); }, waitMs));
    EXPECT_TRUE(toOther.connected());
    // No fork: the frames before the kill are all still there, and the view follows the present.
    EXPECT_GT(live.controller()->frameCount(), framesBefore);
    EXPECT_FALSE(live.controller()->timeline().head().broker(leader).alive);
    EXPECT_TRUE(live.controller()->followsLive());
    EXPECT_EQ(live.window.undoStack()->count(), 0);
    // The other broker still answers.
    toOther.send(hw::wire::ApiKey::Metadata, 1, hw::wire::MetadataRequest {});
    EXPECT_TRUE(toOther.waitForResponses(3));
}

TEST(LiveLab, SaveScenarioOfALiveSessionReplaysOfflineToTheSameFrames)
{
    LiveWindow live;
    live.start();
    TestClient client("saver");
    ASSERT_TRUE(client.connectTo(live.leaderPort()));
    client.hello();
    ASSERT_TRUE(client.waitForResponses(2));
    for (int i = 0; i < 5; ++i) {
        client.produce("r" + std::to_string(i));
        ASSERT_TRUE(client.waitForResponses(3 + i));
    }
    hw::BrokerAction isolate;
    isolate.kind = hw::BrokerAction::Kind::Isolate;
    isolate.broker = live.controller()->timeline().head().partitions[0].registration.leader % 3 + 1;
    ASSERT_TRUE(live.window.act(hw::FaultStep { isolate, true }));
    QTest::qWait(50);
    live.dialog->stopButton()->click();
    ASSERT_FALSE(live.window.liveSession()->isServing());
    EXPECT_TRUE(live.window.isSessionModified());

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("live-session.json"));
    ASSERT_EQ(live.window.saveScenario(path), QString());
    EXPECT_FALSE(live.window.isSessionModified());
    auto loaded = hw::loadScenario(path.toStdString());
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded)) << std::get<hw::ScenarioError>(loaded).toString();
    auto replayed = hw::playScenario(std::get<hw::Scenario>(loaded));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(replayed)) << std::get<hw::ScenarioError>(replayed).toString();
    const hw::Timeline& offline = std::get<hw::Timeline>(replayed);
    hw::uitest::expectSameFrames(live.controller()->timeline(), offline);
    // The records the client sent are in the replayed log.
    EXPECT_GE(offline.head().liveClients.size(), 1U);
}
