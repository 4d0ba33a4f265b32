// SPDX-License-Identifier: MIT
// The sentences of the cluster: brokers crashing, restarting, cut off and shutting down, the
// controller's registrations, fencing and elections, time passing and configuration changes.

#include "scenario/narration_internal.h"

namespace hw {

using namespace narration;

namespace {

/// One partition's leader, ISR, LEOs and HW, for a checkpoint reached by time passing.
Phrase summaryText(const ClusterState& s, const PartitionSummary& p)
{
    const Phrase tp = Phrase::name(s.partitionName(p.partition));
    // The ISR with the ELR after it when there is one (Kafka 4.0+).
    const Phrase isr = p.elr.empty()
                           ? brokerSet(p.isr)
                           : Narration::tr("%1, ELR %2", "an ISR followed by its ELR").arg(brokerSet(p.isr), brokerSet(p.elr));
    if (p.leader == noLeader && p.lastKnownLeader != noLeader)
        return Narration::tr("%1: no leader (offline), ISR %2, last known leader broker %3.")
            .arg(tp, isr)
            .arg(p.lastKnownLeader);
    if (p.leader == noLeader)
        return Narration::tr("%1: no leader (offline), ISR %2.").arg(tp, isr);
    Phrase leos;
    for (const auto& [broker, leo] : p.leos) {
        if (!leos.isEmpty())
            leos += Narration::tr(", ", "between the items of a list");
        leos += Narration::tr("%1 on broker %2", "a replica's LEO").arg(leo).arg(broker);
    }
    return Narration::tr("%1: leader broker %2 (leader epoch %3), ISR %4, LEO %5, HW %6.")
        .arg(tp)
        .arg(p.leader)
        .arg(p.leaderEpoch)
        .arg(isr, leos)
        .arg(p.hw);
}

/// The real node ids of the model brokers in a mask, in an observed state (the model's ids otherwise).
Phrase realBrokerSet(const ClusterState& s, std::uint32_t mask)
{
    std::vector<BrokerId> ids = brokersInMask(mask);
    if (s.observed) {
        for (BrokerId& id : ids)
            id = s.observed->realBroker(id);
    }
    return brokerSet(ids);
}

/// A poll of a real cluster (issue 29): what changed since the poll before, in counts. Nothing between
/// two polls is seen, so nothing is said about how it happened.
Phrase observedPollText(const Event& e, const ClusterState& s)
{
    const std::int64_t interval = s.observed ? s.observed->poll.intervalMs : 0;
    if (e.detail == 1)
        return Narration::tr("First poll of the cluster, observed every %1 ms: %2 broker(s), %3 topic(s), "
                             "%4 partition(s), %5 group(s).")
            .arg(interval)
            .arg(e.value)
            .arg(e.attempt)
            .arg(e.count)
            .arg(e.peer);
    // Only what changed is said: a count of 0 is no news.
    Phrase text = Narration::tr("Poll of the cluster, observed every %1 ms.").arg(interval);
    const bool partitionsChanged = e.count > 0 || e.completed > 0 || e.attempt > 0 || e.value > 0 || e.offset > 0;
    if (e.count > 0)
        text = then(text, Narration::tr("The LEO moved in %n partition(s).", nullptr, static_cast<int>(e.count)));
    if (e.completed > 0)
        text = then(text, Narration::tr("The HW moved in %n partition(s).", nullptr, static_cast<int>(e.completed)));
    if (e.attempt > 0)
        text = then(text, Narration::tr("The ISR changed in %n partition(s).", nullptr, static_cast<int>(e.attempt)));
    if (e.value > 0)
        text = then(text, Narration::tr("The leader changed in %n partition(s).", nullptr, static_cast<int>(e.value)));
    if (e.offset > 0)
        text = then(text, Narration::tr("The health changed in %n partition(s).", nullptr, static_cast<int>(e.offset)));
    const bool elsewhere = e.isr != 0 || e.leo > 0 || e.hwBefore > 0 || e.hwAfter > 0 || e.peer > 0
        || (s.observed && s.observed->poll.stretched);
    if (!partitionsChanged && !elsewhere)
        text = then(text, Narration::tr("No offset, ISR, leader or health changed: only what a broker answered (its "
                                        "error) or the poll's own facts."));
    if (e.isr != 0)
        text = then(text, Narration::tr("Broker(s) %1 went down (fenced, gone or not answering).")
                              .arg(realBrokerSet(s, e.isr)));
    if (e.leo > 0)
        text = then(text, Narration::tr("Broker(s) %1 came up.").arg(realBrokerSet(s, static_cast<std::uint32_t>(e.leo))));
    if (e.hwBefore > 0 || e.hwAfter > 0)
        text = then(text, Narration::tr("Topics: %1 created, %2 deleted.").arg(e.hwBefore).arg(e.hwAfter));
    if (e.peer > 0)
        text = then(text, Narration::tr("%1 group(s) changed.").arg(e.peer));
    if (s.observed && s.observed->poll.stretched)
        text = then(text, Narration::tr("The poll took %1 ms, longer than the interval: the next one starts late.")
                              .arg(s.observed->poll.pollMs));
    return text;
}

Phrase stateText(Phrase first, const ClusterState& s)
{
    Phrase text = first;
    for (const PartitionSummary& p : summarizePartitions(s))
        text = then(text, summaryText(s, p));
    const auto more = static_cast<int>(s.partitions.size()) - narratedPartitionsMax;
    if (more > 0)
        text = then(text, Narration::tr("(%n more partition(s).)", nullptr, more));
    return text;
}

} // namespace

Phrase Narration::cluster(const Event& e, const ClusterState& s, const Names& n)
{
    const Phrase& tp = n.tp;
    const Phrase& b = n.b;
    const Phrase& peer = n.peer;

    switch (e.type) {
    case EventType::ClusterCreated:
        return tr("The cluster starts: %n broker(s), every partition led by the first replica in its assignment, "
                  "every log empty (LEO 0, HW 0).",
            nullptr, static_cast<int>(s.brokers.size()))
            .plainPlural(SourceText::PlainPlural::Plural);
    case EventType::HeartbeatSent:
        return ucfirst(tr("%1 sends a heartbeat to the controller.").arg(b));
    case EventType::HeartbeatHandled:
        return tr("The controller receives %1's heartbeat.").arg(peer);
    case EventType::ClockAdvanced:
        return stateText(tr("Time passes: %1 ms.").arg(e.value), s);
    case EventType::RealObserved:
        // The step is counted from 1 here; the frame's "step" is its index in the scenario's steps.
        return stateText(e.detail == 1 ? tr("Apache Kafka after step %1 (%2): nothing changed during the settle period.")
                                             .arg(e.value + 1)
                                             .arg(Phrase::name(e.text))
                                       : tr("Apache Kafka after step %1 (%2): the cluster changed.")
                                             .arg(e.value + 1)
                                             .arg(Phrase::name(e.text)),
                         s);
    case EventType::ObservedPoll:
        return observedPollText(e, s);
    case EventType::ConfigChanged:
        if (e.text == "auto.fetch=true")
            return then(tr("Configuration changed: %1.").arg(n.text()),
                tr("Followers now fetch on their own, as every Kafka follower does (%n idle follower(s) send a Fetch).",
                    nullptr, static_cast<int>(e.count)));
        if (e.completed > 0)
            return then(tr("Configuration changed: %1.").arg(n.text()),
                tr("A min.insync.replicas change clears every ELR and LastKnownElr: %n partition(s) lose theirs.",
                    nullptr, e.completed));
        return tr("Configuration changed: %1.").arg(n.text());
    case EventType::LatencyChanged:
        if (e.value < 0)
            return ucfirst(tr("%1's links are back to the normal latency.").arg(b));
        return ucfirst(tr("%1's links are slowed to %2 ms.").arg(b).arg(e.value));
    case EventType::BrokerKilled:
        return ucfirst(tr("%1's process crashes: it stops handling requests and heartbeating. Its host resets its "
                          "connections, so its clients see the disconnect at once (NETWORK_EXCEPTION) and a connect "
                          "to it is refused. The controller will notice only when its session times out "
                          "(broker.session.timeout.ms).")
                           .arg(b));
    case EventType::BrokerPoweredOff:
        return ucfirst(tr("%1 loses power with its host: nothing answers for it any more, not even a refused "
                          "connect. Its clients and followers notice only when their requests time out "
                          "(request.timeout.ms, replica.socket.timeout.ms), the controller when its session "
                          "times out (broker.session.timeout.ms).")
                           .arg(b));
    case EventType::BrokerRestarted:
        if (e.count > 0)
            return ucfirst(tr("%1 restarts with the log it had on disk, minus %2 that were still only in the page "
                              "cache. It registers with the controller again.")
                               .arg(b, records(e.count)));
        return ucfirst(tr("%1 restarts with the log it had on disk. It registers with the controller again.").arg(b));
    case EventType::BrokerIsolated:
        return ucfirst(tr("%1 is cut off from the network: it keeps running, but nothing reaches it and nothing it "
                          "sends arrives.")
                           .arg(b));
    case EventType::BrokerHealed:
        return ucfirst(tr("%1 is reachable again.").arg(b));
    case EventType::ShutdownRequested:
        return ucfirst(tr("%1 asks the controller for a controlled shutdown.").arg(b));
    case EventType::BrokerShutDown:
        return ucfirst(tr("%1 has handed over its leaderships and shuts down cleanly.").arg(b));
    case EventType::BrokerFenced:
    case EventType::ControlledShutdown:
    case EventType::BrokerRegistered: {
        Phrase text;
        if (e.type == EventType::BrokerFenced)
            text = tr("The controller has not heard from %1 for broker.session.timeout.ms and fences it").arg(peer);
        else if (e.type == EventType::ControlledShutdown)
            text = tr("The controller handles %1's controlled shutdown").arg(peer);
        else if (e.count > 0 && e.detail == 1)
            text = tr("The controller registers the restarted %1 as a new incarnation, fenced until it has caught up "
                      "with the metadata. As in Kafka 4.0+, it leaves every ISR at registration (it stopped cleanly)")
                       .arg(peer);
        else if (e.count > 0)
            text = tr("The controller registers the restarted %1 as a new incarnation, fenced until it has caught up "
                      "with the metadata. As in Kafka 4.0+, it leaves every ISR at registration (it crashed: an "
                      "unclean shutdown, which also takes it out of every ELR)")
                       .arg(peer);
        else
            text = tr("The controller registers the restarted %1 and sends it the current metadata; it stays fenced "
                      "until it has caught up with it (KIP-841)")
                       .arg(peer);
        if (e.count == 0)
            return fullStop(text);
        else
            text += tr(": %n partition(s) change", nullptr, static_cast<int>(e.count));
        if (e.partition < 0)
            return fullStop(text);
        Phrase outcome;
        if (e.has(Offline) && e.isr == 0)
            outcome = tr("no replica can take over, so it goes offline (leader -1; the ISR is empty).");
        else if (e.has(Offline))
            outcome
                = tr("no replica can take over, so it goes offline (leader -1; the ISR keeps %1).").arg(maskSet(e.isr));
        else if (e.has(LastKnownLeader))
            outcome = tr("its last known leader, broker %1, is elected although unclean election is off (KIP-966): "
                         "flagged unclean, RECOVERING.")
                          .arg(e.value);
        else if (e.has(FromElr))
            outcome = tr("the ISR is empty, so Eligible Leader Replica %1 leads cleanly: it holds every committed "
                         "record.")
                          .arg(e.value);
        else if (e.has(Unclean))
            outcome = tr("no ISR member is left, so the out-of-sync broker %1 becomes leader (unclean election: "
                         "records only the old leader had are lost).")
                          .arg(e.value);
        else
            outcome = tr("leader broker %1, ISR %2.").arg(e.value).arg(maskSet(e.isr));
        return then(fullStop(text), detail(tp, outcome));
    }
    case EventType::BrokerUnfenced: {
        Phrase text = tr("The controller unfences %1: it has caught up with the metadata").arg(peer);
        text = e.count > 0 ? text + tr("; %n offline partition(s) get a leader.", nullptr, static_cast<int>(e.count))
                           : fullStop(text);
        if (e.has(LastKnownLeader))
            text = then(text, tr("(The last known leader is elected: flagged unclean, RECOVERING.)"));
        else if (e.has(FromElr))
            text = then(text, tr("(An Eligible Leader Replica leads: a clean election.)"));
        else if (e.has(Unclean))
            text = then(text, tr("(An unclean election: an out-of-sync replica leads.)"));
        return text;
    }
    case EventType::RegistrationRefused:
        return tr("The controller refuses %1's new registration: the old incarnation's session is still valid "
                  "(DUPLICATE_BROKER_REGISTRATION). It will try again.")
            .arg(peer);
    case EventType::UncleanScan:
        return tr("The controller's unclean election scan (every unclean.leader.election.interval.ms) finds %n "
                  "leaderless partition(s) and elects an out-of-sync replica: %1 is led by broker %2 (records only "
                  "the old ISR had are lost).",
                  nullptr, static_cast<int>(e.count))
            .arg(tp)
            .arg(e.peer);
    case EventType::SegmentsDeleted: {
        // SegmentDeletionReason (broker/log_segments.h): 0 log start, 1 retention.bytes, 2 retention.ms.
        const Phrase why = e.detail == 1   ? tr("the log is above retention.bytes")
                           : e.detail == 2 ? tr("their records are older than retention.ms")
                                           : tr("they end below the log start");
        return ucfirst(tr("%1's retention check (every log.retention.check.interval.ms) deletes %n old segment(s) "
                          "because %2: %3 now starts at offset %4.",
                          nullptr, static_cast<int>(e.count))
                           .arg(b, why, tp)
                           .arg(e.offset));
    }
    case EventType::LeaderRebalance:
        return tr("The controller's automatic leader rebalance (auto.leader.rebalance.enable, every "
                  "leader.imbalance.check.interval.seconds) moves leadership of %n partition(s) back to the "
                  "preferred replica: %1 is led by broker %2 again instead of broker %3 (leader epoch %4).",
                  nullptr, static_cast<int>(e.count))
            .arg(tp)
            .arg(e.peer)
            .arg(e.value)
            .arg(e.detail);
    case EventType::TopicCreated: {
        const Phrase topic = Phrase::name(e.text);
        if (e.count == 0 && e.detail == 2 && e.error == ErrorCode::None)
            return tr("The controller checks that topic %1 can be created (validate_only) and creates nothing.").arg(topic);
        if (e.count == 0)
            return fullStop(detail(tr("The controller refuses to create topic %1").arg(topic), n.error));
        const int partitions = e.value >= 0 && e.value < static_cast<std::int64_t>(s.topics.size())
                                   ? s.topics[static_cast<std::size_t>(e.value)].partitionCount
                                   : 0;
        const int rf = e.value >= 0 && e.value < static_cast<std::int64_t>(s.topics.size())
                           ? s.topics[static_cast<std::size_t>(e.value)].replicationFactor
                           : 0;
        Phrase text = e.detail == 1
                          ? tr("A client asked broker %1 for metadata of a topic it does not know: with "
                               "auto.create.topics.enable the controller creates %2 with %n partition(s) (num.partitions) "
                               "and replication factor %3; each first replica in the ISR leads.",
                               nullptr, partitions)
                                .arg(e.peer)
                                .arg(topic)
                                .arg(rf)
                          : tr("The controller creates topic %1 with %n partition(s) and replication factor %2; each "
                               "partition's first replica in the ISR leads, at leader epoch 0.",
                               nullptr, partitions)
                                .arg(topic)
                                .arg(rf);
        if (e.count > 1)
            text = then(text, tr("(%n more topic(s) in the same request.)", nullptr, static_cast<int>(e.count - 1)));
        if (e.completed > 0)
            text = then(text, fullStop(detail(tr("%n other topic(s) refused", nullptr, e.completed), n.error)));
        return then(text, tr("The brokers learn it from the metadata log."));
    }
    case EventType::LeaderElected:
        if (e.has(Unclean))
            return tr("The ElectLeaders API forces an unclean election for %1: broker %2 leads alone (leader epoch "
                      "%3, RECOVERING); records only the old ISR had are lost.")
                .arg(tp)
                .arg(e.peer)
                .arg(e.value);
        if (e.has(Preferred))
            return tr("The controller moves leadership of %1: broker %2, leader epoch %3.")
                .arg(tp)
                .arg(e.peer)
                .arg(e.value);
        return tr("The controller elects a leader for %1: broker %2, leader epoch %3.")
            .arg(tp)
            .arg(e.peer)
            .arg(e.value);
    default:
        break;
    }
    return Phrase();
}

} // namespace hw
