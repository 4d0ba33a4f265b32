// SPDX-License-Identifier: MIT
// The app on a 1280x720 projector (issue #12): the window fits the screen, every tab name is whole,
// presentation mode (F5) fills the screen with a readable drawing, the whole narration and the note,
// blanking covers everything, playing keeps to the chosen speed and stops at the end, opening another
// scenario asks before it discards a session, and Help > Keyboard shortcuts lists every shortcut.

#include "base/i18n.h"
#include "base/theme.h"
#include "control/simcontroller.h"
#include "panels/narrationpanel.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scene/frameitem.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/messageitem.h"
#include "scene/messagetext.h"
#include "scene/replicalogitem.h"
#include "shell/mainwindow.h"
#include "teaching/presentationmode.h"
#include "teaching/teachingaids.h"
#include "scenario/builtin.h"
#include "timeline/timeline.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFontInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabBar>
#include <QTextBrowser>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>

#include <cmath>
#include <iostream>

using hw::ui::MainWindow;
using hw::ui::MessageInfo;
using hw::ui::MessageItem;
using hw::ui::MessageText;
using hw::ui::SimController;

namespace {

constexpr QSize projector(1280, 720);

QAction* findAction(const MainWindow& window, const char* name)
{
    return window.findChild<QAction*>(QString::fromLatin1(name));
}

QDockWidget* dock(const MainWindow& window, const char* name)
{
    return window.findChild<QDockWidget*>(QString::fromLatin1(name));
}

hw::ui::PresentationMode* presentationOf(const MainWindow& window)
{
    return window.findChild<hw::ui::TeachingAids*>(QStringLiteral("teachingAids"))->presentation();
}

/// Restores the light theme and the font scale whatever a test did.
struct LightTheme {
    ~LightTheme()
    {
        hw::ui::theme::setLineScale(1.0);
        hw::ui::theme::setTextSizeMin(0);
        hw::ui::theme::apply(hw::ui::theme::Theme::Light);
        hw::ui::theme::applyToApplication();
    }
};

/// A window of the projector's size, shown, with its layout settled.
void showAtProjectorSize(MainWindow& window)
{
    window.resize(projector);
    window.show();
    QApplication::processEvents();
    window.resize(projector);
    QApplication::processEvents();
}

/// Enters presentation mode in a window whose "full screen" is the projector: offscreen, a full
/// screen window takes the (virtual) screen's size, so the window is held at 1280x720 instead.
void presentAtProjectorSize(MainWindow& window)
{
    findAction(window, "presentationMode")->trigger();
    QApplication::processEvents();
    window.setGeometry(QRect(QPoint(0, 0), projector));
    // The fitting runs once the docks are laid out for the new size, a few event loop turns later.
    QTest::qWait(100);
}

/// Whether a widget is shown whole inside the window: visible, inside its rectangle, and at least
/// as large as its text needs.
void expectWhole(const MainWindow& window, QWidget* w, const QString& what)
{
    ASSERT_NE(w, nullptr) << what.toStdString();
    EXPECT_TRUE(w->isVisible()) << what.toStdString();
    const QRect inWindow(w->mapTo(&window, QPoint(0, 0)), w->size());
    EXPECT_TRUE(window.rect().contains(inWindow))
        << what.toStdString() << " at " << inWindow.x() << "," << inWindow.y() << " " << inWindow.width() << "x"
        << inWindow.height() << " outside the " << window.width() << "x" << window.height() << " window";
    EXPECT_GE(w->width(), w->minimumSizeHint().width()) << what.toStdString() << " is cut";
    if (auto* label = qobject_cast<QLabel*>(w); label && !label->wordWrap()) {
        EXPECT_GE(label->width(), label->fontMetrics().horizontalAdvance(label->text()))
            << what.toStdString() << " cuts \"" << label->text().toStdString() << "\"";
    }
}

/// Every text of the bottom bar is whole in the window.
void expectBottomBarWhole(const MainWindow& window)
{
    hw::ui::TimelinePanel* panel = window.timelinePanel();
    expectWhole(window, panel->positionLabel(), QStringLiteral("the frame counter"));
    expectWhole(window, panel->speedLabel(), QStringLiteral("the speed"));
    expectWhole(window, panel->partitionCombo(), QStringLiteral("the partition selector"));
    expectWhole(window, panel->viewCombo(), QStringLiteral("the view selector"));
    EXPECT_GE(panel->speedLabel()->width(),
        panel->speedLabel()->fontMetrics().horizontalAdvance(hw::ui::TimelinePanel::speedText(0.01)))
        << "1/100x fits";
    for (QToolButton* button : panel->findChildren<QToolButton*>())
        expectWhole(window, button, button->text());
}

} // namespace

