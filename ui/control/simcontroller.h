// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <vector>

// moc cannot parse the C++20 standard library that the core headers pull in; it only needs the
// names of the types, which the compiler then sees in full.
#ifndef Q_MOC_RUN
#include "control/useraction.h"
#endif

namespace hw {
struct ClusterState;
struct ObservedCluster;
struct Scenario;
class Timeline;
} // namespace hw

namespace hw::ui {

class Session;
struct SessionOp;

/// The GUI's one handle on the simulation: it owns the session (scenario, timeline, op log), knows
/// which frame is shown and at what simulated time, plays, and runs the user's actions. Views observe
/// it through a single signal, changed(what), and re-read what they show.
///
/// It has 43 member functions because it is the one object every view and the command path talk to:
/// 13 of them are one-line getters and setters (frame, time, speed, playing), the rest navigation,
/// playing and actions; the state that they work on is in Session.
class SimController : public QObject {
    Q_OBJECT

public:
    enum Change {
        FrameChanged = 1 << 0, // another frame is shown (or the shown frame's content changed)
        TimelineChanged = 1 << 1, // frames were added or removed
        ScenarioChanged = 1 << 2, // a new scenario was opened
        TimeChanged = 1 << 3, // the simulated time shown moved (messages move)
        PlayingChanged = 1 << 4,
        SpeedChanged = 1 << 5,
    };
    Q_DECLARE_FLAGS(Changes, Change)

    /// What the timeline marks: where a teacher may want to jump.
    struct Marker {
        enum class Kind : std::uint8_t { Checkpoint, Election, IsrChange, DataLoss, DuplicateBatch };
        Kind kind;
        std::int64_t frame;
    };

    explicit SimController(QObject* parent = nullptr);
    ~SimController() override;

    /// Opens a scenario file or builtin:NAME at frame 0. Returns an error message, or an empty string.
    QString openScenario(const QString& source);
    /// Opens an already parsed scenario (a new sandbox). source names it in the window title.
    QString openParsedScenario(const hw::Scenario& scenario, const QString& source);
    QString source() const { return m_source; }
    /// Why the scenario's steps stopped before their end when it was opened (the same error, from the
    /// same hw::runScenario, that `highwater-cli validate` prints and refuses the file for), or an
    /// empty string. The frames made before it stay, as `highwater-cli run` prints them.
    QString scenarioStopError() const { return m_stopError; }
    /// How many frames the scenario's steps made before that error.
    std::int64_t scenarioStopFrames() const { return m_stopFrames; }
    /// Opens a session the autosave kept: the scenario, its run cut where the user's branch left it
    /// (scriptedFrames, scriptedOps), the user's operations replayed, and frame shown. Returns why it
    /// cannot, or an empty string; expectedFrames is the frame count it must replay to.
    QString restoreSession(const hw::Scenario& scenario, const QString& source, std::int64_t scriptedFrames,
        std::int64_t scriptedOps, std::vector<SessionOp> userOps, std::int64_t frame, std::int64_t expectedFrames);
    // Observing a real cluster (issue 29; ObserveSession drives these while connected, and opening an
    // observe recording adds its polls one by one). An observed session is read-only: its frames are a
    // real cluster's polls, and no action of the simulation applies to them.
    /// Replaces the session with an observed one that starts at `first` (hw::observedState). source
    /// names it in the window title ("10.0.0.1:9092", a recording's path). Returns an error message (a
    /// poll above limits::observed*), or an empty string.
    QString openObserved(const hw::ObservedCluster& first, const QString& source);
    /// Adds a poll to the observed session. With notify, the views hear of a new frame at once, and the
    /// newest is shown while following live; a loader that adds many polls passes false and calls
    /// observedLoaded() after the last. Returns an error message (a poll above limits::observed*, the
    /// memory budget outside live mode), or an empty string; the timeline stays as it was then.
    QString appendObserved(const hw::ObservedCluster& poll, bool notify = true);
    /// After polls were added without notifying: indexes them and tells the views.
    void observedLoaded();
    /// Whether the session is an observed one (read-only).
    bool isObserved() const;
    /// Why a user action cannot run on an observed session, for tooltips and the status bar.
    static QString observedReadOnlyText();
    /// Sets the error that stopped reading an observed session's recording (scenarioStopError()).
    void setObservedStopError(const QString& error);
    /// The scenario's text in the UI language ("en", "zh_TW", "zh_CN").
    static std::string language();

