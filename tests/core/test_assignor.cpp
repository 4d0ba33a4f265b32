// SPDX-License-Identifier: MIT
// The partition assignors (section 5 of kafka-semantics.md): worked examples, Kafka's own test cases, and
// properties over randomized groups.
//
// Kafka's cases come from github apache/kafka, clients/src/test/java/org/apache/kafka/clients/consumer/:
// RangeAssignorTest, RoundRobinAssignorTest, CooperativeStickyAssignorTest, and
// internals/AbstractStickyAssignorTest (the version whose owned partitions are kept in (partition, topic)
// order, which matches AbstractStickyAssignor.ConstrainedAssignmentBuilder.assignOwnedPartitions).
// Rack-aware rows use Kafka's non-rack-aware expectations. Kafka's tests build the subscriptions in a
// Java HashMap, which iterates "consumer1".."consumer4" in reverse; the sticky assignor walks members in
// that order, so where that choice shows, our member-order result is the mirror image and the row says so.

#include "groups/assignor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

// Readable failure messages: gtest finds these through argument-dependent lookup.
namespace hw {

void PrintTo(const AssignorPartition& partition, std::ostream* os)
{
    *os << partition.topic << "-" << partition.partition;
}

void PrintTo(AssignorKind kind, std::ostream* os)
{
    *os << assignorName(kind);
}

void PrintTo(const AssignorResult& result, std::ostream* os)
{
    *os << "{ assignment: " << ::testing::PrintToString(result.assignment)
        << ", withheld: " << ::testing::PrintToString(result.withheld) << " }";
}

} // namespace hw

namespace {

using hw::AssignorKind;
using hw::AssignorMember;
using hw::AssignorPartition;
using hw::AssignorResult;
using hw::AssignorTopic;
using hw::GroupAssignment;
using Partitions = std::vector<AssignorPartition>;

AssignorPartition tp(std::string topic, std::int32_t partition)
{
    return AssignorPartition { std::move(topic), partition };
}

/// Kafka's test notation, "t1-0, t1-3, t2-0": topic, dash, partition. Returned sorted.
Partitions parts(const std::string& text)
{
    Partitions result;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        item.erase(0, item.find_first_not_of(' '));
        if (item.empty())
            continue;
        const auto dash = item.rfind('-');
        result.push_back(tp(item.substr(0, dash), std::stoi(item.substr(dash + 1))));
    }
    std::sort(result.begin(), result.end());
    return result;
}

AssignorMember member(std::string id, std::vector<std::string> topics, Partitions owned = {},
    std::optional<std::string> instance = std::nullopt)
{
    return AssignorMember { std::move(id), std::move(instance), std::move(topics), std::move(owned) };
}

std::string describe(const Partitions& partitions)
{
    std::string text;
    for (const auto& p : partitions)
        text += (text.empty() ? "" : ", ") + p.topic + "-" + std::to_string(p.partition);
    return "[" + text + "]";
}

std::string describe(const GroupAssignment& assignment)
{
    std::string text;
    for (const auto& [id, partitions] : assignment)
        text += id + ": " + describe(partitions) + "\n";
    return text;
}

// ---------------------------------------------------------------------------------------------------------
// Names and member order.

TEST(AssignorNames, AreKafkasProtocolNames)
{
    EXPECT_EQ(hw::assignorName(AssignorKind::Range), "range");
    EXPECT_EQ(hw::assignorName(AssignorKind::RoundRobin), "roundrobin");
    EXPECT_EQ(hw::assignorName(AssignorKind::Sticky), "sticky");
    EXPECT_EQ(hw::assignorName(AssignorKind::CooperativeSticky), "cooperative-sticky");
    for (const auto kind :
        { AssignorKind::Range, AssignorKind::RoundRobin, AssignorKind::Sticky, AssignorKind::CooperativeSticky })
        EXPECT_EQ(hw::assignorFromName(hw::assignorName(kind)), kind);
    EXPECT_EQ(hw::assignorFromName("Range"), std::nullopt);
    EXPECT_EQ(hw::assignorFromName("cooperative_sticky"), std::nullopt);
    EXPECT_EQ(hw::assignorFromName(""), std::nullopt);
    EXPECT_TRUE(hw::assignorIsCooperative(AssignorKind::CooperativeSticky));
    EXPECT_FALSE(hw::assignorIsCooperative(AssignorKind::Sticky));
    EXPECT_FALSE(hw::assignorIsCooperative(AssignorKind::Range));
}

TEST(AssignorMemberOrder, StaticMembersFirstByInstanceIdThenDynamicByMemberId)
{
    // AbstractPartitionAssignor.MemberInfo.compareTo; the "although consumer high has a higher rank" cases of
    // RangeAssignorTest and RoundRobinAssignorTest rely on it.
    std::vector<AssignorMember> members { member("consumer-a", {}), member("consumer-b", {}, {}, "instance2"),
        member("c10", {}), member("consumer-z", {}, {}, "instance1"), member("c9", {}) };
    std::sort(members.begin(), members.end(), hw::assignorMemberLess);
    std::vector<std::string> ids;
    for (const auto& m : members)
        ids.push_back(m.memberId);
    EXPECT_EQ(ids, (std::vector<std::string> { "consumer-z", "consumer-b", "c10", "c9", "consumer-a" }));
}

// ---------------------------------------------------------------------------------------------------------
// Table-driven worked examples.

struct Row {
    std::string name; // the Kafka test (or section 5 example) it comes from
    AssignorKind kind;
    std::vector<AssignorMember> members;
    std::vector<AssignorTopic> topics;
    GroupAssignment expected;
    Partitions withheld;
};

class AssignorExample : public ::testing::TestWithParam<Row> { };

TEST_P(AssignorExample, GivesTheExpectedAssignment)
{
    const Row& row = GetParam();
    const AssignorResult result = hw::runAssignor(row.kind, row.members, row.topics);
    EXPECT_EQ(result.assignment, row.expected) << "got\n"
                                               << describe(result.assignment) << "expected\n"
                                               << describe(row.expected);
    EXPECT_EQ(result.withheld, row.withheld) << "withheld " << describe(result.withheld);

    // The order of the input does not matter.
    std::vector<AssignorMember> reversed(row.members.rbegin(), row.members.rend());
    std::vector<AssignorTopic> topicsReversed(row.topics.rbegin(), row.topics.rend());
    EXPECT_EQ(hw::runAssignor(row.kind, reversed, topicsReversed), result);
}

std::string rowName(const ::testing::TestParamInfo<Row>& info)
{
    return info.param.name;
}

const std::vector<std::string> topic1Only { "topic1" };
const std::vector<std::string> topic1And2 { "topic1", "topic2" };

