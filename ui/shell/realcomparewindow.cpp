// SPDX-License-Identifier: MIT
#include "shell/realcomparewindow.h"

#include "control/simcontroller.h"
#include "scene/frameview.h"
#include "shell/mainwindow.h"
#include "scene/diffmarkitem.h"
#include "scene/frameitem.h"
#include "shell/namedactions.h"
#include "teaching/presentationmode.h"
#include "timeline/timeline.h"

#include <QAction>
#include <QApplication>
#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QStackedWidget>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace hw::ui {

namespace {

/// The side labels' text size in pixels: a band above each drawing, read from the back of a room.
constexpr int sideLabelPixels = 22;
/// The facts column: wide enough for a verdict, a replica and two short values side by side (the
/// reason goes under the table), and it leaves a 1280 px screen 720 px for the drawings.
constexpr int factsWidth = 560;
/// The widest the verdict and fact columns of the facts get.
constexpr int columnWidthMax = 170;
/// The reason under the facts has room for this many lines at least.
constexpr int reasonLinesMin = 4;
/// Presenting, the labels over the drawings, the frame texts and the checkpoint bar are this much
/// larger, as Compare versions' are.
constexpr qreal presentationTextScale = 1.25;

} // namespace

RealCompareWindow::RealCompareWindow(QWidget* parent)
    : QMainWindow(parent),
      m_model(new RealCompareModel(this)),
      m_scenes { new FrameScene(this), new FrameScene(this) },
      m_views { new FrameView(m_scenes[0], this), new FrameView(m_scenes[1], this) },
      m_stacks { new QStackedWidget(this), new QStackedWidget(this) },
      m_sideLabels { new QLabel(this), new QLabel(this) },
      m_frameLabels { new QLabel(this), new QLabel(this) },
      m_missingLabels { new QLabel(this), new QLabel(this) },
      m_labelBands { nullptr, nullptr },
      m_checkpoints(new QComboBox(this)),
      m_previous(new QPushButton(this)),
      m_next(new QPushButton(this)),
      m_total(new QLabel(this)),
      m_factsHeading(new QLabel(this)),
      m_counts(new QLabel(this)),
      m_facts(new QTableView(this)),
      m_showAgreeing(new QCheckBox(this)),
      m_reason(new QLabel(this))
{
    setObjectName(QStringLiteral("realCompareWindow"));
    setAttribute(Qt::WA_DeleteOnClose);
    QFont base = font();
    base.setPointSizeF(std::max<qreal>(base.pointSizeF(), 11.0));
    setFont(base);

    auto* central = new QWidget(this);
    auto* grid = new QGridLayout(central);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(0);
    // The two runs, one above the other (side by side when presenting), each under a band with its
    // label: a column beside each drawing would take a sixth of a 1280 px screen's width from it.
    auto* runs = new QWidget(central);
    runs->setObjectName(QStringLiteral("runs"));
    m_runsLayout = new QBoxLayout(QBoxLayout::TopToBottom, runs);
    m_runsLayout->setContentsMargins(0, 0, 0, 0);
    m_runsLayout->setSpacing(6);
    const char* names[] = { "Simulated", "Real" };
    for (int side : { Simulated, Real }) {
        QLabel* label = m_sideLabels[side];
        label->setObjectName(QStringLiteral("sideLabel") + QLatin1String(names[side]));
        QFont big = label->font();
        big.setPixelSize(sideLabelPixels);
        big.setBold(true);
        label->setFont(big);
        QLabel* frame = m_frameLabels[side];
        frame->setObjectName(QStringLiteral("frameLabel") + QLatin1String(names[side]));
        auto* band = m_labelBands[side] = new QWidget(runs);
        band->setObjectName(QStringLiteral("labelBand") + QLatin1String(names[side]));
        band->setAutoFillBackground(true);
        band->setBackgroundRole(QPalette::AlternateBase);
        auto* bandLayout = new QBoxLayout(QBoxLayout::LeftToRight, band);
        bandLayout->setContentsMargins(12, 4, 12, 4);
        bandLayout->setSpacing(24);
        bandLayout->addWidget(label);
        bandLayout->addWidget(frame, 1, Qt::AlignVCenter);
        // Two drawings share the height of one: the legend would take a third of each.
        m_scenes[side]->setLegendShown(false);
        m_views[side]->setObjectName(QStringLiteral("realCompareView") + QLatin1String(names[side]));
        m_views[side]->setAcceptDrops(false);
        QLabel* missing = m_missingLabels[side];
        missing->setObjectName(QStringLiteral("missingLabel") + QLatin1String(names[side]));
        missing->setAlignment(Qt::AlignCenter);
        missing->setWordWrap(true);
        QFont missingFont = missing->font();
        missingFont.setPixelSize(22);
        missing->setFont(missingFont);
        m_stacks[side]->addWidget(m_views[side]);
        m_stacks[side]->addWidget(missing);
        auto* half = new QWidget(runs);
        auto* halfLayout = new QVBoxLayout(half);
        halfLayout->setContentsMargins(0, 0, 0, 0);
        halfLayout->setSpacing(0);
        halfLayout->addWidget(band);
        halfLayout->addWidget(m_stacks[side], 1);
        m_runsLayout->addWidget(half, 1);
    }
    grid->addWidget(runs, 0, 0);
    grid->setRowStretch(0, 1);
    grid->setColumnStretch(0, 1);

    // The facts of the checkpoint shown, on the right; the selected fact's reason under them, whole.
    auto* factsColumn = m_factsColumn = new QWidget(central);
    factsColumn->setObjectName(QStringLiteral("factsColumn"));
    factsColumn->setFixedWidth(factsWidth);
    auto* factsLayout = new QVBoxLayout(factsColumn);
    factsLayout->setContentsMargins(10, 10, 10, 10);
    QFont heading = m_factsHeading->font();
    heading.setBold(true);
    heading.setPixelSize(20);
    m_factsHeading->setFont(heading);
    m_factsHeading->setWordWrap(true);
    m_factsHeading->setObjectName(QStringLiteral("factsHeading"));
    m_counts->setObjectName(QStringLiteral("countsLabel"));
    m_counts->setWordWrap(true);
    m_facts->setObjectName(QStringLiteral("factsTable"));
    m_facts->setModel(m_model);
    m_facts->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_facts->setSelectionMode(QAbstractItemView::SingleSelection);
    m_facts->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // A narrow place column breaks "orders-0 replica 2" into its two words rather than eliding it.
    m_facts->setWordWrap(true);
    m_facts->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_facts->verticalHeader()->setVisible(false);
    // The verdict and the fact as wide as their words (at most columnWidthMax); the place and the two
    // values share the rest and wrap ("orders-0 / replica 2", two logs that differ from the offset
    // where they part), each at least as wide as its heading: no column is scrolled to or cut.
    // A model reset rebuilds the header's sections with its global mode: the values' is set again.
    m_facts->horizontalHeader()->setStretchLastSection(false);
    m_facts->horizontalHeader()->setMaximumSectionSize(columnWidthMax);
    m_facts->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    const auto stretchValues = [this] {
        for (const int column :
            { RealCompareModel::SubjectColumn, RealCompareModel::SimulatedColumn, RealCompareModel::RealColumn })
            m_facts->horizontalHeader()->setSectionResizeMode(column, QHeaderView::Stretch);
    };
    stretchValues();
    connect(m_model, &QAbstractItemModel::modelReset, this, stretchValues);
    m_facts->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // A reason is a sentence or three: under the table, wrapped, rather than in a column to scroll to.
    m_facts->setColumnHidden(RealCompareModel::ReasonColumn, true);
    m_reason->setObjectName(QStringLiteral("reasonLabel"));
    m_reason->setWordWrap(true);
    m_reason->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reason->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_reason->setMinimumHeight(reasonLinesMin * m_reason->fontMetrics().lineSpacing());
    m_showAgreeing->setObjectName(QStringLiteral("showAgreeing"));
    m_showAgreeing->setChecked(m_model->showAgreeing());
    connect(m_showAgreeing, &QCheckBox::toggled, this, [this](bool show) {
        m_model->setShowAgreeing(show);
        showReason();
    });
    connect(m_facts->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { showReason(); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { showReason(); });
    factsLayout->addWidget(m_factsHeading);
    factsLayout->addWidget(m_counts);
    factsLayout->addWidget(m_facts, 4);
    factsLayout->addWidget(m_reason, 1);
    factsLayout->addWidget(m_showAgreeing);
    grid->addWidget(factsColumn, 0, 1);

    // The checkpoint bar under both.
    auto* bar = m_bar = new QWidget(central);
    bar->setObjectName(QStringLiteral("checkpointBar"));
    auto* barLayout = new QHBoxLayout(bar);
    barLayout->setContentsMargins(10, 6, 10, 6);
    m_checkpoints->setObjectName(QStringLiteral("checkpointCombo"));
    m_checkpoints->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_previous->setObjectName(QStringLiteral("previousCheckpointButton"));
    m_next->setObjectName(QStringLiteral("nextCheckpointButton"));
    m_total->setObjectName(QStringLiteral("totalLabel"));
    m_total->setWordWrap(true);
    barLayout->addWidget(m_previous);
    barLayout->addWidget(m_checkpoints);
    barLayout->addWidget(m_next);
    barLayout->addSpacing(20);
    barLayout->addWidget(m_total, 1);
    grid->addWidget(bar, 1, 0, 1, 2);
    setCentralWidget(central);

    connect(m_checkpoints, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            setCheckpoint(index);
    });
    connect(m_previous, &QPushButton::clicked, this, [this] { setCheckpoint(checkpoint() - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setCheckpoint(checkpoint() + 1); });
    createActions();

    // F5: the main window's presentation mode, for two drawings side by side (Compare versions' form).
    m_presentation = new PresentationMode(this, {}, { m_views[0], m_views[1] });
    m_presentation->setZoomToText(true);
    connect(m_presentation, &PresentationMode::zoomedToText, this, &RealCompareWindow::showDifferences);
    m_presentation->addEnlarged(m_bar, presentationTextScale);
    for (QLabel* frame : m_frameLabels)
        m_presentation->addEnlarged(frame, presentationTextScale);
    for (QLabel* missing : m_missingLabels)
        m_presentation->addEnlarged(missing, presentationTextScale);
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool active) {
        setPresentationLayout(active);
        action(QStringLiteral("presentationMode"))->setChecked(active);
        action(QStringLiteral("leavePresentation"))->setEnabled(active);
        action(QStringLiteral("fullScreen"))->setChecked(isFullScreen());
        if (!active)
            QTimer::singleShot(0, this, &RealCompareWindow::fitTextWindowed);
    });
    connect(m_presentation, &PresentationMode::themeChanged, this, [this] {
        for (FrameScene* scene : m_scenes)
            scene->applyTheme();
        // The theme and the text floor are the application's: the main window's drawing, made while
        // they were the presentation's, is made again with its own.
        if (auto* main = qobject_cast<MainWindow*>(parentWidget()))
            main->scene()->applyTheme();
    });
    for (int side : { Simulated, Real }) {
        // Zoomed or scrolled, the other view follows, so that both show the same part.
        connect(m_views[side], &FrameView::zoomChanged, this, [this, side] { followView(side); });
        connect(m_views[side]->horizontalScrollBar(), &QScrollBar::valueChanged, this, [this, side] { followView(side); });
        connect(m_views[side]->verticalScrollBar(), &QScrollBar::valueChanged, this, [this, side] { followView(side); });
        // Another size or another drawing: the text is fitted again (queued: the scene is still laying out).
        m_views[side]->installEventFilter(this);
        connect(m_scenes[side], &FrameScene::layoutChanged, this, &RealCompareWindow::fitTextWindowed,
            Qt::QueuedConnection);
    }
    retranslateUi();

    setMinimumSize(960, 540);
    if (const QScreen* screen = parent ? parent->screen() : QApplication::primaryScreen()) {
        const int title = style()->pixelMetric(QStyle::PM_TitleBarHeight);
        setGeometry(
            MainWindow::fittedWindowGeometry(screen->availableGeometry(), QMargins(0, title, 0, 0), QSize(1440, 900)));
    } else {
        resize(1440, 900);
    }
}

