// SPDX-License-Identifier: MIT
// stateFromObservation and observedFrame (realkafka/observation_frame.h): an observation of a real
// cluster, after its leader was killed, as the engine's model and as a frame. Every field a simulated
// frame of the same scenario has is in the observed frame, filled from the observation; only "source"
// is added. The simulated dumps' byte-identity is pinned by the core's digest tests (hwcore_tests
// *Golden*, *Digest*), which run unchanged.
#include "realkafka/observation_frame.h"

#include "scenario/frame_json.h"

#include <gtest/gtest.h>

#include <set>

namespace hw::realkafka {
namespace {

using Json = nlohmann::ordered_json;

Scenario scenario()
{
    const auto parsed = parseScenario(R"({"format": "highwater/1", "name": "observed",
 "cluster": {"brokers": 3, "kafka_version": "4.4", "config": {"min.insync.replicas": 2}},
 "topics": [{"name": "observed", "partitions": 1, "replication.factor": 3, "assignment": [[1, 2, 3]]},
            {"name": "later", "partitions": 1, "replication.factor": 2, "assignment": [[2, 3]]}],
 "producers": [{"id": "p1", "acks": "all"}],
 "steps": [{"produce": {"producer": "p1", "topic": "observed", "partition": 0, "key": "k", "values": ["a", "b"]}},
           {"kill": {"broker": 1}},
           {"advance": {"ms": 20000}}]})",
        "observed.json");
    if (const auto* error = std::get_if<ScenarioError>(&parsed)) {
        ADD_FAILURE() << error->toString();
        return {};
    }
    return std::get<Scenario>(parsed);
}

/// Records 0-1 at epoch 0 (k/a, k/b), 2 at epoch 1 (a tombstone), as broker 2 holds them.
std::vector<ObservedRecord> records(int count)
{
    std::vector<ObservedRecord> all { { 0, 0, "k", "a", 5, 0, 0 }, { 1, 0, "k", "b", 5, 1, 0 },
        { 2, 1, "k", std::nullopt, 5, 2, 0 } };
    all.resize(static_cast<std::size_t>(count));
    return all;
}

/// After broker 1 (the leader) was killed: fenced, read from its files; broker 2 leads at epoch 1.
ClusterObservation afterKill()
{
    ClusterObservation o;
    o.registeredBrokers = { 1, 2, 3 };
    o.fencedBrokers = std::vector<std::int32_t> { 1 };
    o.stoppedBrokers = { 1 };
    ObservedPartition p;
    p.topic = "observed";
    p.partition = 0;
    p.leader = 2;
    p.leaderEpoch = 1;
    p.replicas = { 1, 2, 3 };
    p.isr = { 3, 2 };
    p.elr = std::vector<std::int32_t> {};
    p.lastKnownElr = std::vector<std::int32_t> {};
    p.replicaStates.push_back(ObservedReplica { 1, 0, 2, 1, records(2), true });
    p.replicaStates.push_back(ObservedReplica { 2, 0, 3, 3, records(3), false });
    // Broker 3's log was not read (readLogs false): LEO and HW only.
    p.replicaStates.push_back(ObservedReplica { 3, 0, 3, 2, {}, false });
    o.partitions.push_back(p);
    return o;
}

