// SPDX-License-Identifier: MIT
// The teaching aids: the glossary and its tooltips, the themes, presentation mode and predict mode.

#include "base/glossary.h"
#include "base/i18n.h"
#include "base/narration.h"
#include "base/theme.h"
#include "control/session.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/glossarypanel.h"
#include "panels/narrationpanel.h"
#include "panels/timelinebar.h"
#include "panels/timelinepanel.h"
#include "scenario/scenario.h"
#include "scene/clusterfacts.h"
#include "scene/frameitem.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "scene/hwlineitem.h"
#include "scene/itemtypes.h"
#include "scene/messageitem.h"
#include "scene/replicalogitem.h"
#include "shell/mainwindow.h"
#include "teaching/predictmode.h"
#include "teaching/presentationmode.h"
#include "teaching/teachingaids.h"
#include "timeline/timeline.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QHelpEvent>
#include <QLabel>
#include <QTextEdit>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStatusBar>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

#include <gtest/gtest.h>

using hw::ui::FrameScene;
using hw::ui::Glossary;
using hw::ui::MainWindow;
using hw::ui::ReplicaLogItem;

namespace {

QAction* findAction(const MainWindow& window, const char* name)
{
    return window.findChild<QAction*>(QString::fromLatin1(name));
}

hw::ui::TeachingAids* aidsOf(const MainWindow& window)
{
    return window.findChild<hw::ui::TeachingAids*>(QStringLiteral("teachingAids"));
}

QDockWidget* dock(const MainWindow& window, const char* name)
{
    return window.findChild<QDockWidget*>(QString::fromLatin1(name));
}

/// The leader's row of the partition shown.
ReplicaLogItem* leaderRow(const MainWindow& window)
{
    for (ReplicaLogItem* row : window.scene()->replicaItems()) {
        if (row->isLeader())
            return row;
    }
    return nullptr;
}

QPointF sceneCenterOf(const ReplicaLogItem& item, const char* role)
{
    const hw::ui::TextRun* run = item.textWithRole(QString::fromLatin1(role));
    EXPECT_NE(run, nullptr) << role;
    return run ? item.mapToScene(run->box.center()) : QPointF();
}

/// Restores the light theme whatever a test did, so that the tests stay independent.
struct LightTheme {
    ~LightTheme()
    {
        hw::ui::theme::setLineScale(1.0);
        hw::ui::theme::apply(hw::ui::theme::Theme::Light);
        hw::ui::theme::applyToApplication();
    }
};

} // namespace

TEST(Glossary, EveryEntryHasTextInAllThreeLanguages)
{
    const Glossary& glossary = Glossary::builtin();
    ASSERT_GE(glossary.entries().size(), 25);
    for (const hw::ui::GlossaryEntry& entry : glossary.entries()) {
        EXPECT_TRUE(entry.term.isComplete()) << entry.id.toStdString();
        EXPECT_TRUE(entry.definition.isComplete()) << entry.id.toStdString();
        for (const QString& id : entry.seeAlso)
            EXPECT_NE(glossary.entry(id), nullptr) << entry.id.toStdString() << " -> " << id.toStdString();
    }
    // Section 6 of kafka-semantics.md has ten "textbook vs real Kafka" notes and section 7 of
    // kafka-versions.md eight more, two of which say what two of the ten say (the HW, acks=1).
    ASSERT_EQ(glossary.textbook().size(), 16);
    for (const hw::ui::TextbookNote& note : glossary.textbook()) {
        EXPECT_TRUE(note.claim.isComplete());
        EXPECT_TRUE(note.reality.isComplete());
        EXPECT_FALSE(note.terms.isEmpty());
    }
}

TEST(Glossary, HasEveryTermTheIssueAndTheViewsName)
{
    const Glossary& glossary = Glossary::builtin();
    for (const char* id : { "producer", "consumer", "broker", "topic", "partition", "replica", "leader", "follower",
             "ar", "isr", "osr", "leo", "hw", "consumer-group", "leader-epoch", "acks", "min-insync", "controller",
             "offset", "lag", "commit", "rebalance", "coordinator", "unclean-election", "truncation", "epoch-cache",
             "leader-view", "broker-state", "elr", "last-known-elr", "leader-recovery-state", "unclean-shutdown",
             "broker-epoch", "kafka-version" })
        EXPECT_NE(glossary.entry(QString::fromLatin1(id)), nullptr) << id;
}

TEST(Glossary, ChineseTermsAreTheSeedArticles)
{
    const Glossary& glossary = Glossary::builtin();
    const std::vector<std::tuple<const char*, const char*, const char*>> expected = {
        { "producer", "生產者", "生产者" },
        { "consumer", "消費者", "消费者" },
        { "broker", "代理節點", "代理节点" },
        { "topic", "主題", "主题" },
        { "partition", "分區", "分区" },
        { "replica", "副本", "副本" },
        { "leader", "領導者副本", "领导者副本" },
        { "follower", "跟隨者副本", "跟随者副本" },
        { "isr", "同步副本 ISR", "同步副本 ISR" },
        { "leo", "日志結束偏移量 LEO", "日志结束偏移量 LEO" },
        { "hw", "高水位 HW", "高水位 HW" },
        { "consumer-group", "消費者組", "消费者组" },
    };
    for (const auto& [id, traditional, simplified] : expected) {
        const hw::ui::GlossaryEntry* entry = glossary.entry(QString::fromLatin1(id));
        ASSERT_NE(entry, nullptr) << id;
        EXPECT_TRUE(entry->term.zhTw.contains(QString::fromUtf8(traditional))) << id;
        EXPECT_TRUE(entry->term.zhCn.contains(QString::fromUtf8(simplified))) << id;
    }
}