// Section 5's rules on the scenarios (rebalance-eager-vs-cooperative: c3 joins a group where c1 and
// c2 share six partitions of "orders"; consumer-group-basics).
INSTANTIATE_TEST_SUITE_P(Section5, AssignorExample,
    ::testing::Values(
        Row { "RangeSevenPartitionsThreeMembers", AssignorKind::Range,
            { member("c1", { "orders" }), member("c2", { "orders" }), member("c3", { "orders" }) }, { { "orders", 7 } },
            { { "c1", parts("orders-0, orders-1, orders-2") }, { "c2", parts("orders-3, orders-4") },
                { "c3", parts("orders-5, orders-6") } },
            {} },
        Row { "RangeMoreMembersThanPartitions", AssignorKind::Range,
            { member("c1", { "orders" }), member("c2", { "orders" }), member("c3", { "orders" }) }, { { "orders", 2 } },
            { { "c1", parts("orders-0") }, { "c2", parts("orders-1") }, { "c3", {} } }, {} },
        Row { "RangeIsPerTopicSoTheFirstMemberGainsTwice", AssignorKind::Range,
            { member("c1", { "a", "b" }), member("c2", { "a", "b" }) }, { { "a", 3 }, { "b", 3 } },
            { { "c1", parts("a-0, a-1, b-0, b-1") }, { "c2", parts("a-2, b-2") } }, {} },
        Row { "RoundRobinDealsAcrossTopics", AssignorKind::RoundRobin,
            { member("c1", { "a", "b" }), member("c2", { "a", "b" }) }, { { "a", 3 }, { "b", 3 } },
            { { "c1", parts("a-0, a-2, b-1") }, { "c2", parts("a-1, b-0, b-2") } }, {} },
        Row { "RoundRobinSkipsMembersNotSubscribed", AssignorKind::RoundRobin,
            { member("c1", { "orders" }), member("c2", { "orders", "payments" }), member("c3", { "orders" }) },
            { { "orders", 3 }, { "payments", 2 } },
            { { "c1", parts("orders-0") }, { "c2", parts("orders-1, payments-0, payments-1") },
                { "c3", parts("orders-2") } },
            {} },
        Row { "ThirdMemberJoinsRangeIgnoresOwned", AssignorKind::Range,
            { member("c1", { "orders" }, parts("orders-0, orders-1, orders-2")),
                member("c2", { "orders" }, parts("orders-3, orders-4, orders-5")), member("c3", { "orders" }) },
            { { "orders", 6 } },
            { { "c1", parts("orders-0, orders-1") }, { "c2", parts("orders-2, orders-3") },
                { "c3", parts("orders-4, orders-5") } },
            {} },
        Row { "ThirdMemberJoinsRoundRobinIgnoresOwned", AssignorKind::RoundRobin,
            { member("c1", { "orders" }, parts("orders-0, orders-1, orders-2")),
                member("c2", { "orders" }, parts("orders-3, orders-4, orders-5")), member("c3", { "orders" }) },
            { { "orders", 6 } },
            { { "c1", parts("orders-0, orders-3") }, { "c2", parts("orders-1, orders-4") },
                { "c3", parts("orders-2, orders-5") } },
            {} },
        Row { "ThirdMemberJoinsStickyMovesOnlyTwo", AssignorKind::Sticky,
            { member("c1", { "orders" }, parts("orders-0, orders-1, orders-2")),
                member("c2", { "orders" }, parts("orders-3, orders-4, orders-5")), member("c3", { "orders" }) },
            { { "orders", 6 } },
            { { "c1", parts("orders-0, orders-1") }, { "c2", parts("orders-3, orders-4") },
                { "c3", parts("orders-2, orders-5") } },
            {} },
        Row { "ThirdMemberJoinsCooperativeFirstRound", AssignorKind::CooperativeSticky,
            { member("c1", { "orders" }, parts("orders-0, orders-1, orders-2")),
                member("c2", { "orders" }, parts("orders-3, orders-4, orders-5")), member("c3", { "orders" }) },
            { { "orders", 6 } },
            { { "c1", parts("orders-0, orders-1") }, { "c2", parts("orders-3, orders-4") }, { "c3", {} } },
            parts("orders-2, orders-5") },
        Row { "ThirdMemberJoinsCooperativeFollowUpRound", AssignorKind::CooperativeSticky,
            { member("c1", { "orders" }, parts("orders-0, orders-1")),
                member("c2", { "orders" }, parts("orders-3, orders-4")), member("c3", { "orders" }) },
            { { "orders", 6 } },
            { { "c1", parts("orders-0, orders-1") }, { "c2", parts("orders-3, orders-4") },
                { "c3", parts("orders-2, orders-5") } },
            {} },
        Row { "MemberLeavesCooperativeWithholdsNothing", AssignorKind::CooperativeSticky,
            { member("c1", { "orders" }, parts("orders-0, orders-1")),
                member("c3", { "orders" }, parts("orders-4, orders-5")) },
            { { "orders", 6 } },
            { { "c1", parts("orders-0, orders-1, orders-2") }, { "c3", parts("orders-3, orders-4, orders-5") } }, {} },
        Row { "StaleOwnedPartitionsAreIgnored", AssignorKind::Sticky,
            // c1 still lists a partition of a deleted topic and one past the end; c2 claims c1's orders-0.
            { member("c1", { "orders" }, parts("orders-0, gone-0, orders-9")),
                member("c2", { "orders" }, parts("orders-0, orders-1")) },
            { { "orders", 2 } }, { { "c1", parts("orders-0") }, { "c2", parts("orders-1") } }, {} },
        Row { "DuplicateMemberIdsCollapse", AssignorKind::RoundRobin,
            { member("c1", { "orders" }), member("c1", { "orders" }), member("c2", { "orders" }) }, { { "orders", 2 } },
            { { "c1", parts("orders-0") }, { "c2", parts("orders-1") } }, {} },
        Row { "NoMembers", AssignorKind::Sticky, {}, { { "orders", 2 } }, {}, {} },
        // AbstractStickyAssignor.assignRoundRobin: members join the "at minQuota" queue in the order they
        // reach it, so c2 (which owned a partition) gets there first and takes the one maxQuota slot.
        Row { "StickyFirstToReachMinQuotaTakesTheExtraPartition", AssignorKind::Sticky,
            { member("c1", { "orders" }), member("c2", { "orders" }, parts("orders-0")) }, { { "orders", 5 } },
            { { "c1", parts("orders-1, orders-3") }, { "c2", parts("orders-0, orders-2, orders-4") } }, {} },
        // Unequal subscriptions: to rebalance, c2 must give clicks-1 to c3 and c1 one partition to c2. c1
        // gives one it did not own before this rebalance (events-0), not its owned events-2.
        Row { "StickyGeneralCaseGivesAwayNewPartitionsFirst", AssignorKind::Sticky,
            { member("c1", { "clicks", "events" }, parts("events-2")),
                member("c2", { "clicks", "events" }, parts("clicks-1")), member("c3", { "clicks" }) },
            { { "events", 10 }, { "clicks", 2 } },
            { { "c1", parts("events-2, events-3, events-5, events-7, events-9") },
                { "c2", parts("events-0, events-1, events-4, events-6, events-8") },
                { "c3", parts("clicks-0, clicks-1") } },
            {} },
        Row { "CooperativeGeneralCaseWithholdsTheMovedOwnedPartition", AssignorKind::CooperativeSticky,
            { member("c1", { "clicks", "events" }, parts("events-2")),
                member("c2", { "clicks", "events" }, parts("clicks-1")), member("c3", { "clicks" }) },
            { { "events", 10 }, { "clicks", 2 } },
            { { "c1", parts("events-2, events-3, events-5, events-7, events-9") },
                { "c2", parts("events-0, events-1, events-4, events-6, events-8") }, { "c3", parts("clicks-0") } },
            parts("clicks-1") }),
    rowName);