RealCompareWindow::~RealCompareWindow() = default;

QAction* RealCompareWindow::action(const QString& name) const
{
    return namedactions::find(m_actions, name);
}

void RealCompareWindow::createActions()
{
    auto add = [this](const QString& name, const QList<QKeySequence>& keys) {
        return namedactions::add(this, m_actions, name, QString(), keys);
    };
    connect(add(QStringLiteral("previousCheckpoint"), { QKeySequence(Qt::Key_PageUp), QKeySequence(Qt::Key_Left) }),
        &QAction::triggered, this, [this] { setCheckpoint(checkpoint() - 1); });
    connect(add(QStringLiteral("nextCheckpoint"), { QKeySequence(Qt::Key_PageDown), QKeySequence(Qt::Key_Right) }),
        &QAction::triggered, this, [this] { setCheckpoint(checkpoint() + 1); });
    connect(add(QStringLiteral("first"), { QKeySequence(Qt::Key_Home) }), &QAction::triggered, this,
        [this] { setCheckpoint(0); });
    connect(add(QStringLiteral("last"), { QKeySequence(Qt::Key_End) }), &QAction::triggered, this,
        [this] { setCheckpoint(m_model->checkpointCount() - 1); });
    namedactions::addViewSwitch(
        this, [add](const QString& name, const QList<QKeySequence>& keys) { return add(name, keys); },
        [this] { setViewKind(FrameScene::ViewKind::Partition); }, [this] { setViewKind(FrameScene::ViewKind::Cluster); });
    QAction* fullScreen = add(QStringLiteral("fullScreen"), { QKeySequence(Qt::Key_F11) });
    fullScreen->setCheckable(true);
    connect(fullScreen, &QAction::triggered, this, &RealCompareWindow::toggleFullScreen);
    // The main window's presentation keys.
    QAction* present = add(QStringLiteral("presentationMode"), { QKeySequence(Qt::Key_F5) });
    present->setCheckable(true);
    connect(present, &QAction::triggered, this, [this](bool on) { m_presentation->setActive(on); });
    QAction* leave
        = add(QStringLiteral("leavePresentation"), { QKeySequence(Qt::Key_Escape), QKeySequence(Qt::SHIFT | Qt::Key_F5) });
    leave->setEnabled(false);
    connect(leave, &QAction::triggered, this, [this] { m_presentation->leave(); });
    QAction* blank = add(QStringLiteral("blankScreen"), { QKeySequence(Qt::Key_Period), QKeySequence(Qt::Key_B) });
    blank->setCheckable(true);
    connect(blank, &QAction::triggered, this, [this](bool on) { m_presentation->setBlanked(on); });
    connect(add(QStringLiteral("close"), { QKeySequence(QKeySequence::Close) }), &QAction::triggered, this,
        &QWidget::close);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(action(QStringLiteral("close")));
    m_viewMenu = menuBar()->addMenu(QString());
    for (const char* name : { "previousCheckpoint", "nextCheckpoint", "first", "last" })
        m_viewMenu->addAction(action(QString::fromLatin1(name)));
    m_viewMenu->addSeparator();
    for (const char* name : { "partitionView", "clusterView", "fullScreen" })
        m_viewMenu->addAction(action(QString::fromLatin1(name)));
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(action(QStringLiteral("presentationMode")));
    m_viewMenu->addAction(action(QStringLiteral("blankScreen")));
}

