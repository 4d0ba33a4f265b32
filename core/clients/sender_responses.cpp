// SPDX-License-Identifier: MIT
// The Sender's requests in flight and their answers (Sender.handleProduceResponse, completeBatch,
// canRetry): an acknowledged batch, a retry with a doubling backoff while retries and
// delivery.timeout.ms allow, a batch that fails for good; and the producer's metadata, asked of the
// least loaded broker after a leader error and kept per partition.
#include "clients/sender.h"

#include "clients/producer_config.h"
#include "clients/record_accumulator.h"

#include <algorithm>

namespace hw {

namespace {

std::int32_t lastSequence(const ProducerBatch& batch)
{
    return batch.baseSequence + batch.count - 1;
}

} // namespace

std::optional<Event> Sender::handleProduceResponse(const Message& message, const ProduceResponse& response)
{
    const std::int32_t producerIndex = message.to.id;
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    const ProducerBatch& current = producer.batches[static_cast<std::size_t>(response.batch)];
    if (current.status != SendStatus::InFlight || current.attempt != response.attempt)
        return std::nullopt; // An answer to an attempt the producer already gave up on.
    const ProducerBatch before = current;
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
    if (message.from.kind == NodeKind::Broker) {
        // An answer came over a connection that works; an error from the network means it was lost
        // (a reset or a refused port): the request counts as an attempt, and the Sender reconnects.
        if (!message.connectionError)
            markConnectionReady(producer, message.from.id);
        else
            connectionLost(producerIndex, message.from.id);
    }
    if (response.error == ErrorCode::None) {
        batch.status = SendStatus::Acked;
        batch.baseOffset = response.baseOffset;
        batch.error = ErrorCode::None;
        batch.duplicate = response.duplicate;
        e.type = EventType::ProduceAcked;
        e.offset = response.baseOffset;
        if (response.duplicate)
            e.flags |= Duplicate;
        if (batch.idempotent && batch.baseSequence >= 0) {
            // TransactionManager.handleCompletedBatch: the last acknowledged sequence moves on.
            PartitionSequence& seq = producer.sequences[static_cast<std::size_t>(batch.partition)];
            if (seq.producerEpoch == batch.producerEpoch)
                seq.lastAckedSequence = std::max(seq.lastAckedSequence, lastSequence(batch));
        }
    } else {
        // NOT_ENOUGH_REPLICAS_AFTER_APPEND reports an error although the records are committed; it is
        // retriable, so a producer without idempotence writes them again.
        e.type = EventType::ProduceFailed;
        batch.error = response.error;
        const TimeMs deliveryTimeout = producerDeliveryTimeoutMs(producer.settings, m_state.config);
        const bool expired = m_state.nowMs - batch.createdMs >= deliveryTimeout;
        bool retriable = isRetriable(response.error);
        if (batch.idempotent && response.error == ErrorCode::OutOfOrderSequenceNumber) {
            // TransactionManager.canRetry: a batch that is not the next after the last acknowledged
            // sequence waits for the ones before it; the next one itself means a real gap (the log
            // lost acknowledged records): bump the epoch and start the sequences again.
            const PartitionSequence& seq = producer.sequences[static_cast<std::size_t>(batch.partition)];
            const bool isNext = seq.producerEpoch == batch.producerEpoch && batch.baseSequence == seq.lastAckedSequence + 1;
            if (isNext)
                requestEpochBump(producerIndex, batch.partition);
            retriable = true;
        }
        if (retriable && batch.attempt <= producerRetries(producer.settings, m_state.config) && !expired) {
            batch.status = SendStatus::Pending;
            const int doublings = std::min(batch.attempt - 1, 20);
            batch.retryAtMs = m_state.nowMs + std::min(m_state.config.retryBackoffMs << doublings,
                                                       std::max(m_state.config.retryBackoffMs,
                                                                m_state.config.retryBackoffMaxMs));
            e.flags |= Retrying;
            e.offset = -1;
            if (response.error == ErrorCode::NotLeaderOrFollower || response.error == ErrorCode::NetworkException ||
                response.error == ErrorCode::LeaderNotAvailable || response.error == ErrorCode::UnknownTopicOrPartition)
                requestMetadata(producerIndex);
        } else {
            failBatch(producerIndex, batch, expired ? ErrorCode::DeliveryTimeout : response.error);
            e.error = batch.error;
        }
    }
    requeueBatch(producer.queues, producer.batches, response.batch, before);
    if (bumpEpochIfRequired(producerIndex))
        e.flags |= EpochBumped;
    rearmProducerTimer(producerIndex);
    return e;
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
    case ErrorCode::UnknownTopicOrPartition: // UnknownTopicOrPartitionException is an InvalidMetadataException
        return true;
    default:
        return false;
    }
}

