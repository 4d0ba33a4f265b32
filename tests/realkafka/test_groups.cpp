// SPDX-License-Identifier: MIT
// Consumers and groups on a real cluster without a JVM (realkafka/harness.h, realkafka/groups.h,
// realkafka/observation_frame.h): the harness's consumer lines as structures (and each bad field named),
// the group facts made of the coordinators' descriptions and the consumers' own status, the rebalance
// step's condition, the consumer's Kafka settings, and the facts as the model's groups and consumers in a
// frame.
#include "realkafka/groups.h"
#include "realkafka/observation_frame.h"

#include "scenario/frame_json.h"

#include <gtest/gtest.h>

namespace hw::realkafka {
namespace {

using nlohmann::json;

/// What the harness said in a run of consumer-group-basics at 4.4.0 once both groups were Stable (member
/// ids shortened), and a third consumer that is closed.
std::vector<GroupDescription> described()
{
    return parseGroupDescriptions(json::parse(R"({"event":"groups","groups":[
      {"group":"billing","state":"Stable","protocol":"range","coordinator":2,
       "members":[{"member_id":"bill-2-b","client_id":"bill-2","assignment":[{"topic":"orders","partition":2}]},
                  {"member_id":"bill-1-a","client_id":"bill-1","assignment":[{"topic":"orders","partition":0},{"topic":"orders","partition":1}]}],
       "committed":[{"topic":"orders","partition":0,"offset":2}]},
      {"group":"audit","state":"Empty","protocol":"","coordinator":2,"members":[],"committed":[]}]})"));
}

std::vector<ConsumerStatus> statuses()
{
    const json line = json::parse(R"({"event":"status","consumers":[
      {"name":"bill-1","group":"billing","open":true,"auto_poll":true,"polls":40,"member_id":"bill-1-a",
       "generation":1,"leader":true,"assignment":[{"topic":"orders","partition":0,"position":2},
                                                   {"topic":"orders","partition":1,"position":0}]},
      {"name":"bill-2","group":"billing","open":true,"auto_poll":true,"polls":38,"member_id":"bill-2-b",
       "generation":1,"leader":false,"assignment":[{"topic":"orders","partition":2,"position":null}]},
      {"name":"audit-1","group":"audit","open":false,"auto_poll":true,"polls":12,"assignment":[]}]})");
    std::vector<ConsumerStatus> all;
    for (const json& snapshot : line.at("consumers"))
        all.push_back(parseConsumerStatus(snapshot));
    return all;
}