TEST(Glossary, DefinesTheVersionTermsInThreeLanguagesCitingKafka)
{
    // Issue #13's terms, each with what its definition must cite (a KIP or the Kafka class that holds
    // the rule), in every language: the identifiers are not translated.
    const Glossary& glossary = Glossary::builtin();
    const std::vector<std::tuple<const char*, const char*, const char*>> expected = {
        { "elr", "KIP-966", "合格領導者副本" },
        { "last-known-elr", "useLastKnownLeaderInBalancedRecovery", "最後已知的領導者" },
        { "leader-recovery-state", "KIP-704", "領導者恢復狀態" },
        { "unclean-shutdown", "handleBrokerShutdown", "非正常關閉" },
        { "broker-epoch", "KIP-903", "代理節點紀元" },
        { "kafka-version", "MetadataVersion.LATEST_PRODUCTION", "Kafka 版本" },
    };
    for (const auto& [id, cites, traditionalTerm] : expected) {
        const hw::ui::GlossaryEntry* entry = glossary.entry(QString::fromLatin1(id));
        ASSERT_NE(entry, nullptr) << id;
        EXPECT_TRUE(entry->term.isComplete()) << id;
        EXPECT_TRUE(entry->definition.isComplete()) << id;
        EXPECT_FALSE(entry->seeAlso.isEmpty()) << id;
        for (const QString* text : { &entry->definition.en, &entry->definition.zhTw, &entry->definition.zhCn })
            EXPECT_TRUE(text->contains(QLatin1String(cites))) << id << ": " << text->toStdString();
        EXPECT_TRUE(entry->term.zhTw.contains(QString::fromUtf8(traditionalTerm))) << id;
        // Traditional and Simplified are two texts, not one copied.
        EXPECT_NE(entry->definition.zhTw, entry->definition.zhCn) << id;
    }
    // The RECOVERED/RECOVERING states are named as Kafka names them.
    EXPECT_TRUE(glossary.entry(QStringLiteral("leader-recovery-state"))->term.en.contains(QLatin1String("RECOVERING")));
}

TEST(Glossary, TextbookNotesCarryTheKafkaVersionThatChangedThem)
{
    // The eight claims of kafka-versions.md section 7 (the first two merged into section 6's notes on
    // the HW and on acknowledged records), and truncation by leader epoch (0.11).
    const std::vector<std::pair<const char*, const char*>> expected = {
        { "HW = the smallest LEO of all replicas (or of the ISR).", "3.7" },
        { "an acks=1 write is committed once the leader has it", "3.7" },
        { "The ISR always holds at least one replica.", "4.1" },
        { "With unclean election off, a partition whose ISR is gone stays offline.", "4.1" },
        { "Every ISR change bumps the leader epoch.", "3.6" },
        { "unclean.leader.election.enable=true just works in KRaft.", "3.9" },
        { "A retried produce can duplicate a record.", "3.0" },
        { "A rebalance stops the whole group.", "4.0" },
        { "Followers truncate their log to the HW.", "0.11" },
    };
    const Glossary& glossary = Glossary::builtin();
    for (const auto& [claim, since] : expected) {
        int found = 0;
        for (const hw::ui::TextbookNote& note : glossary.textbook()) {
            if (!note.claim.en.contains(QString::fromUtf8(claim)))
                continue;
            ++found;
            EXPECT_EQ(note.since, QString::fromLatin1(since)) << claim;
            // The reality names the version in every language, as the shown "Kafka 4.1+" does.
            for (const QString* text : { &note.reality.en, &note.reality.zhTw, &note.reality.zhCn })
                EXPECT_TRUE(text->contains(note.since)) << claim << ": " << text->toStdString();
        }
        EXPECT_EQ(found, 1) << claim;
    }
    int versioned = 0;
    for (const hw::ui::TextbookNote& note : glossary.textbook())
        versioned += note.since.isEmpty() ? 0 : 1;
    EXPECT_EQ(versioned, static_cast<int>(expected.size())) << "a note with a version the table above lacks";
}

