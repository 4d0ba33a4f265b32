// SPDX-License-Identifier: MIT
// Quitting never loses work (issue #25, defect 3): with unsaved actions Ctrl+Q and the close button
// ask Save / Discard / Cancel, and an autosave kept while the app runs brings the session back after
// a crash (the app process killed with SIGKILL), exactly: scenario, actions, frame shown. A damaged
// autosave is set aside with a message, never a crash.

#include "control/autosave.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"
#include "uitest_support.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cstdio>
#include <functional>

namespace {

using hw::ui::Autosave;
using hw::ui::MainWindow;

hw::Step brokerStep(hw::BrokerAction::Kind kind, hw::BrokerId id)
{
    return hw::FaultStep { hw::BrokerAction { kind, id, 0 } };
}

/// The classroom pair at the end of the walkthrough, then a branch at checkpoint 3 and two actions on
/// it, then another frame shown: everything a restore has to bring back. False if an action was refused.
bool actAsAClassWould(MainWindow& window)
{
    hw::ui::SimController* controller = window.controller();
    controller->goToLast();
    if (!window.act(brokerStep(hw::BrokerAction::Kind::Kill, 3)) || !window.act(hw::uitest::produceStep("m4")))
        return false;
    controller->setCurrentFrame(controller->timeline().findLabel("3"));
    hw::SlowStep slow;
    slow.action.broker = 2;
    slow.action.latencyMs = 200;
    if (!window.act(slow))
        return false;
    controller->goToLast();
    if (!window.act(brokerStep(hw::BrokerAction::Kind::Isolate, 2)) || !window.act(hw::uitest::produceStep("m5")))
        return false;
    controller->setCurrentFrame(controller->lastFrame() - 3);
    return true;
}

/// Lets the event loop run until the window's autosave holds the frame shown, or the time is up.
bool waitForAutosave(MainWindow& window, int wallMsMax = 10000)
{
    QElapsedTimer wall;
    wall.start();
    while (wall.elapsed() < wallMsMax) {
        QTest::qWait(50);
        auto read = Autosave::read(window.autosave()->path());
        if (const auto* kept = std::get_if<Autosave::Kept>(&read);
            kept && kept->frame == window.controller()->currentFrame()
            && kept->frames == window.controller()->frameCount())
            return true;
    }
    return false;
}

/// Answers the modal dialogs that open next, one handler each, in order: a timer looks for a modal
/// widget it has not answered yet (so it finds the second box even where the first one stood).
class Answers : public QObject {
public:
    explicit Answers(std::vector<std::function<void(QWidget*)>> handlers) : m_handlers(std::move(handlers))
    {
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            QWidget* modal = QApplication::activeModalWidget();
            if (!modal || modal->property("hwAnswered").toBool() || m_next >= m_handlers.size())
                return;
            modal->setProperty("hwAnswered", true);
            m_handlers[m_next++](modal);
        });
        m_timer.start();
    }
    std::size_t answered() const { return m_next; }

private:
    std::vector<std::function<void(QWidget*)>> m_handlers;
    std::size_t m_next = 0;
    QTimer m_timer;
};

/// A handler that clicks a message box's standard button and notes its name and texts.
std::function<void(QWidget*)> click(QMessageBox::StandardButton button, QString* name = nullptr, QString* text = nullptr)
{
    return [=](QWidget* modal) {
        auto* box = qobject_cast<QMessageBox*>(modal);
        ASSERT_NE(box, nullptr) << "not a message box: " << modal->metaObject()->className();
        if (name)
            *name = box->objectName();
        if (text)
            *text = box->text() + QLatin1Char(' ') + box->informativeText();
        ASSERT_NE(box->button(button), nullptr);
        box->button(button)->click();
    };
}

/// A handler that clicks the button with this text.
std::function<void(QWidget*)> clickText(const QString& buttonText, QString* name = nullptr)
{
    return [=](QWidget* modal) {
        auto* box = qobject_cast<QMessageBox*>(modal);
        ASSERT_NE(box, nullptr) << "not a message box: " << modal->metaObject()->className();
        if (name)
            *name = box->objectName();
        for (QAbstractButton* b : box->buttons()) {
            if (b->text() == buttonText) {
                b->click();
                return;
            }
        }
        ADD_FAILURE() << "no button " << buttonText.toStdString();
        box->reject();
    };
}

class AutosaveTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        hw::ui::RecentFiles::clear();
    }
    void TearDown() override { hw::ui::RecentFiles::clear(); }

    QString autosaveDir() const { return dir.filePath(QStringLiteral("autosave")); }
    std::unique_ptr<MainWindow> window()
    {
        auto w = std::make_unique<MainWindow>();
        w->autosave()->setDirectory(autosaveDir());
        return w;
    }
    QStringList sessionFiles() const
    {
        return QDir(autosaveDir()).entryList({ QStringLiteral("*.hwsession") }, QDir::Files);
    }

    QTemporaryDir dir;
};

TEST_F(AutosaveTest, QuitAndTheCloseButtonAskWithUnsavedActionsAndCancelKeepsTheWindow)
{
    auto w = window();
    w->show();
    QApplication::processEvents();
    // Nothing unsaved: it closes without asking.
    {
        Answers none({ click(QMessageBox::Cancel) });
        EXPECT_TRUE(w->close());
        QTest::qWait(50);
        EXPECT_EQ(none.answered(), 0u);
    }
    w->show();
    w->controller()->goToLast();
    ASSERT_TRUE(w->act(brokerStep(hw::BrokerAction::Kind::Kill, 3)));
    EXPECT_TRUE(w->isWindowModified());

    // Ctrl+Q asks; Cancel keeps the window and the session.
    QString question;
    QString name;
    {
        Answers answers({ click(QMessageBox::Cancel, &name, &question) });
        EXPECT_TRUE(w->action(QStringLiteral("quit"))->shortcuts().contains(QKeySequence(QKeySequence::Quit)));
        w->action(QStringLiteral("quit"))->trigger();
        EXPECT_EQ(answers.answered(), 1u);
    }
    EXPECT_EQ(name, QStringLiteral("saveSessionBox"));
    EXPECT_TRUE(question.contains(QStringLiteral("Quitting discards them"))) << question.toStdString();
    EXPECT_TRUE(w->isVisible()) << "Cancel keeps the window open";
    EXPECT_EQ(w->undoStack()->count(), 1);

    // The close button (a close event) asks the same; Discard closes and leaves no autosave.
    ASSERT_TRUE(waitForAutosave(*w));
    EXPECT_EQ(sessionFiles().size(), 1);
    Answers discard({ click(QMessageBox::Discard) });
    EXPECT_TRUE(w->close());
    EXPECT_EQ(discard.answered(), 1u);
    EXPECT_FALSE(w->isVisible());
    EXPECT_TRUE(sessionFiles().isEmpty()) << "a discarded session is not offered again";
}

TEST_F(AutosaveTest, SaveOnQuitWritesAsFileSaveDoesAndThenCloses)
{
    auto w = window();
    w->show();
    w->controller()->goToLast();
    ASSERT_TRUE(w->act(hw::uitest::produceStep("kept")));
    const QString path = dir.filePath(QStringLiteral("on-quit.json"));
    // Save, then the save dialog: the file name, and Save.
    Answers answers({ click(QMessageBox::Save), [&](QWidget* modal) {
                         auto* dialog = qobject_cast<QFileDialog*>(modal);
                         ASSERT_NE(dialog, nullptr) << "no save dialog";
                         // Type the path as a user does: selectFile() leaves the name field alone
                         // while it has focus, which it gets at a moment the test does not control.
                         auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
                         ASSERT_NE(name, nullptr) << "no file name field";
                         name->setText(path);
                         static_cast<QDialog*>(dialog)->accept();
                     } });
    EXPECT_TRUE(w->close());
    EXPECT_EQ(answers.answered(), 2u);
    EXPECT_FALSE(w->isVisible());
    ASSERT_TRUE(QFileInfo::exists(path));
    auto loaded = hw::loadScenario(path.toStdString());
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded));
    auto replayed = hw::playScenario(std::get<hw::Scenario>(loaded));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(replayed));
    hw::uitest::expectSameFrames(std::get<hw::Timeline>(replayed), w->controller()->timeline());
    EXPECT_TRUE(sessionFiles().isEmpty());
}

