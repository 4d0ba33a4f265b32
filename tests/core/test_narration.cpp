// SPDX-License-Identifier: MIT
// The narration's phrases and how they render: every sentence is written once, in core/scenario/
// narration*.cpp, and a Language turns it into the dump's plain English or the GUI's translations.

#include "scenario/builtin.h"
#include "scenario/narration.h"
#include "scenario/phrase.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>

#include <string>

namespace {

hw::SourceText text(const char* source, bool counted = false)
{
    hw::SourceText message;
    message.source = source;
    message.counted = counted;
    return message;
}

/// A language that writes every message as `pattern`, and capitalizes.
hw::Language speaking(std::string pattern)
{
    return hw::Language{[pattern](const hw::SourceText&, std::int64_t) { return pattern; }, true};
}

TEST(Phrase, ArgumentsFillTheirPlaceholdersInOnePass)
{
    hw::Phrase p(text("%1 and %2, %1 again"));
    p.arg(hw::Phrase::name("topic %2"), 7);
    // A name that looks like a placeholder is written as it is, never filled in turn.
    EXPECT_EQ(hw::render(p, hw::plainEnglish()), "topic %2 and 7, topic %2 again");
}

TEST(Phrase, ATranslationMayPutThePlaceholdersInAnotherOrder)
{
    hw::Phrase p(text("%1 sends %2"));
    p.arg(hw::Phrase::name("p1"), hw::Phrase::name("3 records"));
    EXPECT_EQ(hw::render(p, speaking("%2 from %1")), "3 records from p1");
    EXPECT_EQ(hw::render(p, hw::plainEnglish()), "p1 sends 3 records");
}

TEST(Phrase, PlainEnglishWritesACountAsTheFrameDumpAlwaysHas)
{
    using Plural = hw::SourceText::PlainPlural;
    const auto plain = [](Plural plural, std::int64_t n) {
        hw::Phrase p(text("%n record(s)", true), n);
        p.plainPlural(plural);
        return hw::render(p, hw::plainEnglish());
    };
    EXPECT_EQ(plain(Plural::AsWritten, 1), "1 record(s)");
    EXPECT_EQ(plain(Plural::AsWritten, 2), "2 record(s)");
    EXPECT_EQ(plain(Plural::Spelled, 1), "1 record");
    EXPECT_EQ(plain(Plural::Spelled, 2), "2 records");
    EXPECT_EQ(plain(Plural::Plural, 1), "1 records");
    EXPECT_EQ(plain(Plural::Plural, 0), "0 records");
}

TEST(Phrase, OnlyALanguageThatCapitalizesStartsANameWithACapital)
{
    hw::Phrase p(text("%1 starts."));
    p.arg(hw::Phrase::name("consumer c1")).capitalized();
    EXPECT_EQ(hw::render(p, hw::plainEnglish()), "consumer c1 starts.");
    hw::Language capitalizing = hw::plainEnglish();
    capitalizing.capitalizes = true;
    EXPECT_EQ(hw::render(p, capitalizing), "Consumer c1 starts.");
}

TEST(Phrase, JoinedPhrasesFollowOneAnother)
{
    hw::Phrase first(text("%1 fails"));
    first.arg(hw::Phrase::name("producer p1")).capitalized();
    first += hw::Phrase(text(". It gives up."));
    hw::Language capitalizing = hw::plainEnglish();
    capitalizing.capitalizes = true;
    EXPECT_EQ(hw::render(first, capitalizing), "Producer p1 fails. It gives up.");
    EXPECT_TRUE(hw::Phrase().isEmpty());
}

/// The highest %1..%9 a message's source text holds.
int placeholders(const std::string& source)
{
    int highest = 0;
    for (std::size_t i = 0; i + 1 < source.size(); ++i) {
        if (source[i] == '%' && source[i + 1] >= '1' && source[i + 1] <= '9')
            highest = std::max(highest, source[i + 1] - '0');
    }
    return highest;
}

/// Every message in the phrase gets one argument for each of its placeholders, and a count when it
/// has %n: a missing or extra .arg() would show as "%3" in a sentence or lose a word.
void expectArgumentsMatch(const hw::Phrase& p, const std::string& where)
{
    if (p.kind() == hw::Phrase::Kind::Message) {
        const std::string source = p.message().source;
        EXPECT_EQ(static_cast<int>(p.parts().size()), placeholders(source)) << where << ": \"" << source << "\"";
        EXPECT_EQ(p.message().counted, source.find("%n") != std::string::npos) << where << ": \"" << source << "\"";
        EXPECT_EQ(p.message().counted, p.count() >= 0) << where << ": \"" << source << "\"";
    }
    for (const hw::Phrase& part : p.parts())
        expectArgumentsMatch(part, where);
}

TEST(Narration, EveryMessageOfEveryBuiltinScenarioGetsOneArgumentPerPlaceholder)
{
    std::int64_t frames = 0;
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        auto loaded = hw::loadScenario("builtin:" + std::string(builtin.name));
        ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded)) << builtin.name;
        auto played = hw::playScenario(std::get<hw::Scenario>(loaded));
        ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played)) << builtin.name;
        const hw::Timeline& timeline = std::get<hw::Timeline>(played);
        for (std::int64_t f = 0; f < timeline.frameCount(); ++f, ++frames) {
            const hw::Event& event = timeline.frame(f).event;
            const std::string where = std::string(builtin.name) + " frame " + std::to_string(f);
            expectArgumentsMatch(hw::Narration::sentence(event, timeline.stateAt(f)), where);
            expectArgumentsMatch(hw::Narration::title(event), where + " title");
        }
    }
    EXPECT_GT(frames, 1000);
}

