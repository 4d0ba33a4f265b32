// SPDX-License-Identifier: MIT
#pragma once

#include "model/config.h"
#include "model/kafka_version.h"

/// Every rule that differs between the Kafka versions HighWater models, each behind one named
/// predicate. This is the only file that compares versions; the engine asks these questions and
/// never compares a KafkaVersion itself. docs/research/kafka-controller-rules-3.7-4.2.md has the
/// source lines at each release tag (3.7.0, 3.8.0, 3.9.0-rc3, 4.0.0, 4.1.1, 4.2.0-rc1).
/// docs/research/kafka-rules-4.3-4.4.md compares 4.2.0 with 4.3.1 and 4.4.0: none of the rules below
/// changed, so 4.3 and 4.4 answer every predicate as 4.2 does (each is an "at least" test).
namespace hw::rules {

constexpr bool atLeast(KafkaVersion v, KafkaVersion since)
{
    return static_cast<int>(v) >= static_cast<int>(since);
}

/// unclean.leader.election.enable is read by the KRaft controller. 3.7 and 3.8:
/// ConfigurationControlManager.uncleanLeaderElectionEnabledForTopic returns false ("TODO"), so only
/// the ElectLeaders API elects uncleanly. 3.9 (KAFKA-12670) reads the config on every partition change.
constexpr bool uncleanConfigHonoured(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V3_9);
}

/// How the controller rescans leaderless partitions for unclean election
/// (unclean.leader.election.interval.ms). 3.9: QuorumController.maybeScheduleNextElectUncleanLeaders
/// schedules a scan one interval after a write that finds a leaderless partition. 4.0+:
/// QuorumController.registerElectUnclean runs a periodic task from controller activation.
enum class UncleanScan : std::uint8_t { None, AfterLeaderlessWrite, Periodic };
constexpr UncleanScan uncleanScan(KafkaVersion v)
{
    if (atLeast(v, KafkaVersion::V4_0))
        return UncleanScan::Periodic;
    return atLeast(v, KafkaVersion::V3_9) ? UncleanScan::AfterLeaderlessWrite : UncleanScan::None;
}

/// When the controller runs its automatic preferred-leader rebalance
/// (ReplicationControlManager.maybeBalancePartitionLeaders). 3.7-3.9:
/// QuorumController.maybeScheduleNextBalancePartitionLeaders schedules a run one interval after a
/// write (or the activation) that finds an imbalanced partition and none scheduled. 4.0+:
/// QuorumController.registerElectPreferred runs a periodic task every interval from activation.
enum class PreferredRebalance : std::uint8_t { AfterImbalancedWrite, Periodic };
constexpr PreferredRebalance preferredRebalance(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_0) ? PreferredRebalance::Periodic : PreferredRebalance::AfterImbalancedWrite;
}

/// Eligible Leader Replicas can be switched on (eligible.leader.replicas.version 1 needs metadata
/// 4.0-IV1; MetadataVersion.isElrSupported was not a production level before 4.0).
constexpr bool elrSupported(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_0);
}

/// ELR is on in a cluster formatted new at v: EligibleLeaderReplicasVersion.ELRV_1 bootstraps at
/// IBP_4_1_IV0, so 4.0's LATEST_PRODUCTION (4.0-IV3) formats it off and 4.1's on.
constexpr bool elrDefault(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_1);
}

/// ELR in force for this run: supported and switched on (eligible.leader.replicas.enable).
constexpr bool elrEnabled(const ClusterConfig& c)
{
    return elrSupported(c.kafkaVersion) && c.eligibleLeaderReplicasEnable;
}

/// A new incarnation's registration runs ReplicationControlManager.handleBrokerShutdown(id, clean),
/// taking it out of every ISR (KAFKA-18106, KAFKA-18635; ClusterControlManager.registerBroker 4.0.0).
/// In 3.8 and 3.9 the handler exists but returns at once without an ELR metadata version.
constexpr bool registrationLeavesIsrs(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_0);
}

