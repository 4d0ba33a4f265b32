// SPDX-License-Identifier: MIT
// View > Compare with real Kafka (issue 27, "What the user gets"): the dialog checks the distribution
// and the scenario before anything starts, runs on a worker thread with a Cancel that leaves no process
// behind, and the window shows both runs checkpoint by checkpoint with each fact's verdict. No JVM here:
// the runs are of a stand-in `java` that only sleeps; tests/ui/test_realcompare_real.cpp runs real Kafka.

#include "base/i18n.h"
#include "base/theme.h"
#include "control/realcompare.h"
#include "control/realcomparemodel.h"
#include "realkafka/runner.h"
#include "scene/diffmarkitem.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "shell/mainwindow.h"
#include "shell/realcomparedialog.h"
#include "shell/realcomparewindow.h"
#include "teaching/presentationmode.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include <unistd.h>

using hw::realkafka::Comparison;
using hw::realkafka::FactComparison;
using hw::realkafka::Verdict;
using hw::ui::RealCompareDialog;
using hw::ui::RealCompareModel;
using hw::ui::RealCompareWindow;

namespace {

hw::Scenario parse(const std::string& json)
{
    auto parsed = hw::parseScenario(json, "realcompare.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        ADD_FAILURE() << error->toString();
    return std::get<hw::Scenario>(std::move(parsed));
}

/// Three brokers, one partition, two records and two checkpoints: what a real run can do.
hw::Scenario runnableScenario(const std::string& version = "4.4")
{
    return parse(R"({"format": "highwater/1", "name": "realcompare", "seed": 3,
 "cluster": {"brokers": 3, "kafka_version": ")"
        + version + R"(", "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
 "producers": [{"id": "p1", "acks": "all"}],
 "steps": [
   {"produce": {"producer": "p1", "topic": "orders", "values": ["a", "b"]}},
   {"settle": {}},
   {"checkpoint": "written"},
   {"kill": {"broker": 1}},
   {"advance": {"ms": 12000}},
   {"checkpoint": "after-kill"}]})");
}

/// A release tarball's layout of Kafka `version` (realkafka::openDistribution reads the version from the jar).
void makeTarball(const QString& dir, const std::string& version)
{
    namespace fs = std::filesystem;
    const fs::path root(dir.toStdString());
    fs::create_directories(root / "libs");
    fs::create_directories(root / "config");
    for (const std::string& file : { "libs/kafka_2.13-" + version + ".jar", "libs/kafka-clients-" + version + ".jar",
             std::string("config/log4j2.yaml"), std::string("config/tools-log4j2.yaml") })
        std::ofstream(root / file) << "";
}

/// The processes whose command line holds `marker`.
int processesHolding(const QString& marker)
{
    int found = 0;
    const QByteArray needle = marker.toUtf8();
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool isPid = false;
        entry.toInt(&isPid);
        if (!isPid)
            continue;
        QFile file(QStringLiteral("/proc/") + entry + QStringLiteral("/cmdline"));
        if (file.open(QIODevice::ReadOnly) && file.readAll().replace('\0', ' ').contains(needle))
            ++found;
    }
    return found;
}

/// The run folders of this process (realkafka::RealCluster: highwater-real-PID-* under
/// $XDG_RUNTIME_DIR or /tmp).
int runFoldersOfThisProcess()
{
    int found = 0;
    const QString prefix = QStringLiteral("highwater-real-%1-").arg(::getpid());
    QStringList roots { QStringLiteral("/tmp") };
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        roots.append(qEnvironmentVariable("XDG_RUNTIME_DIR"));
    for (const QString& root : roots)
        found += static_cast<int>(QDir(root).entryList({ prefix + QLatin1Char('*') }, QDir::Dirs).size());
    return found;
}

/// A Kafka 4.4.0 tarball whose `java` (JAVA_HOME/bin/java) sleeps: a run that starts formatting and
/// never gets further, until it is cancelled. JAVA_HOME is put back afterwards.
class SleepingKafka : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        makeTarball(m_dir.filePath(QStringLiteral("kafka")), "4.4.0");
        QDir().mkpath(m_dir.filePath(QStringLiteral("jdk/bin")));
        m_java = m_dir.filePath(QStringLiteral("jdk/bin/java"));
        QFile java(m_java);
        ASSERT_TRUE(java.open(QIODevice::WriteOnly));
        // The shell stays, so that each stand-in JVM's command line names this test's folder; its sleep is in
        // the same process group, which a kill takes with it.
        java.write("#!/bin/sh\nsleep 300\n");
        java.close();
        java.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        m_oldJavaHome = qgetenv("JAVA_HOME");
        m_hadJavaHome = qEnvironmentVariableIsSet("JAVA_HOME");
        qputenv("JAVA_HOME", m_dir.filePath(QStringLiteral("jdk")).toLocal8Bit());
    }
    void TearDown() override
    {
        if (m_hadJavaHome)
            qputenv("JAVA_HOME", m_oldJavaHome);
        else
            qunsetenv("JAVA_HOME");
        QSettings().remove(QLatin1String(hw::ui::realcompare::distributionSettingsKey));
    }

    QString kafkaDir() const { return m_dir.filePath(QStringLiteral("kafka")); }
    /// What the command line of every stand-in JVM holds: its path.
    QString marker() const { return m_java; }

    /// Starts a run in the dialog and waits until the stand-in JVMs run (the four StorageTool formats).
    void startAndWaitForJvms(RealCompareDialog& dialog)
    {
        dialog.setDirectory(kafkaDir());
        ASSERT_TRUE(dialog.startButton()->isEnabled()) << dialog.distributionLabel()->text().toStdString();
        QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
        ASSERT_TRUE(dialog.run()->isRunning());
        EXPECT_FALSE(dialog.startButton()->isEnabled());
        EXPECT_FALSE(dialog.directoryEdit()->isEnabled());
        EXPECT_EQ(dialog.cancelButton()->text(), QStringLiteral("Cancel run"));
        ASSERT_TRUE(QTest::qWaitFor([this] { return processesHolding(marker()) >= 4; }, 20000))
            << processesHolding(marker()) << " stand-in JVMs; " << dialog.outcomeLabel()->text().toStdString() << "\n"
            << dialog.run()->log().join(QLatin1Char('\n')).toStdString();
        // The worker posted its progress (the cluster is starting) before it started them, but qWaitFor
        // may see them in the same instant, before the event loop has delivered that report: deliver it.
        QCoreApplication::processEvents();
    }

    QTemporaryDir m_dir;
    QString m_java;
    QByteArray m_oldJavaHome;
    bool m_hadJavaHome = false;
};

