// SPDX-License-Identifier: MIT
#include "check/chaos.h"

#include "check/invariants.h"

#include <algorithm>

namespace hw {

namespace {

constexpr std::size_t violationsKept = 5;
// How many consumers a chaos run may grow to by adding members at run time.
constexpr std::size_t chaosConsumersMax = 8;

ClusterSpec chaosCluster(Rng& rng, const ChaosOptions& options)
{
    ClusterSpec spec;
    spec.name = "chaos";
    spec.seed = rng.below(std::uint64_t{1} << 31);
    spec.brokers = static_cast<int>(rng.between(3, 5));
    spec.config = defaultsFor(options.version);
    spec.config.minInsyncReplicas = 2;
    spec.config.replicaLagTimeMaxMs = rng.between(2000, 20000);
    spec.config.networkLatencyMs = rng.between(1, 20);
    spec.config.autoFetch = !rng.chance(1, 5);
    spec.config.uncleanLeaderElectionEnable = options.allowDataLoss && rng.chance(1, 2);
    spec.topics.push_back(TopicSpec{"chaos", static_cast<int>(rng.between(1, 3)), 3, {}});
    // Kafka's default producer (idempotent, acks=all) with a drawn linger and in-flight limit, one
    // without idempotence that may reorder its retries, and the acks=1 and acks=0 producers (which are
    // not idempotent either: acks other than all turns it off).
    ProducerSpec idempotent{.id = "p-all", .acks = Acks::All};
    idempotent.maxInFlight = rng.between(1, 5);
    idempotent.lingerMs = rng.between(0, 20);
    spec.producers.push_back(idempotent);
    ProducerSpec plain{.id = "p-plain", .acks = Acks::All};
    plain.enableIdempotence = false;
    plain.maxInFlight = rng.between(1, 10);
    spec.producers.push_back(plain);
    spec.producers.push_back(ProducerSpec{.id = "p-one", .acks = Acks::Leader});
    spec.producers.push_back(ProducerSpec{.id = "p-zero", .acks = Acks::None});

    // Consumers in up to two groups, each group with one assignor; they read from the earliest offset
    // and commit only what they have received, so no record may be skipped across rebalances.
    const auto consumers = rng.between(0, 4);
    if (consumers > 0) {
        spec.config.offsetsTopicNumPartitions = rng.between(1, 5);
        spec.config.sessionTimeoutMs = rng.between(6000, 20000);
        spec.config.heartbeatIntervalMs = rng.between(500, 2000);
        spec.config.groupInitialRebalanceDelayMs = rng.between(0, 3000);
        spec.config.rebalanceTimeoutMs = rng.between(10000, 30000);
        spec.config.autoCommitIntervalMs = rng.between(1000, 5000);
    }
    const AssignorKind kinds[] = {AssignorKind::Range, AssignorKind::RoundRobin, AssignorKind::Sticky,
                                  AssignorKind::CooperativeSticky};
    const AssignorKind groupAssignor[] = {kinds[rng.below(4)], kinds[rng.below(4)]};
    for (std::int64_t i = 0; i < consumers; ++i) {
        ConsumerSpec c;
        c.id = "c" + std::to_string(i + 1);
        const int group = static_cast<int>(rng.below(2));
        c.group = group == 0 ? "g1" : "g2";
        c.topics = {0};
        c.assignor = groupAssignor[group];
        c.reset = OffsetReset::Earliest;
        c.autoCommit = rng.chance(1, 2);
        c.maxPollRecords = static_cast<std::int32_t>(rng.between(1, 10));
        c.start = rng.chance(3, 4);
        spec.consumers.push_back(std::move(c));
    }
    return spec;
}

template <typename T>
const T& pick(Rng& rng, const std::vector<T>& items)
{
    return items[static_cast<std::size_t>(rng.below(items.size()))];
}

/// Chooses the next step from what the cluster looks like now, so that every step is one the engine
/// accepts; the choice depends only on the generator and the (deterministic) state.
Step nextStep(Rng& rng, const ClusterState& s, const ChaosOptions& options, std::int64_t& valueCounter)
{
    std::vector<BrokerId> alive, dead, isolated, leaders;
    for (const Broker& b : s.brokers) {
        if (!b.alive)
            dead.push_back(b.id);
        else if (b.isolated)
            isolated.push_back(b.id);
        else if (!b.shuttingDown)
            alive.push_back(b.id);
    }
    std::vector<std::int32_t> led, preferrable, leaderless;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(s.partitions.size()); ++p) {
        const PartitionRegistration& reg = s.partitions[static_cast<std::size_t>(p)].registration;
        if (reg.leader != noLeader && s.broker(reg.leader).alive)
            led.push_back(p);
        // Leaderless with a replica that could lead: the ElectLeaders API would find one.
        if (reg.leader == noLeader &&
            std::any_of(reg.replicas.begin(), reg.replicas.end(), [&](BrokerId b) { return isUnfenced(s, b); }))
            leaderless.push_back(p);
        const BrokerId preferred = reg.replicas.front();
        if (reg.leader != preferred && std::find(reg.isr.begin(), reg.isr.end(), preferred) != reg.isr.end() &&
            !s.registrations[static_cast<std::size_t>(preferred - 1)].fenced &&
            !s.registrations[static_cast<std::size_t>(preferred - 1)].inControlledShutdown)
            preferrable.push_back(p);
    }

