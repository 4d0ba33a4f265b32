// SPDX-License-Identifier: MIT
// File > Connect to a Kafka cluster (issue 29 WP6): the connect dialog, the observed session while polls
// arrive (Live, scrubbing back, read-only), Disconnect, the recording and File > Open of a recording. The
// cluster observed is the in-process live lab of a second window (its KafkaServer, polled by that
// window's GUI thread), so the observer's real sockets cross Asio as against `highwater-cli serve`.
#include "base/i18n.h"
#include "control/livesession.h"
#include "control/observesession.h"
#include "control/simcontroller.h"
#include "livetest_client.h"
#include "panels/chartspanel.h"
#include "panels/controlpanel.h"
#include "model/observed_state.h"
#include "timeline/metrics.h"
#include "control/session.h"
#include "export/exporter.h"
#include "scenario/frame_json.h"
#include "scenario/observed_json.h"
#include "scenario/scenario.h"
#include "shell/connectdialog.h"
#include "shell/mainwindow.h"
#include "timeline/timeline.h"
#include "uitest_support.h"

#include <QAction>
#include <QComboBox>
#include <QLineSeries>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTcpServer>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <gtest/gtest.h>

#include <memory>
#include <unistd.h>

namespace {

using hw::ui::ConnectDialog;
using hw::ui::MainWindow;
using hw::ui::ObserveSession;

constexpr int waitMs = 15000; // the longest any one expectation waits; polls come every 100 ms

// Killing and restarting a broker changes what the polls see (the broker answers or not); a produce moves
// the LEOs and HWs.
const char* servedScenarioJson()
{
    return R"({"format": "highwater/1", "name": "served", "seed": 1,
 "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3}],
 "producers": [{"id": "p1", "acks": "all"}],
 "steps": [{"advance": {"ms": 3000}}]})";
}

/// The cluster observed: a window whose live lab serves a small cluster.
struct ServedCluster {
    MainWindow window;
    int changes = 0;
    ServedCluster()
    {
        hw::ui::setLanguage(QStringLiteral("en"));
        auto parsed = hw::parseScenario(servedScenarioJson(), "served.json");
        EXPECT_TRUE(std::holds_alternative<hw::Scenario>(parsed));
        EXPECT_TRUE(window.openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("served.json")));
        auto* dialog = window.openLiveLab();
        const int brokers = static_cast<int>(window.controller()->timeline().head().brokers.size());
        EXPECT_TRUE(hw::uitest::startLiveLab(*dialog, *window.liveSession(), brokers));
        dialog->hide();
    }
    ~ServedCluster() { window.liveSession()->stop(); }
    QString bootstrap() const { return window.liveSession()->bootstrap(); }
    /// Something the next poll sees: broker 3 killed, or restarted.
    void change()
    {
        const auto kind = changes++ % 2 == 0 ? hw::BrokerAction::Kind::Kill : hw::BrokerAction::Kind::Restart;
        const QString error = window.liveSession()->perform(hw::FaultStep { hw::BrokerAction { kind, 3, 0 } });
        EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    }
};

/// Fills the dialog and clicks Connect.
void fill(ConnectDialog* dialog, const QString& bootstrap, int intervalMs, const QString& topics = QStringLiteral(".*"),
    const QString& record = QString())
{
    dialog->bootstrapEdit()->setText(bootstrap);
    dialog->securityEdit()->clear();
    dialog->topicsEdit()->setText(topics);
    dialog->intervalBox()->setValue(intervalMs);
    dialog->recordEdit()->setText(record);
}

/// Every frame of a controller's timeline as frame JSON, the way `highwater-cli run` prints them.
std::vector<std::string> frameDump(const hw::ui::SimController& controller)
{
    std::vector<std::string> frames;
    const hw::Timeline& timeline = controller.timeline();
    for (std::int64_t f = timeline.firstFrame(); f < timeline.frameCount(); ++f)
        frames.push_back(hw::frameToJson(timeline, f, timeline.stateAt(f)).dump());
    return frames;
}

