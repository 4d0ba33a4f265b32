// SPDX-License-Identifier: MIT
// View > Compare with real Kafka on a real Apache Kafka 4.4.0 cluster (label `real`, RUN_SERIAL): the
// dialog of the main window runs a tiny scenario (three brokers, two records, a settle, one checkpoint) on the
// distribution in $HW_TEST_KAFKA_DIST, and the window shows the checkpoint on both sides with every fact
// agreeing. No JVM of the run is left afterwards.

#include "base/i18n.h"
#include "control/realcompare.h"
#include "control/realcomparemodel.h"
#include "shell/mainwindow.h"
#include "shell/realcomparedialog.h"
#include "shell/realcomparewindow.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

namespace {

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

/// The bound of the whole run: a 1+3 cluster starts in 15-30 s on the loaded 2-core machine, the
/// steps and settles take about a minute; ten minutes leaves room for a machine that is busier still.
constexpr int runTimeoutMs = 600000;

} // namespace

TEST(RealKafkaGui, TheDialogRunsATinyScenarioAndTheWindowShowsItsCheckpointAgreeing)
{
    const QString dist = qEnvironmentVariable("HW_TEST_KAFKA_DIST");
    ASSERT_FALSE(dist.isEmpty()) << "HW_TEST_KAFKA_DIST must name a Kafka 4.4.0 distribution (scripts/kafka-dist 4.4.0)";
    auto parsed = hw::parseScenario(R"({"format": "highwater/1", "name": "tiny", "seed": 1,
 "cluster": {"brokers": 3, "kafka_version": "4.4", "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]}],
 "producers": [{"id": "p1", "acks": "all"}],
 "steps": [
   {"produce": {"producer": "p1", "topic": "orders", "values": ["a", "b"]}},
   {"settle": {}},
   {"checkpoint": "written"}]})",
        "tiny.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();

    hw::ui::MainWindow window;
    ASSERT_TRUE(window.openParsedScenario(std::get<hw::Scenario>(parsed), QStringLiteral("tiny.json")));
    hw::ui::RealCompareDialog* dialog = window.compareWithRealKafka();
    ASSERT_NE(dialog, nullptr);
    dialog->setDirectory(dist);
    ASSERT_TRUE(dialog->startButton()->isEnabled()) << dialog->distributionLabel()->text().toStdString();
    std::shared_ptr<const hw::ui::RealCompareResult> result;
    QObject::connect(dialog, &hw::ui::RealCompareDialog::compared, dialog,
        [&result](std::shared_ptr<const hw::ui::RealCompareResult> r) { result = std::move(r); });
    QString lastStep;
    QObject::connect(dialog->run(), &hw::ui::RealCompareRun::progressChanged, dialog,
        [&] { lastStep = dialog->stepLabel()->text(); });
    QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
    QStringList steps;
    const bool done = QTest::qWaitFor(
        [&] {
            if (!lastStep.isEmpty() && (steps.isEmpty() || steps.back() != lastStep))
                steps.append(lastStep);
            return result != nullptr || !dialog->run()->isRunning();
        },
        runTimeoutMs);
    ASSERT_TRUE(done) << "no result within " << runTimeoutMs / 1000 << " s";
    ASSERT_NE(result, nullptr) << dialog->outcomeLabel()->text().toStdString() << "\n"
                               << dialog->run()->log().join(QLatin1Char('\n')).toStdString();
    // The progress named the steps as they ran.
    EXPECT_TRUE(steps.contains(QStringLiteral("Step 1 of 3: produce"))) << steps.join(QStringLiteral(" | ")).toStdString();

    ASSERT_EQ(result->comparison.kafkaVersion, "4.4.0");
    ASSERT_EQ(result->comparison.checkpoints.size(), 1u);
    const auto& checkpoint = result->comparison.checkpoints[0];
    EXPECT_EQ(checkpoint.label, "written");
    EXPECT_TRUE(checkpoint.observed);
    EXPECT_TRUE(checkpoint.compared);
    const hw::realkafka::VerdictCounts counts = result->comparison.counts();
    EXPECT_EQ(counts.differ, 0u) << result->comparison.toJson().dump(1);
    EXPECT_GT(counts.agree, 0u);
    ASSERT_EQ(result->real.size(), 1u);
    const hw::ClusterState& observed = result->real[0].state;
    ASSERT_EQ(observed.partitions.size(), 1u);
    EXPECT_EQ(observed.partitions[0].registration.leader, 1);

    // The main window opened the comparison's window.
    QTest::qWait(100);
    auto* compare = window.findChild<hw::ui::RealCompareWindow*>(QStringLiteral("realCompareWindow"));
    ASSERT_NE(compare, nullptr);
    EXPECT_EQ(compare->sideLabel(hw::ui::RealCompareWindow::Real)->text(), QStringLiteral("Apache Kafka 4.4.0, observed"));
    EXPECT_TRUE(compare->showsDrawing(hw::ui::RealCompareWindow::Simulated));
    EXPECT_TRUE(compare->showsDrawing(hw::ui::RealCompareWindow::Real));
    EXPECT_EQ(compare->model()->rowCount(), static_cast<int>(checkpoint.facts.size()));
    EXPECT_EQ(compare->scene(hw::ui::RealCompareWindow::Real)->state().partitions[0].registration.leader, 1);

    // Every JVM of the run is gone: each one's command line names the run's folder, highwater-real-PID-*
    // (other runs on the machine may use the same distribution).
    EXPECT_EQ(processesHolding(QStringLiteral("highwater-real-%1-").arg(QCoreApplication::applicationPid())), 0);
}

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("HighWaterTests"));
    QApplication::setApplicationName(QStringLiteral("hwui_real_tests"));
    const QTemporaryDir settings;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    qputenv("XDG_DATA_HOME", settings.path().toLocal8Bit());
    hw::ui::setTranslationsDirectory(QStringLiteral(HW_BUILD_TRANSLATIONS_DIR));
    hw::ui::installTranslations(app, QStringLiteral("en"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
