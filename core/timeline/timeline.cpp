// SPDX-License-Identifier: MIT
#include "timeline/timeline.h"

#include "model/limits.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace hw {

const std::string& LocalizedText::get(const std::string& language) const
{
    static const std::string empty;
    if (auto it = byLanguage.find(language); it != byLanguage.end())
        return it->second;
    // Simplified and Traditional Chinese readers are better served by each other than by English.
    if (language == "zh_CN" || language == "zh_TW") {
        if (auto it = byLanguage.find(language == "zh_CN" ? "zh_TW" : "zh_CN"); it != byLanguage.end())
            return it->second;
    }
    if (auto it = byLanguage.find("en"); it != byLanguage.end())
        return it->second;
    return byLanguage.empty() ? empty : byLanguage.begin()->second;
}

namespace {

// libstdc++ keeps strings of up to 15 characters inside the object.
constexpr std::size_t shortStringMax = 15;
// What one allocation costs besides its contents (malloc's header, rounded), and what make_shared
// adds for the reference counts.
constexpr std::size_t allocationOverhead = 16;
constexpr std::size_t sharedOverhead = 16 + allocationOverhead;

std::size_t heapBytes(const std::string& s)
{
    return s.capacity() > shortStringMax ? s.capacity() + 1 + allocationOverhead : 0;
}

template <typename T>
std::size_t vectorBytes(const std::vector<T>& v)
{
    return v.capacity() == 0 ? 0 : v.capacity() * sizeof(T) + allocationOverhead;
}

std::size_t heapBytes(const std::vector<std::string>& v)
{
    std::size_t bytes = vectorBytes(v);
    for (const std::string& s : v)
        bytes += heapBytes(s);
    return bytes;
}

std::size_t heapBytes(const PartitionRegistration& r)
{
    return vectorBytes(r.replicas) + vectorBytes(r.isr);
}

std::size_t heapBytes(const Replica& r)
{
    return vectorBytes(r.epochCache) + vectorBytes(r.isr) + vectorBytes(r.pendingIsr) + vectorBytes(r.views) +
           vectorBytes(r.delayedProduces) + vectorBytes(r.parkedFetches) + vectorBytes(r.producerStates);
}

std::size_t heapBytes(const ObservedPartitionFacts& p)
{
    std::size_t bytes = vectorBytes(p.replicas) + vectorBytes(p.isr) + vectorBytes(p.offlineReplicas) +
                        vectorBytes(p.replicaFacts) + (p.elr ? vectorBytes(*p.elr) : 0) +
                        (p.lastKnownElr ? vectorBytes(*p.lastKnownElr) : 0);
    for (const ObservedReplicaFacts& r : p.replicaFacts)
        bytes += heapBytes(r.error);
    return bytes;
}

std::size_t heapBytes(const Partition& p)
{
    std::size_t bytes = heapBytes(p.registration) + vectorBytes(p.replicas);
    for (const Replica& r : p.replicas)
        bytes += heapBytes(r);
    if (p.observed)
        bytes += sizeof(ObservedPartitionState) + allocationOverhead + heapBytes(p.observed->facts);
    return bytes;
}

std::size_t heapBytes(const ObservedTopicPartition& tp)
{
    return heapBytes(tp.topic);
}

std::size_t heapBytes(const ObservedGroupMember& m)
{
    std::size_t bytes = heapBytes(m.memberId) + heapBytes(m.instanceId) + heapBytes(m.clientId) +
                        heapBytes(m.clientHost) + vectorBytes(m.assignment) + vectorBytes(m.targetAssignment);
    for (const ObservedTopicPartition& tp : m.assignment)
        bytes += heapBytes(tp);
    for (const ObservedTopicPartition& tp : m.targetAssignment)
        bytes += heapBytes(tp);
    return bytes;
}

std::size_t heapBytes(const ObservedGroupFacts& g)
{
    std::size_t bytes = heapBytes(g.id) + heapBytes(g.type) + heapBytes(g.state) + heapBytes(g.protocolType) +
                        heapBytes(g.protocol) + vectorBytes(g.members) + vectorBytes(g.committed);
    for (const ObservedGroupMember& m : g.members)
        bytes += heapBytes(m);
    for (const ObservedCommittedOffset& c : g.committed)
        bytes += heapBytes(c.topic);
    return bytes;
}

std::size_t heapBytes(const ObservedPollInfo& p)
{
    return heapBytes(p.clusterId) + heapBytes(p.kafkaVersion);
}

std::size_t heapBytes(const ObservedBrokerSlot& b)
{
    return heapBytes(b.facts.host) + heapBytes(b.facts.rack) + heapBytes(b.facts.error);
}

std::size_t heapBytes(const ObservedTopicInfo& t)
{
    return heapBytes(t.topicId);
}

std::size_t heapBytes(const Broker& b)
{
    return vectorBytes(b.knownLeaders) + vectorBytes(b.knownLeaderEpochs) + vectorBytes(b.knownCoordinators) + (b.rack ? heapBytes(*b.rack) : 0);
}

std::size_t heapBytes(const Producer& p)
{
    return heapBytes(p.id) + heapBytes(p.keys) + vectorBytes(p.sticky) + vectorBytes(p.leaders) + vectorBytes(p.leaderEpochs) +
           vectorBytes(p.partitionsToRewrite) + vectorBytes(p.unresolvedPartitions) + vectorBytes(p.sequences) +
           vectorBytes(p.connections) + vectorBytes(p.queues.inFlight) + vectorBytes(p.queues.retrying) +
           vectorBytes(p.queues.heads) + vectorBytes(p.queues.partitions);
}

std::size_t heapBytes(const Consumer& c)
{
    return heapBytes(c.id) + vectorBytes(c.topics) + vectorBytes(c.manualPartitions) + heapBytes(c.memberId) +
           vectorBytes(c.owned) + vectorBytes(c.previousAssignment) + vectorBytes(c.leaders);
}

std::size_t heapBytes(const Group& g)
{
    std::size_t bytes = heapBytes(g.id) + heapBytes(g.leader) + vectorBytes(g.members) + vectorBytes(g.committed);
    for (const GroupMember& m : g.members)
        bytes += heapBytes(m.memberId) + vectorBytes(m.topics) + vectorBytes(m.owned) + vectorBytes(m.assignment);
    return bytes;
}

std::size_t heapBytes(const QueuedEvent& q)
{
    const auto* message = std::get_if<Message>(&q.what);
    if (!message)
        return 0;
    return std::visit(
        [](const auto& body) -> std::size_t {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, AlterPartitionRequest>) {
                return vectorBytes(body.newIsr);
            } else if constexpr (std::is_same_v<T, AlterPartitionResponse>) {
                return vectorBytes(body.isr);
            } else if constexpr (std::is_same_v<T, PartitionChange>) {
                return heapBytes(body.registration);
            } else if constexpr (std::is_same_v<T, MetadataResponse>) {
                std::size_t bytes = vectorBytes(body.leaders) + vectorBytes(body.brokers) + vectorBytes(body.partitions) +
                                    vectorBytes(body.leaderEpochs);
                for (const PartitionMetadata& p : body.partitions)
                    bytes += vectorBytes(p.replicas) + vectorBytes(p.isr);
                return bytes;
            } else if constexpr (std::is_same_v<T, FindCoordinatorResponse>) {
                return vectorBytes(body.leaders);
            } else if constexpr (std::is_same_v<T, MetadataRequest>) {
                std::size_t bytes = vectorBytes(body.autoCreate);
                for (const std::string& name : body.autoCreate)
                    bytes += heapBytes(name);
                return bytes;
            } else if constexpr (std::is_same_v<T, CreateTopicsRequest>) {
                std::size_t bytes = vectorBytes(body.topics);
                for (const CreatableTopic& t : body.topics) {
                    bytes += heapBytes(t.name) + vectorBytes(t.assignments) + vectorBytes(t.configs);
                    for (const CreatableAssignment& a : t.assignments)
                        bytes += vectorBytes(a.brokers);
                    for (const CreatableTopicConfig& c : t.configs)
                        bytes += heapBytes(c.name) + (c.value ? heapBytes(*c.value) : 0);
                }
                return bytes;
            } else if constexpr (std::is_same_v<T, CreateTopicsResponse>) {
                std::size_t bytes = vectorBytes(body.topics);
                for (const CreatableTopicResult& r : body.topics)
                    bytes += heapBytes(r.name) + heapBytes(r.message);
                return bytes;
            } else if constexpr (std::is_same_v<T, GroupRequest>) {
                std::size_t bytes = heapBytes(body.memberId) + vectorBytes(body.topics) + vectorBytes(body.partitions) +
                                    vectorBytes(body.assignment) + vectorBytes(body.offsets);
                for (const GroupAssignmentEntry& e : body.assignment)
                    bytes += heapBytes(e.memberId) + vectorBytes(e.partitions);
                return bytes;
            } else if constexpr (std::is_same_v<T, GroupResponse>) {
                std::size_t bytes = heapBytes(body.memberId) + heapBytes(body.leader) + vectorBytes(body.members) +
                                    vectorBytes(body.assignment) + vectorBytes(body.offsets);
                for (const GroupMemberInfo& m : body.members)
                    bytes += heapBytes(m.memberId) + vectorBytes(m.topics) + vectorBytes(m.owned);
                return bytes;
            } else {
                return 0;
            }
        },
        message->body);
}

