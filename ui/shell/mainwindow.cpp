// SPDX-License-Identifier: MIT
#include "shell/mainwindow.h"

#include "base/i18n.h"
#include "builtin.h"
#include "control/actioncommand.h"
#include "control/session.h"
#include "export/exportdialog.h"
#include "export/sceneexport.h"
#include "fileio.h"
#include "hwversion.h"
#include "panels/chartspanel.h"
#include "panels/controlpanel.h"
#include "panels/eventlogmodel.h"
#include "panels/inspectorpanel.h"
#include "panels/narrationpanel.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scenario.h"
#include "scene/frameview.h"
#include "shell/actionmenu.h"
#include "shell/icons.h"
#include "shell/recentfiles.h"
#include "shell/sandboxdialog.h"
#include "shell/scenariolibrarydialog.h"
#include "teaching/teachingaids.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSlider>
#include <QStatusBar>
#include <QStyle>
#include <QUndoStack>

namespace hw::ui {

namespace {

/// How long status bar messages stay.
constexpr int statusTimeoutMs = 8000;

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_controller(new SimController(this)),
      m_scene(new FrameScene(this)),
      m_view(new FrameView(m_scene, this)),
      m_undo(new QUndoStack(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    QFont base = font();
    base.setPointSizeF(std::max<qreal>(base.pointSizeF(), 11.0));
    setFont(base);
    setCentralWidget(m_view);
    // Files dropped anywhere on the window open, including over the drawing.
    m_view->setAcceptDrops(false);
    m_view->viewport()->setAcceptDrops(false);
    setAcceptDrops(true);

    createActions();
    updateTransportIcons();
    createDocks();
    createMenus();
    retranslateUi();

    connect(m_controller, &SimController::changed, this, &MainWindow::onChanged);
    connect(m_controller, &SimController::message, this,
        [this](const QString& text) { statusBar()->showMessage(text, statusTimeoutMs); });
    connect(m_scene, &FrameScene::targetSelected, this, [this](const SceneTarget& target) {
        m_inspector->setTarget(target);
        if (target.isValid() && m_inspectorDock->isVisible())
            m_inspectorDock->raise();
    });
    connect(m_scene, &FrameScene::contextMenuRequested, this, &MainWindow::showContextMenu);
    connect(m_undo, &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);

    // Fill the screen we are on, within reason: the layout works from 1280x720 up.
    QSize size(1440, 900);
    if (const QScreen* screen = QApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size());
    resize(size.expandedTo(QSize(1280, 720)).boundedTo(QSize(3840, 2160)));
    setMinimumSize(960, 600);

    openScenario(QStringLiteral("builtin:leo-hw-walkthrough"));
    statusBar()->showMessage(
        tr("Press Space to play, Right to step, Page Down for the next checkpoint."), statusTimeoutMs);
}

MainWindow::~MainWindow() = default;

QAction* MainWindow::addNamedAction(const QString& name, const QList<QKeySequence>& keys)
{
    return addNamedAction(name, QString(), keys);
}

QAction* MainWindow::addNamedAction(const QString& name, const QString& text, const QList<QKeySequence>& keys)
{
    auto* action = new QAction(text, this);
    action->setObjectName(name);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    addAction(action);
    m_actions.append(action);
    return action;
}

QAction* MainWindow::action(const QString& name) const
{
    for (QAction* a : m_actions) {
        if (a->objectName() == name)
            return a;
    }
    return nullptr;
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
            m_controller->stepForward();
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
    QAction* skip = addNamedAction(QStringLiteral("skipQuiet"), {});
    skip->setCheckable(true);
    skip->setChecked(m_controller->skipQuietTime());
    connect(skip, &QAction::toggled, m_controller, &SimController::setSkipQuietTime);

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
    auto* views = new QActionGroup(this);
    QAction* partitionView = addNamedAction(QStringLiteral("partitionView"), { QKeySequence(Qt::CTRL | Qt::Key_1) });
    QAction* clusterView = addNamedAction(QStringLiteral("clusterView"), { QKeySequence(Qt::CTRL | Qt::Key_2) });
    for (QAction* a : { partitionView, clusterView }) {
        a->setCheckable(true);
        views->addAction(a);
    }
    connect(partitionView, &QAction::triggered, this, [this] { setViewKind(FrameScene::ViewKind::Partition); });
    connect(clusterView, &QAction::triggered, this, [this] { setViewKind(FrameScene::ViewKind::Cluster); });
    QAction* heartbeats = addNamedAction(QStringLiteral("showHeartbeats"), {});
    heartbeats->setCheckable(true);
    connect(heartbeats, &QAction::toggled, m_scene, &FrameScene::setShowHeartbeats);

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
    QAction* quit = addNamedAction(QStringLiteral("quit"), { QKeySequence(QKeySequence::Quit) });
    connect(quit, &QAction::triggered, this, &QWidget::close);
    QAction* shortcuts = addNamedAction(QStringLiteral("shortcuts"), { QKeySequence(QKeySequence::HelpContents) });
    connect(shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
}

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    const TimelinePanel::Actions transport { action(QStringLiteral("first")),
        action(QStringLiteral("previousCheckpoint")), action(QStringLiteral("stepBack")),
        action(QStringLiteral("play")), action(QStringLiteral("stepForward")), action(QStringLiteral("nextCheckpoint")),
        action(QStringLiteral("last")) };
    m_timeline = new TimelinePanel(m_controller, transport, this);
    m_timelineDock = new QDockWidget(this);
    m_timelineDock->setObjectName(QStringLiteral("timelineDock"));
    m_timelineDock->setWidget(m_timeline);
    m_timelineDock->setFeatures(QDockWidget::DockWidgetClosable);
    // The timeline needs no title bar: it is what it shows.
    m_timelineDock->setTitleBarWidget(new QWidget(m_timelineDock));
    addDockWidget(Qt::BottomDockWidgetArea, m_timelineDock);
    connect(m_timeline->viewCombo(), &QComboBox::currentIndexChanged, this, [this](int index) {
        setViewKind(index == 0 ? FrameScene::ViewKind::Partition : FrameScene::ViewKind::Cluster);
    });
    connect(m_timeline->partitionCombo(), &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            showPartition(m_timeline->partitionCombo()->itemData(index).toInt());
    });

    m_narration = new NarrationPanel(m_controller, this);
    m_narrationDock = new QDockWidget(this);
    m_narrationDock->setObjectName(QStringLiteral("narrationDock"));
    m_narrationDock->setWidget(m_narration);
    addDockWidget(Qt::RightDockWidgetArea, m_narrationDock);

    m_controls = new ControlPanel(m_controller, this);
    auto* controlsScroll = new QScrollArea(this);
    controlsScroll->setWidget(m_controls);
    controlsScroll->setWidgetResizable(true);
    controlsScroll->setFrameShape(QFrame::NoFrame);
    m_controlsDock = new QDockWidget(this);
    m_controlsDock->setObjectName(QStringLiteral("controlsDock"));
    m_controlsDock->setWidget(controlsScroll);
    connect(m_controls, &ControlPanel::actionRequested, this, &MainWindow::act);

    m_inspector = new InspectorPanel(m_controller, this);
    m_inspectorDock = new QDockWidget(this);
    m_inspectorDock->setObjectName(QStringLiteral("inspectorDock"));
    m_inspectorDock->setWidget(m_inspector);

    m_eventModel = new EventLogModel(m_controller, this);
    m_eventLog = new QListView(this);
    m_eventLog->setModel(m_eventModel);
    m_eventLog->setUniformItemSizes(true);
    m_eventLog->setSelectionMode(QAbstractItemView::SingleSelection);
    m_eventLog->setEditTriggers(QAbstractItemView::NoEditTriggers);
    connect(m_eventLog, &QListView::clicked, this,
        [this](const QModelIndex& index) { m_controller->setCurrentFrame(index.row()); });
    m_eventsDock = new QDockWidget(this);
    m_eventsDock->setObjectName(QStringLiteral("eventsDock"));
    m_eventsDock->setWidget(m_eventLog);

    splitDockWidget(m_narrationDock, m_controlsDock, Qt::Vertical);
    tabifyDockWidget(m_controlsDock, m_inspectorDock);
    tabifyDockWidget(m_inspectorDock, m_eventsDock);

    m_charts = new ChartsPanel(m_controller, this);
    m_chartsDock = new QDockWidget(this);
    m_chartsDock->setObjectName(QStringLiteral("chartsDock"));
    m_chartsDock->setWidget(m_charts);
    tabifyDockWidget(m_eventsDock, m_chartsDock);
    m_controlsDock->raise();

    m_teaching
        = new TeachingAids({ this, m_controller, m_scene, m_view, m_narration, m_timelineDock, m_narrationDock });
    tabifyDockWidget(m_eventsDock, m_teaching->glossaryDock());
    m_controlsDock->raise();
}

void MainWindow::createMenus()
{
    QMenu* file = m_fileMenu = menuBar()->addMenu(QString());
    m_builtinMenu = file->addMenu(QString());
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        const QString name = QString::fromUtf8(builtin.name.data(), static_cast<qsizetype>(builtin.name.size()));
        QAction* a = m_builtinMenu->addAction(name);
        connect(a, &QAction::triggered, this, [this, name] { openScenario(QStringLiteral("builtin:") + name); });
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
    file->addAction(action(QStringLiteral("quit")));

    QMenu* edit = m_editMenu = menuBar()->addMenu(QString());
    edit->addAction(action(QStringLiteral("undo")));
    edit->addAction(action(QStringLiteral("redo")));

    QMenu* view = m_viewMenu = menuBar()->addMenu(QString());
    view->addAction(action(QStringLiteral("partitionView")));
    view->addAction(action(QStringLiteral("clusterView")));
    m_partitionMenu = view->addMenu(QString());
    view->addSeparator();
    view->addAction(action(QStringLiteral("zoomIn")));
    view->addAction(action(QStringLiteral("zoomOut")));
    view->addAction(action(QStringLiteral("fit")));
    view->addAction(action(QStringLiteral("fullScreen")));
    view->addSeparator();
    view->addAction(action(QStringLiteral("showHeartbeats")));
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
    play->addAction(action(QStringLiteral("skipQuiet")));

    QMenu* help = m_helpMenu = menuBar()->addMenu(QString());
    help->addAction(action(QStringLiteral("shortcuts")));
    m_aboutAction = help->addAction(QString());
    m_aboutAction->setObjectName(QStringLiteral("about"));
    m_actions.append(m_aboutAction);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
}

QString MainWindow::aboutText()
{
    // The version comes from project(VERSION) (hwversion.h), not from the application object, so
    // that the box says the same in the app, the tests and any program that links hwui.
    return tr("HighWater %1\n\nSee and teach how Kafka replicates data: replica logs, LEO and HW, the "
              "ISR, elections, producers and consumer groups, frame by frame.")
               .arg(QStringLiteral(HW_VERSION))
        + QStringLiteral("\n\n")
        + tr("The simulation follows the replication rules of Apache Kafka 3.7 in KRaft mode: the high "
             "watermark, the ISR, leader epochs, elections and consumer group rebalances. The glossary "
             "and the lessons' notes say where textbooks simplify Kafka.\n\nLicence: MIT.\nBuilt with "
             "Qt %1, running on Qt %2.")
              .arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()));
}