TEST(Glossary, RejectsBrokenFiles)
{
    QString error;
    EXPECT_TRUE(Glossary::parse("{", &error).entries().isEmpty());
    EXPECT_FALSE(error.isEmpty());
    error.clear();
    Glossary::parse(R"({"format": "other"})", &error);
    EXPECT_FALSE(error.isEmpty());
    error.clear();
    Glossary::parse(R"({"format": "highwater-glossary/1", "entries": [
        {"id": "a", "term": {"en": "A"}, "definition": {"en": "x"}, "seeAlso": ["missing"]}]})",
        &error);
    EXPECT_TRUE(error.contains(QLatin1String("missing"))) << error.toStdString();
    error.clear();
    Glossary::parse(QByteArray(Glossary::fileBytesMax + 1, ' '), &error);
    EXPECT_FALSE(error.isEmpty());
    error.clear();
    const Glossary ok = Glossary::parse(R"({"format": "highwater-glossary/1", "entries": [
        {"id": "a", "term": {"en": "A", "zh_TW": "甲", "zh_CN": "甲"}, "definition": {"en": "x", "zh_TW": "x", "zh_CN": "x"}}]})",
        &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_EQ(ok.entries().size(), 1);
    EXPECT_EQ(ok.toolTip(QStringLiteral("a"), QStringLiteral("zh_TW")), QStringLiteral("甲\nx"));

    // A note's "since" is a Kafka release, major.minor, as a string; the error says where and what.
    auto withSince = [](const char* since) {
        return QByteArray(R"({"format": "highwater-glossary/1", "entries": [
            {"id": "a", "term": {"en": "A"}, "definition": {"en": "x"}}], "textbook": [
            {"terms": ["a"], "claim": {"en": "c"}, "reality": {"en": "r"}},
            {"terms": ["a"], "claim": {"en": "c"}, "reality": {"en": "r"}, "since": )")
            + since + "}]}";
    };
    error.clear();
    const Glossary versioned = Glossary::parse(withSince(R"("4.1")"), &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    ASSERT_EQ(versioned.textbook().size(), 2);
    EXPECT_TRUE(versioned.textbook()[0].since.isEmpty());
    EXPECT_EQ(versioned.textbook()[1].since, QStringLiteral("4.1"));
    for (const char* bad : { "4.1", R"("4.1.1")", R"("four")", R"("")", R"("4")", R"("100.1")", "null" }) {
        error.clear();
        EXPECT_TRUE(Glossary::parse(withSince(bad), &error).textbook().isEmpty()) << bad;
        EXPECT_TRUE(
            error.startsWith(QLatin1String("textbook[1].since: expected a Kafka version such as \"4.1\", got ")))
            << bad << ": " << error.toStdString();
        EXPECT_TRUE(error.endsWith(QString::fromUtf8(bad))) << bad << ": " << error.toStdString();
    }
}

TEST(Teaching, HoveringMarkersAndBadgesGivesTheirGlossaryEntry)
{
    MainWindow window;
    window.resize(1440, 900);
    window.show();
    QApplication::processEvents();
    hw::ui::SimController* controller = window.controller();
    controller->setCurrentFrame(controller->timeline().findLabel("3"));
    QApplication::processEvents();
    FrameScene* scene = window.scene();
    ReplicaLogItem* leader = leaderRow(window);
    ASSERT_NE(leader, nullptr);

    // The tags, the markers themselves and the badges.
    EXPECT_EQ(scene->glossaryEntryAt(sceneCenterOf(*leader, "leo")), QStringLiteral("leo"));
    EXPECT_EQ(scene->glossaryEntryAt(sceneCenterOf(*leader, "hw")), QStringLiteral("hw"));
    EXPECT_EQ(scene->glossaryEntryAt(sceneCenterOf(*leader, "badge:isr")), QStringLiteral("isr"));
    EXPECT_EQ(scene->glossaryEntryAt(sceneCenterOf(*leader, "badge:leader")), QStringLiteral("leader"));
    const hw::ui::LogGeometry& g = leader->geometry();
    const QPointF leoTriangle = leader->mapToScene(QPointF(g.xOf(leader->leo()), g.topLane + g.cellHeight + 8));
    EXPECT_EQ(scene->glossaryEntryAt(leoTriangle), QStringLiteral("leo"));
    const QPointF hwTriangle = leader->mapToScene(QPointF(g.xOf(leader->hw()), g.topLane - 6));
    EXPECT_EQ(scene->glossaryEntryAt(hwTriangle), QStringLiteral("hw"));
    for (ReplicaLogItem* row : scene->replicaItems()) {
        if (!row->isLeader()) {
            EXPECT_EQ(scene->glossaryEntryAt(sceneCenterOf(*row, "badge:follower")), QStringLiteral("follower"));
            EXPECT_EQ(scene->glossaryEntryAt(sceneCenterOf(*row, "view")), QStringLiteral("leader-view"));
        }
    }
    // The tooltip is the entry's term and definition in the UI language.
    const QString tip = scene->toolTipAt(sceneCenterOf(*leader, "badge:isr"));
    EXPECT_TRUE(tip.contains(QStringLiteral("<b>ISR (In-Sync Replicas)</b><br/>"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("replica.lag.time.max.ms")));
    // A record cell still gives the record's own details.
    ASSERT_FALSE(leader->cells().isEmpty());
    EXPECT_TRUE(scene->toolTipAt(leader->mapToScene(leader->cells().first().rect.center() + QPointF(0, 12)))
                    .startsWith(QStringLiteral("Offset 0")));

    // A real tooltip event over the ISR badge selects the entry in the glossary dock.
    QDockWidget* glossaryDock = dock(window, "glossaryDock");
    ASSERT_NE(glossaryDock, nullptr);
    glossaryDock->show();
    glossaryDock->raise();
    QApplication::processEvents();
    hw::ui::GlossaryPanel* glossary = aidsOf(window)->glossary();
    glossary->showEntry(QStringLiteral("producer"));
    const QPoint viewPos = window.view()->mapFromScene(sceneCenterOf(*leader, "badge:isr"));
    QHelpEvent help(QEvent::ToolTip, viewPos, window.view()->viewport()->mapToGlobal(viewPos));
    QApplication::sendEvent(window.view()->viewport(), &help);
    EXPECT_EQ(glossary->currentEntry(), QStringLiteral("isr"));
    EXPECT_TRUE(glossary->text()->toPlainText().contains(QStringLiteral("ISR (In-Sync Replicas)")));
}

TEST(Teaching, GlossaryDockFiltersLinksAndFollowsTheLanguage)
{
    MainWindow window;
    hw::ui::GlossaryPanel* glossary = aidsOf(window)->glossary();
    glossary->setFilter(QStringLiteral("log end offset"));
    EXPECT_EQ(glossary->listedTerms(), QStringList { QStringLiteral("LEO (Log End Offset)") });
    glossary->setFilter(QStringLiteral("日志結束")); // any language's text matches
    EXPECT_EQ(glossary->listedTerms(), QStringList { QStringLiteral("LEO (Log End Offset)") });
    glossary->setFilter(QString());
    EXPECT_EQ(glossary->listedTerms().size(), Glossary::builtin().entries().size() + 1);

    ASSERT_TRUE(glossary->showEntry(QStringLiteral("hw")));
    EXPECT_TRUE(glossary->text()->toHtml().contains(QStringLiteral("glossary:leo"))) << "see also links";
    EXPECT_TRUE(glossary->text()->toPlainText().contains(QStringLiteral("Real Kafka:")));
    emit glossary->text()->anchorClicked(QUrl(QStringLiteral("glossary:leo")));
    EXPECT_EQ(glossary->currentEntry(), QStringLiteral("leo"));
    EXPECT_FALSE(glossary->showEntry(QStringLiteral("no-such-term")));
    ASSERT_TRUE(glossary->showEntry(Glossary::textbookId()));
    EXPECT_TRUE(glossary->text()->toPlainText().contains(QStringLiteral("acks=all means all replicas.")));
    // Each note that a Kafka release changed says which, after what real Kafka does.
    for (const char* shown : { "(Kafka 4.1+)", "(Kafka 3.9+)", "(Kafka 3.0+)", "(Kafka 0.11+)" })
        EXPECT_TRUE(glossary->text()->toPlainText().contains(QString::fromLatin1(shown))) << shown;
    ASSERT_TRUE(glossary->showEntry(QStringLiteral("elr")));
    EXPECT_TRUE(glossary->text()->toPlainText().contains(QStringLiteral("The ISR always holds at least one replica.")));
    EXPECT_TRUE(glossary->text()->toPlainText().contains(QStringLiteral("(Kafka 4.1+)")));
    EXPECT_TRUE(glossary->text()->toHtml().contains(QStringLiteral("glossary:last-known-elr")));
    ASSERT_TRUE(glossary->showEntry(Glossary::textbookId()));

    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_TW")));
    QApplication::processEvents();
    EXPECT_TRUE(glossary->listedTerms().contains(QStringLiteral("高水位 HW")));
    EXPECT_TRUE(glossary->listedTerms().contains(QStringLiteral("合格領導者副本 ELR (Eligible Leader Replicas)")));
    EXPECT_TRUE(glossary->text()->toPlainText().contains(QStringLiteral("acks=all 表示所有副本。")));
    EXPECT_TRUE(glossary->text()->toPlainText().contains(QStringLiteral("（Kafka 4.1 起）")));
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents();
    EXPECT_TRUE(glossary->listedTerms().contains(QStringLiteral("消费者组 (Consumer Group)")));
    EXPECT_TRUE(glossary->listedTerms().contains(QStringLiteral("代理节点纪元 (Broker Epoch)")));
    EXPECT_TRUE(glossary->text()->toPlainText().contains(QStringLiteral("（Kafka 4.1 起）")));
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("en")));
    QApplication::processEvents();
    EXPECT_TRUE(glossary->listedTerms().contains(QStringLiteral("Consumer group")));
}