template <typename T>
std::size_t deepBytes(const std::vector<T>& v)
{
    std::size_t bytes = vectorBytes(v);
    for (const T& item : v)
        bytes += heapBytes(item);
    return bytes;
}

std::size_t heapBytes(const ObservedInfo& o)
{
    return sizeof(ObservedInfo) + allocationOverhead + heapBytes(o.poll) + deepBytes(o.brokers) + deepBytes(o.topics) +
           deepBytes(o.groups);
}

/// What an observed poll's delta keeps (Timeline's operation log): what changed, not the cluster.
std::size_t heapBytes(const ObservedDelta& d)
{
    std::size_t bytes = heapBytes(d.poll) + vectorBytes(d.partitions) + deepBytes(d.groups) + deepBytes(d.groupsRemoved);
    if (d.brokers)
        bytes += deepBytes(*d.brokers);
    if (d.topics) {
        bytes += vectorBytes(d.topics->topics) + deepBytes(d.topics->infos) + vectorBytes(d.topics->partitionSource);
        for (const Topic& t : d.topics->topics)
            bytes += heapBytes(t.name);
    }
    for (const auto& [index, partition] : d.partitions)
        bytes += heapBytes(partition);
    return bytes;
}

/// What the state holds besides the parts a snapshot shares and the log nodes.
std::size_t restBytes(const ClusterState& s)
{
    std::size_t bytes = heapBytes(s.name) + vectorBytes(s.registrations) + vectorBytes(s.topics) +
                        deepBytes(s.groups) + vectorBytes(s.offsetsPartitions) + vectorBytes(s.liveClients) +
                        vectorBytes(s.heldConnections);
    for (const LiveClient& c : s.liveClients)
        bytes += heapBytes(c.id) + heapBytes(c.group);
    for (const Topic& t : s.topics)
        bytes += heapBytes(t.name);
    for (const PartitionRegistration& r : s.offsetsPartitions)
        bytes += heapBytes(r);
    if (s.observed)
        bytes += heapBytes(*s.observed);
    return bytes;
}

