// SPDX-License-Identifier: MIT
#include "export/exportdialog.h"

#include "base/i18n.h"
#include "control/simcontroller.h"
#include "scene/framescene.h"
#include "timeline/timeline.h"

#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace hw::ui {

namespace {

/// Where the dialogs suggest writing, until the user picks a place.
QString suggestedPath(const QString& name)
{
    return QDir::home().filePath(name);
}

/// Room for a path in the dialogs, in average characters.
constexpr int pathWidthChars = 48;

QWidget* pathRow(QLineEdit* edit, QPushButton* browse)
{
    edit->setMinimumWidth(edit->fontMetrics().averageCharWidth() * pathWidthChars);
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    layout->addWidget(browse);
    return row;
}

/// Gives the path the extension of format (unless it already has it).
QString withExtension(const QString& path, ExportFormat format)
{
    const QFileInfo info(path);
    if (info.suffix().compare(formatName(format), Qt::CaseInsensitive) == 0)
        return path;
    const QString base = formatFromName(info.suffix()) ? path.left(path.size() - info.suffix().size() - 1) : path;
    return base + QLatin1Char('.') + formatName(format);
}

/// The path typed into a dialog as the exporter takes it: a relative path is taken from the home
/// directory, where the dialogs suggest writing (the app's working directory is nothing the user
/// sees), so "-" is a file there, not standard output.
QString typedPath(const QString& text)
{
    return text.isEmpty() ? text : QDir::home().absoluteFilePath(text);
}

/// The caption choice of both dialogs, with what it adds.
QCheckBox* makeCaptionCheck(QWidget* parent)
{
    auto* check = new QCheckBox(ExportImageDialog::tr("Caption: checkpoint, note and Kafka version"), parent);
    check->setObjectName(QStringLiteral("captionCheck"));
    check->setToolTip(ExportImageDialog::tr("A band under the drawing with the frame's checkpoint, its time, the "
                                            "Kafka version and the scenario's note, in the app's language"));
    return check;
}

/// Says why an export failed. True when it is done and its dialog can close (a cancelled export
/// leaves the dialog open to change the choices).
bool exportDone(QWidget* parent, const ExportResult& result)
{
    if (!result.error.isEmpty())
        QMessageBox::warning(parent, ExportImageDialog::tr("Cannot export"), result.error);
    return result.ok();
}

/// Asks where to write an image of format (PNG, SVG or PDF) and puts the answer, with the format's
/// extension, into path.
void browseForImage(QWidget* parent, ExportFormat format, QLineEdit* path)
{
    const QString filter = format == ExportFormat::Png ? ExportImageDialog::tr("PNG images (*.png)")
        : format == ExportFormat::Svg                  ? ExportImageDialog::tr("SVG drawings (*.svg)")
                                                       : ExportImageDialog::tr("PDF documents (*.pdf)");
    const QString chosen
        = QFileDialog::getSaveFileName(parent, ExportImageDialog::tr("Export Image"), path->text(), filter);
    if (!chosen.isEmpty())
        path->setText(withExtension(chosen, format));
}

} // namespace

