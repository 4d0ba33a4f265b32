// SPDX-License-Identifier: MIT
#include "engine.h"

#include "hwlimits.h"
#include "partitioner.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace hw {

namespace {

bool queueLater(const QueuedEvent& a, const QueuedEvent& b)
{
    // std::push_heap builds a max-heap; "later" as less puts the earliest event on top.
    if (a.atMs != b.atMs)
        return a.atMs > b.atMs;
    return a.sequence > b.sequence;
}

/// LeaderEpochFileCache.assign: entries from the new epoch on, or starting at or after the new start
/// offset, are replaced by the new entry.
void assignEpoch(std::vector<EpochEntry>& cache, std::int32_t epoch, Offset startOffset)
{
    if (!cache.empty() && cache.back().epoch == epoch)
        return;
    while (!cache.empty() && (cache.back().epoch >= epoch || cache.back().startOffset >= startOffset))
        cache.pop_back();
    cache.push_back(EpochEntry{epoch, startOffset});
}

bool contains(const std::vector<BrokerId>& brokers, BrokerId id)
{
    return std::find(brokers.begin(), brokers.end(), id) != brokers.end();
}

// Rough serialized size of a record, for the sticky partitioner's batch.size accounting: key and
// value bytes plus the fixed part of a DefaultRecord (attributes, varint deltas and lengths).
std::int64_t recordBytes(const std::optional<std::string>& key, const std::string& value)
{
    return 16 + static_cast<std::int64_t>(value.size()) + (key ? static_cast<std::int64_t>(key->size()) : 0);
}

} // namespace

ClusterState Engine::createCluster(const ClusterSpec& spec)
{
    if (spec.brokers < 1 || spec.brokers > limits::brokersMax)
        throw std::invalid_argument("broker count out of range");
    ClusterState s;
    s.name = spec.name;
    s.rng.reseed(spec.seed);
    s.config = spec.config;
    for (BrokerId id = 1; id <= spec.brokers; ++id) {
        Broker broker;
        broker.id = id;
        s.brokers.push_back(std::move(broker));
        s.registrations.push_back(BrokerRegistration{id, false, 0});
    }
    std::vector<BrokerId> allBrokers;
    for (const Broker& b : s.brokers)
        allBrokers.push_back(b.id);

    for (const TopicSpec& topicSpec : spec.topics) {
        Topic topic;
        topic.name = topicSpec.name;
        topic.firstPartition = static_cast<std::int32_t>(s.partitions.size());
        topic.partitionCount = topicSpec.partitions;
        topic.replicationFactor = topicSpec.replicationFactor;
        std::vector<std::vector<BrokerId>> assignment = topicSpec.assignment;
        if (assignment.empty()) {
            // AdminUtils draws the start index and the shift at random; ours come from the seeded generator.
            const int start = static_cast<int>(s.rng.below(static_cast<std::uint64_t>(spec.brokers)));
            const int shift = static_cast<int>(s.rng.below(static_cast<std::uint64_t>(spec.brokers)));
            assignment = assignReplicasRackUnaware(allBrokers, topicSpec.partitions, topicSpec.replicationFactor,
                                                   start, shift);
        }
        if (static_cast<int>(assignment.size()) != topicSpec.partitions)
            throw std::invalid_argument("assignment does not cover every partition");
        const auto topicIndex = static_cast<std::int32_t>(s.topics.size());
        for (int p = 0; p < topicSpec.partitions; ++p) {
            Partition partition;
            partition.topic = topicIndex;
            partition.index = p;
            partition.registration.replicas = assignment[static_cast<std::size_t>(p)];
            partition.registration.isr = partition.registration.replicas;
            partition.registration.leader = partition.registration.replicas.front();
            for (BrokerId b : partition.registration.replicas) {
                if (b < 1 || b > spec.brokers)
                    throw std::invalid_argument("assignment names an unknown broker");
                Replica replica;
                replica.broker = b;
                replica.knownLeader = partition.registration.leader;
                replica.knownLeaderEpoch = 0;
                replica.epochCache.push_back(EpochEntry{0, 0});
                if (b == partition.registration.leader) {
                    replica.isr = partition.registration.isr;
                    for (BrokerId f : partition.registration.replicas) {
                        if (f != b)
                            replica.views.push_back(FollowerView{f, -1, 0, 0, -1});
                    }
                }
                partition.replicas.push_back(std::move(replica));
            }
            s.partitions.push_back(std::move(partition));
        }
        s.topics.push_back(std::move(topic));
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
        const int rf = std::min(3, spec.brokers);
        const int start = static_cast<int>(s.rng.below(static_cast<std::uint64_t>(spec.brokers)));
        const int shift = static_cast<int>(s.rng.below(static_cast<std::uint64_t>(spec.brokers)));
        for (const auto& replicas : assignReplicasRackUnaware(allBrokers, static_cast<int>(s.config.offsetsTopicNumPartitions),
                                                              rf, start, shift)) {
            PartitionRegistration reg;
            reg.replicas = replicas;
            reg.isr = replicas;
            reg.leader = replicas.front();
            s.offsetsPartitions.push_back(std::move(reg));
        }
        for (Group& g : s.groups)
            g.offsetsPartition = offsetsPartitionFor(g.id, static_cast<int>(s.config.offsetsTopicNumPartitions));
    }

    std::vector<BrokerId> leaders;
    for (const Partition& p : s.partitions)
        leaders.push_back(p.registration.leader);
    std::vector<BrokerId> coordinators;
    for (const PartitionRegistration& reg : s.offsetsPartitions)
        coordinators.push_back(reg.leader);
    for (Broker& b : s.brokers) {
        b.knownLeaders = leaders;
        b.knownCoordinators = coordinators;
    }
    for (const ProducerSpec& producerSpec : spec.producers) {
        Producer producer;
        producer.id = producerSpec.id;
        producer.acks = producerSpec.acks;
        producer.sticky.resize(s.topics.size());
        producer.leaders = leaders;
        producer.ratePerSecond = producerSpec.ratePerSecond;
        producer.rateTopic = producerSpec.rateTopic;
        producer.keys = producerSpec.keys;
        s.producers.push_back(std::move(producer));
    }
    for (const ConsumerSpec& cs : spec.consumers)
        s.consumers.push_back(makeConsumer(cs, s));

    Engine engine(std::move(s));
    ClusterState& st = engine.m_state;
    for (const Broker& b : st.brokers) {
        engine.schedule(st.config.replicaLagTimeMaxMs / 2, Timer{TimerKind::IsrExpiration, b.id, -1});
        engine.schedule(st.config.brokerHeartbeatIntervalMs, Timer{TimerKind::Heartbeat, b.id, -1});
        engine.armSessionTimer(b.id);
    }
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(st.producers.size()); ++p) {
        const Producer& producer = st.producers[static_cast<std::size_t>(p)];
        if (producer.ratePerSecond > 0)
            engine.schedule(std::max<TimeMs>(1, 1000 / producer.ratePerSecond), Timer{TimerKind::ProducerTick, p, -1});
    }
    for (std::int32_t c = 0; c < static_cast<std::int32_t>(st.consumers.size()); ++c) {
        if (st.consumers[static_cast<std::size_t>(c)].startAtCreation)
            engine.startConsumer(c);
    }
    if (st.config.autoFetch) {
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(st.partitions.size()); ++p) {
            for (Replica& r : st.partitions[static_cast<std::size_t>(p)].replicas) {
                if (!r.isLeader())
                    engine.sendFetch(p, r, 0);
            }
        }
    }
    return std::move(engine.m_state);
}

// ---------------------------------------------------------------------------------------------
// Queue and network

void Engine::schedule(TimeMs atMs, std::variant<Message, Timer> what)
{
    m_state.queue.push_back(QueuedEvent{atMs, m_state.nextSequence++, std::move(what)});
    std::push_heap(m_state.queue.begin(), m_state.queue.end(), queueLater);
}

TimeMs Engine::nodeLatencyMs(NodeRef node) const
{
    assert(node.kind != NodeKind::Broker || (node.id >= 1 && node.id <= static_cast<BrokerId>(m_state.brokers.size())));
    if (node.kind == NodeKind::Broker) {
        const Broker& b = m_state.broker(node.id);
        if (b.latencyMs >= 0)
            return b.latencyMs;
    }
    return m_state.config.networkLatencyMs;
}

TimeMs Engine::linkLatencyMs(NodeRef a, NodeRef b) const
{
    // A slow broker is slow on every link it has, so a link is as slow as its slower end.
    return std::max(nodeLatencyMs(a), nodeLatencyMs(b));
}

void Engine::send(NodeRef from, NodeRef to, MessageBody body)
{
    Message message{from, to, m_state.nowMs, std::move(body)};
    if (from.kind == NodeKind::Broker)
        message.fromIncarnation = m_state.broker(from.id).incarnation;
    if (to.kind == NodeKind::Broker)
        message.toIncarnation = m_state.broker(to.id).incarnation;
    schedule(m_state.nowMs + linkLatencyMs(from, to), std::move(message));
}

void Engine::sendConnectionError(NodeRef from, NodeRef to, MessageBody body)
{
    Message message{from, to, m_state.nowMs, std::move(body)};
    message.connectionError = true;
    if (to.kind == NodeKind::Broker)
        message.toIncarnation = m_state.broker(to.id).incarnation;
    schedule(m_state.nowMs + linkLatencyMs(from, to), std::move(message));
}

bool Engine::canDeliver(const Message& message) const
{
    if (message.from.kind == NodeKind::Broker && !message.connectionError) {
        // Whatever a broker had sent and was still on the wire when it crashed is gone with it.
        const Broker& sender = m_state.broker(message.from.id);
        if (!sender.alive || sender.incarnation != message.fromIncarnation)
            return false;
    }
    for (NodeRef node : {message.from, message.to}) {
        if (node.kind == NodeKind::Broker) {
            const Broker& b = m_state.broker(node.id);
            if (b.isolated)
                return false;
        }
    }
    if (message.to.kind == NodeKind::Broker) {
        const Broker& receiver = m_state.broker(message.to.id);
        if (!receiver.alive || receiver.incarnation != message.toIncarnation)
            return false;
    }
    return true;
}

TimeMs Engine::nextEventTimeMs() const
{
    return m_state.queue.empty() ? m_state.nowMs : m_state.queue.front().atMs;
}

std::optional<Event> Engine::step()
{
    if (m_state.queue.empty())
        return std::nullopt;
    std::pop_heap(m_state.queue.begin(), m_state.queue.end(), queueLater);
    QueuedEvent item = std::move(m_state.queue.back());
    m_state.queue.pop_back();
    m_state.nowMs = std::max(m_state.nowMs, item.atMs);
    if (const auto* message = std::get_if<Message>(&item.what)) {
        if (canDeliver(*message))
            return deliver(*message);
        return bounce(*message);
    }
    return fire(std::get<Timer>(item.what));
}

