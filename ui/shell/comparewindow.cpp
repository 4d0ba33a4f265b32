// SPDX-License-Identifier: MIT
#include "shell/comparewindow.h"

#include "base/i18n.h"
#include "export/exportdialog.h"
#include "model/cluster_state.h"
#include "panels/timelinepanel.h"
#include "scenario/scenario.h"
#include "scene/frameview.h"
#include "shell/icons.h"
#include "shell/mainwindow.h"
#include "shell/namedactions.h"
#include "timeline/timeline.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QStatusBar>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

QString versionName(hw::KafkaVersion version)
{
    const std::string_view name = hw::kafkaVersionName(version);
    return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

/// The version labels' text size in pixels: "Kafka 3.7" reads from the back of a room at 1280x720.
constexpr int versionLabelPixels = 34;
/// The differences column, wide enough for "orders-0 last known ELR: [2] vs []" on one or two lines.
constexpr int differencesWidth = 300;

} // namespace

// ---------------------------------------------------------------------------------------------------

CompareVersionsDialog::CompareVersionsDialog(hw::KafkaVersion own, QWidget* parent)
    : QDialog(parent),
      m_top(new QComboBox(this)),
      m_bottom(new QComboBox(this)),
      m_ok(nullptr),
      m_problem(new QLabel(this))
{
    setObjectName(QStringLiteral("compareVersionsDialog"));
    setWindowTitle(tr("Compare versions"));
    for (hw::KafkaVersion version : hw::kafkaVersions()) {
        m_top->addItem(tr("Kafka %1").arg(versionName(version)), static_cast<int>(version));
        m_bottom->addItem(tr("Kafka %1").arg(versionName(version)), static_cast<int>(version));
    }
    auto* intro = new QLabel(tr("The scenario runs under both versions, as written: actions taken in the main "
                                "window since it was opened are not part of the comparison."),
        this);
    intro->setWordWrap(true);
    m_problem->setObjectName(QStringLiteral("sameVersionProblem"));
    m_problem->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("Top view:"), m_top);
    form->addRow(tr("Bottom view:"), m_bottom);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Compare"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    // The newest other version: what changed since the scenario's, or what it brings.
    const hw::KafkaVersion other
        = own == hw::defaultKafkaVersion ? hw::kafkaVersions().front() : hw::defaultKafkaVersion;
    setVersions(own, other);
    connect(m_top, &QComboBox::currentIndexChanged, this, &CompareVersionsDialog::updateControls);
    connect(m_bottom, &QComboBox::currentIndexChanged, this, &CompareVersionsDialog::updateControls);
    updateControls();
}

hw::KafkaVersion CompareVersionsDialog::top() const
{
    return static_cast<hw::KafkaVersion>(m_top->currentData().toInt());
}

hw::KafkaVersion CompareVersionsDialog::bottom() const
{
    return static_cast<hw::KafkaVersion>(m_bottom->currentData().toInt());
}

void CompareVersionsDialog::setVersions(hw::KafkaVersion top, hw::KafkaVersion bottom)
{
    m_top->setCurrentIndex(m_top->findData(static_cast<int>(top)));
    m_bottom->setCurrentIndex(m_bottom->findData(static_cast<int>(bottom)));
    updateControls();
}

void CompareVersionsDialog::updateControls()
{
    const bool same = top() == bottom();
    m_ok->setEnabled(!same);
    m_problem->setText(same ? tr("Choose two different versions: a version compared with itself shows no "
                                 "difference.")
                            : QString());
    m_problem->setVisible(same);
}

// ---------------------------------------------------------------------------------------------------

