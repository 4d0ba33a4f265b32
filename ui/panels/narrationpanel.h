// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QLabel;
class QScrollArea;

namespace hw::ui {

class SimController;

/// The current frame explained in large text: what happened (translated from the event's fields),
/// and the scenario's note for this point of the run, in the UI language.
class NarrationPanel : public QWidget {
    Q_OBJECT

public:
    explicit NarrationPanel(SimController* controller, QWidget* parent = nullptr);

    void refresh();

    QString headingText() const;
    QString narrationText() const;
    QString noteText() const;

    /// Predict mode: holds the narration back (it would tell the answer) until set false again.
    void setNarrationConcealed(bool concealed);
    bool isNarrationConcealed() const { return m_concealed; }
    /// Adds a panel under the narration (predict mode's questions).
    void addPanel(QWidget* panel);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Holds the scroll content at least as tall as its word-wrapped labels need at the viewport's width.
    void fitContentHeight();

    SimController* m_controller;
    QScrollArea* m_scroll;
    QWidget* m_content;
    QLabel* m_heading;
    QLabel* m_narration;
    QLabel* m_noteHeading;
    QLabel* m_note;
    bool m_concealed = false;
};

} // namespace hw::ui
