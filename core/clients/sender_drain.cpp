// SPDX-License-Identifier: MIT
// The Sender's drain (RecordAccumulator.drain and Sender.sendProducerData): which waiting batch may go
// next, oldest first, as its readiness (linger.ms or the retry backoff), its leader's connection, the
// requests in flight to it (max.in.flight.requests.per.connection) and an idempotent producer's order
// allow; and the send itself, which gives a first-sent idempotent batch its sequence numbers and sets
// the request's deadline.
#include "clients/sender.h"

#include "clients/producer_config.h"
#include "clients/record_accumulator.h"
#include "model/limits.h"

#include <algorithm>
#include <array>
#include <vector>

namespace hw {

std::int64_t Sender::nextSendable(std::int32_t producerIndex) const
{
    // RecordAccumulator.drain: each partition's queue in order; only its first waiting batch may go,
    // when it is ready (linger.ms, or the retry backoff), its leader is known and its connection ready, and the
    // connection has a free in-flight slot (NetworkClient.canSendMore). An idempotent producer also
    // needs its producer id, and sends a retried batch only when no earlier batch of the partition is
    // in flight (shouldStopDrainBatchesForPartition: its base sequence must be the first in flight).
    // Of the partitions' first batches, the oldest that may go is sent first.
    const Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    const BatchQueues& queues = producer.queues;
    if (queues.heads.empty() && queues.retrying.empty())
        return -1;
    // Requests in flight per broker (index: broker id), counted once.
    std::array<std::int32_t, limits::brokersMax + 1> inFlightTo{};
    for (const InFlightBatch& f : queues.inFlight) {
        if (f.broker > 0 && f.broker <= limits::brokersMax)
            ++inFlightTo[static_cast<std::size_t>(f.broker)];
    }
    // Whether a batch of the partition older than `before` is in flight.
    auto inFlightBefore = [&](std::int32_t partition, std::int64_t before) {
        for (const InFlightBatch& f : queues.inFlight) {
            if (f.batch >= before)
                break;
            if (f.partition == partition)
                return true;
        }
        return false;
    };
    auto hasInFlight = [&](std::int32_t partition) {
        return std::any_of(queues.inFlight.begin(), queues.inFlight.end(),
                           [&](const InFlightBatch& f) { return f.partition == partition; });
    };
    auto maySend = [&](const WaitingBatch& waiting) {
        // The connection first: it rules out most partitions of a busy producer without reading a batch.
        const BrokerId leader = producer.leaders[static_cast<std::size_t>(waiting.partition)];
        if (leader != noLeader) {
            // NetworkClient.ready: nothing goes to a broker without a ready connection, and waiting
            // for one costs the batch no attempt (Sender.sendProducerData drops the node from the
            // ready nodes).
            if (!isReady(producer, leader) || inFlightTo[static_cast<std::size_t>(leader)] >= producer.settings.maxInFlight)
                return false;
            // max.in.flight.requests.per.connection=1 mutes the partition while a batch is in flight
            // (Sender.guaranteeMessageOrder).
            if (producer.settings.maxInFlight == 1 && hasInFlight(waiting.partition))
                return false;
        }
        const ProducerBatch& batch = producer.batches[static_cast<std::size_t>(waiting.batch)];
        const TimeMs readyAt = batch.sent ? batch.retryAtMs : batch.readyAtMs;
        if (readyAt > m_state.nowMs)
            return false;
        if (batch.idempotent) {
            if (producer.producerId < 0 || producer.epochBumpRequired)
                return false;
            const PartitionSequence& seq = producer.sequences[static_cast<std::size_t>(batch.partition)];
            if (batch.baseSequence >= 0 && inFlightBefore(batch.partition, waiting.batch))
                return false;
            if (batch.baseSequence < 0 && seq.producerEpoch != producer.producerEpoch && hasInFlight(batch.partition))
                return false;
            // RecordAccumulator.shouldStopDrainBatchesForPartition: no new batch while the partition's
            // sequences are unresolved.
            if (batch.baseSequence < 0 &&
                std::find(producer.unresolvedPartitions.begin(), producer.unresolvedPartitions.end(),
                          batch.partition) != producer.unresolvedPartitions.end())
                return false;
        }
        return true;
    };
    // A partition's first waiting batch is its oldest retry or its first batch never sent, whichever
    // is older. Both lists are in batch order: walk them together, oldest first.
    const std::vector<WaitingBatch>& retrying = queues.retrying;
    const std::vector<WaitingBatch>& heads = queues.heads;
    std::size_t r = 0;
    std::size_t h = 0;
    while (r < retrying.size() || h < heads.size()) {
        const bool isRetry = h == heads.size() || (r < retrying.size() && retrying[r].batch < heads[h].batch);
        const WaitingBatch& waiting = isRetry ? retrying[r++] : heads[h++];
        bool olderWaits = std::any_of(retrying.begin(), retrying.begin() + static_cast<std::ptrdiff_t>(isRetry ? r - 1 : r),
                                      [&](const WaitingBatch& w) { return w.partition == waiting.partition; });
        if (isRetry && !olderWaits) {
            const std::int64_t firstUnsent =
                queues.partitions[static_cast<std::size_t>(waiting.partition)].firstUnsent;
            olderWaits = firstUnsent >= 0 && firstUnsent < waiting.batch;
        }
        if (!olderWaits && maySend(waiting))
            return waiting.batch;
    }
    return -1;
}

void Sender::sendBatch(std::int32_t producerIndex, std::int64_t batchIndex, ProducerBatch& batch)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    const ProducerBatch before = batch;
    batch.sent = true;
    const BrokerId leader = producer.leaders[static_cast<std::size_t>(batch.partition)];
    if (leader == noLeader) {
        // No known leader: wait for fresher metadata and try again after the backoff.
        batch.status = SendStatus::Pending;
        batch.error = ErrorCode::LeaderNotAvailable;
        batch.retryAtMs = m_state.nowMs + std::max<TimeMs>(1, m_state.config.retryBackoffMs);
        requeueBatch(producer.queues, producer.batches, batchIndex, before);
        requestMetadata(producerIndex);
        return;
    }
    if (batch.idempotent && batch.baseSequence < 0) {
        // The first drain gives the batch its sequence numbers (RecordAccumulator.drainBatchesForOneNode:
        // batch.setProducerState). A partition whose sequences belong to an older epoch starts again at
        // 0 (TransactionManager.maybeUpdateProducerIdAndEpoch).
        PartitionSequence& seq = producer.sequences[static_cast<std::size_t>(batch.partition)];
        if (seq.producerEpoch != producer.producerEpoch)
            seq = PartitionSequence{producer.producerEpoch, 0, -1};
        batch.producerEpoch = producer.producerEpoch;
        batch.baseSequence = seq.nextSequence;
        seq.nextSequence += batch.count;
    }
    ++batch.attempt;
    batch.retryAtMs = -1;
    batch.sentTo = leader;
    // acks=0 completes as soon as the request is written: the producer never hears back.
    if (batch.acks == Acks::None) {
        batch.status = SendStatus::Acked;
        batch.requestDeadlineMs = -1;
    } else {
        batch.status = SendStatus::InFlight;
        // delivery.timeout.ms bounds the whole send, the attempt in flight included.
        const TimeMs expiry = batch.createdMs + producerDeliveryTimeoutMs(producer.settings, m_state.config);
        batch.requestDeadlineMs = std::min(m_state.nowMs + m_state.config.requestTimeoutMs, std::max(m_state.nowMs + 1, expiry));
    }
    requeueBatch(producer.queues, producer.batches, batchIndex, before);
    ProduceRequest request{producerIndex, batchIndex, batch.attempt, batch.partition, batch.acks,
                           m_state.config.requestTimeoutMs};
    if (batch.idempotent) {
        request.producerId = producer.producerId;
        request.producerEpoch = batch.producerEpoch;
        request.baseSequence = batch.baseSequence;
    }
    request.count = batch.count;
    request.firstPayload = batch.firstPayload;
    m_net.send(NodeRef::producer(producerIndex), NodeRef::broker(leader), request);
}

} // namespace hw
