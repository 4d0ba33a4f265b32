// SPDX-License-Identifier: MIT
#include "realkafka/differential.h"

#include "broker/replica.h"
#include "engine/engine.h"
#include "realkafka/observation_frame.h"
#include "realkafka/observer.h"
#include "scenario/lost_records.h"

#include <algorithm>
#include <map>

namespace hw::realkafka {

namespace {

/// Records a differing log shows from its first difference on: enough to see what differs on a
/// projector, few enough for one line.
constexpr std::size_t recordsShownMax = 5;

std::string idList(std::vector<std::int32_t> ids)
{
    std::sort(ids.begin(), ids.end());
    std::string text = "[";
    for (std::size_t i = 0; i < ids.size(); ++i)
        text += (i > 0 ? "," : "") + std::to_string(ids[i]);
    return text + "]";
}

std::string leaderText(std::int32_t leader)
{
    return leader >= 0 ? std::to_string(leader) : "-";
}

/// What a record is, for comparing: its key, value and leader epoch (offsets are compared by position).
struct RecordFacts {
    bool hasKey = false;
    std::string key;
    bool valueNull = false;
    std::string value;
    std::int32_t epoch = 0;
    friend bool operator==(const RecordFacts&, const RecordFacts&) = default;
};

RecordFacts recordFacts(const ClusterState& state, const Record& record)
{
    const Payload& payload = state.payloads[static_cast<std::size_t>(record.payload)];
    return { payload.hasKey, payload.key, valueIsNull(state, payload), payload.value, record.epoch };
}

/// "7 k1:m3 (epoch 1)": the offset, the key if any, the value and the leader epoch.
std::string recordText(Offset offset, const RecordFacts& record)
{
    std::string text = std::to_string(offset) + " ";
    if (record.hasKey)
        text += record.key + ":";
    text += record.valueNull ? "null" : record.value;
    return text + " (epoch " + std::to_string(record.epoch) + ")";
}

/// A replica on one side, if that side has it.
struct ReplicaSide {
    const ClusterState* state = nullptr;
    const Replica* replica = nullptr;
};

/// The records of a side from `from` on, at most recordsShownMax, for a log that differs there.
std::string recordsFrom(const ReplicaSide& side, Offset from)
{
    if (side.replica == nullptr)
        return "-";
    const ReplicaLog& log = side.replica->log;
    if (from >= log.leo())
        return "nothing from offset " + std::to_string(from) + " (LEO " + std::to_string(log.leo()) + ")";
    std::string text;
    std::size_t shown = 0;
    for (Offset offset = from; offset < log.leo(); ++offset) {
        if (shown == recordsShownMax) {
            text += ", ... (" + std::to_string(log.leo() - offset) + " more)";
            break;
        }
        text += (shown > 0 ? ", " : "") + recordText(offset, recordFacts(*side.state, log.at(offset)));
        ++shown;
    }
    return text;
}

std::string offsetsText(const Replica* replica)
{
    if (replica == nullptr)
        return "-";
    const ReplicaLog& log = replica->log;
    const Offset first = std::max(log.logStart, log.baseOffset);
    if (first >= log.leo())
        return "empty";
    return "offsets " + std::to_string(first) + "-" + std::to_string(log.leo() - 1);
}

const Replica* replicaOf(const Partition& partition, BrokerId broker)
{
    for (const Replica& replica : partition.replicas)
        if (replica.broker == broker)
            return &replica;
    return nullptr;
}

/// A lost record's text: "3 m3".
std::string lostText(const std::map<Offset, std::string>& lost)
{
    std::string text = "[";
    bool first = true;
    for (const auto& [offset, value] : lost) {
        text += (first ? "" : ", ") + std::to_string(offset) + " " + value;
        first = false;
    }
    return text + "]";
}

/// The simulation's lost records of one partition (scenario/lost_records.h).
std::map<Offset, std::string> simulatedLost(const ClusterState& state, std::int32_t partition)
{
    std::map<Offset, std::string> lost;
    for (const LostRecord& record : lostRecords(state))
        if (record.partition == partition)
            lost.emplace(record.offset, state.payloads[static_cast<std::size_t>(record.payload)].value);
    return lost;
}

/// The real run's lost records of one partition, by the same rule as the simulation's: a send Kafka's
/// producer saw acknowledged at an offset where the current leader's log no longer holds that record.
/// A partition without a leader is unavailable, not lost.
std::map<Offset, std::string> realLost(const ClusterState& state, std::int32_t partition,
    const std::vector<SendOutcome>& sends)
{
    std::map<Offset, std::string> lost;
    const Partition& p = state.partitions[static_cast<std::size_t>(partition)];
    const Replica* leader = currentLeader(p);
    if (leader == nullptr)
        return lost;
    const std::string& topic = state.topics[static_cast<std::size_t>(p.topic)].name;
    for (const SendOutcome& send : sends) {
        if (!send.acked || send.offset < 0 || send.topic != topic || send.partition != p.index)
            continue;
        bool held = leader->log.holds(send.offset);
        if (held) {
            const RecordFacts record = recordFacts(state, leader->log.at(send.offset));
            held = record.value == send.value && record.hasKey == send.key.has_value()
                && (!send.key || record.key == *send.key);
        }
        if (!held)
            lost.emplace(send.offset, send.value);
    }
    return lost;
}

/// Builds one checkpoint's facts, deciding each verdict.
class CheckpointBuilder {
public:
    CheckpointBuilder(CheckpointComparison& out, const Comparison& comparison, std::span<const KnownDifference> known,
        std::string pending)
        : m_out(out), m_comparison(comparison), m_known(known), m_pending(std::move(pending))
    {
    }

