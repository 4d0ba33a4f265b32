// SPDX-License-Identifier: MIT
#pragma once

#include <QIcon>
#include <QStyle>

class QPalette;

namespace hw::ui {

/// The style's standard icon redrawn in the palette's button-text colour, so that the transport
/// buttons stay visible in the dark and high-contrast themes (Fusion draws them dark whatever the
/// palette). Keeps every size and mode the style provides; disabled pixmaps get the disabled colour.
QIcon tintedStandardIcon(const QStyle& style, QStyle::StandardPixmap which, const QPalette& palette);

} // namespace hw::ui