TEST(Observe, ConnectFollowsLiveScrubsBackIsReadOnlyAndDisconnects)
{
    ServedCluster served;
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString recording = dir.filePath(QStringLiteral("observed.jsonl"));

    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    ConnectDialog* dialog = window.openConnectDialog();
    fill(dialog, served.bootstrap(), 100, QStringLiteral(".*"), recording);
    ASSERT_TRUE(dialog->connectNow().isEmpty()) << dialog->errorLabel()->text().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return controller->isObserved(); }, waitMs))
        << dialog->errorLabel()->text().toStdString();
    EXPECT_TRUE(dialog->isHidden());
    EXPECT_TRUE(window.observeSession()->isConnected());
    // A few changes on the served cluster, each seen by the next poll.
    for (int i = 0; i < 4 && controller->frameCount() < 4; ++i) {
        served.change();
        QTest::qWaitFor([&] { return controller->frameCount() > i + 1; }, 3000);
    }
    ASSERT_GE(controller->frameCount(), 3);
    // Records produced on the served cluster: the observed LEO of orders-0's leader moves, and the view,
    // following, draws that frame.
    served.window.liveSession()->perform(hw::uitest::produceStep("observed"));
    auto observedLeo = [&] {
        const hw::ClusterState& shown = controller->state();
        if (!shown.observed || shown.partitions.empty() || !shown.partitions[0].observed)
            return hw::Offset(-1);
        hw::Offset leo = -1;
        for (const hw::ObservedReplicaFacts& r : shown.partitions[0].observed->facts.replicaFacts)
            leo = std::max(leo, r.leo.value_or(-1));
        return leo;
    };
    ASSERT_TRUE(QTest::qWaitFor([&] { return observedLeo() >= 1; }, waitMs));
    EXPECT_TRUE(controller->followsLive());
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());
    EXPECT_TRUE(controller->state().observed);

    // The status line names the cluster and the interval; the Live button shows.
    const QString status = window.observeStatusLabel()->text();
    EXPECT_TRUE(status.startsWith(QStringLiteral("Observing ") + served.bootstrap())) << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("every 100 ms"))) << status.toStdString();
    EXPECT_TRUE(window.observeStatusLabel()->isVisibleTo(&window));
    EXPECT_TRUE(window.action(QStringLiteral("followLive"))->isEnabled());
    EXPECT_TRUE(window.action(QStringLiteral("disconnectCluster"))->isEnabled());
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("observed"))) << window.windowTitle().toStdString();

    // A poll that outlasts the interval (the served cluster answers late: its GUI thread is busy) is said
    // in the status line.
    QThread::msleep(400);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return window.observeStatusLabel()->text().contains(QStringLiteral("; interval stretched to ")); }, waitMs))
        << window.observeStatusLabel()->text().toStdString();

    // Read-only: the control panel's groups, Run on and Save are disabled and say why; an action is refused.
    const QString readOnly = hw::ui::SimController::observedReadOnlyText();
    for (QGroupBox* box : window.controlPanel()->findChildren<QGroupBox*>(Qt::FindDirectChildrenOnly)) {
        EXPECT_FALSE(box->isEnabled()) << box->title().toStdString();
        EXPECT_EQ(box->toolTip(), readOnly);
    }
    EXPECT_FALSE(window.action(QStringLiteral("runOn"))->isEnabled());
    EXPECT_EQ(window.action(QStringLiteral("runOn"))->toolTip(), readOnly);
    EXPECT_FALSE(window.action(QStringLiteral("save"))->isEnabled());
    EXPECT_FALSE(window.action(QStringLiteral("undo"))->isEnabled());
    for (const char* name : { "liveLab", "compareVersions", "compareReal" })
        EXPECT_FALSE(window.action(QString::fromLatin1(name))->isEnabled()) << name;
    const std::int64_t before = controller->frameCount();
    EXPECT_FALSE(window.act(hw::uitest::produceStep("not allowed")));
    EXPECT_FALSE(controller->perform(controller->lastFrame(), hw::uitest::produceStep("x")).isEmpty());

    // Scrubbing back stops following; new polls do not move the view; Live returns to the newest.
    controller->setCurrentFrame(0);
    EXPECT_FALSE(controller->followsLive());
    served.change();
    ASSERT_TRUE(QTest::qWaitFor([&] { return controller->frameCount() > before; }, waitMs));
    EXPECT_EQ(controller->currentFrame(), 0);
    window.action(QStringLiteral("followLive"))->trigger();
    EXPECT_TRUE(controller->followsLive());
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());

    // Play works over the frames polled: from the first, it reaches the newest.
    controller->setCurrentFrame(0);
    controller->setSpeedIndex(static_cast<int>(hw::ui::SimController::speeds().size()) - 1);
    controller->setPlaying(true);
    ASSERT_TRUE(QTest::qWaitFor([&] { return controller->currentFrame() > 0; }, waitMs));
    controller->setPlaying(false);

    // Disconnect: the frames stay, no poll arrives any more, and the status line says so.
    window.action(QStringLiteral("disconnectCluster"))->trigger();
    EXPECT_FALSE(window.observeSession()->isObserving());
    EXPECT_EQ(window.observeStatusLabel()->text(), QStringLiteral("Disconnected"));
    EXPECT_FALSE(window.action(QStringLiteral("disconnectCluster"))->isEnabled());
    const std::vector<std::string> observedFrames = frameDump(*controller);
    served.change();
    QTest::qWait(600);
    EXPECT_EQ(frameDump(*controller), observedFrames);

    // The recording reopens with the same frames, frame JSON for frame JSON.
    MainWindow reopened;
    ASSERT_TRUE(reopened.openScenario(recording));
    EXPECT_TRUE(reopened.controller()->isObserved());
    EXPECT_TRUE(reopened.controller()->scenarioStopError().isEmpty())
        << reopened.controller()->scenarioStopError().toStdString();
    EXPECT_EQ(frameDump(*reopened.controller()), observedFrames);
    // It holds no credentials and names the cluster by its bootstrap list.
    QFile file(recording);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray header = file.readLine();
    EXPECT_TRUE(header.contains(served.bootstrap().toUtf8())) << header.toStdString();
}

