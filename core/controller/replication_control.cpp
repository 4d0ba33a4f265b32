// SPDX-License-Identifier: MIT
#include "controller/replication_control.h"

#include "controller/topic_creation.h"
#include "model/version_rules.h"

#include <algorithm>
#include <string>

namespace hw {

namespace {

/// The partition kinds of the first change of a pass, for its event.
std::uint32_t electionFlags(const PartitionRegistration& before, const PartitionChangeRecord& record)
{
    std::uint32_t flags = 0;
    if (record.unclean)
        flags |= Unclean;
    if (record.fromElr)
        flags |= FromElr;
    if (record.lastKnownLeader)
        flags |= LastKnownLeader;
    if (record.leader && *record.leader == noLeader && before.leader != noLeader)
        flags |= Offline;
    return flags;
}

} // namespace

int ReplicationControl::minIsrOf(const PartitionRegistration& reg) const
{
    // getTopicEffectiveMinIsr: min(min.insync.replicas, RF).
    return static_cast<int>(
        std::min<std::int64_t>(m_state.config.minInsyncReplicas, static_cast<std::int64_t>(reg.replicas.size())));
}

bool ReplicationControl::uncleanConfigOn() const
{
    // ConfigurationControlManager.uncleanLeaderElectionEnabledForTopic: "false // TODO" in 3.7 and 3.8.
    return rules::uncleanConfigHonoured(m_state.config.kafkaVersion) && m_state.config.uncleanLeaderElectionEnable;
}

PartitionChangeBuilder ReplicationControl::builderFor(
    const PartitionRegistration& reg, PartitionChangeBuilder::Acceptable acceptable) const
{
    return PartitionChangeBuilder(
        reg, std::move(acceptable), minIsrOf(reg), m_state.config.kafkaVersion, rules::elrEnabled(m_state.config));
}

void ReplicationControl::apply(std::int32_t partition, const PartitionChangeRecord& record, Event* first)
{
    Partition& p = m_state.partitions[static_cast<std::size_t>(partition)];
    if (first) {
        first->partition = partition;
        first->flags |= electionFlags(p.registration, record);
    }
    if (record.unclean) {
        ++p.uncleanElections;
        p.lastUncleanWasLastKnownLeader = record.lastKnownLeader;
    } else if (record.leader && *record.leader != noLeader && *record.leader != p.registration.leader) {
        ++p.cleanElections;
    }
    p.registration = mergePartitionChange(p.registration, record);
    ++m_state.controller.metadataOffset;
    if (first) {
        first->value = p.registration.leader;
        first->isr = brokerMask(p.registration.isr);
    }
    publish(partition);
}

std::optional<Event> ReplicationControl::handleAlterPartitionRequest(
    const Message& message, const AlterPartitionRequest& request)
{
    Partition& p = m_state.partitions[static_cast<std::size_t>(request.partition)];
    const PartitionRegistration& reg = p.registration;
    Event e;
    e.node = controllerNodeId;
    e.peer = request.leader;
    e.partition = request.partition;

    // ReplicationControlManager.validateAlterPartitionData, in its order.
    auto validIsr = [&] {
        std::vector<BrokerId> seen;
        for (BrokerId b : request.newIsr) {
            if (!contains(reg.replicas, b) || contains(seen, b))
                return false;
            seen.push_back(b);
        }
        return contains(request.newIsr, reg.leader);
    };
    const bool recovering = reg.leaderRecoveryState == LeaderRecoveryState::Recovering;
    const bool askRecovering = request.leaderRecoveryState == LeaderRecoveryState::Recovering;
    ErrorCode error = ErrorCode::None;
    if (request.leaderEpoch > reg.leaderEpoch || request.partitionEpoch > reg.partitionEpoch)
        error = ErrorCode::NotController; // The request is from the future: this controller is behind.
    else if (request.leaderEpoch < reg.leaderEpoch)
        error = ErrorCode::FencedLeaderEpoch;
    else if (request.leader != reg.leader)
        error = ErrorCode::InvalidRequest;
    else if (request.partitionEpoch < reg.partitionEpoch)
        error = ErrorCode::InvalidUpdateVersion;
    else if (!validIsr())
        error = ErrorCode::InvalidRequest;
    else if ((recovering && askRecovering && request.newIsr.size() > 1) || (!recovering && askRecovering))
        error = ErrorCode::InvalidRequest; // KIP-704: only the leader may be in a recovering ISR
    else {
        for (BrokerId b : request.newIsr) {
            if (!isUnfenced(m_state, b))
                error = ErrorCode::IneligibleReplica;
        }
    }

    AlterPartitionResponse response;
    response.partition = request.partition;
    response.error = error;
    if (error == ErrorCode::None) {
        // A success is a partition change like any other: an ISR back at min ISR clears the ELR, a
        // leader's Recovered clears Recovering (ReplicationControlManager.alterPartition).
        PartitionChangeBuilder builder = builderFor(reg, [this](BrokerId b) { return isUnfenced(m_state, b); });
        builder.setElection(uncleanConfigOn() ? Election::Unclean : Election::Online)
            .setTargetIsr(request.newIsr)
            .setTargetLeaderRecoveryState(request.leaderRecoveryState);
        if (std::optional<PartitionChangeRecord> record = builder.build()) {
            p.registration = mergePartitionChange(reg, *record);
            ++m_state.controller.metadataOffset;
        }
        e.type = EventType::AlterPartitionCommitted;
    } else {
        e.type = EventType::AlterPartitionRejected;
        e.error = error;
    }
    response.isr = reg.isr;
    response.leaderEpoch = reg.leaderEpoch;
    response.partitionEpoch = reg.partitionEpoch;
    e.isr = brokerMask(reg.isr);
    e.value = reg.partitionEpoch;
    m_net.send(NodeRef::controller(), message.from, std::move(response));
    afterWrite();
    return e;
}

void ReplicationControl::publish(std::int32_t partition, BrokerId onlyTo)
{
    const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(partition)].registration;
    for (const Broker& b : m_state.brokers) {
        if (onlyTo == noLeader || b.id == onlyTo)
            m_net.send(NodeRef::controller(), NodeRef::broker(b.id),
                PartitionChange { partition, false, reg, m_state.controller.metadataOffset });
    }
}