std::optional<Event> Engine::bounce(const Message& message)
{
    // A request to a crashed broker meets a closed port: the sender's connection fails and it hears
    // so one latency later. Toward an isolated broker (or from one) packets just vanish, and only a
    // timeout tells the sender.
    const bool refused = message.to.kind == NodeKind::Broker &&
                         (!m_state.broker(message.to.id).alive ||
                          m_state.broker(message.to.id).incarnation != message.toIncarnation) &&
                         !m_state.broker(message.to.id).isolated &&
                         !(message.from.kind == NodeKind::Broker && m_state.broker(message.from.id).isolated);
    const bool senderGone = message.from.kind == NodeKind::Broker &&
                            (!m_state.broker(message.from.id).alive ||
                             m_state.broker(message.from.id).incarnation != message.fromIncarnation);
    if (!refused || senderGone)
        return std::nullopt;
    if (const auto* produce = std::get_if<ProduceRequest>(&message.body)) {
        if (produce->acks != Acks::None)
            sendConnectionError(message.to, message.from,
                 ProduceResponse{produce->batch, produce->attempt, produce->partition, ErrorCode::NetworkException, -1});
    } else if (const auto* fetch = std::get_if<FetchRequest>(&message.body)) {
        FetchResponse response;
        response.partition = fetch->partition;
        response.fetchId = fetch->fetchId;
        response.error = ErrorCode::NetworkException;
        response.fetchOffset = fetch->fetchOffset;
        sendConnectionError(message.to, message.from, std::move(response));
    } else if (std::holds_alternative<MetadataRequest>(message.body)) {
        sendConnectionError(message.to, message.from, MetadataResponse{ErrorCode::NetworkException, {}});
    } else if (std::holds_alternative<FindCoordinatorRequest>(message.body)) {
        sendConnectionError(message.to, message.from, FindCoordinatorResponse{ErrorCode::NetworkException, noLeader, {}});
    } else if (const auto* group = std::get_if<GroupRequest>(&message.body)) {
        GroupResponse response;
        response.kind = group->kind;
        response.error = ErrorCode::NetworkException;
        sendConnectionError(message.to, message.from, std::move(response));
    } else if (const auto* list = std::get_if<ListOffsetsRequest>(&message.body)) {
        sendConnectionError(message.to, message.from,
                            ListOffsetsResponse{list->partition, ErrorCode::NetworkException, -1});
    }
    return std::nullopt;
}

std::optional<Event> Engine::deliver(const Message& message)
{
    return std::visit(
        [&](const auto& body) -> std::optional<Event> {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, ProduceRequest>)
                return handleProduceRequest(message, body);
            else if constexpr (std::is_same_v<T, ProduceResponse>)
                return handleProduceResponse(message, body);
            else if constexpr (std::is_same_v<T, FetchRequest>)
                return body.consumer >= 0 ? handleConsumerFetch(message, body) : handleFetchRequest(message, body);
            else if constexpr (std::is_same_v<T, FetchResponse>)
                return message.to.kind == NodeKind::Consumer ? handleConsumerFetchResponse(message, body)
                                                             : handleFetchResponse(message, body);
            else if constexpr (std::is_same_v<T, FindCoordinatorRequest>)
                return handleFindCoordinatorRequest(message, body);
            else if constexpr (std::is_same_v<T, FindCoordinatorResponse>)
                return handleFindCoordinatorResponse(message, body);
            else if constexpr (std::is_same_v<T, GroupRequest>)
                return handleGroupRequest(message, body);
            else if constexpr (std::is_same_v<T, GroupResponse>)
                return handleGroupResponse(message, body);
            else if constexpr (std::is_same_v<T, ListOffsetsRequest>)
                return handleListOffsetsRequest(message, body);
            else if constexpr (std::is_same_v<T, ListOffsetsResponse>)
                return handleListOffsetsResponse(message, body);
            else if constexpr (std::is_same_v<T, AlterPartitionRequest>)
                return handleAlterPartitionRequest(message, body);
            else if constexpr (std::is_same_v<T, AlterPartitionResponse>)
                return handleAlterPartitionResponse(message, body);
            else if constexpr (std::is_same_v<T, BrokerHeartbeatRequest>)
                return handleHeartbeat(message, body);
            else if constexpr (std::is_same_v<T, BrokerHeartbeatResponse>)
                return handleHeartbeatResponse(message, body);
            else if constexpr (std::is_same_v<T, PartitionChange>)
                return handlePartitionChange(message, body);
            else if constexpr (std::is_same_v<T, MetadataRequest>)
                return handleMetadataRequest(message, body);
            else
                return handleMetadataResponse(message, body);
        },
        message.body);
}

std::optional<Event> Engine::fire(const Timer& timer)
{
    switch (timer.kind) {
    case TimerKind::IsrExpiration:
        schedule(m_state.nowMs + std::max<TimeMs>(1, m_state.config.replicaLagTimeMaxMs / 2), timer);
        return isrExpiration(timer.broker);
    case TimerKind::FetchWaitExpired:
        return fetchWaitExpired(timer.broker, timer.partition);
    case TimerKind::ProduceTimeout:
        return produceTimeout(timer.broker, timer.partition);
    case TimerKind::FetchBackoff: {
        Replica* follower = replicaOn(timer.partition, timer.broker);
        if (!follower || follower->fetchOutstanding || follower->isLeader() || follower->knownLeader == noLeader ||
            !m_state.broker(timer.broker).alive || !m_state.config.autoFetch)
            return std::nullopt;
        sendFetch(timer.partition, *follower, 0);
        Event e;
        e.type = EventType::FetchSent;
        e.node = timer.broker;
        e.peer = follower->knownLeader;
        e.partition = timer.partition;
        e.offset = follower->log.leo();
        return e;
    }
    case TimerKind::Heartbeat: {
        schedule(m_state.nowMs + m_state.config.brokerHeartbeatIntervalMs, timer);
        const Broker& b = m_state.broker(timer.broker);
        if (!b.alive)
            return std::nullopt;
        send(NodeRef::broker(b.id), NodeRef::controller(), BrokerHeartbeatRequest{b.id, b.shuttingDown, !b.registered});
        Event e;
        e.type = EventType::HeartbeatSent;
        e.node = b.id;
        return e;
    }
    case TimerKind::FetchTimeout:
        return fetchTimeout(timer.broker, timer.partition);
    case TimerKind::SessionCheck:
        return sessionCheck(timer.broker);
    case TimerKind::ProducerTimer:
        return producerTimer(timer.broker);
    case TimerKind::ProducerTick:
        return producerTick(timer.broker);
    case TimerKind::ConsumerHeartbeat:
    case TimerKind::ConsumerAutoCommit:
    case TimerKind::ConsumerPoll: {
        const Consumer& c = m_state.consumers[static_cast<std::size_t>(timer.broker)];
        if (timer.partition != c.timerEpoch)
            return std::nullopt; // From before the consumer stopped or restarted.
        if (timer.kind == TimerKind::ConsumerHeartbeat)
            return consumerHeartbeat(timer.broker);
        if (timer.kind == TimerKind::ConsumerAutoCommit)
            return consumerAutoCommit(timer.broker);
        return consumerPoll(timer.broker, timer.partition);
    }
    case TimerKind::GroupTimer:
        return groupTimer(timer.broker);
    case TimerKind::ConsumerTimer:
        return consumerTimer(timer.broker);
    }
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Actions

ApplyResult Engine::apply(const Action& action)
{
    return std::visit(
        [&](const auto& a) -> ApplyResult {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, ProduceAction>) {
                return produce(a);
            } else if constexpr (std::is_same_v<T, FetchAction>) {
                return startFetch(a.partition, a.follower, a.maxRecords);
            } else if constexpr (std::is_same_v<T, AdvanceAction>) {
                if (a.toMs <= m_state.nowMs)
                    return {std::nullopt, "the clock is already at " + std::to_string(m_state.nowMs) + " ms"};
                if (!m_state.queue.empty() && m_state.queue.front().atMs < a.toMs)
                    return {std::nullopt, "events are due before " + std::to_string(a.toMs) + " ms"};
                Event e;
                e.type = EventType::ClockAdvanced;
                e.value = a.toMs - m_state.nowMs;
                m_state.nowMs = a.toMs;
                return {e, {}};
            } else if constexpr (std::is_same_v<T, BrokerAction>) {
                return brokerAction(a);
            } else if constexpr (std::is_same_v<T, KillLeaderAction>) {
                if (a.partition < 0 || a.partition >= static_cast<std::int32_t>(m_state.partitions.size()))
                    return {std::nullopt, "no such partition"};
                const BrokerId leader = m_state.partitions[static_cast<std::size_t>(a.partition)].registration.leader;
                if (leader == noLeader)
                    return {std::nullopt, m_state.partitionName(a.partition) + " has no leader to kill"};
                return brokerAction(BrokerAction{BrokerAction::Kind::Kill, leader, 0});
            } else if constexpr (std::is_same_v<T, ElectPreferredAction>) {
                return electPreferred(a.partition);
            } else if constexpr (std::is_same_v<T, ConsumerAction>) {
                return consumerAction(a);
            } else if constexpr (std::is_same_v<T, SlowAction>) {
                if (a.broker < 1 || a.broker > static_cast<BrokerId>(m_state.brokers.size()))
                    return {std::nullopt, "no broker " + std::to_string(a.broker)};
                if (a.latencyMs < 0 || a.latencyMs > limits::latencyMsMax)
                    return {std::nullopt, "latency must be in 0.." + std::to_string(limits::latencyMsMax) + " ms"};
                m_state.broker(a.broker).latencyMs = a.latencyMs == 0 ? -1 : a.latencyMs;
                Event e;
                e.type = EventType::LatencyChanged;
                e.node = a.broker;
                e.value = a.latencyMs == 0 ? -1 : a.latencyMs;
                return {e, {}};
            } else {
                ClusterConfig next = m_state.config;
                std::string expected = setConfig(next, a.key, a.value);
                if (!expected.empty())
                    return {std::nullopt, a.key + ": expected " + expected};
                m_state.config = next;
                Event e;
                e.type = EventType::ConfigChanged;
                // Turning unclean election on lets the controller give offline partitions a leader now.
                if (a.key == "unclean.leader.election.enable" && next.uncleanLeaderElectionEnable) {
                    Event elected;
                    e.completed = electOfflineLeaders(elected);
                    if (e.completed > 0) {
                        e.partition = elected.partition;
                        e.flags |= elected.flags;
                    }
                }
                e.text = a.key + "=" + formatConfigValue(a.value);
                e.value = a.value.kind == ConfigValue::Kind::Boolean ? (a.value.boolean ? 1 : 0) : a.value.integer;
                return {e, {}};
            }
        },
        action);
}

