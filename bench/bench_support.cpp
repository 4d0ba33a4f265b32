// SPDX-License-Identifier: MIT
#include "bench_support.h"

#include "scenario/scenario.h"

#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace hw::bench {

std::int64_t residentBytes()
{
    std::ifstream statm("/proc/self/statm");
    std::int64_t pages = 0;
    std::int64_t resident = 0;
    statm >> pages >> resident;
    return resident * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

ClusterSpec loadSpec()
{
    ClusterSpec spec;
    spec.name = "bench-load";
    spec.seed = 7;
    spec.brokers = 3;
    spec.config = defaultsFor(KafkaVersion::V4_2);
    spec.config.minInsyncReplicas = 2;
    spec.topics.push_back(TopicSpec{"load", 12, 3, {}});
    ProducerSpec producer;
    producer.id = "p1";
    producer.acks = Acks::All;
    producer.enableIdempotence = true;
    producer.maxInFlight = 5;
    producer.lingerMs = 5;
    producer.retries = 2147483647;
    producer.deliveryTimeoutMs = 120000;
    spec.producers.push_back(producer);
    return spec;
}

std::int64_t runLoad(Timeline& timeline, std::int64_t batches, int batchSize, TimeMs everyMs)
{
    ProduceAction action;
    action.producer = 0;
    action.topic = 0;
    action.values.resize(static_cast<std::size_t>(batchSize));
    for (int i = 0; i < batchSize; ++i)
        action.values[static_cast<std::size_t>(i)] = "v" + std::to_string(i);
    const int partitions = timeline.head().topics[0].partitionCount;
    for (std::int64_t b = 0; b < batches; ++b) {
        action.partition = static_cast<std::int32_t>(b % partitions);
        if (ApplyResult r = timeline.apply(action); !r.ok())
            throw std::runtime_error(r.error);
        if (std::string error = runAdvance(timeline, everyMs); !error.empty())
            throw std::runtime_error(error);
    }
    // Run until every replica holds every record and the producer heard back about every batch.
    const Offset perPartition = batches / partitions * batchSize;
    for (int round = 0; round < 100000; ++round) {
        bool done = true;
        for (const Partition& p : timeline.head().partitions) {
            for (const Replica& r : p.replicas) {
                if (r.log.leo() < perPartition || r.hw < perPartition)
                    done = false;
            }
        }
        if (done)
            return batches * batchSize;
        if (std::string error = runAdvance(timeline, 10); !error.empty())
            throw std::runtime_error(error);
    }
    throw std::runtime_error("the load run did not finish replicating");
}

} // namespace hw::bench
