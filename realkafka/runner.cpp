// SPDX-License-Identifier: MIT
#include "realkafka/runner.h"

#include "realkafka/groups.h"

#include "controller/topic_creation.h"
#include "engine/engine.h"
#include "groups/assignor.h"
#include "model/limits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <thread>

namespace hw::realkafka {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

std::string stepPath(std::size_t index, const std::string& key)
{
    return "/steps/" + std::to_string(index) + "/" + key;
}

/// Keys a `config` step may change on a running real cluster: both are dynamic topic configs that the
/// controller reads at its next decision (IncrementalAlterConfigs on each topic and the brokers' default).
bool alterableAtRunTime(std::string_view key)
{
    return key == "min.insync.replicas" || key == "unclean.leader.election.enable";
}

void refuseConfig(std::vector<Refusal>& refusals, const std::string& path, const ConfigAction& change)
{
    const KeyPlace place = keyPlace(change.key);
    if (change.key == "auto.fetch" && change.value.kind == ConfigValue::Kind::Boolean && !change.value.boolean)
        refusals.push_back({ path, std::string(keyPlaceReason(change.key)), RefusalKind::ManualFetch, {}, 0 });
    else if (change.key == "truncation" && change.value.text != "leader-epoch")
        refusals.push_back({ path, std::string(keyPlaceReason(change.key)), RefusalKind::Truncation, {}, 0 });
    else if (place != KeyPlace::NotApplicable && place != KeyPlace::RefusedUnlessDefault && !alterableAtRunTime(change.key))
        refusals.push_back({ path,
            "the real runner changes only min.insync.replicas and unclean.leader.election.enable on a running "
            "cluster; " + change.key + " is fixed when its nodes or clients start (set it in cluster.config)",
            RefusalKind::ConfigFixedAtStart, change.key, 0 });
}

/// A consumer the harness cannot run as the scenario declares it.
void refuseConsumer(std::vector<Refusal>& refusals, const std::string& path, const ConsumerSpec& spec)
{
    if (spec.group.empty())
        refusals.push_back({ path + "/assign",
            "the harness's consumers subscribe as members of a group; a consumer with a manual assignment is not "
            "run on a real cluster", RefusalKind::ManualAssignment, spec.id, 0 });
}

void refuseConsumerStep(std::vector<Refusal>& refusals, const std::string& path, const ConsumerStep& step,
                        const std::vector<ConsumerSpec>& consumers)
{
    const ConsumerAction& a = step.action;
    switch (a.kind) {
    case ConsumerAction::Kind::Crash:
        refusals.push_back({ path,
            "Kafka's consumer cannot crash alone: the harness's consumers share one JVM, and closing one sends "
            "LeaveGroup, which a crash does not", RefusalKind::ConsumerCrash, {}, 0 });
        return;
    case ConsumerAction::Kind::Add:
        refuseConsumer(refusals, path, a.spec);
        return;
    case ConsumerAction::Kind::Poll: {
        const ConsumerSpec& spec = consumers.at(static_cast<std::size_t>(a.consumer));
        if (spec.autoPoll)
            refusals.push_back({ path,
                "consumer " + spec.id + " polls on its own (auto.poll); a poll step is for a consumer with auto.poll false",
                RefusalKind::PollOfAutoPoll, spec.id, 0 });
        if (a.maxRecords > 0 && a.maxRecords != spec.maxPollRecords)
            refusals.push_back({ path + "/max_records",
                "Kafka's consumer fixes max.poll.records when it is made (" + std::to_string(spec.maxPollRecords)
                + " for " + spec.id + "); a poll cannot ask for another number",
                RefusalKind::PollMaxRecords, spec.id, spec.maxPollRecords });
        if (!step.wait)
            refusals.push_back(
                { path + "/wait", "the real runner waits for every poll's answer", RefusalKind::PollNoWait, {}, 0 });
        return;
    }
    case ConsumerAction::Kind::Join:
    case ConsumerAction::Kind::Leave:
    case ConsumerAction::Kind::Commit:
    case ConsumerAction::Kind::Seek:
        return;
    }
}

} // namespace

