// SPDX-License-Identifier: MIT
// The main window: its docks and what they observe, the frame shown (onChanged), actions on the
// cluster (act), the views and the comparison of versions, the title and the error banner, About,
// and the window's size on the screen. The actions and menus are built in mainwindowactions.cpp; the
// session is opened, saved and restored in mainwindowsession.cpp.
#include "shell/mainwindow.h"

#include "base/i18n.h"
#include "control/actioncommand.h"
#include "control/livesession.h"
#include "control/observesession.h"
#include "control/session.h"
#include "export/exportdialog.h"
#include "export/sceneexport.h"
#include "hwversion.h"
#include "model/kafka_version.h"
#include "panels/chartspanel.h"
#include "panels/controlpanel.h"
#include "panels/eventlogmodel.h"
#include "panels/inspectorpanel.h"
#include "panels/narrationpanel.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scenario/builtin.h"
#include "scenario/scenario.h"
#include "scene/clusterfacts.h"
#include "scene/frameview.h"
#include "shell/actionmenu.h"
#include "shell/comparewindow.h"
#include "shell/connectdialog.h"
#include "shell/realcomparedialog.h"
#include "shell/realcomparewindow.h"
#include "shell/icons.h"
#include "shell/livelabdialog.h"
#include "shell/shortcutsdialog.h"
#include "teaching/presentationmode.h"
#include "teaching/teachingaids.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QFileInfo>
#include <QIcon>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSlider>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace hw::ui {