    for (;;) {
        const auto roll = rng.below(100);
        if (roll < 35) {
            ProduceAction a;
            a.producer = static_cast<std::int32_t>(rng.below(s.producers.size()));
            a.topic = 0;
            if (rng.chance(1, 2))
                a.partition = static_cast<std::int32_t>(rng.below(static_cast<std::uint64_t>(s.topics[0].partitionCount)));
            if (rng.chance(1, 3))
                a.key = "k" + std::to_string(rng.below(10));
            const auto n = rng.between(1, 5);
            for (std::int64_t i = 0; i < n; ++i)
                a.values.push_back("v" + std::to_string(valueCounter++));
            return ProduceStep{a};
        }
        if (roll < 55)
            return AdvanceStep{rng.between(10, 4000)};
        if (roll < 61 && !alive.empty()) {
            // A crash (its host resets the connections) or, one time in three, a power loss (silent).
            const BrokerAction::Kind kind = rng.chance(1, 3) ? BrokerAction::Kind::PowerOff : BrokerAction::Kind::Kill;
            return FaultStep{BrokerAction{kind, pick(rng, alive), 0}};
        }
        if (roll < 69 && !dead.empty()) {
            const std::int64_t lose = options.allowDataLoss && rng.chance(1, 3) ? rng.between(1, 3) : 0;
            return FaultStep{BrokerAction{BrokerAction::Kind::Restart, pick(rng, dead), lose}};
        }
        if (roll < 74 && !alive.empty())
            return FaultStep{BrokerAction{BrokerAction::Kind::Isolate, pick(rng, alive), 0}};
        if (roll < 80 && !isolated.empty())
            return FaultStep{BrokerAction{BrokerAction::Kind::Heal, pick(rng, isolated), 0}};
        if (roll < 85) {
            const auto broker = static_cast<BrokerId>(rng.between(1, static_cast<std::int64_t>(s.brokers.size())));
            return SlowStep{SlowAction{broker, rng.chance(1, 3) ? 0 : rng.between(1, 3000)}};
        }
        if (roll < 88 && alive.size() > 1)
            return FaultStep{BrokerAction{BrokerAction::Kind::Shutdown, pick(rng, alive), 0}};
        if (roll < 92 && !led.empty())
            return FaultStep{KillLeaderAction{pick(rng, led)}};
        if (roll < 95 && !preferrable.empty())
            return FaultStep{ElectPreferredAction{pick(rng, preferrable)}};
        if (roll < 96 && options.allowDataLoss && !leaderless.empty())
            return FaultStep{ElectUncleanAction{pick(rng, leaderless)}};
        if (roll < 97)
            return SettleStep{};
        if (!s.consumers.empty() && rng.chance(1, 2)) {
            const auto consumer = static_cast<std::int32_t>(rng.below(s.consumers.size()));
            const Consumer& c = s.consumers[static_cast<std::size_t>(consumer)];
            if (c.group >= 0 && s.consumers.size() < chaosConsumersMax && rng.chance(1, 8)) {
                // A new member of the same group, configured like this one (so the group's "no record
                // skipped" check still holds): it joins and the group rebalances.
                ConsumerAction add;
                add.kind = ConsumerAction::Kind::Add;
                add.consumer = static_cast<std::int32_t>(s.consumers.size());
                add.spec.id = "added" + std::to_string(s.consumers.size());
                add.spec.group = s.groups[static_cast<std::size_t>(c.group)].id;
                add.spec.topics.assign(c.topics.begin(), c.topics.end());
                add.spec.assignor = c.assignor;
                add.spec.reset = c.reset;
                add.spec.autoCommit = c.autoCommit;
                add.spec.autoPoll = c.autoPoll;
                add.spec.maxPollRecords = c.maxPollRecords;
                add.spec.pollIntervalMs = c.pollIntervalMs;
                if (std::none_of(s.consumers.begin(), s.consumers.end(),
                                 [&](const Consumer& other) { return other.id == add.spec.id; }))
                    return ConsumerStep{add};
            }
            const bool running = c.phase != MemberPhase::Stopped && c.phase != MemberPhase::Crashed;
            if (!running)
                return ConsumerStep{ConsumerAction{ConsumerAction::Kind::Join, consumer}};
            const auto what = rng.below(3);
            if (what == 0)
                return ConsumerStep{ConsumerAction{ConsumerAction::Kind::Leave, consumer}};
            if (what == 1)
                return ConsumerStep{ConsumerAction{ConsumerAction::Kind::Crash, consumer}};
            const bool positions = std::any_of(c.owned.begin(), c.owned.end(),
                                               [](const OwnedPartition& o) { return o.position >= 0; });
            if (c.group >= 0 && c.coordinator != noLeader && positions)
                return ConsumerStep{ConsumerAction{ConsumerAction::Kind::Commit, consumer}};
            continue;
        }
        if (roll < 100) {
            ConfigStep step;
            step.changes.push_back(ConfigAction{"replica.lag.time.max.ms",
                                                ConfigValue{ConfigValue::Kind::Integer, rng.between(2000, 20000), false, {}}});
            return step;
        }
    }
}

/// In manual-fetch clusters the followers only move when told: the fetch rounds one could start now.
std::vector<FetchAction> fetchCandidates(const ClusterState& s)
{
    std::vector<FetchAction> out;
    for (std::int32_t p = 0; p < static_cast<std::int32_t>(s.partitions.size()); ++p) {
        for (const Replica& r : s.partitions[static_cast<std::size_t>(p)].replicas) {
            const bool usable = !r.isLeader() && r.knownLeader != noLeader && s.broker(r.broker).alive &&
                                !s.broker(r.broker).isolated && s.broker(r.knownLeader).alive &&
                                !s.broker(r.knownLeader).isolated && !r.fetchOutstanding;
            if (usable)
                out.push_back(FetchAction{p, r.broker, 0});
        }
    }
    return out;
}

} // namespace

