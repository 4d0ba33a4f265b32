// SPDX-License-Identifier: MIT
#pragma once

#include "broker/delayed_operations.h"
#include "broker/partition.h"
#include "broker/replica_fetcher.h"
#include "sim/component.h"

#include <optional>

/// A broker's request handling for its replicas (Kafka's server/ReplicaManager.scala and the parts of
/// KafkaApis that answer from metadata): Produce, Fetch from followers and consumers, ListOffsets,
/// Metadata, and applying the controller's partition changes (ReplicaManager.applyDelta).
namespace hw {

class ReplicaManager : private Component {
public:
    ReplicaManager(ClusterState& state, Network& net, PartitionLeader& partition, DelayedOperations& delayed,
                   ReplicaFetcher& fetcher);

    /// ReplicaManager.appendRecords: min ISR check, append to the leader's log, answer per acks.
    std::optional<Event> handleProduceRequest(const Message& message, const ProduceRequest& request);
    /// ReplicaManager.fetchMessages for a follower: epoch and divergence checks, the follower's fetch
    /// state, ISR expansion, the HW; answer now or park the fetch.
    std::optional<Event> handleFetchRequest(const Message& message, const FetchRequest& request);
    /// ReplicaManager.applyDelta: the controller's news about a partition makes this replica leader,
    /// follower, or tells the leader a new ISR.
    std::optional<Event> handlePartitionChange(const Message& message, const PartitionChange& change);
    /// KafkaApis.handleTopicMetadataRequest: the leaders as this broker believes them.
    std::optional<Event> handleMetadataRequest(const Message& message, const MetadataRequest& request);
    /// A live client's CreateTopics: the broker forwards it to the controller (KafkaApis -> ForwardingManager,
    /// which sends it to the active controller in an Envelope), which answers the broker.
    std::optional<Event> forwardCreateTopics(const Message& message, const CreateTopicsRequest& request);
    /// The controller's CreateTopics answer: passed on to the live client that asked, dropped for the
    /// broker's own auto-creation (AutoTopicCreationManager logs it only).
    std::optional<Event> relayCreateTopicsResponse(const Message& message, const CreateTopicsResponse& response);
    /// ReplicaManager.fetchMessages for a consumer: read up to the HW (read_uncommitted).
    std::optional<Event> handleConsumerFetch(const Message& message, const FetchRequest& request);
    /// KafkaApis.handleListOffsetRequest: log start or HW, for auto.offset.reset.
    std::optional<Event> handleListOffsetsRequest(const Message& message, const ListOffsetsRequest& request);
    /// LogManager.startup: every broker's retention check, first after log.initial.task.delay.ms.
    void startRetentionChecks();
    /// LogManager.cleanupLogs (the LogRetention timer): deleteOldSegments on every replica the broker
    /// holds, leader or follower, then the next check log.retention.check.interval.ms later. A stopped
    /// broker deletes nothing; its timer keeps its period. A running broker's check then releases the
    /// payloads nothing holds any more (payload_store.h).
    std::optional<Event> retentionCheck(BrokerId broker);

private:
    PartitionLeader& m_partition;
    DelayedOperations& m_delayed;
    ReplicaFetcher& m_fetcher;
};

} // namespace hw
