// SPDX-License-Identifier: MIT
#include "log/leader_epoch_cache.h"

namespace hw {

void assignEpoch(std::vector<EpochEntry>& cache, std::int32_t epoch, Offset startOffset)
{
    if (!cache.empty() && cache.back().epoch == epoch)
        return;
    while (!cache.empty() && (cache.back().epoch >= epoch || cache.back().startOffset >= startOffset))
        cache.pop_back();
    cache.push_back(EpochEntry{epoch, startOffset});
}

std::pair<std::int32_t, Offset> endOffsetFor(const std::vector<EpochEntry>& cache, Offset leo, std::int32_t epoch)
{
    if (epoch < 0 || cache.empty())
        return {-1, -1};
    if (cache.back().epoch == epoch)
        return {epoch, leo};
    const EpochEntry* floor = nullptr;
    const EpochEntry* higher = nullptr;
    for (const EpochEntry& entry : cache) {
        if (entry.epoch <= epoch)
            floor = &entry;
        else if (!higher)
            higher = &entry;
    }
    if (!higher)
        return {-1, -1}; // The requested epoch is newer than anything this log has seen.
    if (!floor)
        return {epoch, higher->startOffset};
    return {floor->epoch, higher->startOffset};
}

void truncateFromEnd(std::vector<EpochEntry>& cache, Offset endOffset)
{
    while (!cache.empty() && cache.back().startOffset >= endOffset)
        cache.pop_back();
}

void truncateFromStart(std::vector<EpochEntry>& cache, Offset startOffset)
{
    std::size_t removed = 0;
    while (removed < cache.size() && cache[removed].startOffset <= startOffset)
        ++removed;
    if (removed == 0)
        return;
    const EpochEntry kept{cache[removed - 1].epoch, startOffset};
    cache.erase(cache.begin(), cache.begin() + static_cast<std::ptrdiff_t>(removed));
    cache.insert(cache.begin(), kept);
}

} // namespace hw
