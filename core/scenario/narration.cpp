// SPDX-License-Identifier: MIT
#include "scenario/narration.h"

#include "broker/replica.h"
#include "clients/live_clients.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hw {

namespace {

std::string list(const std::vector<BrokerId>& brokers)
{
    std::string s = "{";
    for (std::size_t i = 0; i < brokers.size(); ++i) {
        if (i)
            s += ", ";
        s += std::to_string(brokers[i]);
    }
    return s + "}";
}

std::string records(std::int64_t n)
{
    return std::to_string(n) + (n == 1 ? " record" : " records");
}

std::string offsets(Offset first, std::int64_t count)
{
    if (count <= 0)
        return "no records";
    if (count == 1)
        return "offset " + std::to_string(first);
    return "offsets " + std::to_string(first) + ".." + std::to_string(first + count - 1);
}

std::string joinList(const std::vector<std::string>& parts)
{
    std::string s;
    for (std::size_t i = 0; i < parts.size(); ++i)
        s += (i ? ", " : "") + parts[i];
    return s;
}

std::string summaryText(const ClusterState& s, const PartitionSummary& p)
{
    const std::string tp = s.partitionName(p.partition);
    const std::string elr = p.elr.empty() ? std::string() : ", ELR " + list(p.elr);
    if (p.leader == noLeader)
        return tp + ": no leader (offline), ISR " + list(p.isr) + elr +
               (p.lastKnownLeader != noLeader ? ", last known leader broker " + std::to_string(p.lastKnownLeader) : "") +
               ".";
    std::vector<std::string> leos;
    for (const auto& [broker, leo] : p.leos)
        leos.push_back(std::to_string(leo) + " on broker " + std::to_string(broker));
    return tp + ": leader broker " + std::to_string(p.leader) + " (leader epoch " + std::to_string(p.leaderEpoch) +
           "), ISR " + list(p.isr) + elr + ", LEO " + joinList(leos) + ", HW " + std::to_string(p.hw) + ".";
}

std::string stateText(const ClusterState& s)
{
    std::string text;
    for (const PartitionSummary& p : summarizePartitions(s))
        text += " " + summaryText(s, p);
    const auto more = static_cast<std::int64_t>(s.partitions.size()) - narratedPartitionsMax;
    if (more > 0)
        text += " (" + std::to_string(more) + " more partition(s).)";
    return text;
}

std::string holdText(const HwHold& h)
{
    std::string text;
    switch (h.reason) {
    case HwHold::Reason::None:
        return {};
    case HwHold::Reason::UnderMinIsr:
        text = " The ISR " + list(h.isr) + " is smaller than min.insync.replicas (" + std::to_string(h.minIsr) +
               "), and while it is the leader does not move the HW.";
        break;
    case HwHold::Reason::Laggard:
        text = h.laggardOutsideIsr
                   ? " The HW is the smallest LEO over the ISR and the replicas about to join it: broker " +
                         std::to_string(h.laggard) + " has caught up, so the leader waits for it, and its LEO is " +
                         std::to_string(h.laggardLeo) + "."
                   : " The HW is the smallest LEO over the ISR " + list(h.isr) + ", and broker " +
                         std::to_string(h.laggard) + "'s LEO is " + std::to_string(h.laggardLeo) +
                         " as the leader last heard.";
        break;
    case HwHold::Reason::AtLeaderEnd:
        text = " Every replica of the ISR " + list(h.isr) + " has reached the leader's LEO " +
               std::to_string(h.leaderLeo) + ": there is nothing new to commit.";
        break;
    }
    for (BrokerId b : h.waiting)
        text += " Broker " + std::to_string(b) + " has caught up but is not in the ISR: the leader adds it when it "
                "handles broker " + std::to_string(b) + "'s next fetch, and only once the controller accepts that "
                "AlterPartition.";
    for (BrokerId b : h.pending)
        text += " Broker " + std::to_string(b) + " has caught up; the controller has not yet accepted the "
                "AlterPartition that adds it to the ISR.";
    return text;
}

} // namespace

std::vector<PartitionSummary> summarizePartitions(const ClusterState& s)
{
    std::vector<PartitionSummary> out;
    const auto count = std::min<std::int32_t>(narratedPartitionsMax, static_cast<std::int32_t>(s.partitions.size()));
    for (std::int32_t i = 0; i < count; ++i) {
        const Partition& p = s.partitions[static_cast<std::size_t>(i)];
        PartitionSummary summary;
        summary.partition = i;
        summary.leader = p.registration.leader;
        summary.leaderEpoch = p.registration.leaderEpoch;
        summary.isr = p.registration.isr;
        summary.elr = p.registration.elr;
        if (!p.registration.lastKnownElr.empty())
            summary.lastKnownLeader = p.registration.lastKnownElr.front();
        for (const Replica& r : p.replicas)
            summary.leos.emplace_back(r.broker, r.log.leo());
        summary.hw = partitionHighWatermark(s, i);
        out.push_back(std::move(summary));
    }
    return out;
}

