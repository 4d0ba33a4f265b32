// SPDX-License-Identifier: MIT
#include "base/glossary.h"

#include "base/i18n.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace hw::ui {

namespace {

bool readText(const QJsonValue& value, GlossaryText* out)
{
    if (!value.isObject())
        return false;
    const QJsonObject o = value.toObject();
    out->en = o.value(QLatin1String("en")).toString();
    out->zhTw = o.value(QLatin1String("zh_TW")).toString();
    out->zhCn = o.value(QLatin1String("zh_CN")).toString();
    return true;
}

/// A JSON value as the file spells it: "4.1" with its quotes, 4.1, null.
QString jsonText(const QJsonValue& value)
{
    // QJsonDocument writes arrays and objects only: write [value] and take the brackets off.
    return QString::fromUtf8(QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

QStringList readIds(const QJsonValue& value)
{
    QStringList ids;
    for (const QJsonValue& v : value.toArray())
        ids << v.toString();
    return ids;
}

} // namespace

const QString& GlossaryText::get(const QString& language) const
{
    if (language == QLatin1String("zh_TW"))
        return zhTw;
    if (language == QLatin1String("zh_CN"))
        return zhCn;
    return en;
}

const Glossary& Glossary::builtin()
{
    static const Glossary glossary = [] {
        QFile file(QStringLiteral(":/glossary/glossary.json"));
        QString error;
        if (!file.open(QIODevice::ReadOnly)) {
            qWarning("The built-in glossary is missing: %s", qPrintable(file.errorString()));
            return Glossary();
        }
        Glossary parsed = parse(file.read(fileBytesMax + 1), &error);
        if (!error.isEmpty())
            qWarning("The built-in glossary is invalid: %s", qPrintable(error));
        return parsed;
    }();
    return glossary;
}

Glossary Glossary::parse(const QByteArray& json, QString* error)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return Glossary();
    };
    if (json.size() > fileBytesMax)
        return fail(QStringLiteral("the glossary is larger than %1 bytes").arg(fileBytesMax));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return fail(parseError.errorString());
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("format")).toString() != QLatin1String("highwater-glossary/1"))
        return fail(QStringLiteral("not a highwater-glossary/1 file"));
    const QJsonArray entries = root.value(QLatin1String("entries")).toArray();
    const QJsonArray notes = root.value(QLatin1String("textbook")).toArray();
    if (entries.size() > entriesMax || notes.size() > notesMax)
        return fail(
            QStringLiteral("too many entries (at most %1) or notes (at most %2)").arg(entriesMax).arg(notesMax));
    Glossary glossary;
    QHash<QString, int> seen;
    for (const QJsonValue& value : entries) {
        const QJsonObject o = value.toObject();
        GlossaryEntry entry;
        entry.id = o.value(QLatin1String("id")).toString();
        if (entry.id.isEmpty() || seen.contains(entry.id))
            return fail(QStringLiteral("an entry has no id or a repeated id (%1)").arg(entry.id));
        if (!readText(o.value(QLatin1String("term")), &entry.term)
            || !readText(o.value(QLatin1String("definition")), &entry.definition))
            return fail(QStringLiteral("entry %1 lacks a term or a definition").arg(entry.id));
        entry.seeAlso = readIds(o.value(QLatin1String("seeAlso")));
        seen.insert(entry.id, static_cast<int>(glossary.m_entries.size()));
        glossary.m_entries.append(entry);
    }
    // A release number, major.minor as kafka-versions.md names them; at most "99.99".
    static const QRegularExpression versionPattern(QStringLiteral("^[0-9]{1,2}\\.[0-9]{1,2}$"));
    for (qsizetype i = 0; i < notes.size(); ++i) {
        const QJsonObject o = notes[i].toObject();
        TextbookNote note;
        note.terms = readIds(o.value(QLatin1String("terms")));
        if (!readText(o.value(QLatin1String("claim")), &note.claim)
            || !readText(o.value(QLatin1String("reality")), &note.reality))
            return fail(QStringLiteral("textbook[%1] lacks its claim or reality").arg(i));
        if (const QJsonValue since = o.value(QLatin1String("since")); !since.isUndefined()) {
            note.since = since.toString();
            if (!since.isString() || !versionPattern.match(note.since).hasMatch())
                return fail(QStringLiteral("textbook[%1].since: expected a Kafka version such as \"4.1\", got %2")
                                .arg(i)
                                .arg(jsonText(since)));
        }
        glossary.m_notes.append(note);
    }
    // Links must land somewhere: a dangling "see also" is a typo in the file.
    for (const GlossaryEntry& entry : std::as_const(glossary.m_entries)) {
        for (const QString& id : entry.seeAlso) {
            if (!seen.contains(id))
                return fail(QStringLiteral("entry %1 refers to unknown entry %2").arg(entry.id, id));
        }
    }
    for (const TextbookNote& note : std::as_const(glossary.m_notes)) {
        for (const QString& id : note.terms) {
            if (!seen.contains(id))
                return fail(QStringLiteral("a textbook note refers to unknown entry %1").arg(id));
        }
    }
    return glossary;
}