std::string chaosReplayCommand(std::uint64_t seed, const ChaosOptions& options)
{
    return "build/app/highwater-cli chaos --seed " + std::to_string(seed) + (options.allowDataLoss ? " --allow-loss" : "") +
           (options.version != defaultKafkaVersion ? " --version " + std::string(kafkaVersionName(options.version)) : "") +
           " --emit chaos-" + std::to_string(seed) + ".json";
}

ChaosResult runChaos(std::uint64_t seed, const ChaosOptions& options)
{
    ChaosResult result;
    result.seed = seed;
    Rng rng(seed);
    Scenario& scenario = result.scenario;
    scenario.file = "chaos:" + std::to_string(seed);
    scenario.name = "chaos-" + std::to_string(seed);
    scenario.title.byLanguage["en"] = "Random fault schedule, seed " + std::to_string(seed);
    scenario.cluster = chaosCluster(rng, options);
    scenario.cluster.name = scenario.name; // as parseScenario sets it, so that a replay is equal

    Timeline timeline(Engine::createCluster(scenario.cluster));
    InvariantChecker checker;
    timeline.setObserver([&](const ClusterState& state, const FrameInfo& frame) {
        if (result.violations.size() >= violationsKept)
            return;
        for (std::string& v : checker.check(state)) {
            if (result.violations.size() < violationsKept)
                result.violations.push_back("frame " + std::to_string(timeline.frameCount() - 1) + " (" +
                                            std::string(eventTypeName(frame.event.type)) + "): " + std::move(v));
        }
    });

    auto perform = [&](Step step) {
        scenario.steps.push_back(step);
        std::visit(
            [&](const auto& st) {
                using T = std::decay_t<decltype(st)>;
                std::string error;
                if constexpr (std::is_same_v<T, ProduceStep>)
                    error = runProduce(timeline, st.action);
                else if constexpr (std::is_same_v<T, FetchStep>)
                    error = runFetchRound(timeline, st.action, st.until);
                else if constexpr (std::is_same_v<T, SettleStep>)
                    error = runSettle(timeline);
                else if constexpr (std::is_same_v<T, AdvanceStep>)
                    error = runAdvance(timeline, st.ms);
                else if constexpr (std::is_same_v<T, SlowStep>)
                    error = timeline.apply(st.action).error;
                else if constexpr (std::is_same_v<T, ConfigStep>) {
                    for (const ConfigAction& c : st.changes)
                        error += timeline.apply(c).error;
                } else if constexpr (std::is_same_v<T, FaultStep>)
                    error = runFault(timeline, st.action);
                else if constexpr (std::is_same_v<T, ConsumerStep>)
                    error = timeline.apply(st.action).error;
                if (!error.empty() && result.stepError.empty())
                    result.stepError = "/steps/" + std::to_string(scenario.steps.size() - 1) + "/" +
                                       stepKey(scenario.steps.back()) + ": " + error;
            },
            step);
    };

    std::int64_t valueCounter = 0;
    const auto steps = rng.between(options.stepsMin, options.stepsMax);
    for (std::int64_t i = 0; i < steps && result.ok(); ++i) {
        perform(nextStep(rng, timeline.head(), options, valueCounter));
        if (!timeline.head().config.autoFetch) {
            // Pick afresh before each round: a round moves time, and with it who leads.
            for (int rounds = static_cast<int>(rng.between(0, 6)); rounds > 0 && result.ok(); --rounds) {
                const std::vector<FetchAction> candidates = fetchCandidates(timeline.head());
                if (candidates.empty())
                    break;
                perform(FetchStep{pick(rng, candidates), FetchUntil::Response});
            }
        }
    }
    // Repair everything and let the cluster converge, so that the end state is checked too.
    for (const Broker& b : timeline.head().brokers) {
        if (b.isolated && result.ok())
            perform(FaultStep{BrokerAction{BrokerAction::Kind::Heal, b.id, 0}});
    }
    for (const Broker& b : timeline.head().brokers) {
        if (!b.alive && !b.shuttingDown && result.ok())
            perform(FaultStep{BrokerAction{BrokerAction::Kind::Restart, b.id, 0}});
    }
    if (result.ok())
        perform(AdvanceStep{30000});
    if (result.ok())
        perform(SettleStep{});

    // No record skipped across rebalances: within a group, every offset up to the highest one any
    // member received was received by some member (all read from the earliest offset and commit only
    // what they received). Checked once the cluster has settled.
    if (result.ok() && !options.allowDataLoss) {
        const ClusterState& s = timeline.head();
        for (std::size_t g = 0; g < s.groups.size(); ++g) {
            for (std::int32_t p = 0; p < static_cast<std::int32_t>(s.partitions.size()); ++p) {
                std::vector<Offset> offsets;
                for (const Consumer& c : s.consumers) {
                    if (c.group != static_cast<std::int32_t>(g))
                        continue;
                    c.received.forEach(0, c.received.size(), [&](std::size_t, const ReceivedRecord& r) {
                        if (r.partition == p)
                            offsets.push_back(r.offset);
                    });
                }
                std::sort(offsets.begin(), offsets.end());
                offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
                if (!offsets.empty() && offsets.back() + 1 != static_cast<Offset>(offsets.size()))
                    result.violations.push_back("group " + s.groups[g].id + " skipped records of " +
                                                s.partitionName(p) + ": it received " +
                                                std::to_string(offsets.size()) + " distinct offsets up to " +
                                                std::to_string(offsets.back()));
            }
        }
    }
    result.frames = timeline.frameCount();
    result.simulatedMs = timeline.head().nowMs;
    return result;
}

} // namespace hw
