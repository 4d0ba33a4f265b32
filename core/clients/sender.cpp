// SPDX-License-Identifier: MIT
#include "clients/sender.h"

#include "clients/partitioner.h"
#include "model/limits.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hw {

namespace {

// Rough serialized size of a record, for the sticky partitioner's batch.size accounting: key and
// value bytes plus the fixed part of a DefaultRecord (attributes, varint deltas and lengths).
std::int64_t recordBytes(const std::optional<std::string>& key, const std::string& value)
{
    return 16 + static_cast<std::int64_t>(value.size()) + (key ? static_cast<std::int64_t>(key->size()) : 0);
}

} // namespace

ApplyResult Sender::produce(const ProduceAction& action)
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

    Event e = Event::at(EventType::ProduceSent, action.producer, -1, partition);
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

std::optional<Event> Sender::handleProduceResponse(const Message& message, const ProduceResponse& response)
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

std::optional<Event> Sender::producerTick(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (producer.ratePerSecond <= 0)
        return std::nullopt;
    m_net.schedule(m_state.nowMs + std::max<TimeMs>(1, 1000 / producer.ratePerSecond),
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

bool Sender::isRetriable(ErrorCode error) const
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

void Sender::sendBatch(std::int32_t producerIndex, std::int64_t batchIndex, ProducerBatch& batch)
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
    m_net.send(NodeRef::producer(producerIndex), NodeRef::broker(leader),
         ProduceRequest{producerIndex, batchIndex, batch.attempt, batch.partition, batch.acks,
                        m_state.config.requestTimeoutMs});
}

void Sender::requestMetadata(std::int32_t producerIndex)
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
    m_net.send(NodeRef::producer(producerIndex), NodeRef::broker(target), MetadataRequest{producerIndex});
}

std::optional<Event> Sender::handleMetadataResponse(const Message& message, const MetadataResponse& response)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(message.to.id)];
    if (!producer.metadataInFlight)
        return std::nullopt; // An answer to a request the producer already gave up on.
    producer.metadataInFlight = false;
    producer.metadataDeadlineMs = -1;
    Event e = Event::at(EventType::MetadataUpdated, message.to.id, message.from.id);
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

void Sender::armProducerTimer(std::int32_t producerIndex, TimeMs atMs)
{
    m_net.armEarliest(m_state.producers[static_cast<std::size_t>(producerIndex)].timerMs, atMs,
        Timer{TimerKind::ProducerTimer, producerIndex, -1});
}

void Sender::rearmProducerTimer(std::int32_t producerIndex)
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

std::optional<Event> Sender::producerTimer(std::int32_t producerIndex)
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
        Event e = Event::at(EventType::MetadataUpdated, producerIndex);
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
