// SPDX-License-Identifier: MIT
#pragma once

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPen>
#include <QString>

#include <cstdint>

/// Colours, patterns and sizes of the drawn views, in one place.
///
/// The views are read from the back of a classroom on a projector, often by people who do not tell
/// red from green: no distinction is carried by colour alone. Every colour comes with a word (a badge)
/// or a pattern (hatching, dashes). Colours are the Okabe-Ito palette, which stays distinct for the
/// common colour-vision deficiencies. Sizes are in scene units; the view scales the scene to fit, so
/// they are relative: a 22-unit label is about 22 pixels when the scene is shown at 100%.
namespace hw::ui::theme {

/// The three looks of the app. Light is the default; Dark suits a dim room on a monitor; HighContrast
/// is for projectors (pure black on white, thicker lines, stronger colours) and presentation mode.
enum class Theme : std::uint8_t { Light, Dark, HighContrast };

// The current palette. These are plain globals, read by every item when it paints or syncs; apply()
// assigns them all at once (the GUI thread only), and the scene then rebuilds and repaints.

// Okabe-Ito (Dark uses the same hues, lightened where they carry text on a dark background).
inline QColor orange { 0xE6, 0x9F, 0x00 };
inline QColor skyBlue { 0x56, 0xB4, 0xE9 };
inline QColor bluishGreen { 0x00, 0x9E, 0x73 };
inline QColor yellow { 0xF0, 0xE4, 0x42 };
inline QColor blue { 0x00, 0x72, 0xB2 };
inline QColor vermillion { 0xD5, 0x5E, 0x00 };
inline QColor reddishPurple { 0xCC, 0x79, 0xA7 };

inline QColor ink { 0x1A, 0x1A, 0x1A };
inline QColor faintInk { 0x70, 0x70, 0x70 };
inline QColor paper { 0xFF, 0xFF, 0xFF };
inline QColor panel { 0xF4, 0xF4, 0xF2 };
/// Box fills: controller, consumer group, producer, running and stopped consumer, offline broker.
inline QColor controllerFill { 0xEE, 0xF2, 0xF8 };
inline QColor groupFill { 0xF7, 0xFB, 0xFE };
inline QColor producerFill { 0xFD, 0xF6, 0xE3 };
inline QColor consumerFill { 0xE8, 0xF3, 0xFB };
inline QColor idleFill { 0xEE, 0xEE, 0xEE };
inline QColor offlineFill { 0xDD, 0xDD, 0xDD };
/// The outlines of the free log slots, and the paper behind tags that sit on lines.
inline QColor emptySlot { 0xD8, 0xD8, 0xD8 };
inline QColor tagBackground { 0xFF, 0xFF, 0xFF, 225 };
/// The text of the OSR badge (on paper).
inline QColor osrInk { 0x98, 0x43, 0x00 };

/// The in-sync replicas and the out-of-sync replicas (AR = ISR + OSR).
inline QColor isr = blue;
inline QColor osr = vermillion;
/// The partition's high watermark line, and the leader badge.
inline QColor highWatermark { 0xB0, 0x00, 0x30 };
inline QColor leader = ink;

/// Switches the palette (and line widths) of the drawn views. Widgets follow applyToApplication().
void apply(Theme theme);
Theme current();
/// Sets the application's widget palette to match the current theme (a dark palette for Dark).
void applyToApplication();
/// The theme's name as stored in the settings ("light", "dark", "high-contrast"), and back.
QString key(Theme theme);
Theme fromKey(const QString& key, Theme fallback = Theme::Light);
/// Line widths are multiplied by this (1 for Light and Dark, more for HighContrast and presentation).
qreal lineScale();
void setLineScale(qreal scale);
/// A fill derived from a palette colour: a light tint in the light themes, a dark one in Dark, so the
/// ink drawn on it stays readable. amount is as for QColor::lighter (150 = half way to white).
QColor tint(const QColor& color, int amount);

/// A light fill for records written in this leader epoch (the epoch number is printed in the cell).
QColor epochFill(std::int32_t epoch);

/// Pattern of cells above the partition HW: written but not yet visible to consumers.
inline constexpr Qt::BrushStyle uncommittedPattern = Qt::BDiagPattern;
/// Pattern of an out-of-sync replica's row and of an offline broker.
inline constexpr Qt::BrushStyle osrPattern = Qt::FDiagPattern;
/// A replica's record where the leader has another: diverged, not committed.
inline constexpr Qt::BrushStyle divergedPattern = Qt::CrossPattern;
inline constexpr Qt::BrushStyle offlinePattern = Qt::DiagCrossPattern;

QFont font(qreal pixelSize, bool bold = false);
/// The smallest text size font() makes, in scene units (0: none). Presentation mode raises it so
/// that the drawing's smallest text, scaled to fit the projector, is still readable from the back;
/// the layouts measure their text with font(), so cells, rows and boxes grow with it.
qreal textSizeMin();
void setTextSizeMin(qreal size);

/// A thin line of constant width on screen whatever the zoom. Cosmetic pens take the raster
/// engine's fast path; scaled pens go through the stroker, which costs a lot for hundreds of cells.
QPen hairline(const QColor& color, qreal width = 1.5, Qt::PenStyle style = Qt::SolidLine);

/// A widget that paints text of its own sets this property to true to have its font enlarged while
/// presenting, as labels and buttons are (PresentationMode::scaleFonts).
inline constexpr const char* scalesWhilePresentingProperty = "hwScalesWhilePresenting";

// Text sizes, in scene units.
inline constexpr qreal titleSize = 30;
inline constexpr qreal headingSize = 26;
inline constexpr qreal labelSize = 22;
inline constexpr qreal smallSize = 17;
inline constexpr qreal tagSize = 18;

/// Message dots in flight.
QColor messageColor(int kind);

} // namespace hw::ui::theme