std::vector<Refusal> checkRealScenario(const Scenario& scenario)
{
    std::vector<Refusal> refusals;
    const std::vector<ConsumerSpec> consumers = scenarioConsumers(scenario);
    const ClusterConfig& config = scenario.cluster.config;
    if (!config.autoFetch)
        refusals.push_back(
            { "/cluster/config/auto.fetch", std::string(keyPlaceReason("auto.fetch")), RefusalKind::ManualFetch, {}, 0 });
    if (config.truncation != TruncationMode::LeaderEpoch)
        refusals.push_back(
            { "/cluster/config/truncation", std::string(keyPlaceReason("truncation")), RefusalKind::Truncation, {}, 0 });
    for (std::size_t i = 0; i < scenario.cluster.producers.size(); ++i)
        if (scenario.cluster.producers[i].ratePerSecond > 0)
            refusals.push_back({ "/producers/" + std::to_string(i) + "/rate_per_s",
                "a steady producer is a simulated-time stream; the real runner produces only in produce steps",
                RefusalKind::ProducerRate, scenario.cluster.producers[i].id, 0 });
    const bool hasConsumers = !scenarioConsumers(scenario).empty();
    if (hasConsumers && (config.sessionTimeoutMs < groupMinSessionTimeoutMs || config.sessionTimeoutMs > groupMaxSessionTimeoutMs))
        refusals.push_back({ "/cluster/config/session.timeout.ms",
            "Kafka's group coordinator refuses a session.timeout.ms outside group.min.session.timeout.ms.."
            "group.max.session.timeout.ms (" + std::to_string(groupMinSessionTimeoutMs) + ".."
            + std::to_string(groupMaxSessionTimeoutMs) + " ms by default) with INVALID_SESSION_TIMEOUT; the model has no such bound",
            RefusalKind::SessionTimeout, {}, config.sessionTimeoutMs });
    for (std::size_t i = 0; i < scenario.cluster.consumers.size(); ++i)
        refuseConsumer(refusals, "/consumers/" + std::to_string(i), scenario.cluster.consumers[i]);

    for (std::size_t i = 0; i < scenario.steps.size(); ++i) {
        const Step& step = scenario.steps[i];
        const std::string key = stepKey(step);
        const std::string path = stepPath(i, key);
        std::visit(
            [&](const auto& s) {
                using T = std::decay_t<decltype(s)>;
                if constexpr (std::is_same_v<T, FetchStep>) {
                    refusals.push_back({ path,
                        "a manual fetch round has no counterpart: real followers fetch on their own",
                        RefusalKind::FetchStep, {}, 0 });
                } else if constexpr (std::is_same_v<T, RunStep>) {
                    refusals.push_back({ path,
                        "a run step replays the simulation's events one by one; a real cluster's events cannot "
                        "be counted or stopped between", RefusalKind::RunStep, {}, 0 });
                } else if constexpr (std::is_same_v<T, ClockStep>) {
                    refusals.push_back({ path,
                        "a clock step sets the simulated clock; a real cluster runs on the wall clock (use advance)",
                        RefusalKind::ClockStep, {}, 0 });
                } else if constexpr (std::is_same_v<T, LiveStep>) {
                    refusals.push_back({ path,
                        "a recorded live client's request (or a dropped message) replays the simulation's network; "
                        "it has no counterpart on a real cluster", RefusalKind::LiveStep, {}, 0 });
                } else if constexpr (std::is_same_v<T, CreateTopicStep>) {
                    if (s.action.topic.assignments.empty())
                        refusals.push_back({ path,
                            "a topic created at run time without an assignment is placed by the model's seeded "
                            "striped placer and by Kafka's controller from its own Random, which draw apart; give "
                            "the step an assignment", RefusalKind::CreateTopicPlaced, {}, 0 });
                } else if constexpr (std::is_same_v<T, ConsumerStep>) {
                    refuseConsumerStep(refusals, path, s, consumers);
                } else if constexpr (std::is_same_v<T, ConfigStep>) {
                    for (const ConfigAction& change : s.changes)
                        refuseConfig(refusals, path + "/" + change.key, change);
                } else if constexpr (std::is_same_v<T, FaultStep>) {
                    if (const auto* broker = std::get_if<BrokerAction>(&s.action)) {
                        if (broker->kind == BrokerAction::Kind::Restart && broker->loseUnflushed > 0)
                            refusals.push_back({ path + "/lose_unflushed",
                                "SIGKILL keeps the page cache, so a real restart loses no unflushed records; a power "
                                "loss cannot be made on this machine",
                                RefusalKind::LoseUnflushed, {}, 0 });
                        if (broker->kind == BrokerAction::Kind::Isolate && !broker->retransmit)
                            refusals.push_back({ path + "/retransmit",
                                "a cut on a real network delays what it swallows (TCP retransmits it after the "
                                "heal); one that loses it for good cannot be made",
                                RefusalKind::LossyCut, {}, 0 });
                        if (broker->kind == BrokerAction::Kind::Shutdown && !s.wait)
                            refusals.push_back({ path + "/wait",
                                "the real runner waits for every controlled shutdown to end",
                                RefusalKind::ShutdownNoWait, {}, 0 });
                    }
                }
            },
            step);
    }
    return refusals;
}

namespace {

struct Run {
    const Scenario& scenario;
    RunnerOptions options;
    RunnerHooks hooks;
    RealCluster& cluster;
    std::unique_ptr<Harness> harness;
    ClusterState model;                     // the engine's cluster at creation: names and placement
    std::vector<std::string> topics;        // the scenario's topic names
    std::set<std::string> producers;        // harness producers made so far
    std::optional<ClusterObservation> last; // the last emitted observation
    // Wall-clock time the run is ahead of the scenario's clock: observing a pending checkpoint (with
    // DumpLogSegments, seconds) and a restarted JVM's start take no simulated time, so the next advance
    // steps wait that much less, and a timer pending meanwhile fires where the scenario expects it.
    milliseconds ahead { 0 };
    std::vector<ConsumerSpec> consumers;    // every consumer of the scenario, engine index order
    std::vector<std::string> groups;        // their groups, engine index order
    std::vector<bool> made;                 // consumers made in the harness
    std::vector<bool> open;                 // made and not closed
    std::size_t addsSeen = 0;               // add_consumer steps run so far

    void say(std::optional<std::size_t> step, const std::string& line) const
    {
        if (options.log)
            *options.log << "real: " << line << "\n" << std::flush;
        if (hooks.progress)
            hooks.progress(step, line);
    }