/// Mean lightness of an icon's visible pixels (0 dark .. 255 light).
int iconLightness(const QIcon& icon)
{
    const QImage image = icon.pixmap(QSize(24, 24)).toImage().convertToFormat(QImage::Format_ARGB32);
    qint64 sum = 0;
    qint64 count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() > 128) {
                sum += c.lightness();
                ++count;
            }
        }
    return count > 0 ? static_cast<int>(sum / count) : -1;
}

TEST(Teaching, SwitchingThemeRecoloursTheSceneAndBack)
{
    LightTheme restore;
    MainWindow window;
    FrameScene* scene = window.scene();
    hw::ui::TeachingAids* aids = aidsOf(window);
    const auto nameColor = [&window] {
        const hw::ui::TextRun* name = leaderRow(window)->textWithRole(QStringLiteral("name"));
        return name ? name->color : QColor();
    };
    ASSERT_NE(leaderRow(window), nullptr);
    EXPECT_EQ(scene->backgroundBrush().color(), QColor(Qt::white));
    const QColor lightInk = nameColor();

    findAction(window, "themeDark")->trigger();
    EXPECT_EQ(aids->currentTheme(), hw::ui::theme::Theme::Dark);
    EXPECT_LT(scene->backgroundBrush().color().lightness(), 60);
    EXPECT_GT(nameColor().lightness(), 200) << "light ink on the dark paper";
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 80) << "the widgets go dark too";
    QApplication::processEvents();
    EXPECT_GT(iconLightness(findAction(window, "play")->icon()), 160) << "the transport icons turn light on dark";

    findAction(window, "themeHighContrast")->trigger();
    EXPECT_EQ(scene->backgroundBrush().color(), QColor(Qt::white));
    EXPECT_EQ(nameColor(), QColor(Qt::black));
    EXPECT_GT(hw::ui::theme::lineScale(), 1.0);

    findAction(window, "themeLight")->trigger();
    EXPECT_EQ(scene->backgroundBrush().color(), QColor(Qt::white));
    EXPECT_EQ(nameColor(), lightInk);
    EXPECT_TRUE(findAction(window, "themeLight")->isChecked());
    QApplication::processEvents();
    EXPECT_LT(iconLightness(findAction(window, "play")->icon()), 100) << "and dark again on light";
}

