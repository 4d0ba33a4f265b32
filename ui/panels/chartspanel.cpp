// SPDX-License-Identifier: MIT
#include "panels/chartspanel.h"

#include "base/theme.h"
#include "control/session.h"
#include "panels/chartdata.h"
#include "timeline/metrics.h"
#include "timeline/timeline.h"

#include <QChart>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

constexpr qreal legendSize = ChartPlot::legendTextSize;
constexpr int markerSize = 16;
/// The smallest chart heights that keep every label readable (the page scrolls below them).
constexpr int replicationHeightMin = 300;
constexpr int isrHeightMin = 200;

/// Replica lines: a colour and a dash pattern each, so that no two are told apart by colour alone.
/// The HW is the only solid line.
const QColor& replicaColor(std::size_t index)
{
    const QColor* colors[] = { &theme::blue, &theme::orange, &theme::bluishGreen, &theme::reddishPurple,
        &theme::skyBlue, &theme::vermillion };
    return *colors[index % std::size(colors)];
}

Qt::PenStyle dashOf(std::size_t index)
{
    constexpr Qt::PenStyle dashes[] = { Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine };
    return dashes[index % std::size(dashes)];
}

} // namespace

ChartsPanel::ChartsPanel(SimController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_pageDirty(3, true)
{
    m_tabs = new QTabWidget(this);
    m_tabs->setFont(theme::font(legendSize));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    // Each page scrolls rather than squeezing its charts below readable: a short dock (the narration
    // above it takes what it needs) keeps full-size charts.
    auto makePage = [this](QLabel*& label, QComboBox*& combo) {
        auto* scroll = new QScrollArea(m_tabs);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        auto* page = new QWidget(scroll);
        auto* pageLayout = new QVBoxLayout(page);
        pageLayout->setContentsMargins(4, 4, 4, 4);
        auto* row = new QHBoxLayout;
        label = new QLabel(page);
        label->setFont(theme::font(legendSize, true));
        combo = new QComboBox(page);
        combo->setFont(theme::font(legendSize));
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        label->setBuddy(combo);
        row->addWidget(label);
        row->addWidget(combo, 1);
        pageLayout->addLayout(row);
        scroll->setWidget(page);
        m_tabs->addTab(scroll, QString());
        return pageLayout;
    };

    QVBoxLayout* partitionPage = makePage(m_partitionLabel, m_partitionCombo);
    createPlot(m_replication, replicationHeightMin);
    createPlot(m_isr, isrHeightMin);
    m_isr.integerTicks = true;
    partitionPage->addWidget(m_replication.view, 3);
    partitionPage->addWidget(m_replication.legend);
    partitionPage->addWidget(m_isr.view, 2);
    partitionPage->addWidget(m_isr.legend);

    QVBoxLayout* groupPage = makePage(m_groupLabel, m_groupCombo);
    m_lagNote = new QLabel(m_tabs);
    m_lagNote->setWordWrap(true);
    m_lagNote->hide();
    createPlot(m_lag, replicationHeightMin);
    groupPage->addWidget(m_lagNote);
    groupPage->addWidget(m_lag.view, 1);
    groupPage->addWidget(m_lag.legend);

    QVBoxLayout* producerPage = makePage(m_producerLabel, m_producerCombo);
    createPlot(m_producer, replicationHeightMin);
    producerPage->addWidget(m_producer.view, 1);
    producerPage->addWidget(m_producer.legend);

    m_replication.title = [this] { return tr("LEO and HW of %1").arg(m_partitionCombo->currentText()); };
    m_replication.yTitle = [] { return tr("Offset"); };
    // The ISR chart sits under the LEO/HW chart with the same time axis; its legend names it.
    m_isr.title = [] { return QString(); };
    m_isr.yTitle = [] { return tr("Replicas"); };
    m_lag.title = [this] {
        return m_groupCombo->count() == 0 ? tr("No consumer group")
                                          : tr("Lag of group %1").arg(m_groupCombo->currentText());
    };
    m_lag.yTitle = [] { return tr("Records"); };
    m_producer.title = [this] {
        return m_producerCombo->count() == 0 ? tr("No producer")
                                             : tr("Sends of producer %1").arg(m_producerCombo->currentText());
    };
    m_producer.yTitle = [] { return tr("Records"); };

    // A choice in a page's combo box rebuilds that page's lines and draws them.
    auto follow = [this](QComboBox* combo, std::int32_t* selected, void (ChartsPanel::*rebuild)(), Page page) {
        connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, selected, rebuild, page](int index) {
            if (index < 0)
                return;
            *selected = combo->itemData(index).toInt();
            (this->*rebuild)();
            refreshPage(page);
        });
    };
    follow(m_partitionCombo, &m_partition, &ChartsPanel::rebuildPartitionPage, PartitionPage);
    follow(m_groupCombo, &m_group, &ChartsPanel::rebuildGroupPage, GroupPage);
    follow(m_producerCombo, &m_producerIndex, &ChartsPanel::rebuildProducerPage, ProducerPage);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int page) {
        if (page >= 0 && m_pageDirty[static_cast<std::size_t>(page)])
            refreshPage(page);
    });

    m_refreshTimer.setSingleShot(true);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] {
        const int page = m_tabs->currentIndex();
        if (page >= 0 && m_pageDirty[static_cast<std::size_t>(page)])
            refreshPage(page);
    });
    connect(m_controller, &SimController::changed, this, &ChartsPanel::onChanged);

    retranslate();
    refillCombos();
    rebuildAll();
    refresh();
}

