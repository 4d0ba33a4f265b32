// SPDX-License-Identifier: MIT
#include "i18n.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

namespace hw::ui {

void installTranslations(QCoreApplication& app)
{
    // The source texts are English with "(s)" plurals; the English translation holds the real
    // singular and plural forms, so it is loaded first and other languages override it.
    auto* english = new QTranslator(&app);
    if (english->load(QStringLiteral(":/i18n/highwater_en.qm")))
        QCoreApplication::installTranslator(english);
    auto* local = new QTranslator(&app);
    if (local->load(QLocale(), QStringLiteral("highwater"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        && !local->filePath().endsWith(QLatin1String("highwater_en.qm")))
        QCoreApplication::installTranslator(local);
}

} // namespace hw::ui
