// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

/// The named limits of the request/response codec (wire/protocol.h). Kafka bounds a request only by
/// socket.request.max.bytes (core/src/main/scala/kafka/server/KafkaConfig.scala at 3.7.0, checked in
/// clients/.../common/network/NetworkReceive.java) and every array count by the bytes left
/// (the generated *Data.read methods: "Tried to allocate a collection of size N, but there are only M
/// bytes remaining"). HighWater keeps that bytes-left check (wire/bytes.h) and adds the counts below, so a
/// frame of 8 MiB full of two-byte topic names cannot make the decoder build four million strings. A count
/// above one of them is a DecodeError, where Kafka would accept the request.
namespace hw::wire::limits {

/// The largest request frame (without its 4-byte size prefix) parseRequest accepts and serve reads; a
/// larger size prefix closes the connection, as Kafka's socket.request.max.bytes does (100 MiB by
/// default). A simulated broker needs less, but a client's 10 MB Produce must be read and answered
/// (MESSAGE_TOO_LARGE for a record above the limit), not cut off. serve reads requests in chunks
/// within live::limits::queuedRequestBytesMax, which is above this.
constexpr std::int32_t requestBytesMax = 16 * 1024 * 1024;

/// Topics in one request (Metadata, Produce, Fetch, ListOffsets) or one response. Kafka has no
/// counterpart beyond the bytes left.
constexpr std::int32_t topicsPerRequestMax = 4096;

/// Partitions summed over all the topics of one request or response (in a ConsumerGroupDescribe response,
/// per assignment of a topic). Kafka has no counterpart; its
/// replica.fetch.response.max.bytes and fetch.max.bytes bound the data, not the count.
constexpr std::int32_t partitionsPerRequestMax = 16384;

/// Brokers in one Metadata response (client side). Kafka has no counterpart.
constexpr std::int32_t brokersPerResponseMax = 1024;

/// Replica or ISR ids of one partition in a Metadata response. Kafka bounds the replication factor by
/// its INT16 type (CreateTopicsRequest.json ReplicationFactor); a simulated cluster has far fewer.
constexpr std::int32_t replicasPerPartitionMax = 256;

/// Entries in an ApiVersions response (client side). Kafka 3.7.0 defines 75 API keys
/// (clients/.../common/protocol/ApiKeys.java).
constexpr std::int32_t apiKeysPerResponseMax = 256;

/// Aborted transactions listed for one partition in a Fetch response (client side). Kafka has no
/// counterpart beyond the bytes left.
constexpr std::int32_t abortedTransactionsPerPartitionMax = 4096;

// The client half (wire/client_protocol.h), which reads a real Kafka broker's responses. The counts above
// apply to its responses too (topics, partitions summed over a response, brokers, replica ids, API keys,
// aborted transactions).

/// The largest response frame (without its 4-byte size prefix) the client half decodes. Kafka's client
/// bounds a Fetch response by its fetch.max.bytes (50 MiB by default, exceeded by one batch at most); the
/// observer asks for far less, and the admin responses are a few KiB.
constexpr std::int32_t responseBytesMax = 64 * 1024 * 1024;

/// Configs listed for one topic in a CreateTopics response or for one resource in a DescribeConfigs response,
/// and synonyms of one DescribeConfigs config. Kafka 4.4 has about 40 topic configs (TopicConfig.java) and a
/// few hundred broker configs; no counterpart beyond the bytes left.
constexpr std::int32_t configsPerTopicMax = 1024;

/// Config resources (topics or brokers) in one IncrementalAlterConfigs or DescribeConfigs response. Kafka has
/// no counterpart.
constexpr std::int32_t configResourcesPerResponseMax = 4096;

/// Supported or finalized features in an ApiVersions response. Kafka 4.4 has eight: metadata.version and the
/// seven of server-common's org.apache.kafka.server.common.Feature (kraft.version, eligible.leader.replicas.version,
/// ...); no counterpart beyond the bytes left.
constexpr std::int32_t featuresPerResponseMax = 256;

/// SASL mechanisms a broker lists in a SaslHandshake response. Kafka has five (GSSAPI, PLAIN, SCRAM-SHA-256,
/// SCRAM-SHA-512, OAUTHBEARER: sasl.enabled.mechanisms); no counterpart beyond the bytes left.
constexpr std::int32_t saslMechanismsPerResponseMax = 64;

/// Members in one JoinGroup, SyncGroup, DescribeGroups or ConsumerGroupDescribe message, protocols in one JoinGroup,
/// and groups in one ListGroups, DescribeGroups, OffsetFetch or ConsumerGroupDescribe message. Kafka bounds none of
/// them (group.max.size is unbounded by default) beyond the bytes left; a class of 30 students uses a few dozen.
constexpr std::int32_t groupMembersPerMessageMax = 16384;
constexpr std::int32_t groupProtocolsPerJoinMax = 256;
constexpr std::int32_t groupsPerMessageMax = 16384;

} // namespace hw::wire::limits
