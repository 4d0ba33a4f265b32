// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

/// The bytes the "consumer" protocol type embeds in JoinGroup metadata and SyncGroup assignments:
/// ConsumerProtocolSubscription and ConsumerProtocolAssignment (clients/src/main/resources/common/
/// message/ConsumerProtocolSubscription.json and ConsumerProtocolAssignment.json, versions 0-3 at 4.4.0),
/// each after an INT16 version header as ConsumerProtocol.java writes and reads them. Kafka's broker
/// treats them as opaque; HighWater decodes a real member's bytes to draw its subscription and
/// assignment, and encodes them for a simulated member seen by a real leader or assigned by a
/// simulated one. Bytes are std::string, as elsewhere in core/ (no wire/ here: core does not link it).
namespace hw {

/// A topic's partitions (ConsumerProtocol's TopicPartition struct).
struct ConsumerTopicPartitions {
    std::string topic;
    std::vector<std::int32_t> partitions;
    friend bool operator==(const ConsumerTopicPartitions&, const ConsumerTopicPartitions&) = default;
};

/// ConsumerProtocolSubscription: topics (0+), user data (0+, nullable), owned partitions (1+),
/// generation id (2+, -1 by default) and rack id (3+, nullable).
struct ConsumerSubscription {
    std::int16_t version = 0;
    std::vector<std::string> topics;
    std::optional<std::string> userData;
    std::vector<ConsumerTopicPartitions> ownedPartitions;
    std::int32_t generationId = -1;
    std::optional<std::string> rackId;
    friend bool operator==(const ConsumerSubscription&, const ConsumerSubscription&) = default;
};

/// ConsumerProtocolAssignment: assigned partitions and user data (nullable), the same in versions 0-3.
struct ConsumerAssignment {
    std::int16_t version = 0;
    std::vector<ConsumerTopicPartitions> partitions;
    std::optional<std::string> userData;
    friend bool operator==(const ConsumerAssignment&, const ConsumerAssignment&) = default;
};

/// The highest version of both structs (ConsumerProtocol.CONSUMER_PROTOCOL_V3 at 4.4.0).
inline constexpr std::int16_t consumerProtocolVersionMax = 3;

/// Named bounds of what a decoder accepts: topics or partitions in one subscription or assignment.
inline constexpr std::int32_t consumerProtocolElementsMax = 100000;

/// Encodes in `value.version` (0-3); fields a version lacks are left out (they are all ignorable).
std::string encodeConsumerSubscription(const ConsumerSubscription& value);
std::string encodeConsumerAssignment(const ConsumerAssignment& value);

/// Decodes the bytes, or nullopt when they are not a well-formed struct (a negative or too large
/// count, a truncated field, a version below 0). A version above 3 is read as version 3 and the
/// bytes after it are ignored, as ConsumerProtocol.deserializeSubscription does for a newer client
/// (checkSubscriptionVersion / checkAssignmentVersion); `version` keeps what the header said.
std::optional<ConsumerSubscription> decodeConsumerSubscription(std::string_view bytes);
std::optional<ConsumerAssignment> decodeConsumerAssignment(std::string_view bytes);

} // namespace hw
