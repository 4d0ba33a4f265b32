// SPDX-License-Identifier: MIT
#pragma once

#include "groups/group_coordinator.h"
#include "sim/component.h"

#include <cstdint>
#include <optional>
#include <vector>

/// The consumer client (Kafka's clients/.../consumer/KafkaConsumer.java with internals/ConsumerCoordinator.java,
/// AbstractCoordinator.java, Fetcher.java and SubscriptionState.java): finding the coordinator, the
/// client side of the group protocol, positions, auto.offset.reset, fetches and commits.
namespace hw {

/// The methods are spread over three files by what they model: consumer.cpp (the application's
/// actions, start and stop, timers), consumer_coordinator.cpp (AbstractCoordinator and
/// ConsumerCoordinator) and consumer_fetcher.cpp (positions, ListOffsets, fetches and polls).
class ConsumerClient : private Component {
public:
    ConsumerClient(ClusterState& state, Network& net, GroupCoordinator& groups);

    static Consumer makeConsumer(const ConsumerSpec& spec, const ClusterState& state);
    void startConsumer(std::int32_t consumer);
    std::optional<Event> handleFindCoordinatorResponse(const Message& message, const FindCoordinatorResponse& response);
    ApplyResult consumerAction(const ConsumerAction& action);
    std::optional<Event> handleGroupResponse(const Message& message, const GroupResponse& response);
    std::optional<Event> handleListOffsetsResponse(const Message& message, const ListOffsetsResponse& response);
    std::optional<Event> handleConsumerFetchResponse(const Message& message, const FetchResponse& response);
    std::optional<Event> consumerTimer(std::int32_t consumer);
    /// The heartbeat, auto-commit and poll timers of a consumer (stale ones, from before it stopped or
    /// restarted, are dropped).
    std::optional<Event> consumerLoopTimer(const Timer& timer);

private:
    ApplyResult addConsumer(const ConsumerSpec& spec);
    TimeMs consumerBackoffMs(std::int32_t failures) const;
    void findCoordinator(std::int32_t consumer);
    void markCoordinatorUnknown(std::int32_t consumer);
    /// Asks for a metadata refresh; it is sent when none is in flight and the backoff has passed.
    void refreshConsumerMetadata(std::int32_t consumer);
    void sendConsumerMetadata(std::int32_t consumer);
    void sendGroupRequest(std::int32_t consumer, GroupRequest request);
    void sendJoin(std::int32_t consumer);
    void commitOwned(std::int32_t consumer, bool onlyIfAuto);
    void loseMembership(std::int32_t consumer);
    void assignPartitionsTo(std::int32_t consumer, const std::vector<std::int32_t>& partitions);
    void lookUpPositions(std::int32_t consumer);
    void resetPosition(std::int32_t consumer, OwnedPartition& owned);
    void fetchForConsumer(std::int32_t consumer);
    std::optional<Event> consumerPoll(std::int32_t consumer, std::int32_t epoch);
    std::optional<Event> consumerHeartbeat(std::int32_t consumer);
    bool pollTimerExpired(const Consumer& consumer) const;
    void rejoinAfterPollTimeout(std::int32_t consumer);
    std::optional<Event> consumerAutoCommit(std::int32_t consumer);
    void armConsumerTimer(std::int32_t consumer, TimeMs atMs);
    void rearmConsumerTimer(std::int32_t consumer);

    GroupCoordinator& m_groups;
};

} // namespace hw
