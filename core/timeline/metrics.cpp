// SPDX-License-Identifier: MIT
#include "timeline/metrics.h"

#include "broker/replica.h"

#include <algorithm>

namespace hw {

void StepSeries::set(std::int32_t frame, std::int64_t value)
{
    if (!m_values.empty() && m_values.back() == value)
        return;
    m_frames.push_back(frame);
    m_values.push_back(value);
}

void StepSeries::truncate(std::int64_t frameCount)
{
    const auto end = std::lower_bound(m_frames.begin(), m_frames.end(), frameCount,
                                      [](std::int32_t frame, std::int64_t count) { return frame < count; });
    const auto kept = static_cast<std::size_t>(end - m_frames.begin());
    m_frames.resize(kept);
    m_values.resize(kept);
}

void StepSeries::dropBefore(std::int64_t frame)
{
    // The last change at or before `frame` holds the value there: it stays, moved to `frame`.
    const auto after = std::upper_bound(m_frames.begin(), m_frames.end(), frame,
                                        [](std::int64_t f, std::int32_t change) { return f < change; });
    if (after == m_frames.begin())
        return;
    const auto kept = static_cast<std::ptrdiff_t>(after - m_frames.begin()) - 1;
    m_frames.erase(m_frames.begin(), m_frames.begin() + kept);
    m_values.erase(m_values.begin(), m_values.begin() + kept);
    m_frames.front() = static_cast<std::int32_t>(frame);
}

std::optional<std::int64_t> StepSeries::valueAtFrame(std::int64_t frame) const
{
    const auto after = std::upper_bound(m_frames.begin(), m_frames.end(), frame,
                                        [](std::int64_t f, std::int32_t change) { return f < change; });
    if (after == m_frames.begin())
        return std::nullopt;
    return m_values[static_cast<std::size_t>(after - m_frames.begin()) - 1];
}

void RunMetrics::reset(const ClusterState& initial)
{
    m_frameCount = 0;
    m_firstFrame = 0;
    m_partitions.clear();
    m_groups.clear();
    m_observedGroupIds.clear();
    m_observedPartitions.clear();
    m_observedGroupSlots.clear();
    m_observedPartitionSlots.clear();
    m_slotOfIndex.clear();
    m_slotTopics.clear();
    m_producers.clear();
    record(initial);
}

void RunMetrics::record(const ClusterState& state)
{
    sample(static_cast<std::int32_t>(m_frameCount), state);
    ++m_frameCount;
}

std::size_t RunMetrics::observedGroupSlot(const std::string& id) const
{
    const auto at = m_observedGroupSlots.find(id);
    return at == m_observedGroupSlots.end() ? m_observedGroupIds.size() : at->second;
}

std::size_t RunMetrics::observedPartitionSlot(const std::string& topic, std::int32_t partition) const
{
    const auto at = m_observedPartitionSlots.find({topic, partition});
    return at == m_observedPartitionSlots.end() ? m_observedPartitions.size() : at->second;
}

std::int32_t RunMetrics::partitionSlot(const ClusterState& state, std::int32_t index) const
{
    if (index < 0 || static_cast<std::size_t>(index) >= state.partitions.size())
        return -1;
    if (!state.observed)
        return static_cast<std::size_t>(index) < m_partitions.size() ? index : -1;
    const Partition& partition = state.partitions[static_cast<std::size_t>(index)];
    const std::size_t slot =
        observedPartitionSlot(state.topics[static_cast<std::size_t>(partition.topic)].name, partition.index);
    return slot < m_observedPartitions.size() ? static_cast<std::int32_t>(slot) : -1;
}

void RunMetrics::resizeTo(const ClusterState& state)
{
    if (state.observed) {
        // The slots change only with the topics: most polls keep them, and a frame of 8,192 partitions
        // need not look each one up again.
        std::vector<std::pair<std::string, std::int32_t>> topics;
        topics.reserve(state.topics.size());
        for (const Topic& topic : state.topics)
            topics.emplace_back(topic.name, topic.partitionCount);
        const bool sameTopics = topics == m_slotTopics && m_slotOfIndex.size() == state.partitions.size();
        m_slotTopics = std::move(topics);
        m_slotOfIndex.resize(state.partitions.size());
        for (std::size_t p = 0; p < state.partitions.size() && !sameTopics; ++p) {
            const Partition& partition = state.partitions[p];
            const std::string& topic = state.topics[static_cast<std::size_t>(partition.topic)].name;
            std::size_t slot = observedPartitionSlot(topic, partition.index);
            if (slot == m_observedPartitions.size()) {
                m_observedPartitionSlots.emplace(std::make_pair(topic, partition.index), slot);
                m_observedPartitions.push_back({topic, partition.index});
            }
            m_slotOfIndex[p] = static_cast<std::int32_t>(slot);
        }
        m_partitions.resize(m_observedPartitions.size());
    } else {
        m_slotOfIndex.resize(state.partitions.size());
        for (std::size_t p = 0; p < state.partitions.size(); ++p)
            m_slotOfIndex[p] = static_cast<std::int32_t>(p);
        m_partitions.resize(state.partitions.size());
    }
    if (state.observed) {
        for (const ObservedGroupFacts& g : state.observed->groups) {
            if (observedGroupSlot(g.id) == m_observedGroupIds.size()) {
                m_observedGroupSlots.emplace(g.id, m_observedGroupIds.size());
                m_observedGroupIds.push_back(g.id);
            }
        }
    }
    m_groups.resize(state.observed ? m_observedGroupIds.size() : state.groups.size());
    m_producers.resize(state.producers.size());
    for (std::size_t p = 0; p < state.partitions.size(); ++p) {
        PartitionMetrics& pm = m_partitions[static_cast<std::size_t>(m_slotOfIndex[p])];
        const std::vector<Replica>& replicas = state.partitions[p].replicas;
        if (pm.replicas.size() != replicas.size()) {
            pm.replicas.resize(replicas.size());
            pm.leo.resize(replicas.size());
            if (state.observed)
                pm.replicaHw.resize(replicas.size());
        }
        for (std::size_t r = 0; r < replicas.size(); ++r)
            pm.replicas[r] = replicas[r].broker;
    }
    for (GroupMetrics& gm : m_groups)
        gm.slotOfPartition.resize(m_partitions.size(), -1);
}

void RunMetrics::sample(std::int32_t frame, const ClusterState& state)
{
    resizeTo(state);
    for (std::size_t p = 0; p < state.partitions.size(); ++p) {
        const Partition& partition = state.partitions[p];
        PartitionMetrics& pm = m_partitions[static_cast<std::size_t>(m_slotOfIndex[p])];
        for (std::size_t r = 0; r < partition.replicas.size(); ++r)
            pm.leo[r].set(frame, partition.replicas[r].log.leo());
        if (partition.observed) {
            // Each replica's own HW as its broker answered (a follower's lags the leader's).
            const std::vector<ObservedReplicaFacts>& facts = partition.observed->facts.replicaFacts;
            for (std::size_t r = 0; r < pm.replicaHw.size(); ++r)
                pm.replicaHw[r].set(frame, r < facts.size() && facts[r].hw ? *facts[r].hw : StepSeries::unknownValue);
        }
        const Offset hw = partitionHighWatermark(state, static_cast<std::int32_t>(p));
        pm.hw.set(frame, hw >= 0 ? hw : StepSeries::unknownValue);
        pm.isrSize.set(frame, static_cast<std::int64_t>(partition.registration.isr.size()));
        const PartitionRegistration& reg = partition.registration;
        if (reg.leader != pm.lastLeader || reg.leaderEpoch != pm.lastEpoch) {
            if (frame > 0)
                pm.leaderChanges.push_back(LeaderChange{frame, reg.leader, reg.leaderEpoch});
            pm.lastLeader = reg.leader;
            pm.lastEpoch = reg.leaderEpoch;
        }
    }

    // One group's lags from its committed offsets (partition index, offset).
    auto sampleGroup = [&](GroupMetrics& gm, const std::vector<std::pair<std::int32_t, Offset>>& offsets) {
        std::vector<bool> committed(gm.partitions.size(), false);
        std::int64_t total = 0;
        bool anyKnown = false;
        for (const auto& [partition, offset] : offsets) {
            if (partition < 0 || static_cast<std::size_t>(partition) >= state.partitions.size())
                continue;
            const std::int32_t key = m_slotOfIndex[static_cast<std::size_t>(partition)];
            std::int32_t& slot = gm.slotOfPartition[static_cast<std::size_t>(key)];
            if (slot < 0) {
                slot = static_cast<std::int32_t>(gm.partitions.size());
                gm.partitions.push_back(GroupPartitionLag{key, {}});
                committed.push_back(false);
            }
            const Offset hw = partitionHighWatermark(state, partition);
            const std::int64_t lag = hw >= 0 ? std::max<Offset>(0, hw - offset) : StepSeries::unknownValue;
            gm.partitions[static_cast<std::size_t>(slot)].lag.set(frame, lag);
            committed[static_cast<std::size_t>(slot)] = true;
            if (lag != StepSeries::unknownValue) {
                total += lag;
                anyKnown = true;
            }
        }
        for (std::size_t i = 0; i < gm.partitions.size(); ++i) {
            if (!committed[i])
                gm.partitions[i].lag.set(frame, StepSeries::unknownValue);
        }
        gm.totalLag.set(frame, anyKnown ? total : StepSeries::unknownValue);
    };
    std::vector<std::pair<std::int32_t, Offset>> offsets;
    for (std::size_t g = 0; g < state.groups.size(); ++g) {
        offsets.clear();
        for (const CommittedOffset& c : state.groups[g].committed)
            offsets.emplace_back(c.partition, c.offset);
        sampleGroup(m_groups[g], offsets);
    }
    if (state.observed) {
        // An observed cluster's groups (issue 29), each in its slot of observedGroupIds(); a group gone
        // from the cluster has no lag.
        std::vector<bool> seen(m_observedGroupIds.size(), false);
        for (const ObservedGroupFacts& g : state.observed->groups) {
            const std::size_t slot = observedGroupSlot(g.id);
            seen[slot] = true;
            offsets.clear();
            for (const ObservedCommittedOffset& c : g.committed) {
                if (c.offset >= 0)
                    offsets.emplace_back(findObservedPartition(state, c.topic, c.partition), c.offset);
            }
            sampleGroup(m_groups[slot], offsets);
        }
        for (std::size_t slot = 0; slot < seen.size(); ++slot) {
            if (!seen[slot])
                sampleGroup(m_groups[slot], {});
        }
    }

    for (std::size_t i = 0; i < state.producers.size(); ++i) {
        ProducerMetrics& pm = m_producers[i];
        countSends(pm, state.producers[i]);
        pm.acked.set(frame, pm.ackedRecords);
        pm.failed.set(frame, pm.failedRecords);
    }
}

void RunMetrics::truncate(std::int64_t frameCount, const ClusterState& lastState)
{
    if (frameCount >= m_frameCount)
        return;
    m_frameCount = std::max<std::int64_t>(frameCount, 0);
    resizeTo(lastState);
    for (std::size_t p = 0; p < m_partitions.size(); ++p) {
        PartitionMetrics& pm = m_partitions[p];
        for (StepSeries& leo : pm.leo)
            leo.truncate(m_frameCount);
        for (StepSeries& hw : pm.replicaHw)
            hw.truncate(m_frameCount);
        pm.hw.truncate(m_frameCount);
        pm.isrSize.truncate(m_frameCount);
        std::erase_if(pm.leaderChanges, [&](const LeaderChange& c) { return c.frame >= m_frameCount; });
    }
    for (std::size_t p = 0; p < lastState.partitions.size(); ++p) {
        PartitionMetrics& pm = m_partitions[static_cast<std::size_t>(m_slotOfIndex[p])];
        pm.lastLeader = lastState.partitions[p].registration.leader;
        pm.lastEpoch = lastState.partitions[p].registration.leaderEpoch;
    }
    for (GroupMetrics& gm : m_groups) {
        // A partition first committed after the fork point was never seen on the kept frames.
        for (GroupPartitionLag& lag : gm.partitions)
            lag.lag.truncate(m_frameCount);
        std::erase_if(gm.partitions, [](const GroupPartitionLag& lag) { return lag.lag.empty(); });
        std::fill(gm.slotOfPartition.begin(), gm.slotOfPartition.end(), -1);
        for (std::size_t i = 0; i < gm.partitions.size(); ++i)
            gm.slotOfPartition[static_cast<std::size_t>(gm.partitions[i].partition)] = static_cast<std::int32_t>(i);
        gm.totalLag.truncate(m_frameCount);
    }
    // The counters of finished batches restart from the kept state: one pass over its batches.
    for (std::size_t i = 0; i < m_producers.size(); ++i) {
        ProducerMetrics& pm = m_producers[i];
        pm.acked.truncate(m_frameCount);
        pm.failed.truncate(m_frameCount);
        pm.scannedUpTo = 0;
        pm.open.clear();
        pm.ackedRecords = 0;
        pm.failedRecords = 0;
        countSends(pm, lastState.producers[i]);
    }
}

void RunMetrics::dropBefore(std::int64_t frame)
{
    frame = std::min(frame, m_frameCount - 1);
    if (frame <= m_firstFrame)
        return;
    m_firstFrame = frame;
    for (PartitionMetrics& pm : m_partitions) {
        for (StepSeries& leo : pm.leo)
            leo.dropBefore(frame);
        for (StepSeries& hw : pm.replicaHw)
            hw.dropBefore(frame);
        pm.hw.dropBefore(frame);
        pm.isrSize.dropBefore(frame);
        std::erase_if(pm.leaderChanges, [&](const LeaderChange& c) { return c.frame < frame; });
    }
    for (GroupMetrics& gm : m_groups) {
        for (GroupPartitionLag& lag : gm.partitions)
            lag.lag.dropBefore(frame);
        gm.totalLag.dropBefore(frame);
    }
    // The producers' counters of finished batches go on from the head; only their series shrink.
    for (ProducerMetrics& pm : m_producers) {
        pm.acked.dropBefore(frame);
        pm.failed.dropBefore(frame);
    }
}

void RunMetrics::countSends(ProducerMetrics& pm, const Producer& producer)
{
    const auto size = static_cast<std::int64_t>(producer.batches.size());
    if (size < pm.scannedUpTo) {
        // The producer's history got shorter than what was seen: count it again from the start.
        pm.scannedUpTo = 0;
        pm.open.clear();
        pm.ackedRecords = 0;
        pm.failedRecords = 0;
    }
    auto finish = [&pm](const ProducerBatch& batch) {
        if (batch.status == SendStatus::Acked)
            pm.ackedRecords += batch.count;
        else if (batch.status == SendStatus::Failed)
            pm.failedRecords += batch.count;
        else
            return false;
        return true;
    };
    std::erase_if(pm.open, [&](std::int64_t index) { return finish(producer.batches[static_cast<std::size_t>(index)]); });
    producer.batches.forEach(static_cast<std::size_t>(pm.scannedUpTo), static_cast<std::size_t>(size),
                             [&](std::size_t index, const ProducerBatch& batch) {
                                 if (!finish(batch))
                                     pm.open.push_back(static_cast<std::int64_t>(index));
                             });
    pm.scannedUpTo = size;
}

} // namespace hw
