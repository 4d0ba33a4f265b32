// SPDX-License-Identifier: MIT
#pragma once

#include "control/simcontroller.h"

#include <QFont>
#include <QRectF>
#include <QStringList>
#include <QWidget>

#include <vector>

namespace hw::ui {

/// A slider over all frames with markers where a teacher may want to jump: checkpoints (their
/// label), elections (E), ISR changes (I), data loss (!) and duplicate batches a leader recognised
/// (D), each a distinct shape with a letter, so none is told apart by colour alone. Click or drag to
/// move; hovering a marker or a checkpoint's label names it.
///
/// Nothing is drawn over anything else, however crowded the run: a checkpoint's label that does not
/// fit moves aside while it still sits on its line, else collapses to its number ("#3", or the label
/// itself when it is that number), else joins the box before it as a range ("5–6"); markers close
/// together are drawn side by side, one of each kind. The tooltips name every checkpoint and frame a
/// box or marker stands for. The bar's height is fixed (presentation mode fits the drawing to what
/// is left), so crowded labels collapse rather than stack.
class TimelineBar : public QWidget {
    Q_OBJECT

public:
    /// One box of the label rows: the checkpoints it names (indices in marker order, first to last)
    /// and what it says.
    struct LabelBox {
        QRectF rect;
        QString text;
        std::vector<int> checkpoints;
    };
    /// One marker drawn: its kind, where, and the frames of that kind it stands for.
    struct MarkerGlyph {
        SimController::Marker::Kind kind;
        QRectF rect;
        std::vector<std::int64_t> frames;
    };

    explicit TimelineBar(QWidget* parent = nullptr);

    void setMarkers(const std::vector<SimController::Marker>& markers, const QStringList& checkpointLabels);
    /// The frames shown: firstFrame..frameCount-1 (firstFrame > 0 when the live lab's history dropped
    /// its oldest frames: the track starts there, with a dashed lead-in where they were).
    void setRange(std::int64_t frameCount, std::int64_t firstFrame = 0);
    void setValue(std::int64_t frame);
    std::int64_t value() const { return m_value; }
    std::int64_t frameCount() const { return m_frameCount; }
    std::int64_t firstFrame() const { return m_firstFrame; }
    /// Predict mode: the markers of frames after `after` up to `upTo` are left out and the labels of
    /// checkpoints there say "?", for they tell what the step being predicted did. (-1, -1): none.
    void setConcealed(std::int64_t after, std::int64_t upTo);

    /// The x of a frame on the track, in widget coordinates (tests check marker positions with it).
    qreal xOf(std::int64_t frame) const;
    /// The letter drawn in a marker of this kind (none for a checkpoint, which shows its label).
    static QString markerLetter(SimController::Marker::Kind kind);
    /// What hovering at x says: the markers drawn or standing at x, else the frame (public for tests).
    QString markerToolTip(qreal x) const;
    /// What hovering at a point says: a label box's checkpoints, else as markerToolTip(x).
    QString toolTipAt(QPointF pos) const;
    /// The label boxes as drawn, left to right (public for tests).
    std::vector<LabelBox> labelBoxes() const;
    /// For each checkpoint, in marker order, the box that names it (public for tests).
    std::vector<QRectF> checkpointLabelBoxes() const;
    /// For each checkpoint, in marker order, the text of the box that names it.
    QStringList checkpointLabelTexts() const;
    /// The markers as drawn, left to right (public for tests).
    std::vector<MarkerGlyph> markerGlyphs() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// The font of the markers' letters: as large as the bar's text, which presentation mode enlarges.
    QFont letterFont() const;

signals:
    /// The user moved the slider.
    void frameRequested(std::int64_t frame);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF track() const;
    QFont markerFont() const;
    /// Half the side of a marker's square, which grows with the letter.
    qreal glyphRadius() const;
    /// The height of the row of markers between the labels and the track.
    int markerLane() const;
    std::int64_t frameAt(qreal x) const;
    bool concealed(std::int64_t frame) const;
    /// A checkpoint's label as shown ("?" while concealed) and its number ("#3", or the label when
    /// it is that number).
    QString labelOf(int checkpoint) const;
    QString numberOf(int checkpoint) const;
    QString checkpointLine(int checkpoint) const;

    std::vector<SimController::Marker> m_markers;
    std::vector<std::int64_t> m_checkpointFrames; // one per checkpoint marker, in order
    QStringList m_checkpointLabels; // one per checkpoint marker, in order
    std::int64_t m_frameCount = 1;
    std::int64_t m_firstFrame = 0;
    std::int64_t m_value = 0;
    std::int64_t m_concealedAfter = -1;
    std::int64_t m_concealedUpTo = -1;
};

} // namespace hw::ui
