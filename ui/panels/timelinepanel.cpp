// SPDX-License-Identifier: MIT
#include "panels/timelinepanel.h"

#include "base/i18n.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/timelinebar.h"
#include "timeline/timeline.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <QEvent>

#include <algorithm>
#include <cmath>
#include <optional>

namespace hw::ui {

namespace {

/// Beside the bar a checkpoint's label is cut to this many characters (the whole label is in the
/// tooltip and on the bar), so that one long label does not squeeze the bar.
constexpr int positionLabelCharsMax = 16;

QString shortLabel(const std::string& label)
{
    const QString text = QString::fromStdString(label);
    return text.size() <= positionLabelCharsMax ? text : text.left(positionLabelCharsMax - 1) + QChar(0x2026);
}

} // namespace

QString TimelinePanel::speedText(double speed)
{
    if (speed < 1.0)
        return tr("1/%1x").arg(std::lround(1.0 / speed));
    return tr("%1x").arg(std::lround(speed));
}

TimelinePanel::TimelinePanel(SimController* controller, const Actions& actions, QWidget* parent)
    : QWidget(parent),
      m_controller(controller),
      m_bar(new TimelineBar(this)),
      m_speed(new QSlider(Qt::Horizontal, this)),
      m_speedLabel(new QLabel(this)),
      m_position(new QLabel(this)),
      m_dropped(new QLabel(this)),
      m_view(new QComboBox(this)),
      m_partition(new QComboBox(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->setSpacing(2);
    // The bar, the position and the view switch; below them the transport, the speed and skipping.
    // The position sits beside the bar, which can give up width, rather than after the transport,
    // which cannot: one row of everything is wider than a 1280 px projector.
    auto* top = new QHBoxLayout;
    // Under the bar, once the live lab dropped the oldest frames: where the history starts now. It
    // wraps rather than widening the panel, so the row keeps its width at 1280 px.
    auto* barColumn = new QVBoxLayout;
    barColumn->setSpacing(0);
    barColumn->addWidget(m_bar);
    m_dropped->setObjectName(QStringLiteral("droppedLabel"));
    m_dropped->setWordWrap(true);
    m_dropped->setVisible(false);
    barColumn->addWidget(m_dropped);
    top->addLayout(barColumn, 1);
    QFont bold = m_position->font();
    bold.setBold(true);
    m_position->setFont(bold);
    m_position->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_position, 0, Qt::AlignBottom);
    top->addSpacing(8);
    auto* viewLabel = new QLabel(this);
    keepTranslated(viewLabel, &QLabel::setText, [] { return tr("View:"); });
    top->addWidget(viewLabel, 0, Qt::AlignBottom);
    top->addWidget(m_view, 0, Qt::AlignBottom);
    top->addWidget(m_partition, 0, Qt::AlignBottom);
    layout->addLayout(top);

    auto* row = new QHBoxLayout;
    row->setSpacing(4);
    for (QAction* action : { actions.first, actions.previousCheckpoint, actions.stepBack, actions.play,
             actions.stepForward, actions.nextCheckpoint, actions.last }) {
        auto* button = new QToolButton(this);
        button->setDefaultAction(action);
        // First and last are plain icons; the others say what they do.
        const bool iconOnly = action == actions.first || action == actions.last;
        button->setToolButtonStyle(iconOnly ? Qt::ToolButtonIconOnly : Qt::ToolButtonTextBesideIcon);
        button->setAutoRaise(true);
        row->addWidget(button);
    }
    row->addSpacing(12);
    auto* speedCaption = new QLabel(this);
    keepTranslated(speedCaption, &QLabel::setText, [] { return tr("Speed:"); });
    row->addWidget(speedCaption);
    m_speed->setRange(0, static_cast<int>(SimController::speeds().size()) - 1);
    m_speed->setPageStep(1);
    m_speed->setTickPosition(QSlider::TicksBelow);
    m_speed->setFixedWidth(120);
    m_speed->setFocusPolicy(Qt::NoFocus);
    keepTranslated(m_speed, [this] {
        m_speed->setToolTip(tr("Simulated time per real second, from 1/100x to 10x"));
        m_speed->setAccessibleName(tr("Speed"));
    });
    row->addWidget(m_speed);
    // The speed's width is that of its widest text in the label's current font (see changeEvent),
    // so that "1/100x" never loses its end when presentation mode enlarges the font.
    m_speedLabel->installEventFilter(this);
    m_position->installEventFilter(this);
    fitSpeedLabel();
    row->addWidget(m_speedLabel);
    row->addSpacing(12);
    // The playing switches are on the bar as well as in the Play menu, which presentation mode hides.
    const std::pair<QAction*, const char*> switches[] = { { actions.skipIdle, "skipIdleButton" },
        { actions.pauseAtCheckpoints, "pauseAtCheckpointsButton" } };
    for (const auto& [action, name] : switches) {
        if (!action)
            continue;
        auto* button = new QToolButton(this);
        button->setObjectName(QString::fromLatin1(name));
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAutoRaise(true);
        row->addWidget(button);
    }
    row->addStretch(1);
    m_view->addItem(QString());
    m_view->addItem(QString());
    keepTranslated(m_view, [this] {
        m_view->setItemText(0, tr("Partition"));
        m_view->setItemText(1, tr("Cluster"));
    });
    m_view->setFocusPolicy(Qt::NoFocus);
    m_partition->setFocusPolicy(Qt::NoFocus);
    m_partition->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    layout->addLayout(row);

    connect(m_bar, &TimelineBar::frameRequested, controller, &SimController::setCurrentFrame);
    connect(m_speed, &QSlider::valueChanged, controller, &SimController::setSpeedIndex);
}

QString TimelinePanel::droppedText(const QString& clock, const QString& budget)
{
    //: Beside the timeline once the live lab dropped its oldest frames: %1 is the simulated time of
    //: the oldest frame kept ("31:20"), %2 the memory budget ("4 GiB").
    return tr("History from %1; older frames dropped (memory budget %2)").arg(clock, budget);
}

void TimelinePanel::fitSpeedLabel()
{
    int widest = 0;
    for (double speed : SimController::speeds())
        widest = std::max(widest, m_speedLabel->fontMetrics().horizontalAdvance(speedText(speed)));
    m_speedLabel->setMinimumWidth(widest + 8);
}

QString TimelinePanel::positionText(
    std::int64_t frame, std::int64_t frameCount, qint64 timeMs, const std::optional<QString>& label) const
{
    QString text = tr("Frame %1 of %2 \u00B7 %3 ms").arg(frame).arg(frameCount - 1).arg(timeMs);
    if (label)
        text += QStringLiteral(" \u00B7 \u25C6") + *label;
    return text;
}

void TimelinePanel::fitPositionLabel()
{
    const hw::Timeline& timeline = m_controller->timeline();
    const std::int64_t frameCount = timeline.frameCount();
    const qint64 lastTimeMs = frameCount > 0 ? static_cast<qint64>(timeline.frame(frameCount - 1).timeMs) : 0;
    const QFontMetrics metrics = m_position->fontMetrics();
    // Every frame number has at most as many digits as the last one, every time at most as many as
    // the last frame's: the text with the widest digit in each place is the widest of them.
    QChar widestDigit = QLatin1Char('0');
    for (char c = '0'; c <= '9'; ++c) {
        if (metrics.horizontalAdvance(QLatin1Char(c)) > metrics.horizontalAdvance(widestDigit))
            widestDigit = QLatin1Char(c);
    }
    auto widest = [&](qint64 n) { return QString(QString::number(n).size(), widestDigit); };
    const QString frames = widest(frameCount - 1);
    QString text = tr("Frame %1 of %2 \u00B7 %3 ms").arg(frames, frames, widest(lastTimeMs));
    // Predict mode shows "?" for a label.
    int width = metrics.horizontalAdvance(text + QStringLiteral(" \u00B7 \u25C6?"));
    for (const std::string& label : timeline.labels())
        width = std::max(width, metrics.horizontalAdvance(text + QStringLiteral(" \u00B7 \u25C6") + shortLabel(label)));
    m_position->setFixedWidth(width + 4);
}

void TimelinePanel::setConcealed(std::int64_t after, std::int64_t upTo)
{
    m_concealedAfter = after;
    m_concealedUpTo = upTo;
    m_bar->setConcealed(after, upTo);
    refresh(false);
}

void TimelinePanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange) {
        fitSpeedLabel();
        fitPositionLabel();
    }
}