CompareWindow::CompareWindow(QWidget* parent)
    : QMainWindow(parent),
      m_compare(new CompareController(this)),
      m_scenes { new FrameScene(this), new FrameScene(this) },
      m_views { new FrameView(m_scenes[0], this), new FrameView(m_scenes[1], this) },
      m_versionLabels { new QLabel(this), new QLabel(this) },
      m_frameLabels { new QLabel(this), new QLabel(this) },
      m_differenceHeading(new QLabel(this)),
      m_differenceList(new QListWidget(this)),
      m_matchLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("compareWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    QFont base = font();
    base.setPointSizeF(std::max<qreal>(base.pointSizeF(), 11.0));
    setFont(base);

    auto* central = new QWidget(this);
    auto* grid = new QGridLayout(central);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(0);
    const char* names[] = { "Top", "Bottom" };
    for (int side : { CompareController::Top, CompareController::Bottom }) {
        QLabel* version = m_versionLabels[side];
        version->setObjectName(QStringLiteral("versionLabel") + QLatin1String(names[side]));
        QFont big = version->font();
        big.setPixelSize(versionLabelPixels);
        big.setBold(true);
        version->setFont(big);
        version->setWordWrap(true);
        QLabel* frame = m_frameLabels[side];
        frame->setObjectName(QStringLiteral("frameLabel") + QLatin1String(names[side]));
        frame->setWordWrap(true);
        frame->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        auto* column = new QWidget(central);
        column->setObjectName(QStringLiteral("labelColumn") + QLatin1String(names[side]));
        column->setAutoFillBackground(true);
        column->setBackgroundRole(QPalette::AlternateBase);
        auto* columnLayout = new QVBoxLayout(column);
        columnLayout->setContentsMargins(12, 10, 12, 10);
        columnLayout->addWidget(version);
        columnLayout->addWidget(frame);
        columnLayout->addStretch(1);
        grid->addWidget(column, side, 0);
        // Two drawings share the height of one: the legend, the same in both, would take a third of
        // each. The main window's view keeps it.
        m_scenes[side]->setLegendShown(false);
        m_views[side]->setObjectName(QStringLiteral("compareView") + QLatin1String(names[side]));
        m_views[side]->setAcceptDrops(false);
        grid->addWidget(m_views[side], side, 1);
    }
    // A strip of the window's background between the two views, so that they read as two drawings.
    grid->setVerticalSpacing(6);
    grid->setRowStretch(0, 1);
    grid->setRowStretch(1, 1);
    grid->setColumnStretch(1, 1);

    auto* differences = new QWidget(central);
    differences->setObjectName(QStringLiteral("differencesColumn"));
    differences->setFixedWidth(differencesWidth);
    auto* differencesLayout = new QVBoxLayout(differences);
    differencesLayout->setContentsMargins(10, 10, 10, 10);
    QFont heading = m_differenceHeading->font();
    heading.setBold(true);
    heading.setPixelSize(std::max(heading.pixelSize(), 20));
    m_differenceHeading->setFont(heading);
    m_differenceHeading->setWordWrap(true);
    m_differenceHeading->setObjectName(QStringLiteral("differenceHeading"));
    m_differenceList->setObjectName(QStringLiteral("differenceList"));
    m_differenceList->setWordWrap(true);
    m_differenceList->setTextElideMode(Qt::ElideNone);
    m_differenceList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_differenceList->setFocusPolicy(Qt::NoFocus);
    // A difference of another partition: double-click shows that partition.
    connect(m_differenceList, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const int partition = item->data(Qt::UserRole).toInt();
        if (partition >= 0)
            showPartition(partition);
    });
    differencesLayout->addWidget(m_differenceHeading);
    differencesLayout->addWidget(m_differenceList, 1);
    grid->addWidget(differences, 0, 2, 2, 1);
    setCentralWidget(central);

    createActions();
    const TimelinePanel::Actions transport { action(QStringLiteral("first")),
        action(QStringLiteral("previousCheckpoint")), action(QStringLiteral("stepBack")),
        action(QStringLiteral("play")), action(QStringLiteral("stepForward")), action(QStringLiteral("nextCheckpoint")),
        action(QStringLiteral("last")), nullptr };
    m_timeline = new TimelinePanel(m_compare->lead(), transport, central);
    grid->addWidget(m_timeline, 2, 0, 1, 3);
    connect(m_timeline->viewCombo(), &QComboBox::currentIndexChanged, this, [this](int index) {
        setViewKind(index == 0 ? FrameScene::ViewKind::Partition : FrameScene::ViewKind::Cluster);
    });
    connect(m_timeline->partitionCombo(), &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            showPartition(m_timeline->partitionCombo()->itemData(index).toInt());
    });
    m_matchLabel->setObjectName(QStringLiteral("matchLabel"));
    statusBar()->addWidget(m_matchLabel, 1);
    createMenus();
    retranslateUi();

    connect(m_compare, &CompareController::changed, this, &CompareWindow::onChanged);

    setMinimumSize(960, 540);
    if (const QScreen* screen = parent ? parent->screen() : QApplication::primaryScreen()) {
        const int title = style()->pixelMetric(QStyle::PM_TitleBarHeight);
        setGeometry(
            MainWindow::fittedWindowGeometry(screen->availableGeometry(), QMargins(0, title, 0, 0), QSize(1440, 900)));
    } else {
        resize(1440, 900);
    }
}

