// SPDX-License-Identifier: MIT
#pragma once

#include "sim/component.h"

#include <optional>

/// Producer ids for idempotent producers (Kafka's coordinator/transaction/ProducerIdManager.scala,
/// RPCProducerIdManager, and the controller's ProducerIdControlManager): a broker hands out ids from a
/// block of 1000 the controller gave it, and answers InitProducerId with the next id and epoch 0.
namespace hw {

/// ProducerIdsBlock.PRODUCER_ID_BLOCK_SIZE.
inline constexpr std::int64_t producerIdBlockSize = 1000;

class ProducerIdManager : private Component {
public:
    using Component::Component;

    /// KafkaApis.handleInitProducerIdRequest without a transactional id: generateProducerId.
    std::optional<Event> handleInitProducerIdRequest(const Message& message, const InitProducerIdRequest& request);
};

} // namespace hw
