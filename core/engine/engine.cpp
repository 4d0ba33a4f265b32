// SPDX-License-Identifier: MIT
#include "engine/engine.h"

#include "clients/producer_config.h"
#include "controller/placement.h"
#include "controller/topic_creation.h"
#include "groups/offsets_partition.h"
#include "model/limits.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <variant>

namespace hw {

Engine::Engine(ClusterState state) : m_state(std::move(state))
{
    m_replication.setCoordinatorListener(&m_groups);
}

// Setting up a cluster is ReplicationControlManager.createTopics and the brokers' first metadata, all
// at time 0. The random draws come in a fixed order: each rack-unaware topic draws twice from the run's
// generator, the first striped topic once (the placer's seed, kept in ControllerState::placerRandom for
// topics created later), __consumer_offsets twice.
ClusterState Engine::createCluster(const ClusterSpec& spec)
{
    if (spec.brokers < 1 || spec.brokers > limits::brokersMax)
        throw std::invalid_argument("broker count out of range");
    if (!spec.racks.empty() && static_cast<int>(spec.racks.size()) != spec.brokers)
        throw std::invalid_argument("racks must name one rack (or none) per broker");
    ClusterState s;
    s.name = spec.name;
    s.rng.reseed(spec.seed);
    s.config = spec.config;
    for (BrokerId id = 1; id <= spec.brokers; ++id) {
        // Each broker registered once before the run starts: its epoch is its RegisterBrokerRecord's offset.
        BrokerRegistration reg;
        reg.id = id;
        reg.brokerEpoch = ++s.controller.metadataOffset;
        Broker broker;
        broker.id = id;
        broker.brokerEpoch = reg.brokerEpoch;
        broker.metadataOffset = s.controller.metadataOffset;
        if (!spec.racks.empty())
            broker.rack = spec.racks[static_cast<std::size_t>(id - 1)];
        s.brokers.push_back(std::move(broker));
        s.registrations.push_back(reg);
    }
    // Every topic the same way as one created at run time (controller/topic_creation.h), in spec order; the
    // striped placer's Random is seeded at the first striped topic, so a scenario whose topics all have an
    // assignment or are placed rack-unaware draws what it drew before.
    for (const TopicSpec& topicSpec : spec.topics) {
        const TopicCreation created = placeTopic(s, topicSpec, TopicStart::AtClusterCreation);
        if (!created.ok())
            throw std::invalid_argument(created.message);
    }

    // Groups, and the __consumer_offsets partitions that decide their coordinators. Only a cluster
    // with groups has them, so scenarios without consumers draw the same random numbers as before.
    for (const ConsumerSpec& cs : spec.consumers) {
        if (cs.group.empty())
            continue;
        if (std::none_of(s.groups.begin(), s.groups.end(), [&](const Group& g) { return g.id == cs.group; })) {
            Group group;
            group.id = cs.group;
            s.groups.push_back(std::move(group));
        }
    }
    if (!s.groups.empty()) {
        createOffsetsTopic(s);
        for (Group& g : s.groups)
            g.offsetsPartition = offsetsPartitionFor(g.id, static_cast<int>(s.config.offsetsTopicNumPartitions));
    }

    std::vector<BrokerId> leaders;
    std::vector<std::int32_t> leaderEpochs;
    for (const Partition& p : s.partitions) {
        leaders.push_back(p.registration.leader);
        leaderEpochs.push_back(p.registration.leaderEpoch);
    }
    std::vector<BrokerId> coordinators;
    for (const PartitionRegistration& reg : s.offsetsPartitions)
        coordinators.push_back(reg.leader);
    for (Broker& b : s.brokers) {
        b.knownLeaders = leaders;
        b.knownLeaderEpochs = leaderEpochs;
        b.knownCoordinators = coordinators;
    }
    for (const ProducerSpec& producerSpec : spec.producers) {
        Producer producer;
        producer.id = producerSpec.id;
        // The scenario reader reports a configuration Kafka refuses at its JSON pointer; a spec built in
        // code gets the same check here.
        if (auto error = resolveProducerSettings(producerSpec, spec, producer.settings, producer.acks))
            throw std::invalid_argument("producer " + producerSpec.id + ": " + error->key + " " + error->message);
        producer.sticky.resize(s.topics.size());
        producer.leaders = leaders;
        producer.leaderEpochs = leaderEpochs;
        producer.ratePerSecond = producerSpec.ratePerSecond;
        producer.rateTopic = producerSpec.rateTopic;
        producer.keys = producerSpec.keys;
        s.producers.push_back(std::move(producer));
    }
    for (const ConsumerSpec& cs : spec.consumers)
        s.consumers.push_back(ConsumerClient::makeConsumer(cs, s));

    Engine engine(std::move(s));
    ClusterState& st = engine.m_state;
    for (const Broker& b : st.brokers) {
        engine.m_net.schedule(st.config.replicaLagTimeMaxMs / 2, Timer{TimerKind::IsrExpiration, b.id, -1});
        engine.m_net.schedule(st.config.brokerHeartbeatIntervalMs, Timer{TimerKind::Heartbeat, b.id, -1});
        engine.m_clusterControl.armSessionTimer(b.id);
    }
    engine.m_replication.startUncleanScans();
    engine.m_replication.startLeaderRebalances();
    engine.m_replicaManager.startRetentionChecks();
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(st.producers.size()); ++p)
        engine.m_sender.start(p);
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(st.producers.size()); ++p) {
        const Producer& producer = st.producers[static_cast<std::size_t>(p)];
        if (producer.ratePerSecond > 0)
            engine.m_net.schedule(std::max<TimeMs>(1, 1000 / producer.ratePerSecond), Timer{TimerKind::ProducerTick, p, -1});
    }
    for (std::int32_t c = 0; c < static_cast<std::int32_t>(st.consumers.size()); ++c) {
        if (st.consumers[static_cast<std::size_t>(c)].startAtCreation)
            engine.m_consumers.startConsumer(c);
    }
    if (st.config.autoFetch) {
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(st.partitions.size()); ++p) {
            for (Replica& r : st.partitions[static_cast<std::size_t>(p)].replicas) {
                if (!r.isLeader())
                    engine.m_fetcher.sendFetch(p, r, 0);
            }
        }
    }
    return std::move(engine.m_state);
}