TEST(Teaching, PresentationModeHidesDocksEnlargesTextAndRestores)
{
    LightTheme restore;
    MainWindow window;
    window.show();
    QApplication::processEvents();
    QLabel* narrationLabel = window.narration()->findChild<QLabel*>();
    ASSERT_NE(narrationLabel, nullptr);
    const qreal fontBefore = narrationLabel->font().pointSizeF();
    const Qt::WindowStates stateBefore = window.windowState();
    ASSERT_FALSE(window.isFullScreen());

    findAction(window, "presentationMode")->trigger();
    QApplication::processEvents();
    hw::ui::PresentationMode* presentation = aidsOf(window)->presentation();
    EXPECT_TRUE(presentation->isActive());
    EXPECT_TRUE(window.windowState() & Qt::WindowFullScreen);
    for (const char* hidden : { "controlsDock", "inspectorDock", "eventsDock", "glossaryDock" })
        EXPECT_FALSE(dock(window, hidden)->isVisible()) << hidden;
    for (const char* shown : { "timelineDock", "narrationDock" })
        EXPECT_TRUE(dock(window, shown)->isVisible()) << shown;
    EXPECT_FALSE(window.menuBar()->isVisible());
    EXPECT_NEAR(narrationLabel->font().pointSizeF(), fontBefore * hw::ui::PresentationMode::fontScale, 0.01);
    EXPECT_EQ(hw::ui::theme::current(), hw::ui::theme::Theme::HighContrast);

    // A presenter remote: Page Down goes to the next checkpoint, '.' blanks and unblanks the window.
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_PageDown);
    EXPECT_EQ(window.controller()->currentFrame(), window.controller()->timeline().findLabel("1"));
    QTest::keyClick(&window, Qt::Key_Period);
    EXPECT_TRUE(presentation->isBlanked());
    QWidget* blank = window.findChild<QWidget*>(QStringLiteral("blankScreen"));
    ASSERT_NE(blank, nullptr);
    EXPECT_TRUE(blank->isVisible());
    EXPECT_EQ(blank->size(), window.size());
    QTest::keyClick(&window, Qt::Key_Period);
    EXPECT_FALSE(presentation->isBlanked());
    QTest::keyClick(&window, Qt::Key_B);
    EXPECT_TRUE(presentation->isBlanked());

    QTest::keyClick(&window, Qt::Key_Escape);
    QApplication::processEvents();
    EXPECT_FALSE(presentation->isActive());
    EXPECT_FALSE(presentation->isBlanked());
    EXPECT_EQ(window.windowState(), stateBefore);
    for (const char* shown : { "controlsDock", "narrationDock", "timelineDock" })
        EXPECT_TRUE(dock(window, shown)->isVisible()) << shown;
    EXPECT_TRUE(window.menuBar()->isVisible());
    EXPECT_DOUBLE_EQ(narrationLabel->font().pointSizeF(), fontBefore);
    EXPECT_EQ(hw::ui::theme::current(), hw::ui::theme::Theme::Light);
    EXPECT_DOUBLE_EQ(hw::ui::theme::lineScale(), 1.0);
    EXPECT_FALSE(findAction(window, "presentationMode")->isChecked());
}

TEST(Teaching, PredictModeHidesTheNextHwAndRevealsItWithAVerdict)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    hw::ui::PredictMode* predict = aidsOf(window)->predict();
    const hw::Timeline& timeline = controller->timeline();
    const std::int64_t step2 = timeline.findLabel("2");
    const std::int64_t step3 = timeline.findLabel("3");
    ASSERT_GT(step3, step2);

    findAction(window, "predictMode")->trigger();
    EXPECT_TRUE(predict->isModeEnabled());
    controller->setCurrentFrame(step2);
    EXPECT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Waiting);

    // Page Down from checkpoint 2 reaches checkpoint 3 with its numbers hidden.
    window.action(QStringLiteral("nextCheckpoint"))->trigger();
    EXPECT_EQ(controller->currentFrame(), step3);
    ASSERT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Asking);
    ASSERT_NE(window.scene()->hwLineItem(), nullptr);
    EXPECT_TRUE(window.scene()->hwLineItem()->isMasked());
    ReplicaLogItem* leader = leaderRow(window);
    ASSERT_NE(leader, nullptr);
    EXPECT_EQ(leader->textWithRole(QStringLiteral("hw"))->text, QStringLiteral("HW ?"));
    EXPECT_EQ(leader->textWithRole(QStringLiteral("leo"))->text, QStringLiteral("LEO ?"));
    EXPECT_EQ(leader->textWithRole(QStringLiteral("view")), nullptr);
    EXPECT_TRUE(window.narration()->isNarrationConcealed());
    EXPECT_EQ(predict->hwGuess()->value(), 2) << "guesses start from the values before the step";
    ASSERT_EQ(predict->leoGuesses().size(), 3);

    // The seed's step 3: LEOs 4, 4, 3 and HW 3.
    const hw::Partition& partition = controller->state().partitions[0];
    const hw::Offset hwActual = hw::ui::partitionHighWatermark(partition);
    ASSERT_EQ(hwActual, 3);
    predict->hwGuess()->setValue(3);
    for (qsizetype i = 0; i < predict->leoGuesses().size(); ++i)
        predict->leoGuesses()[i]->setValue(static_cast<int>(partition.replicas[static_cast<std::size_t>(i)].log.leo()));

    // The next step reveals, without moving on.
    window.action(QStringLiteral("stepForward"))->trigger();
    EXPECT_EQ(controller->currentFrame(), step3);
    EXPECT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Revealed);
    EXPECT_TRUE(predict->lastGuessRight());
    EXPECT_TRUE(predict->verdictText().contains(QStringLiteral("Right: the HW is 3.")))
        << predict->verdictText().toStdString();
    EXPECT_FALSE(window.scene()->hwLineItem()->isMasked());
    EXPECT_EQ(leaderRow(window)->textWithRole(QStringLiteral("hw"))->text, QStringLiteral("HW 3"));
    EXPECT_FALSE(window.narration()->isNarrationConcealed());

    // The step after that moves on; a wrong guess is called wrong, with the real value.
    controller->setCurrentFrame(step2);
    window.action(QStringLiteral("nextCheckpoint"))->trigger();
    ASSERT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Asking);
    predict->hwGuess()->setValue(4);
    window.action(QStringLiteral("stepForward"))->trigger();
    EXPECT_FALSE(predict->lastGuessRight());
    EXPECT_TRUE(predict->verdictText().contains(QStringLiteral("you said HW 4; it is 3")))
        << predict->verdictText().toStdString();
    window.action(QStringLiteral("stepForward"))->trigger();
    EXPECT_EQ(controller->currentFrame(), step3 + 1);
    EXPECT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Asking) << "leaving checkpoint 3 asks again";

    // Moving elsewhere drops a question; turning the mode off shows everything.
    window.action(QStringLiteral("stepBack"))->trigger();
    EXPECT_EQ(controller->currentFrame(), step3);
    EXPECT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Waiting);
    EXPECT_EQ(window.scene()->predictionBase(), nullptr);
    EXPECT_FALSE(window.narration()->isNarrationConcealed());
    findAction(window, "predictMode")->trigger();
    EXPECT_FALSE(predict->isModeEnabled());
}