TEST(Projector, TheWindowWithItsFrameFitsTheAvailableScreen)
{
    // A 1280x720 screen with a 28 px panel at the top and a window frame of a 30 px title bar and
    // 4 px borders: the window with its frame stays inside.
    const QRect available(0, 28, 1280, 692);
    const QMargins frame(4, 30, 4, 4);
    const QRect client = MainWindow::fittedWindowGeometry(available, frame, QSize(1440, 900));
    EXPECT_TRUE(available.contains(client.marginsAdded(frame)));
    EXPECT_EQ(client.size(), QSize(1272, 658));
    // A smaller wish is kept and centred.
    const QRect small = MainWindow::fittedWindowGeometry(QRect(0, 0, 1920, 1080), frame, QSize(1440, 900));
    EXPECT_EQ(small.size(), QSize(1440, 900));
    EXPECT_EQ(small.marginsAdded(frame).center(), QRect(0, 0, 1920, 1080).center());

    MainWindow window;
    window.show();
    QApplication::processEvents();
    QApplication::processEvents();
    const QRect screen = window.screen()->availableGeometry();
    if (screen.width() >= window.minimumWidth() && screen.height() >= window.minimumHeight())
        EXPECT_TRUE(screen.contains(window.frameGeometry())) << "the window is as large as the screen allows";
    else
        EXPECT_EQ(window.width(), window.minimumWidth()) << "a screen narrower than the minimum gets the minimum";
}

TEST(Projector, AtProjectorSizeTabNamesAreWholeAndTheNoteAndBottomBarShow)
{
    LightTheme restore;
    MainWindow window;
    showAtProjectorSize(window);
    window.controller()->setCurrentFrame(window.controller()->timeline().findLabel("3"));
    QApplication::processEvents();

    // Every tab of the right column says its whole name.
    int tabs = 0;
    for (QTabBar* bar : window.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        if (!bar->isVisible())
            continue;
        for (int i = 0; i < bar->count(); ++i) {
            ++tabs;
            const int needed = bar->fontMetrics().horizontalAdvance(bar->tabText(i));
            EXPECT_GE(bar->tabRect(i).width(), needed) << bar->tabText(i).toStdString();
            const QRect inWindow(bar->mapTo(&window, bar->tabRect(i).topLeft()), bar->tabRect(i).size());
            EXPECT_TRUE(window.rect().contains(inWindow)) << bar->tabText(i).toStdString() << " off screen";
        }
    }
    EXPECT_EQ(tabs, 3) << "Controls, Inspector and Event log share the column";

    // The article's note is on screen, in its strip over the drawing, inside the window.
    ASSERT_FALSE(window.narration()->noteText().isEmpty());
    hw::ui::NoteStrip* strip = window.noteStrip();
    ASSERT_TRUE(strip->isVisible());
    EXPECT_EQ(strip->noteView()->toPlainText(), window.narration()->noteText());
    const QRect stripInWindow(strip->mapTo(&window, QPoint(0, 0)), strip->size());
    EXPECT_TRUE(window.rect().contains(stripInWindow)) << "the note is on screen";
    EXPECT_GE(strip->noteView()->viewport()->height(), strip->noteView()->fontMetrics().lineSpacing() * 2)
        << "at least two lines of the note show without scrolling";

    expectBottomBarWhole(window);

    // Controls are reachable: the panel scrolls inside its dock rather than being cut.
    auto* controls = dock(window, "controlsDock");
    auto* controlsScroll = qobject_cast<QScrollArea*>(controls->widget());
    ASSERT_NE(controlsScroll, nullptr);
    EXPECT_TRUE(controlsScroll->widgetResizable());
    EXPECT_GE(controls->height(), 150);

    // Charts and the glossary open floating at a size where they are usable, inside the window.
    for (const char* name : { "chartsDock", "glossaryDock" }) {
        QDockWidget* big = dock(window, name);
        EXPECT_FALSE(big->isVisible()) << name;
        big->toggleViewAction()->trigger();
        QApplication::processEvents();
        EXPECT_TRUE(big->isVisible()) << name;
        EXPECT_TRUE(big->isFloating()) << name;
        EXPECT_GE(big->width(), 640) << name;
        EXPECT_GE(big->height(), 440) << name;
        EXPECT_GE(big->width(), big->widget()->minimumSizeHint().width()) << name;
        EXPECT_GE(big->height(), big->widget()->minimumSizeHint().height()) << name;
        big->hide();
    }
}

