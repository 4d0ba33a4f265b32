// SPDX-License-Identifier: MIT
#include "clients/record_accumulator.h"

#include <algorithm>

namespace hw {

namespace {

template <typename Entry>
typename std::vector<Entry>::iterator findBatch(std::vector<Entry>& entries, std::int64_t batch)
{
    return std::lower_bound(entries.begin(), entries.end(), batch,
                            [](const Entry& entry, std::int64_t b) { return entry.batch < b; });
}

/// Inserts `entry` in batch order (most often at the end: new batches have the highest index).
template <typename Entry>
void insertByBatch(std::vector<Entry>& entries, Entry entry)
{
    entries.insert(findBatch(entries, entry.batch), entry);
}

template <typename Entry>
void eraseBatch(std::vector<Entry>& entries, std::int64_t batch)
{
    auto it = findBatch(entries, batch);
    if (it != entries.end() && it->batch == batch)
        entries.erase(it);
}

bool isRetrying(const ProducerBatch& batch)
{
    return batch.sent && batch.status == SendStatus::Pending;
}

} // namespace

void queueNewBatch(BatchQueues& queues, const PVector<ProducerBatch>& batches, std::int64_t index)
{
    const ProducerBatch& batch = batches[static_cast<std::size_t>(index)];
    const auto p = static_cast<std::size_t>(batch.partition);
    if (queues.partitions.size() <= p)
        queues.partitions.resize(p + 1);
    PartitionQueue& queue = queues.partitions[p];
    queues.nextOfPartition.push_back(-1);
    if (queue.last >= 0)
        queues.nextOfPartition.set(static_cast<std::size_t>(queue.last), index);
    queue.last = index;
    if (isUnsentPending(batch) && queue.firstUnsent < 0) {
        queue.firstUnsent = index;
        insertByBatch(queues.heads, WaitingBatch{index, batch.partition});
    }
}

void requeueBatch(BatchQueues& queues, const PVector<ProducerBatch>& batches, std::int64_t index,
                  const ProducerBatch& before)
{
    const ProducerBatch& batch = batches[static_cast<std::size_t>(index)];
    const bool wasInFlight = before.status == SendStatus::InFlight;
    const bool isInFlight = batch.status == SendStatus::InFlight;
    if (wasInFlight && !isInFlight)
        eraseBatch(queues.inFlight, index);
    else if (isInFlight && !wasInFlight)
        insertByBatch(queues.inFlight, InFlightBatch{index, batch.partition, batch.sentTo, batch.requestDeadlineMs});
    if (isRetrying(before) && !isRetrying(batch))
        eraseBatch(queues.retrying, index);
    else if (isRetrying(batch) && !isRetrying(before))
        insertByBatch(queues.retrying, WaitingBatch{index, batch.partition});
    if (!isUnsentPending(before) || isUnsentPending(batch))
        return;
    // The batch left its partition's never-sent queue. Only the queue's first batch is drained or
    // expires first, but any other that left is skipped here when the head reaches it.
    PartitionQueue& queue = queues.partitions[static_cast<std::size_t>(batch.partition)];
    if (queue.firstUnsent != index)
        return;
    std::int64_t next = queues.nextOfPartition[static_cast<std::size_t>(index)];
    while (next >= 0 && !isUnsentPending(batches[static_cast<std::size_t>(next)]))
        next = queues.nextOfPartition[static_cast<std::size_t>(next)];
    queue.firstUnsent = next;
    eraseBatch(queues.heads, index);
    if (next >= 0)
        insertByBatch(queues.heads, WaitingBatch{next, batch.partition});
}

std::int64_t firstPendingBatch(const BatchQueues& queues)
{
    std::int64_t first = queues.heads.empty() ? -1 : queues.heads.front().batch;
    if (!queues.retrying.empty() && (first < 0 || queues.retrying.front().batch < first))
        first = queues.retrying.front().batch;
    return first;
}

void advanceLingerFrom(BatchQueues& queues, const PVector<ProducerBatch>& batches, TimeMs nowMs)
{
    const auto size = static_cast<std::int64_t>(batches.size());
    while (queues.lingerFrom < size) {
        const ProducerBatch& batch = batches[static_cast<std::size_t>(queues.lingerFrom)];
        if (isUnsentPending(batch) && batch.readyAtMs > nowMs)
            break;
        ++queues.lingerFrom;
    }
}

BatchQueues rebuildBatchQueues(const PVector<ProducerBatch>& batches, std::size_t partitionCount)
{
    BatchQueues queues;
    queues.partitions.resize(partitionCount);
    batches.forEach(0, batches.size(), [&](std::size_t i, const ProducerBatch& batch) {
        const auto index = static_cast<std::int64_t>(i);
        const auto p = static_cast<std::size_t>(batch.partition);
        if (queues.partitions.size() <= p)
            queues.partitions.resize(p + 1);
        PartitionQueue& queue = queues.partitions[p];
        queues.nextOfPartition.push_back(-1);
        if (queue.last >= 0)
            queues.nextOfPartition.set(static_cast<std::size_t>(queue.last), index);
        queue.last = index;
        if (batch.status == SendStatus::InFlight)
            queues.inFlight.push_back(InFlightBatch{index, batch.partition, batch.sentTo, batch.requestDeadlineMs});
        else if (isRetrying(batch))
            queues.retrying.push_back(WaitingBatch{index, batch.partition});
        else if (isUnsentPending(batch) && queue.firstUnsent < 0) {
            queue.firstUnsent = index;
            queues.heads.push_back(WaitingBatch{index, batch.partition});
        }
    });
    return queues;
}

std::string checkBatchQueues(const BatchQueues& queues, const PVector<ProducerBatch>& batches,
                             std::size_t partitionCount, TimeMs nowMs)
{
    const BatchQueues rebuilt = rebuildBatchQueues(batches, partitionCount);
    if (queues.inFlight != rebuilt.inFlight)
        return "its batches in flight are not the ones the batches say";
    if (queues.retrying != rebuilt.retrying)
        return "its batches waiting for a retry are not the ones the batches say";
    if (queues.heads != rebuilt.heads)
        return "the first waiting batch of some partition is not the one the batches say";
    if (queues.partitions != rebuilt.partitions)
        return "some partition's queue does not start or end where the batches say";
    if (!(queues.nextOfPartition == rebuilt.nextOfPartition))
        return "some batch is not linked to the next batch of its partition";
    if (queues.lingerFrom < 0 || queues.lingerFrom > static_cast<std::int64_t>(batches.size()))
        return "its linger position " + std::to_string(queues.lingerFrom) + " is outside its " +
               std::to_string(batches.size()) + " batches";
    std::string wrong;
    batches.forEach(0, static_cast<std::size_t>(queues.lingerFrom), [&](std::size_t i, const ProducerBatch& batch) {
        if (wrong.empty() && isUnsentPending(batch) && batch.readyAtMs > nowMs)
            wrong = "batch " + std::to_string(i) + " lingers until " + std::to_string(batch.readyAtMs) +
                    " ms, before its linger position " + std::to_string(queues.lingerFrom);
    });
    return wrong;
}

} // namespace hw