ChartsPanel::~ChartsPanel() = default;

void ChartsPanel::createPlot(ChartPlot& plot, int minimumHeight)
{
    plot.create(m_tabs, minimumHeight);
    plot.lineToolTip = [this](const QLineSeries* series, double x) { return toolTipAt(series, x * m_msPerUnit); };
    connect(plot.view, &TimeChartView::clicked, this, &ChartsPanel::jumpTo);
    connect(plot.view, &TimeChartView::resized, this, [this] {
        std::fill(m_pageDirty.begin(), m_pageDirty.end(), true);
        if (!m_refreshTimer.isActive())
            m_refreshTimer.start(0);
    });
    plot.applyTheme();
}

void ChartsPanel::clearLines(ChartPlot& plot)
{
    plot.clearLines();
    rebuildLegend(plot);
}

void ChartsPanel::rebuildLegend(ChartPlot& plot)
{
    // The partition page marks leader changes on the LEO/HW chart; its legend names the triangles.
    plot.rebuildLegend(&plot == &m_replication && m_leaderMarkers ? tr("Leader change") : QString());
}

QStringList ChartsPanel::legendTexts(const TimeChartView* view) const
{
    QStringList texts;
    for (const ChartPlot* plot : { &m_replication, &m_isr, &m_lag, &m_producer }) {
        if (plot->view == view)
            texts << plot->legendTexts();
    }
    return texts;
}