    /// differReason, with its id and number, is the reason of a Differ.
    void fact(std::string subject, std::string name, std::string simulated, std::string real,
        std::string differReason = {}, ReasonId differId = ReasonId::None, std::int64_t differNumber = -1)
    {
        FactComparison fact { std::move(subject), std::move(name), std::move(simulated), std::move(real),
            Verdict::Agree, {}, {}, ReasonId::None, -1 };
        if (!m_pending.empty()) {
            fact.verdict = Verdict::NotCompared;
            fact.reason = "the checkpoint is pending: " + m_pending;
            fact.reasonId = ReasonId::Pending;
        } else if (fact.simulated != fact.real) {
            if (const KnownDifference* k = findKnownDifference(m_known, m_comparison.scenario,
                    m_comparison.kafkaVersion, m_out.label, fact.subject, fact.fact, fact.simulated, fact.real)) {
                fact.verdict = Verdict::Known;
                fact.knownId = std::string(k->id);
                fact.reason = std::string(k->reason);
                fact.reasonId = ReasonId::Known;
            } else {
                fact.verdict = Verdict::Differ;
                fact.reason = std::move(differReason);
                fact.reasonId = differId;
                fact.reasonNumber = differNumber;
            }
        }
        m_out.facts.push_back(std::move(fact));
    }

