// SPDX-License-Identifier: MIT
#pragma once

#include "model/ids.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hw {

/// What made a frame. The engine emits these as numbers; the dump and the GUI turn them into words.
enum class EventType : std::uint8_t {
    ClusterCreated,
    ProduceSent,             // node: producer; partition; count; value: batch
    ProduceAppended,         // node: leader; peer: producer; offset: base; count; hw before/after
    ProduceRejected,         // node: leader; peer: producer; error
    ProduceAcked,            // node: producer; offset: base; count; value: batch
    ProduceFailed,           // node: producer; error; count; value: batch
    ProduceTimedOut,         // node: leader; peer: producer; value: batch
    FetchSent,               // node: follower; peer: leader; offset: fetch offset
    FetchHandled,            // node: leader; peer: follower; offset; count; hw before/after; flags
    FetchCompleted,          // node: leader; peer: follower; a parked fetch answered; count; hw (response)
    FetchApplied,            // node: follower; peer: leader; count; leo; hw before/after (follower's)
    FetchFailed,             // node: follower; peer: leader; error
    IsrShrinkRequested,      // node: leader; isr: proposed; value: partitions asked about
    AlterPartitionCommitted, // node: controller; peer: leader; isr; value: partition epoch
    AlterPartitionRejected,  // node: controller; peer: leader; error
    IsrUpdated,              // node: leader; isr; hw before/after; error (when the change failed)
    HeartbeatSent,           // node: broker
    HeartbeatHandled,        // node: controller; peer: broker
    ClockAdvanced,           // value: milliseconds advanced
    ConfigChanged,           // text: key; value / flag; completed: partitions whose ELR a min ISR change cleared
    LatencyChanged,          // node: broker; value: latency (ms), -1 for the default
    BrokerKilled,            // node: broker
    BrokerRestarted,         // node: broker; count: records lost from unflushed log tails
    BrokerIsolated,          // node: broker
    BrokerHealed,            // node: broker
    ShutdownRequested,       // node: broker (asks the controller for a controlled shutdown)
    BrokerShutDown,          // node: broker (stopped after the controller moved its leaderships)
    BrokerFenced,            // node: controller; peer: broker; count: partitions changed; partition: first; flags
    BrokerUnfenced,          // node: controller; peer: broker; count: partitions that got a leader
    BrokerRegistered,        // node: controller; peer: restarted broker; count: partitions it left the ISR of
    ControlledShutdown,      // node: controller; peer: broker; count: partitions whose leadership moved
    LeaderElected,           // node: controller; partition; peer: new leader (-1 offline); value: leader epoch; flags
    BecameLeader,            // node: broker; partition; value: epoch; offset: epoch start; hw after: its HW
    BecameFollower,          // node: broker; partition; peer: leader (-1 none); value: epoch; count: truncated
    IsrChangedByController,  // node: broker; partition; isr: the new ISR the leader learned from metadata
    LogTruncated,            // node: follower; partition; offset: new LEO; count: removed; value: epoch; flags
    MetadataUpdated,         // node: producer; peer: broker; count: leaders that changed; error
    ConsumerStarted,         // node: consumer
    ConsumerStopped,         // node: consumer; detail: 0 left its group, 1 crashed
    CoordinatorFound,        // node: consumer; peer: coordinator broker (-1 none); error
    GroupRequestSent,        // node: consumer; peer: coordinator; detail: GroupRequestKind; count: partitions/offsets
    GroupRequestHandled,     // node: coordinator; peer: consumer; value: group; detail: kind; error; flags
    GroupResponseApplied,    // node: consumer; peer: coordinator; value: group; detail: kind; error; count, offset
    JoinCompleted,           // node: coordinator; value: group; count: members (the join phase ended on its timer)
    MemberEvicted,           // node: coordinator; value: group; peer: consumer (session timeout)
    PositionSet,             // node: consumer; partition; offset: new position; detail: 0 committed, 1 reset, 2 seek
    ConsumerFetchSent,       // node: consumer; peer: leader; partition; offset
    ConsumerFetchHandled,    // node: leader; peer: consumer; partition; offset; count; hwBefore (read under); flags
    RecordsReceived,         // node: consumer; peer: leader; partition; offset: first; count; value: HW read under; error
    RegistrationRefused,     // node: controller; peer: broker; error: DuplicateBrokerRegistration
    UncleanScan,             // node: controller; count: partitions elected; partition: first; peer: its leader; flags
    ProduceBatched,          // node: producer; partition; count: records added; value: batch (waits for linger.ms, a producer id or a free in-flight slot)
    ProducerIdAllocated,     // node: broker; peer: producer; value: producer id (InitProducerId answered)
    ProducerIdReceived,      // node: producer; peer: broker; value: producer id; detail: epoch; error
    DuplicateBatch,          // node: leader; peer: producer; partition; offset: the original first offset; count; value: batch (a live client's: producer id); detail: first sequence
    ProducerIdRequested,     // node: producer; peer: broker (InitProducerId sent again after a failure and the backoff)
    LiveClientConnected,     // node: broker; peer: live client
    LiveClientDisconnected,  // node: broker; peer: live client
    LiveRequestSent,         // node: live client; peer: broker; detail: LiveRequest index; partition; offset; count: records
    LiveResponseReceived,    // node: live client; peer: broker; detail: LiveRequest index; partition; offset; count; value: HW; error
    RealObserved,            // a real Kafka cluster observed (highwater-cli real, realkafka/): value: the step's index in the scenario's steps; text: what the step did; detail: 1 quiescent, 0 changed
    ProducerConnection,      // node: producer; peer: broker; error: None connected, NETWORK_EXCEPTION refused, REQUEST_TIMED_OUT setup timed out (detail: ms); value: reconnect backoff
    BrokerPoweredOff,        // node: broker (its host is down: silent, unlike BrokerKilled)
    LeaderRebalance,         // node: controller; count: partitions whose leadership moved back to the preferred replica; partition: first; peer: its new leader; value: its previous leader; detail: its new leader epoch
    SegmentsDeleted,         // node: broker; partition: the first whose log lost segments; count: segments deleted on the broker; value: partitions; offset: the first partition's new log start; detail: SegmentDeletionReason of its last deletion
    TopicCreated,            // node: controller; peer: the broker that forwarded a live client's request (-1: a create_topic step); value: the first topic created (-1: none); count: topics created; completed: topics refused; error: the first refusal's; detail: 1 auto-created by a Metadata request, 2 validate_only; text: the first topic's name
    // A poll of a real cluster that changed what a frame shows (issue 29, model/observed_state.h). Brokers
    // in the masks are model ids (the frame writes the real ones). detail: 1 the first poll (frame 0), 0 a
    // later one. A later poll: count: partitions whose LEO moved (any replica's); completed: whose HW moved;
    // attempt: whose ISR changed; value: whose leader changed; offset: whose health changed; isr: brokers
    // that went down (fenced, gone or not answering); leo: brokers that came up (a mask too); hwBefore:
    // topics added; hwAfter: topics removed; peer: groups changed, added or removed. The first poll:
    // count: partitions; attempt: topics; value: brokers; peer: groups.
    ObservedPoll,
};