// RangeAssignorTest.
INSTANTIATE_TEST_SUITE_P(KafkaRange, AssignorExample,
    ::testing::Values(Row { "testOneConsumerNoTopic", AssignorKind::Range, { member("consumer1", {}) }, {},
                          { { "consumer1", {} } }, {} },
        Row { "testOneConsumerNonexistentTopic", AssignorKind::Range, { member("consumer1", topic1Only) }, {},
            { { "consumer1", {} } }, {} },
        Row { "testOneConsumerOneTopic", AssignorKind::Range, { member("consumer1", topic1Only) }, { { "topic1", 3 } },
            { { "consumer1", parts("topic1-0, topic1-1, topic1-2") } }, {} },
        Row { "testOnlyAssignsPartitionsFromSubscribedTopics", AssignorKind::Range, { member("consumer1", topic1Only) },
            { { "topic1", 3 }, { "other", 3 } }, { { "consumer1", parts("topic1-0, topic1-1, topic1-2") } }, {} },
        Row { "testOneConsumerMultipleTopics", AssignorKind::Range, { member("consumer1", topic1And2) },
            { { "topic1", 1 }, { "topic2", 2 } }, { { "consumer1", parts("topic1-0, topic2-0, topic2-1") } }, {} },
        Row { "testTwoConsumersOneTopicOnePartition", AssignorKind::Range,
            { member("consumer1", topic1Only), member("consumer2", topic1Only) }, { { "topic1", 1 } },
            { { "consumer1", parts("topic1-0") }, { "consumer2", {} } }, {} },
        Row { "testTwoConsumersOneTopicTwoPartitions", AssignorKind::Range,
            { member("consumer1", topic1Only), member("consumer2", topic1Only) }, { { "topic1", 2 } },
            { { "consumer1", parts("topic1-0") }, { "consumer2", parts("topic1-1") } }, {} },
        Row { "testMultipleConsumersMixedTopics", AssignorKind::Range,
            { member("consumer1", topic1Only), member("consumer2", topic1And2), member("consumer3", topic1Only) },
            { { "topic1", 3 }, { "topic2", 2 } },
            { { "consumer1", parts("topic1-0") }, { "consumer2", parts("topic1-1, topic2-0, topic2-1") },
                { "consumer3", parts("topic1-2") } },
            {} },
        Row { "testTwoConsumersTwoTopicsSixPartitions", AssignorKind::Range,
            { member("consumer1", topic1And2), member("consumer2", topic1And2) }, { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer1", parts("topic1-0, topic1-1, topic2-0, topic2-1") },
                { "consumer2", parts("topic1-2, topic2-2") } },
            {} },
        Row { "testTwoStaticConsumersTwoTopicsSixPartitions", AssignorKind::Range,
            { member("consumer-b", topic1And2, {}, "instance1"), member("consumer-a", topic1And2, {}, "instance2") },
            { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer-b", parts("topic1-0, topic1-1, topic2-0, topic2-1") },
                { "consumer-a", parts("topic1-2, topic2-2") } },
            {} },
        Row { "testOneStaticConsumerAndOneDynamicConsumerTwoTopicsSixPartitions", AssignorKind::Range,
            { member("consumer-b", topic1And2, {}, "instance1"), member("consumer-a", topic1And2) },
            { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer-b", parts("topic1-0, topic1-1, topic2-0, topic2-1") },
                { "consumer-a", parts("topic1-2, topic2-2") } },
            {} },
        Row { "testStaticMemberRangeAssignmentPersistent", AssignorKind::Range,
            { member("consumer1", topic1And2, {}, "instance1"), member("consumer2", topic1And2, {}, "instance2"),
                member("consumer3", topic1And2, {}, "instance3"), member("consumer4", topic1And2) },
            { { "topic1", 5 }, { "topic2", 4 } },
            { { "consumer1", parts("topic1-0, topic1-1, topic2-0") }, { "consumer2", parts("topic1-2, topic2-1") },
                { "consumer3", parts("topic1-3, topic2-2") }, { "consumer4", parts("topic1-4, topic2-3") } },
            {} },
        Row { "testStaticMemberRangeAssignmentPersistentAfterDynamicMemberReplaced", AssignorKind::Range,
            { member("consumer1", topic1And2, {}, "instance1"), member("consumer2", topic1And2, {}, "instance2"),
                member("consumer3", topic1And2, {}, "instance3"), member("consumer5", topic1And2) },
            { { "topic1", 5 }, { "topic2", 4 } },
            { { "consumer1", parts("topic1-0, topic1-1, topic2-0") }, { "consumer2", parts("topic1-2, topic2-1") },
                { "consumer3", parts("topic1-3, topic2-2") }, { "consumer5", parts("topic1-4, topic2-3") } },
            {} },
        Row { "testStaticMemberRangeAssignmentPersistentAfterMemberIdChanges", AssignorKind::Range,
            // instance1 keeps consumer1; instance2 and instance3 rejoin as consumer5 and consumer4.
            { member("consumer1", topic1And2, {}, "instance1"), member("consumer5", topic1And2, {}, "instance2"),
                member("consumer4", topic1And2, {}, "instance3") },
            { { "topic1", 5 }, { "topic2", 5 } },
            { { "consumer1", parts("topic1-0, topic1-1, topic2-0, topic2-1") },
                { "consumer5", parts("topic1-2, topic1-3, topic2-2, topic2-3") },
                { "consumer4", parts("topic1-4, topic2-4") } },
            {} },
        Row { "testRackAwareAssignmentWithUniformSubscription", AssignorKind::Range,
            { member("c0", { "t1", "t2", "t3" }), member("c1", { "t1", "t2", "t3" }),
                member("c2", { "t1", "t2", "t3" }) },
            { { "t1", 6 }, { "t2", 7 }, { "t3", 2 } },
            { { "c0", parts("t1-0, t1-1, t2-0, t2-1, t2-2, t3-0") }, { "c1", parts("t1-2, t1-3, t2-3, t2-4, t3-1") },
                { "c2", parts("t1-4, t1-5, t2-5, t2-6") } },
            {} },
        Row { "testRackAwareAssignmentWithNonEqualSubscription", AssignorKind::Range,
            { member("c0", { "t1", "t2", "t3" }), member("c1", { "t1", "t2", "t3" }), member("c2", { "t1", "t3" }) },
            { { "t1", 6 }, { "t2", 7 }, { "t3", 2 } },
            { { "c0", parts("t1-0, t1-1, t2-0, t2-1, t2-2, t2-3, t3-0") },
                { "c1", parts("t1-2, t1-3, t2-4, t2-5, t2-6, t3-1") }, { "c2", parts("t1-4, t1-5") } },
            {} },
        Row { "testRackAwareAssignmentWithUniformPartitions", AssignorKind::Range,
            { member("c0", { "t1", "t2", "t3" }), member("c1", { "t1", "t2", "t3" }),
                member("c2", { "t1", "t2", "t3" }) },
            { { "t1", 5 }, { "t2", 5 }, { "t3", 5 } },
            { { "c0", parts("t1-0, t1-1, t2-0, t2-1, t3-0, t3-1") },
                { "c1", parts("t1-2, t1-3, t2-2, t2-3, t3-2, t3-3") }, { "c2", parts("t1-4, t2-4, t3-4") } },
            {} },
        Row { "testRackAwareAssignmentWithUniformPartitionsNonEqualSubscription", AssignorKind::Range,
            { member("c0", { "t1", "t2", "t3" }), member("c1", { "t1", "t2", "t3" }), member("c2", { "t1", "t3" }) },
            { { "t1", 5 }, { "t2", 5 }, { "t3", 5 } },
            { { "c0", parts("t1-0, t1-1, t2-0, t2-1, t2-2, t3-0, t3-1") },
                { "c1", parts("t1-2, t1-3, t2-3, t2-4, t3-2, t3-3") }, { "c2", parts("t1-4, t3-4") } },
            {} },
        Row { "testRackAwareAssignmentWithCoPartitioningDisjoint", AssignorKind::Range,
            { member("c0", { "t1", "t2" }), member("c1", { "t1", "t2" }), member("c2", { "t3", "t4" }),
                member("c3", { "t3", "t4" }) },
            { { "t1", 6 }, { "t2", 6 }, { "t3", 2 }, { "t4", 2 } },
            { { "c0", parts("t1-0, t1-1, t1-2, t2-0, t2-1, t2-2") },
                { "c1", parts("t1-3, t1-4, t1-5, t2-3, t2-4, t2-5") }, { "c2", parts("t3-0, t4-0") },
                { "c3", parts("t3-1, t4-1") } },
            {} },
        Row { "testRackAwareAssignmentWithCoPartitioningAllTopics", AssignorKind::Range,
            { member("c0", { "t1", "t2", "t3", "t4" }), member("c1", { "t1", "t2", "t3", "t4" }),
                member("c2", { "t1", "t2", "t3", "t4" }), member("c3", { "t1", "t2", "t3", "t4" }) },
            { { "t1", 6 }, { "t2", 6 }, { "t3", 2 }, { "t4", 2 } },
            { { "c0", parts("t1-0, t1-1, t2-0, t2-1, t3-0, t4-0") },
                { "c1", parts("t1-2, t1-3, t2-2, t2-3, t3-1, t4-1") }, { "c2", parts("t1-4, t2-4") },
                { "c3", parts("t1-5, t2-5") } },
            {} },
        Row { "testCoPartitionedAssignmentWithSameSubscription", AssignorKind::Range,
            // t7..t9 are subscribed but do not exist.
            { member("c0", { "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9" }),
                member("c1", { "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9" }),
                member("c2", { "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9" }) },
            { { "t1", 6 }, { "t2", 6 }, { "t3", 2 }, { "t4", 2 }, { "t5", 4 }, { "t6", 4 } },
            { { "c0", parts("t1-0, t1-1, t2-0, t2-1, t3-0, t4-0, t5-0, t5-1, t6-0, t6-1") },
                { "c1", parts("t1-2, t1-3, t2-2, t2-3, t3-1, t4-1, t5-2, t6-2") },
                { "c2", parts("t1-4, t1-5, t2-4, t2-5, t5-3, t6-3") } },
            {} }),
    rowName);

// RoundRobinAssignorTest.
INSTANTIATE_TEST_SUITE_P(KafkaRoundRobin, AssignorExample,
    ::testing::Values(Row { "testOneConsumerNoTopic", AssignorKind::RoundRobin, { member("consumer", {}) }, {},
                          { { "consumer", {} } }, {} },
        Row { "testOneConsumerNonexistentTopic", AssignorKind::RoundRobin, { member("consumer", { "topic" }) }, {},
            { { "consumer", {} } }, {} },
        Row { "testOneConsumerOneTopic", AssignorKind::RoundRobin, { member("consumer", { "topic" }) },
            { { "topic", 3 } }, { { "consumer", parts("topic-0, topic-1, topic-2") } }, {} },
        Row { "testOnlyAssignsPartitionsFromSubscribedTopics", AssignorKind::RoundRobin,
            { member("consumer", { "topic" }) }, { { "topic", 3 }, { "other", 3 } },
            { { "consumer", parts("topic-0, topic-1, topic-2") } }, {} },
        Row { "testOneConsumerMultipleTopics", AssignorKind::RoundRobin, { member("consumer", topic1And2) },
            { { "topic1", 1 }, { "topic2", 2 } }, { { "consumer", parts("topic1-0, topic2-0, topic2-1") } }, {} },
        Row { "testTwoConsumersOneTopicOnePartition", AssignorKind::RoundRobin,
            { member("consumer1", { "topic" }), member("consumer2", { "topic" }) }, { { "topic", 1 } },
            { { "consumer1", parts("topic-0") }, { "consumer2", {} } }, {} },
        Row { "testTwoConsumersOneTopicTwoPartitions", AssignorKind::RoundRobin,
            { member("consumer1", { "topic" }), member("consumer2", { "topic" }) }, { { "topic", 2 } },
            { { "consumer1", parts("topic-0") }, { "consumer2", parts("topic-1") } }, {} },
        Row { "testMultipleConsumersMixedTopics", AssignorKind::RoundRobin,
            { member("consumer1", topic1Only), member("consumer2", topic1And2), member("consumer3", topic1Only) },
            { { "topic1", 3 }, { "topic2", 2 } },
            { { "consumer1", parts("topic1-0") }, { "consumer2", parts("topic1-1, topic2-0, topic2-1") },
                { "consumer3", parts("topic1-2") } },
            {} },
        Row { "testTwoDynamicConsumersTwoTopicsSixPartitions", AssignorKind::RoundRobin,
            { member("consumer1", topic1And2), member("consumer2", topic1And2) }, { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer1", parts("topic1-0, topic1-2, topic2-1") },
                { "consumer2", parts("topic1-1, topic2-0, topic2-2") } },
            {} },
        Row { "testTwoStaticConsumersTwoTopicsSixPartitions", AssignorKind::RoundRobin,
            { member("consumer-b", topic1And2, {}, "instance1"), member("consumer-a", topic1And2, {}, "instance2") },
            { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer-b", parts("topic1-0, topic1-2, topic2-1") },
                { "consumer-a", parts("topic1-1, topic2-0, topic2-2") } },
            {} },
        Row { "testOneStaticConsumerAndOneDynamicConsumerTwoTopicsSixPartitions", AssignorKind::RoundRobin,
            { member("consumer-b", topic1And2, {}, "instance1"), member("consumer-a", topic1And2) },
            { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer-b", parts("topic1-0, topic1-2, topic2-1") },
                { "consumer-a", parts("topic1-1, topic2-0, topic2-2") } },
            {} },
        Row { "testStaticMemberAssignmentPersistent", AssignorKind::RoundRobin,
            { member("consumer1", topic1And2, {}, "instance1"), member("consumer2", topic1And2, {}, "instance2"),
                member("consumer3", topic1And2, {}, "instance3"), member("consumer4", topic1And2) },
            { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer1", parts("topic1-0, topic2-1") }, { "consumer2", parts("topic1-1, topic2-2") },
                { "consumer3", parts("topic1-2") }, { "consumer4", parts("topic2-0") } },
            {} },
        Row { "testStaticMemberAssignmentPersistentAfterDynamicMemberReplaced", AssignorKind::RoundRobin,
            { member("consumer1", topic1And2, {}, "instance1"), member("consumer2", topic1And2, {}, "instance2"),
                member("consumer3", topic1And2, {}, "instance3"), member("consumer5", topic1And2) },
            { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer1", parts("topic1-0, topic2-1") }, { "consumer2", parts("topic1-1, topic2-2") },
                { "consumer3", parts("topic1-2") }, { "consumer5", parts("topic2-0") } },
            {} },
        Row { "testStaticMemberAssignmentPersistentAfterMemberIdChanges", AssignorKind::RoundRobin,
            { member("consumer4", topic1And2, {}, "instance1"), member("consumer5", topic1And2, {}, "instance2"),
                member("consumer1", topic1And2, {}, "instance3") },
            { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer4", parts("topic1-0, topic2-0") }, { "consumer5", parts("topic1-1, topic2-1") },
                { "consumer1", parts("topic1-2, topic2-2") } },
            {} }),
    rowName);

