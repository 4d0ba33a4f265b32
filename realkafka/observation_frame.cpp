// SPDX-License-Identifier: MIT
#include "realkafka/observation_frame.h"

#include "clients/consumer.h"
#include "controller/topic_creation.h"
#include "engine/engine.h"
#include "groups/assignor.h"
#include "groups/offsets_partition.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace hw::realkafka {

namespace {

bool contains(const std::vector<std::int32_t>& ids, std::int32_t id)
{
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

std::vector<BrokerId> sortedIds(std::vector<std::int32_t> ids)
{
    std::sort(ids.begin(), ids.end());
    return ids;
}

/// Payloads shared by every replica holding the same record, so that the frame's "diverged" list (which
/// compares records) names only offsets where replicas really differ.
class PayloadStore {
public:
    explicit PayloadStore(ClusterState& state) : m_state(state) { }

    std::int32_t add(const ObservedRecord& record)
    {
        const Key key { record.key, record.value, record.producerId, record.sequence };
        if (const auto found = m_index.find(key); found != m_index.end())
            return found->second;
        Payload payload;
        payload.hasKey = record.key.has_value();
        payload.key = record.key.value_or("");
        payload.value = record.value.value_or("");
        payload.sequence = record.sequence;
        // What the model keeps beside a live client's record: a null value and the batch's producer id.
        LiveRecordInfo info;
        info.valueNull = !record.value.has_value();
        info.producerId = record.producerId;
        payload.liveRecord = static_cast<std::int32_t>(m_state.liveRecords.size());
        m_state.liveRecords.push_back(info);
        const auto index = static_cast<std::int32_t>(m_state.payloads.size());
        m_state.payloads.push_back(payload);
        m_index.emplace(key, index);
        return index;
    }

    /// The record the observer did not read: no key, an empty value (see the header).
    std::int32_t placeholder()
    {
        if (m_placeholder < 0) {
            m_placeholder = static_cast<std::int32_t>(m_state.payloads.size());
            m_state.payloads.push_back(Payload {});
        }
        return m_placeholder;
    }

private:
    using Key = std::tuple<std::optional<std::string>, std::optional<std::string>, std::int64_t, std::int32_t>;
    ClusterState& m_state;
    std::map<Key, std::int32_t> m_index;
    std::int32_t m_placeholder = -1;
};

/// A replica's log, HW and epoch cache from its observed state.
void fillReplica(Replica& replica, const ObservedReplica& seen, PayloadStore& payloads, const ClusterState& state)
{
    std::vector<const ObservedRecord*> records;
    for (const ObservedRecord& record : seen.records)
        records.push_back(&record);
    std::sort(records.begin(), records.end(), [](const auto* a, const auto* b) { return a->offset < b->offset; });
    // The LEO asked of the broker is the truth at that moment; records the dump read beyond it were
    // appended after (a live replica's segment is read a little later).
    Offset end = seen.leo ? *seen.leo : (records.empty() ? 0 : records.back()->offset + 1);
    Offset start = seen.logStartOffset ? *seen.logStartOffset : (records.empty() ? end : records.front()->offset);
    start = std::clamp(start, Offset { 0 }, end);
    start = std::max(start, end - observedLogRecordsMax);
    replica.log.baseOffset = start;
    replica.log.logStart = start;
    auto next = std::lower_bound(records.begin(), records.end(), start,
        [](const ObservedRecord* r, Offset offset) { return r->offset < offset; });
    for (Offset offset = start; offset < end; ++offset) {
        Record record;
        if (next != records.end() && (*next)->offset == offset) {
            const ObservedRecord& seenRecord = **next;
            record.epoch = seenRecord.leaderEpoch;
            record.payload = payloads.add(seenRecord);
            record.sequence = seenRecord.sequence;
            record.producerEpoch = seenRecord.producerEpoch;
            record.batchEnd = seenRecord.lastInBatch;
            ++next;
        } else {
            record.epoch = -1;
            record.payload = payloads.placeholder();
        }
        replica.log.append(record);
        if (!replica.epochCache.empty() && replica.epochCache.back().epoch == record.epoch)
            continue;
        if (record.epoch >= 0)
            replica.epochCache.push_back(EpochEntry { record.epoch, offset });
    }
    replica.hw = std::clamp(seen.hw.value_or(start), start, end);
    // The producer table as Kafka rebuilds it from the log (ProducerStateManager.truncateAndReload).
    replica.producerStates = rebuildProducerStates(replica.log, [&](std::int32_t payload) {
        const Payload& p = state.payloads[static_cast<std::size_t>(payload)];
        return p.liveRecord >= 0 ? state.liveRecords[static_cast<std::size_t>(p.liveRecord)].producerId
                                 : std::int64_t { -1 };
    });
}

GroupState groupStateFromName(const std::string& name)
{
    if (name == "PreparingRebalance")
        return GroupState::PreparingRebalance;
    if (name == "CompletingRebalance")
        return GroupState::CompletingRebalance;
    if (name == "Stable")
        return GroupState::Stable;
    if (name == "Dead")
        return GroupState::Dead;
    // Empty, and the states of the new consumer protocol (KIP-848), which the harness's classic groups never
    // reach: a group with no member in sync.
    return GroupState::Empty;
}

std::int32_t flatPartition(const ClusterState& s, const std::string& topic, std::int32_t partition)
{
    const int t = s.findTopic(topic);
    if (t < 0 || partition < 0 || partition >= s.topics[static_cast<std::size_t>(t)].partitionCount)
        return -1;
    return s.topics[static_cast<std::size_t>(t)].firstPartition + partition;
}

/// The payload of a record a consumer read: the one the observed log holds at that offset (so that the
/// frame's received records and logs agree), else a payload of its own with the value it read.
std::int32_t consumedPayload(ClusterState& s, std::int32_t partition, const ObservedConsumedRecord& record)
{
    for (const Replica& replica : s.partitions[static_cast<std::size_t>(partition)].replicas)
        if (replica.log.holds(record.offset) && replica.log.at(record.offset).epoch >= 0)
            return replica.log.at(record.offset).payload;
    Payload payload;
    payload.value = record.value.value_or("");
    if (!record.value) {
        LiveRecordInfo info;
        info.valueNull = true;
        payload.liveRecord = static_cast<std::int32_t>(s.liveRecords.size());
        s.liveRecords.push_back(info);
    }
    s.payloads.push_back(payload);
    return static_cast<std::int32_t>(s.payloads.size() - 1);
}

/// The groups and consumers of the observation as the model's (docs/real-kafka.md, "Consumers and groups").
/// A consumer added by an add_consumer step is added as the engine adds it; one not made yet stays stopped.
void fillGroups(ClusterState& s, const ClusterObservation& observation, const Scenario& scenario)
{
    const std::vector<ConsumerSpec> specs = scenarioConsumers(scenario);
    const auto consumerIndex = [&](const std::string& id) -> std::int32_t {
        for (std::size_t i = 0; i < s.consumers.size(); ++i)
            if (s.consumers[i].id == id)
                return static_cast<std::int32_t>(i);
        const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ConsumerSpec& c) { return c.id == id; });
        if (spec == specs.end())
            return -1;
        if (!spec->group.empty() && std::none_of(s.groups.begin(), s.groups.end(), [&](const Group& g) { return g.id == spec->group; })) {
            Group group;
            group.id = spec->group;
            group.offsetsPartition = offsetsPartitionFor(group.id, static_cast<int>(s.config.offsetsTopicNumPartitions));
            s.groups.push_back(std::move(group));
        }
        s.consumers.push_back(ConsumerClient::makeConsumer(*spec, s));
        return static_cast<std::int32_t>(s.consumers.size() - 1);
    };
    for (const ObservedConsumer& seen : observation.consumers)
        consumerIndex(seen.id);