namespace {

/// The size Charts and the glossary open at when floating: their plots and definitions read at it.
constexpr QSize floatingDockSize(760, 520);

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_controller(new SimController(this)),
      m_scene(new FrameScene(this)),
      m_view(new FrameView(m_scene, this)),
      m_undo(new QUndoStack(this)),
      m_live(new LiveSession(m_controller, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    QFont base = font();
    base.setPointSizeF(std::max<qreal>(base.pointSizeF(), 11.0));
    setFont(base);
    // The drawing, with the note over it when the narration dock is too short to show the note whole.
    auto* central = new QWidget(this);
    central->setObjectName(QStringLiteral("drawingArea"));
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_view, 1);
    setCentralWidget(central);
    // Files dropped anywhere on the window open, including over the drawing.
    m_view->setAcceptDrops(false);
    m_view->viewport()->setAcceptDrops(false);
    setAcceptDrops(true);
    m_observe = new ObserveSession(m_controller, this);

    createActions();
    updateTransportIcons();
    createDocks();
    createMenus();
    retranslateUi();

    connect(m_controller, &SimController::changed, this, &MainWindow::onChanged);
    // Presentation mode hides the status bar: its messages (why an action cannot run, the end of the
    // run) show over the drawing instead, for as long as they would show in the bar.
    connect(statusBar(), &QStatusBar::messageChanged, m_teaching->presentation(), &PresentationMode::showMessage);
    connect(m_controller, &SimController::message, this,
        [this](const QString& text) { statusBar()->showMessage(text, statusTimeoutMs); });
    connect(m_scene, &FrameScene::targetSelected, this, [this](const SceneTarget& target) {
        m_inspector->setTarget(target);
        if (target.isValid() && m_inspectorDock->isVisible())
            m_inspectorDock->raise();
    });
    connect(m_scene, &FrameScene::contextMenuRequested, this, &MainWindow::showContextMenu);
    connect(m_undo, &QUndoStack::cleanChanged, this, &MainWindow::syncAutosave);
    connect(m_live, &LiveSession::servingChanged, this, &MainWindow::onLiveChanged);
    // The cluster view names the real clients by the client.id of their requests.
    connect(m_live, &LiveSession::connectionsChanged, this, [this] {
        QHash<std::int32_t, QString> names;
        for (const auto& c : m_live->connections()) {
            if (!c.clientId.empty())
                names.insert(c.client, QString::fromStdString(c.clientId));
        }
        m_scene->setLiveClientNames(names);
    });
    // Observing a real cluster: the status line, the Live button, and what went wrong after connecting.
    m_observeStatus = new QLabel(this);
    m_observeStatus->setObjectName(QStringLiteral("observeStatusLine"));
    m_observeStatus->hide();
    auto* liveButton = new QToolButton(this);
    liveButton->setObjectName(QStringLiteral("observeLiveButton"));
    liveButton->setDefaultAction(action(QStringLiteral("followLive")));
    liveButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    liveButton->hide();
    m_liveButton = liveButton;
    statusBar()->addPermanentWidget(m_observeStatus);
    statusBar()->addPermanentWidget(m_liveButton);
    connect(m_observe, &ObserveSession::observingChanged, this, &MainWindow::onObservingChanged);
    connect(m_observe, &ObserveSession::statusChanged, this, &MainWindow::onObservingChanged);
    connect(m_observe, &ObserveSession::pollFailed, this, [this](const QString& error) {
        //: After connecting, a poll failed (the cluster went away); %1: why.
        statusBar()->showMessage(tr("A poll failed: %1. The frames stay; polling goes on.").arg(error));
    });
    connect(m_observe, &ObserveSession::brokersUnanswered, this, [this](const QString& brokers) {
        //: %1: the node ids of the brokers that did not answer a poll ("3" or "1, 2, 3").
        statusBar()->showMessage(tr("No answer from broker %1; polling goes on.").arg(brokers));
    });
    connect(m_observe, &ObserveSession::answeringAgain, this,
        [this](const QString& text) { statusBar()->showMessage(text, statusTimeoutMs); });
    connect(m_observe, &ObserveSession::recordingStopped, this,
        [this](const QString& error) { statusBar()->showMessage(error); });
    // Every action, undo and redo is kept at once (within Autosave::intervalMs); the frame shown too.
    m_autosave = new Autosave(m_controller, this);
    connect(m_undo, &QUndoStack::indexChanged, this, &MainWindow::syncAutosave);
    connect(m_controller, &SimController::changed, m_autosave, [this](SimController::Changes what) {
        if (what & (SimController::FrameChanged | SimController::TimelineChanged))
            m_autosave->schedule();
    });
    connect(m_autosave, &Autosave::writeFailed, this, [this](const QString& reason) {
        statusBar()->showMessage(tr("Cannot keep the unsaved session in case of a crash: %1").arg(reason));
    });

    // Fill the screen we are on, within reason, title bar included: the layout works from 1280x720
    // up. The frame is not known before the window manager decorates the window; until then the
    // style's title bar height stands for it, and fitToScreen() corrects it once shown.
    setMinimumSize(960, 540);
    if (const QScreen* screen = QApplication::primaryScreen()) {
        const int title = style()->pixelMetric(QStyle::PM_TitleBarHeight);
        setGeometry(fittedWindowGeometry(screen->availableGeometry(), QMargins(0, title, 0, 0), QSize(1440, 900)));
    } else {
        resize(1440, 900);
    }

    openScenario(QStringLiteral("builtin:leo-hw-walkthrough"));
    statusBar()->showMessage(
        tr("Press Space to play, Right to step, Page Down for the next checkpoint."), statusTimeoutMs);
}

MainWindow::~MainWindow()
{
    // Quitting while the live lab serves: stop it now, while the controller it reports to (and the
    // dialog and status bar that follow it) still exist. The live session is a child, destroyed after
    // the controller otherwise, and its destructor's stop() would advance a controller that is gone.
    m_live->stop();
    // Observing stops too, while the controller it hands polls to exists (it waits for a poll under way
    // at most ObserveSession::quitWaitMs).
    delete m_observe;
    m_observe = nullptr;
    // QWidget's destructor deletes the children after this one has run. The undo stack's destructor
    // clears its commands and emits indexChanged, cleanChanged and canUndoChanged, whose slots (the
    // window's, and the teaching aids' banner, which reads the controller) would then run on parts
    // already destroyed (the controller's state is gone: _GLIBCXX_ASSERTIONS aborts on it under
    // HW_ASSERTIONS; without, they read freed memory). Nothing needs to follow the stack any more.
    disconnect(m_undo, nullptr, this, nullptr);
    disconnect(m_undo, nullptr, m_teaching, nullptr);
}

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    const TimelinePanel::Actions transport { action(QStringLiteral("first")),
        action(QStringLiteral("previousCheckpoint")), action(QStringLiteral("stepBack")),
        action(QStringLiteral("play")), action(QStringLiteral("stepForward")), action(QStringLiteral("nextCheckpoint")),
        action(QStringLiteral("last")), action(QStringLiteral("skipIdle")), action(QStringLiteral("pauseAtCheckpoints")) };
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
    m_noteStrip = new NoteStrip(m_narration, centralWidget());
    static_cast<QVBoxLayout*>(centralWidget()->layout())->insertWidget(0, m_noteStrip);
    // A scenario whose steps stopped early says so for as long as it is open, where presentation mode
    // keeps it on screen too: a status line message was gone before anyone read it.
    m_errorBanner = new QLabel(m_narration);
    m_errorBanner->setObjectName(QStringLiteral("scenarioErrorBanner"));
    m_errorBanner->setWordWrap(true);
    m_errorBanner->setTextFormat(Qt::PlainText);
    m_errorBanner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorBanner->setFrameShape(QFrame::Box);
    m_errorBanner->setMargin(8);
    m_errorBanner->setAutoFillBackground(true);
    QPalette bannerPalette = m_errorBanner->palette();
    bannerPalette.setColor(QPalette::Window, QColor(0xFD, 0xEC, 0xEA));
    bannerPalette.setColor(QPalette::WindowText, QColor(0x5F, 0x00, 0x00));
    m_errorBanner->setPalette(bannerPalette);
    QFont bannerFont = m_errorBanner->font();
    bannerFont.setPointSizeF(bannerFont.pointSizeF() * 1.1);
    bannerFont.setBold(true);
    m_errorBanner->setFont(bannerFont);
    m_errorBanner->hide();
    m_narration->addPanel(m_errorBanner);
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
        [this](const QModelIndex& index) { m_controller->setCurrentFrame(m_eventModel->frameOfRow(index.row())); });
    m_eventsDock = new QDockWidget(this);
    m_eventsDock->setObjectName(QStringLiteral("eventsDock"));
    m_eventsDock->setWidget(m_eventLog);

    splitDockWidget(m_narrationDock, m_controlsDock, Qt::Vertical);
    tabifyDockWidget(m_controlsDock, m_inspectorDock);
    tabifyDockWidget(m_inspectorDock, m_eventsDock);
    m_controlsDock->raise();

    m_charts = new ChartsPanel(m_controller, this);
    m_chartsDock = new QDockWidget(this);
    m_chartsDock->setObjectName(QStringLiteral("chartsDock"));
    m_chartsDock->setWidget(m_charts);

    m_teaching
        = new TeachingAids(
            { this, m_controller, m_scene, m_view, m_narration, m_timelineDock, m_narrationDock, m_undo });
    // Presenting fits the narration's text so that the note shows whole in its column.
    connect(m_teaching->presentation(), &PresentationMode::activeChanged, m_narration,
        [this](bool presenting) { m_narration->setNoteMayMoveOut(!presenting); });
    // Charts and the glossary need more room than a third of a 400 px column: they open floating at
    // a size where their plots and definitions read, and can be docked anywhere by dragging. The
    // right column keeps three tabs, whose names stay whole.
    for (QDockWidget* big : { m_chartsDock, m_teaching->glossaryDock() }) {
        addDockWidget(Qt::RightDockWidgetArea, big);
        big->setFloating(true);
        big->hide();
        connect(big->toggleViewAction(), &QAction::toggled, this, [this, big](bool shown) {
            if (shown && big->isFloating())
                placeFloatingDock(big);
        });
    }
}

