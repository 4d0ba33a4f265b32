// SPDX-License-Identifier: MIT
// Build tool: renders the app's SVG icon to a square PNG of the given size, for the hicolor icon
// theme's fixed-size directories (packaging/CMakeLists.txt). Usage: hw_render_icon ICON.svg SIZE OUT.png

#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>

#include <cstdio>
#include <cstdlib>

int main(int argc, char* argv[])
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: hw_render_icon ICON.svg SIZE OUT.png\n");
        return 2;
    }
    // No QGuiApplication: painting shapes into a QImage needs no platform plugin or display, so
    // the build needs neither.
    const QString in = QString::fromLocal8Bit(argv[1]);
    const QString out = QString::fromLocal8Bit(argv[3]);
    const int size = std::atoi(argv[2]);
    if (size < 1 || size > 1024) {
        std::fprintf(stderr, "hw_render_icon: SIZE must be 1..1024, got %s\n", argv[2]);
        return 2;
    }
    QSvgRenderer renderer(in);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "hw_render_icon: cannot read %s as SVG\n", argv[1]);
        return 2;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter, QRectF(0, 0, size, size));
    }
    if (!image.save(out, "PNG")) {
        std::fprintf(stderr, "hw_render_icon: cannot write %s\n", argv[3]);
        return 2;
    }
    return 0;
}
