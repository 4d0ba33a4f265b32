// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QSlider;

namespace hw::ui {

class SimController;
class TimelineBar;

/// The timeline dock's contents: the marker slider, the transport buttons (their actions live in the
/// main window with the keyboard shortcuts), the speed control, the frame and time, and the view
/// switch.
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
    };

    TimelinePanel(SimController* controller, const Actions& actions, QWidget* parent = nullptr);

    TimelineBar* bar() const { return m_bar; }
    QSlider* speedSlider() const { return m_speed; }
    QComboBox* viewCombo() const { return m_view; }
    QComboBox* partitionCombo() const { return m_partition; }
    QLabel* positionLabel() const { return m_position; }

    /// Re-reads the controller (frame, time, markers, speed).
    void refresh(bool markersChanged);
    /// Fills the partition list from the state's partitions.
    void refreshPartitions();

    /// The text of a speed: 1/100x, 2x.
    static QString speedText(double speed);

private:
    SimController* m_controller;
    TimelineBar* m_bar;
    QSlider* m_speed;
    QLabel* m_speedLabel;
    QLabel* m_position;
    QComboBox* m_view;
    QComboBox* m_partition;
};

} // namespace hw::ui