TEST_F(AutosaveTest, ItIsWrittenAfterAnActionAndGoesWhenNothingIsUnsaved)
{
    auto w = window();
    EXPECT_TRUE(sessionFiles().isEmpty()) << "nothing unsaved, nothing kept";
    w->controller()->goToLast();
    ASSERT_TRUE(w->act(brokerStep(hw::BrokerAction::Kind::Kill, 3)));
    ASSERT_TRUE(waitForAutosave(*w, Autosave::intervalMs + 2000));
    EXPECT_EQ(sessionFiles().size(), 1);
    EXPECT_TRUE(QFileInfo::exists(w->autosave()->path()));
    // Undo back to the opened state: nothing is unsaved, the file goes.
    w->undoStack()->undo();
    EXPECT_FALSE(w->isSessionModified());
    EXPECT_TRUE(sessionFiles().isEmpty());
    // Redo, then save: gone again.
    w->undoStack()->redo();
    ASSERT_TRUE(waitForAutosave(*w, Autosave::intervalMs + 2000));
    EXPECT_EQ(w->saveScenario(dir.filePath(QStringLiteral("saved.json"))), QString());
    EXPECT_TRUE(sessionFiles().isEmpty());
    // An action after the save, then the window goes away (a clean exit): gone.
    w->controller()->goToLast();
    ASSERT_TRUE(w->act(brokerStep(hw::BrokerAction::Kind::Restart, 3)));
    ASSERT_TRUE(waitForAutosave(*w, Autosave::intervalMs + 2000));
    w.reset();
    EXPECT_TRUE(sessionFiles().isEmpty());
}

TEST_F(AutosaveTest, WritesAreAtMostOneAnIntervalAndEveryOneIsWhole)
{
    auto w = window();
    w->controller()->goToLast();
    ASSERT_TRUE(w->act(brokerStep(hw::BrokerAction::Kind::Kill, 3)));
    ASSERT_TRUE(waitForAutosave(*w));
    const QDateTime first = QFileInfo(w->autosave()->path()).lastModified();
    // Five more actions in quick succession: one write for all of them, after the interval.
    QElapsedTimer wall;
    wall.start();
    for (int i = 0; i < 5; ++i) {
        w->controller()->goToLast();
        ASSERT_TRUE(w->act(hw::uitest::produceStep("burst-" + std::to_string(i))));
        QApplication::processEvents();
        auto read = Autosave::read(w->autosave()->path());
        ASSERT_TRUE(std::holds_alternative<Autosave::Kept>(read)) << std::get<QString>(read).toStdString();
    }
    if (wall.elapsed() < Autosave::intervalMs / 2)
        EXPECT_EQ(QFileInfo(w->autosave()->path()).lastModified(), first) << "written again within the interval";
    ASSERT_TRUE(waitForAutosave(*w, Autosave::intervalMs + 2000));
    const auto kept = std::get<Autosave::Kept>(Autosave::read(w->autosave()->path()));
    EXPECT_EQ(kept.frames, w->controller()->frameCount());
}

