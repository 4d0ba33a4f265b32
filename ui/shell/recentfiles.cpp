// SPDX-License-Identifier: MIT
#include "shell/recentfiles.h"

#include <QFileInfo>
#include <QSettings>

namespace hw::ui {

namespace {

QString key()
{
    return QStringLiteral("recentFiles");
}

} // namespace

QStringList RecentFiles::list()
{
    return QSettings().value(key()).toStringList();
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = list();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > filesMax)
        files.removeLast();
    QSettings().setValue(key(), files);
}

void RecentFiles::remove(const QString& path)
{
    QStringList files = list();
    files.removeAll(path);
    QSettings().setValue(key(), files);
}

void RecentFiles::clear()
{
    QSettings().remove(key());
}

} // namespace hw::ui
