// SPDX-License-Identifier: MIT
#include "clients/sender.h"

#include "clients/partitioner.h"
#include "clients/producer_config.h"
#include "clients/record_accumulator.h"
#include "model/limits.h"

#include <algorithm>
#include <array>
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

// socket.connection.setup.timeout.ms (CommonClientConfigs, 10 s): a producer that closed its
// connection to a silent broker tries it again no sooner than a new connection to it could fail.
constexpr TimeMs connectionSetupTimeoutMs = 10000;

std::int32_t lastSequence(const ProducerBatch& batch)
{
    return batch.baseSequence + batch.count - 1;
}

/// A frame about one of the producer's batches: which, where to, how many records, which attempt.
Event batchEvent(EventType type, std::int32_t producer, std::int64_t index, const ProducerBatch& batch)
{
    Event e = Event::at(type, producer, -1, batch.partition);
    e.count = batch.count;
    e.value = index;
    e.attempt = batch.attempt;
    return e;
}

/// ProduceSent for a batch just drained: its leader, or none known (held for a retry).
Event sentEvent(std::int32_t producer, std::int64_t index, const ProducerBatch& batch)
{
    Event e = batchEvent(EventType::ProduceSent, producer, index, batch);
    e.peer = batch.status == SendStatus::Pending ? -1 : batch.sentTo;
    if (batch.status == SendStatus::Pending)
        e.error = ErrorCode::LeaderNotAvailable;
    return e;
}

} // namespace

/// The values of a produce: the action's own, or the records a payload store already holds for it.
struct ProduceValues {
    const std::vector<std::string>* values = nullptr;
    const PVector<Payload>* records = nullptr;
    std::size_t first = 0;
    std::size_t count = 0;

    std::size_t size() const { return values ? values->size() : count; }
    template <typename Fn>
    void forEach(Fn&& fn) const
    {
        if (values) {
            for (const std::string& value : *values)
                fn(value);
        } else {
            records->forEach(first, first + count, [&](std::size_t, const Payload& p) { fn(p.value); });
        }
    }
};

void Sender::start(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    producer.sequences.assign(m_state.partitions.size(), PartitionSequence{});
    producer.blockedUntilMs.assign(m_state.brokers.size(), -1);
    producer.queues.partitions.assign(m_state.partitions.size(), PartitionQueue{});
    if (producer.settings.idempotence)
        requestProducerId(producerIndex);
}

ApplyResult Sender::produce(const ProduceAction& action)
{
    return produceValues(action, ProduceValues{&action.values, nullptr, 0, 0});
}

ApplyResult Sender::produceRecorded(const ProduceAction& action, const PVector<Payload>& records, std::size_t first,
                                    std::size_t count)
{
    if (first + count > records.size())
        return {std::nullopt, "the recorded records are not in the payload store"};
    return produceValues(action, ProduceValues{nullptr, &records, first, count});
}

