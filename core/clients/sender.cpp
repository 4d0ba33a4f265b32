// SPDX-License-Identifier: MIT
// The Sender's front, KafkaProducer.send and RecordAccumulator.append: a produce's records get their
// partition (the key's hash, or the sticky partitioner of KIP-794), join the partition's open batch or
// start one with its linger.ms, and go at once when nothing holds them; a steady producer's tick is
// such a produce. The other parts: the drain and the send (sender_drain.cpp), answers, retries and
// metadata (sender_responses.cpp), the idempotent producer's id, sequences and epoch
// (sender_idempotence.cpp), and the timer with its timeouts (sender_timers.cpp).
#include "clients/sender.h"

#include "clients/partitioner.h"
#include "clients/producer_config.h"
#include "clients/record_accumulator.h"
#include "clients/sender_internal.h"
#include "model/limits.h"

#include <string>
#include <vector>

namespace hw {

using namespace sender_internal;

namespace {

// Rough serialized size of a record, for the sticky partitioner's batch.size accounting: key and
// value bytes plus the fixed part of a DefaultRecord (attributes, varint deltas and lengths).
std::int64_t recordBytes(const std::optional<std::string>& key, const std::string& value)
{
    return 16 + static_cast<std::int64_t>(value.size()) + (key ? static_cast<std::int64_t>(key->size()) : 0);
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
    producer.connections.assign(m_state.brokers.size(), BrokerConnection{});
    for (BrokerId b = 1; b <= static_cast<BrokerId>(m_state.brokers.size()); ++b)
        markConnectionReady(producer, b);
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
    // Only from a store that released nothing past this state's end: a state rebuilt from a snapshot is
    // behind the head, which may have released payloads since (broker/payload_store.h); hasPrefixOf
    // also compares which leaves each released before.
    if (made && payloads.size() == values.first && values.records->releasedBelow() <= values.first &&
        made->producer == action.producer && made->sequence == producer.nextSequence &&
        payloads.hasPrefixOf(*values.records, values.first)) {
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
            payload.timestampMs = m_state.nowMs; // CreateTime
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

} // namespace hw
