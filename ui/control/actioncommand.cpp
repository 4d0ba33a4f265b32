// SPDX-License-Identifier: MIT
#include "control/actioncommand.h"

#include "control/simcontroller.h"

namespace hw::ui {

ActionCommand::ActionCommand(SimController* controller, std::int64_t frame, UserAction action, const QString& text)
    : QUndoCommand(text), m_controller(controller), m_frame(frame), m_action(std::move(action))
{
}

void ActionCommand::redo()
{
    const Session& session = m_controller->session();
    if (!m_done) {
        m_rejection = m_controller->checkAction(m_action);
        if (!m_rejection.isEmpty()) {
            setObsolete(true);
            return;
        }
        m_opsOriginal = session.ops();
        m_shownBefore = m_controller->currentFrame();
        m_done = true;
    } else if (session.lastFrame() < m_frame) {
        // An earlier command was undone and redone, which dropped the frames this one acted on; the
        // engine is deterministic, so replaying the ops of that time brings them back exactly.
        m_controller->rewind(m_opsOriginal, m_frame, false, m_frame);
    }
    m_opsBefore = session.ops();
    m_truncatable = session.isHeadAt(m_frame);
    m_runError = m_controller->perform(m_frame, m_action);
}

void ActionCommand::undo()
{
    m_controller->rewind(m_opsBefore, m_frame, m_truncatable, m_shownBefore);
}

} // namespace hw::ui
