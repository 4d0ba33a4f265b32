// SPDX-License-Identifier: MIT
#include "shell/comparewindow.h"

#include "base/i18n.h"
#include "export/exportdialog.h"
#include "model/cluster_state.h"
#include "panels/timelinepanel.h"
#include "scenario/scenario.h"
#include "scene/diffmarkitem.h"
#include "scene/frameview.h"
#include "shell/icons.h"
#include "shell/mainwindow.h"
#include "shell/namedactions.h"
#include "shell/shortcutsdialog.h"
#include "teaching/presentationmode.h"
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
#include <QScrollBar>
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
/// The label column's least width, and its margins beside the view.
constexpr int labelColumnWidthMin = 150;
constexpr int labelColumnPadding = 26;
/// In the presentation form the frame's text and the differences are this much larger, as the
/// main window's narration is (its timeline takes PresentationMode::timelineFontScale).
constexpr qreal presentationTextScale = 1.25;

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
    // The two runs, one above the other (side by side in the presentation form), with a strip of the
    // window's background between them, so that they read as two drawings.
    auto* runs = new QWidget(central);
    runs->setObjectName(QStringLiteral("runs"));
    m_runsLayout = new QBoxLayout(QBoxLayout::TopToBottom, runs);
    m_runsLayout->setContentsMargins(0, 0, 0, 0);
    m_runsLayout->setSpacing(6);
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
        // The labels: a column left of the view, or (setPresentationLayout) a band over it.
        auto* column = new QWidget(central);
        column->setObjectName(QStringLiteral("labelColumn") + QLatin1String(names[side]));
        column->setAutoFillBackground(true);
        column->setBackgroundRole(QPalette::AlternateBase);
        auto* columnLayout = new QBoxLayout(QBoxLayout::TopToBottom, column);
        columnLayout->setContentsMargins(12, 10, 12, 10);
        columnLayout->addWidget(version);
        columnLayout->addWidget(frame);
        columnLayout->addStretch(1);
        m_labelPanels[side] = column;
        // Two drawings share the height of one: the legend, the same in both, would take a third of
        // each. The main window's view keeps it.
        m_scenes[side]->setLegendShown(false);
        m_views[side]->setObjectName(QStringLiteral("compareView") + QLatin1String(names[side]));
        m_views[side]->setAcceptDrops(false);
        auto* half = new QWidget(runs);
        half->setObjectName(QStringLiteral("half") + QLatin1String(names[side]));
        m_halfLayouts[side] = new QBoxLayout(QBoxLayout::LeftToRight, half);
        m_halfLayouts[side]->setContentsMargins(0, 0, 0, 0);
        m_halfLayouts[side]->setSpacing(0);
        m_halfLayouts[side]->addWidget(column);
        m_halfLayouts[side]->addWidget(m_views[side], 1);
        m_runsLayout->addWidget(half, 1);
    }
    grid->addWidget(runs, 0, 0);
    grid->setRowStretch(0, 1);
    grid->setColumnStretch(0, 1);

    auto* differences = m_differencesColumn = new QWidget(central);
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
    grid->addWidget(differences, 0, 1);
    setCentralWidget(central);

    createActions();
    const TimelinePanel::Actions transport { action(QStringLiteral("first")),
        action(QStringLiteral("previousCheckpoint")), action(QStringLiteral("stepBack")),
        action(QStringLiteral("play")), action(QStringLiteral("stepForward")), action(QStringLiteral("nextCheckpoint")),
        action(QStringLiteral("last")), nullptr };
    m_timeline = new TimelinePanel(m_compare->lead(), transport, central);
    grid->addWidget(m_timeline, 1, 0, 1, 2);
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

    // The presentation form: both drawings fitted to one text size, the frame's text, the differences
    // and the timeline larger, the labels in a band over each view.
    m_presentation = new PresentationMode(this, {}, { m_views[0], m_views[1] });
    m_presentation->setZoomToText(true);
    connect(m_presentation, &PresentationMode::zoomedToText, this, &CompareWindow::showDifferences);
    m_presentation->addEnlarged(m_timeline, PresentationMode::timelineFontScale);
    m_presentation->addEnlarged(m_differencesColumn, presentationTextScale);
    for (QLabel* frame : m_frameLabels)
        m_presentation->addEnlarged(frame, presentationTextScale);
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool active) {
        setPresentationLayout(active);
        action(QStringLiteral("presentationMode"))->setChecked(active);
        action(QStringLiteral("leavePresentation"))->setEnabled(active);
        action(QStringLiteral("fullScreen"))->setChecked(isFullScreen());
    });
    connect(m_presentation, &PresentationMode::themeChanged, this, [this] {
        for (FrameScene* scene : m_scenes)
            scene->applyTheme();
        // The theme and the text floor are the application's: the main window's drawing, made while
        // they were the presentation's, is made again with its own.
        if (auto* main = qobject_cast<MainWindow*>(parentWidget()))
            main->scene()->applyTheme();
    });
    // Zoomed or panned, the other view follows, so that both show the same part.
    for (int side : { CompareController::Top, CompareController::Bottom }) {
        connect(m_views[side], &FrameView::zoomChanged, this, [this, side] { followView(side); });
        connect(
            m_views[side]->horizontalScrollBar(), &QScrollBar::valueChanged, this, [this, side] { followView(side); });
        connect(
            m_views[side]->verticalScrollBar(), &QScrollBar::valueChanged, this, [this, side] { followView(side); });
    }
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

    // The main window's view keys, for both views at once.
    connect(addNamedAction(QStringLiteral("zoomIn"),
                { QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal), QKeySequence(QKeySequence::ZoomIn) }),
        &QAction::triggered, this, [this] { setZoom(m_views[0]->zoom() * 1.25); });
    connect(
        addNamedAction(QStringLiteral("zoomOut"), { QKeySequence(Qt::Key_Minus), QKeySequence(QKeySequence::ZoomOut) }),
        &QAction::triggered, this, [this] { setZoom(m_views[0]->zoom() / 1.25); });
    connect(addNamedAction(QStringLiteral("fit"), { QKeySequence(Qt::Key_0), QKeySequence(Qt::CTRL | Qt::Key_0) }),
        &QAction::triggered, this, [this] { setZoom(1.0); });
    QAction* fullScreen = addNamedAction(QStringLiteral("fullScreen"), { QKeySequence(Qt::Key_F11) });
    fullScreen->setCheckable(true);
    connect(fullScreen, &QAction::triggered, this, &CompareWindow::toggleFullScreen);
    QAction* present = addNamedAction(QStringLiteral("presentationMode"), { QKeySequence(Qt::Key_F5) });
    present->setCheckable(true);
    connect(present, &QAction::triggered, this, [this](bool on) { m_presentation->setActive(on); });
    QAction* leave = addNamedAction(
        QStringLiteral("leavePresentation"), { QKeySequence(Qt::Key_Escape), QKeySequence(Qt::SHIFT | Qt::Key_F5) });
    leave->setEnabled(false);
    connect(leave, &QAction::triggered, this, [this] { m_presentation->leave(); });
    // Presenter remotes send '.' or B to blank the screen, as in the main window.
    QAction* blank
        = addNamedAction(QStringLiteral("blankScreen"), { QKeySequence(Qt::Key_Period), QKeySequence(Qt::Key_B) });
    blank->setCheckable(true);
    connect(blank, &QAction::triggered, this, [this](bool on) { m_presentation->setBlanked(on); });
    connect(addNamedAction(QStringLiteral("shortcuts"), { QKeySequence(QKeySequence::HelpContents) }),
        &QAction::triggered, this, [this] { shortcuts::showDialog(this, shortcutList()); });

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
    m_viewMenu->addSeparator();
    for (const char* name : { "zoomIn", "zoomOut", "fit", "fullScreen" })
        m_viewMenu->addAction(action(QString::fromLatin1(name)));
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(action(QStringLiteral("presentationMode")));
    m_viewMenu->addAction(action(QStringLiteral("blankScreen")));
    m_playMenu = menuBar()->addMenu(QString());
    for (const char* name :
        { "play", "stepBack", "stepForward", "first", "last", "previousCheckpoint", "nextCheckpoint" })
        m_playMenu->addAction(action(QString::fromLatin1(name)));
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(action(QStringLiteral("shortcuts")));
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
        { "zoomIn", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Zoom in"), nullptr, nullptr },
        { "zoomOut", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Zoom out"), nullptr, nullptr },
        { "fit", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Fit to window"), nullptr, nullptr },
        { "fullScreen", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Full screen"), nullptr, nullptr },
        { "shortcuts", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&Keyboard shortcuts"), nullptr, nullptr },
    };
    // Presentation mode and blanking say what the main window's teaching aids say.
    static const namedactions::Texts presenting[] = {
        { "presentationMode", QT_TRANSLATE_NOOP("hw::ui::TeachingAids", "&Presentation mode"), nullptr, nullptr },
        { "leavePresentation", QT_TRANSLATE_NOOP("hw::ui::TeachingAids", "Leave presentation mode"), nullptr, nullptr },
        { "blankScreen", QT_TRANSLATE_NOOP("hw::ui::TeachingAids", "&Blank the screen"),
            QT_TRANSLATE_NOOP("hw::ui::TeachingAids",
                "Cover the drawing with black, as a presenter remote does ('.' or B; again to show it)"),
            nullptr },
    };
    auto translated = [](const char* text) { return QCoreApplication::translate("hw::ui::MainWindow", text); };
    namedactions::applyTexts(m_actions, shared, "hw::ui::MainWindow");
    namedactions::applyTexts(m_actions, presenting, "hw::ui::TeachingAids");
    action(QStringLiteral("presentationMode"))
        ->setToolTip(tr("Full screen, large text, high contrast; each version's label over its view (F5, Esc to "
                        "leave)"));
    action(QStringLiteral("stepForward"))->setToolTip(tr("One frame on (Right); both views follow"));
    action(QStringLiteral("play"))
        ->setText(m_compare->lead()->isPlaying() ? translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Pause"))
                                                 : translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Play")));
    action(QStringLiteral("close"))->setText(tr("&Close"));
    m_fileMenu->setTitle(translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&File")));
    m_viewMenu->setTitle(translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&View")));
    m_playMenu->setTitle(translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&Play")));
    m_helpMenu->setTitle(translated(QT_TRANSLATE_NOOP("hw::ui::MainWindow", "&Help")));
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

void CompareWindow::setZoom(qreal zoom)
{
    // The other view follows (followView).
    m_views[CompareController::Top]->setZoom(zoom);
}

void CompareWindow::followView(int side)
{
    if (m_following)
        return;
    m_following = true;
    m_views[static_cast<std::size_t>(1 - side)]->follow(*m_views[static_cast<std::size_t>(side)]);
    m_following = false;
}

void CompareWindow::toggleFullScreen()
{
    if (isFullScreen())
        showNormal();
    else
        showFullScreen();
    action(QStringLiteral("fullScreen"))->setChecked(isFullScreen());
}

QList<QPair<QString, QString>> CompareWindow::shortcutList() const
{
    return shortcuts::list(*this,
        { { QCoreApplication::translate("hw::ui::MainWindow", "Zoom"),
            QCoreApplication::translate("hw::ui::MainWindow", "Ctrl+wheel") } });
}

void CompareWindow::setPresentationLayout(bool presenting)
{
    // Presenting, the two drawings stand side by side, each under a band with its label, and the
    // differences column gives them its width: the drawings are as wide as their text makes them, so
    // each needs half the screen's width to show 14 px text, and their "≠" marks show what differs.
    // One above the other they would have a third of the height each, too little for any of them.
    m_presenting = presenting;
    m_runsLayout->setDirection(presenting ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    m_differencesColumn->setVisible(!presenting);
    for (int side : { CompareController::Top, CompareController::Bottom }) {
        QWidget* panel = m_labelPanels[side];
        auto* labels = static_cast<QBoxLayout*>(panel->layout());
        // Above: one line, "Kafka 3.7   Frame 52 of 649 · 13573 ms · ◆2", as wide as the view.
        m_halfLayouts[side]->setDirection(presenting ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
        labels->setDirection(presenting ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
        labels->setSpacing(presenting ? 24 : 6);
        labels->setContentsMargins(12, presenting ? 4 : 10, 12, presenting ? 4 : 10);
        labels->setAlignment(m_frameLabels[side], presenting ? Qt::AlignVCenter : Qt::Alignment());
        m_versionLabels[side]->setWordWrap(!presenting);
        m_frameLabels[side]->setWordWrap(!presenting);
        if (presenting) {
            panel->setMinimumWidth(0);
            panel->setMaximumWidth(QWIDGETSIZE_MAX);
        }
    }
    refreshTexts();
}

void CompareWindow::showDifferences()
{
    // Zoomed in to make the text readable, both views show the part that differs (the other follows,
    // followView), or where a drawing starts: the title and the names of the rows.
    FrameView* view = m_views[CompareController::Top];
    if (view->zoom() <= 1.0)
        return;
    FrameScene* scene = m_scenes[CompareController::Top];
    QRectF marked;
    for (QGraphicsItem* item : scene->items()) {
        if (const auto* mark = qgraphicsitem_cast<const DiffMarkItem*>(item))
            marked |= mark->outline();
    }
    const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect();
    view->centerOn(marked.isEmpty() ? scene->sceneRect().topLeft() + QPointF(shown.width() / 2, shown.height() / 2)
                                    : marked.center());
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
        // One item a line in the column, one line in the band above the view.
        const QString separator = m_presenting ? QStringLiteral(" \u00B7 ") : QStringLiteral("\n");
        QString text = tr("Frame %1 of %2").arg(frame).arg(run.lastFrame()) + separator
            + tr("%1 ms").arg(static_cast<qint64>(std::floor(m_compare->displayTimeMs(s))));
        const std::int32_t label = timeline.frame(frame).label;
        if (label >= 0)
            text += separator + QStringLiteral("\u25C6")
                + QString::fromStdString(timeline.labels()[static_cast<std::size_t>(label)]);
        m_frameLabels[side]->setText(text);
    }
    // The label column is as wide as the wider version label, so that both views start at the same x.
    if (!m_presenting) {
        int width = 0;
        for (QLabel* label : m_versionLabels)
            width = std::max(width, label->fontMetrics().horizontalAdvance(label->text()) + labelColumnPadding);
        for (QWidget* panel : m_labelPanels)
            panel->setFixedWidth(std::max(width, labelColumnWidthMin));
    }

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