HwHold whyHwHolds(const ClusterState& s, std::int32_t partition)
{
    HwHold h;
    if (partition < 0 || partition >= static_cast<std::int32_t>(s.partitions.size()))
        return h;
    const Partition& p = s.partitions[static_cast<std::size_t>(partition)];
    const Replica* leader = currentLeader(p);
    if (!leader)
        return h;
    h.isr = leader->isr;
    h.leaderLeo = leader->log.leo();
    h.minIsr = std::min<std::int64_t>(s.config.minInsyncReplicas,
                                      static_cast<std::int64_t>(p.registration.replicas.size()));
    const std::vector<BrokerId> maximal = maximalIsr(*leader);
    Offset candidate = leader->log.leo();
    for (const FollowerView& view : leader->views) {
        const bool caughtUp = leader->log.leo() == view.leo ||
                              s.nowMs - view.lastCaughtUpMs <= s.config.replicaLagTimeMaxMs;
        const bool inIsr = contains(maximal, view.broker);
        if (view.leo < 0)
            continue; // the leader has not heard from it in this epoch: nothing to say about it yet
        if (!contains(leader->isr, view.broker) && view.leo >= leader->hw && isUnfenced(s, view.broker) &&
            s.broker(view.broker).alive)
            (leader->alterInFlight && contains(leader->pendingIsr, view.broker) ? h.pending : h.waiting)
                .push_back(view.broker);
        if (view.leo < candidate && (inIsr || (caughtUp && isUnfenced(s, view.broker)))) {
            candidate = view.leo;
            h.laggard = view.broker;
            h.laggardLeo = view.leo;
            h.laggardOutsideIsr = !inIsr;
        }
    }
    if (static_cast<std::int64_t>(leader->isr.size()) < h.minIsr)
        h.reason = HwHold::Reason::UnderMinIsr;
    else if (candidate >= leader->log.leo())
        h.reason = HwHold::Reason::AtLeaderEnd;
    else if (h.laggardLeo == leader->hw)
        h.reason = HwHold::Reason::Laggard;
    // Otherwise the smallest LEO is below the HW (a replica about to join fetched from an older
    // offset): the HW never moves back, and the sentences above say all there is.
    return h;
}