ExportResult runExportWithProgress(
    QWidget* parent, const QString& label, const std::function<ExportResult(const ExportProgress&)>& work)
{
    QProgressDialog progress(label, ExportImageDialog::tr("Cancel"), 0, 100, parent);
    progress.setWindowTitle(ExportImageDialog::tr("Exporting"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setAutoClose(false);
    progress.setAutoReset(false);
    progress.setValue(0);
    ExportResult result;
    try {
        result = work([&progress](std::int64_t done, std::int64_t total) {
            progress.setMaximum(static_cast<int>(total));
            progress.setValue(static_cast<int>(done));
            // A modal progress dialog handles the Cancel button in setValue(); these events keep it
            // responsive between frames when frames are quick.
            QCoreApplication::processEvents();
            return !progress.wasCanceled();
        });
    } catch (const hw::FrameDropped&) {
        // The live lab serves on while the export runs: at its memory budget the history dropped
        // frames of the range still to be written.
        result = ExportResult {};
        result.error = ExportImageDialog::tr("The live lab dropped the oldest frames of the range while exporting, to "
                                             "stay within the memory budget: export a range from a later frame.");
    }
    progress.close();
    return result;
}

// ---------------------------------------------------------------------------------------------------

ExportImageDialog::ExportImageDialog(
    SimController* controller, const FrameScene* scene, QSize viewSize, QWidget* charts, QWidget* parent)
    : QDialog(parent),
      m_controller(controller),
      m_scene(scene),
      m_viewSize(viewSize.expandedTo(QSize(exportlimits::sideMin, exportlimits::sideMin))),
      m_charts(charts),
      m_what(new QComboBox(this)),
      m_format(new QComboBox(this)),
      m_scale(new QSpinBox(this)),
      m_transparent(new QCheckBox(tr("Transparent background"), this)),
      m_handout(new QCheckBox(tr("One page per checkpoint (a handout with the notes)"), this)),
      m_caption(makeCaptionCheck(this)),
      m_path(new QLineEdit(this))
{
    setObjectName(QStringLiteral("exportImageDialog"));
    setWindowTitle(tr("Export Image"));

    m_what->addItem(tr("Current view"));
    m_what->addItem(tr("Charts"));
    m_format->addItem(tr("PNG image"), static_cast<int>(ExportFormat::Png));
    m_format->addItem(tr("SVG drawing"), static_cast<int>(ExportFormat::Svg));
    m_format->addItem(tr("PDF document"), static_cast<int>(ExportFormat::Pdf));
    m_scale->setRange(exportlimits::scaleMin, exportlimits::scaleMax);
    //: The PNG scale factor: 2x means twice as many pixels each way.
    m_scale->setSuffix(tr("x"));
    m_scale->setToolTip(tr("Pixels per pixel of the view: 2x or more for sharp slides on large screens"));
    m_handout->setToolTip(tr("A page per checkpoint of the scenario: the drawing, the checkpoint's note and what "
                             "happened"));
    m_path->setText(suggestedPath(QStringLiteral("highwater.png")));
    auto* browseButton = new QPushButton(tr("Browse..."), this);
    connect(browseButton, &QPushButton::clicked, this, &ExportImageDialog::browse);

    auto* form = new QFormLayout;
    form->addRow(tr("Export:"), m_what);
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Scale:"), m_scale);
    form->addRow(QString(), m_transparent);
    form->addRow(QString(), m_handout);
    form->addRow(QString(), m_caption);
    form->addRow(tr("File:"), pathRow(m_path, browseButton));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportImageDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportImageDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    if (!m_charts) {
        // Without charts there is nothing to choose: the row goes.
        form->setRowVisible(m_what, false);
    }
    m_handout->setEnabled(!Exporter::checkpointFrames(m_controller->timeline()).empty());
    connect(m_what, &QComboBox::currentIndexChanged, this, &ExportImageDialog::updateControls);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        m_path->setText(withExtension(m_path->text(), settings().format));
        updateControls();
    });
    connect(m_handout, &QCheckBox::toggled, this, &ExportImageDialog::updateControls);
    updateControls();
}

bool ExportImageDialog::exportsCharts() const
{
    return m_charts && m_what->currentIndex() == 1;
}

ExportSettings ExportImageDialog::settings() const
{
    ExportSettings s;
    s.format = static_cast<ExportFormat>(m_format->currentData().toInt());
    s.size = exportsCharts() ? m_charts->size()
                             : m_viewSize.boundedTo(QSize(exportlimits::sideMax, exportlimits::sideMax));
    s.scale = s.format == ExportFormat::Png ? m_scale->value() : 1;
    s.transparent = m_transparent->isEnabled() && m_transparent->isChecked();
    s.view = m_scene->viewKind();
    s.focusPartition = m_scene->focusPartition();
    s.showHeartbeats = m_scene->showHeartbeats();
    s.language = currentLanguage().toStdString();
    s.displayTimeMs = m_controller->displayTimeMs();
    s.cells = m_scene->cellText();
    s.caption = !m_caption->isHidden() && m_caption->isChecked();
    return s;
}