// AbstractStickyAssignorTest, run by both StickyAssignorTest and CooperativeStickyAssignorTest. With no
// partition changing owner the two assignors agree; the rows below give each kind where they differ.
std::vector<Row> stickyRows()
{
    const std::vector<std::string> t1t2 { "topic1", "topic2" };
    const std::vector<std::string> topicOnly { "topic" };
    const std::vector<std::string> topicTopic2 { "topic", "topic2" };
    const std::vector<std::string> fourTopics { "topic", "topic2", "topic3", "topic1" };
    const std::vector<std::string> threeTopics { "topic", "topic2", "topic3" };
    const std::vector<std::string> uniform { "t1", "t2", "t3" };
    std::vector<Row> rows {
        { "testOneConsumerNoTopic", AssignorKind::Sticky, { member("consumer", {}) }, {}, { { "consumer", {} } }, {} },
        { "testOneConsumerNonexistentTopic", AssignorKind::Sticky, { member("consumer", topicOnly) },
            { { "topic", 0 } }, { { "consumer", {} } }, {} },
        { "testOneConsumerOneTopic", AssignorKind::Sticky, { member("consumer", topicOnly) }, { { "topic", 3 } },
            { { "consumer", parts("topic-0, topic-1, topic-2") } }, {} },
        { "testOnlyAssignsPartitionsFromSubscribedTopics", AssignorKind::Sticky,
            { member("consumer", topicOnly, parts("topic-0, topic-1, other-0, other-1")) }, { { "topic", 2 } },
            { { "consumer", parts("topic-0, topic-1") } }, {} },
        { "testOneConsumerMultipleTopics", AssignorKind::Sticky, { member("consumer", t1t2) },
            { { "topic1", 1 }, { "topic2", 2 } }, { { "consumer", parts("topic1-0, topic2-0, topic2-1") } }, {} },
        // Kafka only checks validity and balance here; member order gives the partition to consumer1.
        { "testTwoConsumersOneTopicOnePartition", AssignorKind::Sticky,
            { member("consumer1", topicOnly), member("consumer2", topicOnly) }, { { "topic", 1 } },
            { { "consumer1", parts("topic-0") }, { "consumer2", {} } }, {} },
        { "testTwoConsumersOneTopicTwoPartitions", AssignorKind::Sticky,
            { member("consumer1", topicOnly), member("consumer2", topicOnly) }, { { "topic", 2 } },
            { { "consumer1", parts("topic-0") }, { "consumer2", parts("topic-1") } }, {} },
        { "testMultipleConsumersMixedTopicSubscriptions", AssignorKind::Sticky,
            { member("consumer1", { "topic1" }), member("consumer2", t1t2), member("consumer3", { "topic1" }) },
            { { "topic1", 3 }, { "topic2", 2 } },
            { { "consumer1", parts("topic1-0, topic1-2") }, { "consumer2", parts("topic2-0, topic2-1") },
                { "consumer3", parts("topic1-1") } },
            {} },
        { "testTwoConsumersTwoTopicsSixPartitions", AssignorKind::Sticky,
            { member("consumer1", t1t2), member("consumer2", t1t2) }, { { "topic1", 3 }, { "topic2", 3 } },
            { { "consumer1", parts("topic1-0, topic1-2, topic2-1") },
                { "consumer2", parts("topic1-1, topic2-0, topic2-2") } },
            {} },
        { "testConsumerOwningMinQuotaExpectedMaxQuota", AssignorKind::Sticky,
            { member("consumer1", t1t2, parts("topic1-0, topic2-1")),
                member("consumer2", t1t2, parts("topic1-1, topic2-2")) },
            { { "topic1", 2 }, { "topic2", 3 } },
            { { "consumer1", parts("topic1-0, topic2-0, topic2-1") }, { "consumer2", parts("topic1-1, topic2-2") } },
            {} },
        // Kafka: consumer1 [topic1-0], consumer2 [topic1-1, topic2-1], consumer3 [topic2-0], because its HashMap
        // visits consumer2 first. In member order consumer1 takes the one maxQuota slot.
        { "testMaxQuotaConsumerMoreThanNumExpectedMaxCapacityMembers", AssignorKind::Sticky,
            { member("consumer1", t1t2, parts("topic1-0, topic2-0")),
                member("consumer2", t1t2, parts("topic1-1, topic2-1")), member("consumer3", t1t2) },
            { { "topic1", 2 }, { "topic2", 2 } },
            { { "consumer1", parts("topic1-0, topic2-0") }, { "consumer2", parts("topic1-1") },
                { "consumer3", parts("topic2-1") } },
            {} },
        { "testAllConsumersAreUnderMinQuota", AssignorKind::Sticky,
            { member("consumer1", t1t2, parts("topic1-0")), member("consumer2", t1t2, parts("topic1-1")),
                member("consumer3", t1t2) },
            { { "topic1", 2 }, { "topic2", 3 } },
            { { "consumer1", parts("topic1-0, topic2-1") }, { "consumer2", parts("topic1-1, topic2-2") },
                { "consumer3", parts("topic2-0") } },
            {} },
        { "testAddRemoveConsumerOneTopic_1", AssignorKind::Sticky, { member("consumer1", topicOnly) },
            { { "topic", 3 } }, { { "consumer1", parts("topic-0, topic-1, topic-2") } }, {} },
        { "testAddRemoveConsumerOneTopic_2", AssignorKind::Sticky,
            { member("consumer1", topicOnly, parts("topic-0, topic-1, topic-2")), member("consumer2", topicOnly) },
            { { "topic", 3 } }, { { "consumer1", parts("topic-0, topic-1") }, { "consumer2", parts("topic-2") } }, {} },
        { "testAddRemoveConsumerOneTopic_3", AssignorKind::Sticky, { member("consumer2", topicOnly, parts("topic-2")) },
            { { "topic", 3 } }, { { "consumer2", parts("topic-0, topic-1, topic-2") } }, {} },
        { "testAddRemoveTwoConsumersTwoTopics_1", AssignorKind::Sticky,
            { member("consumer1", t1t2), member("consumer2", t1t2) }, { { "topic1", 3 }, { "topic2", 4 } },
            { { "consumer1", parts("topic1-0, topic1-2, topic2-1, topic2-3") },
                { "consumer2", parts("topic1-1, topic2-0, topic2-2") } },
            {} },
        { "testAddRemoveTwoConsumersTwoTopics_2", AssignorKind::Sticky,
            { member("consumer1", t1t2, parts("topic1-0, topic1-2, topic2-1, topic2-3")),
                member("consumer2", t1t2, parts("topic1-1, topic2-0, topic2-2")), member("consumer3", t1t2),
                member("consumer4", t1t2) },
            { { "topic1", 3 }, { "topic2", 4 } },
            { { "consumer1", parts("topic1-0, topic2-1") }, { "consumer2", parts("topic2-0, topic1-1") },
                { "consumer3", parts("topic1-2, topic2-3") }, { "consumer4", parts("topic2-2") } },
            {} },
        { "testAddRemoveTwoConsumersTwoTopics_3", AssignorKind::Sticky,
            { member("consumer3", t1t2, parts("topic1-2, topic2-3")), member("consumer4", t1t2, parts("topic2-2")) },
            { { "topic1", 3 }, { "topic2", 4 } },
            { { "consumer3", parts("topic1-2, topic2-3, topic1-0, topic2-1") },
                { "consumer4", parts("topic2-2, topic1-1, topic2-0") } },
            {} },
        { "testAllConsumersReachExpectedQuotaAndAreConsideredFilled", AssignorKind::Sticky,
            { member("consumer1", topicOnly, parts("topic-0, topic-1")),
                member("consumer2", topicOnly, parts("topic-2")), member("consumer3", topicOnly) },
            { { "topic", 4 } },
            { { "consumer1", parts("topic-0, topic-1") }, { "consumer2", parts("topic-2") },
                { "consumer3", parts("topic-3") } },
            {} },
        // Kafka decides the next four by generation; here the member with the higher generation is also the
        // first in member order, which is the rule AssignorMember documents.
        { "testOwnedPartitionsAreInvalidatedForConsumerWithStaleGeneration", AssignorKind::Sticky,
            { member("consumer1", topicTopic2, parts("topic-0, topic-2, topic2-1")),
                member("consumer2", topicTopic2, parts("topic-0, topic-2, topic2-1")) },
            { { "topic", 3 }, { "topic2", 3 } },
            { { "consumer1", parts("topic-0, topic-2, topic2-1") },
                { "consumer2", parts("topic-1, topic2-0, topic2-2") } },
            {} },
        { "testEnsurePartitionsAssignedToHighestGeneration", AssignorKind::Sticky,
            { member("consumer1", threeTopics, parts("topic-0, topic2-0, topic3-0")),
                member("consumer2", threeTopics, parts("topic-1, topic2-1, topic3-1")),
                member("consumer3", threeTopics, parts("topic2-1, topic3-0, topic3-2")) },
            { { "topic", 3 }, { "topic2", 3 }, { "topic3", 3 } },
            { { "consumer1", parts("topic-0, topic2-0, topic3-0") },
                { "consumer2", parts("topic-1, topic2-1, topic3-1") },
                { "consumer3", parts("topic-2, topic2-2, topic3-2") } },
            {} },
        { "testNoReassignmentOnCurrentMembers", AssignorKind::Sticky,
            { member("consumer1", fourTopics), member("consumer2", fourTopics, parts("topic-0, topic2-0, topic1-0")),
                member("consumer3", fourTopics, parts("topic3-2, topic2-2, topic1-1")),
                member("consumer4", fourTopics, parts("topic3-1, topic-1, topic-2")) },
            { { "topic", 3 }, { "topic1", 3 }, { "topic2", 3 }, { "topic3", 3 } },
            { { "consumer1", parts("topic1-2, topic2-1, topic3-0") },
                { "consumer2", parts("topic-0, topic2-0, topic1-0") },
                { "consumer3", parts("topic3-2, topic2-2, topic1-1") },
                { "consumer4", parts("topic3-1, topic-1, topic-2") } },
            {} },
        { "testOwnedPartitionsAreInvalidatedForConsumerWithMultipleGeneration", AssignorKind::Sticky,
            { member("consumer1", topicTopic2, parts("topic-0, topic2-1, topic-1")),
                member("consumer2", topicTopic2, parts("topic-0, topic2-1, topic2-2")) },
            { { "topic", 3 }, { "topic2", 3 } },
            { { "consumer1", parts("topic-0, topic2-1, topic-1") },
                { "consumer2", parts("topic-2, topic2-2, topic2-0") } },
            {} },
        // Kafka drops topic-0 from both same-generation claimants and gives it to consumer3 (consumer1 keeps
        // topic-1). Here the first claimant in member order keeps it, so consumer1 keeps topic-0 (its
        // lowest partition) and consumer3 gets the topic-1 consumer1 gives up.
        { "testPartitionsTransferringOwnershipIncludeThePartitionClaimedByMultipleConsumersInSameGeneration",
            AssignorKind::Sticky,
            { member("consumer1", topicOnly, parts("topic-0, topic-1")),
                member("consumer2", topicOnly, parts("topic-0, topic-2")), member("consumer3", topicOnly) },
            { { "topic", 3 } },
            { { "consumer1", parts("topic-0") }, { "consumer2", parts("topic-2") }, { "consumer3", parts("topic-1") } },
            {} },
        { "testRackAwareAssignmentWithUniformSubscription", AssignorKind::Sticky,
            { member("c0", uniform), member("c1", uniform), member("c2", uniform) },
            { { "t1", 6 }, { "t2", 7 }, { "t3", 2 } },
            { { "c0", parts("t1-0, t1-3, t2-0, t2-3, t2-6") }, { "c1", parts("t1-1, t1-4, t2-1, t2-4, t3-0") },
                { "c2", parts("t1-2, t1-5, t2-2, t2-5, t3-1") } },
            {} },
        { "testRackAwareAssignmentWithUniformSubscriptionOwned", AssignorKind::Sticky,
            { member("c0", uniform, parts("t1-0, t1-3, t2-0, t2-3, t2-6")),
                member("c1", uniform, parts("t1-1, t1-4, t2-1, t2-4, t3-0")),
                member("c2", uniform, parts("t1-2, t1-5, t2-2, t2-5, t3-1")) },
            { { "t1", 6 }, { "t2", 7 }, { "t3", 2 } },
            { { "c0", parts("t1-0, t1-3, t2-0, t2-3, t2-6") }, { "c1", parts("t1-1, t1-4, t2-1, t2-4, t3-0") },
                { "c2", parts("t1-2, t1-5, t2-2, t2-5, t3-1") } },
            {} },
        // The general (unequal subscriptions) case: our stand-in gives exactly Kafka's non-rack-aware result.
        { "testRackAwareAssignmentWithNonEqualSubscription", AssignorKind::Sticky,
            { member("c0", uniform), member("c1", uniform), member("c2", { "t1", "t3" }) },
            { { "t1", 6 }, { "t2", 7 }, { "t3", 2 } },
            { { "c0", parts("t1-5, t2-0, t2-2, t2-4, t2-6") }, { "c1", parts("t1-3, t2-1, t2-3, t2-5, t3-0") },
                { "c2", parts("t1-0, t1-1, t1-2, t1-4, t3-1") } },
            {} },
        { "testRackAwareAssignmentWithNonEqualSubscriptionOwned", AssignorKind::Sticky,
            { member("c0", uniform, parts("t1-5, t2-0, t2-2, t2-4, t2-6")),
                member("c1", uniform, parts("t1-3, t2-1, t2-3, t2-5, t3-0")),
                member("c2", { "t1", "t3" }, parts("t1-0, t1-1, t1-2, t1-4, t3-1")) },
            { { "t1", 6 }, { "t2", 7 }, { "t3", 2 } },
            { { "c0", parts("t1-5, t2-0, t2-2, t2-4, t2-6") }, { "c1", parts("t1-3, t2-1, t2-3, t2-5, t3-0") },
                { "c2", parts("t1-0, t1-1, t1-2, t1-4, t3-1") } },
            {} },
    };

    // The same cases through cooperative-sticky: nothing changes owner, or what does is withheld.
    std::vector<Row> cooperative;
    for (Row row : rows) {
        row.kind = AssignorKind::CooperativeSticky;
        if (row.name == "testAddRemoveConsumerOneTopic_2") {
            row.expected = { { "consumer1", parts("topic-0, topic-1") }, { "consumer2", {} } };
            row.withheld = parts("topic-2");
        } else if (row.name == "testAddRemoveTwoConsumersTwoTopics_2") {
            // Kafka's partitionsTransferringOwnership: topic1-2 and topic2-3 to consumer3, topic2-2 to consumer4.
            row.expected = { { "consumer1", parts("topic1-0, topic2-1") }, { "consumer2", parts("topic2-0, topic1-1") },
                { "consumer3", {} }, { "consumer4", {} } };
            row.withheld = parts("topic1-2, topic2-2, topic2-3");
        } else if (row.name == "testMaxQuotaConsumerMoreThanNumExpectedMaxCapacityMembers") {
            row.expected = { { "consumer1", parts("topic1-0, topic2-0") }, { "consumer2", parts("topic1-1") },
                { "consumer3", {} } };
            row.withheld = parts("topic2-1");
        } else if (row.name
            == "testPartitionsTransferringOwnershipIncludeThePartitionClaimedByMultipleConsumersInSameGeneration") {
            row.expected
                = { { "consumer1", parts("topic-0") }, { "consumer2", parts("topic-2") }, { "consumer3", {} } };
            row.withheld = parts("topic-1");
        }
        cooperative.push_back(std::move(row));
    }
    for (Row& row : rows)
        row.name = "Sticky_" + row.name;
    for (Row& row : cooperative) {
        row.name = "Cooperative_" + row.name;
        rows.push_back(std::move(row));
    }
    return rows;
}

