// SPDX-License-Identifier: MIT
// The three languages: every .ts message translated (and the files up to date with the sources),
// every user-visible string literal wrapped in tr(), no English left in a Chinese window, and the
// language switched at run time from View > Language.

#include "base/i18n.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/controlpanel.h"
#include "panels/narrationpanel.h"
#include "scene/frameitem.h"
#include "scene/framescene.h"
#include "scene/replicalogitem.h"
#include "shell/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFile>
#include <QFontDatabase>
#include <QFontInfo>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

namespace {

using hw::ui::MainWindow;

const QString translationsDir = QStringLiteral(HW_TRANSLATIONS_DIR);
const QString sourceDir = QStringLiteral(HW_SOURCE_DIR);

/// One message of a .ts file as the completeness check needs it.
struct TsMessage {
    QString context;
    QString source;
    bool numerus = false;
    QString type; // the translation's type attribute: "", "unfinished", "obsolete", "vanished"
    QStringList forms; // the translation, or its numerus forms
    qint64 line = 0;
};

struct TsFile {
    QString language;
    QList<TsMessage> messages;
    QString error;
};

TsFile readTs(const QString& path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = file.errorString();
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("TS")) {
            ts.language = xml.attributes().value(QLatin1String("language")).toString();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message = TsMessage {};
            message.context = context;
            message.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            message.line = xml.lineNumber();
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            if (message.numerus) {
                while (xml.readNextStartElement())
                    message.forms << xml.readElementText();
            } else {
                message.forms << xml.readElementText();
            }
            ts.messages << message;
        }
    }
    if (xml.hasError())
        ts.error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return ts;
}

/// The placeholders of a text, sorted: %1..%99 and %n (a translation must keep every one).
QStringList placeholders(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("%(\\d+|n)"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.sort();
    found.removeDuplicates();
    return found;
}

/// Every problem of one .ts file, one line each: unfinished, obsolete, empty or with placeholders
/// that differ from the source. English holds plural forms only.
QStringList problemsOf(const QString& path)
{
    const TsFile ts = readTs(path);
    if (!ts.error.isEmpty())
        return { ts.error };
    QStringList problems;
    const bool english = ts.language == QLatin1String("en");
    for (const TsMessage& m : ts.messages) {
        const QString where = QStringLiteral("%1:%2 [%3] \"%4\"")
                                  .arg(QFileInfo(path).fileName())
                                  .arg(m.line)
                                  .arg(m.context, m.source.left(60));
        if (english && !m.numerus) {
            problems << where + QStringLiteral(": English keeps plural forms only (lupdate -pluralonly)");
            continue;
        }
        if (!m.type.isEmpty()) {
            problems << where + QStringLiteral(": ") + m.type;
            continue;
        }
        if (m.forms.isEmpty()
            || std::any_of(m.forms.begin(), m.forms.end(), [](const QString& f) { return f.isEmpty(); })) {
            problems << where + QStringLiteral(": empty translation");
            continue;
        }
        // Chinese has one plural form; English two.
        const qsizetype formsWanted = !m.numerus ? 1 : english ? 2 : 1;
        if (m.forms.size() != formsWanted)
            problems << where + QStringLiteral(": %1 forms, wanted %2").arg(m.forms.size()).arg(formsWanted);
        for (const QString& form : m.forms) {
            QStringList wanted = placeholders(m.source);
            // A plural form may say "1 record" instead of "%n record(s)".
            if (m.numerus)
                wanted.removeAll(QStringLiteral("%n"));
            QStringList got = placeholders(form);
            got.removeAll(QStringLiteral("%n"));
            if (got != wanted)
                problems << where + QStringLiteral(": placeholders %1 in \"%2\"").arg(got.join(QLatin1Char(',')), form);
        }
    }
    return problems;
}

QStringList tsFiles(const QString& dir)
{
    QStringList files;
    for (const QString& name : QDir(dir).entryList({ QStringLiteral("*.ts") }, QDir::Files, QDir::Name))
        files << QDir(dir).filePath(name);
    return files;
}

TEST(Translations, EveryTsFileIsCompleteWithNothingObsolete)
{
    const QStringList files = tsFiles(translationsDir);
    ASSERT_EQ(files.size(), 3) << "expected highwater_en.ts, highwater_zh_CN.ts, highwater_zh_TW.ts in "
                               << translationsDir.toStdString();
    for (const QString& file : files) {
        const QStringList problems = problemsOf(file);
        EXPECT_TRUE(problems.isEmpty()) << problems.size() << " problem(s):\n"
                                        << problems.join(QLatin1Char('\n')).toStdString();
    }
    // Both Chinese files translate the same messages.
    QSet<QString> traditional, simplified;
    for (const TsMessage& m : readTs(translationsDir + QStringLiteral("/highwater_zh_TW.ts")).messages)
        traditional.insert(m.context + QLatin1Char('|') + m.source);
    for (const TsMessage& m : readTs(translationsDir + QStringLiteral("/highwater_zh_CN.ts")).messages)
        simplified.insert(m.context + QLatin1Char('|') + m.source);
    EXPECT_EQ(traditional, simplified);
    EXPECT_GT(traditional.size(), 500);
}

/// Writes a file for a test of a check; returns its path, or an empty string.
QString writeSample(const QTemporaryDir& dir, const QString& name, const char* text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!dir.isValid() || !file.open(QIODevice::WriteOnly) || file.write(text) < 0)
        return QString();
    return path;
}

