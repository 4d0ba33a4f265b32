// SPDX-License-Identifier: MIT
#pragma once

#include "realkafka/distribution.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

/// Kafka's own Java clients for a real run: real/hwclient (real/java/HwClient.java) on JSON lines,
/// docs/real-kafka.md "The client harness". Every ack and error of every send is recorded, so the run can
/// say what the producer saw acknowledged (the lost records are those acked and missing from the final logs).
/// Every record a consumer read is recorded too, and the consumers' own view of their group (member id,
/// generation, assignment, positions) and the coordinators' (DescribeGroups, OffsetFetch) are asked for.
namespace hw::realkafka {

class HarnessError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One line the harness sends is at most this long (HwClient's lineCharsMax is 1 MiB; an answer carries
/// a record at most, and a poll's records arrive one a line).
inline constexpr std::size_t harnessLineBytesMax = 2 * 1024 * 1024;
/// Sends recorded per run; the scenario format bounds a run's records far below this.
inline constexpr std::size_t sendsMax = 1000000;
/// Records read by consumers recorded per run: 32 consumers (consumersMax) reading a lesson's records a
/// few times over stay far below it.
inline constexpr std::size_t consumedRecordsMax = 1000000;
/// The protocol version the harness must speak (HwClient.protocolVersion).
inline constexpr std::string_view harnessProtocol = "2";

/// What one send came to.
struct SendOutcome {
    std::int64_t id = 0;
    std::string producer;
    std::string topic;
    std::int32_t partition = -1;
    std::optional<std::string> key;
    std::string value;
    bool answered = false;
    bool acked = false;
    std::int64_t offset = -1;       // when acked (-1 with acks=0)
    std::string error;              // the exception's class name when it failed
    std::string message;
    std::int64_t elapsedMs = 0;
};

struct HarnessPartition {
    std::string topic;
    std::int32_t partition = 0;
    friend bool operator==(const HarnessPartition&, const HarnessPartition&) = default;
};

/// One record a consumer's poll handed to it.
struct ConsumedRecord {
    std::string consumer;
    std::string topic;
    std::int32_t partition = 0;
    std::int64_t offset = 0;
    std::int32_t leaderEpoch = -1; // -1: the record carried none
    std::optional<std::string> key;
    std::optional<std::string> value;
    friend bool operator==(const ConsumedRecord&, const ConsumedRecord&) = default;
};

/// What a consumer knows of itself after its last poll or command (HwClient's ConsumerWorker.snapshot).
struct ConsumerStatus {
    struct Owned {
        std::string topic;
        std::int32_t partition = 0;
        std::optional<std::int64_t> position; // nothing while the committed offset or reset is looked up
        friend bool operator==(const Owned&, const Owned&) = default;
    };
    std::string name;
    std::string group;
    bool open = false;
    bool autoPoll = false;
    std::string memberId;        // empty before its first JoinGroup answer
    std::int32_t generation = -1; // the generation its last JoinGroup gave it
    bool leader = false;          // it ran the assignor for that generation
    std::vector<Owned> assignment; // sorted by topic and partition
    std::int64_t polls = 0;
    friend bool operator==(const ConsumerStatus&, const ConsumerStatus&) = default;
};

/// A group as its coordinator describes it (DescribeGroups) with its committed offsets (OffsetFetch).
struct GroupDescription {
    struct Member {
        std::string memberId;
        std::string clientId;
        std::vector<HarnessPartition> assignment; // sorted
        friend bool operator==(const Member&, const Member&) = default;
    };
    struct Committed {
        std::string topic;
        std::int32_t partition = 0;
        std::int64_t offset = 0;
        friend bool operator==(const Committed&, const Committed&) = default;
    };
    std::string group;
    std::string state;    // Kafka's classic group states: Empty, PreparingRebalance, CompletingRebalance, Stable, Dead
    std::string protocol; // the assignor the group chose ("range", "cooperative-sticky"), empty when none
    std::int32_t coordinator = -1;
    std::vector<Member> members;
    std::vector<Committed> committed; // sorted
    friend bool operator==(const GroupDescription&, const GroupDescription&) = default;
};

/// The harness's lines as structures; each throws HarnessError naming the field that is missing or
/// mistyped. Public for the tests, which check them without a JVM.
ConsumedRecord parseConsumedRecord(const nlohmann::json& line);
ConsumerStatus parseConsumerStatus(const nlohmann::json& snapshot);
std::vector<GroupDescription> parseGroupDescriptions(const nlohmann::json& line);

/// A harness that dies makes the next command's write fail with EPIPE, which is a HarnessError when
/// SIGPIPE is ignored; the caller decides that (highwater-cli real ignores it during a run).
class Harness {
public:
    /// Starts real/hwclient DIST (realDir()/hwclient) and waits for its ready line within readyTimeout.
    /// Its standard error goes to logFile. Throws HarnessError.
    Harness(const Distribution& distribution, const std::filesystem::path& logFile,
            std::chrono::milliseconds readyTimeout);
    /// Closes its standard input (it closes its clients and exits), then kills it if it has not exited.
    ~Harness();
    Harness(const Harness&) = delete;
    Harness& operator=(const Harness&) = delete;

    /// Creates a KafkaProducer named `name` with these settings (strings, numbers, booleans). Throws
    /// HarnessError when Kafka refuses them.
    void producer(const std::string& name, const nlohmann::json& config, std::chrono::milliseconds timeout);
    /// Sends one record; its outcome comes later. Returns the send's index into outcomes().
    std::size_t send(const std::string& producer, const std::string& topic, std::int32_t partition,
                     const std::optional<std::string>& key, const std::string& value);
    /// Waits until every send in [first, last) is answered, or the timeout. Returns whether all were.
    bool waitAnswered(std::size_t first, std::size_t last, std::chrono::milliseconds timeout);
    /// Reads whatever the harness has said so far, without waiting.
    void drain();
    const std::vector<SendOutcome>& outcomes() const;

    /// Creates a KafkaConsumer subscribed to `topics` with these settings, on a thread of its own in the
    /// harness. `autoPoll`: it polls on its own, pausing pollIntervalMs between polls; otherwise only in
    /// poll() and its partitions stay paused between. `assignor` ("range", "roundrobin", "sticky",
    /// "cooperative-sticky") is Kafka's, with the group's leader recorded. Throws HarnessError.
    void consumer(const std::string& name, const std::vector<std::string>& topics, const nlohmann::json& config,
                  bool autoPoll, std::int64_t pollIntervalMs, const std::string& assignor,
                  std::chrono::milliseconds timeout);
    /// One poll of at most pollTimeout (reading nothing when `fetch` is false: the group protocol only);
    /// returns the consumer's status after it. The records it read are in consumed().
    ConsumerStatus poll(const std::string& consumer, std::chrono::milliseconds pollTimeout, bool fetch,
                        std::chrono::milliseconds timeout);
    /// commitSync of the consumer's positions.
    void commit(const std::string& consumer, std::chrono::milliseconds timeout);
    /// Moves the consumer's position in a partition it owns.
    void seek(const std::string& consumer, const std::string& topic, std::int32_t partition, std::int64_t offset,
              std::chrono::milliseconds timeout);
    /// Closes the consumer (it commits with auto commit and leaves its group), within closeTimeout.
    void closeConsumer(const std::string& consumer, std::chrono::milliseconds closeTimeout,
                       std::chrono::milliseconds timeout);
    /// Every open consumer's status.
    std::vector<ConsumerStatus> consumerStatus(std::chrono::milliseconds timeout);
    /// The groups as their coordinators describe them, through an admin client made with `adminConfig`
    /// at the first call.
    std::vector<GroupDescription> describeGroups(const std::vector<std::string>& groups,
                                                 const nlohmann::json& adminConfig, std::chrono::milliseconds timeout);
    /// Every record the consumers read, in the order the harness reported them.
    const std::vector<ConsumedRecord>& consumed() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace hw::realkafka