    void notCompared(std::string subject, std::string name, std::string simulated, std::string real, std::string why,
        ReasonId whyId, std::int64_t whyNumber = -1)
    {
        // In a pending checkpoint nothing is compared, for that reason first.
        const bool pending = !m_pending.empty();
        m_out.facts.push_back({ std::move(subject), std::move(name), std::move(simulated), std::move(real),
            Verdict::NotCompared, {}, pending ? "the checkpoint is pending: " + m_pending : std::move(why),
            pending ? ReasonId::Pending : whyId, pending ? -1 : whyNumber });
    }

private:
    CheckpointComparison& m_out;
    const Comparison& m_comparison;
    std::span<const KnownDifference> m_known;
    std::string m_pending;
};

bool contains(const std::vector<std::int32_t>& ids, std::int32_t id)
{
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

/// Whether the observer read this replica's log (DumpLogSegments): a replica observed without its logs
/// (a pending checkpoint) has only placeholders in the real state.
bool logRead(const ObservedPartition* seen, BrokerId broker)
{
    const ObservedReplica* replica = seen ? findReplica(*seen, broker) : nullptr;
    if (replica == nullptr)
        return true; // absent: compared as absent
    const std::int64_t start = replica->logStartOffset.value_or(0);
    return !replica->records.empty() || !replica->leo || *replica->leo <= start;
}

constexpr const char* notReadWhy = "the observer did not read this log (a pending checkpoint is read without the logs)";

void compareReplica(CheckpointBuilder& builder, const std::string& subject, BrokerId broker, const ReplicaSide& sim,
    const ReplicaSide& real, const ClusterObservation& observation, const std::string& kafkaVersion, bool realLogRead)
{
    const auto leo = [](const ReplicaSide& side) {
        return side.replica ? std::to_string(side.replica->log.leo()) : std::string("-");
    };
    const auto hw = [](const ReplicaSide& side) {
        return side.replica ? std::to_string(side.replica->hw) : std::string("-");
    };
    builder.fact(subject, "leo", leo(sim), leo(real));
    const bool simDown = sim.state != nullptr && !sim.state->broker(broker).alive;
    if (simDown && contains(observation.stoppedBrokers, broker))
        builder.notCompared(subject, "hw", hw(sim), hw(real),
            "broker " + std::to_string(broker) + " is down on both sides: Kafka " + kafkaVersion
                + " reads a stopped replica's HW from its checkpoint file, written every "
                  "replica.high.watermark.checkpoint.interval.ms (5 s), so it is a timing, not a fact",
            ReasonId::StoppedReplicaHw, broker);
    else
        builder.fact(subject, "hw", hw(sim), hw(real));

    if (!realLogRead) {
        builder.notCompared(subject, "records", offsetsText(sim.replica), "not read", notReadWhy, ReasonId::LogNotRead);
        return;
    }
    // The records, offset by offset where both logs have them (from the later log start on).
    std::string simulatedText = offsetsText(sim.replica);
    std::string realText = offsetsText(real.replica);
    std::string reason;
    Offset differsFrom = -1;
    if (sim.replica && real.replica) {
        const ReplicaLog& a = sim.replica->log;
        const ReplicaLog& b = real.replica->log;
        const Offset from = std::max({ a.logStart, a.baseOffset, b.logStart, b.baseOffset });
        const Offset end = std::max(a.leo(), b.leo());
        for (Offset offset = from; offset < end; ++offset) {
            const bool inA = offset < a.leo();
            const bool inB = offset < b.leo();
            if (inA && inB && recordFacts(*sim.state, a.at(offset)) == recordFacts(*real.state, b.at(offset)))
                continue;
            simulatedText = recordsFrom(sim, offset);
            realText = recordsFrom(real, offset);
            reason = "the logs differ from offset " + std::to_string(offset);
            differsFrom = offset;
            break;
        }
    }
    builder.fact(subject, "records", simulatedText, realText, reason,
        differsFrom >= 0 ? ReasonId::LogsDifferFrom : ReasonId::None, differsFrom);
}

std::optional<std::size_t> checkpointStep(const Scenario& scenario, const std::string& label)
{
    for (std::size_t i = 0; i < scenario.steps.size(); ++i)
        if (const auto* checkpoint = std::get_if<CheckpointStep>(&scenario.steps[i]); checkpoint && checkpoint->label == label)
            return i;
    return std::nullopt;
}

std::string pendingOf(const Scenario& scenario, std::optional<std::size_t> step)
{
    if (!step)
        return {};
    return std::get<CheckpointStep>(scenario.steps[*step]).pending;
}

void compareStates(CheckpointBuilder& builder, const ClusterState& sim, const RealCheckpoint& realCheckpoint,
    const Scenario& scenario, const std::string& kafkaVersion)
{
    const ClusterObservation& observation = realCheckpoint.observed.observation;
    const ClusterState real = stateFromObservation(observation, scenario);
    // Leaders, epochs, ISR and ELR come from a running broker's metadata; with every broker stopped the
    // observer has only their files.
    const bool metadataObserved
        = observation.stoppedBrokers.size() < static_cast<std::size_t>(scenario.cluster.brokers);
    for (std::size_t pi = 0; pi < sim.partitions.size(); ++pi) {
        const Partition& a = sim.partitions[pi];
        const std::string name = sim.partitionName(static_cast<std::int32_t>(pi));
        const std::string& topic = sim.topics[static_cast<std::size_t>(a.topic)].name;
        const ObservedPartition* seen = findPartition(observation, topic, a.index);
        const Partition* b = pi < real.partitions.size() ? &real.partitions[pi] : nullptr;
        if (seen == nullptr)
            b = nullptr; // the real cluster has no such partition (its topic was not created)
        const PartitionRegistration& ra = a.registration;
        if (!metadataObserved) {
            const std::string why = "no broker is running, so none can be asked for the partition's metadata "
                                    "(the observer read the logs from the files only)";
            builder.notCompared(name, "leader", leaderText(ra.leader), "-", why, ReasonId::NoBrokerRunning);
            builder.notCompared(name, "leader_epoch", std::to_string(ra.leaderEpoch), "-", why, ReasonId::NoBrokerRunning);
            builder.notCompared(name, "isr", idList(ra.isr), "-", why, ReasonId::NoBrokerRunning);
            builder.notCompared(name, "elr", idList(ra.elr), "-", why, ReasonId::NoBrokerRunning);
            builder.notCompared(name, "last_known_elr", idList(ra.lastKnownElr), "-", why, ReasonId::NoBrokerRunning);
        } else {
            builder.fact(name, "leader", leaderText(ra.leader), b ? leaderText(b->registration.leader) : "-");
            builder.fact(name, "leader_epoch", std::to_string(ra.leaderEpoch), seen ? std::to_string(seen->leaderEpoch) : "-");
            builder.fact(name, "isr", idList(ra.isr), b ? idList(b->registration.isr) : "-");
            // ELR and last known ELR come from DescribeTopicPartitions (3.8+); before, Kafka does not say.
            if (seen && seen->elr) {
                builder.fact(name, "elr", idList(ra.elr), idList(*seen->elr));
            } else {
                builder.notCompared(name, "elr", idList(ra.elr), "-",
                    "Kafka " + kafkaVersion + " does not report the ELR (DescribeTopicPartitions, Kafka 3.8+)",
                    ReasonId::ElrNotReported);
            }
            if (seen && seen->lastKnownElr) {
                builder.fact(name, "last_known_elr", idList(ra.lastKnownElr), idList(*seen->lastKnownElr));
            } else {
                builder.notCompared(name, "last_known_elr", idList(ra.lastKnownElr), "-",
                    "Kafka " + kafkaVersion + " does not report the last known ELR (DescribeTopicPartitions, Kafka 3.8+)",
                    ReasonId::LastKnownElrNotReported);
            }
        }
        // Each replica in the simulation's assignment order, then any the real partition has besides.
        std::vector<BrokerId> brokers;
        for (const Replica& replica : a.replicas)
            brokers.push_back(replica.broker);
        if (b)
            for (const Replica& replica : b->replicas)
                if (!contains(brokers, replica.broker))
                    brokers.push_back(replica.broker);
        for (const BrokerId broker : brokers) {
            const ReplicaSide simSide { &sim, replicaOf(a, broker) };
            const ReplicaSide realSide { &real, b ? replicaOf(*b, broker) : nullptr };
            compareReplica(builder, name + " replica " + std::to_string(broker), broker, simSide, realSide, observation,
                kafkaVersion, logRead(seen, broker));
        }
        const std::string simulatedLostText = lostText(simulatedLost(sim, static_cast<std::int32_t>(pi)));
        const Replica* realLeader = b ? currentLeader(*b) : nullptr;
        if (realLeader && !logRead(seen, realLeader->broker))
            builder.notCompared(name, "lost_records", simulatedLostText, "not read", notReadWhy, ReasonId::LogNotRead);
        else
            builder.fact(name, "lost_records", simulatedLostText,
                lostText(realLost(real, static_cast<std::int32_t>(pi), realCheckpoint.sends)));
    }
}

} // namespace

std::string_view verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Agree:
        return "agree";
    case Verdict::Differ:
        return "differ";
    case Verdict::Known:
        return "known";
    case Verdict::NotCompared:
        break;
    }
    return "not-compared";
}