    void checkInterrupted() const
    {
        if (options.interrupted && options.interrupted->load())
            throw RunnerError("interrupted");
    }

    void sleepFor(milliseconds duration) const
    {
        const auto until = Clock::now() + duration;
        while (Clock::now() < until) {
            checkInterrupted();
            std::this_thread::sleep_for(std::min<Clock::duration>(until - Clock::now(), milliseconds(50)));
        }
    }

    ClusterObservation observe(bool readLogs)
    {
        ObserveRequest request = cluster.observeRequest(topics);
        request.readLogs = readLogs;
        ClusterObservation observation = hooks.observe(request);
        if (!consumers.empty()) {
            ClusterObservation groupFacts = observeGroups();
            observation.groups = std::move(groupFacts.groups);
            observation.consumers = std::move(groupFacts.consumers);
        }
        return observation;
    }

    Harness& ensureHarness()
    {
        if (!harness)
            harness = std::make_unique<Harness>(cluster.distribution(), cluster.runDir() / "hwclient.log",
                milliseconds(120000));
        return *harness;
    }

    /// The groups and consumers as real Kafka shows them: the coordinators' descriptions and committed
    /// offsets, each consumer's own status and the records it read (groupObservation).
    ClusterObservation observeGroups()
    {
        Harness& h = ensureHarness();
        h.drain();
        const std::vector<GroupDescription> described = groups.empty()
            ? std::vector<GroupDescription> {}
            : h.describeGroups(groups, { { "bootstrap.servers", cluster.clientBootstrap() } }, groupRequestTimeout);
        const std::vector<ConsumerStatus> statuses = h.consumerStatus(groupRequestTimeout);
        std::vector<std::string> names;
        for (std::size_t i = 0; i < consumers.size(); ++i)
            if (made[i])
                names.push_back(consumers[i].id);
        return groupObservation(described, statuses, names, h.consumed());
    }

    std::string consumerName(std::int32_t index) const
    {
        return consumers.at(static_cast<std::size_t>(index)).id;
    }

    /// Makes the consumer in the harness with the scenario's settings; it starts to poll (auto.poll) and so
    /// to join its group at once.
    void startConsumer(std::size_t index, const std::string& path)
    {
        const ConsumerSpec& spec = consumers.at(index);
        if (open[index])
            throw RunnerError(path + ": consumer " + spec.id + " is running already");
        if (made[index])
            throw RunnerError(path + ": consumer " + spec.id + " was closed; Kafka's consumer cannot be started again");
        const ClusterConfig& c = scenario.cluster.config;
        std::vector<std::string> subscription;
        for (const int topic : spec.topics)
            subscription.push_back(scenario.cluster.topics.at(static_cast<std::size_t>(topic)).name);
        const nlohmann::json config = consumerConfig(spec, c, cluster.clientBootstrap());
        try {
            ensureHarness().consumer(spec.id, subscription, config, spec.autoPoll, spec.pollIntervalMs,
                std::string(assignorName(spec.assignor)), milliseconds(60000));
        } catch (const HarnessError& error) {
            throw RunnerError(path + ": " + error.what());
        }
        made[index] = true;
        open[index] = true;
    }

    /// Waits until the group is Stable with every running consumer of it a member of the current
    /// generation, holding what the coordinator says it holds, every position known, and every partition
    /// of the subscription assigned (a cooperative group's second round done), as the model's rebalance
    /// step does (runRebalance). Consumers that poll only in poll steps are polled without reading.
    std::string rebalance(std::size_t index, const RebalanceStep& step)
    {
        const std::string path = stepPath(index, "rebalance");
        const std::string& group = groups.at(static_cast<std::size_t>(step.group));
        const ClusterConfig& c = scenario.cluster.config;
        const milliseconds budget = milliseconds(std::max(c.rebalanceTimeoutMs, c.sessionTimeoutMs)
            + c.groupInitialRebalanceDelayMs) + rebalanceMargin;
        const auto deadline = Clock::now() + budget;
        for (;;) {
            checkInterrupted();
            for (std::size_t i = 0; i < consumers.size(); ++i)
                if (open[i] && consumers[i].group == group && !consumers[i].autoPoll)
                    ensureHarness().poll(consumers[i].id, milliseconds(100), false, milliseconds(60000));
            const ClusterObservation facts = observeGroups();
            std::vector<std::string> running;
            std::set<std::string> subscribed;
            for (std::size_t i = 0; i < consumers.size(); ++i) {
                if (!open[i] || consumers[i].group != group)
                    continue;
                running.push_back(consumers[i].id);
                for (const int topic : consumers[i].topics)
                    subscribed.insert(scenario.cluster.topics.at(static_cast<std::size_t>(topic)).name);
            }
            std::vector<ObservedPartitionRef> partitions;
            for (const Topic& topic : model.topics)
                if (subscribed.count(topic.name))
                    for (std::int32_t p = 0; p < topic.partitionCount; ++p)
                        partitions.push_back({ topic.name, p });
            if (groupSettled(facts, group, running, partitions))
                return "group " + group + " is Stable with " + std::to_string(running.size()) + " member(s)";
            if (Clock::now() >= deadline)
                throw RunnerError(path + ": group " + group + " was not Stable with all its running members within "
                    + std::to_string(budget.count() / 1000) + " s");
            sleepFor(pollInterval);
        }
    }

