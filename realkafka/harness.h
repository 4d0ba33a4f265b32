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
#include <vector>

/// Kafka's own Java clients for a real run: real/hwclient (real/java/HwClient.java) on JSON lines,
/// docs/real-kafka.md "The client harness". Every ack and error of every send is recorded, so the run can
/// say what the producer saw acknowledged (the lost records are those acked and missing from the final logs).
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

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace hw::realkafka