void MainWindow::showAbout()
{
    // A window-modal box opened with open(), not exec(): the window stays responsive to Qt's event
    // loop and tests can read the box while it is shown.
    auto* box = new QMessageBox(this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setWindowTitle(tr("About HighWater"));
    box->setIconPixmap(QIcon(QStringLiteral(":/icons/" HW_APP_ID ".svg")).pixmap(96, 96));
    box->setText(aboutText());
    box->setStandardButtons(QMessageBox::Ok);
    box->open();
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
    struct ActionTexts {
        const char* name;
        const char* text;
        const char* toolTip;
        const char* iconText;
    };
    static const ActionTexts actionTexts[] = {
        { "play", QT_TR_NOOP("Play"), nullptr, nullptr },
        { "stepBack", QT_TR_NOOP("Back"), QT_TR_NOOP("One frame back (Left)"), nullptr },
        { "stepForward", QT_TR_NOOP("Step"),
            QT_TR_NOOP("One frame on; at the end, the simulation runs to the next event (Right)"), nullptr },
        { "first", QT_TR_NOOP("First"), QT_TR_NOOP("First frame (Home)"), "|<" },
        { "last", QT_TR_NOOP("Last"), QT_TR_NOOP("Last frame (End)"), ">|" },
        { "previousCheckpoint", QT_TR_NOOP("Previous checkpoint"), QT_TR_NOOP("Previous checkpoint (Page Up)"),
            QT_TR_NOOP("\u25C0 Checkpoint") },
        { "nextCheckpoint", QT_TR_NOOP("Next checkpoint"), QT_TR_NOOP("Next checkpoint (Page Down)"),
            QT_TR_NOOP("Checkpoint \u25B6") },
        { "faster", QT_TR_NOOP("Faster"), nullptr, nullptr },
        { "slower", QT_TR_NOOP("Slower"), nullptr, nullptr },
        { "skipQuiet", QT_TR_NOOP("Skip quiet time while playing"), nullptr, nullptr },
        { "zoomIn", QT_TR_NOOP("Zoom in"), nullptr, nullptr },
        { "zoomOut", QT_TR_NOOP("Zoom out"), nullptr, nullptr },
        { "fit", QT_TR_NOOP("Fit to window"), nullptr, nullptr },
        { "fullScreen", QT_TR_NOOP("Full screen"), nullptr, nullptr },
        { "partitionView", QT_TR_NOOP("Partition view"), nullptr, nullptr },
        { "clusterView", QT_TR_NOOP("Cluster view"), nullptr, nullptr },
        { "showHeartbeats", QT_TR_NOOP("Show heartbeats"), nullptr, nullptr },
        { "open", QT_TR_NOOP("&Open..."), nullptr, nullptr },
        { "library", QT_TR_NOOP("Scenario &library..."), nullptr, nullptr },
        { "newSandbox", QT_TR_NOOP("&New sandbox..."), nullptr, nullptr },
        { "save", QT_TR_NOOP("&Save scenario..."), nullptr, nullptr },
        { "exportImage", QT_TR_NOOP("&Export image..."), nullptr, nullptr },
        { "exportAnimation", QT_TR_NOOP("Export &animation..."), nullptr, nullptr },
        { "quit", QT_TR_NOOP("&Quit"), nullptr, nullptr },
        { "shortcuts", QT_TR_NOOP("&Keyboard shortcuts"), nullptr, nullptr },
    };
    for (const ActionTexts& t : actionTexts) {
        QAction* a = action(QString::fromLatin1(t.name));
        if (!a)
            continue;
        a->setText(tr(t.text));
        if (t.toolTip)
            a->setToolTip(tr(t.toolTip));
        // "|<" and ">|" are drawn arrows, the same in every language.
        if (t.iconText)
            a->setIconText(
                t.iconText[0] == '|' || t.iconText[0] == '>' ? QString::fromLatin1(t.iconText) : tr(t.iconText));
    }
    action(QStringLiteral("play"))->setText(m_controller->isPlaying() ? tr("Pause") : tr("Play"));
    updateUndoTexts();

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
    undo->setEnabled(m_undo->canUndo());
    redo->setEnabled(m_undo->canRedo());
    undo->setText(m_undo->canUndo() ? tr("Undo %1").arg(m_undo->undoText()) : tr("Undo"));
    redo->setText(m_undo->canRedo() ? tr("Redo %1").arg(m_undo->redoText()) : tr("Redo"));
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

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
        updateTransportIcons();
        return;
    }
    if (event->type() != QEvent::LanguageChange)
        return;
    retranslateUi();
    // Texts drawn from the current frame: the scene, the panels, the event log and the title.
    m_scene->setFrame(m_controller->state(), m_controller->displayTimeMs());
    m_narration->refresh();
    m_inspector->refresh();
    m_timeline->refresh(true);
    m_eventModel->retranslate();
    updateTitle();
    // A message in the old language would stay for seconds; it said something already past.
    statusBar()->clearMessage();
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

bool MainWindow::openScenario(const QString& source)
{
    const QString error = m_controller->openScenario(source);
    if (!error.isEmpty()) {
        statusBar()->showMessage(tr("Cannot open %1: %2").arg(source, error));
        return false;
    }
    if (!source.startsWith(QLatin1String("builtin:"))) {
        RecentFiles::add(source);
        rebuildRecentMenu();
    }
    return true;
}

bool MainWindow::openParsedScenario(const hw::Scenario& scenario, const QString& source)
{
    const QString error = m_controller->openParsedScenario(scenario, source);
    if (!error.isEmpty()) {
        statusBar()->showMessage(tr("Cannot open %1: %2").arg(source, error));
        return false;
    }
    return true;
}

bool MainWindow::act(const hw::Step& action)
{
    const QString text = userActionText(action, m_controller->state());
    if (const QString why = m_controller->checkAction(action); !why.isEmpty()) {
        statusBar()->showMessage(tr("%1: not possible now (%2).").arg(text, why), statusTimeoutMs);
        return false;
    }
    const bool forks = m_controller->currentFrame() < m_controller->lastFrame();
    auto* command = new ActionCommand(m_controller, m_controller->currentFrame(), action, text);
    m_undo->push(command); // runs it
    const QString runError = m_undo->index() > 0
        ? static_cast<const ActionCommand*>(m_undo->command(m_undo->index() - 1))->runError()
        : QString();
    if (!runError.isEmpty())
        statusBar()->showMessage(tr("%1 stopped early: %2").arg(text, runError), statusTimeoutMs);
    else if (forks)
        statusBar()->showMessage(
            tr("%1: the later frames were replaced (Undo brings them back).").arg(text), statusTimeoutMs);
    else
        statusBar()->showMessage(text, statusTimeoutMs);
    return true;
}

QString MainWindow::saveScenario(const QString& path)
{
    const hw::Scenario recorded = hw::recordSession(m_controller->scenario(), m_controller->timeline());
    const std::string text = hw::scenarioToJson(recorded);
    // Not QSaveFile: its errorString() is often "Unknown error" or names its staging file. The core
    // writer reports the system's reason for the step that failed; the dialog puts the path first.
    if (const auto error = hw::writeFileAtomically(QFile::encodeName(path).toStdString(), text))
        return QString::fromLocal8Bit(error->message.c_str());
    m_undo->setClean();
    RecentFiles::add(path);
    rebuildRecentMenu();
    return QString();
}

void MainWindow::setViewKind(FrameScene::ViewKind kind)
{
    m_scene->setViewKind(kind);
    action(QStringLiteral("partitionView"))->setChecked(kind == FrameScene::ViewKind::Partition);
    action(QStringLiteral("clusterView"))->setChecked(kind == FrameScene::ViewKind::Cluster);
    const QSignalBlocker blocker(m_timeline->viewCombo());
    m_timeline->viewCombo()->setCurrentIndex(kind == FrameScene::ViewKind::Partition ? 0 : 1);
    m_timeline->partitionCombo()->setEnabled(kind == FrameScene::ViewKind::Partition);
    m_view->resetZoom();
}

QWidget* MainWindow::chartsWidget() const
{
    return m_charts;
}

void MainWindow::showPartition(std::int32_t partition)
{
    m_scene->setFocusPartition(partition);
    m_charts->setPartition(partition);
    {
        const QSignalBlocker blocker(m_timeline->partitionCombo());
        const int index = m_timeline->partitionCombo()->findData(partition);
        if (index >= 0)
            m_timeline->partitionCombo()->setCurrentIndex(index);
    }
    setViewKind(FrameScene::ViewKind::Partition);
}

void MainWindow::onChanged(SimController::Changes what)
{
    const hw::ClusterState& state = m_controller->state();
    if (what & SimController::ScenarioChanged) {
        m_undo->clear();
        m_inspector->setTarget(SceneTarget {});
        m_scene->selectTarget(SceneTarget {});
        m_timeline->refreshPartitions();
        m_partitionMenu->clear();
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p) {
            QAction* a = m_partitionMenu->addAction(QString::fromStdString(state.partitionName(p)));
            connect(a, &QAction::triggered, this, [this, p] { showPartition(p); });
        }
        m_scene->setFocusPartition(0);
        m_controls->refresh(true);
        updateTitle();
        // The seed article's figures are of one partition; bigger clusters start with the whole picture.
        setViewKind(state.partitions.size() == 1 ? FrameScene::ViewKind::Partition : FrameScene::ViewKind::Cluster);
    }
    if (what & (SimController::TimelineChanged | SimController::ScenarioChanged))
        m_eventModel->sync();
    if (what & (SimController::FrameChanged | SimController::ScenarioChanged)) {
        m_scene->setFrame(state, m_controller->displayTimeMs());
        m_narration->refresh();
        m_inspector->refresh();
        m_controls->refresh(false);
        const QModelIndex index = m_eventModel->index(static_cast<int>(m_controller->currentFrame()), 0);
        m_eventLog->setCurrentIndex(index);
        m_eventLog->scrollTo(index);
    } else if (what & SimController::TimeChanged) {
        m_scene->setDisplayTime(m_controller->displayTimeMs());
    }
    if (what
        & (SimController::FrameChanged | SimController::TimelineChanged | SimController::TimeChanged
            | SimController::SpeedChanged | SimController::ScenarioChanged))
        m_timeline->refresh(what & (SimController::TimelineChanged | SimController::ScenarioChanged));
    if (what & SimController::PlayingChanged) {
        QAction* play = action(QStringLiteral("play"));
        const bool playing = m_controller->isPlaying();
        play->setText(playing ? tr("Pause") : tr("Play"));
        updateTransportIcons();
    }
}

