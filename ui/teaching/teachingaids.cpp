// SPDX-License-Identifier: MIT
#include "teaching/teachingaids.h"

#include "base/i18n.h"
#include "control/simcontroller.h"
#include "model/cluster_state.h"
#include "panels/glossarypanel.h"
#include "panels/narrationpanel.h"
#include "scenario/scenario.h"
#include "scene/framescene.h"
#include "scene/frameview.h"
#include "teaching/predictmode.h"
#include "teaching/presentationmode.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QUndoStack>

#include <algorithm>
#include <iterator>

namespace hw::ui {

namespace {

const char* const themeSettingsKey = "view/theme";
const char* const cellsSettingsKey = "view/cells";
/// View > Cells: following the scenario, then the three overrides (hw::cellTextName's names).
const char* const cellChoiceScenario = "scenario";
const char* const cellChoices[] = { "scenario", "offsets", "values", "both" };

} // namespace

TeachingAids::TeachingAids(const Parts& parts)
    : QObject(parts.window),
      m_parts(parts),
      m_glossary(new GlossaryPanel(parts.window)),
      m_glossaryDock(new QDockWidget(parts.window)),
      m_presentation(new PresentationMode(parts.window, { parts.timelineDock, parts.narrationDock }, { parts.view })),
      m_predict(new PredictMode(parts.controller, parts.scene, parts.narration, parts.narration)),
      m_themes(new QActionGroup(this)),
      m_cellChoices(new QActionGroup(this))
{
    setObjectName(QStringLiteral("teachingAids"));
    m_glossaryDock->setObjectName(QStringLiteral("glossaryDock"));
    m_glossaryDock->setWidget(m_glossary);
    parts.window->addDockWidget(Qt::RightDockWidgetArea, m_glossaryDock);
    parts.narration->addPanel(m_predict);

    // The banner sits under the narration, in the dock that presentation mode keeps on screen.
    m_autoFetchBanner = new QLabel(parts.narration);
    m_autoFetchBanner->setObjectName(QStringLiteral("autoFetchBanner"));
    m_autoFetchBanner->setWordWrap(true);
    m_autoFetchBanner->setTextFormat(Qt::PlainText);
    m_autoFetchBanner->setFrameShape(QFrame::StyledPanel);
    m_autoFetchBanner->setMargin(8);
    m_autoFetchBanner->setAutoFillBackground(true);
    QPalette bannerPalette = m_autoFetchBanner->palette();
    bannerPalette.setColor(QPalette::Window, QColor(0xE3, 0xF2, 0xFD));
    bannerPalette.setColor(QPalette::WindowText, QColor(0x0D, 0x1B, 0x2A));
    m_autoFetchBanner->setPalette(bannerPalette);
    QFont bannerFont = m_autoFetchBanner->font();
    bannerFont.setPointSizeF(bannerFont.pointSizeF() * 1.2);
    bannerFont.setBold(true);
    m_autoFetchBanner->setFont(bannerFont);
    m_autoFetchBanner->hide();
    parts.narration->addPanel(m_autoFetchBanner);
    connect(parts.controller, &SimController::changed, this, [this] { syncAutoFetchBanner(); });
    if (parts.undoStack)
        connect(parts.undoStack, &QUndoStack::canUndoChanged, this, [this] { syncAutoFetchBanner(); });

    // Hovering a marker or badge shows its entry in the dock, when the dock is open.
    connect(parts.scene, &FrameScene::glossaryEntryHovered, this, [this](const QString& id) {
        if (m_glossaryDock->isVisible())
            m_glossary->showEntry(id);
    });

    m_light = makeAction(QStringLiteral("themeLight"), {});
    m_dark = makeAction(QStringLiteral("themeDark"), {});
    m_highContrast = makeAction(QStringLiteral("themeHighContrast"), {});
    for (QAction* a : { m_light, m_dark, m_highContrast }) {
        a->setCheckable(true);
        m_themes->addAction(a);
    }
    connect(m_light, &QAction::triggered, this, [this] { setTheme(theme::Theme::Light); });
    connect(m_dark, &QAction::triggered, this, [this] { setTheme(theme::Theme::Dark); });
    connect(m_highContrast, &QAction::triggered, this, [this] { setTheme(theme::Theme::HighContrast); });

    m_presentationAction = makeAction(QStringLiteral("presentationMode"), { QKeySequence(Qt::Key_F5) });
    m_presentationAction->setCheckable(true);
    connect(m_presentationAction, &QAction::triggered, m_presentation, &PresentationMode::setActive);
    m_leavePresentation = makeAction(
        QStringLiteral("leavePresentation"), { QKeySequence(Qt::Key_Escape), QKeySequence(Qt::SHIFT | Qt::Key_F5) });
    m_leavePresentation->setEnabled(false);
    connect(m_leavePresentation, &QAction::triggered, m_presentation, &PresentationMode::leave);
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool active) {
        m_presentationAction->setChecked(active);
        m_leavePresentation->setEnabled(active);
    });
    connect(m_presentation, &PresentationMode::themeChanged, this, [this] {
        m_parts.scene->applyTheme();
        syncThemeActions();
    });
    // Presenter remotes send '.' or B to blank the screen (as in PowerPoint).
    m_blank = makeAction(QStringLiteral("blankScreen"), { QKeySequence(Qt::Key_Period), QKeySequence(Qt::Key_B) });
    m_blank->setCheckable(true);
    connect(m_blank, &QAction::triggered, m_presentation, &PresentationMode::setBlanked);

    m_predictAction = makeAction(QStringLiteral("predictMode"), {});
    m_predictAction->setCheckable(true);
    connect(m_predictAction, &QAction::toggled, m_predict, &PredictMode::setModeEnabled);

    // What the cells say: the choice kept from the last session, applied again for every scenario opened
    // (which may ask for values).
    for (const char* choice : cellChoices) {
        QAction* a = makeAction(QStringLiteral("cells_") + QLatin1String(choice), {});
        a->setCheckable(true);
        a->setData(QLatin1String(choice));
        m_cellChoices->addAction(a);
        connect(a, &QAction::triggered, this, [this, choice] { setCellChoice(QLatin1String(choice)); });
    }
    m_cellChoice = QSettings().value(QLatin1String(cellsSettingsKey), QLatin1String(cellChoiceScenario)).toString();
    if (std::none_of(std::begin(cellChoices), std::end(cellChoices),
            [this](const char* choice) { return m_cellChoice == QLatin1String(choice); }))
        m_cellChoice = QLatin1String(cellChoiceScenario);
    connect(parts.controller, &SimController::changed, this, [this](SimController::Changes what) {
        if (what & SimController::ScenarioChanged)
            applyCellText();
    });
    applyCellText();

    const theme::Theme saved
        = theme::fromKey(QSettings().value(QLatin1String(themeSettingsKey)).toString(), theme::Theme::Light);
    theme::apply(saved);
    theme::applyToApplication();
    m_parts.scene->applyTheme();
    syncThemeActions();
    syncAutoFetchBanner();
    keepTranslated(this, [this] { retranslate(); });
}

