// SPDX-License-Identifier: MIT
#include "base/narration.h"

#include "scenario/narration.h"

#include <QRegularExpression>
#include <QStringList>

namespace hw::ui {

using hw::EventType;

QString Narration::brokerSet(const std::vector<hw::BrokerId>& brokers)
{
    QStringList ids;
    for (hw::BrokerId b : brokers)
        ids << QString::number(b);
    return QStringLiteral("{") + ids.join(QStringLiteral(", ")) + QStringLiteral("}");
}

QString Narration::errorName(hw::ErrorCode error)
{
    const std::string_view name = hw::errorName(error);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString Narration::groupRequestName(std::int32_t kind)
{
    const std::string_view name = hw::groupRequestName(kind);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString Narration::partitionName(const hw::ClusterState& state, std::int32_t partition)
{
    if (partition < 0 || partition >= static_cast<std::int32_t>(state.partitions.size()))
        return QString();
    return QString::fromStdString(state.partitionName(partition));
}

namespace {

QString records(std::int64_t n)
{
    return Narration::tr("%n record(s)", nullptr, static_cast<int>(n));
}

QString offsets(hw::Offset first, std::int64_t count)
{
    if (count <= 0)
        return Narration::tr("no records");
    if (count == 1)
        return Narration::tr("offset %1").arg(first);
    return Narration::tr("offsets %1..%2").arg(first).arg(first + count - 1);
}

// Sentences are built from pieces; how they join is the language's: English puts a space between
// sentences and ends them with ".", Chinese joins them directly and ends them with "。".

/// Two sentences, one after the other.
QString then(const QString& first, const QString& second)
{
    return Narration::tr("%1 %2", "two sentences, one after the other").arg(first, second);
}

/// A sentence with its full stop.
QString fullStop(const QString& sentence)
{
    return Narration::tr("%1.", "a sentence and its full stop").arg(sentence);
}

/// A statement and its details, such as an error's name.
QString detail(const QString& statement, const QString& details)
{
    return Narration::tr("%1: %2", "a statement and its details").arg(statement, details);
}

QString maskSet(std::uint32_t mask)
{
    return Narration::brokerSet(hw::brokersInMask(mask));
}

QString idSet(const std::vector<hw::BrokerId>& brokers)
{
    return Narration::brokerSet(brokers);
}

/// One partition's leader, ISR, LEOs and HW, for a checkpoint reached by time passing.
QString summaryText(const hw::ClusterState& s, const hw::PartitionSummary& p)
{
    const QString tp = Narration::partitionName(s, p.partition);
    // The ISR with the ELR after it when there is one (Kafka 4.0+).
    const QString isr = p.elr.empty() ? idSet(p.isr)
                                      : Narration::tr("%1, ELR %2", "an ISR followed by its ELR").arg(idSet(p.isr), idSet(p.elr));
    if (p.leader == hw::noLeader && p.lastKnownLeader != hw::noLeader)
        return Narration::tr("%1: no leader (offline), ISR %2, last known leader broker %3.")
            .arg(tp, isr)
            .arg(p.lastKnownLeader);
    if (p.leader == hw::noLeader)
        return Narration::tr("%1: no leader (offline), ISR %2.").arg(tp, isr);
    QStringList leos;
    for (const auto& [broker, leo] : p.leos)
        leos << Narration::tr("%1 on broker %2", "a replica's LEO").arg(leo).arg(broker);
    return Narration::tr("%1: leader broker %2 (leader epoch %3), ISR %4, LEO %5, HW %6.")
        .arg(tp)
        .arg(p.leader)
        .arg(p.leaderEpoch)
        .arg(isr, leos.join(Narration::tr(", ", "between the items of a list")))
        .arg(p.hw);
}

QString stateText(const QString& first, const hw::ClusterState& s)
{
    QString text = first;
    for (const hw::PartitionSummary& p : hw::summarizePartitions(s))
        text = then(text, summaryText(s, p));
    const auto more = static_cast<int>(s.partitions.size()) - hw::narratedPartitionsMax;
    if (more > 0)
        text = then(text, Narration::tr("(%n more partition(s).)", nullptr, more));
    return text;
}

/// Why the HW stayed, in Kafka's terms (Partition.maybeIncrementLeaderHW and maybeExpandIsr).
QString holdText(const QString& first, const hw::HwHold& h)
{
    QString text = first;
    switch (h.reason) {
    case hw::HwHold::Reason::None:
        break;
    case hw::HwHold::Reason::UnderMinIsr:
        text = then(text,
            Narration::tr("The ISR %1 is smaller than min.insync.replicas (%2), and while it is the leader does not "
                          "move the HW.")
                .arg(idSet(h.isr))
                .arg(h.minIsr));
        break;
    case hw::HwHold::Reason::Laggard:
        text = then(text,
            h.laggardOutsideIsr
                ? Narration::tr("The HW is the smallest LEO over the ISR and the replicas about to join it: broker %1 "
                                "has caught up, so the leader waits for it, and its LEO is %2.")
                      .arg(h.laggard)
                      .arg(h.laggardLeo)
                : Narration::tr("The HW is the smallest LEO over the ISR %1, and broker %2's LEO is %3 as the leader "
                                "last heard.")
                      .arg(idSet(h.isr))
                      .arg(h.laggard)
                      .arg(h.laggardLeo));
        break;
    case hw::HwHold::Reason::AtLeaderEnd:
        text = then(text,
            Narration::tr("Every replica of the ISR %1 has reached the leader's LEO %2: there is nothing new to commit.")
                .arg(idSet(h.isr))
                .arg(h.leaderLeo));
        break;
    }
    for (hw::BrokerId b : h.waiting)
        text = then(text,
            Narration::tr("Broker %1 has caught up but is not in the ISR: the leader adds it when it handles broker "
                          "%1's next fetch, and only once the controller accepts that AlterPartition.")
                .arg(b));
    for (hw::BrokerId b : h.pending)
        text = then(text,
            Narration::tr(
                "Broker %1 has caught up; the controller has not yet accepted the AlterPartition that adds it to the ISR.")
                .arg(b));
    return text;
}

} // namespace

QString Narration::title(EventType type)
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
    return QString();
}

QString Narration::title(const hw::Event& e)
{
    switch (e.type) {
    case EventType::ConsumerStarted:
        if (e.detail == 1)
            return tr("Consumer added");
        break;
    case EventType::CoordinatorFound:
        if (e.detail == 1)
            return e.error == hw::ErrorCode::RequestTimedOut ? tr("Metadata request timed out")
                                                             : tr("Consumer metadata refreshed");
        if (e.error == hw::ErrorCode::RequestTimedOut)
            return tr("Coordinator lookup timed out");
        break;
    case EventType::GroupRequestSent:
        if (e.detail < 0 && e.error == hw::ErrorCode::RequestTimedOut)
            return tr("Consumer session expired");
        break;
    case EventType::GroupResponseApplied:
    case EventType::RecordsReceived:
    case EventType::PositionSet:
        if (e.error == hw::ErrorCode::RequestTimedOut)
            return tr("Request timed out");
        break;
    default:
        break;
    }
    return title(e.type);
}

QString Narration::joinChineseWords(QString text)
{
    static const QRegularExpression betweenWords(
        QStringLiteral("(?<=\\p{Han}) +(?=[\\p{Han}\u3008-\u3011\uFF08\u201C])|(?<=[\u3008-\u3011\uFF09\u201D]) +(?=\\p{Han})"));
    return text.replace(betweenWords, QString());
}

QString Narration::sentence(const hw::Event& event, const hw::ClusterState& state)
{
    return joinChineseWords(sentenceFromPieces(event, state));
}

QString Narration::sentenceFromPieces(const hw::Event& e, const hw::ClusterState& s)
{
    const QString tp = partitionName(s, e.partition);
    auto liveName = [&](std::int32_t index) {
        return index >= 0 && index < static_cast<std::int32_t>(s.liveClients.size())
            ? tr("live client %1").arg(QString::fromStdString(s.liveClients[static_cast<std::size_t>(index)].id))
            : tr("a live client");
    };
    // A broker's event about a real client's request names the client where it would name a
    // simulated producer or consumer.
    const bool live = e.has(hw::FromLiveClient);
    auto producerName = [&](std::int32_t index) {
        if (live)
            return liveName(index);
        return index >= 0 && index < static_cast<std::int32_t>(s.producers.size())
            ? tr("producer %1").arg(QString::fromStdString(s.producers[static_cast<std::size_t>(index)].id))
            : tr("a producer");
    };
    auto ucfirst = [](QString text) {
        if (!text.isEmpty())
            text[0] = text[0].toUpper();
        return text;
    };
    auto producerNumber = [&](std::int32_t index) {
        if (live)
            return QString::number(e.value); // a live batch's producer id travels in the event
        return index >= 0 && index < static_cast<std::int32_t>(s.producers.size())
            ? QString::number(s.producers[static_cast<std::size_t>(index)].producerId)
            : QStringLiteral("?");
    };
    auto sequences = [](std::int64_t first, std::int64_t count) {
        return count <= 1 ? QString::number(first)
                          : QStringLiteral("%1-%2").arg(first).arg(first + count - 1);
    };
    auto consumerName = [&](std::int32_t index) {
        if (live)
            return liveName(index);
        return index >= 0 && index < static_cast<std::int32_t>(s.consumers.size())
            ? tr("consumer %1").arg(QString::fromStdString(s.consumers[static_cast<std::size_t>(index)].id))
            : tr("a consumer");
    };
    auto groupName = [&](std::int64_t index) {
        return index >= 0 && index < static_cast<std::int64_t>(s.groups.size())
            ? tr("group %1").arg(QString::fromStdString(s.groups[static_cast<std::size_t>(index)].id))
            : tr("its group");
    };
    const QString requestName = groupRequestName(e.detail);
    const QString b = tr("broker %1").arg(e.node);
    const QString peer = tr("broker %1").arg(e.peer);
    const QString error = errorName(e.error);

    QString hwChange;
    if (e.has(hw::HwAdvanced))
        hwChange = tr("The high watermark moves %1 -> %2: consumers can now read offsets below %2.")
                       .arg(e.hwBefore)
                       .arg(e.hwAfter);
    if (e.has(hw::ProducesCompleted)) {
        const QString answered = tr("%n waiting acks=all produce(s) answered.", nullptr, e.completed);
        hwChange = hwChange.isEmpty() ? answered : then(hwChange, answered);
    }
    auto withHwChange = [&hwChange](const QString& text) { return hwChange.isEmpty() ? text : then(text, hwChange); };

    switch (e.type) {
    case EventType::ClusterCreated:
        return tr("The cluster starts: %n broker(s), every partition led by the first replica in its assignment, "
                  "every log empty (LEO 0, HW 0).",
            nullptr, static_cast<int>(s.brokers.size()));
    case EventType::ProduceSent:
        if (e.error != hw::ErrorCode::None)
            return ucfirst(tr("%1 knows no leader for %2 yet: it asks for metadata and holds %3 for a retry.")
                               .arg(producerName(e.node), tp, records(e.count)));
        if (e.attempt > 1)
            return ucfirst(tr("%1 retries sending %2 to %3 (leader broker %4).")
                               .arg(producerName(e.node), records(e.count), tp)
                               .arg(e.peer));
        return ucfirst(
            tr("%1 sends %2 to %3 (leader broker %4).").arg(producerName(e.node), records(e.count), tp).arg(e.peer));
    case EventType::ProduceAppended: {
        QString text
            = tr("Leader %1 appends %2 to %3; its LEO is now %4.").arg(b, offsets(e.offset, e.count), tp).arg(e.leo);
        if (e.has(hw::HwAdvanced))
            text = then(text, hwChange);
        else
            text = then(
                text, tr("The HW stays at %1: the followers have not fetched these records yet.").arg(e.hwAfter));
        if (e.has(hw::FetchesCompleted))
            text = then(text, tr("Waiting follower fetches are answered with the new records."));
        return text;
    }
    case EventType::ProduceRejected:
        if (e.error == hw::ErrorCode::OutOfOrderSequenceNumber)
            return tr("Leader %1 refuses %2's batch for %3 with sequence %4: OUT_OF_ORDER_SEQUENCE_NUMBER (its "
                      "producer state expects %5 next; nothing was appended).")
                .arg(b, producerName(e.peer), tp, sequences(e.detail, e.count))
                .arg(e.offset);
        if (e.error == hw::ErrorCode::InvalidProducerEpoch)
            return tr("Leader %1 refuses %2's batch for %3: INVALID_PRODUCER_EPOCH (the log has seen a newer epoch "
                      "of this producer; nothing was appended).")
                .arg(b, producerName(e.peer), tp);
        if (e.error == hw::ErrorCode::NotEnoughReplicas)
            return tr("Leader %1 refuses %2's batch for %3: %4 (the ISR is smaller than min.insync.replicas; "
                      "nothing was appended).")
                .arg(b, producerName(e.peer), tp, error);
        return tr("Leader %1 refuses %2's batch for %3: %4.").arg(b, producerName(e.peer), tp, error);
    case EventType::ProduceAcked:
        if (e.has(hw::Duplicate))
            return ucfirst(tr("%1 receives the acknowledgement for %2 of %3, the offsets its first attempt got: the "
                              "leader had the batch already.")
                               .arg(producerName(e.node), offsets(e.offset, e.count), tp));
        return ucfirst(tr("%1 receives the acknowledgement for %2 of %3.")
                           .arg(producerName(e.node), offsets(e.offset, e.count), tp));
    case EventType::DuplicateBatch:
        return tr("Leader %1 recognises a duplicate: the batch with sequence %2 from producer id %3 is already in its "
                  "log for %4. Nothing is appended; it answers with %5.")
            .arg(b, sequences(e.detail, e.count), producerNumber(e.peer), tp, offsets(e.offset, e.count));
    case EventType::ProduceBatched:
        return ucfirst(tr("%1 adds %2 for %3 to a batch in its accumulator; the batch waits for linger.ms, a "
                          "producer id or a free in-flight slot.")
                           .arg(producerName(e.node), records(e.count), tp));
    case EventType::ProducerIdRequested:
        return ucfirst(tr("%1 asks broker %2 for a producer id again (InitProducerId), after retry.backoff.ms.")
                           .arg(producerName(e.node))
                           .arg(e.peer));
    case EventType::ProducerIdAllocated:
        return tr("Broker %1 gives %2 producer id %3, epoch 0, from the block of ids the controller handed it.")
            .arg(e.node)
            .arg(producerName(e.peer))
            .arg(e.value);
    case EventType::ProducerIdReceived:
        if (e.error != hw::ErrorCode::None)
            return ucfirst(tr("%1 gets no producer id from broker %2 (%3); it will ask another broker.")
                               .arg(producerName(e.node))
                               .arg(e.peer)
                               .arg(error));
        return ucfirst(tr("%1 is now idempotent producer id %2, epoch %3: each batch it sends carries this id, the "
                          "epoch and sequence numbers.")
                           .arg(producerName(e.node))
                           .arg(e.value)
                           .arg(e.detail));
    case EventType::ProduceFailed: {
        QString text = tr("%1 receives an error for its batch to %2: %3").arg(producerName(e.node), tp, error);
        if (e.error == hw::ErrorCode::NotEnoughReplicasAfterAppend)
            text += tr(" (the records were appended and committed)");
        if (e.has(hw::Disconnected) && e.completed > 0)
            text += tr(" (no answer within request.timeout.ms: it closes the connection to broker %1, fails the %2 "
                       "other request(s) in flight on it, and asks another broker for metadata)")
                        .arg(e.peer)
                        .arg(e.completed);
        else if (e.has(hw::Disconnected))
            text += tr(" (no answer within request.timeout.ms: it closes the connection to broker %1 and asks "
                       "another broker for metadata)")
                        .arg(e.peer);
        if (e.has(hw::EpochBumped))
            text += tr(". Its sequence numbers have a gap, so it bumps its producer epoch and numbers the partition's "
                       "unfinished batches from 0 again");
        text += e.has(hw::Retrying) ? tr(". It will retry after a backoff.") : tr(". It gives up on the batch.");
        return ucfirst(text);
    }
    case EventType::ProduceTimedOut:
        return tr("Leader %1 gives up waiting for the ISR on %2 of %3 after request.timeout.ms and answers "
                  "REQUEST_TIMED_OUT; the records stay in the log.")
            .arg(b, offsets(e.offset, e.count), tp);
    case EventType::FetchSent:
        return tr("Follower %1 sends Fetch(%2) for %3 to leader %4: it asks for records from offset %2, its LEO.")
            .arg(b)
            .arg(e.offset)
            .arg(tp, peer);
    case EventType::FetchHandled: {
        if (e.error != hw::ErrorCode::None)
            return tr("Broker %1 answers %2's Fetch(%3) for %4 with %5.")
                .arg(e.node)
                .arg(peer)
                .arg(e.offset)
                .arg(tp, error);
        if (e.has(hw::Diverging))
            return tr("Leader %1 sees that %2's log for %3 diverges: its last epoch ends at offset %4 here (epoch %5). "
                      "It tells the follower to truncate instead of sending records.")
                .arg(b, peer, tp)
                .arg(e.leo)
                .arg(e.value);
        QString text = tr("Leader %1 handles Fetch(%2) from %3 for %4: it records %2 as %3's LEO.")
                           .arg(b)
                           .arg(e.offset)
                           .arg(peer, tp);
        if (e.has(hw::HwAdvanced)) {
            text = then(text, hwChange);
        } else {
            hw::HwHold hold = hw::whyHwHolds(s, e.partition);
            // The follower that asks to join in this very fetch is said below.
            if (e.has(hw::IsrExpandRequested))
                std::erase(hold.pending, e.peer);
            text = holdText(then(text, tr("The HW stays at %1.").arg(e.hwAfter)), hold);
        }
        if (e.has(hw::IsrExpandRequested))
            text = then(text,
                ucfirst(tr("%1 has caught up, so the leader asks the controller to add it to the ISR.").arg(peer)));
        if (e.has(hw::Parked))
            text = then(text,
                tr("There is nothing new to send, so the leader parks the fetch for up to "
                   "replica.fetch.wait.max.ms."));
        else
            text = then(text,
                tr("It replies with %1 and HW %2 (the HW from before this fetch).")
                    .arg(offsets(e.offset, e.count))
                    .arg(e.value));
        return text;
    }
    case EventType::FetchCompleted:
        if (e.error != hw::ErrorCode::None)
            return tr("Leader %1 answers %2's parked fetch for %3 with %4.").arg(b, peer, tp, error);
        return tr("The wait for %1's parked Fetch(%2) on %3 ran out; leader %4 replies with %5 and the current HW %6.")
            .arg(peer)
            .arg(e.offset)
            .arg(tp, b, offsets(e.offset, e.count))
            .arg(e.value);
    case EventType::FetchApplied: {
        const QString appended = e.count > 0 ? tr("appends %1").arg(offsets(e.offset, e.count)) : tr("no new records");
        return tr(
            "Follower %1 applies the fetch response for %2: %3, LEO %4, HW = min(leader's HW %5, own LEO %4) = %6.")
            .arg(b, tp, appended)
            .arg(e.leo)
            .arg(e.value)
            .arg(e.hwAfter);
    }
    case EventType::FetchFailed:
        return tr("Follower %1's fetch for %2 failed: %3.").arg(b, tp, error);
    case EventType::IsrShrinkRequested: {
        QString text = tr("Leader %1's ISR check: %2 has not caught up within replica.lag.time.max.ms, so it asks the "
                          "controller to shrink the ISR of %3 to %4.")
                           .arg(b, maskSet(static_cast<std::uint32_t>(e.value)), tp, maskSet(e.isr));
        if (e.count > 1)
            text = then(text, tr("(%n more partition(s) too.)", nullptr, static_cast<int>(e.count - 1)));
        return text;
    }
    case EventType::AlterPartitionCommitted:
        return tr("The controller commits %1's ISR %2 (partition epoch %3) and tells leader %4.")
            .arg(tp, maskSet(e.isr))
            .arg(e.value)
            .arg(peer);
    case EventType::AlterPartitionRejected:
        return tr("The controller rejects leader %1's AlterPartition for %2: %3.").arg(peer, tp, error);
    case EventType::IsrUpdated:
        if (e.error != hw::ErrorCode::None)
            return tr("Leader %1 learns that its ISR change for %2 failed (%3); the ISR stays %4.")
                .arg(b, tp, error, maskSet(e.isr));
        return withHwChange(tr("Leader %1 applies %2's new ISR %3.").arg(b, tp, maskSet(e.isr)));
    case EventType::HeartbeatSent:
        return ucfirst(tr("%1 sends a heartbeat to the controller.").arg(b));
    case EventType::HeartbeatHandled:
        return tr("The controller receives %1's heartbeat.").arg(peer);
    case EventType::ClockAdvanced:
        return stateText(tr("Time passes: %1 ms.").arg(e.value), s);
    case EventType::ConfigChanged:
        if (e.text == "auto.fetch=true")
            return then(tr("Configuration changed: %1.").arg(QString::fromStdString(e.text)),
                tr("Followers now fetch on their own, as every Kafka follower does (%n idle follower(s) send a Fetch).",
                    nullptr, static_cast<int>(e.count)));
        if (e.completed > 0)
            return then(tr("Configuration changed: %1.").arg(QString::fromStdString(e.text)),
                tr("A min.insync.replicas change clears every ELR and LastKnownElr: %n partition(s) lose theirs.",
                    nullptr, e.completed));
        return tr("Configuration changed: %1.").arg(QString::fromStdString(e.text));
    case EventType::LatencyChanged:
        if (e.value < 0)
            return ucfirst(tr("%1's links are back to the normal latency.").arg(b));
        return ucfirst(tr("%1's links are slowed to %2 ms.").arg(b).arg(e.value));
    case EventType::BrokerKilled:
        return ucfirst(tr("%1 crashes: it stops handling requests and heartbeating. The controller will notice only "
                          "when its session times out (broker.session.timeout.ms).")
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
        QString text;
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
        QString outcome;
        if (e.has(hw::Offline) && e.isr == 0)
            outcome = tr("no replica can take over, so it goes offline (leader -1; the ISR is empty).");
        else if (e.has(hw::Offline))
            outcome
                = tr("no replica can take over, so it goes offline (leader -1; the ISR keeps %1).").arg(maskSet(e.isr));
        else if (e.has(hw::LastKnownLeader))
            outcome = tr("its last known leader, broker %1, is elected although unclean election is off (KIP-966): "
                         "flagged unclean, RECOVERING.")
                          .arg(e.value);
        else if (e.has(hw::FromElr))
            outcome = tr("the ISR is empty, so Eligible Leader Replica %1 leads cleanly: it holds every committed "
                         "record.")
                          .arg(e.value);
        else if (e.has(hw::Unclean))
            outcome = tr("no ISR member is left, so the out-of-sync broker %1 becomes leader (unclean election: "
                         "records only the old leader had are lost).")
                          .arg(e.value);
        else
            outcome = tr("leader broker %1, ISR %2.").arg(e.value).arg(maskSet(e.isr));
        return then(fullStop(text), detail(tp, outcome));
    }
    case EventType::BrokerUnfenced: {
        QString text = tr("The controller unfences %1: it has caught up with the metadata").arg(peer);
        text = e.count > 0 ? text + tr("; %n offline partition(s) get a leader.", nullptr, static_cast<int>(e.count))
                           : fullStop(text);
        if (e.has(hw::LastKnownLeader))
            text = then(text, tr("(The last known leader is elected: flagged unclean, RECOVERING.)"));
        else if (e.has(hw::FromElr))
            text = then(text, tr("(An Eligible Leader Replica leads: a clean election.)"));
        else if (e.has(hw::Unclean))
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
    case EventType::LeaderElected:
        if (e.has(hw::Unclean))
            return tr("The ElectLeaders API forces an unclean election for %1: broker %2 leads alone (leader epoch "
                      "%3, RECOVERING); records only the old ISR had are lost.")
                .arg(tp)
                .arg(e.peer)
                .arg(e.value);
        if (e.has(hw::Preferred))
            return tr("The controller moves leadership of %1: broker %2, leader epoch %3.")
                .arg(tp)
                .arg(e.peer)
                .arg(e.value);
        return tr("The controller elects a leader for %1: broker %2, leader epoch %3.")
            .arg(tp)
            .arg(e.peer)
            .arg(e.value);
    case EventType::BecameLeader:
        return ucfirst(
            tr("%1 learns it now leads %2 in epoch %3. The epoch starts at its LEO %4. Its HW is %5, what it "
               "knew as a follower; it cannot move until every ISR follower has fetched in the new epoch.")
                .arg(b, tp)
                .arg(e.value)
                .arg(e.offset)
                .arg(e.hwAfter));
    case EventType::BecameFollower:
        if (e.peer < 0)
            return ucfirst(tr("%1 learns that %2 has no leader (epoch %3).").arg(b, tp).arg(e.value));
        if (e.has(hw::Legacy))
            return ucfirst(
                tr("%1 learns that broker %2 leads %3 in epoch %4 and follows it; as Kafka did before 0.11 it "
                   "first cuts its log back to its own HW %5 (%6 removed).")
                    .arg(b)
                    .arg(e.peer)
                    .arg(tp)
                    .arg(e.value)
                    .arg(e.hwAfter)
                    .arg(records(e.count)));
        return ucfirst(tr("%1 learns that broker %2 leads %3 in epoch %4 and follows it.")
                           .arg(b)
                           .arg(e.peer)
                           .arg(tp)
                           .arg(e.value));
    case EventType::IsrChangedByController:
        return withHwChange(
            tr("Leader %1 learns from the controller that %2's ISR is now %3.").arg(b, tp, maskSet(e.isr)));
    case EventType::LogTruncated:
        if (e.has(hw::Legacy))
            return tr(
                "Follower %1 is ahead of the leader on %2 and cuts its log back to the leader's end, %3 (%4 removed).")
                .arg(b, tp)
                .arg(e.offset)
                .arg(records(e.count));
        return tr(
            "Follower %1's log diverges from the leader's on %2: epoch %3 ends earlier on the leader. It truncates "
            "to offset %4 (%5 removed) and fetches again.")
            .arg(b, tp)
            .arg(e.value)
            .arg(e.offset)
            .arg(records(e.count));
    case EventType::ConsumerStarted:
        if (e.detail == 1 && e.value >= 0)
            return ucfirst(tr("%1 is added to %2 and starts: it looks for the coordinator and joins, and the group "
                              "rebalances.")
                               .arg(consumerName(e.node), groupName(e.value)));
        if (e.detail == 1)
            return ucfirst(tr("%1 is added and starts reading its assigned partitions.").arg(consumerName(e.node)));
        return ucfirst(tr("%1 starts.").arg(consumerName(e.node)));
    case EventType::ConsumerStopped:
        if (e.detail == 1)
            return ucfirst(tr("%1 crashes: it stops polling and heartbeating without leaving its group, so the "
                              "coordinator notices only after session.timeout.ms.")
                               .arg(consumerName(e.node)));
        return ucfirst(tr("%1 leaves its group (committing first if it auto-commits).").arg(consumerName(e.node)));
    case EventType::CoordinatorFound:
        if (e.detail == 1) {
            // A metadata refresh: FindCoordinator doubles as the consumer's metadata request; value is the
            // broker asked (0: none named), count the leaders that changed, partition the first of them.
            const bool named = e.value > 0;
            if (e.error != hw::ErrorCode::None)
                return named ? ucfirst(tr("%1 could not refresh its metadata from broker %2: %3.")
                                           .arg(consumerName(e.node))
                                           .arg(e.value)
                                           .arg(error))
                             : ucfirst(tr("%1 could not refresh its metadata: %2.").arg(consumerName(e.node), error));
            const bool known = e.node >= 0 && e.node < static_cast<std::int32_t>(s.consumers.size());
            const std::vector<hw::BrokerId>* leaders
                = known ? &s.consumers[static_cast<std::size_t>(e.node)].leaders : nullptr;
            if (e.count == 0 || e.partition < 0 || !leaders
                || e.partition >= static_cast<std::int32_t>(leaders->size()))
                return named ? ucfirst(tr("%1 refreshes its metadata from broker %2: no leader changed.")
                                           .arg(consumerName(e.node))
                                           .arg(e.value))
                             : ucfirst(tr("%1 refreshes its metadata: no leader changed.").arg(consumerName(e.node)));
            const hw::BrokerId leaderId = (*leaders)[static_cast<std::size_t>(e.partition)];
            const QString leader = leaderId < 0 ? tr("nobody") : tr("broker %1").arg(leaderId);
            QString text = named ? tr("%1 refreshes its metadata from broker %2: %3 is led by %4")
                                       .arg(consumerName(e.node))
                                       .arg(e.value)
                                       .arg(tp, leader)
                                 : tr("%1 refreshes its metadata: %2 is led by %3").arg(consumerName(e.node), tp, leader);
            text = e.count > 1 ? then(text, tr("(and %n more change(s)).", nullptr, static_cast<int>(e.count - 1)))
                               : fullStop(text);
            return ucfirst(text);
        }
        if (e.error != hw::ErrorCode::None)
            return ucfirst(tr("%1 could not find a coordinator: %2.").arg(consumerName(e.node), error));
        if (e.peer < 0)
            return ucfirst(tr("%1 could not find a coordinator.").arg(consumerName(e.node)));
        return ucfirst(tr("%1 learns that broker %2 coordinates its group (the leader of the group's "
                          "__consumer_offsets partition).")
                           .arg(consumerName(e.node))
                           .arg(e.peer));
    case EventType::GroupRequestSent:
        if (e.detail < 0 && e.error == hw::ErrorCode::RequestTimedOut)
            return ucfirst(tr("%1 has had no heartbeat answer for session.timeout.ms and looks for its group "
                              "coordinator again.")
                               .arg(consumerName(e.node)));
        if (e.detail < 0)
            return ucfirst(tr("%1 looks for its group coordinator again.").arg(consumerName(e.node)));
        if (static_cast<hw::GroupRequestKind>(e.detail) == hw::GroupRequestKind::OffsetCommit)
            return ucfirst(tr("%1 commits its positions for %n partition(s): the next offset to read in each.", nullptr,
                static_cast<int>(e.count))
                               .arg(consumerName(e.node)));
        return ucfirst(tr("%1 sends %2 to broker %3.").arg(consumerName(e.node), requestName).arg(e.peer));
    case EventType::GroupRequestHandled: {
        QString text
            = tr("Coordinator %1 handles %2's %3 for %4").arg(b, consumerName(e.peer), requestName, groupName(e.value));
        if (e.error != hw::ErrorCode::None)
            return fullStop(detail(text, error));
        switch (static_cast<hw::GroupRequestKind>(e.detail)) {
        case hw::GroupRequestKind::Join:
            text = then(text, tr("(member %1)").arg(QString::fromStdString(e.text)));
            if (e.has(hw::RebalanceStarted))
                text += tr("; the group starts a rebalance and waits for its members to join");
            if (e.has(hw::GenerationCompleted))
                text += tr("; everyone has joined: generation %1 begins").arg(e.completed);
            return fullStop(text);
        case hw::GroupRequestKind::Sync:
            return text
                + (e.has(hw::GroupStable) ? tr(": the leader's assignment is handed out and the group is Stable.")
                                          : tr(": it waits for the leader's assignment."));
        case hw::GroupRequestKind::Leave:
            return text
                + (e.has(hw::RebalanceStarted) ? tr(": the member is gone, and the group rebalances.")
                                               : tr(": the member is gone."));
        case hw::GroupRequestKind::OffsetCommit:
            return text + tr(": it stores %n committed offset(s).", nullptr, static_cast<int>(e.count));
        case hw::GroupRequestKind::Heartbeat:
        case hw::GroupRequestKind::OffsetFetch:
            break;
        }
        return fullStop(text);
    }
    case EventType::GroupResponseApplied: {
        QString text;
        if (e.error == hw::ErrorCode::RequestTimedOut)
            text = tr("%1 got no answer to its %2 within its request timeout and drops the connection to the "
                      "coordinator")
                       .arg(consumerName(e.node), requestName);
        else
            text = tr("%1 gets the answer to its %2").arg(consumerName(e.node), requestName);
        if (e.error != hw::ErrorCode::None && e.error != hw::ErrorCode::RequestTimedOut)
            text = detail(text, error);
        switch (static_cast<hw::GroupRequestKind>(e.detail)) {
        case hw::GroupRequestKind::Join:
            if (e.error == hw::ErrorCode::None) {
                text += tr(": member %1 of generation %2").arg(QString::fromStdString(e.text)).arg(e.completed);
                if (e.has(hw::GenerationCompleted))
                    text
                        += tr(", and it is the group's leader: it runs the assignor for all %n member(s) and sends the "
                              "result in its SyncGroup",
                            nullptr, static_cast<int>(e.count));
            }
            break;
        case hw::GroupRequestKind::Sync:
            if (e.error == hw::ErrorCode::None)
                text += tr(": %1 partition(s) newly assigned, %2 revoked").arg(e.count).arg(e.offset);
            break;
        case hw::GroupRequestKind::Heartbeat:
            if (e.error == hw::ErrorCode::RebalanceInProgress)
                text += tr(" (the group is rebalancing)");
            break;
        case hw::GroupRequestKind::OffsetFetch:
            text += tr(": %n committed position(s) found", nullptr, static_cast<int>(e.count));
            break;
        default:
            break;
        }
        if (e.has(hw::Rejoining))
            text += tr("; it joins (again)");
        return ucfirst(fullStop(text));
    }
    case EventType::JoinCompleted:
        if (e.has(hw::GenerationCompleted))
            return tr("The join phase of %1 ends on coordinator %2's timer: generation %3 with %n member(s).", nullptr,
                static_cast<int>(e.count))
                .arg(groupName(e.value), b)
                .arg(e.completed);
        return tr("The join phase of %1 ends on coordinator %2's timer.").arg(groupName(e.value), b);
    case EventType::MemberEvicted:
        return tr("Coordinator %1 has not heard from %2 (member %3) for session.timeout.ms and removes it from %4; the "
                  "group rebalances.")
            .arg(b, consumerName(e.peer), QString::fromStdString(e.text), groupName(e.value));
    case EventType::PositionSet:
        if (e.error != hw::ErrorCode::None)
            return ucfirst(tr("%1 could not look up a position on %2: %3.").arg(consumerName(e.node), tp, error));
        if (e.detail == 0) {
            QString text = tr("%1 resumes %2 at its committed offset %3").arg(consumerName(e.node), tp).arg(e.offset);
            text = e.count > 1 ? then(text, tr("(and %n more partition(s)).", nullptr, static_cast<int>(e.count - 1)))
                               : fullStop(text);
            return ucfirst(text);
        }
        if (e.detail == 1)
            return ucfirst(tr("%1 has no committed offset for %2; auto.offset.reset sets its position to %3.")
                               .arg(consumerName(e.node), tp)
                               .arg(e.offset));
        return ucfirst(tr("%1 seeks %2 to offset %3.").arg(consumerName(e.node), tp).arg(e.offset));
    case EventType::ConsumerFetchSent:
        return ucfirst(tr("%1 polls for up to %2.").arg(consumerName(e.node), records(e.count)));
    case EventType::ConsumerFetchHandled:
        if (e.error != hw::ErrorCode::None)
            return tr("Broker %1 answers %2's fetch on %3 with %4.").arg(e.node).arg(consumerName(e.peer), tp, error);
        if (e.has(hw::Parked))
            return tr("Leader %1 holds %2's fetch from offset %3 on %4: nothing below the HW %5 is new, so it waits up "
                      "to fetch.max.wait.ms.")
                .arg(b, consumerName(e.peer))
                .arg(e.offset)
                .arg(tp)
                .arg(e.hwBefore);
        return tr("Leader %1 answers %2's fetch on %3 with %4: consumers read only below the HW %5.")
            .arg(b, consumerName(e.peer), tp, offsets(e.offset, e.count))
            .arg(e.hwBefore);
    case EventType::RecordsReceived:
        if (e.error != hw::ErrorCode::None)
            return ucfirst(tr("%1's fetch on %2 failed: %3.").arg(consumerName(e.node), tp, error));
        return ucfirst(tr("%1 receives %2 of %3 (read under HW %4); its position is now %5.")
                           .arg(consumerName(e.node), offsets(e.offset, e.count), tp)
                           .arg(e.value)
                           .arg(e.offset + e.count));
    case EventType::MetadataUpdated:
        if (e.error != hw::ErrorCode::None)
            return ucfirst(
                tr("%1 could not get metadata from broker %2: %3.").arg(producerName(e.node)).arg(e.peer).arg(error));
        if (e.count == 0)
            return ucfirst(tr("%1 refreshes its metadata from broker %2: no leader changed.")
                               .arg(producerName(e.node))
                               .arg(e.peer));
        {
            const QString leader = e.value < 0 ? tr("nobody") : tr("broker %1").arg(e.value);
            QString text = tr("%1 refreshes its metadata from broker %2: %3 is led by %4")
                               .arg(producerName(e.node))
                               .arg(e.peer)
                               .arg(tp, leader);
            text = e.count > 1 ? then(text, tr("(and %n more change(s)).", nullptr, static_cast<int>(e.count - 1)))
                               : fullStop(text);
            return ucfirst(text);
        }
    case EventType::LiveClientConnected:
        return ucfirst(tr("%1 connects to broker %2.").arg(liveName(e.peer)).arg(e.node));
    case EventType::LiveClientDisconnected:
        return ucfirst(tr("%1 closes its connection to broker %2.").arg(liveName(e.peer)).arg(e.node));
    case EventType::LiveRequestSent:
        switch (e.detail) {
        case 0:
            return ucfirst(tr("%1 sends a Produce request with %2 for %3 to broker %4.")
                               .arg(liveName(e.node), records(e.count), tp)
                               .arg(e.peer));
        case 1:
            return ucfirst(tr("%1 sends a Fetch request for %2 from offset %3 to broker %4.")
                               .arg(liveName(e.node), tp)
                               .arg(e.offset)
                               .arg(e.peer));
        case 2:
            return ucfirst(tr("%1 asks broker %2 for an offset of %3 (ListOffsets).").arg(liveName(e.node)).arg(e.peer).arg(tp));
        case 3:
            return ucfirst(tr("%1 asks broker %2 for metadata.").arg(liveName(e.node)).arg(e.peer));
        default:
            return ucfirst(tr("%1 asks broker %2 for a producer id (InitProducerId).").arg(liveName(e.node)).arg(e.peer));
        }
    case EventType::LiveResponseReceived:
        if (e.error != hw::ErrorCode::None)
            return ucfirst(tr("%1 gets broker %2's answer: %3.").arg(liveName(e.node)).arg(e.peer).arg(error));
        if (e.detail == 0)
            return ucfirst(tr("%1 gets broker %2's answer: %3 appended at offset %4.")
                               .arg(liveName(e.node))
                               .arg(e.peer)
                               .arg(tp)
                               .arg(e.offset));
        if (e.detail == 1)
            return ucfirst(tr("%1 gets broker %2's answer: %3 of %4, read below the HW %5.")
                               .arg(liveName(e.node))
                               .arg(e.peer)
                               .arg(offsets(e.offset, e.count), tp)
                               .arg(e.value));
        return ucfirst(tr("%1 gets broker %2's answer.").arg(liveName(e.node)).arg(e.peer));
    }
    return QString();
}

} // namespace hw::ui