FactComparison fact(const std::string& subject, const std::string& name, const std::string& simulated,
    const std::string& real, Verdict verdict, const std::string& knownId = {}, const std::string& reason = {})
{
    FactComparison f;
    f.subject = subject;
    f.fact = name;
    f.simulated = simulated;
    f.real = real;
    f.verdict = verdict;
    f.knownId = knownId;
    f.reason = reason;
    return f;
}

/// A comparison of two checkpoints built by hand: every verdict at "written", one ISR that differs at
/// "after-kill".
Comparison handComparison(std::int64_t writtenFrame, std::int64_t afterKillFrame)
{
    Comparison comparison;
    comparison.scenario = "realcompare";
    comparison.kafkaVersion = "4.4.0";
    hw::realkafka::CheckpointComparison written;
    written.label = "written";
    written.simulatedFrame = writtenFrame;
    written.step = 1;
    written.observed = true;
    written.compared = true;
    written.facts = {
        fact("orders-0", "leader", "1", "1", Verdict::Agree),
        fact("orders-0 replica 2", "leo", "2", "1", Verdict::Differ),
        fact("orders-0 replica 3", "hw", "2", "1", Verdict::Known, "follower-hw-lag",
            "a follower learns the HW one fetch later"),
        fact("orders-0", "elr", "[]", "-", Verdict::NotCompared, {}, "ELR is not observed before 3.8"),
    };
    hw::realkafka::CheckpointComparison afterKill;
    afterKill.label = "after-kill";
    afterKill.simulatedFrame = afterKillFrame;
    afterKill.step = 4;
    afterKill.observed = true;
    afterKill.compared = true;
    afterKill.facts = {
        fact("orders-0", "leader", "2", "2", Verdict::Agree),
        fact("orders-0", "isr", "[2,3]", "[2,3,1]", Verdict::Differ),
    };
    hw::realkafka::CheckpointComparison missing;
    missing.label = "never-reached";
    missing.simulatedFrame = afterKillFrame;
    missing.observed = false;
    missing.compared = false;
    missing.notComparedWhy = "the real run has no checkpoint never-reached";
    missing.facts = { fact("checkpoint", "checkpoint", "never-reached", "-", Verdict::Differ) };
    comparison.checkpoints = { written, afterKill, missing };
    return comparison;
}

} // namespace

TEST(RealCompareDialog, NamesTheVersionAndChecksTheDirectoryAtOnce)
{
    QTemporaryDir dir;
    makeTarball(dir.filePath(QStringLiteral("k42")), "4.2.0");
    makeTarball(dir.filePath(QStringLiteral("k44")), "4.4.0");
    RealCompareDialog dialog(runnableScenario("4.4"));
    // What a distribution is, which version, and how to get one.
    EXPECT_TRUE(dialog.versionLabel()->text().contains(QStringLiteral("Kafka 4.4")));
    EXPECT_TRUE(dialog.versionLabel()->text().contains(QStringLiteral("scripts/kafka-dist 4.4")));
    EXPECT_FALSE(dialog.refusalList()->isVisibleTo(&dialog));

    dialog.setDirectory(QString());
    EXPECT_FALSE(dialog.startButton()->isEnabled());
    EXPECT_TRUE(dialog.distributionLabel()->text().contains(QStringLiteral("Choose the directory")));

    const QString nowhere = dir.filePath(QStringLiteral("nowhere"));
    dialog.setDirectory(nowhere);
    EXPECT_FALSE(dialog.startButton()->isEnabled());
    EXPECT_TRUE(dialog.distributionLabel()->text().contains(nowhere)) << dialog.distributionLabel()->text().toStdString();

    // Another version is refused at once, naming both.
    dialog.setDirectory(dir.filePath(QStringLiteral("k42")));
    EXPECT_FALSE(dialog.startButton()->isEnabled());
    const QString wrong = dialog.distributionLabel()->text();
    EXPECT_TRUE(wrong.contains(QStringLiteral("4.2")) && wrong.contains(QStringLiteral("4.4"))) << wrong.toStdString();
    EXPECT_TRUE(wrong.startsWith(QStringLiteral("\u2717"))) << wrong.toStdString();

    dialog.setDirectory(dir.filePath(QStringLiteral("k44")));
    EXPECT_TRUE(dialog.startButton()->isEnabled());
    EXPECT_EQ(dialog.distributionLabel()->text(),
        QStringLiteral("\u2713 Apache Kafka 4.4.0 in ") + dir.filePath(QStringLiteral("k44")));
}

TEST(RealCompareDialog, RemembersTheDirectory)
{
    QSettings().setValue(QLatin1String(hw::ui::realcompare::distributionSettingsKey), QStringLiteral("/opt/kafka-4.4"));
    RealCompareDialog dialog(runnableScenario());
    EXPECT_EQ(dialog.directoryEdit()->text(), QStringLiteral("/opt/kafka-4.4"));
    EXPECT_FALSE(dialog.startButton()->isEnabled());
    QSettings().remove(QLatin1String(hw::ui::realcompare::distributionSettingsKey));
}