void ChartsPanel::rebuildPartitionPage()
{
    clearLines(m_replication);
    clearLines(m_isr);
    if (m_leaderMarkers) {
        m_replication.chart->removeSeries(m_leaderMarkers);
        delete m_leaderMarkers;
        m_leaderMarkers = nullptr;
    }
    const hw::ClusterState& state = m_controller->state();
    const hw::RunMetrics& metrics = m_controller->session().metrics();
    // The partition's series in the metrics: an observed run keeps them by topic and partition number
    // (m_partition is that slot), so that a topic created or deleted between two polls moves no line.
    const std::int32_t p = partitionSlot();
    m_partitionSlot = p;
    if (p < 0 || static_cast<std::size_t>(p) >= metrics.partitions().size())
        return;
    if (!state.observed && static_cast<std::size_t>(m_partition) >= state.partitions.size())
        return;
    // An observed broker is named by its real node id.
    auto brokerName = [&state](hw::BrokerId broker) {
        return state.observed ? state.observed->realBroker(broker) : broker;
    };
    // The HW first, so that the dashed LEO lines are drawn over it where they meet.
    m_replication.addLine(
        [p](const hw::RunMetrics& m) {
            return static_cast<std::size_t>(p) < m.partitions().size() ? &m.partitions()[static_cast<std::size_t>(p)].hw
                                                                       : nullptr;
        },
        [] { return tr("HW (the leader's)"); }, theme::highWatermark, 5, Qt::SolidLine);
    std::vector<hw::BrokerId> replicas;
    if (state.observed) {
        // The brokers of the partition's latest poll (it may be gone from the frame shown).
        replicas = metrics.partitions()[static_cast<std::size_t>(p)].replicas;
    } else {
        for (const hw::Replica& replica : state.partitions[static_cast<std::size_t>(m_partition)].replicas)
            replicas.push_back(replica.broker);
    }
    if (state.observed) {
        // Observed, each replica's own HW as its broker answered: a follower's trails the leader's.
        for (std::size_t r = 0; r < replicas.size(); ++r) {
            const hw::BrokerId broker = brokerName(replicas[r]);
            m_replication.addLine(
                [p, r](const hw::RunMetrics& m) -> const hw::StepSeries* {
                    if (static_cast<std::size_t>(p) >= m.partitions().size())
                        return nullptr;
                    const hw::PartitionMetrics& pm = m.partitions()[static_cast<std::size_t>(p)];
                    return r < pm.replicaHw.size() ? &pm.replicaHw[r] : nullptr;
                },
                [broker] { return tr("HW of broker %1").arg(broker); }, replicaColor(r), 1.5, Qt::SolidLine);
        }
    }
    for (std::size_t r = 0; r < replicas.size(); ++r) {
        const hw::BrokerId broker = brokerName(replicas[r]);
        m_replication.addLine(
            [p, r](const hw::RunMetrics& m) -> const hw::StepSeries* {
                if (static_cast<std::size_t>(p) >= m.partitions().size())
                    return nullptr;
                const hw::PartitionMetrics& pm = m.partitions()[static_cast<std::size_t>(p)];
                return r < pm.leo.size() ? &pm.leo[r] : nullptr;
            },
            [broker] { return tr("LEO of broker %1").arg(broker); }, replicaColor(r), 2.5, dashOf(r));
    }
    m_leaderMarkers = new QScatterSeries(m_replication.chart);
    m_leaderMarkers->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_leaderMarkers->setMarkerSize(markerSize * theme::lineScale());
    m_leaderMarkers->setColor(theme::ink);
    m_leaderMarkers->setBorderColor(theme::paper);
    m_leaderMarkers->setName(tr("Leader change"));
    m_replication.chart->addSeries(m_leaderMarkers);
    m_leaderMarkers->attachAxis(m_replication.x);
    m_leaderMarkers->attachAxis(m_replication.y);
    connect(m_leaderMarkers, &QScatterSeries::hovered, this, [this](const QPointF& point, bool state) {
        if (state)
            QToolTip::showText(QCursor::pos(), markerToolTipAt(point.x() * m_msPerUnit), m_replication.view);
        else
            QToolTip::hideText();
    });

    m_isr.addLine(
        [p](const hw::RunMetrics& m) {
            return static_cast<std::size_t>(p) < m.partitions().size()
                ? &m.partitions()[static_cast<std::size_t>(p)].isrSize
                : nullptr;
        },
        [] { return tr("Replicas in the ISR"); }, theme::isr, 4, Qt::SolidLine);
    rebuildLegend(m_replication);
    rebuildLegend(m_isr);
    m_pageDirty[PartitionPage] = true;
}

