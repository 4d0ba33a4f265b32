// SPDX-License-Identifier: MIT
#include "panels/glossarypanel.h"

#include "base/glossary.h"

#include <QEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace hw::ui {

namespace {

/// The definition is read from the back of a room: this much larger than the UI font.
constexpr qreal definitionScale = 1.45;
const char* const linkScheme = "glossary";

} // namespace

GlossaryPanel::GlossaryPanel(QWidget* parent)
    : QWidget(parent), m_filter(new QLineEdit(this)), m_list(new QListWidget(this)), m_text(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("glossaryPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_filter->setClearButtonEnabled(true);
    m_filter->setObjectName(QStringLiteral("glossaryFilter"));
    layout->addWidget(m_filter);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_list);
    split->addWidget(m_text);
    // Small minimums: the dock shares its column with the narration and other tabs.
    m_list->setMinimumHeight(60);
    m_text->setMinimumHeight(80);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    m_text->setOpenLinks(false);
    QFont big = m_text->font();
    big.setPointSizeF(big.pointSizeF() * definitionScale);
    m_text->setFont(big);

    connect(m_filter, &QLineEdit::textChanged, this, &GlossaryPanel::setFilter);
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item)
            showEntry(item->data(Qt::UserRole).toString());
    });
    connect(m_text, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QLatin1String(linkScheme))
            showEntry(url.path());
    });
    m_language = Glossary::currentLanguage();
    retranslate();
    rebuildList();
    showEntry(QStringLiteral("hw"));
}

QString GlossaryPanel::versionText(const QString& since)
{
    //: After a "textbook vs real Kafka" note, in brackets: the Kafka release from which Kafka behaves so.
    return tr("(Kafka %1+)").arg(since);
}

QStringList GlossaryPanel::listedTerms() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i) {
        if (!m_list->item(i)->isHidden())
            out << m_list->item(i)->text();
    }
    return out;
}

void GlossaryPanel::retranslate()
{
    m_filter->setPlaceholderText(tr("Search the glossary"));
    m_filter->setToolTip(tr("Type part of a term or of its definition"));
}

void GlossaryPanel::rebuildList()
{
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    const Glossary& glossary = Glossary::builtin();
    for (const GlossaryEntry& entry : glossary.entries()) {
        auto* item = new QListWidgetItem(entry.term.get(m_language), m_list);
        item->setData(Qt::UserRole, entry.id);
        item->setToolTip(Glossary::wrappedToolTip(QString(), entry.definition.get(m_language)));
    }
    auto* notes = new QListWidgetItem(tr("Textbook vs real Kafka"), m_list);
    notes->setData(Qt::UserRole, Glossary::textbookId());
    QFont bold = notes->font();
    bold.setBold(true);
    notes->setFont(bold);
    setFilter(m_filter->text());
}

void GlossaryPanel::setFilter(const QString& text)
{
    if (m_filter->text() != text)
        m_filter->setText(text); // comes back here through textChanged
    const QString needle = text.trimmed();
    const Glossary& glossary = Glossary::builtin();
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* item = m_list->item(i);
        bool match = needle.isEmpty() || item->text().contains(needle, Qt::CaseInsensitive);
        if (!match) {
            if (const GlossaryEntry* entry = glossary.entry(item->data(Qt::UserRole).toString())) {
                // Any language matches: a student may type "HW" or "高水位" whatever the UI shows.
                for (const GlossaryText* t : { &entry->term, &entry->definition }) {
                    for (const QString* s : { &t->en, &t->zhTw, &t->zhCn })
                        match = match || s->contains(needle, Qt::CaseInsensitive);
                }
            }
        }
        item->setHidden(!match);
    }
}

bool GlossaryPanel::showEntry(const QString& id)
{
    const Glossary& glossary = Glossary::builtin();
    if (id != Glossary::textbookId() && !glossary.entry(id))
        return false;
    m_current = id;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(Qt::UserRole).toString() == id) {
            const QSignalBlocker blocker(m_list);
            m_list->setCurrentRow(i);
            m_list->scrollToItem(m_list->item(i));
        }
    }
    render();
    return true;
}

void GlossaryPanel::render()
{
    const Glossary& glossary = Glossary::builtin();
    const QString& lang = m_language;
    QString html;
    auto noteHtml = [&lang](const TextbookNote& note) {
        // The release that changed the claim follows what real Kafka does, as "(Kafka 4.1+)".
        const QString since = note.since.isEmpty()
            ? QString()
            : QStringLiteral(" <b>%1</b>").arg(versionText(note.since).toHtmlEscaped());
        return QStringLiteral("<li><p><b>%1</b> %2<br/><b>%3</b> %4%5</p></li>")
            .arg(tr("Textbook:").toHtmlEscaped(), note.claim.get(lang).toHtmlEscaped(),
                tr("Real Kafka:").toHtmlEscaped(), note.reality.get(lang).toHtmlEscaped(), since);
    };
    if (m_current == Glossary::textbookId()) {
        html += QStringLiteral("<h2>%1</h2>").arg(tr("Textbook vs real Kafka").toHtmlEscaped());
        html += QStringLiteral("<p>%1</p><ul>")
                    .arg(tr("What the seed article and many textbooks simplify, what Kafka does instead, and "
                            "the Kafka version from which it does so.")
                             .toHtmlEscaped());
        for (const TextbookNote& note : glossary.textbook())
            html += noteHtml(note);
        html += QStringLiteral("</ul>");
    } else if (const GlossaryEntry* entry = glossary.entry(m_current)) {
        html += QStringLiteral("<h2>%1</h2><p>%2</p>")
                    .arg(entry->term.get(lang).toHtmlEscaped(), entry->definition.get(lang).toHtmlEscaped());
        const QList<const TextbookNote*> notes = glossary.notesFor(entry->id);
        if (!notes.isEmpty()) {
            html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("Textbook vs real Kafka").toHtmlEscaped());
            for (const TextbookNote* note : notes)
                html += noteHtml(*note);
            html += QStringLiteral("</ul>");
        }
        if (!entry->seeAlso.isEmpty()) {
            QStringList links;
            for (const QString& id : entry->seeAlso) {
                if (const GlossaryEntry* other = glossary.entry(id))
                    links << QStringLiteral("<a href=\"%1:%2\">%3</a>")
                                 .arg(QLatin1String(linkScheme), id, other->term.get(lang).toHtmlEscaped());
            }
            html += QStringLiteral("<p><b>%1</b> %2</p>")
                        .arg(tr("See also:").toHtmlEscaped(), links.join(QStringLiteral(" \u00B7 ")));
        }
    }
    m_text->setHtml(html);
}

void GlossaryPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        m_language = Glossary::currentLanguage();
        retranslate();
        rebuildList();
        showEntry(m_current);
    }
}

} // namespace hw::ui