TEST(Projector, PresentationFillsTheScreenWithTheWholeNarrationAndNote)
{
    LightTheme restore;
    MainWindow window;
    showAtProjectorSize(window);
    window.controller()->setCurrentFrame(window.controller()->timeline().findLabel("3"));
    presentAtProjectorSize(window);
    ASSERT_TRUE(presentationOf(window)->isActive());

    for (const char* hidden : { "controlsDock", "inspectorDock", "eventsDock", "chartsDock", "glossaryDock" })
        EXPECT_FALSE(dock(window, hidden)->isVisible()) << hidden;
    EXPECT_FALSE(window.menuBar()->isVisible());
    EXPECT_FALSE(window.statusBar()->isVisible());

    // The narration is whole: nothing to scroll, and both texts and the note inside the panel.
    auto* scroll = window.narration()->findChild<QScrollArea*>();
    ASSERT_NE(scroll, nullptr);
    EXPECT_EQ(scroll->verticalScrollBar()->maximum(), 0) << "the narration fits without scrolling";
    ASSERT_FALSE(window.narration()->noteText().isEmpty()) << "the note is shown in presentation mode";
    for (QLabel* label : window.narration()->findChildren<QLabel*>()) {
        if (label->isHidden() || label->text().isEmpty())
            continue;
        const QRect inViewport(label->mapTo(scroll->viewport(), QPoint(0, 0)), label->size());
        EXPECT_TRUE(scroll->viewport()->rect().contains(inViewport)) << label->text().left(40).toStdString();
        EXPECT_GE(label->height(), label->heightForWidth(label->width())) << label->text().left(40).toStdString();
        EXPECT_GE(QFontInfo(label->font()).pixelSize(), 15) << "projector text is large";
    }

    expectBottomBarWhole(window);

    // The drawing fills the space it has: the scene rect fitted into the view, touching two sides.
    const QRect viewport = window.view()->viewport()->rect();
    EXPECT_GE(viewport.width(), projector.width() * 65 / 100) << "the drawing gets most of the width";
    const QRectF shown = window.view()->mapFromScene(window.scene()->sceneRect()).boundingRect();
    const bool fillsWidth = std::abs(shown.width() - viewport.width()) <= 2;
    const bool fillsHeight = std::abs(shown.height() - viewport.height()) <= 2;
    EXPECT_TRUE(fillsWidth || fillsHeight)
        << shown.width() << "x" << shown.height() << " in " << viewport.width() << "x" << viewport.height();
    EXPECT_LE(shown.width(), viewport.width() + 2);
    EXPECT_LE(shown.height(), viewport.height() + 2);
}