void MainWindow::placeFloatingDock(QDockWidget* dock)
{
    // Centred over the drawing, as large as usable and within the window.
    const QSize wanted = floatingDockSize.boundedTo(size() - QSize(40, 80)).expandedTo(dock->minimumSizeHint());
    QRect rect(QPoint(0, 0), wanted);
    rect.moveCenter(mapToGlobal(m_view->geometry().center()));
    dock->setGeometry(rect);
}

QString MainWindow::aboutText()
{
    // The version comes from project(VERSION) (hwversion.h), not from the application object, so
    // that the box says the same in the app, the tests and any program that links hwui. The Kafka
    // releases come from the list a scenario's cluster.kafka_version is checked against.
    const std::span<const hw::KafkaVersion> versions = hw::kafkaVersions();
    auto versionName = [](hw::KafkaVersion v) {
        const std::string_view name = hw::kafkaVersionName(v);
        return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
    };
    return tr("HighWater %1\n\nSee and teach how Kafka replicates data: replica logs, LEO and HW, the "
              "ISR, elections, producers and consumer groups, frame by frame.")
               .arg(QStringLiteral(HW_VERSION))
        + QStringLiteral("\n\n")
        //: %1 and %2: the oldest and newest Kafka release modelled ("3.7", "4.4"); %3 and %4: Qt versions.
        + tr("The simulation follows the replication rules of Apache Kafka %1 to %2 in KRaft mode, the "
             "release chosen per scenario (cluster.kafka_version): the high watermark, the ISR and eligible "
             "leader replicas, leader epochs, elections and consumer group rebalances. The glossary and the "
             "lessons' notes say where textbooks simplify Kafka.\n\nLicence: MIT.\nBuilt with Qt %3, "
             "running on Qt %4.")
              .arg(versionName(versions.front()), versionName(versions.back()), QStringLiteral(QT_VERSION_STR),
                  QString::fromLatin1(qVersion()));
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
    updateErrorBanner();
    // A message in the old language would stay for seconds; it said something already past.
    statusBar()->clearMessage();
}