TEST(Observe, TheDialogShowsWhatIsWrongWithTheOptions)
{
    hw::ui::setLanguage(QStringLiteral("en"));
    MainWindow window;
    ConnectDialog* dialog = window.openConnectDialog();
    const std::int64_t frames = window.controller()->frameCount();
    struct Case {
        QString bootstrap;
        int intervalMs;
        QString topics;
        QString mentions; // what the error names
    };
    const Case cases[] = {
        { QStringLiteral("no-port-here"), 1000, QStringLiteral(".*"), QStringLiteral("bootstrap") },
        { QStringLiteral("127.0.0.1:9092"), 1000, QStringLiteral("orders(["), QStringLiteral("topics") },
        { QStringLiteral("127.0.0.1:9092"), 50, QStringLiteral(".*"), QStringLiteral("interval") },
    };
    for (const Case& c : cases) {
        fill(dialog, c.bootstrap, c.intervalMs, c.topics);
        const QString error = dialog->connectNow();
        EXPECT_FALSE(error.isEmpty()) << c.bootstrap.toStdString();
        EXPECT_TRUE(dialog->errorLabel()->isVisibleTo(dialog));
        EXPECT_EQ(dialog->errorLabel()->text(), error);
        EXPECT_TRUE(error.contains(c.mentions, Qt::CaseInsensitive)) << error.toStdString();
        EXPECT_FALSE(window.observeSession()->isObserving());
    }
    // A security file that cannot be used: the dialog says why, without connecting.
    QTemporaryDir dir;
    const QString security = dir.filePath(QStringLiteral("client.properties"));
    QFile file(security);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("security.protocol=SASL_SSL\nsasl.mechanism=GUESS\nsasl.password=s3cret-pass\n");
    file.close();
    fill(dialog, QStringLiteral("127.0.0.1:9092"), 1000);
    dialog->securityEdit()->setText(security);
    emit dialog->securityEdit()->editingFinished();
    EXPECT_TRUE(dialog->securityStatus()->text().startsWith(QStringLiteral("Cannot be used")))
        << dialog->securityStatus()->text().toStdString();
    const QString error = dialog->connectNow();
    EXPECT_TRUE(error.startsWith(QStringLiteral("Security file: "))) << error.toStdString();
    EXPECT_FALSE(error.contains(QStringLiteral("s3cret-pass")));
    EXPECT_FALSE(dialog->securityStatus()->text().contains(QStringLiteral("s3cret-pass")));
    // A recording file that cannot be written (a directory): the dialog says so, without connecting.
    fill(dialog, QStringLiteral("127.0.0.1:9092"), 1000, QStringLiteral(".*"), dir.path());
    const QString recordError = dialog->connectNow();
    EXPECT_TRUE(recordError.startsWith(QStringLiteral("Record to file: cannot write ") + dir.path()))
        << recordError.toStdString();
    EXPECT_FALSE(window.observeSession()->isObserving());
    // A cluster nobody answers for: the first poll fails and the dialog says so; the session stays.
    dialog->securityEdit()->clear();
    const int port = hw::ui::LiveSession::freeBasePort(QStringLiteral("127.0.0.1"), 1, 23000);
    ASSERT_GT(port, 0);
    fill(dialog, QStringLiteral("127.0.0.1:%1").arg(port + 1), 100);
    ASSERT_TRUE(dialog->connectNow().isEmpty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.observeSession()->isObserving(); }, waitMs));
    EXPECT_TRUE(dialog->errorLabel()->text().startsWith(QStringLiteral("Cannot observe the cluster: ")))
        << dialog->errorLabel()->text().toStdString();
    EXPECT_FALSE(window.controller()->isObserved());
    EXPECT_EQ(window.controller()->frameCount(), frames);
}