void ExportImageDialog::updateControls()
{
    const ExportFormat format = static_cast<ExportFormat>(m_format->currentData().toInt());
    m_scale->setEnabled(format == ExportFormat::Png);
    m_transparent->setEnabled(format == ExportFormat::Png || format == ExportFormat::Svg);
    m_handout->setVisible(format == ExportFormat::Pdf && !exportsCharts());
    // A PDF page has its own caption; the charts have no frame to caption.
    m_caption->setVisible(format != ExportFormat::Pdf && !exportsCharts());
}

void ExportImageDialog::browse()
{
    browseForImage(this, settings().format, m_path);
}

ExportResult ExportImageDialog::exportNow()
{
    const ExportSettings s = settings();
    const QString path = typedPath(m_path->text());
    if (exportsCharts())
        return Exporter::exportWidget(*m_charts, s, path);
    const hw::Timeline& timeline = m_controller->timeline();
    if (s.format == ExportFormat::Pdf && m_handout->isEnabled() && m_handout->isChecked()) {
        ExportSettings handout = s;
        handout.displayTimeMs.reset();
        return runExportWithProgress(this, tr("Writing the handout..."), [&](const ExportProgress& progress) {
            return Exporter::exportFrames(
                timeline, m_controller->scenario(), Exporter::checkpointFrames(timeline), handout, path, progress);
        });
    }
    return Exporter::exportFrames(timeline, m_controller->scenario(), { m_controller->currentFrame() }, s, path);
}

void ExportImageDialog::accept()
{
    if (exportDone(this, exportNow()))
        QDialog::accept();
}

// ---------------------------------------------------------------------------------------------------

