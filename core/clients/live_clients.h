// SPDX-License-Identifier: MIT
#pragma once

#include "sim/component.h"

#include <optional>

/// Real Kafka clients in live mode (highwater-cli serve, issue #15). A real client's connection is a
/// node of the simulation: each request it sends arrives as a LiveClientAction (decoded by the wire
/// codec, stamped with the simulated time it arrived) and becomes the message a simulated producer or
/// consumer would send. It travels the link to the broker and is answered by the code that answers
/// them (ReplicaManager, DelayedOperations, ProducerIdManager); the answer, delivered back at the
/// client's node, leaves through the LiveClientSink to the socket. The engine never sees a socket,
/// and a run without a sink (a recorded session replayed by `highwater-cli run`) makes the same frames.
/// Follows no Kafka client code (the client is real); the request kinds are KafkaApis' handleProduceRequest,
/// handleFetchRequest, handleListOffsetRequest, handleTopicMetadataRequest, handleInitProducerIdRequest and
/// handleCreateTopicsRequest (forwarded to the controller).
namespace hw {

/// Where a live client's answers go: the server that owns the sockets. Called once per answer, when
/// the simulation delivers it to the client's node.
class LiveClientSink {
public:
    virtual ~LiveClientSink() = default;
    virtual void answer(std::int32_t client, const Message& message) = 0;
};

class LiveClients : public Component {
public:
    using Component::Component;

    ApplyResult apply(const LiveClientAction& action);
    std::optional<Event> handleAnswer(const Message& message);

    /// Not state: the copy of an Engine (a snapshot being rebuilt, a replay) has no sink, so only the
    /// head of a live run writes to sockets.
    void setSink(LiveClientSink* sink) { m_sink = sink; }

private:
    ApplyResult connect(const LiveClientAction& action);
    ApplyResult request(const LiveClientAction& action);

    LiveClientSink* m_sink = nullptr;
};

/// A LiveRequest's kind as a number (the LiveRequestSent event's detail): 0 produce, 1 fetch,
/// 2 list offsets, 3 metadata, 4 init producer id, 5 find coordinator, 6 a group request, 7 create topics.
std::string_view liveRequestName(std::int32_t kind);

/// The Kafka name of a LiveRequestSent or LiveResponseReceived event's request: liveRequestName, except
/// that a group request is named by its kind (value: GroupRequestKind), "JoinGroup", "SyncGroup", ...
std::string_view liveRequestLabel(const Event& e);

} // namespace hw
