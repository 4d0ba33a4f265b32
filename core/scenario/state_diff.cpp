// SPDX-License-Identifier: MIT
#include "scenario/state_diff.h"

#include "scenario/frame_json.h"
#include "scenario/lost_records.h"

#include <algorithm>
#include <map>
#include <type_traits>

namespace hw {

namespace {

using Field = StateDifference::Field;

std::string brokerSet(const std::vector<BrokerId>& brokers)
{
    std::string out = "{";
    for (std::size_t i = 0; i < brokers.size(); ++i) {
        if (i > 0)
            out += ',';
        out += std::to_string(brokers[i]);
    }
    return out + "}";
}

std::string brokerText(BrokerId broker)
{
    return broker == noLeader ? std::string("-") : std::to_string(broker);
}

/// Collects the differences; a difference is added only when the two texts differ.
struct Differences {
    std::vector<StateDifference> list;
    void add(Field field, std::int32_t partition, BrokerId broker, std::string a, std::string b)
    {
        if (a != b)
            list.push_back(StateDifference { field, partition, broker, std::move(a), std::move(b) });
    }
};

/// The partition-registration fields of KIP-966 (Eligible Leader Replicas) and KIP-704 (leader recovery
/// state): `elr`, `lastKnownElr` and `leaderRecoveryState`, which the controller rewrite adds to
/// PartitionRegistration as Kafka's metadata/.../PartitionRegistration.java (4.2.0-rc1) has them. Each
/// is compared once PartitionRegistration has it; until then there is nothing to compare and the
/// branch is discarded at compile time, so the merge that brings the fields needs no edit here.
template <typename Registration>
void diffEligibleLeaders(Differences& out, std::int32_t partition, const Registration& a, const Registration& b)
{
    if constexpr (requires { a.elr; })
        out.add(Field::Elr, partition, noLeader, brokerSet(a.elr), brokerSet(b.elr));
    if constexpr (requires { a.lastKnownElr; })
        out.add(Field::LastKnownElr, partition, noLeader, brokerSet(a.lastKnownElr), brokerSet(b.lastKnownElr));
    if constexpr (requires { a.leaderRecoveryState; }) {
        // Kafka's LeaderRecoveryState (metadata/.../LeaderRecoveryState.java): RECOVERED, RECOVERING.
        using State = std::decay_t<decltype(a.leaderRecoveryState)>;
        auto name = [](State s) { return std::string(s == State::Recovering ? "recovering" : "recovered"); };
        out.add(
            Field::LeaderRecoveryState, partition, noLeader, name(a.leaderRecoveryState), name(b.leaderRecoveryState));
    }
}

const Replica* replicaOf(const Partition& p, BrokerId broker)
{
    for (const Replica& r : p.replicas) {
        if (r.broker == broker)
            return &r;
    }
    return nullptr;
}

/// The lost offsets of every partition of a state, by partition index.
std::map<std::int32_t, std::vector<Offset>> lostOffsets(const ClusterState& s)
{
    std::map<std::int32_t, std::vector<Offset>> out;
    for (const LostRecord& r : lostRecords(s))
        out[r.partition].push_back(r.offset);
    for (auto& [partition, offsets] : out)
        std::sort(offsets.begin(), offsets.end());
    return out;
}

std::string offsetSet(const std::vector<Offset>* offsets)
{
    std::string out = "{";
    if (offsets) {
        for (std::size_t i = 0; i < offsets->size(); ++i) {
            if (i > 0)
                out += ',';
            out += std::to_string((*offsets)[i]);
        }
    }
    return out + "}";
}

void diffPartition(Differences& out, std::int32_t index, const Partition& a, const std::vector<Offset>* lostA,
    const Partition& b, const std::vector<Offset>* lostB)
{
    const PartitionRegistration& ra = a.registration;
    const PartitionRegistration& rb = b.registration;
    out.add(Field::Replicas, index, noLeader, brokerSet(ra.replicas), brokerSet(rb.replicas));
    out.add(Field::Leader, index, noLeader, brokerText(ra.leader), brokerText(rb.leader));
    out.add(Field::Isr, index, noLeader, brokerSet(ra.isr), brokerSet(rb.isr));
    diffEligibleLeaders(out, index, ra, rb);

    // Every replica either side has, in a's assignment order, then b's replicas that a lacks.
    std::vector<BrokerId> brokers;
    for (const Replica& r : a.replicas)
        brokers.push_back(r.broker);
    for (const Replica& r : b.replicas) {
        if (!contains(brokers, r.broker))
            brokers.push_back(r.broker);
    }
    for (const Field field : { Field::HighWatermark, Field::LogEnd }) {
        for (BrokerId broker : brokers) {
            auto text = [&](const Replica* r) {
                if (!r)
                    return std::string("-");
                return std::to_string(field == Field::HighWatermark ? r->hw : r->log.leo());
            };
            out.add(field, index, broker, text(replicaOf(a, broker)), text(replicaOf(b, broker)));
        }
    }
    out.add(Field::LostRecords, index, noLeader, offsetSet(lostA), offsetSet(lostB));
}

/// What became of one record a producer sent, as far as the producer knows.
struct RecordOutcome {
    bool sent = false;
    std::int32_t partition = -1;
    SendStatus status = SendStatus::Pending;
    Offset offset = -1;
    ErrorCode error = ErrorCode::None;
};

std::vector<RecordOutcome> recordOutcomes(const Producer& producer)
{
    std::vector<RecordOutcome> out;
    producer.batches.forEach(0, producer.batches.size(), [&](std::size_t, const ProducerBatch& batch) {
        for (std::int32_t i = 0; i < batch.count; ++i) {
            const auto seq = static_cast<std::size_t>(batch.firstSequence + i);
            if (seq >= out.size())
                out.resize(seq + 1);
            out[seq] = RecordOutcome { true, batch.partition, batch.status,
                batch.baseOffset >= 0 ? batch.baseOffset + i : -1, batch.error };
        }
    });
    return out;
}

RecordOutcome outcomeAt(const std::vector<RecordOutcome>& outcomes, std::size_t seq)
{
    return seq < outcomes.size() ? outcomes[seq] : RecordOutcome {};
}

bool sameOutcome(const RecordOutcome& x, const RecordOutcome& y)
{
    return x.sent == y.sent && x.partition == y.partition && x.status == y.status && x.offset == y.offset
        && x.error == y.error;
}

/// Whether the record `distance` sequence numbers after `first` continues first's run: the same
/// partition, status and error, and the next offsets.
bool continues(const RecordOutcome& first, const RecordOutcome& next, std::int64_t distance)
{
    return next.sent == first.sent && next.partition == first.partition && next.status == first.status
        && next.error == first.error && (first.offset < 0 ? next.offset < 0 : next.offset == first.offset + distance);
}

std::string rangeText(std::int64_t first, std::int64_t last)
{
    return first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last);
}

std::string outcomeText(const ClusterState& s, const std::string& producer, std::int64_t firstSeq, std::int64_t lastSeq,
    const RecordOutcome& first, bool namePartition)
{
    if (!first.sent)
        return "-";
    std::string out = producer + " seq " + rangeText(firstSeq, lastSeq) + ": ";
    if (namePartition)
        out += s.partitionName(first.partition) + " ";
    out += sendStatusName(first.status);
    if (first.offset >= 0)
        out += " at " + rangeText(first.offset, first.offset + (lastSeq - firstSeq));
    if (first.error != ErrorCode::None)
        out += " (" + std::string(errorName(first.error)) + ")";
    return out;
}

void diffProducer(
    Differences& out, const ClusterState& sa, const Producer& a, const ClusterState& sb, const Producer& b)
{
    const std::vector<RecordOutcome> outcomesA = recordOutcomes(a);
    const std::vector<RecordOutcome> outcomesB = recordOutcomes(b);
    const std::size_t end = std::max(outcomesA.size(), outcomesB.size());
    std::size_t seq = 0;
    while (seq < end) {
        const RecordOutcome firstA = outcomeAt(outcomesA, seq);
        const RecordOutcome firstB = outcomeAt(outcomesB, seq);
        if (sameOutcome(firstA, firstB)) {
            ++seq;
            continue;
        }
        std::size_t last = seq;
        while (last + 1 < end) {
            const auto distance = static_cast<std::int64_t>(last + 1 - seq);
            const RecordOutcome nextA = outcomeAt(outcomesA, last + 1);
            const RecordOutcome nextB = outcomeAt(outcomesB, last + 1);
            if (sameOutcome(nextA, nextB) || !continues(firstA, nextA, distance) || !continues(firstB, nextB, distance))
                break;
            ++last;
        }
        // Both sent to the same partition: the difference belongs to it; else the texts name theirs.
        const bool samePartition = firstA.sent && firstB.sent && firstA.partition == firstB.partition;
        const std::int32_t partition = samePartition ? firstA.partition : -1;
        const auto first = static_cast<std::int64_t>(seq);
        const auto lastSeq = static_cast<std::int64_t>(last);
        out.add(Field::ProduceResults, partition, noLeader,
            outcomeText(sa, a.id, first, lastSeq, firstA, !samePartition),
            outcomeText(sb, b.id, first, lastSeq, firstB, !samePartition));
        seq = last + 1;
    }
}

} // namespace