TEST(ObservationFrame, TheStateHoldsWhatWasObserved)
{
    const Scenario sc = scenario();
    const ClusterState s = stateFromObservation(afterKill(), sc, ObservationContext { 12345, { 3 } });
    EXPECT_EQ(s.nowMs, 12345);
    EXPECT_FALSE(s.broker(1).alive);
    EXPECT_TRUE(s.broker(2).alive);
    EXPECT_TRUE(s.broker(3).isolated);
    EXPECT_TRUE(s.registrations[0].fenced);
    EXPECT_FALSE(s.registrations[1].fenced);
    EXPECT_TRUE(s.queue.empty());
    ASSERT_EQ(s.partitions.size(), 2u);
    const Partition& p = s.partitions[0];
    EXPECT_EQ(p.registration.leader, 2);
    EXPECT_EQ(p.registration.leaderEpoch, 1);
    EXPECT_EQ(p.registration.isr, (std::vector<BrokerId> { 3, 2 }));
    ASSERT_EQ(p.replicas.size(), 3u);
    const Replica& killed = p.replicas[0];
    EXPECT_EQ(killed.log.leo(), 2);
    EXPECT_EQ(killed.hw, 1);
    EXPECT_EQ(killed.knownLeader, noLeader);
    const Replica& leader = p.replicas[1];
    EXPECT_TRUE(leader.isLeader());
    EXPECT_EQ(leader.log.leo(), 3);
    EXPECT_EQ(leader.hw, 3);
    EXPECT_EQ(leader.epochStartOffset, 2);
    EXPECT_EQ(leader.epochCache, (std::vector<EpochEntry> { { 0, 0 }, { 1, 2 } }));
    EXPECT_EQ(leader.isr, (std::vector<BrokerId> { 3, 2 }));
    EXPECT_TRUE(valueIsNull(s, s.payloads[static_cast<std::size_t>(leader.log.at(2).payload)]));
    // The same record on two replicas is one payload: the frame's "diverged" list stays empty.
    EXPECT_EQ(killed.log.at(1), leader.log.at(1));
    // Broker 3's records were not read: placeholders with epoch -1 up to its observed LEO.
    const Replica& unread = p.replicas[2];
    EXPECT_EQ(unread.log.leo(), 3);
    EXPECT_EQ(unread.hw, 2);
    EXPECT_EQ(unread.log.at(0).epoch, -1);
    EXPECT_TRUE(unread.epochCache.empty());
    // A topic the observation lacks (not created yet on the real cluster): no leader, empty logs.
    const Partition& later = s.partitions[1];
    EXPECT_EQ(later.registration.leader, noLeader);
    EXPECT_TRUE(later.registration.isr.empty());
    EXPECT_EQ(later.replicas.size(), 2u);
    EXPECT_EQ(later.replicas[0].log.leo(), 0);
}

TEST(ObservationFrame, BeforeFourZeroFencingIsAbsenceFromDescribeCluster)
{
    ClusterObservation o = afterKill();
    o.fencedBrokers.reset();
    o.registeredBrokers = { 2, 3 };
    const ClusterState s = stateFromObservation(o, scenario());
    EXPECT_TRUE(s.registrations[0].fenced);
    EXPECT_FALSE(s.registrations[2].fenced);
    // A cluster with no broker running says nothing of fencing.
    o.registeredBrokers.clear();
    o.stoppedBrokers = { 1, 2, 3 };
    const ClusterState stopped = stateFromObservation(o, scenario());
    EXPECT_FALSE(stopped.registrations[0].fenced);
    EXPECT_FALSE(stopped.broker(3).alive);
}

/// The key paths of a JSON value: objects by key, arrays by their first element.
void keyPaths(const Json& json, const std::string& path, std::set<std::string>& out)
{
    if (json.is_object()) {
        for (const auto& [key, value] : json.items()) {
            out.insert(path + "." + key);
            keyPaths(value, path + "." + key, out);
        }
    } else if (json.is_array() && !json.empty()) {
        keyPaths(json.front(), path + "[]", out);
    }
}