void RealCompareWindow::retranslateUi()
{
    // The checkpoint keys and the views say what the main window's say, in its words.
    static const namedactions::Texts shared[] = {
        { "first", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "First"), nullptr, nullptr },
        { "last", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Last"), nullptr, nullptr },
        { "previousCheckpoint", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Previous checkpoint"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Previous checkpoint (Page Up)"), nullptr },
        { "nextCheckpoint", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Next checkpoint"),
            QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Next checkpoint (Page Down)"), nullptr },
        { "partitionView", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Partition view"), nullptr, nullptr },
        { "clusterView", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Cluster view"), nullptr, nullptr },
        { "fullScreen", QT_TRANSLATE_NOOP("hw::ui::MainWindow", "Full screen"), nullptr, nullptr },
    };
    namedactions::applyTexts(m_actions, shared, "hw::ui::MainWindow");
    // Presentation mode and blanking say what the main window's teaching aids say.
    static const namedactions::Texts presenting[] = {
        { "presentationMode", QT_TRANSLATE_NOOP("hw::ui::TeachingAids", "&Presentation mode"), nullptr, nullptr },
        { "leavePresentation", QT_TRANSLATE_NOOP("hw::ui::TeachingAids", "Leave presentation mode"), nullptr, nullptr },
        { "blankScreen", QT_TRANSLATE_NOOP("hw::ui::TeachingAids", "&Blank the screen"),
            QT_TRANSLATE_NOOP("hw::ui::TeachingAids",
                "Cover the drawing with black, as a presenter remote does ('.' or B; again to show it)"),
            nullptr },
    };
    namedactions::applyTexts(m_actions, presenting, "hw::ui::TeachingAids");
    action(QStringLiteral("presentationMode"))
        ->setToolTip(tr("Full screen, large text, high contrast; the two runs side by side, each under its label "
                        "(F5, Esc to leave)"));
    action(QStringLiteral("close"))->setText(tr("&Close"));
    m_fileMenu->setTitle(QCoreApplication::translate("hw::ui::MainWindow", "&File"));
    m_viewMenu->setTitle(QCoreApplication::translate("hw::ui::MainWindow", "&View"));
    m_previous->setText(QCoreApplication::translate("hw::ui::MainWindow", "\u25C0 Checkpoint"));
    m_previous->setToolTip(QCoreApplication::translate("hw::ui::MainWindow", "Previous checkpoint (Page Up)"));
    m_next->setText(QCoreApplication::translate("hw::ui::MainWindow", "Checkpoint \u25B6"));
    m_next->setToolTip(QCoreApplication::translate("hw::ui::MainWindow", "Next checkpoint (Page Down)"));
    m_showAgreeing->setText(tr("Show the facts that agree"));
    m_facts->setToolTip(tr("Each fact of this checkpoint in both runs: \u2713 agree, \u2260 differs (outlined with a "
                           "\u2260 badge in both drawings), \u2248 a known difference with its reason, \u2013 not "
                           "compared and why"));
    refresh();
}

void RealCompareWindow::open(std::shared_ptr<const RealCompareResult> result)
{
    m_result = std::move(result);
    m_model->setComparison(m_result->comparison);
    fillCheckpointCombo();
    const hw::Scenario& scenario = m_result->scenario;
    const QString title = scenario.title.empty() ? QString::fromStdString(scenario.name)
                                                 : QString::fromStdString(scenario.title.get(SimController::language()));
    //: The window of View > Compare with real Kafka: "Leader failover: simulated and on Apache Kafka 4.4.0".
    setWindowTitle(tr("%1: simulated and on Apache Kafka %2 \u2014 HighWater")
                       .arg(title, QString::fromStdString(m_result->comparison.kafkaVersion)));
    const bool onePartition = !m_result->real.empty() ? m_result->real.front().state.partitions.size() == 1
                                                      : m_result->simulated->head().partitions.size() == 1;
    setViewKind(onePartition ? FrameScene::ViewKind::Partition : FrameScene::ViewKind::Cluster);
    setCheckpoint(0);
    refresh();
}

void RealCompareWindow::fillCheckpointCombo()
{
    const QSignalBlocker blocker(m_checkpoints);
    m_checkpoints->clear();
    if (!m_result)
        return;
    const auto& checkpoints = m_result->comparison.checkpoints;
    for (std::size_t i = 0; i < checkpoints.size(); ++i) {
        int differ = 0;
        for (const auto& fact : checkpoints[i].facts)
            differ += fact.verdict == hw::realkafka::Verdict::Differ ? 1 : 0;
        // The symbol reads without colour: which checkpoints hold a difference.
        const QString mark = differ > 0 ? QStringLiteral("  \u2260 %1").arg(differ) : QString();
        //: A checkpoint in the list of View > Compare with real Kafka: "◆after-kill (2 of 4)".
        m_checkpoints->addItem(tr("\u25C6%1 (%2 of %3)")
                                   .arg(QString::fromStdString(checkpoints[i].label))
                                   .arg(i + 1)
                                   .arg(checkpoints.size())
            + mark);
    }
}

const RealCheckpointState* RealCompareWindow::realCheckpoint(int index) const
{
    if (!m_result || index < 0 || index >= m_model->checkpointCount())
        return nullptr;
    const auto& checkpoints = m_result->comparison.checkpoints;
    const std::string& label = checkpoints[static_cast<std::size_t>(index)].label;
    if (!checkpoints[static_cast<std::size_t>(index)].observed)
        return nullptr;
    // The n-th checkpoint with this label in the comparison is the n-th in the real run (the
    // differential's matching rule).
    int occurrence = 0;
    for (int i = 0; i < index; ++i)
        occurrence += checkpoints[static_cast<std::size_t>(i)].label == label ? 1 : 0;
    for (const RealCheckpointState& real : m_result->real) {
        if (real.label == label && occurrence-- == 0)
            return &real;
    }
    return nullptr;
}

void RealCompareWindow::setCheckpoint(int index)
{
    if (!m_result || m_model->checkpointCount() == 0)
        return;
    m_model->setCheckpoint(index);
    {
        const QSignalBlocker blocker(m_checkpoints);
        m_checkpoints->setCurrentIndex(m_model->checkpoint());
    }
    const auto& checkpoint = m_result->comparison.checkpoints[static_cast<std::size_t>(m_model->checkpoint())];
    // The simulated state of the checkpoint's frame, and the state Kafka was observed in.
    const bool hasSimulated
        = checkpoint.simulatedFrame >= 0 && checkpoint.simulatedFrame < m_result->simulated->frameCount();
    const RealCheckpointState* real = realCheckpoint(m_model->checkpoint());
    if (hasSimulated) {
        const hw::ClusterState state = m_result->simulated->stateAt(checkpoint.simulatedFrame);
        m_scenes[Simulated]->setDifferenceMarks(m_model->marks(state));
        m_scenes[Simulated]->setFrame(state, static_cast<double>(m_result->simulated->frame(checkpoint.simulatedFrame).timeMs));
    }
    if (real) {
        m_scenes[Real]->setDifferenceMarks(m_model->marks(real->state));
        m_scenes[Real]->setFrame(real->state, static_cast<double>(real->timeMs));
    }
    m_stacks[Simulated]->setCurrentIndex(hasSimulated ? 0 : 1);
    m_stacks[Real]->setCurrentIndex(real ? 0 : 1);
    refresh();
    fitTextWindowed();
    showDifferences();
}

bool RealCompareWindow::showsDrawing(Side side) const
{
    return m_stacks[side]->currentIndex() == 0;
}

void RealCompareWindow::setViewKind(FrameScene::ViewKind kind)
{
    for (int side : { Simulated, Real }) {
        m_scenes[side]->setViewKind(kind);
        m_views[side]->resetZoom();
    }
    action(QStringLiteral("partitionView"))->setChecked(kind == FrameScene::ViewKind::Partition);
    action(QStringLiteral("clusterView"))->setChecked(kind == FrameScene::ViewKind::Cluster);
}

void RealCompareWindow::toggleFullScreen()
{
    if (isFullScreen())
        showNormal();
    else
        showFullScreen();
    action(QStringLiteral("fullScreen"))->setChecked(isFullScreen());
}

qreal RealCompareWindow::smallestTextPx(Side side) const
{
    const qreal scale = m_views[side]->transform().m22();
    qreal smallest = 0;
    for (FrameItem* item : m_scenes[side]->frameItems()) {
        if (!item->isVisible())
            continue;
        for (const TextRun& run : item->texts()) {
            const qreal px = run.font.pixelSize() * scale * item->sceneTransform().m22();
            if (px > 0 && (smallest <= 0 || px < smallest))
                smallest = px;
        }
    }
    return smallest;
}

void RealCompareWindow::fitTextWindowed()
{
    if (m_fittingText || m_presentation->isActive() || !m_result)
        return;
    m_fittingText = true;
    // The zoom at which the smallest text of either drawing is windowedTextPxMin, from the fitted
    // scale (zoom 1); rounded up to a hundredth, so that it is not a rounding error short.
    qreal needed = 1.0;
    for (int side : { Simulated, Real }) {
        if (!showsDrawing(static_cast<Side>(side)))
            continue;
        const qreal atFit = smallestTextPx(static_cast<Side>(side)) / m_views[side]->zoom();
        if (atFit > 0)
            needed = std::max(needed, std::ceil(100 * windowedTextPxMin / atFit) / 100);
    }
    if (!qFuzzyCompare(needed, m_views[Simulated]->zoom())) {
        for (FrameView* view : m_views)
            view->setZoom(needed);
        showDifferences();
    }
    m_fittingText = false;
}

void RealCompareWindow::showDifferences()
{
    // Zoomed in to make the text readable, both views show the part that differs (the other follows,
    // followView), or where a drawing starts: the title and the names of the rows.
    const int side = showsDrawing(Simulated) ? Simulated : Real;
    FrameView* view = m_views[side];
    if (view->zoom() <= 1.0)
        return;
    FrameScene* scene = m_scenes[side];
    QRectF marked;
    for (QGraphicsItem* item : scene->items()) {
        if (const auto* mark = qgraphicsitem_cast<const DiffMarkItem*>(item))
            marked |= mark->outline();
    }
    const QRectF shown = view->mapToScene(view->viewport()->rect()).boundingRect();
    view->centerOn(marked.isEmpty() ? scene->sceneRect().topLeft() + QPointF(shown.width() / 2, shown.height() / 2)
                                    : marked.center());
    followView(side);
}

void RealCompareWindow::followView(int side)
{
    if (m_following)
        return;
    m_following = true;
    m_views[static_cast<std::size_t>(1 - side)]->follow(*m_views[static_cast<std::size_t>(side)]);
    m_following = false;
}

void RealCompareWindow::setPresentationLayout(bool presenting)
{
    // Presenting, the two drawings stand side by side, each under its band, and the facts column gives
    // them its width: each needs half the screen's width to show 14 px text; their "≠" marks stay.
    m_runsLayout->setDirection(presenting ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    m_factsColumn->setVisible(!presenting);
    for (int side : { Simulated, Real }) {
        QLabel* label = m_sideLabels[side];
        QFont big = label->font();
        big.setPixelSize(presenting ? qRound(sideLabelPixels * presentationTextScale) : sideLabelPixels);
        label->setFont(big);
        // Half the width each: the frame's text goes under the label, and a long label wraps.
        static_cast<QBoxLayout*>(m_labelBands[side]->layout())
            ->setDirection(presenting ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
        label->setWordWrap(presenting);
        m_frameLabels[side]->setWordWrap(presenting);
    }
}

bool RealCompareWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize && (watched == m_views[Simulated] || watched == m_views[Real]))
        QTimer::singleShot(0, this, &RealCompareWindow::fitTextWindowed);
    return QMainWindow::eventFilter(watched, event);
}

void RealCompareWindow::showReason()
{
    const int rows = m_model->rowCount();
    if (rows == 0) {
        m_reason->clear();
        return;
    }
    int row = m_facts->currentIndex().isValid() ? m_facts->currentIndex().row() : -1;
    if (row < 0 || row >= rows) {
        // At first the first fact that does not agree: what the reason is wanted for.
        row = 0;
        for (int r = 0; r < rows; ++r) {
            if (m_model->fact(r).verdict != hw::realkafka::Verdict::Agree) {
                row = r;
                break;
            }
        }
        const QSignalBlocker blocker(m_facts->selectionModel());
        m_facts->selectionModel()->setCurrentIndex(
            m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    const QString reason = m_model->data(m_model->index(row, RealCompareModel::ReasonColumn)).toString();
    const QString line = RealCompareModel::factLine(m_model->fact(row));
    //: Under the facts of View > Compare with real Kafka: the selected fact, then why (when there is a reason).
    m_reason->setText(reason.isEmpty() ? line : tr("%1\nWhy: %2").arg(line, reason));
}

void RealCompareWindow::refresh()
{
    m_sideLabels[Simulated]->setText(tr("HighWater, simulated"));
    const std::string version = m_result ? m_result->comparison.kafkaVersion : std::string();
    m_sideLabels[Real]->setText(RealCompareModel::observedLabel(version));
    const int index = m_model->checkpoint();
    const int count = m_model->checkpointCount();
    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < count);
    if (!m_result || index < 0) {
        m_factsHeading->setText(tr("No checkpoints to compare"));
        m_counts->clear();
        m_total->clear();
        for (QLabel* label : m_frameLabels)
            label->clear();
        return;
    }
    const auto& checkpoint = m_result->comparison.checkpoints[static_cast<std::size_t>(index)];
    const QString label = QString::fromStdString(checkpoint.label);
    //: The heading of the facts in View > Compare with real Kafka: "Checkpoint ◆after-kill, 2 of 4".
    m_factsHeading->setText(tr("Checkpoint \u25C6%1, %2 of %3").arg(label).arg(index + 1).arg(count));
    QString counts = RealCompareModel::countsText(checkpoint.facts);
    if (!checkpoint.compared && !checkpoint.notComparedWhy.empty())
        counts += QStringLiteral("\n") + tr("Not compared: %1").arg(RealCompareModel::notComparedText(checkpoint));
    m_counts->setText(counts);
    //: The whole comparison's counts, under the checkpoint bar: "All checkpoints: agree 40 · differ 1 · ...".
    m_total->setText(tr("All checkpoints: %1").arg(m_model->totalText()));
    if (checkpoint.simulatedFrame >= 0 && checkpoint.simulatedFrame < m_result->simulated->frameCount()) {
        //: Beside "HighWater, simulated", over the simulated drawing: "Frame 29 · 1548 ms simulated".
        m_frameLabels[Simulated]->setText(
            tr("Frame %1 \u00B7 %2 ms simulated")
                .arg(checkpoint.simulatedFrame)
                .arg(m_result->simulated->frame(checkpoint.simulatedFrame).timeMs));
    } else {
        m_frameLabels[Simulated]->clear();
    }
    m_missingLabels[Simulated]->setText(tr("The simulation has no checkpoint \u25C6%1.").arg(label));
    if (const RealCheckpointState* real = realCheckpoint(index)) {
        //: When a checkpoint was observed on the real cluster: "83 s after the cluster was up".
        m_frameLabels[Real]->setText(tr("%1 s after the cluster was up").arg(real->timeMs / 1000));
    } else {
        m_frameLabels[Real]->clear();
    }
    m_missingLabels[Real]->setText(tr("The real run did not reach checkpoint \u25C6%1.").arg(label));
}

void RealCompareWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    retranslateUi();
    fillCheckpointCombo();
    if (m_result)
        setCheckpoint(m_model->checkpoint());
}

} // namespace hw::ui