INSTANTIATE_TEST_SUITE_P(KafkaSticky, AssignorExample, ::testing::ValuesIn(stickyRows()), rowName);

// CooperativeStickyAssignorTest, and the cooperative two-step of AbstractStickyAssignorTest's
// testRackAwareAssignmentWithNonEqualSubscription (its "intermediate" and final assignments).
INSTANTIATE_TEST_SUITE_P(KafkaCooperativeSticky, AssignorExample,
    ::testing::Values(
        // Kafka: consumer1 [topic-1], consumer2 [topic-2], consumer3 [] with topic-0 withheld (claimed by both).
        // Here consumer1 keeps topic-0 as the first claimant and topic-1 waits for consumer3.
        Row { "testAllConsumersHaveOwnedPartitionInvalidatedWhenClaimedByMultipleConsumersInSameGenerationWithEqualPart"
              "itionsPerConsumer",
            AssignorKind::CooperativeSticky,
            { member("consumer1", { "topic" }, parts("topic-0, topic-1")),
                member("consumer2", { "topic" }, parts("topic-0, topic-2")), member("consumer3", { "topic" }) },
            { { "topic", 3 } },
            { { "consumer1", parts("topic-0") }, { "consumer2", parts("topic-2") }, { "consumer3", {} } },
            parts("topic-1") },
        // Kafka: consumer1 [topic-1, topic-3], consumer2 [topic-2], consumer3 [] (topic-0 withheld). Here
        // consumer1 keeps both it owns (one maxQuota slot) and consumer3 gets the free topic-3 at once.
        Row { "testAllConsumersHaveOwnedPartitionInvalidatedWhenClaimedByMultipleConsumersInSameGenerationWithUnequalPa"
              "rtitionsPerConsumer",
            AssignorKind::CooperativeSticky,
            { member("consumer1", { "topic" }, parts("topic-0, topic-1")),
                member("consumer2", { "topic" }, parts("topic-0, topic-2")), member("consumer3", { "topic" }) },
            { { "topic", 4 } },
            { { "consumer1", parts("topic-0, topic-1") }, { "consumer2", parts("topic-2") },
                { "consumer3", parts("topic-3") } },
            {} },
        Row { "testAssignorWithOldVersionSubscriptions", AssignorKind::CooperativeSticky,
            { member("consumer1", { "topic1" }, parts("topic1-0")),
                member("consumer2", { "topic1" }, parts("topic1-1")), member("consumer3", { "topic1" }) },
            { { "topic1", 3 } },
            { { "consumer1", parts("topic1-0") }, { "consumer2", parts("topic1-1") },
                { "consumer3", parts("topic1-2") } },
            {} },
        Row { "testRackAwareAssignmentWithNonEqualSubscriptionIntermediate", AssignorKind::CooperativeSticky,
            // c2 is not subscribed to t2, so its claims on t2-4..t2-6 are stale but still have to be revoked.
            { member("c0", { "t1", "t2", "t3" }, parts("t1-0, t1-1, t1-2, t1-3, t1-4")),
                member("c1", { "t1", "t2", "t3" }, parts("t1-5, t2-0, t2-1, t2-2, t2-3")),
                member("c2", { "t1", "t3" }, parts("t2-4, t2-5, t2-6, t3-0, t3-1")) },
            { { "t1", 6 }, { "t2", 7 }, { "t3", 2 } },
            { { "c0", parts("t1-2, t1-3, t1-4") }, { "c1", parts("t2-0, t2-1, t2-2, t2-3") },
                { "c2", parts("t3-0, t3-1") } },
            parts("t1-0, t1-1, t1-5, t2-4, t2-5, t2-6") },
        Row { "testRackAwareAssignmentWithNonEqualSubscriptionFinal", AssignorKind::CooperativeSticky,
            { member("c0", { "t1", "t2", "t3" }, parts("t1-2, t1-3, t1-4")),
                member("c1", { "t1", "t2", "t3" }, parts("t2-0, t2-1, t2-2, t2-3")),
                member("c2", { "t1", "t3" }, parts("t3-0, t3-1")) },
            { { "t1", 6 }, { "t2", 7 }, { "t3", 2 } },
            { { "c0", parts("t1-2, t1-3, t1-4, t2-4, t2-5") }, { "c1", parts("t2-0, t2-1, t2-2, t2-3, t2-6") },
                { "c2", parts("t1-0, t1-1, t1-5, t3-0, t3-1") } },
            {} }),
    rowName);

