// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/scenario.h"

#include <QString>

#include <gtest/gtest.h>

#include <string>

/// Helpers shared by the UI tests.
namespace hw::uitest {

/// A built-in scenario played to the end.
inline hw::Timeline play(const std::string& source)
{
    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
        ADD_FAILURE() << error->toString();
    auto played = hw::playScenario(std::get<hw::Scenario>(loaded));
    if (auto* error = std::get_if<hw::ScenarioError>(&played))
        ADD_FAILURE() << error->toString();
    return std::move(std::get<hw::Timeline>(played));
}

/// A small cluster with two consumer groups (one consumer starts stopped), as scenario text.
inline const char* groupsScenarioJson()
{
    return R"({"format": "highwater/1", "name": "groups", "seed": 3,
 "cluster": {"brokers": 3, "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "orders", "partitions": 3, "replication.factor": 3},
            {"name": "payments", "partitions": 2, "replication.factor": 2}],
 "producers": [{"id": "p1", "acks": "all"}],
 "consumers": [
   {"id": "c1", "group": "billing", "subscribe": ["orders", "payments"], "auto.offset.reset": "earliest"},
   {"id": "c2", "group": "billing", "subscribe": ["orders", "payments"], "auto.offset.reset": "earliest"},
   {"id": "c3", "group": "audit", "subscribe": ["orders"], "auto.offset.reset": "earliest", "start": false}],
 "steps": [
   {"produce": {"producer": "p1", "topic": "orders", "values": ["a", "b", "c"]}},
   {"produce": {"producer": "p1", "topic": "orders", "partition": 1, "values": ["d", "e"]}},
   {"produce": {"producer": "p1", "topic": "payments", "values": ["x"]}},
   {"rebalance": {"group": "billing"}},
   {"advance": {"ms": 2000}},
   {"checkpoint": "stable"},
   {"kill": {"broker": 2}},
   {"advance": {"ms": 12000}},
   {"checkpoint": "failover"}]})";
}

inline hw::Scenario groupsScenario()
{
    auto parsed = hw::parseScenario(groupsScenarioJson(), "groups.json");
    if (auto* error = std::get_if<hw::ScenarioError>(&parsed))
        ADD_FAILURE() << error->toString();
    return std::get<hw::Scenario>(std::move(parsed));
}

/// Every frame of two timelines is the same: same events, times, labels and states.
inline void expectSameFrames(const hw::Timeline& a, const hw::Timeline& b)
{
    ASSERT_EQ(a.frameCount(), b.frameCount());
    for (std::int64_t f = 0; f < a.frameCount(); ++f) {
        ASSERT_EQ(a.frame(f).event, b.frame(f).event) << "frame " << f;
        ASSERT_EQ(a.frame(f).timeMs, b.frame(f).timeMs) << "frame " << f;
        ASSERT_TRUE(a.stateAt(f) == b.stateAt(f)) << "frame " << f;
    }
}

} // namespace hw::uitest
