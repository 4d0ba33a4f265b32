// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

namespace hw::ui {

/// The scenario files opened lately, newest first, kept in QSettings.
class RecentFiles {
public:
    static constexpr int filesMax = 8;

    static QStringList list();
    /// Puts a file first (removing an older entry of it) and drops the oldest beyond filesMax.
    static void add(const QString& path);
    static void remove(const QString& path);
    static void clear();
};

} // namespace hw::ui