// ---------------------------------------------------------------------------------------------
// Dispatch: each input to the component that owns it.

std::optional<Event> Engine::step()
{
    std::optional<QueuedEvent> item = m_net.popNext();
    if (!item)
        return std::nullopt;
    if (auto* message = std::get_if<Message>(&item->what)) {
        // TCP across a cut: a swallowed message is retransmitted, and what follows it waits (Network).
        if (m_net.waitsBehindLostBytes(*message) || (!m_net.canDeliver(*message) && m_net.lostToCut(*message))) {
            m_net.hold(std::move(*message));
            return std::nullopt;
        }
        m_net.release(*message);
        if (m_net.canDeliver(*message))
            return deliver(*message);
        m_net.bounce(*message);
        return std::nullopt;
    }
    return fire(std::get<Timer>(item->what));
}

std::optional<Event> Engine::deliver(const Message& message)
{
    if (message.to.kind == NodeKind::LiveClient)
        return m_liveClients.handleAnswer(message);
    return std::visit(
        [&](const auto& body) -> std::optional<Event> {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, ProduceRequest>)
                return m_replicaManager.handleProduceRequest(message, body);
            else if constexpr (std::is_same_v<T, ProduceResponse>)
                return m_sender.handleProduceResponse(message, body);
            else if constexpr (std::is_same_v<T, FetchRequest>)
                return readsBelowHw(body) ? m_replicaManager.handleConsumerFetch(message, body) : m_replicaManager.handleFetchRequest(message, body);
            else if constexpr (std::is_same_v<T, FetchResponse>)
                return message.to.kind == NodeKind::Consumer ? m_consumers.handleConsumerFetchResponse(message, body)
                                                             : m_fetcher.handleFetchResponse(message, body);
            else if constexpr (std::is_same_v<T, FindCoordinatorRequest>)
                return m_groups.handleFindCoordinatorRequest(message, body);
            else if constexpr (std::is_same_v<T, FindCoordinatorResponse>)
                return m_consumers.handleFindCoordinatorResponse(message, body);
            else if constexpr (std::is_same_v<T, GroupRequest>)
                return m_groups.handleGroupRequest(message, body);
            else if constexpr (std::is_same_v<T, GroupResponse>)
                return m_consumers.handleGroupResponse(message, body);
            else if constexpr (std::is_same_v<T, ListOffsetsRequest>)
                return m_replicaManager.handleListOffsetsRequest(message, body);
            else if constexpr (std::is_same_v<T, ListOffsetsResponse>)
                return m_consumers.handleListOffsetsResponse(message, body);
            else if constexpr (std::is_same_v<T, AlterPartitionRequest>)
                return m_replication.handleAlterPartitionRequest(message, body);
            else if constexpr (std::is_same_v<T, AlterPartitionResponse>)
                return m_partition.handleAlterPartitionResponse(message, body);
            else if constexpr (std::is_same_v<T, BrokerHeartbeatRequest>)
                return m_clusterControl.handleHeartbeat(message, body);
            else if constexpr (std::is_same_v<T, BrokerHeartbeatResponse>)
                return m_lifecycle.handleHeartbeatResponse(message, body);
            else if constexpr (std::is_same_v<T, PartitionChange>)
                return m_replicaManager.handlePartitionChange(message, body);
            else if constexpr (std::is_same_v<T, MetadataRequest>)
                return m_replicaManager.handleMetadataRequest(message, body);
            else if constexpr (std::is_same_v<T, InitProducerIdRequest>)
                return m_producerIds.handleInitProducerIdRequest(message, body);
            else if constexpr (std::is_same_v<T, InitProducerIdResponse>)
                return m_sender.handleInitProducerIdResponse(message, body);
            else if constexpr (std::is_same_v<T, CreateTopicsRequest>)
                return message.to.kind == NodeKind::Controller ? m_replication.handleCreateTopicsRequest(message, body)
                                                               : m_replicaManager.forwardCreateTopics(message, body);
            else if constexpr (std::is_same_v<T, CreateTopicsResponse>)
                return m_replicaManager.relayCreateTopicsResponse(message, body);
            else
                return m_sender.handleMetadataResponse(message, body);
        },
        message.body);
}


