// SPDX-License-Identifier: MIT
#pragma once

#include "model/client_state.h"

#include <cstddef>
#include <cstdint>
#include <string>

/// The producer's batch queues (BatchQueues in model/client_state.h) as its batches change: Kafka's
/// RecordAccumulator keeps a deque of batches per partition (clients/.../producer/internals/
/// RecordAccumulator.java at 3.7.0: `batches`, whose drain looks at each deque's first batch) and the
/// Sender its batches in flight (Sender.inFlightBatches). HighWater keeps every batch in one list,
/// Producer::batches, whose indices messages and frames name, and these queues index it: each operation
/// of the Sender costs the partitions and requests it looks at, not the length of the backlog.
namespace hw {

/// A batch that was never sent and still waits in its partition's queue.
inline bool isUnsentPending(const ProducerBatch& batch)
{
    return !batch.sent && batch.status == SendStatus::Pending;
}

/// Puts batch `index`, just appended to `batches`, at the end of its partition's queue.
void queueNewBatch(BatchQueues& queues, const PVector<ProducerBatch>& batches, std::int64_t index);

/// Moves batch `index` between the queues after the Sender sent, answered, retried or failed it;
/// `before` is the batch as it was before that change.
void requeueBatch(BatchQueues& queues, const PVector<ProducerBatch>& batches, std::int64_t index,
                  const ProducerBatch& before);

/// The Pending batch with the lowest index (the oldest: batches are created in time order), -1: none.
std::int64_t firstPendingBatch(const BatchQueues& queues);

/// Moves BatchQueues::lingerFrom past every batch that is sent, finished or ready at `nowMs`.
void advanceLingerFrom(BatchQueues& queues, const PVector<ProducerBatch>& batches, TimeMs nowMs);

/// The queues that follow from `batches` alone, built from scratch (lingerFrom 0).
BatchQueues rebuildBatchQueues(const PVector<ProducerBatch>& batches, std::size_t partitionCount);

/// What is wrong with `queues` compared with a rebuild from `batches` (and with what lingerFrom
/// promises at `nowMs`); empty when they agree. The invariant checker calls it after every event.
std::string checkBatchQueues(const BatchQueues& queues, const PVector<ProducerBatch>& batches,
                             std::size_t partitionCount, TimeMs nowMs);

} // namespace hw