void MainWindow::showContextMenu(const SceneTarget& target, const QPoint& screenPos)
{
    ActionMenu::Handlers handlers;
    handlers.act = [this](const UserAction& action) { act(action); };
    handlers.showPartition = [this](std::int32_t partition) { showPartition(partition); };
    handlers.addConsumer = [this](std::int32_t group) { m_controls->openAddConsumer(group); };
    QMenu* menu = ActionMenu::build(target, m_controller->state(), handlers, this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(screenPos);
}

void MainWindow::updateTitle()
{
    const hw::Scenario& scenario = m_controller->scenario();
    const QString title = scenario.title.empty()
        ? QString::fromStdString(scenario.name)
        : QString::fromStdString(scenario.title.get(SimController::language()));
    setWindowTitle(tr("%1[*] \u2014 HighWater").arg(title));
    setWindowModified(!m_undo->isClean());
}

void MainWindow::openFileDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open scenario"), QString(), tr("HighWater scenarios (*.json);;All files (*)"));
    if (!path.isEmpty() && !openScenario(path))
        QMessageBox::warning(this, tr("Cannot open the scenario"), statusBar()->currentMessage());
}

void MainWindow::openLibrary()
{
    ScenarioLibraryDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.chosen() == QLatin1String("file"))
        openFileDialog();
    else if (!dialog.chosen().isEmpty())
        openScenario(dialog.chosen());
}