    std::string consumerStep(std::size_t index, const ConsumerStep& step)
    {
        const ConsumerAction& a = step.action;
        const std::string path = stepPath(index, stepKey(Step(step)));
        const ClusterConfig& c = scenario.cluster.config;
        try {
            switch (a.kind) {
            case ConsumerAction::Kind::Join:
                startConsumer(static_cast<std::size_t>(a.consumer), path);
                return "consumer " + consumerName(a.consumer) + " started";
            case ConsumerAction::Kind::Add: {
                const std::size_t added = scenario.cluster.consumers.size() + addsSeen++;
                startConsumer(added, path);
                return "consumer " + consumers.at(added).id + " added and started";
            }
            case ConsumerAction::Kind::Leave: {
                const auto i = static_cast<std::size_t>(a.consumer);
                if (!open.at(i))
                    throw RunnerError(path + ": consumer " + consumers[i].id + " is not running");
                ensureHarness().closeConsumer(consumers[i].id, consumerCloseTimeout, consumerCloseTimeout + milliseconds(30000));
                open[i] = false;
                return "consumer " + consumers[i].id + " closed (it commits with auto commit and leaves its group)";
            }
            case ConsumerAction::Kind::Poll: {
                const ConsumerStatus status = ensureHarness().poll(consumerName(a.consumer),
                    milliseconds(c.fetchMaxWaitMs) + pollMargin, true, milliseconds(c.fetchMaxWaitMs) + pollMargin + milliseconds(60000));
                return "consumer " + consumerName(a.consumer) + " polled (" + std::to_string(status.polls) + " polls so far)";
            }
            case ConsumerAction::Kind::Commit:
                ensureHarness().commit(consumerName(a.consumer), milliseconds(c.requestTimeoutMs) + milliseconds(30000));
                return "consumer " + consumerName(a.consumer) + " committed its positions";
            case ConsumerAction::Kind::Seek: {
                const auto [topic, partition] = partitionName(a.partition);
                ensureHarness().seek(consumerName(a.consumer), topic, partition, a.offset, milliseconds(60000));
                return "consumer " + consumerName(a.consumer) + " moved to offset " + std::to_string(a.offset) + " of "
                    + topic + "-" + std::to_string(partition);
            }
            case ConsumerAction::Kind::Crash:
                break;
            }
        } catch (const HarnessError& error) {
            throw RunnerError(path + ": " + error.what());
        }
        throw RunnerError(path + ": the real runner cannot run this step (checkRealScenario refuses it)");
    }

    /// Waits until no restarted broker is still starting (its registration refused, or not unfenced yet:
    /// a timer the model's settle would run too) and observations pollInterval apart stay equal for
    /// settlePeriod; returns the last one. Both within settleMax.
    ClusterObservation waitQuiescent(const std::string& where)
    {
        const auto deadline = Clock::now() + options.settleMax;
        ClusterObservation current = observe(false);
        auto stableSince = Clock::now();
        for (;;) {
            std::vector<std::int32_t> starting;
            try {
                starting = cluster.startingBrokers();
            } catch (const ClusterError& error) {
                throw RunnerError(where + ": " + error.what());
            }
            if (starting.empty() && Clock::now() - stableSince >= options.settlePeriod)
                return current;
            if (Clock::now() >= deadline) {
                if (starting.empty())
                    throw RunnerError(where + ": the cluster was still changing after "
                        + std::to_string(options.settleMax.count() / 1000) + " s");
                throw RunnerError(where + ": broker " + std::to_string(starting.front()) + " was restarted but not "
                    "registered and unfenced (no \"Kafka Server started\") after " + std::to_string(options.settleMax.count() / 1000)
                    + " s; the end of " + cluster.serverLogTail(starting.front()));
            }
            sleepFor(pollInterval);
            ClusterObservation next = observe(false);
            if (!starting.empty() || !hooks.sameFacts(current, next)) {
                current = std::move(next);
                stableSince = Clock::now();
            }
        }
    }

    void emit(ObservedStep observed)
    {
        last = observed.observation;
        if (hooks.emit)
            hooks.emit(observed, harness ? harness->outcomes() : std::vector<SendOutcome>());
    }

    /// After a step: with --checkpoints nothing (checkpoints emit themselves), otherwise the state
    /// with the logs when it differs from the last one emitted.
    void observeAfter(std::size_t index, const std::string& key, const std::string& did)
    {
        if (options.checkpointsOnly)
            return;
        ClusterObservation now = observe(false);
        if (last && hooks.sameFacts(*last, now))
            return;
        emit({ index, key, did, false, std::nullopt, observe(true) });
    }

    /// The LEO of the partition's leader now, or nothing without a leader (or its LEO).
    std::optional<std::int64_t> leaderLeo(const std::string& topic, std::int32_t partition)
    {
        const ClusterObservation now = observe(false);
        const ObservedPartition* seen = findPartition(now, topic, partition);
        if (seen == nullptr || seen->leader < 0)
            return std::nullopt;
        const ObservedReplica* leader = findReplica(*seen, seen->leader);
        return leader ? leader->leo : std::nullopt;
    }