ExportAnimationDialog::ExportAnimationDialog(SimController* controller, const FrameScene* scene, QWidget* parent)
    : QDialog(parent),
      m_controller(controller),
      m_scene(scene),
      m_from(new QSpinBox(this)),
      m_to(new QSpinBox(this)),
      m_fromPick(nullptr),
      m_toPick(nullptr),
      m_format(new QComboBox(this)),
      m_byFps(new QRadioButton(tr("Frames per second:"), this)),
      m_bySpeed(new QRadioButton(tr("Simulated time x"), this)),
      m_fps(new QDoubleSpinBox(this)),
      m_speed(new QComboBox(this)),
      m_width(new QSpinBox(this)),
      m_height(new QSpinBox(this)),
      m_caption(makeCaptionCheck(this)),
      m_path(new QLineEdit(this)),
      m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("exportAnimationDialog"));
    setWindowTitle(tr("Export Animation"));
    const std::int64_t last = m_controller->lastFrame();
    // The range starts at the first frame kept (the live lab's history may have dropped older ones).
    const auto first = static_cast<int>(std::min<std::int64_t>(m_controller->firstFrame(), std::numeric_limits<int>::max()));
    for (QSpinBox* spin : { m_from, m_to })
        spin->setRange(first, static_cast<int>(std::min<std::int64_t>(last, std::numeric_limits<int>::max())));
    // The range starts at the current frame and runs to the next checkpoint after it (or the end).
    const std::int64_t current = m_controller->currentFrame();
    std::int64_t to = last;
    for (std::int64_t f : Exporter::checkpointFrames(m_controller->timeline()))
        if (f > current) {
            to = f;
            break;
        }
    m_from->setValue(static_cast<int>(current));
    m_to->setValue(static_cast<int>(std::min(to, current + exportlimits::framesMax - 1)));
    m_fromPick = makePick(m_from);
    m_toPick = makePick(m_to);

    m_format->addItem(tr("Animated GIF"), static_cast<int>(ExportFormat::Gif));
    m_format->addItem(tr("Numbered PNG images in a folder"), static_cast<int>(ExportFormat::Png));
    m_fps->setRange(exportlimits::fpsMin, exportlimits::fpsMax);
    m_fps->setDecimals(1);
    m_fps->setValue(exportlimits::fpsDefault);
    for (double speed : SimController::speeds())
        //: A speed of simulated time, e.g. "0.01x".
        m_speed->addItem(tr("%1x").arg(speed), speed);
    m_speed->setCurrentIndex(
        static_cast<int>(std::find(SimController::speeds().begin(), SimController::speeds().end(), 0.01)
            - SimController::speeds().begin()));
    m_byFps->setChecked(true);
    auto* timing = new QButtonGroup(this);
    timing->addButton(m_byFps);
    timing->addButton(m_bySpeed);
    m_byFps->setToolTip(tr("Every frame shows for the same time"));
    m_bySpeed->setToolTip(tr("Frames show for the simulated time until the next one, times this speed"));
    m_width->setRange(exportlimits::sideMin, exportlimits::sideMax);
    m_height->setRange(exportlimits::sideMin, exportlimits::sideMax);
    m_width->setValue(1280);
    m_height->setValue(720);
    //: Unit of an image size.
    m_width->setSuffix(tr(" px"));
    m_height->setSuffix(tr(" px"));
    m_path->setText(suggestedPath(QStringLiteral("highwater.gif")));
    auto* browseButton = new QPushButton(tr("Browse..."), this);
    connect(browseButton, &QPushButton::clicked, this, &ExportAnimationDialog::browse);

    auto* form = new QFormLayout;
    auto frameRow = [this](QSpinBox* spin, QComboBox* pick) {
        auto* row = new QWidget(this);
        auto* layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(spin);
        layout->addWidget(pick, 1);
        return row;
    };
    form->addRow(tr("From frame:"), frameRow(m_from, m_fromPick));
    form->addRow(tr("To frame:"), frameRow(m_to, m_toPick));
    form->addRow(tr("Format:"), m_format);
    auto* fpsRow = new QWidget(this);
    auto* fpsLayout = new QHBoxLayout(fpsRow);
    fpsLayout->setContentsMargins(0, 0, 0, 0);
    fpsLayout->addWidget(m_byFps);
    fpsLayout->addWidget(m_fps);
    fpsLayout->addSpacing(12);
    fpsLayout->addWidget(m_bySpeed);
    fpsLayout->addWidget(m_speed);
    fpsLayout->addStretch(1);
    form->addRow(tr("Timing:"), fpsRow);
    auto* sizeRow = new QWidget(this);
    auto* sizeLayout = new QHBoxLayout(sizeRow);
    sizeLayout->setContentsMargins(0, 0, 0, 0);
    sizeLayout->addWidget(m_width);
    //: Between width and height of an image size.
    sizeLayout->addWidget(new QLabel(tr("by"), this));
    sizeLayout->addWidget(m_height);
    sizeLayout->addStretch(1);
    form->addRow(tr("Size:"), sizeRow);
    form->addRow(QString(), m_caption);
    form->addRow(tr("Save to:"), pathRow(m_path, browseButton));
    m_summary->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportAnimationDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportAnimationDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);

    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        const bool gif = settings().format == ExportFormat::Gif;
        const QFileInfo info(m_path->text());
        // A GIF is a file; PNGs go into a folder named like it.
        m_path->setText(gif
                ? withExtension(m_path->text(), ExportFormat::Gif)
                : (formatFromName(info.suffix()) ? m_path->text().left(m_path->text().size() - info.suffix().size() - 1)
                                                 : m_path->text()));
        updateControls();
    });
    for (QSpinBox* spin : { m_from, m_to })
        connect(spin, &QSpinBox::valueChanged, this, &ExportAnimationDialog::updateControls);
    connect(m_byFps, &QRadioButton::toggled, this, &ExportAnimationDialog::updateControls);
    updateControls();
}