// AbstractStickyAssignorTest.testTopicBalanceAfterReassignment: every step keeps each member's share of each
// topic equal, because owned partitions are kept in (partition, topic) order.
TEST(AssignorSticky, TopicBalanceAfterReassignment)
{
    for (const auto kind : { AssignorKind::Sticky, AssignorKind::CooperativeSticky }) {
        SCOPED_TRACE(std::string(hw::assignorName(kind)));
        const std::vector<AssignorTopic> topics { { "topic1", 12 }, { "topic2", 12 } };
        const std::vector<std::string> both { "topic1", "topic2" };
        GroupAssignment previous;
        // Run to a stable assignment, following up while partitions are withheld (cooperative).
        const auto settle = [&](std::vector<std::string> ids) {
            for (int round = 0; round < 3; ++round) {
                std::vector<AssignorMember> members;
                for (const auto& id : ids)
                    members.push_back(member(id, both, previous.contains(id) ? previous[id] : Partitions {}));
                const AssignorResult result = hw::runAssignor(kind, members, topics);
                previous = result.assignment;
                if (result.withheld.empty())
                    return;
            }
            ADD_FAILURE() << "still withholding partitions after three rounds";
        };
        const auto expectPerTopic = [&](std::size_t each) {
            for (const auto& [id, partitions] : previous) {
                const auto inTopic1 = std::count_if(partitions.begin(), partitions.end(),
                    [](const AssignorPartition& p) { return p.topic == "topic1"; });
                EXPECT_EQ(static_cast<std::size_t>(inTopic1), each) << id;
                EXPECT_EQ(partitions.size() - static_cast<std::size_t>(inTopic1), each) << id;
            }
        };
        settle({ "consumer1" });
        expectPerTopic(12);
        settle({ "consumer1", "consumer2" });
        expectPerTopic(6);
        settle({ "consumer1", "consumer2", "consumer3", "consumer4" });
        expectPerTopic(3);
        settle({ "consumer3", "consumer4" });
        expectPerTopic(6);
    }
}

// AbstractStickyAssignorTest.testStickiness: removing a member keeps everyone else's partition.
TEST(AssignorSticky, RemovingTheLeaderKeepsTheOthersPartitions)
{
    for (const auto kind : { AssignorKind::Sticky, AssignorKind::CooperativeSticky }) {
        const std::vector<AssignorTopic> topics { { "topic1", 3 } };
        std::vector<AssignorMember> members;
        for (const char* id : { "consumer1", "consumer2", "consumer3", "consumer4" })
            members.push_back(member(id, { "topic1" }));
        const GroupAssignment first = hw::assignPartitions(kind, members, topics);
        std::vector<AssignorMember> rest;
        for (const char* id : { "consumer2", "consumer3", "consumer4" })
            rest.push_back(member(id, { "topic1" }, first.at(id)));
        const AssignorResult second = hw::runAssignor(kind, rest, topics);
        EXPECT_TRUE(second.withheld.empty());
        for (const auto& m : rest) {
            ASSERT_EQ(second.assignment.at(m.memberId).size(), 1u) << m.memberId;
            if (!m.owned.empty()) {
                EXPECT_EQ(second.assignment.at(m.memberId), m.owned) << m.memberId;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Randomized groups. A local SplitMix64 so that every platform draws the same cases; a failure names its
// seed (rerun one case by changing the loop bounds to that seed).

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) { }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// [0, bound); the tiny modulo bias does not matter for test cases.
    std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }
    bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }
    template <typename T> void shuffle(std::vector<T>& items)
    {
        for (std::size_t i = items.size(); i > 1; --i)
            std::swap(items[i - 1], items[below(i)]);
    }

private:
    std::uint64_t m_state;
};

struct RandomGroup {
    std::vector<AssignorMember> members;
    std::vector<AssignorTopic> topics;
};

std::vector<std::string> randomSubset(SplitMix64& rng, const std::vector<std::string>& from, bool nonEmpty)
{
    std::vector<std::string> subset;
    for (const auto& item : from) {
        if (rng.chance(60))
            subset.push_back(item);
    }
    if (subset.empty() && nonEmpty && !from.empty())
        subset.push_back(from[rng.below(from.size())]);
    rng.shuffle(subset);
    return subset;
}

/// Up to 5 topics of 0..12 partitions (names chosen so string order is not numeric order), up to 9 members
/// (some static), equal or unequal subscriptions (sometimes naming a topic that does not exist), and owned
/// partitions that are empty, a plausible previous assignment, or chaos (duplicates, stale and unknown).
RandomGroup randomGroup(std::uint64_t seed)
{
    SplitMix64 rng(seed);
    RandomGroup group;
    std::vector<std::string> pool { "orders", "payments", "a", "b", "t10", "t9", "clicks-v2" };
    rng.shuffle(pool);
    const std::size_t topicCount = 1 + rng.below(5);
    std::vector<std::string> names(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(topicCount));
    for (const auto& name : names)
        group.topics.push_back({ name, static_cast<std::int32_t>(rng.chance(10) ? 0 : rng.below(13)) });

    std::vector<std::string> subscribable = names;
    if (rng.chance(20))
        subscribable.push_back("ghost");
    const bool equal = rng.chance(50);
    const std::vector<std::string> common = randomSubset(rng, subscribable, true);

    const std::size_t memberCount = 1 + rng.below(9);
    std::set<std::string> ids;
    std::set<std::string> instances;
    while (group.members.size() < memberCount) {
        std::string id = std::string("c").append(std::to_string(rng.below(40)));
        if (!ids.insert(id).second)
            continue;
        std::optional<std::string> instance;
        if (rng.chance(25)) {
            std::string candidate = std::string("i").append(std::to_string(rng.below(40)));
            if (instances.insert(candidate).second)
                instance = candidate;
        }
        std::vector<std::string> topics = common;
        if (!equal)
            topics = randomSubset(rng, subscribable, !rng.chance(10));
        else
            rng.shuffle(topics);
        group.members.push_back(member(id, topics, {}, instance));
    }

    std::vector<AssignorPartition> all;
    for (const auto& topic : group.topics) {
        for (std::int32_t p = 0; p < topic.partitions; ++p)
            all.push_back(tp(topic.name, p));
    }
    switch (rng.below(3)) {
    case 0:
        break; // a new group
    case 1:
        // A previous assignment, possibly unbalanced, with some partitions unowned.
        for (const auto& partition : all) {
            if (rng.chance(80))
                group.members[rng.below(group.members.size())].owned.push_back(partition);
        }
        break;
    default:
        // Chaos: claims by several members, partitions past the end, topics that do not exist.
        for (auto& m : group.members) {
            const std::size_t claims = rng.below(6);
            for (std::size_t i = 0; i < claims && !all.empty(); ++i)
                m.owned.push_back(all[rng.below(all.size())]);
            if (rng.chance(20))
                m.owned.push_back(tp(names.front(), 40));
            if (rng.chance(20))
                m.owned.push_back(tp("ghost", 0));
        }
        break;
    }
    for (auto& m : group.members)
        rng.shuffle(m.owned);
    rng.shuffle(group.members);
    return group;
}