std::string narrate(const Event& e, const ClusterState& s)
{
    const std::string tp = e.partition >= 0 && e.partition < static_cast<std::int32_t>(s.partitions.size())
                               ? s.partitionName(e.partition)
                               : std::string();
    auto liveName = [&](std::int32_t index) {
        return index >= 0 && index < static_cast<std::int32_t>(s.liveClients.size())
                   ? "live client " + s.liveClients[static_cast<std::size_t>(index)].id
                   : std::string("a live client");
    };
    // A broker's event about a real client's request names the client where it would name a
    // simulated producer or consumer (its peer is a live client's index).
    const bool live = e.has(FromLiveClient);
    auto producerName = [&](std::int32_t index) {
        if (live)
            return liveName(index);
        return index >= 0 && index < static_cast<std::int32_t>(s.producers.size())
                   ? "producer " + s.producers[static_cast<std::size_t>(index)].id
                   : std::string("a producer");
    };
    auto producerNumber = [&](std::int32_t index) {
        if (live)
            return std::to_string(e.value); // a live batch's producer id travels in the event
        return index >= 0 && index < static_cast<std::int32_t>(s.producers.size())
                   ? std::to_string(s.producers[static_cast<std::size_t>(index)].producerId)
                   : std::string("?");
    };
    auto sequences = [](std::int64_t first, std::int64_t count) {
        return count <= 1 ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(first + count - 1);
    };
    auto consumerName = [&](std::int32_t index) {
        if (live)
            return liveName(index);
        return index >= 0 && index < static_cast<std::int32_t>(s.consumers.size())
                   ? "consumer " + s.consumers[static_cast<std::size_t>(index)].id
                   : std::string("a consumer");
    };
    auto groupName = [&](std::int64_t index) {
        return index >= 0 && index < static_cast<std::int64_t>(s.groups.size())
                   ? "group " + s.groups[static_cast<std::size_t>(index)].id
                   : std::string("its group");
    };
    const std::string b = "broker " + std::to_string(e.node);
    const std::string peer = "broker " + std::to_string(e.peer);
    std::string hwChange = e.has(HwAdvanced)
                               ? " The high watermark moves " + std::to_string(e.hwBefore) + " -> " +
                                     std::to_string(e.hwAfter) + ": consumers can now read offsets below " +
                                     std::to_string(e.hwAfter) + "."
                               : std::string();
    if (e.has(ProducesCompleted))
        hwChange += " " + std::to_string(e.completed) + " waiting acks=all produce(s) answered.";

    switch (e.type) {
    case EventType::ClusterCreated:
        return "The cluster starts: " + std::to_string(s.brokers.size()) + " brokers, every partition led by the first "
               "replica in its assignment, every log empty (LEO 0, HW 0).";
    case EventType::ProduceSent:
        if (e.error != ErrorCode::None)
            return producerName(e.node) + " knows no leader for " + tp + " yet: it asks for metadata and holds " +
                   records(e.count) + " for a retry.";
        return producerName(e.node) + (e.attempt > 1 ? " retries sending " : " sends ") + records(e.count) +
               " to " + tp + " (leader broker " + std::to_string(e.peer) + ").";
    case EventType::ProduceAppended:
        return "Leader " + b + " appends " + offsets(e.offset, e.count) + " to " + tp + "; its LEO is now " +
               std::to_string(e.leo) + "." +
               (e.has(HwAdvanced) ? hwChange
                                  : " The HW stays at " + std::to_string(e.hwAfter) +
                                        ": the followers have not fetched these records yet.") +
               (e.has(FetchesCompleted) ? " Waiting follower fetches are answered with the new records." : "");
    case EventType::ProduceRejected:
        if (e.error == ErrorCode::OutOfOrderSequenceNumber)
            return "Leader " + b + " refuses " + producerName(e.peer) + "'s batch for " + tp + " with sequence " +
                   sequences(e.detail, e.count) + ": OUT_OF_ORDER_SEQUENCE_NUMBER (its producer state expects " +
                   std::to_string(e.offset) + " next; nothing was appended).";
        if (e.error == ErrorCode::InvalidProducerEpoch)
            return "Leader " + b + " refuses " + producerName(e.peer) + "'s batch for " + tp +
                   ": INVALID_PRODUCER_EPOCH (the log has seen a newer epoch of this producer; nothing was appended).";
        return "Leader " + b + " refuses " + producerName(e.peer) + "'s batch for " + tp + ": " +
               std::string(errorName(e.error)) +
               (e.error == ErrorCode::NotEnoughReplicas ? " (the ISR is smaller than min.insync.replicas; nothing "
                                                          "was appended)."
                                                        : ".");
    case EventType::ProduceAcked:
        return producerName(e.node) + " receives the acknowledgement for " + offsets(e.offset, e.count) + " of " + tp +
               (e.has(Duplicate) ? ", the offsets its first attempt got: the leader had the batch already." : ".");
    case EventType::DuplicateBatch:
        return "Leader " + b + " recognises a duplicate: the batch with sequence " + sequences(e.detail, e.count) +
               " from producer id " + producerNumber(e.peer) + " is already in its log for " + tp +
               ". Nothing is appended; it answers with " + offsets(e.offset, e.count) + ".";
    case EventType::ProduceBatched:
        return producerName(e.node) + " adds " + records(e.count) + " for " + tp +
               " to a batch in its accumulator; the batch waits for linger.ms, a producer id or a free in-flight slot.";
    case EventType::ProducerIdRequested:
        return producerName(e.node) + " asks broker " + std::to_string(e.peer) +
               " for a producer id again (InitProducerId), after retry.backoff.ms.";
    case EventType::ProducerIdAllocated:
        return "Broker " + std::to_string(e.node) + " gives " + producerName(e.peer) + " producer id " +
               std::to_string(e.value) + ", epoch 0, from the block of ids the controller handed it.";
    case EventType::ProducerIdReceived:
        if (e.error != ErrorCode::None)
            return producerName(e.node) + " gets no producer id from broker " + std::to_string(e.peer) + " (" +
                   std::string(errorName(e.error)) + "); it will ask another broker.";
        return producerName(e.node) + " is now idempotent producer id " + std::to_string(e.value) + ", epoch " +
               std::to_string(e.detail) + ": each batch it sends carries this id, the epoch and sequence numbers.";
    case EventType::ProduceFailed:
        return producerName(e.node) + " receives an error for its batch to " + tp + ": " +
               std::string(errorName(e.error)) +
               (e.error == ErrorCode::NotEnoughReplicasAfterAppend ? " (the records were appended and committed)"
                                                                    : "") +
               (e.has(Disconnected)
                    ? " (no answer within request.timeout.ms: it closes the connection to broker " + std::to_string(e.peer) +
                          (e.completed > 0 ? ", fails the " + std::to_string(e.completed) +
                                                 " other request(s) in flight on it,"
                                           : std::string()) +
                          " and asks another broker for metadata)"
                    : "") +
               (e.has(EpochBumped) ? ". Its sequence numbers have a gap, so it bumps its producer epoch and numbers "
                                     "the partition's unfinished batches from 0 again"
                                   : "") +
               (e.has(Retrying) ? ". It will retry after a backoff." : ". It gives up on the batch.");
    case EventType::ProduceTimedOut:
        return "Leader " + b + " gives up waiting for the ISR on " + offsets(e.offset, e.count) + " of " + tp +
               " after request.timeout.ms and answers REQUEST_TIMED_OUT; the records stay in the log.";
    case EventType::FetchSent:
        return "Follower " + b + " sends Fetch(" + std::to_string(e.offset) + ") for " + tp + " to leader " + peer +
               ": it asks for records from offset " + std::to_string(e.offset) + ", its LEO.";
    case EventType::FetchHandled: {
        if (e.error != ErrorCode::None)
            return "Broker " + std::to_string(e.node) + " answers " + peer + "'s Fetch(" + std::to_string(e.offset) +
                   ") for " + tp + " with " + std::string(errorName(e.error)) + ".";
        if (e.has(Diverging))
            return "Leader " + b + " sees that " + peer + "'s log for " + tp + " diverges: its last epoch ends at " +
                   "offset " + std::to_string(e.leo) + " here (epoch " + std::to_string(e.value) +
                   "). It tells the follower to truncate instead of sending records.";
        std::string text = "Leader " + b + " handles Fetch(" + std::to_string(e.offset) + ") from " + peer +
                           " for " + tp + ": it records " + std::to_string(e.offset) + " as " + peer + "'s LEO.";
        if (e.has(HwAdvanced)) {
            text += hwChange;
        } else {
            text += " The HW stays at " + std::to_string(e.hwAfter) + ".";
            HwHold hold = whyHwHolds(s, e.partition);
            // The follower that asks to join in this very fetch is said below.
            if (e.has(IsrExpandRequested))
                std::erase(hold.pending, e.peer);
            text += holdText(hold);
        }
        if (e.has(IsrExpandRequested))
            text += " " + peer + " has caught up, so the leader asks the controller to add it to the ISR.";
        if (e.has(Parked))
            text += " There is nothing new to send, so the leader parks the fetch for up to "
                    "replica.fetch.wait.max.ms.";
        else
            text += " It replies with " + offsets(e.offset, e.count) + " and HW " + std::to_string(e.value) +
                    " (the HW from before this fetch).";
        return text;
    }
    case EventType::FetchCompleted:
        if (e.error != ErrorCode::None)
            return "Leader " + b + " answers " + peer + "'s parked fetch for " + tp + " with " +
                   std::string(errorName(e.error)) + ".";
        return "The wait for " + peer + "'s parked Fetch(" + std::to_string(e.offset) + ") on " + tp +
               " ran out; leader " + b + " replies with " + offsets(e.offset, e.count) + " and the current HW " +
               std::to_string(e.value) + ".";
    case EventType::FetchApplied:
        return "Follower " + b + " applies the fetch response for " + tp + ": " +
               (e.count > 0 ? "appends " + offsets(e.offset, e.count) : std::string("no new records")) +
               ", LEO " + std::to_string(e.leo) + ", HW = min(leader's HW " + std::to_string(e.value) +
               ", own LEO " + std::to_string(e.leo) + ") = " + std::to_string(e.hwAfter) + ".";
    case EventType::FetchFailed:
        return "Follower " + b + "'s fetch for " + tp + " failed: " + std::string(errorName(e.error)) + ".";
    case EventType::IsrShrinkRequested: {
        std::string text = "Leader " + b + "'s ISR check: " + list(brokersInMask(static_cast<std::uint32_t>(e.value))) +
                           " has not caught up within replica.lag.time.max.ms, so it asks the controller to shrink "
                           "the ISR of " + tp + " to " + list(brokersInMask(e.isr)) + ".";
        if (e.count > 1)
            text += " (" + std::to_string(e.count - 1) + " more partition(s) too.)";
        return text;
    }
    case EventType::AlterPartitionCommitted:
        return "The controller commits " + tp + "'s ISR " + list(brokersInMask(e.isr)) + " (partition epoch " +
               std::to_string(e.value) + ") and tells leader " + peer + ".";
    case EventType::AlterPartitionRejected:
        return "The controller rejects leader " + peer + "'s AlterPartition for " + tp + ": " +
               std::string(errorName(e.error)) + ".";
    case EventType::IsrUpdated:
        if (e.error != ErrorCode::None)
            return "Leader " + b + " learns that its ISR change for " + tp + " failed (" +
                   std::string(errorName(e.error)) + "); the ISR stays " + list(brokersInMask(e.isr)) + ".";
        return "Leader " + b + " applies " + tp + "'s new ISR " + list(brokersInMask(e.isr)) + "." + hwChange;
    case EventType::HeartbeatSent:
        return b + " sends a heartbeat to the controller.";
    case EventType::HeartbeatHandled:
        return "The controller receives " + peer + "'s heartbeat.";
    case EventType::ClockAdvanced:
        return "Time passes: " + std::to_string(e.value) + " ms." + stateText(s);
    case EventType::ConfigChanged:
        if (e.text == "auto.fetch=true")
            return "Configuration changed: " + e.text + ". Followers now fetch on their own, as every Kafka " +
                   "follower does (" + std::to_string(e.count) + " idle follower(s) send a Fetch).";
        if (e.completed > 0)
            return "Configuration changed: " + e.text + ". A min.insync.replicas change clears every ELR and "
                   "LastKnownElr: " + std::to_string(e.completed) + " partition(s) lose theirs.";
        return "Configuration changed: " + e.text + ".";
    case EventType::LatencyChanged:
        return e.value < 0 ? b + "'s links are back to the normal latency."
                           : b + "'s links are slowed to " + std::to_string(e.value) + " ms.";
    case EventType::BrokerKilled:
        return b + " crashes: it stops handling requests and heartbeating. The controller will notice only when "
                   "its session times out (broker.session.timeout.ms).";
    case EventType::BrokerRestarted:
        return b + " restarts with the log it had on disk" +
               (e.count > 0 ? ", minus " + records(e.count) + " that were still only in the page cache" : std::string()) +
               ". It registers with the controller again.";
    case EventType::BrokerIsolated:
        return b + " is cut off from the network: it keeps running, but nothing reaches it and nothing it sends "
                   "arrives.";
    case EventType::BrokerHealed:
        return b + " is reachable again.";
    case EventType::ShutdownRequested:
        return b + " asks the controller for a controlled shutdown.";
    case EventType::BrokerShutDown:
        return b + " has handed over its leaderships and shuts down cleanly.";
    case EventType::BrokerFenced:
    case EventType::ControlledShutdown:
    case EventType::BrokerRegistered: {
        std::string text;
        if (e.type == EventType::BrokerFenced)
            text = "The controller has not heard from " + peer + " for broker.session.timeout.ms and fences it";
        else if (e.type == EventType::ControlledShutdown)
            text = "The controller handles " + peer + "'s controlled shutdown";
        else if (e.count > 0)
            text = "The controller registers the restarted " + peer + " as a new incarnation, fenced until it has "
                   "caught up with the metadata. As in Kafka 4.0+, it leaves every ISR at registration" +
                   std::string(e.detail == 1 ? " (it stopped cleanly)"
                                             : " (it crashed: an unclean shutdown, which also takes it out of every ELR)");
        else
            text = "The controller registers the restarted " + peer + " and sends it the current metadata; it stays "
                   "fenced until it has caught up with it (KIP-841)";
        if (e.count == 0)
            return text + ".";
        else
            text += ": " + std::to_string(e.count) + " partition(s) change";
        if (e.partition < 0)
            return text + ".";
        text += ". " + tp + ": ";
        if (e.has(Offline) && e.isr == 0)
            text += "no replica can take over, so it goes offline (leader -1; the ISR is empty).";
        else if (e.has(Offline))
            text += "no replica can take over, so it goes offline (leader -1; the ISR keeps " +
                    list(brokersInMask(e.isr)) + ").";
        else if (e.has(LastKnownLeader))
            text += "its last known leader, broker " + std::to_string(e.value) +
                    ", is elected although unclean election is off (KIP-966): flagged unclean, RECOVERING.";
        else if (e.has(FromElr))
            text += "the ISR is empty, so Eligible Leader Replica " + std::to_string(e.value) +
                    " leads cleanly: it holds every committed record.";
        else if (e.has(Unclean))
            text += "no ISR member is left, so the out-of-sync broker " + std::to_string(e.value) +
                    " becomes leader (unclean election: records only the old leader had are lost).";
        else
            text += "leader broker " + std::to_string(e.value) + ", ISR " + list(brokersInMask(e.isr)) + ".";
        return text;
    }
    case EventType::BrokerUnfenced:
        return "The controller unfences " + peer + ": it has caught up with the metadata" +
               (e.count > 0 ? "; " + std::to_string(e.count) + " offline partition(s) get a leader." : std::string(".")) +
               (e.has(LastKnownLeader) ? " (The last known leader is elected: flagged unclean, RECOVERING.)"
                : e.has(FromElr)       ? " (An Eligible Leader Replica leads: a clean election.)"
                : e.has(Unclean)       ? " (An unclean election: an out-of-sync replica leads.)"
                                       : "");
    case EventType::LeaderElected:
        if (e.has(Unclean))
            return "The ElectLeaders API forces an unclean election for " + tp + ": broker " + std::to_string(e.peer) +
                   " leads alone (leader epoch " + std::to_string(e.value) +
                   ", RECOVERING); records only the old ISR had are lost.";
        return std::string("The controller ") + (e.has(Preferred) ? "moves leadership of " : "elects a leader for ") + tp +
               ": broker " + std::to_string(e.peer) + ", leader epoch " + std::to_string(e.value) + ".";
    case EventType::RegistrationRefused:
        return "The controller refuses " + peer + "'s new registration: the old incarnation's session is still valid "
               "(DUPLICATE_BROKER_REGISTRATION). It will try again.";
    case EventType::UncleanScan:
        return "The controller's unclean election scan (every unclean.leader.election.interval.ms) finds " +
               std::to_string(e.count) + " leaderless partition(s) and elects an out-of-sync replica: " + tp +
               " is led by broker " + std::to_string(e.peer) + " (records only the old ISR had are lost).";
    case EventType::BecameLeader:
        return b + " learns it now leads " + tp + " in epoch " + std::to_string(e.value) +
               ". The epoch starts at its LEO " + std::to_string(e.offset) + ". Its HW is " +
               std::to_string(e.hwAfter) +
               ", what it knew as a follower; it cannot move until every ISR follower has fetched in the new epoch.";
    case EventType::BecameFollower:
        if (e.peer < 0)
            return b + " learns that " + tp + " has no leader (epoch " + std::to_string(e.value) + ").";
        return b + " learns that broker " + std::to_string(e.peer) + " leads " + tp + " in epoch " +
               std::to_string(e.value) + " and follows it" +
               (e.has(Legacy) ? "; as Kafka did before 0.11 it first cuts its log back to its own HW " +
                                    std::to_string(e.hwAfter) + " (" + records(e.count) + " removed)"
                              : std::string()) +
               ".";
    case EventType::IsrChangedByController:
        return "Leader " + b + " learns from the controller that " + tp + "'s ISR is now " + list(brokersInMask(e.isr)) +
               "." + hwChange;
    case EventType::LogTruncated:
        if (e.has(Legacy))
            return "Follower " + b + " is ahead of the leader on " + tp + " and cuts its log back to the leader's end, " +
                   std::to_string(e.offset) + " (" + records(e.count) + " removed).";
        return "Follower " + b + "'s log diverges from the leader's on " + tp + ": epoch " + std::to_string(e.value) +
               " ends earlier on the leader. It truncates to offset " + std::to_string(e.offset) + " (" +
               records(e.count) + " removed) and fetches again.";
    case EventType::ConsumerStarted:
        if (e.detail == 1)
            return e.value >= 0 ? consumerName(e.node) + " is added to " + groupName(e.value) +
                                      " and starts: it looks for the coordinator and joins, and the group rebalances."
                                : consumerName(e.node) + " is added and starts reading its assigned partitions.";
        return consumerName(e.node) + " starts.";
    case EventType::ConsumerStopped:
        return e.detail == 1 ? consumerName(e.node) + " crashes: it stops polling and heartbeating without leaving its "
                                                     "group, so the coordinator notices only after session.timeout.ms."
                             : consumerName(e.node) + " leaves its group (committing first if it auto-commits).";
    case EventType::CoordinatorFound:
        if (e.detail == 1) {
            // A metadata refresh: FindCoordinator doubles as the consumer's metadata request.
            const std::string from = e.value > 0 ? " from broker " + std::to_string(e.value) : std::string();
            if (e.error != ErrorCode::None)
                return consumerName(e.node) + " could not refresh its metadata" + from + ": " +
                       std::string(errorName(e.error)) + ".";
            if (e.count == 0 || e.partition < 0 || e.node < 0 ||
                e.node >= static_cast<std::int32_t>(s.consumers.size()))
                return consumerName(e.node) + " refreshes its metadata" + from + ": no leader changed.";
            const BrokerId leader =
                s.consumers[static_cast<std::size_t>(e.node)].leaders[static_cast<std::size_t>(e.partition)];
            return consumerName(e.node) + " refreshes its metadata" + from + ": " + tp + " is led by " +
                   (leader < 0 ? std::string("nobody") : "broker " + std::to_string(leader)) +
                   (e.count > 1 ? " (and " + std::to_string(e.count - 1) + " more change(s))." : std::string("."));
        }
        if (e.error != ErrorCode::None || e.peer < 0)
            return consumerName(e.node) + " could not find a coordinator" +
                   (e.error != ErrorCode::None ? ": " + std::string(errorName(e.error)) : std::string()) + ".";
        return consumerName(e.node) + " learns that broker " + std::to_string(e.peer) +
               " coordinates its group (the leader of the group's __consumer_offsets partition).";
    case EventType::GroupRequestSent:
        if (e.detail < 0)
            return consumerName(e.node) +
                   (e.error == ErrorCode::RequestTimedOut
                        ? " has had no heartbeat answer for session.timeout.ms and looks for its group coordinator "
                          "again."
                        : " looks for its group coordinator again.");
        if (static_cast<GroupRequestKind>(e.detail) == GroupRequestKind::OffsetCommit)
            return consumerName(e.node) + " commits its positions for " + std::to_string(e.count) +
                   " partition(s): the next offset to read in each.";
        return consumerName(e.node) + " sends " + std::string(groupRequestName(e.detail)) + " to broker " +
               std::to_string(e.peer) + ".";
    case EventType::GroupRequestHandled: {
        const std::string request(groupRequestName(e.detail));
        std::string text = "Coordinator " + b + " handles " + consumerName(e.peer) + "'s " + request + " for " +
                           groupName(e.value);
        if (e.error != ErrorCode::None)
            return text + ": " + std::string(errorName(e.error)) + ".";
        switch (static_cast<GroupRequestKind>(e.detail)) {
        case GroupRequestKind::Join:
            text += " (member " + e.text + ")";
            if (e.has(RebalanceStarted))
                text += "; the group starts a rebalance and waits for its members to join";
            if (e.has(GenerationCompleted))
                text += "; everyone has joined: generation " + std::to_string(e.completed) + " begins";
            return text + ".";
        case GroupRequestKind::Sync:
            return text + (e.has(GroupStable) ? ": the leader's assignment is handed out and the group is Stable."
                                              : ": it waits for the leader's assignment.");
        case GroupRequestKind::Heartbeat:
            return text + ".";
        case GroupRequestKind::Leave:
            return text + (e.has(RebalanceStarted) ? ": the member is gone, and the group rebalances."
                                                   : ": the member is gone.");
        case GroupRequestKind::OffsetCommit:
            return text + ": it stores " + std::to_string(e.count) + " committed offset(s).";
        case GroupRequestKind::OffsetFetch:
            return text + ".";
        }
        return text + ".";
    }
    case EventType::GroupResponseApplied: {
        const std::string request(groupRequestName(e.detail));
        std::string text = e.error == ErrorCode::RequestTimedOut
                               ? consumerName(e.node) + " got no answer to its " + request +
                                     " within its request timeout and drops the connection to the coordinator"
                               : consumerName(e.node) + " gets the answer to its " + request;
        if (e.error != ErrorCode::None && e.error != ErrorCode::RequestTimedOut)
            text += ": " + std::string(errorName(e.error));
        switch (static_cast<GroupRequestKind>(e.detail)) {
        case GroupRequestKind::Join:
            if (e.error == ErrorCode::None) {
                text += ": member " + e.text + " of generation " + std::to_string(e.completed);
                if (e.has(GenerationCompleted))
                    text += ", and it is the group's leader: it runs the assignor for all " + std::to_string(e.count) +
                            " members and sends the result in its SyncGroup";
            }
            break;
        case GroupRequestKind::Sync:
            if (e.error == ErrorCode::None)
                text += ": " + std::to_string(e.count) + " partition(s) newly assigned, " + std::to_string(e.offset) +
                        " revoked";
            break;
        case GroupRequestKind::Heartbeat:
            if (e.error == ErrorCode::RebalanceInProgress)
                text += " (the group is rebalancing)";
            break;
        case GroupRequestKind::OffsetFetch:
            text += ": " + std::to_string(e.count) + " committed position(s) found";
            break;
        default:
            break;
        }
        if (e.has(Rejoining))
            text += "; it joins (again)";
        return text + ".";
    }
    case EventType::JoinCompleted:
        return "The join phase of " + groupName(e.value) + " ends on coordinator " + b + "'s timer" +
               (e.has(GenerationCompleted) ? ": generation " + std::to_string(e.completed) + " with " +
                                                 std::to_string(e.count) + " member(s)."
                                           : ".");
    case EventType::MemberEvicted:
        return "Coordinator " + b + " has not heard from " + consumerName(e.peer) + " (member " + e.text +
               ") for session.timeout.ms and removes it from " + groupName(e.value) + "; the group rebalances.";
    case EventType::PositionSet: {
        if (e.error != ErrorCode::None)
            return consumerName(e.node) + " could not look up a position on " + tp + ": " +
                   std::string(errorName(e.error)) + ".";
        if (e.detail == 0)
            return consumerName(e.node) + " resumes " + tp + " at its committed offset " + std::to_string(e.offset) +
                   (e.count > 1 ? " (and " + std::to_string(e.count - 1) + " more partition(s))." : std::string("."));
        if (e.detail == 1)
            return consumerName(e.node) + " has no committed offset for " + tp + "; auto.offset.reset sets its position to " +
                   std::to_string(e.offset) + ".";
        return consumerName(e.node) + " seeks " + tp + " to offset " + std::to_string(e.offset) + ".";
    }
    case EventType::ConsumerFetchSent:
        return consumerName(e.node) + " polls for up to " + records(e.count) + ".";
    case EventType::ConsumerFetchHandled:
        if (e.error != ErrorCode::None)
            return "Broker " + std::to_string(e.node) + " answers " + consumerName(e.peer) + "'s fetch on " + tp +
                   " with " + std::string(errorName(e.error)) + ".";
        if (e.has(Parked))
            return "Leader " + b + " holds " + consumerName(e.peer) + "'s fetch from offset " + std::to_string(e.offset) +
                   " on " + tp + ": nothing below the HW " + std::to_string(e.hwBefore) +
                   " is new, so it waits up to fetch.max.wait.ms.";
        return "Leader " + b + " answers " + consumerName(e.peer) + "'s fetch on " + tp + " with " +
               offsets(e.offset, e.count) + ": consumers read only below the HW " + std::to_string(e.hwBefore) + ".";
    case EventType::RecordsReceived:
        if (e.error != ErrorCode::None)
            return consumerName(e.node) + "'s fetch on " + tp + " failed: " + std::string(errorName(e.error)) + ".";
        return consumerName(e.node) + " receives " + offsets(e.offset, e.count) + " of " + tp +
               " (read under HW " + std::to_string(e.value) + "); its position is now " +
               std::to_string(e.offset + e.count) + ".";
    case EventType::MetadataUpdated:
        if (e.error != ErrorCode::None)
            return producerName(e.node) + " could not get metadata from broker " + std::to_string(e.peer) + ": " +
                   std::string(errorName(e.error)) + ".";
        if (e.count == 0)
            return producerName(e.node) + " refreshes its metadata from broker " + std::to_string(e.peer) +
                   ": no leader changed.";
        return producerName(e.node) + " refreshes its metadata from broker " + std::to_string(e.peer) + ": " + tp +
               " is led by " + (e.value < 0 ? std::string("nobody") : "broker " + std::to_string(e.value)) +
               (e.count > 1 ? " (and " + std::to_string(e.count - 1) + " more change(s))." : std::string("."));
    case EventType::LiveClientConnected:
        return liveName(e.peer) + " connects to broker " + std::to_string(e.node) + ".";
    case EventType::LiveClientDisconnected:
        return liveName(e.peer) + " closes its connection to broker " + std::to_string(e.node) + ".";
    case EventType::LiveRequestSent: {
        const std::string to = " to broker " + std::to_string(e.peer) + ".";
        switch (e.detail) {
        case 0:
            return liveName(e.node) + " sends a Produce request with " + records(e.count) + " for " + tp + to;
        case 1:
            return liveName(e.node) + " sends a Fetch request for " + tp + " from offset " + std::to_string(e.offset) + to;
        case 2:
            return liveName(e.node) + " asks for the " +
                   (e.value == -2   ? std::string("earliest offset")
                    : e.value == -1 ? std::string("latest offset")
                                    : "first offset at or after time " + std::to_string(e.value)) +
                   " of " + tp + to;
        case 3:
            return liveName(e.node) + " asks for metadata" + to;
        default:
            return liveName(e.node) + " asks for a producer id (InitProducerId)" + to;
        }
    }
    case EventType::LiveResponseReceived: {
        const std::string request(liveRequestName(e.detail));
        const std::string from = liveName(e.node) + " gets broker " + std::to_string(e.peer) + "'s answer to its " +
                                 request + (tp.empty() ? std::string() : " for " + tp);
        if (e.error != ErrorCode::None)
            return from + ": " + std::string(errorName(e.error)) + ".";
        switch (e.detail) {
        case 0:
            return from + ": appended at offset " + std::to_string(e.offset) +
                   (e.has(Duplicate) ? " (a duplicate the leader had already)." : ".");
        case 1:
            return from + ": " + offsets(e.offset, e.count) + ", read below the HW " + std::to_string(e.value) + ".";
        case 2:
            return from + ": offset " + std::to_string(e.offset) + ".";
        case 3:
            return from + ": the brokers, leaders, replicas and ISRs.";
        default:
            return from + ": producer id " + std::to_string(e.value) + ", epoch 0.";
        }
    }
    }
    return {};
}

} // namespace hw