TEST(Teaching, ActingBeyondTheWalkthroughsScriptSwitchesAutoFetchOnWithABannerAndUndoRemovesIt)
{
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    hw::ui::SimController* controller = window.controller();
    QLabel* banner = aidsOf(window)->autoFetchBanner();
    ASSERT_NE(banner, nullptr);
    controller->setCurrentFrame(controller->timeline().findLabel("4"));
    ASSERT_FALSE(controller->state().config.autoFetch);
    EXPECT_FALSE(banner->isVisible());
    const std::int64_t before = controller->lastFrame();

    // README step 5: kill the leader.
    ASSERT_TRUE(window.act(hw::FaultStep { hw::KillLeaderAction { 0 } }));
    EXPECT_TRUE(controller->state().config.autoFetch);
    ASSERT_TRUE(banner->isVisible());
    EXPECT_TRUE(banner->text().contains(QStringLiteral("Followers now fetch on their own")))
        << banner->text().toStdString();
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    EXPECT_GE(banner->height(), banner->heightForWidth(banner->width())) << "the banner's text is whole";
    // The switch is a frame of its own, narrated, and recorded as an op before the kill.
    const hw::Timeline& timeline = controller->timeline();
    const hw::FrameInfo& switched = timeline.frame(before + 1);
    ASSERT_EQ(switched.event.type, hw::EventType::ConfigChanged);
    EXPECT_EQ(switched.event.count, 2);
    EXPECT_EQ(hw::ui::Narration::sentence(switched.event, timeline.stateAt(before + 1)),
        QStringLiteral("Configuration changed: auto.fetch=true. Followers now fetch on their own, as every Kafka "
                       "follower does (2 idle followers send a Fetch)."));
    const auto& ops = controller->session().ops();
    ASSERT_GE(ops.size(), 2u);
    EXPECT_TRUE(std::holds_alternative<hw::ConfigStep>(ops[ops.size() - 2].action));
    EXPECT_TRUE(std::holds_alternative<hw::FaultStep>(ops.back().action));
    // A saved session replays it: the recording carries the config step.
    const hw::Scenario recorded = hw::recordSession(controller->scenario(), controller->timeline());
    bool recordsTheSwitch = false;
    for (const hw::Step& step : recorded.steps) {
        if (const auto* config = std::get_if<hw::ConfigStep>(&step))
            recordsTheSwitch = recordsTheSwitch || (!config->changes.empty() && config->changes[0].key == "auto.fetch");
    }
    EXPECT_TRUE(recordsTheSwitch);

    // A second action does not switch it again.
    auto configOps = [&] {
        int n = 0;
        for (const hw::ui::SessionOp& op : controller->session().ops())
            n += op.kind == hw::ui::SessionOp::Kind::Action && std::holds_alternative<hw::ConfigStep>(op.action);
        return n;
    };
    hw::ProduceStep produce;
    produce.action.partition = 0;
    produce.action.values = { "m4" };
    ASSERT_TRUE(window.act(produce));
    EXPECT_EQ(configOps(), 1);

    // Undo both: the switch goes with the kill, and so does the banner.
    window.undoStack()->undo();
    window.undoStack()->undo();
    EXPECT_EQ(controller->lastFrame(), before);
    EXPECT_FALSE(controller->state().config.autoFetch);
    EXPECT_FALSE(banner->isVisible());
    window.undoStack()->redo();
    EXPECT_TRUE(controller->state().config.autoFetch);
    EXPECT_TRUE(banner->isVisible());
}

TEST(Teaching, AFetchByHandDoesNotSwitchAutoFetchOn)
{
    MainWindow window;
    hw::ui::SimController* controller = window.controller();
    controller->setCurrentFrame(controller->timeline().findLabel("2"));
    hw::FetchStep fetch;
    fetch.action.partition = 0;
    fetch.action.follower = 2;
    ASSERT_TRUE(window.act(fetch));
    EXPECT_FALSE(controller->state().config.autoFetch);
    EXPECT_TRUE(aidsOf(window)->autoFetchBanner()->isHidden());
}

namespace {

/// Every text the window shows: the drawing's text runs and message labels, visible labels, the
/// rows of visible lists and tables with their tooltips, and the status bar.
QStringList visibleTexts(const MainWindow& window)
{
    QStringList texts;
    for (QGraphicsItem* item : window.scene()->items()) {
        if (!item->isVisible())
            continue;
        if (auto* message = dynamic_cast<hw::ui::MessageItem*>(item)) {
            if (message->isLabelVisible())
                texts << message->label();
        }
        if (auto* frameItem = dynamic_cast<hw::ui::FrameItem*>(item)) {
            for (const hw::ui::TextRun& run : frameItem->texts())
                texts << run.text;
        }
    }
    for (QLabel* label : window.findChildren<QLabel*>()) {
        if (label->isVisible())
            texts << label->text() << label->toolTip();
    }
    // The note over the drawing is a text browser (it scrolls within its fixed height).
    for (QTextEdit* edit : window.findChildren<QTextEdit*>()) {
        if (edit->isVisible())
            texts << edit->toPlainText() << edit->toolTip();
    }
    for (QAbstractItemView* view : window.findChildren<QAbstractItemView*>()) {
        if (!view->isVisible() || !view->model())
            continue;
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            const QModelIndex index = view->model()->index(row, 0);
            texts << index.data().toString() << index.data(Qt::ToolTipRole).toString();
        }
    }
    texts << window.statusBar()->currentMessage();
    return texts;
}

} // namespace

namespace {

// Every distinct tooltip the drawing gives, sampled every 6 scene units over the whole scene.
QStringList sceneToolTips(const hw::ui::FrameScene& scene)
{
    QStringList tips;
    const QRectF area = scene.itemsBoundingRect();
    for (qreal y = area.top(); y < area.bottom(); y += 6) {
        for (qreal x = area.left(); x < area.right(); x += 6) {
            const QString tip = scene.toolTipAt(QPointF(x, y));
            if (!tip.isEmpty() && !tips.contains(tip))
                tips.append(tip);
        }
    }
    return tips;
}

QString committedLine()
{
    return QCoreApplication::translate("ReplicaLogItem", "Committed: below the HW, consumers can read it");
}

QString notCommittedLine()
{
    return QCoreApplication::translate("ReplicaLogItem", "Not committed: above the HW, consumers cannot read it yet");
}

} // namespace

