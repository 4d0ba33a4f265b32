// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QLabel;
class QListWidget;

namespace hw::ui {

/// The built-in scenarios with their titles and descriptions in the UI language; opening one, or
/// a file instead.
class ScenarioLibraryDialog : public QDialog {
    Q_OBJECT

public:
    explicit ScenarioLibraryDialog(QWidget* parent = nullptr);

    /// builtin:NAME of the chosen scenario, or "file" when the user asked for a file instead.
    QString chosen() const { return m_chosen; }
    QListWidget* list() const { return m_list; }

private:
    void showDescription();

    QListWidget* m_list;
    QLabel* m_description;
    QString m_chosen;
};

} // namespace hw::ui