TEST_F(AutosaveTest, RestoreBringsBackTheScenarioEveryActionAndTheFrameShown)
{
    QString keptPath;
    std::unique_ptr<hw::Timeline> expected;
    std::int64_t shown = 0;
    QString title;
    {
        auto w = window();
        ASSERT_TRUE(actAsAClassWould(*w));
        ASSERT_TRUE(waitForAutosave(*w));
        keptPath = w->autosave()->path();
        shown = w->controller()->currentFrame();
        title = w->windowTitle();
        // The crash: the file stays (a copy, since a clean exit removes the window's own).
        ASSERT_TRUE(QFile::copy(keptPath, keptPath + QStringLiteral(".copy")));
        // The session as File > Save would write it, to compare with.
        auto played = hw::playScenario(hw::recordSession(w->controller()->scenario(), w->controller()->timeline()));
        ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
        expected = std::make_unique<hw::Timeline>(std::move(std::get<hw::Timeline>(played)));
    }
    ASSERT_TRUE(QFile::rename(keptPath + QStringLiteral(".copy"), keptPath));

    auto w = window();
    QString name;
    Answers answers({ clickText(QStringLiteral("Restore"), &name) });
    EXPECT_EQ(w->offerRestore(), 1);
    EXPECT_EQ(name, QStringLiteral("restoreSessionBox"));
    hw::uitest::expectSameFrames(w->controller()->timeline(), *expected);
    EXPECT_EQ(w->controller()->currentFrame(), shown);
    EXPECT_EQ(w->controller()->source(), QStringLiteral("builtin:leo-hw-walkthrough"));
    EXPECT_EQ(w->controller()->scenario().steps.size(),
        std::get<hw::Scenario>(hw::loadScenario("builtin:leo-hw-walkthrough")).steps.size())
        << "the scenario is the one opened, not the recorded session";
    EXPECT_TRUE(w->isSessionModified());
    EXPECT_EQ(w->windowTitle(), title);
    EXPECT_TRUE(w->isWindowModified()) << "restored and not saved";
    EXPECT_FALSE(QFileInfo::exists(keptPath)) << "the old file went";
    EXPECT_TRUE(QFileInfo::exists(w->autosave()->path())) << "kept again as this window's own";
    // The notes know which frames were scripted: the branch at checkpoint 3 is the user's.
    EXPECT_FALSE(w->controller()->isScriptedFrame(w->controller()->timeline().findLabel("3") + 1));
    EXPECT_TRUE(w->controller()->isScriptedFrame(w->controller()->timeline().findLabel("3")));
    // The actions switched auto.fetch on; the banner says so, and names Undo only once there is
    // something this window can undo (the restored actions are steps of the session).
    auto* banner = w->findChild<QLabel*>(QStringLiteral("autoFetchBanner"));
    ASSERT_NE(banner, nullptr);
    EXPECT_FALSE(banner->isHidden());
    EXPECT_FALSE(banner->text().contains(QStringLiteral("Undo"))) << banner->text().toStdString();
    // And the restored session goes on: an action appends, undo works from here.
    w->controller()->goToLast();
    ASSERT_TRUE(w->act(hw::uitest::produceStep("after-restore")));
    EXPECT_TRUE(banner->text().contains(QStringLiteral("Undo"))) << banner->text().toStdString();
    w->undoStack()->undo();
    EXPECT_FALSE(banner->text().contains(QStringLiteral("Undo"))) << banner->text().toStdString();
    hw::uitest::expectSameFrames(w->controller()->timeline(), *expected);
}

TEST_F(AutosaveTest, NotNowKeepsTheFileForTheNextStartAndDiscardRemovesIt)
{
    QString keptPath;
    {
        auto w = window();
        w->controller()->goToLast();
        ASSERT_TRUE(w->act(brokerStep(hw::BrokerAction::Kind::Kill, 2)));
        ASSERT_TRUE(waitForAutosave(*w));
        keptPath = w->autosave()->path();
        ASSERT_TRUE(QFile::copy(keptPath, keptPath + QStringLiteral(".copy")));
    }
    ASSERT_TRUE(QFile::rename(keptPath + QStringLiteral(".copy"), keptPath));
    {
        auto w = window();
        Answers answers({ clickText(QStringLiteral("Not now")) });
        EXPECT_EQ(w->offerRestore(), 0);
        EXPECT_EQ(answers.answered(), 1u);
        EXPECT_TRUE(QFileInfo::exists(keptPath));
        EXPECT_FALSE(w->isSessionModified());
    }
    auto w = window();
    Answers answers({ click(QMessageBox::Discard) });
    EXPECT_EQ(w->offerRestore(), 0);
    EXPECT_EQ(answers.answered(), 1u);
    EXPECT_FALSE(QFileInfo::exists(keptPath));
    EXPECT_EQ(w->offerRestore(), 0) << "nothing left to offer";
}