TEST(Teaching, PredictModeHidesEveryPlaceThatTellsTheAnswerInEveryLanguageAndView)
{
    // Two questions of the walkthrough: from checkpoint 1 to 2 (the producer's request for m2 and m3 is
    // in flight: "in flight 1/5 · seq 2–3" told the leader's LEO) and from 2 to 3 (the HW moves to 3).
    struct Question {
        const char* from;
        const char* to;
    };
    for (const char* code : { "en", "zh_TW", "zh_CN" }) {
        for (const char* viewAction : { "partitionView", "clusterView" }) {
            for (const Question question : { Question { "1", "2" }, Question { "2", "3" } }) {
                const std::string where
                    = std::string(code) + " " + viewAction + " " + question.from + "->" + question.to;
                SCOPED_TRACE(where);
                ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(code)));
                MainWindow window;
                window.resize(1920, 1080);
                window.show();
                hw::ui::SimController* controller = window.controller();
                hw::ui::PredictMode* predict = aidsOf(window)->predict();
                window.action(QString::fromLatin1(viewAction))->trigger();
                for (const char* name : { "inspectorDock", "eventsDock", "chartsDock", "controlsDock" })
                    dock(window, name)->show();
                const hw::Timeline& timeline = controller->timeline();
                const std::int64_t from = timeline.findLabel(question.from);
                const std::int64_t asked = timeline.findLabel(question.to);
                const hw::FrameInfo& info = timeline.frame(asked);
                const hw::ClusterState answer = timeline.stateAt(asked);
                const QString note
                    = QString::fromStdString(timeline.notes()[static_cast<std::size_t>(info.note)].get(code));
                const QString narration = hw::ui::Narration::sentence(info.event, answer);
                const QString eventName = hw::ui::Narration::title(info.event);
                const QString label = QString::fromLatin1(question.to);
                // The numbers asked for: the partition's HW and each replica's LEO.
                const hw::Partition& partition = answer.partitions[0];
                QStringList answers { QStringLiteral("HW %1").arg(hw::ui::partitionHighWatermark(partition)),
                    QStringLiteral("HW: %1").arg(hw::ui::partitionHighWatermark(partition)) };
                for (const hw::Replica& replica : partition.replicas)
                    answers << QStringLiteral("LEO %1").arg(replica.log.leo());
                // The producer box's batches in flight ("in flight 1/5 · seq 2–3"), in this language.
                const QStringList pieces = QCoreApplication::translate("ProducerItem", "in flight %1/%2")
                                               .split(QRegularExpression(QStringLiteral("%[12]")));
                QString inFlightPattern = QRegularExpression::escape(pieces.constFirst());
                for (qsizetype i = 1; i < pieces.size(); ++i)
                    inFlightPattern += QStringLiteral("\\d+") + QRegularExpression::escape(pieces[i]);
                const QRegularExpression inFlight(inFlightPattern);
                const QString seq = QCoreApplication::translate("ProducerItem", "seq");

                findAction(window, "predictMode")->trigger();
                controller->setCurrentFrame(from);
                window.action(QStringLiteral("nextCheckpoint"))->trigger();
                ASSERT_EQ(controller->currentFrame(), asked);
                ASSERT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Asking);
                QCoreApplication::processEvents();

                const QStringList before = visibleTexts(window);
                bool placeholders = false;
                bool masked = false; // the "?" stand-ins are drawn
                for (const QString& text : before) {
                    EXPECT_FALSE(text.contains(note)) << "the note tells the answer";
                    EXPECT_FALSE(!narration.isEmpty() && text.contains(narration)) << "the narration tells it";
                    EXPECT_FALSE(!eventName.isEmpty() && text.contains(eventName))
                        << "the event's name tells it: " << text.toStdString();
                    for (const QString& value : answers)
                        EXPECT_FALSE(text.contains(value)) << text.toStdString();
                    EXPECT_FALSE(text.contains(inFlight)) << "the batches in flight tell it: " << text.toStdString();
                    EXPECT_FALSE(text.contains(seq + QLatin1Char(' ')))
                        << "so do their sequences: " << text.toStdString();
                    EXPECT_FALSE(text.contains(QStringLiteral("\u25C6") + label))
                        << "the checkpoint's label may tell it: " << text.toStdString();
                    EXPECT_FALSE(text.contains(hw::ui::NarrationPanel::tr("Checkpoint %1").arg(label)))
                        << text.toStdString();
                    placeholders = placeholders
                        || text == predict->tr("Hidden while you predict: reveal (Right) to see it again.");
                    masked = masked || text.contains(QStringLiteral("?"));
                }
                EXPECT_TRUE(placeholders) << "the docks say why they are empty";
                EXPECT_TRUE(masked);
                for (hw::ui::MessageItem* message : window.scene()->messageItems()) {
                    // The cluster view names the partition ("orders-0: Record ?, HW ?"); its digit is no answer.
                    if (message->isVisible()) {
                        EXPECT_FALSE(QString(message->label())
                                         .remove(QStringLiteral("orders-0"))
                                         .contains(QRegularExpression(QStringLiteral("\\d"))))
                            << message->label().toStdString();
                    }
                }
                for (const char* name : { "inspectorDock", "eventsDock", "chartsDock", "controlsDock" })
                    EXPECT_EQ(dock(window, name)->widget()->objectName(), QStringLiteral("predictPlaceholder")) << name;
                // The timeline: the step's checkpoint label says "?" on the bar and beside it, and no
                // marker of the step (an election, a loss) is drawn or named.
                hw::ui::TimelinePanel* panel = window.timelinePanel();
                std::vector<std::int64_t> checkpoints;
                for (const hw::ui::SimController::Marker& m : controller->markers())
                    if (m.kind == hw::ui::SimController::Marker::Kind::Checkpoint)
                        checkpoints.push_back(m.frame);
                const auto askedIndex = std::find(checkpoints.begin(), checkpoints.end(), asked) - checkpoints.begin();
                EXPECT_EQ(panel->bar()->checkpointLabelTexts()[askedIndex], QStringLiteral("?"));
                EXPECT_FALSE(panel->positionLabel()->toolTip().contains(label));
                for (const hw::ui::TimelineBar::MarkerGlyph& glyph : panel->bar()->markerGlyphs())
                    for (std::int64_t frame : glyph.frames)
                        EXPECT_FALSE(frame > from && frame <= asked) << "a marker of frame " << frame;
                const QString labelLine = hw::ui::TimelineBar::tr("Frame %1: checkpoint %2").arg(asked).arg(label);
                for (qreal x = 0; x < panel->bar()->width(); x += 3) {
                    EXPECT_FALSE(panel->bar()->markerToolTip(x).contains(labelLine))
                        << panel->bar()->markerToolTip(x).toStdString();
                }
                // The drawing's tooltips: hovering a "?" cell must not say what it holds, and no cell may
                // say whether it is committed (that is where the HW stands).
                const QStringList tipsBefore = sceneToolTips(*window.scene());
                EXPECT_FALSE(tipsBefore.isEmpty());
                for (const QString& tip : tipsBefore) {
                    EXPECT_FALSE(tip.contains(committedLine()) || tip.contains(notCommittedLine()))
                        << tip.toStdString();
                    for (const QString& value : answers)
                        EXPECT_FALSE(tip.contains(value)) << tip.toStdString();
                }

                // After the reveal everything is back: the note, the HW, the docks, the names.
                window.action(QStringLiteral("stepForward"))->trigger();
                ASSERT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Revealed);
                QCoreApplication::processEvents();
                const QStringList after = visibleTexts(window);
                EXPECT_TRUE(after.contains(note));
                EXPECT_TRUE(sceneToolTips(*window.scene()).filter(committedLine()).size() > 0)
                    << "the cells' tooltips say again what is committed";
                EXPECT_TRUE(after.filter(answers.constFirst()).size() > 0);
                EXPECT_TRUE(after.filter(eventName).size() > 0) << "the event's name is back";
                EXPECT_TRUE(panel->positionLabel()->text().contains(QStringLiteral("\u25C6") + label));
                EXPECT_EQ(panel->bar()->checkpointLabelTexts()[askedIndex], label);
                for (const char* name : { "inspectorDock", "eventsDock", "chartsDock", "controlsDock" }) {
                    EXPECT_NE(dock(window, name)->widget()->objectName(), QStringLiteral("predictPlaceholder")) << name;
                    EXPECT_FALSE(dock(window, name)->widget()->isHidden()) << name;
                }
            }
        }
    }
    hw::ui::setLanguage(QStringLiteral("en"));
}

