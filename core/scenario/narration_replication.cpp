// SPDX-License-Identifier: MIT
// The sentences of producing and replicating: produce requests and their answers, the idempotent
// producer's ids and sequences, follower fetches, the HW and the ISR, and leadership changes a broker
// learns.

#include "scenario/narration_internal.h"

#include <algorithm>

namespace hw {

using namespace narration;

namespace {

/// Why the HW stayed, in Kafka's terms (Partition.maybeIncrementLeaderHW and maybeExpandIsr).
Phrase holdText(Phrase first, const HwHold& h)
{
    Phrase text = first;
    switch (h.reason) {
    case HwHold::Reason::None:
        break;
    case HwHold::Reason::UnderMinIsr:
        text = then(text,
            Narration::tr("The ISR %1 is smaller than min.insync.replicas (%2), and while it is the leader does not "
                          "move the HW.")
                .arg(brokerSet(h.isr))
                .arg(h.minIsr));
        break;
    case HwHold::Reason::Laggard:
        text = then(text,
            h.laggardOutsideIsr
                ? Narration::tr("The HW is the smallest LEO over the ISR and the replicas about to join it: broker %1 "
                                "has caught up, so the leader waits for it, and its LEO is %2.")
                      .arg(h.laggard)
                      .arg(h.laggardLeo)
                : Narration::tr("The HW is the smallest LEO over the ISR %1, and broker %2's LEO is %3 as the leader "
                                "last heard.")
                      .arg(brokerSet(h.isr))
                      .arg(h.laggard)
                      .arg(h.laggardLeo));
        break;
    case HwHold::Reason::AtLeaderEnd:
        text = then(text,
            Narration::tr("Every replica of the ISR %1 has reached the leader's LEO %2: there is nothing new to commit.")
                .arg(brokerSet(h.isr))
                .arg(h.leaderLeo));
        break;
    }
    for (BrokerId b : h.waiting)
        text = then(text,
            Narration::tr("Broker %1 has caught up but is not in the ISR: the leader adds it when it handles broker "
                          "%1's next fetch, and only once the controller accepts that AlterPartition.")
                .arg(b));
    for (BrokerId b : h.pending)
        text = then(text,
            Narration::tr(
                "Broker %1 has caught up; the controller has not yet accepted the AlterPartition that adds it to the ISR.")
                .arg(b));
    return text;
}

} // namespace

Phrase Narration::replication(const Event& e, const ClusterState& s, const Names& n)
{
    const Phrase& tp = n.tp;
    const Phrase& b = n.b;
    const Phrase& peer = n.peer;
    const Phrase& error = n.error;
    auto producerName = [&n](std::int32_t index) { return n.producer(index); };
    auto producerNumber = [&n](std::int32_t index) { return n.producerNumber(index); };
    const Phrase& hwChange = n.hwChange;
    auto withHwChange = [&n](Phrase text) { return n.withHwChange(std::move(text)); };

    switch (e.type) {
    case EventType::ProduceSent:
        if (e.error != ErrorCode::None)
            return ucfirst(tr("%1 knows no leader for %2 yet: it asks for metadata and holds %3 for a retry.")
                               .arg(producerName(e.node), tp, records(e.count)));
        if (e.attempt > 1)
            return ucfirst(tr("%1 retries sending %2 to %3 (leader broker %4).")
                               .arg(producerName(e.node), records(e.count), tp)
                               .arg(e.peer));
        return ucfirst(
            tr("%1 sends %2 to %3 (leader broker %4).").arg(producerName(e.node), records(e.count), tp).arg(e.peer));
    case EventType::ProduceAppended: {
        Phrase text
            = tr("Leader %1 appends %2 to %3; its LEO is now %4.").arg(b, offsets(e.offset, e.count), tp).arg(e.leo);
        if (e.has(HwAdvanced))
            text = then(text, hwChange);
        else
            text = then(
                text, tr("The HW stays at %1: the followers have not fetched these records yet.").arg(e.hwAfter));
        if (e.has(FetchesCompleted))
            text = then(text, tr("Waiting follower fetches are answered with the new records."));
        return text;
    }
    case EventType::ProduceRejected:
        if (e.error == ErrorCode::OutOfOrderSequenceNumber)
            return tr("Leader %1 refuses %2's batch for %3 with sequence %4: OUT_OF_ORDER_SEQUENCE_NUMBER (its "
                      "producer state expects %5 next; nothing was appended).")
                .arg(b, producerName(e.peer), tp, sequences(e.detail, e.count))
                .arg(e.offset);
        if (e.error == ErrorCode::InvalidProducerEpoch)
            return tr("Leader %1 refuses %2's batch for %3: INVALID_PRODUCER_EPOCH (the log has seen a newer epoch "
                      "of this producer; nothing was appended).")
                .arg(b, producerName(e.peer), tp);
        if (e.error == ErrorCode::NotEnoughReplicas)
            return tr("Leader %1 refuses %2's batch for %3: %4 (the ISR is smaller than min.insync.replicas; "
                      "nothing was appended).")
                .arg(b, producerName(e.peer), tp, error);
        return tr("Leader %1 refuses %2's batch for %3: %4.").arg(b, producerName(e.peer), tp, error);
    case EventType::ProduceAcked:
        if (e.has(Duplicate))
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
        if (e.error != ErrorCode::None)
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
        Phrase text = tr("%1 receives an error for its batch to %2: %3").arg(producerName(e.node), tp, error);
        if (e.error == ErrorCode::NotEnoughReplicasAfterAppend)
            text += tr(" (the records were appended and committed)");
        if (e.has(Disconnected) && e.completed > 0)
            text += tr(" (no answer within request.timeout.ms: it closes the connection to broker %1, fails the %2 "
                       "other request(s) in flight on it, and asks another broker for metadata)")
                        .arg(e.peer)
                        .arg(e.completed);
        else if (e.has(Disconnected))
            text += tr(" (no answer within request.timeout.ms: it closes the connection to broker %1 and asks "
                       "another broker for metadata)")
                        .arg(e.peer);
        if (e.has(EpochBumped))
            text += tr(". Its sequence numbers have a gap, so it bumps its producer epoch and numbers the partition's "
                       "unfinished batches from 0 again");
        text += e.has(Retrying) ? tr(". It will retry after a backoff.") : tr(". It gives up on the batch.");
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
        if (e.error != ErrorCode::None)
            return tr("Broker %1 answers %2's Fetch(%3) for %4 with %5.")
                .arg(e.node)
                .arg(peer)
                .arg(e.offset)
                .arg(tp, error);
        if (e.has(Diverging))
            return tr("Leader %1 sees that %2's log for %3 diverges: its last epoch ends at offset %4 here (epoch %5). "
                      "It tells the follower to truncate instead of sending records.")
                .arg(b, peer, tp)
                .arg(e.leo)
                .arg(e.value);
        Phrase text = tr("Leader %1 handles Fetch(%2) from %3 for %4: it records %2 as %3's LEO.")
                           .arg(b)
                           .arg(e.offset)
                           .arg(peer, tp);
        if (e.has(HwAdvanced)) {
            text = then(text, hwChange);
        } else {
            HwHold hold = whyHwHolds(s, e.partition);
            // The follower that asks to join in this very fetch is said below.
            if (e.has(IsrExpandRequested))
                std::erase(hold.pending, e.peer);
            text = holdText(then(text, tr("The HW stays at %1.").arg(e.hwAfter)), hold);
        }
        if (e.has(IsrExpandRequested))
            text = then(text,
                ucfirst(tr("%1 has caught up, so the leader asks the controller to add it to the ISR.").arg(peer)));
        if (e.has(Parked))
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
        if (e.error != ErrorCode::None)
            return tr("Leader %1 answers %2's parked fetch for %3 with %4.").arg(b, peer, tp, error);
        return tr("The wait for %1's parked Fetch(%2) on %3 ran out; leader %4 replies with %5 and the current HW %6.")
            .arg(peer)
            .arg(e.offset)
            .arg(tp, b, offsets(e.offset, e.count))
            .arg(e.value);
    case EventType::FetchApplied: {
        const Phrase appended = e.count > 0 ? tr("appends %1").arg(offsets(e.offset, e.count)) : tr("no new records");
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
        Phrase text = tr("Leader %1's ISR check: %2 has not caught up within replica.lag.time.max.ms, so it asks the "
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
        if (e.error != ErrorCode::None)
            return tr("Leader %1 learns that its ISR change for %2 failed (%3); the ISR stays %4.")
                .arg(b, tp, error, maskSet(e.isr));
        return withHwChange(tr("Leader %1 applies %2's new ISR %3.").arg(b, tp, maskSet(e.isr)));
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
        if (e.has(Legacy))
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
        if (e.has(BelowLogStart))
            return tr("Follower %1's log on %2 ends below the leader's log start, %3: retention deleted records it "
                      "never copied. It drops its log (%4 removed) and starts again, empty, at offset %3.")
                .arg(b, tp)
                .arg(e.offset)
                .arg(records(e.count));
        if (e.has(Legacy))
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
    case EventType::MetadataUpdated:
        if (e.error != ErrorCode::None)
            return ucfirst(
                tr("%1 could not get metadata from broker %2: %3.").arg(producerName(e.node)).arg(e.peer).arg(error));
        if (e.count == 0)
            return ucfirst(tr("%1 refreshes its metadata from broker %2: no leader changed.")
                               .arg(producerName(e.node))
                               .arg(e.peer));
        {
            const Phrase leader = e.value < 0 ? tr("nobody") : tr("broker %1").arg(e.value);
            Phrase text = tr("%1 refreshes its metadata from broker %2: %3 is led by %4")
                               .arg(producerName(e.node))
                               .arg(e.peer)
                               .arg(tp, leader);
            text = e.count > 1 ? then(text, tr("(and %n more change(s)).", nullptr, static_cast<int>(e.count - 1)))
                               : fullStop(text);
            return ucfirst(text);
        }
    case EventType::ProducerConnection:
        if (e.error == ErrorCode::None)
            return ucfirst(tr("%1 connects to broker %2 again; batches for the partitions it leads can go.")
                               .arg(producerName(e.node))
                               .arg(e.peer));
        if (e.error == ErrorCode::RequestTimedOut)
            return ucfirst(tr("%1 gets no answer to its connect to broker %2 within %3 ms "
                              "(socket.connection.setup.timeout.ms); it tries again in %4 ms and sends nothing "
                              "there meanwhile: waiting costs its batches no retries.")
                               .arg(producerName(e.node))
                               .arg(e.peer)
                               .arg(e.detail)
                               .arg(e.value));
        return ucfirst(tr("%1 cannot connect to broker %2: connection refused, no Kafka process listens there. It "
                          "tries again in %3 ms (reconnect.backoff.ms) and sends nothing there meanwhile: waiting "
                          "costs its batches no retries.")
                           .arg(producerName(e.node))
                           .arg(e.peer)
                           .arg(e.value));
    default:
        break;
    }
    return Phrase();
}

} // namespace hw