void ChartsPanel::rebuildGroupPage()
{
    clearLines(m_lag);
    m_lagNote->hide();
    const hw::RunMetrics& metrics = m_controller->session().metrics();
    const std::int32_t g = m_group;
    if (g < 0 || static_cast<std::size_t>(g) >= metrics.groups().size())
        return;
    const hw::GroupMetrics& gm = metrics.groups()[static_cast<std::size_t>(g)];
    const hw::ClusterState& state = m_controller->state();
    const std::size_t shown = std::min<std::size_t>(gm.partitions.size(), lagLinesMax);
    // The total first and thickest; the partitions' dashed lines are drawn over it.
    m_lag.addLine(
        [g](const hw::RunMetrics& m) {
            return static_cast<std::size_t>(g) < m.groups().size() ? &m.groups()[static_cast<std::size_t>(g)].totalLag
                                                                   : nullptr;
        },
        [] { return tr("Total lag"); }, theme::ink, 5, Qt::SolidLine);
    for (std::size_t i = 0; i < shown; ++i) {
        const std::int32_t key = gm.partitions[i].partition;
        const QString name = state.observed
            ? QStringLiteral("%1-%2")
                  .arg(QString::fromStdString(metrics.observedPartitions()[static_cast<std::size_t>(key)].topic))
                  .arg(metrics.observedPartitions()[static_cast<std::size_t>(key)].partition)
            : QString::fromStdString(state.partitionName(key));
        m_lag.addLine(
            [g, i](const hw::RunMetrics& m) -> const hw::StepSeries* {
                if (static_cast<std::size_t>(g) >= m.groups().size())
                    return nullptr;
                const hw::GroupMetrics& group = m.groups()[static_cast<std::size_t>(g)];
                return i < group.partitions.size() ? &group.partitions[i].lag : nullptr;
            },
            [name] { return tr("Lag on %1").arg(name); }, replicaColor(i), 2.5, dashOf(i));
    }
    if (gm.partitions.size() > shown) {
        m_lagNote->setText(tr("Lines for %1 of the group's %2 partitions; the total counts them all.")
                               .arg(shown)
                               .arg(gm.partitions.size()));
        m_lagNote->show();
    }
    rebuildLegend(m_lag);
    m_pageDirty[GroupPage] = true;
}

void ChartsPanel::rebuildProducerPage()
{
    clearLines(m_producer);
    const std::int32_t i = m_producerIndex;
    if (i < 0 || static_cast<std::size_t>(i) >= m_controller->state().producers.size())
        return;
    auto producer = [i](const hw::RunMetrics& m) -> const hw::ProducerMetrics* {
        return static_cast<std::size_t>(i) < m.producers().size() ? &m.producers()[static_cast<std::size_t>(i)]
                                                                  : nullptr;
    };
    m_producer.addLine(
        [producer](const hw::RunMetrics& m) -> const hw::StepSeries* {
            const hw::ProducerMetrics* pm = producer(m);
            return pm ? &pm->acked : nullptr;
        },
        [] { return tr("Records acknowledged"); }, theme::bluishGreen, 4, Qt::SolidLine);
    m_producer.addLine(
        [producer](const hw::RunMetrics& m) -> const hw::StepSeries* {
            const hw::ProducerMetrics* pm = producer(m);
            return pm ? &pm->failed : nullptr;
        },
        [] { return tr("Records failed"); }, theme::vermillion, 4, Qt::DashLine);
    rebuildLegend(m_producer);
    m_pageDirty[ProducerPage] = true;
}

void ChartsPanel::rebuildAll()
{
    rebuildPartitionPage();
    rebuildGroupPage();
    rebuildProducerPage();
}

