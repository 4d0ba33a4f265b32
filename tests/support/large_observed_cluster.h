// SPDX-License-Identifier: MIT
#pragma once

// A large real cluster's poll, made up (issue 29's "32 brokers x 1,024 partitions"): the scene tests and
// the drawing benchmark (bench/bench_observed_scene.cpp) draw it. Node ids are 1001.., as a real
// cluster's often are, so that a view naming the model's 1..N instead shows at once.

#include "model/observed.h"

#include <cstdint>
#include <string>

namespace hw::testsupport {

struct LargeClusterShape {
    int brokers = 32;
    int topics = 16;
    int partitionsPerTopic = 64; // 16 x 64 = 1,024
    int replicationFactor = 3;
    std::int32_t firstNodeId = 1001;
};

/// Every partition healthy, every offset known: leaders round robin, replicas the next brokers, each
/// log 1,000 + partition records long, HW at the LEO.
inline ObservedCluster largeObservedCluster(const LargeClusterShape& shape = {})
{
    ObservedCluster poll;
    poll.clusterId = "large-cluster";
    poll.controllerId = shape.firstNodeId;
    poll.kafkaVersion = "4.1.x";
    poll.intervalMs = 1000;
    poll.pollMs = 140;
    poll.fencingKnown = true;
    poll.elrKnown = true;
    for (int b = 0; b < shape.brokers; ++b) {
        ObservedBrokerFacts broker;
        broker.id = shape.firstNodeId + b;
        broker.host = "kafka-" + std::to_string(broker.id) + ".example";
        broker.port = 9092;
        poll.brokers.push_back(broker);
    }
    int global = 0;
    for (int t = 0; t < shape.topics; ++t) {
        ObservedTopicFacts topic;
        topic.name = "topic-" + std::to_string(t);
        topic.topicId = "id-" + topic.name;
        topic.minInsyncReplicas = 2;
        for (int p = 0; p < shape.partitionsPerTopic; ++p, ++global) {
            ObservedPartitionFacts f;
            f.partition = p;
            for (int r = 0; r < shape.replicationFactor; ++r)
                f.replicas.push_back(shape.firstNodeId + (global + r) % shape.brokers);
            f.isr = f.replicas;
            f.leader = f.replicas.front();
            f.leaderEpoch = 3;
            f.elr = std::vector<std::int32_t>();
            f.lastKnownElr = std::vector<std::int32_t>();
            const Offset leo = 1000 + global;
            for (std::int32_t r : f.replicas)
                f.replicaFacts.push_back({ r, 0, leo, leo, "" });
            topic.partitions.push_back(f);
        }
        poll.topics.push_back(topic);
    }
    return poll;
}

/// The next poll: `changed` partitions spread over the cluster each gained records (LEO and HW up by 7).
inline void advanceLargeObservedCluster(ObservedCluster& poll, int changed, int round)
{
    poll.timeMs += poll.intervalMs;
    int total = 0;
    for (const ObservedTopicFacts& t : poll.topics)
        total += static_cast<int>(t.partitions.size());
    for (int i = 0; i < changed && total > 0; ++i) {
        int index = (i * 97 + round * 13) % total;
        for (ObservedTopicFacts& t : poll.topics) {
            if (index < static_cast<int>(t.partitions.size())) {
                for (ObservedReplicaFacts& r : t.partitions[static_cast<std::size_t>(index)].replicaFacts) {
                    *r.leo += 7;
                    *r.hw += 7;
                }
                break;
            }
            index -= static_cast<int>(t.partitions.size());
        }
    }
}

} // namespace hw::testsupport
