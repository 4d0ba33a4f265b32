// SPDX-License-Identifier: MIT
#pragma once

#include "broker/broker_lifecycle.h"
#include "broker/delayed_operations.h"
#include "broker/partition.h"
#include "broker/producer_id_manager.h"
#include "broker/replica_fetcher.h"
#include "broker/replica_manager.h"
#include "clients/consumer.h"
#include "clients/live_clients.h"
#include "clients/sender.h"
#include "controller/cluster_control.h"
#include "controller/replication_control.h"
#include "groups/group_coordinator.h"
#include "model/cluster_state.h"
#include "model/event.h"
#include "model/inputs.h"
#include "model/observed_state.h"
#include "sim/network.h"

#include <optional>
#include <utility>

/// The dispatcher: a ClusterState and the components that move it forward. It hands each user action,
/// message and timer to the component that owns it and holds no Kafka rule itself (it plays the part of
/// Kafka's request channel and KafkaApis routing). Deterministic: the same state and the same inputs
/// give the same events and the same next state.
namespace hw {

class Engine {
public:
    explicit Engine(ClusterState state);
    // The components hold references to m_state and to each other, so a copy or move copies the
    // state and wires its own components.
    Engine(const Engine& other) : Engine(other.m_state) {}
    Engine(Engine&& other) noexcept : Engine(std::move(other.m_state)) {}
    Engine& operator=(const Engine& other)
    {
        m_state = other.m_state;
        return *this;
    }
    Engine& operator=(Engine&& other) noexcept
    {
        m_state = std::move(other.m_state);
        return *this;
    }

    /// Builds the state at time 0 from a spec. Throws std::invalid_argument on an impossible spec
    /// (the scenario reader checks everything first and reports it with a JSON path).
    static ClusterState createCluster(const ClusterSpec& spec);

    const ClusterState& state() const { return m_state; }
    /// Gives the state away, leaving the engine without one: for a caller that keeps the result and
    /// drops the engine, and so need not copy it.
    ClusterState releaseState() && { return std::move(m_state); }

    ApplyResult apply(const Action& action);
    /// A recorded produce applied again, its records read from `records` (Sender::produceRecorded).
    ApplyResult applyRecordedProduce(const ProduceAction& action, const PVector<Payload>& records, std::size_t first,
                                     std::size_t count)
    {
        return m_sender.produceRecorded(action, records, first, count);
    }

    /// A poll of a real cluster, as the delta from the state before it (an observed state only).
    void applyObservedDelta(const ObservedDelta& delta) { hw::applyObservedDelta(m_state, delta); }

    /// Handles the earliest queued message or timer. Returns the event when state visible in a frame
    /// changed, nullopt when the handled item changed nothing but the queue and clock.
    std::optional<Event> step();

    bool hasQueuedEvents() const { return !m_state.queue.empty(); }

    /// Where live clients' answers go (live mode); nullptr: nowhere. Not copied with the engine.
    void setLiveClientSink(LiveClientSink* sink) { m_liveClients.setSink(sink); }
    TimeMs nextEventTimeMs() const { return m_net.nextEventTimeMs(); }

private:
    ApplyResult afterBrokerFault(ApplyResult result);
    /// A config change; switching auto.fetch on also starts every idle follower's fetch loop (the
    /// event's count says how many fetches went out).
    ApplyResult alterConfig(const ConfigAction& action);
    std::optional<Event> deliver(const Message& message);
    std::optional<Event> fire(const Timer& timer);

    ClusterState m_state;
    // In the include order: the network, the broker's parts, the controller's, then groups and clients.
    Network m_net{m_state};
    DelayedOperations m_delayed{m_state, m_net};
    PartitionLeader m_partition{m_state, m_net, m_delayed};
    ReplicaFetcher m_fetcher{m_state, m_net};
    ReplicaManager m_replicaManager{m_state, m_net, m_partition, m_delayed, m_fetcher};
    ProducerIdManager m_producerIds{m_state, m_net};
    BrokerLifecycle m_lifecycle{m_state, m_net};
    ReplicationControl m_replication{m_state, m_net};
    ClusterControl m_clusterControl{m_state, m_net, m_replication};
    GroupCoordinator m_groups{m_state, m_net, m_replication};
    Sender m_sender{m_state, m_net};
    ConsumerClient m_consumers{m_state, m_net, m_groups};
    LiveClients m_liveClients{m_state, m_net};
};

} // namespace hw