CompareWindow::~CompareWindow() = default;

QAction* CompareWindow::addNamedAction(const QString& name, const QList<QKeySequence>& keys)
{
    return namedactions::add(this, m_actions, name, QString(), keys);
}

QAction* CompareWindow::action(const QString& name) const
{
    return namedactions::find(m_actions, name);
}

void CompareWindow::createActions()
{
    SimController* lead = m_compare->lead();
    QAction* play
        = addNamedAction(QStringLiteral("play"), { QKeySequence(Qt::Key_Space), QKeySequence(Qt::Key_MediaPlay) });
    connect(play, &QAction::triggered, lead, &SimController::togglePlaying);
    connect(addNamedAction(QStringLiteral("stepBack"), { QKeySequence(Qt::Key_Left) }), &QAction::triggered, lead,
        &SimController::stepBack);
    connect(addNamedAction(QStringLiteral("stepForward"), { QKeySequence(Qt::Key_Right) }), &QAction::triggered, lead,
        &SimController::stepWithinRun);
    connect(addNamedAction(QStringLiteral("first"), { QKeySequence(Qt::Key_Home) }), &QAction::triggered, lead,
        &SimController::goToFirst);
    connect(addNamedAction(QStringLiteral("last"), { QKeySequence(Qt::Key_End) }), &QAction::triggered, lead,
        &SimController::goToLast);
    connect(addNamedAction(QStringLiteral("previousCheckpoint"), { QKeySequence(Qt::Key_PageUp) }), &QAction::triggered,
        lead, &SimController::previousCheckpoint);
    connect(addNamedAction(QStringLiteral("nextCheckpoint"), { QKeySequence(Qt::Key_PageDown) }), &QAction::triggered,
        lead, &SimController::nextCheckpoint);
    const QStyle& s = *style();
    const QPalette& p = palette();
    action(QStringLiteral("play"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaPlay, p));
    action(QStringLiteral("stepBack"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaSeekBackward, p));
    action(QStringLiteral("stepForward"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaSeekForward, p));
    action(QStringLiteral("first"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaSkipBackward, p));
    action(QStringLiteral("last"))->setIcon(tintedStandardIcon(s, QStyle::SP_MediaSkipForward, p));

    namedactions::addViewSwitch(
        this, [this](const QString& name, const QList<QKeySequence>& keys) { return addNamedAction(name, keys); },
        [this] { setViewKind(FrameScene::ViewKind::Partition); }, [this] { setViewKind(FrameScene::ViewKind::Cluster); });

    connect(addNamedAction(QStringLiteral("exportImage"), { QKeySequence(Qt::CTRL | Qt::Key_E) }), &QAction::triggered,
        this, &CompareWindow::exportDialog);
    connect(addNamedAction(QStringLiteral("close"), { QKeySequence(QKeySequence::Close) }), &QAction::triggered, this,
        &QWidget::close);
}

void CompareWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(action(QStringLiteral("exportImage")));
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(action(QStringLiteral("close")));
    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(action(QStringLiteral("partitionView")));
    m_viewMenu->addAction(action(QStringLiteral("clusterView")));
    m_playMenu = menuBar()->addMenu(QString());
    for (const char* name :
        { "play", "stepBack", "stepForward", "first", "last", "previousCheckpoint", "nextCheckpoint" })
        m_playMenu->addAction(action(QString::fromLatin1(name)));
}

