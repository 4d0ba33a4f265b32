// SPDX-License-Identifier: MIT
#include "broker/replica_manager.h"

#include "broker/log_segments.h"
#include "broker/payload_store.h"
#include "broker/replica.h"
#include "log/leader_epoch_cache.h"
#include "log/producer_state.h"

#include <algorithm>

namespace hw {

ReplicaManager::ReplicaManager(ClusterState& state, Network& net, PartitionLeader& partition, DelayedOperations& delayed, ReplicaFetcher& fetcher)
    : Component(state, net), m_partition(partition), m_delayed(delayed), m_fetcher(fetcher)
{
}

std::optional<Event> ReplicaManager::handleProduceRequest(const Message& message, const ProduceRequest& request)
{
    const BrokerId self = message.to.id;
    Replica* leader = replicaOn(m_state, request.partition, self);
    Event e;
    e.node = self;
    e.peer = request.producer;
    e.partition = request.partition;
    const bool live = message.from.kind == NodeKind::LiveClient;
    // A live client's batch numbers mean nothing to a reader: its event carries the producer id.
    e.value = live ? request.producerId : request.batch;
    if (live)
        e.flags |= FromLiveClient;

    auto reject = [&](ErrorCode error) {
        e.type = EventType::ProduceRejected;
        e.error = error;
        if (request.acks != Acks::None)
            m_net.send(NodeRef::broker(self), message.from,
                 ProduceResponse{request.batch, request.attempt, request.partition, error, -1});
        return e;
    };

    // ReplicaManager.getPartitionOrError: a partition the broker's metadata lacks (created at run time,
    // not learned yet) is UNKNOWN_TOPIC_OR_PARTITION; one it knows but does not lead, NOT_LEADER_OR_FOLLOWER.
    if (!brokerKnowsPartition(m_state, self, request.partition))
        return reject(ErrorCode::UnknownTopicOrPartition);
    if (!leader || !leader->isLeader())
        return reject(ErrorCode::NotLeaderOrFollower);
    const Partition& p = m_state.partitions[static_cast<std::size_t>(request.partition)];
    const auto replicationFactor = static_cast<std::int64_t>(p.registration.replicas.size());
    if (request.acks == Acks::All &&
        static_cast<std::int64_t>(leader->isr.size()) < std::min(m_state.config.minInsyncReplicas, replicationFactor))
        return reject(ErrorCode::NotEnoughReplicas);

    Offset baseOffset = leader->log.leo();
    bool duplicate = false;
    if (request.producerId >= 0) {
        // UnifiedLog.analyzeAndValidateProducerState (origin CLIENT): a batch the producer table holds
        // is answered with its first offset and not appended; an out-of-order sequence or an older epoch
        // is refused (ProducerAppendInfo.checkSequence, checkProducerEpoch).
        const std::int32_t lastSeq = incrementSequence(request.baseSequence, request.count - 1);
        const SequenceVerdict verdict =
            checkBatch(leader->producerStates, request.producerId, request.producerEpoch, request.baseSequence, lastSeq);
        switch (verdict.check) {
        case SequenceCheck::OutOfOrderSequence:
            e.count = request.count;
            e.detail = request.baseSequence;
            e.offset = verdict.expectedSeq;
            return reject(ErrorCode::OutOfOrderSequenceNumber);
        case SequenceCheck::InvalidProducerEpoch:
            e.count = request.count;
            e.detail = request.baseSequence;
            return reject(ErrorCode::InvalidProducerEpoch);
        case SequenceCheck::Duplicate:
            duplicate = true;
            baseOffset = verdict.duplicate.firstOffset;
            break;
        case SequenceCheck::Append:
            leader->log.records.appendGenerated(static_cast<std::size_t>(request.count), [&](std::size_t n) {
                const auto i = static_cast<std::int32_t>(n);
                return Record{leader->knownLeaderEpoch, request.firstPayload + i, incrementSequence(request.baseSequence, i),
                              request.producerEpoch, i + 1 == request.count};
            });
            recordBatch(leader->producerStates, request.producerId, request.producerEpoch,
                        BatchMetadata{request.baseSequence, lastSeq, baseOffset, baseOffset + request.count - 1});
            break;
        }
    } else {
        leader->log.records.appendGenerated(static_cast<std::size_t>(request.count), [&](std::size_t n) {
            return Record{leader->knownLeaderEpoch, request.firstPayload + static_cast<std::int32_t>(n)};
        });
    }

    if (!duplicate)
        segmentsAppended(m_state, leader->log, m_state.topics[static_cast<std::size_t>(p.topic)].config, baseOffset);

    e.type = duplicate ? EventType::DuplicateBatch : EventType::ProduceAppended;
    e.offset = baseOffset;
    e.count = request.count;
    e.detail = request.baseSequence;
    e.hwBefore = leader->hw;
    if (!duplicate) {
        m_partition.advanceHighWatermark(request.partition, *leader, e);
        if (m_delayed.completeParkedFetches(request.partition, *leader) > 0)
            e.flags |= FetchesCompleted;
    }
    e.hwAfter = leader->hw;
    e.leo = leader->log.leo();

    // A duplicate is answered like the original append: with acks=all once the HW covers it
    // (ReplicaManager.appendRecords waits for the batch's last offset + 1 either way).
    const Offset required = baseOffset + request.count;
    ProduceResponse answer{request.batch, request.attempt, request.partition, ErrorCode::None, baseOffset, duplicate};
    switch (request.acks) {
    case Acks::None:
        break;
    case Acks::Leader:
        m_net.send(NodeRef::broker(self), message.from, answer);
        break;
    case Acks::All:
        if (leader->hw >= required) {
            m_net.send(NodeRef::broker(self), message.from, answer);
        } else {
            const TimeMs deadline = m_state.nowMs + request.timeoutMs;
            leader->delayedProduces.push_back(
                DelayedProduce{request.producer, request.batch, request.attempt, baseOffset, required, deadline, duplicate, live});
            m_delayed.armPurgatoryTimer(TimerKind::ProduceTimeout, request.partition, *leader, deadline);
        }
        break;
    }
    return e;
}

std::optional<Event> ReplicaManager::handleFetchRequest(const Message& message, const FetchRequest& request)
{
    const BrokerId self = message.to.id;
    Replica* leader = replicaOn(m_state, request.partition, self);
    Event e;
    e.node = self;
    e.peer = request.replica;
    e.partition = request.partition;
    e.offset = request.fetchOffset;

    auto fail = [&](ErrorCode error) {
        FetchResponse response = fetchAnswer(request, error);
        if (error == ErrorCode::OffsetOutOfRange && leader) {
            response.divergingEndOffset = leader->log.leo(); // the legacy follower truncates to it
            // A follower below the log start starts again there (AbstractFetcherThread.fetchOffsetAndTruncate
            // asks the leader for its earliest offset; the model's answer carries it).
            response.logStart = leader->log.logStart;
        }
        m_net.send(NodeRef::broker(self), message.from, std::move(response));
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
            FetchResponse response = fetchAnswer(request);
            response.hw = leader->hw;
            response.leaderEpoch = leader->knownLeaderEpoch;
            response.divergingEpoch = epoch;
            response.divergingEndOffset = endOffset;
            m_net.send(NodeRef::broker(self), message.from, std::move(response));
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
    if (m_partition.maybeExpandIsr(request.partition, *leader, *view))
        e.flags |= IsrExpandRequested;
    if (previousLeo != f)
        m_partition.advanceHighWatermark(request.partition, *leader, e);
    e.hwAfter = leader->hw;

    const std::int64_t available = std::min<std::int64_t>(leaderLeo - f, request.maxRecords);
    if (available == 0 && m_state.config.replicaFetchWaitMaxMs > 0) {
        const TimeMs deadline = m_state.nowMs + m_state.config.replicaFetchWaitMaxMs;
        leader->parkedFetches.push_back(ParkedFetch{request, deadline});
        m_delayed.armPurgatoryTimer(TimerKind::FetchWaitExpired, request.partition, *leader, deadline);
        e.flags |= Parked;
        e.count = 0;
        return e;
    }
    // The response carries the high watermark as read, before this fetch moved it.
    m_delayed.respondToFetch(request.partition, *leader, request, hwAtRead);
    e.count = available;
    e.value = hwAtRead;
    return e;
}

std::optional<Event> ReplicaManager::handlePartitionChange(const Message& message, const PartitionChange& change)
{
    Broker& broker = m_state.broker(message.to.id);
    const PartitionRegistration& reg = change.registration;
    broker.metadataOffset = std::max(broker.metadataOffset, change.metadataOffset);
    if (change.offsets) {
        broker.knownCoordinators[static_cast<std::size_t>(change.partition)] = reg.leader;
        return std::nullopt;
    }
    // A partition created at run time: the broker's image grows to take it (its TopicRecord and
    // PartitionRecords, which arrive in metadata log order).
    if (static_cast<std::size_t>(change.partition) >= broker.knownLeaders.size()) {
        broker.knownLeaders.resize(static_cast<std::size_t>(change.partition) + 1, noLeader);
        broker.knownLeaderEpochs.resize(static_cast<std::size_t>(change.partition) + 1, -1);
    }
    broker.knownLeaders[static_cast<std::size_t>(change.partition)] = reg.leader;
    broker.knownLeaderEpochs[static_cast<std::size_t>(change.partition)] = reg.leaderEpoch;
    Replica* r = replicaOn(m_state, change.partition, broker.id);
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
        m_partition.advanceHighWatermark(change.partition, *r, e);
        e.hwAfter = r->hw;
        return e;
    }

    if (r->isLeader() && reg.leader != broker.id)
        m_partition.stopLeading(change.partition, *r);
    r->partitionEpoch = reg.partitionEpoch;
    e.hwBefore = r->hw;
    if (reg.leader == broker.id) {
        m_partition.becomeLeader(change.partition, *r, reg);
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
        truncateLog(m_state, *r, std::max(r->log.logStart, r->hw), TruncationReason::HighWatermark);
        e.count = before - r->log.leo();
        e.flags |= Legacy;
        if (e.count > 0)
            ++m_state.partitions[static_cast<std::size_t>(change.partition)].legacyTruncations;
    }
    e.leo = r->log.leo();
    e.hwAfter = r->hw;
    if (m_state.config.autoFetch && reg.leader != noLeader && broker.alive)
        m_fetcher.sendFetch(change.partition, *r, 0);
    return e;
}

std::optional<Event> ReplicaManager::handleMetadataRequest(const Message& message, const MetadataRequest& request)
{
    const Broker& b = m_state.broker(message.to.id);
    MetadataResponse response{ErrorCode::None, b.knownLeaders, {}, {}, b.knownLeaderEpochs};
    if (message.from.kind == NodeKind::LiveClient) {
        // KafkaApis.handleTopicMetadataRequest answers from the broker's metadata cache: the brokers
        // that are registered and not fenced (KRaftMetadataCache.getAliveBrokerNodes) and each
        // partition's leader, epoch, replicas and ISR. The leader is the one this broker knows; the
        // replicas and ISR are read from the controller's registration, as the model's brokers read
        // fencing (they learn the ISR with every PartitionChange). Only the partitions it has learned.
        for (const Broker& broker : m_state.brokers) {
            if (!m_state.registrations[static_cast<std::size_t>(broker.id - 1)].fenced)
                response.brokers.push_back(broker.id);
        }
        response.partitions.reserve(b.knownLeaders.size());
        for (std::size_t p = 0; p < b.knownLeaders.size(); ++p) {
            const PartitionRegistration& reg = m_state.partitions[p].registration;
            response.partitions.push_back(PartitionMetadata{b.knownLeaders[p], reg.leaderEpoch, reg.replicas, reg.isr});
        }
        // KafkaApis.getTopicMetadata (core/.../server/KafkaApis.scala; read on trunk and at 3.9): the named
        // topics the cache lacks go to AutoTopicCreationManager.createTopics when the request allows it and
        // auto.create.topics.enable is on. It asks the controller to create the legal names with the defaults
        // (-1 partitions, -1 replication factor: num.partitions and default.replication.factor;
        // server/.../DefaultAutoTopicCreationManager.java creatableTopic and sendCreateTopicRequest on trunk, as
        // 3.x's AutoTopicCreationManager.scala in KRaft) and answers UNKNOWN_TOPIC_OR_PARTITION for them at once;
        // the client asks again until the broker has learned the topic (the live server writes those errors:
        // live/kafka_apis.cpp).
        if (m_state.config.autoCreateTopicsEnable && !request.autoCreate.empty()) {
            CreateTopicsRequest create;
            create.autoCreate = true;
            for (const std::string& name : request.autoCreate) {
                const bool listed = std::any_of(create.topics.begin(), create.topics.end(),
                                                [&](const CreatableTopic& t) { return t.name == name; });
                if (!listed && !brokerKnowsTopic(m_state, b.id, name) && topicNameError(name).empty())
                    create.topics.push_back(CreatableTopic{name, -1, -1, {}, {}});
            }
            if (!create.topics.empty())
                m_net.send(message.to, NodeRef::controller(), std::move(create));
        }
    }
    m_net.send(message.to, message.from, std::move(response));
    return std::nullopt; // Answering changes nothing on the broker.
}

std::optional<Event> ReplicaManager::forwardCreateTopics(const Message& message, const CreateTopicsRequest& request)
{
    CreateTopicsRequest forwarded = request;
    forwarded.client = message.from.id;
    m_net.send(message.to, NodeRef::controller(), std::move(forwarded));
    return std::nullopt;
}

std::optional<Event> ReplicaManager::relayCreateTopicsResponse(const Message& message,
                                                               const CreateTopicsResponse& response)
{
    if (response.client >= 0)
        m_net.send(message.to, NodeRef::liveClient(response.client), response);
    return std::nullopt;
}

std::optional<Event> ReplicaManager::handleListOffsetsRequest(const Message& message, const ListOffsetsRequest& request)
{
    Replica* leader = replicaOn(m_state, request.partition, message.to.id);
    ListOffsetsResponse response;
    response.partition = request.partition;
    if (!brokerKnowsPartition(m_state, message.to.id, request.partition)) {
        response.error = ErrorCode::UnknownTopicOrPartition; // as for a produce (getPartitionOrError)
    } else if (!leader || !leader->isLeader()) {
        response.error = ErrorCode::NotLeaderOrFollower;
    } else if (request.timestampMs >= 0) {
        // UnifiedLog.fetchOffsetByTimestamp: the first record at or after the timestamp, among those a
        // read_uncommitted consumer may read (below the HW); none: offset -1.
        response.leaderEpoch = leader->knownLeaderEpoch;
        for (Offset o = leader->log.logStart; o < leader->hw; ++o) {
            const Payload& payload = m_state.payloads[static_cast<std::size_t>(leader->log.at(o).payload)];
            const LiveRecordInfo* live = liveRecordOf(m_state, payload);
            const TimeMs timestampMs = live ? live->timestampMs : -1; // simulated records carry none
            if (timestampMs >= request.timestampMs) {
                response.offset = o;
                response.timestampMs = timestampMs;
                response.leaderEpoch = leader->log.at(o).epoch;
                break;
            }
        }
    } else {
        response.offset = request.earliest ? leader->log.logStart : leader->hw;
        response.leaderEpoch = leader->knownLeaderEpoch;
    }
    m_net.send(message.to, message.from, response);
    return std::nullopt;
}

std::optional<Event> ReplicaManager::handleConsumerFetch(const Message& message, const FetchRequest& request)
{
    const BrokerId self = message.to.id;
    Replica* leader = replicaOn(m_state, request.partition, self);
    const bool live = request.liveClient >= 0;
    Event e = Event::at(EventType::ConsumerFetchHandled, self, live ? request.liveClient : request.consumer,
                        request.partition);
    if (live)
        e.flags |= FromLiveClient;
    e.offset = request.fetchOffset;
    auto fail = [&](ErrorCode error) {
        FetchResponse response = fetchAnswer(request, error);
        if (leader)
            response.logStart = leader->log.logStart;
        m_net.send(NodeRef::broker(self), message.from, std::move(response));
        e.error = error;
        return e;
    };
    if (!brokerKnowsPartition(m_state, self, request.partition))
        return fail(ErrorCode::UnknownTopicOrPartition); // as for a produce (getPartitionOrError)
    if (!leader || !leader->isLeader())
        return fail(ErrorCode::NotLeaderOrFollower);
    if (request.fetchOffset > leader->log.leo() || request.fetchOffset < leader->log.logStart)
        return fail(ErrorCode::OffsetOutOfRange);
    e.hwBefore = leader->hw;
    // read_uncommitted: a consumer reads below the high watermark only. An offset in (HW, LEO] is
    // valid but has nothing readable yet, so the fetch waits like an empty one.
    const std::int64_t available = std::max<std::int64_t>(0, std::min<std::int64_t>(leader->hw - request.fetchOffset,
                                                                                      request.maxRecords));
    // A live client's own max_wait_ms bounds its long poll (DelayedFetch); a simulated consumer's is
    // the cluster's fetch.max.wait.ms.
    const TimeMs maxWaitMs = live ? request.maxWaitMs : m_state.config.fetchMaxWaitMs;
    if (available == 0 && maxWaitMs > 0) {
        const TimeMs deadline = m_state.nowMs + maxWaitMs;
        leader->parkedFetches.push_back(ParkedFetch{request, deadline});
        m_delayed.armPurgatoryTimer(TimerKind::FetchWaitExpired, request.partition, *leader, deadline);
        e.flags |= Parked;
        // Worth a frame only when records exist that the HW still hides; a consumer that is simply
        // caught up waits quietly.
        if (request.fetchOffset >= leader->log.leo())
            return std::nullopt;
        return e;
    }
    m_delayed.respondToFetch(request.partition, *leader, request, leader->hw);
    e.count = available;
    return e;
}

void ReplicaManager::startRetentionChecks()
{
    for (const Broker& b : m_state.brokers)
        m_net.schedule(m_state.nowMs + logInitialTaskDelayMs, Timer{TimerKind::LogRetention, b.id, -1});
}

std::optional<Event> ReplicaManager::retentionCheck(BrokerId broker)
{
    m_net.schedule(m_state.nowMs + m_state.config.logRetentionCheckIntervalMs, Timer{TimerKind::LogRetention, broker, -1});
    if (!m_state.broker(broker).alive)
        return std::nullopt;
    Event e = Event::at(EventType::SegmentsDeleted, broker);
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        Replica* r = replicaOn(m_state, p, broker);
        if (!r)
            continue;
        const TopicConfig& config = m_state.topics[static_cast<std::size_t>(m_state.partitions[static_cast<std::size_t>(p)].topic)].config;
        const RetentionResult deleted = deleteOldSegments(m_state, *r, config);
        if (deleted.segments == 0)
            continue;
        if (e.partition < 0) {
            e.partition = p;
            e.offset = r->log.logStart;
            e.hwAfter = r->hw;
            e.leo = r->log.leo();
            e.detail = static_cast<std::int32_t>(deleted.reason);
        }
        e.count += deleted.segments;
        ++e.value;
    }
    // What the deleted segments (and any truncation since the last check) held and nothing else
    // holds goes from the payload store: deleting a segment file is what frees Kafka's record bytes.
    releaseUnheldPayloads(m_state);
    if (e.count == 0)
        return std::nullopt;
    return e;
}

} // namespace hw