TEST(Observe, AClusterThatGoesAwayAfterConnectingKeepsTheFramesAndPollingResumes)
{
    ServedCluster served;
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    ConnectDialog* dialog = window.openConnectDialog();
    fill(dialog, served.bootstrap(), 100);
    ASSERT_TRUE(dialog->connectNow().isEmpty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return controller->isObserved(); }, waitMs));
    served.change();
    ASSERT_TRUE(QTest::qWaitFor([&] { return controller->frameCount() >= 2; }, waitMs));

    // The served cluster goes away: the status bar says so, the frames stay, observing goes on.
    const hw::ui::LiveSession::Settings settings = served.window.liveSession()->settings();
    served.window.liveSession()->stop();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return window.statusBar()->currentMessage().startsWith(QStringLiteral("No answer from broker 1, 2, 3;"));
        },
        waitMs))
        << window.statusBar()->currentMessage().toStdString();
    const std::int64_t frames = controller->frameCount();
    EXPECT_TRUE(window.observeSession()->isObserving());
    EXPECT_TRUE(controller->isObserved());

    // It comes back on the same ports: the next poll that works adds its frame.
    ASSERT_TRUE(served.window.liveSession()->start(settings).isEmpty());
    served.change();
    ASSERT_TRUE(QTest::qWaitFor([&] { return controller->frameCount() > frames; }, waitMs));
    EXPECT_TRUE(window.observeSession()->isObserving());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return window.statusBar()->currentMessage() == QStringLiteral("Every broker answers again."); }, waitMs))
        << window.statusBar()->currentMessage().toStdString();
}

