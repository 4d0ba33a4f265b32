// SPDX-License-Identifier: MIT
// Issue 29's goal end to end: realkafka::observe(), the observer HighWater points at real Kafka, run against
// an in-process `serve` (KafkaServer on loopback sockets), reads what the simulation holds.
#include "engine/engine.h"
#include "live/kafka_server.h"
#include "model/config.h"
#include "model/kafka_version.h"
#include "realkafka/observer.h"
#include "scenario/scenario.h"
#include "timeline/timeline.h"

#include <gtest/gtest.h>

#include <sstream>
#include <thread>
#include <unistd.h>

using namespace hw;

TEST(ObserveServe, TheObserverReadsServesLeadersIsrOffsetsAndHighWatermarks)
{
    Scenario scenario;
    scenario.name = "observed";
    scenario.cluster.name = "observed";
    scenario.cluster.brokers = 3;
    scenario.cluster.config = defaultsFor(KafkaVersion::V4_4);
    scenario.cluster.config.autoFetch = true;
    TopicSpec topic;
    topic.name = "orders";
    topic.partitions = 2;
    topic.replicationFactor = 3;
    topic.assignment = { { 1, 2, 3 }, { 2, 3, 1 } };
    scenario.cluster.topics.push_back(topic);
    ProducerSpec producer;
    producer.id = "steady";
    producer.acks = Acks::All;
    scenario.cluster.producers.push_back(producer);

    Timeline timeline(Engine::createCluster(scenario.cluster));
    for (std::int32_t partition = 0; partition < 2; ++partition)
        ASSERT_TRUE(timeline.apply(ProduceAction { 0, 0, partition, std::nullopt, { "a", "b", "c", "d" }, {} }).ok());
    for (int i = 0; i < 10000 && timeline.head().nowMs < 3000; ++i)
        if (!timeline.step() && timeline.head().nowMs >= 3000)
            break;
    const ClusterState before = timeline.head();

    live::ServeOptions options;
    options.basePort = 20000 + static_cast<int>(getpid() % 20000);
    options.quiet = true;
    options.stopAfterMs = 4000;
    std::ostringstream log;
    live::KafkaServer server(scenario, timeline, options, log);
    ASSERT_EQ(server.listen(), "");
    std::thread serving([&] { server.run(); });

    realkafka::ObserveRequest request;
    for (BrokerId b = 1; b <= 3; ++b)
        request.brokers.push_back(realkafka::ObservedNode { b, "127.0.0.1",
            static_cast<std::uint16_t>(options.basePort + b), {}, true });
    request.topics = { "orders" };
    request.kafkaVersion = "4.4.0";
    request.readLogs = false;
    request.requestTimeout = std::chrono::milliseconds(3000);
    realkafka::ClusterObservation observation;
    std::string failure;
    try {
        observation = realkafka::observe(request);
    } catch (const std::exception& error) {
        failure = error.what();
    }
    serving.join();
    ASSERT_EQ(failure, "") << log.str();

    EXPECT_EQ(observation.registeredBrokers, (std::vector<std::int32_t> { 1, 2, 3 }));
    ASSERT_EQ(observation.partitions.size(), 2U);
    for (const realkafka::ObservedPartition& p : observation.partitions) {
        SCOPED_TRACE(p.topic + "-" + std::to_string(p.partition));
        const Partition& simulated = before.partitions[static_cast<std::size_t>(p.partition)];
        EXPECT_EQ(p.leader, simulated.registration.leader);
        EXPECT_EQ(p.leaderEpoch, simulated.registration.leaderEpoch);
        EXPECT_EQ(p.replicas, (std::vector<std::int32_t>(simulated.registration.replicas.begin(),
                                  simulated.registration.replicas.end())));
        ASSERT_EQ(p.replicaStates.size(), 3U);
        for (const realkafka::ObservedReplica& r : p.replicaStates) {
            SCOPED_TRACE("broker " + std::to_string(r.brokerId));
            const auto replica = std::find_if(simulated.replicas.begin(), simulated.replicas.end(),
                [&](const Replica& s) { return s.broker == r.brokerId; });
            ASSERT_NE(replica, simulated.replicas.end());
            EXPECT_EQ(r.leo, replica->log.leo());
            EXPECT_EQ(r.hw, replica->hw);
            EXPECT_EQ(r.logStartOffset, replica->log.logStart);
            EXPECT_EQ(r.leo, 4);
        }
    }
}
