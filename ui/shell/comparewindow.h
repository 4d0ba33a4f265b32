// SPDX-License-Identifier: MIT
#pragma once

#include "control/comparecontroller.h"
#include "export/exporter.h"
#include "scene/framescene.h"

#include <QDialog>
#include <QMainWindow>

#include <array>

class QAction;
class QBoxLayout;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;

namespace hw::ui {

class FrameView;
class PresentationMode;
class TimelinePanel;

/// View > Compare versions…: asks for the two Kafka versions to compare (two lists of
/// hw::kafkaVersions(); the same version twice is refused).
class CompareVersionsDialog : public QDialog {
    Q_OBJECT

public:
    /// own: the scenario's version, chosen on top; below it the newest other version (4.4, or 3.7
    /// when the scenario's is 4.4).
    explicit CompareVersionsDialog(hw::KafkaVersion own, QWidget* parent = nullptr);

    hw::KafkaVersion top() const;
    hw::KafkaVersion bottom() const;
    void setVersions(hw::KafkaVersion top, hw::KafkaVersion bottom);

    QComboBox* topCombo() const { return m_top; }
    QComboBox* bottomCombo() const { return m_bottom; }
    QPushButton* okButton() const { return m_ok; }
    /// Says why OK is off (the same version twice), or nothing.
    QLabel* problemLabel() const { return m_problem; }

private:
    void updateControls();

    QComboBox* m_top;
    QComboBox* m_bottom;
    QPushButton* m_ok;
    QLabel* m_problem;
};

/// The window of View > Compare versions: the same scenario under two Kafka versions, one view above
/// the other, each under its version's label ("Kafka 3.7"), in the layout chosen for both (Ctrl+1,
/// Ctrl+2). One timeline control drives both (CompareController's matching rule, which the status
/// line states); the values that differ are outlined with a "≠" badge in both views and listed in
/// words on the right. File > Export image writes either view or both stacked as one image.
///
/// For a projector it has the main window's keys: +, - and 0 (and Ctrl+wheel) zoom both views
/// together, and they pan together; F11 is full screen; F5 its presentation form (full screen, high
/// contrast, the runs side by side under a band with their labels, the drawings' text at least
/// 14 px, zoomed in on what differs where fitting alone cannot give that); '.' or B blanks the
/// screen; F1 lists every key.
class CompareWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit CompareWindow(QWidget* parent = nullptr);
    ~CompareWindow() override;

    /// Runs scenario (opened from source) under the two versions. Returns an error, or an empty string.
    QString open(const hw::Scenario& scenario, const QString& source, hw::KafkaVersion top, hw::KafkaVersion bottom);
    /// Shows two scenarios as they are (see CompareController::openScenarios).
    QString openScenarios(const hw::Scenario& top, const hw::Scenario& bottom);

    void setViewKind(FrameScene::ViewKind kind);
    FrameScene::ViewKind viewKind() const { return m_scenes[0]->viewKind(); }
    void showPartition(std::int32_t partition);

    /// Both views at this zoom (1: fitted), as +, - and 0 do.
    void setZoom(qreal zoom);
    /// F11: full screen, or back.
    void toggleFullScreen();
    /// F5: the presentation form, or back (Esc, Shift+F5).
    PresentationMode* presentation() const { return m_presentation; }
    /// Every key of the window (Help > Keyboard shortcuts).
    QList<QPair<QString, QString>> shortcutList() const;

    /// Both views as the export draws them: label, frame, marks and the view's size.
    std::vector<ExportPanel> panels() const;
    /// File > Export image: opens the dialog and waits for it.
    void exportDialog();

    // The parts, for tests.
    CompareController* compare() const { return m_compare; }
    FrameScene* scene(CompareController::Side side) const { return m_scenes[side]; }
    FrameView* view(CompareController::Side side) const { return m_views[side]; }
    QLabel* versionLabel(CompareController::Side side) const { return m_versionLabels[side]; }
    QLabel* frameLabel(CompareController::Side side) const { return m_frameLabels[side]; }
    /// The version and frame labels of one side: a column left of its view, or in the presentation
    /// form a band above it.
    QWidget* labelPanel(CompareController::Side side) const { return m_labelPanels[side]; }
    QWidget* differencesColumn() const { return m_differencesColumn; }
    QListWidget* differenceList() const { return m_differenceList; }
    QLabel* matchLabel() const { return m_matchLabel; }
    TimelinePanel* timelinePanel() const { return m_timeline; }
    QAction* action(const QString& name) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void createActions();
    void createMenus();
    void retranslateUi();
    void onChanged(SimController::Changes what);
    void refreshTexts();
    /// The windowed layout (false): one run above the other, each with its labels in a column on its
    /// left, the differences on the right. The presentation form (true): side by side, each with its
    /// labels in a band above it, no differences column.
    void setPresentationLayout(bool presenting);
    /// Zoomed in by the presentation form, shows the part of the drawings that differs.
    void showDifferences();
    /// Keeps the other view at the same zoom and showing the same part of its drawing.
    void followView(int side);
    QAction* addNamedAction(const QString& name, const QList<QKeySequence>& keys);

    CompareController* m_compare;
    std::array<FrameScene*, 2> m_scenes;
    std::array<FrameView*, 2> m_views;
    std::array<QLabel*, 2> m_versionLabels;
    std::array<QLabel*, 2> m_frameLabels;
    std::array<QWidget*, 2> m_labelPanels;
    std::array<QBoxLayout*, 2> m_halfLayouts;
    QBoxLayout* m_runsLayout = nullptr;
    QWidget* m_differencesColumn = nullptr;
    PresentationMode* m_presentation = nullptr;
    bool m_presenting = false;
    bool m_following = false;
    QLabel* m_differenceHeading;
    QListWidget* m_differenceList;
    QLabel* m_matchLabel;
    TimelinePanel* m_timeline = nullptr;
    QList<QAction*> m_actions;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_playMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
};

} // namespace hw::ui
