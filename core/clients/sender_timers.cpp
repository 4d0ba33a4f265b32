// SPDX-License-Identifier: MIT
// The Sender's timer: one per producer, armed for the earliest of what it waits for (a request's
// deadline, a batch's delivery.timeout.ms, linger.ms or a retry backoff, a closed connection's
// reconnect, the producer id and metadata requests); and what it does when it fires, one thing per
// frame: a producer id or metadata request that was never answered, a request that timed out (which
// closes the connection and fails every request in flight on it), an expired batch, or the next send.
#include "clients/sender.h"

#include "clients/producer_config.h"
#include "clients/record_accumulator.h"
#include "clients/sender_internal.h"

#include <algorithm>
#include <vector>

namespace hw {

using namespace sender_internal;

void Sender::armProducerTimer(std::int32_t producerIndex, TimeMs atMs)
{
    m_net.armEarliest(m_state.producers[static_cast<std::size_t>(producerIndex)].timerMs, atMs,
        Timer{TimerKind::ProducerTimer, producerIndex, -1});
}

void Sender::rearmProducerTimer(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    while (producer.firstOpenBatch < static_cast<std::int64_t>(producer.batches.size())) {
        const SendStatus status = producer.batches[static_cast<std::size_t>(producer.firstOpenBatch)].status;
        if (status != SendStatus::Acked && status != SendStatus::Failed)
            break;
        ++producer.firstOpenBatch;
    }
    advanceLingerFrom(producer.queues, producer.batches, m_state.nowMs);
    const BatchQueues& queues = producer.queues;
    const TimeMs deliveryTimeout = producerDeliveryTimeoutMs(producer.settings, m_state.config);
    TimeMs earliest = -1;
    auto consider = [&](TimeMs due) {
        if (due >= 0 && (earliest < 0 || due < earliest))
            earliest = due;
    };
    auto batchAt = [&](std::int64_t index) -> const ProducerBatch& {
        return producer.batches[static_cast<std::size_t>(index)];
    };
    for (const InFlightBatch& f : queues.inFlight)
        consider(f.deadlineMs);
    // A waiting batch expires at delivery.timeout.ms even if its retry is later. Batches are created in
    // time order, so the oldest waiting batch expires first.
    if (const std::int64_t oldest = firstPendingBatch(queues); oldest >= 0)
        consider(batchAt(oldest).createdMs + deliveryTimeout);
    auto blockedUntil = [&](std::int32_t partition) -> TimeMs {
        const BrokerId leader = producer.leaders[static_cast<std::size_t>(partition)];
        if (leader == noLeader)
            return -1;
        const TimeMs until = connectionDelayUntil(producer, leader);
        return until > m_state.nowMs ? until : (until >= 0 ? m_state.nowMs : -1);
    };
    // When a waiting batch may go: after its retry backoff or linger.ms, and not before its leader's
    // connection is ready or may connect (the end of its reconnect backoff, a connect's answer or setup
    // timeout). A batch ready now that waits for something else (a slot, the batches before it, a
    // producer id) is looked at again when that answer comes.
    auto considerReady = [&](const ProducerBatch& batch) {
        const TimeMs ready = std::max(batch.sent ? batch.retryAtMs : batch.readyAtMs, blockedUntil(batch.partition));
        if (ready > m_state.nowMs)
            consider(ready);
    };
    for (const WaitingBatch& w : queues.retrying)
        considerReady(batchAt(w.batch));
    producer.batches.forEach(static_cast<std::size_t>(queues.lingerFrom), producer.batches.size(),
                             [&](std::size_t, const ProducerBatch& batch) {
                                 if (isUnsentPending(batch))
                                     considerReady(batch);
                             });
    // The never-sent batches before lingerFrom are ready; those of a partition whose leader's
    // connection is closed wait for it.
    for (const WaitingBatch& w : queues.heads) {
        if (w.batch >= queues.lingerFrom)
            break;
        consider(blockedUntil(w.partition));
    }
    // A connect settles when the broker answers it or its setup timeout passes, whether or not a
    // batch still waits for it.
    for (std::size_t b = 0; b < producer.connections.size(); ++b) {
        if (producer.connections[b].state == ConnectionState::Connecting)
            consider(connectionDelayUntil(producer, static_cast<BrokerId>(b + 1)));
    }
    if (nextSendable(producerIndex) >= 0)
        consider(m_state.nowMs);
    if (producer.metadataInFlight)
        consider(producer.metadataDeadlineMs);
    if (producer.initInFlight)
        consider(producer.initDeadlineMs);
    else if (producer.initRetryAtMs >= 0)
        consider(producer.initRetryAtMs);
    if (earliest >= 0)
        armProducerTimer(producerIndex, std::max(earliest, m_state.nowMs));
}

std::optional<Event> Sender::producerTimer(std::int32_t producerIndex)
{
    Producer& producer = m_state.producers[static_cast<std::size_t>(producerIndex)];
    if (producer.timerMs != m_state.nowMs)
        return std::nullopt;
    producer.timerMs = -1;
    if (producer.initInFlight && producer.initDeadlineMs >= 0 && producer.initDeadlineMs <= m_state.nowMs) {
        // The broker asked for a producer id never answered: ask the next one.
        const BrokerId silent = producer.initBroker;
        requestProducerId(producerIndex);
        rearmProducerTimer(producerIndex);
        Event e = Event::at(EventType::ProducerIdReceived, producerIndex, silent);
        e.error = ErrorCode::RequestTimedOut;
        e.value = -1;
        return e;
    }
    if (!producer.initInFlight && producer.initRetryAtMs >= 0 && producer.initRetryAtMs <= m_state.nowMs) {
        producer.initRetryAtMs = -1;
        requestProducerId(producerIndex);
        rearmProducerTimer(producerIndex);
        Event e = Event::at(EventType::ProducerIdRequested, producerIndex, producer.initBroker);
        return e;
    }
    if (producer.metadataInFlight && producer.metadataDeadlineMs >= 0 && producer.metadataDeadlineMs <= m_state.nowMs) {
        // The broker asked for metadata never answered (it is cut off): ask the next one.
        producer.metadataInFlight = false;
        producer.metadataDeadlineMs = -1;
        requestMetadata(producerIndex);
        rearmProducerTimer(producerIndex);
        Event e = Event::at(EventType::MetadataUpdated, producerIndex);
        e.error = ErrorCode::RequestTimedOut;
        return e;
    }
    const TimeMs deliveryTimeout = producerDeliveryTimeoutMs(producer.settings, m_state.config);
    // A request that timed out, or a waiting batch that expired: one per frame, the oldest first. The
    // oldest waiting batch expires first (batches are created in time order).
    const BatchQueues& queues = producer.queues;
    std::int64_t due = firstPendingBatch(queues);
    if (due >= 0 && producer.batches[static_cast<std::size_t>(due)].createdMs + deliveryTimeout > m_state.nowMs)
        due = -1;
    for (const InFlightBatch& f : queues.inFlight) {
        if (due >= 0 && f.batch > due)
            break;
        if (f.deadlineMs >= 0 && f.deadlineMs <= m_state.nowMs) {
            due = f.batch;
            break;
        }
    }
    if (due >= 0) {
        ProducerBatch& batch = producer.batches.mutableAt(static_cast<std::size_t>(due));
        if (batch.status == SendStatus::InFlight) {
            // The client's own request.timeout.ms: no answer came. NetworkClient.handleTimedOutRequests
            // closes the connection, which fails every request in flight on it, and asks for fresh
            // metadata from another broker; the broker is connected to again after reconnect.backoff.ms.
            const BrokerId broker = batch.sentTo;
            if (isReady(producer, broker))
                disconnect(producer, broker);
            std::vector<std::int64_t> others;
            for (const InFlightBatch& f : queues.inFlight) {
                if (f.batch != due && f.broker == broker)
                    others.push_back(f.batch);
            }
            requestMetadata(producerIndex);
            ProduceResponse timeout{due, batch.attempt, batch.partition, ErrorCode::RequestTimedOut, -1};
            Message fake{NodeRef::broker(broker), NodeRef::producer(producerIndex), m_state.nowMs, timeout};
            fake.connectionError = true;
            std::optional<Event> e = handleProduceResponse(fake, timeout);
            for (std::int64_t i : others) {
                const ProducerBatch& other = producer.batches[static_cast<std::size_t>(i)];
                ProduceResponse closed{i, other.attempt, other.partition, ErrorCode::RequestTimedOut, -1};
                handleProduceResponse(fake, closed);
            }
            if (e) {
                e->flags |= Disconnected;
                e->completed = static_cast<std::int32_t>(others.size());
            }
            return e;
        }
        const ProducerBatch before = batch;
        failBatch(producerIndex, batch, ErrorCode::DeliveryTimeout);
        requeueBatch(producer.queues, producer.batches, due, before);
        Event e = batchEvent(EventType::ProduceFailed, producerIndex, due, batch);
        e.error = batch.error;
        if (bumpEpochIfRequired(producerIndex))
            e.flags |= EpochBumped;
        rearmProducerTimer(producerIndex);
        return e;
    }
    if (std::optional<Event> settled = advanceConnection(producerIndex)) {
        rearmProducerTimer(producerIndex);
        return settled;
    }
    const std::int64_t next = nextSendable(producerIndex);
    if (next < 0) {
        // Connects start without a frame of their own: the frame comes when the broker answers.
        startConnects(producerIndex);
        rearmProducerTimer(producerIndex);
        return std::nullopt;
    }
    ProducerBatch& batch = producer.batches.mutableAt(static_cast<std::size_t>(next));
    sendBatch(producerIndex, next, batch);
    const Event e = sentEvent(producerIndex, next, batch);
    rearmProducerTimer(producerIndex);
    return e;
}

} // namespace hw
