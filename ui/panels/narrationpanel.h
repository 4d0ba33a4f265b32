// SPDX-License-Identifier: MIT
#pragma once

#include <QFrame>
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
    /// "Note" or "Note (from frame 12)": the heading over the note, wherever it shows.
    QString noteHeadingText() const;

    /// Whether the note shows outside the panel (the NoteStrip over the drawing) because the panel
    /// is too short for it and the narration (at 1280x720 the step 3 note alone needs about all of the
    /// narration's height, whatever Controls get).
    bool isNoteOutside() const { return m_noteOutside; }
    /// Presentation mode fits the narration's text so that the note shows in the panel: it keeps it there.
    void setNoteMayMoveOut(bool mayMoveOut);

    /// Predict mode: holds the narration back (it would tell the answer) until set false again.
    void setNarrationConcealed(bool concealed);
    bool isNarrationConcealed() const { return m_concealed; }
    /// Adds a panel under the narration (predict mode's questions).
    void addPanel(QWidget* panel);

signals:
    /// The note's text or heading changed, or where it shows.
    void noteChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Holds the scroll content at least as tall as its word-wrapped labels need at the viewport's width.
    void fitContentHeight();
    /// Puts the note in the panel when heading, narration and note fit its height at its width, else outside.
    void placeNote();

    SimController* m_controller;
    QScrollArea* m_scroll;
    QWidget* m_content;
    QLabel* m_heading;
    QLabel* m_narration;
    QLabel* m_noteHeading;
    QLabel* m_note;
    bool m_concealed = false;
    bool m_hasNote = false;
    bool m_noteOutside = false;
    bool m_noteMayMoveOut = true;
};

/// The note over the drawing, for when the narration panel is too short to show it whole (a
/// 1280x720 projector): the same yellow note, as wide as the drawing. Hidden while the note fits the panel.
class NoteStrip : public QFrame {
    Q_OBJECT

public:
    NoteStrip(NarrationPanel* panel, QWidget* parent = nullptr);
    QString text() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void showNote();
    /// Main window layouts do not pass height-for-width down: the strip holds its own height to
    /// what its word-wrapped note needs at its width.
    void fitHeight();

    NarrationPanel* m_panel;
    QLabel* m_heading;
    QLabel* m_note;
};

} // namespace hw::ui