ApplyResult Sender::produceValues(const ProduceAction& action, const ProduceValues& values)
{
    if (action.producer < 0 || action.producer >= static_cast<std::int32_t>(m_state.producers.size()))
        return {std::nullopt, "no such producer"};
    if (action.topic < 0 || action.topic >= static_cast<std::int32_t>(m_state.topics.size()))
        return {std::nullopt, "no such topic"};
    if (values.size() == 0)
        return {std::nullopt, "a produce needs at least one value"};
    if (static_cast<int>(values.size()) > limits::valuesPerProduceMax)
        return {std::nullopt, "at most " + std::to_string(limits::valuesPerProduceMax) + " values per produce"};
    const Topic& topic = m_state.topics[static_cast<std::size_t>(action.topic)];
    if (action.partition >= topic.partitionCount)
        return {std::nullopt, "topic " + topic.name + " has " + std::to_string(topic.partitionCount) + " partitions"};

    Producer& producer = m_state.producers[static_cast<std::size_t>(action.producer)];
    const Acks acks = action.acks.value_or(producer.acks);
    // An idempotent producer sends with acks=all. A send that asks for less is one a producer configured
    // so would make: without idempotence when the scenario left enable.idempotence at its default
    // (ProducerConfig turns it off), refused when the scenario set it.
    if (producer.settings.idempotence && producer.settings.idempotenceExplicit && acks != Acks::All)
        return {std::nullopt, "producer " + producer.id +
                                  " sets enable.idempotence, which needs acks all (Kafka: \"Must set acks to all in "
                                  "order to use the idempotent producer\"); expected acks all, or a producer with "
                                  "enable.idempotence false"};
    int partitionInTopic = action.partition;
    if (partitionInTopic < 0) {
        if (action.key) {
            partitionInTopic = partitionForKey(*action.key, topic.partitionCount);
        } else {
            // Sticky partitioning (KIP-794): stay on one partition until batch.size bytes went to it.
            // BuiltInPartitioner.nextPartition draws among the partitions that have a leader (all of
            // them when none has); the same partition may come up again.
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
            values.forEach([&](const std::string& value) { sticky.bytes += recordBytes(std::nullopt, value); });
        }
    }
    const std::int32_t partition = topic.firstPartition + partitionInTopic;
    const auto count = static_cast<std::int32_t>(values.size());

    // RecordAccumulator.append: the records join the partition's open batch if it is still gathering
    // (not sent, same acks) and has room, else they start a batch of their own. A produce step's
    // values always stay together in one batch. HighWater keeps a batch's records contiguous in the
    // payload store, so a batch another producer's records came after stays closed.
    std::int64_t batchIndex = -1;
    if (producer.batches.size() > static_cast<std::size_t>(producer.firstOpenBatch)) {
        const auto last = static_cast<std::int64_t>(producer.batches.size()) - 1;
        const ProducerBatch& open = producer.batches[static_cast<std::size_t>(last)];
        if (!open.sent && open.status == SendStatus::Pending && open.partition == partition && open.acks == acks &&
            open.firstPayload + open.count == static_cast<std::int32_t>(m_state.payloads.size()) &&
            open.count + count <= limits::recordsPerBatchMax) {
            std::int64_t openBytes = 0;
            m_state.payloads.forEach(static_cast<std::size_t>(open.firstPayload),
                                     static_cast<std::size_t>(open.firstPayload + open.count),
                                     [&](std::size_t, const Payload& p) { openBytes += recordBytes(std::nullopt, p.value); });
            std::int64_t addBytes = 0;
            values.forEach([&](const std::string& value) { addBytes += recordBytes(std::nullopt, value); });
            if (openBytes + addBytes <= m_state.config.batchSize)
                batchIndex = last;
        }
    }
    const std::int32_t firstPayload = static_cast<std::int32_t>(m_state.payloads.size());
    const std::int64_t firstSequence = producer.nextSequence;
    PVector<Payload>& payloads = m_state.payloads;
    const Payload* made = values.records ? &(*values.records)[values.first] : nullptr;
    if (made && payloads.size() == values.first && made->producer == action.producer &&
        made->sequence == producer.nextSequence && payloads.hasPrefixOf(*values.records, values.first)) {
        // These very records, made when the action was first applied: share them.
        payloads = *values.records;
        payloads.truncate(values.first + values.count);
        producer.nextSequence += count;
    } else {
        std::vector<const std::string*> texts;
        texts.reserve(values.size());
        values.forEach([&](const std::string& value) { texts.push_back(&value); });
        payloads.appendGenerated(texts.size(), [&](std::size_t i) {
            Payload payload;
            payload.hasKey = action.key.has_value();
            payload.key = action.key.value_or(std::string());
            payload.value = *texts[i];
            payload.producer = action.producer;
            payload.sequence = producer.nextSequence++;
            return payload;
        });
    }
    if (batchIndex >= 0) {
        producer.batches.mutableAt(static_cast<std::size_t>(batchIndex)).count += count;
    } else {
        ProducerBatch batch;
        batch.firstSequence = firstSequence;
        batch.count = count;
        batch.firstPayload = firstPayload;
        batch.partition = partition;
        batch.acks = acks;
        batch.createdMs = m_state.nowMs;
        batch.readyAtMs = m_state.nowMs + producerLingerMs(producer.settings, m_state.config);
        batch.idempotent = producer.settings.idempotence && acks == Acks::All;
        batchIndex = static_cast<std::int64_t>(producer.batches.size());
        producer.batches.push_back(batch);
        queueNewBatch(producer.queues, producer.batches, batchIndex);
    }

    // With nothing to wait for (linger.ms 0, a producer id, a free slot), the batch goes at once.
    if (nextSendable(action.producer) == batchIndex) {
        ProducerBatch& batch = producer.batches.mutableAt(static_cast<std::size_t>(batchIndex));
        sendBatch(action.producer, batchIndex, batch);
        rearmProducerTimer(action.producer);
        return {sentEvent(action.producer, batchIndex, batch), {}};
    }
    Event e = Event::at(EventType::ProduceBatched, action.producer, -1, partition);
    e.count = count;
    e.value = batchIndex;
    rearmProducerTimer(action.producer);
    return {e, {}};
}