VerdictCounts Comparison::counts() const
{
    VerdictCounts counts;
    for (const CheckpointComparison& checkpoint : checkpoints) {
        for (const FactComparison& fact : checkpoint.facts) {
            switch (fact.verdict) {
            case Verdict::Agree:
                ++counts.agree;
                break;
            case Verdict::Differ:
                ++counts.differ;
                break;
            case Verdict::Known:
                ++counts.known;
                break;
            case Verdict::NotCompared:
                ++counts.notCompared;
                break;
            }
        }
    }
    return counts;
}

bool Comparison::passes() const
{
    return counts().differ == 0;
}

nlohmann::ordered_json Comparison::toJson() const
{
    const VerdictCounts c = counts();
    nlohmann::ordered_json out;
    out["scenario"] = scenario;
    out["kafka_version"] = kafkaVersion;
    out["passes"] = passes();
    out["counts"] = { { "agree", c.agree }, { "differ", c.differ }, { "known", c.known },
        { "not_compared", c.notCompared } };
    out["checkpoints"] = nlohmann::ordered_json::array();
    for (const CheckpointComparison& checkpoint : checkpoints) {
        nlohmann::ordered_json cp;
        cp["label"] = checkpoint.label;
        cp["simulated_frame"] = checkpoint.simulatedFrame;
        cp["step"] = checkpoint.step ? nlohmann::ordered_json(*checkpoint.step) : nlohmann::ordered_json(nullptr);
        cp["observed"] = checkpoint.observed;
        cp["compared"] = checkpoint.compared;
        cp["not_compared_why"] = checkpoint.notComparedWhy;
        cp["facts"] = nlohmann::ordered_json::array();
        for (const FactComparison& fact : checkpoint.facts) {
            cp["facts"].push_back({ { "subject", fact.subject }, { "fact", fact.fact }, { "simulated", fact.simulated },
                { "real", fact.real }, { "verdict", std::string(verdictName(fact.verdict)) },
                { "known_id", fact.knownId }, { "reason", fact.reason } });
        }
        out["checkpoints"].push_back(std::move(cp));
    }
    return out;
}

