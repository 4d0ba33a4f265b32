// SPDX-License-Identifier: MIT
#include "panels/chartplot.h"

#include "base/i18n.h"
#include "base/theme.h"
#include "panels/chartdata.h"
#include "timeline/metrics.h"
#include "timeline/timeline.h"

#include <QChart>
#include <QCursor>
#include <QGridLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

// Text sizes in pixels: read from the back of a classroom.
constexpr qreal chartTitleSize = 18;
constexpr qreal axisTitleSize = 16;
constexpr qreal axisLabelSize = 15;
/// Columns assumed before a chart has been laid out (a chart drawn offscreen before it is shown).
constexpr int columnsBeforeLayout = 800;
/// Ticks wanted on an axis; the interval is rounded to 1, 2 or 5 times a power of ten.
constexpr int ticksWanted = 5;
/// The line sample in front of a legend entry.
constexpr QSize legendSampleSize(48, 20);
/// Legend entries side by side under a chart.
constexpr int legendColumns = 2;

/// A tick interval of 1, 2 or 5 times a power of ten giving about ticksWanted ticks up to `span`.
double niceInterval(double span, double smallest)
{
    const double raw = std::max(span / ticksWanted, smallest);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double step : { 1.0, 2.0, 5.0, 10.0 }) {
        if (step * magnitude >= raw)
            return std::max(step * magnitude, smallest);
    }
    return std::max(10 * magnitude, smallest);
}

/// Chart text. Qt Charts sizes a vertical axis title with the first font family's line height and
/// elides what does not fit; the app's font lists its Latin family first (i18n.cpp), and a Chinese
/// title drawn in the taller CJK line became "…". In Chinese the CJK family goes first here.
QFont chartFont(qreal pixelSize, bool bold = false)
{
    QFont f = theme::font(pixelSize, bold);
    QStringList families = f.families();
    if (currentLanguage().startsWith(QLatin1String("zh")) && families.size() > 1) {
        families.move(families.size() - 1, 0);
        f.setFamilies(families);
    }
    return f;
}

/// Ticks at round values; the top rounded up to the next tick when roundUp is set (headroom above
/// the data), otherwise the range ends where the data ends.
void setNiceRange(QValueAxis* axis, double minimum, double maximum, double smallestInterval, bool roundUp)
{
    const double interval = niceInterval(maximum - minimum, smallestInterval);
    const double top = roundUp ? std::max(minimum + interval, std::ceil(maximum / interval) * interval) : maximum;
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(interval);
    axis->setRange(minimum, top);
    axis->setLabelFormat(interval >= 1 ? QStringLiteral("%.0f") : QStringLiteral("%.1f"));
}

} // namespace

TimeChartView::TimeChartView(QChart* chart, QWidget* parent) : QChartView(chart, parent)
{
    setRenderHint(QPainter::Antialiasing);
    setCursor(Qt::PointingHandCursor);
}

void TimeChartView::mousePressEvent(QMouseEvent* event)
{
    const QPointF inChart = chart()->mapFromScene(mapToScene(event->position().toPoint()));
    if (event->button() == Qt::LeftButton && chart()->plotArea().contains(inChart)) {
        emit clicked(chart()->mapToValue(inChart).x());
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void TimeChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    emit resized();
}

void ChartPlot::create(QWidget* parent, int minimumHeight)
{
    chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    x = new QValueAxis(chart);
    y = new QValueAxis(chart);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    now = new QLineSeries(chart);
    chart->addSeries(now);
    now->attachAxis(x);
    now->attachAxis(y);
    for (QLegendMarker* marker : chart->legend()->markers(now))
        marker->setVisible(false);
    view = new TimeChartView(chart, parent);
    view->setMinimumHeight(minimumHeight);
    legend = new QWidget(parent);
    legendLayout = new QGridLayout(legend);
    legendLayout->setContentsMargins(8, 0, 8, 4);
    legendLayout->setHorizontalSpacing(6);
    legendLayout->setColumnStretch(1, 1);
    legendLayout->setColumnStretch(3, 1);
}

void ChartPlot::applyTheme()
{
    chart->setBackgroundBrush(theme::paper);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(theme::ink);
    chart->setTitleFont(chartFont(chartTitleSize, true));
    for (QValueAxis* axis : { x, y }) {
        axis->setLabelsFont(chartFont(axisLabelSize));
        axis->setTitleFont(chartFont(axisTitleSize, true));
        axis->setLabelsBrush(theme::ink);
        axis->setTitleBrush(theme::ink);
        axis->setLinePen(QPen(theme::faintInk, 1.5));
        axis->setGridLinePen(QPen(theme::tint(theme::faintInk, 170), 1));
    }
    now->setPen(QPen(theme::ink, 2.5 * theme::lineScale(), Qt::SolidLine));
}

ChartPlot::Line& ChartPlot::addLine(std::function<const hw::StepSeries*(const hw::RunMetrics&)> source,
    std::function<QString()> name, const QColor& color, qreal width, Qt::PenStyle style)
{
    auto* series = new QLineSeries(chart);
    QPen pen(color, width * theme::lineScale(), style);
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::MiterJoin);
    series->setPen(pen);
    series->setName(name());
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    QObject::connect(series, &QLineSeries::hovered, view, [this, series](const QPointF& point, bool state) {
        if (state)
            QToolTip::showText(QCursor::pos(), lineToolTip ? lineToolTip(series, point.x()) : QString(), view);
        else
            QToolTip::hideText();
    });
    lines.push_back(Line { series, std::move(source), std::move(name) });
    return lines.back();
}

