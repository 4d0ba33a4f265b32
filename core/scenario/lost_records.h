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

/// What happened to a lost record's bytes: why the replica that leads now did not have it.
enum class LostCause : std::uint8_t {
    UnflushedRecordsLost, // the leader had it, but lost it with its page cache (a restart after a power loss)
    Acks1NotReplicated, // acks=1: the old leader acknowledged it before the new leader fetched it
    NotOnNewLeader, // acks=all: the replica that became leader had not fetched it (it was out of sync)
    None, // no physical cause known: the new leader had the bytes and a rule cut them (truncation to the HW)
};

/// Which election or truncation made the log drop it: the election kinds of PartitionChangeBuilder
/// .electAnyLeader (a clean one from the ISR, or the ELR when the ISR is empty; the last known leader,
/// .canElectLastKnownLeader, flagged unclean; Election.UNCLEAN), read in kafka-metadata 4.2.0's and
/// 4.3.1's sources (PartitionChangeBuilder.java l.225-290 and l.221-286; controller/partition_change_builder.cpp
/// follows it); the legacy follower truncation is
/// UnifiedLog.truncateTo to its own HW.
enum class LostElection : std::uint8_t {
    UncleanElection, // an out-of-sync replica became leader (unclean.leader.election.enable or ElectLeaders)
    LastKnownLeaderElection, // the last known leader was elected with the ISR and ELR empty (KIP-966, 4.0+ with ELR)
    HighWatermarkTruncation, // a follower cut its log to its own HW and then led (truncation: high-watermark, before 0.11)
    CleanElection, // a new leader from the ISR (or the ELR) that still lacked the record
    None, // no election since the record was written
};

struct LostRecord {
    std::int32_t partition = 0; // index into ClusterState::partitions
    Offset offset = 0;
    std::int32_t payload = 0; // index into ClusterState::payloads
    Acks acks = Acks::All;
    LostCause cause = LostCause::None;
    LostElection election = LostElection::None;
    friend bool operator==(const LostRecord&, const LostRecord&) = default;
};

/// Every lost record, producers in order, then their batches and records in send order. A partition
/// without a leader is unavailable, not lost, and is left out.
std::vector<LostRecord> lostRecords(const ClusterState& state);

/// The frame dump's names: "unflushed-records-lost", ... and "unclean-election", ...
std::string_view lostCauseName(LostCause cause);
std::string_view lostElectionName(LostElection election);

} // namespace hw
