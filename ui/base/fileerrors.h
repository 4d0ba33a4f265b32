// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/fileio.h"

#include <QCoreApplication>
#include <QString>

namespace hw::ui {

/// The app's words for why a file could not be written (hw::FileError from core/scenario/fileio.h):
/// core says it in English for the CLI; the app says it in the user's language.
class FileErrors {
    Q_DECLARE_TR_FUNCTIONS(FileErrors)

public:
    /// What a refused write target is ("a named pipe (FIFO)"), translated.
    static QString typeText(hw::FileType type);

    /// Why a write failed, without the path: a refused target in the user's language ("a symbolic
    /// link to /dev/full, which is a character device, not a regular file"), or the system's reason.
    static QString text(const hw::FileError& error);
};

} // namespace hw::ui
