// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QPointF>

#include <cstdint>

namespace hw {
class StepSeries;
class Timeline;
} // namespace hw

/// What the charts draw, computed without any widget: step functions of simulated time, reduced to
/// the pixel columns of a chart, and the mapping from a time back to a frame.
namespace hw::ui::chartdata {

/// The most columns a series is reduced to, whatever the chart's width (an 8K screen).
inline constexpr int columnsMax = 8192;
/// From this run length on the time axis counts seconds instead of milliseconds.
inline constexpr double secondsAxisFromMs = 10000;

/// Milliseconds per unit of the time axis for a run of this length: 1 (ms) or 1000 (s).
double msPerAxisUnit(double runLengthMs);

/// Reduces a step function to at most about four points per pixel column, keeping its shape.
///
/// `changes` are in x order; each says "from x on, the value is y". The function is drawn from the
/// first change (or from xMin when a change lies before it) to min(endX, xMax). Within a column
/// that holds several changes, the drawn line goes up and down to the column's lowest and highest
/// value at the column's first change, then on at its last value: the minimum and maximum of every
/// column survive and every segment stays horizontal or vertical. A column with at most one change
/// is drawn exactly. The result goes to `out` (cleared first), a buffer the caller keeps so that
/// redrawing allocates nothing.
void downsampleSteps(
    const QList<QPointF>& changes, double xMin, double xMax, double endX, int columns, QList<QPointF>& out);

/// A series' change points as (time in axis units, value), leaving out its unknown stretches: the
/// line holds its last known value through them. The result goes to `out` (cleared first).
void changePoints(const hw::StepSeries& series, const hw::Timeline& timeline, double msPerUnit, QList<QPointF>& out);

/// The last frame whose time is at or before timeMs; frame 0 for a time before the run.
std::int64_t frameAtTime(const hw::Timeline& timeline, double timeMs);

} // namespace hw::ui::chartdata
