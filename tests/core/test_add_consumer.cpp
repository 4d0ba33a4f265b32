// SPDX-License-Identifier: MIT
// Consumers added at run time (the add_consumer step, ConsumerAction::Kind::Add): the step reads like
// a "consumers" entry and reports errors at its JSON path, the new consumer joins its group (an
// existing or a new one) and the group rebalances to include it, and a run with added consumers
// replays, records and re-reads to identical frames.

#include "check/invariants.h"
#include "model/limits.h"
#include "scenario/frame_json.h"
#include "scenario/narration.h"
#include "scenario/scenario.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace {

using Json = nlohmann::ordered_json;

Json baseScenario()
{
    return Json::parse(R"({"format": "highwater/1", "name": "add", "seed": 5,
 "cluster": {"brokers": 3},
 "topics": [{"name": "orders", "partitions": 4, "replication.factor": 3},
            {"name": "payments", "partitions": 2, "replication.factor": 2}],
 "producers": [{"id": "p1"}],
 "consumers": [
   {"id": "c1", "group": "g1", "subscribe": ["orders"], "auto.offset.reset": "earliest"},
   {"id": "c2", "group": "g1", "subscribe": ["orders"], "auto.offset.reset": "earliest"}],
 "steps": [
   {"produce": {"producer": "p1", "topic": "orders", "values": ["a", "b", "c", "d"]}},
   {"rebalance": {"group": "g1"}},
   {"add_consumer": {"id": "c4", "group": "g1", "subscribe": ["orders"], "assignor": "range",
                     "auto.offset.reset": "earliest", "auto.commit": false}},
   {"rebalance": {"group": "g1"}},
   {"add_consumer": {"id": "n1", "group": "fresh", "subscribe": ["orders", "payments"]}},
   {"rebalance": {"group": "fresh"}},
   {"leave": {"consumer": "c4"}},
   {"rebalance": {"group": "g1"}},
   {"advance": {"ms": 3000}}]})");
}

