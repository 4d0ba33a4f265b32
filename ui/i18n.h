// SPDX-License-Identifier: MIT
#pragma once

class QCoreApplication;

namespace hw::ui {

/// Installs the app's translations for the system language (English gets its plural forms from
/// highwater_en). Call once after creating the application object.
void installTranslations(QCoreApplication& app);

} // namespace hw::ui
