// SPDX-License-Identifier: MIT
#include "broker/producer_id_manager.h"

namespace hw {

std::optional<Event> ProducerIdManager::handleInitProducerIdRequest(const Message& message,
                                                                    const InitProducerIdRequest& request)
{
    Broker& broker = m_state.broker(message.to.id);
    if (broker.producerIdNext >= broker.producerIdBlockEnd) {
        // The block is used up (or there is none yet): AllocateProducerIds gets the next one from the
        // controller. Kafka's broker asks ahead of time (at 90% of the block) and answers
        // COORDINATOR_LOAD_IN_PROGRESS while it has none; HighWater takes the block at once and does
        // not draw the controller round trip.
        broker.producerIdNext = m_state.controller.nextProducerIdBlock;
        broker.producerIdBlockEnd = broker.producerIdNext + producerIdBlockSize;
        m_state.controller.nextProducerIdBlock = broker.producerIdBlockEnd;
    }
    InitProducerIdResponse response;
    response.producerId = broker.producerIdNext++;
    response.producerEpoch = 0;
    m_net.send(message.to, message.from, response);
    Event e = Event::at(EventType::ProducerIdAllocated, message.to.id, request.producer);
    e.value = response.producerId;
    if (message.from.kind == NodeKind::LiveClient)
        e.flags |= FromLiveClient;
    return e;
}

} // namespace hw