inline constexpr int eventTypeCount = static_cast<int>(EventType::ObservedPoll) + 1;

/// Bits in Event::flags.
enum EventFlag : std::uint32_t {
    HwAdvanced = 1u << 0,         // the leader's high watermark moved (hwBefore -> hwAfter)
    IsrExpandRequested = 1u << 1, // the leader sent AlterPartition to add the fetching follower
    ProducesCompleted = 1u << 2,  // waiting acks=all produces were answered (count in `completed`)
    Parked = 1u << 3,             // an empty fetch was parked
    FetchesCompleted = 1u << 4,   // parked fetches were answered because data arrived
    Unclean = 1u << 5,            // an unclean election: a replica outside the ISR became leader
    Preferred = 1u << 6,          // a preferred-leader election
    Retrying = 1u << 7,           // the producer will send the batch again
    Legacy = 1u << 8,             // truncation to the high watermark (Kafka before 0.11)
    Offline = 1u << 9,            // a partition was left without a leader
    Diverging = 1u << 10,         // the leader told a follower where its log diverges (KIP-279)
    RebalanceStarted = 1u << 11,  // the group went to PreparingRebalance
    GenerationCompleted = 1u << 12, // a join phase ended: a new generation (value2 in `completed`)
    GroupStable = 1u << 13,       // the group became Stable (assignments handed out)
    Rejoining = 1u << 14,         // the consumer joins again (rebalance announced, or cooperative second round)
    FromElr = 1u << 15,           // a clean election of an Eligible Leader Replica (the ISR was empty)
    LastKnownLeader = 1u << 16,   // the last known leader was elected (KIP-966): unclean, RECOVERING
    Duplicate = 1u << 17,         // the leader answered the batch as one it already had (idempotent producer)
    EpochBumped = 1u << 18,       // the idempotent producer bumped its epoch; the partition's sequences restart at 0
    Disconnected = 1u << 19,      // a request timed out: the producer closed the connection and asked for metadata
    FromLiveClient = 1u << 20,    // the event's peer is a live client (a real client's request), not a producer or consumer
    PollTimeout = 1u << 21,       // a LeaveGroup sent because the application did not poll within max.poll.interval.ms
    BelowLogStart = 1u << 22,     // a follower's log ended below its leader's log start: it started again there, empty
};

/// One frame's cause, as plain fields. Which fields mean something depends on the type (see above).
struct Event {
    EventType type = EventType::ClusterCreated;
    std::int32_t node = -1;
    std::int32_t peer = -1;
    std::int32_t partition = -1; // index into ClusterState::partitions
    Offset offset = -1;
    std::int64_t count = 0;
    Offset hwBefore = -1;
    Offset hwAfter = -1;
    Offset leo = -1;
    ErrorCode error = ErrorCode::None;
    std::uint32_t isr = 0; // bit b-1 set for broker b
    std::uint32_t flags = 0;
    std::int32_t completed = 0;
    std::int32_t attempt = 0; // which send of a producer batch (1 = first)
    std::int32_t detail = 0;  // a sub-kind (group request kind, why a position was set, ...)
    std::int64_t value = 0;
    std::string text;

    /// An event of `type` at `node` about `peer` and `partition`, the fields most events set first.
    static Event at(EventType type, std::int32_t node, std::int32_t peer = -1, std::int32_t partition = -1)
    {
        Event e;
        e.type = type;
        e.node = node;
        e.peer = peer;
        e.partition = partition;
        return e;
    }

    bool has(EventFlag flag) const { return (flags & flag) != 0; }
    friend bool operator==(const Event&, const Event&) = default;
};

std::string_view eventTypeName(EventType type);

/// JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit, OffsetFetch (GroupRequestKind as int).
std::string_view groupRequestName(std::int32_t kind);

std::uint32_t brokerMask(const std::vector<BrokerId>& brokers);
std::vector<BrokerId> brokersInMask(std::uint32_t mask);

} // namespace hw