void ChartPlot::clearLines()
{
    for (Line& line : lines) {
        chart->removeSeries(line.series);
        delete line.series;
    }
    lines.clear();
}

void ChartPlot::rebuildLegend(const QString& markerEntry)
{
    while (QLayoutItem* item = legendLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    int entries = 0;
    auto add = [&](const QPixmap& sample, const QString& text) {
        auto* swatch = new QLabel(legend);
        swatch->setPixmap(sample);
        auto* label = new QLabel(text, legend);
        label->setFont(theme::font(legendTextSize));
        label->setWordWrap(true);
        const int row = entries / legendColumns;
        const int column = (entries % legendColumns) * 2;
        legendLayout->addWidget(swatch, row, column);
        legendLayout->addWidget(label, row, column + 1);
        ++entries;
    };
    const qreal dpr = legend->devicePixelRatioF();
    auto blank = [dpr] {
        QPixmap pixmap(legendSampleSize * dpr);
        pixmap.setDevicePixelRatio(dpr);
        pixmap.fill(Qt::transparent);
        return pixmap;
    };
    for (const Line& line : lines) {
        QPixmap sample = blank();
        QPainter painter(&sample);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(line.series->pen());
        const qreal middle = legendSampleSize.height() / 2.0;
        painter.drawLine(QPointF(2, middle), QPointF(legendSampleSize.width() - 2, middle));
        painter.end();
        add(sample, line.name());
    }
    if (!markerEntry.isEmpty()) {
        QPixmap sample = blank();
        QPainter painter(&sample);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(theme::paper, 1));
        painter.setBrush(theme::ink);
        const qreal h = legendSampleSize.height() - 4;
        const qreal cx = legendSampleSize.width() / 2.0;
        painter.drawPolygon(QPolygonF({ QPointF(cx, 2), QPointF(cx + h / 2, 2 + h), QPointF(cx - h / 2, 2 + h) }));
        painter.end();
        add(sample, markerEntry);
    }
    legend->setVisible(entries > 0);
}

QStringList ChartPlot::legendTexts() const
{
    QStringList texts;
    for (int i = 0; i < legendLayout->count(); ++i) {
        if (const auto* label = qobject_cast<const QLabel*>(legendLayout->itemAt(i)->widget());
            label && label->pixmap().isNull())
            texts << label->text();
    }
    return texts;
}

int ChartPlot::columns() const
{
    const int plotWidth = static_cast<int>(chart->plotArea().width());
    return plotWidth >= ticksWanted ? plotWidth : columnsBeforeLayout;
}

void ChartPlot::draw(const hw::RunMetrics& metrics, const hw::Timeline& timeline, double msPerUnit, double yMinimum,
    double yMaximumAtLeast, QList<QPointF>& changes, QList<QPointF>& points)
{
    const double runMs = static_cast<double>(timeline.frame(timeline.frameCount() - 1).timeMs);
    // The time axis starts at the first frame kept: the live lab's history may have dropped older ones,
    // and the metrics with them (RunMetrics::dropBefore).
    const double startMs = static_cast<double>(timeline.frame(timeline.firstFrame()).timeMs);
    const double xMin = startMs / msPerUnit;
    const double xMax = std::max(runMs / msPerUnit, xMin + 1.0 / msPerUnit);
    const int columnCount = columns();
    double yMax = yMaximumAtLeast;
    for (Line& line : lines) {
        const hw::StepSeries* source = line.source(metrics);
        if (!source) {
            line.series->clear();
            continue;
        }
        chartdata::changePoints(*source, timeline, msPerUnit, changes);
        chartdata::downsampleSteps(changes, xMin, xMax, xMax, columnCount, points);
        for (const QPointF& point : std::as_const(points))
            yMax = std::max(yMax, point.y());
        line.series->replace(points);
    }
    setNiceRange(x, xMin, xMax, msPerUnit > 1 ? 0.001 : 1, false);
    // Counts get half a step of headroom, so that a line at the top is not drawn on the frame.
    if (integerTicks)
        setNiceRange(y, yMinimum, yMax + 0.5, 1, false);
    else
        setNiceRange(y, yMinimum, yMax * 1.05, 1, true);
}

void ChartPlot::setNow(double at)
{
    const QList<QPointF> points { QPointF(at, y->min()), QPointF(at, y->max()) };
    now->replace(points);
}

const ChartPlot::Line* ChartPlot::lineOf(const QLineSeries* series) const
{
    for (const Line& line : lines) {
        if (line.series == series)
            return &line;
    }
    return nullptr;
}

} // namespace hw::ui
