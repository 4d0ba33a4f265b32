// SPDX-License-Identifier: MIT
#include "model/observed_state.h"

#include "model/limits.h"

#include <algorithm>
#include <map>
#include <set>

namespace hw {

namespace {

void refuse(const std::string& what, std::int64_t count, const char* limit, std::int64_t max)
{
    throw ObservedLimitExceeded("the observed cluster has " + std::to_string(count) + " " + what + ", above limits::" +
                                limit + " (" + std::to_string(max) +
                                "); observe fewer topics with --topics REGEX");
}

ObservedPollInfo pollInfo(const ObservedCluster& poll)
{
    // The controller is not observed: in KRaft, DescribeCluster's (and Metadata's) ControllerId is a random
    // unfenced broker, drawn again for every request, where clients send what was once the controller's
    // (KRaftMetadataCache.getControllerId and getRandomAliveBroker at 4.2.0, KIP-590). Taking it would make
    // a frame of nearly every poll on a quiet cluster and name a broker that controls nothing; the active
    // controller is a quorum member clients cannot reach. The recording keeps what the broker said.
    return ObservedPollInfo{poll.clusterId, -1,              poll.kafkaVersion, poll.timeMs, poll.intervalMs,
                            poll.pollMs,    poll.stretched,  poll.fencingKnown, poll.elrKnown};
}

/// The model's brokers and the controller's registrations from the slots.
void modelBrokers(const std::vector<ObservedBrokerSlot>& slots, ClusterState& s)
{
    s.brokers.clear();
    s.registrations.clear();
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const ObservedBrokerSlot& slot = slots[i];
        Broker b;
        b.id = static_cast<BrokerId>(i) + 1;
        b.alive = slot.present && slot.facts.answered;
        b.registered = slot.present;
        if (!slot.facts.rack.empty())
            b.rack = slot.facts.rack;
        s.brokers.push_back(std::move(b));
        BrokerRegistration r;
        r.id = static_cast<BrokerId>(i) + 1;
        r.fenced = !slot.present || slot.facts.fenced;
        s.registrations.push_back(r);
    }
}

/// The broker slots of a poll: the previous state's in their order, then the nodes first seen now (the
/// poll's brokers, then any node a partition names that DescribeCluster did not list).
std::vector<ObservedBrokerSlot> brokerSlots(const ObservedCluster& poll, const ClusterState* previous)
{
    std::vector<ObservedBrokerSlot> slots;
    if (previous && previous->observed)
        slots = previous->observed->brokers;
    for (ObservedBrokerSlot& slot : slots)
        slot.present = false;
    std::map<std::int32_t, std::size_t> index;
    for (std::size_t i = 0; i < slots.size(); ++i)
        index[slots[i].facts.id] = i;
    auto ensure = [&](std::int32_t id, const ObservedBrokerFacts* facts) {
        if (id < 0)
            throw std::invalid_argument("node id " + std::to_string(id) + " is negative");
        auto it = index.find(id);
        if (it == index.end()) {
            if (slots.size() >= static_cast<std::size_t>(limits::observedBrokersMax))
                refuse("brokers (counting every node seen since observing started)",
                       static_cast<std::int64_t>(slots.size()) + 1, "observedBrokersMax", limits::observedBrokersMax);
            ObservedBrokerSlot slot;
            slot.facts.id = id;
            slot.facts.answered = false;
            slot.present = false;
            it = index.emplace(id, slots.size()).first;
            slots.push_back(slot);
        }
        if (facts) {
            if (slots[it->second].present)
                throw std::invalid_argument("broker " + std::to_string(id) + " is listed twice");
            slots[it->second].facts = *facts;
            slots[it->second].present = true;
        }
    };
    for (const ObservedBrokerFacts& b : poll.brokers)
        ensure(b.id, &b);
    for (const ObservedTopicFacts& t : poll.topics) {
        for (const ObservedPartitionFacts& p : t.partitions) {
            if (p.leader >= 0)
                ensure(p.leader, nullptr);
            for (const auto* list : {&p.replicas, &p.isr, &p.offlineReplicas})
                for (std::int32_t id : *list)
                    ensure(id, nullptr);
            for (const auto* list : {&p.elr, &p.lastKnownElr})
                if (*list)
                    for (std::int32_t id : **list)
                        ensure(id, nullptr);
            for (const ObservedReplicaFacts& r : p.replicaFacts)
                ensure(r.broker, nullptr);
        }
    }
    return slots;
}

Replica observedReplica(BrokerId broker, const ObservedReplicaFacts* facts, BrokerId leader, std::int32_t leaderEpoch)
{
    Replica r;
    r.broker = broker;
    // Offsets only: an empty log from the LEO, so that leo() reads it; -1 where the broker did not answer.
    r.log.baseOffset = facts && facts->leo ? *facts->leo : -1;
    r.log.logStart = facts && facts->logStart ? *facts->logStart : -1;
    r.hw = facts && facts->hw ? *facts->hw : -1;
    r.knownLeader = leader;
    r.knownLeaderEpoch = leaderEpoch;
    return r;
}

/// The key of a partition across polls: its topic's name and its index.
std::map<std::pair<std::string, std::int32_t>, std::int32_t> partitionsByName(const ClusterState& s)
{
    std::map<std::pair<std::string, std::int32_t>, std::int32_t> out;
    for (std::size_t i = 0; i < s.partitions.size(); ++i) {
        const Partition& p = s.partitions[i];
        out.emplace(std::make_pair(s.topics[static_cast<std::size_t>(p.topic)].name, p.index), static_cast<std::int32_t>(i));
    }
    return out;
}

std::vector<std::int32_t> partitionSources(const ClusterState& before, const ClusterState& after)
{
    const auto known = partitionsByName(before);
    std::vector<std::int32_t> sources;
    sources.reserve(after.partitions.size());
    for (const Partition& p : after.partitions) {
        auto it = known.find({after.topics[static_cast<std::size_t>(p.topic)].name, p.index});
        sources.push_back(it == known.end() ? -1 : it->second);
    }
    return sources;
}

template <typename Get>
bool replicaFactsDiffer(const ObservedPartitionFacts& a, const ObservedPartitionFacts& b, Get get)
{
    if (a.replicaFacts.size() != b.replicaFacts.size())
        return true;
    for (std::size_t i = 0; i < a.replicaFacts.size(); ++i) {
        if (a.replicaFacts[i].broker != b.replicaFacts[i].broker || get(a.replicaFacts[i]) != get(b.replicaFacts[i]))
            return true;
    }
    return false;
}

} // namespace