ApplyResult Engine::produce(const ProduceAction& action)
{
    if (action.producer < 0 || action.producer >= static_cast<std::int32_t>(m_state.producers.size()))
        return {std::nullopt, "no such producer"};
    if (action.topic < 0 || action.topic >= static_cast<std::int32_t>(m_state.topics.size()))
        return {std::nullopt, "no such topic"};
    if (action.values.empty())
        return {std::nullopt, "a produce needs at least one value"};
    if (static_cast<int>(action.values.size()) > limits::valuesPerProduceMax)
        return {std::nullopt, "at most " + std::to_string(limits::valuesPerProduceMax) + " values per produce"};
    const Topic& topic = m_state.topics[static_cast<std::size_t>(action.topic)];
    if (action.partition >= topic.partitionCount)
        return {std::nullopt, "topic " + topic.name + " has " + std::to_string(topic.partitionCount) + " partitions"};

    Producer& producer = m_state.producers[static_cast<std::size_t>(action.producer)];
    int partitionInTopic = action.partition;
    if (partitionInTopic < 0) {
        if (action.key) {
            partitionInTopic = partitionForKey(*action.key, topic.partitionCount);
        } else {
            // Sticky partitioning (KIP-794): stay on one partition until batch.size bytes went to it.
            // BuiltInPartitioner.nextPartition draws among the partitions that have a leader (all of
            // them when none has); the same partition may come up again. Each produce here is one batch
            // sent at once, so the producer's deque is empty and the switch happens at batch.size.
            StickyPartition& sticky = producer.sticky[static_cast<std::size_t>(action.topic)];
            if (sticky.partition < 0 || sticky.bytes >= m_state.config.batchSize) {
                std::vector<int> available;
                for (int i = 0; i < topic.partitionCount; ++i) {
                    if (m_state.partitions[static_cast<std::size_t>(topic.firstPartition + i)].registration.leader !=
                        noLeader)
                        available.push_back(i);
                }
                if (available.empty()) {
                    for (int i = 0; i < topic.partitionCount; ++i)
                        available.push_back(i);
                }
                sticky.partition =
                    available[static_cast<std::size_t>(m_state.rng.below(static_cast<std::uint64_t>(available.size())))];
                sticky.bytes = 0;
            }
            partitionInTopic = sticky.partition;
            for (const std::string& value : action.values)
                sticky.bytes += recordBytes(std::nullopt, value);
        }
    }
    const std::int32_t partition = topic.firstPartition + partitionInTopic;

    ProducerBatch batch;
    batch.firstSequence = producer.nextSequence;
    batch.count = static_cast<std::int32_t>(action.values.size());
    batch.firstPayload = static_cast<std::int32_t>(m_state.payloads.size());
    batch.partition = partition;
    batch.acks = action.acks.value_or(producer.acks);
    batch.createdMs = m_state.nowMs;
    for (const std::string& value : action.values) {
        Payload payload;
        payload.hasKey = action.key.has_value();
        payload.key = action.key.value_or(std::string());
        payload.value = value;
        payload.producer = action.producer;
        payload.sequence = producer.nextSequence++;
        m_state.payloads.push_back(std::move(payload));
    }
    const auto batchIndex = static_cast<std::int64_t>(producer.batches.size());

    Event e;
    e.type = EventType::ProduceSent;
    e.node = action.producer;
    e.partition = partition;
    e.count = batch.count;
    e.value = batchIndex;

    producer.batches.push_back(batch);
    sendBatch(action.producer, batchIndex, producer.batches.mutableAt(static_cast<std::size_t>(batchIndex)));
    const ProducerBatch& sent = producer.batches[static_cast<std::size_t>(batchIndex)];
    e.peer = sent.status == SendStatus::Pending ? -1 : producer.leaders[static_cast<std::size_t>(partition)];
    e.attempt = sent.attempt;
    if (sent.status == SendStatus::Pending)
        e.error = ErrorCode::LeaderNotAvailable;
    return {e, {}};
}

ApplyResult Engine::startFetch(std::int32_t partition, BrokerId follower, std::int32_t maxRecords)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(m_state.partitions.size()))
        return {std::nullopt, "no such partition"};
    Replica* replica = replicaOn(partition, follower);
    if (!replica)
        return {std::nullopt, "broker " + std::to_string(follower) + " holds no replica of " +
                                  m_state.partitionName(partition)};
    if (replica->isLeader())
        return {std::nullopt, "broker " + std::to_string(follower) + " leads " + m_state.partitionName(partition) +
                                  "; only followers fetch"};
    if (replica->knownLeader == noLeader)
        return {std::nullopt, m_state.partitionName(partition) + " has no leader to fetch from"};
    if (!m_state.broker(follower).alive)
        return {std::nullopt, "broker " + std::to_string(follower) + " is down"};
    if (replica->fetchOutstanding)
        return {std::nullopt, "broker " + std::to_string(follower) + " already has a fetch for " +
                                  m_state.partitionName(partition) + " in flight"};
    if (maxRecords < 0 || maxRecords > limits::fetchRecordsMax)
        return {std::nullopt, "max_records must be in 1.." + std::to_string(limits::fetchRecordsMax)};
    sendFetch(partition, *replica, maxRecords);
    Event e;
    e.type = EventType::FetchSent;
    e.node = follower;
    e.peer = replica->knownLeader;
    e.partition = partition;
    e.offset = replica->log.leo();
    e.count = maxRecords;
    return {e, {}};
}

// ---------------------------------------------------------------------------------------------
// Follower side

void Engine::sendFetch(std::int32_t partition, Replica& follower, std::int32_t maxRecords)
{
    FetchRequest request;
    request.partition = partition;
    request.replica = follower.broker;
    request.fetchId = ++follower.fetchId;
    request.fetchOffset = follower.log.leo();
    // AbstractFetcherThread starts a follower's fetch state from latestEpoch (its epoch cache's last
    // entry) and moves it to each appended batch's epoch, which assign() makes the last entry again.
    // The cache, not the last record: an entry this broker made as leader with nothing appended after
    // it must be sent, so the new leader's diverging epoch gets it truncated (UnifiedLog.truncateTo).
    request.lastFetchedEpoch = follower.epochCache.empty() ? -1 : follower.epochCache.back().epoch;
    request.currentLeaderEpoch = follower.knownLeaderEpoch;
    request.maxRecords =
        maxRecords > 0 ? maxRecords : static_cast<std::int32_t>(m_state.config.replicaFetchMaxRecords);
    follower.fetchOutstanding = true;
    follower.fetchDeadlineMs = m_state.nowMs + m_state.config.replicaSocketTimeoutMs;
    if (follower.fetchTimeoutTimerMs < 0) {
        follower.fetchTimeoutTimerMs = follower.fetchDeadlineMs;
        schedule(follower.fetchDeadlineMs, Timer{TimerKind::FetchTimeout, follower.broker, partition});
    }
    send(NodeRef::broker(follower.broker), NodeRef::broker(follower.knownLeader), request);
}

std::optional<Event> Engine::fetchTimeout(BrokerId broker, std::int32_t partition)
{
    Replica* follower = replicaOn(partition, broker);
    if (!follower || follower->fetchTimeoutTimerMs != m_state.nowMs)
        return std::nullopt;
    follower->fetchTimeoutTimerMs = -1;
    if (!follower->fetchOutstanding || !m_state.broker(broker).alive)
        return std::nullopt;
    if (follower->fetchDeadlineMs > m_state.nowMs) {
        // A newer fetch went out since the timer was armed: wait for its deadline instead.
        follower->fetchTimeoutTimerMs = follower->fetchDeadlineMs;
        schedule(follower->fetchDeadlineMs, Timer{TimerKind::FetchTimeout, broker, partition});
        return std::nullopt;
    }
    follower->fetchOutstanding = false;
    ++follower->fetchId; // An answer that still arrives belongs to a fetch given up on.
    if (m_state.config.autoFetch)
        schedule(m_state.nowMs + m_state.config.replicaFetchBackoffMs, Timer{TimerKind::FetchBackoff, broker, partition});
    Event e;
    e.type = EventType::FetchFailed;
    e.node = broker;
    e.peer = follower->knownLeader;
    e.partition = partition;
    e.offset = follower->log.leo();
    e.error = ErrorCode::RequestTimedOut;
    e.hwBefore = e.hwAfter = follower->hw;
    e.leo = follower->log.leo();
    return e;
}

namespace {

/// LeaderEpochFileCache.endOffsetFor: the epoch and end offset a log has for a requested epoch.
std::pair<std::int32_t, Offset> endOffsetFor(const std::vector<EpochEntry>& cache, Offset leo, std::int32_t epoch)
{
    if (epoch < 0 || cache.empty())
        return {-1, -1};
    if (cache.back().epoch == epoch)
        return {epoch, leo};
    const EpochEntry* floor = nullptr;
    const EpochEntry* higher = nullptr;
    for (const EpochEntry& entry : cache) {
        if (entry.epoch <= epoch)
            floor = &entry;
        else if (!higher)
            higher = &entry;
    }
    if (!higher)
        return {-1, -1}; // The requested epoch is newer than anything this log has seen.
    if (!floor)
        return {epoch, higher->startOffset};
    return {floor->epoch, higher->startOffset};
}

} // namespace

void Engine::truncateLog(Replica& replica, Offset offset)
{
    replica.log.truncateTo(offset);
    // LeaderEpochFileCache.truncateFromEnd: every entry starting at or after the new end goes, the
    // first one too, as UnifiedLog.truncateTo (even when it removes no record) and LogLoader.load (on a
    // restart) call it. A kept entry claims records the log no longer holds: truncated to 0 and
    // refilled with an older leader's epoch-0 records, a log still saying "epoch 1 from 0" made its
    // broker, once leader, tell a follower whose last fetched epoch was 1 that epoch 1 ends at 4 here,
    // so the follower kept its own, different epoch-1 records below the HW (chaos seed 1816).
    while (!replica.epochCache.empty() && replica.epochCache.back().startOffset >= replica.log.leo())
        replica.epochCache.pop_back();
    replica.hw = std::min(replica.hw, replica.log.leo());
}

std::optional<Event> Engine::handleFetchResponse(const Message& message, const FetchResponse& response)
{
    Replica* follower = replicaOn(response.partition, message.to.id);
    if (!follower || !follower->fetchOutstanding || follower->fetchId != response.fetchId)
        return std::nullopt; // An answer to a fetch this follower abandoned.
    follower->fetchOutstanding = false;

    Event e;
    e.node = follower->broker;
    e.peer = message.from.id;
    e.partition = response.partition;
    e.offset = response.fetchOffset;
    e.hwBefore = follower->hw;
    const bool keepFetching = m_state.config.autoFetch && follower->knownLeader != noLeader && !follower->isLeader();

    if (response.error == ErrorCode::OffsetOutOfRange && m_state.config.truncation == TruncationMode::HighWatermark &&
        response.divergingEndOffset >= 0 && response.divergingEndOffset < follower->log.leo()) {
        // Before KIP-101 a follower ahead of the leader simply cut its log back to the leader's end.
        const Offset before = follower->log.leo();
        truncateLog(*follower, response.divergingEndOffset);
        ++m_state.partitions[static_cast<std::size_t>(response.partition)].legacyTruncations;
        e.type = EventType::LogTruncated;
        e.flags |= Legacy;
        e.count = before - follower->log.leo();
        e.leo = follower->log.leo();
        e.hwAfter = follower->hw;
        e.offset = follower->log.leo();
        if (keepFetching)
            sendFetch(response.partition, *follower, 0);
        return e;
    }
    if (response.error != ErrorCode::None) {
        e.type = EventType::FetchFailed;
        e.error = response.error;
        e.hwAfter = follower->hw;
        e.leo = follower->log.leo();
        if (m_state.config.autoFetch)
            schedule(m_state.nowMs + m_state.config.replicaFetchBackoffMs,
                     Timer{TimerKind::FetchBackoff, follower->broker, response.partition});
        return e;
    }
    if (response.divergingEpoch >= 0 || response.divergingEndOffset >= 0) {
        // KIP-279: the leader says where the follower's last epoch ends on its side. Truncate to the
        // smaller of that and where the same epoch ends here; if this log has not seen that epoch,
        // cut back to where its own matching epoch ends and ask again.
        const auto [ownEpoch, ownEnd] =
            endOffsetFor(follower->epochCache, follower->log.leo(), response.divergingEpoch);
        Offset target = response.divergingEndOffset;
        if (ownEpoch == response.divergingEpoch && ownEnd >= 0)
            target = std::min(target, ownEnd);
        else if (ownEnd >= 0)
            target = ownEnd;
        target = std::max<Offset>(follower->log.logStart, std::min(target, follower->log.leo()));
        const Offset before = follower->log.leo();
        truncateLog(*follower, target);
        e.type = EventType::LogTruncated;
        e.count = before - follower->log.leo();
        e.value = response.divergingEpoch;
        e.leo = follower->log.leo();
        e.offset = follower->log.leo();
        e.hwAfter = follower->hw;
        if (keepFetching)
            sendFetch(response.partition, *follower, 0);
        return e;
    }

    e.type = EventType::FetchApplied;
    // A response for an offset the log has moved away from is stale: the fetcher drops it whole.
    if (response.fetchOffset == follower->log.leo()) {
        if (response.recordCount > 0) {
            const ReplicaLog& source = response.leaderLog;
            const auto from = static_cast<std::size_t>(response.fetchOffset - source.baseOffset);
            source.records.forEach(from, from + static_cast<std::size_t>(response.recordCount),
                                   [&](std::size_t, const Record& record) {
                                       // UnifiedLog.appendAsFollower assigns every batch's epoch; a
                                       // lower one than the cache's last (an entry this broker made as
                                       // leader with no record after it) replaces the later entries.
                                       assignEpoch(follower->epochCache, record.epoch, follower->log.leo());
                                       follower->log.append(record);
                                   });
            e.count = response.recordCount;
        }
        follower->hw = std::min(response.hw, follower->log.leo());
    }
    e.hwAfter = follower->hw;
    e.leo = follower->log.leo();
    e.value = response.hw;
    if (keepFetching)
        sendFetch(response.partition, *follower, 0);
    return e;
}