void CompareWindow::retranslateUi()
{
    // The transport says what the main window's says, in its words (the same translations).
    static const namedactions::Texts shared[] = {
        { "stepBack", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Back"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "One frame back (Left)"), nullptr },
        { "stepForward", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Step"), nullptr, nullptr },
        { "first", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "First"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "First frame (Home)"), "|<" },
        { "last", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Last"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Last frame (End)"), ">|" },
        { "previousCheckpoint", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Previous checkpoint"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Previous checkpoint (Page Up)"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "\u25C0 Checkpoint") },
        { "nextCheckpoint", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Next checkpoint"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Next checkpoint (Page Down)"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Checkpoint \u25B6") },
        { "partitionView", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Partition view"), nullptr, nullptr },
        { "clusterView", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Cluster view"), nullptr, nullptr },
        { "exportImage", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&Export image..."), nullptr, nullptr },
    };
    auto translated = [](const char* text) { return QCoreApplication::translate("hw::ui::MainWindow", text); };
    namedactions::applyTexts(m_actions, shared, "hw::ui::MainWindow");
    action(QStringLiteral("stepForward"))->setToolTip(tr("One frame on (Right); both views follow"));
    action(QStringLiteral("play"))
        ->setText(m_compare->lead()->isPlaying() ? translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Pause"))
                                                 : translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Play")));
    action(QStringLiteral("close"))->setText(tr("&Close"));
    m_fileMenu->setTitle(translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&File")));
    m_viewMenu->setTitle(translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&View")));
    m_playMenu->setTitle(translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&Play")));
    m_matchLabel->setToolTip(CompareController::matchRuleText());
    m_differenceList->setToolTip(tr("What the two frames shown hold differently, the top run's value first. Each is "
                                    "outlined with a \u2260 badge in both views; double-click one of another "
                                    "partition to show it."));
    refreshTexts();
}

QString CompareWindow::open(
    const hw::Scenario& scenario, const QString& source, hw::KafkaVersion top, hw::KafkaVersion bottom)
{
    return m_compare->open(scenario, source, top, bottom);
}

QString CompareWindow::openScenarios(const hw::Scenario& top, const hw::Scenario& bottom)
{
    return m_compare->openScenarios(top, bottom);
}

void CompareWindow::setViewKind(FrameScene::ViewKind kind)
{
    for (int side : { CompareController::Top, CompareController::Bottom }) {
        m_scenes[side]->setViewKind(kind);
        m_views[side]->resetZoom();
    }
    action(QStringLiteral("partitionView"))->setChecked(kind == FrameScene::ViewKind::Partition);
    action(QStringLiteral("clusterView"))->setChecked(kind == FrameScene::ViewKind::Cluster);
    const QSignalBlocker blocker(m_timeline->viewCombo());
    m_timeline->viewCombo()->setCurrentIndex(kind == FrameScene::ViewKind::Partition ? 0 : 1);
    m_timeline->partitionCombo()->setEnabled(kind == FrameScene::ViewKind::Partition);
}

void CompareWindow::showPartition(std::int32_t partition)
{
    for (FrameScene* scene : m_scenes)
        scene->setFocusPartition(partition);
    m_timeline->showPartition(partition);
    setViewKind(FrameScene::ViewKind::Partition);
}

void CompareWindow::onChanged(SimController::Changes what)
{
    if (what & SimController::ScenarioChanged) {
        m_timeline->refreshPartitions();
        for (FrameScene* scene : m_scenes)
            scene->setFocusPartition(0);
        const hw::Scenario& scenario = m_compare->lead()->scenario();
        const QString title = scenario.title.empty()
            ? QString::fromStdString(scenario.name)
            : QString::fromStdString(scenario.title.get(SimController::language()));
        setWindowTitle(tr("%1 in %2 and %3 \u2014 HighWater")
                           .arg(title, m_compare->versionLabel(CompareController::Top),
                               m_compare->versionLabel(CompareController::Bottom)));
        setViewKind(m_compare->lead()->state().partitions.size() == 1 ? FrameScene::ViewKind::Partition
                                                                      : FrameScene::ViewKind::Cluster);
    }
    if (what & (SimController::FrameChanged | SimController::TimeChanged | SimController::ScenarioChanged)) {
        const QList<DifferenceMark> marks = m_compare->marks();
        for (int side : { CompareController::Top, CompareController::Bottom }) {
            const auto s = static_cast<CompareController::Side>(side);
            const SimController& run = *m_compare->run(s);
            FrameScene& scene = *m_scenes[side];
            // The bottom run may move to another frame while the top one only moves in time.
            const bool newFrame = (what & (SimController::FrameChanged | SimController::ScenarioChanged))
                || !scene.hasFrame() || scene.differenceMarks() != marks || !(scene.state() == run.state());
            if (newFrame) {
                scene.setDifferenceMarks(marks);
                scene.setFrame(run.state(), m_compare->displayTimeMs(s));
            } else {
                scene.setDisplayTime(m_compare->displayTimeMs(s));
            }
        }
        refreshTexts();
    }
    if (what
        & (SimController::FrameChanged | SimController::TimelineChanged | SimController::TimeChanged
            | SimController::SpeedChanged | SimController::ScenarioChanged))
        m_timeline->refresh(what & (SimController::TimelineChanged | SimController::ScenarioChanged));
    if (what & SimController::PlayingChanged) {
        const bool playing = m_compare->lead()->isPlaying();
        action(QStringLiteral("play"))
            ->setText(QCoreApplication::translate("hw::ui::MainWindow", playing ? "Pause" : "Play"));
        action(QStringLiteral("play"))
            ->setIcon(tintedStandardIcon(*style(), playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay, palette()));
    }
}

void CompareWindow::refreshTexts()
{
    for (int side : { CompareController::Top, CompareController::Bottom }) {
        const auto s = static_cast<CompareController::Side>(side);
        const SimController& run = *m_compare->run(s);
        m_versionLabels[side]->setText(m_compare->versionLabel(s));
        const hw::Timeline& timeline = run.timeline();
        const std::int64_t frame = run.currentFrame();
        QString text = tr("Frame %1 of %2").arg(frame).arg(run.lastFrame()) + QLatin1Char('\n')
            + tr("%1 ms").arg(static_cast<qint64>(std::floor(m_compare->displayTimeMs(s))));
        const std::int32_t label = timeline.frame(frame).label;
        if (label >= 0)
            text += QStringLiteral("\n\u25C6")
                + QString::fromStdString(timeline.labels()[static_cast<std::size_t>(label)]);
        m_frameLabels[side]->setText(text);
    }
    // The label column is as wide as the wider version label, so that both views start at the same x.
    int width = 0;
    for (QLabel* label : m_versionLabels)
        width = std::max(width, label->fontMetrics().horizontalAdvance(label->text()) + 26);
    for (QLabel* label : m_versionLabels)
        label->parentWidget()->setFixedWidth(std::max(width, 150));

    const std::vector<hw::StateDifference>& differences = m_compare->differences();
    m_differenceHeading->setText(differences.empty()
            ? tr("No differences in these two frames")
            //: The heading of View > Compare versions' list: "3 differences, Kafka 3.7 vs Kafka 4.2".
            : tr("%n difference(s), %1 vs %2", nullptr, static_cast<int>(differences.size()))
                  .arg(m_compare->versionLabel(CompareController::Top),
                      m_compare->versionLabel(CompareController::Bottom)));
    m_differenceList->clear();
    for (const hw::StateDifference& d : differences) {
        auto* item = new QListWidgetItem(QStringLiteral("\u2260 ") + m_compare->differenceText(d), m_differenceList);
        item->setData(Qt::UserRole, d.partition);
        item->setToolTip(item->text());
    }
    m_matchLabel->setText(m_compare->matchText());
}

std::vector<ExportPanel> CompareWindow::panels() const
{
    std::vector<ExportPanel> out;
    for (int side : { CompareController::Top, CompareController::Bottom }) {
        const auto s = static_cast<CompareController::Side>(side);
        ExportPanel panel;
        panel.label = m_compare->versionLabel(s);
        panel.caption = m_frameLabels[side]->text().replace(QLatin1Char('\n'), QStringLiteral(" \u00B7 "));
        panel.state = &m_compare->run(s)->state();
        panel.displayTimeMs = m_compare->displayTimeMs(s);
        panel.marks = m_scenes[side]->differenceMarks();
        panel.size = m_views[side]->viewport()->size().expandedTo(QSize(exportlimits::sideMin, exportlimits::sideMin));
        out.push_back(panel);
    }
    return out;
}

void CompareWindow::exportDialog()
{
    ExportSettings view;
    view.view = m_scenes[0]->viewKind();
    view.focusPartition = m_scenes[0]->focusPartition();
    view.showHeartbeats = m_scenes[0]->showHeartbeats();
    view.language = currentLanguage().toStdString();
    CompareExportDialog dialog(panels(), view, this);
    dialog.exec();
}

void CompareWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    retranslateUi();
    // The marks carry the differences in words.
    const QList<DifferenceMark> marks = m_compare->marks();
    for (int side : { CompareController::Top, CompareController::Bottom }) {
        const auto s = static_cast<CompareController::Side>(side);
        m_scenes[side]->setDifferenceMarks(marks);
        m_scenes[side]->setFrame(m_compare->run(s)->state(), m_compare->displayTimeMs(s));
    }
    m_timeline->refresh(true);
}

} // namespace hw::ui
