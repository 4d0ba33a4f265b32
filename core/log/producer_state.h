// SPDX-License-Identifier: MIT
#pragma once

#include "log/replica_log.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

/// What a replica keeps about each idempotent producer that wrote to its log (Kafka's
/// storage/.../log/ProducerStateEntry.java, ProducerAppendInfo.java and ProducerStateManager.java at
/// 3.7.0, unchanged for idempotent producers through 4.2.0-rc1): the producer's epoch and its last five
/// batches, the sequence numbers and offsets of each. The leader checks an incoming batch against it
/// (UnifiedLog.analyzeAndValidateProducerState); followers build the same table from the records they
/// copy, so that a new leader still recognises a retried batch.
namespace hw {

/// ProducerStateEntry.NUM_BATCHES_TO_RETAIN.
inline constexpr std::size_t producerBatchesRetained = 5;

/// BatchMetadata: one appended batch.
struct BatchMetadata {
    std::int32_t firstSeq = 0;
    std::int32_t lastSeq = 0;
    Offset firstOffset = 0;
    Offset lastOffset = 0;
    friend bool operator==(const BatchMetadata&, const BatchMetadata&) = default;
};

/// ProducerStateEntry: a producer's epoch and its last batches, oldest first.
struct ProducerStateEntry {
    std::int64_t producerId = -1;
    std::int16_t producerEpoch = -1; // RecordBatch.NO_PRODUCER_EPOCH
    std::uint8_t batchCount = 0;
    std::array<BatchMetadata, producerBatchesRetained> batches {};

    bool empty() const { return batchCount == 0; }
    const BatchMetadata& last() const { return batches[batchCount - 1u]; }
    std::int32_t lastSeq() const { return empty() ? -1 : last().lastSeq; }
    /// ProducerStateEntry.addBatch: a new epoch clears the batches; the oldest of five goes.
    void addBatch(std::int16_t epoch, const BatchMetadata& batch);
    /// A follower's next record of the last kept batch: the batch now ends with it.
    void extendLastBatch(std::int32_t lastSeq, Offset lastOffset)
    {
        batches[batchCount - 1u].lastSeq = lastSeq;
        batches[batchCount - 1u].lastOffset = lastOffset;
    }
    /// ProducerStateEntry.findDuplicateBatch: a kept batch of this epoch with exactly this range.
    std::optional<BatchMetadata> findDuplicate(std::int16_t epoch, std::int32_t firstSeq, std::int32_t lastSeq) const;
    friend bool operator==(const ProducerStateEntry&, const ProducerStateEntry&) = default;
};

/// What the leader decides about a batch from a producer with an id.
enum class SequenceCheck : std::uint8_t {
    Append,               // in sequence (or a producer this log does not know): append it
    Duplicate,            // a kept batch: answer with its offsets, append nothing
    OutOfOrderSequence,   // OUT_OF_ORDER_SEQUENCE_NUMBER
    InvalidProducerEpoch, // INVALID_PRODUCER_EPOCH: an older epoch than the log has seen (fenced)
};

struct SequenceVerdict {
    SequenceCheck check = SequenceCheck::Append;
    BatchMetadata duplicate {}; // the original batch, for Duplicate
    std::int32_t expectedSeq = -1; // for OutOfOrderSequence: the sequence the log expected (last + 1)
};

/// A replica's producer table, sorted by producer id.
using ProducerStates = std::vector<ProducerStateEntry>;

const ProducerStateEntry* findProducer(const ProducerStates& states, std::int64_t producerId);

/// ProducerAppendInfo.inSequence: nextSeq follows lastSeq, wrapping to 0 after Integer.MAX_VALUE
/// (a batch's sequences wrap the same way, DefaultRecordBatch.incrementSequence).
inline bool inSequence(std::int32_t lastSeq, std::int32_t nextSeq)
{
    return static_cast<std::int64_t>(nextSeq) == static_cast<std::int64_t>(lastSeq) + 1 ||
           (nextSeq == 0 && lastSeq == std::numeric_limits<std::int32_t>::max());
}

/// DefaultRecordBatch.incrementSequence: sequence + increment, wrapping past Integer.MAX_VALUE to 0.
inline std::int32_t incrementSequence(std::int32_t sequence, std::int32_t increment)
{
    constexpr std::int32_t max = std::numeric_limits<std::int32_t>::max();
    if (sequence > max - increment)
        return increment - (max - sequence) - 1;
    return sequence + increment;
}

/// The leader's checks, in UnifiedLog's order: the duplicate search first, then
/// ProducerAppendInfo.checkProducerEpoch and checkSequence (origin CLIENT).
SequenceVerdict checkBatch(const ProducerStates& states, std::int64_t producerId, std::int16_t epoch,
                           std::int32_t firstSeq, std::int32_t lastSeq);

/// ProducerAppendInfo.appendDataBatch without validation: record the batch (leader after checkBatch,
/// or a follower, origin REPLICATION).
void recordBatch(ProducerStates& states, std::int64_t producerId, std::int16_t epoch, const BatchMetadata& batch);

/// A follower's record by record variant of recordBatch: a record that continues the last kept batch
/// of its producer (the same epoch, the next sequence, the previous record not ending its batch)
/// extends it; any other starts a batch. Returns the producer's entry (valid until the next producer
/// is added to the table).
ProducerStateEntry& recordAppended(ProducerStates& states, std::int64_t producerId, const Record& record,
                                   Offset offset, bool continuesBatch);

/// ProducerStateManager.truncateAndReload: the table rebuilt from the records the log still holds.
/// producerIdOf maps a record's payload to its producer's id (-1: none).
template <typename ProducerIdOf>
ProducerStates rebuildProducerStates(const ReplicaLog& log, ProducerIdOf&& producerIdOf)
{
    ProducerStates states;
    std::int64_t previousProducer = -1;
    const Record* previous = nullptr;
    log.records.forEach(0, log.records.size(), [&](std::size_t i, const Record& record) {
        const std::int64_t producerId = record.sequence >= 0 ? producerIdOf(record.payload) : -1;
        if (producerId >= 0) {
            const bool continues = previous && previousProducer == producerId && !previous->batchEnd &&
                                   previous->producerEpoch == record.producerEpoch &&
                                   inSequence(previous->sequence, record.sequence);
            recordAppended(states, producerId, record, log.baseOffset + static_cast<Offset>(i), continues);
        }
        previousProducer = producerId;
        previous = &record;
    });
    return states;
}

} // namespace hw
