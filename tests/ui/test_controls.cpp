// SPDX-License-Identifier: MIT
// The Controls panel and the New sandbox dialog (issue #25): no button is blank, the mouse wheel
// scrolls the panel instead of changing the field under the pointer, and the Kafka version chosen
// for a sandbox is the one its cluster runs.

#include "base/i18n.h"
#include "base/theme.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/controlpanel.h"
#include "scenario/builtin.h"
#include "scenario/scenario.h"
#include "scene/frameview.h"
#include "shell/mainwindow.h"
#include "shell/sandboxdialog.h"
#include "teaching/teachingaids.h"
#include "timeline/timeline.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTest>
#include <QWheelEvent>
#include <QtTest/qtestspontaneevent.h>

#include <gtest/gtest.h>

using hw::ui::MainWindow;

namespace {

/// Restores the light theme and English whatever a test did.
struct Restore {
    ~Restore()
    {
        hw::ui::theme::apply(hw::ui::theme::Theme::Light);
        hw::ui::theme::applyToApplication();
        hw::ui::setLanguage(QStringLiteral("en"));
    }
};

QScrollArea* controlsScroll(const MainWindow& window)
{
    for (QWidget* w = window.controlPanel()->parentWidget(); w; w = w->parentWidget()) {
        if (auto* scroll = qobject_cast<QScrollArea*>(w))
            return scroll;
    }
    return nullptr;
}

/// A wheel turn over the middle of `field`, as the window system delivers it: to the widget under
/// the pointer (a spin box's line edit), spontaneous, so that QApplication offers an unaccepted
/// event to the parents. (QApplication::sendEvent would make it not spontaneous; QTest delivers
/// its mouse events through notify() in the same way.)
void turnWheel(QWidget* field, int angle)
{
    const QPoint centre = field->rect().center();
    QWidget* target = field->childAt(centre) ? field->childAt(centre) : field;
    const QPointF pos = target->mapFrom(field, centre);
    QWheelEvent event(pos, target->mapToGlobal(pos), QPoint(), QPoint(0, angle), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&event);
    QApplication::instance()->notify(target, &event);
}

/// What a field holds, to tell whether the wheel changed it.
int valueOf(QWidget* field)
{
    if (auto* spin = qobject_cast<QSpinBox*>(field))
        return spin->value();
    if (auto* combo = qobject_cast<QComboBox*>(field))
        return combo->currentIndex();
    if (auto* slider = qobject_cast<QAbstractSlider*>(field))
        return slider->value();
    return 0;
}

} // namespace

TEST(Controls, NoButtonIsBlankInAnyScenarioLanguageOrTheme)
{
    // Join and Leave were named only once a consumer was chosen: in a scenario without consumers
    // (the walkthrough, a sandbox) they were two empty buttons.
    Restore restore;
    for (const char* language : { "en", "zh_TW" }) {
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(language)));
        for (const char* source : { "builtin:leo-hw-walkthrough", "builtin:consumer-lag" }) {
            MainWindow window;
            ASSERT_TRUE(window.openScenario(QString::fromLatin1(source)));
            for (hw::ui::theme::Theme theme :
                { hw::ui::theme::Theme::Light, hw::ui::theme::Theme::Dark, hw::ui::theme::Theme::HighContrast }) {
                window.findChild<hw::ui::TeachingAids*>(QStringLiteral("teachingAids"))->setTheme(theme);
                for (QPushButton* button : window.controlPanel()->findChildren<QPushButton*>()) {
                    EXPECT_FALSE(button->text().trimmed().isEmpty() && button->icon().isNull())
                        << language << " " << source << " theme " << static_cast<int>(theme) << ": a blank button";
                }
                // A button that cannot be pressed looks it, in every theme.
                const QPalette palette = window.controlPanel()->killButton()->palette();
                EXPECT_NE(palette.color(QPalette::Disabled, QPalette::ButtonText),
                    palette.color(QPalette::Active, QPalette::ButtonText))
                    << "theme " << static_cast<int>(theme);
            }
        }
    }
}

