// SPDX-License-Identifier: MIT
#pragma once

#include "control/simcontroller.h"
#include "panels/chartplot.h"

#include <QList>
#include <QPointF>
#include <QTimer>
#include <QWidget>

#include <cstdint>
#include <functional>
#include <vector>

class QComboBox;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QTabWidget;

namespace hw {
class StepSeries;
class RunMetrics;
} // namespace hw

namespace hw::ui {

/// The Charts dock: numbers of the run over simulated time, synchronised with the timeline.
///
/// Three pages: a partition (each replica's LEO and the HW as step lines, leader changes marked, and
/// the ISR size below), a consumer group (lag per partition and in total, as kafka-consumer-groups
/// computes it), and a producer (records acknowledged and failed, cumulative). A vertical line marks
/// the time shown; a click on a chart shows the last frame at or before the time clicked.
///
/// The numbers come from the session's RunMetrics (collected as frames are made). What is drawn is
/// reduced to the chart's pixel columns and handed to each series with replace(), so a long run
/// costs as much to draw as a short one. New frames are redrawn at most every refreshIntervalMs while
/// playing; moving the current frame only moves the line.
///
/// Each chart (axes, lines, legend, drawing from a StepSeries) is a ChartPlot; the panel keeps what
/// its pages show. Of its 45 member functions, 17 are getters of its widgets and lines for the tests
/// and the image export.
class ChartsPanel : public QWidget {
    Q_OBJECT

public:
    /// The pages, in tab order.
    enum Page { PartitionPage, GroupPage, ProducerPage };

    /// Per-partition lag lines drawn for one group (the total is always drawn).
    static constexpr int lagLinesMax = 8;
    /// Leader-change markers drawn; more are thinned to one per pixel column.
    static constexpr int markersMax = 400;
    /// While playing, new frames are drawn at most this often.
    static constexpr int refreshIntervalMs = 100;

    explicit ChartsPanel(SimController* controller, QWidget* parent = nullptr);
    ~ChartsPanel() override;

    /// Shows a partition (index into ClusterState::partitions of the frame shown): the partition view's
    /// follows here. An observed run's charts keep their partition by topic and number: their combo lists
    /// every partition seen (RunMetrics::observedPartitions), and partition() is its slot there.
    void setPartition(std::int32_t partition);
    std::int32_t partition() const { return m_partition; }
    void setGroup(std::int32_t group);
    void setProducer(std::int32_t producer);
    void setPage(Page page);

    /// Redraws every page from the metrics now (otherwise new frames are drawn on a timer).
    void refresh();

    // The parts, for tests and the image export.
    QTabWidget* tabs() const { return m_tabs; }
    QComboBox* partitionCombo() const { return m_partitionCombo; }
    QComboBox* groupCombo() const { return m_groupCombo; }
    QComboBox* producerCombo() const { return m_producerCombo; }
    TimeChartView* replicationView() const { return m_replication.view; }
    TimeChartView* isrView() const { return m_isr.view; }
    TimeChartView* lagView() const { return m_lag.view; }
    TimeChartView* producerView() const { return m_producer.view; }
    /// The replica LEO lines in assignment order, then the HW line; observed, each replica's own HW line
    /// (in assignment order) comes first.
    QList<QLineSeries*> replicationLines() const;
    QLineSeries* isrLine() const;
    QScatterSeries* leaderMarkers() const { return m_leaderMarkers; }
    /// One lag line per partition (at most lagLinesMax), then the total.
    QList<QLineSeries*> lagLines() const;
    /// Acknowledged, then failed.
    QList<QLineSeries*> producerLines() const;
    /// The vertical current-frame line of a chart view.
    QLineSeries* nowLine(const TimeChartView* view) const;
    /// Milliseconds per unit of the time axes.
    double msPerUnit() const { return m_msPerUnit; }
    /// The frame a left click at `pos` (in the view's coordinates) shows, or -1 outside the plot.
    std::int64_t frameAt(const TimeChartView* view, QPointF pos) const;
    /// The text of a series' tooltip at a time (ms).
    QString toolTipAt(const QLineSeries* series, double timeMs) const;
    /// The tooltip of the leader-change marker nearest to a time (ms).
    QString markerToolTipAt(double timeMs) const;
    /// The legend's texts under a chart view, in order.
    QStringList legendTexts(const TimeChartView* view) const;

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    using Line = ChartPlot::Line;

    void createPlot(ChartPlot& plot, int minimumHeight);
    void clearLines(ChartPlot& plot);
    void rebuildLegend(ChartPlot& plot);

    void onChanged(SimController::Changes what);
    void retranslate();
    void restyle();
    void refillCombos();
    void rebuildPartitionPage();
    /// The chosen partition's index into RunMetrics::partitions(), or -1.
    std::int32_t partitionSlot() const;
    /// How many replicas the chosen partition has (its lines).
    std::size_t partitionReplicas() const;
    void rebuildGroupPage();
    void rebuildProducerPage();
    void rebuildAll();
    void refreshPage(int page);
    void drawMarkers();
    void updateNowLines();
    void jumpTo(double x);
    const Line* lineOf(const QLineSeries* series) const;
    std::vector<ChartPlot*> plotsOfPage(int page);

    SimController* m_controller;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_partitionLabel = nullptr;
    QLabel* m_groupLabel = nullptr;
    QLabel* m_producerLabel = nullptr;
    QLabel* m_lagNote = nullptr;
    QComboBox* m_partitionCombo = nullptr;
    QComboBox* m_groupCombo = nullptr;
    QComboBox* m_producerCombo = nullptr;
    ChartPlot m_replication;
    ChartPlot m_isr;
    ChartPlot m_lag;
    ChartPlot m_producer;
    QScatterSeries* m_leaderMarkers = nullptr;

    std::int32_t m_partition = 0;
    std::int32_t m_partitionSlot = -1; // m_partition's index into RunMetrics::partitions()
    std::int32_t m_group = 0;
    std::int32_t m_producerIndex = 0;
    double m_msPerUnit = 1;
    std::vector<bool> m_pageDirty;
    QTimer m_refreshTimer;
    QList<QPointF> m_changes; // reused buffers: redrawing allocates nothing once they have grown
    QList<QPointF> m_points;
};

} // namespace hw::ui