TEST(Translations, TheCheckFindsUnfinishedObsoleteAndBrokenMessages)
{
    // The check above must be able to fail: a file with one of each kind of problem.
    const QTemporaryDir dir;
    const QString path
        = writeSample(dir, QStringLiteral("highwater_zh_TW.ts"), R"(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Test</name>
    <message><source>Fine %1</source><translation>好 %1</translation></message>
    <message><source>Unfinished</source><translation type="unfinished"></translation></message>
    <message><source>Gone</source><translation type="vanished">走了</translation></message>
    <message><source>Old</source><translation type="obsolete">舊</translation></message>
    <message><source>Empty</source><translation></translation></message>
    <message><source>Lost %1 and %2</source><translation>只有 %1</translation></message>
    <message numerus="yes"><source>%n record(s)</source><translation><numerusform>%n 筆記錄</numerusform></translation></message>
</context>
</TS>
)");
    ASSERT_FALSE(path.isEmpty());
    const QStringList problems = problemsOf(path);
    ASSERT_EQ(problems.size(), 5) << problems.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(problems[0].contains(QLatin1String("unfinished")));
    EXPECT_TRUE(problems[1].contains(QLatin1String("vanished")));
    EXPECT_TRUE(problems[2].contains(QLatin1String("obsolete")));
    EXPECT_TRUE(problems[3].contains(QLatin1String("empty")));
    EXPECT_TRUE(problems[4].contains(QLatin1String("placeholders")));
}

TEST(Translations, TheTsFilesHoldEveryStringOfTheSources)
{
    // lupdate over today's sources into copies of the .ts files: a text added to the code since the
    // last update shows up there as unfinished. Fix: cmake --build <dir> --target update_translations,
    // then translate the new messages (translations/README.md).
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (const QString& file : tsFiles(translationsDir)) {
        const QString copy = dir.filePath(QFileInfo(file).fileName());
        ASSERT_TRUE(QFile::copy(file, copy));
        // The engine's narration is translated with the GUI (ui/CMakeLists.txt reads it the same way).
        QStringList arguments { QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"),
            QStringLiteral("-no-obsolete"), QStringLiteral("-tr-function-alias"),
            QStringLiteral("Q_DECLARE_TR_FUNCTIONS+=HW_TR_CONTEXT") };
        if (file.endsWith(QLatin1String("_en.ts")))
            arguments << QStringLiteral("-pluralonly");
        arguments << sourceDir + QStringLiteral("/ui") << sourceDir + QStringLiteral("/app/main.cpp")
                  << sourceDir + QStringLiteral("/app/cli_export.cpp") << sourceDir + QStringLiteral("/core/scenario")
                  << QStringLiteral("-I") << sourceDir + QStringLiteral("/core") << QStringLiteral("-ts") << copy;
        QProcess lupdate;
        lupdate.start(QStringLiteral(HW_LUPDATE_PATH), arguments);
        ASSERT_TRUE(lupdate.waitForFinished(120000)) << lupdate.errorString().toStdString();
        ASSERT_EQ(lupdate.exitCode(), 0) << lupdate.readAllStandardError().toStdString();
        // With -no-obsolete, a message whose source lupdate did not read (a directory it skipped, a text
        // removed from the code) is dropped from the copy, not marked: count them.
        EXPECT_EQ(readTs(copy).messages.size(), readTs(file).messages.size())
            << QFileInfo(file).fileName().toStdString()
            << ": lupdate over the sources finds another number of messages; run the update_translations target";
        const QStringList problems = problemsOf(copy);
        EXPECT_TRUE(problems.isEmpty()) << QFileInfo(file).fileName().toStdString()
                                        << " is behind the sources; run the update_translations target and "
                                           "translate:\n"
                                        << problems.join(QLatin1Char('\n')).toStdString();
    }
}