    const Session& session() const { return *m_session; }
    const hw::Scenario& scenario() const;
    const hw::Timeline& timeline() const;
    std::int64_t frameCount() const;
    std::int64_t lastFrame() const { return frameCount() - 1; }
    /// The oldest frame kept: 0 unless the live lab's history dropped its oldest frames to stay
    /// within the memory budget (hw::Timeline::firstFrame). Frames keep their numbers.
    std::int64_t firstFrame() const;

    std::int64_t currentFrame() const { return m_frame; }
    /// Whether a frame belongs to the scenario's own run (Session::scriptedFrameCount): the frames its
    /// notes describe. A frame the user's actions made, or one after a fork the user made, does not.
    bool isScriptedFrame(std::int64_t frame) const;
    /// The state of the current frame.
    const hw::ClusterState& state() const { return *m_state; }
    /// The simulated time shown: the frame's time, or later while playing towards the next frame.
    double displayTimeMs() const { return m_displayTimeMs; }

    void setCurrentFrame(std::int64_t frame);
    /// One frame on; at the last frame the simulation runs on to make the next one. Returns false
    /// when nothing more can happen.
    bool stepForward();
    /// One frame on within the recorded run (the Right key): at the last frame it stops and says so,
    /// as Play does, since running on is an undoable action of its own (Run on 10 s). Returns
    /// whether it moved.
    bool stepWithinRun();
    void stepBack();
    void goToFirst();
    void goToLast();
    bool nextCheckpoint();
    bool previousCheckpoint();
    const std::vector<Marker>& markers() const { return m_markers; }
    /// The last frame of a timeline whose time is at or before timeMs; frame 0 for a time before the run.
    static std::int64_t lastFrameAtOrBefore(const hw::Timeline& timeline, double timeMs);
    /// Changes whenever frames may have been removed or replaced (a new scenario, a fork, an undo),
    /// as opposed to only appended.
    std::uint64_t historyRevision() const { return m_historyRevision; }

    bool isPlaying() const { return m_playing; }
    /// Plays the recorded frames at speed() and stops at the last one. At the last frame it does
    /// not start (the message says how to run on).
    void setPlaying(bool playing);
    void togglePlaying() { setPlaying(!m_playing); }

    /// Simulated time per wall-clock time: 1/100x to 10x.
    static const std::vector<double>& speeds();
    int speedIndex() const { return m_speedIndex; }
    void setSpeedIndex(int index);
    double speed() const;
    /// While playing, jump over stretches of simulated time in which only heartbeats travel. On by
    /// default: at the default 1/100x the walkthrough's 50 quiet seconds after frame 16 would take
    /// over an hour, and Play looked frozen. A teacher who wants a failover in real time (16.7 s
    /// at 1x) switches it off.
    void setSkipIdleTime(bool skip) { m_skipIdle = skip; }
    bool skipIdleTime() const { return m_skipIdle; }
    /// While playing, stop at each checkpoint (the class reads its note; Play goes on). Off by default.
    void setPauseAtCheckpoints(bool pause) { m_pauseAtCheckpoints = pause; }
    bool pauseAtCheckpoints() const { return m_pauseAtCheckpoints; }
    /// What playing says when it stops at a checkpoint.
    static QString pausedAtCheckpointMessage(const QString& label);
    /// What playing says when it reaches (or starts at) the last frame.
    static QString endOfRunMessage();

    /// The memory budget of the run's history (hw::limits::historyBytesDefault unless set; see
    /// hw::Timeline::memoryBudget). At the budget, stepping and playing stop with a message.
    void setMemoryBudget(std::uint64_t bytes);
    std::uint64_t memoryBudget() const;
    /// The status bar's text when the run has reached its memory budget, or an empty string.
    QString memoryBudgetMessage() const;

    // The command path (ActionCommand uses these; nothing else changes the session).

    /// Why the action cannot start at the current frame, or an empty string.
    QString checkAction(const hw::Step& action) const;
    /// Runs an action at a frame (forking when it is not the last) and shows the action's frame: the
    /// last frame it made, so that the next action continues the run. Returns the drivers' error text.
    QString perform(std::int64_t frame, const hw::Step& action);
    /// Undoes to an earlier op log: cheaply by truncating to frame (when truncate is set) or by replaying.
    void rewind(const std::vector<SessionOp>& ops, std::int64_t frame, bool truncate, std::int64_t showFrame);

