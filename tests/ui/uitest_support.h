// SPDX-License-Identifier: MIT
#pragma once

#include "scenario/scenario.h"

#include <QByteArray>
#include <QString>

#include <gtest/gtest.h>

#include <string>

/// Helpers shared by the UI tests.
namespace hw::uitest {

/// A built-in scenario played to the end.
/// Plays a scenario; `idempotence` false gives every producer enable.idempotence false.
inline hw::Timeline play(const std::string& source, bool idempotence = true)
{
    auto loaded = hw::loadScenario(source);
    if (auto* error = std::get_if<hw::ScenarioError>(&loaded))
        ADD_FAILURE() << error->toString();
    hw::Scenario scenario = std::get<hw::Scenario>(loaded);
    if (!idempotence) {
        for (hw::ProducerSpec& producer : scenario.cluster.producers)
            producer.enableIdempotence = false;
    }
    auto played = hw::playScenario(scenario);
    if (auto* error = std::get_if<hw::ScenarioError>(&played))
        ADD_FAILURE() << error->toString();
    return std::move(std::get<hw::Timeline>(played));
}

/// The step a user's produce makes: the value, from the first producer to partition 0 of the first
/// topic.
inline hw::Step produceStep(const std::string& value)
{
    hw::ProduceStep step;
    step.action.producer = 0;
    step.action.topic = 0;
    step.action.partition = 0;
    step.action.values = { value };
    return step;
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

/// Whether every in-use entry of a PDF's cross-reference table points at its object, and startxref at the table.
inline bool crossReferencesHold(const QByteArray& pdf)
{
    const qsizetype startxref = pdf.lastIndexOf("startxref\n");
    if (startxref < 0)
        return false;
    const qsizetype table = pdf.mid(startxref + 10, pdf.indexOf('\n', startxref + 10) - startxref - 10).toLongLong();
    if (!pdf.mid(table).startsWith("xref\n0 "))
        return false;
    const qsizetype countEnd = pdf.indexOf('\n', table + 7);
    const int count = pdf.mid(table + 7, countEnd - table - 7).toInt();
    for (int object = 1; object < count; ++object) {
        const QByteArray entry = pdf.mid(countEnd + 1 + object * 20, 20);
        if (entry.mid(17, 1) != "n")
            continue;
        if (!pdf.mid(entry.left(10).toLongLong()).startsWith(QByteArray::number(object) + " 0 obj"))
            return false;
    }
    return count > 1;
}

} // namespace hw::uitest