    for (const ObservedGroup& seen : observation.groups) {
        const auto found = std::find_if(s.groups.begin(), s.groups.end(), [&](const Group& g) { return g.id == seen.id; });
        if (found == s.groups.end())
            continue;
        Group& group = *found;
        group.state = groupStateFromName(seen.state);
        group.generation = std::max(seen.generation, 0);
        if (const std::optional<AssignorKind> protocol = assignorFromName(seen.protocol))
            group.protocol = *protocol;
        group.members.clear();
        group.leader.clear();
        for (const ObservedMember& m : seen.members) {
            GroupMember member;
            member.memberId = m.memberId;
            member.consumer = consumerIndex(m.consumer);
            if (member.consumer < 0)
                continue; // not one of the scenario's consumers
            member.topics = s.consumers[static_cast<std::size_t>(member.consumer)].topics;
            for (const ObservedPartitionRef& p : m.assignment)
                if (const std::int32_t flat = flatPartition(s, p.topic, p.partition); flat >= 0)
                    member.assignment.push_back(flat);
            member.joined = true;
            if (m.consumer == seen.leader)
                group.leader = m.memberId;
            group.members.push_back(std::move(member));
        }
        group.committed.clear();
        for (const ObservedCommit& c : seen.committed)
            if (const std::int32_t flat = flatPartition(s, c.topic, c.partition); flat >= 0)
                group.committed.push_back(CommittedOffset { flat, c.offset });
        if (seen.coordinator >= 0 && group.offsetsPartition < static_cast<std::int32_t>(s.offsetsPartitions.size()))
            s.offsetsPartitions[static_cast<std::size_t>(group.offsetsPartition)].leader = seen.coordinator;
    }

