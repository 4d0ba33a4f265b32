// SPDX-License-Identifier: MIT
#include "theme.h"

#include <array>

namespace hw::ui::theme {

QColor epochFill(std::int32_t epoch)
{
    // Light tints of the palette, so black text stays readable on every one.
    static const std::array<QColor, 6> fills = { QColor(0xCF, 0xE8, 0xF7), QColor(0xFA, 0xE3, 0xB0),
        QColor(0xC4, 0xEB, 0xDD), QColor(0xF1, 0xD4, 0xE4), QColor(0xF8, 0xF3, 0xB5), QColor(0xF3, 0xCF, 0xB6) };
    const auto index = static_cast<std::size_t>(epoch < 0 ? 0 : epoch) % fills.size();
    return fills[index];
}

QFont font(qreal pixelSize, bool bold)
{
    QFont f;
    f.setPixelSize(qRound(pixelSize));
    f.setBold(bold);
    // Hinting snaps glyphs to the pixel grid of the unscaled scene; the view scales, so let it go.
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

QPen hairline(const QColor& color, qreal width, Qt::PenStyle style)
{
    QPen pen(color, width, style);
    pen.setCosmetic(true);
    return pen;
}

QColor messageColor(int kind)
{
    static const std::array<QColor, 7> colors
        = { blue, bluishGreen, orange, reddishPurple, vermillion, faintInk, skyBlue };
    return colors[static_cast<std::size_t>(kind < 0 ? 0 : kind) % colors.size()];
}

} // namespace hw::ui::theme