TEST(RealCompareDialog, ListsEveryRefusalBeforeAnythingStarts)
{
    const hw::Scenario scenario = parse(R"({"format": "highwater/1", "name": "refused", "seed": 3,
 "cluster": {"brokers": 3, "kafka_version": "4.4"},
 "topics": [{"name": "t", "partitions": 1, "replication.factor": 3}],
 "producers": [{"id": "p1", "acks": "all"}],
 "steps": [
   {"produce": {"producer": "p1", "topic": "t", "values": ["a"]}},
   {"fetch": {"topic": "t", "follower": 2}},
   {"run": {"events": 3}},
   {"restart": {"broker": 1, "lose_unflushed": 2}}]})");
    const std::vector<hw::realkafka::Refusal> refusals = hw::realkafka::checkRealScenario(scenario);
    ASSERT_EQ(refusals.size(), 3u);
    QTemporaryDir dir;
    makeTarball(dir.filePath(QStringLiteral("k44")), "4.4.0");
    RealCompareDialog dialog(scenario);
    dialog.setDirectory(dir.filePath(QStringLiteral("k44")));
    EXPECT_TRUE(dialog.refusalList()->isVisibleTo(&dialog));
    EXPECT_TRUE(dialog.refusalHeading()->isVisibleTo(&dialog));
    ASSERT_EQ(dialog.refusalList()->count(), 3);
    for (int i = 0; i < 3; ++i) {
        const hw::realkafka::Refusal& refusal = refusals[static_cast<std::size_t>(i)];
        EXPECT_EQ(dialog.refusalList()->item(i)->text(),
            QString::fromStdString(refusal.path + ": " + refusal.why));
    }
    EXPECT_TRUE(dialog.refusalList()->item(0)->text().startsWith(QStringLiteral("/steps/1/fetch")));
    // A good distribution does not make a refused scenario runnable.
    EXPECT_FALSE(dialog.startButton()->isEnabled());
    dialog.start();
    EXPECT_FALSE(dialog.run()->isRunning());
}

TEST_F(SleepingKafka, CancelStopsTheRunAndLeavesNoProcess)
{
    RealCompareDialog dialog(runnableScenario());
    dialog.show();
    startAndWaitForJvms(dialog);
    EXPECT_EQ(QSettings().value(QLatin1String(hw::ui::realcompare::distributionSettingsKey)).toString(), kafkaDir());
    // The window is not waiting: the progress says the cluster is starting and the clock goes on.
    EXPECT_TRUE(dialog.stepLabel()->text().startsWith(QStringLiteral("Starting Kafka: a controller and 3 brokers")))
        << dialog.stepLabel()->text().toStdString() << "; " << dialog.outcomeLabel()->text().toStdString();
    EXPECT_TRUE(dialog.elapsedLabel()->text().startsWith(QStringLiteral("Elapsed 0:0")));
    QTest::qWait(1200);
    EXPECT_NE(dialog.elapsedLabel()->text().toStdString(), "Elapsed 0:00") << dialog.stepLabel()->text().toStdString()
        << "; " << dialog.outcomeLabel()->text().toStdString();

    QTest::mouseClick(dialog.cancelButton(), Qt::LeftButton);
    EXPECT_FALSE(dialog.run()->isRunning());
    EXPECT_EQ(processesHolding(marker()), 0);
    EXPECT_EQ(runFoldersOfThisProcess(), 0);
    EXPECT_EQ(dialog.stepLabel()->text(), QStringLiteral("Cancelled."));
    EXPECT_TRUE(dialog.outcomeLabel()->text().contains(QStringLiteral("cancelled")));
    EXPECT_TRUE(dialog.isVisible()); // it stays open to start again
    EXPECT_TRUE(dialog.startButton()->isEnabled());
    EXPECT_EQ(dialog.cancelButton()->text(), QStringLiteral("Close"));
    // The worker's own last report arrives later and changes nothing.
    QTest::qWait(200);
    EXPECT_EQ(dialog.stepLabel()->text(), QStringLiteral("Cancelled."));
}

TEST_F(SleepingKafka, ClosingTheDialogWhileRunningCancelsTheRun)
{
    auto* dialog = new RealCompareDialog(runnableScenario());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    startAndWaitForJvms(*dialog);
    QPointer<RealCompareDialog> watched(dialog);
    dialog->close();
    EXPECT_EQ(processesHolding(marker()), 0);
    EXPECT_EQ(runFoldersOfThisProcess(), 0);
    QTest::qWaitFor([&] { return watched.isNull(); }, 2000);
    EXPECT_TRUE(watched.isNull());
}

TEST_F(SleepingKafka, QuittingTheAppWhileRunningCancelsTheRun)
{
    // The main window owns the dialog: destroying it (as the app does when it quits) ends the run first.
    auto window = std::make_unique<hw::ui::MainWindow>();
    window->openParsedScenario(runnableScenario(), QStringLiteral("realcompare.json"));
    RealCompareDialog* dialog = window->compareWithRealKafka();
    ASSERT_NE(dialog, nullptr);
    startAndWaitForJvms(*dialog);
    window.reset();
    EXPECT_EQ(processesHolding(marker()), 0);
    EXPECT_EQ(runFoldersOfThisProcess(), 0);
}

TEST(RealCompareMenu, ViewMenuOpensOneDialogForTheScenarioShown)
{
    hw::ui::MainWindow window;
    ASSERT_TRUE(window.openParsedScenario(runnableScenario("4.2"), QStringLiteral("realcompare.json")));
    QAction* action = nullptr;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->objectName() == QLatin1String("compareReal"))
            action = a;
    }
    ASSERT_NE(action, nullptr);
    EXPECT_EQ(action->text(), QStringLiteral("Compare with &real Kafka..."));
    action->trigger();
    auto* dialog = window.findChild<RealCompareDialog*>(QStringLiteral("realCompareDialog"));
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(dialog->versionLabel()->text().contains(QStringLiteral("scripts/kafka-dist 4.2")));
    // Again: the same dialog, raised, not a second run.
    EXPECT_EQ(window.compareWithRealKafka(), dialog);
    EXPECT_EQ(window.findChildren<RealCompareDialog*>().size(), 1);
    dialog->close();
}

