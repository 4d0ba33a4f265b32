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
    ReplicaManager(ClusterState& state, Network& net, PartitionLeader& partition, DelayedOperations& delayed, ReplicaFetcher& fetcher);

    std::optional<Event> handleProduceRequest(const Message& message, const ProduceRequest& request);
    std::optional<Event> handleFetchRequest(const Message& message, const FetchRequest& request);
    std::optional<Event> handlePartitionChange(const Message& message, const PartitionChange& change);
    std::optional<Event> handleMetadataRequest(const Message& message, const MetadataRequest& request);
    std::optional<Event> handleConsumerFetch(const Message& message, const FetchRequest& request);
    std::optional<Event> handleListOffsetsRequest(const Message& message, const ListOffsetsRequest& request);

private:
    PartitionLeader& m_partition;
    DelayedOperations& m_delayed;
    ReplicaFetcher& m_fetcher;
};

} // namespace hw
