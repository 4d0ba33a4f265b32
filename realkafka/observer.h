// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

// The interface between the cluster and the observe helpers of issue 27, as the shared design
// (real-shared.md) fixes it. The observe branch owns this file and implements it; this copy lets the
// runner compile against it until the branches are merged.
namespace hw::realkafka {
// One node as the observer reaches it: the address the OBSERVER dials (a direct, unproxied port, so that
// isolating a broker does not blind the observer), and the node's log.dirs for DumpLogSegments.
struct ObservedNode {
    std::int32_t nodeId = -1;
    std::string host;              // "127.0.0.1"
    std::uint16_t port = 0;        // the broker's OBSERVER listener (unproxied)
    std::filesystem::path logDir;  // its log.dirs
    bool running = true;           // false: killed/shut down; read from files only
};
// How to run DumpLogSegments: filled by the cluster helper from the distribution.
struct LogDumpTool {
    std::filesystem::path java;        // the java binary
    std::string classPath;             // "DIST/libs/*"
    std::string mainClass;             // highwater-dist.properties class.dump.log
    std::vector<std::string> jvmArgs;  // small heap, tools log4j config
};
struct ObserveRequest {
    std::vector<ObservedNode> brokers;       // broker-only nodes (ids 1..N)
    std::vector<std::string> topics;         // the scenario's topics (internal topics are not observed)
    LogDumpTool dumpTool;
    std::string kafkaVersion;                // "4.4.0": DTP from 3.8, DescribeCluster v2 fencing from 4.0
    std::chrono::milliseconds requestTimeout{10000};
    bool readLogs = true;                    // DumpLogSegments each replica (slow: a JVM per broker)
};
struct ObservedRecord { std::int64_t offset; std::int32_t leaderEpoch; std::optional<std::string> key;
                        std::optional<std::string> value; std::int64_t producerId; std::int32_t sequence; };
struct ObservedReplica { std::int32_t brokerId; std::optional<std::int64_t> logStartOffset, leo, hw;
                         std::vector<ObservedRecord> records; bool fromFiles = false; };
struct ObservedPartition { std::string topic; std::int32_t partition; std::int32_t leader = -1;
                           std::int32_t leaderEpoch = -1; std::vector<std::int32_t> replicas, isr;
                           std::optional<std::vector<std::int32_t>> elr, lastKnownElr;
                           std::vector<ObservedReplica> replicaStates; };
struct ClusterObservation { std::vector<std::int32_t> registeredBrokers;
                            std::optional<std::vector<std::int32_t>> fencedBrokers;  // 4.0+ only
                            std::vector<ObservedPartition> partitions; };
// Throws ObserveError (with a message naming the node and request) when a running node does not answer
// within requestTimeout; a node with running=false is read from its files only.
ClusterObservation observe(const ObserveRequest& request);
// The facts "quiescent" compares (everything except timings); the runner polls until two observations
// 50-100 ms apart over a settle period are equal.
bool sameFacts(const ClusterObservation& a, const ClusterObservation& b);
}
