// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QCoreApplication;
class QObject;

/// The app's languages: English, Traditional Chinese (zh_TW) and Simplified Chinese (zh_CN). The
/// texts come from translations/highwater_*.ts, compiled to .qm files that are installed under
/// <prefix>/share/highwater/translations (translationsDirectory()). English source
/// texts use "(s)" plurals; highwater_en holds their real singular and plural forms and stays
/// installed under the Chinese translations.
namespace hw::ui {

/// Where the .qm files are loaded from: the program's directory plus "../share/highwater/translations"
/// (HW_TRANSLATIONS_FROM_BIN), which is <prefix>/share/highwater/translations for an installed program
/// and build/share/highwater/translations for one in the build tree, or the directory given to
/// setTranslationsDirectory(). Needs a QCoreApplication.
QString translationsDirectory();

/// Loads the .qm files from this directory instead, for programs that are not in <prefix>/bin or
/// build/app (the UI tests). An empty directory goes back to the default.
void setTranslationsDirectory(const QString& directory);

/// The language codes there are translations for: "en", "zh_TW", "zh_CN".
QStringList availableLanguages();

/// A language's name in that language ("English", "繁體中文", "简体中文"); empty for unknown codes.
QString languageName(const QString& code);

/// The language that a list of locale names asks for (as QLocale::uiLanguages() gives them):
/// zh_TW, zh_HK, zh_MO and zh_Hant give "zh_TW"; zh_CN, zh_SG and zh_Hans give "zh_CN"; the
/// first entry that is neither Chinese nor English gives "en", as does an empty list.
QString languageForLocales(const QStringList& uiLanguages);

/// The language the system locale asks for.
QString systemLanguage();

/// Switches the app to a language at run time: installs its translation and Qt's own (qtbase)
/// translation for it in place of the previous ones, and sets the default QLocale. Every widget
/// then gets QEvent::LanguageChange. "system" (or an empty code) means systemLanguage(). Returns
/// false and changes nothing for an unknown code. Returns false, with a warning that names the
/// file, when the language's .qm file cannot be loaded from translationsDirectory(); the texts are
/// then English. Needs a QCoreApplication.
bool setLanguage(const QString& code);

/// The language installed by the last setLanguage() ("en" before any).
QString currentLanguage();

/// The user's choice from View > Language, kept in QSettings: a code or "system" (the default).
QString savedLanguageChoice();
void saveLanguageChoice(const QString& choice);

/// At start-up: the saved choice, or the system language. A language given here (a code, e.g.
/// from --lang) wins over both. Returns false for an unknown code.
bool installTranslations(QCoreApplication& app, const QString& code = QString());

/// Calls apply now and again after every language change, for as long as context lives. Widgets
/// use it to set a text once with tr() and have it follow the language:
///     keepTranslated(button, [button] { button->setText(tr("Send")); });
void keepTranslated(QObject* context, std::function<void()> apply);

/// The same for one setter: keepTranslated(button, &QPushButton::setText, [] { return tr("Send"); }).
template <typename Object, typename Setter, typename Text> void keepTranslated(Object* object, Setter setter, Text text)
{
    keepTranslated(object, [object, setter, text] { (object->*setter)(text()); });
}

} // namespace hw::ui