    std::pair<std::string, std::int32_t> partitionName(std::int32_t flat) const
    {
        const Partition& p = model.partitions.at(static_cast<std::size_t>(flat));
        return { model.topics.at(static_cast<std::size_t>(p.topic)).name, p.index };
    }

    /// The producer for a scenario producer and acks: Kafka's producer fixes acks when it is made, so a
    /// produce step with its own acks gets a producer of its own.
    std::string producerFor(std::int32_t index, std::optional<Acks> stepAcks)
    {
        const ProducerSpec& spec = scenario.cluster.producers.at(static_cast<std::size_t>(index));
        const ClusterConfig& c = scenario.cluster.config;
        const Acks acks = stepAcks.value_or(spec.acks.value_or(c.acks));
        const std::string name = spec.id + (stepAcks && stepAcks != spec.acks.value_or(c.acks)
            ? "-acks" + std::string(acksName(acks)) : "");
        if (producers.count(name))
            return name;
        nlohmann::json config = {
            { "bootstrap.servers", cluster.clientBootstrap() },
            { "acks", std::string(acksName(acks)) },
            { "retries", spec.retries.value_or(c.retries) },
            { "max.in.flight.requests.per.connection", spec.maxInFlight.value_or(c.maxInFlightRequestsPerConnection) },
            { "linger.ms", spec.lingerMs.value_or(c.lingerMs) },
            { "request.timeout.ms", c.requestTimeoutMs },
            { "retry.backoff.ms", c.retryBackoffMs },
            { "retry.backoff.max.ms", c.retryBackoffMaxMs },
            { "reconnect.backoff.ms", c.reconnectBackoffMs },
            { "reconnect.backoff.max.ms", c.reconnectBackoffMaxMs },
            { "batch.size", c.batchSize },
        };
        // Named only when the scenario named them, as the model's ProducerConfig does: Kafka then refuses
        // a conflict (idempotence with acks 1) instead of resolving it, and raises delivery.timeout.ms
        // to linger.ms + request.timeout.ms when it was left at its default.
        const std::optional<bool> idempotence = spec.enableIdempotence
            ? spec.enableIdempotence : (scenario.cluster.idempotenceSet ? std::optional(c.enableIdempotence) : std::nullopt);
        if (idempotence)
            config["enable.idempotence"] = *idempotence;
        const std::optional<std::int64_t> delivery = spec.deliveryTimeoutMs
            ? spec.deliveryTimeoutMs : (scenario.cluster.deliveryTimeoutSet ? std::optional(c.deliveryTimeoutMs) : std::nullopt);
        if (delivery)
            config["delivery.timeout.ms"] = *delivery;
        harness->producer(name, config, milliseconds(60000));
        producers.insert(name);
        return name;
    }

    milliseconds deliveryTimeout(std::int32_t producer) const
    {
        const ProducerSpec& spec = scenario.cluster.producers.at(static_cast<std::size_t>(producer));
        const ClusterConfig& c = scenario.cluster.config;
        const std::int64_t delivery = spec.deliveryTimeoutMs.value_or(c.deliveryTimeoutMs);
        return milliseconds(std::max(delivery, spec.lingerMs.value_or(c.lingerMs) + c.requestTimeoutMs));
    }

    std::string produce(std::size_t index, const ProduceStep& step)
    {
        ensureHarness();
        const ProduceAction& a = step.action;
        const std::string name = producerFor(a.producer, a.acks);
        const std::string topic = scenario.cluster.topics.at(static_cast<std::size_t>(a.topic)).name;
        // The partition the records go to, when the step says (or the topic has one): the step also ends
        // once its leader has appended them, as the model's produce step does (docs/scenario-format.md):
        // an acks=all send whose followers lag stays in Kafka's purgatory until they catch up or the ISR
        // shrinks, which the scenario's next steps are meant to show, not to wait for.
        // Only an acks=all send waits for followers: with acks 0 or 1 the leader answers as it appends (the
        // model's answer arrives a few ms later), so the step waits for the answer itself. Ending it at the
        // append would race the answer: a step right after it (a kill 20 ms later in leader-failover) could
        // come before a loaded machine's leader has sent it.
        const TopicSpec& spec = scenario.cluster.topics.at(static_cast<std::size_t>(a.topic));
        const ProducerSpec& producerSpec = scenario.cluster.producers.at(static_cast<std::size_t>(a.producer));
        const Acks acks = a.acks.value_or(producerSpec.acks.value_or(scenario.cluster.config.acks));
        const std::int32_t partition = a.partition >= 0 ? a.partition : (spec.partitions == 1 ? 0 : -1);
        const std::optional<std::int64_t> leoBefore
            = step.wait && partition >= 0 && acks == Acks::All ? leaderLeo(topic, partition) : std::nullopt;
        const std::size_t first = harness->outcomes().size();
        for (const std::string& value : a.values)
            harness->send(name, topic, a.partition, a.key, value);
        const std::size_t end = harness->outcomes().size();
        if (!step.wait)
            return std::to_string(a.values.size()) + " record(s) sent by " + name + " (not waited for)";
        const milliseconds wait = deliveryTimeout(a.producer) + options.produceMargin;
        const auto deadline = Clock::now() + wait;
        bool appended = false;
        while (!harness->waitAnswered(first, end, pollInterval)) {
            checkInterrupted();
            if (leoBefore) {
                const std::optional<std::int64_t> leo = leaderLeo(topic, partition);
                if (leo && *leo >= *leoBefore + static_cast<std::int64_t>(end - first)) {
                    appended = true;
                    break;
                }
            }
            if (Clock::now() >= deadline)
                throw RunnerError(stepPath(index, "produce") + ": Kafka's producer did not answer every send within "
                    + std::to_string(wait.count() / 1000) + " s (delivery.timeout.ms and a margin)");
        }
        std::size_t acked = 0;
        std::map<std::string, int> errors;
        for (std::size_t i = first; i < end; ++i) {
            const SendOutcome& o = harness->outcomes()[i];
            if (o.acked)
                ++acked;
            else
                ++errors[o.error];
        }
        std::string did = std::to_string(end - first) + " record(s) sent by " + name + " to " + topic + ": "
            + std::to_string(acked) + " acked";
        for (const auto& [error, count] : errors)
            if (!error.empty())
                did += ", " + std::to_string(count) + " " + error;
        if (appended)
            did += "; appended by the leader, the rest not answered yet (waiting for its followers)";
        return did;
    }

