// SPDX-License-Identifier: MIT
#pragma once

#include <QFrame>
#include <QWidget>

class QLabel;
class QScrollArea;
class QTextBrowser;

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

    /// Whether the note shows outside the panel, in the NoteStrip over the drawing: in the window,
    /// for a scenario that has notes, at every frame (before its first note too), so that the drawing
    /// under the strip keeps one size from step to step whatever the notes' lengths.
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
    /// Puts the note outside (isNoteOutside) or in the panel.
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
    bool m_scenarioHasNotes = false;
    bool m_noteOutside = false;
    bool m_noteMayMoveOut = true;
};

/// The note over the drawing, in the window: the same yellow note, as wide as the drawing, in a
/// region of a fixed number of lines whatever the note's length (the drawing under it keeps its size
/// from step to step). A longer note scrolls in it (wheel, scroll bar) and its tooltip holds it whole.
/// Shown for a scenario with notes, hidden for one without and in presentation mode.
class NoteStrip : public QFrame {
    Q_OBJECT

public:
    /// The note's lines the strip shows at once.
    static constexpr int linesShown = 4;

    NoteStrip(NarrationPanel* panel, QWidget* parent = nullptr);
    /// The note shown, or an empty string before the scenario's first note.
    QString text() const;
    /// The note's text widget (scrolls when the note is longer than linesShown lines).
    QTextBrowser* noteView() const { return m_note; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void showNote();
    /// Holds the strip at linesShown lines of the note's font, whatever the note.
    void fitHeight();

    NarrationPanel* m_panel;
    QLabel* m_heading;
    QTextBrowser* m_note;
    QString m_text;
};

} // namespace hw::ui