void ChartsPanel::refillCombos()
{
    const hw::ClusterState& state = m_controller->state();
    auto refill = [](QComboBox* combo, const QStringList& names, std::int32_t& selected) {
        QStringList current;
        for (int i = 0; i < combo->count(); ++i)
            current << combo->itemText(i);
        if (current == names && combo->currentIndex() == selected)
            return;
        // The item chosen stays chosen where it moved (an observed topic created before it).
        if (const QString chosen = combo->currentText(); !chosen.isEmpty() && names.contains(chosen))
            selected = static_cast<std::int32_t>(names.indexOf(chosen));
        const QSignalBlocker blocker(combo);
        combo->clear();
        for (int i = 0; i < names.size(); ++i)
            combo->addItem(names[i], i);
        selected
            = names.isEmpty() ? 0 : std::clamp<std::int32_t>(selected, 0, static_cast<std::int32_t>(names.size()) - 1);
        combo->setCurrentIndex(names.isEmpty() ? -1 : selected);
        combo->setEnabled(names.size() > 1);
    };
    QStringList partitions;
    if (state.observed) {
        // Every partition seen, in the metrics' slots: a list that only grows while polls arrive.
        for (const hw::ObservedTopicPartition& key : m_controller->session().metrics().observedPartitions())
            partitions << QStringLiteral("%1-%2").arg(QString::fromStdString(key.topic)).arg(key.partition);
    } else {
        for (std::size_t p = 0; p < state.partitions.size(); ++p)
            partitions << QString::fromStdString(state.partitionName(static_cast<std::int32_t>(p)));
    }
    QStringList groups;
    // An observed run's groups are every group seen, in the metrics' slots (a group gone keeps its lines).
    if (state.observed) {
        for (const std::string& id : m_controller->session().metrics().observedGroupIds())
            groups << QString::fromStdString(id);
    } else {
        for (const hw::Group& g : state.groups)
            groups << QString::fromStdString(g.id);
    }
    QStringList producers;
    for (const hw::Producer& producer : state.producers)
        producers << QString::fromStdString(producer.id);
    refill(m_partitionCombo, partitions, m_partition);
    refill(m_groupCombo, groups, m_group);
    refill(m_producerCombo, producers, m_producerIndex);
}

std::int32_t ChartsPanel::partitionSlot() const
{
    const hw::ClusterState& state = m_controller->state();
    if (state.observed)
        return m_partition;
    return m_controller->session().metrics().partitionSlot(state, m_partition);
}

std::size_t ChartsPanel::partitionReplicas() const
{
    const hw::ClusterState& state = m_controller->state();
    if (!state.observed)
        return static_cast<std::size_t>(m_partition) < state.partitions.size()
            ? state.partitions[static_cast<std::size_t>(m_partition)].replicas.size()
            : 0;
    const std::vector<hw::PartitionMetrics>& partitions = m_controller->session().metrics().partitions();
    return m_partition >= 0 && static_cast<std::size_t>(m_partition) < partitions.size()
        ? partitions[static_cast<std::size_t>(m_partition)].replicas.size()
        : 0;
}

void ChartsPanel::setPartition(std::int32_t partition)
{
    // An observed run's combo lists its partitions by the metrics' slots.
    const hw::ClusterState& state = m_controller->state();
    if (state.observed)
        partition = m_controller->session().metrics().partitionSlot(state, partition);
    const int index = m_partitionCombo->findData(partition);
    if (index >= 0 && index != m_partitionCombo->currentIndex())
        m_partitionCombo->setCurrentIndex(index);
}

void ChartsPanel::setGroup(std::int32_t group)
{
    const int index = m_groupCombo->findData(group);
    if (index >= 0 && index != m_groupCombo->currentIndex())
        m_groupCombo->setCurrentIndex(index);
}

void ChartsPanel::setProducer(std::int32_t producer)
{
    const int index = m_producerCombo->findData(producer);
    if (index >= 0 && index != m_producerCombo->currentIndex())
        m_producerCombo->setCurrentIndex(index);
}

void ChartsPanel::setPage(Page page)
{
    m_tabs->setCurrentIndex(page);
}

