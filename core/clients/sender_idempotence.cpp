// SPDX-License-Identifier: MIT
// The idempotent producer's part of the Sender (TransactionManager's idempotent paths): asking for the
// producer id (InitProducerId) and taking the answer, the partitions whose sequences a batch that
// failed for good left unresolved, resolving them once nothing sent there is outstanding, and the
// epoch bump that renumbers the unfinished batches of the partitions that need it.
#include "clients/sender.h"

#include <algorithm>
#include <vector>

namespace hw {

void Sender::failBatch(std::int32_t producerIndex, ProducerBatch& batch, ErrorCode error)
{
    batch.status = SendStatus::Failed;
    batch.error = error;
    // Sender.failBatch and TransactionManager.markSequenceUnresolved: an idempotent batch that was sent
    // and failed for good may or may not be in the log. The partition's sequences are unresolved until
    // every batch of it that was sent is answered (maybeResolveSequences, in bumpEpochIfRequired).
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (batch.idempotent && batch.baseSequence >= 0 &&
        std::find(producer.unresolvedPartitions.begin(), producer.unresolvedPartitions.end(), batch.partition) ==
            producer.unresolvedPartitions.end())
        producer.unresolvedPartitions.push_back(batch.partition);
}

bool Sender::hasSentBatches(const Producer& producer, std::int32_t partition) const
{
    // TransactionManager.hasInflightBatches: sent and not finished, retries waiting included. Only a
    // sent batch has a sequence.
    auto sentTo = [&](std::int64_t index, std::int32_t p) {
        return p == partition && producer.batches[static_cast<std::size_t>(index)].baseSequence >= 0;
    };
    return std::any_of(producer.queues.inFlight.begin(), producer.queues.inFlight.end(),
                       [&](const InFlightBatch& f) { return sentTo(f.batch, f.partition); }) ||
           std::any_of(producer.queues.retrying.begin(), producer.queues.retrying.end(),
                       [&](const WaitingBatch& w) { return sentTo(w.batch, w.partition); });
}

void Sender::maybeResolveSequences(std::int32_t producerIndex)
{
    // TransactionManager.maybeResolveSequences: once nothing sent to an unresolved partition is
    // outstanding, the sequences are resolved if the last acknowledged one is the last one given out
    // (a later batch was acknowledged, so the broker had the failed one); otherwise the epoch is bumped.
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    for (auto it = producer.unresolvedPartitions.begin(); it != producer.unresolvedPartitions.end();) {
        if (hasSentBatches(producer, *it)) {
            ++it;
            continue;
        }
        const PartitionSequence& seq = producer.sequences[static_cast<std::size_t>(*it)];
        if (seq.lastAckedSequence + 1 != seq.nextSequence)
            requestEpochBump(producerIndex, *it);
        it = producer.unresolvedPartitions.erase(it);
    }
}

void Sender::requestEpochBump(std::int32_t producerIndex, std::int32_t partition)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    producer.epochBumpRequired = true;
    if (std::find(producer.partitionsToRewrite.begin(), producer.partitionsToRewrite.end(), partition) ==
        producer.partitionsToRewrite.end())
        producer.partitionsToRewrite.push_back(partition);
}

bool Sender::bumpEpochIfRequired(std::int32_t producerIndex)
{
    // TransactionManager.bumpIdempotentProducerEpoch: the epoch goes up by one (an exhausted epoch
    // would need a new producer id, which 32767 bumps never reach here), and the unfinished batches of
    // the partitions that asked for it are renumbered from 0 in the new epoch
    // (TxnPartitionMap.startSequencesAtBeginning).
    maybeResolveSequences(producerIndex);
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (!producer.epochBumpRequired || producer.producerId < 0)
        return false;
    // Not while a batch of those partitions is in flight: its answer may yet show that its sequence was
    // written (Kafka bumps at once and renumbers those too). Until then no idempotent batch goes out.
    const BatchQueues& queues = producer.queues;
    auto rewritten = [&](std::int32_t partition) {
        return std::find(producer.partitionsToRewrite.begin(), producer.partitionsToRewrite.end(), partition) !=
               producer.partitionsToRewrite.end();
    };
    if (std::any_of(queues.inFlight.begin(), queues.inFlight.end(),
                    [&](const InFlightBatch& f) { return rewritten(f.partition); }))
        return false;
    ++producer.producerEpoch;
    for (const std::int32_t partition : producer.partitionsToRewrite) {
        // The partition's sent and unfinished batches, oldest first: those waiting for a retry (none is
        // in flight).
        std::vector<std::int64_t> unfinished;
        for (const WaitingBatch& w : queues.retrying) {
            if (w.partition == partition)
                unfinished.push_back(w.batch);
        }
        PartitionSequence seq{producer.producerEpoch, 0, -1};
        for (const std::int64_t i : unfinished) {
            if (producer.batches[static_cast<std::size_t>(i)].baseSequence < 0)
                continue;
            ProducerBatch& b = producer.batches.mutableAt(static_cast<std::size_t>(i));
            b.producerEpoch = producer.producerEpoch;
            b.baseSequence = seq.nextSequence;
            seq.nextSequence += b.count;
        }
        producer.sequences[static_cast<std::size_t>(partition)] = seq;
    }
    producer.partitionsToRewrite.clear();
    producer.epochBumpRequired = false;
    return true;
}

void Sender::requestProducerId(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    producer.initInFlight = true;
    producer.initBroker = leastLoadedBroker(producerIndex, producer.metadataBroker);
    producer.initDeadlineMs = m_state.nowMs + m_state.config.requestTimeoutMs;
    armProducerTimer(producerIndex, producer.initDeadlineMs);
    m_net.send(NodeRef::producer(producerIndex), NodeRef::broker(producer.initBroker),
               InitProducerIdRequest{producerIndex});
}

std::optional<Event> Sender::handleInitProducerIdResponse(const Message& message, const InitProducerIdResponse& response)
{
    const std::int32_t producerIndex = message.to.id;
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (!producer.initInFlight || message.from.id != producer.initBroker)
        return std::nullopt; // An answer to a request the producer already gave up on.
    producer.initInFlight = false;
    producer.initDeadlineMs = -1;
    if (!message.connectionError)
        markConnectionReady(producer, message.from.id);
    else if (isReady(producer, message.from.id))
        disconnect(producer, message.from.id);
    Event e = Event::at(EventType::ProducerIdReceived, producerIndex, message.from.id);
    e.error = response.error;
    if (response.error != ErrorCode::None) {
        // InitProducerIdHandler: a retriable error; the request goes again, to the next broker, after
        // the backoff.
        producer.initRetryAtMs = m_state.nowMs + std::max<TimeMs>(1, m_state.config.retryBackoffMs);
        rearmProducerTimer(producerIndex);
        e.value = -1;
        return e;
    }
    producer.producerId = response.producerId;
    producer.producerEpoch = response.producerEpoch;
    for (PartitionSequence& seq : producer.sequences)
        seq = PartitionSequence{producer.producerEpoch, 0, -1};
    e.value = response.producerId;
    e.detail = response.producerEpoch;
    rearmProducerTimer(producerIndex);
    return e;
}

} // namespace hw
