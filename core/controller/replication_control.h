// SPDX-License-Identifier: MIT
#pragma once

#include "controller/partition_change_builder.h"
#include "sim/component.h"

#include <cstdint>
#include <optional>
#include <vector>

/// The controller's partitions (Kafka's metadata/.../ReplicationControlManager.java): AlterPartition,
/// elections, what fencing, shutdown, registration and unfencing do to ISRs and ELRs, the ElectLeaders
/// API, the unclean election scan, __consumer_offsets leadership, and publishing every change to the
/// brokers. Each change is computed by a PartitionChangeBuilder, as in Kafka.
namespace hw {

/// Who hears of a new __consumer_offsets leader.
class CoordinatorListener {
public:
    virtual ~CoordinatorListener() = default;
    virtual void loadGroups(std::int32_t offsetsPartition) = 0;
};

class ReplicationControl : private Component {
public:
    using Component::Component;

    /// Told when a __consumer_offsets partition gets a new leader (the group coordinator loads its
    /// groups, as BrokerMetadataPublisher calls GroupCoordinator.onElection).
    void setCoordinatorListener(CoordinatorListener* listener) { m_coordinatorListener = listener; }

    std::optional<Event> handleAlterPartitionRequest(const Message& message, const AlterPartitionRequest& request);
    void publish(std::int32_t partition, BrokerId onlyTo = noLeader);
    /// Every partition's registration, then every __consumer_offsets partition's, to one broker: a
    /// broker that registers or is unfenced catches up on the metadata log it missed.
    void publishAllTo(BrokerId broker);

    /// handleBrokerFenced and handleBrokerInControlledShutdown: the broker leaves every ISR it is in
    /// and its leaderships move. Returns the partitions changed; the first one goes into the event.
    int removeBrokerFromPartitions(BrokerId broker, Event& event);
    /// handleBrokerShutdown, run by a new incarnation's registration in 4.0+: as fencing after a clean
    /// stop; after an unclean one (with ELR) it also leaves every ELR.
    int handleBrokerShutdown(BrokerId broker, bool clean, Event& event);
    /// handleBrokerUnfenced: leaderless partitions may now elect the broker.
    int handleBrokerUnfenced(BrokerId broker, Event& event);

    /// The ElectLeaders API (kafka-leader-election.sh): PREFERRED or UNCLEAN, for one partition. UNCLEAN
    /// works in every version, whatever unclean.leader.election.enable says.
    ApplyResult electLeaders(std::int32_t partition, Election election);
    /// The periodic scan (TimerKind::UncleanScan): unclean elections of leaderless partitions when the
    /// config is on (ReplicationControlManager.maybeElectUncleanLeaders, 3.9+).
    std::optional<Event> uncleanScan();
    /// Arms the first scan: 4.0+ runs it every interval from the start; 3.9 after a write that finds
    /// a leaderless partition (call afterWrite after each controller event).
    void startUncleanScans();
    /// The automatic preferred-leader rebalance (TimerKind::LeaderRebalance, auto.leader.rebalance.enable):
    /// a PREFERRED election on every partition whose leader is not its first replica
    /// (ReplicationControlManager.maybeBalancePartitionLeaders). Frames only when a leader moved.
    std::optional<Event> leaderRebalance();
    /// Arms the first rebalance: 4.0+ runs it every leader.imbalance.check.interval.seconds from the
    /// start; 3.x one interval after a write that finds an imbalanced partition (afterWrite).
    void startLeaderRebalances();
    /// After every controller write: the 3.9 unclean scan's and the 3.x rebalance's scheduling.
    void afterWrite();

    /// A create_topic step: createTopics for one topic, at once (as an admin's CreateTopics reaches the
    /// controller). On success the new partitions are published; an error names Kafka's error code.
    ApplyResult createTopicAction(const CreateTopicAction& action);
    /// A CreateTopics request a broker forwarded to the controller (ControllerApis.createTopics ->
    /// ReplicationControlManager.createTopics at 4.2.0-rc1): a live client's, or the broker's own
    /// auto-creation for a Metadata request. Each topic is created or refused in request order, the new
    /// partitions are published, and the results go back to the broker.
    std::optional<Event> handleCreateTopicsRequest(const Message& message, const CreateTopicsRequest& request);

    void refreshOffsetsPartitions();
    /// The `config` step (IncrementalAlterConfigs). It elects nobody by itself; with ELR on, a
    /// min.insync.replicas change clears every ELR and LastKnownElr (ClearElrRecord).
    ApplyResult alterConfig(const ConfigAction& action);

private:
    /// The records of a created topic (TopicRecord, then a PartitionRecord per partition) to every broker.
    void publishTopic(std::int32_t topic);

    enum class Scope : std::uint8_t { BrokerInIsr, BrokerInElr, Leaderless };
    /// generateLeaderAndIsrUpdates: one PartitionChangeBuilder per partition in `scope`.
    int generateLeaderAndIsrUpdates(BrokerId brokerToRemove, BrokerId brokerToAdd, BrokerId brokerWithUncleanShutdown,
        Scope scope, BrokerId scopeBroker, Event& event, int changedBefore);
    PartitionChangeBuilder builderFor(
        const PartitionRegistration& reg, PartitionChangeBuilder::Acceptable acceptable) const;
    bool uncleanConfigOn() const;
    void scheduleLeaderRebalance();
    bool imbalanced() const;
    /// Applies a record to a partition, counts an unclean election, publishes, and describes the
    /// first change of a pass in `first` (when given).
    void apply(std::int32_t partition, const PartitionChangeRecord& record, Event* first);
    int minIsrOf(const PartitionRegistration& reg) const;

    CoordinatorListener* m_coordinatorListener = nullptr;
};

} // namespace hw
