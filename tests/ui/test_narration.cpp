// SPDX-License-Identifier: MIT
// The GUI renders the engine's narration (hw::Narration, written once in core/scenario/narration*.cpp)
// through Qt's translations. In English it must say exactly what the frame dump says, for every frame
// of every built-in scenario, up to the capitals and plural forms the GUI's English adds.

#include "base/i18n.h"
#include "base/narration.h"
#include "model/event.h"
#include "scenario/builtin.h"
#include "scenario/narration.h"
#include "uitest_support.h"

#include <gtest/gtest.h>

#include <QRegularExpression>

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

/// A run made to show the consumer's request timeouts: consumers are added at run time, then every
/// broker in turn, and then two at once, are cut off (isolated, so only timeouts tell) while the
/// group works and a rebalance is under way.
const char* timeoutsScenarioJson()
{
    return R"({"format": "highwater/1", "name": "timeouts", "seed": 11,
 "cluster": {"brokers": 3, "config": {"session.timeout.ms": 6000, "request.timeout.ms": 4000,
                                       "max.poll.interval.ms": 8000}},
 "topics": [{"name": "orders", "partitions": 3, "replication.factor": 3}],
 "producers": [{"id": "p1", "acks": "1", "rate_per_s": 2, "topic": "orders"}],
 "consumers": [
   {"id": "c1", "group": "g", "subscribe": ["orders"], "auto.offset.reset": "earliest"},
   {"id": "c2", "group": "g", "subscribe": ["orders"], "auto.offset.reset": "earliest"}],
 "steps": [
   {"rebalance": {"group": "g"}},
   {"add_consumer": {"id": "c3", "group": "g", "subscribe": ["orders"], "auto.offset.reset": "earliest"}},
   {"add_consumer": {"id": "m1", "assign": [{"topic": "orders", "partition": 2}]}},
   {"advance": {"ms": 500}},
   {"isolate": {"broker": 1}}, {"advance": {"ms": 15000}}, {"heal": {"broker": 1}}, {"advance": {"ms": 8000}},
   {"isolate": {"broker": 2}}, {"advance": {"ms": 15000}}, {"heal": {"broker": 2}}, {"advance": {"ms": 8000}},
   {"isolate": {"broker": 3}}, {"advance": {"ms": 15000}}, {"heal": {"broker": 3}}, {"advance": {"ms": 8000}},
   {"add_consumer": {"id": "c4", "group": "g", "subscribe": ["orders"]}}, {"advance": {"ms": 30}},
   {"isolate": {"broker": 1}}, {"advance": {"ms": 20000}}, {"heal": {"broker": 1}}, {"advance": {"ms": 8000}},
   {"add_consumer": {"id": "c5", "group": "g", "subscribe": ["orders"]}}, {"advance": {"ms": 30}},
   {"isolate": {"broker": 2}}, {"advance": {"ms": 20000}}, {"heal": {"broker": 2}}, {"advance": {"ms": 8000}},
   {"add_consumer": {"id": "c6", "group": "g", "subscribe": ["orders"]}}, {"advance": {"ms": 30}},
   {"isolate": {"broker": 3}}, {"advance": {"ms": 20000}}, {"heal": {"broker": 3}}, {"advance": {"ms": 8000}},
   {"isolate": {"broker": 1}}, {"isolate": {"broker": 2}}, {"advance": {"ms": 20000}},
   {"heal": {"broker": 1}}, {"heal": {"broker": 2}}, {"advance": {"ms": 8000}},
   {"isolate": {"broker": 2}}, {"isolate": {"broker": 3}}, {"advance": {"ms": 20000}},
   {"heal": {"broker": 2}}, {"heal": {"broker": 3}}, {"advance": {"ms": 8000}}]})";
}

TEST(Narration, MatchesTheEnginesEnglishForAddedConsumersAndRequestTimeouts)
{
    auto parsed = hw::parseScenario(timeoutsScenarioJson(), "timeouts.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
    auto played = hw::playScenario(std::get<hw::Scenario>(parsed));
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played)) << std::get<hw::ScenarioError>(played).toString();
    const hw::Timeline& timeline = std::get<hw::Timeline>(played);
    expectSameNarration(timeline, "timeouts");

    // The run holds every kind of event this test is for, so the comparison above covered them.
    bool added = false, manualAdded = false, refresh = false, refreshFailed = false, sessionExpired = false,
         groupTimeout = false, fetchTimeout = false;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
        const hw::Event& e = timeline.frame(f).event;
        const bool timedOut = e.error == hw::ErrorCode::RequestTimedOut;
        added = added || (e.type == hw::EventType::ConsumerStarted && e.detail == 1 && e.value >= 0);
        manualAdded = manualAdded || (e.type == hw::EventType::ConsumerStarted && e.detail == 1 && e.value < 0);
        refresh = refresh || (e.type == hw::EventType::CoordinatorFound && e.detail == 1 && e.error == hw::ErrorCode::None);
        refreshFailed = refreshFailed || (e.type == hw::EventType::CoordinatorFound && e.detail == 1 && timedOut);
        sessionExpired = sessionExpired || (e.type == hw::EventType::GroupRequestSent && e.detail == -1 && timedOut);
        groupTimeout = groupTimeout || (e.type == hw::EventType::GroupResponseApplied && timedOut);
        fetchTimeout = fetchTimeout || (e.type == hw::EventType::RecordsReceived && timedOut);
        if (e.type == hw::EventType::GroupRequestSent && e.detail == -1 && timedOut) {
            EXPECT_EQ(hw::ui::Narration::title(e), QStringLiteral("Consumer session expired"));
        }
        if (e.type == hw::EventType::CoordinatorFound && e.detail == 1 && !timedOut) {
            EXPECT_EQ(hw::ui::Narration::title(e), QStringLiteral("Consumer metadata refreshed"));
        }
    }
    EXPECT_TRUE(added);
    EXPECT_TRUE(manualAdded);
    EXPECT_TRUE(refresh);
    EXPECT_TRUE(refreshFailed);
    EXPECT_TRUE(sessionExpired);
    EXPECT_TRUE(groupTimeout);
    EXPECT_TRUE(fetchTimeout);
}

