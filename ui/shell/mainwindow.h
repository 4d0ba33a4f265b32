// SPDX-License-Identifier: MIT
#pragma once

#include "control/autosave.h"
#include "control/simcontroller.h"
#include "scene/framescene.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

// moc cannot parse the C++20 standard library that the core headers pull in.
#ifndef Q_MOC_RUN
#include "control/useraction.h"
#endif

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QListView;
class QMenu;
class QUndoStack;

namespace hw::ui {

class ChartsPanel;
class CompareWindow;
class RealCompareDialog;
class RealCompareWindow;
struct RealCompareResult;
class ControlPanel;
class EventLogModel;
class FrameView;
class InspectorPanel;
class LiveLabDialog;
class LiveSession;
class ConnectDialog;
class ObserveSession;
class NarrationPanel;
class NoteStrip;
class TeachingAids;
class TimelinePanel;

/// The main window: the drawn frame in the middle (partition or cluster view), the timeline at the
/// bottom, the narration, control panel, inspector and event log on the right. It opens on the seed
/// walkthrough at frame 0.
///
/// It has 45 member functions: 12 getters of the docks, the controller and the actions (the tests drive
/// the window through them), and one slot per menu command. The actions and menus are built in
/// mainwindowactions.cpp, the session is opened, saved and restored in mainwindowsession.cpp; the
/// teaching aids live in TeachingAids.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Loads a scenario (a file path or builtin:NAME). Returns false and shows why when it cannot.
    bool openScenario(const QString& source);
    /// Opens an already made scenario (a new sandbox).
    bool openParsedScenario(const hw::Scenario& scenario, const QString& source);

    /// Runs an action on the cluster at the current frame, as an undoable command. Returns false
    /// (and says why in the status bar) when the action cannot start there.
    bool act(const hw::Step& action);

    /// Writes the session as a scenario file that replays to the same frames. Returns an error
    /// message, or an empty string.
    QString saveScenario(const QString& path);

    void setViewKind(FrameScene::ViewKind kind);
    void showPartition(std::int32_t partition);

    /// View > Compare versions...: asks for two versions (object name "compareVersionsDialog",
    /// opened without waiting) and then opens the comparison (openCompareWindow).
    void compareVersions();
    /// Opens a window with this scenario under two versions, in the view and partition shown here.
    /// Returns it, or nullptr (and says why in the status bar) when a run cannot be made.
    CompareWindow* openCompareWindow(hw::KafkaVersion top, hw::KafkaVersion bottom);
    /// View > Compare with real Kafka...: the dialog that checks the distribution and the scenario and
    /// runs both (RealCompareDialog, opened without waiting; one at a time, raised again when open), then
    /// the window with both runs (openRealCompareWindow). Returns the dialog.
    RealCompareDialog* compareWithRealKafka();
    /// Shows a finished comparison with real Kafka in its window, in the view shown here.
    RealCompareWindow* openRealCompareWindow(std::shared_ptr<const RealCompareResult> result);

    /// File > Live lab...: the dialog that serves this session to real Kafka clients (LiveLabDialog,
    /// opened without waiting; one at a time, raised again when open). Returns it.
    LiveLabDialog* openLiveLab();
    /// The live lab's server for this window's session.
    LiveSession* liveSession() const { return m_live; }
    /// File > Connect to a Kafka cluster...: the dialog that starts observing a real cluster
    /// (ConnectDialog, opened without waiting; one at a time, raised again when open). Returns it.
    ConnectDialog* openConnectDialog();
    /// The observer of a real cluster for this window (issue 29).
    ObserveSession* observeSession() const { return m_observe; }
    /// Opens an observe recording (File > Open, a drop, the recent files, the command line): its polls
    /// as an observed session. Returns false and shows why when nothing can be shown.
    bool openRecording(const QString& path);
    /// The status bar's observing line ("Observing HOST:PORT (cluster id) every N ms", "Disconnected").
    QLabel* observeStatusLabel() const { return m_observeStatus; }

    // The parts, for the app's --screenshot and for tests.
    SimController* controller() const { return m_controller; }
    FrameScene* scene() const { return m_scene; }
    FrameView* view() const { return m_view; }
    QUndoStack* undoStack() const { return m_undo; }
    ControlPanel* controlPanel() const { return m_controls; }
    InspectorPanel* inspector() const { return m_inspector; }
    NarrationPanel* narration() const { return m_narration; }
    /// The note over the drawing (shown while the narration dock is too short for it).
    NoteStrip* noteStrip() const { return m_noteStrip; }
    /// Under the narration while the scenario's steps stopped early: the error that made them stop,
    /// the one `highwater-cli validate` refuses the file for.
    QLabel* scenarioErrorBanner() const { return m_errorBanner; }
    TimelinePanel* timelinePanel() const { return m_timeline; }
    QListView* eventLog() const { return m_eventLog; }
    /// The Charts dock's panel (the image export draws it).
    QWidget* chartsWidget() const;
    ChartsPanel* charts() const { return m_charts; }
    /// The window's actions by object name ("play", "stepForward", "zoomIn", ...).
    QAction* action(const QString& name) const;

    /// How far Play > Run on takes the simulation past the last frame.
    static constexpr std::int64_t runOnMs = 10000;

    /// Every keyboard shortcut of the window, made from its actions (so the list cannot drift from
    /// them): each action's text without mnemonics, and its shortcuts as the platform writes them.
    QList<QPair<QString, QString>> shortcutList() const;
    /// Help > Keyboard shortcuts: opens the list (object name "shortcutsDialog") without waiting.
    void showShortcuts();

