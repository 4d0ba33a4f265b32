// SPDX-License-Identifier: MIT
#include "base/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>

#include <algorithm>
#include <array>

namespace hw::ui::theme {

namespace {

Theme g_current = Theme::Light;
qreal g_themeLineScale = 1.0;
qreal g_extraLineScale = 1.0;
qreal g_textSizeMin = 0;

/// Line widths of the high-contrast theme, relative to the others: thin lines vanish on projectors.
constexpr qreal highContrastLineScale = 1.6;
/// The text of disabled widgets in the high-contrast theme.
const QColor highContrastDisabledInk { 0x6B, 0x6B, 0x6B };
/// The extra line scale presentation mode may ask for is kept within this.
constexpr qreal extraLineScaleMax = 3.0;

QColor mix(const QColor& a, const QColor& b, qreal t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
        static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
        static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

/// Everything a theme changes. The hues stay Okabe-Ito in every theme; only their lightness moves.
struct Palette {
    QColor ink, faintInk, paper, panel;
    QColor controllerFill, groupFill, producerFill, consumerFill, idleFill, offlineFill;
    QColor emptySlot, tagBackground, osrInk, highWatermark, blue, vermillion;
    qreal lineScale = 1.0;
};

Palette paletteOf(Theme which)
{
    switch (which) {
    case Theme::Dark:
        // Light ink on a dark grey (not black: pure black behind white text glares). Colours that
        // carry text or thin lines are lifted so they keep their contrast with the background.
        return { { 0xEC, 0xEC, 0xEC }, { 0xA8, 0xA8, 0xA8 }, { 0x1E, 0x1F, 0x22 }, { 0x2B, 0x2D, 0x31 },
            { 0x26, 0x2C, 0x36 }, { 0x22, 0x2A, 0x33 }, { 0x33, 0x2D, 0x1E }, { 0x1F, 0x2D, 0x3A },
            { 0x30, 0x30, 0x30 }, { 0x3A, 0x3A, 0x3A }, { 0x4A, 0x4A, 0x4A }, { 0x1E, 0x1F, 0x22, 225 },
            { 0xFF, 0xA8, 0x70 }, { 0xFF, 0x5C, 0x7C }, { 0x3A, 0xA0, 0xE0 }, { 0xF0, 0x80, 0x30 }, 1.0 };
    case Theme::HighContrast:
        // Pure black on white, darker "faint" ink, plain box fills, stronger HW red and thicker lines.
        return { { 0x00, 0x00, 0x00 }, { 0x40, 0x40, 0x40 }, { 0xFF, 0xFF, 0xFF }, { 0xE8, 0xE8, 0xE8 },
            { 0xFF, 0xFF, 0xFF }, { 0xFF, 0xFF, 0xFF }, { 0xFF, 0xFF, 0xFF }, { 0xFF, 0xFF, 0xFF },
            { 0xE0, 0xE0, 0xE0 }, { 0xC8, 0xC8, 0xC8 }, { 0x90, 0x90, 0x90 }, { 0xFF, 0xFF, 0xFF, 240 },
            { 0x7A, 0x30, 0x00 }, { 0xC0, 0x00, 0x00 }, { 0x00, 0x5A, 0x9C }, { 0xD5, 0x5E, 0x00 },
            highContrastLineScale };
    case Theme::Light:
        break;
    }
    return { { 0x1A, 0x1A, 0x1A }, { 0x70, 0x70, 0x70 }, { 0xFF, 0xFF, 0xFF }, { 0xF4, 0xF4, 0xF2 },
        { 0xEE, 0xF2, 0xF8 }, { 0xF7, 0xFB, 0xFE }, { 0xFD, 0xF6, 0xE3 }, { 0xE8, 0xF3, 0xFB }, { 0xEE, 0xEE, 0xEE },
        { 0xDD, 0xDD, 0xDD }, { 0xD8, 0xD8, 0xD8 }, { 0xFF, 0xFF, 0xFF, 225 }, { 0x98, 0x43, 0x00 },
        { 0xB0, 0x00, 0x30 }, { 0x00, 0x72, 0xB2 }, { 0xD5, 0x5E, 0x00 }, 1.0 };
}

} // namespace

void apply(Theme which)
{
    g_current = which;
    const Palette p = paletteOf(which);
    ink = p.ink;
    faintInk = p.faintInk;
    paper = p.paper;
    panel = p.panel;
    controllerFill = p.controllerFill;
    groupFill = p.groupFill;
    producerFill = p.producerFill;
    consumerFill = p.consumerFill;
    idleFill = p.idleFill;
    offlineFill = p.offlineFill;
    emptySlot = p.emptySlot;
    tagBackground = p.tagBackground;
    osrInk = p.osrInk;
    highWatermark = p.highWatermark;
    blue = p.blue;
    vermillion = p.vermillion;
    g_themeLineScale = p.lineScale;
    isr = blue;
    osr = vermillion;
    leader = ink;
}

Theme current()
{
    return g_current;
}

void applyToApplication()
{
    QPalette palette = QApplication::style()->standardPalette();
    if (g_current == Theme::Dark) {
        palette.setColor(QPalette::Window, QColor(0x2B, 0x2D, 0x31));
        palette.setColor(QPalette::WindowText, ink);
        palette.setColor(QPalette::Base, paper);
        palette.setColor(QPalette::AlternateBase, panel);
        palette.setColor(QPalette::Text, ink);
        palette.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3C));
        palette.setColor(QPalette::ButtonText, ink);
        palette.setColor(QPalette::ToolTipBase, panel);
        palette.setColor(QPalette::ToolTipText, ink);
        palette.setColor(QPalette::PlaceholderText, faintInk);
        palette.setColor(QPalette::Highlight, blue);
        palette.setColor(QPalette::HighlightedText, QColor(0xFF, 0xFF, 0xFF));
        palette.setColor(QPalette::Link, skyBlue);
        palette.setColor(QPalette::BrightText, QColor(0xFF, 0xFF, 0xFF));
        palette.setColor(QPalette::Disabled, QPalette::WindowText, faintInk);
        palette.setColor(QPalette::Disabled, QPalette::Text, faintInk);
        palette.setColor(QPalette::Disabled, QPalette::ButtonText, faintInk);
    } else if (g_current == Theme::HighContrast) {
        for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText,
                 QPalette::ToolTipText })
            palette.setColor(role, ink);
        // setColor(role, ...) sets every colour group, the disabled one too: a button that cannot be
        // pressed would look like one that can. Grey, still readable on the light buttons (4.6:1).
        for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
            palette.setColor(QPalette::Disabled, role, highContrastDisabledInk);
        palette.setColor(QPalette::Base, paper);
        palette.setColor(QPalette::Window, QColor(0xF0, 0xF0, 0xF0));
        palette.setColor(QPalette::Highlight, QColor(0x00, 0x00, 0x00));
        palette.setColor(QPalette::HighlightedText, QColor(0xFF, 0xFF, 0xFF));
        // setColor(role, ...) set every colour group, the disabled one too: an unusable menu item or
        // button looked exactly like a usable one. Disabled text stays readable on the projector
        // (about 5:1 on white), only lighter; the menus also say why an item is unusable, in words.
        for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
            palette.setColor(QPalette::Disabled, role, QColor(0x6E, 0x6E, 0x6E));
    }
    QApplication::setPalette(palette);
}