bool Sender::isBlocked(const Producer& producer, BrokerId broker) const
{
    const auto i = static_cast<std::size_t>(broker - 1);
    return i < producer.blockedUntilMs.size() && producer.blockedUntilMs[i] > m_state.nowMs;
}

std::int64_t Sender::nextSendable(std::int32_t producerIndex) const
{
    // RecordAccumulator.drain: each partition's queue in order; only its first waiting batch may go,
    // when it is ready (linger.ms, or the retry backoff), its leader is known and connected, and the
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
            if (isBlocked(producer, leader) || inFlightTo[static_cast<std::size_t>(leader)] >= producer.settings.maxInFlight)
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
    if (message.from.kind == NodeKind::Broker && !message.connectionError) {
        // An answer came: the broker is reachable again.
        const auto b = static_cast<std::size_t>(message.from.id - 1);
        if (b < producer.blockedUntilMs.size())
            producer.blockedUntilMs[b] = -1;
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
                response.error == ErrorCode::LeaderNotAvailable)
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
    m_net.send(NodeRef::producer(producerIndex), NodeRef::broker(target), MetadataRequest{producerIndex});
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
        rearmProducerTimer(message.to.id);
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
    rearmProducerTimer(message.to.id);
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
    advanceLingerFrom(producer.queues, producer.batches, m_state.nowMs);
    const BatchQueues& queues = producer.queues;
    const TimeMs deliveryTimeout = producerDeliveryTimeoutMs(producer.settings, m_state.config);
    TimeMs earliest = -1;
    auto consider = [&](TimeMs due) {
        if (due >= 0 && (earliest < 0 || due < earliest))
            earliest = due;
    };
    auto batchAt = [&](std::int64_t index) -> const ProducerBatch& {
        return producer.batches[static_cast<std::size_t>(index)];
    };
    for (const InFlightBatch& f : queues.inFlight)
        consider(f.deadlineMs);
    // A waiting batch expires at delivery.timeout.ms even if its retry is later. Batches are created in
    // time order, so the oldest waiting batch expires first.
    if (const std::int64_t oldest = firstPendingBatch(queues); oldest >= 0)
        consider(batchAt(oldest).createdMs + deliveryTimeout);
    auto blockedUntil = [&](std::int32_t partition) -> TimeMs {
        const BrokerId leader = producer.leaders[static_cast<std::size_t>(partition)];
        if (leader == noLeader || !isBlocked(producer, leader))
            return -1;
        return producer.blockedUntilMs[static_cast<std::size_t>(leader - 1)];
    };
    // When a waiting batch may go: after its retry backoff or linger.ms, and not before its leader's
    // connection may be set up again. A batch ready now that waits for something else (a slot, the
    // batches before it, a producer id) is looked at again when that answer comes.
    auto considerReady = [&](const ProducerBatch& batch) {
        const TimeMs ready = std::max(batch.sent ? batch.retryAtMs : batch.readyAtMs, blockedUntil(batch.partition));
        if (ready > m_state.nowMs)
            consider(ready);
    };
    for (const WaitingBatch& w : queues.retrying)
        considerReady(batchAt(w.batch));
    producer.batches.forEach(static_cast<std::size_t>(queues.lingerFrom), producer.batches.size(),
                             [&](std::size_t, const ProducerBatch& batch) {
                                 if (isUnsentPending(batch))
                                     considerReady(batch);
                             });
    // The never-sent batches before lingerFrom are ready; those of a partition whose leader's
    // connection is closed wait for it.
    for (const WaitingBatch& w : queues.heads) {
        if (w.batch >= queues.lingerFrom)
            break;
        consider(blockedUntil(w.partition));
    }
    if (nextSendable(producerIndex) >= 0)
        consider(m_state.nowMs);
    if (producer.metadataInFlight)
        consider(producer.metadataDeadlineMs);
    if (producer.initInFlight)
        consider(producer.initDeadlineMs);
    else if (producer.initRetryAtMs >= 0)
        consider(producer.initRetryAtMs);
    if (earliest >= 0)
        armProducerTimer(producerIndex, std::max(earliest, m_state.nowMs));
}