TEST(Narration, EveryKindOfEventWithEveryDetailAndFlagGetsOneArgumentPerPlaceholder)
{
    // Events made by hand, so that the branches a run rarely reaches (live clients, errors, each
    // detail and flag) are covered too: every type, with each detail, error and flag alone.
    auto loaded = hw::loadScenario("builtin:consumer-group-basics");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(loaded));
    auto played = hw::playScenario(std::get<hw::Scenario>(loaded));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    const hw::ClusterState state = std::get<hw::Timeline>(played).head();
    int events = 0;
    for (int type = 0; type < hw::eventTypeCount; ++type) {
        for (std::int32_t detail = -1; detail <= 5; ++detail) {
            for (hw::ErrorCode error : { hw::ErrorCode::None, hw::ErrorCode::RequestTimedOut,
                     hw::ErrorCode::NotEnoughReplicas, hw::ErrorCode::OutOfOrderSequenceNumber }) {
                for (int flag = -1; flag <= 20; ++flag) {
                    for (std::int64_t count : { 0, 1, 3 }) {
                        hw::Event e = hw::Event::at(static_cast<hw::EventType>(type), 0, 1, 0);
                        e.detail = detail;
                        e.error = error;
                        e.flags = flag < 0 ? 0u : 1u << flag;
                        e.count = count;
                        e.value = detail - 2; // -3 .. 3: the live client's offset requests read -2 and -1
                        e.completed = 2;
                        e.attempt = 2;
                        e.text = detail == 0 ? "auto.fetch=true" : "min.insync.replicas=2";
                        const std::string where = std::string(hw::eventTypeName(e.type)) + " detail " +
                                                  std::to_string(detail) + " flag " + std::to_string(flag);
                        expectArgumentsMatch(hw::Narration::sentence(e, state), where);
                        expectArgumentsMatch(hw::Narration::title(e), where + " title");
                        EXPECT_FALSE(hw::narrate(e, state).empty()) << where;
                        ++events;
                    }
                }
            }
        }
    }
    EXPECT_EQ(events, hw::eventTypeCount * 7 * 4 * 22 * 3);
}

} // namespace
