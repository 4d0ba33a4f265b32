// SPDX-License-Identifier: MIT
#include "controller/partition_change_builder.h"

#include "model/version_rules.h"

#include <algorithm>

namespace hw {

namespace {

bool has(const std::vector<BrokerId>& list, BrokerId b)
{
    return std::find(list.begin(), list.end(), b) != list.end();
}

/// Kafka builds the ELR from a HashSet, which for small broker ids iterates in ascending order; every
/// Kafka test expects that order, so the sets here are kept sorted.
std::vector<BrokerId> sorted(std::vector<BrokerId> list)
{
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    return list;
}

} // namespace

PartitionChangeBuilder::PartitionChangeBuilder(
    const PartitionRegistration& partition, Acceptable acceptable, int minIsr, KafkaVersion version, bool elrEnabled)
    : m_partition(partition),
      m_acceptable(std::move(acceptable)),
      m_minIsr(minIsr),
      m_version(version),
      m_elrEnabled(elrEnabled),
      m_targetIsr(partition.isr),
      m_targetElr(partition.elr),
      m_targetLeaderRecoveryState(partition.leaderRecoveryState)
{
}

PartitionChangeBuilder& PartitionChangeBuilder::setElection(Election election)
{
    m_election = election;
    return *this;
}

PartitionChangeBuilder& PartitionChangeBuilder::setTargetIsr(std::vector<BrokerId> isr)
{
    m_targetIsr = std::move(isr);
    return *this;
}

PartitionChangeBuilder& PartitionChangeBuilder::setUncleanShutdownReplicas(std::vector<BrokerId> replicas)
{
    m_uncleanShutdownReplicas = std::move(replicas);
    return *this;
}

PartitionChangeBuilder& PartitionChangeBuilder::setTargetLeaderRecoveryState(LeaderRecoveryState state)
{
    m_targetLeaderRecoveryState = state;
    return *this;
}

bool PartitionChangeBuilder::isValidNewLeader(BrokerId replica) const
{
    // In the ISR, or in the ELR when the ISR is empty; and acceptable.
    if (replica == noLeader)
        return false;
    const bool eligible = has(m_targetIsr, replica) || (m_targetIsr.empty() && has(m_targetElr, replica));
    return eligible && m_acceptable(replica);
}

bool PartitionChangeBuilder::canElectLastKnownLeader() const
{
    if (!m_elrEnabled)
        return false;
    // Any ELR member, even a fenced one, blocks it (PartitionChangeBuilderTest
    // testEligibleLeaderReplicas_ElectLastKnownLeaderShouldFail).
    if (!m_targetElr.empty() || !m_targetIsr.empty())
        return false;
    if (m_partition.lastKnownElr.size() != 1)
        return false;
    // 4.0.x lacks this test (KAFKA-19522).
    if (!rules::lastKnownLeaderMayBeUnacceptable(m_version) && !m_acceptable(m_partition.lastKnownElr.front()))
        return false;
    return true;
}

PartitionChangeBuilder::ElectionResult PartitionChangeBuilder::electLeader() const
{
    return m_election == Election::Preferred ? electPreferredLeader() : electAnyLeader();
}

PartitionChangeBuilder::ElectionResult PartitionChangeBuilder::electPreferredLeader() const
{
    const std::vector<BrokerId>& replicas = m_partition.replicas;
    if (isValidNewLeader(replicas.front()))
        return { replicas.front() };
    if (isValidNewLeader(m_partition.leader))
        return { m_partition.leader };
    for (std::size_t i = 1; i < replicas.size(); ++i) {
        if (isValidNewLeader(replicas[i]))
            return { replicas[i] };
    }
    if (canElectLastKnownLeader())
        return { m_partition.lastKnownElr.front(), true, true };
    return { noLeader };
}

PartitionChangeBuilder::ElectionResult PartitionChangeBuilder::electAnyLeader() const
{
    if (isValidNewLeader(m_partition.leader))
        return { m_partition.leader };
    for (BrokerId r : m_partition.replicas) {
        if (isValidNewLeader(r))
            return { r };
    }
    if (canElectLastKnownLeader())
        return { m_partition.lastKnownElr.front(), true, true };
    if (m_election == Election::Unclean) {
        for (BrokerId r : m_partition.replicas) {
            if (m_acceptable(r))
                return { r, true };
        }
    }
    return { noLeader };
}

void PartitionChangeBuilder::tryElection(PartitionChangeRecord& record)
{
    const ElectionResult result = electLeader();
    if (result.node == m_partition.leader)
        return;
    if (has(m_targetElr, result.node)) {
        // A clean election from the ELR: the winner is the whole ISR.
        m_targetIsr = { result.node };
        m_targetElr.erase(std::find(m_targetElr.begin(), m_targetElr.end(), result.node));
        record.fromElr = true;
    }
    record.leader = result.node;
    if (result.unclean) {
        // The ISR is forced to the new leader alone: records it lacks are gone.
        record.isr = std::vector<BrokerId> { result.node };
        record.unclean = true;
        record.lastKnownLeader = result.lastKnownLeader;
        if (m_partition.leaderRecoveryState != LeaderRecoveryState::Recovering)
            record.leaderRecoveryState = LeaderRecoveryState::Recovering;
    }
}

void PartitionChangeBuilder::maybePopulateTargetElr()
{
    if (!m_elrEnabled)
        return;
    if (static_cast<int>(m_targetIsr.size()) >= m_minIsr) {
        m_targetElr.clear();
        return;
    }
    // (ELR ∪ the old ISR) - the target ISR - replicas that shut down uncleanly.
    std::vector<BrokerId> candidates = m_targetElr;
    candidates.insert(candidates.end(), m_partition.isr.begin(), m_partition.isr.end());
    std::vector<BrokerId> elr;
    for (BrokerId r : candidates) {
        if (!has(m_targetIsr, r) && !has(m_uncleanShutdownReplicas, r))
            elr.push_back(r);
    }
    m_targetElr = sorted(std::move(elr));
}

void PartitionChangeBuilder::maybeUpdateRecordElr(PartitionChangeRecord& record)
{
    // An unclean election (it set the ISR) or ELR off clears the ELR.
    const bool cleanElection = !record.isr.has_value();
    if (!cleanElection || !m_elrEnabled)
        m_targetElr.clear();
    if (m_targetElr != m_partition.elr)
        record.elr = m_targetElr;
}

void PartitionChangeBuilder::maybeUpdateLastKnownLeader(PartitionChangeRecord& record) const
{
    if (!m_elrEnabled)
        return;
    const BrokerId newLeader = record.leader.value_or(-2); // -2: Kafka's NO_LEADER_CHANGE
    const std::vector<BrokerId>& lke = m_partition.lastKnownElr;
    if (rules::lastKnownLeaderRule(m_version) == rules::LastKnownLeaderRule::WhenLeaderless) {
        if (newLeader == noLeader && lke.empty())
            record.lastKnownElr = std::vector<BrokerId> { m_partition.leader };
        else if (newLeader >= 0 && !lke.empty())
            record.lastKnownElr = std::vector<BrokerId> {};
        return;
    }
    // 4.0.0-4.1.0: recorded when the ISR becomes empty.
    if (record.isr && record.isr->empty() && (lke.size() != 1 || lke.front() != m_partition.leader))
        record.lastKnownElr = std::vector<BrokerId> { m_partition.leader };
    else if ((newLeader >= 0 || (m_partition.leader != noLeader && newLeader != noLeader)) && !lke.empty())
        record.lastKnownElr = std::vector<BrokerId> {};
}

std::optional<PartitionChangeRecord> PartitionChangeBuilder::build()
{
    PartitionChangeRecord record;
    maybePopulateTargetElr();
    tryElection(record);
    maybeUpdateRecordElr(record);
    // With ELR off an empty ISR is never written: the last ISR member stays listed.
    if (!record.isr && (!m_targetIsr.empty() || m_elrEnabled) && m_targetIsr != m_partition.isr)
        record.isr = m_targetIsr;
    maybeUpdateLastKnownLeader(record);
    if (m_targetLeaderRecoveryState != m_partition.leaderRecoveryState)
        record.leaderRecoveryState = m_targetLeaderRecoveryState;
    if (!record.leader && !record.isr && !record.elr && !record.lastKnownElr && !record.leaderRecoveryState)
        return std::nullopt;
    return record;
}

PartitionRegistration mergePartitionChange(const PartitionRegistration& partition, const PartitionChangeRecord& record)
{
    PartitionRegistration next = partition;
    if (record.leader) {
        next.leader = *record.leader;
        ++next.leaderEpoch;
    }
    if (record.isr)
        next.isr = *record.isr;
    if (record.elr)
        next.elr = *record.elr;
    if (record.lastKnownElr)
        next.lastKnownElr = *record.lastKnownElr;
    if (record.leaderRecoveryState)
        next.leaderRecoveryState = *record.leaderRecoveryState;
    ++next.partitionEpoch;
    return next;
}

} // namespace hw