    for (const ObservedConsumer& seen : observation.consumers) {
        const std::int32_t index = consumerIndex(seen.id);
        if (index < 0)
            continue;
        Consumer& c = s.consumers[static_cast<std::size_t>(index)];
        const Group* group = c.group >= 0 ? &s.groups[static_cast<std::size_t>(c.group)] : nullptr;
        if (!seen.running)
            c.phase = MemberPhase::Stopped;
        else if (!seen.memberId.empty() && group && group->state == GroupState::Stable && seen.generation == group->generation)
            c.phase = MemberPhase::Stable;
        else
            c.phase = MemberPhase::Joining;
        c.memberId = seen.memberId;
        c.generation = seen.generation;
        c.owned.clear();
        for (const ObservedPosition& p : seen.positions) {
            OwnedPartition owned;
            owned.partition = flatPartition(s, p.topic, p.partition);
            if (owned.partition < 0)
                continue;
            owned.position = p.offset.value_or(-1);
            c.owned.push_back(owned);
        }
        c.received = {};
        for (const ObservedConsumedRecord& r : seen.received) {
            const std::int32_t flat = flatPartition(s, r.topic, r.partition);
            if (flat < 0)
                continue;
            ReceivedRecord received;
            received.partition = flat;
            received.offset = r.offset;
            received.payload = consumedPayload(s, flat, r);
            c.received.push_back(received);
        }
    }
}

} // namespace