TEST(RealCompareModel, ShowsEachVerdictWithASymbolAndAWord)
{
    RealCompareModel model;
    model.setComparison(handComparison(3, 9));
    ASSERT_EQ(model.checkpoint(), 0);
    ASSERT_EQ(model.rowCount(), 4);
    auto cell = [&](int row, int column) { return model.data(model.index(row, column)).toString(); };
    EXPECT_EQ(cell(0, RealCompareModel::VerdictColumn), QStringLiteral("\u2713 agree"));
    EXPECT_EQ(cell(1, RealCompareModel::VerdictColumn), QStringLiteral("\u2260 differs"));
    EXPECT_EQ(cell(2, RealCompareModel::VerdictColumn), QStringLiteral("\u2248 known"));
    EXPECT_EQ(cell(3, RealCompareModel::VerdictColumn), QStringLiteral("\u2013 not compared"));
    EXPECT_EQ(cell(1, RealCompareModel::SubjectColumn), QStringLiteral("orders-0 replica 2"));
    EXPECT_EQ(cell(1, RealCompareModel::FactColumn), QStringLiteral("LEO"));
    EXPECT_EQ(cell(1, RealCompareModel::SimulatedColumn), QStringLiteral("2"));
    EXPECT_EQ(cell(1, RealCompareModel::RealColumn), QStringLiteral("1"));
    EXPECT_EQ(cell(2, RealCompareModel::ReasonColumn),
        QStringLiteral("follower-hw-lag: a follower learns the HW one fetch later"));
    EXPECT_EQ(cell(3, RealCompareModel::ReasonColumn), QStringLiteral("ELR is not observed before 3.8"));
    EXPECT_EQ(model.headerData(RealCompareModel::RealColumn, Qt::Horizontal).toString(), QStringLiteral("Kafka 4.4.0"));
    EXPECT_EQ(model.data(model.index(1, 0), RealCompareModel::VerdictRole).toInt(), static_cast<int>(Verdict::Differ));
    EXPECT_TRUE(model.data(model.index(1, 0), Qt::FontRole).value<QFont>().bold());
    EXPECT_EQ(model.data(model.index(1, 0), Qt::ToolTipRole).toString(),
        QStringLiteral("\u2260 differs: orders-0 replica 2 LEO: 2 simulated, 1 on Kafka"));
    EXPECT_EQ(RealCompareModel::countsText(model.comparison().checkpoints[0].facts),
        QStringLiteral("agree 1 \u00B7 differ 1 \u00B7 known 1 \u00B7 not compared 1"));
    EXPECT_EQ(model.totalText(), QStringLiteral("agree 2 \u00B7 differ 3 \u00B7 known 1 \u00B7 not compared 1"));

    // Without the facts that agree, what differs is not buried.
    model.setShowAgreeing(false);
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(cell(0, RealCompareModel::VerdictColumn), QStringLiteral("\u2260 differs"));
    model.setCheckpoint(1);
    ASSERT_EQ(model.rowCount(), 1);
    EXPECT_EQ(cell(0, RealCompareModel::FactColumn), QStringLiteral("ISR"));
    model.setCheckpoint(99);
    EXPECT_EQ(model.checkpoint(), 2);
    EXPECT_EQ(cell(0, RealCompareModel::SubjectColumn), QStringLiteral("checkpoint"));
}

TEST(RealCompareModel, MarksWhatDiffersWhereTheDrawingShowsIt)
{
    auto played = hw::playScenario(runnableScenario());
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    const hw::ClusterState state = std::get<hw::Timeline>(played).head();
    RealCompareModel model;
    model.setComparison(handComparison(3, 9));
    const QList<hw::ui::DifferenceMark> marks = model.marks(state);
    // The LEO that differs and the known HW: both values differ on the drawing; agree and not compared are
    // not marked.
    ASSERT_EQ(marks.size(), 2);
    EXPECT_EQ(marks[0].where, hw::ui::DifferenceMark::Where::Replica);
    EXPECT_EQ(marks[0].partition, 0);
    EXPECT_EQ(marks[0].broker, 2);
    EXPECT_EQ(marks[0].roles, QStringList { QStringLiteral("leo") });
    EXPECT_EQ(marks[1].where, hw::ui::DifferenceMark::Where::Replica);
    EXPECT_EQ(marks[1].broker, 3);
    model.setCheckpoint(1);
    const QList<hw::ui::DifferenceMark> isr = model.marks(state);
    ASSERT_EQ(isr.size(), 1);
    EXPECT_EQ(isr[0].where, hw::ui::DifferenceMark::Where::Partition);
    EXPECT_TRUE(isr[0].roles.contains(QStringLiteral("isr")));
    EXPECT_EQ(isr[0].text, QStringLiteral("\u2260 differs: orders-0 ISR: [2,3] simulated, [2,3,1] on Kafka"));
    // A checkpoint only one side has is not on any drawing: the list names it.
    model.setCheckpoint(2);
    EXPECT_TRUE(model.marks(state).isEmpty());
}

