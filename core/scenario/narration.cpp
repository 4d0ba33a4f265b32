// SPDX-License-Identifier: MIT
#include "scenario/narration.h"

#include "broker/replica.h"
#include "scenario/narration_internal.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hw {

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

Phrase Narration::tr(const char* source, const char* comment, int n)
{
    SourceText message;
    message.context = "Narration";
    message.source = source;
    message.comment = comment;
    message.counted = n >= 0;
    return Phrase(message, n);
}

Narration::Names::Names(const Event& event, const ClusterState& state)
    : e(event), s(state),
      tp(e.partition >= 0 && e.partition < static_cast<std::int32_t>(s.partitions.size())
             ? Phrase::name(s.partitionName(e.partition))
             : Phrase()),
      b(tr("broker %1").arg(e.node)), peer(tr("broker %1").arg(e.peer)),
      error(Phrase::name(std::string(errorName(e.error)))),
      request(Phrase::name(std::string(groupRequestName(e.detail))))
{
    if (e.has(HwAdvanced))
        hwChange = tr("The high watermark moves %1 -> %2: consumers can now read offsets below %2.")
                       .arg(e.hwBefore)
                       .arg(e.hwAfter);
    if (e.has(ProducesCompleted)) {
        Phrase answered = tr("%n waiting acks=all produce(s) answered.", nullptr, e.completed);
        hwChange = hwChange.isEmpty() ? answered : narration::then(hwChange, answered);
    }
}

Phrase Narration::Names::liveClient(std::int32_t index) const
{
    const LiveClient* client = s.liveClient(index);
    return client ? tr("live client %1").arg(Phrase::name(client->id)) : tr("a live client");
}

Phrase Narration::Names::producer(std::int32_t index) const
{
    if (e.has(FromLiveClient))
        return liveClient(index);
    return index >= 0 && index < static_cast<std::int32_t>(s.producers.size())
               ? tr("producer %1").arg(Phrase::name(s.producers[static_cast<std::size_t>(index)].id))
               : tr("a producer");
}

Phrase Narration::Names::consumer(std::int32_t index) const
{
    if (e.has(FromLiveClient))
        return liveClient(index);
    return index >= 0 && index < static_cast<std::int32_t>(s.consumers.size())
               ? tr("consumer %1").arg(Phrase::name(s.consumers[static_cast<std::size_t>(index)].id))
               : tr("a consumer");
}

Phrase Narration::Names::group(std::int64_t index) const
{
    return index >= 0 && index < static_cast<std::int64_t>(s.groups.size())
               ? tr("group %1").arg(Phrase::name(s.groups[static_cast<std::size_t>(index)].id))
               : tr("its group");
}

Phrase Narration::Names::producerNumber(std::int32_t index) const
{
    if (e.has(FromLiveClient))
        return Phrase::number(e.value); // a live batch's producer id travels in the event
    return index >= 0 && index < static_cast<std::int32_t>(s.producers.size())
               ? Phrase::number(s.producers[static_cast<std::size_t>(index)].producerId)
               : Phrase::name("?");
}

Phrase Narration::Names::text() const
{
    return Phrase::name(e.text);
}

Phrase Narration::Names::withHwChange(Phrase text) const
{
    return hwChange.isEmpty() ? text : narration::then(std::move(text), hwChange);
}

namespace narration {

Phrase records(std::int64_t n)
{
    return Narration::tr("%n record(s)", nullptr, static_cast<int>(n)).plainPlural(SourceText::PlainPlural::Spelled);
}

Phrase offsets(Offset first, std::int64_t count)
{
    if (count <= 0)
        return Narration::tr("no records");
    if (count == 1)
        return Narration::tr("offset %1").arg(first);
    return Narration::tr("offsets %1..%2").arg(first).arg(first + count - 1);
}

Phrase sequences(std::int64_t first, std::int64_t count)
{
    return count <= 1 ? Phrase::number(first)
                      : Phrase::name(std::to_string(first) + "-" + std::to_string(first + count - 1));
}

Phrase brokerSet(const std::vector<BrokerId>& brokers)
{
    std::string text = "{";
    for (std::size_t i = 0; i < brokers.size(); ++i)
        text += (i ? ", " : "") + std::to_string(brokers[i]);
    return Phrase::name(text + "}");
}

Phrase maskSet(std::uint32_t mask)
{
    return brokerSet(brokersInMask(mask));
}

Phrase then(Phrase first, Phrase second)
{
    return Narration::tr("%1 %2", "two sentences, one after the other").arg(std::move(first), std::move(second));
}

Phrase fullStop(Phrase sentence)
{
    return Narration::tr("%1.", "a sentence and its full stop").arg(std::move(sentence));
}

Phrase detail(Phrase statement, Phrase details)
{
    return Narration::tr("%1: %2", "a statement and its details").arg(std::move(statement), std::move(details));
}

Phrase ucfirst(Phrase sentence)
{
    sentence.capitalized();
    return sentence;
}

} // namespace narration

