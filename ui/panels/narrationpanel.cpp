// SPDX-License-Identifier: MIT
#include "panels/narrationpanel.h"

#include "base/narration.h"
#include "control/simcontroller.h"
#include "timeline/timeline.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace hw::ui {

namespace {

/// The note's colours: a yellow sticky note, dark text (in the panel and in the strip alike).
void paintAsNote(QWidget* widget)
{
    widget->setAutoFillBackground(true);
    QPalette palette = widget->palette();
    palette.setColor(QPalette::Window, QColor(0xFF, 0xF8, 0xE1));
    palette.setColor(QPalette::WindowText, QColor(0x1A, 0x1A, 0x1A));
    widget->setPalette(palette);
}

QLabel* makeLabel(QWidget* parent, qreal scale, bool bold)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * scale);
    font.setBold(bold);
    label->setFont(font);
    return label;
}

} // namespace

NarrationPanel::NarrationPanel(SimController* controller, QWidget* parent) : QWidget(parent), m_controller(controller)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_content = new QWidget(m_scroll);
    auto* layout = new QVBoxLayout(m_content);
    layout->setContentsMargins(12, 10, 12, 10);
    layout->setSpacing(10);
    m_heading = makeLabel(m_content, 1.15, true);
    m_narration = makeLabel(m_content, 1.35, false);
    m_noteHeading = makeLabel(m_content, 1.1, true);
    m_note = makeLabel(m_content, 1.25, false);
    m_note->setFrameShape(QFrame::StyledPanel);
    m_note->setMargin(8);
    paintAsNote(m_note);
    layout->addWidget(m_heading);
    layout->addWidget(m_narration);
    layout->addWidget(m_noteHeading);
    layout->addWidget(m_note);
    layout->addStretch(1);
    m_scroll->setWidget(m_content);
    outer->addWidget(m_scroll);
    // QScrollArea sizes its widget when the viewport resizes, not when a label's text or font
    // changes: new narration would otherwise be squeezed into the old height, its word-wrapped
    // labels cut (at 1280x720 the English step 3 note got 195 of the 333 px its text needs). The content's
    // layout asks for a new layout pass after every such change, and the viewport tells its width.
    m_content->installEventFilter(this);
    m_scroll->viewport()->installEventFilter(this);
}

bool NarrationPanel::eventFilter(QObject* watched, QEvent* event)
{
    if ((watched == m_content && event->type() == QEvent::LayoutRequest)
        || (watched == m_scroll->viewport() && event->type() == QEvent::Resize))
        fitContentHeight();
    return QWidget::eventFilter(watched, event);
}

void NarrationPanel::fitContentHeight()
{
    // The height the labels need at the width they get; a vertical scroll bar narrows the viewport,
    // whose resize brings the content here again for the narrower width.
    const int needed = m_content->layout()->totalHeightForWidth(m_scroll->viewport()->width());
    if (m_content->minimumHeight() != needed)
        m_content->setMinimumHeight(needed);
    placeNote();
}

void NarrationPanel::placeNote()
{
    // In the window the note has a place of its own over the drawing, as large whatever the note says
    // (NoteStrip): measuring each note and moving the long ones out, as before, changed the drawing's
    // scale from one step to the next (at 1280x720 step 3's note took a third of its height).
    // Presentation mode keeps the note here and fits the narration's text so that it shows whole.
    const bool outside = m_scenarioHasNotes && m_noteMayMoveOut;
    m_noteHeading->setVisible(m_hasNote && !outside);
    m_note->setVisible(m_hasNote && !outside);
    if (outside != m_noteOutside) {
        m_noteOutside = outside;
        emit noteChanged();
    }
}

void NarrationPanel::setNoteMayMoveOut(bool mayMoveOut)
{
    if (mayMoveOut == m_noteMayMoveOut)
        return;
    m_noteMayMoveOut = mayMoveOut;
    placeNote();
}

QString NarrationPanel::headingText() const
{
    return m_heading->text();
}

QString NarrationPanel::narrationText() const
{
    return m_narration->text();
}

QString NarrationPanel::noteText() const
{
    return m_hasNote ? m_note->text() : QString();
}

QString NarrationPanel::noteHeadingText() const
{
    return m_hasNote ? m_noteHeading->text() : QString();
}

void NarrationPanel::setNarrationConcealed(bool concealed)
{
    if (concealed == m_concealed)
        return;
    m_concealed = concealed;
    refresh();
}

void NarrationPanel::addPanel(QWidget* panel)
{
    // After the narration, before the note and the stretch at the end.
    auto* layout = static_cast<QVBoxLayout*>(m_narration->parentWidget()->layout());
    layout->insertWidget(layout->indexOf(m_narration) + 1, panel);
}