QComboBox* ExportAnimationDialog::makePick(QSpinBox* target)
{
    auto* pick = new QComboBox(this);
    pick->addItem(tr("Pick a frame..."), -1);
    pick->addItem(tr("First frame"), static_cast<qlonglong>(m_controller->firstFrame()));
    pick->addItem(tr("Current frame (%1)").arg(m_controller->currentFrame()),
        static_cast<qlonglong>(m_controller->currentFrame()));
    const hw::Timeline& timeline = m_controller->timeline();
    for (std::int64_t f : Exporter::checkpointFrames(timeline))
        pick->addItem(
            tr("Checkpoint %1 (frame %2)")
                .arg(QString::fromStdString(timeline.labels()[static_cast<std::size_t>(timeline.frame(f).label)]))
                .arg(f),
            static_cast<qlonglong>(f));
    pick->addItem(
        tr("Last frame (%1)").arg(m_controller->lastFrame()), static_cast<qlonglong>(m_controller->lastFrame()));
    connect(pick, &QComboBox::activated, this, [pick, target](int index) {
        const qlonglong frame = pick->itemData(index).toLongLong();
        if (frame >= 0)
            target->setValue(static_cast<int>(frame));
        pick->setCurrentIndex(0);
    });
    return pick;
}

ExportSettings ExportAnimationDialog::settings() const
{
    ExportSettings s;
    s.format = static_cast<ExportFormat>(m_format->currentData().toInt());
    s.size = QSize(m_width->value(), m_height->value());
    if (s.format == ExportFormat::Gif) {
        if (m_byFps->isChecked())
            s.fps = m_fps->value();
        else
            s.speed = m_speed->currentData().toDouble();
    }
    s.view = m_scene->viewKind();
    s.focusPartition = m_scene->focusPartition();
    s.showHeartbeats = m_scene->showHeartbeats();
    s.language = currentLanguage().toStdString();
    s.cells = m_scene->cellText();
    s.caption = m_caption->isChecked();
    return s;
}

std::vector<std::int64_t> ExportAnimationDialog::frames() const
{
    std::vector<std::int64_t> list;
    for (std::int64_t f = m_from->value(); f <= m_to->value(); ++f)
        list.push_back(f);
    return list;
}

void ExportAnimationDialog::updateControls()
{
    const bool gif = settings().format == ExportFormat::Gif;
    m_byFps->setEnabled(gif);
    m_bySpeed->setEnabled(gif);
    m_fps->setEnabled(gif && m_byFps->isChecked());
    m_speed->setEnabled(gif && !m_byFps->isChecked());
    const std::int64_t count = std::max(0, m_to->value() - m_from->value() + 1);
    m_summary->setText(m_from->value() > m_to->value() ? tr("The first frame comes after the last.")
            : gif ? tr("%n frame(s) in one GIF. Checkpoints and the last frame stay at least %1 s.", nullptr,
                  static_cast<int>(count))
                        .arg(exportlimits::gifHoldMs / 1000.0)
                  : tr("%n PNG image(s) named frame-NNNNNN.png after their frame numbers.", nullptr,
                      static_cast<int>(count)));
}

void ExportAnimationDialog::browse()
{
    if (settings().format == ExportFormat::Gif) {
        const QString path
            = QFileDialog::getSaveFileName(this, tr("Export Animation"), m_path->text(), tr("GIF animations (*.gif)"));
        if (!path.isEmpty())
            m_path->setText(withExtension(path, ExportFormat::Gif));
    } else {
        const QString path = QFileDialog::getExistingDirectory(this, tr("Folder for the PNG images"), m_path->text());
        if (!path.isEmpty())
            m_path->setText(path);
    }
}

ExportResult ExportAnimationDialog::exportNow()
{
    if (m_from->value() > m_to->value()) {
        ExportResult result;
        result.error = tr("The first frame comes after the last.");
        return result;
    }
    const ExportSettings s = settings();
    const std::vector<std::int64_t> list = frames();
    const QString path = typedPath(m_path->text());
    return runExportWithProgress(this, tr("Exporting %n frame(s)...", nullptr, static_cast<int>(list.size())),
        [&](const ExportProgress& progress) {
            return Exporter::exportFrames(m_controller->timeline(), m_controller->scenario(), list, s, path, progress);
        });
}

