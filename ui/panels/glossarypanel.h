// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QTextBrowser;

namespace hw::ui {

/// The glossary dock: a filter field, the list of terms in the UI language and, for the chosen term,
/// its definition in large text, the "textbook vs real Kafka" notes that concern it and "see also"
/// links. Hovering a marker or badge in the drawing selects its entry here (showEntry).
class GlossaryPanel : public QWidget {
    Q_OBJECT

public:
    explicit GlossaryPanel(QWidget* parent = nullptr);

    /// Shows an entry (or the textbook notes, Glossary::textbookId()). Returns false for an unknown id.
    bool showEntry(const QString& id);
    QString currentEntry() const { return m_current; }
    /// Keeps the entries whose term or definition contains text (any language's case rules).
    void setFilter(const QString& text);

    // The parts, for tests.
    QLineEdit* filterField() const { return m_filter; }
    QListWidget* list() const { return m_list; }
    QTextBrowser* text() const { return m_text; }
    /// The terms listed, in order, as shown.
    QStringList listedTerms() const;
    /// How a note's "since" version is shown: "(Kafka 4.1+)".
    static QString versionText(const QString& since);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rebuildList();
    void render();

    QLineEdit* m_filter;
    QListWidget* m_list;
    QTextBrowser* m_text;
    QString m_current;
    QString m_language;
};

} // namespace hw::ui
