// SPDX-License-Identifier: MIT
#include "panels/wheelguard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

namespace hw::ui {

void WheelGuard::guardChildren(QWidget* root)
{
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSlider*>(w))
            guard(w);
    }
}

void WheelGuard::guard(QWidget* field)
{
    if (field->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly))
        return;
    // A field that never takes the focus keeps it that way (and so never takes the wheel).
    if (field->focusPolicy() != Qt::NoFocus)
        field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(new WheelGuard(field));
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Wheel) {
        const auto* field = qobject_cast<QWidget*>(watched);
        if (field && !field->hasFocus()) {
            // Not accepted: QApplication offers the event to the parents, up to the scroll area.
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace hw::ui
