// SPDX-License-Identifier: MIT
#include "control/simcontroller.h"

#include "base/i18n.h"
#include "control/session.h"
#include "model/limits.h"
#include "model/observed_state.h"
#include "scene/messagetext.h"

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

/// Frames kept free below the timeline's limit, so that playing stops before the engine refuses.
constexpr std::int64_t framesHeadroom = 100000;
constexpr int tickIntervalMs = 16;
/// The longest wall-clock gap one tick accounts for (after a stall, playing resumes smoothly).
constexpr qint64 tickWallMsMax = 100;

} // namespace

SimController::SimController(QObject* parent)
    : QObject(parent), m_session(std::make_unique<Session>()), m_state(std::make_unique<hw::ClusterState>())
{
    m_timer.setInterval(tickIntervalMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &SimController::tick);
    loadState();
}

SimController::~SimController() = default;

const std::vector<double>& SimController::speeds()
{
    static const std::vector<double> list = { 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0 };
    return list;
}

double SimController::speed() const
{
    return speeds()[static_cast<std::size_t>(m_speedIndex)];
}

void SimController::setSpeedIndex(int index)
{
    index = std::clamp(index, 0, static_cast<int>(speeds().size()) - 1);
    if (index == m_speedIndex)
        return;
    m_speedIndex = index;
    emit changed(SpeedChanged);
}

std::string SimController::language()
{
    return currentLanguage().toStdString();
}

const hw::Scenario& SimController::scenario() const
{
    return m_session->scenario();
}

const hw::Timeline& SimController::timeline() const
{
    return m_session->timeline();
}

std::int64_t SimController::frameCount() const
{
    return m_session->timeline().frameCount();
}

std::int64_t SimController::firstFrame() const
{
    return m_session->timeline().firstFrame();
}

QString SimController::openScenario(const QString& source)
{
    auto loaded = hw::loadScenario(source.toStdString());
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
        return QString::fromStdString(error->toString());
    return openParsedScenario(std::get<hw::Scenario>(loaded), source);
}