TEST(RealCompareWindow, ShowsBothRunsCheckpointByCheckpoint)
{
    const hw::Scenario scenario = runnableScenario();
    auto played = hw::playScenario(scenario);
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    auto timeline = std::make_shared<const hw::Timeline>(std::get<hw::Timeline>(std::move(played)));
    const std::int64_t written = timeline->findLabel("written");
    const std::int64_t afterKill = timeline->findLabel("after-kill");
    ASSERT_GE(written, 0);
    ASSERT_GT(afterKill, written);
    auto result = std::make_shared<hw::ui::RealCompareResult>();
    result->scenario = scenario;
    result->simulated = timeline;
    result->comparison = handComparison(written, afterKill);
    // The observed states stand in as the simulated ones, with the ISR the comparison says Kafka had.
    hw::ui::RealCheckpointState first { "written", 1, timeline->stateAt(written), 4100 };
    hw::ui::RealCheckpointState second { "after-kill", 4, timeline->stateAt(afterKill), 31700 };
    result->real = { first, second };

    RealCompareWindow window;
    window.resize(1280, 720);
    window.open(result);
    window.show();
    EXPECT_EQ(window.windowTitle(), QStringLiteral("realcompare: simulated and on Apache Kafka 4.4.0 \u2014 HighWater"));
    EXPECT_EQ(window.sideLabel(RealCompareWindow::Simulated)->text(), QStringLiteral("HighWater, simulated"));
    EXPECT_EQ(window.sideLabel(RealCompareWindow::Real)->text(), QStringLiteral("Apache Kafka 4.4.0, observed"));
    ASSERT_EQ(window.checkpointCombo()->count(), 3);
    EXPECT_EQ(window.checkpointCombo()->itemText(0), QStringLiteral("\u25C6written (1 of 3)  \u2260 1"));
    EXPECT_EQ(window.checkpointCombo()->itemText(1), QStringLiteral("\u25C6after-kill (2 of 3)  \u2260 1"));

    // The first checkpoint: both drawings, each with the "≠" marks of the LEO and the known HW.
    EXPECT_EQ(window.checkpoint(), 0);
    EXPECT_TRUE(window.showsDrawing(RealCompareWindow::Simulated));
    EXPECT_TRUE(window.showsDrawing(RealCompareWindow::Real));
    for (auto side : { RealCompareWindow::Simulated, RealCompareWindow::Real }) {
        int marks = 0;
        for (QGraphicsItem* item : window.scene(side)->items())
            marks += qgraphicsitem_cast<hw::ui::DiffMarkItem*>(item) ? 1 : 0;
        EXPECT_EQ(marks, 2) << side;
        EXPECT_EQ(window.scene(side)->state().partitions.size(), 1u);
    }
    EXPECT_EQ(window.frameLabel(RealCompareWindow::Simulated)->text(),
        QStringLiteral("Frame %1 \u00B7 %2 ms simulated").arg(written).arg(timeline->frame(written).timeMs));
    EXPECT_EQ(window.frameLabel(RealCompareWindow::Real)->text(), QStringLiteral("4 s after the cluster was up"));
    EXPECT_EQ(window.factsHeading()->text(), QStringLiteral("Checkpoint \u25C6written, 1 of 3"));
    EXPECT_EQ(window.countsLabel()->text(), QStringLiteral("agree 1 \u00B7 differ 1 \u00B7 known 1 \u00B7 not compared 1"));
    EXPECT_EQ(window.factsTable()->model()->rowCount(), 4);
    window.agreeingCheck()->setChecked(false);
    EXPECT_EQ(window.factsTable()->model()->rowCount(), 3);
    window.agreeingCheck()->setChecked(true);

    // Page Down: the next checkpoint in both.
    // Page Down (the window's shortcut of this action; offscreen, the window is never active).
    ASSERT_TRUE(window.action(QStringLiteral("nextCheckpoint"))->shortcuts().contains(QKeySequence(Qt::Key_PageDown)));
    window.action(QStringLiteral("nextCheckpoint"))->trigger();
    EXPECT_EQ(window.checkpoint(), 1);
    EXPECT_EQ(window.checkpointCombo()->currentIndex(), 1);
    EXPECT_EQ(window.scene(RealCompareWindow::Simulated)->state().partitions[0].registration.leader, 2);
    EXPECT_EQ(window.frameLabel(RealCompareWindow::Real)->text(), QStringLiteral("31 s after the cluster was up"));
    EXPECT_EQ(window.factsTable()->model()->rowCount(), 2);

    // A checkpoint the real run never reached says so in place of its drawing.
    window.action(QStringLiteral("last"))->trigger();
    EXPECT_EQ(window.checkpoint(), 2);
    EXPECT_TRUE(window.showsDrawing(RealCompareWindow::Simulated));
    EXPECT_FALSE(window.showsDrawing(RealCompareWindow::Real));
    EXPECT_EQ(window.missingLabel(RealCompareWindow::Real)->text(),
        QStringLiteral("The real run did not reach checkpoint \u25C6never-reached."));
    EXPECT_TRUE(window.countsLabel()->text().contains(QStringLiteral("Not compared: the real run has no checkpoint")));
    EXPECT_FALSE(window.findChild<QPushButton*>(QStringLiteral("nextCheckpointButton"))->isEnabled());
    window.action(QStringLiteral("first"))->trigger();
    EXPECT_EQ(window.checkpoint(), 0);
    EXPECT_FALSE(window.findChild<QPushButton*>(QStringLiteral("previousCheckpointButton"))->isEnabled());
}

TEST(RealCompareSetup, IsolatedBrokersAreThoseNotHealedBeforeTheStep)
{
    const hw::Scenario scenario = parse(R"({"format": "highwater/1", "name": "iso", "seed": 3,
 "cluster": {"brokers": 3, "kafka_version": "4.4"},
 "topics": [{"name": "t", "partitions": 1, "replication.factor": 3}],
 "steps": [{"isolate": {"broker": 2}}, {"isolate": {"broker": 3}}, {"heal": {"broker": 2}},
           {"checkpoint": "x"}]})");
    EXPECT_EQ(hw::ui::realcompare::isolatedBefore(scenario, 0), std::vector<std::int32_t> {});
    EXPECT_EQ(hw::ui::realcompare::isolatedBefore(scenario, 2), (std::vector<std::int32_t> { 2, 3 }));
    EXPECT_EQ(hw::ui::realcompare::isolatedBefore(scenario, 4), std::vector<std::int32_t> { 3 });
}