void ReplicationControl::publishTopic(std::int32_t topic)
{
    const Topic& t = m_state.topics[static_cast<std::size_t>(topic)];
    ++m_state.controller.metadataOffset; // the TopicRecord
    for (std::int32_t p = t.firstPartition; p < t.firstPartition + t.partitionCount; ++p) {
        ++m_state.controller.metadataOffset; // its PartitionRecord
        publish(p);
    }
}

ApplyResult ReplicationControl::createTopicAction(const CreateTopicAction& action)
{
    const TopicCreation created = createTopic(m_state, action.topic, action.validateOnly);
    if (!created.ok())
        return {std::nullopt, "CreateTopics " + action.topic.name + ": " + std::string(errorName(created.error)) + ": " +
                                  created.message};
    Event e = Event::at(EventType::TopicCreated, controllerNodeId);
    e.text = action.topic.name;
    e.value = created.topic;
    e.count = action.validateOnly ? 0 : 1;
    e.detail = action.validateOnly ? 2 : 0;
    if (created.topic >= 0) {
        publishTopic(created.topic);
        afterWrite();
    }
    return {e, {}};
}

std::optional<Event> ReplicationControl::handleCreateTopicsRequest(const Message& message,
                                                                   const CreateTopicsRequest& request)
{
    Event e = Event::at(EventType::TopicCreated, controllerNodeId, message.from.id);
    e.detail = request.autoCreate ? 1 : request.validateOnly ? 2 : 0;
    e.value = -1;
    if (request.client >= 0)
        e.flags |= FromLiveClient;
    CreateTopicsResponse response;
    response.client = request.client;
    bool allExisted = true;
    auto record = [&](const std::string& name, const TopicCreation& created) {
        CreatableTopicResult result;
        result.name = name;
        result.error = created.error;
        result.message = created.message;
        result.topic = created.topic;
        result.numPartitions = created.partitions;
        result.replicationFactor = created.replicationFactor;
        if (created.error != ErrorCode::TopicAlreadyExists)
            allExisted = false;
        if (created.ok()) {
            if (e.count == 0) {
                e.value = created.topic;
                e.text = name;
            }
            ++e.count;
        } else {
            if (e.completed == 0)
                e.error = created.error;
            if (e.count == 0 && e.completed == 0)
                e.text = name;
            ++e.completed;
        }
        response.topics.push_back(std::move(result));
    };
    // ControllerApis.createTopics (core/.../server/ControllerApis.scala at 4.2.0-rc1): a name the request
    // repeats is taken out and answered INVALID_REQUEST after the others, and so is __cluster_metadata.
    std::vector<std::string> duplicates;
    for (const CreatableTopic& topic : request.topics) {
        const auto repeats = std::count_if(request.topics.begin(), request.topics.end(),
                                           [&](const CreatableTopic& t) { return t.name == topic.name; });
        if (repeats > 1) {
            if (std::find(duplicates.begin(), duplicates.end(), topic.name) == duplicates.end())
                duplicates.push_back(topic.name);
            continue;
        }
        if (topic.name == "__cluster_metadata")
            continue;
        const TopicCreation created = createTopic(m_state, topic, request.validateOnly);
        if (created.topic >= 0)
            publishTopic(created.topic);
        record(topic.name, created);
    }
    for (const std::string& name : duplicates)
        record(name, TopicCreation{ErrorCode::InvalidRequest, "Duplicate topic name.", -1, -1, -1});
    for (const CreatableTopic& topic : request.topics) {
        if (topic.name == "__cluster_metadata")
            record(topic.name, TopicCreation{ErrorCode::InvalidRequest,
                                             "Creation of internal topic __cluster_metadata is prohibited.", -1, -1, -1});
    }
    m_net.send(NodeRef::controller(), message.from, std::move(response));
    afterWrite();
    // A broker asks again for a topic it has not learned yet; the controller's TOPIC_ALREADY_EXISTS for it
    // changes nothing (AutoTopicCreationManager only logs the answer).
    if (request.autoCreate && allExisted)
        return std::nullopt;
    return e;
}