/// Literal text that is passed to something that shows it, without tr(): "setText(QStringLiteral("Send"))".
struct Untranslated {
    QString file;
    int line = 0;
    QString code;
};

/// Texts that are the same in every language: Kafka's and HighWater's own names, and symbols.
bool isIdentifier(const QString& text)
{
    static const QSet<QString> identifiers { QStringLiteral("HighWater"), QStringLiteral("LEO"), QStringLiteral("HW"),
        QStringLiteral("ISR"), QStringLiteral("OSR"), QStringLiteral("acks"), QStringLiteral("min.insync.replicas"),
        QStringLiteral("unclean.leader.election.enable"), QStringLiteral("English") };
    return identifiers.contains(text);
}

QList<Untranslated> untranslatedLiterals(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return { { path, 0, file.errorString() } };
    const QString code = QString::fromUtf8(file.readAll());
    // A call that shows its argument, or a widget made with its text, whose (first or second)
    // argument is a string literal, bare or in QStringLiteral / QString::fromUtf8 / fromLatin1 /
    // QLatin1String.
    static const QRegularExpression call(QStringLiteral(
        R"re(\b(setText|setToolTip|setStatusTip|setWhatsThis|setWindowTitle|setTitle|setPlaceholderText|)re"
        R"re(setLabelText|setIconText|setAccessibleName|setHeaderLabel|setHeaderLabels|setSuffix|setPrefix|)re"
        R"re(setItemText|addItem|addAction|addMenu|addTab|addRow|showMessage|setSpecialValueText|)re"
        R"re(information|warning|critical|question|about|getSaveFileName|getOpenFileName|setNameFilter|)re"
        R"re(QLabel|QPushButton|QCheckBox|QRadioButton|QGroupBox|QAction|QToolButton|QDockWidget|QMenu)re"
        R"re()\s*\(\s*(?:[\w:>\-\.\(\)]+\s*,\s*)?\{?\s*)re"
        R"re((?:QStringLiteral|QString::fromUtf8|QString::fromLatin1|QLatin1String|u)?\s*\(?\s*)re"
        R"re("((?:[^"\\]|\\.)*)")re"));
    QList<Untranslated> found;
    for (auto it = call.globalMatch(code); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString text = m.captured(2);
        if (!text.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2,}"))) || isIdentifier(text))
            continue;
        // Object names ("themeDark"), prefixes ("builtin:"), resource paths and settings keys are
        // one word starting in lower case or a path; shown texts have spaces or a capital.
        static const QRegularExpression name(QStringLiteral("^([a-z][\\w.:\\-]*|:?[\\w.\\-]*/[\\w./\\-]*)$"));
        if (name.match(text).hasMatch())
            continue;
        const int line = static_cast<int>(code.left(m.capturedStart()).count(QLatin1Char('\n'))) + 1;
        found << Untranslated { QDir(sourceDir).relativeFilePath(path), line, m.captured(0) };
    }
    return found;
}

QStringList sourcesToLint()
{
    QStringList files;
    // Recursive: ui/ keeps its sources in one directory per part (ui/scene, ui/panels, ...).
    for (const QString& dir : { QStringLiteral("ui"), QStringLiteral("app") }) {
        QDirIterator it(sourceDir + QLatin1Char('/') + dir, { QStringLiteral("*.cpp"), QStringLiteral("*.h") },
            QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
    }
    files.sort();
    return files;
}

TEST(Translations, EveryShownStringLiteralGoesThroughTr)
{
    const QStringList files = sourcesToLint();
    ASSERT_GT(files.size(), 40);
    // One file from each part of ui/, so that a part the listing misses is noticed.
    for (const char* part : { "base/narration.cpp", "scene/framescene.cpp", "control/simcontroller.cpp",
             "panels/controlpanel.cpp", "export/exporter.cpp", "teaching/predictmode.cpp", "shell/mainwindow.cpp" })
        EXPECT_TRUE(files.contains(sourceDir + QStringLiteral("/ui/") + QLatin1String(part))) << part;
    QStringList problems;
    for (const QString& file : files) {
        // The command-line tool speaks English to scripts and terminals; only its export draws.
        if (file.endsWith(QLatin1String("/app/cli_main.cpp")))
            continue;
        for (const Untranslated& u : untranslatedLiterals(file))
            problems << QStringLiteral("%1:%2: %3").arg(u.file).arg(u.line).arg(u.code);
    }
    EXPECT_TRUE(problems.isEmpty()) << "wrap these in tr() (or add a real identifier to isIdentifier()):\n"
                                    << problems.join(QLatin1Char('\n')).toStdString();
}

TEST(Translations, TheLintFindsLiteralsOutsideTr)
{
    const QTemporaryDir dir;
    const QString path = writeSample(dir, QStringLiteral("sample.cpp"), R"(
    button->setText(QStringLiteral("Send it"));
    auto* label = new QLabel(QStringLiteral("Broker"), this);
    QMessageBox::warning(this, QStringLiteral("Cannot save"), error);
    statusBar()->showMessage(QString::fromUtf8("Saved"), 100);
    fine->setText(tr("Send it"));
    fine->setObjectName(QStringLiteral("sendButton"));
    fine->setText(QStringLiteral("LEO"));
    fine->setText(QStringLiteral("%1 / %2"));
    fine->addAction(QStringLiteral("themeDark"), keys);
    fine->setToolTip(QStringLiteral("builtin:") + name);
)");
    ASSERT_FALSE(path.isEmpty());
    const QList<Untranslated> found = untranslatedLiterals(path);
    ASSERT_EQ(found.size(), 4);
    EXPECT_EQ(found[0].line, 2);
    EXPECT_EQ(found[1].line, 3);
    EXPECT_EQ(found[2].line, 4);
    EXPECT_EQ(found[3].line, 5);
}

bool hasCjk(const QString& text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x3400 && c.unicode() <= 0x9FFF)
            return true;
    }
    return false;
}

/// The English words of a text that no translation would change: Kafka's configuration names,
/// protocol and error names, abbreviations, and the scenario's own names (topics, clients).
QStringList englishWords(const QString& text, const QSet<QString>& names)
{
    static const QSet<QString> kept { QStringLiteral("HighWater"), QStringLiteral("Kafka"), QStringLiteral("LEO"),
        QStringLiteral("HW"), QStringLiteral("ISR"), QStringLiteral("OSR"), QStringLiteral("acks"),
        QStringLiteral("all"), QStringLiteral("min"), QStringLiteral("insync"), QStringLiteral("replicas"),
        QStringLiteral("unclean"), QStringLiteral("leader"), QStringLiteral("election"), QStringLiteral("enable"),
        QStringLiteral("epoch"), QStringLiteral("Fetch"), QStringLiteral("Produce"), QStringLiteral("poll"),
        QStringLiteral("Poll"), QStringLiteral("auto"), QStringLiteral("fetch"), QStringLiteral("null"),
        QStringLiteral("ms"), QStringLiteral("English"), QStringLiteral("PNG"), QStringLiteral("json"),
        QStringLiteral("png"), QStringLiteral("Home"), QStringLiteral("End"), QStringLiteral("Page"),
        QStringLiteral("Up"), QStringLiteral("Down"), QStringLiteral("Ctrl"), QStringLiteral("Shift"),
        QStringLiteral("builtin"), QStringLiteral("partition"), QStringLiteral("Stable") };
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z_]+"));
    QStringList words;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString w = it.next().captured(0);
        if (!kept.contains(w) && !names.contains(w) && w.toUpper() != w)
            words << w;
    }
    return words;
}

/// Every text a window shows: actions, menus, labels, buttons, group boxes, docks, combo items.
QStringList windowTexts(const QWidget& window)
{
    QStringList texts;
    for (const QAction* a : window.findChildren<QAction*>()) {
        texts << a->text() << a->toolTip();
        if (a->menu())
            texts << a->menu()->title();
    }
    for (const QMenu* m : window.findChildren<QMenu*>())
        texts << m->title();
    for (const QLabel* l : window.findChildren<QLabel*>())
        texts << l->text();
    for (const QAbstractButton* b : window.findChildren<QAbstractButton*>())
        texts << b->text() << b->toolTip();
    for (const QGroupBox* g : window.findChildren<QGroupBox*>())
        texts << g->title();
    for (const QDockWidget* d : window.findChildren<QDockWidget*>())
        texts << d->windowTitle();
    for (const QComboBox* c : window.findChildren<QComboBox*>()) {
        for (int i = 0; i < c->count(); ++i)
            texts << c->itemText(i);
    }
    texts.removeAll(QString());
    return texts;
}

QStringList sceneTexts(const hw::ui::FrameScene& scene)
{
    QStringList texts;
    for (QGraphicsItem* item : scene.items()) {
        if (const auto* frameItem = dynamic_cast<const hw::ui::FrameItem*>(item)) {
            for (const hw::ui::TextRun& run : frameItem->texts())
                texts << run.text;
        }
    }
    return texts;
}

QSet<QString> scenarioNames(const hw::ClusterState& s)
{
    QSet<QString> names;
    for (const auto& t : s.topics)
        names.insert(QString::fromStdString(t.name));
    for (const auto& p : s.producers)
        names.insert(QString::fromStdString(p.id));
    for (const auto& c : s.consumers)
        names.insert(QString::fromStdString(c.id));
    for (const auto& g : s.groups)
        names.insert(QString::fromStdString(g.id));
    return names;
}

/// Switches through the View > Language menu, as a user does, and lets the widgets retranslate.
void chooseLanguage(MainWindow& window, const QString& code)
{
    QAction* action = window.findChild<QAction*>(QStringLiteral("language_") + code);
    ASSERT_NE(action, nullptr) << code.toStdString();
    action->trigger();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCoreApplication::processEvents();
}

/// Puts the app back in English whatever a test did.
struct EnglishAfterwards {
    ~EnglishAfterwards()
    {
        hw::ui::setLanguage(QStringLiteral("en"));
        hw::ui::saveLanguageChoice(QStringLiteral("system"));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    }
};

TEST(Translations, AChineseWindowShowsNoEnglishSentence)
{
    const EnglishAfterwards restore;
    for (const QString& code : { QStringLiteral("zh_TW"), QStringLiteral("zh_CN") }) {
        ASSERT_TRUE(hw::ui::setLanguage(code));
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        QCoreApplication::processEvents();
        // A frame with messages in flight, a checkpoint and a note, in both views.
        hw::ui::SimController* controller = window.controller();
        controller->setCurrentFrame(controller->timeline().findLabel("3"));
        const QSet<QString> names = scenarioNames(controller->state());
        QStringList texts = windowTexts(window);
        texts << window.narration()->headingText() << window.narration()->narrationText()
              << window.narration()->noteText() << window.windowTitle();
        window.setViewKind(hw::ui::FrameScene::ViewKind::Partition);
        texts << sceneTexts(*window.scene());
        window.setViewKind(hw::ui::FrameScene::ViewKind::Cluster);
        texts << sceneTexts(*window.scene());
        QStringList english;
        for (const QString& text : texts) {
            // Chinese with Kafka's own words in it (Follower1, session.timeout.ms) is translated;
            // tool tips naming a built-in scenario are identifiers.
            if (hasCjk(text) || text.startsWith(QLatin1String("builtin:")))
                continue;
            const QStringList words = englishWords(text, names);
            if (!words.isEmpty())
                english << QStringLiteral("\"%1\" (%2)").arg(text, words.join(QLatin1Char(' ')));
        }
        english.removeDuplicates();
        EXPECT_TRUE(english.isEmpty()) << code.toStdString() << ": English left in " << english.size() << " text(s):\n"
                                       << english.join(QLatin1Char('\n')).toStdString();
        EXPECT_GT(texts.size(), 150);
    }
}

TEST(Translations, TheLanguageFollowsTheSystemLocale)
{
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("zh-TW") }), QStringLiteral("zh_TW"));
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("zh_HK") }), QStringLiteral("zh_TW"));
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("zh-Hant") }), QStringLiteral("zh_TW"));
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("zh-CN") }), QStringLiteral("zh_CN"));
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("zh_SG") }), QStringLiteral("zh_CN"));
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("zh-Hans") }), QStringLiteral("zh_CN"));
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("zh") }), QStringLiteral("zh_CN"));
    EXPECT_EQ(
        hw::ui::languageForLocales({ QStringLiteral("de-DE"), QStringLiteral("zh-TW") }), QStringLiteral("zh_TW"));
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("en-US"), QStringLiteral("zh-TW") }), QStringLiteral("en"));
    EXPECT_EQ(hw::ui::languageForLocales({ QStringLiteral("fr-FR") }), QStringLiteral("en"));
    EXPECT_EQ(hw::ui::languageForLocales({}), QStringLiteral("en"));
    EXPECT_FALSE(hw::ui::setLanguage(QStringLiteral("klingon")));
    EXPECT_EQ(hw::ui::currentLanguage(), QStringLiteral("en"));
    EXPECT_EQ(hw::ui::availableLanguages(),
        QStringList({ QStringLiteral("en"), QStringLiteral("zh_TW"), QStringLiteral("zh_CN") }));
}

