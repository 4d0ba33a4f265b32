// SPDX-License-Identifier: MIT
#pragma once

#include "sim/component.h"

#include <cstdint>
#include <optional>

/// The producer client (Kafka's clients/.../producer/KafkaProducer.java, internals/Sender.java and
/// BuiltInPartitioner.java): choosing a partition, sending batches, retries with backoff, delivery and
/// request timeouts, and the metadata it keeps about leaders.
namespace hw {

class Sender : private Component {
public:
    using Component::Component;

    ApplyResult produce(const ProduceAction& action);
    std::optional<Event> producerTick(std::int32_t producer);
    std::optional<Event> handleProduceResponse(const Message& message, const ProduceResponse& response);
    std::optional<Event> handleMetadataResponse(const Message& message, const MetadataResponse& response);
    std::optional<Event> producerTimer(std::int32_t producer);

private:
    bool isRetriable(ErrorCode error) const;
    void sendBatch(std::int32_t producer, std::int64_t batchIndex, ProducerBatch& batch);
    void requestMetadata(std::int32_t producer);
    void armProducerTimer(std::int32_t producer, TimeMs atMs);
    void rearmProducerTimer(std::int32_t producer);

};

} // namespace hw