void ReplicationControl::publishAllTo(BrokerId broker)
{
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p)
        publish(p, broker);
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.offsetsPartitions.size()); ++p)
        m_net.send(NodeRef::controller(), NodeRef::broker(broker),
            PartitionChange {
                p, true, m_state.offsetsPartitions[static_cast<std::size_t>(p)], m_state.controller.metadataOffset });
}

int ReplicationControl::generateLeaderAndIsrUpdates(BrokerId brokerToRemove, BrokerId brokerToAdd,
    BrokerId brokerWithUncleanShutdown, Scope scope, BrokerId scopeBroker, Event& event, int changedBefore)
{
    // ReplicationControlManager.generateLeaderAndIsrUpdates and its LeaderAcceptor.
    auto acceptable = [this, brokerToRemove, brokerToAdd, brokerWithUncleanShutdown](BrokerId r) {
        if (r == brokerToRemove || r == brokerWithUncleanShutdown)
            return false;
        return r == brokerToAdd || isUnfenced(m_state, r);
    };
    int changed = 0;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(p)].registration;
        const bool inScope = scope == Scope::BrokerInIsr ? contains(reg.isr, scopeBroker)
            : scope == Scope::BrokerInElr                ? contains(reg.elr, scopeBroker)
                                                         : reg.leader == noLeader;
        if (!inScope)
            continue;
        PartitionChangeBuilder builder = builderFor(reg, acceptable);
        if (uncleanConfigOn())
            builder.setElection(Election::Unclean);
        if (brokerWithUncleanShutdown != noLeader)
            builder.setUncleanShutdownReplicas({ brokerWithUncleanShutdown });
        std::vector<BrokerId> isr;
        for (BrokerId b : reg.isr) {
            if (b != brokerToRemove && b != brokerWithUncleanShutdown)
                isr.push_back(b);
        }
        builder.setTargetIsr(std::move(isr));
        std::optional<PartitionChangeRecord> record = builder.build();
        if (!record)
            continue;
        apply(p, *record, changedBefore + changed == 0 ? &event : nullptr);
        ++changed;
    }
    return changed;
}