void ExportAnimationDialog::accept()
{
    if (exportDone(this, exportNow()))
        QDialog::accept();
}

// ---------------------------------------------------------------------------------------------------

CompareExportDialog::CompareExportDialog(
    const std::vector<ExportPanel>& panels, const ExportSettings& view, QWidget* parent)
    : QDialog(parent),
      m_panels(panels),
      m_view(view),
      m_what(new QComboBox(this)),
      m_format(new QComboBox(this)),
      m_scale(new QSpinBox(this)),
      m_transparent(new QCheckBox(ExportImageDialog::tr("Transparent background"), this)),
      m_path(new QLineEdit(this))
{
    setObjectName(QStringLiteral("compareExportDialog"));
    setWindowTitle(ExportImageDialog::tr("Export Image"));
    m_what->addItem(tr("Both views, one above the other"));
    for (const ExportPanel& panel : m_panels)
        //: One view of View > Compare versions, named by its label: "The Kafka 3.7 view".
        m_what->addItem(tr("The %1 view").arg(panel.label));
    m_format->addItem(ExportImageDialog::tr("PNG image"), static_cast<int>(ExportFormat::Png));
    m_format->addItem(ExportImageDialog::tr("SVG drawing"), static_cast<int>(ExportFormat::Svg));
    m_format->addItem(ExportImageDialog::tr("PDF document"), static_cast<int>(ExportFormat::Pdf));
    m_scale->setRange(exportlimits::scaleMin, exportlimits::scaleMax);
    m_scale->setSuffix(ExportImageDialog::tr("x"));
    m_scale->setToolTip(ExportImageDialog::tr("Pixels per pixel of the view: 2x or more for sharp slides on large screens"));
    m_path->setText(suggestedPath(QStringLiteral("highwater-compare.png")));
    auto* browseButton = new QPushButton(ExportImageDialog::tr("Browse..."), this);
    connect(browseButton, &QPushButton::clicked, this, &CompareExportDialog::browse);

    auto* form = new QFormLayout;
    form->addRow(ExportImageDialog::tr("Export:"), m_what);
    form->addRow(ExportImageDialog::tr("Format:"), m_format);
    form->addRow(ExportImageDialog::tr("Scale:"), m_scale);
    form->addRow(QString(), m_transparent);
    form->addRow(ExportImageDialog::tr("File:"), pathRow(m_path, browseButton));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(ExportImageDialog::tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &CompareExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &CompareExportDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        m_path->setText(withExtension(m_path->text(), settings().format));
        updateControls();
    });
    updateControls();
}

std::vector<ExportPanel> CompareExportDialog::chosenPanels() const
{
    const int index = m_what->currentIndex();
    if (index <= 0 || index > static_cast<int>(m_panels.size()))
        return m_panels;
    return { m_panels[static_cast<std::size_t>(index - 1)] };
}

ExportSettings CompareExportDialog::settings() const
{
    ExportSettings s = m_view;
    s.format = static_cast<ExportFormat>(m_format->currentData().toInt());
    s.scale = s.format == ExportFormat::Png ? m_scale->value() : 1;
    s.transparent = m_transparent->isEnabled() && m_transparent->isChecked();
    s.size = Exporter::stackedSize(chosenPanels());
    return s;
}

void CompareExportDialog::updateControls()
{
    const ExportFormat format = static_cast<ExportFormat>(m_format->currentData().toInt());
    m_scale->setEnabled(format == ExportFormat::Png);
    m_transparent->setEnabled(format == ExportFormat::Png || format == ExportFormat::Svg);
}

void CompareExportDialog::browse()
{
    browseForImage(this, settings().format, m_path);
}

ExportResult CompareExportDialog::exportNow()
{
    return Exporter::exportPanels(chosenPanels(), settings(), typedPath(m_path->text()));
}

void CompareExportDialog::accept()
{
    if (exportDone(this, exportNow()))
        QDialog::accept();
}

} // namespace hw::ui
