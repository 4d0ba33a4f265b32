// SPDX-License-Identifier: MIT
// A model-based test of the user's actions (issue #25): random sequences of 2 to 10 of them (kill,
// restart, isolate, slow, produce, min.insync.replicas, add a consumer, undo, redo, step, End, seek
// back), driven through the paths a user takes (the right-click menus' items, the Controls' add
// consumer dialog, the window's actions, the timeline bar), on built-in scenarios and sandboxes.
//
// The model says what a user expects of the timeline: an action shows its own last frame; one taken
// at the last frame appends; one taken at an earlier frame replaces the later frames (and the status
// line says so); undo brings back the timeline and frame of before, redo the timeline of after. The
// model keeps its own timeline, made with the core's drivers from its own record of what was done,
// and the branch's actions in order. The oracle: after every step the window shows the model's frame
// count and frame; at the end the session as File > Save writes it holds exactly the branch's
// actions, in order (the scenario's own up to where the branch left them, then the user's), and
// replayed it makes the window's frames.
//
// HW_MODEL_SEED (default 25) and HW_MODEL_SEQUENCES (default 500, split over the shards) choose the
// sequences; a failure prints its sequence's seed and what was done, and HW_MODEL_ONLY_SEED replays
// that one sequence alone.

#include "control/session.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/addconsumerdialog.h"
#include "panels/controlpanel.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scenario/scenario.h"
#include "shell/actionmenu.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"
#include "shell/sandboxdialog.h"
#include "uitest_support.h"

#include <QAction>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMenu>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace {

using hw::ui::MainWindow;
using hw::ui::UserAction;

/// SplitMix64: the test's own generator, the same sequence on every standard library.
class Random {
public:
    explicit Random(std::uint64_t seed) : m_state(seed) { }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// A whole number in [0, n).
    std::int64_t below(std::int64_t n) { return n <= 0 ? 0 : static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(n)); }

private:
    std::uint64_t m_state;
};

std::uint64_t environmentNumber(const char* name, std::uint64_t fallback)
{
    const QByteArray value = qgetenv(name);
    bool ok = false;
    const qulonglong number = value.toULongLong(&ok);
    return ok ? number : fallback;
}

constexpr int shards = 5;
constexpr int sequenceLengthMin = 2;
constexpr int sequenceLengthMax = 10;

/// The scenarios the sequences start from: lessons with and without auto.fetch, with and without
/// consumer groups, and sandboxes.
hw::Scenario startingScenario(int which)
{
    static const char* const builtins[]
        = { "leo-hw-walkthrough", "read-up-to-hw", "acks-and-min-insync", "unclean-election", "leader-failover",
              "consumer-group-basics" };
    constexpr int builtinCount = static_cast<int>(std::size(builtins));
    if (which < builtinCount)
        return std::get<hw::Scenario>(hw::loadScenario(std::string("builtin:") + builtins[which]));
    hw::ui::SandboxSettings settings;
    if (which == builtinCount + 1) {
        settings.groups = 1;
        settings.consumersPerGroup = 1;
        settings.autoFetch = false;
        settings.topics = QStringLiteral("orders, payments");
    }
    hw::Scenario scenario;
    QString error;
    if (!hw::ui::SandboxDialog::makeScenario(settings, &scenario, &error))
        ADD_FAILURE() << error.toStdString();
    return scenario;
}
constexpr int startingScenarioCount = 8;

/// Whether the action switches auto.fetch on first: the documented rule (a scripted lesson that runs
/// with auto.fetch off meets a real cluster as soon as the user acts, except by a fetch by hand or a
/// change of auto.fetch itself).
bool switchesAutoFetchOn(const hw::ClusterState& head, const UserAction& action)
{
    if (head.config.autoFetch || std::holds_alternative<hw::FetchStep>(action))
        return false;
    if (const auto* config = std::get_if<hw::ConfigStep>(&action))
        return std::none_of(config->changes.begin(), config->changes.end(),
            [](const hw::ConfigAction& c) { return c.key == "auto.fetch"; });
    return true;
}

/// The engine action a user action applies first (every action of the model applies exactly one).
hw::Action engineAction(const UserAction& action)
{
    if (const auto* s = std::get_if<hw::FaultStep>(&action))
        return s->action;
    if (const auto* s = std::get_if<hw::ProduceStep>(&action))
        return s->action;
    if (const auto* s = std::get_if<hw::SlowStep>(&action))
        return s->action;
    if (const auto* s = std::get_if<hw::ConsumerStep>(&action))
        return s->action;
    if (const auto* s = std::get_if<hw::ConfigStep>(&action))
        return s->changes.front();
    ADD_FAILURE() << "not an action of the model";
    return hw::AdvanceAction {};
}