TEST(Translations, KeepTranslatedAppliesNowAndOnceAfterEverySwitchWhileItsObjectLives)
{
    const EnglishAfterwards restore;
    int calls = 0;
    QString seen;
    auto* object = new QObject;
    hw::ui::keepTranslated(object, [&] {
        ++calls;
        seen = MainWindow::tr("&File");
    });
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(seen, QStringLiteral("&File"));
    // One switch installs and removes several translators but calls back once, in the new language.
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_TW")));
    EXPECT_EQ(calls, 2);
    EXPECT_EQ(seen, QStringLiteral("檔案(&F)"));
    delete object;
    ASSERT_TRUE(hw::ui::setLanguage(QStringLiteral("zh_CN")));
    EXPECT_EQ(calls, 2);
}

TEST(Translations, ChineseIsDrawnWithTheRegionsNotoCjkFont)
{
    const EnglishAfterwards restore;
    const struct {
        const char* code;
        const char* family;
    } cases[] = { { "zh_TW", "Noto Sans CJK TC" }, { "zh_CN", "Noto Sans CJK SC" } };
    for (const auto& c : cases) {
        ASSERT_TRUE(QFontDatabase::hasFamily(QString::fromLatin1(c.family))) << "install fonts-noto-cjk";
        ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(c.code)));
        EXPECT_TRUE(QApplication::font().families().contains(QString::fromLatin1(c.family)))
            << QApplication::font().families().join(QLatin1Char(',')).toStdString();
        // The CJK family covers the seed article's terms.
        const QFont cjk(QString::fromLatin1(c.family));
        EXPECT_EQ(QFontInfo(cjk).family(), QString::fromLatin1(c.family));
        const QFontMetricsF metrics(cjk);
        for (const QChar ch :
            QStringLiteral("生產者消費者代理節點領導者副本跟隨者高水位生产者消费者代理节点领导者跟随者"))
            EXPECT_TRUE(metrics.inFont(ch)) << c.family << " lacks U+" << std::hex << static_cast<int>(ch.unicode());
    }
}