    std::string fault(std::size_t index, const FaultStep& step)
    {
        const std::string path = stepPath(index, stepKey(Step(step)));
        try {
            if (const auto* b = std::get_if<BrokerAction>(&step.action)) {
                const std::string who = "broker " + std::to_string(b->broker);
                switch (b->kind) {
                case BrokerAction::Kind::Kill:
                    cluster.kill(b->broker);
                    return who + " killed (SIGKILL)";
                case BrokerAction::Kind::PowerOff:
                    cluster.powerOff(b->broker);
                    return who + " powered off (its links black-holed, then SIGKILL: no peer sees a reset)";
                case BrokerAction::Kind::Restart: {
                    // The model's restart takes no simulated time; the JVM's start to its first
                    // registration is owed by the next advance steps, so that the scenario's later
                    // steps keep their moments relative to the other brokers' and the controller's timers.
                    const auto launched = Clock::now();
                    cluster.restart(b->broker);
                    ahead += std::chrono::duration_cast<milliseconds>(Clock::now() - launched);
                    return who + " restarted (its first registration sent; registered and unfenced later)";
                }
                case BrokerAction::Kind::Shutdown:
                    cluster.shutdown(b->broker);
                    return who + " shut down (SIGTERM)";
                case BrokerAction::Kind::Isolate:
                    cluster.isolate(b->broker);
                    return who + " isolated (every link black-holed)";
                case BrokerAction::Kind::Heal:
                    cluster.heal(b->broker);
                    return who + " healed";
                }
            }
            if (const auto* k = std::get_if<KillLeaderAction>(&step.action)) {
                const auto [topic, partition] = partitionName(k->partition);
                const std::int32_t leader = cluster.leaderOf(topic, partition);
                if (leader < 0)
                    throw RunnerError(path + ": " + topic + "-" + std::to_string(partition) + " has no leader to kill");
                cluster.kill(leader);
                return "broker " + std::to_string(leader) + ", the leader of " + topic + "-" + std::to_string(partition)
                    + ", killed (SIGKILL)";
            }
            if (const auto* e = std::get_if<ElectPreferredAction>(&step.action)) {
                const auto [topic, partition] = partitionName(e->partition);
                const std::string error = cluster.electLeaders(topic, partition, wire::client::ElectionType::Preferred);
                return "preferred election of " + topic + "-" + std::to_string(partition) + ": "
                    + (error.empty() ? "done" : error);
            }
            if (const auto* e = std::get_if<ElectUncleanAction>(&step.action)) {
                const auto [topic, partition] = partitionName(e->partition);
                const std::string error = cluster.electLeaders(topic, partition, wire::client::ElectionType::Unclean);
                return "unclean election of " + topic + "-" + std::to_string(partition) + ": "
                    + (error.empty() ? "done" : error);
            }
        } catch (const ClusterError& error) {
            throw RunnerError(path + ": " + error.what());
        }
        throw RunnerError(path + ": not a fault the real runner knows");
    }

    std::string config(std::size_t index, const ConfigStep& step)
    {
        std::string did;
        for (const ConfigAction& change : step.changes) {
            const std::string value = formatConfigValue(change.value);
            if (!alterableAtRunTime(change.key)) {
                did += (did.empty() ? "" : "; ") + change.key + " does not apply to a real cluster ("
                    + std::string(keyPlaceReason(change.key)) + ")";
                continue;
            }
            try {
                for (const std::string& topic : topics)
                    cluster.alterConfig(wire::client::ConfigResourceType::Topic, topic, change.key, value);
                cluster.alterConfig(wire::client::ConfigResourceType::Broker, "", change.key, value);
            } catch (const std::exception& error) {
                throw RunnerError(stepPath(index, "config") + "/" + change.key + ": " + error.what());
            }
            did += (did.empty() ? "" : "; ") + change.key + "=" + value;
        }
        return did;
    }