Phrase Narration::sentence(const Event& e, const ClusterState& s)
{
    const Names names(e, s);
    switch (e.type) {
    case EventType::ProduceSent:
    case EventType::ProduceAppended:
    case EventType::ProduceRejected:
    case EventType::ProduceAcked:
    case EventType::DuplicateBatch:
    case EventType::ProduceBatched:
    case EventType::ProducerIdRequested:
    case EventType::ProducerIdAllocated:
    case EventType::ProducerIdReceived:
    case EventType::ProduceFailed:
    case EventType::ProduceTimedOut:
    case EventType::MetadataUpdated:
    case EventType::ProducerConnection:
    case EventType::FetchSent:
    case EventType::FetchHandled:
    case EventType::FetchCompleted:
    case EventType::FetchApplied:
    case EventType::FetchFailed:
    case EventType::IsrShrinkRequested:
    case EventType::AlterPartitionCommitted:
    case EventType::AlterPartitionRejected:
    case EventType::IsrUpdated:
    case EventType::BecameLeader:
    case EventType::BecameFollower:
    case EventType::IsrChangedByController:
    case EventType::LogTruncated:
        return replication(e, s, names);
    case EventType::ClusterCreated:
    case EventType::HeartbeatSent:
    case EventType::HeartbeatHandled:
    case EventType::ClockAdvanced:
    case EventType::ConfigChanged:
    case EventType::LatencyChanged:
    case EventType::BrokerKilled:
    case EventType::BrokerPoweredOff:
    case EventType::BrokerRestarted:
    case EventType::BrokerIsolated:
    case EventType::BrokerHealed:
    case EventType::ShutdownRequested:
    case EventType::BrokerShutDown:
    case EventType::BrokerFenced:
    case EventType::BrokerUnfenced:
    case EventType::BrokerRegistered:
    case EventType::ControlledShutdown:
    case EventType::LeaderElected:
    case EventType::RegistrationRefused:
    case EventType::UncleanScan:
    case EventType::LeaderRebalance:
    case EventType::SegmentsDeleted:
    case EventType::TopicCreated:
        return cluster(e, s, names);
    case EventType::ConsumerStarted:
    case EventType::ConsumerStopped:
    case EventType::CoordinatorFound:
    case EventType::GroupRequestSent:
    case EventType::GroupRequestHandled:
    case EventType::GroupResponseApplied:
    case EventType::JoinCompleted:
    case EventType::MemberEvicted:
    case EventType::PositionSet:
    case EventType::ConsumerFetchSent:
    case EventType::ConsumerFetchHandled:
    case EventType::RecordsReceived:
    case EventType::LiveClientConnected:
    case EventType::LiveClientDisconnected:
    case EventType::LiveRequestSent:
    case EventType::LiveResponseReceived:
        return clients(e, s, names);
    case EventType::RealObserved:
    case EventType::ObservedPoll:
        return cluster(e, s, names);
    }
    return Phrase();
}