/// The engine action a saved step stands for, if it is one.
std::optional<hw::Action> savedAction(const hw::Step& step)
{
    return std::visit(
        [](const auto& s) -> std::optional<hw::Action> {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, hw::ProduceStep> || std::is_same_v<T, hw::FetchStep>
                || std::is_same_v<T, hw::SlowStep> || std::is_same_v<T, hw::ConsumerStep>
                || std::is_same_v<T, hw::LiveStep>)
                return hw::Action(s.action);
            else if constexpr (std::is_same_v<T, hw::FaultStep>)
                return s.action;
            else if constexpr (std::is_same_v<T, hw::ConfigStep>)
                return hw::Action(s.changes.front());
            else if constexpr (std::is_same_v<T, hw::ClockStep>)
                return hw::Action(hw::AdvanceAction { s.toMs });
            else
                return std::nullopt;
        },
        step);
}

/// Two engine actions are the same action: equal, except that an added consumer is compared by what
/// the dialog chose (its index, id and group), since reading it back fills in the defaults.
bool sameAction(const hw::Action& a, const hw::Action& b)
{
    const auto* ca = std::get_if<hw::ConsumerAction>(&a);
    const auto* cb = std::get_if<hw::ConsumerAction>(&b);
    if (ca && cb && ca->kind == hw::ConsumerAction::Kind::Add && cb->kind == hw::ConsumerAction::Kind::Add)
        return ca->consumer == cb->consumer && ca->spec.id == cb->spec.id && ca->spec.group == cb->spec.group;
    return a == b;
}

std::string describe(const hw::Action& action)
{
    hw::Scenario one;
    std::visit(
        [&](const auto& a) {
            using A = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<A, hw::ProduceAction>)
                one.steps.push_back(hw::ProduceStep { a, false });
            else if constexpr (std::is_same_v<A, hw::SlowAction>)
                one.steps.push_back(hw::SlowStep { a });
            else if constexpr (std::is_same_v<A, hw::ConfigAction>)
                one.steps.push_back(hw::ConfigStep { { a } });
            else if constexpr (std::is_same_v<A, hw::ConsumerAction>)
                one.steps.push_back(hw::ConsumerStep { a, false });
            else if constexpr (std::is_same_v<A, hw::FetchAction>)
                one.steps.push_back(hw::FetchStep { a, hw::FetchUntil::Response, false });
            else if constexpr (std::is_same_v<A, hw::AdvanceAction>)
                one.steps.push_back(hw::ClockStep { a.toMs });
            else if constexpr (std::is_same_v<A, hw::LiveClientAction>)
                one.steps.push_back(hw::LiveStep { a });
            else
                one.steps.push_back(hw::FaultStep { a, false });
        },
        action);
    const std::string json = hw::scenarioToJson(one);
    const std::size_t at = json.find("\"steps\"");
    return at == std::string::npos ? json : json.substr(at);
}

/// What the model remembers of one timeline: how it was made, the branch's actions with the
/// operation each applied, where the branch left the scenario's own run, and the frame shown.
struct ModelState {
    struct Op {
        bool fork = false;
        std::int64_t frame = 0; // fork
        UserAction action; // act
    };
    struct BranchAction {
        hw::Action action;
        std::int64_t op = 0; // its operation in the timeline
    };
    std::vector<Op> ops;
    std::vector<BranchAction> branch;
    std::int64_t scriptOps = 0; // the scenario's own operations still on the branch
    std::int64_t shown = 0;
};

/// The model: its own timeline, made from its own record with the core's drivers, and an undo stack
/// of states.
class Model {
public:
    explicit Model(const hw::Scenario& scenario) : m_scenario(scenario)
    {
        m_state.scriptOps = static_cast<std::int64_t>(rebuild().operationCount());
        m_script = std::make_unique<hw::Timeline>(std::move(*m_timeline));
        rebuild();
    }

    const hw::Timeline& timeline() const { return *m_timeline; }
    const ModelState& state() const { return m_state; }
    std::int64_t lastFrame() const { return m_timeline->frameCount() - 1; }

