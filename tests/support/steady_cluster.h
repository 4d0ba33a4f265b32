// SPDX-License-Identifier: MIT
#pragma once

#include "model/inputs.h"

#include <algorithm>
#include <string>

/// A cluster under a steady load, for the memory tests (tests/core/test_memory.cpp) and the memory
/// benchmark (bench/bench_memory.cpp): `brokers` brokers, `topics` topics t0, t1, ... of `perTopic`
/// partitions at replication factor min(3, brokers), and one acks=all producer sending `rate`
/// records a second to t0.
namespace hw::testsupport {

inline ClusterSpec steadyCluster(std::string name, std::uint64_t seed, int brokers, int topics, int perTopic,
                                 std::int64_t rate, std::string producerId)
{
    ClusterSpec spec;
    spec.name = std::move(name);
    spec.seed = seed;
    spec.brokers = brokers;
    for (int t = 0; t < topics; ++t) {
        TopicSpec topic;
        topic.name = "t";
        topic.name += std::to_string(t);
        topic.partitions = perTopic;
        topic.replicationFactor = std::min(3, brokers);
        spec.topics.push_back(topic);
    }
    ProducerSpec producer;
    producer.id = std::move(producerId);
    producer.acks = Acks::All;
    producer.ratePerSecond = rate;
    producer.rateTopic = 0;
    spec.producers.push_back(producer);
    return spec;
}

} // namespace hw::testsupport
