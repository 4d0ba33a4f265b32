// SPDX-License-Identifier: MIT
#pragma once

#include "export/exporter.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace hw::ui {

class FrameScene;
class SimController;

/// Runs an export behind a progress dialog that can be cancelled (a cancelled export writes
/// nothing). work gets the progress callback to pass to the Exporter.
ExportResult runExportWithProgress(
    QWidget* parent, const QString& label, const std::function<ExportResult(const ExportProgress&)>& work);

/// File > Export Image: the current view (as shown: frame, time, layout, partition) or the charts,
/// as PNG (1x-4x, optionally transparent), SVG or PDF; a PDF can instead be a handout with one page
/// per checkpoint.
class ExportImageDialog : public QDialog {
    Q_OBJECT

public:
    /// charts may be null: then only the current view can be exported.
    ExportImageDialog(
        SimController* controller, const FrameScene* scene, QSize viewSize, QWidget* charts, QWidget* parent = nullptr);

    /// Exports with the dialog's choices to the path in the dialog.
    ExportResult exportNow();

    /// The settings the choices make (size: the view's, or the charts').
    ExportSettings settings() const;
    bool exportsCharts() const;

    // The controls, for tests.
    QComboBox* whatCombo() const { return m_what; }
    QComboBox* formatCombo() const { return m_format; }
    QSpinBox* scaleSpin() const { return m_scale; }
    QCheckBox* transparentCheck() const { return m_transparent; }
    QCheckBox* handoutCheck() const { return m_handout; }
    QCheckBox* captionCheck() const { return m_caption; }
    QLineEdit* pathEdit() const { return m_path; }

    void accept() override;

private:
    void updateControls();
    void browse();

    SimController* m_controller;
    const FrameScene* m_scene;
    QSize m_viewSize;
    QWidget* m_charts;
    QComboBox* m_what;
    QComboBox* m_format;
    QSpinBox* m_scale;
    QCheckBox* m_transparent;
    QCheckBox* m_handout;
    QCheckBox* m_caption;
    QLineEdit* m_path;
};

/// File > Export Animation: a range of frames as an animated GIF, or as numbered PNGs in a folder.
class ExportAnimationDialog : public QDialog {
    Q_OBJECT

public:
    ExportAnimationDialog(SimController* controller, const FrameScene* scene, QWidget* parent = nullptr);

    /// Exports with the dialog's choices, behind a progress dialog.
    ExportResult exportNow();

    ExportSettings settings() const;
    std::vector<std::int64_t> frames() const;

    // The controls, for tests.
    QSpinBox* fromSpin() const { return m_from; }
    QSpinBox* toSpin() const { return m_to; }
    QComboBox* fromPick() const { return m_fromPick; }
    QComboBox* toPick() const { return m_toPick; }
    QComboBox* formatCombo() const { return m_format; }
    QRadioButton* fpsRadio() const { return m_byFps; }
    QDoubleSpinBox* fpsSpin() const { return m_fps; }
    QComboBox* speedCombo() const { return m_speed; }
    QSpinBox* widthSpin() const { return m_width; }
    QSpinBox* heightSpin() const { return m_height; }
    QCheckBox* captionCheck() const { return m_caption; }
    QLineEdit* pathEdit() const { return m_path; }

    void accept() override;

private:
    QComboBox* makePick(QSpinBox* target);
    void updateControls();
    void browse();

    SimController* m_controller;
    const FrameScene* m_scene;
    QSpinBox* m_from;
    QSpinBox* m_to;
    QComboBox* m_fromPick;
    QComboBox* m_toPick;
    QComboBox* m_format;
    QRadioButton* m_byFps;
    QRadioButton* m_bySpeed;
    QDoubleSpinBox* m_fps;
    QComboBox* m_speed;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QCheckBox* m_caption;
    QLineEdit* m_path;
    QLabel* m_summary;
};

/// File > Export image of View > Compare versions: both views stacked as one image (each under its
/// version's label), or either view alone with its label, as PNG (1x-4x, optionally transparent),
/// SVG or PDF, drawn as the window shows them (frame, time, layout, partition, differences).
class CompareExportDialog : public QDialog {
    Q_OBJECT

public:
    /// panels: the top view's and the bottom view's; view: the layout both show.
    CompareExportDialog(const std::vector<ExportPanel>& panels, const ExportSettings& view, QWidget* parent = nullptr);

    /// The panels the choice exports: both, or one.
    std::vector<ExportPanel> chosenPanels() const;
    ExportSettings settings() const;
    /// Exports with the dialog's choices to the path in the dialog.
    ExportResult exportNow();

    // The controls, for tests.
    QComboBox* whatCombo() const { return m_what; }
    QComboBox* formatCombo() const { return m_format; }
    QSpinBox* scaleSpin() const { return m_scale; }
    QCheckBox* transparentCheck() const { return m_transparent; }
    QLineEdit* pathEdit() const { return m_path; }

    void accept() override;

private:
    void updateControls();
    void browse();

    std::vector<ExportPanel> m_panels;
    ExportSettings m_view;
    QComboBox* m_what;
    QComboBox* m_format;
    QSpinBox* m_scale;
    QCheckBox* m_transparent;
    QLineEdit* m_path;
};

} // namespace hw::ui
