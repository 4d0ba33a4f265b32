// SPDX-License-Identifier: MIT
#pragma once

#include "control/simcontroller.h"

#include <QFont>
#include <QRectF>
#include <QWidget>

#include <vector>

namespace hw::ui {

/// A slider over all frames with markers where a teacher may want to jump: checkpoints (their
/// label), elections (E), ISR changes (I), data loss (!) and duplicate batches a leader recognised
/// (D), each a distinct shape with a letter, so none is told apart by colour alone. Click or drag to
/// move; hovering a marker names it.
class TimelineBar : public QWidget {
    Q_OBJECT

public:
    explicit TimelineBar(QWidget* parent = nullptr);

    void setMarkers(const std::vector<SimController::Marker>& markers, const QStringList& checkpointLabels);
    void setRange(std::int64_t frameCount);
    void setValue(std::int64_t frame);
    std::int64_t value() const { return m_value; }
    std::int64_t frameCount() const { return m_frameCount; }

    /// The x of a frame on the track, in widget coordinates (tests check marker positions with it).
    qreal xOf(std::int64_t frame) const;
    /// The letter drawn in a marker of this kind (none for a checkpoint, which shows its label).
    static QString markerLetter(SimController::Marker::Kind kind);
    /// What hovering at x says: the markers near it, else the frame (public for tests).
    QString markerToolTip(qreal x) const;
    /// Where each checkpoint's label is drawn, in marker order, inside the bar; an empty rect for
    /// a label left out because it would run into the one before (public for tests).
    std::vector<QRectF> checkpointLabelBoxes() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// The user moved the slider.
    void frameRequested(std::int64_t frame);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF track() const;
    QFont markerFont() const;
    std::int64_t frameAt(qreal x) const;

    std::vector<SimController::Marker> m_markers;
    QStringList m_checkpointLabels; // one per checkpoint marker, in order
    std::int64_t m_frameCount = 1;
    std::int64_t m_value = 0;
};

} // namespace hw::ui
