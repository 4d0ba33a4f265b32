// SPDX-License-Identifier: MIT
#include "shell/icons.h"

#include <QPainter>
#include <QPalette>
#include <QPixmap>

namespace hw::ui {

namespace {

QPixmap tinted(const QPixmap& source, const QColor& color)
{
    QPixmap out(source.size());
    out.setDevicePixelRatio(source.devicePixelRatio());
    out.fill(Qt::transparent);
    QPainter painter(&out);
    painter.drawPixmap(0, 0, source);
    // Keep the icon's shape (its alpha) and replace its colours.
    painter.setCompositionMode(QPainter::CompositionMode_SourceIn);
    painter.fillRect(QRect(QPoint(0, 0), source.size()), color);
    return out;
}

} // namespace

QIcon tintedStandardIcon(const QStyle& style, QStyle::StandardPixmap which, const QPalette& palette)
{
    const QIcon original = style.standardIcon(which);
    QList<QSize> sizes = original.availableSizes();
    if (sizes.isEmpty())
        sizes = { QSize(16, 16), QSize(24, 24), QSize(32, 32) };
    QIcon icon;
    for (const QSize& size : sizes) {
        const QPixmap pixmap = original.pixmap(size);
        icon.addPixmap(tinted(pixmap, palette.color(QPalette::Active, QPalette::ButtonText)), QIcon::Normal);
        icon.addPixmap(tinted(pixmap, palette.color(QPalette::Disabled, QPalette::ButtonText)), QIcon::Disabled);
    }
    return icon;
}

} // namespace hw::ui
