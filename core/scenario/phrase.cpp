// SPDX-License-Identifier: MIT
#include "scenario/phrase.h"

#include <cctype>
#include <utility>

namespace hw {

Phrase::Phrase(const SourceText& message, std::int64_t count)
    : m_kind(Kind::Message), m_message(message), m_count(count)
{
}

Phrase Phrase::number(std::int64_t value)
{
    Phrase p;
    p.m_kind = Kind::Number;
    p.m_count = value;
    return p;
}

Phrase Phrase::name(std::string text)
{
    Phrase p;
    p.m_kind = Kind::Name;
    p.m_name = std::move(text);
    return p;
}

Phrase& Phrase::arg(Phrase argument)
{
    m_parts.push_back(std::move(argument));
    return *this;
}

Phrase& Phrase::capitalized()
{
    m_capitalized = true;
    return *this;
}

Phrase& Phrase::plainPlural(SourceText::PlainPlural plural)
{
    m_message.plainPlural = plural;
    return *this;
}

Phrase& Phrase::operator+=(Phrase next)
{
    if (m_kind != Kind::Joined || m_capitalized) {
        Phrase first = std::move(*this);
        *this = Phrase();
        m_parts.push_back(std::move(first));
    }
    m_parts.push_back(std::move(next));
    return *this;
}

namespace {

std::string replaceAll(std::string text, const std::string& from, const std::string& to)
{
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

std::string plainText(const SourceText& message, std::int64_t count)
{
    std::string text = message.source;
    if (!message.counted)
        return text;
    text = replaceAll(std::move(text), "%n", std::to_string(count));
    if (message.plainPlural == SourceText::PlainPlural::Spelled)
        text = replaceAll(std::move(text), "(s)", count == 1 ? "" : "s");
    else if (message.plainPlural == SourceText::PlainPlural::Plural)
        text = replaceAll(std::move(text), "(s)", "s");
    return text;
}

} // namespace

const Language& plainEnglish()
{
    static const Language english{plainText, false};
    return english;
}

std::string render(const Phrase& p, const Language& language)
{
    std::string text;
    switch (p.m_kind) {
    case Phrase::Kind::Number:
        return std::to_string(p.m_count);
    case Phrase::Kind::Name:
        return p.m_name;
    case Phrase::Kind::Joined:
        for (const Phrase& part : p.m_parts)
            text += render(part, language);
        break;
    case Phrase::Kind::Message: {
        const std::string pattern = language.translate(p.m_message, p.m_count);
        text.reserve(pattern.size());
        for (std::size_t i = 0; i < pattern.size(); ++i) {
            const char c = pattern[i];
            const bool placeholder = c == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9';
            const std::size_t index = placeholder ? static_cast<std::size_t>(pattern[i + 1] - '1') : p.m_parts.size();
            if (index < p.m_parts.size()) {
                text += render(p.m_parts[index], language);
                ++i;
            } else {
                text += c;
            }
        }
        break;
    }
    }
    if (p.m_capitalized && language.capitalizes && !text.empty())
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

} // namespace hw
