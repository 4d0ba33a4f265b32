// SPDX-License-Identifier: MIT
#pragma once

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPen>

/// Colours, patterns and sizes of the drawn views, in one place.
///
/// The views are read from the back of a classroom on a projector, often by people who do not tell
/// red from green: no distinction is carried by colour alone. Every colour comes with a word (a badge)
/// or a pattern (hatching, dashes). Colours are the Okabe-Ito palette, which stays distinct for the
/// common colour-vision deficiencies. Sizes are in scene units; the view scales the scene to fit, so
/// they are relative: a 22-unit label is about 22 pixels when the scene is shown at 100%.
namespace hw::ui::theme {

// Okabe-Ito.
inline const QColor orange { 0xE6, 0x9F, 0x00 };
inline const QColor skyBlue { 0x56, 0xB4, 0xE9 };
inline const QColor bluishGreen { 0x00, 0x9E, 0x73 };
inline const QColor yellow { 0xF0, 0xE4, 0x42 };
inline const QColor blue { 0x00, 0x72, 0xB2 };
inline const QColor vermillion { 0xD5, 0x5E, 0x00 };
inline const QColor reddishPurple { 0xCC, 0x79, 0xA7 };

inline const QColor ink { 0x1A, 0x1A, 0x1A };
inline const QColor faintInk { 0x70, 0x70, 0x70 };
inline const QColor paper { 0xFF, 0xFF, 0xFF };
inline const QColor panel { 0xF4, 0xF4, 0xF2 };

/// The in-sync replicas and the out-of-sync replicas (AR = ISR + OSR).
inline const QColor isr = blue;
inline const QColor osr = vermillion;
/// The partition's high watermark line, and the leader badge.
inline const QColor highWatermark { 0xB0, 0x00, 0x30 };
inline const QColor leader = ink;

/// A light fill for records written in this leader epoch (the epoch number is printed in the cell).
QColor epochFill(std::int32_t epoch);

/// Pattern of cells above the partition HW: written but not yet visible to consumers.
inline constexpr Qt::BrushStyle uncommittedPattern = Qt::BDiagPattern;
/// Pattern of an out-of-sync replica's row and of an offline broker.
inline constexpr Qt::BrushStyle osrPattern = Qt::FDiagPattern;
inline constexpr Qt::BrushStyle offlinePattern = Qt::DiagCrossPattern;

QFont font(qreal pixelSize, bool bold = false);

/// A thin line of constant width on screen whatever the zoom. Cosmetic pens take the raster
/// engine's fast path; scaled pens go through the stroker, which costs a lot for hundreds of cells.
QPen hairline(const QColor& color, qreal width = 1.5, Qt::PenStyle style = Qt::SolidLine);

// Text sizes, in scene units.
inline constexpr qreal titleSize = 30;
inline constexpr qreal headingSize = 26;
inline constexpr qreal labelSize = 22;
inline constexpr qreal smallSize = 17;
inline constexpr qreal tagSize = 18;

/// Message dots in flight.
QColor messageColor(int kind);

} // namespace hw::ui::theme