TEST(Projector, InPresentationPredictModesQuestionAndTheTimelinesMarkersAreLargeInEveryLanguage)
{
    LightTheme restore;
    struct EnglishAfterwards {
        ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
    } english;
    for (const char* language : { "en", "zh_TW", "zh_CN" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        MainWindow window;
        ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:leader-failover")));
        showAtProjectorSize(window);
        presentAtProjectorSize(window);
        ASSERT_TRUE(presentationOf(window)->isActive());
        hw::ui::TimelineBar* bar = window.timelinePanel()->bar();
        // A marker's letter (選 in Chinese) at least as large as the drawing's smallest text.
        EXPECT_GE(QFontInfo(bar->letterFont()).pixelSize(), hw::ui::PresentationMode::drawingTextPxMin) << language;
        EXPECT_FALSE(bar->markerGlyphs().empty());
        for (const hw::ui::TimelineBar::MarkerGlyph& glyph : bar->markerGlyphs())
            EXPECT_LE(glyph.rect.bottom(), bar->height()) << language << ": a marker is cut";
        // Predict mode's question and guesses, after a checkpoint: every text at projector size.
        window.findChild<QAction*>(QStringLiteral("predictMode"))->trigger();
        window.action(QStringLiteral("nextCheckpoint"))->trigger();
        QTest::qWait(100);
        int texts = 0;
        for (QWidget* w : window.narration()->findChildren<QWidget*>()) {
            if (!w->isVisibleTo(&window) || (!qobject_cast<QLabel*>(w) && !qobject_cast<QAbstractSpinBox*>(w)))
                continue;
            if (auto* label = qobject_cast<QLabel*>(w); label && label->text().isEmpty())
                continue;
            ++texts;
            EXPECT_GE(QFontInfo(w->font()).pixelSize(), 15)
                << language << ": " << w->metaObject()->className() << " "
                << (qobject_cast<QLabel*>(w) ? qobject_cast<QLabel*>(w)->text().left(30).toStdString() : "");
        }
        EXPECT_GE(texts, 3) << language << ": the question and a guess show";
    }
}

TEST(Projector, LeavingPresentationRestoresTheNarrationAndTimelineFonts)
{
    LightTheme restore;
    MainWindow window;
    showAtProjectorSize(window);
    QLabel* position = window.timelinePanel()->positionLabel();
    const QFont before = position->font();
    presentAtProjectorSize(window);
    EXPECT_GT(QFontInfo(position->font()).pixelSize(), QFontInfo(before).pixelSize());
    presentationOf(window)->leave();
    QApplication::processEvents();
    EXPECT_EQ(position->font(), before);
    EXPECT_TRUE(dock(window, "controlsDock")->isVisible());
}

TEST(Projector, BlankingCoversTheWholeWindow)
{
    LightTheme restore;
    MainWindow window;
    showAtProjectorSize(window);
    presentAtProjectorSize(window);
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    for (Qt::Key key : { Qt::Key_B, Qt::Key_Period }) {
        QTest::keyClick(&window, key);
        ASSERT_TRUE(presentationOf(window)->isBlanked());
        QWidget* blank = window.findChild<QWidget*>(QStringLiteral("blankScreen"));
        ASSERT_NE(blank, nullptr);
        EXPECT_EQ(blank->geometry(), window.rect());
        // What is under every part of the window, docks and bars included, is the black cover.
        for (QWidget* part : { static_cast<QWidget*>(window.view()), static_cast<QWidget*>(window.narration()),
                 static_cast<QWidget*>(window.timelinePanel()) }) {
            const QPoint centre = part->mapTo(&window, part->rect().center());
            EXPECT_EQ(window.childAt(centre), blank) << part->metaObject()->className();
        }
        QTest::keyClick(&window, key);
        EXPECT_FALSE(presentationOf(window)->isBlanked());
        EXPECT_FALSE(blank->isVisible());
    }
}

TEST(Projector, PlayKeepsTheChosenSpeedUnlessSkippingIdleTime)
{
    MainWindow window;
    SimController* controller = window.controller();
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:leader-failover")));
    QAction* skip = findAction(window, "skipIdle");
    ASSERT_NE(skip, nullptr);
    EXPECT_TRUE(skip->isCheckable());
    EXPECT_TRUE(skip->isChecked()) << "on by default: at 1/100x quiet stretches would look frozen";
    EXPECT_TRUE(controller->skipIdleTime());
    // Off, play keeps the speed the teacher chose.
    skip->trigger();
    EXPECT_FALSE(controller->skipIdleTime());
    // The switch is on the bottom bar, not only in the menu.
    auto* button = window.timelinePanel()->findChild<QToolButton*>(QStringLiteral("skipIdleButton"));
    ASSERT_NE(button, nullptr);
    EXPECT_EQ(button->defaultAction(), skip);

    // Find the longest quiet stretch of the recording: two frames far apart in simulated time with only
    // heartbeats travelling between them (a slow link's fetch in flight is something to watch, not idle).
    const hw::Timeline& tl = controller->timeline();
    const auto idleAfter = [&tl](std::int64_t f) {
        const hw::ClusterState state = tl.stateAt(f);
        for (const hw::QueuedEvent& queued : state.queue) {
            if (queued.atMs <= tl.frame(f).timeMs)
                continue;
            const std::optional<MessageInfo> info = MessageText::describe(queued, state);
            if (info && info->kind != MessageItem::Kind::Heartbeat)
                return false;
        }
        return true;
    };
    std::int64_t from = -1;
    for (std::int64_t f = 0; f + 1 < tl.frameCount(); ++f)
        if (idleAfter(f)
            && (from < 0 || tl.frame(f + 1).timeMs - tl.frame(f).timeMs > tl.frame(from + 1).timeMs - tl.frame(from).timeMs))
            from = f;
    ASSERT_GE(from, 0);
    const hw::TimeMs gapMs = tl.frame(from + 1).timeMs - tl.frame(from).timeMs;
    ASSERT_GE(gapMs, 1000) << "the failover waits for the session timeout";

    // At 1x, 300 ms of wall time move the clock by about 300 ms, however quiet the stretch.
    controller->setSpeedIndex(6);
    ASSERT_DOUBLE_EQ(controller->speed(), 1.0);
    controller->setCurrentFrame(from);
    const double start = controller->displayTimeMs();
    QElapsedTimer wall;
    wall.start();
    controller->setPlaying(true);
    QTest::qWait(300);
    controller->setPlaying(false);
    const double moved = controller->displayTimeMs() - start;
    EXPECT_LE(moved, static_cast<double>(wall.elapsed()) + 20);
    EXPECT_GT(moved, 100);
    EXPECT_EQ(controller->currentFrame(), from) << "the next frame is " << gapMs << " ms away";

    // Skipping, the same wall time jumps to the next frame.
    skip->trigger();
    EXPECT_TRUE(controller->skipIdleTime());
    controller->setCurrentFrame(from);
    controller->setPlaying(true);
    QTest::qWait(300);
    controller->setPlaying(false);
    EXPECT_GT(controller->currentFrame(), from);
    EXPECT_GE(controller->displayTimeMs(), static_cast<double>(tl.frame(from + 1).timeMs));
}

TEST(Projector, PlayStopsAtTheEndAndRunningOnIsAnUndoableAction)
{
    MainWindow window;
    SimController* controller = window.controller();
    controller->goToLast();
    const std::int64_t frames = controller->frameCount();
    const hw::TimeMs endMs = controller->timeline().frame(controller->lastFrame()).timeMs;
    controller->setSpeedIndex(static_cast<int>(SimController::speeds().size()) - 1);
    findAction(window, "play")->trigger();
    QTest::qWait(300);
    EXPECT_FALSE(controller->isPlaying()) << "Space at the end does not run on";
    EXPECT_EQ(controller->frameCount(), frames);
    EXPECT_EQ(window.statusBar()->currentMessage(), SimController::endOfRunMessage());

    // Run on 10 s: one command on the undo stack, recorded as an advance step.
    QAction* runOn = findAction(window, "runOn");
    ASSERT_NE(runOn, nullptr);
    EXPECT_TRUE(window.menuBar()->findChild<QMenu*>() != nullptr);
    runOn->trigger();
    EXPECT_GT(controller->frameCount(), frames);
    EXPECT_GE(controller->timeline().head().nowMs, endMs + MainWindow::runOnMs);
    ASSERT_EQ(window.undoStack()->count(), 1);
    ASSERT_TRUE(window.undoStack()->canUndo());
    window.undoStack()->undo();
    EXPECT_EQ(controller->frameCount(), frames) << "undo takes the run back";
    window.undoStack()->redo();
    EXPECT_GT(controller->frameCount(), frames);
}

TEST(Projector, StepAtTheEndStopsLikePlayAndRunningOnStaysUndoable)
{
    MainWindow window;
    SimController* controller = window.controller();
    QAction* step = findAction(window, "stepForward");
    ASSERT_NE(step, nullptr);
    ASSERT_TRUE(step->shortcuts().contains(QKeySequence(Qt::Key_Right)));
    // Before the end the key moves one frame.
    controller->setCurrentFrame(controller->lastFrame() - 1);
    step->trigger();
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());

    // At the end it makes no frame that nothing could take back: it stops and says how to go on.
    const std::int64_t frames = controller->frameCount();
    window.statusBar()->clearMessage();
    for (int i = 0; i < 3; ++i)
        step->trigger();
    EXPECT_EQ(controller->frameCount(), frames);
    EXPECT_EQ(controller->currentFrame(), controller->lastFrame());
    EXPECT_EQ(window.undoStack()->count(), 0);
    EXPECT_FALSE(window.isWindowModified());
    EXPECT_EQ(window.statusBar()->currentMessage(), SimController::endOfRunMessage());

    // Going on is Run on, one undoable command; after it the key steps within the new frames only.
    findAction(window, "runOn")->trigger();
    ASSERT_EQ(window.undoStack()->count(), 1);
    const std::int64_t ranOn = controller->frameCount();
    EXPECT_GT(ranOn, frames);
    controller->goToLast();
    step->trigger();
    EXPECT_EQ(controller->frameCount(), ranOn);
    window.undoStack()->undo();
    EXPECT_EQ(controller->frameCount(), frames) << "undo takes every frame past the end back";
}