    /// The user acts at the frame shown. Returns whether the model expects the later frames replaced.
    bool act(const UserAction& action)
    {
        m_undo.resize(m_undoIndex);
        m_undo.push_back(m_state);
        ++m_undoIndex;
        m_redo.resize(m_undoIndex - 1);
        const bool past = m_state.shown < lastFrame();
        if (past) {
            m_state.ops.push_back({ true, m_state.shown, {} });
            forkAt(m_state.shown);
        }
        m_state.ops.push_back({ false, 0, action });
        apply(action, true);
        m_state.shown = lastFrame();
        m_redo.push_back(m_state);
        return past;
    }

    bool canUndo() const { return m_undoIndex > 0; }
    bool canRedo() const { return m_undoIndex < static_cast<std::int64_t>(m_redo.size()); }
    void undo()
    {
        --m_undoIndex;
        m_state = m_undo[static_cast<std::size_t>(m_undoIndex)];
        rebuild();
    }
    void redo()
    {
        m_state = m_redo[static_cast<std::size_t>(m_undoIndex)];
        ++m_undoIndex;
        rebuild();
    }
    void show(std::int64_t frame) { m_state.shown = std::clamp<std::int64_t>(frame, 0, lastFrame()); }

    /// The actions the saved session must hold, in order.
    std::vector<hw::Action> expectedActions() const
    {
        std::vector<hw::Action> out;
        for (std::int64_t op = 0; op < m_state.scriptOps; ++op) {
            const std::int32_t code = m_script->operation(static_cast<std::size_t>(op));
            if (code != hw::Timeline::stepOperation)
                out.push_back(m_script->action(static_cast<std::size_t>(code)));
        }
        for (const ModelState::BranchAction& b : m_state.branch)
            out.push_back(b.action);
        return out;
    }

private:
    hw::Timeline& rebuild()
    {
        auto played = hw::playScenario(m_scenario);
        m_timeline = std::make_unique<hw::Timeline>(std::move(std::get<hw::Timeline>(played)));
        for (const ModelState::Op& op : m_state.ops) {
            if (op.fork)
                m_timeline->forkAt(op.frame);
            else
                apply(op.action, false);
        }
        return *m_timeline;
    }

    void forkAt(std::int64_t frame)
    {
        m_timeline->forkAt(frame);
        const std::int64_t kept = m_timeline->frame(frame).opEnd;
        m_state.scriptOps = std::min(m_state.scriptOps, kept);
        std::erase_if(m_state.branch, [&](const ModelState::BranchAction& b) { return b.op >= kept; });
    }

    void apply(const UserAction& action, bool record)
    {
        if (switchesAutoFetchOn(m_timeline->head(), action)) {
            const UserAction on = hw::ui::autoFetchOn();
            if (record)
                m_state.branch.push_back({ engineAction(on), static_cast<std::int64_t>(m_timeline->operationCount()) });
            hw::ui::runUserAction(*m_timeline, on);
        }
        if (record)
            m_state.branch.push_back({ engineAction(action), static_cast<std::int64_t>(m_timeline->operationCount()) });
        hw::ui::runUserAction(*m_timeline, action);
    }

    hw::Scenario m_scenario;
    std::unique_ptr<hw::Timeline> m_script; // the scenario's own run
    std::unique_ptr<hw::Timeline> m_timeline;
    ModelState m_state;
    std::vector<ModelState> m_undo; // the state before each command
    std::vector<ModelState> m_redo; // the state after each command
    std::int64_t m_undoIndex = 0;
};

/// The item of a menu (or its submenus) whose text starts with `text`.
QAction* findItem(QMenu* menu, const QString& text)
{
    for (QAction* a : menu->actions()) {
        if (a->menu()) {
            if (QAction* found = findItem(a->menu(), text))
                return found;
        } else if (a->text() == text || a->text().startsWith(text + QStringLiteral(" (not now: "))) {
            return a;
        }
    }
    return nullptr;
}

struct Counts {
    int sequences = 0;
    int steps = 0;
    int actions = 0;
    int refused = 0;
    int forks = 0;
    int undos = 0;
    int redos = 0;
    std::int64_t framesCompared = 0;
};