bool MainWindow::act(const hw::Step& action)
{
    if (m_controller->hasLiveHistory()) {
        // Real clients' requests are in this timeline and in no op log, so nothing could undo the
        // action: it runs without the undo stack. Live, it acts on the present, whatever frame the
        // teacher is looking at, through the same drivers as a scenario's step.
        const bool live = m_controller->isLive();
        const hw::ClusterState& at = live ? m_controller->timeline().head() : m_controller->state();
        const QString text = userActionText(action, at);
        if (const QString why = unavailableReason(at, action); !why.isEmpty()) {
            statusBar()->showMessage(tr("%1: not possible now (%2).").arg(text, why), statusTimeoutMs);
            return false;
        }
        const QString runError
            = live ? m_live->perform(action) : m_controller->perform(m_controller->currentFrame(), action);
        m_liveUnsaved = true;
        syncAutosave();
        if (!runError.isEmpty())
            statusBar()->showMessage(tr("%1 stopped early: %2").arg(text, runError), statusTimeoutMs);
        else
            statusBar()->showMessage(
                tr("%1 (a live session offers no undo).").arg(text), statusTimeoutMs);
        return true;
    }
    const QString text = userActionText(action, m_controller->state());
    if (const QString why = unavailableReason(m_controller->state(), action); !why.isEmpty()) {
        statusBar()->showMessage(tr("%1: not possible now (%2).").arg(text, why), statusTimeoutMs);
        return false;
    }
    const bool forks = m_controller->currentFrame() < m_controller->lastFrame();
    auto* command = new ActionCommand(m_controller, m_controller->currentFrame(), action, text);
    m_undo->push(command); // runs it
    const QString runError = m_undo->index() > 0
        ? static_cast<const ActionCommand*>(m_undo->command(m_undo->index() - 1))->runError()
        : QString();
    if (!runError.isEmpty() && forks)
        statusBar()->showMessage(
            tr("%1 stopped early: %2. The later frames were replaced (Undo brings them back).").arg(text, runError),
            statusTimeoutMs);
    else if (!runError.isEmpty())
        statusBar()->showMessage(tr("%1 stopped early: %2").arg(text, runError), statusTimeoutMs);
    else if (forks)
        statusBar()->showMessage(
            tr("%1: the later frames were replaced (Undo brings them back).").arg(text), statusTimeoutMs);
    else
        statusBar()->showMessage(text, statusTimeoutMs);
    return true;
}

