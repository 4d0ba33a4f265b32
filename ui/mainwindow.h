// SPDX-License-Identifier: MIT
#pragma once

#include <QMainWindow>

class QListWidget;

namespace hw::ui {

/// The main window. For now it plays the seed walkthrough and lists its frames with their
/// narration; the drawn views arrive with the GUI issue.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

    /// Loads a scenario (a file path or builtin:NAME). Returns false and shows why when it cannot.
    bool openScenario(const QString& source);

    QListWidget* frameList() const { return m_frames; }

private:
    QListWidget* m_frames = nullptr;
};

} // namespace hw::ui
