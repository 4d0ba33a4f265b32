// SPDX-License-Identifier: MIT
#include "scenario/scenario.h"

#include "model/limits.h"

#include <algorithm>

namespace hw {

namespace {

/// Steps until done(frame) holds for a new frame, or fails once the step has used up its budget.
template <typename Done>
std::string runUntil(Timeline& timeline, Done done, TimeMs timeBudgetMs, const std::string& what)
{
    const TimeMs deadline = timeline.head().nowMs + timeBudgetMs;
    for (std::int64_t events = 0; events < limits::eventsPerStepMax; ++events) {
        if (!timeline.hasQueuedEvents())
            return what + " never happened: nothing is left to do";
        if (timeline.nextEventTimeMs() > deadline)
            return what + " did not happen within " + std::to_string(timeBudgetMs) + " ms of simulated time";
        if (auto frame = timeline.step()) {
            if (done(timeline.frame(*frame)))
                return {};
        }
    }
    return what + " did not happen within " + std::to_string(limits::eventsPerStepMax) + " events";
}

/// Steps until pred(state) holds (checked after every operation).
template <typename Pred>
std::string runUntilState(Timeline& timeline, Pred pred, TimeMs timeBudgetMs, const std::string& what)
{
    const TimeMs deadline = timeline.head().nowMs + timeBudgetMs;
    for (std::int64_t events = 0; events < limits::eventsPerStepMax; ++events) {
        if (pred(timeline.head()))
            return {};
        if (!timeline.hasQueuedEvents())
            return what + " never happened: nothing is left to do";
        if (timeline.nextEventTimeMs() > deadline)
            return what + " did not happen within " + std::to_string(timeBudgetMs) + " ms of simulated time";
        timeline.step();
    }
    return what + " did not happen within " + std::to_string(limits::eventsPerStepMax) + " events";
}

/// Generous room in simulated time for one step: long enough for any wait the configuration implies.
TimeMs stepBudgetMs(const ClusterState& s)
{
    TimeMs slowest = s.config.networkLatencyMs;
    for (const Broker& b : s.brokers)
        slowest = std::max(slowest, b.latencyMs);
    // Messages sent while a link was slower than it is now may still be on their way.
    TimeMs lastArrival = s.nowMs;
    for (const QueuedEvent& q : s.queue) {
        if (std::holds_alternative<Message>(q.what))
            lastArrival = std::max(lastArrival, q.atMs);
    }
    return (lastArrival - s.nowMs) + 4 * slowest + s.config.replicaFetchWaitMaxMs +
           std::max(s.config.requestTimeoutMs, s.config.replicaSocketTimeoutMs) + 1000;
}

const Replica* findReplica(const ClusterState& s, std::int32_t partition, BrokerId broker)
{
    for (const Replica& r : s.partitions[static_cast<std::size_t>(partition)].replicas) {
        if (r.broker == broker)
            return &r;
    }
    return nullptr;
}

bool fetchRequestInFlight(const ClusterState& s, std::int32_t partition, BrokerId follower)
{
    for (const QueuedEvent& q : s.queue) {
        if (const auto* m = std::get_if<Message>(&q.what)) {
            if (const auto* f = std::get_if<FetchRequest>(&m->body)) {
                if (f->partition == partition && f->replica == follower)
                    return true;
            }
        }
    }
    return false;
}

/// The queue positions of the messages in flight that settling waits for: produce traffic, ISR
/// changes, metadata. Heartbeats and, with auto.fetch, the followers' fetch loops never stop, so they
/// do not count.
std::vector<std::uint64_t> messagesInFlight(const ClusterState& s)
{
    std::vector<std::uint64_t> out;
    for (const QueuedEvent& q : s.queue) {
        if (const auto* m = std::get_if<Message>(&q.what)) {
            if (std::holds_alternative<BrokerHeartbeatRequest>(m->body) ||
                std::holds_alternative<BrokerHeartbeatResponse>(m->body) ||
                std::holds_alternative<FetchRequest>(m->body) || std::holds_alternative<FetchResponse>(m->body))
                continue;
            out.push_back(q.sequence);
        }
    }
    return out;
}

/// Everything a settle round can change, flattened.
std::vector<std::int64_t> progressSignature(const ClusterState& s)
{
    std::vector<std::int64_t> sig;
    for (const Partition& p : s.partitions) {
        sig.push_back(p.registration.leader);
        sig.push_back(p.registration.partitionEpoch);
        sig.push_back(static_cast<std::int64_t>(brokerMask(p.registration.isr)));
        for (const Replica& r : p.replicas) {
            sig.push_back(r.log.leo());
            sig.push_back(r.hw);
            sig.push_back(static_cast<std::int64_t>(brokerMask(r.isr)));
            for (const FollowerView& v : r.views)
                sig.push_back(v.leo);
        }
    }
    return sig;
}

bool canFetch(const ClusterState& s, const Replica& r)
{
    return !r.isLeader() && r.knownLeader != noLeader && s.broker(r.broker).alive && !s.broker(r.broker).isolated &&
           s.broker(r.knownLeader).alive && !s.broker(r.knownLeader).isolated;
}

} // namespace

std::string runFetchRound(Timeline& timeline, const FetchAction& action, FetchUntil until)
{
    const TimeMs budget = stepBudgetMs(timeline.head());
    const std::string who = "broker " + std::to_string(action.follower) + "'s fetch round";
    const Replica* replica = findReplica(timeline.head(), action.partition, action.follower);
    bool finishOutstanding = replica && replica->fetchOutstanding;
    if (!finishOutstanding) {
        ApplyResult result = timeline.apply(action);
        if (!result.ok())
            return result.error;
    }
    const std::int64_t fetchId = findReplica(timeline.head(), action.partition, action.follower)->fetchId;
    // The round is over once the follower has applied the answer, failed, truncated, or abandoned the
    // fetch (it learned of a new leader); with Request, once the leader has the request.
    const bool waitForRequest = until == FetchUntil::Request && (!finishOutstanding ||
                                                                 fetchRequestInFlight(timeline.head(), action.partition,
                                                                                      action.follower));
    return runUntilState(
        timeline,
        [&](const ClusterState& s) {
            const Replica* r = findReplica(s, action.partition, action.follower);
            if (!r->fetchOutstanding || r->fetchId != fetchId)
                return true;
            return waitForRequest && !fetchRequestInFlight(s, action.partition, action.follower);
        },
        budget, who);
}

std::string runProduce(Timeline& timeline, const ProduceAction& action)
{
    ApplyResult result = timeline.apply(action);
    if (!result.ok())
        return result.error;
    const std::int64_t batch = result.event->value;
    const std::int32_t producer = action.producer;
    // Until a leader appends, refuses or recognises the batch (a duplicate), or the producer gives up on
    // it (retries included, that can take up to delivery.timeout.ms), or, for acks=0, the request is
    // lost on the way. A batch that waits in the accumulator (linger.ms, a producer id) is sent first.
    const TimeMs budget = timeline.head().config.deliveryTimeoutMs + stepBudgetMs(timeline.head());
    bool handled = false;
    auto handles = [&](const FrameInfo& f) {
        if ((f.event.type == EventType::ProduceAppended || f.event.type == EventType::ProduceRejected ||
             f.event.type == EventType::DuplicateBatch) &&
            f.event.peer == producer && f.event.value == batch)
            return true;
        return f.event.type == EventType::ProduceFailed && !f.event.has(Retrying) && f.event.node == producer &&
               f.event.value == batch;
    };
    std::int64_t scanned = timeline.frameCount();
    return runUntilState(
        timeline,
        [&](const ClusterState& s) {
            for (; scanned < timeline.frameCount() && !handled; ++scanned)
                handled = handles(timeline.frame(scanned));
            if (handled)
                return true;
            const ProducerBatch& b = s.producers[static_cast<std::size_t>(producer)].batches[static_cast<std::size_t>(batch)];
            if (b.status == SendStatus::Failed)
                return true;
            if (b.acks != Acks::None)
                return false;
            for (const QueuedEvent& q : s.queue) {
                if (const auto* m = std::get_if<Message>(&q.what)) {
                    if (const auto* r = std::get_if<ProduceRequest>(&m->body); r && r->producer == producer && r->batch == batch)
                        return false;
                }
            }
            return true;
        },
        budget, "the leader's handling of the produce");
}

std::string runSettle(Timeline& timeline)
{
    constexpr int roundsMax = 10000;
    const TimeMs budget = stepBudgetMs(timeline.head());
    for (int round = 0; round < roundsMax; ++round) {
        const std::vector<std::int64_t> before = progressSignature(timeline.head());
        if (timeline.head().config.autoFetch) {
            // The followers fetch on their own: let one fetch round's worth of time pass.
            const ClusterState& s = timeline.head();
            TimeMs slowest = s.config.networkLatencyMs;
            for (const Broker& b : s.brokers)
                slowest = std::max(slowest, b.latencyMs);
            if (std::string error = runAdvance(timeline, 2 * slowest + s.config.replicaFetchWaitMaxMs + 1);
                !error.empty())
                return error;
        } else {
            const ClusterState& s = timeline.head();
            std::vector<FetchAction> starts;
            for (std::int32_t p = 0; p < static_cast<std::int32_t>(s.partitions.size()); ++p) {
                for (const Replica& r : s.partitions[static_cast<std::size_t>(p)].replicas) {
                    if (canFetch(s, r) && !r.fetchOutstanding)
                        starts.push_back(FetchAction{p, r.broker, 0});
                }
            }
            for (const FetchAction& start : starts) {
                ApplyResult result = timeline.apply(start);
                if (!result.ok())
                    return result.error;
            }
            std::string error = runUntilState(
                timeline,
                [](const ClusterState& st) {
                    for (const Partition& p : st.partitions) {
                        for (const Replica& r : p.replicas) {
                            if (r.fetchOutstanding && canFetch(st, r))
                                return false;
                        }
                    }
                    return true;
                },
                budget, "the settle round");
            if (!error.empty())
                return error;
        }
        if (progressSignature(timeline.head()) == before) {
            // Deliver what is in flight now and let the producers finish the batches they have open
            // (retries included); what those send in turn (a steady producer's next record, say) is a
            // new story. If that changed anything, settle again.
            const std::vector<std::uint64_t> waiting = messagesInFlight(timeline.head());
            std::vector<std::pair<std::size_t, std::size_t>> open;
            for (std::size_t p = 0; p < timeline.head().producers.size(); ++p) {
                const Producer& producer = timeline.head().producers[p];
                producer.batches.forEach(static_cast<std::size_t>(producer.firstOpenBatch), producer.batches.size(),
                                         [&](std::size_t b, const ProducerBatch& batch) {
                                             if (batch.status == SendStatus::Pending ||
                                                 batch.status == SendStatus::InFlight)
                                                 open.emplace_back(p, b);
                                         });
            }
            const TimeMs drainBudget = budget + (open.empty() ? 0 : timeline.head().config.deliveryTimeoutMs);
            std::string error = runUntilState(
                timeline,
                [&](const ClusterState& st) {
                    for (const auto& [p, b] : open) {
                        const SendStatus status = st.producers[p].batches[b].status;
                        if (status == SendStatus::Pending || status == SendStatus::InFlight)
                            return false;
                    }
                    for (const QueuedEvent& q : st.queue) {
                        if (std::find(waiting.begin(), waiting.end(), q.sequence) != waiting.end())
                            return false;
                    }
                    return true;
                },
                drainBudget, "delivering the messages in flight");
            if (!error.empty())
                return error;
            if (open.empty() || progressSignature(timeline.head()) == before)
                return {};
        }
    }
    return "the cluster did not settle within " + std::to_string(roundsMax) + " fetch rounds";
}

std::string runAdvance(Timeline& timeline, TimeMs ms)
{
    const TimeMs target = timeline.head().nowMs + ms;
    for (std::int64_t events = 0; timeline.hasQueuedEvents() && timeline.nextEventTimeMs() <= target; ++events) {
        if (events >= limits::eventsPerStepMax)
            return "advancing " + std::to_string(ms) + " ms took more than " +
                   std::to_string(limits::eventsPerStepMax) + " events";
        timeline.step();
    }
    if (timeline.head().nowMs < target) {
        ApplyResult result = timeline.apply(AdvanceAction{target});
        if (!result.ok())
            return result.error;
    }
    return {};
}

std::string runFault(Timeline& timeline, const Action& action)
{
    ApplyResult result = timeline.apply(action);
    if (!result.ok())
        return result.error;
    const auto* fault = std::get_if<BrokerAction>(&action);
    if (!fault || fault->kind != BrokerAction::Kind::Shutdown)
        return {};
    const BrokerId broker = fault->broker;
    return runUntil(
        timeline, [&](const FrameInfo& f) { return f.event.type == EventType::BrokerShutDown && f.event.node == broker; },
        stepBudgetMs(timeline.head()), "broker " + std::to_string(broker) + "'s controlled shutdown");
}

std::string runPoll(Timeline& timeline, const ConsumerAction& action)
{
    ApplyResult result = timeline.apply(action);
    if (!result.ok())
        return result.error;
    const std::int32_t index = action.consumer;
    return runUntilState(
        timeline,
        [&](const ClusterState& s) {
            const Consumer& c = s.consumers[static_cast<std::size_t>(index)];
            return std::none_of(c.owned.begin(), c.owned.end(),
                                [](const OwnedPartition& o) { return o.fetchInFlight || o.lookupInFlight; });
        },
        stepBudgetMs(timeline.head()), "consumer " + timeline.head().consumers[static_cast<std::size_t>(index)].id +
                                           "'s poll");
}

std::string runRebalance(Timeline& timeline, std::int32_t groupIndex)
{
    const ClusterConfig& config = timeline.head().config;
    const TimeMs budget = std::max(config.rebalanceTimeoutMs, config.sessionTimeoutMs) +
                          config.groupInitialRebalanceDelayMs + stepBudgetMs(timeline.head());
    return runUntilState(
        timeline,
        [&](const ClusterState& s) {
            const Group& group = s.groups[static_cast<std::size_t>(groupIndex)];
            if (group.state != GroupState::Stable && group.state != GroupState::Empty)
                return false;
            // A LeaveGroup still on its way starts another rebalance when it arrives: wait for it.
            for (const QueuedEvent& q : s.queue) {
                const auto* m = std::get_if<Message>(&q.what);
                const auto* request = m ? std::get_if<GroupRequest>(&m->body) : nullptr;
                if (request && request->kind == GroupRequestKind::Leave && request->group == groupIndex)
                    return false;
            }
            for (std::int32_t i = 0; i < static_cast<std::int32_t>(s.consumers.size()); ++i) {
                const Consumer& c = s.consumers[static_cast<std::size_t>(i)];
                if (c.group != groupIndex || c.phase == MemberPhase::Stopped || c.phase == MemberPhase::Crashed)
                    continue;
                // Every running consumer of the group is a member of this generation, in sync, with
                // nothing of the protocol left to do.
                if (c.phase != MemberPhase::Stable || c.requestInFlight || c.generation != group.generation)
                    return false;
                if (std::any_of(c.owned.begin(), c.owned.end(),
                                [](const OwnedPartition& o) { return o.lookupInFlight; }))
                    return false;
                const bool member = std::any_of(group.members.begin(), group.members.end(),
                                                [&](const GroupMember& m) { return m.memberId == c.memberId; });
                if (!member)
                    return false;
            }
            return true;
        },
        budget, "the rebalance of group " + timeline.head().groups[static_cast<std::size_t>(groupIndex)].id);
}

std::string stepKey(const Step& step)
{
    return std::visit(
        [](const auto& s) -> std::string {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, ProduceStep>)
                return "produce";
            else if constexpr (std::is_same_v<T, FetchStep>)
                return "fetch";
            else if constexpr (std::is_same_v<T, SettleStep>)
                return "settle";
            else if constexpr (std::is_same_v<T, AdvanceStep>)
                return "advance";
            else if constexpr (std::is_same_v<T, SlowStep>)
                return "slow";
            else if constexpr (std::is_same_v<T, ConfigStep>)
                return "config";
            else if constexpr (std::is_same_v<T, CheckpointStep>)
                return "checkpoint";
            else if constexpr (std::is_same_v<T, NoteStep>)
                return "note";
            else if constexpr (std::is_same_v<T, RunStep>)
                return "run";
            else if constexpr (std::is_same_v<T, RebalanceStep>)
                return "rebalance";
            else if constexpr (std::is_same_v<T, ConsumerStep>) {
                switch (s.action.kind) {
                case ConsumerAction::Kind::Join:
                    return "join";
                case ConsumerAction::Kind::Leave:
                    return "leave";
                case ConsumerAction::Kind::Crash:
                    return "crash_consumer";
                case ConsumerAction::Kind::Poll:
                    return "poll";
                case ConsumerAction::Kind::Commit:
                    return "commit";
                case ConsumerAction::Kind::Seek:
                    return "seek";
                case ConsumerAction::Kind::Add:
                    return "add_consumer";
                }
                return "join";
            }
            else if constexpr (std::is_same_v<T, ClockStep>)
                return "clock";
            else if constexpr (std::is_same_v<T, LiveStep>)
                return "live";
            else if constexpr (std::is_same_v<T, CreateTopicStep>)
                return "create_topic";
            else {
                return std::visit(
                    [](const auto& a) -> std::string {
                        using A = std::decay_t<decltype(a)>;
                        if constexpr (std::is_same_v<A, KillLeaderAction>)
                            return "kill_leader";
                        else if constexpr (std::is_same_v<A, ElectPreferredAction>)
                            return "elect_preferred";
                        else if constexpr (std::is_same_v<A, ElectUncleanAction>)
                            return "elect_unclean";
                        else if constexpr (std::is_same_v<A, BrokerAction>) {
                            switch (a.kind) {
                            case BrokerAction::Kind::Kill:
                                return "kill";
                            case BrokerAction::Kind::PowerOff:
                                return "power_off";
                            case BrokerAction::Kind::Restart:
                                return "restart";
                            case BrokerAction::Kind::Shutdown:
                                return "shutdown";
                            case BrokerAction::Kind::Isolate:
                                return "isolate";
                            case BrokerAction::Kind::Heal:
                                return "heal";
                            }
                            return "kill";
                        } else
                            return "action";
                    },
                    s.action);
            }
        },
        step);
}