    /// A create_topic step with its assignment (checkRealScenario refuses one without): Kafka's CreateTopics
    /// with the same replicas and configs. The model's copy gets the topic too, so later steps' partition
    /// numbers name it.
    std::string createTopicStep(std::size_t index, const CreateTopicStep& step)
    {
        const CreatableTopic& topic = step.action.topic;
        if (step.action.validateOnly)
            return "topic " + topic.name + " checked (validate_only): nothing created, as on Kafka";
        std::vector<CreatableAssignment> ordered = topic.assignments;
        std::sort(ordered.begin(), ordered.end(),
                  [](const CreatableAssignment& a, const CreatableAssignment& b) { return a.partition < b.partition; });
        std::vector<std::vector<std::int32_t>> assignment;
        for (const CreatableAssignment& a : ordered)
            assignment.push_back({ a.brokers.begin(), a.brokers.end() });
        std::map<std::string, std::string> configs;
        for (const CreatableTopicConfig& c : topic.configs)
            if (c.value)
                configs[c.name] = *c.value;
        const TopicCreation created = hw::createTopic(model, topic, false);
        if (!created.ok())
            throw RunnerError(stepPath(index, "create_topic") + ": " + created.message);
        try {
            cluster.createTopic(topic.name, assignment, configs);
        } catch (const std::exception& error) {
            throw RunnerError(stepPath(index, "create_topic") + ": " + error.what());
        }
        topics.push_back(topic.name);
        return "topic " + topic.name + " created with " + std::to_string(assignment.size()) + " partition(s)";
    }

    void createTopics()
    {
        // The engine's placement for the same scenario: both runs place alike, whatever Kafka's placer
        // would have chosen.
        for (const Topic& topic : model.topics) {
            std::vector<std::vector<std::int32_t>> assignment;
            for (std::int32_t p = 0; p < topic.partitionCount; ++p) {
                const Partition& partition = model.partitions.at(static_cast<std::size_t>(topic.firstPartition + p));
                assignment.push_back({ partition.registration.replicas.begin(), partition.registration.replicas.end() });
            }
            cluster.createTopic(topic.name, assignment);
            topics.push_back(topic.name);
        }
        // A scenario with groups: __consumer_offsets too, placed as the model places it, so that each group's
        // coordinator (the leader of its partition, abs(groupId.hashCode()) % offsets.topic.num.partitions)
        // is the model's. Kafka would create it at the first FindCoordinator with its own placer. The configs
        // are those Kafka gives it (GroupCoordinatorService.groupMetadataTopicConfigs).
        if (!model.offsetsPartitions.empty()) {
            std::vector<std::vector<std::int32_t>> assignment;
            for (const PartitionRegistration& partition : model.offsetsPartitions)
                assignment.push_back({ partition.replicas.begin(), partition.replicas.end() });
            cluster.createTopic(offsetsTopicName, assignment, offsetsTopicConfigs());
        }
    }

    void runSteps()
    {
        createTopics();
        checkInterrupted();
        for (std::size_t i = 0; i < scenario.cluster.consumers.size(); ++i)
            if (consumers[i].start)
                startConsumer(i, "/consumers/" + std::to_string(i));
        ClusterObservation start = waitQuiescent("after the topics were created");
        if (!options.checkpointsOnly)
            emit({ std::nullopt, "start", "the cluster is up and the topics are created", true, std::nullopt, observe(true) });
        else
            last = start;
        for (std::size_t i = 0; i < scenario.steps.size(); ++i) {
            checkInterrupted();
            const Step& step = scenario.steps[i];
            const std::string key = stepKey(step);
            if (hooks.progress)
                hooks.progress(i, "step " + std::to_string(i) + " (" + key + ")");
            std::string did;
            bool observeAfterStep = true;
            if (const auto* s = std::get_if<ProduceStep>(&step)) {
                did = produce(i, *s);
            } else if (const auto* s = std::get_if<FaultStep>(&step)) {
                did = fault(i, *s);
            } else if (const auto* s = std::get_if<SlowStep>(&step)) {
                cluster.slow(s->action.broker, milliseconds(s->action.latencyMs));
                did = "broker " + std::to_string(s->action.broker) + "'s links delayed by "
                    + std::to_string(s->action.latencyMs) + " ms each way";
            } else if (const auto* s = std::get_if<ConfigStep>(&step)) {
                did = config(i, *s);
            } else if (const auto* s = std::get_if<CreateTopicStep>(&step)) {
                did = createTopicStep(i, *s);
            } else if (const auto* s = std::get_if<AdvanceStep>(&step)) {
                const milliseconds owed = std::min(ahead, milliseconds(s->ms));
                ahead -= owed;
                sleepFor(milliseconds(s->ms) - owed);
                did = std::to_string(s->ms) + " ms of wall-clock time passed"
                    + (owed.count() > 0 ? " (" + std::to_string(owed.count())
                                   + " ms of them observing a pending checkpoint or starting a restarted JVM)"
                                        : "");
            } else if (std::holds_alternative<SettleStep>(step)) {
                ClusterObservation settled = waitQuiescent(stepPath(i, key));
                // A settle runs both clocks until quiescence: what the run owed is paid.
                ahead = milliseconds(0);
                observeAfterStep = false;
                if (!options.checkpointsOnly && !(last && hooks.sameFacts(*last, settled)))
                    emit({ i, key, "quiescent", true, std::nullopt, observe(true) });
            } else if (const auto* s = std::get_if<CheckpointStep>(&step)) {
                // A checkpoint the scenario marks as pending is taken before a timer fires (a session
                // that has not expired yet): waiting for quiescence would wait past it, so it is observed
                // as it is, and compare reports it without comparing it.
                const bool pending = !s->pending.empty();
                if (!pending) {
                    waitQuiescent(stepPath(i, key));
                    ahead = milliseconds(0);
                }
                observeAfterStep = false;
                // A pending checkpoint is read without the logs: DumpLogSegments takes seconds (a JVM per
                // broker), during which the timer the checkpoint precedes would fire; its facts are
                // reported, not compared, and its records are the observer's placeholders.
                const auto observing = Clock::now();
                ClusterObservation observation = observe(!pending);
                if (pending)
                    ahead += std::chrono::duration_cast<milliseconds>(Clock::now() - observing);
                emit({ i, key, "checkpoint " + s->label + (pending ? " (pending: " + s->pending + ")" : ""), !pending,
                    s->label, std::move(observation) });
            } else if (const auto* s = std::get_if<ConsumerStep>(&step)) {
                did = consumerStep(i, *s);
            } else if (const auto* s = std::get_if<RebalanceStep>(&step)) {
                did = rebalance(i, *s);
            } else if (std::holds_alternative<NoteStep>(step)) {
                observeAfterStep = false;
            } else {
                throw RunnerError(stepPath(i, key) + ": the real runner cannot run this step (checkRealScenario refuses it)");
            }
            if (!did.empty())
                say(i, "step " + std::to_string(i) + " (" + key + "): " + did);
            if (observeAfterStep)
                observeAfter(i, key, did);
        }
        if (harness)
            harness->drain();
    }
};

} // namespace