// A PVector's nodes: leaves of 32 items, and a branch of 32 pointers above every 32 nodes.
constexpr std::size_t pvectorWidth = 32;
constexpr std::size_t branchBytes = pvectorWidth * sizeof(std::shared_ptr<void>) + sharedOverhead;

template <typename T>
constexpr std::size_t leafBytes()
{
    return pvectorWidth * sizeof(T) + sharedOverhead;
}

std::size_t pvectorDepth(std::size_t size)
{
    std::size_t depth = 0;
    for (std::size_t capacity = pvectorWidth; capacity < size; capacity *= pvectorWidth)
        ++depth;
    return depth;
}

template <typename T>
std::size_t nodeBytes(const PVector<T>& v)
{
    // Released leaves (PVector::releaseLeaves) are not held.
    std::size_t nodes = (v.size() + pvectorWidth - 1) / pvectorWidth - v.releasedLeaves();
    std::size_t bytes = nodes * leafBytes<T>();
    while (nodes > 1) {
        nodes = (nodes + pvectorWidth - 1) / pvectorWidth;
        bytes += nodes * branchBytes;
    }
    return bytes;
}

/// What a PVector that changed since the last snapshot keeps twice: the snapshot holds the old path
/// to the changed leaf and the live vector a copy of it.
template <typename T>
std::size_t copiedPathBytes(const PVector<T>& now, const PVector<T>* before)
{
    // A vector that only grew since keeps every node of the snapshot's: appends go in place.
    if (now.empty() || (before && now.extends(*before)))
        return 0;
    return leafBytes<T>() + pvectorDepth(now.size()) * branchBytes;
}

/// The log nodes of a partition's replicas. A follower that took its leader's log holds the leader's
/// nodes (a log that extends another holds all of its nodes): each log is counted unless a longer one
/// already counted extends it.
std::size_t logNodeBytes(const Partition& p)
{
    std::vector<const PVector<Record>*> logs;
    for (const Replica& r : p.replicas)
        logs.push_back(&r.log.records);
    std::sort(logs.begin(), logs.end(), [](const auto* a, const auto* b) { return a->size() > b->size(); });
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < logs.size(); ++i) {
        const bool held = std::any_of(logs.begin(), logs.begin() + static_cast<std::ptrdiff_t>(i),
                                      [&](const auto* longer) { return longer->extends(*logs[i]); });
        if (!held)
            bytes += nodeBytes(*logs[i]);
    }
    return bytes;
}

/// The log, batch, received-record and payload nodes of a state (payload texts are counted apart).
std::size_t logBytes(const ClusterState& s)
{
    std::size_t bytes = nodeBytes(s.payloads) + nodeBytes(s.liveRecords);
    for (const Partition& p : s.partitions)
        bytes += logNodeBytes(p);
    for (const Producer& p : s.producers)
        bytes += nodeBytes(p.batches) + nodeBytes(p.queues.nextOfPartition);
    for (const Consumer& c : s.consumers)
        bytes += nodeBytes(c.received);
    return bytes;
}

std::size_t heapBytes(const Action& action)
{
    if (const auto* produce = std::get_if<ProduceAction>(&action)) {
        std::size_t bytes = heapBytes(produce->values);
        if (produce->key)
            bytes += heapBytes(*produce->key);
        return bytes;
    }
    if (const auto* config = std::get_if<ConfigAction>(&action))
        return heapBytes(config->key) + heapBytes(config->value.text);
    if (const auto* live = std::get_if<LiveClientAction>(&action)) {
        // A live client's produce keeps its records in the action (for replay) besides the payload store:
        // records of up to liveRecordBytesMax (1 MiB) must count here, or a class's large records would
        // fill memory far past the budget.
        std::size_t bytes = heapBytes(live->id);
        if (const auto* produce = std::get_if<LiveProduce>(&live->request)) {
            bytes += vectorBytes(produce->records);
            for (const LiveRecord& record : produce->records) {
                bytes += heapBytes(record.key) + heapBytes(record.value) + vectorBytes(record.headers);
                for (const PayloadHeader& header : record.headers)
                    bytes += heapBytes(header.key) + heapBytes(header.value);
            }
        }
        return bytes;
    }
    return 0;
}

std::size_t heapBytes(const LocalizedText& text)
{
    std::size_t bytes = 0;
    for (const auto& [language, value] : text.byLanguage)
        bytes += 64 + heapBytes(language) + heapBytes(value); // a map node and its strings
    return bytes;
}

/// The extra bytes of a new snapshot part besides its own copy: the log nodes it keeps from being
/// written in place.
std::size_t extraBytes(const Partition& now, const Partition* before)
{
    std::size_t bytes = 0;
    for (std::size_t r = 0; r < now.replicas.size(); ++r) {
        const bool same = before && r < before->replicas.size();
        bytes += copiedPathBytes(now.replicas[r].log.records, same ? &before->replicas[r].log.records : nullptr);
    }
    return bytes;
}
std::size_t extraBytes(const Producer& now, const Producer* before)
{
    return copiedPathBytes(now.batches, before ? &before->batches : nullptr) +
           copiedPathBytes(now.queues.nextOfPartition, before ? &before->queues.nextOfPartition : nullptr);
}
std::size_t extraBytes(const Consumer& now, const Consumer* before)
{
    return copiedPathBytes(now.received, before ? &before->received : nullptr);
}
std::size_t extraBytes(const Broker&, const Broker*)
{
    return 0;
}