int ReplicationControl::removeBrokerFromPartitions(BrokerId broker, Event& event)
{
    return generateLeaderAndIsrUpdates(broker, noLeader, noLeader, Scope::BrokerInIsr, broker, event, 0);
}

int ReplicationControl::handleBrokerShutdown(BrokerId broker, bool clean, Event& event)
{
    if (rules::elrEnabled(m_state.config) && !clean) {
        const int inIsr = generateLeaderAndIsrUpdates(noLeader, noLeader, broker, Scope::BrokerInIsr, broker, event, 0);
        return inIsr
            + generateLeaderAndIsrUpdates(noLeader, noLeader, broker, Scope::BrokerInElr, broker, event, inIsr);
    }
    return removeBrokerFromPartitions(broker, event);
}

int ReplicationControl::handleBrokerUnfenced(BrokerId broker, Event& event)
{
    return generateLeaderAndIsrUpdates(noLeader, broker, noLeader, Scope::Leaderless, broker, event, 0);
}

ApplyResult ReplicationControl::electLeaders(std::int32_t partition, Election election)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(m_state.partitions.size()))
        return { std::nullopt, "no such partition" };
    const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(partition)].registration;
    const std::string name = m_state.partitionName(partition);
    // ReplicationControlManager.electLeader.
    if (election == Election::Preferred && reg.leader == reg.replicas.front())
        return { std::nullopt, "ELECTION_NOT_NEEDED: broker " + std::to_string(reg.leader) + " already leads " + name };
    if (election == Election::Unclean && reg.leader != noLeader)
        return { std::nullopt, "ELECTION_NOT_NEEDED: " + name + " has a leader, broker " + std::to_string(reg.leader) };
    PartitionChangeBuilder builder = builderFor(reg, [this](BrokerId b) { return isUnfenced(m_state, b); });
    builder.setElection(election);
    std::optional<PartitionChangeRecord> record = builder.build();
    if (!record || !record->leader || *record->leader == noLeader) {
        if (election == Election::Unclean)
            return { std::nullopt,
                "ELIGIBLE_LEADERS_NOT_AVAILABLE: no replica of " + name
                    + " can lead (each is fenced, "
                      "shutting down or not registered)" };
        const BrokerId preferred = reg.replicas.front();
        if (!contains(reg.isr, preferred))
            return { std::nullopt,
                "PREFERRED_LEADER_NOT_AVAILABLE: the preferred leader, broker " + std::to_string(preferred)
                    + ", is not in " + name + "'s ISR" };
        return { std::nullopt,
            "PREFERRED_LEADER_NOT_AVAILABLE: the preferred leader, broker " + std::to_string(preferred)
                + ", is fenced" };
    }
    Event e = Event::at(EventType::LeaderElected, controllerNodeId, *record->leader, partition);
    if (election == Election::Preferred)
        e.flags |= Preferred;
    apply(partition, *record, &e);
    e.peer = reg.leader;
    e.value = reg.leaderEpoch;
    afterWrite();
    return { e, {} };
}

void ReplicationControl::startUncleanScans()
{
    if (rules::uncleanScan(m_state.config.kafkaVersion) != rules::UncleanScan::Periodic)
        return;
    m_state.controller.uncleanScanAtMs = m_state.nowMs + m_state.config.uncleanLeaderElectionIntervalMs;
    m_net.schedule(m_state.controller.uncleanScanAtMs, Timer { TimerKind::UncleanScan, 0, -1 });
}

void ReplicationControl::startLeaderRebalances()
{
    if (!m_state.config.autoLeaderRebalanceEnable
        || rules::preferredRebalance(m_state.config.kafkaVersion) != rules::PreferredRebalance::Periodic)
        return;
    scheduleLeaderRebalance();
}

void ReplicationControl::scheduleLeaderRebalance()
{
    constexpr TimeMs msPerSecond = 1000;
    m_state.controller.rebalanceAtMs = m_state.nowMs + m_state.config.leaderImbalanceCheckIntervalSeconds * msPerSecond;
    m_net.schedule(m_state.controller.rebalanceAtMs, Timer { TimerKind::LeaderRebalance, 0, -1 });
}