QString SimController::openParsedScenario(const hw::Scenario& scenario, const QString& source)
{
    if (m_live)
        emit aboutToReplaceTimeline();
    setPlaying(false);
    std::optional<hw::ScenarioError> error;
    try {
        error = m_session->load(scenario);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    showNewTimeline(source, error ? QString::fromStdString(error->toString()) : QString());
    if (error)
        emit message(tr("The scenario stops early: %1").arg(QString::fromStdString(error->toString())));
    return QString();
}

QString SimController::openObserved(const hw::ObservedCluster& first, const QString& source)
{
    if (m_live)
        emit aboutToReplaceTimeline();
    setPlaying(false);
    try {
        m_session->loadObserved(first, source.toStdString());
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    m_live = false;
    m_followLive = false;
    m_droppedPending = 0;
    showNewTimeline(source, QString());
    return QString();
}

void SimController::showNewTimeline(const QString& source, const QString& stopError)
{
    m_source = source;
    m_stopError = stopError;
    m_stopFrames = frameCount();
    ++m_historyRevision;
    m_liveHistory = false;
    m_frame = 0;
    m_markers.clear();
    m_markedUpTo = 0;
    indexMarkers(0);
    loadState();
    emit changed(ScenarioChanged | TimelineChanged | FrameChanged | TimeChanged);
}

QString SimController::appendObserved(const hw::ObservedCluster& poll, bool notify)
{
    if (!m_session->isObserved())
        return tr("The session is not an observed one.");
    try {
        m_session->applyObserved(poll);
    } catch (const hw::MemoryBudgetReached&) {
        return memoryBudgetMessage();
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    if (notify)
        liveAdvanced(static_cast<double>(m_session->timeline().frame(lastFrame()).timeMs));
    return QString();
}

void SimController::observedLoaded()
{
    settleDrops();
    indexMarkers(m_markedUpTo);
    emit changed(TimelineChanged);
}

bool SimController::isObserved() const
{
    return m_session->isObserved();
}

QString SimController::observedReadOnlyText()
{
    return tr("Observing a real cluster: read-only");
}

void SimController::setObservedStopError(const QString& error)
{
    m_stopError = error;
    m_stopFrames = frameCount();
    emit changed(ScenarioChanged);
}

bool SimController::isScriptedFrame(std::int64_t frame) const
{
    return frame >= 0 && frame < m_session->scriptedFrameCount();
}

QString SimController::restoreSession(const hw::Scenario& scenario, const QString& source, std::int64_t scriptedFrames,
    std::int64_t scriptedOps, std::vector<SessionOp> userOps, std::int64_t frame, std::int64_t expectedFrames)
{
    if (m_live)
        emit aboutToReplaceTimeline();
    setPlaying(false);
    m_liveHistory = false;
    std::string error;
    m_stopError.clear();
    try {
        if (const std::optional<hw::ScenarioError> stopped = m_session->load(scenario))
            m_stopError = QString::fromStdString(stopped->toString());
        m_stopFrames = frameCount();
        error = m_session->restoreBranch(scriptedFrames, scriptedOps, std::move(userOps));
    } catch (const std::exception& e) {
        error = e.what();
    }
    if (error.empty() && frameCount() != expectedFrames)
        error = "it replays to " + std::to_string(frameCount()) + " frames, not the "
            + std::to_string(expectedFrames) + " it kept";
    if (!error.empty()) {
        // What was opened stays usable: the scenario as it starts.
        m_session->load(scenario);
        frame = 0;
    }
    m_source = source;
    ++m_historyRevision;
    m_frame = std::clamp<std::int64_t>(frame, 0, lastFrame());
    m_markers.clear();
    m_markedUpTo = 0;
    indexMarkers(0);
    loadState();
    emit changed(ScenarioChanged | TimelineChanged | FrameChanged | TimeChanged);
    return QString::fromStdString(error);
}

void SimController::loadState()
{
    *m_state = m_session->timeline().stateAt(m_frame);
    m_displayTimeMs = static_cast<double>(m_session->timeline().frame(m_frame).timeMs);
}

void SimController::setCurrentFrame(std::int64_t frame)
{
    // The teacher moved the view: it stays where it was put while the live timeline grows.
    m_followLive = false;
    frame = std::clamp<std::int64_t>(frame, firstFrame(), lastFrame());
    m_frame = frame;
    loadState();
    emit changed(FrameChanged | TimeChanged);
}

void SimController::setMemoryBudget(std::uint64_t bytes)
{
    m_session->setMemoryBudget(bytes);
}

std::uint64_t SimController::memoryBudget() const
{
    return m_session->memoryBudget();
}

QString SimController::memoryBudgetMessage() const
{
    const hw::Timeline& tl = m_session->timeline();
    if (!tl.atMemoryBudget())
        return QString();
    const hw::FrameInfo& last = tl.frame(tl.frameCount() - 1);
    return tr("The run stopped at frame %1 (%2 s simulated): its history reached the memory budget of %3. "
              "Earlier frames stay; act at an earlier frame to continue from there.")
        .arg(tl.frameCount() - 1)
        .arg(static_cast<double>(last.timeMs) / 1000.0, 0, 'f', 3)
        .arg(QString::fromStdString(hw::formatByteSize(tl.memoryBudget())));
}

bool SimController::stepForward()
{
    if (m_frame < lastFrame()) {
        setCurrentFrame(m_frame + 1);
        return true;
    }
    // Live, the present moves with the wall clock; stepping past it would run the engine ahead of
    // the real clients.
    if (m_live) {
        followLive();
        return false;
    }
    if (m_session->timeline().atMemoryBudget()) {
        emit message(memoryBudgetMessage());
        return false;
    }
    if (frameCount() >= hw::limits::framesMax - framesHeadroom || !m_session->extend()) {
        emit message(tr("Nothing is left to happen: no message or timer is queued."));
        return false;
    }
    indexMarkers(m_markedUpTo);
    m_frame = lastFrame();
    loadState();
    emit changed(TimelineChanged | FrameChanged | TimeChanged);
    return true;
}

bool SimController::stepWithinRun()
{
    // A step past the end would make a frame that no undo takes back and no scenario records, so
    // the key stops where Play stops; the sandbox's own actions and Run on go on from there.
    if (m_frame >= lastFrame()) {
        emit message(endOfRunMessage());
        return false;
    }
    setCurrentFrame(m_frame + 1);
    return true;
}

void SimController::stepBack()
{
    if (m_frame > firstFrame())
        setCurrentFrame(m_frame - 1);
}

void SimController::goToFirst()
{
    setCurrentFrame(firstFrame());
}

void SimController::goToLast()
{
    setCurrentFrame(lastFrame());
}

std::int64_t SimController::lastFrameAtOrBefore(const hw::Timeline& timeline, double timeMs)
{
    // Frame times never decrease: find the first frame after timeMs.
    std::int64_t low = timeline.firstFrame();
    std::int64_t high = timeline.frameCount();
    while (low < high) {
        const std::int64_t mid = low + (high - low) / 2;
        if (static_cast<double>(timeline.frame(mid).timeMs) <= timeMs)
            low = mid + 1;
        else
            high = mid;
    }
    return std::max<std::int64_t>(timeline.firstFrame(), low - 1);
}

bool SimController::nextCheckpoint()
{
    for (const Marker& m : m_markers) {
        if (m.kind == Marker::Kind::Checkpoint && m.frame > m_frame) {
            setCurrentFrame(m.frame);
            return true;
        }
    }
    return false;
}

bool SimController::previousCheckpoint()
{
    for (auto it = m_markers.rbegin(); it != m_markers.rend(); ++it) {
        if (it->kind == Marker::Kind::Checkpoint && it->frame < m_frame) {
            setCurrentFrame(it->frame);
            return true;
        }
    }
    return false;
}

void SimController::indexMarkers(std::int64_t fromFrame)
{
    const hw::Timeline& tl = m_session->timeline();
    // Forget what a truncation removed, then index what is new.
    const std::int64_t keep = std::min(fromFrame, tl.frameCount());
    m_markers.erase(
        std::remove_if(m_markers.begin(), m_markers.end(), [&](const Marker& m) { return m.frame >= keep; }),
        m_markers.end());
    m_markedUpTo = std::min(m_markedUpTo, keep);
    using hw::EventType;
    for (std::int64_t f = m_markedUpTo; f < tl.frameCount(); ++f) {
        const hw::FrameInfo& info = tl.frame(f);
        const hw::Event& e = info.event;
        if (info.label >= 0)
            m_markers.push_back({ Marker::Kind::Checkpoint, f });
        if (e.type == EventType::BecameLeader || e.type == EventType::LeaderElected)
            m_markers.push_back({ Marker::Kind::Election, f });
        if ((e.type == EventType::IsrUpdated && e.error == hw::ErrorCode::None)
            || e.type == EventType::IsrChangedByController)
            m_markers.push_back({ Marker::Kind::IsrChange, f });
        const bool loss = e.has(hw::Unclean) || (e.type == EventType::LogTruncated && e.count > 0)
            || (e.type == EventType::BecameFollower && e.has(hw::Legacy) && e.count > 0)
            || (e.type == EventType::BrokerRestarted && e.count > 0);
        if (loss)
            m_markers.push_back({ Marker::Kind::DataLoss, f });
        // A leader recognised a retried batch and answered it with its original offsets.
        if (e.type == EventType::DuplicateBatch)
            m_markers.push_back({ Marker::Kind::DuplicateBatch, f });
    }
    m_markedUpTo = tl.frameCount();
}

bool SimController::messagesTravelling(double timeMs) const
{
    for (const hw::QueuedEvent& queued : m_state->queue) {
        if (queued.atMs <= timeMs)
            continue;
        std::optional<MessageInfo> info = MessageText::describe(queued, *m_state);
        if (info && info->kind != MessageItem::Kind::Heartbeat)
            return true;
    }
    return false;
}

void SimController::setPlaying(bool playing)
{
    if (playing == m_playing)
        return;
    // Playing shows the recorded run; it never makes frames of its own. At the end the simulation
    // goes on only through "Run on" (an undoable action), so Space cannot bury the checkpoints
    // under a thousand heartbeat frames that nothing takes back.
    if (playing && m_frame == lastFrame()) {
        emit message(endOfRunMessage());
        return;
    }
    m_playing = playing;
    if (playing) {
        m_clock.start();
        m_timer.start();
    } else {
        m_timer.stop();
    }
    emit changed(PlayingChanged);
}

QString SimController::pausedAtCheckpointMessage(const QString& label)
{
    return tr("Paused at checkpoint %1. Press Play to go on.").arg(label);
}

QString SimController::endOfRunMessage()
{
    return tr("End of the run. Play > Run on 10 s lets the simulation go on (Undo takes it back).");
}

void SimController::tick()
{
    const hw::Timeline& tl = m_session->timeline();
    const qint64 wallMs = std::min<qint64>(m_clock.restart(), tickWallMsMax);
    double target = m_displayTimeMs + static_cast<double>(wallMs) * speed();
    Changes what = TimeChanged;

    // Skipping idle time: with nothing but heartbeats travelling, jump to the next frame instead of
    // showing a still picture. Off, the run plays at the chosen speed in simulated time throughout.
    if (m_skipIdle && m_frame < lastFrame() && !messagesTravelling(m_displayTimeMs))
        target = std::max(target, static_cast<double>(tl.frame(m_frame + 1).timeMs));

    std::int64_t frame = m_frame;
    bool checkpoint = false;
    while (!checkpoint && frame < lastFrame() && static_cast<double>(tl.frame(frame + 1).timeMs) <= target) {
        ++frame;
        // Pausing at checkpoints: the first one reached ends this tick and the playing, shown at its
        // own time (the frames after it at the same time wait for the next Play).
        checkpoint = m_pauseAtCheckpoints && tl.frame(frame).label >= 0;
    }
    if (frame != m_frame) {
        m_frame = frame;
        *m_state = tl.stateAt(m_frame);
        what |= FrameChanged;
    }
    m_displayTimeMs = checkpoint ? static_cast<double>(tl.frame(m_frame).timeMs) : target;
    if (checkpoint && m_frame < lastFrame()) {
        emit changed(what);
        setPlaying(false);
        const std::int32_t label = tl.frame(m_frame).label;
        emit message(pausedAtCheckpointMessage(
            QString::fromStdString(tl.labels()[static_cast<std::size_t>(label)])));
        return;
    }
    if (m_frame == lastFrame()) {
        m_displayTimeMs = static_cast<double>(tl.frame(m_frame).timeMs);
        emit changed(what);
        setPlaying(false);
        // Live, playing reached the present: from here the view follows it.
        if (m_live)
            m_followLive = true;
        else
            emit message(endOfRunMessage());
        return;
    }
    emit changed(what);
}

QString SimController::checkAction(const hw::Step& action) const
{
    if (m_session->isObserved())
        return observedReadOnlyText();
    return QString::fromStdString(checkUserAction(*m_state, action));
}

QString SimController::perform(std::int64_t frame, const hw::Step& action)
{
    if (m_session->isObserved())
        return observedReadOnlyText();
    setPlaying(false);
    settleDrops();
    frame = std::clamp<std::int64_t>(frame, firstFrame(), lastFrame());
    // After the history dropped frames, the saved session holds the operations written before the
    // drop: a fork before them could not be saved.
    if (!m_session->canForkAt(frame))
        return tr("Frame %1 is older than what the session saved before its oldest frames were dropped; "
                  "act at the last frame.")
            .arg(frame);
    if (frame < lastFrame())
        ++m_historyRevision;
    std::string error;
    try {
        error = m_session->perform(frame, action);
    } catch (const std::exception& e) {
        error = e.what();
    }
    if (!error.empty() && m_session->timeline().atMemoryBudget() && !m_live)
        error = memoryBudgetMessage().toStdString();
    // Live, the action may have dropped the oldest frames (it is told below, after the action's own
    // change).
    const bool dropped = m_droppedPending > 0;
    if (dropped) {
        // The views re-read the markers on the change below: none may name a dropped frame.
        const std::int64_t first = firstFrame();
        std::erase_if(m_markers, [first](const Marker& m) { return m.frame < first; });
        m_markedUpTo = std::max(m_markedUpTo, first);
    }
    indexMarkers(std::max(frame + 1, firstFrame()));
    // The action's frame is the last one it made: a produce that waits for the leader's append ends
    // on the append, a controlled shutdown on the broker's exit, an action behind an auto.fetch switch
    // on its own event rather than the switch's. Any earlier frame would leave frames of the action
    // after the one shown, and the next action would take it for a step back in time and replace them.
    m_frame = lastFrame();
    loadState();
    // Live, an action acts on the present and the view follows it again.
    if (m_live)
        m_followLive = true;
    emit changed(TimelineChanged | FrameChanged | TimeChanged);
    if (dropped)
        settleDrops();
    return QString::fromStdString(error);
}

void SimController::setDropsOldestFrames(bool drop)
{
    hw::Timeline& timeline = m_session->liveTimeline();
    timeline.setDropsOldestFrames(drop);
    if (drop) {
        timeline.setBeforeDrop([this] { beforeFramesDropped(); });
        timeline.setDropObserver(
            [this](std::int64_t first, std::int64_t dropped) { framesDroppedInTimeline(first, dropped); });
    } else {
        timeline.setBeforeDrop({});
        timeline.setDropObserver({});
    }
}

void SimController::beforeFramesDropped()
{
    m_session->recordBeforeDrop();
}

void SimController::framesDroppedInTimeline(std::int64_t firstFrame, std::int64_t dropped)
{
    // Inside the timeline's step: only the numbers follow now; the views are told by settleDrops.
    m_session->framesDropped(firstFrame);
    m_droppedPending += dropped;
}

QString SimController::framesDroppedMessage(std::int64_t movedFrom) const
{
    const hw::Timeline& tl = m_session->timeline();
    const QString budget = QString::fromStdString(hw::formatByteSize(tl.memoryBudget()));
    QString text = tr("The history reached its memory budget of %1: frames before %2 (%3 simulated) were dropped. "
                      "Serving goes on.")
                       .arg(budget)
                       .arg(tl.firstFrame())
                       .arg(clockText(tl.frame(tl.firstFrame()).timeMs));
    if (movedFrom >= 0)
        text += QLatin1Char(' ') + tr("Frame %1, which was shown, is gone: showing frame %2, the oldest kept.")
                                       .arg(movedFrom)
                                       .arg(tl.firstFrame());
    return text;
}

QString SimController::clockText(hw::TimeMs timeMs)
{
    // Minutes and seconds of simulated time, as a class reads a clock: "31:20", "1:05:02".
    const qint64 seconds = static_cast<qint64>(timeMs / 1000);
    const qint64 hours = seconds / 3600;
    const QString minSec = QStringLiteral("%1:%2").arg((seconds / 60) % 60, hours > 0 ? 2 : 1, 10, QLatin1Char('0'))
                               .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return hours > 0 ? QStringLiteral("%1:%2").arg(hours).arg(minSec) : minSec;
}

void SimController::settleDrops()
{
    if (m_droppedPending == 0)
        return;
    const std::int64_t dropped = m_droppedPending;
    m_droppedPending = 0;
    const std::int64_t first = firstFrame();
    std::erase_if(m_markers, [first](const Marker& m) { return m.frame < first; });
    m_markedUpTo = std::max(m_markedUpTo, first);
    Changes what = TimelineChanged;
    std::int64_t movedFrom = -1;
    if (m_frame < first) {
        movedFrom = m_frame;
        m_frame = first;
        loadState();
        what |= FrameChanged | TimeChanged;
    }
    emit changed(what);
    emit framesDropped(first, dropped);
    emit message(framesDroppedMessage(movedFrom));
}

hw::Timeline& SimController::liveTimeline()
{
    return m_session->liveTimeline();
}

void SimController::setLive(bool live)
{
    if (live == m_live)
        return;
    setPlaying(false);
    m_live = live;
    m_followLive = live;
    if (live)
        m_liveHistory = true;
    if (live) {
        m_frame = lastFrame();
        loadState();
        emit changed(FrameChanged | TimeChanged | PlayingChanged);
    } else {
        emit changed(PlayingChanged);
    }
}

void SimController::followLive()
{
    if (!m_live)
        return;
    setPlaying(false);
    m_followLive = true;
    m_frame = lastFrame();
    loadState();
    emit changed(FrameChanged | TimeChanged | PlayingChanged);
}

void SimController::liveAdvanced(double nowMs)
{
    settleDrops();
    const std::int64_t before = m_markedUpTo;
    Changes what;
    if (frameCount() != before) {
        indexMarkers(before);
        what |= TimelineChanged;
    }
    if (m_live && m_followLive) {
        if (m_frame != lastFrame() || (what & TimelineChanged)) {
            m_frame = lastFrame();
            loadState();
            what |= FrameChanged;
        }
        const double shown = std::max(nowMs, static_cast<double>(m_session->timeline().frame(m_frame).timeMs));
        if (shown != m_displayTimeMs) {
            m_displayTimeMs = shown;
            what |= TimeChanged;
        }
    }
    if (what)
        emit changed(what);
}

void SimController::rewind(const std::vector<SessionOp>& ops, std::int64_t frame, bool truncate, std::int64_t showFrame)
{
    if (m_live)
        emit aboutToReplaceTimeline();
    setPlaying(false);
    ++m_historyRevision;
    if (truncate)
        m_session->truncate(frame, ops.size());
    else
        m_session->restore(ops);
    indexMarkers(0);
    m_frame = std::clamp<std::int64_t>(showFrame, firstFrame(), lastFrame());
    loadState();
    emit changed(TimelineChanged | FrameChanged | TimeChanged);
}

} // namespace hw::ui