TEST(Observe, QuittingWhileConnectedReturnsPromptly)
{
    hw::ui::setLanguage(QStringLiteral("en"));
    // The cluster is `highwater-cli serve` in a process of its own, as a real cluster is: one in this
    // process could not answer the poll under way while the window's destructor waits for it.
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("served.json"));
    {
        QFile file(scenario);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(servedScenarioJson());
    }
    const int base = hw::ui::LiveSession::freeBasePort(
        QStringLiteral("127.0.0.1"), 3, hw::ui::LiveSession::defaultBasePort + 2000 + 8 * (::getpid() % 100));
    ASSERT_GT(base, 0);
    QProcess serve;
    serve.setProcessChannelMode(QProcess::MergedChannels);
    serve.start(QStringLiteral(HW_CLI_PATH),
        { QStringLiteral("serve"), scenario, QStringLiteral("--port"), QString::number(base) });
    ASSERT_TRUE(serve.waitForStarted());
    QByteArray output;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            output += serve.readAll();
            return output.contains("serving");
        },
        waitMs))
        << output.toStdString();

    auto window = std::make_unique<MainWindow>();
    ConnectDialog* dialog = window->openConnectDialog();
    fill(dialog, QStringLiteral("127.0.0.1:%1").arg(base + 1), 100);
    ASSERT_TRUE(dialog->connectNow().isEmpty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return window->controller()->isObserved(); }, waitMs))
        << dialog->errorLabel()->text().toStdString();
    QTest::qWait(250); // a poll may be under way
    QElapsedTimer clock;
    clock.start();
    window->close();
    window.reset();
    EXPECT_LT(clock.elapsed(), 1000);
    serve.terminate();
    serve.waitForFinished(waitMs);
}

TEST(Observe, QuittingWhileAPollWaitsOnABrokerThatNeverAnswersTakesAtMostTheRequestTimeout)
{
    hw::ui::setLanguage(QStringLiteral("en"));
    // A listener that never reads: the kernel completes the connection, the request waits unanswered.
    QTcpServer silent;
    ASSERT_TRUE(silent.listen(QHostAddress::LocalHost));
    silent.pauseAccepting();
    auto window = std::make_unique<MainWindow>();
    ConnectDialog* dialog = window->openConnectDialog();
    fill(dialog, QStringLiteral("127.0.0.1:%1").arg(silent.serverPort()), 100);
    ASSERT_TRUE(dialog->connectNow().isEmpty());
    QTest::qWait(300); // the first poll is waiting for its answer
    ASSERT_TRUE(window->observeSession()->isObserving());
    QElapsedTimer clock;
    clock.start();
    window->close();
    window.reset();
    EXPECT_LE(clock.elapsed(), ObserveSession::quitWaitMs + 500);
}

/// A recording of `polls` polls of one partition whose leader epoch grows by one each poll.
std::string recordingText(int polls)
{
    hw::ObservedRecording recording;
    recording.header.bootstrap = "127.0.0.1:9092";
    recording.header.intervalMs = 1000;
    for (int i = 0; i < polls; ++i) {
        hw::ObservedCluster poll;
        poll.clusterId = "test-cluster";
        poll.timeMs = 1000 * i;
        poll.brokers.push_back({ 1, "localhost", 9092, "", false, true, "" });
        hw::ObservedTopicFacts topic;
        topic.name = "orders";
        hw::ObservedPartitionFacts partition;
        partition.leader = 1;
        partition.leaderEpoch = i; // a new epoch each poll: a frame each
        partition.replicas = { 1 };
        partition.isr = { 1 };
        partition.replicaFacts.push_back({ 1, 0, 0, 0, "" });
        topic.partitions.push_back(partition);
        poll.topics.push_back(topic);
        recording.polls.push_back(poll);
    }
    return hw::writeObservedRecording(recording);
}

