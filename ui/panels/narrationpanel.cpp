// SPDX-License-Identifier: MIT
#include "panels/narrationpanel.h"

#include "base/narration.h"
#include "control/simcontroller.h"
#include "timeline/timeline.h"

#include <QEvent>
#include <QResizeEvent>
#include <QLabel>
#include <QScrollArea>
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
    // Measured at the scroll area's own width (no scroll bar) so that the choice does not flip when
    // a scroll bar comes or goes. The note's labels measure their text even while hidden.
    const int width = m_scroll->width();
    auto* layout = static_cast<QVBoxLayout*>(m_content->layout());
    const QMargins margins = layout->contentsMargins();
    const int labelWidth = width - margins.left() - margins.right();
    int needed = layout->totalHeightForWidth(width);
    if (m_noteOutside)
        needed += 2 * layout->spacing() + m_noteHeading->heightForWidth(labelWidth) + m_note->heightForWidth(labelWidth);
    const bool outside = m_hasNote && m_noteMayMoveOut && needed > m_scroll->height();
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
    for (std::int64_t f = frame; scripted && f >= 0 && frame - f < 100000; --f) {
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

NoteStrip::NoteStrip(NarrationPanel* panel, QWidget* parent) : QFrame(parent), m_panel(panel)
{
    setObjectName(QStringLiteral("noteStrip"));
    setFrameShape(QFrame::StyledPanel);
    paintAsNote(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 8, 14, 10);
    layout->setSpacing(4);
    m_heading = makeLabel(this, 1.1, true);
    m_note = makeLabel(this, 1.25, false);
    layout->addWidget(m_heading);
    layout->addWidget(m_note);
    // As tall as its text at the drawing's width, never squeezed by the view under it.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    connect(panel, &NarrationPanel::noteChanged, this, &NoteStrip::showNote);
    showNote();
}

QString NoteStrip::text() const
{
    return m_note->text();
}

void NoteStrip::showNote()
{
    m_heading->setText(m_panel->noteHeadingText());
    m_note->setText(m_panel->noteText());
    setVisible(m_panel->isNoteOutside());
    fitHeight();
}

void NoteStrip::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    fitHeight();
}

void NoteStrip::fitHeight()
{
    // As wide as the drawing area it sits in (its own width lags while it is hidden).
    if (isHidden() || !parentWidget())
        return;
    const int needed = layout()->totalHeightForWidth(parentWidget()->width());
    if (minimumHeight() != needed)
        setMinimumHeight(needed);
}

} // namespace hw::ui