void MainWindow::newSandbox()
{
    SandboxDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    hw::Scenario scenario;
    QString error;
    if (!SandboxDialog::makeScenario(dialog.settings(), &scenario, &error)) {
        QMessageBox::warning(this, tr("Cannot create the sandbox"), error);
        return;
    }
    openParsedScenario(scenario, tr("sandbox %1").arg(dialog.settings().name));
}

void MainWindow::saveDialog()
{
    QString suggested = QString::fromStdString(m_controller->scenario().name) + QStringLiteral("-session.json");
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggested, tr("HighWater scenarios (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = saveScenario(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Cannot save the scenario"), tr("%1: %2").arg(path, error));
    else
        statusBar()->showMessage(
            tr("Saved %1: it replays to these %2 frames.").arg(path).arg(m_controller->frameCount()), statusTimeoutMs);
}

void MainWindow::exportImageDialog()
{
    ExportImageDialog dialog(m_controller, m_scene, m_view->viewport()->size(), m_charts, this);
    dialog.exec();
}

void MainWindow::toggleFullScreen()
{
    if (isFullScreen())
        showNormal();
    else
        showFullScreen();
    action(QStringLiteral("fullScreen"))->setChecked(isFullScreen());
}

void MainWindow::showShortcuts()
{
    QMessageBox::information(this, tr("Keyboard shortcuts"),
        tr("Space: play / pause\nLeft / Right: one frame back / on\nHome / End: first / last frame\n"
           "Page Up / Page Down: previous / next checkpoint\n[ / ]: slower / faster\n"
           "Ctrl+Z / Ctrl+Shift+Z: undo / redo\n+ / - or Ctrl+wheel: zoom; 0: fit\nCtrl+1 / Ctrl+2: partition / "
           "cluster view\n"
           "F11: full screen\nRight-click anything in the drawing for what you can do to it."));
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_docksSized)
        return;
    m_docksSized = true;
    // The right column grows with the window; the narration gets most of it, the tabs the rest.
    resizeDocks({ m_narrationDock }, { std::max(400, width() * 30 / 100) }, Qt::Horizontal);
    resizeDocks({ m_narrationDock, m_controlsDock }, { height() * 55 / 100, height() * 30 / 100 }, Qt::Vertical);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QMimeData* mime = event->mimeData();
    if (mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().constFirst().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.constFirst().isLocalFile())
        return;
    event->acceptProposedAction();
    openScenario(urls.constFirst().toLocalFile());
}

} // namespace hw::ui
