// SPDX-License-Identifier: MIT
#pragma once

#include "control/simcontroller.h"

#include <QList>
#include <QPointer>
#include <QWidget>

#include <memory>

class QDockWidget;
class QLabel;
class QPushButton;
class QSpinBox;

namespace hw::ui {

class FrameScene;
class NarrationPanel;
class TimelinePanel;

/// Predict mode (View > Predict mode): the class guesses before the app tells.
///
/// When predict mode is on and the user moves forward from a checkpoint (one step, or on to the next
/// checkpoint), the frame reached is drawn with its replicas' LEO and HW hidden ("?" tags, "?" cells
/// for the records a replica may or may not have fetched, no HW line) and its narration held back.
/// This panel, shown in the narration dock, asks "What will the HW be?" and each replica's LEO, with
/// spin boxes that start at the values before the step. The next step forward (Right, Page Down or
/// Reveal) does not move on: it reveals the frame and says, for each guess, whether it was right
/// and what the value is. Moving anywhere else drops the question. Questions are asked only when
/// leaving a checkpoint: checkpoints are where a scenario's author put the interesting moments, and
/// asking at every frame would double the key presses through a whole run.
class PredictMode : public QWidget {
    Q_OBJECT

public:
    enum class Phase : std::uint8_t { Off, Waiting, Asking, Revealed };

    PredictMode(SimController* controller, FrameScene* scene, NarrationPanel* narration, QWidget* parent = nullptr);
    ~PredictMode() override;

    bool isModeEnabled() const { return m_phase != Phase::Off; }
    void setModeEnabled(bool enabled);
    Phase phase() const { return m_phase; }

    /// Called for a step forward (Right, Page Down): reveals the hidden answer instead of moving on.
    /// Returns true when it did, false when the step should go ahead.
    bool interceptStep();
    void reveal();

    // The inputs and the answer, for tests (and the keyboard: the spin boxes take focus in order).
    QSpinBox* hwGuess() const { return m_hwGuess; }
    const QList<QSpinBox*>& leoGuesses() const { return m_leoGuesses; }
    QString questionText() const;
    QString verdictText() const;
    /// Whether every guess of the last revealed question was right.
    bool lastGuessRight() const { return m_lastRight; }

signals:
    void phaseChanged(hw::ui::PredictMode::Phase phase);

protected:
    void changeEvent(QEvent* event) override;

private:
    void onChanged(SimController::Changes what);
    void ask(std::int64_t fromFrame);
    void clearQuestion();
    void scrollIntoView();
    void retranslate();
    void setPhase(Phase phase);
    /// Puts a "hidden while you predict" line in place of the docks that tell the answer (inspector,
    /// event log, charts, controls), or gives them their widgets back.
    void concealDocks(bool conceal);
    /// The window's timeline, whose markers and label of the step asked about are hidden too.
    TimelinePanel* timelinePanel() const;

    SimController* m_controller;
    FrameScene* m_scene;
    NarrationPanel* m_narration;
    Phase m_phase = Phase::Off;
    std::int64_t m_lastFrame = 0;
    std::int64_t m_questionFrame = -1;
    std::int32_t m_partition = 0;
    QList<std::int32_t> m_brokers; // the replicas asked about, in the order of m_leoGuesses
    bool m_lastRight = false;

    QLabel* m_title;
    QLabel* m_question;
    QSpinBox* m_hwGuess;
    QLabel* m_hwLabel;
    QWidget* m_leoBox;
    QList<QSpinBox*> m_leoGuesses;
    QList<QLabel*> m_leoLabels;
    QPushButton* m_reveal;
    QLabel* m_verdict;
    struct ConcealedDock {
        QPointer<QDockWidget> dock;
        QPointer<QWidget> widget;
        QPointer<QLabel> placeholder;
    };
    QList<ConcealedDock> m_concealed;
};

} // namespace hw::ui