TEST(Observe, ARecordingOpensAndABrokenLineSaysWhereTheFramesStop)
{
    hw::ui::setLanguage(QStringLiteral("en"));
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("good.jsonl"));
    {
        QFile file(good);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(recordingText(4)));
    }
    MainWindow window;
    ASSERT_TRUE(window.openScenario(good));
    EXPECT_TRUE(window.controller()->isObserved());
    EXPECT_EQ(window.controller()->frameCount(), 4);
    EXPECT_EQ(window.windowTitle(), QStringLiteral("good.jsonl[*] \u2014 observed \u2014 HighWater"));
    EXPECT_TRUE(window.scenarioErrorBanner()->isHidden());
    EXPECT_FALSE(window.action(QStringLiteral("runOn"))->isEnabled());

    // File > Export works on the observed frames as on any run: PNG, GIF and a PDF handout.
    for (const auto& [format, name] : { std::pair { hw::ui::ExportFormat::Png, "frame.png" },
             std::pair { hw::ui::ExportFormat::Gif, "run.gif" }, std::pair { hw::ui::ExportFormat::Pdf, "run.pdf" } }) {
        hw::ui::ExportSettings settings;
        settings.format = format;
        settings.size = QSize(960, 540);
        settings.caption = format != hw::ui::ExportFormat::Pdf;
        const std::vector<std::int64_t> frames = format == hw::ui::ExportFormat::Png
            ? std::vector<std::int64_t> { 3 }
            : std::vector<std::int64_t> { 0, 1, 2, 3 };
        const QString out = dir.filePath(QString::fromLatin1(name));
        const hw::ui::ExportResult result = hw::ui::Exporter::exportFrames(
            window.controller()->timeline(), window.controller()->scenario(), frames, settings, out);
        ASSERT_TRUE(result.ok()) << name << ": " << result.error.toStdString();
        EXPECT_GT(QFileInfo(out).size(), 1000) << name;
    }

    // The fourth line (the third poll) is broken: two frames stay, and the banner names the line.
    std::string text = recordingText(4);
    std::size_t at = 0;
    for (int line = 0; line < 3; ++line)
        at = text.find('\n', at) + 1;
    text.replace(text.find("\"leader\":1", at), 10, "\"leader\":\"x\"");
    const QString broken = dir.filePath(QStringLiteral("broken.txt")); // not .jsonl: told by its header
    {
        QFile file(broken);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(text));
    }
    ASSERT_TRUE(window.openScenario(broken));
    EXPECT_TRUE(window.controller()->isObserved());
    EXPECT_EQ(window.controller()->frameCount(), 2);
    const QString error = window.controller()->scenarioStopError();
    EXPECT_TRUE(error.startsWith(broken + QStringLiteral(": line 4: /topics/0/partitions/0/leader: expected")))
        << error.toStdString();
    EXPECT_FALSE(window.scenarioErrorBanner()->isHidden());
    EXPECT_TRUE(window.scenarioErrorBanner()->text().contains(QStringLiteral("line 4")));

    // A scenario opened afterwards is simulated again, with its actions.
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:leo-hw-walkthrough")));
    EXPECT_FALSE(window.controller()->isObserved());
    EXPECT_TRUE(window.action(QStringLiteral("runOn"))->isEnabled());
    EXPECT_TRUE(window.action(QStringLiteral("liveLab"))->isEnabled());
    for (QGroupBox* box : window.controlPanel()->findChildren<QGroupBox*>(Qt::FindDirectChildrenOnly))
        EXPECT_TRUE(box->toolTip().isEmpty());
}