    // The live lab (LiveSession drives these). While live, the timeline grows by itself: real clients'
    // requests and the engine's answers at the wall clock times the speed.

    /// The session's timeline, for the live lab's server.
    hw::Timeline& liveTimeline();
    bool isLive() const { return m_live; }
    /// Whether the session was served live since it was opened: real clients' requests are in its
    /// timeline and not in the op log, so no undo can rebuild it (actions stay without undo).
    bool hasLiveHistory() const { return m_liveHistory; }
    /// Entering live mode stops playing and shows the present; leaving it keeps the frames.
    void setLive(bool live);
    /// Whether the frame shown follows the present (the newest frame, at the simulated now). Moving
    /// to another frame stops following; followLive() and an action on the present start it again.
    bool followsLive() const { return m_live && m_followLive; }
    /// The Live button: shows the present and follows it.
    void followLive();
    /// Live (on): at the memory budget the timeline drops its oldest frames instead of stopping, and
    /// this controller hears of each drop (beforeFramesDropped, framesDroppedInTimeline), as serve's
    /// timeline does (Timeline::setDropsOldestFrames). Off: a run stops at its budget.
    void setDropsOldestFrames(bool drop);
    /// Called by the live lab just before its timeline drops its oldest frames (Timeline::setBeforeDrop):
    /// the session writes what it will save while every frame is there.
    void beforeFramesDropped();
    /// Called by the live lab when its timeline dropped its oldest frames (Timeline::setDropObserver),
    /// from inside the timeline: noted here, and told to the views by settleDrops().
    void framesDroppedInTimeline(std::int64_t firstFrame, std::int64_t dropped);
    /// Tells the views about frames dropped since the last call: the markers before firstFrame() go,
    /// a view on a dropped frame moves to firstFrame(), and framesDropped and message() say so, once
    /// per drop. The live lab calls it after each poll; liveAdvanced() and perform() call it too.
    void settleDrops();
    /// What the status bar says when the history dropped frames; movedFrom >= 0 when the frame shown
    /// was among them.
    QString framesDroppedMessage(std::int64_t movedFrom) const;
    /// Simulated time as minutes and seconds ("31:20", "1:05:02").
    static QString clockText(std::int64_t timeMs);
    /// After the live server ran: indexes the new frames and, when following, shows the newest at
    /// the simulated time nowMs (messages in flight move towards it).
    void liveAdvanced(double nowMs);

signals:
    void changed(hw::ui::SimController::Changes what);
    /// Emitted (while live) before the timeline is replaced: another scenario, a restored session, a
    /// rewind. The live server must stop serving it first.
    void aboutToReplaceTimeline();
    /// Something the user should read in the status bar.
    void message(const QString& text);
    /// The live lab's history dropped its oldest frames: frames before firstFrame are gone (dropped of
    /// them in this drop). Emitted once per drop, after changed(TimelineChanged).
    void framesDropped(std::int64_t firstFrame, std::int64_t dropped);

private:
    /// After the session took a new timeline: shows its frame 0 from `source`, with the error its
    /// steps stopped at (empty: none), and tells the views.
    void showNewTimeline(const QString& source, const QString& stopError);
    void tick();
    void indexMarkers(std::int64_t fromFrame);
    void loadState();
    bool messagesTravelling(double timeMs) const;

    std::unique_ptr<Session> m_session;
    std::unique_ptr<hw::ClusterState> m_state;
    QString m_source;
    QString m_stopError;
    std::int64_t m_stopFrames = 0;
    std::int64_t m_frame = 0;
    double m_displayTimeMs = 0;
    std::vector<Marker> m_markers;
    std::int64_t m_markedUpTo = 0; // frames [0, m_markedUpTo) are indexed
    std::uint64_t m_historyRevision = 0;
    std::int64_t m_droppedPending = 0; // frames dropped that settleDrops() has not told yet

    bool m_playing = false;
    bool m_live = false;
    bool m_liveHistory = false;
    bool m_followLive = false;
    int m_speedIndex = 0;
    bool m_skipIdle = true;
    bool m_pauseAtCheckpoints = false;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(SimController::Changes)

} // namespace hw::ui