TEST_F(AutosaveTest, DamagedFilesAreSetAsideWithAMessageNeverACrash)
{
    // A good file to cut and spoil.
    QByteArray good;
    {
        auto w = window();
        ASSERT_TRUE(actAsAClassWould(*w));
        ASSERT_TRUE(waitForAutosave(*w));
        QFile file(w->autosave()->path());
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        good = file.readAll();
    }
    ASSERT_GT(good.size(), 1000);
    QByteArray wrongCount = good;
    wrongCount.replace("\"frames\":", "\"frames\":1");
    const std::vector<std::pair<QByteArray, QString>> cases = {
        { QByteArray(), QStringLiteral("not a complete autosave") },
        { good.left(good.size() / 2), QStringLiteral("not a complete autosave") },
        { good.left(good.size() - 1), QStringLiteral("not a complete autosave") },
        { QByteArray("\x00\xff\xfe garbage", 11), QStringLiteral("not a complete autosave") },
        { QByteArray("[1, 2, 3]"), QStringLiteral("expected a JSON object") },
        { QByteArray(R"({"format": "highwater/1"})"), QStringLiteral("\"format\" is not highwater-autosave/1") },
        { QByteArray(R"({"format": "highwater-autosave/1", "frame": -4, "frames": 2, "scripted_frames": 1,
            "scripted_ops": 0, "scenario": "{}", "session": "{}"})"),
            QStringLiteral("\"frame\" is not a whole number") },
        { QByteArray(R"({"format": "highwater-autosave/1", "frame": 1e300, "frames": 2, "scripted_frames": 1,
            "scripted_ops": 0, "scenario": "{}", "session": "{}"})"),
            QStringLiteral("\"frame\" is not a whole number") },
        { QByteArray(R"({"format": "highwater-autosave/1", "frame": 0, "frames": 2, "scripted_frames": 1,
            "scripted_ops": 0, "scenario": "{\"format\": \"highwater/1\"}", "session": "{}"})"),
            QStringLiteral("(scenario)") },
        { QByteArray(std::string(200000, '[').c_str()), QStringLiteral("not a complete autosave") },
        { wrongCount, QStringLiteral("replays to") },
    };
    int n = 0;
    for (const auto& [bytes, expected] : cases) {
        SCOPED_TRACE(n);
        QDir().mkpath(autosaveDir());
        const QString path = QDir(autosaveDir()).filePath(QStringLiteral("session-damaged-%1.hwsession").arg(n++));
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        file.close();
        auto w = window();
        QString text;
        QString name;
        if (expected == QStringLiteral("replays to")) {
            // It reads, and fails when replayed: Restore is offered, then the failure is explained.
            Answers answers({ clickText(QStringLiteral("Restore"), &name), click(QMessageBox::Ok, nullptr, &text) });
            EXPECT_EQ(w->offerRestore(), 0);
            EXPECT_EQ(answers.answered(), 2u);
            EXPECT_EQ(w->controller()->currentFrame(), 0) << "the scenario opens as it starts";
        } else {
            Answers answers({ click(QMessageBox::Ok, &name, &text) });
            EXPECT_EQ(w->offerRestore(), 0);
            EXPECT_EQ(answers.answered(), 1u);
            EXPECT_EQ(name, QStringLiteral("autosaveDamagedBox"));
        }
        EXPECT_TRUE(text.contains(expected)) << text.toStdString();
        EXPECT_TRUE(text.contains(path)) << "the message names the file: " << text.toStdString();
        EXPECT_FALSE(QFileInfo::exists(path));
        EXPECT_TRUE(QFileInfo::exists(path + QStringLiteral(".damaged"))) << "set aside, not deleted";
        // Not offered again.
        EXPECT_EQ(w->offerRestore(), 0);
    }
}