ClusterState observedState(const ObservedCluster& poll, const ClusterState* previous)
{
    if (poll.topics.size() > static_cast<std::size_t>(limits::observedTopicsMax))
        refuse("topics", static_cast<std::int64_t>(poll.topics.size()), "observedTopicsMax", limits::observedTopicsMax);
    std::int64_t partitionCount = 0;
    for (const ObservedTopicFacts& t : poll.topics)
        partitionCount += static_cast<std::int64_t>(t.partitions.size());
    if (partitionCount > limits::observedPartitionsMax)
        refuse("partitions", partitionCount, "observedPartitionsMax", limits::observedPartitionsMax);
    if (poll.groups.size() > static_cast<std::size_t>(limits::observedGroupsMax))
        refuse("groups", static_cast<std::int64_t>(poll.groups.size()), "observedGroupsMax", limits::observedGroupsMax);
    for (const ObservedGroupFacts& g : poll.groups) {
        if (g.members.size() > static_cast<std::size_t>(limits::observedGroupMembersMax))
            refuse("members in group " + g.id, static_cast<std::int64_t>(g.members.size()), "observedGroupMembersMax",
                   limits::observedGroupMembersMax);
    }

    ClusterState s;
    s.name = poll.clusterId;
    s.nowMs = poll.timeMs;
    ObservedInfo& info = s.observed.emplace();
    info.poll = pollInfo(poll);
    info.brokers = brokerSlots(poll, previous);
    modelBrokers(info.brokers, s);
    std::vector<std::int32_t> live;
    for (const ObservedBrokerSlot& slot : info.brokers) {
        if (slot.live())
            live.push_back(slot.facts.id);
    }
    std::sort(live.begin(), live.end());
    auto model = [&](std::int32_t realId) { return realId < 0 ? noLeader : info.modelBroker(realId); };
    auto modelList = [&](const std::vector<std::int32_t>& ids) {
        std::vector<BrokerId> out;
        out.reserve(ids.size());
        for (std::int32_t id : ids)
            out.push_back(model(id));
        return out;
    };

    std::set<std::string> names;
    s.topics.reserve(poll.topics.size());
    s.partitions.reserve(static_cast<std::size_t>(partitionCount));
    for (const ObservedTopicFacts& t : poll.topics) {
        if (!names.insert(t.name).second)
            throw std::invalid_argument("topic " + t.name + " is listed twice");
        std::vector<const ObservedPartitionFacts*> parts;
        for (const ObservedPartitionFacts& p : t.partitions)
            parts.push_back(&p);
        std::sort(parts.begin(), parts.end(), [](const auto* a, const auto* b) { return a->partition < b->partition; });
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (parts[i]->partition < 0 || (i > 0 && parts[i]->partition == parts[i - 1]->partition))
                throw std::invalid_argument("topic " + t.name + ": partition " + std::to_string(parts[i]->partition) +
                                            (parts[i]->partition < 0 ? " is negative" : " is listed twice"));
        }
        Topic topic;
        topic.name = t.name;
        topic.firstPartition = static_cast<std::int32_t>(s.partitions.size());
        topic.partitionCount = static_cast<std::int32_t>(parts.size());
        topic.replicationFactor = parts.empty() ? 0 : static_cast<std::int32_t>(parts.front()->replicas.size());
        const auto topicIndex = static_cast<std::int32_t>(s.topics.size());
        for (const ObservedPartitionFacts* facts : parts) {
            Partition p;
            p.topic = topicIndex;
            p.index = facts->partition;
            PartitionRegistration& reg = p.registration;
            reg.replicas = modelList(facts->replicas);
            reg.isr = modelList(facts->isr);
            if (facts->elr)
                reg.elr = modelList(*facts->elr);
            if (facts->lastKnownElr)
                reg.lastKnownElr = modelList(*facts->lastKnownElr);
            reg.leader = model(facts->leader);
            reg.leaderEpoch = facts->leaderEpoch;
            for (std::size_t r = 0; r < facts->replicas.size(); ++r) {
                // One per replica, in the same order; looked up by broker, should the observer list them otherwise.
                const ObservedReplicaFacts* replica = nullptr;
                if (r < facts->replicaFacts.size() && facts->replicaFacts[r].broker == facts->replicas[r])
                    replica = &facts->replicaFacts[r];
                for (std::size_t k = 0; !replica && k < facts->replicaFacts.size(); ++k) {
                    if (facts->replicaFacts[k].broker == facts->replicas[r])
                        replica = &facts->replicaFacts[k];
                }
                p.replicas.push_back(observedReplica(reg.replicas[r], replica, reg.leader, reg.leaderEpoch));
                if (reg.replicas[r] == reg.leader && reg.leader != noLeader)
                    p.replicas.back().isr = reg.isr;
            }
            p.observed = ObservedPartitionState{*facts, partitionHealth(*facts, t.minInsyncReplicas, live)};
            s.partitions.push_back(std::move(p));
        }
        s.topics.push_back(std::move(topic));
        info.topics.push_back(ObservedTopicInfo{t.topicId, t.minInsyncReplicas});
    }

    info.groups = poll.groups;
    std::sort(info.groups.begin(), info.groups.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    for (std::size_t i = 1; i < info.groups.size(); ++i) {
        if (info.groups[i].id == info.groups[i - 1].id)
            throw std::invalid_argument("group " + info.groups[i].id + " is listed twice");
    }
    return s;
}