// ---------------------------------------------------------------------------------------------
// Leader side

Replica* Engine::replicaOn(std::int32_t partition, BrokerId broker)
{
    for (Replica& r : m_state.partitions[static_cast<std::size_t>(partition)].replicas) {
        if (r.broker == broker)
            return &r;
    }
    return nullptr;
}

Replica* Engine::leaderReplica(std::int32_t partition)
{
    const BrokerId leader = m_state.partitions[static_cast<std::size_t>(partition)].registration.leader;
    if (leader == noLeader)
        return nullptr;
    Replica* r = replicaOn(partition, leader);
    return r && r->isLeader() ? r : nullptr;
}

FollowerView* Engine::viewOf(Replica& leader, BrokerId follower)
{
    for (FollowerView& v : leader.views) {
        if (v.broker == follower)
            return &v;
    }
    return nullptr;
}

bool Engine::isCaughtUp(const Replica& leader, const FollowerView& view) const
{
    return leader.log.leo() == view.leo || m_state.nowMs - view.lastCaughtUpMs <= m_state.config.replicaLagTimeMaxMs;
}

bool Engine::isIsrEligible(BrokerId broker) const
{
    // The leader learns fencing and controlled shutdowns from the metadata; the model reads the
    // controller's registration directly.
    return isUnfenced(broker);
}

std::vector<BrokerId> Engine::maximalIsr(const Replica& leader) const
{
    // While an expansion is in flight the new member already counts; while a shrink is in flight
    // the leaving member still counts. Either way: the union of committed and proposed.
    std::vector<BrokerId> result = leader.isr;
    if (leader.alterInFlight) {
        for (BrokerId b : leader.pendingIsr) {
            if (!contains(result, b))
                result.push_back(b);
        }
    }
    return result;
}

bool Engine::maybeIncrementHw(std::int32_t partition, Replica& leader)
{
    const Partition& p = m_state.partitions[static_cast<std::size_t>(partition)];
    const auto replicationFactor = static_cast<std::int64_t>(p.registration.replicas.size());
    // Kafka 3.7+ (KAFKA-15583): the high watermark stays put while the ISR is below min.insync.replicas.
    if (static_cast<std::int64_t>(leader.isr.size()) < std::min(m_state.config.minInsyncReplicas, replicationFactor))
        return false;
    const std::vector<BrokerId> maximal = maximalIsr(leader);
    Offset candidate = leader.log.leo();
    for (const FollowerView& view : leader.views) {
        const bool counts = contains(maximal, view.broker) || (isCaughtUp(leader, view) && isIsrEligible(view.broker));
        if (view.leo < candidate && counts)
            candidate = view.leo;
    }
    if (candidate > leader.hw) {
        leader.hw = candidate;
        // Consumers waiting for something readable get it now.
        completeConsumerFetches(partition, leader);
        return true;
    }
    return false;
}

bool Engine::maybeExpandIsr(std::int32_t partition, Replica& leader, const FollowerView& view)
{
    if (leader.alterInFlight || contains(leader.isr, view.broker) || !isIsrEligible(view.broker))
        return false;
    if (view.leo < leader.hw || view.leo < leader.epochStartOffset)
        return false;
    std::vector<BrokerId> newIsr = leader.isr;
    newIsr.push_back(view.broker);
    sendAlterPartition(partition, leader, std::move(newIsr));
    return true;
}

void Engine::sendAlterPartition(std::int32_t partition, Replica& leader, std::vector<BrokerId> newIsr)
{
    leader.alterInFlight = true;
    leader.pendingIsr = newIsr;
    AlterPartitionRequest request;
    request.partition = partition;
    request.leader = leader.broker;
    request.leaderEpoch = leader.knownLeaderEpoch;
    request.partitionEpoch = leader.partitionEpoch;
    request.newIsr = std::move(newIsr);
    send(NodeRef::broker(leader.broker), NodeRef::controller(), std::move(request));
}

int Engine::completeDelayedProduces(std::int32_t partition, Replica& leader)
{
    int completed = 0;
    const auto maximalSize = static_cast<std::int64_t>(maximalIsr(leader).size());
    const Partition& p = m_state.partitions[static_cast<std::size_t>(partition)];
    const std::int64_t effectiveMinIsr =
        std::min(m_state.config.minInsyncReplicas, static_cast<std::int64_t>(p.registration.replicas.size()));
    auto& delayed = leader.delayedProduces;
    for (auto it = delayed.begin(); it != delayed.end();) {
        if (leader.hw >= it->requiredOffset) {
            // checkEnoughReplicasReachOffset: committed either way, but tell the producer if the ISR shrank.
            const ErrorCode error = effectiveMinIsr <= maximalSize
                                        ? ErrorCode::None
                                        : ErrorCode::NotEnoughReplicasAfterAppend;
            send(NodeRef::broker(leader.broker), NodeRef::producer(it->producer),
                 ProduceResponse{it->batch, it->attempt, partition, error, it->baseOffset});
            it = delayed.erase(it);
            ++completed;
        } else {
            ++it;
        }
    }
    return completed;
}

void Engine::respondToFetch(std::int32_t partition, Replica& leader, const FetchRequest& request, Offset responseHw)
{
    FetchResponse response;
    response.partition = partition;
    response.fetchId = request.fetchId;
    response.fetchOffset = request.fetchOffset;
    response.hw = responseHw;
    response.logStart = leader.log.logStart;
    response.leaderEpoch = leader.knownLeaderEpoch;
    // Followers read up to the LEO, consumers (read_uncommitted) up to the HW.
    const Offset readableEnd = request.consumer >= 0 ? leader.hw : leader.log.leo();
    response.recordCount =
        std::max<std::int64_t>(0, std::min<std::int64_t>(readableEnd - request.fetchOffset, request.maxRecords));
    response.leaderLog = leader.log;
    send(NodeRef::broker(leader.broker), fetcherNode(request), std::move(response));
}

NodeRef fetcherNode(const FetchRequest& request)
{
    return request.consumer >= 0 ? NodeRef::consumer(request.consumer) : NodeRef::broker(request.replica);
}

int Engine::completeParkedFetches(std::int32_t partition, Replica& leader)
{
    // A parked fetch completes when there is data for it; its records and the high watermark are
    // read at completion (DelayedFetch.onComplete), without touching the follower's fetch state.
    int completed = 0;
    auto& parked = leader.parkedFetches;
    for (auto it = parked.begin(); it != parked.end();) {
        if (it->request.consumer < 0 && leader.log.leo() > it->request.fetchOffset) {
            respondToFetch(partition, leader, it->request, leader.hw);
            it = parked.erase(it);
            ++completed;
        } else {
            ++it;
        }
    }
    return completed;
}

std::optional<Event> Engine::handleProduceRequest(const Message& message, const ProduceRequest& request)
{
    const BrokerId self = message.to.id;
    Replica* leader = replicaOn(request.partition, self);
    Event e;
    e.node = self;
    e.peer = request.producer;
    e.partition = request.partition;
    e.value = request.batch;

    auto reject = [&](ErrorCode error) {
        e.type = EventType::ProduceRejected;
        e.error = error;
        if (request.acks != Acks::None)
            send(NodeRef::broker(self), message.from,
                 ProduceResponse{request.batch, request.attempt, request.partition, error, -1});
        return e;
    };

    if (!leader || !leader->isLeader())
        return reject(ErrorCode::NotLeaderOrFollower);
    const Partition& p = m_state.partitions[static_cast<std::size_t>(request.partition)];
    const auto replicationFactor = static_cast<std::int64_t>(p.registration.replicas.size());
    if (request.acks == Acks::All &&
        static_cast<std::int64_t>(leader->isr.size()) < std::min(m_state.config.minInsyncReplicas, replicationFactor))
        return reject(ErrorCode::NotEnoughReplicas);

    const Producer& producer = m_state.producers[static_cast<std::size_t>(request.producer)];
    const ProducerBatch& batch = producer.batches[static_cast<std::size_t>(request.batch)];
    const Offset baseOffset = leader->log.leo();
    for (std::int32_t i = 0; i < batch.count; ++i)
        leader->log.append(Record{leader->knownLeaderEpoch, batch.firstPayload + i});

    e.type = EventType::ProduceAppended;
    e.offset = baseOffset;
    e.count = batch.count;
    e.hwBefore = leader->hw;
    if (maybeIncrementHw(request.partition, *leader)) {
        e.flags |= HwAdvanced;
        e.completed = completeDelayedProduces(request.partition, *leader);
        if (e.completed > 0)
            e.flags |= ProducesCompleted;
    }
    e.hwAfter = leader->hw;
    if (completeParkedFetches(request.partition, *leader) > 0)
        e.flags |= FetchesCompleted;
    e.leo = leader->log.leo();

    const Offset required = baseOffset + batch.count;
    switch (request.acks) {
    case Acks::None:
        break;
    case Acks::Leader:
        send(NodeRef::broker(self), message.from,
             ProduceResponse{request.batch, request.attempt, request.partition, ErrorCode::None, baseOffset});
        break;
    case Acks::All:
        if (leader->hw >= required) {
            send(NodeRef::broker(self), message.from,
                 ProduceResponse{request.batch, request.attempt, request.partition, ErrorCode::None, baseOffset});
        } else {
            const TimeMs deadline = m_state.nowMs + request.timeoutMs;
            leader->delayedProduces.push_back(
                DelayedProduce{request.producer, request.batch, request.attempt, baseOffset, required, deadline});
            armPurgatoryTimer(TimerKind::ProduceTimeout, request.partition, *leader, deadline);
        }
        break;
    }
    return e;
}

