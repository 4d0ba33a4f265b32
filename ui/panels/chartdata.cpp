// SPDX-License-Identifier: MIT
#include "panels/chartdata.h"

#include "control/simcontroller.h"

#include "timeline/metrics.h"
#include "timeline/timeline.h"

#include <algorithm>
#include <cmath>

namespace hw::ui::chartdata {

namespace {

/// Appends a point unless it repeats the last one.
void append(QList<QPointF>& out, double x, double y)
{
    if (!out.isEmpty() && out.constLast().x() == x && out.constLast().y() == y)
        return;
    out.append(QPointF(x, y));
}

} // namespace

double msPerAxisUnit(double runLengthMs)
{
    return runLengthMs >= secondsAxisFromMs ? 1000.0 : 1.0;
}

void downsampleSteps(
    const QList<QPointF>& changes, double xMin, double xMax, double endX, int columns, QList<QPointF>& out)
{
    out.clear();
    const qsizetype n = changes.size();
    if (n == 0 || columns <= 0 || !(xMax > xMin))
        return;
    columns = std::min(columns, columnsMax);
    const double end = std::min(endX, xMax);
    const double width = (xMax - xMin) / columns;

    qsizetype i = 0;
    bool started = false;
    double value = 0;
    // Changes before the range only set the value it starts with; one at xMin belongs to column 0.
    while (i < n && changes[i].x() < xMin) {
        value = changes[i].y();
        started = true;
        ++i;
    }
    if (started)
        append(out, xMin, value);

    while (i < n && changes[i].x() <= end) {
        const double x0 = changes[i].x();
        const auto column = static_cast<std::int64_t>(std::floor((x0 - xMin) / width));
        const double columnEnd = xMin + static_cast<double>(column + 1) * width;
        const double before = started ? value : changes[i].y();
        double lowest = changes[i].y();
        double highest = lowest;
        double last = lowest;
        int count = 0;
        // The first change always belongs to this column, whatever rounding says about x0.
        do {
            const double y = changes[i].y();
            lowest = std::min(lowest, y);
            highest = std::max(highest, y);
            last = y;
            ++count;
            ++i;
        } while (i < n && changes[i].x() < columnEnd && changes[i].x() <= end);
        append(out, x0, before);
        if (count > 1) {
            append(out, x0, lowest);
            append(out, x0, highest);
        }
        append(out, x0, last);
        value = last;
        started = true;
    }
    if (started)
        append(out, std::max(end, out.constLast().x()), value);
}

void changePoints(const hw::StepSeries& series, const hw::Timeline& timeline, double msPerUnit, QList<QPointF>& out)
{
    out.clear();
    out.reserve(static_cast<qsizetype>(series.size()));
    bool haveValue = false;
    std::int64_t last = 0;
    for (std::size_t i = 0; i < series.size(); ++i) {
        const std::int64_t value = series.valueAt(i);
        if (value == hw::StepSeries::unknownValue || (haveValue && value == last))
            continue;
        const double timeMs = static_cast<double>(timeline.frame(series.frameAt(i)).timeMs);
        out.append(QPointF(timeMs / msPerUnit, static_cast<double>(value)));
        last = value;
        haveValue = true;
    }
}

std::int64_t frameAtTime(const hw::Timeline& timeline, double timeMs)
{
    return SimController::lastFrameAtOrBefore(timeline, timeMs);
}

} // namespace hw::ui::chartdata