Comparison compareCheckpoints(const Scenario& scenario, const Timeline& simulated,
    const std::vector<RealCheckpoint>& real, const std::string& kafkaVersion, std::span<const KnownDifference> known)
{
    Comparison comparison;
    comparison.scenario = scenario.name;
    comparison.kafkaVersion = kafkaVersion;
    std::vector<bool> used(real.size(), false);
    for (std::int64_t frame = 0; frame < simulated.frameCount(); ++frame) {
        const std::int32_t labelIndex = simulated.frame(frame).label;
        if (labelIndex < 0)
            continue;
        CheckpointComparison checkpoint;
        checkpoint.label = simulated.labels()[static_cast<std::size_t>(labelIndex)];
        checkpoint.simulatedFrame = frame;
        checkpoint.step = checkpointStep(scenario, checkpoint.label);
        const std::string pending = pendingOf(scenario, checkpoint.step);
        std::size_t match = 0;
        while (match < real.size() && (used[match] || real[match].observed.checkpoint != checkpoint.label))
            ++match;
        CheckpointBuilder builder(checkpoint, comparison, known, pending);
        if (match == real.size()) {
            checkpoint.notComparedWhy = "only in the simulation: the real run has no checkpoint \"" + checkpoint.label + "\"";
            checkpoint.notComparedId = ReasonId::OnlySimulated;
            checkpoint.facts.push_back({ "checkpoint", "checkpoint", "frame " + std::to_string(frame), "-",
                Verdict::Differ, {}, checkpoint.notComparedWhy, ReasonId::OnlySimulated, -1 });
        } else {
            used[match] = true;
            checkpoint.observed = true;
            checkpoint.compared = pending.empty();
            if (!pending.empty()) {
                checkpoint.notComparedWhy = "pending: " + pending;
                checkpoint.notComparedId = ReasonId::Pending;
                checkpoint.pending = pending;
            }
            compareStates(builder, simulated.stateAt(frame), real[match], scenario, kafkaVersion);
        }
        comparison.checkpoints.push_back(std::move(checkpoint));
    }
    for (std::size_t i = 0; i < real.size(); ++i) {
        if (used[i])
            continue;
        CheckpointComparison checkpoint;
        checkpoint.label = real[i].observed.checkpoint.value_or("");
        checkpoint.step = real[i].observed.step;
        checkpoint.observed = true;
        checkpoint.notComparedWhy = "only in the real run: the simulation has no checkpoint \"" + checkpoint.label + "\"";
        checkpoint.notComparedId = ReasonId::OnlyReal;
        const std::string where = real[i].observed.step ? "after step " + std::to_string(*real[i].observed.step) : "observed";
        checkpoint.facts.push_back(
            { "checkpoint", "checkpoint", "-", where, Verdict::Differ, {}, checkpoint.notComparedWhy, ReasonId::OnlyReal, -1 });
        comparison.checkpoints.push_back(std::move(checkpoint));
    }
    return comparison;
}

Comparison compareWithReal(const Scenario& scenario, const Distribution& distribution, RunnerOptions options,
    const CompareProgressCallback& progress)
{
    const std::size_t steps = scenario.steps.size();
    if (progress)
        progress({ std::nullopt, steps, "simulating " + scenario.name });
    Timeline timeline(Engine::createCluster(scenario.cluster));
    if (const std::optional<ScenarioError> error = runScenario(scenario, timeline))
        throw SimulationError(error->toString());

    std::vector<RealCheckpoint> checkpoints;
    RunnerHooks hooks;
    hooks.observe = [](const ObserveRequest& request) { return observe(request); };
    hooks.sameFacts = [](const ClusterObservation& a, const ClusterObservation& b) { return sameFacts(a, b); };
    hooks.emit = [&checkpoints](const ObservedStep& observed, const std::vector<SendOutcome>& sends) {
        if (observed.checkpoint)
            checkpoints.push_back({ observed, sends });
    };
    if (progress)
        hooks.progress = [&progress, steps](std::optional<std::size_t> step, const std::string& text) {
            progress({ step, steps, text });
        };
    options.checkpointsOnly = true;
    runReal(scenario, distribution, std::move(options), std::move(hooks));
    if (progress)
        progress({ std::nullopt, steps, "comparing " + std::to_string(checkpoints.size()) + " checkpoints" });
    return compareCheckpoints(scenario, timeline, checkpoints, distribution.version);
}

} // namespace hw::realkafka