std::optional<Event> Engine::fire(const Timer& timer)
{
    switch (timer.kind) {
    case TimerKind::IsrExpiration:
        return m_partition.isrExpirationTimer(timer);
    case TimerKind::FetchWaitExpired:
        return m_delayed.fetchWaitExpired(timer.broker, timer.partition);
    case TimerKind::ProduceTimeout:
        return m_delayed.produceTimeout(timer.broker, timer.partition);
    case TimerKind::FetchBackoff:
        return m_fetcher.fetchBackoff(timer.broker, timer.partition);
    case TimerKind::Heartbeat:
        return m_lifecycle.heartbeatTimer(timer);
    case TimerKind::FetchTimeout:
        return m_fetcher.fetchTimeout(timer.broker, timer.partition);
    case TimerKind::SessionCheck:
        return m_clusterControl.sessionCheck(timer.broker);
    case TimerKind::StartupHeartbeat:
        return m_lifecycle.startupHeartbeat(timer);
    case TimerKind::UncleanScan:
        return m_replication.uncleanScan();
    case TimerKind::LeaderRebalance:
        return m_replication.leaderRebalance();
    case TimerKind::LogRetention:
        return m_replicaManager.retentionCheck(timer.broker);
    case TimerKind::ProducerTimer:
        return m_sender.producerTimer(timer.broker);
    case TimerKind::ProducerTick:
        return m_sender.producerTick(timer.broker);
    case TimerKind::ConsumerHeartbeat:
    case TimerKind::ConsumerAutoCommit:
    case TimerKind::ConsumerPoll:
        return m_consumers.consumerLoopTimer(timer);
    case TimerKind::GroupTimer:
        return m_groups.groupTimer(timer.broker);
    case TimerKind::ConsumerTimer:
        return m_consumers.consumerTimer(timer.broker);
    }
    return std::nullopt;
}