std::optional<Event> Engine::handleProduceResponse(const Message& message, const ProduceResponse& response)
{
    const std::int32_t producerIndex = message.to.id;
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    const ProducerBatch& current = producer.batches[static_cast<std::size_t>(response.batch)];
    if (current.status != SendStatus::InFlight || current.attempt != response.attempt)
        return std::nullopt; // An answer to an attempt the producer already gave up on.
    ProducerBatch& batch = producer.batches.mutableAt(static_cast<std::size_t>(response.batch));
    Event e;
    e.node = producerIndex;
    e.peer = message.from.id;
    e.partition = response.partition;
    e.count = batch.count;
    e.value = response.batch;
    e.error = response.error;
    e.attempt = batch.attempt;
    batch.requestDeadlineMs = -1;
    if (response.error == ErrorCode::None) {
        batch.status = SendStatus::Acked;
        batch.baseOffset = response.baseOffset;
        batch.error = ErrorCode::None;
        e.type = EventType::ProduceAcked;
        e.offset = response.baseOffset;
    } else {
        // NOT_ENOUGH_REPLICAS_AFTER_APPEND reports an error although the records are committed; it is
        // retriable, so a producer without idempotence writes them again.
        e.type = EventType::ProduceFailed;
        batch.error = response.error;
        const bool expired = m_state.nowMs - batch.createdMs >= m_state.config.deliveryTimeoutMs;
        if (isRetriable(response.error) && batch.attempt <= m_state.config.retries && !expired) {
            batch.status = SendStatus::Pending;
            const int doublings = std::min(batch.attempt - 1, 20);
            batch.retryAtMs = m_state.nowMs + std::min(m_state.config.retryBackoffMs << doublings,
                                                       std::max(m_state.config.retryBackoffMs,
                                                                m_state.config.retryBackoffMaxMs));
            e.flags |= Retrying;
            e.offset = -1;
            if (response.error == ErrorCode::NotLeaderOrFollower || response.error == ErrorCode::NetworkException ||
                response.error == ErrorCode::LeaderNotAvailable)
                requestMetadata(producerIndex);
        } else {
            batch.status = SendStatus::Failed;
            if (expired)
                batch.error = ErrorCode::DeliveryTimeout;
            e.error = batch.error;
        }
    }
    rearmProducerTimer(producerIndex);
    return e;
}

std::optional<Event> Engine::handleFetchRequest(const Message& message, const FetchRequest& request)
{
    const BrokerId self = message.to.id;
    Replica* leader = replicaOn(request.partition, self);
    Event e;
    e.node = self;
    e.peer = request.replica;
    e.partition = request.partition;
    e.offset = request.fetchOffset;

    auto fail = [&](ErrorCode error) {
        FetchResponse response;
        response.partition = request.partition;
        response.fetchId = request.fetchId;
        response.error = error;
        response.fetchOffset = request.fetchOffset;
        if (error == ErrorCode::OffsetOutOfRange && leader)
            response.divergingEndOffset = leader->log.leo(); // the legacy follower truncates to it
        send(NodeRef::broker(self), message.from, std::move(response));
        e.type = EventType::FetchHandled;
        e.error = error;
        return e;
    };

    // ReplicaManager.localLogWithEpochOrThrow: the epoch is checked before the leadership.
    if (leader && request.currentLeaderEpoch >= 0 && request.currentLeaderEpoch < leader->knownLeaderEpoch)
        return fail(ErrorCode::FencedLeaderEpoch);
    if (leader && request.currentLeaderEpoch > leader->knownLeaderEpoch)
        return fail(ErrorCode::UnknownLeaderEpoch);
    if (!leader || !leader->isLeader())
        return fail(ErrorCode::NotLeaderOrFollower);
    FollowerView* view = viewOf(*leader, request.replica);
    if (!view)
        return fail(ErrorCode::NotLeaderOrFollower);

    // KIP-279: does the follower's log end in an epoch the leader's log ends differently? Then tell it
    // where, without touching its fetch state. (Kafka before 0.11 had no such check.)
    if (m_state.config.truncation == TruncationMode::LeaderEpoch && request.lastFetchedEpoch >= 0) {
        const auto [epoch, endOffset] = endOffsetFor(leader->epochCache, leader->log.leo(), request.lastFetchedEpoch);
        if (endOffset >= 0 && (epoch != request.lastFetchedEpoch || endOffset < request.fetchOffset)) {
            FetchResponse response;
            response.partition = request.partition;
            response.fetchId = request.fetchId;
            response.fetchOffset = request.fetchOffset;
            response.hw = leader->hw;
            response.leaderEpoch = leader->knownLeaderEpoch;
            response.divergingEpoch = epoch;
            response.divergingEndOffset = endOffset;
            send(NodeRef::broker(self), message.from, std::move(response));
            e.type = EventType::FetchHandled;
            e.flags |= Diverging;
            e.value = epoch;
            e.leo = endOffset;
            e.hwBefore = e.hwAfter = leader->hw;
            return e;
        }
    }
    if (request.fetchOffset > leader->log.leo() || request.fetchOffset < leader->log.logStart)
        return fail(ErrorCode::OffsetOutOfRange);

    e.type = EventType::FetchHandled;
    const Offset hwAtRead = leader->hw;
    const Offset leaderLeo = leader->log.leo();
    e.hwBefore = hwAtRead;
    e.leo = leaderLeo;

    // Replica.updateFetchStateOrThrow.
    const Offset f = request.fetchOffset;
    if (f >= leaderLeo)
        view->lastCaughtUpMs = std::max(view->lastCaughtUpMs, m_state.nowMs);
    else if (f >= view->lastFetchLeaderLeo)
        view->lastCaughtUpMs = std::max(view->lastCaughtUpMs, view->lastFetchMs);
    view->lastFetchLeaderLeo = std::max(leaderLeo, view->lastFetchLeaderLeo);
    view->lastFetchMs = m_state.nowMs;
    const Offset previousLeo = view->leo;
    view->leo = f;

    // Partition.updateFollowerFetchState: expansion is checked on every fetch, the HW only when the
    // follower's LEO moved.
    if (maybeExpandIsr(request.partition, *leader, *view))
        e.flags |= IsrExpandRequested;
    if (previousLeo != f && maybeIncrementHw(request.partition, *leader)) {
        e.flags |= HwAdvanced;
        e.completed = completeDelayedProduces(request.partition, *leader);
        if (e.completed > 0)
            e.flags |= ProducesCompleted;
    }
    e.hwAfter = leader->hw;

    const std::int64_t available = std::min<std::int64_t>(leaderLeo - f, request.maxRecords);
    if (available == 0 && m_state.config.replicaFetchWaitMaxMs > 0) {
        const TimeMs deadline = m_state.nowMs + m_state.config.replicaFetchWaitMaxMs;
        leader->parkedFetches.push_back(ParkedFetch{request, deadline});
        armPurgatoryTimer(TimerKind::FetchWaitExpired, request.partition, *leader, deadline);
        e.flags |= Parked;
        e.count = 0;
        return e;
    }
    // The response carries the high watermark as read, before this fetch moved it.
    respondToFetch(request.partition, *leader, request, hwAtRead);
    e.count = available;
    e.value = hwAtRead;
    return e;
}

void Engine::armPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica, TimeMs deadlineMs)
{
    TimeMs& armed = kind == TimerKind::ProduceTimeout ? replica.delayedTimerMs : replica.parkedTimerMs;
    if (armed >= 0 && armed <= deadlineMs)
        return; // The armed timer fires first and re-arms for what is left.
    armed = deadlineMs;
    schedule(deadlineMs, Timer{kind, replica.broker, partition});
}

template <typename Waiting>
static std::optional<std::size_t> firstExpired(const std::vector<Waiting>& waiting, TimeMs nowMs)
{
    for (std::size_t i = 0; i < waiting.size(); ++i) {
        if (waiting[i].deadlineMs <= nowMs)
            return i;
    }
    return std::nullopt;
}

void Engine::rearmPurgatoryTimer(TimerKind kind, std::int32_t partition, Replica& replica)
{
    TimeMs earliest = -1;
    auto consider = [&](TimeMs deadline) {
        if (earliest < 0 || deadline < earliest)
            earliest = deadline;
    };
    if (kind == TimerKind::ProduceTimeout) {
        for (const DelayedProduce& d : replica.delayedProduces)
            consider(d.deadlineMs);
    } else {
        for (const ParkedFetch& f : replica.parkedFetches)
            consider(f.deadlineMs);
    }
    if (earliest >= 0)
        armPurgatoryTimer(kind, partition, replica, std::max(earliest, m_state.nowMs));
}

std::optional<Event> Engine::fetchWaitExpired(BrokerId broker, std::int32_t partition)
{
    Replica* leader = replicaOn(partition, broker);
    if (!leader || leader->parkedTimerMs != m_state.nowMs)
        return std::nullopt; // A stale timer: a later arming replaced it.
    leader->parkedTimerMs = -1;
    if (!m_state.broker(broker).alive)
        return std::nullopt; // A crashed broker's purgatory is gone.
    auto& parked = leader->parkedFetches;
    const std::optional<std::size_t> index = firstExpired(parked, m_state.nowMs);
    if (!index) {
        rearmPurgatoryTimer(TimerKind::FetchWaitExpired, partition, *leader);
        return std::nullopt; // Already answered when data arrived.
    }
    const ParkedFetch done = parked[*index];
    parked.erase(parked.begin() + static_cast<std::ptrdiff_t>(*index));
    // One expiry per frame: another fetch due at this time gets a timer of its own.
    rearmPurgatoryTimer(TimerKind::FetchWaitExpired, partition, *leader);
    Event e;
    e.type = EventType::FetchCompleted;
    e.node = broker;
    e.peer = done.request.replica;
    e.partition = partition;
    e.offset = done.request.fetchOffset;
    if (!leader->isLeader()) {
        FetchResponse response;
        response.partition = partition;
        response.fetchId = done.request.fetchId;
        response.error = ErrorCode::NotLeaderOrFollower;
        response.fetchOffset = done.request.fetchOffset;
        send(NodeRef::broker(broker), fetcherNode(done.request), std::move(response));
        e.error = ErrorCode::NotLeaderOrFollower;
        return e;
    }
    respondToFetch(partition, *leader, done.request, leader->hw);
    if (done.request.consumer >= 0)
        return std::nullopt; // A consumer's empty wait ran out: nothing to show until records arrive.
    e.count = std::max<Offset>(0, std::min<Offset>(leader->log.leo() - done.request.fetchOffset,
                                                    done.request.maxRecords));
    e.value = leader->hw;
    return e;
}

std::optional<Event> Engine::produceTimeout(BrokerId broker, std::int32_t partition)
{
    Replica* leader = replicaOn(partition, broker);
    if (!leader || leader->delayedTimerMs != m_state.nowMs)
        return std::nullopt;
    leader->delayedTimerMs = -1;
    if (!m_state.broker(broker).alive)
        return std::nullopt;
    auto& delayed = leader->delayedProduces;
    const std::optional<std::size_t> index = firstExpired(delayed, m_state.nowMs);
    if (!index) {
        rearmPurgatoryTimer(TimerKind::ProduceTimeout, partition, *leader);
        return std::nullopt;
    }
    const DelayedProduce done = delayed[*index];
    delayed.erase(delayed.begin() + static_cast<std::ptrdiff_t>(*index));
    rearmPurgatoryTimer(TimerKind::ProduceTimeout, partition, *leader);
    // The records stay in the log: a timed-out acks=all produce may still become committed.
    send(NodeRef::broker(broker), NodeRef::producer(done.producer),
         ProduceResponse{done.batch, done.attempt, partition, ErrorCode::RequestTimedOut, -1});
    Event e;
    e.type = EventType::ProduceTimedOut;
    e.node = broker;
    e.peer = done.producer;
    e.partition = partition;
    e.offset = done.baseOffset;
    e.count = done.requiredOffset - done.baseOffset;
    e.value = done.batch;
    return e;
}

