// SPDX-License-Identifier: MIT
// The main window's actions and menus: what they are, their shortcuts, where they sit in the menu
// bar, and their translated texts. Kept apart from mainwindow.cpp, which builds the docks and
// handles what the actions do, because this part only grows with the menus.
#include "shell/mainwindow.h"

#include "base/i18n.h"
#include "export/exportdialog.h"
#include "scenario/builtin.h"
#include "scenario/scenario.h"
#include "scene/frameview.h"
#include "control/observesession.h"
#include "shell/icons.h"
#include "shell/namedactions.h"
#include "shell/recentfiles.h"
#include "teaching/teachingaids.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStyle>
#include <QUndoStack>

namespace hw::ui {

QAction* MainWindow::addNamedAction(const QString& name, const QList<QKeySequence>& keys)
{
    return addNamedAction(name, QString(), keys);
}

QAction* MainWindow::addNamedAction(const QString& name, const QString& text, const QList<QKeySequence>& keys)
{
    return namedactions::add(this, m_actions, name, text, keys);
}

QAction* MainWindow::action(const QString& name) const
{
    return namedactions::find(m_actions, name);
}

void MainWindow::createActions()
{
    // Playback.
    QAction* play
        = addNamedAction(QStringLiteral("play"), { QKeySequence(Qt::Key_Space), QKeySequence(Qt::Key_MediaPlay) });
    connect(play, &QAction::triggered, m_controller, &SimController::togglePlaying);
    QAction* back = addNamedAction(QStringLiteral("stepBack"), { QKeySequence(Qt::Key_Left) });
    connect(back, &QAction::triggered, m_controller, &SimController::stepBack);
    QAction* forward = addNamedAction(QStringLiteral("stepForward"), { QKeySequence(Qt::Key_Right) });
    // Predict mode may take a step forward to reveal its answer instead.
    connect(forward, &QAction::triggered, this, [this] {
        if (!m_teaching || !m_teaching->interceptStep())
            m_controller->stepWithinRun();
    });
    QAction* first = addNamedAction(QStringLiteral("first"), { QKeySequence(Qt::Key_Home) });
    connect(first, &QAction::triggered, m_controller, &SimController::goToFirst);
    QAction* last = addNamedAction(QStringLiteral("last"), { QKeySequence(Qt::Key_End) });
    connect(last, &QAction::triggered, m_controller, &SimController::goToLast);
    QAction* previous = addNamedAction(QStringLiteral("previousCheckpoint"), { QKeySequence(Qt::Key_PageUp) });
    connect(previous, &QAction::triggered, m_controller, &SimController::previousCheckpoint);
    QAction* next = addNamedAction(QStringLiteral("nextCheckpoint"), { QKeySequence(Qt::Key_PageDown) });
    connect(next, &QAction::triggered, this, [this] {
        if (!m_teaching || !m_teaching->interceptStep())
            m_controller->nextCheckpoint();
    });
    QAction* faster = addNamedAction(QStringLiteral("faster"), { QKeySequence(Qt::Key_BracketRight) });
    connect(faster, &QAction::triggered, this, [this] { m_controller->setSpeedIndex(m_controller->speedIndex() + 1); });
    QAction* slower = addNamedAction(QStringLiteral("slower"), { QKeySequence(Qt::Key_BracketLeft) });
    connect(slower, &QAction::triggered, this, [this] { m_controller->setSpeedIndex(m_controller->speedIndex() - 1); });
    QAction* skip = addNamedAction(QStringLiteral("skipIdle"), {});
    skip->setCheckable(true);
    skip->setChecked(m_controller->skipIdleTime());
    connect(skip, &QAction::toggled, m_controller, &SimController::setSkipIdleTime);
    QAction* pause = addNamedAction(QStringLiteral("pauseAtCheckpoints"), {});
    pause->setCheckable(true);
    pause->setChecked(m_controller->pauseAtCheckpoints());
    connect(pause, &QAction::toggled, m_controller, &SimController::setPauseAtCheckpoints);
    // Running on past the end is an action like a produce: recorded, undoable, saved as an advance step.
    QAction* runOn = addNamedAction(QStringLiteral("runOn"), { QKeySequence(Qt::SHIFT | Qt::Key_End) });
    connect(runOn, &QAction::triggered, this, [this] {
        m_controller->goToLast();
        act(hw::AdvanceStep { runOnMs });
    });

    // Undo and redo. QUndoStack's own actions keep the prefix they were made with, so these follow
    // the stack themselves and can change language (updateUndoTexts).
    QAction* undo = addNamedAction(QStringLiteral("undo"), { QKeySequence(QKeySequence::Undo) });
    connect(undo, &QAction::triggered, m_undo, &QUndoStack::undo);
    QAction* redo = addNamedAction(
        QStringLiteral("redo"), { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    connect(redo, &QAction::triggered, m_undo, &QUndoStack::redo);
    connect(m_undo, &QUndoStack::indexChanged, this, &MainWindow::updateUndoTexts);
    connect(m_undo, &QUndoStack::cleanChanged, this, &MainWindow::updateUndoTexts);

    // View.
    QAction* zoomIn = addNamedAction(QStringLiteral("zoomIn"),
        { QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal), QKeySequence(QKeySequence::ZoomIn) });
    connect(zoomIn, &QAction::triggered, m_view, &FrameView::zoomIn);
    QAction* zoomOut = addNamedAction(
        QStringLiteral("zoomOut"), { QKeySequence(Qt::Key_Minus), QKeySequence(QKeySequence::ZoomOut) });
    connect(zoomOut, &QAction::triggered, m_view, &FrameView::zoomOut);
    QAction* fit
        = addNamedAction(QStringLiteral("fit"), { QKeySequence(Qt::Key_0), QKeySequence(Qt::CTRL | Qt::Key_0) });
    connect(fit, &QAction::triggered, m_view, &FrameView::resetZoom);
    QAction* fullScreen = addNamedAction(QStringLiteral("fullScreen"), { QKeySequence(Qt::Key_F11) });
    fullScreen->setCheckable(true);
    connect(fullScreen, &QAction::triggered, this, &MainWindow::toggleFullScreen);
    namedactions::addViewSwitch(
        this, [this](const QString& name, const QList<QKeySequence>& keys) { return addNamedAction(name, keys); },
        [this] { setViewKind(FrameScene::ViewKind::Partition); }, [this] { setViewKind(FrameScene::ViewKind::Cluster); });
    QAction* compare = addNamedAction(QStringLiteral("compareVersions"), {});
    connect(compare, &QAction::triggered, this, &MainWindow::compareVersions);
    QAction* compareReal = addNamedAction(QStringLiteral("compareReal"), {});
    connect(compareReal, &QAction::triggered, this, &MainWindow::compareWithRealKafka);
    QAction* heartbeats = addNamedAction(QStringLiteral("showHeartbeats"), {});
    heartbeats->setCheckable(true);
    connect(heartbeats, &QAction::toggled, m_scene, &FrameScene::setShowHeartbeats);
    // The legend under the drawing: on at first; off, a window's drawing is about a quarter larger
    // (presentation mode hides it and restores the choice). Kept between sessions.
    QAction* legend = addNamedAction(QStringLiteral("showLegend"), {});
    legend->setCheckable(true);
    legend->setChecked(QSettings().value(QStringLiteral("view/legend"), true).toBool());
    m_scene->setLegendShown(legend->isChecked());
    connect(legend, &QAction::toggled, this, [this](bool shown) {
        m_scene->setLegendShown(shown);
        QSettings().setValue(QStringLiteral("view/legend"), shown);
    });

    // Files.
    QAction* open = addNamedAction(QStringLiteral("open"), { QKeySequence(QKeySequence::Open) });
    connect(open, &QAction::triggered, this, &MainWindow::openFileDialog);
    QAction* library = addNamedAction(QStringLiteral("library"), { QKeySequence(Qt::CTRL | Qt::Key_L) });
    connect(library, &QAction::triggered, this, &MainWindow::openLibrary);
    QAction* sandbox = addNamedAction(QStringLiteral("newSandbox"), { QKeySequence(QKeySequence::New) });
    connect(sandbox, &QAction::triggered, this, &MainWindow::newSandbox);
    QAction* save = addNamedAction(QStringLiteral("save"), { QKeySequence(QKeySequence::Save) });
    connect(save, &QAction::triggered, this, &MainWindow::saveDialog);
    QAction* exportImage = addNamedAction(QStringLiteral("exportImage"), { QKeySequence(Qt::CTRL | Qt::Key_E) });
    connect(exportImage, &QAction::triggered, this, &MainWindow::exportImageDialog);
    QAction* exportAnimation
        = addNamedAction(QStringLiteral("exportAnimation"), { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E) });
    connect(exportAnimation, &QAction::triggered, this, [this] {
        ExportAnimationDialog dialog(m_controller, m_scene, this);
        dialog.exec();
    });
    QAction* liveLab = addNamedAction(QStringLiteral("liveLab"), {});
    connect(liveLab, &QAction::triggered, this, &MainWindow::openLiveLab);
    QAction* connectCluster = addNamedAction(QStringLiteral("connectCluster"), {});
    connect(connectCluster, &QAction::triggered, this, &MainWindow::openConnectDialog);
    QAction* disconnectCluster = addNamedAction(QStringLiteral("disconnectCluster"), {});
    disconnectCluster->setEnabled(false);
    connect(disconnectCluster, &QAction::triggered, m_observe, &ObserveSession::stop);
    // Live: back to the present after scrubbing back, following it from then on.
    QAction* followLive = addNamedAction(QStringLiteral("followLive"), { QKeySequence(Qt::CTRL | Qt::Key_End) });
    followLive->setEnabled(false);
    connect(followLive, &QAction::triggered, m_controller, &SimController::followLive);
    QAction* quit = addNamedAction(QStringLiteral("quit"), { QKeySequence(QKeySequence::Quit) });
    connect(quit, &QAction::triggered, this, &QWidget::close);
    QAction* shortcuts = addNamedAction(QStringLiteral("shortcuts"), { QKeySequence(QKeySequence::HelpContents) });
    connect(shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
}

void MainWindow::createMenus()
{
    QMenu* file = m_fileMenu = menuBar()->addMenu(QString());
    m_builtinMenu = file->addMenu(QString());
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        const QString name = QString::fromUtf8(builtin.name.data(), static_cast<qsizetype>(builtin.name.size()));
        QAction* a = m_builtinMenu->addAction(name);
        connect(a, &QAction::triggered, this, [this, name] { openScenarioAsked(QStringLiteral("builtin:") + name); });
    }
    file->addAction(action(QStringLiteral("library")));
    file->addAction(action(QStringLiteral("open")));
    m_recentMenu = file->addMenu(QString());
    rebuildRecentMenu();
    file->addAction(action(QStringLiteral("newSandbox")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("save")));
    file->addAction(action(QStringLiteral("exportImage")));
    file->addAction(action(QStringLiteral("exportAnimation")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("liveLab")));
    file->addAction(action(QStringLiteral("connectCluster")));
    file->addAction(action(QStringLiteral("disconnectCluster")));
    file->addSeparator();
    file->addAction(action(QStringLiteral("quit")));

    QMenu* edit = m_editMenu = menuBar()->addMenu(QString());
    edit->addAction(action(QStringLiteral("undo")));
    edit->addAction(action(QStringLiteral("redo")));

    QMenu* view = m_viewMenu = menuBar()->addMenu(QString());
    view->addAction(action(QStringLiteral("partitionView")));
    view->addAction(action(QStringLiteral("clusterView")));
    m_partitionMenu = view->addMenu(QString());
    view->addAction(action(QStringLiteral("compareVersions")));
    view->addAction(action(QStringLiteral("compareReal")));
    view->addSeparator();
    view->addAction(action(QStringLiteral("zoomIn")));
    view->addAction(action(QStringLiteral("zoomOut")));
    view->addAction(action(QStringLiteral("fit")));
    view->addAction(action(QStringLiteral("fullScreen")));
    view->addSeparator();
    view->addAction(action(QStringLiteral("showHeartbeats")));
    view->addAction(action(QStringLiteral("showLegend")));
    createLanguageMenu(view);
    view->addSeparator();
    for (QDockWidget* dock :
        { m_timelineDock, m_narrationDock, m_controlsDock, m_inspectorDock, m_eventsDock, m_chartsDock })
        view->addAction(dock->toggleViewAction());
    m_teaching->populateViewMenu(view);

    QMenu* play = m_playMenu = menuBar()->addMenu(QString());
    for (const char* name :
        { "play", "stepBack", "stepForward", "first", "last", "previousCheckpoint", "nextCheckpoint" })
        play->addAction(action(QString::fromLatin1(name)));
    play->addSeparator();
    play->addAction(action(QStringLiteral("slower")));
    play->addAction(action(QStringLiteral("faster")));
    play->addAction(action(QStringLiteral("skipIdle")));
    play->addAction(action(QStringLiteral("pauseAtCheckpoints")));
    play->addAction(action(QStringLiteral("runOn")));
    play->addAction(action(QStringLiteral("followLive")));

    QMenu* help = m_helpMenu = menuBar()->addMenu(QString());
    help->addAction(action(QStringLiteral("shortcuts")));
    m_aboutAction = help->addAction(QString());
    m_aboutAction->setObjectName(QStringLiteral("about"));
    m_actions.append(m_aboutAction);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createLanguageMenu(QMenu* view)
{
    m_languageMenu = view->addMenu(QString());
    m_languageMenu->setObjectName(QStringLiteral("languageMenu"));
    m_languageGroup = new QActionGroup(this);
    QStringList choices { QStringLiteral("system") };
    choices += availableLanguages();
    const QString saved = savedLanguageChoice();
    for (const QString& choice : choices) {
        // Each language is named in itself, so that anyone can find their own.
        QAction* a = m_languageMenu->addAction(languageName(choice));
        a->setObjectName(QStringLiteral("language_") + choice);
        a->setData(choice);
        a->setCheckable(true);
        a->setChecked(choice == saved);
        m_languageGroup->addAction(a);
        connect(a, &QAction::triggered, this, [choice] {
            saveLanguageChoice(choice);
            setLanguage(choice);
        });
        m_actions.append(a);
    }
}

void MainWindow::retranslateUi()
{
    // Actions: text, then tool tip and the short text of the timeline's buttons where they differ.
    static const namedactions::Texts actionTexts[] = {
        { "play", QT_TR_NOOP("Play"), nullptr, nullptr },
        { "stepBack", QT_TR_NOOP("Back"), QT_TR_NOOP("One frame back (Left)"), nullptr },
        { "stepForward", QT_TR_NOOP("Step"),
            QT_TR_NOOP("One frame on; it stops at the end, where Run on 10 s goes on (Right)"), nullptr },
        { "first", QT_TR_NOOP("First"), QT_TR_NOOP("First frame (Home)"), "|<" },
        { "last", QT_TR_NOOP("Last"), QT_TR_NOOP("Last frame (End)"), ">|" },
        { "previousCheckpoint", QT_TR_NOOP("Previous checkpoint"), QT_TR_NOOP("Previous checkpoint (Page Up)"),
            QT_TR_NOOP("\u25C0 Checkpoint") },
        { "nextCheckpoint", QT_TR_NOOP("Next checkpoint"), QT_TR_NOOP("Next checkpoint (Page Down)"),
            QT_TR_NOOP("Checkpoint \u25B6") },
        { "faster", QT_TR_NOOP("Faster"), nullptr, nullptr },
        { "slower", QT_TR_NOOP("Slower"), nullptr, nullptr },
        { "skipIdle", QT_TR_NOOP("Skip idle time"),
            QT_TR_NOOP("While playing, jump over stretches in which only heartbeats travel"), nullptr },
        { "pauseAtCheckpoints", QT_TR_NOOP("Pause at checkpoints"),
            QT_TR_NOOP("While playing, stop at each checkpoint; Play goes on from there"), nullptr },
        { "runOn", QT_TR_NOOP("Run on 10 s"),
            QT_TR_NOOP("Let the simulation run 10 s past the last frame, as one undoable action (Shift+End)"),
            nullptr },
        { "zoomIn", QT_TR_NOOP("Zoom in"), nullptr, nullptr },
        { "zoomOut", QT_TR_NOOP("Zoom out"), nullptr, nullptr },
        { "fit", QT_TR_NOOP("Fit to window"), nullptr, nullptr },
        { "fullScreen", QT_TR_NOOP("Full screen"), nullptr, nullptr },
        { "partitionView", QT_TR_NOOP("Partition view"), nullptr, nullptr },
        { "clusterView", QT_TR_NOOP("Cluster view"), nullptr, nullptr },
        { "showHeartbeats", QT_TR_NOOP("Show heartbeats"), nullptr, nullptr },
        { "showLegend", QT_TR_NOOP("Show legend"),
            QT_TR_NOOP("What each mark of the drawing means, under it; without it the drawing is larger"), nullptr },
        { "compareVersions", QT_TR_NOOP("&Compare versions..."),
            QT_TR_NOOP("This scenario under two Kafka versions, one view above the other, moving together, with "
                       "what differs marked"),
            nullptr },
        { "compareReal", QT_TR_NOOP("Compare with &real Kafka..."),
            QT_TR_NOOP("This scenario simulated and on a real Apache Kafka cluster started on this computer, "
                       "checkpoint by checkpoint, with what agrees and what differs"),
            nullptr },
        { "open", QT_TR_NOOP("&Open..."), nullptr, nullptr },
        { "library", QT_TR_NOOP("Scenario &library..."), nullptr, nullptr },
        { "newSandbox", QT_TR_NOOP("&New sandbox..."), nullptr, nullptr },
        { "save", QT_TR_NOOP("&Save scenario..."), nullptr, nullptr },
        { "exportImage", QT_TR_NOOP("&Export image..."), nullptr, nullptr },
        { "exportAnimation", QT_TR_NOOP("Export &animation..."), nullptr, nullptr },
        { "liveLab", QT_TR_NOOP("Li&ve lab..."),
            QT_TR_NOOP("Serve this session to real Kafka clients (kcat, Python, Java) on this computer or the "
                       "classroom's network"),
            nullptr },
        { "connectCluster", QT_TR_NOOP("&Connect to a Kafka cluster..."),
            QT_TR_NOOP("Observe a running Kafka cluster, read-only: every replica's LEO and high watermark, the "
                       "ISR and consumer groups over time"),
            nullptr },
        { "disconnectCluster", QT_TR_NOOP("&Disconnect"),
            QT_TR_NOOP("Stop observing the cluster; the frames stay"), nullptr },
        { "followLive", QT_TR_NOOP("Live"),
            QT_TR_NOOP("Back to the present of the live session, and follow it (Ctrl+End)"), nullptr },
        { "quit", QT_TR_NOOP("&Quit"), nullptr, nullptr },
        { "shortcuts", QT_TR_NOOP("&Keyboard shortcuts"), nullptr, nullptr },
    };
    namedactions::applyTexts(m_actions, actionTexts, "hw::ui::MainWindow");
    action(QStringLiteral("play"))->setText(m_controller->isPlaying() ? tr("Pause") : tr("Play"));
    updateUndoTexts();
    updateRunOn();

    m_timelineDock->setWindowTitle(tr("Timeline"));
    m_narrationDock->setWindowTitle(tr("Narration"));
    m_controlsDock->setWindowTitle(tr("Controls"));
    m_inspectorDock->setWindowTitle(tr("Inspector"));
    m_eventsDock->setWindowTitle(tr("Event log"));
    m_chartsDock->setWindowTitle(tr("Charts"));

    m_fileMenu->setTitle(tr("&File"));
    m_builtinMenu->setTitle(tr("Open &built-in scenario"));
    m_recentMenu->setTitle(tr("Open &recent"));
    m_editMenu->setTitle(tr("&Edit"));
    m_viewMenu->setTitle(tr("&View"));
    m_partitionMenu->setTitle(tr("Partition shown"));
    m_languageMenu->setTitle(tr("&Language"));
    m_languageGroup->actions().constFirst()->setText(
        tr("System (%1)", "language menu: follow the system's language").arg(languageName(systemLanguage())));
    m_playMenu->setTitle(tr("&Play"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About HighWater"));

    // The built-in scenarios by their titles in this language.
    const std::string language = SimController::language();
    const QList<QAction*> builtinActions = m_builtinMenu->actions();
    const std::vector<hw::BuiltinScenario>& builtins = hw::builtinScenarios();
    for (std::size_t i = 0; i < builtins.size() && i < static_cast<std::size_t>(builtinActions.size()); ++i) {
        const std::string name(builtins[i].name);
        auto parsed = hw::parseScenario(builtins[i].json, "builtin:" + name);
        const auto* scenario = std::get_if<hw::Scenario>(&parsed);
        QAction* a = builtinActions[static_cast<qsizetype>(i)];
        a->setText(scenario && !scenario->title.empty() ? QString::fromStdString(scenario->title.get(language))
                                                        : QString::fromStdString(name));
        a->setToolTip(QStringLiteral("builtin:") + QString::fromStdString(name));
    }
    rebuildRecentMenu();
}

void MainWindow::updateUndoTexts()
{
    QAction* undo = action(QStringLiteral("undo"));
    QAction* redo = action(QStringLiteral("redo"));
    if (m_controller->isObserved()) {
        // An observed session has nothing to undo: its frames are the cluster's polls.
        const QString why = SimController::observedReadOnlyText();
        for (QAction* a : { undo, redo }) {
            a->setEnabled(false);
            a->setToolTip(why);
            a->setStatusTip(why);
        }
        undo->setText(tr("Undo"));
        redo->setText(tr("Redo"));
        return;
    }
    if (m_controller->hasLiveHistory()) {
        // Real clients' requests cannot be taken back, and the op log that undo replays does not
        // hold them: the session offers no undo from the moment it was served.
        const QString why = tr("Undo is not offered for a live session: real clients cannot take back what they "
                               "sent.");
        undo->setEnabled(false);
        redo->setEnabled(false);
        undo->setText(tr("Undo (not in a live session)"));
        redo->setText(tr("Redo (not in a live session)"));
        undo->setToolTip(why);
        undo->setStatusTip(why);
        redo->setToolTip(why);
        redo->setStatusTip(why);
        return;
    }
    undo->setToolTip(QString());
    undo->setStatusTip(QString());
    redo->setToolTip(QString());
    redo->setStatusTip(QString());
    undo->setEnabled(m_undo->canUndo());
    redo->setEnabled(m_undo->canRedo());
    undo->setText(m_undo->canUndo() ? tr("Undo %1").arg(m_undo->undoText()) : tr("Undo"));
    redo->setText(m_undo->canRedo() ? tr("Redo %1").arg(m_undo->redoText()) : tr("Redo"));
}

void MainWindow::updateRunOn()
{
    QAction* runOn = action(QStringLiteral("runOn"));
    // An observed session is read-only: nothing runs on, and it is not a scenario to save (its
    // recording keeps it).
    QAction* save = action(QStringLiteral("save"));
    const bool observed = m_controller->isObserved();
    save->setEnabled(!observed);
    // Nor is it a scenario to serve to clients or to run under other versions or on a real Kafka.
    for (const char* name : { "liveLab", "compareVersions", "compareReal" })
        action(QString::fromLatin1(name))->setEnabled(!observed);
    save->setToolTip(observed ? SimController::observedReadOnlyText() : QString());
    if (observed) {
        runOn->setEnabled(false);
        runOn->setText(tr("Run on 10 s"));
        runOn->setToolTip(SimController::observedReadOnlyText());
        return;
    }
    runOn->setToolTip(
        tr("Let the simulation run 10 s past the last frame, as one undoable action (Shift+End)"));
    const bool atBudget = m_controller->timeline().atMemoryBudget();
    runOn->setEnabled(!atBudget);
    runOn->setText(atBudget ? tr("Run on 10 s (not now: the run reached its memory budget)") : tr("Run on 10 s"));
}

void MainWindow::updateTransportIcons()
{
    const QStyle& s = *style();
    const QPalette& p = palette();
    const bool playing = m_controller->isPlaying();
    action(QStringLiteral("play"))->setIcon(
        tintedStandardIcon(s, playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay, p));
    action(QStringLiteral("stepBack"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaSeekBackward, p));
    action(QStringLiteral("stepForward"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaSeekForward, p));
    action(QStringLiteral("first"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaSkipBackward, p));
    action(QStringLiteral("last"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaSkipForward, p));
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = RecentFiles::list();
    for (const QString& path : files) {
        QAction* a = m_recentMenu->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, path] {
            if (!maySwitchScenario())
                return;
            if (!openScenario(path)) {
                RecentFiles::remove(path);
                rebuildRecentMenu();
            }
        });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("Clear the list")), &QAction::triggered, this, [this] {
        RecentFiles::clear();
        rebuildRecentMenu();
    });
}

} // namespace hw::ui
