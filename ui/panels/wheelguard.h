// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

class QWidget;

namespace hw::ui {

/// Keeps the mouse wheel for scrolling. A spin box, combo box or slider in a panel that scrolls takes
/// wheel events only while it has the keyboard focus (a click or Tab gives it): scrolling the panel
/// with the pointer over one does not change its value. The usual Qt idiom: Qt::StrongFocus, so that
/// the wheel does not give the focus, and an event filter that leaves the event unaccepted, so that
/// Qt passes it on to the scroll area.
class WheelGuard : public QObject {
    Q_OBJECT

public:
    /// Guards every spin box, combo box and slider under root, now (fields made later need guard()).
    static void guardChildren(QWidget* root);
    /// Guards one field.
    static void guard(QWidget* field);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit WheelGuard(QObject* parent) : QObject(parent) { }
};

} // namespace hw::ui
