// SPDX-License-Identifier: MIT
#include "base/i18n.h"

#include "hwversion.h"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFont>
#include <QFontDatabase>
#include <QFontInfo>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>
#include <QtGlobal>

#include <algorithm>
#include <memory>
#include <vector>

namespace hw::ui {

namespace {

const QString englishCode = QStringLiteral("en");
const QString traditionalCode = QStringLiteral("zh_TW");
const QString simplifiedCode = QStringLiteral("zh_CN");
const QString systemChoice = QStringLiteral("system");
const QString settingsKey = QStringLiteral("ui/language");

/// The directory given to setTranslationsDirectory(); empty for the default.
QString& translationsOverride()
{
    static QString directory;
    return directory;
}

/// The path of a language's .qm file in translationsDirectory().
QString qmFile(const QString& code)
{
    return translationsDirectory() + QStringLiteral("/highwater_%1.qm").arg(code);
}

/// Runs the keepTranslated() callbacks when the application gets QEvent::LanguageChange, which
/// Qt sends it synchronously on every installTranslator() and removeTranslator().
class LanguageWatcher : public QObject {
public:
    explicit LanguageWatcher(QCoreApplication* app) : QObject(app) { app->installEventFilter(this); }

    void add(QObject* context, std::function<void()> apply)
    {
        // Dialogs come and go between language changes: drop their entries as the list grows.
        if (m_entries.size() >= m_pruneAt) {
            prune();
            m_pruneAt = std::max(pruneAtMin, 2 * m_entries.size());
        }
        m_entries.push_back({ context, std::move(apply) });
    }

    /// While a switch installs and removes several translators, the callbacks wait for the end.
    void setHeld(bool held) { m_held = held; }

    void notify()
    {
        prune();
        // A callback may add entries (a rebuilt menu) or delete contexts: run over a copy.
        const std::vector<Entry> entries = m_entries;
        for (const Entry& e : entries) {
            if (!e.context.isNull())
                e.apply();
        }
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == parent() && event->type() == QEvent::LanguageChange && !m_held)
            notify();
        return false;
    }

private:
    /// Entries are checked for dead contexts when the list reaches this size, then twice the live size.
    static constexpr std::size_t pruneAtMin = 256;

    void prune()
    {
        std::erase_if(m_entries, [](const Entry& e) { return e.context.isNull(); });
    }