ApplyResult Engine::afterBrokerFault(ApplyResult result)
{
    // A crashed broker's host resets every connection to it, idle ones too: each producer connected
    // to it disconnects at once and asks for metadata (NetworkClient.processDisconnection).
    if (result.event && result.event->type == EventType::BrokerKilled)
        m_sender.connectionsReset(result.event->node);
    return result;
}

ApplyResult Engine::apply(const Action& action)
{
    return std::visit(
        [&](const auto& a) -> ApplyResult {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, ProduceAction>)
                return m_sender.produce(a);
            else if constexpr (std::is_same_v<T, FetchAction>)
                return m_fetcher.startFetch(a.partition, a.follower, a.maxRecords);
            else if constexpr (std::is_same_v<T, AdvanceAction>)
                return m_net.advanceClock(a);
            else if constexpr (std::is_same_v<T, BrokerAction>)
                return afterBrokerFault(m_lifecycle.brokerAction(a));
            else if constexpr (std::is_same_v<T, KillLeaderAction>)
                return afterBrokerFault(m_lifecycle.killLeader(a));
            else if constexpr (std::is_same_v<T, ElectPreferredAction>)
                return m_replication.electLeaders(a.partition, Election::Preferred);
            else if constexpr (std::is_same_v<T, ElectUncleanAction>)
                return m_replication.electLeaders(a.partition, Election::Unclean);
            else if constexpr (std::is_same_v<T, ConsumerAction>)
                return m_consumers.consumerAction(a);
            else if constexpr (std::is_same_v<T, SlowAction>)
                return m_net.setLatency(a);
            else if constexpr (std::is_same_v<T, LiveClientAction>)
                return m_liveClients.apply(a);
            else if constexpr (std::is_same_v<T, CreateTopicAction>)
                return m_replication.createTopicAction(a);
            else
                return alterConfig(a);
        },
        action);
}

ApplyResult Engine::alterConfig(const ConfigAction& action)
{
    const bool fetchedBefore = m_state.config.autoFetch;
    // A producer's configuration is fixed when it is created; an idempotent producer that takes the
    // cluster's retries cannot be given none (ProducerConfig: "Must set retries to non-zero when using
    // the idempotent producer").
    if (action.key == "retries" && action.value.kind == ConfigValue::Kind::Integer && action.value.integer == 0) {
        for (const Producer& producer : m_state.producers) {
            if (producer.settings.idempotence && producer.settings.retries < 0)
                return {std::nullopt, "retries 0 would leave the idempotent producer " + producer.id +
                                          " without retries (Kafka: \"Must set retries to non-zero when using the "
                                          "idempotent producer\"); expected retries of at least 1"};
        }
    }
    ApplyResult result = m_replication.alterConfig(action);
    // Switching auto.fetch on must start the loops that a follower would have been running all along
    // (the engine starts them at creation and on becoming a follower only while it is on); without
    // this, idle followers would stay idle and drop out of the ISR after replica.lag.time.max.ms.
    if (result.ok() && !fetchedBefore && m_state.config.autoFetch)
        result.event->count = m_fetcher.startFetchLoops();
    return result;
}

} // namespace hw