TEST(Observe, ChartsKeepAPartitionsLinesWhenATopicIsCreatedBeforeIt)
{
    hw::ui::setLanguage(QStringLiteral("en"));
    // orders-0 on brokers 7 and 8, its ISR shrinking and growing back; at the third poll a topic "aaa" is
    // created, which sorts before "orders" and moves orders-0 to index 1 of ClusterState::partitions.
    hw::ObservedRecording recording;
    recording.header.bootstrap = "10.0.0.7:9092";
    const std::vector<std::vector<std::int32_t>> isrs = { { 7, 8 }, { 7 }, { 7 }, { 7, 8 } };
    for (std::size_t i = 0; i < isrs.size(); ++i) {
        hw::ObservedCluster poll;
        poll.clusterId = "charts";
        poll.timeMs = 1000 * static_cast<hw::TimeMs>(i);
        poll.brokers.push_back({ 7, "b7", 9092, "", false, true, "" });
        poll.brokers.push_back({ 8, "b8", 9092, "", false, true, "" });
        auto topic = [&](const std::string& name, const std::vector<std::int32_t>& isr, std::optional<hw::Offset> hw8) {
            hw::ObservedTopicFacts t;
            t.name = name;
            hw::ObservedPartitionFacts partition;
            partition.leader = 7;
            partition.leaderEpoch = 1;
            partition.replicas = { 7, 8 };
            partition.isr = isr;
            partition.replicaFacts.push_back({ 7, 0, 0, 0, "" });
            partition.replicaFacts.push_back({ 8, 0, 0, hw8, "" });
            t.partitions.push_back(partition);
            return t;
        };
        if (i >= 2)
            poll.topics.push_back(topic("aaa", { 7, 8 }, 0));
        poll.topics.push_back(topic("orders", isrs[i], i == 0 ? std::nullopt : std::optional<hw::Offset>(0)));
        hw::ObservedGroupFacts group;
        group.id = "billing";
        group.type = "consumer";
        group.state = "Empty";
        group.committed.push_back({ "orders", 0, 0 });
        poll.groups.push_back(group);
        recording.polls.push_back(poll);
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("charts.jsonl"));
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(hw::writeObservedRecording(recording)));
    }
    MainWindow window;
    ASSERT_TRUE(window.openRecording(path));
    hw::ui::SimController* controller = window.controller();
    ASSERT_EQ(controller->frameCount(), 4);
    const hw::RunMetrics& metrics = controller->session().metrics();
    controller->goToLast();
    const hw::ClusterState& last = controller->state();
    const std::int32_t ordersIndex = hw::findObservedPartition(last, "orders", 0);
    ASSERT_EQ(ordersIndex, 1);
    const std::int32_t slot = metrics.partitionSlot(last, ordersIndex);
    ASSERT_EQ(slot, 0); // first seen at frame 0
    EXPECT_EQ(metrics.partitionSlot(last, hw::findObservedPartition(last, "aaa", 0)), 1);
    const hw::PartitionMetrics& orders = metrics.partitions()[static_cast<std::size_t>(slot)];
    for (std::int64_t f = 0; f < 4; ++f)
        EXPECT_EQ(orders.isrSize.valueAtFrame(f), static_cast<std::int64_t>(isrs[static_cast<std::size_t>(f)].size()))
            << "frame " << f;
    ASSERT_EQ(orders.replicaHw.size(), 2u);
    EXPECT_EQ(orders.replicaHw[1].valueAtFrame(0), hw::StepSeries::unknownValue);
    EXPECT_EQ(orders.replicaHw[1].valueAtFrame(1), 0);

    // The charts: orders-0 chosen at the first frame stays chosen when the combo lists aaa-0 first; its
    // lines are each replica's HW, its LEOs and the HW, named by the real broker ids.
    controller->goToFirst();
    hw::ui::ChartsPanel* charts = window.charts();
    charts->setPartition(0);
    EXPECT_EQ(charts->partitionCombo()->currentText(), QStringLiteral("orders-0"));
    controller->goToLast();
    EXPECT_EQ(charts->partitionCombo()->currentText(), QStringLiteral("orders-0"));
    const QList<QLineSeries*> lines = charts->replicationLines();
    QStringList names;
    for (const QLineSeries* line : lines)
        names << line->name();
    EXPECT_EQ(names,
        (QStringList { QStringLiteral("HW of broker 7"), QStringLiteral("HW of broker 8"),
            QStringLiteral("LEO of broker 7"), QStringLiteral("LEO of broker 8"), QStringLiteral("HW (the leader's)") }));
    // The group page lists the observed group and its lag on orders-0, named by topic and partition.
    ASSERT_EQ(charts->groupCombo()->count(), 1);
    EXPECT_EQ(charts->groupCombo()->itemText(0), QStringLiteral("billing"));
    QStringList lagNames;
    for (const QLineSeries* line : charts->lagLines())
        lagNames << line->name();
    EXPECT_EQ(lagNames, (QStringList { QStringLiteral("Lag on orders-0"), QStringLiteral("Total lag") }));
}

} // namespace
