// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

// moc cannot parse the C++20 standard library that the core headers pull in (see controlpanel.h).
#ifndef Q_MOC_RUN
#include "engine/engine.h"
#endif

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;

namespace hw::ui {

/// Asks for a consumer to add at run time (the add_consumer action): an id (a free "cN" is
/// suggested), a group (an existing one or a new name), the topics it subscribes to, the assignor (the
/// group's own by default), auto.offset.reset and auto.commit. OK stays disabled, with the reason
/// shown, while the choice is one the engine would refuse.
class AddConsumerDialog : public QDialog {
    Q_OBJECT

public:
    /// `group`: the index of the group to preselect, or -1 for the first group (or a new one).
    AddConsumerDialog(const hw::ClusterState& state, std::int32_t group, QWidget* parent = nullptr);

    /// The consumer as chosen so far.
    hw::ConsumerSpec spec() const;

    /// Why the consumer cannot be added as chosen; empty when it can.
    QString problem() const;

    /// The first of c1, c2, ... that no consumer of the state uses.
    static QString suggestedId(const hw::ClusterState& state);

    QLineEdit* idEdit() const { return m_id; }
    QComboBox* groupCombo() const { return m_group; }
    QListWidget* topicList() const { return m_topics; }
    QComboBox* assignorCombo() const { return m_assignor; }
    QComboBox* resetCombo() const { return m_reset; }
    QCheckBox* autoCommitCheck() const { return m_autoCommit; }

private:
    void groupChosen();
    void validate();

    hw::ClusterState m_state; // a copy: the dialog may outlive the frame it was opened at
    QLineEdit* m_id = nullptr;
    QComboBox* m_group = nullptr;
    QListWidget* m_topics = nullptr;
    QComboBox* m_assignor = nullptr;
    QComboBox* m_reset = nullptr;
    QCheckBox* m_autoCommit = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace hw::ui