QString key(Theme which)
{
    switch (which) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::HighContrast:
        return QStringLiteral("high-contrast");
    }
    return QStringLiteral("light");
}

Theme fromKey(const QString& text, Theme fallback)
{
    for (Theme t : { Theme::Light, Theme::Dark, Theme::HighContrast }) {
        if (key(t) == text)
            return t;
    }
    return fallback;
}

qreal lineScale()
{
    return g_themeLineScale * g_extraLineScale;
}

void setLineScale(qreal scale)
{
    g_extraLineScale = std::clamp<qreal>(scale, 1.0, extraLineScaleMax);
}

QColor tint(const QColor& color, int amount)
{
    if (g_current != Theme::Dark)
        return color.lighter(amount);
    // lighter(150) is a third of the way to white; the dark tint goes as far towards the paper.
    const qreal towardsPaper = std::clamp(1.0 - 100.0 / std::max(amount, 100), 0.0, 0.85);
    return mix(color, paper, towardsPaper);
}

QColor epochFill(std::int32_t epoch)
{
    // Light tints of the palette, so dark text stays readable on every one; dark tints for light text.
    static const std::array<QColor, 6> lightFills = { QColor(0xCF, 0xE8, 0xF7), QColor(0xFA, 0xE3, 0xB0),
        QColor(0xC4, 0xEB, 0xDD), QColor(0xF1, 0xD4, 0xE4), QColor(0xF8, 0xF3, 0xB5), QColor(0xF3, 0xCF, 0xB6) };
    static const std::array<QColor, 6> darkFills = { QColor(0x1D, 0x3F, 0x57), QColor(0x4F, 0x3E, 0x12),
        QColor(0x14, 0x45, 0x38), QColor(0x4A, 0x2C, 0x3E), QColor(0x47, 0x43, 0x15), QColor(0x52, 0x2F, 0x18) };
    const auto index = static_cast<std::size_t>(epoch < 0 ? 0 : epoch) % lightFills.size();
    return g_current == Theme::Dark ? darkFills[index] : lightFills[index];
}

qreal textSizeMin()
{
    return g_textSizeMin;
}

void setTextSizeMin(qreal size)
{
    g_textSizeMin = std::max<qreal>(0, size);
}

QFont font(qreal pixelSize, bool bold)
{
    QFont f;
    f.setPixelSize(qRound(std::max(pixelSize, g_textSizeMin)));
    f.setBold(bold);
    // Hinting snaps glyphs to the pixel grid of the unscaled scene; the view scales, so let it go.
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

QPen hairline(const QColor& color, qreal width, Qt::PenStyle style)
{
    QPen pen(color, width * lineScale(), style);
    pen.setCosmetic(true);
    return pen;
}

QColor messageColor(int kind)
{
    const std::array<QColor, 7> colors
        = { blue, bluishGreen, orange, reddishPurple, vermillion, faintInk, skyBlue };
    return colors[static_cast<std::size_t>(kind < 0 ? 0 : kind) % colors.size()];
}

} // namespace hw::ui::theme
