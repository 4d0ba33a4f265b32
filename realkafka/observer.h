// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/// What HighWater sees of a real Kafka cluster (issue 27): each partition's leader, leader epoch, replicas,
/// ISR, ELR and last known ELR, the fenced brokers, and each replica's log start, LEO, high watermark and
/// records. Where each fact comes from, per Kafka version, and what was verified on real 3.9.2 and 4.4.0 is
/// in docs/real-kafka.md, section "Observation". The runner (realkafka/runner.h) observes after every step
/// and prints a frame per change (realkafka/observation_frame.h).
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
                        std::optional<std::string> value; std::int64_t producerId; std::int32_t sequence;
                        std::int16_t producerEpoch = -1;  // added: the batch's producer epoch (-1: none)
                        bool lastInBatch = true;          // added: the last record of its batch
                      };
struct ObservedReplica { std::int32_t brokerId; std::optional<std::int64_t> logStartOffset, leo, hw;
                         std::vector<ObservedRecord> records; bool fromFiles = false; };
struct ObservedPartition { std::string topic; std::int32_t partition; std::int32_t leader = -1;
                           std::int32_t leaderEpoch = -1; std::vector<std::int32_t> replicas, isr;
                           std::optional<std::vector<std::int32_t>> elr, lastKnownElr;
                           std::vector<ObservedReplica> replicaStates; };
// Added by the groups helper: a consumer group as real Kafka shows it. The coordinator's facts come from
// DescribeGroups and OffsetFetch (state, protocol, coordinator, members and their assignment, committed
// offsets); the generation and the leader from the members themselves (their JoinGroup answers and which
// one ran the assignor), since DescribeGroups names neither. docs/real-kafka.md, "Consumers and groups".
struct ObservedPartitionRef { std::string topic; std::int32_t partition = 0;
                              friend bool operator==(const ObservedPartitionRef&, const ObservedPartitionRef&) = default; };
struct ObservedMember { std::string memberId; std::string consumer;  // the consumer's id is its client.id
                        std::vector<ObservedPartitionRef> assignment;
                        friend bool operator==(const ObservedMember&, const ObservedMember&) = default; };
struct ObservedCommit { std::string topic; std::int32_t partition = 0; std::int64_t offset = 0;
                        friend bool operator==(const ObservedCommit&, const ObservedCommit&) = default; };
struct ObservedGroup { std::string id; std::string state;  // Empty, PreparingRebalance, CompletingRebalance, Stable, Dead
                       std::string protocol;               // the assignor chosen; empty with no members
                       std::int32_t coordinator = -1;
                       std::int32_t generation = -1;       // the highest generation a member holds; -1: none
                       std::string leader;                 // the consumer that ran the assignor for it; empty: none
                       std::vector<ObservedMember> members;
                       std::vector<ObservedCommit> committed;
                       friend bool operator==(const ObservedGroup&, const ObservedGroup&) = default; };
// A consumer as it knows itself, and what it read.
struct ObservedPosition { std::string topic; std::int32_t partition = 0; std::optional<std::int64_t> offset;
                          friend bool operator==(const ObservedPosition&, const ObservedPosition&) = default; };
struct ObservedConsumedRecord { std::string topic; std::int32_t partition = 0; std::int64_t offset = 0;
                                std::optional<std::string> value;
                                friend bool operator==(const ObservedConsumedRecord&, const ObservedConsumedRecord&) = default; };
struct ObservedConsumer { std::string id; std::string group;
                          bool running = false;   // made and not closed
                          std::string memberId;   // empty before it joined
                          std::int32_t generation = -1;
                          std::vector<ObservedPosition> positions;  // its assignment, sorted
                          std::vector<ObservedConsumedRecord> received;  // in the order it read them
                          friend bool operator==(const ObservedConsumer&, const ObservedConsumer&) = default; };

struct ClusterObservation { std::vector<std::int32_t> registeredBrokers;
                            std::optional<std::vector<std::int32_t>> fencedBrokers;  // 4.0+ only
                            std::vector<ObservedPartition> partitions;
                            std::vector<std::int32_t> stoppedBrokers;  // added: running=false, read from files
                            std::vector<ObservedGroup> groups;         // added: the scenario's groups, in its order
                            std::vector<ObservedConsumer> consumers;   // added: the consumers made so far
                          };
// Throws ObserveError (with a message naming the node and request) when a running node does not answer
// within requestTimeout; a node with running=false is read from its files only.
ClusterObservation observe(const ObserveRequest& request);
// The facts "quiescent" compares (everything except timings); the runner polls until two observations
// 50-100 ms apart over a settle period are equal.
bool sameFacts(const ClusterObservation& a, const ClusterObservation& b);

// ---------------------------------------------------------------------------------------------
// Added by the observe helper (the shared design allows additions only).

/// What observe() throws: a node that does not answer in time, a broker's error for a request, files that
/// cannot be read or DumpLogSegments output that does not parse. The message names the node, the request
/// (or the file and line) and what went wrong.
class ObserveError : public std::runtime_error {
public:
    explicit ObserveError(const std::string& what) : std::runtime_error(what) {}
};

/// Records are compared field by field (the observation's facts hold no timings).
bool operator==(const ObservedRecord& a, const ObservedRecord& b);
bool operator==(const ObservedReplica& a, const ObservedReplica& b);
bool operator==(const ObservedPartition& a, const ObservedPartition& b);
bool operator==(const ClusterObservation& a, const ClusterObservation& b);

/// The partition of an observation, or nullptr.
const ObservedPartition* findPartition(const ClusterObservation& observation, const std::string& topic,
                                       std::int32_t partition);
/// The replica state of a broker in a partition, or nullptr.
const ObservedReplica* findReplica(const ObservedPartition& partition, std::int32_t brokerId);

/// The version as numbers, "4.4.0" -> {4, 4}; throws ObserveError for text that is not X.Y.Z.
struct KafkaRelease {
    int major = 0;
    int minor = 0;
    bool atLeast(int otherMajor, int otherMinor) const
    {
        return major > otherMajor || (major == otherMajor && minor >= otherMinor);
    }
};
KafkaRelease parseKafkaRelease(const std::string& version);

} // namespace hw::realkafka
