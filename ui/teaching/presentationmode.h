// SPDX-License-Identifier: MIT
#pragma once

#include "base/theme.h"

#include <QByteArray>
#include <QFont>
#include <QHash>
#include <QObject>
#include <QPointer>

class QDockWidget;
class QLabel;
class QMainWindow;
class QWidget;
class QScrollArea;

namespace hw::ui {

class FrameView;

/// Presentation mode, for a projector (F5, like a slide show): full screen, the high-contrast theme,
/// thicker lines, every other dock, the menu bar and the status bar hidden. The drawing is fitted to
/// the space left (FrameView); the narration and the note take the largest text at which they are
/// whole (no scrolling); the timeline's text is larger too, within its two rows. Leaving (Esc,
/// Shift+F5, F5 again) restores the window state, the docks, the bars, the fonts and the theme as
/// they were. Blanking ('.' or B, like a presenter remote) covers the whole window with black until
/// pressed again. The main window has one drawing and keeps two docks; the compare window has two
/// drawings, fitted to one text size, and enlarges its own labels (addEnlarged).
class PresentationMode : public QObject {
    Q_OBJECT

public:
    /// How much larger the narration's text is while presenting, at most (it shrinks back towards
    /// its usual size until it is whole).
    static constexpr qreal fontScale = 1.6;
    /// How much larger the timeline's text is: as much as its two rows allow at 1280 px.
    static constexpr qreal timelineFontScale = 1.25;
    /// How much larger the right-click menus' text is while presenting than the window's (which is
    /// at least 11 pt, about 15 px): about 18 px, and a broker's menu still fits a 720 px screen.
    static constexpr qreal menuFontScale = 1.25;
    /// How much thicker the drawing's thin lines are while presenting.
    static constexpr qreal lineScale = 1.25;
    /// The smallest text of the drawing on screen while presenting, in pixels: a 14 px letter reads
    /// from the back of a classroom on a 1280x720 projector.
    static constexpr qreal drawingTextPxMin = 14;
    /// The drawing's text never grows past this floor (scene units), whatever the scale.
    static constexpr qreal drawingTextSizeMax = 56;

    /// keep: the docks that stay visible, the timeline then the narration. views: the drawings.
    PresentationMode(QMainWindow* window, QList<QDockWidget*> keep, QList<FrameView*> views);

    /// A part of the window whose labels, buttons and lists are `scale` times larger while presenting.
    void addEnlarged(QWidget* root, qreal scale);
    /// Where the drawings cannot show drawingTextPxMin fitted (the text floor at its limit), zoom
    /// them in until they do (the compare window's two drawings share the width of one). Off: the
    /// whole drawing is always shown, as in the main window.
    void setZoomToText(bool zoom);

    bool isActive() const { return m_active; }
    void enter();
    void leave();
    void setActive(bool active) { active ? enter() : leave(); }

    /// Shows a status line message over the foot of the drawing while presenting (the status bar is
    /// hidden then): why an action cannot run, that Play reached the end, what an action did. An empty
    /// text, or leaving, hides it. The main window passes every status bar message here.
    void showMessage(const QString& text);
    /// The message shown over the drawing while presenting (hidden otherwise).
    QLabel* messageLabel() const { return m_message; }

    bool isBlanked() const;
    void setBlanked(bool blanked);
    void toggleBlanked() { setBlanked(!isBlanked()); }

signals:
    void activeChanged(bool active);
    /// The theme was switched (on entering and leaving): the scene must repaint.
    void themeChanged();
    /// setZoomToText: the views were zoomed in to this zoom so that their text is drawingTextPxMin.
    void zoomedToText(qreal zoom);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scaleFonts(QWidget* root, qreal scale);
    void fitNarration();
    /// The narration's labels at the largest size up to fontScale at which it needs no scrolling.
    void fitNarrationText();
    /// Raises the drawing's smallest text size (theme::setTextSizeMin) until, with the drawings
    /// fitted to their views again, it is at least drawingTextPxMin pixels tall on screen in each.
    /// Each view kind gets its own: switching views fits again from the usual sizes.
    void fitDrawingText();
    /// The smallest scale at which a view fits its drawing (without the user's zoom).
    qreal fittedScale() const;
    void zoomToText();
    /// Puts the message at the foot of the drawing, as wide as the drawing and as tall as its text.
    void placeMessage();

    QMainWindow* m_window;
    QList<QDockWidget*> m_keep;
    QList<FrameView*> m_views;
    QList<QPair<QWidget*, qreal>> m_enlarged;
    QWidget* m_blank;
    QLabel* m_message;
    bool m_active = false;

    // What leaving restores.
    Qt::WindowStates m_windowState;
    QByteArray m_dockState;
    QList<QPointer<QDockWidget>> m_hiddenDocks;
    bool m_menuBarVisible = true;
    bool m_statusBarVisible = true;
    theme::Theme m_theme = theme::Theme::Light;
    QList<bool> m_legendShown; // per view
    bool m_zoomToText = false;
    qreal m_autoZoom = 0; // the zoom zoomToText chose, while the user keeps it
    QHash<QWidget*, QPointer<QWidget>> m_scaledWidgets;
    QHash<QWidget*, QFont> m_fonts;
    bool m_fitting = false;
    bool m_fittingDrawing = false;
    int m_fittedView = -1; // the FrameScene::ViewKind the text size was fitted for
};

} // namespace hw::ui