    /// Before another scenario replaces this session: when it has actions or edits not saved, asks
    /// Save / Discard / Cancel. Returns whether the session may be replaced. Every way of opening a
    /// scenario from the window (library, recent files, open file, built-ins, sandbox, drop) asks.
    bool maySwitchScenario();

    /// Whether the session has something not saved: actions since it was opened or saved, or it was
    /// restored from an autosave and not saved since. The title's "*" says the same.
    bool isSessionModified() const;
    /// The file that keeps the unsaved session while the window runs (a crash loses nothing).
    Autosave* autosave() const { return m_autosave; }
    /// At start: offers each session a HighWater that did not close properly kept (Restore, Discard,
    /// Not now; object name "restoreSessionBox"); a kept file that cannot be read is set aside with a
    /// message saying why ("autosaveDamagedBox"). Returns how many sessions were restored (0 or 1: the
    /// first restored ends the offers, the others stay for the next start).
    int offerRestore();
    /// Opens a session the autosave kept, as it was (scenario, actions, frame shown), marked unsaved.
    /// Returns why it cannot, or an empty string.
    QString restoreKept(const Autosave::Kept& kept);

    /// The window's geometry on a screen: as large as wanted but within the available area with its
    /// frame (title bar and borders) included, and placed inside it.
    static QRect fittedWindowGeometry(const QRect& available, const QMargins& frame, const QSize& wanted);

    /// Help > About's text in the current language: the version, what the simulation follows
    /// (Kafka 3.7, KRaft), the licence and Qt's version.
    static QString aboutText();
    /// Help > About: opens the box (object name "aboutBox") without waiting for it to close.
    void showAbout();

protected:
    /// Ctrl+Q, File > Quit and the window's close button: with unsaved actions, asks Save / Discard /
    /// Cancel first (as opening another scenario does).
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;
    /// On QEvent::LanguageChange: retranslateUi() and the texts drawn from the frame.
    void changeEvent(QEvent* event) override;
    /// The transport buttons' icons in the current palette's text colour (and play or pause).
    void updateTransportIcons();

private:
    /// How long status bar messages stay.
    static constexpr int statusTimeoutMs = 8000;

    void createActions();
    void createMenus();
    void createLanguageMenu(QMenu* view);
    /// Sets every fixed text of the window (actions, menus, dock titles) in the current language.
    void retranslateUi();
    void updateUndoTexts();
    /// Entering or leaving live mode: undo goes (a live session has none), the Live button shows.
    void onLiveChanged(bool serving, const QString& reason);
    /// Observing started or stopped: the Live button, Disconnect and the status line follow.
    void onObservingChanged();
    /// Play > Run on is usable while the run's history is below its memory budget; at the budget its
    /// text says so (the status line says why in full).
    void updateRunOn();
    void createDocks();
    void onChanged(SimController::Changes what);
    void showContextMenu(const SceneTarget& target, const QPoint& screenPos);
    void updateTitle();
    void updateErrorBanner();
    void rebuildRecentMenu();

    void openFileDialog();
    void openLibrary();
    void newSandbox();
    void saveDialog();
    void exportImageDialog();
    void toggleFullScreen();
    void fitToScreen();
    void keepTabNamesWhole();
    void placeFloatingDock(QDockWidget* dock);
    /// Opens a scenario from a menu, a dialog or a drop: asks first (maySwitchScenario).
    bool openScenarioAsked(const QString& source);
    /// With unsaved actions, asks Save / Discard / Cancel; consequence says what happens to them if
    /// discarded. Returns whether the session may go (saved or discarded).
    bool mayDiscardSession(const QString& consequence);
    /// Keeps the autosave in step with what is unsaved (and the title's "*").
    void syncAutosave();

    /// An action found again by name; its text is set in retranslateUi().
    QAction* addNamedAction(const QString& name, const QList<QKeySequence>& keys);
    QAction* addNamedAction(const QString& name, const QString& text, const QList<QKeySequence>& keys);

    SimController* m_controller;
    FrameScene* m_scene;
    FrameView* m_view;
    QUndoStack* m_undo;
    TimelinePanel* m_timeline = nullptr;
    NarrationPanel* m_narration = nullptr;
    NoteStrip* m_noteStrip = nullptr;
    QLabel* m_errorBanner = nullptr;
    ControlPanel* m_controls = nullptr;
    InspectorPanel* m_inspector = nullptr;
    QListView* m_eventLog = nullptr;
    EventLogModel* m_eventModel = nullptr;
    QDockWidget* m_timelineDock = nullptr;
    QDockWidget* m_narrationDock = nullptr;
    QDockWidget* m_controlsDock = nullptr;
    QDockWidget* m_inspectorDock = nullptr;
    QDockWidget* m_eventsDock = nullptr;
    ChartsPanel* m_charts = nullptr;
    QPointer<RealCompareDialog> m_realCompareDialog;
    LiveSession* m_live = nullptr;
    QPointer<LiveLabDialog> m_liveDialog;
    ObserveSession* m_observe = nullptr;
    QPointer<ConnectDialog> m_connectDialog;
    QLabel* m_observeStatus = nullptr;
    QWidget* m_liveButton = nullptr; // in the status bar while observing: the followLive action
    bool m_liveUnsaved = false; // served live since opened or saved: the frames grew without undo
    QDockWidget* m_chartsDock = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_builtinMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_partitionMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_playMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_aboutAction = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QList<QAction*> m_actions;
    bool m_docksSized = false;
    TeachingAids* m_teaching = nullptr; // glossary, themes, presentation and predict modes
    Autosave* m_autosave = nullptr;
    bool m_restoredUnsaved = false; // restored from an autosave and not saved since
};

} // namespace hw::ui