QAction* TeachingAids::makeAction(const QString& name, const QList<QKeySequence>& keys)
{
    auto* action = new QAction(m_parts.window);
    action->setObjectName(name);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    m_parts.window->addAction(action);
    return action;
}

void TeachingAids::retranslate()
{
    m_glossaryDock->setWindowTitle(tr("Glossary"));
    m_glossaryDock->toggleViewAction()->setToolTip(tr("Terms and definitions, with the textbook's simplifications"));
    if (m_themeMenu)
        m_themeMenu->setTitle(tr("&Theme"));
    m_light->setText(tr("Light"));
    m_dark->setText(tr("Dark"));
    m_highContrast->setText(tr("High contrast"));
    m_highContrast->setToolTip(tr("Black on white with thicker lines, for projectors"));
    m_presentationAction->setText(tr("&Presentation mode"));
    m_presentationAction->setToolTip(
        tr("Full screen, large text, high contrast; only the timeline and the narration (F5, Esc to leave)"));
    m_leavePresentation->setText(tr("Leave presentation mode"));
    m_blank->setText(tr("&Blank the screen"));
    m_blank->setToolTip(tr("Cover the drawing with black, as a presenter remote does ('.' or B; again to show it)"));
    syncAutoFetchBanner();
    if (m_cellsMenu)
        m_cellsMenu->setTitle(tr("&Cells"));
    const QList<QAction*> cells = m_cellChoices->actions();
    //: View > Cells: each cell says what the scenario asks for (its "display"; offsets if it asks nothing).
    cells[0]->setText(tr("As the scenario asks"));
    cells[1]->setText(tr("Offsets"));
    cells[2]->setText(tr("Values"));
    //: View > Cells: the record's value, with its offset in the cell's corner.
    cells[3]->setText(tr("Offsets and values"));
    m_predictAction->setText(tr("P&redict mode"));
    m_predictAction->setToolTip(
        tr("After a checkpoint, hide the next LEO and HW values until the class has guessed them"));
}