LiveLabDialog* MainWindow::openLiveLab()
{
    if (!m_liveDialog) {
        m_liveDialog = new LiveLabDialog(m_live, m_controller, this);
        m_liveDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_liveDialog->show();
    m_liveDialog->raise();
    m_liveDialog->activateWindow();
    return m_liveDialog;
}

ConnectDialog* MainWindow::openConnectDialog()
{
    if (!m_connectDialog) {
        m_connectDialog = new ConnectDialog(m_observe, [this] { return maySwitchScenario(); }, this);
        m_connectDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_connectDialog->show();
    m_connectDialog->raise();
    m_connectDialog->activateWindow();
    return m_connectDialog;
}

void MainWindow::onObservingChanged()
{
    if (!m_observe)
        return;
    const bool observing = m_observe->isObserving();
    const bool shown = observing || m_controller->isObserved();
    m_observeStatus->setVisible(shown);
    m_observeStatus->setText(observing || m_observe->isConnected() ? m_observe->statusText() : QString());
    if (!observing && m_controller->isObserved() && !m_observe->isConnected())
        m_observeStatus->setText(tr("Observed: %1").arg(m_controller->source()));
    m_liveButton->setVisible(observing && m_observe->isConnected());
    action(QStringLiteral("followLive"))->setEnabled(m_live->isServing() || (observing && m_observe->isConnected()));
    action(QStringLiteral("disconnectCluster"))->setEnabled(observing);
    updateUndoTexts();
    updateRunOn();
}

void MainWindow::onLiveChanged(bool serving, const QString& reason)
{
    if (serving) {
        // What is on the stack would replay an op log without the clients' requests.
        m_undo->clear();
        m_liveUnsaved = true;
        statusBar()->showMessage(tr("Live: serving at %1. A live session offers no undo.")
                                     .arg(m_live->bootstrap()),
            statusTimeoutMs);
    } else if (!reason.isEmpty()) {
        statusBar()->showMessage(tr("The live lab stopped: %1").arg(reason));
    } else {
        statusBar()->showMessage(tr("The live lab stopped: every connection is closed; the frames stay."),
            statusTimeoutMs);
    }
    action(QStringLiteral("followLive"))->setEnabled(serving);
    updateUndoTexts();
    syncAutosave();
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

void MainWindow::compareVersions()
{
    // Opened without waiting, as the About box is, so that the window stays responsive.
    auto* dialog = new CompareVersionsDialog(m_controller->scenario().cluster.config.kafkaVersion, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { openCompareWindow(dialog->top(), dialog->bottom()); });
    dialog->open();
}

CompareWindow* MainWindow::openCompareWindow(hw::KafkaVersion top, hw::KafkaVersion bottom)
{
    auto* window = new CompareWindow(this);
    const QString error = window->open(m_controller->scenario(), m_controller->source(), top, bottom);
    if (!error.isEmpty()) {
        statusBar()->showMessage(tr("Cannot compare the versions: %1").arg(error), statusTimeoutMs);
        delete window;
        return nullptr;
    }
    if (m_scene->viewKind() == FrameScene::ViewKind::Partition)
        window->showPartition(m_scene->focusPartition());
    else
        window->setViewKind(FrameScene::ViewKind::Cluster);
    // As large as the main window (maximized if it is): two drawings share the height, and they must
    // stay readable on a projector.
    window->setGeometry(geometry());
    if (isMaximized() || isFullScreen())
        window->showMaximized();
    else
        window->show();
    return window;
}

RealCompareDialog* MainWindow::compareWithRealKafka()
{
    // One real run at a time: a cluster takes the machine's cores, and a cancel stops every child process.
    if (m_realCompareDialog) {
        m_realCompareDialog->raise();
        m_realCompareDialog->activateWindow();
        return m_realCompareDialog;
    }
    // The scenario as written, as Compare versions runs it: the user's actions are not part of it.
    auto* dialog = new RealCompareDialog(m_controller->scenario(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_realCompareDialog = dialog;
    connect(dialog, &RealCompareDialog::compared, this,
        [this](std::shared_ptr<const RealCompareResult> result) { openRealCompareWindow(std::move(result)); });
    dialog->open();
    return dialog;
}

RealCompareWindow* MainWindow::openRealCompareWindow(std::shared_ptr<const RealCompareResult> result)
{
    auto* window = new RealCompareWindow(this);
    window->open(std::move(result));
    window->setGeometry(geometry());
    if (isMaximized() || isFullScreen())
        window->showMaximized();
    else
        window->show();
    return window;
}

QWidget* MainWindow::chartsWidget() const
{
    return m_charts;
}

void MainWindow::showPartition(std::int32_t partition)
{
    m_scene->setFocusPartition(partition);
    m_charts->setPartition(partition);
    m_timeline->showPartition(partition);
    setViewKind(FrameScene::ViewKind::Partition);
}

void MainWindow::onChanged(SimController::Changes what)
{
    const hw::ClusterState& state = m_controller->state();
    if (what & SimController::ScenarioChanged) {
        // Another session: what the last one left unsaved was saved or discarded (maySwitchScenario).
        m_restoredUnsaved = false;
        m_liveUnsaved = false;
        m_undo->clear();
        updateUndoTexts();
        syncAutosave();
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
        updateErrorBanner();
        onObservingChanged();
        // The seed article's figures are of one partition; bigger clusters start with the whole picture.
        setViewKind(state.partitions.size() == 1 ? FrameScene::ViewKind::Partition : FrameScene::ViewKind::Cluster);
    }
    if (what & (SimController::TimelineChanged | SimController::ScenarioChanged)) {
        m_eventModel->sync();
        updateRunOn();
    }
    if (what & (SimController::FrameChanged | SimController::ScenarioChanged)) {
        m_scene->setFrame(state, m_controller->displayTimeMs());
        m_narration->refresh();
        m_inspector->refresh();
        m_controls->refresh(false);
        const QModelIndex index = m_eventModel->index(m_eventModel->rowOfFrame(m_controller->currentFrame()), 0);
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
    // A menu is a window of its own and does not take the window's font (at least 11 pt) by itself;
    // presenting, it is larger still, so that the room reads it (and why an item is unusable).
    QFont font = this->font();
    if (m_teaching->presentation()->isActive())
        font.setPointSizeF(font.pointSizeF() * PresentationMode::menuFontScale);
    menu->setFont(font);
    for (QMenu* submenu : menu->findChildren<QMenu*>())
        submenu->setFont(font);
    menu->popup(screenPos);
}

void MainWindow::updateErrorBanner()
{
    const QString error = m_controller->scenarioStopError();
    m_errorBanner->setVisible(!error.isEmpty());
    if (error.isEmpty())
        return;
    if (m_controller->isObserved()) {
        //: %n: how many frames an observe recording's polls made before a line that cannot be read.
        m_errorBanner->setText(tr("\u26A0 This recording stops after %n frame(s): a line cannot be read.", nullptr,
                                   static_cast<int>(m_controller->scenarioStopFrames()))
            + QLatin1Char('\n') + error + QLatin1Char('\n')
            + tr("The frames before that line are shown."));
        return;
    }
    //: %n: how many frames the scenario's steps made before the error (shown on the next line).
    m_errorBanner->setText(tr("\u26A0 This scenario is not valid: its steps stop after %n frame(s).", nullptr,
                               static_cast<int>(m_controller->scenarioStopFrames()))
        + QLatin1Char('\n') + error + QLatin1Char('\n')
        + tr("highwater-cli validate refuses the file for the same reason. The frames before the error are shown; "
             "correct that step to see the rest."));
}

void MainWindow::updateTitle()
{
    const hw::Scenario& scenario = m_controller->scenario();
    if (m_controller->isObserved()) {
        // The bootstrap list or the recording's name: never a credential (those stay in the security
        // file or the environment).
        //: The window title of an observed session: %1 is the cluster's bootstrap list or the recording.
        setWindowTitle(tr("%1[*] \u2014 observed \u2014 HighWater")
                           .arg(QFileInfo(QString::fromStdString(scenario.name)).fileName()));
        setWindowModified(false);
        return;
    }
    const QString title = scenario.title.empty()
        ? QString::fromStdString(scenario.name)
        : QString::fromStdString(scenario.title.get(SimController::language()));
    // The Kafka release whose rules the run follows is fixed for the run: it names the window too.
    //: The window title: the scenario's title, then the Kafka version its cluster runs ("Kafka 4.2").
    setWindowTitle(tr("%1[*] \u2014 Kafka %2 \u2014 HighWater").arg(title, kafkaVersionText(m_controller->state())));
    setWindowModified(isSessionModified());
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

QList<QPair<QString, QString>> MainWindow::shortcutList() const
{
    // Every action of the window and its parts (the teaching aids add theirs), in menu order where
    // there is one, then what no action stands for: the wheel and the mouse.
    return shortcuts::list(*this,
        { { tr("Zoom"), tr("Ctrl+wheel") },
            { tr("What you can do to a thing in the drawing"), tr("Right-click it") } });
}

void MainWindow::showShortcuts()
{
    shortcuts::showDialog(this, shortcutList());
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_docksSized)
        return;
    m_docksSized = true;
    // The right column grows with the window; the narration (with the article's note) gets most of
    // it, the tabs the rest.
    resizeDocks({ m_narrationDock }, { std::max(400, width() * 30 / 100) }, Qt::Horizontal);
    resizeDocks({ m_narrationDock, m_controlsDock }, { height() * 58 / 100, height() * 30 / 100 }, Qt::Vertical);
    keepTabNamesWhole();
    // The window manager has decorated the window by the time the event loop runs again.
    QTimer::singleShot(0, this, &MainWindow::fitToScreen);
}

void MainWindow::keepTabNamesWhole()
{
    // QMainWindow's tab bars elide by default ("Contr..."): whole names, and scroll buttons if a
    // column is ever too narrow for them.
    for (QTabBar* bar : findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
        bar->setExpanding(false);
    }
}

QRect MainWindow::fittedWindowGeometry(const QRect& available, const QMargins& frame, const QSize& wanted)
{
    const QSize room = available.marginsRemoved(frame).size();
    const QSize size = wanted.boundedTo(room);
    // Centred in the available area, the frame inside it.
    QRect client(QPoint(0, 0), size);
    client.moveCenter(available.marginsRemoved(frame).center());
    return client;
}

void MainWindow::fitToScreen()
{
    if (isFullScreen() || isMaximized())
        return;
    const QScreen* shown = screen();
    if (!shown)
        return;
    const QRect available = shown->availableGeometry();
    const QRect outer = frameGeometry();
    const QRect inner = geometry();
    const QMargins frame(inner.left() - outer.left(), inner.top() - outer.top(), outer.right() - inner.right(),
        outer.bottom() - inner.bottom());
    if (available.contains(outer))
        return;
    setGeometry(fittedWindowGeometry(available, frame, inner.size()));
}

} // namespace hw::ui