TEST(ObservationFrame, EveryFieldOfASimulatedFrameIsFilled)
{
    const Scenario sc = scenario();
    auto played = playScenario(sc);
    ASSERT_TRUE(std::holds_alternative<Timeline>(played));
    const Timeline& timeline = std::get<Timeline>(played);
    const std::int64_t last = timeline.frameCount() - 1;
    const Json simulated = frameToJson(timeline, last, timeline.stateAt(last));
    const Json observed = observedFrame(
        afterKill(), sc, "4.4.0", 7, realObservedEvent(2, "advance 20000 ms", true), ObservationContext { 20500, {} });

    std::set<std::string> simulatedPaths;
    std::set<std::string> observedPaths;
    keyPaths(simulated, "$", simulatedPaths);
    keyPaths(observed, "$", observedPaths);
    for (const std::string& path : simulatedPaths) {
        if (path.rfind("$.event.", 0) == 0 || path.rfind("$.lost[]", 0) == 0 || path.rfind("$.diverged[]", 0) == 0
            || path.rfind("$.partitions[].leader_view[]", 0) == 0 || path.rfind("$.producers[]", 0) == 0)
            continue; // the event is another kind; what is lost, diverged, in flight or sent is not observed
        EXPECT_TRUE(observedPaths.count(path)) << "the observed frame lacks " << path;
    }
    for (const std::string& path : observedPaths) {
        if (path.rfind("$.event.", 0) == 0 || path == "$.source")
            continue;
        EXPECT_TRUE(simulatedPaths.count(path) || path.rfind("$.partitions[].replica_states[].records[]", 0) == 0)
            << "the observed frame adds " << path;
    }

    // The top level: the full version, the marker right after it, the event.
    auto key = observed.begin();
    EXPECT_EQ(key.key(), "kafka_version");
    EXPECT_EQ(observed["kafka_version"], "4.4.0");
    EXPECT_EQ((++key).key(), "source");
    EXPECT_EQ(observed["source"], "Apache Kafka 4.4.0, observed");
    EXPECT_EQ(observed["frame"], 7);
    EXPECT_EQ(observed["time_ms"], 20500);
    EXPECT_EQ(observed["event"],
        (Json { { "type", "real-observed" }, { "step", 2 }, { "step_text", "advance 20000 ms" },
            { "state", "quiescent" } }));
    const std::string narration = observed["narration"].get<std::string>();
    EXPECT_EQ(
        narration.rfind("Apache Kafka after step 3 (advance 20000 ms): nothing changed during the settle period.", 0),
        0u)
        << narration;
    EXPECT_EQ(observed["brokers"][0]["state"], "offline");
    EXPECT_EQ(observed["brokers"][1]["state"], "online");
    const Json& p = observed["partitions"][0];
    EXPECT_EQ(p["leader"], 2);
    EXPECT_EQ(p["leader_epoch"], 1);
    EXPECT_EQ(p["isr"], (Json { 3, 2 }));
    EXPECT_EQ(p["osr"], (Json { 1 }));
    EXPECT_EQ(p["elr"], Json::array());
    EXPECT_EQ(p["hw"], 3);
    EXPECT_EQ(p["leader_epoch_start"], 2);
    const Json& leader = p["replica_states"][1];
    EXPECT_EQ(leader["leo"], 3);
    EXPECT_EQ(leader["hw"], 3);
    EXPECT_EQ(leader["log_start"], 0);
    EXPECT_EQ(leader["records"][2],
        (Json { { "offset", 2 }, { "epoch", 1 }, { "key", "k" }, { "value", nullptr }, { "producer", nullptr },
            { "sequence", 2 }, { "producer_epoch", 0 } }));
    EXPECT_EQ(observed["diverged"], Json::array());
    // A simulated frame has no marker.
    EXPECT_FALSE(simulated.contains("source"));
}

TEST(ObservationFrame, TheChangedStateIsNamed)
{
    const Json frame = observedFrame(afterKill(), scenario(), "3.9.2", 0, realObservedEvent(0, "kill broker 1", false));
    EXPECT_EQ(frame["kafka_version"], "3.9.2");
    EXPECT_EQ(frame["event"]["state"], "changed");
    EXPECT_EQ(frame["narration"].get<std::string>().rfind(
                  "Apache Kafka after step 1 (kill broker 1): the cluster changed.", 0),
        0u);
}

} // namespace
} // namespace hw::realkafka