ClusterOptions clusterOptionsFor(const Scenario& scenario, const RunnerOptions& options)
{
    ClusterOptions clusterOptions = options.cluster;
    clusterOptions.brokers = scenario.cluster.brokers;
    clusterOptions.config = scenario.cluster.config;
    clusterOptions.racks = scenario.cluster.racks;
    if (!clusterOptions.log)
        clusterOptions.log = options.log;
    return clusterOptions;
}

std::string whySeparateCluster(const Scenario& scenario, const RealCluster& cluster)
{
    return whySeparateCluster(scenario, cluster.options(), cluster.topics());
}

std::string whySeparateCluster(const Scenario& scenario, const ClusterOptions& have, const std::vector<std::string>& topics)
{
    if (std::string mismatch = clusterMismatch(have, clusterOptionsFor(scenario, {})); !mismatch.empty())
        return "it needs " + mismatch;
    // IncrementalAlterConfigs on the brokers' cluster-wide default (runner: config) stays after the run.
    for (const Step& step : scenario.steps)
        if (std::holds_alternative<ConfigStep>(step))
            return "it changes configs at run time (a config step)";
    if (!scenario.cluster.consumers.empty() || std::any_of(scenario.steps.begin(), scenario.steps.end(), [](const Step& step) {
            return std::holds_alternative<ConsumerStep>(step) || std::holds_alternative<RebalanceStep>(step);
        }))
        return "it has consumers (__consumer_offsets, placed as the model places it, is made per cluster)";
    for (const TopicSpec& topic : scenario.cluster.topics)
        if (std::find(topics.begin(), topics.end(), topic.name) != topics.end())
            return "its topic " + topic.name + " exists on the cluster already";
    // A create_topic step's topic too: CreateTopics would answer TOPIC_ALREADY_EXISTS.
    for (const TopicSpec& topic : scenario.createdTopics)
        if (std::find(topics.begin(), topics.end(), topic.name) != topics.end())
            return "the topic " + topic.name + " it creates exists on the cluster already";
    return {};
}

void runReal(const Scenario& scenario, const Distribution& distribution, RunnerOptions options, RunnerHooks hooks)
{
    const std::vector<Refusal> refusals = checkRealScenario(scenario);
    if (!refusals.empty())
        throw RunnerError(refusals.front().path + ": " + refusals.front().why);
    checkVersion(distribution, scenario.cluster.config.kafkaVersion);
    if (!hooks.observe || !hooks.sameFacts)
        throw RunnerError("the runner needs an observer");
    std::optional<RealCluster> own;
    RealCluster* cluster = options.shared;
    if (cluster) {
        if (std::string why = whySeparateCluster(scenario, *cluster); !why.empty())
            throw RunnerError("the scenario cannot share the cluster: " + why);
        if (hooks.progress)
            hooks.progress(std::nullopt, "on the shared cluster (Apache Kafka " + distribution.version + ")");
        cluster->restoreAll();
    } else {
        own.emplace(distribution, clusterOptionsFor(scenario, options));
        cluster = &*own;
        if (hooks.progress)
            hooks.progress(std::nullopt, "starting a cluster of " + std::to_string(scenario.cluster.brokers)
                + " brokers (Apache Kafka " + distribution.version + ")");
        cluster->start();
    }
    Run run { scenario, options, std::move(hooks), *cluster, nullptr, Engine::createCluster(scenario.cluster), {}, {}, {}, {},
        scenarioConsumers(scenario), {}, {}, {}, 0 };
    run.groups = groupIds(run.consumers);
    run.made.assign(run.consumers.size(), false);
    run.open.assign(run.consumers.size(), false);
    run.runSteps();
}

} // namespace hw::realkafka