/// One random sequence: every step through the window, the model alongside, checked as it goes.
void runSequence(MainWindow& window, std::uint64_t seed, Counts& counts, const QString& savePath)
{
    Random random(seed);
    const int which = static_cast<int>(random.below(startingScenarioCount));
    const hw::Scenario scenario = startingScenario(which);
    ASSERT_TRUE(window.openParsedScenario(scenario, QString::fromStdString(scenario.name)));
    hw::ui::SimController* controller = window.controller();
    Model model(scenario);
    ASSERT_EQ(controller->frameCount(), model.timeline().frameCount());
    // Start where a teacher would: at the end, or at a checkpoint.
    model.show(random.below(2) == 0 ? model.lastFrame() : random.below(model.lastFrame() + 1));
    controller->setCurrentFrame(model.state().shown);

    std::ostringstream done;
    done << "scenario " << scenario.name << ", from frame " << model.state().shown;
    SCOPED_TRACE("sequence seed " + std::to_string(seed) + " (HW_MODEL_ONLY_SEED=" + std::to_string(seed) + ")");

    std::optional<UserAction> asked;
    hw::ui::ActionMenu::Handlers handlers;
    handlers.act = [&](const UserAction& action) {
        asked = action;
        window.act(action);
    };
    handlers.addConsumer = [&](std::int32_t group) { window.controlPanel()->openAddConsumer(group); };
    handlers.showPartition = [](std::int32_t) {};

    const int length = sequenceLengthMin + static_cast<int>(random.below(sequenceLengthMax - sequenceLengthMin + 1));
    int previous = -1;
    for (int step = 0; step < length; ++step) {
        const hw::ClusterState& state = controller->state();
        const int brokers = static_cast<int>(state.brokers.size());
        // After an undo, a redo is as likely as anything else together: undo and redo are what break.
        const int kind = previous == 7 && random.below(2) == 0 ? 8 : static_cast<int>(random.below(12));
        previous = kind;
        const std::int64_t shownBefore = model.state().shown;
        const int commandsBefore = window.undoStack()->index();
        std::unique_ptr<QMenu> menu;
        QAction* item = nullptr;
        bool userAction = false;
        switch (kind) {
        case 0: case 1: case 2: case 3: { // kill, restart, isolate, slow: a broker's menu
            std::vector<int> choices;
            for (const hw::Broker& b : state.brokers) {
                // Restart picks a dead broker when there is one, kill a live one: sequences that do something.
                if ((kind == 1 && !b.alive) || (kind == 0 && b.alive))
                    choices.push_back(b.id);
            }
            const int id = choices.empty() ? 1 + static_cast<int>(random.below(brokers))
                                           : choices[static_cast<std::size_t>(random.below(static_cast<std::int64_t>(choices.size())))];
            menu.reset(hw::ui::ActionMenu::build(hw::ui::SceneTarget::forBroker(id), state, handlers, nullptr));
            static const hw::TimeMs latencies[] = { 50, 200, 500, 2000, 0 };
            const hw::TimeMs ms = latencies[random.below(5)];
            const QString text = kind == 0 ? QStringLiteral("Kill broker %1").arg(id)
                : kind == 1                ? QStringLiteral("Restart broker %1").arg(id)
                : kind == 2                ? QStringLiteral("Isolate broker %1").arg(id)
                : ms == 0                  ? QStringLiteral("Normal latency")
                                           : QStringLiteral("%1 ms").arg(ms);
            item = findItem(menu.get(), text);
            done << "; " << text.toStdString() << (kind == 3 ? " (slow broker " + std::to_string(id) + ")" : "");
            userAction = true;
            break;
        }
        case 4: { // produce: a partition's menu
            if (state.producers.empty()) {
                done << "; produce (no producer)";
                break;
            }
            const auto partition = static_cast<std::int32_t>(random.below(static_cast<std::int64_t>(state.partitions.size())));
            menu.reset(hw::ui::ActionMenu::build(hw::ui::SceneTarget::forPartition(partition), state, handlers, nullptr));
            const QString text = QStringLiteral("Produce \"m%1\" to %2 (producer %3)")
                                     .arg(state.producers.front().nextSequence)
                                     .arg(QString::fromStdString(state.partitionName(partition)),
                                         QString::fromStdString(state.producers.front().id));
            item = findItem(menu.get(), text);
            done << "; " << text.toStdString();
            userAction = true;
            break;
        }
        case 5: { // min.insync.replicas: the cluster's menu
            menu.reset(hw::ui::ActionMenu::build(hw::ui::SceneTarget {}, state, handlers, nullptr));
            const QString n = QString::number(1 + random.below(3));
            QMenu* sub = nullptr;
            for (QAction* a : menu->actions())
                if (a->menu() && a->text() == QStringLiteral("min.insync.replicas"))
                    sub = a->menu();
            item = sub ? findItem(sub, n) : nullptr;
            done << "; min.insync.replicas " << n.toStdString();
            userAction = true;
            break;
        }
        case 6: { // add a consumer: a group's menu, or the Controls when there is no group
            done << "; add consumer";
            asked.reset();
            if (!state.groups.empty()) {
                const auto group = static_cast<std::int32_t>(random.below(static_cast<std::int64_t>(state.groups.size())));
                menu.reset(hw::ui::ActionMenu::build(hw::ui::SceneTarget::forGroup(group), state, handlers, nullptr));
                item = findItem(menu.get(), QStringLiteral("Add a consumer to this group\u2026"));
                ASSERT_NE(item, nullptr) << done.str();
                item->trigger();
            } else {
                window.controlPanel()->addConsumerButton()->click();
            }
            item = nullptr;
            hw::ui::AddConsumerDialog* dialog = window.controlPanel()->addConsumerDialog();
            if (!dialog) {
                done << " (not offered)";
                break;
            }
            // OK runs the action, as a click on it would; a suggestion that cannot be added is cancelled.
            const bool possible = dialog->problem().isEmpty();
            const int before = window.undoStack()->index();
            std::optional<UserAction> requested;
            const QMetaObject::Connection listening = QObject::connect(window.controlPanel(),
                &hw::ui::ControlPanel::actionRequested, &window, [&](const hw::Step& action) { requested = action; });
            if (possible)
                dialog->accept();
            else
                dialog->reject();
            QObject::disconnect(listening);
            if (!requested) {
                done << " (not possible: " << dialog->problem().toStdString() << ")";
                break;
            }
            ++counts.actions;
            EXPECT_EQ(window.undoStack()->index(), before + 1) << done.str();
            const bool past = model.act(*requested);
            counts.forks += past ? 1 : 0;
            const QString message = window.statusBar()->currentMessage();
            EXPECT_EQ(message.contains(QStringLiteral("later frames were replaced")), past)
                << done.str() << ": " << message.toStdString();
            break;
        }
        case 7: // undo
            done << "; undo";
            window.action(QStringLiteral("undo"))->trigger();
            if (model.canUndo()) {
                // The timeline of before the command, at the frame shown when it was taken.
                model.undo();
                ++counts.undos;
            }
            EXPECT_EQ(window.action(QStringLiteral("undo"))->isEnabled(), model.canUndo()) << done.str();
            break;
        case 8: // redo
            done << "; redo";
            window.action(QStringLiteral("redo"))->trigger();
            if (model.canRedo()) {
                model.redo();
                ++counts.redos;
            }
            EXPECT_EQ(window.action(QStringLiteral("redo"))->isEnabled(), model.canRedo()) << done.str();
            break;
        case 9: // step (Right)
            done << "; step";
            window.action(QStringLiteral("stepForward"))->trigger();
            model.show(shownBefore + 1);
            break;
        case 10: // End
            done << "; End";
            window.action(QStringLiteral("last"))->trigger();
            model.show(model.lastFrame());
            break;
        case 11: { // seek back on the timeline bar
            const std::int64_t to = random.below(shownBefore + 1);
            done << "; seek to " << to;
            emit window.timelinePanel()->bar()->frameRequested(to);
            model.show(to);
            break;
        }
        }
        if (userAction) {
            ASSERT_NE(item, nullptr) << done.str() << ": no such menu item";
            asked.reset();
            const bool enabled = item->isEnabled();
            item->trigger();
            if (!enabled) {
                // A disabled item does nothing (and says why in its text).
                EXPECT_FALSE(asked.has_value()) << done.str();
                EXPECT_EQ(window.undoStack()->index(), commandsBefore) << done.str();
                done << " (disabled)";
                ++counts.refused;
            } else {
                ASSERT_TRUE(asked.has_value()) << done.str();
                ++counts.actions;
                EXPECT_EQ(window.undoStack()->index(), commandsBefore + 1) << done.str();
                const bool past = model.act(*asked);
                counts.forks += past ? 1 : 0;
                const QString message = window.statusBar()->currentMessage();
                EXPECT_EQ(message.contains(QStringLiteral("later frames were replaced")), past)
                    << done.str() << ": " << message.toStdString();
            }
        }
        ++counts.steps;
        // After every step the window shows the model's timeline, at the model's frame.
        ASSERT_EQ(controller->frameCount(), model.timeline().frameCount()) << done.str();
        ASSERT_EQ(controller->currentFrame(), model.state().shown) << done.str();
        const std::int64_t last = controller->lastFrame();
        ASSERT_EQ(controller->timeline().frame(last).event, model.timeline().frame(last).event) << done.str();
    }

    // The oracle: the session as File > Save writes it.
    ASSERT_EQ(window.saveScenario(savePath), QString()) << done.str();
    auto loaded = hw::loadScenario(savePath.toStdString());
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded)) << done.str();
    const hw::Scenario& saved = std::get<hw::Scenario>(loaded);
    std::vector<hw::Action> savedActions;
    for (const hw::Step& step : saved.steps) {
        if (std::optional<hw::Action> a = savedAction(step))
            savedActions.push_back(*a);
    }
    const std::vector<hw::Action> expected = model.expectedActions();
    ASSERT_EQ(savedActions.size(), expected.size()) << done.str();
    for (std::size_t i = 0; i < expected.size(); ++i)
        ASSERT_TRUE(sameAction(savedActions[i], expected[i]))
            << done.str() << ": action " << i << " saved " << describe(savedActions[i]) << ", expected "
            << describe(expected[i]);
    // Replayed by the core's player (what highwater-cli run does), it makes the window's frames.
    auto replayed = hw::playScenario(saved);
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(replayed)) << done.str();
    const hw::Timeline& again = std::get<hw::Timeline>(replayed);
    const hw::Timeline& shownTimeline = controller->timeline();
    ASSERT_EQ(again.frameCount(), shownTimeline.frameCount()) << done.str();
    for (std::int64_t f = 0; f < again.frameCount(); ++f) {
        ASSERT_EQ(again.frame(f).event, shownTimeline.frame(f).event) << done.str() << ": frame " << f;
        ASSERT_EQ(again.frame(f).timeMs, shownTimeline.frame(f).timeMs) << done.str() << ": frame " << f;
    }
    // And the state of every frame.
    for (std::int64_t f = 0; f < again.frameCount(); ++f) {
        ASSERT_TRUE(again.stateAt(f) == shownTimeline.stateAt(f)) << done.str() << ": state of frame " << f;
        ++counts.framesCompared;
    }
    ++counts.sequences;
}

