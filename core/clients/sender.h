// SPDX-License-Identifier: MIT
#pragma once

#include "sim/component.h"

#include <cstdint>
#include <optional>

/// The producer client (Kafka's clients/.../producer/KafkaProducer.java, internals/RecordAccumulator.java,
/// Sender.java, TransactionManager.java for an idempotent producer, and BuiltInPartitioner.java):
/// choosing a partition, gathering records into batches for linger.ms, the producer id and sequence
/// numbers of an idempotent producer, at most max.in.flight.requests.per.connection requests in flight
/// to a broker, retries with backoff in the order Kafka keeps, delivery and request timeouts (a timeout
/// closes the connection and asks for fresh metadata), and the metadata it keeps about leaders.
namespace hw {

struct ProduceValues;

class Sender : private Component {
public:
    using Component::Component;

    /// KafkaProducer's constructor starts the sender thread: an idempotent producer asks for its
    /// producer id at once (TransactionManager.bumpIdempotentEpochAndResetIdIfNeeded).
    void start(std::int32_t producer);
    ApplyResult produce(const ProduceAction& action);
    /// The same produce again, its values being the records [first, first + count) of `records`, which
    /// it made the first time (the timeline replays a recorded produce so): the payload store takes
    /// those records, sharing them, instead of making them again.
    ApplyResult produceRecorded(const ProduceAction& action, const PVector<Payload>& records, std::size_t first,
                                std::size_t count);
    std::optional<Event> producerTick(std::int32_t producer);
    std::optional<Event> handleProduceResponse(const Message& message, const ProduceResponse& response);
    std::optional<Event> handleMetadataResponse(const Message& message, const MetadataResponse& response);
    std::optional<Event> handleInitProducerIdResponse(const Message& message, const InitProducerIdResponse& response);
    std::optional<Event> producerTimer(std::int32_t producer);
    /// The broker crashed and its host reset its connections: every producer with a ready
    /// connection to it disconnects and asks for metadata.
    void connectionsReset(BrokerId broker);

private:
    ApplyResult produceValues(const ProduceAction& action, const ProduceValues& values);
    bool isRetriable(ErrorCode error) const;
    std::int64_t nextSendable(std::int32_t producer) const;
    void sendBatch(std::int32_t producer, std::int64_t batchIndex, ProducerBatch& batch);
    void failBatch(std::int32_t producer, ProducerBatch& batch, ErrorCode error);
    void requestEpochBump(std::int32_t producer, std::int32_t partition);
    bool hasSentBatches(const Producer& producer, std::int32_t partition) const;
    void maybeResolveSequences(std::int32_t producer);
    bool bumpEpochIfRequired(std::int32_t producer);
    void requestMetadata(std::int32_t producer);
    void requestProducerId(std::int32_t producer);
    BrokerId leastLoadedBroker(std::int32_t producer, std::int32_t& cursor) const;
    // The connections (sender_connections.cpp).
    BrokerConnection* connection(Producer& producer, BrokerId broker);
    const BrokerConnection* connection(const Producer& producer, BrokerId broker) const;
    bool isReady(const Producer& producer, BrokerId broker) const;
    bool canConnect(const Producer& producer, BrokerId broker) const;
    /// Neither ready nor free to connect: in its reconnect backoff, or connecting.
    bool isBlocked(const Producer& producer, BrokerId broker) const;
    /// When a connection that is not ready may change (-1: it is ready).
    TimeMs connectionDelayUntil(const Producer& producer, BrokerId broker) const;
    void markConnectionReady(Producer& producer, BrokerId broker);
    void disconnect(Producer& producer, BrokerId broker);
    /// A request on the ready connection to `broker` failed with it: disconnect and ask for metadata.
    void connectionLost(std::int32_t producer, BrokerId broker);
    /// Starts a connect to the leader of every ready batch whose connection may connect.
    bool startConnects(std::int32_t producer);
    /// Settles a connect whose answer came or whose setup timed out; the frame says which.
    std::optional<Event> advanceConnection(std::int32_t producer);
    void armProducerTimer(std::int32_t producer, TimeMs atMs);
    void rearmProducerTimer(std::int32_t producer);
};

} // namespace hw