ClusterState stateFromObservation(
    const ClusterObservation& observation, const Scenario& scenario, const ObservationContext& context)
{
    ClusterState s = Engine::createCluster(scenario.cluster);
    s.nowMs = context.timeMs;
    // Nothing of the real cluster's messages and timers is observed: none is shown as pending.
    s.queue.clear();
    const bool listsAll = observation.fencedBrokers.has_value();
    for (Broker& broker : s.brokers) {
        broker.alive = !contains(observation.stoppedBrokers, broker.id);
        broker.isolated = broker.alive && contains(context.isolatedBrokers, broker.id);
        BrokerRegistration& registration = s.registrations[static_cast<std::size_t>(broker.id - 1)];
        if (listsAll)
            registration.fenced = contains(*observation.fencedBrokers, broker.id);
        else
            registration.fenced
                = !observation.registeredBrokers.empty() && !contains(observation.registeredBrokers, broker.id);
    }

    // The topics the scenario creates at run time (create_topic steps), once the real cluster has them: placed
    // as observed, then filled in below like the others.
    for (const TopicSpec& created : scenario.createdTopics) {
        if (s.findTopic(created.name) >= 0 || findPartition(observation, created.name, 0) == nullptr)
            continue;
        TopicSpec spec = created;
        for (std::int32_t p = 0; p < created.partitions; ++p) {
            const ObservedPartition* seen = findPartition(observation, created.name, p);
            spec.assignment.push_back(seen && !seen->replicas.empty() ? seen->replicas : std::vector<BrokerId> { 1 });
        }
        if (!placeTopic(s, spec, TopicStart::AtClusterCreation).ok())
            continue;
        for (Broker& broker : s.brokers) {
            broker.knownLeaders.resize(s.partitions.size(), noLeader);
            broker.knownLeaderEpochs.resize(s.partitions.size(), -1);
        }
    }

    PayloadStore payloads(s);
    for (std::size_t pi = 0; pi < s.partitions.size(); ++pi) {
        Partition& partition = s.partitions[pi];
        const std::string& topic = s.topics[static_cast<std::size_t>(partition.topic)].name;
        const ObservedPartition* seen = findPartition(observation, topic, partition.index);
        PartitionRegistration& reg = partition.registration;
        if (seen == nullptr) {
            reg.leader = noLeader;
            reg.isr.clear();
            for (Replica& replica : partition.replicas) {
                Replica empty;
                empty.broker = replica.broker;
                replica = std::move(empty);
            }
            continue;
        }
        reg.replicas = seen->replicas;
        reg.isr = seen->isr;
        reg.elr = sortedIds(seen->elr.value_or(std::vector<std::int32_t> {}));
        reg.lastKnownElr = sortedIds(seen->lastKnownElr.value_or(std::vector<std::int32_t> {}));
        reg.leader = seen->leader >= 0 ? seen->leader : noLeader;
        reg.leaderEpoch = std::max(seen->leaderEpoch, 0);
        std::vector<Replica> replicas;
        for (std::int32_t id : seen->replicas) {
            Replica replica;
            replica.broker = id;
            const bool alive = id >= 1 && id <= static_cast<std::int32_t>(s.brokers.size()) && s.broker(id).alive;
            if (const ObservedReplica* state = findReplica(*seen, id))
                fillReplica(replica, *state, payloads, s);
            if (alive) {
                replica.knownLeader = reg.leader;
                replica.knownLeaderEpoch = reg.leaderEpoch;
            }
            if (alive && id == reg.leader) {
                replica.isr = reg.isr;
                // Where the leader's epoch began: its epoch cache's entry for the current epoch.
                replica.epochStartOffset = replica.log.leo();
                for (const EpochEntry& entry : replica.epochCache)
                    if (entry.epoch == reg.leaderEpoch)
                        replica.epochStartOffset = entry.startOffset;
            }
            replicas.push_back(std::move(replica));
        }
        partition.replicas = std::move(replicas);
        for (Broker& broker : s.brokers)
            if (pi < broker.knownLeaders.size())
                broker.knownLeaders[pi] = broker.alive ? reg.leader : noLeader;
    }
    fillGroups(s, observation, scenario);
    return s;
}

std::string observedSource(const std::string& kafkaVersion)
{
    return "Apache Kafka " + kafkaVersion + ", observed";
}

Event realObservedEvent(std::int64_t stepIndex, std::string stepText, bool quiescent)
{
    Event event = Event::at(EventType::RealObserved, -1);
    event.value = stepIndex;
    event.text = std::move(stepText);
    event.detail = quiescent ? 1 : 0;
    return event;
}

nlohmann::ordered_json observedFrame(const ClusterObservation& observation, const Scenario& scenario,
    const std::string& kafkaVersion, std::int64_t frameIndex, const Event& event, const ObservationContext& context,
    RecordsDump records)
{
    const ClusterState state = stateFromObservation(observation, scenario, context);
    FrameHeader header;
    header.frame = frameIndex;
    header.timeMs = context.timeMs;
    header.event = event;
    header.kafkaVersion = kafkaVersion;
    header.source = observedSource(kafkaVersion);
    return frameToJson(header, state, records);
}

} // namespace hw::realkafka
