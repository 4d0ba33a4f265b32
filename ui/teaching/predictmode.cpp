// SPDX-License-Identifier: MIT
#include "teaching/predictmode.h"

#include "model/cluster_state.h"
#include "panels/narrationpanel.h"
#include "panels/timelinepanel.h"
#include "panels/wheelguard.h"
#include "scene/clusterfacts.h"
#include "scene/framescene.h"
#include "timeline/timeline.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QStatusBar>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

namespace hw::ui {

namespace {

/// The largest offset a guess can name: far beyond any log the views can show.
constexpr int guessMax = 1000000;

QLabel* makeLabel(QWidget* parent, qreal scale, bool bold)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * scale);
    font.setBold(bold);
    label->setFont(font);
    return label;
}

QSpinBox* makeGuess(QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setRange(0, guessMax);
    QFont font = box->font();
    font.setPointSizeF(font.pointSizeF() * 1.3);
    box->setFont(font);
    // The guesses sit in the narration's scroll area: scrolling over one must not change it.
    WheelGuard::guard(box);
    return box;
}

} // namespace

PredictMode::PredictMode(SimController* controller, FrameScene* scene, NarrationPanel* narration, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_scene(scene), m_narration(narration)
{
    setObjectName(QStringLiteral("predictPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 4);
    m_title = makeLabel(this, 1.25, true);
    m_question = makeLabel(this, 1.25, false);
    layout->addWidget(m_title);
    layout->addWidget(m_question);
    auto* form = new QFormLayout();
    m_hwLabel = makeLabel(this, 1.25, true);
    m_hwGuess = makeGuess(this);
    m_hwGuess->setObjectName(QStringLiteral("predictHw"));
    form->addRow(m_hwLabel, m_hwGuess);
    layout->addLayout(form);
    m_leoBox = new QWidget(this);
    new QFormLayout(m_leoBox);
    m_leoBox->layout()->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_leoBox);
    m_reveal = new QPushButton(this);
    m_reveal->setObjectName(QStringLiteral("predictReveal"));
    layout->addWidget(m_reveal, 0, Qt::AlignLeft);
    m_verdict = makeLabel(this, 1.25, true);
    m_verdict->setObjectName(QStringLiteral("predictVerdict"));
    m_verdict->setFrameShape(QFrame::StyledPanel);
    m_verdict->setMargin(8);
    layout->addWidget(m_verdict);
    connect(m_reveal, &QPushButton::clicked, this, &PredictMode::reveal);
    connect(m_controller, &SimController::changed, this, &PredictMode::onChanged);
    retranslate();
    hide();
}

PredictMode::~PredictMode() = default;

void PredictMode::setPhase(Phase phase)
{
    if (phase == m_phase)
        return;
    m_phase = phase;
    emit phaseChanged(phase);
}

void PredictMode::setModeEnabled(bool enabled)
{
    if (enabled == isModeEnabled())
        return;
    if (!enabled) {
        clearQuestion();
        setPhase(Phase::Off);
        hide();
        return;
    }
    m_lastFrame = m_controller->currentFrame();
    setPhase(Phase::Waiting);
    m_verdict->hide();
    retranslate();
    m_hwLabel->hide();
    m_hwGuess->hide();
    m_leoBox->hide();
    m_reveal->hide();
    show();
}

void PredictMode::onChanged(SimController::Changes what)
{
    if (!(what & (SimController::FrameChanged | SimController::ScenarioChanged)))
        return;
    const std::int64_t previous = m_lastFrame;
    const std::int64_t frame = m_controller->currentFrame();
    m_lastFrame = frame;
    if (m_phase == Phase::Off)
        return;
    if (what & SimController::ScenarioChanged) {
        clearQuestion();
        setPhase(Phase::Waiting);
        m_verdict->hide();
        retranslate();
        return;
    }
    if (frame == previous)
        return; // the same frame redrawn (frames appended while playing, ...)
    if (m_phase == Phase::Asking)
        clearQuestion(); // moved elsewhere: the question no longer applies
    if (m_phase != Phase::Waiting) {
        setPhase(Phase::Waiting);
        m_verdict->hide();
        retranslate();
    }
    const hw::Timeline& timeline = m_controller->timeline();
    // A frame the live lab's history dropped (previous < firstFrame) asks nothing: its state is gone.
    if (frame > previous && previous >= timeline.firstFrame() && previous < timeline.frameCount()
        && timeline.frame(previous).label >= 0)
        ask(previous);
}

void PredictMode::ask(std::int64_t fromFrame)
{
    const hw::ClusterState before = m_controller->timeline().stateAt(fromFrame);
    const hw::ClusterState& now = m_controller->state();
    if (now.partitions.empty())
        return;
    m_controller->setPlaying(false);
    m_questionFrame = m_controller->currentFrame();
    m_partition
        = std::clamp<std::int32_t>(m_scene->focusPartition(), 0, static_cast<std::int32_t>(now.partitions.size()) - 1);
    m_scene->setPredictionBase(&before);
    m_narration->setNarrationConcealed(true);
    if (TimelinePanel* timeline = timelinePanel())
        timeline->setConcealed(fromFrame, m_questionFrame);
    concealDocks(true);

    const hw::Partition& earlier = before.partitions[static_cast<std::size_t>(
        std::min<std::int32_t>(m_partition, static_cast<std::int32_t>(before.partitions.size()) - 1))];
    m_hwGuess->setValue(static_cast<int>(std::clamp<hw::Offset>(partitionHighWatermark(earlier), 0, guessMax)));
    // One LEO guess per replica of the partition, starting at what it had before the step.
    qDeleteAll(m_leoGuesses);
    qDeleteAll(m_leoLabels);
    m_leoGuesses.clear();
    m_leoLabels.clear();
    m_brokers.clear();
    auto* form = static_cast<QFormLayout*>(m_leoBox->layout());
    for (const hw::Replica& replica : now.partitions[static_cast<std::size_t>(m_partition)].replicas) {
        auto* label = makeLabel(m_leoBox, 1.25, false);
        auto* box = makeGuess(m_leoBox);
        box->setObjectName(QStringLiteral("predictLeo%1").arg(replica.broker));
        const hw::Replica* old = replicaOf(earlier, replica.broker);
        box->setValue(static_cast<int>(std::clamp<hw::Offset>(old ? old->log.leo() : 0, 0, guessMax)));
        form->addRow(label, box);
        m_leoLabels.append(label);
        m_leoGuesses.append(box);
        m_brokers.append(replica.broker);
    }
    m_hwLabel->show();
    m_hwGuess->show();
    m_leoBox->show();
    m_reveal->show();
    m_verdict->hide();
    setPhase(Phase::Asking);
    retranslate();
    scrollIntoView();
}

void PredictMode::concealDocks(bool conceal)
{
    if (!conceal) {
        for (const ConcealedDock& c : std::as_const(m_concealed)) {
            if (c.dock && c.widget) {
                c.dock->setWidget(c.widget);
                c.widget->show();
            }
            delete c.placeholder;
        }
        m_concealed.clear();
        return;
    }
    auto* window = qobject_cast<QMainWindow*>(this->window());
    if (!window || !m_concealed.isEmpty())
        return;
    // The status bar may still show what the last action did.
    window->statusBar()->clearMessage();
    // The controls tell too: the value field offers the producer's next message ("m4"), and which
    // buttons are enabled says which broker died or which partition lost its leader.
    for (const char* name : { "inspectorDock", "eventsDock", "chartsDock", "controlsDock" }) {
        auto* dock = window->findChild<QDockWidget*>(QString::fromLatin1(name));
        if (!dock || !dock->widget())
            continue;
        auto* placeholder = new QLabel(dock);
        placeholder->setObjectName(QStringLiteral("predictPlaceholder"));
        placeholder->setWordWrap(true);
        placeholder->setAlignment(Qt::AlignCenter);
        placeholder->setMargin(12);
        m_concealed.append(ConcealedDock { dock, dock->widget(), placeholder });
        dock->widget()->hide();
        dock->setWidget(placeholder);
    }
    retranslate();
}

TimelinePanel* PredictMode::timelinePanel() const
{
    QWidget* window = this->window();
    return window ? window->findChild<TimelinePanel*>() : nullptr;
}

void PredictMode::scrollIntoView()
{
    // The panel sits under the narration in its scroll area: bring the question (or verdict) into sight.
    for (QWidget* w = parentWidget(); w; w = w->parentWidget()) {
        if (auto* scroll = qobject_cast<QScrollArea*>(w)) {
            scroll->ensureWidgetVisible(this, 0, 0);
            break;
        }
    }
}

void PredictMode::clearQuestion()
{
    m_questionFrame = -1;
    m_scene->setPredictionBase(nullptr);
    m_narration->setNarrationConcealed(false);
    if (TimelinePanel* timeline = timelinePanel())
        timeline->setConcealed(-1, -1);
    concealDocks(false);
    m_hwLabel->hide();
    m_hwGuess->hide();
    m_leoBox->hide();
    m_reveal->hide();
}

bool PredictMode::interceptStep()
{
    if (m_phase != Phase::Asking)
        return false;
    reveal();
    return true;
}

void PredictMode::reveal()
{
    if (m_phase != Phase::Asking)
        return;
    const hw::ClusterState& now = m_controller->state();
    const hw::Partition& partition = now.partitions[static_cast<std::size_t>(m_partition)];
    const hw::Offset hwActual = partitionHighWatermark(partition);
    QStringList lines;
    bool allRight = true;
    // Right and wrong are said in words (and marks), never by colour alone.
    if (hwActual < 0) {
        lines << tr("The partition has no leader, so no HW.");
        allRight = false;
    } else if (m_hwGuess->value() == hwActual) {
        lines << tr("\u2714 Right: the HW is %1.").arg(hwActual);
    } else {
        lines << tr("\u2718 Not quite: you said HW %1; it is %2.").arg(m_hwGuess->value()).arg(hwActual);
        allRight = false;
    }
    for (qsizetype i = 0; i < m_leoGuesses.size(); ++i) {
        const hw::Replica* replica = replicaOf(partition, m_brokers[i]);
        if (!replica)
            continue;
        const hw::Offset leo = replica->log.leo();
        if (m_leoGuesses[i]->value() == leo) {
            lines << tr("\u2714 Broker %1: LEO %2, right.").arg(m_brokers[i]).arg(leo);
        } else {
            lines << tr("\u2718 Broker %1: you said LEO %2; it is %3.")
                         .arg(m_brokers[i])
                         .arg(m_leoGuesses[i]->value())
                         .arg(leo);
            allRight = false;
        }
    }
    m_lastRight = allRight;
    clearQuestion();
    m_narration->refresh();
    m_verdict->setText(lines.join(QLatin1Char('\n')));
    m_verdict->show();
    m_question->setText(allRight ? tr("All your guesses were right.") : tr("Compare with the picture: why is it so?"));
    setPhase(Phase::Revealed);
    scrollIntoView();
}

QString PredictMode::questionText() const
{
    return m_question->text();
}

QString PredictMode::verdictText() const
{
    return m_verdict->isHidden() ? QString() : m_verdict->text();
}

void PredictMode::retranslate()
{
    m_title->setText(tr("Predict"));
    m_hwLabel->setText(tr("HW:"));
    m_reveal->setText(tr("Reveal (Right)"));
    m_reveal->setToolTip(tr("Show the hidden values and check your guesses (Right or Page Down does the same)"));
    for (qsizetype i = 0; i < m_leoLabels.size(); ++i)
        m_leoLabels[i]->setText(tr("LEO of broker %1:").arg(m_brokers[i]));
    for (const ConcealedDock& c : std::as_const(m_concealed)) {
        if (c.placeholder)
            c.placeholder->setText(tr("Hidden while you predict: reveal (Right) to see it again."));
    }
    if (m_phase == Phase::Waiting)
        m_question->setText(tr("Step forward from a checkpoint: the next picture's LEO and HW are hidden until "
                               "you have guessed them."));
    else if (m_phase == Phase::Asking)
        m_question->setText(tr("What will the HW be after this step? And each replica's LEO? The picture and the "
                               "narration are hidden until you reveal."));
}

void PredictMode::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

} // namespace hw::ui