Phrase Narration::title(EventType type)
{
    switch (type) {
    case EventType::ClusterCreated:
        return tr("Cluster created");
    case EventType::ProduceSent:
        return tr("Produce sent");
    case EventType::ProduceAppended:
        return tr("Records appended");
    case EventType::ProduceRejected:
        return tr("Produce rejected");
    case EventType::ProduceAcked:
        return tr("Produce acknowledged");
    case EventType::ProduceFailed:
        return tr("Produce failed");
    case EventType::ProduceTimedOut:
        return tr("Produce timed out");
    case EventType::FetchSent:
        return tr("Fetch sent");
    case EventType::FetchHandled:
        return tr("Fetch handled");
    case EventType::FetchCompleted:
        return tr("Parked fetch answered");
    case EventType::FetchApplied:
        return tr("Fetch applied");
    case EventType::FetchFailed:
        return tr("Fetch failed");
    case EventType::IsrShrinkRequested:
        return tr("ISR shrink requested");
    case EventType::AlterPartitionCommitted:
        return tr("ISR change committed");
    case EventType::AlterPartitionRejected:
        return tr("ISR change rejected");
    case EventType::IsrUpdated:
        return tr("ISR updated");
    case EventType::HeartbeatSent:
        return tr("Heartbeat sent");
    case EventType::HeartbeatHandled:
        return tr("Heartbeat received");
    case EventType::ClockAdvanced:
        return tr("Time passes");
    case EventType::ConfigChanged:
        return tr("Configuration changed");
    case EventType::LatencyChanged:
        return tr("Latency changed");
    case EventType::BrokerKilled:
        return tr("Broker killed");
    case EventType::BrokerPoweredOff:
        return tr("Broker powered off");
    case EventType::BrokerRestarted:
        return tr("Broker restarted");
    case EventType::BrokerIsolated:
        return tr("Broker isolated");
    case EventType::BrokerHealed:
        return tr("Broker healed");
    case EventType::ShutdownRequested:
        return tr("Shutdown requested");
    case EventType::BrokerShutDown:
        return tr("Broker shut down");
    case EventType::BrokerFenced:
        return tr("Broker fenced");
    case EventType::BrokerUnfenced:
        return tr("Broker unfenced");
    case EventType::BrokerRegistered:
        return tr("Broker registered");
    case EventType::ControlledShutdown:
        return tr("Controlled shutdown");
    case EventType::LeaderElected:
        return tr("Leader elected");
    case EventType::RegistrationRefused:
        return tr("Registration refused");
    case EventType::UncleanScan:
        return tr("Unclean election scan");
    case EventType::LeaderRebalance:
        return tr("Leader rebalance");
    case EventType::SegmentsDeleted:
        return tr("Segments deleted");
    case EventType::TopicCreated:
        return tr("Topic created");
    case EventType::ProduceBatched:
        return tr("Records batched");
    case EventType::ProducerIdRequested:
        return tr("Producer id requested");
    case EventType::LiveClientConnected:
        return tr("Live client connected");
    case EventType::LiveClientDisconnected:
        return tr("Live client disconnected");
    case EventType::LiveRequestSent:
        return tr("Live client request");
    case EventType::LiveResponseReceived:
        return tr("Live client answer");
    case EventType::RealObserved:
        return tr("Observed on Apache Kafka");
    case EventType::ObservedPoll:
        return tr("Observed poll");
    case EventType::ProducerIdAllocated:
        return tr("Producer id allocated");
    case EventType::ProducerIdReceived:
        return tr("Producer id received");
    case EventType::DuplicateBatch:
        return tr("Duplicate batch");
    case EventType::BecameLeader:
        return tr("Became leader");
    case EventType::BecameFollower:
        return tr("Became follower");
    case EventType::IsrChangedByController:
        return tr("ISR changed by the controller");
    case EventType::LogTruncated:
        return tr("Log truncated");
    case EventType::MetadataUpdated:
        return tr("Metadata refreshed");
    case EventType::ProducerConnection:
        return tr("Producer connection");
    case EventType::ConsumerStarted:
        return tr("Consumer started");
    case EventType::ConsumerStopped:
        return tr("Consumer stopped");
    case EventType::CoordinatorFound:
        return tr("Coordinator found");
    case EventType::GroupRequestSent:
        return tr("Group request sent");
    case EventType::GroupRequestHandled:
        return tr("Group request handled");
    case EventType::GroupResponseApplied:
        return tr("Group answer received");
    case EventType::JoinCompleted:
        return tr("Join phase ended");
    case EventType::MemberEvicted:
        return tr("Member evicted");
    case EventType::PositionSet:
        return tr("Position set");
    case EventType::ConsumerFetchSent:
        return tr("Consumer poll");
    case EventType::ConsumerFetchHandled:
        return tr("Consumer fetch handled");
    case EventType::RecordsReceived:
        return tr("Records received");
    }
    return Phrase();
}

Phrase Narration::title(const Event& e)
{
    switch (e.type) {
    case EventType::ConsumerStarted:
        if (e.detail == 1)
            return tr("Consumer added");
        break;
    case EventType::CoordinatorFound:
        if (e.detail == 1)
            return e.error == ErrorCode::RequestTimedOut ? tr("Metadata request timed out")
                                                             : tr("Consumer metadata refreshed");
        if (e.error == ErrorCode::RequestTimedOut)
            return tr("Coordinator lookup timed out");
        break;
    case EventType::GroupRequestSent:
        if (e.detail < 0 && e.error == ErrorCode::RequestTimedOut)
            return tr("Consumer session expired");
        break;
    case EventType::GroupResponseApplied:
    case EventType::RecordsReceived:
    case EventType::PositionSet:
        if (e.error == ErrorCode::RequestTimedOut)
            return tr("Request timed out");
        break;
    default:
        break;
    }
    return title(e.type);
}

std::string narrate(const Event& event, const ClusterState& state)
{
    return render(Narration::sentence(event, state), plainEnglish());
}

} // namespace hw
