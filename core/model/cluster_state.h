// SPDX-License-Identifier: MIT
#pragma once

#include "log/replica_log.h"
#include "model/boxed.h"
#include "model/broker_state.h"
#include "model/client_state.h"
#include "model/config.h"
#include "model/controller_state.h"
#include "model/group_state.h"
#include "model/ids.h"
#include "model/messages.h"
#include "model/observed.h"
#include "model/rng.h"

#include <string>
#include <string_view>
#include <vector>

namespace hw {

/// The simulation state: plain value types only, no rules (the components own those); its parts are
/// what each Kafka component keeps (model/broker_state.h, controller_state.h, ...). A ClusterState is
/// everything needed to continue a run (clock, generator, logs, messages in flight, timers), so
/// copying it is a snapshot and two runs are the same run exactly when their states compare equal.
struct ClusterState {
    std::string name;
    TimeMs nowMs = 0;
    std::uint64_t nextSequence = 0;
    Rng rng;
    ClusterConfig config;
    std::vector<Broker> brokers; // brokers[i].id == i + 1
    std::vector<BrokerRegistration> registrations;
    ControllerState controller;
    std::vector<Topic> topics;
    std::vector<Partition> partitions;
    std::vector<Producer> producers;
    std::vector<Consumer> consumers;
    std::vector<LiveClient> liveClients; // real clients' connections (live mode)
    std::vector<Group> groups;
    // __consumer_offsets, modelled by its leadership only: which broker coordinates which groups.
    // Its replicas are always in sync (it has no log here), so its ISR is its unfenced replicas.
    std::vector<PartitionRegistration> offsetsPartitions;
    PVector<Payload> payloads;
    PVector<LiveRecordInfo> liveRecords; // what live clients' records keep besides key and value (Payload::liveRecord)
    std::vector<QueuedEvent> queue; // a binary heap on (atMs, sequence), earliest first
    std::vector<HeldConnection> heldConnections; // what cut links owe (sim/network.h), oldest first
    // Set in an observed state (a real cluster's poll, issue 29; model/observed_state.h): the marker and
    // the cluster's facts beside the model's parts. Empty in every simulated state.
    Boxed<ObservedInfo> observed;

    const Broker& broker(BrokerId id) const { return brokers[static_cast<std::size_t>(id - 1)]; }
    Broker& broker(BrokerId id) { return brokers[static_cast<std::size_t>(id - 1)]; }
    /// The live client a handle names (LiveClient::handle), connected or not, or nullptr once its
    /// slot went to a later connection (or for a handle that never was).
    const LiveClient* liveClient(std::int32_t handle) const;
    LiveClient* liveClient(std::int32_t handle);
    std::string partitionName(std::int32_t partition) const;
    int findTopic(std::string_view name) const;
    int findProducer(std::string_view id) const;
    int findConsumer(std::string_view id) const;
    int findGroup(std::string_view id) const;

    friend bool operator==(const ClusterState&, const ClusterState&) = default;
};

/// The live client's part of a payload's record (its tombstone flag, producer id, timestamp and
/// headers); nullptr for a simulated producer's record.
inline const LiveRecordInfo* liveRecordOf(const ClusterState& state, const Payload& payload)
{
    return payload.liveRecord >= 0 ? &state.liveRecords[static_cast<std::size_t>(payload.liveRecord)] : nullptr;
}

/// Whether the record's value is null (a live client's tombstone).
inline bool valueIsNull(const ClusterState& state, const Payload& payload)
{
    const LiveRecordInfo* live = liveRecordOf(state, payload);
    return live && live->valueNull;
}

/// Whether `broker`'s metadata image has the flat partition yet. A broker learns a partition created at
/// run time from the controller's records (ReplicaManager::handlePartitionChange), and Broker::knownLeaders
/// grows as it does; a broker that lacks it answers as Kafka's does for a topic its metadata cache lacks.
inline bool brokerKnowsPartition(const ClusterState& state, BrokerId broker, std::int32_t partition)
{
    return partition >= 0 && static_cast<std::size_t>(partition) < state.broker(broker).knownLeaders.size();
}

/// Whether the broker's metadata image has the topic (all its partitions arrive with it).
inline bool brokerKnowsTopic(const ClusterState& state, BrokerId broker, std::string_view name)
{
    const int topic = state.findTopic(name);
    return topic >= 0 && brokerKnowsPartition(state, broker, state.topics[static_cast<std::size_t>(topic)].firstPartition);
}

/// Topic.validate's reason for refusing a topic name ("Topic name is invalid: ..."; clients/.../common/
/// internals/Topic.java at 4.2.0-rc1), or "" for a legal one: not empty, not "." or "..", at most 249
/// characters of [a-zA-Z0-9._-].
std::string topicNameError(std::string_view name);

/// Topic.unifyCollisionChars: '.' becomes '_', so two names whose metric names would collide compare equal.
std::string unifyCollisionChars(std::string_view name);

/// Unfenced and not in a controlled shutdown: the broker may join an ISR and be elected
/// (ReplicationControlManager's isAcceptableReplica). Brokers learn it from the metadata; the model
/// reads the controller's registration.
inline bool isUnfenced(const ClusterState& state, BrokerId broker)
{
    return state.registrations[static_cast<std::size_t>(broker - 1)].unfenced();
}

} // namespace hw