ObservedDelta observedDelta(const ClusterState& before, const ClusterState& after)
{
    const ObservedInfo& was = *before.observed;
    const ObservedInfo& now = *after.observed;
    ObservedDelta d;
    d.poll = now.poll;
    if (was.brokers != now.brokers)
        d.brokers = now.brokers;
    const bool topicsChanged = before.topics != after.topics || was.topics != now.topics;
    std::vector<std::int32_t> sources;
    if (topicsChanged) {
        sources = partitionSources(before, after);
        d.topics = ObservedDelta::Topics{after.topics, now.topics, sources};
    }
    for (std::size_t i = 0; i < after.partitions.size(); ++i) {
        const std::int32_t source = topicsChanged ? sources[i] : static_cast<std::int32_t>(i);
        if (source < 0 || !(before.partitions[static_cast<std::size_t>(source)] == after.partitions[i]))
            d.partitions.emplace_back(static_cast<std::int32_t>(i), after.partitions[i]);
    }
    // Both sorted by id.
    std::size_t a = 0;
    std::size_t b = 0;
    while (a < was.groups.size() || b < now.groups.size()) {
        if (b == now.groups.size() || (a < was.groups.size() && was.groups[a].id < now.groups[b].id)) {
            d.groupsRemoved.push_back(was.groups[a++].id);
        } else if (a == was.groups.size() || now.groups[b].id < was.groups[a].id) {
            d.groups.push_back(now.groups[b++]);
        } else {
            if (!(was.groups[a] == now.groups[b]))
                d.groups.push_back(now.groups[b]);
            ++a;
            ++b;
        }
    }
    return d;
}

