// SPDX-License-Identifier: MIT
// `highwater-cli run builtin:consumer-group-basics --checkpoints` as a user runs it: the frames carry the
// "groups" and "consumers" arrays with the keys docs/frame-format.md documents, and the checkpoints show
// what the scenario's notes say.

#include "cli_runner.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Json = nlohmann::json;

using hw::test::CliResult;
using hw::test::runCli;

std::vector<Json> frames(const std::string& text)
{
    std::vector<Json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        Json frame = Json::parse(line, nullptr, false);
        EXPECT_FALSE(frame.is_discarded()) << "not JSON: " << line.substr(0, 200);
        out.push_back(std::move(frame));
    }
    return out;
}

bool isInt(const Json& j)
{
    return j.is_number_integer();
}
bool isString(const Json& j)
{
    return j.is_string() && !j.get<std::string>().empty();
}
bool isIntOrNull(const Json& j)
{
    return j.is_null() || j.is_number_integer();
}
bool isStringOrNull(const Json& j)
{
    return j.is_null() || isString(j);
}
bool isArray(const Json& j)
{
    return j.is_array();
}

bool isOneOf(const std::string& value, const std::vector<std::string>& allowed)
{
    return std::find(allowed.begin(), allowed.end(), value) != allowed.end();
}

void expectKey(const Json& object, const char* key, bool (*valid)(const Json&), const std::string& where)
{
    ASSERT_TRUE(object.is_object()) << where << " is not an object";
    ASSERT_TRUE(object.contains(key)) << where << " has no \"" << key << "\"";
    EXPECT_TRUE(valid(object.at(key))) << where << "." << key << " has the wrong type: " << object.at(key).dump();
}

void expectTopicPartition(const Json& object, const std::string& where)
{
    expectKey(object, "topic", isString, where);
    expectKey(object, "partition", isInt, where);
}

/// Checks the documented keys of "groups" and "consumers"; returns how many nested entries it saw.
int checkGroupsAndConsumers(const Json& frame, const std::string& where)
{
    int nested = 0;
    EXPECT_TRUE(frame.contains("groups") && frame.at("groups").is_array()) << where;
    EXPECT_TRUE(frame.contains("consumers") && frame.at("consumers").is_array()) << where;
    if (!frame.contains("groups") || !frame.contains("consumers"))
        return 0;
    for (std::size_t g = 0; g < frame.at("groups").size(); ++g) {
        const Json& group = frame.at("groups").at(g);
        const std::string at = where + ".groups[" + std::to_string(g) + "]";
        expectKey(group, "id", isString, at);
        expectKey(group, "state", isString, at);
        expectKey(group, "generation", isInt, at);
        expectKey(group, "protocol", isString, at);
        expectKey(group, "leader", isStringOrNull, at);
        expectKey(group, "coordinator", isInt, at); // -1 when none
        expectKey(group, "offsets_partition", isInt, at);
        EXPECT_TRUE(
            isOneOf(group.value("state", ""), { "Empty", "PreparingRebalance", "CompletingRebalance", "Stable" }))
            << at << ".state " << group.value("state", "");
        expectKey(group, "members", isArray, at);
        expectKey(group, "committed", isArray, at);
        for (std::size_t m = 0; m < group.value("members", Json::array()).size(); ++m) {
            const Json& member = group.at("members").at(m);
            const std::string mat = at + ".members[" + std::to_string(m) + "]";
            expectKey(member, "id", isString, mat);
            expectKey(member, "member_id", isString, mat);
            expectKey(member, "assignment", isArray, mat);
            for (const Json& a : member.value("assignment", Json::array())) {
                expectTopicPartition(a, mat + ".assignment[]");
                ++nested;
            }
        }
        for (const Json& c : group.value("committed", Json::array())) {
            expectTopicPartition(c, at + ".committed[]");
            expectKey(c, "offset", isInt, at + ".committed[]");
            expectKey(c, "lag", isIntOrNull, at + ".committed[]");
            ++nested;
        }
    }
    for (std::size_t i = 0; i < frame.at("consumers").size(); ++i) {
        const Json& consumer = frame.at("consumers").at(i);
        const std::string at = where + ".consumers[" + std::to_string(i) + "]";
        expectKey(consumer, "id", isString, at);
        expectKey(consumer, "group", isStringOrNull, at);
        expectKey(consumer, "state", isString, at);
        EXPECT_TRUE(isOneOf(consumer.value("state", ""),
            { "stopped", "finding-coordinator", "joining", "syncing", "stable", "crashed" }))
            << at << ".state " << consumer.value("state", "");
        expectKey(consumer, "member_id", isStringOrNull, at);
        expectKey(consumer, "generation", isInt, at);
        expectKey(consumer, "positions", isArray, at);
        expectKey(consumer, "received", isArray, at);
        for (const Json& p : consumer.value("positions", Json::array())) {
            expectTopicPartition(p, at + ".positions[]");
            expectKey(p, "offset", isIntOrNull, at + ".positions[]");
            expectKey(p, "lag", isIntOrNull, at + ".positions[]");
            ++nested;
        }
        for (const Json& r : consumer.value("received", Json::array())) {
            expectTopicPartition(r, at + ".received[]");
            expectKey(r, "offset", isInt, at + ".received[]");
            expectKey(r, "value", isString, at + ".received[]");
            ++nested;
        }
    }
    return nested;
}