const GlossaryEntry* Glossary::entry(const QString& id) const
{
    for (const GlossaryEntry& e : m_entries) {
        if (e.id == id)
            return &e;
    }
    return nullptr;
}

QList<const TextbookNote*> Glossary::notesFor(const QString& id) const
{
    QList<const TextbookNote*> out;
    for (const TextbookNote& note : m_notes) {
        if (id == textbookId() || note.terms.contains(id))
            out.append(&note);
    }
    return out;
}

QString Glossary::entryForRole(const QString& role)
{
    // The roles of the texts and markers the items draw (see FrameItem::TextRun::role).
    static const QHash<QString, QString> byRole = {
        { QStringLiteral("leo"), QStringLiteral("leo") },
        { QStringLiteral("hw"), QStringLiteral("hw") },
        { QStringLiteral("partition-hw"), QStringLiteral("hw") },
        { QStringLiteral("view"), QStringLiteral("leader-view") },
        { QStringLiteral("epoch"), QStringLiteral("leader-epoch") },
        { QStringLiteral("cell"), QStringLiteral("offset") },
        { QStringLiteral("badge:leader"), QStringLiteral("leader") },
        { QStringLiteral("badge:follower"), QStringLiteral("follower") },
        { QStringLiteral("badge:isr"), QStringLiteral("isr") },
        { QStringLiteral("badge:osr"), QStringLiteral("osr") },
        { QStringLiteral("badge:elr"), QStringLiteral("elr") },
        { QStringLiteral("badge:last-leader"), QStringLiteral("last-known-elr") },
        { QStringLiteral("badge:recovering"), QStringLiteral("leader-recovery-state") },
        { QStringLiteral("badge:state"), QStringLiteral("broker-state") },
        { QStringLiteral("badge:group-state"), QStringLiteral("rebalance") },
        { QStringLiteral("badge:phase"), QStringLiteral("consumer") },
        { QStringLiteral("acks"), QStringLiteral("acks") },
        { QStringLiteral("leader"), QStringLiteral("leader-epoch") },
        { QStringLiteral("isr"), QStringLiteral("isr") },
        { QStringLiteral("config"), QStringLiteral("min-insync") },
        { QStringLiteral("owned"), QStringLiteral("consumer-group") },
    };
    return byRole.value(role);
}

QString Glossary::toolTip(const QString& id, const QString& language) const
{
    const GlossaryEntry* e = entry(id);
    if (!e)
        return QString();
    return e->term.get(language) + QStringLiteral("\n") + e->definition.get(language);
}

QString Glossary::richToolTip(const QString& id, const QString& language) const
{
    const GlossaryEntry* e = entry(id);
    if (!e)
        return QString();
    return wrappedToolTip(e->term.get(language), e->definition.get(language));
}

QString Glossary::wrappedToolTip(const QString& term, const QString& definition)
{
    // A table cell of fixed width is the one width Qt's rich text honours; QToolTip wraps rich
    // text in it. Chinese has no spaces, and wraps there between any two characters.
    QString html = QStringLiteral("<table width=\"%1\"><tr><td>").arg(toolTipWidthPx);
    if (!term.isEmpty())
        html += QStringLiteral("<b>") + term.toHtmlEscaped() + QStringLiteral("</b><br/>");
    html += definition.toHtmlEscaped() + QStringLiteral("</td></tr></table>");
    return html;
}

QString Glossary::currentLanguage()
{
    return hw::ui::currentLanguage();
}

} // namespace hw::ui