void ChartsPanel::onChanged(SimController::Changes what)
{
    if (what & SimController::ScenarioChanged) {
        // The view starts a new scenario on its first partition; so do the charts.
        m_partition = 0;
        m_group = 0;
        m_producerIndex = 0;
        refillCombos();
        rebuildAll();
        refresh();
        return;
    }
    if (what & SimController::TimelineChanged) {
        const std::int32_t partitions = m_partitionCombo->count();
        const std::int32_t groups = m_groupCombo->count();
        const std::int32_t producers = m_producerCombo->count();
        refillCombos();
        const hw::ClusterState& state = m_controller->state();
        const hw::RunMetrics& metrics = m_controller->session().metrics();
        // The HW, each replica's LEO and, observed, each replica's HW.
        const std::size_t replicaLines = state.observed ? 2 : 1;
        if (partitions != m_partitionCombo->count() || m_replication.lines.empty()
            || partitionSlot() != m_partitionSlot || m_replication.lines.size() != partitionReplicas() * replicaLines + 1)
            rebuildPartitionPage();
        // A group's lines follow the partitions it has committed offsets for, which a run discovers.
        std::size_t lagLines = 0;
        if (static_cast<std::size_t>(m_group) < metrics.groups().size())
            lagLines = 1
                + std::min<std::size_t>(
                    metrics.groups()[static_cast<std::size_t>(m_group)].partitions.size(), lagLinesMax);
        if (groups != m_groupCombo->count() || m_lag.lines.size() != lagLines)
            rebuildGroupPage();
        if (producers != m_producerCombo->count())
            rebuildProducerPage();
        std::fill(m_pageDirty.begin(), m_pageDirty.end(), true);
        if (m_controller->isPlaying()) {
            if (!m_refreshTimer.isActive())
                m_refreshTimer.start(refreshIntervalMs);
        } else if (isVisible()) {
            refreshPage(m_tabs->currentIndex());
        }
    }
    if (what & (SimController::FrameChanged | SimController::TimeChanged))
        updateNowLines();
}

void ChartsPanel::refresh()
{
    for (int page = PartitionPage; page <= ProducerPage; ++page)
        refreshPage(page);
}

std::vector<ChartPlot*> ChartsPanel::plotsOfPage(int page)
{
    switch (page) {
    case PartitionPage:
        return { &m_replication, &m_isr };
    case GroupPage:
        return { &m_lag };
    case ProducerPage:
        return { &m_producer };
    default:
        return {};
    }
}

void ChartsPanel::refreshPage(int page)
{
    if (page < 0 || page > ProducerPage)
        return;
    const hw::Timeline& timeline = m_controller->timeline();
    const double runMs = static_cast<double>(timeline.frame(timeline.frameCount() - 1).timeMs);
    const double unit = chartdata::msPerAxisUnit(runMs);
    if (unit != m_msPerUnit) {
        m_msPerUnit = unit;
        retranslate();
    }
    switch (page) {
    case PartitionPage: {
        const double replicas = std::max<double>(1, static_cast<double>(partitionReplicas()));
        m_replication.draw(
            m_controller->session().metrics(), m_controller->timeline(), m_msPerUnit, 0, 1, m_changes, m_points);
        drawMarkers();
        m_isr.draw(
            m_controller->session().metrics(), m_controller->timeline(), m_msPerUnit, 0, replicas, m_changes, m_points);
        break;
    }
    case GroupPage:
        m_lag.draw(m_controller->session().metrics(), m_controller->timeline(), m_msPerUnit, 0, 1, m_changes, m_points);
        break;
    case ProducerPage:
        m_producer.draw(
            m_controller->session().metrics(), m_controller->timeline(), m_msPerUnit, 0, 1, m_changes, m_points);
        break;
    default:
        break;
    }
    const double now = m_controller->displayTimeMs() / m_msPerUnit;
    for (ChartPlot* plot : plotsOfPage(page)) {
        plot->chart->setTitle(plot->title());
        plot->setNow(now);
    }
    m_pageDirty[static_cast<std::size_t>(page)] = false;
}

void ChartsPanel::drawMarkers()
{
    if (!m_leaderMarkers)
        return;
    m_points.clear();
    const hw::RunMetrics& metrics = m_controller->session().metrics();
    if (m_partitionSlot < 0 || static_cast<std::size_t>(m_partitionSlot) >= metrics.partitions().size()) {
        m_leaderMarkers->clear();
        return;
    }
    const hw::Timeline& timeline = m_controller->timeline();
    const hw::PartitionMetrics& pm = metrics.partitions()[static_cast<std::size_t>(m_partitionSlot)];
    const std::size_t count = pm.leaderChanges.size();
    const double xMin = m_replication.x->min();
    const double xMax = m_replication.x->max();
    const int columns = m_replication.columns();
    double lastColumn = -1;
    for (const hw::LeaderChange& change : pm.leaderChanges) {
        const double x = static_cast<double>(timeline.frame(change.frame).timeMs) / m_msPerUnit;
        // Too many to tell apart: one per pixel column.
        if (count > static_cast<std::size_t>(markersMax)) {
            const double column = std::floor((x - xMin) / std::max(xMax - xMin, 1e-9) * columns);
            if (column == lastColumn)
                continue;
            lastColumn = column;
        }
        // On the new leader's LEO line, where the eye already is.
        double y = 0;
        for (std::size_t r = 0; r < pm.replicas.size(); ++r) {
            if (pm.replicas[r] == change.leader)
                y = static_cast<double>(pm.leo[r].valueAtFrame(change.frame).value_or(0));
        }
        m_points.append(QPointF(x, y));
    }
    m_leaderMarkers->replace(m_points);
}

