// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"

#include <string_view>
#include <vector>

/// The records a producer saw acknowledged that the partition's current leader no longer holds at
/// their offset: the frame's "lost" list (docs/frame-format.md), shared by the dump and the views.
/// Kafka has no such list; it is what a teacher points at after an unclean election or a truncation
/// to the high watermark (apache/kafka 3.7.0 UnifiedLog.truncateTo removes them without a trace).
namespace hw {

/// Why an acknowledged record is gone, as far as the partition's history tells.
enum class LostReason : std::uint8_t {
    UncleanElection, // an out-of-sync replica became leader
    LastKnownLeaderElection, // the last known leader was elected with the ISR and ELR empty (KIP-966)
    HighWatermarkTruncation, // truncation: high-watermark (Kafka before 0.11)
    UnflushedRecordsLost, // a broker restarted without its page cache
    Acks1NotReplicated, // acks=1: the leader acknowledged before any follower had it
    Other,
};

struct LostRecord {
    std::int32_t partition = 0; // index into ClusterState::partitions
    Offset offset = 0;
    std::int32_t payload = 0; // index into ClusterState::payloads
    Acks acks = Acks::All;
    LostReason reason = LostReason::Other;
    friend bool operator==(const LostRecord&, const LostRecord&) = default;
};

/// Every lost record, producers in order, then their batches and records in send order. A partition
/// without a leader is unavailable, not lost, and is left out.
std::vector<LostRecord> lostRecords(const ClusterState& state);

/// The frame dump's name of a reason: "unclean-election", ...
std::string_view lostReasonName(LostReason reason);

} // namespace hw
