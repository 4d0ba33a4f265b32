// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

/// Marks a class whose tr() texts lupdate files under `context`, as Qt's Q_DECLARE_TR_FUNCTIONS does;
/// it declares nothing. lupdate reads it through `-tr-function-alias Q_DECLARE_TR_FUNCTIONS+=HW_TR_CONTEXT`
/// (ui/CMakeLists.txt), so the engine's sentences are translated without the engine including Qt.
#define HW_TR_CONTEXT(context)

namespace hw {

/// One translatable text: its English source, which is also its key in the translations, and what
/// Qt's tr() takes with it.
struct SourceText {
    const char* context = "";
    const char* source = "";
    const char* comment = nullptr; // Qt's disambiguation, nullptr for none
    bool counted = false;          // the text has %n: a count picks its plural form
    /// How the plain English (plainEnglish()) writes a counted text's "(s)": as the frame dump always
    /// has, which its recorded digests hold it to.
    enum class PlainPlural : std::uint8_t {
        AsWritten, // "2 waiting acks=all produce(s) answered."
        Spelled,   // "1 record", "2 records"
        Plural,    // "3 brokers", and "all 1 members" too
    } plainPlural = PlainPlural::AsWritten;
};

/// A narration before it is text: a message with its arguments (numbers, names, and other phrases),
/// a number, a name, or phrases joined one after the other. The engine builds phrases; render() turns
/// one into the words of a language. The arguments fill %1, %2, ... of the message in order, as Qt's
/// QString::arg does.
class Phrase {
public:
    enum class Kind : std::uint8_t { Message, Number, Name, Joined };

    Phrase() = default;
    explicit Phrase(const SourceText& message, std::int64_t count = -1);
    static Phrase number(std::int64_t value);
    /// A name as it is written in every language: a topic, a client's id, an error's Kafka name.
    static Phrase name(std::string text);

    Phrase& arg(Phrase argument);
    Phrase& arg(std::int64_t value) { return arg(number(value)); }
    Phrase& arg(std::int32_t value) { return arg(number(value)); }
    template <typename First, typename Second, typename... Rest>
    Phrase& arg(First&& first, Second&& second, Rest&&... rest)
    {
        arg(std::forward<First>(first));
        return arg(std::forward<Second>(second), std::forward<Rest>(rest)...);
    }
    /// The sentence starts with a capital in the languages that capitalize (Language::capitalizes):
    /// "Producer p1 sends ..." where the frame dump says "producer p1 sends ...".
    Phrase& capitalized();
    /// How the plain English writes this counted message's "(s)" (SourceText::plainPlural).
    Phrase& plainPlural(SourceText::PlainPlural plural);
    /// This phrase followed directly by `next` (no space: `next` says how it joins).
    Phrase& operator+=(Phrase next);
    friend Phrase operator+(Phrase first, Phrase next)
    {
        first += std::move(next);
        return first;
    }

    Kind kind() const { return m_kind; }
    const SourceText& message() const { return m_message; }
    std::int64_t count() const { return m_count; }
    /// A message's arguments, or the joined phrases.
    const std::vector<Phrase>& parts() const { return m_parts; }
    bool isEmpty() const { return m_kind == Kind::Joined && m_parts.empty(); }

private:
    friend std::string render(const Phrase& phrase, const struct Language& language);

    Kind m_kind = Kind::Joined;
    bool m_capitalized = false;
    SourceText m_message;
    std::int64_t m_count = -1; // SourceText: its %n; Number: the value
    std::string m_name;
    std::vector<Phrase> m_parts; // SourceText: the arguments; Joined: the phrases in order
};

/// How a language writes a phrase.
struct Language {
    /// The message's text in this language, with %n already replaced by `count` when it is counted.
    std::function<std::string(const SourceText& message, std::int64_t count)> translate;
    /// Whether a phrase marked capitalized() starts with a capital letter.
    bool capitalizes = true;
};

/// The English of the frame dump and the CLI: each message's source text as written, the count as a
/// number, names at a sentence's start in lower case ("producer p1 sends"). The dump's recorded
/// digests (tests/cli/data/builtin-dumps.sha256) hold it to that.
const Language& plainEnglish();

/// The phrase in `language`: each message translated, then its %1, %2, ... replaced by its
/// arguments in one pass (an argument's own text is never searched for placeholders).
std::string render(const Phrase& phrase, const Language& language);

} // namespace hw