std::optional<Event> Sender::producerTimer(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (producer.timerMs != m_state.nowMs)
        return std::nullopt;
    producer.timerMs = -1;
    if (producer.initInFlight && producer.initDeadlineMs >= 0 && producer.initDeadlineMs <= m_state.nowMs) {
        // The broker asked for a producer id never answered: ask the next one.
        const BrokerId silent = producer.initBroker;
        requestProducerId(producerIndex);
        rearmProducerTimer(producerIndex);
        Event e = Event::at(EventType::ProducerIdReceived, producerIndex, silent);
        e.error = ErrorCode::RequestTimedOut;
        e.value = -1;
        return e;
    }
    if (!producer.initInFlight && producer.initRetryAtMs >= 0 && producer.initRetryAtMs <= m_state.nowMs) {
        producer.initRetryAtMs = -1;
        requestProducerId(producerIndex);
        rearmProducerTimer(producerIndex);
        Event e = Event::at(EventType::ProducerIdRequested, producerIndex, producer.initBroker);
        return e;
    }
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
    const TimeMs deliveryTimeout = producerDeliveryTimeoutMs(producer.settings, m_state.config);
    // A request that timed out, or a waiting batch that expired: one per frame, the oldest first. The
    // oldest waiting batch expires first (batches are created in time order).
    const BatchQueues& queues = producer.queues;
    std::int64_t due = firstPendingBatch(queues);
    if (due >= 0 && producer.batches[static_cast<std::size_t>(due)].createdMs + deliveryTimeout > m_state.nowMs)
        due = -1;
    for (const InFlightBatch& f : queues.inFlight) {
        if (due >= 0 && f.batch > due)
            break;
        if (f.deadlineMs >= 0 && f.deadlineMs <= m_state.nowMs) {
            due = f.batch;
            break;
        }
    }
    if (due >= 0) {
        ProducerBatch& batch = producer.batches.mutableAt(static_cast<std::size_t>(due));
        if (batch.status == SendStatus::InFlight) {
            // The client's own request.timeout.ms: no answer came. NetworkClient.handleTimedOutRequests
            // closes the connection, which fails every request in flight on it, and asks for fresh
            // metadata from another broker; the broker is tried again once a new connection could be set up.
            const BrokerId broker = batch.sentTo;
            const auto b = static_cast<std::size_t>(broker - 1);
            if (b < producer.blockedUntilMs.size())
                producer.blockedUntilMs[b] = m_state.nowMs + connectionSetupTimeoutMs;
            std::vector<std::int64_t> others;
            for (const InFlightBatch& f : queues.inFlight) {
                if (f.batch != due && f.broker == broker)
                    others.push_back(f.batch);
            }
            requestMetadata(producerIndex);
            ProduceResponse timeout{due, batch.attempt, batch.partition, ErrorCode::RequestTimedOut, -1};
            Message fake{NodeRef::broker(broker), NodeRef::producer(producerIndex), m_state.nowMs, timeout};
            fake.connectionError = true;
            std::optional<Event> e = handleProduceResponse(fake, timeout);
            for (std::int64_t i : others) {
                const ProducerBatch& other = producer.batches[static_cast<std::size_t>(i)];
                ProduceResponse closed{i, other.attempt, other.partition, ErrorCode::RequestTimedOut, -1};
                handleProduceResponse(fake, closed);
            }
            if (e) {
                e->flags |= Disconnected;
                e->completed = static_cast<std::int32_t>(others.size());
            }
            return e;
        }
        const ProducerBatch before = batch;
        failBatch(producerIndex, batch, ErrorCode::DeliveryTimeout);
        requeueBatch(producer.queues, producer.batches, due, before);
        Event e = batchEvent(EventType::ProduceFailed, producerIndex, due, batch);
        e.error = batch.error;
        if (bumpEpochIfRequired(producerIndex))
            e.flags |= EpochBumped;
        rearmProducerTimer(producerIndex);
        return e;
    }
    const std::int64_t next = nextSendable(producerIndex);
    if (next < 0) {
        rearmProducerTimer(producerIndex);
        return std::nullopt;
    }
    ProducerBatch& batch = producer.batches.mutableAt(static_cast<std::size_t>(next));
    sendBatch(producerIndex, next, batch);
    const Event e = sentEvent(producerIndex, next, batch);
    rearmProducerTimer(producerIndex);
    return e;
}

} // namespace hw
