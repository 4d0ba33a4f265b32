// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QString>

struct GifFileType;

namespace hw::ui {

/// An animated GIF encoder: a thin RAII wrapper around giflib's streaming encoder (EGifOpen with an
/// output function that appends to a QByteArray), so that the caller decides where and how the
/// finished bytes are written (atomically, by exportfiles::writeFile; nothing at all when cancelled).
///
/// Every frame uses one global colour table (indexed images with the same table); a frame that differs
/// from the previous one only inside a rectangle is stored as that rectangle, left over the previous
/// frame (disposal "do not dispose"), which keeps a drawing's small changes small. The animation loops
/// forever (the NETSCAPE2.0 extension).
class GifWriter {
public:
    /// GIF delays are in hundredths of a second, stored in 16 bits.
    static constexpr int delayMaxCs = 65535;
    /// GIF screens are at most 65535 pixels a side.
    static constexpr int sideMax = 65535;

    GifWriter();
    ~GifWriter();
    GifWriter(const GifWriter&) = delete;
    GifWriter& operator=(const GifWriter&) = delete;

    /// Starts an animation of size with a colour table of 2..256 entries. Returns false (see
    /// errorString()) when giflib refuses.
    bool begin(QSize size, const QList<QRgb>& colorTable);
    /// Adds a frame: an Indexed8 image of the animation's size whose pixels index the colour table,
    /// shown for delayCs hundredths of a second (clamped to 0..delayMaxCs).
    bool addFrame(const QImage& indexed, int delayCs);
    /// Writes the trailer. Afterwards data() holds the whole file.
    bool finish();

    const QByteArray& data() const { return m_data; }
    int frameCount() const { return m_frames; }
    QString errorString() const { return m_error; }

    /// Converts an image to Indexed8 with the given colour table (nearest colour, no dithering: a
    /// drawing's flat areas stay flat).
    static QImage quantize(const QImage& image, const QList<QRgb>& colorTable);

private:
    bool fail(const char* what, int code);
    static int write(GifFileType* gif, const unsigned char* bytes, int length);

    GifFileType* m_gif = nullptr;
    QByteArray m_data;
    QImage m_previous;
    QSize m_size;
    int m_colors = 0;
    int m_frames = 0;
    QString m_error;
};

} // namespace hw::ui