/// What the checks need to know about a group, computed independently of the assignor.
struct GroupFacts {
    std::vector<const AssignorMember*> ordered; // member order
    std::map<std::string, std::set<std::string>> subscribed; // memberId -> existing subscribed topics
    std::map<std::string, std::int32_t> counts; // existing topics with partitions
    std::set<AssignorPartition> universe; // partitions of topics someone subscribes to
    std::map<std::string, std::set<AssignorPartition>> validOwned; // the ownership the sticky assignors honour
    bool equalSubscriptions = true;
};

GroupFacts factsOf(const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics)
{
    GroupFacts facts;
    for (const auto& topic : topics) {
        if (topic.partitions > 0)
            facts.counts.emplace(topic.name, topic.partitions);
    }
    for (const auto& m : members)
        facts.ordered.push_back(&m);
    std::sort(facts.ordered.begin(), facts.ordered.end(),
        [](const AssignorMember* a, const AssignorMember* b) { return hw::assignorMemberLess(*a, *b); });
    std::set<AssignorPartition> claimed;
    for (const AssignorMember* m : facts.ordered) {
        auto& topicsOfMember = facts.subscribed[m->memberId];
        for (const auto& topic : m->topics) {
            if (facts.counts.contains(topic))
                topicsOfMember.insert(topic);
        }
        for (const auto& topic : topicsOfMember) {
            for (std::int32_t p = 0; p < facts.counts[topic]; ++p)
                facts.universe.insert(tp(topic, p));
        }
        auto& owned = facts.validOwned[m->memberId];
        for (const auto& p : m->owned) {
            if (topicsOfMember.contains(p.topic) && p.partition >= 0 && p.partition < facts.counts[p.topic]
                && claimed.insert(p).second)
                owned.insert(p);
        }
    }
    for (const auto& [id, topicsOfMember] : facts.subscribed)
        facts.equalSubscriptions = facts.equalSubscriptions && topicsOfMember == facts.subscribed.begin()->second;
    return facts;
}

/// Every member appears, lists are sorted without repeats, every partition is one the member subscribes to,
/// and no partition goes to two members. With complete, every partition of the universe is assigned.
void expectValid(const GroupFacts& facts, const GroupAssignment& assignment, bool complete)
{
    ASSERT_EQ(assignment.size(), facts.subscribed.size());
    std::set<AssignorPartition> seen;
    for (const auto& [id, partitions] : assignment) {
        ASSERT_TRUE(facts.subscribed.contains(id)) << id;
        EXPECT_TRUE(std::is_sorted(partitions.begin(), partitions.end())) << id;
        for (const auto& p : partitions) {
            EXPECT_TRUE(facts.subscribed.at(id).contains(p.topic)) << id << " got " << p.topic;
            EXPECT_TRUE(facts.universe.contains(p)) << id << " got " << p.topic << "-" << p.partition;
            EXPECT_TRUE(seen.insert(p).second) << p.topic << "-" << p.partition << " assigned twice";
        }
    }
    if (complete) {
        EXPECT_EQ(seen, facts.universe) << "not every partition is assigned";
    }
}

/// Kafka's balance criterion (AbstractStickyAssignorTest.verifyValidityAndBalance): no partition could move
/// to a member subscribed to its topic that holds at least two fewer.
void expectNoImprovingMove(const GroupFacts& facts, const GroupAssignment& assignment)
{
    for (const auto& [giver, partitions] : assignment) {
        for (const auto& p : partitions) {
            for (const auto& [receiver, theirs] : assignment) {
                if (receiver != giver && facts.subscribed.at(receiver).contains(p.topic)) {
                    EXPECT_LT(partitions.size(), theirs.size() + 2)
                        << p.topic << "-" << p.partition << " could move from " << giver << " to " << receiver;
                }
            }
        }
    }
}

/// Range: per topic, the subscribers in member order hold consecutive runs covering 0..P-1, with sizes
/// non-increasing and differing by at most one.
void expectRange(const GroupFacts& facts, const GroupAssignment& assignment)
{
    expectValid(facts, assignment, true);
    for (const auto& [topic, count] : facts.counts) {
        std::int32_t next = 0;
        std::optional<std::size_t> previousSize;
        std::size_t smallest = SIZE_MAX;
        std::size_t largest = 0;
        bool anySubscriber = false;
        for (const AssignorMember* m : facts.ordered) {
            if (!facts.subscribed.at(m->memberId).contains(topic))
                continue;
            anySubscriber = true;
            std::vector<std::int32_t> mine;
            for (const auto& p : assignment.at(m->memberId)) {
                if (p.topic == topic)
                    mine.push_back(p.partition);
            }
            for (const std::int32_t p : mine)
                EXPECT_EQ(p, next++) << topic << " is not dealt in consecutive runs in member order";
            if (previousSize) {
                EXPECT_LE(mine.size(), *previousSize) << topic;
            }
            previousSize = mine.size();
            smallest = std::min(smallest, mine.size());
            largest = std::max(largest, mine.size());
        }
        if (anySubscriber) {
            EXPECT_EQ(next, count) << topic;
            EXPECT_LE(largest - smallest, 1u) << topic << " is not balanced within one partition";
        }
    }
}

/// RoundRobin: with equal subscriptions the k-th partition in (topic, partition) order goes to the
/// (k mod C)-th member, so sizes differ by at most one.
void expectRoundRobin(const GroupFacts& facts, const GroupAssignment& assignment)
{
    expectValid(facts, assignment, true);
    if (!facts.equalSubscriptions || facts.ordered.empty())
        return;
    std::size_t k = 0;
    for (const auto& p : facts.universe) {
        const std::string& id = facts.ordered[k++ % facts.ordered.size()]->memberId;
        const auto& theirs = assignment.at(id);
        EXPECT_TRUE(std::binary_search(theirs.begin(), theirs.end(), p))
            << p.topic << "-" << p.partition << " should go to " << id;
    }
    std::size_t smallest = SIZE_MAX;
    std::size_t largest = 0;
    for (const auto& [id, partitions] : assignment) {
        smallest = std::min(smallest, partitions.size());
        largest = std::max(largest, partitions.size());
    }
    EXPECT_LE(largest - smallest, 1u);
}

/// Sticky. Equal subscriptions: every member ends with minQuota or maxQuota, exactly P % C at maxQuota, each
/// keeps at least min(owned, minQuota) of what it owned, and the total kept is the most the quotas allow
/// (so no member loses a partition that another member gains without need). Unequal: Kafka's balance
/// criterion, and the result is a fixed point (fed back as owned, nothing moves).
void expectSticky(const GroupFacts& facts, const std::vector<AssignorMember>& members,
    const std::vector<AssignorTopic>& topics, const GroupAssignment& assignment)
{
    expectValid(facts, assignment, true);
    if (facts.ordered.empty())
        return;
    if (facts.equalSubscriptions) {
        const std::size_t total = facts.universe.size();
        const std::size_t memberCount = facts.ordered.size();
        const std::size_t minQuota = total / memberCount;
        const std::size_t maxQuota = (total + memberCount - 1) / memberCount;
        std::size_t atMax = 0;
        std::size_t kept = 0;
        std::size_t keepBound = 0;
        std::size_t couldKeepMax = 0;
        for (const auto& [id, partitions] : assignment) {
            EXPECT_TRUE(partitions.size() == minQuota || partitions.size() == maxQuota)
                << id << " holds " << partitions.size() << ", quotas " << minQuota << ".." << maxQuota;
            if (partitions.size() == maxQuota && maxQuota != minQuota)
                ++atMax;
            const auto& owned = facts.validOwned.at(id);
            std::size_t keptHere = 0;
            for (const auto& p : partitions)
                keptHere += owned.contains(p) ? 1 : 0;
            EXPECT_GE(keptHere, std::min(owned.size(), minQuota)) << id << " lost partitions below its quota";
            if (keptHere < owned.size()) {
                EXPECT_EQ(partitions.size(), keptHere) << id << " gave up owned partitions yet gained others";
            }
            kept += keptHere;
            keepBound += std::min(owned.size(), minQuota);
            couldKeepMax += (owned.size() >= maxQuota && maxQuota != minQuota) ? 1 : 0;
        }
        EXPECT_EQ(atMax, total % memberCount);
        EXPECT_EQ(kept, keepBound + std::min(couldKeepMax, total % memberCount)) << "not as sticky as possible";
    } else {
        expectNoImprovingMove(facts, assignment);
    }
    // Fed back as owned, the assignment stays as it is.
    std::vector<AssignorMember> again = members;
    for (auto& m : again)
        m.owned = assignment.at(m.memberId);
    EXPECT_EQ(hw::assignPartitions(AssignorKind::Sticky, again, topics), assignment) << "not a fixed point";
}

