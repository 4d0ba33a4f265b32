// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace hw::ui {

/// A text in the app's three languages.
struct GlossaryText {
    QString en;
    QString zhTw;
    QString zhCn;
    /// The text for a language code ("en", "zh_TW", "zh_CN"); English for any other code.
    const QString& get(const QString& language) const;
    bool isComplete() const
    {
        return !en.trimmed().isEmpty() && !zhTw.trimmed().isEmpty() && !zhCn.trimmed().isEmpty();
    }
};

/// One term: its name and a short definition, faithful to the seed article and to real Kafka
/// (shared/docs/kafka-semantics.md), and the entries it relates to.
struct GlossaryEntry {
    QString id; // "leo", "isr", "min-insync", ...
    GlossaryText term;
    GlossaryText definition;
    QStringList seeAlso; // entry ids
};

/// A "textbook vs real Kafka" note: what the seed article (or a common textbook) says, and what Kafka
/// really does (section 6 of kafka-semantics.md, section 7 of kafka-versions.md), with the entries it
/// concerns and the Kafka version that changed it.
struct TextbookNote {
    QStringList terms;
    GlossaryText claim;
    GlossaryText reality;
    /// The Kafka release from which `reality` holds ("4.1"); empty for a note no release changed.
    QString since;
};

/// The glossary the app ships (resources/glossary/glossary.json, compiled in under :/glossary). It
/// backs the glossary dock and the tooltips of the drawn markers and badges.
class Glossary {
public:
    static constexpr qsizetype entriesMax = 200;
    static constexpr qsizetype notesMax = 100;
    static constexpr qsizetype fileBytesMax = 1024 * 1024;
    /// The id of the pseudo-entry that lists every textbook note.
    static QString textbookId() { return QStringLiteral("textbook-vs-kafka"); }

    /// The built-in glossary, parsed once.
    static const Glossary& builtin();
    /// Parses glossary JSON. On error, returns an empty glossary and sets *error.
    static Glossary parse(const QByteArray& json, QString* error);

    const QList<GlossaryEntry>& entries() const { return m_entries; }
    const QList<TextbookNote>& textbook() const { return m_notes; }
    const GlossaryEntry* entry(const QString& id) const;
    QList<const TextbookNote*> notesFor(const QString& id) const;

    /// The entry for a drawn text's role ("leo", "badge:isr", ...), or an empty string.
    static QString entryForRole(const QString& role);

    /// "Term: definition" in a language, for tooltips; empty for an unknown id.
    QString toolTip(const QString& id, const QString& language) const;
    /// The same as rich text that wraps: the term in bold, then the definition in lines at most
    /// toolTipWidthPx wide (a plain-text tooltip is one line as wide as the screen).
    QString richToolTip(const QString& id, const QString& language) const;
    static QString wrappedToolTip(const QString& term, const QString& definition);
    static constexpr int toolTipWidthPx = 420;

    /// The UI's language code: "en", "zh_TW" or "zh_CN".
    static QString currentLanguage();

private:
    QList<GlossaryEntry> m_entries;
    QList<TextbookNote> m_notes;
};

} // namespace hw::ui
