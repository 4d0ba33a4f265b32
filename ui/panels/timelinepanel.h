// SPDX-License-Identifier: MIT
#pragma once

#include <QComboBox>
#include <QSignalBlocker>
#include <QWidget>

#include <cstdint>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QSlider;

namespace hw::ui {

class SimController;
class TimelineBar;

/// The timeline dock's contents: the marker slider with the frame and time and the view switch, and
/// under it the transport buttons (their actions live in the main window with the keyboard
/// shortcuts), the speed control and the "Skip idle time" and "Pause at checkpoints" switches. Two rows, so that everything keeps
/// its whole text at 1280 px, also with presentation mode's larger fonts.
class TimelinePanel : public QWidget {
    Q_OBJECT

public:
    struct Actions {
        QAction* first;
        QAction* previousCheckpoint;
        QAction* stepBack;
        QAction* play;
        QAction* stepForward;
        QAction* nextCheckpoint;
        QAction* last;
        QAction* skipIdle; // checkable: play jumps over stretches where only heartbeats travel
        QAction* pauseAtCheckpoints = nullptr; // checkable: play stops at each checkpoint
    };

    TimelinePanel(SimController* controller, const Actions& actions, QWidget* parent = nullptr);

    TimelineBar* bar() const { return m_bar; }
    QSlider* speedSlider() const { return m_speed; }
    QComboBox* viewCombo() const { return m_view; }
    QComboBox* partitionCombo() const { return m_partition; }
    /// Shows `partition` as the chosen one without emitting the choice again.
    void showPartition(std::int32_t partition)
    {
        const QSignalBlocker blocker(m_partition);
        const int index = m_partition->findData(partition);
        if (index >= 0)
            m_partition->setCurrentIndex(index);
    }
    QLabel* positionLabel() const { return m_position; }
    QLabel* speedLabel() const { return m_speedLabel; }
    /// Shown once the live lab's history dropped its oldest frames: where the history starts now.
    QLabel* droppedLabel() const { return m_dropped; }
    /// What droppedLabel says: "History from 31:20; older frames dropped (memory budget 4 GiB)".
    static QString droppedText(const QString& clock, const QString& budget);

    /// Re-reads the controller (frame, time, markers, speed).
    void refresh(bool markersChanged);
    /// Fills the partition list from the state's partitions.
    void refreshPartitions();
    /// Predict mode: what the frames after `after` up to `upTo` did stays hidden (their markers, and
    /// their checkpoint's label on the bar and beside it). (-1, -1): nothing is hidden.
    void setConcealed(std::int64_t after, std::int64_t upTo);

    /// The text of a speed: 1/100x, 2x.
    static QString speedText(double speed);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitSpeedLabel();
    /// Gives the frame and time beside the bar the width of the widest text this timeline can make
    /// ("Frame 63 of 63 · 1085 ms · ◆3" with its widest digits and label), so that the bar keeps its
    /// width, and its markers their places, from frame to frame.
    void fitPositionLabel();
    QString positionText(
        std::int64_t frame, std::int64_t frameCount, qint64 timeMs, const std::optional<QString>& label) const;

    SimController* m_controller;
    TimelineBar* m_bar;
    QSlider* m_speed;
    QLabel* m_speedLabel;
    QLabel* m_position;
    QLabel* m_dropped;
    QComboBox* m_view;
    QComboBox* m_partition;
    std::int64_t m_concealedAfter = -1;
    std::int64_t m_concealedUpTo = -1;
};

} // namespace hw::ui