std::vector<ConsumedRecord> consumed()
{
    return { parseConsumedRecord(json::parse(R"({"event":"record","consumer":"bill-1","topic":"orders","partition":0,
               "offset":0,"timestamp":1,"leader_epoch":0,"key":null,"value":"o0"})")),
        parseConsumedRecord(json::parse(R"({"event":"record","consumer":"audit-1","topic":"orders","partition":0,
               "offset":0,"timestamp":1,"key":"k","value":null})")),
        parseConsumedRecord(json::parse(R"({"event":"record","consumer":"bill-1","topic":"orders","partition":0,
               "offset":1,"timestamp":1,"leader_epoch":0,"key":null,"value":"o1"})")) };
}

TEST(HarnessLines, ConsumerLinesParse)
{
    const std::vector<ConsumedRecord> records = consumed();
    EXPECT_EQ(records[0], (ConsumedRecord { "bill-1", "orders", 0, 0, 0, std::nullopt, "o0" }));
    EXPECT_EQ(records[1], (ConsumedRecord { "audit-1", "orders", 0, 0, -1, "k", std::nullopt }));
    const std::vector<ConsumerStatus> all = statuses();
    ASSERT_EQ(all.size(), 3U);
    EXPECT_TRUE(all[0].leader);
    EXPECT_EQ(all[0].generation, 1);
    EXPECT_EQ(all[0].assignment[0].position, std::optional<std::int64_t>(2));
    EXPECT_EQ(all[1].assignment[0].position, std::nullopt);
    EXPECT_FALSE(all[2].open);
    EXPECT_EQ(all[2].memberId, "");
    EXPECT_EQ(all[2].generation, -1);
    const std::vector<GroupDescription> groups = described();
    ASSERT_EQ(groups.size(), 2U);
    EXPECT_EQ(groups[0].members[1].assignment, (std::vector<HarnessPartition> { { "orders", 0 }, { "orders", 1 } }));
    EXPECT_EQ(groups[0].committed, (std::vector<GroupDescription::Committed> { { "orders", 0, 2 } }));
    EXPECT_EQ(groups[1].state, "Empty");
    EXPECT_EQ(groups[1].coordinator, 2);
}

TEST(HarnessLines, EachBadFieldIsNamed)
{
    const auto error = [](auto parse, const char* text) {
        try {
            parse(json::parse(text));
        } catch (const HarnessError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const auto record = [](const json& j) { return parseConsumedRecord(j); };
    const auto status = [](const json& j) { return parseConsumerStatus(j); };
    const auto groups = [](const json& j) { return parseGroupDescriptions(j); };
    EXPECT_EQ(error(record, R"({"consumer":"c","topic":"t","partition":0})"), "a consumer's record line has no \"offset\"");
    EXPECT_EQ(error(record, R"({"consumer":"c","topic":"t","partition":-1,"offset":0})"),
        "a consumer's record line: \"partition\" -1 is out of range");
    EXPECT_EQ(error(record, R"({"consumer":"c","topic":"t","partition":0,"offset":"0"})"),
        "a consumer's record line: \"offset\" is not an integer");
    EXPECT_EQ(error(record, R"({"consumer":"c","topic":"t","partition":0,"offset":0,"value":5})"),
        "a consumer's record line: \"value\" is not a string");
    EXPECT_EQ(error(status, R"({"name":"c","group":"g","open":"yes","auto_poll":true,"polls":0,"assignment":[]})"),
        "a consumer's status: \"open\" is not true or false");
    EXPECT_EQ(error(status, R"({"name":"c","group":"g","open":true,"auto_poll":true,"polls":0,"assignment":[]})"),
        "a consumer's status has no \"member_id\"");
    EXPECT_EQ(error(status, R"({"name":"c","group":"g","open":false,"auto_poll":true,"polls":0,"assignment":{}})"),
        "a consumer's status: \"assignment\" is not an array");
    EXPECT_EQ(error(groups, R"({"groups":[{"group":"g","state":"Stable","protocol":"range","coordinator":1,
        "members":[{"member_id":"m","assignment":[]}],"committed":[]}]})"), "a group description has no \"client_id\"");
    EXPECT_EQ(error(groups, R"({"event":"groups"})"), "a group description has no \"groups\"");
    EXPECT_EQ(error(groups, R"([1])"), "a group description has no \"groups\"");
}

TEST(GroupFacts, TheMembersGiveTheGenerationAndTheLeader)
{
    const ClusterObservation o = groupObservation(described(), statuses(), { "bill-1", "bill-2", "audit-1" }, consumed());
    ASSERT_EQ(o.groups.size(), 2U);
    const ObservedGroup& billing = o.groups[0];
    EXPECT_EQ(billing.state, "Stable");
    EXPECT_EQ(billing.generation, 1);
    EXPECT_EQ(billing.leader, "bill-1");
    EXPECT_EQ(billing.coordinator, 2);
    ASSERT_EQ(billing.members.size(), 2U);
    EXPECT_EQ(billing.members[0].consumer, "bill-1"); // sorted by consumer
    EXPECT_EQ(billing.members[1].assignment, (std::vector<ObservedPartitionRef> { { "orders", 2 } }));
    EXPECT_EQ(billing.committed, (std::vector<ObservedCommit> { { "orders", 0, 2 } }));
    EXPECT_EQ(o.groups[1].generation, -1);
    EXPECT_EQ(o.groups[1].leader, "");
    ASSERT_EQ(o.consumers.size(), 3U);
    EXPECT_TRUE(o.consumers[0].running);
    EXPECT_EQ(o.consumers[0].received.size(), 2U);
    EXPECT_EQ(o.consumers[0].received[1], (ObservedConsumedRecord { "orders", 0, 1, "o1" }));
    EXPECT_FALSE(o.consumers[2].running);
    EXPECT_EQ(o.consumers[2].received, (std::vector<ObservedConsumedRecord> { { "orders", 0, 0, std::nullopt } }));

    // A consumer whose member id the coordinator no longer lists (it was dropped and has not heard yet)
    // does not speak for the group: neither its generation nor its leadership count.
    std::vector<ConsumerStatus> stale = statuses();
    stale[0].memberId = "bill-1-old";
    stale[0].generation = 7;
    const ClusterObservation o2 = groupObservation(described(), stale, { "bill-1", "bill-2" }, {});
    EXPECT_EQ(o2.groups[0].generation, 1);
    EXPECT_EQ(o2.groups[0].leader, "");
}