bool ReplicationControl::imbalanced() const
{
    // ReplicationControlManager.imbalancedPartitions: every partition whose leader is not its first
    // replica (PartitionRegistration.hasPreferredLeader), leaderless ones included.
    return std::any_of(m_state.partitions.begin(), m_state.partitions.end(),
        [](const Partition& p) { return p.registration.leader != p.registration.replicas.front(); });
}

std::optional<Event> ReplicationControl::leaderRebalance()
{
    if (m_state.controller.rebalanceAtMs != m_state.nowMs)
        return std::nullopt;
    m_state.controller.rebalanceAtMs = -1;
    const bool periodic = rules::preferredRebalance(m_state.config.kafkaVersion) == rules::PreferredRebalance::Periodic;
    if (periodic)
        scheduleLeaderRebalance(); // PeriodicTaskControlManager: the next run one interval after this one
    // maybeBalancePartitionLeaders: PartitionChangeBuilder with Election.PREFERRED on each imbalanced
    // partition; electPreferredLeader keeps the current leader when the first replica may not lead (out
    // of the ISR, fenced, shutting down), and then nothing is written. Kafka caps a run at
    // MAX_ELECTIONS_PER_IMBALANCE (1000) records and runs again at once; the model's partitions stay
    // below limits::partitionsMax, so one run does them all.
    Event e = Event::at(EventType::LeaderRebalance, controllerNodeId);
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(p)].registration;
        if (reg.leader == reg.replicas.front())
            continue;
        const BrokerId before = reg.leader;
        PartitionChangeBuilder builder = builderFor(reg, [this](BrokerId b) { return isUnfenced(m_state, b); });
        builder.setElection(Election::Preferred);
        std::optional<PartitionChangeRecord> record = builder.build();
        if (!record || !record->leader || *record->leader == before)
            continue;
        apply(p, *record, e.count == 0 ? &e : nullptr);
        if (e.count == 0) {
            e.peer = reg.leader;
            e.value = before;
            e.detail = reg.leaderEpoch;
            e.flags |= Preferred;
        }
        ++e.count;
    }
    afterWrite();
    if (e.count == 0)
        return std::nullopt;
    return e;
}

void ReplicationControl::afterWrite()
{
    // QuorumController.maybeScheduleNextBalancePartitionLeaders (3.x): after a write, if the switch is
    // on, no run is scheduled and some partition is imbalanced, one interval from now.
    if (m_state.config.autoLeaderRebalanceEnable
        && rules::preferredRebalance(m_state.config.kafkaVersion) == rules::PreferredRebalance::AfterImbalancedWrite
        && m_state.controller.rebalanceAtMs < 0 && imbalanced())
        scheduleLeaderRebalance();

    // QuorumController.maybeScheduleNextElectUncleanLeaders (3.9): after a write, if no scan is due and
    // some partition is leaderless, one interval from now.
    if (rules::uncleanScan(m_state.config.kafkaVersion) != rules::UncleanScan::AfterLeaderlessWrite
        || m_state.controller.uncleanScanAtMs >= 0)
        return;
    const bool leaderless = std::any_of(m_state.partitions.begin(), m_state.partitions.end(),
        [](const Partition& p) { return p.registration.leader == noLeader; });
    if (!leaderless)
        return;
    m_state.controller.uncleanScanAtMs = m_state.nowMs + m_state.config.uncleanLeaderElectionIntervalMs;
    m_net.schedule(m_state.controller.uncleanScanAtMs, Timer { TimerKind::UncleanScan, 0, -1 });
}

