// SPDX-License-Identifier: MIT
#pragma once

#include "base/theme.h"

#include <QObject>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;
class QUndoStack;

namespace hw::ui {

class FrameScene;
class FrameView;
class GlossaryPanel;
class NarrationPanel;
class PredictMode;
class PresentationMode;
class SimController;

/// The teaching aids of the main window, kept out of MainWindow: the glossary dock (and the drawing's
/// glossary tooltips selecting its entries), the themes (View > Theme, remembered in QSettings),
/// presentation mode (F5) with blanking ('.', B), and predict mode. MainWindow creates it with its
/// docks, adds its menu with populateViewMenu(), and asks interceptStep() before stepping forward.
class TeachingAids : public QObject {
    Q_OBJECT

public:
    struct Parts {
        QMainWindow* window;
        SimController* controller;
        FrameScene* scene;
        FrameView* view;
        NarrationPanel* narration;
        QDockWidget* timelineDock;
        QDockWidget* narrationDock;
        /// The window's actions: the banner points at Undo only while there is something to undo.
        QUndoStack* undoStack;
    };
    explicit TeachingAids(const Parts& parts);

    /// Adds Theme, Presentation mode, Blank screen, Predict mode and the glossary dock to a View menu.
    void populateViewMenu(QMenu* view);
    /// A step forward (Right, Page Down) is about to happen: returns true when predict mode took it
    /// (to reveal its answer) and the step must not go ahead.
    bool interceptStep();

    void setTheme(theme::Theme theme);
    theme::Theme currentTheme() const { return theme::current(); }

    /// View > Cells: what the log cells say. "scenario" follows the scenario's "display" (offsets
    /// when it asks nothing); "offsets", "values" and "both" override it. Remembered in QSettings.
    void setCellChoice(const QString& choice);
    QString cellChoice() const { return m_cellChoice; }

    GlossaryPanel* glossary() const { return m_glossary; }
    QDockWidget* glossaryDock() const { return m_glossaryDock; }
    PresentationMode* presentation() const { return m_presentation; }
    PredictMode* predict() const { return m_predict; }
    /// "Followers now fetch on their own": shown while the frame has auto.fetch on although the
    /// scenario started with it off (the user acted beyond the scripted steps).
    QLabel* autoFetchBanner() const { return m_autoFetchBanner; }

private:
    QAction* makeAction(const QString& name, const QList<QKeySequence>& keys);
    void retranslate();
    void syncThemeActions();
    void syncAutoFetchBanner();
    /// Gives the scene the cell text the choice and the scenario make.
    void applyCellText();

    Parts m_parts;
    GlossaryPanel* m_glossary;
    QDockWidget* m_glossaryDock;
    PresentationMode* m_presentation;
    PredictMode* m_predict;
    QLabel* m_autoFetchBanner;
    QMenu* m_themeMenu = nullptr;
    QActionGroup* m_themes;
    QAction* m_light;
    QAction* m_dark;
    QAction* m_highContrast;
    QAction* m_presentationAction;
    QAction* m_leavePresentation;
    QAction* m_blank;
    QAction* m_predictAction;
    QMenu* m_cellsMenu = nullptr;
    QActionGroup* m_cellChoices;
    QString m_cellChoice;
};

} // namespace hw::ui