TEST(Narration, TheTimeoutEventsAndAHandBuiltRefreshReadAsTheEnginesEnglish)
{
    // Fields the engine sets for these events, including ones a run rarely shows (a refresh naming no
    // broker, several leaders changed at once).
    auto played = hw::playScenario(hw::uitest::groupsScenario());
    ASSERT_TRUE(std::holds_alternative<hw::Timeline>(played));
    const hw::ClusterState state = std::get<hw::Timeline>(played).head();
    std::vector<hw::Event> events;
    hw::Event e;
    e.type = hw::EventType::CoordinatorFound;
    e.node = 0;
    e.detail = 1;
    for (std::int64_t asked : {0, 2}) {
        e.value = asked;
        for (std::int64_t changed : {0, 1, 3}) {
            e.count = changed;
            e.partition = changed > 0 ? 1 : -1;
            e.error = hw::ErrorCode::None;
            events.push_back(e);
            e.error = hw::ErrorCode::RequestTimedOut;
            events.push_back(e);
        }
    }
    e = hw::Event{};
    e.type = hw::EventType::GroupRequestSent;
    e.node = 1;
    e.detail = -1;
    events.push_back(e);
    e.error = hw::ErrorCode::RequestTimedOut;
    events.push_back(e);
    for (hw::GroupRequestKind kind : {hw::GroupRequestKind::Join, hw::GroupRequestKind::Sync}) {
        e = hw::Event{};
        e.type = hw::EventType::GroupResponseApplied;
        e.node = 0;
        e.peer = 2;
        e.value = 0;
        e.detail = static_cast<std::int32_t>(kind);
        e.error = hw::ErrorCode::RequestTimedOut;
        events.push_back(e);
        e.flags = hw::Rejoining;
        events.push_back(e);
    }
    for (const hw::Event& event : events) {
        EXPECT_EQ(comparable(hw::ui::Narration::sentence(event, state).toStdString()),
            comparable(hw::narrate(event, state)))
            << hw::eventTypeName(event.type) << " detail " << event.detail << " count " << event.count;
        EXPECT_FALSE(hw::ui::Narration::title(event).isEmpty());
    }
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

TEST(Narration, ChineseNarrationHasNoStraySpacesKeepsZaiWithItsNumberAndUsesTheGlossarysEpochTerms)
{
    for (const char* name : { "leo-hw-walkthrough", "leader-failover", "unclean-election", "consumer-lag" }) {
        const hw::Timeline timeline = hw::uitest::play("builtin:" + std::string(name));
        for (const char* code : { "zh_TW", "zh_CN" }) {
            ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(code)));
            for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
                const QString text = hw::ui::Narration::sentence(timeline.frame(f).event, timeline.stateAt(f));
                SCOPED_TRACE(std::string(name) + " " + code + " frame " + std::to_string(f) + ": " + text.toStdString());
                EXPECT_FALSE(text.contains(QRegularExpression(QStringLiteral("(領導者|跟隨者|领导者|跟随者) (代理節點|代理节点)"))));
                EXPECT_FALSE(text.contains(QRegularExpression(QStringLiteral("在 [0-9?]")))) << "a plain space may break";
                EXPECT_FALSE(text.contains(QStringLiteral("leader epoch")));
                EXPECT_FALSE(text.contains(QStringLiteral("partition epoch")));
            }
        }
    }
    hw::ui::setLanguage(QStringLiteral("en"));
}

// Chinese is written without spaces between words: a space between two Chinese characters in a
// narrated sentence is a template joining a piece ("代理節點 3", "偏移量 3") with a plain space. A space
// before a digit or a Latin name (LEO, ISR, orders-0) is the usual mixed-script spacing and stays.
TEST(Narration, NoChineseSentenceOfAnyBuiltinScenarioPutsASpaceBetweenTwoChineseWords)
{
    const QRegularExpression stray(QStringLiteral("\\p{Han}[ ]+[\\p{Han}（「“]|[）」”][ ]+\\p{Han}"));
    for (const hw::BuiltinScenario& builtin : hw::builtinScenarios()) {
        const hw::Timeline timeline = hw::uitest::play("builtin:" + std::string(builtin.name));
        for (const char* code : { "zh_TW", "zh_CN" }) {
            ASSERT_TRUE(hw::ui::setLanguage(QString::fromLatin1(code)));
            for (std::int64_t f = 0; f < timeline.frameCount(); ++f) {
                const QString text = hw::ui::Narration::sentence(timeline.frame(f).event, timeline.stateAt(f));
                const QRegularExpressionMatch match = stray.match(text);
                EXPECT_FALSE(match.hasMatch()) << builtin.name << " " << code << " frame " << f << " ("
                                               << hw::eventTypeName(timeline.frame(f).event.type) << "): \""
                                               << match.captured().toStdString() << "\" in " << text.toStdString();
            }
        }
    }
    hw::ui::setLanguage(QStringLiteral("en"));
}
