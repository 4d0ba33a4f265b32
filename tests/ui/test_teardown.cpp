// SPDX-License-Identifier: MIT
// Closing the window with actions on its undo stack (issue 25: found by the HW_ASSERTIONS build). The
// undo stack is a child of the window, deleted by QWidget's destructor after MainWindow's own has run;
// clearing its commands it emits indexChanged and cleanChanged, which reached the window's slots on an
// object already destroyed. Qt checks the receiver's type on such a call when its asserts are on
// (QT_FORCE_ASSERTS, part of HW_ASSERTIONS, which scripts/test builds with): then the test aborts.

#include "shell/mainwindow.h"

#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

namespace {

TEST(Teardown, AWindowWithActionsOnItsUndoStackClosesWithoutCallingItsSlotsFromTheStack)
{
    auto window = std::make_unique<hw::ui::MainWindow>();
    ASSERT_TRUE(window->act(hw::AdvanceStep { 100 }));
    ASSERT_TRUE(window->act(hw::FaultStep { hw::BrokerAction { hw::BrokerAction::Kind::Kill, 3, 0 } }));
    window->undoStack()->undo();
    ASSERT_EQ(window->undoStack()->count(), 2);
    // The stack outlives the window's destructor; what it emits then must reach nothing of the window.
    // (canUndoChanged reached the teaching aids' banner, which read the destroyed controller's state:
    // an abort under _GLIBCXX_ASSERTIONS on fresh-debian's machine, freed memory elsewhere.)
    int emitted = 0;
    int canUndoEmitted = 0;
    QObject::connect(window->undoStack(), &QUndoStack::indexChanged, [&emitted] { ++emitted; });
    QObject::connect(window->undoStack(), &QUndoStack::canUndoChanged, [&canUndoEmitted] { ++canUndoEmitted; });
    window.reset();
    EXPECT_GE(emitted, 1);
    EXPECT_GE(canUndoEmitted, 1);
}

} // namespace