void ChartsPanel::updateNowLines()
{
    const double x = m_controller->displayTimeMs() / m_msPerUnit;
    for (ChartPlot* plot : { &m_replication, &m_isr, &m_lag, &m_producer })
        plot->setNow(x);
}

void ChartsPanel::jumpTo(double x)
{
    m_controller->setPlaying(false);
    m_controller->setCurrentFrame(chartdata::frameAtTime(m_controller->timeline(), x * m_msPerUnit));
}

std::int64_t ChartsPanel::frameAt(const TimeChartView* view, QPointF pos) const
{
    QChart* chart = view->chart();
    const QPointF inChart = chart->mapFromScene(view->mapToScene(pos.toPoint()));
    if (!chart->plotArea().contains(inChart))
        return -1;
    return chartdata::frameAtTime(m_controller->timeline(), chart->mapToValue(inChart).x() * m_msPerUnit);
}

QLineSeries* ChartsPanel::nowLine(const TimeChartView* view) const
{
    for (const ChartPlot* plot : { &m_replication, &m_isr, &m_lag, &m_producer }) {
        if (plot->view == view)
            return plot->now;
    }
    return nullptr;
}

namespace {

/// A plot's lines with the first one (the HW or the total, drawn first so that it lies underneath)
/// moved to the end.
template <typename Lines> QList<QLineSeries*> firstLineLast(const Lines& plotLines)
{
    QList<QLineSeries*> lines;
    for (std::size_t i = 1; i < plotLines.size(); ++i)
        lines << plotLines[i].series;
    if (!plotLines.empty())
        lines << plotLines.front().series;
    return lines;
}

} // namespace

QList<QLineSeries*> ChartsPanel::replicationLines() const
{
    return firstLineLast(m_replication.lines);
}

QLineSeries* ChartsPanel::isrLine() const
{
    return m_isr.lines.empty() ? nullptr : m_isr.lines.front().series;
}

QList<QLineSeries*> ChartsPanel::lagLines() const
{
    return firstLineLast(m_lag.lines);
}

QList<QLineSeries*> ChartsPanel::producerLines() const
{
    QList<QLineSeries*> lines;
    for (const Line& line : m_producer.lines)
        lines << line.series;
    return lines;
}

const ChartsPanel::Line* ChartsPanel::lineOf(const QLineSeries* series) const
{
    for (const ChartPlot* plot : { &m_replication, &m_isr, &m_lag, &m_producer }) {
        if (const Line* line = plot->lineOf(series))
            return line;
    }
    return nullptr;
}

namespace {

QString timeText(double timeMs, double msPerUnit)
{
    if (msPerUnit > 1)
        return ChartsPanel::tr("%1 s").arg(timeMs / 1000.0, 0, 'f', 3);
    return ChartsPanel::tr("%1 ms").arg(static_cast<qint64>(timeMs));
}

} // namespace

QString ChartsPanel::toolTipAt(const QLineSeries* series, double timeMs) const
{
    const Line* line = lineOf(series);
    if (!line)
        return QString();
    const hw::StepSeries* source = line->source(m_controller->session().metrics());
    const std::int64_t frame = chartdata::frameAtTime(m_controller->timeline(), timeMs);
    std::optional<std::int64_t> value;
    if (source)
        value = source->valueAtFrame(frame);
    const QString valueText
        = !value || *value == hw::StepSeries::unknownValue ? tr("unknown") : QString::number(*value);
    //: A chart tooltip: "HW: 5 at 1.250 s (frame 42)".
    return tr("%1: %2 at %3 (frame %4)").arg(line->name(), valueText, timeText(timeMs, m_msPerUnit)).arg(frame);
}

