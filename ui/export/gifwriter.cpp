// SPDX-License-Identifier: MIT
#include "export/gifwriter.h"

#include <gif_lib.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace hw::ui {

namespace {

/// The application extension that makes browsers and viewers loop the animation.
constexpr char netscapeId[] = "NETSCAPE2.0";
constexpr int netscapeIdLength = 11;
/// Loop count 0: forever.
constexpr GifByteType loopForever[] = { 1, 0, 0 };

int bitsFor(int colors)
{
    int bits = 1;
    while ((1 << bits) < colors)
        ++bits;
    return bits;
}

} // namespace

GifWriter::GifWriter() = default;

GifWriter::~GifWriter()
{
    if (m_gif)
        EGifCloseFile(m_gif, nullptr);
}

int GifWriter::write(GifFileType* gif, const unsigned char* bytes, int length)
{
    auto* self = static_cast<GifWriter*>(gif->UserData);
    self->m_data.append(reinterpret_cast<const char*>(bytes), length);
    return length;
}

bool GifWriter::fail(const char* what, int code)
{
    const char* reason = GifErrorString(code);
    m_error = QString::fromLatin1(what) + QStringLiteral(": ")
        + (reason ? QString::fromLatin1(reason) : QString::number(code));
    return false;
}

bool GifWriter::begin(QSize size, const QList<QRgb>& colorTable)
{
    if (m_gif) {
        m_error = QStringLiteral("GIF already started");
        return false;
    }
    if (size.width() < 1 || size.height() < 1 || size.width() > sideMax || size.height() > sideMax) {
        m_error = QStringLiteral("GIF size %1x%2 is out of range").arg(size.width()).arg(size.height());
        return false;
    }
    if (colorTable.size() < 2 || colorTable.size() > 256) {
        m_error = QStringLiteral("a GIF colour table has 2 to 256 colours, got %1").arg(colorTable.size());
        return false;
    }
    int error = 0;
    m_gif = EGifOpen(this, &GifWriter::write, &error);
    if (!m_gif)
        return fail("EGifOpen", error);
    EGifSetGifVersion(m_gif, true);

    // giflib wants a power-of-two table; the padding entries are never used.
    const int bits = bitsFor(static_cast<int>(colorTable.size()));
    std::vector<GifColorType> colors(static_cast<std::size_t>(1) << bits, GifColorType { 0, 0, 0 });
    for (qsizetype i = 0; i < colorTable.size(); ++i)
        colors[static_cast<std::size_t>(i)] = { static_cast<GifByteType>(qRed(colorTable[i])),
            static_cast<GifByteType>(qGreen(colorTable[i])), static_cast<GifByteType>(qBlue(colorTable[i])) };
    ColorMapObject* map = GifMakeMapObject(static_cast<int>(colors.size()), colors.data());
    if (!map) {
        m_error = QStringLiteral("out of memory for the GIF colour table");
        return false;
    }
    const int put = EGifPutScreenDesc(m_gif, size.width(), size.height(), bits, 0, map);
    GifFreeMapObject(map);
    if (put == GIF_ERROR)
        return fail("EGifPutScreenDesc", m_gif->Error);

    if (EGifPutExtensionLeader(m_gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR
        || EGifPutExtensionBlock(m_gif, netscapeIdLength, netscapeId) == GIF_ERROR
        || EGifPutExtensionBlock(m_gif, sizeof loopForever, loopForever) == GIF_ERROR
        || EGifPutExtensionTrailer(m_gif) == GIF_ERROR)
        return fail("NETSCAPE2.0 extension", m_gif->Error);
    m_size = size;
    m_colors = static_cast<int>(colorTable.size());
    return true;
}

bool GifWriter::addFrame(const QImage& indexed, int delayCs)
{
    if (!m_gif) {
        m_error = QStringLiteral("GIF not started");
        return false;
    }
    if (indexed.format() != QImage::Format_Indexed8 || indexed.size() != m_size) {
        m_error
            = QStringLiteral("a GIF frame must be an Indexed8 image of %1x%2").arg(m_size.width()).arg(m_size.height());
        return false;
    }

    // Only the rectangle that changed since the previous frame is stored.
    QRect changed(QPoint(0, 0), m_size);
    if (!m_previous.isNull()) {
        int top = m_size.height(), bottom = -1, left = m_size.width(), right = -1;
        for (int y = 0; y < m_size.height(); ++y) {
            const uchar* now = indexed.constScanLine(y);
            const uchar* before = m_previous.constScanLine(y);
            if (std::memcmp(now, before, static_cast<std::size_t>(m_size.width())) == 0)
                continue;
            top = std::min(top, y);
            bottom = y;
            int x0 = 0;
            while (now[x0] == before[x0])
                ++x0;
            int x1 = m_size.width() - 1;
            while (now[x1] == before[x1])
                --x1;
            left = std::min(left, x0);
            right = std::max(right, x1);
        }
        // An unchanged frame still counts (it holds the picture for its delay): one pixel stands for it.
        changed = bottom < 0 ? QRect(0, 0, 1, 1) : QRect(QPoint(left, top), QPoint(right, bottom));
    }

    GraphicsControlBlock control {};
    control.DisposalMode = DISPOSE_DO_NOT;
    control.UserInputFlag = false;
    control.DelayTime = std::clamp(delayCs, 0, delayMaxCs);
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType extension[4];
    const size_t length = EGifGCBToExtension(&control, extension);
    if (EGifPutExtension(m_gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) == GIF_ERROR)
        return fail("graphics control extension", m_gif->Error);
    if (EGifPutImageDesc(m_gif, changed.x(), changed.y(), changed.width(), changed.height(), false, nullptr)
        == GIF_ERROR)
        return fail("EGifPutImageDesc", m_gif->Error);
    std::vector<GifPixelType> line(static_cast<std::size_t>(changed.width()));
    for (int y = changed.top(); y <= changed.bottom(); ++y) {
        const uchar* row = indexed.constScanLine(y) + changed.left();
        for (int x = 0; x < changed.width(); ++x)
            line[static_cast<std::size_t>(x)] = row[x] < m_colors ? row[x] : 0;
        if (EGifPutLine(m_gif, line.data(), changed.width()) == GIF_ERROR)
            return fail("EGifPutLine", m_gif->Error);
    }
    m_previous = indexed;
    ++m_frames;
    return true;
}

bool GifWriter::finish()
{
    if (!m_gif) {
        m_error = QStringLiteral("GIF not started");
        return false;
    }
    int error = 0;
    const int closed = EGifCloseFile(m_gif, &error);
    m_gif = nullptr;
    if (closed == GIF_ERROR)
        return fail("EGifCloseFile", error);
    return true;
}

QImage GifWriter::quantize(const QImage& image, const QList<QRgb>& colorTable)
{
    return image.convertToFormat(QImage::Format_Indexed8, colorTable, Qt::ThresholdDither | Qt::AvoidDither);
}

} // namespace hw::ui