/// Cooperative-sticky: the sticky assignment minus the withheld partitions; nothing is handed to a member
/// while another member owns it; follow-up rounds (owners having revoked) assign everything. With equal
/// subscriptions one follow-up suffices; otherwise at most four, as CooperativeStickyAssignorTest allows.
int expectCooperative(const GroupFacts& facts, const std::vector<AssignorMember>& members,
    const std::vector<AssignorTopic>& topics, const AssignorResult& result)
{
    expectValid(facts, result.assignment, false);
    const GroupAssignment sticky = hw::assignPartitions(AssignorKind::Sticky, members, topics);
    Partitions expectedWithheld;
    for (const auto& [id, partitions] : sticky) {
        const auto& mine = result.assignment.at(id);
        for (const auto& p : partitions) {
            if (!std::binary_search(mine.begin(), mine.end(), p))
                expectedWithheld.push_back(p);
        }
        EXPECT_TRUE(std::includes(partitions.begin(), partitions.end(), mine.begin(), mine.end()))
            << id << " got a partition the sticky assignment does not give it";
    }
    std::sort(expectedWithheld.begin(), expectedWithheld.end());
    EXPECT_EQ(result.withheld, expectedWithheld);

    std::map<AssignorPartition, std::set<std::string>> claimants;
    for (const auto& m : members) {
        for (const auto& p : m.owned)
            claimants[p].insert(m.memberId);
    }
    for (const auto& [id, partitions] : result.assignment) {
        for (const auto& p : partitions) {
            const auto found = claimants.find(p);
            if (found != claimants.end() && !found->second.contains(id))
                ADD_FAILURE() << p.topic << "-" << p.partition << " goes to " << id << " while another member owns it";
        }
    }
    for (const auto& p : result.withheld) {
        const auto found = claimants.find(p);
        EXPECT_TRUE(found != claimants.end()) << p.topic << "-" << p.partition << " withheld but nobody owns it";
    }

    // Follow-up rebalances: every member now owns exactly what it was given and revoked the rest.
    std::vector<AssignorMember> current = members;
    AssignorResult latest = result;
    int followUps = 0;
    while (!latest.withheld.empty() && followUps < 4) {
        for (auto& m : current)
            m.owned = latest.assignment.at(m.memberId);
        latest = hw::runAssignor(AssignorKind::CooperativeSticky, current, topics);
        ++followUps;
    }
    EXPECT_TRUE(latest.withheld.empty()) << "still withholding after four follow-up rebalances";
    if (facts.equalSubscriptions) {
        EXPECT_LE(followUps, 1) << "equal subscriptions need at most one follow-up rebalance";
    }
    expectValid(facts, latest.assignment, true);
    if (!facts.equalSubscriptions)
        expectNoImprovingMove(facts, latest.assignment);
    return followUps;
}

struct RunStats {
    int cases = 0;
    int equalCases = 0;
    int withOwned = 0;
    int maxFollowUps = 0;
    int cooperativeWithWithheld = 0;
};

void checkOne(AssignorKind kind, const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics,
    RunStats& stats)
{
    const GroupFacts facts = factsOf(members, topics);
    const AssignorResult result = hw::runAssignor(kind, members, topics);
    if (kind != AssignorKind::CooperativeSticky) {
        EXPECT_TRUE(result.withheld.empty());
    }
    switch (kind) {
    case AssignorKind::Range:
        expectRange(facts, result.assignment);
        break;
    case AssignorKind::RoundRobin:
        expectRoundRobin(facts, result.assignment);
        break;
    case AssignorKind::Sticky:
        expectSticky(facts, members, topics, result.assignment);
        break;
    case AssignorKind::CooperativeSticky:
        stats.maxFollowUps = std::max(stats.maxFollowUps, expectCooperative(facts, members, topics, result));
        stats.cooperativeWithWithheld += result.withheld.empty() ? 0 : 1;
        break;
    }
    // The order of the input never matters.
    std::vector<AssignorMember> reversed(members.rbegin(), members.rend());
    EXPECT_EQ(hw::runAssignor(kind, reversed, topics), result) << "depends on the input order";

    ++stats.cases;
    stats.equalCases += facts.equalSubscriptions ? 1 : 0;
    stats.withOwned += std::any_of(members.begin(), members.end(), [](const auto& m) { return !m.owned.empty(); });
}

std::string groupText(const std::vector<AssignorMember>& members, const std::vector<AssignorTopic>& topics)
{
    std::string text = "topics:";
    for (const auto& t : topics)
        text += " " + t.name + "(" + std::to_string(t.partitions) + ")";
    for (const auto& m : members) {
        text += "\n  " + m.memberId + (m.groupInstanceId ? " [" + *m.groupInstanceId + "]" : "") + " subscribes";
        for (const auto& t : m.topics)
            text += " " + t;
        text += ", owns " + describe(m.owned);
    }
    return text;
}

class AssignorRandomized : public ::testing::TestWithParam<AssignorKind> { };

constexpr std::uint64_t randomCases = 2000;

TEST_P(AssignorRandomized, HoldsItsPropertiesOnRandomGroups)
{
    RunStats stats;
    for (std::uint64_t seed = 1; seed <= randomCases; ++seed) {
        const RandomGroup group = randomGroup(seed);
        SCOPED_TRACE("seed " + std::to_string(seed) + "\n" + groupText(group.members, group.topics));
        checkOne(GetParam(), group.members, group.topics, stats);
        if (HasFailure())
            break; // the first failing seed is enough to reproduce
    }
    EXPECT_EQ(stats.cases, static_cast<int>(randomCases));
    // The generator covers both paths of the sticky assignors and groups with history.
    EXPECT_GT(stats.equalCases, stats.cases / 4);
    EXPECT_LT(stats.equalCases, stats.cases * 3 / 4);
    EXPECT_GT(stats.withOwned, stats.cases / 3);
    if (GetParam() == AssignorKind::CooperativeSticky) {
        EXPECT_GT(stats.cooperativeWithWithheld, stats.cases / 10);
        RecordProperty("maxFollowUps", stats.maxFollowUps);
    }
}

/// A group living through rebalances: members join and leave, topics gain partitions, subscriptions change;
/// each rebalance starts from what the previous one assigned (for cooperative-sticky, after its follow-ups).
TEST_P(AssignorRandomized, HoldsItsPropertiesAcrossGenerations)
{
    const AssignorKind kind = GetParam();
    RunStats stats;
    for (std::uint64_t seed = 1; seed <= 250; ++seed) {
        RandomGroup group = randomGroup(seed * 7919);
        for (auto& m : group.members)
            m.owned.clear();
        SplitMix64 rng(seed);
        int nextId = 100;
        for (int generation = 0; generation < 8; ++generation) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " generation " + std::to_string(generation) + "\n"
                + groupText(group.members, group.topics));
            checkOne(kind, group.members, group.topics, stats);
            if (HasFailure())
                return;
            // Settle (cooperative follow-ups) and carry the assignment into the next generation.
            AssignorResult result = hw::runAssignor(kind, group.members, group.topics);
            for (int round = 0; round < 4 && !result.withheld.empty(); ++round) {
                for (auto& m : group.members)
                    m.owned = result.assignment.at(m.memberId);
                result = hw::runAssignor(kind, group.members, group.topics);
            }
            for (auto& m : group.members)
                m.owned = result.assignment.at(m.memberId);

            switch (rng.below(4)) {
            case 0: // a member joins with the subscription of an existing one
                group.members.push_back(member(std::string("j").append(std::to_string(nextId++)),
                    group.members.empty() ? std::vector<std::string> {} : group.members.front().topics));
                break;
            case 1: // a member leaves (or crashes and is evicted)
                if (group.members.size() > 1)
                    group.members.erase(
                        group.members.begin() + static_cast<std::ptrdiff_t>(rng.below(group.members.size())));
                break;
            case 2: // a topic gains partitions
                group.topics[rng.below(group.topics.size())].partitions += static_cast<std::int32_t>(1 + rng.below(3));
                break;
            default: // a member changes its subscription
                if (!group.members.empty()) {
                    std::vector<std::string> names;
                    for (const auto& t : group.topics)
                        names.push_back(t.name);
                    group.members[rng.below(group.members.size())].topics = randomSubset(rng, names, true);
                }
                break;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Kinds, AssignorRandomized,
    ::testing::Values(
        AssignorKind::Range, AssignorKind::RoundRobin, AssignorKind::Sticky, AssignorKind::CooperativeSticky),
    [](const ::testing::TestParamInfo<AssignorKind>& info) {
        switch (info.param) {
        case AssignorKind::Range:
            return std::string("Range");
        case AssignorKind::RoundRobin:
            return std::string("RoundRobin");
        case AssignorKind::Sticky:
            return std::string("Sticky");
        case AssignorKind::CooperativeSticky:
            return std::string("CooperativeSticky");
        }
        return std::string("Unknown");
    });

} // namespace
