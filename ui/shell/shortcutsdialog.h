// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QPair>
#include <QString>

class QWidget;

/// Help > Keyboard shortcuts, for the main window and the compare window alike.
namespace hw::ui::shortcuts {

/// One row: what a command does, and its keys ("Page Down", "F5 or Shift+F5").
using Row = QPair<QString, QString>;

/// Every action of the window and its parts with a shortcut, once each with all its keys (the text
/// without its '&'), in the order they were made; then `extra`, what no action stands for (the wheel,
/// the mouse).
QList<Row> list(const QWidget& window, const QList<Row>& extra);

/// The list in a dialog that scrolls (with every shortcut it is taller than a 720 px screen),
/// opened without waiting and deleted when closed.
void showDialog(QWidget* window, const QList<Row>& rows);

} // namespace hw::ui::shortcuts