std::optional<Event> Engine::isrExpiration(BrokerId broker)
{
    if (!m_state.broker(broker).alive)
        return std::nullopt;
    Event e;
    e.type = EventType::IsrShrinkRequested;
    e.node = broker;
    int asked = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        Replica* leader = replicaOn(p, broker);
        if (!leader || !leader->isLeader() || leader->alterInFlight)
            continue;
        std::vector<BrokerId> newIsr;
        std::uint32_t removed = 0;
        for (BrokerId b : leader->isr) {
            const FollowerView* view = b == broker ? nullptr : viewOf(*leader, b);
            const bool outOfSync = b != broker && (!view || !isCaughtUp(*leader, *view));
            if (outOfSync)
                removed |= 1u << (b - 1);
            else
                newIsr.push_back(b);
        }
        if (removed == 0)
            continue;
        if (asked == 0) {
            e.partition = p;
            e.isr = brokerMask(newIsr);
            e.value = removed;
        }
        ++asked;
        sendAlterPartition(p, *leader, std::move(newIsr));
    }
    if (asked == 0)
        return std::nullopt;
    e.count = asked;
    return e;
}

std::optional<Event> Engine::handleAlterPartitionResponse(const Message& message,
                                                          const AlterPartitionResponse& response)
{
    Replica* leader = replicaOn(response.partition, message.to.id);
    if (!leader || !leader->alterInFlight)
        return std::nullopt;
    Event e;
    e.type = EventType::IsrUpdated;
    e.node = leader->broker;
    e.partition = response.partition;
    e.hwBefore = leader->hw;
    if (response.error != ErrorCode::None) {
        // Partition.handleAlterPartitionError: an ineligible replica rolls the proposal back; a
        // fenced or stale leader keeps it pending (no further ISR changes) until new metadata
        // arrives; anything else is retried at the next chance.
        e.error = response.error;
        e.isr = brokerMask(leader->isr);
        e.hwAfter = leader->hw;
        if (response.error == ErrorCode::FencedLeaderEpoch || response.error == ErrorCode::InvalidUpdateVersion ||
            response.error == ErrorCode::InvalidRequest)
            return e;
        leader->alterInFlight = false;
        leader->pendingIsr = leader->isr;
        return e;
    }
    // A stale answer (from before this broker's current leadership) changes nothing.
    if (response.leaderEpoch != leader->knownLeaderEpoch || response.partitionEpoch < leader->partitionEpoch)
        return std::nullopt;
    leader->alterInFlight = false;
    leader->isr = response.isr;
    leader->pendingIsr = response.isr;
    leader->partitionEpoch = response.partitionEpoch;
    e.isr = brokerMask(leader->isr);
    e.value = response.partitionEpoch;
    if (leader->isLeader() && maybeIncrementHw(response.partition, *leader)) {
        e.flags |= HwAdvanced;
        e.completed = completeDelayedProduces(response.partition, *leader);
        if (e.completed > 0)
            e.flags |= ProducesCompleted;
    }
    e.hwAfter = leader->hw;
    return e;
}

// ---------------------------------------------------------------------------------------------
// Controller side

std::optional<Event> Engine::handleAlterPartitionRequest(const Message& message, const AlterPartitionRequest& request)
{
    Partition& p = m_state.partitions[static_cast<std::size_t>(request.partition)];
    PartitionRegistration& reg = p.registration;
    Event e;
    e.node = controllerNodeId;
    e.peer = request.leader;
    e.partition = request.partition;

    // ReplicationControlManager.validateAlterPartitionData, in its order.
    auto validIsr = [&] {
        std::vector<BrokerId> seen;
        for (BrokerId b : request.newIsr) {
            if (!contains(reg.replicas, b) || contains(seen, b))
                return false;
            seen.push_back(b);
        }
        return contains(request.newIsr, reg.leader);
    };
    ErrorCode error = ErrorCode::None;
    if (request.leaderEpoch > reg.leaderEpoch || request.partitionEpoch > reg.partitionEpoch)
        error = ErrorCode::NotController; // The request is from the future: this controller is behind.
    else if (request.leaderEpoch < reg.leaderEpoch)
        error = ErrorCode::FencedLeaderEpoch;
    else if (request.leader != reg.leader)
        error = ErrorCode::InvalidRequest;
    else if (request.partitionEpoch < reg.partitionEpoch)
        error = ErrorCode::InvalidUpdateVersion;
    else if (!validIsr())
        error = ErrorCode::InvalidRequest;
    else {
        for (BrokerId b : request.newIsr) {
            if (!isIsrEligible(b))
                error = ErrorCode::IneligibleReplica;
        }
    }

    AlterPartitionResponse response;
    response.partition = request.partition;
    response.error = error;
    if (error == ErrorCode::None) {
        reg.isr = request.newIsr;
        ++reg.partitionEpoch;
        e.type = EventType::AlterPartitionCommitted;
    } else {
        e.type = EventType::AlterPartitionRejected;
        e.error = error;
    }
    response.isr = reg.isr;
    response.leaderEpoch = reg.leaderEpoch;
    response.partitionEpoch = reg.partitionEpoch;
    e.isr = brokerMask(reg.isr);
    e.value = reg.partitionEpoch;
    send(NodeRef::controller(), message.from, std::move(response));
    return e;
}

bool Engine::isUnfenced(BrokerId broker) const
{
    const BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(broker - 1)];
    return !reg.fenced && !reg.inControlledShutdown;
}

void Engine::armSessionTimer(BrokerId broker)
{
    BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(broker - 1)];
    const TimeMs deadline = reg.lastHeartbeatMs + m_state.config.brokerSessionTimeoutMs;
    if (reg.sessionTimerMs >= 0 && reg.sessionTimerMs <= deadline)
        return;
    reg.sessionTimerMs = deadline;
    schedule(deadline, Timer{TimerKind::SessionCheck, broker, -1});
}

void Engine::publish(std::int32_t partition, BrokerId onlyTo)
{
    const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(partition)].registration;
    for (const Broker& b : m_state.brokers) {
        if (onlyTo == noLeader || b.id == onlyTo)
            send(NodeRef::controller(), NodeRef::broker(b.id), PartitionChange{partition, false, reg});
    }
}

void Engine::changePartition(std::int32_t partition, BrokerId leader, std::vector<BrokerId> isr)
{
    PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(partition)].registration;
    if (leader == reg.leader && isr == reg.isr)
        return;
    // Every change of the leader field (to -1 too) bumps the leader epoch; every change the partition epoch.
    if (leader != reg.leader)
        ++reg.leaderEpoch;
    ++reg.partitionEpoch;
    reg.leader = leader;
    reg.isr = std::move(isr);
    publish(partition);
}

BrokerId Engine::electFromIsr(const PartitionRegistration& reg, const std::vector<BrokerId>& isr) const
{
    if (reg.leader != noLeader && contains(isr, reg.leader) && isUnfenced(reg.leader))
        return reg.leader;
    for (BrokerId b : reg.replicas) {
        if (contains(isr, b) && isUnfenced(b))
            return b;
    }
    return noLeader;
}

int Engine::removeBrokerFromPartitions(BrokerId broker, Event& event)
{
    int changed = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        Partition& partition = m_state.partitions[static_cast<std::size_t>(p)];
        const PartitionRegistration& reg = partition.registration;
        if (!contains(reg.isr, broker) && reg.leader != broker)
            continue;
        std::vector<BrokerId> isr;
        for (BrokerId b : reg.isr) {
            if (b != broker)
                isr.push_back(b);
        }
        if (isr.empty())
            isr = reg.isr; // The last ISR member stays, so it can take over cleanly when it returns.
        BrokerId leader = reg.leader;
        std::uint32_t flags = 0;
        if (leader == broker || leader == noLeader) {
            leader = electFromIsr(reg, isr);
            if (leader == broker)
                leader = noLeader;
            if (leader == noLeader && m_state.config.uncleanLeaderElectionEnable) {
                for (BrokerId b : reg.replicas) {
                    if (b != broker && isUnfenced(b) && m_state.broker(b).alive) {
                        leader = b;
                        isr = {b};
                        flags |= Unclean;
                        ++partition.uncleanElections;
                        break;
                    }
                }
            }
            if (leader == noLeader)
                flags |= Offline;
        }
        if (changed == 0) {
            event.partition = p;
            event.value = leader;
            event.flags |= flags;
            event.isr = brokerMask(isr);
        }
        changePartition(p, leader, std::move(isr));
        ++changed;
    }
    return changed;
}

int Engine::electOfflineLeaders(Event& event)
{
    int elected = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        Partition& partition = m_state.partitions[static_cast<std::size_t>(p)];
        const PartitionRegistration& reg = partition.registration;
        if (reg.leader != noLeader)
            continue;
        std::vector<BrokerId> isr = reg.isr;
        BrokerId leader = electFromIsr(reg, isr);
        std::uint32_t flags = 0;
        if (leader == noLeader && m_state.config.uncleanLeaderElectionEnable) {
            for (BrokerId b : reg.replicas) {
                if (isUnfenced(b) && m_state.broker(b).alive) {
                    leader = b;
                    isr = {b};
                    flags |= Unclean;
                    ++partition.uncleanElections;
                    break;
                }
            }
        }
        if (leader == noLeader)
            continue;
        if (elected == 0) {
            event.partition = p;
            event.value = leader;
            event.flags |= flags;
            event.isr = brokerMask(isr);
        }
        changePartition(p, leader, std::move(isr));
        ++elected;
    }
    return elected;
}

std::optional<Event> Engine::handleHeartbeat(const Message& message, const BrokerHeartbeatRequest& request)
{
    BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(request.broker - 1)];
    reg.lastHeartbeatMs = m_state.nowMs;
    armSessionTimer(request.broker);
    Event e;
    e.node = controllerNodeId;
    e.peer = request.broker;
    BrokerHeartbeatResponse response;

    if (request.wantShutdown) {
        // Controlled shutdown: move the broker's leaderships and take it out of every ISR, then let it go.
        reg.inControlledShutdown = true;
        e.type = EventType::ControlledShutdown;
        e.count = removeBrokerFromPartitions(request.broker, e);
        reg.fenced = true;
        refreshOffsetsPartitions();
        response.shouldShutdown = true;
    } else if (request.registering && message.fromIncarnation != reg.incarnation) {
        // A restarted broker registers anew, once per incarnation: the heartbeats it sends before the
        // answer arrives (a slow link) repeat the registration of the same incarnation, which
        // ClusterControlManager.registerBroker replays without touching any ISR, so they are plain
        // heartbeats here. Whatever ISRs it was in were for a log that may have lost its unflushed
        // tail, so it leaves them and rejoins by catching up (KIP-903 keeps a stale broker epoch out of
        // the ISR); then it is unfenced and learns the current metadata. Kafka 3.7 itself leaves the
        // broker in its ISRs, fenced; taking it out on a new incarnation is KIP-966's
        // ReplicationControlManager.handleBrokerUncleanShutdown, which needs ELR (metadata 4.0).
        reg.incarnation = message.fromIncarnation;
        e.type = EventType::BrokerRegistered;
        // Kafka before 0.11 (the legacy truncation mode) kept a quickly restarted broker in its ISRs.
        if (m_state.config.truncation == TruncationMode::LeaderEpoch) {
            reg.fenced = true;
            e.count = removeBrokerFromPartitions(request.broker, e);
        }
        reg.fenced = false;
        reg.inControlledShutdown = false;
        Event elected;
        e.completed = electOfflineLeaders(elected);
        if (e.count == 0 && e.completed > 0) {
            e.partition = elected.partition;
            e.value = elected.value;
            e.flags |= elected.flags;
            e.isr = elected.isr;
        }
        refreshOffsetsPartitions();
        // Then the returning broker catches up on the metadata it missed (elections included).
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p)
            publish(p, request.broker);
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.offsetsPartitions.size()); ++p)
            send(NodeRef::controller(), message.from,
                 PartitionChange{p, true, m_state.offsetsPartitions[static_cast<std::size_t>(p)]});
    } else if (reg.fenced) {
        e.type = EventType::BrokerUnfenced;
        reg.fenced = false;
        e.count = electOfflineLeaders(e);
        refreshOffsetsPartitions();
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p)
            publish(p, request.broker);
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.offsetsPartitions.size()); ++p)
            send(NodeRef::controller(), message.from,
                 PartitionChange{p, true, m_state.offsetsPartitions[static_cast<std::size_t>(p)]});
    } else {
        e.type = EventType::HeartbeatHandled;
    }
    response.fenced = reg.fenced;
    send(NodeRef::controller(), message.from, response);
    return e;
}