TEST(Controls, TheWheelScrollsThePanelAndChangesOnlyAFieldThatHasTheFocus)
{
    MainWindow window;
    ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:consumer-lag")));
    window.resize(1280, 720);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QScrollArea* scroll = controlsScroll(window);
    ASSERT_NE(scroll, nullptr);
    QScrollBar* bar = scroll->verticalScrollBar();
    ASSERT_GT(bar->maximum(), 0) << "at 1280x720 the panel scrolls";

    QList<QWidget*> fields;
    for (QWidget* w : window.controlPanel()->findChildren<QWidget*>()) {
        if ((qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSlider*>(w))
            && w->isEnabled())
            fields << w;
    }
    ASSERT_GE(fields.size(), 10);
    int changedWithFocus = 0;
    for (QWidget* field : fields) {
        const std::string name
            = field->metaObject()->className() + std::string(" ") + field->objectName().toStdString();
        window.view()->setFocus();
        scroll->ensureWidgetVisible(field);
        // Towards the end with room to move: down, unless the panel is already at its bottom.
        const int angle = bar->value() < bar->maximum() ? -120 : 120;
        const int before = valueOf(field);
        const int scrolled = bar->value();
        turnWheel(field, angle);
        EXPECT_EQ(valueOf(field), before) << name << " changed under the wheel without the focus";
        EXPECT_NE(bar->value(), scrolled) << name << ": the panel did not scroll";

        // Chosen (clicked or tabbed to), it takes the wheel as usual.
        field->setFocus();
        ASSERT_TRUE(field->hasFocus()) << name;
        EXPECT_EQ(field->focusPolicy(), Qt::StrongFocus) << name << ": the wheel alone must not give it the focus";
        bool changed = false;
        for (int turn : { 120, -120, -120 }) {
            const int was = valueOf(field);
            turnWheel(field, turn);
            changed = changed || valueOf(field) != was;
        }
        changedWithFocus += changed;
    }
    EXPECT_GE(changedWithFocus, fields.size() / 2) << "a field with the focus still takes the wheel";
}

TEST(Sandbox, TheKafkaVersionChosenIsTheOneTheClusterRuns)
{
    Restore restore;
    hw::ui::SandboxDialog dialog;
    QComboBox* versions = dialog.kafkaVersionCombo();
    ASSERT_NE(versions, nullptr);
    ASSERT_EQ(versions->count(), static_cast<int>(hw::kafkaVersions().size()));
    EXPECT_EQ(dialog.settings().kafkaVersion, hw::defaultKafkaVersion) << "the engine's default is chosen";
    EXPECT_TRUE(versions->currentText().contains(QStringLiteral("4.4")));
    // 3.7 to 4.4, oldest first; the default, the newest, is marked.
    EXPECT_EQ(versions->itemText(0), QStringLiteral("Kafka 3.7"));
    EXPECT_EQ(versions->itemText(versions->count() - 2), QStringLiteral("Kafka 4.3"));
    EXPECT_EQ(versions->itemText(versions->count() - 1), QStringLiteral("Kafka 4.4 (default)"));
    EXPECT_EQ(versions->currentIndex(), versions->count() - 1);
    for (int i = 0; i < versions->count(); ++i) {
        versions->setCurrentIndex(i);
        const hw::ui::SandboxSettings settings = dialog.settings();
        const hw::KafkaVersion version = hw::kafkaVersions()[static_cast<std::size_t>(i)];
        const QString name = QString::fromLatin1(
            hw::kafkaVersionName(version).data(), static_cast<qsizetype>(hw::kafkaVersionName(version).size()));
        EXPECT_EQ(settings.kafkaVersion, version);
        EXPECT_TRUE(versions->currentText().contains(name));
        hw::Scenario scenario;
        QString error;
        ASSERT_TRUE(hw::ui::SandboxDialog::makeScenario(settings, &scenario, &error)) << error.toStdString();
        EXPECT_EQ(scenario.cluster.config.kafkaVersion, version) << name.toStdString();
        // The window runs it: its title and its state name the version.
        MainWindow window;
        ASSERT_TRUE(window.openParsedScenario(scenario, QStringLiteral("sandbox")));
        EXPECT_EQ(window.controller()->state().config.kafkaVersion, version);
        EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("Kafka ") + name))
            << window.windowTitle().toStdString();
        // And a saved session keeps it.
        const hw::Scenario recorded
            = hw::recordSession(window.controller()->scenario(), window.controller()->timeline());
        EXPECT_EQ(recorded.cluster.config.kafkaVersion, version);
    }
    // setSettings chooses the version too.
    hw::ui::SandboxSettings older;
    older.kafkaVersion = hw::kafkaVersions().front();
    dialog.setSettings(older);
    EXPECT_EQ(dialog.settings().kafkaVersion, hw::kafkaVersions().front());
}
