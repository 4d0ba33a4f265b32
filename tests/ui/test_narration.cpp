// SPDX-License-Identifier: MIT
// The GUI's narration is its own (translatable) text built from the event fields; in English it
// must say exactly what the engine's narration says, for every frame of every built-in scenario.

#include "builtin.h"
#include "event.h"
#include "narration.h"
#include "uitest_support.h"

#include <gtest/gtest.h>

#include <cctype>
#include <regex>

namespace {

/// The engine's English and the GUI's agree up to capitals and plurals: the engine starts some
/// sentences with a lower-case name ("producer p1 sends", "... 2. broker 2 has caught up") and writes some plurals as
/// "produce(s)", where the GUI's English translation says "produce" or "produces". Everything else (every number, name
/// and clause) must be identical.
std::string comparable(const std::string& text)
{
    std::string out = std::regex_replace(text, std::regex("\\(s\\)"), "");
    out = std::regex_replace(out, std::regex("([A-Za-z]+?)s\\b"), "$1");
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (i == 0 || (i >= 2 && out[i - 2] == '.' && out[i - 1] == ' '))
            out[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[i])));
    }
    return out;
}

void expectSameNarration(const hw::Timeline& timeline, const std::string& name)
{
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::ClusterState state = timeline.stateAt(f);
        const hw::Event& event = timeline.frame(f).event;
        ASSERT_EQ(
            comparable(hw::ui::Narration::sentence(event, state).toStdString()), comparable(hw::narrate(event, state)))
            << name << " frame " << f << " (" << hw::eventTypeName(event.type) << ")";
        EXPECT_FALSE(hw::ui::Narration::title(event.type).isEmpty());
    }
}

TEST(Narration, MatchesTheEnginesEnglishForEveryBuiltinScenario)
{
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios())
        expectSameNarration(hw::uitest::play("builtin:" + std::string(builtin.name)), std::string(builtin.name));
}

TEST(Narration, MatchesTheEnginesEnglishForConsumerGroups)
{
    auto played = hw::playScenario(hw::uitest::groupsScenario());
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    expectSameNarration(std::get<hw::Timeline>(played), "groups");
}

TEST(Narration, EnglishSaysOneRecordAndTwoRecords)
{
    hw::Event e;
    e.type = hw::EventType::ProduceSent;
    e.node = 0;
    e.peer = 1;
    e.partition = 0;
    e.count = 1;
    const hw::Timeline timeline = hw::uitest::play("builtin:leo-hw-walkthrough");
    const hw::ClusterState state = timeline.stateAt(0);
    EXPECT_EQ(hw::ui::Narration::sentence(e, state),
        QStringLiteral("Producer p1 sends 1 record to orders-0 (leader broker 1)."));
    e.count = 2;
    EXPECT_EQ(hw::ui::Narration::sentence(e, state),
        QStringLiteral("Producer p1 sends 2 records to orders-0 (leader broker 1)."));
}

TEST(Narration, EveryEventTypeHasATitle)
{
    for (int t = 0; t < hw::eventTypeCount; ++t)
        EXPECT_FALSE(hw::ui::Narration::title(static_cast<hw::EventType>(t)).isEmpty()) << t;
}

} // namespace