std::optional<Event> Engine::sessionCheck(BrokerId broker)
{
    BrokerRegistration& reg = m_state.registrations[static_cast<std::size_t>(broker - 1)];
    if (reg.sessionTimerMs != m_state.nowMs)
        return std::nullopt;
    reg.sessionTimerMs = -1;
    if (reg.fenced)
        return std::nullopt;
    if (m_state.nowMs - reg.lastHeartbeatMs < m_state.config.brokerSessionTimeoutMs) {
        armSessionTimer(broker);
        return std::nullopt;
    }
    reg.fenced = true;
    Event e;
    e.type = EventType::BrokerFenced;
    e.node = controllerNodeId;
    e.peer = broker;
    e.count = removeBrokerFromPartitions(broker, e);
    refreshOffsetsPartitions();
    return e;
}

std::optional<Event> Engine::handleHeartbeatResponse(const Message& message, const BrokerHeartbeatResponse& response)
{
    Broker& b = m_state.broker(message.to.id);
    b.registered = true;
    if (!response.shouldShutdown || !b.shuttingDown)
        return std::nullopt;
    b.alive = false;
    b.shuttingDown = false;
    Event e;
    e.type = EventType::BrokerShutDown;
    e.node = b.id;
    return e;
}

// ---------------------------------------------------------------------------------------------
// Broker lifecycle

ApplyResult Engine::brokerAction(const BrokerAction& action)
{
    if (action.broker < 1 || action.broker > static_cast<BrokerId>(m_state.brokers.size()))
        return {std::nullopt, "no broker " + std::to_string(action.broker)};
    Broker& b = m_state.broker(action.broker);
    const std::string name = "broker " + std::to_string(b.id);
    Event e;
    e.node = b.id;
    switch (action.kind) {
    case BrokerAction::Kind::Kill:
        if (!b.alive)
            return {std::nullopt, name + " is already down"};
        b.alive = false;
        b.shuttingDown = false;
        // The process is gone, so are its connections: whoever waits on a parked fetch or an acks=all
        // produce here sees the connection drop right away.
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
            Replica* r = replicaOn(p, b.id);
            if (!r)
                continue;
            for (const ParkedFetch& f : r->parkedFetches) {
                FetchResponse response;
                response.partition = p;
                response.fetchId = f.request.fetchId;
                response.error = ErrorCode::NetworkException;
                response.fetchOffset = f.request.fetchOffset;
                sendConnectionError(NodeRef::broker(b.id), fetcherNode(f.request), std::move(response));
            }
            for (const DelayedProduce& d : r->delayedProduces)
                sendConnectionError(NodeRef::broker(b.id), NodeRef::producer(d.producer),
                                    ProduceResponse{d.batch, d.attempt, p, ErrorCode::NetworkException, -1});
            r->parkedFetches.clear();
            r->delayedProduces.clear();
        }
        e.type = EventType::BrokerKilled;
        return {e, {}};
    case BrokerAction::Kind::Shutdown:
        if (!b.alive)
            return {std::nullopt, name + " is already down"};
        if (b.shuttingDown)
            return {std::nullopt, name + " is already shutting down"};
        b.shuttingDown = true;
        send(NodeRef::broker(b.id), NodeRef::controller(), BrokerHeartbeatRequest{b.id, true, !b.registered});
        e.type = EventType::ShutdownRequested;
        return {e, {}};
    case BrokerAction::Kind::Isolate:
        if (!b.alive)
            return {std::nullopt, name + " is down"};
        if (b.isolated)
            return {std::nullopt, name + " is already isolated"};
        b.isolated = true;
        e.type = EventType::BrokerIsolated;
        return {e, {}};
    case BrokerAction::Kind::Heal:
        if (!b.isolated)
            return {std::nullopt, name + " is not isolated"};
        b.isolated = false;
        e.type = EventType::BrokerHealed;
        return {e, {}};
    case BrokerAction::Kind::Restart: {
        if (b.alive)
            return {std::nullopt, name + " is running; kill or shut it down first"};
        if (action.loseUnflushed < 0)
            return {std::nullopt, "lose_unflushed must be 0 or more"};
        b.alive = true;
        b.isolated = false;
        b.shuttingDown = false;
        b.registered = false;
        ++b.incarnation;
        std::fill(b.knownLeaders.begin(), b.knownLeaders.end(), noLeader);
        std::fill(b.knownCoordinators.begin(), b.knownCoordinators.end(), noLeader);
        std::int64_t lost = 0;
        for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
            Replica* r = replicaOn(p, b.id);
            if (!r)
                continue;
            // What survives a crash: the log (less what was still only in the page cache), the epoch
            // cache and the checkpointed HW. Everything in memory is gone.
            const Offset keep = std::max(r->log.logStart, r->log.leo() - action.loseUnflushed);
            lost += r->log.leo() - keep;
            m_state.partitions[static_cast<std::size_t>(p)].unflushedLost += r->log.leo() - keep;
            truncateLog(*r, keep);
            r->knownLeader = noLeader;
            r->knownLeaderEpoch = -1;
            r->isr.clear();
            r->pendingIsr.clear();
            r->alterInFlight = false;
            r->views.clear();
            r->delayedProduces.clear();
            r->parkedFetches.clear();
            r->fetchOutstanding = false;
            ++r->fetchId;
        }
        send(NodeRef::broker(b.id), NodeRef::controller(), BrokerHeartbeatRequest{b.id, false, true});
        e.type = EventType::BrokerRestarted;
        e.count = lost;
        return {e, {}};
    }
    }
    return {std::nullopt, "unknown broker action"};
}

ApplyResult Engine::electPreferred(std::int32_t partition)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(m_state.partitions.size()))
        return {std::nullopt, "no such partition"};
    const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(partition)].registration;
    const BrokerId preferred = reg.replicas.front();
    const std::string name = m_state.partitionName(partition);
    if (reg.leader == preferred)
        return {std::nullopt, "broker " + std::to_string(preferred) + " already leads " + name};
    if (!contains(reg.isr, preferred))
        return {std::nullopt, "the preferred leader, broker " + std::to_string(preferred) + ", is not in " + name +
                                  "'s ISR"};
    if (!isUnfenced(preferred))
        return {std::nullopt, "the preferred leader, broker " + std::to_string(preferred) + ", is fenced"};
    changePartition(partition, preferred, reg.isr);
    Event e;
    e.type = EventType::LeaderElected;
    e.node = controllerNodeId;
    e.peer = preferred;
    e.partition = partition;
    e.value = m_state.partitions[static_cast<std::size_t>(partition)].registration.leaderEpoch;
    e.flags |= Preferred;
    e.isr = brokerMask(reg.isr);
    return {e, {}};
}

void Engine::becomeLeader(std::int32_t partition, Replica& r, const PartitionRegistration& reg)
{
    r.knownLeader = r.broker;
    r.knownLeaderEpoch = reg.leaderEpoch;
    r.partitionEpoch = reg.partitionEpoch;
    r.isr = reg.isr;
    r.pendingIsr = reg.isr;
    r.alterInFlight = false;
    r.fetchOutstanding = false;
    ++r.fetchId;
    // The new epoch starts at the leader's LEO; its HW is whatever it had as a follower (stale).
    r.epochStartOffset = r.log.leo();
    if (r.epochCache.empty() || r.epochCache.back().epoch < reg.leaderEpoch)
        assignEpoch(r.epochCache, reg.leaderEpoch, r.log.leo());
    r.views.clear();
    for (BrokerId b : reg.replicas) {
        if (b != r.broker)
            r.views.push_back(FollowerView{b, -1, contains(reg.isr, b) ? m_state.nowMs : 0, 0, -1});
    }
    maybeIncrementHw(partition, r);
}

void Engine::stopLeading(std::int32_t partition, Replica& r)
{
    for (const DelayedProduce& d : r.delayedProduces)
        send(NodeRef::broker(r.broker), NodeRef::producer(d.producer),
             ProduceResponse{d.batch, d.attempt, partition, ErrorCode::NotLeaderOrFollower, -1});
    r.delayedProduces.clear();
    for (const ParkedFetch& f : r.parkedFetches) {
        FetchResponse response;
        response.partition = partition;
        response.fetchId = f.request.fetchId;
        response.error = ErrorCode::NotLeaderOrFollower;
        response.fetchOffset = f.request.fetchOffset;
        send(NodeRef::broker(r.broker), fetcherNode(f.request), std::move(response));
    }
    r.parkedFetches.clear();
    r.isr.clear();
    r.pendingIsr.clear();
    r.alterInFlight = false;
    r.views.clear();
}

std::optional<Event> Engine::handlePartitionChange(const Message& message, const PartitionChange& change)
{
    Broker& broker = m_state.broker(message.to.id);
    const PartitionRegistration& reg = change.registration;
    if (change.offsets) {
        broker.knownCoordinators[static_cast<std::size_t>(change.partition)] = reg.leader;
        return std::nullopt;
    }
    broker.knownLeaders[static_cast<std::size_t>(change.partition)] = reg.leader;
    Replica* r = replicaOn(change.partition, broker.id);
    if (!r)
        return std::nullopt;
    Event e;
    e.node = broker.id;
    e.partition = change.partition;
    e.value = reg.leaderEpoch;
    e.isr = brokerMask(reg.isr);

    const bool newLeadership = reg.leaderEpoch > r->knownLeaderEpoch;
    if (!newLeadership) {
        if (reg.leaderEpoch < r->knownLeaderEpoch || reg.partitionEpoch <= r->partitionEpoch)
            return std::nullopt; // Old news.
        r->partitionEpoch = reg.partitionEpoch;
        if (!r->isLeader())
            return std::nullopt;
        // The leader learns an ISR the controller changed (a fenced follower removed, say); this also
        // settles an AlterPartition of its own that is still pending.
        r->isr = reg.isr;
        r->pendingIsr = reg.isr;
        r->alterInFlight = false;
        e.type = EventType::IsrChangedByController;
        e.hwBefore = r->hw;
        if (maybeIncrementHw(change.partition, *r)) {
            e.flags |= HwAdvanced;
            e.completed = completeDelayedProduces(change.partition, *r);
            if (e.completed > 0)
                e.flags |= ProducesCompleted;
        }
        e.hwAfter = r->hw;
        return e;
    }

    if (r->isLeader() && reg.leader != broker.id)
        stopLeading(change.partition, *r);
    r->partitionEpoch = reg.partitionEpoch;
    e.hwBefore = r->hw;
    if (reg.leader == broker.id) {
        becomeLeader(change.partition, *r, reg);
        e.type = EventType::BecameLeader;
        e.offset = r->epochStartOffset;
        e.leo = r->log.leo();
        e.hwAfter = r->hw;
        return e;
    }
    r->knownLeader = reg.leader;
    r->knownLeaderEpoch = reg.leaderEpoch;
    r->fetchOutstanding = false;
    ++r->fetchId;
    e.type = EventType::BecameFollower;
    e.peer = reg.leader;
    if (m_state.config.truncation == TruncationMode::HighWatermark) {
        // Kafka before 0.11: a follower cut its log back to its own high watermark before fetching.
        const Offset before = r->log.leo();
        truncateLog(*r, std::max(r->log.logStart, r->hw));
        e.count = before - r->log.leo();
        e.flags |= Legacy;
        if (e.count > 0)
            ++m_state.partitions[static_cast<std::size_t>(change.partition)].legacyTruncations;
    }
    e.leo = r->log.leo();
    e.hwAfter = r->hw;
    if (m_state.config.autoFetch && reg.leader != noLeader && broker.alive)
        sendFetch(change.partition, *r, 0);
    return e;
}