BrokerId Sender::leastLoadedBroker(std::int32_t producerIndex, std::int32_t& cursor) const
{
    // NetworkClient.leastLoadedNode, round robin here: a broker whose connection the producer closed
    // after a timeout is passed over while it waits to reconnect, unless every broker is.
    const Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    const auto brokerCount = static_cast<std::int32_t>(m_state.brokers.size());
    for (std::int32_t tries = 0; tries < brokerCount; ++tries) {
        const BrokerId candidate = cursor % brokerCount + 1;
        cursor = (cursor + 1) % brokerCount;
        if (!isBlocked(producer, candidate))
            return candidate;
    }
    const BrokerId fallback = cursor % brokerCount + 1;
    cursor = (cursor + 1) % brokerCount;
    return fallback;
}

void Sender::requestMetadata(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (producer.metadataInFlight)
        return;
    producer.metadataInFlight = true;
    producer.metadataDeadlineMs = m_state.nowMs + m_state.config.requestTimeoutMs;
    armProducerTimer(producerIndex, producer.metadataDeadlineMs);
    const BrokerId target = leastLoadedBroker(producerIndex, producer.metadataBroker);
    m_net.send(NodeRef::producer(producerIndex), NodeRef::broker(target), MetadataRequest{producerIndex, {}});
}

std::optional<Event> Sender::handleMetadataResponse(const Message& message, const MetadataResponse& response)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(message.to.id)];
    if (!producer.metadataInFlight)
        return std::nullopt; // An answer to a request the producer already gave up on.
    producer.metadataInFlight = false;
    producer.metadataDeadlineMs = -1;
    if (!message.connectionError)
        markConnectionReady(producer, message.from.id);
    else if (isReady(producer, message.from.id))
        disconnect(producer, message.from.id);
    Event e = Event::at(EventType::MetadataUpdated, message.to.id, message.from.id);
    e.error = response.error;
    if (response.error != ErrorCode::None) {
        // Like NetworkClient.leastLoadedNode, move on to another broker at once, once round them all.
        if (++producer.metadataFailures < static_cast<std::int32_t>(m_state.brokers.size()))
            requestMetadata(message.to.id);
        else
            producer.metadataFailures = 0;
        rearmProducerTimer(message.to.id);
        return e;
    }
    producer.metadataFailures = 0;
    for (std::size_t p = 0; p < response.leaders.size() && p < producer.leaders.size(); ++p) {
        // Metadata.updateLatestMetadata (KIP-320): a partition whose answer names an older leader epoch
        // than the producer has seen keeps what the producer knew. A broker cut off from the controller
        // still names itself leader in the epoch it lost; believing it would send retries to a stale
        // leader, whose OUT_OF_ORDER_SEQUENCE_NUMBER bumps the producer's epoch and lets the batch in
        // twice once a leader that has it returns. An answer without an epoch (a restarted broker that
        // has no metadata yet) is taken and forgets the epoch, as Kafka's does.
        const std::int32_t epoch = p < response.leaderEpochs.size() ? response.leaderEpochs[p] : -1;
        std::int32_t& lastSeen = producer.leaderEpochs[p];
        if (epoch >= 0 && lastSeen >= 0 && epoch < lastSeen)
            continue;
        lastSeen = epoch;
        if (producer.leaders[p] != response.leaders[p]) {
            if (e.count == 0) {
                e.partition = static_cast<std::int32_t>(p);
                e.value = response.leaders[p];
            }
            ++e.count;
            producer.leaders[p] = response.leaders[p];
        }
    }
    rearmProducerTimer(message.to.id);
    return e;
}

} // namespace hw