void TeachingAids::syncAutoFetchBanner()
{
    const bool switchedOn
        = m_parts.controller->state().config.autoFetch && !m_parts.controller->scenario().cluster.config.autoFetch;
    m_autoFetchBanner->setVisible(switchedOn);
    // Undo switches it off when the switch is among the actions of this window; a restored session
    // (or a saved one opened) holds it among its steps, which nothing undoes.
    const bool undoable = m_parts.undoStack && m_parts.undoStack->canUndo();
    m_autoFetchBanner->setText(undoable
            ? tr("\u21BB Followers now fetch on their own, as every Kafka follower does. You acted beyond the "
                 "scripted steps, so auto.fetch was switched on (Undo switches it off).")
            : tr("\u21BB Followers now fetch on their own, as every Kafka follower does: actions beyond the "
                 "scripted steps switched auto.fetch on."));
}

void TeachingAids::populateViewMenu(QMenu* view)
{
    view->addSeparator();
    m_themeMenu = view->addMenu(tr("&Theme"));
    m_themeMenu->addActions({ m_light, m_dark, m_highContrast });
    view->addAction(m_presentationAction);
    view->addAction(m_blank);
    view->addAction(m_predictAction);
    view->addAction(m_glossaryDock->toggleViewAction());
    m_cellsMenu = view->addMenu(tr("&Cells"));
    m_cellsMenu->setObjectName(QStringLiteral("cellsMenu"));
    m_cellsMenu->addActions(m_cellChoices->actions());
    retranslate();
}

void TeachingAids::setCellChoice(const QString& choice)
{
    if (std::none_of(std::begin(cellChoices), std::end(cellChoices),
            [&choice](const char* known) { return choice == QLatin1String(known); }))
        return;
    m_cellChoice = choice;
    QSettings().setValue(QLatin1String(cellsSettingsKey), choice);
    applyCellText();
}

void TeachingAids::applyCellText()
{
    for (QAction* a : m_cellChoices->actions())
        a->setChecked(a->data().toString() == m_cellChoice);
    std::optional<hw::CellText> cells = hw::parseCellText(m_cellChoice.toStdString());
    if (!cells)
        cells = m_parts.controller->scenario().display.cells;
    m_parts.scene->setCellText(cells.value_or(hw::CellText::Offsets));
}

bool TeachingAids::interceptStep()
{
    return m_predict->interceptStep();
}

void TeachingAids::setTheme(theme::Theme which)
{
    QSettings().setValue(QLatin1String(themeSettingsKey), theme::key(which));
    theme::apply(which);
    theme::applyToApplication();
    m_parts.scene->applyTheme();
    syncThemeActions();
}

void TeachingAids::syncThemeActions()
{
    m_light->setChecked(theme::current() == theme::Theme::Light);
    m_dark->setChecked(theme::current() == theme::Theme::Dark);
    m_highContrast->setChecked(theme::current() == theme::Theme::HighContrast);
}

} // namespace hw::ui