TEST(Projector, OpeningAnotherScenarioAsksBeforeDiscardingActions)
{
    MainWindow window;
    SimController* controller = window.controller();
    QAction* openLag = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->toolTip() == QStringLiteral("builtin:consumer-lag"))
            openLag = a;
    ASSERT_NE(openLag, nullptr);

    // Unmodified: opens without a question.
    bool asked = false;
    QTimer::singleShot(0, &window, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            asked = true;
            box->button(QMessageBox::Cancel)->click();
        }
    });
    openLag->trigger();
    QApplication::processEvents();
    EXPECT_FALSE(asked);
    EXPECT_EQ(controller->source(), QStringLiteral("builtin:consumer-lag"));

    // With an action: Cancel keeps the session, Discard opens the other scenario.
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:leo-hw-walkthrough")));
    controller->goToLast();
    findAction(window, "runOn")->trigger();
    ASSERT_FALSE(window.undoStack()->isClean());
    const std::int64_t frames = controller->frameCount();
    for (QMessageBox::StandardButton answer : { QMessageBox::Cancel, QMessageBox::Discard }) {
        QString question;
        QList<QMessageBox::StandardButton> offered;
        QTimer::singleShot(0, &window, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            ASSERT_NE(box, nullptr);
            question = box->text();
            for (QMessageBox::StandardButton b : { QMessageBox::Save, QMessageBox::Discard, QMessageBox::Cancel })
                if (box->button(b))
                    offered << b;
            box->button(answer)->click();
        });
        openLag->trigger();
        EXPECT_FALSE(question.isEmpty());
        EXPECT_EQ(offered.size(), 3) << "Save, Discard and Cancel";
        if (answer == QMessageBox::Cancel) {
            EXPECT_EQ(controller->source(), QStringLiteral("builtin:leo-hw-walkthrough"));
            EXPECT_EQ(controller->frameCount(), frames) << "the session stays as it was";
        } else {
            EXPECT_EQ(controller->source(), QStringLiteral("builtin:consumer-lag"));
        }
    }
}

TEST(Projector, TheShortcutListNamesEveryShortcutOfTheWindow)
{
    MainWindow window;
    const QList<QPair<QString, QString>> list = window.shortcutList();
    QStringList keys;
    for (const auto& entry : list)
        keys << entry.second;
    const QString all = keys.join(QLatin1Char('\n'));
    // Every action with a shortcut is listed with each of its keys.
    int actions = 0;
    for (QAction* a : window.findChildren<QAction*>()) {
        for (const QKeySequence& key : a->shortcuts()) {
            ++actions;
            EXPECT_TRUE(all.contains(key.toString(QKeySequence::NativeText)))
                << a->objectName().toStdString() << " " << key.toString().toStdString();
        }
    }
    EXPECT_GT(actions, 25);
    // The ones the issue found missing.
    for (const char* key : { "F5", "B", ".", "Esc", "Space", "Shift+End" })
        EXPECT_TRUE(keys.contains(QString::fromLatin1(key)) || all.contains(QString::fromLatin1(key))) << key;

    // The dialog shows the same list.
    window.showShortcuts();
    auto* dialog = window.findChild<QDialog*>(QStringLiteral("shortcutsDialog"));
    ASSERT_NE(dialog, nullptr);
    auto* table = dialog->findChild<QTreeWidget*>(QStringLiteral("shortcutsList"));
    ASSERT_NE(table, nullptr);
    ASSERT_EQ(table->topLevelItemCount(), list.size());
    for (int i = 0; i < table->topLevelItemCount(); ++i) {
        EXPECT_EQ(table->topLevelItem(i)->text(0), list[i].first);
        EXPECT_EQ(table->topLevelItem(i)->text(1), list[i].second);
    }
    dialog->close();
}