namespace {

/// runScenario's steps; `current` follows the step being run.
std::optional<ScenarioError> runSteps(const Scenario& scenario, Timeline& timeline, std::size_t& current)
{
    std::optional<LocalizedText> pendingNote;
    // A file numbers live connections by their connect steps; the engine names each by the handle its
    // slot gave it (LiveClient::handle), which a reused slot makes differ from that number.
    std::vector<std::int32_t> liveHandles;
    for (std::size_t i = 0; i < scenario.steps.size(); ++i) {
        current = i;
        const std::int64_t framesBefore = timeline.frameCount();
        const std::string path = "/steps/" + std::to_string(i);
        std::string error = std::visit(
            [&](const auto& step) -> std::string {
                using T = std::decay_t<decltype(step)>;
                if constexpr (std::is_same_v<T, ProduceStep>) {
                    return step.wait ? runProduce(timeline, step.action) : timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, FetchStep>) {
                    return step.wait ? runFetchRound(timeline, step.action, step.until)
                                     : timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, RunStep>) {
                    for (std::int64_t n = 0; n < step.events; ++n) {
                        if (!timeline.hasQueuedEvents())
                            return "only " + std::to_string(n) + " of " + std::to_string(step.events) +
                                   " events were queued";
                        timeline.step();
                    }
                    return {};
                } else if constexpr (std::is_same_v<T, ClockStep>) {
                    return timeline.apply(AdvanceAction{step.toMs}).error;
                } else if constexpr (std::is_same_v<T, LiveStep>) {
                    LiveClientAction action = step.action;
                    if (action.kind != LiveClientAction::Kind::Connect) {
                        if (action.client < 0 || action.client >= static_cast<std::int32_t>(liveHandles.size()))
                            return "no live client " + std::to_string(action.client);
                        action.client = liveHandles[static_cast<std::size_t>(action.client)];
                    }
                    const ApplyResult result = timeline.apply(action);
                    if (result.ok() && action.kind == LiveClientAction::Kind::Connect)
                        liveHandles.push_back(result.event->peer);
                    return result.error;
                } else if constexpr (std::is_same_v<T, CreateTopicStep>) {
                    return timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, ConsumerStep>) {
                    if (step.action.kind == ConsumerAction::Kind::Poll && step.wait)
                        return runPoll(timeline, step.action);
                    return timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, RebalanceStep>) {
                    return runRebalance(timeline, step.group);
                } else if constexpr (std::is_same_v<T, SettleStep>) {
                    return runSettle(timeline);
                } else if constexpr (std::is_same_v<T, AdvanceStep>) {
                    return runAdvance(timeline, step.ms);
                } else if constexpr (std::is_same_v<T, SlowStep>) {
                    return timeline.apply(step.action).error;
                } else if constexpr (std::is_same_v<T, ConfigStep>) {
                    for (const ConfigAction& change : step.changes) {
                        if (std::string e = timeline.apply(change).error; !e.empty())
                            return e;
                    }
                    return {};
                } else if constexpr (std::is_same_v<T, CheckpointStep>) {
                    const std::int64_t last = timeline.frameCount() - 1;
                    timeline.setLabel(last, step.label);
                    if (!step.note.empty())
                        timeline.attachNote(last, step.note);
                    return {};
                } else if constexpr (std::is_same_v<T, NoteStep>) {
                    pendingNote = step.note;
                    return {};
                } else {
                    return step.wait ? runFault(timeline, step.action) : timeline.apply(step.action).error;
                }
            },
            scenario.steps[i]);
        if (!error.empty()) {
            const std::string key = stepKey(scenario.steps[i]);
            return ScenarioError{scenario.file, 0, 0, path + "/" + key, error};
        }
        if (pendingNote && !std::holds_alternative<NoteStep>(scenario.steps[i]) &&
            timeline.frameCount() > framesBefore) {
            timeline.attachNote(framesBefore, std::move(*pendingNote));
            pendingNote.reset();
        }
    }
    if (pendingNote)
        timeline.attachNote(timeline.frameCount() - 1, std::move(*pendingNote));
    // The steps named the created topics' partitions by the file's created_topics: the run must have made
    // those topics, in that order (it may have made more after them, which no step names).
    const ClusterState& head = timeline.head();
    const std::size_t declared = scenario.cluster.topics.size();
    for (std::size_t i = 0; i < scenario.createdTopics.size(); ++i) {
        const TopicSpec& expected = scenario.createdTopics[i];
        const std::size_t t = declared + i;
        if (t >= head.topics.size())
            return ScenarioError{scenario.file, 0, 0, "/created_topics/" + std::to_string(i),
                                 "the run did not create topic " + expected.name};
        if (head.topics[t].name != expected.name || head.topics[t].partitionCount != expected.partitions)
            return ScenarioError{scenario.file, 0, 0, "/created_topics/" + std::to_string(i),
                                 "the run created topic " + head.topics[t].name + " with " +
                                     std::to_string(head.topics[t].partitionCount) + " partition(s) here, not " +
                                     expected.name + " with " + std::to_string(expected.partitions)};
    }
    return std::nullopt;
}

} // namespace

std::optional<ScenarioError> runScenario(const Scenario& scenario, Timeline& timeline)
{
    std::size_t current = 0;
    try {
        return runSteps(scenario, timeline, current);
    } catch (const MemoryBudgetReached& reached) {
        // The run stops where its history reached the budget; the frames so far stay usable.
        return ScenarioError{scenario.file, 0, 0,
                             "/steps/" + std::to_string(current) + "/" + stepKey(scenario.steps[current]), reached.what()};
    }
}


std::variant<Timeline, ScenarioError> playScenario(const Scenario& scenario)
{
    Timeline timeline(Engine::createCluster(scenario.cluster));
    if (auto error = runScenario(scenario, timeline))
        return *error;
    return timeline;
}

} // namespace hw
