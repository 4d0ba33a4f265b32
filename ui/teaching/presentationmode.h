// SPDX-License-Identifier: MIT
#pragma once

#include "base/theme.h"

#include <QByteArray>
#include <QFont>
#include <QHash>
#include <QObject>
#include <QPointer>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace hw::ui {

/// Presentation mode, for a projector (F5, like a slide show): full screen, the high-contrast theme,
/// thicker lines, larger text in the timeline and narration, every other dock, the menu bar and the
/// status bar hidden. Leaving (Esc, Shift+F5, F5 again) restores the window state, the docks, the
/// bars, the fonts and the theme as they were. Blanking ('.' or B, like a presenter remote) covers
/// the drawing with black until pressed again.
class PresentationMode : public QObject {
    Q_OBJECT

public:
    /// How much larger the timeline's and narration's text is while presenting.
    static constexpr qreal fontScale = 1.6;
    /// How much thicker the drawing's thin lines are while presenting.
    static constexpr qreal lineScale = 1.25;

    /// keep: the docks that stay visible, the timeline then the narration. view: the drawing that blanking covers.
    PresentationMode(QMainWindow* window, QList<QDockWidget*> keep, QWidget* view);

    bool isActive() const { return m_active; }
    void enter();
    void leave();
    void setActive(bool active) { active ? enter() : leave(); }

    bool isBlanked() const;
    void setBlanked(bool blanked);
    void toggleBlanked() { setBlanked(!isBlanked()); }

signals:
    void activeChanged(bool active);
    /// The theme was switched (on entering and leaving): the scene must repaint.
    void themeChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scaleFonts(QWidget* root);
    void fitNarration();

    QMainWindow* m_window;
    QList<QDockWidget*> m_keep;
    QWidget* m_view;
    QWidget* m_blank;
    bool m_active = false;

    // What leaving restores.
    Qt::WindowStates m_windowState;
    QByteArray m_dockState;
    QList<QPointer<QDockWidget>> m_hiddenDocks;
    bool m_menuBarVisible = true;
    bool m_statusBarVisible = true;
    theme::Theme m_theme = theme::Theme::Light;
    QHash<QWidget*, QPointer<QWidget>> m_scaledWidgets;
    QHash<QWidget*, QFont> m_fonts;
};

} // namespace hw::ui