void NarrationPanel::refresh()
{
    const hw::Timeline& timeline = m_controller->timeline();
    const std::int64_t frame = m_controller->currentFrame();
    const hw::FrameInfo& info = timeline.frame(frame);
    m_scenarioHasNotes = !timeline.notes().empty();
    // Predict mode: the event's name ("Records appended") and the checkpoint's label may tell the answer.
    const QString unknown = QStringLiteral("?");
    QString heading = tr("Frame %1 \u00B7 %2 ms \u00B7 %3")
                          .arg(frame)
                          .arg(info.timeMs)
                          .arg(m_concealed ? unknown : Narration::title(info.event));
    if (info.label >= 0)
        heading += QStringLiteral(" \u00B7 ")
            + tr("Checkpoint %1")
                  .arg(m_concealed ? unknown
                                   : QString::fromStdString(timeline.labels()[static_cast<std::size_t>(info.label)]));
    m_heading->setText(heading);
    m_narration->setText(m_concealed ? tr("(What happened is hidden until you reveal your prediction.)")
                                     : Narration::sentence(info.event, m_controller->state()));

    // The latest note at or before this frame: notes explain a stretch of the run, not one event. The
    // scenario's notes describe its own run: on frames the user's actions made, or after a fork the
    // user made, the last one would describe what is no longer shown.
    std::int64_t noteFrame = -1;
    const bool scripted = m_controller->isScriptedFrame(frame);
    for (std::int64_t f = frame; scripted && f >= timeline.firstFrame() && frame - f < 100000; --f) {
        if (timeline.frame(f).note >= 0) {
            noteFrame = f;
            break;
        }
    }
    if (noteFrame < 0) {
        m_hasNote = false;
        m_noteHeading->clear();
        m_note->clear();
        placeNote();
        emit noteChanged();
        return;
    }
    const hw::LocalizedText& note = timeline.notes()[static_cast<std::size_t>(timeline.frame(noteFrame).note)];
    m_noteHeading->setText(noteFrame == frame ? tr("Note") : tr("Note (from frame %1)").arg(noteFrame));
    // Predict mode: the scenario's note often says the numbers the class is guessing.
    m_note->setText(m_concealed ? tr("(The note is hidden until you reveal your prediction: it tells the answer.)")
                                : QString::fromStdString(note.get(SimController::language())));
    m_hasNote = true;
    placeNote();
    emit noteChanged();
}

NoteStrip::NoteStrip(NarrationPanel* panel, QWidget* parent)
    : QFrame(parent), m_panel(panel), m_heading(makeLabel(this, 1.1, true)), m_note(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("noteStrip"));
    setFrameShape(QFrame::StyledPanel);
    paintAsNote(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 6, 6, 6);
    layout->setSpacing(2);
    m_heading->setWordWrap(false);
    m_note->setObjectName(QStringLiteral("noteText"));
    m_note->setFrameShape(QFrame::NoFrame);
    m_note->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_note->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_note->setOpenLinks(false);
    m_note->document()->setDocumentMargin(0);
    QFont font = m_note->font();
    font.setPointSizeF(font.pointSizeF() * 1.25);
    m_note->setFont(font);
    QPalette palette = m_note->palette();
    palette.setColor(QPalette::Base, QColor(0xFF, 0xF8, 0xE1));
    palette.setColor(QPalette::Text, QColor(0x1A, 0x1A, 0x1A));
    m_note->setPalette(palette);
    // Keys go to the window (Page Down moves to the next checkpoint), not to the note; the wheel and
    // the scroll bar scroll it.
    m_note->setFocusPolicy(Qt::NoFocus);
    layout->addWidget(m_heading);
    layout->addWidget(m_note);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    connect(panel, &NarrationPanel::noteChanged, this, &NoteStrip::showNote);
    fitHeight();
    showNote();
}

QString NoteStrip::text() const
{
    return m_text;
}

void NoteStrip::showNote()
{
    const QString heading = m_panel->noteHeadingText();
    m_text = m_panel->noteText();
    m_heading->setText(heading.isEmpty() ? NarrationPanel::tr("Note") : heading);
    if (m_text.isEmpty()) {
        // A frame without a note (before the scenario's first one) keeps the strip, and the drawing its size.
        m_note->setPlainText(NarrationPanel::tr("(No note for this frame: the scenario's notes come with its checkpoints.)"));
        m_note->setToolTip(QString());
    } else {
        m_note->setPlainText(m_text);
        m_note->setToolTip(m_text);
    }
    setVisible(m_panel->isNoteOutside());
}

void NoteStrip::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        fitHeight();
}

void NoteStrip::fitHeight()
{
    // A fixed number of the note's lines (the height depends on the fonts only, never on the note),
    // and the heading's line.
    const int lines = QFontMetrics(m_note->font()).lineSpacing() * linesShown + 2;
    m_note->setFixedHeight(lines);
    const QMargins margins = layout()->contentsMargins();
    setFixedHeight(margins.top() + m_heading->sizeHint().height() + layout()->spacing() + lines + margins.bottom()
        + 2 * frameWidth());
}

} // namespace hw::ui
