// SPDX-License-Identifier: MIT
#include "log/producer_state.h"

#include <algorithm>
#include <limits>

namespace hw {

namespace {

ProducerStates::iterator lowerBound(ProducerStates& states, std::int64_t producerId)
{
    return std::lower_bound(states.begin(), states.end(), producerId,
                            [](const ProducerStateEntry& e, std::int64_t id) { return e.producerId < id; });
}

ProducerStateEntry& entryFor(ProducerStates& states, std::int64_t producerId)
{
    auto it = lowerBound(states, producerId);
    if (it == states.end() || it->producerId != producerId) {
        ProducerStateEntry entry;
        entry.producerId = producerId;
        it = states.insert(it, entry);
    }
    return *it;
}

} // namespace

void ProducerStateEntry::addBatch(std::int16_t epoch, const BatchMetadata& batch)
{
    if (producerEpoch != epoch) { // maybeUpdateProducerEpoch
        batchCount = 0;
        producerEpoch = epoch;
    }
    if (batchCount == producerBatchesRetained) {
        std::rotate(batches.begin(), batches.begin() + 1, batches.end());
        --batchCount;
    }
    batches[batchCount++] = batch;
}

std::optional<BatchMetadata> ProducerStateEntry::findDuplicate(std::int16_t epoch, std::int32_t firstSeq,
                                                               std::int32_t lastSeq) const
{
    if (epoch != producerEpoch)
        return std::nullopt;
    for (std::uint8_t i = 0; i < batchCount; ++i) {
        if (batches[i].firstSeq == firstSeq && batches[i].lastSeq == lastSeq)
            return batches[i];
    }
    return std::nullopt;
}

const ProducerStateEntry* findProducer(const ProducerStates& states, std::int64_t producerId)
{
    auto it = std::lower_bound(states.begin(), states.end(), producerId,
                               [](const ProducerStateEntry& e, std::int64_t id) { return e.producerId < id; });
    return it != states.end() && it->producerId == producerId ? &*it : nullptr;
}

SequenceVerdict checkBatch(const ProducerStates& states, std::int64_t producerId, std::int16_t epoch,
                           std::int32_t firstSeq, std::int32_t lastSeq)
{
    SequenceVerdict verdict;
    const ProducerStateEntry* entry = findProducer(states, producerId);
    if (!entry)
        return verdict; // An unknown producer: any sequence is accepted (ProducerStateEntry.empty).
    if (auto duplicate = entry->findDuplicate(epoch, firstSeq, lastSeq)) {
        verdict.check = SequenceCheck::Duplicate;
        verdict.duplicate = *duplicate;
        return verdict;
    }
    // checkProducerEpoch: an older epoch is fenced.
    if (epoch < entry->producerEpoch) {
        verdict.check = SequenceCheck::InvalidProducerEpoch;
        return verdict;
    }
    // checkSequence: a new epoch starts at 0 (unless the log knows no epoch); the same epoch goes on
    // from the last sequence. An entry whose batches a truncation removed keeps no epoch, and then
    // any sequence goes (the rebuilt table has no entry at all).
    if (epoch != entry->producerEpoch) {
        if (firstSeq != 0 && entry->producerEpoch != -1) {
            verdict.check = SequenceCheck::OutOfOrderSequence;
            verdict.expectedSeq = 0;
        }
        return verdict;
    }
    if (entry->producerEpoch != -1 && !inSequence(entry->lastSeq(), firstSeq)) {
        verdict.check = SequenceCheck::OutOfOrderSequence;
        verdict.expectedSeq = incrementSequence(entry->lastSeq(), 1);
    }
    return verdict;
}

void recordBatch(ProducerStates& states, std::int64_t producerId, std::int16_t epoch, const BatchMetadata& batch)
{
    entryFor(states, producerId).addBatch(epoch, batch);
}

ProducerStateEntry& recordAppended(ProducerStates& states, std::int64_t producerId, const Record& record,
                                   Offset offset, bool continuesBatch)
{
    ProducerStateEntry& entry = entryFor(states, producerId);
    if (continuesBatch && !entry.empty() && entry.producerEpoch == record.producerEpoch)
        entry.extendLastBatch(record.sequence, offset);
    else
        entry.addBatch(record.producerEpoch, BatchMetadata{record.sequence, record.sequence, offset, offset});
    return entry;
}

} // namespace hw
