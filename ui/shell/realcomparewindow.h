// SPDX-License-Identifier: MIT
#pragma once

#include "control/realcompare.h"
#include "control/realcomparemodel.h"
#include "scene/framescene.h"

#include <QMainWindow>

#include <array>
#include <memory>

class QAction;
class QBoxLayout;
class QCheckBox;
class QComboBox;
class QLabel;
class QMenu;
class QPushButton;
class QStackedWidget;
class QTableView;

namespace hw::ui {

class FrameView;
class PresentationMode;

/// The window of View > Compare with real Kafka (object name "realCompareWindow"): the scenario as
/// HighWater simulates it above, and as real Apache Kafka was observed below (under "Apache Kafka
/// 4.4.0, observed"), checkpoint by checkpoint, as View > Compare versions shows two versions. The
/// checkpoint bar (Page Up, Page Down, Home, End, or the list) moves both; on the right, the
/// checkpoint's facts with their verdicts (RealCompareModel: a symbol and a word for each, never colour
/// alone; the selected fact's reason under them), and the facts that differ are outlined with a "≠"
/// badge in both drawings. A checkpoint one run lacks says so in place of its drawing.
///
/// For a projector: windowed, each drawing has its label in a band above it, and the views zoom in
/// together (scrolling, centred on what differs) until the smallest text of the drawings is
/// windowedTextPxMin. F5 is the main window's presentation mode (PresentationMode): full screen, high
/// contrast, the drawings side by side with text of at least PresentationMode::drawingTextPxMin, the
/// labels and the checkpoint bar larger, the facts column hidden (its "≠" marks stay in the drawings).
class RealCompareWindow : public QMainWindow {
    Q_OBJECT

public:
    enum Side : int { Simulated = 0, Real = 1 };

    /// The smallest text of the drawings, in pixels, outside presentation mode: what a 1280x720
    /// projector shows readably of a window (the presentation mode's floor is 14 px).
    static constexpr qreal windowedTextPxMin = 11;

    explicit RealCompareWindow(QWidget* parent = nullptr);
    ~RealCompareWindow() override;

    /// Shows a finished comparison at its first checkpoint.
    void open(std::shared_ptr<const RealCompareResult> result);

    void setCheckpoint(int index);
    int checkpoint() const { return m_model->checkpoint(); }
    void setViewKind(FrameScene::ViewKind kind);
    void toggleFullScreen();
    PresentationMode* presentation() const { return m_presentation; }
    /// The smallest text of a side's drawing on screen, in pixels (its scale and the view's).
    qreal smallestTextPx(Side side) const;

    // The parts, for tests.
    RealCompareModel* model() const { return m_model; }
    FrameScene* scene(Side side) const { return m_scenes[side]; }
    FrameView* view(Side side) const { return m_views[side]; }
    /// Whether a side shows its drawing (false: the checkpoint is not in that run, a text says so).
    bool showsDrawing(Side side) const;
    QLabel* sideLabel(Side side) const { return m_sideLabels[side]; }
    QLabel* frameLabel(Side side) const { return m_frameLabels[side]; }
    QLabel* missingLabel(Side side) const { return m_missingLabels[side]; }
    QComboBox* checkpointCombo() const { return m_checkpoints; }
    QLabel* factsHeading() const { return m_factsHeading; }
    QLabel* countsLabel() const { return m_counts; }
    QTableView* factsTable() const { return m_facts; }
    QCheckBox* agreeingCheck() const { return m_showAgreeing; }
    QLabel* totalLabel() const { return m_total; }
    QLabel* reasonLabel() const { return m_reason; }
    QWidget* factsColumn() const { return m_factsColumn; }
    QWidget* labelBand(Side side) const { return m_labelBands[side]; }
    QWidget* checkpointBar() const { return m_bar; }
    QAction* action(const QString& name) const;

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions();
    void retranslateUi();
    void refresh();
    void fillCheckpointCombo();
    /// Shows the selected fact's reason under the table (the first fact that does not agree at first).
    void showReason();
    /// Windowed: zooms both views in until their smallest text is windowedTextPxMin, centred on what
    /// differs. Presenting, PresentationMode does it with its own floor.
    void fitTextWindowed();
    /// Side by side (presenting) or one above the other (windowed).
    void setPresentationLayout(bool presenting);
    /// Zoomed in, shows the part of the drawings that differs (or where they start).
    void showDifferences();
    /// The other view follows a view's zoom and scrolling.
    void followView(int side);
    /// The real run's checkpoint of comparison checkpoint `index` (the n-th of its label), or nullptr.
    const RealCheckpointState* realCheckpoint(int index) const;

    std::shared_ptr<const RealCompareResult> m_result;
    RealCompareModel* m_model;
    std::array<FrameScene*, 2> m_scenes;
    std::array<FrameView*, 2> m_views;
    std::array<QStackedWidget*, 2> m_stacks;
    std::array<QLabel*, 2> m_sideLabels;
    std::array<QLabel*, 2> m_frameLabels;
    std::array<QLabel*, 2> m_missingLabels;
    std::array<QWidget*, 2> m_labelBands;
    QComboBox* m_checkpoints;
    QPushButton* m_previous;
    QPushButton* m_next;
    QLabel* m_total;
    QLabel* m_factsHeading;
    QLabel* m_counts;
    QTableView* m_facts;
    QCheckBox* m_showAgreeing;
    QLabel* m_reason;
    QWidget* m_factsColumn = nullptr;
    QWidget* m_bar = nullptr;
    QBoxLayout* m_runsLayout = nullptr;
    PresentationMode* m_presentation = nullptr;
    bool m_following = false;
    bool m_fittingText = false;
    QList<QAction*> m_actions;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
};

} // namespace hw::ui