TEST(GroupFacts, ARebalanceEndsWhenEveryRunningMemberHoldsItsAssignmentAndEveryPartitionIsAssigned)
{
    const std::vector<ObservedPartitionRef> orders { { "orders", 0 }, { "orders", 1 }, { "orders", 2 } };
    std::vector<ConsumerStatus> all = statuses();
    all[1].assignment[0].position = 0;
    const auto settled = [&](const std::vector<GroupDescription>& groups, const std::vector<ConsumerStatus>& s,
                             const std::vector<std::string>& running) {
        return groupSettled(groupObservation(groups, s, { "bill-1", "bill-2", "audit-1" }, {}), "billing", running, orders);
    };
    EXPECT_TRUE(settled(described(), all, { "bill-1", "bill-2" }));
    // A position still looked up.
    EXPECT_FALSE(settled(described(), statuses(), { "bill-1", "bill-2" }));
    // A running consumer the coordinator does not list yet.
    EXPECT_FALSE(settled(described(), all, { "bill-1", "bill-2", "bill-3" }));
    // A member still on the last generation.
    std::vector<ConsumerStatus> behind = all;
    behind[1].generation = 0;
    EXPECT_FALSE(settled(described(), behind, { "bill-1", "bill-2" }));
    // A member whose own assignment is not the coordinator's (it has not synced yet).
    std::vector<ConsumerStatus> unsynced = all;
    unsynced[1].assignment.clear();
    EXPECT_FALSE(settled(described(), unsynced, { "bill-1", "bill-2" }));
    // A cooperative first round: partition 2 revoked and not assigned again yet.
    std::vector<GroupDescription> firstRound = described();
    firstRound[0].members[0].assignment.clear();
    std::vector<ConsumerStatus> revoked = all;
    revoked[1].assignment.clear();
    EXPECT_FALSE(settled(firstRound, revoked, { "bill-1", "bill-2" }));
    // Not Stable.
    std::vector<GroupDescription> preparing = described();
    preparing[0].state = "PreparingRebalance";
    EXPECT_FALSE(settled(preparing, all, { "bill-1", "bill-2" }));
    // Nobody running: Empty is settled.
    EXPECT_TRUE(groupSettled(groupObservation(described(), all, {}, {}), "audit", {}, orders));
    EXPECT_FALSE(groupSettled(groupObservation(described(), all, {}, {}), "nobody", {}, orders));
}