void applyObservedDelta(ClusterState& s, const ObservedDelta& d)
{
    ObservedInfo& info = *s.observed;
    s.nowMs = d.poll.timeMs;
    s.name = d.poll.clusterId;
    info.poll = d.poll;
    if (d.brokers) {
        info.brokers = *d.brokers;
        modelBrokers(info.brokers, s);
    }
    if (d.topics) {
        std::vector<Partition> old = std::move(s.partitions);
        s.partitions.clear();
        s.partitions.resize(d.topics->partitionSource.size());
        for (std::size_t i = 0; i < d.topics->partitionSource.size(); ++i) {
            const std::int32_t source = d.topics->partitionSource[i];
            if (source >= 0)
                s.partitions[i] = std::move(old[static_cast<std::size_t>(source)]);
        }
        s.topics = d.topics->topics;
        info.topics = d.topics->infos;
    }
    for (const auto& [index, partition] : d.partitions)
        s.partitions[static_cast<std::size_t>(index)] = partition;
    auto byId = [](const ObservedGroupFacts& g, const std::string& id) { return g.id < id; };
    for (const std::string& id : d.groupsRemoved) {
        auto it = std::lower_bound(info.groups.begin(), info.groups.end(), id, byId);
        if (it != info.groups.end() && it->id == id)
            info.groups.erase(it);
    }
    for (const ObservedGroupFacts& g : d.groups) {
        auto it = std::lower_bound(info.groups.begin(), info.groups.end(), g.id, byId);
        if (it != info.groups.end() && it->id == g.id)
            *it = g;
        else
            info.groups.insert(it, g);
    }
}

bool observedDeltaVisible(const ObservedDelta& d, const ObservedPollInfo& before)
{
    if (d.brokers || d.topics || !d.partitions.empty() || !d.groups.empty() || !d.groupsRemoved.empty())
        return true;
    ObservedPollInfo now = d.poll;
    now.timeMs = before.timeMs;
    now.pollMs = before.pollMs;
    return !(now == before);
}