namespace {

TEST(Teaching, PredictModeHidesTheConsumersPositionsAndLagUntilTheReveal)
{
    // The walkthrough has no consumers; consumer-lag has two. A consumer's position and lag tell
    // where the HW stands (a consumer reads up to the HW), so they are concealed like the producer's
    // counts while the class predicts.
    for (const char* code : { "en", "zh_TW", "zh_CN" }) {
        for (const char* viewAction : { "partitionView", "clusterView" }) {
            SCOPED_TRACE(std::string(code) + " " + viewAction);
            ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(code)));
            MainWindow window;
            ASSERT_TRUE(window.openScenario(QStringLiteral("builtin:consumer-lag")));
            hw::ui::SimController* controller = window.controller();
            hw::ui::PredictMode* predict = aidsOf(window)->predict();
            window.action(QString::fromLatin1(viewAction))->trigger();
            const hw::Timeline& timeline = controller->timeline();
            findAction(window, "predictMode")->trigger();
            controller->setCurrentFrame(timeline.findLabel("1"));
            window.action(QStringLiteral("nextCheckpoint"))->trigger();
            ASSERT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Asking);
            QCoreApplication::processEvents();

            // What a consumer box says, less the names (orders-0, fast-1) whose digits are no answer.
            const auto consumerTexts = [&] {
                QStringList texts;
                for (hw::ui::FrameItem* item : window.scene()->frameItems()) {
                    if (item->type() != hw::ui::ConsumerItemType)
                        continue;
                    for (const hw::ui::TextRun& run : item->texts()) {
                        if (run.role != QStringLiteral("name"))
                            texts << QString(run.text).remove(QRegularExpression(QStringLiteral("[A-Za-z]+-\\d+")));
                    }
                }
                return texts;
            };
            const QStringList asking = consumerTexts();
            ASSERT_FALSE(asking.isEmpty()) << "consumer-lag draws its consumers";
            for (const QString& text : asking)
                EXPECT_FALSE(text.contains(QRegularExpression(QStringLiteral("\\d")))) << text.toStdString();
            EXPECT_TRUE(asking.filter(QStringLiteral("?")).size() > 0) << "the positions stand as \"?\"";

            window.action(QStringLiteral("stepForward"))->trigger();
            ASSERT_EQ(predict->phase(), hw::ui::PredictMode::Phase::Revealed);
            QCoreApplication::processEvents();
            const QStringList revealed = consumerTexts();
            EXPECT_TRUE(revealed.filter(QRegularExpression(QStringLiteral("\\d"))).size() > 0)
                << "after the reveal the positions show again: " << revealed.join(QStringLiteral(" | ")).toStdString();
        }
    }
    hw::ui::setLanguage(QStringLiteral("en"));
}

} // namespace