hw::Scenario parse(const Json& json)
{
    auto parsed = hw::parseScenario(json.dump(), "add.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<hw::Scenario>(std::move(parsed));
}

/// The error a changed copy of the base scenario is refused with.
std::string errorOf(const std::function<void(Json&)>& change)
{
    Json json = baseScenario();
    change(json);
    auto parsed = hw::parseScenario(json.dump(), "add.json");
    const auto* error = std::get_if<hw::ScenarioError>(&parsed);
    return error ? error->toString() : std::string("(accepted)");
}

std::string dumpAll(const hw::Timeline& timeline)
{
    std::string out;
    for (std::int64_t f = 0; f < timeline.frameCount(); ++f)
        out += hw::frameToJson(timeline, f, timeline.stateAt(f)).dump() + "\n";
    return out;
}

hw::Timeline play(const hw::Scenario& scenario)
{
    hw::Timeline timeline(hw::Engine::createCluster(scenario.cluster));
    if (auto error = hw::runScenario(scenario, timeline))
        ADD_FAILURE() << error->toString();
    return timeline;
}

const hw::Consumer& consumer(const hw::ClusterState& s, const std::string& id)
{
    const auto it
        = std::find_if(s.consumers.begin(), s.consumers.end(), [&](const hw::Consumer& c) { return c.id == id; });
    if (it == s.consumers.end())
        throw std::runtime_error("no consumer " + id);
    return *it;
}

const hw::GroupMember* member(const hw::ClusterState& s, const hw::Consumer& c)
{
    const hw::Group& g = s.groups[static_cast<std::size_t>(c.group)];
    const auto it = std::find_if(
        g.members.begin(), g.members.end(), [&](const hw::GroupMember& m) { return m.memberId == c.memberId; });
    return it == g.members.end() ? nullptr : &*it;
}

TEST(AddConsumer, TheStepReadsLikeAConsumersEntryWithItsDefaults)
{
    const hw::Scenario s = parse(baseScenario());
    const auto& add = std::get<hw::ConsumerStep>(s.steps[2]).action;
    EXPECT_EQ(add.kind, hw::ConsumerAction::Kind::Add);
    EXPECT_EQ(add.consumer, 2) << "the first added consumer follows the two declared ones";
    EXPECT_EQ(add.spec.id, "c4");
    EXPECT_EQ(add.spec.group, "g1");
    EXPECT_EQ(add.spec.topics, std::vector<int> { 0 });
    EXPECT_EQ(add.spec.assignor, hw::AssignorKind::Range);
    EXPECT_EQ(add.spec.reset, hw::OffsetReset::Earliest);
    EXPECT_FALSE(add.spec.autoCommit);
    const auto& fresh = std::get<hw::ConsumerStep>(s.steps[4]).action.spec;
    EXPECT_EQ(fresh.reset, hw::OffsetReset::Latest) << "the default of a consumers entry";
    EXPECT_TRUE(fresh.autoCommit);
    EXPECT_EQ(fresh.topics, (std::vector<int> { 0, 1 }));
    // Later steps name the added consumer and its new group.
    EXPECT_EQ(std::get<hw::ConsumerStep>(s.steps[6]).action.consumer, 2);
    EXPECT_EQ(std::get<hw::RebalanceStep>(s.steps[5]).group, 1);
    EXPECT_EQ(hw::scenarioConsumers(s).size(), 4u);
    EXPECT_EQ(hw::groupIds(hw::scenarioConsumers(s)), (std::vector<std::string> { "g1", "fresh" }));
}

struct AddErrorCase {
    const char* name;
    std::function<void(Json&)> change;
    const char* expected;
};

void PrintTo(const AddErrorCase& c, std::ostream* os)
{
    *os << c.name;
}

class AddConsumerError : public ::testing::TestWithParam<AddErrorCase> { };

TEST_P(AddConsumerError, IsReportedAtItsJsonPath)
{
    EXPECT_EQ(errorOf(GetParam().change), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(Cases, AddConsumerError,
    ::testing::Values(
        AddErrorCase { "DuplicateOfADeclaredConsumer", [](Json& j) { j["steps"][2]["add_consumer"]["id"] = "c1"; },
            "add.json: /steps/2/add_consumer/id: a second consumer with id \"c1\"" },
        AddErrorCase { "DuplicateOfAnAddedConsumer", [](Json& j) { j["steps"][4]["add_consumer"]["id"] = "c4"; },
            "add.json: /steps/4/add_consumer/id: a second consumer with id \"c4\"" },
        AddErrorCase { "UnknownTopic", [](Json& j) { j["steps"][2]["add_consumer"]["subscribe"][0] = "nope"; },
            "add.json: /steps/2/add_consumer/subscribe/0: unknown topic \"nope\"; the scenario declares: "
            "orders, payments" },
        AddErrorCase { "UnknownAssignor", [](Json& j) { j["steps"][2]["add_consumer"]["assignor"] = "fastest"; },
            "add.json: /steps/2/add_consumer/assignor: expected \"range\", \"roundrobin\", \"sticky\" or "
            "\"cooperative-sticky\", got the string \"fastest\"" },
        AddErrorCase { "BadOffsetReset", [](Json& j) { j["steps"][2]["add_consumer"]["auto.offset.reset"] = "middle"; },
            "add.json: /steps/2/add_consumer/auto.offset.reset: expected \"earliest\", \"latest\" or "
            "\"none\", got the string \"middle\"" },
        AddErrorCase { "NoSubscription", [](Json& j) { j["steps"][2]["add_consumer"].erase("subscribe"); },
            "add.json: /steps/2/add_consumer: a consumer in a group needs \"subscribe\"" },
        AddErrorCase { "ALaterStepNamesAConsumerBeforeItIsAdded",
            [](Json& j) {
                j["steps"].insert(j["steps"].begin() + 2, Json { { "leave", Json { { "consumer", "c4" } } } });
            },
            "add.json: /steps/2/leave/consumer: unknown consumer \"c4\"; the scenario declares: c1, c2" }),
    [](const ::testing::TestParamInfo<AddErrorCase>& info) { return std::string(info.param.name); });

TEST(AddConsumer, StartAndNonObjectBodiesAreRefusedAtTheirPath)
{
    const std::string start = errorOf([](Json& j) { j["steps"][2]["add_consumer"]["start"] = false; });
    EXPECT_EQ(start.rfind("add.json: /steps/2/add_consumer/start: ", 0), 0u) << start;
    const std::string notObject = errorOf([](Json& j) { j["steps"][2]["add_consumer"] = "c4"; });
    EXPECT_EQ(notObject.rfind("add.json: /steps/2/add_consumer: expected a consumer", 0), 0u) << notObject;
}

TEST(AddConsumer, TheConsumerLimitIsNamedAndEnforcedWhenReading)
{
    Json json = baseScenario();
    json["steps"] = Json::array();
    for (int i = 0; i < hw::limits::consumersMax - 2; ++i)
        json["steps"].push_back(Json { { "add_consumer",
            Json { { "id", "x" + std::to_string(i) }, { "group", "g1" }, { "subscribe", { "orders" } } } } });
    EXPECT_TRUE(std::holds_alternative<hw::Scenario>(hw::parseScenario(json.dump(), "add.json")))
        << "exactly consumersMax consumers are fine";
    json["steps"].push_back(Json {
        { "add_consumer", Json { { "id", "one-too-many" }, { "group", "g1" }, { "subscribe", { "orders" } } } } });
    auto parsed = hw::parseScenario(json.dump(), "add.json");
    ASSERT_TRUE(std::holds_alternative<hw::ScenarioError>(parsed));
    EXPECT_EQ(std::get<hw::ScenarioError>(parsed).toString(),
        "add.json: /steps/30/add_consumer: the scenario already has 32 consumers, the limit (consumersMax)");
}

TEST(AddConsumer, TheEngineRefusesDuplicatesUnknownTopicsAndTheLimit)
{
    const hw::Scenario s = parse(baseScenario());
    hw::Engine engine(hw::Engine::createCluster(s.cluster));
    hw::ConsumerAction add;
    add.kind = hw::ConsumerAction::Kind::Add;
    add.spec.id = "c1";
    add.spec.group = "g1";
    add.spec.topics = { 0 };
    EXPECT_EQ(engine.apply(add).error, "a consumer with id \"c1\" already exists");
    add.spec.id = "c9";
    add.spec.topics = { 7 };
    EXPECT_EQ(engine.apply(add).error, "no topic with index 7");
    add.spec.topics = {};
    EXPECT_EQ(engine.apply(add).error, "a consumer in a group needs a subscription");
    add.spec.topics = { 0 };
    add.spec.start = false;
    EXPECT_FALSE(engine.apply(add).ok());
    add.spec.start = true;
    for (int i = 2; i < hw::limits::consumersMax; ++i) {
        add.spec.id = "x" + std::to_string(i);
        ASSERT_TRUE(engine.apply(add).ok()) << i;
    }
    EXPECT_EQ(engine.state().consumers.size(), static_cast<std::size_t>(hw::limits::consumersMax));
    add.spec.id = "over";
    EXPECT_EQ(engine.apply(add).error, "the cluster already has 32 consumers, the limit (consumersMax)");
}

TEST(AddConsumer, TheAddedConsumerJoinsAndTheGroupRebalancesToIncludeIt)
{
    hw::Scenario s = parse(baseScenario());
    s.steps.resize(2); // produce, rebalance
    hw::Timeline timeline(hw::Engine::createCluster(s.cluster));
    hw::InvariantChecker checker;
    std::vector<std::string> violations;
    timeline.setObserver([&](const hw::ClusterState& state, const hw::FrameInfo&) {
        for (std::string& v : checker.check(state))
            violations.push_back(std::move(v));
    });
    ASSERT_FALSE(hw::runScenario(s, timeline).has_value());
    const std::int32_t generation = timeline.head().groups[0].generation;
    ASSERT_EQ(timeline.head().groups[0].members.size(), 2u);

    hw::ConsumerAction add;
    add.kind = hw::ConsumerAction::Kind::Add;
    add.spec.id = "c4";
    add.spec.group = "g1";
    add.spec.topics = { 0 };
    add.spec.reset = hw::OffsetReset::Earliest;
    const hw::ApplyResult result = timeline.apply(add);
    ASSERT_TRUE(result.ok()) << result.error;
    ASSERT_TRUE(result.event.has_value());
    EXPECT_EQ(result.event->type, hw::EventType::ConsumerStarted);
    EXPECT_EQ(result.event->detail, 1);
    EXPECT_EQ(hw::narrate(*result.event, timeline.head()),
        "consumer c4 is added to group g1 and starts: it looks for the coordinator and joins, and the group "
        "rebalances.");
    ASSERT_EQ(timeline.head().consumers.size(), 3u);
    EXPECT_NE(timeline.head().consumers[2].phase, hw::MemberPhase::Stopped);

    ASSERT_EQ(hw::runRebalance(timeline, 0), "");
    const hw::ClusterState& after = timeline.head();
    const hw::Group& g = after.groups[0];
    EXPECT_GT(g.generation, generation);
    EXPECT_EQ(g.members.size(), 3u);
    const hw::GroupMember* m = member(after, consumer(after, "c4"));
    ASSERT_NE(m, nullptr);
    EXPECT_FALSE(m->assignment.empty()) << "four partitions over three members: c4 gets one";
    std::vector<std::int32_t> all;
    for (const hw::GroupMember& gm : g.members)
        all.insert(all.end(), gm.assignment.begin(), gm.assignment.end());
    std::sort(all.begin(), all.end());
    EXPECT_EQ(all, (std::vector<std::int32_t> { 0, 1, 2, 3 })) << "every partition once";
    EXPECT_TRUE(violations.empty()) << violations.front();
}

TEST(AddConsumer, ANewGroupGetsACoordinatorEvenInAClusterThatHadNoGroups)
{
    Json json = baseScenario();
    json.erase("consumers");
    json["steps"] = Json::array(
        { Json { { "produce", { { "producer", "p1" }, { "topic", "orders" }, { "values", { "a", "b" } } } } },
            Json { { "kill", { { "broker", 1 } } } },
            Json { { "add_consumer",
                { { "id", "solo" }, { "group", "new" }, { "subscribe", { "orders" } },
                    { "auto.offset.reset", "earliest" } } } },
            Json { { "rebalance", { { "group", "new" } } } }, Json { { "advance", { { "ms", 2000 } } } } });
    const hw::Scenario s = parse(json);
    const hw::Timeline timeline = play(s);
    const hw::ClusterState& head = timeline.head();
    ASSERT_EQ(head.groups.size(), 1u);
    EXPECT_FALSE(head.offsetsPartitions.empty());
    const hw::Consumer& solo = consumer(head, "solo");
    EXPECT_EQ(solo.phase, hw::MemberPhase::Stable);
    EXPECT_NE(solo.coordinator, 1) << "a killed broker does not coordinate";
    EXPECT_EQ(solo.owned.size(), 4u);
}

TEST(AddConsumer, AManualConsumerCanBeAddedToo)
{
    Json json = baseScenario();
    json["steps"] = Json::array(
        { Json { { "produce",
              { { "producer", "p1" }, { "topic", "payments" }, { "partition", 1 }, { "values", { "a", "b" } } } } },
            Json { { "add_consumer",
                { { "id", "m1" }, { "assign", { { { "topic", "payments" }, { "partition", 1 } } } },
                    { "auto.offset.reset", "earliest" } } } },
            Json { { "advance", { { "ms", 3000 } } } } });
    const hw::Timeline timeline = play(parse(json));
    const hw::Consumer& m1 = consumer(timeline.head(), "m1");
    EXPECT_EQ(m1.group, -1);
    EXPECT_EQ(m1.received.size(), 2u);
}

TEST(AddConsumer, ReplayFromSnapshotsEqualsTheContinuousRun)
{
    const hw::Scenario s = parse(baseScenario());
    const hw::Timeline timeline = play(s);
    ASSERT_GT(timeline.frameCount(), 70) << "long enough to cross a snapshot";
    hw::Timeline again = play(s);
    for (std::int64_t f = timeline.frameCount() - 1; f >= 0; f -= 7)
        ASSERT_TRUE(timeline.stateAt(f) == again.stateAt(f)) << "frame " << f;
    EXPECT_EQ(dumpAll(timeline), dumpAll(again));
    EXPECT_EQ(consumer(timeline.head(), "c4").phase, hw::MemberPhase::Stopped);
    EXPECT_EQ(consumer(timeline.head(), "n1").phase, hw::MemberPhase::Stable);
}

TEST(AddConsumer, ARecordedSessionWithAddedConsumersReplaysToIdenticalFrames)
{
    const hw::Scenario s = parse(baseScenario());
    const hw::Timeline timeline = play(s);
    const hw::Scenario recorded = hw::recordSession(s, timeline);
    const std::string json = hw::scenarioToJson(recorded);
    EXPECT_NE(json.find("\"add_consumer\""), std::string::npos);
    auto parsed = hw::parseScenario(json, "recording.json");
    ASSERT_TRUE(std::holds_alternative<hw::Scenario>(parsed)) << std::get<hw::ScenarioError>(parsed).toString();
    EXPECT_EQ(dumpAll(play(std::get<hw::Scenario>(parsed))), dumpAll(timeline));
    // Written and read again, the scenario is the same file.
    EXPECT_EQ(hw::scenarioToJson(std::get<hw::Scenario>(parsed)), json);
    EXPECT_EQ(hw::scenarioToJson(parse(Json::parse(hw::scenarioToJson(s)))), hw::scenarioToJson(s));
}

} // namespace