const Json& byId(const Json& array, const std::string& id)
{
    for (const Json& item : array) {
        if (item.at("id") == id)
            return item;
    }
    ADD_FAILURE() << "no entry " << id << " in " << array.dump().substr(0, 200);
    return array.at(0);
}

std::string assignment(const Json& group, const std::string& consumer)
{
    std::string out;
    for (const Json& a : byId(group.at("members"), consumer).at("assignment"))
        out += (out.empty() ? "" : " ") + a.at("topic").get<std::string>() + "-"
            + std::to_string(a.at("partition").get<int>());
    return out;
}

std::string received(const Json& consumer)
{
    std::string out;
    for (const Json& r : consumer.at("received"))
        out += (out.empty() ? "" : " ") + r.at("topic").get<std::string>() + "-"
            + std::to_string(r.at("partition").get<int>()) + "@" + std::to_string(r.at("offset").get<int>()) + "="
            + r.at("value").get<std::string>();
    return out;
}

std::string committed(const Json& group)
{
    std::string out;
    for (const Json& c : group.at("committed"))
        out += (out.empty() ? "" : " ") + std::to_string(c.at("partition").get<int>()) + ":"
            + std::to_string(c.at("offset").get<int>()) + " lag " + c.at("lag").dump();
    return out;
}

TEST(CliConsumers, ConsumerGroupBasicsCheckpointsCarryTheDocumentedGroupAndConsumerKeys)
{
    const CliResult r = runCli({ "run", "builtin:consumer-group-basics", "--checkpoints" });
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<Json> dump = frames(r.out);
    ASSERT_EQ(dump.size(), 3u) << "one line per checkpoint";
    int nested = 0;
    for (std::size_t i = 0; i < dump.size(); ++i) {
        EXPECT_EQ(dump[i].at("label"), std::to_string(i + 1));
        nested += checkGroupsAndConsumers(dump[i], "checkpoint " + std::to_string(i + 1));
    }
    EXPECT_GE(nested, 30) << "the nested arrays were checked, not just empty";

    // Checkpoint 1: two Stable groups of generation 1 on the same coordinator; range assignments.
    const Json& groups1 = dump[0].at("groups");
    ASSERT_EQ(groups1.size(), 2u);
    const Json& billing = byId(groups1, "billing");
    EXPECT_EQ(billing.at("state"), "Stable");
    EXPECT_EQ(billing.at("generation"), 1);
    EXPECT_EQ(billing.at("protocol"), "range");
    EXPECT_EQ(billing.at("leader"), "bill-1");
    EXPECT_EQ(assignment(billing, "bill-1"), "orders-0 orders-1");
    EXPECT_EQ(assignment(billing, "bill-2"), "orders-2");
    EXPECT_EQ(assignment(byId(groups1, "audit"), "audit-1"), "orders-0 orders-1 orders-2");
    // Both group ids hash to __consumer_offsets partition 1 of 3, so one broker coordinates both.
    EXPECT_EQ(billing.at("coordinator"), byId(groups1, "audit").at("coordinator"));
    EXPECT_EQ(byId(dump[0].at("consumers"), "bill-1").at("group"), "billing");

    // Checkpoint 2: each record to one member of billing; audit reads all six.
    const Json& consumers2 = dump[1].at("consumers");
    EXPECT_EQ(received(byId(consumers2, "bill-1")), "orders-0@0=o0 orders-0@1=o1 orders-1@0=o2");
    EXPECT_EQ(received(byId(consumers2, "bill-2")), "orders-2@0=o3 orders-2@1=o4 orders-2@2=o5");
    EXPECT_EQ(byId(consumers2, "audit-1").at("received").size(), 6u);
    const Json& positions = byId(consumers2, "bill-1").at("positions");
    ASSERT_EQ(positions.size(), 2u);
    EXPECT_EQ(positions.at(0).at("offset"), 2);
    EXPECT_EQ(positions.at(1).at("offset"), 1);

    // Checkpoint 3: committed next offsets 2, 1, 3 with lag 0.
    EXPECT_EQ(committed(byId(dump[2].at("groups"), "billing")), "0:2 lag 0 1:1 lag 0 2:3 lag 0");
    EXPECT_EQ(committed(byId(dump[2].at("groups"), "audit")), "0:2 lag 0 1:1 lag 0 2:3 lag 0");
}

} // namespace