/// Fills `out` with a pointer per part of `live`, reusing the previous snapshot's pointer when that
/// part is unchanged. Returns the bytes of the parts that had to be copied.
template <typename T>
std::size_t shareParts(const std::vector<T>& live, const std::vector<std::shared_ptr<const T>>* previous,
                       std::vector<std::shared_ptr<const T>>& out)
{
    out.reserve(live.size());
    std::size_t bytes = vectorBytes(out);
    for (std::size_t i = 0; i < live.size(); ++i) {
        const T* before = previous && i < previous->size() ? (*previous)[i].get() : nullptr;
        if (before && *before == live[i]) {
            out.push_back((*previous)[i]);
            continue;
        }
        out.push_back(std::make_shared<const T>(live[i]));
        bytes += sizeof(T) + sharedOverhead + heapBytes(live[i]) + extraBytes(live[i], before);
    }
    return bytes;
}

/// The queue's events, reusing the previous snapshot's pointer for every event still queued (an
/// event is found by its sequence number, which no other event of the run shares).
std::size_t shareQueue(const std::vector<QueuedEvent>& live, const std::vector<std::shared_ptr<const QueuedEvent>>* previous,
                       std::vector<std::shared_ptr<const QueuedEvent>>& out)
{
    std::vector<std::pair<std::uint64_t, const std::shared_ptr<const QueuedEvent>*>> known;
    if (previous) {
        known.reserve(previous->size());
        for (const auto& q : *previous)
            known.emplace_back(q->sequence, &q);
        std::sort(known.begin(), known.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    out.reserve(live.size());
    std::size_t bytes = vectorBytes(out);
    for (const QueuedEvent& q : live) {
        auto it = std::lower_bound(known.begin(), known.end(), q.sequence,
                                   [](const auto& entry, std::uint64_t sequence) { return entry.first < sequence; });
        if (it != known.end() && it->first == q.sequence && **it->second == q) {
            out.push_back(*it->second);
            continue;
        }
        out.push_back(std::make_shared<const QueuedEvent>(q));
        bytes += sizeof(QueuedEvent) + sharedOverhead + heapBytes(q);
    }
    return bytes;
}

std::string formatSimulatedTime(TimeMs ms)
{
    std::string text = std::to_string(ms / 1000) + "." + std::to_string(ms % 1000 + 1000).substr(1) + " s";
    return text;
}

} // namespace

MemoryBudgetReached::MemoryBudgetReached(std::uint64_t budgetBytes, std::int64_t frame, TimeMs timeMs)
    : std::runtime_error("the run stopped at frame " + std::to_string(frame) + " (" + formatSimulatedTime(timeMs) +
                         " simulated): its history reached the memory budget of " + formatByteSize(budgetBytes)),
      m_budgetBytes(budgetBytes), m_frame(frame), m_timeMs(timeMs)
{
}

FrameDropped::FrameDropped(std::int64_t frame, std::int64_t firstFrame)
    : std::out_of_range("frame " + std::to_string(frame) + " was dropped: the history reached its memory budget and keeps frames " +
                        std::to_string(firstFrame) + " on")
{
}

std::string formatByteSize(std::uint64_t bytes)
{
    static const char* const units[] = {"KiB", "MiB", "GiB", "TiB"};
    if (bytes < 1024)
        return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    int unit = 0;
    std::uint64_t scale = 1024;
    while (unit < 3 && bytes >= scale * 1024) {
        scale *= 1024;
        ++unit;
    }
    if (bytes % scale == 0)
        return std::to_string(bytes / scale) + " " + units[unit];
    // One decimal, rounded down, so that the text never claims more than the budget holds.
    const std::uint64_t tenths = bytes / (scale / 10);
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " " + units[unit];
}

std::optional<std::uint64_t> parseByteSize(const std::string& text)
{
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
        ++digits;
    if (digits == 0 || digits > 19)
        return std::nullopt;
    const std::uint64_t number = std::stoull(text.substr(0, digits));
    std::string unit = text.substr(digits);
    if (!unit.empty() && unit.front() == ' ')
        unit.erase(0, 1);
    static const std::pair<const char*, std::uint64_t> units[] = {
        {"", 1},
        {"B", 1},
        {"KiB", std::uint64_t{1} << 10},
        {"MiB", std::uint64_t{1} << 20},
        {"GiB", std::uint64_t{1} << 30},
        {"TiB", std::uint64_t{1} << 40},
        {"kB", 1000},
        {"KB", 1000},
        {"MB", 1000 * 1000},
        {"GB", 1000 * 1000 * 1000},
        {"TB", std::uint64_t{1000} * 1000 * 1000 * 1000},
    };
    for (const auto& [name, scale] : units) {
        if (unit != name)
            continue;
        if (number == 0 || number > (std::uint64_t{1} << 63) / scale)
            return std::nullopt;
        return number * scale;
    }
    return std::nullopt;
}

std::size_t estimateStateBytes(const ClusterState& state)
{
    return restBytes(state) + deepBytes(state.partitions) + deepBytes(state.brokers) + deepBytes(state.producers) +
           deepBytes(state.consumers) + deepBytes(state.queue);
}

void Timeline::FrameStore::push_back(FrameInfo frame)
{
    if (m_size == (m_droppedChunks + m_chunks.size()) * chunkFrames) {
        m_chunks.push_back(std::make_unique<std::vector<FrameInfo>>());
        m_chunks.back()->reserve(chunkFrames);
    }
    m_chunks.back()->push_back(std::move(frame));
    ++m_size;
}

void Timeline::FrameStore::truncate(std::size_t n)
{
    if (n >= m_size)
        return;
    // Never below the first kept chunk: forkAt keeps a kept frame.
    const std::size_t chunks = std::max((n + chunkFrames - 1) / chunkFrames, m_droppedChunks + 1);
    m_chunks.resize(chunks - m_droppedChunks);
    m_chunks.back()->resize(n - (chunks - 1) * chunkFrames);
    m_size = n;
}

void Timeline::FrameStore::dropBelow(std::size_t first)
{
    while (!m_chunks.empty() && (m_droppedChunks + 1) * chunkFrames <= first && (m_droppedChunks + 1) * chunkFrames < m_size) {
        m_chunks.pop_front();
        ++m_droppedChunks;
    }
}

Timeline::Timeline(ClusterState initial, int snapshotInterval)
    : m_head(std::move(initial)), m_snapshotInterval(std::max(0, snapshotInterval)),
      m_memoryBudget(limits::historyBytesDefault)
{
    takeSnapshot(0, 0);
    Event created;
    created.type = EventType::ClusterCreated;
    if (m_head.state().observed)
        created = firstObservedPollEvent(m_head.state());
    m_frames.push_back(FrameInfo{m_head.state().nowMs, 0, created, -1, -1});
    updateHistoryBytes();
}

void Timeline::setMemoryBudget(std::uint64_t bytes)
{
    if (bytes < limits::historyBytesMin || bytes > limits::historyBytesMax)
        throw std::invalid_argument("a memory budget is " + formatByteSize(limits::historyBytesMin) + " to " +
                                    formatByteSize(limits::historyBytesMax) + ", not " + formatByteSize(bytes));
    m_memoryBudget = bytes;
}

std::vector<std::int64_t> Timeline::snapshotFrames() const
{
    std::vector<std::int64_t> frames;
    frames.reserve(m_snapshots.size());
    for (const Snapshot& s : m_snapshots)
        frames.push_back(s.frame);
    return frames;
}

void Timeline::takeSnapshot(std::int64_t frame, std::int64_t opIndex)
{
    // A new member of ClusterState must be copied into `rest` here (and be restored in restore()).
    static_assert(sizeof(ClusterState) == 832, "ClusterState changed: update Timeline::takeSnapshot and restore");
    const ClusterState& live = m_head.state();
    const Snapshot* previous = m_snapshots.empty() ? nullptr : &m_snapshots.back();
    Snapshot s;
    s.opIndex = opIndex;
    s.frame = frame;
    s.rest.name = live.name;
    s.rest.nowMs = live.nowMs;
    s.rest.nextSequence = live.nextSequence;
    s.rest.rng = live.rng;
    s.rest.config = live.config;
    s.rest.registrations = live.registrations;
    s.rest.controller = live.controller;
    s.rest.topics = live.topics;
    s.rest.groups = live.groups;
    s.rest.offsetsPartitions = live.offsetsPartitions;
    s.rest.liveClients = live.liveClients;
    s.rest.payloads = live.payloads;
    s.rest.liveRecords = live.liveRecords;
    s.rest.heldConnections = live.heldConnections;
    s.rest.observed = live.observed;
    std::size_t own = sizeof(Snapshot) + restBytes(s.rest) +
                      copiedPathBytes(live.payloads, previous ? &previous->rest.payloads : nullptr) +
                      copiedPathBytes(live.liveRecords, previous ? &previous->rest.liveRecords : nullptr);
    own += shareParts(live.partitions, previous ? &previous->partitions : nullptr, s.partitions);
    own += shareParts(live.brokers, previous ? &previous->brokers : nullptr, s.brokers);
    own += shareParts(live.producers, previous ? &previous->producers : nullptr, s.producers);
    own += shareParts(live.consumers, previous ? &previous->consumers : nullptr, s.consumers);
    own += shareQueue(live.queue, previous ? &previous->queue : nullptr, s.queue);
    s.ownBytes = own;
    s.stateBytes = estimateStateBytes(live);
    s.logBytes = logBytes(live);
    s.growthMark = growthBytes();
    m_snapshotBytes += s.ownBytes;
    countPayloadTexts();
    m_snapshots.push_back(std::move(s));
}

ClusterState Timeline::restore(const Snapshot& s)
{
    ClusterState state = s.rest;
    auto fill = [](auto& out, const auto& parts) {
        out.reserve(parts.size());
        for (const auto& part : parts)
            out.push_back(*part);
    };
    fill(state.partitions, s.partitions);
    fill(state.brokers, s.brokers);
    fill(state.producers, s.producers);
    fill(state.consumers, s.consumers);
    fill(state.queue, s.queue);
    return state;
}

void Timeline::LeafBytes::add(std::size_t index, std::uint64_t bytes)
{
    const std::size_t leaf = index / pvectorWidth;
    if (perLeaf.empty())
        firstLeaf = leaf;
    while (firstLeaf + perLeaf.size() <= leaf)
        perLeaf.push_back(0);
    perLeaf[leaf - firstLeaf] += bytes;
    total += bytes;
}

template <typename T>
void Timeline::LeafBytes::released(const PVector<T>& v)
{
    // Below releasedBelow() every leaf was released or kept for good: settle each once.
    while (!perLeaf.empty() && (firstLeaf + 1) * pvectorWidth <= v.releasedBelow()) {
        if (!v.holds(firstLeaf * pvectorWidth))
            total -= perLeaf.front();
        perLeaf.pop_front();
        ++firstLeaf;
    }
}

void Timeline::countPayloadTexts()
{
    // Payloads the head released (broker/payload_store.h) are not the head's any more; those it released
    // before they were counted (a fork's state) never are. A leaf kept below the last release and
    // released later stays counted (few: a simulated client's records, or records a truncation cut).
    const PVector<Payload>& payloads = m_head.state().payloads;
    payloads.forEachHeld(m_payloadsCounted, payloads.size(), [this](std::size_t i, const Payload& p) {
        m_payloadTexts.add(i, heapBytes(p.key) + heapBytes(p.value));
    });
    m_payloadsCounted = payloads.size();
    m_payloadTexts.released(payloads);
    const PVector<LiveRecordInfo>& live = m_head.state().liveRecords;
    live.forEachHeld(m_liveRecordsCounted, live.size(), [this](std::size_t i, const LiveRecordInfo& r) {
        std::uint64_t bytes = vectorBytes(r.headers);
        for (const PayloadHeader& h : r.headers)
            bytes += heapBytes(h.key) + heapBytes(h.value);
        m_liveRecordTexts.add(i, bytes);
    });
    m_liveRecordsCounted = live.size();
    m_liveRecordTexts.released(live);
}

std::uint64_t Timeline::growthBytes() const
{
    // A produced record: its payload and its entry in each replica's log.
    constexpr std::uint64_t recordBytes = sizeof(Payload) + 3 * sizeof(Record);
    // Counts from the first frame on, dropped or not, so that it only grows (snapshot spacing subtracts).
    return m_frames.size() * sizeof(FrameInfo) + m_frameHeapBytes + operationCount() * sizeof(std::int32_t) +
           actionCount() * (sizeof(Action) + sizeof(ProducedRecords)) + m_actionHeapBytes + m_growthDropped +
           observedCount() * sizeof(ObservedDelta) + m_observedHeapBytes +
           m_head.state().payloads.size() * recordBytes;
}

void Timeline::updateHistoryBytes()
{
    // The payloads added since the last count (incremental): counted at every frame, not only at
    // snapshots, so that a few large live records reach the budget when they come.
    countPayloadTexts();
    const Snapshot& last = m_snapshots.back();
    std::uint64_t bytes = m_snapshotBytes + m_snapshots.size() * sizeof(Snapshot);
    bytes += m_frames.chunkCount() * (FrameStore::chunkFrames * sizeof(FrameInfo) + allocationOverhead) + m_frameHeapBytes;
    bytes += vectorBytes(m_ops) + vectorBytes(m_actions) + vectorBytes(m_produced) + m_actionHeapBytes + m_textBytes;
    bytes += vectorBytes(m_observed) + m_observedHeapBytes;
    // The head's state and the rebuild cache are each about one full state; the cache is counted
    // whether or not a frame was rebuilt yet, so that the figure depends on the run alone.
    bytes += 2 * (sizeof(ClusterState) + last.stateBytes) + last.logBytes + m_payloadTexts.total + m_liveRecordTexts.total;
    m_historyBytes = bytes;
}

void Timeline::checkBudget()
{
    if (!atMemoryBudget())
        return;
    if (!m_dropsOldest)
        throw MemoryBudgetReached(m_memoryBudget, frameCount() - 1, m_frames[m_frames.size() - 1].timeMs);
    dropOldest();
}

bool Timeline::dropOldest()
{
    // The new first frame is a snapshot's, so every frame kept still rebuilds from a snapshot at or
    // before it: the last one at or before the frame a quarter of the budget's worth of history later.
    // The history's bytes per kept frame are about even, so that is a quarter of the kept frames.
    const std::int64_t kept = frameCount() - m_firstFrame;
    const auto share = static_cast<double>(m_memoryBudget / dropFraction) / static_cast<double>(std::max<std::uint64_t>(m_historyBytes, 1));
    const std::int64_t target = m_firstFrame + std::max<std::int64_t>(1, static_cast<std::int64_t>(static_cast<double>(kept) * share));
    std::size_t k = 1;
    while (k + 1 < m_snapshots.size() && m_snapshots[k + 1].frame <= target)
        ++k;
    // The last snapshot stays: the head's frames rebuild from it. Nothing older to drop.
    if (k >= m_snapshots.size() || m_snapshots[k].frame <= m_firstFrame)
        return false;
    if (m_beforeDrop)
        m_beforeDrop();
    const std::int64_t newFirst = m_snapshots[k].frame;
    const auto newOpBase = static_cast<std::size_t>(m_snapshots[k].opIndex);
    for (std::size_t i = 0; i < k; ++i)
        m_snapshotBytes -= m_snapshots[i].ownBytes;
    m_snapshots.erase(m_snapshots.begin(), m_snapshots.begin() + static_cast<std::ptrdiff_t>(k));
    // The new first snapshot shared parts with the ones dropped: now it holds all of them alone.
    Snapshot& base = m_snapshots.front();
    m_snapshotBytes -= base.ownBytes;
    base.ownBytes = sizeof(Snapshot) + base.stateBytes;
    m_snapshotBytes += base.ownBytes;

    std::uint64_t freedHeap = 0;
    for (std::int64_t f = m_firstFrame; f < newFirst; ++f)
        freedHeap += heapBytes(m_frames[static_cast<std::size_t>(f)].event.text);
    m_frameHeapBytes -= freedHeap;
    m_frames.dropBelow(static_cast<std::size_t>(newFirst));

    m_ops.erase(m_ops.begin(), m_ops.begin() + static_cast<std::ptrdiff_t>(newOpBase - m_opBase));
    m_ops.shrink_to_fit();
    m_opBase = newOpBase;
    // Actions come in the order of their operations: the first one a kept operation names is the oldest
    // kept. Observed polls likewise.
    std::size_t firstAction = actionCount();
    for (const std::int32_t code : m_ops) {
        if (code >= 0) {
            firstAction = static_cast<std::size_t>(code);
            break;
        }
    }
    std::size_t firstObserved = observedCount();
    for (const std::int32_t code : m_ops) {
        if (code <= observedOperation(0)) {
            firstObserved = observedIndex(code);
            break;
        }
    }
    std::uint64_t freedObserved = 0;
    for (std::size_t i = m_observedBase; i < firstObserved; ++i)
        freedObserved += heapBytes(m_observed[i - m_observedBase]);
    m_observedHeapBytes -= freedObserved;
    m_observed.erase(m_observed.begin(), m_observed.begin() + static_cast<std::ptrdiff_t>(firstObserved - m_observedBase));
    m_observed.shrink_to_fit();
    m_observedBase = firstObserved;
    const std::size_t droppedActions = firstAction - m_actionBase;
    std::uint64_t freedActions = 0;
    for (std::size_t i = 0; i < droppedActions; ++i)
        freedActions += heapBytes(m_actions[i]);
    m_actionHeapBytes -= freedActions;
    m_actions.erase(m_actions.begin(), m_actions.begin() + static_cast<std::ptrdiff_t>(droppedActions));
    m_actions.shrink_to_fit();
    m_produced.erase(m_produced.begin(), m_produced.begin() + static_cast<std::ptrdiff_t>(droppedActions));
    m_produced.shrink_to_fit();
    m_actionBase = firstAction;
    m_growthDropped += freedHeap + freedActions + freedObserved;

    if (m_cache && m_cache->opIndex < static_cast<std::int64_t>(newOpBase))
        m_cache.reset();
    const std::int64_t dropped = newFirst - m_firstFrame;
    m_firstFrame = newFirst;
    updateHistoryBytes();
    if (m_dropObserver)
        m_dropObserver(m_firstFrame, dropped);
    return true;
}

void Timeline::addFrame(Event event)
{
    if (frameCount() - m_firstFrame >= limits::framesMax)
        throw std::length_error("the timeline holds its maximum of " + std::to_string(limits::framesMax) + " frames");
    const auto opEnd = static_cast<std::int64_t>(operationCount());
    m_frameHeapBytes += heapBytes(event.text);
    m_frames.push_back(FrameInfo{m_head.state().nowMs, opEnd, std::move(event), -1, -1});
    const std::int64_t index = frameCount() - 1;
    const Snapshot& last = m_snapshots.back();
    const bool due = m_snapshotInterval > 0
                         ? index % m_snapshotInterval == 0
                         : index - last.frame >= minSnapshotInterval &&
                               (growthBytes() - last.growthMark) * snapshotGrowthDivisor >= last.ownBytes;
    if (due)
        takeSnapshot(index, opEnd);
    updateHistoryBytes();
    if (m_observer)
        m_observer(m_head.state(), m_frames.back());
}

ApplyResult Timeline::apply(const Action& action)
{
    checkBudget();
    ApplyResult result = m_head.apply(action);
    if (!result.ok())
        return result;
    m_ops.push_back(static_cast<std::int32_t>(actionCount()));
    m_actions.push_back(action);
    ProducedRecords produced;
    if (auto* produce = std::get_if<ProduceAction>(&m_actions.back())) {
        // Its values are now the last records of the payload store: keep them there only.
        produced.count = static_cast<std::int32_t>(produce->values.size());
        produced.firstPayload = static_cast<std::int32_t>(m_head.state().payloads.size()) - produced.count;
        std::vector<std::string>().swap(produce->values);
    }
    m_produced.push_back(produced);
    m_actionHeapBytes += heapBytes(m_actions.back());
    if (result.event)
        addFrame(*result.event);
    return result;
}

std::optional<std::int64_t> Timeline::applyObserved(const ObservedCluster& poll)
{
    const ClusterState& head = m_head.state();
    if (!head.observed)
        throw std::logic_error("a poll of a real cluster applied to a simulated timeline");
    // The whole state of the poll, then only what changed is kept: the delta is the operation.
    ClusterState next = observedState(poll, &head);
    ObservedDelta delta = hw::observedDelta(head, next);
    if (!observedDeltaVisible(delta, head.observed->poll))
        return std::nullopt;
    checkBudget();
    Event event = observedPollEvent(head, next);
    m_head.applyObservedDelta(delta);
    m_ops.push_back(observedOperation(observedCount()));
    m_observedHeapBytes += heapBytes(delta);
    m_observed.push_back(std::move(delta));
    addFrame(std::move(event));
    return frameCount() - 1;
}

std::optional<std::int64_t> Timeline::step()
{
    if (!m_head.hasQueuedEvents())
        return std::nullopt;
    checkBudget();
    std::optional<Event> event = m_head.step();
    m_ops.push_back(stepOp);
    if (!event)
        return std::nullopt;
    addFrame(std::move(*event));
    return frameCount() - 1;
}

void Timeline::replayOps(Engine& engine, std::int64_t fromOp, std::int64_t toOp) const
{
    for (std::int64_t op = fromOp; op < toOp; ++op) {
        const std::int32_t code = m_ops[static_cast<std::size_t>(op) - m_opBase];
        if (code == stepOp)
            engine.step();
        else if (code <= observedOperation(0))
            engine.applyObservedDelta(m_observed[observedIndex(code) - m_observedBase]);
        else
            applyRecorded(engine, static_cast<std::size_t>(code));
    }
}

void Timeline::applyRecorded(Engine& engine, std::size_t index) const
{
    const ProducedRecords& produced = m_produced[index - m_actionBase];
    if (produced.firstPayload < 0)
        engine.apply(m_actions[index - m_actionBase]);
    else
        engine.applyRecordedProduce(std::get<ProduceAction>(m_actions[index - m_actionBase]), m_head.state().payloads,
                                    static_cast<std::size_t>(produced.firstPayload),
                                    static_cast<std::size_t>(produced.count));
}

Action Timeline::action(std::size_t index) const
{
    Action out = m_actions[index - m_actionBase];
    const ProducedRecords& produced = m_produced[index - m_actionBase];
    if (produced.firstPayload >= 0) {
        // The head holds every record an action ever made: a simulated producer's batches keep their
        // payloads from being released (broker/payload_store.h), and forkAt drops the actions after the
        // frame it keeps.
        auto& values = std::get<ProduceAction>(out).values;
        values.reserve(static_cast<std::size_t>(produced.count));
        m_head.state().payloads.forEach(static_cast<std::size_t>(produced.firstPayload),
                                        static_cast<std::size_t>(produced.firstPayload + produced.count),
                                        [&](std::size_t, const Payload& p) { values.push_back(p.value); });
    }
    return out;
}

ClusterState Timeline::stateAt(std::int64_t frame) const
{
    if (frame >= 0 && frame < m_firstFrame)
        throw FrameDropped(frame, m_firstFrame);
    if (frame < 0 || frame >= frameCount())
        throw std::out_of_range("no frame " + std::to_string(frame));
    const std::int64_t target = m_frames[static_cast<std::size_t>(frame)].opEnd;
    // Whether this request goes on from the one before (the same frame again, or a few frames later):
    // stepping and scrubbing forwards. Then the next one likely does too, and the rebuilt state is kept
    // so that it replays from here. A jump elsewhere (a random seek) hands its state over without that
    // copy, and keeps whatever was cached before.
    const bool goingOn = m_lastFrame >= 0 && frame >= m_lastFrame && frame - m_lastFrame <= minSnapshotInterval;
    m_lastFrame = frame;
    if (m_cache && m_cache->opIndex == target)
        return m_cache->state;
    auto it = std::upper_bound(m_snapshots.begin(), m_snapshots.end(), target,
                               [](std::int64_t op, const Snapshot& s) { return op < s.opIndex; });
    const Snapshot& start = *std::prev(it);
    const bool fromCache = m_cache && m_cache->opIndex <= target && m_cache->opIndex >= start.opIndex;
    Engine engine(fromCache ? m_cache->state : restore(start));
    replayOps(engine, fromCache ? m_cache->opIndex : start.opIndex, target);
    if (!goingOn)
        return std::move(engine).releaseState();
    if (!m_cache)
        m_cache = std::make_unique<Cache>();
    m_cache->opIndex = target;
    m_cache->state = std::move(engine).releaseState();
    return m_cache->state;
}

void Timeline::forkAt(std::int64_t frame)
{
    ClusterState state = stateAt(frame); // throws for a frame not kept
    const std::int64_t opEnd = m_frames[static_cast<std::size_t>(frame)].opEnd;
    for (std::size_t f = static_cast<std::size_t>(frame + 1); f < m_frames.size(); ++f)
        m_frameHeapBytes -= heapBytes(m_frames[f].event.text);
    m_frames.truncate(static_cast<std::size_t>(frame + 1));
    // Keep actions that earlier operations refer to; drop the rest.
    auto actionsKept = static_cast<std::int64_t>(m_actionBase);
    std::size_t observedKept = m_observedBase;
    for (auto op = static_cast<std::int64_t>(m_opBase); op < opEnd; ++op) {
        const std::int32_t code = m_ops[static_cast<std::size_t>(op) - m_opBase];
        if (code >= 0)
            actionsKept = std::max<std::int64_t>(actionsKept, code + 1);
        else if (code <= observedOperation(0))
            observedKept = std::max(observedKept, observedIndex(code) + 1);
    }
    m_observed.resize(observedKept - m_observedBase);
    m_observedHeapBytes = 0;
    for (const ObservedDelta& delta : m_observed)
        m_observedHeapBytes += heapBytes(delta);
    m_ops.resize(static_cast<std::size_t>(opEnd) - m_opBase);
    m_actions.resize(static_cast<std::size_t>(actionsKept) - m_actionBase);
    m_produced.resize(static_cast<std::size_t>(actionsKept) - m_actionBase);
    m_actionHeapBytes = 0;
    for (const Action& action : m_actions)
        m_actionHeapBytes += heapBytes(action);
    while (m_snapshots.size() > 1 && m_snapshots.back().opIndex > opEnd) {
        m_snapshotBytes -= m_snapshots.back().ownBytes;
        m_snapshots.pop_back();
    }
    if (m_cache && m_cache->opIndex > opEnd)
        m_cache.reset();
    m_head = Engine(std::move(state));
    m_payloadsCounted = 0;
    m_liveRecordsCounted = 0;
    m_payloadTexts = LeafBytes();
    m_liveRecordTexts = LeafBytes();
    countPayloadTexts();
    updateHistoryBytes();
}

void Timeline::setLabel(std::int64_t frame, const std::string& label)
{
    auto it = std::find(m_labels.begin(), m_labels.end(), label);
    std::int32_t index = static_cast<std::int32_t>(it - m_labels.begin());
    if (it == m_labels.end()) {
        m_labels.push_back(label);
        m_textBytes += sizeof(std::string) + heapBytes(label);
    }
    m_frames[static_cast<std::size_t>(frame)].label = index;
}

std::int64_t Timeline::findLabel(const std::string& label) const
{
    auto it = std::find(m_labels.begin(), m_labels.end(), label);
    if (it == m_labels.end())
        return -1;
    const auto index = static_cast<std::int32_t>(it - m_labels.begin());
    for (std::int64_t f = m_firstFrame; f < frameCount(); ++f) {
        if (m_frames[static_cast<std::size_t>(f)].label == index)
            return f;
    }
    return -1;
}

void Timeline::attachNote(std::int64_t frame, LocalizedText note)
{
    m_textBytes += heapBytes(note);
    m_notes.push_back(std::move(note));
    m_frames[static_cast<std::size_t>(frame)].note = static_cast<std::int32_t>(m_notes.size() - 1);
}

} // namespace hw