class ActionModel : public ::testing::TestWithParam<int> { };

TEST_P(ActionModel, RandomSequencesKeepExactlyTheActionsOfTheBranchShown)
{
    const std::uint64_t base = environmentNumber("HW_MODEL_SEED", 25);
    const std::uint64_t total = environmentNumber("HW_MODEL_SEQUENCES", 500);
    const std::uint64_t only = environmentNumber("HW_MODEL_ONLY_SEED", 0);
    const int shard = GetParam();
    if (only != 0 && shard != 0)
        GTEST_SKIP() << "HW_MODEL_ONLY_SEED replays its one sequence in shard 0";
    QTemporaryDir dir;
    const QString savePath = dir.filePath(QStringLiteral("session.json"));
    MainWindow window;
    Counts counts;
    QElapsedTimer wall;
    wall.start();
    for (std::uint64_t i = static_cast<std::uint64_t>(shard); i < total; i += shards) {
        const std::uint64_t seed = only != 0 ? only : base * 1000003ull + i;
        runSequence(window, seed, counts, savePath);
        // Dialogs closed during the sequence go now, not all at the end.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        if (HasFatalFailure() || HasFailure()) {
            std::printf("action model: the sequence with seed %llu failed (HW_MODEL_ONLY_SEED=%llu replays it)\n",
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed));
            break;
        }
        if (only != 0)
            break;
    }
    hw::ui::RecentFiles::clear();
    std::printf("action model, shard %d: %d sequences, %d steps, %d actions (%d at an earlier frame), %d refused, "
                "%d undos, %d redos, %lld frame states compared, %lld ms\n",
        shard, counts.sequences, counts.steps, counts.actions, counts.forks, counts.refused, counts.undos,
        counts.redos, static_cast<long long>(counts.framesCompared), static_cast<long long>(wall.elapsed()));
    if (only == 0) {
        EXPECT_EQ(counts.sequences, static_cast<int>((total - static_cast<std::uint64_t>(shard) + shards - 1) / shards));
        EXPECT_GT(counts.actions, counts.sequences) << "the sequences act";
        EXPECT_GT(counts.forks, 0) << "some act at an earlier frame";
        EXPECT_GT(counts.undos, 0);
        EXPECT_GT(counts.redos, 0);
    }
}

INSTANTIATE_TEST_SUITE_P(Shards, ActionModel, ::testing::Range(0, shards));

} // namespace