bool TimelinePanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_speedLabel && event->type() == QEvent::FontChange)
        fitSpeedLabel();
    if (watched == m_position && event->type() == QEvent::FontChange)
        fitPositionLabel();
    return QWidget::eventFilter(watched, event);
}

void TimelinePanel::refreshPartitions()
{
    const QSignalBlocker blocker(m_partition);
    const int current = m_partition->currentIndex();
    m_partition->clear();
    const hw::ClusterState& state = m_controller->state();
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(state.partitions.size()); ++p)
        m_partition->addItem(QString::fromStdString(state.partitionName(p)), p);
    if (current >= 0 && current < m_partition->count())
        m_partition->setCurrentIndex(current);
}

void TimelinePanel::refresh(bool markersChanged)
{
    const hw::Timeline& timeline = m_controller->timeline();
    m_bar->setRange(timeline.frameCount(), timeline.firstFrame());
    m_bar->setValue(m_controller->currentFrame());
    const std::int64_t first = timeline.firstFrame();
    m_dropped->setVisible(first > 0);
    if (first > 0) {
        const QString clock = SimController::clockText(timeline.frame(first).timeMs);
        const QString budget = QString::fromStdString(hw::formatByteSize(timeline.memoryBudget()));
        m_dropped->setText(droppedText(clock, budget));
        m_dropped->setToolTip(tr("The live lab keeps serving at its memory budget of %1: the history starts at "
                                 "frame %2 (%3 simulated), and the frames before it were dropped.")
                                  .arg(budget)
                                  .arg(first)
                                  .arg(clock));
    }
    if (markersChanged) {
        QStringList labels;
        for (const SimController::Marker& m : m_controller->markers()) {
            if (m.kind == SimController::Marker::Kind::Checkpoint) {
                const std::int32_t label = timeline.frame(m.frame).label;
                labels << QString::fromStdString(timeline.labels()[static_cast<std::size_t>(label)]);
            }
        }
        m_bar->setMarkers(m_controller->markers(), labels);
        fitPositionLabel();
    }
    {
        const QSignalBlocker blocker(m_speed);
        m_speed->setValue(m_controller->speedIndex());
    }
    m_speedLabel->setText(speedText(m_controller->speed()));
    const std::int64_t frame = m_controller->currentFrame();
    const std::int32_t label = timeline.frame(frame).label;
    // Predict mode: a checkpoint's label may name what the step being predicted did.
    const bool hidden = frame > m_concealedAfter && frame <= m_concealedUpTo;
    const std::string& name = label >= 0 ? timeline.labels()[static_cast<std::size_t>(label)] : std::string();
    m_position->setText(
        positionText(frame, timeline.frameCount(), static_cast<qint64>(std::floor(m_controller->displayTimeMs())),
            label < 0 ? std::nullopt : std::optional<QString>(hidden ? QStringLiteral("?") : shortLabel(name))));
    m_position->setToolTip(
        label >= 0 ? tr("Checkpoint %1").arg(hidden ? QStringLiteral("?") : QString::fromStdString(name)) : QString());
}

} // namespace hw::ui