    struct Entry {
        QPointer<QObject> context;
        std::function<void()> apply;
    };
    std::vector<Entry> m_entries;
    std::size_t m_pruneAt = pruneAtMin;
    bool m_held = false;
};

/// The translators and the watcher live as long as the application object; they are found again
/// through it, so a second QApplication (tests) starts afresh.
struct Installed {
    QPointer<QCoreApplication> app;
    QPointer<QTranslator> english;
    QPointer<QTranslator> local;
    QPointer<QTranslator> qt;
    QPointer<LanguageWatcher> watcher;
    QString language = englishCode;
};

Installed& installed()
{
    static Installed s;
    QCoreApplication* app = QCoreApplication::instance();
    if (s.app != app) {
        s = Installed {};
        s.app = app;
    }
    return s;
}

LanguageWatcher* watcher()
{
    Installed& s = installed();
    if (s.watcher.isNull() && s.app)
        s.watcher = new LanguageWatcher(s.app);
    return s.watcher;
}

/// Chinese needs the glyph forms of its own region: the same code point is drawn differently in
/// Traditional and Simplified Chinese (and Japanese, which fontconfig may fall back to). For Chinese
/// the app's font lists a Latin family first and then the region's Noto CJK family; theme::font()
/// and every widget inherit it. The Latin family comes first so that text is measured as in English
/// (Noto CJK's lines are a quarter taller, and the drawing's rows are sized for the Latin font);
/// the CJK glyphs fit in those lines. English gets the application's own font back.
void useFontFor(const QString& code)
{
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        return;
    static const QFont original = QGuiApplication::font();
    const QString cjk = code == traditionalCode ? QStringLiteral("Noto Sans CJK TC")
        : code == simplifiedCode                ? QStringLiteral("Noto Sans CJK SC")
                                                : QString();
    if (cjk.isEmpty() || !QFontDatabase::hasFamily(cjk)) {
        QGuiApplication::setFont(original);
        return;
    }
    QString latin = QFontInfo(original).family();
    for (const QString& family : { QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans") }) {
        if (QFontDatabase::hasFamily(family)) {
            latin = family;
            break;
        }
    }
    QFont font = original;
    font.setFamilies({ latin, cjk });
    QGuiApplication::setFont(font);
}

void removeTranslator(QPointer<QTranslator>& translator)
{
    if (translator.isNull())
        return;
    QCoreApplication::removeTranslator(translator);
    delete translator.data();
    translator = nullptr;
}

} // namespace

QString translationsDirectory()
{
    if (!translationsOverride().isEmpty())
        return translationsOverride();
    return QDir::cleanPath(
        QCoreApplication::applicationDirPath() + QLatin1Char('/') + QStringLiteral(HW_TRANSLATIONS_FROM_BIN));
}

void setTranslationsDirectory(const QString& directory)
{
    translationsOverride() = directory;
}

QStringList availableLanguages()
{
    return { englishCode, traditionalCode, simplifiedCode };
}

QString languageName(const QString& code)
{
    if (code == englishCode)
        return QStringLiteral("English");
    if (code == traditionalCode)
        return QStringLiteral("\u7E41\u9AD4\u4E2D\u6587"); // 繁體中文
    if (code == simplifiedCode)
        return QStringLiteral("\u7B80\u4F53\u4E2D\u6587"); // 简体中文
    return QString();
}

QString languageForLocales(const QStringList& uiLanguages)
{
    for (const QString& name : uiLanguages) {
        const QLocale locale(name);
        if (locale.language() == QLocale::English)
            return englishCode;
        if (locale.language() != QLocale::Chinese)
            continue;
        // QLocale fills in the likely script and territory ("zh" is zh_Hans_CN, "zh_HK" zh_Hant_HK).
        if (locale.script() == QLocale::TraditionalChineseScript || locale.territory() == QLocale::Taiwan
            || locale.territory() == QLocale::HongKong || locale.territory() == QLocale::Macao)
            return traditionalCode;
        return simplifiedCode;
    }
    return englishCode;
}

QString systemLanguage()
{
    return languageForLocales(QLocale::system().uiLanguages());
}

bool setLanguage(const QString& requested)
{
    const QString code = requested.isEmpty() || requested == systemChoice ? systemLanguage() : requested;
    if (!availableLanguages().contains(code))
        return false;
    Installed& s = installed();
    if (!s.app)
        return false;
    LanguageWatcher* w = watcher();
    w->setHeld(true);

    // The English plural forms stay underneath; the Chinese translations cover every text. A
    // missing file is said once per switch and makes the result false: without it the texts are
    // English (and the plurals read "(s)"), which a user asking for Chinese must not take for a
    // translation.
    bool loaded = true;
    if (s.english.isNull()) {
        auto* english = new QTranslator(s.app);
        if (english->load(qmFile(englishCode))) {
            QCoreApplication::installTranslator(english);
            s.english = english;
        } else {
            qWarning("highwater: cannot load the translation %s", qPrintable(qmFile(englishCode)));
            delete english;
            loaded = false;
        }
    }
    removeTranslator(s.local);
    removeTranslator(s.qt);
    if (code != englishCode) {
        auto* local = new QTranslator(s.app);
        if (local->load(qmFile(code))) {
            QCoreApplication::installTranslator(local);
            s.local = local;
        } else {
            qWarning("highwater: cannot load the translation %s", qPrintable(qmFile(code)));
            delete local;
            loaded = false;
        }
        auto* qt = new QTranslator(s.app);
        if (qt->load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt);
            s.qt = qt;
        } else {
            delete qt;
        }
    }
    QLocale::setDefault(QLocale(code));
    useFontFor(code);
    s.language = code;

    w->setHeld(false);
    // One notification for the whole switch, also when nothing was installed (English to English).
    w->notify();
    return loaded;
}

QString currentLanguage()
{
    return installed().language;
}

QString savedLanguageChoice()
{
    const QString choice = QSettings().value(settingsKey, systemChoice).toString();
    return availableLanguages().contains(choice) ? choice : systemChoice;
}

void saveLanguageChoice(const QString& choice)
{
    QSettings().setValue(settingsKey, choice);
}

bool installTranslations(QCoreApplication& app, const QString& code)
{
    Q_UNUSED(app); // setLanguage() works on the application object; taking it makes the order plain.
    return setLanguage(code.isEmpty() ? savedLanguageChoice() : code);
}

void keepTranslated(QObject* context, std::function<void()> apply)
{
    apply();
    if (LanguageWatcher* w = watcher())
        w->add(context, std::move(apply));
}

} // namespace hw::ui