QString ChartsPanel::markerToolTipAt(double timeMs) const
{
    const hw::RunMetrics& metrics = m_controller->session().metrics();
    if (m_partitionSlot < 0 || static_cast<std::size_t>(m_partitionSlot) >= metrics.partitions().size())
        return QString();
    const hw::Timeline& timeline = m_controller->timeline();
    const hw::LeaderChange* nearest = nullptr;
    double distance = 0;
    for (const hw::LeaderChange& change : metrics.partitions()[static_cast<std::size_t>(m_partitionSlot)].leaderChanges) {
        const double d = std::abs(static_cast<double>(timeline.frame(change.frame).timeMs) - timeMs);
        if (!nearest || d < distance) {
            nearest = &change;
            distance = d;
        }
    }
    if (!nearest)
        return QString();
    const QString when = timeText(static_cast<double>(timeline.frame(nearest->frame).timeMs), m_msPerUnit);
    if (nearest->leader == hw::noLeader)
        return tr("%1 (frame %2): the partition has no leader; leader epoch %3")
            .arg(when)
            .arg(nearest->frame)
            .arg(nearest->epoch);
    return tr("%1 (frame %2): broker %3 becomes leader, leader epoch %4")
        .arg(when)
        .arg(nearest->frame)
        .arg(nearest->leader)
        .arg(nearest->epoch);
}

void ChartsPanel::retranslate()
{
    m_tabs->setTabText(PartitionPage, tr("Partition"));
    m_tabs->setTabText(GroupPage, tr("Consumer lag"));
    m_tabs->setTabText(ProducerPage, tr("Producers"));
    m_tabs->setTabToolTip(PartitionPage, tr("Each replica's LEO, the HW and the ISR size over time"));
    m_tabs->setTabToolTip(GroupPage, tr("A consumer group's lag: the HW minus the committed offset"));
    m_tabs->setTabToolTip(ProducerPage, tr("A producer's records acknowledged and failed, counted from the start"));
    m_partitionLabel->setText(tr("&Partition:"));
    m_groupLabel->setText(tr("&Group:"));
    m_producerLabel->setText(tr("P&roducer:"));
    const QString timeTitle = m_msPerUnit > 1 ? tr("Simulated time (s)") : tr("Simulated time (ms)");
    for (ChartPlot* plot : { &m_replication, &m_isr, &m_lag, &m_producer }) {
        plot->view->setToolTip(tr("Click to show the frame at that time."));
        plot->x->setTitleText(timeTitle);
        plot->y->setTitleText(plot->yTitle ? plot->yTitle() : QString());
        if (plot->title)
            plot->chart->setTitle(plot->title());
        plot->now->setName(tr("Now"));
        for (Line& line : plot->lines)
            line.series->setName(line.name());
    }
    if (m_leaderMarkers)
        m_leaderMarkers->setName(tr("Leader change"));
    for (ChartPlot* plot : { &m_replication, &m_isr, &m_lag, &m_producer }) {
        if (plot->legendLayout)
            rebuildLegend(*plot);
    }
}

void ChartsPanel::restyle()
{
    for (ChartPlot* plot : { &m_replication, &m_isr, &m_lag, &m_producer })
        plot->applyTheme();
    rebuildAll();
    refresh();
}

void ChartsPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        if (m_replication.chart) {
            for (ChartPlot* plot : { &m_replication, &m_isr, &m_lag, &m_producer })
                plot->applyTheme();
        }
        retranslate();
    } else if (event->type() == QEvent::PaletteChange && m_replication.chart)
        restyle();
}

void ChartsPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    const int page = m_tabs->currentIndex();
    if (page >= 0 && m_pageDirty[static_cast<std::size_t>(page)])
        refreshPage(page);
}

} // namespace hw::ui