namespace {

/// Whether `text` holds a Chinese character (CJK Unified Ideographs).
bool hasChinese(const QString& text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    }
    return false;
}

/// Restores English whatever a test did.
struct English {
    ~English() { hw::ui::setLanguage(QStringLiteral("en")); }
};

/// Scenarios whose refusals are every kind but a recorded live client's.
std::vector<hw::realkafka::Refusal> everyRefusal()
{
    std::vector<hw::realkafka::Refusal> all;
    for (const hw::Scenario& scenario : {
             parse(R"({"format": "highwater/1", "name": "t",
      "cluster": {"brokers": 3, "config": {"auto.fetch": false, "truncation": "high-watermark"}},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": 3}],
      "producers": [{"id": "p", "rate_per_s": 10, "topic": "t"}],
      "steps": [{"fetch": {"topic": "t", "follower": 2}}, {"run": {"events": 3}}, {"clock": {"to_ms": 100000}},
           {"restart": {"broker": 1, "lose_unflushed": 2}}, {"shutdown": {"broker": 1, "wait": false}},
           {"config": {"retries": 3, "min.insync.replicas": 2}}, {"create_topic": {"name": "placed"}},
           {"create_topic": {"name": "assigned", "assignment": [[1, 2]]}}]})"),
             parse(R"({"format": "highwater/1", "name": "t",
      "cluster": {"brokers": 3, "config": {"session.timeout.ms": 3000}},
      "topics": [{"name": "t", "partitions": 1, "replication.factor": 3}],
      "consumers": [{"id": "c", "group": "g", "subscribe": ["t"]},
                    {"id": "m", "group": "g", "subscribe": ["t"], "auto.poll": false},
                    {"id": "a", "assign": [{"topic": "t", "partition": 0}]}],
      "steps": [{"crash_consumer": {"consumer": "c"}}, {"poll": {"consumer": "c"}},
           {"poll": {"consumer": "m", "max_records": 3, "wait": false}}]})") }) {
        const std::vector<hw::realkafka::Refusal> refusals = hw::realkafka::checkRealScenario(scenario);
        all.insert(all.end(), refusals.begin(), refusals.end());
    }
    return all;
}

} // namespace

TEST(RealCompareTexts, EveryRefusalIsSaidInTheUiLanguage)
{
    // The library's refusals are the CLI's English; the dialog says each from its kind, in the same
    // English, and in Chinese.
    English english;
    const std::vector<hw::realkafka::Refusal> refusals = everyRefusal();
    std::set<hw::realkafka::RefusalKind> kinds;
    for (const hw::realkafka::Refusal& refusal : refusals) {
        kinds.insert(refusal.kind);
        EXPECT_EQ(hw::ui::realcompare::refusalReason(refusal).toStdString(), refusal.why) << refusal.path;
    }
    EXPECT_EQ(kinds.size(), 16u) << "every kind but LiveStep";
    for (const char* language : { "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const hw::realkafka::Refusal& refusal : refusals) {
            const QString text = hw::ui::realcompare::refusalReason(refusal);
            EXPECT_TRUE(hasChinese(text)) << language << " " << refusal.path << ": " << text.toStdString();
        }
    }
}

TEST(RealCompareTexts, EveryKnownDifferenceAndReasonIsSaidInTheUiLanguage)
{
    English english;
    using hw::realkafka::ReasonId;
    hw::realkafka::CheckpointComparison checkpoint;
    checkpoint.label = "2";
    checkpoint.pending = "taken right after the leader was killed";
    checkpoint.notComparedId = ReasonId::Pending;
    // Each reason as the library writes it (tests/realkafka/test_differential.cpp pins the library's).
    struct Case {
        ReasonId id;
        std::int64_t number;
        std::string english;
    };
    const Case cases[] = {
        { ReasonId::Pending, -1, "the checkpoint is pending: taken right after the leader was killed" },
        { ReasonId::LogNotRead, -1, "the observer did not read this log (a pending checkpoint is read without the logs)" },
        { ReasonId::StoppedReplicaHw, 1,
            "broker 1 is down on both sides: Kafka 4.4.0 reads a stopped replica's HW from its checkpoint file, "
            "written every replica.high.watermark.checkpoint.interval.ms (5 s), so it is a timing, not a fact" },
        { ReasonId::NoBrokerRunning, -1,
            "no broker is running, so none can be asked for the partition's metadata (the observer read the logs "
            "from the files only)" },
        { ReasonId::ElrNotReported, -1, "Kafka 4.4.0 does not report the ELR (DescribeTopicPartitions, Kafka 3.8+)" },
        { ReasonId::LastKnownElrNotReported, -1,
            "Kafka 4.4.0 does not report the last known ELR (DescribeTopicPartitions, Kafka 3.8+)" },
        { ReasonId::LogsDifferFrom, 7, "the logs differ from offset 7" },
    };
    auto factOf = [](const Case& c) {
        FactComparison f = fact("orders-0", "hw", "1", "2", Verdict::NotCompared, {}, c.english);
        f.reasonId = c.id;
        f.reasonNumber = c.number;
        return f;
    };
    for (const Case& c : cases)
        EXPECT_EQ(RealCompareModel::reasonText(factOf(c), checkpoint, "4.4.0").toStdString(), c.english);
    EXPECT_EQ(RealCompareModel::notComparedText(checkpoint).toStdString(),
        "pending: taken right after the leader was killed");
    hw::realkafka::CheckpointComparison onlySimulated;
    onlySimulated.label = "5";
    onlySimulated.notComparedId = ReasonId::OnlySimulated;
    EXPECT_EQ(RealCompareModel::notComparedText(onlySimulated).toStdString(),
        "only in the simulation: the real run has no checkpoint \"5\"");
    hw::realkafka::CheckpointComparison onlyReal;
    onlyReal.label = "renamed";
    onlyReal.notComparedId = ReasonId::OnlyReal;
    EXPECT_EQ(RealCompareModel::notComparedText(onlyReal).toStdString(),
        "only in the real run: the simulation has no checkpoint \"renamed\"");
    // Every known difference's reason, in the library's English.
    for (const hw::realkafka::KnownDifference& known : hw::realkafka::knownDifferences())
        EXPECT_EQ(RealCompareModel::knownReason(std::string(known.id), "?").toStdString(), known.reason) << known.id;

    for (const char* language : { "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const Case& c : cases) {
            const QString text = RealCompareModel::reasonText(factOf(c), checkpoint, "4.4.0");
            EXPECT_TRUE(hasChinese(text)) << language << ": " << text.toStdString();
        }
        for (const auto* cp : { &checkpoint, &onlySimulated, &onlyReal })
            EXPECT_TRUE(hasChinese(RealCompareModel::notComparedText(*cp))) << language;
        for (const hw::realkafka::KnownDifference& known : hw::realkafka::knownDifferences()) {
            FactComparison f = fact(std::string(known.subject), std::string(known.fact), std::string(known.simulated),
                std::string(known.real), Verdict::Known, std::string(known.id), std::string(known.reason));
            f.reasonId = ReasonId::Known;
            const QString text = RealCompareModel::reasonText(f, checkpoint, "4.4.0");
            EXPECT_TRUE(text.startsWith(QString::fromLatin1(known.id.data(), static_cast<qsizetype>(known.id.size()))))
                << text.toStdString();
            EXPECT_TRUE(hasChinese(text)) << language << " " << known.id;
        }
    }
}