Scenario basics()
{
    auto loaded = loadScenario("builtin:consumer-group-basics");
    if (const auto* error = std::get_if<ScenarioError>(&loaded)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<Scenario>(loaded);
}

TEST(GroupFacts, TheConsumersKafkaSettingsAreTheScenarios)
{
    const Scenario s = basics();
    ConsumerSpec spec = s.cluster.consumers.at(0);
    spec.autoCommit = false;
    spec.maxPollRecords = 3;
    ClusterConfig config = s.cluster.config;
    config.sessionTimeoutMs = 10000;
    config.rebalanceTimeoutMs = 20000;
    const json c = consumerConfig(spec, config, "127.0.0.1:1");
    EXPECT_EQ(c.at("group.id"), "billing");
    EXPECT_EQ(c.at("client.id"), "bill-1");
    EXPECT_EQ(c.at("auto.offset.reset"), "earliest");
    EXPECT_EQ(c.at("enable.auto.commit"), false);
    EXPECT_EQ(c.at("max.poll.records"), 3);
    EXPECT_EQ(c.at("session.timeout.ms"), 10000);
    EXPECT_EQ(c.at("max.poll.interval.ms"), 20000);
    EXPECT_EQ(c.at("heartbeat.interval.ms"), 3000);
    EXPECT_EQ(c.at("bootstrap.servers"), "127.0.0.1:1");
}

TEST(GroupFacts, AFrameShowsTheObservedGroupsAndConsumers)
{
    const Scenario s = basics();
    std::vector<ConsumerStatus> all = statuses();
    all[1].assignment[0].position = 3;
    ClusterObservation o = groupObservation(described(), all, { "bill-1", "bill-2", "audit-1" }, consumed());
    ObservedPartition p;
    p.topic = "orders";
    p.partition = 0;
    p.leader = 1;
    p.leaderEpoch = 0;
    p.replicas = { 1, 2, 3 };
    p.isr = { 1, 2, 3 };
    for (const std::int32_t id : p.replicas) {
        ObservedReplica r { id, 0, 2, 2, {}, false };
        r.records = { { 0, 0, std::nullopt, "o0", 0, 0 }, { 1, 0, std::nullopt, "o1", 0, 1 } };
        p.replicaStates.push_back(r);
    }
    o.partitions.push_back(p);
    o.registeredBrokers = { 1, 2, 3 };
    o.fencedBrokers = std::vector<std::int32_t> {};
    const ClusterState state = stateFromObservation(o, s);
    FrameHeader header;
    header.kafkaVersion = "4.4.0";
    const nlohmann::ordered_json frame = frameToJson(header, state, RecordsDump { RecordsMode::All, nullptr });
    const auto& groups = frame.at("groups");
    ASSERT_EQ(groups.size(), 2U);
    EXPECT_EQ(groups[0].at("id"), "billing");
    EXPECT_EQ(groups[0].at("state"), "Stable");
    EXPECT_EQ(groups[0].at("generation"), 1);
    EXPECT_EQ(groups[0].at("protocol"), "range");
    EXPECT_EQ(groups[0].at("leader"), "bill-1");
    EXPECT_EQ(groups[0].at("coordinator"), 2);
    ASSERT_EQ(groups[0].at("members").size(), 2U);
    EXPECT_EQ(groups[0].at("members")[0].at("id"), "bill-1");
    EXPECT_EQ(groups[0].at("members")[0].at("member_id"), "bill-1-a");
    EXPECT_EQ(groups[0].at("members")[0].at("assignment").size(), 2U);
    ASSERT_EQ(groups[0].at("committed").size(), 1U);
    EXPECT_EQ(groups[0].at("committed")[0].at("offset"), 2);
    EXPECT_EQ(groups[0].at("committed")[0].at("lag"), 0); // HW 2 - committed 2
    EXPECT_EQ(groups[1].at("state"), "Empty");
    // Both groups hash to __consumer_offsets partition 1 (offsets.topic.num.partitions 3): one coordinator.
    EXPECT_EQ(groups[1].at("coordinator"), 2);
    const auto& consumers = frame.at("consumers");
    ASSERT_EQ(consumers.size(), 3U);
    EXPECT_EQ(consumers[0].at("state"), "stable");
    EXPECT_EQ(consumers[0].at("generation"), 1);
    EXPECT_EQ(consumers[0].at("positions").size(), 2U);
    EXPECT_EQ(consumers[0].at("positions")[0].at("offset"), 2);
    ASSERT_EQ(consumers[0].at("received").size(), 2U);
    EXPECT_EQ(consumers[0].at("received")[1].at("offset"), 1);
    EXPECT_EQ(consumers[0].at("received")[1].at("value"), "o1");
    EXPECT_EQ(consumers[1].at("positions")[0].at("offset"), 3);
    EXPECT_EQ(consumers[2].at("state"), "stopped");
    EXPECT_EQ(consumers[2].at("member_id"), nullptr);
    // The record the consumer read is the log's record, not a copy: one payload for both.
    EXPECT_EQ(state.consumers[0].received.size(), 2U);
    EXPECT_EQ(state.consumers[0].received.size() > 0 ? state.consumers[0].received[0].payload : -1,
        state.partitions[0].replicas[0].log.at(0).payload);
}

TEST(GroupFacts, SameFactsSeesAConsumerRead)
{
    const ClusterObservation a = groupObservation(described(), statuses(), { "bill-1" }, {});
    ClusterObservation b = groupObservation(described(), statuses(), { "bill-1" }, consumed());
    EXPECT_TRUE(sameFacts(a, a));
    EXPECT_FALSE(sameFacts(a, b));
    b = a;
    b.groups[0].committed[0].offset = 3;
    EXPECT_FALSE(sameFacts(a, b));
}

} // namespace
} // namespace hw::realkafka
