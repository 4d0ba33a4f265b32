// SPDX-License-Identifier: MIT
#include "check/invariants.h"

#include "clients/record_accumulator.h"
#include "model/version_rules.h"

#include <algorithm>

namespace hw {

namespace {

std::string name(std::int32_t partition, const ClusterState& s)
{
    return s.partitionName(partition);
}

} // namespace

std::vector<std::string> InvariantChecker::check(const ClusterState& s)
{
    // An observed state (a real cluster's poll) is what the poll saw, not a consistent snapshot: a HW may be
    // above a LEO, an ISR empty, a leader outside it. The engine's invariants hold for simulated states only.
    if (s.observed)
        return {};
    std::vector<std::string> bad;
    auto report = [&](std::string text) { bad.push_back("t=" + std::to_string(s.nowMs) + "ms: " + std::move(text)); };
    m_leaders.resize(s.partitions.size());

    // Topics, made at time 0 or at run time, hold consecutive runs of partitions in creation order, and a
    // broker's metadata image never holds a partition the controller has not created.
    std::int32_t nextPartition = 0;
    for (std::size_t t = 0; t < s.topics.size(); ++t) {
        const Topic& topic = s.topics[t];
        if (topic.firstPartition != nextPartition || topic.partitionCount < 1 ||
            static_cast<std::size_t>(topic.firstPartition + topic.partitionCount) > s.partitions.size()) {
            report("topic " + topic.name + " does not own the partitions after the topic before it");
            break;
        }
        for (std::int32_t i = 0; i < topic.partitionCount; ++i) {
            const Partition& p = s.partitions[static_cast<std::size_t>(topic.firstPartition + i)];
            if (p.topic != static_cast<std::int32_t>(t) || p.index != i)
                report("partition " + std::to_string(topic.firstPartition + i) + " is not " + topic.name + "-" +
                       std::to_string(i));
        }
        nextPartition += topic.partitionCount;
    }
    if (static_cast<std::size_t>(nextPartition) != s.partitions.size())
        report("partitions that belong to no topic");
    for (const Broker& b : s.brokers) {
        if (b.knownLeaders.size() > s.partitions.size() || b.knownLeaders.size() != b.knownLeaderEpochs.size())
            report("broker " + std::to_string(b.id) + "'s metadata knows partitions the controller never created");
    }

    for (std::int32_t pi = 0; pi < static_cast<std::int32_t>(s.partitions.size()); ++pi) {
        const Partition& p = s.partitions[static_cast<std::size_t>(pi)];
        const std::string name = s.partitionName(pi);
        const PartitionRegistration& reg = p.registration;

        for (const Replica& r : p.replicas) {
            if (r.hw > r.log.leo())
                report(name + " on broker " + std::to_string(r.broker) + ": HW " + std::to_string(r.hw) + " > LEO " +
                       std::to_string(r.log.leo()));
            if (r.hw < r.log.logStart)
                report(name + " on broker " + std::to_string(r.broker) + ": HW " + std::to_string(r.hw) +
                       " < log start " + std::to_string(r.log.logStart));
            // The log's segments (log_segments.h): they start at or before the log start, at or after the
            // first record kept, in offset order, only the last may be empty, and none starts past the LEO.
            const std::string where = name + " on broker " + std::to_string(r.broker) + ": ";
            if (r.log.baseOffset > r.log.logStart)
                report(where + "records kept from " + std::to_string(r.log.baseOffset) + ", after the log start " +
                       std::to_string(r.log.logStart));
            const std::vector<LogSegment>& segments = r.log.segments;
            if (!segments.empty()) {
                if (segments.front().baseOffset > r.log.logStart || segments.front().baseOffset < r.log.baseOffset)
                    report(where + "the first segment starts at " + std::to_string(segments.front().baseOffset) +
                           ", outside the kept records from " + std::to_string(r.log.baseOffset) + " to the log start " +
                           std::to_string(r.log.logStart));
                if (segments.back().baseOffset > r.log.leo())
                    report(where + "the active segment starts at " + std::to_string(segments.back().baseOffset) +
                           ", after the LEO " + std::to_string(r.log.leo()));
                for (std::size_t i = 0; i + 1 < segments.size(); ++i) {
                    if (segments[i + 1].baseOffset <= segments[i].baseOffset || segments[i].bytes <= 0) {
                        report(where + "segment " + std::to_string(i) + " (from " +
                               std::to_string(segments[i].baseOffset) + ", " + std::to_string(segments[i].bytes) +
                               " bytes) is empty or not before the next one");
                        break;
                    }
                }
            }
            // The epoch cache describes the log (LeaderEpochFileCache as UnifiedLog keeps it): the records
            // from an entry's start offset to the next entry's carry that entry's epoch. A leader answers
            // a follower's last fetched epoch from it, so a stale entry hides a divergence. Epochs never
            // fall along a log, so each span's first and last record stand for it.
            const Offset firstRecord = std::max(r.log.logStart, r.log.baseOffset);
            if (firstRecord < r.log.leo() && (r.epochCache.empty() || r.epochCache.front().startOffset > firstRecord))
                report(name + " on broker " + std::to_string(r.broker) + ": offset " + std::to_string(firstRecord) +
                       " comes before the first entry of the epoch cache");
            for (std::size_t i = 0; i < r.epochCache.size(); ++i) {
                const EpochEntry& entry = r.epochCache[i];
                const Offset from = std::max(entry.startOffset, firstRecord);
                const Offset to =
                    std::min(i + 1 < r.epochCache.size() ? r.epochCache[i + 1].startOffset : r.log.leo(), r.log.leo());
                for (const Offset o : {from, to - 1}) {
                    if (from < to && r.log.at(o).epoch != entry.epoch) {
                        report(name + " on broker " + std::to_string(r.broker) + ": the epoch cache says epoch " +
                               std::to_string(entry.epoch) + " from offset " + std::to_string(entry.startOffset) +
                               ", but offset " + std::to_string(o) + " holds a record of epoch " +
                               std::to_string(r.log.at(o).epoch));
                        break;
                    }
                }
            }
        }
        for (BrokerId b : reg.isr) {
            if (!contains(reg.replicas, b))
                report(name + ": ISR member " + std::to_string(b) + " is not an assigned replica");
        }
        if (reg.leader != noLeader && !contains(reg.isr, reg.leader))
            report(name + ": leader " + std::to_string(reg.leader) + " is not in the ISR");
        // Without ELR the last ISR member stays listed; with it the ISR may empty (KIP-966).
        const bool elr = rules::elrEnabled(s.config);
        if (reg.isr.empty() && !elr)
            report(name + ": the ISR is empty");
        const auto minIsr = static_cast<std::size_t>(
            std::min<std::int64_t>(s.config.minInsyncReplicas, static_cast<std::int64_t>(reg.replicas.size())));
        if (!elr && (!reg.elr.empty() || !reg.lastKnownElr.empty()))
            report(name + ": an ELR or LastKnownElr without ELR enabled");
        if (!reg.elr.empty() && reg.isr.size() >= minIsr)
            report(name + ": an ELR of " + std::to_string(reg.elr.size()) + " while the ISR is at min ISR");
        for (BrokerId b : reg.elr) {
            if (!contains(reg.replicas, b) || contains(reg.isr, b))
                report(name + ": ELR member " + std::to_string(b) + " is not a replica outside the ISR");
        }
        if (!std::is_sorted(reg.elr.begin(), reg.elr.end()))
            report(name + ": the ELR is not in broker id order");
        if (reg.lastKnownElr.size() > 1)
            report(name + ": LastKnownElr holds more than the last known leader");
        if (reg.leaderRecoveryState == LeaderRecoveryState::Recovering && p.uncleanElections == 0)
            report(name + ": RECOVERING without an unclean election");

        const Replica* leader = nullptr;
        for (const Replica& r : p.replicas) {
            if (r.broker == reg.leader && r.isLeader() && s.broker(r.broker).alive)
                leader = &r;
        }
        LeaderMark& mark = m_leaders[static_cast<std::size_t>(pi)];
        if (!leader) {
            mark = LeaderMark{};
            continue;
        }
        if (mark.leader == leader->broker && mark.epoch == leader->knownLeaderEpoch && leader->hw < mark.hw)
            report(name + ": leader " + std::to_string(leader->broker) + "'s HW fell from " + std::to_string(mark.hw) +
                   " to " + std::to_string(leader->hw) + " within epoch " + std::to_string(mark.epoch));
        if (mark.leader != leader->broker || mark.epoch != leader->knownLeaderEpoch) {
            for (auto it = m_verified.begin(); it != m_verified.end();)
                it = it->first.first == pi ? m_verified.erase(it) : std::next(it);
        }
        mark = LeaderMark{leader->broker, leader->knownLeaderEpoch, leader->hw};

        // What consumers may read must be on every ISR member, record for record.
        // A legacy HW truncation or a restart that lost unflushed records voids these guarantees.
        const bool legacy =
            p.legacyTruncations > 0 || (p.unflushedLost > 0 && s.config.truncation == TruncationMode::HighWatermark);
        for (const Replica& r : p.replicas) {
            if (legacy)
                break;
            // A restarted broker that has not registered yet may have lost its unflushed tail while the
            // controller still lists it; registering takes it out of the ISR.
            if (&r == leader || !contains(reg.isr, r.broker) || !s.broker(r.broker).registered)
                continue;
            if (r.log.leo() < leader->hw) {
                report(name + ": ISR member " + std::to_string(r.broker) + " has LEO " + std::to_string(r.log.leo()) +
                       " below the leader's HW " + std::to_string(leader->hw));
                continue;
            }
            Offset& verified = m_verified[{pi, r.broker}];
            if (verified > r.log.leo())
                verified = 0;
            const Offset from = std::max({verified, r.log.logStart, leader->log.logStart});
            const Offset end = std::min({leader->hw, leader->log.leo(), r.log.leo()});
            for (Offset o = from; o < end; ++o) {
                const Record& a = leader->log.at(o);
                const Record& b = r.log.at(o);
                if (!(a == b)) {
                    report(name + ": offset " + std::to_string(o) + " below the HW differs between leader " +
                           std::to_string(leader->broker) + " and ISR member " + std::to_string(r.broker));
                    break;
                }
            }
            verified = std::max(verified, leader->hw);
        }
    }

    // An idempotent producer's record is in a leader's log at most once. Each leader's log is scanned
    // from where the last check stopped; a new leader or a shorter log starts the scan again.
    m_duplicateScans.resize(s.partitions.size());
    for (std::int32_t pi = 0; pi < static_cast<std::int32_t>(s.partitions.size()); ++pi) {
        const Partition& p = s.partitions[static_cast<std::size_t>(pi)];
        DuplicateScan& scan = m_duplicateScans[static_cast<std::size_t>(pi)];
        const Replica* leader = nullptr;
        for (const Replica& r : p.replicas) {
            if (r.broker == p.registration.leader && r.isLeader())
                leader = &r;
        }
        if (!leader)
            continue;
        if (scan.leader != leader->broker || scan.scanned > leader->log.leo()) {
            scan = DuplicateScan{leader->broker, leader->log.baseOffset, {}};
        }
        for (Offset o = std::max(scan.scanned, leader->log.baseOffset); o < leader->log.leo(); ++o) {
            const Record& record = leader->log.at(o);
            if (record.sequence < 0)
                continue;
            auto it = std::lower_bound(scan.payloads.begin(), scan.payloads.end(), record.payload);
            if (it != scan.payloads.end() && *it == record.payload) {
                const Payload& payload = s.payloads[static_cast<std::size_t>(record.payload)];
                report(name(pi, s) + ": idempotent record \"" + payload.value + "\" appears twice in leader " +
                       std::to_string(leader->broker) + "'s log (again at offset " + std::to_string(o) + ")");
            } else {
                scan.payloads.insert(it, record.payload);
            }
        }
        scan.scanned = leader->log.leo();
    }

    // Each producer's batch queues, which the Sender keeps as its batches change, are what its batches
    // say: built again from scratch, they come out the same.
    for (const Producer& producer : s.producers) {
        const std::string wrong = checkBatchQueues(producer.queues, producer.batches, s.partitions.size(), s.nowMs);
        if (!wrong.empty())
            report("producer " + producer.id + "'s batch queues: " + wrong);
    }

    // Acknowledged acks=all records are in the current leader's log, unless retention deleted them.
    m_ackedOffsets.resize(s.producers.size());
    for (std::size_t pi = 0; pi < s.producers.size(); ++pi) {
        const Producer& producer = s.producers[pi];
        std::vector<Offset>& acked = m_ackedOffsets[pi];
        if (acked.size() > producer.batches.size())
            acked.clear(); // a rewound run
        acked.resize(producer.batches.size(), -1);
        producer.batches.forEach(0, producer.batches.size(), [&](std::size_t index, const ProducerBatch& batch) {
            if (batch.idempotent && batch.status == SendStatus::Acked && batch.baseOffset >= 0) {
                if (acked[index] >= 0 && acked[index] != batch.baseOffset)
                    report("producer " + producer.id + " batch " + std::to_string(index) +
                           ": acknowledged at offset " + std::to_string(acked[index]) + ", now at " +
                           std::to_string(batch.baseOffset));
                acked[index] = batch.baseOffset;
            }
        });
    }
    for (const Producer& producer : s.producers) {
        producer.batches.forEach(0, producer.batches.size(), [&](std::size_t index, const ProducerBatch& batch) {
            if (batch.acks != Acks::All || batch.status != SendStatus::Acked)
                return;
            const Partition& p = s.partitions[static_cast<std::size_t>(batch.partition)];
            if (p.uncleanElections > 0 || p.unflushedLost > 0 || p.legacyTruncations > 0)
                return;
            const Replica* leader = nullptr;
            for (const Replica& r : p.replicas) {
                if (r.broker == p.registration.leader && r.isLeader())
                    leader = &r;
            }
            if (!leader)
                return;
            for (std::int32_t i = 0; i < batch.count; ++i) {
                const Offset o = batch.baseOffset + i;
                // Below the log start, retention deleted the record (log_segments.h): it left every log
                // on purpose, after it was acknowledged.
                if (o < leader->log.logStart)
                    continue;
                if (o >= leader->log.leo() || o < leader->log.baseOffset ||
                    leader->log.at(o).payload != batch.firstPayload + i) {
                    report("producer " + producer.id + " batch " + std::to_string(index) +
                           ": acknowledged acks=all record at offset " + std::to_string(o) + " of " +
                           s.partitionName(batch.partition) + " is not in leader " + std::to_string(leader->broker) +
                           "'s log");
                    break;
                }
            }
        });
    }

    m_receivedChecked.resize(s.consumers.size(), 0);
    for (std::size_t ci = 0; ci < s.consumers.size(); ++ci) {
        const Consumer& c = s.consumers[ci];
        std::size_t& checked = m_receivedChecked[ci];
        if (checked > c.received.size())
            checked = 0;
        c.received.forEach(checked, c.received.size(), [&](std::size_t, const ReceivedRecord& r) {
            if (r.offset >= r.hwAtRead)
                report("consumer " + c.id + " received offset " + std::to_string(r.offset) + " of " +
                       s.partitionName(r.partition) + " at or above the HW " + std::to_string(r.hwAtRead) +
                       " it was read under");
        });
        checked = c.received.size();
    }
    for (const Group& g : s.groups) {
        if (g.state != GroupState::Stable)
            continue;
        std::vector<std::int32_t> seen;
        for (const GroupMember& m : g.members) {
            for (std::int32_t p : m.assignment) {
                if (std::find(seen.begin(), seen.end(), p) != seen.end())
                    report("group " + g.id + ": " + s.partitionName(p) + " is assigned to two members");
                seen.push_back(p);
            }
        }
    }

    for (const QueuedEvent& q : s.queue) {
        if (q.atMs < s.nowMs) {
            report("an event is queued for " + std::to_string(q.atMs) + " ms, before the clock");
            break;
        }
    }
    // Each connection that lost bytes to a cut owes exactly the held messages queued on it.
    if (!s.heldConnections.empty()) {
        for (const HeldConnection& c : s.heldConnections) {
            const auto queued = std::count_if(s.queue.begin(), s.queue.end(), [&](const QueuedEvent& q) {
                const auto* m = std::get_if<Message>(&q.what);
                return m && m->heldSinceMs == c.firstLostMs && m->from == c.from && m->to == c.to &&
                       m->fromIncarnation == c.fromIncarnation && m->toIncarnation == c.toIncarnation;
            });
            if (c.held <= 0 || queued < c.held)
                report("a connection that lost bytes at " + std::to_string(c.firstLostMs) + " ms owes " +
                       std::to_string(c.held) + " messages but " + std::to_string(queued) + " are queued");
        }
    }
    checkPayloadsHeld(s, report);
    return bad;
}

void InvariantChecker::checkPayloadsHeld(const ClusterState& s, const std::function<void(std::string)>& report)
{
    // Nothing released, nothing to check: the payload store releases only at retention checks.
    if (s.payloads.releasedLeaves() == 0 && s.liveRecords.releasedLeaves() == 0)
        return;
    // The first holder found referring to a released payload; its description is made only then.
    std::int64_t firstBad = -1;
    std::string where;
    auto held = [&](std::int64_t payload, auto&& holder) {
        if (firstBad < 0 && !s.payloads.holds(static_cast<std::size_t>(payload))) {
            firstBad = payload;
            where = holder();
        }
    };
    for (std::int32_t pi = 0; pi < static_cast<std::int32_t>(s.partitions.size()); ++pi) {
        for (const Replica& r : s.partitions[static_cast<std::size_t>(pi)].replicas) {
            // From the first segment: the few deleted records below it hold nothing (firstHeldPayload).
            const Offset from = r.log.segments.empty() ? r.log.baseOffset
                                                       : std::max(r.log.baseOffset, r.log.segments.front().baseOffset);
            r.log.records.forEach(static_cast<std::size_t>(from - r.log.baseOffset), r.log.records.size(),
                                  [&](std::size_t i, const Record& record) {
                held(record.payload, [&] {
                    return "the log of " + s.partitionName(pi) + " on broker " + std::to_string(r.broker) + " at offset " +
                           std::to_string(r.log.baseOffset + static_cast<Offset>(i));
                });
            });
            for (const TruncatedRecord& t : r.truncated) {
                held(t.record.payload, [&] {
                    return "a record truncated from " + s.partitionName(pi) + " on broker " + std::to_string(r.broker);
                });
            }
        }
    }
    for (const Producer& producer : s.producers) {
        producer.batches.forEach(0, producer.batches.size(), [&](std::size_t b, const ProducerBatch& batch) {
            for (std::int32_t i = 0; i < batch.count; ++i)
                held(batch.firstPayload + i, [&] { return "batch " + std::to_string(b) + " of producer " + producer.id; });
        });
    }
    for (const Consumer& c : s.consumers) {
        c.received.forEach(0, c.received.size(), [&](std::size_t, const ReceivedRecord& r) {
            held(r.payload, [&] { return "what consumer " + c.id + " received"; });
        });
    }
    for (const QueuedEvent& q : s.queue) {
        const auto* message = std::get_if<Message>(&q.what);
        if (!message)
            continue;
        if (const auto* produce = std::get_if<ProduceRequest>(&message->body)) {
            for (std::int32_t i = 0; i < produce->count; ++i)
                held(produce->firstPayload + i, [] { return std::string("a produce request in flight"); });
        } else if (const auto* fetch = std::get_if<FetchResponse>(&message->body)) {
            const ReplicaLog& log = fetch->leaderLog;
            for (Offset o = fetch->fetchOffset; o < fetch->fetchOffset + fetch->recordCount; ++o)
                held(log.at(o).payload, [] { return std::string("a fetch response in flight"); });
        }
    }
    if (firstBad >= 0)
        report(where + " refers to payload " + std::to_string(firstBad) + ", released (" +
               std::to_string(s.payloads.releasedLeaves()) + " leaves of the payload store are)");
    // The live records of the payloads kept.
    bool liveBad = false;
    s.payloads.forEachHeld(0, s.payloads.size(), [&](std::size_t i, const Payload& payload) {
        if (!liveBad && payload.liveRecord >= 0 && !s.liveRecords.holds(static_cast<std::size_t>(payload.liveRecord))) {
            report("payload " + std::to_string(i) + " refers to live record " + std::to_string(payload.liveRecord) +
                   ", released");
            liveBad = true;
        }
    });
}

} // namespace hw