/// Whether a broker's session counts as valid while it is fenced. 3.x
/// (BrokerHeartbeatManager.hasValidSession): a fenced broker has no session, so it may register a new
/// incarnation at once. 4.0+ (BrokerHeartbeatTracker.hasValidSession): only the last contact counts,
/// fenced or not, so a broker that finished a controlled shutdown is refused for a session timeout.
constexpr bool sessionSurvivesFencing(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_0);
}

/// How a broker retries a registration the controller refused (DUPLICATE_BROKER_REGISTRATION while
/// its old incarnation's session is valid): BrokerLifecycleManager.scheduleNextCommunicationAfterFailure.
/// 3.7.0 and 3.8.0 (also 3.9.0 and 4.0.0): ExponentialBackoff(100 ms, x2, up to
/// broker.session.timeout.ms, 2 % jitter), reset by a success. 3.9.2, 4.0.2, 4.1.2, 4.2.0, 4.3.1 and 4.4.0
/// (bytecode): after broker.heartbeat.interval.ms, the same delay as after a success (KAFKA-19294, "Fix
/// BrokerLifecycleManager RPC timeouts", backported to the 3.9 and 4.0 series after their .0 release).
/// HighWater's "3.9" and "4.0" follow the newest patch release of each series, which scripts/kafka-dist
/// fetches and the real runs use; no 3.7 or 3.8 release has the fix.
enum class RegistrationRetry : std::uint8_t { ExponentialBackoff, HeartbeatInterval };
constexpr RegistrationRetry registrationRetry(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V3_9) ? RegistrationRetry::HeartbeatInterval : RegistrationRetry::ExponentialBackoff;
}

/// How stale brokers are found. 3.x: a deferred check at exactly lastContact + session timeout.
/// 4.0+: QuorumController.maybeFenceStaleBroker, a periodic task every max(1 ms, session timeout / 8).
constexpr bool fenceCheckSampled(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_0);
}

/// 4.0.x elects a last known leader that is fenced or shutting down (KAFKA-19522: the acceptable()
/// test is missing from PartitionChangeBuilder.canElectLastKnownLeader; fixed in 4.1.0).
constexpr bool lastKnownLeaderMayBeUnacceptable(KafkaVersion v)
{
    return v == KafkaVersion::V4_0;
}

/// When PartitionChangeBuilder.maybeUpdateLastKnownLeader records the last known leader. 4.0-4.1.0:
/// when the ISR becomes empty. 4.1.1+ ("MINOR: simplify last known elr update", #20655): when the
/// partition becomes leaderless and none is recorded. HighWater's "4.1" is 4.1.1.
enum class LastKnownLeaderRule : std::uint8_t { WhenIsrEmpties, WhenLeaderless };
constexpr LastKnownLeaderRule lastKnownLeaderRule(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_1) ? LastKnownLeaderRule::WhenLeaderless : LastKnownLeaderRule::WhenIsrEmpties;
}

/// The producer's linger.ms default: 0 through 3.9, 5 from 4.0 (KIP-1030; ProducerConfig at 4.0.0
/// defines LINGER_MS_CONFIG with default 5). HighWater's producers are the clients of the cluster's
/// release.
constexpr std::int64_t lingerMsDefault(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_0) ? 5 : 0;
}

/// max.in.flight.requests.per.connection above 5 with enable.idempotence left at its default. 3.x:
/// ProducerConfig.postProcessAndValidateIdempotenceConfigs logs "Idempotence will be disabled ...
/// in v4.0.0 and onward, this will become an error" and turns idempotence off. 4.0.0: a
/// ConfigException. (A conflicting acks or retries=0 turns it off silently in every version, and is an
/// error in every version when enable.idempotence is set explicitly.)
constexpr bool inFlightAboveFiveIsAnError(KafkaVersion v)
{
    return atLeast(v, KafkaVersion::V4_0);
}

} // namespace hw::rules
