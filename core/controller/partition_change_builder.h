// SPDX-License-Identifier: MIT
#pragma once

#include "model/controller_state.h"
#include "model/kafka_version.h"

#include <functional>
#include <optional>
#include <vector>

/// One partition change as the KRaft controller computes it: Kafka's
/// metadata/src/main/java/org/apache/kafka/controller/PartitionChangeBuilder.java, ported rule for
/// rule (build, electLeader, maybePopulateTargetElr, maybeUpdateRecordElr,
/// maybeUpdateLastKnownLeader, canElectLastKnownLeader) at 4.2.0-rc1, with the 4.0 and 4.1.0
/// differences behind model/version_rules.h. docs/research/kafka-controller-rules-3.7-4.2.md (R1-R5)
/// has the line numbers. Reassignment and directories are not modelled.
namespace hw {

/// PartitionChangeRecord: each field is set only when it changes. `leader` unset is Kafka's
/// NO_LEADER_CHANGE (-2).
struct PartitionChangeRecord {
    std::optional<BrokerId> leader;
    std::optional<std::vector<BrokerId>> isr;
    std::optional<std::vector<BrokerId>> elr;
    std::optional<std::vector<BrokerId>> lastKnownElr;
    std::optional<LeaderRecoveryState> leaderRecoveryState;
    // How the leader was chosen (not in Kafka's record; the event and the loss invariant need it).
    bool unclean = false; // an UNCLEAN or last-known-leader election: the ISR became {leader}
    bool fromElr = false; // a clean election of an ELR member (the ISR was empty)
    bool lastKnownLeader = false; // the last known leader was elected (KIP-966), flagged unclean
};

class PartitionChangeBuilder {
public:
    using Acceptable = std::function<bool(BrokerId)>;

    /// `acceptable`: may this broker lead (registered, unfenced, not shutting down, ...;
    /// ReplicationControlManager's LeaderAcceptor). `minIsr`: min(min.insync.replicas, RF).
    PartitionChangeBuilder(const PartitionRegistration& partition, Acceptable acceptable, int minIsr,
        KafkaVersion version, bool elrEnabled);

    PartitionChangeBuilder& setElection(Election election);
    PartitionChangeBuilder& setTargetIsr(std::vector<BrokerId> isr);
    PartitionChangeBuilder& setUncleanShutdownReplicas(std::vector<BrokerId> replicas);
    PartitionChangeBuilder& setTargetLeaderRecoveryState(LeaderRecoveryState state);

    /// The record, or nullopt when nothing would change.
    std::optional<PartitionChangeRecord> build();

private:
    struct ElectionResult {
        BrokerId node = noLeader;
        bool unclean = false;
        bool lastKnownLeader = false;
    };
    bool isValidNewLeader(BrokerId replica) const;
    bool canElectLastKnownLeader() const;
    ElectionResult electLeader() const;
    ElectionResult electPreferredLeader() const;
    ElectionResult electAnyLeader() const;
    void tryElection(PartitionChangeRecord& record);
    void maybePopulateTargetElr();
    void maybeUpdateRecordElr(PartitionChangeRecord& record);
    void maybeUpdateLastKnownLeader(PartitionChangeRecord& record) const;

    const PartitionRegistration& m_partition;
    Acceptable m_acceptable;
    int m_minIsr;
    KafkaVersion m_version;
    bool m_elrEnabled;
    Election m_election = Election::Online;
    std::vector<BrokerId> m_targetIsr;
    std::vector<BrokerId> m_targetElr;
    std::vector<BrokerId> m_uncleanShutdownReplicas;
    LeaderRecoveryState m_targetLeaderRecoveryState;
};

/// PartitionRegistration.merge: the record applied. The partition epoch always goes up by one, the
/// leader epoch whenever the record names a leader (-1 included).
PartitionRegistration mergePartitionChange(const PartitionRegistration& partition, const PartitionChangeRecord& record);

} // namespace hw