TEST(RealCompareTexts, TheDialogSaysTheDistributionsProblemsAndTheRefusalsInChinese)
{
    English english;
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_TW")));
    QTemporaryDir dir;
    makeTarball(dir.filePath(QStringLiteral("k42")), "4.2.0");
    RealCompareDialog dialog(parse(R"({"format": "highwater/1", "name": "refused", "seed": 3,
 "cluster": {"brokers": 3, "kafka_version": "4.4"},
 "topics": [{"name": "t", "partitions": 1, "replication.factor": 3}],
 "steps": [{"fetch": {"topic": "t", "follower": 2}}, {"run": {"events": 3}}]})"));
    ASSERT_EQ(dialog.refusalList()->count(), 2);
    for (int i = 0; i < 2; ++i) {
        const QString text = dialog.refusalList()->item(i)->text();
        EXPECT_TRUE(text.startsWith(QStringLiteral("/steps/%1/").arg(i))) << text.toStdString();
        EXPECT_TRUE(hasChinese(text)) << text.toStdString();
    }
    const QString nowhere = dir.filePath(QStringLiteral("nowhere"));
    dialog.setDirectory(nowhere);
    EXPECT_TRUE(dialog.distributionLabel()->text().contains(nowhere));
    EXPECT_TRUE(hasChinese(dialog.distributionLabel()->text())) << dialog.distributionLabel()->text().toStdString();
    dialog.setDirectory(dir.filePath(QStringLiteral("k42")));
    const QString wrong = dialog.distributionLabel()->text();
    EXPECT_TRUE(wrong.contains(QStringLiteral("4.2.0")) && wrong.contains(QStringLiteral("4.4"))) << wrong.toStdString();
    EXPECT_TRUE(wrong.contains(QStringLiteral("scripts/kafka-dist 4.4"))) << wrong.toStdString();
    EXPECT_TRUE(hasChinese(wrong)) << wrong.toStdString();
}

namespace {

/// A window of the two-checkpoint comparison built by hand (the simulated states stand in as the real).
std::shared_ptr<hw::ui::RealCompareResult> handResult()
{
    const hw::Scenario scenario = runnableScenario();
    auto played = hw::playScenario(scenario);
    auto timeline = std::make_shared<const hw::Timeline>(std::get<hw::Timeline>(std::move(played)));
    const std::int64_t written = timeline->findLabel("written");
    const std::int64_t afterKill = timeline->findLabel("after-kill");
    auto result = std::make_shared<hw::ui::RealCompareResult>();
    result->scenario = scenario;
    result->simulated = timeline;
    result->comparison = handComparison(written, afterKill);
    result->real = { hw::ui::RealCheckpointState { "written", 1, timeline->stateAt(written), 4100 },
        hw::ui::RealCheckpointState { "after-kill", 4, timeline->stateAt(afterKill), 31700 } };
    return result;
}

/// The smallest pixel size of the widgets' text under `root` that are shown.
int smallestWidgetTextPx(QWidget* root)
{
    int smallest = 1000;
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : widgets) {
        if (w->isVisible() && (qobject_cast<QLabel*>(w) || qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w)
                || qobject_cast<QAbstractItemView*>(w)))
            smallest = std::min(smallest, QFontInfo(w->font()).pixelSize());
    }
    return smallest;
}

/// Restores the light theme, the drawing's usual text sizes and English whatever a test did.
struct RestoreLook {
    ~RestoreLook()
    {
        hw::ui::theme::setLineScale(1.0);
        hw::ui::theme::setTextSizeMin(0);
        hw::ui::theme::apply(hw::ui::theme::Theme::Light);
        hw::ui::theme::applyToApplication();
        hw::ui::setLanguage(QStringLiteral("en"));
    }
};

} // namespace