std::vector<StateDifference> diffStates(const ClusterState& a, const ClusterState& b)
{
    Differences out;
    out.add(Field::Topology, -1, noLeader, std::to_string(a.brokers.size()) + " brokers",
        std::to_string(b.brokers.size()) + " brokers");
    const std::size_t brokers = std::min(a.brokers.size(), b.brokers.size());
    for (std::size_t i = 0; i < brokers; ++i) {
        const Broker& ba = a.brokers[i];
        out.add(Field::BrokerState, -1, ba.id, std::string(brokerStateName(a, ba)),
            std::string(brokerStateName(b, b.brokers[i])));
    }

    const auto lostA = lostOffsets(a);
    const auto lostB = lostOffsets(b);
    auto lostOf = [](const std::map<std::int32_t, std::vector<Offset>>& lost, std::int32_t partition) {
        const auto it = lost.find(partition);
        return it == lost.end() ? nullptr : &it->second;
    };
    std::map<std::string, std::int32_t> partitionsB;
    for (std::size_t i = 0; i < b.partitions.size(); ++i)
        partitionsB.emplace(b.partitionName(static_cast<std::int32_t>(i)), static_cast<std::int32_t>(i));
    std::vector<bool> matchedB(b.partitions.size(), false);
    for (std::size_t i = 0; i < a.partitions.size(); ++i) {
        const auto index = static_cast<std::int32_t>(i);
        const std::string name = a.partitionName(index);
        const auto it = partitionsB.find(name);
        if (it == partitionsB.end()) {
            out.add(Field::Topology, index, noLeader, name, "-");
            continue;
        }
        matchedB[static_cast<std::size_t>(it->second)] = true;
        diffPartition(out, index, a.partitions[i], lostOf(lostA, index),
            b.partitions[static_cast<std::size_t>(it->second)], lostOf(lostB, it->second));
    }
    for (std::size_t i = 0; i < b.partitions.size(); ++i) {
        if (!matchedB[i])
            out.add(Field::Topology, static_cast<std::int32_t>(i), noLeader, "-",
                b.partitionName(static_cast<std::int32_t>(i)));
    }

    const std::size_t producers = std::max(a.producers.size(), b.producers.size());
    for (std::size_t i = 0; i < producers; ++i) {
        const Producer* pa = i < a.producers.size() ? &a.producers[i] : nullptr;
        const Producer* pb = i < b.producers.size() ? &b.producers[i] : nullptr;
        if (!pa || !pb || pa->id != pb->id) {
            out.add(Field::Topology, -1, noLeader, pa ? "producer " + pa->id : "-", pb ? "producer " + pb->id : "-");
            continue;
        }
        diffProducer(out, a, *pa, b, *pb);
    }
    return std::move(out.list);
}

std::string_view fieldName(StateDifference::Field field)
{
    switch (field) {
    case Field::Leader:
        return "leader";
    case Field::Isr:
        return "isr";
    case Field::Elr:
        return "elr";
    case Field::LastKnownElr:
        return "last_known_elr";
    case Field::LeaderRecoveryState:
        return "leader_recovery_state";
    case Field::HighWatermark:
        return "hw";
    case Field::LogEnd:
        return "leo";
    case Field::LostRecords:
        return "lost";
    case Field::ProduceResults:
        return "produce";
    case Field::BrokerState:
        return "state";
    case Field::Replicas:
        return "replicas";
    case Field::Topology:
        return "topology";
    }
    return "topology";
}

std::string differenceSubject(const StateDifference& d, const ClusterState& state)
{
    const bool hasPartition = d.partition >= 0 && d.partition < static_cast<std::int32_t>(state.partitions.size());
    if (hasPartition && d.broker != noLeader)
        return state.partitionName(d.partition) + " replica " + std::to_string(d.broker);
    if (hasPartition)
        return state.partitionName(d.partition);
    if (d.broker != noLeader)
        return "broker " + std::to_string(d.broker);
    return "cluster";
}

} // namespace hw