TEST_F(AutosaveTest, AFileAnotherRunningWindowHoldsIsNotOffered)
{
    auto first = window();
    first->controller()->goToLast();
    ASSERT_TRUE(first->act(brokerStep(hw::BrokerAction::Kind::Kill, 3)));
    ASSERT_TRUE(waitForAutosave(*first));
    auto second = window();
    EXPECT_EQ(second->offerRestore(), 0) << "no question: the first window is still running";
    EXPECT_TRUE(QFileInfo::exists(first->autosave()->path()));
}

TEST_F(AutosaveTest, AKilledAppsSessionIsRestoredExactly)
{
    // The app process: a window of this program, acting as a class would, killed with SIGKILL once
    // its autosave holds the frame shown.
    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("HW_AUTOSAVE_CHILD"), QStringLiteral("1"));
    environment.insert(QStringLiteral("HW_TEST_KEEP_DATA_HOME"), QStringLiteral("1"));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), dir.path());
    // What the killed process leaves in its temporary folder goes with this test's.
    environment.insert(QStringLiteral("TMPDIR"), dir.path());
    child.setProcessEnvironment(environment);
    child.start(QCoreApplication::applicationFilePath(), {});
    ASSERT_TRUE(child.waitForStarted());
    QByteArray output;
    QElapsedTimer wall;
    wall.start();
    while (!output.contains("READY ") || !output.endsWith('\n')) {
        ASSERT_LT(wall.elapsed(), 60000) << "the child never got ready: " << output.toStdString()
                                         << child.readAllStandardError().toStdString();
        ASSERT_NE(child.state(), QProcess::NotRunning) << child.readAllStandardError().toStdString();
        child.waitForReadyRead(100);
        output += child.readAllStandardOutput();
    }
    child.kill(); // SIGKILL: no close event, no destructor, no clean exit
    ASSERT_TRUE(child.waitForFinished(10000));
    EXPECT_EQ(child.exitStatus(), QProcess::CrashExit);

    // READY <frame shown> <frames> <autosave folder>
    const QList<QByteArray> words = output.mid(output.indexOf("READY ")).trimmed().split(' ');
    ASSERT_EQ(words.size(), 4);
    const std::int64_t shown = words[1].toLongLong();
    const std::int64_t frames = words[2].toLongLong();
    const QString folder = QString::fromLocal8Bit(words[3]);
    ASSERT_EQ(QDir(folder).entryList({ QStringLiteral("*.hwsession") }, QDir::Files).size(), 1)
        << "the killed app left its autosave";

    // The same actions here give the frames to expect (the engine is deterministic).
    auto reference = window();
    ASSERT_TRUE(actAsAClassWould(*reference));
    ASSERT_EQ(reference->controller()->frameCount(), frames);

    // The next start offers it; Restore brings it back exactly.
    auto restarted = std::make_unique<MainWindow>();
    restarted->autosave()->setDirectory(folder);
    Answers answers({ clickText(QStringLiteral("Restore")) });
    ASSERT_EQ(restarted->offerRestore(), 1);
    hw::uitest::expectSameFrames(restarted->controller()->timeline(), reference->controller()->timeline());
    EXPECT_EQ(restarted->controller()->currentFrame(), shown);
    EXPECT_EQ(restarted->windowTitle(), reference->windowTitle());
    EXPECT_TRUE(restarted->isWindowModified());
    // Saved now, nothing is left to offer.
    EXPECT_EQ(restarted->saveScenario(dir.filePath(QStringLiteral("rescued.json"))), QString());
    EXPECT_TRUE(QDir(folder).entryList({ QStringLiteral("*.hwsession") }, QDir::Files).isEmpty());
}

} // namespace

namespace hw::uitest {

int autosaveChild()
{
    MainWindow window;
    if (!actAsAClassWould(window) || !waitForAutosave(window)) {
        std::fprintf(stderr, "the child could not act or keep its session\n");
        return 1;
    }
    std::printf("READY %lld %lld %s\n", static_cast<long long>(window.controller()->currentFrame()),
        static_cast<long long>(window.controller()->frameCount()),
        QFile::encodeName(window.autosave()->directory()).constData());
    std::fflush(stdout);
    // Running, with its autosave, until the test kills it.
    for (;;)
        QTest::qWait(1000);
}

} // namespace hw::uitest
