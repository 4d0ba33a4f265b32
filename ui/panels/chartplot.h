// SPDX-License-Identifier: MIT
#pragma once

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QString>

#include <functional>
#include <vector>

class QGridLayout;
class QLineSeries;
class QValueAxis;
class QChart;

namespace hw {
class RunMetrics;
class StepSeries;
class Timeline;
} // namespace hw

namespace hw::ui {

/// A chart whose x axis is simulated time. A left click in the plot area reports the time under it.
class TimeChartView : public QChartView {
    Q_OBJECT

public:
    explicit TimeChartView(QChart* chart, QWidget* parent = nullptr);

signals:
    /// The x value (in axis units) under a left click in the plot area.
    void clicked(double x);
    void resized();

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
};

/// One chart of the Charts dock: a QChart over simulated time with its axes, its step lines, the
/// vertical current-frame line and the legend widget under it. It knows how to draw a line from a
/// StepSeries (changePoints, then downsampleSteps to the plot's pixel columns, then replace()), how
/// to style itself from the theme and how to draw its legend; which lines a page shows, and what
/// their texts say, is the panel's (ChartsPanel).
struct ChartPlot {
    /// Text size of the legend (and of the panel's own labels), in pixels: read from the back of a classroom.
    static constexpr qreal legendTextSize = 15;

    /// A drawn line and where its numbers come from (looked up again on every use, because the
    /// metrics' vectors may have grown since).
    struct Line {
        QLineSeries* series = nullptr;
        std::function<const hw::StepSeries*(const hw::RunMetrics&)> source;
        std::function<QString()> name;
    };

    QChart* chart = nullptr;
    TimeChartView* view = nullptr;
    QValueAxis* x = nullptr;
    QValueAxis* y = nullptr;
    QLineSeries* now = nullptr;
    // The legend is a widget under the chart, not the chart's own: that one shows colour swatches
    // only (the dash patterns are what tells the lines apart without colour) and truncates names.
    QWidget* legend = nullptr;
    QGridLayout* legendLayout = nullptr;
    std::vector<Line> lines;
    std::function<QString()> title;
    std::function<QString()> yTitle;
    bool integerTicks = false;
    /// The tooltip of a line at an x value (in axis units), shown while the pointer is on it.
    std::function<QString(const QLineSeries*, double x)> lineToolTip;

    /// Makes the chart, its axes, the current-frame line, the view and the legend widget.
    void create(QWidget* parent, int minimumHeight);
    /// Fonts, colours and pens from the theme.
    void applyTheme();
    Line& addLine(std::function<const hw::StepSeries*(const hw::RunMetrics&)> source, std::function<QString()> name,
        const QColor& color, qreal width, Qt::PenStyle style);
    /// Removes every line (the legend is rebuilt by the caller).
    void clearLines();
    /// A legend entry per line, then, when markerEntry is not empty, a leader-change triangle with it.
    void rebuildLegend(const QString& markerEntry);
    /// The legend's texts, in order.
    QStringList legendTexts() const;
    /// The pixel columns the plot area has (or a default before it has been laid out).
    int columns() const;
    /// Draws every line from the metrics, reduced to the plot's pixel columns, and sets both ranges.
    /// changes and points are the caller's reused buffers.
    void draw(const hw::RunMetrics& metrics, const hw::Timeline& timeline, double msPerUnit, double yMinimum,
        double yMaximumAtLeast, QList<QPointF>& changes, QList<QPointF>& points);
    /// Moves the current-frame line to x (in axis units).
    void setNow(double at);
    const Line* lineOf(const QLineSeries* series) const;
};

} // namespace hw::ui