// ---------------------------------------------------------------------------------------------
// Producer retries and metadata

std::optional<Event> Engine::producerTick(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (producer.ratePerSecond <= 0)
        return std::nullopt;
    schedule(m_state.nowMs + std::max<TimeMs>(1, 1000 / producer.ratePerSecond),
             Timer{TimerKind::ProducerTick, producerIndex, -1});
    ProduceAction action;
    action.producer = producerIndex;
    action.topic = producer.rateTopic;
    if (!producer.keys.empty())
        action.key = producer.keys[static_cast<std::size_t>(producer.ticks % static_cast<std::int64_t>(producer.keys.size()))];
    action.values.push_back(producer.id + "-" + std::to_string(producer.ticks));
    ++producer.ticks;
    return produce(action).event;
}

bool Engine::isRetriable(ErrorCode error) const
{
    switch (error) {
    case ErrorCode::NotEnoughReplicas:
    case ErrorCode::NotEnoughReplicasAfterAppend:
    case ErrorCode::RequestTimedOut:
    case ErrorCode::NotLeaderOrFollower:
    case ErrorCode::LeaderNotAvailable:
    case ErrorCode::NetworkException:
        return true;
    default:
        return false;
    }
}

void Engine::sendBatch(std::int32_t producerIndex, std::int64_t batchIndex, ProducerBatch& batch)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    const BrokerId leader = producer.leaders[static_cast<std::size_t>(batch.partition)];
    if (leader == noLeader) {
        // No known leader: wait for fresher metadata and try again after the backoff.
        batch.status = SendStatus::Pending;
        batch.error = ErrorCode::LeaderNotAvailable;
        batch.retryAtMs = m_state.nowMs + std::max<TimeMs>(1, m_state.config.retryBackoffMs);
        requestMetadata(producerIndex);
        armProducerTimer(producerIndex, batch.retryAtMs);
        return;
    }
    ++batch.attempt;
    batch.retryAtMs = -1;
    // acks=0 completes as soon as the request is written: the producer never hears back.
    if (batch.acks == Acks::None) {
        batch.status = SendStatus::Acked;
        batch.requestDeadlineMs = -1;
    } else {
        batch.status = SendStatus::InFlight;
        // delivery.timeout.ms bounds the whole send, the attempt in flight included.
        batch.requestDeadlineMs = std::min(m_state.nowMs + m_state.config.requestTimeoutMs,
                                           std::max(m_state.nowMs + 1, batch.createdMs + m_state.config.deliveryTimeoutMs));
        armProducerTimer(producerIndex, batch.requestDeadlineMs);
    }
    send(NodeRef::producer(producerIndex), NodeRef::broker(leader),
         ProduceRequest{producerIndex, batchIndex, batch.attempt, batch.partition, batch.acks,
                        m_state.config.requestTimeoutMs});
}

void Engine::requestMetadata(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (producer.metadataInFlight)
        return;
    producer.metadataInFlight = true;
    producer.metadataDeadlineMs = m_state.nowMs + m_state.config.requestTimeoutMs;
    armProducerTimer(producerIndex, producer.metadataDeadlineMs);
    const auto brokerCount = static_cast<std::int32_t>(m_state.brokers.size());
    const BrokerId target = producer.metadataBroker % brokerCount + 1;
    producer.metadataBroker = (producer.metadataBroker + 1) % brokerCount;
    send(NodeRef::producer(producerIndex), NodeRef::broker(target), MetadataRequest{producerIndex});
}

std::optional<Event> Engine::handleMetadataRequest(const Message& message, const MetadataRequest&)
{
    const Broker& b = m_state.broker(message.to.id);
    send(message.to, message.from, MetadataResponse{ErrorCode::None, b.knownLeaders});
    return std::nullopt; // Answering changes nothing on the broker.
}

std::optional<Event> Engine::handleMetadataResponse(const Message& message, const MetadataResponse& response)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(message.to.id)];
    if (!producer.metadataInFlight)
        return std::nullopt; // An answer to a request the producer already gave up on.
    producer.metadataInFlight = false;
    producer.metadataDeadlineMs = -1;
    Event e;
    e.type = EventType::MetadataUpdated;
    e.node = message.to.id;
    e.peer = message.from.id;
    e.error = response.error;
    if (response.error != ErrorCode::None) {
        // Like NetworkClient.leastLoadedNode, move on to another broker at once, once round them all.
        if (++producer.metadataFailures < static_cast<std::int32_t>(m_state.brokers.size()))
            requestMetadata(message.to.id);
        else
            producer.metadataFailures = 0;
        return e;
    }
    producer.metadataFailures = 0;
    for (std::size_t p = 0; p < response.leaders.size() && p < producer.leaders.size(); ++p) {
        if (producer.leaders[p] != response.leaders[p]) {
            if (e.count == 0) {
                e.partition = static_cast<std::int32_t>(p);
                e.value = response.leaders[p];
            }
            ++e.count;
            producer.leaders[p] = response.leaders[p];
        }
    }
    return e;
}

void Engine::armProducerTimer(std::int32_t producerIndex, TimeMs atMs)
{
    armEarliest(m_state.producers[static_cast<std::size_t>(producerIndex)].timerMs, atMs,
        Timer{TimerKind::ProducerTimer, producerIndex, -1});
}

void Engine::armEarliest(TimeMs& armedMs, TimeMs atMs, const Timer& timer)
{
    if (armedMs >= 0 && armedMs <= atMs)
        return;
    armedMs = atMs;
    schedule(atMs, timer);
}

void Engine::rearmProducerTimer(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    while (producer.firstOpenBatch < static_cast<std::int64_t>(producer.batches.size())) {
        const SendStatus status = producer.batches[static_cast<std::size_t>(producer.firstOpenBatch)].status;
        if (status != SendStatus::Acked && status != SendStatus::Failed)
            break;
        ++producer.firstOpenBatch;
    }
    TimeMs earliest = -1;
    producer.batches.forEach(static_cast<std::size_t>(producer.firstOpenBatch), producer.batches.size(),
                             [&](std::size_t, const ProducerBatch& batch) {
                                 // A waiting batch expires at delivery.timeout.ms even if its retry is later.
                                 const TimeMs expiry = batch.createdMs + m_state.config.deliveryTimeoutMs;
                                 const TimeMs due = batch.status == SendStatus::Pending
                                                        ? std::min(batch.retryAtMs, expiry)
                                                    : batch.status == SendStatus::InFlight ? batch.requestDeadlineMs
                                                                                           : -1;
                                 if (due >= 0 && (earliest < 0 || due < earliest))
                                     earliest = due;
                             });
    if (producer.metadataInFlight && producer.metadataDeadlineMs >= 0 &&
        (earliest < 0 || producer.metadataDeadlineMs < earliest))
        earliest = producer.metadataDeadlineMs;
    if (earliest >= 0)
        armProducerTimer(producerIndex, std::max(earliest, m_state.nowMs));
}

std::optional<Event> Engine::producerTimer(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (producer.timerMs != m_state.nowMs)
        return std::nullopt;
    producer.timerMs = -1;
    if (producer.metadataInFlight && producer.metadataDeadlineMs >= 0 && producer.metadataDeadlineMs <= m_state.nowMs) {
        // The broker asked for metadata never answered (it is cut off): ask the next one.
        producer.metadataInFlight = false;
        producer.metadataDeadlineMs = -1;
        requestMetadata(producerIndex);
        rearmProducerTimer(producerIndex);
        Event e;
        e.type = EventType::MetadataUpdated;
        e.node = producerIndex;
        e.error = ErrorCode::RequestTimedOut;
        return e;
    }
    // Handle one due batch per frame; the timer is re-armed for the rest.
    std::int64_t due = -1;
    producer.batches.forEach(static_cast<std::size_t>(producer.firstOpenBatch), producer.batches.size(),
                             [&](std::size_t i, const ProducerBatch& batch) {
                                 if (due >= 0)
                                     return;
                                 const TimeMs expiry = batch.createdMs + m_state.config.deliveryTimeoutMs;
                                 if ((batch.status == SendStatus::Pending && batch.retryAtMs >= 0 &&
                                      std::min(batch.retryAtMs, expiry) <= m_state.nowMs) ||
                                     (batch.status == SendStatus::InFlight && batch.requestDeadlineMs >= 0 &&
                                      batch.requestDeadlineMs <= m_state.nowMs))
                                     due = static_cast<std::int64_t>(i);
                             });
    if (due < 0) {
        rearmProducerTimer(producerIndex);
        return std::nullopt;
    }
    ProducerBatch& batch = producer.batches.mutableAt(static_cast<std::size_t>(due));
    Event e;
    e.node = producerIndex;
    e.partition = batch.partition;
    e.count = batch.count;
    e.value = due;
    if (batch.status == SendStatus::InFlight) {
        // The client's own request.timeout.ms: no answer came. The client drops the connection, which
        // also asks for fresh metadata, and retries like any retriable error.
        requestMetadata(producerIndex);
        ProduceResponse timeout{due, batch.attempt, batch.partition, ErrorCode::RequestTimedOut, -1};
        Message fake{NodeRef::broker(producer.leaders[static_cast<std::size_t>(batch.partition)]),
                     NodeRef::producer(producerIndex), m_state.nowMs, timeout};
        return handleProduceResponse(fake, timeout);
    }
    if (m_state.nowMs - batch.createdMs >= m_state.config.deliveryTimeoutMs) {
        batch.status = SendStatus::Failed;
        batch.error = ErrorCode::DeliveryTimeout;
        e.type = EventType::ProduceFailed;
        e.error = batch.error;
        e.attempt = batch.attempt;
        rearmProducerTimer(producerIndex);
        return e;
    }
    sendBatch(producerIndex, due, batch);
    e.type = EventType::ProduceSent;
    e.attempt = batch.attempt;
    e.peer = batch.status == SendStatus::Pending ? -1 : producer.leaders[static_cast<std::size_t>(batch.partition)];
    if (batch.status == SendStatus::Pending)
        e.error = ErrorCode::LeaderNotAvailable;
    rearmProducerTimer(producerIndex);
    return e;
}

} // namespace hw
