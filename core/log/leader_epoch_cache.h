// SPDX-License-Identifier: MIT
#pragma once

#include "log/replica_log.h"

#include <cstdint>
#include <utility>
#include <vector>

/// The leader-epoch cache of one replica (Kafka's LeaderEpochFileCache, storage/.../epoch/
/// LeaderEpochFileCache.java): for each leader epoch, the offset its first record got. Followers use it to
/// find where their log diverges from the leader's (KIP-101, KIP-279).
namespace hw {

/// LeaderEpochFileCache.assign: entries from the new epoch on, or starting at or after the new start
/// offset, are replaced by the new entry.
void assignEpoch(std::vector<EpochEntry>& cache, std::int32_t epoch, Offset startOffset);

/// LeaderEpochFileCache.endOffsetFor: the epoch and end offset a log has for a requested epoch
/// ({-1, -1} when the log has seen nothing of it or anything newer).
std::pair<std::int32_t, Offset> endOffsetFor(const std::vector<EpochEntry>& cache, Offset leo, std::int32_t epoch);

/// LeaderEpochFileCache.truncateFromEnd: every entry starting at or after endOffset goes.
void truncateFromEnd(std::vector<EpochEntry>& cache, Offset endOffset);

/// LeaderEpochFileCache.truncateFromStart: the entries starting at or before startOffset go, and the
/// last of them comes back starting at startOffset (the log's new start still has that epoch).
void truncateFromStart(std::vector<EpochEntry>& cache, Offset startOffset);

} // namespace hw