namespace {

/// The smallest text of the drawing as the view shows it: each text run's font pixel height times
/// the view's vertical scale. what names the smallest.
qreal smallestTextPx(const MainWindow& window, std::string* what)
{
    const qreal scale = window.view()->transform().m22();
    qreal smallest = 1e9;
    for (QGraphicsItem* item : window.scene()->items()) {
        if (!item->isVisible())
            continue;
        const qreal itemScale = scale * item->sceneTransform().m22();
        auto consider = [&](const QFont& font, const QString& text) {
            const qreal px = font.pixelSize() * itemScale;
            if (px < smallest) {
                smallest = px;
                if (what)
                    *what = text.toStdString();
            }
        };
        if (auto* frameItem = dynamic_cast<hw::ui::FrameItem*>(item))
            for (const hw::ui::TextRun& run : frameItem->texts())
                consider(run.font, run.text);
        if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item))
            consider(simple->font(), simple->text());
        if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item))
            consider(rich->font(), rich->toPlainText());
    }
    return smallest;
}

} // namespace

/// The text runs of one drawn item that cover each other (the larger presentation text must not
/// make a badge run into a name, or a tag into another tag), named for the failure message.
std::vector<std::string> overlappingTexts(const MainWindow& window)
{
    std::vector<std::string> found;
    for (hw::ui::FrameItem* item : window.scene()->frameItems()) {
        if (!item->isVisible())
            continue;
        const QList<hw::ui::TextRun>& runs = item->texts();
        const QList<QRectF> boxes = item->textBoxes();
        for (qsizetype i = 0; i < boxes.size(); ++i)
            for (qsizetype j = i + 1; j < boxes.size(); ++j) {
                const QRectF common = boxes[i].intersected(boxes[j]);
                if (common.width() > 0.5 && common.height() > 0.5)
                    found.push_back(
                        "\"" + runs[i].text.toStdString() + "\" and \"" + runs[j].text.toStdString() + "\"");
            }
    }
    return found;
}

TEST(Projector, InPresentationNoTextOfTheDrawingIsSmallerThan14PxAtProjectorSize)
{
    struct EnglishAfterwards {
        ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
    } english;
    LightTheme restore;
    // The walkthrough's partition view, and the compact cluster view of the 6-partition built-in
    // with its two consumer groups (FrameScene::setCompact).
    struct Case {
        const char* source;
        hw::ui::FrameScene::ViewKind view;
    };
    const Case cases[] = {
        { "builtin:leo-hw-walkthrough", hw::ui::FrameScene::ViewKind::Partition },
        { "builtin:rebalance-eager-vs-cooperative", hw::ui::FrameScene::ViewKind::Cluster },
    };
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const Case& c : cases) {
            MainWindow window;
            showAtProjectorSize(window);
            ASSERT_TRUE(window.openScenario(QString::fromLatin1(c.source)));
            window.scene()->setViewKind(c.view);
            if (c.view == hw::ui::FrameScene::ViewKind::Cluster) {
                ASSERT_GE(window.controller()->state().partitions.size(), 6u) << c.source;
            }
            const qreal normalScale = window.view()->transform().m22();
            const qreal normalSmallestPx = smallestTextPx(window, nullptr);
            EXPECT_FALSE(window.scene()->compact());
            presentAtProjectorSize(window);
            EXPECT_TRUE(window.scene()->compact());
            ASSERT_TRUE(presentationOf(window)->isActive());
            EXPECT_FALSE(window.scene()->legendShown()) << "the legend makes room for a larger drawing";
            const hw::Timeline& timeline = window.controller()->timeline();
            for (const std::string& label : timeline.labels()) {
                window.controller()->setCurrentFrame(timeline.findLabel(label));
                QTest::qWait(20);
                const std::string where = std::string(language) + ", " + c.source + ", checkpoint " + label;
                std::string smallest;
                const qreal px = smallestTextPx(window, &smallest);
                EXPECT_GE(px, hw::ui::PresentationMode::drawingTextPxMin)
                    << where << ": \"" << smallest << "\" is " << px << " px";
                // Larger text still fits its cells and boxes: nothing is cut to "…".
                for (hw::ui::FrameItem* item : window.scene()->frameItems())
                    for (const hw::ui::TextRun& run : item->texts())
                        EXPECT_FALSE(run.text.endsWith(QChar(0x2026)))
                            << where << ": \"" << run.text.toStdString() << "\" is cut";
                // The partition view is scaled up; the compact cluster view shows more of the view's
                // width to its larger text (and may be fitted at a smaller scale to do it).
                if (c.view == hw::ui::FrameScene::ViewKind::Partition) {
                    EXPECT_GT(window.view()->transform().m22(), normalScale) << where << ": the drawing is scaled up";
                }
                EXPECT_GT(px, normalSmallestPx * 1.5) << where << ": the text is larger on screen";
                // Still fitted: the whole drawing shows.
                const QRectF shown = window.view()->mapFromScene(window.scene()->sceneRect()).boundingRect();
                EXPECT_LE(shown.width(), window.view()->viewport()->width() + 2) << where;
                EXPECT_LE(shown.height(), window.view()->viewport()->height() + 2) << where;
                for (const std::string& pair : overlappingTexts(window))
                    ADD_FAILURE() << where << ": " << pair << " overlap";
                std::cout << "[ measured ] " << where << ": smallest text " << px << " px (\"" << smallest
                          << "\"), scale " << window.view()->transform().m22() << ", text floor "
                          << hw::ui::theme::textSizeMin() << "\n";
            }
            // Leaving restores the usual drawing: text sizes and the legend.
            presentationOf(window)->leave();
            QApplication::processEvents();
            EXPECT_EQ(hw::ui::theme::textSizeMin(), 0);
            EXPECT_TRUE(window.scene()->legendShown());
            EXPECT_FALSE(window.scene()->compact());
        }
    }
}

