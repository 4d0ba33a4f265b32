// SPDX-License-Identifier: MIT
#pragma once

#include "model/cluster_state.h"
#include "scenario/lost_records.h"

#include <QString>

/// Facts the views read off a ClusterState in several places, defined once so that every view and
/// the inspector agree (and agree with the frame dump of docs/frame-format.md).
namespace hw::ui {

/// A broker as the frame dump names its state.
enum class BrokerStatus : std::uint8_t { Online, Offline, Isolated, Fenced };

/// The Kafka release whose rules the cluster follows, as the frame dump's kafka_version names it
/// ("4.2"). Fixed for a run; the window title, the cluster view and the PDF handout show it.
QString kafkaVersionText(const hw::ClusterState& state);

BrokerStatus brokerStatus(const hw::ClusterState& state, hw::BrokerId broker);
/// The badge word for a status: ONLINE, OFFLINE, ISOLATED, FENCED.
QString brokerStatusText(BrokerStatus status);

const hw::Replica* replicaOf(const hw::Partition& partition, hw::BrokerId broker);

/// The replica leading the partition now: the controller's leader, once its broker has learned it
/// leads. Null while the partition is offline or the news is on its way.
const hw::Replica* leaderReplica(const hw::Partition& partition);

/// The partition's high watermark: its leader's HW, -1 without a leader (the frame dump's "hw").
hw::Offset partitionHighWatermark(const hw::Partition& partition);

/// The largest LEO among the partition's replicas.
hw::Offset maxLogEnd(const hw::Partition& partition);

bool inIsr(const hw::Partition& partition, hw::BrokerId broker);
/// Whether the broker is one of the partition's Eligible Leader Replicas (KIP-966, the controller's elr).
bool inElr(const hw::Partition& partition, hw::BrokerId broker);
/// Whether the broker is the partition's last known leader (KIP-966, the controller's lastKnownElr).
bool isLastKnownLeader(const hw::Partition& partition, hw::BrokerId broker);
/// The assignment's replicas outside the ISR, in assignment order (the frame dump's "osr"; AR = ISR + OSR,
/// so an ELR member is one of them).
std::vector<hw::BrokerId> outOfSyncReplicas(const hw::Partition& partition);
/// A set of brokers as the views write it, "{2, 3}", or "empty" in words: with ELR the ISR may be empty.
QString brokerSetText(const std::vector<hw::BrokerId>& brokers);
/// RECOVERED or RECOVERING (Kafka's LeaderRecoveryState names, as the frame dump's leader_recovery_state).
QString leaderRecoveryStateText(hw::LeaderRecoveryState state);

/// The end of what a partition's log rows must show: the largest LEO, or past it the last record a
/// truncation removed from a replica and nothing has replaced (drawn as a ghost cell).
hw::Offset shownLogEnd(const hw::Partition& partition);

/// Whether a replica's record at an offset differs from the current leader's record there (another
/// epoch or another record): a diverged offset, never committed, whatever the HW says. False on the
/// leader, without a leader, and where the leader has no record.
bool divergesFromLeader(const hw::Partition& partition, const hw::Replica& replica, hw::Offset offset);

/// Why a truncation removed records, in words: "truncated at election", "unclean election", ...
QString truncationReasonText(hw::TruncationReason reason);
/// The same in a word or two, for the inside of a ghost cell.
QString truncationReasonShort(hw::TruncationReason reason);

/// What happened to a lost record's bytes, in words (the frame's "lost" causes).
QString lostCauseText(hw::LostCause cause);
/// The election or truncation that dropped a lost record, in words (the frame's "lost" elections).
QString lostElectionText(hw::LostElection election);
/// One line per lost record of a partition (-1: of every partition): "events-0 offset 2: B1
/// (acks=all), lost: never reached the new leader; unclean election". The frame dump's "lost" list,
/// for the views and the inspector.
QStringList lostRecordLines(const hw::ClusterState& state, std::int32_t partition = -1);
/// How many lost-record lines a view shows before "and N more" (the inspector shows them all).
inline constexpr int lostLinesShownMax = 6;

} // namespace hw::ui
