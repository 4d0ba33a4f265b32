// SPDX-License-Identifier: MIT
#pragma once

#include "control/session.h"

#include <QUndoCommand>

namespace hw::ui {

class SimController;

/// One user action on the cluster, as an undoable command. Every action the GUI offers (control
/// panel, context menus) is pushed as one of these, so undo, redo and forking work the same way for
/// all of them.
///
/// redo() runs the action at its frame; at a past frame that forks the timeline and discards the
/// later frames. undo() brings back exactly the timeline before: by truncating when the action ran
/// at the head, by replaying the op log as it was when it forked (which restores the discarded future).
class ActionCommand : public QUndoCommand {
public:
    ActionCommand(SimController* controller, std::int64_t frame, UserAction action, const QString& text);

    void redo() override;
    void undo() override;

    /// Why the first redo did not run the action (the command is then obsolete), or empty.
    QString rejection() const { return m_rejection; }
    /// What the drivers reported while running it (the frames made before a failure stay).
    QString runError() const { return m_runError; }

private:
    SimController* m_controller;
    std::int64_t m_frame;
    UserAction m_action;
    bool m_done = false;
    std::vector<SessionOp> m_opsOriginal; // the ops when it first ran: its frame's history
    std::vector<SessionOp> m_opsBefore; // the ops when it last ran
    bool m_truncatable = false;
    std::int64_t m_shownBefore = 0;
    QString m_rejection;
    QString m_runError;
};

} // namespace hw::ui