namespace {

/// Every built-in scenario in presentation mode at 1280x720, at every checkpoint, in English and
/// Traditional Chinese, in one view: text of at least 14 px, nothing cut to "…", no two texts over
/// each other, and the whole drawing in the view. The partition view shows each scenario's first
/// partition (and the one consumers read first, where that is another). Returns the smallest text
/// seen and where.
std::pair<qreal, std::string> expectEveryBuiltinReadableInPresentation(hw::ui::FrameScene::ViewKind view)
{
    struct EnglishAfterwards {
        ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
    } english;
    LightTheme restore;
    const bool cluster = view == hw::ui::FrameScene::ViewKind::Cluster;
    qreal smallestOfAll = 1e9;
    std::string smallestWhere;
    for (const char* language : { "en", "zh_TW" }) {
        if (!hw::ui::setLanguage(QString::fromLatin1(language))) {
            ADD_FAILURE() << language;
            continue;
        }
        for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
            MainWindow window;
            showAtProjectorSize(window);
            EXPECT_TRUE(window.openScenario(QStringLiteral("builtin:") + QString::fromLatin1(builtin.name.data(),
                static_cast<qsizetype>(builtin.name.size()))));
            window.scene()->setViewKind(view);
            presentAtProjectorSize(window);
            const hw::Timeline& timeline = window.controller()->timeline();
            for (const std::string& label : timeline.labels()) {
                window.controller()->setCurrentFrame(timeline.findLabel(label));
                QTest::qWait(20);
                const std::string where = std::string(language) + ", " + std::string(builtin.name) + ", checkpoint "
                    + label + (cluster ? ", cluster view" : ", partition view");
                std::string smallest;
                const qreal px = smallestTextPx(window, &smallest);
                EXPECT_GE(px, hw::ui::PresentationMode::drawingTextPxMin)
                    << where << ": \"" << smallest << "\" is " << px << " px (text floor "
                    << hw::ui::theme::textSizeMin() << ", scale " << window.view()->transform().m22() << ")";
                if (px < smallestOfAll) {
                    smallestOfAll = px;
                    smallestWhere = where + " (\"" + smallest + "\")";
                }
                for (hw::ui::FrameItem* item : window.scene()->frameItems())
                    for (const hw::ui::TextRun& run : item->texts())
                        EXPECT_FALSE(run.text.endsWith(QChar(0x2026)))
                            << where << ": \"" << run.text.toStdString() << "\" is cut";
                const QRectF shown = window.view()->mapFromScene(window.scene()->sceneRect()).boundingRect();
                EXPECT_LE(shown.width(), window.view()->viewport()->width() + 2) << where;
                EXPECT_LE(shown.height(), window.view()->viewport()->height() + 2) << where;
                for (const std::string& pair : overlappingTexts(window))
                    ADD_FAILURE() << where << ": " << pair << " overlap";
                // The fewer offsets shown still include each leader's last record: a longer stale
                // log on another replica does not push it out.
                for (QGraphicsItem* item : window.scene()->items()) {
                    const auto* row = qgraphicsitem_cast<const hw::ui::ReplicaLogItem*>(item);
                    if (!row || !row->isLeader() || row->leo() == 0)
                        continue;
                    EXPECT_TRUE(std::any_of(row->cells().begin(), row->cells().end(),
                        [&](const hw::ui::ReplicaLogItem::Cell& cell) { return cell.offset == row->leo() - 1; }))
                        << where << ": the leader on broker " << row->broker() << " does not show offset "
                        << row->leo() - 1;
                }
            }
            presentationOf(window)->leave();
            QApplication::processEvents();
        }
    }
    return { smallestOfAll, smallestWhere };
}

} // namespace

