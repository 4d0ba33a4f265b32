// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

/// Every bound the engine and the file formats enforce, in one place. A scenario that exceeds one
/// is rejected with an error naming the limit; the engine never grows past them.
namespace hw::limits {

inline constexpr int brokersMax = 32;
inline constexpr int topicsMax = 16;
inline constexpr int partitionsMax = 64;             // per topic
inline constexpr int producersMax = 16;
inline constexpr int consumersMax = 32;
inline constexpr int stepsMax = 200000;              // steps in one scenario file (a recorded live session has many)
inline constexpr int valuesPerProduceMax = 10000;    // records in one produce step
inline constexpr int recordsPerBatchMax = 10000;     // records linger.ms gathers into one producer batch
inline constexpr std::int64_t maxInFlightMax = 100;  // max.in.flight.requests.per.connection (Kafka: no bound)
inline constexpr std::size_t stringBytesMax = 1024;  // a key, value, id, label or note
// A broker's rack (cluster.racks): printable ASCII, short enough to draw in a broker's box and to stay
// in a std::string's own buffer for typical names ("rack-1", "eu-west-1a").
inline constexpr std::size_t rackBytesMax = 64;
inline constexpr std::size_t scenarioFileBytesMax = 32 * 1024 * 1024;
// Arrays and objects nested in a scenario file, counting the top-level object as 1. The format itself
// nests at most 6 deep (/steps/N/add_consumer/assign/M/topic); 100 is far above any real file, yet it
// bounds every recursive walk of a parsed document (nlohmann's copy, comparison and dump recurse once
// per level) to a few kilobytes of stack, where 120,000 levels in a 240 KB file overflowed it.
inline constexpr int jsonDepthMax = 100;
inline constexpr std::int64_t latencyMsMax = 600000; // ten minutes of simulated link latency
inline constexpr std::int64_t advanceMsMax = 86400000; // one simulated day per advance step
inline constexpr std::int64_t framesMax = 20000000;  // frames kept in one timeline
inline constexpr std::int64_t eventsPerStepMax = 5000000; // events one scenario step may process
inline constexpr int fetchRecordsMax = 100000;       // records in one fetch response
// The memory a timeline's history may hold (Timeline::historyBytes; `highwater-cli --memory-budget`).
inline constexpr std::uint64_t historyBytesDefault = std::uint64_t{4} << 30; // 4 GiB
inline constexpr std::uint64_t historyBytesMin = std::uint64_t{1} << 20;     // 1 MiB
inline constexpr std::uint64_t historyBytesMax = std::uint64_t{1} << 40;     // 1 TiB
// segment.bytes: Kafka 4.x refuses below 1 MiB (LogConfig at 4.3.1: atLeast(1024 * 1024); only its
// internal.segment.bytes goes lower, for tests). A lesson needs segments of a few records to see them
// roll and be deleted, so the model takes Kafka 3.x's bound, LegacyRecord.RECORD_OVERHEAD_V0 (14 bytes).
inline constexpr std::int64_t segmentBytesMin = 14;
inline constexpr std::int64_t segmentBytesMax = 2147483647; // an int in LogConfig
// retention.bytes: a long in Kafka; bounded so that adding segment sizes can never overflow.
inline constexpr std::int64_t retentionBytesMax = std::int64_t{1} << 50;
inline constexpr std::int64_t pollIntervalMsMax = 3600000; // a consumer's pause between polls (one hour)
// Live mode (highwater-cli serve). Real clients' connections open at once (LiveClient slots; a closed
// connection's slot is reused). Kafka's max.connections has no bound by default; a class of 30 with
// three clients each, every client connected to the bootstrap broker and three more, holds about 360.
inline constexpr int liveClientsMax = 1024;
// A slot reused this many times is retired, so that a handle (incarnation * liveClientsMax + slot)
// stays an int32. Reusing the lowest free slot six times a second takes 99 hours to get there.
inline constexpr std::int32_t liveClientIncarnationsMax = std::numeric_limits<std::int32_t>::max() / liveClientsMax;
// The bytes a live client's record may keep (key + value + headers): Kafka's default bound of a batch,
// the topic config max.message.bytes (TopicConfig.MAX_MESSAGE_BYTES_CONFIG; its default
// ServerLogConfigs.MAX_MESSAGE_BYTES_DEFAULT = 1048588, 1 MiB + the 12-byte log overhead, at 4.4.0), so a
// record Kafka takes is taken whole and a bigger one is refused with MESSAGE_TOO_LARGE rather than cut (a
// consumer must read back what it wrote). A lesson's logs hold every record of the session in memory; the
// history's memory budget counts each payload's bytes (Timeline::countPayloadTexts), so a class sending
// large records reaches the budget sooner instead of growing past it.
inline constexpr std::size_t liveRecordBytesMax = 1048588;
// Records in one batch of a live client: librdkafka's batch.num.messages defaults to 10,000 and
// caps at 1,000,000; kafka-python batches by bytes (16 KiB). A batch above this is refused.
inline constexpr int liveRecordsPerBatchMax = 100000;
// A real member's JoinGroup protocols (Java's consumer offers its partition.assignment.strategy list,
// usually one or two) and the bytes of one live group request's protocol metadata and SyncGroup
// assignments (a leader's assignment of a 30-member group is a few KiB).
inline constexpr std::size_t liveGroupProtocolsMax = 16;
inline constexpr std::size_t liveGroupBytesMax = 1024 * 1024;
// Topics one live Metadata or CreateTopics request names (a class's producer names one or a few), and the
// configs one CreateTopics topic sets (Kafka has about 40 topic configs). Above them the request is refused.
inline constexpr std::size_t liveTopicsPerRequestMax = 1000;
inline constexpr std::size_t liveTopicConfigsMax = 100;
// The characters of a record's key or value a view shows (text, or hex digits for bytes that are not
// UTF-8); the rest is cut with an ellipsis. Frame dumps keep the whole record.
inline constexpr std::size_t recordTextShownMax = 48;
// Observed frames (issue 29: a running Kafka cluster, model/observed.h). A real cluster has far more topics
// and partitions than a lesson, so an observed frame has bounds of its own; a cluster above them is
// refused with a message that names the bound and `--topics REGEX`, which narrows what is observed.
// Brokers keep the model's bound: an observed broker is drawn as a simulated one is.
inline constexpr int observedBrokersMax = brokersMax;
inline constexpr int observedTopicsMax = 256;
inline constexpr int observedPartitionsMax = 8192;      // over every observed topic
inline constexpr int observedGroupsMax = 1024;
inline constexpr int observedGroupMembersMax = 1024;    // in one group

} // namespace hw::limits