TEST(Translations, TheLanguageChangesAtRunTimeFromTheViewMenu)
{
    const EnglishAfterwards restore;
    MainWindow window;
    window.show();
    hw::ui::SimController* controller = window.controller();
    controller->setCurrentFrame(controller->timeline().findLabel("2"));
    const QString englishNarration = window.narration()->narrationText();
    const QString englishNote = window.narration()->noteText();
    QMenu* file = window.menuBar()->actions().constFirst()->menu();
    auto* narrationDock = window.findChild<QDockWidget*>(QStringLiteral("narrationDock"));
    ASSERT_NE(narrationDock, nullptr);
    auto badges = [&window] {
        QStringList texts;
        for (hw::ui::ReplicaLogItem* item : window.scene()->replicaItems()) {
            for (const hw::ui::TextRun& run : item->texts()) {
                if (run.role.startsWith(QLatin1String("badge:")))
                    texts << run.text;
            }
        }
        return texts;
    };
    window.setViewKind(hw::ui::FrameScene::ViewKind::Partition);
    ASSERT_TRUE(badges().contains(QStringLiteral("LEADER")));
    EXPECT_EQ(file->title(), QStringLiteral("&File"));

    const struct {
        const char* code;
        QString file, narration, send, leader, follower, play;
    } languages[] = {
        { "zh_TW", QStringLiteral("檔案(&F)"), QStringLiteral("解說"), QStringLiteral("發送"), QStringLiteral("領導者"),
            QStringLiteral("跟隨者"), QStringLiteral("播放") },
        { "zh_CN", QStringLiteral("文件(&F)"), QStringLiteral("解说"), QStringLiteral("发送"), QStringLiteral("领导者"),
            QStringLiteral("跟随者"), QStringLiteral("播放") },
        { "en", QStringLiteral("&File"), QStringLiteral("Narration"), QStringLiteral("Send"), QStringLiteral("LEADER"),
            QStringLiteral("FOLLOWER"), QStringLiteral("Play") },
    };
    for (const auto& l : languages) {
        const QString code = QString::fromLatin1(l.code);
        chooseLanguage(window, code);
        SCOPED_TRACE(l.code);
        EXPECT_EQ(hw::ui::currentLanguage(), code);
        EXPECT_EQ(hw::ui::savedLanguageChoice(), code);
        EXPECT_TRUE(window.findChild<QAction*>(QStringLiteral("language_") + code)->isChecked());
        EXPECT_EQ(file->title(), l.file);
        EXPECT_EQ(narrationDock->windowTitle(), l.narration);
        EXPECT_EQ(window.controlPanel()->sendButton()->text(), l.send);
        EXPECT_EQ(window.action(QStringLiteral("play"))->text(), l.play);
        const QStringList shown = badges();
        EXPECT_TRUE(shown.contains(l.leader)) << shown.join(QLatin1Char(',')).toStdString();
        EXPECT_TRUE(shown.contains(l.follower)) << shown.join(QLatin1Char(',')).toStdString();
        const bool english = code == QLatin1String("en");
        // The narration, the scenario's note and the window title follow too.
        EXPECT_EQ(window.narration()->narrationText() == englishNarration, english);
        EXPECT_EQ(hasCjk(window.narration()->narrationText()), !english)
            << window.narration()->narrationText().toStdString();
        EXPECT_EQ(window.narration()->noteText() == englishNote, english);
        EXPECT_EQ(hasCjk(window.narration()->noteText()), !english);
        EXPECT_EQ(hasCjk(window.windowTitle()), !english) << window.windowTitle().toStdString();
    }
    // Back in English, the texts are the very ones it started with.
    EXPECT_EQ(window.narration()->narrationText(), englishNarration);
    EXPECT_EQ(window.narration()->noteText(), englishNote);
}

} // namespace