TEST(RealCompareWindow, TextIsReadableOnAProjectorWindowedAndInPresentationMode)
{
    // At 1280x720 the drawings' text was about 9 px. Windowed, both views zoom in together until
    // their smallest text is 11 px (centred on what differs); F5 is the presentation mode, side by
    // side, with 14 px at least, and leaving it gives the windowed form back.
    RestoreLook restore;
    const auto result = handResult();
    int drawings = 0;
    qreal smallestWindowed = 1e9;
    qreal smallestPresented = 1e9;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const QSize size : { QSize(1280, 720), QSize(1920, 1080) }) {
            RealCompareWindow window;
            window.resize(size);
            window.open(result);
            window.show();
            QTest::qWait(100);
            const std::string what = std::string(language) + " " + std::to_string(size.width());
            for (int checkpoint = 0; checkpoint < 2; ++checkpoint) {
                window.setCheckpoint(checkpoint);
                QTest::qWait(50);
                for (auto side : { RealCompareWindow::Simulated, RealCompareWindow::Real }) {
                    const qreal px = window.smallestTextPx(side);
                    EXPECT_GE(px, RealCompareWindow::windowedTextPxMin - 0.01) << what << " checkpoint " << checkpoint;
                    smallestWindowed = std::min(smallestWindowed, px);
                    ++drawings;
                }
                EXPECT_EQ(window.view(RealCompareWindow::Simulated)->zoom(), window.view(RealCompareWindow::Real)->zoom());
                // The facts' columns fill the table's width and no more (a model reset once undid it).
                const QHeaderView* header = window.factsTable()->horizontalHeader();
                EXPECT_EQ(header->length(), window.factsTable()->viewport()->width()) << what << " checkpoint " << checkpoint;
                for (int column = 0; column < RealCompareModel::ReasonColumn; ++column) {
                    const QString heading = window.model()->headerData(column, Qt::Horizontal).toString();
                    EXPECT_GE(header->sectionSize(column), header->fontMetrics().horizontalAdvance(heading))
                        << what << ": the heading \"" << heading.toStdString() << "\" is cut";
                }
            }
            EXPECT_GE(smallestWidgetTextPx(&window), 11) << what;
            // The facts: no column to scroll to, the reason of the selected fact whole under them.
            EXPECT_FALSE(window.factsTable()->horizontalScrollBar()->isVisible()) << what;
            EXPECT_TRUE(window.factsTable()->isColumnHidden(RealCompareModel::ReasonColumn));
            window.setCheckpoint(0);
            EXPECT_EQ(window.factsTable()->currentIndex().row(), 1) << "the first fact that does not agree";
            EXPECT_EQ(window.reasonLabel()->text(),
                RealCompareModel::factLine(window.model()->fact(1)));
            window.factsTable()->setCurrentIndex(window.model()->index(2, 0));
            EXPECT_TRUE(window.reasonLabel()->text().contains(
                window.model()->data(window.model()->index(2, RealCompareModel::ReasonColumn)).toString()));
            EXPECT_LE(window.reasonLabel()->heightForWidth(window.reasonLabel()->width()), window.reasonLabel()->height())
                << what << ": the reason is cut";

            window.action(QStringLiteral("presentationMode"))->trigger();
            ASSERT_TRUE(window.presentation()->isActive());
            QApplication::processEvents();
            EXPECT_TRUE(window.isFullScreen());
            // Offscreen, full screen is the virtual screen: hold the window at the projector's size.
            window.setGeometry(QRect(QPoint(0, 0), size));
            QTest::qWait(150);
            EXPECT_EQ(hw::ui::theme::current(), hw::ui::theme::Theme::HighContrast);
            EXPECT_FALSE(window.factsColumn()->isVisible());
            const QPoint simulatedAt = window.view(RealCompareWindow::Simulated)->mapTo(&window, QPoint(0, 0));
            const QPoint realAt = window.view(RealCompareWindow::Real)->mapTo(&window, QPoint(0, 0));
            EXPECT_LT(simulatedAt.x() + window.view(RealCompareWindow::Simulated)->width(), realAt.x() + 1) << what;
            for (int checkpoint = 0; checkpoint < 2; ++checkpoint) {
                window.setCheckpoint(checkpoint);
                QTest::qWait(50);
                for (auto side : { RealCompareWindow::Simulated, RealCompareWindow::Real }) {
                    const qreal px = window.smallestTextPx(side);
                    EXPECT_GE(px, hw::ui::PresentationMode::drawingTextPxMin) << what << " F5 checkpoint " << checkpoint;
                    smallestPresented = std::min(smallestPresented, px);
                    ++drawings;
                    // The labels over the drawings are whole: "Apache Kafka 4.4.0, observed" and the time.
                    for (QLabel* label : { window.sideLabel(side), window.frameLabel(side) }) {
                        EXPECT_GE(QFontInfo(label->font()).pixelSize(), 14) << what;
                        EXPECT_LE(label->heightForWidth(label->width()), label->height())
                            << what << ": \"" << label->text().toStdString() << "\" is cut";
                    }
                }
            }
            EXPECT_GE(smallestWidgetTextPx(window.checkpointBar()), 14) << what;
            window.action(QStringLiteral("leavePresentation"))->trigger();
            QTest::qWait(100);
            EXPECT_FALSE(window.isFullScreen());
            EXPECT_TRUE(window.factsColumn()->isVisible());
            EXPECT_EQ(hw::ui::theme::current(), hw::ui::theme::Theme::Light);
            EXPECT_GE(window.smallestTextPx(RealCompareWindow::Simulated), RealCompareWindow::windowedTextPxMin - 0.01)
                << what << " after leaving";
        }
    }
    std::cout << "[ measured ] compare with real Kafka at 1280x720 and 1920x1080: " << drawings
              << " drawings, smallest text windowed " << smallestWindowed << " px, presenting " << smallestPresented
              << " px\n";
}