TEST(Projector, InPresentationEveryBuiltinClusterViewIsReadableAtProjectorSize)
{
    // The compact cluster view (FrameScene::setCompact).
    const auto [px, where] = expectEveryBuiltinReadableInPresentation(hw::ui::FrameScene::ViewKind::Cluster);
    std::cout << "[ measured ] smallest text of every built-in's compact cluster view at 1280x720: " << px << " px, "
              << where << "\n";
}

TEST(Projector, InPresentationEveryBuiltinPartitionViewIsReadableAtProjectorSize)
{
    const auto [px, where] = expectEveryBuiltinReadableInPresentation(hw::ui::FrameScene::ViewKind::Partition);
    std::cout << "[ measured ] smallest text of every built-in's partition view at 1280x720: " << px << " px, "
              << where << "\n";
}

TEST(Projector, NoNarrationLabelIsCutAndTheWholeNoteShowsAtEveryCheckpoint)
{
    // A projector, the default window on a full HD screen and a maximized one, in English and in
    // Traditional Chinese (whose note is the article's own text), at every checkpoint of the
    // walkthrough: no word-wrapped label of the narration is shorter than its text needs (the scroll
    // content used to keep the height of the previous text, cutting the note), and the note is in its
    // strip over the drawing, whole (scrolling within it where it is longer than the strip), the strip
    // of one height at every checkpoint (issue 25: moving only the long notes out of the dock changed
    // the drawing's size from step to step).
    LightTheme restore;
    struct EnglishAfterwards {
        ~EnglishAfterwards() { hw::ui::setLanguage(QStringLiteral("en")); }
    } english;
    int scrolling = 0;
    int whole = 0;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const QSize size : { projector, QSize(1440, 900), QSize(1920, 1080) }) {
            MainWindow window;
            window.resize(size);
            window.show();
            QApplication::processEvents();
            window.resize(size);
            QApplication::processEvents();
            auto* scroll = window.narration()->findChild<QScrollArea*>();
            ASSERT_NE(scroll, nullptr);
            const hw::Timeline& timeline = window.controller()->timeline();
            ASSERT_EQ(timeline.labels().size(), 4u) << "the article's four steps";
            int stripHeight = -1;
            for (const std::string& checkpoint : timeline.labels()) {
                const std::string where = std::string(language) + " " + std::to_string(size.width()) + "x"
                    + std::to_string(size.height()) + " checkpoint " + checkpoint;
                window.controller()->setCurrentFrame(timeline.findLabel(checkpoint));
                QApplication::processEvents();
                const QString noteText = window.narration()->noteText();
                ASSERT_FALSE(noteText.isEmpty()) << where;
                for (QLabel* label : window.findChildren<QLabel*>()) {
                    if (!label->isVisible() || label->text().isEmpty())
                        continue;
                    EXPECT_NE(label->text(), noteText) << where << ": the note shows in the dock too";
                    if (label->wordWrap()) {
                        EXPECT_GE(label->height(), label->heightForWidth(label->width()))
                            << where << ": \"" << label->text().left(40).toStdString() << "\" is cut";
                    }
                }
                EXPECT_EQ(scroll->verticalScrollBar()->value(), 0) << where << ": nothing scrolled yet";
                hw::ui::NoteStrip* strip = window.noteStrip();
                ASSERT_TRUE(window.narration()->isNoteOutside()) << where;
                ASSERT_TRUE(strip->isVisible()) << where;
                EXPECT_EQ(strip->noteView()->toPlainText(), noteText) << where;
                if (stripHeight < 0)
                    stripHeight = strip->height();
                EXPECT_EQ(strip->height(), stripHeight) << where;
                const QRect stripInWindow(strip->mapTo(&window, QPoint(0, 0)), strip->size());
                const QRect viewInWindow(window.view()->mapTo(&window, QPoint(0, 0)), window.view()->size());
                EXPECT_TRUE(window.rect().contains(stripInWindow)) << where;
                EXPECT_LE(stripInWindow.bottom(), viewInWindow.top()) << where << ": the strip covers the drawing";
                // The drawing keeps most of the height.
                EXPECT_GE(viewInWindow.height(), 3 * stripInWindow.height()) << where;
                // All of the note can be read: it fits, or the strip scrolls to its end.
                QTextBrowser* text = strip->noteView();
                const qreal needed = text->document()->size().height();
                if (needed > text->viewport()->height()) {
                    ++scrolling;
                    QScrollBar* bar = text->verticalScrollBar();
                    EXPECT_GE(bar->maximum() + text->viewport()->height(), static_cast<int>(needed) - 1) << where;
                } else {
                    ++whole;
                }
                EXPECT_GE(dock(window, "controlsDock")->height(), 150) << where;
            }
        }
    }
    std::cout << "[ measured ] the note whole in its strip " << whole << " times, scrolling in it " << scrolling
              << " times\n";
    EXPECT_GT(whole, 0);
}