std::optional<Event> ReplicationControl::uncleanScan()
{
    if (m_state.controller.uncleanScanAtMs != m_state.nowMs)
        return std::nullopt;
    m_state.controller.uncleanScanAtMs = -1;
    if (rules::uncleanScan(m_state.config.kafkaVersion) == rules::UncleanScan::Periodic)
        startUncleanScans();
    if (!uncleanConfigOn())
        return std::nullopt;
    // ReplicationControlManager.maybeElectUncleanLeaders: electLeader(UNCLEAN) on each leaderless partition.
    Event e = Event::at(EventType::UncleanScan, controllerNodeId);
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.partitions.size()); ++p) {
        const PartitionRegistration& reg = m_state.partitions[static_cast<std::size_t>(p)].registration;
        if (reg.leader != noLeader)
            continue;
        PartitionChangeBuilder builder = builderFor(reg, [this](BrokerId b) { return isUnfenced(m_state, b); });
        builder.setElection(Election::Unclean);
        std::optional<PartitionChangeRecord> record = builder.build();
        if (!record)
            continue;
        apply(p, *record, e.count == 0 ? &e : nullptr);
        if (e.count == 0)
            e.peer = static_cast<std::int32_t>(e.value);
        ++e.count;
    }
    if (e.count == 0)
        return std::nullopt;
    refreshOffsetsPartitions();
    return e;
}

void ReplicationControl::refreshOffsetsPartitions()
{
    // __consumer_offsets has no log in the model, so its replicas are always in sync: its ISR is its
    // unfenced replicas (the last one stays, like any ISR without ELR) and its leader the first of
    // them. It has no ELR: with every replica in sync there is nothing for one to protect.
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(m_state.offsetsPartitions.size()); ++p) {
        PartitionRegistration& reg = m_state.offsetsPartitions[static_cast<std::size_t>(p)];
        std::vector<BrokerId> isr;
        for (BrokerId b : reg.replicas) {
            if (isUnfenced(m_state, b) && m_state.broker(b).alive)
                isr.push_back(b);
        }
        BrokerId leader = noLeader;
        if (isr.empty()) {
            isr = reg.isr.empty() ? std::vector<BrokerId> { reg.replicas.front() }
                                  : std::vector<BrokerId> { reg.isr.front() };
        } else {
            leader = std::find(isr.begin(), isr.end(), reg.leader) != isr.end() ? reg.leader : isr.front();
        }
        if (leader == reg.leader && isr == reg.isr)
            continue;
        const bool moved = leader != reg.leader;
        if (moved)
            ++reg.leaderEpoch;
        ++reg.partitionEpoch;
        reg.leader = leader;
        reg.isr = std::move(isr);
        for (const Broker& b : m_state.brokers)
            m_net.send(NodeRef::controller(), NodeRef::broker(b.id),
                PartitionChange { p, true, reg, m_state.controller.metadataOffset });
        if (moved && leader != noLeader)
            m_coordinatorListener->loadGroups(p);
    }
}

ApplyResult ReplicationControl::alterConfig(const ConfigAction& a)
{
    if (a.key == "kafka_version")
        return { std::nullopt, "kafka_version: fixed for the run (cluster.kafka_version)" };
    if (isFixedForRun(a.key))
        return { std::nullopt, a.key + ": fixed for the run (set it in cluster.config)" };
    ClusterConfig next = m_state.config;
    std::string expected = setConfig(next, a.key, a.value);
    if (!expected.empty())
        return { std::nullopt, a.key + ": expected " + expected };
    m_state.config = next;
    Event e;
    e.type = EventType::ConfigChanged;
    // e.completed: the partitions whose ELR was cleared. Turning unclean election on elects nobody now: only the next
    // partition change or scan does (ReplicationControlManagerTest.testPreferredElectionDoesNotTriggerUncleanElection).
    if (a.key == "min.insync.replicas" && rules::elrEnabled(m_state.config)) {
        // ConfigurationControlManager.createClearElrRecordsAsNeeded and replayClearAllElrs: a cluster-level
        // min.insync.replicas write clears every ELR and LastKnownElr, without an election.
        for (Partition& p : m_state.partitions) {
            PartitionRegistration& reg = p.registration;
            if (reg.elr.empty() && reg.lastKnownElr.empty())
                continue;
            reg.elr.clear();
            reg.lastKnownElr.clear();
            ++reg.partitionEpoch;
            ++m_state.controller.metadataOffset;
            ++e.completed;
        }
    }
    e.text = a.key + "=" + formatConfigValue(a.value);
    e.value = a.value.kind == ConfigValue::Kind::Boolean ? (a.value.boolean ? 1 : 0) : a.value.integer;
    afterWrite();
    return { e, {} };
}

} // namespace hw