Event observedPollEvent(const ClusterState& before, const ClusterState& after)
{
    Event e = Event::at(EventType::ObservedPoll, -1);
    const ObservedInfo& was = *before.observed;
    const ObservedInfo& now = *after.observed;
    const bool sameTopics = before.topics == after.topics;
    const std::vector<std::int32_t> sources = sameTopics ? std::vector<std::int32_t>() : partitionSources(before, after);
    std::int64_t hw = 0;
    std::int64_t isr = 0;
    std::int64_t health = 0;
    for (std::size_t i = 0; i < after.partitions.size(); ++i) {
        const std::int32_t source = sameTopics ? static_cast<std::int32_t>(i) : sources[i];
        if (source < 0)
            continue;
        const Partition& p = before.partitions[static_cast<std::size_t>(source)];
        const Partition& q = after.partitions[i];
        if (!p.observed || !q.observed)
            continue;
        const ObservedPartitionFacts& a = p.observed->facts;
        const ObservedPartitionFacts& b = q.observed->facts;
        if (replicaFactsDiffer(a, b, [](const ObservedReplicaFacts& r) { return r.leo; }))
            ++e.count;
        if (replicaFactsDiffer(a, b, [](const ObservedReplicaFacts& r) { return r.hw; }))
            ++hw;
        if (a.isr != b.isr)
            ++isr;
        if (a.leader != b.leader)
            ++e.value;
        if (p.observed->health != q.observed->health)
            ++health;
    }
    e.completed = static_cast<std::int32_t>(hw);
    e.attempt = static_cast<std::int32_t>(isr);
    e.offset = health;
    std::uint32_t up = 0;
    for (std::size_t i = 0; i < now.brokers.size(); ++i) {
        const bool wasLive = i < was.brokers.size() && was.brokers[i].live();
        const bool isLive = now.brokers[i].live();
        if (wasLive && !isLive)
            e.isr |= 1u << i;
        if (!wasLive && isLive)
            up |= 1u << i;
    }
    e.leo = up;
    std::set<std::string> oldNames;
    std::set<std::string> newNames;
    for (const Topic& t : before.topics)
        oldNames.insert(t.name);
    for (const Topic& t : after.topics)
        newNames.insert(t.name);
    e.hwBefore = 0;
    e.hwAfter = 0;
    for (const std::string& name : newNames)
        e.hwBefore += oldNames.count(name) == 0 ? 1 : 0;
    for (const std::string& name : oldNames)
        e.hwAfter += newNames.count(name) == 0 ? 1 : 0;
    std::int32_t groups = 0;
    std::size_t a = 0;
    std::size_t b = 0;
    while (a < was.groups.size() || b < now.groups.size()) {
        if (b == now.groups.size() || (a < was.groups.size() && was.groups[a].id < now.groups[b].id)) {
            ++groups;
            ++a;
        } else if (a == was.groups.size() || now.groups[b].id < was.groups[a].id) {
            ++groups;
            ++b;
        } else {
            groups += was.groups[a] == now.groups[b] ? 0 : 1;
            ++a;
            ++b;
        }
    }
    e.peer = groups;
    return e;
}

Event firstObservedPollEvent(const ClusterState& s)
{
    Event e = Event::at(EventType::ObservedPoll, -1);
    e.detail = 1;
    e.count = static_cast<std::int64_t>(s.partitions.size());
    e.attempt = static_cast<std::int32_t>(s.topics.size());
    e.value = s.observed ? static_cast<std::int64_t>(std::count_if(s.observed->brokers.begin(), s.observed->brokers.end(),
                                                                   [](const ObservedBrokerSlot& b) { return b.present; }))
                         : 0;
    e.peer = s.observed ? static_cast<std::int32_t>(s.observed->groups.size()) : 0;
    return e;
}

std::int32_t findObservedPartition(const ClusterState& s, const std::string& topic, std::int32_t partition)
{
    const int t = s.findTopic(topic);
    if (t < 0)
        return -1;
    const Topic& tp = s.topics[static_cast<std::size_t>(t)];
    for (std::int32_t i = tp.firstPartition; i < tp.firstPartition + tp.partitionCount; ++i) {
        if (s.partitions[static_cast<std::size_t>(i)].index == partition)
            return i;
    }
    return -1;
}

std::optional<Offset> observedLag(const ClusterState& s, const ObservedCommittedOffset& committed)
{
    if (committed.offset < 0)
        return std::nullopt;
    const std::int32_t index = findObservedPartition(s, committed.topic, committed.partition);
    if (index < 0)
        return std::nullopt;
    const Partition& p = s.partitions[static_cast<std::size_t>(index)];
    if (!p.observed || p.observed->facts.leader < 0)
        return std::nullopt;
    for (const ObservedReplicaFacts& r : p.observed->facts.replicaFacts) {
        if (r.broker == p.observed->facts.leader)
            return r.hw ? std::optional<Offset>(*r.hw - committed.offset) : std::nullopt;
    }
    return std::nullopt;
}

} // namespace hw
